// RUN: sdy_opt -mlir-print-op-generic %s | FileCheck %s
// With a `<{...}>`, MLIR skips verifyInherentAttrs: a `{...}` entry of an
// inherent attribute that does not convert into the property is lost and
// leaves the property null (no default), without an error. (Outputs are
// mlir-opt-22's.)

func.func @f(%a: i32, %b: f32) {
  // CHECK: %0 = "arith.muli"(%arg0, %arg0) : (i32, i32) -> i32
  %0 = "arith.muli"(%a, %a) <{}> {overflowFlags = 1} : (i32, i32) -> i32
  // CHECK: %1 = "arith.addf"(%arg1, %arg1) {overflowFlags = #arith.fastmath<fast>} : (f32, f32) -> f32
  %1 = "arith.addf"(%b, %b) <{}> {fastmath = 3 : i32, overflowFlags = #arith.fastmath<fast>} : (f32, f32) -> f32
  // CHECK: %2 = "arith.cmpi"(%arg0, %arg0) <{predicate = 1 : i64}> : (i32, i32) -> i1
  %2 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> {predicate = "x"} : (i32, i32) -> i1
  // CHECK: %3 = "arith.muli"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  %3 = "arith.muli"(%a, %a) <{}> : (i32, i32) -> i32
  return
}

// RUN: sdy_opt --allow-unregistered-dialect -mlir-print-op-generic %s | FileCheck %s
// A registered op's generic form with the same name in `<{...}>` and in
// `{...}`: MLIR reads the dictionary first and then sets the properties
// from `<{...}>`, so the `<{...}>` value wins; `<{...}>` entries that are no
// property of the op are dropped, whatever `{...}` holds. An unregistered
// op keeps both as written. (Outputs are mlir-opt-22's.)

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "g"}>
// CHECK: }) {bar = 3 : i64, foo = 2 : i64} : () -> ()
"func.func"() <{function_type = () -> (), sym_name = "g", foo = 1}> ({
  "func.return"() : () -> ()
}) {sym_name = "h", foo = 2, bar = 3} : () -> ()

func.func @f(%a: i32, %b: f32) -> i32 {
  // CHECK: %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  %0 = "arith.constant"() <{value = 1 : i32}> {value = 2 : i32} : () -> i32
  // CHECK: %1 = "arith.addi"(%0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %1 = "arith.addi"(%0, %a) <{overflowFlags = #arith.overflow<nsw>}> {overflowFlags = #arith.overflow<nuw>} : (i32, i32) -> i32
  // CHECK: %2 = "arith.constant"() <{value = 3 : i32}> {foo = 4 : i64} : () -> i32
  %2 = "arith.constant"() <{value = 3 : i32, foo = 3}> {foo = 4} : () -> i32
  // CHECK: %3 = "arith.constant"() <{value = 5 : i32}> : () -> i32
  %3 = "arith.constant"() <{value = 5 : i32, foo = 3}> : () -> i32
  // CHECK: %4 = "arith.constant"() <{value = 6 : i32}> {foo = 3 : i64} : () -> i32
  %4 = "arith.constant"() <{value = 6 : i32, foo = 3}> {foo = 3} : () -> i32
  // CHECK: %5 = "arith.addi"(%2, %3) <{overflowFlags = #arith.overflow<nsw>}> {foo = 7 : i64} : (i32, i32) -> i32
  %5 = "arith.addi"(%2, %3) <{overflowFlags = #arith.overflow<nsw>, foo = 7}> {foo = 7} : (i32, i32) -> i32
  // CHECK: %6 = "arith.addi"(%4, %5) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %6 = "arith.addi"(%4, %5) <{overflowFlags = #arith.overflow<nsw>, foo = 7}> : (i32, i32) -> i32
  // CHECK: %7 = "arith.addf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %7 = "arith.addf"(%b, %b) <{fastmath = #arith.fastmath<fast>}> {fastmath = #arith.fastmath<nnan>} : (f32, f32) -> f32
  // CHECK: %8 = "arith.cmpi"(%arg0, %arg0) <{predicate = 2 : i64}> : (i32, i32) -> i1
  %8 = "arith.cmpi"(%a, %a) <{predicate = 2 : i64}> {predicate = 3 : i64} : (i32, i32) -> i1
  // CHECK: %9 = "foo.bar"(%6) <{value = 1 : i32}> {value = 2 : i32} : (i32) -> i32
  %9 = "foo.bar"(%6) <{value = 1 : i32}> {value = 2 : i32} : (i32) -> i32
  // a `{...}` value of the wrong kind is overwritten before any check sees it
  // CHECK: %10 = "arith.constant"() <{value = 7 : i32}> : () -> i32
  %10 = "arith.constant"() <{value = 7 : i32}> {value = "s"} : () -> i32
  // CHECK: %11 = "arith.addi"(%0, %10) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
  %11 = "arith.addi"(%0, %10) <{overflowFlags = #arith.overflow<nsw>}> {overflowFlags = 3 : i32} : (i32, i32) -> i32
  "func.return"(%1) : (i32) -> ()
}

// RUN: sdy_opt -mlir-print-op-generic %s | FileCheck %s
// Next to a `<{...}>`, an inherent attribute of the wrong kind in `{...}`
// is cast to null as MLIR sets it (setInherentAttr), so the op does not
// keep it, nor takes its default (generic_props_kind_error.mlir has the
// case without one). A string with a type is a StrAttr too.
// (Outputs are mlir-opt-22's.)

// CHECK: "func.func"() <{function_type = () -> (), sym_name = "h" : i32}>
"func.func"() <{function_type = () -> (), sym_name = "h" : i32}> ({
  "func.return"() : () -> ()
}) {sym_visibility = 3} : () -> ()

func.func private @g(i32) -> i32
func.func @f(%a: i32, %b: i32) -> i32 {
  // CHECK: "func.call"(%arg0) <{callee = @g}> {foo = 1 : i64} : (i32) -> i32
  %0 = "func.call"(%a) <{callee = @g}> {no_inline = 3, foo = 1} : (i32) -> i32
  // CHECK: "func.call"(%arg0) <{callee = @g, no_inline}> : (i32) -> i32
  %1 = "func.call"(%a) <{callee = @g}> {no_inline} : (i32) -> i32
  // CHECK: "arith.addi"(%arg0, %arg1) : (i32, i32) -> i32
  %2 = "arith.addi"(%a, %b) <{}> {overflowFlags = "wrong"} : (i32, i32) -> i32
  return %0 : i32
}

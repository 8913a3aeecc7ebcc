// RUN: not sdy_opt %s 2>&1 | FileCheck %s

// A func.func whose function_type is of another kind (here a unit
// attribute): its body is checked as it is parsed, before the function's own
// checks, so func.return must not read the function type as one. The error is
// the function's own, reported as MLIR does while setting the properties once
// the op is read (mlir-opt-22's message).

// CHECK: error: invalid properties {function_type, sym_name = "f"} for op func.func: Invalid attribute `function_type` in property conversion: unit
// CHECK-NOT: error
"builtin.module"() ({
  "func.func"() <{function_type, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// RUN: not sdy_opt %s 2>&1 | FileCheck %s

// A func.func whose function_type is of another kind (here a unit
// attribute): its body is checked as it is parsed, before the function's own
// checks, so func.return must not read the function type as one. The error is
// the function's own. (MLIR reports it while parsing the properties: "invalid
// properties ... Invalid attribute `function_type` in property conversion:
// unit"; sharc's verifier gives the ODS constraint's text.)

// CHECK: error: 'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type
// CHECK-NOT: error
"builtin.module"() ({
  "func.func"() <{function_type, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

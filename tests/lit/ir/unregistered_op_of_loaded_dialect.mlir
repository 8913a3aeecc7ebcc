// RUN: sdy_opt -allow-unregistered-dialect -split-input-file -verify-diagnostics %s
// RUN: not sdy_opt -allow-unregistered-dialect %s -split-input-file 2>&1 | FileCheck %s

// -allow-unregistered-dialect allows ops of dialects the tool does not load;
// an unknown op of a loaded dialect that allows none (func, stablehlo, sdy)
// is MLIR's verifier error on leaving the op. Shardy's sdy_opt leaves chlo
// and mhlo unregistered, so their unknown ops stay allowed (they were all
// accepted before).

// CHECK: error: unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations
// CHECK: note: see current operation: %0 = "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
func.func @stablehlo_op(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations}}
  %0 = "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: error: unregistered operation 'func.not_an_op' found in dialect ('func') that does not allow unknown operations
func.func @func_op() {
  // expected-error @below {{unregistered operation 'func.not_an_op' found in dialect ('func') that does not allow unknown operations}}
  "func.not_an_op"() : () -> ()
  return
}

// -----

// CHECK: error: unregistered operation 'sdy.not_an_op' found in dialect ('sdy') that does not allow unknown operations
func.func @sdy_op() {
  // expected-error @below {{unregistered operation 'sdy.not_an_op' found in dialect ('sdy') that does not allow unknown operations}}
  "sdy.not_an_op"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func.func @allowed
// CHECK-NEXT: "mhlo.not_an_op"() : () -> ()
// CHECK-NEXT: "chlo.not_an_op"() : () -> ()
// CHECK-NEXT: "other.op"() : () -> ()
func.func @allowed() {
  "mhlo.not_an_op"() : () -> ()
  "chlo.not_an_op"() : () -> ()
  "other.op"() : () -> ()
  return
}

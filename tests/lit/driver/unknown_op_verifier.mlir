// RUN: not stablehlo-opt -split-input-file %s 2>&1 >/dev/null | FileCheck %s
// RUN: not sdy_opt -split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SDY

// Without -allow-unregistered-dialect an unknown op of a registered dialect
// is parsed all the same: MLIR's verifier reports it on leaving the op, at
// the op, with the op printed; a parse error later in the file comes first
// (alone), and an earlier verifier error in another function before it.

// CHECK: :[[@LINE+6]]:8: error: unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations
// CHECK-NEXT: "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// SDY: :[[@LINE+4]]:8: error: unregistered operation 'stablehlo.not_an_op' found in dialect ('stablehlo') that does not allow unknown operations
// SDY: :[[@LINE+3]]:8: note: see current operation: %0 = "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: :[[@LINE+2]]:8: note: see current operation: %0 = "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
func.func @unknown(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.not_an_op"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-NOT: not_an_op
// CHECK: :[[@LINE+5]]:18: error: expected ')' to end operand list
// SDY-NOT: not_an_op
// SDY: :[[@LINE+3]]:18: error: expected ')' to end operand list
func.func @parse_error_later() {
  "func.not_an_op"() : () -> ()
  "func.other"(%x : () -> ()
  return
}

// -----

// CHECK: :[[@LINE+3]]:3: error: 'func.return' op has 0 operands, but enclosing function (@verifier_error_first) returns 1
// CHECK: :[[@LINE+5]]:3: error: unregistered operation 'func.not_an_op' found in dialect ('func') that does not allow unknown operations
func.func @verifier_error_first() -> i32 {
  return
}
func.func @then_unknown() {
  "func.not_an_op"() : () -> ()
  return
}

// -----

// A name without a dot that names a registered dialect parses (MLIR loads
// the dialect) but has no dialect: the verifier's error.
// CHECK: :[[@LINE+3]]:3: error: 'func' op created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used
// SDY: :[[@LINE+2]]:3: error: 'func' op created with unregistered dialect.
func.func @no_dot() {
  "func"() : () -> ()
  return
}

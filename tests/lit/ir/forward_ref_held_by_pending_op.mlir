// RUN: not stablehlo-opt -allow-unregistered-dialect %s -split-input-file 2>&1 | FileCheck %s

// A custom op's parser resolves its operands before parsing its regions: a
// forward reference it holds cannot be resolved by a definition inside those
// regions (mlir-opt-22 gives the same error at that use, also when the name
// was used before by an op already parsed). The placeholder once became the
// op's operand and was read after the parser freed it.

// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+2]]:31: error: use of undeclared SSA value name
func.func @while_operand_defined_in_body(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0:2 = stablehlo.while(%i = %c1, %v = %arg0) : tensor<i64>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    stablehlo.return %c1, %v : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

// -----

// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+3]]:31: error: use of undeclared SSA value name
func.func @used_before_too(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  "test.use"(%c1) : (tensor<i64>) -> ()
  %0:2 = stablehlo.while(%i = %c1, %v = %arg0) : tensor<i64>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    stablehlo.return %c1, %v : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

// -----

// A forward reference of an op already parsed still resolves (and fails
// dominance, as in MLIR).
// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+2]]:3: error: operand #0 does not dominate this use
func.func @completed_use(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  "test.use"(%c1) : (tensor<i64>) -> ()
  %0:2 = stablehlo.while(%i = %arg0, %v = %arg0) : tensor<8xi32>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    stablehlo.return %v, %v : tensor<8xi32>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

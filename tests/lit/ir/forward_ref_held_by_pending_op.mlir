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

// -----

// An op parsed inside the pending op's region used the name before its
// definition there: the pending op still holds the placeholder (mlir-opt-22
// on the same shape with scf.for: the error at the pending op's use). It
// once took that placeholder as its operand: a segfault in Release.
// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+2]]:31: error: use of undeclared SSA value name
func.func @inner_use_first(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0:2 = stablehlo.while(%i = %c1, %v = %arg0) : tensor<i64>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %a = stablehlo.add %c1, %c1 : tensor<i64>
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    stablehlo.return %c1, %v : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

// -----

// Two pending ops hold it: the inner one is created first and reports its
// own use (mlir-opt-22 with nested scf.for).
// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+7]]:33: error: use of undeclared SSA value name
func.func @nested_holders(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0:2 = stablehlo.while(%i = %c1, %v = %arg0) : tensor<i64>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %1:2 = stablehlo.while(%j = %c1, %w = %v) : tensor<i64>, tensor<8xi32>
     cond {
      %q = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %q : tensor<i1>
    } do {
      %c1 = stablehlo.constant dense<1> : tensor<i64>
      stablehlo.return %c1, %w : tensor<i64>, tensor<8xi32>
    }
    stablehlo.return %1#0, %1#1 : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

// -----

// The error comes when the op is created: one parsed after the definition,
// still inside the op, comes first (mlir-opt-22 too).
// CHECK: forward_ref_held_by_pending_op.mlir:[[@LINE+8]]:47: error: invalid type identifier
func.func @later_error_first(%arg0: tensor<8xi32>) -> tensor<8xi32> {
  %0:2 = stablehlo.while(%i = %c1, %v = %arg0) : tensor<i64>, tensor<8xi32>
   cond {
    %p = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %x = stablehlo.constant dense<1> : tensor<!!>
    stablehlo.return %c1, %v : tensor<i64>, tensor<8xi32>
  }
  return %0#1 : tensor<8xi32>
}

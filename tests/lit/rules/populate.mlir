// RUN: sdy_opt %s -sdy-populate-op-sharding-rules 2>&1 | FileCheck %s
// RUN: sdy_opt %s -sdy-populate-op-sharding-rules -sdy-drop-sharding-rules 2>&1 | FileCheck %s --check-prefix=DROP

// A reshape that splits one dimension in three and merges two: compound factors.
// CHECK-LABEL: func @reshape_split_merge
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([ijk, l])->([i, j, kl]) {i=2, j=3, k=4, l=5}>
// DROP-LABEL: func @reshape_split_merge
// DROP-NOT: sdy.sharding_rule
func.func @reshape_split_merge(%arg0: tensor<24x5xf32>) -> tensor<2x3x20xf32> {
  %0 = stablehlo.reshape %arg0 : (tensor<24x5xf32>) -> tensor<2x3x20xf32>
  return %0 : tensor<2x3x20xf32>
}

// Batching, free and contracting dimensions of a batched matmul.
// CHECK-LABEL: func @batched_matmul
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, l], [i, l, k])->([i, j, k]) {i=3, j=16, k=8, l=32} reduction={l}>
func.func @batched_matmul(%a: tensor<3x16x32xf32>, %b: tensor<3x32x8xf32>) -> tensor<3x16x8xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x16x32xf32>, tensor<3x32x8xf32>) -> tensor<3x16x8xf32>
  return %0 : tensor<3x16x8xf32>
}

// A size-1 operand dimension expanded by the broadcast gets its own factor.
// CHECK-LABEL: func @broadcast_expands
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([j, l])->([i, k, l]) {i=5, j=1, k=6, l=7}>
func.func @broadcast_expands(%arg0: tensor<1x7xf32>) -> tensor<5x6x7xf32> {
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<1x7xf32>) -> tensor<5x6x7xf32>
  return %0 : tensor<5x6x7xf32>
}

// A rule already on the op is kept as it is, and a custom one survives the drop.
// CHECK-LABEL: func @existing_rules_kept
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2}, custom>
// CHECK: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=2} need_replication={j}>
// DROP-LABEL: func @existing_rules_kept
// DROP: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2}, custom>
// DROP-NOT: sdy.sharding_rule
func.func @existing_rules_kept(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = stablehlo.custom_call @my_target(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=2}, custom>} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  %1 = stablehlo.add %0, %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=4, j=2} need_replication={j}>} : tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// Ops that get no rule: constants, iota, while (data-flow edges), terminators.
// CHECK-LABEL: func @no_rule
// CHECK-NOT: sdy.sharding_rule
// CHECK: return
func.func @no_rule() -> tensor<4xi32> {
  %0 = stablehlo.constant dense<1> : tensor<4xi32>
  %1 = stablehlo.iota dim = 0 : tensor<4xi32>
  %2 = stablehlo.while(%iterArg = %1) : tensor<4xi32>
    cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<4xi32>
  }
  return %2 : tensor<4xi32>
}

// RUN: sdy_opt %s -sdy-populate-op-sharding-rules 2>&1 | FileCheck %s

// The gathered dimension changes size: one replicated factor on each side.
// CHECK-LABEL: func @all_gather
// CHECK: #sdy.op_sharding_rule<([i, j])->([i, k]) {i=8, j=2, k=4} need_replication={j, k}>
func.func @all_gather(%arg0: tensor<8x2xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<8x2xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// Split and concat dimensions each get an operand and a result factor.
// CHECK-LABEL: func @all_to_all
// CHECK: #sdy.op_sharding_rule<([i, k])->([j, l]) {i=4, j=2, k=8, l=16} need_replication={i, j, k, l}>
func.func @all_to_all(%arg0: tensor<4x8xf32>) -> tensor<2x16xf32> {
  %0 = "stablehlo.all_to_all"(%arg0) <{split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4x8xf32>) -> tensor<2x16xf32>
  return %0 : tensor<2x16xf32>
}

// A sharding constraint is pointwise.
// CHECK-LABEL: func @sharding_constraint
// CHECK: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4}>
func.func @sharding_constraint(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = sdy.sharding_constraint %arg0 <mesh<["a"=2]>, [{}, {}]> : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// Sorting along the only dimension larger than 1: nothing to gain from
// propagating along it, so it is blocked.
// CHECK-LABEL: func @sort_single_dim
// CHECK: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=1, j=16} need_replication={j} blocked_propagation={j}>
func.func @sort_single_dim(%arg0: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<1x16xf32>) -> tensor<1x16xf32>
  return %0 : tensor<1x16xf32>
}

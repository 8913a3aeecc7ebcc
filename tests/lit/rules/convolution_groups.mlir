// RUN: sdy_opt %s -sdy-populate-op-sharding-rules 2>&1 | FileCheck %s
// RUN: sdy_opt %s -sdy-populate-op-sharding-rules=conservative-propagation=true 2>&1 | FileCheck %s --check-prefix=CONS

// Feature groups: a factor for the group count shared by the input feature,
// kernel output feature and output feature dimensions; the per-group input
// features are contracted; spatial dimensions split into windows (permuted).
// Conservatively the spatial dimensions get no common factor.
// CHECK-LABEL: func @conv_feature_groups
// CHECK: #sdy.op_sharding_rule<([i, j, k, lm], [o, p, m, ln])->([i, j, k, ln]) {i=2, j=8, k=8, l=4, m=4, n=8, o=1, p=1} reduction={m} permutation={j, k}>
// CONS-LABEL: func @conv_feature_groups
// CONS: #sdy.op_sharding_rule<([i, m, n, jk], [o, p, k, jl])->([i, q, r, jl]) {i=2, j=4, k=4, l=8, m=1, n=1, o=1, p=1, q=1, r=1} reduction={k}>
func.func @conv_feature_groups(%lhs: tensor<2x8x8x16xf32>, %rhs: tensor<3x3x4x32xf32>) -> tensor<2x8x8x32xf32> {
  %0 = stablehlo.convolution(%lhs, %rhs)
    dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
    window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {
      batch_group_count = 1 : i64,
      feature_group_count = 4 : i64
    } : (tensor<2x8x8x16xf32>, tensor<3x3x4x32xf32>) -> tensor<2x8x8x32xf32>
  return %0 : tensor<2x8x8x32xf32>
}

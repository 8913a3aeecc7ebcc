// RUN: sdy_opt %s -sdy-populate-op-sharding-rules 2>&1 | FileCheck %s
// RUN: sdy_opt %s -sdy-populate-op-sharding-rules=conservative-propagation=true 2>&1 | FileCheck %s --check-prefix=CONS

// Slicing a dimension permutes data; conservative propagation blocks it.
// CHECK-LABEL: func @slice
// CHECK: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j}>
// CONS-LABEL: func @slice
// CONS: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16} permutation={j} blocked_propagation={j}>
func.func @slice(%arg0: tensor<8x16xf32>) -> tensor<8x4xf32> {
  %0 = stablehlo.slice %arg0 [0:8, 2:6] : (tensor<8x16xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// Concatenating unrelated tensors needs replication; conservatively the
// concat dimension has no common factor at all.
// CHECK-LABEL: func @concat
// CHECK: #sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=2, j=6} need_replication={j}>
// CONS-LABEL: func @concat
// CONS: #sdy.op_sharding_rule<([i, j], [i, k])->([i, l]) {i=2, j=1, k=1, l=1}>
func.func @concat(%a: tensor<2x2xf32>, %b: tensor<2x4xf32>) -> tensor<2x6xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x2xf32>, tensor<2x4xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// RUN: sdy_opt %s -allow-unregistered-dialect -sdy-insert-explicit-reshards | FileCheck %s

// Without the full version, explicit reshards only go on ops that always get
// them (mhlo.ragged_dot, calls, concatenates whose operands are sharded unlike
// the result), dots whose result can take the reshard, and unreduced axes.

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func @ragged_dot
func.func @ragged_dot(%arg0: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> tensor<16x8xf32> {
  // CHECK-NEXT: %[[R:.*]] = sdy.reshard %arg1 <@mesh, [{}, {}]> : tensor<32x8xf32>
  // CHECK-NEXT: %[[DOT:.*]] = "mhlo.ragged_dot"(%arg0, %[[R]])
  // CHECK-NEXT: return %[[DOT]]
  %0 = "mhlo.ragged_dot"(%arg0, %arg1) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=16, j=8, k=32}>} : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// CHECK-LABEL: func @concatenate_same_shardings
func.func @concatenate_same_shardings(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<16xf32> {
  // CHECK-NEXT: %[[CONCAT:.*]] = stablehlo.concatenate %arg0, %arg1, dim = 0
  // CHECK-NEXT: return %[[CONCAT]]
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// The concatenated dimension needs replication.
// CHECK-LABEL: func @concatenate_different_shardings
func.func @concatenate_different_shardings(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<16xf32> {
  // CHECK-NEXT: %[[R0:.*]] = sdy.reshard %arg0 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[R1:.*]] = sdy.reshard %arg1 <@mesh, [{}]> : tensor<8xf32>
  // CHECK-NEXT: %[[CONCAT:.*]] = stablehlo.concatenate %[[R0]], %[[R1]], dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
  // CHECK-NEXT: %[[OUT:.*]] = sdy.reshard %[[CONCAT]] <@mesh, [{"x"}]> : tensor<16xf32>
  // CHECK-NEXT: return %[[OUT]]
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// The result's conflicting sharding of j is empty on the operand side: the
// reduce-scatter pattern, left as it is.
// CHECK-LABEL: func @dot_reduce_scatter_pattern
func.func @dot_reduce_scatter_pattern(%arg0: tensor<4x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<32x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x8xf32> {
  // CHECK-NEXT: %[[DOT:.*]] = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
  // CHECK-NEXT: return %[[DOT]]
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<4x32xf32>, tensor<32x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// The result is larger than the operand it conflicts with: left as it is.
// CHECK-LABEL: func @dot_result_larger_than_operand
func.func @dot_result_larger_than_operand(%arg0: tensor<64x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<64x64xf32> {
  // CHECK-NEXT: %[[DOT:.*]] = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
  // CHECK-NEXT: return %[[DOT]]
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<64x8xf32>, tensor<8x64xf32>) -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}

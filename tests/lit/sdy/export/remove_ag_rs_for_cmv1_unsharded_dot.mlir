// RUN: sdy_opt %s -sdy-remove-all-gather-reduce-scatter-for-cmv1 | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

// A dot without a sharding has no unreduced axes: its reduce-scatter goes
// and the dot takes the reduce-scatter's sharding.
// CHECK-LABEL: func @unsharded_dot
func.func @unsharded_dot(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> tensor<8x32xf32> {
  // CHECK-NEXT: %[[DOT:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  // CHECK-NEXT: return %[[DOT]]
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = sdy.reduce_scatter [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}

// A dot whose result has other users keeps its reduce-scatter.
// CHECK-LABEL: func @dot_with_two_users
func.func @dot_with_two_users(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>) -> (tensor<8x32xf32>, tensor<8x32xf32>) {
  // CHECK-NEXT: stablehlo.dot_general
  // CHECK-NEXT: sdy.reduce_scatter
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = sdy.reduce_scatter [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x32xf32>
  return %0, %1 : tensor<8x32xf32>, tensor<8x32xf32>
}

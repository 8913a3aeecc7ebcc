// RUN: sdy_opt %s -sdy-constant-or-scalar-merger | FileCheck %s

sdy.mesh @mesh = <["x"=2]>

// Constants are keyed by their attributes and region only, as Shardy's: an
// sdy.constant and a stablehlo.constant with the same value merge too.
// CHECK-LABEL: func @any_constant_like
func.func @any_constant_like() -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[C:.*]] = sdy.constant dense<1.000000e+00> : tensor<4xf32>
  // CHECK-NEXT: return %[[C]], %[[C]]
  %0 = sdy.constant dense<1.000000e+00> : tensor<4xf32>
  %1 = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// Broadcasts of one scalar merge when their result types and attributes
// match; a broadcast of a non-scalar does not.
// CHECK-LABEL: func @broadcasts
func.func @broadcasts(%arg0: tensor<f32>, %arg1: tensor<1xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK-NEXT: %[[B0:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  // CHECK-NEXT: %[[B1:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
  // CHECK-NEXT: %[[B2:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
  // CHECK-NEXT: %[[B3:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0]
  // CHECK-NEXT: %[[B4:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0]
  // CHECK-NEXT: return %[[B0]], %[[B0]], %[[B1]], %[[B2]], %[[B3]], %[[B4]]
  %0 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<8xf32>
  %3 = stablehlo.broadcast_in_dim %arg0, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<f32>) -> tensor<4xf32>
  %4 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
  %5 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<1xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

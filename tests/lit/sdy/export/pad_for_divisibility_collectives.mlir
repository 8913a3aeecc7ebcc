// RUN: sdy_opt %s -sdy-pad-for-divisibility | FileCheck %s

// Padding kinds flow through collectives; a pad whose high padding shrinks
// masks the input's padding with the pad value first.

// CHECK-LABEL: func.func @all_to_all_padded
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst, low = [0, 0], high = [2, 0], interior = [0, 0] : (tensor<6x8xf32>, tensor<f32>) -> tensor<8x8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT{LITERAL}: %2 = sdy.all_to_all [{"x"}: 0->1] %1 out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
// CHECK-NEXT{LITERAL}: %3 = stablehlo.slice %2 [0:6, 0:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>} : (tensor<8x8xf32>) -> tensor<6x8xf32>
// CHECK-NEXT{LITERAL}: %4 = sdy.all_gather [{}, {"x"}] %3 out_sharding=<@mesh, [{}, {}]> : tensor<6x8xf32>
// CHECK-NEXT{LITERAL}: return %4 : tensor<6x8xf32>
// CHECK-LABEL: func.func @pad_reduces_high
// CHECK-NEXT{LITERAL}: %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT{LITERAL}: %0 = stablehlo.pad %arg0, %cst_0, low = [0], high = [2], interior = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.all_slice [{"x"}] %0 out_sharding=<@mesh, [{"x"}]> : tensor<8xf32>
// CHECK-NEXT{LITERAL}: %2 = stablehlo.iota dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xi32>
// CHECK-NEXT{LITERAL}: %c = stablehlo.constant dense<6> : tensor<i32>
// CHECK-NEXT{LITERAL}: %3 = stablehlo.broadcast_in_dim %c, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<i32>) -> tensor<8xi32>
// CHECK-NEXT{LITERAL}: %4 = stablehlo.compare  LT, %2, %3 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
// CHECK-NEXT{LITERAL}: %5 = stablehlo.broadcast_in_dim %cst, dims = [] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT{LITERAL}: %6 = stablehlo.select %4, %1, %5 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : tensor<8xi1>, tensor<8xf32>
// CHECK-NEXT{LITERAL}: %7 = stablehlo.pad %6, %cst, low = [0], high = [-3], interior = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>, tensor<f32>) -> tensor<12xf32>
// CHECK-NEXT{LITERAL}: %8 = sdy.all_gather [{"x"}] %7 out_sharding=<@mesh, [{}]> : tensor<12xf32>
// CHECK-NEXT{LITERAL}: %9 = stablehlo.slice %8 [0:11] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : (tensor<12xf32>) -> tensor<11xf32>
// CHECK-NEXT{LITERAL}: %10 = stablehlo.slice %9 [0:6] : (tensor<11xf32>) -> tensor<6xf32>
// CHECK-NEXT{LITERAL}: return %10 : tensor<6xf32>

sdy.mesh @mesh = <["x"=4]>

func.func @all_to_all_padded(%arg0: tensor<6x8xf32>) -> tensor<6x8xf32> {
  %0 = sdy.all_slice [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<6x8xf32>
  %1 = sdy.all_to_all [{"x"}: 0->1] %0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<6x8xf32>
  %2 = sdy.all_gather [{}, {"x"}] %1 out_sharding=<@mesh, [{}, {}]> : tensor<6x8xf32>
  return %2 : tensor<6x8xf32>
}

func.func @pad_reduces_high(%arg0: tensor<6xf32>) -> tensor<6xf32> {
  %cst = stablehlo.constant dense<1.0> : tensor<f32>
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  %1 = stablehlo.pad %0, %cst, low = [0], high = [0], interior = [1] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<6xf32>, tensor<f32>) -> tensor<11xf32>
  %2 = sdy.all_gather [{"x"}] %1 out_sharding=<@mesh, [{}]> : tensor<11xf32>
  %3 = stablehlo.slice %2 [0:6] : (tensor<11xf32>) -> tensor<6xf32>
  return %3 : tensor<6xf32>
}

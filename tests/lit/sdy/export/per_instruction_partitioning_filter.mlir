// RUN: sdy_opt %s -sdy-per-instruction-partitioning=filter=negate | FileCheck %s

// Only ops whose name contains a filter token are partitioned.

// CHECK-LABEL: func.func @only_negate
// CHECK-NEXT{LITERAL}: %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<6x8xf32>, tensor<8x8xf32>) -> tensor<6x8xf32>
// CHECK-NEXT{LITERAL}: %1 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%arg2: tensor<3x4xf32>) {
// CHECK-NEXT{LITERAL}:   %2 = stablehlo.negate %arg2 : tensor<3x4xf32>
// CHECK-NEXT{LITERAL}:   sdy.return %2 : tensor<3x4xf32>
// CHECK-NEXT{LITERAL}: } : (tensor<6x8xf32>) -> tensor<6x8xf32>
// CHECK-NEXT{LITERAL}: return %1 : tensor<6x8xf32>

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @only_negate(%arg0: tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : (tensor<6x8xf32>, tensor<8x8xf32>) -> tensor<6x8xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<6x8xf32>
  return %1 : tensor<6x8xf32>
}

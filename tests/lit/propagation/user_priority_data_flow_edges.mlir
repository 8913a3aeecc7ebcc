// RUN: sdy_opt %s -sdy-add-data-flow-edges -sdy-user-priority-propagate -sdy-sink-data-flow-edges | FileCheck %s

// The sharding of a data flow edge is not split by priority (as in Shardy,
// which leaves edges out of the priority rounds): its p1 dimension takes
// part from the first round, and the priority goes when propagation
// rewrites the sharding.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @main(
// CHECK-SAME:      %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"b", ?}]>})
// CHECK-NEXT:    stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b"}]>]>} %arg0
// CHECK-NEXT:    stablehlo.abs %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", ?}, {"b", ?}]>]>}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {?}]>}) -> tensor<8x8xf32> {
  %0 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}, {"b"}p1]>]>} %arg0 : tensor<8x8xf32>
  %1 = stablehlo.abs %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

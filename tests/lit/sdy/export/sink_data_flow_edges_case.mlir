// RUN: sdy_opt %s -sdy-sink-data-flow-edges | FileCheck %s

sdy.mesh @mesh = <["a"=2]>

// stablehlo.case owns its results' edges (Shardy's StableHLO extension).
// CHECK-LABEL: func @case
func.func @case(%arg0: tensor<i32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  // CHECK-NEXT: %[[CASE:.*]]:2 = "stablehlo.case"(%arg0) ({
  // CHECK:      }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{?}]>, <@mesh, [{"a"}]>]>}
  // CHECK-NEXT: return %[[CASE]]#0, %[[CASE]]#1
  %0:2 = "stablehlo.case"(%arg0) ({
    stablehlo.return %arg1, %arg2 : tensor<8xf32>, tensor<8xf32>
  }, {
    stablehlo.return %arg2, %arg1 : tensor<8xf32>, tensor<8xf32>
  }) : (tensor<i32>) -> (tensor<8xf32>, tensor<8xf32>)
  %1 = sdy.data_flow_edge %0#0 : tensor<8xf32>
  %2 = sdy.data_flow_edge %0#1 sharding=<@mesh, [{"a"}]> : tensor<8xf32>
  return %1, %2 : tensor<8xf32>, tensor<8xf32>
}

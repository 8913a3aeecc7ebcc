// RUN: sdy_opt %s -sdy-add-data-flow-edges | FileCheck %s

// StableHLO's while, case and optimization_barrier own their edges by
// result, their shardings in the op's `sdy.sharding` (Shardy's external
// models); edges go right after the op, in result order, each taking all
// uses of its result, nested ops included.

sdy.mesh @mesh = <["a"=2, "b"=2]>

// CHECK-LABEL: func @while_with_sharding
func.func @while_with_sharding(%arg0: tensor<8x4xf32>, %arg1: tensor<i32>) -> (tensor<8x4xf32>, tensor<i32>) {
  // CHECK:      %[[WHILE:.*]]:2 = stablehlo.while({{.*}} attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>, <@mesh, []>]>}
  // CHECK:      stablehlo.return %iterArg, %iterArg_0
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[E0:.*]] = sdy.data_flow_edge %[[WHILE]]#0 sharding=<@mesh, [{"a"}, {?}]> : tensor<8x4xf32>
  // CHECK-NEXT: %[[E1:.*]] = sdy.data_flow_edge %[[WHILE]]#1 sharding=<@mesh, []> : tensor<i32>
  // CHECK-NEXT: return %[[E0]], %[[E1]]
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8x4xf32>, tensor<i32>
    attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>, <@mesh, []>]>}
    cond {
    %1 = stablehlo.compare  LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<8x4xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8x4xf32>, tensor<i32>
}

// CHECK-LABEL: func @barrier_in_named_computation
func.func @barrier_in_named_computation(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // CHECK-NEXT: %[[NC:.*]]:2 = sdy.named_computation<"nc">(%arg0) (%arg1: tensor<8xf32>) {
  // CHECK-NEXT:   %[[ARG_EDGE:.*]] = sdy.data_flow_edge %arg1 : tensor<8xf32>
  // CHECK-NEXT:   %[[BARRIER:.*]] = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} %[[ARG_EDGE]]
  // CHECK-NEXT:   %[[BARRIER_EDGE:.*]] = sdy.data_flow_edge %[[BARRIER]] sharding=<@mesh, [{"b"}]> : tensor<8xf32>
  // CHECK-NEXT:   %[[NEG:.*]] = stablehlo.negate %[[BARRIER_EDGE]]
  // CHECK-NEXT:   sdy.return %[[NEG]], %[[BARRIER_EDGE]]
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[E0:.*]] = sdy.data_flow_edge %[[NC]]#0 : tensor<8xf32>
  // CHECK-NEXT: %[[E1:.*]] = sdy.data_flow_edge %[[NC]]#1 : tensor<8xf32>
  // CHECK-NEXT: %[[ADD:.*]] = stablehlo.add %[[E0]], %[[E1]]
  %0:2 = sdy.named_computation<"nc">(%arg0) (%arg1: tensor<8xf32>) {
    %1 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} %arg1 : tensor<8xf32>
    %2 = stablehlo.negate %1 : tensor<8xf32>
    sdy.return %2, %1 : tensor<8xf32>, tensor<8xf32>
  } : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %3 = stablehlo.add %0#0, %0#1 : tensor<8xf32>
  return %3 : tensor<8xf32>
}

// CHECK-LABEL: func @case_in_while_body
func.func @case_in_while_body(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
  // CHECK:      } do {
  // CHECK-NEXT:   %[[CASE:.*]] = "stablehlo.case"(%iterArg_0)
  // CHECK:        }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<i32>) -> tensor<8xf32>
  // CHECK-NEXT:   %[[CASE_EDGE:.*]] = sdy.data_flow_edge %[[CASE]] sharding=<@mesh, [{"a", "b"}]> : tensor<8xf32>
  // CHECK-NEXT:   stablehlo.return %[[CASE_EDGE]], %iterArg_0
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[E0:.*]] = sdy.data_flow_edge %[[WHILE:.*]]#0 : tensor<8xf32>
  // CHECK-NEXT: %[[E1:.*]] = sdy.data_flow_edge %[[WHILE]]#1 : tensor<i32>
  // CHECK-NEXT: return %[[E0]]
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare  LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = "stablehlo.case"(%iterArg_0) ({
      stablehlo.return %iterArg : tensor<8xf32>
    }, {
      %2 = stablehlo.negate %iterArg : tensor<8xf32>
      stablehlo.return %2 : tensor<8xf32>
    }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}]>]>} : (tensor<i32>) -> tensor<8xf32>
    stablehlo.return %1, %iterArg_0 : tensor<8xf32>, tensor<i32>
  }
  return %0#0 : tensor<8xf32>
}

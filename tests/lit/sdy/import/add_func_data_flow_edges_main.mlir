// RUN: sdy_opt %s -split-input-file -sdy-add-func-data-flow-edges | FileCheck %s

// A module's only function is its main one, whatever its name: no edges on
// its arguments; a call nested in a region gets edges on its results, right
// after it, with their shardings.

sdy.mesh @mesh = <["a"=2]>

// CHECK-LABEL: func.func @only(%arg0: tensor<8xf32>, %arg1: tensor<i32>)
// CHECK-NEXT:    stablehlo.while
// CHECK:         } do {
// CHECK-NEXT:      %[[CALL:.*]]:2 = func.call @only(%iterArg, %iterArg_0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, []>]>}
// CHECK-NEXT:      %[[E0:.*]] = sdy.func_data_flow_edge %[[CALL]]#0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK-NEXT:      %[[E1:.*]] = sdy.func_data_flow_edge %[[CALL]]#1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, []>]>} : tensor<i32>
// CHECK-NEXT:      stablehlo.return %[[E0]], %[[E1]]
func.func @only(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> (tensor<8xf32>, tensor<i32>) {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<8xf32>, tensor<i32>
    cond {
    %1 = stablehlo.compare  LT, %iterArg_0, %iterArg_0 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1:2 = func.call @only(%iterArg, %iterArg_0) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>, <@mesh, []>]>} : (tensor<8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<i32>)
    stablehlo.return %1#0, %1#1 : tensor<8xf32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<8xf32>, tensor<i32>
}

// -----

// Arguments of functions other than main get edges in argument order (a
// dynamic shape is skipped), located at the function.

// CHECK-LABEL: func.func @main
// CHECK-LABEL: func.func private @callee(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<2xf32>)
// CHECK-NEXT:    %[[E1:.*]] = sdy.func_data_flow_edge %arg1 : tensor<4xf32>
// CHECK-NEXT:    %[[E2:.*]] = sdy.func_data_flow_edge %arg2 : tensor<2xf32>
// CHECK-NEXT:    return %arg0, %[[E1]], %[[E2]]
func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<2xf32>) -> tensor<?xf32> {
  %0:3 = call @callee(%arg0, %arg1, %arg2) : (tensor<?xf32>, tensor<4xf32>, tensor<2xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<2xf32>)
  return %0#0 : tensor<?xf32>
}

func.func private @callee(%arg0: tensor<?xf32>, %arg1: tensor<4xf32>, %arg2: tensor<2xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<2xf32>) {
  return %arg0, %arg1, %arg2 : tensor<?xf32>, tensor<4xf32>, tensor<2xf32>
}

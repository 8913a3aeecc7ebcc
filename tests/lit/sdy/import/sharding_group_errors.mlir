// RUN: sdy_opt %s -sdy-sharding-group-import -verify-diagnostics

// The first member that breaks a group's rule is reported, the shape only
// once the manual computations agree.
func.func @shape_then_boundary(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  sdy.sharding_group %arg0 group_id = 3 : tensor<8x8xf32>
  %0 = stablehlo.constant dense<0.0> : tensor<8xf32>
  // expected-error @+1 {{ShardingGroupOps values must have the same shape for groupId: 3}}
  sdy.sharding_group %0 group_id = 3 : tensor<8xf32>
  %1 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={} (%arg1: tensor<8x8xf32>) {
    sdy.sharding_group %arg1 group_id = 3 : tensor<8x8xf32>
    sdy.return %arg1 : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

sdy.mesh @mesh = <["a"=2]>

// RUN: sdy_opt %s -split-input-file -verify-diagnostics

// An op with several sdy attributes to check is remembered whole by its
// dictionary, name, parent and types: ops with the same dictionary keep
// apart by their operand types and by the manual computation around them.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @same_dictionary(%arg0: tensor<4xf32>, %arg1: tensor<2x2xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.reshape %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{'stablehlo.reshape' op operand - mapping rank must match: 1 != 2}}
  %1 = stablehlo.reshape %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : (tensor<2x2xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @bound_by_manual_computation(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>) -> tensor<8xf32> {
  %0 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : tensor<4xf32>
  // expected-note @+1 {{parent bounding this axis as manual}}
  %1 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<4xf32>) {
    // expected-error @+1 {{'stablehlo.abs' op result - operates on axis "a" which is already bound by a parent sdy.manual_computation op}}
    %2 = stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : tensor<4xf32>
    sdy.return %2 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

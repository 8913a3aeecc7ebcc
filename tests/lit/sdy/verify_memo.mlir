// RUN: sdy_opt %s -split-input-file -verify-diagnostics

// The verifier remembers the sdy.sharding and sdy.sharding_rule checks
// that passed during one verification; what a check reads beyond the
// attribute and the types (the meshes of the op's symbol table, the
// manual computations around it, the operand types) keeps apart ops that
// look alike.

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @bound_by_manual_computation(%arg0: tensor<8xf32>, %arg1: tensor<4xf32>) -> tensor<8xf32> {
  %0 = stablehlo.abs %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<4xf32>
  // expected-note @+1 {{parent bounding this axis as manual}}
  %1 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg2: tensor<4xf32>) {
    // expected-error @+1 {{'stablehlo.abs' op result - operates on axis "a" which is already bound by a parent sdy.manual_computation op}}
    %2 = stablehlo.abs %arg2 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<4xf32>
    sdy.return %2 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @same_sharding(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<4xf32>
  return %0 : tensor<4xf32>
}

module @inner {
  sdy.mesh @mesh = <["a"=2, "c"=2]>
  func.func @other_mesh(%arg0: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'stablehlo.abs' op result - unknown axis name: "b"}}
    %0 = stablehlo.abs %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"b"}]>]>} : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @rule_on_other_types(%arg0: tensor<4x8xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.abs %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : tensor<4xf32>
  // expected-error @+1 {{'stablehlo.reshape' op operand - mapping rank must match: 1 != 2}}
  %1 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=4}>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

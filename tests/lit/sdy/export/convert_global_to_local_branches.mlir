// RUN: sdy_opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics
//
// The branches of Shardy's convert-global-to-local patterns that refuse an
// op the passes before it should have resharded, each with Shardy's text
// (emitOpError, then the conversion framework's "failed to legalize"):
// StablehloConcatenateOpPattern's three checks, StablehloWindowedOpPattern's
// pass-through check (an SDY_CHECK in Shardy), StablehloDotGeneralOpPattern's
// all-reduce checks (SDY_CHECKs) and AllToAllOpPattern's divisibility check.

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @concat_result_sharded(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x2xf32> {
  // expected-error @+2 {{'stablehlo.concatenate' op dimension 0 is sharded but the concatenation is on this dimension.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.concatenate' that was explicitly marked illegal}}
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @concat_operand_sharded(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x2xf32> {
  // expected-error @+2 {{'stablehlo.concatenate' op operand 0 is sharded on concatenation dimension 0. This is not supported.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.concatenate' that was explicitly marked illegal}}
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @concat_mismatch(%arg0: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> tensor<8x2xf32> {
  // expected-error @+2 {{'stablehlo.concatenate' op dimension 1 has mismatched sharding axes (["x"] vs ["y"]). This requires a reshard which should have been handled by previous passes.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.concatenate' that was explicitly marked illegal}}
  %0 = stablehlo.concatenate %arg0, %arg0, dim = 0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  return %0 : tensor<8x2xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @reduce_window_not_passthrough(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<7xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  // expected-error @+2 {{'stablehlo.reduce_window' op In op stablehlo.reduce_window dimension 0 is sharded but is not a pass-through dimension.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.reduce_window' that was explicitly marked illegal}}
  %0 = "stablehlo.reduce_window"(%arg0, %c) <{window_dimensions = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<8xf32>, tensor<f32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @dot_general_no_all_reduce(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x4xf32> {
  // expected-error @+2 {{'stablehlo.dot_general' op Expected sharded contracting dot_general to have one user and the user is an sdy.all_reduce.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.dot_general' that was explicitly marked illegal}}
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @dot_general_wrong_axes(%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x4xf32> {
  // expected-error @+2 {{'stablehlo.dot_general' op The axes of the sdy.all_reduce should match the sharded contracting dimensions of the dot_general.}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.dot_general' that was explicitly marked illegal}}
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {}]>]>} : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  %1 = sdy.all_reduce {"y"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @all_to_all_not_divisible(%arg0: tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x3xf32> {
  // expected-error @+2 {{'sdy.all_to_all' op dimension not divisible by num devices per group}}
  // expected-error @+1 {{failed to legalize operation 'sdy.all_to_all' that was explicitly marked illegal}}
  %0 = sdy.all_to_all [{"x"}: 0->1] %arg0 out_sharding=<@mesh, [{}, {"x"}]> : tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

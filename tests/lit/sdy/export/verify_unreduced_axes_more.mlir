// RUN: sdy_opt %s -sdy-verify-unreduced-axes -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A reshard behind a propagation barrier still blesses the transition.
func.func @barrier_after_reshard(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y"}>}) -> tensor<8x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %1 = sdy.propagation_barrier %0 allowed_direction=NONE : tensor<8x8xf32>
  %2 = stablehlo.add %1, %1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["y"=2, "x"=2]>

func.func private @callee(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// The operand's sharding is read through the barrier; the mismatching names
// come sorted.
func.func @call_through_barrier(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], unreduced={"y", "x"}>}) -> tensor<8x8xf32> {
  %0 = sdy.propagation_barrier %arg0 allowed_direction=NONE : tensor<8x8xf32>
  // expected-error@+1 {{'func.call' op has unreduced axes mismatch for 'x, y' at call argument 0.}}
  %1 = func.call @callee(%0) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @sdy_reduce_scatter_unsharded(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.reduce_scatter' op operand must be sharded.}}
  %0 = sdy.reduce_scatter [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A nested return hands its operands to the parent's results (a manual
// computation's without its manual axes).
func.func @manual_computation_return(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}], unreduced={"y"}>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    // expected-error@+1 {{'sdy.return' op has unreduced axes mismatch for 'y' at return value 0 without a blessed operation (e.g., sdy.reshard). This is an invalid transition from unreduced to reduced.}}
    sdy.return %arg1 : tensor<4x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// A reduce whose body mixes reductions may not introduce unreduced axes.
func.func @reduce_mixed_body(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8xf32>, tensor<8xf32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // expected-error@+1 {{'stablehlo.reduce' op cannot add new unreduced axis 'x'.}}
  %0:2 = stablehlo.reduce(%arg0 init: %cst), (%arg1 init: %cst) across dimensions = [0] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}], unreduced={"x"}>, <@mesh, [{}]>]>} : (tensor<8x8xf32>, tensor<8x8xf32>, tensor<f32>, tensor<f32>) -> (tensor<8xf32>, tensor<8xf32>)
    reducer(%a0: tensor<f32>, %b0: tensor<f32>) (%a1: tensor<f32>, %b1: tensor<f32>) {
      %1 = stablehlo.add %a0, %b0 : tensor<f32>
      %2 = stablehlo.maximum %a1, %b1 : tensor<f32>
      stablehlo.return %1, %2 : tensor<f32>, tensor<f32>
    }
  return %0#0, %0#1 : tensor<8xf32>, tensor<8xf32>
}

// RUN: sdy_opt %s -split-input-file -allow-unregistered-dialect -verify-diagnostics

// A collective's reducer goes through verifyReducerShape like reduce's: a
// scalar (non-tensor) parameter is not shape-compatible with a tensor
// result, and a body whose last op is no terminator has none.

func.func @scalar_param(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{The type of reduction-region's parameter at index 0 is different than the corresponding result type: 'f32' vs 'tensor<f32>'}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: f32, %b: f32):
    %r = "foo.bar"(%a, %b) : (f32, f32) -> tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @no_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{The reduction-region expected to have a terminator}}
  %0 = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

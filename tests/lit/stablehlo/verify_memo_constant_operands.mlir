// The verification memo replays a check that passed on an op alike; a shape
// operand read through its constant producer makes two ops with the same
// types differ, and the second one must still be checked.
// RUN: sdy_opt %s -verify-diagnostics -split-input-file

func.func @valid_first() -> (tensor<4xf32>, tensor<4xf32>) {
  %c0 = stablehlo.constant dense<[4]> : tensor<1xi64>
  %c1 = stablehlo.constant dense<[5]> : tensor<1xi64>
  %0 = stablehlo.dynamic_iota %c0, dim = 0 : (tensor<1xi64>) -> tensor<4xf32>
  // expected-error @+1 {{output shape [5] is incompatible with return type of operation 'tensor<4xf32>'}}
  %1 = stablehlo.dynamic_iota %c1, dim = 0 : (tensor<1xi64>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// RUN: stablehlo-opt %s -split-input-file -verify-diagnostics

// The verifier remembers a stablehlo.reduce that passed by its operand,
// result and reducer signature (block count, arguments, terminator
// operand types): reduces alike but for their reducer stay apart.

func.func @reducer_result(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // expected-error @+1 {{The type of reduction-region's parameter at index 0 is different than the corresponding result type: 'tensor<f32>' vs 'tensor<f64>'}}
  %1 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %c = stablehlo.convert %a : (tensor<f32>) -> tensor<f64>
    stablehlo.return %c : tensor<f64>
  }
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @reducer_arguments(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  // expected-error @+1 {{Reduction-region must take 2 parameters, but takes 3 parameter(s)}}
  %1 = "stablehlo.reduce"(%arg0, %arg1) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

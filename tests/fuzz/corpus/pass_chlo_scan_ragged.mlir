//!chlo-legalize-to-stablehlo,stablehlo-legalize-composite-to-call
func.func @impl(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32>, %lhs: tensor<3x2xf32>, %rhs: tensor<2x2x2xf32>, %g: tensor<2xi64>) -> (tensor<4xf32>, tensor<f32>, tensor<3x2xf32>, tensor<4xf32>) {
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%e: tensor<f32>, %acc: tensor<f32>):
    %s = chlo.broadcast_add %e, %acc : (tensor<f32>, tensor<f32>) -> tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<3x2xf32>, tensor<2x2x2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  %c = stablehlo.composite "a.b" %0#0 {decomposition = @impl} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0#0, %0#1, %r, %c : tensor<4xf32>, tensor<f32>, tensor<3x2xf32>, tensor<4xf32>
}

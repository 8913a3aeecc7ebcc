func.func @c(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %g: tensor<3xi64>, %p: tensor<2x3xi1>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type FLOAT>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %2 = chlo.broadcast_select %p, %a, %a : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = chlo.acos %a : tensor<2x3xf32> -> tensor<2x3xf32>
  %4 = chlo.next_after %a, %a : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %5:2 = chlo.top_k(%b, k = 2, is_stable = false) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %6 = chlo.constant dense<1.0> : tensor<2xf32>
  %7 = "chlo.constant_like"(%a) {value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "chlo.ragged_dot"(%a, %a, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1]>, precision_config = [#chlo<precision DEFAULT>]} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xi64>) -> tensor<3x2x2xf32>
  %9:2 = chlo.scan (%a) inits (%b) dimension = 0 attributes {is_reverse = true} {
  ^bb0(%x: tensor<3xf32>, %c: tensor<3xf32>):
    %s = stablehlo.add %x, %c : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  %10 = arith.constant dense<0.0> : tensor<8xf32>
  %11 = tensor.cast %a : tensor<2x3xf32> to tensor<?x3xf32>
  return %0 : tensor<2x3xf32>
}

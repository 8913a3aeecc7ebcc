// ERROR: 5:8: failed to legalize operation 'stablehlo.custom_call' that was explicitly marked illegal
// ARGS: --stablehlo-legalize-to-vhlo
// A string with a type has no VHLO form.
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo" : tensor<3xf32>} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// ERROR: 6:8: failed to legalize operation 'vhlo.exponential_v2' that was explicitly marked illegal
// ARGS: --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.8.0
// A result accuracy the target has no op for.
func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
  // the op
  %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<f32>
  return %0 : tensor<f32>
}

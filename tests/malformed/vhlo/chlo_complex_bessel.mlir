// ERROR: 5:8: failed to legalize operation 'chlo.bessel_i1e' that was explicitly marked illegal
// ARGS: --chlo-pre-serialization-pipeline
// bessel_i1e has no complex decomposition.
func.func @main(%arg0: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %1 = chlo.bessel_i1e %arg0 : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  return %1 : tensor<2xcomplex<f32>>
}

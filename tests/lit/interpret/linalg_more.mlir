// RUN: stablehlo-translate --interpret -split-input-file %s

// fft: a 4-point transform (radix 2) and its inverse, a 3-point one (direct
// sum), rfft/irfft over two dimensions.
func.func @main() {
  %x = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f64>>
  %f = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %f, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f64>>
  %i = stablehlo.fft %f, type = IFFT, length = [4] : (tensor<4xcomplex<f64>>) -> tensor<4xcomplex<f64>>
  check.expect_almost_eq %i, %x : tensor<4xcomplex<f64>>
  %y = stablehlo.constant dense<[(1.0, 0.0), (1.0, 0.0), (0.0, 0.0)]> : tensor<3xcomplex<f32>>
  %g = stablehlo.fft %y, type = FFT, length = [3] : (tensor<3xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %g, dense<[(2.0, 0.0), (0.5, -0.866025388), (0.5, 0.866025388)]> : tensor<3xcomplex<f32>>
  %r = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [0.0, 1.0, 0.0, 1.0]]> : tensor<2x4xf32>
  %rf = stablehlo.fft %r, type = RFFT, length = [2, 4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %rf, dense<[[(12.0, 0.0), (-2.0, 2.0), (-4.0, 0.0)], [(8.0, 0.0), (-2.0, 2.0), (0.0, 0.0)]]> : tensor<2x3xcomplex<f32>>
  %back = stablehlo.fft %rf, type = IRFFT, length = [2, 4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  check.expect_almost_eq %back, %r : tensor<2x4xf32>
  func.return
}

// -----

// triangular_solve on both sides, transposed; cholesky of both triangles.
func.func @main() {
  %a = stablehlo.constant dense<[[2.0, 0.0], [1.0, 4.0]]> : tensor<2x2xf64>
  %b = stablehlo.constant dense<[[2.0, 4.0], [5.0, 6.0]]> : tensor<2x2xf64>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %x, dense<[[1.0, 2.0], [1.0, 1.0]]> : tensor<2x2xf64>
  %y = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  // y a^T = b: y = b (a^T)^-1
  check.expect_almost_eq_const %y, dense<[[1.0, 0.75], [2.5, 0.875]]> : tensor<2x2xf64>
  %u = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %u, dense<[[2.0, 4.0], [3.0, 2.0]]> : tensor<2x2xf64>
  %s = stablehlo.constant dense<[[4.0, 2.0], [2.0, 10.0]]> : tensor<2x2xf32>
  %l = "stablehlo.cholesky"(%s) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %l, dense<[[2.0, 0.0], [1.0, 3.0]]> : tensor<2x2xf32>
  %up = "stablehlo.cholesky"(%s) {lower = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %up, dense<[[2.0, 1.0], [0.0, 3.0]]> : tensor<2x2xf32>
  func.return
}

// -----

// batch norms along feature dimension 1.
func.func @main() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %out, %mean, %var = "stablehlo.batch_norm_training"(%x, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %mean, dense<[2.0, 4.0]> : tensor<2xf32>
  check.expect_almost_eq_const %var, dense<[1.0, 4.0]> : tensor<2xf32>
  check.expect_almost_eq_const %out, dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf32>
  %inf = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %var) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq %inf, %out : tensor<2x2xf32>
  %dy = stablehlo.constant dense<[[1.0, 1.0], [0.0, 1.0]]> : tensor<2x2xf32>
  %gx, %gs, %go = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %var, %dy) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %go, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_almost_eq_const %gs, dense<[-1.0, 0.0]> : tensor<2xf32>
  check.expect_almost_eq_const %gx, dense<[[0.0, 0.0], [0.0, 0.0]]> : tensor<2x2xf32>
  func.return
}

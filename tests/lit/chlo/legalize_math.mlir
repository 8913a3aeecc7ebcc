// RUN: stablehlo-opt --chlo-legalize-to-stablehlo -split-input-file %s | stablehlo-translate --interpret -split-input-file
// The CHLO decompositions computed by the interpreter against values of
// Python's math/cmath (rounded to each type: f16 and bf16 run through f32
// upcasts or directly, as StableHLO's lowering does).

func.func @erf_f64() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf64>
  %r = chlo.erf %x : tensor<6xf64> -> tensor<6xf64>
  %w = stablehlo.convert %r : (tensor<6xf64>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.999593047983, -0.677801193837, 0.0, 0.328626759459, 0.91031397823, 0.999999984583]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<6xf64>
  func.return
}

// -----

func.func @erf_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf32>
  %r = chlo.erf %x : tensor<6xf32> -> tensor<6xf32>
  %w = stablehlo.convert %r : (tensor<6xf32>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.999593047983, -0.677801193837, 0.0, 0.328626759459, 0.91031397823, 0.999999984583]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<6xf64>
  func.return
}

// -----

func.func @erf_f16() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf16>
  %r = chlo.erf %x : tensor<6xf16> -> tensor<6xf16>
  %w = stablehlo.convert %r : (tensor<6xf16>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.999593047983, -0.677801193837, 0.0, 0.328626759459, 0.91031397823, 0.999999984583]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<6xf64>
  func.return
}

// -----

func.func @erf_bf16() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xbf16>
  %r = chlo.erf %x : tensor<6xbf16> -> tensor<6xbf16>
  %w = stablehlo.convert %r : (tensor<6xbf16>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.999593047983, -0.677801193837, 0.0, 0.328626759459, 0.91031397823, 0.999999984583]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<6xf64>
  func.return
}

// -----

func.func @erfc_f64() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf64>
  %r = chlo.erfc %x : tensor<6xf64> -> tensor<6xf64>
  %w = stablehlo.convert %r : (tensor<6xf64>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.50010175871, 0.596018171684, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 0.671373240541, 0.0896860217704, 1.54172579003e-08]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<6xf64>
  func.return
}

// -----

func.func @erfc_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf32>
  %r = chlo.erfc %x : tensor<6xf32> -> tensor<6xf32>
  %w = stablehlo.convert %r : (tensor<6xf32>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.50010175871, 0.596018171684, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 0.671373240541, 0.0896860217704, 1.54172579003e-08]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<6xf64>
  func.return
}

// -----

func.func @erfc_f16() {
  %x = stablehlo.constant dense<[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]> : tensor<6xf16>
  %r = chlo.erfc %x : tensor<6xf16> -> tensor<6xf16>
  %w = stablehlo.convert %r : (tensor<6xf16>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.50010175871, 0.596018171684, 1.0, 1.0, 1.0, 1.0]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 0.671373240541, 0.0896860217704, 1.54172579003e-08]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<6xf64>
  func.return
}

// -----

func.func @erf_inv_f64() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.2, 0.7]> : tensor<5xf64>
  %r = chlo.erf_inv %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.859780797027, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.476936276204, -6.22301527786e-60, 0.179143454621, 0.732869077959]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @erf_inv_f32() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.2, 0.7]> : tensor<5xf32>
  %r = chlo.erf_inv %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.859780797027, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.476936276204, -6.22301527786e-60, 0.179143454621, 0.732869077959]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @erf_inv_bf16() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.2, 0.7]> : tensor<5xbf16>
  %r = chlo.erf_inv %x : tensor<5xbf16> -> tensor<5xbf16>
  %w = stablehlo.convert %r : (tensor<5xbf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.859780797027, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.476936276204, -6.22301527786e-60, 0.179143454621, 0.732869077959]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<5xf64>
  func.return
}

// -----

func.func @lgamma_f64() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xf64>
  %r = chlo.lgamma %x : tensor<6xf64> -> tensor<6xf64>
  %w = stablehlo.convert %r : (tensor<6xf64>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 0.790193931328, 0.443909257237, 1.0, 1.0, 0.078113847539]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.0562437164977, 1.0, 1.0, 0.0, 0.69314718056, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<6xf64>
  func.return
}

// -----

func.func @lgamma_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xf32>
  %r = chlo.lgamma %x : tensor<6xf32> -> tensor<6xf32>
  %w = stablehlo.convert %r : (tensor<6xf32>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 0.790193931328, 0.443909257237, 1.0, 1.0, 0.078113847539]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.0562437164977, 1.0, 1.0, 0.0, 0.69314718056, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<6xf64>
  func.return
}

// -----

func.func @lgamma_f16() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xf16>
  %r = chlo.lgamma %x : tensor<6xf16> -> tensor<6xf16>
  %w = stablehlo.convert %r : (tensor<6xf16>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[1.0, 0.790193931328, 0.443909257237, 1.0, 1.0, 0.078113847539]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[-0.0562437164977, 1.0, 1.0, 0.0, 0.69314718056, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<6xf64>
  func.return
}

// -----

func.func @digamma_f64() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xf64>
  %r = chlo.digamma %x : tensor<6xf64> -> tensor<6xf64>
  %w = stablehlo.convert %r : (tensor<6xf64>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.906489580136, 1.0, 0.0959347188913, 1.0, 1.0, 0.444098523459]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 0.0364899739752, -1.0, -0.57721566491, 0.92278433509, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<6xf64>
  func.return
}

// -----

func.func @digamma_f32() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xf32>
  %r = chlo.digamma %x : tensor<6xf32> -> tensor<6xf32>
  %w = stablehlo.convert %r : (tensor<6xf32>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.906489580136, 1.0, 0.0959347188913, 1.0, 1.0, 0.444098523459]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 0.0364899739752, -1.0, -0.57721566491, 0.92278433509, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<6xf64>
  func.return
}

// -----

func.func @digamma_bf16() {
  %x = stablehlo.constant dense<[-2.5, -0.5, 0.1, 1.0, 3.0, 10.0]> : tensor<6xbf16>
  %r = chlo.digamma %x : tensor<6xbf16> -> tensor<6xbf16>
  %w = stablehlo.convert %r : (tensor<6xbf16>) -> tensor<6xf64>
  %s = stablehlo.constant dense<[0.906489580136, 1.0, 0.0959347188913, 1.0, 1.0, 0.444098523459]> : tensor<6xf64>
  %rel = stablehlo.multiply %w, %s : tensor<6xf64>
  %e = stablehlo.constant dense<[1.0, 0.0364899739752, -1.0, -0.57721566491, 0.92278433509, 1.0]> : tensor<6xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<6xf64>
  func.return
}

// -----

func.func @bessel_i1e_f64() {
  %x = stablehlo.constant dense<[-10.0, -3.0, 0.0, 0.7, 7.9, 8.1, 20.0]> : tensor<7xf64>
  %r = chlo.bessel_i1e %x : tensor<7xf64> -> tensor<7xf64>
  %w = stablehlo.convert %r : (tensor<7xf64>) -> tensor<7xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<7xf64>
  %rel = stablehlo.multiply %w, %s : tensor<7xf64>
  %e = stablehlo.constant dense<[-0.121262681384, -0.196826713297, 0.0, 0.184669982763, 0.13489649944, 0.133400688326, 0.0875062221833]> : tensor<7xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<7xf64>
  func.return
}

// -----

func.func @bessel_i1e_f32() {
  %x = stablehlo.constant dense<[-10.0, -3.0, 0.0, 0.7, 7.9, 8.1, 20.0]> : tensor<7xf32>
  %r = chlo.bessel_i1e %x : tensor<7xf32> -> tensor<7xf32>
  %w = stablehlo.convert %r : (tensor<7xf32>) -> tensor<7xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<7xf64>
  %rel = stablehlo.multiply %w, %s : tensor<7xf64>
  %e = stablehlo.constant dense<[-0.121262681384, -0.196826713297, 0.0, 0.184669982763, 0.13489649944, 0.133400688326, 0.0875062221833]> : tensor<7xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<7xf64>
  func.return
}

// -----

func.func @bessel_i1e_f16() {
  %x = stablehlo.constant dense<[-10.0, -3.0, 0.0, 0.7, 7.9, 8.1, 20.0]> : tensor<7xf16>
  %r = chlo.bessel_i1e %x : tensor<7xf16> -> tensor<7xf16>
  %w = stablehlo.convert %r : (tensor<7xf16>) -> tensor<7xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<7xf64>
  %rel = stablehlo.multiply %w, %s : tensor<7xf64>
  %e = stablehlo.constant dense<[-0.121262681384, -0.196826713297, 0.0, 0.184669982763, 0.13489649944, 0.133400688326, 0.0875062221833]> : tensor<7xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<7xf64>
  func.return
}

// -----

func.func @cosh_f64() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xf64>
  %r = chlo.cosh %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0993279274194, 0.980327997645, 1.0, 0.9566279119, 0.265802228834]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @cosh_f32() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xf32>
  %r = chlo.cosh %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0993279274194, 0.980327997645, 1.0, 0.9566279119, 0.265802228834]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @cosh_f16() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xf16>
  %r = chlo.cosh %x : tensor<5xf16> -> tensor<5xf16>
  %w = stablehlo.convert %r : (tensor<5xf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0993279274194, 0.980327997645, 1.0, 0.9566279119, 0.265802228834]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<5xf64>
  func.return
}

// -----

func.func @sinh_f64() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xf64>
  %r = chlo.sinh %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0998215696688, 1.0, 1.0, 1.0, 0.275720564772]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.201336002541, 0.0, 0.304520293447, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @sinh_f32() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xf32>
  %r = chlo.sinh %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0998215696688, 1.0, 1.0, 1.0, 0.275720564772]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.201336002541, 0.0, 0.304520293447, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @sinh_bf16() {
  %x = stablehlo.constant dense<[-3.0, -0.2, 0.0, 0.3, 2.0]> : tensor<5xbf16>
  %r = chlo.sinh %x : tensor<5xbf16> -> tensor<5xbf16>
  %w = stablehlo.convert %r : (tensor<5xbf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.0998215696688, 1.0, 1.0, 1.0, 0.275720564772]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.201336002541, 0.0, 0.304520293447, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<5xf64>
  func.return
}

// -----

func.func @tan_f64() {
  %x = stablehlo.constant dense<[-1.0, 0.0, 0.3, 1.2]> : tensor<4xf64>
  %r = chlo.tan %x : tensor<4xf64> -> tensor<4xf64>
  %w = stablehlo.convert %r : (tensor<4xf64>) -> tensor<4xf64>
  %s = stablehlo.constant dense<[0.642092615934, 1.0, 1.0, 0.388779569368]> : tensor<4xf64>
  %rel = stablehlo.multiply %w, %s : tensor<4xf64>
  %e = stablehlo.constant dense<[-1.0, 0.0, 0.30933624961, 1.0]> : tensor<4xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<4xf64>
  func.return
}

// -----

func.func @tan_f32() {
  %x = stablehlo.constant dense<[-1.0, 0.0, 0.3, 1.2]> : tensor<4xf32>
  %r = chlo.tan %x : tensor<4xf32> -> tensor<4xf32>
  %w = stablehlo.convert %r : (tensor<4xf32>) -> tensor<4xf64>
  %s = stablehlo.constant dense<[0.642092615934, 1.0, 1.0, 0.388779569368]> : tensor<4xf64>
  %rel = stablehlo.multiply %w, %s : tensor<4xf64>
  %e = stablehlo.constant dense<[-1.0, 0.0, 0.30933624961, 1.0]> : tensor<4xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<4xf64>
  func.return
}

// -----

func.func @asin_f64() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xf64>
  %r = chlo.asin %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.636619772368, 1.0, 1.0, 1.0, 0.893040921909]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.643501108793, 0.0, 0.304692654015, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @asin_f32() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xf32>
  %r = chlo.asin %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.636619772368, 1.0, 1.0, 1.0, 0.893040921909]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.643501108793, 0.0, 0.304692654015, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @asin_f16() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xf16>
  %r = chlo.asin %x : tensor<5xf16> -> tensor<5xf16>
  %w = stablehlo.convert %r : (tensor<5xf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.636619772368, 1.0, 1.0, 1.0, 0.893040921909]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.643501108793, 0.0, 0.304692654015, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<5xf64>
  func.return
}

// -----

func.func @acos_f64() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xf64>
  %r = chlo.acos %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.318309886184, 0.451610512629, 0.636619772368, 0.78982473671, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 0.451026811796]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @acos_f32() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xf32>
  %r = chlo.acos %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.318309886184, 0.451610512629, 0.636619772368, 0.78982473671, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 0.451026811796]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @acos_bf16() {
  %x = stablehlo.constant dense<[-1.0, -0.6, 0.0, 0.3, 0.9]> : tensor<5xbf16>
  %r = chlo.acos %x : tensor<5xbf16> -> tensor<5xbf16>
  %w = stablehlo.convert %r : (tensor<5xbf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.318309886184, 0.451610512629, 0.636619772368, 0.78982473671, 1.0]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[1.0, 1.0, 1.0, 1.0, 0.451026811796]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<5xf64>
  func.return
}

// -----

func.func @atan_f64() {
  %x = stablehlo.constant dense<[-10.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xf64>
  %r = chlo.atan %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.679750654866, 1.0, 1.0, 1.0, 0.903221025259]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.785398163397, 0.0, 0.291456794478, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @atan_f32() {
  %x = stablehlo.constant dense<[-10.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xf32>
  %r = chlo.atan %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.679750654866, 1.0, 1.0, 1.0, 0.903221025259]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.785398163397, 0.0, 0.291456794478, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @atan_f16() {
  %x = stablehlo.constant dense<[-10.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xf16>
  %r = chlo.atan %x : tensor<5xf16> -> tensor<5xf16>
  %w = stablehlo.convert %r : (tensor<5xf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.679750654866, 1.0, 1.0, 1.0, 0.903221025259]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.785398163397, 0.0, 0.291456794478, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<5xf64>
  func.return
}

// -----

func.func @atanh_f64() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.3, 0.9]> : tensor<5xf64>
  %r = chlo.atanh %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.67924654379, 1.0, 1.0, 1.0, 0.67924654379]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.549306144334, 0.0, 0.309519604203, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @atanh_f32() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.3, 0.9]> : tensor<5xf32>
  %r = chlo.atanh %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.67924654379, 1.0, 1.0, 1.0, 0.67924654379]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.549306144334, 0.0, 0.309519604203, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @atanh_f16() {
  %x = stablehlo.constant dense<[-0.9, -0.5, 0.0, 0.3, 0.9]> : tensor<5xf16>
  %r = chlo.atanh %x : tensor<5xf16> -> tensor<5xf16>
  %w = stablehlo.convert %r : (tensor<5xf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.67924654379, 1.0, 1.0, 1.0, 0.67924654379]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.549306144334, 0.0, 0.309519604203, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<5xf64>
  func.return
}

// -----

func.func @asinh_f64() {
  %x = stablehlo.constant dense<[-50.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xf64>
  %r = chlo.asinh %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.217142526469, 1.0, 1.0, 1.0, 0.692695640412]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.88137358702, 0.0, 0.295673047563, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @asinh_f32() {
  %x = stablehlo.constant dense<[-50.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xf32>
  %r = chlo.asinh %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.217142526469, 1.0, 1.0, 1.0, 0.692695640412]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.88137358702, 0.0, 0.295673047563, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @asinh_bf16() {
  %x = stablehlo.constant dense<[-50.0, -1.0, 0.0, 0.3, 2.0]> : tensor<5xbf16>
  %r = chlo.asinh %x : tensor<5xbf16> -> tensor<5xbf16>
  %w = stablehlo.convert %r : (tensor<5xbf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[0.217142526469, 1.0, 1.0, 1.0, 0.692695640412]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[-1.0, -0.88137358702, 0.0, 0.295673047563, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-01 : tensor<5xf64>
  func.return
}

// -----

func.func @acosh_f64() {
  %x = stablehlo.constant dense<[1.0, 1.5, 2.0, 10.0, 60.0]> : tensor<5xf64>
  %r = chlo.acosh %x : tensor<5xf64> -> tensor<5xf64>
  %w = stablehlo.convert %r : (tensor<5xf64>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 0.7593257175, 0.334088055386, 0.208880675068]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[0.0, 0.962423650119, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<5xf64>
  func.return
}

// -----

func.func @acosh_f32() {
  %x = stablehlo.constant dense<[1.0, 1.5, 2.0, 10.0, 60.0]> : tensor<5xf32>
  %r = chlo.acosh %x : tensor<5xf32> -> tensor<5xf32>
  %w = stablehlo.convert %r : (tensor<5xf32>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 0.7593257175, 0.334088055386, 0.208880675068]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[0.0, 0.962423650119, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<5xf64>
  func.return
}

// -----

func.func @acosh_f16() {
  %x = stablehlo.constant dense<[1.0, 1.5, 2.0, 10.0, 60.0]> : tensor<5xf16>
  %r = chlo.acosh %x : tensor<5xf16> -> tensor<5xf16>
  %w = stablehlo.convert %r : (tensor<5xf16>) -> tensor<5xf64>
  %s = stablehlo.constant dense<[1.0, 1.0, 0.7593257175, 0.334088055386, 0.208880675068]> : tensor<5xf64>
  %rel = stablehlo.multiply %w, %s : tensor<5xf64>
  %e = stablehlo.constant dense<[0.0, 0.962423650119, 1.0, 1.0, 1.0]> : tensor<5xf64>
  check.expect_almost_eq %rel, %e, tolerance = 2.0e-02 : tensor<5xf64>
  func.return
}

// -----

func.func @square_f64() {
  %x = stablehlo.constant dense<[-3.0, 0.5, 2.0]> : tensor<3xf64>
  %r = chlo.square %x : tensor<3xf64> -> tensor<3xf64>
  %w = stablehlo.convert %r : (tensor<3xf64>) -> tensor<3xf64>
  %s = stablehlo.constant dense<[0.111111111111, 1.0, 0.25]> : tensor<3xf64>
  %rel = stablehlo.multiply %w, %s : tensor<3xf64>
  %e = stablehlo.constant dense<[1.0, 0.25, 1.0]> : tensor<3xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-09 : tensor<3xf64>
  func.return
}

// -----

func.func @square_f32() {
  %x = stablehlo.constant dense<[-3.0, 0.5, 2.0]> : tensor<3xf32>
  %r = chlo.square %x : tensor<3xf32> -> tensor<3xf32>
  %w = stablehlo.convert %r : (tensor<3xf32>) -> tensor<3xf64>
  %s = stablehlo.constant dense<[0.111111111111, 1.0, 0.25]> : tensor<3xf64>
  %rel = stablehlo.multiply %w, %s : tensor<3xf64>
  %e = stablehlo.constant dense<[1.0, 0.25, 1.0]> : tensor<3xf64>
  check.expect_almost_eq %rel, %e, tolerance = 1.0e-04 : tensor<3xf64>
  func.return
}

// -----

func.func @asin_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.asin %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.493039240586, 0.334299817775), (-0.6065115182, 1.62249414887), (1.5002250016, -1.76539016762), (-0.0242492277248, -2.09499781173), (0.20135792079, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @asin_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.asin %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.493039240586, 0.334299817775), (-0.6065115182, 1.62249414887), (1.5002250016, -1.76539016762), (-0.0242492277248, -2.09499781173), (0.20135792079, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @acos_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.acos %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(1.07775708621, -0.334299817775), (2.17730784499, -1.62249414887), (0.0705713251954, 1.76539016762), (1.59504555452, 2.09499781173), (1.369438406, -0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @acos_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.acos %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(1.07775708621, -0.334299817775), (2.17730784499, -1.62249414887), (0.0705713251954, 1.76539016762), (1.59504555452, 2.09499781173), (1.369438406, -0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @acosh_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.acosh %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.334299817775, 1.07775708621), (1.62249414887, 2.17730784499), (1.76539016762, -0.0705713251954), (2.09499781173, -1.59504555452), (0.0, 1.369438406)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @acosh_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.acosh %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.334299817775, 1.07775708621), (1.62249414887, 2.17730784499), (1.76539016762, -0.0705713251954), (2.09499781173, -1.59504555452), (0.0, 1.369438406)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @asinh_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.asinh %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.49790294283, 0.269555641425), (-1.60041005523, 0.887765146184), (1.82034098361, -0.0631739848574), (-2.06378120028, -1.54498274625), (0.198690110349, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @asinh_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.asinh %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.49790294283, 0.269555641425), (-1.60041005523, 0.887765146184), (1.82034098361, -0.0631739848574), (-2.06378120028, -1.54498274625), (0.198690110349, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @atan_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.atan %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.493711659901, 0.240948266465), (-1.31122326967, 0.310428283077), (1.25024194237, -0.019930868458), (-1.56413449584, -0.255235168317), (0.19739555985, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @atan_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.atan %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.493711659901, 0.240948266465), (-1.31122326967, 0.310428283077), (1.25024194237, -0.019930868458), (-1.56413449584, -0.255235168317), (0.19739555985, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @atanh_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.atanh %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.482240147685, 0.36890753006), (-0.220089680662, 1.24525796607), (0.344710227616, -1.54594119841), (-0.00587916570073, -1.32595600017), (0.202732554054, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @atanh_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.atanh %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.482240147685, 0.36890753006), (-0.220089680662, 1.24525796607), (0.344710227616, -1.54594119841), (-0.00587916570073, -1.32595600017), (0.202732554054, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @sinh_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.sinh %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.49782135965, 0.333236258274), (0.886092909363, 2.13904000998), (9.81818439735, -2.00013567137), (0.0654733571731, 0.76058966218), (0.201336002541, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @sinh_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.sinh %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.49782135965, 0.333236258274), (0.886092909363, 2.13904000998), (9.81818439735, -2.00013567137), (0.0654733571731, 0.76058966218), (0.201336002541, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @square_complex_f64() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f64>>
  %r = chlo.square %x : tensor<5xcomplex<f64>> -> tensor<5xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(0.16, 0.3), (-1.75, -6.0), (8.96, -1.2), (-15.99, 0.8), (0.04, 0.0)]> : tensor<5xcomplex<f64>>
  func.return
}

// -----

func.func @square_complex_f32() {
  %x = stablehlo.constant dense<[(0.5, 0.3), (-1.5, 2.0), (3.0, -0.2), (-0.1, -4.0), (0.2, 0.0)]> : tensor<5xcomplex<f32>>
  %r = chlo.square %x : tensor<5xcomplex<f32>> -> tensor<5xcomplex<f32>>
  check.expect_almost_eq_const %r, dense<[(0.16, 0.3), (-1.75, -6.0), (8.96, -1.2), (-15.99, 0.8), (0.04, 0.0)]> : tensor<5xcomplex<f32>>
  func.return
}

// -----

func.func @zeta_f64() {
  %x = stablehlo.constant dense<[2.0, 3.0, 4.5, 2.0]> : tensor<4xf64>
  %q = stablehlo.constant dense<[1.0, 2.0, 0.5, 3.0]> : tensor<4xf64>
  %r = chlo.zeta %x, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %r, dense<[1.64493406685, 0.20205690316, 22.8105991461, 0.394934066848]> : tensor<4xf64>
  func.return
}

// -----

func.func @polygamma_f32() {
  %n = stablehlo.constant dense<[0.0, 1.0, 2.0, 3.0, 1.5, -1.0]> : tensor<6xf32>
  %x = stablehlo.constant dense<[0.5, 1.5, 2.5, 3.5, 1.0, 1.0]> : tensor<6xf32>
  %r = chlo.polygamma %n, %x : tensor<6xf32>, tensor<6xf32> -> tensor<6xf32>
  check.expect_almost_eq_const %r, dense<[-1.96351002602, 0.934802200545, -0.236204051642, 0.0703058488173, 0x7FC00000, 0x7FC00000]> : tensor<6xf32>
  func.return
}

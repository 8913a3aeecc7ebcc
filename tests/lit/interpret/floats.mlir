// RUN: stablehlo-translate --interpret -split-input-file %s

// Narrow floats round to nearest even in their own format after each op;
// f8E4M3FN has no infinity, so overflow gives NaN.
func.func @bf16_rounding() {
  %a = stablehlo.constant dense<[1.0, 256.0]> : tensor<2xbf16>
  %b = stablehlo.constant dense<[0.00390625, 1.0]> : tensor<2xbf16>
  %s = stablehlo.add %a, %b : tensor<2xbf16>
  check.expect_eq_const %s, dense<[1.0, 256.0]> : tensor<2xbf16>
  func.return
}

// -----

func.func @f16_overflow() {
  %a = stablehlo.constant dense<[60000.0, -60000.0]> : tensor<2xf16>
  %s = stablehlo.add %a, %a : tensor<2xf16>
  check.expect_eq_const %s, dense<[0x7C00, 0xFC00]> : tensor<2xf16>
  func.return
}

// -----

// float -> int truncates toward zero and saturates; NaN gives 0.
func.func @convert_to_int() {
  %a = stablehlo.constant dense<[2.9, -2.9, 300.0, -300.0, 0x7FC00000]> : tensor<5xf32>
  %i = stablehlo.convert %a : (tensor<5xf32>) -> tensor<5xi8>
  check.expect_eq_const %i, dense<[2, -2, 127, -128, 0]> : tensor<5xi8>
  %u = stablehlo.convert %a : (tensor<5xf32>) -> tensor<5xui8>
  check.expect_eq_const %u, dense<[2, 0, 255, 0, 0]> : tensor<5xui8>
  func.return
}

// -----

func.func @convert_narrow() {
  %a = stablehlo.constant dense<[1.0625, 1000.0, 0.1]> : tensor<3xf32>
  %h = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xf8E4M3FN>
  check.expect_almost_eq_const %h, dense<[1.0, 0x7F, 0.1015625]> : tensor<3xf8E4M3FN>, tolerance = 0.0
  func.return
}

// -----

// maximum and minimum propagate NaN and order -0 below +0.
func.func @min_max() {
  %a = stablehlo.constant dense<[0x7FC00000, -0.0, 1.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[1.0, 0.0, 2.0]> : tensor<3xf32>
  %mx = stablehlo.maximum %a, %b : tensor<3xf32>
  %mxb = stablehlo.bitcast_convert %mx : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %mxb, dense<[2143289344, 0, 1073741824]> : tensor<3xi32>
  %mn = stablehlo.minimum %a, %b : tensor<3xf32>
  %mnb = stablehlo.bitcast_convert %mn : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %mnb, dense<[2143289344, -2147483648, 1065353216]> : tensor<3xi32>
  func.return
}

// -----

func.func @compare_totalorder() {
  %a = stablehlo.constant dense<[-0.0, 0x7FC00000, 1.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0.0, 1.0, 0x7FC00000]> : tensor<3xf32>
  %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %lt, dense<[true, false, true]> : tensor<3xi1>
  %ieee = stablehlo.compare LT, %a, %b, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  check.expect_eq_const %ieee, dense<[false, false, false]> : tensor<3xi1>
  func.return
}

// -----

func.func @bitcast() {
  %a = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %b = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi32>
  check.expect_eq_const %b, dense<[1065353216, -1073741824]> : tensor<2xi32>
  %c = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x2xui16>
  check.expect_eq_const %c, dense<[[0, 16256], [0, 49152]]> : tensor<2x2xui16>
  %d = stablehlo.bitcast_convert %c : (tensor<2x2xui16>) -> tensor<2xf32>
  check.expect_eq_const %d, dense<[1.0, -2.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @complex_ops() {
  %a = stablehlo.constant dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, -1.0)]> : tensor<1xcomplex<f32>>
  %m = stablehlo.multiply %a, %b : tensor<1xcomplex<f32>>
  check.expect_eq_const %m, dense<[(5.0, 5.0)]> : tensor<1xcomplex<f32>>
  %r = stablehlo.real %m : (tensor<1xcomplex<f32>>) -> tensor<1xf32>
  check.expect_eq_const %r, dense<[5.0]> : tensor<1xf32>
  %abs = stablehlo.abs %b : (tensor<1xcomplex<f32>>) -> tensor<1xf32>
  check.expect_almost_eq_const %abs, dense<[3.16227766]> : tensor<1xf32>
  func.return
}

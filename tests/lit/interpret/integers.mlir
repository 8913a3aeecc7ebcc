// RUN: stablehlo-translate --interpret -split-input-file %s

// Integer arithmetic wraps at the type's width; division by zero and the
// overflowing division follow XLA (x / 0 = -1, x % 0 = x, MIN / -1 = MIN).
func.func @wrap_i4() {
  %a = stablehlo.constant dense<[7, -8, 5, -3]> : tensor<4xi4>
  %b = stablehlo.constant dense<[1, -1, 5, 6]> : tensor<4xi4>
  %s = stablehlo.add %a, %b : tensor<4xi4>
  check.expect_eq_const %s, dense<[-8, 7, -6, 3]> : tensor<4xi4>
  %m = stablehlo.multiply %a, %b : tensor<4xi4>
  check.expect_eq_const %m, dense<[7, -8, -7, -2]> : tensor<4xi4>
  func.return
}

// -----

func.func @unsigned() {
  %a = stablehlo.constant dense<[250, 3, 0]> : tensor<3xui8>
  %b = stablehlo.constant dense<[10, 5, 1]> : tensor<3xui8>
  %s = stablehlo.add %a, %b : tensor<3xui8>
  check.expect_eq_const %s, dense<[4, 8, 1]> : tensor<3xui8>
  %d = stablehlo.subtract %b, %a : tensor<3xui8>
  check.expect_eq_const %d, dense<[16, 2, 1]> : tensor<3xui8>
  %c = stablehlo.compare GT, %a, %b : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  check.expect_eq_const %c, dense<[true, false, false]> : tensor<3xi1>
  %mx = stablehlo.maximum %a, %b : tensor<3xui8>
  check.expect_eq_const %mx, dense<[250, 5, 1]> : tensor<3xui8>
  func.return
}

// -----

func.func @division() {
  %a = stablehlo.constant dense<[7, -7, -128, 5]> : tensor<4xi8>
  %b = stablehlo.constant dense<[2, 2, -1, 0]> : tensor<4xi8>
  %q = stablehlo.divide %a, %b : tensor<4xi8>
  check.expect_eq_const %q, dense<[3, -3, -128, -1]> : tensor<4xi8>
  %r = stablehlo.remainder %a, %b : tensor<4xi8>
  check.expect_eq_const %r, dense<[1, -1, 0, 5]> : tensor<4xi8>
  func.return
}

// -----

func.func @shifts() {
  %a = stablehlo.constant dense<[-16, 1, 64, 3]> : tensor<4xi8>
  %n = stablehlo.constant dense<[2, 7, 9, -1]> : tensor<4xi8>
  %l = stablehlo.shift_left %a, %n : tensor<4xi8>
  check.expect_eq_const %l, dense<[-64, -128, 0, 0]> : tensor<4xi8>
  %ra = stablehlo.shift_right_arithmetic %a, %n : tensor<4xi8>
  check.expect_eq_const %ra, dense<[-4, 0, 0, 0]> : tensor<4xi8>
  %rl = stablehlo.shift_right_logical %a, %n : tensor<4xi8>
  check.expect_eq_const %rl, dense<[60, 0, 0, 0]> : tensor<4xi8>
  func.return
}

// -----

func.func @bits() {
  %a = stablehlo.constant dense<[0, 1, -1, 16]> : tensor<4xi8>
  %p = stablehlo.popcnt %a : tensor<4xi8>
  check.expect_eq_const %p, dense<[0, 1, 8, 1]> : tensor<4xi8>
  %z = stablehlo.count_leading_zeros %a : tensor<4xi8>
  check.expect_eq_const %z, dense<[8, 7, 0, 3]> : tensor<4xi8>
  %n = stablehlo.not %a : tensor<4xi8>
  check.expect_eq_const %n, dense<[-1, -2, 0, -17]> : tensor<4xi8>
  %b = stablehlo.constant dense<[true, false]> : tensor<2xi1>
  %nb = stablehlo.not %b : tensor<2xi1>
  check.expect_eq_const %nb, dense<[false, true]> : tensor<2xi1>
  func.return
}

// -----

func.func @power() {
  %a = stablehlo.constant dense<[2, -1, 3, 2]> : tensor<4xi32>
  %b = stablehlo.constant dense<[10, -3, -1, 31]> : tensor<4xi32>
  %p = stablehlo.power %a, %b : tensor<4xi32>
  check.expect_eq_const %p, dense<[1024, -1, 0, -2147483648]> : tensor<4xi32>
  func.return
}

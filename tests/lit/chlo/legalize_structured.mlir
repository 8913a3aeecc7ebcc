// RUN: stablehlo-opt --chlo-legalize-to-stablehlo -split-input-file %s | stablehlo-translate --interpret -split-input-file
// The structured CHLO lowerings (top_k, scan, ragged_dot, mulhi, next_after,
// the broadcasting ops) run by the interpreter on known answers.

func.func @top_k_int() {
  %x = stablehlo.constant dense<[[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]]> : tensor<2x5xi32>
  %0:2 = chlo.top_k(%x, k = 3) : tensor<2x5xi32> -> (tensor<2x3xi32>, tensor<2x3xi32>)
  check.expect_eq_const %0#0, dense<[[5, 4, 3], [9, 6, 5]]> : tensor<2x3xi32>
  check.expect_eq_const %0#1, dense<[[4, 2, 0], [0, 2, 3]]> : tensor<2x3xi32>
  func.return
}

// -----

func.func @top_k_float_k_larger_than_dim() {
  %x = stablehlo.constant dense<[0.5, -2.0, 7.0]> : tensor<3xf32>
  %0:2 = chlo.top_k(%x, k = 2) : tensor<3xf32> -> (tensor<2xf32>, tensor<2xi32>)
  check.expect_almost_eq_const %0#0, dense<[7.0, 0.5]> : tensor<2xf32>
  check.expect_eq_const %0#1, dense<[2, 0]> : tensor<2xi32>
  func.return
}

// -----

func.func @scan_reverse_cumsum() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %init = stablehlo.constant dense<0.0> : tensor<f32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%e: tensor<f32>, %acc: tensor<f32>):
    %s = stablehlo.add %e, %acc : tensor<f32>
    stablehlo.return %s, %s : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  check.expect_almost_eq_const %0#0, dense<[10.0, 9.0, 7.0, 4.0]> : tensor<4xf32>
  check.expect_almost_eq_const %0#1, dense<10.0> : tensor<f32>
  func.return
}

// -----

// A CHLO op inside the scan body is lowered too.
func.func @scan_body_with_chlo() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %init = stablehlo.constant dense<[0.0, 0.0]> : tensor<2xf32>
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 {
  ^bb0(%e: tensor<2xf32>, %acc: tensor<2xf32>):
    %s = chlo.broadcast_add %e, %acc : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %s, %s : tensor<2xf32>, tensor<2xf32>
  } : (tensor<2x2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %0#0, dense<[[1.0, 3.0], [3.0, 7.0]]> : tensor<2x2xf32>
  check.expect_almost_eq_const %0#1, dense<[3.0, 7.0]> : tensor<2xf32>
  func.return
}

// -----

// Mode 1: rows 0-1 use group 0's matrix, row 2 group 1's.
func.func @ragged_dot_mode1() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[2.0, 0.0], [0.0, 2.0]]]> : tensor<2x2x2xf32>
  %g = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]
  } : (tensor<3x2xf32>, tensor<2x2x2xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  check.expect_almost_eq_const %r, dense<[[1.0, 2.0], [3.0, 4.0], [10.0, 12.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// Mode 2: the ragged dimension is contracting; one result per group.
func.func @ragged_dot_mode2() {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %rhs = stablehlo.constant dense<[[1.0], [10.0], [100.0]]> : tensor<3x1xf32>
  %g = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %r = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  } : (tensor<1x3xf32>, tensor<3x1xf32>, tensor<2xi32>) -> tensor<2x1x1xf32>
  check.expect_almost_eq_const %r, dense<[[[1.0]], [[320.0]]]> : tensor<2x1x1xf32>
  func.return
}

// -----

func.func @mulhi_64() {
  %a = stablehlo.constant dense<[-1, 4611686018427387904, -9223372036854775808]> : tensor<3xi64>
  %b = stablehlo.constant dense<[-1, 4, 2]> : tensor<3xi64>
  %r = "chlo.mulhi"(%a, %b) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  check.expect_eq_const %r, dense<[0, 1, -1]> : tensor<3xi64>
  %ua = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %ub = stablehlo.constant dense<[18446744073709551615, 4294967296]> : tensor<2xui64>
  %u = "chlo.mulhi"(%ua, %ub) : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xui64>
  check.expect_eq_const %u, dense<[18446744073709551614, 1]> : tensor<2xui64>
  func.return
}

// -----

func.func @next_after() {
  %x = stablehlo.constant dense<[1.0, 0.0, -0.0, 2.0, 0x7FC00000]> : tensor<5xf32>
  %y = stablehlo.constant dense<[2.0, -1.0, 1.0, 2.0, 1.0]> : tensor<5xf32>
  %r = chlo.next_after %x, %y : tensor<5xf32>, tensor<5xf32> -> tensor<5xf32>
  %bits = stablehlo.bitcast_convert %r : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq_const %bits, dense<[1065353217, -2147483647, 1, 1073741824, 2143289344]> : tensor<5xi32>
  func.return
}

// -----

func.func @broadcasting_ops() {
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %v = stablehlo.constant dense<[1, 0, 2]> : tensor<3xi32>
  %0 = chlo.broadcast_subtract %m, %v : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %0, dense<[[0, 2, 1], [3, 5, 4]]> : tensor<2x3xi32>
  %1 = chlo.broadcast_shift_left %m, %v : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %1, dense<[[2, 2, 12], [8, 5, 24]]> : tensor<2x3xi32>
  %s = stablehlo.constant dense<2> : tensor<i32>
  %2 = chlo.broadcast_maximum %m, %s : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %2, dense<[[2, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %3 = chlo.broadcast_compare %v, %m {comparison_direction = #chlo<comparison_direction GE>} : (tensor<3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  check.expect_eq_const %3, dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>
  %4 = chlo.broadcast_select %3, %m, %s : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  check.expect_eq_const %4, dense<[[1, 2, 2], [2, 2, 2]]> : tensor<2x3xi32>
  %re = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %im = stablehlo.constant dense<3.0> : tensor<f32>
  %5 = chlo.broadcast_complex %re, %im : (tensor<2xf32>, tensor<f32>) -> tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %5, dense<[(1.0, 3.0), (2.0, 3.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @is_neg_pos_inf() {
  %x = stablehlo.constant dense<[0xFF800000, 0x7F800000, 1.0]> : tensor<3xf32>
  %0 = chlo.is_neg_inf %x : tensor<3xf32> -> tensor<3xi1>
  %1 = chlo.is_pos_inf %x : tensor<3xf32> -> tensor<3xi1>
  check.expect_eq_const %0, dense<[true, false, false]> : tensor<3xi1>
  check.expect_eq_const %1, dense<[false, true, false]> : tensor<3xi1>
  func.return
}

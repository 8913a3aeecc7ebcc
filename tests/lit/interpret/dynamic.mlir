// RUN: stablehlo-translate --interpret -split-input-file %s | FileCheck %s

// Dynamic shape ops take their shape from operands; a result type with
// dynamic dimensions gets the shape computed at run time.
func.func @main() -> tensor<?x?xi64> {
  %operand = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi64>
  %dims = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %r = "stablehlo.dynamic_broadcast_in_dim"(%operand, %dims) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  func.return %r : tensor<?x?xi64>
}
// CHECK:      tensor<2x3xi64> {
// CHECK-NEXT:   [
// CHECK-NEXT:     [1, 1, 1],
// CHECK-NEXT:     [2, 2, 2]
// CHECK-NEXT:   ]
// CHECK-NEXT: }

// -----

func.func @main() -> tensor<?xf32> {
  %shape = stablehlo.constant dense<[4]> : tensor<1xi32>
  %r = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi32>) -> tensor<?xf32>
  func.return %r : tensor<?xf32>
}
// CHECK:      tensor<4xf32> {
// CHECK-NEXT:   [0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]

// -----

func.func @main() -> tensor<?x2xi8> {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi8>
  %shape = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %shape : (tensor<6xi8>, tensor<2xi64>) -> tensor<?x2xi8>
  func.return %r : tensor<?x2xi8>
}
// CHECK:      tensor<3x2xi8> {
// CHECK-NEXT:   [
// CHECK-NEXT:     [1, 2],
// CHECK-NEXT:     [3, 4],
// CHECK-NEXT:     [5, 6]

// -----

func.func @main() -> tensor<?xi64> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %pv = stablehlo.constant dense<0> : tensor<i64>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[-1]> : tensor<1xi64>
  %in = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.dynamic_pad %x, %pv, %lo, %hi, %in : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  func.return %r : tensor<?xi64>
}
// CHECK:      tensor<5xi64> {
// CHECK-NEXT:   [0, 1, 0, 2, 0]

// -----

func.func @main() -> tensor<?x?xi64> {
  %x = stablehlo.constant dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi64>
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  %r = stablehlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<3x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  func.return %r : tensor<?x?xi64>
}
// CHECK:      tensor<2x2xi64> {
// CHECK-NEXT:   [
// CHECK-NEXT:     [4, 7],
// CHECK-NEXT:     [8, 11]

// -----

func.func @main() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi64>
  %idx = stablehlo.constant dense<[[2], [0]]> : tensor<2x1xi64>
  %sizes = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %r = "stablehlo.dynamic_gather"(%x, %idx, %sizes) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>
  } : (tensor<3x3xi64>, tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x2xi64>
  check.expect_eq_const %r, dense<[[7, 8], [1, 2]]> : tensor<2x2xi64>
  func.return
}

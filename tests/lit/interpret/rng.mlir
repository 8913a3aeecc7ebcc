// RUN: stablehlo-translate --interpret -split-input-file %s | FileCheck %s

// rng: values of the right type in [a, b); the bit generator advances its
// state's counter by the blocks it used.
func.func @main() -> (tensor<ui64>, tensor<2xui64>) {
  %a = stablehlo.constant dense<3> : tensor<i32>
  %b = stablehlo.constant dense<7> : tensor<i32>
  %shape = stablehlo.constant dense<[100]> : tensor<1xi64>
  %r = stablehlo.rng %a, %b, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<100xi32>
  %lo = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<i32>) -> tensor<100xi32>
  %hi = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<i32>) -> tensor<100xi32>
  %ge = stablehlo.compare GE, %r, %lo : (tensor<100xi32>, tensor<100xi32>) -> tensor<100xi1>
  %lt = stablehlo.compare LT, %r, %hi : (tensor<100xi32>, tensor<100xi32>) -> tensor<100xi1>
  %in = stablehlo.and %ge, %lt : tensor<100xi1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %all = stablehlo.reduce(%in init: %t) applies stablehlo.and across dimensions = [0] : (tensor<100xi1>, tensor<i1>) -> tensor<i1>
  check.expect_eq_const %all, dense<true> : tensor<i1>
  %fa = stablehlo.constant dense<0.0> : tensor<f32>
  %fb = stablehlo.constant dense<1.0> : tensor<f32>
  %n = stablehlo.rng %fa, %fb, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<100xf32>
  %state = stablehlo.constant dense<[42, 5]> : tensor<2xui64>
  %s2, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
  %s3, %more = stablehlo.rng_bit_generator %state, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  %zero = stablehlo.constant dense<0> : tensor<ui64>
  func.return %zero, %s3 : tensor<ui64>, tensor<2xui64>
}
// CHECK: tensor<ui64> {0}
// CHECK-NEXT: tensor<2xui64> {
// CHECK-NEXT:   [42, 7]

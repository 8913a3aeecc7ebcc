// RUN: stablehlo-translate --interpret -split-input-file %s | FileCheck %s
// RUN: stablehlo-translate --interpret --interpreter-print-dense -split-input-file %s | FileCheck %s --check-prefix=DENSE

// Results print as StableHLO's interpreter prints them: one bracketed line
// per innermost row, scalars inline, complex elements as [re, im].
func.func @main() -> (tensor<2x3xi16>, tensor<ui4>, tensor<2xbf16>, tensor<1xcomplex<f64>>, tensor<3xi1>) {
  %a = stablehlo.constant dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi16>
  %b = stablehlo.constant dense<15> : tensor<ui4>
  %c = stablehlo.constant dense<[1.5, -0.25]> : tensor<2xbf16>
  %d = stablehlo.constant dense<(1.0, -2.0)> : tensor<1xcomplex<f64>>
  %e = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
  func.return %a, %b, %c, %d, %e : tensor<2x3xi16>, tensor<ui4>, tensor<2xbf16>, tensor<1xcomplex<f64>>, tensor<3xi1>
}
// CHECK:      tensor<2x3xi16> {
// CHECK-NEXT:   [
// CHECK-NEXT:     [1, -2, 3],
// CHECK-NEXT:     [4, 5, -6]
// CHECK-NEXT:   ]
// CHECK-NEXT: }
// CHECK-NEXT: tensor<ui4> {15}
// CHECK-NEXT: tensor<2xbf16> {
// CHECK-NEXT:   [1.500000e+00, -2.500000e-01]
// CHECK-NEXT: }
// CHECK-NEXT: tensor<1xcomplex<f64>> {
// CHECK-NEXT{LITERAL}:   [[1.000000e+00, -2.000000e+00]]
// CHECK-NEXT: }
// CHECK-NEXT: tensor<3xi1> {
// CHECK-NEXT:   [true, false, true]
// CHECK-NEXT: }
// DENSE{LITERAL}: dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi16>
// DENSE-NEXT: dense<15> : tensor<ui4>
// DENSE-NEXT: dense<[1.500000e+00, -2.500000e-01]> : tensor<2xbf16>
// DENSE-NEXT: dense<(1.000000e+00,-2.000000e+00)> : tensor<1xcomplex<f64>>
// DENSE-NEXT: dense<[true, false, true]> : tensor<3xi1>

// -----

// A tuple prints its elements, a token as `token`; a function without
// results prints nothing.
func.func @main() -> (tuple<tensor<i32>, tensor<f32>>, !stablehlo.token) {
  %a = stablehlo.constant dense<7> : tensor<i32>
  %b = stablehlo.constant dense<2.0> : tensor<f32>
  %t = stablehlo.tuple %a, %b : tuple<tensor<i32>, tensor<f32>>
  %k = stablehlo.after_all : !stablehlo.token
  func.return %t, %k : tuple<tensor<i32>, tensor<f32>>, !stablehlo.token
}
// CHECK:      tuple<tensor<i32>, tensor<f32>> (
// CHECK-NEXT: tensor<i32> {7},
// CHECK-NEXT: tensor<f32> {2.000000e+00}
// CHECK-NEXT: )
// CHECK-NEXT: token

// -----

// interpreter.print names the printed value as the reference does: the
// text of its defining op up to "= " (`%0:2 = ` for one of several results, `%c = ` for a constant).
func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  %b:2 = stablehlo.optimization_barrier %a, %a : tensor<i32>, tensor<i32>
  interpreter.print %b#1 : tensor<i32>
  interpreter.print %a : tensor<i32>
  func.return
}
// CHECK:      %0:2 = tensor<i32> {1}
// CHECK-NEXT: %c = tensor<i32> {1}

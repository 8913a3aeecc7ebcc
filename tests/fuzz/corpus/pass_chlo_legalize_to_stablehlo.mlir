//!chlo-legalize-to-stablehlo
func.func @main(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2xcomplex<f64>>, %i: tensor<4xi64>, %h: tensor<3xbf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xcomplex<f64>>, tensor<4xi64>, tensor<3xbf16>, tensor<2x2xf32>, tensor<2x2xi32>) {
  %0 = chlo.broadcast_polygamma %a, %b : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = chlo.erf_inv %0 : tensor<2x3xf32> -> tensor<2x3xf32>
  %2 = chlo.acos %c : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %3 = chlo.atanh %2 : tensor<2xcomplex<f64>> -> tensor<2xcomplex<f64>>
  %4 = "chlo.mulhi"(%i, %i) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
  %5 = chlo.digamma %h : tensor<3xbf16> -> tensor<3xbf16>
  %6 = chlo.next_after %5, %5 : tensor<3xbf16>, tensor<3xbf16> -> tensor<3xbf16>
  %7:2 = chlo.top_k(%a, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)
  func.return %0, %1, %3, %4, %6, %7#0, %7#1 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xcomplex<f64>>, tensor<4xi64>, tensor<3xbf16>, tensor<2x2xf32>, tensor<2x2xi32>
}

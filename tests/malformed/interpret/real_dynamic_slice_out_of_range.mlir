// ERROR: 7:8: stablehlo.real_dynamic_slice: dimension 0: start 2, limit 5
func.func @main() -> tensor<?xi64> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %s = stablehlo.constant dense<[2]> : tensor<1xi64>
  %l = stablehlo.constant dense<[5]> : tensor<1xi64>
  %t = stablehlo.constant dense<[1]> : tensor<1xi64>
  %r = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<3xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  func.return %r : tensor<?xi64>
}

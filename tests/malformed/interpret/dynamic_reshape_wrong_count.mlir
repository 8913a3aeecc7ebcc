// ERROR: 6:8: stablehlo.reshape: 3 elements into 4
func.func @main() -> tensor<?xi64> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %c = stablehlo.constant dense<[2]> : tensor<1xi64>
  %s = stablehlo.add %c, %c : tensor<1xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<3xi64>, tensor<1xi64>) -> tensor<?xi64>
  func.return %r : tensor<?xi64>
}

// ERROR: 5:3: check.expect_eq: Element values don't match
func.func @main() -> tensor<2xi8> {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %b = stablehlo.constant dense<[1, 3]> : tensor<2xi8>
  check.expect_eq %a, %b : tensor<2xi8>
  func.return %a : tensor<2xi8>
}

// ERROR: 2:1: incorrect number of arguments specified, provided 0 inputs but function expected 1
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  func.return %a : tensor<2xf32>
}

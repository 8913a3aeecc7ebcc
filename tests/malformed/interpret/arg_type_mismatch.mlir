// ERROR: 3:1: invalid input argument type at index 0, input type was tensor<2xi32> but entry function expected tensor<2xf32>
// ARGS: --args=[dense<1>:tensor<2xi32>]
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  func.return %a : tensor<2xf32>
}

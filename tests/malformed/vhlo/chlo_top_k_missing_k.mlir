// ERROR: 3:25: custom op 'chlo.top_k' expected 'k'
func.func @f(%a: tensor<4xf32>) {
  %0:2 = chlo.top_k(%a, 8) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return
}

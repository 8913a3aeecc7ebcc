// ERROR: 3:35: expected '('
func.func @f(%a: tensor<4xf32>) {
  %0 = chlo.broadcast_add %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// ERROR: 3:8: custom op 'chlo.scan' operand types must match the number of inputs and inits
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  %0 = chlo.scan (%a) inits (%b) dimension = 0 {
  } : (tensor<2x3xf32>) -> (tensor<2x3xf32>)
  return
}

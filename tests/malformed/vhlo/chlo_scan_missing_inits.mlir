// ERROR: 3:27: custom op 'chlo.scan' expected 'inits'
func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  %0, %1 = chlo.scan (%a) (%b) dimension = 0 {
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return
}

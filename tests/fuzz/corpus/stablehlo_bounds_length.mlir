// ERROR: 2:33: Bounds length is 2, expected to be equal to rank(1) of the tensor 'tensor<?xf32>'
func.func @bounds_length(%arg0: tensor<?xf32, #stablehlo.bounds<3, 4>>) {
  return
}

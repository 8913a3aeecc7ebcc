// ERROR: 4:48: custom op 'stablehlo.reduce_precision' unable to parse mantissa '99999999999999999999999'
// NO-UNREGISTERED
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce_precision %a, format = e5m99999999999999999999999 : tensor<4xf32>
  return %0 : tensor<4xf32>
}

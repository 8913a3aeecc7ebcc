func.func @f(%arg0: tensor<?x2xf32, #stablehlo.bounds<5, ?>>) -> tensor<?x2xf32, #stablehlo.bounds<5, ?>> {
  %0 = stablehlo.abs %arg0 : tensor<?x2xf32, #stablehlo.bounds<5, ?>>
  return %0 : tensor<?x2xf32, #stablehlo.bounds<5, ?>>
}

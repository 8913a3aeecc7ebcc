// ERROR: 5:8: failed to legalize operation 'chlo.erf' that was explicitly marked illegal
// ARGS: --chlo-legalize-to-stablehlo
// A dynamic shape: the lowerings take static shapes only.
func.func @main(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = chlo.erf %arg0 : tensor<?xf32> -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

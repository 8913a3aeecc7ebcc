// ERROR: 5:10: failed to legalize operation 'chlo.top_k' that was explicitly marked illegal
// ARGS: --chlo-legalize-to-stablehlo
// A dynamic top_k operand.
func.func @main(%arg0: tensor<?x5xf32>) -> (tensor<?x2xf32>, tensor<?x2xi32>) {
  %0:2 = chlo.top_k(%arg0, k = 2) : tensor<?x5xf32> -> (tensor<?x2xf32>, tensor<?x2xi32>)
  return %0#0, %0#1 : tensor<?x2xf32>, tensor<?x2xi32>
}

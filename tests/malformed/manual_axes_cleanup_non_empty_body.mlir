// ERROR: 7:3: op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage, please contact the Shardy team or file a bug.
// ARGS: -sdy-manual-axes-cleanup
// NO-UNREGISTERED
sdy.mesh @mesh = <["x"=2]>

func.func @main() {
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"x"} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}

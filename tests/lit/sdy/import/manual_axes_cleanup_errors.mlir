// RUN: sdy_opt %s -split-input-file -sdy-manual-axes-cleanup -verify-diagnostics

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Manual axes with no in/out shardings are only allowed around an empty body.
func.func @no_inputs_outputs_non_empty_body() {
  // expected-error @+1 {{op has manual_axes when there are no in/out shardings and the body is not empty. This isn't allowed at this stage, please contact the Shardy team or file a bug.}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"x"} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>

// Every such manual computation is reported, not only the first.
func.func @two_errors() {
  // expected-error @+1 {{op has manual_axes when there are no in/out shardings}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"x"} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  // expected-error @+1 {{op has manual_axes when there are no in/out shardings}}
  sdy.manual_computation() in_shardings=[] out_shardings=[] manual_axes={"y"} () {
    %0 = stablehlo.constant dense<1.0> : tensor<2xf32>
    sdy.return
  } : () -> ()
  return
}

// RUN: sdy_opt %s -sdy-pad-for-divisibility -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["x"=4]>

// Function inputs and outputs must be divisible.
// expected-error @+2 {{'func.func' op result #0 has a non-divisible sharding. Shardy expects function IO to be divisible.}}
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @indivisible_result(%arg0: tensor<6xf32>) -> (tensor<6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.all_slice [{"x"}] %arg0 out_sharding=<@mesh, [{"x"}]> : tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

sdy.mesh @mesh = <["x"=4]>

// A slice whose padded result would need data another device holds (Shardy
// aborts on a failed check here).
func.func @slice_needs_communication(%arg0: tensor<16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<6xf32> {
  // expected-error @+2 {{'stablehlo.slice' op dimension 0 cannot be padded for divisibility without device communication}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.slice' that was explicitly marked illegal}}
  %0 = stablehlo.slice %arg0 [2:8] {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>} : (tensor<16xf32>) -> tensor<6xf32>
  %1 = sdy.all_gather [{"x"}] %0 out_sharding=<@mesh, [{}]> : tensor<6xf32>
  return %1 : tensor<6xf32>
}

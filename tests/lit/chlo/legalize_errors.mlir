// RUN: stablehlo-opt --chlo-legalize-to-stablehlo -split-input-file -verify-diagnostics %s
// What chlo-legalize-to-stablehlo cannot lower fails the pass at the op.

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{failed to legalize operation 'chlo.erf' that was explicitly marked illegal}}
  %0 = chlo.erf %a : tensor<?xf32> -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @non_prefix_dims(%a: tensor<3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-warning @+2 {{unsupported non prefix-padded dynamic rank broadcast_dimensions = array<i64: 0>}}
  // expected-error @+1 {{failed to legalize operation 'chlo.broadcast_add' that was explicitly marked illegal}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  func.return %0 : tensor<3x4xf32>
}

// -----

func.func @complex_bessel(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{failed to legalize operation 'chlo.bessel_i1e' that was explicitly marked illegal}}
  %0 = chlo.bessel_i1e %a : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  func.return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @f8_erf(%a: tensor<2xf8E4M3FN>) -> tensor<2xf8E4M3FN> {
  // expected-error @+1 {{failed to legalize operation 'chlo.erf' that was explicitly marked illegal}}
  %0 = chlo.erf %a : tensor<2xf8E4M3FN> -> tensor<2xf8E4M3FN>
  func.return %0 : tensor<2xf8E4M3FN>
}

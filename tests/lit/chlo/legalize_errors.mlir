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

// -----

// StableHLO's is_inf, next_after and atanh make an infinity or a NaN, which
// a format without NaN lacks (APFloat stops at an llvm_unreachable): they
// lower no f4/f6 operand, the broadcasting form reported at itself.
func.func @f4_is_inf(%a: tensor<2xf4E2M1FN>) -> tensor<2xi1> {
  // expected-error @+1 {{failed to legalize operation 'chlo.is_inf' that was explicitly marked illegal}}
  %0 = chlo.is_inf %a : tensor<2xf4E2M1FN> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// -----

func.func @f6_bcast_next_after(%a: tensor<2xf6E2M3FN>, %b: tensor<f6E2M3FN>) -> tensor<2xf6E2M3FN> {
  // expected-error @+1 {{failed to legalize operation 'chlo.broadcast_next_after' that was explicitly marked illegal}}
  %0 = chlo.broadcast_next_after %a, %b : (tensor<2xf6E2M3FN>, tensor<f6E2M3FN>) -> tensor<2xf6E2M3FN>
  func.return %0 : tensor<2xf6E2M3FN>
}

// -----

func.func @f6_atanh(%a: tensor<2xf6E3M2FN>) -> tensor<2xf6E3M2FN> {
  // expected-error @+1 {{failed to legalize operation 'chlo.atanh' that was explicitly marked illegal}}
  %0 = chlo.atanh %a : tensor<2xf6E3M2FN> -> tensor<2xf6E3M2FN>
  func.return %0 : tensor<2xf6E3M2FN>
}

// -----

// -inf in f8E8M0FNU is a negative NaN, and the format has no sign.
func.func @e8m0_is_neg_inf(%a: tensor<2xf8E8M0FNU>) -> tensor<2xi1> {
  // expected-error @+1 {{failed to legalize operation 'chlo.is_neg_inf' that was explicitly marked illegal}}
  %0 = chlo.is_neg_inf %a : tensor<2xf8E8M0FNU> -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// -----

func.func @f8_bessel(%a: tensor<2xf8E5M2>) -> tensor<2xf8E5M2> {
  // expected-error @+1 {{failed to legalize operation 'chlo.bessel_i1e' that was explicitly marked illegal}}
  %0 = chlo.bessel_i1e %a : tensor<2xf8E5M2> -> tensor<2xf8E5M2>
  func.return %0 : tensor<2xf8E5M2>
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO's quantization rules.

func.func @add_per_axis_dim(%a: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>> {
  // expected-error @below {{quantization_dimension of lhs and result are not same '!quant.uniform<i8:f32:1, {1.000000e+00,2.000000e+00,3.000000e+00}>' vs '!quant.uniform<i8:f32:0, {1.000000e+00,2.000000e+00}>'}}
  %0 = "stablehlo.add"(%a, %a) : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>, tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
  return %0 : tensor<2x3x!quant.uniform<i8:f32:0, {1.0, 2.0}>>
}

// -----

func.func @add_storage(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>> {
  // expected-error @below {{mismatched operands and result quantization storage types}}
  %0 = "stablehlo.add"(%a, %b) : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i16:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0>>
}

// -----

// The per-axis dimension follows the permutation.
func.func @transpose_ok(%a: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
}

// -----

func.func @transpose_dim(%a: tensor<3x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>> {
  // expected-error @below {{operand quantization_dimension 1 is not same as permutation[1] = 0}}
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<3x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>
  return %0 : tensor<3x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>
}

// -----

func.func @transpose_scales(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>> {
  // expected-error @below {{expect same quantization scale and zero_point but got 'tensor<2x!quant.uniform<i8:f32, 1.000000e+00>>' vs 'tensor<2x!quant.uniform<i8:f32, 2.000000e+00>>'}}
  %0 = stablehlo.transpose %a, dims = [0] : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 2.0>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0>>
}

// -----

func.func @broadcast_dim(%a: tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>> {
  // expected-error @below {{result quantization_dimension 0 not same as broadcast_dimensions[0] = 1}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<2x!quant.uniform<i8:f32:0, {1.0, 2.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:0, {1.0, 2.0, 3.0}>>
}

// -----

// StableHLO compares the scales pairwise up to the shorter list.
func.func @reshape_dim(%a: tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>> {
  // expected-error @below {{expect same quantization dimension size for operand and result}}
  %0 = stablehlo.reshape %a : (tensor<2x3x!quant.uniform<i8:f32:1, {1.0, 2.0, 3.0}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
  return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {1.0, 2.0}>>
}

// -----

// Zero points outside the storage range leave the quantized classes.
func.func @zero_point_range(%a: tensor<2x!quant.uniform<i8:f32, 1.0:300>>) -> tensor<2x!quant.uniform<i8:f32, 1.0:300>> {
  // expected-error @below {{op operand #0 must be ranked tensor of}}
  %0 = stablehlo.add %a, %a : tensor<2x!quant.uniform<i8:f32, 1.0:300>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 1.0:300>>
}

// -----

// A quantized constant holds its storage values.
func.func @constant_storage() -> tensor<2x!quant.uniform<i8:f32, 2.0:15>> {
  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0:15>>
}

// -----

func.func @constant_mismatch() -> tensor<2x!quant.uniform<i8:f32, 2.0:15>> {
  // expected-error @below {{'stablehlo.constant' op inferred type(s) 'tensor<2xui8>' are incompatible with return type(s) of operation 'tensor<2x!quant.uniform<i8:f32, 2.000000e+00:15>>'}}
  // expected-error @below {{'stablehlo.constant' op failed to infer returned types}}
  %0 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xui8>} : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0:15>>
}

// -----

func.func @uniform_quantize_expressed(%a: tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f32, 2.0:3>> {
  // expected-error @below {{Expressed type of result expected to be 'f16', but got 'f32'}}
  %0 = stablehlo.uniform_quantize %a : (tensor<2xf16>) -> tensor<2x!quant.uniform<i8:f32, 2.0:3>>
  return %0 : tensor<2x!quant.uniform<i8:f32, 2.0:3>>
}

// RUN: sdy_opt -split-input-file -verify-diagnostics %s
// StableHLO's shape rules for clamp, cholesky, triangular_solve,
// dynamic_update_slice and bitcast_convert.

func.func @clamp_min(%min: tensor<3xf32>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{min shape [3] is not scalar and is not compatible to operand shape [4]}}
  %0 = stablehlo.clamp %min, %a, %a : (tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @clamp_max(%a: tensor<2x4xf32>, %max: tensor<2x3xf32>) -> tensor<2x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{max shape [2, 3] is not scalar and is not compatible to operand shape [2, 4]}}
  %0 = "stablehlo.clamp"(%a, %a, %max) : (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @clamp_result(%s: tensor<f32>, %a: tensor<4xf32>) -> tensor<5xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.clamp' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<5xf32>'}}
  %0 = "stablehlo.clamp"(%s, %a, %s) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @cholesky_rank(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{argument 'a' must have rank >= 2, got shape 4.}}
  %0 = "stablehlo.cholesky"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cholesky_square(%a: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{minor dimensions of 'a' must have equal size, got shape 2, 3, 4.}}
  %0 = "stablehlo.cholesky"(%a) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @triangular_rank(%a: tensor<4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{operand 'a' must have rank >= 2, but got 'tensor<4xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @triangular_shared(%a: tensor<4x4xf32>, %b: tensor<5x3xf32>) -> tensor<5x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{shared dimension of operands 'a' and 'b' must be compatible, but got 'tensor<4x4xf32>' and 'tensor<5x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}

// -----

func.func @triangular_batch(%a: tensor<2x4x4xf32>, %b: tensor<3x4x3xf32>) -> tensor<3x4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{batch dimensions of the operands must be compatible, but got 'tensor<2x4x4xf32>' and 'tensor<3x4x3xf32>'}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x4x4xf32>, tensor<3x4x3xf32>) -> tensor<3x4x3xf32>
  return %0 : tensor<3x4x3xf32>
}

// -----

func.func @triangular_transpose(%a: tensor<4x4xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{Invalid transpose option value for triangular solve}}
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dus_rank(%a: tensor<4x4xf32>, %u: tensor<2xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{update rank does not match operand rank: 1 vs 2.}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4x4xf32>, tensor<2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dus_starts(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects number of start_indices to match operand rank: 1 vs 2.}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dus_index_types(%a: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> tensor<4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{start indices must have same element type}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %j : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @dus_size(%a: tensor<4x4xf32>, %u: tensor<2x5xf32>, %i: tensor<i32>) -> tensor<4x4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects size at dimension 1 of update to be in range [0, 4]. Got: 5.}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<4x4xf32>, tensor<2x5xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @bitcast_complex(%a: tensor<2xf64>) -> tensor<2xcomplex<f32>> {
  // expected-error @below {{cannot convert between real and complex types, but got: 'tensor<2xf64>' and 'tensor<2xcomplex<f32>>'}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf64>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @bitcast_rank(%a: tensor<2xf32>) -> tensor<2xi8> {
  // expected-error @below {{rank of smaller element type (1) should be 1 more than rank of larger element type (1), but 1 != 1 + 1.}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @bitcast_width(%a: tensor<2xf32>) -> tensor<2x3xi8> {
  // expected-error @below {{requires compatible bit widths. Got: 'tensor<2xf32>' and 'tensor<2x3xi8>', but 8 * 3 != 32.}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----

func.func @bitcast_shape(%a: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error @below {{operand and result shapes must match except for the innermost dimension of the shape with the smaller element type. Got: 'tensor<2xf32>' and 'tensor<3xi32>'.}}
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @valid(%a: tensor<2xf32>, %m: tensor<3x4x4xf32>, %b: tensor<3x4x2xf32>, %i: tensor<i32>) -> tensor<2x4xi8> {
  %0 = stablehlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x4xi8>
  %1 = "stablehlo.cholesky"(%m) : (tensor<3x4x4xf32>) -> tensor<3x4x4xf32>
  %2 = "stablehlo.triangular_solve"(%m, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x4x4xf32>, tensor<3x4x2xf32>) -> tensor<3x4x2xf32>
  %3 = stablehlo.dynamic_update_slice %m, %b, %i, %i, %i : (tensor<3x4x4xf32>, tensor<3x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3x4x4xf32>
  return %0 : tensor<2x4xi8>
}

// -----

func.func @fft_rank(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{rank must be between 1 and 3, but got 4.}}
  %0 = stablehlo.fft %a, type = FFT, length = [1, 1, 1, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @rfft_input(%a: tensor<4xf16>) -> tensor<3xcomplex<f32>> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{RFFT requires f32 or f64 input type, but is given 'f16'.}}
  %0 = stablehlo.fft %a, type = RFFT, length = [4] : (tensor<4xf16>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @fft_input(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{FFT/IFFT/IRFFT take a complex tensor as input, but is given 'tensor<4xf32>'.}}
  %0 = stablehlo.fft %a, type = IFFT, length = [4] : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_operand_rank(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{operand rank must not be less than fft rank of 2 for operand of type 'tensor<4xcomplex<f32>>'.}}
  %0 = stablehlo.fft %a, type = FFT, length = [4, 4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @rfft_length(%a: tensor<2x8xf32>) -> tensor<2x5xcomplex<f32>> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{RFFT requires innermost dimensions to be compatible with fft_length. Got: 2, 8 but wanted 6.}}
  %0 = stablehlo.fft %a, type = RFFT, length = [6] : (tensor<2x8xf32>) -> tensor<2x5xcomplex<f32>>
  return %0 : tensor<2x5xcomplex<f32>>
}

// -----

func.func @irfft_nonfinal(%a: tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{IRFFT requires non-final dimensions to be compatible with fft_length. Got: 3, 5 but wanted 4, 8, and 3 != 4.}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [4, 8] : (tensor<3x5xcomplex<f32>>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}

// -----

func.func @irfft_inner(%a: tensor<6xcomplex<f32>>) -> tensor<8xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: 6 but fft_length is 8.}}
  %0 = stablehlo.fft %a, type = IRFFT, length = [8] : (tensor<6xcomplex<f32>>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rfft_result(%a: tensor<8xf32>) -> tensor<8xcomplex<f32>> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.fft' op inferred type(s) 'tensor<5xcomplex<f32>>' are incompatible with return type(s) of operation 'tensor<8xcomplex<f32>>'}}
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

func.func @fft_valid(%a: tensor<8xf32>, %c: tensor<2x5xcomplex<f64>>) -> tensor<5xcomplex<f32>> {
  %0 = stablehlo.fft %a, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %1 = stablehlo.fft %c, type = IRFFT, length = [8] : (tensor<2x5xcomplex<f64>>) -> tensor<2x8xf64>
  %2 = stablehlo.fft %c, type = FFT, length = [2, 5] : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

func.func @bn_multi(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %g: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects multi-dimensional operands to have compatible shapes.}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %g) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @bn_single(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %t: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects single-dimensional operands to have compatible shapes.}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %t) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bn_feature_index(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects featureIndex to be smaller than the rank of multi-dimensional operands; got featureIndex 2, and rank 2.}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 2 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @bn_feature_count(%x: tensor<2x?xf32>, %s: tensor<3xf32>) -> tensor<2x?xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is 3 and the feature count is 2.}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 0 : i64} : (tensor<2x?xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x?xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x?xf32>
}

// -----

func.func @bn_results(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.batch_norm_training' op inferred type(s) 'tensor<2x3xf32>', 'tensor<3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<2x3xf32>', 'tensor<4xf32>', 'tensor<3xf32>'}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

// -----

func.func @bn_valid(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %d: tensor<?xf32>) -> tensor<2x3xf32> {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %d) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<?xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 1.0e-03 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

func.func @barrier_result(%a: tensor<2xf32>, %t: !stablehlo.token) -> tensor<3xf32> {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @below {{'stablehlo.optimization_barrier' op inferred type(s) 'tensor<2xf32>', '!stablehlo.token' are incompatible with return type(s) of operation 'tensor<3xf32>', '!stablehlo.token'}}
  %0:2 = "stablehlo.optimization_barrier"(%a, %t) : (tensor<2xf32>, !stablehlo.token) -> (tensor<3xf32>, !stablehlo.token)
  return %0#0 : tensor<3xf32>
}

// -----

func.func @rng_state(%s: tensor<2xui64>) -> tensor<3xui64> {
  // expected-error @below {{output state shape must be compatible with initial state shape. Got: 'tensor<2xui64>' and 'tensor<3xui64>'}}
  %0:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0 : tensor<3xui64>
}

// -----

func.func @barrier_rng_valid(%a: tensor<2xf32>, %t: !stablehlo.token, %s: tensor<2xui64>) -> tensor<2xf32> {
  %0:2 = "stablehlo.optimization_barrier"(%a, %t) : (tensor<2xf32>, !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %1:2 = "stablehlo.rng_bit_generator"(%s) {rng_algorithm = #stablehlo<rng_algorithm DEFAULT>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %0#0 : tensor<2xf32>
}

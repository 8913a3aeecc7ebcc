// RUN: sdy_opt %s | FileCheck %s
// RUN: sdy_opt %s > %t.1 && sdy_opt %t.1 > %t.2 && diff %t.1 %t.2
// RUN: sdy_opt %s -mlir-print-op-generic > %t.g && mlir-opt-22 --allow-unregistered-dialect -mlir-print-op-generic %t.g | diff %t.g -
// RUN: sdy_opt %t.g | diff %t.1 -
// dot, dot_general, convolution, fft, cholesky, triangular_solve, batch norm,
// rng, einsum and custom_call.

// CHECK-LABEL: func.func @dots
func.func @dots(%a: tensor<2x8x16xf32>, %b: tensor<2x16x4xf32>, %m: tensor<8x16xf32>, %n: tensor<16x4xf32>) -> tensor<2x8x4xf32> {
  // CHECK: stablehlo.dot %arg2, %arg3 : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %0 = stablehlo.dot %m, %n : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.dot %arg2, %arg3, precision = [DEFAULT, HIGHEST] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %1 = stablehlo.dot %m, %n, precision = [DEFAULT, HIGHEST] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  %2 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x8x16xf32>, tensor<2x16x4xf32>) -> tensor<2x8x4xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [HIGH, HIGH] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %3 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0], precision = [HIGH, HIGH] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %4 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // The attribute form reads into the same op.
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %5 = "stablehlo.dot_general"(%m, %n) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.einsum %arg2, %arg3, config = "ab,bc->ac" : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  %6 = stablehlo.einsum %m, %n, config = "ab,bc->ac" : (tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>
  // CHECK: stablehlo.unary_einsum %arg2, config = "ab->ba" : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %7 = stablehlo.unary_einsum %m, config = "ab->ba" : (tensor<8x16xf32>) -> tensor<16x8xf32>
  return %2 : tensor<2x8x4xf32>
}

// CHECK-LABEL: func.func @convs
func.func @convs(%in: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %in2: tensor<1x3x8x8xf32>, %k2: tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  %0 = stablehlo.convolution(%in, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [0, 0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  // An empty window.
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
  %1 = stablehlo.convolution(%in2, %k2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<16x3x3x3xf32>) -> tensor<1x6x6x16xf32>
  // The generic spelling with #stablehlo.conv.
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2]}
  %2 = "stablehlo.convolution"(%in, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x3x3x16xf32>
  // CHECK: %3 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {
  %3 = "stablehlo.convolution"(%in, %k) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// CHECK-LABEL: func.func @numerics
func.func @numerics(%c: tensor<8x32xcomplex<f32>>, %a: tensor<4x4xf32>, %b: tensor<4x3xf32>, %x: tensor<2x4xf32>, %s: tensor<4xf32>, %st: tensor<2xui64>) -> tensor<4x4xf32> {
  // CHECK: stablehlo.fft %arg0, type =  FFT, length = [32] : (tensor<8x32xcomplex<f32>>) -> tensor<8x32xcomplex<f32>>
  %0 = stablehlo.fft %c, type = FFT, length = [32] : (tensor<8x32xcomplex<f32>>) -> tensor<8x32xcomplex<f32>>
  // CHECK: stablehlo.fft %arg0, type =  IRFFT, length = [62] : (tensor<8x32xcomplex<f32>>) -> tensor<8x62xf32>
  %1 = stablehlo.fft %c, type = IRFFT, length = [62] : (tensor<8x32xcomplex<f32>>) -> tensor<8x62xf32>
  // CHECK: stablehlo.cholesky %arg1, lower = true : tensor<4x4xf32>
  %2 = stablehlo.cholesky %a, lower = true : tensor<4x4xf32>
  // CHECK: stablehlo.cholesky %arg1 : tensor<4x4xf32>
  %3 = stablehlo.cholesky %a : tensor<4x4xf32>
  // CHECK: "stablehlo.triangular_solve"(%arg1, %arg2) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %4 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false} : (tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  // CHECK: "stablehlo.batch_norm_inference"(%arg3, %arg4, %arg4, %arg4, %arg4) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
  %5 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  // CHECK: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"
  %6:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>)
  // CHECK: %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"
  %7:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>)
  // Ops with several fixed results name them after ODS, uniqued (%output_0).
  // CHECK: %output_state, %output_0 = stablehlo.rng_bit_generator %arg5, algorithm =  DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %8:2 = stablehlo.rng_bit_generator %st, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %lo = stablehlo.constant dense<0.0> : tensor<f32>
  %shape = stablehlo.constant dense<[4, 4]> : tensor<2xi64>
  // CHECK: stablehlo.rng %cst, %cst, %c, distribution =  UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x4xf32>
  %9 = stablehlo.rng %lo, %lo, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4x4xf32>
  return %2 : tensor<4x4xf32>
}

// CHECK-LABEL: func.func @custom_calls
func.func @custom_calls(%a: tensor<8xf32>, %t: !stablehlo.token) -> tensor<8xf32> {
  // CHECK: stablehlo.custom_call @foo(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
  %0 = stablehlo.custom_call @foo(%a) {api_version = 1 : i32, has_side_effect = false} : (tensor<8xf32>) -> tensor<8xf32>
  // CHECK: stablehlo.custom_call @bar(%arg0, %arg1) {api_version = 2 : i32, backend_config = "cfg", has_side_effect = true} : (tensor<8xf32>, !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  %1:2 = stablehlo.custom_call @bar(%a, %t) {backend_config = "cfg", has_side_effect = true, api_version = 2 : i32} : (tensor<8xf32>, !stablehlo.token) -> (tensor<8xf32>, !stablehlo.token)
  // CHECK: stablehlo.custom_call @"with space"(%arg0) {api_version = 4 : i32, backend_config = {k = 1 : i64}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<8xf32>) -> tensor<8xf32>
  %2 = stablehlo.custom_call @"with space"(%a) {api_version = 4 : i32, backend_config = {k = 1 : i64}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

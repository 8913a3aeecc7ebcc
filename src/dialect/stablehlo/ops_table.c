/* The StableHLO op table: one row per op of StablehloOps.td with its traits,
 * its properties (inherent attributes), and its syntax: a format string for
 * the format engine (ops_format.c), hand-written hooks (ops_custom.c), or
 * none for the ops StableHLO itself prints in generic form. */
#include "dialect/stablehlo/shlo.h"

static const char *const cbrt_props[] = {"result_accuracy", NULL};
static const char *const cosine_props[] = {"result_accuracy", NULL};
static const char *const exponential_props[] = {"result_accuracy", NULL};
static const char *const exponential_minus_one_props[] = {"result_accuracy", NULL};
static const char *const log_props[] = {"result_accuracy", NULL};
static const char *const log_plus_one_props[] = {"result_accuracy", NULL};
static const char *const logistic_props[] = {"result_accuracy", NULL};
static const char *const rsqrt_props[] = {"result_accuracy", NULL};
static const char *const sine_props[] = {"result_accuracy", NULL};
static const char *const sqrt_props[] = {"result_accuracy", NULL};
static const char *const tan_props[] = {"result_accuracy", NULL};
static const char *const tanh_props[] = {"result_accuracy", NULL};
static const char *const compare_props[] = {"compare_type", "comparison_direction", NULL};
static const char *const reduce_precision_props[] = {"exponent_bits", "mantissa_bits", NULL};
static const char *const constant_props[] = {"value", NULL};
static const char *const iota_props[] = {"iota_dimension", NULL};
static const char *const dynamic_iota_props[] = {"iota_dimension", NULL};
static const char *const broadcast_props[] = {"broadcast_sizes", NULL};
static const char *const broadcast_in_dim_props[] = {"broadcast_dimensions", NULL};
static const char *const dynamic_broadcast_in_dim_props[] = {"broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions", NULL};
static const char *const transpose_props[] = {"permutation", NULL};
static const char *const reverse_props[] = {"dimensions", NULL};
static const char *const slice_props[] = {"limit_indices", "start_indices", "strides", NULL};
static const char *const dynamic_slice_props[] = {"slice_sizes", NULL};
static const char *const pad_props[] = {"edge_padding_high", "edge_padding_low", "interior_padding", NULL};
static const char *const concatenate_props[] = {"dimension", NULL};
static const char *const get_dimension_size_props[] = {"dimension", NULL};
static const char *const set_dimension_size_props[] = {"dimension", NULL};
static const char *const get_tuple_element_props[] = {"index", NULL};
static const char *const gather_props[] = {"dimension_numbers", "indices_are_sorted", "slice_sizes", NULL};
static const char *const dynamic_gather_props[] = {"dimension_numbers", "indices_are_sorted", NULL};
static const char *const torch_index_select_props[] = {"batch_dims", "dim", NULL};
static const char *const dot_props[] = {"precision_config", NULL};
static const char *const dot_general_props[] = {"algorithm", "dot_dimension_numbers", "precision_config", NULL};
static const char *const einsum_props[] = {"einsum_config", NULL};
static const char *const unary_einsum_props[] = {"einsum_config", NULL};
static const char *const convolution_props[] = {"batch_group_count", "dimension_numbers", "feature_group_count", "lhs_dilation", "padding", "precision_config", "rhs_dilation", "window_reversal", "window_strides", NULL};
static const char *const dynamic_conv_props[] = {"batch_group_count", "dimension_numbers", "feature_group_count", "lhs_dilation", "precision_config", "rhs_dilation", "window_reversal", "window_strides", NULL};
static const char *const fft_props[] = {"fft_length", "fft_type", NULL};
static const char *const cholesky_props[] = {"lower", NULL};
static const char *const triangular_solve_props[] = {"left_side", "lower", "transpose_a", "unit_diagonal", NULL};
static const char *const batch_norm_grad_props[] = {"epsilon", "feature_index", NULL};
static const char *const batch_norm_inference_props[] = {"epsilon", "feature_index", NULL};
static const char *const batch_norm_training_props[] = {"epsilon", "feature_index", NULL};
static const char *const rng_props[] = {"rng_distribution", NULL};
static const char *const rng_bit_generator_props[] = {"rng_algorithm", NULL};
static const char *const custom_call_props[] = {"api_version", "backend_config", "call_target_name", "called_computations", "has_side_effect", "operand_layouts", "output_operand_aliases", "result_layouts", "result_tilings", NULL};
static const char *const composite_props[] = {"composite_attributes", "decomposition", "name", "version", NULL};
static const char *const reduce_props[] = {"dimensions", NULL};
static const char *const reduce_window_props[] = {"base_dilations", "padding", "window_dilations", "window_dimensions", "window_strides", NULL};
static const char *const select_and_scatter_props[] = {"padding", "window_dimensions", "window_strides", NULL};
static const char *const scatter_props[] = {"indices_are_sorted", "scatter_dimension_numbers", "unique_indices", NULL};
static const char *const sort_props[] = {"dimension", "is_stable", NULL};
static const char *const map_props[] = {"dimensions", NULL};
static const char *const all_gather_props[] = {"all_gather_dim", "channel_handle", "replica_groups", "use_global_device_ids", NULL};
static const char *const all_reduce_props[] = {"channel_handle", "replica_groups", "use_global_device_ids", NULL};
static const char *const reduce_scatter_props[] = {"channel_handle", "replica_groups", "scatter_dimension", "use_global_device_ids", NULL};
static const char *const all_to_all_props[] = {"channel_handle", "concat_dimension", "replica_groups", "split_count", "split_dimension", NULL};
static const char *const collective_permute_props[] = {"channel_handle", "source_target_pairs", NULL};
static const char *const collective_broadcast_props[] = {"channel_handle", "has_dynamic_root", "replica_groups", NULL};
static const char *const collective_reduce_props[] = {"channel_handle", "has_dynamic_root", "replica_groups", "use_global_device_ids", NULL};
static const char *const send_props[] = {"channel_handle", "is_host_transfer", "source_target_pairs", NULL};
static const char *const recv_props[] = {"channel_handle", "is_host_transfer", "source_target_pairs", NULL};
static const char *const infeed_props[] = {"infeed_config", "layout", NULL};
static const char *const outfeed_props[] = {"outfeed_config", NULL};
static const shlo_op_def op_abs = {{.name = "stablehlo.abs", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_ceil = {{.name = "stablehlo.ceil", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_convert = {{.name = "stablehlo.convert", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_count_leading_zeros = {{.name = "stablehlo.count_leading_zeros", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_floor = {{.name = "stablehlo.floor", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_imag = {{.name = "stablehlo.imag", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_not = {{.name = "stablehlo.not", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_negate = {{.name = "stablehlo.negate", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_popcnt = {{.name = "stablehlo.popcnt", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_real = {{.name = "stablehlo.real", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_round_nearest_afz = {{.name = "stablehlo.round_nearest_afz", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_round_nearest_even = {{.name = "stablehlo.round_nearest_even", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_sign = {{.name = "stablehlo.sign", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_uniform_quantize = {{.name = "stablehlo.uniform_quantize", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_uniform_dequantize = {{.name = "stablehlo.uniform_dequantize", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", NULL};
static const shlo_op_def op_cbrt = {{.name = "stablehlo.cbrt", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = cbrt_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_cosine = {{.name = "stablehlo.cosine", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = cosine_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_exponential = {{.name = "stablehlo.exponential", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = exponential_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_exponential_minus_one = {{.name = "stablehlo.exponential_minus_one", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = exponential_minus_one_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_log = {{.name = "stablehlo.log", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = log_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_log_plus_one = {{.name = "stablehlo.log_plus_one", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = log_plus_one_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_logistic = {{.name = "stablehlo.logistic", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = logistic_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_rsqrt = {{.name = "stablehlo.rsqrt", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = rsqrt_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_sine = {{.name = "stablehlo.sine", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = sine_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_sqrt = {{.name = "stablehlo.sqrt", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = sqrt_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_tan = {{.name = "stablehlo.tan", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = tan_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_tanh = {{.name = "stablehlo.tanh", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = tanh_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ attr-dict :same", "result_accuracy=accuracy"};
static const shlo_op_def op_is_finite = {{.name = "stablehlo.is_finite", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_add = {{.name = "stablehlo.add", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_maximum = {{.name = "stablehlo.maximum", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_minimum = {{.name = "stablehlo.minimum", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_multiply = {{.name = "stablehlo.multiply", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_and = {{.name = "stablehlo.and", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_or = {{.name = "stablehlo.or", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_xor = {{.name = "stablehlo.xor", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_atan2 = {{.name = "stablehlo.atan2", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_divide = {{.name = "stablehlo.divide", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_power = {{.name = "stablehlo.power", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_remainder = {{.name = "stablehlo.remainder", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_shift_left = {{.name = "stablehlo.shift_left", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_shift_right_arithmetic = {{.name = "stablehlo.shift_right_arithmetic", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_shift_right_logical = {{.name = "stablehlo.shift_right_logical", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_subtract = {{.name = "stablehlo.subtract", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_elementwise, .dialect = &sharc_stablehlo_dialect}, "$ , $ attr-dict :same", NULL};
static const shlo_op_def op_complex = {{.name = "stablehlo.complex", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :complex", NULL};
static const shlo_op_def op_clamp = {{.name = "stablehlo.clamp", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , $ attr-dict :same", NULL};
static const shlo_op_def op_select = {{.name = "stablehlo.select", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :select", NULL};
static const shlo_op_def op_compare = {{.name = "stablehlo.compare", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = compare_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "@comparison_direction:cmpdir , $ , $ [? , @compare_type:cmptype ?] attr-dict :fn", NULL};
static const shlo_op_def op_reduce_precision = {{.name = "stablehlo.reduce_precision", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS, .inherent = reduce_precision_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , format = @x:expman attr-dict :same", NULL};
static const shlo_op_def op_bitcast_convert = {{.name = "stablehlo.bitcast_convert", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_constant = {{.name = "stablehlo.constant", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_CONSTANT_LIKE | SHARC_TRAIT_ZERO_OPERANDS | SHARC_TRAIT_ZERO_REGIONS, .inherent = constant_props, .parse = shlo_constant_parse, .print = shlo_constant_print, .result_names = shlo_constant_names, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_iota = {{.name = "stablehlo.iota", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_OPERANDS, .inherent = iota_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_iota, .dialect = &sharc_stablehlo_dialect}, "dim = @iota_dimension:int attr-dict :res", NULL};
static const shlo_op_def op_dynamic_iota = {{.name = "stablehlo.dynamic_iota", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dynamic_iota_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , dim = @iota_dimension:int attr-dict :fn", NULL};
static const shlo_op_def op_create_token = {{.name = "stablehlo.create_token", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_OPERANDS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "attr-dict :res", NULL};
static const shlo_op_def op_replica_id = {{.name = "stablehlo.replica_id", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_OPERANDS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "attr-dict :res", NULL};
static const shlo_op_def op_partition_id = {{.name = "stablehlo.partition_id", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_OPERANDS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "attr-dict :res", NULL};
static const shlo_op_def op_after_all = {{.name = "stablehlo.after_all", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :vsame", NULL};
static const shlo_op_def op_reshape = {{.name = "stablehlo.reshape", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_reshape, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_reshape = {{.name = "stablehlo.dynamic_reshape", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_broadcast = {{.name = "stablehlo.broadcast", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = broadcast_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , sizes = @broadcast_sizes:arr attr-dict :fn", NULL};
static const shlo_op_def op_broadcast_in_dim = {{.name = "stablehlo.broadcast_in_dim", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = broadcast_in_dim_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_broadcast_in_dim, .dialect = &sharc_stablehlo_dialect}, "$ , dims = @broadcast_dimensions:arr attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_broadcast_in_dim = {{.name = "stablehlo.dynamic_broadcast_in_dim", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dynamic_broadcast_in_dim_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , dims = @broadcast_dimensions:arr attr-dict :fn", NULL};
static const shlo_op_def op_transpose = {{.name = "stablehlo.transpose", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = transpose_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_transpose, .dialect = &sharc_stablehlo_dialect}, "$ , dims = @permutation:arr attr-dict :fn", NULL};
static const shlo_op_def op_reverse = {{.name = "stablehlo.reverse", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = reverse_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , dims = @dimensions:arr attr-dict :same", NULL};
static const shlo_op_def op_slice = {{.name = "stablehlo.slice", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = slice_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_slice, .dialect = &sharc_stablehlo_dialect}, "$ @x:slice attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_slice = {{.name = "stablehlo.dynamic_slice", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dynamic_slice_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $+, sizes = @slice_sizes:arr attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_update_slice = {{.name = "stablehlo.dynamic_update_slice", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_real_dynamic_slice = {{.name = "stablehlo.real_dynamic_slice", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_pad = {{.name = "stablehlo.pad", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = pad_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , low = @edge_padding_low:arr , high = @edge_padding_high:arr , interior = @interior_padding:arr attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_pad = {{.name = "stablehlo.dynamic_pad", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :fn", NULL};
static const shlo_op_def op_concatenate = {{.name = "stablehlo.concatenate", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = concatenate_props, .parse = shlo_format_parse, .print = shlo_format_print, .verify = shlo_verify_concatenate, .dialect = &sharc_stablehlo_dialect}, "$+, dim = @dimension:int attr-dict :fn", NULL};
static const shlo_op_def op_get_dimension_size = {{.name = "stablehlo.get_dimension_size", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = get_dimension_size_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , dim = @dimension:int attr-dict :fn", NULL};
static const shlo_op_def op_set_dimension_size = {{.name = "stablehlo.set_dimension_size", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = set_dimension_size_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , dim = @dimension:int attr-dict :fn", NULL};
static const shlo_op_def op_get_tuple_element = {{.name = "stablehlo.get_tuple_element", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = get_tuple_element_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ [ @index:i32 ] attr-dict :fn", NULL};
static const shlo_op_def op_tuple = {{.name = "stablehlo.tuple", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict :tuple", NULL};
static const shlo_op_def op_gather = {{.name = "stablehlo.gather", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = gather_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_dynamic_gather = {{.name = "stablehlo.dynamic_gather", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dynamic_gather_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_torch_index_select = {{.name = "stablehlo.torch_index_select", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = torch_index_select_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_dot = {{.name = "stablehlo.dot", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dot_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ `` @precision_config:prec attr-dict :fn", NULL};
static const shlo_op_def op_dot_general = {{.name = "stablehlo.dot_general", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dot_general_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , @dot_dimension_numbers:dotdims `` @precision_config:precalgo attr-dict :fn", NULL};
static const shlo_op_def op_einsum = {{.name = "stablehlo.einsum", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = einsum_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , config = @einsum_config:str attr-dict :fn", NULL};
static const shlo_op_def op_unary_einsum = {{.name = "stablehlo.unary_einsum", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = unary_einsum_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , config = @einsum_config:str attr-dict :fn", NULL};
static const shlo_op_def op_convolution = {{.name = "stablehlo.convolution", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = convolution_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "( $* ) dim_numbers = @dimension_numbers:conv , window = { @x:window } attr-dict :fn", NULL};
static const shlo_op_def op_dynamic_conv = {{.name = "stablehlo.dynamic_conv", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = dynamic_conv_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_fft = {{.name = "stablehlo.fft", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = fft_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , type = @fft_type:fft , length = @fft_length:arr attr-dict :fn", NULL};
static const shlo_op_def op_cholesky = {{.name = "stablehlo.cholesky", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = cholesky_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ [? , lower = @lower:bool ?] attr-dict :same", NULL};
static const shlo_op_def op_triangular_solve = {{.name = "stablehlo.triangular_solve", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = triangular_solve_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_batch_norm_grad = {{.name = "stablehlo.batch_norm_grad", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = batch_norm_grad_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_batch_norm_inference = {{.name = "stablehlo.batch_norm_inference", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = batch_norm_inference_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_batch_norm_training = {{.name = "stablehlo.batch_norm_training", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = batch_norm_training_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_rng = {{.name = "stablehlo.rng", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = rng_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , $ , $ , distribution = @rng_distribution:rngdist attr-dict :fn", NULL};
static const shlo_op_def op_rng_bit_generator = {{.name = "stablehlo.rng_bit_generator", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .inherent = rng_bit_generator_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$ , algorithm = @rng_algorithm:rngalg attr-dict :fn", NULL};
static const shlo_op_def op_custom_call = {{.name = "stablehlo.custom_call", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = custom_call_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "@call_target_name:sym ( $* ) attr-dict :fn", "has_side_effect=false api_version=1 called_computations=[] output_operand_aliases=[]"};
static const shlo_op_def op_composite = {{.name = "stablehlo.composite", .traits = 0, .inherent = composite_props, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "@name:str $* attr-dict :fn", "composite_attributes={} version=0"};
static const shlo_op_def op_return = {{.name = "stablehlo.return", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_RETURN_LIKE | SHARC_TRAIT_ZERO_RESULTS | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_format_parse, .print = shlo_format_print, .dialect = &sharc_stablehlo_dialect}, "$* attr-dict [? :types ?]", NULL};
static const shlo_op_def op_optimization_barrier = {{.name = "stablehlo.optimization_barrier", .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS, .parse = shlo_barrier_parse, .print = shlo_barrier_print, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_while = {{.name = "stablehlo.while", .traits = 0, .parse = shlo_while_parse, .print = shlo_while_print, .block_arg_names = shlo_while_arg_names, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_if = {{.name = "stablehlo.if", .traits = 0, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_case = {{.name = "stablehlo.case", .traits = 0, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_reduce = {{.name = "stablehlo.reduce", .traits = 0, .inherent = reduce_props, .parse = shlo_reduce_parse, .print = shlo_reduce_print, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_reduce_window = {{.name = "stablehlo.reduce_window", .traits = 0, .inherent = reduce_window_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_select_and_scatter = {{.name = "stablehlo.select_and_scatter", .traits = 0, .inherent = select_and_scatter_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_scatter = {{.name = "stablehlo.scatter", .traits = 0, .inherent = scatter_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_sort = {{.name = "stablehlo.sort", .traits = 0, .inherent = sort_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_map = {{.name = "stablehlo.map", .traits = 0, .inherent = map_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_async_start = {{.name = "stablehlo.async_start", .traits = SHARC_TRAIT_ISOLATED, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_async_done = {{.name = "stablehlo.async_done", .traits = SHARC_TRAIT_ZERO_REGIONS, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_all_gather = {{.name = "stablehlo.all_gather", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = all_gather_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_all_reduce = {{.name = "stablehlo.all_reduce", .traits = 0, .inherent = all_reduce_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_reduce_scatter = {{.name = "stablehlo.reduce_scatter", .traits = 0, .inherent = reduce_scatter_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_all_to_all = {{.name = "stablehlo.all_to_all", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = all_to_all_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_collective_permute = {{.name = "stablehlo.collective_permute", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = collective_permute_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_collective_broadcast = {{.name = "stablehlo.collective_broadcast", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = collective_broadcast_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_collective_reduce = {{.name = "stablehlo.collective_reduce", .traits = 0, .inherent = collective_reduce_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_send = {{.name = "stablehlo.send", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = send_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_recv = {{.name = "stablehlo.recv", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = recv_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_infeed = {{.name = "stablehlo.infeed", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = infeed_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};
static const shlo_op_def op_outfeed = {{.name = "stablehlo.outfeed", .traits = SHARC_TRAIT_ZERO_REGIONS, .inherent = outfeed_props, .dialect = &sharc_stablehlo_dialect}, NULL, NULL};

static const sharc_op_def *const shlo_ops[] = {
    &op_abs.def,
    &op_ceil.def,
    &op_convert.def,
    &op_count_leading_zeros.def,
    &op_floor.def,
    &op_imag.def,
    &op_not.def,
    &op_negate.def,
    &op_popcnt.def,
    &op_real.def,
    &op_round_nearest_afz.def,
    &op_round_nearest_even.def,
    &op_sign.def,
    &op_uniform_quantize.def,
    &op_uniform_dequantize.def,
    &op_cbrt.def,
    &op_cosine.def,
    &op_exponential.def,
    &op_exponential_minus_one.def,
    &op_log.def,
    &op_log_plus_one.def,
    &op_logistic.def,
    &op_rsqrt.def,
    &op_sine.def,
    &op_sqrt.def,
    &op_tan.def,
    &op_tanh.def,
    &op_is_finite.def,
    &op_add.def,
    &op_maximum.def,
    &op_minimum.def,
    &op_multiply.def,
    &op_and.def,
    &op_or.def,
    &op_xor.def,
    &op_atan2.def,
    &op_divide.def,
    &op_power.def,
    &op_remainder.def,
    &op_shift_left.def,
    &op_shift_right_arithmetic.def,
    &op_shift_right_logical.def,
    &op_subtract.def,
    &op_complex.def,
    &op_clamp.def,
    &op_select.def,
    &op_compare.def,
    &op_reduce_precision.def,
    &op_bitcast_convert.def,
    &op_constant.def,
    &op_iota.def,
    &op_dynamic_iota.def,
    &op_create_token.def,
    &op_replica_id.def,
    &op_partition_id.def,
    &op_after_all.def,
    &op_reshape.def,
    &op_dynamic_reshape.def,
    &op_broadcast.def,
    &op_broadcast_in_dim.def,
    &op_dynamic_broadcast_in_dim.def,
    &op_transpose.def,
    &op_reverse.def,
    &op_slice.def,
    &op_dynamic_slice.def,
    &op_dynamic_update_slice.def,
    &op_real_dynamic_slice.def,
    &op_pad.def,
    &op_dynamic_pad.def,
    &op_concatenate.def,
    &op_get_dimension_size.def,
    &op_set_dimension_size.def,
    &op_get_tuple_element.def,
    &op_tuple.def,
    &op_gather.def,
    &op_dynamic_gather.def,
    &op_torch_index_select.def,
    &op_dot.def,
    &op_dot_general.def,
    &op_einsum.def,
    &op_unary_einsum.def,
    &op_convolution.def,
    &op_dynamic_conv.def,
    &op_fft.def,
    &op_cholesky.def,
    &op_triangular_solve.def,
    &op_batch_norm_grad.def,
    &op_batch_norm_inference.def,
    &op_batch_norm_training.def,
    &op_rng.def,
    &op_rng_bit_generator.def,
    &op_custom_call.def,
    &op_composite.def,
    &op_return.def,
    &op_optimization_barrier.def,
    &op_while.def,
    &op_if.def,
    &op_case.def,
    &op_reduce.def,
    &op_reduce_window.def,
    &op_select_and_scatter.def,
    &op_scatter.def,
    &op_sort.def,
    &op_map.def,
    &op_async_start.def,
    &op_async_done.def,
    &op_all_gather.def,
    &op_all_reduce.def,
    &op_reduce_scatter.def,
    &op_all_to_all.def,
    &op_collective_permute.def,
    &op_collective_broadcast.def,
    &op_collective_reduce.def,
    &op_send.def,
    &op_recv.def,
    &op_infeed.def,
    &op_outfeed.def,
};

const sharc_dialect sharc_stablehlo_dialect = {
    .name = "stablehlo",
    .ops = shlo_ops,
    .num_ops = sizeof shlo_ops / sizeof shlo_ops[0],
    .parse_type = shlo_parse_type_hook,
    .parse_attr = shlo_parse_attr_hook,
};

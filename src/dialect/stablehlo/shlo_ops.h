/* Every StableHLO op definition by name, so that passes recognise an op by
 * its definition pointer (`sharc_op_isa(op, SHARC_SHLO(add))`) instead of
 * comparing names. The rows themselves are in ops_table.c. */
#ifndef SHARC_DIALECT_STABLEHLO_SHLO_OPS_H
#define SHARC_DIALECT_STABLEHLO_SHLO_OPS_H

#include "dialect/stablehlo/shlo.h"

/* The op definition of `stablehlo.<name>`. */
#define SHARC_SHLO(name) (&sharc_shlo_op_##name.def)

extern const shlo_op_def sharc_shlo_op_abs;
extern const shlo_op_def sharc_shlo_op_add;
extern const shlo_op_def sharc_shlo_op_after_all;
extern const shlo_op_def sharc_shlo_op_all_gather;
extern const shlo_op_def sharc_shlo_op_all_reduce;
extern const shlo_op_def sharc_shlo_op_cross_replica_sum;
extern const shlo_op_def sharc_shlo_op_all_to_all;
extern const shlo_op_def sharc_shlo_op_and;
extern const shlo_op_def sharc_shlo_op_async_done;
extern const shlo_op_def sharc_shlo_op_async_start;
extern const shlo_op_def sharc_shlo_op_atan2;
extern const shlo_op_def sharc_shlo_op_batch_norm_grad;
extern const shlo_op_def sharc_shlo_op_batch_norm_inference;
extern const shlo_op_def sharc_shlo_op_batch_norm_training;
extern const shlo_op_def sharc_shlo_op_bitcast_convert;
extern const shlo_op_def sharc_shlo_op_broadcast;
extern const shlo_op_def sharc_shlo_op_broadcast_in_dim;
extern const shlo_op_def sharc_shlo_op_case;
extern const shlo_op_def sharc_shlo_op_cbrt;
extern const shlo_op_def sharc_shlo_op_ceil;
extern const shlo_op_def sharc_shlo_op_cholesky;
extern const shlo_op_def sharc_shlo_op_clamp;
extern const shlo_op_def sharc_shlo_op_collective_broadcast;
extern const shlo_op_def sharc_shlo_op_collective_permute;
extern const shlo_op_def sharc_shlo_op_collective_reduce;
extern const shlo_op_def sharc_shlo_op_compare;
extern const shlo_op_def sharc_shlo_op_complex;
extern const shlo_op_def sharc_shlo_op_composite;
extern const shlo_op_def sharc_shlo_op_concatenate;
extern const shlo_op_def sharc_shlo_op_constant;
extern const shlo_op_def sharc_shlo_op_convert;
extern const shlo_op_def sharc_shlo_op_convolution;
extern const shlo_op_def sharc_shlo_op_cosine;
extern const shlo_op_def sharc_shlo_op_count_leading_zeros;
extern const shlo_op_def sharc_shlo_op_create_token;
extern const shlo_op_def sharc_shlo_op_custom_call;
extern const shlo_op_def sharc_shlo_op_divide;
extern const shlo_op_def sharc_shlo_op_dot;
extern const shlo_op_def sharc_shlo_op_dot_general;
extern const shlo_op_def sharc_shlo_op_dynamic_broadcast_in_dim;
extern const shlo_op_def sharc_shlo_op_dynamic_conv;
extern const shlo_op_def sharc_shlo_op_dynamic_gather;
extern const shlo_op_def sharc_shlo_op_dynamic_iota;
extern const shlo_op_def sharc_shlo_op_dynamic_pad;
extern const shlo_op_def sharc_shlo_op_dynamic_reshape;
extern const shlo_op_def sharc_shlo_op_dynamic_slice;
extern const shlo_op_def sharc_shlo_op_dynamic_update_slice;
extern const shlo_op_def sharc_shlo_op_einsum;
extern const shlo_op_def sharc_shlo_op_exponential;
extern const shlo_op_def sharc_shlo_op_exponential_minus_one;
extern const shlo_op_def sharc_shlo_op_fft;
extern const shlo_op_def sharc_shlo_op_floor;
extern const shlo_op_def sharc_shlo_op_gather;
extern const shlo_op_def sharc_shlo_op_get_dimension_size;
extern const shlo_op_def sharc_shlo_op_get_tuple_element;
extern const shlo_op_def sharc_shlo_op_if;
extern const shlo_op_def sharc_shlo_op_imag;
extern const shlo_op_def sharc_shlo_op_infeed;
extern const shlo_op_def sharc_shlo_op_iota;
extern const shlo_op_def sharc_shlo_op_is_finite;
extern const shlo_op_def sharc_shlo_op_log;
extern const shlo_op_def sharc_shlo_op_log_plus_one;
extern const shlo_op_def sharc_shlo_op_logistic;
extern const shlo_op_def sharc_shlo_op_map;
extern const shlo_op_def sharc_shlo_op_maximum;
extern const shlo_op_def sharc_shlo_op_minimum;
extern const shlo_op_def sharc_shlo_op_multiply;
extern const shlo_op_def sharc_shlo_op_negate;
extern const shlo_op_def sharc_shlo_op_not;
extern const shlo_op_def sharc_shlo_op_optimization_barrier;
extern const shlo_op_def sharc_shlo_op_or;
extern const shlo_op_def sharc_shlo_op_outfeed;
extern const shlo_op_def sharc_shlo_op_pad;
extern const shlo_op_def sharc_shlo_op_partition_id;
extern const shlo_op_def sharc_shlo_op_popcnt;
extern const shlo_op_def sharc_shlo_op_power;
extern const shlo_op_def sharc_shlo_op_real;
extern const shlo_op_def sharc_shlo_op_real_dynamic_slice;
extern const shlo_op_def sharc_shlo_op_recv;
extern const shlo_op_def sharc_shlo_op_reduce;
extern const shlo_op_def sharc_shlo_op_reduce_precision;
extern const shlo_op_def sharc_shlo_op_reduce_scatter;
extern const shlo_op_def sharc_shlo_op_reduce_window;
extern const shlo_op_def sharc_shlo_op_remainder;
extern const shlo_op_def sharc_shlo_op_replica_id;
extern const shlo_op_def sharc_shlo_op_reshape;
extern const shlo_op_def sharc_shlo_op_return;
extern const shlo_op_def sharc_shlo_op_reverse;
extern const shlo_op_def sharc_shlo_op_rng;
extern const shlo_op_def sharc_shlo_op_rng_bit_generator;
extern const shlo_op_def sharc_shlo_op_round_nearest_afz;
extern const shlo_op_def sharc_shlo_op_round_nearest_even;
extern const shlo_op_def sharc_shlo_op_rsqrt;
extern const shlo_op_def sharc_shlo_op_scatter;
extern const shlo_op_def sharc_shlo_op_select;
extern const shlo_op_def sharc_shlo_op_select_and_scatter;
extern const shlo_op_def sharc_shlo_op_send;
extern const shlo_op_def sharc_shlo_op_set_dimension_size;
extern const shlo_op_def sharc_shlo_op_shift_left;
extern const shlo_op_def sharc_shlo_op_shift_right_arithmetic;
extern const shlo_op_def sharc_shlo_op_shift_right_logical;
extern const shlo_op_def sharc_shlo_op_sign;
extern const shlo_op_def sharc_shlo_op_sine;
extern const shlo_op_def sharc_shlo_op_slice;
extern const shlo_op_def sharc_shlo_op_sort;
extern const shlo_op_def sharc_shlo_op_sqrt;
extern const shlo_op_def sharc_shlo_op_subtract;
extern const shlo_op_def sharc_shlo_op_tan;
extern const shlo_op_def sharc_shlo_op_tanh;
extern const shlo_op_def sharc_shlo_op_torch_index_select;
extern const shlo_op_def sharc_shlo_op_transpose;
extern const shlo_op_def sharc_shlo_op_triangular_solve;
extern const shlo_op_def sharc_shlo_op_tuple;
extern const shlo_op_def sharc_shlo_op_unary_einsum;
extern const shlo_op_def sharc_shlo_op_uniform_dequantize;
extern const shlo_op_def sharc_shlo_op_uniform_quantize;
extern const shlo_op_def sharc_shlo_op_while;
extern const shlo_op_def sharc_shlo_op_xor;

#endif

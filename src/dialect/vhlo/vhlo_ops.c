/* The VHLO op table: every versioned op of StableHLO's VhloOps.td with the
 * versions it exists in and its attributes (all of them inherent: VHLO ops
 * print them as properties). VHLO ops have no custom syntax: they are read
 * and printed in MLIR's generic form. */
#include "dialect/vhlo/vhlo.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- func_v1's syntax: custom<FunctionBody>($sym_name, $body, $function_type) attr-dict
 * `@name(%arg0: T, ...) -> (R, ...) { body } {other attributes}` */

static const char *const func_elided[] = {"sym_name", "function_type", NULL};

static void func_print(sharc_printer *p, sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "sym_name");
  sharc_attr *ft = sharc_op_attr(op, "function_type");
  sharc_region *body = sharc_op_region(op, 0);
  sharc_block *entry = sharc_region_first_block(body);
  sharc_pr_puts(p, " ");
  if (sharc_vhlo_attr_info(name) == &sharc_vhlo_string_v1)
    sharc_pr_symbol(p, sharc_attr_string_value((sharc_attr *)name->params.words[0]));
  sharc_pr_puts(p, "(");
  sharc_pr_block_args(p, entry);
  sharc_pr_puts(p, ") -> (");
  sharc_type *fn = sharc_vhlo_attr_info(ft) == &sharc_vhlo_type_v1 ? (sharc_type *)ft->params.words[0]
                                                                   : NULL;
  if (fn && sharc_vhlo_type_mnemonic(fn) && strcmp(sharc_vhlo_type_mnemonic(fn), "func_v1") == 0) {
    unsigned n_in = (unsigned)fn->params.words[0];
    for (unsigned i = 1 + n_in; i < fn->params.n; i++) {
      if (i > 1 + n_in)
        sharc_pr_puts(p, ", ");
      sharc_pr_type(p, (const sharc_type *)fn->params.words[i]);
    }
  }
  sharc_pr_puts(p, ") ");
  sharc_pr_region(p, body, false, true);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), func_elided, false);
}

static bool parse_args(sharc_parser *p, sharc_region_arg **out, unsigned *n) {
  SHARC_VEC(sharc_region_arg) args = {0};
  bool ok = sharc_p_expect(p, '(');
  if (ok && !sharc_p_eat(p, ')')) {
    do {
      sharc_region_arg a = {0};
      ok = sharc_p_parse_operand(p, &a.ref) && sharc_p_expect(p, ':');
      if (ok)
        a.loc = sharc_p_tok_loc(p, &a.ref.tok);
      ok = ok && sharc_p_parse_type(p, &a.type) && sharc_p_parse_optional_loc(p, &a.loc);
      if (ok)
        sharc_vec_push(&args, a);
    } while (ok && sharc_p_eat(p, ','));
    ok = ok && sharc_p_expect(p, ')');
  }
  *out = args.items;
  *n = args.len;
  return ok;
}

static bool func_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *name = NULL;
  sharc_region_arg *args = NULL;
  unsigned n = 0;
  sharc_ptrvec results = {0};
  sharc_region *body = NULL;
  bool ok = sharc_p_parse_symbol_name(p, &name) && parse_args(p, &args, &n) &&
            sharc_p_expect_arrow(p) && sharc_p_parse_function_result_types(p, &results) &&
            sharc_p_parse_region(p, &body, args, n, true);
  if (ok) {
    uintptr_t w = (uintptr_t)name;
    sharc_builder_set_attr(p, b, "sym_name", sharc_vhlo_attr_get(ctx, &sharc_vhlo_string_v1, &w, 1));
    sharc_type **ins = sharc_xmalloc_array(n + 1, sizeof *ins);
    for (unsigned i = 0; i < n; i++)
      ins[i] = args[i].type;
    uintptr_t *fw = sharc_xmalloc_array(1 + n + results.len, sizeof *fw);
    fw[0] = n;
    for (unsigned i = 0; i < n; i++)
      fw[1 + i] = (uintptr_t)ins[i];
    for (unsigned i = 0; i < results.len; i++)
      fw[1 + n + i] = (uintptr_t)results.items[i];
    sharc_type *fn = sharc_vhlo_parse_func_type(ctx, fw, 1 + n + results.len);
    uintptr_t tw = (uintptr_t)fn;
    sharc_builder_set_attr(p, b, "function_type", sharc_vhlo_attr_get(ctx, &sharc_vhlo_type_v1, &tw, 1));
    free(ins);
    free(fw);
    sharc_ptrvec_push(&b->regions, body);
    ok = sharc_p_parse_optional_attr_dict(p, b);
  }
  free(args);
  sharc_ptrvec_free(&results);
  return ok;
}

static const char *const all_gather_v1_props[] = {"all_gather_dim", "channel_id", "replica_groups", "use_global_device_ids", NULL};
static const char *const all_gather_v2_props[] = {"all_gather_dim", "channel_id", "replica_groups", "use_global_device_ids", NULL};
static const char *const all_reduce_v1_props[] = {"channel_id", "replica_groups", "use_global_device_ids", NULL};
static const char *const all_reduce_v2_props[] = {"channel_id", "replica_groups", "use_global_device_ids", NULL};
static const char *const all_to_all_v1_props[] = {"channel_id", "concat_dimension", "replica_groups", "split_count", "split_dimension", NULL};
static const char *const all_to_all_v2_props[] = {"channel_id", "concat_dimension", "replica_groups", "split_count", "split_dimension", NULL};
static const char *const batch_norm_grad_v1_props[] = {"epsilon", "feature_index", NULL};
static const char *const batch_norm_inference_v1_props[] = {"epsilon", "feature_index", NULL};
static const char *const batch_norm_training_v1_props[] = {"epsilon", "feature_index", NULL};
static const char *const broadcast_in_dim_v1_props[] = {"broadcast_dimensions", NULL};
static const char *const broadcast_v1_props[] = {"broadcast_sizes", NULL};
static const char *const call_v1_props[] = {"callee", NULL};
static const char *const cbrt_v2_props[] = {"result_accuracy", NULL};
static const char *const cholesky_v1_props[] = {"lower", NULL};
static const char *const collective_broadcast_v1_props[] = {"channel_id", "replica_groups", NULL};
static const char *const collective_broadcast_v2_props[] = {"channel_id", "has_dynamic_root", "replica_groups", NULL};
static const char *const collective_reduce_v1_props[] = {"channel_id", "has_dynamic_root", "replica_groups", "use_global_device_ids", NULL};
static const char *const collective_permute_v1_props[] = {"channel_id", "source_target_pairs", NULL};
static const char *const compare_v1_props[] = {"compare_type", "comparison_direction", NULL};
static const char *const composite_v1_props[] = {"composite_attributes", "decomposition", "name", "version", NULL};
static const char *const composite_v2_props[] = {"composite_attributes", "decomposition", "name", "version", NULL};
static const char *const concatenate_v1_props[] = {"dimension", NULL};
static const char *const constant_v1_props[] = {"value", NULL};
static const char *const convolution_v1_props[] = {"batch_group_count", "feature_group_count", "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions", "lhs_dilation", "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", "padding", "precision_config", "rhs_dilation", "window_reversal", "window_strides", NULL};
static const char *const cosine_v2_props[] = {"result_accuracy", NULL};
static const char *const cross_replica_sum_v1_props[] = {"replica_groups", NULL};
static const char *const custom_call_v1_props[] = {"api_version", "backend_config", "call_target_name", "called_computations", "has_side_effect", "operand_layouts", "output_operand_aliases", "result_layouts", NULL};
static const char *const custom_call_v2_props[] = {"api_version", "backend_config", "call_target_name", "called_computations", "has_side_effect", "operand_layouts", "output_operand_aliases", "result_layouts", "result_tilings", NULL};
static const char *const dot_general_v1_props[] = {"lhs_batching_dimensions", "lhs_contracting_dimensions", "precision_config", "rhs_batching_dimensions", "rhs_contracting_dimensions", NULL};
static const char *const dot_general_v2_props[] = {"accumulation_type", "allow_imprecise_accumulation", "lhs_batching_dimensions", "lhs_component_count", "lhs_contracting_dimensions", "lhs_precision_type", "num_primitive_operations", "precision_config", "rhs_batching_dimensions", "rhs_component_count", "rhs_contracting_dimensions", "rhs_precision_type", NULL};
static const char *const dynamic_broadcast_in_dim_v1_props[] = {"broadcast_dimensions", "known_expanding_dimensions", "known_nonexpanding_dimensions", NULL};
static const char *const dynamic_conv_v1_props[] = {"batch_group_count", "feature_group_count", "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions", "lhs_dilation", "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", "padding", "precision_config", "rhs_dilation", "window_reversal", "window_strides", NULL};
static const char *const dynamic_conv_v2_props[] = {"batch_group_count", "feature_group_count", "input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", "kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions", "lhs_dilation", "output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", "precision_config", "rhs_dilation", "window_reversal", "window_strides", NULL};
static const char *const dynamic_gather_v1_props[] = {"collapsed_slice_dims", "index_vector_dim", "indices_are_sorted", "offset_dims", "start_index_map", NULL};
static const char *const dynamic_gather_v2_props[] = {"collapsed_slice_dims", "index_vector_dim", "indices_are_sorted", "offset_dims", "operand_batching_dims", "start_index_map", "start_indices_batching_dims", NULL};
static const char *const dynamic_iota_v1_props[] = {"iota_dimension", NULL};
static const char *const dynamic_slice_v1_props[] = {"slice_sizes", NULL};
static const char *const einsum_v1_props[] = {"einsum_config", NULL};
static const char *const exponential_minus_one_v2_props[] = {"result_accuracy", NULL};
static const char *const exponential_v2_props[] = {"result_accuracy", NULL};
static const char *const fft_v1_props[] = {"fft_length", "fft_type", NULL};
static const char *const func_v1_props[] = {"arg_attrs", "function_type", "res_attrs", "sym_name", "sym_visibility", NULL};
static const char *const gather_v1_props[] = {"collapsed_slice_dims", "index_vector_dim", "indices_are_sorted", "offset_dims", "slice_sizes", "start_index_map", NULL};
static const char *const gather_v2_props[] = {"collapsed_slice_dims", "index_vector_dim", "indices_are_sorted", "offset_dims", "operand_batching_dims", "slice_sizes", "start_index_map", "start_indices_batching_dims", NULL};
static const char *const get_dimension_size_v1_props[] = {"dimension", NULL};
static const char *const get_tuple_element_v1_props[] = {"index", NULL};
static const char *const infeed_v1_props[] = {"infeed_config", "layout", NULL};
static const char *const iota_v1_props[] = {"iota_dimension", NULL};
static const char *const log_plus_one_v2_props[] = {"result_accuracy", NULL};
static const char *const logistic_v2_props[] = {"result_accuracy", NULL};
static const char *const log_v2_props[] = {"result_accuracy", NULL};
static const char *const map_v1_props[] = {"dimensions", NULL};
static const char *const outfeed_v1_props[] = {"outfeed_config", NULL};
static const char *const pad_v1_props[] = {"edge_padding_high", "edge_padding_low", "interior_padding", NULL};
static const char *const recv_v1_props[] = {"channel_id", "channel_type", "is_host_transfer", NULL};
static const char *const recv_v2_props[] = {"channel_id", "channel_type", "is_host_transfer", "source_target_pairs", NULL};
static const char *const reduce_v1_props[] = {"dimensions", NULL};
static const char *const reduce_precision_v1_props[] = {"exponent_bits", "mantissa_bits", NULL};
static const char *const reduce_scatter_v1_props[] = {"channel_id", "replica_groups", "scatter_dimension", "use_global_device_ids", NULL};
static const char *const reduce_window_v1_props[] = {"base_dilations", "padding", "window_dilations", "window_dimensions", "window_strides", NULL};
static const char *const reverse_v1_props[] = {"dimensions", NULL};
static const char *const rng_bit_generator_v1_props[] = {"rng_algorithm", NULL};
static const char *const rng_v1_props[] = {"rng_distribution", NULL};
static const char *const rsqrt_v2_props[] = {"result_accuracy", NULL};
static const char *const scatter_v1_props[] = {"index_vector_dim", "indices_are_sorted", "inserted_window_dims", "scatter_dims_to_operand_dims", "unique_indices", "update_window_dims", NULL};
static const char *const scatter_v2_props[] = {"index_vector_dim", "indices_are_sorted", "input_batching_dims", "inserted_window_dims", "scatter_dims_to_operand_dims", "scatter_indices_batching_dims", "unique_indices", "update_window_dims", NULL};
static const char *const select_and_scatter_v1_props[] = {"padding", "window_dimensions", "window_strides", NULL};
static const char *const send_v1_props[] = {"channel_id", "channel_type", "is_host_transfer", NULL};
static const char *const send_v2_props[] = {"channel_id", "channel_type", "is_host_transfer", "source_target_pairs", NULL};
static const char *const set_dimension_size_v1_props[] = {"dimension", NULL};
static const char *const sine_v2_props[] = {"result_accuracy", NULL};
static const char *const slice_v1_props[] = {"limit_indices", "start_indices", "strides", NULL};
static const char *const sort_v1_props[] = {"dimension", "is_stable", NULL};
static const char *const sqrt_v2_props[] = {"result_accuracy", NULL};
static const char *const tan_v2_props[] = {"result_accuracy", NULL};
static const char *const tanh_v2_props[] = {"result_accuracy", NULL};
static const char *const torch_index_select_v1_props[] = {"batch_dims", "dim", NULL};
static const char *const transpose_v1_props[] = {"permutation", NULL};
static const char *const triangular_solve_v1_props[] = {"left_side", "lower", "transpose_a", "unit_diagonal", NULL};
static const char *const unary_einsum_v1_props[] = {"einsum_config", NULL};

/* Every VHLO attribute is required (VHLO spells defaults out), so an op
 * without one is invalid, as MLIR's generated verifier says; without this
 * check the bytecode writer would have no value for the property's slot. */
static bool verify_required(sharc_op *op) {
  const char *const *names = sharc_op_get_def(op)->inherent;
  for (unsigned i = 0; names && names[i]; i++)
    if (!sharc_op_attr(op, names[i])) {
      sharc_emit_op_error(op, "requires attribute '%s'", names[i]);
      return false;
    }
  return true;
}

/* func_v1 is VHLO's function: isolated from above like func.func. */
#define VHLO_OP(var, mn, tr, props, min, max)                                              \
  static const vhlo_op_def var = {                                                       \
      {.name = "vhlo." mn, .traits = tr, .inherent = props, .verify = verify_required,    \
       .dialect = &sharc_vhlo_dialect},                                                  \
      min,                                                                               \
      max,                                                                               \
      {.name = "vhlo." mn, .required = props}}

VHLO_OP(op_abs_v1, "abs_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_add_v1, "add_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_after_all_v1, "after_all_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_all_gather_v1, "all_gather_v1", 0, all_gather_v1_props, "0.9.0", "1.4.0");
VHLO_OP(op_all_gather_v2, "all_gather_v2", 0, all_gather_v2_props, "1.5.0", "current");
VHLO_OP(op_all_reduce_v1, "all_reduce_v1", 0, all_reduce_v1_props, "0.9.0", "1.4.0");
VHLO_OP(op_all_reduce_v2, "all_reduce_v2", 0, all_reduce_v2_props, "1.5.0", "current");
VHLO_OP(op_all_to_all_v1, "all_to_all_v1", 0, all_to_all_v1_props, "0.9.0", "1.4.0");
VHLO_OP(op_all_to_all_v2, "all_to_all_v2", 0, all_to_all_v2_props, "1.5.0", "current");
VHLO_OP(op_and_v1, "and_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_async_start_v1, "async_start_v1", 0, NULL, "1.15.0", "current");
VHLO_OP(op_async_done_v1, "async_done_v1", 0, NULL, "1.15.0", "current");
VHLO_OP(op_atan2_v1, "atan2_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_batch_norm_grad_v1, "batch_norm_grad_v1", 0, batch_norm_grad_v1_props, "0.9.0", "current");
VHLO_OP(op_batch_norm_inference_v1, "batch_norm_inference_v1", 0, batch_norm_inference_v1_props, "0.9.0", "current");
VHLO_OP(op_batch_norm_training_v1, "batch_norm_training_v1", 0, batch_norm_training_v1_props, "0.9.0", "current");
VHLO_OP(op_bitcast_convert_v1, "bitcast_convert_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_broadcast_in_dim_v1, "broadcast_in_dim_v1", 0, broadcast_in_dim_v1_props, "0.9.0", "current");
VHLO_OP(op_broadcast_v1, "broadcast_v1", 0, broadcast_v1_props, "0.9.0", "current");
VHLO_OP(op_call_v1, "call_v1", 0, call_v1_props, "0.9.0", "current");
VHLO_OP(op_case_v1, "case_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_cbrt_v1, "cbrt_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_cbrt_v2, "cbrt_v2", 0, cbrt_v2_props, "1.10.0", "current");
VHLO_OP(op_ceil_v1, "ceil_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_cholesky_v1, "cholesky_v1", 0, cholesky_v1_props, "0.9.0", "current");
VHLO_OP(op_clamp_v1, "clamp_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_count_leading_zeros_v1, "count_leading_zeros_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_collective_broadcast_v1, "collective_broadcast_v1", 0, collective_broadcast_v1_props, "0.16.0", "1.19.0");
VHLO_OP(op_collective_broadcast_v2, "collective_broadcast_v2", 0, collective_broadcast_v2_props, "1.20.0", "current");
VHLO_OP(op_collective_reduce_v1, "collective_reduce_v1", 0, collective_reduce_v1_props, "1.19.0", "current");
VHLO_OP(op_collective_permute_v1, "collective_permute_v1", 0, collective_permute_v1_props, "0.9.0", "current");
VHLO_OP(op_compare_v1, "compare_v1", 0, compare_v1_props, "0.9.0", "current");
VHLO_OP(op_complex_v1, "complex_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_composite_v1, "composite_v1", 0, composite_v1_props, "0.19.0", "1.13.0");
VHLO_OP(op_composite_v2, "composite_v2", 0, composite_v2_props, "1.14.0", "current");
VHLO_OP(op_concatenate_v1, "concatenate_v1", 0, concatenate_v1_props, "0.9.0", "current");
VHLO_OP(op_constant_v1, "constant_v1", 0, constant_v1_props, "0.9.0", "current");
VHLO_OP(op_convert_v1, "convert_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_convolution_v1, "convolution_v1", 0, convolution_v1_props, "0.9.0", "current");
VHLO_OP(op_cosine_v1, "cosine_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_cosine_v2, "cosine_v2", 0, cosine_v2_props, "1.10.0", "current");
VHLO_OP(op_create_token_v1, "create_token_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_cross_replica_sum_v1, "cross-replica-sum_v1", 0, cross_replica_sum_v1_props, "0.9.0", "current");
VHLO_OP(op_custom_call_v1, "custom_call_v1", 0, custom_call_v1_props, "0.9.0", "1.17.0");
VHLO_OP(op_custom_call_v2, "custom_call_v2", 0, custom_call_v2_props, "1.18.0", "current");
VHLO_OP(op_divide_v1, "divide_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_dot_general_v1, "dot_general_v1", 0, dot_general_v1_props, "0.9.0", "1.5.0");
VHLO_OP(op_dot_general_v2, "dot_general_v2", 0, dot_general_v2_props, "1.6.0", "current");
static const char *const dot_v1_props[] = {"precision_config", NULL};
VHLO_OP(op_dot_v1, "dot_v1", 0, dot_v1_props, "0.9.0", "current");
VHLO_OP(op_dynamic_broadcast_in_dim_v1, "dynamic_broadcast_in_dim_v1", 0, dynamic_broadcast_in_dim_v1_props, "0.9.0", "current");
VHLO_OP(op_dynamic_conv_v1, "dynamic_conv_v1", 0, dynamic_conv_v1_props, "0.9.0", "0.19.0");
VHLO_OP(op_dynamic_conv_v2, "dynamic_conv_v2", 0, dynamic_conv_v2_props, "0.20.0", "current");
VHLO_OP(op_dynamic_gather_v1, "dynamic_gather_v1", 0, dynamic_gather_v1_props, "0.9.0", "1.0.0");
VHLO_OP(op_dynamic_gather_v2, "dynamic_gather_v2", 0, dynamic_gather_v2_props, "1.1.0", "current");
VHLO_OP(op_dynamic_iota_v1, "dynamic_iota_v1", 0, dynamic_iota_v1_props, "0.9.0", "current");
VHLO_OP(op_dynamic_pad_v1, "dynamic_pad_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_dynamic_reshape_v1, "dynamic_reshape_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_dynamic_slice_v1, "dynamic_slice_v1", 0, dynamic_slice_v1_props, "0.9.0", "current");
VHLO_OP(op_dynamic_update_slice_v1, "dynamic_update_slice_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_einsum_v1, "einsum_v1", 0, einsum_v1_props, "0.9.0", "current");
VHLO_OP(op_exponential_minus_one_v1, "exponential_minus_one_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_exponential_minus_one_v2, "exponential_minus_one_v2", 0, exponential_minus_one_v2_props, "1.10.0", "current");
VHLO_OP(op_exponential_v1, "exponential_v1", 0, NULL, "0.9.0", "1.8.0");
VHLO_OP(op_exponential_v2, "exponential_v2", 0, exponential_v2_props, "1.9.0", "current");
VHLO_OP(op_fft_v1, "fft_v1", 0, fft_v1_props, "0.9.0", "current");
VHLO_OP(op_floor_v1, "floor_v1", 0, NULL, "0.9.0", "current");
static const vhlo_op_def op_func_v1 = {
    {.name = "vhlo.func_v1",
     .traits = SHARC_TRAIT_ISOLATED,
     .inherent = func_v1_props,
     .verify = verify_required,
     .parse = func_parse,
     .print = func_print,
     .dialect = &sharc_vhlo_dialect},
    "0.9.0",
    "current",
    {.name = "vhlo.func_v1", .required = func_v1_props}};
VHLO_OP(op_gather_v1, "gather_v1", 0, gather_v1_props, "0.9.0", "1.0.0");
VHLO_OP(op_gather_v2, "gather_v2", 0, gather_v2_props, "1.1.0", "current");
VHLO_OP(op_get_dimension_size_v1, "get_dimension_size_v1", 0, get_dimension_size_v1_props, "0.9.0", "current");
VHLO_OP(op_get_tuple_element_v1, "get_tuple_element_v1", 0, get_tuple_element_v1_props, "0.9.0", "current");
VHLO_OP(op_if_v1, "if_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_imag_v1, "imag_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_infeed_v1, "infeed_v1", 0, infeed_v1_props, "0.9.0", "current");
VHLO_OP(op_iota_v1, "iota_v1", 0, iota_v1_props, "0.9.0", "current");
VHLO_OP(op_is_finite_v1, "is_finite_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_log_plus_one_v1, "log_plus_one_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_log_plus_one_v2, "log_plus_one_v2", 0, log_plus_one_v2_props, "1.10.0", "current");
VHLO_OP(op_logistic_v1, "logistic_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_logistic_v2, "logistic_v2", 0, logistic_v2_props, "1.10.0", "current");
VHLO_OP(op_log_v1, "log_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_log_v2, "log_v2", 0, log_v2_props, "1.10.0", "current");
VHLO_OP(op_map_v1, "map_v1", 0, map_v1_props, "0.9.0", "current");
VHLO_OP(op_maximum_v1, "maximum_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_minimum_v1, "minimum_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_multiply_v1, "multiply_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_negate_v1, "negate_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_not_v1, "not_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_optimization_barrier_v1, "optimization_barrier_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_or_v1, "or_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_outfeed_v1, "outfeed_v1", 0, outfeed_v1_props, "0.9.0", "current");
VHLO_OP(op_pad_v1, "pad_v1", 0, pad_v1_props, "0.9.0", "current");
VHLO_OP(op_partition_id_v1, "partition_id_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_popcnt_v1, "popcnt_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_power_v1, "power_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_real_dynamic_slice_v1, "real_dynamic_slice_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_real_v1, "real_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_recv_v1, "recv_v1", 0, recv_v1_props, "0.9.0", "1.11.0");
VHLO_OP(op_recv_v2, "recv_v2", 0, recv_v2_props, "1.12.0", "current");
VHLO_OP(op_reduce_v1, "reduce_v1", 0, reduce_v1_props, "0.9.0", "current");
VHLO_OP(op_reduce_precision_v1, "reduce_precision_v1", 0, reduce_precision_v1_props, "0.9.0", "current");
VHLO_OP(op_reduce_scatter_v1, "reduce_scatter_v1", 0, reduce_scatter_v1_props, "0.9.0", "current");
VHLO_OP(op_reduce_window_v1, "reduce_window_v1", 0, reduce_window_v1_props, "0.9.0", "current");
VHLO_OP(op_remainder_v1, "remainder_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_replica_id_v1, "replica_id_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_reshape_v1, "reshape_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_return_v1, "return_v1", SHARC_TRAIT_TERMINATOR, NULL, "0.9.0", "current");
VHLO_OP(op_reverse_v1, "reverse_v1", 0, reverse_v1_props, "0.9.0", "current");
VHLO_OP(op_rng_bit_generator_v1, "rng_bit_generator_v1", 0, rng_bit_generator_v1_props, "0.9.0", "current");
VHLO_OP(op_rng_v1, "rng_v1", 0, rng_v1_props, "0.9.0", "current");
VHLO_OP(op_round_nearest_even_v1, "round_nearest_even_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_round_nearest_afz_v1, "round_nearest_afz_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_rsqrt_v1, "rsqrt_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_rsqrt_v2, "rsqrt_v2", 0, rsqrt_v2_props, "1.10.0", "current");
VHLO_OP(op_scatter_v1, "scatter_v1", 0, scatter_v1_props, "0.9.0", "1.0.0");
VHLO_OP(op_scatter_v2, "scatter_v2", 0, scatter_v2_props, "1.1.0", "current");
VHLO_OP(op_select_and_scatter_v1, "select_and_scatter_v1", 0, select_and_scatter_v1_props, "0.9.0", "current");
VHLO_OP(op_select_v1, "select_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_send_v1, "send_v1", 0, send_v1_props, "0.9.0", "1.11.0");
VHLO_OP(op_send_v2, "send_v2", 0, send_v2_props, "1.12.0", "current");
VHLO_OP(op_set_dimension_size_v1, "set_dimension_size_v1", 0, set_dimension_size_v1_props, "0.9.0", "current");
VHLO_OP(op_shift_left_v1, "shift_left_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_shift_right_arithmetic_v1, "shift_right_arithmetic_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_shift_right_logical_v1, "shift_right_logical_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_sign_v1, "sign_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_sine_v1, "sine_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_sine_v2, "sine_v2", 0, sine_v2_props, "1.10.0", "current");
VHLO_OP(op_slice_v1, "slice_v1", 0, slice_v1_props, "0.9.0", "current");
VHLO_OP(op_sort_v1, "sort_v1", 0, sort_v1_props, "0.9.0", "current");
VHLO_OP(op_sqrt_v1, "sqrt_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_sqrt_v2, "sqrt_v2", 0, sqrt_v2_props, "1.10.0", "current");
VHLO_OP(op_subtract_v1, "subtract_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_tan_v1, "tan_v1", 0, NULL, "1.4.0", "1.9.0");
VHLO_OP(op_tan_v2, "tan_v2", 0, tan_v2_props, "1.10.0", "current");
VHLO_OP(op_tanh_v1, "tanh_v1", 0, NULL, "0.9.0", "1.9.0");
VHLO_OP(op_tanh_v2, "tanh_v2", 0, tanh_v2_props, "1.10.0", "current");
VHLO_OP(op_torch_index_select_v1, "torch_index_select_v1", 0, torch_index_select_v1_props, "0.9.0", "current");
VHLO_OP(op_transpose_v1, "transpose_v1", 0, transpose_v1_props, "0.9.0", "current");
VHLO_OP(op_triangular_solve_v1, "triangular_solve_v1", 0, triangular_solve_v1_props, "0.9.0", "current");
VHLO_OP(op_tuple_v1, "tuple_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_unary_einsum_v1, "unary_einsum_v1", 0, unary_einsum_v1_props, "0.9.0", "current");
VHLO_OP(op_uniform_dequantize_v1, "uniform_dequantize_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_uniform_quantize_v1, "uniform_quantize_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_while_v1, "while_v1", 0, NULL, "0.9.0", "current");
VHLO_OP(op_xor_v1, "xor_v1", 0, NULL, "0.9.0", "current");

static const sharc_op_def *const vhlo_ops[] = {
    &op_abs_v1.def,
    &op_add_v1.def,
    &op_after_all_v1.def,
    &op_all_gather_v1.def,
    &op_all_gather_v2.def,
    &op_all_reduce_v1.def,
    &op_all_reduce_v2.def,
    &op_all_to_all_v1.def,
    &op_all_to_all_v2.def,
    &op_and_v1.def,
    &op_async_start_v1.def,
    &op_async_done_v1.def,
    &op_atan2_v1.def,
    &op_batch_norm_grad_v1.def,
    &op_batch_norm_inference_v1.def,
    &op_batch_norm_training_v1.def,
    &op_bitcast_convert_v1.def,
    &op_broadcast_in_dim_v1.def,
    &op_broadcast_v1.def,
    &op_call_v1.def,
    &op_case_v1.def,
    &op_cbrt_v1.def,
    &op_cbrt_v2.def,
    &op_ceil_v1.def,
    &op_cholesky_v1.def,
    &op_clamp_v1.def,
    &op_count_leading_zeros_v1.def,
    &op_collective_broadcast_v1.def,
    &op_collective_broadcast_v2.def,
    &op_collective_reduce_v1.def,
    &op_collective_permute_v1.def,
    &op_compare_v1.def,
    &op_complex_v1.def,
    &op_composite_v1.def,
    &op_composite_v2.def,
    &op_concatenate_v1.def,
    &op_constant_v1.def,
    &op_convert_v1.def,
    &op_convolution_v1.def,
    &op_cosine_v1.def,
    &op_cosine_v2.def,
    &op_create_token_v1.def,
    &op_cross_replica_sum_v1.def,
    &op_custom_call_v1.def,
    &op_custom_call_v2.def,
    &op_divide_v1.def,
    &op_dot_general_v1.def,
    &op_dot_general_v2.def,
    &op_dot_v1.def,
    &op_dynamic_broadcast_in_dim_v1.def,
    &op_dynamic_conv_v1.def,
    &op_dynamic_conv_v2.def,
    &op_dynamic_gather_v1.def,
    &op_dynamic_gather_v2.def,
    &op_dynamic_iota_v1.def,
    &op_dynamic_pad_v1.def,
    &op_dynamic_reshape_v1.def,
    &op_dynamic_slice_v1.def,
    &op_dynamic_update_slice_v1.def,
    &op_einsum_v1.def,
    &op_exponential_minus_one_v1.def,
    &op_exponential_minus_one_v2.def,
    &op_exponential_v1.def,
    &op_exponential_v2.def,
    &op_fft_v1.def,
    &op_floor_v1.def,
    &op_func_v1.def,
    &op_gather_v1.def,
    &op_gather_v2.def,
    &op_get_dimension_size_v1.def,
    &op_get_tuple_element_v1.def,
    &op_if_v1.def,
    &op_imag_v1.def,
    &op_infeed_v1.def,
    &op_iota_v1.def,
    &op_is_finite_v1.def,
    &op_log_plus_one_v1.def,
    &op_log_plus_one_v2.def,
    &op_logistic_v1.def,
    &op_logistic_v2.def,
    &op_log_v1.def,
    &op_log_v2.def,
    &op_map_v1.def,
    &op_maximum_v1.def,
    &op_minimum_v1.def,
    &op_multiply_v1.def,
    &op_negate_v1.def,
    &op_not_v1.def,
    &op_optimization_barrier_v1.def,
    &op_or_v1.def,
    &op_outfeed_v1.def,
    &op_pad_v1.def,
    &op_partition_id_v1.def,
    &op_popcnt_v1.def,
    &op_power_v1.def,
    &op_real_dynamic_slice_v1.def,
    &op_real_v1.def,
    &op_recv_v1.def,
    &op_recv_v2.def,
    &op_reduce_v1.def,
    &op_reduce_precision_v1.def,
    &op_reduce_scatter_v1.def,
    &op_reduce_window_v1.def,
    &op_remainder_v1.def,
    &op_replica_id_v1.def,
    &op_reshape_v1.def,
    &op_return_v1.def,
    &op_reverse_v1.def,
    &op_rng_bit_generator_v1.def,
    &op_rng_v1.def,
    &op_round_nearest_even_v1.def,
    &op_round_nearest_afz_v1.def,
    &op_rsqrt_v1.def,
    &op_rsqrt_v2.def,
    &op_scatter_v1.def,
    &op_scatter_v2.def,
    &op_select_and_scatter_v1.def,
    &op_select_v1.def,
    &op_send_v1.def,
    &op_send_v2.def,
    &op_set_dimension_size_v1.def,
    &op_shift_left_v1.def,
    &op_shift_right_arithmetic_v1.def,
    &op_shift_right_logical_v1.def,
    &op_sign_v1.def,
    &op_sine_v1.def,
    &op_sine_v2.def,
    &op_slice_v1.def,
    &op_sort_v1.def,
    &op_sqrt_v1.def,
    &op_sqrt_v2.def,
    &op_subtract_v1.def,
    &op_tan_v1.def,
    &op_tan_v2.def,
    &op_tanh_v1.def,
    &op_tanh_v2.def,
    &op_torch_index_select_v1.def,
    &op_transpose_v1.def,
    &op_triangular_solve_v1.def,
    &op_tuple_v1.def,
    &op_unary_einsum_v1.def,
    &op_uniform_dequantize_v1.def,
    &op_uniform_quantize_v1.def,
    &op_while_v1.def,
    &op_xor_v1.def,
};

const vhlo_op_def *sharc_vhlo_op_lookup(const char *name) {
  for (size_t i = 0; i < sizeof vhlo_ops / sizeof vhlo_ops[0]; i++)
    if (strcmp(vhlo_ops[i]->name, name) == 0)
      return (const vhlo_op_def *)vhlo_ops[i];
  return NULL;
}

const vhlo_op_def *sharc_vhlo_op_of(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  if (!def || def->dialect != &sharc_vhlo_dialect)
    return NULL;
  return (const vhlo_op_def *)def;
}

const sharc_dialect sharc_vhlo_dialect = {
    .name = "vhlo",
    .ops = vhlo_ops,
    .num_ops = sizeof vhlo_ops / sizeof vhlo_ops[0],
    .parse_type = sharc_vhlo_parse_type_hook,
    .parse_attr = sharc_vhlo_parse_attr_hook,
    .bytecode = &sharc_vhlo_bytecode,
};

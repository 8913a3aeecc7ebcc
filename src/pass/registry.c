/* The pass registry: implemented passes (one definition per file) merged
 * with the known-but-unimplemented Shardy flags, in --help order. */
#include "pass/pass_registry.h"

#include <stdlib.h>
#include <string.h>

static const sharc_pass_def *const implemented[] = {
    &sharc_pass_canonicalize,
    &sharc_pass_cse,
    &sharc_pass_inline,
    &sharc_pass_sdy_basic_propagate,
    &sharc_pass_sdy_aggressive_propagate,
    &sharc_pass_sdy_op_priority_propagate,
    &sharc_pass_sdy_user_priority_propagate,
    &sharc_pass_sdy_drop_sharding_rules,
    &sharc_pass_sdy_reshard_to_collectives,
    &sharc_pass_sdy_resolve_permutation_factors,
    &sharc_pass_sdy_populate_op_sharding_rules,
    &sharc_pass_sdy_remove_size_one_axes,
    &sharc_pass_sdy_explicit_gather_scatter_batching,
    &sharc_pass_sdy_constant_or_scalar_splitter,
    &sharc_pass_sdy_manual_axes_cleanup,
    &sharc_pass_sdy_lift_inlined_meshes,
    &sharc_pass_sdy_import_pipeline,
    &sharc_pass_sdy_export_pipeline,
    &sharc_pass_sdy_propagation_pipeline,
    &sharc_pass_sdy_apply_sharding_constraints,
    &sharc_pass_sdy_add_data_flow_edges,
    &sharc_pass_sdy_add_func_data_flow_edges,
    &sharc_pass_sdy_flatten_call_graph,
    &sharc_pass_sdy_import_func_calls,
    &sharc_pass_sdy_pre_order_funcs,
    &sharc_pass_sdy_propagate_sharding_from_func_to_call,
    &sharc_pass_sdy_sharding_group_import,
    &sharc_pass_sdy_insert_explicit_reshards,
    &sharc_pass_symbol_dce,
    &sharc_pass_chlo_legalize_to_stablehlo,
    &sharc_pass_stablehlo_target_independent_optimization,
    &sharc_pass_stablehlo_legalize_to_vhlo,
    &sharc_pass_vhlo_legalize_to_stablehlo,
    &sharc_pass_vhlo_to_version,
    &sharc_pass_stablehlo_deserialize,
    &sharc_pass_sdy_close_shardings,
    &sharc_pass_sdy_constant_or_scalar_merger,
    &sharc_pass_sdy_drop_sharding_and_mesh,
    &sharc_pass_sdy_export_named_computations,
    &sharc_pass_sdy_inline_meshes,
    &sharc_pass_sdy_insert_func_call_reshards,
    &sharc_pass_sdy_propagate_to_func_results,
    &sharc_pass_sdy_remove_all_gather_reduce_scatter_for_cmv1,
    &sharc_pass_sdy_remove_propagation_debug_info,
    &sharc_pass_sdy_remove_sharding_groups,
    &sharc_pass_sdy_remove_sub_axes_in_input_output_shardings,
    &sharc_pass_sdy_resolve_single_device_sharding,
    &sharc_pass_sdy_sharding_constraint_to_reshard,
    &sharc_pass_sdy_sink_data_flow_edges,
    &sharc_pass_sdy_sink_func_data_flow_edges,
    &sharc_pass_sdy_unflatten_call_graph,
    &sharc_pass_sdy_update_non_divisible_input_output_shardings,
    &sharc_pass_sdy_verify_unreduced_axes,
    &sharc_pass_mpmd_copy_topology_from_main,
    &sharc_pass_mpmd_validate_named_ops_in_mpmd_func,
    &sharc_pass_mpmd_enforce_input_output_equisharding,
    &sharc_pass_mpmd_generate_sdy_meshes_from_topology,
    &sharc_pass_mpmd_insert_nameless_clone_of_negligible_ops,
    &sharc_pass_mpmd_map_input_output_to_mesh,
    &sharc_pass_mpmd_map_named_ops_to_mpmd_ops,
    &sharc_pass_mpmd_inline_nested_user_exposed_ops,
    &sharc_pass_mpmd_introduce_transfers,
    &sharc_pass_mpmd_simplify_named_computations,
    &sharc_pass_mpmd_infer_mesh_populate_use_set,
    &sharc_pass_mpmd_infer_mesh_populate_src_set,
    &sharc_pass_mpmd_infer_mesh_convert_reduce_ops,
    &sharc_pass_mpmd_infer_mesh_validate_src_set_not_empty,
    &sharc_pass_mpmd_infer_mesh_validate_no_additional_transfers_needed,
    &sharc_pass_mpmd_infer_mesh_assign_mesh_func_leaves,
    &sharc_pass_mpmd_infer_mesh_assign_using_input_output_constraints,
    &sharc_pass_mpmd_infer_mesh_rewrite_using_analysis,
    &sharc_pass_mpmd_infer_mesh_finalize,
    &sharc_pass_mpmd_infer_mesh_pipeline,
    &sharc_pass_mpmd_import_pipeline,
    &sharc_pass_mpmd_merge_inferred_fragments,
    &sharc_pass_mpmd_merge_user_fragments_into_scheduling_units,
    &sharc_pass_mpmd_move_transfers_to_producer,
    &sharc_pass_mpmd_remove_transfer_cycles,
    &sharc_pass_mpmd_fragment_dce,
    &sharc_pass_mpmd_fragment_dedup,
    &sharc_pass_mpmd_unroll_for_loops,
    &sharc_pass_mpmd_from_unroll_to_call_counter,
    &sharc_pass_mpmd_sink_negligible_ops_into_call_op,
    &sharc_pass_mpmd_erase_unused_callee_block_arguments,
    &sharc_pass_mpmd_call_inline,
    &sharc_pass_mpmd_absorb_inferred_fragments,
    &sharc_pass_mpmd_convert_sdy_constants,
    &sharc_pass_mpmd_convert_sdy_shardings_to_mpmd_types,
    &sharc_pass_mpmd_enforce_user_shardings,
    &sharc_pass_mpmd_extract_reshards_from_inter_mesh_transfers,
    &sharc_pass_mpmd_populate_unreduced_out_sharding,
    &sharc_pass_mpmd_simplify_program,
    &sharc_pass_mpmd_sharding_propagation_pipeline,
    &sharc_pass_mpmd_copy_constants,
    &sharc_pass_mpmd_merge_forward_with_backward,
    &sharc_pass_mpmd_merge_transfers,
    &sharc_pass_mpmd_rule_based_merge,
    &sharc_pass_mpmd_scheduling_units_verifier,
    &sharc_pass_mpmd_split_and_prioritize_transfer_independent_computations,
    &sharc_pass_mpmd_split_bwd_fragments,
    &sharc_pass_mpmd_uniquify_function_inputs_outputs,
    &sharc_pass_mpmd_verify_stage_merging,
    &sharc_pass_mpmd_pipeline_scheduler,
    &sharc_pass_mpmd_remat_fragment,
    &sharc_pass_mpmd_rule_based_schedule,
    &sharc_pass_mpmd_optimize_pipeline,
    &sharc_pass_mpmd_delay_inferred_fragments,
    &sharc_pass_mpmd_delay_transfers_from_cpu,
    &sharc_pass_mpmd_lower_to_fragment_calls,
    &sharc_pass_mpmd_mark_aliasing_and_donation,
    &sharc_pass_mpmd_mark_fragment_reserved_memory,
    &sharc_pass_mpmd_mark_input_output_with_layouts,
    &sharc_pass_mpmd_mark_offloaded_input_output,
    &sharc_pass_mpmd_sink_create_token_into_fragments,
    &sharc_pass_mpmd_validate_no_backward_deps,
    &sharc_pass_mpmd_validate_no_inferred_fragments,
    &sharc_pass_mpmd_validate_no_param_transfers,
    &sharc_pass_mpmd_validate_no_reshards,
    &sharc_pass_mpmd_export_pipeline,
};

enum { NUM_IMPLEMENTED = sizeof implemented / sizeof implemented[0] };

static const sharc_pass_def **all;
static unsigned all_count;

static bool is_pipeline(const sharc_pass_def *d) {
  return d->build || (!d->run && strstr(d->flag, "-pipeline"));
}

/* Passes before pipelines, each group by flag. */
static int by_help_order(const void *a, const void *b) {
  const sharc_pass_def *x = *(const sharc_pass_def *const *)a, *y = *(const sharc_pass_def *const *)b;
  if (is_pipeline(x) != is_pipeline(y))
    return is_pipeline(x) - is_pipeline(y);
  return strcmp(x->flag, y->flag);
}

static void release(void) { free(all); }

const sharc_pass_def *const *sharc_pass_registry(unsigned *count) {
  if (!all) {
    all = malloc((NUM_IMPLEMENTED + sharc_pass_table_size) * sizeof *all);
    if (!all)
      abort();
    for (unsigned i = 0; i < NUM_IMPLEMENTED; i++)
      all[all_count++] = implemented[i];
    for (unsigned i = 0; i < sharc_pass_table_size; i++)
      all[all_count++] = &sharc_pass_table[i];
    qsort(all, all_count, sizeof *all, by_help_order);
    atexit(release);
  }
  *count = all_count;
  return all;
}

const sharc_pass_def *sharc_pass_lookup(const char *flag, unsigned tool_mask) {
  unsigned n;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n; i++)
    if ((defs[i]->tools & tool_mask) && strcmp(defs[i]->flag, flag) == 0)
      return defs[i];
  return NULL;
}

bool sharc_pass_is_implemented(const sharc_pass_def *def) { return def->run || def->build; }

/* The pass registry: the passes sharc implements (each defined in its own
 * file under src/transforms) and the Shardy flags it knows but does not
 * implement yet (pass_table.c). */
#ifndef SHARC_PASS_PASS_REGISTRY_H
#define SHARC_PASS_PASS_REGISTRY_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"

/* Known, not implemented yet (pass_table.c). */
extern const sharc_pass_def sharc_pass_table[];
extern const unsigned sharc_pass_table_size;

/* Implemented passes and pipelines, one definition per file. */
extern const sharc_pass_def sharc_pass_canonicalize;
extern const sharc_pass_def sharc_pass_cse;
extern const sharc_pass_def sharc_pass_inline;
extern const sharc_pass_def sharc_pass_symbol_dce;
extern const sharc_pass_def sharc_pass_sdy_populate_op_sharding_rules;
extern const sharc_pass_def sharc_pass_sdy_drop_sharding_rules;
extern const sharc_pass_def sharc_pass_sdy_reshard_to_collectives;
extern const sharc_pass_def sharc_pass_sdy_resolve_permutation_factors;
extern const sharc_pass_def sharc_pass_sdy_remove_size_one_axes;
extern const sharc_pass_def sharc_pass_sdy_explicit_gather_scatter_batching;
extern const sharc_pass_def sharc_pass_sdy_constant_or_scalar_splitter;
extern const sharc_pass_def sharc_pass_sdy_manual_axes_cleanup;
extern const sharc_pass_def sharc_pass_sdy_lift_inlined_meshes;
extern const sharc_pass_def sharc_pass_sdy_import_pipeline;
extern const sharc_pass_def sharc_pass_sdy_export_pipeline;
extern const sharc_pass_def sharc_pass_sdy_apply_sharding_constraints;
extern const sharc_pass_def sharc_pass_sdy_add_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_add_func_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_flatten_call_graph;
extern const sharc_pass_def sharc_pass_sdy_import_func_calls;
extern const sharc_pass_def sharc_pass_sdy_pre_order_funcs;
extern const sharc_pass_def sharc_pass_sdy_propagate_sharding_from_func_to_call;
extern const sharc_pass_def sharc_pass_sdy_sharding_group_import;
extern const sharc_pass_def sharc_pass_sdy_basic_propagate;
extern const sharc_pass_def sharc_pass_sdy_aggressive_propagate;
extern const sharc_pass_def sharc_pass_sdy_op_priority_propagate;
extern const sharc_pass_def sharc_pass_sdy_user_priority_propagate;
extern const sharc_pass_def sharc_pass_sdy_propagation_pipeline;
extern const sharc_pass_def sharc_pass_sdy_close_shardings;
extern const sharc_pass_def sharc_pass_sdy_constant_or_scalar_merger;
extern const sharc_pass_def sharc_pass_sdy_drop_sharding_and_mesh;
extern const sharc_pass_def sharc_pass_sdy_export_named_computations;
extern const sharc_pass_def sharc_pass_sdy_inline_meshes;
extern const sharc_pass_def sharc_pass_sdy_insert_func_call_reshards;
extern const sharc_pass_def sharc_pass_sdy_propagate_to_func_results;
extern const sharc_pass_def sharc_pass_sdy_remove_all_gather_reduce_scatter_for_cmv1;
extern const sharc_pass_def sharc_pass_sdy_remove_propagation_debug_info;
extern const sharc_pass_def sharc_pass_sdy_remove_sharding_groups;
extern const sharc_pass_def sharc_pass_sdy_remove_sub_axes_in_input_output_shardings;
extern const sharc_pass_def sharc_pass_sdy_resolve_single_device_sharding;
extern const sharc_pass_def sharc_pass_sdy_sharding_constraint_to_reshard;
extern const sharc_pass_def sharc_pass_sdy_sink_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_sink_func_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_unflatten_call_graph;
extern const sharc_pass_def sharc_pass_sdy_update_non_divisible_input_output_shardings;
extern const sharc_pass_def sharc_pass_sdy_verify_unreduced_axes;
extern const sharc_pass_def sharc_pass_sdy_insert_explicit_reshards;

/* Parses one option's text into `dst` (NULL: only check it); on error
 * writes LLVM's message to `err`. `owner` keeps copied strings alive. */
bool sharc_option_parse(const sharc_option_def *o, const char *text, bool has_value, void *dst,
                        void *owner, sharc_buf *err);

#endif

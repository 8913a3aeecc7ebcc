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
extern const sharc_pass_def sharc_pass_sdy_remove_size_one_axes;
extern const sharc_pass_def sharc_pass_sdy_explicit_gather_scatter_batching;
extern const sharc_pass_def sharc_pass_sdy_constant_or_scalar_splitter;
extern const sharc_pass_def sharc_pass_sdy_manual_axes_cleanup;
extern const sharc_pass_def sharc_pass_sdy_lift_inlined_meshes;
extern const sharc_pass_def sharc_pass_sdy_import_pipeline;
extern const sharc_pass_def sharc_pass_sdy_apply_sharding_constraints;
extern const sharc_pass_def sharc_pass_sdy_add_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_add_func_data_flow_edges;
extern const sharc_pass_def sharc_pass_sdy_flatten_call_graph;
extern const sharc_pass_def sharc_pass_sdy_import_func_calls;
extern const sharc_pass_def sharc_pass_sdy_pre_order_funcs;
extern const sharc_pass_def sharc_pass_sdy_propagate_sharding_from_func_to_call;
extern const sharc_pass_def sharc_pass_sdy_sharding_group_import;
extern const sharc_pass_def sharc_pass_mpmd_copy_topology_from_main;
extern const sharc_pass_def sharc_pass_mpmd_validate_named_ops_in_mpmd_func;
extern const sharc_pass_def sharc_pass_mpmd_enforce_input_output_equisharding;
extern const sharc_pass_def sharc_pass_mpmd_generate_sdy_meshes_from_topology;
extern const sharc_pass_def sharc_pass_mpmd_insert_nameless_clone_of_negligible_ops;
extern const sharc_pass_def sharc_pass_mpmd_map_input_output_to_mesh;
extern const sharc_pass_def sharc_pass_mpmd_map_named_ops_to_mpmd_ops;
extern const sharc_pass_def sharc_pass_mpmd_inline_nested_user_exposed_ops;
extern const sharc_pass_def sharc_pass_mpmd_introduce_transfers;
extern const sharc_pass_def sharc_pass_mpmd_simplify_named_computations;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_populate_use_set;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_populate_src_set;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_convert_reduce_ops;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_validate_src_set_not_empty;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_validate_no_additional_transfers_needed;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_assign_mesh_func_leaves;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_assign_using_input_output_constraints;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_rewrite_using_analysis;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_finalize;
extern const sharc_pass_def sharc_pass_mpmd_infer_mesh_pipeline;
extern const sharc_pass_def sharc_pass_mpmd_import_pipeline;
extern const sharc_pass_def sharc_pass_mpmd_merge_inferred_fragments;
extern const sharc_pass_def sharc_pass_mpmd_merge_user_fragments_into_scheduling_units;
extern const sharc_pass_def sharc_pass_mpmd_move_transfers_to_producer;
extern const sharc_pass_def sharc_pass_mpmd_remove_transfer_cycles;
extern const sharc_pass_def sharc_pass_mpmd_fragment_dce;
extern const sharc_pass_def sharc_pass_mpmd_fragment_dedup;
extern const sharc_pass_def sharc_pass_mpmd_unroll_for_loops;
extern const sharc_pass_def sharc_pass_mpmd_from_unroll_to_call_counter;
extern const sharc_pass_def sharc_pass_mpmd_sink_negligible_ops_into_call_op;
extern const sharc_pass_def sharc_pass_mpmd_erase_unused_callee_block_arguments;
extern const sharc_pass_def sharc_pass_mpmd_call_inline;
extern const sharc_pass_def sharc_pass_mpmd_absorb_inferred_fragments;

/* Parses one option's text into `dst` (NULL: only check it); on error
 * writes LLVM's message to `err`. `owner` keeps copied strings alive. */
bool sharc_option_parse(const sharc_option_def *o, const char *text, bool has_value, void *dst,
                        void *owner, sharc_buf *err);

#endif

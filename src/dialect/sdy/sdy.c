/* The sdy dialect: Shardy's sharding ops, attributes and their verifiers.
 * Ops are rows of the table below; see the files beside this one. */
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/sdy_ops_internal.h"

static const sharc_op_def *const sdy_ops[] = {
    &sharc_sdy_mesh_op_def,
    &sharc_sdy_sharding_constraint_def,
    &sharc_sdy_reshard_def,
    &sharc_sdy_return_def,
    &sharc_sdy_constant_def,
    &sharc_sdy_data_flow_edge_def,
    &sharc_sdy_func_data_flow_edge_def,
    &sharc_sdy_propagation_barrier_def,
    &sharc_sdy_sharding_group_def,
    &sharc_sdy_manual_computation_def,
    &sharc_sdy_named_computation_def,
    &sharc_sdy_all_gather_def,
    &sharc_sdy_all_slice_def,
    &sharc_sdy_all_reduce_def,
    &sharc_sdy_all_to_all_def,
    &sharc_sdy_collective_permute_def,
    &sharc_sdy_reduce_scatter_def,
    &sharc_sdy_sharded_to_unreduced_def,
    &sharc_sdy_replicated_to_unreduced_def,
};

const sharc_dialect sharc_sdy_dialect = {
    .name = "sdy",
    .ops = sdy_ops,
    .num_ops = sizeof sdy_ops / sizeof sdy_ops[0],
    .parse_attr = sharc_sdy_parse_attr_hook,
    .verify_op_attr = sharc_sdy_verify_op_attr_hook,
    .attr_reads_other_ops = sharc_sdy_attr_reads_other_ops,
    .verify_arg_attr = sharc_sdy_verify_arg_attr_hook,
};

/* The mpmd dialect: fragments, transfers and mesh tensors of an MPMD program.
 * Ops are rows of the table below; see the files beside this one. */
#include "dialect/mpmd/mpmd_internal.h"

static const sharc_op_def *const mpmd_ops[] = {
    &sharc_mpmd_assign_def,
    &sharc_mpmd_broadcast_def,
    &sharc_mpmd_call_def,
    &sharc_mpmd_for_def,
    &sharc_mpmd_fragment_def,
    &sharc_mpmd_fragment_call_def,
    &sharc_mpmd_named_computation_def,
    &sharc_mpmd_named_tensor_def,
    &sharc_mpmd_reduce_def,
    &sharc_mpmd_return_def,
    &sharc_mpmd_transfer_def,
    &sharc_mpmd_unassign_def,
};

const sharc_dialect sharc_mpmd_dialect = {
    .name = "mpmd",
    .ops = mpmd_ops,
    .num_ops = sizeof mpmd_ops / sizeof mpmd_ops[0],
    .parse_type = sharc_mpmd_parse_type,
    .parse_attr = sharc_mpmd_parse_attr,
    .ops_ignore_discardable = true,
};

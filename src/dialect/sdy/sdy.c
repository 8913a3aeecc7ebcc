/* The sdy dialect: Shardy's sharding ops, attributes and their verifiers.
 * Ops are rows of the table below; see the files beside this one. */
#include "dialect/sdy/sdy_ops_internal.h"

static const sharc_op_def *const sdy_ops[] = {
    &sdy_mesh_op_def,
};

const sharc_dialect sharc_sdy_dialect = {
    .name = "sdy",
    .ops = sdy_ops,
    .num_ops = sizeof sdy_ops / sizeof sdy_ops[0],
    .parse_attr = sdy_parse_attr_hook,
    .verify_op_attr = sdy_verify_op_attr_hook,
    .verify_arg_attr = sdy_verify_arg_attr_hook,
};

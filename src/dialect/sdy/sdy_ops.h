/* The sdy op definitions, for recognising sdy ops by definition pointer. */
#ifndef SHARC_DIALECT_SDY_SDY_OPS_H
#define SHARC_DIALECT_SDY_SDY_OPS_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_sdy_mesh_op_def;
extern const sharc_op_def sharc_sdy_sharding_constraint_def;
extern const sharc_op_def sharc_sdy_reshard_def;
extern const sharc_op_def sharc_sdy_return_def;
extern const sharc_op_def sharc_sdy_constant_def;
extern const sharc_op_def sharc_sdy_data_flow_edge_def;
extern const sharc_op_def sharc_sdy_func_data_flow_edge_def;
extern const sharc_op_def sharc_sdy_propagation_barrier_def;
extern const sharc_op_def sharc_sdy_sharding_group_def;
extern const sharc_op_def sharc_sdy_manual_computation_def;
extern const sharc_op_def sharc_sdy_named_computation_def;
extern const sharc_op_def sharc_sdy_all_gather_def;
extern const sharc_op_def sharc_sdy_all_slice_def;
extern const sharc_op_def sharc_sdy_all_reduce_def;
extern const sharc_op_def sharc_sdy_all_to_all_def;
extern const sharc_op_def sharc_sdy_collective_permute_def;
extern const sharc_op_def sharc_sdy_reduce_scatter_def;
extern const sharc_op_def sharc_sdy_sharded_to_unreduced_def;
extern const sharc_op_def sharc_sdy_replicated_to_unreduced_def;

struct sharc_rewriter;
/* RedundantManualComputationPattern (op_canonicalize.c): a manual
 * computation whose manual axes multiply to 1 is inlined, one with no
 * operands, results or body ops erased; false when it is neither. */
bool sharc_sdy_inline_redundant_manual_computation(sharc_op *op, struct sharc_rewriter *rw);

#endif

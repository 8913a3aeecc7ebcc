/* Creating Shardy's single-value ops where a pass needs them: data flow
 * edges on the owners of an op's edges (Shardy's addDataFlowEdges), and any
 * op of one operand whose result has the operand's type (sdy.data_flow_edge,
 * sdy.func_data_flow_edge, sdy.sharding_constraint, ...). */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_DATA_FLOW_EDGES_H
#define SHARC_TRANSFORMS_SDY_COMMON_DATA_FLOW_EDGES_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* An op of kind `def` at the rewriter's insertion point, with operand
 * `input`, one result of its type, and `attrs` (a dictionary or NULL). */
sharc_op *sharc_sdy_create_unary_op(sharc_rewriter *rw, const sharc_op_def *def, sharc_attr *loc,
                                    sharc_value *input, sharc_attr *attrs);
/* addDataFlowEdges: an sdy.data_flow_edge right after each owner (at the
 * start of the block for a block argument) that has a static shape, taking
 * the owner's sharding and every use of it; the edges keep the owners'
 * order. */
void sharc_sdy_add_data_flow_edges(sharc_rewriter *rw, sharc_value *const *owners, unsigned n);
/* The same for every owner of a ShardableDataFlowOpInterface op: block
 * argument owners, then result owners. */
void sharc_sdy_add_data_flow_edges_of_op(sharc_rewriter *rw, sharc_op *op);

/* Whether an op with data-flow edges (ShardableDataFlowOpInterface) or an
 * sdy.data_flow_edge may exist in `ctx`: without any, the passes that look
 * for them need no walk of every op. */
bool sharc_sdy_may_hold_data_flow_ops(const sharc_context *ctx);

#endif

/* Shardy's SimplifyRegionOp (transforms/common/simplify_region_op_base),
 * for the patterns that simplify mpmd region ops (named computations,
 * fragments): duplicate results and operands merged, results that return an
 * operand's block argument and unused results dropped, operands nothing
 * uses any more dropped, the op rebuilt without them. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_SIMPLIFY_REGION_OP_H
#define SHARC_TRANSFORMS_MPMD_COMMON_SIMPLIFY_REGION_OP_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* The attribute dictionary the simplified op is built with (it is built
 * like `op`, with the kept operands and results, and takes its region). */
typedef sharc_attr *(*sharc_mpmd_region_op_attrs_fn)(sharc_op *op, sharc_context *ctx);

/* A pattern body: true when `op` was simplified (or erased). */
bool sharc_mpmd_simplify_region_op(sharc_op *op, sharc_rewriter *rw,
                                   sharc_mpmd_region_op_attrs_fn attrs);

/* MLIR's isPure: the Pure trait, or recursive effects over nested ops that
 * are all pure. */
bool sharc_mpmd_is_pure(const sharc_op *op);

#endif

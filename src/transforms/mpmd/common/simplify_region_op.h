/* Shardy's SimplifyRegionOp (transforms/common/simplify_region_op_base),
 * for the patterns that simplify mpmd region ops (named computations,
 * fragments): duplicate results and operands merged, results that return an
 * operand's block argument and unused results dropped, operands nothing
 * uses any more dropped, the op rebuilt without them. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_SIMPLIFY_REGION_OP_H
#define SHARC_TRANSFORMS_MPMD_COMMON_SIMPLIFY_REGION_OP_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* Builds the simplified op (at the rewriter's insertion point) with these
 * result types and operands; `erased_results[i]` tells which of the old
 * results went. The caller moves the region into it. */
typedef sharc_op *(*sharc_mpmd_region_op_create_fn)(sharc_op *op, sharc_rewriter *rw,
                                                    sharc_type *const *result_types,
                                                    unsigned n_results,
                                                    sharc_value *const *operands,
                                                    unsigned n_operands,
                                                    const bool *erased_results, void *user);

/* A pattern body: true when `op` was simplified (or erased). */
bool sharc_mpmd_simplify_region_op(sharc_op *op, sharc_rewriter *rw,
                                   sharc_mpmd_region_op_create_fn create, void *user);

/* MLIR's isPure: the Pure trait, or recursive effects over nested ops that
 * are all pure. */
bool sharc_mpmd_is_pure(const sharc_op *op);

#endif

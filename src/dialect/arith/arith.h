/* The arith dialect's syntax pieces other dialects share: the
 * `attr-dict $value` form of a constant whose result type is its value's
 * (arith.constant, chlo.constant). */
#ifndef SHARC_DIALECT_ARITH_ARITH_H
#define SHARC_DIALECT_ARITH_ARITH_H

#include "ir/ir_internal.h"

/* Parses `{attrs} value`, setting `value` and the result type (the value's;
 * none for a value without one, such as a string). */
bool sharc_arith_parse_value_constant(sharc_parser *p, sharc_op_builder *b);
/* Prints `{attrs} value`, the dictionary without `value`. */
void sharc_arith_print_value_constant(sharc_printer *p, sharc_op *op);

/* Passes that run MLIR's folders and canonicalization patterns (the greedy
 * driver) would change arith computation ops whose folds sharc lacks; such
 * a pass must fail rather than silently do less than MLIR. Whether `op` is
 * one of them (an arith op other than arith.constant). */
bool sharc_arith_fold_unimplemented(const sharc_op *op);
/* The first such op nested in `root` (pre-order), or NULL. */
sharc_op *sharc_arith_find_unfolded(sharc_op *root);
/* Fails a pass on `root` where it holds such an op: a located error naming
 * it, "`what` of this op is not implemented in sharc". True when none. */
bool sharc_arith_check_folds(sharc_op *root, const char *what);

#endif

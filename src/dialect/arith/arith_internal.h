/* What arith.c shares with arith_ops.c, which assembles the arith dialect
 * from both files' ops. */
#ifndef SHARC_DIALECT_ARITH_ARITH_INTERNAL_H
#define SHARC_DIALECT_ARITH_ARITH_INTERNAL_H

#include "dialect/arith/arith.h"

extern const sharc_op_def sharc_arith_constant_def;
extern const sharc_op_def sharc_arith_index_cast_def;
/* The casts' verifier: ODS's type constraints, SameInputOutputTensorDims,
 * SameOperandsAndResultShape, areCastCompatible, Elementwise. */
bool sharc_arith_verify_cast(sharc_op *op);
/* arith.constant's generic-form property hook: its `value` is a TypedAttr
 * (ODS's constraint), checked as the generic form is read. */
bool sharc_arith_props_constant(sharc_parser *p, sharc_op_builder *b);
/* The folds arith_fold.c implements: `op x, x` -> x (andi, ori, the
 * integer and float max/min) and `select c, a, a` -> a. */
sharc_fold_status sharc_arith_fold_same_operands(sharc_op *op, sharc_fold_result *results);
sharc_fold_status sharc_arith_fold_select_same(sharc_op *op, sharc_fold_result *results);

#endif

/* What arith.c shares with arith_ops.c, which assembles the arith dialect
 * from both files' ops. */
#ifndef SHARC_DIALECT_ARITH_ARITH_INTERNAL_H
#define SHARC_DIALECT_ARITH_ARITH_INTERNAL_H

#include "dialect/arith/arith.h"

extern const sharc_op_def sharc_arith_constant_def;
extern const sharc_op_def sharc_arith_index_cast_def;
/* index_cast's and index_castui's verifier (areCastCompatible). */
bool sharc_arith_verify_index_cast(sharc_op *op);

#endif

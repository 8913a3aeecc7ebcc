/* MLIR's RegionUtils that passes share: the values an op's regions use but
 * that are defined outside of them (the free variables a region op
 * captures). */
#ifndef SHARC_IR_REGION_UTILS_H
#define SHARC_IR_REGION_UTILS_H

#include "ir/ir_internal.h"
#include "support/vec.h"

/* getUsedValuesDefinedAbove over every region of `op`: appends to `out`
 * each value a nested op uses that is defined in a region enclosing `op`,
 * once, in MLIR's order (ops in post-order, operands in order), skipping
 * the values `out` already holds. */
void sharc_used_values_defined_above(sharc_op *op, sharc_ptr_vec *out);

/* The region a value is defined in: its defining op's, or its block's. */
sharc_region *sharc_value_parent_region(const sharc_value *v);

#endif

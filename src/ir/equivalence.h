/* Structural equivalence of ops and regions (MLIR's OperationEquivalence
 * with locations ignored). */
#ifndef SHARC_IR_EQUIVALENCE_H
#define SHARC_IR_EQUIVALENCE_H

#include "ir/ir_internal.h"

/* The op CSE looks up: same name, attributes, properties, result types and
 * operands (a commutative op's in any order), regions compared
 * structurally, their ops operand by operand. */
bool sharc_op_equivalent(sharc_op *l, sharc_op *r);

/* Two regions with the same blocks and ops, values and blocks paired up
 * as they are met. */
bool sharc_region_equivalent(sharc_region *l, sharc_region *r);

#endif

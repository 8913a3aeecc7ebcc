/* An op's operand values as one array, for the many rewrites that hand
 * them to a builder (sharc_op_state, sharc_rw_replace_op) whole or in
 * part, or grow them by one. */
#ifndef SHARC_IR_OP_VALUES_H
#define SHARC_IR_OP_VALUES_H

#include "sharc/ir.h"

/* The operand values of `op` in order, in a malloc'd array with one slot
 * to spare (the caller may append a value; it frees the array). */
sharc_value **sharc_op_operand_values(const sharc_op *op);

#endif

/* An op's operand values (or result types) as one array, for the many
 * rewrites that hand them to a builder (sharc_op_state,
 * sharc_rw_replace_op) whole or in part, or grow them by one. The
 * filtered forms serve the rewrites that drop some operands or results
 * by a per-index mask (dead fragment results, erased call arguments). */
#ifndef SHARC_IR_OP_VALUES_H
#define SHARC_IR_OP_VALUES_H

#include "sharc/ir.h"

#include <stdbool.h>
#include <stdint.h>

/* The operand values of `op` in order, in a malloc'd array with one slot
 * to spare (the caller may append a value; it frees the array). */
sharc_value **sharc_op_operand_values(const sharc_op *op);

/* The results of `op` in order, in the same kind of array. */
sharc_value **sharc_op_result_values(const sharc_op *op);

/* The result types of `op` in order, in the same kind of array. */
sharc_type **sharc_op_result_types(const sharc_op *op);

/* The operand types of `op` in order, in the same kind of array. */
sharc_type **sharc_op_operand_types(const sharc_op *op);

/* The argument types of `block` (NULL: none) in order, in the same kind
 * of array. */
sharc_type **sharc_block_arg_types(const sharc_block *block);

/* The types of the first `num_operands` operands of `op`, then of all its
 * results, written as words to `out` (room for that many): the signature
 * part of a memo key. */
void sharc_op_type_words(const sharc_op *op, unsigned num_operands, uintptr_t *out);

/* Whether any result of `op` has a use (MLIR's !Operation::use_empty()). */
bool sharc_op_has_result_uses(const sharc_op *op);

/* The operands of `op` whose mark in `marks` equals `marked`, in order,
 * in a malloc'd array with one slot to spare; `*count` receives how many.
 * An index at or past `num_marks` counts as unmarked: a terminator may
 * carry more operands than the mask covers. */
sharc_value **sharc_op_operands_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                      bool marked, unsigned *count);

/* The result types of `op` whose mark equals `marked`, as above. */
sharc_type **sharc_op_result_types_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                         bool marked, unsigned *count);

/* Drops the operands of `op` marked in `erase` (the rest keep their
 * order; indices at or past `num_marks` stay). */
void sharc_op_erase_marked_operands(sharc_op *op, const bool *erase, unsigned num_marks);

#endif

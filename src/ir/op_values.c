/* An op's operand values or result types as one array; see op_values.h.
 * Every form is one gather over the op's operands or results. */
#include "ir/op_values.h"
#include "ir/ir_internal.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* Element `i` of `owner` (an op, or a block for its arguments). */
typedef void *(*element_fn)(const void *owner, unsigned i);

static void *operand_at(const void *op, unsigned i) { return sharc_op_operand(op, i); }
static void *result_at(const void *op, unsigned i) { return sharc_op_result(op, i); }
static void *operand_type_at(const void *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}
static void *result_type_at(const void *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}
static void *arg_type_at(const void *block, unsigned i) {
  return sharc_value_type(sharc_block_arg(block, i));
}

/* The elements `at` gives for the indices below `n` whose mark equals
 * `marked` (an index at or past `num_marks` is unmarked), in a malloc'd
 * array with one slot to spare. */
static void **gather(const void *owner, unsigned n, element_fn at, const bool *marks,
                     unsigned num_marks, bool marked, unsigned *count) {
  void **items = sharc_xmalloc_array((size_t)n + 1, sizeof *items);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if ((i < num_marks && marks[i]) == marked)
      items[k++] = at(owner, i);
  *count = k;
  return items;
}

sharc_value **sharc_op_operand_values(const sharc_op *op) {
  unsigned n;
  return (sharc_value **)gather(op, sharc_op_num_operands(op), operand_at, NULL, 0, false, &n);
}

sharc_value **sharc_op_result_values(const sharc_op *op) {
  unsigned n;
  return (sharc_value **)gather(op, sharc_op_num_results(op), result_at, NULL, 0, false, &n);
}

sharc_type **sharc_op_result_types(const sharc_op *op) {
  unsigned n;
  return (sharc_type **)gather(op, sharc_op_num_results(op), result_type_at, NULL, 0, false, &n);
}

sharc_type **sharc_op_operand_types(const sharc_op *op) {
  unsigned n;
  return (sharc_type **)gather(op, sharc_op_num_operands(op), operand_type_at, NULL, 0, false,
                               &n);
}

sharc_type **sharc_block_arg_types(const sharc_block *block) {
  unsigned n;
  return (sharc_type **)gather(block, block ? sharc_block_num_args(block) : 0, arg_type_at, NULL,
                               0, false, &n);
}

sharc_value **sharc_op_operands_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                      bool marked, unsigned *count) {
  return (sharc_value **)gather(op, sharc_op_num_operands(op), operand_at, marks, num_marks,
                                marked, count);
}

sharc_type **sharc_op_result_types_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                         bool marked, unsigned *count) {
  return (sharc_type **)gather(op, sharc_op_num_results(op), result_type_at, marks, num_marks,
                               marked, count);
}

void sharc_op_erase_marked_operands(sharc_op *op, const bool *erase, unsigned num_marks) {
  unsigned k;
  sharc_value **kept = sharc_op_operands_where(op, erase, num_marks, false, &k);
  sharc_op_set_operands(op, kept, k);
  free(kept);
}

bool sharc_op_has_result_uses(const sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (sharc_value_has_uses(sharc_op_result(op, i)))
      return true;
  return false;
}

/* Read from the op's own layout (not through the public accessors): the
 * sdy verifiers key their memo with it for every op they check. */
void sharc_op_type_words(const sharc_op *op, unsigned num_operands, uintptr_t *out) {
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < num_operands; i++)
    out[i] = (uintptr_t)uses[i].value->type;
  const sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < op->num_results; i++)
    out[num_operands + i] = (uintptr_t)results[i].type;
}

/* An op's operand values or result types as one array; see op_values.h. */
#include "ir/op_values.h"

#include <stdlib.h>

static void *array_with_spare(unsigned n, size_t elem_size) {
  void *items = malloc(((size_t)n + 1) * elem_size);
  if (!items)
    abort();
  return items;
}

static bool has_mark(const bool *marks, unsigned num_marks, unsigned i, bool marked) {
  return (i < num_marks && marks[i]) == marked;
}

sharc_value **sharc_op_operand_values(const sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_value **values = array_with_spare(n, sizeof *values);
  for (unsigned i = 0; i < n; i++)
    values[i] = sharc_op_operand(op, i);
  return values;
}

sharc_value **sharc_op_result_values(const sharc_op *op) {
  unsigned n = sharc_op_num_results(op);
  sharc_value **values = array_with_spare(n, sizeof *values);
  for (unsigned i = 0; i < n; i++)
    values[i] = sharc_op_result(op, i);
  return values;
}

sharc_type **sharc_op_result_types(const sharc_op *op) {
  unsigned n = sharc_op_num_results(op);
  sharc_type **types = array_with_spare(n, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_result(op, i));
  return types;
}

sharc_value **sharc_op_operands_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                      bool marked, unsigned *count) {
  unsigned n = sharc_op_num_operands(op), k = 0;
  sharc_value **values = array_with_spare(n, sizeof *values);
  for (unsigned i = 0; i < n; i++)
    if (has_mark(marks, num_marks, i, marked))
      values[k++] = sharc_op_operand(op, i);
  *count = k;
  return values;
}

sharc_type **sharc_op_result_types_where(const sharc_op *op, const bool *marks, unsigned num_marks,
                                         bool marked, unsigned *count) {
  unsigned n = sharc_op_num_results(op), k = 0;
  sharc_type **types = array_with_spare(n, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    if (has_mark(marks, num_marks, i, marked))
      types[k++] = sharc_value_type(sharc_op_result(op, i));
  *count = k;
  return types;
}

void sharc_op_erase_marked_operands(sharc_op *op, const bool *erase, unsigned num_marks) {
  unsigned k;
  sharc_value **kept = sharc_op_operands_where(op, erase, num_marks, false, &k);
  sharc_op_set_operands(op, kept, k);
  free(kept);
}

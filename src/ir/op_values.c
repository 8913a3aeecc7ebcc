/* An op's operand values as one array; see op_values.h. */
#include "ir/op_values.h"

#include <stdlib.h>

sharc_value **sharc_op_operand_values(const sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_value **values = malloc(((size_t)n + 1) * sizeof *values);
  if (!values)
    abort();
  for (unsigned i = 0; i < n; i++)
    values[i] = sharc_op_operand(op, i);
  return values;
}

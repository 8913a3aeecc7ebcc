/* StableHLO's result type inference (TypeInference.cpp's infer* functions)
 * for the ops whose rows carry an `infer` hook: the op's own errors, then
 * the comparison of the inferred types with the declared results. */
#include "dialect/stablehlo/shlo.h"

#include <stdlib.h>

static const sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

/* broadcast: the sizes prepended to the operand's shape. */
bool sharc_shlo_infer_broadcast(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *sizes = sharc_shlo_i64_array(op, "broadcast_sizes");
  if (!in || !sizes)
    return true;
  unsigned n = sharc_attr_count(sizes), rank = n + in->shaped.rank;
  for (unsigned i = 0; i < n; i++) {
    int64_t s = sharc_attr_dense_array_i64(sizes, i);
    if (s < 0) {
      sharc_shlo_error(op, "Broadcast with negative dimension size %lld", (long long)s);
      return false;
    }
  }
  int64_t *shape = malloc((rank + 1) * sizeof *shape);
  if (!shape)
    abort();
  for (unsigned i = 0; i < n; i++)
    shape[i] = sharc_attr_dense_array_i64(sizes, i);
  for (unsigned i = 0; i < in->shaped.rank; i++)
    shape[n + i] = in->shaped.shape[i];
  sharc_type *t = sharc_type_tensor(sharc_op_context(op), shape, rank, in->shaped.elem, NULL);
  free(shape);
  return sharc_shlo_check_inferred(op, t);
}

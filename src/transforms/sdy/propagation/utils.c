/* Helpers shared by the propagation passes; see utils.h. */
#include "transforms/sdy/propagation/utils.h"

#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/utils.h"
#include "ir/ir_internal.h"
#include "support/xalloc.h"

#include <stdlib.h>

bool sharc_sdy_is_fully_replicated(const sharc_attr *sharding) {
  return !sharding || sharc_sdy_tensor_sharding_is_fully_replicated(sharding);
}

bool sharc_sdy_is_equivalent(const sharc_attr *sharding, const sharc_attr *other) {
  if (!sharding)
    return sharc_sdy_is_fully_replicated(other);
  return sharc_sdy_shardings_equivalent(sharding, other, false);
}

sharc_value **sharc_sdy_operands_then_results(sharc_op *op, sharc_value **stack) {
  unsigned n_ops = op->num_operands, n_res = op->num_results;
  sharc_value **values =
      stack && n_ops + n_res <= 16 ? stack : sharc_xmalloc_array(n_ops + n_res + 1, sizeof *values);
  /* the IR's own links: this runs for every op visit of every
   * propagation round */
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < n_ops; i++)
    values[i] = uses[i].value;
  sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < n_res; i++)
    values[n_ops + i] = &results[i];
  return values;
}

/* Op properties Shardy's passes share; see the header. */
#include "transforms/sdy/common/op_properties.h"

#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"

#include <string.h>

/* getTensorShape equality: both ranked with the same dimensions. */
static bool same_shape(const sharc_type *a, const sharc_type *b) {
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return sharc_type_has_rank(a) == sharc_type_has_rank(b);
  unsigned rank = sharc_type_rank(a);
  return rank == sharc_type_rank(b) &&
         (rank == 0 || !memcmp(sharc_type_shape(a), sharc_type_shape(b), rank * sizeof(int64_t)));
}

bool sharc_sdy_is_elementwise(const sharc_op *op) {
  if (sharc_op_has_trait(op, SHARC_TRAIT_ELEMENTWISE) || sharc_op_isa(op, SHARC_SHLO(clamp)) ||
      sharc_op_isa(op, SHARC_SHLO(select)))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(bitcast_convert)))
    return sharc_op_num_operands(op) == 1 && sharc_op_num_results(op) == 1 &&
           same_shape(sharc_value_type(sharc_op_operand(op, 0)),
                      sharc_value_type(sharc_op_result(op, 0)));
  return sharc_op_isa(op, &sharc_sdy_propagation_barrier_def) ||
         sharc_op_isa(op, &sharc_sdy_sharding_constraint_def) ||
         sharc_op_isa(op, &sharc_sdy_reshard_def);
}

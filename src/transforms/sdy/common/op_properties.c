/* Op properties Shardy's passes share; see the header. */
#include "transforms/sdy/common/op_properties.h"

#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/ir_internal.h"

#include <string.h>

/* getTensorShape equality: both ranked with the same dimensions. */
static bool same_shape(const sharc_type *a, const sharc_type *b) {
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return sharc_type_has_rank(a) == sharc_type_has_rank(b);
  unsigned rank = sharc_type_rank(a);
  return rank == sharc_type_rank(b) &&
         (rank == 0 || !memcmp(sharc_type_shape(a), sharc_type_shape(b), rank * sizeof(int64_t)));
}

/* The op's definition is read once: the propagation asks this of every op
 * it visits, and each out-of-line sharc_op_isa reads it again. */
bool sharc_sdy_is_elementwise(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def)
    return false;
  if ((def->traits & SHARC_TRAIT_ELEMENTWISE) || def == SHARC_SHLO(clamp) ||
      def == SHARC_SHLO(select))
    return true;
  if (def == SHARC_SHLO(bitcast_convert))
    return sharc_op_num_operands(op) == 1 && sharc_op_num_results(op) == 1 &&
           same_shape(sharc_value_type(sharc_op_operand(op, 0)),
                      sharc_value_type(sharc_op_result(op, 0)));
  return def == &sharc_sdy_propagation_barrier_def || def == &sharc_sdy_sharding_constraint_def ||
         def == &sharc_sdy_reshard_def;
}

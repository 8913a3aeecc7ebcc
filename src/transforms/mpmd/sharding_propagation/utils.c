/* Helpers of the MPMD sharding propagation passes. */
#include "transforms/mpmd/sharding_propagation/utils.h"

#include "dialect/mpmd/mpmd_ops.h"
#include "dialect/sdy/sdy_interfaces.h"

void sharc_mpmd_update_value_user_in_shardings(sharc_value *v, sharc_attr *sharding) {
  if (!sharding)
    return;
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_mpmd_fragment_def))
      sharc_sdy_set_block_arg_owner_sharding(user, sharc_use_operand_index(u), sharding);
  }
}

/* Helpers XLA's Shardy bridge passes share; see xla_utils.h. */
#include "transforms/xla/common/xla_utils.h"

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"

sharc_op *sharc_xla_create_copy(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                sharc_attr *loc, void *manual_axes) {
  sharc_context *ctx = rw->ctx;
  sharc_type *type = sharc_value_type(v);
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)),
       sharc_sdy_sharding_per_value_get(ctx, &sharding, 1)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_MANUAL_AXES_ATTR)), manual_axes},
  };
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("mhlo.copy")),
                       .loc = loc,
                       .operands = &v,
                       .num_operands = 1,
                       .result_types = &type,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(ctx, attrs, manual_axes ? 2 : 1)};
  return sharc_rw_create(rw, &st);
}

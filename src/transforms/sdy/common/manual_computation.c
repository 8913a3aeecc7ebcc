/* Building sdy.manual_computation ops; see manual_computation.h. */
#include "transforms/sdy/common/manual_computation.h"

sharc_op *sharc_sdy_create_manual_computation(sharc_rewriter *rw,
                                              const sharc_sdy_manual_computation_spec *spec) {
  sharc_context *ctx = rw->ctx;
  sharc_named_attr attrs[3] = {
      {sharc_ident_get(ctx, SHARC_STR("in_shardings")), spec->in_shardings},
      {sharc_ident_get(ctx, SHARC_STR("manual_axes")), spec->manual_axes},
      {sharc_ident_get(ctx, SHARC_STR("out_shardings")), spec->out_shardings},
  };
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.manual_computation")),
                          .loc = spec->loc,
                          .operands = spec->operands,
                          .num_operands = spec->num_operands,
                          .result_types = spec->result_types,
                          .num_results = spec->num_results,
                          .attrs = sharc_attr_dictionary(ctx, attrs, 3),
                          .num_regions = 1};
  return sharc_rw_create(rw, &state);
}

/* -xla-sdy-round-trip-export-ops: the sdy ops HLO cannot hold become what
 * the round-trip import turns back into them: sdy.constant a
 * stablehlo.constant; sdy.sharding_constraint and sdy.reshard a
 * side-effecting `@Sharding` custom call keeping the sharding (as sdy.sharding, which the
 * attribute export saves); sdy.sharding_group a side-effecting
 * `@xla.sdy.ShardingGroup` custom call with the group id as a frontend
 * attribute; sdy.propagation_barrier an `@xla.sdy.PropagationBarrier`
 * custom call with the allowed direction as a frontend attribute. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "ir/pick_each.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct export_state {
  sharc_rewriter rw;
} export_state;

static bool is_exported(sharc_op *op, void *user) {
  (void)user;
  return sharc_xla_is_exported_sdy_op(op);
}

/* `N : iW` as a string attribute, the way the import reads integers. */
static sharc_attr *int_string(sharc_context *ctx, const sharc_attr *value) {
  return sharc_xla_attr_to_string(ctx, value);
}

static void export_op(export_state *st, sharc_op *op) {
  sharc_context *ctx = st->rw.ctx;
  sharc_rw_set_before(&st->rw, op);
  if (sharc_op_isa(op, &sharc_sdy_constant_def)) {
    sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
    sharc_op_state s = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.constant")),
                        .loc = sharc_op_loc(op),
                        .result_types = &type,
                        .num_results = 1,
                        .attrs = sharc_op_attrs(op)};
    sharc_rw_replace_op_with_new(&st->rw, op, &s);
    return;
  }
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *type = sharc_value_type(input);
  SHARC_VEC(sharc_named_attr) attrs = {0};
  const char *target;
  bool has_result = true;
  if (sharc_op_isa(op, &sharc_sdy_sharding_group_def)) {
    target = SHARC_XLA_SHARDING_GROUP;
    has_result = false;
    sharc_named_attr id = {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_SHARDING_GROUP_ID)),
                           int_string(ctx, sharc_op_attr(op, "group_id"))};
    sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_FRONTEND_ATTRS)),
                                               sharc_attr_dictionary(ctx, &id, 1)}));
  } else if (sharc_op_isa(op, &sharc_sdy_propagation_barrier_def)) {
    target = SHARC_XLA_PROPAGATION_BARRIER;
    sharc_named_attr dir = {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_ALLOWED_DIRECTION)),
                            int_string(ctx, sharc_op_attr(op, "allowed_direction"))};
    sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_FRONTEND_ATTRS)),
                                               sharc_attr_dictionary(ctx, &dir, 1)}));
  } else {
    target = SHARC_XLA_SHARDING_TARGET;
    sharc_attr *s = sharc_op_attr(op, "sharding");
    sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)),
                                               sharc_sdy_sharding_per_value_get(ctx, &s, 1)}));
  }
  sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("call_target_name")),
                                             sharc_attr_string(ctx, sharc_str_from_cstr(target))}));
  /* side effecting, so that no canonicalization in XLA folds them away */
  sharc_vec_push(&attrs, ((sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("has_side_effect")),
                                               sharc_attr_bool(ctx, true)}));
  sharc_op_state s = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.custom_call")),
                      .loc = sharc_op_loc(op),
                      .operands = &input,
                      .num_operands = 1,
                      .result_types = &type,
                      .num_results = has_result ? 1 : 0,
                      .attrs = sharc_attr_dictionary(ctx, attrs.items, attrs.len)};
  sharc_vec_free(&attrs);
  if (has_result) {
    sharc_rw_replace_op_with_new(&st->rw, op, &s);
  } else {
    sharc_rw_create(&st->rw, &s);
    sharc_rw_erase_op(&st->rw, op);
  }
}

static bool export_each(sharc_op *op, void *st) {
  export_op(st, op);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  export_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_exported, export_each, &st);
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_export_ops = {
    .flag = "xla-sdy-round-trip-export-ops",
    .display_name = "SdyRoundTripExportOpsPass",
    .summary = "Exports Shardonnay ops to StableHLO ops.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

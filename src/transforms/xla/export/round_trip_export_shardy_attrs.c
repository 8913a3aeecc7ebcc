/* -xla-sdy-round-trip-export-shardy-attrs: the Shardy attributes are saved
 * where HLO keeps them, as strings in frontend attributes: each
 * argument's sdy.sharding as `xla.sdy.sharding`; each sharded function
 * result through an `@xla.sdy.FuncResultSharding` custom call on the
 * returned value (HLO drops frontend attributes of results); ops'
 * shardings as `xla.sdy.sharding`; sharding rules as
 * `xla.sdy.sharding_rule`; the meshes as the module's `xla.sdy.meshes`.
 * With `enable-hlo-sharding-v3` only the sharding rules are saved (the
 * shardings go to `mhlo.sharding` in the mesh-and-axes form). */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct export_options {
  bool enable_hlo_sharding_v3;
} export_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3", SHARC_OPT_BOOL,
                 "false", "Whether to enable HloShardingV3, the mesh and axis based form."),
};

typedef struct export_state {
  sharc_rewriter rw;
} export_state;

static sharc_walk_result export_rule(sharc_op *op, void *user) {
  export_state *st = user;
  sharc_attr *rule = sharc_op_attr(op, "sdy.sharding_rule");
  if (rule) {
    sharc_xla_set_frontend_attr(&st->rw, op, SHARC_XLA_SDY_SHARDING_RULE,
                                sharc_xla_attr_to_string(st->rw.ctx, rule));
    sharc_rw_set_attr(&st->rw, op, "sdy.sharding_rule", NULL);
  }
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result export_op_sharding(sharc_op *op, void *user) {
  export_state *st = user;
  sharc_attr *s = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (s && sharc_sdy_is_sharding_per_value(s))
    sharc_xla_set_frontend_attr(&st->rw, op, SHARC_XLA_SDY_SHARDING,
                                sharc_xla_attr_to_string(st->rw.ctx, s));
  return SHARC_WALK_ADVANCE;
}

static void export_func(export_state *st, sharc_op *func) {
  sharc_context *ctx = st->rw.ctx;
  for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
    sharc_attr *s = sharc_func_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR);
    if (s)
      sharc_xla_set_arg_frontend_attr(func, i, SHARC_XLA_SDY_SHARDING,
                                      sharc_xla_attr_to_string(ctx, s));
  }
  sharc_op *ret = sharc_block_last_op(sharc_func_body(func));
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++) {
    sharc_attr *s = sharc_func_result_attr(func, i, SHARC_SDY_SHARDING_ATTR);
    if (!s)
      continue;
    sharc_value *v = sharc_op_operand(ret, i);
    sharc_type *type = sharc_value_type(v);
    sharc_attr *per_value = sharc_sdy_sharding_per_value_get(ctx, &s, 1);
    sharc_named_attr fe = {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_SDY_SHARDING)),
                           sharc_xla_attr_to_string(ctx, per_value)};
    sharc_named_attr attrs[4] = {
        {sharc_ident_get(ctx, SHARC_STR("call_target_name")),
         sharc_attr_string(ctx, SHARC_STR(SHARC_XLA_FUNC_RESULT_SHARDING))},
        {sharc_ident_get(ctx, SHARC_STR("has_side_effect")), sharc_attr_bool(ctx, true)},
        {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_FRONTEND_ATTRS)), sharc_attr_dictionary(ctx, &fe, 1)},
        {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)), per_value},
    };
    sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.custom_call")),
                            .loc = sharc_sdy_value_loc(v),
                            .operands = &v,
                            .num_operands = 1,
                            .result_types = &type,
                            .num_results = 1,
                            .attrs = sharc_attr_dictionary(ctx, attrs, 4)};
    sharc_rw_set_before(&st->rw, ret);
    sharc_op *cc = sharc_rw_create(&st->rw, &state);
    sharc_rw_set_operand(&st->rw, ret, i, sharc_op_result(cc, 0));
  }
  sharc_walk_nested(func, SHARC_PRE_ORDER, export_op_sharding, st);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const export_options *o = opts;
  export_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_context *ctx = st.rw.ctx;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  SHARC_VEC(sharc_named_attr) meshes = {0};
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def)) {
      sharc_vec_push(&meshes, ((sharc_named_attr){sharc_ident_get(ctx, sharc_op_symbol_name(op)),
                                                  sharc_op_attr(op, "mesh")}));
      continue;
    }
    if (!sharc_op_isa(op, &sharc_func_func_def) || sharc_func_is_declaration(op))
      continue;
    if (!o->enable_hlo_sharding_v3)
      export_func(&st, op);
    sharc_walk_nested(op, SHARC_PRE_ORDER, export_rule, &st);
  }
  if (!o->enable_hlo_sharding_v3 && meshes.len)
    sharc_xla_set_frontend_attr(
        &st.rw, module, SHARC_XLA_SDY_MESHES,
        sharc_xla_attr_to_string(ctx, sharc_attr_dictionary(ctx, meshes.items, meshes.len)));
  sharc_vec_free(&meshes);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_export_shardy_attrs = {
    .flag = "xla-sdy-round-trip-export-shardy-attrs",
    .display_name = "SdyRoundTripExportShardyAttrsPass",
    .summary = "Converts the shardy attributes from kShardingAttr/kShardingRuleAttr to "
               "HloSharding::kShardingFrontendAttrName/kShardingRuleRoundTripAttr in the HLO "
               "frontend attributes and saves the mesh symbols as kMeshesRoundTripAttr in the "
               "module frontend attributes.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* -xla-sdy-export-ops: the sdy ops that HLO cannot hold, for the GSPMD
 * export: sdy.constant becomes a stablehlo.constant (foldable again),
 * sdy.reshard and sdy.sharding_constraint an mhlo.copy carrying the
 * sharding (or, with `keep-hlo-sharding-constraints`, a constraint a
 * `@Sharding` custom call), sdy.sharding_group is dropped and
 * sdy.propagation_barrier forwards its operand, as does a reshard between a
 * single-device sharding and a replicated one. The collectives the
 * explicit reshards left become an mhlo.copy carrying their out sharding
 * (always a copy: a collective is no user constraint), except
 * sdy.all_reduce, which reshards nothing and forwards its operand. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct export_options {
  bool keep_hlo_sharding_constraints;
} export_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_options, keep_hlo_sharding_constraints, "keep-hlo-sharding-constraints",
                 SHARC_OPT_BOOL, "false",
                 "Whether to convert SDY sharding constraints to @Sharding custom calls - the HLO "
                 "sharding constraint op. Else export them to MHLO copy ops."),
};

/* The collectives that move data: each becomes a copy to its out sharding. */
static bool is_resharding_collective(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_sdy_all_gather_def) || sharc_op_isa(op, &sharc_sdy_all_slice_def) ||
         sharc_op_isa(op, &sharc_sdy_all_to_all_def) ||
         sharc_op_isa(op, &sharc_sdy_collective_permute_def) ||
         sharc_op_isa(op, &sharc_sdy_reduce_scatter_def);
}

static bool is_exported(sharc_op *op, void *user) {
  (void)user;
  return sharc_xla_is_exported_sdy_op(op) || sharc_op_isa(op, &sharc_sdy_all_reduce_def) ||
         is_resharding_collective(op);
}

static void sharding_custom_call(sharc_rewriter *rw, sharc_op *op) {
  sharc_context *ctx = rw->ctx;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *type = sharc_value_type(input);
  sharc_attr *s = sharc_op_attr(op, "sharding");
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("call_target_name")),
       sharc_attr_string(ctx, SHARC_STR(SHARC_XLA_SHARDING_TARGET))},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_SDY_SHARDING_ATTR)),
       sharc_sdy_sharding_per_value_get(ctx, &s, 1)},
  };
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.custom_call")),
                          .loc = sharc_op_loc(op),
                          .operands = &input,
                          .num_operands = 1,
                          .result_types = &type,
                          .num_results = 1,
                          .attrs = sharc_attr_dictionary(ctx, attrs, 2)};
  sharc_rw_replace_op_with_new(rw, op, &state);
}

/* No sharding at all, or one without any axis. */
static bool is_replicated(const sharc_attr *sharding) {
  return !sharding || sharc_sdy_sharding_empty_axes(sharding);
}

/* A reshard between a single-device sharding and a replicated one (either
 * way): HLO moves a value between the two without a copy, so the reshard
 * forwards its operand. */
static bool is_maximal_replicated_reshard(sharc_op *op) {
  if (!sharc_op_isa(op, &sharc_sdy_reshard_def))
    return false;
  sharc_attr *in = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  sharc_attr *out = sharc_op_attr(op, "sharding");
  bool in_maximal = in && sharc_sdy_is_single_device_sharding(in, op);
  bool out_maximal = out && sharc_sdy_is_single_device_sharding(out, op);
  return (in_maximal && is_replicated(out) && !out_maximal) ||
         (out_maximal && is_replicated(in) && !in_maximal);
}

static void export_op(sharc_rewriter *rw, sharc_op *op, bool keep_constraints) {
  sharc_rw_set_before(rw, op);
  if (sharc_op_isa(op, &sharc_sdy_constant_def)) {
    sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
    sharc_op_state s = {.name = sharc_ident_get(rw->ctx, SHARC_STR("stablehlo.constant")),
                        .loc = sharc_op_loc(op),
                        .result_types = &type,
                        .num_results = 1,
                        .attrs = sharc_op_attrs(op)};
    sharc_rw_replace_op_with_new(rw, op, &s);
  } else if (sharc_op_isa(op, &sharc_sdy_sharding_group_def)) {
    sharc_rw_erase_op(rw, op);
  } else if (sharc_op_isa(op, &sharc_sdy_propagation_barrier_def) ||
             sharc_op_isa(op, &sharc_sdy_all_reduce_def) || is_maximal_replicated_reshard(op)) {
    sharc_value *input = sharc_op_operand(op, 0);
    sharc_rw_replace_op(rw, op, &input, 1);
  } else if (is_resharding_collective(op)) {
    sharc_op *copy = sharc_xla_create_copy(rw, sharc_op_operand(op, 0), sharc_op_attr(op, "out_sharding"),
                                           sharc_op_loc(op), NULL);
    sharc_rw_replace_op_with_op(rw, op, copy);
  } else if (keep_constraints && sharc_op_isa(op, &sharc_sdy_sharding_constraint_def)) {
    sharding_custom_call(rw, op);
  } else {
    sharc_op *copy = sharc_xla_create_copy(rw, sharc_op_operand(op, 0), sharc_op_attr(op, "sharding"),
                                           sharc_op_loc(op), NULL);
    sharc_rw_replace_op_with_op(rw, op, copy);
  }
}

typedef struct export_state {
  sharc_rewriter rw;
  bool keep_constraints;
} export_state;

static bool export_each(sharc_op *op, void *user) {
  export_state *st = user;
  export_op(&st->rw, op, st->keep_constraints);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const export_options *o = opts;
  export_state st = {.keep_constraints = o->keep_hlo_sharding_constraints};
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_exported, export_each, &st);
}

const sharc_pass_def sharc_pass_xla_sdy_export_ops = {
    .flag = "xla-sdy-export-ops",
    .display_name = "ExportOpsPass",
    .summary = "Exports Shardy ops to StableHLO ops. Processes sdy::ReshardOp and "
               "sdy::ConstantOp.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

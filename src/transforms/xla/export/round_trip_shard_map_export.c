/* -xla-sdy-round-trip-shard-map-export: an sdy.manual_computation becomes
 * what HLO can carry: a `@xla.sdy.GlobalToLocalShape` custom call on its
 * operands (frontend attributes: the in shardings and manual axes as
 * strings), a call to a new `xla.sdy.manual_computation_body` function
 * holding its body (marked not inlineable), and a
 * `@xla.sdy.LocalToGlobalShape` custom call on the results (out shardings
 * and manual axes). A computation without operands (results) gets no
 * GlobalToLocal (LocalToGlobal) call. Inner computations are exported
 * first; the functions go at the end of the module. A trivial computation
 * (its manual axes multiply to 1) has nothing to hide from the partitioner:
 * its body is inlined instead. The counterpart of
 * -xla-sdy-round-trip-shard-map-import. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_type *) type_vec;

typedef struct export_state {
  sharc_rewriter rw;
  sharc_op *module;
  unsigned counter;
} export_state;


static sharc_attr *frontend(sharc_context *ctx, const char *k1, sharc_attr *v1, const char *k2,
                            sharc_attr *v2) {
  sharc_named_attr entries[2] = {
      {sharc_ident_get(ctx, sharc_str_from_cstr(k1)), sharc_xla_attr_to_string(ctx, v1)},
      {sharc_ident_get(ctx, sharc_str_from_cstr(k2)), sharc_xla_attr_to_string(ctx, v2)},
  };
  return sharc_attr_dictionary(ctx, entries, 2);
}

/* A side-effecting custom call to `target` at the insertion point. */
static sharc_op *custom_call(export_state *st, const char *target, sharc_attr *loc,
                             sharc_value *const *operands, unsigned n, sharc_type *const *types,
                             unsigned nt, sharc_attr *frontend_attrs) {
  sharc_context *ctx = st->rw.ctx;
  sharc_named_attr attrs[3] = {
      {sharc_ident_get(ctx, SHARC_STR("call_target_name")),
       sharc_attr_string(ctx, sharc_str_from_cstr(target))},
      {sharc_ident_get(ctx, SHARC_STR("has_side_effect")), sharc_attr_bool(ctx, true)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_FRONTEND_ATTRS)), frontend_attrs},
  };
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.custom_call")),
                          .loc = loc,
                          .operands = operands,
                          .num_operands = n,
                          .result_types = types,
                          .num_results = nt,
                          .attrs = sharc_attr_dictionary(ctx, attrs, 3)};
  return sharc_rw_create(&st->rw, &state);
}

static void export_one(export_state *st, sharc_op *mc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *loc = sharc_op_loc(mc);
  sharc_attr *in = sharc_op_attr(mc, "in_shardings"), *out = sharc_op_attr(mc, "out_shardings");
  sharc_attr *axes = sharc_op_attr(mc, "manual_axes");
  unsigned nops = sharc_op_num_operands(mc), nres = sharc_op_num_results(mc);
  sharc_block *entry = sharc_region_first_block(sharc_op_region(mc, 0));
  type_vec local_in = {0}, local_out = {0}, global_out = {0};
  for (unsigned i = 0; i < sharc_block_num_args(entry); i++)
    sharc_vec_push(&local_in, sharc_value_type(sharc_block_arg(entry, i)));
  sharc_op *ret = sharc_block_last_op(entry);
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
    sharc_vec_push(&local_out, sharc_value_type(sharc_op_operand(ret, i)));
  for (unsigned i = 0; i < nres; i++)
    sharc_vec_push(&global_out, sharc_value_type(sharc_op_result(mc, i)));
  value_vec args = {0};
  sharc_rw_set_before(&st->rw, mc);
  if (nops) {
    value_vec operands = {0};
    for (unsigned i = 0; i < nops; i++)
      sharc_vec_push(&operands, sharc_op_operand(mc, i));
    sharc_op *to_local = custom_call(st, SHARC_XLA_GLOBAL_TO_LOCAL, loc, operands.items, nops,
                                     local_in.items, local_in.len,
                                     frontend(ctx, SHARC_XLA_IN_SHARDINGS, in,
                                              SHARC_XLA_MANUAL_AXES_ATTR, axes));
    for (unsigned i = 0; i < sharc_op_num_results(to_local); i++)
      sharc_vec_push(&args, sharc_op_result(to_local, i));
    sharc_vec_free(&operands);
  }
  sharc_str name;
  sharc_xla_outline_manual_body(&st->rw, st->module, mc, SHARC_XLA_MANUAL_BODY, &st->counter,
                                &name);
  sharc_rw_set_before(&st->rw, mc);
  sharc_named_attr inline_attr = {sharc_ident_get(ctx, SHARC_STR("inlineable")),
                                  sharc_attr_string(ctx, SHARC_STR("false"))};
  sharc_named_attr call_attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("callee")),
       sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, name), NULL, 0)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_FRONTEND_ATTRS)),
       sharc_attr_dictionary(ctx, &inline_attr, 1)},
  };
  sharc_op_state cs = {.name = sharc_ident_get(ctx, SHARC_STR("func.call")),
                       .loc = loc,
                       .operands = args.items,
                       .num_operands = args.len,
                       .result_types = local_out.items,
                       .num_results = local_out.len,
                       .attrs = sharc_attr_dictionary(ctx, call_attrs, nops || nres ? 2 : 1)};
  sharc_op *call = sharc_rw_create(&st->rw, &cs);
  if (nres) {
    value_vec locals = {0};
    for (unsigned i = 0; i < sharc_op_num_results(call); i++)
      sharc_vec_push(&locals, sharc_op_result(call, i));
    sharc_op *to_global = custom_call(st, SHARC_XLA_LOCAL_TO_GLOBAL, loc, locals.items, locals.len,
                                      global_out.items, global_out.len,
                                      frontend(ctx, SHARC_XLA_MANUAL_AXES_ATTR, axes,
                                               SHARC_XLA_OUT_SHARDINGS, out));
    sharc_rw_replace_op_with_op(&st->rw, mc, to_global);
    sharc_vec_free(&locals);
  } else {
    sharc_rw_erase_op(&st->rw, mc);
  }
  sharc_vec_free(&args);
  sharc_vec_free(&local_in);
  sharc_vec_free(&local_out);
  sharc_vec_free(&global_out);
}

/* Manual over axes that all have size 1 (and over at least one: a
 * computation manual over nothing still goes through HLO as a call). */
static bool is_trivial(sharc_op *mc) {
  sharc_attr *axes = sharc_op_attr(mc, "manual_axes");
  sharc_attr *ins = sharc_op_attr(mc, "in_shardings"), *outs = sharc_op_attr(mc, "out_shardings");
  if (!axes || !sharc_sdy_list_size(axes) || !ins || !outs)
    return false;
  bool has_in = sharc_sdy_list_size(ins) > 0;
  if (!has_in && !sharc_sdy_list_size(outs))
    return false;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharc_sdy_list_at(has_in ? ins : outs, 0), mc);
  for (unsigned i = 0; mesh && i < sharc_sdy_list_size(axes); i++)
    if (sharc_sdy_mesh_size_of(mesh, sharc_attr_string_value(sharc_sdy_list_at(axes, i))) != 1)
      return false;
  return mesh != NULL;
}

static bool export_each(sharc_op *mc, void *user) {
  export_state *st = user;
  if (!is_trivial(mc) || !sharc_sdy_inline_redundant_manual_computation(mc, &st->rw))
    export_one(st, mc);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  export_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_pick_each(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def, NULL,
                         export_each, &st);
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_shard_map_export = {
    .flag = "xla-sdy-round-trip-shard-map-export",
    .display_name = "SdyRoundTripShardMapExportPass",
    .summary = "Converts the body of a ManualComputationOp to a separate function with a "
               "CallOp and a pair of CustomCallOps that change the shape of the "
               "arguments/results.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

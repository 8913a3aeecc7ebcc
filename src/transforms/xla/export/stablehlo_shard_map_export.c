/* -xla-sdy-stablehlo-round-trip-shard-map-export: an sdy.manual_computation
 * becomes the pattern XLA's partitioner knows: per operand a sharding
 * constraint (mhlo.copy, or with `create-hlo-sharding-constraints` a
 * `@Sharding` custom call) carrying the in sharding and an
 * `@SPMDFullToShardShape` custom call to the local shape; a call to a new
 * private `xla.sdy.inlinable_manual_computation_body` function holding the
 * body; per result a constraint and an `@SPMDShardToFullShape` custom call
 * back to the global shape. Every op this puts inside the manual region
 * (and every op of the body, and of the functions it calls) carries the
 * axes manual there (`xla.sdy.manual_axes`: the enclosing computations'
 * then its own) and a sharding (fully closed when it had none), which
 * -xla-sdy-export-stablehlo-shardings turns into manual HloShardings. A
 * computation without in or out shardings is inlined. */
#include "dialect/func/func.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

/* Where the pre-order walk leaves the enclosing computations' manual axes
 * for the conversion (the op is erased by then). */
#define PARENT_AXES_ATTR "xla.sdy.parent_manual_axes"

typedef struct export_options {
  bool create_hlo_sharding_constraints;
} export_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_options, create_hlo_sharding_constraints,
                 "create-hlo-sharding-constraints", SHARC_OPT_BOOL, "false",
                 "Whether to create @Sharding custom calls or MHLO copy ops."),
};

typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_str) str_vec;

typedef struct export_state {
  sharc_rewriter rw;
  sharc_context *ctx;
  sharc_op *module;
  bool sharding_custom_calls;
  unsigned counter;
  /* what set_manual_axes works with */
  sharc_attr *manual_axes;
  sharc_str mesh_name;
} export_state;

/* The first of the in shardings then out shardings, or NULL. */
static sharc_attr *first_sharding(const sharc_op *mc) {
  sharc_attr *in = sharc_op_attr(mc, "in_shardings"), *out = sharc_op_attr(mc, "out_shardings");
  if (in && sharc_sdy_list_size(in))
    return sharc_sdy_list_at(in, 0);
  if (out && sharc_sdy_list_size(out))
    return sharc_sdy_list_at(out, 0);
  return NULL;
}

static sharc_attr *sharding_at(const sharc_op *mc, const char *key, unsigned i) {
  sharc_attr *list = sharc_op_attr(mc, key);
  return list && i < sharc_sdy_list_size(list) ? sharc_sdy_list_at(list, i) : NULL;
}

/* `parent` then the names of `own` as one #sdy.manual_axes. */
static sharc_attr *concat_axes(sharc_context *ctx, const sharc_attr *parent, const sharc_attr *own) {
  str_vec names = {0};
  for (unsigned i = 0; parent && i < sharc_sdy_list_size(parent); i++)
    sharc_vec_push(&names, sharc_attr_string_value(sharc_sdy_list_at(parent, i)));
  for (unsigned i = 0; own && i < sharc_sdy_list_size(own); i++)
    sharc_vec_push(&names, sharc_attr_string_value(sharc_sdy_list_at(own, i)));
  sharc_attr *out = sharc_sdy_manual_axes_get(ctx, names.items, names.len);
  sharc_vec_free(&names);
  return out;
}

static bool axes_empty(const sharc_attr *axes) { return !axes || !sharc_sdy_list_size(axes); }

static sharc_attr *closed_sharding(export_state *st, const sharc_type *type) {
  return sharc_sdy_sharding_fully_open(st->ctx, sharc_sdy_mesh_ref(st->ctx, st->mesh_name),
                                       sharc_sdy_tensor_rank(type), true);
}

/* setFullyClosedShardingsIfMissing: one closed sharding per result (a
 * scalar one for an op without results that is no terminator). */
static void set_closed_shardings_if_missing(export_state *st, sharc_op *op) {
  sharc_attr *list = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (list && sharc_sdy_is_sharding_per_value(list))
    return;
  unsigned n = sharc_op_num_results(op);
  SHARC_VEC(sharc_attr *) shardings = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&shardings, closed_sharding(st, sharc_value_type(sharc_op_result(op, i))));
  if (!n && !sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    sharc_vec_push(&shardings, sharc_sdy_sharding_fully_open(
                                   st->ctx, sharc_sdy_mesh_ref(st->ctx, st->mesh_name), 0, true));
  sharc_sdy_set_op_shardings(op, shardings.items, shardings.len);
  sharc_vec_free(&shardings);
}

/* setOpManualAxes: a sharding on another mesh (an empty or maximal one)
 * gives way to closed ones on the computation's mesh. */
static void set_op_manual_axes(export_state *st, sharc_op *op) {
  sharc_attr *list = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (list && sharc_sdy_is_sharding_per_value(list)) {
    for (unsigned i = 0; i < sharc_sdy_list_size(list); i++)
      if (!sharc_str_eq(sharc_sdy_tensor_sharding_mesh_name(sharc_sdy_list_at(list, i)),
                        st->mesh_name)) {
        sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, NULL);
        break;
      }
  }
  set_closed_shardings_if_missing(st, op);
  sharc_rw_set_attr(&st->rw, op, SHARC_XLA_MANUAL_AXES_ATTR, st->manual_axes);
}

static void set_func_manual_axes(export_state *st, sharc_op *func);

static sharc_walk_result set_manual_axes(sharc_op *op, void *user) {
  export_state *st = user;
  if (sharc_op_isa(op, &sharc_sdy_manual_computation_def))
    return SHARC_WALK_SKIP; /* converted on its own */
  if (!sharc_op_isa(op, &sharc_func_func_def) && !sharc_op_isa(op, &sharc_func_return_def))
    set_op_manual_axes(st, op);
  if (sharc_op_isa(op, &sharc_func_call_def)) {
    sharc_op *callee = sharc_symbol_lookup_ref(op, sharc_op_attr(op, "callee"));
    if (callee && sharc_op_isa(callee, &sharc_func_func_def))
      set_func_manual_axes(st, callee);
  }
  return SHARC_WALK_ADVANCE;
}

/* setFuncManualAxesRecursively: every argument and result of a function
 * called inside a manual region gets a sharding (fully replicated, closed,
 * when it had none) and the manual axes, and so does every op in it. */
static void set_func_manual_axes(export_state *st, sharc_op *func) {
  sharc_type *ft = sharc_func_type(func);
  for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
    if (!sharc_func_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR))
      sharc_func_set_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR,
                              closed_sharding(st, sharc_type_func_input(ft, i)));
    sharc_func_set_arg_attr(func, i, SHARC_XLA_MANUAL_AXES_ATTR, st->manual_axes);
  }
  for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
    if (!sharc_func_result_attr(func, i, SHARC_SDY_SHARDING_ATTR))
      sharc_func_set_result_attr(func, i, SHARC_SDY_SHARDING_ATTR,
                                 closed_sharding(st, sharc_type_func_result(ft, i)));
    sharc_func_set_result_attr(func, i, SHARC_XLA_MANUAL_AXES_ATTR, st->manual_axes);
  }
  sharc_walk_nested(func, SHARC_PRE_ORDER, set_manual_axes, st);
}

/* The pre-order pass: records each computation's enclosing manual axes
 * and marks the ops of its body (setManualAxesForOpsInBody). */
static sharc_walk_result mark_body(sharc_op *mc, void *user) {
  export_state *st = user;
  sharc_op *outer = sharc_op_parent_op(mc);
  while (outer && !sharc_op_isa(outer, &sharc_sdy_manual_computation_def))
    outer = sharc_op_parent_op(outer);
  sharc_attr *parent = NULL;
  if (outer)
    parent = concat_axes(st->ctx, sharc_op_attr(outer, PARENT_AXES_ATTR),
                         sharc_op_attr(outer, "manual_axes"));
  sharc_op_set_attr(mc, PARENT_AXES_ATTR, parent ? parent : sharc_sdy_manual_axes_get(st->ctx, NULL, 0));
  sharc_attr *first = first_sharding(mc);
  sharc_attr *region = concat_axes(st->ctx, parent, sharc_op_attr(mc, "manual_axes"));
  if (!first || axes_empty(region))
    return SHARC_WALK_ADVANCE;
  st->manual_axes = region;
  st->mesh_name = sharc_sdy_tensor_sharding_mesh_name(first);
  sharc_block *body = sharc_region_first_block(sharc_op_region(mc, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (set_manual_axes(op, st) == SHARC_WALK_ADVANCE)
      sharc_walk_nested(op, SHARC_PRE_ORDER, set_manual_axes, st);
  return SHARC_WALK_ADVANCE;
}

static void set_if_nonempty(export_state *st, sharc_op *op, sharc_attr *axes) {
  if (!axes_empty(axes))
    sharc_rw_set_attr(&st->rw, op, SHARC_XLA_MANUAL_AXES_ATTR, axes);
}

static sharc_op *custom_call(export_state *st, const char *target, sharc_value *v,
                             sharc_type *type, sharc_attr *loc) {
  sharc_named_attr attr = {sharc_ident_get(st->ctx, SHARC_STR("call_target_name")),
                           sharc_attr_string(st->ctx, sharc_str_from_cstr(target))};
  sharc_op_state s = {.name = sharc_ident_get(st->ctx, SHARC_STR("stablehlo.custom_call")),
                      .loc = loc,
                      .operands = &v,
                      .num_operands = 1,
                      .result_types = &type,
                      .num_results = 1,
                      .attrs = sharc_attr_dictionary(st->ctx, &attr, 1)};
  return sharc_rw_create(&st->rw, &s);
}

/* A sharding constraint on `v` carrying `sharding` and `axes`. */
static sharc_op *constraint(export_state *st, sharc_value *v, sharc_attr *sharding,
                            sharc_attr *axes, sharc_attr *loc) {
  sharc_op *op = st->sharding_custom_calls
                     ? custom_call(st, SHARC_XLA_SHARDING_TARGET, v, sharc_value_type(v), loc)
                     : sharc_xla_create_copy(&st->rw, v, sharding, loc, NULL);
  sharc_sdy_set_op_shardings(op, &sharding, 1);
  set_if_nonempty(st, op, axes);
  return op;
}

static sharc_op *reshape_call(export_state *st, const char *target, sharc_value *v,
                              sharc_type *type, sharc_attr *sharding, sharc_attr *axes,
                              sharc_attr *loc) {
  sharc_op *op = custom_call(st, target, v, type, loc);
  sharc_sdy_set_op_shardings(op, &sharding, 1);
  set_if_nonempty(st, op, axes);
  return op;
}

static bool is_shaped(const sharc_type *t) {
  sharc_type_kind k = sharc_type_get_kind(t);
  return k == SHARC_TYPE_TENSOR || k == SHARC_TYPE_UNRANKED_TENSOR;
}

/* A computation with neither in nor out shardings (so no manual axes): its
 * body goes where it was. */
static void inline_body(export_state *st, sharc_op *mc) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(mc, 0));
  sharc_op *ret = sharc_block_last_op(body);
  value_vec results = {0}, args = {0};
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
    sharc_vec_push(&results, sharc_op_operand(ret, i));
  for (unsigned i = 0; i < sharc_op_num_operands(mc); i++)
    sharc_vec_push(&args, sharc_op_operand(mc, i));
  if (ret)
    sharc_rw_erase_op(&st->rw, ret);
  sharc_rw_inline_block_before(&st->rw, body, sharc_op_block(mc), mc, args.items, args.len);
  sharc_rw_replace_op(&st->rw, mc, results.items, results.len);
  sharc_vec_free(&results);
  sharc_vec_free(&args);
}

/* The body function's argument (result) attributes: the sharding without
 * the region's manual axes, and those axes. */
static void set_body_value_attrs(export_state *st, sharc_op *mc, sharc_op *func, bool results,
                                 sharc_attr *region) {
  unsigned n = results ? sharc_func_num_results(func) : sharc_func_num_args(func);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *s = sharding_at(mc, results ? "out_shardings" : "in_shardings", i);
    if (!s)
      continue;
    sharc_attr *dict = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    dict = sharc_func_dict_with(st->ctx, dict, SHARC_SDY_SHARDING_ATTR,
                                sharc_sdy_erase_manual_axes(mc, s));
    if (!axes_empty(region))
      dict = sharc_func_dict_with(st->ctx, dict, SHARC_XLA_MANUAL_AXES_ATTR, region);
    if (results)
      sharc_func_set_result_attrs(func, i, dict);
    else
      sharc_func_set_arg_attrs(func, i, dict);
  }
}

static void convert(export_state *st, sharc_op *mc) {
  sharc_attr *parent = sharc_op_attr(mc, PARENT_AXES_ATTR);
  if (!first_sharding(mc)) {
    inline_body(st, mc);
    return;
  }
  sharc_attr *region = concat_axes(st->ctx, parent, sharc_op_attr(mc, "manual_axes"));
  sharc_attr *loc = sharc_op_loc(mc);
  sharc_block *body = sharc_region_first_block(sharc_op_region(mc, 0));
  value_vec locals = {0};
  sharc_rw_set_before(&st->rw, mc);
  for (unsigned i = 0; i < sharc_op_num_operands(mc); i++) {
    sharc_value *global = sharc_op_operand(mc, i);
    sharc_type *local_type = sharc_value_type(sharc_block_arg(body, i));
    if (!is_shaped(local_type)) {
      sharc_vec_push(&locals, global);
      continue;
    }
    sharc_attr *in = sharding_at(mc, "in_shardings", i);
    sharc_op *c = constraint(st, global, in, parent, loc);
    sharc_op *to_shard = reshape_call(st, "SPMDFullToShardShape", sharc_op_result(c, 0), local_type,
                                      sharc_sdy_erase_manual_axes(mc, in), region, loc);
    sharc_vec_push(&locals, sharc_op_result(to_shard, 0));
  }
  sharc_str name;
  sharc_op *func = sharc_xla_outline_manual_body(&st->rw, st->module, mc,
                                                 SHARC_XLA_INLINABLE_MANUAL_BODY, &st->counter,
                                                 &name);
  sharc_func_set_private(func, true);
  sharc_type *ft = sharc_func_type(func);
  SHARC_VEC(sharc_type *) local_out = {0};
  for (unsigned i = 0; i < sharc_type_func_num_results(ft); i++)
    sharc_vec_push(&local_out, sharc_type_func_result(ft, i));
  sharc_rw_set_after(&st->rw, mc);
  sharc_named_attr callee = {sharc_ident_get(st->ctx, SHARC_STR("callee")),
                             sharc_attr_symbol_ref(st->ctx, sharc_ident_get(st->ctx, name), NULL, 0)};
  sharc_op_state cs = {.name = sharc_ident_get(st->ctx, SHARC_STR("func.call")),
                       .loc = loc,
                       .operands = locals.items,
                       .num_operands = locals.len,
                       .result_types = local_out.items,
                       .num_results = local_out.len,
                       .attrs = sharc_attr_dictionary(st->ctx, &callee, 1)};
  sharc_op *call = sharc_rw_create(&st->rw, &cs);
  set_if_nonempty(st, call, region);
  set_body_value_attrs(st, mc, func, false, region);
  set_body_value_attrs(st, mc, func, true, region);
  SHARC_VEC(sharc_attr *) erased = {0};
  for (unsigned i = 0; i < sharc_op_num_results(mc); i++) {
    sharc_attr *out = sharding_at(mc, "out_shardings", i);
    sharc_attr *local_sharding = sharc_sdy_erase_manual_axes(mc, out);
    sharc_vec_push(&erased, local_sharding);
    sharc_value *old = sharc_op_result(mc, i), *local = sharc_op_result(call, i);
    if (!is_shaped(sharc_value_type(old))) {
      sharc_rw_replace_all_uses(&st->rw, old, local);
      continue;
    }
    sharc_op *c = constraint(st, local, local_sharding, region, loc);
    sharc_op *to_full = reshape_call(st, "SPMDShardToFullShape", sharc_op_result(c, 0),
                                     sharc_value_type(old), out, parent, loc);
    sharc_rw_replace_all_uses(&st->rw, old, sharc_op_result(to_full, 0));
  }
  sharc_sdy_set_op_shardings(call, erased.items, erased.len);
  sharc_rw_erase_op(&st->rw, mc);
  sharc_vec_free(&erased);
  sharc_vec_free(&local_out);
  sharc_vec_free(&locals);
}

static bool convert_each(sharc_op *op, void *st) {
  convert(st, op);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const export_options *o = opts;
  export_state st = {.module = module, .sharding_custom_calls = o->create_hlo_sharding_constraints};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.ctx = st.rw.ctx;
  sharc_walk_isa(module, SHARC_PRE_ORDER, &sharc_sdy_manual_computation_def, mark_body, &st);
  return sharc_pick_each(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def, NULL,
                         convert_each, &st);
}

const sharc_pass_def sharc_pass_xla_sdy_stablehlo_round_trip_shard_map_export = {
    .flag = "xla-sdy-stablehlo-round-trip-shard-map-export",
    .display_name = "ShardMapExportPass",
    .summary = "Replaces sdy::ManualComputationOp with the pattern that XLA recognizes.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* -xla-sdy-shard-map-import: the pattern JAX's shard_map lowers to in
 * GSPMD form becomes an sdy.manual_computation. Each operand of a call to
 * a `shmap_body...` function must come from `@SPMDFullToShardShape` of a
 * `@Sharding` custom call, and each used result must go through
 * `@Sharding` then `@SPMDShardToFullShape` (one use each): the manual
 * computation takes the values before the first pair and replaces the
 * last one; its in/out shardings are those the GSPMD import put on the
 * `@Sharding` (operands) and `@SPMDShardToFullShape` (results) calls, its
 * manual axes every axis they use, in mesh order. The function body moves
 * into the region (later calls to the same function get a copy); unused
 * results are dropped from its return. */
#include <string.h>

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/common/call_graph_utils.h"
#include "transforms/sdy/common/manual_computation.h"
#include "ir/pick_each.h"
#include "transforms/xla/common/xla_utils.h"

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(sharc_attr *) attr_vec;
typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_type *) type_vec;

typedef struct import_state {
  sharc_rewriter rw;
  sharc_ptrmap moved; /* callee -> the manual computation holding its body */
  op_vec erase_funcs;
} import_state;

static bool is_pattern_call(const sharc_op *op, const char *target) {
  return sharc_op_num_results(op) == 1 && sharc_value_has_uses(sharc_op_result(op, 0)) &&
         sharc_op_num_operands(op) == 1 && sharc_xla_is_custom_call_to(op, target);
}

static sharc_attr *first_sharding(const sharc_op *op) {
  sharc_attr *s = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  return s && sharc_sdy_is_sharding_per_value(s) && sharc_sdy_list_size(s)
             ? sharc_sdy_list_at(s, 0)
             : NULL;
}

static bool fail(sharc_op *call, const char *message) {
  sharc_emit(sharc_op_context(call), SHARC_SEV_ERROR, sharc_op_loc(call), "%s", message);
  return false;
}

/* Adds the names of the axes `sharding` uses to `names` (once each). */
static void add_axes(const sharc_attr *sharding, attr_vec *names, sharc_context *ctx) {
  sharc_xla_attr_vec refs = {0};
  sharc_xla_sharding_axis_refs(sharding, false, &refs);
  for (unsigned i = 0; i < refs.len; i++) {
    sharc_attr *name = sharc_attr_string(ctx, sharc_sdy_axis_ref_name(refs.items[i]));
    bool seen = false;
    for (unsigned k = 0; k < names->len && !seen; k++)
      seen = names->items[k] == name;
    if (!seen)
      sharc_vec_push(names, name);
  }
  sharc_vec_free(&refs);
}

/* The manual axes: every axis of the shardings, in the mesh's order. */
static sharc_attr *manual_axes(sharc_context *ctx, sharc_op *call, const attr_vec *shardings) {
  attr_vec names = {0};
  for (unsigned i = 0; i < shardings->len; i++)
    add_axes(shardings->items[i], &names, ctx);
  sharc_attr *mesh = shardings->len ? sharc_sdy_sharding_mesh(shardings->items[0], call) : NULL;
  SHARC_VEC(sharc_str) sorted = {0};
  for (unsigned a = 0; mesh && a < sharc_sdy_mesh_num_axes(mesh); a++) {
    sharc_str axis = sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, a));
    for (unsigned k = 0; k < names.len; k++)
      if (sharc_str_eq(sharc_attr_string_value(names.items[k]), axis))
        sharc_vec_push(&sorted, axis);
  }
  sharc_attr *out = sharc_sdy_manual_axes_get(ctx, sorted.items, sorted.len);
  sharc_vec_free(&sorted);
  sharc_vec_free(&names);
  return out;
}

typedef struct pattern {
  op_vec arg_sharding, arg_shape, res_sharding, res_shape; /* NULL for unused results */
} pattern;

static void pattern_free(pattern *p) {
  sharc_vec_free(&p->arg_sharding);
  sharc_vec_free(&p->arg_shape);
  sharc_vec_free(&p->res_sharding);
  sharc_vec_free(&p->res_shape);
}

static bool match(sharc_op *call, pattern *p) {
  for (unsigned i = 0; i < sharc_op_num_operands(call); i++) {
    sharc_op *shape = sharc_value_defining_op(sharc_op_operand(call, i));
    if (!shape || !sharc_op_isa(shape, SHARC_SHLO(custom_call)))
      return fail(call, "expecting CustomCallOp as operand");
    if (!is_pattern_call(shape, "SPMDFullToShardShape"))
      return fail(call, "expecting SPMDFullToShardShape custom call as operand");
    sharc_op *sharding = sharc_value_defining_op(sharc_op_operand(shape, 0));
    if (!sharding || !sharc_op_isa(sharding, SHARC_SHLO(custom_call)))
      return fail(call, "expecting CustomCallOp as operand of SPMDFullToShardShape");
    if (!is_pattern_call(sharding, SHARC_XLA_SHARDING_TARGET))
      return fail(call, "expecting Sharding CustomCallOp as operand of SPMDFullToShardShape");
    sharc_vec_push(&p->arg_sharding, sharding);
    sharc_vec_push(&p->arg_shape, shape);
  }
  for (unsigned i = 0; i < sharc_op_num_results(call); i++) {
    sharc_value *r = sharc_op_result(call, i);
    if (!sharc_value_has_uses(r)) {
      sharc_vec_push(&p->res_sharding, NULL);
      sharc_vec_push(&p->res_shape, NULL);
      continue;
    }
    if (!sharc_value_has_one_use(r))
      return fail(call, "expecting each result of shmap_body to have one or no uses");
    sharc_op *sharding = sharc_use_owner(sharc_value_first_use(r));
    if (!sharc_op_isa(sharding, SHARC_SHLO(custom_call)))
      return fail(call, "expecting CustomCallOp as the use of the result of the CallOp");
    if (!is_pattern_call(sharding, SHARC_XLA_SHARDING_TARGET))
      return fail(call, "expecting Sharding CustomCallOp as the use of the result of the CallOp");
    if (!sharc_value_has_one_use(sharc_op_result(sharding, 0)))
      return fail(call, "expecting Sharding CustomCallOp user of the result to have one use");
    sharc_op *shape = sharc_use_owner(sharc_value_first_use(sharc_op_result(sharding, 0)));
    if (!sharc_op_isa(shape, SHARC_SHLO(custom_call)))
      return fail(call, "expecting CustomCallOp as the use of Sharding CustomCallOp");
    if (!is_pattern_call(shape, "SPMDShardToFullShape"))
      return fail(call, "expecting SPMDShardToFullShape CustomCallOp as the use of Sharding "
                        "CustomCallOp");
    sharc_vec_push(&p->res_sharding, sharding);
    sharc_vec_push(&p->res_shape, shape);
  }
  return true;
}

/* The body's return loses the values of unused results. */
static void drop_unused_returns(import_state *st, sharc_op *mc, const pattern *p) {
  sharc_region *r = sharc_op_region(mc, 0);
  for (sharc_block *b = sharc_region_first_block(r); b; b = sharc_block_next(b)) {
    sharc_op *ret = sharc_block_last_op(b);
    if (!ret || !sharc_op_isa(ret, &sharc_sdy_return_def))
      continue;
    value_vec kept = {0};
    for (unsigned i = 0; i < sharc_op_num_operands(ret) && i < p->res_shape.len; i++)
      if (p->res_shape.items[i])
        sharc_vec_push(&kept, sharc_op_operand(ret, i));
    if (kept.len != sharc_op_num_operands(ret)) {
      sharc_rw_set_before(&st->rw, ret);
      sharc_op_state state = {.name = sharc_op_name(ret),
                              .loc = sharc_op_loc(ret),
                              .operands = kept.items,
                              .num_operands = kept.len};
      sharc_rw_create(&st->rw, &state);
      sharc_rw_erase_op(&st->rw, ret);
    }
    sharc_vec_free(&kept);
  }
}

static void erase_if_unused(import_state *st, sharc_op *op) {
  if (op && !sharc_op_is_erased(op) && !sharc_value_has_uses(sharc_op_result(op, 0)))
    sharc_rw_erase_op(&st->rw, op);
}

static bool import_call(import_state *st, sharc_op *call) {
  sharc_context *ctx = st->rw.ctx;
  pattern p = {0};
  if (!match(call, &p)) {
    pattern_free(&p);
    return false;
  }
  value_vec operands = {0};
  attr_vec in = {0}, out = {0}, all = {0};
  type_vec types = {0};
  bool ok = true;
  for (unsigned i = 0; i < p.arg_sharding.len; i++) {
    sharc_vec_push(&operands, sharc_op_operand(p.arg_sharding.items[i], 0));
    sharc_attr *s = first_sharding(p.arg_sharding.items[i]);
    ok = ok && s;
    if (s) {
      sharc_vec_push(&in, s);
      sharc_vec_push(&all, s);
    }
  }
  for (unsigned i = 0; i < p.res_shape.len; i++) {
    sharc_op *shape = p.res_shape.items[i];
    if (!shape)
      continue;
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(shape, 0)));
    sharc_attr *s = first_sharding(shape);
    ok = ok && s;
    if (s) {
      sharc_vec_push(&out, s);
      sharc_vec_push(&all, s);
    }
  }
  if (!ok)
    fail(call, "expected the shard_map's custom calls to have shardings");
  for (unsigned i = 1; ok && i < all.len; i++)
    if (!sharc_str_eq(sharc_sdy_tensor_sharding_mesh_name(all.items[i]),
                      sharc_sdy_tensor_sharding_mesh_name(all.items[0])))
      ok = fail(call, "Multiple meshes in a single manual computation.");
  sharc_op *callee = ok ? sharc_symbol_resolve_nearest(call, sharc_call_callee(call)) : NULL;
  sharc_op *first = callee ? sharc_ptrmap_get(&st->moved, callee) : NULL;
  if (ok && !first && (!callee || !sharc_op_isa(callee, &sharc_func_func_def) ||
                       sharc_func_is_declaration(callee)))
    ok = fail(call, "expected the shard_map body function to be defined");
  if (ok) {
    sharc_sdy_manual_computation_spec spec = {
        .loc = sharc_op_loc(call),
        .operands = operands.items,
        .num_operands = operands.len,
        .result_types = types.items,
        .num_results = types.len,
        .in_shardings = sharc_sdy_sharding_per_value_get(ctx, in.items, in.len),
        .out_shardings = sharc_sdy_sharding_per_value_get(ctx, out.items, out.len),
        .manual_axes = manual_axes(ctx, call, &all),
    };
    sharc_rw_set_before(&st->rw, call);
    sharc_op *mc = sharc_sdy_create_manual_computation(&st->rw, &spec);
    sharc_region *region = sharc_op_region(mc, 0);
    if (first) {
      sharc_rw_clone_region_before(&st->rw, sharc_op_region(first, 0), region, NULL, NULL);
    } else {
      sharc_rw_inline_region_before(&st->rw, sharc_op_region(callee, 0), region, NULL);
      sharc_sdy_terminators_to_return(&st->rw, region);
      sharc_ptrmap_put(&st->moved, callee, mc);
      sharc_vec_push(&st->erase_funcs, callee);
    }
    drop_unused_returns(st, mc, &p);
    unsigned next = 0;
    for (unsigned i = 0; i < p.res_shape.len; i++) {
      sharc_op *shape = p.res_shape.items[i];
      if (!shape)
        continue;
      sharc_rw_replace_all_uses(&st->rw, sharc_op_result(shape, 0), sharc_op_result(mc, next++));
      sharc_rw_erase_op(&st->rw, shape);
      sharc_rw_erase_op(&st->rw, p.res_sharding.items[i]);
    }
    sharc_rw_erase_op(&st->rw, call);
    for (unsigned i = 0; i < p.arg_shape.len; i++) {
      erase_if_unused(st, p.arg_shape.items[i]);
      erase_if_unused(st, p.arg_sharding.items[i]);
    }
  }
  sharc_vec_free(&operands);
  sharc_vec_free(&in);
  sharc_vec_free(&out);
  sharc_vec_free(&all);
  sharc_vec_free(&types);
  pattern_free(&p);
  return ok;
}

static bool calls_shmap_body(sharc_op *call, void *user) {
  (void)user;
  sharc_attr *ref = sharc_call_callee(call);
  return ref && sharc_str_starts_with(sharc_ident_str(sharc_attr_symbol_root(ref)), "shmap_body");
}

static bool import_each(sharc_op *call, void *st) { return import_call(st, call); }

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  import_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  bool ok = sharc_pick_each(module, SHARC_PRE_ORDER, &sharc_func_call_def, calls_shmap_body,
                            import_each, &st);
  for (unsigned i = 0; ok && i < st.erase_funcs.len; i++)
    sharc_rw_erase_op(&st.rw, st.erase_funcs.items[i]);
  sharc_vec_free(&st.erase_funcs);
  sharc_ptrmap_free(&st.moved);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_shard_map_import = {
    .flag = "xla-sdy-shard-map-import",
    .display_name = "ShardMapImportPass",
    .summary = "Replaces a CallOp pattern unique to JAX shard_map with a ManualComputationOp.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

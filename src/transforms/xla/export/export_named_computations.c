/* -xla-sdy-export-named-computations: XLA's outlining of every
 * sdy.named_computation into a func.call of a new private function named
 * after it. Unlike Shardy's pass, the function also gets the output
 * shardings and the computation's manual axes (`xla.sdy.manual_axes`) on
 * its arguments, results and itself. With dedup-functions-fully, the
 * computations of one name and manual axes share one function, the one
 * whose shardings have the most call sites; an operand or result whose
 * sharding differs from that function's goes through an mhlo.copy. Uncalled
 * inlinable manual-computation bodies are dropped at the end. */
#include <string.h>

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/export/named_computation_utils.h"
#include "transforms/sdy/export/unflatten_call_graph.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct xla_export_options {
  bool dedup_fully;
} xla_export_options;

static const sharc_option_def options[] = {
    SHARC_SDY_DEDUP_FUNCTIONS_FULLY_OPTION(xla_export_options, dedup_fully),
};

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_type *) type_vec;
typedef SHARC_VEC(sharc_named_attr) named_vec;

typedef struct export_state {
  sharc_rewriter rw;
  sharc_op *module;
  unsigned symbol_counter;
  op_vec named;            /* the named computations, in post-order */
  sharc_ptrmap counts;     /* [name, manual, in, out] -> call sites so far */
  sharc_ptrmap chosen;     /* [name, manual] -> the computation whose func is kept */
  sharc_ptrmap best_count; /* [name, manual] -> that computation's count */
  sharc_ptrmap funcs;      /* [name, manual] -> the kept func */
  op_vec keys;             /* [name, manual] in first-seen order */
} export_state;

static sharc_attr *manual_axes_of(sharc_op *nc) {
  sharc_attr *a = sharc_op_attr(nc, SHARC_XLA_MANUAL_AXES_ATTR);
  return a && sharc_sdy_is_manual_axes(a) ? a : NULL;
}

/* A uniqued key of the computation's name, manual axes and, with
 * `with_shardings`, its in/out shardings (unit standing for none). */
static sharc_attr *key_of(sharc_context *ctx, sharc_op *nc, bool with_shardings) {
  sharc_attr *none = sharc_attr_unit(ctx);
  sharc_attr *manual = manual_axes_of(nc);
  sharc_attr *in = with_shardings ? sharc_op_attr(nc, "in_shardings") : NULL;
  sharc_attr *out = with_shardings ? sharc_op_attr(nc, "out_shardings") : NULL;
  sharc_attr *parts[4] = {sharc_op_attr(nc, "name"), manual ? manual : none, in ? in : none,
                          out ? out : none};
  return sharc_attr_array(ctx, parts, with_shardings ? 4 : 2);
}

static sharc_walk_result collect(sharc_op *nc, void *user) {
  export_state *st = user;
  sharc_vec_push(&st->named, nc);
  return SHARC_WALK_ADVANCE;
}

/* The function of one computation: its body, shardings and manual axes. */
static sharc_op *create_func(export_state *st, sharc_op *nc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *manual = manual_axes_of(nc);
  sharc_named_attr m = {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_MANUAL_AXES_ATTR)), manual};
  sharc_op *func = sharc_sdy_outline_named_computation(&st->rw, nc, st->module,
                                                       &st->symbol_counter, &m, manual ? 1 : 0);
  sharc_attr *in = sharc_op_attr(nc, "in_shardings");
  sharc_attr *out = sharc_op_attr(nc, "out_shardings");
  for (unsigned i = 0; in && i < sharc_sdy_list_size(in) && i < sharc_func_num_args(func); i++) {
    sharc_sdy_set_func_arg_sharding(func, i, sharc_sdy_list_at(in, i));
    if (manual)
      sharc_func_set_arg_attr(func, i, SHARC_XLA_MANUAL_AXES_ATTR, manual);
  }
  for (unsigned i = 0; out && i < sharc_sdy_list_size(out) && i < sharc_func_num_results(func);
       i++) {
    sharc_sdy_set_func_result_sharding(func, i, sharc_sdy_list_at(out, i));
    if (manual)
      sharc_func_set_result_attr(func, i, SHARC_XLA_MANUAL_AXES_ATTR, manual);
  }
  return func;
}

/* dedup-functions-fully: for each name and manual axes, the computation
 * whose shardings have the most call sites (the first on a tie) gets the
 * function all of them will call; functions are created in first-seen
 * order. */
static void create_shared_funcs(export_state *st) {
  sharc_context *ctx = st->rw.ctx;
  for (unsigned i = 0; i < st->named.len; i++) {
    sharc_op *nc = st->named.items[i];
    sharc_attr *full = key_of(ctx, nc, true), *name = key_of(ctx, nc, false);
    uintptr_t count = (uintptr_t)sharc_ptrmap_get(&st->counts, full);
    sharc_ptrmap_put(&st->counts, full, (void *)(count + 1));
    if (!sharc_ptrmap_get(&st->chosen, name)) {
      sharc_ptrmap_put(&st->chosen, name, nc);
      sharc_ptrmap_put(&st->best_count, name, (void *)count);
      sharc_vec_push(&st->keys, (sharc_op *)name);
      continue;
    }
    if (count > (uintptr_t)sharc_ptrmap_get(&st->best_count, name)) {
      sharc_ptrmap_put(&st->chosen, name, nc);
      sharc_ptrmap_put(&st->best_count, name, (void *)count);
    }
  }
  for (unsigned i = 0; i < st->keys.len; i++) {
    sharc_attr *name = (sharc_attr *)st->keys.items[i];
    sharc_ptrmap_put(&st->funcs, name, create_func(st, sharc_ptrmap_get(&st->chosen, name)));
  }
}

/* The call replacing `nc`: its operands and discardable attributes. */
static sharc_op *create_call(export_state *st, sharc_op *nc, sharc_op *func) {
  return sharc_sdy_replace_with_call(&st->rw, nc, sharc_op_symbol_name(func), NULL, NULL);
}

/* getFullyClosedLike on each sharding of a list. */
static sharc_attr *fully_closed_like(sharc_context *ctx, sharc_attr *list) {
  SHARC_VEC(sharc_attr *) items = {0};
  for (unsigned i = 0; i < sharc_sdy_list_size(list); i++)
    sharc_vec_push(&items, sharc_sdy_sharding_fully_closed_like(ctx, sharc_sdy_list_at(list, i)));
  sharc_attr *closed = sharc_sdy_sharding_per_value_get(ctx, items.items, items.len);
  sharc_vec_free(&items);
  return closed;
}

static void export_one(export_state *st, sharc_op *nc, bool dedup_fully) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *manual = manual_axes_of(nc);
  sharc_attr *out = sharc_op_attr(nc, "out_shardings");
  sharc_op *func = dedup_fully ? sharc_ptrmap_get(&st->funcs, key_of(ctx, nc, false))
                               : create_func(st, nc);
  sharc_op *call = create_call(st, nc, func);
  sharc_attr *func_shardings = sharc_sdy_func_result_shardings(func);
  if (!dedup_fully) {
    if (out || func_shardings)
      sharc_rw_set_attr(&st->rw, call, SHARC_SDY_SHARDING_ATTR,
                        out ? out : fully_closed_like(ctx, func_shardings));
  } else {
    /* the shared function's shardings may not be what this computation
     * had: its out shardings (fully closed when it had none) are restored
     * by copies after the call, its operands copied to the function's */
    if (out)
      sharc_rw_set_attr(&st->rw, call, SHARC_SDY_SHARDING_ATTR, out);
    sharc_sdy_insert_resharding_on_func_args(&st->rw, func, call, sharc_xla_create_copy, manual);
    sharc_sdy_insert_resharding_on_func_results(&st->rw, func, call, sharc_xla_create_copy,
                                                manual);
  }
  if (manual)
    sharc_rw_set_attr(&st->rw, call, SHARC_XLA_MANUAL_AXES_ATTR, manual);
}

static void note_ref(sharc_attr *ref, void *user) {
  sharc_ptrmap_put(user, sharc_attr_symbol_root(ref), (void *)1);
}

static sharc_walk_result note_refs(sharc_op *op, void *user) {
  sharc_symbol_op_refs(op, note_ref, user);
  return SHARC_WALK_ADVANCE;
}

/* Inlinable manual-computation bodies no call refers to any more. */
static void drop_uncalled_manual_bodies(export_state *st) {
  sharc_ptrmap used = {0};
  sharc_walk(st->module, SHARC_PRE_ORDER, note_refs, &used);
  op_vec dead = {0};
  sharc_block *body = sharc_region_first_block(sharc_op_region(st->module, 0));
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def))
      continue;
    sharc_str name = sharc_op_symbol_name(op);
    bool manual_body = sharc_str_contains(name, SHARC_STR(SHARC_XLA_INLINABLE_MANUAL_BODY));
    if (manual_body && !sharc_ptrmap_get(&used, sharc_ident_get(st->rw.ctx, name)))
      sharc_vec_push(&dead, op);
  }
  for (unsigned i = 0; i < dead.len; i++)
    sharc_rw_erase_op(&st->rw, dead.items[i]);
  sharc_vec_free(&dead);
  sharc_ptrmap_free(&used);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const xla_export_options *o = opts;
  export_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  /* post-order: nested named computations become functions first */
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_named_computation_def, collect, &st);
  if (o->dedup_fully)
    create_shared_funcs(&st);
  for (unsigned i = 0; i < st.named.len; i++)
    export_one(&st, st.named.items[i], o->dedup_fully);
  drop_uncalled_manual_bodies(&st);
  sharc_vec_free(&st.named);
  sharc_vec_free(&st.keys);
  sharc_ptrmap_free(&st.counts);
  sharc_ptrmap_free(&st.chosen);
  sharc_ptrmap_free(&st.best_count);
  sharc_ptrmap_free(&st.funcs);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_export_named_computations = {
    .flag = "xla-sdy-export-named-computations",
    .display_name = "ExportNamedComputationsPass",
    .summary = "Converts a `NamedComputationOp` to a `CallOp` with a new private function called "
               "the `NamedComputationOp`'s `name`. The new `FuncOp` and `CallOp` have the same "
               "shardings as the original `NamedComputationOp`s operands/results.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(xla_export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

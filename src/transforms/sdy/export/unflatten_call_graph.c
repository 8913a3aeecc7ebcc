/* -sdy-unflatten-call-graph: calls of functions with the same origin
 * (`sdy.original_func_name`), manual axes and argument/result shardings (or,
 * with dedup-functions-fully, the same origin and manual axes only, keeping
 * the most called variant) all call one of them; the origin and manual-axes
 * attributes are then dropped. Functions are keyed by a uniqued attribute,
 * so deduplication is one hash lookup per call. */
#include "transforms/sdy/export/unflatten_call_graph.h"

#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "ir/created_defs.h"
#include "ir/static_names.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#define FUNC_MANUAL_AXES_ATTR "sdy.func_manual_axes"

typedef struct unflatten_options {
  bool dedup_fully;
} unflatten_options;

static const sharc_option_def options[] = {
    SHARC_SDY_DEDUP_FUNCTIONS_FULLY_OPTION(unflatten_options, dedup_fully),
};

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct unflatten_state {
  sharc_rewriter rw;
  sharc_call_graph *cg;
  op_vec calls;             /* every func.call, in the module's walk order */
  sharc_ptrmap full_keys;   /* func -> its computation key */
  sharc_ptrmap origin_keys; /* func -> its key without shardings */
  sharc_ptrmap cache;       /* key -> the function its calls go to */
  sharc_ptrmap counts;      /* full key -> calls so far (dedup fully) */
  const char *manual_attr;  /* the functions' manual-axes attribute */
} unflatten_state;

/* getComputationKey as one uniqued attribute: [origin, manual axes,
 * argument shardings, result shardings], unit standing for none. */
static sharc_attr *computation_key(unflatten_state *st, sharc_op *func, bool ignore_shardings) {
  sharc_ptrmap *memo = ignore_shardings ? &st->origin_keys : &st->full_keys;
  sharc_attr *key = sharc_ptrmap_get(memo, func);
  if (key)
    return key;
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *none = sharc_attr_unit(ctx);
  sharc_attr *manual = sharc_op_attr(func, st->manual_attr);
  sharc_attr *args = ignore_shardings ? NULL : sharc_sdy_func_arg_shardings(func);
  sharc_attr *results = ignore_shardings ? NULL : sharc_sdy_func_result_shardings(func);
  sharc_attr *parts[4] = {
      sharc_attr_string(ctx, sharc_sdy_original_func_name(func)),
      manual && sharc_sdy_is_manual_axes(manual) ? manual : none,
      args ? args : none,
      results ? results : none,
  };
  key = sharc_attr_array(ctx, parts, 4);
  sharc_ptrmap_put(memo, func, key);
  return key;
}

static uintptr_t count_of(unflatten_state *st, sharc_attr *key) {
  return (uintptr_t)sharc_ptrmap_get(&st->counts, key);
}

/* populateFuncCache's recount: a variant called more often than the cached
 * one replaces it. */
static void prefer_most_called(unflatten_state *st, sharc_op *func) {
  sharc_attr *origin = computation_key(st, func, true);
  sharc_attr *full = computation_key(st, func, false);
  sharc_ptrmap_put(&st->counts, full, (void *)(count_of(st, full) + 1));
  sharc_op *cached = sharc_ptrmap_get(&st->cache, origin);
  if (count_of(st, full) > count_of(st, computation_key(st, cached, false)))
    sharc_ptrmap_put(&st->cache, origin, func);
}

/* The func.call ops of the module in walk order. */
static void collect_calls(unflatten_state *st) {
  for (unsigned i = 0; i < sharc_call_graph_size(st->cg); i++)
    for (unsigned k = 0; k < sharc_call_graph_num_calls(st->cg, i); k++) {
      sharc_op *call = sharc_call_graph_call(st->cg, i, k);
      if (sharc_op_isa(call, &sharc_func_call_def))
        sharc_vec_push(&st->calls, call);
    }
}

/* The function a call resolves to, or NULL after reporting it (Shardy's
 * getFuncOpOrDie). */
static sharc_op *callee_of(unflatten_state *st, sharc_op *call) {
  sharc_op *func = sharc_call_graph_callee(st->cg, call);
  if (func && sharc_op_isa(func, &sharc_func_func_def))
    return func;
  sharc_attr *callee = sharc_call_callee(call);
  sharc_str name = callee ? sharc_ident_str(sharc_attr_symbol_root(callee)) : SHARC_STR("");
  sharc_emit_op_error(call, "Failed to lookup function: %.*s", (int)name.len, name.data);
  return NULL;
}

static sharc_walk_result drop_attrs(sharc_op *func, void *user) {
  unflatten_state *st = user;
  if (sharc_op_attr(func, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR))
    sharc_rw_set_attr(&st->rw, func, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR, NULL);
  if (sharc_op_attr(func, st->manual_attr))
    sharc_rw_set_attr(&st->rw, func, st->manual_attr, NULL);
  return SHARC_WALK_ADVANCE;
}

static bool unflatten(unflatten_state *st, sharc_op *module, bool dedup_fully,
                      sharc_sdy_unflatten_call_fn on_call) {
  /* the callees first, before any call is pointed elsewhere */
  op_vec callees = {0};
  for (unsigned i = 0; i < st->calls.len; i++) {
    sharc_op *func = callee_of(st, st->calls.items[i]);
    if (!func) {
      sharc_vec_free(&callees);
      return false;
    }
    sharc_vec_push(&callees, func);
    sharc_attr *key = computation_key(st, func, dedup_fully);
    if (!sharc_ptrmap_get(&st->cache, key))
      sharc_ptrmap_put(&st->cache, key, func);
  }
  for (unsigned i = 0; dedup_fully && i < callees.len; i++)
    prefer_most_called(st, callees.items[i]);
  for (unsigned i = 0; i < st->calls.len; i++) {
    sharc_op *target =
        sharc_ptrmap_get(&st->cache, computation_key(st, callees.items[i], dedup_fully));
    sharc_attr *ref = sharc_attr_symbol_ref(
        st->rw.ctx, sharc_ident_get(st->rw.ctx, sharc_op_symbol_name(target)), NULL, 0);
    sharc_rw_set_attr(&st->rw, st->calls.items[i], "callee", ref);
    if (on_call)
      on_call(&st->rw, target, st->calls.items[i]);
  }
  sharc_vec_free(&callees);
  /* no dictionary ever held either name (the context's names, see
   * sharc_context_dict_may_hold_name): no function to find among every op */
  sharc_context *ctx = st->rw.ctx;
  if (sharc_context_dict_may_hold_name(
          ctx, sharc_context_static_ident(ctx, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR)) ||
      sharc_context_dict_may_hold_name(ctx, sharc_context_static_ident(ctx, st->manual_attr)))
    sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_func_def, drop_attrs, st);
  return true;
}

bool sharc_sdy_unflatten_call_graph(sharc_op *module, sharc_pass_run *run, bool dedup_fully,
                                    const char *manual_attr, sharc_sdy_unflatten_call_fn on_call) {
  unflatten_state st = {.manual_attr = manual_attr};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.cg = sharc_pass_call_graph(run);
  collect_calls(&st);
  bool ok = unflatten(&st, module, dedup_fully, on_call);
  sharc_vec_free(&st.calls);
  sharc_ptrmap_free(&st.full_keys);
  sharc_ptrmap_free(&st.origin_keys);
  sharc_ptrmap_free(&st.cache);
  sharc_ptrmap_free(&st.counts);
  return ok;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const unflatten_options *o = opts;
  return sharc_sdy_unflatten_call_graph(module, run, o->dedup_fully, FUNC_MANUAL_AXES_ATTR, NULL);
}

const sharc_pass_def sharc_pass_sdy_unflatten_call_graph = {
    .flag = "sdy-unflatten-call-graph",
    .display_name = "UnflattenCallGraphPass",
    .summary = "Unflattens the call graph.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(unflatten_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

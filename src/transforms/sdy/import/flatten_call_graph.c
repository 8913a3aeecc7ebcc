/* -sdy-flatten-call-graph: every function ends up called at most once; the
 * second and later calls of a function (callees first, as Shardy's
 * walkCalls visits them) go to a fresh recursive clone of it. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "transforms/sdy/common/call_graph_utils.h"

typedef struct flatten_state {
  sharc_rewriter rw;
  sharc_op *module;
  sharc_ptrmap called; /* functions seen called once already */
  unsigned counter;    /* the pass's symbol table uniquing counter */
} flatten_state;

static bool flatten_call(sharc_op *call, void *user) {
  flatten_state *st = user;
  sharc_op *func = sharc_sdy_callee_or_error(call, st->module);
  if (!func)
    return false;
  if (!sharc_ptrmap_get(&st->called, func)) {
    sharc_ptrmap_put(&st->called, func, func);
    return true;
  }
  sharc_op *clone = sharc_sdy_clone_func_recursively(&st->rw, func, &st->counter);
  if (!clone)
    return false;
  sharc_context *ctx = sharc_op_context(call);
  sharc_str name = sharc_rw_insert_symbol(&st->rw, st->module, clone, &st->counter);
  sharc_rw_set_attr(&st->rw, call, "callee",
                    sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, name), NULL, 0));
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  flatten_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  bool ok = sharc_sdy_walk_calls(sharc_pass_call_graph(run), false, flatten_call, &st);
  sharc_ptrmap_free(&st.called);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_flatten_call_graph = {
    .flag = "sdy-flatten-call-graph",
    .display_name = "FlattenCallGraphPass",
    .summary = "Flattens the call graph.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

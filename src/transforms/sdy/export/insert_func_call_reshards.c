/* -sdy-insert-func-call-reshards: where a call's result sharding differs from
 * its callee's result sharding, a reshard after the call brings the
 * callee's sharding to the call's, and the call takes the callee's result
 * shardings. */
#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"

typedef struct reshard_state {
  sharc_rewriter rw;
  bool ok;
} reshard_state;

static sharc_walk_result visit(sharc_op *call, void *user) {
  reshard_state *st = user;
  sharc_op *func = sharc_call_resolve(call);
  if (!func || !sharc_op_isa(func, &sharc_func_func_def)) {
    sharc_attr *callee = sharc_call_callee(call);
    sharc_str name = callee ? sharc_ident_str(sharc_attr_symbol_root(callee)) : SHARC_STR("");
    sharc_emit_op_error(call, "Failed to lookup function: %.*s", (int)name.len, name.data);
    st->ok = false;
    return SHARC_WALK_INTERRUPT;
  }
  sharc_sdy_insert_reshards_on_func_results(&st->rw, func, call);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  reshard_state st = {.ok = true};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_call_def, visit, &st);
  return st.ok;
}

const sharc_pass_def sharc_pass_sdy_insert_func_call_reshards = {
    .flag = "sdy-insert-func-call-reshards",
    .display_name = "InsertFuncCallReshardsPass",
    .summary = "Inserts reshards for func and call sharding conflicts.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

/* -xla-sdy-round-trip-clone-manual-computation-calls: after a round trip
 * through HLO, several calls may share one manual-computation body function
 * (a name containing `xla.sdy.manual_computation_body`), but each
 * sdy.manual_computation the import rebuilds must own its body. Every call
 * after the first to such a name gets a clone of the function, appended to
 * the module under a uniqued name. */
#include <string.h>

#include "dialect/func/func.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct clone_state {
  sharc_rewriter rw;
  sharc_op *module;
  sharc_ptrmap seen; /* callee names called before */
  unsigned counter;  /* the module's symbol renaming counter */
} clone_state;

static bool calls_manual_body(sharc_op *call, void *user) {
  (void)user;
  sharc_attr *ref = sharc_call_callee(call);
  return ref &&
         sharc_str_contains(sharc_ident_str(sharc_attr_symbol_root(ref)), SHARC_STR(SHARC_XLA_MANUAL_BODY));
}

/* The first call of a body keeps it; every later one gets a clone. */
static bool clone_repeated_callee(sharc_op *call, void *user) {
  clone_state *st = user;
  sharc_attr *ref = sharc_call_callee(call);
  sharc_ident *callee = sharc_attr_symbol_root(ref);
  if (!sharc_ptrmap_get(&st->seen, callee)) {
    sharc_ptrmap_put(&st->seen, callee, callee);
    return true;
  }
  sharc_op *func = sharc_symbol_resolve_nearest(call, ref);
  if (!func || !sharc_op_isa(func, &sharc_func_func_def))
    return true;
  sharc_op *clone = sharc_op_clone(func, true);
  sharc_str clone_name = sharc_rw_insert_symbol(&st->rw, st->module, clone, &st->counter);
  sharc_rw_set_attr(&st->rw, call, "callee",
                    sharc_attr_symbol_ref(st->rw.ctx, sharc_ident_get(st->rw.ctx, clone_name), NULL, 0));
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  clone_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_pick_each(module, SHARC_PRE_ORDER, &sharc_func_call_def, calls_manual_body,
                  clone_repeated_callee, &st);
  sharc_ptrmap_free(&st.seen);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_clone_manual_computation_calls = {
    .flag = "xla-sdy-round-trip-clone-manual-computation-calls",
    .display_name = "SdyRoundTripCloneManualComputationCallsPass",
    .summary = "Clones the manual computation body functions that more than one call uses.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

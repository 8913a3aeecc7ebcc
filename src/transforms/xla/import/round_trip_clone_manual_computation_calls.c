/* -xla-sdy-round-trip-clone-manual-computation-calls: after a round trip
 * through HLO, several calls may share one manual-computation body function
 * (a name containing `xla.sdy.manual_computation_body`), but each
 * sdy.manual_computation the import rebuilds must own its body. Every call
 * after the first to such a name gets a clone of the function, appended to
 * the module under a uniqued name. */
#include <string.h>

#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct clone_state {
  op_vec calls;
} clone_state;

static sharc_walk_result collect(sharc_op *call, void *user) {
  clone_state *st = user;
  sharc_vec_push(&st->calls, call);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  clone_state st = {0};
  sharc_walk_isa(module, SHARC_PRE_ORDER, &sharc_func_call_def, collect, &st);
  sharc_ptrmap seen = {0};
  unsigned counter = 0;
  for (unsigned i = 0; i < st.calls.len; i++) {
    sharc_op *call = st.calls.items[i];
    sharc_attr *ref = sharc_call_callee(call);
    if (!ref)
      continue;
    sharc_ident *callee = sharc_attr_symbol_root(ref);
    if (!sharc_str_contains(sharc_ident_str(callee), SHARC_STR(SHARC_XLA_MANUAL_BODY)))
      continue;
    if (!sharc_ptrmap_get(&seen, callee)) {
      sharc_ptrmap_put(&seen, callee, callee);
      continue;
    }
    sharc_op *func = sharc_symbol_resolve_nearest(call, ref);
    if (!func || !sharc_op_isa(func, &sharc_func_func_def))
      continue;
    sharc_op *clone = sharc_op_clone(func, true);
    sharc_str clone_name = sharc_rw_insert_symbol(&rw, module, clone, &counter);
    sharc_rw_set_attr(&rw, call, "callee",
                      sharc_attr_symbol_ref(rw.ctx, sharc_ident_get(rw.ctx, clone_name), NULL, 0));
  }
  sharc_ptrmap_free(&seen);
  sharc_vec_free(&st.calls);
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

/* -mpmd-convert-sdy-constants: every sdy.constant becomes a
 * stablehlo.constant with the same type and attributes (Shardy's partial
 * conversion), so that later folding is no longer held back by them. */
#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"

typedef struct convert_state {
  sharc_rewriter rw;
  sharc_ident *constant_name;
} convert_state;

static sharc_walk_result convert(sharc_op *op, void *user) {
  convert_state *st = user;
  if (!sharc_op_isa(op, &sharc_sdy_constant_def))
    return SHARC_WALK_ADVANCE;
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  /* the generic builder keeps every attribute, the unregistered ones too */
  sharc_op_state state = {.name = st->constant_name,
                          .loc = sharc_op_loc(op),
                          .result_types = &type,
                          .num_results = 1,
                          .attrs = sharc_op_attrs(op)};
  sharc_rw_replace_op_with_new(&st->rw, op, &state);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  convert_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  const char *name = sharc_op_def_name(SHARC_SHLO(constant));
  st.constant_name = sharc_ident_get(sharc_op_context(func), sharc_str_from_cstr(name));
  /* post-order: replacing the visited op never disturbs the walk */
  sharc_walk(func, SHARC_POST_ORDER, convert, &st);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_convert_sdy_constants = {
    .flag = "mpmd-convert-sdy-constants",
    .display_name = "ConvertSdyConstantsPass",
    .summary = "Converts `sdy.constant` ops into `stablehlo.constant`.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

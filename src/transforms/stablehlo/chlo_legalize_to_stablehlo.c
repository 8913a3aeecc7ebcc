/* chlo-legalize-to-stablehlo (StableHLO's pass, added by the MPMD import
 * pipeline): lowering CHLO ops to StableHLO is not implemented; a function
 * without CHLO ops is left as it is, as StableHLO's pass leaves it, and one
 * with a CHLO op is refused with a clear error. */
#include "pass/pass_registry.h"
#include "transforms/stablehlo/stablehlo_passes.h"

static sharc_walk_result find_chlo(sharc_op *op, void *user) {
  if (!sharc_str_starts_with(sharc_ident_str(sharc_op_name(op)), "chlo."))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_op *chlo = NULL;
  if (sharc_walk(func, SHARC_PRE_ORDER, find_chlo, &chlo) != SHARC_WALK_INTERRUPT)
    return true;
  sharc_str name = sharc_ident_str(sharc_op_name(chlo));
  sharc_emit(sharc_op_context(chlo), SHARC_SEV_ERROR, sharc_op_loc(chlo),
             "pass 'chlo-legalize-to-stablehlo' is not implemented yet: it would lower '%.*s'",
             (int)name.len, name.data);
  return false;
}

const sharc_pass_def sharc_pass_chlo_legalize_to_stablehlo = {
    .flag = "chlo-legalize-to-stablehlo",
    .display_name = "ChloLegalizeToStablehloPass",
    .summary = "Legalizes from CHLO ops flow to StableHLO and Shape ops",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

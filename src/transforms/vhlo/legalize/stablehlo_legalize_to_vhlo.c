/* -stablehlo-legalize-to-vhlo: StableHLO and func ops into the current
 * version of their VHLO ops (StableHLO's StablehloLegalizeToVhloPass). */
#include "pass/pass_registry.h"
#include "transforms/vhlo/vhlo_convert.h"

typedef struct legalize_options {
  bool allow_other_dialects; /* SHARC_OPT_BOOL */
} legalize_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(legalize_options, allow_other_dialects, "allow-other-dialects", SHARC_OPT_BOOL,
                 "false",
                 "Allow serialization to use other (potentially unstable) dialects, inserts "
                 "unrealized casts between dialects."),
};

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const legalize_options *o = opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  return sharc_vhlo_from_stablehlo(&rw, module, o->allow_other_dialects);
}

const sharc_pass_def sharc_pass_stablehlo_legalize_to_vhlo = {
    .flag = "stablehlo-legalize-to-vhlo",
    .display_name = "StablehloLegalizeToVhloPass",
    .summary = "Legalize StableHLO to VHLO.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(legalize_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

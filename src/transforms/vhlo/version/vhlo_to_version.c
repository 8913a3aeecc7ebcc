/* -vhlo-to-version='target=X': checks that every VHLO op, attribute and type
 * exists at the target version (StableHLO's VhloToVersionPass), moving ops
 * between their versions where a rule for the step exists
 * (vhlo_version_rules.c). The target is validated first, with StableHLO's
 * messages; a patch version counts as its X.Y.0. */
#include "pass/pass_registry.h"
#include "transforms/vhlo/vhlo_convert.h"
#include "transforms/vhlo/vhlo_version.h"

#include <string.h>

typedef struct to_version_options {
  const char *target; /* SHARC_OPT_STRING */
} to_version_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(to_version_options, target, "target", SHARC_OPT_STRING, "",
                 "The target version. Must be a version of the form #.#.# ."),
};

static bool run(sharc_op *op, const void *opts, sharc_pass_run *run) {
  const to_version_options *o = opts;
  sharc_vhlo_version target;
  if (!sharc_vhlo_validate_target(op, o->target ? o->target : "", &target))
    return false;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  return sharc_vhlo_convert_to_version(&rw, op, target);
}

const sharc_pass_def sharc_pass_vhlo_to_version = {
    .flag = "vhlo-to-version",
    .display_name = "VhloToVersionPass",
    .summary = "Convert between versions of VHLO for compatibility.",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(to_version_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

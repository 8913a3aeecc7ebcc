/* sdy_opt: drop-in for Shardy's sdy_opt. */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stddef.h>

int main(int argc, char **argv) {
  /* mhlo's copy, custom_call and tuple for XLA's passes (XLA's tests parse
   * them); mhlo is no dialect of Shardy's registry, so its other ops and
   * its attributes are those of an unregistered dialect (Shardy's tests put
   * mhlo.ragged_dot in as an unknown op) */
  static const char *const dialects[] = {"sdy", "stablehlo", "quant", "arith", "mhlo", NULL};
  /* Shardy's registry: sdy::registerAllDialects and quant; func's
   * extensions load cf on loading func, and cf loads arith */
  static const char *const registered[] = {"builtin", "func", "quant", "sdy", "stablehlo", NULL};
  static const char *const loaded_with[] = {"cf", "arith", NULL};
  static const sharc_dialect_registry registry = {registered, loaded_with};
  static const sharc_opt_tool tool = {"sdy_opt", "SDY pass driver", SHARC_TOOL_SDY_OPT, dialects,
                                      &registry};
  return sharc_opt_main(&tool, argc, argv);
}

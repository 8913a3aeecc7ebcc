/* mpmd_opt: drop-in for Shardy's mpmd_opt. */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stddef.h>

int main(int argc, char **argv) {
  static const char *const dialects[] = {"mpmd", "sdy", "stablehlo", "quant", "tensor", "arith", "complex", NULL};
  /* Shardy's registry: mpmd::registerAllDialects and quant; func's
   * extensions load cf on loading func, and cf loads arith (tensor's own
   * (affine, arith, complex) load only with a tensor op, left out) */
  static const char *const registered[] = {"builtin", "func", "mpmd", "quant", "sdy", "stablehlo", "tensor", NULL};
  static const char *const loaded_with[] = {"cf", "arith", NULL};
  static const sharc_dialect_registry registry = {registered, loaded_with};
  static const sharc_opt_tool tool = {"mpmd_opt", "MPMD pass driver", SHARC_TOOL_MPMD_OPT, dialects,
                                      &registry};
  return sharc_opt_main(&tool, argc, argv);
}

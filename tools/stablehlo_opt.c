/* stablehlo-opt: drop-in for StableHLO's stablehlo-opt (the same opt driver
 * as sdy_opt, with the dialects and passes StableHLO's tool registers). */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stddef.h>

int main(int argc, char **argv) {
  static const char *const dialects[] = {"stablehlo", "chlo",    "vhlo",  "quant",       "tensor",
                                         "arith",     "complex",     "interpreter", "check", "shape", "sparse_tensor", "llvm", NULL};
  static const sharc_dialect_registry registry = {sharc_stablehlo_opt_dialects, NULL};
  static const sharc_opt_tool tool = {"stablehlo-opt", "StableHLO optimizer driver",
                                      SHARC_TOOL_STABLEHLO_OPT, dialects, &registry};
  return sharc_opt_main(&tool, argc, argv);
}

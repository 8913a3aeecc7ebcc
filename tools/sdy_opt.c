/* sdy_opt: drop-in for Shardy's sdy_opt. */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stddef.h>

int main(int argc, char **argv) {
  static const char *const dialects[] = {"sdy", "stablehlo", "quant", "tensor", "arith", "complex", "chlo", "mhlo", NULL};
  static const sharc_opt_tool tool = {"sdy_opt", "SDY pass driver", SHARC_TOOL_SDY_OPT, dialects};
  return sharc_opt_main(&tool, argc, argv);
}

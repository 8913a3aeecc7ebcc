/* mpmd_opt: drop-in for Shardy's mpmd_opt. */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stddef.h>

int main(int argc, char **argv) {
  static const char *const dialects[] = {"mpmd", "sdy", "stablehlo", "quant", "tensor", "arith", "complex", "chlo", NULL};
  static const sharc_opt_tool tool = {"mpmd_opt", "MPMD pass driver", SHARC_TOOL_MPMD_OPT, dialects};
  return sharc_opt_main(&tool, argc, argv);
}

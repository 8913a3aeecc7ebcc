/* sharc: the friendly command line. For now `sharc check FILE` parses and
 * verifies a module and `sharc print FILE` prints it back; the sharding
 * commands come with the propagation work. */
#include "opt_main.h"
#include "sharc/pass.h"

#include <stdio.h>
#include <string.h>

static int usage(void) {
  fputs("usage: sharc <command> FILE\n"
        "commands:\n"
        "  print FILE   parse FILE and print it back in MLIR's canonical form\n"
        "  check FILE   parse and verify FILE; report the first problem\n",
        stderr);
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return usage();
  static const char *const dialects[] = {"sdy", "mpmd", "stablehlo", "quant", "tensor", "arith", "complex", "chlo", "interpreter", NULL};
  static const sharc_opt_tool tool = {"sharc", "sharc", SHARC_TOOL_ANY, dialects};
  if (strcmp(argv[1], "print") == 0 || strcmp(argv[1], "check") == 0) {
    char *args[4] = {argv[0], "--allow-unregistered-dialect", argv[2], NULL};
    char *check_args[6] = {argv[0], "--allow-unregistered-dialect", argv[2], "-o", "/dev/null", NULL};
    if (argv[1][0] == 'p')
      return sharc_opt_main(&tool, 3, args);
    int rc = sharc_opt_main(&tool, 5, check_args);
    if (rc == 0)
      printf("%s: ok\n", argv[2]);
    return rc;
  }
  return usage();
}

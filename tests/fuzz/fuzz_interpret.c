/* libFuzzer target for the interpreter (src/interpret).
 *
 * Each input that parses and verifies as stablehlo-translate reads it is
 * interpreted (its @main, or its only function) with no arguments when the
 * entry takes none, under limits on ops executed, tensor sizes and how long
 * a device waits on a collective. Any outcome is allowed but a crash, a leak,
 * a sanitizer report, a hang, or a failure without a diagnostic.
 *
 * Built and run by tests/fuzz/run.sh (FUZZ_TARGET=fuzz_interpret). */
#include <stdio.h>
#include <stdlib.h>

#include "sharc/asm.h"
#include "sharc/interpret.h"
#include "sharc/verify.h"

static void count_diag(const sharc_diag *d, void *user) {
  if (d->severity == SHARC_SEV_ERROR)
    ++*(unsigned *)user;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = sharc_context_create();
  static const char *const dialects[] = {"func", "quant", "check", "interpreter", "stablehlo",
                                         "sdy"};
  for (size_t i = 0; i < sizeof dialects / sizeof dialects[0]; i++)
    sharc_context_load_dialect(ctx, dialects[i]);
  unsigned errors = 0;
  sharc_context_set_diag_handler(ctx, count_diag, &errors);
  sharc_op *module = sharc_parse_source(ctx, "fuzz", (const char *)data, size);
  if (module && sharc_verify(module)) {
    sharc_buf printed = {0};
    sharc_interpret_options o = {
        .entry = "main",
        .print_out = &printed,
        .collective_timeout_s = 0.2,
        .max_ops = 20000,
        .max_tensor_bytes = 1 << 24,
    };
    sharc_tensor **res = NULL;
    unsigned n = 0;
    unsigned before = errors;
    bool ok = sharc_interpret_module(module, NULL, 0, &o, &res, &n);
    sharc_diag_flush(ctx);
    if (!ok && errors == before) {
      fprintf(stderr, "fuzz_interpret: the interpreter failed without a diagnostic\n");
      abort();
    }
    for (unsigned i = 0; i < n; i++) {
      sharc_tensor_print(ctx, res[i], i & 1, &printed);
      sharc_tensor_release(res[i]);
    }
    free(res);
    sharc_buf_free(&printed);
  }
  sharc_context_destroy(ctx);
  return 0;
}

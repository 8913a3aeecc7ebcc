/* libFuzzer target for `sharc auto` (include/sharc/auto.h).
 *
 * Every input that parses and verifies is searched on a small mesh with a
 * short budget: the mesh comes from a first line `//!mesh AXES` when there
 * is one (so the fuzzer mutates the --mesh syntax too), else 'x=2,y=2';
 * `//!limit BYTES` sets a memory limit, `//!keep` keeps the user's
 * shardings, `//!estimate` only estimates. The explanation is written as a
 * table and as JSON. Nothing may crash, hang, leak or trip a sanitizer;
 * a bad mesh or a limit nothing fits is a diagnostic.
 *
 * Built and run by `FUZZ_TARGET=fuzz_auto tests/fuzz/run.sh`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_directive.h"
#include "sharc/asm.h"
#include "sharc/auto.h"
#include "sharc/verify.h"

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_diag_handler(ctx, ignore_diag, NULL);
  static const char *const dialects[] = {"sdy", "stablehlo", "chlo", "tensor", "arith", NULL};
  for (const char *const *d = dialects; *d; d++)
    (void)sharc_context_load_dialect(ctx, *d);
  sharc_op *module = sharc_parse_source(ctx, "fuzz", (const char *)data, size);
  if (!module || !sharc_verify(module)) {
    sharc_context_destroy(ctx);
    return 0;
  }
  char *mesh = fuzz_directive(data, size, "//!mesh ");
  char *limit = fuzz_directive(data, size, "//!limit ");
  char *keep = fuzz_directive(data, size, "//!keep");
  char *estimate = fuzz_directive(data, size, "//!estimate");
  sharc_auto_options o = sharc_auto_options_default();
  o.mesh = mesh ? mesh : "x=2,y=2";
  o.memory_limit = limit ? strtoll(limit, NULL, 10) : 0;
  if (o.memory_limit < 0)
    o.memory_limit = 0;
  o.keep_user_shardings = keep != NULL;
  o.estimate_only = estimate != NULL;
  o.budget_seconds = 0.5;
  sharc_auto_result *r = sharc_auto_run(module, &o);
  if (r) {
    sharc_buf out = {0};
    sharc_auto_write(r, false, "fuzz", &out);
    out.len = 0;
    sharc_auto_write(r, true, "fuzz", &out);
    sharc_buf_free(&out);
    (void)sharc_auto_step_time(r);
    (void)sharc_auto_peak_memory(r);
    sharc_auto_result_destroy(r);
  }
  free(mesh);
  free(limit);
  free(keep);
  free(estimate);
  sharc_context_destroy(ctx);
  return 0;
}

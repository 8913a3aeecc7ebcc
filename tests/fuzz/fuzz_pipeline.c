/* libFuzzer target for `sharc pipeline` (include/sharc/pipeline.h).
 *
 * Every input that parses and verifies goes through the MPMD import (with
 * the assignment of a `//!assign LIST` line and the count of a
 * `//!microbatches N` line, when present), is scheduled with the schedule
 * its first byte picks (or that of a `//!schedule NAME` line), simulated,
 * and written as text, JSON, SVG and a one-row comparison. A failing
 * pipeline must have reported an error; nothing may crash, leak or trip a
 * sanitizer. Seeds: corpus/pipeline_*.mlir.
 *
 * Built and run by `FUZZ_TARGET=fuzz_pipeline tests/fuzz/run.sh`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_directive.h"
#include "sharc/asm.h"
#include "sharc/pipeline.h"
#include "sharc/verify.h"

static void count_errors(const sharc_diag *d, void *user) {
  if (d->severity == SHARC_SEV_ERROR)
    ++*(unsigned *)user;
}

static void write_all(const sharc_pipeline_sim *sim, const char *name) {
  sharc_buf out = {0};
  sharc_pipeline_write_text(sim, 40, true, &out);
  out.len = 0;
  sharc_pipeline_write_json(sim, "fuzz", &out);
  out.len = 0;
  sharc_pipeline_write_svg(sim, &out);
  out.len = 0;
  const sharc_pipeline_sim *sims[2] = {sim, NULL};
  const char *names[2] = {name, "none"}, *errors[2] = {NULL, "did not apply"};
  sharc_pipeline_write_compare(sims, names, errors, 2, false, "fuzz", &out);
  out.len = 0;
  sharc_pipeline_write_compare(sims, names, errors, 2, true, "fuzz", &out);
  sharc_buf_free(&out);
}

static void check(bool ok, unsigned errors) {
  if (!ok && errors == 0) {
    fprintf(stderr, "a pipeline failed without reporting an error\n");
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = sharc_context_create();
  unsigned errors = 0;
  sharc_context_set_diag_handler(ctx, count_errors, &errors);
  static const char *const dialects[] = {"sdy", "mpmd", "stablehlo", "chlo", "arith", "tensor",
                                         "quant", "complex", NULL};
  for (const char *const *d = dialects; *d; d++)
    (void)sharc_context_load_dialect(ctx, *d);
  sharc_op *module = sharc_parse_source(ctx, "fuzz", (const char *)data, size);
  if (!module || !sharc_verify(module)) {
    sharc_context_destroy(ctx);
    return 0;
  }
  sharc_pipeline_options o = sharc_pipeline_options_default();
  char *assign = fuzz_directive(data, size, "//!assign ");
  char *mbs = fuzz_directive(data, size, "//!microbatches ");
  char *schedule = fuzz_directive(data, size, "//!schedule ");
  o.assignment = assign;
  o.microbatches = mbs ? atoi(mbs) % 17 : 0;
  o.schedule = schedule ? schedule
                        : sharc_pipeline_schedule_name(size ? data[size - 1] % sharc_pipeline_num_schedules() : 1);
  bool ok = sharc_pipeline_import(module, &o) && sharc_verify(module);
  check(ok, errors);
  if (ok) {
    ok = sharc_pipeline_schedule(module, &o) && sharc_verify(module);
    check(ok, errors);
  }
  if (ok) {
    sharc_pipeline_sim *sim = sharc_pipeline_simulate(module, o.schedule, &o.cost);
    check(sim != NULL, errors);
    if (sim)
      write_all(sim, o.schedule);
    sharc_pipeline_sim_destroy(sim);
  }
  free(assign);
  free(mbs);
  free(schedule);
  sharc_context_destroy(ctx);
  return 0;
}

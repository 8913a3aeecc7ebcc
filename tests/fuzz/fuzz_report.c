/* libFuzzer target for the sharding report (include/sharc/report.h).
 *
 * Every input that parses and verifies gets a report with every value
 * listed and whatever debugging attributes it carries read; the report is
 * written in each format, a few names are looked up (and some that name
 * nothing), and the first values are explained and drawn, as text and SVG.
 * Nothing may crash, leak or trip a sanitizer. With `//!propagate` as the
 * first line the propagation pipeline runs first (and, with `//!explicit`,
 * the partitioner).
 *
 * Built and run by `FUZZ_TARGET=fuzz_report tests/fuzz/run.sh`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/report.h"
#include "sharc/verify.h"

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

static bool starts_with(const uint8_t *data, size_t size, const char *prefix) {
  size_t n = strlen(prefix);
  return size >= n && memcmp(data, prefix, n) == 0;
}

static void exercise(sharc_report *r) {
  sharc_buf out = {0};
  for (int f = SHARC_REPORT_TABLE; f <= SHARC_REPORT_CSV; f++) {
    out.len = 0;
    sharc_report_write(r, (sharc_report_format)f, f == SHARC_REPORT_TABLE, "fuzz", &out);
  }
  static const char *const names[] = {"%0", "%arg0", "result0", "%1#1", "x", "fuzz:2",
                                      "@main:%0", "@", "%", ""};
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
    out.len = 0;
    const sharc_report_value *v = sharc_report_lookup(r, names[i], &out);
    if (!v)
      continue;
    out.len = 0;
    sharc_report_explain(r, v, &out);
  }
  for (unsigned i = 0; i < sharc_report_num_values(r) && i < 4; i++) {
    const sharc_report_value *v = sharc_report_value_at(r, i);
    out.len = 0;
    sharc_report_explain(r, v, &out);
    out.len = 0;
    sharc_report_show(r, v, i % 2 == 0, &out);
    out.len = 0;
    sharc_report_show_svg(r, v, &out);
  }
  sharc_buf_free(&out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_diag_handler(ctx, ignore_diag, NULL);
  (void)sharc_context_load_dialect(ctx, "sdy");
  (void)sharc_context_load_dialect(ctx, "stablehlo");
  sharc_op *module = sharc_parse_source(ctx, "fuzz", (const char *)data, size);
  if (!module || !sharc_verify(module)) {
    sharc_context_destroy(ctx);
    return 0;
  }
  sharc_report_options o = sharc_report_options_default();
  o.all_values = true;
  o.debug_origins = true;
  if (starts_with(data, size, "//!propagate")) {
    o.explicit_collectives = starts_with(data, size, "//!propagate //!explicit");
    if (!sharc_report_has_mesh(module) || !sharc_report_propagate(module, &o)) {
      sharc_context_destroy(ctx);
      return 0;
    }
  }
  sharc_report *r = sharc_report_create(module, &o);
  exercise(r);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
  return 0;
}

/* libFuzzer target for the sharding report (include/sharc/report.h).
 *
 * Every input that parses and verifies gets a report with every value
 * listed and whatever debugging attributes it carries read; the report is
 * written in each format, a few names are looked up (and some that name
 * nothing), and the first values are explained and drawn, as text and SVG.
 * Nothing may crash, leak or trip a sanitizer. With `//!propagate` as the
 * first line the propagation pipeline runs first (and, with `//!explicit`,
 * the partitioner). Each line `//!value NAME` is looked up too, so the
 * fuzzer mutates the VALUE syntax (`@f:%3#1`, `file:line:col`) as well.
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

/* Looks up `name` and explains and draws what it names. */
static void use_name(sharc_report *r, const char *name, sharc_buf *out) {
  out->len = 0;
  const sharc_report_value *v = sharc_report_lookup(r, name, out);
  if (!v)
    return;
  out->len = 0;
  sharc_report_explain(r, v, out);
  out->len = 0;
  sharc_report_show(r, v, false, out);
}

/* The names of the input's `//!value NAME` lines (NUL bytes end a name). */
static void input_names(sharc_report *r, const uint8_t *data, size_t size, sharc_buf *out) {
  static const char tag[] = "//!value ";
  const size_t tag_len = sizeof tag - 1;
  for (size_t i = 0; i < size;) {
    const uint8_t *nl = memchr(data + i, '\n', size - i);
    size_t end = nl ? (size_t)(nl - data) : size;
    if (end - i >= tag_len && memcmp(data + i, tag, tag_len) == 0) {
      size_t n = end - i - tag_len;
      char *name = malloc(n + 1);
      memcpy(name, data + i + tag_len, n);
      name[n] = 0;
      use_name(r, name, out);
      free(name);
    }
    i = end + 1;
  }
}

static void exercise(sharc_report *r, const uint8_t *data, size_t size) {
  sharc_buf out = {0};
  input_names(r, data, size, &out);
  for (int f = SHARC_REPORT_TABLE; f <= SHARC_REPORT_CSV; f++) {
    out.len = 0;
    sharc_report_write(r, (sharc_report_format)f, f == SHARC_REPORT_TABLE, "fuzz", &out);
  }
  static const char *const names[] = {"%0", "%arg0", "result0", "%1#1", "x", "fuzz:2",
                                      "@main:%0", "@", "%", ""};
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    use_name(r, names[i], &out);
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
  exercise(r, data, size);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
  return 0;
}

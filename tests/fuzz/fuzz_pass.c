/* libFuzzer target for the implemented passes.
 *
 * An input starting `//!flag[,flag2]` names the passes to run on the rest
 * (the seeds say so, from their RUN lines); otherwise its first byte picks
 * a pass (with the high bit set, that pass and the next in the registry)
 * and the rest is MLIR text. FUZZ_PASS_VERBOSE=1 shows what ran.
 * The module is parsed and verified as the tools do, the pass runs, and
 * then: a pass that fails must have reported an error (a diagnostic or
 * an ERROR log line, as some of Shardy's passes write); a pass that
 * succeeds leaves IR whose printed form parses again, or whose re-parse
 * reports a located error (MLIR's printer has a few forms it cannot read
 * back). Nothing may crash, leak or trip a sanitizer.
 *
 * Built and run by tests/fuzz/run.sh (FUZZ_TARGET=fuzz_pass). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/pass.h"
#include "sharc/support.h"
#include "sharc/verify.h"
#include "support/log.h"

typedef struct diag_state {
  unsigned errors, located_errors;
} diag_state;

static void count_diag(const sharc_diag *d, void *user) {
  diag_state *s = user;
  if (d->severity != SHARC_SEV_ERROR)
    return;
  s->errors++;
  if (sharc_loc_find_file(d->loc))
    s->located_errors++;
}

static sharc_context *new_context(diag_state *s) {
  sharc_context *ctx = sharc_context_create();
  if (!ctx)
    abort();
  sharc_context_set_allow_unregistered(ctx, true);
  (void)sharc_context_load_dialect(ctx, "sdy");
  (void)sharc_context_load_dialect(ctx, "mpmd");
  (void)sharc_context_load_dialect(ctx, "stablehlo");
  (void)sharc_context_load_dialect(ctx, "vhlo");
  (void)sharc_context_load_dialect(ctx, "chlo");
  (void)sharc_context_load_dialect(ctx, "shape");
  sharc_context_set_diag_handler(ctx, count_diag, s);
  return ctx;
}

/* The implemented passes and pipelines of both tools, in registry order. */
static const sharc_pass_def *passes[1024];
static unsigned num_passes;

static void collect_passes(void) {
  if (num_passes)
    return;
  unsigned n;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n && num_passes < sizeof passes / sizeof passes[0]; i++)
    if (sharc_pass_is_implemented(defs[i]))
      passes[num_passes++] = defs[i];
  if (!num_passes)
    abort();
}

static void fail(const char *what, const char *pass, const sharc_buf *text) {
  fprintf(stderr, "fuzz_pass: %s (pass -%s)\n", what, pass);
  if (text && text->len)
    fprintf(stderr, "---- printed IR ----\n%s\n", text->data);
  fflush(stderr);
  abort();
}

/* The pass named by text[0..n) among the implemented ones, or NULL. */
static const sharc_pass_def *named_pass(const char *text, size_t n) {
  for (unsigned i = 0; i < num_passes; i++)
    if (strlen(passes[i]->flag) == n && memcmp(passes[i]->flag, text, n) == 0)
      return passes[i];
  return NULL;
}

/* Reads the `//!a,b` header; false when there is none or it names no pass. */
static bool header_passes(const uint8_t **data, size_t *size, const sharc_pass_def **p1,
                          const sharc_pass_def **p2) {
  const char *s = (const char *)*data, *end = s + *size;
  if (*size < 3 || memcmp(s, "//!", 3) != 0)
    return false;
  const char *eol = memchr(s, '\n', *size);
  if (!eol)
    eol = end;
  const char *a = s + 3, *comma = memchr(a, ',', (size_t)(eol - a));
  *p1 = named_pass(a, (size_t)((comma ? comma : eol) - a));
  *p2 = comma ? named_pass(comma + 1, (size_t)(eol - comma - 1)) : NULL;
  if (!*p1)
    return false;
  *size -= (size_t)(eol - s);
  *data = (const uint8_t *)eol;
  return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1)
    return 0;
  collect_passes();
  const sharc_pass_def *p1, *p2;
  if (!header_passes(&data, &size, &p1, &p2)) {
    unsigned first = (data[0] & 0x7f) % num_passes;
    p1 = passes[first];
    p2 = data[0] & 0x80 ? passes[(first + 1) % num_passes] : NULL;
    data++;
    size--;
  }
  bool verbose = getenv("FUZZ_PASS_VERBOSE") != NULL;

  diag_state ds = {0, 0};
  sharc_context *ctx = new_context(&ds);
  sharc_op *module = sharc_parse_source(ctx, "fuzz", (const char *)data, size);
  if (!module || !sharc_verify(module)) {
    if (verbose)
      fprintf(stderr, "fuzz_pass: input rejected\n");
    sharc_context_destroy(ctx);
    return 0;
  }
  sharc_pipeline_flags flags;
  memset(&flags, 0, sizeof flags);
  flags.tool_mask = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT;
  flags.tool_name = "fuzz_pass";
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  bool added = sharc_pipeline_add(pl, p1->flag, NULL, &err) &&
               (!p2 || sharc_pipeline_add(pl, p2->flag, NULL, &err));
  if (!added) /* a pass whose defaults do not build: not an input's fault */
    fail("a pass does not build with its default options", p1->flag, &err);

  unsigned errors_before = ds.errors;
  unsigned long logged_before = sharc_log_error_count();
  bool ok = sharc_pipeline_run(pl, module);
  sharc_diag_flush(ctx);
  if (verbose)
    fprintf(stderr, "fuzz_pass: -%s%s%s: %s\n", p1->flag, p2 ? " -" : "", p2 ? p2->flag : "",
            ok ? "ok" : "failed");
  /* an ERROR log line is a report too: Shardy's passes fail with only one
   * where their own error handling failed (infer_mesh_validation.cc) */
  if (!ok && ds.errors == errors_before && sharc_log_error_count() == logged_before)
    fail("the pass failed without reporting an error", p1->flag, NULL);

  if (ok) {
    sharc_print_flags pf;
    memset(&pf, 0, sizeof pf);
    sharc_buf text = {0};
    sharc_print_op(module, &pf, &text);
    diag_state ds2 = {0, 0};
    sharc_context *ctx2 = new_context(&ds2);
    sharc_op *again = sharc_parse_source(ctx2, "fuzz-reprint", text.data ? text.data : "", text.len);
    sharc_diag_flush(ctx2);
    if (!again && !ds2.located_errors)
      fail("the printed IR does not parse again and no located error says why", p1->flag, &text);
    if (again && !sharc_verify(again)) {
      sharc_diag_flush(ctx2);
      if (!ds2.errors)
        fail("the printed IR fails to verify without an error", p1->flag, &text);
    }
    sharc_context_destroy(ctx2);
    sharc_buf_free(&text);
  }
  sharc_buf_free(&err);
  sharc_pipeline_destroy(pl);
  sharc_context_destroy(ctx);
  return 0;
}

/* libFuzzer target for the MLIR text parser and printer.
 *
 * Any input may be rejected (diagnostics are swallowed), but nothing may crash,
 * leak or trip a sanitizer. When an input parses, printing it, parsing the
 * printed text again and printing that must give the same text (the printer's
 * output is a round-trip fixpoint); otherwise the target aborts after dumping
 * both texts and the second parse's diagnostics. The module is also printed
 * ahead as it is parsed (sharc_print_ahead, the tools' plain parse+print):
 * where that text is kept it must be the printer's text, byte for byte.
 *
 * Built and run by tests/fuzz/run.sh. Define FUZZ_PARSE_NO_DIALECTS to fuzz
 * only the always-present builtin and func dialects. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/verify.h"
#include "sharc/ir.h"
#include "sharc/support.h"

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

/* Keeps the text of every diagnostic, notes included, for the failure report. */
static void capture_diag(const sharc_diag *d, void *user) {
  sharc_buf *out = user;
  sharc_diag_format(d, out);
  for (const sharc_diag *n = d->notes; n; n = n->next)
    sharc_diag_format(n, out);
}

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  if (!ctx)
    abort();
  sharc_context_set_allow_unregistered(ctx, true);
#ifndef FUZZ_PARSE_NO_DIALECTS
  /* Unknown names are simply refused; which ones exist depends on the build. */
  (void)sharc_context_load_dialect(ctx, "sdy");
  (void)sharc_context_load_dialect(ctx, "mpmd");
  (void)sharc_context_load_dialect(ctx, "stablehlo");
  (void)sharc_context_load_dialect(ctx, "vhlo");
  (void)sharc_context_load_dialect(ctx, "quant");
  (void)sharc_context_load_dialect(ctx, "chlo");
  (void)sharc_context_load_dialect(ctx, "arith");
  (void)sharc_context_load_dialect(ctx, "tensor");
  (void)sharc_context_load_dialect(ctx, "complex");
  (void)sharc_context_load_dialect(ctx, "interpreter");
  (void)sharc_context_load_dialect(ctx, "shape");
  (void)sharc_context_load_dialect(ctx, "sparse_tensor");
  (void)sharc_context_load_dialect(ctx, "llvm");
#endif
  return ctx;
}

static void append_text(const char *data, size_t len, void *user) {
  sharc_buf_put(user, data, len);
}

static void fail(const char *what, const sharc_buf *first, const sharc_buf *second,
                 const sharc_buf *diags) {
  fprintf(stderr, "fuzz_parse: %s\n", what);
  fprintf(stderr, "---- first print (%zu bytes) ----\n%s\n", first->len,
          first->data ? first->data : "");
  if (second)
    fprintf(stderr, "---- second print (%zu bytes) ----\n%s\n", second->len,
            second->data ? second->data : "");
  if (diags && diags->len)
    fprintf(stderr, "---- diagnostics while re-parsing ----\n%s", diags->data);
  fflush(stderr);
  abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = new_context();
  sharc_context_set_diag_handler(ctx, ignore_diag, NULL);

  sharc_print_flags flags;
  memset(&flags, 0, sizeof flags);
  sharc_buf ahead_text = {0};
  sharc_print_ahead *ahead = sharc_print_ahead_create(&flags, append_text, &ahead_text);
  sharc_op *op = sharc_parse_source_ahead(ctx, "fuzz", (const char *)data, size, 1, 1, ahead);
  /* the tools print only verified IR; so does the round trip checked here */
  if (!op || !sharc_verify(op)) {
    sharc_print_ahead_destroy(ahead);
    sharc_buf_free(&ahead_text);
    sharc_context_destroy(ctx);
    return 0;
  }
  bool kept_ahead = sharc_print_ahead_finish(ahead, op);
  sharc_print_ahead_destroy(ahead);

  sharc_buf first = {0};
  sharc_print_op(op, &flags, &first);
  if (kept_ahead && (ahead_text.len != first.len ||
                     (first.len && memcmp(ahead_text.data, first.data, first.len) != 0)))
    fail("the text printed ahead differs from the printer's", &first, &ahead_text, NULL);
  sharc_buf_free(&ahead_text);

  /* Re-parse in a fresh context: the printed text must stand on its own. */
  sharc_buf diags = {0};
  sharc_context *ctx2 = new_context();
  sharc_context_set_diag_handler(ctx2, capture_diag, &diags);
  sharc_op *op2 =
      sharc_parse_source(ctx2, "fuzz-reprint", first.data ? first.data : "", first.len);
  /* Setting the handler again delivers a diagnostic still held back for notes. */
  sharc_context_set_diag_handler(ctx2, capture_diag, &diags);
  /* We print exactly what MLIR prints, and MLIR's printer has corner cases
   * it cannot read back (`!foo.ba-` prints as `!foo<ba->`), so a printed
   * module that fails to parse is reported only with FUZZ_STRICT_REPARSE.
   * Whatever does parse again must print identically. */
  if (!op2 && getenv("FUZZ_STRICT_REPARSE"))
    fail("printed output does not parse again", &first, NULL, &diags);

  /* MLIR's text is not always a fixpoint after one round (an f80 denormal
   * prints in full but reads back through double as 0; some affine maps
   * re-simplify), so the oracle is convergence: the second print must be
   * stable. */
  sharc_buf second = {0}, third = {0};
  sharc_context *ctx3 = NULL;
  if (op2) {
    sharc_print_op(op2, &flags, &second);
    ctx3 = new_context();
    sharc_context_set_diag_handler(ctx3, capture_diag, &diags);
    sharc_op *op3 = sharc_parse_source(ctx3, "fuzz-reprint2", second.data ? second.data : "",
                                       second.len);
    sharc_context_set_diag_handler(ctx3, capture_diag, &diags);
    if (!op3)
      fail("the second print does not parse again", &second, NULL, &diags);
    sharc_print_op(op3, &flags, &third);
    if (second.len != third.len ||
        (second.len && memcmp(second.data, third.data, second.len) != 0))
      fail("printing does not converge", &second, &third, &diags);
  }
  sharc_buf_free(&second);
  sharc_buf_free(&third);
  if (ctx3)
    sharc_context_destroy(ctx3);
  sharc_context_destroy(ctx2);
  sharc_buf_free(&diags);
  sharc_buf_free(&first);
  sharc_context_destroy(ctx);
  return 0;
}

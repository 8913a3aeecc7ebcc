/* libFuzzer target for the MLIR bytecode reader and writer.
 *
 * Any input may be rejected (diagnostics are swallowed), but nothing may crash,
 * hang, leak or trip a sanitizer. When an input reads and verifies, writing it
 * as bytecode and reading that back must print the same text (the writer's
 * output is what the reader reads); otherwise the target aborts with both
 * texts. Inputs without the magic number get it prepended, so that mutations
 * reach past the header. Seeds: the text corpus written as bytecode by
 * tests/fuzz/run.sh (FUZZ_TARGET=fuzz_bytecode). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/support.h"
#include "sharc/verify.h"

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  if (!ctx)
    abort();
  sharc_context_set_allow_unregistered(ctx, true);
  static const char *const dialects[] = {"sdy", "mpmd", "stablehlo", "quant", "chlo",
                                         "arith", "tensor", "complex", "vhlo", NULL};
  for (const char *const *d = dialects; *d; d++)
    (void)sharc_context_load_dialect(ctx, *d);
  sharc_context_set_diag_handler(ctx, ignore_diag, NULL);
  return ctx;
}

static void print_module(sharc_op *op, sharc_buf *out) {
  sharc_print_flags flags;
  memset(&flags, 0, sizeof flags);
  flags.debug_info = true;
  sharc_print_op(op, &flags, out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_buf input = {0};
  if (!sharc_is_bytecode((const char *)data, size))
    sharc_buf_put(&input, "ML\xefR", 4);
  sharc_buf_put(&input, (const char *)data, size);

  sharc_context *ctx = new_context();
  sharc_op *op = sharc_parse_bytecode(ctx, "fuzz", input.data, input.len);
  sharc_buf_free(&input);
  if (!op || !sharc_verify(op)) {
    sharc_context_destroy(ctx);
    return 0;
  }
  sharc_buf first = {0}, bytes = {0}, second = {0};
  print_module(op, &first);
  if (!sharc_write_bytecode(op, NULL, &bytes)) {
    fprintf(stderr, "fuzz_bytecode: a module that was read cannot be written\n%s\n", first.data);
    abort();
  }
  sharc_context *ctx2 = new_context();
  sharc_op *again = sharc_parse_bytecode(ctx2, "again", bytes.data, bytes.len);
  if (!again) {
    fprintf(stderr, "fuzz_bytecode: the written bytecode does not read back\n%s\n", first.data);
    abort();
  }
  print_module(again, &second);
  if (first.len != second.len || memcmp(first.data, second.data, first.len)) {
    fprintf(stderr, "fuzz_bytecode: round trip differs\n---- first ----\n%s\n---- second ----\n%s\n",
            first.data, second.data);
    abort();
  }
  sharc_buf_free(&first);
  sharc_buf_free(&second);
  sharc_buf_free(&bytes);
  sharc_context_destroy(ctx2);
  sharc_context_destroy(ctx);
  return 0;
}

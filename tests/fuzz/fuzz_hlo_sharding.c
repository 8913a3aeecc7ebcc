/* libFuzzer target for the HloSharding text parser (dialect/mhlo/
 * hlo_sharding.h): every input either parses, or fails with a message and an
 * offset inside the input; what parses prints to text that parses again and
 * prints the same (a fixpoint). The same input also goes to the readers of
 * XLA's other sharding texts (transforms/xla/common/xla_utils.h): the
 * mesh-and-axes HloShardingV3 form, and the round trip's frontend
 * attributes (`xla.sdy.sharding = "#sdy.sharding<...>"`); they must answer
 * with an attribute or an error, never crash. ASan/UBSan/LeakSanitizer
 * catch the rest. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/mhlo/hlo_sharding.h"
#include "sharc/asm.h"
#include "transforms/xla/common/xla_utils.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

/* One context for many inputs (attributes are uniqued in it), with an op to
 * locate the readers' errors at. It is renewed every CONTEXT_INPUTS inputs
 * and destroyed at exit: every error's diagnostic stays in its arena until
 * then, and once an arena passes a few MiB its newest chunks are mapped
 * pages, which LeakSanitizer does not scan, so the older heap chunks they
 * link to read as a leak at exit (the empty-input "leak" of a forked job). */
enum { CONTEXT_INPUTS = 4096 };
static sharc_context *anchor_ctx;
static sharc_op *anchor_module;
static unsigned anchor_uses;

static void drop_anchor(void) {
  if (anchor_ctx)
    sharc_context_destroy(anchor_ctx);
  anchor_ctx = NULL;
  anchor_module = NULL;
}

static sharc_op *anchor_op(void) {
  if (anchor_module && ++anchor_uses < CONTEXT_INPUTS)
    return anchor_module;
  if (!anchor_ctx)
    atexit(drop_anchor);
  drop_anchor();
  anchor_uses = 0;
  anchor_ctx = sharc_context_create();
  (void)sharc_context_load_dialect(anchor_ctx, "sdy");
  (void)sharc_context_load_dialect(anchor_ctx, "stablehlo");
  (void)sharc_context_load_dialect(anchor_ctx, "mhlo");
  sharc_context_set_diag_handler(anchor_ctx, ignore_diag, NULL);
  static const char text[] = "module {}";
  anchor_module = sharc_parse_source(anchor_ctx, "anchor", text, sizeof text - 1);
  if (!anchor_module)
    abort();
  return anchor_module;
}

static void read_xla_forms(sharc_str text) {
  sharc_op *at = anchor_op();
  sharc_context *ctx = sharc_op_context(at);
  (void)sharc_hlo_sharding_v3_to_sdy(ctx, text, at, 1, false, 2);
  (void)sharc_hlo_sharding_v3_to_sdy(ctx, text, at, 2, true, 1);
  sharc_named_attr entry = {sharc_ident_get(ctx, SHARC_STR(SHARC_XLA_SDY_SHARDING)),
                            sharc_attr_string(ctx, text)};
  bool failed = false;
  (void)sharc_xla_parse_string_attr(sharc_attr_dictionary(ctx, &entry, 1), SHARC_XLA_SDY_SHARDING,
                                    at, &failed);
  sharc_diag_flush(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_str text = {(const char *)data, size};
  read_xla_forms(text);
  sharc_hlo_sharding s;
  const char *err = NULL;
  size_t at = 0;
  if (!sharc_hlo_sharding_parse(text, &s, &err, &at)) {
    if (!err || at > size)
      abort();
    sharc_hlo_sharding_free(&s);
    return 0;
  }
  sharc_buf first = {0}, second = {0};
  sharc_hlo_sharding_print(&s, &first);
  sharc_hlo_sharding_free(&s);
  sharc_str again = {first.data, first.len};
  if (!sharc_hlo_sharding_parse(again, &s, &err, &at)) {
    fprintf(stderr, "printed sharding does not parse: %s at %zu: %s\n", err, at, first.data);
    abort();
  }
  sharc_hlo_sharding_print(&s, &second);
  sharc_hlo_sharding_free(&s);
  if (first.len != second.len || memcmp(first.data, second.data, first.len) != 0) {
    fprintf(stderr, "not a fixpoint:\n%s\n%s\n", first.data, second.data);
    abort();
  }
  sharc_buf_free(&first);
  sharc_buf_free(&second);
  return 0;
}

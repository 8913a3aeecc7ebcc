/* libFuzzer target for `sharc verify --inputs`: each input is an inputs
 * file (one dense literal a line) for a fixed two-argument sharded model;
 * the verdict must be 0 (the literals were read and both programs agree),
 * or 2 with an error reported (they could not be read); never 1, since the
 * partitioned model is right for any inputs. ASan/UBSan/LeakSanitizer
 * catch the rest. Seeds: corpus_verify/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/partition.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char model[] =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
    "func.func @main(%arg0: tensor<4x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, "
    "{\"y\"}]>}, %arg1: tensor<2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"y\"}]>}) -> "
    "(tensor<4x2xi32>, tensor<2xf32>) {\n"
    "  %0 = stablehlo.add %arg0, %arg0 : tensor<4x2xi32>\n"
    "  %1 = stablehlo.multiply %arg1, %arg1 : tensor<2xf32>\n"
    "  return %0, %1 : tensor<4x2xi32>, tensor<2xf32>\n"
    "}\n";

static unsigned errors;

static void count_errors(const sharc_diag *d, void *user) {
  (void)user;
  if (d->severity == SHARC_SEV_ERROR)
    errors++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_context_load_dialect(ctx, "func");
  sharc_context_set_diag_handler(ctx, count_errors, NULL);
  errors = 0;
  sharc_op *module = sharc_parse_source(ctx, "model.mlir", model, sizeof model - 1);
  if (!module)
    abort();
  sharc_verify_options o = sharc_verify_options_default();
  o.inputs_text = (const char *)data;
  o.inputs_len = size;
  o.inputs_name = "inputs.txt";
  sharc_buf out = {0};
  int rc = sharc_verify_module(module, &o, "model.mlir", &out);
  sharc_diag_flush(ctx);
  if (rc == 1 || (rc == 2 && !errors) || (rc == 0 && errors)) {
    fprintf(stderr, "verify returned %d with %u errors:\n%s\n", rc, errors,
            out.data ? out.data : "");
    abort();
  }
  sharc_buf_free(&out);
  sharc_context_destroy(ctx);
  return 0;
}

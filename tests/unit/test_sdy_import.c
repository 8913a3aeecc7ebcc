/* What the sdy import passes do that no command line reaches: saving the
 * module to a dump directory (Shardy's SaveModuleOpPass, added by
 * pipelines only), the error for a call whose callee is gone (the
 * verifier rejects such input before any pass runs), and the use-list
 * orders the constant splitter leaves (only bytecode writes them). */
#define _XOPEN_SOURCE 700
#include "check.h"
#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transforms/sdy/common/save_module.h"

static const char module_text[] =
    "func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
    "  %0 = call @foo(%arg0) : (tensor<8xf32>) -> tensor<8xf32>\n"
    "  return %0 : tensor<8xf32>\n"
    "}\n"
    "func.func private @foo(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n";

static void capture(const sharc_diag *d, void *user) { sharc_diag_format(d, user); }

static char *read_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return NULL;
  sharc_buf b = {0};
  char chunk[256];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    sharc_buf_put(&b, chunk, n);
  fclose(f);
  return b.data;
}

static void test_save_module(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", module_text, sizeof module_text - 1);
  CHECK(m != NULL);
  char dir[] = "/tmp/sharc_save_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);

  /* through a pipeline, as the import pipeline adds it */
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf err = {0};
  int index = 3;
  CHECK(sharc_sdy_add_save_module(sharc_pipeline_root(pl), dir, "before_propagation", &index,
                                  &err));
  CHECK(sharc_pipeline_run(pl, m));
  sharc_pipeline_destroy(pl);

  sharc_buf path = {0}, printed = {0};
  sharc_buf_printf(&path, "%s/03.before_propagation.mlir", dir);
  char *saved = read_file(path.data);
  sharc_print_op(m, NULL, &printed);
  CHECK_STR(saved, printed.data);
  free(saved);
  remove(path.data);

  /* no index: no prefix; a trailing slash is not doubled */
  sharc_buf slash = {0};
  sharc_buf_printf(&slash, "%s/", dir);
  sharc_sdy_save_module_options o = {slash.data, "after", false, 0};
  sharc_sdy_save_module(m, &o);
  path.len = 0;
  sharc_buf_printf(&path, "%s/after.mlir", dir);
  saved = read_file(path.data);
  CHECK_STR(saved, printed.data);
  free(saved);
  remove(path.data);

  /* no directory: nothing written, nothing fails */
  sharc_sdy_save_module_options none = {"", "after", false, 0};
  sharc_sdy_save_module(m, &none);
  saved = read_file("after.mlir");
  CHECK(saved == NULL);
  free(saved);

  rmdir(dir);
  sharc_buf_free(&slash);
  sharc_buf_free(&path);
  sharc_buf_free(&printed);
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
}

/* Runs `flag` on the module after @foo was renamed under its call. */
static char *run_on_dangling_call(const char *flag) {
  sharc_context *ctx = sharc_context_create();
  sharc_buf diags = {0};
  sharc_context_set_diag_handler(ctx, capture, &diags);
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", module_text, sizeof module_text - 1);
  sharc_op *foo = sharc_symbol_lookup(m, (sharc_str){"foo", 3});
  sharc_op_set_attr(foo, "sym_name", sharc_attr_string(ctx, (sharc_str){"bar", 3}));
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf err = {0};
  CHECK(sharc_pipeline_add(pl, flag, NULL, &err));
  CHECK(!sharc_pipeline_run(pl, m));
  sharc_diag_flush(ctx);
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
  return diags.data;
}

static void test_unknown_callee(void) {
  static const char *const flags[] = {"sdy-flatten-call-graph", "sdy-import-func-calls",
                                      "sdy-propagate-sharding-from-func-to-call"};
  for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
    char *d = run_on_dangling_call(flags[i]);
    CHECK_STR(d, "t.mlir:2:8: error: Failed to lookup function: foo\n");
    free(d);
  }
}

/* A call chain longer than the parser's nesting limit becomes named
 * computations nested that deep; the printer must still print them (it kept
 * a 1024-entry stack of default dialects). */
static void test_deep_import(void) {
  enum { depth = 1500 };
  sharc_buf src = {0};
  sharc_buf_puts(&src, "func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
                       "  %0 = call @f0(%arg0) : (tensor<8xf32>) -> tensor<8xf32>\n"
                       "  return %0 : tensor<8xf32>\n}\n");
  for (int i = 0; i < depth; i++) {
    sharc_buf_printf(&src, "func.func private @f%d(%%arg0: tensor<8xf32>) -> tensor<8xf32> {\n", i);
    if (i + 1 < depth)
      sharc_buf_printf(&src, "  %%0 = call @f%d(%%arg0) : (tensor<8xf32>) -> tensor<8xf32>\n"
                             "  return %%0 : tensor<8xf32>\n}\n", i + 1);
    else
      sharc_buf_puts(&src, "  %0 = stablehlo.negate %arg0 : tensor<8xf32>\n"
                           "  return %0 : tensor<8xf32>\n}\n");
  }
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_op *m = sharc_parse_source(ctx, "deep.mlir", src.data, src.len);
  CHECK(m != NULL);
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf err = {0}, out = {0};
  CHECK(sharc_pipeline_add(pl, "sdy-import-func-calls",
                           "add-data-flow-edges-on-named-computations=false", &err));
  CHECK(m && sharc_pipeline_run(pl, m));
  sharc_print_op(m, NULL, &out);
  /* the innermost body still prints its ops with the default dialect's
   * prefix elided the way every other level does */
  CHECK(out.data && strstr(out.data, "stablehlo.negate"));
  CHECK(out.data && strstr(out.data, "sdy.named_computation<\"f1499\">"));
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_buf_free(&out);
  sharc_buf_free(&src);
  sharc_context_destroy(ctx);
}

/* The first function's body after `flag` ran on `text`, in *ctx. */
static sharc_block *body_after(sharc_context **ctx, const char *text, const char *flag) {
  *ctx = sharc_context_create();
  sharc_context_load_dialect(*ctx, "sdy");
  sharc_context_load_dialect(*ctx, "stablehlo");
  sharc_op *m = sharc_parse_source(*ctx, "uses.mlir", text, strlen(text));
  CHECK(m != NULL);
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_buf err = {0};
  CHECK(sharc_pipeline_add(pl, flag, NULL, &err));
  CHECK(m && sharc_pipeline_run(pl, m));
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_block *module_body = m ? sharc_region_first_block(sharc_op_region(m, 0)) : NULL;
  sharc_op *func = module_body ? sharc_block_first_op(module_body) : NULL;
  return func ? sharc_region_first_block(sharc_op_region(func, 0)) : NULL;
}

/* The names of the ops using `v`, in use-list order, space-separated. */
static void use_owners(const sharc_value *v, sharc_buf *out) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_str name = sharc_ident_str(sharc_op_name(sharc_use_owner(u)));
    sharc_buf_printf(out, "%s%.*s", out->len ? " " : "", (int)name.len, name.data);
  }
}

/* Shardy's splitter replaces each stablehlo.constant with a new
 * sdy.constant (MLIR's replaceAllUsesWith: the uses end up in the reverse
 * of the parser's order), and copies a scalar expansion for its user (the
 * copy's use of the shared scalar goes first, the original's goes with
 * it). Bytecode writes use-list orders, so done in place, the results must
 * be the same. */
static void test_splitter_use_lists(void) {
  sharc_context *ctx;
  sharc_block *b = body_after(
      &ctx,
      "func.func @f(%arg0: tensor<f32>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>, "
      "tensor<f32>) {\n"
      "  %c = stablehlo.constant dense<1.0> : tensor<f32>\n"
      "  %0 = stablehlo.add %arg0, %c : tensor<f32>\n"
      "  %1 = stablehlo.multiply %arg1, %c : tensor<f32>\n"
      "  %2 = stablehlo.subtract %arg0, %c : tensor<f32>\n"
      "  return %0, %1, %2 : tensor<f32>, tensor<f32>, tensor<f32>\n"
      "}\n",
      "sdy-constant-or-scalar-splitter");
  sharc_buf owners = {0};
  if (b)
    use_owners(sharc_op_result(sharc_block_first_op(b), 0), &owners);
  CHECK_STR(owners.data, "stablehlo.add stablehlo.multiply stablehlo.subtract");
  sharc_buf_free(&owners);
  sharc_context_destroy(ctx);

  b = body_after(&ctx,
                 "func.func @f(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> (tensor<8xf32>, "
                 "tensor<f32>) {\n"
                 "  %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> "
                 "tensor<8xf32>\n"
                 "  %1 = stablehlo.add %arg0, %0 : tensor<8xf32>\n"
                 "  %2 = stablehlo.negate %arg1 : tensor<f32>\n"
                 "  return %1, %2 : tensor<8xf32>, tensor<f32>\n"
                 "}\n",
                 "sdy-constant-or-scalar-splitter");
  owners = (sharc_buf){0};
  if (b)
    use_owners(sharc_block_arg(b, 1), &owners);
  CHECK_STR(owners.data, "stablehlo.broadcast_in_dim stablehlo.negate");
  sharc_buf_free(&owners);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_splitter_use_lists();
  test_deep_import();
  test_save_module();
  test_unknown_callee();
  return check_summary("test_sdy_import");
}

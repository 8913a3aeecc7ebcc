/* Printing ahead (sharc_print_ahead, the tools' plain parse+print): where
 * the text printed while parsing is kept, it is the printer's text byte for
 * byte; where anything the printer reads from the whole module could differ
 * (aliases, the module's header, values of the module's body), it is not
 * kept and the caller prints as before. */
#include "check.h"
#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/support.h"
#include "sharc/verify.h"

#include <stdlib.h>

static void append_text(const char *data, size_t len, void *user) {
  sharc_buf_put(user, data, len);
}

static void ignore_diag(const sharc_diag *d, void *user) {
  (void)d;
  (void)user;
}

/* Parses `text` printing ahead; returns whether the text printed ahead was
 * kept, and checks that a kept one is the printer's. */
static bool ahead_kept(const char *text) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_context_load_dialect(ctx, "arith");
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_set_diag_handler(ctx, ignore_diag, NULL);
  sharc_print_flags flags = {0};
  sharc_buf ahead_text = {0}, printed = {0};
  sharc_print_ahead *ahead = sharc_print_ahead_create(&flags, append_text, &ahead_text);
  sharc_op *op = sharc_parse_source_ahead(ctx, "t.mlir", text, strlen(text), 1, 1, ahead);
  bool kept = op && sharc_verify(op) && sharc_print_ahead_finish(ahead, op);
  sharc_print_ahead_destroy(ahead);
  if (kept) {
    sharc_print_op(op, &flags, &printed);
    CHECK(ahead_text.len == printed.len && memcmp(ahead_text.data, printed.data, printed.len) == 0);
  }
  sharc_buf_free(&ahead_text);
  sharc_buf_free(&printed);
  sharc_context_destroy(ctx);
  return kept;
}

static void test_kept(void) {
  CHECK(ahead_kept("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\nfunc.func private @g()\n"));
  CHECK(ahead_kept("module {\n  func.func @f() {\n    %0 = \"x.y\"() : () -> i32\n    return\n  }\n}\n"));
  /* names from the ops' naming hooks, nested regions, a second block */
  CHECK(ahead_kept("func.func @f(%a: i32) -> i32 {\n  %c = arith.constant 1 : i32\n"
                   "  %c_0 = arith.constant 2 : i32\n  %0 = \"x.r\"(%a) ({\n  ^bb0(%b: i32):\n"
                   "    \"x.t\"(%b, %c) : (i32, i32) -> ()\n  }) : (i32) -> i32\n"
                   "  \"x.br\"()[^bb1] : () -> ()\n^bb1:\n  return %0 : i32\n}\n"));
  /* resources after the module, from the blobs the printed ops named */
  CHECK(ahead_kept("func.func @f() {\n  %0 = \"x.c\"() {v = dense_resource<b> : tensor<2xi32>} : () -> "
                   "tensor<2xi32>\n  return\n}\n{-#\n  dialect_resources: {\n    builtin: {\n      b: "
                   "\"0x040000000100000002000000\"\n    }\n  }\n#-}\n"));
}

static void test_not_kept(void) {
  /* an alias-capable attribute, even after the first function */
  CHECK(!ahead_kept("func.func @f() {\n  return\n}\nfunc.func @g() attributes {m = affine_map<(d0) "
                    "-> (d0)>} {\n  return\n}\n"));
  /* the module's header is not `module {` */
  CHECK(!ahead_kept("module @m {\n  func.func @f() {\n    return\n  }\n}\n"));
  CHECK(!ahead_kept("module attributes {a = 1 : i32} {\n  func.func @f() {\n    return\n  }\n}\n"));
  CHECK(!ahead_kept("module // c\n{\n  func.func @f() {\n    return\n  }\n}\n"));
  /* a second top-level op nests the module in an implicit one */
  CHECK(!ahead_kept("module {\n  func.func @f() {\n    return\n  }\n}\nfunc.func @g() {\n  return\n}\n"));
  /* values of the module's body */
  CHECK(!ahead_kept("func.func @f() {\n  return\n}\n%0 = \"x.y\"() : () -> i32\n"));
  /* an op whose regions were not verified as parsed */
  CHECK(!ahead_kept("\"x.r\"() ({\n  \"x.t\"() : () -> ()\n}) : () -> ()\n"));
  /* a function whose own checks fail is never printed (nor verified) */
  CHECK(!ahead_kept("\"func.func\"() <{function_type = unit, sym_name = \"f\"}> ({\n  "
                    "\"func.return\"() : () -> ()\n}) : () -> ()\n"));
  /* an op using a value not defined yet: no verifier runs before the parse
   * ends (sdy.all_gather's read the forward reference's defining op) */
  CHECK(!ahead_kept("sdy.mesh @mesh = <[\"x\"=2]>\n%1 = sdy.all_gather [{}, {\"x\"}] %0 "
                    "out_sharding=<@mesh, [{}, {}]> : tensor<6x8xf32>\n"
                    "%0 = \"x.y\"() : () -> tensor<6x8xf32>\n"));
  /* an empty module prints as before */
  CHECK(!ahead_kept("module {\n}\n"));
}

/* More text than the printer holds before handing it over. */
static void test_large(void) {
  sharc_buf text = {0};
  for (unsigned i = 0; i < 2000; i++) {
    char line[160];
    snprintf(line, sizeof line,
             "func.func @f%u(%%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %%a : tensor<4xf32>\n}\n",
             i);
    sharc_buf_put(&text, line, strlen(line));
  }
  sharc_buf_putc(&text, 0);
  CHECK(ahead_kept(text.data));
  sharc_buf_free(&text);
}

static void test_flags(void) {
  sharc_buf out = {0};
  sharc_print_flags generic = {.generic = true}, debug = {.debug_info = true};
  CHECK(!sharc_print_ahead_create(&generic, append_text, &out));
  CHECK(!sharc_print_ahead_create(&debug, append_text, &out));
  CHECK(!sharc_print_ahead_finish(NULL, NULL));
  sharc_print_ahead_destroy(NULL);
}

int main(void) {
  test_kept();
  test_not_kept();
  test_large();
  test_flags();
  return check_summary("print_ahead");
}

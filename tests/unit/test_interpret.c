/* The interpreter's library API: running a module's entry function on
 * tensors made from attributes, reading the results back, printing them,
 * and the errors for a bad entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sharc/asm.h"
#include "sharc/interpret.h"
#include "sharc/verify.h"

static int failures;

#define EXPECT(cond)                                                                               \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                          \
      failures++;                                                                                  \
    }                                                                                              \
  } while (0)

static void count_errors(const sharc_diag *d, void *user) {
  if (d->severity == SHARC_SEV_ERROR)
    ++*(int *)user;
}

static sharc_context *new_ctx(int *errors) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_context_load_dialect(ctx, "check");
  sharc_context_load_dialect(ctx, "interpreter");
  sharc_context_set_diag_handler(ctx, count_errors, errors);
  return ctx;
}

static sharc_op *parse(sharc_context *ctx, const char *text) {
  sharc_op *m = sharc_parse_source(ctx, "test", text, strlen(text));
  return m && sharc_verify(m) ? m : NULL;
}

static void test_run_with_args(void) {
  int errors = 0;
  sharc_context *ctx = new_ctx(&errors);
  sharc_op *m = parse(ctx, "func.func @main(%a: tensor<3xi8>, %b: tensor<3xi8>) -> tensor<3xi8> {\n"
                           "  %c = stablehlo.add %a, %b : tensor<3xi8>\n"
                           "  func.return %c : tensor<3xi8>\n"
                           "}\n");
  EXPECT(m != NULL);
  sharc_attr *a = sharc_parse_attr_text(ctx, SHARC_STR("dense<[100, -1, 7]> : tensor<3xi8>"));
  sharc_attr *b = sharc_parse_attr_text(ctx, SHARC_STR("dense<[100, 1, 1]> : tensor<3xi8>"));
  sharc_tensor *args[2] = {sharc_tensor_from_attr(ctx, a), sharc_tensor_from_attr(ctx, b)};
  EXPECT(args[0] && args[1]);
  sharc_tensor **res = NULL;
  unsigned n = 0;
  EXPECT(sharc_interpret_module(m, args, 2, NULL, &res, &n));
  EXPECT(n == 1);
  /* 100 + 100 wraps to -56 in i8 */
  sharc_attr *want = sharc_parse_attr_text(ctx, SHARC_STR("dense<[-56, 0, 8]> : tensor<3xi8>"));
  EXPECT(n == 1 && sharc_tensor_to_attr(ctx, res[0]) == want);
  sharc_buf out = {0};
  sharc_tensor_print(ctx, res[0], false, &out);
  EXPECT(strcmp(out.data, "tensor<3xi8> {\n  [-56, 0, 8]\n}") == 0);
  sharc_buf_free(&out);
  sharc_tensor_print(ctx, res[0], true, &out);
  EXPECT(strcmp(out.data, "dense<[-56, 0, 8]> : tensor<3xi8>") == 0);
  sharc_buf_free(&out);
  for (unsigned i = 0; i < n; i++)
    sharc_tensor_release(res[i]);
  free(res);
  sharc_tensor_release(args[0]);
  sharc_tensor_release(args[1]);
  EXPECT(errors == 0);
  sharc_context_destroy(ctx);
}

static void test_print_goes_to_buffer(void) {
  int errors = 0;
  sharc_context *ctx = new_ctx(&errors);
  sharc_op *m = parse(ctx, "func.func @main() {\n"
                           "  %a = stablehlo.constant dense<2.5> : tensor<f32>\n"
                           "  interpreter.print %a : tensor<f32>\n"
                           "  func.return\n"
                           "}\n");
  sharc_buf printed = {0};
  sharc_interpret_options o = {.print_out = &printed};
  sharc_tensor **res = NULL;
  unsigned n = 1;
  EXPECT(m && sharc_interpret_module(m, NULL, 0, &o, &res, &n));
  EXPECT(n == 0);
  /* the reference names the value as its defining op prints it */
  EXPECT(printed.data && strcmp(printed.data, "%cst = tensor<f32> {2.500000e+00}\n") == 0);
  free(res);
  sharc_buf_free(&printed);
  sharc_context_destroy(ctx);
}

static void test_errors(void) {
  int errors = 0;
  sharc_context *ctx = new_ctx(&errors);
  sharc_op *m = parse(ctx, "func.func @f() {\n  func.return\n}\nfunc.func @g() {\n  func.return\n}\n");
  sharc_tensor **res = NULL;
  unsigned n = 0;
  EXPECT(m && !sharc_interpret_module(m, NULL, 0, NULL, &res, &n));
  sharc_diag_flush(ctx);
  EXPECT(errors == 1 && res == NULL && n == 0);
  /* a runaway loop stops at the op limit with an error */
  sharc_op *loop = parse(ctx, "func.func @main() {\n"
                              "  %t = stablehlo.constant dense<true> : tensor<i1>\n"
                              "  %r = stablehlo.while(%i = %t) : tensor<i1>\n"
                              "    cond { stablehlo.return %i : tensor<i1> }\n"
                              "    do { stablehlo.return %i : tensor<i1> }\n"
                              "  func.return\n"
                              "}\n");
  sharc_interpret_options o = {.max_ops = 1000};
  EXPECT(loop && !sharc_interpret_module(loop, NULL, 0, &o, &res, &n));
  sharc_diag_flush(ctx);
  EXPECT(errors == 2);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_run_with_args();
  test_print_goes_to_buffer();
  test_errors();
  if (failures)
    fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}

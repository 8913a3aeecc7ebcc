/* Unit tests of the compiled StableHLO declarative formats: a row's format
 * and defaults strings become the directives the engine walks (groups with
 * their extent and anchor, the names the attr-dict leaves out), one compiled
 * form is shared by every thread that asks at once, and ops printed from it
 * elide default values and skip groups whose anchor is unset. */
#include "check.h"

#include "dialect/stablehlo/format_compile.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

#include <pthread.h>
#include <stdlib.h>

static bool owned_has(const shlo_fmt_compiled *c, const char *name) {
  for (unsigned i = 0; i < c->num_owned; i++)
    if (!strcmp(c->owned[i], name))
      return true;
  return false;
}

/* "$ [? , lower = @lower:bool ?] attr-dict :same" */
static void test_group_directives(void) {
  const shlo_fmt_compiled *c = sharc_shlo_format_compiled(&sharc_shlo_op_cholesky);
  CHECK(c->row == &sharc_shlo_op_cholesky);
  CHECK(c->num_dirs == 8);
  if (c->num_dirs != 8)
    return;
  CHECK(c->dirs[0].kind == SHLO_FD_OPERAND);
  CHECK(c->dirs[1].kind == SHLO_FD_GROUP);
  CHECK(c->dirs[1].end == 6); /* `,` `lower` `=` @lower, then attr-dict */
  CHECK(c->dirs[1].sub == SHLO_ANCHOR_ATTR && c->dirs[1].anchor == 5);
  CHECK(c->dirs[2].kind == SHLO_FD_LITERAL && !strcmp(c->dirs[2].tok, ","));
  CHECK(c->dirs[5].kind == SHLO_FD_ATTR && c->dirs[5].sub == SHLO_FA_BOOL);
  CHECK_STR(c->dirs[5].name, "lower");
  CHECK(c->dirs[6].kind == SHLO_FD_ATTR_DICT);
  CHECK(c->dirs[7].kind == SHLO_FD_TYPE && c->dirs[7].sub == SHLO_FT_SAME);
  CHECK(c->num_owned == 1 && owned_has(c, "lower"));
  CHECK(c->num_defaults == 0);
}

/* Custom directives own several attributes; defaults compile to kinds. */
static void test_owned_and_defaults(void) {
  const shlo_fmt_compiled *dot = sharc_shlo_format_compiled(&sharc_shlo_op_dot_general);
  CHECK(owned_has(dot, "dot_dimension_numbers"));
  CHECK(owned_has(dot, "precision_config") && owned_has(dot, "algorithm"));
  const shlo_fmt_compiled *ex = sharc_shlo_format_compiled(&sharc_shlo_op_exponential);
  CHECK(ex->num_defaults == 1);
  if (ex->num_defaults == 1) {
    CHECK_STR(ex->defaults[0].name, "result_accuracy");
    CHECK(ex->defaults[0].kind == SHLO_DEFAULT_ACCURACY);
  }
  const shlo_fmt_compiled *cmp = sharc_shlo_format_compiled(&sharc_shlo_op_compare);
  bool enum_attr = false;
  for (unsigned i = 0; i < cmp->num_dirs; i++)
    enum_attr |= cmp->dirs[i].kind == SHLO_FD_ATTR && cmp->dirs[i].sub == SHLO_FA_ENUM &&
                 cmp->dirs[i].enum_def == &sharc_shlo_comparison_direction;
  CHECK(enum_attr);
}

enum { THREADS = 8 };

static void *compile_compare(void *out) {
  *(const shlo_fmt_compiled **)out = sharc_shlo_format_compiled(&sharc_shlo_op_compare);
  return NULL;
}

/* Threads asking at once all get the one published form. */
static void test_threads_share_one_form(void) {
  pthread_t threads[THREADS];
  const shlo_fmt_compiled *got[THREADS] = {0};
  for (unsigned i = 0; i < THREADS; i++)
    CHECK(pthread_create(&threads[i], NULL, compile_compare, &got[i]) == 0);
  for (unsigned i = 0; i < THREADS; i++)
    pthread_join(threads[i], NULL);
  for (unsigned i = 1; i < THREADS; i++)
    CHECK(got[i] == got[0]);
  CHECK(got[0] == sharc_shlo_format_compiled(&sharc_shlo_op_compare));
}

static const char module_text[] =
    "func.func @f(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {\n"
    "  %0 = stablehlo.cholesky %a, lower = true : tensor<2x2xf32>\n"
    "  %1 = stablehlo.cholesky %0 {lower = false} : tensor<2x2xf32>\n"
    "  %2 = stablehlo.compare  LT, %0, %1,  FLOAT : (tensor<2x2xf32>, tensor<2x2xf32>) -> "
    "tensor<2x2xi1>\n"
    "  %3 = stablehlo.compare  GT, %0, %1 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xi1>\n"
    "  %4 = stablehlo.exponential %1 {result_accuracy = #stablehlo.result_accuracy<mode = "
    "#stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<2x2xf32>\n"
    "  return %4 : tensor<2x2xf32>\n"
    "}\n";

/* Printing from the compiled form: a false bool anchor drops its group and
 * its attribute, an absent enum drops its group, defaults are elided. */
static void test_print_from_compiled(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_context_load_dialect(ctx, "func");
  sharc_op *m = sharc_parse_source(ctx, "f.mlir", module_text, sizeof module_text - 1);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  CHECK(sharc_verify(m));
  sharc_print_flags flags = {0};
  sharc_buf b = {0};
  sharc_print_op(m, &flags, &b);
  CHECK(strstr(b.data, "%0 = stablehlo.cholesky %arg0, lower = true : tensor<2x2xf32>\n") != NULL);
  CHECK(strstr(b.data, "%1 = stablehlo.cholesky %0 : tensor<2x2xf32>\n") != NULL);
  CHECK(strstr(b.data, "stablehlo.compare  LT, %0, %1,  FLOAT : (tensor") != NULL);
  CHECK(strstr(b.data, "stablehlo.compare  GT, %0, %1 : (tensor") != NULL);
  CHECK(strstr(b.data, "%4 = stablehlo.exponential %1 : tensor<2x2xf32>\n") != NULL);
  free(b.data);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_group_directives();
  test_owned_and_defaults();
  test_threads_share_one_form();
  test_print_from_compiled();
  return check_summary("shlo_format");
}

/* The two StableHLO passes the MPMD import pipeline runs, which no flag
 * reaches: CHLO legalization leaves CHLO-free input alone and lowers CHLO;
 * the target-independent optimization folds, simplifies, dedups constants
 * and drops dead code, and refuses an op its unported (dynamic-shape)
 * patterns could rewrite. */
#include "check.h"
#include "sharc/asm.h"
#include "sharc/pass.h"

#include <stdlib.h>
#include <string.h>

#include "transforms/stablehlo/stablehlo_passes.h"

static void capture(const sharc_diag *d, void *user) { sharc_diag_format(d, user); }

typedef struct outcome {
  bool ok;
  char *diags;  /* malloc'd or NULL */
  char *output; /* the module after the pass */
} outcome;

static outcome run_pass(const sharc_pass_def *def, const char *text) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_context_load_dialect(ctx, "chlo");
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_buf diags = {0}, err = {0}, printed = {0};
  sharc_context_set_diag_handler(ctx, capture, &diags);
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", text, strlen(text));
  CHECK(m != NULL);
  if (!m) {
    fprintf(stderr, "%s", diags.data ? diags.data : "");
    abort();
  }
  sharc_pipeline *pl = sharc_pipeline_create(NULL);
  sharc_stablehlo_tio_options tio = {.fold_op_element_limit = 0};
  CHECK(sharc_pm_add_def(sharc_pm_nest(sharc_pipeline_root(pl), "func.func"), def,
                         def == &sharc_pass_stablehlo_target_independent_optimization ? &tio : NULL,
                         &err));
  outcome o = {sharc_pipeline_run(pl, m), NULL, NULL};
  sharc_diag_flush(ctx);
  sharc_print_op(m, NULL, &printed);
  o.diags = diags.data;
  o.output = printed.data;
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
  return o;
}

static void outcome_free(outcome *o) {
  free(o->diags);
  free(o->output);
}

static const char plain[] =
    "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static void test_chlo(void) {
  outcome o = run_pass(&sharc_pass_chlo_legalize_to_stablehlo, plain);
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "stablehlo.add %arg0, %arg0") != NULL);
  outcome_free(&o);

  o = run_pass(&sharc_pass_chlo_legalize_to_stablehlo,
               "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
               "  %0 = \"chlo.erf\"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>\n"
               "  return %0 : tensor<4xf32>\n"
               "}\n");
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "chlo.erf") == NULL);
  outcome_free(&o);
}

static void test_target_independent_optimization(void) {
  /* nothing to do: left alone */
  outcome o = run_pass(&sharc_pass_stablehlo_target_independent_optimization, plain);
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "stablehlo.add %arg0, %arg0") != NULL);
  outcome_free(&o);

  /* the driver's own work: equal constants deduplicated, dead ops dropped */
  o = run_pass(&sharc_pass_stablehlo_target_independent_optimization,
               "func.func @main(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {\n"
               "  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
               "  %1 = stablehlo.constant dense<1.0> : tensor<4xf32>\n"
               "  %2 = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>\n"
               "  %3 = stablehlo.add %arg0, %0 : tensor<4xf32>\n"
               "  %4 = stablehlo.add %arg0, %1 : tensor<4xf32>\n"
               "  return %3, %4 : tensor<4xf32>, tensor<4xf32>\n"
               "}\n");
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "stablehlo.multiply") == NULL);
  const char *first = strstr(o.output, "stablehlo.constant");
  CHECK(first && !strstr(first + 1, "stablehlo.constant"));
  outcome_free(&o);

  /* an add of zero is simplified away (AddOp_RemoveNoop) */
  o = run_pass(&sharc_pass_stablehlo_target_independent_optimization,
               "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
               "  %0 = stablehlo.constant dense<0.0> : tensor<4xf32>\n"
               "  %1 = stablehlo.add %arg0, %0 : tensor<4xf32>\n"
               "  return %1 : tensor<4xf32>\n"
               "}\n");
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "stablehlo.add") == NULL);
  CHECK(strstr(o.output, "return %arg0") != NULL);
  outcome_free(&o);

  /* a constant on the left moves right (AddOp_CanonicalizeConstantToRhs),
   * then the add of zero goes */
  o = run_pass(&sharc_pass_stablehlo_target_independent_optimization,
               "func.func @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
               "  %0 = stablehlo.constant dense<0.0> : tensor<4xf32>\n"
               "  %1 = stablehlo.add %0, %arg0 : tensor<4xf32>\n"
               "  return %1 : tensor<4xf32>\n"
               "}\n");
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "return %arg0") != NULL);
  outcome_free(&o);

  /* the dynamic-shape simplifications: a dynamic_reshape to a static type
   * is a reshape; one to a dynamic type stays */
  o = run_pass(&sharc_pass_stablehlo_target_independent_optimization,
               "func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<1xindex>) -> (tensor<4xf32>, tensor<?xf32>) {\n"
               "  %0 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<1xindex>) -> tensor<4xf32>\n"
               "  %1 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>\n"
               "  return %0, %1 : tensor<4xf32>, tensor<?xf32>\n"
               "}\n");
  CHECK(o.ok);
  CHECK(o.diags == NULL);
  CHECK(strstr(o.output, "stablehlo.reshape %arg0 : (tensor<?xf32>) -> tensor<4xf32>") != NULL);
  CHECK(strstr(o.output, "stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?xf32>, tensor<1xindex>) -> "
                         "tensor<?xf32>") != NULL);
  outcome_free(&o);
}

int main(void) {
  test_chlo();
  test_target_independent_optimization();
  return check_summary("test_mpmd_import_stablehlo");
}

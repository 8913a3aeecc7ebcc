/* Unit tests of the document API (include/sharc/document.h) that the Python
 * binding stands on: parse errors recorded with their place, print, verify,
 * passes by flags and by textual pipeline, clone independence, the report,
 * explain and show, and every string freed (LeakSanitizer checks the rest). */
#include "check.h"

#include "sharc/document.h"

#include <stdlib.h>

static const char *const MODEL =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
    "func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, {}]>},\n"
    "                %arg1: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {\"y\"}]>})\n"
    "    -> tensor<8x6xf32> {\n"
    "  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] :\n"
    "       (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>\n"
    "  return %0 : tensor<8x6xf32>\n"
    "}\n";

static sharc_document *parse(const char *text) {
  return sharc_document_parse("m.mlir", text, strlen(text), false);
}

static bool contains(char *s, const char *needle) {
  bool yes = s && strstr(s, needle);
  sharc_free(s);
  return yes;
}

static void test_parse_error(void) {
  sharc_document *d = parse("func.func @f() {\n  %0 = foo.bar : () -> ()\n}\n");
  CHECK(!sharc_document_module(d));
  CHECK(sharc_document_num_diags(d) == 1);
  const sharc_document_diag *e = sharc_document_diag_at(d, 0);
  CHECK_STR(e->severity, "error");
  CHECK_STR(e->file, "m.mlir");
  CHECK(e->line == 2 && e->col == 8);
  CHECK(strstr(e->text, "m.mlir:2:8: error:") == e->text);
  CHECK(!sharc_document_diag_at(d, 1));
  CHECK(!sharc_document_print(d, false, false));
  CHECK(!sharc_document_run_passes(d, "-canonicalize"));
  sharc_document_destroy(d);
}

static void test_print_verify_passes(void) {
  sharc_document *d = parse(MODEL);
  CHECK(sharc_document_module(d) && sharc_document_num_diags(d) == 0);
  CHECK(sharc_document_verify(d));
  CHECK(contains(sharc_document_print(d, true, false), "\"stablehlo.dot_general\""));
  CHECK(contains(sharc_document_print(d, false, true), "loc("));
  sharc_document *copy = sharc_document_clone(d);
  CHECK(sharc_document_run_passes(copy, "-sdy-propagation-pipeline"));
  CHECK(!contains(sharc_document_print(d, false, false), "sharding_per_value"));
  CHECK(contains(sharc_document_print(copy, false, false), "sharding_per_value"));
  sharc_document *textual = sharc_document_clone(d);
  CHECK(sharc_document_run_passes(textual, "builtin.module(sdy-propagation-pipeline)"));
  char *a = sharc_document_print(copy, false, false), *b = sharc_document_print(textual, false, false);
  CHECK(a && b && strcmp(a, b) == 0);
  sharc_free(a);
  sharc_free(b);
  CHECK(!sharc_document_run_passes(textual, "-no-such-pass"));
  CHECK(sharc_document_num_diags(textual) == 1);
  sharc_document_clear_diags(textual);
  CHECK(sharc_document_num_diags(textual) == 0);
  CHECK(!sharc_document_run_passes(textual, "-"));
  sharc_document_destroy(textual);
  sharc_document_destroy(copy);
  sharc_document_destroy(d);
}

static void test_report(void) {
  sharc_document *d = parse(MODEL);
  sharc_report_options o = sharc_report_options_default();
  char *json = sharc_document_report(d, &o, SHARC_REPORT_JSON);
  CHECK(json && strstr(json, "\"shard_shape\": [4, 4]"));
  sharc_free(json);
  sharc_document_destroy(d);

  d = parse(MODEL);
  CHECK(contains(sharc_document_explain(d, NULL, "%0"), "axis 'x'"));
  sharc_document_destroy(d);
  d = parse(MODEL);
  CHECK(contains(sharc_document_show(d, NULL, "%arg0", true), "<svg"));
  sharc_document_destroy(d);
  d = parse(MODEL);
  CHECK(!sharc_document_show(d, NULL, "%nope", false));
  CHECK(sharc_document_num_diags(d) == 1);
  sharc_document_destroy(d);

  d = parse("func.func @f() {\n  return\n}\n");
  CHECK(!sharc_document_report(d, NULL, SHARC_REPORT_TABLE));
  CHECK(strstr(sharc_document_diag_at(d, 0)->message, "no sdy.mesh") != NULL);
  sharc_document_destroy(d);
}

int main(void) {
  test_parse_error();
  test_print_verify_passes();
  test_report();
  sharc_document_destroy(NULL);
  return check_summary("document");
}

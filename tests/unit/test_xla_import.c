/* Unit tests of the XLA import C API (include/sharc/xla_import.h): each
 * sharding form detected (and the round trip preferred when a module has
 * both), Shardy's own form and MPMD programs left alone, the import run
 * with its pipeline, a bad attribute failing with a located error, and the
 * document API importing before it propagates, with a note saying so. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/document.h"
#include "sharc/xla_import.h"

#include <stdlib.h>

static const char *const GSPMD =
    "func.func @main(%arg0: tensor<8x8xf32> {mhlo.sharding = \"{devices=[2,2]<=[4]}\"}) -> tensor<8x8xf32> {\n"
    "  return %arg0 : tensor<8x8xf32>\n"
    "}\n";

static const char *const GSPMD_CALL =
    "func.func @main(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {\n"
    "  %0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = \"\"} : (tensor<8x8xf32>) -> tensor<8x8xf32>\n"
    "  return %0 : tensor<8x8xf32>\n"
    "}\n";

static const char *const ROUND_TRIP =
    "module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = \"{mesh = #sdy.mesh<[\\\"x\\\"=2]>}\"}} {\n"
    "func.func @main(%arg0: tensor<8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "
    "\"#sdy.sharding<@mesh, [{\\\"x\\\"}]>\"}, mhlo.sharding = \"{devices=[2]<=[2]}\"}) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n"
    "}\n";

static const char *const V3 =
    "func.func @main(%arg0: tensor<8xf32> {mhlo.sharding = \"{mesh['x'=2], [{'x'}]}\"}) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n";

static const char *const SHARDY =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%arg0: tensor<8xf32> {mhlo.sharding = \"{devices=[2]<=[2]}\"}) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n";

static const char *const BAD =
    "func.func @main(%arg0: tensor<8xf32> {mhlo.sharding = \"{devices=[2]<=[3]}\"}) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n";

static sharc_document *parse(const char *text) {
  return sharc_document_parse("m.mlir", text, strlen(text), false);
}

static sharc_xla_sharding_form form_of(const char *text) {
  sharc_document *d = parse(text);
  sharc_xla_sharding_form f = sharc_xla_sharding_form_of(sharc_document_module(d));
  sharc_document_destroy(d);
  return f;
}

static void test_detect(void) {
  CHECK(form_of(GSPMD) == SHARC_XLA_FORM_GSPMD);
  CHECK(form_of(GSPMD_CALL) == SHARC_XLA_FORM_GSPMD);
  CHECK(form_of(ROUND_TRIP) == SHARC_XLA_FORM_ROUND_TRIP);
  CHECK(form_of(V3) == SHARC_XLA_FORM_ROUND_TRIP_V3);
  CHECK(form_of(SHARDY) == SHARC_XLA_FORM_NONE);
  CHECK(form_of("func.func @f() {\n  return\n}\n") == SHARC_XLA_FORM_NONE);
  CHECK(sharc_xla_sharding_form_of(NULL) == SHARC_XLA_FORM_NONE);
  CHECK_STR(sharc_xla_import_flag(SHARC_XLA_FORM_GSPMD), "xla-sdy-stablehlo-import-pipeline");
  CHECK_STR(sharc_xla_import_flag(SHARC_XLA_FORM_ROUND_TRIP), "xla-sdy-round-trip-import-pipeline");
  CHECK_STR(sharc_xla_import_options(SHARC_XLA_FORM_ROUND_TRIP_V3), "enable-hlo-sharding-v3=true");
  CHECK(!sharc_xla_import_flag(SHARC_XLA_FORM_NONE) && !sharc_xla_import_options(SHARC_XLA_FORM_GSPMD));
}

static bool imports_to(const char *text, sharc_xla_sharding_form expected, const char *needle) {
  sharc_document *d = parse(text);
  sharc_xla_sharding_form f = SHARC_XLA_FORM_NONE;
  bool ok = sharc_xla_import_shardings(sharc_document_module(d), &f) && f == expected;
  char *printed = sharc_document_print(d, false, false);
  ok = ok && printed && strstr(printed, needle) && !strstr(printed, "mhlo.sharding");
  sharc_free(printed);
  sharc_document_destroy(d);
  return ok;
}

static void test_import(void) {
  CHECK(imports_to(GSPMD, SHARC_XLA_FORM_GSPMD, "#sdy.sharding<@mesh, [{\"axis_0\"}, {\"axis_1\"}]>"));
  CHECK(imports_to(ROUND_TRIP, SHARC_XLA_FORM_ROUND_TRIP, "#sdy.sharding<@mesh, [{\"x\"}]>"));
  CHECK(imports_to(V3, SHARC_XLA_FORM_ROUND_TRIP_V3, "#sdy.sharding<@mesh, [{\"x\"}]>"));
  /* nothing to do: true, and the form says so */
  sharc_document *d = parse(SHARDY);
  sharc_xla_sharding_form f = SHARC_XLA_FORM_GSPMD;
  CHECK(sharc_xla_import_shardings(sharc_document_module(d), &f) && f == SHARC_XLA_FORM_NONE);
  sharc_document_destroy(d);
}

static void test_document_imports_first(void) {
  sharc_document *d = parse(GSPMD);
  char *table = sharc_document_report(d, NULL, SHARC_REPORT_TABLE);
  CHECK(table && strstr(table, "'axis_0'=2 x 'axis_1'=2"));
  sharc_free(table);
  CHECK(sharc_document_num_diags(d) == 1);
  const sharc_document_diag *n = sharc_document_diag_at(d, 0);
  CHECK_STR(n->severity, "note");
  CHECK(strstr(n->message, "GSPMD shardings") && strstr(n->message, "-xla-sdy-stablehlo-import-pipeline"));
  sharc_document_destroy(d);

  d = parse(BAD);
  CHECK(!sharc_document_report(d, NULL, SHARC_REPORT_TABLE));
  CHECK(sharc_document_num_diags(d) >= 1);
  const sharc_document_diag *e = sharc_document_diag_at(d, 0);
  CHECK_STR(e->severity, "error");
  CHECK(e->line == 1 && strstr(e->message, "cannot parse mhlo.sharding"));
  sharc_document_destroy(d);
}

int main(void) {
  test_detect();
  test_import();
  test_document_imports_first();
  return check_summary("xla_import");
}

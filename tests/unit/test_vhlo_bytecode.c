/* Unit tests of VHLO's bytecode encodings (src/dialect/vhlo/vhlo_bytecode.c):
 * a VHLO module of every attribute and type kind written at each MLIR
 * bytecode version a StableHLO release uses reads back unchanged, the
 * release-to-bytecode-version table, and an error (never a module) for
 * every artifact cut short. */
#include <stdlib.h>
#include <string.h>

#include "check.h"

#include "dialect/vhlo/vhlo.h"
#include "sharc/asm.h"

static const char module_text[] =
    "vhlo.func_v1 @main(%a: !vhlo.tensor_v1<4x!vhlo.f32_v1>, %b: !vhlo.tensor_v1<?x!vhlo.i8_v1, "
    "#vhlo.type_extensions_v1<bounds = [8]>>, %q: !vhlo.tensor_v1<2x!vhlo.quant_v1<!vhlo.i8_v1:"
    "!vhlo.f32_v1, 1.500000e+00:3, -128:127, 1>>) -> (!vhlo.tensor_v1<4x!vhlo.f32_v1>) {\n"
    "  %0 = \"vhlo.constant_v1\"() <{value = #vhlo.tensor_v1<dense<[true, false, true]> : "
    "tensor<3xi1>>}> : () -> !vhlo.tensor_v1<3x!vhlo.bool_v1>\n"
    "  %1 = \"vhlo.compare_v1\"(%a, %a) <{compare_type = #vhlo<comparison_type_v1 FLOAT>, "
    "comparison_direction = #vhlo<comparison_direction_v1 GT>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>, "
    "!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.bool_v1>\n"
    "  %2 = \"vhlo.custom_call_v1\"(%a) <{api_version = #vhlo<api_version_v1 API_VERSION_TYPED_FFI>, "
    "backend_config = #vhlo.dict_v1<{#vhlo.string_v1<\"f\"> = #vhlo.float_v1<-2.500000e-01 : "
    "!vhlo.f16_v1>, #vhlo.string_v1<\"i\"> = #vhlo.integer_v1<-3 : i32>}>, call_target_name = "
    "#vhlo.string_v1<\"t\">, called_computations = #vhlo.array_v1<[]>, has_side_effect = "
    "#vhlo.bool_v1<true>, operand_layouts = #vhlo.array_v1<[]>, output_operand_aliases = "
    "#vhlo.array_v1<[]>, result_layouts = #vhlo.array_v1<[]>}> : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) "
    "-> !vhlo.tensor_v1<4x!vhlo.f32_v1>\n"
    "  %3 = \"vhlo.rng_v1\"(%a, %a, %a) <{rng_distribution = #vhlo<rng_distribution_v1 UNIFORM>}> : "
    "(!vhlo.tensor_v1<4x!vhlo.f32_v1>, !vhlo.tensor_v1<4x!vhlo.f32_v1>, "
    "!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> !vhlo.tensor_v1<4x!vhlo.f32_v1>\n"
    "  \"vhlo.return_v1\"(%2) : (!vhlo.tensor_v1<4x!vhlo.f32_v1>) -> ()\n"
    "} {arg_attrs = #vhlo.array_v1<[]>, res_attrs = #vhlo.array_v1<[]>, sym_visibility = "
    "#vhlo.string_v1<\"\">}\n";

static unsigned errors;

static void count_errors(const sharc_diag *d, void *user) {
  (void)user;
  if (d->severity == SHARC_SEV_ERROR)
    errors++;
}

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "vhlo");
  sharc_context_load_dialect(ctx, "func");
  sharc_context_set_diag_handler(ctx, count_errors, NULL);
  return ctx;
}

static char *print_generic(sharc_op *m) {
  sharc_print_flags flags;
  memset(&flags, 0, sizeof flags);
  flags.generic = true;
  sharc_buf b = {0};
  sharc_print_op(m, &flags, &b);
  return b.data;
}

/* Written at `version` and read back in a fresh context: the same text. */
static void test_roundtrip(int64_t version) {
  sharc_context *ctx = new_context();
  sharc_op *m = sharc_parse_source(ctx, "m.mlir", module_text, sizeof module_text - 1);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  char *want = print_generic(m);
  sharc_bytecode_options opts = {version, "StableHLO_v1.20.0", false};
  sharc_buf bc = {0};
  CHECK(sharc_write_bytecode(m, &opts, &bc));
  CHECK(bc.len > 4 && sharc_is_bytecode(bc.data, bc.len));
  sharc_context *ctx2 = new_context();
  sharc_op *back = sharc_parse_bytecode(ctx2, "m.bc", bc.data, bc.len);
  CHECK(back != NULL);
  if (back) {
    char *got = print_generic(back);
    CHECK_STR(got, want);
    free(got);
  }
  free(want);
  sharc_buf_free(&bc);
  sharc_context_destroy(ctx2);
  sharc_context_destroy(ctx);
}

static void test_versions(void) {
  static const struct {
    sharc_vhlo_version v;
    int bytecode;
  } table[] = {{{0, 8, 0}, -1}, {{0, 9, 0}, 0},  {{0, 11, 0}, 1}, {{0, 12, 0}, 3},
               {{0, 13, 5}, 3}, {{0, 14, 0}, 4}, {{0, 15, 0}, 6}, {{1, 20, 0}, 6},
               {{1, 21, 0}, -1}};
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    CHECK(sharc_vhlo_bytecode_version(table[i].v) == table[i].bytecode);
}

/* Every proper prefix of an artifact is refused with an error, never read. */
static void test_truncated(void) {
  sharc_context *ctx = new_context();
  sharc_op *m = sharc_parse_source(ctx, "m.mlir", module_text, sizeof module_text - 1);
  sharc_bytecode_options opts = {6, "StableHLO_v1.20.0", false};
  sharc_buf bc = {0};
  CHECK(m && sharc_write_bytecode(m, &opts, &bc));
  unsigned refused = 0;
  for (size_t n = 4; n < bc.len; n++) {
    sharc_context *c = new_context();
    errors = 0;
    if (!sharc_parse_bytecode(c, "t.bc", bc.data, n) && errors > 0)
      refused++;
    sharc_context_destroy(c);
  }
  CHECK(refused == bc.len - 4);
  sharc_buf_free(&bc);
  sharc_context_destroy(ctx);
}

int main(void) {
  for (int64_t v = 0; v <= 6; v++)
    test_roundtrip(v);
  test_versions();
  test_truncated();
  return check_summary("test_vhlo_bytecode");
}

/* Unit tests of the StableHLO dialect's C side: its attributes are uniqued
 * and readable through the typed accessors, text parses into them, and a
 * module round-trips through the custom and generic forms. */
#include "check.h"

#include "dialect/stablehlo/shlo.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

#include <stdlib.h>

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  return ctx;
}

static char *print_attr(const sharc_attr *a) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  return b.data;
}

static sharc_attr *parse_attr(sharc_context *ctx, const char *text) {
  return sharc_parse_attr_text(ctx, (sharc_str){text, strlen(text)});
}

static void test_enums(void) {
  sharc_context *ctx = new_context();
  sharc_attr *lt = sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_direction, 5);
  CHECK(lt == sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_direction, 5));
  CHECK(lt != sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_type, 5 % 5));
  CHECK_STR(sharc_shlo_enum_name(lt), "LT");
  CHECK(sharc_shlo_enum_index(lt, &sharc_shlo_comparison_direction) == 5);
  CHECK(sharc_shlo_enum_index(lt, &sharc_shlo_precision) == -1);
  char *s = print_attr(lt);
  CHECK_STR(s, "#stablehlo<comparison_direction LT>");
  free(s);
  CHECK(parse_attr(ctx, "#stablehlo<comparison_direction LT>") == lt);
  sharc_attr *mode = parse_attr(ctx, "#stablehlo.result_accuracy_mode<HIGHEST>");
  CHECK(sharc_shlo_enum_index(mode, &sharc_shlo_result_accuracy_mode) == 1);
  sharc_context_destroy(ctx);
}

static void test_structs(void) {
  sharc_context *ctx = new_context();
  sharc_attr *g = parse_attr(ctx, "#stablehlo.gather<index_vector_dim = 1, offset_dims = [1], "
                                  "start_index_map = [0]>");
  CHECK(g != NULL);
  /* fields in any order and defaults make the same attribute */
  CHECK(g == parse_attr(ctx, "#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [], "
                             "start_index_map = [0], index_vector_dim = 1>"));
  CHECK(sharc_shlo_struct_int(g, &sharc_shlo_gather_def, 5) == 1);
  sharc_attr *offsets = sharc_shlo_struct_field(g, &sharc_shlo_gather_def, 0);
  CHECK(offsets && sharc_attr_count(offsets) == 1 && sharc_attr_dense_array_i64(offsets, 0) == 1);
  CHECK(sharc_shlo_struct_field(g, &sharc_shlo_scatter_def, 0) == NULL);
  char *s = print_attr(g);
  CHECK_STR(s, "#stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>");
  free(s);
  sharc_attr *ch = parse_attr(ctx, "#stablehlo.channel_handle<type = 1, handle = 7>");
  CHECK(sharc_shlo_struct_int(ch, &sharc_shlo_channel_handle_def, 0) == 7);
  s = print_attr(ch);
  CHECK_STR(s, "#stablehlo.channel_handle<handle = 7, type = 1>");
  free(s);
  sharc_attr *conv = parse_attr(ctx, "#stablehlo.conv<[b, 1, 0, f]x[0, 1, i, o]->[f, b, 0, 1]>");
  CHECK(conv != NULL);
  CHECK(sharc_shlo_struct_int(conv, &sharc_shlo_conv_def, 6) == 1); /* output batch */
  CHECK(sharc_shlo_struct_int(conv, &sharc_shlo_conv_def, 7) == 0); /* output feature */
  sharc_attr *in_spatial = sharc_shlo_struct_field(conv, &sharc_shlo_conv_def, 2);
  CHECK(sharc_attr_dense_array_i64(in_spatial, 0) == 2 && sharc_attr_dense_array_i64(in_spatial, 1) == 1);
  s = print_attr(conv);
  CHECK_STR(s, "#stablehlo.conv<[b, 1, 0, f]x[0, 1, i, o]->[f, b, 0, 1]>");
  free(s);
  sharc_context_destroy(ctx);
}

static const char module_text[] =
    "func.func @f(%a: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {\n"
    "  %c = stablehlo.constant dense<1> : tensor<i32>\n"
    "  %0:2 = stablehlo.while(%i = %n, %x = %a) : tensor<i32>, tensor<4xf32>\n"
    "    cond {\n"
    "    %p = stablehlo.compare LT, %i, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
    "    stablehlo.return %p : tensor<i1>\n"
    "  } do {\n"
    "    %y = stablehlo.add %x, %x : tensor<4xf32>\n"
    "    stablehlo.return %i, %y : tensor<i32>, tensor<4xf32>\n"
    "  }\n"
    "  return %0#1 : tensor<4xf32>\n"
    "}\n";

static char *print_module(sharc_op *m, bool generic) {
  sharc_print_flags flags = {0};
  flags.generic = generic;
  sharc_buf b = {0};
  sharc_print_op(m, &flags, &b);
  return b.data;
}

static void test_module_round_trip(void) {
  sharc_context *ctx = new_context();
  sharc_op *m = sharc_parse_source(ctx, "m.mlir", module_text, sizeof module_text - 1);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  CHECK(sharc_verify(m));
  char *custom = print_module(m, false);
  char *generic = print_module(m, true);
  CHECK(strstr(custom, "stablehlo.while(%iterArg = %arg1, %iterArg_0 = %arg0)") != NULL);
  CHECK(strstr(generic, "\"stablehlo.while\"(%arg1, %arg0) ({") != NULL);
  sharc_op *again = sharc_parse_source(ctx, "g.mlir", generic, strlen(generic));
  CHECK(again != NULL);
  char *custom2 = again ? print_module(again, false) : NULL;
  CHECK_STR(custom2, custom);
  free(custom);
  free(generic);
  free(custom2);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_enums();
  test_structs();
  test_module_round_trip();
  return check_summary("stablehlo");
}

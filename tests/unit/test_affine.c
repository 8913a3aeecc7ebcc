/* Unit tests for affine maps, integer sets and strided layouts: the
 * construction-time simplifications, the printer and the parser's errors.
 * Every expected string is what `mlir-opt-22 --allow-unregistered-dialect`
 * prints for the same input (an attribute on an unregistered op). */
#include "ir/affine.h"
#include "sharc/asm.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

static sharc_context *ctx;

/* The printed form of an attribute parsed from `text`. */
static char *reprint(const char *text) {
  sharc_attr *a = sharc_parse_attr_text(ctx, sharc_str_from_cstr(text));
  if (!a)
    return NULL;
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  return b.data;
}

#define CHECK_REPRINT(in, want)                                                                    \
  do {                                                                                             \
    char *got_ = reprint(in);                                                                      \
    CHECK_STR(got_, want);                                                                         \
    free(got_);                                                                                    \
  } while (0)

static void check_expr(const sharc_affine_expr *e, const char *want) {
  sharc_buf b = {0};
  sharc_affine_print_expr(&b, e);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

/* ---- simplification through the C API ------------------------------------ */

static void test_builder_simplifications(void) {
  const sharc_affine_expr *d0 = sharc_affine_dim(ctx, 0), *d1 = sharc_affine_dim(ctx, 1);
  const sharc_affine_expr *s0 = sharc_affine_symbol(ctx, 0), *s1 = sharc_affine_symbol(ctx, 1);
  const sharc_affine_expr *c0 = sharc_affine_const(ctx, 0), *c1 = sharc_affine_const(ctx, 1);
  const sharc_affine_expr *c2 = sharc_affine_const(ctx, 2), *c4 = sharc_affine_const(ctx, 4);
  check_expr(sharc_affine_add(ctx, s0, d0), "d0 + s0");
  check_expr(sharc_affine_mul(ctx, c2, d0), "d0 * 2");
  check_expr(sharc_affine_add(ctx, d1, d0), "d0 + d1");
  check_expr(sharc_affine_add(ctx, d0, d0), "d0 * 2");
  check_expr(sharc_affine_add(ctx, d0, c0), "d0");
  check_expr(sharc_affine_mul(ctx, d0, c1), "d0");
  check_expr(sharc_affine_mul(ctx, d0, c0), "0");
  check_expr(sharc_affine_floordiv(ctx, d0, c1), "d0");
  check_expr(sharc_affine_mod(ctx, d0, c1), "0");
  check_expr(sharc_affine_add(ctx, c2, c4), "6");
  check_expr(sharc_affine_neg(ctx, d0), "-d0");
  check_expr(sharc_affine_sub(ctx, d0, c2), "d0 - 2");
  check_expr(sharc_affine_sub(ctx, d0, d1), "d0 - d1");
  check_expr(sharc_affine_mul(ctx, s1, s0), "s0 * s1");
  check_expr(sharc_affine_floordiv(ctx, sharc_affine_const(ctx, 7), sharc_affine_const(ctx, -2)),
             "-4");
  /* `d0 - (d0 floordiv 4) * 4` is `d0 mod 4` */
  const sharc_affine_expr *q = sharc_affine_mul(ctx, sharc_affine_floordiv(ctx, d0, c4), c4);
  check_expr(sharc_affine_sub(ctx, d0, q), "d0 mod 4");
  /* equal expressions are one object, whichever operand order built them */
  CHECK(sharc_affine_add(ctx, d0, d1) == sharc_affine_add(ctx, d1, d0));
  CHECK(sharc_affine_mul(ctx, d0, c2) == sharc_affine_add(ctx, d0, d0));
}

static void test_maps_and_identity(void) {
  const sharc_affine_expr *ids[2] = {sharc_affine_dim(ctx, 0), sharc_affine_dim(ctx, 1)};
  sharc_attr *id = sharc_attr_affine_map(ctx, 2, 0, ids, 2);
  CHECK(sharc_affine_map_is_identity(id));
  CHECK(id == sharc_parse_attr_text(ctx, SHARC_STR("affine_map<(i, j) -> (i, j)>")));
  const sharc_affine_expr *swapped[2] = {ids[1], ids[0]};
  CHECK(!sharc_affine_map_is_identity(sharc_attr_affine_map(ctx, 2, 0, swapped, 2)));
  CHECK(sharc_affine_map_is_identity(sharc_attr_affine_map(ctx, 1, 1, ids, 1)));
  CHECK(!sharc_affine_map_is_identity(sharc_attr_affine_map(ctx, 2, 0, ids, 1)));
}

/* ---- parse and print ------------------------------------------------------ */

static void test_map_printing(void) {
  CHECK_REPRINT("affine_map<(d0, d1)[s0] -> (s0 + d0, 2 * d0, d1 + d0, d0 + d0, d0 + 0, d0 * 1, "
                "d0 * 0)>",
                "affine_map<(d0, d1)[s0] -> (d0 + s0, d0 * 2, d0 + d1, d0 * 2, d0, d0, 0)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> (d0 floordiv 1, d0 mod 1, d0 ceildiv 1, 3 + 4, -d0, "
                "5 - d0)>",
                "affine_map<(d0)[s0] -> (d0, 0, d0, 7, -d0, -d0 + 5)>");
  CHECK_REPRINT("affine_map<(d0, d1) -> (d0 - d1, d0 - d1 * 2, d0 - (d1 + 1), d0 * 2 + d0 * 3, "
                "d0 - (d0 floordiv 4) * 4)>",
                "affine_map<(d0, d1) -> (d0 - d1, d0 - d1 * 2, d0 - (d1 + 1), d0 * 5, d0 mod 4)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> (7 floordiv -2, -7 floordiv 2, -7 mod 3, -7 ceildiv 2, "
                "d0 floordiv 0, d0 mod -2)>",
                "affine_map<(d0)[s0] -> (-4, -4, 2, -3, d0 floordiv 0, d0 mod -2)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> ((d0 * 3) * 5, (d0 * 2) * s0, -(d0 + 1), -(d0 * 2), "
                "d0 - (-3), d0 * -3)>",
                "affine_map<(d0)[s0] -> (d0 * 15, (d0 * s0) * 2, -(d0 + 1), d0 * -2, d0 + 3, "
                "d0 * -3)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> ((d0 + s0) floordiv 2, ((d0 + 1) floordiv 2) * 3, "
                "(d0 mod 4) mod 2, (d0 * 4 + 3) floordiv 2, (d0 * 4 + 3) mod 2)>",
                "affine_map<(d0)[s0] -> ((d0 + s0) floordiv 2, ((d0 + 1) floordiv 2) * 3, "
                "d0 mod 2, d0 * 2 + 1, 1)>");
  CHECK_REPRINT("affine_map<(d0, d1, d2)[s0, s1] -> (s1 + s0, s1 * s0, d2 + d1 + d0, d1 * s0, "
                "s1 * d0, (d1 + d0) * 2)>",
                "affine_map<(d0, d1, d2)[s0, s1] -> (s0 + s1, s0 * s1, d1 + d2 + d0, d1 * s0, "
                "d0 * s1, (d0 + d1) * 2)>");
  CHECK_REPRINT("affine_map<(i, j)[N] -> (i + j * N, N floordiv 2, j mod N, -(i - j) * 2)>",
                "affine_map<(d0, d1)[s0] -> (d0 + d1 * s0, s0 floordiv 2, d1 mod s0, "
                "(d0 - d1) * -2)>");
  CHECK_REPRINT("affine_map<() -> ()>", "affine_map<() -> ()>");
  CHECK_REPRINT("affine_map<(d0)[] -> (d0)>", "affine_map<(d0) -> (d0)>");
}

/* Sums ending in a multiple of a floordiv, and folds that would overflow. */
static void test_map_corner_cases(void) {
  CHECK_REPRINT("affine_map<(d0, d1)[s0] -> ((d0 + s0) - d0 floordiv 3, (d0 + d1) + "
                "(d1 floordiv 3) * -3, (d0 + s0) - ((d0 + s0) floordiv 3) * 3, "
                "d0 - (d0 floordiv s0) * s0)>",
                "affine_map<(d0, d1)[s0] -> (d0 + -(d0 floordiv 3) + s0, d0 + d1 mod 3, "
                "(d0 + s0) mod 3, d0 mod s0)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> (9223372036854775807 + 1, 9223372036854775807 * 2, "
                "(d0 * 4) floordiv -2, (d0 * 4 + 3) floordiv -2)>",
                "affine_map<(d0)[s0] -> (9223372036854775807 + 1, 9223372036854775807 * 2, "
                "d0 * -2, d0 * -2 - 2)>");
  CHECK_REPRINT("affine_map<(d0)[s0] -> (d0 + (d0 floordiv -3) * 3, d0 - 9223372036854775807 - 1, "
                "(0 - 9223372036854775807 - 1) floordiv -1)>",
                "affine_map<(d0)[s0] -> (d0 + (d0 floordiv -3) * 3, d0 - -9223372036854775808, "
                "-9223372036854775808 floordiv -1)>");
}

static void test_set_and_strided_printing(void) {
  CHECK_REPRINT("affine_set<(d0)[s0] : (d0 >= 0, d0 - 4 == 0, s0 <= d0, d0 * 2 == s0 floordiv 2)>",
                "affine_set<(d0)[s0] : (d0 >= 0, d0 - 4 == 0, d0 - s0 >= 0, "
                "d0 * 2 - s0 floordiv 2 == 0)>");
  CHECK_REPRINT("affine_set<() : ()>", "affine_set<() : (0 == 0)>");
  CHECK_REPRINT("affine_set<(d0, d1) : (d0 + d1 >= d1 - 3)>",
                "affine_set<(d0, d1) : (d0 + d1 - (d1 - 3) >= 0)>");
  CHECK_REPRINT("strided<[1]>", "strided<[1]>");
  CHECK_REPRINT("strided<[?, 4, -2], offset: ?>", "strided<[?, 4, -2], offset: ?>");
  CHECK_REPRINT("strided<[], offset: 0>", "strided<[]>");
  CHECK_REPRINT("strided<[0x10], offset: -7>", "strided<[16], offset: -7>");
}

/* ---- whole modules: memref elisions, aliases, errors ------------------------ */

static void capture(const sharc_diag *d, void *user) { sharc_diag_format(d, user); }

/* The module printed as mlir-opt prints it, or the diagnostics. */
static char *run(const char *src) {
  sharc_context *c = sharc_context_create();
  sharc_context_set_allow_unregistered(c, true);
  sharc_buf out = {0};
  sharc_context_set_diag_handler(c, capture, &out);
  sharc_op *m = sharc_parse_source(c, "t.mlir", src, strlen(src));
  if (m) {
    sharc_print_op(m, NULL, &out);
    sharc_op_erase(m);
  }
  sharc_context_destroy(c);
  return out.data;
}

#define CHECK_RUN(src, want)                                                                       \
  do {                                                                                             \
    char *got_ = run(src);                                                                         \
    CHECK_STR(got_, want);                                                                         \
    free(got_);                                                                                    \
  } while (0)

static void test_memref_layouts(void) {
  CHECK_RUN("\"a.b\"() : () -> (memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4xf32, 0>, "
            "memref<4xf32, strided<[1], offset: 0>, 0 : i32>, memref<*xf32, 2>, "
            "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>, \"sp\">, memref<4xf32, 1 : i32>)\n",
            "#map = affine_map<(d0, d1) -> (d1, d0)>\n"
            "module {\n"
            "  %0:6 = \"a.b\"() : () -> (memref<4xf32>, memref<4xf32>, "
            "memref<4xf32, strided<[1]>>, memref<*xf32, 2>, memref<4x4xf32, #map, \"sp\">, "
            "memref<4xf32, 1 : i32>)\n"
            "}\n");
  /* maps in types are numbered before those in the attributes of one op */
  CHECK_RUN("\"a.b\"() {s = affine_map<(d0)[s0] -> (d0 + s0)>} : () -> "
            "memref<4x5xf32, affine_map<(d0, d1) -> (d1 + d0, d0)>>\n",
            "#map = affine_map<(d0, d1) -> (d0 + d1, d0)>\n"
            "#map1 = affine_map<(d0)[s0] -> (d0 + s0)>\n"
            "module {\n"
            "  %0 = \"a.b\"() {s = #map1} : () -> memref<4x5xf32, #map>\n"
            "}\n");
}

static void test_errors(void) {
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) -> (d0 + d1)>} : () -> ()",
            "t.mlir:1:38: error: use of undeclared identifier\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) -> (d0 * d0)>} : () -> ()",
            "t.mlir:1:37: error: non-affine expression: at least one of the multiply operands "
            "has to be either a constant or symbolic\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) -> (d0 mod (d0 + 1))>} : () -> ()",
            "t.mlir:1:37: error: non-affine expression: right operand of mod has to be either a "
            "constant or symbolic\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0, d0) -> (d0)>} : () -> ()",
            "t.mlir:1:30: error: redefinition of identifier 'd0'\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) : (d0 >= 0)>} : () -> ()",
            "t.mlir:1:25: error: expected AffineMap, but got IntegerSet\n");
  CHECK_RUN("\"a.b\"() {m = affine_set<(d0) : (d0 > 0)>} : () -> ()",
            "t.mlir:1:38: error: expected '== affine-expr' or '>= affine-expr' at end of affine "
            "constraint\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) -> (d0 d0)>} : () -> ()",
            "t.mlir:1:36: error: expected ')' in affine map range\n");
  CHECK_RUN("\"a.b\"() {m = affine_map<(d0) -> (d0 + 99999999999999999999)>} : () -> ()",
            "t.mlir:1:39: error: constant too large for index\n");
  CHECK_RUN("\"a.b\"() : () -> (memref<4xf32, affine_map<(d0, d1) -> (d0)>>)",
            "t.mlir:1:18: error: memref layout mismatch between rank and affine map: 1 != 2\n");
  CHECK_RUN("\"a.b\"() : () -> (memref<4xf32, strided<[1], offset 3>>)",
            "t.mlir:1:51: error: expected ':' after 'offset'\n");
  CHECK_RUN("\"a.b\"() : () -> (memref<4xf32, 1, strided<[1]>>)",
            "t.mlir:1:47: error: expected memory space to be last in memref type\n");
}

int main(void) {
  ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  test_builder_simplifications();
  test_maps_and_identity();
  test_map_printing();
  test_map_corner_cases();
  test_set_and_strided_printing();
  sharc_context_destroy(ctx);
  test_memref_layouts();
  test_errors();
  return check_summary("affine");
}

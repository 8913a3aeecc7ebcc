/* Unit tests of the IR API: uniquing, operations and use-lists, cloning,
 * walks, symbol tables, and round trips through the parser and printer. */
#include "check.h"
#include "ir_helpers.h"
#include "ir/context.h"
#include "ir/ir_internal.h"

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/symbols.h"
#include "sharc/verify.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static char *print_type(const sharc_type *t) {
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  return b.data;
}

static char *print_attr(const sharc_attr *a) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  return b.data;
}

static void test_uniquing(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_type *f32 = sharc_type_float(ctx, SHARC_F32);
  CHECK(f32 == sharc_type_float(ctx, SHARC_F32));
  int64_t shape[2] = {4, SHARC_DYNAMIC};
  sharc_type *t1 = sharc_type_tensor(ctx, shape, 2, f32, NULL);
  int64_t shape2[2] = {4, SHARC_DYNAMIC};
  CHECK(t1 == sharc_type_tensor(ctx, shape2, 2, f32, NULL));
  CHECK(t1 != sharc_type_tensor(ctx, shape2, 1, f32, NULL));
  char *s = print_type(t1);
  CHECK_STR(s, "tensor<4x?xf32>");
  free(s);
  CHECK(sharc_type_rank(t1) == 2 && sharc_type_shape(t1)[1] == SHARC_DYNAMIC);
  CHECK(sharc_type_num_elements(t1) == -1);
  sharc_type *i8 = sharc_type_integer(ctx, 8, SHARC_SIGNLESS);
  CHECK(sharc_attr_integer(ctx, i8, -1) == sharc_attr_integer(ctx, i8, 255));
  CHECK(sharc_attr_int_value(sharc_attr_integer(ctx, i8, 255)) == -1);
  sharc_attr *s1 = sharc_attr_string(ctx, SHARC_STR("abc"));
  CHECK(s1 == sharc_attr_string(ctx, sharc_str_from_cstr("abc")));
  sharc_context_destroy(ctx);
}

/* The attribute table sized ahead (the parser's expectation): grown at
 * once within its byte bound, never shrunk, and what it held before is
 * found again after the move, as is what comes after. */
static void test_expect_attrs(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  sharc_attr *first[300];
  for (int i = 0; i < 300; i++)
    first[i] = sharc_attr_integer(ctx, i64, i);
  size_t before = ctx->attrs.cap;
  sharc_context_expect_attrs(ctx, 100000, (size_t)1 << 20);
  CHECK(ctx->attrs.cap > before && ctx->attrs.cap * sizeof *ctx->attrs.slots <= (size_t)1 << 20);
  size_t grown = ctx->attrs.cap;
  sharc_context_expect_attrs(ctx, 10, (size_t)1 << 30); /* never shrinks */
  CHECK(ctx->attrs.cap == grown);
  sharc_context_expect_attrs(ctx, 1000000, 0); /* no room: unchanged */
  CHECK(ctx->attrs.cap == grown);
  bool found = true;
  for (int i = 0; i < 300; i++)
    found = found && first[i] == sharc_attr_integer(ctx, i64, i);
  CHECK(found);
  for (int i = 300; i < 5000; i++)
    found = found && sharc_attr_int_value(sharc_attr_integer(ctx, i64, i)) == i;
  CHECK(found && first[7] == sharc_attr_integer(ctx, i64, 7));
  sharc_context_destroy(ctx);
}

/* Identifiers of every length up to two words and a tail (each length
 * hashes its tail another way), many more than the table's first size:
 * each found again, all distinct. And an op name looked up before its
 * dialect is registered is found once it is (the remembered miss goes). */
static void test_identifiers(void) {
  sharc_context *ctx = sharc_context_create();
  enum { N = 3000 };
  static sharc_ident *ids[N];
  char text[32];
  for (int i = 0; i < N; i++) {
    int len = snprintf(text, sizeof text, "%.*s%d", i % 20, "abcdefghijklmnopqrst", i);
    ids[i] = sharc_ident_get(ctx, (sharc_str){text, (size_t)len});
  }
  int same = 0;
  for (int i = 0; i < N; i++) {
    int len = snprintf(text, sizeof text, "%.*s%d", i % 20, "abcdefghijklmnopqrst", i);
    same += ids[i] == sharc_ident_get(ctx, (sharc_str){text, (size_t)len}) &&
            sharc_str_eq(sharc_ident_str(ids[i]), (sharc_str){text, (size_t)len});
  }
  CHECK(same == N);
  CHECK(sharc_ident_get(ctx, SHARC_STR("")) == sharc_ident_get(ctx, SHARC_STR("")));
  CHECK(sharc_ident_get(ctx, SHARC_STR("a")) != sharc_ident_get(ctx, SHARC_STR("aa")));
  sharc_ident *add = sharc_ident_get(ctx, SHARC_STR("stablehlo.add"));
  CHECK(sharc_context_lookup_op_ident(add) == NULL);
  CHECK(sharc_context_lookup_op_ident(add) == NULL);
  CHECK(sharc_context_load_dialect(ctx, "stablehlo"));
  CHECK(sharc_context_lookup_op_ident(add) != NULL);
  sharc_context_destroy(ctx);
}

/* llvm::printEscapedString's rule, byte by byte: the reference for the
 * printer's word-at-a-time scan. */
static void escape_reference(const unsigned char *s, size_t n, sharc_buf *out) {
  sharc_buf_putc(out, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = s[i];
    if (c == '\\')
      SHARC_BUF_LIT(out, "\\\\");
    else if (c >= 0x20 && c <= 0x7e && c != '"')
      sharc_buf_putc(out, (char)c);
    else
      sharc_buf_printf(out, "\\%02X", c);
  }
  sharc_buf_putc(out, '"');
}

/* Every byte value at each position of strings long enough for the
 * word-at-a-time scan, between plain characters. */
static void test_string_escapes(void) {
  sharc_context *ctx = sharc_context_create();
  unsigned char text[19];
  unsigned failures = 0;
  for (unsigned pos = 0; pos < sizeof text; pos++)
    for (unsigned c = 0; c < 256; c++) {
      for (unsigned i = 0; i < sizeof text; i++)
        text[i] = (unsigned char)('a' + i);
      text[pos] = (unsigned char)c;
      sharc_buf want = {0};
      escape_reference(text, sizeof text, &want);
      char *got = print_attr(sharc_attr_string(ctx, (sharc_str){(const char *)text, sizeof text}));
      failures += strcmp(got, want.data) != 0;
      free(got);
      sharc_buf_free(&want);
    }
  CHECK(failures == 0);
  sharc_context_destroy(ctx);
}

static void test_dictionary(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  sharc_named_attr e[3] = {
      {sharc_ident_get(ctx, SHARC_STR("b")), sharc_attr_integer(ctx, i64, 2)},
      {sharc_ident_get(ctx, SHARC_STR("a")), sharc_attr_unit(ctx)},
      {sharc_ident_get(ctx, SHARC_STR("c")), sharc_attr_bool(ctx, true)},
  };
  sharc_attr *d = sharc_attr_dictionary(ctx, e, 3);
  char *s = print_attr(d);
  CHECK_STR(s, "{a, b = 2 : i64, c = true}");
  free(s);
  sharc_named_attr swapped[3] = {e[2], e[0], e[1]};
  CHECK(d == sharc_attr_dictionary(ctx, swapped, 3));
  CHECK(sharc_attr_dict_get(d, "b") == e[0].value);
  CHECK(sharc_attr_dict_get(d, "zz") == NULL);
  sharc_context_destroy(ctx);
}

/* Dictionaries and arrays holding an attribute made after the newest of
 * their kind are interned without a probe, their slots filled a few such
 * interns later: each is found again at once (still pending), after more
 * came and the table grew, in a small table and in one large enough for
 * the filled-slot bitmap. */
static void test_known_new(void) {
  for (int large = 0; large < 2; large++) {
    sharc_context *ctx = sharc_context_create();
    if (large)
      sharc_context_expect_attrs(ctx, 300000, (size_t)1 << 24);
    CHECK((ctx->attrs.filled != NULL) == large);
    sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
    sharc_ident *name = sharc_ident_get(ctx, SHARC_STR("v"));
    enum { N = 3000 };
    static sharc_attr *dicts[N], *arrays[N];
    bool ok = true;
    for (int i = 0; i < N; i++) {
      sharc_attr *v = sharc_attr_integer(ctx, i64, i);
      sharc_named_attr e = {name, v};
      dicts[i] = sharc_attr_dictionary(ctx, &e, 1);
      ok = ok && dicts[i] == sharc_attr_dictionary(ctx, &e, 1);
      sharc_attr *elems[2] = {v, dicts[i]};
      arrays[i] = sharc_attr_array(ctx, elems, 2);
      ok = ok && arrays[i] == sharc_attr_array(ctx, elems, 2);
    }
    for (int i = 0; i < N; i++) {
      sharc_attr *v = sharc_attr_integer(ctx, i64, i);
      sharc_named_attr e = {name, v};
      sharc_attr *elems[2] = {v, dicts[i]};
      ok = ok && dicts[i] == sharc_attr_dictionary(ctx, &e, 1) &&
           arrays[i] == sharc_attr_array(ctx, elems, 2) && sharc_attr_dict_get(dicts[i], "v") == v;
    }
    CHECK(ok && dicts[0] != dicts[1] && arrays[0] != arrays[1]);
    sharc_context_destroy(ctx);
  }
}

static void test_locations(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_ident *f = sharc_ident_get(ctx, SHARC_STR("f.mlir"));
  sharc_attr *a = sharc_loc_file(ctx, f, 1, 2);
  sharc_attr *unknown = sharc_loc_unknown(ctx);
  /* fused locations canonicalise as MLIR's FusedLoc::get */
  sharc_attr *just_a[2] = {a, unknown};
  CHECK(sharc_loc_fused(ctx, just_a, 2, NULL) == a);
  CHECK(sharc_loc_fused(ctx, NULL, 0, NULL) == unknown);
  CHECK(sharc_loc_name(ctx, f, unknown) == sharc_loc_name(ctx, f, NULL));
  sharc_attr *n = sharc_loc_name(ctx, sharc_ident_get(ctx, SHARC_STR("n")), a);
  CHECK(sharc_loc_find_file(n) == a);
  CHECK(sharc_loc_line(a) == 1 && sharc_loc_col(a) == 2);
  /* point locations stay unique across their chunks and table growth, per
   * file: the same position in another file is another location */
  sharc_ident *g = sharc_ident_get(ctx, SHARC_STR("g.mlir"));
  bool unique = true;
  for (unsigned line = 1; line <= 3000; line++) {
    sharc_attr *p = sharc_loc_file(ctx, f, line, 7);
    sharc_attr *q = sharc_loc_file(ctx, g, line, 7);
    unique = unique && p != q && sharc_loc_line(p) == line && sharc_loc_col(q) == 7;
  }
  for (unsigned line = 1; line <= 3000; line++)
    unique = unique && sharc_loc_file(ctx, f, line, 7) == sharc_loc_file(ctx, f, line, 7) &&
             sharc_loc_find_file(sharc_loc_file(ctx, g, line, 7)) == sharc_loc_file(ctx, g, line, 7);
  CHECK(unique);
  CHECK(sharc_loc_file(ctx, f, 1, 2) == a);
  /* the first file's positions past 2^21 lines or 2^10 columns have
   * hashed slot tags (smaller ones: the position itself); both kinds stay
   * unique and keep their positions */
  static const unsigned far[][2] = {{1u << 21, 7}, {7, 1u << 10}, {(1u << 21) + 1, 1u << 12}};
  for (unsigned i = 0; i < 3; i++) {
    sharc_attr *p = sharc_loc_file(ctx, f, far[i][0], far[i][1]);
    sharc_attr *q = sharc_loc_file(ctx, g, far[i][0], far[i][1]);
    unique = unique && p != q && p == sharc_loc_file(ctx, f, far[i][0], far[i][1]) &&
             q == sharc_loc_file(ctx, g, far[i][0], far[i][1]) && sharc_loc_line(p) == far[i][0] &&
             sharc_loc_col(p) == far[i][1];
  }
  CHECK(unique && sharc_loc_file(ctx, f, 7, 1u << 10) != sharc_loc_file(ctx, f, 7, 0));
  sharc_context_destroy(ctx);
}

static sharc_op *make_op(sharc_context *ctx, const char *name, sharc_value *const *operands,
                         unsigned n, sharc_type *result) {
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, sharc_str_from_cstr(name));
  st.operands = operands;
  st.num_operands = n;
  st.result_types = result ? &result : NULL;
  st.num_results = result ? 1 : 0;
  return sharc_op_create(ctx, &st);
}

static unsigned count_uses(const sharc_value *v) {
  unsigned n = 0;
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    n++;
  return n;
}

static sharc_walk_result count_visit(sharc_op *op, void *user) {
  (void)op;
  (*(unsigned *)user)++;
  return SHARC_WALK_ADVANCE;
}

static void test_ops_and_uses(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  sharc_block *b = sharc_block_create(ctx);
  sharc_value *arg = sharc_block_add_arg(b, i32, NULL);
  sharc_op *a = make_op(ctx, "t.a", &arg, 1, i32);
  sharc_block_append_op(b, a);
  sharc_value *ra = sharc_op_result(a, 0);
  sharc_value *two[2] = {ra, ra};
  sharc_op *user = make_op(ctx, "t.use", two, 2, NULL);
  sharc_block_append_op(b, user);
  CHECK(count_uses(ra) == 2);
  CHECK(count_uses(arg) == 1);
  /* replace-all-uses moves every use */
  sharc_value_replace_all_uses(ra, arg);
  CHECK(count_uses(ra) == 0 && count_uses(arg) == 3);
  CHECK(sharc_op_operand(user, 1) == arg);
  sharc_op_set_operand(user, 0, ra);
  CHECK(count_uses(ra) == 1 && sharc_use_owner(sharc_value_first_use(ra)) == user);
  /* insert before, erase */
  sharc_op *mid = make_op(ctx, "t.mid", NULL, 0, NULL);
  sharc_block_insert_before(user, mid);
  CHECK(sharc_op_next(a) == mid && sharc_op_prev(user) == mid);
  sharc_op_erase(user);
  CHECK(count_uses(ra) == 0 && count_uses(arg) == 1);
  CHECK(sharc_block_last_op(b) == mid);
  /* attributes */
  sharc_op_set_attr(mid, "x", sharc_attr_unit(ctx));
  CHECK(sharc_op_attr(mid, "x") == sharc_attr_unit(ctx));
  sharc_op_set_attr(mid, "x", NULL);
  CHECK(sharc_op_attr(mid, "x") == NULL);
  sharc_context_destroy(ctx);
}

/* Operands, results and regions live inline with the op; an operand's index
 * is derived from its place, before and after its array is regrown. */
static void test_inline_layout(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  sharc_block *b = sharc_block_create(ctx);
  sharc_value *x = sharc_block_add_arg(b, i32, NULL);
  sharc_value *y = sharc_block_add_arg(b, i32, NULL);
  sharc_type *results[2] = {i32, i32};
  sharc_value *ops3[3] = {x, y, x};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, SHARC_STR("t.multi"));
  st.operands = ops3;
  st.num_operands = 3;
  st.result_types = results;
  st.num_results = 2;
  st.num_regions = 2;
  sharc_op *op = sharc_op_create(ctx, &st);
  sharc_block_append_op(b, op);
  CHECK(sharc_use_operand_index(sharc_value_first_use(y)) == 1);
  unsigned seen = 0;
  for (sharc_use *u = sharc_value_first_use(x); u; u = sharc_use_next(u))
    seen |= 1u << sharc_use_operand_index(u);
  CHECK(seen == 5u); /* operands 0 and 2 */
  CHECK(sharc_value_index(sharc_op_result(op, 1)) == 1);
  CHECK(sharc_value_defining_op(sharc_op_result(op, 1)) == op);
  CHECK(sharc_region_index(sharc_op_region(op, 1)) == 1);
  CHECK(sharc_region_parent_op(sharc_op_region(op, 0)) == op);
  /* more operands than the inline array holds: a new array, indices follow */
  sharc_value *ops5[5] = {y, y, y, y, x};
  sharc_op_set_operands(op, ops5, 5);
  CHECK(sharc_use_operand_index(sharc_value_first_use(x)) == 4);
  CHECK(count_uses(y) == 4 && count_uses(x) == 1);
  for (sharc_use *u = sharc_value_first_use(y); u; u = sharc_use_next(u))
    CHECK(sharc_op_operand(op, sharc_use_operand_index(u)) == y);
  sharc_context_destroy(ctx);
}

/* What sits around the op in its allocation (successors, an unregistered
 * op's properties, operand arrays that grow and shrink) and the packed
 * point locations: each read back as it was given. */
static void test_trailing_layout(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  sharc_block *b = sharc_block_create(ctx);
  sharc_block *t1 = sharc_block_create(ctx), *t2 = sharc_block_create(ctx);
  sharc_value *x = sharc_block_add_arg(b, i32, NULL);
  sharc_attr *props = sharc_attr_string(ctx, SHARC_STR("p"));
  sharc_block *succ[2] = {t2, t1};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, SHARC_STR("t.br"));
  st.operands = &x;
  st.num_operands = 1;
  st.num_regions = 1;
  st.successors = succ;
  st.num_successors = 2;
  st.props = props;
  sharc_op *br = sharc_op_create(ctx, &st);
  sharc_block_append_op(b, br);
  CHECK(sharc_op_num_successors(br) == 2 && sharc_op_successor(br, 0) == t2 &&
        sharc_op_successor(br, 1) == t1);
  CHECK(sharc_op_props(br) == props && sharc_region_parent_op(sharc_op_region(br, 0)) == br);
  sharc_type *two[2] = {i32, i32};
  st = (sharc_op_state){0};
  st.name = sharc_ident_get(ctx, SHARC_STR("t.two"));
  st.result_types = two;
  st.num_results = 2;
  sharc_op *plain = sharc_op_create(ctx, &st);
  CHECK(sharc_op_props(plain) == NULL && sharc_op_num_successors(plain) == 0);
  CHECK(sharc_value_defining_op(sharc_op_result(plain, 0)) == plain);
  /* grow, shrink, grow again past the grown array's capacity */
  sharc_value *r0 = sharc_op_result(plain, 0), *r1 = sharc_op_result(plain, 1);
  sharc_value *ops6[6] = {r0, r1, r0, r1, r0, x};
  sharc_op_set_operands(br, ops6, 3);
  sharc_op_set_operands(br, ops6, 1);
  sharc_op_set_operands(br, ops6, 6);
  CHECK(sharc_op_num_operands(br) == 6 && count_uses(r0) == 3 && count_uses(r1) == 2);
  for (unsigned i = 0; i < 6; i++)
    CHECK(sharc_op_operand(br, i) == ops6[i]);
  CHECK(sharc_use_operand_index(sharc_value_first_use(x)) == 5);
  CHECK(sharc_op_props(br) == props && sharc_op_successor(br, 1) == t1);
  /* a point location packed into the op, or made at once when too large */
  sharc_ident *file = sharc_ident_get(ctx, SHARC_STR("f.mlir"));
  sharc_op_set_point_loc(plain, file, 12, 34);
  CHECK(sharc_op_loc(plain) == sharc_loc_file(ctx, file, 12, 34));
  sharc_op_set_point_loc(plain, file, 1u << 24, (1u << 24) + 5);
  CHECK(sharc_op_loc(plain) == sharc_loc_file(ctx, file, 1u << 24, (1u << 24) + 5));
  sharc_op_set_point_loc(plain, file, 3, 4);
  sharc_op *copy = sharc_op_clone(plain, false);
  CHECK(sharc_op_loc(copy) == sharc_loc_file(ctx, file, 3, 4));
  sharc_op_set_loc(copy, sharc_loc_unknown(ctx));
  CHECK(sharc_op_loc(copy) == sharc_loc_unknown(ctx) && sharc_op_loc(plain) != sharc_op_loc(copy));
  sharc_context_destroy(ctx);
}

/* The records every op pays for: an 80-byte op (its context and definition
 * found through its name), 32-byte results, attributes no larger than their
 * kind's fields; an op named by another context's identifier still belongs
 * to the context that made it. */
static void test_compact_records(void) {
  CHECK(sizeof(sharc_op) <= 80 && sizeof(sharc_value) <= 32);
  sharc_context *ctx = sharc_context_create();
  sharc_context *other = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  size_t before = ctx->stat_bytes[SHARC_STAT_ATTRS];
  sharc_attr *n = sharc_attr_integer(ctx, i64, 12345);
  /* the key (kind, type, the one word) and the common fields: the value is
   * read from the key */
  CHECK(ctx->stat_bytes[SHARC_STAT_ATTRS] - before ==
        3 * sizeof(uint64_t) + offsetof(sharc_attr, b));
  CHECK(sharc_attr_int_value(n) == 12345 && sharc_attr_type(n) == i64);
  sharc_op_state st = {0};
  st.name = sharc_ident_get(other, SHARC_STR("builtin.module"));
  st.num_regions = 1;
  sharc_op *m = sharc_op_create(ctx, &st);
  sharc_context_destroy(other); /* m keeps nothing of it */
  CHECK(sharc_op_context(m) == ctx && sharc_op_is(m, "builtin.module"));
  CHECK(sharc_op_get_def(m) &&
        sharc_op_get_def(m) == sharc_context_op_def(ctx, SHARC_STR("builtin.module")));
  st = (sharc_op_state){0};
  st.name = sharc_ident_get(ctx, SHARC_STR("t.unknown"));
  sharc_op *u = sharc_op_create(ctx, &st);
  CHECK(sharc_op_get_def(u) == NULL && sharc_op_context(u) == ctx);
  sharc_context_destroy(ctx);
}

static const char module_text[] =
    "func.func @f(%arg0: i32) -> i32 {\n"
    "  %0 = \"t.a\"(%arg0) ({\n"
    "  ^bb0(%arg1: i32):\n"
    "    \"t.yield\"(%arg1) : (i32) -> ()\n"
    "  }) : (i32) -> i32\n"
    "  %1 = call @g(%0) : (i32) -> i32\n"
    "  return %1 : i32\n"
    "}\n"
    "func.func private @g(i32) -> i32\n";

static void test_parse_clone_walk(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", module_text, sizeof module_text - 1);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  CHECK(sharc_verify(m));
  unsigned n = 0;
  sharc_walk(m, SHARC_PRE_ORDER, count_visit, &n);
  CHECK(n == 7); /* module, 2 funcs, t.a, t.yield, call, return */
  sharc_print_flags flags = {0};
  sharc_buf out = {0};
  sharc_print_op(m, &flags, &out);
  CHECK(strstr(out.data, "%1 = call @g(%0) : (i32) -> i32") != NULL);
  /* a clone prints identically and shares nothing with the original */
  sharc_op *f = sharc_block_first_op(sharc_region_first_block(sharc_op_region(m, 0)));
  sharc_op *copy = sharc_op_clone(f, true);
  sharc_block_insert_after(f, copy);
  sharc_op_set_attr(copy, "sym_name", sharc_attr_string(ctx, SHARC_STR("h")));
  sharc_buf out2 = {0};
  sharc_print_op(m, &flags, &out2);
  CHECK(strstr(out2.data, "func.func @h(%arg0: i32) -> i32 {") != NULL);
  unsigned m2 = 0;
  sharc_walk(m, SHARC_POST_ORDER, count_visit, &m2);
  CHECK(m2 == 12);
  /* symbol lookups, kept right as the module changes */
  CHECK(sharc_symbol_lookup(m, SHARC_STR("h")) == copy);
  CHECK(sharc_symbol_lookup(m, SHARC_STR("nope")) == NULL);
  sharc_op_remove_from_parent(copy);
  CHECK(sharc_symbol_lookup(m, SHARC_STR("h")) == NULL);
  sharc_block_insert_after(f, copy);
  CHECK(sharc_symbol_lookup(m, SHARC_STR("h")) == copy);
  sharc_buf_free(&out);
  sharc_buf_free(&out2);
  sharc_context_destroy(ctx);
}

/* Diagnostics go to the handler instead of stderr. */
static void count_diag(const sharc_diag *d, void *user) {
  (void)d;
  (*(unsigned *)user)++;
}

static void test_parse_errors(void) {
  sharc_context *ctx = sharc_context_create();
  unsigned errors = 0;
  sharc_context_set_diag_handler(ctx, count_diag, &errors);
  static const char bad[] = "\"t.a\"(%x) : (i32) -> ()\n";
  CHECK(sharc_parse_source(ctx, "bad.mlir", bad, sizeof bad - 1) == NULL);
  CHECK(errors == 1);
  CHECK(sharc_parse_type_text(ctx, SHARC_STR("tensor<4x")) == NULL);
  sharc_type *t = sharc_parse_type_text(ctx, SHARC_STR("tensor<2x3xbf16>"));
  CHECK(t && sharc_type_num_elements(t) == 6);
  sharc_attr *a = sharc_parse_attr_text(ctx, SHARC_STR("dense<[1, 1]> : tensor<2xi32>"));
  char *s = a ? print_attr(a) : NULL;
  CHECK_STR(s, "dense<1> : tensor<2xi32>");
  free(s);
  sharc_context_destroy(ctx);
}

/* sharc_op_rename: a constant becomes sdy.constant in place (same op,
 * result, uses, attributes, location), walks for the new name find it, a
 * verification after it passes; ops with regions and unregistered names
 * are refused, untouched. */
static void test_rename_in_place(void) {
  static const char text[] =
      "func.func @f() -> tensor<2xf32> {\n"
      "  %0 = stablehlo.constant {id = \"c\"} dense<1.0> : tensor<2xf32> loc(\"here\")\n"
      "  %1 = stablehlo.add %0, %0 {id = \"u\"} : tensor<2xf32>\n"
      "  return %1 : tensor<2xf32>\n"
      "}\n";
  sharc_context *ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "stablehlo"));
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  sharc_op *m = sharc_parse_source(ctx, "t.mlir", text, sizeof text - 1);
  CHECK(m != NULL && sharc_verify(m));
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_op *c = find_op(m, "c"), *u = find_op(m, "u");
  sharc_value *result = sharc_op_result(c, 0);
  sharc_attr *attrs = sharc_op_attrs(c);
  sharc_ident *sdy_constant = sharc_ident_get(ctx, SHARC_STR("sdy.constant"));
  uint64_t epoch = sharc_context_ir_epoch(ctx);
  CHECK(sharc_op_rename(c, sdy_constant));
  CHECK(sharc_op_is(c, "sdy.constant") && sharc_op_result(c, 0) == result);
  CHECK(sharc_op_attrs(c) == attrs && sharc_op_operand(u, 0) == result);
  CHECK(sharc_context_ir_epoch(ctx) != epoch);
  CHECK(sharc_context_may_hold_def(ctx, sharc_op_get_def(c)));
  CHECK(sharc_verify_changed(m));
  char *printed = print_op_text(m);
  CHECK(printed && strstr(printed, "%0 = sdy.constant {id = \"c\"} dense<1.000000e+00>"));
  free(printed);
  /* renaming to the name it has changes nothing */
  epoch = sharc_context_ir_epoch(ctx);
  CHECK(sharc_op_rename(c, sdy_constant) && sharc_context_ir_epoch(ctx) == epoch);
  /* refused: an op with regions, an unregistered name */
  sharc_op *func = sharc_op_parent_op(c);
  CHECK(!sharc_op_rename(func, sdy_constant) && sharc_op_is(func, "func.func"));
  CHECK(!sharc_op_rename(c, sharc_ident_get(ctx, SHARC_STR("test.nothing"))));
  CHECK(sharc_op_is(c, "sdy.constant"));
  sharc_context_destroy(ctx);
}

int main(void) {
  test_uniquing();
  test_expect_attrs();
  test_identifiers();
  test_dictionary();
  test_known_new();
  test_string_escapes();
  test_locations();
  test_ops_and_uses();
  test_inline_layout();
  test_trailing_layout();
  test_compact_records();
  test_parse_clone_walk();
  test_parse_errors();
  test_rename_in_place();
  return check_summary("ir");
}

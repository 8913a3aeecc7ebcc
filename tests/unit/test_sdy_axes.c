/* Unit tests of the axis-ref and axis-list arithmetic (dialect/sdy/axes.h):
 * Shardy's own AxisRefAttr and axis-list examples, empty lists, and sizes
 * whose products overflow int64 (which must wrap, not trap under UBSan). */
#include "check.h"

#include "dialect/sdy/axes.h"
#include "sharc/asm.h"
#include "sharc/ir.h"

#include <stdlib.h>

static sharc_context *ctx;

static sharc_str S(const char *s) { return (sharc_str){s, strlen(s)}; }

static sharc_attr *A(const char *name) { return sharc_sdy_axis_ref_get(ctx, S(name), NULL); }

static sharc_attr *Sub(const char *name, int64_t pre, int64_t size) {
  return sharc_sdy_axis_ref_get(ctx, S(name), sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

/* A mesh of `n` axes named by `names`, sized by `sizes`. */
static sharc_attr *mesh(unsigned n, const char *const *names, const int64_t *sizes) {
  sharc_attr *axes[8];
  for (unsigned i = 0; i < n; i++)
    axes[i] = sharc_sdy_mesh_axis_get(ctx, S(names[i]), sizes[i]);
  return sharc_sdy_mesh_get(ctx, axes, n, NULL, 0);
}

static sharc_attr *mesh_xy(int64_t x, int64_t y) {
  static const char *const names[] = {"x", "y"};
  int64_t sizes[2] = {x, y};
  return mesh(2, names, sizes);
}

static sharc_attr *mesh_abcd(int64_t a, int64_t b, int64_t c, int64_t d) {
  static const char *const names[] = {"a", "b", "c", "d"};
  int64_t sizes[4] = {a, b, c, d};
  return mesh(4, names, sizes);
}

/* `x, y:(2)4`: refs without quotes, for comparing lists in one CHECK_STR. */
static void check_list(sharc_attr *const *axes, unsigned n, const char *want) {
  sharc_buf b = {0};
  sharc_buf_puts(&b, "");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(&b, ", ");
    sharc_str name = sharc_sdy_axis_ref_name(axes[i]);
    sharc_buf_put(&b, name.data, name.len);
    const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(axes[i]);
    if (info)
      sharc_buf_printf(&b, ":(%lld)%lld", (long long)sharc_sdy_sub_axis_info_pre_size(info),
                       (long long)sharc_sdy_sub_axis_info_size(info));
  }
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static void check_vec(const sharc_sdy_axis_vec *v, const char *want) {
  check_list(v->items, v->len, want);
}

/* ---- one axis ref ---------------------------------------------------------- */

static void test_sizes(void) {
  sharc_attr *m = mesh_xy(8, 4);
  CHECK(sharc_sdy_axis_ref_size(A("x"), m) == 8 && sharc_sdy_axis_ref_size(Sub("x", 2, 4), m) == 4);
  CHECK(sharc_sdy_axis_ref_size(A("q"), m) == -1 && sharc_sdy_axis_ref_size(A("x"), NULL) == -1);
  CHECK(sharc_sdy_axis_pre_size(A("x")) == 1 && sharc_sdy_axis_pre_size(Sub("x", 2, 4)) == 2);
  CHECK(sharc_sdy_axis_next_pre_size(A("x"), m) == 8);
  CHECK(sharc_sdy_axis_next_pre_size(Sub("x", 2, 2), m) == 4);
}

/* A relation and its strict form, checked the way Shardy's tests check
 * contains, prefixOf and suffixOf: strictly one way, equal, or neither. */
typedef struct relation {
  bool (*holds)(const sharc_attr *a, const sharc_attr *b);
  bool (*strict)(const sharc_attr *a, const sharc_attr *b);
} relation;

static void check_strictly(relation r, sharc_attr *a, sharc_attr *b) {
  CHECK(r.strict(a, b) && r.holds(a, b));
  CHECK(!r.holds(b, a) && !r.strict(b, a));
}

static void check_equal(relation r, sharc_attr *a) { CHECK(r.holds(a, a) && !r.strict(a, a)); }

static void check_unrelated(relation r, sharc_attr *a, sharc_attr *b) {
  CHECK(!r.holds(a, b) && !r.holds(b, a));
  CHECK(!r.strict(a, b) && !r.strict(b, a));
}

/* AxisRefAttrContains */
static void test_contains(void) {
  relation r = {sharc_sdy_axis_contains, sharc_sdy_axis_strictly_contains};
  check_strictly(r, A("x"), Sub("x", 2, 4));
  check_strictly(r, Sub("x", 1, 4), Sub("x", 1, 2));
  check_strictly(r, Sub("x", 2, 4), Sub("x", 4, 2));
  check_strictly(r, Sub("x", 1, 8), Sub("x", 2, 2));
  check_equal(r, A("x"));
  check_equal(r, Sub("x", 1, 4));
  check_unrelated(r, A("x"), A("y"));
  check_unrelated(r, A("x"), Sub("y", 1, 2));
  check_unrelated(r, Sub("x", 1, 4), Sub("x", 4, 2));
  check_unrelated(r, Sub("x", 1, 4), Sub("x", 2, 4));
}

/* AxisRefAttrPrefixOf */
static void test_prefix_of(void) {
  relation r = {sharc_sdy_axis_prefix_of, sharc_sdy_axis_strict_prefix_of};
  check_strictly(r, Sub("x", 1, 4), A("x"));
  check_strictly(r, Sub("x", 1, 2), Sub("x", 1, 4));
  check_strictly(r, Sub("x", 2, 2), Sub("x", 2, 8));
  check_equal(r, A("x"));
  check_equal(r, Sub("x", 2, 4));
  check_unrelated(r, A("x"), A("y"));
  check_unrelated(r, Sub("x", 1, 2), A("y"));
  check_unrelated(r, Sub("x", 1, 4), Sub("x", 4, 2));
  check_unrelated(r, Sub("x", 1, 4), Sub("x", 2, 4));
}

/* The mesh the wrappers below pass on (suffixOf and getSuffixWithoutOverlap
 * need one). */
static const sharc_attr *wrapped_mesh;

static bool suffix_of(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_suffix_of(a, b, wrapped_mesh);
}

static bool strict_suffix_of(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_strict_suffix_of(a, b, wrapped_mesh);
}

/* AxisRefAttrSuffixOf */
static void test_suffix_of(void) {
  wrapped_mesh = mesh_xy(8, 4);
  relation r = {suffix_of, strict_suffix_of};
  check_strictly(r, Sub("x", 2, 4), A("x"));
  check_strictly(r, Sub("x", 4, 2), Sub("x", 2, 4));
  check_strictly(r, Sub("x", 2, 2), Sub("x", 1, 4));
  check_equal(r, A("x"));
  check_equal(r, Sub("x", 2, 4));
  check_unrelated(r, A("x"), A("y"));
  check_unrelated(r, Sub("x", 1, 2), Sub("x", 2, 4));
  check_unrelated(r, Sub("x", 1, 4), Sub("x", 2, 4));
  check_unrelated(r, Sub("x", 1, 4), A("x"));
  check_unrelated(r, Sub("x", 2, 2), A("x"));
}

/* `rel` is `want` both ways round. */
static void check_symmetric(bool (*rel)(const sharc_attr *, const sharc_attr *), sharc_attr *a,
                            sharc_attr *b, bool want) {
  CHECK(rel(a, b) == want && rel(b, a) == want);
}

/* AxisRefAttrOverlaps */
static void test_overlaps(void) {
  bool (*overlaps)(const sharc_attr *, const sharc_attr *) = sharc_sdy_axis_ref_overlaps;
  check_symmetric(overlaps, A("x"), A("x"), true);
  check_symmetric(overlaps, Sub("x", 2, 2), Sub("x", 2, 2), true);
  check_symmetric(overlaps, Sub("x", 1, 4), Sub("x", 1, 2), true);
  check_symmetric(overlaps, A("x"), Sub("x", 2, 4), true);
  check_symmetric(overlaps, Sub("x", 1, 4), Sub("x", 2, 4), true);
  check_symmetric(overlaps, Sub("x", 2, 8), Sub("x", 4, 2), true);
  check_symmetric(overlaps, A("x"), A("y"), false);
  check_symmetric(overlaps, A("x"), Sub("y", 1, 2), false);
  check_symmetric(overlaps, Sub("x", 1, 4), Sub("x", 4, 2), false);
  check_symmetric(overlaps, Sub("x", 1, 2), Sub("x", 4, 2), false);
}

/* AxisRefAttrCoexists */
static void test_can_coexist(void) {
  bool (*coexist)(const sharc_attr *, const sharc_attr *) = sharc_sdy_axis_can_coexist;
  check_symmetric(coexist, A("x"), A("y"), true);
  check_symmetric(coexist, A("x"), Sub("y", 2, 2), true);
  check_symmetric(coexist, A("x"), A("x"), true);
  check_symmetric(coexist, A("x"), Sub("x", 2, 2), true);
  check_symmetric(coexist, Sub("x", 2, 2), Sub("x", 2, 2), true);
  check_symmetric(coexist, Sub("x", 1, 2), Sub("x", 1, 4), true);
  check_symmetric(coexist, Sub("x", 1, 2), Sub("x", 2, 4), true);
  check_symmetric(coexist, Sub("x", 1, 2), Sub("x", 6, 2), true);
  check_symmetric(coexist, Sub("x", 1, 4), Sub("x", 2, 2), true);
  check_symmetric(coexist, Sub("x", 1, 4), Sub("x", 2, 4), true);
  check_symmetric(coexist, Sub("x", 1, 2), Sub("x", 1, 3), false);
  check_symmetric(coexist, Sub("x", 1, 2), Sub("x", 3, 2), false);
  check_symmetric(coexist, Sub("x", 1, 3), Sub("x", 2, 3), false);
}

/* AxisRefAttrCompare, then the mesh order. */
static void test_order(void) {
  sharc_attr *less[][2] = {
      {A("x"), A("y")},         {Sub("x", 1, 4), Sub("y", 2, 4)}, {A("x"), Sub("y", 2, 4)},
      {Sub("x", 1, 4), A("y")}, {Sub("x", 1, 4), Sub("x", 2, 4)}, {Sub("x", 1, 4), Sub("x", 1, 8)},
      {Sub("x", 1, 4), A("x")}, {Sub("x", 1, 4), Sub("x", 2, 2)}};
  for (unsigned i = 0; i < 8; i++) {
    sharc_attr *a = less[i][0], *b = less[i][1];
    CHECK(sharc_sdy_axis_less(a, b) && !sharc_sdy_axis_less(b, a));
    CHECK(!sharc_sdy_axis_less(a, a) && !sharc_sdy_axis_less(b, b));
  }
  /* a mesh listing "y" first puts it first; same names keep operator< */
  static const char *const names[] = {"y", "x"};
  int64_t sizes[2] = {4, 8};
  sharc_attr *yx = mesh(2, names, sizes);
  CHECK(sharc_sdy_axis_ref_less(A("y"), A("x"), yx) &&
        !sharc_sdy_axis_ref_less(A("x"), A("y"), yx));
  CHECK(sharc_sdy_axis_ref_less(Sub("x", 1, 4), A("x"), yx));
  CHECK(sharc_sdy_axis_cmp(A("y"), Sub("x", 1, 2), yx) < 0);
  CHECK(sharc_sdy_axis_cmp(Sub("x", 2, 2), A("x"), yx) > 0);
  CHECK(sharc_sdy_axis_cmp(A("x"), A("x"), yx) == 0);
  /* names the mesh lacks order as equal: the verifier reports them */
  CHECK(sharc_sdy_axis_cmp(A("q"), A("x"), yx) == 0);
}

/* An axis-ref function of two refs, NULL meaning std::nullopt. */
typedef sharc_attr *(*axis_op)(const sharc_attr *a, const sharc_attr *b);

/* op(a, b) is `want_ab` and op(b, a) is `want_ba`. */
static void check_op(axis_op op, sharc_attr *a, sharc_attr *b, sharc_attr *want_ab,
                     sharc_attr *want_ba) {
  CHECK(op(a, b) == want_ab && op(b, a) == want_ba);
}

static sharc_attr *overlap(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_overlap(ctx, a, b);
}

static sharc_attr *prefix_rest(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_prefix_without_overlap(ctx, a, b);
}

static sharc_attr *suffix_rest(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_suffix_without_overlap(ctx, a, b, wrapped_mesh);
}

/* AxisRefAttrGetOverlap */
static void test_overlap(void) {
  sharc_attr *contained[][2] = {{A("x"), A("x")},
                                {Sub("x", 1, 4), A("x")},
                                {Sub("x", 4, 8), A("x")},
                                {Sub("x", 2, 2), Sub("x", 2, 2)},
                                {Sub("x", 1, 2), Sub("x", 1, 4)},
                                {Sub("x", 2, 2), Sub("x", 1, 4)},
                                {Sub("x", 2, 2), Sub("x", 1, 8)}};
  for (unsigned i = 0; i < 7; i++) {
    sharc_attr *small = contained[i][0], *large = contained[i][1];
    CHECK(sharc_sdy_axis_contains(large, small));
    check_op(overlap, large, small, small, small);
  }
  check_op(overlap, Sub("x", 1, 4), Sub("x", 2, 4), Sub("x", 2, 2), Sub("x", 2, 2));
  check_op(overlap, Sub("x", 4, 4), Sub("x", 2, 4), Sub("x", 4, 2), Sub("x", 4, 2));
  check_op(overlap, A("x"), A("y"), NULL, NULL);
  check_op(overlap, A("x"), Sub("y", 1, 2), NULL, NULL);
  check_op(overlap, Sub("x", 1, 4), Sub("x", 4, 2), NULL, NULL);
  check_op(overlap, Sub("x", 1, 2), Sub("x", 4, 2), NULL, NULL);
  /* cannot coexist */
  check_op(overlap, Sub("x", 1, 2), Sub("x", 3, 2), NULL, NULL);
  check_op(overlap, Sub("x", 1, 3), Sub("x", 2, 3), NULL, NULL);
  check_op(overlap, Sub("x", 2, 3), Sub("x", 3, 2), NULL, NULL);
}

/* Pairs that do not overlap keep both refs whole in getPrefixWithoutOverlap
 * and getSuffixWithoutOverlap. */
static void check_apart_kept(axis_op op) {
  check_op(op, A("x"), A("y"), A("x"), A("y"));
  check_op(op, A("x"), Sub("y", 1, 2), A("x"), Sub("y", 1, 2));
  check_op(op, Sub("x", 1, 4), Sub("x", 4, 2), Sub("x", 1, 4), Sub("x", 4, 2));
  check_op(op, Sub("x", 1, 2), Sub("x", 4, 2), Sub("x", 1, 2), Sub("x", 4, 2));
}

/* AxisRefAttrGetPrefixWithoutOverlap */
static void test_prefix_without_overlap(void) {
  check_op(prefix_rest, A("x"), A("x"), NULL, NULL);
  check_op(prefix_rest, Sub("x", 2, 2), Sub("x", 2, 2), NULL, NULL);
  check_op(prefix_rest, Sub("x", 1, 4), Sub("x", 1, 2), NULL, NULL);
  check_op(prefix_rest, Sub("x", 2, 4), A("x"), NULL, Sub("x", 1, 2));
  check_op(prefix_rest, Sub("x", 2, 4), Sub("x", 1, 4), NULL, Sub("x", 1, 2));
  check_op(prefix_rest, Sub("x", 4, 2), Sub("x", 2, 8), NULL, Sub("x", 2, 2));
  check_apart_kept(prefix_rest);
  check_op(prefix_rest, Sub("x", 1, 2), Sub("x", 3, 2), NULL, NULL);
  check_op(prefix_rest, Sub("x", 1, 3), Sub("x", 2, 3), NULL, NULL);
  check_op(prefix_rest, Sub("x", 2, 3), Sub("x", 3, 2), NULL, NULL);
}

/* AxisRefAttrGetSuffixWithoutOverlap */
static void test_suffix_without_overlap(void) {
  wrapped_mesh = mesh_xy(16, 4);
  check_op(suffix_rest, A("x"), A("x"), NULL, NULL);
  check_op(suffix_rest, Sub("x", 2, 2), Sub("x", 2, 2), NULL, NULL);
  check_op(suffix_rest, Sub("x", 1, 4), Sub("x", 2, 2), NULL, NULL);
  check_op(suffix_rest, Sub("x", 2, 4), A("x"), NULL, Sub("x", 8, 2));
  check_op(suffix_rest, Sub("x", 1, 4), Sub("x", 2, 4), NULL, Sub("x", 4, 2));
  check_op(suffix_rest, Sub("x", 4, 2), Sub("x", 2, 8), NULL, Sub("x", 8, 2));
  check_apart_kept(suffix_rest);
  check_op(suffix_rest, Sub("x", 1, 3), Sub("x", 2, 3), NULL, NULL);
  check_op(suffix_rest, Sub("x", 3, 2), Sub("x", 1, 2), NULL, NULL);
}

/* AxisRefAttrGetGreatestCommonPrefix */
static void test_common_prefix(void) {
  axis_op common = sharc_sdy_axis_common_prefix;
  check_op(common, A("x"), A("y"), NULL, NULL);
  check_op(common, Sub("x", 1, 2), Sub("x", 2, 4), NULL, NULL);
  check_op(common, Sub("x", 1, 2), Sub("y", 1, 2), NULL, NULL);
  check_op(common, A("x"), A("x"), A("x"), A("x"));
  check_op(common, Sub("x", 2, 4), Sub("x", 2, 4), Sub("x", 2, 4), Sub("x", 2, 4));
  check_op(common, Sub("x", 1, 4), A("x"), Sub("x", 1, 4), Sub("x", 1, 4));
  check_op(common, Sub("x", 1, 2), Sub("x", 1, 4), Sub("x", 1, 2), Sub("x", 1, 2));
  check_op(common, Sub("x", 2, 4), Sub("x", 2, 8), Sub("x", 2, 4), Sub("x", 2, 4));
}

/* AxisRefAttrCanMerge and AxisRefAttrMerge */
static void test_merge(void) {
  CHECK(sharc_sdy_axis_ref_can_merge(Sub("x", 1, 4), Sub("x", 4, 2)));
  CHECK(!sharc_sdy_axis_ref_can_merge(Sub("x", 4, 2), Sub("x", 1, 4)));
  CHECK(sharc_sdy_axis_ref_can_merge(Sub("x", 2, 2), Sub("x", 4, 4)));
  CHECK(!sharc_sdy_axis_ref_can_merge(Sub("x", 4, 4), Sub("x", 2, 2)));
  CHECK(!sharc_sdy_axis_ref_can_merge(A("x"), A("x")));
  CHECK(!sharc_sdy_axis_ref_can_merge(Sub("x", 1, 2), Sub("x", 1, 2)));
  CHECK(!sharc_sdy_axis_ref_can_merge(A("x"), A("y")));
  CHECK(!sharc_sdy_axis_ref_can_merge(Sub("x", 1, 2), Sub("y", 2, 2)));
  CHECK(!sharc_sdy_axis_ref_can_merge(A("x"), Sub("x", 4, 2)));
  CHECK(!sharc_sdy_axis_ref_can_merge(Sub("x", 1, 2), Sub("x", 4, 2)));

  static const char *const names[] = {"x"};
  int64_t sixteen = 16;
  sharc_attr *m = mesh(1, names, &sixteen);
  CHECK(sharc_sdy_axis_merge(ctx, Sub("x", 1, 4), Sub("x", 4, 2), m) == Sub("x", 1, 8));
  CHECK(sharc_sdy_axis_merge(ctx, Sub("x", 2, 2), Sub("x", 4, 4), m) == Sub("x", 2, 8));
  CHECK(sharc_sdy_axis_merge(ctx, Sub("x", 1, 8), Sub("x", 8, 2), m) == A("x"));
}

static void test_make(void) {
  sharc_attr *m = mesh_xy(8, 4);
  CHECK(sharc_sdy_axis_make(ctx, S("x"), 1, 8, m) == A("x"));
  CHECK(sharc_sdy_axis_make(ctx, S("x"), 1, 8, NULL) == Sub("x", 1, 8));
  CHECK(sharc_sdy_axis_make(ctx, S("x"), 2, 4, m) == Sub("x", 2, 4));
  CHECK(sharc_sdy_axis_make(ctx, S("x"), 1, 4, m) == Sub("x", 1, 4));
}

/* AxisRefAttrGetFirstOverlapping */
static void test_first_overlapping(void) {
  sharc_attr *sorted[] = {A("x"), Sub("y", 1, 2), Sub("y", 4, 4), Sub("y", 64, 2), Sub("z", 2, 2)};
  struct {
    sharc_attr *axis;
    unsigned want;
  } cases[] = {
      {A("a"), 5},         {Sub("a", 1, 2), 5},  {Sub("y", 2, 2), 5},  {Sub("y", 16, 4), 5},
      {A("x"), 0},         {Sub("x", 1, 2), 0},  {A("y"), 1},          {Sub("y", 1, 2), 1},
      {Sub("y", 1, 4), 1}, {Sub("y", 1, 32), 1}, {Sub("y", 2, 4), 2},  {Sub("y", 2, 16), 2},
      {Sub("y", 4, 2), 2}, {Sub("y", 8, 2), 2},  {Sub("y", 32, 4), 3},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
    CHECK(sharc_sdy_axis_first_overlapping(cases[i].axis, sorted, 5) == cases[i].want);
  CHECK(sharc_sdy_axis_first_overlapping(A("x"), NULL, 0) == 0);
}

/* ---- axis lists -------------------------------------------------------------- */

static void test_list_basics(void) {
  sharc_sdy_axis_vec v = {0};
  sharc_sdy_axes_assign(&v, NULL, 0);
  CHECK(v.len == 0);
  sharc_attr *xy[2] = {A("x"), A("y")};
  sharc_sdy_axes_assign(&v, xy, 2);
  sharc_sdy_axes_append(&v, xy, 1);
  check_vec(&v, "x, y, x");
  CHECK(sharc_sdy_axes_equal(v.items, 2, xy, 2) && !sharc_sdy_axes_equal(v.items, 3, xy, 2));
  CHECK(sharc_sdy_axes_equal(NULL, 0, NULL, 0));
  CHECK(sharc_sdy_axes_index_of(v.items, v.len, A("y")) == 1);
  CHECK(sharc_sdy_axes_index_of(v.items, v.len, A("z")) == -1);
  CHECK(sharc_sdy_axes_index_of(NULL, 0, A("z")) == -1);
  sharc_sdy_axes_assign(&v, xy + 1, 1);
  check_vec(&v, "y");
  sharc_vec_free(&v);
}

/* DimensionShardingAttrGetShardedSize */
static void test_total_size(void) {
  static const char *const names[] = {"x", "y", "z"};
  int64_t sizes[3] = {4, 2, 3};
  sharc_attr *m = mesh(3, names, sizes);
  sharc_attr *xy[2] = {A("x"), A("y")}, *z = A("z");
  CHECK(sharc_sdy_axes_total_size(xy, 2, m) == 8 && sharc_sdy_axes_total_size(&z, 1, m) == 3);
  CHECK(sharc_sdy_axes_total_size(NULL, 0, m) == 1);
  sharc_attr *dim = sharc_sdy_dim_sharding_get(ctx, xy, 2, false, -1);
  CHECK(sharc_sdy_dim_sharding_sharded_size(dim, m) == 8);
}

/* AddAxisOrMergeInserter* */
static void test_add_or_merge(void) {
  sharc_attr *ab = mesh_xy(8, 8);
  sharc_sdy_axis_vec v = {0};
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("x", 1, 2), ab);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("z", 4, 2), ab);
  check_vec(&v, "x:(1)2, z:(4)2");
  sharc_vec_clear(&v);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("x", 1, 2), ab);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("x", 2, 2), ab);
  check_vec(&v, "x:(1)4");
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("x", 4, 2), ab);
  check_vec(&v, "x");
  sharc_vec_clear(&v);
  sharc_attr *m = mesh_xy(8, 16);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("y", 2, 2), m);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("y", 4, 2), m);
  sharc_sdy_axes_add_or_merge(ctx, &v, Sub("y", 8, 2), m);
  check_vec(&v, "y:(2)8");
  sharc_vec_free(&v);
}

/* SortAndMergeAxes, from several starting orders. */
static void test_sort_and_merge(void) {
  sharc_attr *m = mesh_abcd(8, 8, 8, 8);
  sharc_attr *axes[8] = {Sub("a", 1, 2), Sub("a", 4, 2), Sub("b", 1, 2), Sub("b", 2, 2),
                         Sub("b", 4, 2), A("c"),         Sub("d", 2, 2), Sub("d", 4, 2)};
  static const unsigned orders[][8] = {{7, 6, 5, 4, 3, 2, 1, 0},
                                       {3, 0, 6, 1, 7, 4, 2, 5},
                                       {5, 2, 7, 4, 1, 6, 0, 3},
                                       {0, 1, 2, 3, 4, 5, 6, 7}};
  for (unsigned k = 0; k < 4; k++) {
    sharc_sdy_axis_vec v = {0};
    for (unsigned i = 0; i < 8; i++)
      sharc_vec_push(&v, axes[orders[k][i]]);
    sharc_sdy_axes_sort_and_merge(ctx, &v, m);
    check_vec(&v, "a:(1)2, a:(4)2, b, c, d:(2)4");
    sharc_vec_free(&v);
  }
  sharc_sdy_axis_vec empty = {0};
  sharc_sdy_axes_sort_and_merge(ctx, &empty, m);
  CHECK(empty.len == 0);
  /* the mesh's order, not the names' */
  sharc_attr *ba[2] = {A("a"), A("b")};
  static const char *const names[] = {"b", "a"};
  int64_t sizes[2] = {2, 2};
  sharc_sdy_axes_sort(ba, 2, mesh(2, names, sizes));
  check_list(ba, 2, "b, a");
  sharc_sdy_axes_sort(ba, 2, NULL);
  check_list(ba, 2, "a, b");
}

/* isAxisListPrefixOf (sharding_projection_test's IsAxisListPrefixOfTest) */
static void test_list_prefix_of(void) {
  sharc_attr *a = A("a"), *b = A("b");
  sharc_attr *lists[][2] = {{a, NULL}, {Sub("a", 2, 4), NULL}, {a, Sub("b", 1, 2)}};
  unsigned lens[] = {1, 1, 2};
  CHECK(sharc_sdy_axes_prefix_of(NULL, 0, NULL, 0) == SHARC_SDY_PREFIX_EQUAL);
  for (unsigned i = 0; i < 3; i++)
    CHECK(sharc_sdy_axes_prefix_of(lists[i], lens[i], lists[i], lens[i]) == SHARC_SDY_PREFIX_EQUAL);
  struct {
    sharc_attr *prefix[2];
    unsigned n_prefix;
    sharc_attr *full[2];
    unsigned n_full;
  } strict[] = {
      {{NULL}, 0, {a}, 1},
      {{a}, 1, {a, b}, 2},
      {{Sub("a", 1, 4)}, 1, {a, b}, 2},
      {{a, Sub("b", 1, 2)}, 2, {a, b}, 2},
      {{a, Sub("b", 1, 2)}, 2, {a, Sub("b", 1, 8)}, 2},
  };
  for (unsigned i = 0; i < 5; i++) {
    CHECK(sharc_sdy_axes_prefix_of(strict[i].prefix, strict[i].n_prefix, strict[i].full,
                                   strict[i].n_full) == SHARC_SDY_PREFIX_STRICT);
    CHECK(sharc_sdy_axes_prefix_of(strict[i].full, strict[i].n_full, strict[i].prefix,
                                   strict[i].n_prefix) == SHARC_SDY_PREFIX_NONE);
  }
  sharc_attr *bl = Sub("b", 1, 2);
  CHECK(sharc_sdy_axes_prefix_of(&a, 1, &b, 1) == SHARC_SDY_PREFIX_NONE);
  CHECK(sharc_sdy_axes_prefix_of(&a, 1, &bl, 1) == SHARC_SDY_PREFIX_NONE);
  sharc_attr *ab[2] = {a, b}, *ba[2] = {b, a};
  CHECK(sharc_sdy_axes_prefix_of(ab, 2, ba, 2) == SHARC_SDY_PREFIX_NONE);
}

/* getGreatestCommonPrefix of lists */
static void test_list_common_prefix(void) {
  sharc_sdy_axis_vec out = {0};
  sharc_attr *first[3] = {A("a"), Sub("b", 1, 4), A("c")};
  sharc_attr *second[3] = {A("a"), Sub("b", 1, 2), A("c")};
  sharc_sdy_axes_common_prefix(first, 3, second, 3, &out);
  check_vec(&out, "a, b:(1)2");
  sharc_sdy_axes_common_prefix(first, 3, first, 2, &out);
  check_vec(&out, "a, b:(1)4");
  sharc_attr *other[2] = {A("a"), Sub("b", 2, 2)};
  sharc_sdy_axes_common_prefix(first, 3, other, 2, &out);
  check_vec(&out, "a");
  sharc_sdy_axes_common_prefix(first, 3, NULL, 0, &out);
  CHECK(out.len == 0);
  sharc_vec_free(&out);
}

/* GetAxisSetDiff */
static void test_set_diff(void) {
  sharc_attr *m = mesh_abcd(8, 4, 2, 4);
  sharc_sdy_axis_vec out = {0};
  struct {
    sharc_attr *a[2];
    unsigned na;
    sharc_attr *b[2];
    unsigned nb;
    const char *want;
  } cases[] = {
      {{NULL}, 0, {A("c"), A("d")}, 2, ""},
      {{A("b"), A("a")}, 2, {NULL}, 0, "b, a"},
      {{A("a"), Sub("b", 1, 2)}, 2, {Sub("b", 1, 2), A("a")}, 2, ""},
      {{A("b"), A("a")}, 2, {A("c"), Sub("d", 1, 2)}, 2, "b, a"},
      {{A("b"), A("a")}, 2, {A("b"), A("d")}, 2, "a"},
      {{A("b"), Sub("a", 1, 4)}, 2, {A("a"), Sub("b", 2, 2)}, 2, "b:(1)2"},
      {{Sub("a", 2, 4)}, 1, {Sub("a", 1, 4)}, 1, "a:(4)2"},
      {{Sub("b", 1, 2), A("a")}, 2, {Sub("a", 2, 2), Sub("b", 2, 2)}, 2, "b:(1)2, a:(1)2, a:(4)2"},
      /* b out of order: the first overlap is still the lowest */
      {{A("a")}, 1, {Sub("a", 4, 2), Sub("a", 1, 2)}, 2, "a:(2)2"},
      {{A("a")}, 1, {Sub("a", 1, 2), Sub("a", 4, 2)}, 2, "a:(2)2"},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sharc_vec_clear(&out);
    sharc_sdy_axes_set_diff(ctx, cases[i].a, cases[i].na, cases[i].b, cases[i].nb, m, &out);
    check_vec(&out, cases[i].want);
  }
  sharc_vec_free(&out);
}

/* overlaps(lists), getPrefixWithoutOverlap(axis, range) and
 * truncateAxesByRemovingOverlaps */
static void test_overlap_removal(void) {
  sharc_attr *others[2] = {Sub("a", 4, 2), A("c")};
  sharc_attr *a = A("a"), *b = A("b");
  CHECK(sharc_sdy_axes_overlap(&a, 1, others, 2) && !sharc_sdy_axes_overlap(&b, 1, others, 2));
  CHECK(!sharc_sdy_axes_overlap(NULL, 0, others, 2) && !sharc_sdy_axes_overlap(&a, 1, NULL, 0));
  CHECK(sharc_sdy_axes_prefix_without_overlap(ctx, a, others, 2) == Sub("a", 1, 4));
  CHECK(sharc_sdy_axes_prefix_without_overlap(ctx, b, others, 2) == b);
  CHECK(sharc_sdy_axes_prefix_without_overlap(ctx, A("c"), others, 2) == NULL);
  CHECK(sharc_sdy_axes_prefix_without_overlap(ctx, a, NULL, 0) == a);

  sharc_sdy_axis_vec v = {0};
  sharc_attr *bac[3] = {b, a, A("c")};
  sharc_sdy_axes_assign(&v, bac, 3);
  sharc_sdy_axes_truncate_overlaps(ctx, &v, others, 2);
  check_vec(&v, "b, a:(1)4");
  sharc_attr *cb[2] = {A("c"), b};
  sharc_sdy_axes_assign(&v, cb, 2);
  sharc_sdy_axes_truncate_overlaps(ctx, &v, others, 2);
  CHECK(v.len == 0);
  sharc_sdy_axes_assign(&v, &b, 1);
  sharc_sdy_axes_truncate_overlaps(ctx, &v, others, 2);
  check_vec(&v, "b");
  sharc_vec_free(&v);
}

/* getOrderedAxisRefs' documented example */
static void test_ordered_refs(void) {
  static const char *const names[] = {"x", "y", "z"};
  int64_t sizes[3] = {2, 16, 4};
  sharc_attr *m = mesh(3, names, sizes);
  sharc_attr *used[2] = {A("x"), Sub("y", 2, 2)};
  sharc_sdy_axis_vec out = {0};
  sharc_sdy_axes_ordered_refs(ctx, m, used, 2, &out);
  check_vec(&out, "x, y:(1)2, y:(2)2, y:(4)4, z");
  sharc_vec_clear(&out);
  /* shared boundaries are cut once */
  sharc_attr *subs[3] = {Sub("y", 1, 4), Sub("y", 4, 2), Sub("z", 1, 2)};
  sharc_sdy_axes_ordered_refs(ctx, m, subs, 3, &out);
  check_vec(&out, "x, y:(1)4, y:(4)2, y:(8)2, z:(1)2, z:(2)2");
  sharc_vec_clear(&out);
  sharc_sdy_axes_ordered_refs(ctx, m, NULL, 0, &out);
  check_vec(&out, "x, y, z");
  sharc_vec_free(&out);
}

/* ---- sizes past int64 ----------------------------------------------------------
 * Input may carry any sizes; products wrap and divisions by zero are
 * avoided, so none of this is undefined behaviour. */
static void test_overflow(void) {
  CHECK(sharc_mul_wrap(INT64_MAX, 2) == -2);
  CHECK(sharc_mul_wrap(INT64_MIN, -1) == INT64_MIN);
  CHECK(sharc_mul_wrap((int64_t)1 << 32, (int64_t)1 << 32) == 0);
  sharc_attr *m = mesh_xy(8, 4);
  int64_t big = (int64_t)1 << 62;
  sharc_attr *huge = Sub("x", big, 8), *low = Sub("x", 1, 4);
  CHECK(sharc_sdy_axis_next_pre_size(huge, m) == 0);
  CHECK(!sharc_sdy_axis_contains(huge, low));
  CHECK(!sharc_sdy_axis_ref_overlaps(huge, low));
  sharc_sdy_axis_can_coexist(huge, low);
  sharc_sdy_axis_overlap(ctx, huge, low);
  sharc_sdy_axis_prefix_without_overlap(ctx, huge, A("x"));
  sharc_sdy_axis_suffix_without_overlap(ctx, huge, A("x"), m);
  /* a pre-size or size of 0 (the verifier rejects both) divides nothing */
  sharc_attr *zero = Sub("x", 0, 2);
  CHECK(!sharc_sdy_axis_can_coexist(zero, Sub("x", 1, 2)));
  CHECK(sharc_sdy_axis_prefix_without_overlap(ctx, Sub("x", 0, 4), A("x")) != NULL);
  CHECK(sharc_sdy_axis_suffix_without_overlap(ctx, A("x"), Sub("x", 0, 0), m) != NULL);
  sharc_sdy_axis_can_coexist(Sub("x", INT64_MIN, 1), Sub("x", -1, 1));
  sharc_sdy_axis_overlap(ctx, Sub("x", INT64_MIN, 1), Sub("x", -1, -1));
  /* merging and multiplying sizes past 2^63 */
  sharc_attr *half = Sub("y", 1, (int64_t)1 << 32),
             *other = Sub("y", (int64_t)1 << 32, (int64_t)1 << 32);
  CHECK(sharc_sdy_axis_ref_can_merge(half, other));
  CHECK(sharc_sdy_axis_merge(ctx, half, other, m) == Sub("y", 1, 0));
  sharc_attr *both[2] = {half, other};
  CHECK(sharc_sdy_axes_total_size(both, 2, m) == 0);
  sharc_attr *dim = sharc_sdy_dim_sharding_get(ctx, both, 2, false, -1);
  CHECK(sharc_sdy_dim_sharding_sharded_size(dim, m) == 0);
  sharc_sdy_axis_vec v = {0};
  sharc_sdy_axes_ordered_refs(ctx, m, both, 2, &v);
  sharc_vec_free(&v);
}

int main(void) {
  ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  test_sizes();
  test_contains();
  test_prefix_of();
  test_suffix_of();
  test_overlaps();
  test_can_coexist();
  test_order();
  test_overlap();
  test_prefix_without_overlap();
  test_suffix_without_overlap();
  test_common_prefix();
  test_merge();
  test_make();
  test_first_overlapping();
  test_list_basics();
  test_total_size();
  test_add_or_merge();
  test_sort_and_merge();
  test_list_prefix_of();
  test_list_common_prefix();
  test_set_diff();
  test_overlap_removal();
  test_ordered_refs();
  test_overflow();
  sharc_context_destroy(ctx);
  return check_summary("sdy axes");
}

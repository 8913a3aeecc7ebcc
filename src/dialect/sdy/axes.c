/* Axis-reference and axis-list arithmetic; see axes.h. */
#include "dialect/sdy/axes.h"

#include <string.h>

/* ---- integer helpers ---------------------------------------------------------
 * Sub-axis sizes reach here before (or without) verification, so division
 * and remainder guard the divisors C leaves undefined (0, and -1 with
 * INT64_MIN) and otherwise behave as C's operators. */

static bool divides(int64_t divisor, int64_t x) {
  if (divisor == 0)
    return x == 0;
  return divisor == -1 || x % divisor == 0;
}

static int64_t quotient(int64_t x, int64_t divisor) {
  if (divisor == 0)
    return 0;
  if (divisor == -1)
    return sharc_mul_wrap(x, -1);
  return x / divisor;
}

static int64_t min_i64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max_i64(int64_t a, int64_t b) { return a < b ? b : a; }

/* ---- one axis ref ------------------------------------------------------------ */

static bool same_name(const sharc_attr *a, const sharc_attr *b) {
  return sharc_str_eq(sharc_sdy_axis_ref_name(a), sharc_sdy_axis_ref_name(b));
}

static const sharc_attr *sub_info(const sharc_attr *axis) {
  return sharc_sdy_axis_ref_sub_axis_info(axis);
}

static int64_t info_next_pre_size(const sharc_attr *info) {
  return sharc_mul_wrap(sharc_sdy_sub_axis_info_pre_size(info), sharc_sdy_sub_axis_info_size(info));
}

int64_t sharc_sdy_axis_ref_size(const sharc_attr *ref, const sharc_attr *mesh) {
  const sharc_attr *info = sub_info(ref);
  if (info)
    return sharc_sdy_sub_axis_info_size(info);
  return mesh ? sharc_sdy_mesh_size_of(mesh, sharc_sdy_axis_ref_name(ref)) : -1;
}

int64_t sharc_sdy_axis_pre_size(const sharc_attr *axis) {
  const sharc_attr *info = sub_info(axis);
  return info ? sharc_sdy_sub_axis_info_pre_size(info) : 1;
}

int64_t sharc_sdy_axis_next_pre_size(const sharc_attr *axis, const sharc_attr *mesh) {
  const sharc_attr *info = sub_info(axis);
  return info ? info_next_pre_size(info) : sharc_sdy_axis_ref_size(axis, mesh);
}

bool sharc_sdy_axis_contains(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return false;
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  if (!ia)
    return true;
  if (!ib)
    return false;
  return sharc_sdy_sub_axis_info_pre_size(ia) <= sharc_sdy_sub_axis_info_pre_size(ib) &&
         info_next_pre_size(ia) >= info_next_pre_size(ib);
}

bool sharc_sdy_axis_strictly_contains(const sharc_attr *a, const sharc_attr *b) {
  return a != b && sharc_sdy_axis_contains(a, b);
}

bool sharc_sdy_axis_prefix_of(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_contains(b, a) && sharc_sdy_axis_pre_size(a) == sharc_sdy_axis_pre_size(b);
}

bool sharc_sdy_axis_strict_prefix_of(const sharc_attr *a, const sharc_attr *b) {
  return a != b && sharc_sdy_axis_prefix_of(a, b);
}

bool sharc_sdy_axis_suffix_of(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  return sharc_sdy_axis_contains(b, a) &&
         sharc_sdy_axis_next_pre_size(a, mesh) == sharc_sdy_axis_next_pre_size(b, mesh);
}

bool sharc_sdy_axis_strict_suffix_of(const sharc_attr *a, const sharc_attr *b,
                                     const sharc_attr *mesh) {
  return a != b && sharc_sdy_axis_suffix_of(a, b, mesh);
}

bool sharc_sdy_axis_ref_overlaps(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return false;
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  if (!ia || !ib)
    return true;
  return sharc_sdy_sub_axis_info_pre_size(ia) < info_next_pre_size(ib) &&
         sharc_sdy_sub_axis_info_pre_size(ib) < info_next_pre_size(ia);
}

/* Where two sub-axes of one axis start and end, smaller and larger. */
typedef struct sub_axis_bounds {
  int64_t min_pre, max_pre, min_next, max_next;
} sub_axis_bounds;

static sub_axis_bounds bounds_of(const sharc_attr *ia, const sharc_attr *ib) {
  int64_t pa = sharc_sdy_sub_axis_info_pre_size(ia), pb = sharc_sdy_sub_axis_info_pre_size(ib);
  int64_t na = info_next_pre_size(ia), nb = info_next_pre_size(ib);
  return (sub_axis_bounds){min_i64(pa, pb), max_i64(pa, pb), min_i64(na, nb), max_i64(na, nb)};
}

static bool bounds_overlap(sub_axis_bounds k) { return k.min_next > k.max_pre; }

/* Overlapping sub-axes need the overlap and both remainders to be sub-axes;
 * disjoint ones need the gap between them to be one. */
static bool bounds_can_coexist(sub_axis_bounds k) {
  if (bounds_overlap(k))
    return divides(k.max_pre, k.min_next) && divides(k.min_pre, k.max_pre) &&
           divides(k.min_next, k.max_next);
  return divides(k.min_next, k.max_pre);
}

bool sharc_sdy_axis_can_coexist(const sharc_attr *a, const sharc_attr *b) {
  /* only two sub-axes of one axis can clash */
  if (!same_name(a, b) || !sub_info(a) || !sub_info(b))
    return true;
  return bounds_can_coexist(bounds_of(sub_info(a), sub_info(b)));
}

sharc_attr *sharc_sdy_axis_make(sharc_context *ctx, sharc_str name, int64_t pre, int64_t size,
                                const sharc_attr *mesh) {
  if (pre == 1 && mesh && sharc_sdy_mesh_size_of(mesh, name) == size)
    return sharc_sdy_axis_ref_get(ctx, name, NULL);
  return sharc_sdy_axis_ref_get(ctx, name, sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

/* A sub-axis of `like`'s axis from pre-size `pre` up to `next`. */
static sharc_attr *sub_axis_between(sharc_context *ctx, const sharc_attr *like, int64_t pre,
                                    int64_t next) {
  return sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(like), pre, quotient(next, pre), NULL);
}

sharc_attr *sharc_sdy_axis_overlap(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return NULL;
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  if (!ia)
    return (sharc_attr *)b;
  if (!ib)
    return (sharc_attr *)a;
  sub_axis_bounds k = bounds_of(ia, ib);
  if (!bounds_overlap(k) || !bounds_can_coexist(k))
    return NULL;
  return sub_axis_between(ctx, a, k.max_pre, k.min_next);
}

sharc_attr *sharc_sdy_axis_prefix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                                  const sharc_attr *b) {
  if (!sharc_sdy_axis_can_coexist(a, b))
    return NULL;
  if (!sharc_sdy_axis_ref_overlaps(a, b))
    return (sharc_attr *)a;
  int64_t start = sharc_sdy_axis_pre_size(a), cut = sharc_sdy_axis_pre_size(b);
  if (start >= cut)
    return NULL;
  return sub_axis_between(ctx, a, start, cut);
}

sharc_attr *sharc_sdy_axis_suffix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                                  const sharc_attr *b, const sharc_attr *mesh) {
  if (!sharc_sdy_axis_can_coexist(a, b))
    return NULL;
  if (!sharc_sdy_axis_ref_overlaps(a, b))
    return (sharc_attr *)a;
  int64_t end = sharc_sdy_axis_next_pre_size(a, mesh);
  int64_t cut = sharc_sdy_axis_next_pre_size(b, mesh);
  if (end <= cut)
    return NULL;
  return sub_axis_between(ctx, a, cut, end);
}

sharc_attr *sharc_sdy_axis_common_prefix(const sharc_attr *a, const sharc_attr *b) {
  if (!sharc_sdy_axis_can_coexist(a, b))
    return NULL;
  if (sharc_sdy_axis_prefix_of(a, b))
    return (sharc_attr *)a;
  if (sharc_sdy_axis_prefix_of(b, a))
    return (sharc_attr *)b;
  return NULL;
}

bool sharc_sdy_axis_ref_can_merge(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return false;
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  return ia && ib && info_next_pre_size(ia) == sharc_sdy_sub_axis_info_pre_size(ib);
}

sharc_attr *sharc_sdy_axis_merge(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b,
                                 const sharc_attr *mesh) {
  int64_t size =
      sharc_mul_wrap(sharc_sdy_axis_ref_size(a, mesh), sharc_sdy_axis_ref_size(b, mesh));
  return sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(a), sharc_sdy_axis_pre_size(a), size,
                             mesh);
}

/* Same-name order: a full axis vs a sub-axis by where the sub-axis starts,
 * two sub-axes by (pre-size, size). */
static bool same_name_less(const sharc_attr *a, const sharc_attr *b) {
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  if (!ia)
    return sharc_sdy_axis_pre_size(b) > 1;
  if (!ib)
    return sharc_sdy_axis_pre_size(a) == 1;
  int64_t pa = sharc_sdy_sub_axis_info_pre_size(ia), pb = sharc_sdy_sub_axis_info_pre_size(ib);
  if (pa != pb)
    return pa < pb;
  return sharc_sdy_sub_axis_info_size(ia) < sharc_sdy_sub_axis_info_size(ib);
}

bool sharc_sdy_axis_less(const sharc_attr *a, const sharc_attr *b) {
  int c = sharc_str_cmp(sharc_sdy_axis_ref_name(a), sharc_sdy_axis_ref_name(b));
  if (c)
    return c < 0;
  return same_name_less(a, b);
}

bool sharc_sdy_axis_ref_less(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  sharc_str na = sharc_sdy_axis_ref_name(a), nb = sharc_sdy_axis_ref_name(b);
  if (sharc_str_eq(na, nb))
    return same_name_less(a, b);
  int ia = sharc_sdy_mesh_axis_index(mesh, na), ib = sharc_sdy_mesh_axis_index(mesh, nb);
  if (ia < 0 || ib < 0)
    return false;
  return ia < ib;
}

int sharc_sdy_axis_cmp(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  if (sharc_sdy_axis_ref_less(a, b, mesh))
    return -1;
  return sharc_sdy_axis_ref_less(b, a, mesh) ? 1 : 0;
}

unsigned sharc_sdy_axis_first_overlapping(const sharc_attr *axis, sharc_attr *const *sorted,
                                          unsigned n) {
  /* lower bound: the first ref not less than `axis` */
  unsigned lo = 0, hi = n;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (sharc_sdy_axis_less(sorted[mid], axis))
      lo = mid + 1;
    else
      hi = mid;
  }
  /* Refs before lo - 1 end before it starts (they are disjoint and sorted),
   * and one after lo overlapping `axis` means lo overlaps it too. */
  if (lo > 0 && sharc_sdy_axis_ref_overlaps(axis, sorted[lo - 1]))
    return lo - 1;
  if (lo < n && sharc_sdy_axis_ref_overlaps(axis, sorted[lo]))
    return lo;
  return n;
}

/* ---- axis lists -------------------------------------------------------------- */

void sharc_sdy_axes_assign(sharc_sdy_axis_vec *v, sharc_attr *const *axes, unsigned n) {
  sharc_vec_clear(v);
  sharc_sdy_axes_append(v, axes, n);
}

void sharc_sdy_axes_append(sharc_sdy_axis_vec *v, sharc_attr *const *axes, unsigned n) {
  if (!n)
    return;
  sharc_vec_reserve(v, (size_t)v->len + n);
  memcpy(v->items + v->len, axes, n * sizeof *axes);
  v->len += n;
}

bool sharc_sdy_axes_equal(sharc_attr *const *a, unsigned na, sharc_attr *const *b, unsigned nb) {
  return na == nb && (na == 0 || memcmp(a, b, na * sizeof *a) == 0);
}

int sharc_sdy_axes_index_of(sharc_attr *const *axes, unsigned n, const sharc_attr *axis) {
  for (unsigned i = 0; i < n; i++)
    if (axes[i] == axis)
      return (int)i;
  return -1;
}

int64_t sharc_sdy_axes_total_size(sharc_attr *const *axes, unsigned n, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < n; i++)
    size = sharc_mul_wrap(size, sharc_sdy_axis_ref_size(axes[i], mesh));
  return size;
}

static bool sorts_before(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  return mesh ? sharc_sdy_axis_ref_less(a, b, mesh) : sharc_sdy_axis_less(a, b);
}

void sharc_sdy_axes_sort(sharc_attr **axes, unsigned n, const sharc_attr *mesh) {
  /* insertion sort: stable, and these lists hold a handful of refs */
  for (unsigned i = 1; i < n; i++) {
    sharc_attr *axis = axes[i];
    unsigned j = i;
    for (; j > 0 && sorts_before(axis, axes[j - 1], mesh); j--)
      axes[j] = axes[j - 1];
    axes[j] = axis;
  }
}

void sharc_sdy_axes_add_or_merge(sharc_context *ctx, sharc_sdy_axis_vec *v, sharc_attr *axis,
                                 const sharc_attr *mesh) {
  if (v->len && sharc_sdy_axis_ref_can_merge(sharc_vec_last(v), axis)) {
    sharc_vec_last(v) = sharc_sdy_axis_merge(ctx, sharc_vec_last(v), axis, mesh);
    return;
  }
  sharc_vec_push(v, axis);
}

void sharc_sdy_axes_sort_and_merge(sharc_context *ctx, sharc_sdy_axis_vec *v,
                                   const sharc_attr *mesh) {
  sharc_sdy_axes_sort(v->items, v->len, mesh);
  unsigned n = v->len;
  sharc_vec_clear(v);
  /* merging only shortens the list, so it can be rebuilt in place */
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_axes_add_or_merge(ctx, v, v->items[i], mesh);
}

sharc_sdy_prefix_status sharc_sdy_axes_prefix_of(sharc_attr *const *first, unsigned n_first,
                                                 sharc_attr *const *second, unsigned n_second) {
  if (n_first == 0)
    return n_second == 0 ? SHARC_SDY_PREFIX_EQUAL : SHARC_SDY_PREFIX_STRICT;
  if (n_first > n_second)
    return SHARC_SDY_PREFIX_NONE;
  unsigned last = n_first - 1;
  if (!sharc_sdy_axes_equal(first, last, second, last))
    return SHARC_SDY_PREFIX_NONE;
  if (n_first == n_second && first[last] == second[last])
    return SHARC_SDY_PREFIX_EQUAL;
  return sharc_sdy_axis_prefix_of(first[last], second[last]) ? SHARC_SDY_PREFIX_STRICT
                                                             : SHARC_SDY_PREFIX_NONE;
}

void sharc_sdy_axes_common_prefix(sharc_attr *const *a, unsigned na, sharc_attr *const *b,
                                  unsigned nb, sharc_sdy_axis_vec *out) {
  sharc_vec_clear(out);
  unsigned i = 0;
  for (; i < na && i < nb && a[i] == b[i]; i++)
    sharc_vec_push(out, a[i]);
  if (i == na || i == nb)
    return;
  sharc_attr *prefix = sharc_sdy_axis_common_prefix(a[i], b[i]);
  if (prefix)
    sharc_vec_push(out, prefix);
}

void sharc_sdy_axes_set_diff(sharc_context *ctx, sharc_attr *const *a, unsigned na,
                             sharc_attr *const *b, unsigned nb, const sharc_attr *mesh,
                             sharc_sdy_axis_vec *out) {
  if (sharc_sdy_axes_equal(a, na, b, nb))
    return;
  sharc_sdy_axis_vec sorted_b = {0};
  sharc_sdy_axes_assign(&sorted_b, b, nb);
  sharc_sdy_axes_sort(sorted_b.items, sorted_b.len, NULL);
  for (unsigned i = 0; i < na; i++) {
    /* peel off what lies before each overlapping ref of b; go on with what
     * lies after it */
    sharc_attr *rest = a[i];
    while (rest) {
      unsigned hit = sharc_sdy_axis_first_overlapping(rest, sorted_b.items, sorted_b.len);
      if (hit == sorted_b.len) {
        sharc_vec_push(out, rest);
        break;
      }
      sharc_attr *before = sharc_sdy_axis_prefix_without_overlap(ctx, rest, sorted_b.items[hit]);
      if (before)
        sharc_vec_push(out, before);
      rest = sharc_sdy_axis_suffix_without_overlap(ctx, rest, sorted_b.items[hit], mesh);
    }
  }
  sharc_vec_free(&sorted_b);
}

bool sharc_sdy_axes_overlap(sharc_attr *const *a, unsigned na, sharc_attr *const *b, unsigned nb) {
  for (unsigned i = 0; i < na; i++)
    for (unsigned j = 0; j < nb; j++)
      if (sharc_sdy_axis_ref_overlaps(a[i], b[j]))
        return true;
  return false;
}

sharc_attr *sharc_sdy_axes_prefix_without_overlap(sharc_context *ctx, const sharc_attr *axis,
                                                  sharc_attr *const *others, unsigned n) {
  sharc_attr *prefix = (sharc_attr *)axis;
  for (unsigned i = 0; prefix && i < n; i++)
    prefix = sharc_sdy_axis_prefix_without_overlap(ctx, prefix, others[i]);
  return prefix;
}

void sharc_sdy_axes_truncate_overlaps(sharc_context *ctx, sharc_sdy_axis_vec *v,
                                      sharc_attr *const *others, unsigned n) {
  for (unsigned i = 0; i < v->len; i++) {
    sharc_attr *prefix = sharc_sdy_axes_prefix_without_overlap(ctx, v->items[i], others, n);
    if (prefix == v->items[i])
      continue;
    v->len = prefix ? i + 1 : i;
    if (prefix)
      v->items[i] = prefix;
    return;
  }
}

/* ---- mesh-ordered refs ------------------------------------------------------- */

static void sort_unique_i64(sharc_i64_vec *v) {
  for (unsigned i = 1; i < v->len; i++) {
    int64_t x = v->items[i];
    unsigned j = i;
    for (; j > 0 && x < v->items[j - 1]; j--)
      v->items[j] = v->items[j - 1];
    v->items[j] = x;
  }
  unsigned kept = 0;
  for (unsigned i = 0; i < v->len; i++)
    if (!kept || v->items[i] != v->items[kept - 1])
      v->items[kept++] = v->items[i];
  v->len = kept;
}

/* The mesh axis `name` of `size`, cut wherever a used sub-axis of it starts
 * or ends; whole when none is used. */
static void split_mesh_axis(sharc_context *ctx, sharc_str name, int64_t size,
                            sharc_attr *const *used, unsigned n, sharc_sdy_axis_vec *out) {
  sharc_i64_vec cuts = {0};
  sharc_vec_push(&cuts, 1);
  sharc_vec_push(&cuts, size);
  for (unsigned i = 0; i < n; i++) {
    const sharc_attr *info = sub_info(used[i]);
    if (!info || !sharc_str_eq(sharc_sdy_axis_ref_name(used[i]), name))
      continue;
    sharc_vec_push(&cuts, sharc_sdy_sub_axis_info_pre_size(info));
    sharc_vec_push(&cuts, info_next_pre_size(info));
  }
  if (cuts.len == 2) {
    sharc_vec_push(out, sharc_sdy_axis_ref_get(ctx, name, NULL));
    sharc_vec_free(&cuts);
    return;
  }
  sort_unique_i64(&cuts);
  for (unsigned i = 0; i + 1 < cuts.len; i++) {
    int64_t pre = cuts.items[i], piece = quotient(cuts.items[i + 1], pre);
    sharc_vec_push(out,
                   sharc_sdy_axis_ref_get(ctx, name, sharc_sdy_sub_axis_info_get(ctx, pre, piece)));
  }
  sharc_vec_free(&cuts);
}

void sharc_sdy_axes_ordered_refs(sharc_context *ctx, const sharc_attr *mesh,
                                 sharc_attr *const *used, unsigned n, sharc_sdy_axis_vec *out) {
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++) {
    const sharc_attr *axis = sharc_sdy_mesh_axis(mesh, i);
    split_mesh_axis(ctx, sharc_sdy_mesh_axis_name(axis), sharc_sdy_mesh_axis_size(axis), used, n,
                    out);
  }
}

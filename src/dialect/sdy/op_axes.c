/* Axis-reference arithmetic the collective verifiers and the manual
 * computation transforms need: containment, prefixes and suffixes, overlap
 * and merging of (sub-)axes, as Shardy's AxisRefAttr defines them. A full
 * axis behaves as the sub-axis (1)size. */
#include "dialect/sdy/op_verify.h"

#include <stdlib.h>

static bool same_name(const sharc_attr *a, const sharc_attr *b) {
  return sharc_str_eq(sharc_sdy_axis_ref_name(a), sharc_sdy_axis_ref_name(b));
}

static const sharc_attr *sub_info(const sharc_attr *a) {
  return sharc_sdy_axis_ref_sub_axis_info(a);
}

int64_t sharc_sdy_axis_pre_size(const sharc_attr *axis) {
  const sharc_attr *info = sub_info(axis);
  return info ? sharc_sdy_sub_axis_info_pre_size(info) : 1;
}

static int64_t sub_next_pre_size(const sharc_attr *info) {
  return sharc_sdy_sub_axis_info_pre_size(info) * sharc_sdy_sub_axis_info_size(info);
}

int64_t sharc_sdy_axis_next_pre_size(const sharc_attr *axis, const sharc_attr *mesh) {
  const sharc_attr *info = sub_info(axis);
  if (info)
    return sub_next_pre_size(info);
  return mesh ? sharc_sdy_mesh_size_of(mesh, sharc_sdy_axis_ref_name(axis)) : 1;
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
         sub_next_pre_size(ia) >= sub_next_pre_size(ib);
}

bool sharc_sdy_axis_prefix_of(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axis_contains(b, a) && sharc_sdy_axis_pre_size(a) == sharc_sdy_axis_pre_size(b);
}

bool sharc_sdy_axis_suffix_of(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  return sharc_sdy_axis_contains(b, a) &&
         sharc_sdy_axis_next_pre_size(a, mesh) == sharc_sdy_axis_next_pre_size(b, mesh);
}

static bool sub_axes_can_coexist(int64_t min_pre, int64_t max_pre, int64_t min_next,
                                 int64_t max_next) {
  if (min_next > max_pre)
    return min_next % max_pre == 0 && max_pre % min_pre == 0 && max_next % min_next == 0;
  return max_pre % min_next == 0;
}

/* Pre-sizes and next pre-sizes of two sub-axes of one axis, ordered. */
typedef struct bounds {
  int64_t min_pre, max_pre, min_next, max_next;
} bounds;

static bounds bounds_of(const sharc_attr *ia, const sharc_attr *ib) {
  int64_t pa = sharc_sdy_sub_axis_info_pre_size(ia), pb = sharc_sdy_sub_axis_info_pre_size(ib);
  int64_t na = sub_next_pre_size(ia), nb = sub_next_pre_size(ib);
  return (bounds){pa < pb ? pa : pb, pa < pb ? pb : pa, na < nb ? na : nb, na < nb ? nb : na};
}

bool sharc_sdy_axis_can_coexist(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return true;
  const sharc_attr *ia = sub_info(a), *ib = sub_info(b);
  if (!ia || !ib)
    return true;
  bounds k = bounds_of(ia, ib);
  return sub_axes_can_coexist(k.min_pre, k.max_pre, k.min_next, k.max_next);
}

sharc_attr *sharc_sdy_axis_make(sharc_context *ctx, sharc_str name, int64_t pre, int64_t size,
                          const sharc_attr *mesh) {
  if (pre == 1 && mesh && sharc_sdy_mesh_size_of(mesh, name) == size)
    return sharc_sdy_axis_ref_get(ctx, name, NULL);
  return sharc_sdy_axis_ref_get(ctx, name, sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

sharc_attr *sharc_sdy_axis_prefix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                            const sharc_attr *b) {
  if (!sharc_sdy_axis_can_coexist(a, b))
    return NULL;
  if (!sharc_sdy_axis_ref_overlaps(a, b))
    return (sharc_attr *)a;
  int64_t pa = sharc_sdy_axis_pre_size(a), pb = sharc_sdy_axis_pre_size(b);
  if (pa >= pb)
    return NULL;
  return sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(a), pa, pb / pa, NULL);
}

sharc_attr *sharc_sdy_axis_suffix_without_overlap(sharc_context *ctx, const sharc_attr *a,
                                            const sharc_attr *b, const sharc_attr *mesh) {
  if (!sharc_sdy_axis_can_coexist(a, b))
    return NULL;
  if (!sharc_sdy_axis_ref_overlaps(a, b))
    return (sharc_attr *)a;
  int64_t na = sharc_sdy_axis_next_pre_size(a, mesh), nb = sharc_sdy_axis_next_pre_size(b, mesh);
  if (na <= nb)
    return NULL;
  return sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(a), nb, na / nb, NULL);
}

sharc_attr *sharc_sdy_axis_merge(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b,
                           const sharc_attr *mesh) {
  int64_t size =
      sharc_sdy_sub_axis_info_size(sub_info(a)) * sharc_sdy_sub_axis_info_size(sub_info(b));
  return sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(a), sharc_sdy_axis_pre_size(a), size, mesh);
}

int sharc_sdy_axis_cmp(const sharc_attr *a, const sharc_attr *b, const sharc_attr *mesh) {
  if (sharc_sdy_axis_ref_less(a, b, mesh))
    return -1;
  return sharc_sdy_axis_ref_less(b, a, mesh) ? 1 : 0;
}

void sharc_sdy_axes_push(sdy_axes *v, sharc_attr *axis) {
  if (v->n == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    sharc_attr **g = realloc(v->items, v->cap * sizeof *g);
    if (!g)
      abort();
    v->items = g;
  }
  v->items[v->n++] = axis;
}

void sharc_sdy_axes_free(sdy_axes *v) {
  free(v->items);
  *v = (sdy_axes){0};
}

void sharc_sdy_axes_add_or_merge(sharc_context *ctx, sdy_axes *v, sharc_attr *axis,
                           const sharc_attr *mesh) {
  if (v->n && sharc_sdy_axis_ref_can_merge(v->items[v->n - 1], axis)) {
    v->items[v->n - 1] = sharc_sdy_axis_merge(ctx, v->items[v->n - 1], axis, mesh);
    return;
  }
  sharc_sdy_axes_push(v, axis);
}

void sharc_sdy_axes_sort_and_merge(sharc_context *ctx, const sdy_axes *axes, const sharc_attr *mesh,
                             sdy_axes *out) {
  sdy_axes sorted = {0};
  for (unsigned i = 0; i < axes->n; i++)
    sharc_sdy_axes_push(&sorted, axes->items[i]);
  /* insertion sort: these lists hold a handful of axes */
  for (unsigned i = 1; i < sorted.n; i++)
    for (unsigned j = i; j > 0 && sharc_sdy_axis_cmp(sorted.items[j], sorted.items[j - 1], mesh) < 0;
         j--) {
      sharc_attr *t = sorted.items[j];
      sorted.items[j] = sorted.items[j - 1];
      sorted.items[j - 1] = t;
    }
  for (unsigned i = 0; i < sorted.n; i++)
    sharc_sdy_axes_add_or_merge(ctx, out, sorted.items[i], mesh);
  sharc_sdy_axes_free(&sorted);
}

static bool axes_contain(const sdy_axes *v, const sharc_attr *axis) {
  for (unsigned i = 0; i < v->n; i++)
    if (v->items[i] == axis)
      return true;
  return false;
}

bool sharc_sdy_verify_axis_list(sharc_op *op, const char *prefix, sharc_attr *const *axes, unsigned n,
                          const sharc_attr *mesh, sdy_axes *seen) {
  const sharc_attr *prev = NULL;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *axis = axes[i];
    sharc_str name = sharc_sdy_axis_ref_name(axis);
    if (sharc_sdy_mesh_size_of(mesh, name) < 0) {
      sharc_sdy_emit_prefixed(op, prefix, "unknown axis name: \"%.*s\"", (int)name.len, name.data);
      return false;
    }
    sharc_buf text = {0};
    if (axes_contain(seen, axis)) {
      sharc_sdy_axis_ref_to_string(axis, &text);
      sharc_sdy_emit_prefixed(op, prefix, "duplicate axis ref: %s", text.data);
      sharc_buf_free(&text);
      return false;
    }
    sharc_sdy_axes_push(seen, axis);
    if (sub_info(axis) && prev && sharc_sdy_axis_ref_can_merge(prev, axis)) {
      sharc_sdy_axis_ref_to_string(prev, &text);
      SHARC_BUF_LIT(&text, ", ");
      sharc_sdy_axis_ref_to_string(axis, &text);
      sharc_sdy_emit_prefixed(op, prefix, "two consecutive sub-axes can be merged: %s", text.data);
      sharc_buf_free(&text);
      return false;
    }
    prev = axis;
  }
  return true;
}

/* StableHLO's gather rules (verifyGather and inferGatherOp of
 * TypeInference.cpp): the dimension numbers against the ranks of operand and
 * start_indices, slice_sizes against the operand, then the inferred result. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>

static void append_list(sharc_buf *b, const sharc_shlo_dims *d) {
  for (unsigned i = 0; i < d->n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)d->v[i]);
}

static bool list_error(sharc_op *op, const char *head, const sharc_shlo_dims *d, const char *tail) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s", head);
  append_list(&msg, d);
  sharc_buf_printf(&msg, "%s", tail);
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

static bool sorted_and_unique(sharc_op *op, const sharc_shlo_dims *d) {
  char head[96];
  int64_t dup;
  if (!sharc_shlo_dims_sorted(d)) {
    snprintf(head, sizeof head, "expects %s to be sorted, got: [", d->name);
    return list_error(op, head, d, "]");
  }
  if (sharc_shlo_dims_repeat(d, NULL, &dup)) {
    snprintf(head, sizeof head, "expects %s to not repeat, got: [", d->name);
    return list_error(op, head, d, "]");
  }
  return true;
}

enum { OFFSET, COLLAPSED, OPERAND_BATCH, INDICES_BATCH, START_MAP, N_LISTS };

typedef struct gather {
  sharc_op *op;
  const sharc_type *operand, *indices;
  /* slice sizes: gather's attribute, or dynamic_gather's operand, whose
   * values are known only when a constant defines it */
  int64_t *sizes;
  unsigned n_sizes, sizes_rank;
  bool sizes_known;
  sharc_shlo_dims d[N_LISTS];
  int64_t ivd;
} gather;

static int64_t slice_size(const gather *g, unsigned i) {
  return g->sizes_known && i < g->n_sizes ? g->sizes[i] : SHARC_DYNAMIC;
}

static bool check_index_vector_dim(gather *g) {
  int64_t rank = g->indices->shaped.rank;
  if (g->ivd < 0 || g->ivd > rank) {
    sharc_shlo_error(g->op, "Expects index_vector_dim to be in range [0, rank-of('start_indices')] i.e. "
               "[0, %lld]. got: %lld.", (long long)rank, (long long)g->ivd);
    return false;
  }
  int64_t size = g->ivd == rank ? 1 : g->indices->shaped.shape[g->ivd];
  if (size != SHARC_DYNAMIC && size != (int64_t)g->d[START_MAP].n) {
    sharc_shlo_error(g->op, "start_index_map size (%u) is not equal to size of index dimension (%lld) "
               "of start_indices (%lld)", g->d[START_MAP].n, (long long)g->ivd, (long long)size);
    return false;
  }
  return true;
}

static bool check_batching(gather *g) {
  const sharc_shlo_dims *ob = &g->d[OPERAND_BATCH], *ib = &g->d[INDICES_BATCH];
  int64_t dup;
  if (sharc_shlo_dims_repeat(ib, NULL, &dup))
    return list_error(g->op, "expects start_indices_batching_dims to not repeat, got: [", ib, "]");
  if (!sharc_shlo_dims_in_bounds(g->op, ib, g->indices->shaped.rank, "rank-of('start_indices')"))
    return false;
  return sharc_shlo_check_batching_pairs(g->op, ob, "operand_batching_dims",
                                         g->operand->shaped.shape, ib,
                                         "start_indices_batching_dims", g->indices->shaped.shape,
                                         g->ivd, "");
}

/* The slice_sizes operand as a shape: rank 1, one entry per operand dim. */
static bool check_sizes_shape(gather *g) {
  if (g->sizes_rank != 1) {
    sharc_shlo_error(g->op, "slice_sizes.rank != 1 (got %u)", g->sizes_rank);
    return false;
  }
  if (g->n_sizes != g->operand->shaped.rank) {
    sharc_shlo_error(g->op, "slice_sizes size (%u) not equal to operand rank (%u)", g->n_sizes,
                     g->operand->shaped.rank);
    return false;
  }
  return true;
}

/* verifyGather. */
static bool check_dimension_numbers(gather *g) {
  int64_t rank = g->operand->shaped.rank;
  sharc_shlo_dims *d = g->d;
  if ((int64_t)(d[OFFSET].n + d[COLLAPSED].n + d[OPERAND_BATCH].n) != rank) {
    sharc_shlo_error(g->op, "offset_dims size (%u) plus collapse_slice_dims size (%u) plus "
               "operand_batching_dims size (%u) is not equal to operand rank (%lld)",
               d[OFFSET].n, d[COLLAPSED].n, d[OPERAND_BATCH].n, (long long)rank);
    return false;
  }
  return check_index_vector_dim(g) && sorted_and_unique(g->op, &d[OFFSET]) &&
         sharc_shlo_dims_distinct(g->op, &d[COLLAPSED], &d[OPERAND_BATCH]) &&
         (sharc_shlo_dims_sorted(&d[COLLAPSED]) ||
          list_error(g->op, "expects collapsed_slice_dims to be sorted, got: [", &d[COLLAPSED],
                     "]")) &&
         sharc_shlo_dims_in_bounds(g->op, &d[COLLAPSED], rank, "rank-of('operand')") &&
         (sharc_shlo_dims_sorted(&d[OPERAND_BATCH]) ||
          list_error(g->op, "expects operand_batching_dims to be sorted, got: [",
                     &d[OPERAND_BATCH], "]")) &&
         sharc_shlo_dims_in_bounds(g->op, &d[OPERAND_BATCH], rank, "rank-of('operand')") && check_batching(g) &&
         sharc_shlo_dims_distinct(g->op, &d[START_MAP], &d[OPERAND_BATCH]) &&
         sharc_shlo_dims_in_bounds(g->op, &d[START_MAP], rank, "rank-of('operand')") && check_sizes_shape(g);
}

static bool slice_sizes_at_most_one(gather *g, const sharc_shlo_dims *dims) {
  for (unsigned i = 0; i < dims->n; i++) {
    int64_t s = slice_size(g, (unsigned)dims->v[i]);
    if (s != SHARC_DYNAMIC && s > 1) {
      sharc_shlo_error(g->op, "Expects that for each dim in %s, slice_sizes[dim] should be <= 1, "
                       "but got %lld", dims->name, (long long)s);
      return false;
    }
  }
  return true;
}

static bool check_slice_sizes(gather *g) {
  if (!g->sizes_known)
    return true;
  if (!slice_sizes_at_most_one(g, &g->d[COLLAPSED]) ||
      !slice_sizes_at_most_one(g, &g->d[OPERAND_BATCH]))
    return false;
  for (unsigned i = 0; i < g->n_sizes; i++) {
    int64_t s = g->sizes[i], dim = g->operand->shaped.shape[i];
    if (s < 0 || (dim != SHARC_DYNAMIC && s > dim)) {
      sharc_shlo_error(g->op, "slice size (%lld) is out of bounds for operand dimension (%lld) at "
                       "index %u", (long long)s, (long long)dim, i);
      return false;
    }
  }
  return true;
}

/* inferGatherShape: offset dimensions take the slice sizes left after
 * dropping collapsed and batching dimensions, the others the start_indices
 * dimensions around index_vector_dim. */
static bool check_result(gather *g) {
  int64_t indices_rank = g->indices->shaped.rank + (g->ivd == (int64_t)g->indices->shaped.rank);
  int64_t rank = (int64_t)g->d[OFFSET].n + indices_rank - 1;
  if (!sharc_shlo_dims_in_bounds(g->op, &g->d[OFFSET], rank, "implied-result-rank"))
    return false;
  unsigned operand_rank = g->operand->shaped.rank;
  int64_t *window = sharc_xmalloc_array(operand_rank + 1, sizeof *window);
  int64_t *shape = sharc_xmalloc_array((size_t)rank + 1, sizeof *shape);
  unsigned n_window = 0;
  for (unsigned i = 0; i < operand_rank; i++)
    if (!sharc_shlo_dims_contains(&g->d[COLLAPSED], i) && !sharc_shlo_dims_contains(&g->d[OPERAND_BATCH], i))
      window[n_window++] = slice_size(g, i);
  int64_t *bounds = sharc_xmalloc_array((size_t)rank + 1, sizeof *bounds);
  sharc_attr *in_bounds_attr = sharc_shlo_bounds(g->indices);
  unsigned next_offset = 0;
  int64_t next_batch = 0;
  for (int64_t i = 0; i < rank; i++) {
    bounds[i] = SHARC_DYNAMIC;
    if (sharc_shlo_dims_contains(&g->d[OFFSET], i)) {
      shape[i] = next_offset < n_window ? window[next_offset] : SHARC_DYNAMIC;
      next_offset++;
      continue;
    }
    int64_t index = next_batch++;
    if (index >= g->ivd)
      index++;
    shape[i] = g->indices->shaped.shape[index];
    if (in_bounds_attr && index < (int64_t)sharc_attr_count(in_bounds_attr))
      bounds[i] = sharc_attr_dense_array_i64(in_bounds_attr, (unsigned)index);
  }
  sharc_context *ctx = sharc_op_context(g->op);
  sharc_attr *enc = g->indices->shaped.encoding;
  if (in_bounds_attr) {
    bool all_dynamic = true;
    for (int64_t i = 0; i < rank; i++)
      all_dynamic = all_dynamic && bounds[i] == SHARC_DYNAMIC;
    sharc_attr *f[1] = {sharc_attr_dense_i64_array(ctx, bounds, (unsigned)rank)};
    enc = all_dynamic ? NULL : sharc_shlo_struct_get(ctx, &sharc_shlo_type_extensions_def, f);
  }
  bool ok = sharc_shlo_check_inferred(
      g->op, sharc_type_tensor(ctx, shape, (unsigned)rank, g->operand->shaped.elem, enc));
  free(window);
  free(shape);
  free(bounds);
  return ok;
}

/* The integers of a constant-defined value (m_Constant), or false. */
static bool constant_ints(const sharc_value *v, int64_t *out, unsigned n) {
  sharc_attr *value = sharc_shlo_constant_ints(v, false);
  for (unsigned i = 0; value && i < n; i++)
    out[i] = sharc_attr_dense_int(value, i);
  return value != NULL;
}

static bool run_gather(gather *g, sharc_attr *dn) {
  static const char *const names[N_LISTS] = {"offset_dims", "collapsed_slice_dims",
                                             "operand_batching_dims",
                                             "start_indices_batching_dims", "start_index_map"};
  for (unsigned i = 0; i < N_LISTS; i++)
    sharc_shlo_dims_load(&g->d[i], dn, &sharc_shlo_gather_def, i, names[i]);
  sharc_attr *ivd = sharc_shlo_struct_field(dn, &sharc_shlo_gather_def, 5);
  g->ivd = ivd ? sharc_attr_int_value(ivd) : 0;
  bool ok = check_dimension_numbers(g) && check_slice_sizes(g) && check_result(g);
  for (unsigned i = 0; i < N_LISTS; i++)
    free(g->d[i].v);
  free(g->sizes);
  return ok;
}

/* inferGatherOp. */
bool sharc_shlo_verify_gather(sharc_op *op) {
  gather g = {.op = op,
              .operand = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0))),
              .indices = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)))};
  sharc_attr *sizes = sharc_shlo_i64_array(op, "slice_sizes");
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!g.operand || !g.indices || !sizes || !dn)
    return true;
  g.n_sizes = sharc_attr_count(sizes);
  g.sizes_rank = 1;
  g.sizes_known = true;
  g.sizes = sharc_xmalloc_array(g.n_sizes + 1, sizeof *g.sizes);
  for (unsigned i = 0; i < g.n_sizes; i++)
    g.sizes[i] = sharc_attr_dense_array_i64(sizes, i);
  return run_gather(&g, dn);
}

/* inferDynamicGatherOp: slice sizes from the third operand. */
bool sharc_shlo_infer_dynamic_gather(sharc_op *op) {
  gather g = {.op = op,
              .operand = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0))),
              .indices = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)))};
  const sharc_type *sizes = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 2)));
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!g.operand || !g.indices || !sizes || !dn)
    return true;
  g.sizes_rank = sizes->shaped.rank;
  int64_t count = sharc_type_num_elements(sizes);
  g.n_sizes = count < 0 ? 0 : (unsigned)count;
  g.sizes = sharc_xmalloc_array(g.n_sizes + 1, sizeof *g.sizes);
  g.sizes_known = count >= 0 && constant_ints(sharc_op_operand(op, 2), g.sizes, g.n_sizes);
  return run_gather(&g, dn);
}

/* StableHLO's gather rules (verifyGather and inferGatherOp of
 * TypeInference.cpp): the dimension numbers against the ranks of operand and
 * start_indices, slice_sizes against the operand, then the inferred result. */
#include "dialect/stablehlo/shlo.h"

#include <stdio.h>
#include <stdlib.h>

/* A field of the dimension numbers as a list; absent fields are empty. */
typedef struct dim_list {
  const char *name;
  unsigned n;
  int64_t *v;
} dim_list;

static void load_dims(dim_list *d, const sharc_attr *dn, unsigned field, const char *name) {
  sharc_attr *a = sharc_shlo_struct_field(dn, &sharc_shlo_gather_def, field);
  d->name = name;
  d->n = a && a->kind == SHARC_ATTR_DENSE_ARRAY ? sharc_attr_count(a) : 0;
  d->v = malloc((d->n + 1) * sizeof *d->v);
  if (!d->v)
    abort();
  for (unsigned i = 0; i < d->n; i++)
    d->v[i] = sharc_attr_dense_array_i64(a, i);
}

static bool contains(const dim_list *d, int64_t x) {
  for (unsigned i = 0; i < d->n; i++)
    if (d->v[i] == x)
      return true;
  return false;
}

static bool is_sorted(const dim_list *d) {
  for (unsigned i = 1; i < d->n; i++)
    if (d->v[i] < d->v[i - 1])
      return false;
  return true;
}

/* The first value seen twice across `a` then `b`, or false. Dimension lists
 * are bounded by ranks, so the pairwise scan stays small. */
static bool first_repeat(const dim_list *a, const dim_list *b, int64_t *dup) {
  unsigned n = a->n + (b ? b->n : 0);
  for (unsigned i = 0; i < n; i++) {
    int64_t x = i < a->n ? a->v[i] : b->v[i - a->n];
    for (unsigned j = 0; j < i; j++) {
      int64_t y = j < a->n ? a->v[j] : b->v[j - a->n];
      if (x == y) {
        *dup = x;
        return true;
      }
    }
  }
  return false;
}

static void append_list(sharc_buf *b, const dim_list *d) {
  for (unsigned i = 0; i < d->n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)d->v[i]);
}

static bool list_error(sharc_op *op, const char *head, const dim_list *d, const char *tail) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s", head);
  append_list(&msg, d);
  sharc_buf_printf(&msg, "%s", tail);
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

static bool sorted_and_unique(sharc_op *op, const dim_list *d) {
  char head[96];
  int64_t dup;
  if (!is_sorted(d)) {
    snprintf(head, sizeof head, "expects %s to be sorted, got: [", d->name);
    return list_error(op, head, d, "]");
  }
  if (first_repeat(d, NULL, &dup)) {
    snprintf(head, sizeof head, "expects %s to not repeat, got: [", d->name);
    return list_error(op, head, d, "]");
  }
  return true;
}

static bool distinct(sharc_op *op, const dim_list *a, const dim_list *b) {
  int64_t dup;
  if (!first_repeat(a, b, &dup))
    return true;
  sharc_shlo_error(op, "has duplicated dimension from %s and %s: %lld", a->name, b->name,
             (long long)dup);
  return false;
}

static bool in_bounds(sharc_op *op, const dim_list *d, int64_t bound, const char *bound_name) {
  for (unsigned i = 0; i < d->n; i++)
    if (d->v[i] < 0 || d->v[i] >= bound) {
      sharc_shlo_error(op, "Expects each element of %s to be in range [0, %s) i.e. [0, %lld). got: "
                 "%lld.", d->name, bound_name, (long long)bound, (long long)d->v[i]);
      return false;
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
  dim_list d[N_LISTS];
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
  const dim_list *ob = &g->d[OPERAND_BATCH], *ib = &g->d[INDICES_BATCH];
  int64_t dup;
  if (first_repeat(ib, NULL, &dup))
    return list_error(g->op, "expects start_indices_batching_dims to not repeat, got: [", ib, "]");
  if (!in_bounds(g->op, ib, g->indices->shaped.rank, "rank-of('start_indices')"))
    return false;
  if (contains(ib, g->ivd)) {
    sharc_shlo_error(g->op, "expects start_indices_batching_dims not to include index_vector_dim %lld",
               (long long)g->ivd);
    return false;
  }
  if (ob->n != ib->n) {
    sharc_shlo_error(g->op, "operand_batching_dims and start_indices_batching_dims should have the "
               "same size");
    return false;
  }
  for (unsigned i = 0; i < ob->n; i++) {
    int64_t a = g->operand->shaped.shape[ob->v[i]], b = g->indices->shaped.shape[ib->v[i]];
    if (a != SHARC_DYNAMIC && b != SHARC_DYNAMIC && a != b) {
      sharc_shlo_error(g->op, "operand_batching_dims[%u] and start_indices_batching_dims[%u] must have "
                 "compatible sizes, but got %lld and %lld", i, i, (long long)a, (long long)b);
      return false;
    }
  }
  return true;
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
  dim_list *d = g->d;
  if ((int64_t)(d[OFFSET].n + d[COLLAPSED].n + d[OPERAND_BATCH].n) != rank) {
    sharc_shlo_error(g->op, "offset_dims size (%u) plus collapse_slice_dims size (%u) plus "
               "operand_batching_dims size (%u) is not equal to operand rank (%lld)",
               d[OFFSET].n, d[COLLAPSED].n, d[OPERAND_BATCH].n, (long long)rank);
    return false;
  }
  return check_index_vector_dim(g) && sorted_and_unique(g->op, &d[OFFSET]) &&
         distinct(g->op, &d[COLLAPSED], &d[OPERAND_BATCH]) &&
         (is_sorted(&d[COLLAPSED]) ||
          list_error(g->op, "expects collapsed_slice_dims to be sorted, got: [", &d[COLLAPSED],
                     "]")) &&
         in_bounds(g->op, &d[COLLAPSED], rank, "rank-of('operand')") &&
         (is_sorted(&d[OPERAND_BATCH]) ||
          list_error(g->op, "expects operand_batching_dims to be sorted, got: [",
                     &d[OPERAND_BATCH], "]")) &&
         in_bounds(g->op, &d[OPERAND_BATCH], rank, "rank-of('operand')") && check_batching(g) &&
         distinct(g->op, &d[START_MAP], &d[OPERAND_BATCH]) &&
         in_bounds(g->op, &d[START_MAP], rank, "rank-of('operand')") && check_sizes_shape(g);
}

static bool slice_sizes_at_most_one(gather *g, const dim_list *dims) {
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
  if (!in_bounds(g->op, &g->d[OFFSET], rank, "implied-result-rank"))
    return false;
  unsigned operand_rank = g->operand->shaped.rank;
  int64_t *window = malloc((operand_rank + 1) * sizeof *window);
  int64_t *shape = malloc(((size_t)rank + 1) * sizeof *shape);
  if (!window || !shape)
    abort();
  unsigned n_window = 0;
  for (unsigned i = 0; i < operand_rank; i++)
    if (!contains(&g->d[COLLAPSED], i) && !contains(&g->d[OPERAND_BATCH], i))
      window[n_window++] = slice_size(g, i);
  int64_t *bounds = malloc(((size_t)rank + 1) * sizeof *bounds);
  if (!bounds)
    abort();
  sharc_attr *in_bounds_attr = sharc_shlo_bounds(g->indices);
  unsigned next_offset = 0;
  int64_t next_batch = 0;
  for (int64_t i = 0; i < rank; i++) {
    bounds[i] = SHARC_DYNAMIC;
    if (contains(&g->d[OFFSET], i)) {
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
  sharc_op *def = sharc_value_defining_op(v);
  sharc_attr *value = def && sharc_op_has_trait(def, SHARC_TRAIT_CONSTANT_LIKE)
                          ? sharc_op_attr(def, "value") : NULL;
  if (!value || value->kind != SHARC_ATTR_DENSE_ELEMENTS)
    return false;
  const sharc_type *elem = sharc_type_element(value->type);
  if (!elem || elem->kind != SHARC_TYPE_INTEGER)
    return false;
  unsigned w = elem->integer.width;
  for (unsigned i = 0; i < n; i++) {
    uint64_t raw = value->dense.splat ? value->dense.raw[0] : value->dense.raw[i];
    if (w < 64) {
      uint64_t sign = (uint64_t)1 << (w - 1);
      raw &= (sign << 1) - 1;
      raw = (raw ^ sign) - sign;
    }
    out[i] = (int64_t)raw;
  }
  return true;
}

static bool run_gather(gather *g, sharc_attr *dn) {
  static const char *const names[N_LISTS] = {"offset_dims", "collapsed_slice_dims",
                                             "operand_batching_dims",
                                             "start_indices_batching_dims", "start_index_map"};
  for (unsigned i = 0; i < N_LISTS; i++)
    load_dims(&g->d[i], dn, i, names[i]);
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
  gather g = {0};
  g.op = op;
  g.operand = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0)));
  g.indices = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)));
  sharc_attr *sizes = sharc_shlo_i64_array(op, "slice_sizes");
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!g.operand || !g.indices || !sizes || !dn)
    return true;
  g.n_sizes = sharc_attr_count(sizes);
  g.sizes_rank = 1;
  g.sizes_known = true;
  g.sizes = malloc((g.n_sizes + 1) * sizeof *g.sizes);
  if (!g.sizes)
    abort();
  for (unsigned i = 0; i < g.n_sizes; i++)
    g.sizes[i] = sharc_attr_dense_array_i64(sizes, i);
  return run_gather(&g, dn);
}

/* inferDynamicGatherOp: slice sizes from the third operand. */
bool sharc_shlo_infer_dynamic_gather(sharc_op *op) {
  gather g = {0};
  g.op = op;
  g.operand = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0)));
  g.indices = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)));
  const sharc_type *sizes = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 2)));
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!g.operand || !g.indices || !sizes || !dn)
    return true;
  g.sizes_rank = sizes->shaped.rank;
  int64_t count = sharc_type_num_elements(sizes);
  g.n_sizes = count < 0 ? 0 : (unsigned)count;
  g.sizes = malloc((g.n_sizes + 1) * sizeof *g.sizes);
  if (!g.sizes)
    abort();
  g.sizes_known = count >= 0 && constant_ints(sharc_op_operand(op, 2), g.sizes, g.n_sizes);
  return run_gather(&g, dn);
}

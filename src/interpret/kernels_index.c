/* Indexed access: dynamic_slice, dynamic_update_slice, gather and scatter,
 * as the StableHLO spec defines them (start indices clamped for the slices
 * and gather; scatter updates whose window leaves the operand skipped). */
#include <stdlib.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/body.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static int64_t scalar_index(const sharc_tensor *t) {
  return t->st == SHARC_ST_INT ? t->data.i[0] : (int64_t)sharc_tensor_get_real(t, 0);
}

/* The flat offset of multi-index `at` under row-major strides `st`. */
static int64_t linear_offset(const int64_t *at, const int64_t *st, unsigned rank) {
  int64_t off = 0;
  for (unsigned d = 0; d < rank; d++)
    off += at[d] * st[d];
  return off;
}

SHARC_RESULT_KERNEL(k_dynamic_slice) {
  sharc_tensor *a = in[0];
  int64_t start[SHARC_MAX_RANK], st[SHARC_MAX_RANK];
  if (a->rank > SHARC_MAX_RANK || sharc_op_num_operands(op) != a->rank + 1)
    return sharc_interp_fail(ip, op, "stablehlo.dynamic_slice: expected %u start indices", a->rank);
  for (unsigned d = 0; d < a->rank; d++)
    start[d] = clamp64(scalar_index(in[1 + d]), 0, a->shape[d] - r->shape[d]);
  sharc_strides(a->shape, a->rank, st);
  sharc_strided_gather(r->data.p, a->data.p, sharc_storage_size(r->st), r->shape, r->rank,
                       linear_offset(start, st, a->rank), st);
  return true;
}

SHARC_RESULT_KERNEL(k_dynamic_update_slice) {
  sharc_tensor *a = in[0], *u = in[1];
  size_t esz = sharc_storage_size(r->st);
  memcpy(r->data.p, a->data.p, (size_t)a->n * esz);
  int64_t start[SHARC_MAX_RANK], st[SHARC_MAX_RANK];
  if (a->rank > SHARC_MAX_RANK || sharc_op_num_operands(op) != a->rank + 2)
    return sharc_interp_fail(ip, op, "stablehlo.dynamic_update_slice: expected %u start indices",
                             a->rank);
  for (unsigned d = 0; d < a->rank; d++)
    start[d] = clamp64(scalar_index(in[2 + d]), 0, a->shape[d] - u->shape[d]);
  sharc_strides(a->shape, a->rank, st);
  sharc_strided_scatter(r->data.p, u->data.p, esz, u->shape, u->rank,
                        linear_offset(start, st, a->rank), st);
  return true;
}

/* ---- gather / scatter ------------------------------------------------------------------ */

typedef struct dims_list {
  int n;
  int64_t v[SHARC_MAX_RANK];
} dims_list;

static void struct_dims(const sharc_attr *s, const shlo_struct_def *def, unsigned field,
                        dims_list *out) {
  sharc_attr *f = s ? sharc_shlo_struct_field(s, def, field) : NULL;
  out->n = 0;
  for (unsigned i = 0; f && i < sharc_interp_attr_len(f) && i < SHARC_MAX_RANK; i++)
    out->v[out->n++] = sharc_interp_attr_i64(f, i);
}

static bool in_list(const dims_list *l, int64_t d) {
  for (int i = 0; i < l->n; i++)
    if (l->v[i] == d)
      return true;
  return false;
}

/* The index vector of `indices` at batch position `batch` (the batch dims,
 * in order, with index_vector_dim left out), into `vec`. */
static void index_vector(const sharc_tensor *indices, int64_t ivd, const int64_t *batch,
                         int64_t *vec, int64_t len) {
  int64_t st[SHARC_MAX_RANK];
  sharc_strides(indices->shape, indices->rank, st);
  int64_t base = 0;
  unsigned b = 0;
  for (unsigned d = 0; d < indices->rank; d++) {
    if ((int64_t)d == ivd)
      continue;
    base += batch[b++] * st[d];
  }
  for (int64_t k = 0; k < len; k++) {
    int64_t off = ivd < (int64_t)indices->rank ? base + k * st[ivd] : base;
    vec[k] = indices->st == SHARC_ST_INT ? indices->data.i[off]
                                         : (int64_t)sharc_tensor_get_real(indices, off);
  }
}

/* Gather's and scatter's dimension numbers: five dimension lists, in the
 * same order in both (gather's offset, collapsed-slice, operand-batching,
 * start-indices-batching dims and start_index_map; scatter's update-window,
 * inserted-window, input-batching, scatter-indices-batching dims and
 * scatter_dims_to_operand_dims), then index_vector_dim, returned. */
enum { DN_WINDOW, DN_COLLAPSED, DN_OPERAND_BATCH, DN_INDICES_BATCH, DN_START_MAP, DN_LISTS };

static int64_t read_dimension_numbers(const sharc_attr *dn, const shlo_struct_def *def,
                                      dims_list lists[DN_LISTS]) {
  for (unsigned i = 0; i < DN_LISTS; i++)
    struct_dims(dn, def, i, &lists[i]);
  sharc_attr *ivd = dn ? sharc_shlo_struct_field(dn, def, DN_LISTS) : NULL;
  return ivd ? sharc_attr_int_value(ivd) : 0;
}

/* The dimensions below `rank` in neither `a` nor `b`, in order; their count. */
static int dims_in_neither(unsigned rank, const dims_list *a, const dims_list *b, int64_t *out) {
  int n = 0;
  for (unsigned d = 0; d < rank; d++)
    if (!in_list(a, d) && !in_list(b, d))
      out[n++] = d;
  return n;
}

/* Splits a multi-index into its dimensions listed in `window` (`win`, *nw
 * of them) and the others (`batch`), each in order. */
static void split_index(const int64_t *idx, unsigned rank, const dims_list *window, int64_t *win,
                        int *nw, int64_t *batch) {
  int nb = 0;
  *nw = 0;
  for (unsigned d = 0; d < rank; d++) {
    if (in_list(window, d))
      win[(*nw)++] = idx[d];
    else
      batch[nb++] = idx[d];
  }
}

/* Adds to operand position `full` the batching dimensions (operand
 * dimension operand_batch[k] takes the batch index of indices dimension
 * indices_batch[k]) and the window offsets (`win` along `win_dims`). */
static void add_batch_and_window(int64_t *full, const dims_list *operand_batch,
                                 const dims_list *indices_batch, int64_t ivd, const int64_t *batch,
                                 const int64_t *win_dims, int n_win_dims, const int64_t *win,
                                 int nw) {
  for (int k = 0; k < operand_batch->n; k++) {
    int64_t ds = indices_batch->v[k];
    full[operand_batch->v[k]] += batch[ds < ivd ? ds : ds - 1];
  }
  for (int k = 0; k < n_win_dims && k < nw; k++)
    full[win_dims[k]] += win[k];
}

/* The flat offset of position `full` in `a` (strides `st`); false when
 * the position lies outside it. */
static bool operand_offset(const sharc_tensor *a, const int64_t *st, const int64_t *full,
                           int64_t *off) {
  bool inside = true;
  *off = 0;
  for (unsigned d = 0; d < a->rank; d++) {
    if (full[d] < 0 || full[d] >= a->shape[d])
      inside = false;
    *off += full[d] * st[d];
  }
  return inside;
}

/* What gather and scatter share: how an index of the result (gather) or of
 * the updates (scatter) becomes a position in the operand. */
typedef struct index_map {
  const sharc_tensor *operand, *indices;
  dims_list dl[DN_LISTS];
  int64_t ivd;
  /* operand dims that take the window index, in order */
  int64_t window_operand_dims[SHARC_MAX_RANK];
  int n_window_operand_dims;
  int64_t strides[SHARC_MAX_RANK];
  /* gather clamps each start so its slice of these sizes fits; scatter
   * (NULL) skips a window that leaves the operand instead */
  const int64_t *clamp_sizes;
} index_map;

static void index_map_init(index_map *m, const sharc_attr *dn, const shlo_struct_def *def,
                           const sharc_tensor *operand, const sharc_tensor *indices,
                           const int64_t *clamp_sizes) {
  m->operand = operand;
  m->indices = indices;
  m->ivd = read_dimension_numbers(dn, def, m->dl);
  m->n_window_operand_dims = dims_in_neither(operand->rank, &m->dl[DN_COLLAPSED],
                                             &m->dl[DN_OPERAND_BATCH], m->window_operand_dims);
  sharc_strides(operand->shape, operand->rank, m->strides);
  m->clamp_sizes = clamp_sizes;
}

/* The flat operand offset of index `idx` (of rank `rank`); false when the
 * position lies outside the operand. */
static bool index_map_offset(const index_map *m, const int64_t *idx, unsigned rank, int64_t *off) {
  int64_t batch[SHARC_MAX_RANK], win[SHARC_MAX_RANK];
  int nw;
  split_index(idx, rank, &m->dl[DN_WINDOW], win, &nw, batch);
  const dims_list *start_map = &m->dl[DN_START_MAP];
  int64_t full[SHARC_MAX_RANK] = {0}, vec[SHARC_MAX_RANK];
  index_vector(m->indices, m->ivd, batch, vec, start_map->n);
  for (int k = 0; k < start_map->n; k++) {
    int64_t d = start_map->v[k];
    full[d] = m->clamp_sizes ? clamp64(vec[k], 0, m->operand->shape[d] - m->clamp_sizes[d]) : vec[k];
  }
  add_batch_and_window(full, &m->dl[DN_OPERAND_BATCH], &m->dl[DN_INDICES_BATCH], m->ivd, batch,
                       m->window_operand_dims, m->n_window_operand_dims, win, nw);
  return operand_offset(m->operand, m->strides, full, off);
}

SHARC_RESULT_KERNEL(k_gather) {
  sharc_tensor *a = in[0], *ind = in[1];
  int64_t sizes[SHARC_MAX_RANK];
  if (a->rank > SHARC_MAX_RANK || r->rank > SHARC_MAX_RANK ||
      sharc_kernel_i64s(ip, op, "slice_sizes", sizes, SHARC_MAX_RANK) != (int)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.gather: bad slice_sizes");
  index_map m;
  index_map_init(&m, sharc_op_attr(op, "dimension_numbers"), &sharc_shlo_gather_def, a, ind, sizes);
  size_t esz = sharc_storage_size(r->st);
  if (r->n == 0)
    return true;
  int64_t i = 0, idx[SHARC_MAX_RANK] = {0};
  do {
    int64_t src;
    if (!index_map_offset(&m, idx, r->rank, &src))
      return sharc_interp_fail(ip, op, "stablehlo.gather: index out of range");
    sharc_elem_copy(r->data.p, i++, a->data.p, src, esz);
  } while (sharc_idx_next(idx, r->shape, r->rank));
  return true;
}

static bool k_scatter(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                      sharc_scope *sc) {
  unsigned n = (sharc_op_num_operands(op) - 1) / 2;
  sharc_tensor **inputs = in, *ind = in[n], **updates = in + n + 1;
  sharc_tensor *a = inputs[0], *u = updates[0];
  for (unsigned k = 0; k < n; k++) {
    out[k] = sharc_result_new(ip, op, k);
    if (!out[k])
      return false;
    memcpy(out[k]->data.p, inputs[k]->data.p, (size_t)inputs[k]->n * sharc_storage_size(inputs[k]->st));
  }
  if (a->rank > SHARC_MAX_RANK || u->rank > SHARC_MAX_RANK)
    return sharc_interp_fail(ip, op, "stablehlo.scatter: rank too large");
  index_map m;
  index_map_init(&m, sharc_op_attr(op, "scatter_dimension_numbers"), &sharc_shlo_scatter_def, a,
                 ind, NULL);
  sharc_body body;
  if (!sharc_body_init(&body, ip, op, sharc_op_region(op, 0), sc, n))
    return false;
  bool ok = true;
  if (u->n > 0) {
    int64_t i = 0, idx[SHARC_MAX_RANK] = {0};
    do {
      int64_t dst;
      if (index_map_offset(&m, idx, u->rank, &dst))
        ok = sharc_body_accumulate(&body, out, dst, updates, i);
      i++;
    } while (ok && sharc_idx_next(idx, u->shape, u->rank));
  }
  sharc_body_free(&body);
  return ok;
}

const sharc_kernel sharc_kernels_index[] = {
    {"stablehlo.dynamic_slice", k_dynamic_slice, 0},
    {"stablehlo.dynamic_update_slice", k_dynamic_update_slice, 0},
    {"stablehlo.gather", k_gather, 0},
    {"stablehlo.scatter", k_scatter, 0},
    {NULL, NULL, 0},
};

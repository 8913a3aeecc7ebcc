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

static int pos_in(const dims_list *l, int64_t d) {
  for (int i = 0; i < l->n; i++)
    if (l->v[i] == d)
      return i;
  return -1;
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

enum { G_OFFSET, G_COLLAPSED, G_OPERAND_BATCH, G_INDICES_BATCH, G_START_MAP, G_IVD };

SHARC_RESULT_KERNEL(k_gather) {
  sharc_tensor *a = in[0], *ind = in[1];
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  dims_list offset, collapsed, obatch, ibatch, smap;
  struct_dims(dn, &sharc_shlo_gather_def, G_OFFSET, &offset);
  struct_dims(dn, &sharc_shlo_gather_def, G_COLLAPSED, &collapsed);
  struct_dims(dn, &sharc_shlo_gather_def, G_OPERAND_BATCH, &obatch);
  struct_dims(dn, &sharc_shlo_gather_def, G_INDICES_BATCH, &ibatch);
  struct_dims(dn, &sharc_shlo_gather_def, G_START_MAP, &smap);
  sharc_attr *ivda = dn ? sharc_shlo_struct_field(dn, &sharc_shlo_gather_def, G_IVD) : NULL;
  int64_t ivd = ivda ? sharc_attr_int_value(ivda) : 0;
  int64_t sizes[SHARC_MAX_RANK];
  if (a->rank > SHARC_MAX_RANK || r->rank > SHARC_MAX_RANK ||
      sharc_kernel_i64s(ip, op, "slice_sizes", sizes, SHARC_MAX_RANK) != (int)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.gather: bad slice_sizes");
  /* operand dims that take the offset index, in order */
  int64_t offset_operand_dims[SHARC_MAX_RANK];
  int n_off = 0;
  for (unsigned d = 0; d < a->rank; d++)
    if (!in_list(&collapsed, d) && !in_list(&obatch, d))
      offset_operand_dims[n_off++] = d;
  int64_t ast[SHARC_MAX_RANK], idx[SHARC_MAX_RANK] = {0};
  sharc_strides(a->shape, a->rank, ast);
  size_t esz = sharc_storage_size(r->st);
  if (r->n == 0)
    return true;
  int64_t i = 0;
  do {
    int64_t batch[SHARC_MAX_RANK], nb = 0, offs[SHARC_MAX_RANK], no = 0;
    for (unsigned d = 0; d < r->rank; d++) {
      if (in_list(&offset, d))
        offs[no++] = idx[d];
      else
        batch[nb++] = idx[d];
    }
    int64_t full[SHARC_MAX_RANK] = {0}, vec[SHARC_MAX_RANK];
    index_vector(ind, ivd, batch, vec, smap.n);
    for (int k = 0; k < smap.n; k++) {
      int64_t d = smap.v[k];
      full[d] = clamp64(vec[k], 0, a->shape[d] - sizes[d]);
    }
    for (int k = 0; k < obatch.n; k++) {
      int64_t ds = ibatch.v[k];
      full[obatch.v[k]] += batch[ds < ivd ? ds : ds - 1];
    }
    for (int k = 0; k < n_off && k < no; k++)
      full[offset_operand_dims[k]] += offs[k];
    int64_t src = 0;
    bool inside = true;
    for (unsigned d = 0; d < a->rank; d++) {
      if (full[d] < 0 || full[d] >= a->shape[d])
        inside = false;
      src += full[d] * ast[d];
    }
    if (!inside)
      return sharc_interp_fail(ip, op, "stablehlo.gather: index out of range");
    sharc_elem_copy(r->data.p, i++, a->data.p, src, esz);
  } while (sharc_idx_next(idx, r->shape, r->rank));
  return true;
}

enum { S_WINDOW, S_INSERTED, S_INPUT_BATCH, S_INDICES_BATCH, S_TO_OPERAND, S_IVD };

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
  sharc_attr *dn = sharc_op_attr(op, "scatter_dimension_numbers");
  dims_list window, inserted, ibatch, sbatch, to_operand;
  struct_dims(dn, &sharc_shlo_scatter_def, S_WINDOW, &window);
  struct_dims(dn, &sharc_shlo_scatter_def, S_INSERTED, &inserted);
  struct_dims(dn, &sharc_shlo_scatter_def, S_INPUT_BATCH, &ibatch);
  struct_dims(dn, &sharc_shlo_scatter_def, S_INDICES_BATCH, &sbatch);
  struct_dims(dn, &sharc_shlo_scatter_def, S_TO_OPERAND, &to_operand);
  sharc_attr *ivda = dn ? sharc_shlo_struct_field(dn, &sharc_shlo_scatter_def, S_IVD) : NULL;
  int64_t ivd = ivda ? sharc_attr_int_value(ivda) : 0;
  if (a->rank > SHARC_MAX_RANK || u->rank > SHARC_MAX_RANK)
    return sharc_interp_fail(ip, op, "stablehlo.scatter: rank too large");
  int64_t window_operand_dims[SHARC_MAX_RANK];
  int n_win = 0;
  for (unsigned d = 0; d < a->rank; d++)
    if (!in_list(&inserted, d) && !in_list(&ibatch, d))
      window_operand_dims[n_win++] = d;
  sharc_body body;
  if (!sharc_body_init(&body, ip, op, sharc_op_region(op, 0), sc, n))
    return false;
  int64_t ast[SHARC_MAX_RANK], idx[SHARC_MAX_RANK] = {0};
  sharc_strides(a->shape, a->rank, ast);
  bool ok = true;
  if (u->n > 0) {
    int64_t i = 0;
    do {
      int64_t batch[SHARC_MAX_RANK], nb = 0, win[SHARC_MAX_RANK], nw = 0;
      for (unsigned d = 0; d < u->rank; d++) {
        if (in_list(&window, d))
          win[nw++] = idx[d];
        else
          batch[nb++] = idx[d];
      }
      int64_t full[SHARC_MAX_RANK] = {0}, vec[SHARC_MAX_RANK];
      index_vector(ind, ivd, batch, vec, to_operand.n);
      for (int k = 0; k < to_operand.n; k++)
        full[to_operand.v[k]] = vec[k];
      for (int k = 0; k < ibatch.n; k++) {
        int64_t ds = sbatch.v[k];
        full[ibatch.v[k]] += batch[ds < ivd ? ds : ds - 1];
      }
      for (int k = 0; k < n_win && k < nw; k++)
        full[window_operand_dims[k]] += win[k];
      int64_t dst = 0;
      bool inside = true;
      for (unsigned d = 0; d < a->rank; d++) {
        if (full[d] < 0 || full[d] >= a->shape[d])
          inside = false;
        dst += full[d] * ast[d];
      }
      if (inside)
        ok = sharc_body_accumulate(&body, out, dst, updates, i);
      i++;
    } while (ok && sharc_idx_next(idx, u->shape, u->rank));
  }
  (void)pos_in;
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

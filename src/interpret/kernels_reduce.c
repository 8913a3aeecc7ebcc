/* Reductions and windows: reduce, reduce_window, select_and_scatter and
 * sort. Each visits its operand once in row-major order and applies the
 * body to single elements (sharc_body: a one-op body is applied directly). */
#include <stdlib.h>

#include "interpret/body.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

static void fill_with(sharc_tensor *r, const sharc_tensor *v) {
  size_t esz = sharc_storage_size(r->st);
  for (int64_t i = 0; i < r->n; i++)
    sharc_elem_copy(r->data.p, i, v->data.p, 0, esz);
}

static void release_n(sharc_tensor **v, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    sharc_tensor_release(v[i]);
    v[i] = NULL;
  }
}

static bool k_reduce(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                     sharc_scope *sc) {
  unsigned n = sharc_op_num_operands(op) / 2;
  int64_t dims[SHARC_MAX_RANK];
  int nd = sharc_attr_i64s(op, "dimensions", dims, SHARC_MAX_RANK);
  sharc_tensor *a = in[0];
  if (nd < 0 || a->rank > SHARC_MAX_RANK)
    return sharc_interp_fail(ip, op, "stablehlo.reduce: bad dimensions");
  for (unsigned k = 0; k < n; k++) {
    out[k] = sharc_result_new(ip, op, k);
    if (!out[k])
      return false;
    fill_with(out[k], in[n + k]);
  }
  bool reduced[SHARC_MAX_RANK] = {0};
  for (int j = 0; j < nd; j++)
    if (dims[j] >= 0 && dims[j] < (int64_t)a->rank)
      reduced[dims[j]] = true;
  int64_t rst[SHARC_MAX_RANK] = {0}, idx[SHARC_MAX_RANK] = {0};
  int64_t s = 1;
  for (unsigned d = a->rank; d-- > 0;)
    if (!reduced[d]) {
      rst[d] = s;
      s *= a->shape[d];
    }
  sharc_body body;
  if (!sharc_body_init(&body, ip, op, sharc_op_region(op, 0), sc, n))
    return false;
  bool ok = true;
  if (a->n > 0) {
    int64_t i = 0;
    do {
      int64_t ri = 0;
      for (unsigned d = 0; d < a->rank; d++)
        ri += idx[d] * rst[d];
      ok = sharc_body_accumulate(&body, out, ri, in, i++);
    } while (ok && sharc_idx_next(idx, a->shape, a->rank));
  }
  sharc_body_free(&body);
  return ok;
}

/* The window attributes shared by reduce_window and select_and_scatter. */
typedef struct window {
  unsigned rank;
  int64_t dims[SHARC_MAX_RANK], strides[SHARC_MAX_RANK], base_dil[SHARC_MAX_RANK];
  int64_t win_dil[SHARC_MAX_RANK], lo[SHARC_MAX_RANK], hi[SHARC_MAX_RANK];
} window;

static void ones(int64_t *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    v[i] = 1;
}

static bool read_window(sharc_interp *ip, sharc_op *op, unsigned rank, window *w) {
  memset(w, 0, sizeof *w);
  w->rank = rank;
  if (rank > SHARC_MAX_RANK ||
      sharc_attr_i64s(op, "window_dimensions", w->dims, SHARC_MAX_RANK) != (int)rank)
    return sharc_interp_fail(ip, op, "bad window_dimensions");
  ones(w->strides, rank);
  ones(w->base_dil, rank);
  ones(w->win_dil, rank);
  sharc_attr_i64s(op, "window_strides", w->strides, SHARC_MAX_RANK);
  sharc_attr_i64s(op, "base_dilations", w->base_dil, SHARC_MAX_RANK);
  sharc_attr_i64s(op, "window_dilations", w->win_dil, SHARC_MAX_RANK);
  int64_t pad[2 * SHARC_MAX_RANK];
  int np = sharc_attr_i64s(op, "padding", pad, 2 * SHARC_MAX_RANK);
  for (unsigned d = 0; np == (int)(2 * rank) && d < rank; d++) {
    w->lo[d] = pad[2 * d];
    w->hi[d] = pad[2 * d + 1];
  }
  return true;
}

/* The operand element under padded position `p` of dimension d: its index,
 * or -1 for padding (outside, or between dilated elements). */
static int64_t source_index(const window *w, unsigned d, int64_t p, int64_t size) {
  int64_t q = p - w->lo[d];
  if (q < 0 || q % w->base_dil[d])
    return -1;
  q /= w->base_dil[d];
  return q < size ? q : -1;
}

static bool k_reduce_window(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                            sharc_scope *sc) {
  unsigned n = sharc_op_num_operands(op) / 2;
  sharc_tensor *a = in[0];
  window w;
  if (!read_window(ip, op, a->rank, &w))
    return false;
  for (unsigned k = 0; k < n; k++) {
    out[k] = sharc_result_new(ip, op, k);
    if (!out[k])
      return false;
    fill_with(out[k], in[n + k]);
  }
  sharc_body body;
  if (!sharc_body_init(&body, ip, op, sharc_op_region(op, 0), sc, n))
    return false;
  int64_t ast[SHARC_MAX_RANK], ridx[SHARC_MAX_RANK] = {0};
  sharc_strides(a->shape, a->rank, ast);
  sharc_tensor *const *inits = in + n;
  bool ok = true;
  sharc_tensor *r0 = out[0];
  for (int64_t ri = 0; ok && ri < r0->n; ri++) {
    int64_t widx[SHARC_MAX_RANK] = {0};
    bool more = true;
    while (ok && more) {
      int64_t src = 0;
      bool pad = false;
      for (unsigned d = 0; d < a->rank; d++) {
        int64_t p = ridx[d] * w.strides[d] + widx[d] * w.win_dil[d];
        int64_t q = source_index(&w, d, p, a->shape[d]);
        if (q < 0)
          pad = true;
        else
          src += q * ast[d];
      }
      ok = pad ? sharc_body_accumulate(&body, out, ri, inits, 0)
               : sharc_body_accumulate(&body, out, ri, in, src);
      more = sharc_idx_next(widx, w.dims, a->rank);
    }
    sharc_idx_next(ridx, r0->shape, r0->rank);
  }
  sharc_body_free(&body);
  return ok;
}

static bool k_select_and_scatter(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  sharc_tensor *a = in[0], *src = in[1], *init = in[2];
  window w;
  if (!read_window(ip, op, a->rank, &w))
    return false;
  sharc_tensor *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  fill_with(r, init);
  sharc_body select, scatter;
  if (!sharc_body_init(&select, ip, op, sharc_op_region(op, 0), sc, 1))
    return false;
  if (!sharc_body_init(&scatter, ip, op, sharc_op_region(op, 1), sc, 1)) {
    sharc_body_free(&select);
    return false;
  }
  int64_t ast[SHARC_MAX_RANK], sidx[SHARC_MAX_RANK] = {0};
  sharc_strides(a->shape, a->rank, ast);
  bool ok = true;
  for (int64_t si = 0; ok && si < src->n; si++) {
    int64_t widx[SHARC_MAX_RANK] = {0}, best = -1;
    bool more = true;
    while (ok && more) {
      int64_t pos = 0;
      bool pad = false;
      for (unsigned d = 0; d < a->rank; d++) {
        int64_t q = source_index(&w, d, sidx[d] * w.strides[d] + widx[d] * w.win_dil[d],
                                 a->shape[d]);
        if (q < 0)
          pad = true;
        else
          pos += q * ast[d];
      }
      if (!pad) {
        bool keep = true;
        if (best >= 0)
          ok = sharc_body_predicate(&select, &a, best, &a, pos, &keep);
        if (ok && (best < 0 || !keep))
          best = pos;
      }
      more = sharc_idx_next(widx, w.dims, a->rank);
    }
    if (ok && best >= 0)
      ok = sharc_body_accumulate(&scatter, &r, best, &src, si);
    sharc_idx_next(sidx, src->shape, src->rank);
  }
  sharc_body_free(&select);
  sharc_body_free(&scatter);
  return ok;
}

/* ---- sort: a stable merge sort of each slice's positions --------------------------- */

typedef struct sorter {
  sharc_body *cmp;
  sharc_tensor **in;
  bool ok;
} sorter;

/* Whether position x sorts before y (the comparator's answer). */
static bool before(sorter *s, int64_t x, int64_t y) {
  bool r = false;
  if (s->ok)
    s->ok = sharc_body_predicate(s->cmp, s->in, x, s->in, y, &r);
  return r;
}

static void merge_sort(sorter *s, int64_t *v, int64_t *tmp, int64_t n) {
  if (n < 2)
    return;
  int64_t h = n / 2;
  merge_sort(s, v, tmp, h);
  merge_sort(s, v + h, tmp, n - h);
  int64_t i = 0, j = h, k = 0;
  while (i < h && j < n)
    tmp[k++] = before(s, v[j], v[i]) ? v[j++] : v[i++];
  while (i < h)
    tmp[k++] = v[i++];
  while (j < n)
    tmp[k++] = v[j++];
  memcpy(v, tmp, (size_t)n * sizeof *v);
}

static bool k_sort(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                   sharc_scope *sc) {
  unsigned n = sharc_op_num_operands(op);
  sharc_tensor *a = in[0];
  sharc_attr *da = sharc_op_attr(op, "dimension");
  int64_t dim = da ? sharc_attr_int_value(da) : -1;
  if (dim < 0)
    dim += a->rank;
  if (dim < 0 || dim >= (int64_t)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.sort: dimension out of range");
  for (unsigned k = 0; k < n; k++) {
    out[k] = sharc_result_new(ip, op, k);
    if (!out[k])
      return false;
  }
  sharc_body cmp;
  if (!sharc_body_init(&cmp, ip, op, sharc_op_region(op, 0), sc, n))
    return false;
  cmp.interleaved = true;
  int64_t st[SHARC_MAX_RANK], len = a->shape[dim];
  sharc_strides(a->shape, a->rank, st);
  int64_t *pos = malloc((size_t)(len ? len : 1) * sizeof *pos);
  int64_t *tmp = malloc((size_t)(len ? len : 1) * sizeof *tmp);
  sorter s = {&cmp, in, true};
  int64_t stride = st[dim];
  for (int64_t base = 0; s.ok && base < a->n; base++) {
    if ((base / stride) % len != 0)
      continue; /* not the first element of its slice */
    for (int64_t j = 0; j < len; j++)
      pos[j] = base + j * stride;
    merge_sort(&s, pos, tmp, len);
    for (unsigned k = 0; s.ok && k < n; k++)
      for (int64_t j = 0; j < len; j++)
        sharc_elem_copy(out[k]->data.p, base + j * stride, in[k]->data.p, pos[j],
                        sharc_storage_size(in[k]->st));
  }
  free(pos);
  free(tmp);
  sharc_body_free(&cmp);
  if (!s.ok)
    release_n(out, n);
  return s.ok;
}

const sharc_kernel sharc_kernels_reduce[] = {
    {"stablehlo.reduce", k_reduce, 0},
    {"stablehlo.reduce_window", k_reduce_window, 0},
    {"stablehlo.select_and_scatter", k_select_and_scatter, 0},
    {"stablehlo.sort", k_sort, 0},
    {NULL, NULL, 0},
};

/* StableHLO's window rules shared by convolution, reduce_window and
 * select_and_scatter (convertPaddingAttribute,
 * verifyWindowAttributesAndInferWindowDimensions, inferWindowOutputShape of
 * TypeInference.cpp), with StableHLO's messages. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdlib.h>

void sharc_shlo_append_dims(sharc_buf *b, const int64_t *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
}

bool sharc_shlo_padding(sharc_op *op, const sharc_attr *padding, int64_t **pairs, unsigned *n) {
  *pairs = NULL;
  *n = 0;
  if (!padding || padding->kind != SHARC_ATTR_DENSE_ELEMENTS || !sharc_shlo_ranked(padding->type))
    return true;
  const sharc_type *t = padding->type;
  if (t->shaped.rank != 2 || t->shaped.shape[1] != 2) {
    sharc_buf m = {0};
    sharc_shlo_append_dims(&m, t->shaped.shape, t->shaped.rank);
    sharc_shlo_error(op, "expects the shape of padding-attribute to be {N, 2}, but got {%s}.",
                     m.data ? m.data : "");
    sharc_buf_free(&m);
    return false;
  }
  *n = (unsigned)t->shaped.shape[0];
  *pairs = sharc_xmalloc_array(2 * (size_t)*n + 1, sizeof **pairs);
  for (size_t i = 0; i < 2 * (size_t)*n; i++)
    (*pairs)[i] = sharc_attr_dense_int(padding, i);
  return true;
}

static bool same_size(sharc_op *op, unsigned size, unsigned n, const char *name) {
  if (size == 0 || size == n)
    return true;
  sharc_shlo_error(op,
                   "expects %s to have same dimension-size as size of window dimensions (%u), "
                   "but got: %u.",
                   name, n, size);
  return false;
}

static unsigned count(const sharc_attr *a) { return a ? sharc_attr_count(a) : 0; }

/* A window parameter of dimension i (`what`: "stride", ...) must be
 * positive. */
static bool window_positive(sharc_op *op, int64_t v, const char *what, unsigned i) {
  if (v > 0)
    return true;
  sharc_shlo_error(op, "expects window to have positive %s for %u-th window dimension, but got %lld.",
                   what, i, (long long)v);
  return false;
}

static int64_t at_or(const sharc_attr *a, unsigned i, int64_t dflt) {
  return a && a->kind == SHARC_ATTR_DENSE_ARRAY ? sharc_attr_dense_array_i64(a, i) : dflt;
}

shlo_window_dim *sharc_shlo_window(sharc_op *op, const int64_t *dims, unsigned n,
                                   const shlo_window_attrs *w) {
  unsigned n_pad = w->pads ? w->n_pads : 0;
  if (!same_size(op, count(w->strides), n, "window-strides") ||
      !same_size(op, count(w->lhs_dilation), n, "base-dilation factors") ||
      !same_size(op, count(w->rhs_dilation), n, "window-dilation factors") ||
      !same_size(op, n_pad, n, "padding-entries") ||
      !same_size(op, w->n_reversal, n, "window-reversal"))
    return NULL;
  shlo_window_dim *out = sharc_xcalloc(n + 1, sizeof *out);
  for (unsigned i = 0; i < n; i++) {
    shlo_window_dim *d = &out[i];
    d->size = dims[i];
    if (d->size != SHARC_DYNAMIC && !window_positive(op, d->size, "value", i))
      break;
    d->stride = count(w->strides) ? at_or(w->strides, i, 1) : 1;
    if (!window_positive(op, d->stride, "stride", i))
      break;
    d->base_dilation = count(w->lhs_dilation) ? at_or(w->lhs_dilation, i, 1) : 1;
    if (!window_positive(op, d->base_dilation, "base dilation factor", i))
      break;
    d->window_dilation = count(w->rhs_dilation) ? at_or(w->rhs_dilation, i, 1) : 1;
    if (!window_positive(op, d->window_dilation, "window dilation factor", i))
      break;
    if (n_pad) {
      d->pad_lo = w->pads[2 * i];
      d->pad_hi = w->pads[2 * i + 1];
    }
    if (i + 1 == n)
      return out;
  }
  if (n == 0)
    return out;
  free(out);
  return NULL;
}

static int64_t dilated_bound(int64_t bound, int64_t dilation) {
  return bound == 0 ? 0 : (bound - 1) * dilation + 1;
}

static int64_t strided_bound(int64_t bound, int64_t window, int64_t stride) {
  if (bound <= 0 || window > bound)
    return 0;
  return (bound - window) / stride + 1;
}

void sharc_shlo_window_output(const int64_t *base, const shlo_window_dim *w, unsigned n,
                              int64_t *out) {
  for (unsigned i = 0; i < n; i++) {
    if (base[i] == SHARC_DYNAMIC || w[i].size == SHARC_DYNAMIC) {
      out[i] = SHARC_DYNAMIC;
      continue;
    }
    int64_t padded = w[i].pad_lo + dilated_bound(base[i], w[i].base_dilation) + w[i].pad_hi;
    out[i] = strided_bound(padded, dilated_bound(w[i].size, w[i].window_dilation), w[i].stride);
  }
}

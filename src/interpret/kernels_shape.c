/* Shape ops: constant, reshape, transpose, broadcast_in_dim, slice,
 * concatenate, pad, iota, reverse, tuples, optimization_barrier and
 * get_dimension_size. Data moves as whole elements of the storage size, so
 * each kernel serves every element type. */
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

static bool k_constant(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                       sharc_scope *sc) {
  (void)in, (void)sc;
  sharc_attr *v = sharc_op_attr(op, "value");
  sharc_type *rt = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_interp_fits(ip, op, rt))
    return false;
  sharc_tensor *t = sharc_tensor_from_attr(ip->ctx, v);
  if (!t)
    return sharc_interp_fail(ip, op, "stablehlo.constant: unsupported value");
  if (t->type != rt) { /* e.g. a quantized result holding integer storage values */
    sharc_tensor *r = sharc_tensor_new_at(ip, op, rt);
    if (!r || r->n != t->n || sharc_storage_size(r->st) != sharc_storage_size(t->st)) {
      sharc_tensor_release(t);
      sharc_tensor_release(r);
      return r ? sharc_interp_fail(ip, op, "stablehlo.constant: value does not fit the result")
               : false;
    }
    memcpy(r->data.p, t->data.p, (size_t)t->n * sharc_storage_size(t->st));
    sharc_tensor_release(t);
    t = r;
  }
  out[0] = t;
  return true;
}

SHARC_RESULT_KERNEL(k_reshape) {
  if (r->n != in[0]->n)
    return sharc_interp_fail(ip, op, "stablehlo.reshape: %lld elements into %lld",
                             (long long)in[0]->n, (long long)r->n);
  memcpy(r->data.p, in[0]->data.p, (size_t)r->n * sharc_storage_size(r->st));
  return true;
}

SHARC_RESULT_KERNEL(k_transpose) {
  sharc_tensor *a = in[0];
  int64_t perm[SHARC_MAX_RANK], st[SHARC_MAX_RANK], idx[SHARC_MAX_RANK]; /* idx: source strides */
  if (r->rank > SHARC_MAX_RANK ||
      sharc_attr_i64s(op, "permutation", perm, SHARC_MAX_RANK) != (int)r->rank)
    return sharc_interp_fail(ip, op, "stablehlo.transpose: bad permutation");
  sharc_strides(a->shape, a->rank, st);
  for (unsigned d = 0; d < r->rank; d++)
    idx[d] = st[perm[d]];
  sharc_strided_gather(r->data.p, a->data.p, sharc_storage_size(r->st), r->shape, r->rank, 0, idx);
  return true;
}

SHARC_RESULT_KERNEL(k_broadcast_in_dim) {
  sharc_tensor *a = in[0];
  int64_t dims[SHARC_MAX_RANK], st[SHARC_MAX_RANK];
  int64_t rst[SHARC_MAX_RANK] = {0}; /* source stride per result dimension */
  if (r->rank > SHARC_MAX_RANK ||
      sharc_kernel_i64s(ip, op, "broadcast_dimensions", dims, SHARC_MAX_RANK) != (int)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.broadcast_in_dim: bad broadcast_dimensions");
  sharc_strides(a->shape, a->rank, st);
  for (unsigned d = 0; d < a->rank; d++)
    if (a->shape[d] != 1)
      rst[dims[d]] += st[d];
  sharc_strided_gather(r->data.p, a->data.p, sharc_storage_size(r->st), r->shape, r->rank, 0, rst);
  return true;
}

SHARC_RESULT_KERNEL(k_slice) {
  sharc_tensor *a = in[0];
  int64_t start[SHARC_MAX_RANK], strides[SHARC_MAX_RANK], st[SHARC_MAX_RANK];
  int64_t step[SHARC_MAX_RANK];
  if (r->rank > SHARC_MAX_RANK ||
      sharc_kernel_i64s(ip, op, "start_indices", start, SHARC_MAX_RANK) != (int)r->rank ||
      sharc_kernel_i64s(ip, op, "strides", strides, SHARC_MAX_RANK) != (int)r->rank)
    return sharc_interp_fail(ip, op, "stablehlo.slice: bad attributes");
  sharc_strides(a->shape, a->rank, st);
  int64_t base = 0;
  for (unsigned d = 0; d < r->rank; d++) {
    base += start[d] * st[d];
    step[d] = strides[d] * st[d];
  }
  sharc_strided_gather(r->data.p, a->data.p, sharc_storage_size(r->st), r->shape, r->rank, base,
                       step);
  return true;
}

SHARC_RESULT_KERNEL(k_concatenate) {
  sharc_attr *da = sharc_op_attr(op, "dimension");
  int64_t dim = da ? sharc_attr_int_value(da) : 0;
  size_t esz = sharc_storage_size(r->st);
  /* outer: product of dims before `dim`; each operand contributes a block */
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; d++)
    outer *= r->shape[d];
  for (unsigned d = (unsigned)dim + 1; d < r->rank; d++)
    inner *= r->shape[d];
  int64_t row = r->shape[dim] * inner, off = 0;
  for (unsigned k = 0; k < sharc_op_num_operands(op); k++) {
    int64_t blk = in[k]->shape[dim] * inner;
    for (int64_t o = 0; o < outer; o++)
      memcpy((char *)r->data.p + (o * row + off) * esz, (char *)in[k]->data.p + o * blk * esz,
             (size_t)blk * esz);
    off += blk;
  }
  return true;
}

SHARC_RESULT_KERNEL(k_pad) {
  sharc_tensor *a = in[0], *pv = in[1];
  int64_t lo[SHARC_MAX_RANK], interior[SHARC_MAX_RANK], rst[SHARC_MAX_RANK];
  int64_t idx[SHARC_MAX_RANK] = {0};
  if (r->rank > SHARC_MAX_RANK ||
      sharc_kernel_i64s(ip, op, "edge_padding_low", lo, SHARC_MAX_RANK) != (int)r->rank ||
      sharc_kernel_i64s(ip, op, "interior_padding", interior, SHARC_MAX_RANK) != (int)r->rank)
    return sharc_interp_fail(ip, op, "stablehlo.pad: bad attributes");
  size_t esz = sharc_storage_size(r->st);
  for (int64_t i = 0; i < r->n; i++)
    sharc_elem_copy(r->data.p, i, pv->data.p, 0, esz);
  if (a->n == 0)
    return true;
  sharc_strides(r->shape, r->rank, rst);
  int64_t i = 0;
  do {
    int64_t dst = 0;
    bool inside = true;
    for (unsigned d = 0; d < r->rank; d++) {
      int64_t p = lo[d] + idx[d] * (interior[d] + 1);
      if (p < 0 || p >= r->shape[d])
        inside = false;
      dst += p * rst[d];
    }
    if (inside)
      sharc_elem_copy(r->data.p, dst, a->data.p, i, esz);
    i++;
  } while (sharc_idx_next(idx, a->shape, a->rank));
  return true;
}

SHARC_RESULT_KERNEL(k_iota) {
  sharc_attr *da = sharc_op_attr(op, "iota_dimension");
  int64_t dim = da ? sharc_attr_int_value(da) : 0;
  int64_t st[SHARC_MAX_RANK];
  if (r->rank > SHARC_MAX_RANK || dim < 0 || dim >= (int64_t)r->rank)
    return sharc_interp_fail(ip, op, "stablehlo.iota: bad iota_dimension");
  sharc_strides(r->shape, r->rank, st);
  for (int64_t i = 0; i < r->n; i++)
    sharc_tensor_set_real(r, i, (double)((i / st[dim]) % r->shape[dim]));
  return true;
}

SHARC_RESULT_KERNEL(k_reverse) {
  sharc_tensor *a = in[0];
  int64_t dims[SHARC_MAX_RANK], st[SHARC_MAX_RANK];
  bool rev[SHARC_MAX_RANK] = {0};
  int n = sharc_attr_i64s(op, "dimensions", dims, SHARC_MAX_RANK);
  if (r->rank > SHARC_MAX_RANK || n < 0)
    return sharc_interp_fail(ip, op, "stablehlo.reverse: bad dimensions");
  for (int k = 0; k < n; k++)
    rev[dims[k]] = true;
  sharc_strides(a->shape, a->rank, st);
  int64_t base = 0;
  for (unsigned d = 0; d < r->rank; d++) {
    base += rev[d] ? (r->shape[d] - 1) * st[d] : 0;
    st[d] = rev[d] ? -st[d] : st[d];
  }
  sharc_strided_gather(r->data.p, a->data.p, sharc_storage_size(r->st), r->shape, r->rank, base,
                       st);
  return true;
}

static bool k_tuple(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                    sharc_scope *sc) {
  (void)ip, (void)sc;
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++)
    sharc_tensor_retain(in[i]);
  out[0] = sharc_tensor_tuple(sharc_value_type(sharc_op_result(op, 0)), in, n);
  return true;
}

static bool k_get_tuple_element(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  sharc_attr *ia = sharc_op_attr(op, "index");
  int64_t i = ia ? sharc_attr_int_value(ia) : -1;
  if (in[0]->kind != SHARC_IV_TUPLE || i < 0 || i >= (int64_t)in[0]->count)
    return sharc_interp_fail(ip, op, "stablehlo.get_tuple_element: index out of range");
  out[0] = in[0]->elems[i];
  sharc_tensor_retain(out[0]);
  return true;
}

/* Operands pass through unchanged (optimization_barrier). */
static bool k_identity(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                       sharc_scope *sc) {
  (void)ip, (void)sc;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    out[i] = in[i];
    sharc_tensor_retain(in[i]);
  }
  return true;
}

static bool k_get_dimension_size(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  sharc_attr *da = sharc_op_attr(op, "dimension");
  int64_t d = da ? sharc_attr_int_value(da) : -1;
  if (d < 0 || d >= (int64_t)in[0]->rank)
    return sharc_interp_fail(ip, op, "stablehlo.get_dimension_size: dimension out of range");
  sharc_tensor *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  r->data.i[0] = in[0]->shape[d];
  return true;
}

const sharc_kernel sharc_kernels_shape[] = {
    {"stablehlo.constant", k_constant, 0},
    {"stablehlo.reshape", k_reshape, 0},
    {"stablehlo.transpose", k_transpose, 0},
    {"stablehlo.broadcast_in_dim", k_broadcast_in_dim, 0},
    {"stablehlo.slice", k_slice, 0},
    {"stablehlo.concatenate", k_concatenate, 0},
    {"stablehlo.pad", k_pad, 0},
    {"stablehlo.iota", k_iota, 0},
    {"stablehlo.reverse", k_reverse, 0},
    {"stablehlo.tuple", k_tuple, 0},
    {"stablehlo.get_tuple_element", k_get_tuple_element, 0},
    {"stablehlo.optimization_barrier", k_identity, 0},
    {"stablehlo.get_dimension_size", k_get_dimension_size, 0},
    {NULL, NULL, 0},
};

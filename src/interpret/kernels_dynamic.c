/* The dynamic-shape ops: dynamic_broadcast_in_dim, dynamic_iota,
 * dynamic_reshape, dynamic_pad, real_dynamic_slice, dynamic_gather and
 * dynamic_conv. Each reads the shape or the attribute its operands give,
 * checks it as the spec's constraints would (an operand value is not
 * verified before the run), and runs the kernel of its static op with that
 * result type and those attributes. */
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

/* The values of a 1-D integer operand (at most `max`); -1 with an error
 * when it is not one. */
static int operand_values(sharc_interp *ip, sharc_op *op, const sharc_tensor *t, const char *what,
                          int64_t *out, unsigned max) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  if (t->kind != SHARC_IV_TENSOR || t->st != SHARC_ST_INT || t->rank > 1 || t->n > (int64_t)max) {
    sharc_interp_fail(ip, op, "%.*s: %s must be a 1-D integer tensor of at most %u elements",
                      (int)name.len, name.data, what, max);
    return -1;
  }
  for (int64_t i = 0; i < t->n; i++)
    out[i] = t->data.i[i];
  return (int)t->n;
}

/* Result 0's type with the shape `shape` computed at run time; NULL with an
 * error when the static type disagrees or a size is negative. */
static sharc_type *result_of_shape(sharc_interp *ip, sharc_op *op, const int64_t *shape,
                                   unsigned rank) {
  sharc_type *st = sharc_value_type(sharc_op_result(op, 0));
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  if (sharc_type_get_kind(st) != SHARC_TYPE_TENSOR || sharc_type_rank(st) != rank) {
    sharc_interp_fail(ip, op, "%.*s: the computed shape has rank %u, the result type another",
                      (int)name.len, name.data, rank);
    return NULL;
  }
  const int64_t *want = sharc_type_shape(st);
  bool dynamic = false;
  for (unsigned d = 0; d < rank; d++) {
    dynamic = dynamic || want[d] == SHARC_DYNAMIC;
    if (shape[d] < 0) {
      sharc_interp_fail(ip, op, "%.*s: dimension %u of the computed shape is negative (%lld)",
                        (int)name.len, name.data, d, (long long)shape[d]);
      return NULL;
    }
    if (want[d] != SHARC_DYNAMIC && want[d] != shape[d]) {
      sharc_interp_fail(ip, op,
                        "%.*s: dimension %u of the computed shape (%lld) does not match the "
                        "result type (%lld)",
                        (int)name.len, name.data, d, (long long)shape[d], (long long)want[d]);
      return NULL;
    }
  }
  if (!dynamic)
    return st;
  return sharc_interp_tensor_type(ip, shape, rank, sharc_type_element(st));
}

static bool k_dynamic_broadcast_in_dim(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                       sharc_tensor **out, sharc_scope *sc) {
  int64_t shape[SHARC_MAX_RANK], dims[SHARC_MAX_RANK];
  int rank = operand_values(ip, op, in[1], "output_dimensions", shape, SHARC_MAX_RANK);
  if (rank < 0)
    return false;
  const sharc_tensor *a = in[0];
  if (sharc_attr_i64s(op, "broadcast_dimensions", dims, SHARC_MAX_RANK) != (int)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.dynamic_broadcast_in_dim: bad broadcast_dimensions");
  for (unsigned d = 0; d < a->rank; d++)
    if (dims[d] < 0 || dims[d] >= rank || (a->shape[d] != 1 && a->shape[d] != shape[dims[d]]))
      return sharc_interp_fail(ip, op,
                               "stablehlo.dynamic_broadcast_in_dim: operand dimension %u (%lld) "
                               "cannot broadcast to output_dimensions",
                               d, (long long)a->shape[d]);
  sharc_type *rt = result_of_shape(ip, op, shape, (unsigned)rank);
  return rt && sharc_interp_run_static(ip, op, "stablehlo.broadcast_in_dim", in, out, sc, &rt,
                                       NULL, 0);
}

static bool k_dynamic_iota(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                           sharc_scope *sc) {
  int64_t shape[SHARC_MAX_RANK];
  int rank = operand_values(ip, op, in[0], "output_shape", shape, SHARC_MAX_RANK);
  if (rank < 0)
    return false;
  sharc_type *rt = result_of_shape(ip, op, shape, (unsigned)rank);
  return rt && sharc_interp_run_static(ip, op, "stablehlo.iota", in, out, sc, &rt, NULL, 0);
}

static bool k_dynamic_reshape(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                              sharc_tensor **out, sharc_scope *sc) {
  int64_t shape[SHARC_MAX_RANK];
  int rank = operand_values(ip, op, in[1], "output_shape", shape, SHARC_MAX_RANK);
  if (rank < 0)
    return false;
  sharc_type *rt = result_of_shape(ip, op, shape, (unsigned)rank);
  return rt && sharc_interp_run_static(ip, op, "stablehlo.reshape", in, out, sc, &rt, NULL, 0);
}

/* The three lists operands `lists_in` give (as attributes `names`), one
 * value per dimension of `a`, into `lists`; their length, or -1 after an
 * error (`mismatch` when the lengths differ). */
static int per_dimension_lists(sharc_interp *ip, sharc_op *op, sharc_tensor *const *lists_in,
                               const char *const names[3], int64_t lists[3][SHARC_MAX_RANK],
                               const sharc_tensor *a, const char *mismatch) {
  int n = operand_values(ip, op, lists_in[0], names[0], lists[0], SHARC_MAX_RANK);
  if (n >= 0 &&
      (operand_values(ip, op, lists_in[1], names[1], lists[1], SHARC_MAX_RANK) != n ||
       operand_values(ip, op, lists_in[2], names[2], lists[2], SHARC_MAX_RANK) != n ||
       n != (int)a->rank)) {
    sharc_interp_fail(ip, op, "%s", mismatch);
    return -1;
  }
  return n;
}

static bool k_dynamic_pad(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                          sharc_scope *sc) {
  static const char *const names[3] = {"edge_padding_low", "edge_padding_high",
                                       "interior_padding"};
  int64_t lists[3][SHARC_MAX_RANK], shape[SHARC_MAX_RANK];
  int64_t *lo = lists[0], *hi = lists[1], *interior = lists[2];
  const sharc_tensor *a = in[0];
  int n = per_dimension_lists(ip, op, in + 2, names, lists, a,
                              "stablehlo.dynamic_pad: the paddings must have one value per "
                              "operand dimension");
  if (n < 0)
    return false;
  for (int d = 0; d < n; d++) {
    if (interior[d] < 0)
      return sharc_interp_fail(ip, op, "stablehlo.dynamic_pad: interior_padding is negative");
    int64_t size = a->shape[d];
    shape[d] = lo[d] + hi[d] + size + (size > 0 ? (size - 1) * interior[d] : 0);
  }
  sharc_type *rt = result_of_shape(ip, op, shape, (unsigned)n);
  sharc_given_attr given[2] = {{"edge_padding_low", lo, n}, {"interior_padding", interior, n}};
  return rt && sharc_interp_run_static(ip, op, "stablehlo.pad", in, out, sc, &rt, given, 2);
}

static bool k_real_dynamic_slice(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  static const char *const names[3] = {"start_indices", "limit_indices", "strides"};
  int64_t lists[3][SHARC_MAX_RANK], shape[SHARC_MAX_RANK];
  int64_t *start = lists[0], *limit = lists[1], *strides = lists[2];
  const sharc_tensor *a = in[0];
  int n = per_dimension_lists(ip, op, in + 1, names, lists, a,
                              "stablehlo.real_dynamic_slice: the indices must have one value per "
                              "operand dimension");
  if (n < 0)
    return false;
  for (int d = 0; d < n; d++) {
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > a->shape[d] || strides[d] <= 0)
      return sharc_interp_fail(ip, op,
                               "stablehlo.real_dynamic_slice: dimension %d: start %lld, limit "
                               "%lld, stride %lld do not fit a dimension of size %lld",
                               d, (long long)start[d], (long long)limit[d], (long long)strides[d],
                               (long long)a->shape[d]);
    shape[d] = (limit[d] - start[d] + strides[d] - 1) / strides[d];
  }
  sharc_type *rt = result_of_shape(ip, op, shape, (unsigned)n);
  sharc_given_attr given[2] = {{"start_indices", start, n}, {"strides", strides, n}};
  return rt && sharc_interp_run_static(ip, op, "stablehlo.slice", in, out, sc, &rt, given, 2);
}

static bool k_dynamic_gather(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                             sharc_tensor **out, sharc_scope *sc) {
  int64_t sizes[SHARC_MAX_RANK];
  const sharc_tensor *a = in[0];
  int n = operand_values(ip, op, in[2], "slice_sizes", sizes, SHARC_MAX_RANK);
  if (n < 0)
    return false;
  if (n != (int)a->rank)
    return sharc_interp_fail(ip, op, "stablehlo.dynamic_gather: slice_sizes must have one value "
                                     "per operand dimension");
  for (int d = 0; d < n; d++)
    if (sizes[d] < 0 || sizes[d] > a->shape[d])
      return sharc_interp_fail(ip, op,
                               "stablehlo.dynamic_gather: slice size %lld of dimension %d is out "
                               "of [0, %lld]",
                               (long long)sizes[d], d, (long long)a->shape[d]);
  sharc_given_attr given = {"slice_sizes", sizes, n};
  return sharc_interp_run_static(ip, op, "stablehlo.gather", in, out, sc, NULL, &given, 1);
}

static bool k_dynamic_conv(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                           sharc_scope *sc) {
  const sharc_tensor *p = in[2];
  if (p->kind != SHARC_IV_TENSOR || p->st != SHARC_ST_INT || p->rank != 2 || p->shape[1] != 2 ||
      p->shape[0] + 2 != (int64_t)in[0]->rank)
    return sharc_interp_fail(ip, op, "stablehlo.dynamic_conv: padding must be a [spatial "
                                     "dimensions, 2] integer tensor");
  sharc_given_attr given = {"padding", p->data.i, (int)p->n};
  return sharc_interp_run_static(ip, op, "stablehlo.convolution", in, out, sc, NULL, &given, 1);
}

const sharc_kernel sharc_kernels_dynamic[] = {
    {"stablehlo.dynamic_broadcast_in_dim", k_dynamic_broadcast_in_dim, 0},
    {"stablehlo.dynamic_iota", k_dynamic_iota, 0},
    {"stablehlo.dynamic_reshape", k_dynamic_reshape, 0},
    {"stablehlo.dynamic_pad", k_dynamic_pad, 0},
    {"stablehlo.real_dynamic_slice", k_real_dynamic_slice, 0},
    {"stablehlo.dynamic_gather", k_dynamic_gather, 0},
    {"stablehlo.dynamic_conv", k_dynamic_conv, 0},
    {NULL, NULL, 0},
};

/* The arithmetic of one op for the cost models of `sharc pipeline` and
 * `sharc auto`: FLOPs of dots and convolutions from the shapes a device
 * sees (a fragment's local types, or a global type cut by its sharding),
 * so both models count the same work the same way. */
#include "report/report_internal.h"

#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"

static double elements(const int64_t *shape, unsigned rank) {
  double n = 1;
  for (unsigned i = 0; i < rank; i++)
    n *= shape[i] > 0 ? (double)shape[i] : 0;
  return n;
}

static double dims_product(const int64_t *shape, unsigned rank, const sharc_attr *dims) {
  double k = 1;
  for (unsigned i = 0, n = dims ? sharc_attr_count(dims) : 0; i < n; i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d >= 0 && (unsigned)d < rank && shape[d] > 0)
      k *= (double)shape[d];
  }
  return k;
}

/* 2 x result elements x contracted size. */
static double dot_flops(sharc_op *op, sharc_report_shape_fn shape_of, void *user) {
  unsigned lhs_rank = 0, out_rank = 0;
  const int64_t *lhs = shape_of(sharc_op_operand(op, 0), &lhs_rank, user);
  const int64_t *out = shape_of(sharc_op_result(op, 0), &out_rank, user);
  if (!lhs || !out || lhs_rank == 0)
    return 0;
  double k;
  if (sharc_op_isa(op, SHARC_SHLO(dot_general))) {
    sharc_attr *dn = sharc_op_attr(op, "dot_dimension_numbers");
    k = dn ? dims_product(lhs, lhs_rank, sharc_shlo_struct_field(dn, &sharc_shlo_dot_def, 2)) : 1;
  } else {
    k = lhs[lhs_rank - 1] > 0 ? (double)lhs[lhs_rank - 1] : 0;
  }
  return 2 * elements(out, out_rank) * k;
}

/* 2 x result elements x kernel elements per output feature. */
static double convolution_flops(sharc_op *op, sharc_report_shape_fn shape_of, void *user) {
  unsigned kernel_rank = 0, out_rank = 0;
  const int64_t *kernel = shape_of(sharc_op_operand(op, 1), &kernel_rank, user);
  const int64_t *out = shape_of(sharc_op_result(op, 0), &out_rank, user);
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!kernel || !out || !dn)
    return 0;
  int64_t of = sharc_shlo_struct_int(dn, &sharc_shlo_conv_def, 4);
  if (of < 0 || (unsigned)of >= kernel_rank || kernel[of] <= 0)
    return 0;
  return 2 * elements(out, out_rank) * elements(kernel, kernel_rank) / (double)kernel[of];
}

double sharc_report_op_flops(sharc_op *op, sharc_report_shape_fn shape_of, void *user) {
  if (sharc_op_isa(op, SHARC_SHLO(dot_general)) || sharc_op_isa(op, SHARC_SHLO(dot)))
    return dot_flops(op, shape_of, user);
  if (sharc_op_isa(op, SHARC_SHLO(convolution)))
    return convolution_flops(op, shape_of, user);
  return -1;
}

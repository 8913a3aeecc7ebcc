/* StableHLO's select_and_scatter (TypeInference.cpp's
 * verifySelectAndScatterOp and inferSelectAndScatterOp): the select region,
 * the scatter reducer, the window, and the source against the windowed
 * operand. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdlib.h>

static sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static bool is_dyn(int64_t d) { return d == SHARC_DYNAMIC; }

static bool check_select_region(sharc_op *op, const sharc_type *operand) {
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block)
    return true;
  unsigned n = sharc_block_num_args(block);
  if (n != 2) {
    sharc_shlo_error(op, "expects the select-region to take 2 parameters, but takes %u", n);
    return false;
  }
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *want = sharc_type_tensor(ctx, NULL, 0, sharc_type_element(operand), NULL);
  for (unsigned i = 0; i < 2; i++) {
    const sharc_type *got = sharc_value_type(sharc_block_arg(block, i));
    const sharc_type *ge = sharc_type_element(got), *we = sharc_type_element(want);
    bool same_elem = ge && (ge == we || (ge->kind == SHARC_TYPE_FLOAT && we->kind == SHARC_TYPE_FLOAT));
    if (!sharc_shlo_compatible_shapes(want, got) || !same_elem) {
      sharc_shlo_error(op, "expects the type of select-region's parameter at index %u to be %s, but "
                       "got %s", i, sharc_shlo_type_str(want), sharc_shlo_type_str(got));
      return false;
    }
  }
  sharc_op *ret = sharc_block_last_op(block);
  if (!ret)
    return true;
  if (sharc_op_num_operands(ret) != 1) {
    sharc_shlo_error(op, "expects select-region to return single value, but got: %u",
                     sharc_op_num_operands(ret));
    return false;
  }
  const sharc_type *r = sharc_value_type(sharc_op_operand(ret, 0));
  if (!sharc_shlo_ranked(r) || r->shaped.rank != 0 || !sharc_type_is_integer(r->shaped.elem, 1)) {
    sharc_shlo_error(op, "expects the return-type of select-region to be tensor<i1>, but got: %s",
                     sharc_shlo_type_str(r));
    return false;
  }
  return true;
}

static int64_t dilated(int64_t bound, int64_t dilation) {
  return bound == 0 ? 0 : (bound - 1) * dilation + 1;
}

static int64_t strided(int64_t bound, int64_t window, int64_t stride) {
  if (bound == 0 || window > bound)
    return 0;
  return (bound - window) / stride + 1;
}

/* The window checks and the windowed operand's shape into `out`. */
static bool window_shape(sharc_op *op, const sharc_type *operand, int64_t *out) {
  sharc_attr *dims = sharc_shlo_i64_array(op, "window_dimensions");
  sharc_attr *strides = sharc_shlo_i64_array(op, "window_strides");
  sharc_attr *padding = sharc_op_attr(op, "padding");
  unsigned n = dims ? sharc_attr_count(dims) : 0, rank = operand->shaped.rank;
  if (rank != n) {
    sharc_shlo_error(op, "expects window-dimensions size == operand rank, but got window-dimensions "
                     "size: %u and operand-type: %s with rank = %u.", n,
                     sharc_shlo_type_str(operand), rank);
    return false;
  }
  unsigned n_pad = 0;
  if (padding && padding->kind == SHARC_ATTR_DENSE_ELEMENTS) {
    const sharc_type *pt = padding->type;
    if (pt->shaped.rank != 2 || pt->shaped.shape[1] != 2) {
      sharc_shlo_error(op, "expects the shape of padding-attribute to be {N, 2}, but got {%s}.",
                       sharc_shlo_dims_str(pt->shaped.shape, pt->shaped.rank));
      return false;
    }
    n_pad = (unsigned)pt->shaped.shape[0];
  } else {
    padding = NULL;
  }
  unsigned n_strides = strides ? sharc_attr_count(strides) : 0;
  if (n_strides && n_strides != n) {
    sharc_shlo_error(op, "expects window-strides to have same dimension-size as size of window "
                     "dimensions (%u), but got: %u.", n, n_strides);
    return false;
  }
  if (n_pad && n_pad != n) {
    sharc_shlo_error(op, "expects padding-entries to have same dimension-size as size of window "
                     "dimensions (%u), but got: %u.", n, n_pad);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    int64_t size = sharc_attr_dense_array_i64(dims, i);
    int64_t stride = n_strides ? sharc_attr_dense_array_i64(strides, i) : 1;
    if (!is_dyn(size) && size <= 0) {
      sharc_shlo_error(op, "expects window to have positive value for %u-th window dimension, but "
                       "got %lld.", i, (long long)size);
      return false;
    }
    if (stride <= 0) {
      sharc_shlo_error(op, "expects window to have positive stride for %u-th window dimension, but "
                       "got %lld.", i, (long long)stride);
      return false;
    }
    int64_t lo = n_pad ? sharc_attr_dense_int(padding, 2 * i) : 0, hi = n_pad ? sharc_attr_dense_int(padding, 2 * i + 1) : 0;
    int64_t base = operand->shaped.shape[i];
    out[i] = is_dyn(base) || is_dyn(size) ? SHARC_DYNAMIC
                                          : strided(lo + dilated(base, 1) + hi, dilated(size, 1), stride);
  }
  return true;
}

bool sharc_shlo_verify_select_and_scatter(sharc_op *op) {
  const sharc_type *operand = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *source = sharc_shlo_ranked(operand_type(op, 1));
  const sharc_type *init = operand_type(op, 2);
  if (!operand || !source)
    return true;
  if (!check_select_region(op, operand))
    return false;
  sharc_context *ctx = sharc_op_context(op);
  const sharc_type *input = sharc_type_tensor(ctx, NULL, 0, source->shaped.elem, NULL);
  if (!sharc_shlo_verify_reducer(op, sharc_region_first_block(sharc_op_region(op, 1)), &input,
                                 &init, 1, NULL, 0))
    return false;
  int64_t *shape = sharc_xmalloc_array(operand->shaped.rank + 1, sizeof *shape);
  bool ok = window_shape(op, operand, shape);
  if (ok) {
    sharc_type *windowed = sharc_type_tensor(ctx, shape, operand->shaped.rank, operand->shaped.elem,
                                             NULL);
    const sharc_type *we = operand->shaped.elem, *se = source->shaped.elem;
    bool same_elem = we == se || (we->kind == SHARC_TYPE_FLOAT && se->kind == SHARC_TYPE_FLOAT);
    if (!sharc_shlo_compatible_shapes(windowed, source) || !same_elem) {
      sharc_shlo_error(op, "expects source-type to be %s, but got%s", sharc_shlo_type_str(windowed),
                       sharc_shlo_type_str(source));
      ok = false;
    }
  }
  free(shape);
  return ok;
}

/* inferSelectAndScatterOp: the operand's shape, the scatter reducer's
 * element type. */
bool sharc_shlo_infer_select_and_scatter(sharc_op *op) {
  const sharc_type *operand = operand_type(op, 0);
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 1));
  sharc_op *ret = block ? sharc_block_last_op(block) : NULL;
  sharc_type *elem = sharc_type_element(operand);
  if (ret && sharc_op_num_operands(ret)) {
    const sharc_type *acc = sharc_value_type(sharc_op_operand(ret, 0));
    elem = sharc_type_element(acc);
  }
  if (!elem || operand->kind != SHARC_TYPE_TENSOR)
    return true;
  return sharc_shlo_check_inferred(op, sharc_type_tensor(sharc_op_context(op), operand->shaped.shape,
                                                         operand->shaped.rank, elem,
                                                         operand->shaped.encoding));
}

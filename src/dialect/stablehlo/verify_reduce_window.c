/* StableHLO's reduce_window rules (verifyReduceWindowOp and
 * inferReduceWindowOp of TypeInference.cpp): the inputs against the window,
 * the window attributes, the reducer body, then the inferred results. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef struct reduce_window {
  sharc_op *op;
  unsigned n;
  const sharc_type **inputs, **inits;
  const sharc_attr *dims;
  int64_t *window_dims;
  unsigned rank;
  int64_t *pads;
  unsigned n_pads;
  shlo_window_dim *window;
} reduce_window;

/* verifyReduceWindowOpInputsAndInferWindow. */
static bool check_inputs(reduce_window *r) {
  if (r->n == 0) {
    sharc_shlo_error(r->op, "requires at least 1 input value");
    return false;
  }
  for (unsigned i = 1; i < r->n; i++)
    if (!sharc_shlo_compatible_shapes(r->inputs[0], r->inputs[i])) {
      sharc_shlo_error(r->op,
                       "expects all inputs to have compatible shapes. Shape at input-index "
                       "%u is not compatible with shape at input-index 0",
                       i);
      return false;
    }
  if (!sharc_shlo_padding(r->op, sharc_op_attr(r->op, "padding"), &r->pads, &r->n_pads))
    return false;
  for (unsigned i = 0; i < r->n; i++) {
    const sharc_type *t = r->inputs[i];
    if (t->shaped.rank != r->rank) {
      sharc_buf m = {0};
      sharc_buf_printf(&m,
                       "expects window-dimensions size == input rank, but got "
                       "window-dimensions size: %u and input: ",
                       r->rank);
      sharc_shlo_quote_type(&m, t);
      sharc_buf_printf(&m, " with rank = %u.", t->shaped.rank);
      sharc_shlo_error(r->op, "%s", m.data);
      sharc_buf_free(&m);
      return false;
    }
  }
  shlo_window_attrs w = {sharc_shlo_i64_array(r->op, "window_strides"),
                         sharc_shlo_i64_array(r->op, "base_dilations"),
                         sharc_shlo_i64_array(r->op, "window_dilations"),
                         r->pads,
                         r->n_pads,
                         0};
  r->window = sharc_shlo_window(r->op, r->window_dims, r->rank, &w);
  return r->window != NULL;
}

/* inferReduceWindowOp: each input's windowed shape (and bounds), with the
 * reducer's element types. */
static bool check_results(reduce_window *r) {
  sharc_context *ctx = sharc_op_context(r->op);
  sharc_type **inferred = sharc_xmalloc_array(r->n + 1, sizeof *inferred);
  int64_t *shape = sharc_xmalloc_array(r->rank + 1, sizeof *shape);
  int64_t *bounds = sharc_xmalloc_array(r->rank + 1, sizeof *bounds);
  for (unsigned i = 0; i < r->n; i++) {
    sharc_shlo_window_output(r->inputs[i]->shaped.shape, r->window, r->rank, shape);
    const sharc_attr *in_bounds = sharc_shlo_type_bounds(r->inputs[i]);
    sharc_attr *enc = NULL;
    if (in_bounds && sharc_attr_count(in_bounds) == r->rank) {
      for (unsigned d = 0; d < r->rank; d++)
        bounds[d] = sharc_attr_dense_array_i64(in_bounds, d);
      sharc_shlo_window_output(bounds, r->window, r->rank, bounds);
      enc = sharc_shlo_bounds_encoding(ctx, bounds, r->rank);
    }
    sharc_type *elem = sharc_shlo_accumulator_elem(sharc_op_region(r->op, 0), i, r->inputs[i]);
    inferred[i] = sharc_type_tensor(ctx, shape, r->rank, elem, enc);
  }
  bool ok =
      sharc_shlo_check_inferred_all(r->op, inferred, r->n) || sharc_shlo_failed_to_infer(r->op);
  free(inferred);
  free(shape);
  free(bounds);
  return ok;
}

static bool load(reduce_window *r) {
  bool ranked = true;
  for (unsigned i = 0; i < r->n; i++) {
    r->inputs[i] = sharc_value_type(sharc_op_operand(r->op, i));
    r->inits[i] = sharc_value_type(sharc_op_operand(r->op, r->n + i));
    ranked &= sharc_shlo_ranked(r->inputs[i]) && sharc_type_is_shaped(r->inits[i]);
  }
  for (unsigned i = 0; i < r->rank; i++)
    r->window_dims[i] = sharc_attr_dense_array_i64(r->dims, i);
  return ranked;
}

bool sharc_shlo_verify_reduce_window(sharc_op *op) {
  if (!sharc_shlo_sized_region(op, 0, "body"))
    return false;
  reduce_window r = {0};
  r.op = op;
  r.n = sharc_op_num_operands(op) / 2;
  r.dims = sharc_shlo_i64_array(op, "window_dimensions");
  if (!r.dims)
    return true;
  r.rank = sharc_attr_count(r.dims);
  r.inputs = sharc_xmalloc_array(r.n + 1, sizeof *r.inputs);
  r.inits = sharc_xmalloc_array(r.n + 1, sizeof *r.inits);
  r.window_dims = sharc_xmalloc_array(r.rank + 1, sizeof *r.window_dims);
  bool ok =
      !load(&r) || (check_inputs(&r) &&
                    sharc_shlo_verify_reducer(op, sharc_region_first_block(sharc_op_region(op, 0)),
                                              r.inputs, r.inits, r.n, r.window_dims, r.rank) &&
                    check_results(&r));
  free(r.inputs);
  free(r.inits);
  free(r.window_dims);
  free(r.pads);
  free(r.window);
  return ok;
}

/* Rules of the computing ops: dot, dot_general, convolution (with batch and
 * feature groups), reduce, reduce_window, select_and_scatter, gather,
 * scatter, fft, cholesky, triangular_solve, batch_norm_inference. */
#include <stdlib.h>

#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "transforms/sdy/rules/rules_internal.h"

/* A factor over a two-operand, one-result op. */
static void factor_2_1(sharc_rule_builder *b, int64_t lhs, int64_t rhs, int64_t out, int64_t size,
                       sharc_factor_type type) {
  int64_t ops[2] = {lhs, rhs};
  sharc_rb_factor(b, ops, &out, size, type, false);
}

sharc_attr *sharc_rule_batch_norm_inference(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  const int64_t *shape = sharc_operand_shape(op, 0, &rank);
  int64_t feature = sharc_op_int_attr(op, "feature_index", 0);
  unsigned n = sharc_op_num_operands(op);
  int64_t *dims = sharc_null_dims(n);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  /* scale, offset, mean and variance are 1-D over the feature dimension */
  for (unsigned d = 0; d < rank; d++) {
    for (unsigned i = 1; i < n; i++)
      dims[i] = d == feature ? 0 : SHARC_NULL_DIM;
    dims[0] = d;
    int64_t out = d;
    sharc_rb_factor(&b, dims, &out, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
  }
  free(dims);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_cholesky(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  const int64_t *shape = sharc_operand_shape(op, 0, &rank);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  /* leading batch dimensions; the two decomposed ones need replication */
  for (unsigned d = 0; d < rank; d++)
    sharc_rb_factor_all(&b, d, shape[d],
                        d + 2 < rank ? SHARC_FACTOR_PASS_THROUGH : SHARC_FACTOR_NEED_REPLICATION,
                        false);
  return sharc_rb_finish(&b);
}

/* ---- dot and dot_general ---------------------------------------------- */

sharc_attr *sharc_rule_dot(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned lhs_rank, rhs_rank;
  const int64_t *lhs = sharc_operand_shape(op, 0, &lhs_rank);
  const int64_t *rhs = sharc_operand_shape(op, 1, &rhs_rank);
  bool lhs_matrix = lhs_rank == 2, rhs_matrix = rhs_rank == 2;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  if (lhs_matrix)
    factor_2_1(&b, 0, SHARC_NULL_DIM, 0, lhs[0], SHARC_FACTOR_PASS_THROUGH);
  if (rhs_matrix)
    factor_2_1(&b, SHARC_NULL_DIM, 1, lhs_matrix ? 1 : 0, rhs[1], SHARC_FACTOR_PASS_THROUGH);
  factor_2_1(&b, lhs_matrix ? 1 : 0, 0, SHARC_NULL_DIM, rhs_rank ? rhs[0] : 1,
             SHARC_FACTOR_REDUCTION);
  return sharc_rb_finish(&b);
}

#define DOT_DIMS "dot_dimension_numbers"

sharc_attr *sharc_rule_dot_general(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_ints lb, rb, lc, rc;
  sharc_struct_ints(op, DOT_DIMS, "lhs_batching_dimensions", &lb);
  sharc_struct_ints(op, DOT_DIMS, "rhs_batching_dimensions", &rb);
  sharc_struct_ints(op, DOT_DIMS, "lhs_contracting_dimensions", &lc);
  sharc_struct_ints(op, DOT_DIMS, "rhs_contracting_dimensions", &rc);
  unsigned lhs_rank, rhs_rank;
  const int64_t *lhs = sharc_operand_shape(op, 0, &lhs_rank);
  const int64_t *rhs = sharc_operand_shape(op, 1, &rhs_rank);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  int64_t out = 0;
  for (unsigned i = 0; i < lb.n && i < rb.n; i++) {
    int64_t l = sharc_ints_data(&lb)[i];
    factor_2_1(&b, l, sharc_ints_data(&rb)[i], out++, sharc_dim_size(sharc_op_operand(op, 0), l),
               SHARC_FACTOR_PASS_THROUGH);
  }
  for (unsigned d = 0; d < lhs_rank; d++)
    if (!sharc_ints_contains(&lc, d) && !sharc_ints_contains(&lb, d))
      factor_2_1(&b, d, SHARC_NULL_DIM, out++, lhs[d], SHARC_FACTOR_PASS_THROUGH);
  for (unsigned d = 0; d < rhs_rank; d++)
    if (!sharc_ints_contains(&rc, d) && !sharc_ints_contains(&rb, d))
      factor_2_1(&b, SHARC_NULL_DIM, d, out++, rhs[d], SHARC_FACTOR_PASS_THROUGH);
  for (unsigned i = 0; i < lc.n && i < rc.n; i++) {
    int64_t l = sharc_ints_data(&lc)[i];
    factor_2_1(&b, l, sharc_ints_data(&rc)[i], SHARC_NULL_DIM,
               sharc_dim_size(sharc_op_operand(op, 0), l), SHARC_FACTOR_REDUCTION);
  }
  sharc_ints_free(&lb);
  sharc_ints_free(&rb);
  sharc_ints_free(&lc);
  sharc_ints_free(&rc);
  return sharc_rb_finish(&b);
}

/* ---- convolution ------------------------------------------------------- */

#define CONV_DIMS "dimension_numbers"

typedef struct conv_dims {
  int64_t in_batch, in_feature, k_in_feature, k_out_feature, out_batch, out_feature;
  sharc_ints in_spatial, k_spatial, out_spatial;
} conv_dims;

static void read_conv_dims(sharc_op *op, conv_dims *c) {
  c->in_batch = sharc_struct_int(op, CONV_DIMS, "input_batch_dimension", 0);
  c->in_feature = sharc_struct_int(op, CONV_DIMS, "input_feature_dimension", 0);
  c->k_in_feature = sharc_struct_int(op, CONV_DIMS, "kernel_input_feature_dimension", 0);
  c->k_out_feature = sharc_struct_int(op, CONV_DIMS, "kernel_output_feature_dimension", 0);
  c->out_batch = sharc_struct_int(op, CONV_DIMS, "output_batch_dimension", 0);
  c->out_feature = sharc_struct_int(op, CONV_DIMS, "output_feature_dimension", 0);
  sharc_struct_ints(op, CONV_DIMS, "input_spatial_dimensions", &c->in_spatial);
  sharc_struct_ints(op, CONV_DIMS, "kernel_spatial_dimensions", &c->k_spatial);
  sharc_struct_ints(op, CONV_DIMS, "output_spatial_dimensions", &c->out_spatial);
}

/* An input spatial dimension splits into the number of windows (shared with
 * the output, needs permutation) and the window size (shared with the
 * kernel, needs reduction); the larger one is major. A part is added only
 * while the input dimension has size left for it. */
static void conv_spatial(sharc_rule_builder *b, int64_t lhs_dim, int64_t rhs_dim, int64_t out_dim,
                         int64_t lhs_size, int64_t num_windows, int64_t window_size) {
  int64_t remaining = lhs_size;
  bool windows_first = num_windows >= window_size;
  for (int part = 0; part < 2; part++) {
    bool contracting = (part == 0) != windows_first;
    int64_t size = contracting ? window_size : num_windows;
    if (remaining < size)
      size = remaining;
    if (size <= 1)
      continue;
    factor_2_1(b, lhs_dim, contracting ? rhs_dim : SHARC_NULL_DIM,
               contracting ? SHARC_NULL_DIM : out_dim, size,
               contracting ? SHARC_FACTOR_REDUCTION : SHARC_FACTOR_PERMUTATION);
    remaining /= size;
  }
}

sharc_attr *sharc_rule_convolution(sharc_op *op, bool conservative) {
  conv_dims c;
  read_conv_dims(op, &c);
  sharc_value *lhs = sharc_op_operand(op, 0), *rhs = sharc_op_operand(op, 1);
  sharc_value *out = sharc_op_result(op, 0);
  int64_t batch_groups = sharc_op_int_attr(op, "batch_group_count", 1);
  int64_t feature_groups = sharc_op_int_attr(op, "feature_group_count", 1);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  if (batch_groups > 1)
    factor_2_1(&b, c.in_batch, c.k_out_feature, c.out_feature, batch_groups,
               SHARC_FACTOR_PASS_THROUGH);
  factor_2_1(&b, c.in_batch, SHARC_NULL_DIM, c.out_batch, sharc_dim_size(out, c.out_batch),
             SHARC_FACTOR_PASS_THROUGH);
  if (!conservative) {
    unsigned n = c.in_spatial.n;
    if (c.k_spatial.n < n)
      n = c.k_spatial.n;
    if (c.out_spatial.n < n)
      n = c.out_spatial.n;
    for (unsigned i = 0; i < n; i++) {
      int64_t l = sharc_ints_data(&c.in_spatial)[i], r = sharc_ints_data(&c.k_spatial)[i];
      int64_t o = sharc_ints_data(&c.out_spatial)[i];
      conv_spatial(&b, l, r, o, sharc_dim_size(lhs, l), sharc_dim_size(out, o),
                   sharc_dim_size(rhs, r));
    }
  }
  if (feature_groups > 1)
    factor_2_1(&b, c.in_feature, c.k_out_feature, c.out_feature, feature_groups,
               SHARC_FACTOR_PASS_THROUGH);
  factor_2_1(&b, c.in_feature, c.k_in_feature, SHARC_NULL_DIM, sharc_dim_size(rhs, c.k_in_feature),
             SHARC_FACTOR_REDUCTION);
  int64_t groups = batch_groups * feature_groups;
  int64_t out_features = groups > 0 ? sharc_dim_size(out, c.out_feature) / groups : 0;
  if (out_features > 1)
    factor_2_1(&b, SHARC_NULL_DIM, c.k_out_feature, c.out_feature, out_features,
               SHARC_FACTOR_PASS_THROUGH);
  sharc_ints_free(&c.in_spatial);
  sharc_ints_free(&c.k_spatial);
  sharc_ints_free(&c.out_spatial);
  return sharc_rb_finish(&b);
}

/* ---- reductions and windows -------------------------------------------- */

sharc_attr *sharc_rule_reduce(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  const int64_t *shape = sharc_operand_shape(op, 0, &rank);
  sharc_ints reduced;
  sharc_op_ints_attr(op, "dimensions", &reduced);
  unsigned num_inputs = sharc_op_num_results(op);
  int64_t *operand_dims = sharc_null_dims(sharc_op_num_operands(op));
  int64_t *result_dims = sharc_null_dims(num_inputs);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  int64_t out = 0;
  /* inputs first, then as many init values (scalars, never mapped) */
  for (unsigned d = 0; d < rank; d++) {
    for (unsigned i = 0; i < num_inputs; i++)
      operand_dims[i] = d;
    bool is_reduced = sharc_ints_contains(&reduced, d);
    for (unsigned i = 0; i < num_inputs; i++)
      result_dims[i] = is_reduced ? SHARC_NULL_DIM : out;
    if (!is_reduced)
      out++;
    sharc_rb_factor(&b, operand_dims, result_dims, shape[d],
                    is_reduced ? SHARC_FACTOR_REDUCTION : SHARC_FACTOR_PASS_THROUGH, false);
  }
  free(operand_dims);
  free(result_dims);
  sharc_ints_free(&reduced);
  return sharc_rb_finish(&b);
}

/* A window dimension maps operand to result one to one when its window and
 * stride are 1 and it has no padding. */
typedef struct window {
  sharc_ints sizes, strides, padding;
  bool has_padding;
} window;

static void read_window(sharc_op *op, window *w) {
  sharc_op_ints_attr(op, "window_dimensions", &w->sizes);
  sharc_op_ints_attr(op, "window_strides", &w->strides);
  w->has_padding = sharc_op_ints_attr(op, "padding", &w->padding);
}

static void free_window(window *w) {
  sharc_ints_free(&w->sizes);
  sharc_ints_free(&w->strides);
  sharc_ints_free(&w->padding);
}

static bool window_pass_through(const window *w, unsigned dim) {
  if (w->has_padding) {
    const int64_t *p = sharc_ints_data(&w->padding);
    if (2 * dim + 1 < w->padding.n && (p[2 * dim] != 0 || p[2 * dim + 1] != 0))
      return false;
  }
  bool stride_1 = w->strides.n == 0 || (dim < w->strides.n && sharc_ints_data(&w->strides)[dim] == 1);
  bool size_1 = w->sizes.n == 0 || (dim < w->sizes.n && sharc_ints_data(&w->sizes)[dim] == 1);
  return stride_1 && size_1;
}

/* What the windowed rules start from: the result shape (its rank in
 * *rank), the op's window and a builder on the op. */
static const int64_t *window_rule_begin(sharc_op *op, window *w, sharc_rule_builder *b,
                                        unsigned *rank) {
  const int64_t *shape = sharc_result_shape(op, 0, rank);
  read_window(op, w);
  sharc_rb_init(b, op);
  return shape;
}

/* Each result dimension counts windows; the operand dimension is sharded
 * along that count. */
sharc_attr *sharc_rule_reduce_window(sharc_op *op, bool conservative) {
  unsigned rank;
  window w;
  sharc_rule_builder b;
  const int64_t *shape = window_rule_begin(op, &w, &b, &rank);
  for (unsigned d = 0; d < rank; d++) {
    bool through = window_pass_through(&w, d);
    sharc_rb_factor_all(&b, d, shape[d],
                        through ? SHARC_FACTOR_PASS_THROUGH : SHARC_FACTOR_PERMUTATION,
                        conservative && !through);
  }
  free_window(&w);
  return sharc_rb_finish(&b);
}

/* Operands: operand, source, init value; one result shaped like the operand. */
sharc_attr *sharc_rule_select_and_scatter(sharc_op *op, bool conservative) {
  unsigned rank;
  window w;
  sharc_rule_builder b;
  const int64_t *shape = window_rule_begin(op, &w, &b, &rank);
  for (unsigned d = 0; d < rank; d++) {
    if (window_pass_through(&w, d)) {
      sharc_rb_factor_all(&b, d, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
      continue;
    }
    int64_t source_dims[3] = {SHARC_NULL_DIM, d, SHARC_NULL_DIM};
    int64_t operand_dims[3] = {d, SHARC_NULL_DIM, SHARC_NULL_DIM};
    int64_t none = SHARC_NULL_DIM, out = d;
    sharc_rb_factor(&b, source_dims, &none, sharc_dim_size(sharc_op_operand(op, 1), d),
                    SHARC_FACTOR_NEED_REPLICATION, conservative);
    sharc_rb_factor(&b, operand_dims, &out, shape[d], SHARC_FACTOR_PERMUTATION, conservative);
  }
  free_window(&w);
  return sharc_rb_finish(&b);
}

/* ---- gather and scatter ------------------------------------------------ */

/* Gather and scatter share one structure: an input, indices and slices
 * (gather's result, scatter's updates). `add` maps a factor onto the three. */
typedef struct gs_ctx {
  sharc_rule_builder b;
  sharc_op *op;
  bool scatter;
  unsigned num_inputs; /* scatter: inputs, results and updates each */
  int64_t *operand_dims, *result_dims;
} gs_ctx;

static void gs_add(gs_ctx *g, int64_t input, int64_t indices, int64_t slices, int64_t size,
                   sharc_factor_type type, bool blocked) {
  if (!g->scatter) {
    int64_t ops[2] = {input, indices};
    sharc_rb_factor(&g->b, ops, &slices, size, type, blocked);
    return;
  }
  unsigned n = g->num_inputs;
  for (unsigned i = 0; i < n; i++) {
    g->operand_dims[i] = input;
    g->operand_dims[n + 1 + i] = slices;
    g->result_dims[i] = input;
  }
  g->operand_dims[n] = indices;
  sharc_rb_factor(&g->b, g->operand_dims, g->result_dims, size, type, blocked);
}

typedef struct gs_dims {
  sharc_ints offset, collapsed, input_batching, indices_batching;
  int64_t index_vector_dim;
} gs_dims;

static void gs_free(gs_dims *d) {
  sharc_ints_free(&d->offset);
  sharc_ints_free(&d->collapsed);
  sharc_ints_free(&d->input_batching);
  sharc_ints_free(&d->indices_batching);
}

/* An offset dimension of the slices: shared with the input when unsliced;
 * otherwise scatter replicates both sides, gather reduces a size-1 slice
 * and blocks a larger one. */
static void gs_offset_dim(gs_ctx *g, int64_t input_dim, int64_t input_size, int64_t slices_dim,
                          int64_t slices_size) {
  const int64_t N = SHARC_NULL_DIM;
  if (input_size == slices_size) {
    gs_add(g, input_dim, N, slices_dim, input_size, SHARC_FACTOR_PASS_THROUGH, false);
  } else if (g->scatter) {
    gs_add(g, input_dim, N, N, input_size, SHARC_FACTOR_NEED_REPLICATION, false);
    gs_add(g, N, N, slices_dim, slices_size, SHARC_FACTOR_NEED_REPLICATION, false);
  } else if (slices_size == 1) {
    gs_add(g, input_dim, N, N, input_size, SHARC_FACTOR_REDUCTION, false);
    gs_add(g, N, N, slices_dim, slices_size, SHARC_FACTOR_NEED_REPLICATION, false);
  } else {
    gs_add(g, input_dim, N, slices_dim, input_size, SHARC_FACTOR_NEED_REPLICATION, true);
  }
}

static void gs_factors(gs_ctx *g, sharc_value *input, sharc_value *slices, sharc_value *indices,
                       const gs_dims *d) {
  const int64_t N = SHARC_NULL_DIM;
  unsigned input_rank, slices_rank, indices_rank;
  const int64_t *in_shape = sharc_value_shape(input, &input_rank);
  const int64_t *slices_shape = sharc_value_shape(slices, &slices_rank);
  const int64_t *indices_shape = sharc_value_shape(indices, &indices_rank);
  int64_t input_dim = 0, batch_pos = 0;
  for (unsigned s = 0; s < slices_rank; s++) {
    if (sharc_ints_contains(&d->offset, s)) {
      while (sharc_ints_contains(&d->collapsed, input_dim) ||
             sharc_ints_contains(&d->input_batching, input_dim))
        input_dim++;
      int64_t in_size = input_dim < input_rank ? in_shape[input_dim] : 1;
      gs_offset_dim(g, input_dim, in_size, s, slices_shape[s]);
      input_dim++;
      continue;
    }
    /* A batch dimension of the slices: explicit when the indices list it
     * among their batching dims (then the input has it too), implicit
     * otherwise. */
    int64_t indices_dim = batch_pos < d->index_vector_dim ? batch_pos : batch_pos + 1;
    int at = sharc_ints_find(&d->indices_batching, indices_dim);
    bool explicit_batch = at >= 0;
    int64_t input_batch = explicit_batch && (unsigned)at < d->input_batching.n
                              ? sharc_ints_data(&d->input_batching)[at]
                              : N;
    sharc_factor_type type = SHARC_FACTOR_PASS_THROUGH;
    if (g->scatter && !explicit_batch)
      type = sharc_sdy_scatter_reduction_op(g->op, g->num_inputs) ? SHARC_FACTOR_REDUCTION
                                                    : SHARC_FACTOR_NEED_REPLICATION;
    gs_add(g, input_batch, indices_dim, s, slices_shape[s], type, false);
    batch_pos++;
  }
  for (unsigned i = 0; i < d->collapsed.n; i++) {
    int64_t dim = sharc_ints_data(&d->collapsed)[i];
    int64_t size = dim >= 0 && dim < input_rank ? in_shape[dim] : 1;
    /* Gather may shard a collapsed dimension (the result is then reduced),
     * unless it has size 1. */
    sharc_factor_type type = g->scatter ? SHARC_FACTOR_PASS_THROUGH
                             : size == 1 ? SHARC_FACTOR_NEED_REPLICATION
                                         : SHARC_FACTOR_REDUCTION;
    gs_add(g, dim, N, N, size, type, false);
  }
  if (d->index_vector_dim >= 0 && d->index_vector_dim < indices_rank)
    gs_add(g, N, d->index_vector_dim, N, indices_shape[d->index_vector_dim],
           SHARC_FACTOR_NEED_REPLICATION, false);
}

/* The attribute and field names gather and scatter give the same dimension
 * numbers: offset, collapsed, operand batching, indices batching. */
static const char *const gs_field_names[2][5] = {
    {"dimension_numbers", "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
     "start_indices_batching_dims"},
    {"scatter_dimension_numbers", "update_window_dims", "inserted_window_dims",
     "input_batching_dims", "scatter_indices_batching_dims"},
};

static void gs_read_dims(sharc_op *op, bool scatter, gs_dims *d) {
  const char *const *f = gs_field_names[scatter];
  sharc_struct_ints(op, f[0], f[1], &d->offset);
  sharc_struct_ints(op, f[0], f[2], &d->collapsed);
  sharc_struct_ints(op, f[0], f[3], &d->input_batching);
  sharc_struct_ints(op, f[0], f[4], &d->indices_batching);
  d->index_vector_dim = sharc_struct_int(op, f[0], "index_vector_dim", 0);
}

sharc_attr *sharc_rule_gather(sharc_op *op, bool conservative) {
  (void)conservative;
  gs_dims d;
  gs_read_dims(op, false, &d);
  gs_ctx g = {.op = op, .scatter = false};
  sharc_rb_init(&g.b, op);
  gs_factors(&g, sharc_op_operand(op, 0), sharc_op_result(op, 0), sharc_op_operand(op, 1), &d);
  gs_free(&d);
  return sharc_rb_finish(&g.b);
}

sharc_attr *sharc_rule_scatter(sharc_op *op, bool conservative) {
  (void)conservative;
  gs_dims d;
  gs_read_dims(op, true, &d);
  unsigned n = sharc_op_num_results(op);
  gs_ctx g = {.op = op, .scatter = true, .num_inputs = n};
  g.operand_dims = sharc_null_dims(2 * n + 1);
  g.result_dims = sharc_null_dims(n);
  sharc_rb_init(&g.b, op);
  gs_factors(&g, sharc_op_operand(op, 0), sharc_op_operand(op, n + 1), sharc_op_operand(op, n), &d);
  free(g.operand_dims);
  free(g.result_dims);
  gs_free(&d);
  return sharc_rb_finish(&g.b);
}

/* ---- fft and linear algebra -------------------------------------------- */

sharc_attr *sharc_rule_fft(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_io_shapes io = sharc_io_shapes_of(op);
  sharc_ints len;
  sharc_op_ints_attr(op, "fft_length", &len);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  /* Leading dimensions are batch; fft dimensions need replication, and the
   * last one is blocked when the transform truncates it. */
  bool truncated = io.in_rank && io.out_rank && io.in[io.in_rank - 1] != io.out[io.out_rank - 1];
  for (unsigned d = 0; d < io.in_rank; d++) {
    if (d + len.n < io.in_rank)
      sharc_rb_factor_all(&b, d, io.in[d], SHARC_FACTOR_PASS_THROUGH, false);
    else
      sharc_rb_factor_all(&b, d, io.in[d], SHARC_FACTOR_NEED_REPLICATION,
                          d + 1 == io.in_rank && truncated);
  }
  sharc_ints_free(&len);
  return sharc_rb_finish(&b);
}

/* Operands a, b; result x with op(a) x = b (left side) or x op(a) = b. */
sharc_attr *sharc_rule_triangular_solve(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned a_rank, b_rank;
  const int64_t *a = sharc_operand_shape(op, 0, &a_rank);
  const int64_t *bs = sharc_operand_shape(op, 1, &b_rank);
  if (a_rank < 2 || b_rank < a_rank)
    return NULL;
  const char *tr = sharc_op_enum_attr(op, "transpose_a");
  bool transposed = strcmp(tr, "TRANSPOSE") == 0 || strcmp(tr, "ADJOINT") == 0;
  bool left = sharc_op_bool_attr(op, "left_side", false);
  int64_t d1 = a_rank - 2, d2 = a_rank - 1;
  const int64_t N = SHARC_NULL_DIM;
  const sharc_factor_type R = SHARC_FACTOR_NEED_REPLICATION;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  sharc_rb_pointwise(&b, a, a_rank - 2);
  if (left) {
    int64_t a_free = transposed ? d2 : d1, a_contract = transposed ? d1 : d2;
    factor_2_1(&b, a_free, d1, N, a[a_free], R);
    factor_2_1(&b, N, d2, d2, bs[d2], R);
    factor_2_1(&b, a_contract, N, d1, a[a_contract], R);
  } else {
    int64_t a_free = transposed ? d1 : d2, a_contract = transposed ? d2 : d1;
    factor_2_1(&b, N, d1, d1, bs[d1], R);
    factor_2_1(&b, a_free, d2, N, a[a_free], R);
    factor_2_1(&b, a_contract, N, d2, a[a_contract], R);
  }
  return sharc_rb_finish(&b);
}

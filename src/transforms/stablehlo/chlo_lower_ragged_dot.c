/* chlo.ragged_dot lowered as StableHLO's ConvertRaggedDotOp does, for
 * static shapes, in its three modes:
 *   1. the ragged dimension is an lhs non-contracting one: one dot_general
 *      per group, of the lhs masked to the group's rows with the group's rhs
 *      slice, summed;
 *   2. the ragged dimension is contracting: one dot_general per group of the
 *      masked lhs with the rhs, the results stacked on a new leading axis;
 *   3. the ragged dimension is a batch one: a plain dot_general.
 * The group sizes give each group's [start, limit) along the ragged
 * dimension, compared against an iota of it. */
#include "support/xalloc.h"
#include "transforms/stablehlo/chlo_build.h"

#include <stdlib.h>

enum { RD_LHS_BATCH, RD_RHS_BATCH, RD_LHS_CONTRACT, RD_RHS_CONTRACT, RD_LHS_RAGGED, RD_RHS_GROUP };

typedef struct ragged {
  sharc_op *op;
  V *lhs, *rhs, *group_sizes;
  sharc_attr *dims;
  sharc_attr *precision; /* the converted precision_config, or NULL */
} ragged;

static sharc_ident *id(sharc_cb *b, const char *s) {
  return sharc_ident_get(b->ctx, sharc_str_from_cstr(s));
}

static sharc_type *i64_elem(sharc_cb *b) {
  return sharc_type_integer(b->ctx, 64, SHARC_SIGNLESS);
}

static int64_t field(const ragged *r, unsigned f, unsigned i) {
  return sharc_attr_dense_array_i64(sharc_chlo_ragged_dot_field(r->dims, f), i);
}

static unsigned field_len(const ragged *r, unsigned f) {
  sharc_attr *a = sharc_chlo_ragged_dot_field(r->dims, f);
  return a ? sharc_attr_count(a) : 0;
}

static V *create(sharc_cb *b, const char *name, V *const *ops, unsigned n, sharc_type *t,
                 const sharc_named_attr *attrs, unsigned na) {
  sharc_attr *dict = na ? sharc_attr_dictionary(b->ctx, attrs, na) : NULL;
  return sharc_op_result(sharc_cb_op(b, name, ops, n, &t, 1, dict, 0), 0);
}

static sharc_attr *dims_attr(sharc_cb *b, const int64_t *v, unsigned n) {
  return sharc_attr_dense_i64_array(b->ctx, v, n);
}

/* A zero constant of type `t` (any shape). */
static V *zeros(sharc_cb *b, sharc_type *t) {
  sharc_type *elem = sharc_type_element(t);
  bool complex = sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX;
  uint64_t raw[2] = {0, 0};
  sharc_named_attr a = {id(b, "value"),
                        sharc_attr_dense_elements(b->ctx, t, raw, complex ? 2 : 1, true)};
  return create(b, "stablehlo.constant", NULL, 0, t, &a, 1);
}

static V *broadcast(sharc_cb *b, V *x, sharc_type *t, const int64_t *dims, unsigned n) {
  sharc_named_attr a = {id(b, "broadcast_dimensions"), dims_attr(b, dims, n)};
  return create(b, "stablehlo.broadcast_in_dim", &x, 1, t, &a, 1);
}

/* group_sizes[..., i] as an i64 tensor of the batch shape. */
static V *group_size(sharc_cb *b, V *sizes, int64_t i) {
  sharc_type *t = sharc_value_type(sizes);
  unsigned rank = sharc_type_rank(t);
  int64_t start[64] = {0}, limit[64], strides[64];
  for (unsigned d = 0; d < rank; d++)
    limit[d] = sharc_type_shape(t)[d], strides[d] = 1;
  start[rank - 1] = i, limit[rank - 1] = i + 1;
  sharc_named_attr sa[3] = {{id(b, "start_indices"), dims_attr(b, start, rank)},
                            {id(b, "limit_indices"), dims_attr(b, limit, rank)},
                            {id(b, "strides"), dims_attr(b, strides, rank)}};
  int64_t slice_shape[64];
  for (unsigned d = 0; d < rank; d++)
    slice_shape[d] = limit[d] - start[d];
  sharc_type *st = sharc_type_tensor(b->ctx, slice_shape, rank, sharc_cb_elem(sizes), NULL);
  V *slice = create(b, "stablehlo.slice", &sizes, 1, st, sa, 3);
  sharc_type *bt = sharc_type_tensor(b->ctx, sharc_type_shape(t), rank - 1, sharc_cb_elem(sizes),
                                     NULL);
  V *g = create(b, "stablehlo.reshape", &slice, 1, bt, NULL, 0);
  if (sharc_type_int_width(sharc_cb_elem(g)) != 64)
    g = sharc_cb_convert(b, g, i64_elem(b));
  return g;
}

/* lhs where start <= iota < limit along the ragged dimension, else 0. */
static V *mask(sharc_cb *b, const ragged *r, V *zero, V *start, V *limit, V *iota) {
  sharc_type *lt = sharc_value_type(r->lhs);
  unsigned rank = sharc_type_rank(lt);
  unsigned batch_rank = sharc_type_rank(sharc_value_type(r->group_sizes)) - 1;
  int64_t bdims[64], idims[64];
  for (unsigned d = 0; d < batch_rank; d++)
    bdims[d] = d;
  for (unsigned d = 0; d < rank; d++)
    idims[d] = d;
  sharc_type *it = sharc_cb_with_elem(b, lt, i64_elem(b));
  V *start_b = broadcast(b, start, it, bdims, batch_rank);
  V *limit_b = broadcast(b, limit, it, bdims, batch_rank);
  V *iota_b = broadcast(b, iota, it, idims, rank);
  V *in = AND(CMP(GE, iota_b, start_b), CMP(LT, iota_b, limit_b));
  return SEL(in, r->lhs, zero);
}

static V *iota_along(sharc_cb *b, const ragged *r, int64_t dim) {
  sharc_type *lt = sharc_value_type(r->lhs);
  unsigned rank = sharc_type_rank(lt);
  int64_t shape[64];
  for (unsigned d = 0; d < rank; d++)
    shape[d] = (int64_t)d == dim ? sharc_type_shape(lt)[d] : 1;
  sharc_type *t = sharc_type_tensor(b->ctx, shape, rank, i64_elem(b), NULL);
  sharc_named_attr a = {id(b, "iota_dimension"), sharc_attr_integer(b->ctx, i64_elem(b), dim)};
  return create(b, "stablehlo.iota", NULL, 0, t, &a, 1);
}

static sharc_attr *dot_dims(sharc_cb *b, const ragged *r, const int64_t *rhs_batch,
                            const int64_t *rhs_contract) {
  sharc_attr *f[4] = {NULL, NULL, NULL, NULL};
  unsigned n[4] = {field_len(r, RD_LHS_BATCH), field_len(r, RD_RHS_BATCH),
                   field_len(r, RD_LHS_CONTRACT), field_len(r, RD_RHS_CONTRACT)};
  int64_t v[4][64];
  for (unsigned k = 0; k < 4; k++)
    for (unsigned i = 0; i < n[k] && i < 64; i++)
      v[k][i] = field(r, k, i);
  if (rhs_batch)
    for (unsigned i = 0; i < n[1]; i++)
      v[1][i] = rhs_batch[i];
  if (rhs_contract)
    for (unsigned i = 0; i < n[3]; i++)
      v[3][i] = rhs_contract[i];
  for (unsigned k = 0; k < 4; k++)
    if (n[k])
      f[k] = dims_attr(b, v[k], n[k]);
  return sharc_shlo_struct_get(b->ctx, &sharc_shlo_dot_def, f);
}

static V *dot(sharc_cb *b, const ragged *r, V *lhs, V *rhs, sharc_type *t, sharc_attr *dims) {
  V *ops[2] = {lhs, rhs};
  sharc_named_attr a[2] = {{id(b, "dot_dimension_numbers"), dims},
                           {id(b, "precision_config"), r->precision}};
  return create(b, "stablehlo.dot_general", ops, 2, t, a, r->precision ? 2 : 1);
}

/* The i64 zeros of the batch shape: the first group's start. */
static V *initial_start(sharc_cb *b, const ragged *r) {
  sharc_type *gt = sharc_value_type(r->group_sizes);
  sharc_type *t =
      sharc_type_tensor(b->ctx, sharc_type_shape(gt), sharc_type_rank(gt) - 1, i64_elem(b), NULL);
  return zeros(b, t);
}

static V *mode1(sharc_cb *b, const ragged *r) {
  sharc_type *lt = sharc_value_type(r->lhs), *rt = sharc_value_type(r->rhs);
  unsigned rhs_rank = sharc_type_rank(rt);
  int64_t group_dim = field(r, RD_RHS_GROUP, 0);
  int64_t g = sharc_type_shape(rt)[group_dim];
  V *start = initial_start(b, r);
  V *iota = iota_along(b, r, field(r, RD_LHS_RAGGED, 0));
  V *zero = zeros(b, lt);
  int64_t rb[64], rc[64];
  for (unsigned i = 0; i < field_len(r, RD_RHS_BATCH); i++) {
    int64_t d = field(r, RD_RHS_BATCH, i);
    rb[i] = d > group_dim ? d - 1 : d;
  }
  for (unsigned i = 0; i < field_len(r, RD_RHS_CONTRACT); i++) {
    int64_t d = field(r, RD_RHS_CONTRACT, i);
    rc[i] = d > group_dim ? d - 1 : d;
  }
  sharc_attr *dims = dot_dims(b, r, rb, rc);
  sharc_type *result = sharc_value_type(sharc_op_result(r->op, 0));
  V *out = NULL;
  for (int64_t i = 0; i < g; i++) {
    V *limit = ADD(start, group_size(b, r->group_sizes, i));
    V *masked = mask(b, r, zero, start, limit, iota);
    int64_t s0[64] = {0}, s1[64], st[64], reduced[64];
    unsigned nr = 0;
    for (unsigned d = 0; d < rhs_rank; d++) {
      s1[d] = sharc_type_shape(rt)[d], st[d] = 1;
      if ((int64_t)d != group_dim)
        reduced[nr++] = s1[d];
    }
    s0[group_dim] = i, s1[group_dim] = i + 1;
    sharc_named_attr sa[3] = {{id(b, "start_indices"), dims_attr(b, s0, rhs_rank)},
                              {id(b, "limit_indices"), dims_attr(b, s1, rhs_rank)},
                              {id(b, "strides"), dims_attr(b, st, rhs_rank)}};
    int64_t slice_shape[64];
    for (unsigned d = 0; d < rhs_rank; d++)
      slice_shape[d] = s1[d] - s0[d];
    V *slice = create(b, "stablehlo.slice", &r->rhs, 1,
                      sharc_type_tensor(b->ctx, slice_shape, rhs_rank, sharc_cb_elem(r->rhs), NULL),
                      sa, 3);
    V *rhs_i = create(b, "stablehlo.reshape", &slice, 1,
                      sharc_type_tensor(b->ctx, reduced, nr, sharc_cb_elem(r->rhs), NULL), NULL, 0);
    V *d = dot(b, r, masked, rhs_i, result, dims);
    out = out ? ADD(out, d) : d;
    start = limit;
  }
  return out;
}

static V *mode2(sharc_cb *b, const ragged *r) {
  sharc_type *lt = sharc_value_type(r->lhs);
  sharc_type *gt = sharc_value_type(r->group_sizes);
  int64_t g = sharc_type_shape(gt)[sharc_type_rank(gt) - 1];
  int64_t ragged_dim = field(r, RD_LHS_RAGGED, 0);
  bool contracting = false;
  for (unsigned i = 0; i < field_len(r, RD_LHS_CONTRACT); i++)
    contracting |= field(r, RD_LHS_CONTRACT, i) == ragged_dim;
  if (!contracting || g < 1)
    return NULL;
  V *start = initial_start(b, r);
  V *iota = iota_along(b, r, ragged_dim);
  V *zero = zeros(b, lt);
  sharc_type *result = sharc_value_type(sharc_op_result(r->op, 0));
  unsigned rank = sharc_type_rank(result);
  const int64_t *shape = sharc_type_shape(result);
  sharc_type *part = sharc_type_tensor(b->ctx, shape + 1, rank - 1, sharc_type_element(result), NULL);
  int64_t one_shape[64];
  one_shape[0] = 1;
  for (unsigned d = 1; d < rank; d++)
    one_shape[d] = shape[d];
  sharc_type *stacked = sharc_type_tensor(b->ctx, one_shape, rank, sharc_type_element(result), NULL);
  sharc_attr *dims = dot_dims(b, r, NULL, NULL);
  V **parts = sharc_xmalloc_array((size_t)g, sizeof *parts);
  for (int64_t i = 0; i < g; i++) {
    V *limit = ADD(start, group_size(b, r->group_sizes, i));
    V *masked = mask(b, r, zero, start, limit, iota);
    parts[i] = dot(b, r, masked, r->rhs, part, dims);
    start = limit;
  }
  /* the reshapes after all the products, as StableHLO makes them */
  for (int64_t i = 0; i < g; i++)
    parts[i] = create(b, "stablehlo.reshape", &parts[i], 1, stacked, NULL, 0);
  sharc_named_attr a = {id(b, "dimension"), sharc_attr_integer(b->ctx, i64_elem(b), 0)};
  V *out = create(b, "stablehlo.concatenate", parts, (unsigned)g, result, &a, 1);
  free(parts);
  return out;
}

/* chlo precisions into stablehlo's (the same cases, in the same order). */
static sharc_attr *convert_precision(sharc_cb *b, sharc_attr *config) {
  if (!config)
    return NULL;
  unsigned n = sharc_attr_count(config);
  sharc_attr **items = sharc_xmalloc_array(n + 1, sizeof *items);
  for (unsigned i = 0; i < n; i++) {
    int k = sharc_shlo_enum_index(sharc_attr_at(config, i), &sharc_chlo_precision);
    items[i] = sharc_shlo_enum_get(b->ctx, &sharc_shlo_precision, k < 0 ? 0 : (unsigned)k);
  }
  sharc_attr *a = sharc_attr_array(b->ctx, items, n);
  free(items);
  return a;
}

V *sharc_chlo_lower_ragged_dot(sharc_cb *b, sharc_op *op) {
  if (sharc_op_num_operands(op) != 3)
    return NULL;
  ragged r = {op, sharc_op_operand(op, 0), sharc_op_operand(op, 1), sharc_op_operand(op, 2),
              sharc_op_attr(op, "ragged_dot_dimension_numbers"), NULL};
  if (!r.dims || !field_len(&r, RD_LHS_RAGGED) ||
      sharc_type_rank(sharc_value_type(r.group_sizes)) < 1)
    return NULL;
  r.precision = convert_precision(b, sharc_op_attr(op, "precision_config"));
  unsigned lr = sharc_type_rank(sharc_value_type(r.lhs));
  unsigned rr = sharc_type_rank(sharc_value_type(r.rhs));
  unsigned res = sharc_type_rank(sharc_value_type(sharc_op_result(op, 0)));
  if (lr > 64 || rr > 64 || res > 64)
    return NULL;
  if (lr < rr)
    return field_len(&r, RD_RHS_GROUP) ? mode1(b, &r) : NULL;
  if (lr < res)
    return mode2(b, &r);
  return dot(b, &r, r.lhs, r.rhs, sharc_value_type(sharc_op_result(op, 0)),
             dot_dims(b, &r, NULL, NULL));
}

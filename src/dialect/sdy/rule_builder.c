/* The sharding-rule builder: collects factors and their dimension links in
 * scratch arrays, then groups links per dimension into an #sdy.op_sharding_rule. */
#include "dialect/sdy/rule_builder.h"

#include <stdlib.h>

#include "sharc/sdy.h"
#include "support/xalloc.h"

/* The ranked tensor `t` is, or stands for (an mpmd mesh tensor's global
 * type), as Shardy's getTensorShape looks through ShapedType; NULL if none. */
static const sharc_type *ranked_tensor_of(const sharc_type *t) {
  const sharc_type *s = sharc_type_shaped_view(t);
  return s && sharc_type_get_kind(s) == SHARC_TYPE_TENSOR ? s : NULL;
}

static unsigned value_rank(sharc_value *v) {
  const sharc_type *t = ranked_tensor_of(sharc_value_type(v));
  return t ? sharc_type_rank(t) : 0;
}

void sharc_rb_init(sharc_rule_builder *b, sharc_op *op) {
  memset(b, 0, sizeof *b);
  b->ctx = sharc_op_context(op);
  b->num_operands = sharc_op_num_operands(op);
  b->num_results = sharc_op_num_results(op);
  unsigned n = b->num_operands + b->num_results;
  b->dim_base = sharc_xmalloc_array(n + 1, sizeof *b->dim_base);
  b->rank = sharc_xmalloc_array(n + 1, sizeof *b->rank);
  for (unsigned t = 0; t < n; t++) {
    sharc_value *v = t < b->num_operands ? sharc_op_operand(op, t)
                                         : sharc_op_result(op, t - b->num_operands);
    b->rank[t] = value_rank(v);
    b->dim_base[t] = b->num_dims;
    b->num_dims += b->rank[t];
  }
  b->dim_used = sharc_xcalloc(b->num_dims + 1, sizeof *b->dim_used);
}

void sharc_rb_free(sharc_rule_builder *b) {
  free(b->dim_base);
  free(b->rank);
  free(b->dim_used);
  sharc_vec_free(&b->sizes);
  sharc_vec_free(&b->kinds);
  sharc_vec_free(&b->links);
  memset(b, 0, sizeof *b);
}

static unsigned new_factor(sharc_rule_builder *b, int64_t size, sharc_factor_type type,
                           bool blocked) {
  sharc_vec_push(&b->sizes, size);
  sharc_vec_push(&b->kinds, ((sharc_factor_kind){(unsigned char)type, blocked}));
  return b->sizes.len - 1;
}

/* Links tensor `t`'s dimension `dim` to `factor`; out-of-range dimensions
 * (a rule applied to an op its verifier would reject) are ignored. */
static void link(sharc_rule_builder *b, unsigned t, int64_t dim, unsigned factor) {
  if (dim < 0 || (uint64_t)dim >= b->rank[t])
    return;
  unsigned flat = b->dim_base[t] + (unsigned)dim;
  sharc_vec_push(&b->links, ((sharc_rule_link){flat, factor}));
  b->dim_used[flat]++;
}

static bool dim_has_factor(const sharc_rule_builder *b, unsigned t, int64_t dim) {
  return dim >= 0 && (uint64_t)dim < b->rank[t] && b->dim_used[b->dim_base[t] + dim] > 0;
}

static void link_dims(sharc_rule_builder *b, unsigned first_tensor, unsigned count,
                      const int64_t *dims, unsigned factor, int64_t size) {
  for (unsigned i = 0; i < count; i++) {
    if (dims[i] == SHARC_NULL_DIM)
      continue;
    if (size == 1 && dim_has_factor(b, first_tensor + i, dims[i]))
      continue;
    link(b, first_tensor + i, dims[i], factor);
  }
}

void sharc_rb_factor(sharc_rule_builder *b, const int64_t *operand_dims,
                     const int64_t *result_dims, int64_t size, sharc_factor_type type,
                     bool blocked) {
  unsigned f = new_factor(b, size, type, blocked);
  link_dims(b, 0, b->num_operands, operand_dims, f, size);
  link_dims(b, b->num_operands, b->num_results, result_dims, f, size);
}

static void link_all(sharc_rule_builder *b, unsigned first, unsigned count, int64_t dim,
                     unsigned factor) {
  for (unsigned t = first; t < first + count; t++)
    if (b->rank[t] > 0)
      link(b, t, dim, factor);
}

void sharc_rb_factor_all(sharc_rule_builder *b, int64_t dim, int64_t size,
                         sharc_factor_type type, bool blocked) {
  unsigned f = new_factor(b, size, type, blocked);
  link_all(b, 0, b->num_operands + b->num_results, dim, f);
}

void sharc_rb_factor_all_operands(sharc_rule_builder *b, int64_t dim, int64_t size,
                                  sharc_factor_type type) {
  unsigned f = new_factor(b, size, type, false);
  link_all(b, 0, b->num_operands, dim, f);
}

void sharc_rb_factor_all_results(sharc_rule_builder *b, int64_t dim, int64_t size,
                                 sharc_factor_type type) {
  unsigned f = new_factor(b, size, type, false);
  link_all(b, b->num_operands, b->num_results, dim, f);
}

void sharc_rb_pointwise(sharc_rule_builder *b, const int64_t *shape, unsigned rank) {
  for (unsigned d = 0; d < rank; d++)
    sharc_rb_factor_all(b, d, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
}

void sharc_rb_pointwise_mismatch(sharc_rule_builder *b, const int64_t *in, const int64_t *out,
                                 unsigned rank, sharc_factor_type mismatch_type,
                                 bool mismatch_blocked) {
  for (unsigned d = 0; d < rank; d++) {
    if (in[d] == out[d])
      sharc_rb_factor_all(b, d, in[d], SHARC_FACTOR_PASS_THROUGH, false);
    else
      sharc_rb_factor_all(b, d, in[d], mismatch_type, mismatch_blocked);
  }
}

/* ---- building the attribute ------------------------------------------- */

/* Groups links per flat dimension, keeping the order factors were added,
 * and gives every dimension without a factor a fresh size-1 factor. */
static int64_t *group_links(sharc_rule_builder *b, unsigned *start) {
  unsigned extra = 0;
  for (unsigned d = 0; d < b->num_dims; d++)
    if (!b->dim_used[d])
      extra++;
  int64_t *factors = sharc_xmalloc_array(b->links.len + extra + 1, sizeof *factors);
  unsigned *fill = sharc_xmalloc_array(b->num_dims + 1, sizeof *fill);
  unsigned pos = 0;
  for (unsigned d = 0; d < b->num_dims; d++) {
    start[d] = pos;
    pos += b->dim_used[d] ? b->dim_used[d] : 1;
  }
  start[b->num_dims] = pos;
  memcpy(fill, start, (b->num_dims + 1) * sizeof *fill);
  for (unsigned i = 0; i < b->links.len; i++)
    factors[fill[b->links.items[i].dim]++] = b->links.items[i].factor;
  for (unsigned d = 0; d < b->num_dims; d++)
    if (!b->dim_used[d])
      factors[start[d]] = new_factor(b, 1, SHARC_FACTOR_PASS_THROUGH, false);
  free(fill);
  return factors;
}

static sharc_attr *tensor_mapping(sharc_rule_builder *b, unsigned t, const unsigned *start,
                                  const int64_t *factors, sharc_attr **scratch) {
  for (unsigned d = 0; d < b->rank[t]; d++) {
    unsigned flat = b->dim_base[t] + d;
    scratch[d] = sharc_sdy_dim_mapping_get(b->ctx, factors + start[flat],
                                           start[flat + 1] - start[flat]);
  }
  return sharc_sdy_tensor_mapping_get(b->ctx, scratch, b->rank[t]);
}

static unsigned special_list(const sharc_rule_builder *b, unsigned which, int64_t *out) {
  unsigned n = 0;
  for (unsigned f = 0; f < b->kinds.len; f++) {
    const sharc_factor_kind *k = &b->kinds.items[f];
    bool in = which == 3 ? k->blocked : k->type == which + 1;
    if (in)
      out[n++] = f;
  }
  return n;
}

sharc_attr *sharc_rb_build(sharc_rule_builder *b) {
  unsigned original_factors = b->sizes.len;
  unsigned *start = sharc_xmalloc_array(b->num_dims + 1, sizeof *start);
  int64_t *factors = group_links(b, start);
  unsigned n_tensors = b->num_operands + b->num_results;
  unsigned max_rank = 0;
  for (unsigned t = 0; t < n_tensors; t++)
    if (b->rank[t] > max_rank)
      max_rank = b->rank[t];
  unsigned num_factors = b->sizes.len;
  sharc_attr **scratch = sharc_xmalloc_array(max_rank + 1, sizeof *scratch);
  sharc_attr **mappings = sharc_xmalloc_array(n_tensors + 1, sizeof *mappings);
  int64_t *special = sharc_xmalloc_array(4 * num_factors + 1, sizeof *special);
  for (unsigned t = 0; t < n_tensors; t++)
    mappings[t] = tensor_mapping(b, t, start, factors, scratch);

  sharc_sdy_rule_parts parts = {0};
  parts.factor_sizes = b->sizes.items;
  parts.num_factors = num_factors;
  parts.operands = mappings;
  parts.num_operands = b->num_operands;
  parts.results = mappings + b->num_operands;
  parts.num_results = b->num_results;
  for (unsigned k = 0; k < 4; k++) {
    int64_t *list = special + k * num_factors;
    parts.num_special[k] = special_list(b, k, list);
    parts.special[k] = list;
  }
  sharc_attr *rule = sharc_sdy_op_sharding_rule_get(b->ctx, &parts);

  /* The size-1 factors belong to this build only, as in Shardy. */
  b->sizes.len = b->kinds.len = original_factors;
  free(special);
  free(mappings);
  free(scratch);
  free(factors);
  free(start);
  return rule;
}

sharc_attr *sharc_rb_finish(sharc_rule_builder *b) {
  sharc_attr *rule = sharc_rb_build(b);
  sharc_rb_free(b);
  return rule;
}

int64_t *sharc_null_dims(unsigned n) {
  int64_t *d = sharc_xmalloc_array(n + 1, sizeof *d);
  for (unsigned i = 0; i < n; i++)
    d[i] = SHARC_NULL_DIM;
  return d;
}

int64_t sharc_gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

sharc_attr *sharc_rule_pointwise_over(sharc_op *op, const int64_t *shape, unsigned rank) {
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  sharc_rb_pointwise(&b, shape, rank);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_pointwise(sharc_op *op) {
  if (sharc_op_num_results(op) == 0)
    return NULL;
  const sharc_type *t = ranked_tensor_of(sharc_value_type(sharc_op_result(op, 0)));
  if (!t)
    return NULL;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  const int64_t *shape = sharc_type_shape(t);
  for (unsigned d = 0; d < sharc_type_rank(t); d++) {
    unsigned f = new_factor(&b, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
    for (unsigned i = 0; i < b.num_operands + b.num_results; i++)
      link(&b, i, d, f);
  }
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_identity(sharc_context *ctx, const sharc_type *type, unsigned num_operands,
                                unsigned num_results) {
  const sharc_type *shaped = sharc_type_shaped_view(type);
  unsigned rank = shaped && sharc_type_has_rank(shaped) ? sharc_type_rank(shaped) : 0;
  const int64_t *shape = rank ? sharc_type_shape(shaped) : NULL;
  unsigned n = num_operands + num_results;
  sharc_attr **dims = sharc_xmalloc_array(rank + 1, sizeof *dims);
  sharc_attr **mappings = sharc_xmalloc_array(n + 1, sizeof *mappings);
  for (unsigned d = 0; d < rank; d++) {
    int64_t factor = d;
    dims[d] = sharc_sdy_dim_mapping_get(ctx, &factor, 1);
  }
  sharc_attr *mapping = sharc_sdy_tensor_mapping_get(ctx, dims, rank);
  for (unsigned t = 0; t < n; t++)
    mappings[t] = mapping;
  sharc_sdy_rule_parts parts = {0};
  parts.factor_sizes = shape;
  parts.num_factors = rank;
  parts.operands = mappings;
  parts.num_operands = num_operands;
  parts.results = mappings + num_operands;
  parts.num_results = num_results;
  sharc_attr *rule = sharc_sdy_op_sharding_rule_get(ctx, &parts);
  free(mappings);
  free(dims);
  return rule;
}

/* Projection of tensor shardings onto rule factors and back; see projection.h. */
#include "transforms/sdy/rules/projection.h"

#include <stdlib.h>

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/sdy/rule_builder.h"
#include "support/xalloc.h"
#include "transforms/sdy/rules/rules.h"

/* ---- projecting a dimension sharding onto factors ------------------------- */

/* The part of the current axis not yet given to a factor. */
typedef struct axis_rest {
  bool valid;
  bool untouched; /* nothing given away yet: the rest is the axis itself */
  int64_t size;
  int64_t pre; /* 0: the axis is whole so far */
} axis_rest;

static axis_rest rest_of(sharc_attr *const *axes, unsigned n, unsigned i, const sharc_attr *mesh) {
  axis_rest r = {0};
  if (i >= n)
    return r;
  r.valid = r.untouched = true;
  r.size = sharc_sdy_axis_ref_size(axes[i], mesh);
  sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(axes[i]);
  r.pre = sub ? sharc_sdy_sub_axis_info_pre_size(sub) : 0;
  return r;
}

/* The rest as an axis ref: the axis itself (attributes are uniqued) when
 * none of it was given away. */
static sharc_attr *rest_axis(sharc_context *ctx, sharc_attr *axis, axis_rest r) {
  if (r.untouched)
    return axis;
  sharc_attr *sub = r.pre ? sharc_sdy_sub_axis_info_get(ctx, r.pre, r.size) : NULL;
  return sharc_sdy_axis_ref_get(ctx, sharc_sdy_axis_ref_name(axis), sub);
}

static void add_rest(sharc_sdy_axis_vec *out, sharc_context *ctx, axis_rest r,
                     sharc_attr *const *axes, unsigned n, unsigned i, const sharc_attr *mesh) {
  while (r.valid) {
    sharc_sdy_axes_add_or_merge(ctx, out, rest_axis(ctx, axes[i], r), mesh);
    r = rest_of(axes, n, ++i, mesh);
  }
}

/* One dimension: axes go to factors major to minor, split where a factor
 * takes only part of an axis. */
static void project_dim(const sharc_projection *p, sharc_tensor_factors *t,
                        const sharc_attr *dim_factors, const sharc_attr *dim_sharding,
                        bool closed_if_missing) {
  sharc_context *ctx = p->ctx;
  const sharc_attr *mesh = p->mesh;
  unsigned n_axes = dim_sharding ? sharc_sdy_dim_sharding_num_axes(dim_sharding) : 0;
  sharc_attr *const *axes = n_axes ? sharc_sdy_list_items(dim_sharding) : NULL;
  bool dim_closed = dim_sharding ? sharc_sdy_dim_sharding_is_closed(dim_sharding) : closed_if_missing;
  unsigned axis = 0;
  axis_rest rest = rest_of(axes, n_axes, axis, mesh);
  bool overflowed = false;
  unsigned n_factors = sharc_sdy_list_size(dim_factors);
  for (unsigned k = 0; k < n_factors; k++) {
    unsigned f = (unsigned)sharc_sdy_list_int_at(dim_factors, k);
    if (f >= p->num_factors)
      break;
    sharc_factor_sharding *fs = &t->factors[f];
    fs->present = true;
    fs->is_minor_most = k + 1 == n_factors;
    if (overflowed) {
      /* after an overflow, the next factor stays empty and closed */
      fs->is_closed = true;
      break;
    }
    fs->is_closed = dim_closed;
    int64_t remaining = sharc_rule_factor_size(p->rule, f);
    if (fs->is_minor_most) {
      /* the minor-most factor takes every remaining axis, even one whose
       * size does not divide it (that needs padding) */
      add_rest(&fs->axes, ctx, rest, axes, n_axes, axis, mesh);
      break;
    }
    int64_t g = 1;
    while (rest.valid && (rest.size == 1 || (g = sharc_gcd(remaining, rest.size)) > 1)) {
      if (rest.size > g) {
        int64_t pre = rest.pre ? rest.pre : 1;
        sharc_vec_push(&fs->axes,
                       sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(axes[axis]), pre, g, NULL));
        rest.pre = pre * g;
        rest.size /= g;
        rest.untouched = false;
        remaining /= g;
      } else {
        sharc_vec_push(&fs->axes, rest_axis(ctx, axes[axis], rest));
        remaining /= rest.size;
        rest = rest_of(axes, n_axes, ++axis, mesh);
      }
    }
    if (remaining > 1 && rest.valid) {
      overflowed = true;
      add_rest(&fs->overflow, ctx, rest, axes, n_axes, axis, mesh);
    }
  }
}

/* The tensors and all their factor shardings in one block (zeroed): a
 * projection is built for every op propagation or export looks at. */
void sharc_projection_alloc_tensors(sharc_projection *p) {
  unsigned n = p->num_operands + p->num_results;
  size_t head = (n + 1) * sizeof *p->tensors;
  head = (head + _Alignof(sharc_factor_sharding) - 1) / _Alignof(sharc_factor_sharding) *
         _Alignof(sharc_factor_sharding);
  char *block =
      sharc_xcalloc(1, head + ((size_t)n * p->num_factors + 1) * sizeof(sharc_factor_sharding));
  p->tensors = (sharc_tensor_factors *)block;
  sharc_factor_sharding *factors = (sharc_factor_sharding *)(block + head);
  for (unsigned t = 0; t < n; t++)
    p->tensors[t].factors = factors + (size_t)t * p->num_factors;
}

static void init(sharc_projection *p, sharc_context *ctx, const sharc_attr *rule,
                 const sharc_attr *mesh) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->rule = rule;
  p->mesh = mesh;
  p->num_operands = sharc_rule_num_operands(rule);
  p->num_results = sharc_rule_num_tensors(rule) - p->num_operands;
  p->num_factors = sharc_rule_num_factors(rule);
  sharc_projection_alloc_tensors(p);
}

static void project_tensor(sharc_projection *p, unsigned tensor, const sharc_attr *sharding,
                           bool closed_if_missing) {
  sharc_tensor_factors *t = &p->tensors[tensor];
  const sharc_attr *mapping = sharc_rule_tensor_mapping(p->rule, tensor);
  unsigned rank = sharc_sdy_list_size(mapping);
  if (sharding && sharc_sdy_tensor_sharding_rank(sharding) != rank)
    sharding = NULL; /* the verifier rejects this; project as unsharded */
  for (unsigned d = 0; d < rank; d++)
    project_dim(p, t, sharc_sdy_list_at(mapping, d),
                sharding ? sharc_sdy_tensor_sharding_dim(sharding, d) : NULL, closed_if_missing);
  if (!sharding)
    return;
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_replicated(sharding); i++)
    sharc_vec_push(&t->replicated, sharc_sdy_tensor_sharding_replicated(sharding, i));
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(sharding); i++)
    sharc_vec_push(&t->unreduced, sharc_sdy_tensor_sharding_unreduced(sharding, i));
  t->reduction = sharc_sdy_tensor_sharding_reduction(sharding);
}

void sharc_projection_build(sharc_projection *p, sharc_context *ctx,
                            sharc_attr *const *operand_shardings,
                            sharc_attr *const *result_shardings, const sharc_attr *rule,
                            const sharc_attr *mesh, bool closed_if_missing) {
  init(p, ctx, rule, mesh);
  for (unsigned i = 0; i < p->num_operands; i++)
    project_tensor(p, i, operand_shardings ? operand_shardings[i] : NULL, closed_if_missing);
  for (unsigned i = 0; i < p->num_results; i++)
    project_tensor(p, p->num_operands + i, result_shardings ? result_shardings[i] : NULL,
                   closed_if_missing);
}

sharc_attr **sharc_projection_op_shardings(sharc_op *op, bool bypass_barriers) {
  sharc_attr *(*get)(sharc_value *) =
      bypass_barriers ? sharc_sdy_get_sharding_bypassing_barriers : sharc_sdy_get_sharding;
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_attr **shardings = sharc_xmalloc_array(n_ops + n_res + 1, sizeof *shardings);
  for (unsigned i = 0; i < n_ops; i++)
    shardings[i] = get(sharc_op_operand(op, i));
  for (unsigned i = 0; i < n_res; i++)
    shardings[n_ops + i] = get(sharc_op_result(op, i));
  return shardings;
}

void sharc_projection_build_for_op(sharc_projection *p, sharc_op *op, const sharc_attr *rule,
                                   const sharc_attr *mesh, bool closed_if_missing) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_attr **shardings = sharc_projection_op_shardings(op, false);
  init(p, sharc_op_context(op), rule, mesh);
  /* a rule that does not fit the op (the verifier reports it) projects nothing */
  if (p->num_operands == n_ops && p->num_results == n_res)
    for (unsigned t = 0; t < n_ops + n_res; t++)
      project_tensor(p, t, shardings[t], closed_if_missing);
  free(shardings);
}

void sharc_projection_build_from_axes(sharc_projection *p, sharc_context *ctx,
                                      const sharc_sdy_axis_vec *axes_per_factor,
                                      const sharc_attr *rule,
                                      const sharc_attr *mesh) {
  init(p, ctx, rule, mesh);
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    unsigned rank = sharc_rule_tensor_rank(rule, t);
    for (unsigned d = 0; d < rank; d++) {
      unsigned n = sharc_rule_dim_num_factors(rule, t, d);
      for (unsigned k = 0; k < n; k++) {
        unsigned f = sharc_rule_dim_factor(rule, t, d, k);
        if (f >= p->num_factors)
          continue;
        sharc_factor_sharding *fs = &p->tensors[t].factors[f];
        sharc_sdy_axes_assign(&fs->axes, axes_per_factor[f].items, axes_per_factor[f].len);
        fs->present = fs->is_closed = true;
        fs->is_minor_most = k + 1 == n;
      }
    }
  }
}

/* Most factor shardings have no axes: no call to free for them. */
#define FREE_AXES(v) ((v)->items ? sharc_vec_free(v) : (void)0)

void sharc_projection_free(sharc_projection *p) {
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    sharc_tensor_factors *tf = &p->tensors[t];
    for (unsigned f = 0; f < p->num_factors; f++) {
      FREE_AXES(&tf->factors[f].axes);
      FREE_AXES(&tf->factors[f].overflow);
    }
    FREE_AXES(&tf->replicated);
    FREE_AXES(&tf->unreduced);
  }
  free(p->tensors); /* the factors too */
  memset(p, 0, sizeof *p);
}

void sharc_projection_copy(sharc_projection *dst, const sharc_projection *src) {
  *dst = *src;
  unsigned n = sharc_projection_num_tensors(src);
  sharc_projection_alloc_tensors(dst);
  for (unsigned t = 0; t < n; t++) {
    const sharc_tensor_factors *from = &src->tensors[t];
    sharc_tensor_factors *to = &dst->tensors[t];
    for (unsigned f = 0; f < src->num_factors; f++) {
      const sharc_factor_sharding *a = &from->factors[f];
      sharc_factor_sharding *b = &to->factors[f];
      b->present = a->present;
      b->is_closed = a->is_closed;
      b->is_minor_most = a->is_minor_most;
      sharc_sdy_axes_assign(&b->axes, a->axes.items, a->axes.len);
      sharc_sdy_axes_assign(&b->overflow, a->overflow.items, a->overflow.len);
    }
    sharc_sdy_axes_assign(&to->replicated, from->replicated.items, from->replicated.len);
    sharc_sdy_axes_assign(&to->unreduced, from->unreduced.items, from->unreduced.len);
    to->reduction = from->reduction;
  }
}

unsigned sharc_projection_num_tensors(const sharc_projection *p) {
  return p->num_operands + p->num_results;
}

static bool vec_equal(const sharc_sdy_axis_vec *a, const sharc_sdy_axis_vec *b) {
  return sharc_sdy_axes_equal(a->items, a->len, b->items, b->len);
}

static bool factor_equal(const sharc_factor_sharding *a, const sharc_factor_sharding *b) {
  if (a->present != b->present)
    return false;
  return !a->present || (vec_equal(&a->axes, &b->axes) && a->is_closed == b->is_closed &&
                         a->is_minor_most == b->is_minor_most &&
                         vec_equal(&a->overflow, &b->overflow));
}

bool sharc_projection_equal(const sharc_projection *a, const sharc_projection *b) {
  if (a->num_operands != b->num_operands || a->num_results != b->num_results ||
      a->num_factors != b->num_factors)
    return false;
  for (unsigned t = 0; t < sharc_projection_num_tensors(a); t++) {
    const sharc_tensor_factors *x = &a->tensors[t], *y = &b->tensors[t];
    for (unsigned f = 0; f < a->num_factors; f++)
      if (!factor_equal(&x->factors[f], &y->factors[f]))
        return false;
    if (!vec_equal(&x->replicated, &y->replicated) || !vec_equal(&x->unreduced, &y->unreduced) ||
        x->reduction != y->reduction)
      return false;
  }
  return true;
}

sharc_factor_sharding *sharc_projection_factor(sharc_projection *p, unsigned tensor,
                                               unsigned factor) {
  if (tensor >= sharc_projection_num_tensors(p) || factor >= p->num_factors)
    return NULL;
  sharc_factor_sharding *fs = &p->tensors[tensor].factors[factor];
  return fs->present ? fs : NULL;
}

/* ---- updating factor shardings -------------------------------------------- */

bool sharc_projection_expand_tensor(sharc_projection *p, unsigned tensor, unsigned factor,
                                    sharc_attr *const *axes, unsigned n) {
  sharc_factor_sharding *fs = sharc_projection_factor(p, tensor, factor);
  if (!fs ||
      sharc_sdy_axes_prefix_of(fs->axes.items, fs->axes.len, axes, n) != SHARC_SDY_PREFIX_STRICT)
    return false;
  sharc_sdy_axes_assign(&fs->axes, axes, n);
  return true;
}

bool sharc_projection_expand(sharc_projection *p, unsigned factor, sharc_attr *const *axes,
                             unsigned n, bool *updated) {
  bool any = false;
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    bool changed = sharc_projection_expand_tensor(p, t, factor, axes, n);
    if (updated)
      updated[t] = changed;
    any |= changed;
  }
  return any;
}

bool sharc_projection_update(sharc_projection *p, unsigned factor, sharc_attr *const *axes,
                             unsigned n, sharc_attr *const *overflow, unsigned n_overflow,
                             bool *updated) {
  bool any = false;
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    sharc_factor_sharding *fs = sharc_projection_factor(p, t, factor);
    bool changed =
        fs && !(sharc_sdy_axes_equal(fs->axes.items, fs->axes.len, axes, n) &&
                sharc_sdy_axes_equal(fs->overflow.items, fs->overflow.len, overflow, n_overflow));
    if (changed) {
      sharc_sdy_axes_assign(&fs->axes, axes, n);
      sharc_sdy_axes_assign(&fs->overflow, overflow, n_overflow);
    }
    if (updated)
      updated[t] = changed;
    any |= changed;
  }
  return any;
}

void sharc_projection_common_prefix(const sharc_projection *p, sharc_sdy_axis_vec *out) {
  bool *seen = sharc_xcalloc(p->num_factors + 1, sizeof *seen);
  sharc_sdy_axis_vec tmp = {0};
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    for (unsigned f = 0; f < p->num_factors; f++) {
      const sharc_factor_sharding *fs = &p->tensors[t].factors[f];
      if (!fs->present)
        continue;
      if (!seen[f]) {
        seen[f] = true;
        sharc_sdy_axes_assign(&out[f], fs->axes.items, fs->axes.len);
        continue;
      }
      sharc_sdy_axes_common_prefix(out[f].items, out[f].len, fs->axes.items, fs->axes.len, &tmp);
      sharc_sdy_axes_assign(&out[f], tmp.items, tmp.len);
    }
  }
  sharc_vec_free(&tmp);
  free(seen);
}

bool sharc_projection_has_overflow(const sharc_projection *p, unsigned tensor) {
  for (unsigned f = 0; f < p->num_factors; f++)
    if (p->tensors[tensor].factors[f].present && p->tensors[tensor].factors[f].overflow.len)
      return true;
  return false;
}

static int64_t axes_size(const sharc_sdy_axis_vec *a, const sharc_attr *mesh) {
  return sharc_sdy_axes_total_size(a->items, a->len, mesh);
}

int64_t sharc_projection_sharding_size(const sharc_projection *p, unsigned tensor) {
  int64_t size = 1;
  for (unsigned f = 0; f < p->num_factors; f++) {
    const sharc_factor_sharding *fs = &p->tensors[tensor].factors[f];
    if (fs->present)
      size = sharc_mul_wrap(size, sharc_mul_wrap(axes_size(&fs->axes, p->mesh),
                                                 axes_size(&fs->overflow, p->mesh)));
  }
  return size;
}

/* ---- redistributing axes over factors ----------------------------------- */

void sharc_distribute_axes(sharc_context *ctx, sharc_factor_sharding *shardings, unsigned n,
                           const int64_t *factor_sizes, sharc_attr *const *axes,
                           unsigned n_axes, const sharc_attr *mesh) {
  if (n == 0)
    return;
  int64_t *room = sharc_xmalloc_array(n, sizeof *room);
  memcpy(room, factor_sizes, n * sizeof *room);
  unsigned axis = 0;
  axis_rest rest = rest_of(axes, n_axes, axis, mesh);
  while (rest.valid) {
    bool taken = false;
    for (unsigned i = 0; i < n; i++) {
      if (room[i] <= 1)
        continue;
      int64_t g = sharc_gcd(room[i], rest.size);
      /* a factor takes a part only when the shard stays contiguous */
      if (g == 1 && rest.size != 1)
        continue;
      taken = true;
      sharc_str name = sharc_sdy_axis_ref_name(axes[axis]);
      if (rest.size > g) {
        int64_t pre = rest.pre ? rest.pre : 1;
        sharc_sdy_axes_add_or_merge(ctx, &shardings[i].axes,
                                    sharc_sdy_axis_make(ctx, name, pre, g, NULL), mesh);
        rest.pre = pre * g;
        rest.size /= g;
        rest.untouched = false;
        room[i] /= g;
        continue;
      }
      sharc_sdy_axes_add_or_merge(ctx, &shardings[i].axes, rest_axis(ctx, axes[axis], rest), mesh);
      room[i] /= rest.size;
      rest = rest_of(axes, n_axes, ++axis, mesh);
      break;
    }
    if (!taken) {
      add_rest(&shardings[n - 1].overflow, ctx, rest, axes, n_axes, axis, mesh);
      break;
    }
  }
  free(room);
}

/* ---- projecting factors back to a tensor sharding ------------------------- */

/* Appends `axes` to a dimension, merging across the factor boundary;
 * returns the product of their sizes. */
static int64_t append_factor_axes(sharc_sdy_axis_vec *dim, sharc_context *ctx,
                                  const sharc_sdy_axis_vec *axes, const sharc_attr *mesh) {
  if (!axes->len)
    return 1;
  sharc_sdy_axes_add_or_merge(ctx, dim, axes->items[0], mesh);
  sharc_sdy_axes_append(dim, axes->items + 1, axes->len - 1);
  return axes_size(axes, mesh);
}

sharc_attr *sharc_projection_tensor_sharding(const sharc_projection *p, unsigned tensor,
                                             sharc_attr *mesh_or_ref) {
  const sharc_tensor_factors *t = &p->tensors[tensor];
  unsigned rank = sharc_rule_tensor_rank(p->rule, tensor);
  sharc_attr **dims = sharc_xmalloc_array(rank + 1, sizeof *dims);
  sharc_sdy_axis_vec dim_axes = {0};
  for (unsigned d = 0; d < rank; d++) {
    sharc_vec_clear(&dim_axes);
    bool closed = false;
    unsigned n = sharc_rule_dim_num_factors(p->rule, tensor, d);
    for (unsigned k = 0; k < n; k++) {
      unsigned f = sharc_rule_dim_factor(p->rule, tensor, d, k);
      if (f >= p->num_factors || !t->factors[f].present)
        break;
      const sharc_factor_sharding *fs = &t->factors[f];
      closed |= fs->is_closed;
      int64_t sharded = append_factor_axes(&dim_axes, p->ctx, &fs->axes, p->mesh);
      if (fs->overflow.len) {
        /* later factors of the dimension are ignored */
        append_factor_axes(&dim_axes, p->ctx, &fs->overflow, p->mesh);
        break;
      }
      /* a factor not fully sharded: later ones would need a strided view */
      if (sharded < sharc_rule_factor_size(p->rule, f))
        break;
    }
    dims[d] = sharc_sdy_dim_sharding_get(p->ctx, dim_axes.items, dim_axes.len, closed, -1);
  }
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = mesh_or_ref,
      .dims = dims,
      .num_dims = rank,
      .replicated = t->replicated.items,
      .num_replicated = t->replicated.len,
      .unreduced = t->unreduced.items,
      .num_unreduced = t->unreduced.len,
      .reduction = t->reduction,
  };
  sharc_attr *sharding = sharc_sdy_tensor_sharding_get(p->ctx, &parts);
  sharc_vec_free(&dim_axes);
  free(dims);
  return sharding;
}

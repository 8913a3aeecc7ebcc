/* Projection of tensor shardings onto rule factors and back; see projection.h. */
#include "transforms/sdy/rules/projection.h"

#include <stdlib.h>

#include "dialect/sdy/sdy_attrs.h"
#include "transforms/sdy/rules/rule_builder.h"
#include "transforms/sdy/rules/rules.h"

/* ---- axis lists ----------------------------------------------------------- */

void sharc_axes_push(sharc_axes *a, sharc_attr *axis) {
  if (a->n == a->cap) {
    a->cap = a->cap ? 2 * a->cap : 4;
    a->v = realloc(a->v, a->cap * sizeof *a->v);
    if (!a->v)
      abort();
  }
  a->v[a->n++] = axis;
}

void sharc_axes_assign(sharc_axes *a, sharc_attr *const *axes, unsigned n) {
  a->n = 0;
  for (unsigned i = 0; i < n; i++)
    sharc_axes_push(a, axes[i]);
}

void sharc_axes_free(sharc_axes *a) {
  free(a->v);
  memset(a, 0, sizeof *a);
}

bool sharc_axes_equal(const sharc_axes *a, sharc_attr *const *axes, unsigned n) {
  return a->n == n && (n == 0 || memcmp(a->v, axes, n * sizeof *axes) == 0);
}

/* ---- axis relations ------------------------------------------------------- */

static bool same_name(const sharc_attr *a, const sharc_attr *b) {
  return sharc_str_eq(sharc_sdy_axis_ref_name(a), sharc_sdy_axis_ref_name(b));
}

static int64_t pre_size(const sharc_attr *axis) {
  sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(axis);
  return sub ? sharc_sdy_sub_axis_info_pre_size(sub) : 1;
}

static int64_t next_pre_size(const sharc_attr *sub) {
  return sharc_sdy_sub_axis_info_pre_size(sub) * sharc_sdy_sub_axis_info_size(sub);
}

bool sharc_axis_contains(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return false;
  sharc_attr *sa = sharc_sdy_axis_ref_sub_axis_info(a), *sb = sharc_sdy_axis_ref_sub_axis_info(b);
  if (!sa)
    return true;
  if (!sb)
    return false;
  return sharc_sdy_sub_axis_info_pre_size(sa) <= sharc_sdy_sub_axis_info_pre_size(sb) &&
         next_pre_size(sa) >= next_pre_size(sb);
}

bool sharc_axis_prefix_of(const sharc_attr *a, const sharc_attr *b) {
  return sharc_axis_contains(b, a) && pre_size(a) == pre_size(b);
}

bool sharc_axis_can_merge(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return false;
  sharc_attr *sa = sharc_sdy_axis_ref_sub_axis_info(a), *sb = sharc_sdy_axis_ref_sub_axis_info(b);
  return sa && sb && next_pre_size(sa) == sharc_sdy_sub_axis_info_pre_size(sb);
}

sharc_attr *sharc_axis_merge(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b,
                             const sharc_attr *mesh) {
  sharc_attr *sa = sharc_sdy_axis_ref_sub_axis_info(a), *sb = sharc_sdy_axis_ref_sub_axis_info(b);
  sharc_str name = sharc_sdy_axis_ref_name(a);
  int64_t size = sharc_sdy_sub_axis_info_size(sa) * sharc_sdy_sub_axis_info_size(sb);
  if (sharc_sdy_mesh_size_of(mesh, name) == size)
    return sharc_sdy_axis_ref_get(ctx, name, NULL);
  return sharc_sdy_axis_ref_get(
      ctx, name, sharc_sdy_sub_axis_info_get(ctx, sharc_sdy_sub_axis_info_pre_size(sa), size));
}

void sharc_axes_add_or_merge(sharc_axes *a, sharc_context *ctx, sharc_attr *axis,
                             const sharc_attr *mesh) {
  if (a->n && sharc_axis_can_merge(a->v[a->n - 1], axis)) {
    a->v[a->n - 1] = sharc_axis_merge(ctx, a->v[a->n - 1], axis, mesh);
    return;
  }
  sharc_axes_push(a, axis);
}

sharc_prefix_status sharc_axis_list_prefix_of(sharc_attr *const *first, unsigned n_first,
                                              sharc_attr *const *second, unsigned n_second) {
  if (n_first == 0)
    return n_second == 0 ? SHARC_PREFIX_EQUAL : SHARC_PREFIX_STRICT;
  if (n_first > n_second)
    return SHARC_PREFIX_NONE;
  for (unsigned i = 0; i + 1 < n_first; i++)
    if (first[i] != second[i])
      return SHARC_PREFIX_NONE;
  const sharc_attr *last = first[n_first - 1], *other = second[n_first - 1];
  if (n_first == n_second && last == other)
    return SHARC_PREFIX_EQUAL;
  return sharc_axis_prefix_of(last, other) ? SHARC_PREFIX_STRICT : SHARC_PREFIX_NONE;
}

/* Whether two sub-axes of one axis can appear in one sharding: when they
 * overlap, both the overlap and the rest must be sub-axes too. */
static bool can_coexist(const sharc_attr *a, const sharc_attr *b) {
  if (!same_name(a, b))
    return true;
  sharc_attr *sa = sharc_sdy_axis_ref_sub_axis_info(a), *sb = sharc_sdy_axis_ref_sub_axis_info(b);
  if (!sa || !sb)
    return true;
  int64_t pa = sharc_sdy_sub_axis_info_pre_size(sa), pb = sharc_sdy_sub_axis_info_pre_size(sb);
  int64_t na = next_pre_size(sa), nb = next_pre_size(sb);
  int64_t min_pre = pa < pb ? pa : pb, max_pre = pa < pb ? pb : pa;
  int64_t min_next = na < nb ? na : nb, max_next = na < nb ? nb : na;
  if (min_next > max_pre)
    return min_next % max_pre == 0 && max_pre % min_pre == 0 && max_next % min_next == 0;
  return max_pre % min_next == 0;
}

void sharc_axis_list_common_prefix(sharc_context *ctx, sharc_attr *const *a, unsigned na,
                                   sharc_attr *const *b, unsigned nb, sharc_axes *out) {
  (void)ctx;
  out->n = 0;
  for (unsigned i = 0; i < na && i < nb; i++) {
    if (a[i] == b[i]) {
      sharc_axes_push(out, a[i]);
      continue;
    }
    if (can_coexist(a[i], b[i])) {
      if (sharc_axis_prefix_of(a[i], b[i]))
        sharc_axes_push(out, a[i]);
      else if (sharc_axis_prefix_of(b[i], a[i]))
        sharc_axes_push(out, b[i]);
    }
    break;
  }
}

/* ---- projecting a dimension sharding onto factors ------------------------- */

/* The part of the current axis not yet given to a factor. */
typedef struct axis_rest {
  bool valid;
  int64_t size;
  int64_t pre; /* 0: the axis is whole so far */
} axis_rest;

static axis_rest rest_of(sharc_attr *const *axes, unsigned n, unsigned i, const sharc_attr *mesh) {
  axis_rest r = {0};
  if (i >= n)
    return r;
  r.valid = true;
  r.size = sharc_sdy_axis_ref_size(axes[i], mesh);
  sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(axes[i]);
  r.pre = sub ? sharc_sdy_sub_axis_info_pre_size(sub) : 0;
  return r;
}

static sharc_attr *rest_axis(sharc_context *ctx, const sharc_attr *axis, axis_rest r) {
  sharc_attr *sub = r.pre ? sharc_sdy_sub_axis_info_get(ctx, r.pre, r.size) : NULL;
  return sharc_sdy_axis_ref_get(ctx, sharc_sdy_axis_ref_name(axis), sub);
}

static void add_rest(sharc_axes *out, sharc_context *ctx, axis_rest r, sharc_attr *const *axes,
                     unsigned n, unsigned i, const sharc_attr *mesh) {
  while (r.valid) {
    sharc_axes_add_or_merge(out, ctx, rest_axis(ctx, axes[i], r), mesh);
    r = rest_of(axes, n, ++i, mesh);
  }
}

/* One dimension: axes go to factors major to minor, split where a factor
 * takes only part of an axis. */
static void project_dim(const sharc_projection *p, sharc_tensor_factors *t, unsigned tensor,
                        unsigned dim, const sharc_attr *dim_sharding, bool closed_if_missing) {
  sharc_context *ctx = p->ctx;
  const sharc_attr *mesh = p->mesh;
  unsigned n_axes = dim_sharding ? sharc_sdy_dim_sharding_num_axes(dim_sharding) : 0;
  sharc_attr **axes = malloc((n_axes + 1) * sizeof *axes);
  if (!axes)
    abort();
  for (unsigned i = 0; i < n_axes; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(dim_sharding, i);
  bool dim_closed = dim_sharding ? sharc_sdy_dim_sharding_is_closed(dim_sharding) : closed_if_missing;
  unsigned axis = 0;
  axis_rest rest = rest_of(axes, n_axes, axis, mesh);
  bool overflowed = false;
  unsigned n_factors = sharc_rule_dim_num_factors(p->rule, tensor, dim);
  for (unsigned k = 0; k < n_factors; k++) {
    unsigned f = sharc_rule_dim_factor(p->rule, tensor, dim, k);
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
      sharc_attr *name_src = axes[axis];
      sharc_attr *sub;
      if (rest.size > g) {
        int64_t pre = rest.pre ? rest.pre : 1;
        sub = sharc_sdy_sub_axis_info_get(ctx, pre, g);
        rest.pre = pre * g;
        rest.size /= g;
        remaining /= g;
      } else {
        sub = rest.pre ? sharc_sdy_sub_axis_info_get(ctx, rest.pre, rest.size) : NULL;
        remaining /= rest.size;
        rest = rest_of(axes, n_axes, ++axis, mesh);
      }
      sharc_axes_push(&fs->axes, sharc_sdy_axis_ref_get(ctx, sharc_sdy_axis_ref_name(name_src), sub));
    }
    if (remaining > 1 && rest.valid) {
      overflowed = true;
      add_rest(&fs->overflow, ctx, rest, axes, n_axes, axis, mesh);
    }
  }
  free(axes);
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
  unsigned n = p->num_operands + p->num_results;
  p->tensors = calloc(n + 1, sizeof *p->tensors);
  if (!p->tensors)
    abort();
  for (unsigned t = 0; t < n; t++) {
    p->tensors[t].factors = calloc(p->num_factors + 1, sizeof *p->tensors[t].factors);
    if (!p->tensors[t].factors)
      abort();
  }
}

static void project_tensor(sharc_projection *p, unsigned tensor, const sharc_attr *sharding,
                           bool closed_if_missing) {
  sharc_tensor_factors *t = &p->tensors[tensor];
  unsigned rank = sharc_rule_tensor_rank(p->rule, tensor);
  if (sharding && sharc_sdy_tensor_sharding_rank(sharding) != rank)
    sharding = NULL; /* the verifier rejects this; project as unsharded */
  for (unsigned d = 0; d < rank; d++)
    project_dim(p, t, tensor, d, sharding ? sharc_sdy_tensor_sharding_dim(sharding, d) : NULL,
                closed_if_missing);
  if (!sharding)
    return;
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_replicated(sharding); i++)
    sharc_axes_push(&t->replicated, sharc_sdy_tensor_sharding_replicated(sharding, i));
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(sharding); i++)
    sharc_axes_push(&t->unreduced, sharc_sdy_tensor_sharding_unreduced(sharding, i));
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

void sharc_projection_build_for_op(sharc_projection *p, sharc_op *op, const sharc_attr *rule,
                                   const sharc_attr *mesh, bool closed_if_missing) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_attr **shardings = malloc((n_ops + n_res + 1) * sizeof *shardings);
  if (!shardings)
    abort();
  for (unsigned i = 0; i < n_ops; i++)
    shardings[i] = sharc_sdy_value_sharding(sharc_op_operand(op, i));
  for (unsigned i = 0; i < n_res; i++)
    shardings[n_ops + i] = sharc_sdy_value_sharding(sharc_op_result(op, i));
  init(p, sharc_op_context(op), rule, mesh);
  /* a rule that does not fit the op (the verifier reports it) projects nothing */
  if (p->num_operands == n_ops && p->num_results == n_res)
    for (unsigned t = 0; t < n_ops + n_res; t++)
      project_tensor(p, t, shardings[t], closed_if_missing);
  free(shardings);
}

void sharc_projection_build_from_axes(sharc_projection *p, sharc_context *ctx,
                                      const sharc_axes *axes_per_factor, const sharc_attr *rule,
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
        sharc_axes_assign(&fs->axes, axes_per_factor[f].v, axes_per_factor[f].n);
        fs->present = fs->is_closed = true;
        fs->is_minor_most = k + 1 == n;
      }
    }
  }
}

void sharc_projection_free(sharc_projection *p) {
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    sharc_tensor_factors *tf = &p->tensors[t];
    for (unsigned f = 0; f < p->num_factors; f++) {
      sharc_axes_free(&tf->factors[f].axes);
      sharc_axes_free(&tf->factors[f].overflow);
    }
    free(tf->factors);
    sharc_axes_free(&tf->replicated);
    sharc_axes_free(&tf->unreduced);
  }
  free(p->tensors);
  memset(p, 0, sizeof *p);
}

unsigned sharc_projection_num_tensors(const sharc_projection *p) {
  return p->num_operands + p->num_results;
}

sharc_factor_sharding *sharc_projection_factor(sharc_projection *p, unsigned tensor,
                                               unsigned factor) {
  if (tensor >= sharc_projection_num_tensors(p) || factor >= p->num_factors)
    return NULL;
  sharc_factor_sharding *fs = &p->tensors[tensor].factors[factor];
  return fs->present ? fs : NULL;
}

/* ---- updating factor shardings -------------------------------------------- */

bool sharc_projection_expand(sharc_projection *p, unsigned factor, sharc_attr *const *axes,
                             unsigned n, bool *updated) {
  bool any = false;
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    sharc_factor_sharding *fs = sharc_projection_factor(p, t, factor);
    bool changed = fs && sharc_axis_list_prefix_of(fs->axes.v, fs->axes.n, axes, n) ==
                             SHARC_PREFIX_STRICT;
    if (changed)
      sharc_axes_assign(&fs->axes, axes, n);
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
    bool changed = fs && !(sharc_axes_equal(&fs->axes, axes, n) &&
                           sharc_axes_equal(&fs->overflow, overflow, n_overflow));
    if (changed) {
      sharc_axes_assign(&fs->axes, axes, n);
      sharc_axes_assign(&fs->overflow, overflow, n_overflow);
    }
    if (updated)
      updated[t] = changed;
    any |= changed;
  }
  return any;
}

void sharc_projection_common_prefix(const sharc_projection *p, sharc_axes *out) {
  bool *seen = calloc(p->num_factors + 1, sizeof *seen);
  if (!seen)
    abort();
  sharc_axes tmp = {0};
  for (unsigned t = 0; t < sharc_projection_num_tensors(p); t++) {
    for (unsigned f = 0; f < p->num_factors; f++) {
      const sharc_factor_sharding *fs = &p->tensors[t].factors[f];
      if (!fs->present)
        continue;
      if (!seen[f]) {
        seen[f] = true;
        sharc_axes_assign(&out[f], fs->axes.v, fs->axes.n);
        continue;
      }
      sharc_axis_list_common_prefix(p->ctx, out[f].v, out[f].n, fs->axes.v, fs->axes.n, &tmp);
      sharc_axes_assign(&out[f], tmp.v, tmp.n);
    }
  }
  sharc_axes_free(&tmp);
  free(seen);
}

bool sharc_projection_has_overflow(const sharc_projection *p, unsigned tensor) {
  for (unsigned f = 0; f < p->num_factors; f++)
    if (p->tensors[tensor].factors[f].present && p->tensors[tensor].factors[f].overflow.n)
      return true;
  return false;
}

static int64_t axes_size(const sharc_axes *a, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < a->n; i++)
    size *= sharc_sdy_axis_ref_size(a->v[i], mesh);
  return size;
}

int64_t sharc_projection_sharding_size(const sharc_projection *p, unsigned tensor) {
  int64_t size = 1;
  for (unsigned f = 0; f < p->num_factors; f++) {
    const sharc_factor_sharding *fs = &p->tensors[tensor].factors[f];
    if (fs->present)
      size *= axes_size(&fs->axes, p->mesh) * axes_size(&fs->overflow, p->mesh);
  }
  return size;
}

/* ---- redistributing axes over factors ----------------------------------- */

void sharc_distribute_axes(sharc_context *ctx, sharc_factor_sharding *shardings, unsigned n,
                           const int64_t *factor_sizes, sharc_attr *const *axes,
                           unsigned n_axes, const sharc_attr *mesh) {
  if (n == 0)
    return;
  int64_t *room = malloc(n * sizeof *room);
  if (!room)
    abort();
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
        sharc_attr *sub = sharc_sdy_sub_axis_info_get(ctx, pre, g);
        sharc_axes_add_or_merge(&shardings[i].axes, ctx, sharc_sdy_axis_ref_get(ctx, name, sub),
                                mesh);
        rest.pre = pre * g;
        rest.size /= g;
        room[i] /= g;
        continue;
      }
      sharc_axes_add_or_merge(&shardings[i].axes, ctx, rest_axis(ctx, axes[axis], rest), mesh);
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
static int64_t append_factor_axes(sharc_axes *dim, sharc_context *ctx, const sharc_axes *axes,
                                  const sharc_attr *mesh) {
  for (unsigned i = 0; i < axes->n; i++) {
    if (i == 0)
      sharc_axes_add_or_merge(dim, ctx, axes->v[i], mesh);
    else
      sharc_axes_push(dim, axes->v[i]);
  }
  return axes_size(axes, mesh);
}

sharc_attr *sharc_projection_tensor_sharding(const sharc_projection *p, unsigned tensor,
                                             sharc_attr *mesh_or_ref) {
  const sharc_tensor_factors *t = &p->tensors[tensor];
  unsigned rank = sharc_rule_tensor_rank(p->rule, tensor);
  sharc_attr **dims = malloc((rank + 1) * sizeof *dims);
  if (!dims)
    abort();
  sharc_axes dim_axes = {0};
  for (unsigned d = 0; d < rank; d++) {
    dim_axes.n = 0;
    bool closed = false;
    unsigned n = sharc_rule_dim_num_factors(p->rule, tensor, d);
    for (unsigned k = 0; k < n; k++) {
      unsigned f = sharc_rule_dim_factor(p->rule, tensor, d, k);
      if (f >= p->num_factors || !t->factors[f].present)
        break;
      const sharc_factor_sharding *fs = &t->factors[f];
      closed |= fs->is_closed;
      int64_t sharded = append_factor_axes(&dim_axes, p->ctx, &fs->axes, p->mesh);
      if (fs->overflow.n) {
        /* later factors of the dimension are ignored */
        append_factor_axes(&dim_axes, p->ctx, &fs->overflow, p->mesh);
        break;
      }
      /* a factor not fully sharded: later ones would need a strided view */
      if (sharded < sharc_rule_factor_size(p->rule, f))
        break;
    }
    dims[d] = sharc_sdy_dim_sharding_get(p->ctx, dim_axes.v, dim_axes.n, closed, -1);
  }
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = mesh_or_ref,
      .dims = dims,
      .num_dims = rank,
      .replicated = t->replicated.v,
      .num_replicated = t->replicated.n,
      .unreduced = t->unreduced.v,
      .num_unreduced = t->unreduced.n,
      .reduction = t->reduction,
  };
  sharc_attr *sharding = sharc_sdy_tensor_sharding_get(p->ctx, &parts);
  sharc_axes_free(&dim_axes);
  free(dims);
  return sharding;
}

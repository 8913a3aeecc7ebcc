/* The aggressive factor propagation strategy; see
 * aggressive_factor_propagation.h. */
#include "transforms/sdy/propagation/aggressive_factor_propagation.h"

#include "support/xalloc.h"
#include "transforms/sdy/common/op_properties.h"

#include <stdlib.h>

/* ---- the order in which factors claim axes -------------------------------- */

/* What ranks a factor: its source tensor (the largest tensor whose axes
 * along the factor the new axes are a prefix of; index -1 and size -1 when
 * there is none) and, for element-wise ops, how much the new axes shard. */
typedef struct factor_rank {
  int64_t source_size;
  int64_t sharding_size;
  int64_t source_index;
  unsigned factor;
} factor_rank;

static int compare_ranks(const void *a, const void *b) {
  const factor_rank *x = a, *y = b;
  if (x->source_size != y->source_size)
    return x->source_size > y->source_size ? -1 : 1;
  if (x->sharding_size != y->sharding_size)
    return x->sharding_size > y->sharding_size ? -1 : 1;
  if (x->source_index != y->source_index)
    return x->source_index < y->source_index ? -1 : 1;
  return x->factor < y->factor ? -1 : x->factor > y->factor;
}

/* getFactorToSourceTensor; ties keep the first tensor, operands first. */
static void find_sources(const sharc_projection *p, const int64_t *factor_sizes,
                         const sharc_sdy_axis_vec *axes_per_factor, factor_rank *ranks) {
  unsigned n = sharc_projection_num_tensors(p);
  for (unsigned t = 0; t < n; t++) {
    const sharc_tensor_factors *tensor = &p->tensors[t];
    int64_t size = 1;
    for (unsigned f = 0; f < p->num_factors; f++)
      if (tensor->factors[f].present)
        size = sharc_mul_wrap(size, factor_sizes[f]);
    for (unsigned f = 0; f < p->num_factors; f++) {
      const sharc_factor_sharding *fs = &tensor->factors[f];
      const sharc_sdy_axis_vec *axes = &axes_per_factor[f];
      if (!fs->present || !axes->len || size <= ranks[f].source_size)
        continue;
      if (sharc_sdy_axes_prefix_of(axes->items, axes->len, fs->axes.items, fs->axes.len) ==
          SHARC_SDY_PREFIX_NONE)
        continue;
      ranks[f].source_size = size;
      ranks[f].source_index = t;
    }
  }
}

/* ---- the axes one tensor gets along one factor ------------------------------ */

typedef struct within_closure {
  const sharc_basic_factor_propagation *self;
  sharc_context *ctx;
  const sharc_tensor_factors *tensor;
  const sharc_factor_sharding *factor_sharding;
  int64_t factor_size;
  const sharc_attr *mesh;
} within_closure;

static sharc_attr *no_conflicts_within(void *user, sharc_attr *axis, int64_t prev_sharded_size) {
  const within_closure *c = user;
  const sharc_tensor_factors *t = c->tensor;
  return c->self->compatible_prefix_no_conflicts_within_factor(
      c->self, c->ctx, axis, t->replicated.items, t->replicated.len, t->unreduced.items,
      t->unreduced.len, c->factor_sharding, prev_sharded_size, c->factor_size, c->mesh);
}

typedef struct across_closure {
  const sharc_basic_factor_propagation *self;
  sharc_context *ctx;
  const sharc_tensor_factors *tensor;
  unsigned num_factors, factor;
} across_closure;

static sharc_attr *no_conflicts_across(void *user, sharc_attr *axis, int64_t prev_sharded_size) {
  (void)prev_sharded_size;
  const across_closure *c = user;
  return c->self->compatible_prefix_no_conflicts_across_factors(c->self, c->ctx, axis, c->tensor,
                                                                c->num_factors, c->factor);
}

/* getPropagatedFactorSharding: the compatible major axes of `factor` cut at
 * the first conflict within the factor of `tensor`, nothing unless that
 * extends what the tensor has, then cut at the first conflict with the
 * tensor's other factors as they stand now (earlier factors of this tensor
 * may have grown already). */
static void propagated_axes(const sharc_basic_factor_propagation *self, const sharc_projection *p,
                            unsigned tensor, unsigned factor, const sharc_sdy_axis_vec *new_axes,
                            int64_t factor_size, const sharc_attr *mesh, bool conservative,
                            sharc_sdy_axis_vec *out) {
  sharc_vec_clear(out);
  const sharc_tensor_factors *t = &p->tensors[tensor];
  const sharc_factor_sharding *fs = &t->factors[factor];
  if (!fs->present)
    return;
  sharc_sdy_axes_assign(out, new_axes->items, new_axes->len);
  within_closure within = {self, p->ctx, t, fs, factor_size, mesh};
  self->truncate_axes_by_removing_conflicts(self, out, no_conflicts_within, &within, mesh,
                                            conservative);
  if (sharc_sdy_axes_prefix_of(fs->axes.items, fs->axes.len, out->items, out->len) !=
      SHARC_SDY_PREFIX_STRICT) {
    sharc_vec_clear(out);
    return;
  }
  across_closure across = {self, p->ctx, t, p->num_factors, factor};
  self->truncate_axes_by_removing_conflicts(self, out, no_conflicts_across, &across, mesh,
                                            conservative);
}

/* isStrictPrefixOfFactorSharding: `tensor` has `factor` and its axes there
 * are a strict prefix of `axes`. */
static const sharc_factor_sharding *strict_prefix_factor(const sharc_projection *p, unsigned tensor,
                                                         unsigned factor,
                                                         const sharc_sdy_axis_vec *axes) {
  const sharc_factor_sharding *fs = &p->tensors[tensor].factors[factor];
  if (!fs->present || sharc_sdy_axes_prefix_of(fs->axes.items, fs->axes.len, axes->items,
                                               axes->len) != SHARC_SDY_PREFIX_STRICT)
    return NULL;
  return fs;
}

/* Expands the factors of tensors [first, first + count) in the order of
 * `ranks`; an operand of an element-wise op is held back to a result's
 * axes along the factor when those are a strict prefix of the new ones. */
static void expand_tensors(const sharc_basic_factor_propagation *self, sharc_projection *p,
                           unsigned first, unsigned count, const factor_rank *ranks,
                           const sharc_sdy_axis_vec *axes_per_factor, const int64_t *factor_sizes,
                           const sharc_attr *mesh, bool conservative, bool operands_of_elementwise,
                           bool *updated) {
  sharc_sdy_axis_vec axes = {0};
  for (unsigned t = first; t < first + count; t++) {
    bool tensor_updated = false;
    for (unsigned i = 0; i < p->num_factors; i++) {
      unsigned f = ranks[i].factor;
      propagated_axes(self, p, t, f, &axes_per_factor[f], factor_sizes[f], mesh, conservative,
                      &axes);
      if (!axes.len)
        continue;
      for (unsigned r = 0; operands_of_elementwise && r < p->num_results; r++) {
        const sharc_factor_sharding *held = strict_prefix_factor(p, p->num_operands + r, f, &axes);
        if (held)
          sharc_sdy_axes_assign(&axes, held->axes.items, held->axes.len);
      }
      tensor_updated |= sharc_projection_expand_tensor(p, t, f, axes.items, axes.len);
    }
    updated[t] = tensor_updated;
  }
  sharc_vec_free(&axes);
}

/* ---- propagating ---------------------------------------------------------------- */

void sharc_afp_propagate(const sharc_factor_propagation *base, sharc_projection *p,
                         sharc_direction_along_factor_fn direction, void *direction_user,
                         const int64_t *factor_sizes, unsigned num_factors,
                         const sharc_attr *mesh, bool conservative, sharc_op *op, bool *updated) {
  const sharc_basic_factor_propagation *self = (const sharc_basic_factor_propagation *)base;
  unsigned n = sharc_projection_num_tensors(p);
  for (unsigned t = 0; t < n; t++)
    updated[t] = false;
  if (!num_factors)
    return;
  /* the compatible major axes of every factor, conflicts ignored */
  sharc_sdy_axis_vec *axes_per_factor = sharc_xcalloc(num_factors, sizeof *axes_per_factor);
  factor_rank *ranks = sharc_xmalloc_array(num_factors, sizeof *ranks);
  bool all_empty = true;
  for (unsigned f = 0; f < num_factors; f++) {
    self->get_compatible_major_axes(self, p, f, direction(direction_user, f),
                                    &axes_per_factor[f]);
    all_empty &= axes_per_factor[f].len == 0;
  }
  if (!all_empty) {
    bool elementwise = op && sharc_sdy_is_elementwise(op);
    for (unsigned f = 0; f < num_factors; f++) {
      const sharc_sdy_axis_vec *axes = &axes_per_factor[f];
      ranks[f] = (factor_rank){-1, 0, -1, f};
      if (elementwise)
        ranks[f].sharding_size = sharc_sdy_axes_total_size(axes->items, axes->len, mesh);
    }
    find_sources(p, factor_sizes, axes_per_factor, ranks);
    qsort(ranks, num_factors, sizeof *ranks, compare_ranks);
    expand_tensors(self, p, p->num_operands, p->num_results, ranks, axes_per_factor,
                   factor_sizes, mesh, conservative, false, updated);
    expand_tensors(self, p, 0, p->num_operands, ranks, axes_per_factor, factor_sizes, mesh,
                   conservative, elementwise, updated);
  }
  for (unsigned f = 0; f < num_factors; f++)
    sharc_vec_free(&axes_per_factor[f]);
  free(axes_per_factor);
  free(ranks);
}

void sharc_aggressive_factor_propagation_init(sharc_aggressive_factor_propagation *afp) {
  sharc_basic_factor_propagation_init(&afp->base);
  afp->base.base.propagate = sharc_afp_propagate;
}

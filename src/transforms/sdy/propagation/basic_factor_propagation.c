/* The basic factor propagation strategy; see basic_factor_propagation.h. */
#include "transforms/sdy/propagation/basic_factor_propagation.h"

#include "dialect/sdy/rule_builder.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* ---- conflicts of one axis ---------------------------------------------- */

sharc_attr *sharc_bfp_compatible_prefix_no_conflicts_across_factors(
    const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
    const sharc_tensor_factors *tensor, unsigned num_factors, unsigned factor) {
  (void)self;
  sharc_attr *result = axis;
  for (unsigned f = 0; result && f < num_factors; f++) {
    const sharc_factor_sharding *other = &tensor->factors[f];
    if (f == factor || !other->present)
      continue;
    result = sharc_sdy_axes_prefix_without_overlap(ctx, result, other->overflow.items,
                                                   other->overflow.len);
    if (result)
      result = sharc_sdy_axes_prefix_without_overlap(ctx, result, other->axes.items,
                                                     other->axes.len);
  }
  return result;
}

/* Whether one of the factor's axes already covers `axis`. */
static bool factor_contains(const sharc_factor_sharding *fs, const sharc_attr *axis) {
  for (unsigned i = 0; i < fs->axes.len; i++)
    if (sharc_sdy_axis_contains(fs->axes.items[i], axis))
      return true;
  return false;
}

/* The part of `axis` an open factor without overflow can still take: all
 * of it when the factor is minor-most (padding is allowed there) or when
 * there is no mesh to size it, else as much as keeps dividing the factor. */
static sharc_attr *divisible_prefix(sharc_context *ctx, sharc_attr *axis,
                                    const sharc_factor_sharding *fs, int64_t prev_sharded_size,
                                    int64_t factor_size, const sharc_attr *mesh) {
  if (fs->is_minor_most || !mesh)
    return axis;
  /* prev_sharded_size is a wrapped product of positive sizes; a non-positive
   * one divides nothing */
  if (prev_sharded_size <= 0 || factor_size % prev_sharded_size != 0)
    return NULL;
  int64_t axis_size = sharc_sdy_axis_ref_size(axis, mesh);
  int64_t g = sharc_gcd(factor_size / prev_sharded_size, axis_size);
  if (g == axis_size)
    return axis;
  if (g == 1)
    return NULL;
  return sharc_sdy_axis_ref_get(
      ctx, sharc_sdy_axis_ref_name(axis),
      sharc_sdy_sub_axis_info_get(ctx, sharc_sdy_axis_pre_size(axis), g));
}

sharc_attr *sharc_bfp_compatible_prefix_no_conflicts_within_factor(
    const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
    sharc_attr *const *replicated, unsigned num_replicated, sharc_attr *const *unreduced,
    unsigned num_unreduced, const sharc_factor_sharding *factor_sharding,
    int64_t prev_sharded_size, int64_t factor_size, const sharc_attr *mesh) {
  (void)self;
  sharc_attr *result = sharc_sdy_axes_prefix_without_overlap(ctx, axis, replicated,
                                                             num_replicated);
  if (result)
    result = sharc_sdy_axes_prefix_without_overlap(ctx, result, unreduced, num_unreduced);
  if (!result)
    return NULL;
  if (factor_contains(factor_sharding, result))
    return result;
  if (!factor_sharding->is_closed && !factor_sharding->overflow.len) {
    sharc_attr *taken = divisible_prefix(ctx, result, factor_sharding, prev_sharded_size,
                                         factor_size, mesh);
    if (taken)
      return taken;
  }
  /* The factor cannot take all of `result`, but it keeps its own last axis
   * when that is a prefix of it (the axes before agree already). */
  const sharc_sdy_axis_vec *axes = &factor_sharding->axes;
  if (axes->len && sharc_sdy_axis_prefix_of(sharc_vec_last(axes), result))
    return sharc_vec_last(axes);
  return NULL;
}

void sharc_bfp_truncate_axes_by_removing_conflicts(const sharc_basic_factor_propagation *self,
                                                   sharc_sdy_axis_vec *axes,
                                                   sharc_remove_conflicts_fn remove, void *user,
                                                   const sharc_attr *mesh, bool conservative) {
  (void)self;
  int64_t prev_sharded_size = 1;
  for (unsigned i = 0; i < axes->len; i++) {
    sharc_attr *cur = axes->items[i];
    sharc_attr *kept = remove(user, cur, prev_sharded_size);
    if (!kept || (conservative && sharc_sdy_axis_ref_sub_axis_info(kept))) {
      axes->len = i;
      return;
    }
    if (kept != cur) {
      axes->items[i] = kept;
      axes->len = i + 1;
      return;
    }
    /* without a mesh (unit tests) there is no divisibility to track */
    if (mesh)
      prev_sharded_size = sharc_mul_wrap(prev_sharded_size, sharc_sdy_axis_ref_size(kept, mesh));
  }
}

/* ---- compatible major axes ---------------------------------------------- */

/* Merges `new_axes` into the compatible axes `acc`: they stay the common
 * prefix, extended by `new_axes` while `*can_expand`; a conflict (different
 * axes, or sub-axes that diverge) stops the list and any further
 * extension. A sub-axis that is a prefix of the other list's axis at the
 * same position is taken in its longer form only when it is the last of
 * its list (a following axis would conflict). */
static void merge_compatible(sharc_sdy_axis_vec *acc, sharc_attr *const *new_axes,
                             unsigned n_new, bool *can_expand, sharc_sdy_axis_vec *tmp) {
  sharc_vec_clear(tmp);
  unsigned n_old = acc->len, i = 0;
  sharc_attr *const *old_axes = acc->items;
  bool expand = *can_expand, stopped = false;
  for (; i < n_old && i < n_new && !stopped; i++) {
    sharc_attr *o = old_axes[i], *n = new_axes[i];
    if (!sharc_str_eq(sharc_sdy_axis_ref_name(o), sharc_sdy_axis_ref_name(n))) {
      expand = false;
      stopped = true;
    } else if (sharc_sdy_axis_ref_sub_axis_info(o) == sharc_sdy_axis_ref_sub_axis_info(n)) {
      sharc_vec_push(tmp, n);
    } else if (sharc_sdy_axis_prefix_of(n, o)) {
      if (i + 1 < n_new) {
        sharc_vec_push(tmp, n);
        expand = false;
        stopped = true;
      } else {
        sharc_vec_push(tmp, o);
      }
    } else if (sharc_sdy_axis_prefix_of(o, n)) {
      if (!expand || i + 1 < n_old) {
        sharc_vec_push(tmp, o);
        expand = false;
        stopped = true;
      } else {
        sharc_vec_push(tmp, n);
      }
    } else {
      expand = false;
      stopped = true;
    }
  }
  if (!stopped) {
    if (i < n_old)
      sharc_sdy_axes_append(tmp, old_axes + i, n_old - i);
    if (expand && i < n_new)
      sharc_sdy_axes_append(tmp, new_axes + i, n_new - i);
  }
  *can_expand = expand;
  sharc_sdy_axes_assign(acc, tmp->items, tmp->len);
}

static void merge_tensors(const sharc_projection *p, unsigned first, unsigned count,
                          unsigned factor, sharc_sdy_axis_vec *out, bool *can_expand,
                          sharc_sdy_axis_vec *tmp) {
  for (unsigned t = first; t < first + count; t++) {
    const sharc_factor_sharding *fs = &p->tensors[t].factors[factor];
    if (fs->present)
      merge_compatible(out, fs->axes.items, fs->axes.len, can_expand, tmp);
  }
}

void sharc_bfp_get_compatible_major_axes(const sharc_basic_factor_propagation *self,
                                         const sharc_projection *p, unsigned factor,
                                         sharc_sdy_propagation_direction direction,
                                         sharc_sdy_axis_vec *out) {
  (void)self;
  sharc_vec_clear(out);
  if (direction == SHARC_SDY_PROPAGATION_NONE || factor >= p->num_factors)
    return;
  /* the side that may extend the axes goes first; the other one can only
   * cut them short (unless propagating both ways) */
  unsigned n_ops = p->num_operands, n_res = p->num_results;
  bool backward = direction == SHARC_SDY_PROPAGATION_BACKWARD;
  unsigned first = backward ? n_ops : 0, first_n = backward ? n_res : n_ops;
  unsigned second = backward ? 0 : n_ops, second_n = backward ? n_ops : n_res;
  sharc_sdy_axis_vec tmp = {0};
  bool can_expand = true;
  merge_tensors(p, first, first_n, factor, out, &can_expand, &tmp);
  if (direction != SHARC_SDY_PROPAGATION_BOTH)
    can_expand = false;
  merge_tensors(p, second, second_n, factor, out, &can_expand, &tmp);
  sharc_vec_free(&tmp);
}

sharc_attr *sharc_bfp_compatible_prefix_in_tensor(const sharc_basic_factor_propagation *self,
                                                  sharc_context *ctx, sharc_attr *axis,
                                                  const sharc_tensor_factors *tensor,
                                                  unsigned num_factors, unsigned factor,
                                                  int64_t prev_sharded_size,
                                                  int64_t factor_size, const sharc_attr *mesh) {
  sharc_attr *result = self->compatible_prefix_no_conflicts_across_factors(
      self, ctx, axis, tensor, num_factors, factor);
  if (!result)
    return NULL;
  const sharc_factor_sharding *fs = &tensor->factors[factor];
  /* a tensor without the factor only conflicts through its other factors;
   * what it replicates or leaves unreduced does not matter */
  if (!fs->present)
    return result;
  return self->compatible_prefix_no_conflicts_within_factor(
      self, ctx, result, tensor->replicated.items, tensor->replicated.len,
      tensor->unreduced.items, tensor->unreduced.len, fs, prev_sharded_size, factor_size, mesh);
}

typedef struct prefix_closure {
  const sharc_basic_factor_propagation *self;
  const sharc_projection *p;
  unsigned factor;
  int64_t factor_size;
  const sharc_attr *mesh;
} prefix_closure;

/* compatiblePrefix over every tensor of the projection. */
static sharc_attr *prefix_in_projection(void *user, sharc_attr *axis, int64_t prev_sharded_size) {
  const prefix_closure *c = user;
  sharc_attr *result = axis;
  for (unsigned t = 0; result && t < sharc_projection_num_tensors(c->p); t++)
    result = sharc_bfp_compatible_prefix_in_tensor(c->self, c->p->ctx, result, &c->p->tensors[t],
                                                   c->p->num_factors, c->factor,
                                                   prev_sharded_size, c->factor_size, c->mesh);
  return result;
}

void sharc_bfp_get_compatible_major_sharding_axes(const sharc_basic_factor_propagation *self,
                                                  const sharc_projection *p, unsigned factor,
                                                  sharc_sdy_propagation_direction direction,
                                                  int64_t factor_size, const sharc_attr *mesh,
                                                  bool conservative, sharc_sdy_axis_vec *out) {
  self->get_compatible_major_axes(self, p, factor, direction, out);
  prefix_closure c = {self, p, factor, factor_size, mesh};
  self->truncate_axes_by_removing_conflicts(self, out, prefix_in_projection, &c, mesh,
                                            conservative);
}

/* ---- propagating ---------------------------------------------------------- */

void sharc_bfp_propagate(const sharc_factor_propagation *base, sharc_projection *p,
                         sharc_direction_along_factor_fn direction, void *direction_user,
                         const int64_t *factor_sizes, unsigned num_factors,
                         const sharc_attr *mesh, bool conservative, sharc_op *op, bool *updated) {
  (void)op;
  const sharc_basic_factor_propagation *self = (const sharc_basic_factor_propagation *)base;
  unsigned n = sharc_projection_num_tensors(p);
  for (unsigned t = 0; t < n; t++)
    updated[t] = false;
  bool stack[16];
  bool *changed = n <= 16 ? stack : sharc_xcalloc(n, sizeof *changed);
  sharc_sdy_axis_vec axes = {0};
  /* each factor on its own: the axes every tensor can take along it */
  for (unsigned f = 0; f < num_factors; f++) {
    self->get_compatible_major_sharding_axes(self, p, f, direction(direction_user, f),
                                             factor_sizes[f], mesh, conservative, &axes);
    sharc_projection_expand(p, f, axes.items, axes.len, changed);
    for (unsigned t = 0; t < n; t++)
      updated[t] |= changed[t];
  }
  sharc_vec_free(&axes);
  if (changed != stack)
    free(changed);
}

void sharc_basic_factor_propagation_init(sharc_basic_factor_propagation *bfp) {
  bfp->base.propagate = sharc_bfp_propagate;
  bfp->get_compatible_major_sharding_axes = sharc_bfp_get_compatible_major_sharding_axes;
  bfp->get_compatible_major_axes = sharc_bfp_get_compatible_major_axes;
  bfp->compatible_prefix_no_conflicts_across_factors =
      sharc_bfp_compatible_prefix_no_conflicts_across_factors;
  bfp->compatible_prefix_no_conflicts_within_factor =
      sharc_bfp_compatible_prefix_no_conflicts_within_factor;
  bfp->truncate_axes_by_removing_conflicts = sharc_bfp_truncate_axes_by_removing_conflicts;
}

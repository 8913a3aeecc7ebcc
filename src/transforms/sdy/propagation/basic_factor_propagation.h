/* The basic factor propagation strategy (Shardy's BasicFactorPropagation):
 * along each factor, every tensor gets the longest list of axes that all
 * tensors agree on (the compatible major axes) cut at the first axis that
 * conflicts with something: an axis the tensor replicates or leaves
 * unreduced, an axis another factor of the tensor uses, a closed factor or
 * one with overflow axes, or a non-minor-most factor the axes would not
 * divide.
 *
 * Each step is a function pointer taking the strategy back as `self`, as
 * Shardy's virtual methods, so that a stronger strategy can embed this
 * struct first, override a step or `base.propagate`, and call the default
 * steps (the sharc_bfp_* functions) or the ones in `self`. */
#ifndef SHARC_SDY_PROPAGATION_BASIC_FACTOR_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_BASIC_FACTOR_PROPAGATION_H

#include "dialect/sdy/axes.h"
#include "transforms/sdy/propagation/factor_propagation.h"

/* Shardy's removeConflicts callback of truncateAxesByRemovingConflicts: the
 * compatible prefix of `axis` given the size already sharded by the axes
 * before it, or NULL when none. */
typedef sharc_attr *(*sharc_remove_conflicts_fn)(void *user, sharc_attr *axis,
                                                 int64_t prev_sharded_size);

typedef struct sharc_basic_factor_propagation sharc_basic_factor_propagation;
struct sharc_basic_factor_propagation {
  sharc_factor_propagation base; /* base.propagate: propagateFactorShardings */

  /* getCompatibleMajorShardingAxes: the compatible major axes of `factor`
   * truncated at the first conflict with any tensor (appended to `out`). */
  void (*get_compatible_major_sharding_axes)(const sharc_basic_factor_propagation *self,
                                             const sharc_projection *p, unsigned factor,
                                             sharc_sdy_propagation_direction direction,
                                             int64_t factor_size, const sharc_attr *mesh,
                                             bool conservative, sharc_sdy_axis_vec *out);
  /* getCompatibleMajorAxes: the longest list of axes sharding `factor`
   * that every tensor has a prefix of, without looking at conflicts. With
   * FORWARD only operands (BACKWARD: results) may extend it; the other side
   * can only cut it. NONE gives nothing. */
  void (*get_compatible_major_axes)(const sharc_basic_factor_propagation *self,
                                    const sharc_projection *p, unsigned factor,
                                    sharc_sdy_propagation_direction direction,
                                    sharc_sdy_axis_vec *out);
  /* compatiblePrefixNoConflictsAcrossFactors: the longest prefix of `axis`
   * overlapping no axis or overflow axis of the tensor's other factors;
   * NULL when there is none. */
  sharc_attr *(*compatible_prefix_no_conflicts_across_factors)(
      const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
      const sharc_tensor_factors *tensor, unsigned num_factors, unsigned factor);
  /* compatiblePrefixNoConflictsWithinFactor: the longest prefix of `axis`
   * that is neither replicated nor unreduced and that the factor already
   * has, or could take (open, no overflow, minor-most or still dividing
   * `factor_size` after `prev_sharded_size`); NULL when there is none. */
  sharc_attr *(*compatible_prefix_no_conflicts_within_factor)(
      const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
      sharc_attr *const *replicated, unsigned num_replicated, sharc_attr *const *unreduced,
      unsigned num_unreduced, const sharc_factor_sharding *factor_sharding,
      int64_t prev_sharded_size, int64_t factor_size, const sharc_attr *mesh);
  /* truncateAxesByRemovingConflicts: replaces each axis by what `remove`
   * leaves of it; stops (dropping the rest) at the first axis it changes,
   * keeping the shorter prefix, or drops it too when nothing is left or, in
   * conservative mode, what is left is a sub-axis. */
  void (*truncate_axes_by_removing_conflicts)(const sharc_basic_factor_propagation *self,
                                              sharc_sdy_axis_vec *axes,
                                              sharc_remove_conflicts_fn remove, void *user,
                                              const sharc_attr *mesh, bool conservative);
};

/* Fills every slot with the basic strategy's steps. */
void sharc_basic_factor_propagation_init(sharc_basic_factor_propagation *bfp);

/* The basic steps, for strategies that override a slot and want the
 * default behaviour around it. `self` is a sharc_basic_factor_propagation
 * (or a struct that starts with one). */
void sharc_bfp_propagate(const sharc_factor_propagation *self, sharc_projection *p,
                         sharc_direction_along_factor_fn direction, void *direction_user,
                         const int64_t *factor_sizes, unsigned num_factors,
                         const sharc_attr *mesh, bool conservative, sharc_op *op, bool *updated);
void sharc_bfp_get_compatible_major_sharding_axes(const sharc_basic_factor_propagation *self,
                                                  const sharc_projection *p, unsigned factor,
                                                  sharc_sdy_propagation_direction direction,
                                                  int64_t factor_size, const sharc_attr *mesh,
                                                  bool conservative, sharc_sdy_axis_vec *out);
void sharc_bfp_get_compatible_major_axes(const sharc_basic_factor_propagation *self,
                                         const sharc_projection *p, unsigned factor,
                                         sharc_sdy_propagation_direction direction,
                                         sharc_sdy_axis_vec *out);
sharc_attr *sharc_bfp_compatible_prefix_no_conflicts_across_factors(
    const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
    const sharc_tensor_factors *tensor, unsigned num_factors, unsigned factor);
sharc_attr *sharc_bfp_compatible_prefix_no_conflicts_within_factor(
    const sharc_basic_factor_propagation *self, sharc_context *ctx, sharc_attr *axis,
    sharc_attr *const *replicated, unsigned num_replicated, sharc_attr *const *unreduced,
    unsigned num_unreduced, const sharc_factor_sharding *factor_sharding,
    int64_t prev_sharded_size, int64_t factor_size, const sharc_attr *mesh);
void sharc_bfp_truncate_axes_by_removing_conflicts(const sharc_basic_factor_propagation *self,
                                                   sharc_sdy_axis_vec *axes,
                                                   sharc_remove_conflicts_fn remove, void *user,
                                                   const sharc_attr *mesh, bool conservative);

/* The compatible prefix of `axis` w.r.t. one tensor (Shardy's private
 * compatiblePrefix): conflicts across factors, and within `factor` when the
 * tensor has it. Goes through `self`'s slots. */
sharc_attr *sharc_bfp_compatible_prefix_in_tensor(const sharc_basic_factor_propagation *self,
                                                  sharc_context *ctx, sharc_attr *axis,
                                                  const sharc_tensor_factors *tensor,
                                                  unsigned num_factors, unsigned factor,
                                                  int64_t prev_sharded_size,
                                                  int64_t factor_size, const sharc_attr *mesh);

#endif

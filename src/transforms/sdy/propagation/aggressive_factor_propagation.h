/* The aggressive factor propagation strategy (Shardy's
 * AggressiveFactorPropagation), built on the basic one:
 *
 * - along a factor, each tensor gets as much of the compatible major axes
 *   as it can take itself: a conflict in one tensor (an axis it replicates
 *   or uses elsewhere, a closed factor) no longer stops the others;
 * - an axis several factors would claim in one tensor is not dropped from
 *   all of them: the factors are taken in order of preference (the one
 *   whose source tensor, the largest tensor already holding its axes, is
 *   larger; for element-wise ops the more sharded one; then the lower
 *   source tensor index; then the lower factor index), and each later
 *   factor only gets what does not overlap what the tensor holds by then.
 *
 * Results are updated before operands; an element-wise op's operand takes
 * no more along a factor than a result that holds a strict prefix of the
 * new axes, so that no axis goes sideways from one operand to another
 * through a result that stays replicated. */
#ifndef SHARC_SDY_PROPAGATION_AGGRESSIVE_FACTOR_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_AGGRESSIVE_FACTOR_PROPAGATION_H

#include "transforms/sdy/propagation/basic_factor_propagation.h"

/* The basic strategy's steps with `base.base.propagate` replaced. */
typedef struct sharc_aggressive_factor_propagation {
  sharc_basic_factor_propagation base;
} sharc_aggressive_factor_propagation;

void sharc_aggressive_factor_propagation_init(sharc_aggressive_factor_propagation *afp);

/* AggressiveFactorPropagation::propagateFactorShardings; `self` is a
 * sharc_basic_factor_propagation (or a struct starting with one) whose
 * steps it calls. */
void sharc_afp_propagate(const sharc_factor_propagation *self, sharc_projection *p,
                         sharc_direction_along_factor_fn direction, void *direction_user,
                         const int64_t *factor_sizes, unsigned num_factors,
                         const sharc_attr *mesh, bool conservative, sharc_op *op, bool *updated);

#endif

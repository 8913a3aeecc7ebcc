/* The factor propagation interface (Shardy's FactorPropagation): a strategy
 * that, given the factor shardings of one op's operands and results (a
 * sharding projection), decides which axes each factor gains in each tensor
 * and applies them to the projection.
 *
 * A strategy is a struct whose first member is a sharc_factor_propagation;
 * its `propagate` receives that struct back as `self`, so a strategy can
 * extend another one (the aggressive strategy embeds the basic one and
 * replaces `propagate`, reusing the basic strategy's steps). */
#ifndef SHARC_SDY_PROPAGATION_FACTOR_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_FACTOR_PROPAGATION_H

#include "sharc/sdy.h"
#include "transforms/sdy/rules/projection.h"

/* The direction propagation may take along `factor` (Shardy's
 * PropagationDirectionAlongFactor); `user` is what the caller passed with
 * the function. */
typedef sharc_sdy_propagation_direction (*sharc_direction_along_factor_fn)(void *user,
                                                                           unsigned factor);

typedef struct sharc_factor_propagation sharc_factor_propagation;
struct sharc_factor_propagation {
  /* propagateFactorShardings: updates the factor shardings of `p`.
   * `factor_sizes` has `num_factors` entries (the rule's factor sizes);
   * `mesh` is the mesh the axes belong to (NULL in unit tests: no
   * divisibility checks); `conservative` forbids propagating sub-axes;
   * `op` is the op propagated through (NULL when there is none).
   * `updated` (one flag per tensor of `p`, operands first) is cleared, then
   * set for every tensor whose factor shardings changed. */
  void (*propagate)(const sharc_factor_propagation *self, sharc_projection *p,
                    sharc_direction_along_factor_fn direction, void *direction_user,
                    const int64_t *factor_sizes, unsigned num_factors, const sharc_attr *mesh,
                    bool conservative, sharc_op *op, bool *updated);
};

/* Calls `fp->propagate`. */
static inline void sharc_factor_propagate(const sharc_factor_propagation *fp,
                                          sharc_projection *p,
                                          sharc_direction_along_factor_fn direction,
                                          void *direction_user, const int64_t *factor_sizes,
                                          unsigned num_factors, const sharc_attr *mesh,
                                          bool conservative, sharc_op *op, bool *updated) {
  fp->propagate(fp, p, direction, direction_user, factor_sizes, num_factors, mesh, conservative,
                op, updated);
}

#endif

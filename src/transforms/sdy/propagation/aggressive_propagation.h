/* The aggressive propagation pass's propagate step (Shardy's
 * AggressivePropagationPassImpl::propagate), which the op-priority and
 * user-priority passes build on: one full propagation per factor
 * propagation strategy the propagation-strategy option names. */
#ifndef SHARC_SDY_PROPAGATION_AGGRESSIVE_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_AGGRESSIVE_PROPAGATION_H

#include "transforms/sdy/propagation/propagation_driver.h"

/* PropagationStrategy, in the order of the option's values. */
typedef enum sharc_propagation_strategy {
  SHARC_PROPAGATION_STRATEGY_BASIC,
  SHARC_PROPAGATION_STRATEGY_AGGRESSIVE,
  /* everything the basic strategy propagates without conflicts first, then
   * the aggressive strategy resolves the conflicts left */
  SHARC_PROPAGATION_STRATEGY_BASIC_THEN_AGGRESSIVE,
} sharc_propagation_strategy;

/* The option's spellings, NULL-terminated. */
extern const char *const sharc_propagation_strategy_names[];

/* The propagation-strategy row of a pass's option table (`field` an int
 * holding a sharc_propagation_strategy). */
#define SHARC_PROPAGATION_STRATEGY_OPTION_ROW(T, field)                                            \
  SHARC_OPTION_ENUM(T, field, "propagation-strategy", sharc_propagation_strategy_names,           \
                    "aggressive", "which factor propagation strategy to use")

/* The aggressive strategy (the one AggressivePropagationPassImpl owns). */
const sharc_factor_propagation *sharc_propagation_aggressive_strategy(void);

/* AggressivePropagationPassImpl::propagate: sharc_propagation_propagate
 * with each strategy of `strategy` in turn, stopping at the first failure. */
bool sharc_propagation_propagate_aggressive(sharc_propagation *pr,
                                            sharc_propagation_strategy strategy,
                                            sharc_get_direction_fn direction,
                                            void *direction_user);

#endif

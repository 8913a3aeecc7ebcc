/* The aggressive propagation pass's propagate step; see
 * aggressive_propagation.h. */
#include "transforms/sdy/propagation/aggressive_propagation.h"

#include "transforms/sdy/propagation/aggressive_factor_propagation.h"

const char *const sharc_propagation_strategy_names[] = {"basic", "aggressive",
                                                        "basic-then-aggressive", NULL};

static sharc_aggressive_factor_propagation aggressive_strategy;

const sharc_factor_propagation *sharc_propagation_aggressive_strategy(void) {
  if (!aggressive_strategy.base.base.propagate)
    sharc_aggressive_factor_propagation_init(&aggressive_strategy);
  return &aggressive_strategy.base.base;
}

bool sharc_propagation_propagate_aggressive(sharc_propagation *pr,
                                            sharc_propagation_strategy strategy,
                                            sharc_get_direction_fn direction,
                                            void *direction_user) {
  const sharc_factor_propagation *strategies[2];
  unsigned n = 0;
  switch (strategy) {
  case SHARC_PROPAGATION_STRATEGY_BASIC:
    strategies[n++] = &sharc_propagation_basic_strategy()->base;
    break;
  case SHARC_PROPAGATION_STRATEGY_BASIC_THEN_AGGRESSIVE:
    strategies[n++] = &sharc_propagation_basic_strategy()->base;
    strategies[n++] = sharc_propagation_aggressive_strategy();
    break;
  case SHARC_PROPAGATION_STRATEGY_AGGRESSIVE:
  default:
    strategies[n++] = sharc_propagation_aggressive_strategy();
    break;
  }
  for (unsigned i = 0; i < n; i++)
    if (!sharc_propagation_propagate(pr, strategies[i], direction, direction_user))
      return false;
  return true;
}

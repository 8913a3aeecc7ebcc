/* The user-priority propagation pass (Shardy's
 * UserPriorityPropagationPassImpl): its options, shared with the
 * propagation pipeline that adds it with its own dump index. */
#ifndef SHARC_SDY_PROPAGATION_USER_PRIORITY_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_USER_PRIORITY_PROPAGATION_H

#include "transforms/sdy/propagation/op_priority_propagation.h"

typedef struct sharc_user_priority_options {
  sharc_propagation_options propagation;
  int propagation_strategy; /* sharc_propagation_strategy */
  bool run_op_priority_propagation;
  /* no option: the index prefixing the module dumps after each priority
   * (0 from the command line, the pipeline's own when it adds the pass) */
  int dump_index;
} sharc_user_priority_options;

/* UserPriorityPropagationPassImpl::propagate: every dimension sharding
 * with a priority above 0 starts closed and empty (its axes replicated);
 * an op-priority propagation runs, then, for each priority in increasing
 * order, the dimension shardings of that priority get their axes back and
 * another op-priority propagation runs. With a dump directory, the module
 * is saved before each of the later rounds. */
bool sharc_propagation_propagate_user_priority(sharc_propagation *pr,
                                               const sharc_user_priority_options *options,
                                               sharc_get_direction_fn direction,
                                               void *direction_user);

#endif

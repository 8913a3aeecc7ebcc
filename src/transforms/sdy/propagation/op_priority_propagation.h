/* The op-priority propagation pass's propagate step (Shardy's
 * OpPriorityPropagationPassImpl::propagate), which the user-priority pass
 * builds on: a full aggressive propagation per op priority, each letting
 * more ops propagate in more directions (see op_priority_propagation.c for
 * the heuristics). */
#ifndef SHARC_SDY_PROPAGATION_OP_PRIORITY_PROPAGATION_H
#define SHARC_SDY_PROPAGATION_OP_PRIORITY_PROPAGATION_H

#include "transforms/sdy/propagation/aggressive_propagation.h"

/* How many op priorities there are (the heuristics of the schedule). */
#define SHARC_OP_PRIORITY_COUNT 5

/* OpPriorityPropagationPassImpl::propagate: without
 * `run_op_priority_propagation`, the aggressive propagation alone; else
 * one per op priority, each direction intersected with `direction`. */
bool sharc_propagation_propagate_op_priority(sharc_propagation *pr,
                                             sharc_propagation_strategy strategy,
                                             bool run_op_priority_propagation,
                                             sharc_get_direction_fn direction,
                                             void *direction_user);

#endif

/* Splitting a fragment in two (Shardy's split_bwd_fragments): the results
 * of a mask are pulled out, with as much of the computation as only they
 * need, into a second fragment (split_drop_transferred) that the first
 * (split_keep_transferred) feeds residual values. Used to send transferred
 * results earlier, and to start transfer-independent work earlier. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_SPLIT_FRAGMENT_H
#define SHARC_TRANSFORMS_MPMD_COMMON_SPLIT_FRAGMENT_H

#include "dialect/mpmd/utils.h"

/* PullResultsMaximally: `pullable[i]` for each result to pull; everything
 * not flowing to a kept result goes with them. */
void sharc_mpmd_pull_results_maximally(sharc_op *fragment, const bool *pullable, sharc_rewriter *rw);
/* PullOperandsOutMaximally: what uses no operand of `pulled_args` stays in
 * the first fragment, the rest (and the results it reaches) goes second. */
void sharc_mpmd_pull_operands_out_maximally(sharc_op *fragment, const bool *pulled_args,
                                            sharc_rewriter *rw);

#endif

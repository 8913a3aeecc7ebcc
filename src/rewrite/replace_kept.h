/* Replacing an op by a rebuilt one that keeps only some of its results
 * (dead fragment or call results, loop-invariant while results, unused
 * named-computation results): one spelling of the remap-then-erase step
 * those rewrites share. */
#ifndef SHARC_REWRITE_REPLACE_KEPT_H
#define SHARC_REWRITE_REPLACE_KEPT_H

#include "sharc/rewrite.h"

#include <stdbool.h>

/* `to` holds, in order, the results of `from` whose mark in `marks` equals
 * `kept`: the uses of each such result move to the next result of `to`
 * (the others must have none left), then `from` is erased. A result at or
 * past `num_marks` counts as dropped. */
void sharc_rw_replace_op_with_kept_results(sharc_rewriter *rw, sharc_op *from, sharc_op *to,
                                           const bool *marks, unsigned num_marks, bool kept);

#endif

/* The counting hook of sharc_interpret_options.on_collective: what one
 * device's collective moved, computed from the group it met and the
 * operands it had, for `sharc verify` to hold the report's figures
 * against. */
#ifndef SHARC_INTERPRET_COLLECTIVE_COUNT_H
#define SHARC_INTERPRET_COLLECTIVE_COUNT_H

#include "interpret/interp.h"

/* Reports collective `op` that ran on this device with `n_in` operands
 * `in` and its results `out` in a group of `group_size` at `pos` (for
 * collective_permute: the device's own id in the pairs). Costs one test
 * when nothing counts. */
static inline bool sharc_interp_counting(const sharc_interp *ip) {
  return ip->opts && ip->opts->on_collective;
}
void sharc_interp_count_collective(sharc_interp *ip, const sharc_op *op, unsigned group_size,
                                   int64_t pos, sharc_tensor *const *in, sharc_tensor *const *out);

#endif

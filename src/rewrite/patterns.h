/* What the greedy driver needs of a pattern set beyond the public API. */
#ifndef SHARC_REWRITE_PATTERNS_H
#define SHARC_REWRITE_PATTERNS_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "support/vec.h"

/* A pattern with the root it applies to and the state it was added with. */
typedef struct sharc_bound_pattern {
  const sharc_pattern *pattern;
  const sharc_op_def *root;
  void *state;
} sharc_bound_pattern;

typedef SHARC_VEC(sharc_bound_pattern) sharc_pattern_list;

/* Tries the patterns that apply to `op` in MLIR's order; true when one
 * rewrote the IR. */
bool sharc_patterns_apply_one(sharc_pattern_set *s, sharc_op *op, sharc_rewriter *rw);

/* Whether some pattern of the set is rooted at ops of kind `def`. */
bool sharc_patterns_rooted_at(sharc_pattern_set *s, const sharc_op_def *def);

/* Whether the driver may leave out of its worklist the ops nested in an
 * isolated-from-above op when none of them can be rewritten: the set was
 * declared isolation-local and has no pattern rooted at any op. */
bool sharc_patterns_may_skip_quiet_bodies(sharc_pattern_set *s);

#endif

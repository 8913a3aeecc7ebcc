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

/* A kind's bit in a set's root bits: a clear bit says no pattern is
 * rooted at the kind without looking up the set's map (most ops a driver
 * meets have no pattern of their own). */
static inline uint64_t sharc_pattern_root_bit(const sharc_op_def *def) {
  return (uint64_t)1 << (((uintptr_t)def >> 4) * 0x9e3779b1u >> 26 & 63);
}

/* What the driver asks of a set for every op it seeds or pops, read once:
 * the root bits of the kinds patterns are rooted at, and whether some
 * pattern is rooted at any op. */
typedef struct sharc_pattern_roots {
  uint64_t bits;
  bool any;
} sharc_pattern_roots;
sharc_pattern_roots sharc_patterns_roots(sharc_pattern_set *s);

/* Whether some pattern of the set is rooted at ops of kind `def`. */
bool sharc_patterns_rooted_at(sharc_pattern_set *s, const sharc_op_def *def);

/* Whether the driver may leave out of its worklist the ops nested in an
 * isolated-from-above op when none of them can be rewritten: the set was
 * declared isolation-local and has no pattern rooted at any op. */
bool sharc_patterns_may_skip_quiet_bodies(sharc_pattern_set *s);

#endif

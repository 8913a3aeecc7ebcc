/* -canonicalize: applies every op definition's canonicalization patterns to
 * a fixpoint and erases pure operations whose results are unused, as MLIR's
 * greedy rewriter does. */
#include "pass/pass_registry.h"

#include <stdlib.h>

/* No memory effects: pure, or only holding such ops (MLIR's
 * RecursiveMemoryEffects). Unknown ops may have any effect. */
static bool has_no_effects(const sharc_op *op) {
  if (!op->def)
    return false;
  if (op->def->traits & SHARC_TRAIT_PURE)
    return true;
  if (!(op->def->traits & SHARC_TRAIT_RECURSIVE_EFFECTS))
    return false;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = op->regions[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next)
        if (!has_no_effects(o))
          return false;
  return true;
}

static bool is_trivially_dead(const sharc_op *op) {
  if (!op->def || (op->def->traits & SHARC_TRAIT_TERMINATOR))
    return false;
  for (unsigned i = 0; i < op->num_results; i++)
    if (op->results[i].uses)
      return false;
  return has_no_effects(op);
}

typedef struct canon_state {
  bool changed;
} canon_state;

static bool visit(sharc_op *op, void *user) {
  canon_state *st = user;
  if (is_trivially_dead(op)) {
    sharc_op_erase(op);
    st->changed = true;
    return true;
  }
  if (!op->def || !op->def->patterns)
    return true;
  for (const sharc_pattern_fn *pat = op->def->patterns; *pat; pat++)
    if ((*pat)(op, NULL)) {
      st->changed = true;
      break; /* the op may be gone */
    }
  return true;
}

/* Post-order over a block's ops. A pattern may erase the op it was given and
 * any other op, so the next op is taken after the visit: from the visited op
 * when it survived, else the one noted before; when both are gone the block
 * is left for the next round (the round already counts as a change). */
static bool canon_block(sharc_block *b, canon_state *st) {
  for (sharc_op *o = b->first; o;) {
    for (unsigned r = 0; r < o->num_regions; r++)
      for (sharc_block *inner = o->regions[r].first; inner; inner = inner->next)
        if (!canon_block(inner, st))
          return false;
    sharc_op *next = o->next;
    visit(o, st);
    if (o->block == b)
      o = o->next;
    else if (!next || next->block == b)
      o = next;
    else
      return false;
  }
  return true;
}

bool sharc_canonicalize_run(sharc_op *op, const sharc_pass_options *options) {
  long max_iterations = 10;
  const char *m = sharc_pass_option(options, "max-iterations", NULL);
  if (m)
    max_iterations = strtol(m, NULL, 10);
  for (long i = 0; i < max_iterations || max_iterations < 0; i++) {
    canon_state st = {false};
    for (unsigned r = 0; r < op->num_regions; r++)
      for (sharc_block *b = op->regions[r].first; b; b = b->next)
        canon_block(b, &st);
    if (!st.changed)
      break;
  }
  return true;
}

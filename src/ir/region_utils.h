/* MLIR's RegionUtils that passes share: the values an op's regions use but
 * that are defined outside of them (the free variables a region op
 * captures), whether a region may be a graph region, whether the order of
 * its ops means anything to dominance, and the dominator tree of a region
 * of several blocks (CSE's walk, the verifier's dominance). */
#ifndef SHARC_IR_REGION_UTILS_H
#define SHARC_IR_REGION_UTILS_H

#include "ir/ir_internal.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#include <stdint.h>

/* getUsedValuesDefinedAbove over every region of `op`: appends to `out`
 * each value a nested op uses that is defined in a region enclosing `op`,
 * once, in MLIR's order (ops in post-order, operands in order), skipping
 * the values `out` already holds. */
void sharc_used_values_defined_above(sharc_op *op, sharc_ptr_vec *out);

/* MLIR's mayBeGraphRegion: a region of a graph region kind, or any region
 * of an unregistered op (whose kind nobody knows), may use values before
 * their definition. Inline: the verifier asks it of every region. */
static inline bool sharc_region_may_be_graph(const sharc_region *r) {
  return r->parent && (!sharc_op_def_of(r->parent) ||
                       (sharc_op_def_of(r->parent)->traits & SHARC_TRAIT_GRAPH_REGION));
}

/* MLIR's DominanceInfo::hasSSADominance: a region of several blocks always
 * has it, even under an unregistered op; a single block lacks it where the
 * region may be a graph region. */
static inline bool sharc_region_has_ssa_dominance(const sharc_region *r) {
  return !sharc_region_may_be_graph(r) || r->first != r->last;
}

/* The dominator tree of a multi-block region: its blocks reachable from
 * the entry, numbered in reverse post-order (the entry 0), each block's
 * immediate dominator (a smaller number) and the blocks it immediately
 * dominates. Blocks the entry does not reach are left out, as MLIR's
 * DomTree leaves them. */
typedef SHARC_VEC(unsigned) sharc_index_vec;
typedef struct sharc_dom_tree {
  SHARC_VEC(sharc_block *) rpo;
  sharc_ptrmap number; /* block -> its number plus one */
  unsigned *idom;
  sharc_index_vec *children;
} sharc_dom_tree;

/* Builds `d` (zeroed) for `r`, which has an entry block (Cooper, Harvey
 * and Kennedy's iteration over reverse post-order; MLIR's successors of a
 * block are those of its last op). */
void sharc_dom_tree_build(sharc_dom_tree *d, const sharc_region *r);
void sharc_dom_tree_free(sharc_dom_tree *d);

/* The number of `b` plus one, 0 when the entry does not reach it. */
static inline unsigned sharc_dom_tree_number(const sharc_dom_tree *d, const sharc_block *b) {
  return (unsigned)(uintptr_t)sharc_ptrmap_get(&d->number, b);
}

/* DomTree::properlyDominates of two distinct reachable blocks, by their
 * numbers plus one: a dominator comes first in reverse post-order, so the
 * walk up from `b` stops at `a`'s number. */
bool sharc_dom_tree_properly_dominates(const sharc_dom_tree *d, unsigned a, unsigned b);

/* The region a value is defined in: its defining op's, or its block's. */
sharc_region *sharc_value_parent_region(const sharc_value *v);

#endif

/* MLIR's RegionUtils that passes share: the values an op's regions use but
 * that are defined outside of them (the free variables a region op
 * captures), whether a region may be a graph region, and whether the order
 * of its ops means anything to dominance. */
#ifndef SHARC_IR_REGION_UTILS_H
#define SHARC_IR_REGION_UTILS_H

#include "ir/ir_internal.h"
#include "support/vec.h"

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

/* The region a value is defined in: its defining op's, or its block's. */
sharc_region *sharc_value_parent_region(const sharc_value *v);

#endif

/* Helpers the propagation passes share (Shardy's propagation/utils):
 * combining propagation directions, comparing shardings where a missing
 * one means replicated, and reading the shardings data flow edges hold. */
#ifndef SHARC_SDY_PROPAGATION_UTILS_H
#define SHARC_SDY_PROPAGATION_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "sharc/sdy.h"

/* unionOfPropagationDirections: NONE gives the other one, FORWARD with
 * BACKWARD gives BOTH, else the larger. The directions are bit sets (NONE
 * 0, FORWARD 1, BACKWARD 2, BOTH 3), so that is their union; inline, as
 * propagation asks it per factor of every op it visits. */
static inline sharc_sdy_propagation_direction sharc_sdy_union_of_directions(
    sharc_sdy_propagation_direction a, sharc_sdy_propagation_direction b) {
  return (sharc_sdy_propagation_direction)(a | b);
}
/* intersectionOfPropagationDirections: FORWARD with BACKWARD gives NONE,
 * else the smaller: the intersection of the bit sets. */
static inline sharc_sdy_propagation_direction sharc_sdy_intersection_of_directions(
    sharc_sdy_propagation_direction a, sharc_sdy_propagation_direction b) {
  return (sharc_sdy_propagation_direction)(a & b);
}

/* isFullyReplicated: no sharding, or no axis in any dimension. */
bool sharc_sdy_is_fully_replicated(const sharc_attr *sharding);
/* isEquivalent: a missing sharding is equivalent to a fully replicated
 * one; otherwise TensorShardingAttr::isEquivalent. */
bool sharc_sdy_is_equivalent(const sharc_attr *sharding, const sharc_attr *other);

/* The op's operands then results, the values an OpShardingRuleAttr
 * speaks of: in `stack` (room for 16) when they fit and `stack` is set,
 * else in an array the caller frees. */
sharc_value **sharc_sdy_operands_then_results(sharc_op *op, sharc_value **stack);

#endif

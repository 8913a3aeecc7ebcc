/* Sharding groups as propagation keeps them (Shardy's ShardingGroupMap):
 * the values every sdy.sharding_group op of a group id constrains, and the
 * group each value belongs to, so that a sharding given to one member can
 * be given to all of them in O(1). */
#ifndef SHARC_SDY_PROPAGATION_SHARDING_GROUP_MAP_H
#define SHARC_SDY_PROPAGATION_SHARDING_GROUP_MAP_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef SHARC_VEC(sharc_value *) sharc_value_vec;

typedef struct sharc_sharding_group_map {
  SHARC_VEC(sharc_value_vec) groups; /* by ascending group id */
  SHARC_VEC(uint64_t) ids;           /* the group id of each group */
  sharc_ptrmap value_group;          /* value -> group index + 1 */
} sharc_sharding_group_map;

/* Collects the groups of `module` (walk order within a group). A value in
 * two groups is reported (Shardy's fatal error) and false is returned. */
bool sharc_sharding_group_map_build(sharc_sharding_group_map *m, sharc_op *module);
/* syncGroupMemberShardings: gives every member of a group the one sharding
 * its members agree on (open, empty shardings aside); when they disagree,
 * warns and puts an open sdy.sharding_constraint after every member, which
 * becomes the member instead. Changes go through `rw`. */
void sharc_sharding_group_map_sync(sharc_sharding_group_map *m, sharc_rewriter *rw);
/* The members of `v`'s group, `v` included; none (NULL, *n = 0) when `v`
 * is in no group. */
sharc_value *const *sharc_sharding_group_members(const sharc_sharding_group_map *m,
                                                 const sharc_value *v, unsigned *n);
void sharc_sharding_group_map_free(sharc_sharding_group_map *m);

#endif

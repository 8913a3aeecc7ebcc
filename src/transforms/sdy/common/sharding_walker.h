/* Shardy's sharding walker: every tensor sharding a module holds (function
 * arguments and results, op results, manual computation in/out shardings,
 * data flow edge owners), visited in pre-order and optionally replaced. */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_SHARDING_WALKER_H
#define SHARC_TRANSFORMS_SDY_COMMON_SHARDING_WALKER_H

#include "ir/ir_internal.h"

/* Where a sharding lives: a value (NULL for the single maximal sharding of
 * an op without results), or result `result` of function `func`. */
typedef struct sharc_sdy_sharding_site {
  sharc_value *value;
  sharc_op *func;
  unsigned result;
} sharc_sdy_sharding_site;

/* Returns the sharding to store (the same pointer: no change). */
typedef sharc_attr *(*sharc_sdy_sharding_fn)(sharc_attr *sharding,
                                             const sharc_sdy_sharding_site *site, void *user);
/* Called on every op before its shardings; may be NULL. */
typedef void (*sharc_sdy_op_fn)(sharc_op *op, void *user);

/* walkShardings: `fn`'s results are ignored. */
void sharc_sdy_walk_shardings(sharc_op *root, sharc_sdy_sharding_fn fn, sharc_sdy_op_fn op_fn,
                              void *user);
/* transformShardings: what `fn` returns replaces the sharding. */
void sharc_sdy_transform_shardings(sharc_op *root, sharc_sdy_sharding_fn fn,
                                   sharc_sdy_op_fn op_fn, void *user);
/* transformShardings with a `fn` whose result depends on the sharding
 * alone (not the site), called once per sharding list of the ops that hold
 * one result's sharding in `sdy.sharding` (most ops; lists are uniqued). */
void sharc_sdy_transform_shardings_by_value(sharc_op *root, sharc_sdy_sharding_fn fn,
                                            sharc_sdy_op_fn op_fn, void *user);
/* transformSharding: one site's sharding, when it has one. */
void sharc_sdy_transform_site_sharding(const sharc_sdy_sharding_site *site,
                                       sharc_sdy_sharding_fn fn, void *user);

#endif

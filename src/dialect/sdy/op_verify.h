/* What the sdy op verifiers, canonicalization patterns and interfaces share
 * about shardings: mesh lookup, per-value lists and the manual-axes sharding
 * transforms. Axis-reference arithmetic is axes.h's. */
#ifndef SHARC_DIALECT_SDY_OP_VERIFY_H
#define SHARC_DIALECT_SDY_OP_VERIFY_H

#include "dialect/sdy/axes.h"
#include "dialect/sdy/op_common.h"
#include "sharc/sdy.h"

/* ---- meshes and shardings ---- */
/* Element `index` of a #sdy.sharding_per_value, or NULL. */
sharc_attr *sharc_sdy_sharding_per_value_at(const sharc_attr *list, unsigned index);
/* `list` (or, when NULL, `count` fully open shardings on the mesh of
 * `sharding`) with element `index` replaced. */
sharc_attr *sharc_sdy_sharding_per_value_replace(sharc_op *op, const sharc_attr *list, unsigned count,
                                           unsigned index, sharc_attr *sharding);
/* A sharding of `rank` open (or closed) empty dimensions on `mesh_or_ref`. */
sharc_attr *sharc_sdy_sharding_fully_open(sharc_context *ctx, sharc_attr *mesh_or_ref, unsigned rank,
                                    bool closed);
/* The sharding of a value as propagation sees it: `sdy.sharding` of its
 * defining op, of its function argument, or of a data flow edge; NULL if
 * none. */
sharc_attr *sharc_sdy_get_sharding(sharc_value *v);

/* ---- manual computation shardings ---- */
/* Drops the manual computation's manual axes from `sharding`'s dimensions
 * and replicated axes (Shardy's eraseManualAxes). */
sharc_attr *sharc_sdy_erase_manual_axes(sharc_op *manual, sharc_attr *sharding);
/* Puts `inner`'s free axes after `outer`'s manual ones (Shardy's
 * addFreeAxesToManualComputationSharding). */
sharc_attr *sharc_sdy_add_free_axes(sharc_op *manual, sharc_attr *outer, sharc_attr *inner);

/* ---- verifiers (hooks of op definitions) ---- */
/* A tensor sharding valid for `type` in the op's module; `prefix` goes
 * before the message after "op " ("in_shardings ", "operand - ", or NULL). */
bool sharc_sdy_verify_sharding_for_type(sharc_op *op, sharc_attr *sharding, sharc_type *type,
                                  const char *prefix);
/* A #sdy.sharding_per_value for `n` values of `types` (Shardy's
 * verifyTensorShardingPerValueAttr): messages "<prefix>shardings don't match
 * number of values: ..." and "<prefix>- <msg>" / "<prefix><i> - <msg>". */
bool sharc_sdy_verify_sharding_list(sharc_op *op, sharc_attr *list, sharc_type *const *types, unsigned n,
                              const char *prefix);
/* Unreduced axes from `in` to `out` (Shardy's verifyUnreducedAxesTransition):
 * `introduced` / `removed` are the reduction each direction must carry, -1
 * when that direction is not allowed. */
bool sharc_sdy_verify_unreduced_transition(sharc_op *op, const sharc_attr *in, const sharc_attr *out,
                                     int64_t introduced, int64_t removed);
/* TensorShardingAttr::isEquivalent. */
bool sharc_sdy_shardings_equivalent(const sharc_attr *a, const sharc_attr *b, bool ignore_unreduced);
/* sharding_constraint / reshard: the sharding, then the unreduced axes moving
 * from the operand's sharding. */
bool sharc_sdy_verify_op_sharding(sharc_op *op, sharc_attr *sharding, sharc_type *type);
bool sharc_sdy_verify_manual_axes_unbound(sharc_op *manual);
bool sharc_sdy_verify_manual_computation(sharc_op *manual);
bool sharc_sdy_verify_named_computation(sharc_op *op);

#endif

/* What the sdy op verifiers, canonicalization patterns and interfaces share:
 * the manual-axes sharding transforms and the verifiers. Reading and writing
 * shardings is utils.h's, axis-reference arithmetic axes.h's. */
#ifndef SHARC_DIALECT_SDY_OP_VERIFY_H
#define SHARC_DIALECT_SDY_OP_VERIFY_H

#include "dialect/sdy/axes.h"
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/utils.h"
#include "sharc/sdy.h"

/* ---- manual computation shardings ---- */
/* Drops the manual computation's manual axes from `sharding`'s dimensions
 * and replicated axes (Shardy's eraseManualAxes). */
sharc_attr *sharc_sdy_erase_manual_axes(sharc_op *manual, sharc_attr *sharding);
/* Keeps only the manual computation's manual axes of `sharding` (the part
 * that says which block of a value each device's body sees). */
sharc_attr *sharc_sdy_keep_manual_axes(sharc_op *manual, sharc_attr *sharding);
/* The mesh every in and out sharding of a manual computation is bound to
 * (empty meshes aside), or NULL. */
sharc_attr *sharc_sdy_manual_computation_mesh(sharc_op *manual);
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
/* The same from several operand shardings to several result shardings
 * (NULL entries skipped), as Shardy's verifyUnreducedAxesTransition takes
 * them. */
bool sharc_sdy_verify_unreduced_transition_n(sharc_op *op, sharc_attr *const *ins, unsigned n_in,
                                             sharc_attr *const *outs, unsigned n_out,
                                             int64_t introduced, int64_t removed);
/* sharding_constraint / reshard: the sharding, then the unreduced axes moving
 * from the operand's sharding. */
bool sharc_sdy_verify_op_sharding(sharc_op *op, sharc_attr *sharding, sharc_type *type);
bool sharc_sdy_verify_manual_axes_unbound(sharc_op *manual);
bool sharc_sdy_verify_manual_computation(sharc_op *manual);
bool sharc_sdy_verify_named_computation(sharc_op *op);

#endif

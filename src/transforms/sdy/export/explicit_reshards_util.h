/* Shardy's explicit_reshards_util: making an op's operand and result
 * shardings agree with its sharding rule (finding common factor shardings,
 * inserting the reshards that realise them), and the unreduced-axes
 * collectives around it (all-reduces where unreduced axes become
 * replicated, replicated/sharded-to-unreduced where they appear).
 *
 * Where Shardy checks an assumption with SDY_CHECK (and aborts), these
 * functions report a located error instead and return false. */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_EXPLICIT_RESHARDS_UTIL_H
#define SHARC_TRANSFORMS_SDY_EXPORT_EXPLICIT_RESHARDS_UTIL_H

#include "dialect/sdy/axes.h"
#include "sharc/rewrite.h"
#include "transforms/sdy/rules/projection.h"

/* Shardy's AxesPerFactor: one axis list per factor of a rule. `n == 0` is
 * the empty AxesPerFactor Shardy uses for "no common sharding". */
typedef struct sharc_sdy_axes_per_factor {
  sharc_sdy_axis_vec *axes;
  unsigned n;
} sharc_sdy_axes_per_factor;

/* `n` empty lists. */
void sharc_sdy_axes_per_factor_init(sharc_sdy_axes_per_factor *a, unsigned n);
void sharc_sdy_axes_per_factor_free(sharc_sdy_axes_per_factor *a);

/* getUnreducedAxes: the unreduced axes of `sharding` (none when NULL). */
sharc_attr *const *sharc_sdy_get_unreduced_axes(const sharc_attr *sharding, unsigned *n);

/* getTensorSizes: the element count of each operand, then each result of
 * `op` into `out` (0 for a type without a static shape). */
void sharc_sdy_get_tensor_sizes(sharc_op *op, int64_t *out);

/* insertAllReduceIfUnreducedToReplicated: when `source` (the sharding of
 * operand `index` of `user`) has unreduced axes that `user_sharding` (may
 * be NULL) does not keep unreduced, an `sdy.all_reduce` over them at the
 * rewriter's insertion point becomes that operand. `*result` is the
 * all-reduce's sharding, or `source` when none was needed. False (with an
 * error at `user`) when the two shardings are on different meshes. */
bool sharc_sdy_insert_all_reduce_if_unreduced_to_replicated(sharc_rewriter *rw, sharc_op *user,
                                                            unsigned index, sharc_attr *source,
                                                            sharc_attr *user_sharding,
                                                            sharc_attr **result);

/* insertExplicitReshards: a reshard to its projected sharding on each
 * operand whose `update[i]` is set (tensors numbered operands first), and
 * after each such result (the result takes the projected sharding, its
 * users keep the old one); also on every tensor whose sharding is on a mesh
 * with other device ids than `mesh_op`'s. `in`/`out` are the op's current
 * operand/result shardings (NULL entries: none). */
void sharc_sdy_insert_explicit_reshards(sharc_rewriter *rw, sharc_op *op, sharc_attr *const *in,
                                        sharc_attr *const *out, const sharc_projection *p,
                                        const bool *update, sharc_op *mesh_op);

/* insertAllReducesForReductionFactors: an all-reduce after each result of
 * `op` over the axes sharding its reduction factors (`common` with the
 * full version, else the factors' common sharding, only when the results
 * have unreduced axes) that the results do not keep unreduced. False (with
 * an error at `op`) when the results are unreduced but the reduction
 * factors are not sharded alike. */
bool sharc_sdy_insert_all_reduces_for_reduction_factors(sharc_rewriter *rw, sharc_op *op,
                                                        const sharc_projection *p,
                                                        const sharc_sdy_axes_per_factor *common,
                                                        sharc_op *mesh_op, bool on_full_version);

/* findCommonAxes: the sharding of each factor that makes `p` compatible
 * with its rule (the factors' common sharding when they already agree, the
 * preferred tensor's for unary ops, else a greedy choice of factor-axes
 * candidates by the size of the tensors that hold them, with the axes of
 * need-replication factors moved to batching factors). `tensor_sizes` as
 * sharc_sdy_get_tensor_sizes gives them. */
void sharc_sdy_find_common_axes(const sharc_projection *p, const int64_t *tensor_sizes,
                                sharc_sdy_axes_per_factor *out);

/* insertUnreducedCollectives: when `out_sharding` makes axes unreduced that
 * the sharding of operand `index` of `user` has replicated or sharded,
 * inserts (at the insertion point) a reshard aligning the dimensions if
 * needed, then `sdy.replicated_to_unreduced` and/or
 * `sdy.sharded_to_unreduced`, whose result becomes the operand. `*last` is
 * the sharding of the last op inserted, or NULL when none was. False (with
 * an error at `user`) when the shardings are on different meshes or each
 * has unreduced axes the other lacks. */
bool sharc_sdy_insert_unreduced_collectives(sharc_rewriter *rw, sharc_op *user, unsigned index,
                                            sharc_attr *out_sharding, sharc_attr **last);

/* convertReshardToUnreducedCollectives: replaces an `sdy.reshard` that only
 * adds unreduced axes by the collectives above; `*converted` tells whether
 * it did. False on the errors of sharc_sdy_insert_unreduced_collectives. */
bool sharc_sdy_convert_reshard_to_unreduced_collectives(sharc_rewriter *rw, sharc_op *op,
                                                        bool *converted);

/* getCompatibleFactorSharding: whether every tensor that has `factor`
 * shards it the same way; `*axes`/`*n` are that sharding (none when no
 * tensor has the factor). */
bool sharc_sdy_compatible_factor_sharding(const sharc_projection *p, unsigned factor,
                                          sharc_attr *const **axes, unsigned *n);

#endif

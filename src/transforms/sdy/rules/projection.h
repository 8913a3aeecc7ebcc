/* Sharding projection (Shardy's sharding_projection): tensor shardings seen
 * through an op sharding rule as shardings of its factors, and back.
 *
 * Projecting a dimension sharding onto the dimension's factors (major to
 * minor) gives each factor the axes, or sub-axes, whose sizes fill it; the
 * minor-most factor takes whatever is left. An axis whose remaining size
 * shares no divisor with a non-minor-most factor cannot go on, so it and
 * everything after it become that factor's overflow axes, and later factors
 * of the dimension are closed and empty. Projecting back concatenates the
 * factors' axes per dimension, merging sub-axes that meet at a factor
 * boundary, and stops at the first factor that is not fully sharded (the
 * rest would need a strided view).
 *
 * Example (docs/propagation.md): rule ([ij])->([i, j]) {i=2, j=4}, mesh
 * "x"=4, "y"=2, operand sharded [{"x", "y"}]: the operand's factors are
 * i: ["x":(1)2], j: ["x":(2)2, "y"]; projecting them onto the result gives
 * [{"x":(1)2}, {"x":(2)2, "y"}]. */
#ifndef SHARC_SDY_RULES_PROJECTION_H
#define SHARC_SDY_RULES_PROJECTION_H

#include "dialect/sdy/axes.h"
#include "ir/ir_internal.h"
#include "sharc/sdy.h"

typedef struct sharc_factor_sharding {
  sharc_sdy_axis_vec axes;
  sharc_sdy_axis_vec overflow; /* axes beyond a factor they do not divide */
  bool present;        /* the tensor has this factor */
  bool is_closed;
  bool is_minor_most;
} sharc_factor_sharding;

typedef struct sharc_tensor_factors {
  sharc_factor_sharding *factors; /* one per factor of the rule */
  sharc_sdy_axis_vec replicated, unreduced;
  sharc_sdy_reduction_op reduction;
} sharc_tensor_factors;

typedef struct sharc_projection {
  sharc_context *ctx;
  const sharc_attr *rule;
  const sharc_attr *mesh;
  unsigned num_operands, num_results, num_factors;
  sharc_tensor_factors *tensors; /* operands, then results */
} sharc_projection;

/* Projects the shardings (NULL entries: none, open or closed per
 * `closed_if_missing`) of an op's operands and results through `rule`. */
void sharc_projection_build(sharc_projection *p, sharc_context *ctx,
                            sharc_attr *const *operand_shardings,
                            sharc_attr *const *result_shardings, const sharc_attr *rule,
                            const sharc_attr *mesh, bool closed_if_missing);
/* The shardings `op`'s operands then results carry (Shardy's getSharding,
 * or getShardingBypassingBarriers when `bypass_barriers`; NULL where none):
 * the array every projection of an op starts from, one slot over so an op
 * without tensors still gets one. The caller frees it. */
sharc_attr **sharc_projection_op_shardings(sharc_op *op, bool bypass_barriers);
/* The same for the shardings `op`'s operands and results carry (Shardy's
 * getSharding of each value). */
void sharc_projection_build_for_op(sharc_projection *p, sharc_op *op, const sharc_attr *rule,
                                   const sharc_attr *mesh, bool closed_if_missing);
/* Every tensor gets the same closed factor shardings, `axes_per_factor[f]`. */
void sharc_projection_build_from_axes(sharc_projection *p, sharc_context *ctx,
                                      const sharc_sdy_axis_vec *axes_per_factor,
                                      const sharc_attr *rule,
                                      const sharc_attr *mesh);
/* Zeroed tensors and factor shardings for the counts `p` holds
 * (num_operands, num_results, num_factors), in the one block
 * sharc_projection_free releases. */
void sharc_projection_alloc_tensors(sharc_projection *p);
void sharc_projection_free(sharc_projection *p);
/* `dst` becomes a deep copy of `src` (freed with sharc_projection_free). */
void sharc_projection_copy(sharc_projection *dst, const sharc_projection *src);

unsigned sharc_projection_num_tensors(const sharc_projection *p);
/* ShardingProjection::operator==: the same factor shardings (axes, closed,
 * minor-most, overflow axes), replicated and unreduced axes and reduction
 * for every operand and result. */
bool sharc_projection_equal(const sharc_projection *a, const sharc_projection *b);
/* The factor sharding of `tensor`, or NULL when the tensor lacks the factor. */
sharc_factor_sharding *sharc_projection_factor(sharc_projection *p, unsigned tensor,
                                               unsigned factor);

/* Sets a factor's axes to `axes` when the current ones are a strict prefix
 * of them; true when changed. `updated` (one flag per tensor, may be NULL)
 * collects which tensors changed. */
bool sharc_projection_expand(sharc_projection *p, unsigned factor, sharc_attr *const *axes,
                             unsigned n, bool *updated);
/* expandShardingAxes of one tensor: sets its factor's axes to `axes` when
 * the current ones are a strict prefix of them; true when changed. */
bool sharc_projection_expand_tensor(sharc_projection *p, unsigned tensor, unsigned factor,
                                    sharc_attr *const *axes, unsigned n);
/* Replaces a factor's axes and overflow axes in every tensor that has it. */
bool sharc_projection_update(sharc_projection *p, unsigned factor, sharc_attr *const *axes,
                             unsigned n, sharc_attr *const *overflow, unsigned n_overflow,
                             bool *updated);
/* Per factor, the greatest common prefix of its axes across all tensors
 * (`out` has num_factors entries, zero-initialized by the caller). */
void sharc_projection_common_prefix(const sharc_projection *p, sharc_sdy_axis_vec *out);
bool sharc_projection_has_overflow(const sharc_projection *p, unsigned tensor);
/* Product of the sizes of every axis sharding the tensor's factors. */
int64_t sharc_projection_sharding_size(const sharc_projection *p, unsigned tensor);

/* Spreads `axes` over the factors `shardings[0..n)` (sizes `factor_sizes`):
 * each axis, or what is left of it, goes to the first factor it shares a
 * divisor with, split into sub-axes as needed; an axis no factor can take
 * and everything after it become the last factor's overflow axes. */
void sharc_distribute_axes(sharc_context *ctx, sharc_factor_sharding *shardings, unsigned n,
                           const int64_t *factor_sizes, sharc_attr *const *axes,
                           unsigned n_axes, const sharc_attr *mesh);

/* Projects a tensor's factor shardings back to a #sdy.sharding on
 * `mesh_or_ref` (the mesh symbol reference or inline mesh to print). */
sharc_attr *sharc_projection_tensor_sharding(const sharc_projection *p, unsigned tensor,
                                             sharc_attr *mesh_or_ref);

#endif

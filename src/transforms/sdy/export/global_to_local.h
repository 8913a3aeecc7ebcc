/* What the files of -sdy-convert-global-to-local share: the state of one
 * run (Shardy's ConversionState and GlobalToLocalTypeConverter), the facts
 * about each op taken before anything changes (the shardings and global
 * types of its operands, as Shardy's patterns read them from the original
 * op), and the rewrites of the sdy collectives and of the StableHLO ops
 * whose attributes hold global shapes. */
#ifndef SHARC_SDY_EXPORT_GLOBAL_TO_LOCAL_H
#define SHARC_SDY_EXPORT_GLOBAL_TO_LOCAL_H

#include "transforms/sdy/export/halo_exchange.h"

typedef struct sharc_g2l_options {
  bool combine_multi_dimension_reduce_scatter;
  bool enable_rgv3;
  int64_t partition_count;
  bool per_dim_all_gather;
  int64_t replica_count;
} sharc_g2l_options;

/* The original operands of one op: their shardings and global types. */
typedef struct sharc_g2l_op_info {
  unsigned num_operands;
  sharc_attr **shardings;
  sharc_type **global_types;
} sharc_g2l_op_info;

typedef struct sharc_g2l_state {
  sharc_halo_state h; /* builders, channel ids, device counts */
  const sharc_g2l_options *opts;
  sharc_ptrmap block_arg_shardings; /* block argument -> sharding */
  sharc_ptrmap infos;               /* op -> sharc_g2l_op_info */
  sharc_arena arena;
  sharc_ptrvec dead; /* ops erased once every op is converted */
  bool failed;
} sharc_g2l_state;

/* The original sharding of operand `i` of `op` (NULL when unsharded). */
sharc_attr *sharc_g2l_operand_sharding(sharc_g2l_state *s, sharc_op *op, unsigned i);
/* The axes sharding dimension `d` of `sharding` (none for a NULL sharding
 * or a dimension it lacks), in the state's arena. */
sharc_attr **sharc_g2l_dim_axes(sharc_g2l_state *s, const sharc_attr *sharding, unsigned d,
                                unsigned *n);
/* The original (global) type of operand `i` of `op`. */
sharc_type *sharc_g2l_operand_type(sharc_g2l_state *s, sharc_op *op, unsigned i);
/* The sharding of a result of an op not yet converted. */
sharc_attr *sharc_g2l_result_sharding(sharc_op *op, unsigned i);
/* getLocalType: `type` divided by `sharding` on its mesh; `type` itself
 * without a sharding or mesh; NULL (with an error at `op`) when a dimension
 * does not divide. */
sharc_type *sharc_g2l_local_type(sharc_g2l_state *s, sharc_op *op, sharc_type *type,
                                 const sharc_attr *sharding);
/* The local type of result `i` of `op`. */
sharc_type *sharc_g2l_local_result_type(sharc_g2l_state *s, sharc_op *op, unsigned i);
/* The mesh of `sharding` (NULL when it has none or names no sdy.mesh). */
sharc_attr *sharc_g2l_mesh(sharc_g2l_state *s, const sharc_attr *sharding);
bool sharc_g2l_fully_replicated(const sharc_attr *sharding);

/* localizeGenericOp: the op keeps its operands (already local), attributes
 * and regions; its results take their local types. */
bool sharc_g2l_localize(sharc_g2l_state *s, sharc_op *op);
/* Replaces `op`'s single result by `v` and erases the op. */
void sharc_g2l_replace(sharc_g2l_state *s, sharc_op *op, sharc_value *v);

/* ---- collectives (global_to_local_collectives.c) ------------------------------ */
/* Replica groups of `axes` on `mesh` (V1 dense groups, or the mesh-axes
 * form under enable-rgv3 when no axis is a sub-axis); `*group_size` gets
 * the size of one group. */
sharc_attr *sharc_g2l_replica_groups(sharc_g2l_state *s, sharc_attr *const *axes, unsigned n,
                                     const sharc_attr *mesh, sharc_attr *mesh_or_ref,
                                     int64_t *group_size);
sharc_attr *sharc_g2l_channel_handle(sharc_g2l_state *s);
/* A stablehlo all_reduce (or reduce_scatter along `scatter_dim` >= 0) `name`
 * of `input` to `type` over `groups`, with the next channel handle, global
 * device ids and a body reducing with the sdy collective `op`'s reduction
 * (at `op`'s location), at the insertion point. */
sharc_value *sharc_g2l_reducing_collective(sharc_g2l_state *s, sharc_op *op, const char *name,
                                           sharc_value *input, sharc_type *type,
                                           sharc_attr *groups, int64_t scatter_dim);
/* getDimensionOffset: a tensor<i64> holding this device's offset along a
 * dimension sharded by `axes` whose shards hold `shard_size` elements. */
sharc_value *sharc_g2l_dimension_offset(sharc_g2l_state *s, sharc_attr *loc,
                                        const sharc_attr *mesh, sharc_attr *const *axes,
                                        unsigned n, int64_t shard_size);
/* emitDynamicSliceForAxes: this device's `local_type` piece of `global`,
 * dimension d sliced by the axes of `dims[d]` (a dimension sharding or an
 * axis-ref list). */
sharc_value *sharc_g2l_dynamic_slice_for_axes(sharc_g2l_state *s, sharc_attr *loc,
                                              sharc_value *global, const sharc_attr *mesh,
                                              sharc_attr *const *dims, sharc_type *local_type);
bool sharc_g2l_all_gather(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_all_reduce(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_all_slice(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_all_to_all(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_collective_permute(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_reduce_scatter(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_constant(sharc_g2l_state *s, sharc_op *op);

/* ---- StableHLO ops with global shape attributes (global_to_local_shlo.c) ----- */
/* Converts `op` when it is one of the StableHLO ops needing more than a
 * type change; `*handled` says whether it was. */
bool sharc_g2l_stablehlo(sharc_g2l_state *s, sharc_op *op, bool *handled);
/* global_to_local_gather.c */
bool sharc_g2l_gather(sharc_g2l_state *s, sharc_op *op);
bool sharc_g2l_scatter(sharc_g2l_state *s, sharc_op *op);

#endif

/* Shardy's export utilities (transforms/export/utils): per-dimension axis
 * lists and their sub-axis alignment, rebuilding a sharding from them,
 * communication-free slice/pad checks, reshape dimension groups, padded
 * divisible types, the device id value, the global mesh, shard indices and
 * mesh symbols, and conversions of sdy meshes/axes to StableHLO's. */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_UTILS_H
#define SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_UTILS_H

#include "dialect/sdy/axes.h"
#include "ir/ir_internal.h"

/* ---- axes per dimension ---------------------------------------------------- */
/* getAxesPerDim: `out[d]` (rank entries, each cleared first) becomes the
 * axes of dimension d. */
void sharc_sdy_axes_per_dim(const sharc_attr *sharding, sharc_sdy_axis_vec *out);
/* Frees `rank` axis lists (not the array). */
void sharc_sdy_axes_per_dim_free(sharc_sdy_axis_vec *axes_per_dim, unsigned rank);
/* Every axis of `axes_per_dim`, sorted by AxisRefAttr's operator< (appended
 * to `out`). */
void sharc_sdy_axes_per_dim_ordered(const sharc_sdy_axis_vec *axes_per_dim, unsigned rank,
                                    sharc_sdy_axis_vec *out);
/* alignSubAxesByDecomposition(axes, orderedOtherAxes, mesh): an axis of
 * `axes` that overlaps but is not contained in one of `ordered_others`
 * (sorted by sharc_sdy_axis_less) is replaced in place by the sub-axes that
 * form it (prefix, overlap, suffix). */
void sharc_sdy_align_sub_axes(sharc_context *ctx, sharc_sdy_axis_vec *axes,
                              sharc_attr *const *ordered_others, unsigned n,
                              const sharc_attr *mesh);
/* The same for every dimension of `axes_per_dim`. */
void sharc_sdy_align_sub_axes_per_dim(sharc_context *ctx, sharc_sdy_axis_vec *axes_per_dim,
                                      unsigned rank, sharc_attr *const *ordered_others, unsigned n,
                                      const sharc_attr *mesh);
/* alignSubAxesByDecomposition(inAxesPerDim, outAxesPerDim, mesh): each side
 * aligned against the other's axes (both orders taken before any change). */
void sharc_sdy_align_sub_axes_in_out(sharc_context *ctx, sharc_sdy_axis_vec *in_axes,
                                     unsigned in_rank, sharc_sdy_axis_vec *out_axes,
                                     unsigned out_rank, const sharc_attr *mesh);
/* updateSharding: `sharding` with dimension d's axes replaced by
 * `axes_per_dim[d]`; closedness, priorities, replicated and unreduced axes
 * and the reduction kept. */
sharc_attr *sharc_sdy_update_sharding(sharc_context *ctx, const sharc_attr *sharding,
                                      const sharc_sdy_axis_vec *axes_per_dim);

/* ---- communication-free checks -------------------------------------------- */
/* isCommunicationFreeSliceDim of a stablehlo.slice whose operand and result
 * share `sharding`. */
bool sharc_sdy_is_comm_free_slice_dim(unsigned dim, sharc_op *slice, const sharc_attr *sharding,
                                      const sharc_attr *mesh);
/* isCommunicationFreePadDim of a stablehlo.pad. */
bool sharc_sdy_is_comm_free_pad_dim(unsigned dim, sharc_op *pad, const sharc_attr *sharding,
                                    const sharc_attr *mesh);

/* ---- reshape groups (ReshapeGroupInfo) ------------------------------------- */
/* A contiguous group of input and output dimensions of a reshape whose
 * volumes match: [in_start, in_last) and [out_start, out_last). */
typedef struct sharc_sdy_reshape_group {
  int64_t in_start, in_last, out_start, out_last;
  int64_t in_nontrivial, out_nontrivial; /* dimensions of size != 1 */
} sharc_sdy_reshape_group;
typedef SHARC_VEC(sharc_sdy_reshape_group) sharc_sdy_reshape_groups;

/* buildReshapeGroupInfos of two static tensor types (appended to `out`). */
void sharc_sdy_build_reshape_groups(const sharc_type *in, const sharc_type *out_type,
                                    sharc_sdy_reshape_groups *out);
static inline bool sharc_sdy_reshape_group_is_split(const sharc_sdy_reshape_group *g) {
  return g->in_nontrivial <= 1 && g->out_nontrivial > 1;
}
static inline bool sharc_sdy_reshape_group_is_combine(const sharc_sdy_reshape_group *g) {
  return g->in_nontrivial > 1 && g->out_nontrivial <= 1;
}
static inline bool sharc_sdy_reshape_group_is_passthrough(const sharc_sdy_reshape_group *g) {
  return g->in_nontrivial <= 1 && g->out_nontrivial <= 1;
}
static inline bool sharc_sdy_reshape_group_is_neither(const sharc_sdy_reshape_group *g) {
  return g->in_nontrivial > 1 && g->out_nontrivial > 1;
}
/* hasIndivisibility from padded shapes: a dimension of the group whose
 * padded size differs from the type's. */
bool sharc_sdy_reshape_group_padded_indivisible(const sharc_sdy_reshape_group *g,
                                                const int64_t *padded_in, const int64_t *padded_out,
                                                const sharc_type *in, const sharc_type *out);
/* hasIndivisibility from shardings: a dimension of the group not divisible
 * by its sharded size. */
bool sharc_sdy_reshape_group_sharding_indivisible(const sharc_sdy_reshape_group *g,
                                                  const sharc_attr *in_sharding,
                                                  const sharc_attr *out_sharding,
                                                  const sharc_attr *mesh, const sharc_type *in,
                                                  const sharc_type *out);
/* getAllAxisRefs: the axes of the group's input dims, then output dims. */
void sharc_sdy_reshape_group_axes(const sharc_sdy_reshape_group *g, const sharc_attr *in_sharding,
                                  const sharc_attr *out_sharding, sharc_sdy_axis_vec *out);
int64_t sharc_sdy_reshape_group_in_volume(const sharc_sdy_reshape_group *g, const int64_t *shape);
int64_t sharc_sdy_reshape_group_out_volume(const sharc_sdy_reshape_group *g, const int64_t *shape);
/* isCommunicationFreeReshape: the shardings are equivalent across the
 * reshape exactly, or up to padding when every group is a passthrough. */
bool sharc_sdy_is_comm_free_reshape(sharc_op *reshape, const sharc_attr *in_sharding,
                                    const sharc_attr *out_sharding, const sharc_type *in_type,
                                    const sharc_type *out_type, const sharc_sdy_reshape_group *groups,
                                    unsigned num_groups);

/* ---- types, meshes, devices ------------------------------------------------- */
/* getDivisiblePaddedType: each dimension sharded by the axes of `sharding`
 * (only those named in `allowed`, when `allowed` is not NULL) padded up to a
 * multiple of its shard count; `type` itself when nothing changes, it is
 * not a ranked tensor, the sharding is NULL or fully replicated, or its mesh
 * is unknown (looked up from `from`). */
sharc_type *sharc_sdy_divisible_padded_type(sharc_type *type, const sharc_attr *sharding,
                                            sharc_op *from, const sharc_str *allowed,
                                            unsigned num_allowed);
/* getGlobalMeshOp: the first sdy.mesh of `module` that is not maximal and
 * has axes, or NULL. */
sharc_op *sharc_sdy_global_mesh_op(sharc_op *module);
/* getShardIndex: the position of device `device_id` along a dimension
 * sharded by `axes`; -1 when the device is not in the mesh (Shardy's
 * SDY_CHECK). */
int64_t sharc_sdy_shard_index(int64_t device_id, const sharc_attr *mesh, sharc_attr *const *axes,
                              unsigned n);
/* getOrCreateMeshSymbol: `@name` for a reference as is; for an inline mesh
 * the global mesh's or an equal sdy.mesh's name, else a new `sdy.mesh
 * @mesh` (renamed if taken) inserted first in `module` at `loc`. NULL for
 * anything else. */
sharc_attr *sharc_sdy_get_or_create_mesh_symbol(sharc_rewriter *rw, sharc_op *module,
                                                sharc_attr *mesh_or_ref, sharc_attr *loc);
/* getDeviceId: a scalar tensor<i64> holding the replica id (replica_count >
 * 1) or partition id, created at the rewriter's insertion point; NULL when
 * both counts exceed 1, which Shardy does not support. */
sharc_value *sharc_sdy_create_device_id(sharc_rewriter *rw, int64_t replica_count,
                                        int64_t partition_count, sharc_attr *loc);
/* The message Shardy's check gives for that case. */
#define SHARC_SDY_DEVICE_ID_UNSUPPORTED                                                            \
  "Shardy partitioner does not support replica_count > 1 && partition_count > 1 yet."
/* convertMeshAttr: #stablehlo.mesh<axes=[...], device_ids=...> of an sdy
 * mesh. */
sharc_attr *sharc_sdy_to_stablehlo_mesh(sharc_context *ctx, const sharc_attr *mesh);
/* convertAxisRefAttr: #stablehlo.axis_ref<name = "x", sub_axis_info = ...>. */
sharc_attr *sharc_sdy_to_stablehlo_axis_ref(sharc_context *ctx, const sharc_attr *axis);

/* ---- building ops ------------------------------------------------------------- */
/* Creates an op of definition `def` at the rewriter's insertion point. */
sharc_op *sharc_sdy_export_create(sharc_rewriter *rw, const sharc_op_def *def, sharc_attr *loc,
                                  sharc_value *const *operands, unsigned num_operands,
                                  sharc_type *const *result_types, unsigned num_results,
                                  sharc_attr *attrs, unsigned num_regions);
/* getNextChannelId: one past the largest channel handle in the module. */
int64_t sharc_sdy_next_channel_id(sharc_op *module);
/* A splat zero of a ranked tensor type (Builder::getZeroAttr). */
sharc_attr *sharc_sdy_zero_elements(sharc_context *ctx, sharc_type *tensor_type);

#endif

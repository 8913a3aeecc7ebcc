/* Helpers the export passes share (Shardy's transforms/export/utils): axis
 * lists per dimension aligned on common sub-axes, device and shard indices,
 * communication-free slices, pads and reshapes of sharded tensors. */
#ifndef SHARC_SDY_EXPORT_EXPORT_UTILS_H
#define SHARC_SDY_EXPORT_EXPORT_UTILS_H

#include "dialect/sdy/axes.h"
#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* ---- axes per dimension ------------------------------------------------------
 * Shardy's AxisList is a std::list; here it is a sharc_sdy_axis_vec (the
 * lists are as long as a mesh has axes, so inserting in the middle is
 * cheap). */

/* getAxesPerDim: `out[d]` (rank entries, zero-initialized by the caller)
 * becomes a copy of dimension d's axes. */
void sharc_sdy_get_axes_per_dim(const sharc_attr *sharding, sharc_sdy_axis_vec *out);

/* alignSubAxesByDecomposition(axes, orderedOtherAxes): an axis of `axes`
 * that overlaps, without being contained in, an axis of `ordered` (sorted
 * with sharc_sdy_axis_less) is replaced by its pieces: the part before the
 * overlap, the overlap, and the part after. */
void sharc_sdy_align_sub_axes_by_decomposition(sharc_context *ctx, sharc_sdy_axis_vec *axes,
                                               sharc_attr *const *ordered, unsigned n,
                                               const sharc_attr *mesh);
/* The same for each of the `rank` lists of `axes_per_dim`. */
void sharc_sdy_align_sub_axes_by_decomposition_per_dim(sharc_context *ctx,
                                                       sharc_sdy_axis_vec *axes_per_dim,
                                                       unsigned rank, sharc_attr *const *ordered,
                                                       unsigned n, const sharc_attr *mesh);
/* Aligns `in` on the axes of `out` and `out` on those of `in` (both with
 * `rank` lists), so that any two axes of them that overlap are equal. */
void sharc_sdy_align_sub_axes_by_decomposition_in_out(sharc_context *ctx, sharc_sdy_axis_vec *in,
                                                      sharc_sdy_axis_vec *out, unsigned rank,
                                                      const sharc_attr *mesh);

/* ---- devices and shards ------------------------------------------------------ */
/* getShardIndex: the index, along a dimension sharded by `axes`, of the
 * shard device `device_id` holds (a logical index through the mesh's device
 * ids); -1 when the mesh has no such device. */
int64_t sharc_sdy_get_shard_index(int64_t device_id, const sharc_attr *mesh,
                                  sharc_attr *const *axes, unsigned n);
/* getDeviceId: a scalar i64 tensor holding the device id, created through
 * `rw` at `loc` (stablehlo.replica_id when there are several replicas,
 * else stablehlo.partition_id, converted to i64); NULL, creating nothing,
 * when both counts exceed one (which Shardy does not support). */
sharc_value *sharc_sdy_get_device_id(sharc_rewriter *rw, int64_t replica_count,
                                     int64_t partition_count, sharc_attr *loc);

/* ---- communication-free ops --------------------------------------------------- */
/* isCommunicationFreeSliceDim: dimension `dim` of a stablehlo.slice whose
 * operand and result share `sharding`. */
bool sharc_sdy_is_communication_free_slice_dim(int64_t dim, sharc_op *slice,
                                               const sharc_attr *sharding, const sharc_attr *mesh);
/* isCommunicationFreePadDim: likewise for a stablehlo.pad. */
bool sharc_sdy_is_communication_free_pad_dim(int64_t dim, sharc_op *pad, const sharc_attr *sharding,
                                             const sharc_attr *mesh);

/* ReshapeGroupInfo: a run of input dimensions and a run of output
 * dimensions of a reshape with the same number of elements. */
typedef struct sharc_sdy_reshape_group_info {
  int64_t in_start_dim, in_last_dim, out_start_dim, out_last_dim; /* [start, last) */
  int64_t num_in_nontrivial_dims, num_out_nontrivial_dims;        /* dimensions of size != 1 */
} sharc_sdy_reshape_group_info;
typedef SHARC_VEC(sharc_sdy_reshape_group_info) sharc_sdy_reshape_group_info_vec;

bool sharc_sdy_reshape_group_info_is_split(const sharc_sdy_reshape_group_info *g);
bool sharc_sdy_reshape_group_info_is_combine(const sharc_sdy_reshape_group_info *g);
bool sharc_sdy_reshape_group_info_is_passthrough(const sharc_sdy_reshape_group_info *g);
bool sharc_sdy_reshape_group_info_is_neither(const sharc_sdy_reshape_group_info *g);
/* hasIndivisibility (padded shapes): a dimension of the group whose padded
 * size differs from its size. */
bool sharc_sdy_reshape_group_info_has_indivisibility_padded(const sharc_sdy_reshape_group_info *g,
                                                            const int64_t *padded_in,
                                                            const int64_t *padded_out,
                                                            const sharc_type *in_type,
                                                            const sharc_type *out_type);
/* hasIndivisibility (shardings): a dimension of the group whose size the
 * product of its axis sizes does not divide. */
bool sharc_sdy_reshape_group_info_has_indivisibility(const sharc_sdy_reshape_group_info *g,
                                                     const sharc_attr *in_sharding,
                                                     const sharc_attr *out_sharding,
                                                     const sharc_attr *mesh,
                                                     const sharc_type *in_type,
                                                     const sharc_type *out_type);
/* getAllAxisRefs: the axes of the group's input, then output dimensions. */
void sharc_sdy_reshape_group_info_get_all_axis_refs(const sharc_sdy_reshape_group_info *g,
                                                    const sharc_attr *in_sharding,
                                                    const sharc_attr *out_sharding,
                                                    sharc_sdy_axis_vec *out);
int64_t sharc_sdy_reshape_group_info_get_in_volume(const sharc_sdy_reshape_group_info *g,
                                                   const int64_t *shape);
int64_t sharc_sdy_reshape_group_info_get_out_volume(const sharc_sdy_reshape_group_info *g,
                                                    const int64_t *shape);
/* buildReshapeGroupInfos: the groups of a reshape from `in` to `out`. */
void sharc_sdy_build_reshape_group_infos(const sharc_type *in, const sharc_type *out,
                                         sharc_sdy_reshape_group_info_vec *groups);
/* isCommunicationFreeReshape: the shardings are equivalent across the
 * reshape (exactly, or up to padding with passthrough groups only). */
bool sharc_sdy_is_communication_free_reshape(sharc_op *reshape, const sharc_attr *in_sharding,
                                             const sharc_attr *out_sharding,
                                             const sharc_type *in_type, const sharc_type *out_type,
                                             const sharc_sdy_reshape_group_info *groups,
                                             unsigned num_groups);

#endif

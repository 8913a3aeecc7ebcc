/* Device d's block of a sharded tensor: the one place that says which part
 * of a tensor a device holds, read by the partitioner (local shapes, offset
 * tables, replica groups), the report (shard shapes, `show`, byte figures)
 * and `sharc verify` (slicing inputs, reassembling results). Devices are
 * named by their mesh position (row-major over the mesh axes) or by their
 * device id (the mesh's explicit device_ids at that position, else the
 * position itself); sub-axes split an axis major to minor, so on x=8
 * "x":(1)2 is x / 4 and "x":(4)2 is x mod 2. A dimension of n elements cut
 * into k blocks has blocks of ceil(n / k) elements; the last ones are
 * shorter or empty, as the partitioner pads them. */
#ifndef SHARC_DIALECT_SDY_DEVICE_BLOCK_H
#define SHARC_DIALECT_SDY_DEVICE_BLOCK_H

#include "sharc/sdy.h"

/* The device id at mesh position `pos` (the position itself without
 * explicit device ids). */
int64_t sharc_sdy_mesh_device_at(const sharc_attr *mesh, int64_t pos);
/* The mesh position of device `device_id`; -1 when the mesh has no such
 * device. */
int64_t sharc_sdy_mesh_position_of(const sharc_attr *mesh, int64_t device_id);
/* The coordinate along mesh axis number `a` of the device at mesh position
 * `pos` (row-major). */
int64_t sharc_sdy_mesh_coord(const sharc_attr *mesh, int64_t pos, unsigned a);
/* The coordinate of the device at mesh position `pos` along the (sub-)axis
 * `ref`; -1 when the mesh lacks the axis or the sub-axis does not fit it. */
int64_t sharc_sdy_axis_coord(const sharc_attr *mesh, int64_t pos, const sharc_attr *ref);
/* The index of the block the device at `pos` holds along a dimension
 * sharded by `axes` (major to minor); -1 as for sharc_sdy_axis_coord. */
int64_t sharc_sdy_axes_block_index(const sharc_attr *mesh, int64_t pos, sharc_attr *const *axes,
                                   unsigned n);
/* sharc_sdy_axes_block_index over the axes of a dimension sharding. */
int64_t sharc_sdy_dim_block_index(const sharc_attr *dim, const sharc_attr *mesh, int64_t pos);
/* Number of blocks a dimension sharding cuts its dimension into. */
int64_t sharc_sdy_dim_num_blocks(const sharc_attr *dim, const sharc_attr *mesh);
/* [*begin, *end) of block `b` of a dimension of `size` cut into `k` blocks
 * of ceil(size / k) elements. */
void sharc_sdy_block_range(int64_t size, int64_t k, int64_t b, int64_t *begin, int64_t *end);

/* The block of a tensor of `shape` (rank `rank`) sharded by `sharding`
 * (NULL: replicated; dimensions past the sharding's rank are whole) that
 * the device at mesh position `pos` holds: per dimension its first index
 * (`offsets`), the elements it really holds (`sizes`) and the size of its
 * local tensor, padded (`local`, ceil(n / k)); each array may be NULL.
 * Returns false when a sharding axis is not in the mesh. */
bool sharc_sdy_device_block(const sharc_attr *sharding, const sharc_attr *mesh, int64_t pos,
                            const int64_t *shape, unsigned rank, int64_t *offsets,
                            int64_t *sizes, int64_t *local);

#endif

/* Device d's block of a sharded tensor (see device_block.h): mesh positions
 * and device ids, (sub-)axis coordinates, and per-dimension block ranges. */
#include "dialect/sdy/device_block.h"

#include "support/checked.h"

int64_t sharc_sdy_mesh_device_at(const sharc_attr *mesh, int64_t pos) {
  unsigned n = mesh ? sharc_sdy_mesh_num_device_ids(mesh) : 0;
  if (n && pos >= 0 && pos < (int64_t)n)
    return sharc_sdy_mesh_device_id(mesh, (unsigned)pos);
  return pos;
}

int64_t sharc_sdy_mesh_position_of(const sharc_attr *mesh, int64_t device_id) {
  if (!mesh)
    return -1;
  unsigned n = sharc_sdy_mesh_num_device_ids(mesh);
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_mesh_device_id(mesh, i) == device_id)
      return i;
  if (n)
    return -1;
  return device_id >= 0 && device_id < sharc_sdy_mesh_total_size(mesh) ? device_id : -1;
}

int64_t sharc_sdy_mesh_coord(const sharc_attr *mesh, int64_t pos, unsigned a) {
  int64_t minor = 1;
  for (unsigned k = a + 1; k < sharc_sdy_mesh_num_axes(mesh); k++)
    minor = sharc_mul_wrap(minor, sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, k)));
  int64_t size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, a));
  return minor > 0 && size > 0 ? (pos / minor) % size : 0;
}

int64_t sharc_sdy_axis_coord(const sharc_attr *mesh, int64_t pos, const sharc_attr *ref) {
  int a = mesh ? sharc_sdy_mesh_axis_index(mesh, sharc_sdy_axis_ref_name(ref)) : -1;
  if (a < 0)
    return -1;
  int64_t c = sharc_sdy_mesh_coord(mesh, pos, (unsigned)a);
  const sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(ref);
  if (!info)
    return c;
  int64_t axis_size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, (unsigned)a));
  int64_t pre = sharc_sdy_sub_axis_info_pre_size(info), size = sharc_sdy_sub_axis_info_size(info);
  int64_t covered = sharc_mul_wrap(pre, size);
  if (pre <= 0 || size <= 0 || covered <= 0 || axis_size % covered != 0)
    return -1;
  /* major to minor: `pre` parts come before this one, the rest after it */
  return (c / (axis_size / covered)) % size;
}

int64_t sharc_sdy_axes_block_index(const sharc_attr *mesh, int64_t pos, sharc_attr *const *axes,
                                   unsigned n) {
  int64_t index = 0;
  for (unsigned i = 0; i < n; i++) {
    int64_t size = sharc_sdy_axis_ref_size(axes[i], mesh);
    int64_t c = sharc_sdy_axis_coord(mesh, pos, axes[i]);
    if (size <= 0 || c < 0)
      return -1;
    index = sharc_mul_wrap(index, size) + c;
  }
  return index;
}

int64_t sharc_sdy_dim_num_blocks(const sharc_attr *dim, const sharc_attr *mesh) {
  int64_t k = 1;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
    int64_t s = sharc_sdy_axis_ref_size(sharc_sdy_dim_sharding_axis(dim, i), mesh);
    if (s > 0 && k <= INT64_MAX / s)
      k *= s;
  }
  return k;
}

void sharc_sdy_block_range(int64_t size, int64_t k, int64_t b, int64_t *begin, int64_t *end) {
  int64_t shard = k > 0 ? (size + k - 1) / k : size;
  int64_t first = sharc_mul_wrap(b, shard);
  *begin = first >= 0 && first < size ? first : size;
  *end = *begin + shard < size ? *begin + shard : size;
}

int64_t sharc_sdy_dim_block_index(const sharc_attr *dim, const sharc_attr *mesh, int64_t pos) {
  int64_t index = 0;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
    const sharc_attr *ref = sharc_sdy_dim_sharding_axis(dim, i);
    int64_t size = sharc_sdy_axis_ref_size(ref, mesh);
    int64_t c = sharc_sdy_axis_coord(mesh, pos, ref);
    if (size <= 0 || c < 0)
      return -1;
    index = sharc_mul_wrap(index, size) + c;
  }
  return index;
}

bool sharc_sdy_device_block(const sharc_attr *sharding, const sharc_attr *mesh, int64_t pos,
                            const int64_t *shape, unsigned rank, int64_t *offsets,
                            int64_t *sizes, int64_t *local) {
  unsigned srank = sharding ? sharc_sdy_tensor_sharding_rank(sharding) : 0;
  bool ok = true;
  for (unsigned d = 0; d < rank; d++) {
    int64_t n = shape[d], k = 1, b = 0;
    if (d < srank && n >= 0) {
      const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
      k = sharc_sdy_dim_num_blocks(dim, mesh);
      b = sharc_sdy_dim_block_index(dim, mesh, pos);
      if (b < 0) {
        ok = false;
        b = 0;
      }
    }
    int64_t begin = 0, end = n;
    if (n >= 0)
      sharc_sdy_block_range(n, k, b, &begin, &end);
    if (offsets)
      offsets[d] = begin;
    if (sizes)
      sizes[d] = end - begin;
    if (local)
      local[d] = n >= 0 && k > 0 ? (n + k - 1) / k : n;
  }
  return ok;
}

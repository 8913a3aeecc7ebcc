/* Halo exchange for stablehlo.pad, stablehlo.slice and stablehlo.reverse
 * on sharded dimensions: inside an sdy.manual_computation, each device
 * gathers the neighbouring shards it needs with collective permutes,
 * concatenates and pads them, and cuts its own piece at an offset computed
 * from its device id (Shardy's resolve_permutation_factors). */
#include "transforms/sdy/export/halo_internal.h"

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "sharc/symbols.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/manual_computation.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/propagation/utils.h"

#include <stdlib.h>
#include <string.h>

int64_t sharc_halo_divide_ceil(int64_t a, int64_t b) { return b ? a / b + (a % b != 0) : 0; }

int64_t sharc_halo_padded_dim_size(int64_t size, int64_t count) {
  return sharc_halo_divide_ceil(size, count) * count;
}

static int64_t divide_floor(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static int64_t mod_positive(int64_t a, int64_t b) {
  int64_t m = a % b;
  return m < 0 ? m + b : m;
}

/* memcpy of `n` sizes; rank-0 shapes may be NULL, which memcpy must not see. */
static void copy_i64(int64_t *dst, const int64_t *src, size_t n) {
  if (n)
    memcpy(dst, src, n * sizeof *dst);
}

static int64_t *alloc_i64(size_t n) {
  int64_t *p = sharc_xcalloc(n + 1, sizeof *p);
  return p;
}

/* ---- mesh coordinates ------------------------------------------------------------- */

/* getMeshCoordinates: a linear device index as one coordinate per mesh axis. */
static void mesh_coordinates(int64_t index, const sharc_attr *mesh, int64_t *coords) {
  for (unsigned j = sharc_sdy_mesh_num_axes(mesh); j-- > 0;) {
    int64_t size = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, j));
    coords[j] = size ? index % size : 0;
    index = size ? index / size : 0;
  }
}

static int64_t linear_index(const int64_t *coords, const sharc_attr *mesh) {
  int64_t index = 0, multiplier = 1;
  for (unsigned j = sharc_sdy_mesh_num_axes(mesh); j-- > 0;) {
    index += coords[j] * multiplier;
    multiplier *= sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, j));
  }
  return index;
}

/* Where a (sub-)axis sits in its mesh axis: the mesh axis, its size, and
 * the stride of the sub-axis's coordinate within the axis coordinate. */
typedef struct axis_place {
  int index;
  int64_t size, post;
} axis_place;

static axis_place place_of(const sharc_attr *axis, const sharc_attr *mesh) {
  axis_place p = {sharc_sdy_mesh_axis_index(mesh, sharc_sdy_axis_ref_name(axis)), 0, 1};
  int64_t full = sharc_sdy_mesh_size_of(mesh, sharc_sdy_axis_ref_name(axis));
  p.size = sharc_sdy_axis_ref_size(axis, mesh);
  int64_t denom = sharc_sdy_axis_pre_size(axis) * p.size;
  p.post = denom ? full / denom : 1;
  if (p.post == 0)
    p.post = 1;
  return p;
}

static int64_t device_id_at(const sharc_attr *mesh, int64_t i) {
  return sharc_sdy_mesh_num_device_ids(mesh) ? sharc_sdy_mesh_device_id(mesh, (unsigned)i) : i;
}

/* getDataShiftSourceTargetPairs: for every device, the device `offset`
 * shards further along the dimension sharded by `axes` (carrying from minor
 * to major axes), when there is one. */
static void shift_pairs(const sharc_attr *mesh, sharc_attr *const *axes, unsigned n, int64_t offset,
                        sharc_i64_vec *pairs) {
  unsigned num_axes = sharc_sdy_mesh_num_axes(mesh);
  int64_t total = sharc_sdy_mesh_total_size(mesh);
  int64_t *coords = alloc_i64(num_axes), *next = alloc_i64(num_axes);
  for (int64_t i = 0; i < total; i++) {
    mesh_coordinates(i, mesh, coords);
    copy_i64(next, coords, num_axes);
    int64_t carry = offset;
    for (unsigned k = n; k-- > 0 && carry != 0;) {
      axis_place p = place_of(axes[k], mesh);
      if (p.index < 0 || p.size <= 0)
        continue;
      int64_t sub = (coords[p.index] / p.post) % p.size;
      int64_t moved = sub + carry;
      carry = divide_floor(moved, p.size);
      next[p.index] += (mod_positive(moved, p.size) - sub) * p.post;
    }
    if (carry != 0)
      continue;
    sharc_vec_push(pairs, device_id_at(mesh, i));
    sharc_vec_push(pairs, device_id_at(mesh, linear_index(next, mesh)));
  }
  free(coords);
  free(next);
}

/* getMeshWithReversedAxes: the mesh whose device order along `axes` is
 * reversed. */
static sharc_attr *mesh_with_reversed_axes(sharc_context *ctx, const sharc_attr *mesh,
                                           sharc_attr *const *axes, unsigned n) {
  unsigned num_axes = sharc_sdy_mesh_num_axes(mesh);
  int64_t total = sharc_sdy_mesh_total_size(mesh);
  int64_t *coords = alloc_i64(num_axes), *moved = alloc_i64(num_axes);
  int64_t *ids = alloc_i64((size_t)total);
  for (int64_t i = 0; i < total; i++) {
    mesh_coordinates(i, mesh, coords);
    copy_i64(moved, coords, num_axes);
    for (unsigned k = 0; k < n; k++) {
      axis_place p = place_of(axes[k], mesh);
      if (p.index < 0 || p.size <= 0)
        continue;
      int64_t sub = (coords[p.index] / p.post) % p.size;
      moved[p.index] += (p.size - 1 - sub - sub) * p.post;
    }
    ids[i] = device_id_at(mesh, linear_index(moved, mesh));
  }
  sharc_attr **mesh_axes = sharc_xmalloc_array(num_axes + 1, sizeof *mesh_axes);
  for (unsigned j = 0; j < num_axes; j++)
    mesh_axes[j] = sharc_sdy_mesh_axis(mesh, j);
  sharc_attr *result = sharc_sdy_mesh_get(ctx, mesh_axes, num_axes, ids, (unsigned)total);
  free(mesh_axes);
  free(coords);
  free(moved);
  free(ids);
  return result;
}

/* getOrCreateMesh: an existing sdy.mesh op with this mesh, or a new one
 * named `base` (made unique) at the start of the module. */
static sharc_op *get_or_create_mesh(sharc_halo_state *s, sharc_attr *loc, sharc_attr *mesh,
                                    sharc_str base) {
  sharc_op *op = sharc_ptrmap_get(&s->mesh_cache, mesh);
  if (op)
    return op;
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(s->ctx, SHARC_STR("mesh")), mesh},
      {sharc_ident_get(s->ctx, SHARC_STR("sym_name")), sharc_attr_string(s->ctx, base)},
  };
  sharc_op_state st = {
      .name = sharc_ident_get(s->ctx, SHARC_STR("sdy.mesh")),
      .loc = loc,
      .attrs = sharc_attr_dictionary(s->ctx, attrs, 2),
  };
  op = sharc_op_create(s->ctx, &st);
  sharc_block *body = sharc_region_first_block(sharc_op_region(s->module, 0));
  sharc_rw_insert_symbol_before(&s->rw, s->module, op, sharc_block_first_op(body),
                                &s->symbol_counter);
  sharc_ptrmap_put(&s->mesh_cache, mesh, op);
  return op;
}

/* ---- device ids and offsets ---------------------------------------------------------- */

static sharc_value *device_id(sharc_halo_state *s, sharc_attr *loc) {
  sharc_value *id = sharc_sdy_create_device_id(&s->rw, s->replica_count, s->partition_count, loc);
  if (!id && !s->failed) {
    sharc_emit(s->ctx, SHARC_SEV_ERROR, loc, SHARC_SDY_DEVICE_ID_UNSUPPORTED);
    s->failed = true;
  }
  return id;
}

/* How far apart, in logical device positions, two neighbouring coordinates
 * of `axis` are: the sizes of the mesh axes after its own, times what
 * follows the sub-axis inside it. */
static int64_t axis_stride(const sharc_attr *axis, const sharc_attr *mesh) {
  sharc_str name = sharc_sdy_axis_ref_name(axis);
  int64_t suffix = 1;
  bool found = false;
  for (unsigned j = 0; j < sharc_sdy_mesh_num_axes(mesh); j++) {
    sharc_attr *mesh_axis = sharc_sdy_mesh_axis(mesh, j);
    if (found)
      suffix *= sharc_sdy_mesh_axis_size(mesh_axis);
    found = found || sharc_str_eq(sharc_sdy_mesh_axis_name(mesh_axis), name);
  }
  return suffix * place_of(axis, mesh).post;
}

/* getShardIndex for the device at logical position `logical` (-1: none). */
static int64_t shard_index_of_logical(int64_t logical, const sharc_attr *mesh,
                                      sharc_attr *const *axes, unsigned n) {
  if (logical < 0)
    return -1;
  int64_t index = 0;
  for (unsigned k = 0; k < n; k++) {
    axis_place p = place_of(axes[k], mesh);
    int64_t divisor = axis_stride(axes[k], mesh);
    int64_t coord = divisor && p.size ? (logical / divisor) % p.size : 0;
    index = index * p.size + coord;
  }
  return index;
}

/* convertPartitionIdToIdInGroup: the index, along the dimension sharded
 * by `axes`, of the shard the device holds: a table lookup for meshes with
 * device ids, arithmetic on the id otherwise. */
static sharc_value *id_in_group(sharc_halo_state *s, sharc_attr *loc, sharc_value *id,
                                const sharc_attr *mesh, sharc_attr *const *axes, unsigned n) {
  sharc_context *ctx = s->ctx;
  sharc_type *i64 = sharc_halo_i64(ctx);
  int64_t total = sharc_sdy_mesh_total_size(mesh);
  if (sharc_sdy_mesh_num_device_ids(mesh)) {
    /* getShardIndex of every device id, through the inverse of the ids */
    int64_t *logical = alloc_i64((size_t)total), *indices = alloc_i64((size_t)total);
    for (int64_t i = 0; i < total; i++)
      logical[i] = -1;
    for (int64_t i = 0; i < total; i++) {
      int64_t dev = sharc_sdy_mesh_device_id(mesh, (unsigned)i);
      if (dev >= 0 && dev < total && logical[dev] < 0)
        logical[dev] = i;
    }
    for (int64_t dev = 0; dev < total; dev++)
      indices[dev] = shard_index_of_logical(logical[dev], mesh, axes, n);
    free(logical);
    sharc_value *table = sharc_halo_const_i64_1d(s, loc, indices, (unsigned)total);
    free(indices);
    int64_t one = 1;
    sharc_value *slice =
        sharc_halo_dynamic_slice(s, loc, sharc_halo_tensor(ctx, &one, 1, i64), table, &id, 1, &one);
    return sharc_halo_reshape(s, loc, sharc_halo_tensor(ctx, NULL, 0, i64), slice);
  }
  sharc_value *result = NULL;
  for (unsigned k = 0; k < n; k++) {
    int64_t size = sharc_sdy_axis_ref_size(axes[k], mesh);
    int64_t divisor = axis_stride(axes[k], mesh);
    sharc_value *coord = id;
    if (divisor > 1)
      coord = sharc_halo_binary(s, "stablehlo.divide", loc, coord,
                                sharc_halo_const_i64(s, loc, divisor));
    if (size < total)
      coord = sharc_halo_binary(s, "stablehlo.remainder", loc, coord,
                                sharc_halo_const_i64(s, loc, size));
    if (!result) {
      result = coord;
    } else {
      result = sharc_halo_binary(s, "stablehlo.multiply", loc, result,
                                 sharc_halo_const_i64(s, loc, size));
      result = sharc_halo_binary(s, "stablehlo.add", loc, result, coord);
    }
  }
  return result ? result : sharc_halo_const_i64(s, loc, 0);
}

/* getDeviceOffsetInfo: max(id * diff + base, 0), and that divided by the
 * base dilation when `need_undilated`. */
typedef struct device_offset {
  sharc_value *dilated, *undilated, *zero;
} device_offset;

static device_offset device_offset_of(sharc_halo_state *s, sharc_attr *loc, sharc_value *id,
                                      int64_t diff, int64_t base, int64_t base_dilation,
                                      bool need_undilated) {
  sharc_value *diff_val = sharc_halo_const_i64(s, loc, diff);
  sharc_value *base_val = sharc_halo_const_i64(s, loc, base);
  sharc_value *in_partition = sharc_halo_binary(s, "stablehlo.multiply", loc, id, diff_val);
  device_offset o = {sharc_halo_binary(s, "stablehlo.add", loc, in_partition, base_val), NULL,
                     NULL};
  o.zero = sharc_halo_const_i64(s, loc, 0);
  o.dilated = sharc_halo_binary(s, "stablehlo.maximum", loc, o.dilated, o.zero);
  if (need_undilated)
    o.undilated = base_dilation == 1
                      ? o.dilated
                      : sharc_halo_binary(s, "stablehlo.divide", loc, o.dilated,
                                          sharc_halo_const_i64(s, loc, base_dilation));
  return o;
}

/* ---- exchange info --------------------------------------------------------------------- */

void sharc_halo_data_exchange_free(sharc_halo_data_exchange *info) {
  for (unsigned i = 0; i < info->dims.len; i++)
    sharc_vec_free(&info->dims.items[i].shards);
  sharc_vec_free(&info->dims);
  sharc_vec_free(&info->divisible_shape);
  sharc_vec_free(&info->manual);
}

bool sharc_halo_needs_comm(const sharc_halo_data_exchange *info) {
  for (unsigned i = 0; i < info->dims.len; i++)
    if (info->dims.items[i].needs_comm)
      return true;
  return false;
}

bool sharc_halo_can_use_halo(const sharc_halo_data_exchange *info) {
  for (unsigned i = 0; i < info->dims.len; i++)
    if (!info->dims.items[i].can_use_halo)
      return false;
  return true;
}

void sharc_halo_record_shard(sharc_halo_dim_exchange *e, int64_t t, int64_t source,
                             int64_t offset, int64_t last) {
  if ((source != -1 && source != t) || (last != -1 && last != t))
    e->needs_comm = true;
  if (source != -1 && source < t && t - source > e->left_hops)
    e->left_hops = t - source;
  if (last != -1 && last > t && last - t > e->right_hops)
    e->right_hops = last - t;
  sharc_vec_push(&e->shards, ((sharc_halo_shard_exchange){source, offset}));
}

/* getDimExchangeInfo: for each output shard, the input shards its window
 * [start, start + footprint) reads. */
static sharc_halo_dim_exchange dim_exchange_info(int64_t count, int64_t s_in, int64_t s_out,
                                                 int64_t footprint, int64_t pad_low, int64_t stride,
                                                 int64_t base_dilation, int64_t input_size) {
  sharc_halo_dim_exchange e = {.s_out = s_out, .s_footprint = footprint, .can_use_halo = true};
  for (int64_t t = 0; t < count; t++) {
    int64_t start = base_dilation ? (t * s_out * stride - pad_low) / base_dilation : 0;
    int64_t limit = start + footprint - 1;
    int64_t valid_start = start > 0 ? start : 0;
    int64_t valid_limit = input_size - 1 < limit ? input_size - 1 : limit;
    int64_t source = -1, offset = 0, last = -1;
    if (valid_start <= valid_limit && s_in) {
      source = valid_start / s_in;
      offset = start - source * s_in;
      last = valid_limit / s_in;
    }
    if (source == -1)
      e.needs_comm = true;
    sharc_halo_record_shard(&e, t, source, offset, last);
  }
  if (e.left_hops + e.right_hops + 1 >= count && (e.left_hops > 1 || e.right_hops > 1))
    e.can_use_halo = false;
  return e;
}

/* buildDataExchangeInfo for a pad (slice when `pad` is false): every
 * sharded dimension padded to a multiple of its shard count. */
static void build_data_exchange(sharc_halo_state *s, sharc_op *op, bool pad,
                                const sharc_attr *sharding, const sharc_attr *mesh,
                                sharc_halo_data_exchange *info) {
  sharc_type *in_type = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *out_type = sharc_value_type(sharc_op_result(op, 0));
  unsigned rank = sharc_type_rank(in_type);
  for (unsigned d = 0; d < rank; d++)
    sharc_vec_push(&info->divisible_shape, sharc_type_shape(in_type)[d]);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    int64_t count = sharc_sdy_dim_sharding_sharded_size(dim, mesh);
    if (count <= 1)
      continue;
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_halo_names_add(s, &info->manual,
                           sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(dim, i)));
    info->divisible_shape.items[d] =
        sharc_halo_padded_dim_size(info->divisible_shape.items[d], count);
    int64_t s_in = info->divisible_shape.items[d] / count;
    int64_t s_out = sharc_halo_divide_ceil(sharc_type_shape(out_type)[d], count);
    int64_t input_size = sharc_type_shape(in_type)[d];
    sharc_halo_dim_exchange e;
    if (pad)
      e = dim_exchange_info(
          count, s_in, s_out, s_out,
          sharc_attr_dense_array_i64(sharc_op_attr(op, "edge_padding_low"), d), 1,
          sharc_attr_dense_array_i64(sharc_op_attr(op, "interior_padding"), d) + 1, input_size);
    else
      e = dim_exchange_info(count, s_in, s_out, s_out,
                            -sharc_attr_dense_array_i64(sharc_op_attr(op, "start_indices"), d), 1,
                            1, input_size);
    sharc_vec_push(&info->dims, e);
  }
}

/* ---- padding to divisible shapes ----------------------------------------------------- */

sharc_value *sharc_halo_pad_high_to_shape(sharc_halo_state *s, sharc_attr *loc,
                                          sharc_value *operand, const int64_t *shape,
                                          sharc_attr *sharding, sharc_value *padding) {
  sharc_type *type = sharc_value_type(operand);
  unsigned rank = sharc_type_rank(type);
  if (!rank || !memcmp(shape, sharc_type_shape(type), rank * sizeof *shape))
    return operand;
  int64_t *zeros = alloc_i64(rank), *high = alloc_i64(rank);
  for (unsigned i = 0; i < rank; i++)
    high[i] = shape[i] - sharc_type_shape(type)[i];
  if (!padding)
    padding = sharc_halo_zero(s, loc, sharc_type_element(type));
  sharc_value *v =
      sharc_halo_pad(s, loc, sharc_halo_tensor(s->ctx, shape, rank, sharc_type_element(type)),
                     operand, padding, zeros, high, zeros);
  sharc_halo_set_sharding(s, v, sharding);
  free(zeros);
  free(high);
  return v;
}

sharc_value *sharc_halo_slice_high_to_shape(sharc_halo_state *s, sharc_attr *loc,
                                            sharc_value *operand, sharc_type *target,
                                            sharc_attr *sharding) {
  if (sharc_value_type(operand) == target)
    return operand;
  unsigned rank = sharc_type_rank(target);
  int64_t *starts = alloc_i64(rank), *strides = alloc_i64(rank);
  for (unsigned i = 0; i < rank; i++)
    strides[i] = 1;
  sharc_value *v =
      sharc_halo_slice(s, loc, target, operand, starts, sharc_type_shape(target), strides);
  sharc_halo_set_sharding(s, v, sharding);
  free(starts);
  free(strides);
  return v;
}

/* ---- the halo buffer -------------------------------------------------------------------- */

/* The axes of `dim_sharding` whose names are manual. */
static void manual_axes_of(const sharc_attr *dim_sharding, const sharc_halo_names *manual,
                           sharc_sdy_axis_vec *out) {
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim_sharding); i++) {
    sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim_sharding, i);
    if (sharc_halo_names_has(manual, sharc_sdy_axis_ref_name(axis)))
      sharc_vec_push(out, axis);
  }
}

/* mayCollectivePermute: the input itself when no device sends. */
static sharc_value *may_collective_permute(sharc_halo_state *s, sharc_attr *loc, sharc_value *input,
                                           const sharc_i64_vec *pairs) {
  if (!pairs->len)
    return input;
  return sharc_halo_collective_permute(s, loc, input, pairs->items, pairs->len / 2);
}

static sharc_type *with_dim(sharc_context *ctx, const sharc_type *type, unsigned dim,
                            int64_t size) {
  unsigned rank = sharc_type_rank(type);
  int64_t *shape = alloc_i64(rank);
  copy_i64(shape, sharc_type_shape(type), rank);
  shape[dim] = size;
  sharc_type *t = sharc_halo_tensor(ctx, shape, rank, sharc_type_element(type));
  free(shape);
  return t;
}

sharc_value *sharc_halo_concatenate(sharc_halo_state *s, sharc_attr *loc,
                                    sharc_value *const *values, unsigned n, unsigned dim) {
  sharc_type *first = sharc_value_type(values[0]);
  int64_t size = 0;
  for (unsigned i = 0; i < n; i++)
    size += sharc_type_shape(sharc_value_type(values[i]))[dim];
  sharc_named_attr a = {sharc_ident_get(s->ctx, SHARC_STR("dimension")),
                        sharc_attr_integer(s->ctx, sharc_halo_i64(s->ctx), dim)};
  return sharc_halo_op(s, "stablehlo.concatenate", loc, values, n,
                       with_dim(s->ctx, first, dim, size), &a, 1);
}

/* assembleHaloExchangeBuffer: the left neighbours' shards (farthest
 * first), the own shard, the right neighbours', concatenated along `dim`
 * and padded by `edge` on both sides (interior padding `interior`). */
static sharc_value *assemble_halo_buffer(sharc_halo_state *s, sharc_attr *loc, sharc_value *input,
                                         unsigned dim, int64_t edge, sharc_value *padding,
                                         const sharc_halo_dim_exchange *exchange,
                                         const sharc_attr *sharding, const sharc_attr *mesh,
                                         const sharc_halo_names *manual, sharc_attr *local_sharding,
                                         int64_t interior) {
  const sharc_attr *active = exchange->reshape_target
                                 ? exchange->reshape_target
                                 : sharc_sdy_tensor_sharding_dim(sharding, dim);
  sharc_sdy_axis_vec axes = {0};
  manual_axes_of(active, manual, &axes);
  SHARC_VEC(sharc_value *) segments = {0};
  sharc_i64_vec pairs = {0};
  for (int64_t offset = exchange->left_hops; offset >= 1; offset--) {
    sharc_vec_clear(&pairs);
    shift_pairs(mesh, axes.items, axes.len, offset, &pairs);
    sharc_vec_push(&segments, may_collective_permute(s, loc, input, &pairs));
  }
  sharc_vec_push(&segments, input);
  for (int64_t offset = -1; offset >= -exchange->right_hops; offset--) {
    sharc_vec_clear(&pairs);
    shift_pairs(mesh, axes.items, axes.len, offset, &pairs);
    sharc_vec_push(&segments, may_collective_permute(s, loc, input, &pairs));
  }
  sharc_value *concat = sharc_halo_concatenate(s, loc, segments.items, segments.len, dim);
  sharc_halo_set_sharding(s, concat, local_sharding);
  sharc_type *concat_type = sharc_value_type(concat);
  unsigned rank = sharc_type_rank(concat_type);
  int64_t *low = alloc_i64(rank), *high = alloc_i64(rank), *inner = alloc_i64(rank);
  low[dim] = high[dim] = edge;
  inner[dim] = interior;
  int64_t dilated = (sharc_type_shape(concat_type)[dim] - 1) * (interior + 1) + 1;
  sharc_value *padded =
      sharc_halo_pad(s, loc, with_dim(s->ctx, concat_type, dim, dilated + 2 * edge), concat,
                     padding, low, high, inner);
  sharc_halo_set_sharding(s, padded, local_sharding);
  free(low);
  free(high);
  free(inner);
  sharc_vec_free(&segments);
  sharc_vec_free(&pairs);
  sharc_vec_free(&axes);
  return padded;
}

/* dynamicSliceHaloExchangeBuffer. */
static sharc_value *slice_halo_buffer(sharc_halo_state *s, sharc_attr *loc, sharc_value *buffer,
                                      sharc_value *offset, sharc_value *zero, unsigned dim,
                                      int64_t size, sharc_attr *local_sharding) {
  sharc_type *type = with_dim(s->ctx, sharc_value_type(buffer), dim, size);
  unsigned rank = sharc_type_rank(type);
  sharc_value **offsets = sharc_xmalloc_array(rank + 1, sizeof *offsets);
  for (unsigned i = 0; i < rank; i++)
    offsets[i] = i == dim ? offset : zero;
  sharc_value *v =
      sharc_halo_dynamic_slice(s, loc, type, buffer, offsets, rank, sharc_type_shape(type));
  sharc_halo_set_sharding(s, v, local_sharding);
  free(offsets);
  return v;
}

/* exchangeDimWithDynamicOffset: the piece of dimension `dim` the device
 * needs, out of its halo buffer. */
static sharc_value *exchange_dim(sharc_halo_state *s, sharc_attr *loc, sharc_value *operand,
                                 sharc_value *padding, unsigned dim,
                                 const sharc_halo_dim_exchange *e, const sharc_attr *sharding,
                                 const sharc_attr *mesh, const sharc_halo_names *manual,
                                 sharc_attr *local_sharding, int64_t pad_low, int64_t stride,
                                 int64_t s_out, int64_t base_dilation, bool dilated_buffer) {
  int64_t edge = dilated_buffer ? e->s_footprint * base_dilation : e->s_footprint;
  sharc_value *buffer =
      assemble_halo_buffer(s, loc, operand, dim, edge, padding, e, sharding, mesh, manual,
                           local_sharding, dilated_buffer ? base_dilation - 1 : 0);
  sharc_value *id = device_id(s, loc);
  if (!id)
    return operand;
  int64_t s_in = sharc_type_shape(sharc_value_type(operand))[dim];
  int64_t s_in_dilated = s_in * base_dilation;
  int64_t active_s_out = s_out == 0 ? e->s_footprint : s_out;
  int64_t diff = active_s_out * stride - s_in_dilated;
  int64_t base = -pad_low + e->left_hops * s_in_dilated + e->s_footprint * base_dilation;
  const sharc_attr *active =
      e->reshape_target ? e->reshape_target : sharc_sdy_tensor_sharding_dim(sharding, dim);
  unsigned n_axes = sharc_sdy_dim_sharding_num_axes(active);
  sharc_attr **axes = sharc_xmalloc_array(n_axes + 1, sizeof *axes);
  for (unsigned i = 0; i < n_axes; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(active, i);
  sharc_value *group_id = id_in_group(s, loc, id, mesh, axes, n_axes);
  free(axes);
  sharc_value *offset, *zero;
  if (e->reshape_target) {
    unsigned n = e->shards.len;
    int64_t *offsets = alloc_i64(n);
    for (unsigned t = 0; t < n; t++) {
      const sharc_halo_shard_exchange *x = &e->shards.items[t];
      int64_t source = x->source_id != -1 ? x->source_id : t;
      int64_t hop = e->left_hops + source - t;
      offsets[t] = -pad_low + e->s_footprint + hop * s_in + x->local_offset;
    }
    sharc_type *i64 = sharc_halo_i64(s->ctx);
    sharc_value *table = sharc_halo_const_i64_1d(s, loc, offsets, n);
    free(offsets);
    int64_t one = 1;
    sharc_value *slice = sharc_halo_dynamic_slice(s, loc, sharc_halo_tensor(s->ctx, &one, 1, i64),
                                                  table, &group_id, 1, &one);
    offset = sharc_halo_reshape(s, loc, sharc_halo_tensor(s->ctx, NULL, 0, i64), slice);
    zero = sharc_halo_const_i64(s, loc, 0);
  } else {
    device_offset o =
        device_offset_of(s, loc, group_id, diff, base, base_dilation, !dilated_buffer);
    offset = dilated_buffer ? o.dilated : o.undilated;
    zero = o.zero;
  }
  return slice_halo_buffer(s, loc, buffer, offset, zero, dim, e->s_footprint, local_sharding);
}

/* exchangeDataWithDynamicOffset: every sharded dimension that needs data
 * from other devices, one after the other. */
static sharc_value *exchange_data(sharc_halo_state *s, sharc_attr *loc, sharc_value *operand,
                                  sharc_value *padding, const sharc_attr *sharding,
                                  const sharc_attr *mesh, const sharc_halo_names *manual,
                                  const sharc_halo_dim_exchange *dims,
                                  const int64_t *edge_padding_low, const int64_t *window_strides,
                                  bool dilated_buffer, const int64_t *base_dilations) {
  sharc_attr *local_sharding = sharc_halo_remove_axes(s, sharding, manual);
  int64_t index = -1;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding) && !s->failed; d++) {
    if (sharc_halo_dim_sharded_size(sharding, d, mesh) <= 1)
      continue;
    const sharc_halo_dim_exchange *e = &dims[++index];
    if (!e->needs_comm)
      continue;
    operand = exchange_dim(s, loc, operand, padding, d, e, sharding, mesh, manual, local_sharding,
                           edge_padding_low ? edge_padding_low[d] : 0,
                           window_strides ? window_strides[d] : 1, e->s_out,
                           base_dilations ? base_dilations[d] : 1, dilated_buffer);
  }
  return operand;
}

/* The manual axes in mesh order, as a #sdy.manual_axes. */
static sharc_attr *manual_axes_attr(sharc_halo_state *s, const sharc_attr *mesh,
                                    const sharc_halo_names *manual) {
  unsigned n = sharc_sdy_mesh_num_axes(mesh), k = 0;
  sharc_str *names = sharc_xmalloc_array(n + 1, sizeof *names);
  for (unsigned j = 0; j < n; j++) {
    sharc_str name = sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, j));
    if (sharc_halo_names_has(manual, name))
      names[k++] = name;
  }
  sharc_attr *attr = sharc_sdy_manual_axes_get(s->ctx, names, k);
  free(names);
  return attr;
}

sharc_op *sharc_halo_manual_computation(sharc_halo_state *s, sharc_attr *loc,
                                        sharc_value *const *operands, unsigned n,
                                        sharc_attr *const *in_shardings, sharc_type *result_type,
                                        sharc_attr *out_sharding, sharc_attr *manual_axes) {
  sharc_sdy_manual_computation_spec spec = {
      .loc = loc,
      .operands = operands,
      .num_operands = n,
      .result_types = &result_type,
      .num_results = 1,
      .in_shardings = sharc_sdy_sharding_per_value_get(s->ctx, in_shardings, n),
      .out_shardings = sharc_sdy_sharding_per_value_get(s->ctx, &out_sharding, 1),
      .manual_axes = manual_axes,
  };
  return sharc_sdy_create_manual_computation(&s->rw, &spec);
}

/* The body block of a new manual computation, with one argument per type;
 * the insertion point moves to its start. */
static sharc_block *create_body(sharc_halo_state *s, sharc_op *mc, sharc_type *const *types,
                                unsigned n, sharc_attr *loc) {
  sharc_attr **locs = sharc_xmalloc_array(n + 1, sizeof *locs);
  for (unsigned i = 0; i < n; i++)
    locs[i] = loc;
  sharc_block *body = sharc_rw_create_block(&s->rw, sharc_op_region(mc, 0), NULL, types, n, locs);
  free(locs);
  sharc_rw_set_block_start(&s->rw, body);
  return body;
}

static void create_return(sharc_halo_state *s, sharc_attr *loc, sharc_value *v) {
  sharc_op_state st = {
      .name = sharc_ident_get(s->ctx, SHARC_STR("sdy.return")),
      .loc = loc,
      .operands = &v,
      .num_operands = 1,
  };
  sharc_rw_create(&s->rw, &st);
}

sharc_value *
sharc_halo_exchange_data(sharc_halo_state *s, sharc_attr *loc, sharc_value *divisible_input,
                         const int64_t *divisible_shape, sharc_type *out_type,
                         sharc_attr *in_sharding, sharc_attr *out_sharding, const sharc_attr *mesh,
                         const sharc_halo_names *manual, sharc_value *padding,
                         const int64_t *edge_padding_low, const sharc_halo_dim_exchange *dims,
                         sharc_halo_post_process post, void *post_user,
                         const int64_t *window_strides, const int64_t *base_dilations) {
  sharc_context *ctx = s->ctx;
  sharc_type *in_type = sharc_value_type(divisible_input);
  unsigned rank = sharc_sdy_tensor_sharding_rank(in_sharding);
  int64_t *local_shape = sharc_halo_manual_local_shape(in_sharding, mesh, manual, divisible_shape);
  unsigned out_rank = sharc_type_rank(out_type);
  int64_t *padded_out = alloc_i64(out_rank);
  for (unsigned d = 0; d < out_rank; d++)
    padded_out[d] = sharc_halo_padded_dim_size(sharc_type_shape(out_type)[d],
                                               sharc_halo_dim_sharded_size(out_sharding, d, mesh));
  sharc_type *padded_out_type =
      sharc_halo_tensor(ctx, padded_out, out_rank, sharc_type_element(out_type));
  sharc_value *operands[2] = {divisible_input, padding};
  sharc_attr *in_shardings[2] = {
      in_sharding, sharc_sdy_sharding_fully_open(
                       ctx, sharc_sdy_tensor_sharding_mesh_or_ref(in_sharding), 0, false)};
  sharc_op *mc = sharc_halo_manual_computation(s, loc, operands, 2, in_shardings, padded_out_type,
                                               out_sharding, manual_axes_attr(s, mesh, manual));
  sharc_insert_point saved = s->rw.ip;
  sharc_type *arg_types[2] = {
      sharc_halo_tensor(ctx, local_shape, rank, sharc_type_element(in_type)),
      sharc_value_type(padding)};
  sharc_block *body = create_body(s, mc, arg_types, 2, loc);
  sharc_value *local_padding = sharc_block_arg(body, 1);
  sharc_value *exchanged =
      exchange_data(s, loc, sharc_block_arg(body, 0), local_padding, in_sharding, mesh, manual,
                    dims, edge_padding_low, window_strides, !window_strides, base_dilations);
  exchanged = post(s, exchanged, local_padding, padded_out_type, post_user);
  create_return(s, loc, exchanged);
  s->rw.ip = saved;
  free(local_shape);
  free(padded_out);
  return sharc_op_result(mc, 0);
}

/* ---- stablehlo.pad ------------------------------------------------------------------------ */

typedef struct halo_post {
  sharc_op *op; /* the pad or the slice */
  sharc_attr *sharding;
  const sharc_attr *mesh;
  const sharc_halo_names *manual;
  sharc_attr *loc;
} halo_post;

/* What handleReplicatedPadDims and handleReplicatedSliceDims start from:
 * the local value's rank, its sharding without the manual axes, and four
 * zeroed per-dimension arrays in one block (freed at once). */
typedef struct replicated_dims {
  unsigned rank;
  sharc_attr *local_sharding;
  int64_t *arrays;
} replicated_dims;

static replicated_dims replicated_dims_begin(sharc_halo_state *s, const halo_post *post,
                                             sharc_value *local) {
  replicated_dims r;
  r.rank = sharc_type_rank(sharc_value_type(local));
  r.local_sharding = sharc_halo_remove_axes(s, post->sharding, post->manual);
  r.arrays = alloc_i64(4 * (size_t)r.rank);
  return r;
}

/* handleReplicatedPadDims: the dimensions nobody shards are padded
 * locally. */
static sharc_value *pad_replicated_dims(sharc_halo_state *s, sharc_value *local,
                                        sharc_value *padding, sharc_type *padded_global,
                                        void *user) {
  halo_post *pp = user;
  replicated_dims r = replicated_dims_begin(s, pp, local);
  unsigned rank = r.rank;
  int64_t *shape = r.arrays, *low = shape + rank, *high = low + rank, *inner = high + rank;
  bool needed = false;
  for (unsigned i = 0; i < rank; i++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(pp->sharding, i);
    int64_t factor = sharc_halo_manual_shard_count(dim, pp->mesh, pp->manual);
    shape[i] = factor ? sharc_type_shape(padded_global)[i] / factor : 0;
    if (sharc_sdy_dim_sharding_sharded_size(dim, pp->mesh) > 1)
      continue;
    low[i] = sharc_attr_dense_array_i64(sharc_op_attr(pp->op, "edge_padding_low"), i);
    high[i] = sharc_attr_dense_array_i64(sharc_op_attr(pp->op, "edge_padding_high"), i);
    inner[i] = sharc_attr_dense_array_i64(sharc_op_attr(pp->op, "interior_padding"), i);
    needed = needed || low[i] || high[i] || inner[i];
  }
  if (needed) {
    local = sharc_halo_pad(
        s, pp->loc, sharc_halo_tensor(s->ctx, shape, rank, sharc_type_element(padded_global)),
        local, padding, low, high, inner);
    sharc_halo_set_sharding(s, local, r.local_sharding);
  }
  free(r.arrays);
  return local;
}

/* Whether `sharding` leaves nothing to do: none, or no axis in any
 * dimension; or a mesh that is missing or maximal. */
static const sharc_attr *sharded_mesh(const sharc_attr *sharding, sharc_op *op) {
  if (sharc_sdy_is_fully_replicated(sharding))
    return NULL;
  const sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, op);
  return mesh && !sharc_sdy_mesh_is_maximal(mesh) ? mesh : NULL;
}

static bool is_ranked(sharc_value *v) {
  return sharc_type_get_kind(sharc_value_type(v)) == SHARC_TYPE_TENSOR;
}

/* ---- stablehlo.slice ---------------------------------------------------------------------- */


/* handleReplicatedSliceDims: the dimensions nobody shards are sliced
 * locally. */
static sharc_value *slice_replicated_dims(sharc_halo_state *s, sharc_value *local,
                                          sharc_value *padding, sharc_type *padded_global,
                                          void *user) {
  (void)padding;
  (void)padded_global;
  halo_post *sp = user;
  replicated_dims r = replicated_dims_begin(s, sp, local);
  sharc_type *local_type = sharc_value_type(local);
  unsigned rank = r.rank;
  int64_t *starts = r.arrays, *limits = starts + rank, *strides = limits + rank,
          *shape = strides + rank;
  copy_i64(limits, sharc_type_shape(local_type), rank);
  bool needed = false;
  for (unsigned i = 0; i < rank; i++) {
    strides[i] = 1;
    if (sharc_halo_dim_sharded_size(sp->sharding, i, sp->mesh) > 1)
      continue;
    int64_t start = sharc_attr_dense_array_i64(sharc_op_attr(sp->op, "start_indices"), i);
    int64_t limit = sharc_attr_dense_array_i64(sharc_op_attr(sp->op, "limit_indices"), i);
    if (start != 0 || limit != sharc_type_shape(local_type)[i]) {
      starts[i] = start;
      limits[i] = limit;
      needed = true;
    }
  }
  if (needed) {
    for (unsigned i = 0; i < rank; i++)
      shape[i] = limits[i] - starts[i];
    local = sharc_halo_slice(s, sp->loc,
                             sharc_halo_tensor(s->ctx, shape, rank, sharc_type_element(local_type)),
                             local, starts, limits, strides);
    sharc_halo_set_sharding(s, local, r.local_sharding);
  }
  free(r.arrays);
  return local;
}

/* handlePadOp and handleSliceOp: the input padded up to a divisible shape,
 * its pieces exchanged between neighbours inside a manual computation (a
 * pad dilates by its interior padding and shifts by its low padding, a
 * slice shifts back by its start), the dimensions nobody shards padded or
 * sliced locally, and the result sliced back to the op's shape. False when
 * a halo exchange cannot realise the op. */
static bool handle_pad_or_slice(sharc_halo_state *s, sharc_op *op, bool is_pad) {
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_attr *sharding = sharc_sdy_get_sharding(input);
  if (!is_ranked(input))
    return true;
  const sharc_attr *mesh = sharded_mesh(sharding, op);
  if (!mesh)
    return true;
  sharc_halo_data_exchange info = {0};
  build_data_exchange(s, op, is_pad, sharding, mesh, &info);
  bool resolved = true;
  if (!info.manual.len || !sharc_halo_needs_comm(&info))
    goto done;
  if (!sharc_halo_can_use_halo(&info)) {
    resolved = false;
    goto done;
  }
  sharc_attr *loc = sharc_op_loc(op);
  sharc_rw_set_before(&s->rw, op);
  sharc_type *in_type = sharc_value_type(input);
  sharc_value *padding = is_pad ? sharc_op_operand(op, 1) : NULL;
  sharc_value *divisible =
      sharc_halo_pad_high_to_shape(s, loc, input, info.divisible_shape.items, sharding, padding);
  if (!is_pad)
    padding = sharc_halo_zero(s, loc, sharc_type_element(in_type));
  unsigned rank = sharc_type_rank(in_type);
  int64_t *dilations = is_pad ? alloc_i64(rank) : NULL, *low = alloc_i64(rank);
  for (unsigned i = 0; i < rank; i++) {
    if (is_pad) {
      dilations[i] = sharc_attr_dense_array_i64(sharc_op_attr(op, "interior_padding"), i) + 1;
      low[i] = sharc_attr_dense_array_i64(sharc_op_attr(op, "edge_padding_low"), i);
    } else {
      low[i] = -sharc_attr_dense_array_i64(sharc_op_attr(op, "start_indices"), i);
    }
  }
  halo_post post = {op, sharding, mesh, &info.manual, loc};
  sharc_type *out_type = sharc_value_type(sharc_op_result(op, 0));
  sharc_value *result = sharc_halo_exchange_data(
      s, loc, divisible, info.divisible_shape.items, out_type, sharding, sharding, mesh,
      &info.manual, padding, low, info.dims.items,
      is_pad ? pad_replicated_dims : slice_replicated_dims, &post, NULL, dilations);
  result = sharc_halo_slice_high_to_shape(s, loc, result, out_type, sharding);
  sharc_rw_replace_op(&s->rw, op, &result, 1);
  free(dilations);
  free(low);
done:
  sharc_halo_data_exchange_free(&info);
  return resolved;
}

bool sharc_halo_handle_pad(sharc_halo_state *s, sharc_op *pad) {
  return handle_pad_or_slice(s, pad, true);
}

bool sharc_halo_handle_slice(sharc_halo_state *s, sharc_op *slice) {
  return handle_pad_or_slice(s, slice, false);
}

/* ---- stablehlo.reverse ------------------------------------------------------------------------
 */

/* rightShiftData: every device's piece of dimension `dim` moves `shift`
 * elements towards higher indices, across devices. */
static sharc_value *right_shift(sharc_halo_state *s, sharc_attr *loc, sharc_value *input,
                                unsigned dim, int64_t shift, const sharc_attr *sharding,
                                const sharc_attr *mesh, const sharc_halo_names *manual) {
  sharc_type *type = sharc_value_type(input);
  unsigned rank = sharc_type_rank(type);
  int64_t shard_size = sharc_type_shape(type)[dim];
  sharc_attr *local_sharding = sharc_halo_remove_axes(s, sharding, manual);
  sharc_sdy_axis_vec axes = {0};
  manual_axes_of(sharc_sdy_tensor_sharding_dim(sharding, dim), manual, &axes);
  int64_t hops = shard_size ? shift / shard_size : 0;
  int64_t fraction = shard_size ? shift % shard_size : 0;
  sharc_value *pieces[2];
  sharc_i64_vec pairs = {0};
  for (int k = 0; k < 2; k++) {
    int64_t offset = hops + k;
    if (offset == 0) {
      pieces[k] = input;
      continue;
    }
    sharc_vec_clear(&pairs);
    shift_pairs(mesh, axes.items, axes.len, offset, &pairs);
    if (!pairs.len) {
      sharc_value *zero = sharc_halo_zero(s, loc, sharc_type_element(type));
      sharc_named_attr a = {sharc_ident_get(s->ctx, SHARC_STR("broadcast_dimensions")),
                            sharc_halo_i64_array(s->ctx, NULL, 0)};
      pieces[k] = sharc_halo_op(s, "stablehlo.broadcast_in_dim", loc, &zero, 1, type, &a, 1);
    } else {
      pieces[k] = sharc_halo_collective_permute(s, loc, input, pairs.items, pairs.len / 2);
    }
    sharc_halo_set_sharding(s, pieces[k], local_sharding);
  }
  sharc_value *head = pieces[0], *tail = pieces[1];
  int64_t head_size = shard_size - fraction;
  int64_t *starts = alloc_i64(rank), *zeros = alloc_i64(rank), *ones = alloc_i64(rank),
          *limits = alloc_i64(rank);
  for (unsigned i = 0; i < rank; i++)
    ones[i] = 1;
  starts[dim] = head_size;
  sharc_value *tail_slice = sharc_halo_slice(s, loc, with_dim(s->ctx, type, dim, fraction), tail,
                                             starts, sharc_type_shape(type), ones);
  sharc_halo_set_sharding(s, tail_slice, local_sharding);
  copy_i64(limits, sharc_type_shape(type), rank);
  limits[dim] = head_size;
  sharc_value *head_slice =
      sharc_halo_slice(s, loc, with_dim(s->ctx, type, dim, head_size), head, zeros, limits, ones);
  sharc_halo_set_sharding(s, head_slice, local_sharding);
  sharc_value *parts[2] = {tail_slice, head_slice};
  sharc_value *concat = sharc_halo_concatenate(s, loc, parts, 2, dim);
  sharc_halo_set_sharding(s, concat, local_sharding);
  free(starts);
  free(zeros);
  free(ones);
  free(limits);
  sharc_vec_free(&pairs);
  sharc_vec_free(&axes);
  return concat;
}

/* haloRightShiftData: inside a manual computation, shifts each of `dims`
 * by its amount, moving the high-side padding to the low side. */
static sharc_value *halo_right_shift(sharc_halo_state *s, sharc_attr *loc, sharc_value *input,
                                     sharc_attr *sharding, const sharc_attr *mesh,
                                     const sharc_halo_names *manual, const int64_t *padded,
                                     const int64_t *dims, const int64_t *amounts, unsigned n) {
  sharc_type *type = sharc_value_type(input);
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  int64_t *local_shape = sharc_halo_manual_local_shape(sharding, mesh, manual, padded);
  sharc_op *mc = sharc_halo_manual_computation(s, loc, &input, 1, &sharding, type, sharding,
                                               manual_axes_attr(s, mesh, manual));
  sharc_insert_point saved = s->rw.ip;
  sharc_type *arg_type = sharc_halo_tensor(s->ctx, local_shape, rank, sharc_type_element(type));
  sharc_block *body = create_body(s, mc, &arg_type, 1, loc);
  sharc_value *local = sharc_block_arg(body, 0);
  for (unsigned k = 0; k < n; k++)
    local = right_shift(s, loc, local, (unsigned)dims[k], amounts[k], sharding, mesh, manual);
  create_return(s, loc, local);
  s->rw.ip = saved;
  free(local_shape);
  return sharc_op_result(mc, 0);
}

static bool reverses(sharc_op *reverse, int64_t dim) {
  sharc_attr *dims = sharc_op_attr(reverse, "dimensions");
  for (unsigned i = 0; dims && i < sharc_attr_count(dims); i++)
    if (sharc_attr_dense_array_i64(dims, i) == dim)
      return true;
  return false;
}

/* The sharding with its mesh replaced by a reference to `mesh_name`. */
static sharc_attr *on_mesh(sharc_context *ctx, const sharc_attr *sharding, sharc_str mesh_name) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.mesh_or_ref = sharc_sdy_mesh_ref(ctx, mesh_name);
  parts.reduction = SHARC_SDY_REDUCTION_SUM;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

typedef struct except_op {
  sharc_op *op;
} except_op;

static bool not_by(const sharc_use *u, void *user) {
  return sharc_use_owner(u) != ((except_op *)user)->op;
}

bool sharc_halo_handle_reverse(sharc_halo_state *s, sharc_op *reverse) {
  sharc_value *operand = sharc_op_operand(reverse, 0);
  sharc_value *result = sharc_op_result(reverse, 0);
  sharc_attr *in_sharding = sharc_sdy_get_sharding(operand);
  sharc_attr *out_sharding = sharc_sdy_get_sharding(result);
  if (!is_ranked(operand))
    return true;
  const sharc_attr *mesh = sharded_mesh(in_sharding, reverse);
  if (!mesh)
    return true;
  sharc_type *type = sharc_value_type(operand);
  unsigned rank = sharc_type_rank(type);
  /* getReverseOpInfo */
  sharc_sdy_axis_vec to_reverse = {0};
  sharc_halo_names manual = {0};
  int64_t *padded = alloc_i64(rank);
  copy_i64(padded, sharc_type_shape(type), rank);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(in_sharding, d);
    int64_t count = sharc_sdy_dim_sharding_sharded_size(dim, mesh);
    if (!reverses(reverse, d) || count <= 1)
      continue;
    unsigned k = sharc_sdy_dim_sharding_num_axes(dim);
    for (unsigned i = 0; i < k; i++)
      sharc_vec_push(&to_reverse, sharc_sdy_dim_sharding_axis(dim, i));
    if (sharc_type_shape(type)[d] % count != 0) {
      for (unsigned i = 0; i < k; i++)
        sharc_halo_names_add(s, &manual,
                             sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(dim, i)));
      padded[d] = sharc_halo_padded_dim_size(sharc_type_shape(type)[d], count);
    }
  }
  if (!to_reverse.len)
    goto done;
  sharc_attr *loc = sharc_op_loc(reverse);
  sharc_value *input = operand;
  if (manual.len) {
    sharc_rw_set_before(&s->rw, reverse);
    input = sharc_halo_pad_high_to_shape(s, loc, operand, padded, in_sharding, NULL);
    int64_t *dims = alloc_i64(rank), *amounts = alloc_i64(rank);
    unsigned n = 0;
    for (unsigned i = 0; i < rank; i++) {
      int64_t padding = padded[i] - sharc_type_shape(type)[i];
      if (reverses(reverse, i) && padding > 0) {
        dims[n] = i;
        amounts[n++] = padding;
      }
    }
    input = halo_right_shift(s, loc, input, in_sharding, mesh, &manual, padded, dims, amounts, n);
    free(dims);
    free(amounts);
  }
  sharc_attr *reversed_mesh =
      mesh_with_reversed_axes(s->ctx, mesh, to_reverse.items, to_reverse.len);
  sharc_str mesh_name = sharc_sdy_tensor_sharding_mesh_name(in_sharding);
  sharc_buf base = {0};
  sharc_buf_put_str(&base, mesh_name);
  SHARC_BUF_LIT(&base, "_reversed");
  sharc_op *mesh_op = get_or_create_mesh(s, loc, reversed_mesh, sharc_str_from_cstr(base.data));
  sharc_buf_free(&base);
  sharc_attr *reversed_sharding = on_mesh(s->ctx, in_sharding, sharc_op_symbol_name(mesh_op));
  sharc_op_set_operand(reverse, 0, input);
  sharc_sdy_set_sharding(result, reversed_sharding);
  if (manual.len)
    sharc_value_set_type(result, sharc_value_type(input));
  sharc_rw_modified(&s->rw, reverse);
  sharc_rw_set_after(&s->rw, reverse);
  sharc_value *resharded = sharc_halo_reshard(s, loc, result, out_sharding);
  except_op except = {sharc_value_defining_op(resharded)};
  sharc_value *replacement = resharded;
  if (manual.len)
    replacement = sharc_halo_slice_high_to_shape(s, loc, resharded, type, in_sharding);
  sharc_rw_replace_uses_if(&s->rw, result, replacement, not_by, &except);
done:
  free(padded);
  sharc_vec_free(&to_reverse);
  sharc_vec_free(&manual);
  return true;
}

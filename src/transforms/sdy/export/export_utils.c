/* Helpers the export passes share; see export_utils.h. */
#include "transforms/sdy/export/export_utils.h"

#include "dialect/sdy/utils.h"

#include <string.h>

/* ---- axes per dimension ---------------------------------------------------------- */

void sharc_sdy_get_axes_per_dim(const sharc_attr *sharding, sharc_sdy_axis_vec *out) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    sharc_vec_clear(&out[d]);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_vec_push(&out[d], sharc_sdy_dim_sharding_axis(dim, i));
  }
}

static void insert_at(sharc_sdy_axis_vec *v, unsigned i, sharc_attr *axis) {
  sharc_vec_push(v, axis);
  memmove(&v->items[i + 1], &v->items[i], (v->len - 1 - i) * sizeof *v->items);
  v->items[i] = axis;
}

static void erase_at(sharc_sdy_axis_vec *v, unsigned i) {
  memmove(&v->items[i], &v->items[i + 1], (v->len - 1 - i) * sizeof *v->items);
  v->len--;
}

/* Whether `other` cuts `axis` into pieces: they overlap, can coexist, and
 * `other` does not cover all of `axis`. */
static bool cuts(const sharc_attr *other, const sharc_attr *axis) {
  return sharc_sdy_axis_can_coexist(other, axis) && !sharc_sdy_axis_contains(other, axis) &&
         sharc_sdy_axis_ref_overlaps(other, axis);
}

void sharc_sdy_align_sub_axes_by_decomposition(sharc_context *ctx, sharc_sdy_axis_vec *axes,
                                               sharc_attr *const *ordered, unsigned n,
                                               const sharc_attr *mesh) {
  unsigned i = 0;
  while (i < axes->len) {
    sharc_attr *axis = axes->items[i];
    unsigned k = sharc_sdy_axis_first_overlapping(axis, ordered, n);
    /* past the last piece already when the axis ended inside an overlap */
    bool past = false;
    while (k < n && cuts(ordered[k], axis)) {
      erase_at(axes, i);
      sharc_attr *prefix = sharc_sdy_axis_prefix_without_overlap(ctx, axis, ordered[k]);
      if (prefix)
        insert_at(axes, i++, prefix);
      insert_at(axes, i++, sharc_sdy_axis_overlap(ctx, axis, ordered[k]));
      sharc_attr *suffix = sharc_sdy_axis_suffix_without_overlap(ctx, axis, ordered[k], mesh);
      if (!suffix) {
        past = true;
        break;
      }
      /* the suffix is what the next ordered axes may cut further */
      insert_at(axes, i, suffix);
      axis = suffix;
      k++;
      past = false;
    }
    if (!past)
      i++;
  }
}

void sharc_sdy_align_sub_axes_by_decomposition_per_dim(sharc_context *ctx,
                                                       sharc_sdy_axis_vec *axes_per_dim,
                                                       unsigned rank, sharc_attr *const *ordered,
                                                       unsigned n, const sharc_attr *mesh) {
  if (!n)
    return;
  for (unsigned d = 0; d < rank; d++)
    sharc_sdy_align_sub_axes_by_decomposition(ctx, &axes_per_dim[d], ordered, n, mesh);
}

/* Every axis of the lists, sorted with AxisRefAttr::operator<. */
static void ordered_axes(const sharc_sdy_axis_vec *axes_per_dim, unsigned rank,
                         sharc_sdy_axis_vec *out) {
  for (unsigned d = 0; d < rank; d++)
    sharc_sdy_axes_append(out, axes_per_dim[d].items, axes_per_dim[d].len);
  sharc_sdy_axes_sort(out->items, out->len, NULL);
}

void sharc_sdy_align_sub_axes_by_decomposition_in_out(sharc_context *ctx, sharc_sdy_axis_vec *in,
                                                      sharc_sdy_axis_vec *out, unsigned rank,
                                                      const sharc_attr *mesh) {
  sharc_sdy_axis_vec ordered_in = {0}, ordered_out = {0};
  ordered_axes(in, rank, &ordered_in);
  ordered_axes(out, rank, &ordered_out);
  sharc_sdy_align_sub_axes_by_decomposition_per_dim(ctx, in, rank, ordered_out.items,
                                                    ordered_out.len, mesh);
  sharc_sdy_align_sub_axes_by_decomposition_per_dim(ctx, out, rank, ordered_in.items,
                                                    ordered_in.len, mesh);
  sharc_vec_free(&ordered_in);
  sharc_vec_free(&ordered_out);
}

/* ---- devices and shards ----------------------------------------------------------- */

static int64_t divide_ceil(int64_t a, int64_t b) { return b ? a / b + (a % b != 0) : 0; }

int64_t sharc_sdy_get_shard_index(int64_t device_id, const sharc_attr *mesh,
                                  sharc_attr *const *axes, unsigned n) {
  int64_t logical = device_id;
  unsigned num_ids = sharc_sdy_mesh_num_device_ids(mesh);
  if (num_ids) {
    logical = -1;
    for (unsigned i = 0; i < num_ids && logical < 0; i++)
      if (sharc_sdy_mesh_device_id(mesh, i) == device_id)
        logical = i;
    if (logical < 0)
      return -1;
  } else if (device_id < 0 || device_id >= sharc_sdy_mesh_total_size(mesh)) {
    return -1;
  }
  int64_t index = 0;
  unsigned num_axes = sharc_sdy_mesh_num_axes(mesh);
  for (unsigned k = 0; k < n; k++) {
    sharc_str name = sharc_sdy_axis_ref_name(axes[k]);
    int64_t size = sharc_sdy_axis_ref_size(axes[k], mesh);
    int64_t suffix = 1;
    bool found = false;
    for (unsigned j = 0; j < num_axes; j++) {
      sharc_attr *mesh_axis = sharc_sdy_mesh_axis(mesh, j);
      if (found)
        suffix *= sharc_sdy_mesh_axis_size(mesh_axis);
      if (sharc_str_eq(sharc_sdy_mesh_axis_name(mesh_axis), name))
        found = true;
    }
    int64_t full = sharc_sdy_mesh_size_of(mesh, name);
    int64_t denom = sharc_sdy_axis_pre_size(axes[k]) * size;
    int64_t stride = denom ? full / denom : 0;
    int64_t divisor = suffix * stride;
    int64_t coord = divisor && size ? (logical / divisor) % size : 0;
    index = index * size + coord;
  }
  return index;
}

static sharc_value *create_unary(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                                 sharc_value *operand, sharc_type *type) {
  sharc_op_state st = {
      .name = sharc_ident_get(rw->ctx, sharc_str_from_cstr(name)),
      .loc = loc,
      .operands = operand ? &operand : NULL,
      .num_operands = operand ? 1 : 0,
      .result_types = &type,
      .num_results = 1,
  };
  return sharc_op_result(sharc_rw_create(rw, &st), 0);
}

sharc_value *sharc_sdy_get_device_id(sharc_rewriter *rw, int64_t replica_count,
                                     int64_t partition_count, sharc_attr *loc) {
  if (replica_count != 1 && partition_count != 1)
    return NULL;
  sharc_context *ctx = rw->ctx;
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  sharc_type *ui32 =
      sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), NULL);
  sharc_value *id = create_unary(
      rw, replica_count > 1 ? "stablehlo.replica_id" : "stablehlo.partition_id", loc, NULL, ui32);
  /* both ids are tensor<ui32>: a conversion, no reshape */
  return create_unary(rw, "stablehlo.convert", loc, id, sharc_type_tensor(ctx, NULL, 0, i64, NULL));
}

/* ---- communication-free ops ---------------------------------------------------------- */

static int64_t dim_sharded_size(const sharc_attr *sharding, int64_t dim, const sharc_attr *mesh) {
  return sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(sharding, (unsigned)dim),
                                             mesh);
}

static int64_t dense_at(const sharc_op *op, const char *name, int64_t i) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && i < (int64_t)sharc_attr_count(a) ? sharc_attr_dense_array_i64(a, (unsigned)i) : 0;
}

static int64_t shape_at(sharc_value *v, int64_t dim) {
  return sharc_type_shape(sharc_value_type(v))[dim];
}

bool sharc_sdy_is_communication_free_slice_dim(int64_t dim, sharc_op *slice,
                                               const sharc_attr *sharding, const sharc_attr *mesh) {
  int64_t count = dim_sharded_size(sharding, dim, mesh);
  if (count <= 1)
    return true;
  if (dense_at(slice, "start_indices", dim) != 0 || dense_at(slice, "strides", dim) != 1)
    return false;
  int64_t in = shape_at(sharc_op_operand(slice, 0), dim);
  int64_t out = shape_at(sharc_op_result(slice, 0), dim);
  if (in == SHARC_DYNAMIC || out == SHARC_DYNAMIC)
    return false;
  return divide_ceil(in, count) == divide_ceil(out, count);
}

bool sharc_sdy_is_communication_free_pad_dim(int64_t dim, sharc_op *pad, const sharc_attr *sharding,
                                             const sharc_attr *mesh) {
  int64_t count = dim_sharded_size(sharding, dim, mesh);
  if (count <= 1)
    return true;
  if (dense_at(pad, "interior_padding", dim) != 0)
    return false;
  int64_t in = shape_at(sharc_op_operand(pad, 0), dim);
  if (in == SHARC_DYNAMIC)
    return false;
  int64_t s_in = divide_ceil(in, count);
  int64_t s_out = divide_ceil(shape_at(sharc_op_result(pad, 0), dim), count);
  int64_t low = dense_at(pad, "edge_padding_low", dim);
  for (int64_t t = 0; t < count; t++) {
    int64_t start = t * s_out - low;
    int64_t limit = start + s_out - 1;
    int64_t valid_start = start > 0 ? start : 0;
    int64_t valid_limit = in - 1 < limit ? in - 1 : limit;
    if (valid_start <= valid_limit && (valid_start / s_in != t || valid_limit / s_in != t))
      return false;
  }
  return true;
}

/* ---- reshape groups ---------------------------------------------------------------------- */

bool sharc_sdy_reshape_group_info_is_split(const sharc_sdy_reshape_group_info *g) {
  return g->num_in_nontrivial_dims <= 1 && g->num_out_nontrivial_dims > 1;
}

bool sharc_sdy_reshape_group_info_is_combine(const sharc_sdy_reshape_group_info *g) {
  return g->num_in_nontrivial_dims > 1 && g->num_out_nontrivial_dims <= 1;
}

bool sharc_sdy_reshape_group_info_is_passthrough(const sharc_sdy_reshape_group_info *g) {
  return g->num_in_nontrivial_dims <= 1 && g->num_out_nontrivial_dims <= 1;
}

bool sharc_sdy_reshape_group_info_is_neither(const sharc_sdy_reshape_group_info *g) {
  return g->num_in_nontrivial_dims > 1 && g->num_out_nontrivial_dims > 1;
}

static bool padded_differs(int64_t start, int64_t last, const int64_t *padded,
                           const sharc_type *type) {
  for (int64_t d = start; d < last; d++)
    if (padded[d] != sharc_type_shape(type)[d])
      return true;
  return false;
}

bool sharc_sdy_reshape_group_info_has_indivisibility_padded(const sharc_sdy_reshape_group_info *g,
                                                            const int64_t *padded_in,
                                                            const int64_t *padded_out,
                                                            const sharc_type *in_type,
                                                            const sharc_type *out_type) {
  return padded_differs(g->in_start_dim, g->in_last_dim, padded_in, in_type) ||
         padded_differs(g->out_start_dim, g->out_last_dim, padded_out, out_type);
}

static bool indivisible(int64_t start, int64_t last, const sharc_attr *sharding,
                        const sharc_attr *mesh, const sharc_type *type) {
  for (int64_t d = start; d < last; d++) {
    int64_t count = dim_sharded_size(sharding, d, mesh);
    if (count > 1 && sharc_type_shape(type)[d] % count != 0)
      return true;
  }
  return false;
}

bool sharc_sdy_reshape_group_info_has_indivisibility(const sharc_sdy_reshape_group_info *g,
                                                     const sharc_attr *in_sharding,
                                                     const sharc_attr *out_sharding,
                                                     const sharc_attr *mesh,
                                                     const sharc_type *in_type,
                                                     const sharc_type *out_type) {
  return indivisible(g->in_start_dim, g->in_last_dim, in_sharding, mesh, in_type) ||
         indivisible(g->out_start_dim, g->out_last_dim, out_sharding, mesh, out_type);
}

static void append_dim_axes(const sharc_attr *sharding, int64_t start, int64_t last,
                            sharc_sdy_axis_vec *out) {
  for (int64_t d = start; d < last; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, (unsigned)d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_vec_push(out, sharc_sdy_dim_sharding_axis(dim, i));
  }
}

void sharc_sdy_reshape_group_info_get_all_axis_refs(const sharc_sdy_reshape_group_info *g,
                                                    const sharc_attr *in_sharding,
                                                    const sharc_attr *out_sharding,
                                                    sharc_sdy_axis_vec *out) {
  append_dim_axes(in_sharding, g->in_start_dim, g->in_last_dim, out);
  append_dim_axes(out_sharding, g->out_start_dim, g->out_last_dim, out);
}

static int64_t volume(const int64_t *shape, int64_t start, int64_t last) {
  int64_t v = 1;
  for (int64_t d = start; d < last; d++)
    v = sharc_sdy_mul_wrap(v, shape[d]);
  return v;
}

int64_t sharc_sdy_reshape_group_info_get_in_volume(const sharc_sdy_reshape_group_info *g,
                                                   const int64_t *shape) {
  return volume(shape, g->in_start_dim, g->in_last_dim);
}

int64_t sharc_sdy_reshape_group_info_get_out_volume(const sharc_sdy_reshape_group_info *g,
                                                    const int64_t *shape) {
  return volume(shape, g->out_start_dim, g->out_last_dim);
}

static int64_t count_non_one(const sharc_type *type, int64_t start, int64_t last) {
  int64_t count = 0;
  for (int64_t d = start; d < last; d++)
    count += sharc_type_shape(type)[d] != 1;
  return count;
}

void sharc_sdy_build_reshape_group_infos(const sharc_type *in, const sharc_type *out,
                                         sharc_sdy_reshape_group_info_vec *groups) {
  int64_t in_rank = sharc_type_rank(in), out_rank = sharc_type_rank(out);
  const int64_t *in_shape = sharc_type_shape(in), *out_shape = sharc_type_shape(out);
  int64_t in_dim = 0, out_dim = 0;
  while (in_dim < in_rank || out_dim < out_rank) {
    int64_t in_start = in_dim, out_start = out_dim;
    int64_t in_prod = in_dim < in_rank ? in_shape[in_dim++] : 1;
    int64_t out_prod = out_dim < out_rank ? out_shape[out_dim++] : 1;
    while (in_prod != out_prod && (in_dim < in_rank || out_dim < out_rank)) {
      if (in_prod < out_prod && in_dim < in_rank)
        in_prod = sharc_sdy_mul_wrap(in_prod, in_shape[in_dim++]);
      else if (out_prod < in_prod && out_dim < out_rank)
        out_prod = sharc_sdy_mul_wrap(out_prod, out_shape[out_dim++]);
      else
        break;
    }
    sharc_sdy_reshape_group_info g = {in_start,
                                      in_dim,
                                      out_start,
                                      out_dim,
                                      count_non_one(in, in_start, in_dim),
                                      count_non_one(out, out_start, out_dim)};
    sharc_vec_push(groups, g);
  }
}

bool sharc_sdy_is_communication_free_reshape(sharc_op *reshape, const sharc_attr *in_sharding,
                                             const sharc_attr *out_sharding,
                                             const sharc_type *in_type, const sharc_type *out_type,
                                             const sharc_sdy_reshape_group_info *groups,
                                             unsigned num_groups) {
  if (sharc_sdy_is_sharding_equivalent_across_reshapes(in_sharding, in_type, out_sharding, out_type,
                                                       reshape, false))
    return true;
  if (!sharc_sdy_is_sharding_equivalent_across_reshapes(in_sharding, in_type, out_sharding,
                                                        out_type, reshape, true))
    return false;
  for (unsigned i = 0; i < num_groups; i++)
    if (!sharc_sdy_reshape_group_info_is_passthrough(&groups[i]))
      return false;
  return true;
}

/* Shardy's export utilities shared by the export passes; see export_utils.h. */
#include "transforms/sdy/export/export_utils.h"

#include "dialect/sdy/device_block.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/symbols.h"
#include "rewrite/create_op.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- axes per dimension ---------------------------------------------------- */

void sharc_sdy_axes_per_dim(const sharc_attr *sharding, sharc_sdy_axis_vec *out) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  for (unsigned d = 0; d < rank; d++) {
    const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    sharc_sdy_axes_assign(&out[d], sharc_sdy_list_items(dim), sharc_sdy_list_size(dim));
  }
}

void sharc_sdy_axes_per_dim_free(sharc_sdy_axis_vec *axes_per_dim, unsigned rank) {
  for (unsigned d = 0; d < rank; d++)
    sharc_vec_free(&axes_per_dim[d]);
}

void sharc_sdy_axes_per_dim_ordered(const sharc_sdy_axis_vec *axes_per_dim, unsigned rank,
                                    sharc_sdy_axis_vec *out) {
  unsigned start = out->len;
  for (unsigned d = 0; d < rank; d++)
    sharc_sdy_axes_append(out, axes_per_dim[d].items, axes_per_dim[d].len);
  if (out->len > start)
    sharc_sdy_axes_sort(out->items + start, out->len - start, NULL);
}

/* Whether `axis` must be split along `other` (alignSubAxesByDecomposition's
 * loop condition). */
static bool must_split(const sharc_attr *other, const sharc_attr *axis) {
  return sharc_sdy_axis_can_coexist(other, axis) && !sharc_sdy_axis_contains(other, axis) &&
         sharc_sdy_axis_ref_overlaps(other, axis);
}

void sharc_sdy_align_sub_axes(sharc_context *ctx, sharc_sdy_axis_vec *axes,
                              sharc_attr *const *ordered_others, unsigned n,
                              const sharc_attr *mesh) {
  sharc_sdy_axis_vec out = {0};
  for (unsigned i = 0; i < axes->len; i++) {
    sharc_attr *axis = axes->items[i];
    unsigned k = sharc_sdy_axis_first_overlapping(axis, ordered_others, n);
    /* a suffix left over is aligned against the next ordered axis */
    while (axis && k < n && must_split(ordered_others[k], axis)) {
      sharc_attr *other = ordered_others[k];
      sharc_attr *prefix = sharc_sdy_axis_prefix_without_overlap(ctx, axis, other);
      if (prefix)
        sharc_vec_push(&out, prefix);
      sharc_vec_push(&out, sharc_sdy_axis_overlap(ctx, axis, other));
      axis = sharc_sdy_axis_suffix_without_overlap(ctx, axis, other, mesh);
      k++;
    }
    if (axis)
      sharc_vec_push(&out, axis);
  }
  sharc_vec_free(axes);
  *axes = out;
}

void sharc_sdy_align_sub_axes_per_dim(sharc_context *ctx, sharc_sdy_axis_vec *axes_per_dim,
                                      unsigned rank, sharc_attr *const *ordered_others, unsigned n,
                                      const sharc_attr *mesh) {
  if (n == 0)
    return;
  for (unsigned d = 0; d < rank; d++)
    sharc_sdy_align_sub_axes(ctx, &axes_per_dim[d], ordered_others, n, mesh);
}

void sharc_sdy_align_sub_axes_in_out(sharc_context *ctx, sharc_sdy_axis_vec *in_axes,
                                     unsigned in_rank, sharc_sdy_axis_vec *out_axes,
                                     unsigned out_rank, const sharc_attr *mesh) {
  sharc_sdy_axis_vec ordered_in = {0}, ordered_out = {0};
  sharc_sdy_axes_per_dim_ordered(in_axes, in_rank, &ordered_in);
  sharc_sdy_axes_per_dim_ordered(out_axes, out_rank, &ordered_out);
  sharc_sdy_align_sub_axes_per_dim(ctx, in_axes, in_rank, ordered_out.items, ordered_out.len, mesh);
  sharc_sdy_align_sub_axes_per_dim(ctx, out_axes, out_rank, ordered_in.items, ordered_in.len, mesh);
  sharc_vec_free(&ordered_in);
  sharc_vec_free(&ordered_out);
}

sharc_attr *sharc_sdy_update_sharding(sharc_context *ctx, const sharc_attr *sharding,
                                      const sharc_sdy_axis_vec *axes_per_dim) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_sdy_axis_vec dims = {0};
  for (unsigned d = 0; d < parts.num_dims; d++) {
    const sharc_attr *old = parts.dims[d];
    sharc_vec_push(
        &dims,
        sharc_sdy_dim_sharding_get(
            ctx, axes_per_dim[d].items, axes_per_dim[d].len, sharc_sdy_dim_sharding_is_closed(old),
            sharc_sdy_dim_sharding_has_priority(old) ? sharc_sdy_dim_sharding_priority(old) : -1));
  }
  parts.dims = dims.items;
  sharc_attr *out = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_vec_free(&dims);
  return out;
}

/* ---- communication-free checks -------------------------------------------- */

static int64_t divide_ceil(int64_t a, int64_t b) { return a / b + (a % b > 0); }

static int64_t dense_at(const sharc_op *op, const char *name, unsigned i) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && i < sharc_attr_count(a) ? sharc_attr_dense_array_i64(a, i) : 0;
}

static int64_t dim_size(const sharc_value *v, unsigned dim) {
  sharc_type *t = sharc_value_type(v);
  return sharc_type_has_rank(t) && dim < sharc_type_rank(t) ? sharc_type_shape(t)[dim]
                                                            : SHARC_DYNAMIC;
}

static int64_t dim_shards(const sharc_attr *sharding, unsigned dim, const sharc_attr *mesh) {
  return sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(sharding, dim), mesh);
}

bool sharc_sdy_is_comm_free_slice_dim(unsigned dim, sharc_op *slice, const sharc_attr *sharding,
                                      const sharc_attr *mesh) {
  int64_t shards = dim_shards(sharding, dim, mesh);
  if (shards <= 1)
    return true;
  if (dense_at(slice, "start_indices", dim) != 0 || dense_at(slice, "strides", dim) != 1)
    return false;
  int64_t in = dim_size(sharc_op_operand(slice, 0), dim);
  int64_t out = dim_size(sharc_op_result(slice, 0), dim);
  if (in == SHARC_DYNAMIC || out == SHARC_DYNAMIC)
    return false;
  return divide_ceil(in, shards) == divide_ceil(out, shards);
}

bool sharc_sdy_is_comm_free_pad_dim(unsigned dim, sharc_op *pad, const sharc_attr *sharding,
                                    const sharc_attr *mesh) {
  int64_t shards = dim_shards(sharding, dim, mesh);
  if (shards <= 1)
    return true;
  if (dense_at(pad, "interior_padding", dim) != 0)
    return false;
  int64_t in = dim_size(sharc_op_operand(pad, 0), dim);
  if (in == SHARC_DYNAMIC)
    return false;
  int64_t s_in = divide_ceil(in, shards);
  int64_t s_out = divide_ceil(dim_size(sharc_op_result(pad, 0), dim), shards);
  int64_t low = dense_at(pad, "edge_padding_low", dim);
  for (int64_t t = 0; t < shards; t++) {
    int64_t start = t * s_out - low;
    int64_t limit = start + s_out - 1;
    int64_t valid_start = start > 0 ? start : 0;
    int64_t valid_limit = limit < in - 1 ? limit : in - 1;
    if (valid_start <= valid_limit && (valid_start / s_in != t || valid_limit / s_in != t))
      return false;
  }
  return true;
}

/* ---- reshape groups --------------------------------------------------------- */

static int64_t count_non_one(const int64_t *shape, int64_t start, int64_t last) {
  int64_t count = 0;
  for (int64_t d = start; d < last; d++)
    count += shape[d] != 1;
  return count;
}

void sharc_sdy_build_reshape_groups(const sharc_type *in, const sharc_type *out_type,
                                    sharc_sdy_reshape_groups *out) {
  const int64_t *in_shape = sharc_type_shape(in), *out_shape = sharc_type_shape(out_type);
  int64_t in_rank = sharc_type_rank(in), out_rank = sharc_type_rank(out_type);
  int64_t in_dim = 0, out_dim = 0;
  while (in_dim < in_rank || out_dim < out_rank) {
    sharc_sdy_reshape_group g = {.in_start = in_dim, .out_start = out_dim};
    int64_t in_prod = in_dim < in_rank ? in_shape[in_dim++] : 1;
    int64_t out_prod = out_dim < out_rank ? out_shape[out_dim++] : 1;
    while (in_prod != out_prod && (in_dim < in_rank || out_dim < out_rank)) {
      if (in_prod < out_prod && in_dim < in_rank)
        in_prod = sharc_mul_wrap(in_prod, in_shape[in_dim++]);
      else if (out_prod < in_prod && out_dim < out_rank)
        out_prod = sharc_mul_wrap(out_prod, out_shape[out_dim++]);
      else
        break;
    }
    g.in_last = in_dim;
    g.out_last = out_dim;
    g.in_nontrivial = count_non_one(in_shape, g.in_start, in_dim);
    g.out_nontrivial = count_non_one(out_shape, g.out_start, out_dim);
    sharc_vec_push(out, g);
  }
}

bool sharc_sdy_reshape_group_padded_indivisible(const sharc_sdy_reshape_group *g,
                                                const int64_t *padded_in, const int64_t *padded_out,
                                                const sharc_type *in, const sharc_type *out) {
  for (int64_t d = g->in_start; d < g->in_last; d++)
    if (padded_in[d] != sharc_type_shape(in)[d])
      return true;
  for (int64_t d = g->out_start; d < g->out_last; d++)
    if (padded_out[d] != sharc_type_shape(out)[d])
      return true;
  return false;
}

static bool dims_indivisible(int64_t start, int64_t last, const sharc_attr *sharding,
                             const sharc_attr *mesh, const sharc_type *type) {
  for (int64_t d = start; d < last; d++) {
    int64_t shards = sharc_sdy_dim_sharding_sharded_size(
        sharc_sdy_tensor_sharding_dim(sharding, (unsigned)d), mesh);
    if (shards > 1 && sharc_type_shape(type)[d] % shards != 0)
      return true;
  }
  return false;
}

bool sharc_sdy_reshape_group_sharding_indivisible(const sharc_sdy_reshape_group *g,
                                                  const sharc_attr *in_sharding,
                                                  const sharc_attr *out_sharding,
                                                  const sharc_attr *mesh, const sharc_type *in,
                                                  const sharc_type *out) {
  return dims_indivisible(g->in_start, g->in_last, in_sharding, mesh, in) ||
         dims_indivisible(g->out_start, g->out_last, out_sharding, mesh, out);
}

static void append_dim_axes(const sharc_attr *sharding, int64_t start, int64_t last,
                            sharc_sdy_axis_vec *out) {
  for (int64_t d = start; d < last; d++) {
    const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, (unsigned)d);
    sharc_sdy_axes_append(out, sharc_sdy_list_items(dim), sharc_sdy_list_size(dim));
  }
}

void sharc_sdy_reshape_group_axes(const sharc_sdy_reshape_group *g, const sharc_attr *in_sharding,
                                  const sharc_attr *out_sharding, sharc_sdy_axis_vec *out) {
  append_dim_axes(in_sharding, g->in_start, g->in_last, out);
  append_dim_axes(out_sharding, g->out_start, g->out_last, out);
}

static int64_t volume(const int64_t *shape, int64_t start, int64_t last) {
  int64_t v = 1;
  for (int64_t d = start; d < last; d++)
    v = sharc_mul_wrap(v, shape[d]);
  return v;
}

int64_t sharc_sdy_reshape_group_in_volume(const sharc_sdy_reshape_group *g, const int64_t *shape) {
  return volume(shape, g->in_start, g->in_last);
}

int64_t sharc_sdy_reshape_group_out_volume(const sharc_sdy_reshape_group *g, const int64_t *shape) {
  return volume(shape, g->out_start, g->out_last);
}

bool sharc_sdy_is_comm_free_reshape(sharc_op *reshape, const sharc_attr *in_sharding,
                                    const sharc_attr *out_sharding, const sharc_type *in_type,
                                    const sharc_type *out_type, const sharc_sdy_reshape_group *groups,
                                    unsigned num_groups) {
  if (sharc_sdy_is_sharding_equivalent_across_reshapes(in_sharding, in_type, out_sharding,
                                                       out_type, reshape, false))
    return true;
  if (!sharc_sdy_is_sharding_equivalent_across_reshapes(in_sharding, in_type, out_sharding,
                                                        out_type, reshape, true))
    return false;
  for (unsigned i = 0; i < num_groups; i++)
    if (!sharc_sdy_reshape_group_is_passthrough(&groups[i]))
      return false;
  return true;
}

/* ---- types, meshes, devices ------------------------------------------------- */

static bool name_allowed(sharc_str name, const sharc_str *allowed, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (sharc_str_eq(name, allowed[i]))
      return true;
  return false;
}

sharc_type *sharc_sdy_divisible_padded_type(sharc_type *type, const sharc_attr *sharding,
                                            sharc_op *from, const sharc_str *allowed,
                                            unsigned num_allowed) {
  if (!type || sharc_type_get_kind(type) != SHARC_TYPE_TENSOR || !sharding ||
      sharc_sdy_tensor_sharding_is_fully_replicated(sharding))
    return type;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, from);
  if (!mesh)
    return type;
  unsigned rank = sharc_type_rank(type);
  const int64_t *shape = sharc_type_shape(type);
  sharc_i64_vec padded = {0};
  bool changed = false;
  for (unsigned d = 0; d < rank; d++) {
    int64_t size = shape[d];
    const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    int64_t shards = 1;
    if (size != SHARC_DYNAMIC && !allowed) {
      shards = sharc_sdy_dim_sharding_sharded_size(dim, mesh);
    } else if (size != SHARC_DYNAMIC) {
      for (unsigned i = 0; i < sharc_sdy_list_size(dim); i++) {
        sharc_attr *axis = sharc_sdy_list_at(dim, i);
        if (name_allowed(sharc_sdy_axis_ref_name(axis), allowed, num_allowed))
          shards = sharc_mul_wrap(shards, sharc_sdy_axis_ref_size(axis, mesh));
      }
    }
    if (size != SHARC_DYNAMIC && shards > 1 && size % shards != 0) {
      size += shards - size % shards;
      changed = true;
    }
    sharc_vec_push(&padded, size);
  }
  sharc_type *out = changed ? sharc_type_tensor(sharc_op_context(from), padded.items, rank,
                                                sharc_type_element(type), NULL)
                            : type;
  sharc_vec_free(&padded);
  return out;
}

sharc_op *sharc_sdy_global_mesh_op(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (mesh && !sharc_sdy_mesh_is_maximal(mesh) && sharc_sdy_mesh_num_axes(mesh) > 0)
      return op;
  }
  return NULL;
}

int64_t sharc_sdy_shard_index(int64_t device_id, const sharc_attr *mesh, sharc_attr *const *axes,
                              unsigned n) {
  int64_t pos = sharc_sdy_mesh_position_of(mesh, device_id);
  return pos < 0 ? -1 : sharc_sdy_axes_block_index(mesh, pos, axes, n);
}

sharc_attr *sharc_sdy_get_or_create_mesh_symbol(sharc_rewriter *rw, sharc_op *module,
                                                sharc_attr *mesh_or_ref, sharc_attr *loc) {
  if (!mesh_or_ref)
    return NULL;
  if (sharc_attr_get_kind(mesh_or_ref) == SHARC_ATTR_SYMBOL_REF)
    return sharc_attr_symbol_num_nested(mesh_or_ref) ? NULL : mesh_or_ref;
  if (!sharc_sdy_is_mesh(mesh_or_ref))
    return NULL;
  sharc_context *ctx = sharc_op_context(module);
  if (!sharc_sdy_mesh_is_maximal(mesh_or_ref)) {
    sharc_op *global = sharc_sdy_global_mesh_op(module);
    if (global && sharc_op_attr(global, "mesh") == mesh_or_ref)
      return sharc_sdy_mesh_ref(ctx, sharc_op_symbol_name(global));
  }
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def) && sharc_op_attr(op, "mesh") == mesh_or_ref)
      return sharc_sdy_mesh_ref(ctx, sharc_op_symbol_name(op));
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("mesh")), mesh_or_ref},
      {sharc_ident_get(ctx, SHARC_STR("sym_name")), sharc_attr_string(ctx, SHARC_STR("mesh"))},
  };
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.mesh")),
                       .loc = loc,
                       .attrs = sharc_attr_dictionary(ctx, attrs, 2)};
  sharc_op *mesh_op = sharc_op_create(ctx, &st);
  unsigned counter = 0;
  sharc_symbol_uniquify(module, mesh_op, &counter);
  sharc_insert_point saved = rw->ip;
  sharc_rw_set_block_start(rw, body);
  sharc_rw_insert(rw, mesh_op);
  rw->ip = saved;
  return sharc_sdy_mesh_ref(ctx, sharc_op_symbol_name(mesh_op));
}

sharc_op *sharc_sdy_export_create(sharc_rewriter *rw, const sharc_op_def *def, sharc_attr *loc,
                                  sharc_value *const *operands, unsigned num_operands,
                                  sharc_type *const *result_types, unsigned num_results,
                                  sharc_attr *attrs, unsigned num_regions) {
  return sharc_rw_create_named(rw, sharc_op_def_name(def), loc, operands, num_operands, result_types,
                               num_results, attrs, num_regions);
}

sharc_value *sharc_sdy_create_device_id(sharc_rewriter *rw, int64_t replica_count,
                                        int64_t partition_count, sharc_attr *loc) {
  if (replica_count != 1 && partition_count != 1)
    return NULL;
  sharc_context *ctx = rw->ctx;
  sharc_type *u32 =
      sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), NULL);
  sharc_type *i64 =
      sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), NULL);
  const sharc_op_def *def = replica_count > 1 ? SHARC_SHLO(replica_id) : SHARC_SHLO(partition_id);
  sharc_op *id = sharc_sdy_export_create(rw, def, loc, NULL, 0, &u32, 1, NULL, 0);
  sharc_value *v = sharc_op_result(id, 0);
  return sharc_op_result(
      sharc_sdy_export_create(rw, SHARC_SHLO(convert), loc, &v, 1, &i64, 1, NULL, 0), 0);
}

sharc_attr *sharc_sdy_to_stablehlo_mesh(sharc_context *ctx, const sharc_attr *mesh) {
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  sharc_sdy_axis_vec axes = {0};
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++) {
    sharc_attr *axis = sharc_sdy_mesh_axis(mesh, i);
    sharc_attr *fields[2] = {sharc_attr_string(ctx, sharc_sdy_mesh_axis_name(axis)),
                             sharc_attr_integer(ctx, i64, sharc_sdy_mesh_axis_size(axis))};
    sharc_vec_push(&axes, sharc_shlo_struct_get(ctx, &sharc_shlo_mesh_axis_def, fields));
  }
  sharc_attr *fields[2] = {sharc_attr_array(ctx, axes.items, axes.len), NULL};
  unsigned n_ids = sharc_sdy_mesh_num_device_ids(mesh);
  if (n_ids) {
    uint64_t *raw = sharc_xmalloc_array(n_ids, sizeof *raw);
    for (unsigned i = 0; i < n_ids; i++)
      raw[i] = (uint64_t)sharc_sdy_mesh_device_id(mesh, i);
    int64_t shape = n_ids;
    sharc_type *t = sharc_type_tensor(ctx, &shape, 1, i64, NULL);
    fields[1] = sharc_attr_dense_elements(ctx, t, raw, n_ids, false);
    free(raw);
  }
  sharc_vec_free(&axes);
  return sharc_shlo_struct_get(ctx, &sharc_shlo_mesh_def, fields);
}

sharc_attr *sharc_sdy_to_stablehlo_axis_ref(sharc_context *ctx, const sharc_attr *axis) {
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  sharc_attr *fields[2] = {sharc_attr_string(ctx, sharc_sdy_axis_ref_name(axis)), NULL};
  sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(axis);
  if (info) {
    sharc_attr *sub[2] = {
        sharc_attr_integer(ctx, i64, sharc_sdy_sub_axis_info_pre_size(info)),
        sharc_attr_integer(ctx, i64, sharc_sdy_sub_axis_info_size(info)),
    };
    fields[1] = sharc_shlo_struct_get(ctx, &sharc_shlo_sub_axis_info_def, sub);
  }
  return sharc_shlo_struct_get(ctx, &sharc_shlo_axis_ref_def, fields);
}

sharc_attr *sharc_sdy_zero_elements(sharc_context *ctx, sharc_type *tensor_type) {
  sharc_type *elem = sharc_type_element(tensor_type);
  bool complex = sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX;
  sharc_type *scalar = complex ? sharc_type_element(elem) : elem;
  size_t words = (size_t)sharc_type_scalar_words(scalar) * (complex ? 2 : 1);
  uint64_t zeros[4] = {0, 0, 0, 0};
  return sharc_attr_dense_elements(ctx, tensor_type, zeros, words, true);
}

static sharc_walk_result max_channel(sharc_op *op, void *user) {
  int64_t *max = user;
  sharc_attr *handle = sharc_op_attr(op, "channel_handle");
  sharc_attr *id =
      handle ? sharc_shlo_struct_field(handle, &sharc_shlo_channel_handle_def, 0) : NULL;
  if (id && sharc_attr_get_kind(id) == SHARC_ATTR_INTEGER && sharc_attr_int_value(id) > *max)
    *max = sharc_attr_int_value(id);
  return SHARC_WALK_ADVANCE;
}

int64_t sharc_sdy_next_channel_id(sharc_op *module) {
  int64_t max = 0;
  sharc_walk(module, SHARC_POST_ORDER, max_channel, &max);
  return max + 1;
}


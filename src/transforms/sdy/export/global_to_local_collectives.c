/* -sdy-convert-global-to-local for the sdy collectives and sdy.constant:
 * each becomes StableHLO collectives (or a slice of this device's piece)
 * with the replica groups and channel handles Shardy gives them; see
 * global_to_local.h. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/global_to_local.h"
#include "rewrite/create_op.h"

#include <stdlib.h>
#include <string.h>

static const int64_t channel_handle_type = 1;

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static sharc_attr *i64_attr(sharc_context *ctx, int64_t v) {
  return sharc_attr_integer(ctx, sharc_halo_i64(ctx), v);
}

static int64_t *i64s(sharc_g2l_state *s, size_t n) {
  return sharc_arena_alloc(&s->arena, (n + 1) * sizeof(int64_t));
}

/* The axes of an axis-ref list (or of an all-to-all param) as an array. */
static sharc_attr **list_axes(sharc_g2l_state *s, const sharc_attr *list, unsigned *n) {
  *n = list ? sharc_sdy_list_size(list) : 0;
  sharc_attr **axes = sharc_arena_alloc(&s->arena, (*n + 1) * sizeof *axes);
  for (unsigned i = 0; i < *n; i++)
    axes[i] = sharc_sdy_list_at(list, i);
  return axes;
}

static sharc_attr **dim_axes(sharc_g2l_state *s, const sharc_attr *dim, unsigned *n) {
  *n = sharc_sdy_dim_sharding_num_axes(dim);
  sharc_attr **axes = sharc_arena_alloc(&s->arena, (*n + 1) * sizeof *axes);
  for (unsigned i = 0; i < *n; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(dim, i);
  return axes;
}

sharc_attr *sharc_g2l_channel_handle(sharc_g2l_state *s) {
  sharc_attr *fields[2] = {i64_attr(s->h.ctx, s->h.next_channel_id++),
                           i64_attr(s->h.ctx, channel_handle_type)};
  return sharc_shlo_struct_get(s->h.ctx, &sharc_shlo_channel_handle_def, fields);
}

/* ---- replica groups ------------------------------------------------------------------ */

/* A dense i64 tensor of `shape`; all-equal values make a splat, as
 * DenseElementsAttr::get does. */
static sharc_attr *dense_i64(sharc_context *ctx, const int64_t *shape, unsigned rank,
                             const int64_t *values, size_t n) {
  sharc_type *type = sharc_halo_tensor(ctx, shape, rank, sharc_halo_i64(ctx));
  bool splat = n > 0;
  for (size_t i = 1; splat && i < n; i++)
    splat = values[i] == values[0];
  return sharc_attr_dense_elements(ctx, type, (const uint64_t *)values, splat ? 1 : n, splat);
}

/* getReplicaGroups (sdy/ir/utils): the mesh's devices laid out by its
 * axes (split at the reduction sub-axes), the reduction axes moved last
 * in their order, cut into groups of the reduction axes' size. */
static sharc_attr *replica_groups_v1(sharc_g2l_state *s, sharc_attr *const *axes, unsigned n,
                                     const sharc_attr *mesh, int64_t *group_size) {
  sharc_sdy_axis_vec ordered = {0};
  sharc_sdy_axes_ordered_refs(s->h.ctx, mesh, axes, n, &ordered);
  unsigned rank = ordered.len;
  int64_t size = 1;
  for (unsigned i = 0; i < n; i++)
    size = sharc_mul_wrap(size, sharc_sdy_axis_ref_size(axes[i], mesh));
  int64_t total = sharc_sdy_mesh_total_size(mesh);
  int64_t *dims = i64s(s, rank), *perm = i64s(s, rank);
  unsigned non_reduction = 0, non_reduction_count = rank > n ? rank - n : 0;
  for (unsigned k = 0; k < rank; k++) {
    dims[k] = sharc_sdy_axis_ref_size(ordered.items[k], mesh);
    int index = sharc_sdy_axes_index_of(axes, n, ordered.items[k]);
    if (index < 0)
      perm[non_reduction++] = k;
    else if (non_reduction_count + (unsigned)index < rank)
      perm[non_reduction_count + index] = k;
  }
  sharc_vec_free(&ordered);
  /* the transposed array, read in row-major order */
  int64_t *strides = i64s(s, rank), *index = i64s(s, rank);
  for (unsigned k = rank; k-- > 0;)
    strides[k] = k + 1 == rank ? 1 : strides[k + 1] * dims[k + 1];
  int64_t *values = i64s(s, total > 0 ? (size_t)total : 0);
  unsigned num_ids = sharc_sdy_mesh_num_device_ids(mesh);
  for (int64_t flat = 0; flat < total; flat++) {
    int64_t source = 0;
    for (unsigned k = 0; k < rank; k++)
      source += index[k] * strides[perm[k]];
    values[flat] = num_ids ? sharc_sdy_mesh_device_id(mesh, (unsigned)source) : source;
    for (unsigned k = rank; k-- > 0;) {
      if (++index[k] < dims[perm[k]])
        break;
      index[k] = 0;
    }
  }
  int64_t shape[2] = {size > 0 ? total / size : 0, size};
  *group_size = size;
  return dense_i64(s->h.ctx, shape, 2, values, total > 0 ? (size_t)total : 0);
}

static bool has_sub_axis(sharc_attr *const *axes, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_axis_ref_sub_axis_info(axes[i]))
      return true;
  return false;
}

sharc_attr *sharc_g2l_replica_groups(sharc_g2l_state *s, sharc_attr *const *axes, unsigned n,
                                     const sharc_attr *mesh, sharc_attr *mesh_or_ref,
                                     int64_t *group_size) {
  if (!s->opts->enable_rgv3 || has_sub_axis(axes, n))
    return replica_groups_v1(s, axes, n, mesh, group_size);
  sharc_context *ctx = s->h.ctx;
  sharc_attr **refs = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *refs);
  for (unsigned i = 0; i < n; i++)
    refs[i] = sharc_sdy_to_stablehlo_axis_ref(ctx, axes[i]);
  sharc_attr *fields[2] = {mesh_or_ref, sharc_attr_array(ctx, refs, n)};
  *group_size = sharc_sdy_axes_total_size(axes, n, mesh);
  return sharc_shlo_struct_get(ctx, &sharc_shlo_replica_group_mesh_axes_def, fields);
}

/* ---- building ------------------------------------------------------------------------- */

static sharc_type *with_shape(sharc_g2l_state *s, sharc_type *like, const int64_t *shape,
                              unsigned rank) {
  return sharc_halo_tensor(s->h.ctx, shape, rank, sharc_type_element(like));
}

static sharc_value *reshape(sharc_g2l_state *s, sharc_attr *loc, sharc_value *v,
                            const int64_t *shape, unsigned rank) {
  return sharc_halo_reshape(&s->h, loc, with_shape(s, sharc_value_type(v), shape, rank), v);
}

static sharc_value *transpose(sharc_g2l_state *s, sharc_attr *loc, sharc_value *v,
                              const int64_t *perm, unsigned rank) {
  const int64_t *in = sharc_type_shape(sharc_value_type(v));
  int64_t *shape = i64s(s, rank);
  for (unsigned k = 0; k < rank; k++)
    shape[k] = in[perm[k]];
  sharc_named_attr a = named(s->h.ctx, "permutation", sharc_halo_i64_array(s->h.ctx, perm, rank));
  return sharc_halo_op(&s->h, "stablehlo.transpose", loc, &v, 1,
                       with_shape(s, sharc_value_type(v), shape, rank), &a, 1);
}

/* buildReduceComputation: a body reducing two scalars of `elem` with the
 * sdy reduction `reduction` (sum, max or min). */
static void build_reduce_body(sharc_g2l_state *s, sharc_op *op, sharc_type *elem,
                              int64_t reduction, sharc_attr *loc) {
  static const char *const names[] = {"stablehlo.add", "stablehlo.maximum", "stablehlo.minimum"};
  sharc_insert_point saved = s->h.rw.ip;
  sharc_type *scalar = sharc_halo_tensor(s->h.ctx, NULL, 0, elem);
  sharc_type *types[2] = {scalar, scalar};
  sharc_attr *locs[2] = {loc, loc};
  sharc_block *b = sharc_rw_create_block(&s->h.rw, sharc_op_region(op, 0), NULL, types, 2, locs);
  const char *name = reduction >= 0 && reduction < 3 ? names[reduction] : names[0];
  sharc_value *r =
      sharc_halo_binary(&s->h, name, loc, sharc_block_arg(b, 0), sharc_block_arg(b, 1));
  sharc_op_state st = {.name = sharc_ident_get(s->h.ctx, SHARC_STR("stablehlo.return")),
                       .loc = loc,
                       .operands = &r,
                       .num_operands = 1};
  sharc_rw_create(&s->h.rw, &st);
  s->h.rw.ip = saved;
}

/* A collective op with one operand, one result and one region or none. */
static sharc_op *collective(sharc_g2l_state *s, const char *name, sharc_attr *loc,
                            sharc_value *operand, sharc_type *type, sharc_named_attr *attrs,
                            unsigned n_attrs, unsigned regions) {
  return sharc_rw_create_named(&s->h.rw, name, loc, &operand, 1, &type, 1,
                               sharc_attr_dictionary(s->h.ctx, attrs, n_attrs), regions);
}

static int64_t reduction_of(sharc_op *op) {
  sharc_attr *r = sharc_op_attr(op, "reduction_op");
  return r && sharc_attr_get_kind(r) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(r) : 0;
}

sharc_value *sharc_g2l_reducing_collective(sharc_g2l_state *s, sharc_op *op, const char *name,
                                           sharc_value *input, sharc_type *type,
                                           sharc_attr *groups, int64_t scatter_dim) {
  sharc_context *ctx = s->h.ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_named_attr attrs[4];
  unsigned n = 0;
  attrs[n++] = named(ctx, "channel_handle", sharc_g2l_channel_handle(s));
  attrs[n++] = named(ctx, "replica_groups", groups);
  if (scatter_dim >= 0)
    attrs[n++] = named(ctx, "scatter_dimension", i64_attr(ctx, scatter_dim));
  attrs[n++] = named(ctx, "use_global_device_ids", sharc_attr_unit(ctx));
  sharc_op *c = collective(s, name, loc, input, type, attrs, n, 1);
  build_reduce_body(s, c, sharc_type_element(sharc_value_type(input)), reduction_of(op), loc);
  return sharc_op_result(c, 0);
}

static sharc_attr *out_sharding(sharc_op *op) {
  return sharc_op_attr(op, "out_sharding");
}

static bool resolve_mesh(sharc_g2l_state *s, sharc_op *op, const sharc_attr *sharding,
                         sharc_attr **mesh) {
  *mesh = sharc_g2l_mesh(s, sharding);
  if (*mesh)
    return true;
  sharc_emit_op_error(op, "failed to resolve mesh");
  return false;
}

/* ---- device offsets ------------------------------------------------------------------- */

sharc_value *sharc_g2l_dimension_offset(sharc_g2l_state *s, sharc_attr *loc,
                                        const sharc_attr *mesh, sharc_attr *const *axes,
                                        unsigned n, int64_t shard_size) {
  int64_t num_devices = sharc_sdy_mesh_total_size(mesh);
  sharc_value *device =
      sharc_sdy_create_device_id(&s->h.rw, s->h.replica_count, s->h.partition_count, loc);
  int64_t *table = i64s(s, num_devices > 0 ? (size_t)num_devices : 0);
  for (int64_t d = 0; d < num_devices; d++)
    table[d] = sharc_mul_wrap(sharc_sdy_shard_index(d, mesh, axes, n), shard_size);
  sharc_value *table_v = sharc_halo_const_i64_1d(&s->h, loc, table, (unsigned)num_devices);
  int64_t one = 1;
  sharc_type *slice_type = sharc_halo_tensor(s->h.ctx, &one, 1, sharc_halo_i64(s->h.ctx));
  sharc_value *slice = sharc_halo_dynamic_slice(&s->h, loc, slice_type, table_v, &device, 1, &one);
  return sharc_halo_reshape(&s->h, loc, sharc_halo_tensor(s->h.ctx, NULL, 0,
                                                          sharc_halo_i64(s->h.ctx)),
                            slice);
}

sharc_value *sharc_g2l_dynamic_slice_for_axes(sharc_g2l_state *s, sharc_attr *loc,
                                              sharc_value *global, const sharc_attr *mesh,
                                              sharc_attr *const *dims, sharc_type *local_type) {
  unsigned rank = sharc_type_rank(local_type);
  sharc_value **starts = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *starts);
  for (unsigned d = 0; d < rank; d++) {
    unsigned n = 0;
    sharc_attr **axes = sharc_sdy_is_dim_sharding(dims[d]) ? dim_axes(s, dims[d], &n)
                                                           : list_axes(s, dims[d], &n);
    starts[d] = n ? sharc_g2l_dimension_offset(s, loc, mesh, axes, n,
                                               sharc_type_shape(local_type)[d])
                  : sharc_halo_const_i64(&s->h, loc, 0);
  }
  return sharc_halo_dynamic_slice(&s->h, loc, local_type, global, starts, rank,
                                  sharc_type_shape(local_type));
}

/* ---- sdy.all_gather ---------------------------------------------------------------------- */

static sharc_value *all_gather(sharc_g2l_state *s, sharc_attr *loc, sharc_value *input,
                               int64_t dim, sharc_attr *groups, const int64_t *shape,
                               unsigned rank) {
  sharc_context *ctx = s->h.ctx;
  sharc_named_attr attrs[4] = {
      named(ctx, "all_gather_dim", i64_attr(ctx, dim)),
      named(ctx, "channel_handle", sharc_g2l_channel_handle(s)),
      named(ctx, "replica_groups", groups),
      named(ctx, "use_global_device_ids", sharc_attr_unit(ctx)),
  };
  sharc_type *type = with_shape(s, sharc_value_type(input), shape, rank);
  return sharc_op_result(
      collective(s, "stablehlo.all_gather", loc, input, type, attrs, 4, 0), 0);
}

static void all_gather_per_dim(sharc_g2l_state *s, sharc_op *op, const sharc_attr *mesh,
                               sharc_attr *mesh_or_ref, sharc_attr *gathering) {
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *cur = sharc_op_operand(op, 0);
  for (unsigned d = sharc_sdy_list_size(gathering); d-- > 0;) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(gathering, d), &n);
    if (!n)
      continue;
    sharc_type *t = sharc_value_type(cur);
    unsigned rank = sharc_type_rank(t);
    int64_t *shape = i64s(s, rank);
    memcpy(shape, sharc_type_shape(t), rank * sizeof *shape);
    int64_t size;
    sharc_attr *groups = sharc_g2l_replica_groups(s, axes, n, mesh, mesh_or_ref, &size);
    if (shape[d] != SHARC_DYNAMIC)
      shape[d] *= size;
    cur = all_gather(s, loc, cur, d, groups, shape, rank);
  }
  sharc_g2l_replace(s, op, cur);
}

/* One all-gather of every gathering axis on a new leading dimension, whose
 * factors are then moved next to the dimensions they gather. */
static void all_gather_combined(sharc_g2l_state *s, sharc_op *op, const sharc_attr *mesh,
                                sharc_attr *mesh_or_ref, sharc_attr *gathering) {
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *t = sharc_value_type(input);
  unsigned rank = sharc_type_rank(t);
  const int64_t *local = sharc_type_shape(t);
  int64_t *gdims = i64s(s, rank), *factors = i64s(s, rank);
  unsigned ng = 0;
  sharc_sdy_axis_vec all = {0};
  for (unsigned d = 0; d < sharc_sdy_list_size(gathering) && d < rank; d++) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(gathering, d), &n);
    if (!n)
      continue;
    int64_t factor = 1;
    for (unsigned i = 0; i < n; i++)
      factor = sharc_mul_wrap(factor, sharc_sdy_axis_ref_size(axes[i], mesh));
    sharc_sdy_axes_append(&all, axes, n);
    gdims[ng] = d;
    factors[ng++] = factor;
  }
  int64_t *tmp = i64s(s, rank + 1);
  tmp[0] = 1;
  memcpy(tmp + 1, local, rank * sizeof *tmp);
  sharc_value *cur = reshape(s, loc, input, tmp, rank + 1);
  sharc_attr *groups = sharc_g2l_replica_groups(s, all.items, all.len, mesh, mesh_or_ref, &tmp[0]);
  sharc_vec_free(&all);
  cur = all_gather(s, loc, cur, 0, groups, tmp, rank + 1);
  int64_t *split = i64s(s, ng + rank);
  memcpy(split, factors, ng * sizeof *split);
  memcpy(split + ng, local, rank * sizeof *split);
  cur = reshape(s, loc, cur, split, ng + rank);
  int64_t *perm = i64s(s, ng + rank);
  unsigned np = 0, next_factor = 0;
  for (unsigned i = 0; i < rank; i++) {
    bool gathered = false;
    for (unsigned j = 0; j < ng; j++)
      gathered |= gdims[j] == (int64_t)i;
    if (gathered)
      perm[np++] = next_factor++;
    perm[np++] = i + ng;
  }
  cur = transpose(s, loc, cur, perm, ng + rank);
  int64_t *final = i64s(s, rank);
  memcpy(final, local, rank * sizeof *final);
  for (unsigned j = 0; j < ng; j++)
    final[gdims[j]] *= factors[j];
  cur = reshape(s, loc, cur, final, rank);
  sharc_g2l_replace(s, op, cur);
}

bool sharc_g2l_all_gather(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *gathering = sharc_op_attr(op, "gathering_axes");
  unsigned num_dims = 0;
  for (unsigned d = 0; d < sharc_sdy_list_size(gathering); d++)
    num_dims += sharc_sdy_list_size(sharc_sdy_list_at(gathering, d)) > 0;
  if (!num_dims) {
    sharc_emit_op_error(op, "No-op AllGatherOp should have been removed by canonicalization.");
    return false;
  }
  sharc_attr *mesh;
  if (!resolve_mesh(s, op, out_sharding(op), &mesh))
    return false;
  sharc_attr *mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(out_sharding(op));
  if (s->opts->per_dim_all_gather || num_dims == 1)
    all_gather_per_dim(s, op, mesh, mesh_or_ref, gathering);
  else
    all_gather_combined(s, op, mesh, mesh_or_ref, gathering);
  return true;
}

/* ---- sdy.all_reduce ------------------------------------------------------------------------ */

bool sharc_g2l_all_reduce(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *mesh;
  if (!resolve_mesh(s, op, out_sharding(op), &mesh))
    return false;
  unsigned n;
  sharc_attr **axes = list_axes(s, sharc_op_attr(op, "reduction_axes"), &n);
  int64_t size;
  sharc_attr *groups = sharc_g2l_replica_groups(
      s, axes, n, mesh, sharc_sdy_tensor_sharding_mesh_or_ref(out_sharding(op)), &size);
  sharc_type *type = sharc_g2l_local_result_type(s, op, 0);
  if (!type)
    return false;
  sharc_value *r = sharc_g2l_reducing_collective(s, op, "stablehlo.all_reduce", sharc_op_operand(op, 0),
                                       type, groups, -1);
  sharc_g2l_replace(s, op, r);
  return true;
}

/* ---- sdy.all_slice --------------------------------------------------------------------------- */

bool sharc_g2l_all_slice(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *mesh;
  if (!resolve_mesh(s, op, out_sharding(op), &mesh))
    return false;
  sharc_type *type = sharc_g2l_local_result_type(s, op, 0);
  if (!type)
    return false;
  sharc_attr *slicing = sharc_op_attr(op, "slicing_axes");
  unsigned rank = sharc_type_rank(type);
  if (sharc_sdy_list_size(slicing) < rank)
    return true; /* the verifier reports it */
  sharc_attr **dims = list_axes(s, slicing, &rank);
  sharc_value *r = sharc_g2l_dynamic_slice_for_axes(s, sharc_op_loc(op), sharc_op_operand(op, 0),
                                                    mesh, dims, type);
  sharc_g2l_replace(s, op, r);
  return true;
}

/* ---- sdy.all_to_all ------------------------------------------------------------------------------ */

static sharc_value *all_to_all(sharc_g2l_state *s, sharc_attr *loc, sharc_value *input,
                               sharc_type *type, int64_t split, int64_t concat, int64_t count,
                               sharc_attr *groups) {
  sharc_context *ctx = s->h.ctx;
  sharc_named_attr attrs[5] = {
      named(ctx, "channel_handle", sharc_g2l_channel_handle(s)),
      named(ctx, "concat_dimension", i64_attr(ctx, concat)),
      named(ctx, "replica_groups", groups),
      named(ctx, "split_count", i64_attr(ctx, count)),
      named(ctx, "split_dimension", i64_attr(ctx, split)),
  };
  return sharc_op_result(collective(s, "stablehlo.all_to_all", loc, input, type, attrs, 5, 0), 0);
}

static bool all_to_all_one(sharc_g2l_state *s, sharc_op *op, const sharc_attr *mesh,
                           sharc_attr *mesh_or_ref, sharc_attr *param) {
  unsigned n;
  sharc_attr **axes = list_axes(s, param, &n);
  if (!n) {
    sharc_emit_op_error(op, "failed to resolve axes");
    return false;
  }
  int64_t count;
  sharc_attr *groups = sharc_g2l_replica_groups(s, axes, n, mesh, mesh_or_ref, &count);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *t = sharc_value_type(input);
  unsigned rank = sharc_type_rank(t);
  int64_t *shape = i64s(s, rank);
  memcpy(shape, sharc_type_shape(t), rank * sizeof *shape);
  int64_t src = sharc_sdy_all_to_all_param_src_dim(param);
  int64_t tgt = sharc_sdy_all_to_all_param_tgt_dim(param);
  if (shape[src] == SHARC_DYNAMIC || shape[tgt] == SHARC_DYNAMIC) {
    sharc_emit_op_error(op, "dynamic shape not supported");
    return false;
  }
  if (count <= 0 || shape[tgt] % count) {
    sharc_emit_op_error(op, "dimension not divisible by num devices per group");
    return false;
  }
  shape[src] *= count;
  shape[tgt] /= count;
  sharc_value *r = all_to_all(s, sharc_op_loc(op), input, with_shape(s, t, shape, rank), tgt, src,
                              count, groups);
  sharc_g2l_replace(s, op, r);
  return true;
}

/* Several params: split every target dimension by its param's device count,
 * move those factors first, one all-to-all on them combined, then move
 * each factor next to its source dimension. */
static bool all_to_all_many(sharc_g2l_state *s, sharc_op *op, const sharc_attr *mesh,
                            sharc_attr *mesh_or_ref, sharc_attr *params) {
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *t = sharc_value_type(input);
  unsigned rank = sharc_type_rank(t);
  const int64_t *in = sharc_type_shape(t);
  unsigned np = sharc_sdy_list_size(params);
  int64_t *order = i64s(s, np), *counts = i64s(s, np);
  for (unsigned i = 0; i < np; i++)
    order[i] = i;
  /* stable sort by target dimension, as llvm::sort on distinct keys */
  for (unsigned i = 1; i < np; i++)
    for (unsigned j = i; j > 0 && sharc_sdy_all_to_all_param_tgt_dim(
                                      sharc_sdy_list_at(params, (unsigned)order[j])) <
                                      sharc_sdy_all_to_all_param_tgt_dim(
                                          sharc_sdy_list_at(params, (unsigned)order[j - 1]));
         j--) {
      int64_t tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
  sharc_sdy_axis_vec all = {0};
  for (unsigned i = 0; i < np; i++) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(params, (unsigned)order[i]), &n);
    counts[i] = sharc_sdy_axes_total_size(axes, n, mesh);
    sharc_sdy_axes_append(&all, axes, n);
  }
  int64_t *shape0 = i64s(s, rank + np), *perm0 = i64s(s, rank + np);
  unsigned n0 = 0, nperm = 0;
  for (unsigned d = 0; d < rank; d++) {
    int found = -1;
    for (unsigned i = 0; i < np && found < 0; i++)
      if (sharc_sdy_all_to_all_param_tgt_dim(sharc_sdy_list_at(params, (unsigned)order[i])) ==
          (int64_t)d)
        found = (int)i;
    if (found < 0) {
      shape0[n0++] = in[d];
      continue;
    }
    int64_t count = counts[found];
    perm0[nperm++] = n0;
    shape0[n0++] = count;
    if (in[d] == SHARC_DYNAMIC || count <= 0 || in[d] % count) {
      sharc_vec_free(&all);
      sharc_emit_op_error(op,
                          "dynamic shape or dimension not divisible by num devices per param");
      return false;
    }
    shape0[n0++] = in[d] / count;
  }
  for (unsigned i = 0; i < n0; i++) {
    bool present = false;
    for (unsigned k = 0; k < nperm; k++)
      present |= perm0[k] == (int64_t)i;
    if (!present)
      perm0[nperm++] = i;
  }
  sharc_value *reshape0 = reshape(s, loc, input, shape0, n0);
  sharc_value *transpose0 = transpose(s, loc, reshape0, perm0, n0);
  const int64_t *t0 = sharc_type_shape(sharc_value_type(transpose0));
  int64_t count;
  sharc_attr *groups = sharc_g2l_replica_groups(s, all.items, all.len, mesh, mesh_or_ref, &count);
  sharc_vec_free(&all);
  int64_t *shape1 = i64s(s, n0);
  shape1[0] = count;
  memcpy(shape1 + 1, t0 + np, (n0 - np) * sizeof *shape1);
  sharc_value *reshape1 = reshape(s, loc, transpose0, shape1, n0 - np + 1);
  sharc_value *a2a =
      all_to_all(s, loc, reshape1, sharc_value_type(reshape1), 0, 0, count, groups);
  sharc_value *reshape2 = sharc_halo_reshape(&s->h, loc, sharc_value_type(transpose0), a2a);
  /* perm1: the rank dimensions, each source dimension preceded by its factor */
  int64_t *perm1 = i64s(s, rank + np);
  unsigned n1 = 0;
  for (unsigned d = 0; d < rank; d++)
    perm1[n1++] = d + np;
  for (unsigned i = 0; i < np; i++) {
    int64_t src = sharc_sdy_all_to_all_param_src_dim(sharc_sdy_list_at(params, (unsigned)order[i]));
    unsigned at = 0;
    while (at < n1 && perm1[at] != src + (int64_t)np)
      at++;
    memmove(perm1 + at + 1, perm1 + at, (n1 - at) * sizeof *perm1);
    perm1[at] = i;
    n1++;
  }
  sharc_value *transpose1 = transpose(s, loc, reshape2, perm1, n1);
  const int64_t *t1 = sharc_type_shape(sharc_value_type(transpose1));
  int64_t *final = i64s(s, n1);
  unsigned nf = 0;
  for (unsigned i = 0; i < n1; i++) {
    if (perm1[i] < (int64_t)np && i + 1 < n1) {
      final[nf++] = t1[i] * t1[i + 1];
      i++;
    } else {
      final[nf++] = t1[i];
    }
  }
  sharc_g2l_replace(s, op, reshape(s, loc, transpose1, final, nf));
  return true;
}

bool sharc_g2l_all_to_all(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *mesh;
  if (!resolve_mesh(s, op, out_sharding(op), &mesh))
    return false;
  sharc_attr *mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(out_sharding(op));
  sharc_attr *params = sharc_op_attr(op, "params");
  unsigned np = params ? sharc_sdy_list_size(params) : 0;
  if (!np) {
    sharc_emit_op_error(op, "failed to resolve axes");
    return false;
  }
  if (np == 1)
    return all_to_all_one(s, op, mesh, mesh_or_ref, sharc_sdy_list_at(params, 0));
  return all_to_all_many(s, op, mesh, mesh_or_ref, params);
}

/* ---- sdy.collective_permute --------------------------------------------------------------------- */

static void push_sharding_axes(sharc_sdy_axis_vec *out, const sharc_attr *sharding) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_vec_push(out, sharc_sdy_dim_sharding_axis(dim, i));
  }
}

/* The atomic axes of `ordered` in the order `sharding` uses them, then
 * those it does not use. */
static void sharding_axes(const sharc_attr *sharding, const sharc_sdy_axis_vec *ordered,
                          sharc_sdy_axis_vec *out) {
  for (unsigned d = 0; sharding && d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
      sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, i);
      for (unsigned k = 0; k < ordered->len; k++) {
        sharc_attr *atomic = ordered->items[k];
        if (sharc_str_eq(sharc_sdy_axis_ref_name(axis), sharc_sdy_axis_ref_name(atomic)) &&
            sharc_sdy_axis_contains(axis, atomic) &&
            sharc_sdy_axes_index_of(out->items, out->len, atomic) < 0)
          sharc_vec_push(out, atomic);
      }
    }
  }
  for (unsigned k = 0; k < ordered->len; k++)
    if (sharc_sdy_axes_index_of(out->items, out->len, ordered->items[k]) < 0)
      sharc_vec_push(out, ordered->items[k]);
}

bool sharc_g2l_collective_permute(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *out = out_sharding(op);
  sharc_attr *in = sharc_g2l_operand_sharding(s, op, 0);
  if (out == in) {
    sharc_emit_op_error(op,
                        "Shardy canonicalizer should have removed no-op collective-permute.");
    return false;
  }
  sharc_attr *out_mesh = sharc_g2l_mesh(s, out), *in_mesh = sharc_g2l_mesh(s, in);
  if (!out_mesh || !in_mesh) {
    sharc_emit_op_error(op, "failed to resolve mesh");
    return false;
  }
  int64_t num_devices = sharc_sdy_mesh_total_size(out_mesh);
  if (sharc_sdy_mesh_total_size(in_mesh) != num_devices) {
    sharc_emit_op_error(op, "collective-permute between meshes of different sizes is not "
                            "supported.");
    return false;
  }
  sharc_sdy_axis_vec used = {0}, ordered = {0}, out_axes = {0}, in_axes = {0};
  push_sharding_axes(&used, in);
  push_sharding_axes(&used, out);
  sharc_sdy_axes_ordered_refs(s->h.ctx, out_mesh, used.items, used.len, &ordered);
  sharding_axes(out, &ordered, &out_axes);
  sharding_axes(in, &ordered, &in_axes);
  int64_t *out_of_logical = i64s(s, (size_t)num_devices);
  for (int64_t j = 0; j < num_devices; j++) {
    int64_t logical = sharc_sdy_shard_index(j, out_mesh, out_axes.items, out_axes.len);
    if (logical >= 0 && logical < num_devices)
      out_of_logical[logical] = j;
  }
  int64_t *pairs = i64s(s, 2 * (size_t)num_devices);
  for (int64_t i = 0; i < num_devices; i++) {
    int64_t logical = sharc_sdy_shard_index(i, in_mesh, in_axes.items, in_axes.len);
    pairs[2 * i] = i;
    pairs[2 * i + 1] = logical >= 0 && logical < num_devices ? out_of_logical[logical] : 0;
  }
  sharc_vec_free(&used);
  sharc_vec_free(&ordered);
  sharc_vec_free(&out_axes);
  sharc_vec_free(&in_axes);
  sharc_value *r = sharc_halo_collective_permute(&s->h, sharc_op_loc(op), sharc_op_operand(op, 0),
                                                 pairs, (unsigned)num_devices);
  sharc_g2l_replace(s, op, r);
  return true;
}

/* ---- sdy.reduce_scatter --------------------------------------------------------------------------- */

static bool reduce_scatter_combined(sharc_g2l_state *s, sharc_op *op, const sharc_attr *mesh,
                                    sharc_attr *mesh_or_ref, sharc_attr *scatter_axes,
                                    const sharc_sdy_axis_vec *all, sharc_type *local) {
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *t = sharc_value_type(input);
  unsigned rank = sharc_type_rank(t);
  const int64_t *in = sharc_type_shape(t);
  int64_t *split = i64s(s, 2 * rank), *factor_dims = i64s(s, rank);
  unsigned ns = 0, nf = 0;
  int64_t total = 1;
  for (unsigned d = 0; d < rank; d++) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(scatter_axes, d), &n);
    if (!n) {
      split[ns++] = in[d];
      continue;
    }
    int64_t factor = sharc_sdy_axes_total_size(axes, n, mesh);
    factor_dims[nf++] = ns;
    split[ns++] = factor;
    if (in[d] == SHARC_DYNAMIC || factor <= 0 || in[d] % factor) {
      sharc_emit_op_error(op, "dimension not divisible by scattering factor");
      return false;
    }
    split[ns++] = in[d] / factor;
    total = sharc_mul_wrap(total, factor);
  }
  sharc_value *cur = reshape(s, loc, input, split, ns);
  int64_t *perm = i64s(s, ns);
  memcpy(perm, factor_dims, nf * sizeof *perm);
  unsigned np = nf;
  for (unsigned i = 0; i < ns; i++) {
    bool is_factor = false;
    for (unsigned k = 0; k < nf; k++)
      is_factor |= factor_dims[k] == (int64_t)i;
    if (!is_factor)
      perm[np++] = i;
  }
  cur = transpose(s, loc, cur, perm, ns);
  unsigned local_rank = sharc_type_rank(local);
  int64_t *combined = i64s(s, local_rank + 1);
  combined[0] = total;
  memcpy(combined + 1, sharc_type_shape(local), local_rank * sizeof *combined);
  cur = reshape(s, loc, cur, combined, local_rank + 1);
  int64_t size;
  sharc_attr *groups = sharc_g2l_replica_groups(s, all->items, all->len, mesh, mesh_or_ref, &size);
  combined[0] = 1;
  cur = sharc_g2l_reducing_collective(s, op, "stablehlo.reduce_scatter", cur,
                            with_shape(s, t, combined, local_rank + 1), groups, 0);
  sharc_g2l_replace(s, op, sharc_halo_reshape(&s->h, loc, local, cur));
  return true;
}

bool sharc_g2l_reduce_scatter(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *sharding = sharc_g2l_operand_sharding(s, op, 0);
  sharc_attr *mesh;
  if (!resolve_mesh(s, op, sharding, &mesh))
    return false;
  sharc_attr *mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(sharding);
  sharc_attr *scatter_axes = sharc_op_attr(op, "reduce_scatter_axes");
  sharc_sdy_axis_vec all = {0};
  unsigned num_dims = 0, last = 0;
  for (unsigned d = 0; d < sharc_sdy_list_size(scatter_axes); d++) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(scatter_axes, d), &n);
    if (!n)
      continue;
    last = d;
    num_dims++;
    sharc_sdy_axes_append(&all, axes, n);
  }
  if (!num_dims) {
    sharc_emit_op_error(op, "Shardy should have canonicalized no-op reduce-scatter.");
    return false;
  }
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  bool ok = local != NULL;
  int64_t size;
  if (ok && num_dims == 1) {
    unsigned n;
    sharc_attr **axes = list_axes(s, sharc_sdy_list_at(scatter_axes, last), &n);
    sharc_attr *groups = sharc_g2l_replica_groups(s, axes, n, mesh, mesh_or_ref, &size);
    sharc_g2l_replace(s, op,
                      sharc_g2l_reducing_collective(s, op, "stablehlo.reduce_scatter",
                                          sharc_op_operand(op, 0), local, groups, last));
  } else if (ok && s->opts->combine_multi_dimension_reduce_scatter) {
    ok = reduce_scatter_combined(s, op, mesh, mesh_or_ref, scatter_axes, &all, local);
  } else if (ok) {
    /* one all-reduce over every axis, then this device's piece */
    sharc_value *input = sharc_op_operand(op, 0);
    sharc_attr *groups = sharc_g2l_replica_groups(s, all.items, all.len, mesh, mesh_or_ref, &size);
    sharc_value *reduced = sharc_g2l_reducing_collective(s, op, "stablehlo.all_reduce", input,
                                               sharc_value_type(input), groups, -1);
    unsigned rank;
    sharc_attr **dims = list_axes(s, scatter_axes, &rank);
    sharc_g2l_replace(s, op,
                      sharc_g2l_dynamic_slice_for_axes(s, sharc_op_loc(op), reduced, mesh, dims,
                                                       local));
  }
  sharc_vec_free(&all);
  return ok;
}

/* ---- sdy.constant ------------------------------------------------------------------------------------ */

bool sharc_g2l_constant(sharc_g2l_state *s, sharc_op *op) {
  sharc_type *global = sharc_value_type(sharc_op_result(op, 0));
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  if (!local)
    return false;
  sharc_attr *value = sharc_op_attr(op, "value");
  sharc_attr *loc = sharc_op_loc(op);
  sharc_named_attr a = named(s->h.ctx, "value", value);
  bool splat = value && sharc_attr_get_kind(value) == SHARC_ATTR_DENSE_ELEMENTS && sharc_dense_splat(value);
  if (local == global || splat) {
    if (local != global)
      a.value = sharc_attr_dense_elements(s->h.ctx, local, sharc_dense_raw(value), sharc_dense_nwords(value),
                                          true);
    sharc_g2l_replace(s, op,
                      sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, local, &a, 1));
    return true;
  }
  sharc_attr *sharding = sharc_g2l_result_sharding(op, 0);
  sharc_attr *mesh = sharc_g2l_mesh(s, sharding);
  if (!mesh) {
    sharc_emit_op_error(op, "failed to resolve mesh for constant");
    return false;
  }
  sharc_value *c = sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, global, &a, 1);
  unsigned rank = sharc_type_rank(local);
  sharc_attr **dims = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *dims);
  for (unsigned d = 0; d < rank; d++)
    dims[d] = sharc_sdy_tensor_sharding_dim(sharding, d);
  sharc_g2l_replace(s, op, sharc_g2l_dynamic_slice_for_axes(s, loc, c, mesh, dims, local));
  return true;
}

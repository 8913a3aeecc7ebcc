/* stablehlo.reshape on dimensions whose size their sharding does not
 * divide: a halo exchange for splitting groups of dimensions, else
 * resharding the groups' axes away around the reshape (Shardy's
 * resolve_permutation_factors). */
#include "transforms/sdy/export/halo_internal.h"

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "support/xalloc.h"
#include "transforms/sdy/export/export_utils.h"

#include <stdlib.h>
#include <string.h>

typedef struct reshape_ctx {
  sharc_halo_state *s;
  sharc_op *reshape;
  sharc_attr *in_sharding, *out_sharding;
  const sharc_attr *mesh;
  sharc_type *in_type, *out_type;
  sharc_sdy_reshape_groups groups;
  sharc_i64_vec padded_in, padded_out;
  sharc_halo_names non_divisible;
  SHARC_VEC(sharc_sdy_reshape_group) active; /* ReshapeHaloInfo's groups */
} reshape_ctx;

static int64_t shape_at(const sharc_type *t, int64_t d) { return sharc_type_shape(t)[d]; }

static int64_t dim_count(const sharc_attr *sharding, int64_t d, const sharc_attr *mesh) {
  return sharc_halo_dim_sharded_size(sharding, (unsigned)d, mesh);
}

/* getReshapeHaloInfo: the splitting groups with indivisible dimensions, or
 * false when a group with indivisibility cannot be exchanged. */
static bool reshape_halo_info(reshape_ctx *r) {
  if (!r->groups.len)
    return false;
  for (unsigned i = 0; i < r->groups.len; i++) {
    const sharc_sdy_reshape_group *g = &r->groups.items[i];
    if (sharc_sdy_reshape_group_is_passthrough(g) ||
        !sharc_sdy_reshape_group_padded_indivisible(g, r->padded_in.items, r->padded_out.items,
                                                    r->in_type, r->out_type))
      continue;
    if (sharc_sdy_reshape_group_is_neither(g))
      return false;
    /* size-1 dimensions inside an indivisible group fall back to replication */
    if (g->in_nontrivial != g->in_last - g->in_start ||
        g->out_nontrivial != g->out_last - g->out_start)
      return false;
    int64_t in_size = shape_at(r->in_type, g->in_start);
    int64_t out_size = shape_at(r->out_type, g->out_start);
    if (!in_size || !out_size || (in_size % out_size != 0 && out_size % in_size != 0))
      return false;
    if (sharc_sdy_reshape_group_in_volume(g, r->padded_in.items) !=
        sharc_sdy_reshape_group_out_volume(g, r->padded_out.items))
      return false;
    if (!sharc_sdy_reshape_group_is_split(g))
      return false;
    sharc_vec_push(&r->active, *g);
  }
  return r->active.len > 0;
}

/* Pads the group's dimensions that their sharding does not divide;
 * returns whether there was one. */
static bool pad_indivisible(int64_t start, int64_t last, const sharc_attr *sharding,
                            const sharc_attr *mesh, const sharc_type *type, int64_t *padded) {
  bool any = false;
  for (int64_t d = start; d < last; d++) {
    int64_t count = dim_count(sharding, d, mesh);
    if (count > 1 && shape_at(type, d) % count != 0) {
      any = true;
      padded[d] = sharc_halo_padded_dim_size(shape_at(type, d), count);
    }
  }
  return any;
}

static void collect_names(reshape_ctx *r, int64_t start, int64_t last, const sharc_attr *sharding) {
  for (int64_t d = start; d < last; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, (unsigned)d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_halo_names_add(r->s, &r->non_divisible,
                           sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(dim, i)));
  }
}

typedef enum { REPLICATE, COMM_FREE, HALO } reshape_plan;

/* ReshapeShardingAnalysis::run. */
static reshape_plan analyze(reshape_ctx *r, bool enable_halo_exchange) {
  sharc_sdy_build_reshape_groups(r->in_type, r->out_type, &r->groups);
  if (!sharc_sdy_is_sharding_equivalent_across_reshapes(r->in_sharding, r->in_type, r->out_sharding,
                                                        r->out_type, r->reshape, true))
    return REPLICATE;
  if (sharc_sdy_is_comm_free_reshape(r->reshape, r->in_sharding, r->out_sharding, r->in_type,
                                     r->out_type, r->groups.items, r->groups.len))
    return COMM_FREE;
  for (unsigned d = 0; d < sharc_type_rank(r->in_type); d++)
    sharc_vec_push(&r->padded_in, shape_at(r->in_type, d));
  for (unsigned d = 0; d < sharc_type_rank(r->out_type); d++)
    sharc_vec_push(&r->padded_out, shape_at(r->out_type, d));
  for (unsigned i = 0; i < r->groups.len; i++) {
    const sharc_sdy_reshape_group *g = &r->groups.items[i];
    bool in_pad = pad_indivisible(g->in_start, g->in_last, r->in_sharding, r->mesh, r->in_type,
                                  r->padded_in.items);
    bool out_pad = pad_indivisible(g->out_start, g->out_last, r->out_sharding, r->mesh, r->out_type,
                                   r->padded_out.items);
    if (in_pad || out_pad) {
      collect_names(r, g->in_start, g->in_last, r->in_sharding);
      collect_names(r, g->out_start, g->out_last, r->out_sharding);
    }
  }
  if (!r->non_divisible.len || !enable_halo_exchange)
    return REPLICATE;
  return reshape_halo_info(r) ? HALO : REPLICATE;
}

/* getLinearDataStartOffsetForShardIdx: where output shard `index` of the
 * group's output dimensions starts in the row-major data. */
static int64_t shard_start_offset(reshape_ctx *r, int64_t index, int64_t out_start,
                                  int64_t out_last, const int64_t *strides) {
  int64_t offset = 0, remaining = index;
  for (int64_t d = out_last; d-- > out_start;) {
    int64_t count = dim_count(r->out_sharding, d, r->mesh);
    int64_t coord = count ? remaining % count : 0;
    remaining = count ? remaining / count : 0;
    offset +=
        coord * sharc_halo_divide_ceil(shape_at(r->out_type, d), count) * strides[d - out_start];
  }
  return offset;
}

/* getDimExchangeInfoForReshapeGroup: output shard t of the splitting group
 * reads the input range starting at its linear start offset. */
static sharc_halo_dim_exchange group_exchange(reshape_ctx *r, const sharc_sdy_reshape_group *g,
                                              int64_t active_dim, int64_t count) {
  sharc_context *ctx = r->s->ctx;
  int64_t s_out = r->padded_in.items[active_dim] / count;
  sharc_sdy_axis_vec combined = {0};
  for (int64_t d = g->out_start; d < g->out_last; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(r->out_sharding, (unsigned)d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_vec_push(&combined, sharc_sdy_dim_sharding_axis(dim, i));
  }
  sharc_halo_dim_exchange e = {.s_out = s_out, .s_footprint = s_out, .can_use_halo = true};
  e.reshape_target = sharc_sdy_dim_sharding_get(ctx, combined.items, combined.len, false, -1);
  sharc_vec_free(&combined);
  int64_t n_out = g->out_last - g->out_start;
  int64_t *strides = sharc_xcalloc((size_t)n_out + 1, sizeof *strides);
  int64_t stride = 1;
  for (int64_t i = n_out; i-- > 0;) {
    strides[i] = stride;
    stride *= shape_at(r->out_type, g->out_start + i);
  }
  int64_t size = shape_at(r->in_type, active_dim);
  int64_t tile = sharc_halo_divide_ceil(size, count);
  for (int64_t t = 0; t < count; t++) {
    int64_t start = shard_start_offset(r, t, g->out_start, g->out_last, strides);
    int64_t limit = start + s_out - 1;
    int64_t source = -1, offset = 0, last = -1;
    /* the devices' ranges [s * tile, s * tile + valid count) are disjoint */
    if (tile > 0) {
      int64_t sd = start >= 0 ? start / tile : -1;
      if (sd >= 0 && sd < count && start - sd * tile < size - sd * tile &&
          start - sd * tile < tile) {
        source = sd;
        offset = start - sd * tile;
      }
      int64_t ld = limit >= 0 ? limit / tile : -1;
      if (ld >= 0 && ld < count && limit - ld * tile < size - ld * tile && limit - ld * tile < tile)
        last = ld;
    }
    sharc_halo_record_shard(&e, t, source, offset, last);
  }
  free(strides);
  if (e.left_hops > 1 || e.right_hops > 1)
    e.can_use_halo = false;
  return e;
}

/* getReshapeDataExchangeInfo. */
static void reshape_exchange(reshape_ctx *r, sharc_halo_data_exchange *info) {
  for (unsigned i = 0; i < r->non_divisible.len; i++)
    sharc_vec_push(&info->manual, r->non_divisible.items[i]);
  unsigned next = 0;
  for (unsigned d = 0; d < sharc_type_rank(r->in_type); d++) {
    int64_t count = dim_count(r->in_sharding, d, r->mesh);
    if (count <= 1)
      continue;
    if (next < r->active.len && r->active.items[next].in_last - 1 == (int64_t)d) {
      sharc_vec_push(&info->dims, group_exchange(r, &r->active.items[next++], d, count));
    } else {
      int64_t local = r->padded_in.items[d] / count;
      sharc_halo_dim_exchange e = {.s_out = local, .s_footprint = local, .can_use_halo = true};
      sharc_vec_push(&info->dims, e);
    }
  }
  for (unsigned d = 0; d < r->padded_in.len; d++)
    sharc_vec_push(&info->divisible_shape, r->padded_in.items[d]);
}

/* handleReshapeOpReplicate: reshards the axes of indivisible groups away
 * before the reshape and back after it. */
static void replicate(reshape_ctx *r) {
  sharc_halo_state *s = r->s;
  sharc_value *operand = sharc_op_operand(r->reshape, 0);
  sharc_rw_set_before(&s->rw, r->reshape);
  sharc_sdy_axis_vec removed = {0};
  for (unsigned i = 0; i < r->groups.len; i++) {
    const sharc_sdy_reshape_group *g = &r->groups.items[i];
    if (!sharc_sdy_reshape_group_is_passthrough(g) &&
        sharc_sdy_reshape_group_sharding_indivisible(g, r->in_sharding, r->out_sharding, r->mesh,
                                                     r->in_type, r->out_type))
      sharc_sdy_reshape_group_axes(g, r->in_sharding, r->out_sharding, &removed);
  }
  sharc_attr *loc = sharc_op_loc(r->reshape);
  sharc_attr *new_in =
      sharc_halo_remove_axis_refs(s, r->in_sharding, removed.items, removed.len, r->mesh);
  sharc_value *input = sharc_halo_reshard(s, loc, operand, new_in);
  sharc_attr *new_out =
      sharc_halo_remove_axis_refs(s, r->out_sharding, removed.items, removed.len, r->mesh);
  sharc_rw_set_after(&s->rw, r->reshape);
  sharc_value *reshaped = sharc_halo_reshape(s, loc, r->out_type, input);
  sharc_halo_set_sharding(s, reshaped, new_out);
  sharc_value *restored = sharc_halo_reshard(s, loc, reshaped, r->out_sharding);
  sharc_rw_replace_op(&s->rw, r->reshape, &restored, 1);
  sharc_vec_free(&removed);
}

/* The local reshape inside the manual computation. */
static sharc_value *local_reshape(sharc_halo_state *s, sharc_value *local, sharc_value *padding,
                                  sharc_type *padded_global, void *user) {
  (void)padding;
  (void)padded_global;
  reshape_ctx *r = user;
  const sharc_halo_names *manual = &r->non_divisible;
  unsigned rank = sharc_sdy_tensor_sharding_rank(r->out_sharding);
  int64_t *shape =
      sharc_halo_manual_local_shape(r->out_sharding, r->mesh, manual, r->padded_out.items);
  sharc_attr *local_sharding = sharc_halo_remove_axes(s, r->out_sharding, manual);
  sharc_value *v = sharc_halo_reshape(
      s, sharc_op_loc(r->reshape),
      sharc_halo_tensor(s->ctx, shape, rank, sharc_type_element(r->out_type)), local);
  sharc_halo_set_sharding(s, v, local_sharding);
  free(shape);
  return v;
}

/* handleReshapeHaloExchange. */
static void halo_exchange(reshape_ctx *r) {
  sharc_halo_state *s = r->s;
  sharc_halo_data_exchange info = {0};
  reshape_exchange(r, &info);
  if (!sharc_halo_can_use_halo(&info)) {
    sharc_halo_data_exchange_free(&info);
    replicate(r);
    return;
  }
  sharc_attr *loc = sharc_op_loc(r->reshape);
  sharc_rw_set_before(&s->rw, r->reshape);
  sharc_value *padding = sharc_halo_zero(s, loc, sharc_type_element(r->out_type));
  sharc_value *operand = sharc_op_operand(r->reshape, 0);
  unsigned rank = sharc_type_rank(r->in_type);
  int64_t *low = sharc_xcalloc(rank + 1, sizeof *low);
  sharc_value *padded =
      sharc_halo_pad_high_to_shape(s, loc, operand, r->padded_in.items, r->in_sharding, NULL);
  sharc_value *result = sharc_halo_exchange_data(
      s, loc, padded, r->padded_in.items, r->out_type, r->in_sharding, r->out_sharding, r->mesh,
      &info.manual, padding, low, info.dims.items, local_reshape, r, NULL, NULL);
  result = sharc_halo_slice_high_to_shape(s, loc, result, r->out_type, r->out_sharding);
  sharc_rw_replace_op(&s->rw, r->reshape, &result, 1);
  free(low);
  sharc_halo_data_exchange_free(&info);
}

/* getOrderedNormalizedAxes: every dimension's axes in order, merged. */
static void normalized_axes(sharc_context *ctx, const sharc_attr *sharding, const sharc_attr *mesh,
                            sharc_sdy_axis_vec *out) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_sdy_axes_add_or_merge(ctx, out, sharc_sdy_dim_sharding_axis(dim, i), mesh);
  }
}

static bool same_normalized_axes(sharc_context *ctx, const sharc_attr *a, const sharc_attr *b,
                                 const sharc_attr *mesh) {
  sharc_sdy_axis_vec x = {0}, y = {0};
  normalized_axes(ctx, a, mesh, &x);
  normalized_axes(ctx, b, mesh, &y);
  bool same = sharc_sdy_axes_equal(x.items, x.len, y.items, y.len);
  sharc_vec_free(&x);
  sharc_vec_free(&y);
  return same;
}

void sharc_halo_handle_reshape(sharc_halo_state *s, sharc_op *reshape, bool enable_halo_exchange) {
  reshape_ctx r = {.s = s, .reshape = reshape};
  r.in_sharding = sharc_sdy_get_sharding(sharc_op_operand(reshape, 0));
  r.out_sharding = sharc_sdy_get_sharding(sharc_op_result(reshape, 0));
  /* Shardy checks that explicit reshards made both present or both absent */
  if (!r.in_sharding || !r.out_sharding)
    return;
  r.in_type = sharc_value_type(sharc_op_operand(reshape, 0));
  r.out_type = sharc_value_type(sharc_op_result(reshape, 0));
  if (sharc_type_get_kind(r.in_type) != SHARC_TYPE_TENSOR ||
      sharc_type_get_kind(r.out_type) != SHARC_TYPE_TENSOR)
    return;
  r.mesh = sharc_sdy_sharding_mesh(r.in_sharding, reshape);
  /* Shardy also checks that explicit reshards gave both the same axes */
  if (!r.mesh || !same_normalized_axes(s->ctx, r.in_sharding, r.out_sharding, r.mesh))
    return;
  switch (analyze(&r, enable_halo_exchange)) {
  case COMM_FREE:
    break;
  case HALO:
    halo_exchange(&r);
    break;
  case REPLICATE:
    replicate(&r);
    break;
  }
  sharc_vec_free(&r.groups);
  sharc_vec_free(&r.padded_in);
  sharc_vec_free(&r.padded_out);
  sharc_vec_free(&r.non_divisible);
  sharc_vec_free(&r.active);
}

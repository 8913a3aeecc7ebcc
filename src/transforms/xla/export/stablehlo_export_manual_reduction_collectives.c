/* -xla-sdy-stablehlo-export-manual-reduction-collectives: the collectives
 * that move values into or out of unreduced axes (a user's unreduced
 * sharding, which GSPMD cannot handle on its own) become sdy.manual_
 * computations manual over every axis of their mesh, whose bodies do the
 * work in StableHLO:
 * - sdy.all_reduce / sdy.reduce_scatter whose input has unreduced axes (with
 *   `export-all-reduce-scatter` every sdy.reduce_scatter): a
 *   stablehlo.all_reduce (one stablehlo.reduce_scatter per scattered
 *   dimension) over the reduction axes' replica groups, with global device
 *   ids and channel handles numbered after the module's highest;
 * - sdy.sharded_to_unreduced: each device's shard written at its offset
 *   into zeros of the unreduced local shape (offsets from the partition id);
 * - sdy.replicated_to_unreduced: the value on the devices at coordinate 0
 *   of the axes, zeros elsewhere.
 * First a sdy.constant with unreduced axes is split into a replicated
 * constant and a sdy.replicated_to_unreduced, and unreduced axes flow back
 * through transposes, reshapes and copies. Shapes that a sharding does not
 * divide are an error (a CHECK in XLA). */
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "pass/pass_registry.h"
#include "rewrite/create_op.h"
#include "support/vec.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/global_to_local.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct export_options {
  bool export_all_reduce_scatter;
} export_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_options, export_all_reduce_scatter, "export-all-reduce-scatter",
                 SHARC_OPT_BOOL, "false",
                 "Whether to export all sdy.reduce_scatter as native stablehlo.reduce_scatter. If "
                 "false, only ops with unreduced axes are exported this way."),
};

/* Shardy's message (a CHECK there) for a shape a sharding does not divide. */
#define NON_DIVISIBLE                                                                             \
  "Non-divisible sharding with unreduced axes isn't supported. Please file a bug with a "         \
  "reproducer."

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct export_state {
  sharc_g2l_state g; /* builders, channel ids and replica groups */
  const export_options *opts;
  op_vec ops;
} export_state;

static bool input_has_unreduced_axes(sharc_op *op) {
  sharc_attr *s = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  sharc_sdy_tensor_sharding_parts parts;
  if (!s)
    return false;
  sharc_sdy_tensor_sharding_parts_of(s, &parts);
  return parts.num_unreduced > 0;
}

/* `sharding` with `axes` as its unreduced axes. */
static sharc_attr *with_unreduced(sharc_context *ctx, sharc_attr *sharding,
                                  const sharc_sdy_axis_vec *axes) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.unreduced = axes->items;
  parts.num_unreduced = axes->len;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

/* The local shape of `global` under `sharding` on `mesh`; false when a
 * dimension does not divide. */
static bool local_shape(const sharc_type *global, const sharc_attr *sharding,
                        const sharc_attr *mesh, int64_t *shape) {
  unsigned rank = sharc_type_rank(global);
  const int64_t *dims = sharc_type_shape(global);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    int64_t size = 1;
    for (unsigned i = 0; dim && i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      size *= sharc_sdy_axis_ref_size(sharc_sdy_dim_sharding_axis(dim, i), mesh);
    if (dims[d] == SHARC_DYNAMIC || size <= 0 || dims[d] % size)
      return false;
    shape[d] = dims[d] / size;
  }
  return true;
}

/* The axes of `list` (an axis-ref list) as an array in `out`. */
static void list_axes(const sharc_attr *list, sharc_sdy_axis_vec *out) {
  out->len = 0;
  for (unsigned i = 0; list && i < sharc_sdy_list_size(list); i++)
    sharc_vec_push(out, sharc_sdy_list_at(list, i));
}

/* The collectives of the body, from its argument `arg`. */
static sharc_value *build_body(export_state *st, sharc_op *op, sharc_value *arg,
                               const sharc_attr *mesh) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_sdy_axis_vec axes = {0};
  int64_t group;
  if (sharc_op_isa(op, &sharc_sdy_all_reduce_def)) {
    list_axes(sharc_op_attr(op, "reduction_axes"), &axes);
    sharc_attr *groups = sharc_g2l_replica_groups(&st->g, axes.items, axes.len, mesh, NULL, &group);
    sharc_vec_free(&axes);
    return sharc_g2l_reducing_collective(&st->g, op, "stablehlo.all_reduce", arg,
                                         sharc_value_type(arg), groups, -1);
  }
  sharc_attr *per_dim = sharc_op_attr(op, "reduce_scatter_axes");
  sharc_value *cur = arg;
  for (unsigned d = 0; per_dim && d < sharc_sdy_list_size(per_dim); d++) {
    list_axes(sharc_sdy_list_at(per_dim, d), &axes);
    if (!axes.len)
      continue;
    sharc_attr *groups = sharc_g2l_replica_groups(&st->g, axes.items, axes.len, mesh, NULL, &group);
    sharc_type *t = sharc_value_type(cur);
    unsigned rank = sharc_type_rank(t);
    int64_t *shape = sharc_arena_alloc(&st->g.arena, (rank + 1) * sizeof *shape);
    for (unsigned k = 0; k < rank; k++)
      shape[k] = sharc_type_shape(t)[k];
    shape[d] /= group;
    cur = sharc_g2l_reducing_collective(&st->g, op, "stablehlo.reduce_scatter", cur,
                                        sharc_halo_tensor(ctx, shape, rank, sharc_type_element(t)),
                                        groups, d);
  }
  sharc_vec_free(&axes);
  return cur;
}

/* The sharding of the input the manual computation starts from. */
static sharc_attr *in_sharding(export_state *st, sharc_op *op, const sharc_attr *mesh) {
  sharc_context *ctx = st->g.h.ctx;
  /* an input without a sharding gets a fully open one on the mesh itself
   * (getOrCreateSharding with the MeshAttr) */
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_attr *s = sharc_sdy_get_or_create_sharding(input, (sharc_attr *)mesh, false);
  if (!sharc_op_isa(op, &sharc_sdy_reduce_scatter_def))
    return s;
  sharc_sdy_axis_vec axes = {0}, one = {0};
  sharc_attr *per_dim = sharc_op_attr(op, "reduce_scatter_axes");
  for (unsigned d = 0; per_dim && d < sharc_sdy_list_size(per_dim); d++) {
    list_axes(sharc_sdy_list_at(per_dim, d), &one);
    for (unsigned i = 0; i < one.len; i++)
      sharc_vec_push(&axes, one.items[i]);
  }
  sharc_sdy_axes_sort_and_merge(ctx, &axes, mesh);
  if (axes.len)
    s = with_unreduced(ctx, s, &axes);
  sharc_vec_free(&axes);
  sharc_vec_free(&one);
  return s;
}

/* createFullyManualComputation: a sdy.manual_computation manual over every
 * axis of `mesh`, from `in` (the input's sharding) to `out`, replacing
 * `op`; the rewriter is left at the end of its body, whose argument (the
 * input's local piece) is returned. NULL (with an error at `op`) when `in`
 * does not divide the input. */
static sharc_op *create_manual(export_state *st, sharc_op *op, sharc_attr *in, sharc_attr *out,
                               const sharc_attr *mesh, sharc_value **body_arg) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_rewriter *rw = &st->g.h.rw;
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *global = sharc_value_type(input);
  unsigned rank = sharc_type_rank(global);
  int64_t *shape = sharc_arena_alloc(&st->g.arena, (rank + 1) * sizeof *shape);
  if (!local_shape(global, in, mesh, shape)) {
    sharc_emit_op_error(op, NON_DIVISIBLE);
    return NULL;
  }
  SHARC_VEC(sharc_str) names = {0};
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    sharc_vec_push(&names, sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, i)));
  sharc_named_attr attrs[3] = {
      {sharc_ident_get(ctx, SHARC_STR("in_shardings")), sharc_sdy_sharding_per_value_get(ctx, &in, 1)},
      {sharc_ident_get(ctx, SHARC_STR("manual_axes")),
       sharc_sdy_manual_axes_get(ctx, names.items, names.len)},
      {sharc_ident_get(ctx, SHARC_STR("out_shardings")),
       sharc_sdy_sharding_per_value_get(ctx, &out, 1)},
  };
  sharc_vec_free(&names);
  sharc_op_state ms = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.manual_computation")),
                       .loc = sharc_op_loc(op),
                       .operands = &input,
                       .num_operands = 1,
                       .result_types = &global,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(ctx, attrs, 3),
                       .num_regions = 1};
  sharc_rw_set_before(rw, op);
  sharc_op *mc = sharc_rw_create(rw, &ms);
  sharc_type *local = sharc_halo_tensor(ctx, shape, rank, sharc_type_element(global));
  sharc_attr *arg_loc = sharc_value_loc(input);
  sharc_block *body = sharc_rw_create_block(rw, sharc_op_region(mc, 0), NULL, &local, 1, &arg_loc);
  sharc_rw_set_block_end(rw, body);
  *body_arg = sharc_block_arg(body, 0);
  return mc;
}

/* Ends the body of `mc` with `sdy.return result` and replaces `op` by it. */
static void finish_manual(export_state *st, sharc_op *op, sharc_op *mc, sharc_value *result) {
  sharc_op_state rs = {.name = sharc_ident_get(st->g.h.ctx, SHARC_STR("sdy.return")),
                       .loc = sharc_op_loc(op),
                       .operands = &result,
                       .num_operands = 1};
  sharc_rw_create(&st->g.h.rw, &rs);
  sharc_rw_replace_op_with_op(&st->g.h.rw, op, mc);
}

/* The mesh of the collective's out sharding; NULL (with an error) when it
 * names none or the input is not a ranked tensor. */
static sharc_attr *collective_mesh(sharc_op *op) {
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharc_op_attr(op, "out_sharding"), op);
  if (!mesh || sharc_type_get_kind(sharc_value_type(sharc_op_operand(op, 0))) != SHARC_TYPE_TENSOR) {
    sharc_emit_op_error(op, "cannot export the collective: its out sharding has no mesh");
    return NULL;
  }
  return mesh;
}

/* sdy.all_reduce / sdy.reduce_scatter: StableHLO collectives in the body. */
static bool convert_reduction(export_state *st, sharc_op *op) {
  sharc_attr *mesh = collective_mesh(op);
  if (!mesh)
    return false;
  sharc_value *arg;
  sharc_op *mc = create_manual(st, op, in_sharding(st, op, mesh), sharc_op_attr(op, "out_sharding"),
                               mesh, &arg);
  if (!mc)
    return false;
  finish_manual(st, op, mc, build_body(st, op, arg, mesh));
  return true;
}

/* stablehlo.constant dense<v> : tensor<i32> */
static sharc_value *const_i32(export_state *st, sharc_attr *loc, int64_t v) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_type *t = sharc_halo_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_SIGNLESS));
  uint64_t word = (uint64_t)v;
  sharc_named_attr a = {sharc_ident_get(ctx, SHARC_STR("value")),
                        sharc_attr_dense_elements(ctx, t, &word, 1, true)};
  return sharc_halo_op(&st->g.h, "stablehlo.constant", loc, NULL, 0, t, &a, 1);
}

/* getAxesCoordinateAndSize: this device's coordinate along each axis of
 * `mesh` and the axis's size (tensor<i32> values, indexed as the mesh's
 * axes), peeled off the partition id from the last (fastest) axis on. */
static void axis_coordinates(export_state *st, sharc_attr *loc, const sharc_attr *mesh,
                             sharc_value **coords, sharc_value **sizes) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_type *u32 = sharc_halo_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_UNSIGNED));
  sharc_type *i32 = sharc_halo_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_SIGNLESS));
  sharc_value *id = sharc_halo_op(&st->g.h, "stablehlo.partition_id", loc, NULL, 0, u32, NULL, 0);
  sharc_value *rem = sharc_halo_op(&st->g.h, "stablehlo.convert", loc, &id, 1, i32, NULL, 0);
  for (unsigned i = sharc_sdy_mesh_num_axes(mesh); i-- > 0;) {
    sizes[i] = const_i32(st, loc, sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, i)));
    coords[i] = sharc_halo_binary(&st->g.h, "stablehlo.remainder", loc, rem, sizes[i]);
    rem = sharc_halo_binary(&st->g.h, "stablehlo.divide", loc, rem, sizes[i]);
  }
}

/* The mesh position of a full axis `ref`; -1 (with an error at `op`) for a
 * sub-axis, which these conversions do not support. */
static int full_axis_index(sharc_op *op, const sharc_attr *ref, const sharc_attr *mesh,
                           const char *what) {
  if (sharc_sdy_axis_ref_sub_axis_info(ref)) {
    sharc_emit_op_error(op, "%s", what);
    return -1;
  }
  return sharc_sdy_mesh_axis_index(mesh, sharc_sdy_axis_ref_name(ref));
}

/* A zero tensor of `type`: a zero scalar broadcast. */
static sharc_value *zero_tensor(export_state *st, sharc_attr *loc, sharc_type *type) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_value *zero = sharc_halo_zero(&st->g.h, loc, sharc_type_element(type));
  sharc_named_attr a = {sharc_ident_get(ctx, SHARC_STR("broadcast_sizes")),
                        sharc_halo_i64_array(ctx, sharc_type_shape(type), sharc_type_rank(type))};
  return sharc_halo_op(&st->g.h, "stablehlo.broadcast", loc, &zero, 1, type, &a, 1);
}

/* This device's offset along dimension `d` of the sharded_to_unreduced
 * input: the linear index of its coordinates along the dimension's axes
 * (major first) times the local dimension size. */
static sharc_value *s2u_offset(export_state *st, sharc_op *op, const sharc_attr *axes,
                               const sharc_attr *mesh, sharc_value **coords, sharc_value **sizes,
                               int64_t local_size) {
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *offset = NULL, *prev_size = NULL;
  for (unsigned i = 0; i < sharc_sdy_list_size(axes); i++) {
    int a = full_axis_index(op, sharc_sdy_list_at(axes, i), mesh,
                            "Sub-axes not supported in ShardedToUnreducedOp.");
    if (a < 0)
      return NULL;
    if (!prev_size) {
      offset = coords[a];
    } else {
      offset = sharc_halo_binary(&st->g.h, "stablehlo.multiply", loc, offset, prev_size);
      offset = sharc_halo_binary(&st->g.h, "stablehlo.add", loc, offset, coords[a]);
    }
    prev_size = sizes[a];
  }
  return sharc_halo_binary(&st->g.h, "stablehlo.multiply", loc, offset,
                           const_i32(st, loc, local_size));
}

/* sdy.sharded_to_unreduced: each device writes its shard at its offset
 * into a zero tensor of the (larger) unreduced local shape, so that summing
 * over the axes rebuilds the value. */
static bool convert_sharded_to_unreduced(export_state *st, sharc_op *op) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_attr *mesh = collective_mesh(op);
  if (!mesh)
    return false;
  if (sharc_sdy_mesh_num_device_ids(mesh)) {
    /* a partition id would first have to become a logical device id */
    sharc_emit_op_error(op, "cannot export sdy.sharded_to_unreduced on a mesh with explicit "
                            "device ids");
    return false;
  }
  sharc_attr *out = sharc_op_attr(op, "out_sharding");
  sharc_type *global = sharc_value_type(sharc_op_result(op, 0));
  unsigned rank = sharc_type_rank(global);
  int64_t *out_shape = sharc_arena_alloc(&st->g.arena, (rank + 1) * sizeof *out_shape);
  if (!local_shape(global, out, mesh, out_shape)) {
    sharc_emit_op_error(op, NON_DIVISIBLE);
    return false;
  }
  sharc_value *arg;
  sharc_attr *in = sharc_sdy_get_or_create_sharding(sharc_op_operand(op, 0), mesh, false);
  sharc_op *mc = create_manual(st, op, in, out, mesh, &arg);
  if (!mc)
    return false;
  const int64_t *in_shape = sharc_type_shape(sharc_value_type(arg));
  sharc_type *out_type = sharc_halo_tensor(ctx, out_shape, rank, sharc_type_element(global));
  sharc_value *zeros = zero_tensor(st, loc, out_type);
  unsigned n_axes = sharc_sdy_mesh_num_axes(mesh);
  sharc_value **coords = sharc_arena_alloc(&st->g.arena, (2 * n_axes + 1) * sizeof *coords);
  sharc_value **sizes = coords + n_axes;
  axis_coordinates(st, loc, mesh, coords, sizes);
  sharc_value **operands = sharc_arena_alloc(&st->g.arena, (rank + 2) * sizeof *operands);
  operands[0] = zeros;
  operands[1] = arg;
  sharc_value *zero_offset = const_i32(st, loc, 0);
  sharc_attr *per_dim = sharc_op_attr(op, "axes");
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *axes = d < sharc_sdy_list_size(per_dim) ? sharc_sdy_list_at(per_dim, d) : NULL;
    operands[d + 2] = !axes || !sharc_sdy_list_size(axes)
                          ? zero_offset
                          : s2u_offset(st, op, axes, mesh, coords, sizes, in_shape[d]);
    if (!operands[d + 2])
      return false;
  }
  finish_manual(st, op, mc,
                sharc_halo_op(&st->g.h, "stablehlo.dynamic_update_slice", loc, operands, rank + 2,
                              out_type, NULL, 0));
  return true;
}

/* sdy.replicated_to_unreduced: the device at coordinate 0 along every one
 * of the axes keeps the value, the others hold zeros, so that summing over
 * the axes gives the value back. */
static bool convert_replicated_to_unreduced(export_state *st, sharc_op *op) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_attr *mesh = collective_mesh(op);
  if (!mesh)
    return false;
  sharc_attr *axes = sharc_op_attr(op, "axes");
  if (!axes || !sharc_sdy_list_size(axes)) {
    sharc_emit_op_error(op, "No replicated-to-unreduced axes.");
    return false;
  }
  sharc_value *arg;
  sharc_attr *in = sharc_sdy_get_or_create_sharding(sharc_op_operand(op, 0), mesh, false);
  sharc_op *mc = create_manual(st, op, in, sharc_op_attr(op, "out_sharding"), mesh, &arg);
  if (!mc)
    return false;
  unsigned n_axes = sharc_sdy_mesh_num_axes(mesh);
  sharc_value **coords = sharc_arena_alloc(&st->g.arena, (2 * n_axes + 1) * sizeof *coords);
  axis_coordinates(st, loc, mesh, coords, coords + n_axes);
  sharc_value *zero = const_i32(st, loc, 0), *pred = NULL;
  sharc_type *i1 = sharc_halo_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 1, SHARC_SIGNLESS));
  sharc_named_attr eq = {sharc_ident_get(ctx, SHARC_STR("comparison_direction")),
                         sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_direction, 0)};
  for (unsigned i = 0; i < sharc_sdy_list_size(axes); i++) {
    int a = full_axis_index(op, sharc_sdy_list_at(axes, i), mesh,
                            "Sub-axes not supported in ReplicatedToUnreducedOp.");
    if (a < 0)
      return false;
    sharc_value *cmp[2] = {coords[a], zero};
    sharc_value *is_zero = sharc_halo_op(&st->g.h, "stablehlo.compare", loc, cmp, 2, i1, &eq, 1);
    pred = pred ? sharc_halo_binary(&st->g.h, "stablehlo.and", loc, pred, is_zero) : is_zero;
  }
  sharc_type *type = sharc_value_type(arg);
  sharc_value *sel[3] = {pred, arg, zero_tensor(st, loc, type)};
  finish_manual(st, op, mc,
                sharc_halo_op(&st->g.h, "stablehlo.select", loc, sel, 3, type, NULL, 0));
  return true;
}

/* The ops whose unreduced axes flow back to their input. */
static bool keeps_data(const sharc_op *op) {
  return sharc_op_is(op, "stablehlo.transpose") || sharc_op_is(op, "stablehlo.reshape") ||
         sharc_op_is(op, "mhlo.copy");
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  export_state *st = user;
  if (sharc_op_isa(op, &sharc_sdy_all_reduce_def) ||
      sharc_op_isa(op, &sharc_sdy_reduce_scatter_def) ||
      sharc_op_isa(op, &sharc_sdy_sharded_to_unreduced_def) ||
      sharc_op_isa(op, &sharc_sdy_replicated_to_unreduced_def) ||
      sharc_op_isa(op, &sharc_sdy_constant_def) || keeps_data(op))
    sharc_vec_push(&st->ops, op);
  return SHARC_WALK_ADVANCE;
}

/* replaceUnreducedAxes: `sharding` with the unreduced axes (and their
 * reduction) of `from`, none when `from` is NULL. */
static sharc_attr *with_unreduced_of(sharc_context *ctx, const sharc_attr *sharding,
                                     const sharc_attr *from) {
  sharc_sdy_tensor_sharding_parts parts, src = {.reduction = SHARC_SDY_REDUCTION_SUM};
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  if (from)
    sharc_sdy_tensor_sharding_parts_of(from, &src);
  parts.unreduced = src.unreduced;
  parts.num_unreduced = src.num_unreduced;
  parts.reduction = src.reduction;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

static bool not_the_op(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

/* A sdy.constant whose sharding has unreduced axes becomes a replicated
 * constant followed by a sdy.replicated_to_unreduced to that sharding. */
static void split_unreduced_constant(export_state *st, sharc_op *constant) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_value *v = sharc_op_result(constant, 0);
  sharc_attr *old = sharc_sdy_get_sharding(v);
  if (!old || !sharc_sdy_tensor_sharding_num_unreduced(old))
    return;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(old, &parts);
  sharc_sdy_set_sharding(v, with_unreduced_of(ctx, old, NULL));
  sharc_type *type = sharc_value_type(v);
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("axes")),
       sharc_sdy_axis_ref_list_get(ctx, parts.unreduced, parts.num_unreduced)},
      {sharc_ident_get(ctx, SHARC_STR("out_sharding")), old},
  };
  sharc_rw_set_after(&st->g.h.rw, constant);
  sharc_op *r2u = sharc_rw_create_named(&st->g.h.rw, "sdy.replicated_to_unreduced",
                                        sharc_op_loc(constant), &v, 1, &type, 1,
                                        sharc_attr_dictionary(ctx, attrs, 2), 0);
  sharc_rw_replace_uses_if(&st->g.h.rw, v, sharc_op_result(r2u, 0), not_the_op, r2u);
}

/* Whether a dimension or replicated axis of `in` overlaps an unreduced
 * axis of `out`. */
static bool sharded_along_unreduced(const sharc_attr *in, const sharc_attr *out) {
  unsigned n_unreduced = sharc_sdy_tensor_sharding_num_unreduced(out);
  for (unsigned u = 0; u < n_unreduced; u++) {
    const sharc_attr *axis = sharc_sdy_tensor_sharding_unreduced(out, u);
    for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(in); d++) {
      const sharc_attr *dim = sharc_sdy_tensor_sharding_dim(in, d);
      for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
        if (sharc_sdy_axis_ref_overlaps(sharc_sdy_dim_sharding_axis(dim, i), axis))
          return true;
    }
    for (unsigned r = 0; r < sharc_sdy_tensor_sharding_num_replicated(in); r++)
      if (sharc_sdy_axis_ref_overlaps(sharc_sdy_tensor_sharding_replicated(in, r), axis))
        return true;
  }
  return false;
}

/* syncInOutUnreducedAxes: a transpose, reshape or copy (which do not change
 * the data) whose result has unreduced axes gives them to its input, unless
 * the input is a block argument or is sharded along one of them (Shardy
 * only logs a warning then). */
static void sync_unreduced_backwards(export_state *st, sharc_op *op) {
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_attr *out = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  if (sharc_value_is_block_arg(input) || !out || !sharc_sdy_tensor_sharding_num_unreduced(out))
    return;
  sharc_attr *in =
      sharc_sdy_get_or_create_sharding(input, sharc_sdy_tensor_sharding_mesh_or_ref(out), true);
  if (sharc_sdy_same_unreduced(in, out) || sharded_along_unreduced(in, out))
    return;
  sharc_sdy_set_sharding(input, with_unreduced_of(st->g.h.ctx, in, out));
}

static bool convert(export_state *st, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_sdy_sharded_to_unreduced_def))
    return convert_sharded_to_unreduced(st, op);
  if (sharc_op_isa(op, &sharc_sdy_replicated_to_unreduced_def))
    return convert_replicated_to_unreduced(st, op);
  bool scatter = sharc_op_isa(op, &sharc_sdy_reduce_scatter_def);
  bool all_reduce = sharc_op_isa(op, &sharc_sdy_all_reduce_def);
  if ((all_reduce || scatter) &&
      ((scatter && st->opts->export_all_reduce_scatter) || input_has_unreduced_axes(op)))
    return convert_reduction(st, op);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  export_state st = {.opts = opts};
  const sharc_g2l_options g2l_opts = {0};
  st.g.opts = &g2l_opts;
  sharc_pass_rewriter(run, &st.g.h.rw, NULL);
  st.g.h.ctx = st.g.h.rw.ctx;
  sharc_walk(module, SHARC_POST_ORDER, collect, &st);
  for (unsigned i = 0; i < st.ops.len; i++)
    if (sharc_op_isa(st.ops.items[i], &sharc_sdy_constant_def))
      split_unreduced_constant(&st, st.ops.items[i]);
  /* Shardy walks post-order in reverse so that unreduced axes flow back
   * through chains of such ops */
  for (unsigned i = st.ops.len; i-- > 0;)
    if (keeps_data(st.ops.items[i]))
      sync_unreduced_backwards(&st, st.ops.items[i]);
  st.ops.len = 0;
  sharc_walk(module, SHARC_POST_ORDER, collect, &st);
  st.g.h.next_channel_id = sharc_sdy_next_channel_id(module);
  bool ok = true;
  for (unsigned i = 0; ok && i < st.ops.len; i++)
    ok = convert(&st, st.ops.items[i]);
  sharc_vec_free(&st.ops);
  sharc_arena_free(&st.g.arena);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_stablehlo_export_manual_reduction_collectives = {
    .flag = "xla-sdy-stablehlo-export-manual-reduction-collectives",
    .display_name = "StablehloExportManualReductionCollectivesPass",
    .summary = "Exports `sdy.all_reduce`, `sdy.reduce_scatter`, `sdy.sharded_to_unreduced` and "
               "`sdy.replicated_to_unreduced` that originate from user-defined shardings with "
               "unreduced axes (sdy.reduce_scatter can also be optionally exported "
               "unconditionally). The exported ops are inside a full manual "
               "`sdy.manual_computation`.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* -xla-sdy-stablehlo-export-manual-reduction-collectives: an sdy.all_reduce
 * or sdy.reduce_scatter whose input carries unreduced axes (a user's
 * unreduced sharding, which GSPMD cannot reduce on its own), and with
 * `export-all-reduce-scatter` every sdy.reduce_scatter, becomes a
 * sdy.manual_computation manual over every axis of its mesh, around a
 * stablehlo.all_reduce (one stablehlo.reduce_scatter per scattered
 * dimension) over the reduction axes' replica groups, with global device
 * ids and channel handles numbered after the module's highest. The input's
 * sharding is the in sharding (for a reduce_scatter with the scattered
 * axes as its unreduced axes), the collective's out sharding the out
 * sharding. Shapes that the sharding does not divide are an error. */
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "pass/pass_registry.h"
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

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct export_state {
  sharc_g2l_state g; /* builders, channel ids and replica groups */
  const export_options *opts;
  op_vec ops;
} export_state;

static sharc_walk_result collect(sharc_op *op, void *user) {
  export_state *st = user;
  if (sharc_op_isa(op, &sharc_sdy_all_reduce_def) || sharc_op_isa(op, &sharc_sdy_reduce_scatter_def))
    sharc_vec_push(&st->ops, op);
  return SHARC_WALK_ADVANCE;
}

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

static bool convert(export_state *st, sharc_op *op) {
  sharc_context *ctx = st->g.h.ctx;
  sharc_rewriter *rw = &st->g.h.rw;
  sharc_attr *out = sharc_op_attr(op, "out_sharding");
  sharc_attr *mesh = sharc_sdy_sharding_mesh(out, op);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *global = sharc_value_type(input);
  if (!mesh || sharc_type_get_kind(global) != SHARC_TYPE_TENSOR) {
    sharc_emit_op_error(op, "cannot export the collective: its out sharding has no mesh");
    return false;
  }
  sharc_attr *in = in_sharding(st, op, mesh);
  unsigned rank = sharc_type_rank(global);
  int64_t *shape = sharc_arena_alloc(&st->g.arena, (rank + 1) * sizeof *shape);
  if (!local_shape(global, in, mesh, shape)) {
    sharc_emit_op_error(op, "Non-divisible sharding with unreduced axes isn't supported. Please "
                            "file a bug with a reproducer.");
    return false;
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
  sharc_value *result = build_body(st, op, sharc_block_arg(body, 0), mesh);
  sharc_op_state rs = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.return")),
                       .loc = sharc_op_loc(op),
                       .operands = &result,
                       .num_operands = 1};
  sharc_rw_create(rw, &rs);
  sharc_rw_replace_op_with_op(rw, op, mc);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  export_state st = {.opts = opts};
  const sharc_g2l_options g2l_opts = {0};
  st.g.opts = &g2l_opts;
  sharc_pass_rewriter(run, &st.g.h.rw, NULL);
  st.g.h.ctx = st.g.h.rw.ctx;
  sharc_walk(module, SHARC_PRE_ORDER, collect, &st);
  st.g.h.next_channel_id = sharc_sdy_next_channel_id(module);
  bool ok = true;
  for (unsigned i = 0; ok && i < st.ops.len; i++) {
    sharc_op *op = st.ops.items[i];
    bool scatter = sharc_op_isa(op, &sharc_sdy_reduce_scatter_def);
    if ((scatter && st.opts->export_all_reduce_scatter) || input_has_unreduced_axes(op))
      ok = convert(&st, op);
  }
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

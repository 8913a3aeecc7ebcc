/* -xla-sdy-export-stablehlo-shardings: every sdy.sharding (function
 * arguments and results, op results) becomes the `mhlo.sharding` string
 * HLO reads: GSPMD's HloSharding (tile assignments in the iota form), or
 * with `enable-hlo-sharding-v3` the mesh-and-axes form; an op with
 * several results gets a tuple sharding. The sdy.mesh ops go. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct export_options {
  bool add_missing_sharding_to_control_flow;
  bool enable_hlo_sharding_v3;
  bool simplify_replicated_shardings;
} export_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_options, add_missing_sharding_to_control_flow,
                 "add-missing-sharding-to-control-flow", SHARC_OPT_BOOL, "true",
                 "Whether to add a sharding to control flow ops without one."),
    SHARC_OPTION(export_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3", SHARC_OPT_BOOL,
                 "false", "Whether to export HloShardingV3, the mesh and axis based form."),
    SHARC_OPTION(export_options, simplify_replicated_shardings, "simplify-replicated-shardings",
                 SHARC_OPT_BOOL, "false",
                 "Whether to write fully replicated shardings in their short form."),
};

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct export_state {
  sharc_rewriter rw;
  bool v3;
  bool simplify;
  bool failed;
} export_state;

/* Closed, no axis on any dimension, nothing unreduced. */
static bool fully_replicated(const sharc_attr *sharding) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  if (parts.num_unreduced)
    return false;
  for (unsigned i = 0; i < parts.num_dims; i++)
    if (!sharc_sdy_dim_sharding_is_closed(parts.dims[i]) ||
        sharc_sdy_dim_sharding_num_axes(parts.dims[i]))
      return false;
  return true;
}

static bool append_one(export_state *st, const sharc_attr *sharding, sharc_op *at, sharc_buf *out) {
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, at);
  if (st->v3 && st->simplify && !(mesh && sharc_sdy_mesh_is_maximal(mesh)) &&
      fully_replicated(sharding)) {
    sharc_buf_puts(out, "{mesh[], replicated}");
    return true;
  }
  if (st->v3) {
    sharc_sdy_to_hlo_sharding_v3(sharding, mesh, out);
    return true;
  }
  if (sharc_sdy_to_hlo_sharding(sharding, mesh, NULL, 0, out))
    return true;
  sharc_emit_op_error(at, "cannot express the sharding as an HloSharding");
  return false;
}

static sharc_attr *one_string(export_state *st, const sharc_attr *sharding, sharc_op *at) {
  sharc_buf buf = {0};
  sharc_attr *s = NULL;
  if (append_one(st, sharding, at, &buf))
    s = sharc_attr_string(st->rw.ctx, (sharc_str){buf.data ? buf.data : "", buf.len});
  else
    st->failed = true;
  sharc_buf_free(&buf);
  return s;
}

static sharc_walk_result export_op(sharc_op *op, void *user) {
  export_state *st = user;
  sharc_attr *per_value = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (!per_value || !sharc_sdy_is_sharding_per_value(per_value))
    return SHARC_WALK_ADVANCE;
  unsigned n = sharc_sdy_list_size(per_value);
  sharc_attr *text;
  if (n == 1) {
    text = one_string(st, sharc_sdy_list_at(per_value, 0), op);
  } else {
    sharc_buf buf = {0};
    sharc_buf_puts(&buf, "{");
    bool ok = true;
    for (unsigned i = 0; ok && i < n; i++) {
      if (i)
        sharc_buf_puts(&buf, ", ");
      ok = append_one(st, sharc_sdy_list_at(per_value, i), op, &buf);
    }
    sharc_buf_puts(&buf, "}");
    text = ok ? sharc_attr_string(st->rw.ctx, (sharc_str){buf.data, buf.len}) : NULL;
    st->failed = st->failed || !ok;
    sharc_buf_free(&buf);
  }
  if (!text)
    return SHARC_WALK_INTERRUPT;
  sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, text);
  sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

/* A func argument's or result's sharding as its text (a
 * sharc_xla_sharding_converter; the text needs no rank). */
static sharc_attr *func_value_string(void *user, sharc_op *func, sharc_attr *sharding,
                                     unsigned rank) {
  (void)rank;
  return one_string(user, sharding, func);
}

static bool export_func(export_state *st, sharc_op *func) {
  if (!sharc_xla_convert_func_shardings(func, SHARC_SDY_SHARDING_ATTR, SHARC_XLA_SHARDING_ATTR,
                                        func_value_string, st))
    return false;
  return sharc_walk_nested(func, SHARC_PRE_ORDER, export_op, st) != SHARC_WALK_INTERRUPT &&
         !st->failed;
}

/* The shardings of the whole program's parameters and outputs, kept on the
 * module (`sdy.parameters_shardings`, `sdy.output_shardings`), become
 * `mhlo.spmd_parameters_shardings` (one string each) and
 * `mhlo.spmd_output_sharding` (a tuple when there are several). */
static bool export_module_shardings(export_state *st, sharc_op *module) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *params = sharc_op_attr(module, "sdy.parameters_shardings");
  if (params && sharc_sdy_is_sharding_per_value(params)) {
    SHARC_VEC(sharc_attr *) strs = {0};
    for (unsigned i = 0; i < sharc_sdy_list_size(params); i++) {
      sharc_attr *s = one_string(st, sharc_sdy_list_at(params, i), module);
      if (!s) {
        sharc_vec_free(&strs);
        return false;
      }
      sharc_vec_push(&strs, s);
    }
    sharc_rw_set_attr(&st->rw, module, "mhlo.spmd_parameters_shardings",
                      sharc_attr_array(ctx, strs.items, strs.len));
    sharc_rw_set_attr(&st->rw, module, "sdy.parameters_shardings", NULL);
    sharc_vec_free(&strs);
  }
  sharc_attr *outs = sharc_op_attr(module, "sdy.output_shardings");
  if (outs && sharc_sdy_is_sharding_per_value(outs)) {
    unsigned n = sharc_sdy_list_size(outs);
    sharc_buf buf = {0};
    bool ok = true;
    if (n != 1)
      sharc_buf_puts(&buf, "{");
    for (unsigned i = 0; ok && i < n; i++) {
      if (i)
        sharc_buf_puts(&buf, ", ");
      ok = append_one(st, sharc_sdy_list_at(outs, i), module, &buf);
    }
    if (n != 1)
      sharc_buf_puts(&buf, "}");
    if (ok) {
      sharc_rw_set_attr(&st->rw, module, "mhlo.spmd_output_sharding",
                        sharc_attr_string(ctx, (sharc_str){buf.data ? buf.data : "", buf.len}));
      sharc_rw_set_attr(&st->rw, module, "sdy.output_shardings", NULL);
    }
    sharc_buf_free(&buf);
    if (!ok)
      return false;
  }
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const export_options *o = opts;
  export_state st = {.v3 = o->enable_hlo_sharding_v3, .simplify = o->simplify_replicated_shardings};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  op_vec meshes = {0};
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      sharc_vec_push(&meshes, op);
    else if (sharc_op_isa(op, &sharc_func_func_def) && !export_func(&st, op)) {
      sharc_vec_free(&meshes);
      return false;
    }
  }
  bool ok = export_module_shardings(&st, module);
  for (unsigned i = 0; ok && i < meshes.len; i++)
    sharc_rw_erase_op(&st.rw, meshes.items[i]);
  sharc_vec_free(&meshes);
  return ok;
}

const sharc_pass_def sharc_pass_xla_sdy_export_stablehlo_shardings = {
    .flag = "xla-sdy-export-stablehlo-shardings",
    .display_name = "ExportStablehloShardingsPass",
    .summary = "Converts the shardings from kShardingAttr to kXlaShardingAttr and removes "
               "mesh symbols.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* -xla-sdy-export-stablehlo-shardings: every sdy.sharding (function
 * arguments and results, op results) becomes the `mhlo.sharding` string
 * HLO reads: GSPMD's HloSharding (tile assignments in the iota form), or
 * with `enable-hlo-sharding-v3` the mesh-and-axes form; an op with
 * several results gets a tuple sharding. The sdy.mesh ops go. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
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

typedef SHARC_VEC(sharc_str) str_vec;

typedef struct export_state {
  sharc_rewriter rw;
  bool v3;
  bool simplify;
  bool add_missing;
  bool failed;
  str_vec manual; /* the manual axes of the value being exported */
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

/* The names of a #sdy.manual_axes into `names`; none for NULL or an
 * attribute of another kind (XLA reads it with getAttrOfType<ManualAxesAttr>). */
static void manual_names(const sharc_attr *axes, str_vec *names) {
  names->len = 0;
  if (axes && !sharc_sdy_is_manual_axes(axes))
    return;
  for (unsigned i = 0; axes && i < sharc_sdy_list_size(axes); i++)
    sharc_vec_push(names, sharc_attr_string_value(sharc_sdy_list_at(axes, i)));
}

static bool append_one(export_state *st, const sharc_attr *sharding, const str_vec *manual,
                       sharc_op *at, sharc_buf *out) {
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, at);
  if (st->v3 && st->simplify && !manual->len && !(mesh && sharc_sdy_mesh_is_maximal(mesh)) &&
      fully_replicated(sharding)) {
    sharc_buf_puts(out, "{mesh[], replicated}");
    return true;
  }
  if (st->v3) {
    sharc_sdy_to_hlo_sharding_v3(sharding, mesh, manual->items, manual->len, out);
    return true;
  }
  if (sharc_sdy_to_hlo_sharding(sharding, mesh, manual->items, manual->len, out))
    return true;
  sharc_emit_op_error(at, "cannot express the sharding as an HloSharding");
  return false;
}

static sharc_attr *buf_string(export_state *st, const sharc_buf *buf) {
  return sharc_attr_string(st->rw.ctx, (sharc_str){buf->data ? buf->data : "", buf->len});
}

static sharc_attr *one_string(export_state *st, const sharc_attr *sharding, const str_vec *manual,
                              sharc_op *at) {
  sharc_buf buf = {0};
  sharc_attr *s = NULL;
  if (append_one(st, sharding, manual, at, &buf))
    s = buf_string(st, &buf);
  else
    st->failed = true;
  sharc_buf_free(&buf);
  return s;
}

/* getHloShardingForOp: one sharding for an op with one result (or a
 * maximal or replicated one on an op without results), else a tuple. */
static sharc_attr *op_string(export_state *st, sharc_op *op, const sharc_attr *per_value,
                             const str_vec *manual) {
  unsigned n = sharc_sdy_list_size(per_value);
  if (n == 1 && sharc_op_num_results(op) <= 1)
    return one_string(st, sharc_sdy_list_at(per_value, 0), manual, op);
  sharc_buf buf = {0};
  sharc_buf_puts(&buf, "{");
  bool ok = true;
  for (unsigned i = 0; ok && i < n; i++) {
    if (i)
      sharc_buf_puts(&buf, ", ");
    ok = append_one(st, sharc_sdy_list_at(per_value, i), manual, op, &buf);
  }
  sharc_buf_puts(&buf, "}");
  sharc_attr *text = ok ? buf_string(st, &buf) : NULL;
  st->failed = st->failed || !ok;
  sharc_buf_free(&buf);
  return text;
}

static bool is_control_flow(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(while)) || sharc_op_isa(op, SHARC_SHLO(case)) ||
         sharc_op_isa(op, SHARC_SHLO(if));
}

static bool is_send_recv_or_token(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(send)) || sharc_op_isa(op, SHARC_SHLO(recv)) ||
         sharc_op_isa(op, SHARC_SHLO(create_token));
}

/* An op without a sharding: a control flow op gets a replicated one (else
 * HLO would replicate the free variables lifted into it), a send, recv or
 * create_token a maximal one on device 0 (side-effecting ops must have a
 * sharding, and it cannot be replicated). */
static void add_missing_sharding(export_state *st, sharc_op *op) {
  const char *text = NULL;
  if (st->add_missing && is_control_flow(op))
    text = st->v3 ? "{mesh[], replicated}" : "{replicated}";
  else if (!sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR) && is_send_recv_or_token(op))
    text = "{maximal device=0}";
  if (text)
    sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR,
                      sharc_attr_string(st->rw.ctx, sharc_str_from_cstr(text)));
}

static sharc_walk_result export_op(sharc_op *op, void *user) {
  export_state *st = user;
  sharc_attr *axes = sharc_op_attr(op, SHARC_XLA_MANUAL_AXES_ATTR);
  manual_names(axes, &st->manual);
  if (axes)
    sharc_rw_set_attr(&st->rw, op, SHARC_XLA_MANUAL_AXES_ATTR, NULL);
  sharc_attr *per_value = sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR);
  if (!per_value || !sharc_sdy_is_sharding_per_value(per_value) ||
      !sharc_sdy_list_size(per_value)) {
    add_missing_sharding(st, op);
    return SHARC_WALK_ADVANCE;
  }
  sharc_attr *text = op_string(st, op, per_value, &st->manual);
  if (!text)
    return SHARC_WALK_INTERRUPT;
  sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, text);
  sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

/* One argument's or result's attribute dictionary with its sdy.sharding
 * (and the manual axes it is local to) as `mhlo.sharding`; `dict` itself
 * when it has no sharding, NULL after an error. */
static sharc_attr *export_value_dict(export_state *st, sharc_op *func, sharc_attr *dict) {
  sharc_attr *sharding = sharc_attr_dict_get(dict, SHARC_SDY_SHARDING_ATTR);
  if (!sharding)
    return dict;
  sharc_context *ctx = st->rw.ctx;
  manual_names(sharc_attr_dict_get(dict, SHARC_XLA_MANUAL_AXES_ATTR), &st->manual);
  sharc_attr *text = one_string(st, sharding, &st->manual, func);
  if (!text)
    return NULL;
  dict = sharc_func_dict_with(ctx, dict, SHARC_XLA_MANUAL_AXES_ATTR, NULL);
  dict = sharc_func_dict_with(ctx, dict, SHARC_XLA_SHARDING_ATTR, text);
  return sharc_func_dict_with(ctx, dict, SHARC_SDY_SHARDING_ATTR, NULL);
}

static bool export_func_values(export_state *st, sharc_op *func, bool results) {
  unsigned n = results ? sharc_func_num_results(func) : sharc_func_num_args(func);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *dict = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    sharc_attr *fresh = export_value_dict(st, func, dict);
    if (!fresh)
      return false;
    if (fresh == dict)
      continue;
    if (results)
      sharc_func_set_result_attrs(func, i, fresh);
    else
      sharc_func_set_arg_attrs(func, i, fresh);
  }
  return true;
}

static bool export_func(export_state *st, sharc_op *func) {
  if (!export_func_values(st, func, false) || !export_func_values(st, func, true))
    return false;
  return sharc_walk_nested(func, SHARC_PRE_ORDER, export_op, st) != SHARC_WALK_INTERRUPT &&
         !st->failed;
}

/* StableHLO has no erf or top_k op: their custom calls keep the sharding
 * inside `mhlo.attributes`, which the StableHLO to MHLO conversion lifts
 * back up. */
static sharc_walk_result move_into_mhlo_attributes(sharc_op *op, void *user) {
  export_state *st = user;
  sharc_str target = sharc_xla_custom_call_target(op);
  if (!sharc_str_eq_cstr(target, "mhlo.erf") && !sharc_str_eq_cstr(target, "mhlo.topk"))
    return SHARC_WALK_ADVANCE;
  sharc_attr *text = sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR);
  if (!text || sharc_attr_get_kind(text) != SHARC_ATTR_STRING)
    return SHARC_WALK_ADVANCE;
  sharc_attr *attrs = sharc_op_attr(op, "mhlo.attributes");
  if (attrs && sharc_attr_get_kind(attrs) != SHARC_ATTR_DICTIONARY)
    return SHARC_WALK_ADVANCE;
  sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, NULL);
  sharc_rw_set_attr(&st->rw, op, "mhlo.attributes",
                    sharc_xla_dict_with(st->rw.ctx, attrs, SHARC_XLA_SHARDING_ATTR, text));
  return SHARC_WALK_ADVANCE;
}

/* The shardings of the whole program's parameters and outputs, kept on the
 * module (`sdy.parameters_shardings`, `sdy.output_shardings`), become
 * `mhlo.spmd_parameters_shardings` (one string each) and
 * `mhlo.spmd_output_sharding` (a tuple when there are several). */
static bool export_module_shardings(export_state *st, sharc_op *module) {
  sharc_context *ctx = st->rw.ctx;
  const str_vec none = {0};
  sharc_attr *params = sharc_op_attr(module, "sdy.parameters_shardings");
  if (params && sharc_sdy_is_sharding_per_value(params)) {
    SHARC_VEC(sharc_attr *) strs = {0};
    for (unsigned i = 0; i < sharc_sdy_list_size(params); i++) {
      sharc_attr *s = one_string(st, sharc_sdy_list_at(params, i), &none, module);
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
      ok = append_one(st, sharc_sdy_list_at(outs, i), &none, module, &buf);
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
  export_state st = {.v3 = o->enable_hlo_sharding_v3,
                     .simplify = o->simplify_replicated_shardings,
                     .add_missing = o->add_missing_sharding_to_control_flow};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  op_vec meshes = {0};
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      sharc_vec_push(&meshes, op);
    else if (sharc_op_isa(op, &sharc_func_func_def) && !export_func(&st, op)) {
      sharc_vec_free(&meshes);
      sharc_vec_free(&st.manual);
      return false;
    }
  }
  sharc_walk(module, SHARC_PRE_ORDER, move_into_mhlo_attributes, &st);
  bool ok = export_module_shardings(&st, module);
  sharc_vec_free(&st.manual);
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

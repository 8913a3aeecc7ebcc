/* -xla-sdy-round-trip-import-shardy-attrs: the Shardy attributes a module
 * carried through HLO as strings come back. The module's
 * `xla.sdy.meshes` frontend attribute becomes sdy.mesh ops; arguments'
 * `xla.sdy.sharding` become sdy.sharding; each
 * `@xla.sdy.FuncResultSharding` custom call gives its sharding to the
 * function results it reaches (through an X64Combine, or a constant that
 * replaced a zero-element value) and disappears, or becomes a sharding
 * constraint when other ops use it too (inlined functions that had result
 * shardings; the XLA version these tests come from keeps the dimensions
 * as they were); `xla.sdy.sharding_rule`
 * becomes sdy.sharding_rule; send, recv, after_all, `@Sharding` and Python
 * callbacks keep their sharding. Any other op's round-tripped sharding is
 * dropped: XLA copies frontend attributes onto ops it creates, so they
 * may not fit. `mhlo.sharding` goes too, except on infeed and outfeed.
 * With `enable-hlo-sharding-v3` the shardings are read from
 * `mhlo.sharding` in the mesh-and-axes form instead. */
#include "dialect/func/func.h"
#include "dialect/mhlo/hlo_sharding.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/xla/common/xla_utils.h"

typedef struct import_options {
  bool enable_hlo_sharding_v3;
} import_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(import_options, enable_hlo_sharding_v3, "enable-hlo-sharding-v3", SHARC_OPT_BOOL,
                 "false", "Whether to read HloShardingV3, the mesh and axis based form."),
};

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(unsigned) uint_vec;

typedef struct import_state {
  sharc_rewriter rw;
  sharc_op *func;
  bool v3;
  bool failed;
} import_state;

static bool is_x64_combine(const sharc_op *op) {
  return op && sharc_xla_is_custom_call_to(op, "X64Combine");
}

/* The X64Combine that is the single user of both results of a two-result
 * FuncResultSharding, or NULL. */
static sharc_op *x64_combine_user(sharc_op *frs) {
  if (sharc_op_num_results(frs) != 2)
    return NULL;
  sharc_value *lhs = sharc_op_result(frs, 0), *rhs = sharc_op_result(frs, 1);
  if (!sharc_value_has_one_use(lhs) || !sharc_value_has_one_use(rhs))
    return NULL;
  sharc_op *user = sharc_use_owner(sharc_value_first_use(lhs));
  if (user != sharc_use_owner(sharc_value_first_use(rhs)))
    return NULL;
  return is_x64_combine(user) ? user : NULL;
}

/* The values whose uses decide where the result sharding goes. */
static void collect_result_uses(sharc_op *frs, sharc_op *x64, op_vec *owners, uint_vec *idx) {
  sharc_op *from = frs;
  if (x64) {
    from = x64;
  } else if (sharc_op_num_operands(frs) && sharc_value_defining_op(sharc_op_operand(frs, 0)) &&
             !sharc_op_has_result_uses(frs)) {
    from = sharc_value_defining_op(sharc_op_operand(frs, 0));
  }
  for (unsigned r = 0; r < sharc_op_num_results(from); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(from, r)); u; u = sharc_use_next(u)) {
      sharc_vec_push(owners, sharc_use_owner(u));
      sharc_vec_push(idx, sharc_use_operand_index(u));
    }
}

static void handle_func_result_sharding(import_state *st, sharc_op *frs, const sharc_attr *dict) {
  sharc_attr *per_value = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING, frs, &st->failed);
  if (!per_value || !sharc_sdy_is_sharding_per_value(per_value) || !sharc_sdy_list_size(per_value)) {
    if (!st->failed)
      sharc_emit_op_error(frs, "expected a #sdy.sharding_per_value in '" SHARC_XLA_SDY_SHARDING "'");
    st->failed = true;
    return;
  }
  sharc_op *x64 = x64_combine_user(frs);
  if (x64)
    sharc_rw_set_attr(&st->rw, x64, SHARC_SDY_SHARDING_ATTR, per_value);
  sharc_attr *sharding = sharc_sdy_list_at(per_value, 0);
  op_vec owners = {0};
  uint_vec idx = {0};
  collect_result_uses(frs, x64, &owners, &idx);
  bool other_uses = false;
  for (unsigned i = 0; i < owners.len; i++) {
    sharc_op *owner = owners.items[i];
    if (sharc_op_isa(owner, &sharc_func_return_def))
      sharc_sdy_set_func_result_sharding(st->func, idx.items[i], sharding);
    else if (owner != frs && !is_x64_combine(owner))
      other_uses = true;
  }
  sharc_vec_free(&owners);
  sharc_vec_free(&idx);
  if (other_uses && !x64 && sharc_op_num_operands(frs) == 1) {
    sharc_rw_set_before(&st->rw, frs);
    sharc_op *sc = sharc_sdy_create_sharding_constraint(&st->rw, sharc_op_operand(frs, 0),
                                                        sharding, sharc_op_loc(frs));
    sharc_rw_replace_op_with_op(&st->rw, frs, sc);
    return;
  }
  unsigned n = sharc_op_num_operands(frs);
  SHARC_VEC(sharc_value *) values = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&values, sharc_op_operand(frs, i));
  sharc_rw_replace_op(&st->rw, frs, values.items, n);
  sharc_vec_free(&values);
}

static bool keeps_sharding(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(send)) || sharc_op_isa(op, SHARC_SHLO(recv)) ||
         sharc_op_isa(op, SHARC_SHLO(after_all));
}

/* A string attribute's sharding in the mesh-and-axes form, or NULL after
 * an error. */
static sharc_attr *convert_v3(import_state *st, sharc_op *at, sharc_attr *text, unsigned nvalues,
                              bool per_value, unsigned rank) {
  if (sharc_attr_get_kind(text) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(at, "expected '" SHARC_XLA_SHARDING_ATTR "' to be a string");
    st->failed = true;
    return NULL;
  }
  sharc_attr *out = sharc_hlo_sharding_v3_to_sdy(st->rw.ctx, sharc_attr_string_value(text), at,
                                                 nvalues, per_value, rank);
  if (!out)
    st->failed = true;
  return out;
}

static unsigned result_rank(const sharc_op *op) {
  return sharc_op_num_results(op) ? sharc_sdy_tensor_rank(sharc_value_type(sharc_op_result(op, 0)))
                                  : 0;
}

static sharc_walk_result convert_op_v3(sharc_op *op, void *user) {
  import_state *st = user;
  sharc_attr *dict = sharc_xla_frontend_attrs(op);
  if (dict && sharc_attr_dict_get(dict, SHARC_XLA_SDY_SHARDING_RULE)) {
    sharc_attr *rule = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING_RULE, op, &st->failed);
    if (!rule)
      return SHARC_WALK_INTERRUPT;
    sharc_rw_set_attr(&st->rw, op, "sdy.sharding_rule", rule);
    sharc_xla_set_frontend_attr(&st->rw, op, SHARC_XLA_SDY_SHARDING_RULE, NULL);
  }
  sharc_attr *text = sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR);
  if (!text)
    return SHARC_WALK_ADVANCE;
  if (keeps_sharding(op) || sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_TARGET) ||
      sharc_xla_is_python_callback(op)) {
    sharc_attr *s = convert_v3(st, op, text, sharc_op_num_results(op), true, result_rank(op));
    if (!s)
      return SHARC_WALK_INTERRUPT;
    sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, s);
  }
  sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

/* A func argument's or result's HloShardingV3 (a sharc_xla_sharding_converter). */
static sharc_attr *convert_value_v3(void *user, sharc_op *func, sharc_attr *text, unsigned rank) {
  return convert_v3(user, func, text, 1, false, rank);
}

static bool convert_func_v3(import_state *st, sharc_op *func) {
  if (!sharc_xla_convert_func_shardings(func, SHARC_XLA_SHARDING_ATTR, SHARC_SDY_SHARDING_ATTR,
                                        convert_value_v3, st))
    return false;
  return sharc_walk_nested(func, SHARC_POST_ORDER, convert_op_v3, st) != SHARC_WALK_INTERRUPT &&
         !st->failed;
}

static sharc_walk_result convert_op(sharc_op *op, void *user) {
  import_state *st = user;
  if (!sharc_op_isa(op, SHARC_SHLO(infeed)) && !sharc_op_isa(op, SHARC_SHLO(outfeed)) &&
      sharc_op_attr(op, SHARC_XLA_SHARDING_ATTR))
    sharc_rw_set_attr(&st->rw, op, SHARC_XLA_SHARDING_ATTR, NULL);
  sharc_attr *dict = sharc_xla_frontend_attrs(op);
  if (!dict)
    return SHARC_WALK_ADVANCE;
  if (sharc_attr_dict_get(dict, SHARC_XLA_SDY_SHARDING_RULE)) {
    sharc_attr *rule = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING_RULE, op, &st->failed);
    if (!rule)
      return SHARC_WALK_INTERRUPT;
    sharc_rw_set_attr(&st->rw, op, "sdy.sharding_rule", rule);
    sharc_xla_set_frontend_attr(&st->rw, op, SHARC_XLA_SDY_SHARDING_RULE, NULL);
  }
  if (keeps_sharding(op)) {
    sharc_attr *s = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING, op, &st->failed);
    if (st->failed)
      return SHARC_WALK_INTERRUPT;
    if (s)
      sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, s);
  } else if (sharc_xla_is_custom_call_to(op, SHARC_XLA_FUNC_RESULT_SHARDING)) {
    handle_func_result_sharding(st, op, dict);
    return st->failed ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
  } else if (sharc_xla_is_custom_call_to(op, SHARC_XLA_SHARDING_TARGET) ||
             sharc_xla_is_python_callback(op)) {
    sharc_attr *s = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING, op, &st->failed);
    if (st->failed)
      return SHARC_WALK_INTERRUPT;
    sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, s);
  }
  sharc_xla_set_frontend_attr(&st->rw, op, SHARC_XLA_SDY_SHARDING, NULL);
  return SHARC_WALK_ADVANCE;
}

static bool convert_func(import_state *st, sharc_op *func) {
  for (unsigned i = 0; i < sharc_func_num_args(func); i++) {
    sharc_attr *dict = sharc_xla_arg_frontend_attrs(func, i);
    sharc_attr *s = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_SHARDING, func, &st->failed);
    if (st->failed)
      return false;
    if (s) {
      sharc_func_set_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR, s);
      sharc_xla_set_arg_frontend_attr(func, i, SHARC_XLA_SDY_SHARDING, NULL);
    }
    if (sharc_func_arg_attr(func, i, SHARC_XLA_SHARDING_ATTR))
      sharc_func_set_arg_attr(func, i, SHARC_XLA_SHARDING_ATTR, NULL);
  }
  for (unsigned i = 0; i < sharc_func_num_results(func); i++)
    if (sharc_func_result_attr(func, i, SHARC_XLA_SHARDING_ATTR))
      sharc_func_set_result_attr(func, i, SHARC_XLA_SHARDING_ATTR, NULL);
  return sharc_walk_nested(func, SHARC_POST_ORDER, convert_op, st) != SHARC_WALK_INTERRUPT &&
         !st->failed;
}

/* The module's round-tripped meshes, first in the module, in order. */
static bool import_meshes(import_state *st, sharc_op *module) {
  sharc_attr *dict = sharc_xla_frontend_attrs(module);
  sharc_attr *meshes = sharc_xla_parse_string_attr(dict, SHARC_XLA_SDY_MESHES, module, &st->failed);
  if (st->failed)
    return false;
  if (meshes && sharc_attr_get_kind(meshes) != SHARC_ATTR_DICTIONARY) {
    sharc_emit_op_error(module, "expected '" SHARC_XLA_SDY_MESHES "' to hold a dictionary of meshes");
    return false;
  }
  sharc_context *ctx = st->rw.ctx;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  sharc_op *first = sharc_block_first_op(body);
  const sharc_named_attr *entries = meshes ? sharc_attr_dict_entries(meshes) : NULL;
  for (unsigned i = 0; meshes && i < sharc_attr_count(meshes); i++) {
    if (!sharc_sdy_is_mesh(entries[i].value)) {
      sharc_emit_op_error(module, "expected '" SHARC_XLA_SDY_MESHES "' to hold a dictionary of meshes");
      return false;
    }
    if (first)
      sharc_rw_set_before(&st->rw, first);
    else
      sharc_rw_set_block_end(&st->rw, body);
    sharc_rw_insert(&st->rw, sharc_sdy_mesh_op_create(ctx, sharc_ident_str(entries[i].name),
                                                      entries[i].value, sharc_op_loc(module)));
  }
  sharc_xla_set_frontend_attr(&st->rw, module, SHARC_XLA_SDY_MESHES, NULL);
  return true;
}

/* The tuple shardings tf2xla puts on the module for @main's arguments
 * (results). */
static bool import_tuple_shardings(import_state *st, sharc_op *module, sharc_op *main,
                                   const char *name, bool results) {
  sharc_attr *dict = sharc_xla_frontend_attrs(module);
  sharc_attr *s = sharc_xla_parse_string_attr(dict, name, module, &st->failed);
  if (st->failed)
    return false;
  if (!s)
    return true;
  unsigned expected = results ? sharc_func_num_results(main) : sharc_func_num_args(main);
  unsigned n = sharc_sdy_is_sharding_per_value(s) ? sharc_sdy_list_size(s) : 0;
  if (n != expected) {
    sharc_emit_op_error(module,
                        "Number of actual shardings (%u) does not match number of expected "
                        "shardings (%ufor %s) for function.",
                        n, expected, name);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    if (results)
      sharc_sdy_set_func_result_sharding(main, i, sharc_sdy_list_at(s, i));
    else
      sharc_sdy_set_func_arg_sharding(main, i, sharc_sdy_list_at(s, i));
  }
  sharc_xla_set_frontend_attr(&st->rw, module, name, NULL);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const import_options *o = opts;
  import_state st = {.v3 = o->enable_hlo_sharding_v3};
  sharc_pass_rewriter(run, &st.rw, NULL);
  if (!st.v3 && !import_meshes(&st, module))
    return false;
  sharc_op *main = sharc_symbol_lookup(module, SHARC_STR("main"));
  if (main && sharc_op_isa(main, &sharc_func_func_def) &&
      (!import_tuple_shardings(&st, module, main, SHARC_XLA_IN_TUPLE_SHARDINGS, false) ||
       !import_tuple_shardings(&st, module, main, SHARC_XLA_OUT_TUPLE_SHARDINGS, true)))
    return false;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def) || sharc_func_is_declaration(op))
      continue;
    st.func = op;
    if (!(st.v3 ? convert_func_v3(&st, op) : convert_func(&st, op)))
      return false;
  }
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_import_shardy_attrs = {
    .flag = "xla-sdy-round-trip-import-shardy-attrs",
    .display_name = "SdyRoundTripImportShardyAttrsPass",
    .summary = "Converts the shardy attributes from strings in MHLO frontend attributes to SDY "
               "meshes, shardings and sharding rules.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(import_options),
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* -sdy-drop-sharding-and-mesh: removes every `sdy.sharding` attribute (ops,
 * function arguments and results) and every sdy.mesh op. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

typedef struct drop_state {
  sharc_rewriter rw;
} drop_state;

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* The dictionaries of `n` arguments (results) without `sdy.sharding`; false
 * when none had it. */
static bool without_sharding(sharc_op *func, unsigned n, bool results, attr_vec *out) {
  sharc_context *ctx = sharc_op_context(func);
  bool changed = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *dict = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    if (sharc_attr_dict_get(dict, SHARC_SDY_SHARDING_ATTR)) {
      dict = sharc_func_dict_with(ctx, dict, SHARC_SDY_SHARDING_ATTR, NULL);
      changed = true;
    }
    sharc_vec_push(out, dict);
  }
  return changed;
}

static sharc_walk_result drop(sharc_op *op, void *user) {
  drop_state *st = user;
  if (sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR))
    sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, NULL);
  if (!sharc_op_isa(op, &sharc_func_func_def))
    return SHARC_WALK_ADVANCE;
  attr_vec dicts = {0};
  if (without_sharding(op, sharc_func_num_args(op), false, &dicts)) {
    sharc_func_set_all_arg_attrs(op, dicts.items);
    sharc_rw_modified(&st->rw, op);
  }
  dicts.len = 0;
  if (without_sharding(op, sharc_func_num_results(op), true, &dicts)) {
    sharc_func_set_all_result_attrs(op, dicts.items);
    sharc_rw_modified(&st->rw, op);
  }
  sharc_vec_free(&dicts);
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result erase_mesh(sharc_op *op, void *user) {
  drop_state *st = user;
  sharc_rw_erase_op(&st->rw, op);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  drop_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(module, SHARC_POST_ORDER, drop, &st);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_mesh_op_def, erase_mesh, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_drop_sharding_and_mesh = {
    .flag = "sdy-drop-sharding-and-mesh",
    .display_name = "DropShardingAndMeshPass",
    .summary = "Removes the mesh op and sharding notation from the program.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

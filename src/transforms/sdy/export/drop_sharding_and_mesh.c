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

static sharc_attr *dict_without_sharding(sharc_op *func, unsigned i, sharc_attr *dict,
                                         void *user) {
  (void)i, (void)user;
  if (!sharc_attr_dict_get(dict, SHARC_SDY_SHARDING_ATTR))
    return dict;
  return sharc_func_dict_with(sharc_op_context(func), dict, SHARC_SDY_SHARDING_ATTR, NULL);
}

static sharc_walk_result drop(sharc_op *op, void *user) {
  drop_state *st = user;
  if (sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR))
    sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR, NULL);
  if (!sharc_op_isa(op, &sharc_func_func_def))
    return SHARC_WALK_ADVANCE;
  if (sharc_func_map_attr_dicts(op, false, false, dict_without_sharding, NULL))
    sharc_rw_modified(&st->rw, op);
  if (sharc_func_map_attr_dicts(op, true, false, dict_without_sharding, NULL))
    sharc_rw_modified(&st->rw, op);
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

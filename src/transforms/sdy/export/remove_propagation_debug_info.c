/* -sdy-remove-propagation-debug-info: drops the propagation edges and
 * sharding origins propagation's debug options saved on ops and on function
 * arguments and results. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

static const char *const debug_attrs[] = {
    "sdy.propagation_edges", "sdy.block_arg_propagation_edges", "sdy.result_propagation_edges",
    "sdy.sharding_origins",  "sdy.block_arg_sharding_origins",  "sdy.result_sharding_origins",
};
enum { NUM_DEBUG_ATTRS = sizeof debug_attrs / sizeof debug_attrs[0] };

typedef struct remove_state {
  sharc_rewriter rw;
} remove_state;

static sharc_attr *without_debug(sharc_op *func, unsigned i, sharc_attr *dict, void *user) {
  (void)i, (void)user;
  for (unsigned k = 0; k < NUM_DEBUG_ATTRS; k++)
    if (sharc_attr_dict_get(dict, debug_attrs[k]))
      dict = sharc_func_dict_with(sharc_op_context(func), dict, debug_attrs[k], NULL);
  return dict;
}

static void clean_func(remove_state *st, sharc_op *func) {
  bool changed = sharc_func_map_attr_dicts(func, false, false, without_debug, NULL);
  if (sharc_func_map_attr_dicts(func, true, false, without_debug, NULL) || changed)
    sharc_rw_modified(&st->rw, func);
}

static sharc_walk_result clean(sharc_op *op, void *user) {
  remove_state *st = user;
  /* a function keeps these on its own attributes: only its arguments and
   * results are cleaned, as Shardy's TypeSwitch does */
  if (sharc_op_isa(op, &sharc_func_func_def)) {
    clean_func(st, op);
    return SHARC_WALK_ADVANCE;
  }
  for (unsigned k = 0; k < NUM_DEBUG_ATTRS; k++)
    if (sharc_op_attr(op, debug_attrs[k]))
      sharc_rw_set_attr(&st->rw, op, debug_attrs[k], NULL);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  remove_state st;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(module, SHARC_POST_ORDER, clean, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_remove_propagation_debug_info = {
    .flag = "sdy-remove-propagation-debug-info",
    .display_name = "RemovePropagationDebugInfoPass",
    .summary = "Removes propagation debug info (propagation edges and origin shardings) during "
               "export.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

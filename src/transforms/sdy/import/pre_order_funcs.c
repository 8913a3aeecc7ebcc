/* -sdy-pre-order-funcs: moves the functions with a body to the end of the
 * module in pre-order of the call graph (callers before callees), so that
 * propagating top-down over the blocks emulates inlining. Other ops
 * (meshes, declarations) keep their place ahead of them. */
#include "pass/pass_registry.h"
#include "transforms/sdy/common/call_graph_utils.h"

#include <stdlib.h>

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op **funcs;
  unsigned n = sharc_sdy_funcs_in_call_order(sharc_pass_call_graph(run), true, &funcs);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (unsigned i = 0; i < n; i++)
    sharc_rw_move_to_end(&rw, funcs[i], body);
  free(funcs);
  return true;
}

const sharc_pass_def sharc_pass_sdy_pre_order_funcs = {
    .flag = "sdy-pre-order-funcs",
    .display_name = "PreOrderFuncsPass",
    .summary = "Reorders functions in the module in pre-order of the call graph.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

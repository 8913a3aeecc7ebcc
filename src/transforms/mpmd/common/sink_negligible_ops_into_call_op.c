/* -mpmd-sink-negligible-ops-into-call-op: a callee argument that every call
 * passes the same constant-like value (an op without operands and with one
 * result) gets a clone of that op instead, and the argument goes. */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "rewrite/greedy_internal.h"

#include <stdlib.h>

static void sink_into(sharc_op *func, sharc_block *body, sharc_op *const *calls, unsigned n_calls,
                      sharc_rewriter *rw) {
  unsigned n = sharc_block_num_args(body);
  bool *erase = sharc_xcalloc((size_t)n + 1, sizeof *erase);
  bool any = false;
  sharc_op *first_op = sharc_block_first_op(body);
  for (unsigned i = 0; i < n; i++) {
    if (i >= sharc_op_num_operands(calls[0]))
      continue;
    sharc_value *v = sharc_op_operand(calls[0], i);
    bool same = true;
    for (unsigned k = 1; k < n_calls && same; k++)
      same = i < sharc_op_num_operands(calls[k]) && sharc_op_operand(calls[k], i) == v;
    sharc_op *producer = sharc_value_defining_op(v);
    if (!same || !producer || sharc_op_num_operands(producer) || sharc_op_num_results(producer) != 1)
      continue;
    if (first_op)
      sharc_rw_set_before(rw, first_op);
    else
      sharc_rw_set_block_end(rw, body);
    sharc_op *clone = sharc_rw_clone(rw, producer, NULL);
    sharc_rw_replace_all_uses(rw, sharc_block_arg(body, i), sharc_op_result(clone, 0));
    erase[i] = any = true;
  }
  if (any) {
    sharc_func_erase_args(func, erase);
    sharc_ptr_vec callers = {0};
    for (unsigned k = 0; k < n_calls; k++) {
      sharc_op_erase_marked_operands(calls[k], erase, n);
      sharc_rw_modified(rw, calls[k]);
      sharc_op *caller = sharc_mpmd_enclosing_func(calls[k]);
      if (caller)
        sharc_ptr_vec_push_unique(&callers, caller);
    }
    for (unsigned j = 0; j < callers.len; j++)
      sharc_simplify_region(rw, sharc_op_region(callers.items[j], 0), true);
    sharc_vec_free(&callers);
  }
  free(erase);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_mpmd_rewrite_called_funcs(module, run, false, sink_into);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_sink_negligible_ops_into_call_op = {
    .flag = "mpmd-sink-negligible-ops-into-call-op",
    .display_name = "SinkNegligibleOpsIntoCallOpPass",
    .summary = "Sinks negligible ops into call-ops (i.e., the called function).",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

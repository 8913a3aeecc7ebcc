/* -mpmd-erase-unused-callee-block-arguments: a callee argument that only
 * the return uses goes, with the results that return it: the calls' uses
 * of those results read the call operand instead. A callee left with no
 * result goes with its calls. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/llvm_hash.h"
#include "rewrite/replace_kept.h"

#include <stdlib.h>

/* HasOtherUsersExcept(arg, terminator). */
static bool used_elsewhere(sharc_value *arg, sharc_op *terminator) {
  for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u))
    if (!sharc_op_is_ancestor(terminator, sharc_use_owner(u)))
      return true;
  return false;
}

static void rebuild_call(sharc_op *call, const bool *erase_args, unsigned n_args,
                         const bool *erase_res, unsigned n_res, sharc_rewriter *rw) {
  unsigned k, t;
  sharc_value **operands = sharc_op_operands_where(call, erase_args, n_args, false, &k);
  sharc_type **types = sharc_op_result_types_where(call, erase_res, n_res, false, &t);
  sharc_rw_set_before(rw, call);
  sharc_op *now = sharc_mpmd_create_call(rw, sharc_op_loc(call), operands, k, types, t,
                                         sharc_op_attr(call, "callee"));
  sharc_mpmd_set_discardable_attrs(now, sharc_mpmd_discardable_attrs(call));
  sharc_rw_replace_op_with_kept_results(rw, call, now, erase_res, n_res, false);
  free(operands);
  free(types);
}

static void erase_in(sharc_op *func, sharc_block *body, sharc_op *const *all_calls,
                     unsigned n_calls, sharc_rewriter *rw) {
  sharc_ptr_vec calls = {0};
  for (unsigned k = 0; k < n_calls; k++)
    if (!sharc_op_is_erased(all_calls[k]))
      sharc_vec_push(&calls, all_calls[k]);
  sharc_op *terminator = sharc_block_last_op(body);
  unsigned n_args = sharc_block_num_args(body), n_res = sharc_op_num_operands(terminator);
  bool *erase_args = sharc_xcalloc((size_t)n_args + 1, sizeof *erase_args);
  bool *erase_res = sharc_xcalloc((size_t)n_res + 1, sizeof *erase_res);
  int *replacement = sharc_xmalloc_array((size_t)n_res + 1, sizeof *replacement);
  /* Shardy keeps result -> operand in a DenseMap<int, int> and replaces the
   * calls' results in its bucket order, which orders the operands' uses */
  unsigned *keys = sharc_xmalloc_array((size_t)n_res + 1, sizeof *keys);
  unsigned *hashes = sharc_xmalloc_array((size_t)n_res + 1, sizeof *hashes);
  unsigned *order = sharc_xmalloc_array((size_t)n_res + 1, sizeof *order);
  unsigned n_keys = 0;
  bool any = false;
  for (unsigned i = 0; i < n_res; i++)
    replacement[i] = -1;
  for (unsigned a = 0; a < n_args; a++) {
    sharc_value *arg = sharc_block_arg(body, a);
    if (used_elsewhere(arg, terminator))
      continue;
    erase_args[a] = any = true;
    for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
      unsigned r = sharc_use_operand_index(u);
      erase_res[r] = true;
      if (replacement[r] < 0) {
        hashes[n_keys] = sharc_llvm_int_hash((int)r);
        keys[n_keys++] = r;
      }
      replacement[r] = (int)a;
    }
  }
  if (any) {
    sharc_llvm_map_order(hashes, n_keys, order);
    for (unsigned k = 0; k < calls.len; k++) {
      sharc_op *call = calls.items[k];
      for (unsigned i = 0; i < n_keys; i++) {
        unsigned r = keys[order[i]];
        if (replacement[r] >= 0 && r < sharc_op_num_results(call) &&
            (unsigned)replacement[r] < sharc_op_num_operands(call))
          sharc_rw_replace_all_uses(rw, sharc_op_result(call, r),
                                    sharc_op_operand(call, (unsigned)replacement[r]));
      }
    }
    bool all_results = true;
    for (unsigned r = 0; r < n_res; r++)
      all_results &= erase_res[r];
    if (all_results) {
      for (unsigned k = 0; k < calls.len; k++)
        sharc_rw_erase_op(rw, calls.items[k]);
      sharc_rw_erase_op(rw, func);
    } else {
      sharc_func_erase_results(func, erase_res);
      sharc_op_erase_marked_operands(terminator, erase_res, n_res);
      sharc_func_erase_args(func, erase_args);
      sharc_mpmd_update_function_type(func);
      for (unsigned c = 0; c < calls.len; c++)
        rebuild_call(calls.items[c], erase_args, n_args, erase_res, n_res, rw);
    }
  }
  sharc_vec_free(&calls);
  free(erase_args);
  free(erase_res);
  free(keys);
  free(hashes);
  free(order);
  free(replacement);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_mpmd_rewrite_called_funcs(module, run, true, erase_in);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_erase_unused_callee_block_arguments = {
    .flag = "mpmd-erase-unused-callee-block-arguments",
    .display_name = "EraseUnusedCalleeBlockArgumentsPass",
    .summary = "Erases any mpmd callee block argument that isn't used by an (hlo) computation.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

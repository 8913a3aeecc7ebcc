/* What MPMD's passes share; see pass_utils.h. */
#include "transforms/mpmd/common/pass_utils.h"

#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_patterns.h"

#include <stdlib.h>

bool sharc_mpmd_distributed_func_rewriter(sharc_op *func, sharc_pass_run *run, sharc_rewriter *rw) {
  if (!sharc_mpmd_is_distributed_function(func))
    return false;
  sharc_pass_rewriter(run, rw, NULL);
  return true;
}

sharc_block *sharc_mpmd_any_entry_point_body(sharc_op *func) {
  return sharc_mpmd_is_entry_point_function(func) ? sharc_func_body(func) : NULL;
}

sharc_block *sharc_mpmd_entry_point_body(sharc_op *func) {
  return sharc_mpmd_is_mpmd_function(func) ? sharc_mpmd_any_entry_point_body(func) : NULL;
}

void sharc_mpmd_append_operand(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  unsigned n = sharc_op_num_operands(op);
  sharc_value **operands = sharc_op_operand_values(op);
  operands[n] = v;
  sharc_op_set_operands(op, operands, n + 1);
  sharc_rw_modified(rw, op);
  free(operands);
}

void sharc_mpmd_rewrite_called_funcs(sharc_op *module, sharc_pass_run *run,
                                     bool skip_entry_points, sharc_mpmd_callee_rewrite_fn fn) {
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_mpmd_call_sites cs;
  sharc_mpmd_call_sites_build(&cs, module);
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  for (unsigned i = 0; i < funcs.len; i++) {
    sharc_op *func = funcs.items[i];
    if (skip_entry_points && sharc_mpmd_is_entry_point_function(func))
      continue;
    unsigned n_calls;
    sharc_op *const *calls = sharc_mpmd_call_sites_of(&cs, func, &n_calls);
    sharc_block *body = n_calls ? sharc_func_body(func) : NULL;
    if (body)
      fn(func, body, calls, n_calls, &rw);
  }
  sharc_vec_free(&funcs);
  sharc_mpmd_call_sites_free(&cs);
}

typedef struct entry_point_rewrite {
  const void *opts;
  sharc_rewriter rw;
  sharc_mpmd_entry_point_rewrite_fn fn;
} entry_point_rewrite;

static bool rewrite_entry_point(sharc_op *func, void *user) {
  entry_point_rewrite *r = user;
  return r->fn(func, r->opts, &r->rw);
}

bool sharc_mpmd_rewrite_entry_points(sharc_op *module, sharc_pass_run *run, const void *opts,
                                     sharc_mpmd_entry_point_rewrite_fn fn) {
  entry_point_rewrite r = {.opts = opts, .fn = fn};
  sharc_pass_rewriter(run, &r.rw, NULL);
  return sharc_mpmd_for_each_entry_point(module, rewrite_entry_point, &r);
}

void sharc_mpmd_unique_users(sharc_op *op, const sharc_op_def *only, sharc_ptr_vec *out) {
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (!only || sharc_op_isa(user, only))
        sharc_ptr_vec_push_unique(out, user);
    }
}

bool sharc_mpmd_apply_isolation_local_patterns(sharc_op *op, const sharc_pattern *patterns,
                                               const sharc_greedy_config *config,
                                               sharc_pass_run *run) {
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(op));
  sharc_pattern_set_add(set, patterns, NULL);
  sharc_pattern_set_declare_isolation_local(set);
  bool converged = sharc_pass_apply_pattern_set(op, set, config, run);
  sharc_pattern_set_destroy(set);
  return converged;
}

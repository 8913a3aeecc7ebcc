/* -mpmd-introduce-transfers: the user's assignments become transfers. An
 * unassign from one mesh whose result every call passes to a callee that
 * assigns it is pushed into the callee; assign(unassign(x)) becomes x, an
 * existing transfer of x, or a (chained) transfer; and a meshless sum of
 * unassigned values that is assigned to a mesh is computed on that mesh. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"

/* ---- patterns --------------------------------------------------------------------- */

static bool assign_of_unassign(sharc_op *assign, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *un = sharc_value_defining_op(sharc_op_operand(assign, 0));
  if (!un || !sharc_op_isa(un, &sharc_mpmd_unassign_def))
    return false;
  sharc_type *target = sharc_value_type(sharc_op_result(assign, 0));
  sharc_value *tensor = sharc_op_operand(un, 0);
  if (sharc_value_type(tensor) == target) {
    sharc_rw_replace_op(rw, assign, &tensor, 1);
    return true;
  }
  for (sharc_use *u = sharc_value_first_use(tensor); u; u = sharc_use_next(u)) {
    sharc_op *t = sharc_use_owner(u);
    if (!sharc_mpmd_is_inter_mesh_transfer(t) || sharc_value_type(sharc_op_result(t, 0)) != target)
      continue;
    /* an earlier transfer may have been created at a later user */
    if (sharc_op_block(t) == sharc_op_block(assign) && sharc_op_is_before_in_block(assign, t))
      sharc_rw_move_before(rw, t, assign);
    sharc_value *r = sharc_op_result(t, 0);
    sharc_rw_replace_op(rw, assign, &r, 1);
    return true;
  }
  sharc_ptr_vec cross = {0};
  sharc_mpmd_cross_mesh_assign_users(un, &cross);
  if (cross.len >= 2) {
    sharc_mpmd_replace_assigns_with_chained_transfers(&cross, tensor, rw);
  } else {
    sharc_rw_set_before(rw, assign);
    sharc_op *t = sharc_mpmd_create_transfer(rw, sharc_op_loc(assign), tensor, target);
    sharc_value *r = sharc_op_result(t, 0);
    sharc_rw_replace_op(rw, assign, &r, 1);
  }
  sharc_vec_free(&cross);
  return true;
}

/* IsAddOfUnassigns: a single-use add whose operands are unassigns or such
 * adds. */
static bool is_add_of_unassigns(sharc_op *add) {
  if (!sharc_value_has_one_use(sharc_op_result(add, 0)))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(add); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(add, i));
    if (def && sharc_op_isa(def, &sharc_mpmd_unassign_def))
      continue;
    if (def && sharc_op_isa(def, SHARC_SHLO(add)) && is_add_of_unassigns(def))
      continue;
    return false;
  }
  return true;
}

static bool push_assign_through_add(sharc_op *assign, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *add = sharc_value_defining_op(sharc_op_operand(assign, 0));
  if (!add || !sharc_op_isa(add, SHARC_SHLO(add)) || !is_add_of_unassigns(add))
    return false;
  sharc_mpmd_wrap_op_with_fragment(add, sharc_mpmd_value_mesh(sharc_op_result(assign, 0)), rw,
                                   "introduce_transfers", NULL, NULL);
  return true;
}

static const sharc_pattern patterns[] = {
    {"AssignOfUnassignPattern", assign_of_unassign, &sharc_mpmd_assign_def, 1, NULL},
    {"PushAssignBackwardThroughAdd", push_assign_through_add, &sharc_mpmd_assign_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* ---- pushing unassigns into callees ----------------------------------------------- */

/* FindUnassignOp: the unassign defining `v`, looking into a callee for a
 * call's result. */
static sharc_op *find_unassign(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  if (def && sharc_op_isa(def, &sharc_mpmd_call_def)) {
    sharc_op *callee = sharc_mpmd_callee(def);
    sharc_block *body = callee ? sharc_func_body(callee) : NULL;
    sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
    unsigned i = sharc_value_index(v);
    def = ret && i < sharc_op_num_operands(ret) ? sharc_value_defining_op(sharc_op_operand(ret, i))
                                                : NULL;
  }
  return def && sharc_op_isa(def, &sharc_mpmd_unassign_def) ? def : NULL;
}

static bool should_push(sharc_op *const *calls, unsigned n, unsigned index, sharc_value *arg) {
  sharc_op *first = find_unassign(sharc_op_operand(calls[0], index));
  if (!first)
    return false;
  sharc_str mesh = sharc_mpmd_value_mesh(sharc_op_operand(first, 0));
  for (unsigned k = 1; k < n; k++) {
    sharc_op *un = find_unassign(sharc_op_operand(calls[k], index));
    if (!un || !sharc_str_eq(sharc_mpmd_value_mesh(sharc_op_operand(un, 0)), mesh))
      return false;
  }
  for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
      return true;
  return false;
}

static bool except_op(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

static void push_unassigns_into(sharc_op *callee, sharc_block *body, sharc_op *const *calls,
                                unsigned n, sharc_rewriter *rw) {
  (void)callee;
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (i >= sharc_op_num_operands(calls[0]) || !should_push(calls, n, i, arg))
      continue;
    sharc_op *un = find_unassign(sharc_op_operand(calls[0], i));
    sharc_rw_set_block_start(rw, body);
    sharc_attr *loc = sharc_value_loc(arg);
    sharc_op *assign =
        sharc_mpmd_create_assign(rw, loc, arg, sharc_value_type(sharc_op_operand(un, 0)), NULL);
    sharc_op *inner = sharc_mpmd_create_unassign(rw, loc, sharc_op_result(assign, 0), NULL);
    sharc_rw_replace_uses_if(rw, arg, sharc_op_result(inner, 0), except_op, assign);
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_mpmd_rewrite_called_funcs(module, run, true, push_unassigns_into);
  /* rooted at assigns, replaced by values and transfers in their own block
   * or by an add wrapped in a new fragment: no pattern enters a region */
  sharc_greedy_config config = sharc_pass_greedy_config_no_folding();
  return sharc_mpmd_apply_isolation_local_patterns(module, patterns, &config, run);
}

const sharc_pass_def sharc_pass_mpmd_introduce_transfers = {
    .flag = "mpmd-introduce-transfers",
    .display_name = "IntroduceTransfersPass",
    .summary = "Creates data transfers based on user mesh assignments.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

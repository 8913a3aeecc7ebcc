/* -mpmd-infer-mesh-finalize: the entry points' remaining inputs take the
 * mesh of their assign users, then assign(unassign(x)) pairs become x, an
 * existing transfer or (for function arguments, and with infer-transfers
 * everywhere) chained transfers, broadcasts become transfers and
 * mpmd.reduce ops local reductions joined by transfers. Afterwards no
 * meshless op, assign, unassign or broadcast may remain. */
#include "dialect/func/func.h"
#include "ir/static_names.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "support/xalloc.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/llvm_hash.h"
#include "support/log.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"
#include "transforms/mpmd/import/mesh_inference.h"

#include <stdlib.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_finalize_options, infer_transfers, "infer-transfers", SHARC_OPT_BOOL, "false",
                 SHARC_MPMD_INFER_TRANSFERS_DESC),
};

static sharc_op *unassign_operand(sharc_op *assign) {
  sharc_op *un = sharc_value_defining_op(sharc_op_operand(assign, 0));
  return un && sharc_op_isa(un, &sharc_mpmd_unassign_def) ? un : NULL;
}

static bool same_mesh(sharc_op *assign, sharc_op *un) {
  return sharc_str_eq(sharc_mpmd_value_mesh(sharc_op_operand(un, 0)),
                      sharc_mpmd_value_mesh(sharc_op_result(assign, 0)));
}

/* ---- patterns ----------------------------------------------------------------------- */

/* assign(unassign(x, m), m) -> x. */
static bool assign_of_unassign_same_mesh(sharc_op *assign, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *un = unassign_operand(assign);
  if (!un || !same_mesh(assign, un))
    return false;
  sharc_value *x = sharc_op_operand(un, 0);
  sharc_rw_replace_op(rw, assign, &x, 1);
  return true;
}

/* assign(unassign(x, m1), m2) -> an existing transfer of x to that type in
 * the same or an enclosing block, moved before the assign if needed. */
static bool dedup_assign_of_unassign_and_transfer(sharc_op *assign, sharc_rewriter *rw,
                                                  void *state) {
  (void)state;
  sharc_op *un = unassign_operand(assign);
  if (!un || same_mesh(assign, un))
    return false;
  sharc_type *type = sharc_value_type(sharc_op_result(assign, 0));
  for (sharc_use *u = sharc_value_first_use(sharc_op_operand(un, 0)); u; u = sharc_use_next(u)) {
    sharc_op *t = sharc_use_owner(u);
    if (!sharc_op_isa(t, &sharc_mpmd_transfer_def) || sharc_value_type(sharc_op_result(t, 0)) != type)
      continue;
    sharc_op *ancestor = sharc_mpmd_ancestor_in_block(sharc_op_block(t), assign);
    if (!ancestor)
      continue;
    if (sharc_op_is_before_in_block(ancestor, t))
      sharc_op_move_before(t, ancestor);
    sharc_value *r = sharc_op_result(t, 0);
    sharc_rw_replace_op(rw, assign, &r, 1);
    return true;
  }
  return false;
}

static bool chain_cross_mesh_assigns(sharc_op *un, sharc_rewriter *rw) {
  sharc_ptr_vec cross = {0};
  sharc_mpmd_cross_mesh_assign_users(un, &cross);
  sharc_mpmd_replace_assigns_with_chained_transfers(&cross, sharc_op_operand(un, 0), rw);
  sharc_vec_free(&cross);
  return true;
}

/* assign(unassign(arg, m1), m2) on an entry point's argument -> chained
 * transfers of the argument. */
static bool assign_of_unassign_func_arg(sharc_op *assign, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *un = unassign_operand(assign);
  if (!un)
    return false;
  sharc_value *x = sharc_op_operand(un, 0);
  sharc_op *owner = sharc_value_is_block_arg(x) ? sharc_block_parent_op(sharc_value_owner_block(x))
                                                : NULL;
  sharc_op *func = sharc_mpmd_enclosing_func(un);
  if (!owner || !sharc_op_isa(owner, &sharc_func_func_def) || !func ||
      !sharc_mpmd_is_entry_point_function(func) || same_mesh(assign, un))
    return false;
  return chain_cross_mesh_assigns(un, rw);
}

/* With infer-transfers: any assign(unassign(x, m1), m2). */
static bool assign_of_unassign(sharc_op *assign, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *un = unassign_operand(assign);
  if (!un || same_mesh(assign, un))
    return false;
  return chain_cross_mesh_assigns(un, rw);
}

/* broadcast(unassign(x)) assigned to meshes -> chained transfers of x. */
static bool broadcast_to_transfers(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *un = sharc_value_defining_op(sharc_op_operand(op, 0));
  if (!un || !sharc_op_isa(un, &sharc_mpmd_unassign_def))
    return false;
  sharc_ptr_vec assigns = {0};
  for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, 0)); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
      sharc_vec_push(&assigns, sharc_use_owner(u));
  bool changed = assigns.len > 0;
  if (changed)
    sharc_mpmd_replace_assigns_with_chained_transfers(&assigns, sharc_op_operand(un, 0), rw);
  sharc_vec_free(&assigns);
  return changed;
}

/* CreateReduceFragment: a fragment on `mesh` reducing its operands. */
static sharc_op *reduce_fragment(sharc_rewriter *rw, sharc_value *const *tensors, unsigned n,
                                 sharc_str mesh, sharc_mpmd_reduction_kind kind) {
  sharc_type *t = sharc_value_type(tensors[0]);
  sharc_attr *loc = sharc_mpmd_value_loc(tensors[0]);
  sharc_insert_point ip = rw->ip;
  sharc_op *frag = sharc_mpmd_create_global_fragment(rw, loc, mesh, tensors, n, &t, 1);
  sharc_block *body = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_value *acc = sharc_block_arg(body, 0);
  for (unsigned i = 1; i < n; i++) {
    sharc_value *v = sharc_block_arg(body, i);
    sharc_op *r = sharc_mpmd_create_binary_reduce(rw, kind, acc, v, sharc_value_loc(v));
    if (r)
      acc = sharc_op_result(r, 0);
  }
  sharc_mpmd_create_return(rw, loc, &acc, 1);
  rw->ip = ip;
  sharc_mpmd_set_inferred_by(rw, frag, "infer_mesh_convert_reduce_ops");
  return frag;
}

typedef struct mesh_group {
  sharc_str mesh;
  sharc_ptr_vec values;
} mesh_group;

typedef SHARC_VEC(mesh_group) group_vec;

static mesh_group *group_of(group_vec *g, sharc_str mesh) {
  for (unsigned i = 0; i < g->len; i++)
    if (sharc_str_eq(g->items[i].mesh, mesh))
      return &g->items[i];
  mesh_group e = {mesh, {0}};
  sharc_vec_push(g, e);
  return &sharc_vec_last(g);
}

static void free_groups(group_vec *g) {
  for (unsigned i = 0; i < g->len; i++)
    sharc_vec_free(&g->items[i].values);
  sharc_vec_free(g);
}

/* Shardy groups the operands in a DenseMap<StringRef, ...> keyed by mesh
 * name and iterates it: the groups go in LLVM's bucket order of the names. */
static void order_as_llvm_string_map(group_vec *groups) {
  unsigned n = (unsigned)groups->len;
  if (n < 2)
    return;
  sharc_str *keys = sharc_xmalloc_array(n, sizeof *keys);
  unsigned *order = sharc_xmalloc_array(n, sizeof *order);
  mesh_group *copy = sharc_xmalloc_array(n, sizeof *copy);
  for (unsigned i = 0; i < n; i++) {
    keys[i] = groups->items[i].mesh;
    copy[i] = groups->items[i];
  }
  sharc_llvm_string_map_order(keys, n, order);
  for (unsigned i = 0; i < n; i++)
    groups->items[i] = copy[order[i]];
  free(copy);
  free(order);
  free(keys);
}

/* Shardy's SDY_CHECKs in LowerMpmdReducePattern abort the pass; here the
 * first failed check is reported at the reduction (Shardy stops there),
 * with the check's text, and the pass fails. */
static bool check_failed(sharc_op *op, const char *check, bool *failed) {
  if (!*failed)
    sharc_mpmd_error(op, "Check failed: %s", check);
  *failed = true;
  return false;
}

/* The reduction's operands by the mesh their unassign takes them from, and
 * its assign users by their mesh; false after the check's error where an
 * operand is no unassign's or a user no assign. */
static bool group_reduce(sharc_op *op, group_vec *sources, group_vec *users, bool *failed) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_op *un = sharc_value_defining_op(sharc_op_operand(op, i));
    if (!un || !sharc_op_isa(un, &sharc_mpmd_unassign_def))
      return check_failed(op, "unassign", failed);
    sharc_value *x = sharc_op_operand(un, 0);
    sharc_vec_push(&group_of(sources, sharc_mpmd_value_mesh(x))->values, x);
  }
  for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, 0)); u; u = sharc_use_next(u)) {
    sharc_op *assign = sharc_use_owner(u);
    if (!sharc_op_isa(assign, &sharc_mpmd_assign_def))
      return check_failed(op, "assign", failed);
    sharc_vec_push(&group_of(users, sharc_mpmd_value_mesh(sharc_op_result(assign, 0)))->values,
                   assign);
  }
  return true;
}

/* Every mesh of the use set has an assign user. */
static bool use_meshes_assigned(sharc_op *op, const sharc_mesh_set *uses, group_vec *users,
                                bool *failed) {
  for (unsigned m = 0; m < uses->meshes.len; m++)
    if (!group_of(users, sharc_ident_str(uses->meshes.items[m].mesh))->values.len)
      return check_failed(op,
                          "!assign_users.empty() Each mesh in the use_set should correspond to "
                          "at least one assign user.",
                          failed);
  return true;
}

/* mpmd.reduce -> a reduction per source mesh, transferred to each mesh
 * that uses the result and reduced there. */
static bool lower_mpmd_reduce(sharc_op *op, sharc_rewriter *rw, void *state) {
  group_vec sources = {0}, users = {0};
  sharc_mesh_set uses = {0};
  bool ok = group_reduce(op, &sources, &users, state);
  if (ok) {
    sharc_mi_use_set(op, &uses);
    ok = use_meshes_assigned(op, &uses, &users, state);
  }
  if (!ok) {
    sharc_mesh_set_free(&uses);
    free_groups(&sources);
    free_groups(&users);
    return false;
  }
  order_as_llvm_string_map(&sources);
  sharc_mpmd_reduction_kind kind = sharc_mpmd_reduction_get(sharc_op_attr_static(op, "reduction"));
  sharc_rw_set_after(rw, op);
  sharc_ptr_vec locals = {0};
  for (unsigned i = 0; i < sources.len; i++) {
    mesh_group *g = &sources.items[i];
    if (g->values.len == 1)
      sharc_vec_push(&locals, g->values.items[0]);
    else
      sharc_vec_push(&locals, sharc_op_result(reduce_fragment(rw, (sharc_value *const *)g->values.items,
                                                              g->values.len, g->mesh, kind),
                                              0));
  }
  sharc_ptr_vec moved = {0};
  for (unsigned m = 0; m < uses.meshes.len; m++) {
    sharc_str mesh = sharc_ident_str(uses.meshes.items[m].mesh);
    mesh_group *g = group_of(&users, mesh);
    sharc_type *type = sharc_value_type(sharc_op_result(g->values.items[0], 0));
    moved.len = 0;
    for (unsigned i = 0; i < locals.len; i++) {
      sharc_value *v = locals.items[i];
      if (sharc_value_type(v) != type)
        v = sharc_op_result(sharc_mpmd_create_transfer(rw, sharc_mpmd_value_loc(v), v, type), 0);
      sharc_vec_push(&moved, v);
    }
    sharc_op *target = reduce_fragment(rw, (sharc_value *const *)moved.items, moved.len, mesh, kind);
    for (unsigned i = 0; i < g->values.len; i++)
      sharc_rw_replace_all_uses(rw, sharc_op_result(g->values.items[i], 0),
                                sharc_op_result(target, 0));
  }
  sharc_vec_free(&moved);
  sharc_vec_free(&locals);
  sharc_mesh_set_free(&uses);
  free_groups(&sources);
  free_groups(&users);
  return true;
}

static const sharc_pattern patterns[] = {
    {"AssignOfUnassignSameMeshPattern", assign_of_unassign_same_mesh, &sharc_mpmd_assign_def, 1,
     NULL},
    {"DedupAssignOfUnassignAndTransferPattern", dedup_assign_of_unassign_and_transfer,
     &sharc_mpmd_assign_def, 1, NULL},
    {"AssignOfUnassignFuncArgPattern", assign_of_unassign_func_arg, &sharc_mpmd_assign_def, 1,
     NULL},
    {"BroadcastToTransfersPattern", broadcast_to_transfers, &sharc_mpmd_broadcast_def, 1, NULL},
    {"LowerMpmdReducePattern", lower_mpmd_reduce, &sharc_mpmd_reduce_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static const sharc_pattern transfer_patterns[] = {
    {"AssignOfUnassignPattern", assign_of_unassign, &sharc_mpmd_assign_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* ---- entry-point arguments ------------------------------------------------------------ */

static bool except_op(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

/* AssignEntrypointFuncArgsToAssignUsers: an argument takes the first (by
 * name) mesh of its assign users, and their common memory kind. */
static bool assign_entry_args(sharc_op *func, const void *opts, sharc_rewriter *rw) {
  (void)opts;
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return true;
  sharc_rw_set_block_start(rw, body);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(arg)))
      continue;
    sharc_ptr_vec kinds = {0};
    bool undefined = false, any = false;
    sharc_str mesh = {"", 0};
    for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (!sharc_op_isa(user, &sharc_mpmd_assign_def))
        continue;
      sharc_type *t = sharc_value_type(sharc_op_result(user, 0));
      sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
      if (kind)
        sharc_ptr_vec_push_unique(&kinds, kind);
      else
        undefined = true;
      sharc_str m = sharc_mpmd_mesh_tensor_mesh_name(t);
      if (!any || sharc_str_cmp(m, mesh) < 0)
        mesh = m;
      any = true;
    }
    bool ok = true;
    if (undefined && kinds.len) {
      sharc_mpmd_error(func,
                       "Argument %u has different memory kinds assigned to it. Found at least one "
                       "user with undefined memory kind and at least one user with a memory kind.",
                       i);
      ok = false;
    } else if (kinds.len > 1) {
      sharc_mpmd_error(func, "Argument %u has different memory kinds assigned to it.", i);
      ok = false;
    }
    sharc_attr *kind = !undefined && kinds.len ? kinds.items[0] : NULL;
    sharc_vec_free(&kinds);
    if (!ok)
      return false;
    if (!any || !sharc_mpmd_is_ranked_tensor(sharc_value_type(arg)))
      continue;
    sharc_value_set_type(arg, sharc_mpmd_mesh_tensor(rw->ctx, mesh, sharc_value_type(arg), NULL, kind));
    sharc_op *un = sharc_mpmd_create_unassign(rw, sharc_value_loc(arg), arg, NULL);
    sharc_rw_replace_uses_if(rw, arg, sharc_op_result(un, 0), except_op, un);
  }
  return true;
}

/* ---- the result must be fully assigned ---------------------------------------------------- */

typedef struct verify_state {
  bool failed;
} verify_state;

static sharc_walk_result verify_op(sharc_op *op, void *user) {
  verify_state *st = user;
  /* a fragment is assigned already; Shardy's post-order walk still visits
   * its body, only the fragment itself is left as it is */
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
    return SHARC_WALK_ADVANCE;
  if (sharc_op_isa(op, &sharc_mpmd_assign_def) || sharc_op_isa(op, &sharc_mpmd_unassign_def) ||
      sharc_op_isa(op, &sharc_mpmd_broadcast_def)) {
    st->failed = true;
    sharc_mpmd_error(op, "assigns, unassigns or broadcasts are not allowed after mesh inference.");
  }
  if (sharc_mi_is_meshless_op(op)) {
    st->failed = true;
    sharc_mpmd_error(op, "no more meshless ops are expected at this point.");
  }
  if (sharc_mi_clear_sets(op))
    sharc_log(SHARC_LOG_WARNING, SHARC_MI_LOG_SOURCE, 174,
              "Use set or src set still present on op %.*s after mesh inference. This shouldn't "
              "happen.",
              (int)sharc_ident_str(sharc_op_name(op)).len,
              sharc_ident_str(sharc_op_name(op)).data);
  return SHARC_WALK_ADVANCE;
}

/* VerifyMeshAssignment. */
static bool verify_assignment(sharc_op *func) {
  verify_state st = {false};
  sharc_type *ft = sharc_func_type(func);
  for (unsigned i = 0; i < sharc_type_func_num_inputs(ft); i++) {
    sharc_type *t = sharc_type_func_input(ft, i);
    if (!sharc_mpmd_is_mesh_tensor(t)) {
      char *s = sharc_mpmd_type_str(t);
      sharc_mpmd_error(func, "function input %u is not a MeshTensorType, but a '%s'", i, s);
      free(s);
      st.failed = true;
    }
  }
  for (unsigned i = 0; i < sharc_type_func_num_results(ft); i++) {
    sharc_type *t = sharc_type_func_result(ft, i);
    if (!sharc_mpmd_is_mesh_tensor(t)) {
      char *s = sharc_mpmd_type_str(t);
      sharc_mpmd_error(func, "function output %u is not a MeshTensorType, but a '%s'", i, s);
      free(s);
      st.failed = true;
    }
  }
  sharc_walk(func, SHARC_POST_ORDER, verify_op, &st);
  return !st.failed;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const sharc_mpmd_finalize_options *o = opts;
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  bool ok = sharc_mpmd_rewrite_entry_points(module, run, opts, assign_entry_args);
  if (ok) {
    bool check_failed = false;
    sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(module));
    sharc_pattern_set_add(set, patterns, &check_failed);
    if (o->infer_transfers)
      sharc_pattern_set_add(set, transfer_patterns, NULL);
    /* rooted at assigns, broadcasts and reductions, which they replace by
     * values, transfers and new fragments: no pattern enters a region */
    sharc_pattern_set_declare_isolation_local(set);
    sharc_greedy_config config = sharc_greedy_config_default();
    config.fold = false;
    config.cse_constants = false;
    config.listener = sharc_pass_listener(run);
    ok = sharc_apply_patterns_greedily(module, set, &config, NULL);
    sharc_pattern_set_destroy(set);
    if (!ok && !check_failed)
      sharc_pass_report_not_converged(module, &config, run);
    ok &= !check_failed;
  }
  if (ok)
    for (unsigned i = 0; i < funcs.len; i++) {
      sharc_op *func = funcs.items[i];
      sharc_mpmd_update_function_type(func);
      if (!verify_assignment(func))
        ok = false;
      sharc_mi_clear_func_sets(func);
    }
  sharc_vec_free(&funcs);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_finalize = {
    .flag = "mpmd-infer-mesh-finalize",
    .display_name = "InferMeshFinalizePass",
    .summary = "Applies final clean up after patterns mesh inference.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_finalize_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

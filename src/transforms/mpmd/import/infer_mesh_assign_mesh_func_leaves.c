/* -mpmd-infer-mesh-assign-mesh-func-leaves: the leaves of every mpmd
 * function get a mesh from the use and source sets: unused entry-point
 * inputs go to the first mesh, outputs are assigned ("inferred_out"),
 * unused results assigned ("inferred_unused"), ops without tensor results
 * wrapped in fragments, and the operands of mpmd.broadcast / mpmd.reduce
 * assigned and unassigned; unused callee inputs and outputs get a use set.
 * Every other use set is cleared, to be propagated again. */
#include <stdlib.h>

#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/log.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/simplify_region_op.h"
#include "transforms/mpmd/import/import_options.h"
#include "transforms/mpmd/import/infer_mesh_validation.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"
#include "transforms/mpmd/import/mesh_inference.h"

/* where Shardy logs from */
#define SOURCE SHARC_MI_LOG_SOURCE

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_func_leaves_options, infer_transfers, "infer-transfers", SHARC_OPT_BOOL, "false",
                 SHARC_MPMD_INFER_TRANSFERS_DESC),
    SHARC_OPTION(sharc_mpmd_func_leaves_options, error_limit, "error-limit", SHARC_OPT_INT, "5",
                 SHARC_MPMD_ERROR_LIMIT_DESC),
};

typedef struct leaves_state {
  const sharc_mpmd_func_leaves_options *opts;
  sharc_context *ctx;
  sharc_rewriter rw;
  sharc_op *func;
  sharc_str first_mesh;
  sharc_mpmd_call_sites calls;
  int errors, max_errors;
  bool failed;
} leaves_state;

/* IncErrorCountAndMaybeFail: as Shardy, the pass fails once the count
 * reaches the limit. */
static void count_error(leaves_state *st) {
  if (++st->errors == st->max_errors)
    st->failed = true;
}

/* GetMeshByName, which Shardy checks. */
static bool known_mesh(leaves_state *st, sharc_op *at, sharc_str mesh) {
  if (sharc_mpmd_lookup_mesh(st->func, mesh))
    return true;
  sharc_mpmd_error(at, "Mesh with name '%.*s' not found.", (int)mesh.len, mesh.data);
  st->failed = true;
  return false;
}

static sharc_type *replicated(leaves_state *st, sharc_str mesh, sharc_value *v) {
  return sharc_mpmd_replicated(st->ctx, mesh, sharc_value_type(v));
}

static sharc_ident *ident(leaves_state *st, sharc_str s) { return sharc_ident_get(st->ctx, s); }

/* GetMeshForAssignment: a mesh of the operand's source set, preferring
 * `preferred`; false when the source set is empty. */
static bool mesh_for_assignment(leaves_state *st, sharc_value *v, const sharc_mesh_set *preferred,
                                sharc_str *out) {
  sharc_mesh_set src = {0};
  sharc_mi_value_src_set(v, &src);
  bool ok = !sharc_mesh_set_empty(&src);
  if (ok && !src.specified) {
    sharc_ident *m = sharc_mesh_set_prioritized(preferred, NULL, 0);
    *out = m ? sharc_ident_str(m) : st->first_mesh;
  } else if (ok) {
    unsigned n = preferred->specified ? preferred->meshes.len : 0;
    sharc_ident **names = sharc_xmalloc_array((size_t)n + 1, sizeof *names);
    for (unsigned i = 0; i < n; i++)
      names[i] = preferred->meshes.items[i].mesh;
    *out = sharc_ident_str(sharc_mesh_set_prioritized(&src, names, n));
    free(names);
  }
  sharc_mesh_set_free(&src);
  return ok;
}

/* GetMeshFromSrcSet: the prioritized mesh, else the first mesh; `*empty`
 * tells an empty source set. */
static sharc_str mesh_from_src_set(leaves_state *st, const sharc_mesh_set *src, bool *empty) {
  *empty = false;
  if (!src->specified)
    return st->first_mesh;
  if (!src->meshes.len) {
    *empty = true;
    return st->first_mesh;
  }
  return sharc_ident_str(sharc_mesh_set_prioritized(src, NULL, 0));
}

/* ---- entry-point inputs and outputs ---------------------------------------------- */

static void assign_unused_func_inputs(leaves_state *st) {
  sharc_block *body = sharc_func_body(st->func);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (!sharc_mpmd_is_ranked_tensor(sharc_value_type(arg)) || sharc_value_has_uses(arg))
      continue;
    sharc_log(SHARC_LOG_INFO, SOURCE, 1528,
              "Picking first mesh for unused func input %u from the topology, i.e. %.*s", i,
              (int)st->first_mesh.len, st->first_mesh.data);
    sharc_value_set_type(arg, replicated(st, st->first_mesh, arg));
  }
}

static void assign_func_outputs(leaves_state *st, sharc_op *ret) {
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(v)))
      continue;
    sharc_mesh_set preferred = {0};
    sharc_mi_use_set(sharc_value_defining_op(v), &preferred);
    sharc_str mesh;
    if (!mesh_for_assignment(st, v, &preferred, &mesh)) {
      if (!st->opts->infer_transfers) {
        sharc_mpmd_error(ret, "Func output %u has no mesh to be assigned to.", i);
        count_error(st);
      }
      mesh = st->first_mesh;
    }
    sharc_mesh_set_free(&preferred);
    if (!known_mesh(st, ret, mesh))
      return;
    sharc_rw_set_before(&st->rw, ret);
    sharc_attr *loc = sharc_mpmd_result_info_loc(st->func, i);
    sharc_op *assign = sharc_mpmd_create_assign(&st->rw, loc ? loc : sharc_mpmd_value_loc(v), v,
                                                replicated(st, mesh, v), SHARC_MI_INFERRED_OUT);
    sharc_rw_set_operand(&st->rw, ret, i, sharc_op_result(assign, 0));
  }
}

/* ---- leaves inside the body ------------------------------------------------------- */

static int mesh_order(const void *a, const void *b) {
  sharc_str x = sharc_ident_str(*(sharc_ident *const *)a);
  sharc_str y = sharc_ident_str(*(sharc_ident *const *)b);
  return sharc_mpmd_mesh_before(x, y) ? -1 : sharc_mpmd_mesh_before(y, x) ? 1 : 0;
}

/* AssignResultlessOp: wrapped in a fragment on its source mesh (on each of
 * them when it is not pure). */
static void assign_resultless(leaves_state *st, sharc_op *op) {
  sharc_mesh_set src = {0};
  sharc_mi_src_set(op, &src);
  if (sharc_mesh_set_empty(&src)) {
    sharc_mpmd_error(op, "src_set must not be empty for resultless ops.");
    st->failed = true;
    sharc_mesh_set_free(&src);
    return;
  }
  SHARC_VEC(sharc_ident *) meshes = {0};
  if (src.specified)
    for (unsigned i = 0; i < src.meshes.len; i++)
      sharc_vec_push(&meshes, src.meshes.items[i].mesh);
  else
    sharc_vec_push(&meshes, ident(st, st->first_mesh));
  sharc_mesh_set_free(&src);
  sharc_mi_clear_sets(op);
  /* a stable sort: equal names do not occur in a set */
  if (meshes.len > 1)
    qsort(meshes.items, meshes.len, sizeof *meshes.items, mesh_order);
  for (unsigned i = 0; i < meshes.len; i++) {
    sharc_str mesh = sharc_ident_str(meshes.items[i]);
    if (!known_mesh(st, op, mesh))
      break;
    sharc_mpmd_wrap_op_with_fragment(op, mesh, &st->rw, "infer_mesh_wrap_resultless_ops", NULL,
                                     NULL);
    if (sharc_mpmd_is_pure(op))
      break;
  }
  sharc_vec_free(&meshes);
  if (!st->failed)
    sharc_rw_erase_op(&st->rw, op);
}

/* AssignUnusedOp: every tensor result assigned ("inferred_unused"). */
static void assign_unused(leaves_state *st, sharc_op *op) {
  sharc_mesh_set src = {0};
  sharc_mi_src_set(op, &src);
  sharc_str mesh = st->first_mesh;
  if (sharc_mesh_set_empty(&src)) {
    if (!st->opts->infer_transfers) {
      sharc_mpmd_error(op, "src_set must not be empty for this op. Try setting "
                           "`mpmd_infer_transfers` in the partitioning options.");
      st->failed = true;
      sharc_mesh_set_free(&src);
      return;
    }
  } else if (src.specified) {
    mesh = sharc_ident_str(sharc_mesh_set_prioritized(&src, NULL, 0));
  }
  sharc_mesh_set_free(&src);
  if (!known_mesh(st, op, mesh))
    return;
  sharc_rw_set_after(&st->rw, op);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *r = sharc_op_result(op, i);
    if (sharc_mpmd_is_ranked_tensor(sharc_value_type(r)))
      sharc_mpmd_create_assign(&st->rw, sharc_op_loc(op), r, replicated(st, mesh, r),
                               SHARC_MI_INFERRED_UNUSED);
  }
  sharc_mi_clear_use_set(op);
}

/* AssignOperandsOfAnalysisTerminalNodes: the operands of an mpmd.broadcast
 * or mpmd.reduce become assign-unassign pairs on a mesh of their source
 * set, preferring the op's use set. */
static void assign_terminal_operands(leaves_state *st, sharc_op *op) {
  const char *origin = sharc_op_isa(op, &sharc_mpmd_broadcast_def) ? SHARC_MI_BROADCAST
                                                                  : SHARC_MI_REDUCE;
  sharc_mesh_set preferred = {0};
  sharc_mi_use_set(op, &preferred);
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    sharc_str mesh;
    if (!mesh_for_assignment(st, v, &preferred, &mesh)) {
      /* an empty source set; only reached when transfers are inferred */
      sharc_ident *m = sharc_mesh_set_prioritized(&preferred, NULL, 0);
      mesh = m ? sharc_ident_str(m) : st->first_mesh;
    }
    if (!known_mesh(st, op, mesh))
      break;
    sharc_rw_set_before(&st->rw, op);
    sharc_attr *loc = sharc_mpmd_value_loc(v);
    sharc_op *assign = sharc_mpmd_create_assign(&st->rw, loc, v, replicated(st, mesh, v), origin);
    sharc_op *un = sharc_mpmd_create_unassign(&st->rw, loc, sharc_op_result(assign, 0), NULL);
    sharc_rw_set_operand(&st->rw, op, i, sharc_op_result(un, 0));
  }
  sharc_mesh_set_free(&preferred);
}

static bool has_tensor_result(const sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (sharc_mpmd_is_ranked_tensor(sharc_value_type(sharc_op_result(op, i))))
      return true;
  return false;
}

static sharc_walk_result assign_leaf(sharc_op *op, void *user) {
  leaves_state *st = user;
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
    return SHARC_WALK_SKIP;
  if (sharc_mi_is_meshless_op(op)) {
    if (!has_tensor_result(op))
      assign_resultless(st, op);
    else if (!sharc_op_has_result_uses(op))
      assign_unused(st, op);
    else
      sharc_mi_clear_use_set(op);
    return SHARC_WALK_SKIP;
  }
  if (sharc_mi_is_terminal_node(op)) {
    assign_terminal_operands(st, op);
    sharc_mi_clear_use_set(op);
    return SHARC_WALK_SKIP;
  }
  return sharc_mpmd_in_dialect(op) ? SHARC_WALK_ADVANCE : SHARC_WALK_SKIP;
}

static void run_on_body(leaves_state *st) {
  sharc_walk_region(sharc_op_region(st->func, 0), SHARC_PRE_ORDER, assign_leaf, st);
  sharc_mi_clear_func_use_sets(st->func);
}

/* ---- unused callee inputs and outputs --------------------------------------------- */

static void assign_unused_callee_inputs(leaves_state *st) {
  sharc_block *body = sharc_func_body(st->func);
  sharc_str name = sharc_op_symbol_name(st->func);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (sharc_value_has_uses(arg) || !sharc_mpmd_is_ranked_tensor(sharc_value_type(arg)))
      continue;
    sharc_mesh_set src = {0};
    sharc_mi_arg_src_set(st->func, i, &src);
    bool empty;
    sharc_str mesh = mesh_from_src_set(st, &src, &empty);
    sharc_mesh_set_free(&src);
    if (empty && !st->opts->infer_transfers) {
      sharc_emit(st->ctx, SHARC_SEV_ERROR, sharc_value_loc(arg),
                 "Callee @%.*s unused input %u has no mesh to be assigned to.", (int)name.len,
                 name.data, i);
      count_error(st);
      return;
    }
    sharc_mesh_set s = {0};
    sharc_mesh_set_insert_mesh(&s, ident(st, mesh),
                               sharc_mpmd_origin(st->ctx, SHARC_STR(SHARC_MI_INFERRED_UNUSED_CALLEE_IN)));
    sharc_mi_set_arg_use_set(st->func, i, &s);
    sharc_mesh_set_free(&s);
  }
}

static void assign_unused_callee_outputs(leaves_state *st) {
  unsigned n_calls;
  sharc_op *const *calls = sharc_mpmd_call_sites_of(&st->calls, st->func, &n_calls);
  sharc_block *body = sharc_func_body(st->func);
  sharc_op *ret = sharc_block_last_op(body);
  sharc_str name = sharc_op_symbol_name(st->func);
  for (unsigned i = 0; n_calls && i < sharc_op_num_operands(ret); i++) {
    bool used = false;
    for (unsigned k = 0; k < n_calls && !used; k++)
      used = i < sharc_op_num_results(calls[k]) && sharc_value_has_uses(sharc_op_result(calls[k], i));
    sharc_value *v = sharc_op_operand(ret, i);
    if (used || sharc_mpmd_is_mesh_tensor(sharc_value_type(v)))
      continue;
    sharc_mesh_set src = {0};
    sharc_mi_value_src_set(v, &src);
    bool empty;
    sharc_str mesh = mesh_from_src_set(st, &src, &empty);
    sharc_mesh_set_free(&src);
    if (empty && !st->opts->infer_transfers) {
      sharc_mpmd_error(ret, "Callee @%.*s unused output %u has no mesh to be assigned to.",
                       (int)name.len, name.data, i);
      count_error(st);
      return;
    }
    sharc_mesh_set s = {0};
    sharc_mesh_set_insert_mesh(&s, ident(st, mesh),
                               sharc_mpmd_origin(st->ctx, SHARC_STR(SHARC_MI_INFERRED_UNUSED_CALLEE_OUT)));
    sharc_mi_set_result_use_set(st->func, i, &s);
    sharc_mesh_set_free(&s);
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const sharc_mpmd_func_leaves_options *o = opts;
  leaves_state st = {.opts = o, .ctx = sharc_op_context(module)};
  if (!sharc_mi_max_errors(o->error_limit, module, &st.max_errors))
    return false;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_mpmd_call_sites_build(&st.calls, module);
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  for (unsigned i = 0; i < funcs.len; i++) {
    st.func = funcs.items[i];
    sharc_attr *topology = sharc_mpmd_func_topology(st.func);
    sharc_block *body = sharc_func_body(st.func);
    if (!topology || !body || !sharc_mpmd_topology_num_meshes(topology))
      continue;
    st.first_mesh = sharc_mpmd_first_mesh_name(topology);
    if (sharc_mpmd_is_entry_point_function(st.func)) {
      assign_unused_func_inputs(&st);
      assign_func_outputs(&st, sharc_block_last_op(body));
      run_on_body(&st);
      sharc_mpmd_update_function_type(st.func);
    } else {
      run_on_body(&st);
      assign_unused_callee_inputs(&st);
      assign_unused_callee_outputs(&st);
    }
  }
  sharc_vec_free(&funcs);
  sharc_mpmd_call_sites_free(&st.calls);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_assign_mesh_func_leaves = {
    .flag = "mpmd-infer-mesh-assign-mesh-func-leaves",
    .display_name = "InferMeshAssignMeshForFuncLeavesPass",
    .summary = "Assigns a mesh to each unused computation, function output, and function input "
               "using the use_set and src_set analysis.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_func_leaves_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

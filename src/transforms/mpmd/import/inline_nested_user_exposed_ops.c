/* -mpmd-inline-nested-user-exposed-ops: named computations, named tensors,
 * broadcasts and reduces nested in a named computation are inlined into
 * it, after checking that their assignment (when the user gave one) is
 * the enclosing computation's. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/import/named_ops.h"

#include "support/log.h"

#include <string.h>

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(sharc_mpmd_assignment_options, assignment, "assignment",
                        sharc_mpmd_parse_user_assignment, "UserAssignmentMapOption", NULL,
                        SHARC_MPMD_ASSIGNMENT_DESC),
};

typedef struct inline_state {
  const sharc_mpmd_assignment_options *opts;
  sharc_rewriter rw;
  bool failed;
} inline_state;

static sharc_op *parent_named_computation(const sharc_op *op) {
  for (sharc_op *p = sharc_op_parent_op(op); p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, &sharc_mpmd_named_computation_def))
      return p;
  return NULL;
}

static bool same_assignment(const sharc_mpmd_name_assignment *a,
                            const sharc_mpmd_name_assignment *b) {
  return !strcmp(a->mesh, b->mesh) && a->has_stage == b->has_stage &&
         (!a->has_stage || a->stage == b->stage);
}

/* The error when the enclosing computation has no assignment. */
static bool parent_unassigned(inline_state *st, sharc_op *parent,
                              const sharc_mpmd_name_assignment *pa) {
  if (pa)
    return false;
  sharc_str name = sharc_mpmd_named_op_name(parent);
  sharc_mpmd_error(parent,
                   "Parent NamedComputation '%.*s' is not assigned to a mesh in the user-defined "
                   "name-to-mesh assignment.",
                   (int)name.len, name.data);
  st->failed = true;
  return true;
}

/* The error when `op` (a `kind`) has an assignment whose `what` differs
 * from that of the computation `parent` it is nested in. */
static void nested_in_other_assignment(inline_state *st, sharc_op *op, const char *kind,
                                       sharc_str parent, const char *what) {
  sharc_str name = sharc_mpmd_named_op_name(op);
  sharc_mpmd_error(op,
                   "%s '%.*s' is nested in a NamedComputation '%.*s' which has a different %s "
                   "assignment.",
                   kind, (int)name.len, name.data, (int)parent.len, parent.data, what);
  st->failed = true;
}

static bool user_exposed(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_mpmd_named_computation_def) ||
         sharc_op_isa(op, &sharc_mpmd_named_tensor_def) ||
         sharc_op_isa(op, &sharc_mpmd_broadcast_def) || sharc_op_isa(op, &sharc_mpmd_reduce_def);
}

static sharc_walk_result inline_op(sharc_op *op, void *user) {
  inline_state *st = user;
  /* the walk visits every op of every computation: the enclosing
   * computation and its assignment only for the few that are inlined */
  if (!user_exposed(op))
    return SHARC_WALK_ADVANCE;
  sharc_op *parent = parent_named_computation(op);
  if (!parent)
    return SHARC_WALK_ADVANCE;
  const sharc_mpmd_user_assignment *m = &st->opts->assignment;
  const sharc_mpmd_name_assignment *pa = sharc_mpmd_named_op_assignment(parent, m);
  sharc_str pname = sharc_mpmd_named_op_name(parent);
  if (sharc_op_isa(op, &sharc_mpmd_named_computation_def)) {
    if (parent_unassigned(st, parent, pa))
      return SHARC_WALK_INTERRUPT;
    const sharc_mpmd_name_assignment *a = sharc_mpmd_named_op_assignment(op, m);
    if (a && !same_assignment(a, pa)) {
      nested_in_other_assignment(st, op, "NamedComputation", pname, "mesh or stage");
    }
    sharc_rw_set_before(&st->rw, op);
    sharc_mpmd_inline_named_computation(op, &st->rw);
    return SHARC_WALK_ADVANCE;
  }
  if (sharc_op_isa(op, &sharc_mpmd_named_tensor_def)) {
    if (parent_unassigned(st, parent, pa))
      return SHARC_WALK_INTERRUPT;
    sharc_type *t = sharc_mpmd_named_tensor_type(op, sharc_mpmd_named_op_assignment(op, m));
    sharc_attr *kind = t ? sharc_mpmd_mesh_tensor_memory_kind(t) : NULL;
    if (kind) {
      sharc_str name = sharc_mpmd_named_op_name(op), k = sharc_attr_string_value(kind);
      sharc_log(SHARC_LOG_WARNING,
                "shardy/dialect/mpmd/transforms/import/map_named_ops_to_mpmd_ops.cc", 250,
                "Named tensor %.*s has memory_kind=%.*s, which will be ignored by Shardy:MPMD has "
                "it's nested in a NamedComputation.",
                (int)name.len, name.data, (int)k.len, k.data);
    }
    if (t && !sharc_str_eq(sharc_mpmd_mesh_tensor_mesh_name(t), sharc_str_from_cstr(pa->mesh))) {
      nested_in_other_assignment(st, op, "NamedTensor", pname, "mesh");
    }
  }
  if (sharc_op_isa(op, &sharc_mpmd_named_tensor_def) || sharc_op_isa(op, &sharc_mpmd_broadcast_def) ||
      sharc_op_isa(op, &sharc_mpmd_reduce_def)) {
    sharc_rw_replace_all_uses(&st->rw, sharc_op_result(op, 0), sharc_op_operand(op, 0));
    sharc_rw_erase_op(&st->rw, op);
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  inline_state st = {.opts = opts};
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &st.rw))
    return true;
  if (sharc_walk_region(sharc_op_region(func, 0), SHARC_POST_ORDER, inline_op, &st) ==
      SHARC_WALK_INTERRUPT)
    return false;
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_inline_nested_user_exposed_ops = {
    .flag = "mpmd-inline-nested-user-exposed-ops",
    .display_name = "InlineNestedUserExposedOpsPass",
    .summary = "Inlines any user-exposed mpmd op nested in a named_computation.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_assignment_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* -mpmd-validate-no-backward-deps: in a forward-only program (every
 * fragment call's origins have transpose count 0), a value a fragment call
 * produces (possibly through transfers) must be consumed on the same mesh
 * or a later one; each one consumed on an earlier mesh is reported, as a
 * warning or (fail-on-backward-deps) an error. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/export/export_passes.h"
#include "transforms/mpmd/export/export_utils.h"

#define SOURCE "shardy/dialect/mpmd/transforms/export/validate_no_backward_deps.cc"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_backward_deps_options, fail_on_backward_deps, "fail-on-backward-deps",
                 SHARC_OPT_BOOL, "false",
                 "Whether to emit an error (and fail) instead of a warning."),
};

static sharc_walk_result find_transposed(sharc_op *call, void *user) {
  (void)user;
  sharc_attr *origin = sharc_op_attr(call, "origin");
  unsigned n = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY ? sharc_attr_count(origin)
                                                                        : 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origin, i);
    if (sharc_mpmd_is_user_origin(o) && sharc_mpmd_user_origin_transpose_count(o) != 0)
      return SHARC_WALK_INTERRUPT;
  }
  return SHARC_WALK_ADVANCE;
}

/* The fragment call producing `v`, looking through transfers. */
static sharc_op *producer_call(sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v); def; def = sharc_value_defining_op(v)) {
    if (sharc_op_isa(def, &sharc_mpmd_fragment_call_def))
      return def;
    if (!sharc_op_isa(def, &sharc_mpmd_transfer_def))
      return NULL;
    v = sharc_op_operand(def, 0);
  }
  return NULL;
}

static sharc_str attr_str(const sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING)
    return sharc_attr_string_value(a);
  if (a && sharc_attr_get_kind(a) == SHARC_ATTR_SYMBOL_REF)
    return sharc_ident_str(sharc_attr_symbol_root(a));
  return (sharc_str){"", 0};
}

typedef struct check_state {
  bool fail;
  bool failed;
} check_state;

static void report(check_state *st, sharc_op *producer, sharc_op *consumer) {
  sharc_str pc = attr_str(producer, "callee"), pm = attr_str(producer, "mesh_name");
  sharc_str cc = attr_str(consumer, "callee"), cm = attr_str(consumer, "mesh_name");
  sharc_buf msg = {0};
  sharc_buf_printf(&msg,
                   "Detected backward dependency but expected forward-only pipeline since there "
                   "are no transpose fragments: fragment \"%.*s\" mesh=\"%.*s\" produces a value "
                   "consumed by fragment \"%.*s\" mesh=\"%.*s\". In a forward-only pipeline, "
                   "dependencies must go from earlier meshes to later meshes.",
                   (int)pc.len, pc.data, (int)pm.len, pm.data, (int)cc.len, cc.data, (int)cm.len,
                   cm.data);
  sharc_mpmd_report(consumer, st->fail, SOURCE, 107,
                    msg.data);
  sharc_buf_free(&msg);
  st->failed |= st->fail;
}

static sharc_walk_result check(sharc_op *consumer, void *user) {
  sharc_str cm = attr_str(consumer, "mesh_name");
  for (unsigned i = 0; i < sharc_op_num_operands(consumer); i++) {
    sharc_op *producer = producer_call(sharc_op_operand(consumer, i));
    if (!producer)
      continue;
    sharc_str pm = attr_str(producer, "mesh_name");
    if (!sharc_mpmd_mesh_before(pm, cm) && !sharc_str_eq(pm, cm))
      report(user, producer, consumer);
  }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)run;
  const sharc_mpmd_backward_deps_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  bool all_forward = sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_call_def,
                                    find_transposed, NULL) != SHARC_WALK_INTERRUPT;
  if (!all_forward) {
    if (!o->fail_on_backward_deps)
      return true;
    sharc_mpmd_error(func, "Expected forward-only program but found non-forward fragments.");
    return false;
  }
  check_state st = {o->fail_on_backward_deps, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_call_def, check, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_validate_no_backward_deps = {
    .flag = "mpmd-validate-no-backward-deps",
    .display_name = "ValidateNoBackwardDepsPass",
    .summary = "Validates no backward dependencies exist in forward-only programs.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_backward_deps_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

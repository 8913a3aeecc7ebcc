/* -mpmd-validate-no-inferred-fragments: every inferred fragment (one
 * without origin) left in a distributed function is reported with the
 * passes that inferred it, as an error (fail-on-inferred-fragments, the
 * default) or a warning; the passes Shardy still tolerates only warn. */
#include "pass/pass_registry.h"
#include "transforms/mpmd/export/export_passes.h"
#include "transforms/mpmd/export/export_utils.h"

#define SOURCE "shardy/dialect/mpmd/transforms/export/validate_no_inferred_fragments.cc"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_no_inferred_options, fail_on_inferred_fragments, "fail-on-inferred-fragments",
                 SHARC_OPT_BOOL, "true",
                 "Whether to emit an error (and fail) instead of a warning."),
};

/* Inferring passes whose leftovers Shardy only warns about. */
static const char *const tolerated[] = {
    "uniquify",
    "infer_mesh_wrap_meshless_ops",
    "extract_reshards",
    "infer_mesh_wrap_resultless_ops",
    "infer_mesh_convert_reduce_ops",
    "introduce_transfers",
};

static bool is_tolerated(const sharc_attr *pass) {
  if (sharc_attr_get_kind(pass) != SHARC_ATTR_STRING)
    return false;
  for (unsigned i = 0; i < sizeof tolerated / sizeof tolerated[0]; i++)
    if (sharc_str_eq_cstr(sharc_attr_string_value(pass), tolerated[i]))
      return true;
  return false;
}

static void print_pass_name(const sharc_attr *a, sharc_buf *out) {
  if (sharc_attr_get_kind(a) == SHARC_ATTR_STRING)
    sharc_buf_put_str(out, sharc_attr_string_value(a));
  else
    sharc_print_attr(a, out);
}

typedef struct check_state {
  bool fail;
  bool failed;
} check_state;

static sharc_walk_result check(sharc_op *fragment, void *user) {
  check_state *st = user;
  if (sharc_mpmd_is_user_fragment(fragment))
    return SHARC_WALK_ADVANCE;
  sharc_attr *by = sharc_op_attr(fragment, SHARC_MPMD_INFERRED_BY_ATTR);
  if (!by || sharc_attr_get_kind(by) != SHARC_ATTR_ARRAY || sharc_attr_count(by) == 0) {
    sharc_mpmd_error(fragment, "Internal error: inferred fragment missing '%s' attribute",
                     SHARC_MPMD_INFERRED_BY_ATTR);
    st->failed = true;
    return SHARC_WALK_ADVANCE;
  }
  sharc_buf msg = {0};
  SHARC_BUF_LIT(&msg, "Inferred fragment has not been merged (inferred by ");
  bool tolerate = false;
  for (unsigned i = 0; i < sharc_attr_count(by); i++) {
    if (i)
      SHARC_BUF_LIT(&msg, ", ");
    print_pass_name(sharc_attr_at(by, i), &msg);
    tolerate |= is_tolerated(sharc_attr_at(by, i));
  }
  SHARC_BUF_LIT(&msg, ")");
  bool fail = st->fail && !tolerate;
  sharc_mpmd_report(fragment, fail, SOURCE,
                    tolerate ? 80 : 85, msg.data);
  sharc_buf_free(&msg);
  st->failed |= fail;
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)run;
  const sharc_mpmd_no_inferred_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  check_state st = {o->fail_on_inferred_fragments, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, check, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_validate_no_inferred_fragments = {
    .flag = "mpmd-validate-no-inferred-fragments",
    .display_name = "ValidateNoInferredFragmentsPass",
    .summary = "Validates that no inferred fragments exist.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_no_inferred_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* -mpmd-validate-no-reshards: a fragment call whose callee only returns
 * its own arguments does nothing but reshard, which usually was not meant;
 * each one is reported (with the shardings, shapes and locations of its
 * operands and results) as a warning or (fail-on-reshard-only-fragments)
 * an error. A user fragment doing so is an internal error. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/export/export_passes.h"
#include "sharc/asm.h"
#include "transforms/mpmd/export/export_utils.h"

#define SOURCE "shardy/dialect/mpmd/transforms/export/validate_no_reshards.cc"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_no_reshards_options, fail_on_reshard_only_fragments,
                 "fail-on-reshard-only-fragments", SHARC_OPT_BOOL, "false",
                 "Whether to emit an error (and fail) instead of a warning."),
};

/* The body is a single func.return of block arguments. */
static bool is_reshard_only(const sharc_op *callee) {
  sharc_block *body = sharc_func_body(callee);
  if (!body)
    return false;
  sharc_op *ret = sharc_block_first_op(body);
  if (!ret || sharc_op_next(ret) || !sharc_op_isa(ret, &sharc_func_return_def))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
    if (!sharc_value_is_block_arg(sharc_op_operand(ret, i)))
      return false;
  return true;
}

/* `#sdy.sharding<...> <4x8xf32>`, or `Replicated <...>` without sharding. */
static void print_sharding_and_shape(const sharc_type *t, sharc_buf *out) {
  sharc_attr *sharding = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_sharding(t) : NULL;
  if (sharding)
    sharc_print_attr(sharding, out);
  else
    SHARC_BUF_LIT(out, "Replicated");
  sharc_type *global = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_global_type(t)
                                                    : (sharc_type *)t;
  SHARC_BUF_LIT(out, " <");
  if (sharc_type_has_rank(global)) {
    const int64_t *shape = sharc_type_shape(global);
    for (unsigned d = 0; d < sharc_type_rank(global); d++) {
      if (d)
        sharc_buf_putc(out, 'x');
      sharc_buf_put_i64(out, shape[d]);
    }
  }
  sharc_buf_putc(out, 'x');
  sharc_type *elem = sharc_type_element(global);
  sharc_print_type(elem ? elem : global, out);
  sharc_buf_putc(out, '>');
}

typedef struct check_state {
  sharc_op *func;
  bool fail;
  bool failed;
} check_state;

static void describe(check_state *st, sharc_op *call, sharc_str callee, sharc_buf *msg) {
  sharc_buf_printf(msg,
                   "Detected reshard-only fragment '%.*s'. This usually indicates an unexpected "
                   "reshard. Operands: ",
                   (int)callee.len, callee.data);
  for (unsigned i = 0; i < sharc_op_num_operands(call); i++) {
    sharc_value *v = sharc_op_operand(call, i);
    if (i)
      SHARC_BUF_LIT(msg, ", ");
    print_sharding_and_shape(sharc_value_type(v), msg);
    sharc_buf_putc(msg, ' ');
    sharc_print_attr(sharc_mpmd_value_loc(v), msg);
  }
  SHARC_BUF_LIT(msg, ". Results: ");
  for (unsigned i = 0; i < sharc_op_num_results(call); i++) {
    sharc_value *r = sharc_op_result(call, i);
    if (i)
      SHARC_BUF_LIT(msg, ", ");
    print_sharding_and_shape(sharc_value_type(r), msg);
    for (sharc_use *u = sharc_value_first_use(r); u; u = sharc_use_next(u)) {
      if (!sharc_op_isa(sharc_use_owner(u), &sharc_func_return_def))
        continue;
      sharc_attr *loc = sharc_mpmd_result_info_loc(st->func, sharc_use_operand_index(u));
      if (!loc)
        continue;
      sharc_buf_putc(msg, ' ');
      sharc_print_attr(loc, msg);
    }
  }
}

static sharc_walk_result check(sharc_op *call, void *user) {
  check_state *st = user;
  sharc_op *callee = sharc_mpmd_callee(call);
  if (!callee || !is_reshard_only(callee))
    return SHARC_WALK_ADVANCE;
  sharc_attr *ref = sharc_op_attr(call, "callee");
  sharc_str name = sharc_ident_str(sharc_attr_symbol_root(ref));
  if (sharc_mpmd_is_user_fragment(call)) {
    sharc_mpmd_error(call, "Internal error: reshard-only fragment '%.*s' is not an inferred fragment",
                     (int)name.len, name.data);
    st->failed = true;
    return SHARC_WALK_ADVANCE;
  }
  sharc_buf msg = {0};
  describe(st, call, name, &msg);
  sharc_mpmd_report(call, st->fail, SOURCE, 106, msg.data);
  sharc_buf_free(&msg);
  st->failed |= st->fail;
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)run;
  const sharc_mpmd_no_reshards_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  check_state st = {func, o->fail_on_reshard_only_fragments, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_call_def, check, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_validate_no_reshards = {
    .flag = "mpmd-validate-no-reshards",
    .display_name = "ValidateNoReshardsPass",
    .summary = "Validates that no reshard-only fragments exist.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_no_reshards_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

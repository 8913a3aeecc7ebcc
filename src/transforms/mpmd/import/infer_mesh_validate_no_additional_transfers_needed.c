/* -mpmd-infer-mesh-validate-no-additional-transfers-needed: a meshless op
 * (or assign, or callee argument) used in meshes outside its source set
 * would need a transfer that nobody asked for. Users are checked before
 * the ops they use, and an op whose user already failed is not reported
 * again; chained calls must agree on the meshes they pass along. */
#include "dialect/func/func.h"
#include "ir/static_names.h"
#include "ir/op_values.h"
#include "ir/prefetch.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "support/log.h"
#include "transforms/mpmd/import/infer_mesh_validation.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"

#include <stdlib.h>

#define VISITED_FAILURE "mpmd.visited_failure"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_error_limit_options, error_limit, "error-limit", SHARC_OPT_INT, "5",
                 SHARC_MPMD_ERROR_LIMIT_DESC),
};

typedef enum result { OK, ERROR, ERROR_NOT_EMITTED } result;

typedef sharc_mi_validation validate_state;

static bool is_subset(const sharc_mesh_set *a, const sharc_mesh_set *b) {
  for (unsigned i = 0; a->specified && i < a->meshes.len; i++)
    if (!sharc_mesh_set_contains(b, a->meshes.items[i].mesh))
      return false;
  return true;
}

/* IsFailureAndOpVisited. */
static bool user_failed(const sharc_use *u) {
  sharc_op *user = sharc_use_owner(u);
  if (sharc_op_isa(user, &sharc_mpmd_call_def)) {
    sharc_op *callee = sharc_mpmd_callee(user);
    return callee && sharc_func_arg_attr(callee, sharc_use_operand_index(u), VISITED_FAILURE);
  }
  return sharc_mi_is_meshless_op(user) && sharc_op_attr_static(user, VISITED_FAILURE);
}

static bool any_user_failed(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, i)); u; u = sharc_use_next(u))
      if (user_failed(u))
        return true;
  return false;
}

static void print_needs_transfer(sharc_buf *b, const sharc_mesh_set *uses,
                                 const sharc_mesh_set *src) {
  SHARC_BUF_LIT(b, " as it is used in {");
  sharc_mesh_set_print_names(uses, ",", b);
  SHARC_BUF_LIT(b, "} but it can only be placed on {");
  sharc_mesh_set_print_names(src, ",", b);
  SHARC_BUF_LIT(b, "} without introducing a transfer. Add an explicit transfer to fix this.\n"
                   "To handle this automatically, set `mpmd_infer_transfers` in the "
                   "partitioning options." SHARC_MI_ERROR_SEPARATOR);
}

static void meshless_op_error(validate_state *st, sharc_op *op, const sharc_mesh_set *uses,
                              const sharc_mesh_set *src) {
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "Mesh assignment is not possible for op");
  print_needs_transfer(&b, uses, src);
  SHARC_BUF_LIT(&b, "Op: \n\t");
  sharc_mpmd_print_op_for_log(op, &b);
  SHARC_BUF_LIT(&b, "\n\nCan be assigned to meshes: {");
  sharc_mesh_set_print_names(src, ",", &b);
  SHARC_BUF_LIT(&b, "} which originates from the intersection of:");
  unsigned n = sharc_op_num_operands(op);
  sharc_value **operands = sharc_op_operand_values(op);
  sharc_mi_print_src_origins(operands, n, &st->calls, "", true, &b);
  SHARC_BUF_LIT(&b, "\n\nBut was used in meshes: {");
  sharc_mesh_set_print_names(uses, ",", &b);
  SHARC_BUF_LIT(&b, "} which originates from the union of:");
  sharc_mi_print_use_origins(operands, n, &st->calls, "", false, &b);
  free(operands);
  sharc_mi_emit_op_error_with_trace(op, &b);
}

/* ValidateMeshlessOpDoesNotNeedTransfer. */
static result validate_op(validate_state *st, sharc_op *op) {
  /* checked on the attributes: the sets are built only for an error */
  sharc_attr *src_attr = sharc_op_attr_static(op, SHARC_MI_SRC_SET);
  if (!sharc_mesh_set_attr_specified(src_attr) ||
      sharc_mesh_set_attr_meshes_within(sharc_op_attr_static(op, SHARC_MI_USE_SET), src_attr))
    return OK;
  sharc_mesh_set src = {0}, uses = {0};
  sharc_mi_src_set(op, &src);
  sharc_mi_use_set(op, &uses);
  result r = OK;
  if (src.specified && !is_subset(&uses, &src)) {
    if (any_user_failed(op)) {
      r = ERROR_NOT_EMITTED;
    } else {
      meshless_op_error(st, op, &uses, &src);
      r = ERROR;
    }
    sharc_op_set_attr_static(op, VISITED_FAILURE, sharc_attr_unit(sharc_op_context(op)));
  }
  sharc_mesh_set_free(&src);
  sharc_mesh_set_free(&uses);
  return r;
}

static void callee_arg_error(validate_state *st, sharc_op *callee, unsigned arg_num,
                             const sharc_mesh_set *uses, const sharc_mesh_set *src) {
  sharc_str name = sharc_mi_sanitized_call_name(callee);
  sharc_buf b = {0};
  sharc_buf_printf(&b, "Mesh assignment is not possible for arg%u of mpmd.call \"%.*s\"", arg_num,
                   (int)name.len, name.data);
  print_needs_transfer(&b, uses, src);
  unsigned n_calls;
  sharc_mi_calls_of(&st->calls, callee, &n_calls);
  sharc_buf_printf(&b, "\nmpmd.call was called %u times and can be assigned to meshes: {", n_calls);
  sharc_mesh_set_print_names(src, ",", &b);
  SHARC_BUF_LIT(&b, "} which originates from the intersection of:");
  sharc_value *arg = sharc_block_arg(sharc_func_body(callee), arg_num);
  sharc_mi_print_src_origins(&arg, 1, &st->calls, "", true, &b);
  SHARC_BUF_LIT(&b, "\n\nArg is used in meshes: {");
  sharc_mesh_set_print_names(uses, ",", &b);
  SHARC_BUF_LIT(&b, "} which originates from the union of:");
  sharc_mi_print_use_origins(&arg, 1, &st->calls, "", true, &b);
  sharc_mi_print_callee_arg_users(callee, arg, &b);
  sharc_mpmd_error(callee, "%s", b.data);
  sharc_buf_free(&b);
}

/* ValidateCalleeArgDoesNotNeedTransfer. */
static result validate_callee_arg(validate_state *st, sharc_op *callee, unsigned arg_num) {
  sharc_mesh_set src = {0}, uses = {0};
  sharc_mi_arg_src_set(callee, arg_num, &src);
  sharc_mi_arg_use_set(callee, arg_num, &uses);
  result r = OK;
  if (src.specified && !is_subset(&uses, &src)) {
    sharc_func_set_arg_attr(callee, arg_num, VISITED_FAILURE, sharc_attr_unit(sharc_op_context(callee)));
    r = ERROR;
    sharc_value *arg = sharc_block_arg(sharc_func_body(callee), arg_num);
    for (sharc_use *u = sharc_value_first_use(arg); u && r == ERROR; u = sharc_use_next(u))
      if (user_failed(u))
        r = ERROR_NOT_EMITTED;
    if (r == ERROR)
      callee_arg_error(st, callee, arg_num, &uses, &src);
  }
  sharc_mesh_set_free(&src);
  sharc_mesh_set_free(&uses);
  return r;
}

/* ValidateCallOpChainUsesMatch: a call's result fed to a call of the same
 * callee must be used where that argument is. */
static void validate_call_chain(validate_state *st, sharc_op *call) {
  sharc_op *callee = sharc_mpmd_callee(call);
  if (!callee)
    return;
  sharc_context *ctx = sharc_op_context(call);
  sharc_attr *name_attr = sharc_op_attr_static(call, "callee");
  for (unsigned r = 0; r < sharc_op_num_results(call); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(call, r)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (!sharc_op_isa(user, &sharc_mpmd_call_def) ||
          sharc_op_attr_static(user, "callee") != name_attr)
        continue;
      unsigned a = sharc_use_operand_index(u);
      sharc_mesh_set res_uses = {0}, arg_uses = {0};
      sharc_mi_result_use_set(callee, r, &res_uses);
      sharc_mi_arg_use_set(callee, a, &arg_uses);
      if (!sharc_mesh_set_same_meshes(&res_uses, &arg_uses)) {
        sharc_str name = sharc_mi_sanitized_call_name(callee);
        sharc_buf b = {0};
        sharc_buf_printf(&b,
                         "Mesh assignment is not possible for mpmd.call \"%.*s\" as it passes "
                         "result %u to arg %u but they have mismatching mesh assignments: res: {",
                         (int)name.len, name.data, r, a);
        sharc_mi_print_set(ctx, &res_uses, &b);
        SHARC_BUF_LIT(&b, "}, arg: {");
        sharc_mi_print_set(ctx, &arg_uses, &b);
        SHARC_BUF_LIT(&b, "}. Please reach out if you see this." SHARC_MI_ERROR_SEPARATOR
                          "\n\nmpmd.call Stack trace:\n");
        sharc_mpmd_print_stack_trace(sharc_op_loc(callee), &b);
        sharc_buf_putc(&b, '\n');
        sharc_mpmd_error(callee, "%s", b.data);
        sharc_buf_free(&b);
        st->errors++;
        st->emitted++;
      }
      sharc_mesh_set_free(&res_uses);
      sharc_mesh_set_free(&arg_uses);
    }
}

static bool visit(validate_state *st, sharc_op *op) {
  if (st->errors == st->max_errors)
    return false;
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
    return true;
  if (sharc_mi_is_meshless_op(op) || sharc_op_isa(op, &sharc_mpmd_assign_def)) {
    result r = validate_op(st, op);
    if (r != OK)
      st->errors++;
    if (r == ERROR)
      st->emitted++;
  }
  if (sharc_op_isa(op, &sharc_mpmd_call_def) && sharc_mi_is_call_in_chain(op))
    validate_call_chain(st, op);
  for (unsigned r = sharc_op_num_regions(op); r-- > 0;)
    for (sharc_block *b = sharc_region_last_block(sharc_op_region(op, r)); b; b = sharc_block_prev(b))
      for (sharc_op *o = sharc_block_last_op(b), *prev; o; o = prev) {
        prev = sharc_op_prev_ahead(o);
        if (!visit(st, o))
          return false;
      }
  return true;
}

static bool run_on_func(sharc_op *func, void *user) {
  validate_state *st = user;
  visit(st, func);
  sharc_block *body = sharc_func_body(func);
  for (unsigned a = 0; body && a < sharc_block_num_args(body) && st->emitted < st->max_errors; a++) {
    result r = validate_callee_arg(st, func, a);
    if (r != OK)
      st->errors++;
    if (r == ERROR)
      st->emitted++;
  }
  /* Shardy checks its counts after each function (they run on across
   * functions): errors counted but none emitted is a bug it reports */
  if (st->errors > 0 && st->emitted == 0)
    sharc_log(SHARC_LOG_ERROR, "shardy/dialect/mpmd/transforms/import/infer_mesh_validation.cc", 666,
              "No errors emitted, but error count is %d. This means we've failed to emit an error "
              "and is a bug in the error handling.",
              st->errors);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)run;
  validate_state st;
  if (!sharc_mi_validation_begin(&st, module, opts))
    return false;
  /* callees first, then the entry points */
  sharc_mpmd_for_each_non_entry_point(module, run_on_func, &st);
  sharc_mpmd_for_each_entry_point(module, run_on_func, &st);
  return sharc_mi_validation_end(&st);
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_validate_no_additional_transfers_needed = {
    .flag = "mpmd-infer-mesh-validate-no-additional-transfers-needed",
    .display_name = "InferMeshValidateNoAdditionalTransfersNeededPass",
    .summary = "Validates no additional transfers are needed for mesh assignment.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_error_limit_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

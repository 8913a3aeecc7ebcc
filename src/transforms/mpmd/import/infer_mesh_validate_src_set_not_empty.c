/* -mpmd-infer-mesh-validate-src-set-not-empty: every meshless op (and every
 * mpmd callee argument) must be able to live somewhere: an empty source set
 * means its operands sit on meshes no transfer joins, and an annotated
 * cross-mesh reduction that was not converted means the same. Only the
 * first op of a chain of such ops is reported, up to the error limit. */
#include "dialect/func/func.h"
#include "ir/static_names.h"
#include "ir/op_values.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/infer_mesh_validation.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"

#include <stdlib.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_error_limit_options, error_limit, "error-limit", SHARC_OPT_INT, "5",
                 SHARC_MPMD_ERROR_LIMIT_DESC),
};

typedef sharc_mi_validation validate_state;

static bool operand_src_empty(sharc_value *v) {
  sharc_mesh_set s = {0};
  sharc_mi_value_src_set(v, &s);
  bool empty = sharc_mesh_set_empty(&s);
  sharc_mesh_set_free(&s);
  return empty;
}

static bool is_first_with_empty_src_set(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (operand_src_empty(sharc_op_operand(op, i)))
      return false;
  return true;
}

static bool is_first_in_reduction_chain(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, i));
    if (def && sharc_op_attr_static(def, SHARC_MI_REDUCE_ANNOTATION))
      return false;
  }
  return true;
}

static void meshless_op_error(validate_state *st, sharc_op *op, bool cross_mesh_reduction) {
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "Mesh assignment is not possible for op as its operands are on conflicting "
                    "meshes and thus we need to transfer some of the operands. Add an explicit "
                    "transfer to fix this.\n");
  if (cross_mesh_reduction)
    SHARC_BUF_LIT(&b, "To handle this automatically, set `mpmd_infer_cross_mesh_reductions` in "
                      "the partitioning options.");
  else
    SHARC_BUF_LIT(&b, "To handle this automatically, set `mpmd_infer_transfers` in the "
                      "partitioning options.");
  SHARC_BUF_LIT(&b, SHARC_MI_ERROR_SEPARATOR "Op: \n\t");
  sharc_mpmd_print_op_for_log(op, &b);
  SHARC_BUF_LIT(&b, "\n\nOperands with possibly conflicting meshes:\n");
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    sharc_mesh_set s = {0};
    sharc_mi_value_src_set(v, &s);
    sharc_buf_printf(&b, "\n - Operand %u", i);
    if (s.specified) {
      SHARC_BUF_LIT(&b, " can be assigned to meshes {");
      sharc_mesh_set_print_names(&s, ",", &b);
      SHARC_BUF_LIT(&b, "} which originates from:");
    } else {
      SHARC_BUF_LIT(&b, " can be assigned to any mesh and originates from the intersections of:");
    }
    sharc_mi_print_src_origins(&v, 1, &st->calls, "  ", true, &b);
    sharc_mesh_set_free(&s);
  }
  sharc_mesh_set uses = {0};
  sharc_mi_use_set(op, &uses);
  if (!sharc_mesh_set_empty(&uses)) {
    SHARC_BUF_LIT(&b, "\n\nOp is used in meshes {");
    sharc_mesh_set_print_names(&uses, ",", &b);
    SHARC_BUF_LIT(&b, "} which originates from the union of:");
  } else {
    SHARC_BUF_LIT(&b, "\n\nOp is used in:");
  }
  sharc_mesh_set_free(&uses);
  sharc_value **results = sharc_op_result_values(op);
  sharc_mi_print_use_origins(results, sharc_op_num_results(op), &st->calls, "", false, &b);
  free(results);
  sharc_mi_emit_op_error_with_trace(op, &b);
}

/* ValidateMeshlessOpHasNonEmptySrcSet: false when an error was reported. */
static bool validate_op(validate_state *st, sharc_op *op) {
  sharc_attr *src = sharc_op_attr_static(op, SHARC_MI_SRC_SET);
  bool specified = sharc_mesh_set_attr_specified(src), empty = sharc_mesh_set_attr_empty(src);
  bool annotated = sharc_op_attr_static(op, SHARC_MI_REDUCE_ANNOTATION) != NULL;
  if (!specified || (!empty && !annotated))
    return true;
  if ((empty && !is_first_with_empty_src_set(op)) ||
      (annotated && !is_first_in_reduction_chain(op)))
    return true;
  meshless_op_error(st, op, annotated);
  return false;
}

static void callee_arg_error(validate_state *st, sharc_op *callee, unsigned arg_num) {
  sharc_context *ctx = sharc_op_context(callee);
  sharc_str name = sharc_mi_sanitized_call_name(callee);
  sharc_buf b = {0};
  sharc_buf_printf(&b,
                   "Mesh assignment is not possible for arg%u of mpmd.call \"%.*s\" as its caller "
                   "operands are on conflicting meshes and thus we need to transfer some of the "
                   "operands. Add an explicit transfer to fix this.\n",
                   arg_num, (int)name.len, name.data);
  SHARC_BUF_LIT(&b, "To handle this automatically, set `mpmd_infer_transfers` in the "
                    "partitioning options." SHARC_MI_ERROR_SEPARATOR);
  unsigned n_calls;
  sharc_mi_calls_of(&st->calls, callee, &n_calls);
  sharc_mesh_set src = {0}, uses = {0};
  sharc_mi_arg_src_set(callee, arg_num, &src);
  sharc_buf_printf(&b, "\nmpmd.call was called %u times and can be assigned to meshes: {", n_calls);
  sharc_mesh_set_print_names(&src, ",", &b);
  SHARC_BUF_LIT(&b, "} which originates from the intersection of:");
  sharc_value *arg = sharc_block_arg(sharc_func_body(callee), arg_num);
  sharc_mi_print_src_origins(&arg, 1, &st->calls, "", true, &b);
  sharc_mi_arg_use_set(callee, arg_num, &uses);
  if (!sharc_mesh_set_empty(&uses)) {
    SHARC_BUF_LIT(&b, "\n\nArg is used in meshes {");
    sharc_mesh_set_print_names(&uses, ",", &b);
    SHARC_BUF_LIT(&b, "} which originates from the union of:");
  } else {
    SHARC_BUF_LIT(&b, "\n\nArg is used in:");
  }
  sharc_mi_print_use_origins(&arg, 1, &st->calls, "", true, &b);
  sharc_mi_print_callee_arg_users(callee, arg, &b);
  sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(callee), "%s", b.data);
  sharc_buf_free(&b);
  sharc_mesh_set_free(&src);
  sharc_mesh_set_free(&uses);
}

/* ValidateMpmdCalleeArgHasNonEmptySrcSet. */
static bool validate_callee_arg(validate_state *st, sharc_op *callee, unsigned arg_num) {
  if (!sharc_mesh_set_attr_empty(sharc_func_arg_attr(callee, arg_num, SHARC_MI_SRC_SET)))
    return true;
  unsigned n;
  sharc_op *const *calls = sharc_mi_calls_of(&st->calls, callee, &n);
  for (unsigned k = 0; k < n; k++)
    if (arg_num < sharc_op_num_operands(calls[k]) &&
        operand_src_empty(sharc_op_operand(calls[k], arg_num)))
      return true;
  callee_arg_error(st, callee, arg_num);
  return false;
}

static bool validate(validate_state *st, sharc_op *op) {
  if (st->errors == st->max_errors)
    return false;
  if (sharc_mi_is_meshless_op(op) && !validate_op(st, op))
    st->errors++;
  return true;
}

/* Shardy's post-order walk (false: interrupted), without entering
 * fragments: nothing in one is meshless, so their bodies are not read. */
static bool validate_post_order(validate_state *st, sharc_op *op) {
  if (!sharc_op_isa(op, &sharc_mpmd_fragment_def))
    for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
      for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
           b = sharc_block_next(b))
        for (sharc_op *o = sharc_block_first_op(b); o; o = sharc_op_next(o))
          if (!validate_post_order(st, o))
            return false;
  return validate(st, op);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)run;
  validate_state st;
  if (!sharc_mi_validation_begin(&st, module, opts))
    return false;
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  for (unsigned i = 0; i < funcs.len; i++) {
    sharc_op *func = funcs.items[i];
    validate_post_order(&st, func);
    sharc_block *body = sharc_func_body(func);
    for (unsigned a = 0; body && a < sharc_block_num_args(body) && st.errors < st.max_errors; a++)
      if (!validate_callee_arg(&st, func, a))
        st.errors++;
  }
  sharc_vec_free(&funcs);
  return sharc_mi_validation_end(&st);
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_validate_src_set_not_empty = {
    .flag = "mpmd-infer-mesh-validate-src-set-not-empty",
    .display_name = "InferMeshValidateSrcSetNotEmptyPass",
    .summary = "Validates that every meshless op has a non-empty src_set.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_error_limit_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

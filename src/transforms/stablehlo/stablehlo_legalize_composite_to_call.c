/* -stablehlo-legalize-composite-to-call (StableHLO's
 * StablehloLegalizeCompositeToCallPass): every stablehlo.composite becomes a
 * func.call of its decomposition with the same operands and result types,
 * except the composites whose name the `except` list holds. */
#include <string.h>

#include "dialect/stablehlo/shlo_ops.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"

typedef struct composite_options {
  sharc_string_list except;
} composite_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(composite_options, except, "except", SHARC_OPT_STRING_LIST, NULL,
                 "Names of composites that should not be replaced with calls."),
};

static bool excepted(const composite_options *opts, sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "name");
  if (!name)
    return false;
  sharc_str s = sharc_attr_string_value(name);
  for (unsigned i = 0; i < opts->except.n; i++)
    if (sharc_str_eq_cstr(s, opts->except.items[i]))
      return true;
  return false;
}

typedef struct composite_state {
  const composite_options *opts;
  sharc_rewriter rw;
} composite_state;

static bool replaced(sharc_op *op, void *user) {
  const composite_state *st = user;
  return !excepted(st->opts, op);
}

static bool replace_with_call(sharc_op *op, void *user) {
  composite_state *st = user;
  sharc_context *ctx = sharc_op_context(op);
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_value **operands = sharc_xmalloc_array(n_ops + 1, sizeof *operands);
  sharc_type **types = sharc_xmalloc_array(n_res + 1, sizeof *types);
  for (unsigned i = 0; i < n_ops; i++)
    operands[i] = sharc_op_operand(op, i);
  for (unsigned i = 0; i < n_res; i++)
    types[i] = sharc_value_type(sharc_op_result(op, i));
  sharc_named_attr callee = {sharc_ident_get(ctx, sharc_str_from_cstr("callee")),
                             sharc_op_attr(op, "decomposition")};
  sharc_op_state s = {
      .name = sharc_ident_get(ctx, sharc_str_from_cstr("func.call")),
      .loc = sharc_op_loc(op),
      .operands = operands,
      .num_operands = n_ops,
      .result_types = types,
      .num_results = n_res,
      .attrs = sharc_attr_dictionary(ctx, &callee, 1),
  };
  sharc_rw_set_before(&st->rw, op);
  sharc_rw_replace_op_with_new(&st->rw, op, &s);
  free(operands);
  free(types);
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  composite_state st = {.opts = opts};
  sharc_pass_rewriter(run, &st.rw, NULL);
  return sharc_pick_each(func, SHARC_PRE_ORDER, SHARC_SHLO(composite), replaced, replace_with_call,
                         &st);
}

const sharc_pass_def sharc_pass_stablehlo_legalize_composite_to_call = {
    .flag = "stablehlo-legalize-composite-to-call",
    .display_name = "StablehloLegalizeCompositeToCallPass",
    .summary = "Replaces composite ops with a call to their decomposition.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(composite_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

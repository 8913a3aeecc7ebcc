/* -mpmd-enforce-input-output-equisharding: on an entry-point mpmd function,
 * an output constrained to the mesh type of an input that it does not have
 * is transferred to that type before it is returned. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"
#include "transforms/mpmd/common/pass_utils.h"

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(sharc_mpmd_equisharding_options, constraints, "constraints",
                        sharc_mpmd_parse_io_constraints, "list<InputOutputEquishardingConstraint>",
                        NULL, SHARC_MPMD_CONSTRAINTS_DESC),
};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const sharc_mpmd_equisharding_options *o = opts;
  sharc_block *body = sharc_mpmd_entry_point_body(func);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret)
    return true;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_rw_set_before(&rw, ret);
  sharc_type *ft = sharc_func_type(func);
  for (unsigned i = 0; i < o->constraints.n; i++) {
    sharc_mpmd_io_constraint c = o->constraints.items[i];
    if (!sharc_mpmd_io_constraint_in_range(func, c, sharc_type_func_num_inputs(ft),
                                           sharc_type_func_num_results(ft)))
      return false;
    sharc_type *in = sharc_type_func_input(ft, (unsigned)c.input_index);
    sharc_type *out = sharc_type_func_result(ft, (unsigned)c.output_index);
    if (in == out)
      continue;
    sharc_op *t = sharc_mpmd_create_transfer(&rw, sharc_op_loc(ret),
                                             sharc_op_operand(ret, (unsigned)c.output_index), in);
    sharc_rw_set_operand(&rw, ret, (unsigned)c.output_index, sharc_op_result(t, 0));
  }
  sharc_mpmd_update_function_type(func);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_enforce_input_output_equisharding = {
    .flag = "mpmd-enforce-input-output-equisharding",
    .display_name = "EnforceEquishardingPass",
    .summary = "Enforces equisharding constraints for MPMD functions.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_equisharding_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

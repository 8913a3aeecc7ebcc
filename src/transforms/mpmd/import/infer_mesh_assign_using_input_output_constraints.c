/* -mpmd-infer-mesh-assign-using-input-output-constraints: for each
 * constraint `input:output` of an entry-point function, input and output
 * are put on one mesh (the output's if it has one, else one where both can
 * be without a transfer), before any other assignment. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/log.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"
#include "transforms/mpmd/import/mesh_inference.h"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_io_constraints_options, verbose_logging, "verbose-logging", SHARC_OPT_BOOL, "false",
                 "Whether to enable verbose logging"),
    SHARC_OPTION_CUSTOM(sharc_mpmd_io_constraints_options, constraints, "constraints",
                        sharc_mpmd_parse_io_constraints, "list<InputOutputEquishardingConstraint>",
                        NULL, SHARC_MPMD_CONSTRAINTS_DESC),
};

static sharc_ident *prioritized(const sharc_mesh_set *s) {
  return sharc_mesh_set_prioritized(s, NULL, 0);
}

/* Shardy says which mesh it picked when the intersection left a choice. */
static void log_choice(int source_line, const char *picking, const char *what,
                       unsigned output_index, const sharc_mesh_set *candidates) {
  if (sharc_mesh_set_size(candidates) <= 1)
    return;
  sharc_buf names = {0};
  sharc_mesh_set_print_names(candidates, ",", &names);
  sharc_log(SHARC_LOG_INFO, SHARC_MI_LOG_SOURCE, source_line,
            "Picking %s for func output %u from the intersection of %s: {%s}", picking,
            output_index, what, names.data ? names.data : "");
  sharc_buf_free(&names);
}

/* GetMeshForInputOutputAssignment; NULL when there is no such mesh. */
static sharc_ident *mesh_for_pair(sharc_op *func, sharc_value *output, sharc_value *input,
                                  unsigned input_index, unsigned output_index) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_type *out_t = sharc_value_type(output), *in_t = sharc_value_type(input);
  if (sharc_mpmd_is_mesh_tensor(out_t))
    return sharc_ident_get(ctx, sharc_mpmd_mesh_tensor_mesh_name(out_t));
  sharc_ident *result = NULL;
  sharc_mesh_set out_src = {0}, out_uses = {0}, in_uses = {0}, candidates = {0};
  sharc_mi_value_src_set(output, &out_src);
  sharc_mi_use_set(sharc_value_defining_op(output), &out_uses);
  if (sharc_mpmd_is_mesh_tensor(in_t)) {
    sharc_mesh_set_insert_mesh(&in_uses,
                               sharc_ident_get(ctx, sharc_mpmd_mesh_tensor_mesh_name(in_t)), NULL);
  } else {
    sharc_mi_arg_use_set(func, input_index, &in_uses);
    if (sharc_mesh_set_empty(&in_uses)) {
      /* an input used on no mesh can go wherever the output goes */
      if (!sharc_mesh_set_empty(&out_uses))
        result = prioritized(&out_uses);
      else if (out_src.specified && out_src.meshes.len)
        result = prioritized(&out_src);
      goto done;
    }
  }
  sharc_mesh_set_copy(&candidates, &out_uses);
  if (!sharc_mesh_set_empty(&candidates)) {
    sharc_mesh_set_intersect(&candidates, &in_uses);
    if (!sharc_mesh_set_empty(&candidates)) {
      log_choice(1101, "first mesh", "the input and outputs use_set", output_index, &candidates);
      result = prioritized(&candidates);
      goto done;
    }
  }
  sharc_mesh_set_copy(&candidates, &in_uses);
  sharc_mesh_set_intersect(&candidates, &out_src);
  if (!sharc_mesh_set_empty(&candidates)) {
    log_choice(1116, "smallest mesh (in alphanum order)", "the input use_set and output src_set", output_index, &candidates);
    result = prioritized(&candidates);
  }
done:
  sharc_mesh_set_free(&out_src);
  sharc_mesh_set_free(&out_uses);
  sharc_mesh_set_free(&in_uses);
  sharc_mesh_set_free(&candidates);
  return result;
}

static bool except_op(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

static bool assign_pair(sharc_op *func, sharc_op *ret, unsigned out_index, sharc_value *input,
                        sharc_str mesh, sharc_rewriter *rw) {
  if (!sharc_mpmd_lookup_mesh(func, mesh)) {
    sharc_mpmd_error(func, "Mesh with name '%.*s' not found.", (int)mesh.len, mesh.data);
    return false;
  }
  sharc_value *output = sharc_op_operand(ret, out_index);
  if (!sharc_mpmd_is_mesh_tensor(sharc_value_type(output))) {
    sharc_rw_set_before(rw, ret);
    sharc_attr *loc = sharc_mpmd_result_info_loc(func, out_index);
    sharc_op *assign = sharc_mpmd_create_assign(
        rw, loc ? loc : sharc_mpmd_value_loc(output), output,
        sharc_mpmd_replicated(rw->ctx, mesh, sharc_value_type(output)), SHARC_MI_IO_CONSTRAINT_OUT);
    sharc_rw_set_operand(rw, ret, out_index, sharc_op_result(assign, 0));
  }
  if (!sharc_mpmd_is_mesh_tensor(sharc_value_type(input)) &&
      sharc_mpmd_is_ranked_tensor(sharc_value_type(input))) {
    sharc_rw_set_after_value(rw, input);
    sharc_value_set_type(input, sharc_mpmd_replicated(rw->ctx, mesh, sharc_value_type(input)));
    sharc_op *un = sharc_mpmd_create_unassign(rw, sharc_value_loc(input), input,
                                              SHARC_MI_IO_CONSTRAINT_IN);
    sharc_rw_replace_uses_if(rw, input, sharc_op_result(un, 0), except_op, un);
  }
  return true;
}

static bool run_on_func(sharc_op *func, const void *opts, sharc_rewriter *rw) {
  const sharc_mpmd_io_constraints_options *o = opts;
  sharc_block *body = sharc_func_body(func);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret)
    return true;
  for (unsigned i = 0; i < o->constraints.n; i++) {
    sharc_mpmd_io_constraint c = o->constraints.items[i];
    if (!sharc_mpmd_io_constraint_in_range(func, c, sharc_block_num_args(body),
                                           sharc_op_num_operands(ret)))
      return false;
    sharc_value *input = sharc_block_arg(body, (unsigned)c.input_index);
    sharc_value *output = sharc_op_operand(ret, (unsigned)c.output_index);
    sharc_type *in_t = sharc_value_type(input), *out_t = sharc_value_type(output);
    if (sharc_mpmd_is_mesh_tensor(in_t) && sharc_mpmd_is_mesh_tensor(out_t) &&
        !sharc_str_eq(sharc_mpmd_mesh_tensor_mesh_name(in_t), sharc_mpmd_mesh_tensor_mesh_name(out_t))) {
      sharc_emit_op_error(func,
                          "Constraint was given to map input %lld to output %lld but the user "
                          "provided invalid meshes differ.",
                          (long long)c.input_index, (long long)c.output_index);
      return false;
    }
    sharc_ident *mesh =
        mesh_for_pair(func, output, input, (unsigned)c.input_index, (unsigned)c.output_index);
    if (!mesh) {
      if (o->verbose_logging)
        sharc_log(SHARC_LOG_INFO, SHARC_MI_LOG_SOURCE, 1194,
                  "No suitable mesh found for input-output constraint on input %lld and output %lld",
                  (long long)c.input_index, (long long)c.output_index);
      continue;
    }
    if (!assign_pair(func, ret, (unsigned)c.output_index, input, sharc_ident_str(mesh), rw))
      return false;
  }
  sharc_mpmd_update_function_type(func);
  return true;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  return sharc_mpmd_rewrite_entry_points(module, run, opts, run_on_func);
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_assign_using_input_output_constraints = {
    .flag = "mpmd-infer-mesh-assign-using-input-output-constraints",
    .display_name = "InferMeshAssignUsingInputOutputConstraintsPass",
    .summary = "Assigns a mesh to the inputs and outputs according to the input-output assignment "
               "constraints.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_io_constraints_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

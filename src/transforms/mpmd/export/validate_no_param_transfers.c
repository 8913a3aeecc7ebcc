/* -mpmd-validate-no-param-transfers: a transfer between two meshes (or
 * memory kinds) whose operand or own name location contains the parameter
 * pattern moves a model parameter, which is reported as a warning or
 * (fail-on-param-transfers) an error. */
#include "pass/pass_registry.h"
#include "transforms/mpmd/export/export_passes.h"
#include "transforms/mpmd/export/export_utils.h"

#define SOURCE "shardy/dialect/mpmd/transforms/export/validate_no_param_transfers.cc"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_param_transfers_options, fail_on_param_transfers, "fail-on-param-transfers",
                 SHARC_OPT_BOOL, "false",
                 "Whether to emit an error (and fail) instead of a warning (default: false)."),
    SHARC_OPTION(sharc_mpmd_param_transfers_options, param_pattern, "param-pattern", SHARC_OPT_STRING,
                 "params['transformer",
                 "Pattern to match against the location info of transferred tensors."),
};

/* LocationContainsPattern: a name location whose name contains `pattern`. */
static bool name_contains(const sharc_attr *loc, const char *pattern) {
  if (!loc || sharc_attr_get_kind(loc) != SHARC_ATTR_LOC_NAME)
    return false;
  sharc_str name = sharc_ident_str(loc->name.name);
  size_t n = strlen(pattern);
  for (size_t i = 0; i + n <= name.len; i++)
    if (memcmp(name.data + i, pattern, n) == 0)
      return true;
  return false;
}

/* TransferOp::isIntraMesh: same mesh and same memory kind. */
static bool is_intra_mesh(const sharc_type *in, const sharc_type *out) {
  return sharc_str_eq(sharc_mpmd_mesh_tensor_mesh_name(in), sharc_mpmd_mesh_tensor_mesh_name(out)) &&
         sharc_mpmd_mesh_tensor_memory_kind(in) == sharc_mpmd_mesh_tensor_memory_kind(out);
}

typedef struct check_state {
  const sharc_mpmd_param_transfers_options *o;
  bool failed;
} check_state;

static sharc_walk_result check(sharc_op *transfer, void *user) {
  check_state *st = user;
  const char *pattern = st->o->param_pattern ? st->o->param_pattern : "";
  sharc_type *in = sharc_value_type(sharc_op_operand(transfer, 0));
  sharc_type *out = sharc_value_type(sharc_op_result(transfer, 0));
  if (!sharc_mpmd_is_mesh_tensor(in) || !sharc_mpmd_is_mesh_tensor(out) || is_intra_mesh(in, out))
    return SHARC_WALK_ADVANCE;
  sharc_attr *operand_loc = sharc_mpmd_value_loc(sharc_op_operand(transfer, 0));
  sharc_attr *transfer_loc = sharc_op_loc(transfer);
  bool operand_matches = name_contains(operand_loc, pattern);
  bool transfer_matches = name_contains(transfer_loc, pattern);
  if (!operand_matches && !transfer_matches)
    return SHARC_WALK_ADVANCE;
  sharc_str src = sharc_mpmd_mesh_tensor_mesh_name(in), dst = sharc_mpmd_mesh_tensor_mesh_name(out);
  sharc_buf msg = {0};
  sharc_buf_printf(&msg,
                   "Detected cross-mesh transfer of a parameter matching \"%s\" from mesh "
                   "\"%.*s\" to \"%.*s\". JAX locations: [",
                   pattern, (int)src.len, src.data, (int)dst.len, dst.data);
  /* the matching names, each once, in order */
  sharc_str names[2];
  unsigned n = 0;
  if (operand_matches)
    names[n++] = sharc_ident_str(operand_loc->name.name);
  if (transfer_matches && !(n && sharc_str_eq(names[0], sharc_ident_str(transfer_loc->name.name))))
    names[n++] = sharc_ident_str(transfer_loc->name.name);
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(&msg, "%s\"%.*s\"", i ? ", " : "", (int)names[i].len, names[i].data);
  SHARC_BUF_LIT(&msg, "]");
  sharc_mpmd_report(transfer, st->o->fail_on_param_transfers,
                    SOURCE, 99, msg.data);
  sharc_buf_free(&msg);
  st->failed |= st->o->fail_on_param_transfers;
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)run;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  check_state st = {opts, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_transfer_def, check, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_validate_no_param_transfers = {
    .flag = "mpmd-validate-no-param-transfers",
    .display_name = "ValidateNoParamTransfersPass",
    .summary = "Validates that no parameter tensors are transferred across meshes.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_param_transfers_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

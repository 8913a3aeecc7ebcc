/* -mpmd-sink-create-token-into-fragments: tokens do not cross fragment
 * boundaries. A fragment's token operand is replaced, inside its body, by
 * a local stablehlo.create_token (and dropped with its in_shardings and
 * arg_attrs entries); then every fragment is rebuilt without its token
 * results, which nothing uses any more. */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "sharc/sdy.h"
#include "support/log.h"
#include "support/xalloc.h"
#include "transforms/mpmd/export/export_utils.h"
#include "rewrite/replace_kept.h"

#include <stdlib.h>

#define SOURCE "shardy/dialect/mpmd/transforms/export/sink_create_token_into_fragments.cc"

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* `list` (an array, or a per-value sharding list when `shardings`)
 * without the entries whose `drop` is set. */
static sharc_attr *filtered(sharc_context *ctx, const sharc_attr *list, unsigned n,
                            const bool *drop, bool shardings) {
  attr_vec kept = {0};
  unsigned size = shardings ? sharc_sdy_list_size(list) : sharc_attr_count(list);
  for (unsigned i = 0; i < size; i++)
    if (i >= n || !drop[i])
      sharc_vec_push(&kept, shardings ? sharc_sdy_list_at(list, i) : sharc_attr_at(list, i));
  sharc_attr *r = shardings ? sharc_sdy_sharding_per_value_get(ctx, kept.items, kept.len)
                            : sharc_attr_array(ctx, kept.items, kept.len);
  sharc_vec_free(&kept);
  return r;
}

/* Pass 1: the fragment's token operands become local tokens. */
static void sink_token_inputs(sharc_rewriter *rw, sharc_op *fragment) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(fragment, 0));
  unsigned n = sharc_op_num_operands(fragment);
  unsigned n_args = body ? sharc_block_num_args(body) : 0;
  if (!body || n != n_args) {
    sharc_log(SHARC_LOG_ERROR, SOURCE, 97,
              "MISMATCH: inputs.size()=%u != body.args.size()=%u -- skipping this fragment!", n,
              n_args);
    return;
  }
  bool *drop = sharc_xcalloc(n + 1, sizeof *drop);
  bool any = false;
  sharc_rw_set_block_start(rw, body);
  sharc_op_state st = {.name = sharc_ident_get(rw->ctx, SHARC_STR("stablehlo.create_token")),
                       .loc = sharc_op_loc(fragment)};
  sharc_type *token = sharc_shlo_token_type(rw->ctx);
  st.result_types = &token;
  st.num_results = 1;
  for (unsigned i = 0; i < n; i++) {
    if (!sharc_mpmd_is_token(sharc_value_type(sharc_op_operand(fragment, i))))
      continue;
    sharc_op *fresh = sharc_rw_create(rw, &st);
    sharc_rw_replace_all_uses(rw, sharc_block_arg(body, i), sharc_op_result(fresh, 0));
    drop[i] = any = true;
  }
  if (any) {
    sharc_attr *in = sharc_op_attr(fragment, "in_shardings");
    if (in && sharc_sdy_is_sharding_per_value(in))
      sharc_rw_set_attr(rw, fragment, "in_shardings", filtered(rw->ctx, in, n, drop, true));
    sharc_attr *arg_attrs = sharc_op_attr(fragment, SHARC_MPMD_ARG_ATTRS);
    if (arg_attrs) {
      sharc_mpmd_dict_vec dicts = {0};
      sharc_mpmd_arg_attrs_or_default(fragment, &dicts);
      sharc_attr *arr = sharc_attr_array(rw->ctx, dicts.items, dicts.len);
      sharc_rw_set_attr(rw, fragment, SHARC_MPMD_ARG_ATTRS, filtered(rw->ctx, arr, n, drop, false));
      sharc_vec_free(&dicts);
    }
    sharc_op_erase_marked_operands(fragment, drop, n);
    sharc_rw_modified(rw, fragment);
    for (unsigned i = n; i-- > 0;)
      if (drop[i])
        sharc_block_erase_arg(body, i);
  }
  free(drop);
}

/* Pass 2: the fragment rebuilt without its (unused) token results. */
static bool drop_token_results(sharc_rewriter *rw, sharc_op *fragment) {
  unsigned n = sharc_op_num_results(fragment);
  bool *drop = sharc_xcalloc(n + 1, sizeof *drop);
  bool any = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_value *r = sharc_op_result(fragment, i);
    if (!sharc_mpmd_is_token(sharc_value_type(r)))
      continue;
    if (sharc_value_has_uses(r)) {
      sharc_mpmd_error(fragment, "Token result #%u still has uses after token-input sinking!", i);
      free(drop);
      return false;
    }
    drop[i] = any = true;
  }
  if (!any) {
    free(drop);
    return true;
  }
  sharc_block *body = sharc_region_first_block(sharc_op_region(fragment, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (ret) {
    sharc_op_erase_marked_operands(ret, drop, n);
    sharc_rw_modified(rw, ret);
  }
  unsigned num_types;
  sharc_type **types = sharc_op_result_types_where(fragment, drop, n, false, &num_types);
  sharc_value **operands = sharc_op_operand_values(fragment);
  sharc_attr *mesh = sharc_op_attr(fragment, "mesh_name");
  sharc_rw_set_before(rw, fragment);
  sharc_op *fresh = sharc_mpmd_create_fragment(
      rw, sharc_op_loc(fragment), operands, sharc_op_num_operands(fragment), types, num_types,
      sharc_op_attr(fragment, "origin"),
      mesh && sharc_attr_get_kind(mesh) == SHARC_ATTR_STRING ? sharc_attr_string_value(mesh)
                                                             : (sharc_str){"", 0},
      sharc_op_attr(fragment, "stage_id"));
  sharc_attr *res_attrs = sharc_op_attr(fragment, SHARC_MPMD_RES_ATTRS);
  if (res_attrs) {
    sharc_mpmd_dict_vec dicts = {0};
    sharc_mpmd_res_attrs_or_default(fragment, &dicts);
    sharc_attr *arr = sharc_attr_array(rw->ctx, dicts.items, dicts.len);
    sharc_op_set_attr(fresh, SHARC_MPMD_RES_ATTRS, filtered(rw->ctx, arr, n, drop, false));
    sharc_vec_free(&dicts);
  }
  sharc_attr *out = sharc_op_attr(fragment, "out_shardings");
  if (out && sharc_sdy_is_sharding_per_value(out))
    sharc_op_set_attr(fresh, "out_shardings", filtered(rw->ctx, out, n, drop, true));
  static const char *const elided[] = {"origin", "mesh_name", "res_attrs", "out_shardings", NULL};
  sharc_mpmd_copy_attrs(fragment, fresh, elided);
  sharc_rw_inline_region_before(rw, sharc_op_region(fragment, 0), sharc_op_region(fresh, 0), NULL);
  sharc_rw_replace_op_with_kept_results(rw, fragment, fresh, drop, n, false);
  free(types);
  free(operands);
  free(drop);
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_mpmd_function(func))
    return true;
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return true;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
      sink_token_inputs(&rw, op);
  for (sharc_op *op = sharc_block_first_op(body), *next; op; op = next) {
    next = sharc_op_next(op);
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def) && !drop_token_results(&rw, op))
      return false;
  }
  return true;
}

const sharc_pass_def sharc_pass_mpmd_sink_create_token_into_fragments = {
    .flag = "mpmd-sink-create-token-into-fragments",
    .display_name = "SinkCreateTokenIntoFragmentsPass",
    .summary = "Sinks stablehlo.create_token ops into fragment bodies.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

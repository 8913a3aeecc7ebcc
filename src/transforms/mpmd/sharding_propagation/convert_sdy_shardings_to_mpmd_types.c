/* -mpmd-convert-sdy-shardings-to-mpmd-types: the shardings propagation left
 * on fragments (in_shardings/out_shardings), transfers, loops and function
 * arguments move into the !mpmd.mesh_tensor types of the values they shard;
 * every other sdy.sharding is dropped. Transfers that reshard within one
 * mesh are reported (as an error that does not fail the pass, as Shardy's). */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/sdy/propagation/utils.h"

#include <stdlib.h>

/* The fragment's `name` list (one sharding per operand, or per result)
 * moved into those values' types. */
static void shardings_to_types(sharc_op *frag, const char *name, bool results) {
  sharc_attr *list = sharc_op_attr(frag, name);
  if (!list)
    return;
  unsigned n = results ? sharc_op_num_results(frag) : sharc_op_num_operands(frag);
  for (unsigned i = 0; i < n; i++)
    sharc_mpmd_update_value_type_with_sharding(
        results ? sharc_op_result(frag, i) : sharc_op_operand(frag, i),
        sharc_sdy_sharding_per_value_at(list, i));
  sharc_op_set_attr(frag, name, NULL);
}

static void fragment_to_types(sharc_op *frag) {
  shardings_to_types(frag, "in_shardings", false);
  shardings_to_types(frag, "out_shardings", true);
}

static void update_with_own_sharding(sharc_value *v) {
  sharc_mpmd_update_value_type_with_sharding(v, sharc_sdy_get_sharding(v));
}

/* A loop operand's sharding also types the block argument it enters as. */
static void for_to_types(sharc_op *loop) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(loop, 0));
  for (unsigned i = 0; i < sharc_op_num_operands(loop); i++) {
    sharc_attr *sharding = sharc_sdy_get_sharding(sharc_op_operand(loop, i));
    sharc_mpmd_update_value_type_with_sharding(sharc_op_operand(loop, i), sharding);
    if (body && i < sharc_block_num_args(body))
      sharc_mpmd_update_value_type_with_sharding(sharc_block_arg(body, i), sharding);
  }
  for (unsigned i = 0; i < sharc_op_num_results(loop); i++)
    update_with_own_sharding(sharc_op_result(loop, i));
}

static sharc_walk_result op_to_types(sharc_op *op, void *user) {
  (void)user;
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def)) {
    fragment_to_types(op);
  } else if (sharc_op_isa(op, &sharc_mpmd_transfer_def)) {
    update_with_own_sharding(sharc_op_operand(op, 0));
    update_with_own_sharding(sharc_op_result(op, 0));
  } else if (sharc_op_isa(op, &sharc_mpmd_for_def)) {
    for_to_types(op);
  }
  /* send/recv keep theirs: it describes the channel, not a tensor */
  if (!sharc_op_isa(op, SHARC_SHLO(send)) && !sharc_op_isa(op, SHARC_SHLO(recv)) &&
      sharc_op_attr(op, SHARC_SDY_SHARDING_ATTR))
    sharc_op_set_attr(op, SHARC_SDY_SHARDING_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

static sharc_attr *mesh_tensor_sharding(sharc_value *v) {
  sharc_type *t = sharc_value_type(v);
  return sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_sharding(t) : NULL;
}

static sharc_walk_result check_transfer(sharc_op *transfer, void *user) {
  (void)user;
  sharc_attr *in = mesh_tensor_sharding(sharc_op_operand(transfer, 0));
  sharc_attr *out = mesh_tensor_sharding(sharc_op_result(transfer, 0));
  if (!in || !out ||
      !sharc_str_eq(sharc_sdy_tensor_sharding_mesh_name(in),
                    sharc_sdy_tensor_sharding_mesh_name(out)) ||
      sharc_sdy_is_equivalent(in, out))
    return SHARC_WALK_ADVANCE;
  char *in_text = sharc_mpmd_attr_str(in), *out_text = sharc_mpmd_attr_str(out);
  sharc_mpmd_error(transfer,
                   "Transfer op has different shardings for the operand and result on the same "
                   "mesh, operand sharding: %s, result sharding: %s",
                   in_text, out_text);
  free(in_text);
  free(out_text);
  return SHARC_WALK_INTERRUPT;
}

/* The attribute dictionaries of every argument (result) without
 * `sdy.sharding`, set at once (one by one would rebuild the array each
 * time); nothing when none had one. */
static void drop_shardings(sharc_op *func, unsigned n, bool results) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_attr **dicts = sharc_xmalloc_array(n + 1, sizeof *dicts);
  bool any = false;
  for (unsigned i = 0; i < n; i++) {
    dicts[i] = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    if (sharc_attr_dict_get(dicts[i], SHARC_SDY_SHARDING_ATTR)) {
      dicts[i] = sharc_func_dict_with(ctx, dicts[i], SHARC_SDY_SHARDING_ATTR, NULL);
      any = true;
    }
  }
  if (any && results)
    sharc_func_set_all_result_attrs(func, dicts);
  else if (any)
    sharc_func_set_all_arg_attrs(func, dicts);
  free(dicts);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  sharc_walk(func, SHARC_POST_ORDER, op_to_types, NULL);
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
    update_with_own_sharding(sharc_block_arg(body, i));
  drop_shardings(func, sharc_func_num_args(func), false);
  drop_shardings(func, sharc_func_num_results(func), true);
  if (body && sharc_block_last_op(body))
    sharc_mpmd_update_function_type(func);
  /* the mismatch is reported but, as in Shardy, does not fail the pass */
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_transfer_def, check_transfer, NULL);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_convert_sdy_shardings_to_mpmd_types = {
    .flag = "mpmd-convert-sdy-shardings-to-mpmd-types",
    .display_name = "ConvertSdyShardingsToMpmdTypesPass",
    .summary = "Moves shardings from op attrs to `!mpmd.mesh_tensor` types.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* -mpmd-enforce-user-shardings: on an entry-point MPMD function, fragments
 * that take an argument get the argument's user sharding as in-sharding,
 * and fragments and transfers that produce a result get the result's user
 * sharding as out-sharding (passed on to the fragments that consume it).
 * Sub-axes, which the runtime's shardings cannot express, are cut off
 * first, with a warning the first time in the process (as Shardy's
 * call_once). */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/sharding_propagation/utils.h"

#include <stdlib.h>

/* A dimension's axes up to its first sub-axis; a cut dimension is closed. */
static sharc_attr *drop_sub_axes_suffix_of_dim(sharc_context *ctx, sharc_attr *dim) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim), keep = 0;
  while (keep < n && !sharc_sdy_axis_ref_sub_axis_info(sharc_sdy_dim_sharding_axis(dim, keep)))
    keep++;
  if (keep == n)
    return dim;
  sharc_attr **axes = sharc_xmalloc_array(keep + 1, sizeof *axes);
  for (unsigned i = 0; i < keep; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(dim, i);
  sharc_attr *cut = sharc_sdy_dim_sharding_get(ctx, axes, keep, true, -1);
  free(axes);
  return cut;
}

/* MaybeDropSubAxesShardingSuffix (replicated and unreduced axes kept). */
static sharc_attr *drop_sub_axes_suffix(sharc_context *ctx, sharc_attr *sharding) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_attr **dims = sharc_xmalloc_array(parts.num_dims + 1, sizeof *dims);
  for (unsigned d = 0; d < parts.num_dims; d++)
    dims[d] = drop_sub_axes_suffix_of_dim(ctx, parts.dims[d]);
  parts.dims = dims;
  /* Shardy's builder without a reduction kind resets it to sum */
  parts.reduction = SHARC_SDY_REDUCTION_SUM;
  sharc_attr *cut = sharc_sdy_tensor_sharding_get(ctx, &parts);
  free(dims);
  return cut;
}

/* Once per process for arguments and once for results, as Shardy's
 * static once_flags. */
static bool warned_arg, warned_result;

static void warn_sub_axes(sharc_context *ctx, bool *once, const char *what, unsigned index,
                          sharc_attr *old_sharding, sharc_attr *user_sharding,
                          const sharc_attr *loc) {
  if (*once)
    return;
  *once = true;
  char *old_text = sharc_mpmd_attr_str(old_sharding);
  char *user_text = sharc_mpmd_attr_str(user_sharding);
  sharc_emit(ctx, SHARC_SEV_WARNING, loc,
             "Sub-axes sharding found for %s %u. This is not supported, and sharding will be "
             "tuncated. Original sharding: %s; truncated sharding: %s Please contact the MPMD "
             "team.",
             what, index, old_text, user_text);
  free(old_text);
  free(user_text);
}

/* Shardy's getBlockArgumentEdgeOwnerShardings / set...: a fragment with no
 * in_shardings gets a list of null shardings (not open ones) around the
 * one set, so the other operands stay unsharded in their types later. */
static void set_fragment_in_sharding(sharc_op *fragment, unsigned index, sharc_attr *sharding) {
  if (sharc_sdy_block_arg_owner_sharding(fragment, index) == sharding)
    return;
  sharc_attr *list = sharc_op_attr(fragment, "in_shardings");
  unsigned n = sharc_op_num_operands(fragment);
  sharc_attr **items = sharc_xmalloc_array(n + 1, sizeof *items);
  for (unsigned i = 0; i < n; i++)
    items[i] = list ? sharc_sdy_sharding_per_value_at(list, i) : NULL;
  items[index] = sharding;
  sharc_op_set_attr(fragment, "in_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(fragment), items, n));
  free(items);
}

/* The in-sharding of every fragment operand that is the argument. (A
 * transfer user is left to -mpmd-extract-reshards-from-inter-mesh-transfers.) */
static void enforce_input(sharc_op *func, sharc_value *arg) {
  sharc_attr *old_sharding = sharc_sdy_get_sharding(arg);
  if (!old_sharding)
    return;
  sharc_context *ctx = sharc_op_context(func);
  sharc_attr *user_sharding = drop_sub_axes_suffix(ctx, old_sharding);
  if (user_sharding != old_sharding) {
    sharc_sdy_set_sharding(arg, user_sharding);
    warn_sub_axes(ctx, &warned_arg, "arg", sharc_value_index(arg), old_sharding, user_sharding,
                  sharc_value_loc(arg));
  }
  for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (!sharc_op_isa(user, &sharc_mpmd_fragment_def))
      continue;
    set_fragment_in_sharding(user, sharc_use_operand_index(u), user_sharding);
  }
}

static void enforce_result(sharc_op *func, sharc_op *ret, unsigned index) {
  sharc_attr *old_sharding = sharc_sdy_func_result_sharding(func, index);
  if (!old_sharding)
    return;
  sharc_context *ctx = sharc_op_context(func);
  sharc_value *result = sharc_op_operand(ret, index);
  sharc_attr *user_sharding = drop_sub_axes_suffix(ctx, old_sharding);
  if (user_sharding != old_sharding) {
    sharc_sdy_set_sharding(result, user_sharding);
    warn_sub_axes(ctx, &warned_result, "result", index, old_sharding, user_sharding,
                  sharc_op_loc(ret));
  }
  sharc_op *def = sharc_value_defining_op(result);
  if (def && sharc_op_isa(def, &sharc_mpmd_fragment_def)) {
    sharc_sdy_set_result_owner_sharding(def, sharc_value_index(result), user_sharding);
    sharc_mpmd_update_value_user_in_shardings(result, user_sharding);
  } else if (def && sharc_op_isa(def, &sharc_mpmd_transfer_def)) {
    sharc_sdy_set_sharding(sharc_op_result(def, 0), user_sharding);
    sharc_mpmd_update_value_user_in_shardings(result, user_sharding);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  sharc_block *body = sharc_mpmd_entry_point_body(func);
  if (!body)
    return true;
  for (unsigned i = 0; i < sharc_block_num_args(body); i++)
    enforce_input(func, sharc_block_arg(body, i));
  sharc_op *ret = sharc_block_last_op(body);
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
    enforce_result(func, ret, i);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_enforce_user_shardings = {
    .flag = "mpmd-enforce-user-shardings",
    .display_name = "EnforceUserShardingsPass",
    .summary = "Enforces the user specified shardings for inputs and outputs.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

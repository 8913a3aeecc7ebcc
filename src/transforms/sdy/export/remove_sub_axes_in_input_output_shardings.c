/* -sdy-remove-sub-axes-in-input-output-shardings: in the main function's
 * argument and result shardings, every open dimension loses its first
 * sub-axis and the axes after it. */
#include "transforms/sdy/common/call_graph_utils.h"
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/sdy/export/export_utils.h"

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* removeSubAxesInDimensionShardings. */
static sharc_attr *without_sub_axes(sharc_context *ctx, sharc_attr *sharding) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  SHARC_VEC(sharc_sdy_axis_vec) axes_per_dim = {0};
  sharc_vec_reserve(&axes_per_dim, rank + 1);
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    unsigned n = sharc_sdy_list_size(dim);
    if (!sharc_sdy_dim_sharding_is_closed(dim)) {
      unsigned k = 0;
      while (k < n && !sharc_sdy_axis_ref_sub_axis_info(sharc_sdy_list_at(dim, k)))
        k++;
      n = k;
    }
    sharc_sdy_axis_vec axes = {0};
    sharc_sdy_axes_assign(&axes, sharc_sdy_list_items(dim), n);
    axes_per_dim.items[axes_per_dim.len++] = axes;
  }
  sharc_attr *out = sharc_sdy_update_sharding(ctx, sharding, axes_per_dim.items);
  sharc_sdy_axes_per_dim_free(axes_per_dim.items, rank);
  sharc_vec_free(&axes_per_dim);
  return out;
}

static sharc_attr *sharding_without_sub_axes(sharc_attr *sharding, sharc_type *type, void *ctx) {
  (void)type;
  return without_sub_axes(ctx, sharding);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_op *main = sharc_sdy_main_func_or_error(module, true);
  if (!main)
    return false;
  sharc_context *ctx = sharc_op_context(main);
  sharc_sdy_map_func_shardings(main, false, sharding_without_sub_axes, ctx);
  sharc_sdy_map_func_shardings(main, true, sharding_without_sub_axes, ctx);
  sharc_rw_modified(&rw, main);
  return true;
}

const sharc_pass_def sharc_pass_sdy_remove_sub_axes_in_input_output_shardings = {
    .flag = "sdy-remove-sub-axes-in-input-output-shardings",
    .display_name = "RemoveSubAxesInInputOutputShardingsPass",
    .summary = "Removes sub-axes in input/output shardings.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

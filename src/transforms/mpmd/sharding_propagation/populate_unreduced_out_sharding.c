/* -mpmd-populate-unreduced-out-sharding: a fragment result returned from a
 * sharding constraint with unreduced axes gets those axes in its
 * out-sharding (fully closed on the fragment's mesh when there was none,
 * then every out-sharding moved to the constraint's sdy mesh), since sdy
 * propagation only fills in unreduced in-shardings. */
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* The value's sharding, else a fully closed one on the mesh `@mesh_name`. */
static sharc_attr *get_or_create_closed(sharc_context *ctx, sharc_value *v, sharc_str mesh_name) {
  sharc_attr *s = sharc_sdy_get_sharding(v);
  if (s)
    return s;
  return sharc_sdy_sharding_fully_open(ctx, sharc_sdy_mesh_ref(ctx, mesh_name),
                                       sharc_sdy_tensor_rank(sharc_value_type(v)), true);
}

/* `sharding` on `mesh_or_ref` with `unreduced` (NULL: its own) axes; the
 * reduction kind back to sum, as Shardy's builder leaves it. */
static sharc_attr *rebuild(sharc_context *ctx, sharc_attr *sharding, sharc_attr *mesh_or_ref,
                           const sharc_attr *unreduced_from) {
  sharc_sdy_tensor_sharding_parts parts, from;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.mesh_or_ref = mesh_or_ref;
  if (unreduced_from) {
    sharc_sdy_tensor_sharding_parts_of(unreduced_from, &from);
    parts.unreduced = from.unreduced;
    parts.num_unreduced = from.num_unreduced;
  }
  parts.reduction = SHARC_SDY_REDUCTION_SUM;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

static sharc_walk_result populate(sharc_op *frag, void *user) {
  (void)user;
  sharc_context *ctx = sharc_op_context(frag);
  sharc_block *body = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  unsigned n = sharc_op_num_results(frag);
  if (!ret)
    return SHARC_WALK_ADVANCE;
  sharc_attr *out = sharc_op_attr(frag, "out_shardings");
  sharc_attr **shardings = sharc_xmalloc_array(n + 1, sizeof *shardings);
  /* the fragment's mesh name only holds the place of the sdy mesh, which a
   * constraint names below */
  sharc_str mesh_name = sharc_attr_string_value(sharc_op_attr(frag, "mesh_name"));
  for (unsigned i = 0; i < n; i++)
    shardings[i] = out ? sharc_sdy_sharding_per_value_at(out, i)
                       : get_or_create_closed(ctx, sharc_op_result(frag, i), mesh_name);
  sharc_attr *updated_mesh_ref = NULL;
  for (unsigned i = 0; i < n && i < sharc_op_num_operands(ret); i++) {
    sharc_op *constraint = sharc_value_defining_op(sharc_op_operand(ret, i));
    if (!constraint || !sharc_op_isa(constraint, &sharc_sdy_sharding_constraint_def))
      continue;
    sharc_attr *constraint_sharding = sharc_op_attr(constraint, "sharding");
    if (!sharc_sdy_tensor_sharding_num_unreduced(constraint_sharding))
      continue;
    sharc_attr *current = shardings[i];
    if (current && sharc_sdy_same_unreduced(current, constraint_sharding))
      continue;
    sharc_attr *base =
        current ? current
                : get_or_create_closed(ctx, sharc_op_result(frag, i),
                                       sharc_sdy_tensor_sharding_mesh_name(constraint_sharding));
    updated_mesh_ref = sharc_sdy_tensor_sharding_mesh_or_ref(constraint_sharding);
    shardings[i] = rebuild(ctx, base, updated_mesh_ref, constraint_sharding);
  }
  if (updated_mesh_ref) {
    /* defaults made on the fragment's mesh name move to the sdy mesh */
    for (unsigned i = 0; i < n; i++)
      if (shardings[i] && sharc_sdy_tensor_sharding_mesh_or_ref(shardings[i]) != updated_mesh_ref)
        shardings[i] = rebuild(ctx, shardings[i], updated_mesh_ref, NULL);
    sharc_op_set_attr(frag, "out_shardings", sharc_sdy_sharding_per_value_get(ctx, shardings, n));
  }
  free(shardings);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, populate, NULL);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_populate_unreduced_out_sharding = {
    .flag = "mpmd-populate-unreduced-out-sharding",
    .display_name = "PopulateUnreducedOutShardingPass",
    .summary = "Populates unreduced out shardings for fragments.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

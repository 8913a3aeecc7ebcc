/* -sdy-inline-meshes: every sharding's `@mesh` reference is replaced by the
 * mesh itself, StableHLO replica groups naming an sdy mesh get it as a
 * #stablehlo.mesh, and the sdy.mesh ops go. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "ir/created_defs.h"
#include "ir/static_names.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "transforms/sdy/common/sharding_walker.h"
#include "transforms/sdy/export/export_utils.h"

typedef struct inline_state {
  sharc_rewriter rw;
  sharc_op *module;
  /* each (uniqued) sharding seen, to its inlined form: most values share a
   * few shardings, and inlining one looks its mesh up and builds it anew */
  sharc_ptrmap inlined;
} inline_state;

static sharc_attr *inline_mesh(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                               void *user) {
  (void)site;
  inline_state *st = user;
  sharc_attr *known = sharc_ptrmap_get(&st->inlined, sharding);
  if (known)
    return known;
  sharc_attr *inlined = sharc_sdy_inline_mesh(sharding, st->module);
  sharc_ptrmap_put(&st->inlined, sharding, inlined);
  return inlined;
}

/* `replica_groups = #stablehlo.replica_group_mesh_axes<mesh = @m, ...>` gets
 * the mesh @m names. */
static sharc_walk_result inline_replica_groups(sharc_op *op, void *user) {
  inline_state *st = user;
  /* asked of every op: the name interned once, compared by pointer */
  sharc_attr *groups = sharc_op_attr_static(op, "replica_groups");
  const shlo_struct_def *def = &sharc_shlo_replica_group_mesh_axes_def;
  sharc_attr *mesh_ref = sharc_shlo_struct_field(groups, def, 0);
  if (!mesh_ref || sharc_attr_get_kind(mesh_ref) != SHARC_ATTR_SYMBOL_REF ||
      sharc_attr_symbol_num_nested(mesh_ref))
    return SHARC_WALK_ADVANCE;
  sharc_op *mesh_op =
      sharc_sdy_lookup_mesh_op(st->module, sharc_ident_str(sharc_attr_symbol_root(mesh_ref)));
  sharc_attr *mesh = mesh_op ? sharc_op_attr(mesh_op, "mesh") : NULL;
  if (!mesh)
    return SHARC_WALK_ADVANCE;
  sharc_attr *fields[2] = {sharc_sdy_to_stablehlo_mesh(st->rw.ctx, mesh),
                           sharc_shlo_struct_field(groups, def, 1)};
  sharc_rw_set_attr(&st->rw, op, "replica_groups", sharc_shlo_struct_get(st->rw.ctx, def, fields));
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  inline_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  /* inline_mesh reads the sharding alone: each op's list maps once */
  /* the ops changed are not told to the run's listener one by one: it
   * only drops a call graph the pass never builds */
  sharc_sdy_transform_shardings_by_value(module, inline_mesh, NULL, &st);
  sharc_ptrmap_free(&st.inlined);
  /* no replica groups name a mesh while none of their kind was made */
  if (sharc_context_fact_noted(st.rw.ctx, &sharc_shlo_replica_group_mesh_axes_made))
    sharc_walk(module, SHARC_POST_ORDER, inline_replica_groups, &st);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL, *next; op; op = next) {
    next = sharc_op_next(op);
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      sharc_rw_erase_op(&st.rw, op);
  }
  return true;
}

const sharc_pass_def sharc_pass_sdy_inline_meshes = {
    .flag = "sdy-inline-meshes",
    .display_name = "InlineMeshesPass",
    .summary = "Inlines the mesh definition into sharding attributes.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

/* -sdy-lift-inlined-meshes: every inline mesh in a sharding (and in a
 * StableHLO collective's replica_group_mesh_axes) becomes a reference to an
 * `sdy.mesh` symbol, existing or new, and duplicate mesh symbols are merged,
 * so that no two meshes of the module are equal. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/created_defs.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/sharding_walker.h"

#include <stdio.h>

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct lift_state {
  sharc_op *module;
  sharc_context *ctx;
  sharc_rewriter rw;
  /* A mesh attribute (sdy or StableHLO) or a reference to a merged mesh ->
   * the symbol reference (`@name`) that replaces it. */
  sharc_ptrmap new_ref;
  sharc_op *insert_before; /* where new meshes go; NULL: the end */
  unsigned uniquing_counter;
} lift_state;

static sharc_block *module_body(sharc_op *module) {
  return sharc_region_first_block(sharc_op_region(module, 0));
}

/* ---- existing meshes ------------------------------------------------------ */

/* Keeps the first mesh symbol of each mesh, erases the others and maps
 * references to them to the kept one. New meshes go after the last kept
 * one, or at the start of the module. Returns whether any was erased. */
static bool merge_duplicate_meshes(lift_state *st) {
  bool merged = false;
  sharc_block *body = module_body(st->module);
  sharc_op *last_kept = NULL;
  for (sharc_op *op = sharc_block_first_op(body), *next; op; op = next) {
    next = sharc_op_next(op);
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    sharc_attr *mesh = sharc_op_attr(op, "mesh");
    sharc_attr *name = sharc_sdy_mesh_ref(st->ctx, sharc_op_symbol_name(op));
    sharc_attr *kept = sharc_ptrmap_get(&st->new_ref, mesh);
    if (!kept) {
      sharc_ptrmap_put(&st->new_ref, mesh, name);
      last_kept = op;
      continue;
    }
    sharc_ptrmap_put(&st->new_ref, name, kept);
    sharc_rw_erase_op(&st->rw, op);
    merged = true;
  }
  st->insert_before = last_kept ? sharc_op_next(last_kept) : sharc_block_first_op(body);
  return merged;
}

/* ---- new meshes ------------------------------------------------------------- */

/* `maximal_mesh_<id>` for a maximal mesh, `empty_mesh` for an empty one,
 * `mesh` otherwise (made unique on insertion). */
static void new_mesh_name(const sharc_attr *mesh, char *buf, size_t size) {
  if (sharc_sdy_mesh_is_maximal(mesh))
    snprintf(buf, size, "maximal_mesh_%lld", (long long)sharc_sdy_mesh_device_id(mesh, 0));
  else if (sharc_sdy_mesh_is_empty(mesh))
    snprintf(buf, size, "empty_mesh");
  else
    snprintf(buf, size, "mesh");
}

/* Creates `sdy.mesh @name = mesh` at the insertion point and returns a
 * reference to it. */
static sharc_attr *insert_mesh(lift_state *st, const char *name, sharc_attr *mesh,
                               sharc_attr *loc) {
  sharc_op *op = sharc_sdy_mesh_op_create(st->ctx, sharc_str_from_cstr(name), mesh, loc);
  sharc_str unique = sharc_symbol_uniquify(st->module, op, &st->uniquing_counter);
  sharc_attr *ref = sharc_sdy_mesh_ref(st->ctx, unique);
  if (st->insert_before)
    sharc_rw_set_before(&st->rw, st->insert_before);
  else
    sharc_rw_set_block_end(&st->rw, module_body(st->module));
  sharc_rw_insert(&st->rw, op);
  return ref;
}

static sharc_attr *lift_sdy_mesh(lift_state *st, sharc_attr *mesh, sharc_attr *loc) {
  char name[48];
  new_mesh_name(mesh, name, sizeof name);
  return insert_mesh(st, name, mesh, loc);
}

/* A StableHLO mesh becomes an sdy mesh of the same axes (device ids are not
 * carried over), always named `mesh`. */
static sharc_attr *lift_shlo_mesh(lift_state *st, sharc_attr *shlo_mesh, sharc_attr *loc) {
  sharc_attr *axes = sharc_shlo_struct_field(shlo_mesh, &sharc_shlo_mesh_def, 0);
  SHARC_VEC(sharc_attr *) sdy_axes = {0};
  for (unsigned i = 0; axes && i < sharc_attr_count(axes); i++) {
    sharc_attr *axis = sharc_attr_at(axes, i);
    sharc_attr *name = sharc_shlo_struct_field(axis, &sharc_shlo_mesh_axis_def, 0);
    if (!name)
      continue;
    int64_t size = sharc_shlo_struct_int(axis, &sharc_shlo_mesh_axis_def, 1);
    sharc_vec_push(&sdy_axes, sharc_sdy_mesh_axis_get(st->ctx, sharc_attr_string_value(name), size));
  }
  sharc_attr *mesh = sharc_sdy_mesh_get(st->ctx, sdy_axes.items, sdy_axes.len, NULL, 0);
  sharc_vec_free(&sdy_axes);
  return insert_mesh(st, "mesh", mesh, loc);
}

/* ---- shardings -------------------------------------------------------------- */

static sharc_attr *with_mesh_ref(sharc_context *ctx, const sharc_attr *sharding, sharc_attr *ref) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.mesh_or_ref = ref;
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

static sharc_attr *lift_sharding(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                 void *user) {
  (void)site;
  lift_state *st = user;
  sharc_attr *mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(sharding);
  sharc_attr *ref = sharc_ptrmap_get(&st->new_ref, mesh_or_ref);
  if (!ref) {
    if (!sharc_sdy_is_mesh(mesh_or_ref))
      return sharding;
    ref = lift_sdy_mesh(st, mesh_or_ref, sharc_op_loc(st->module));
    sharc_ptrmap_put(&st->new_ref, mesh_or_ref, ref);
  }
  return with_mesh_ref(st->ctx, sharding, ref);
}

/* ---- replica groups of StableHLO collectives ---------------------------------- */

enum { NUM_COLLECTIVE_KINDS = 5 };

typedef struct collectives {
  op_vec of_kind[NUM_COLLECTIVE_KINDS];
} collectives;

/* Shardy walks the module once per kind, in this order. */
/* The collectives with replica groups, by kind (the order they are lifted in). */
static const sharc_op_def *const collective_defs[NUM_COLLECTIVE_KINDS] = {
    SHARC_SHLO(all_gather), SHARC_SHLO(all_reduce), SHARC_SHLO(reduce_scatter),
    SHARC_SHLO(all_to_all), SHARC_SHLO(collective_broadcast)};

static int collective_kind(const sharc_op *op) {
  for (int k = 0; k < NUM_COLLECTIVE_KINDS; k++)
    if (sharc_op_isa(op, collective_defs[k]))
      return k;
  return -1;
}


static sharc_walk_result collect_collective(sharc_op *op, void *user) {
  collectives *c = user;
  int kind = collective_kind(op);
  if (kind >= 0)
    sharc_vec_push(&c->of_kind[kind], op);
  return SHARC_WALK_ADVANCE;
}

static void lift_replica_groups(lift_state *st, sharc_op *op) {
  sharc_attr *groups = sharc_op_attr(op, "replica_groups");
  sharc_attr *mesh_or_ref =
      sharc_shlo_struct_field(groups, &sharc_shlo_replica_group_mesh_axes_def, 0);
  if (!mesh_or_ref)
    return;
  sharc_attr *ref = sharc_ptrmap_get(&st->new_ref, mesh_or_ref);
  if (!ref) {
    if (sharc_sdy_is_mesh(mesh_or_ref))
      ref = lift_sdy_mesh(st, mesh_or_ref, sharc_op_loc(op));
    else if (sharc_shlo_struct_field(mesh_or_ref, &sharc_shlo_mesh_def, 0))
      ref = lift_shlo_mesh(st, mesh_or_ref, sharc_op_loc(op));
    else
      return;
    sharc_ptrmap_put(&st->new_ref, mesh_or_ref, ref);
  }
  sharc_attr *fields[2] = {
      ref, sharc_shlo_struct_field(groups, &sharc_shlo_replica_group_mesh_axes_def, 1)};
  sharc_attr *updated =
      sharc_shlo_struct_get(st->ctx, &sharc_shlo_replica_group_mesh_axes_def, fields);
  if (updated != groups)
    sharc_rw_set_attr(&st->rw, op, "replica_groups", updated);
}

static void lift_all_replica_groups(lift_state *st) {
  /* a module without collectives needs no walk of every op for them */
  if (!sharc_context_may_hold_one_of(st->ctx, collective_defs, NUM_COLLECTIVE_KINDS))
    return;
  collectives c = {0};
  sharc_walk(st->module, SHARC_POST_ORDER, collect_collective, &c);
  for (unsigned k = 0; k < NUM_COLLECTIVE_KINDS; k++) {
    for (unsigned i = 0; i < c.of_kind[k].len; i++)
      lift_replica_groups(st, c.of_kind[k].items[i]);
    sharc_vec_free(&c.of_kind[k]);
  }
}

/* ---- the stablehlo.mesh tag ------------------------------------------------------- */

/* `{axes = [{name = "a", size = 4 : i64}], device_ids = dense<...> : tensor<Nxi64>}` */
static sharc_attr *stablehlo_mesh_dict(sharc_context *ctx, const sharc_attr *mesh) {
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  unsigned num_axes = sharc_sdy_mesh_num_axes(mesh);
  SHARC_VEC(sharc_attr *) axes = {0};
  for (unsigned i = 0; i < num_axes; i++) {
    sharc_attr *axis = sharc_sdy_mesh_axis(mesh, i);
    sharc_named_attr fields[2] = {
        {sharc_ident_get(ctx, SHARC_STR("name")),
         sharc_attr_string(ctx, sharc_sdy_mesh_axis_name(axis))},
        {sharc_ident_get(ctx, SHARC_STR("size")),
         sharc_attr_integer(ctx, i64, sharc_sdy_mesh_axis_size(axis))},
    };
    sharc_vec_push(&axes, sharc_attr_dictionary(ctx, fields, 2));
  }
  sharc_named_attr entries[2] = {
      {sharc_ident_get(ctx, SHARC_STR("axes")), sharc_attr_array(ctx, axes.items, axes.len)},
      {NULL, NULL},
  };
  sharc_vec_free(&axes);
  unsigned num_ids = sharc_sdy_mesh_num_device_ids(mesh), n = 1;
  if (num_ids) {
    uint64_t *ids = sharc_xmalloc_array(num_ids, sizeof *ids);
    bool splat = true;
    for (unsigned i = 0; i < num_ids; i++) {
      ids[i] = (uint64_t)sharc_sdy_mesh_device_id(mesh, i);
      splat &= ids[i] == ids[0];
    }
    int64_t shape = num_ids;
    sharc_type *type = sharc_type_tensor(ctx, &shape, 1, i64, NULL);
    entries[n++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("device_ids")),
                                      sharc_attr_dense_elements(ctx, type, ids,
                                                                splat ? 1 : num_ids, splat)};
    free(ids);
  }
  return sharc_attr_dictionary(ctx, entries, n);
}

static void tag_stablehlo_meshes(lift_state *st) {
  for (sharc_op *op = sharc_block_first_op(module_body(st->module)); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def) || sharc_op_attr(op, "stablehlo.mesh"))
      continue;
    sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (mesh && sharc_sdy_is_mesh(mesh))
      sharc_rw_set_attr(&st->rw, op, "stablehlo.mesh", stablehlo_mesh_dict(st->ctx, mesh));
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  lift_state st = {.module = module, .ctx = sharc_op_context(module)};
  sharc_pass_rewriter(run, &st.rw, NULL);
  /* a sharding changes only when it names a merged mesh or an inline one:
   * with neither, the walk of every op would change nothing */
  if (merge_duplicate_meshes(&st) ||
      sharc_context_fact_noted(st.ctx, &sharc_sdy_inline_mesh_sharding_made))
    sharc_sdy_transform_shardings_by_value(module, lift_sharding, NULL, &st);
  lift_all_replica_groups(&st);
  tag_stablehlo_meshes(&st);
  sharc_ptrmap_free(&st.new_ref);
  return true;
}

const sharc_pass_def sharc_pass_sdy_lift_inlined_meshes = {
    .flag = "sdy-lift-inlined-meshes",
    .display_name = "LiftInlinedMeshesPass",
    .summary = "Lifts inlined `MeshAttr`s in shardings as symbol `MeshOp`s.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

/* -mpmd-generate-sdy-meshes-from-topology: the module's sdy meshes become
 * the topology's meshes. A sharding moves to the mesh its axes name (axis
 * `tpu_x` is axis `x` of mesh `tpu`); a fully replicated one moves to the
 * empty mesh (created, and added to the topology, when missing); empty and
 * maximal meshes are kept, every other old mesh is erased. */
#include "dialect/mpmd/utils.h"
#include "ir/static_names.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "sharc/sdy.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "transforms/sdy/common/sharding_walker.h"

#include <string.h>

#define EMPTY_MESH "empty_mesh"

typedef struct gen_state {
  sharc_op *module;
  sharc_context *ctx;
  sharc_rewriter rw;
  sharc_ptr_vec old_meshes; /* the sdy.mesh ops there before the pass */
  sharc_op *empty_mesh;
  bool failed;
} gen_state;

static sharc_block *module_body(sharc_op *module) {
  return sharc_region_first_block(sharc_op_region(module, 0));
}

static sharc_op *old_mesh(gen_state *st, sharc_str name) {
  for (unsigned i = 0; i < st->old_meshes.len; i++)
    if (sharc_str_eq(sharc_op_symbol_name(st->old_meshes.items[i]), name))
      return st->old_meshes.items[i];
  return NULL;
}

static bool kept_mesh(const sharc_op *mesh_op) {
  sharc_attr *mesh = sharc_op_attr_static(mesh_op, "mesh");
  return mesh && (sharc_sdy_mesh_is_empty(mesh) || sharc_sdy_mesh_is_maximal(mesh));
}

static sharc_op *create_mesh(gen_state *st, sharc_str name, sharc_attr *mesh) {
  return sharc_rw_insert(&st->rw, sharc_sdy_mesh_op_create(st->ctx, name, mesh,
                                                           sharc_op_loc(st->module)));
}

static void fail(gen_state *st, const char *fmt, sharc_str a, sharc_str b) {
  if (!st->failed)
    sharc_emit(st->ctx, SHARC_SEV_ERROR, sharc_op_loc(st->module), fmt, (int)a.len, a.data,
               (int)b.len, b.data);
  st->failed = true;
}

/* GetOrCreateEmptyMesh: the module's `@empty_mesh`, else a new one at the
 * start of the module, added to the first mpmd function's topology. */
static sharc_op *empty_mesh(gen_state *st) {
  if (st->empty_mesh)
    return st->empty_mesh;
  sharc_op *existing = sharc_symbol_lookup(st->module, SHARC_STR(EMPTY_MESH));
  if (existing && sharc_op_isa(existing, &sharc_sdy_mesh_op_def)) {
    if (!sharc_sdy_mesh_is_empty(sharc_op_attr_static(existing, "mesh")))
      fail(st, "Mesh named '%.*s' already exists but is not empty.%.*s", SHARC_STR(EMPTY_MESH),
           SHARC_STR(""));
    return st->empty_mesh = existing;
  }
  sharc_attr *mesh = sharc_sdy_mesh_get(st->ctx, NULL, 0, NULL, 0);
  sharc_insert_point ip = st->rw.ip;
  sharc_rw_set_block_start(&st->rw, module_body(st->module));
  st->empty_mesh = create_mesh(st, SHARC_STR(EMPTY_MESH), mesh);
  st->rw.ip = ip;
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(st->module, &funcs);
  sharc_op *func = funcs.len ? funcs.items[0] : NULL;
  sharc_vec_free(&funcs);
  sharc_attr *topology = func ? sharc_mpmd_func_topology(func) : NULL;
  if (!topology)
    return st->empty_mesh;
  unsigned n = sharc_mpmd_topology_num_meshes(topology);
  sharc_ptr_vec meshes = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&meshes, sharc_mpmd_topology_mesh_at(topology, i));
  sharc_vec_push(&meshes, sharc_mpmd_named_mesh(st->ctx, SHARC_STR(EMPTY_MESH), mesh));
  sharc_rw_set_attr(&st->rw, func, SHARC_MPMD_TOPOLOGY_ATTR,
                    sharc_mpmd_topology(st->ctx, (sharc_attr *const *)meshes.items, meshes.len));
  sharc_vec_free(&meshes);
  return st->empty_mesh;
}

static sharc_attr *with_mesh(gen_state *st, const sharc_attr *sharding, sharc_str mesh,
                             bool keep_reduction) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.mesh_or_ref = sharc_sdy_mesh_ref(st->ctx, mesh);
  if (!keep_reduction)
    parts.reduction = 0;
  return sharc_sdy_tensor_sharding_get(st->ctx, &parts);
}

/* The mesh the axes of a list name, all of which must agree. */
static void check_axes(gen_state *st, sharc_attr *const *axes, unsigned n, sharc_str *mesh) {
  for (unsigned i = 0; i < n; i++) {
    sharc_str name = sharc_sdy_axis_ref_name(axes[i]);
    const char *sep = memchr(name.data, '_', name.len);
    if (!sep || sep + 1 == name.data + name.len) {
      fail(st, "Axis name does not contain '_'%.*s%.*s", SHARC_STR(""), SHARC_STR(""));
      return;
    }
    sharc_str prefix = {name.data, (size_t)(sep - name.data)};
    if (mesh->data && !sharc_str_eq(*mesh, prefix))
      fail(st, "Mesh name mismatch: %.*s vs %.*s", *mesh, prefix);
    *mesh = prefix;
  }
}

static sharc_attr *move_sharding(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                 void *user) {
  (void)site;
  gen_state *st = user;
  if (st->failed)
    return sharding;
  if (sharc_sdy_tensor_sharding_is_fully_replicated(sharding)) {
    sharc_op *mesh_op = old_mesh(st, sharc_sdy_tensor_sharding_mesh_name(sharding));
    if (!mesh_op || kept_mesh(mesh_op))
      return sharding;
    return with_mesh(st, sharding, sharc_op_symbol_name(empty_mesh(st)), false);
  }
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_str mesh = {NULL, 0};
  for (unsigned i = 0; i < parts.num_dims; i++) {
    sharc_attr *dim = parts.dims[i];
    unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
    for (unsigned k = 0; k < n; k++) {
      sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, k);
      check_axes(st, &axis, 1, &mesh);
    }
  }
  check_axes(st, parts.replicated, parts.num_replicated, &mesh);
  check_axes(st, parts.unreduced, parts.num_unreduced, &mesh);
  if (st->failed)
    return sharding;
  if (!mesh.data)
    mesh = (sharc_str){"", 0};
  if (old_mesh(st, mesh)) {
    fail(st, "Invalid mesh name: %.*s%.*s", mesh, SHARC_STR(""));
    return sharding;
  }
  return with_mesh(st, sharding, mesh, true);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  gen_state st = {.module = module, .ctx = sharc_op_context(module)};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  sharc_attr *topology = funcs.len ? sharc_mpmd_func_topology(funcs.items[0]) : NULL;
  sharc_vec_free(&funcs);
  if (!topology) {
    sharc_emit_op_error(module, "No topology attribute found");
    return false;
  }
  sharc_block *body = module_body(module);
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      sharc_vec_push(&st.old_meshes, op);

  sharc_rw_set_block_start(&st.rw, body);
  for (unsigned i = 0; i < sharc_mpmd_topology_num_meshes(topology); i++) {
    sharc_attr *named = sharc_mpmd_topology_mesh_at(topology, i);
    create_mesh(&st, sharc_mpmd_named_mesh_name(named), sharc_mpmd_named_mesh_mesh(named));
  }
  sharc_sdy_transform_shardings(module, move_sharding, NULL, &st);
  if (!st.failed)
    for (unsigned i = 0; i < st.old_meshes.len; i++)
      if (!kept_mesh(st.old_meshes.items[i]))
        sharc_rw_erase_op(&st.rw, st.old_meshes.items[i]);
  sharc_vec_free(&st.old_meshes);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_generate_sdy_meshes_from_topology = {
    .flag = "mpmd-generate-sdy-meshes-from-topology",
    .display_name = "GenerateSdyMeshesFromTopologyPass",
    .summary = "Generates shardy meshes based on the MPMD topology.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

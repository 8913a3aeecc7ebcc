/* -sdy-remove-size-one-axes: drops axes of size one from every sharding (the
 * meshes keep them), so that they cause no conflicts during propagation. */
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/common/sharding_walker.h"

typedef struct remove_state {
  sharc_op *module;
  sharc_sdy_axis_vec scratch;
  SHARC_VEC(sharc_attr *) dims;
} remove_state;

static bool mesh_has_size_one_axis(const sharc_attr *mesh) {
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    if (sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, i)) == 1)
      return true;
  return false;
}

/* Only the module's own mesh symbols decide whether there is work; a
 * sharding with an inline mesh is left alone otherwise, as in Shardy. */
static bool module_has_size_one_axes(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (mesh && sharc_sdy_is_mesh(mesh) && mesh_has_size_one_axis(mesh))
      return true;
  }
  return false;
}

/* `axes` without the refs of size one, in `st->scratch`. */
static void keep_not_size_one(remove_state *st, sharc_attr *const *axes, unsigned n,
                              const sharc_attr *mesh) {
  st->scratch.len = 0;
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_axis_ref_size(axes[i], mesh) != 1)
      sharc_vec_push(&st->scratch, axes[i]);
}

static sharc_attr *without_size_one(remove_state *st, sharc_context *ctx, sharc_attr *dim,
                                    const sharc_attr *mesh) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
  keep_not_size_one(st, sharc_sdy_list_items(dim), n, mesh);
  if (st->scratch.len == n)
    return dim;
  bool closed = sharc_sdy_dim_sharding_is_closed(dim);
  /* a closed empty dimension may not carry a priority (the verifier's rule) */
  int64_t priority = st->scratch.len == 0 && closed ? -1 : sharc_sdy_dim_sharding_priority(dim);
  return sharc_sdy_dim_sharding_get(ctx, st->scratch.items, st->scratch.len, closed, priority);
}

static sharc_attr *remove_from_sharding(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                        void *user) {
  (void)site;
  remove_state *st = user;
  sharc_context *ctx = sharc_op_context(st->module);
  const sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, st->module);
  if (!mesh)
    return sharding; /* the verifier reports unknown meshes */
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  bool changed = false;

  st->dims.len = 0;
  for (unsigned i = 0; i < parts.num_dims; i++) {
    sharc_attr *dim = without_size_one(st, ctx, parts.dims[i], mesh);
    changed |= dim != parts.dims[i];
    sharc_vec_push(&st->dims, dim);
  }
  keep_not_size_one(st, parts.replicated, parts.num_replicated, mesh);
  sharc_sdy_axis_vec replicated = {0};
  sharc_sdy_axes_assign(&replicated, st->scratch.items, st->scratch.len);
  changed |= replicated.len != parts.num_replicated;
  keep_not_size_one(st, parts.unreduced, parts.num_unreduced, mesh);
  changed |= st->scratch.len != parts.num_unreduced;
  if (!changed) {
    sharc_vec_free(&replicated);
    return sharding;
  }
  parts.dims = st->dims.items;
  parts.replicated = replicated.items;
  parts.num_replicated = replicated.len;
  parts.unreduced = st->scratch.items;
  parts.num_unreduced = st->scratch.len;
  sharc_attr *updated = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_vec_free(&replicated);
  return updated;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (!module_has_size_one_axes(module))
    return true;
  remove_state st = {module, {0}, {0}};
  sharc_sdy_transform_shardings(module, remove_from_sharding, NULL, &st);
  sharc_vec_free(&st.scratch);
  sharc_vec_free(&st.dims);
  return true;
}

const sharc_pass_def sharc_pass_sdy_remove_size_one_axes = {
    .flag = "sdy-remove-size-one-axes",
    .display_name = "RemoveSizeOneAxesPass",
    .summary = "Removes size one axes from shardings.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

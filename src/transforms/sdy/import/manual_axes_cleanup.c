/* -sdy-manual-axes-cleanup: sorts the manual axes of every
 * sdy.manual_computation in mesh order and adds the manual axes an in/out
 * sharding does not mention to its replicated axes, so that manual axes are
 * always fully specified. */
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_attr *) attr_vec;

typedef struct cleanup_state {
  sharc_op *module;
  sharc_context *ctx;
  sharc_rewriter rw;
  bool ok;
} cleanup_state;

static unsigned list_len(const sharc_attr *list) { return list ? sharc_sdy_list_size(list) : 0; }
static sharc_attr *const *list_items(const sharc_attr *list) {
  return list ? sharc_sdy_list_items(list) : NULL;
}

/* ---- sorting the manual axes ----------------------------------------------------- */

typedef struct ranked_axis {
  sharc_attr *name;
  int rank; /* position in the mesh */
} ranked_axis;

static int by_rank(const void *a, const void *b) {
  const ranked_axis *x = a, *y = b;
  return (x->rank > y->rank) - (x->rank < y->rank);
}

static void sort_manual_axes(cleanup_state *st, sharc_op *op, const sharc_attr *mesh) {
  sharc_attr *manual = sharc_op_attr(op, "manual_axes");
  unsigned n = list_len(manual);
  if (n < 2)
    return;
  ranked_axis *axes = sharc_xmalloc_array(n, sizeof *axes);
  bool sorted = true;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *name = sharc_sdy_list_at(manual, i);
    axes[i] = (ranked_axis){name, sharc_sdy_mesh_axis_index(mesh, sharc_attr_string_value(name))};
    sorted &= i == 0 || axes[i - 1].rank <= axes[i].rank;
  }
  if (!sorted) {
    qsort(axes, n, sizeof *axes, by_rank); /* mesh positions are distinct */
    sharc_str *names = sharc_xmalloc_array(n, sizeof *names);
    for (unsigned i = 0; i < n; i++)
      names[i] = sharc_attr_string_value(axes[i].name);
    sharc_rw_set_attr(&st->rw, op, "manual_axes", sharc_sdy_manual_axes_get(st->ctx, names, n));
    free(names);
  }
  free(axes);
}

/* ---- unused manual axes become replicated ------------------------------------------ */

/* Every axis ref of the sharding: dimensions, replicated, unreduced. */
static void all_axis_refs(const sharc_attr *sharding, sharc_sdy_axis_vec *out) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  out->len = 0;
  for (unsigned d = 0; d < parts.num_dims; d++)
    sharc_sdy_axes_append(out, sharc_sdy_list_items(parts.dims[d]),
                          sharc_sdy_dim_sharding_num_axes(parts.dims[d]));
  sharc_sdy_axes_append(out, parts.replicated, parts.num_replicated);
  sharc_sdy_axes_append(out, parts.unreduced, parts.num_unreduced);
}

/* The sharding with the manual axes it misses added to its replicated
 * axes and moved onto `mesh_or_ref` (which replaces an empty mesh), or the
 * sharding itself when it uses them all. */
static sharc_attr *add_unused_manual_axes(cleanup_state *st, sharc_attr *sharding,
                                          const sharc_sdy_axis_vec *manual,
                                          sharc_attr *mesh_or_ref, const sharc_attr *mesh) {
  sharc_sdy_axis_vec used = {0}, unused = {0};
  all_axis_refs(sharding, &used);
  sharc_sdy_axes_set_diff(st->ctx, manual->items, manual->len, used.items, used.len, mesh,
                          &unused);
  sharc_vec_free(&used);
  if (unused.len == 0)
    return sharding;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_sdy_axis_vec replicated = {0};
  sharc_sdy_axes_assign(&replicated, parts.replicated, parts.num_replicated);
  sharc_sdy_axes_append(&replicated, unused.items, unused.len);
  sharc_sdy_axes_sort_and_merge(st->ctx, &replicated, mesh);
  parts.mesh_or_ref = mesh_or_ref;
  parts.replicated = replicated.items;
  parts.num_replicated = replicated.len;
  sharc_attr *updated = sharc_sdy_tensor_sharding_get(st->ctx, &parts);
  sharc_vec_free(&replicated);
  sharc_vec_free(&unused);
  return updated;
}

/* One list (in or out shardings, against the operand or result types). */
static void update_shardings(cleanup_state *st, sharc_op *op, const char *attr_name,
                             sharc_value *(*value_at)(const sharc_op *, unsigned),
                             const sharc_sdy_axis_vec *manual, sharc_attr *mesh_or_ref,
                             const sharc_attr *mesh) {
  sharc_attr *list = sharc_op_attr(op, attr_name);
  unsigned n = list_len(list);
  attr_vec updated = {0};
  bool modified = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *sharding = sharc_sdy_list_at(list, i);
    sharc_value *v = value_at(op, i);
    sharc_attr *now = sharding;
    if (v && sharc_type_is_shaped(sharc_value_type(v)))
      now = add_unused_manual_axes(st, sharding, manual, mesh_or_ref, mesh);
    modified |= now != sharding;
    sharc_vec_push(&updated, now);
  }
  if (modified)
    sharc_rw_set_attr(&st->rw, op, attr_name,
                      sharc_sdy_sharding_per_value_get(st->ctx, updated.items, updated.len));
  sharc_vec_free(&updated);
}

static sharc_value *operand_at(const sharc_op *op, unsigned i) {
  return i < sharc_op_num_operands(op) ? sharc_op_operand(op, i) : NULL;
}
static sharc_value *result_at(const sharc_op *op, unsigned i) {
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

static void add_unused_manual_axes_to_replicated(cleanup_state *st, sharc_op *op,
                                                 sharc_attr *mesh_or_ref, const sharc_attr *mesh) {
  sharc_attr *names = sharc_op_attr(op, "manual_axes");
  sharc_sdy_axis_vec manual = {0};
  for (unsigned i = 0; i < list_len(names); i++)
    sharc_vec_push(&manual, sharc_sdy_axis_ref_get(
                                st->ctx, sharc_attr_string_value(sharc_sdy_list_at(names, i)),
                                NULL));
  update_shardings(st, op, "in_shardings", operand_at, &manual, mesh_or_ref, mesh);
  update_shardings(st, op, "out_shardings", result_at, &manual, mesh_or_ref, mesh);
  sharc_vec_free(&manual);
}

/* ---- the walk ------------------------------------------------------------------------ */

static bool body_is_empty(sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *first = body ? sharc_block_first_op(body) : NULL;
  return !first || sharc_op_isa(first, &sharc_sdy_return_def);
}

static sharc_walk_result cleanup(sharc_op *op, void *user) {
  cleanup_state *st = user;
  sharc_attr *in = sharc_op_attr(op, "in_shardings"), *out = sharc_op_attr(op, "out_shardings");
  unsigned n_in = list_len(in), n_out = list_len(out);
  if (n_in == 0 && n_out == 0) {
    if (list_len(sharc_op_attr(op, "manual_axes")) && !body_is_empty(op)) {
      sharc_emit_op(op, SHARC_SEV_ERROR,
                 "op has manual_axes when there are no in/out shardings and the body is not "
                 "empty. This isn't allowed at this stage, please contact the Shardy team or "
                 "file a bug.");
      st->ok = false;
    }
    return SHARC_WALK_ADVANCE;
  }
  sharc_sdy_axis_vec all = {0}; /* in then out shardings */
  sharc_sdy_axes_append(&all, list_items(in), n_in);
  sharc_sdy_axes_append(&all, list_items(out), n_out);
  sharc_attr *mesh_or_ref = sharc_sdy_common_mesh_or_ref(all.items, all.len, st->module, false);
  sharc_vec_free(&all);
  sharc_attr *mesh = mesh_or_ref ? sharc_sdy_mesh_or_ref_mesh(mesh_or_ref, st->module) : NULL;
  if (!mesh)
    return SHARC_WALK_ADVANCE; /* the verifier requires one mesh for in and out shardings */
  sort_manual_axes(st, op, mesh);
  add_unused_manual_axes_to_replicated(st, op, mesh_or_ref, mesh);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  cleanup_state st = {.module = module, .ctx = sharc_op_context(module), .ok = true};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def, cleanup, &st);
  return st.ok;
}

const sharc_pass_def sharc_pass_sdy_manual_axes_cleanup = {
    .flag = "sdy-manual-axes-cleanup",
    .display_name = "ManualAxesCleanupPass",
    .summary = "Cleans up the use of manual axes in `ManualComputationOp`s",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

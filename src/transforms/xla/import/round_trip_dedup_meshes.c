/* -xla-sdy-round-trip-dedup-meshes: meshes with the same devices (total
 * size and device ids; an axis-less mesh counts apart from one whose axes
 * all have size 1) collapse into one main mesh: the first with real axes
 * (not named `_...`, as the GSPMD import names them), the most axes of
 * size > 1, the earliest. Another mesh whose axes map onto (sub-)axes of
 * the main one, both walked major to minor, is erased and every sharding
 * and manual computation naming it is rewritten on the main mesh; inline
 * meshes are left alone. */
#include <stdlib.h>

#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/sharding_walker.h"

typedef SHARC_VEC(sharc_op *) op_vec;

/* One target axis's (sub-)axes in the main mesh. */
typedef struct axis_map {
  sharc_str name;
  sharc_sdy_axis_vec refs;
} axis_map;

typedef SHARC_VEC(axis_map) axis_map_vec;

/* A mesh to replace: its name, the main mesh, and the axis mapping. */
typedef struct duplicate {
  sharc_str name;
  sharc_op *main;
  axis_map_vec axes;
} duplicate;

typedef SHARC_VEC(duplicate) duplicate_vec;

typedef struct dedup_state {
  sharc_context *ctx;
  duplicate_vec dups;
} dedup_state;

static sharc_attr *mesh_of(const sharc_op *mesh_op) {
  return sharc_op_attr(mesh_op, "mesh");
}

static bool has_fake_axis(const sharc_op *mesh_op) {
  sharc_attr *mesh = mesh_of(mesh_op);
  return sharc_sdy_mesh_num_axes(mesh) &&
         sharc_str_starts_with(sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, 0)), "_");
}

static unsigned non_size_one_axes(const sharc_op *mesh_op) {
  sharc_attr *mesh = mesh_of(mesh_op);
  unsigned n = 0;
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    n += sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, i)) > 1;
  return n;
}

static bool same_devices(const sharc_attr *a, const sharc_attr *b) {
  int64_t ta = sharc_sdy_mesh_num_axes(a) ? sharc_sdy_mesh_total_size(a) : -1;
  int64_t tb = sharc_sdy_mesh_num_axes(b) ? sharc_sdy_mesh_total_size(b) : -1;
  if (ta != tb || sharc_sdy_mesh_num_device_ids(a) != sharc_sdy_mesh_num_device_ids(b))
    return false;
  for (unsigned i = 0; i < sharc_sdy_mesh_num_device_ids(a); i++)
    if (sharc_sdy_mesh_device_id(a, i) != sharc_sdy_mesh_device_id(b, i))
      return false;
  return true;
}

typedef struct cursor {
  unsigned index;
  int64_t pre, remaining;
} cursor;

static void advance(const sharc_attr *mesh, cursor *c, bool first) {
  if (!first)
    c->index++;
  unsigned n = sharc_sdy_mesh_num_axes(mesh);
  while (c->index < n && sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, c->index)) == 1)
    c->index++;
  c->pre = 1;
  if (c->index < n)
    c->remaining = sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, c->index));
}

static void consume(const sharc_attr *mesh, cursor *c, int64_t size) {
  c->remaining /= size;
  if (c->remaining == 1)
    advance(mesh, c, false);
  else
    c->pre *= size;
}

static axis_map *map_entry(axis_map_vec *v, sharc_str name) {
  for (unsigned i = 0; i < v->len; i++)
    if (sharc_str_eq(v->items[i].name, name))
      return &v->items[i];
  sharc_vec_push(v, ((axis_map){name, {0}}));
  return &v->items[v->len - 1];
}

static void free_axis_maps(axis_map_vec *v) {
  for (unsigned i = 0; i < v->len; i++)
    sharc_vec_free(&v->items[i].refs);
  sharc_vec_free(v);
}

/* mapTargetAxesToMainAxes: false when some sizes do not divide. */
static bool map_axes(sharc_context *ctx, const sharc_attr *target, const sharc_attr *main,
                     axis_map_vec *out) {
  cursor m = {0, 1, 1}, t = {0, 1, 1};
  advance(main, &m, true);
  advance(target, &t, true);
  unsigned nm = sharc_sdy_mesh_num_axes(main), nt = sharc_sdy_mesh_num_axes(target);
  while (m.index < nm && t.index < nt) {
    sharc_attr *main_axis = sharc_sdy_mesh_axis(main, m.index);
    sharc_attr *target_axis = sharc_sdy_mesh_axis(target, t.index);
    int64_t small = m.remaining < t.remaining ? m.remaining : t.remaining;
    int64_t large = m.remaining < t.remaining ? t.remaining : m.remaining;
    if (large % small != 0)
      return false;
    sharc_attr *info = sharc_sdy_mesh_axis_size(main_axis) == small
                           ? NULL
                           : sharc_sdy_sub_axis_info_get(ctx, m.pre, small);
    sharc_vec_push(&map_entry(out, sharc_sdy_mesh_axis_name(target_axis))->refs,
                   sharc_sdy_axis_ref_get(ctx, sharc_sdy_mesh_axis_name(main_axis), info));
    consume(main, &m, small);
    consume(target, &t, small);
  }
  return m.index >= nm && t.index >= nt;
}

static const duplicate *find_duplicate(const dedup_state *st, sharc_str name) {
  for (unsigned i = 0; i < st->dups.len; i++)
    if (sharc_str_eq(st->dups.items[i].name, name))
      return &st->dups.items[i];
  return NULL;
}

static const axis_map *find_axis(const duplicate *d, sharc_str name) {
  for (unsigned i = 0; i < d->axes.len; i++)
    if (sharc_str_eq(d->axes.items[i].name, name))
      return &d->axes.items[i];
  return NULL;
}

static int64_t sub_pre(const sharc_attr *ref) {
  sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(ref);
  return info ? sharc_sdy_sub_axis_info_pre_size(info) : 1;
}

/* addOrMergeNewAxisRefAttr: `old`'s (sub-)axes on the main mesh. */
static void add_mapped(sharc_context *ctx, const sharc_attr *old, const duplicate *d,
                       const sharc_attr *main_mesh, sharc_sdy_axis_vec *out) {
  const axis_map *map = find_axis(d, sharc_sdy_axis_ref_name(old));
  if (!map)
    return; /* an axis of size 1 */
  sharc_attr *info = sharc_sdy_axis_ref_sub_axis_info(old);
  if (!info) {
    for (unsigned i = 0; i < map->refs.len; i++)
      sharc_sdy_axes_add_or_merge(ctx, out, map->refs.items[i], main_mesh);
    return;
  }
  int64_t pre = sharc_sdy_sub_axis_info_pre_size(info), size = sharc_sdy_sub_axis_info_size(info);
  for (unsigned i = 0; i < map->refs.len; i++) {
    sharc_attr *ref = map->refs.items[i];
    int64_t ref_size = sharc_sdy_axis_ref_size(ref, main_mesh);
    if (pre >= ref_size) {
      pre /= ref_size;
      continue;
    }
    int64_t usable = ref_size / pre;
    int64_t consumed = size < usable ? size : usable;
    sharc_attr *mapped = consumed == ref_size
                             ? ref
                             : sharc_sdy_axis_make(ctx, sharc_sdy_axis_ref_name(ref),
                                                   pre * sub_pre(ref), consumed, main_mesh);
    sharc_sdy_axes_add_or_merge(ctx, out, mapped, main_mesh);
    pre = 1;
    size /= consumed;
    if (size <= 1)
      break;
  }
}

static void map_list(sharc_context *ctx, sharc_attr *const *axes, unsigned n, const duplicate *d,
                     const sharc_attr *main_mesh, sharc_sdy_axis_vec *out) {
  for (unsigned i = 0; i < n; i++)
    add_mapped(ctx, axes[i], d, main_mesh, out);
}

static sharc_attr *replace_sharding(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                    void *user) {
  (void)site;
  dedup_state *st = user;
  sharc_str mesh_name = sharc_sdy_tensor_sharding_mesh_name(sharding);
  const duplicate *d = mesh_name.len ? find_duplicate(st, mesh_name) : NULL;
  if (!d)
    return sharding;
  sharc_context *ctx = st->ctx;
  const sharc_attr *main_mesh = mesh_of(d->main);
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  sharc_sdy_axis_vec dims = {0}, replicated = {0}, unreduced = {0};
  for (unsigned i = 0; i < parts.num_dims; i++) {
    const sharc_attr *dim = parts.dims[i];
    sharc_sdy_axis_vec old = {0}, mapped = {0};
    for (unsigned j = 0; j < sharc_sdy_dim_sharding_num_axes(dim); j++)
      sharc_vec_push(&old, sharc_sdy_dim_sharding_axis(dim, j));
    map_list(ctx, old.items, old.len, d, main_mesh, &mapped);
    int64_t priority = sharc_sdy_dim_sharding_has_priority(dim) ? sharc_sdy_dim_sharding_priority(dim) : -1;
    sharc_vec_push(&dims, sharc_sdy_dim_sharding_get(ctx, mapped.items, mapped.len,
                                                     sharc_sdy_dim_sharding_is_closed(dim), priority));
    sharc_vec_free(&old);
    sharc_vec_free(&mapped);
  }
  map_list(ctx, parts.replicated, parts.num_replicated, d, main_mesh, &replicated);
  map_list(ctx, parts.unreduced, parts.num_unreduced, d, main_mesh, &unreduced);
  parts.mesh_or_ref = sharc_sdy_mesh_ref(ctx, sharc_op_symbol_name(d->main));
  parts.dims = dims.items;
  parts.replicated = replicated.items;
  parts.num_replicated = replicated.len;
  parts.unreduced = unreduced.items;
  parts.num_unreduced = unreduced.len;
  sharc_attr *out = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_vec_free(&dims);
  sharc_vec_free(&replicated);
  sharc_vec_free(&unreduced);
  return out;
}

static void replace_manual_axes(sharc_op *op, void *user) {
  dedup_state *st = user;
  if (!sharc_op_isa(op, &sharc_sdy_manual_computation_def))
    return;
  sharc_attr *in = sharc_op_attr(op, "in_shardings"), *out = sharc_op_attr(op, "out_shardings");
  SHARC_VEC(sharc_attr *) all = {0};
  for (unsigned i = 0; in && i < sharc_sdy_list_size(in); i++)
    sharc_vec_push(&all, sharc_sdy_list_at(in, i));
  for (unsigned i = 0; out && i < sharc_sdy_list_size(out); i++)
    sharc_vec_push(&all, sharc_sdy_list_at(out, i));
  sharc_attr *mesh_or_ref = all.len ? sharc_sdy_common_mesh_or_ref(all.items, all.len, op, false) : NULL;
  sharc_vec_free(&all);
  if (!mesh_or_ref || sharc_sdy_is_mesh(mesh_or_ref))
    return;
  const duplicate *d = find_duplicate(st, sharc_ident_str(sharc_attr_symbol_root(mesh_or_ref)));
  if (!d)
    return;
  sharc_attr *manual = sharc_op_attr(op, "manual_axes");
  const sharc_attr *main_mesh = mesh_of(d->main);
  sharc_sdy_axis_vec refs = {0};
  for (unsigned i = 0; manual && i < sharc_sdy_list_size(manual); i++) {
    const axis_map *map = find_axis(d, sharc_attr_string_value(sharc_sdy_list_at(manual, i)));
    for (unsigned j = 0; map && j < map->refs.len; j++)
      sharc_sdy_axes_add_or_merge(st->ctx, &refs, map->refs.items[j], main_mesh);
  }
  SHARC_VEC(sharc_str) names = {0};
  for (unsigned i = 0; i < refs.len; i++)
    sharc_vec_push(&names, sharc_sdy_axis_ref_name(refs.items[i]));
  sharc_op_set_attr(op, "manual_axes", sharc_sdy_manual_axes_get(st->ctx, names.items, names.len));
  sharc_vec_free(&names);
  sharc_vec_free(&refs);
}

/* The main mesh for each mesh (by index), chosen as the header says. */
static void choose_mains(const op_vec *meshes, sharc_op **main_of) {
  for (unsigned i = 0; i < meshes->len; i++) {
    sharc_op *mesh = meshes->items[i];
    unsigned first = i;
    for (unsigned j = 0; j < i; j++)
      if (same_devices(mesh_of(meshes->items[j]), mesh_of(mesh))) {
        first = j;
        break;
      }
    if (first == i) {
      main_of[i] = mesh;
      continue;
    }
    sharc_op *main = main_of[first];
    bool fake = has_fake_axis(mesh), main_fake = has_fake_axis(main);
    bool better = (!fake && main_fake) ||
                  (fake == main_fake && non_size_one_axes(mesh) > non_size_one_axes(main));
    if (better)
      for (unsigned j = 0; j <= i; j++)
        if (main_of[j] == main)
          main_of[j] = mesh;
    main_of[i] = better ? mesh : main;
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  op_vec meshes = {0};
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      sharc_vec_push(&meshes, op);
  if (meshes.len < 2) {
    sharc_vec_free(&meshes);
    return true;
  }
  sharc_op **main_of = sharc_xcalloc(meshes.len, sizeof *main_of);
  choose_mains(&meshes, main_of);
  dedup_state st = {.ctx = rw.ctx};
  for (unsigned i = 0; i < meshes.len; i++) {
    if (main_of[i] == meshes.items[i])
      continue;
    duplicate d = {sharc_op_symbol_name(meshes.items[i]), main_of[i], {0}};
    if (map_axes(rw.ctx, mesh_of(meshes.items[i]), mesh_of(main_of[i]), &d.axes))
      sharc_vec_push(&st.dups, d);
    else
      free_axis_maps(&d.axes);
  }
  if (st.dups.len) {
    sharc_sdy_transform_shardings(module, replace_sharding, replace_manual_axes, &st);
    for (unsigned i = 0; i < meshes.len; i++)
      if (find_duplicate(&st, sharc_op_symbol_name(meshes.items[i])))
        sharc_rw_erase_op(&rw, meshes.items[i]);
  }
  for (unsigned i = 0; i < st.dups.len; i++)
    free_axis_maps(&st.dups.items[i].axes);
  sharc_vec_free(&st.dups);
  free(main_of);
  sharc_vec_free(&meshes);
  return true;
}

const sharc_pass_def sharc_pass_xla_sdy_round_trip_dedup_meshes = {
    .flag = "xla-sdy-round-trip-dedup-meshes",
    .display_name = "SdyRoundTripDedupMeshesPass",
    .summary = "Creates the pass that deduplicates any meshes with the same axis sizes (in the "
               "same order) but different names into a single mesh.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

/* Unit tests of the export utilities (transforms/sdy/export/export_utils.h):
 * shard indices, divisible padded types, mesh symbols, reshape groups,
 * sub-axis alignment, sharding updates and the StableHLO mesh conversion. */
#include "check.h"
#include "ir_helpers.h"

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "transforms/sdy/export/export_utils.h"

static sharc_context *ctx;

static sharc_str S(const char *s) { return (sharc_str){s, strlen(s)}; }

static sharc_attr *A(const char *name) { return sharc_sdy_axis_ref_get(ctx, S(name), NULL); }

static sharc_attr *Sub(const char *name, int64_t pre, int64_t size) {
  return sharc_sdy_axis_ref_get(ctx, S(name), sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

static sharc_attr *mesh2(const char *a, int64_t sa, const char *b, int64_t sb, const int64_t *ids,
                         unsigned n_ids) {
  sharc_attr *axes[2] = {sharc_sdy_mesh_axis_get(ctx, S(a), sa),
                         sharc_sdy_mesh_axis_get(ctx, S(b), sb)};
  return sharc_sdy_mesh_get(ctx, axes, 2, ids, n_ids);
}

/* `[{x}, {y}]` closed on @mesh, or with the given axes per dimension. */
static sharc_attr *sharding(sharc_attr *mesh_or_ref, sharc_attr *d0, sharc_attr *d1) {
  sharc_attr *dims[2] = {sharc_sdy_dim_sharding_get(ctx, &d0, d0 ? 1 : 0, true, -1),
                         sharc_sdy_dim_sharding_get(ctx, &d1, d1 ? 1 : 0, true, -1)};
  sharc_sdy_tensor_sharding_parts parts = {.mesh_or_ref = mesh_or_ref, .dims = dims, .num_dims = 2};
  return sharc_sdy_tensor_sharding_get(ctx, &parts);
}

static sharc_attr *ref(const char *name) {
  return sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, S(name)), NULL, 0);
}

static sharc_type *f32_tensor(int64_t d0, int64_t d1) {
  int64_t shape[2] = {d0, d1};
  return sharc_type_tensor(ctx, shape, 2, sharc_type_float(ctx, SHARC_F32), NULL);
}

static void check_axes(const sharc_sdy_axis_vec *v, const char *want) {
  sharc_buf b = {0};
  sharc_buf_puts(&b, "");
  for (unsigned i = 0; i < v->len; i++) {
    if (i)
      SHARC_BUF_LIT(&b, ", ");
    sharc_sdy_axis_ref_to_string(v->items[i], &b);
  }
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static void check_attr(const sharc_attr *a, const char *want) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

/* ---- shard indices ------------------------------------------------------------ */

static void test_shard_index(void) {
  /* devices 0..7 of <a=4, b=2>: b = id % 2, a's low half (id / 2) % 2, its
   * high half id / 4; the axes {a:(2)2, b, a:(1)2} count 4 a_low + 2 b + a_high */
  sharc_attr *mesh = mesh2("a", 4, "b", 2, NULL, 0);
  sharc_attr *axes[3] = {Sub("a", 2, 2), A("b"), Sub("a", 1, 2)};
  static const int64_t want[8] = {0, 2, 4, 6, 1, 3, 5, 7};
  for (int64_t id = 0; id < 8; id++)
    CHECK(sharc_sdy_shard_index(id, mesh, axes, 3) == want[id]);
  CHECK(sharc_sdy_shard_index(8, mesh, axes, 3) == -1);
  CHECK(sharc_sdy_shard_index(-1, mesh, axes, 3) == -1);
  /* explicit device ids: the position in the list is the logical id */
  static const int64_t ids[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  sharc_attr *reversed = mesh2("a", 4, "b", 2, ids, 8);
  sharc_attr *a = A("a");
  for (int64_t id = 0; id < 8; id++)
    CHECK(sharc_sdy_shard_index(id, reversed, &a, 1) == (7 - id) / 2);
  CHECK(sharc_sdy_shard_index(9, reversed, &a, 1) == -1);
  CHECK(sharc_sdy_shard_index(5, mesh, NULL, 0) == 0);
}

/* ---- padded types -------------------------------------------------------------- */

static void test_divisible_padded_type(sharc_op *module) {
  sharc_attr *xy = sharding(ref("mesh"), A("x"), A("y"));
  sharc_type *even = f32_tensor(8, 16);
  CHECK(sharc_sdy_divisible_padded_type(even, xy, module, NULL, 0) == even);
  CHECK(sharc_sdy_divisible_padded_type(f32_tensor(7, 15), xy, module, NULL, 0) ==
        f32_tensor(8, 16));
  sharc_str only_x = S("x");
  CHECK(sharc_sdy_divisible_padded_type(f32_tensor(7, 15), xy, module, &only_x, 1) ==
        f32_tensor(8, 15));
  sharc_type *odd = f32_tensor(7, 15);
  CHECK(sharc_sdy_divisible_padded_type(odd, sharding(ref("mesh"), NULL, NULL), module, NULL, 0) ==
        odd);
  CHECK(sharc_sdy_divisible_padded_type(f32_tensor(SHARC_DYNAMIC, 15), xy, module, NULL, 0) ==
        f32_tensor(SHARC_DYNAMIC, 16));
  CHECK(sharc_sdy_divisible_padded_type(odd, sharding(ref("unknown_mesh"), A("x"), A("y")), module,
                                        NULL, 0) == odd);
  CHECK(sharc_sdy_divisible_padded_type(odd, NULL, module, NULL, 0) == odd);
  sharc_type *f32 = sharc_type_float(ctx, SHARC_F32);
  CHECK(sharc_sdy_divisible_padded_type(f32, xy, module, NULL, 0) == f32);
}

/* ---- meshes ----------------------------------------------------------------------- */

static void test_mesh_symbols(sharc_op *module) {
  sharc_rewriter rw;
  sharc_rewriter_init(&rw, ctx, NULL);
  sharc_attr *loc = sharc_loc_unknown(ctx);
  sharc_attr *mesh_ref = ref("mesh");
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, mesh_ref, loc) == mesh_ref);
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, NULL, loc) == NULL);
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, sharc_attr_unit(ctx), loc) == NULL);
  /* the global mesh, by value */
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, mesh2("x", 2, "y", 4, NULL, 0), loc) ==
        mesh_ref);
  /* a maximal mesh equal to an existing one */
  int64_t zero = 0;
  sharc_attr *maximal = sharc_sdy_mesh_get(ctx, NULL, 0, &zero, 1);
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, maximal, loc) == ref("maximal"));
  /* a new mesh goes first in the module, named "mesh" made unique */
  sharc_attr *z = sharc_sdy_mesh_axis_get(ctx, S("z"), 8);
  sharc_attr *mesh_z = sharc_sdy_mesh_get(ctx, &z, 1, NULL, 0);
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, mesh_z, loc) == ref("mesh_0"));
  sharc_op *first = sharc_block_first_op(sharc_region_first_block(sharc_op_region(module, 0)));
  CHECK(sharc_op_isa(first, &sharc_sdy_mesh_op_def) && sharc_op_attr(first, "mesh") == mesh_z);
  CHECK(sharc_sdy_get_or_create_mesh_symbol(&rw, module, mesh_z, loc) == ref("mesh_0"));
  /* the first mesh with axes that is not maximal */
  CHECK(sharc_sdy_global_mesh_op(module) == first);
}

static void test_stablehlo_mesh(void) {
  static const int64_t ids[2] = {1, 0};
  sharc_attr *x = sharc_sdy_mesh_axis_get(ctx, S("x"), 2);
  check_attr(sharc_sdy_to_stablehlo_mesh(ctx, sharc_sdy_mesh_get(ctx, &x, 1, ids, 2)),
             "#stablehlo.mesh<axes=[<name = \"x\", size = 2>], device_ids=dense<[1, 0]> : "
             "tensor<2xi64>>");
  check_attr(sharc_sdy_to_stablehlo_axis_ref(ctx, Sub("x", 1, 2)),
             "#stablehlo.axis_ref<name = \"x\", sub_axis_info = (1)2>");
  check_attr(sharc_sdy_to_stablehlo_axis_ref(ctx, A("y")), "#stablehlo.axis_ref<name = \"y\">");
}

/* ---- reshape groups ---------------------------------------------------------------- */

static void test_reshape_groups(void) {
  int64_t in_shape[3] = {3, 16, 7}, out_shape[4] = {3, 4, 4, 7};
  sharc_type *f32 = sharc_type_float(ctx, SHARC_F32);
  sharc_type *in = sharc_type_tensor(ctx, in_shape, 3, f32, NULL);
  sharc_type *out = sharc_type_tensor(ctx, out_shape, 4, f32, NULL);
  sharc_sdy_reshape_groups groups = {0};
  sharc_sdy_build_reshape_groups(in, out, &groups);
  CHECK(groups.len == 3);
  if (groups.len != 3)
    return;
  sharc_sdy_reshape_group *g = groups.items;
  CHECK(g[0].in_start == 0 && g[0].in_last == 1 && g[0].out_start == 0 && g[0].out_last == 1);
  CHECK(sharc_sdy_reshape_group_is_passthrough(&g[0]));
  CHECK(g[1].in_start == 1 && g[1].in_last == 2 && g[1].out_start == 1 && g[1].out_last == 3);
  CHECK(sharc_sdy_reshape_group_is_split(&g[1]) && !sharc_sdy_reshape_group_is_passthrough(&g[1]));
  CHECK(g[2].in_start == 2 && g[2].in_last == 3 && g[2].out_start == 3 && g[2].out_last == 4);
  CHECK(sharc_sdy_reshape_group_in_volume(&g[1], in_shape) == 16);
  CHECK(sharc_sdy_reshape_group_out_volume(&g[1], out_shape) == 16);
  int64_t padded_out[4] = {3, 4, 4, 8};
  CHECK(!sharc_sdy_reshape_group_padded_indivisible(&g[1], in_shape, out_shape, in, out));
  CHECK(sharc_sdy_reshape_group_padded_indivisible(&g[2], in_shape, padded_out, in, out));
  sharc_vec_free(&groups);
}

/* ---- aligning sub-axes, updating shardings ------------------------------------------ */

static void test_align_sub_axes(void) {
  sharc_attr *mesh = mesh2("x", 8, "y", 2, NULL, 0);
  /* x against x:(2)2: prefix, overlap and suffix */
  sharc_sdy_axis_vec axes = {0};
  sharc_vec_push(&axes, A("x"));
  sharc_vec_push(&axes, A("y"));
  sharc_attr *others[1] = {Sub("x", 2, 2)};
  sharc_sdy_align_sub_axes(ctx, &axes, others, 1, mesh);
  check_axes(&axes, "\"x\":(1)2, \"x\":(2)2, \"x\":(4)2, \"y\"");
  /* x:(1)4 against x:(2)4: the suffix x:(2)2 is the overlap of the next */
  sharc_vec_clear(&axes);
  sharc_vec_push(&axes, Sub("x", 1, 4));
  sharc_attr *in_out[2][1] = {{Sub("x", 2, 4)}, {Sub("x", 1, 4)}};
  sharc_sdy_axis_vec other = {0};
  sharc_vec_push(&other, in_out[0][0]);
  sharc_sdy_align_sub_axes_in_out(ctx, &axes, 1, &other, 1, mesh);
  check_axes(&axes, "\"x\":(1)2, \"x\":(2)2");
  check_axes(&other, "\"x\":(2)2, \"x\":(4)2");
  /* contained axes stay whole */
  sharc_vec_clear(&axes);
  sharc_vec_push(&axes, Sub("x", 2, 2));
  sharc_attr *whole = A("x");
  sharc_sdy_align_sub_axes(ctx, &axes, &whole, 1, mesh);
  check_axes(&axes, "\"x\":(2)2");
  sharc_vec_free(&axes);
  sharc_vec_free(&other);
}

static void test_update_sharding(void) {
  sharc_attr *a = A("a"), *b = A("b");
  sharc_attr *dims[2] = {sharc_sdy_dim_sharding_get(ctx, &a, 1, false, 2),
                         sharc_sdy_dim_sharding_get(ctx, NULL, 0, true, -1)};
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = ref("m"), .dims = dims, .num_dims = 2, .replicated = &b, .num_replicated = 1};
  sharc_attr *s = sharc_sdy_tensor_sharding_get(ctx, &parts);
  sharc_sdy_axis_vec per_dim[2] = {{0}, {0}};
  sharc_sdy_axes_per_dim(s, per_dim);
  check_axes(&per_dim[0], "\"a\"");
  check_axes(&per_dim[1], "");
  sharc_vec_clear(&per_dim[0]);
  sharc_vec_push(&per_dim[1], Sub("c", 1, 2));
  check_attr(sharc_sdy_update_sharding(ctx, s, per_dim),
             "#sdy.sharding<@m, [{?}p2, {\"c\":(1)2}], replicated={\"b\"}>");
  sharc_sdy_axes_per_dim_free(per_dim, 2);
}

int main(void) {
  ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  CHECK(sharc_context_load_dialect(ctx, "stablehlo"));
  sharc_op *module = parse_text(ctx, "sdy.mesh @maximal = <[], device_ids=[0]>\n"
                                     "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n");
  CHECK(module != NULL);
  test_shard_index();
  test_stablehlo_mesh();
  test_reshape_groups();
  test_align_sub_axes();
  test_update_sharding();
  if (module) {
    test_divisible_padded_type(module);
    test_mesh_symbols(module);
    sharc_op_erase(module);
  }
  sharc_context_destroy(ctx);
  return check_summary("export utils");
}

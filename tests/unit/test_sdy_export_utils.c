/* Unit tests of the export helpers (transforms/sdy/export/export_utils.h):
 * shard indices of devices (interleaved sub-axes, explicit device ids),
 * reshape groups, and the alignment of sub-axes between two axis lists. */
#include "check.h"

#include "sharc/ir.h"
#include "transforms/sdy/export/export_utils.h"

#include <stdlib.h>

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

static void check_vec(const sharc_sdy_axis_vec *v, const char *want) {
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

/* Shardy's GetShardIndexInterleavedSubAxes: with a = 2 * a_high + a_low,
 * the axes [a_low, b, a_high] number device id as 4 a_low + 2 b + a_high. */
static void test_shard_index_interleaved(void) {
  sharc_attr *mesh = mesh2("a", 4, "b", 2, NULL, 0);
  sharc_attr *axes[3] = {Sub("a", 2, 2), A("b"), Sub("a", 1, 2)};
  static const int64_t want[8] = {0, 2, 4, 6, 1, 3, 5, 7};
  for (int64_t id = 0; id < 8; id++)
    CHECK(sharc_sdy_get_shard_index(id, mesh, axes, 3) == want[id]);
  CHECK(sharc_sdy_get_shard_index(8, mesh, axes, 3) == -1);
}

/* Shardy's GetShardIndexWithExplicitDeviceIds: reversed ids. */
static void test_shard_index_device_ids(void) {
  static const int64_t ids[8] = {7, 6, 5, 4, 3, 2, 1, 0};
  sharc_attr *mesh = mesh2("a", 4, "b", 2, ids, 8);
  sharc_attr *a = A("a");
  static const int64_t want[8] = {3, 3, 2, 2, 1, 1, 0, 0};
  for (int64_t id = 0; id < 8; id++)
    CHECK(sharc_sdy_get_shard_index(id, mesh, &a, 1) == want[id]);
}

/* Shardy's BuildReshapeGroupInfos: 3x16x7 -> 3x4x4x7. */
static void test_reshape_groups(void) {
  sharc_type *f32 = sharc_type_float(ctx, SHARC_F32);
  int64_t in_shape[3] = {3, 16, 7}, out_shape[4] = {3, 4, 4, 7};
  sharc_type *in = sharc_type_tensor(ctx, in_shape, 3, f32, NULL);
  sharc_type *out = sharc_type_tensor(ctx, out_shape, 4, f32, NULL);
  sharc_sdy_reshape_group_info_vec groups = {0};
  sharc_sdy_build_reshape_group_infos(in, out, &groups);
  CHECK(groups.len == 3);
  if (groups.len == 3) {
    const sharc_sdy_reshape_group_info *g = groups.items;
    CHECK(g[0].in_start_dim == 0 && g[0].in_last_dim == 1 && g[0].out_start_dim == 0 &&
          g[0].out_last_dim == 1);
    CHECK(sharc_sdy_reshape_group_info_is_passthrough(&g[0]));
    CHECK(g[1].in_start_dim == 1 && g[1].in_last_dim == 2 && g[1].out_start_dim == 1 &&
          g[1].out_last_dim == 3);
    CHECK(sharc_sdy_reshape_group_info_is_split(&g[1]) &&
          !sharc_sdy_reshape_group_info_is_passthrough(&g[1]));
    CHECK(g[2].in_start_dim == 2 && g[2].in_last_dim == 3 && g[2].out_start_dim == 3 &&
          g[2].out_last_dim == 4);
    CHECK(sharc_sdy_reshape_group_info_is_passthrough(&g[2]));
    int64_t padded[4] = {3, 4, 4, 7};
    CHECK(sharc_sdy_reshape_group_info_get_in_volume(&g[1], in_shape) == 16);
    CHECK(sharc_sdy_reshape_group_info_get_out_volume(&g[1], padded) == 16);
  }
  sharc_vec_free(&groups);
}

/* A full axis cut by a sub-axis of the other side becomes its pieces; an
 * axis that only contains the other side's stays whole, and so does one
 * that overlaps nothing. */
static void test_align(void) {
  sharc_attr *mesh = mesh2("x", 8, "y", 4, NULL, 0);
  sharc_sdy_axis_vec in[2] = {{0}, {0}}, out[2] = {{0}, {0}};
  sharc_vec_push(&in[0], A("x"));
  sharc_vec_push(&in[1], A("y"));
  sharc_vec_push(&out[0], Sub("x", 2, 2));
  sharc_vec_push(&out[1], Sub("y", 1, 2));
  sharc_vec_push(&out[1], Sub("y", 2, 2));
  sharc_sdy_align_sub_axes_by_decomposition_in_out(ctx, in, out, 2, mesh);
  check_vec(&in[0], "\"x\":(1)2, \"x\":(2)2, \"x\":(4)2");
  check_vec(&in[1], "\"y\":(1)2, \"y\":(2)2");
  check_vec(&out[0], "\"x\":(2)2");
  check_vec(&out[1], "\"y\":(1)2, \"y\":(2)2");
  /* a sub-axis cut by two others */
  sharc_sdy_axis_vec axes = {0};
  sharc_vec_push(&axes, Sub("x", 1, 8));
  sharc_attr *ordered[2] = {Sub("x", 1, 2), Sub("x", 4, 2)};
  sharc_sdy_align_sub_axes_by_decomposition(ctx, &axes, ordered, 2,
                                            mesh2("x", 16, "y", 4, NULL, 0));
  check_vec(&axes, "\"x\":(1)2, \"x\":(2)2, \"x\":(4)2");
  for (int d = 0; d < 2; d++) {
    sharc_vec_free(&in[d]);
    sharc_vec_free(&out[d]);
  }
  sharc_vec_free(&axes);
}

int main(void) {
  ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  test_shard_index_interleaved();
  test_shard_index_device_ids();
  test_reshape_groups();
  test_align();
  sharc_context_destroy(ctx);
  return check_summary("sdy export utils");
}

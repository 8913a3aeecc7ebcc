/* Unit tests of the mpmd C API: building, uniquing, reading and printing
 * mesh tensors, topologies, origins and reductions, and reading them back
 * from text. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/mpmd.h"

#include <stdlib.h>

static sharc_str str(const char *s) { return sharc_str_from_cstr(s); }

static void check_type_text(const sharc_type *t, const char *want) {
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static void check_attr_text(const sharc_attr *a, const char *want) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static sharc_context *mpmd_context(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "mpmd");
  return ctx;
}

static void test_mesh_tensor(void) {
  sharc_context *ctx = mpmd_context();
  int64_t shape[2] = {4, 8};
  sharc_type *tensor = sharc_type_tensor(ctx, shape, 2, sharc_type_float(ctx, SHARC_F32), NULL);
  sharc_type *t = sharc_mpmd_mesh_tensor(ctx, str("m1"), tensor, NULL, NULL);
  CHECK(sharc_mpmd_is_mesh_tensor(t));
  CHECK(!sharc_mpmd_is_mesh_tensor(tensor));
  CHECK(t == sharc_mpmd_mesh_tensor(ctx, str("m1"), tensor, NULL, NULL));
  CHECK(t != sharc_mpmd_mesh_tensor(ctx, str("m2"), tensor, NULL, NULL));
  CHECK(sharc_str_eq_cstr(sharc_mpmd_mesh_tensor_mesh_name(t), "m1"));
  CHECK(sharc_mpmd_mesh_tensor_global_type(t) == tensor);
  CHECK(!sharc_mpmd_mesh_tensor_sharding(t) && !sharc_mpmd_mesh_tensor_memory_kind(t));
  CHECK(sharc_mpmd_mesh_tensor_is_fully_replicated(t));
  check_type_text(t, "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>>");

  sharc_attr *host = sharc_attr_string(ctx, str("pinned_host"));
  sharc_type *on_host = sharc_mpmd_mesh_tensor(ctx, str("m1"), tensor, NULL, host);
  CHECK(on_host != t && sharc_mpmd_mesh_tensor_memory_kind(on_host) == host);
  check_type_text(on_host, "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, memory_kind=\"pinned_host\">");

  const char *text = "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, memory_kind=\"pinned_host\">";
  CHECK(sharc_parse_type_text(ctx, str(text)) == on_host);
  sharc_context_destroy(ctx);
}

static void test_topology(void) {
  sharc_context *ctx = mpmd_context();
  const char *text = "#mpmd.topology<<\"m1\" : <[\"x\"=2]>>, <\"m2\" : <[\"y\"=4, \"z\"=2]>>>";
  sharc_attr *topo = sharc_parse_attr_text(ctx, str(text));
  CHECK(topo && sharc_mpmd_is_topology(topo));
  if (!topo) {
    sharc_context_destroy(ctx);
    return;
  }
  CHECK(sharc_mpmd_topology_num_meshes(topo) == 2);
  sharc_attr *second = sharc_mpmd_topology_mesh_at(topo, 1);
  CHECK(sharc_str_eq_cstr(sharc_mpmd_named_mesh_name(second), "m2"));
  CHECK(sharc_mpmd_topology_lookup(topo, str("m2")) == sharc_mpmd_named_mesh_mesh(second));
  CHECK(sharc_mpmd_topology_lookup(topo, str("m3")) == NULL);
  check_attr_text(topo, text);

  sharc_attr *meshes[2] = {sharc_mpmd_topology_mesh_at(topo, 0), second};
  CHECK(sharc_mpmd_topology(ctx, meshes, 2) == topo);
  CHECK(sharc_mpmd_topology(ctx, meshes, 1) != topo);
  CHECK(sharc_mpmd_named_mesh(ctx, str("m2"), sharc_mpmd_named_mesh_mesh(second)) == second);
  sharc_context_destroy(ctx);
}

static void test_origins(void) {
  sharc_context *ctx = mpmd_context();
  sharc_attr *f1 = sharc_mpmd_user_origin(ctx, str("f"), 1);
  CHECK(sharc_mpmd_is_user_origin(f1) && f1 == sharc_mpmd_user_origin(ctx, str("f"), 1));
  CHECK(sharc_str_eq_cstr(sharc_mpmd_user_origin_name(f1), "f"));
  CHECK(sharc_mpmd_user_origin_transpose_count(f1) == 1);
  check_attr_text(f1, "#mpmd.user_origin<\"f\"(1)>");
  check_attr_text(sharc_mpmd_user_origin(ctx, str("g"), 0), "#mpmd.user_origin<\"g\">");

  sharc_attr *origins[2] = {sharc_mpmd_origin(ctx, str("o1")), sharc_mpmd_origin(ctx, str("o2"))};
  CHECK(sharc_str_eq_cstr(sharc_mpmd_origin_label(origins[1]), "o2"));
  sharc_attr *m3 = sharc_mpmd_mesh_with_origins(ctx, str("m3"), origins, 2);
  CHECK(sharc_mpmd_mesh_with_origins_count(m3) == 2);
  CHECK(sharc_mpmd_mesh_with_origins_at(m3, 0) == origins[0]);
  CHECK(sharc_str_eq_cstr(sharc_mpmd_mesh_with_origins_name(m3), "m3"));
  sharc_attr *plain = sharc_mpmd_mesh_with_origins(ctx, str("m1"), NULL, 0);
  sharc_attr *set[2] = {m3, plain};
  sharc_attr *both = sharc_mpmd_meshes_with_origins(ctx, set, 2);
  CHECK(sharc_mpmd_meshes_with_origins_count(both) == 2);
  CHECK(sharc_mpmd_meshes_with_origins_at(both, 1) == plain);
  const char *text = "#mpmd.meshes_with_origins<\"m3\"[\"o1\", \"o2\"], \"m1\">";
  check_attr_text(both, text);
  CHECK(sharc_parse_attr_text(ctx, str(text)) == both);
  check_attr_text(sharc_mpmd_meshes_with_origins(ctx, NULL, 0), "#mpmd.meshes_with_origins<>");
  sharc_context_destroy(ctx);
}

static void test_reduction(void) {
  sharc_context *ctx = mpmd_context();
  sharc_attr *add = sharc_mpmd_reduction(ctx, SHARC_MPMD_REDUCE_ADD);
  CHECK(sharc_mpmd_is_reduction(add) && sharc_mpmd_reduction_get(add) == SHARC_MPMD_REDUCE_ADD);
  CHECK(add == sharc_mpmd_reduction(ctx, SHARC_MPMD_REDUCE_ADD));
  CHECK(add != sharc_mpmd_reduction(ctx, SHARC_MPMD_REDUCE_MUL));
  CHECK_STR(sharc_mpmd_reduction_name(SHARC_MPMD_REDUCE_AND), "and");
  check_attr_text(add, "#mpmd.reduction<add>");
  CHECK(sharc_parse_attr_text(ctx, str("#mpmd.reduction<max>")) ==
        sharc_mpmd_reduction(ctx, SHARC_MPMD_REDUCE_MAX));
  sharc_context_destroy(ctx);
}

int main(void) {
  test_mesh_tensor();
  test_topology();
  test_origins();
  test_reduction();
  return check_summary("mpmd");
}

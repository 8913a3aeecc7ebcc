/* The mpmd helpers the sharding propagation passes share, checked on their
 * own: mesh equivalence up to axes of size 1 (which decides whether reshards
 * are extracted at all), host memory, and the shard sizes that pick the side
 * a reshard moves to. */
#include "check.h"
#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/mpmd.h"

#include <string.h>

#include "dialect/mpmd/utils.h"

static sharc_context *ctx;

static sharc_attr *attr(const char *text) {
  sharc_attr *a = sharc_parse_attr_text(ctx, (sharc_str){text, strlen(text)});
  CHECK(a != NULL);
  return a;
}

static sharc_type *type(const char *text) {
  sharc_type *t = sharc_parse_type_text(ctx, (sharc_str){text, strlen(text)});
  CHECK(t != NULL);
  return t;
}

static bool equivalent(const char *a, const char *b) {
  return sharc_mpmd_is_equivalent_mesh(attr(a), attr(b));
}

static void test_equivalent_mesh(void) {
  CHECK(equivalent("#sdy.mesh<[\"x\"=2, \"y\"=4]>", "#sdy.mesh<[\"x\"=2, \"y\"=4]>"));
  /* axes of size 1 are skipped on either side, anywhere */
  CHECK(equivalent("#sdy.mesh<[\"a\"=1, \"x\"=2, \"b\"=1]>", "#sdy.mesh<[\"x\"=2]>"));
  CHECK(equivalent("#sdy.mesh<[\"x\"=2]>", "#sdy.mesh<[\"x\"=2, \"z\"=1, \"w\"=1]>"));
  CHECK(equivalent("#sdy.mesh<[]>", "#sdy.mesh<[\"z\"=1]>"));
  /* names, sizes and order count */
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2]>", "#sdy.mesh<[\"y\"=2]>"));
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2]>", "#sdy.mesh<[\"x\"=4]>"));
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2, \"y\"=2]>", "#sdy.mesh<[\"y\"=2, \"x\"=2]>"));
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2, \"y\"=2]>", "#sdy.mesh<[\"x\"=2]>"));
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2]>", "#sdy.mesh<[\"x\"=2, \"y\"=2]>"));
  /* device ids must match */
  CHECK(!equivalent("#sdy.mesh<[], device_ids=[0]>", "#sdy.mesh<[], device_ids=[1]>"));
  CHECK(equivalent("#sdy.mesh<[], device_ids=[3]>", "#sdy.mesh<[], device_ids=[3]>"));
  CHECK(!equivalent("#sdy.mesh<[\"x\"=2], device_ids=[1, 0]>", "#sdy.mesh<[\"x\"=2]>"));
}

static void test_on_host(void) {
  CHECK(sharc_mpmd_is_on_host(
      type("!mpmd.mesh_tensor<\"m\", tensor<4xf32>, memory_kind=\"pinned_host\">")));
  CHECK(!sharc_mpmd_is_on_host(
      type("!mpmd.mesh_tensor<\"m\", tensor<4xf32>, memory_kind=\"device\">")));
  CHECK(!sharc_mpmd_is_on_host(type("!mpmd.mesh_tensor<\"m\", tensor<4xf32>>")));
  CHECK(!sharc_mpmd_is_on_host(type("tensor<4xf32>")));
}

static int64_t local(const char *t, const char *sharding, const char *mesh) {
  return sharc_mpmd_local_num_elements(type(t), sharding ? attr(sharding) : NULL, attr(mesh));
}

static void test_local_num_elements(void) {
  const char *t = "!mpmd.mesh_tensor<\"m\", tensor<6x8xf32>>";
  const char *mesh = "#sdy.mesh<[\"x\"=4, \"y\"=2]>";
  CHECK(local(t, NULL, mesh) == 48);
  CHECK(local(t, "#sdy.sharding<@mesh, [{}, {\"x\"}]>", mesh) == 12);
  /* 6 split 4 ways: shards of 2 (padded), as getLocalTensorType */
  CHECK(local(t, "#sdy.sharding<@mesh, [{\"x\"}, {}]>", mesh) == 16);
  CHECK(local(t, "#sdy.sharding<@mesh, [{\"y\"}, {\"x\"}]>", mesh) == 6);
  CHECK(local(t, "#sdy.sharding<@mesh, [{}, {\"x\", \"y\"}]>", mesh) == 6);
  CHECK(local(t, "#sdy.sharding<@mesh, [{\"x\":(1)2}, {}]>", mesh) == 24);
  /* sizes come from the given mesh, not the sharding's; an axis it lacks
   * splits nothing */
  CHECK(local(t, "#sdy.sharding<@mesh, [{}, {\"x\"}]>", "#sdy.mesh<[\"x\"=2]>") == 24);
  CHECK(local(t, "#sdy.sharding<@mesh, [{}, {\"z\"}]>", mesh) == 48);
}

int main(void) {
  ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_load_dialect(ctx, "mpmd");
  test_equivalent_mesh();
  test_on_host();
  test_local_num_elements();
  sharc_context_destroy(ctx);
  return check_summary("test_mpmd_sharding_propagation");
}

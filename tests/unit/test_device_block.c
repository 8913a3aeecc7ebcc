/* Unit tests of "device d's block of a sharded tensor"
 * (dialect/sdy/device_block.h): sub-axes major to minor, several axes on a
 * dimension, explicit device ids, padding of non-divisible dimensions, and
 * the example (8xf32 sharded "x" reshaped to 2x4: device 1 holds
 * [0:1, 2:4]). */
#include "check.h"

#include "dialect/sdy/device_block.h"
#include "sharc/asm.h"
#include "sharc/ir.h"

#include <stdlib.h>

static sharc_context *ctx;

static sharc_attr *parse(const char *text) {
  return sharc_parse_attr_text(ctx, (sharc_str){text, strlen(text)});
}

/* The block of device `pos` as "[a:b, c:d]". */
static const char *block(const char *sharding, const char *mesh, int64_t pos,
                         const int64_t *shape, unsigned rank) {
  static char text[128];
  int64_t off[8], size[8], local[8];
  sharc_attr *s = sharding ? parse(sharding) : NULL;
  sharc_attr *m = parse(mesh);
  if (!sharc_sdy_device_block(s, m, pos, shape, rank, off, size, local))
    return "(error)";
  size_t n = 0;
  n += (size_t)snprintf(text + n, sizeof text - n, "[");
  for (unsigned d = 0; d < rank; d++)
    n += (size_t)snprintf(text + n, sizeof text - n, "%s%lld:%lld", d ? ", " : "",
                          (long long)off[d], (long long)(off[d] + size[d]));
  snprintf(text + n, sizeof text - n, "]");
  return text;
}

static void test_sub_axes_major_to_minor(void) {
  const char *mesh = "#sdy.mesh<[\"x\"=4]>";
  int64_t shape[2] = {2, 4};
  const char *s = "#sdy.sharding<mesh<[\"x\"=4]>, [{\"x\":(1)2}, {\"x\":(2)2}]>";
  /* 8xf32 sharded over x, reshaped to 2x4: device d holds elements 2d..2d+1 */
  CHECK_STR(block(s, mesh, 0, shape, 2), "[0:1, 0:2]");
  CHECK_STR(block(s, mesh, 1, shape, 2), "[0:1, 2:4]");
  CHECK_STR(block(s, mesh, 2, shape, 2), "[1:2, 0:2]");
  CHECK_STR(block(s, mesh, 3, shape, 2), "[1:2, 2:4]");
  /* on x=8: (1)2 is x / 4, (2)2 is (x / 2) mod 2, (4)2 is x mod 2 */
  const char *m8 = "#sdy.mesh<[\"x\"=8]>";
  int64_t n[1] = {4};
  const char *major = "#sdy.sharding<mesh<[\"x\"=8]>, [{\"x\":(1)2}]>";
  const char *middle = "#sdy.sharding<mesh<[\"x\"=8]>, [{\"x\":(2)2}]>";
  const char *minor = "#sdy.sharding<mesh<[\"x\"=8]>, [{\"x\":(4)2}]>";
  CHECK_STR(block(major, m8, 5, n, 1), "[2:4]");
  CHECK_STR(block(middle, m8, 5, n, 1), "[0:2]");
  CHECK_STR(block(minor, m8, 5, n, 1), "[2:4]");
  CHECK_STR(block(major, m8, 3, n, 1), "[0:2]");
  CHECK_STR(block(middle, m8, 3, n, 1), "[2:4]");
}

static void test_several_axes_and_ids(void) {
  const char *mesh = "#sdy.mesh<[\"a\"=2, \"b\"=3], device_ids=[5, 4, 3, 2, 1, 0]>";
  const char *s = "#sdy.sharding<mesh<[\"a\"=2, \"b\"=3]>, [{\"b\", \"a\"}]>";
  int64_t shape[1] = {12};
  /* position 4 is a=1, b=1: block 1 * 2 + 1 = 3 of 6 */
  CHECK_STR(block(s, mesh, 4, shape, 1), "[6:8]");
  sharc_attr *m = parse(mesh);
  CHECK(sharc_sdy_mesh_device_at(m, 4) == 1);
  CHECK(sharc_sdy_mesh_position_of(m, 1) == 4);
  CHECK(sharc_sdy_mesh_position_of(m, 6) == -1);
  sharc_attr *plain = parse("#sdy.mesh<[\"a\"=2, \"b\"=3]>");
  CHECK(sharc_sdy_mesh_position_of(plain, 5) == 5);
  CHECK(sharc_sdy_mesh_position_of(plain, 6) == -1);
}

static void test_padding_and_replication(void) {
  const char *mesh = "#sdy.mesh<[\"x\"=4]>";
  const char *s = "#sdy.sharding<mesh<[\"x\"=4]>, [{\"x\"}, {}]>";
  int64_t shape[2] = {6, 3};
  /* 6 rows over 4: blocks of 2, the last one empty */
  CHECK_STR(block(s, mesh, 0, shape, 2), "[0:2, 0:3]");
  CHECK_STR(block(s, mesh, 2, shape, 2), "[4:6, 0:3]");
  CHECK_STR(block(s, mesh, 3, shape, 2), "[6:6, 0:3]");
  int64_t off[2], size[2], local[2];
  sharc_sdy_device_block(parse(s), parse(mesh), 3, shape, 2, off, size, local);
  CHECK(local[0] == 2 && local[1] == 3);
  CHECK_STR(block(NULL, mesh, 2, shape, 2), "[0:6, 0:3]");
  /* an axis the mesh lacks is an error, not a crash */
  CHECK_STR(block("#sdy.sharding<mesh<[\"y\"=4]>, [{\"y\"}, {}]>", mesh, 0, shape, 2),
            "(error)");
}

int main(void) {
  ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  test_sub_axes_major_to_minor();
  test_several_axes_and_ids();
  test_padding_and_replication();
  sharc_context_destroy(ctx);
  return check_summary("device_block");
}

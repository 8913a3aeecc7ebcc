/* Unit tests of the mpmd C API: building, uniquing, reading and printing
 * mesh tensors, topologies, origins and reductions, and reading them back
 * from text. */
#include "check.h"

#include "dialect/sdy/sdy_interfaces.h"
#include "sharc/asm.h"
#include "sharc/mpmd.h"
#include "sharc/verify.h"

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
  sharc_context_load_dialect(ctx, "sdy");
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
  check_type_text(on_host,
                  "!mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>, memory_kind=\"pinned_host\">");

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

static const char interfaces_src[] =
    "!m = !mpmd.mesh_tensor<\"m1\", tensor<4x8xf32>>\n"
    "!n = !mpmd.mesh_tensor<\"m2\", tensor<4x8xf32>>\n"
    "func.func @main(%arg0: !m, %arg1: !m) -> (!m, !n)\n"
    "    attributes {topology = #mpmd.topology<<\"m1\" : <[\"x\"=2]>>, <\"m2\" : <[\"x\"=2]>>>} {\n"
    "  %0:2 = mpmd.fragment<mesh=\"m1\", origin=[]> (%arg0, %arg1) (%a: tensor<4x8xf32>, %b: "
    "tensor<4x8xf32>) {\n"
    "    mpmd.return %b, %a : tensor<4x8xf32>, tensor<4x8xf32>\n"
    "  } : (!m, !m) -> (!m, !m)\n"
    "  %1 = mpmd.for (%0#0) {iterations = 2 : ui32} (%c: !m, %i: tensor<ui32>) {\n"
    "    mpmd.return %c : !m\n"
    "  } : !m\n"
    "  %2 = mpmd.transfer %0#1 : (!m) -> !n\n"
    "  return %1, %2 : !m, !n\n"
    "}\n";

/* The n-th op of a function body. */
static sharc_op *nth_op(sharc_op *module, unsigned n) {
  sharc_op *func = sharc_block_first_op(sharc_region_first_block(sharc_op_region(module, 0)));
  sharc_op *op = sharc_block_first_op(sharc_region_first_block(sharc_op_region(func, 0)));
  while (op && n--)
    op = sharc_op_next(op);
  return op;
}

static void test_interfaces(void) {
  sharc_context *ctx = mpmd_context();
  sharc_op *module =
      sharc_parse_source(ctx, "interfaces", interfaces_src, sizeof interfaces_src - 1);
  CHECK(module && sharc_verify(module));
  if (!module) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_op *fragment = nth_op(module, 0), *loop = nth_op(module, 1), *transfer = nth_op(module, 2);
  CHECK(sharc_sdy_data_flow(fragment) && sharc_sdy_data_flow(loop));
  CHECK(!sharc_sdy_data_flow(transfer));

  sharc_block *body = sharc_region_first_block(sharc_op_region(fragment, 0));
  sharc_ptrvec owners = {0}, sources = {0};
  sharc_sdy_block_arg_owners(fragment, &owners);
  CHECK(owners.len == 2 && owners.items[1] == sharc_block_arg(body, 1));
  sharc_sdy_edge_sources(fragment, sharc_block_arg(body, 1), &sources);
  CHECK(sources.len == 1 && sharc_use_owner(sources.items[0]) == fragment &&
        sharc_use_operand_index(sources.items[0]) == 1);
  CHECK(sharc_sdy_owner_from_source(fragment, sources.items[0]) == sharc_block_arg(body, 1));
  sources.len = 0;
  sharc_sdy_edge_sources(fragment, sharc_op_result(fragment, 0), &sources);
  CHECK(sources.len == 1 && sharc_op_is(sharc_use_owner(sources.items[0]), "mpmd.return"));
  CHECK(sharc_sdy_owner_from_source(fragment, sources.items[0]) == sharc_op_result(fragment, 0));
  CHECK(sharc_sdy_keep_owner_shardings_divisible(fragment));

  sharc_attr *sharding =
      sharc_parse_attr_text(ctx, sharc_str_from_cstr("#sdy.sharding<@mesh, [{\"x\"}, {}]>"));
  CHECK(sharding && !sharc_sdy_block_arg_owner_sharding(fragment, 1));
  if (!sharding) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_sdy_set_block_arg_owner_sharding(fragment, 1, sharding);
  CHECK(sharc_sdy_block_arg_owner_sharding(fragment, 1) == sharding);
  check_attr_text(sharc_op_attr(fragment, "in_shardings"),
                  "#sdy.sharding_per_value<[<@mesh, [{?}, {?}]>, <@mesh, [{\"x\"}, {}]>]>");
  sharc_sdy_set_result_owner_sharding(fragment, 0, sharding);
  CHECK(sharc_sdy_result_owner_sharding(fragment, 0) == sharding);

  sharc_block *loop_body = sharc_region_first_block(sharc_op_region(loop, 0));
  sources.len = 0;
  sharc_sdy_edge_sources(loop, sharc_op_result(loop, 0), &sources);
  CHECK(sources.len == 2 && sharc_use_owner(sources.items[0]) == loop);
  CHECK(sharc_sdy_owner_from_target(loop, sharc_block_arg(loop_body, 0)) ==
        sharc_op_result(loop, 0));
  owners.len = 0;
  sharc_sdy_non_owner_targets(loop, sharc_op_result(loop, 0), &owners);
  CHECK(owners.len == 1 && owners.items[0] == sharc_block_arg(loop_body, 0));

  sharc_attr *rule = sharc_sdy_op_sharding_rule(transfer);
  CHECK(rule != NULL);
  if (rule)
    check_attr_text(rule, "#sdy.op_sharding_rule<([i, j])->([i, j]) {i=4, j=8}>");
  sharc_ptrvec_free(&owners);
  sharc_ptrvec_free(&sources);
  sharc_op_erase(module);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_interfaces();
  test_mesh_tensor();
  test_topology();
  test_origins();
  test_reduction();
  return check_summary("mpmd");
}

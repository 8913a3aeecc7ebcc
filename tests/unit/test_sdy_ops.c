/* Unit tests of the sdy ops' interface tables (sdy_interfaces.h) and the
 * sharding helpers behind them: data flow edge owners, sources and targets
 * of manual and named computations, and owner shardings with manual axes
 * taken off and put back. (Axis arithmetic: test_sdy_axes.c.) */
#include "check.h"

#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

#include <stdlib.h>
#include <string.h>

static const char module_text[] =
    "sdy.mesh @mesh = <[\"a\"=2, \"b\"=4]>\n"
    "func.func @f(%arg0: tensor<8x8xf32>, %arg1: tensor<8xf32>) -> (tensor<8x8xf32>, "
    "tensor<8xf32>) {\n"
    "  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{\"a\", \"b\"}, {}]>]"
    " out_shardings=[<@mesh, [{\"a\"}, {}], replicated={\"b\"}>] manual_axes={\"a\"}"
    " (%arg2: tensor<4x8xf32>) {\n"
    "    sdy.return %arg2 : tensor<4x8xf32>\n"
    "  } : (tensor<8x8xf32>) -> tensor<8x8xf32>\n"
    "  %1 = sdy.named_computation<\"g\">(%arg1) (%arg2: tensor<8xf32>) {\n"
    "    sdy.return %arg2 : tensor<8xf32>\n"
    "  } : (tensor<8xf32>) -> tensor<8xf32>\n"
    "  return %0, %1 : tensor<8x8xf32>, tensor<8xf32>\n"
    "}\n";

static void check_attr(const sharc_attr *a, const char *want) {
  sharc_buf b = {0};
  if (a)
    sharc_print_attr(a, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

typedef struct found {
  sharc_op *manual, *named;
} found;

static sharc_walk_result find_ops(sharc_op *op, void *user) {
  found *f = user;
  if (sharc_op_is(op, "sdy.manual_computation"))
    f->manual = op;
  if (sharc_op_is(op, "sdy.named_computation"))
    f->named = op;
  return SHARC_WALK_ADVANCE;
}

static sharc_block *body(sharc_op *op) { return sharc_region_first_block(sharc_op_region(op, 0)); }

static void test_manual_computation_edges(sharc_op *mc) {
  CHECK(sharc_sdy_data_flow(mc) != NULL);
  sharc_ptrvec owners = {0};
  sharc_sdy_block_arg_owners(mc, &owners);
  CHECK(owners.len == 1 && owners.items[0] == sharc_block_arg(body(mc), 0));
  sharc_ptrvec_free(&owners);
  sharc_sdy_result_owners(mc, &owners);
  CHECK(owners.len == 1 && owners.items[0] == sharc_op_result(mc, 0));
  sharc_ptrvec_free(&owners);

  /* the body argument's edge starts at the op's operand; the result's at the
   * terminator's operand */
  sharc_ptrvec sources = {0};
  sharc_sdy_edge_sources(mc, sharc_block_arg(body(mc), 0), &sources);
  CHECK(sources.len == 1 && sharc_use_owner(sources.items[0]) == mc);
  sharc_ptrvec_free(&sources);
  sharc_sdy_edge_sources(mc, sharc_op_result(mc, 0), &sources);
  sharc_op *term = sharc_block_last_op(body(mc));
  CHECK(sources.len == 1 && sharc_use_owner(sources.items[0]) == term);
  if (sources.len == 1) {
    CHECK(sharc_sdy_owner_from_source(mc, sources.items[0]) == sharc_op_result(mc, 0));
  }
  sharc_ptrvec_free(&sources);
  CHECK(sharc_sdy_owner_from_target(mc, sharc_op_result(mc, 0)) == sharc_op_result(mc, 0));
  CHECK(sharc_sdy_keep_owner_shardings_divisible(mc));

  /* inside the body the manual axis "a" is gone */
  check_attr(sharc_sdy_block_arg_owner_sharding(mc, 0), "#sdy.sharding<@mesh, [{\"b\"}, {}]>");
  check_attr(sharc_sdy_result_owner_sharding(mc, 0),
             "#sdy.sharding<@mesh, [{\"a\"}, {}], replicated={\"b\"}>");
  /* setting a local sharding puts the manual axes back in front */
  sharc_context *ctx = sharc_op_context(mc);
  sharc_attr *local =
      sharc_parse_attr_text(ctx, sharc_str_from_cstr("#sdy.sharding<@mesh, [{}, {\"b\"}]>"));
  CHECK(local != NULL);
  sharc_sdy_set_block_arg_owner_sharding(mc, 0, local);
  check_attr(sharc_op_attr(mc, "in_shardings"),
             "#sdy.sharding_per_value<[<@mesh, [{\"a\"}, {\"b\"}]>]>");
  check_attr(sharc_sdy_transform_target_sharding(mc, sharc_block_arg(body(mc), 0), local,
                                                 SHARC_SDY_BEFORE_EDGE_PROPAGATION),
             "#sdy.sharding<@mesh, [{\"a\"}, {\"b\"}]>");
  check_attr(sharc_sdy_owner_sharding(mc, sharc_block_arg(body(mc), 0)),
             "#sdy.sharding<@mesh, [{}, {\"b\"}]>");
}

static void test_named_computation_edges(sharc_op *nc) {
  CHECK(sharc_sdy_data_flow(nc) != NULL);
  CHECK(!sharc_sdy_keep_owner_shardings_divisible(nc));
  CHECK(sharc_sdy_block_arg_owner_sharding(nc, 0) == NULL);
  sharc_context *ctx = sharc_op_context(nc);
  sharc_attr *s =
      sharc_parse_attr_text(ctx, sharc_str_from_cstr("#sdy.sharding<@mesh, [{\"b\"}]>"));
  sharc_sdy_set_owner_sharding(nc, sharc_op_result(nc, 0), s);
  check_attr(sharc_op_attr(nc, "out_shardings"), "#sdy.sharding_per_value<[<@mesh, [{\"b\"}]>]>");
  CHECK(sharc_sdy_owner_sharding(nc, sharc_op_result(nc, 0)) == s);
  sharc_ptrvec targets = {0};
  sharc_sdy_non_owner_targets(nc, sharc_op_result(nc, 0), &targets);
  CHECK(targets.len == 0);
  sharc_ptrvec_free(&targets);
}

/* A named computation whose result owns an edge with an sdy.data_flow_edge. */
static const char edge_text[] =
    "sdy.mesh @mesh = <[\"a\"=2]>\n"
    "func.func @e(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
    "  %0 = sdy.named_computation<\"g\">(%arg0) (%arg1: tensor<8xf32>) {\n"
    "    sdy.return %arg1 : tensor<8xf32>\n"
    "  } : (tensor<8xf32>) -> tensor<8xf32>\n"
    "  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{\"a\"}]> : tensor<8xf32>\n"
    "  return %1 : tensor<8xf32>\n"
    "}\n";

static void test_data_flow_edge(sharc_context *ctx) {
  sharc_op *module = sharc_parse_source(ctx, "edge", edge_text, strlen(edge_text));
  CHECK(module && sharc_verify(module));
  if (!module)
    return;
  found f = {0};
  sharc_walk(module, SHARC_PRE_ORDER, find_ops, &f);
  sharc_op *nc = f.named;
  sharc_op *edge = sharc_op_next(nc);
  CHECK(sharc_op_is(edge, "sdy.data_flow_edge"));
  CHECK(sharc_sdy_data_flow_edge_of_target(sharc_op_result(nc, 0)) == edge);
  CHECK(sharc_sdy_data_flow_edge_of_target(sharc_block_arg(body(nc), 0)) == NULL);
  sharc_op *term = sharc_block_last_op(body(nc));
  CHECK(sharc_sdy_data_flow_edge_of_source(&sharc_op_operands_of(term)[0]) == edge);
  sharc_ptrvec sources = {0};
  sharc_sdy_data_flow_edge_sources(edge, &sources);
  CHECK(sources.len == 1 && sources.items[0] == sharc_block_arg(body(nc), 0));
  sharc_ptrvec_free(&sources);
  /* the edge's sharding is what the owner's users see */
  check_attr(sharc_sdy_get_sharding(sharc_op_result(nc, 0)), "#sdy.sharding<@mesh, [{\"a\"}]>");
  CHECK(sharc_sdy_owning_op(sharc_block_arg(body(nc), 0)) == nc);
}

int main(void) {
  sharc_context *ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  sharc_op *module = sharc_parse_source(ctx, "test", module_text, strlen(module_text));
  CHECK(module != NULL);
  if (module) {
    CHECK(sharc_verify(module));
    found f = {0};
    sharc_walk(module, SHARC_PRE_ORDER, find_ops, &f);
    CHECK(f.manual && f.named);
    if (f.manual)
      test_manual_computation_edges(f.manual);
    if (f.named)
      test_named_computation_edges(f.named);
  }
  test_data_flow_edge(ctx);
  sharc_context_destroy(ctx);
  return check_summary("sdy ops");
}

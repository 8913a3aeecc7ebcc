/* Unit tests of `sharc auto`'s cost model and search (include/sharc/auto.h,
 * src/report/auto): figures of small modules worked out by hand (FLOPs on
 * shard shapes over the FLOP rate, a collective's bytes over its axis's
 * bandwidth plus latency, the peak of live shards), the per-axis flags,
 * the ranking under a memory limit, and a search that must find data
 * parallelism on a batch-heavy matmul. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/auto.h"
#include "sharc/verify.h"

#include <math.h>
#include <stdlib.h>

#include "report/auto/auto_internal.h"

static sharc_op *parse(sharc_context **ctx, const char *text) {
  *ctx = sharc_context_create();
  sharc_report_load_dialects(*ctx);
  sharc_op *m = sharc_parse_source(*ctx, "test", text, strlen(text));
  return m && sharc_verify(m) ? m : NULL;
}

static bool near(double got, double want) { return fabs(got - want) <= 1e-9 * fabs(want) + 1e-15; }

/* x rows on 'x' (4 devices), w replicated: no collective. */
static const char *const data_parallel =
    "sdy.mesh @mesh = <[\"x\"=4]>\n"
    "func.func @main(%x: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, {}]>},\n"
    "                %w: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>})\n"
    "    -> tensor<64x64xf32> {\n"
    "  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
    "(tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>\n"
    "  return %0 : tensor<64x64xf32>\n"
    "}\n";

/* the contracting dimension on 'x': an all-reduce of the 64x64 result */
static const char *const contracting =
    "sdy.mesh @mesh = <[\"x\"=4]>\n"
    "func.func @main(%x: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {\"x\"}]>},\n"
    "                %w: tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<64x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {\n"
    "  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
    "(tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>\n"
    "  return %0 : tensor<64x64xf32>\n"
    "}\n";

static sharc_auto_options machine(void) {
  sharc_auto_options o = sharc_auto_options_default();
  o.estimate_only = true;
  o.flop_rate = 1e9;
  o.memory_bandwidth = 1e9;
  o.bandwidths = "x=1e8";
  o.latencies = "x=1e-6";
  return o;
}

static void test_compute_and_memory(void) {
  sharc_context *ctx;
  sharc_op *m = parse(&ctx, data_parallel);
  CHECK(m != NULL);
  sharc_auto_options o = machine();
  sharc_auto_result *r = m ? sharc_auto_run(m, &o) : NULL;
  CHECK(r != NULL);
  if (r) {
    /* 2 x 16x64 result x 64 contracted, per device */
    CHECK(near(r->cost.flops, 2.0 * 16 * 64 * 64));
    CHECK(r->cost.comm_s == 0);
    /* x shard 16x64 + w 64x64 + result shard 16x64, f32 */
    CHECK(sharc_auto_peak_memory(r) == (16 * 64 + 64 * 64 + 16 * 64) * 4);
    CHECK(near(sharc_auto_step_time(r), r->cost.compute_s));
    CHECK(near(r->cost.compute_s, r->cost.flops / 1e9 + r->cost.other_bytes / 1e9));
    sharc_buf out = {0};
    sharc_auto_write(r, false, "t", &out);
    CHECK(strstr(out.data, "P('x', None)") != NULL);
    out.len = 0;
    sharc_auto_write(r, true, "t", &out);
    CHECK(strstr(out.data, "\"peak_bytes\": 24576") != NULL);
    sharc_buf_free(&out);
  }
  sharc_auto_result_destroy(r);
  sharc_context_destroy(ctx);
}

static void test_collective(void) {
  sharc_context *ctx;
  sharc_op *m = parse(&ctx, contracting);
  sharc_auto_options o = machine();
  sharc_auto_result *r = m ? sharc_auto_run(m, &o) : NULL;
  CHECK(r != NULL);
  if (r) {
    int k = 0;
    while (k < SHARC_AUTO_NUM_KINDS && strcmp(sharc_auto_kind_names[k], "all_reduce") != 0)
      k++;
    CHECK(k < SHARC_AUTO_NUM_KINDS && r->cost.kind_count[k] == 1);
    /* the report's figure: 2 x 16 KiB x 3/4, over 1e8 B/s, plus 1 us */
    double bytes = 2.0 * 64 * 64 * 4 * 3 / 4;
    CHECK(k < SHARC_AUTO_NUM_KINDS && near(r->cost.kind_bytes[k], bytes));
    CHECK(k < SHARC_AUTO_NUM_KINDS && near(r->cost.kind_s[k], 1e-6 + bytes / 1e8));
    CHECK(near(r->cost.step_s, r->cost.compute_s + r->cost.comm_s));
  }
  sharc_auto_result_destroy(r);
  sharc_context_destroy(ctx);
}

static void test_axis_figures(void) {
  sharc_context *ctx;
  sharc_op *m = parse(&ctx, data_parallel);
  sharc_op *mesh_op = m ? sharc_block_first_op(sharc_region_first_block(sharc_op_region(m, 0))) : NULL;
  const sharc_attr *mesh = mesh_op ? sharc_op_attr(mesh_op, "mesh") : NULL;
  double v[SHARC_AUTO_MAX_AXES] = {7};
  sharc_buf err = {0};
  CHECK(mesh && sharc_auto_parse_axis_figures("x=2.5e9", "--bandwidth", mesh, v, &err));
  CHECK(v[0] == 2.5e9);
  CHECK(!sharc_auto_parse_axis_figures("y=1", "--bandwidth", mesh, v, &err));
  CHECK(strstr(err.data, "no axis 'y'") != NULL);
  err.len = 0;
  CHECK(!sharc_auto_parse_axis_figures("x=0", "--latency", mesh, v, &err));
  CHECK(!sharc_auto_parse_axis_figures("x", "--latency", mesh, v, &err));
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
}

static void test_score(void) {
  sharc_auto_cost fits = {0}, over = {0}, more_over = {0}, failed = {0};
  fits.step_s = 5;
  fits.peak_bytes = 100;
  over.step_s = 1;
  over.peak_bytes = 200;
  more_over.step_s = 0.5;
  more_over.peak_bytes = 300;
  failed.failed = true;
  CHECK(sharc_auto_score(&fits, 150) < sharc_auto_score(&over, 150));
  CHECK(sharc_auto_score(&over, 150) < sharc_auto_score(&more_over, 150));
  CHECK(sharc_auto_score(&more_over, 150) < sharc_auto_score(&failed, 150));
  CHECK(sharc_auto_score(&over, 0) < sharc_auto_score(&fits, 0));
}

/* A batch of 1024 against a small weight: data parallelism, the weight kept whole. */
static void test_search_finds_data_parallelism(void) {
  static const char *const text =
      "func.func @main(%x: tensor<1024x16xf32>, %w: tensor<16x16xf32>) -> tensor<1024x16xf32> {\n"
      "  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
      "(tensor<1024x16xf32>, tensor<16x16xf32>) -> tensor<1024x16xf32>\n"
      "  return %0 : tensor<1024x16xf32>\n"
      "}\n";
  sharc_context *ctx;
  sharc_op *m = parse(&ctx, text);
  sharc_auto_options o = sharc_auto_options_default();
  o.mesh = "data=4";
  sharc_auto_result *r = m ? sharc_auto_run(m, &o) : NULL;
  CHECK(r != NULL);
  if (r) {
    CHECK_STR(r->args[0].spec, "P('data', None)");
    CHECK_STR(r->args[1].spec, "P()");
    CHECK_STR(r->method, "exhaustive");
  }
  sharc_auto_result_destroy(r);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_compute_and_memory();
  test_collective();
  test_axis_figures();
  test_score();
  test_search_finds_data_parallelism();
  return check_summary("test_auto");
}

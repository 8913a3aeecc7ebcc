/* Unit tests of the sharding report (include/sharc/report.h): the byte
 * figures of the bundled example worked out by hand (shard shape x element
 * size), PartitionSpec text, element sizes, shard shapes and replicated
 * axes, reshard estimates, value lookup, and the pipeline the report runs
 * with debugging on giving the same module as Shardy's composition. */
#include "check.h"

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/report.h"
#include "sharc/sdy.h"
#include "sharc/verify.h"

#include <stdio.h>
#include <stdlib.h>

#include "pass/pass_registry.h"
#include "report/report_internal.h"
#include "transforms/sdy/propagation/propagation_pipeline.h"

static sharc_str S(const char *s) { return (sharc_str){s, strlen(s)}; }

/* The repository root, from this file's path. */
static char *repo_path(const char *rel) {
  const char *me = __FILE__;
  const char *cut = strstr(me, "tests/unit/test_report.c");
  size_t n = cut ? (size_t)(cut - me) : 0;
  char *p = malloc(n + strlen(rel) + 1);
  memcpy(p, me, n);
  strcpy(p + n, rel);
  return p;
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  size_t got = fread(buf, 1, (size_t)n, f);
  buf[got] = 0;
  fclose(f);
  return buf;
}

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_load_dialect(ctx, "stablehlo");
  return ctx;
}

static sharc_op *parse(sharc_context *ctx, const char *text) {
  sharc_op *m = sharc_parse_source(ctx, "test.mlir", text, strlen(text));
  CHECK(m && sharc_verify(m));
  return m;
}

/* ---- the bundled example, by hand ------------------------------------------------ */

/* The entry named `name` in the report, looked up. */
static const sharc_report_value *get(sharc_report *r, const char *name) {
  sharc_buf err = {0};
  const sharc_report_value *v = sharc_report_lookup(r, name, &err);
  if (!v)
    fprintf(stderr, "lookup %s: %s\n", name, err.data);
  sharc_buf_free(&err);
  CHECK(v != NULL);
  return v;
}

static void check_value(sharc_report *r, const char *name, const char *spec, int64_t d0, int64_t d1,
                        int64_t per_device, int64_t bytes) {
  const sharc_report_value *v = get(r, name);
  if (!v)
    return;
  CHECK_STR(v->spec, spec);
  CHECK(v->element_bits == 32);
  CHECK(v->shard_shape[0] == d0);
  if (v->rank > 1)
    CHECK(v->shard_shape[1] == d1);
  CHECK(v->bytes_per_device == per_device);
  CHECK(v->bytes == bytes);
  CHECK(!v->padded);
}

static void test_example(void) {
  char *path = repo_path("examples/mlp_jax.mlir");
  char *text = read_text(path);
  CHECK(text != NULL);
  if (!text) {
    free(path);
    return;
  }
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report_options o = sharc_report_options_default();
  /* the default computes the communication; first the propagation alone */
  CHECK(o.explicit_collectives);
  o.explicit_collectives = false;
  CHECK(sharc_report_propagate(m, &o));
  sharc_report *r = sharc_report_create(m, &o);
  /* mesh data=4 x model=2; f32 = 4 bytes */
  /* x: 32x512, P('data', None): 8x512 x 4 = 16384 of 65536 */
  check_value(r, "x", "P('data', None)", 8, 512, 8 * 512 * 4, 32 * 512 * 4);
  /* w1: 512x2048, P(None, 'model'): 512x1024 x 4 = 2 MiB */
  check_value(r, "%arg1", "P(None, 'model')", 512, 1024, 512 * 1024 * 4, 512 * 2048 * 4);
  /* b1: 2048, propagated P('model'): 1024 x 4 */
  check_value(r, "b1", "P('model')", 1024, 0, 1024 * 4, 2048 * 4);
  /* w2: 2048x512, P('model', None): 1024x512 x 4 */
  check_value(r, "arg3", "P('model', None)", 1024, 512, 1024 * 512 * 4, 2048 * 512 * 4);
  /* b2: 512, left replicated: 512 x 4 */
  check_value(r, "b2", "P()", 512, 0, 512 * 4, 512 * 4);
  /* the result: 32x512, P('data', None): 8x512 x 4 */
  check_value(r, "result", "P('data', None)", 8, 512, 8 * 512 * 4, 32 * 512 * 4);
  /* the hidden activations: 32x2048, P('data', 'model'): 8x1024 x 4 */
  check_value(r, "%0", "P('data', 'model')", 8, 1024, 8 * 1024 * 4, 32 * 2048 * 4);
  const sharc_report_value *b2 = get(r, "b2");
  if (b2)
    CHECK_STR(b2->replicated, "'data', 'model'");
  const sharc_report_summary *s = sharc_report_get_summary(r);
  int64_t args = 8 * 512 * 4 + 512 * 1024 * 4 + 1024 * 4 + 1024 * 512 * 4 + 512 * 4;
  CHECK(s->num_devices == 8);
  CHECK(s->arguments.count == 5);
  CHECK(s->arguments.per_device_peak == args);
  CHECK(s->arguments.all_devices == 8 * args);
  CHECK(s->arguments.global == 32 * 512 * 4 + 512 * 2048 * 4 + 2048 * 4 + 2048 * 512 * 4 + 512 * 4);
  CHECK(s->results.per_device_peak == 8 * 512 * 4);
  CHECK(s->results.all_devices == 8 * 8 * 512 * 4);
  CHECK(s->results.global == 32 * 512 * 4);
  /* the constraint holds already: nothing moves */
  CHECK(sharc_report_num_collectives(r) == 0);
  CHECK(s->bytes_moved == 0);
  /* listed: 5 arguments, 1 result, the values whose sharding changes */
  CHECK(sharc_report_num_values(r) == 11);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);

  /* the default: the second matmul contracts over 'model': an all-reduce
   * of the 8x512 f32 shard over 2 devices moves 2 (n-1)/n x 16384 */
  ctx = new_context();
  m = parse(ctx, text);
  o.explicit_collectives = true;
  CHECK(sharc_report_propagate(m, &o));
  r = sharc_report_create(m, &o);
  CHECK(sharc_report_num_collectives(r) == 1);
  const sharc_report_collective *c = sharc_report_collective_at(r, 0);
  if (c) {
    CHECK_STR(c->kind, "all_reduce");
    CHECK_STR(c->axes, "'model'");
    CHECK(c->bytes_moved == 8 * 512 * 4);
  }
  s = sharc_report_get_summary(r);
  CHECK(s->num_kinds == 1 && s->bytes_moved == 8 * 512 * 4);
  sharc_buf json = {0};
  sharc_report_write(r, SHARC_REPORT_JSON, false, "x.mlir", &json);
  CHECK(json.data && strstr(json.data, "\"bytes_moved_per_device\": 16384"));
  sharc_buf_free(&json);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
  free(text);
  free(path);
}

/* ---- notation and sizes ---------------------------------------------------------------- */

static void check_spec(sharc_context *ctx, const char *sharding, const char *want) {
  sharc_attr *a = sharc_parse_attr_text(ctx, S(sharding));
  CHECK(a && sharc_sdy_is_tensor_sharding(a));
  sharc_buf b = {0};
  sharc_report_partition_spec(a, &b);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static void test_spec(void) {
  sharc_context *ctx = new_context();
  check_spec(ctx, "#sdy.sharding<@mesh, [{\"data\"}, {}, {\"model\", \"seq\"}]>",
             "P('data', None, ('model', 'seq'))");
  check_spec(ctx, "#sdy.sharding<@mesh, []>", "P()");
  check_spec(ctx, "#sdy.sharding<@mesh, [{\"x\":(2)2}, {\"y\"}]>", "P('x:(2)2', 'y')");
  check_spec(ctx, "#sdy.sharding<@mesh, [{?}, {\"x\", ?}]>", "P(?, ('x', ?))");
  check_spec(ctx, "#sdy.sharding<@mesh, [{\"x\"}, {}], unreduced={\"y\"}>",
             "P('x', None, unreduced={'y'})");
  check_spec(ctx, "#sdy.sharding<@mesh, [{\"x\"}p1, {}], replicated={\"y\"}>", "P('x', None)");
  sharc_buf b = {0};
  sharc_report_partition_spec(NULL, &b);
  CHECK_STR(b.data, "P()");
  sharc_buf_free(&b);
  sharc_context_destroy(ctx);
}

static void test_element_bits(void) {
  sharc_context *ctx = new_context();
  static const struct {
    const char *type;
    unsigned bits;
  } cases[] = {
      {"tensor<4xi1>", 8},          {"tensor<4xi4>", 4},           {"tensor<4xi8>", 8},
      {"tensor<4xbf16>", 16},       {"tensor<4xf8E4M3FN>", 8},     {"tensor<4xf4E2M1FN>", 4},
      {"tensor<4xcomplex<f32>>", 64}, {"tensor<4xindex>", 64},     {"tensor<4xf64>", 64},
      {"tensor<*xf32>", 0},         {"f32", 32},                   {"tensor<4xi48>", 48},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sharc_type *t = sharc_parse_type_text(ctx, S(cases[i].type));
    CHECK(t != NULL);
    if (t && sharc_report_element_bits(t) != cases[i].bits)
      fprintf(stderr, "%s: %u bits\n", cases[i].type, sharc_report_element_bits(t));
    CHECK(t && sharc_report_element_bits(t) == cases[i].bits);
  }
  sharc_context_destroy(ctx);
}

static void test_shard_shape(void) {
  sharc_context *ctx = new_context();
  sharc_attr *mesh = sharc_parse_attr_text(ctx, S("#sdy.mesh<[\"x\"=4, \"y\"=2]>"));
  sharc_attr *s = sharc_parse_attr_text(ctx, S("#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}, {}]>"));
  CHECK(mesh && s);
  int64_t shape[3] = {10, 8, 3}, out[3];
  /* 10 over 4 devices: 3 each, the last one padded */
  CHECK(!sharc_report_shard_shape(shape, 3, s, mesh, out));
  CHECK(out[0] == 3 && out[1] == 4 && out[2] == 3);
  int64_t even[3] = {16, 8, 3};
  CHECK(sharc_report_shard_shape(even, 3, s, mesh, out));
  CHECK(out[0] == 4 && out[1] == 4 && out[2] == 3);
  CHECK(sharc_report_shard_shape(even, 3, NULL, mesh, out) && out[0] == 16);
  sharc_context_destroy(ctx);
}

/* A report of a small module, with the value named `name`. */
static void check_module_value(const char *text, const char *name, const char *spec,
                               const char *replicated, bool padded, int64_t per_device) {
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report_options o = sharc_report_options_default();
  o.all_values = true;
  sharc_report *r = sharc_report_create(m, &o);
  const sharc_report_value *v = get(r, name);
  if (v) {
    CHECK_STR(v->spec, spec);
    CHECK_STR(v->replicated, replicated);
    CHECK(v->padded == padded);
    CHECK(v->bytes_per_device == per_device);
  }
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
}

static void test_replicated_and_padded(void) {
  /* x=8 cut by the sub-axis x:(2)2: the rest of x, (1)2 and (4)2, replicates */
  check_module_value("sdy.mesh @mesh = <[\"x\"=8, \"y\"=2]>\n"
                     "func.func @f(%a: tensor<8x6xf32> {sdy.sharding = "
                     "#sdy.sharding<@mesh, [{\"x\":(2)2}, {}]>}) -> tensor<8x6xf32> {\n"
                     "  return %a : tensor<8x6xf32>\n}\n",
                     "%arg0", "P('x:(2)2', None)", "'x:(1)2', 'x:(4)2', 'y'", false, 4 * 6 * 4);
  /* 6 rows over 4: shards of 2 rows, padded; i1 takes a byte */
  check_module_value("sdy.mesh @mesh = <[\"x\"=4]>\n"
                     "func.func @f(%a: tensor<6x3xi1> {sdy.sharding = "
                     "#sdy.sharding<@mesh, [{\"x\"}, {}]>}) -> tensor<6x3xi1> {\n"
                     "  return %a : tensor<6x3xi1>\n}\n",
                     "%arg0", "P('x', None)", "", true, 2 * 3);
  /* bf16, unreduced axis */
  check_module_value("sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
                     "func.func @f(%a: tensor<4x4xbf16> {sdy.sharding = "
                     "#sdy.sharding<@mesh, [{\"x\"}, {}], unreduced={\"y\"}>}) -> tensor<4x4xbf16> {\n"
                     "  return %a : tensor<4x4xbf16>\n}\n",
                     "%arg0", "P('x', None, unreduced={'y'})", "", false, 2 * 4 * 2);
}

/* ---- reshard estimates -------------------------------------------------------------------- */

static void test_reshard_bytes(void) {
  const char *text = "sdy.mesh @mesh = <[\"x\"=2, \"y\"=2]>\n"
                     "func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}]>})"
                     " -> (tensor<8xf32>, tensor<8xf32>) {\n"
                     "  %0 = sdy.reshard %a <@mesh, [{}]> : tensor<8xf32>\n"
                     "  %1 = sdy.reshard %a <@mesh, [{\"y\"}]> : tensor<8xf32>\n"
                     "  return %0, %1 : tensor<8xf32>, tensor<8xf32>\n}\n";
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report *r = sharc_report_create(m, NULL);
  CHECK(sharc_report_num_collectives(r) == 2);
  /* to replicated: each device gets the 4 elements it lacks, 16 bytes */
  const sharc_report_collective *c = sharc_report_collective_at(r, 0);
  CHECK(c && c->bytes_moved == 4 * 4);
  CHECK(c && strcmp(c->axes, "'x'") == 0);
  /* from x to y: half the devices keep their block, half get 4 new
   * elements: 2 elements on average, 8 bytes */
  c = sharc_report_collective_at(r, 1);
  CHECK(c && c->bytes_moved == 2 * 4);
  CHECK(c && strcmp(c->axes, "'y', 'x'") == 0);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
}

/* ---- lookup ------------------------------------------------------------------------------------ */

static void test_lookup(void) {
  const char *text = "sdy.mesh @mesh = <[\"x\"=2]>\n"
                     "func.func @f(%a: tensor<8xf32> loc(\"inp\")) -> (tensor<8xf32> {jax.result_info = \"out\"}) {\n"
                     "  %0 = stablehlo.add %a, %a : tensor<8xf32> loc(\"m.py\":3:4)\n"
                     "  %1 = stablehlo.multiply %0, %0 : tensor<8xf32> loc(\"m.py\":4:4)\n"
                     "  return %1 : tensor<8xf32>\n}\n"
                     "func.func @g(%a: tensor<8xf32>) -> tensor<8xf32> {\n"
                     "  %0 = stablehlo.negate %a : tensor<8xf32>\n"
                     "  return %0 : tensor<8xf32>\n}\n";
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report *r = sharc_report_create(m, NULL);
  sharc_buf err = {0};
  const sharc_report_value *v = sharc_report_lookup(r, "inp", &err);
  CHECK(v && v->kind == SHARC_REPORT_ARGUMENT && strcmp(v->name, "%arg0") == 0);
  v = sharc_report_lookup(r, "out", &err);
  CHECK(v && v->kind == SHARC_REPORT_RESULT && strcmp(v->name, "result0") == 0);
  v = sharc_report_lookup(r, "m.py:4", &err);
  CHECK(v && strcmp(v->op_name, "stablehlo.multiply") == 0);
  v = sharc_report_lookup(r, "/some/dir/m.py:3:4", &err);
  CHECK(!v);
  err.len = 0;
  v = sharc_report_lookup(r, "@g:%0", &err);
  CHECK(v && strcmp(v->op_name, "stablehlo.negate") == 0);
  /* %0 is in both functions */
  err.len = 0;
  v = sharc_report_lookup(r, "%0", &err);
  CHECK(!v && err.data && strstr(err.data, "names 2 values") && strstr(err.data, "@g:%0"));
  err.len = 0;
  v = sharc_report_lookup(r, "%9", &err);
  CHECK(!v && err.data && strstr(err.data, "no value named '%9'") && strstr(err.data, "%0"));
  err.len = 0;
  v = sharc_report_lookup(r, "inq", &err);
  CHECK(!v && err.data && strstr(err.data, "close names: inp"));
  sharc_buf_free(&err);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
}

/* ---- the debugging pipeline is Shardy's --------------------------------------------------------- */

static char *print_module(sharc_op *m) {
  sharc_buf b = {0};
  sharc_print_flags flags = {0};
  sharc_print_op(m, &flags, &b);
  return b.data;
}

static sharc_walk_result drop_origin_names(sharc_op *op, void *user) {
  (void)user;
  sharc_op_set_attr(op, "sdy.sharding_origin_name", NULL);
  return SHARC_WALK_ADVANCE;
}

/* Shardy's composition with the debugging options: the module it ends with. */
static char *stock(const char *text, bool explicit_collectives) {
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_default();
  o.inline_meshes = false;
  o.enable_insert_explicit_collectives = explicit_collectives;
  o.avoid_export_for_partitioning = !explicit_collectives;
  o.debug_sharding_origins = o.debug_propagation_edge_sharding = true;
  sharc_pipeline_flags flags = {0};
  flags.tool_mask = SHARC_TOOL_SDY_OPT;
  flags.no_verify = true;
  sharc_pipeline *pl = sharc_pipeline_create(&flags);
  sharc_buf err = {0};
  int dump_index = 1;
  CHECK(sharc_sdy_add_propagation_pipeline(sharc_pipeline_root(pl), &dump_index, &o, &err));
  CHECK(sharc_pipeline_run(pl, m));
  sharc_walk(m, SHARC_PRE_ORDER, drop_origin_names, NULL);
  char *out = print_module(m);
  sharc_pipeline_destroy(pl);
  sharc_buf_free(&err);
  sharc_context_destroy(ctx);
  return out;
}

static char *ours(const char *text, bool explicit_collectives) {
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report_options o = sharc_report_options_default();
  o.debug_origins = true;
  o.explicit_collectives = explicit_collectives;
  CHECK(sharc_report_propagate(m, &o));
  /* the debugging information is there until stripped */
  char *with = print_module(m);
  CHECK(with && strstr(with, "sdy.sharding_origins"));
  free(with);
  sharc_report_strip_debug_info(m);
  CHECK(sharc_verify(m));
  char *out = print_module(m);
  sharc_context_destroy(ctx);
  return out;
}

static void check_same_pipeline(const char *text) {
  for (int explicit_collectives = 0; explicit_collectives < 2; explicit_collectives++) {
    char *a = stock(text, explicit_collectives), *b = ours(text, explicit_collectives);
    CHECK(a && b && strcmp(a, b) == 0);
    if (a && b && strcmp(a, b) != 0)
      fprintf(stderr, "--- Shardy's composition:\n%s--- the report's:\n%s", a, b);
    free(a);
    free(b);
  }
}

static void test_debug_pipeline(void) {
  char *path = repo_path("examples/mlp_jax.mlir");
  char *text = read_text(path);
  if (text)
    check_same_pipeline(text);
  free(text);
  free(path);
  /* a loop: data flow edges sunk with their debugging dictionaries */
  check_same_pipeline(
      "sdy.mesh @mesh = <[\"a\"=2, \"b\"=2]>\n"
      "func.func @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}, {}]>},\n"
      "                %arg1: tensor<4x4xf32>) -> tensor<8x4xf32> {\n"
      "  %c = stablehlo.constant dense<0> : tensor<i32>\n"
      "  %0:2 = stablehlo.while(%it = %c, %x = %arg0) : tensor<i32>, tensor<8x4xf32>\n"
      "  cond {\n"
      "    %c1 = stablehlo.constant dense<3> : tensor<i32>\n"
      "    %p = stablehlo.compare LT, %it, %c1 : (tensor<i32>, tensor<i32>) -> tensor<i1>\n"
      "    stablehlo.return %p : tensor<i1>\n"
      "  } do {\n"
      "    %c2 = stablehlo.constant dense<1> : tensor<i32>\n"
      "    %n = stablehlo.add %it, %c2 : tensor<i32>\n"
      "    %y = stablehlo.dot_general %x, %arg1, contracting_dims = [1] x [0] : "
      "(tensor<8x4xf32>, tensor<4x4xf32>) -> tensor<8x4xf32>\n"
      "    stablehlo.return %n, %y : tensor<i32>, tensor<8x4xf32>\n"
      "  }\n"
      "  %1 = sdy.sharding_constraint %0#1 <@mesh, [{\"a\"}, {\"b\"}]> : tensor<8x4xf32>\n"
      "  return %1 : tensor<8x4xf32>\n}\n");
}

/* ---- explain and show ---------------------------------------------------------------------------- */

static void test_explain_and_show(void) {
  char *path = repo_path("examples/mlp_jax.mlir");
  char *text = read_text(path);
  if (!text) {
    free(path);
    return;
  }
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  sharc_report_options o = sharc_report_options_default();
  o.debug_origins = true;
  CHECK(sharc_report_propagate(m, &o));
  sharc_report *r = sharc_report_create(m, &o);
  sharc_report_strip_debug_info(m);
  sharc_buf out = {0};
  const sharc_report_value *v = get(r, "b1");
  CHECK(v && sharc_report_explain(r, v, &out));
  /* b1 gets 'model' backwards from the constraint, through the relu and the add */
  CHECK(out.data && strstr(out.data, "axis 'model' (dimension 0): from the sharding constraint"));
  CHECK(out.data && strstr(out.data, "through broadcast_in_dim"));
  out.len = 0;
  v = get(r, "x");
  CHECK(v && sharc_report_explain(r, v, &out));
  CHECK(out.data && strstr(out.data, "the user's sharding of this value"));
  out.len = 0;
  sharc_report_show(r, get(r, "b1"), false, &out);
  CHECK(out.data && strstr(out.data, "devices 0,2,4,6") && strstr(out.data, "[1024:2048]"));
  out.len = 0;
  sharc_report_show_svg(r, get(r, "%0"), &out);
  CHECK(out.data && strncmp(out.data, "<svg", 4) == 0 && strstr(out.data, "[24:32, 1024:2048]"));
  sharc_buf_free(&out);
  sharc_report_destroy(r);
  /* without debugging information, explain says so */
  r = sharc_report_create(m, NULL);
  sharc_buf why = {0};
  CHECK(!sharc_report_explain(r, get(r, "x"), &why));
  sharc_buf_free(&why);
  sharc_report_destroy(r);
  sharc_context_destroy(ctx);
  free(text);
  free(path);
}

/* Byte counts as the table writes them: printf's "%.1f KiB" (half to even
 * on the exact quotient), done in integers; ties and unit edges included. */
static void check_bytes(int64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  char want[64];
  if (bytes < 1024) {
    snprintf(want, sizeof want, "%lld B", (long long)bytes);
  } else {
    double v = (double)bytes / 1024;
    unsigned u = 0;
    while (v >= 1024 && u + 1 < 6) {
      v /= 1024;
      u++;
    }
    snprintf(want, sizeof want, "%.1f %s", v, units[u]);
  }
  sharc_buf b = {0};
  sharc_report_put_bytes(&b, bytes);
  if (strcmp(b.data, want) != 0)
    fprintf(stderr, "bytes %lld: got %s, want %s\n", (long long)bytes, b.data, want);
  CHECK_STR(b.data, want);
  sharc_buf_free(&b);
}

static void test_put_bytes(void) {
  for (int64_t b = 0; b < (1 << 16); b++)
    check_bytes(b);
  for (unsigned shift = 10; shift < 63; shift += 10)
    for (int64_t d = -2048; d <= 2048; d++) {
      int64_t base = (int64_t)1 << shift;
      for (int64_t k = 1; k <= 1024 && k <= (INT64_MAX - 4096) / base; k *= 2)
        check_bytes(base * k + d < 0 ? 0 : base * k + d);
    }
  uint64_t x = 88172645463325252ULL; /* xorshift: sizes of every magnitude */
  for (int i = 0; i < 200000; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    check_bytes((int64_t)(x >> (x % 63 + 1)));
  }
  check_bytes(INT64_MAX);
}

/* ---- loop trip counts ------------------------------------------------------------------------- */

/* The trip count of `while (INIT; iv CMP LIMIT; iv OP= STEP)`, or with
 * `swap` the comparison written `LIMIT CMP iv`. */
static int64_t trip(const char *cmp, long init, long limit, const char *op, long step, bool swap) {
  char text[1600];
  snprintf(text, sizeof text,
           "func.func @main() -> tensor<i64> {\n"
           "  %%c = stablehlo.constant dense<%ld> : tensor<i64>\n"
           "  %%0 = stablehlo.while(%%i = %%c) : tensor<i64>\n"
           "  cond {\n"
           "    %%l = stablehlo.constant dense<%ld> : tensor<i64>\n"
           "    %%p = stablehlo.compare %s, %s, %s, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
           "    stablehlo.return %%p : tensor<i1>\n"
           "  } do {\n"
           "    %%s = stablehlo.constant dense<%ld> : tensor<i64>\n"
           "    %%n = stablehlo.%s %%i, %%s : tensor<i64>\n"
           "    stablehlo.return %%n : tensor<i64>\n"
           "  }\n"
           "  return %%0 : tensor<i64>\n"
           "}\n",
           init, limit, cmp, swap ? "%l" : "%i", swap ? "%i" : "%l", step, op);
  sharc_context *ctx = new_context();
  sharc_op *m = parse(ctx, text);
  int64_t n = -2;
  if (m) {
    sharc_report_options o = sharc_report_options_default();
    sharc_report *r = sharc_report_create(m, &o);
    CHECK(sharc_report_num_loops(r) == 1);
    if (sharc_report_num_loops(r) == 1)
      n = sharc_report_loop_at(r, 0)->trip_count;
    sharc_report_destroy(r);
  }
  sharc_context_destroy(ctx);
  return n;
}

static void test_trip_counts(void) {
  CHECK(trip("LT", 0, 10, "add", 1, false) == 10);
  CHECK(trip("LT", 0, 10, "add", 3, false) == 4);   /* 0 3 6 9 */
  CHECK(trip("LE", 0, 10, "add", 5, false) == 3);   /* 0 5 10 */
  CHECK(trip("LT", 5, 5, "add", 1, false) == 0);
  CHECK(trip("LT", 0, 10, "add", -1, false) == -1); /* never ends */
  CHECK(trip("GT", 0, -4, "subtract", 1, false) == 4);
  CHECK(trip("GE", 0, -4, "add", -2, false) == 3);  /* 0 -2 -4 */
  CHECK(trip("GT", 0, 3, "add", 1, true) == 3);     /* 3 > i */
  CHECK(trip("LE", 0, 2, "add", 1, true) == 0);     /* 2 <= 0: never enters */
  CHECK(trip("LE", 5, 2, "add", 1, true) == -1);    /* 2 <= i going up: never ends */
  CHECK(trip("NE", 0, 8, "add", 2, false) == 4);
  CHECK(trip("NE", 0, 7, "add", 2, false) == -1);   /* steps over the bound */
  CHECK(trip("EQ", 3, 3, "add", 1, false) == 1);
  CHECK(trip("LT", -9223372036854775807L, 9223372036854775807L, "add", 1, false) == -1);
}

int main(void) {
  test_put_bytes();
  test_example();
  test_spec();
  test_element_bits();
  test_shard_shape();
  test_replicated_and_padded();
  test_reshard_bytes();
  test_lookup();
  test_debug_pipeline();
  test_explain_and_show();
  test_trip_counts();
  return check_summary("test_report");
}

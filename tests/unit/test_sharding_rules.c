/* Unit tests of the sharding-rule builder (compound reshape factors, size-1
 * dimensions) and of the projection of tensor shardings onto factors and
 * back (sub-axis splitting and merging, overflow axes, expansion and
 * update, common prefixes, copies), and the identity rule. */
#include "check.h"

#include "transforms/sdy/rules/projection.h"
#include "dialect/sdy/rule_builder.h"
#include "transforms/sdy/rules/rules.h"
#include "transforms/sdy/rules/rules_internal.h"
#include "sharc/asm.h"
#include "sharc/sdy.h"
#include "sharc/symbols.h"

#include <stdlib.h>

static sharc_context *new_context(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "sdy");
  sharc_context_load_dialect(ctx, "stablehlo");
  return ctx;
}

static sharc_attr *attr(sharc_context *ctx, const char *text) {
  sharc_str s = {text, strlen(text)};
  sharc_attr *a = sharc_parse_attr_text(ctx, s);
  if (!a)
    fprintf(stderr, "cannot parse %s\n", text);
  return a;
}

/* Checks the printed form of `a` (freed here). */
static void check_printed(const sharc_attr *a, const char *want) {
  sharc_buf b = {0};
  if (a)
    sharc_print_attr(a, &b);
  CHECK_STR(b.data ? b.data : "(null)", want);
  sharc_buf_free(&b);
}

/* Checks an axis ref as `name` or `name:(pre)size`. */
static void check_axis(const sharc_attr *axis, const char *want) {
  char got[64];
  sharc_str name = sharc_sdy_axis_ref_name(axis);
  sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(axis);
  if (sub)
    snprintf(got, sizeof got, "%.*s:(%lld)%lld", (int)name.len, name.data,
             (long long)sharc_sdy_sub_axis_info_pre_size(sub),
             (long long)sharc_sdy_sub_axis_info_size(sub));
  else
    snprintf(got, sizeof got, "%.*s", (int)name.len, name.data);
  CHECK_STR(got, want);
}

static sharc_type *tensor(sharc_context *ctx, const int64_t *shape, unsigned rank) {
  return sharc_type_tensor(ctx, shape, rank, sharc_type_float(ctx, SHARC_F32), NULL);
}

/* An op `test.op` taking one tensor of `in` and giving one of `out`, in a
 * block that owns the operand; the caller frees the block's op via
 * sharc_op_erase on the returned op and the block is leaked with the context. */
static sharc_op *unary_op(sharc_context *ctx, const int64_t *in, unsigned in_rank,
                          const int64_t *out, unsigned out_rank) {
  sharc_block *block = sharc_block_create(ctx);
  sharc_value *arg = sharc_block_add_arg(block, tensor(ctx, in, in_rank), sharc_loc_unknown(ctx));
  sharc_type *res = tensor(ctx, out, out_rank);
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, (sharc_str){"test.op", 7});
  st.loc = sharc_loc_unknown(ctx);
  st.operands = &arg;
  st.num_operands = 1;
  st.result_types = &res;
  st.num_results = 1;
  sharc_op *op = sharc_op_create(ctx, &st);
  sharc_block_append_op(block, op);
  return op;
}

static void check_reshape(const int64_t *in, unsigned in_rank, const int64_t *out,
                          unsigned out_rank, const char *want) {
  sharc_context *ctx = new_context();
  sharc_op *op = unary_op(ctx, in, in_rank, out, out_rank);
  check_printed(sharc_rule_reshape(op, false), want);
  sharc_context_destroy(ctx);
}

static void test_reshape_compound_factors(void) {
  int64_t a[] = {2, 4}, b[] = {8};
  check_reshape(a, 2, b, 1, "#sdy.op_sharding_rule<([i, j])->([ij]) {i=2, j=4}>");
  check_reshape(b, 1, a, 2, "#sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}>");
  /* 6x4 -> 4x6: a common 2, then 3 and 2 diverge; the sides catch up with
   * each other factor by factor until the products meet at 24 */
  int64_t c[] = {6, 4}, d[] = {4, 6};
  check_reshape(c, 2, d, 2,
                "#sdy.op_sharding_rule<([ij, mn])->([ik, ln]) {i=2, j=3, k=2, l=3, m=2, n=2}>");
  /* size-1 dimensions get factors of their own */
  int64_t e[] = {1, 4, 1}, f[] = {2, 1, 2};
  check_reshape(e, 3, f, 3,
                "#sdy.op_sharding_rule<([i, jl, m])->([j, k, l]) {i=1, j=2, k=1, l=2, m=1}>");
  /* an empty tensor has no rule */
  int64_t g[] = {0, 4}, h[] = {0};
  sharc_context *ctx = new_context();
  CHECK(sharc_rule_reshape(unary_op(ctx, g, 2, h, 1), false) == NULL);
  sharc_context_destroy(ctx);
}

static void test_builder_size_one_and_fill(void) {
  sharc_context *ctx = new_context();
  int64_t in[] = {4, 1}, out[] = {4, 3};
  sharc_op *op = unary_op(ctx, in, 2, out, 2);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  int64_t od = 0, rd = 0;
  sharc_rb_factor(&b, &od, &rd, 4, SHARC_FACTOR_PASS_THROUGH, false);
  /* the result's dimension 1 is left without a factor: it gets one of size 1 */
  od = 1;
  rd = SHARC_NULL_DIM;
  sharc_rb_factor(&b, &od, &rd, 1, SHARC_FACTOR_NEED_REPLICATION, true);
  check_printed(sharc_rb_build(&b), "#sdy.op_sharding_rule<([i, j])->([i, k]) {i=4, j=1, k=1} "
                                    "need_replication={j} blocked_propagation={j}>");
  /* building again gives the same rule: the fill-in factors are not kept */
  check_printed(sharc_rb_build(&b), "#sdy.op_sharding_rule<([i, j])->([i, k]) {i=4, j=1, k=1} "
                                    "need_replication={j} blocked_propagation={j}>");
  sharc_rb_free(&b);
  sharc_context_destroy(ctx);
}

/* ---- projection -------------------------------------------------------- */

#define MESH "mesh<[\"x\"=4, \"y\"=2]>"

static sharc_attr *mesh_of(sharc_attr *sharding) { return sharc_sdy_tensor_sharding_mesh_or_ref(sharding); }

static void test_project_doc_example(void) {
  sharc_context *ctx = new_context();
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}>");
  sharc_attr *operand = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\", \"y\"}]>");
  sharc_attr *mesh = mesh_of(operand);
  sharc_projection p;
  sharc_projection_build(&p, ctx, &operand, NULL, rule, mesh, false);
  sharc_factor_sharding *i = sharc_projection_factor(&p, 0, 0);
  sharc_factor_sharding *j = sharc_projection_factor(&p, 0, 1);
  CHECK(i && j && !i->is_minor_most && j->is_minor_most);
  CHECK(i && i->axes.len == 1 && j && j->axes.len == 2);
  if (i && j && i->axes.len == 1 && j->axes.len == 2) {
    check_axis(i->axes.items[0], "x:(1)2");
    check_axis(j->axes.items[0], "x:(2)2");
    check_axis(j->axes.items[1], "y");
  }
  /* the result's factors start open and empty */
  sharc_factor_sharding *ri = sharc_projection_factor(&p, 1, 0);
  CHECK(ri && ri->axes.len == 0 && !ri->is_closed);
  /* propagate the operand's factors to the result and project back */
  bool updated[2];
  CHECK(sharc_projection_expand(&p, 0, i->axes.items, i->axes.len, updated));
  CHECK(!updated[0] && updated[1]);
  CHECK(sharc_projection_expand(&p, 1, j->axes.items, j->axes.len, NULL));
  CHECK(!sharc_projection_expand(&p, 1, j->axes.items, j->axes.len, NULL));
  sharc_attr *ref = sharc_sdy_tensor_sharding_mesh_or_ref(operand);
  check_printed(sharc_projection_tensor_sharding(&p, 1, ref),
                "#sdy.sharding<" MESH ", [{\"x\":(1)2, ?}, {\"x\":(2)2, \"y\", ?}]>");
  /* the operand's sub-axes meet at the factor boundary and merge back */
  check_printed(sharc_projection_tensor_sharding(&p, 0, ref),
                "#sdy.sharding<" MESH ", [{\"x\", \"y\"}]>");
  CHECK(sharc_projection_sharding_size(&p, 0) == 8);
  CHECK(!sharc_projection_has_overflow(&p, 0));
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

/* A rule from the registry's reshape: 6 -> 2x3 splits the operand dimension
 * into factors 2 and 3. "x"=4 shards the operand: its first half goes to
 * the factor of size 2, the rest to the minor-most factor of size 3. */
static void test_project_through_reshape_rule(void) {
  sharc_context *ctx = new_context();
  int64_t in[] = {6}, out[] = {2, 3};
  sharc_attr *rule = sharc_rule_reshape(unary_op(ctx, in, 1, out, 2), false);
  check_printed(rule, "#sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=3}>");
  sharc_attr *operand = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\"}]>");
  sharc_attr *mesh = mesh_of(operand);
  sharc_projection p;
  sharc_projection_build(&p, ctx, &operand, NULL, rule, mesh, false);
  for (unsigned f = 0; f < 2; f++) {
    sharc_factor_sharding *fs = sharc_projection_factor(&p, 0, f);
    sharc_projection_expand(&p, f, fs->axes.items, fs->axes.len, NULL);
  }
  sharc_attr *ref = sharc_sdy_tensor_sharding_mesh_or_ref(operand);
  check_printed(sharc_projection_tensor_sharding(&p, 1, ref),
                "#sdy.sharding<" MESH ", [{\"x\":(1)2, ?}, {\"x\":(2)2, ?}]>");
  check_printed(sharc_projection_tensor_sharding(&p, 0, ref),
                "#sdy.sharding<" MESH ", [{\"x\"}]>");
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

static sharc_walk_result find_add(sharc_op *op, void *user) {
  if (!sharc_op_is(op, "stablehlo.add"))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

/* The registry's rule and the shardings values carry, read off a parsed op. */
static void test_project_op_from_text(void) {
  static const char text[] =
      "sdy.mesh @mesh = <[\"x\"=4, \"y\"=2]>\n"
      "func.func @f(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"x\"}, {}]>})"
      " -> tensor<8x4xf32> {\n"
      "  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = "
      "#sdy.sharding_per_value<[<@mesh, [{}, {\"y\"}]>]>} : tensor<8x4xf32>\n"
      "  return %0 : tensor<8x4xf32>\n"
      "}\n";
  sharc_context *ctx = new_context();
  sharc_op *module = sharc_parse_source(ctx, "t.mlir", text, sizeof text - 1);
  CHECK(module != NULL);
  if (!module) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_op *add = NULL;
  sharc_walk(module, SHARC_PRE_ORDER, find_add, &add);
  sharc_op *mesh_op = sharc_symbol_lookup(module, (sharc_str){"mesh", 4});
  CHECK(add && mesh_op);
  if (add && mesh_op) {
    sharc_attr *rule = sharc_sdy_get_or_create_sharding_rule(add, false, true);
    check_printed(sharc_op_attr(add, SHARC_SDY_SHARDING_RULE_ATTR),
                  "#sdy.op_sharding_rule<([i, j], [i, j])->([i, j]) {i=8, j=4}>");
    sharc_projection p;
    sharc_projection_build_for_op(&p, add, rule, sharc_op_attr(mesh_op, "mesh"), false);
    CHECK(sharc_projection_factor(&p, 0, 0)->axes.len == 1);
    CHECK(sharc_projection_factor(&p, 1, 0)->axes.len == 1);
    CHECK(sharc_projection_factor(&p, 2, 0)->axes.len == 0);
    CHECK(sharc_projection_factor(&p, 2, 1)->axes.len == 1);
    sharc_sdy_axis_vec common[2] = {{0}, {0}};
    sharc_projection_common_prefix(&p, common);
    CHECK(common[0].len == 0 && common[1].len == 0);
    sharc_vec_free(&common[0]);
    sharc_vec_free(&common[1]);
    sharc_projection_free(&p);
  }
  sharc_op_erase(module);
  sharc_context_destroy(ctx);
}

/* ---- table-driven projections of parsed ops ---------------------------- */

static void put_axis(sharc_buf *b, const sharc_attr *axis) {
  sharc_buf_put_str(b, sharc_sdy_axis_ref_name(axis));
  sharc_attr *sub = sharc_sdy_axis_ref_sub_axis_info(axis);
  if (sub)
    sharc_buf_printf(b, ":(%lld)%lld", (long long)sharc_sdy_sub_axis_info_pre_size(sub),
                     (long long)sharc_sdy_sub_axis_info_size(sub));
}

static void put_axes(sharc_buf *b, const sharc_sdy_axis_vec *a) {
  for (unsigned i = 0; i < a->len; i++) {
    if (i)
      sharc_buf_putc(b, ',');
    put_axis(b, a->items[i]);
  }
}

/* One tensor's factor shardings as `f0 Cm a:(1)2,b; f1 O [] overflow c`:
 * closed (C) or open (O), minor-most (m), axes, overflow axes. */
static char *format_tensor(sharc_projection *p, unsigned tensor) {
  sharc_buf b = {0};
  for (unsigned f = 0; f < p->num_factors; f++) {
    sharc_factor_sharding *fs = sharc_projection_factor(p, tensor, f);
    if (!fs)
      continue;
    if (b.len)
      SHARC_BUF_LIT(&b, "; ");
    sharc_buf_printf(&b, "f%u %c%s ", f, fs->is_closed ? 'C' : 'O', fs->is_minor_most ? "m" : "");
    if (fs->axes.len)
      put_axes(&b, &fs->axes);
    else
      SHARC_BUF_LIT(&b, "[]");
    if (fs->overflow.len) {
      SHARC_BUF_LIT(&b, " overflow ");
      put_axes(&b, &fs->overflow);
    }
  }
  sharc_buf_putc(&b, 0);
  return b.data;
}

typedef struct parsed_op {
  sharc_context *ctx;
  sharc_op *module, *op;
  sharc_attr *mesh;
} parsed_op;

static sharc_walk_result find_first_stablehlo(sharc_op *op, void *user) {
  if (!sharc_ident_str(sharc_op_name(op)).len ||
      strncmp(sharc_ident_str(sharc_op_name(op)).data, "stablehlo.", 10) != 0)
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

static sharc_walk_result find_first_negate(sharc_op *op, void *user) {
  if (!sharc_str_eq_cstr(sharc_ident_str(sharc_op_name(op)), "stablehlo.negate"))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

/* Parses `mesh` (the sdy.mesh body) and `func` around the first stablehlo op. */
static bool parse_op(parsed_op *po, const char *mesh, const char *func) {
  sharc_buf text = {0};
  sharc_buf_printf(&text, "sdy.mesh @mesh = %s\n%s\n", mesh, func);
  po->ctx = new_context();
  po->module = sharc_parse_source(po->ctx, "t.mlir", text.data, text.len);
  sharc_buf_free(&text);
  po->op = NULL;
  po->mesh = NULL;
  if (po->module) {
    sharc_walk(po->module, SHARC_PRE_ORDER, find_first_stablehlo, &po->op);
    sharc_op *m = sharc_symbol_lookup(po->module, (sharc_str){"mesh", 4});
    po->mesh = m ? sharc_op_attr(m, "mesh") : NULL;
  }
  CHECK(po->op && po->mesh);
  return po->op && po->mesh;
}

static void parsed_free(parsed_op *po) {
  if (po->module)
    sharc_op_erase(po->module);
  sharc_context_destroy(po->ctx);
}

typedef struct build_case {
  const char *mesh;
  const char *func;
  const char *operand0; /* expected format_tensor of operand 0 */
  const char *result0;  /* of result 0, or NULL */
} build_case;

#define RESHAPE_FUNC(in, out, sharding)                                                        \
  "func.func @main(%arg0: tensor<" in "xf32> {sdy.sharding = #sdy.sharding<@mesh, " sharding \
  ">}) -> tensor<" out "xf32> {\n"                                                             \
  "  %0 = stablehlo.reshape %arg0 : (tensor<" in "xf32>) -> tensor<" out "xf32>\n"             \
  "  return %0 : tensor<" out "xf32>\n}"

static const build_case build_cases[] = {
    /* an already split axis splits further along the factors of dim 1 */
    {"<[\"a\"=16, \"b\"=8, \"c\"=4]>",
     RESHAPE_FUNC("16x8", "16x2x4", "[{\"a\":(1)2, \"b\"}, {\"a\":(2)8}], replicated={\"c\":(2)2}"),
     "f0 Cm a:(1)2,b; f1 C a:(2)2; f2 Cm a:(4)4", NULL},
    /* open dimensions stay open; the minor-most factor takes every axis */
    {"<[\"a\"=2, \"b\"=4, \"c\"=2, \"d\"=4, \"e\"=2]>",
     "func.func @main(%arg0: tensor<32x4x16xf32> {sdy.sharding = #sdy.sharding<@mesh, "
     "[{\"a\", ?}, {\"c\", ?}, {\"b\", \"d\":(2)2, \"e\"}]>}) -> tensor<32x1x2xf32> {\n"
     "  %0 = stablehlo.slice %arg0 [0:32, 1:2, 4:6] : (tensor<32x4x16xf32>) -> tensor<32x1x2xf32>\n"
     "  return %0 : tensor<32x1x2xf32>\n}",
     "f0 Om a; f1 Om c; f2 Cm b,d:(2)2,e", NULL},
    /* the minor-most factor may be sharded unevenly (padding) */
    {"<[\"a\"=6]>", RESHAPE_FUNC("8", "2x4", "[{\"a\"}]"), "f0 C a:(1)2; f1 Cm a:(2)3", NULL},
    {"<[\"a\"=16]>", RESHAPE_FUNC("8", "2x4", "[{\"a\"}]"), "f0 C a:(1)2; f1 Cm a:(2)8", NULL},
    {"<[\"a\"=16, \"b\"=1, \"c\"=1]>", RESHAPE_FUNC("8", "2x4", "[{\"a\", \"b\", \"c\"}]"),
     "f0 C a:(1)2; f1 Cm a:(2)8,b,c", NULL},
    /* size-1 axes never stop a factor */
    {"<[\"a\"=1, \"b\"=2, \"c\"=1]>", RESHAPE_FUNC("8", "2x4", "[{\"a\", \"b\", \"c\"}]"),
     "f0 C a,b,c; f1 Cm []", NULL},
    /* a non-minor-most factor the axis does not divide: overflow, and the
     * next factor is closed */
    {"<[\"a\"=3]>", RESHAPE_FUNC("16", "4x4", "[{\"a\", ?}]"),
     "f0 O [] overflow a; f1 Cm []", "f0 Om []; f1 Om []"},
    {"<[\"a\"=6]>", RESHAPE_FUNC("16", "4x4", "[{\"a\"}]"),
     "f0 C a:(1)2 overflow a:(2)3; f1 Cm []", NULL},
    {"<[\"a\"=2, \"b\"=3]>", RESHAPE_FUNC("16", "4x4", "[{\"a\", \"b\"}]"),
     "f0 C a overflow b; f1 Cm []", "f0 Om []; f1 Om []"},
};

static void test_projection_build_cases(void) {
  for (size_t i = 0; i < sizeof build_cases / sizeof build_cases[0]; i++) {
    const build_case *c = &build_cases[i];
    parsed_op po;
    if (parse_op(&po, c->mesh, c->func)) {
      sharc_attr *rule = sharc_sdy_create_sharding_rule(po.op, false);
      sharc_projection p;
      sharc_projection_build_for_op(&p, po.op, rule, po.mesh, false);
      char *got = format_tensor(&p, 0);
      CHECK_STR(got, c->operand0);
      free(got);
      if (c->result0) {
        got = format_tensor(&p, p.num_operands);
        CHECK_STR(got, c->result0);
        free(got);
      }
      sharc_projection_free(&p);
    }
    parsed_free(&po);
  }
}

/* Factor shardings set by hand, projected back onto a reshape's tensor. */
typedef struct back_case {
  const char *mesh;
  const char *in, *out;   /* reshape shapes */
  bool onto_result;       /* project onto the result, else the operand */
  const char *axes[2][3]; /* per factor, up to three axes as "name" or "name:pre:size" */
  const char *overflow0;  /* one overflow axis of factor 0, or NULL */
  const char *want;
} back_case;

static const back_case back_cases[] = {
    /* consecutive sub-axes merge at the factor boundary */
    {"<[\"a\"=8, \"b\"=2]>", "4x4", "16", true, {{"b", "a:2:2"}, {"a:4:2"}}, NULL,
     "#sdy.sharding<@mesh, [{\"b\", \"a\":(2)4, ?}]>"},
    /* overflow axes follow the factor's own and merge with them */
    {"<[\"a\"=6]>", "8", "2x4", false, {{"a:1:2"}, {NULL}}, "a:2:3",
     "#sdy.sharding<@mesh, [{\"a\", ?}]>"},
    /* a fully sharded major factor lets the next one in */
    {"<[\"a\"=2, \"b\"=2, \"c\"=4]>", "4x4", "16", true, {{"a", "b"}, {"c"}}, NULL,
     "#sdy.sharding<@mesh, [{\"a\", \"b\", \"c\", ?}]>"},
    /* a partially sharded one does not (that would need a strided view) */
    {"<[\"a\"=2, \"b\"=2]>", "4x4", "16", true, {{"a"}, {"b"}}, NULL,
     "#sdy.sharding<@mesh, [{\"a\", ?}]>"},
    /* the minor-most factor may be sharded unevenly */
    {"<[\"a\"=3, \"b\"=4]>", "4x4", "16", true, {{"b"}, {"a"}}, NULL,
     "#sdy.sharding<@mesh, [{\"b\", \"a\", ?}]>"},
};

static sharc_attr *axis_from_spec(sharc_context *ctx, const char *spec) {
  const char *colon = strchr(spec, ':');
  if (!colon)
    return sharc_sdy_axis_ref_get(ctx, (sharc_str){spec, strlen(spec)}, NULL);
  long long pre = 0, size = 0;
  sscanf(colon + 1, "%lld:%lld", &pre, &size);
  return sharc_sdy_axis_ref_get(ctx, (sharc_str){spec, (size_t)(colon - spec)},
                                sharc_sdy_sub_axis_info_get(ctx, pre, size));
}

static void test_projection_back_cases(void) {
  for (size_t i = 0; i < sizeof back_cases / sizeof back_cases[0]; i++) {
    const back_case *c = &back_cases[i];
    char func[512];
    snprintf(func, sizeof func,
             "func.func @main(%%arg0: tensor<%sxf32>) -> tensor<%sxf32> {\n"
             "  %%0 = stablehlo.reshape %%arg0 : (tensor<%sxf32>) -> tensor<%sxf32>\n"
             "  return %%0 : tensor<%sxf32>\n}",
             c->in, c->out, c->in, c->out, c->out);
    parsed_op po;
    if (parse_op(&po, c->mesh, func)) {
      sharc_attr *rule = sharc_sdy_create_sharding_rule(po.op, false);
      sharc_projection p;
      sharc_projection_build_for_op(&p, po.op, rule, po.mesh, false);
      unsigned t = c->onto_result ? p.num_operands : 0;
      for (unsigned f = 0; f < 2; f++) {
        sharc_factor_sharding *fs = sharc_projection_factor(&p, t, f);
        for (unsigned k = 0; k < 3 && c->axes[f][k]; k++)
          sharc_vec_push(&fs->axes, axis_from_spec(po.ctx, c->axes[f][k]));
      }
      if (c->overflow0)
        sharc_vec_push(&sharc_projection_factor(&p, t, 0)->overflow,
                       axis_from_spec(po.ctx, c->overflow0));
      sharc_attr *ref = sharc_attr_symbol_ref(po.ctx, sharc_ident_get(po.ctx, (sharc_str){"mesh", 4}),
                                              NULL, 0);
      check_printed(sharc_projection_tensor_sharding(&p, t, ref), c->want);
      sharc_projection_free(&p);
    }
    parsed_free(&po);
  }
}

static void test_project_overflow(void) {
  sharc_context *ctx = new_context();
  /* factor i=3 shares no divisor with "x"=4: "x" overflows and j is closed */
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([ij])->([i, j]) {i=3, j=4}>");
  sharc_attr *operand = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\"}]>");
  sharc_attr *mesh = mesh_of(operand);
  sharc_projection p;
  sharc_projection_build(&p, ctx, &operand, NULL, rule, mesh, false);
  sharc_factor_sharding *i = sharc_projection_factor(&p, 0, 0);
  sharc_factor_sharding *j = sharc_projection_factor(&p, 0, 1);
  CHECK(i && i->axes.len == 0 && i->overflow.len == 1);
  CHECK(j && j->axes.len == 0 && j->is_closed);
  CHECK(sharc_projection_has_overflow(&p, 0) && !sharc_projection_has_overflow(&p, 1));
  check_printed(sharc_projection_tensor_sharding(&p, 0, sharc_sdy_tensor_sharding_mesh_or_ref(operand)),
                "#sdy.sharding<" MESH ", [{\"x\"}]>");
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

static void test_project_minor_most_and_sub_axes(void) {
  sharc_context *ctx = new_context();
  /* i=2 takes "x":(1)2; the minor-most j=3 takes the rest, "x":(2)2, though 2
   * does not divide 3 (padding) */
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([ij])->([ij]) {i=2, j=3}>");
  sharc_attr *operand = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\"}]>");
  sharc_attr *mesh = mesh_of(operand);
  sharc_projection p;
  sharc_projection_build(&p, ctx, &operand, NULL, rule, mesh, true);
  sharc_factor_sharding *j = sharc_projection_factor(&p, 0, 1);
  CHECK(j && j->axes.len == 1);
  if (j && j->axes.len == 1)
    check_axis(j->axes.items[0], "x:(2)2");
  /* a missing sharding is closed when asked */
  CHECK(sharc_projection_factor(&p, 1, 0)->is_closed);
  sharc_projection_free(&p);

  /* a sub-axis already in the sharding splits further: "x":(2)2 over i=2 */
  sharc_attr *rule2 = attr(ctx, "#sdy.op_sharding_rule<([ij])->([ij]) {i=2, j=4}>");
  sharc_attr *sub = attr(ctx, "#sdy.sharding<" MESH ", [{\"y\", \"x\":(2)2}]>");
  sharc_projection_build(&p, ctx, &sub, NULL, rule2, mesh, false);
  sharc_factor_sharding *i = sharc_projection_factor(&p, 0, 0);
  j = sharc_projection_factor(&p, 0, 1);
  CHECK(i && i->axes.len == 1 && j && j->axes.len == 1);
  if (i && j && i->axes.len == 1 && j->axes.len == 1) {
    check_axis(i->axes.items[0], "y");
    check_axis(j->axes.items[0], "x:(2)2");
  }
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

static void test_common_prefix(void) {
  sharc_context *ctx = new_context();
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>");
  sharc_attr *a = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\", \"y\"}]>");
  sharc_attr *b = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\":(1)2}]>");
  sharc_attr *mesh = mesh_of(a);
  sharc_attr *ops[2] = {a, b};
  sharc_projection p;
  sharc_projection_build(&p, ctx, ops, NULL, rule, mesh, false);
  sharc_sdy_axis_vec prefix[1] = {{0}};
  sharc_projection_common_prefix(&p, prefix);
  /* the result has no axes, so nothing is common */
  CHECK(prefix[0].len == 0);
  sharc_vec_free(&prefix[0]);
  sharc_attr *axes[1] = {sharc_projection_factor(&p, 1, 0)->axes.items[0]};
  sharc_projection_expand(&p, 0, axes, 1, NULL);
  sharc_projection_common_prefix(&p, prefix);
  CHECK(prefix[0].len == 1);
  if (prefix[0].len == 1)
    check_axis(prefix[0].items[0], "x:(1)2");
  sharc_vec_free(&prefix[0]);
  CHECK(sharc_sdy_axes_prefix_of(axes, 1, sharc_projection_factor(&p, 0, 0)->axes.items, 2) ==
        SHARC_SDY_PREFIX_STRICT);
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

static void test_distribute_axes(void) {
  sharc_context *ctx = new_context();
  sharc_attr *sharding = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\", \"y\"}]>");
  sharc_attr *mesh = mesh_of(sharding);
  sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, 0);
  sharc_attr *axes[2] = {sharc_sdy_dim_sharding_axis(dim, 0), sharc_sdy_dim_sharding_axis(dim, 1)};
  sharc_factor_sharding fs[2];
  memset(fs, 0, sizeof fs);
  int64_t sizes[2] = {2, 4};
  sharc_distribute_axes(ctx, fs, 2, sizes, axes, 2, mesh);
  CHECK(fs[0].axes.len == 1 && fs[1].axes.len == 2 && !fs[1].overflow.len);
  if (fs[0].axes.len == 1 && fs[1].axes.len == 2) {
    check_axis(fs[0].axes.items[0], "x:(1)2");
    check_axis(fs[1].axes.items[0], "x:(2)2");
    check_axis(fs[1].axes.items[1], "y");
  }
  for (int i = 0; i < 2; i++) {
    sharc_vec_free(&fs[i].axes);
    sharc_vec_free(&fs[i].overflow);
  }
  /* no factor shares a divisor with "x": everything overflows */
  int64_t odd[1] = {3};
  sharc_distribute_axes(ctx, fs, 1, odd, axes, 2, mesh);
  CHECK(fs[0].axes.len == 0 && fs[0].overflow.len == 2);
  sharc_vec_free(&fs[0].axes);
  sharc_vec_free(&fs[0].overflow);
  sharc_context_destroy(ctx);
}

/* Expanding (only a strict prefix grows), updating (axes and overflow),
 * unreduced and replicated axes carried over, the sharding size and copies,
 * as Shardy's TensorFactorShardings tests check them. */
static void test_projection_expand_update_copy(void) {
  sharc_context *ctx = new_context();
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) "
                               "{i=8, j=8, k=8} reduction={k}>");
  sharc_attr *lhs = attr(ctx, "#sdy.sharding<" MESH ", [{\"x\", ?}, {?}], unreduced={\"y\"}>");
  sharc_attr *rhs = attr(ctx, "#sdy.sharding<" MESH ", [{}, {\"y\"}], replicated={\"x\"}>");
  sharc_attr *mesh = mesh_of(lhs);
  sharc_attr *ops[2] = {lhs, rhs};
  sharc_projection p;
  sharc_projection_build(&p, ctx, ops, NULL, rule, mesh, false);
  CHECK(p.tensors[0].unreduced.len == 1 && p.tensors[1].replicated.len == 1);
  CHECK(p.tensors[2].unreduced.len == 0 && !sharc_projection_factor(&p, 2, 0)->is_closed);
  CHECK(sharc_projection_sharding_size(&p, 1) == 2 && sharc_projection_sharding_size(&p, 2) == 1);
  bool updated[3];
  sharc_attr *x = sharc_projection_factor(&p, 0, 0)->axes.items[0];
  sharc_attr *y = sharc_projection_factor(&p, 1, 1)->axes.items[0];
  sharc_attr *xy[2] = {x, y};
  /* factor i: the result grows from [] to ["x", "y"], the lhs from ["x"] */
  CHECK(sharc_projection_expand(&p, 0, xy, 2, updated));
  CHECK(updated[0] && !updated[1] && updated[2]);
  /* a list that is not a strict extension changes nothing */
  CHECK(!sharc_projection_expand(&p, 0, &y, 1, updated));
  CHECK(!updated[0] && !updated[1] && !updated[2]);
  sharc_projection copy;
  sharc_projection_copy(&copy, &p);
  /* updating replaces the axes and overflow axes of every tensor with the factor */
  CHECK(sharc_projection_update(&p, 1, &x, 1, &y, 1, updated));
  CHECK(!updated[0] && updated[1] && updated[2]);
  CHECK(!sharc_projection_update(&p, 1, &x, 1, &y, 1, updated));
  CHECK(sharc_projection_has_overflow(&p, 2) && !sharc_projection_has_overflow(&copy, 2));
  CHECK(sharc_projection_factor(&copy, 2, 0)->axes.len == 2 &&
        sharc_projection_factor(&copy, 1, 1)->axes.items[0] == y);
  CHECK(copy.tensors[0].unreduced.len == 1 && copy.tensors[0].unreduced.items[0] == y);
  sharc_attr *ref = sharc_sdy_tensor_sharding_mesh_or_ref(lhs);
  check_printed(sharc_projection_tensor_sharding(&copy, 0, ref),
                "#sdy.sharding<" MESH ", [{\"x\", \"y\", ?}, {?}], unreduced={\"y\"}>");
  sharc_projection_free(&copy);
  sharc_projection_free(&p);
  sharc_context_destroy(ctx);
}

/* Building from an op reads each value's sharding as getSharding does: a
 * while's block argument through the sdy.data_flow_edge of its result. */
static void test_project_op_through_data_flow_edge(void) {
  static const char text[] =
      "sdy.mesh @mesh = <[\"x\"=4, \"y\"=2]>\n"
      "func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
      "  %0 = stablehlo.while(%iterArg = %arg0) : tensor<8xf32>\n"
      "   cond {\n"
      "    %c = stablehlo.constant dense<true> : tensor<i1>\n"
      "    stablehlo.return %c : tensor<i1>\n"
      "  } do {\n"
      "    %2 = stablehlo.negate %iterArg : tensor<8xf32>\n"
      "    stablehlo.return %2 : tensor<8xf32>\n"
      "  }\n"
      "  %1 = sdy.data_flow_edge %0 sharding=<@mesh, [{\"y\"}]> : tensor<8xf32>\n"
      "  return %1 : tensor<8xf32>\n"
      "}\n";
  sharc_context *ctx = new_context();
  sharc_op *module = sharc_parse_source(ctx, "t.mlir", text, sizeof text - 1);
  CHECK(module != NULL);
  sharc_op *neg = NULL;
  if (module)
    sharc_walk(module, SHARC_PRE_ORDER, find_first_negate, &neg);
  sharc_op *mesh_op = module ? sharc_symbol_lookup(module, (sharc_str){"mesh", 4}) : NULL;
  CHECK(neg && mesh_op);
  if (neg && mesh_op) {
    sharc_attr *rule = sharc_sdy_create_sharding_rule(neg, false);
    sharc_projection p;
    sharc_projection_build_for_op(&p, neg, rule, sharc_op_attr(mesh_op, "mesh"), false);
    sharc_factor_sharding *fs = sharc_projection_factor(&p, 0, 0);
    CHECK(fs && fs->axes.len == 1 && fs->is_closed);
    if (fs && fs->axes.len == 1)
      check_axis(fs->axes.items[0], "y");
    sharc_projection_free(&p);
  }
  if (module)
    sharc_op_erase(module);
  sharc_context_destroy(ctx);
}

static void test_identity_rule(void) {
  sharc_context *ctx = new_context();
  int64_t shape[] = {8, 1, 0};
  check_printed(sharc_rule_identity(ctx, tensor(ctx, shape, 3), 2, 1),
                "#sdy.op_sharding_rule<([i, j, k], [i, j, k])->([i, j, k]) {i=8, j=1, k=0}>");
  check_printed(sharc_rule_identity(ctx, tensor(ctx, shape, 0), 1, 1),
                "#sdy.op_sharding_rule<([])->([])>");
  sharc_context_destroy(ctx);
}

static void test_rule_queries(void) {
  sharc_context *ctx = new_context();
  sharc_attr *rule = attr(ctx, "#sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) "
                               "{i=2, j=4, k=8} reduction={k}>");
  CHECK(sharc_rule_num_factors(rule) == 3 && sharc_rule_num_tensors(rule) == 3);
  CHECK(sharc_rule_dim_factor(rule, 1, 0, 0) == 2);
  sharc_factor_use uses[3];
  CHECK(sharc_rule_factor_uses(rule, 2, uses) == 2);
  CHECK(uses[0].tensor == 0 && uses[0].dim == 1 && uses[1].tensor == 1 && uses[1].dim == 0);
  CHECK(sharc_rule_factor_is(rule, 2, SHARC_RULE_IS_REDUCTION));
  CHECK(!sharc_rule_factor_is(rule, 0, SHARC_RULE_IS_REDUCTION));
  /* marks only the factors of the kind, within the bound, leaving others */
  bool marks[3] = {false, true, false};
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_REDUCTION, marks, 3);
  CHECK(!marks[0] && marks[1] && marks[2]);
  bool bounded[2] = {false, false};
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_REDUCTION, bounded, 2);
  CHECK(!bounded[0] && !bounded[1]);
  bool none[3] = {false, false, false};
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_PERMUTATION, none, 3);
  CHECK(!none[0] && !none[1] && !none[2]);
  sharc_context_destroy(ctx);
}

/* The registry is searched by bisection: its rows must stay sorted, and
 * every row must be found for an op of that name. */
static void test_registry_sorted(void) {
  unsigned n = sharc_rule_registry_size();
  CHECK(n > 100);
  for (unsigned i = 1; i < n; i++)
    if (strcmp(sharc_rule_registry_op(i - 1), sharc_rule_registry_op(i)) >= 0) {
      fprintf(stderr, "registry rows out of order: %s, %s\n", sharc_rule_registry_op(i - 1),
              sharc_rule_registry_op(i));
      CHECK(false);
    }
}

typedef struct cache_check {
  sharc_rule_cache *cache;
  unsigned checked;
} cache_check;

/* Every op's rule through the cache is the rule derived afresh. */
static sharc_walk_result compare_cached(sharc_op *op, void *user) {
  cache_check *c = user;
  for (int conservative = 0; conservative < 2; conservative++) {
    sharc_attr *fresh = sharc_sdy_create_sharding_rule(op, conservative);
    sharc_attr *cached =
        sharc_sdy_get_or_create_sharding_rule_cached(op, conservative, false, c->cache);
    CHECK(fresh == cached);
    c->checked += fresh != NULL;
  }
  return SHARC_WALK_ADVANCE;
}

/* Ops alike share a cached rule, ops that differ in types or attributes do
 * not, and rules that look past the op (a concatenate of slices) are not
 * cached; twice, so the second walk reads the cache. */
static void test_rule_cache(void) {
  static const char text[] =
      "func.func @f(%a: tensor<8x4xf32>, %b: tensor<4x8xf32>, %c: tensor<2x4xf32>) {\n"
      "  %0 = stablehlo.add %a, %a : tensor<8x4xf32>\n"
      "  %1 = stablehlo.multiply %0, %a : tensor<8x4xf32>\n"
      "  %2 = stablehlo.add %b, %b : tensor<4x8xf32>\n"
      "  %3 = stablehlo.transpose %0, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>\n"
      "  %4 = stablehlo.transpose %1, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>\n"
      "  %5 = stablehlo.reshape %0 : (tensor<8x4xf32>) -> tensor<32xf32>\n"
      "  %6 = stablehlo.reshape %1 : (tensor<8x4xf32>) -> tensor<4x2x4xf32>\n"
      "  %7 = stablehlo.broadcast_in_dim %c, dims = [0, 2] : (tensor<2x4xf32>) -> tensor<2x3x4xf32>\n"
      "  %8 = stablehlo.dot_general %0, %b, contracting_dims = [1] x [0] : "
      "(tensor<8x4xf32>, tensor<4x8xf32>) -> tensor<8x8xf32>\n"
      "  %9 = stablehlo.slice %0 [0:4, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>\n"
      "  %10 = stablehlo.slice %0 [4:8, 0:4] : (tensor<8x4xf32>) -> tensor<4x4xf32>\n"
      "  %11 = stablehlo.concatenate %9, %10, dim = 0 : (tensor<4x4xf32>, tensor<4x4xf32>) -> "
      "tensor<8x4xf32>\n"
      "  %12 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<8x4xf32>, tensor<8x4xf32>) -> "
      "tensor<16x4xf32>\n"
      "  return\n"
      "}\n";
  sharc_context *ctx = new_context();
  sharc_op *module = sharc_parse_source(ctx, "t.mlir", text, sizeof text - 1);
  CHECK(module != NULL);
  if (!module) {
    sharc_context_destroy(ctx);
    return;
  }
  cache_check c = {sharc_rule_cache_create(), 0};
  sharc_walk(module, SHARC_PRE_ORDER, compare_cached, &c);
  sharc_walk(module, SHARC_PRE_ORDER, compare_cached, &c);
  CHECK(c.checked == 2 * 2 * 13);
  sharc_rule_cache_destroy(c.cache);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_reshape_compound_factors();
  test_builder_size_one_and_fill();
  test_project_doc_example();
  test_project_through_reshape_rule();
  test_project_op_from_text();
  test_projection_build_cases();
  test_projection_back_cases();
  test_project_overflow();
  test_project_minor_most_and_sub_axes();
  test_common_prefix();
  test_distribute_axes();
  test_projection_expand_update_copy();
  test_project_op_through_data_flow_edge();
  test_identity_rule();
  test_rule_queries();
  test_registry_sorted();
  test_rule_cache();
  return check_summary("sharding_rules");
}

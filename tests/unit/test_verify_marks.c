/* Unit tests for incremental verification (src/ir/verify_marks.c and
 * sharc_verify_changed, and the parser's verification of each function as
 * it finishes it, asm/verify.c): after a module verified whole, each edit below
 * makes it invalid in a way only ops the edit did not touch can report
 * (a user, a terminator, the enclosing function, a moved op's user);
 * sharc_verify_changed must report exactly what a whole verification of
 * the same IR reports, and an edit that keeps the IR valid must pass. */
#include "ir/context.h"
#include "ir/static_names.h"
#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "ir_helpers.h"

static const char module_text[] =
    "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = \"test.def\"(%arg0) {id = \"a\"} : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  %1 = stablehlo.multiply %0, %0 {id = \"m\"} : tensor<4xf32>\n"
    "  %2 = stablehlo.while(%iterArg = %1) : tensor<4xf32>\n"
    "    cond {\n"
    "      %c = stablehlo.constant dense<true> : tensor<i1>\n"
    "      stablehlo.return %c : tensor<i1>\n"
    "    } do {\n"
    "      %3 = stablehlo.negate %iterArg {id = \"n\"} : tensor<4xf32>\n"
    "      stablehlo.return %3 : tensor<4xf32>\n"
    "    }\n"
    "  return %2 : tensor<4xf32>\n"
    "}\n"
    "func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  return %arg0 : tensor<4xf32>\n"
    "}\n";

/* The diagnostics' messages, one a line. */
static void record(const sharc_diag *d, void *user) {
  sharc_buf *b = user;
  sharc_buf_puts(b, d->message);
  sharc_buf_puts(b, "\n");
}

typedef struct fixture {
  sharc_context *ctx;
  sharc_op *m;
  sharc_buf diags;
} fixture;

/* `text` parsed with StableHLO (and `dialect`, unregistered ops when
 * asked), diagnostics recorded; not verified. */
static bool parse_with(fixture *f, const char *text, const char *dialect, bool unregistered) {
  memset(f, 0, sizeof *f);
  f->ctx = sharc_context_create();
  sharc_context_load_dialect(f->ctx, "stablehlo");
  if (dialect)
    sharc_context_load_dialect(f->ctx, dialect);
  sharc_context_set_allow_unregistered(f->ctx, unregistered);
  sharc_context_set_diag_handler(f->ctx, record, &f->diags);
  f->m = parse_text(f->ctx, text);
  CHECK(f->m != NULL);
  return f->m != NULL;
}

static bool parse_only(fixture *f, const char *text, bool sdy, bool unregistered) {
  return parse_with(f, text, sdy ? "sdy" : NULL, unregistered);
}

/* `text` parsed (see parse_only) and verified whole, tracked from here. */
static bool setup_text(fixture *f, const char *text, bool sdy, bool unregistered) {
  if (!parse_only(f, text, sdy, unregistered))
    return false;
  CHECK(sharc_verify(f->m)); /* tracked from here */
  return true;
}

static bool setup(fixture *f) { return setup_text(f, module_text, false, true); }

/* sharc_verify_changed's verdict and messages must be a whole
 * verification's: `want` is what the whole one says (NULL: passes). */
static void expect(fixture *f, const char *want) {
  f->diags.len = 0;
  bool changed_ok = sharc_verify_changed(f->m);
  const char *said = f->diags.data && f->diags.len ? f->diags.data : "";
  char *changed = malloc(strlen(said) + 1);
  if (!changed)
    abort();
  memcpy(changed, said, strlen(said) + 1);
  f->diags.len = 0;
  if (f->diags.data)
    f->diags.data[0] = 0;
  bool whole_ok = sharc_verify(f->m);
  const char *whole = f->diags.data && f->diags.len ? f->diags.data : "";
  CHECK(changed_ok == whole_ok);
  CHECK_STR(changed, whole);
  CHECK(whole_ok == (want == NULL));
  if (want && !strstr(whole, want)) {
    CHECK(strstr(whole, want) != NULL);
    fprintf(stderr, "whole verification said: %s", whole);
  }
  free(changed);
}

static void teardown(fixture *f) {
  sharc_buf_free(&f->diags);
  sharc_context_destroy(f->ctx);
}

static sharc_type *type(sharc_context *ctx, const char *text) {
  return sharc_parse_type_text(ctx, sharc_str_from_cstr(text));
}

/* A result type changed: its user (unchanged itself) no longer verifies. */
static void test_result_type_reaches_users(void) {
  fixture f;
  if (!setup(&f))
    return;
  /* an unregistered producer checks nothing; the multiply reading it does */
  sharc_op *def = find_op(f.m, "a");
  sharc_value_set_type(sharc_op_result(def, 0), type(f.ctx, "tensor<8xf32>"));
  expect(&f, "'stablehlo.multiply' op requires compatible types for all operands and results");
  teardown(&f);
}

/* An op moved after its user: the user reports the dominance error. */
static void test_moved_op_reaches_users(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *def = find_op(f.m, "a"), *mul = find_op(f.m, "m");
  sharc_op_move_after(def, mul);
  expect(&f, "operand #0 does not dominate this use");
  teardown(&f);
}

/* The terminator of a nested block erased: the while reports. */
static void test_erased_terminator(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *neg = find_op(f.m, "n");
  sharc_op_erase(sharc_op_next(neg));
  expect(&f, "block with no terminator, has %3 = \"stablehlo.negate\"");
  teardown(&f);
}

/* A function's only op erased: its body walked (not its own checks, which
 * read no nested op) reports the empty block. */
static void test_erased_function_terminator(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *g = sharc_op_next(sharc_op_parent_op(find_op(f.m, "a")));
  sharc_op_erase(sharc_block_last_op(sharc_region_first_block(sharc_op_region(g, 0))));
  CHECK(g->verify_dirty && g->verify_attrs_only);
  expect(&f, "empty block: expect at least a terminator");
  teardown(&f);
}

/* A change inside a function marks the function only to be walked to it;
 * a change of its signature after that makes it checked whole. */
static void test_function_reached_then_changed(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *m = find_op(f.m, "m"), *fn = sharc_op_parent_op(m);
  sharc_op_set_attr(m, "note", sharc_attr_unit(f.ctx));
  CHECK(m->verify_dirty && !m->verify_attrs_only);
  CHECK(fn->verify_dirty && fn->verify_attrs_only);
  sharc_block *body = sharc_region_first_block(sharc_op_region(fn, 0));
  sharc_value_set_type(sharc_block_arg(body, 0), type(f.ctx, "tensor<2xf32>"));
  CHECK(fn->verify_dirty && !fn->verify_attrs_only);
  expect(&f, "type of entry block argument #0('tensor<2xf32>') must match the type of the "
             "corresponding argument in function signature('tensor<4xf32>')");
  teardown(&f);
}

/* A function's argument type changed: the function's own check reads it. */
static void test_block_argument_type(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *g = sharc_op_next(sharc_op_parent_op(find_op(f.m, "a")));
  sharc_block *body = sharc_region_first_block(sharc_op_region(g, 0));
  sharc_value_set_type(sharc_block_arg(body, 0), type(f.ctx, "tensor<2xf32>"));
  expect(&f, "type of entry block argument #0('tensor<2xf32>') must match the type of the "
             "corresponding argument in function signature('tensor<4xf32>')");
  teardown(&f);
}

/* Valid edits pass, and only then: twice in a row, the second with
 * nothing marked. */
static void test_valid_edits_pass(void) {
  fixture f;
  if (!setup(&f))
    return;
  sharc_op *mul = find_op(f.m, "m");
  sharc_op_set_attr(mul, "note", sharc_attr_unit(f.ctx));
  expect(&f, NULL);
  CHECK(sharc_verify_changed(f.m));
  sharc_op *def = find_op(f.m, "a");
  sharc_value_replace_all_uses(sharc_op_result(def, 0), sharc_op_operand(def, 0));
  sharc_op_erase(def);
  expect(&f, NULL);
  teardown(&f);
}

/* Shardings set on ops (discardable sdy attributes): the op runs only its
 * attribute hooks, a user of another dialect nothing, an sdy user (a
 * collective reads its operand's sharding) its whole verification. */
static const char sdy_text[] =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @h(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %arg0 {id = \"p\"} : tensor<4xf32>\n"
    "  %1 = stablehlo.abs %0 {id = \"q\"} : tensor<4xf32>\n"
    "  %2 = sdy.all_slice [{\"x\"}] %1 out_sharding=<@mesh, [{\"x\"}]> : tensor<4xf32>\n"
    "  return %2 : tensor<4xf32>\n"
    "}\n";

static bool setup_sdy(fixture *f) { return setup_text(f, sdy_text, true, false); }

static void set_sharding(fixture *f, const char *label, const char *text) {
  sharc_attr *a = sharc_parse_attr_text(f->ctx, sharc_str_from_cstr(text));
  CHECK(a != NULL);
  if (a)
    sharc_op_set_attr(find_op(f->m, label), "sdy.sharding", a);
}

static void test_sharding_checked_by_its_hook(void) {
  fixture f;
  if (!setup_sdy(&f))
    return;
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
}

static void test_sharding_reaches_sdy_user(void) {
  fixture f;
  if (!setup_sdy(&f))
    return;
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
  expect(&f, NULL); /* the abs reads nothing of it */
  set_sharding(&f, "q", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
  expect(&f, NULL);
  set_sharding(&f, "q", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>");
  expect(&f, "result sharding doesn't match expected sharding");
  teardown(&f);
}

/* An op marked attrs-only runs the hooks of the names that changed on it
 * only: one set after another on the same op still runs, past the 8 names
 * kept (then every name runs), and a function verified on its own (a
 * nested pass manager's) leaves the names for the module's verification
 * of another function's ops. */
static void test_changed_names_only(void) {
  fixture f;
  if (!setup_sdy(&f))
    return;
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
  expect(&f, NULL);
  /* a second name on the same op: its hook runs */
  sharc_op_set_attr(find_op(f.m, "p"), "sdy.sharding_rule", sharc_attr_unit(f.ctx));
  expect(&f, "should have a sharding rule attribute of type OpShardingRuleAttr");
  teardown(&f);
  if (!setup_sdy(&f))
    return;
  char name[16];
  for (unsigned i = 0; i < 9; i++) { /* names no hook checks, one past the kept ones */
    snprintf(name, sizeof name, "sdy.tag%u", i);
    sharc_op_set_attr(find_op(f.m, "p"), name, sharc_attr_unit(f.ctx));
  }
  CHECK(f.ctx->verify_attr_names_overflow);
  set_sharding(&f, "q", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
}

static const char sdy_two_text[] =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @one(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %arg0 {id = \"p\"} : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n"
    "func.func @two(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.abs %arg0 {id = \"q\"} : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static void test_changed_names_kept_for_module(void) {
  fixture f;
  if (!setup_text(&f, sdy_two_text, true, false))
    return;
  set_sharding(&f, "q", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
  /* @one alone, as a nested pass manager verifies it: passes */
  f.diags.len = 0;
  CHECK(sharc_verify_changed(sharc_op_parent_op(find_op(f.m, "p"))));
  CHECK(f.diags.len == 0);
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
  /* a function verified on its own with an error in its body */
  if (!setup_text(&f, sdy_two_text, true, false))
    return;
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  f.diags.len = 0;
  CHECK(!sharc_verify_changed(sharc_op_parent_op(find_op(f.m, "p"))));
  CHECK(f.diags.data && strstr(f.diags.data, "unknown mesh: @nomesh"));
  teardown(&f);
}

/* A sharding on an op with regions: its attribute hooks are checked; a
 * nested op changed before or after still has its whole verification. */
static const char sdy_region_text[] =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @r(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.while(%a = %arg0) : tensor<4xf32> attributes {id = \"w\"}\n"
    "    cond {\n"
    "      %c = stablehlo.constant dense<true> : tensor<i1>\n"
    "      stablehlo.return %c : tensor<i1>\n"
    "    } do {\n"
    "      %1 = stablehlo.negate %a {id = \"n\"} : tensor<4xf32>\n"
    "      stablehlo.return %1 : tensor<4xf32>\n"
    "    }\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static bool setup_sdy_region(fixture *f) { return setup_text(f, sdy_region_text, true, false); }

static void test_sharding_on_region_op(void) {
  fixture f;
  if (!setup_sdy_region(&f))
    return;
  set_sharding(&f, "w", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>");
  expect(&f, NULL);
  set_sharding(&f, "w", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
  for (unsigned nested_first = 0; nested_first < 2; nested_first++) {
    if (!setup_sdy_region(&f))
      return;
    sharc_op *neg = find_op(f.m, "n");
    if (nested_first)
      sharc_value_set_type(sharc_op_result(neg, 0), type(f.ctx, "tensor<8xf32>"));
    set_sharding(&f, "w", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
    if (!nested_first)
      sharc_value_set_type(sharc_op_result(neg, 0), type(f.ctx, "tensor<8xf32>"));
    expect(&f, ""); /* some error, the whole verification's */
    teardown(&f);
  }
}

/* A sharding set on an op nested in a region op marks the region op only
 * to reach it: the nested op's hook still reports, and a later change the
 * region op's own check reads (its body's terminator) still reaches it,
 * in either order. */
static void test_nested_sharding_reached(void) {
  fixture f;
  if (!setup_sdy_region(&f))
    return;
  set_sharding(&f, "n", "#sdy.sharding_per_value<[<@mesh, [{\"x\"}]>]>");
  expect(&f, NULL);
  set_sharding(&f, "n", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
  for (unsigned sharding_first = 0; sharding_first < 2; sharding_first++) {
    if (!setup_sdy_region(&f))
      return;
    sharc_op *neg = find_op(f.m, "n");
    sharc_op *ret = sharc_op_next(neg);
    if (sharding_first)
      set_sharding(&f, "n", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
    /* the body now returns the loop's condition value type: the while's
     * own check of its body reports it */
    sharc_op *c =
        sharc_block_first_op(sharc_region_first_block(sharc_op_region(find_op(f.m, "w"), 0)));
    sharc_op *cst = sharc_op_clone(c, true);
    sharc_block_insert_before(ret, cst);
    sharc_op_set_operand(ret, 0, sharc_op_result(cst, 0));
    if (!sharding_first)
      set_sharding(&f, "n", "#sdy.sharding_per_value<[<@mesh, [{}]>]>");
    expect(&f, ""); /* some error, the whole verification's */
    teardown(&f);
  }
}

/* A tag of another dialect on a module-level op (LiftInlinedMeshes'
 * stablehlo.mesh on the sdy.mesh) verifies nothing else again, and a
 * later error elsewhere is still found. */
static void test_tag_on_module_op(void) {
  fixture f;
  if (!setup_sdy(&f))
    return;
  sharc_op *mesh = sharc_op_prev(sharc_op_parent_op(find_op(f.m, "p")));
  CHECK(mesh != NULL && sharc_op_is(mesh, "sdy.mesh"));
  if (mesh)
    sharc_op_set_attr(mesh, "stablehlo.tag", sharc_attr_unit(f.ctx));
  expect(&f, NULL);
  set_sharding(&f, "p", "#sdy.sharding_per_value<[<@nomesh, [{}]>]>");
  expect(&f, "unknown mesh: @nomesh");
  teardown(&f);
}

/* A call pointed at a missing function: the module's symbol-table check
 * reports it, also when the function was verified on its own first (a
 * nested pass manager's verification, which leaves the check to the
 * module's). */
static const char call_text[] =
    "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %arg0 {id = \"n\"} : tensor<4xf32>\n"
    "  %1 = call @g(%0) {id = \"c\"} : (tensor<4xf32>) -> tensor<4xf32>\n"
    "  return %1 : tensor<4xf32>\n"
    "}\n"
    "func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  return %arg0 : tensor<4xf32>\n"
    "}\n";

static void test_symbol_use_changed(void) {
  for (unsigned function_first = 0; function_first < 2; function_first++) {
    fixture f;
    if (!setup_text(&f, call_text, false, false)) {
      teardown(&f);
      return;
    }
    /* a change elsewhere first: nothing to report, the check skipped */
    sharc_op_set_attr(find_op(f.m, "n"), "note", sharc_attr_unit(f.ctx));
    expect(&f, NULL);
    sharc_op *call = find_op(f.m, "c");
    sharc_attr *ref = sharc_parse_attr_text(f.ctx, sharc_str_from_cstr("@nosuch"));
    CHECK(ref != NULL);
    if (ref)
      sharc_op_set_attr(call, "callee", ref);
    if (function_first)
      CHECK(sharc_verify_changed(sharc_op_parent_op(call)));
    expect(&f, "'nosuch' does not reference a valid function");
    teardown(&f);
  }
}

/* A nested op verified on its own (a pass or a diagnostic checking one op):
 * values its regions use from enclosing blocks dominate when defined before
 * the op (or before the op holding it), as MLIR's verifyOpAndDominance
 * says, and do not when defined after. */
static const char outer_values_text[] =
    "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %arg0 {id = \"outer\"} : tensor<4xf32>\n"
    "  %1 = stablehlo.while(%a = %arg0) : tensor<4xf32> attributes {id = \"w1\"}\n"
    "    cond {\n"
    "      %c = stablehlo.constant dense<true> : tensor<i1>\n"
    "      stablehlo.return %c : tensor<i1>\n"
    "    } do {\n"
    "      %2 = stablehlo.add %a, %0 : tensor<4xf32>\n"
    "      %3 = stablehlo.while(%b = %2) : tensor<4xf32> attributes {id = \"w2\"}\n"
    "        cond {\n"
    "          %c = stablehlo.constant dense<true> : tensor<i1>\n"
    "          stablehlo.return %c : tensor<i1>\n"
    "        } do {\n"
    "          %4 = stablehlo.multiply %b, %0 : tensor<4xf32>\n"
    "          %5 = stablehlo.add %4, %2 : tensor<4xf32>\n"
    "          stablehlo.return %5 : tensor<4xf32>\n"
    "        }\n"
    "      stablehlo.return %3 : tensor<4xf32>\n"
    "    }\n"
    "  return %1 : tensor<4xf32>\n"
    "}\n";

static void test_nested_op_sees_outer_values(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "stablehlo");
  sharc_buf diags = {0};
  sharc_context_set_diag_handler(ctx, record, &diags);
  sharc_op *m = parse_text(ctx, outer_values_text);
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  CHECK(sharc_verify(m));
  CHECK(sharc_verify(find_op(m, "w1")));
  CHECK(sharc_verify(find_op(m, "w2")));
  CHECK(diags.len == 0);
  /* the outer definition moved after the loops: both report it */
  sharc_op_move_after(find_op(m, "outer"), find_op(m, "w1"));
  CHECK(!sharc_verify(find_op(m, "w2")));
  CHECK(diags.data && strstr(diags.data, "does not dominate this use") != NULL);
  diags.len = 0;
  CHECK(!sharc_verify(find_op(m, "w1")));
  CHECK(diags.len > 0);
  sharc_buf_free(&diags);
  sharc_context_destroy(ctx);
}

/* The parser verified both functions' bodies; the module's first
 * verification takes them (and passes), once. */
static void test_parse_time_bodies(void) {
  fixture f;
  if (!parse_only(&f, module_text, false, true))
    return;
  sharc_block *body = sharc_region_first_block(sharc_op_region(f.m, 0));
  CHECK(f.ctx->hot_block == body);
  CHECK(f.ctx->hot_through == sharc_block_last_op(body));
  CHECK(sharc_verify(f.m));
  CHECK(f.ctx->hot_block == NULL);
  CHECK(f.diags.len == 0);
  teardown(&f);
}

/* An edit between the parse and the verification: the body the parser
 * verified is verified again, and reports. */
static void test_edit_after_parse(void) {
  fixture f;
  if (!parse_only(&f, module_text, false, true))
    return;
  sharc_value_set_type(sharc_op_result(find_op(f.m, "a"), 0), type(f.ctx, "tensor<8xf32>"));
  CHECK(!sharc_verify(f.m));
  CHECK(f.diags.data && strstr(f.diags.data, "'stablehlo.multiply' op requires compatible types"));
  teardown(&f);
}

/* A function whose body looks a symbol up (a sharding's mesh) cannot be
 * verified before the module exists: neither it nor the functions after
 * it count, and the module verifies whole. */
static void test_symbol_lookup_ends_parse_time(void) {
  static const char text[] =
      "sdy.mesh @mesh = <[\"a\"=2]>\n"
      "func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, "
      "[{\"a\"}]>]>} : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n"
      "func.func @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  return %arg0 : tensor<4xf32>\n"
      "}\n";
  fixture f;
  if (!parse_only(&f, text, true, true))
    return;
  CHECK(f.ctx->hot_block == NULL);
  CHECK(sharc_verify(f.m));
  CHECK(f.diags.len == 0);
  teardown(&f);
}

/* sdy.sharding_rule through sharc_op_set_self_verified_attr: set, its own
 * hook runs on its op, in a function or nested in a region op; removed,
 * nothing needs verifying and the IR verifies as a whole verification
 * says. */
static void test_self_verified_rule(void) {
  const char *labels[] = {"p", "n"};
  for (unsigned i = 0; i < 2; i++) {
    fixture f;
    if (!(i ? setup_sdy_region(&f) : setup_sdy(&f)))
      return;
    sharc_op *op = find_op(f.m, labels[i]);
    sharc_op_set_self_verified_attr(op, "sdy.sharding_rule", sharc_attr_unit(f.ctx));
    expect(&f, "should have a sharding rule attribute of type OpShardingRuleAttr");
    sharc_op_set_self_verified_attr(op, "sdy.sharding_rule", NULL);
    expect(&f, NULL);
    CHECK(sharc_op_attr(op, "sdy.sharding_rule") == NULL);
    teardown(&f);
  }
}

/* mpmd.transfer reads attributes of other ops and of another dialect
 * (Shardy's FindMemoryKindInAttributes): its own or its producing
 * transfer's mhlo.memory_kind, and the enclosing function's arg_attrs at
 * the index of the block argument it transfers, in any block of the
 * function. Setting them must verify the transfer again. */
static const char mpmd_text[] =
    "!m1 = !mpmd.mesh_tensor<\"m1\", tensor<4xf32>>\n"
    "func.func @f(%arg0: !m1, %arg1: !m1) -> !m1 attributes {topology = "
    "#mpmd.topology<<\"m1\" : <[\"x\"=2]>>>} {\n"
    "  %0 = mpmd.transfer {id = \"t\"} %arg0 : (!m1) -> !m1\n"
    "  %1 = mpmd.transfer {id = \"u\"} %0 : (!m1) -> !m1\n"
    "  \"test.br\"(%1, %arg1)[^bb1] : (!m1, !m1) -> ()\n"
    "^bb1(%a: !m1, %b: !m1):\n"
    "  %2 = mpmd.transfer {id = \"v\"} %b : (!m1) -> !m1\n"
    "  return %2 : !m1\n"
    "}\n";

static bool setup_mpmd(fixture *f) {
  if (!parse_with(f, mpmd_text, "mpmd", true))
    return false;
  sharc_context_load_dialect(f->ctx, "mhlo"); /* mhlo.x names a loaded dialect, as in mpmd_opt */
  CHECK(sharc_verify(f->m)); /* tracked from here */
  return true;
}

static sharc_attr *pinned_host(fixture *f) {
  return sharc_parse_attr_text(f->ctx, sharc_str_from_cstr("\"pinned_host\""));
}

static void test_transfer_memory_kind_attr(void) {
  fixture f;
  if (!setup_mpmd(&f))
    return;
  sharc_op_set_attr(find_op(f.m, "u"), "mhlo.memory_kind", pinned_host(&f));
  expect(&f, "Transfers to host with attributes are not supported");
  teardown(&f);
}

static void test_transfer_function_arg_attrs(void) {
  fixture f;
  if (!setup_mpmd(&f))
    return;
  sharc_op *func = find_op(f.m, "func.func");
  sharc_attr *attrs = sharc_parse_attr_text(
      f.ctx, sharc_str_from_cstr("[{}, {mhlo.memory_kind = \"pinned_host\"}]"));
  CHECK(attrs != NULL);
  if (func && attrs)
    sharc_op_set_attr(func, "arg_attrs", attrs);
  /* %b, argument 1 of the second block, reads the function's argument 1 */
  expect(&f, "Transfers from host with attributes are not supported");
  teardown(&f);
}

/* ---- a large block ----------------------------------------------------------
 * A function whose one block holds a chain of CHAIN_OPS ops, edited after
 * several verifications of marked ops: a verification that marked few of
 * its ops must report what a walk of every op reports (a guard for any
 * verification that visits a large block's marked ops alone). */
enum { CHAIN_OPS = 1500 };

/* The module: %vI = negate %v(I-1), labelled oI, then the return. */
static char *chain_text(void) {
  sharc_buf b = {0};
  sharc_buf_puts(&b, "func.func @big(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %v0 = stablehlo.negate %arg0 {id = \"o0\"} : tensor<4xf32>\n");
  char line[128];
  for (int i = 1; i < CHAIN_OPS; i++) {
    snprintf(line, sizeof line, "  %%v%d = stablehlo.negate %%v%d {id = \"o%d\"} : tensor<4xf32>\n",
             i, i - 1, i);
    sharc_buf_puts(&b, line);
  }
  snprintf(line, sizeof line, "  return %%v%d : tensor<4xf32>\n}\n", CHAIN_OPS - 1);
  sharc_buf_puts(&b, line);
  return b.data;
}

static sharc_op *chain_op(fixture *f, int i) {
  char label[16];
  snprintf(label, sizeof label, "o%d", i);
  return find_op(f->m, label);
}

/* Parsed, verified whole, then three edits each verified for their marks. */
static bool setup_chain(fixture *f) {
  char *text = chain_text();
  bool ok = setup_text(f, text, false, false);
  free(text);
  for (int round = 0; ok && round < 3; round++) {
    sharc_op_set_attr(chain_op(f, 10 + round), "note", sharc_attr_unit(f->ctx));
    CHECK(sharc_verify_changed(f->m));
  }
  CHECK(f->diags.len == 0);
  return ok;
}

/* An op moved after its user, and an earlier op given an operand defined
 * later: the earlier use is reported, as a walk reports it. */
static void test_ordered_dominance(void) {
  fixture f;
  if (!setup_chain(&f))
    return;
  sharc_op_move_after(chain_op(&f, 500), chain_op(&f, 700));
  expect(&f, "operand #0 does not dominate this use");
  teardown(&f);
  if (!setup_chain(&f))
    return;
  sharc_op_move_after(chain_op(&f, 500), chain_op(&f, 700));
  sharc_op_set_operand(chain_op(&f, 200), 0, sharc_op_result(chain_op(&f, 900), 0));
  expect(&f, "operand #0 does not dominate this use");
  teardown(&f);
}

/* An op linked after the terminator: the unmarked terminator reports. */
static void test_ordered_after_terminator(void) {
  fixture f;
  if (!setup_chain(&f))
    return;
  sharc_op *last = chain_op(&f, CHAIN_OPS - 1);
  sharc_op *ret = sharc_block_last_op(sharc_op_block(last));
  sharc_block_insert_after(ret, sharc_op_clone(chain_op(&f, 5), true));
  expect(&f, "must be the last operation in the parent block");
  teardown(&f);
}

/* Ops inserted at one place round after round, then ops stamped by
 * another user of the scratch word (region DCE): every round passes, and
 * a move that breaks dominance is still caught. */
static void test_ordered_inserts_and_stamps(void) {
  fixture f;
  if (!setup_chain(&f))
    return;
  for (int round = 0; round < 40; round++) {
    sharc_op *at = chain_op(&f, 100);
    sharc_block_insert_after(at, sharc_op_clone(at, true));
    sharc_block_insert_after(chain_op(&f, CHAIN_OPS - 2), sharc_op_clone(at, true));
    CHECK(sharc_verify_changed(f.m));
  }
  CHECK(f.diags.len == 0);
  unsigned mark = sharc_context_fresh_mark(f.ctx);
  for (int i = 0; i < CHAIN_OPS; i += 3)
    sharc_op_set_mark(chain_op(&f, i), mark);
  sharc_op_move_after(chain_op(&f, 1200), chain_op(&f, 1300));
  expect(&f, "operand #0 does not dominate this use");
  teardown(&f);
  if (!setup_chain(&f))
    return;
  /* a valid move: an op to just before its only user's user */
  sharc_op_set_mark(chain_op(&f, 41), sharc_context_fresh_mark(f.ctx));
  sharc_op_set_operand(chain_op(&f, 42), 0, sharc_op_result(chain_op(&f, 40), 0));
  sharc_op_move_after(chain_op(&f, 41), chain_op(&f, 1400));
  CHECK(sharc_verify_changed(f.m));
  sharc_op_set_operand(chain_op(&f, 41), 0, sharc_op_result(chain_op(&f, 1450), 0));
  expect(&f, "operand #0 does not dominate this use");
  teardown(&f);
}

/* A function whose ops use %0 in an unregistered op's body: at its top
 * level (the add), in a nested op's body (the multiply), as an isolated
 * op's operand (the async_start, whose body uses only its own argument). */
static const char holder_text[] =
    "func.func @k(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  \"test.first\"() {id = \"first\"} : () -> ()\n"
    "  %0 = stablehlo.negate %arg0 : tensor<4xf32>\n"
    "  \"test.holder\"() ({\n"
    "    %1 = stablehlo.abs %arg0 : tensor<4xf32>\n"
    "    \"test.inner\"() ({\n"
    "      %2 = stablehlo.multiply %1, %USE : tensor<4xf32>\n"
    "      \"test.end\"(%2) : (tensor<4xf32>) -> ()\n"
    "    }) : () -> ()\n"
    "    %3 = stablehlo.add %1, %USE : tensor<4xf32>\n"
    "    %4 = \"stablehlo.async_start\"(%USE) ({\n"
    "    ^bb0(%a: tensor<4xf32>):\n"
    "      %5 = stablehlo.slice %a [0:4] : (tensor<4xf32>) -> tensor<4xf32>\n"
    "      stablehlo.return %5 : tensor<4xf32>\n"
    "    }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>\n"
    "    \"test.end\"(%3, %4) : (tensor<4xf32>, !stablehlo.future<tensor<4xf32>>) -> ()\n"
    "  }) {id = \"holder\"} : () -> ()\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

/* holder_text with %USE, in turn, %0 at `use` (0: the add, 1: the
 * multiply, 2: the async_start) and %1 or %arg0 elsewhere. */
static bool setup_holder(fixture *f, int use) {
  const char *uses[3] = {"%1", "%1", "%arg0"};
  uses[use] = "%0";
  char text[sizeof holder_text + 16];
  const char *from = holder_text;
  char *to = text;
  for (int n = 0; *from;) {
    if (!strncmp(from, "%USE", 4)) {
      /* the multiply, the add, then the async_start, in text order */
      int which = n == 0 ? 1 : n == 1 ? 0 : 2;
      to += sprintf(to, "%s", uses[which]);
      from += 4;
      n++;
      continue;
    }
    *to++ = *from++;
  }
  *to = 0;
  return setup_text(f, text, false, true);
}

/* A new unregistered op with one region, inserted before `at`, takes the
 * body of `from`'s region (as a pass taking a body into a new op): the
 * moved ops keep their marks, and are checked where they sit. */
static void take_body_before(fixture *f, sharc_op *at, sharc_op *from) {
  sharc_op_state st = {.name = sharc_ident_get(f->ctx, sharc_str_from_cstr("test.taker")),
                       .loc = sharc_op_loc(at),
                       .num_regions = 1};
  sharc_op *taker = sharc_op_create(f->ctx, &st);
  sharc_block_insert_before(at, taker);
  sharc_region_take_body(sharc_op_region(taker, 0), sharc_op_region(from, 0));
}

static void take_holder_body(fixture *f, const char *before) {
  take_body_before(f, find_op(f->m, before), find_op(f->m, "holder"));
}

/* A block moved whole into a new op: where its ops' operands still
 * dominate it passes; where a use, at the block's top level, nested in an
 * op of it or as an isolated op's operand, no longer does, that use is
 * reported as a whole verification reports it. */
static void test_moved_block_dominance(void) {
  for (int use = 0; use < 3; use++) {
    fixture f;
    if (!setup_holder(&f, use))
      return;
    take_holder_body(&f, "holder");
    expect(&f, NULL);
    teardown(&f);
    if (!setup_holder(&f, use))
      return;
    take_holder_body(&f, "first");
    expect(&f, use == 2 ? "operand #0 does not dominate this use"
                        : "operand #1 does not dominate this use");
    teardown(&f);
  }
}

/* A function's body moved into an op in another function: its
 * terminator, whose check reads its parent, reports (the op before it,
 * whose checks read only itself, is checked for its operands). */
static void test_moved_block_parent_check(void) {
  static const char text[] =
      "func.func @k(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.negate %arg0 {id = \"n\"} : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n"
      "func.func private @g(%arg0: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.abs %arg0 {id = \"a\"} : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  fixture f;
  if (!setup_text(&f, text, false, true))
    return;
  take_body_before(&f, find_op(f.m, "n"), sharc_op_parent_op(find_op(f.m, "a")));
  expect(&f, "'func.return' op expects parent op 'func.func'");
  teardown(&f);
}

int main(void) {
  test_result_type_reaches_users();
  test_moved_op_reaches_users();
  test_erased_terminator();
  test_block_argument_type();
  test_erased_function_terminator();
  test_function_reached_then_changed();
  test_valid_edits_pass();
  test_sharding_checked_by_its_hook();
  test_sharding_reaches_sdy_user();
  test_changed_names_only();
  test_changed_names_kept_for_module();
  test_self_verified_rule();
  test_sharding_on_region_op();
  test_nested_op_sees_outer_values();
  test_nested_sharding_reached();
  test_tag_on_module_op();
  test_symbol_use_changed();
  test_parse_time_bodies();
  test_edit_after_parse();
  test_symbol_lookup_ends_parse_time();
  test_transfer_memory_kind_attr();
  test_transfer_function_arg_attrs();
  test_ordered_dominance();
  test_ordered_after_terminator();
  test_ordered_inserts_and_stamps();
  test_moved_block_dominance();
  test_moved_block_parent_check();
  return check_summary("verify_marks");
}

/* Unit tests of the rewriter (every edit and the exact listener
 * notifications it sends, compared with MLIR's RewriterBase) and of the
 * greedy pattern driver on a small test dialect defined here. */
#include "check.h"
#include "ir_helpers.h"

#include "ir/ir_internal.h"
#include "sharc/verify.h"

/* ======================================================================
 * Part 1: the rewriter and its listeners
 * ====================================================================== */

typedef struct fixture {
  sharc_context *ctx;
  sharc_op *module;
  recorder rec;
  counter cnt; /* chained after the recorder: must hear everything too */
  sharc_rewriter rw;
} fixture;

static bool fixture_init(fixture *f, const char *text) {
  f->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(f->ctx, true);
  f->module = parse_text(f->ctx, text);
  rec_init(&f->rec);
  counter_init(&f->cnt);
  f->rec.base.next = &f->cnt.base;
  sharc_rewriter_init(&f->rw, f->ctx, &f->rec.base);
  CHECK(f->module != NULL);
  return f->module != NULL;
}

static void fixture_free(fixture *f) {
  rec_free(&f->rec);
  sharc_context_destroy(f->ctx);
}

/* The log, checked against the chained counter (every listener in the
 * chain hears every notification). */
static const char *logged(fixture *f) {
  CHECK(f->cnt.count == f->rec.count);
  return rec_log(&f->rec);
}

static void reset_log(fixture *f) {
  rec_reset(&f->rec);
  f->cnt.count = 0;
}

/* An unregistered op `name` with one i32 result (or none) and an `id`. */
static sharc_op *create(fixture *f, const char *id, sharc_value *const *operands, unsigned n,
                        bool result) {
  sharc_type *i32 = sharc_type_integer(f->ctx, 32, SHARC_SIGNLESS);
  sharc_named_attr attr = {sharc_ident_get(f->ctx, SHARC_STR("id")),
                           sharc_attr_string(f->ctx, sharc_str_from_cstr(id))};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(f->ctx, SHARC_STR("t.op"));
  st.operands = operands;
  st.num_operands = n;
  st.result_types = result ? &i32 : NULL;
  st.num_results = result ? 1 : 0;
  st.attrs = sharc_attr_dictionary(f->ctx, &attr, 1);
  return sharc_rw_create(&f->rw, &st);
}

/* The ids of the ops of a block, in order, space separated. */
static char *block_ids(const sharc_block *b) {
  sharc_buf out = {0};
  for (sharc_op *o = sharc_block_first_op(b); o; o = sharc_op_next(o)) {
    if (out.len)
      sharc_buf_putc(&out, ' ');
    sharc_buf_puts(&out, op_label(o));
  }
  if (!out.data)
    sharc_buf_puts(&out, "");
  return out.data;
}

#define CHECK_BLOCK(b, want)                                                                       \
  do {                                                                                             \
    char *ids_ = block_ids(b);                                                                     \
    CHECK_STR(ids_, want);                                                                         \
    free(ids_);                                                                                    \
  } while (0)

static const char body_text[] = "func.func @f(%arg0: i32) {\n"
                                "  %0 = \"t.a\"(%arg0) {id = \"a\"} : (i32) -> i32\n"
                                "  %1 = \"t.b\"(%0) {id = \"b\"} : (i32) -> i32\n"
                                "  \"t.use\"(%0, %1) {id = \"u\"} : (i32, i32) -> ()\n"
                                "  return\n"
                                "}\n";

static sharc_block *body_of(sharc_op *module, const char *fn) {
  sharc_op *f = find_op(module, fn);
  return sharc_region_first_block(sharc_op_region(f, 0));
}

static void test_create_at_each_insertion_point(void) {
  fixture f;
  if (!fixture_init(&f, body_text))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *a = find_op(f.module, "a"), *b = find_op(f.module, "b");
  sharc_rw_set_before(&f.rw, b);
  create(&f, "before_b", NULL, 0, false);
  sharc_rw_set_after(&f.rw, b);
  create(&f, "after_b", NULL, 0, false);
  create(&f, "after_b2", NULL, 0, false); /* same point: goes after the first */
  sharc_rw_set_block_start(&f.rw, body);
  create(&f, "start", NULL, 0, false);
  sharc_rw_set_block_end(&f.rw, body);
  create(&f, "end", NULL, 0, false);
  sharc_rw_set_after_value(&f.rw, sharc_op_result(a, 0));
  create(&f, "after_a", NULL, 0, false);
  sharc_rw_set_after_value(&f.rw, sharc_block_arg(body, 0));
  create(&f, "after_arg", NULL, 0, false);
  CHECK_BLOCK(body, "after_arg start a after_a before_b b after_b after_b2 u func.return end");
  CHECK_STR(logged(&f), "+before_b +after_b +after_b2 +start +end +after_a +after_arg");
  /* with no insertion point the op is created but not inserted: nobody is told */
  sharc_rewriter_init(&f.rw, f.ctx, &f.rec.base);
  reset_log(&f);
  sharc_op *loose = create(&f, "loose", NULL, 0, false);
  CHECK(sharc_op_block(loose) == NULL);
  CHECK_STR(logged(&f), "");
  /* sharc_rw_insert places a detached op and reports it */
  sharc_rw_set_block_start(&f.rw, body);
  sharc_rw_insert(&f.rw, loose);
  CHECK(sharc_block_first_op(body) == loose);
  CHECK_STR(logged(&f), "+loose");
  fixture_free(&f);
}

static bool second_operand(const sharc_use *u, void *user) {
  (void)user;
  return sharc_use_operand_index(u) == 1;
}

static void test_replace_uses(void) {
  fixture f;
  if (!fixture_init(&f, body_text))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *a = find_op(f.module, "a"), *b = find_op(f.module, "b"), *u = find_op(f.module, "u");
  sharc_value *arg = sharc_block_arg(body, 0);
  /* each user is told, in use-list order (newest use first, as MLIR) */
  sharc_rw_replace_all_uses(&f.rw, sharc_op_result(a, 0), arg);
  CHECK_STR(logged(&f), "*u *b");
  CHECK(!sharc_value_has_uses(sharc_op_result(a, 0)));
  CHECK(sharc_op_operand(u, 0) == arg && sharc_op_operand(b, 0) == arg);
  /* replacing a value by itself changes nothing and tells nobody */
  reset_log(&f);
  sharc_rw_replace_all_uses(&f.rw, arg, arg);
  CHECK_STR(logged(&f), "");
  /* only the uses the predicate picks: u's operand 1 */
  sharc_rw_replace_uses_if(&f.rw, sharc_op_result(b, 0), sharc_op_result(a, 0), second_operand,
                           NULL);
  CHECK_STR(logged(&f), "*u");
  CHECK(sharc_op_operand(u, 1) == sharc_op_result(a, 0));
  reset_log(&f);
  sharc_rw_replace_uses_if(&f.rw, arg, sharc_op_result(a, 0), second_operand, NULL);
  CHECK_STR(logged(&f), ""); /* arg is operand 0 of both users */
  /* the plain IR primitive does the same without notifications */
  sharc_value_replace_uses_if(arg, sharc_op_result(b, 0), second_operand, NULL);
  CHECK(sharc_op_operand(u, 0) == arg);
  sharc_value_replace_uses_if(sharc_op_result(a, 0), arg, second_operand, NULL);
  CHECK(sharc_op_operand(u, 1) == arg);
  CHECK_STR(logged(&f), "");
  fixture_free(&f);
}

static void test_replace_op(void) {
  fixture f;
  if (!fixture_init(&f, body_text))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *a = find_op(f.module, "a"), *b = find_op(f.module, "b");
  sharc_value *arg = sharc_block_arg(body, 0);
  /* MLIR's replaceOp: replaced, each user modified, then erased */
  sharc_rw_replace_op(&f.rw, a, &arg, 1);
  CHECK_STR(logged(&f), "=a *u *b -a");
  CHECK(sharc_op_is_erased(a));
  CHECK_BLOCK(body, "b u func.return");
  /* with another op's results */
  reset_log(&f);
  sharc_rw_set_before(&f.rw, b);
  sharc_op *n = create(&f, "n", &arg, 1, true);
  sharc_rw_replace_op_with_op(&f.rw, b, n);
  CHECK_STR(logged(&f), "+n =b *u -b");
  CHECK(sharc_op_operand(find_op(f.module, "u"), 1) == sharc_op_result(n, 0));
  /* with a new op, created before the replaced one whatever the
   * insertion point, which is left as it was */
  reset_log(&f);
  sharc_rw_set_block_end(&f.rw, body);
  sharc_type *i32 = sharc_type_integer(f.ctx, 32, SHARC_SIGNLESS);
  sharc_op_state st = {0};
  st.name = sharc_ident_get(f.ctx, SHARC_STR("t.new"));
  st.operands = &arg;
  st.num_operands = 1;
  st.result_types = &i32;
  st.num_results = 1;
  sharc_op *created = sharc_rw_replace_op_with_new(&f.rw, n, &st);
  CHECK_STR(logged(&f), "+t.new =n *u -n");
  CHECK_BLOCK(body, "t.new u func.return");
  CHECK(f.rw.ip.block == body && f.rw.ip.before == NULL);
  char *text = print_op_text(f.module);
  CHECK_STR(text, "module {\n"
                  "  func.func @f(%arg0: i32) {\n"
                  "    %0 = \"t.new\"(%arg0) : (i32) -> i32\n"
                  "    \"t.use\"(%arg0, %0) {id = \"u\"} : (i32, i32) -> ()\n"
                  "    return\n"
                  "  }\n"
                  "}\n");
  free(text);
  (void)created;
  fixture_free(&f);
}

/* Nested ops go innermost and last first, each block after its ops, as
 * MLIR's eraseOp reports them; a region's blocks go in post-order of the
 * CFG (successors before predecessors), not in layout order. */
static const char nested_text[] = "\"t.outer\"() ({\n"
                                  "  \"t.a\"() {id = \"a\"} : () -> ()\n"
                                  "  \"t.inner\"() ({\n"
                                  "    \"t.d\"() {id = \"d\"} : () -> ()\n"
                                  "    \"t.e\"() {id = \"e\"} : () -> ()\n"
                                  "  }) {id = \"inner\"} : () -> ()\n"
                                  "  \"t.br\"() [^bb2] {id = \"br0\"} : () -> ()\n"
                                  "^bb1:\n"
                                  "  \"t.end\"() {id = \"end1\"} : () -> ()\n"
                                  "^bb2:\n"
                                  "  \"t.br\"() [^bb1] {id = \"br2\"} : () -> ()\n"
                                  "}) {id = \"outer\"} : () -> ()\n";

static void test_erase_nested_order(void) {
  fixture f;
  if (!fixture_init(&f, nested_text))
    return;
  sharc_op *outer = find_op(f.module, "outer"), *inner = find_op(f.module, "inner");
  sharc_block *b0 = sharc_region_first_block(sharc_op_region(outer, 0));
  rec_name_block(&f.rec, b0, "bb0");
  rec_name_block(&f.rec, sharc_block_next(b0), "bb1");
  rec_name_block(&f.rec, sharc_block_next(sharc_block_next(b0)), "bb2");
  rec_name_block(&f.rec, sharc_region_first_block(sharc_op_region(inner, 0)), "ib");
  sharc_rw_erase_op(&f.rw, outer);
  CHECK_STR(logged(&f), "-end1 -br2 -br0 -e -d -^ib -inner -a -^bb1 -^bb2 -^bb0 -outer");
  CHECK(sharc_block_first_op(sharc_region_first_block(sharc_op_region(f.module, 0))) == NULL);
  fixture_free(&f);
}

static void test_erase_block(void) {
  fixture f;
  if (!fixture_init(&f, nested_text))
    return;
  sharc_op *outer = find_op(f.module, "outer");
  sharc_block *bb1 = sharc_block_next(sharc_region_first_block(sharc_op_region(outer, 0)));
  rec_name_block(&f.rec, bb1, "bb1");
  /* drop the branch to bb1 first: a block must be unused to go */
  sharc_rw_erase_op(&f.rw, find_op(f.module, "br2"));
  sharc_rw_erase_block(&f.rw, bb1);
  CHECK_STR(logged(&f), "-br2 -end1 -^bb1");
  CHECK(sharc_region_num_blocks(sharc_op_region(outer, 0)) == 2);
  fixture_free(&f);
}

static void test_moves(void) {
  fixture f;
  if (!fixture_init(&f, body_text))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *a = find_op(f.module, "a"), *b = find_op(f.module, "b"), *u = find_op(f.module, "u");
  sharc_rw_move_after(&f.rw, a, u);
  CHECK_BLOCK(body, "b u a func.return");
  sharc_rw_move_before(&f.rw, a, b);
  CHECK_BLOCK(body, "a b u func.return");
  sharc_rw_move_to_end(&f.rw, u, body);
  CHECK_BLOCK(body, "a b func.return u");
  CHECK_STR(logged(&f), "~a ~a ~u");
  /* the plain primitives, and order queries within a block */
  sharc_op_move_before(u, b);
  CHECK_BLOCK(body, "a u b func.return");
  CHECK(sharc_op_is_before_in_block(a, b) && sharc_op_is_before_in_block(u, b));
  CHECK(!sharc_op_is_before_in_block(b, a) && !sharc_op_is_before_in_block(a, a));
  CHECK(sharc_op_is_before_in_block(a, sharc_block_last_op(body)));
  CHECK(!sharc_op_is_before_in_block(sharc_block_last_op(body), a));
  CHECK_STR(logged(&f), "~a ~a ~u");
  fixture_free(&f);
}

static void test_clone_reports_every_op(void) {
  fixture f;
  if (!fixture_init(&f, "func.func @f(%arg0: i32, %arg1: i32) {\n"
                        "  \"t.outer\"(%arg0) ({\n"
                        "    %0 = \"t.a\"(%arg0) {id = \"a\"} : (i32) -> i32\n"
                        "    \"t.inner\"() ({\n"
                        "      \"t.d\"(%0) {id = \"d\"} : (i32) -> ()\n"
                        "    }) {id = \"inner\"} : () -> ()\n"
                        "  }) {id = \"outer\"} : (i32) -> ()\n"
                        "  return\n"
                        "}\n"))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *outer = find_op(f.module, "outer");
  sharc_op *a = find_op(f.module, "a");
  sharc_mapping *map = sharc_mapping_create();
  sharc_mapping_map_value(map, sharc_block_arg(body, 0), sharc_block_arg(body, 1));
  sharc_rw_set_before(&f.rw, sharc_block_last_op(body));
  sharc_op *c = sharc_rw_clone(&f.rw, outer, map);
  /* MLIR's OpBuilder::clone: the clone itself, then every nested op in
   * pre-order, each after the blocks of its own regions */
  CHECK_STR(logged(&f), "+outer +a +^? +inner +d");
  CHECK(sharc_op_next(c) == sharc_block_last_op(body));
  CHECK(sharc_op_operand(c, 0) == sharc_block_arg(body, 1));
  /* the mapping now leads from the original's values to the clone's */
  sharc_value *ca = sharc_mapping_lookup_value(map, sharc_op_result(a, 0));
  CHECK(ca && ca != sharc_op_result(a, 0));
  CHECK(ca && sharc_op_operand(sharc_value_defining_op(ca), 0) == sharc_block_arg(body, 1));
  sharc_op *cd = find_op(c, "d");
  CHECK(cd && sharc_op_operand(cd, 0) == ca);
  sharc_mapping_destroy(map);
  /* without a mapping the clone uses the original's outer values */
  reset_log(&f);
  sharc_op *c2 = sharc_rw_clone(&f.rw, outer, NULL);
  CHECK(sharc_op_operand(c2, 0) == sharc_block_arg(body, 0));
  CHECK_STR(logged(&f), "+outer +a +^? +inner +d");
  CHECK(sharc_verify(f.module));
  fixture_free(&f);
}

static void test_create_block(void) {
  fixture f;
  if (!fixture_init(&f, "\"t.holder\"() ({\n"
                        "  \"t.x\"() {id = \"x\"} : () -> ()\n"
                        "}) {id = \"holder\"} : () -> ()\n"))
    return;
  sharc_op *holder = find_op(f.module, "holder");
  sharc_region *r = sharc_op_region(holder, 0);
  sharc_block *first = sharc_region_first_block(r);
  sharc_type *types[2] = {sharc_type_integer(f.ctx, 32, SHARC_SIGNLESS), sharc_type_index(f.ctx)};
  sharc_block *nb = sharc_rw_create_block(&f.rw, r, first, types, 2, NULL);
  rec_name_block(&f.rec, nb, "new");
  CHECK(sharc_region_first_block(r) == nb && sharc_block_next(nb) == first);
  CHECK(sharc_block_num_args(nb) == 2 && sharc_value_type(sharc_block_arg(nb, 1)) == types[1]);
  /* the insertion point moved to the new block's end */
  create(&f, "in_new", NULL, 0, false);
  CHECK_BLOCK(nb, "in_new");
  CHECK_STR(logged(&f), "+^? +in_new"); /* named only after the notification */
  /* at the end of the region, with argument locations */
  reset_log(&f);
  sharc_attr *locs[1] = {sharc_loc_name(f.ctx, sharc_ident_get(f.ctx, SHARC_STR("argloc")), NULL)};
  sharc_block *last = sharc_rw_create_block(&f.rw, r, NULL, types, 1, locs);
  CHECK(sharc_region_last_block(r) == last && sharc_value_loc(sharc_block_arg(last, 0)) == locs[0]);
  CHECK_STR(logged(&f), "+^?");
  /* block arguments inserted in the middle renumber the later ones */
  sharc_value *mid = sharc_block_insert_arg(nb, 1, types[0], NULL);
  CHECK(sharc_block_num_args(nb) == 3 && sharc_block_arg(nb, 1) == mid);
  CHECK(sharc_value_index(mid) == 1 && sharc_value_index(sharc_block_arg(nb, 2)) == 2);
  CHECK(sharc_value_type(sharc_block_arg(nb, 2)) == types[1]);
  sharc_value *front = sharc_block_insert_arg(nb, 0, types[1], NULL);
  CHECK(sharc_block_arg(nb, 0) == front && sharc_value_index(sharc_block_arg(nb, 3)) == 3);
  fixture_free(&f);
}

static void test_inline_region_before(void) {
  fixture f;
  if (!fixture_init(&f, "\"t.src\"() ({\n"
                        "  \"t.br\"() [^bb1] {id = \"s0\"} : () -> ()\n"
                        "^bb1:\n"
                        "  \"t.x\"() {id = \"s1\"} : () -> ()\n"
                        "}) {id = \"src\"} : () -> ()\n"
                        "\"t.dst\"() ({\n"
                        "  \"t.y\"() {id = \"d0\"} : () -> ()\n"
                        "}) {id = \"dst\"} : () -> ()\n"))
    return;
  sharc_region *from = sharc_op_region(find_op(f.module, "src"), 0);
  sharc_region *to = sharc_op_region(find_op(f.module, "dst"), 0);
  sharc_block *s0 = sharc_region_first_block(from), *s1 = sharc_block_next(s0);
  sharc_block *d0 = sharc_region_first_block(to);
  rec_name_block(&f.rec, s0, "s0");
  rec_name_block(&f.rec, s1, "s1");
  sharc_rw_inline_region_before(&f.rw, from, to, d0);
  CHECK_STR(logged(&f), "+^s0 +^s1");
  CHECK(sharc_region_first_block(from) == NULL && sharc_region_num_blocks(from) == 0);
  CHECK(sharc_region_first_block(to) == s0 && sharc_block_next(s1) == d0);
  CHECK(sharc_block_region(s0) == to);
  fixture_free(&f);
}

static void test_inline_block_before(void) {
  fixture f;
  if (!fixture_init(&f, "func.func @f(%arg0: i32) {\n"
                        "  \"t.holder\"() ({\n"
                        "  ^bb0(%x: i32):\n"
                        "    %0 = \"t.p\"(%x) {id = \"p\"} : (i32) -> i32\n"
                        "    \"t.q\"(%x, %0) {id = \"q\"} : (i32, i32) -> ()\n"
                        "  }) {id = \"holder\"} : () -> ()\n"
                        "  \"t.z\"() {id = \"z\"} : () -> ()\n"
                        "  return\n"
                        "}\n"))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_op *holder = find_op(f.module, "holder");
  sharc_block *src = sharc_region_first_block(sharc_op_region(holder, 0));
  rec_name_block(&f.rec, src, "src");
  sharc_value *arg = sharc_block_arg(body, 0);
  sharc_op *z = find_op(f.module, "z");
  /* an insertion point inside the source follows its ops to the dest */
  sharc_rw_set_before(&f.rw, find_op(f.module, "q"));
  sharc_rw_inline_block_before(&f.rw, src, body, z, &arg, 1);
  /* MLIR's inlineBlockBefore: argument uses replaced (users modified),
   * ops moved one by one, the emptied block erased */
  CHECK_STR(logged(&f), "*q *p ~p ~q -^src");
  CHECK_BLOCK(body, "holder p q z func.return");
  CHECK(sharc_region_first_block(sharc_op_region(holder, 0)) == NULL);
  CHECK(sharc_op_operand(find_op(f.module, "p"), 0) == arg);
  CHECK(f.rw.ip.block == body);
  create(&f, "at_ip", NULL, 0, false);
  CHECK_BLOCK(body, "holder p at_ip q z func.return");
  fixture_free(&f);
}

static void test_inline_block_at_end_moves_insertion_point(void) {
  fixture f;
  if (!fixture_init(&f, "func.func @f() {\n"
                        "  \"t.holder\"() ({\n"
                        "    \"t.p\"() {id = \"p\"} : () -> ()\n"
                        "  }) {id = \"holder\"} : () -> ()\n"
                        "  \"t.z\"() {id = \"z\"} : () -> ()\n"
                        "  return\n"
                        "}\n"))
    return;
  sharc_block *body = body_of(f.module, "func.func");
  sharc_block *src = sharc_region_first_block(sharc_op_region(find_op(f.module, "holder"), 0));
  sharc_op *z = find_op(f.module, "z");
  /* at the end of the source: new ops go where the source's end went,
   * before `z` in the destination */
  sharc_rw_set_block_end(&f.rw, src);
  sharc_rw_inline_block_before(&f.rw, src, body, z, NULL, 0);
  CHECK(f.rw.ip.block == body);
  create(&f, "at_ip", NULL, 0, false);
  CHECK_BLOCK(body, "holder p at_ip z func.return");
  fixture_free(&f);
}

static void test_in_place_changes(void) {
  fixture f;
  if (!fixture_init(&f, body_text))
    return;
  sharc_op *u = find_op(f.module, "u");
  sharc_rw_set_attr(&f.rw, u, "flag", sharc_attr_unit(f.ctx));
  sharc_rw_set_operand(&f.rw, u, 1, sharc_op_operand(u, 0));
  sharc_rw_modified(&f.rw, u);
  CHECK_STR(logged(&f), "*u *u *u");
  CHECK(sharc_op_attr(u, "flag") == sharc_attr_unit(f.ctx));
  CHECK(sharc_op_operand(u, 1) == sharc_op_operand(u, 0));
  /* a rewriter with no listener edits silently */
  sharc_rewriter quiet;
  sharc_rewriter_init(&quiet, f.ctx, NULL);
  sharc_rw_erase_op(&quiet, find_op(f.module, "u"));
  sharc_rw_erase_op(&quiet, find_op(f.module, "b"));
  CHECK_BLOCK(body_of(f.module, "func.func"), "a func.return");
  CHECK_STR(logged(&f), "*u *u *u");
  fixture_free(&f);
}

/* ======================================================================
 * Part 2: the greedy driver, on a test dialect
 * ====================================================================== */

/* The `t` dialect: a constant, pure arithmetic with fold hooks, an op with
 * side effects, region ops with recursive effects, terminators. */
static const sharc_dialect t_dialect;

static sharc_fold_status t_const_fold(sharc_op *op, sharc_fold_result *res) {
  res[0].attr = sharc_op_attr(op, "value");
  return res[0].attr ? SHARC_FOLD_RESULTS : SHARC_FOLD_NONE;
}

static sharc_attr *t_const_of(sharc_value *v) {
  sharc_op *def = v ? sharc_value_defining_op(v) : NULL;
  return def ? sharc_op_constant_value(def) : NULL;
}

/* x + 0 -> x; c1 + c2 -> c1 + c2 (an attribute to materialize) */
static sharc_fold_status t_add_fold(sharc_op *op, sharc_fold_result *res) {
  sharc_attr *l = t_const_of(sharc_op_operand(op, 0)), *r = t_const_of(sharc_op_operand(op, 1));
  if (r && sharc_attr_int_value(r) == 0) {
    res[0].value = sharc_op_operand(op, 0);
    return SHARC_FOLD_RESULTS;
  }
  if (l && r) {
    res[0].attr = sharc_attr_integer(sharc_op_context(op), sharc_value_type(sharc_op_result(op, 0)),
                                     sharc_attr_int_value(l) + sharc_attr_int_value(r));
    return SHARC_FOLD_RESULTS;
  }
  return SHARC_FOLD_NONE;
}

/* -c -> an attribute (which the dialect refuses to materialize for 13) */
static sharc_fold_status t_neg_fold(sharc_op *op, sharc_fold_result *res) {
  sharc_attr *c = t_const_of(sharc_op_operand(op, 0));
  if (!c)
    return SHARC_FOLD_NONE;
  res[0].attr = sharc_attr_integer(sharc_op_context(op), sharc_value_type(sharc_op_result(op, 0)),
                                   -sharc_attr_int_value(c));
  return SHARC_FOLD_RESULTS;
}

/* constants second, in place */
static sharc_fold_status t_swap_fold(sharc_op *op, sharc_fold_result *res) {
  (void)res;
  sharc_value *l = sharc_op_operand(op, 0), *r = sharc_op_operand(op, 1);
  if (!t_const_of(l) || t_const_of(r))
    return SHARC_FOLD_NONE;
  sharc_value *swapped[2] = {r, l};
  sharc_op_set_operands(op, swapped, 2);
  return SHARC_FOLD_IN_PLACE;
}

static sharc_op *t_materialize(sharc_rewriter *rw, sharc_attr *value, sharc_type *type,
                               sharc_attr *loc) {
  if (sharc_attr_int_value(value) == 13)
    return NULL;
  sharc_named_attr attr = {sharc_ident_get(rw->ctx, SHARC_STR("value")), value};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(rw->ctx, SHARC_STR("t.const"));
  st.loc = loc;
  st.result_types = &type;
  st.num_results = 1;
  st.attrs = sharc_attr_dictionary(rw->ctx, &attr, 1);
  return sharc_rw_create(rw, &st);
}

static const sharc_op_def t_const_def = {.name = "t.const",
                                         .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_CONSTANT_LIKE |
                                                   SHARC_TRAIT_ZERO_OPERANDS,
                                         .fold = t_const_fold,
                                         .dialect = &t_dialect};
static const sharc_op_def t_add_def = {.name = "t.add",
                                       .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_COMMUTATIVE,
                                       .fold = t_add_fold,
                                       .dialect = &t_dialect};
static const sharc_op_def t_neg_def = {
    .name = "t.neg", .traits = SHARC_TRAIT_PURE, .fold = t_neg_fold, .dialect = &t_dialect};
static const sharc_op_def t_swap_def = {
    .name = "t.swap", .traits = SHARC_TRAIT_PURE, .fold = t_swap_fold, .dialect = &t_dialect};
static const sharc_op_def t_effect_def = {.name = "t.effect", .dialect = &t_dialect};
static const sharc_op_def t_region_def = {.name = "t.region",
                                          .traits = SHARC_TRAIT_RECURSIVE_EFFECTS |
                                                    SHARC_TRAIT_ONE_REGION,
                                          .dialect = &t_dialect};
static const sharc_op_def t_iso_def = {
    .name = "t.iso",
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_RECURSIVE_EFFECTS | SHARC_TRAIT_ONE_REGION,
    .dialect = &t_dialect};
static const sharc_op_def t_yield_def = {.name = "t.yield",
                                         .traits = SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_PURE |
                                                   SHARC_TRAIT_RETURN_LIKE,
                                         .dialect = &t_dialect};
static const sharc_op_def t_br_def = {
    .name = "t.br", .traits = SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_PURE, .dialect = &t_dialect};

static const sharc_op_def *const t_ops[] = {&t_const_def, &t_add_def,    &t_neg_def,
                                            &t_swap_def,  &t_effect_def, &t_region_def,
                                            &t_iso_def,   &t_yield_def,  &t_br_def};

static const sharc_dialect t_dialect = {
    .name = "t",
    .ops = t_ops,
    .num_ops = sizeof t_ops / sizeof t_ops[0],
    .materialize_constant = t_materialize,
};

/* A context with the test dialect, the module parsed from `text`. */
typedef struct gfixture {
  sharc_context *ctx;
  sharc_op *module;
  recorder rec; /* the config's listener */
  sharc_pattern_set *patterns;
  sharc_greedy_config config;
  sharc_buf seen; /* what the test patterns saw */
  unsigned calls;
} gfixture;

static bool gfixture_init(gfixture *g, const char *text) {
  memset(g, 0, sizeof *g);
  g->ctx = sharc_context_create();
  sharc_context_register_dialect(g->ctx, &t_dialect);
  sharc_context_set_allow_unregistered(g->ctx, true);
  g->module = parse_text(g->ctx, text);
  rec_init(&g->rec);
  g->patterns = sharc_pattern_set_create(g->ctx);
  g->config = sharc_greedy_config_default();
  g->config.listener = &g->rec.base;
  CHECK(g->module != NULL);
  if (g->module)
    CHECK(sharc_verify(g->module));
  return g->module != NULL;
}

static void gfixture_free(gfixture *g) {
  rec_free(&g->rec);
  sharc_buf_free(&g->seen);
  sharc_pattern_set_destroy(g->patterns);
  sharc_context_destroy(g->ctx);
}

static bool run_greedy(gfixture *g, bool *changed) {
  return sharc_apply_patterns_greedily(g->module, g->patterns, &g->config, changed);
}

static void note_seen(gfixture *g, const char *what) {
  if (g->seen.len)
    sharc_buf_putc(&g->seen, ' ');
  sharc_buf_puts(&g->seen, what);
  g->calls++;
}

static const char *seen(gfixture *g) { return g->seen.data ? g->seen.data : ""; }

#define CHECK_MODULE(g, want)                                                                      \
  do {                                                                                             \
    char *text_ = print_op_text((g)->module);                                                      \
    CHECK_STR(text_, want);                                                                        \
    free(text_);                                                                                   \
  } while (0)

/* Records every op it is asked about; never matches. */
static bool record_visit(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)rw;
  note_seen(state, op_label(op));
  return false;
}

static const sharc_pattern record_any[] = {{"record", record_visit, NULL, 1, NULL}, {0}};

static const char order_text[] = "func.func @f(%arg0: i32) {\n"
                                 "  %0 = \"t.effect\"(%arg0) {id = \"e1\"} : (i32) -> i32\n"
                                 "  \"t.region\"() ({\n"
                                 "    \"t.effect\"() {id = \"e2\"} : () -> ()\n"
                                 "    \"t.yield\"() {id = \"y\"} : () -> ()\n"
                                 "  }) {id = \"r\"} : () -> ()\n"
                                 "  %1 = \"t.effect\"(%0) {id = \"e3\"} : (i32) -> i32\n"
                                 "  \"func.return\"() {id = \"ret\"} : () -> ()\n"
                                 "}\n";

/* Bottom-up seeds the worklist in post-order and pops the last first; top-
 * down seeds in pre-order and reverses, so ops come in program order. Both
 * push each op with its ancestors (MLIR's addToWorklist), which is why the
 * function comes out right after its first op's siblings bottom-up. */
static void test_processing_order(void) {
  gfixture g;
  if (!gfixture_init(&g, order_text))
    return;
  sharc_pattern_set_add(g.patterns, record_any, &g);
  bool changed = true;
  CHECK(run_greedy(&g, &changed));
  CHECK(!changed);
  CHECK_STR(seen(&g), "ret e3 y r e2 func.func e1");
  g.seen.len = 0;
  g.config.top_down = true;
  CHECK(run_greedy(&g, &changed));
  CHECK_STR(seen(&g), "func.func e1 r e2 y e3 ret");
  CHECK_STR(rec_log(&g.rec), "");
  gfixture_free(&g);
}

/* A remembered top-down seeding: the second run seeds from the list the
 * first one's walk pushed, in the same order, less the ops erased since. */
static void test_remembered_seeding(void) {
  gfixture g;
  if (!gfixture_init(&g, order_text))
    return;
  sharc_greedy_seed seed = {0};
  sharc_pattern_set_add(g.patterns, record_any, &g);
  g.config.top_down = true;
  g.config.cse_constants = false;
  g.config.seed = &seed;
  for (int run = 0; run < 2; run++) {
    g.seen.len = 0;
    CHECK(run_greedy(&g, NULL));
    CHECK_STR(seen(&g), "func.func e1 r e2 y e3 ret");
    CHECK(seed.len == 7);
  }
  sharc_greedy_seed_free(&seed);
  gfixture_free(&g);
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) {\n"
                         "  %0 = \"t.add\"(%arg0, %arg0) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  %1 = \"t.neg\"(%0) {id = \"c\"} : (i32) -> i32\n"
                         "  return\n"
                         "}\n"))
    return;
  sharc_pattern_set_add(g.patterns, record_any, &g);
  g.config.top_down = true;
  g.config.cse_constants = false;
  g.config.seed = &seed;
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(rec_log(&g.rec), "-c -a");
  g.seen.len = 0;
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(seen(&g), "func.func func.return");
  CHECK(seed.len == 2);
  sharc_greedy_seed_free(&seed);
  gfixture_free(&g);
}

static void test_fold_to_value(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) -> i32 {\n"
                         "  %c0 = \"t.const\"() {id = \"c0\", value = 0 : i32} : () -> i32\n"
                         "  %0 = \"t.add\"(%arg0, %c0) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  return %0 : i32\n"
                         "}\n"))
    return;
  bool changed = false;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed);
  /* replaced by its operand; the constant, left unused, erased after */
  CHECK_STR(rec_log(&g.rec), "=a *func.return -a -c0");
  CHECK_MODULE(&g, "module {\n"
                   "  func.func @f(%arg0: i32) -> i32 {\n"
                   "    return %arg0 : i32\n"
                   "  }\n"
                   "}\n");
  gfixture_free(&g);
}

static void test_fold_disabled(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) -> i32 {\n"
                         "  %c0 = \"t.const\"() {id = \"c0\", value = 0 : i32} : () -> i32\n"
                         "  %0 = \"t.add\"(%arg0, %c0) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  return %0 : i32\n"
                         "}\n"))
    return;
  g.config.fold = false;
  sharc_pattern_set_add(g.patterns, record_any, &g);
  bool changed = true;
  CHECK(run_greedy(&g, &changed));
  CHECK(!changed);
  CHECK(strstr(seen(&g), "a") != NULL);
  CHECK(find_op(g.module, "a") != NULL);
  gfixture_free(&g);
}

static void test_fold_materializes_constant(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() -> i32 {\n"
                         "  %c1 = \"t.const\"() {id = \"c1\", value = 1 : i32} : () -> i32\n"
                         "  %c2 = \"t.const\"() {id = \"c2\", value = 2 : i32} : () -> i32\n"
                         "  %0 = \"t.add\"(%c1, %c2) {id = \"s\"} : (i32, i32) -> i32\n"
                         "  return %0 : i32\n"
                         "}\n"))
    return;
  CHECK(run_greedy(&g, NULL));
  /* the new constant (not labelled: t.const) goes before the folded op */
  CHECK_STR(rec_log(&g.rec), "+t.const =s *func.return -s -c2 -c1");
  CHECK_MODULE(&g, "module {\n"
                   "  func.func @f() -> i32 {\n"
                   "    %0 = \"t.const\"() {value = 3 : i32} : () -> i32\n"
                   "    return %0 : i32\n"
                   "  }\n"
                   "}\n");
  gfixture_free(&g);
}

/* The dialect refuses to materialize 13: the fold is dropped and the op's
 * patterns get their turn. */
static void test_failed_materialization_falls_through(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() -> (i32, i32) {\n"
                         "  %c = \"t.const\"() {id = \"c\", value = -13 : i32} : () -> i32\n"
                         "  %0 = \"t.neg\"(%c) {id = \"n13\"} : (i32) -> i32\n"
                         "  %d = \"t.const\"() {id = \"d\", value = 5 : i32} : () -> i32\n"
                         "  %1 = \"t.neg\"(%d) {id = \"n5\"} : (i32) -> i32\n"
                         "  return %0, %1 : i32, i32\n"
                         "}\n"))
    return;
  const sharc_pattern on_neg[] = {{"on-neg", record_visit, &t_neg_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, on_neg, &g);
  g.config.top_down = true;
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(seen(&g), "n13 n13"); /* once per iteration; n5 folded away */
  CHECK(find_op(g.module, "n13") != NULL && find_op(g.module, "n5") == NULL);
  CHECK_MODULE(&g, "module {\n"
                   "  func.func @f() -> (i32, i32) {\n"
                   "    %0 = \"t.const\"() {value = -5 : i32} : () -> i32\n"
                   "    %1 = \"t.const\"() {id = \"c\", value = -13 : i32} : () -> i32\n"
                   "    %2 = \"t.neg\"(%1) {id = \"n13\"} : (i32) -> i32\n"
                   "    return %2, %0 : i32, i32\n"
                   "  }\n"
                   "}\n");
  gfixture_free(&g);
}

static void test_fold_in_place(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) -> i32 {\n"
                         "  %c = \"t.const\"() {id = \"c\", value = 4 : i32} : () -> i32\n"
                         "  %0 = \"t.swap\"(%c, %arg0) {id = \"w\"} : (i32, i32) -> i32\n"
                         "  return %0 : i32\n"
                         "}\n"))
    return;
  bool changed = false;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed);
  CHECK_STR(rec_log(&g.rec), "*w");
  sharc_op *w = find_op(g.module, "w");
  CHECK(w && sharc_value_is_block_arg(sharc_op_operand(w, 0)));
  gfixture_free(&g);
}

static void test_dead_ops(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) {\n"
                         "  %0 = \"t.add\"(%arg0, %arg0) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  %1 = \"t.add\"(%0, %0) {id = \"b\"} : (i32, i32) -> i32\n"
                         "  %2 = \"t.neg\"(%1) {id = \"c\"} : (i32) -> i32\n"
                         "  %3 = \"t.effect\"(%arg0) {id = \"e\"} : (i32) -> i32\n"
                         "  \"t.region\"() ({\n"
                         "    %4 = \"t.neg\"(%arg0) {id = \"in_pure\"} : (i32) -> i32\n"
                         "    \"t.yield\"() : () -> ()\n"
                         "  }) {id = \"pure_region\"} : () -> ()\n"
                         "  \"t.region\"() ({\n"
                         "    \"t.effect\"() {id = \"in_effect\"} : () -> ()\n"
                         "    \"t.yield\"() : () -> ()\n"
                         "  }) {id = \"effect_region\"} : () -> ()\n"
                         "  %5 = \"x.unknown\"(%arg0) {id = \"x\"} : (i32) -> i32\n"
                         "  return\n"
                         "}\n"))
    return;
  bool changed = false;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed);
  /* popped last first: the pure region (its ops first, innermost and last
   * first), then the chain, user first; ops with effects, regions holding
   * them and unregistered ops stay */
  CHECK_STR(rec_log(&g.rec), "-t.yield -in_pure -^? -pure_region -c -b -a");
  CHECK(find_op(g.module, "e") && find_op(g.module, "effect_region") && find_op(g.module, "x"));
  gfixture_free(&g);
  /* top-down meets the chain's head first: each erasure requeues the
   * operand's definition, with its ancestors (the function) after it */
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) {\n"
                         "  %0 = \"t.add\"(%arg0, %arg0) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  %1 = \"t.add\"(%0, %0) {id = \"b\"} : (i32, i32) -> i32\n"
                         "  %2 = \"t.neg\"(%1) {id = \"c\"} : (i32) -> i32\n"
                         "  return\n"
                         "}\n"))
    return;
  g.config.top_down = true;
  sharc_pattern_set_add(g.patterns, record_any, &g);
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(rec_log(&g.rec), "-c -b -a");
  CHECK_STR(seen(&g), "func.func a b func.func func.func func.return func.func func.return");
  gfixture_free(&g);
}

/* An isolation-local set leaves quiet isolated bodies out of the worklist:
 * what the patterns see, what is erased and in which order, and the result
 * are those of the full walk, bottom-up and top-down, with nested isolated
 * ops, a body holding a root and one holding a dead op. */
static const sharc_pattern record_neg[] = {{"record", record_visit, &t_neg_def, 1, NULL}, {0}};

static const char quiet_text[] =
    "func.func @f(%arg0: i32) {\n"
    "  %0 = \"t.neg\"(%arg0) {id = \"n1\"} : (i32) -> i32\n"
    "  \"t.iso\"() ({\n"
    "    %1 = \"t.effect\"() {id = \"e1\"} : () -> i32\n"
    "    \"t.iso\"() ({\n"
    "      \"t.effect\"() {id = \"e2\"} : () -> ()\n"
    "      \"t.yield\"() {id = \"y1\"} : () -> ()\n"
    "    }) {id = \"inner\"} : () -> ()\n"
    "    \"t.yield\"() {id = \"y2\"} : () -> ()\n"
    "  }) {id = \"quiet\"} : () -> ()\n"
    "  \"t.iso\"() ({\n"
    "    %2 = \"t.effect\"() {id = \"e3\"} : () -> i32\n"
    "    %3 = \"t.neg\"(%2) {id = \"n2\"} : (i32) -> i32\n"
    "    \"t.yield\"() {id = \"y3\"} : () -> ()\n"
    "  }) {id = \"rooted\"} : () -> ()\n"
    "  \"t.iso\"() ({\n"
    "    %4 = \"t.effect\"() {id = \"e4\"} : () -> i32\n"
    "    %5 = \"t.add\"(%4, %4) {id = \"dead\"} : (i32, i32) -> i32\n"
    "    \"t.yield\"() {id = \"y4\"} : () -> ()\n"
    "  }) {id = \"with_dead\"} : () -> ()\n"
    "  \"t.iso\"() ({\n"
    "    \"t.yield\"() {id = \"y5\"} : () -> ()\n"
    "  }) {id = \"pure_iso\"} : () -> ()\n"
    "  \"t.iso\"() ({\n"
    "    \"t.region\"() ({\n"
    "      \"t.br\"()[^bb1] {id = \"br\"} : () -> ()\n"
    "    ^bb1:\n"
    "      \"t.effect\"() {id = \"e5\"} : () -> ()\n"
    "      \"t.yield\"() {id = \"y6\"} : () -> ()\n"
    "    }) {id = \"multi\"} : () -> ()\n"
    "    \"t.yield\"() {id = \"y7\"} : () -> ()\n"
    "  }) {id = \"irregular\"} : () -> ()\n"
    "  %6 = \"t.neg\"(%0) {id = \"n3\"} : (i32) -> i32\n"
    "  return\n"
    "}\n";

static char *dup_str(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

/* One run of `patterns` over `text` without and one with the isolation-
 * local declaration, the rest as given: the patterns must see the same ops
 * in the same order, the listener hear the same events and the result
 * print the same; `check` (may be NULL) looks at each result too. */
static void check_declaration_changes_nothing(const char *text, const sharc_pattern *patterns,
                                              bool top_down, sharc_region_simplify simplify,
                                              void (*check)(sharc_op *module)) {
  char *want[3] = {NULL, NULL, NULL};
  for (int local = 0; local < 2; local++) {
    gfixture g;
    if (!gfixture_init(&g, text))
      break;
    sharc_pattern_set_add(g.patterns, patterns, &g);
    if (local)
      sharc_pattern_set_declare_isolation_local(g.patterns);
    g.config.top_down = top_down;
    g.config.fold = false;
    g.config.cse_constants = false;
    g.config.region_simplify = simplify;
    CHECK(run_greedy(&g, NULL));
    if (check)
      check(g.module);
    char *got[3] = {dup_str(seen(&g)), dup_str(rec_log(&g.rec)), print_op_text(g.module)};
    for (int i = 0; i < 3; i++) {
      if (!local) {
        want[i] = got[i];
        continue;
      }
      if (strcmp(got[i], want[i]) != 0)
        fprintf(stderr, "the isolation-local declaration changed the run over:\n%s", text);
      CHECK_STR(got[i], want[i]);
      free(got[i]);
    }
    gfixture_free(&g);
  }
  for (int i = 0; i < 3; i++)
    free(want[i]);
}

static void check_quiet_text_result(sharc_op *module) {
  CHECK(!find_op(module, "dead") && !find_op(module, "pure_iso"));
  CHECK(find_op(module, "multi") && find_op(module, "inner"));
}

static void check_quiet_bodies_left_out(bool top_down, sharc_region_simplify simplify) {
  check_declaration_changes_nothing(quiet_text, record_neg, top_down, simplify,
                                    check_quiet_text_result);
}

/* With region simplification, the quiet bodies are passed over there too. */
static void test_quiet_bodies_left_out(void) {
  for (int top_down = 0; top_down < 2; top_down++) {
    check_quiet_bodies_left_out(top_down, SHARC_SIMPLIFY_DISABLED);
    check_quiet_bodies_left_out(top_down, SHARC_SIMPLIFY_NORMAL);
  }
}

/* ---- random IR: quiet bodies over several iterations ----------------------
 * Random functions of effects, negations, additions (dead when unused),
 * isolated bodies and plain region ops (some with two blocks, the second
 * one reached or not), nested, and
 * a pattern that folds away double negations: runs change the IR for some
 * iterations, so that later iterations meet bodies an earlier one found
 * quiet (check_declaration_changes_nothing). */
typedef struct rgen {
  uint64_t state;
  sharc_buf text;
  unsigned next_id, next_value;
} rgen;

static unsigned rgen_below(rgen *r, unsigned n) {
  r->state = r->state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned)((r->state >> 33) % n);
}

typedef struct rvalues {
  unsigned ids[64];
  unsigned len;
} rvalues;

static void rgen_indent(rgen *r, unsigned depth) {
  for (unsigned i = 0; i <= depth; i++)
    sharc_buf_puts(&r->text, "  ");
}

static unsigned rgen_pick(rgen *r, const rvalues *v) { return v->ids[rgen_below(r, v->len)]; }

static void rgen_define(rvalues *v, unsigned id) {
  if (v->len < sizeof v->ids / sizeof v->ids[0])
    v->ids[v->len++] = id;
}

static void rgen_ops(rgen *r, unsigned depth, rvalues *v, unsigned count);

/* A region op: isolated (its own values) or plain (the enclosing ones
 * visible), the plain one sometimes with a second block. */
static void rgen_region_op(rgen *r, unsigned depth, const rvalues *outer, bool isolated) {
  rvalues inner = {{0}, 0};
  if (!isolated)
    inner = *outer;
  rgen_indent(r, depth);
  sharc_buf_printf(&r->text, "\"%s\"() ({\n", isolated ? "t.iso" : "t.region");
  rgen_ops(r, depth + 1, &inner, 1 + rgen_below(r, 5));
  if (!isolated && rgen_below(r, 4) == 0) {
    rgen_indent(r, depth + 1);
    if (rgen_below(r, 2)) /* else ^bb1 is unreachable */
      sharc_buf_printf(&r->text, "\"t.br\"()[^bb1] {id = \"o%u\"} : () -> ()\n", r->next_id++);
    else
      sharc_buf_printf(&r->text, "\"t.yield\"() {id = \"o%u\"} : () -> ()\n", r->next_id++);
    rgen_indent(r, depth);
    sharc_buf_puts(&r->text, "^bb1:\n");
    rgen_ops(r, depth + 1, &inner, 1 + rgen_below(r, 3));
  }
  rgen_indent(r, depth + 1);
  sharc_buf_printf(&r->text, "\"t.yield\"() {id = \"o%u\"} : () -> ()\n", r->next_id++);
  rgen_indent(r, depth);
  sharc_buf_printf(&r->text, "}) {id = \"o%u\"} : () -> ()\n", r->next_id++);
}

static void rgen_op(rgen *r, unsigned depth, rvalues *v) {
  unsigned kind = rgen_below(r, depth < 3 ? 7 : 5);
  if (!v->len && kind >= 1 && kind <= 4) /* (3 and 4: an effect using a value) */
    kind = 0;
  if (kind >= 5) {
    rgen_region_op(r, depth, v, kind == 5);
    return;
  }
  unsigned id = r->next_id++, value = r->next_value++;
  rgen_indent(r, depth);
  switch (kind) {
  case 0:
    sharc_buf_printf(&r->text, "%%v%u = \"t.effect\"() {id = \"o%u\"} : () -> i32\n", value, id);
    break;
  case 1:
    sharc_buf_printf(&r->text, "%%v%u = \"t.neg\"(%%v%u) {id = \"o%u\"} : (i32) -> i32\n", value,
                     rgen_pick(r, v), id);
    break;
  case 2:
    sharc_buf_printf(&r->text, "%%v%u = \"t.add\"(%%v%u, %%v%u) {id = \"o%u\"} : (i32, i32) -> i32\n",
                     value, rgen_pick(r, v), rgen_pick(r, v), id);
    break;
  default:
    sharc_buf_printf(&r->text, "\"t.effect\"(%%v%u) {id = \"o%u\"} : (i32) -> ()\n",
                     rgen_pick(r, v), id);
    return;
  }
  rgen_define(v, value);
}

static void rgen_ops(rgen *r, unsigned depth, rvalues *v, unsigned count) {
  for (unsigned i = 0; i < count; i++)
    rgen_op(r, depth, v);
}

static char *random_function(uint64_t seed) {
  rgen r = {.state = seed * 2654435761u + 1};
  rvalues v = {{0}, 0};
  sharc_buf_puts(&r.text, "func.func @f(%v0: i32) {\n");
  r.next_value = 1;
  rgen_define(&v, 0);
  rgen_ops(&r, 0, &v, 4 + rgen_below(&r, 10));
  sharc_buf_puts(&r.text, "  return\n}\n");
  char *text = dup_str(r.text.data);
  sharc_buf_free(&r.text);
  return text;
}

/* neg(neg(x)) -> x; every negation asked about is recorded. */
static bool fold_double_neg(sharc_op *op, sharc_rewriter *rw, void *state) {
  note_seen(state, op_label(op));
  sharc_value *x = sharc_op_operand(op, 0);
  sharc_op *def = x ? sharc_value_defining_op(x) : NULL;
  if (!def || sharc_op_def_of(def) != &t_neg_def)
    return false;
  sharc_value *inner = sharc_op_operand(def, 0);
  sharc_rw_replace_op(rw, op, &inner, 1);
  return true;
}

static const sharc_pattern double_neg[] = {{"double-neg", fold_double_neg, &t_neg_def, 1, NULL},
                                           {0}};

static void test_random_quiet_bodies(void) {
  for (uint64_t seed = 1; seed <= 300; seed++) {
    char *text = random_function(seed);
    for (int top_down = 0; top_down < 2; top_down++) {
      check_declaration_changes_nothing(text, double_neg, top_down, SHARC_SIMPLIFY_DISABLED, NULL);
      check_declaration_changes_nothing(text, double_neg, top_down, SHARC_SIMPLIFY_NORMAL, NULL);
    }
    free(text);
  }
}

/* Bodies whose only ops able to act are the users left dead when the
 * search for unreachable blocks (between seeding and the first pop) erases
 * a block: MLIR has them on the worklist already, in walk order, so the
 * erasure's pushes change nothing; the double negation after the bodies
 * pops before them bottom-up, after them top-down. */
static const char unreachable_text[] =
    "func.func @f(%arg0: i32) {\n"
    "  %0 = \"t.neg\"(%arg0) {id = \"n1\"} : (i32) -> i32\n"
    "  \"t.iso\"() ({\n"
    "    %1 = \"t.effect\"() {id = \"e1\"} : () -> i32\n"
    "    %2 = \"t.add\"(%1, %1) {id = \"a1\"} : (i32, i32) -> i32\n"
    "    \"t.region\"() ({\n"
    "      \"t.yield\"() {id = \"y1\"} : () -> ()\n"
    "    ^bb1:\n"
    "      \"t.effect\"(%2) {id = \"e2\"} : (i32) -> ()\n"
    "      \"t.yield\"() {id = \"y2\"} : () -> ()\n"
    "    }) {id = \"nested_unreachable\"} : () -> ()\n"
    "    \"t.yield\"() {id = \"y3\"} : () -> ()\n"
    "  }) {id = \"iso1\"} : () -> ()\n"
    "  \"t.iso\"() ({\n"
    "    %4 = \"t.effect\"() {id = \"e4\"} : () -> i32\n"
    "    %5 = \"t.add\"(%4, %4) {id = \"a2\"} : (i32, i32) -> i32\n"
    "    \"t.yield\"() {id = \"y4\"} : () -> ()\n"
    "  ^bb1:\n"
    "    \"t.effect\"(%5) {id = \"e5\"} : (i32) -> ()\n"
    "    \"t.yield\"() {id = \"y5\"} : () -> ()\n"
    "  }) {id = \"iso2\"} : () -> ()\n"
    "  %3 = \"t.neg\"(%0) {id = \"n2\"} : (i32) -> i32\n"
    "  \"t.effect\"(%3) {id = \"e3\"} : (i32) -> ()\n"
    "  return\n"
    "}\n";

static void check_unreachable_text_result(sharc_op *module) {
  CHECK(!find_op(module, "a1") && !find_op(module, "e2") && !find_op(module, "a2"));
  CHECK(find_op(module, "e1") && find_op(module, "e4"));
}

static void test_unreachable_blocks_in_quiet_bodies(void) {
  for (int top_down = 0; top_down < 2; top_down++) {
    check_declaration_changes_nothing(unreachable_text, double_neg, top_down,
                                      SHARC_SIMPLIFY_DISABLED, check_unreachable_text_result);
    check_declaration_changes_nothing(unreachable_text, double_neg, top_down,
                                      SHARC_SIMPLIFY_NORMAL, check_unreachable_text_result);
  }
}

static void test_trivially_dead_queries(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) -> i32 {\n"
                         "  %c = \"t.const\"() {id = \"c\", value = 7 : i32} : () -> i32\n"
                         "  %0 = \"t.add\"(%arg0, %c) {id = \"a\"} : (i32, i32) -> i32\n"
                         "  %1 = \"t.effect\"(%0) {id = \"e\"} : (i32) -> i32\n"
                         "  %2 = \"x.unknown\"() {id = \"x\"} : () -> i32\n"
                         "  return %0 : i32\n"
                         "}\n"))
    return;
  sharc_op *c = find_op(g.module, "c"), *a = find_op(g.module, "a"), *e = find_op(g.module, "e");
  sharc_op *x = find_op(g.module, "x"), *ret = find_op(g.module, "func.return");
  CHECK(sharc_op_would_be_trivially_dead(c) && !sharc_op_is_trivially_dead(c));
  CHECK(sharc_op_would_be_trivially_dead(a) && !sharc_op_is_trivially_dead(a));
  CHECK(!sharc_op_would_be_trivially_dead(e) && !sharc_op_is_trivially_dead(e));
  CHECK(!sharc_op_would_be_trivially_dead(x) && !sharc_op_is_trivially_dead(x));
  CHECK(!sharc_op_would_be_trivially_dead(ret));                            /* a terminator */
  CHECK(!sharc_op_would_be_trivially_dead(find_op(g.module, "func.func"))); /* a symbol */
  sharc_attr *v = sharc_op_constant_value(c);
  CHECK(v && sharc_attr_int_value(v) == 7);
  CHECK(sharc_op_constant_value(a) == NULL);
  gfixture_free(&g);
}

static bool has_unknown_loc(sharc_op *op) {
  return op && sharc_op_loc(op) == sharc_loc_unknown(sharc_op_context(op));
}

static bool has_name_loc(sharc_op *op, const char *name) {
  sharc_attr *loc = op ? sharc_op_loc(op) : NULL;
  if (!loc || sharc_attr_get_kind(loc) != SHARC_ATTR_LOC_NAME)
    return false;
  sharc_buf b = {0};
  sharc_print_attr(loc, &b);
  sharc_buf want = {0};
  sharc_buf_printf(&want, "loc(\"%s\")", name);
  bool same = b.data && strcmp(b.data, want.data) == 0;
  sharc_buf_free(&b);
  sharc_buf_free(&want);
  return same;
}

/* The same program as
 *   mlir-opt-22 -canonicalize -mlir-print-debuginfo
 * on arith.constant: a constant hoisted within its block keeps its
 * location; one hoisted from another block, and the one kept when a
 * duplicate merges into it, get an unknown location. */
static const char constants_text[] =
    "func.func @same_block(%arg0: i32) {\n"
    "  %0 = \"t.effect\"(%arg0) {id = \"x\"} : (i32) -> i32 loc(\"x\")\n"
    "  %c = \"t.const\"() {id = \"c1\", value = 1 : i32} : () -> i32 loc(\"c1\")\n"
    "  \"t.effect\"(%0, %c) {id = \"u\"} : (i32, i32) -> () loc(\"u\")\n"
    "  return\n"
    "}\n"
    "func.func @dup() {\n"
    "  %c = \"t.const\"() {id = \"c7a\", value = 7 : i32} : () -> i32 loc(\"c7a\")\n"
    "  %d = \"t.const\"() {id = \"c7b\", value = 7 : i32} : () -> i32 loc(\"c7b\")\n"
    "  \"t.effect\"(%c, %d) {id = \"u7\"} : (i32, i32) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @other_block(%arg0: i1) {\n"
    "  \"t.br\"() [^bb1, ^bb2] : () -> ()\n"
    "^bb1:\n"
    "  %c = \"t.const\"() {id = \"c3\", value = 3 : i32} : () -> i32 loc(\"c3\")\n"
    "  \"t.effect\"(%c) : (i32) -> ()\n"
    "  return\n"
    "^bb2:\n"
    "  %d = \"t.const\"() {id = \"c4\", value = 4 : i32} : () -> i32 loc(\"c4\")\n"
    "  \"t.effect\"(%d) : (i32) -> ()\n"
    "  return\n"
    "}\n"
    "func.func @nested(%arg0: i32) {\n"
    "  \"t.region\"() ({\n"
    "    %c = \"t.const\"() {id = \"in_region\", value = 9 : i32} : () -> i32\n"
    "    \"t.effect\"(%c) : (i32) -> ()\n"
    "    \"t.yield\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "  %c9 = \"t.const\"() {id = \"outer9\", value = 9 : i32} : () -> i32\n"
    "  %c9i64 = \"t.const\"() {id = \"outer9i64\", value = 9 : i64} : () -> i64 loc(\"o64\")\n"
    "  \"t.iso\"() ({\n"
    "    \"t.effect\"() {id = \"first_in_iso\"} : () -> ()\n"
    "    %c = \"t.const\"() {id = \"in_iso\", value = 9 : i32} : () -> i32\n"
    "    \"t.effect\"(%c) : (i32) -> ()\n"
    "    \"t.yield\"() : () -> ()\n"
    "  }) : () -> ()\n"
    "  \"t.effect\"(%c9, %c9i64) : (i32, i64) -> ()\n"
    "  return\n"
    "}\n";

static void check_constants(bool top_down) {
  gfixture g;
  if (!gfixture_init(&g, constants_text))
    return;
  g.config.top_down = top_down;
  CHECK(run_greedy(&g, NULL));
  sharc_block *b;
  b = body_of(g.module, "func.func");
  CHECK_BLOCK(b, "c1 x u func.return");
  CHECK(has_name_loc(find_op(g.module, "c1"), "c1"));
  CHECK(find_op(g.module, "c7b") == NULL && has_unknown_loc(find_op(g.module, "c7a")));
  sharc_op *other = find_op(g.module, "c3") ? sharc_op_parent_op(find_op(g.module, "c3")) : NULL;
  b = other ? sharc_region_first_block(sharc_op_region(other, 0)) : NULL;
  if (b)
    CHECK_BLOCK(b, "c4 c3 t.br");
  CHECK(has_unknown_loc(find_op(g.module, "c3")) && has_unknown_loc(find_op(g.module, "c4")));
  /* the constant in the region that is not isolated comes first in either
   * order: hoisted to the function's entry (location dropped), it absorbs
   * the outer one of the same value and type; the i64 one stays apart and,
   * hoisted within its own block, keeps its location (as mlir-opt-22 does
   * with arith.constant in scf.execute_region) */
  CHECK(find_op(g.module, "outer9") == NULL);
  sharc_op *in_region = find_op(g.module, "in_region");
  CHECK(has_unknown_loc(in_region) && has_name_loc(find_op(g.module, "outer9i64"), "o64"));
  sharc_op *nested = in_region ? sharc_op_parent_op(in_region) : NULL;
  if (nested)
    CHECK_BLOCK(sharc_region_first_block(sharc_op_region(nested, 0)),
                "outer9i64 in_region t.region t.iso t.effect func.return");
  /* the one in the isolated op stays in it, first in its block */
  sharc_op *in_iso = find_op(g.module, "in_iso");
  CHECK(in_iso && sharc_op_is(sharc_op_parent_op(in_iso), "t.iso"));
  CHECK(in_iso && sharc_op_prev(in_iso) == NULL);
  CHECK(sharc_verify(g.module));
  gfixture_free(&g);
}

static void test_constant_dedup_and_hoisting(void) {
  check_constants(false);
  check_constants(true);
}

static void test_constant_cse_disabled(void) {
  gfixture g;
  if (!gfixture_init(&g, constants_text))
    return;
  g.config.cse_constants = false;
  CHECK(run_greedy(&g, NULL));
  CHECK(find_op(g.module, "c7b") != NULL && has_name_loc(find_op(g.module, "c7a"), "c7a"));
  CHECK_BLOCK(body_of(g.module, "func.func"), "x c1 u func.return");
  gfixture_free(&g);
}

/* Changes the op behind the driver's back: the driver counts a change but
 * is not told, so each iteration rewrites once and the next one again. */
static bool sneaky_touch(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)rw;
  gfixture *g = state;
  g->calls++;
  sharc_op_set_attr(op, "touched", sharc_attr_integer(g->ctx, sharc_type_index(g->ctx), g->calls));
  return true;
}

static void test_max_iterations(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  const sharc_pattern touch[] = {{"touch", sneaky_touch, &t_effect_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, touch, &g);
  g.config.max_iterations = 3;
  bool changed = false;
  CHECK(!run_greedy(&g, &changed)); /* did not converge */
  CHECK(changed);
  CHECK(g.calls == 3);
  g.calls = 0;
  g.config.max_iterations = 1;
  CHECK(!run_greedy(&g, &changed));
  CHECK(g.calls == 1 && changed);
  g.calls = 0;
  g.config.max_iterations = 0; /* nothing runs: trivially converged */
  CHECK(run_greedy(&g, &changed));
  CHECK(g.calls == 0 && !changed);
  gfixture_free(&g);
}

/* Rewrites through the rewriter every time: the op is requeued at once,
 * so only the rewrite limit ends an iteration. */
static bool loud_touch(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  g->calls++;
  sharc_rw_set_attr(rw, op, "touched",
                    sharc_attr_integer(g->ctx, sharc_type_index(g->ctx), g->calls));
  return true;
}

static void test_max_rewrites(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  const sharc_pattern touch[] = {{"touch", loud_touch, &t_effect_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, touch, &g);
  g.config.max_iterations = 2;
  g.config.max_rewrites = 5;
  g.config.listener = NULL;
  CHECK(!run_greedy(&g, NULL));
  CHECK(g.calls == 10);
  gfixture_free(&g);
}

/* A pattern that converges: it rewrites once, then finds nothing. */
static bool once(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  if (sharc_op_attr(op, "done"))
    return false;
  g->calls++;
  sharc_rw_set_attr(rw, op, "done", sharc_attr_unit(g->ctx));
  return true;
}

static void test_convergence(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  const sharc_pattern p[] = {{"once", once, &t_effect_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, p, &g);
  g.config.max_iterations = 2; /* the second iteration finds nothing to do */
  bool changed = false;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed && g.calls == 1);
  CHECK_STR(rec_log(&g.rec), "*e");
  gfixture_free(&g);
}

/* Records the op, and when it carries `spawn` creates a new op before it:
 * through the rewriter (`spawn`), or behind the driver's back (`sneak`). */
static bool spawner(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  note_seen(g, op_label(op));
  bool rewriter = sharc_op_attr(op, "spawn") != NULL, behind = sharc_op_attr(op, "sneak") != NULL;
  if (!rewriter && !behind)
    return false;
  sharc_named_attr id = {
      sharc_ident_get(g->ctx, SHARC_STR("id")),
      sharc_attr_string(g->ctx, rewriter ? SHARC_STR("new") : SHARC_STR("hidden"))};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(g->ctx, SHARC_STR("t.effect"));
  st.attrs = sharc_attr_dictionary(g->ctx, &id, 1);
  if (rewriter) {
    sharc_rw_set_attr(rw, op, "spawn", NULL);
    sharc_rw_create(rw, &st);
  } else {
    sharc_op_set_attr(op, "sneak", NULL);
    sharc_block_insert_before(op, sharc_op_create(g->ctx, &st));
  }
  return true;
}

static const char strict_text[] = "func.func @f() {\n"
                                  "  \"t.effect\"() {id = \"old\", spawn} : () -> ()\n"
                                  "  \"t.effect\"() {id = \"old2\", sneak} : () -> ()\n"
                                  "  return\n"
                                  "}\n";

static const char *strict_run(gfixture *g, sharc_strictness s) {
  if (!gfixture_init(g, strict_text))
    return "";
  const sharc_pattern p[] = {{"spawn", spawner, &t_effect_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g->patterns, p, g);
  g->config.strictness = s;
  g->config.top_down = true;
  CHECK(run_greedy(g, NULL));
  return seen(g);
}

static void test_strictness(void) {
  gfixture g;
  /* `old` is requeued when modified, after the op it created; the second
   * iteration walks the block in order. Any op: the new op and the one
   * slipped in behind the driver's back are both looked at */
  CHECK_STR(strict_run(&g, SHARC_STRICT_ANY_OP), "old new old old2 new old hidden old2");
  gfixture_free(&g);
  /* ops there at the start and those created through the rewriter */
  CHECK_STR(strict_run(&g, SHARC_STRICT_EXISTING_AND_NEW), "old new old old2 new old old2");
  gfixture_free(&g);
  /* only those there at the start */
  CHECK_STR(strict_run(&g, SHARC_STRICT_EXISTING), "old old old2 old old2");
  gfixture_free(&g);
}

/* Patterns that record their own name and never match (the fixture they
 * record into is global: a pattern's state is shared by its array). */
static gfixture *current_g;

#define NAMED_RECORDER(fn, name)                                                                   \
  static bool fn(sharc_op *op, sharc_rewriter *rw, void *state) {                                  \
    (void)op;                                                                                      \
    (void)rw;                                                                                      \
    (void)state;                                                                                   \
    note_seen(current_g, name);                                                                    \
    return false;                                                                                  \
  }
NAMED_RECORDER(rec_own3, "own3")
NAMED_RECORDER(rec_own1, "own1")
NAMED_RECORDER(rec_eq_a, "eqA")
NAMED_RECORDER(rec_eq_b, "eqB")
NAMED_RECORDER(rec_any3, "any3")
NAMED_RECORDER(rec_any2, "any2")
NAMED_RECORDER(rec_any0, "any0")

static const sharc_pattern benefit_patterns[] = {
    {"own1", rec_own1, &t_effect_def, 1, NULL}, {"eqA", rec_eq_a, &t_effect_def, 2, "label-eq"},
    {"any0", rec_any0, NULL, 0, NULL},          {"own3", rec_own3, &t_effect_def, 3, NULL},
    {"any2", rec_any2, NULL, 2, "label-any"},   {"eqB", rec_eq_b, &t_effect_def, 2, "label-eq"},
    {"any3", rec_any3, NULL, 3, "label-any"},   {0},
};

/* MLIR's PatternApplicator: the op's own and the any-op patterns merged by
 * benefit (highest first), the op's own first among equal benefits, the
 * order they were added in among equals of a kind. */
static void test_pattern_order(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  current_g = &g;
  sharc_pattern_set_add(g.patterns, benefit_patterns, NULL);
  CHECK(sharc_pattern_set_size(g.patterns) == 7);
  g.config.top_down = true;
  g.config.max_iterations = 1;
  CHECK(run_greedy(&g, NULL));
  /* func.func: any-op only; t.effect: all; func.return: any-op only */
  CHECK_STR(seen(&g), "any3 any2 any0 "
                      "own3 any3 eqA eqB any2 own1 any0 "
                      "any3 any2 any0");
  gfixture_free(&g);
}

static void test_pattern_filter(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  current_g = &g;
  g.config.top_down = true;
  g.config.max_iterations = 1;
  sharc_pattern_set_add(g.patterns, benefit_patterns, NULL);
  /* disabled by name and by label */
  const char *disabled[] = {"own3", "label-any"};
  sharc_pattern_set_filter(g.patterns, disabled, 2, NULL, 0);
  CHECK(sharc_pattern_set_size(g.patterns) == 4);
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(seen(&g), "any0 eqA eqB own1 any0 any0");
  /* enabled: only those named or labelled, less the disabled */
  sharc_pattern_set_destroy(g.patterns);
  g.patterns = sharc_pattern_set_create(g.ctx);
  sharc_pattern_set_add(g.patterns, benefit_patterns, NULL);
  const char *enabled[] = {"label-eq", "any3", "own1"};
  const char *disabled2[] = {"eqB"};
  sharc_pattern_set_filter(g.patterns, disabled2, 1, enabled, 3);
  CHECK(sharc_pattern_set_size(g.patterns) == 3);
  g.seen.len = 0;
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(seen(&g), "any3 any3 eqA own1 any3");
  gfixture_free(&g);
}

/* A pattern that matches stops the others for that visit. */
static bool stop_here(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)rw;
  (void)state;
  note_seen(current_g, "stop");
  if (sharc_op_attr(op, "stopped"))
    return false;
  sharc_op_set_attr(op, "stopped", sharc_attr_unit(current_g->ctx));
  return true;
}

static void test_first_match_wins(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  current_g = &g;
  const sharc_pattern p[] = {
      {"stop", stop_here, &t_effect_def, 5, NULL}, {"own1", rec_own1, &t_effect_def, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, p, NULL);
  g.config.top_down = true;
  g.config.max_iterations = 1;
  CHECK(!run_greedy(&g, NULL)); /* changed in its only iteration */
  CHECK_STR(seen(&g), "stop");
  gfixture_free(&g);
}

/* Region DCE erases what liveness cannot prove needed, a dead cycle of a
 * graph region (the module body) included; trivial dead-op erasure alone
 * cannot, each op of the cycle having a user. */
static const char cycle_text[] = "%c = \"t.const\"() {id = \"c\", value = 1 : i32} : () -> i32\n"
                                 "%a = \"t.add\"(%b, %c) {id = \"a\"} : (i32, i32) -> i32\n"
                                 "%b = \"t.add\"(%a, %c) {id = \"b\"} : (i32, i32) -> i32\n"
                                 "func.func @keep() {\n"
                                 "  return\n"
                                 "}\n";

static void test_region_dce_of_dead_cycle(void) {
  gfixture g;
  if (!gfixture_init(&g, cycle_text))
    return;
  g.config.region_simplify = SHARC_SIMPLIFY_DISABLED;
  bool changed = true;
  CHECK(run_greedy(&g, &changed));
  CHECK(!changed && find_op(g.module, "a") && find_op(g.module, "b"));
  g.config.region_simplify = SHARC_SIMPLIFY_NORMAL;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed);
  CHECK_STR(rec_log(&g.rec), "-b -a -c");
  CHECK_MODULE(&g, "module {\n"
                   "  func.func @keep() {\n"
                   "    return\n"
                   "  }\n"
                   "}\n");
  gfixture_free(&g);
}

static void test_unreachable_blocks(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f(%arg0: i32) {\n"
                         "  \"t.br\"() [^bb2] : () -> ()\n"
                         "^bb1:\n"
                         "  %0 = \"t.effect\"(%arg0) {id = \"dead_effect\"} : (i32) -> i32\n"
                         "  \"t.br\"() [^bb2] : () -> ()\n"
                         "^bb2:\n"
                         "  \"t.effect\"() {id = \"live\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  sharc_block *entry = body_of(g.module, "func.func");
  rec_name_block(&g.rec, sharc_block_next(entry), "bb1");
  /* unreachable blocks go at the start of every iteration, whatever the
   * region simplification level */
  g.config.region_simplify = SHARC_SIMPLIFY_DISABLED;
  sharc_pattern_set_add(g.patterns, record_any, &g);
  bool changed = false;
  CHECK(run_greedy(&g, &changed));
  CHECK(changed);
  CHECK_STR(rec_log(&g.rec), "-t.br -dead_effect -^bb1");
  CHECK(strstr(seen(&g), "dead_effect") == NULL);
  CHECK(sharc_region_num_blocks(sharc_block_region(entry)) == 2);
  CHECK(find_op(g.module, "live") != NULL);
  gfixture_free(&g);
}

/* A change deep in the IR requeues every ancestor up to the scope, however
 * deep (MLIR's addToWorklist); here 70 levels of regions. */
static bool touch_deep_once(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  if (strcmp(op_label(op), "outermost") == 0)
    note_seen(g, "outermost");
  if (strcmp(op_label(op), "deep") != 0 || sharc_op_attr(op, "done"))
    return false;
  sharc_rw_set_attr(rw, op, "done", sharc_attr_unit(g->ctx));
  return true;
}

static void test_deep_change_requeues_all_ancestors(void) {
  enum { DEPTH = 70 };
  sharc_buf text = {0};
  sharc_buf_puts(&text, "func.func @f() {\n");
  for (int i = 0; i < DEPTH; i++)
    sharc_buf_printf(&text, "\"t.region\"() ({\n");
  sharc_buf_puts(&text, "\"t.effect\"() {id = \"deep\"} : () -> ()\n\"t.yield\"() : () -> ()\n");
  for (int i = DEPTH - 1; i >= 0; i--)
    sharc_buf_printf(&text, "}) %s: () -> ()\n\"t.yield\"() : () -> ()\n",
                     i == 0 ? "{id = \"outermost\"} " : "");
  /* the outermost region's yield is the function's: swap it for a return */
  text.len -= strlen("\"t.yield\"() : () -> ()\n");
  sharc_buf_puts(&text, "return\n}\n");
  gfixture g;
  if (!gfixture_init(&g, text.data)) {
    sharc_buf_free(&text);
    return;
  }
  sharc_buf_free(&text);
  const sharc_pattern p[] = {{"deep", touch_deep_once, NULL, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, p, &g);
  g.config.top_down = true;
  CHECK(run_greedy(&g, NULL));
  /* first visit, again after the deep change, once in the second iteration */
  CHECK_STR(seen(&g), "outermost outermost outermost");
  gfixture_free(&g);
}

/* Ops of a block that a rewrite leaves unreachable are still visited in
 * that iteration (MLIR's driver does not check reachability); the block
 * goes at the start of the next iteration. */
static bool redirect(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  note_seen(g, op_label(op));
  if (strcmp(op_label(op), "br") != 0 || sharc_op_attr(op, "done"))
    return false;
  sharc_block *bb2 = sharc_block_next(sharc_op_successor(op, 0));
  sharc_op_successors_of(op)[0] = bb2;
  sharc_rw_set_attr(rw, op, "done", sharc_attr_unit(g->ctx));
  return true;
}

static void test_ops_made_unreachable_are_still_visited(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.br\"() [^bb1] {id = \"br\"} : () -> ()\n"
                         "^bb1:\n"
                         "  \"t.effect\"() {id = \"in_bb1\"} : () -> ()\n"
                         "  \"t.br\"() [^bb2] {id = \"br1\"} : () -> ()\n"
                         "^bb2:\n"
                         "  return\n"
                         "}\n"))
    return;
  const sharc_pattern p[] = {{"redirect", redirect, NULL, 1, NULL}, {0}};
  sharc_pattern_set_add(g.patterns, p, &g);
  g.config.top_down = true;
  CHECK(run_greedy(&g, NULL));
  CHECK_STR(seen(&g), "func.func br func.func br in_bb1 br1 func.return "
                      "func.func br func.return");
  CHECK(find_op(g.module, "in_bb1") == NULL);
  gfixture_free(&g);
}

/* Every pattern starts with the insertion point before the op (MLIR's
 * PatternApplicator sets it before each try), whatever an earlier pattern
 * that did not match left it at. */
static bool move_ip_and_fail(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_rw_set_block_end(rw, sharc_op_block(op));
  return false;
}

static bool create_at_ip(sharc_op *op, sharc_rewriter *rw, void *state) {
  gfixture *g = state;
  if (strcmp(op_label(op), "e") != 0 || sharc_op_attr(op, "done"))
    return false;
  CHECK(rw->ip.before == op && rw->ip.block == sharc_op_block(op));
  sharc_op_state st = {0};
  st.name = sharc_ident_get(g->ctx, SHARC_STR("t.effect"));
  sharc_named_attr id = {sharc_ident_get(g->ctx, SHARC_STR("id")),
                         sharc_attr_string(g->ctx, SHARC_STR("created"))};
  st.attrs = sharc_attr_dictionary(g->ctx, &id, 1);
  sharc_rw_create(rw, &st);
  sharc_rw_set_attr(rw, op, "done", sharc_attr_unit(g->ctx));
  return true;
}

static void test_insertion_point_reset_per_pattern(void) {
  gfixture g;
  if (!gfixture_init(&g, "func.func @f() {\n"
                         "  \"t.effect\"() {id = \"e\"} : () -> ()\n"
                         "  return\n"
                         "}\n"))
    return;
  const sharc_pattern p[] = {{"move", move_ip_and_fail, &t_effect_def, 2, NULL},
                             {"create", create_at_ip, &t_effect_def, 1, NULL},
                             {0}};
  sharc_pattern_set_add(g.patterns, p, &g);
  CHECK(run_greedy(&g, NULL));
  CHECK_BLOCK(body_of(g.module, "func.func"), "created e func.return");
  gfixture_free(&g);
}

int main(void) {
  test_create_at_each_insertion_point();
  test_replace_uses();
  test_replace_op();
  test_erase_nested_order();
  test_erase_block();
  test_moves();
  test_clone_reports_every_op();
  test_create_block();
  test_inline_region_before();
  test_inline_block_before();
  test_inline_block_at_end_moves_insertion_point();
  test_in_place_changes();
  test_processing_order();
  test_remembered_seeding();
  test_fold_to_value();
  test_fold_disabled();
  test_fold_materializes_constant();
  test_failed_materialization_falls_through();
  test_fold_in_place();
  test_dead_ops();
  test_quiet_bodies_left_out();
  test_random_quiet_bodies();
  test_unreachable_blocks_in_quiet_bodies();
  test_trivially_dead_queries();
  test_constant_dedup_and_hoisting();
  test_constant_cse_disabled();
  test_max_iterations();
  test_max_rewrites();
  test_convergence();
  test_strictness();
  test_pattern_order();
  test_pattern_filter();
  test_first_match_wins();
  test_region_dce_of_dead_cycle();
  test_unreachable_blocks();
  test_deep_change_requeues_all_ancestors();
  test_ops_made_unreachable_are_still_visited();
  test_insertion_point_reset_per_pattern();
  return check_summary("rewrite");
}

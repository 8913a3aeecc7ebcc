/* Unit tests of symbol lookups (the per-block index kept right by every IR
 * primitive: insert, remove, erase, move, rename), nested references,
 * MLIR's name uniquing and uniqueness check, and of walks (order, skip,
 * interrupt, erasure while walking, the filtered walk). */
#include "check.h"
#include "ir_helpers.h"

#include "sharc/symbols.h"
#include "sharc/verify.h"

static sharc_op *lookup(sharc_op *table, const char *name) {
  return sharc_symbol_lookup(table, sharc_str_from_cstr(name));
}

static sharc_op *new_symbol(sharc_context *ctx, const char *name) {
  sharc_named_attr a = {sharc_ident_get(ctx, SHARC_STR("sym_name")),
                        sharc_attr_string(ctx, sharc_str_from_cstr(name))};
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, SHARC_STR("t.sym"));
  st.attrs = sharc_attr_dictionary(ctx, &a, 1);
  return sharc_op_create(ctx, &st);
}

static const char symbols_text[] = "func.func private @a()\n"
                                   "func.func private @b()\n"
                                   "module @inner {\n"
                                   "  func.func private @deep()\n"
                                   "  module @innermost {\n"
                                   "    func.func private @deepest()\n"
                                   "  }\n"
                                   "}\n";

typedef struct sfix {
  sharc_context *ctx;
  sharc_op *m;
  sharc_block *body;
} sfix;

static bool sfix_init(sfix *f, const char *text) {
  f->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(f->ctx, true);
  f->m = parse_text(f->ctx, text);
  CHECK(f->m != NULL);
  f->body = f->m ? sharc_region_first_block(sharc_op_region(f->m, 0)) : NULL;
  return f->m != NULL;
}

static void test_lookup_follows_edits(void) {
  sfix f;
  if (!sfix_init(&f, symbols_text))
    return;
  sharc_op *a = lookup(f.m, "a"), *b = lookup(f.m, "b");
  CHECK(a && sharc_op_is(a, "func.func") && b && sharc_op_next(a) == b);
  CHECK(lookup(f.m, "deep") == NULL); /* not directly in this table */
  CHECK(lookup(f.m, "") == NULL && lookup(f.m, "zz") == NULL);
  /* inserted */
  sharc_op *c = new_symbol(f.ctx, "c");
  sharc_block_insert_after(b, c);
  CHECK(lookup(f.m, "c") == c);
  /* removed, and back */
  sharc_op_remove_from_parent(c);
  CHECK(lookup(f.m, "c") == NULL);
  sharc_block_prepend_op(f.body, c);
  CHECK(lookup(f.m, "c") == c);
  /* moved to another table and back */
  sharc_op *inner = lookup(f.m, "inner");
  sharc_op *deep = lookup(inner, "deep");
  sharc_op_move_before(c, deep);
  CHECK(lookup(f.m, "c") == NULL && lookup(inner, "c") == c);
  sharc_op_move_to_end(c, f.body);
  CHECK(lookup(f.m, "c") == c && lookup(inner, "c") == NULL);
  /* renamed, through sharc_op_set_attr and sharc_op_set_attrs */
  sharc_op_set_attr(c, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("c2")));
  CHECK(lookup(f.m, "c") == NULL && lookup(f.m, "c2") == c);
  sharc_named_attr n = {sharc_ident_get(f.ctx, SHARC_STR("sym_name")),
                        sharc_attr_string(f.ctx, SHARC_STR("c3"))};
  sharc_op_set_attrs(c, sharc_attr_dictionary(f.ctx, &n, 1));
  CHECK(lookup(f.m, "c2") == NULL && lookup(f.m, "c3") == c);
  /* no longer a symbol: not found; a symbol again: found */
  sharc_op_set_attr(c, "sym_name", NULL);
  CHECK(lookup(f.m, "c3") == NULL);
  sharc_op_set_attr(c, "sym_name", sharc_attr_unit(f.ctx)); /* not a string: not a name */
  CHECK(lookup(f.m, "c3") == NULL);
  sharc_op_set_attr(c, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("c4")));
  CHECK(lookup(f.m, "c4") == c);
  /* renamed while detached, then inserted */
  sharc_op_remove_from_parent(c);
  sharc_op_set_attr(c, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("c5")));
  CHECK(lookup(f.m, "c4") == NULL && lookup(f.m, "c5") == NULL);
  sharc_block_append_op(f.body, c);
  CHECK(lookup(f.m, "c5") == c && lookup(f.m, "c4") == NULL);
  /* erased */
  sharc_op_erase(b);
  CHECK(lookup(f.m, "b") == NULL && lookup(f.m, "a") == a);
  /* a clone renamed before it goes in */
  sharc_op *a2 = sharc_op_clone(a, true);
  sharc_op_set_attr(a2, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("a2")));
  sharc_block_insert_after(a, a2);
  CHECK(lookup(f.m, "a2") == a2 && lookup(f.m, "a") == a);
  sharc_context_destroy(f.ctx);
}

static void test_duplicate_names(void) {
  sfix f;
  if (!sfix_init(&f, "func.func private @d()\n"
                     "func.func private @d()\n"
                     "func.func private @e()\n"))
    return;
  sharc_op *first = sharc_block_first_op(f.body), *second = sharc_op_next(first);
  CHECK(lookup(f.m, "d") == first);
  /* removing one of two same-named ops keeps the other findable */
  sharc_op_remove_from_parent(first);
  CHECK(lookup(f.m, "d") == second);
  sharc_block_prepend_op(f.body, first);
  CHECK(lookup(f.m, "d") != NULL);
  sharc_op_remove_from_parent(second);
  CHECK(lookup(f.m, "d") == first);
  sharc_block_append_op(f.body, second);
  /* renaming one of them away keeps both findable */
  sharc_op_set_attr(first, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("d1")));
  CHECK(lookup(f.m, "d1") == first && lookup(f.m, "d") == second);
  /* renaming onto a taken name: the index still answers for both names */
  sharc_op *e = lookup(f.m, "e");
  sharc_op_set_attr(e, "sym_name", sharc_attr_string(f.ctx, SHARC_STR("d1")));
  CHECK(lookup(f.m, "e") == NULL && lookup(f.m, "d1") != NULL);
  sharc_op_erase(first);
  CHECK(lookup(f.m, "d1") == e);
  sharc_context_destroy(f.ctx);
}

static void test_nested_references(void) {
  sfix f;
  if (!sfix_init(&f, symbols_text))
    return;
  sharc_ident *inner = sharc_ident_get(f.ctx, SHARC_STR("inner"));
  sharc_ident *innermost = sharc_ident_get(f.ctx, SHARC_STR("innermost"));
  sharc_ident *deepest = sharc_ident_get(f.ctx, SHARC_STR("deepest"));
  sharc_ident *deep = sharc_ident_get(f.ctx, SHARC_STR("deep"));
  sharc_ident *a = sharc_ident_get(f.ctx, SHARC_STR("a"));
  sharc_ident *path[2] = {innermost, deepest};
  sharc_op *deepest_op = sharc_symbol_lookup_ref(f.m, sharc_attr_symbol_ref(f.ctx, inner, path, 2));
  CHECK(deepest_op && strcmp(sharc_op_symbol_name(deepest_op).data, "deepest") == 0);
  sharc_op *deep_op = sharc_symbol_lookup_ref(f.m, sharc_attr_symbol_ref(f.ctx, inner, &deep, 1));
  CHECK(deep_op && sharc_op_parent_op(deep_op) == lookup(f.m, "inner"));
  CHECK(sharc_symbol_lookup_ref(f.m, sharc_attr_symbol_ref(f.ctx, a, NULL, 0)) == lookup(f.m, "a"));
  CHECK(sharc_symbol_lookup_ref(f.m, sharc_attr_symbol_ref(f.ctx, inner, &a, 1)) == NULL);
  /* resolved from the table nearest to the op it starts at */
  CHECK(sharc_symbol_lookup_ref(deep_op, sharc_attr_symbol_ref(f.ctx, innermost, &deepest, 1)) ==
        deepest_op);
  CHECK(sharc_symbol_table_op(deep_op) == lookup(f.m, "inner"));
  CHECK(sharc_symbol_table_op(f.m) == f.m);
  CHECK(sharc_symbol_lookup_nearest(deep_op, SHARC_STR("innermost")) != NULL);
  CHECK(sharc_symbol_lookup_nearest(deep_op, SHARC_STR("a")) == NULL);
  CHECK(sharc_symbol_lookup_ref(f.m, sharc_attr_string(f.ctx, SHARC_STR("a"))) == NULL);
  sharc_context_destroy(f.ctx);
}

/* A nested reference goes through symbol tables only (MLIR's
 * lookupSymbolIn): @f::@x names nothing when @f is a function. */
static void test_nested_reference_needs_symbol_tables(void) {
  sfix f;
  if (!sfix_init(&f, "func.func @f() {\n"
                     "  \"t.sym\"() {sym_name = \"x\"} : () -> ()\n"
                     "  return\n"
                     "}\n"))
    return;
  sharc_ident *fn = sharc_ident_get(f.ctx, SHARC_STR("f"));
  sharc_ident *x = sharc_ident_get(f.ctx, SHARC_STR("x"));
  CHECK(sharc_symbol_lookup_ref(f.m, sharc_attr_symbol_ref(f.ctx, fn, &x, 1)) == NULL);
  sharc_context_destroy(f.ctx);
}

static void test_insert_uniques_names(void) {
  sfix f;
  if (!sfix_init(&f, "func.func private @f()\n"))
    return;
  sharc_op *f0 = new_symbol(f.ctx, "f"), *f1 = new_symbol(f.ctx, "f"), *g = new_symbol(f.ctx, "g");
  sharc_str n0 = sharc_symbol_insert(f.m, f0, NULL);
  CHECK(sharc_str_eq_cstr(n0, "f_0") && lookup(f.m, "f_0") == f0);
  sharc_str n1 = sharc_symbol_insert(f.m, f1, NULL);
  CHECK(sharc_str_eq_cstr(n1, "f_1") && lookup(f.m, "f_1") == f1);
  CHECK(sharc_str_eq_cstr(sharc_symbol_insert(f.m, g, sharc_block_first_op(f.body)), "g"));
  CHECK(sharc_block_first_op(f.body) == g && sharc_block_last_op(f.body) == f1);
  CHECK(sharc_symbol_verify_unique(f.m));
  sharc_context_destroy(f.ctx);
  /* before the terminator of a body that has one */
  if (!sfix_init(&f, "\"t.table\"() ({\n"
                     "  \"t.sym\"() {sym_name = \"x\"} : () -> ()\n"
                     "  \"func.return\"() : () -> ()\n"
                     "}) : () -> ()\n"))
    return;
  sharc_op *table = sharc_block_first_op(f.body);
  sharc_op *x = new_symbol(f.ctx, "x");
  CHECK(sharc_str_eq_cstr(sharc_symbol_insert(table, x, NULL), "x_0"));
  sharc_block *tb = sharc_region_first_block(sharc_op_region(table, 0));
  CHECK(sharc_op_next(x) == sharc_block_last_op(tb) &&
        sharc_op_is(sharc_block_last_op(tb), "func.return"));
  sharc_context_destroy(f.ctx);
}

/* One SymbolTable's counter goes on across names: a_0, then b_1; a free
 * name is kept and the counter untouched. */
static void test_make_unique_counter(void) {
  sfix f;
  if (!sfix_init(&f, "func.func private @a()\nfunc.func private @b()\n"))
    return;
  unsigned counter = 0;
  sharc_op *a = new_symbol(f.ctx, "a"), *b = new_symbol(f.ctx, "b"), *c = new_symbol(f.ctx, "c");
  CHECK(sharc_str_eq_cstr(sharc_symbol_uniquify(f.m, a, &counter), "a_0") && counter == 1);
  sharc_block_append_op(f.body, a);
  CHECK(sharc_str_eq_cstr(sharc_symbol_uniquify(f.m, b, &counter), "b_1") && counter == 2);
  sharc_block_append_op(f.body, b);
  CHECK(sharc_str_eq_cstr(sharc_symbol_uniquify(f.m, c, &counter), "c") && counter == 2);
  sharc_op_erase(c);
  CHECK(lookup(f.m, "a_0") == a && lookup(f.m, "b_1") == b);
  sharc_context_destroy(f.ctx);
}

static void collect(const sharc_diag *d, void *user) {
  sharc_diag_format(d, user);
  for (const sharc_diag *n = d->notes; n; n = n->next)
    sharc_diag_format(n, user);
}

static void test_verify_unique_message(void) {
  sfix f;
  if (!sfix_init(&f, "func.func private @x()\n"
                     "func.func private @y()\n"
                     "func.func private @x()\n"))
    return;
  sharc_buf out = {0};
  sharc_context_set_diag_handler(f.ctx, collect, &out);
  CHECK(!sharc_symbol_verify_unique(f.m));
  sharc_diag_flush(f.ctx);
  CHECK_STR(out.data, "t.mlir:3:1: error: redefinition of symbol named 'x'\n"
                      "t.mlir:1:1: note: see existing symbol definition here\n");
  sharc_buf_free(&out);
  sharc_context_destroy(f.ctx);
}

/* ======================================================================
 * Walks
 * ====================================================================== */

static const char walk_text[] = "\"t.a\"() ({\n"
                                "  \"t.b\"() ({\n"
                                "    \"t.c\"() : () -> ()\n"
                                "  }) : () -> ()\n"
                                "  \"t.d\"() : () -> ()\n"
                                "^bb1:\n"
                                "  \"t.e\"() ({\n"
                                "    \"t.f\"() : () -> ()\n"
                                "  }, {\n"
                                "    \"t.g\"() : () -> ()\n"
                                "  }) : () -> ()\n"
                                "}) : () -> ()\n"
                                "\"t.h\"() : () -> ()\n";

typedef struct walk_log {
  sharc_buf seen;
  const char *skip;      /* SKIP at this op */
  const char *interrupt; /* INTERRUPT at this op */
  const char *erase;     /* erase this op when visited */
  bool erase_skips;      /* return SKIP after erasing (pre-order) */
} walk_log;

static sharc_walk_result log_visit(sharc_op *op, void *user) {
  walk_log *w = user;
  const char *name = sharc_ident_str(sharc_op_name(op)).data;
  const char *label = strncmp(name, "t.", 2) == 0 ? name + 2 : name;
  if (w->seen.len)
    sharc_buf_putc(&w->seen, ' ');
  sharc_buf_puts(&w->seen, label);
  if (w->erase && strcmp(label, w->erase) == 0) {
    sharc_op_erase(op);
    return w->erase_skips ? SHARC_WALK_SKIP : SHARC_WALK_ADVANCE;
  }
  if (w->interrupt && strcmp(label, w->interrupt) == 0)
    return SHARC_WALK_INTERRUPT;
  if (w->skip && strcmp(label, w->skip) == 0)
    return SHARC_WALK_SKIP;
  return SHARC_WALK_ADVANCE;
}

#define CHECK_WALK(call, w, want_result, want_seen)                                                \
  do {                                                                                             \
    (w)->seen.len = 0;                                                                             \
    if ((w)->seen.data)                                                                            \
      (w)->seen.data[0] = 0;                                                                       \
    CHECK((call) == (want_result));                                                                \
    CHECK_STR((w)->seen.data ? (w)->seen.data : "", want_seen);                                    \
  } while (0)

static void test_walk_orders(void) {
  sfix f;
  if (!sfix_init(&f, walk_text))
    return;
  walk_log w = {0};
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a b c d e f g h");
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "c b d f g e a h builtin.module");
  CHECK_WALK(sharc_walk_nested(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "a b c d e f g h");
  sharc_op *a = sharc_block_first_op(f.body);
  sharc_region *ra = sharc_op_region(a, 0);
  CHECK_WALK(sharc_walk_region(ra, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "c b d f g e");
  CHECK_WALK(sharc_walk_block(sharc_block_next(sharc_region_first_block(ra)), SHARC_PRE_ORDER,
                              log_visit, &w),
             &w, SHARC_WALK_ADVANCE, "e f g");
  sharc_buf_free(&w.seen);
  sharc_context_destroy(f.ctx);
}

static void test_walk_skip_and_interrupt(void) {
  sfix f;
  if (!sfix_init(&f, walk_text))
    return;
  walk_log w = {0};
  /* pre-order: skipping an op leaves its regions out, not its siblings */
  w.skip = "b";
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a b d e f g h");
  w.skip = "a";
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a h");
  /* post-order: the regions were visited already; skip is advance */
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "c b d f g e a h builtin.module");
  w.skip = NULL;
  w.interrupt = "f";
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_INTERRUPT,
             "builtin.module a b c d e f");
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_INTERRUPT, "c b d f");
  w.interrupt = "builtin.module";
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_INTERRUPT,
             "c b d f g e a h builtin.module");
  sharc_buf_free(&w.seen);
  sharc_context_destroy(f.ctx);
}

static void test_erase_while_walking(void) {
  sfix f;
  if (!sfix_init(&f, walk_text))
    return;
  walk_log w = {0};
  /* post-order: the visited op may go; the walk goes on with its sibling */
  w.erase = "b";
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "c b d f g e a h builtin.module");
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a d e f g h");
  /* pre-order: erase and skip */
  w.erase = "e";
  w.erase_skips = true;
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a d e h");
  w.erase = NULL;
  CHECK_WALK(sharc_walk(f.m, SHARC_PRE_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module a d h");
  /* erasing the last op of a block ends that block's walk */
  w.erase = "h";
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "d a h builtin.module");
  w.erase = NULL;
  CHECK_WALK(sharc_walk(f.m, SHARC_POST_ORDER, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "d a builtin.module");
  sharc_buf_free(&w.seen);
  sharc_context_destroy(f.ctx);
}

static void test_walk_isa(void) {
  sfix f;
  if (!sfix_init(&f, "func.func @f() {\n"
                     "  \"t.wrap\"() ({\n"
                     "    func.call @g() : () -> ()\n"
                     "    \"t.end\"() : () -> ()\n"
                     "  }) : () -> ()\n"
                     "  return\n"
                     "}\n"
                     "func.func @g() {\n"
                     "  call @f() : () -> ()\n"
                     "  return\n"
                     "}\n"
                     "module @inner {\n"
                     "}\n"))
    return;
  const sharc_op_def *call = sharc_context_op_def(f.ctx, SHARC_STR("func.call"));
  const sharc_op_def *func = sharc_context_op_def(f.ctx, SHARC_STR("func.func"));
  CHECK(call && func && strcmp(sharc_op_def_name(call), "func.call") == 0);
  walk_log w = {0};
  /* other ops are passed over but entered */
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_PRE_ORDER, call, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "func.call func.call");
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_POST_ORDER, func, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "func.func func.func");
  /* a skipped match leaves its regions out; an interrupt stops everything */
  const sharc_op_def *module = sharc_op_get_def(f.m);
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_PRE_ORDER, module, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module builtin.module");
  w.skip = "builtin.module";
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_PRE_ORDER, module, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "builtin.module");
  w.skip = "func.func";
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_PRE_ORDER, func, log_visit, &w), &w, SHARC_WALK_ADVANCE,
             "func.func func.func");
  w.skip = NULL;
  w.interrupt = "func.call";
  CHECK_WALK(sharc_walk_isa(f.m, SHARC_PRE_ORDER, call, log_visit, &w), &w, SHARC_WALK_INTERRUPT,
             "func.call");
  sharc_buf_free(&w.seen);
  sharc_context_destroy(f.ctx);
}

int main(void) {
  test_lookup_follows_edits();
  test_duplicate_names();
  test_nested_references();
  test_nested_reference_needs_symbol_tables();
  test_insert_uniques_names();
  test_make_unique_counter();
  test_verify_unique_message();
  test_walk_orders();
  test_walk_skip_and_interrupt();
  test_erase_while_walking();
  test_walk_isa();
  return check_summary("symbols");
}

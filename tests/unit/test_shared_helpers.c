/* Unit tests of the small helpers that several layers share (moved down a
 * layer so that each piece of logic exists once): the unique push of a
 * pointer vector, a double's storage bits, a diagnostic's severity word and
 * the storage bits of a value in a narrow float format, the count of ERROR
 * log lines, an op's operands and results as arrays, whole or filtered
 * by a mask, the open-addressing table of support/oa_table.h, the
 * rewrite that replaces an op by one keeping some of its results, the
 * aborting allocators of support/xalloc.h and the collect-then-rewrite walk
 * of ir/pick_each.h, the malloc'd copy of a borrowed string, the search for
 * a part of a location by kind, the debugging flags' text the sdy pipelines
 * pass on. */
#include "check.h"

#include "interpret/interp.h"
#include "ir/ir_internal.h"
#include "ir/op_values.h"
#include "ir/pick_each.h"
#include "ir_helpers.h"
#include "rewrite/replace_kept.h"
#include "support/oa_table.h"
#include "support/apfloat.h"
#include "support/log.h"
#include "support/vec.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/propagation_options.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_push_unique(void) {
  sharc_ptr_vec v = {0};
  int a, b;
  sharc_ptr_vec_push_unique(&v, &a);
  sharc_ptr_vec_push_unique(&v, &b);
  sharc_ptr_vec_push_unique(&v, &a);
  CHECK(v.len == 2);
  CHECK(v.items[0] == &a && v.items[1] == &b);
  sharc_vec_free(&v);
}

static void test_double_bits(void) {
  CHECK(sharc_double_bits(1.0) == UINT64_C(0x3FF0000000000000));
  CHECK(sharc_double_bits(-0.0) == UINT64_C(0x8000000000000000));
  CHECK(sharc_double_from_bits(UINT64_C(0x4000000000000000)) == 2.0);
  CHECK(isnan(sharc_double_from_bits(sharc_double_bits(NAN))));
}

static void test_severity_names(void) {
  CHECK_STR(sharc_severity_name(SHARC_SEV_ERROR), "error");
  CHECK_STR(sharc_severity_name(SHARC_SEV_WARNING), "warning");
  CHECK_STR(sharc_severity_name(SHARC_SEV_NOTE), "note");
  CHECK_STR(sharc_severity_name(SHARC_SEV_REMARK), "remark");
}

static void test_float_value_bits(void) {
  CHECK(sharc_float_value_bits(SHARC_F32, 1.0) == 0x3F800000u);
  CHECK(sharc_float_value_bits(SHARC_F64, 1.0) == UINT64_C(0x3FF0000000000000));
  CHECK(sharc_float_value_bits(SHARC_F16, 1.0) == 0x3C00u);
  CHECK(sharc_float_value_bits(SHARC_BF16, -2.0) == 0xC000u);
  /* a format without NaN keeps NaN as +0, as sharc_round_to_kind makes it */
  CHECK(sharc_float_value_bits(SHARC_F4E2M1FN, NAN) == 0);
  CHECK(sharc_round_to_kind(NAN, SHARC_F4E2M1FN) == 0.0);
  /* with NaN: a NaN pattern of the format */
  CHECK(sharc_float_value_bits(SHARC_F16, NAN) != 0);
}

/* ERROR lines count even while logging is off (a pass that fails with only
 * one has still reported why); INFO and WARNING lines do not. */
static void test_log_error_count(void) {
  unsigned long before = sharc_log_error_count();
  sharc_set_log_enabled(false);
  sharc_log(SHARC_LOG_ERROR, "f.cc", 1, "counted %d", 1);
  sharc_log(SHARC_LOG_WARNING, "f.cc", 2, "not counted");
  sharc_log(SHARC_LOG_INFO, "f.cc", 3, "not counted");
  sharc_set_log_enabled(true);
  CHECK(sharc_log_error_count() == before + 1);
}

static const char op_values_src[] =
    "%a, %b, %c = \"t.src\"() : () -> (i1, i8, i16)\n"
    "%x, %y, %z = \"t.op\"(%a, %b, %c) {id = \"op\"} : (i1, i8, i16) -> (f16, f32, f64)\n";

static void test_op_values(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *module = parse_text(ctx, op_values_src);
  CHECK(module != NULL);
  sharc_op *op = find_op(module, "op");
  CHECK(op != NULL);
  sharc_value **all = sharc_op_operand_values(op), **results = sharc_op_result_values(op);
  sharc_type **types = sharc_op_result_types(op);
  CHECK(all[0] == sharc_op_operand(op, 0) && all[2] == sharc_op_operand(op, 2));
  CHECK(results[1] == sharc_op_result(op, 1));
  CHECK(types[2] == sharc_value_type(sharc_op_result(op, 2)));
  /* the mask covers two of three: the third counts as unmarked */
  const bool marks[2] = {true, false};
  unsigned n;
  sharc_value **kept = sharc_op_operands_where(op, marks, 2, false, &n);
  CHECK(n == 2 && kept[0] == all[1] && kept[1] == all[2]);
  free(kept);
  kept = sharc_op_operands_where(op, marks, 2, true, &n);
  CHECK(n == 1 && kept[0] == all[0]);
  free(kept);
  sharc_type **kept_types = sharc_op_result_types_where(op, marks, 2, false, &n);
  CHECK(n == 2 && kept_types[0] == types[1] && kept_types[1] == types[2]);
  free(kept_types);
  sharc_op_erase_marked_operands(op, marks, 2);
  CHECK(sharc_op_num_operands(op) == 2);
  CHECK(sharc_op_operand(op, 0) == all[1] && sharc_op_operand(op, 1) == all[2]);
  free(all);
  free(results);
  free(types);
  sharc_context_destroy(ctx);
}

/* ---- oa_table: entries {key, value}, key 0 empty; a hash of four buckets
 * so that most keys collide and probing wraps around the table. */
typedef struct kv {
  uint64_t key, value;
} kv;

static uint64_t kv_hash(const void *e) { return ((const kv *)e)->key % 4; }
static bool kv_same(const void *e, const void *key) {
  return ((const kv *)e)->key == ((const kv *)key)->key;
}
static bool kv_empty(const void *e) { return ((const kv *)e)->key == 0; }

static const sharc_oa_kind kv_kind = {sizeof(kv), 50, kv_hash, kv_same, kv_empty};

static void kv_put(sharc_oa_table *t, uint64_t key, uint64_t value) {
  kv probe = {key, 0};
  kv *e = sharc_oa_find(t, &kv_kind, &probe);
  if (!e || kv_empty(e)) {
    sharc_oa_reserve_one(t, &kv_kind);
    e = sharc_oa_find(t, &kv_kind, &probe);
    t->used++;
  }
  e->key = key;
  e->value = value;
}

static void test_oa_table(void) {
  sharc_oa_table t = {0};
  kv probe = {7, 0};
  CHECK(sharc_oa_find(&t, &kv_kind, &probe) == NULL); /* no slots yet */
  CHECK(sharc_oa_reserve_one(&t, &kv_kind));          /* the first 64 */
  CHECK(t.cap == 64);
  CHECK(!sharc_oa_reserve_one(&t, &kv_kind)); /* room left: nothing moves */
  for (uint64_t k = 1; k <= 32; k++)
    kv_put(&t, k, k * 10);
  CHECK(t.cap == 64 && t.used == 32); /* 32 of 64 is the 50 % load */
  kv_put(&t, 33, 330);                /* the 33rd passes it: doubled */
  CHECK(t.cap == 128 && t.used == 33);
  for (uint64_t k = 34; k <= 300; k++)
    kv_put(&t, k, k * 10);
  kv_put(&t, 5, 55); /* an existing key is found, not added */
  CHECK(t.used == 300 && t.cap == 1024);
  bool all_found = true;
  for (uint64_t k = 1; k <= 300; k++) {
    probe.key = k;
    const kv *e = sharc_oa_find(&t, &kv_kind, &probe);
    all_found = all_found && e && e->key == k && e->value == (k == 5 ? 55 : k * 10);
  }
  CHECK(all_found);
  probe.key = 301;
  const kv *missing = sharc_oa_find(&t, &kv_kind, &probe);
  CHECK(missing && kv_empty(missing)); /* where 301 would go */
  sharc_oa_free(&t);
  CHECK(t.cap == 0 && t.slots == NULL);
}

/* ---- sharc_rw_replace_op_with_kept_results: `from` is replaced by `to`,
 * `use` reads some of `from`'s results. */
typedef struct kept_case {
  sharc_context *ctx;
  sharc_op *module, *from, *to, *use;
  sharc_rewriter rw;
} kept_case;

static bool kept_case_open(kept_case *c, const char *src) {
  c->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(c->ctx, true);
  c->module = parse_text(c->ctx, src);
  c->from = c->module ? find_op(c->module, "from") : NULL;
  c->to = c->module ? find_op(c->module, "to") : NULL;
  c->use = c->module ? find_op(c->module, "use") : NULL;
  sharc_rewriter_init(&c->rw, c->ctx, NULL);
  if (c->from && c->to && c->use)
    return true;
  sharc_context_destroy(c->ctx);
  return false;
}

static const char kept_src[] =
    "%a, %b, %c = \"t.src\"() {id = \"from\"} : () -> (i1, i8, i16)\n"
    "%k0, %k1 = \"t.new\"() {id = \"to\"} : () -> (i1, i16)\n"
    "\"t.use\"(%a, %c) {id = \"use\"} : (i1, i16) -> ()\n";

static void test_replace_op_with_kept_results(void) {
  kept_case c;
  bool opened = kept_case_open(&c, kept_src);
  CHECK(opened);
  if (!opened)
    return;
  /* results 0 and 2 carry the kept mark (true); 1 is dropped and unused */
  const bool marks[3] = {true, false, true};
  sharc_rw_replace_op_with_kept_results(&c.rw, c.from, c.to, marks, 3, true);
  CHECK(sharc_op_operand(c.use, 0) == sharc_op_result(c.to, 0));
  CHECK(sharc_op_operand(c.use, 1) == sharc_op_result(c.to, 1));
  CHECK(find_op(c.module, "from") == NULL); /* erased */
  sharc_context_destroy(c.ctx);
}

/* A result past the marks counts as dropped; `kept` false keeps the
 * unmarked ones. */
static const char kept_short_src[] =
    "%a, %b, %c = \"t.src\"() {id = \"from\"} : () -> (i1, i8, i16)\n"
    "%k = \"t.new\"() {id = \"to\"} : () -> (i8)\n"
    "\"t.use\"(%b) {id = \"use\"} : (i8) -> ()\n";

static void test_replace_op_with_kept_results_short_marks(void) {
  kept_case c;
  bool opened = kept_case_open(&c, kept_short_src);
  CHECK(opened);
  if (!opened)
    return;
  const bool marks[2] = {true, false};
  sharc_rw_replace_op_with_kept_results(&c.rw, c.from, c.to, marks, 2, false);
  CHECK(sharc_op_operand(c.use, 0) == sharc_op_result(c.to, 0));
  CHECK(find_op(c.module, "from") == NULL);
  sharc_context_destroy(c.ctx);
}

static void test_str_dup(void) {
  char *part = sharc_str_dup((sharc_str){"abcdef", 3});
  CHECK(strcmp(part, "abc") == 0);
  free(part);
  char *empty = sharc_str_dup((sharc_str){NULL, 0});
  CHECK(empty[0] == 0);
  free(empty);
  char *whole = sharc_str_dup(sharc_str_from_cstr("xyz"));
  CHECK(strcmp(whole, "xyz") == 0);
  free(whole);
}

/* A call site's callee is searched before its caller, which only counts
 * when asked for; a call site itself is found by its own kind. */
static void test_loc_find_kind(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_ident *f = sharc_ident_get(ctx, SHARC_STR("f.mlir"));
  sharc_attr *file = sharc_loc_file(ctx, f, 3, 4);
  sharc_attr *unknown = sharc_loc_unknown(ctx);
  sharc_attr *callee_unknown = sharc_loc_callsite(ctx, unknown, file);
  CHECK(sharc_loc_find_kind(callee_unknown, SHARC_ATTR_LOC_FILE, false) == NULL);
  CHECK(sharc_loc_find_kind(callee_unknown, SHARC_ATTR_LOC_FILE, true) == file);
  sharc_attr *named = sharc_loc_name(ctx, sharc_ident_get(ctx, SHARC_STR("n")), callee_unknown);
  sharc_attr *parts[2] = {unknown, named};
  sharc_attr *fused = sharc_loc_fused(ctx, parts, 2, NULL);
  CHECK(sharc_loc_find_kind(fused, SHARC_ATTR_LOC_CALLSITE, false) == callee_unknown);
  CHECK(sharc_loc_find_kind(fused, SHARC_ATTR_LOC_FILE, true) == file);
  CHECK(sharc_loc_find_kind(NULL, SHARC_ATTR_LOC_FILE, true) == NULL);
  sharc_context_destroy(ctx);
}

static void test_sdy_debug_options_text(void) {
  CHECK(sharc_sdy_debug_options_text(false, false, false) == NULL);
  CHECK(sharc_sdy_debug_options_text(true, false, false) == NULL);
  CHECK(strcmp(sharc_sdy_debug_options_text(false, true, true),
               "debug-sharding-origins=true debug-propagation-edge-sharding=true") == 0);
  CHECK(strcmp(sharc_sdy_debug_options_text(false, false, true),
               "debug-propagation-edge-sharding=true") == 0);
  CHECK(strcmp(sharc_sdy_debug_options_text(true, true, false),
               "sink-debug-sharding-origins=true") == 0);
}

static void test_xalloc(void) {
  /* a zero size is still a live, distinct block */
  void *a = sharc_xmalloc(0), *b = sharc_xmalloc_array(0, 8), *c = sharc_xcalloc(0, 0);
  CHECK(a && b && c && a != b && b != c);
  int64_t *z = sharc_xcalloc(4, sizeof *z);
  CHECK(z[0] == 0 && z[3] == 0);
  z[3] = 7;
  z = sharc_xrealloc_array(z, 100, sizeof *z);
  CHECK(z[3] == 7);
  z = sharc_xrealloc(z, 0);
  CHECK(z != NULL);
  free(a);
  free(b);
  free(c);
  free(z);
}

static const char pick_each_src[] = "module {\n"
                                    "  \"t.a\"() {id = \"a1\"} : () -> ()\n"
                                    "  \"t.b\"() ({\n"
                                    "    \"t.a\"() {id = \"a2\"} : () -> ()\n"
                                    "  }) {id = \"b\"} : () -> ()\n"
                                    "  \"t.a\"() {id = \"a3\"} : () -> ()\n"
                                    "}\n";

typedef struct pick_log {
  sharc_buf text;
  const char *stop_at; /* `each` returns false on this label */
} pick_log;

static bool is_a(sharc_op *op, void *user) {
  (void)user;
  return sharc_str_eq_cstr(sharc_ident_str(sharc_op_name(op)), "t.a");
}

static bool log_each(sharc_op *op, void *user) {
  pick_log *log = user;
  sharc_buf_printf(&log->text, "%s ", op_label(op));
  return !log->stop_at || strcmp(op_label(op), log->stop_at) != 0;
}

static void test_pick_each(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *module = parse_text(ctx, pick_each_src);
  CHECK(module != NULL);
  pick_log log = {{0}, NULL};
  CHECK(sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_a, log_each, &log));
  CHECK(strcmp(log.text.data, "a1 a2 a3 ") == 0);
  sharc_buf_free(&log.text);
  CHECK(sharc_pick_each(module, SHARC_POST_ORDER, NULL, NULL, log_each, &log));
  CHECK(strcmp(log.text.data, "a1 a2 b a3 builtin.module ") == 0);
  sharc_buf_free(&log.text);
  log.stop_at = "a2";
  CHECK(!sharc_pick_each(module, SHARC_PRE_ORDER, NULL, is_a, log_each, &log));
  CHECK(strcmp(log.text.data, "a1 a2 ") == 0);
  sharc_buf_free(&log.text);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_push_unique();
  test_double_bits();
  test_severity_names();
  test_float_value_bits();
  test_log_error_count();
  test_op_values();
  test_oa_table();
  test_replace_op_with_kept_results();
  test_replace_op_with_kept_results_short_marks();
  test_str_dup();
  test_loc_find_kind();
  test_sdy_debug_options_text();
  test_xalloc();
  test_pick_each();
  return check_summary("shared_helpers");
}

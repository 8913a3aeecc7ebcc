/* Unit tests of the small helpers that several layers share (moved down a
 * layer so that each piece of logic exists once): the unique push of a
 * pointer vector, a double's storage bits, a diagnostic's severity word and
 * the storage bits of a value in a narrow float format, the count of ERROR
 * log lines, and an op's operands and results as arrays, whole or filtered
 * by a mask. */
#include "check.h"

#include "interpret/interp.h"
#include "ir/ir_internal.h"
#include "ir/op_values.h"
#include "ir_helpers.h"
#include "support/apfloat.h"
#include "support/log.h"
#include "support/vec.h"

#include <math.h>
#include <stdlib.h>

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

int main(void) {
  test_push_unique();
  test_double_bits();
  test_severity_names();
  test_float_value_bits();
  test_log_error_count();
  test_op_values();
  return check_summary("shared_helpers");
}

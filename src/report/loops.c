/* Loops in the report: a collective inside a `stablehlo.while` runs once
 * per iteration, so its bytes count as many times as the loop runs. The
 * trip count is known when the loop is the counted loop JAX emits for
 * fori_loop and scan: the condition compares one carried value (the
 * induction variable) with a constant, the body returns that value plus
 * or minus a constant, and the loop starts it at a constant. The count is
 * worked out on integers that do not wrap: a loop whose variable would
 * leave its type's range (or an unsigned one's nonnegative range, where a
 * negative constant means a large number) before it ends has no count. */
#include "report/report_internal.h"

#include "dialect/stablehlo/shlo.h"
#include "ir/ir_internal.h"

static bool named(const sharc_op *op, const char *name) {
  return op && sharc_str_eq_cstr(sharc_ident_str(sharc_op_name(op)), name);
}

bool sharc_report_is_loop(const sharc_op *op) { return named(op, "stablehlo.while"); }

/* The integer a scalar (or splat) constant gives `v`: `stablehlo.constant`,
 * or `sdy.constant` as Shardy's import makes them. */
static bool constant_int(sharc_value *v, int64_t *out) {
  sharc_op *def = v ? sharc_value_defining_op(v) : NULL;
  if (!named(def, "stablehlo.constant") && !named(def, "sdy.constant"))
    return false;
  const sharc_attr *a = sharc_op_attr(def, "value");
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ELEMENTS ||
      !sharc_type_is_integer(sharc_type_element(sharc_attr_type(a)), 0))
    return false;
  *out = sharc_attr_dense_int(a, 0);
  return true;
}

/* The index of the block argument of `b` that `v` is, or -1. */
static int arg_index(sharc_value *v, sharc_block *b) {
  if (!v || !sharc_value_is_block_arg(v) || sharc_value_owner_block(v) != b)
    return -1;
  return (int)sharc_value_index(v);
}

static sharc_block *region_block(sharc_op *op, unsigned k) {
  return k < sharc_op_num_regions(op) ? sharc_region_first_block(sharc_op_region(op, k)) : NULL;
}

typedef enum direction { EQ, NE, GE, GT, LE, LT, UNKNOWN } direction;

static direction direction_of(const sharc_op *compare) {
  const char *d = sharc_shlo_enum_name(sharc_op_attr(compare, "comparison_direction"));
  static const char *const names[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  for (unsigned i = 0; d && i < 6; i++)
    if (strcmp(d, names[i]) == 0)
      return (direction)i;
  return UNKNOWN;
}

/* `limit` compared with the variable the other way round: `c < iv` is `iv > c`. */
static direction mirrored(direction d) {
  switch (d) {
  case GE:
    return LE;
  case GT:
    return LT;
  case LE:
    return GE;
  case LT:
    return GT;
  default:
    return d;
  }
}

/* Iterations of `iv = init; while (iv DIR limit) iv += step`, or -1 when
 * the loop would not end (or the numbers overflow). */
static int64_t count(direction dir, int64_t init, int64_t limit, int64_t step) {
  int64_t span;
  if (__builtin_sub_overflow(limit, init, &span))
    return -1;
  switch (dir) {
  case LT:
    return span <= 0 ? 0 : step > 0 ? span / step + (span % step != 0) : -1;
  case LE:
    return span < 0 ? 0 : step > 0 ? span / step + 1 : -1;
  case GT:
    return span >= 0 ? 0 : step < 0 ? span / step + (span % step != 0) : -1;
  case GE:
    return span > 0 ? 0 : step < 0 ? span / step + 1 : -1;
  case NE:
    return !span ? 0 : step && span % step == 0 && span / step > 0 ? span / step : -1;
  case EQ:
    return span ? 0 : step ? 1 : -1;
  default:
    return -1;
  }
}

/* The constant the body adds to carried value `k` each iteration. */
static bool step_of(sharc_op *loop, unsigned k, int64_t *step) {
  sharc_block *body = region_block(loop, 1);
  sharc_op *ret = body ? sharc_block_terminator(body) : NULL;
  if (!ret || k >= sharc_op_num_operands(ret))
    return false;
  sharc_op *next = sharc_value_defining_op(sharc_op_operand(ret, k));
  bool add = named(next, "stablehlo.add"), sub = named(next, "stablehlo.subtract");
  if ((!add && !sub) || sharc_op_num_operands(next) != 2)
    return false;
  sharc_value *a = sharc_op_operand(next, 0), *b = sharc_op_operand(next, 1);
  if (arg_index(a, body) == (int)k && constant_int(b, step)) {
    if (sub && __builtin_sub_overflow((int64_t)0, *step, step))
      return false;
    return true;
  }
  return add && arg_index(b, body) == (int)k && constant_int(a, step);
}

/* Whether comparison `cmp` compares as unsigned: its compare_type, else
 * its operands' element type. */
static bool unsigned_compare(const sharc_op *cmp, sharc_type *elem) {
  const char *t = sharc_shlo_enum_name(sharc_op_attr(cmp, "compare_type"));
  if (t)
    return strcmp(t, "UNSIGNED") == 0;
  return sharc_type_int_signedness(elem) == SHARC_UNSIGNED;
}

/* Whether the variable, from `init` through the value that ends the loop
 * after `n` steps, and the limit are numbers of the compared type: then
 * the count worked out on int64 is the loop's. */
static bool stays_in_range(const sharc_op *cmp, sharc_type *type, int64_t init, int64_t limit,
                           int64_t n, int64_t step) {
  sharc_type *elem = sharc_type_element(type);
  unsigned bits = elem ? sharc_type_bit_width(elem) : 0;
  int64_t last;
  if (!bits || bits > 64 || __builtin_mul_overflow(n, step, &last) ||
      __builtin_add_overflow(init, last, &last))
    return false;
  int64_t lo, hi;
  if (unsigned_compare(cmp, elem) || sharc_type_int_signedness(elem) == SHARC_UNSIGNED) {
    lo = 0;
    hi = bits >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << bits) - 1);
  } else {
    lo = bits >= 64 ? INT64_MIN : -(int64_t)(UINT64_C(1) << (bits - 1));
    hi = bits >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (bits - 1)) - 1);
  }
  return init >= lo && init <= hi && last >= lo && last <= hi && limit >= lo && limit <= hi;
}

int64_t sharc_report_trip_count(sharc_op *loop) {
  if (!sharc_report_is_loop(loop))
    return -1;
  sharc_block *cond = region_block(loop, 0);
  sharc_op *ret = cond ? sharc_block_terminator(cond) : NULL;
  sharc_op *cmp = ret && sharc_op_num_operands(ret) == 1
                      ? sharc_value_defining_op(sharc_op_operand(ret, 0))
                      : NULL;
  if (!named(cmp, "stablehlo.compare") || sharc_op_num_operands(cmp) != 2)
    return -1;
  direction dir = direction_of(cmp);
  sharc_value *lhs = sharc_op_operand(cmp, 0), *rhs = sharc_op_operand(cmp, 1);
  int k = arg_index(lhs, cond);
  int64_t limit, init, step;
  if (k < 0 || !constant_int(rhs, &limit)) {
    /* `limit < iv` */
    k = arg_index(rhs, cond);
    if (k < 0 || !constant_int(lhs, &limit))
      return -1;
    dir = mirrored(dir);
  }
  if ((unsigned)k >= sharc_op_num_operands(loop) ||
      !constant_int(sharc_op_operand(loop, (unsigned)k), &init) ||
      !step_of(loop, (unsigned)k, &step))
    return -1;
  int64_t n = count(dir, init, limit, step);
  if (n < 0 || !stays_in_range(cmp, sharc_value_type(lhs), init, limit, n, step))
    return -1;
  return n;
}

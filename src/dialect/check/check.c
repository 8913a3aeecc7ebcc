/* StableHLO's check dialect (stablehlo/tests/CheckOps.td): the assertions the
 * interpreter tests use -- expect_eq, expect_eq_const, expect_almost_eq,
 * expect_almost_eq_const, expect_close and expect_serialized_eq -- with their
 * custom syntax. The interpreter gives them their meaning. */
#include "asm/parser.h"
#include "asm/printer.h"
#include "dialect/stablehlo/shlo.h"

extern const sharc_dialect sharc_check_dialect;

/* ---- shared pieces ------------------------------------------------------ */

static bool parse_typed_operand(sharc_parser *p, sharc_op_builder *b, const sharc_operand_ref *ref,
                                sharc_type *t) {
  sharc_value *v;
  if (!sharc_p_resolve_operand(p, ref, t, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  return true;
}

/* `, tolerance = 0.1` (optional) */
static bool parse_optional_tolerance(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_eat(p, ','))
    return true;
  sharc_attr *a;
  if (!sharc_p_expect_keyword(p, "tolerance") || !sharc_p_expect(p, '=') ||
      !sharc_p_parse_attr(p, sharc_type_float(sharc_p_context(p), SHARC_F64), &a))
    return false;
  sharc_builder_set_attr(p, b, "tolerance", a);
  return true;
}

static void print_optional_tolerance(sharc_printer *p, sharc_op *op) {
  sharc_attr *t = sharc_op_attr(op, "tolerance");
  if (!t)
    return;
  sharc_pr_puts(p, ", tolerance = ");
  sharc_pr_attr_no_type(p, t);
}

static bool verify_operand_count(sharc_op *op, unsigned n) {
  if (sharc_op_num_operands(op) == n && sharc_op_num_results(op) == 0)
    return true;
  sharc_emit_op_error(op, "expected %u operands and no results", n);
  return false;
}

static bool verify_one(sharc_op *op) { return verify_operand_count(op, 1); }

static bool verify_two(sharc_op *op) {
  if (!verify_operand_count(op, 2))
    return false;
  if (sharc_value_type(sharc_op_operand(op, 0)) != sharc_value_type(sharc_op_operand(op, 1)) &&
      !sharc_op_attr(op, "max_ulp_difference")) {
    sharc_emit_op_error(op, "requires all operands to have the same type");
    return false;
  }
  return true;
}

static bool verify_with_value(sharc_op *op) {
  if (!verify_one(op))
    return false;
  sharc_attr *v = sharc_op_attr(op, "value");
  if (!v || sharc_attr_get_kind(v) != SHARC_ATTR_DENSE_ELEMENTS) {
    sharc_emit_op_error(op, "requires attribute 'value' of dense elements");
    return false;
  }
  return true;
}

/* ---- expect_eq / expect_almost_eq: `$lhs, $rhs [, tolerance = f] attr-dict : type` */

static bool parse_pair(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref lhs, rhs;
  sharc_type *t;
  if (!sharc_p_parse_operand(p, &lhs) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_operand(p, &rhs) || !parse_optional_tolerance(p, b) ||
      !sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_type(p, &t))
    return false;
  return parse_typed_operand(p, b, &lhs, t) && parse_typed_operand(p, b, &rhs, t);
}

static const char *const tolerance_elided[] = {"tolerance", NULL};

static void print_pair(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  print_optional_tolerance(p, op);
  sharc_pr_attr_dict_colon_type(p, op, tolerance_elided);
}

/* ---- *_const: `$lhs, $value [, tolerance = f] attr-dict` ---------------- */

static bool parse_const(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref lhs;
  sharc_attr *value;
  if (!sharc_p_parse_operand(p, &lhs) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_attr(p, NULL, &value) || !parse_optional_tolerance(p, b) ||
      !sharc_p_parse_optional_attr_dict(p, b))
    return false;
  sharc_builder_set_attr(p, b, "value", value);
  sharc_type *t = sharc_attr_type(value);
  if (!t)
    return sharc_p_error(p, "expected a typed elements attribute");
  return parse_typed_operand(p, b, &lhs, t);
}

static const char *const const_elided[] = {"value", "tolerance", NULL};

static void print_const(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ", ");
  sharc_pr_attr(p, sharc_op_attr(op, "value"));
  print_optional_tolerance(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), const_elided, false);
}

/* ---- expect_close: `$a, $e, max_ulp_difference = n [, min_ulp_difference = n] : attr-dict T, T` */

static bool parse_ulp(sharc_parser *p, sharc_op_builder *b, const char *name) {
  int64_t v;
  if (!sharc_p_expect_keyword(p, name) || !sharc_p_expect(p, '=') || !sharc_p_parse_int(p, &v))
    return false;
  sharc_context *ctx = sharc_p_context(p);
  sharc_builder_set_attr(p, b, name, sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_UNSIGNED), v));
  return true;
}

static bool parse_close(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref a, e;
  sharc_type *ta, *te;
  if (!sharc_p_parse_operand(p, &a) || !sharc_p_expect(p, ',') || !sharc_p_parse_operand(p, &e) ||
      !sharc_p_expect(p, ',') || !parse_ulp(p, b, "max_ulp_difference"))
    return false;
  if (sharc_p_eat(p, ',') && !parse_ulp(p, b, "min_ulp_difference"))
    return false;
  if (!sharc_p_expect(p, ':') || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_parse_type(p, &ta) || !sharc_p_expect(p, ',') || !sharc_p_parse_type(p, &te))
    return false;
  return parse_typed_operand(p, b, &a, ta) && parse_typed_operand(p, b, &e, te);
}

static const char *const close_elided[] = {"max_ulp_difference", "min_ulp_difference", NULL};

static void print_close(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ", max_ulp_difference = ");
  sharc_pr_attr_no_type(p, sharc_op_attr(op, "max_ulp_difference"));
  sharc_attr *min = sharc_op_attr(op, "min_ulp_difference");
  if (min) {
    sharc_pr_puts(p, ", min_ulp_difference = ");
    sharc_pr_attr_no_type(p, min);
  }
  sharc_pr_puts(p, " :");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), close_elided, false);
  sharc_pr_puts(p, " ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
  sharc_pr_puts(p, ", ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 1)));
}

/* ---- expect_serialized_eq: `$x, probe_id = "s" [, iter = n] attr-dict : type` */

static bool parse_serialized(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref x;
  sharc_attr *id;
  sharc_context *ctx = sharc_p_context(p);
  if (!sharc_p_parse_operand(p, &x) || !sharc_p_expect(p, ',') ||
      !sharc_p_expect_keyword(p, "probe_id") || !sharc_p_expect(p, '=') ||
      !sharc_p_parse_str_attr_none_type(p, &id))
    return false;
  sharc_builder_set_attr(p, b, "probe_id", id);
  if (sharc_p_eat(p, ',')) {
    int64_t it;
    if (!sharc_p_expect_keyword(p, "iter") || !sharc_p_expect(p, '=') || !sharc_p_parse_int(p, &it))
      return false;
    sharc_builder_set_attr(p, b, "iteration",
                           sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), it));
  }
  return sharc_p_parse_attr_dict_colon_type(p, b, &x, false);
}

static const char *const serialized_elided[] = {"probe_id", "iteration", NULL};

static void print_serialized(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ", probe_id = ");
  sharc_pr_attr(p, sharc_op_attr(op, "probe_id"));
  sharc_attr *it = sharc_op_attr(op, "iteration");
  if (it) {
    sharc_pr_puts(p, ", iter = ");
    sharc_pr_attr_no_type(p, it);
  }
  sharc_pr_attr_dict_colon_type(p, op, serialized_elided);
}

#define CHECK_TRAITS (SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_RESULTS)

static const char *const tolerance_props[] = {"tolerance", NULL};
static const char *const const_props[] = {"value", NULL};
static const char *const const_tolerance_props[] = {"value", "tolerance", NULL};
static const char *const close_props[] = {"max_ulp_difference", "min_ulp_difference", NULL};
static const char *const serialized_props[] = {"probe_id", "iteration", NULL};

const sharc_op_def sharc_check_expect_eq_def = {
    .name = "check.expect_eq", .traits = CHECK_TRAITS, .parse = parse_pair,
    .print = print_pair, .verify = verify_two, .dialect = &sharc_check_dialect};
const sharc_op_def sharc_check_expect_eq_const_def = {
    .name = "check.expect_eq_const", .traits = CHECK_TRAITS, .inherent = const_props,
    .parse = parse_const, .print = print_const, .verify = verify_with_value,
    .dialect = &sharc_check_dialect};
const sharc_op_def sharc_check_expect_almost_eq_def = {
    .name = "check.expect_almost_eq", .traits = CHECK_TRAITS, .inherent = tolerance_props,
    .parse = parse_pair, .print = print_pair, .verify = verify_two,
    .dialect = &sharc_check_dialect};
const sharc_op_def sharc_check_expect_almost_eq_const_def = {
    .name = "check.expect_almost_eq_const", .traits = CHECK_TRAITS,
    .inherent = const_tolerance_props, .parse = parse_const, .print = print_const,
    .verify = verify_with_value, .dialect = &sharc_check_dialect};
const sharc_op_def sharc_check_expect_close_def = {
    .name = "check.expect_close", .traits = CHECK_TRAITS, .inherent = close_props,
    .parse = parse_close, .print = print_close, .verify = verify_two,
    .dialect = &sharc_check_dialect};
const sharc_op_def sharc_check_expect_serialized_eq_def = {
    .name = "check.expect_serialized_eq", .traits = CHECK_TRAITS, .inherent = serialized_props,
    .parse = parse_serialized, .print = print_serialized, .verify = verify_one,
    .dialect = &sharc_check_dialect};

static const sharc_op_def *const check_ops[] = {
    &sharc_check_expect_eq_def,          &sharc_check_expect_eq_const_def,
    &sharc_check_expect_almost_eq_def,   &sharc_check_expect_almost_eq_const_def,
    &sharc_check_expect_close_def,       &sharc_check_expect_serialized_eq_def,
};

const sharc_dialect sharc_check_dialect = {
    .name = "check",
    .ops = check_ops,
    .num_ops = sizeof check_ops / sizeof check_ops[0],
};

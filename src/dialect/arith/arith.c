/* The arith, tensor and complex ops that the dialects Shardy registers bring
 * along (the tensor dialect loads arith and complex): arith.constant,
 * arith.index_cast (StableHLO's simplification creates it), tensor.cast,
 * tensor.empty and complex.constant, with MLIR's syntax, verifiers and
 * result names. arith's other ops are in arith_ops.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialect/arith/arith_internal.h"
#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"

extern const sharc_dialect sharc_arith_dialect;
extern const sharc_dialect sharc_tensor_dialect;
extern const sharc_dialect sharc_complex_dialect;

static const char *const value_props[] = {"value", NULL};

static sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

/* ---- constants: `attr-dict $value` ------------------------------------- */

/* The typed value attribute after the attr-dict; its type is the result's. */
bool sharc_arith_parse_value_constant(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *value;
  if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_parse_attr(p, NULL, &value))
    return false;
  sharc_builder_set_attr(p, b, "value", value);
  /* InferTypeOpInterface: the value's type (a string's is none) */
  sharc_type *t = sharc_attr_type(value);
  sharc_ptrvec_push(&b->result_types, t ? t : sharc_type_none(sharc_p_context(p)));
  return true;
}

static bool parse_complex_constant(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *value;
  sharc_type *t;
  if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_parse_attr(p, NULL, &value) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  sharc_builder_set_attr(p, b, "value", value);
  sharc_ptrvec_push(&b->result_types, t);
  return true;
}

static const char *const value_elided[] = {"value", NULL};

void sharc_arith_print_value_constant(sharc_printer *p, sharc_op *op) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), value_elided, false);
  sharc_pr_puts(p, " ");
  sharc_pr_attr(p, sharc_op_attr(op, "value"));
}

static void print_complex_constant(sharc_printer *p, sharc_op *op) {
  sharc_arith_print_value_constant(p, op);
  sharc_pr_puts(p, " : ");
  sharc_pr_type(p, result_type(op, 0));
}

static bool require_value(sharc_op *op, sharc_attr **value) {
  *value = sharc_op_attr(op, "value");
  if (*value)
    return true;
  sharc_emit_op_error(op, "requires attribute 'value'");
  return false;
}

static bool verify_arith_constant(sharc_op *op) {
  sharc_attr *value;
  if (!require_value(op, &value))
    return false;
  sharc_type *vt = sharc_attr_type(value);
  if (!vt)
    vt = sharc_type_none(sharc_op_context(op));
  if (vt != result_type(op, 0)) {
    sharc_emit_op_error(op, "failed to verify that all of {value, result} have same type");
    return false;
  }
  sharc_attr_kind k = sharc_attr_get_kind(value);
  bool ok = k == SHARC_ATTR_INTEGER || k == SHARC_ATTR_FLOAT || k == SHARC_ATTR_BOOL ||
            k == SHARC_ATTR_DENSE_ELEMENTS || k == SHARC_ATTR_DENSE_STRING ||
            k == SHARC_ATTR_DENSE_RESOURCE || k == SHARC_ATTR_SPARSE_ELEMENTS;
  if (!ok) {
    sharc_emit_op_error(op, "value must be an integer, float, or elements attribute");
    return false;
  }
  return true;
}

/* `%c42_i32`, `%c0` (index), `%true`, else `%cst`. */
static void arith_constant_names(const sharc_op *op, sharc_set_name_fn set, void *state) {
  sharc_value *v = sharc_op_result(op, 0);
  sharc_attr *value = sharc_op_attr(op, "value");
  sharc_type *t = sharc_value_type(v);
  if (value && sharc_attr_get_kind(value) == SHARC_ATTR_BOOL) {
    set(state, v, sharc_attr_bool_value(value) ? "true" : "false");
    return;
  }
  if (!value || sharc_attr_get_kind(value) != SHARC_ATTR_INTEGER) {
    set(state, v, "cst");
    return;
  }
  char name[96];
  if (sharc_type_get_kind(t) == SHARC_TYPE_INTEGER && sharc_type_int_width(t) == 1) {
    set(state, v, sharc_attr_int_value(value) ? "true" : "false");
    return;
  }
  sharc_buf tb = {0};
  if (sharc_type_get_kind(t) != SHARC_TYPE_INDEX)
    sharc_print_type(t, &tb);
  snprintf(name, sizeof name, "c%lld%s%s", (long long)sharc_attr_int_value(value),
           tb.len ? "_" : "", tb.len ? tb.data : "");
  sharc_buf_free(&tb);
  set(state, v, name);
}

static void cst_name(const sharc_op *op, sharc_set_name_fn set, void *state) {
  set(state, sharc_op_result(op, 0), "cst");
}

static bool verify_complex_constant(sharc_op *op) {
  sharc_attr *value;
  if (!require_value(op, &value))
    return false;
  sharc_type *t = result_type(op, 0);
  sharc_type *elem = sharc_type_get_kind(t) == SHARC_TYPE_COMPLEX ? sharc_type_element(t) : NULL;
  if (sharc_attr_get_kind(value) != SHARC_ATTR_ARRAY || sharc_attr_count(value) != 2) {
    sharc_emit_op_error(op, "requires 'value' to be a complex constant, represented as array of "
                            "two values");
    return false;
  }
  for (unsigned i = 0; i < 2; i++) {
    sharc_attr *part = sharc_attr_at(value, i);
    if (!elem || sharc_attr_get_kind(part) != SHARC_ATTR_FLOAT || sharc_attr_type(part) != elem) {
      sharc_buf a = {0}, b = {0};
      if (elem)
        sharc_print_type(elem, &a);
      sharc_print_type(sharc_attr_type(part) ? sharc_attr_type(part) : t, &b);
      sharc_emit_op_error(op, "requires attribute's %s part (%s) to match element type (%s)",
                          i ? "imaginary" : "real", b.data, a.data);
      sharc_buf_free(&a);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

/* ---- tensor.cast: `$source attr-dict : type($source) to type($dest)` ---- */

static bool is_tensor(const sharc_type *t) {
  sharc_type_kind k = sharc_type_get_kind(t);
  return k == SHARC_TYPE_TENSOR || k == SHARC_TYPE_UNRANKED_TENSOR;
}

/* tensor::CastOp::areCastCompatible: same element type, compatible shapes. */
static bool cast_compatible(const sharc_type *a, const sharc_type *b) {
  if (!is_tensor(a) || !is_tensor(b) || sharc_type_element(a) != sharc_type_element(b))
    return false;
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return true;
  unsigned r = sharc_type_rank(a);
  if (r != sharc_type_rank(b))
    return false;
  const int64_t *x = sharc_type_shape(a), *y = sharc_type_shape(b);
  for (unsigned i = 0; i < r; i++)
    if (x[i] != SHARC_DYNAMIC && y[i] != SHARC_DYNAMIC && x[i] != y[i])
      return false;
  return true;
}

static bool verify_cast(sharc_op *op) {
  if (sharc_op_num_operands(op) != 1 || sharc_op_num_results(op) != 1) {
    sharc_emit_op_error(op, "requires one operand and one result");
    return false;
  }
  const sharc_type *a = sharc_value_type(sharc_op_operand(op, 0)), *b = result_type(op, 0);
  if (cast_compatible(a, b))
    return true;
  sharc_buf x = {0}, y = {0};
  sharc_print_type(a, &x);
  sharc_print_type(b, &y);
  sharc_emit_op_error(op, "operand type '%s' and result type '%s' are cast incompatible", x.data,
                      y.data);
  sharc_buf_free(&x);
  sharc_buf_free(&y);
  return false;
}

static void cast_name(const sharc_op *op, sharc_set_name_fn set, void *state) {
  set(state, sharc_op_result(op, 0), "cast");
}

/* ---- tensor.empty: `(` $dynamicSizes `)` attr-dict `:` type($result) ---- */

static bool parse_empty(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref *refs;
  unsigned n;
  bool ok = sharc_p_parse_paren_operand_list(p, &refs, &n, NULL);
  sharc_type *t = NULL;
  ok = ok && sharc_p_parse_optional_attr_dict(p, b) && sharc_p_expect(p, ':') &&
       sharc_p_parse_type(p, &t);
  sharc_type *index = sharc_type_index(sharc_p_context(p));
  for (unsigned i = 0; ok && i < n; i++) {
    sharc_value *v;
    ok = sharc_p_resolve_operand(p, &refs[i], index, &v);
    if (ok)
      sharc_ptrvec_push(&b->operands, v);
  }
  free(refs);
  if (ok)
    sharc_ptrvec_push(&b->result_types, t);
  return ok;
}

static void print_empty(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, "(");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ")");
  sharc_pr_attr_dict_colon_type(p, op, NULL);
}

static bool verify_empty(sharc_op *op) {
  const sharc_type *t = result_type(op, 0);
  if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR) {
    sharc_buf b = {0};
    sharc_print_type(t, &b);
    sharc_emit_op_error(op, "result #0 must be ranked tensor of any type values, but got '%s'",
                        b.data);
    sharc_buf_free(&b);
    return false;
  }
  unsigned dynamic = 0;
  for (unsigned i = 0; i < sharc_type_rank(t); i++)
    dynamic += sharc_type_shape(t)[i] == SHARC_DYNAMIC;
  if (dynamic == sharc_op_num_operands(op))
    return true;
  sharc_emit_op_error(op, "incorrect number of dynamic sizes, has %u, expected %u",
                      sharc_op_num_operands(op), dynamic);
  return false;
}

/* ---- op tables --------------------------------------------------------- */

/* ConstantOp::fold: its value, so that the greedy driver deduplicates and
 * hoists it and m_Constant matches it. */
static sharc_fold_status arith_constant_fold(sharc_op *op, sharc_fold_result *results) {
  sharc_attr *value = sharc_op_attr(op, "value");
  if (!value)
    return SHARC_FOLD_NONE;
  results[0].attr = value;
  return SHARC_FOLD_RESULTS;
}

const sharc_op_def sharc_arith_constant_def = {
    .name = "arith.constant",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_CONSTANT_LIKE | SHARC_TRAIT_ZERO_OPERANDS |
              SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ONE_RESULT,
    .inherent = value_props,
    .parse = sharc_arith_parse_value_constant,
    .print = sharc_arith_print_value_constant,
    .generic_props = sharc_arith_props_constant,
    .verify = verify_arith_constant,
    .fold = arith_constant_fold,
    .result_names = arith_constant_names,
    .dialect = &sharc_arith_dialect,
};

/* index_cast's verifier is the casts' (arith_ops.c). */
const sharc_op_def sharc_arith_index_cast_def = {
    .name = "arith.index_cast",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS |
              SHARC_TRAIT_ONE_RESULT,
    .parse = sharc_p_parse_cast_like,
    .print = sharc_pr_cast_like,
    .verify = sharc_arith_verify_cast,
    .dialect = &sharc_arith_dialect,
};

static const sharc_op_def complex_constant_def = {
    .name = "complex.constant",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_CONSTANT_LIKE | SHARC_TRAIT_ZERO_OPERANDS |
              SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ONE_RESULT,
    .inherent = value_props,
    .parse = parse_complex_constant,
    .print = print_complex_constant,
    .verify = verify_complex_constant,
    .result_names = cst_name,
    .dialect = &sharc_complex_dialect,
};

static const sharc_op_def tensor_cast_def = {
    .name = "tensor.cast",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = sharc_p_parse_cast_like,
    .print = sharc_pr_cast_like,
    .verify = verify_cast,
    .result_names = cast_name,
    .dialect = &sharc_tensor_dialect,
};

static const sharc_op_def tensor_empty_def = {
    .name = "tensor.empty",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = parse_empty,
    .print = print_empty,
    .verify = verify_empty,
    .dialect = &sharc_tensor_dialect,
};

static const sharc_op_def *const tensor_ops[] = {&tensor_cast_def, &tensor_empty_def};
static const sharc_op_def *const complex_ops[] = {&complex_constant_def};

const sharc_dialect sharc_tensor_dialect = {.name = "tensor", .ops = tensor_ops, .num_ops = 2};
const sharc_dialect sharc_complex_dialect = {.name = "complex", .ops = complex_ops, .num_ops = 1};

/* MLIR's shape dialect as far as StableHLO's simplification patterns need
 * it: shape.const_shape (a constant extent tensor, folded to its value) and
 * shape.shape_of (the extent tensor of a tensor, folded to a constant when
 * the tensor's shape is static). The dialect's !shape.* types are not
 * supported: these ops take and give extent tensors (tensor<Nxindex>). */
#include "dialect/shape/shape.h"

#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "sharc/rewrite.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>

extern const sharc_dialect sharc_shape_dialect;

static const char *const shape_props[] = {"shape", NULL};

static sharc_type *result_type(const sharc_op *op) { return sharc_value_type(sharc_op_result(op, 0)); }

/* Shape_ExtentTensorType: a 1-D tensor of index. */
static bool is_extent_tensor(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR && sharc_type_rank(t) == 1 &&
         sharc_type_get_kind(sharc_type_element(t)) == SHARC_TYPE_INDEX;
}

/* getIndexTensorAttr(extents): dense index elements, splat when all equal. */
static sharc_attr *index_tensor_attr(sharc_context *ctx, const int64_t *extents, unsigned n) {
  int64_t len = n;
  sharc_type *t = sharc_type_tensor(ctx, &len, 1, sharc_type_index(ctx), NULL);
  bool splat = n > 0;
  for (unsigned i = 1; i < n && splat; i++)
    splat = extents[i] == extents[0];
  return sharc_attr_dense_elements(ctx, t, (const uint64_t *)extents, splat ? 1 : n, splat);
}

static bool type_error(sharc_op *op, const char *what, const sharc_type *t) {
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  sharc_emit_op_error(op, "%s, but got '%s'", what, b.data);
  sharc_buf_free(&b);
  return false;
}

/* InferTypeOpInterface with isCompatibleReturnTypes: extent tensors of `n`
 * extents (or of an unknown count) agree. */
static bool check_inferred(sharc_op *op, int64_t n) {
  sharc_type *t = result_type(op);
  int64_t have = sharc_type_shape(t)[0];
  if (have == SHARC_DYNAMIC || n == SHARC_DYNAMIC || have == n)
    return true;
  sharc_buf want = {0}, got = {0};
  int64_t len = n;
  sharc_print_type(sharc_type_tensor(sharc_op_context(op), &len, 1, sharc_type_index(sharc_op_context(op)),
                                     NULL),
                   &want);
  sharc_print_type(t, &got);
  sharc_emit_op_error(op, "inferred type(s) '%s' are incompatible with return type(s) of operation '%s'",
                      want.data, got.data);
  sharc_emit_op_error(op, "failed to infer returned types");
  sharc_buf_free(&want);
  sharc_buf_free(&got);
  return false;
}

/* ODS's OneResult, then ZeroOperands or OneOperand. */
static bool check_arity(sharc_op *op, unsigned operands) {
  if (sharc_op_num_results(op) != 1) {
    sharc_emit_op_error(op, "requires one result");
    return false;
  }
  if (sharc_op_num_operands(op) == operands)
    return true;
  sharc_emit_op_error(op, operands ? "requires a single operand" : "requires zero operands");
  return false;
}

/* ---- shape.const_shape: ` attr-dict [e, ...] : type` -------------------- */

static bool parse_const_shape(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_parse_optional_attr_dict(p, b))
    return false;
  sharc_token at = *sharc_p_tok(p);
  sharc_attr *extents;
  if (!sharc_p_parse_attr(p, NULL, &extents))
    return false;
  if (sharc_attr_get_kind(extents) != SHARC_ATTR_ARRAY)
    return sharc_p_error_at(p, &at, "expected an array of integer extents");
  unsigned n = sharc_attr_count(extents);
  int64_t *ints = sharc_xmalloc_array((size_t)n + 1, sizeof *ints);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *e = sharc_attr_at(extents, i);
    if (sharc_attr_get_kind(e) != SHARC_ATTR_INTEGER) {
      free(ints);
      return sharc_p_error_at(p, &at, "expected an array of integer extents");
    }
    ints[i] = sharc_attr_int_value(e);
  }
  sharc_builder_set_attr(p, b, "shape", index_tensor_attr(sharc_p_context(p), ints, n));
  free(ints);
  sharc_type *t;
  if (!sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  sharc_ptrvec_push(&b->result_types, t);
  return true;
}

static void print_const_shape(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), shape_props, false);
  sharc_pr_puts(p, "[");
  sharc_attr *shape = sharc_op_attr(op, "shape");
  int64_t n = sharc_type_num_elements(sharc_attr_type(shape));
  for (int64_t i = 0; i < n; i++) {
    char num[32];
    snprintf(num, sizeof num, "%s%lld", i ? ", " : "",
             (long long)sharc_dense_raw(shape)[sharc_dense_splat(shape) ? 0 : i]);
    sharc_pr_puts(p, num);
  }
  sharc_pr_puts(p, "] : ");
  sharc_pr_type(p, result_type(op));
}

/* IndexElementsAttr, and its storage (DenseIntElementsAttr: integer or
 * index elements), which is all a generic `<{...}>` is checked for. */
static bool dense_of_kind(const sharc_attr *a, bool index_only) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ELEMENTS || !sharc_attr_type(a))
    return false;
  sharc_type_kind k = sharc_type_get_kind(sharc_type_element(sharc_attr_type(a)));
  return k == SHARC_TYPE_INDEX || (!index_only && k == SHARC_TYPE_INTEGER);
}
static bool index_elements_ok(const sharc_attr *a) { return dense_of_kind(a, true); }
static bool int_elements_ok(const sharc_attr *a) { return dense_of_kind(a, false); }

static bool verify_const_shape(sharc_op *op) {
  if (!check_arity(op, 0))
    return false;
  sharc_attr *shape = sharc_op_attr(op, "shape");
  sharc_type *st = shape ? sharc_attr_type(shape) : NULL;
  if (!shape || !index_elements_ok(shape)) {
    sharc_emit_op_error(op, shape ? "attribute 'shape' failed to satisfy constraint: index elements "
                                    "attribute"
                                  : "requires attribute 'shape'");
    return false;
  }
  if (!is_extent_tensor(result_type(op)))
    return type_error(op, "result #0 must be shape or extent tensor", result_type(op));
  return check_inferred(op, sharc_type_num_elements(st));
}

static bool const_shape_generic_props(sharc_parser *p, sharc_op_builder *b) {
  static const sharc_prop_spec shape = {"shape", index_elements_ok, "index elements attribute",
                                        NULL, int_elements_ok};
  static const sharc_prop_spec *const props[] = {&shape};
  return sharc_p_check_props(p, b, props, 1);
}

static sharc_fold_status fold_const_shape(sharc_op *op, sharc_fold_result *results) {
  results[0].attr = sharc_op_attr(op, "shape");
  return results[0].attr ? SHARC_FOLD_RESULTS : SHARC_FOLD_NONE;
}

/* ---- shape.shape_of: ` $arg attr-dict : type($arg) -> type($result)` ------ */

static bool parse_shape_of(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_type *in, *out;
  sharc_value *v;
  if (!sharc_p_parse_operand(p, &ref) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &in) || !sharc_p_expect_arrow(p) ||
      !sharc_p_parse_type(p, &out) || !sharc_p_resolve_operand(p, &ref, in, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  sharc_ptrvec_push(&b->result_types, out);
  return true;
}

static void print_shape_of(sharc_printer *p, sharc_op *op) {
  sharc_pr_conversion(p, op, " -> ");
}

static bool verify_shape_of(sharc_op *op) {
  if (!check_arity(op, 1))
    return false;
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type_kind k = sharc_type_get_kind(in);
  if (k != SHARC_TYPE_TENSOR && k != SHARC_TYPE_UNRANKED_TENSOR && k != SHARC_TYPE_VECTOR &&
      k != SHARC_TYPE_MEMREF && k != SHARC_TYPE_UNRANKED_MEMREF)
    return type_error(op, "operand #0 must be shaped of any type values or shape", in);
  if (!is_extent_tensor(result_type(op)))
    return type_error(op, "result #0 must be shape or extent tensor", result_type(op));
  bool ranked = k == SHARC_TYPE_TENSOR || k == SHARC_TYPE_VECTOR || k == SHARC_TYPE_MEMREF;
  return check_inferred(op, ranked ? (int64_t)sharc_type_rank(in) : SHARC_DYNAMIC);
}

/* ShapeOfOp::fold: the extents of a statically shaped operand. */
static sharc_fold_status fold_shape_of(sharc_op *op, sharc_fold_result *results) {
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  if (sharc_type_get_kind(in) != SHARC_TYPE_TENSOR || sharc_type_num_elements(in) < 0)
    return SHARC_FOLD_NONE;
  results[0].attr = index_tensor_attr(sharc_op_context(op), sharc_type_shape(in), sharc_type_rank(in));
  return SHARC_FOLD_RESULTS;
}

/* ShapeDialect::materializeConstant: a const_shape for an extent tensor. */
static sharc_op *materialize_constant(sharc_rewriter *rw, sharc_attr *value, sharc_type *type,
                                      sharc_attr *loc) {
  if (!is_extent_tensor(type) || sharc_attr_get_kind(value) != SHARC_ATTR_DENSE_ELEMENTS ||
      sharc_type_get_kind(sharc_type_element(sharc_attr_type(value))) != SHARC_TYPE_INDEX)
    return NULL;
  sharc_context *ctx = rw->ctx;
  sharc_named_attr attr = {sharc_ident_get(ctx, SHARC_STR("shape")), value};
  sharc_op_state st = {
      .name = sharc_ident_get(ctx, SHARC_STR("shape.const_shape")),
      .loc = loc,
      .result_types = &type,
      .num_results = 1,
      .attrs = sharc_attr_dictionary(ctx, &attr, 1),
  };
  return sharc_rw_create(rw, &st);
}

const sharc_op_def sharc_shape_const_shape_def = {
    .name = "shape.const_shape",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_CONSTANT_LIKE | SHARC_TRAIT_ZERO_OPERANDS |
              SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ONE_RESULT,
    .inherent = shape_props,
    .parse = parse_const_shape,
    .generic_props = const_shape_generic_props,
    .print = print_const_shape,
    .verify = verify_const_shape,
    .fold = fold_const_shape,
    .dialect = &sharc_shape_dialect,
};

const sharc_op_def sharc_shape_shape_of_def = {
    .name = "shape.shape_of",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = parse_shape_of,
    .print = print_shape_of,
    .verify = verify_shape_of,
    .fold = fold_shape_of,
    .dialect = &sharc_shape_dialect,
};

static const sharc_op_def *const shape_ops[] = {&sharc_shape_const_shape_def, &sharc_shape_shape_of_def};

const sharc_dialect sharc_shape_dialect = {
    .name = "shape",
    .ops = shape_ops,
    .num_ops = 2,
    .materialize_constant = materialize_constant,
};

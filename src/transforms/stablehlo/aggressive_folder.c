/* -stablehlo-aggressive-folder: StableHLO's folding patterns (ops on
 * constants into constants), with APInt's wrap-around integer semantics and
 * APFloat's IEEE float semantics. Float arithmetic is done in double and
 * rounded once to the element type: double has more than twice the
 * precision of every format up to f32, so that rounding equals APFloat's
 * direct one for +, -, *, / (f64 is computed natively). Which ops fold
 * follows the pass's options: fold-op-element-limit for folds that grow
 * constants, optimize-float for float folds of the "shape" ops. */
#include "transforms/stablehlo/shlo_fold.h"

#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/apfloat.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef const sharc_stablehlo_tio_options opts_t;

static sharc_type *result_type(sharc_op *op) { return sharc_value_type(sharc_op_result(op, 0)); }
static sharc_value *operand(sharc_op *op, unsigned i) { return sharc_op_operand(op, i); }

/* validateShapeFoldDtype: ints always, floats (and complex where allowed)
 * with optimize-float. */
static bool shape_fold_dtype(opts_t *o, const sharc_type *type, bool allow_complex) {
  sharc_type *elem = sharc_type_element(type);
  if (sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER)
    return true;
  if (!o->optimize_float)
    return false;
  return sharc_type_is_float(elem) ||
         (allow_complex && sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX);
}

static bool within_limit(opts_t *o, const sharc_type *type) {
  int64_t n = sharc_type_num_elements(type);
  return n >= 0 && (uint64_t)n <= (uint64_t)o->fold_op_element_limit;
}

/* ---- binary element-wise folds (constFoldBinaryOp) --------------------------------------- */

typedef bool (*int_fn)(const sharc_type *elem, uint64_t a, uint64_t b, uint64_t *out, int kind);
typedef bool (*float_fn)(const sharc_type *elem, double a, double b, double *out, int kind);

typedef struct binary_folder {
  int_fn on_int;     /* NULL: ints do not fold */
  float_fn on_float; /* NULL: floats do not fold */
  int kind;          /* what the functions need beyond the elements */
  bool bool_result;  /* compare: the result elements are i1 */
} binary_folder;

static bool fold_element(const binary_folder *f, const sharc_type *elem, const sharc_type *out_elem,
                         uint64_t a, uint64_t b, uint64_t *out) {
  if (sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER) {
    if (!f->on_int || !f->on_int(elem, a, b, out, f->kind))
      return false;
    *out &= sharc_shlo_int_mask(out_elem);
    return true;
  }
  if (!f->on_float)
    return false;
  double r;
  if (!f->on_float(elem, sharc_shlo_to_double(elem, a), sharc_shlo_to_double(elem, b), &r,
                   f->kind))
    return false;
  if (f->bool_result) {
    *out = r != 0.0;
    return true;
  }
  return sharc_shlo_from_double(out_elem, r, out);
}

/* Both operands constant of one type: the folded attribute of `type`, or NULL. */
static sharc_attr *fold_binary_attrs(sharc_context *ctx, const binary_folder *f, sharc_type *type,
                                     const sharc_attr *lhs, const sharc_attr *rhs) {
  if (!lhs || !rhs || sharc_attr_type(lhs) != sharc_attr_type(rhs))
    return NULL;
  sharc_type *elem = sharc_type_element(sharc_attr_type(lhs));
  sharc_type *out_elem = sharc_type_element(type);
  if (!sharc_shlo_scalar_elem(elem) || !sharc_shlo_scalar_elem(out_elem))
    return NULL;
  if (sharc_dense_splat(lhs) && sharc_dense_splat(rhs)) {
    uint64_t r;
    if (!fold_element(f, elem, out_elem, sharc_dense_raw(lhs)[0], sharc_dense_raw(rhs)[0], &r))
      return NULL;
    return sharc_shlo_make_splat(ctx, type, &r, 1);
  }
  int64_t n = sharc_type_num_elements(sharc_attr_type(lhs));
  if (n < 0)
    return NULL;
  uint64_t *out = sharc_xmalloc_array((size_t)n + 1, sizeof *out);
  for (int64_t i = 0; i < n; i++)
    if (!fold_element(f, elem, out_elem, sharc_shlo_elem(lhs, (size_t)i),
                      sharc_shlo_elem(rhs, (size_t)i), &out[i])) {
      free(out);
      return NULL;
    }
  sharc_attr *a = sharc_shlo_make_elems(ctx, type, out, (size_t)n);
  free(out);
  return a;
}

static bool fold_binary(sharc_op *op, sharc_rewriter *rw, const binary_folder *f) {
  sharc_attr *lhs = sharc_shlo_const_attr(operand(op, 0));
  sharc_attr *rhs = sharc_shlo_const_attr(operand(op, 1));
  sharc_attr *r = fold_binary_attrs(rw->ctx, f, result_type(op), lhs, rhs);
  if (!r)
    return false;
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

static uint64_t ival(const sharc_type *elem, uint64_t a, bool is_signed) {
  return is_signed ? (uint64_t)sharc_shlo_sext(elem, a) : (a & sharc_shlo_int_mask(elem));
}

enum { K_ADD, K_SUB, K_MUL, K_DIV, K_REM, K_MAX, K_MIN, K_AND, K_OR, K_XOR };

static bool int_arith(const sharc_type *elem, uint64_t a, uint64_t b, uint64_t *out, int kind) {
  bool is_unsigned = sharc_shlo_is_unsigned(elem);
  bool is_bool = sharc_type_int_width(elem) == 1;
  int64_t sa = sharc_shlo_sext(elem, a), sb = sharc_shlo_sext(elem, b);
  uint64_t ua = a & sharc_shlo_int_mask(elem), ub = b & sharc_shlo_int_mask(elem);
  switch (kind) {
  case K_ADD: *out = ua + ub; return true;
  case K_SUB: *out = ua - ub; return true;
  case K_MUL: *out = ua * ub; return true;
  case K_DIV:
    if (is_unsigned) { *out = ua / ub; return true; }
    *out = (sb == -1) ? (uint64_t)0 - (uint64_t)sa : (uint64_t)(sa / sb);
    return true;
  case K_REM:
    if (is_unsigned) { *out = ua % ub; return true; }
    *out = (sb == -1) ? 0 : (uint64_t)(sa % sb);
    return true;
  case K_MAX:
    *out = (is_unsigned || is_bool) ? (ua > ub ? ua : ub) : (uint64_t)(sa > sb ? sa : sb);
    return true;
  case K_MIN:
    *out = (is_unsigned || is_bool) ? (ua < ub ? ua : ub) : (uint64_t)(sa < sb ? sa : sb);
    return true;
  case K_AND: *out = is_bool ? (ua && ub) : (ua & ub); return true;
  case K_OR: *out = is_bool ? (ua || ub) : (ua | ub); return true;
  case K_XOR: *out = is_bool ? ((ua != 0) ^ (ub != 0)) : (ua ^ ub); return true;
  }
  return false;
}

/* llvm::maximum / llvm::minimum: NaN wins, -0 < +0. */
static double fmaximum(double a, double b, bool is_max) {
  if (isnan(a))
    return a;
  if (isnan(b))
    return b;
  if (a == 0 && b == 0)
    return (signbit(a) != 0) == is_max ? b : a;
  return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

static bool float_arith(const sharc_type *elem, double a, double b, double *out, int kind) {
  (void)elem;
  switch (kind) {
  case K_ADD: *out = a + b; return true;
  case K_SUB: *out = a - b; return true;
  case K_MUL: *out = a * b; return true;
  case K_DIV: *out = a / b; return true;
  case K_REM: *out = fmod(a, b); return true;
  case K_MAX: *out = fmaximum(a, b, true); return true;
  case K_MIN: *out = fmaximum(a, b, false); return true;
  }
  return false;
}

/* f32 is computed in float where the two roundings could differ from one:
 * they cannot for +, -, *, / (see the top), so double suffices; f64
 * natively. */

static bool fold_arith(sharc_op *op, sharc_rewriter *rw, opts_t *o, int kind, bool floats) {
  if (!shape_fold_dtype(o, result_type(op), false))
    return false;
  binary_folder f = {int_arith, floats ? float_arith : NULL, kind, false};
  return fold_binary(op, rw, &f);
}

static bool fold_add(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_arith(op, rw, s, K_ADD, true); }
static bool fold_sub(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_arith(op, rw, s, K_SUB, true); }
static bool fold_mul(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_arith(op, rw, s, K_MUL, true); }
static bool fold_max(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_arith(op, rw, s, K_MAX, true); }
static bool fold_min(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_arith(op, rw, s, K_MIN, true); }

/* An integer divisor with a zero element is not folded. */
static bool int_divisor_has_zero(sharc_op *op) {
  sharc_attr *rhs = sharc_shlo_const_attr(operand(op, 1));
  sharc_type *elem = rhs ? sharc_type_element(sharc_attr_type(rhs)) : NULL;
  if (!rhs || !sharc_shlo_is_int(elem))
    return false;
  int64_t n = sharc_type_num_elements(sharc_attr_type(rhs));
  for (int64_t i = 0; i < (sharc_dense_splat(rhs) ? (n > 0 ? 1 : 0) : n); i++)
    if (!(sharc_shlo_elem(rhs, (size_t)i) & sharc_shlo_int_mask(elem)))
      return true;
  return false;
}

static bool fold_div_rem(sharc_op *op, sharc_rewriter *rw, opts_t *o, int kind) {
  if (!shape_fold_dtype(o, result_type(op), false))
    return false;
  if (sharc_type_get_kind(sharc_type_element(result_type(op))) == SHARC_TYPE_INTEGER &&
      int_divisor_has_zero(op))
    return false;
  binary_folder f = {int_arith, float_arith, kind, false};
  return fold_binary(op, rw, &f);
}

static bool fold_div(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_div_rem(op, rw, s, K_DIV); }
static bool fold_rem(sharc_op *op, sharc_rewriter *rw, void *s) { return fold_div_rem(op, rw, s, K_REM); }

/* and/or/xor: integers only, logical on i1. */
static bool fold_logic(sharc_op *op, sharc_rewriter *rw, int kind) {
  if (sharc_type_get_kind(sharc_type_element(result_type(op))) != SHARC_TYPE_INTEGER)
    return false;
  binary_folder f = {int_arith, NULL, kind, false};
  return fold_binary(op, rw, &f);
}

static bool fold_and(sharc_op *op, sharc_rewriter *rw, void *s) { (void)s; return fold_logic(op, rw, K_AND); }
static bool fold_or(sharc_op *op, sharc_rewriter *rw, void *s) { (void)s; return fold_logic(op, rw, K_OR); }
static bool fold_xor(sharc_op *op, sharc_rewriter *rw, void *s) { (void)s; return fold_logic(op, rw, K_XOR); }

/* ---- compare -------------------------------------------------------------------------- */

enum { DIR_EQ, DIR_NE, DIR_GE, DIR_GT, DIR_LE, DIR_LT };
enum { CMP_NOTYPE, CMP_FLOAT, CMP_TOTALORDER, CMP_SIGNED, CMP_UNSIGNED };

static bool compare_holds(int dir, int order /* -1, 0, 1; 2 unordered */) {
  switch (dir) {
  case DIR_EQ: return order == 0;
  case DIR_NE: return order != 0;
  case DIR_GE: return order == 0 || order == 1;
  case DIR_GT: return order == 1;
  case DIR_LE: return order == 0 || order == -1;
  case DIR_LT: return order == -1;
  }
  return false;
}

static bool int_compare(const sharc_type *elem, uint64_t a, uint64_t b, uint64_t *out, int kind) {
  int dir = kind & 0xff, type = kind >> 8;
  if (type != CMP_SIGNED && type != CMP_UNSIGNED)
    return false;
  int order;
  if (type == CMP_SIGNED) {
    int64_t sa = sharc_shlo_sext(elem, a), sb = sharc_shlo_sext(elem, b);
    order = sa < sb ? -1 : sa > sb;
  } else {
    uint64_t ua = ival(elem, a, false), ub = ival(elem, b, false);
    order = ua < ub ? -1 : ua > ub;
  }
  *out = compare_holds(dir, order);
  return true;
}

static bool float_compare(const sharc_type *elem, double a, double b, double *out, int kind) {
  (void)elem;
  int dir = kind & 0xff, type = kind >> 8;
  if (type != CMP_FLOAT && type != CMP_TOTALORDER)
    return false;
  int order = (isnan(a) || isnan(b)) ? 2 : (a < b ? -1 : a > b);
  *out = compare_holds(dir, order);
  return true;
}

/* The compare_type attribute, or the type the spec assumes. */
static int comparison_type(sharc_op *op) {
  sharc_attr *t = sharc_op_attr(op, "compare_type");
  int index = t ? sharc_shlo_enum_index(t, &sharc_shlo_comparison_type) : -1;
  if (index > 0)
    return index;
  sharc_type *elem = sharc_type_element(sharc_value_type(operand(op, 0)));
  if (sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER)
    return sharc_shlo_is_unsigned(elem) || sharc_type_int_width(elem) == 1 ? CMP_UNSIGNED
                                                                            : CMP_SIGNED;
  if (sharc_type_is_float(elem) || sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX)
    return CMP_FLOAT;
  return CMP_NOTYPE;
}

static bool fold_compare(sharc_op *op, sharc_rewriter *rw, void *s) {
  if (!shape_fold_dtype(s, result_type(op), false))
    return false;
  int type = comparison_type(op);
  int dir = sharc_shlo_enum_index(sharc_op_attr(op, "comparison_direction"),
                                  &sharc_shlo_comparison_direction);
  if (type == CMP_NOTYPE || dir < 0)
    return false;
  binary_folder f = {int_compare, float_compare, dir | (type << 8), true};
  return fold_binary(op, rw, &f);
}

/* ---- clamp: max(min, x) then min(max, that) -------------------------------------------- */

static bool fold_clamp(sharc_op *op, sharc_rewriter *rw, void *s) {
  if (!shape_fold_dtype(s, result_type(op), false))
    return false;
  sharc_attr *min = sharc_shlo_const_attr(operand(op, 0));
  sharc_attr *x = sharc_shlo_const_attr(operand(op, 1));
  sharc_attr *max = sharc_shlo_const_attr(operand(op, 2));
  if (!min || !x || !max)
    return false;
  binary_folder fmax = {int_arith, float_arith, K_MAX, false};
  binary_folder fmin = {int_arith, float_arith, K_MIN, false};
  sharc_attr *r = fold_binary_attrs(rw->ctx, &fmax, result_type(op), min, x);
  r = fold_binary_attrs(rw->ctx, &fmin, result_type(op), max, r);
  if (!r)
    return false;
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

/* ---- unary element-wise folds (FoldUnaryOpPattern) -------------------------------------- */

typedef enum unary_kind {
  U_ABS, U_COS, U_ERF, U_EXP, U_LOG, U_LOGISTIC, U_NEG, U_NOT, U_ROUND, U_ROUND_EVEN, U_RSQRT,
  U_SIGN, U_SIN, U_SQRT, U_TAN, U_TANH
} unary_kind;

static bool unary_int(unary_kind k, const sharc_type *elem, uint64_t a, uint64_t *out) {
  int64_t sa = sharc_shlo_sext(elem, a);
  switch (k) {
  case U_ABS: *out = sa < 0 ? (uint64_t)0 - (uint64_t)sa : (uint64_t)sa; return true;
  case U_NEG: *out = (uint64_t)0 - a; return true;
  case U_NOT: *out = ~a; return true;
  case U_SIGN:
    if (sharc_shlo_is_unsigned(elem))
      return false;
    *out = sa < 0 ? ~0ull : (uint64_t)(sa > 0);
    return true;
  default: return false;
  }
}

/* The APFloat-based folds work on the bits: sign flips and clears keep
 * NaN payloads as APFloat does. */
static bool unary_float_bits(unary_kind k, const sharc_type *elem, uint64_t a, uint64_t *out) {
  unsigned w = sharc_type_bit_width(elem);
  uint64_t sign = 1ull << (w - 1);
  sharc_float_kind fk = sharc_type_float_kind(elem);
  if (k == U_ABS) {
    *out = a & ~sign;
    return true;
  }
  if (k == U_NEG) {
    *out = a ^ sign;
    return true;
  }
  if (k != U_SIGN)
    return false;
  if (sharc_float_is_nan(fk, a, 0))
    return false;
  if (sharc_float_is_zero(fk, a, 0))
    return sharc_shlo_from_double(elem, 0.0, out);
  return sharc_shlo_from_double(elem, (a & sign) ? -1.0 : 1.0, out);
}

static bool unary_double(unary_kind k, double x, double *r) {
  switch (k) {
  case U_COS: *r = cos(x); return true;
  case U_ERF: *r = erf(x); return true;
  case U_EXP: *r = exp(x); return true;
  case U_LOG:
    if (x <= 0.0)
      return false;
    *r = log(x);
    return true;
  case U_LOGISTIC: *r = 1.0 / (1.0 + exp(-x)); return true;
  case U_ROUND: *r = round(x); return true;
  case U_ROUND_EVEN: *r = nearbyint(x); return true;
  case U_RSQRT:
    if (x <= 0.0)
      return false;
    *r = 1.0 / sqrt(x);
    return true;
  case U_SIN: *r = sin(x); return true;
  case U_SQRT:
    if (x < 0.0)
      return false;
    *r = sqrt(x);
    return true;
  case U_TAN: *r = tan(x); return true;
  case U_TANH: *r = tanh(x); return true;
  default: return false;
  }
}

static bool unary_element(unary_kind k, const sharc_type *elem, uint64_t a, uint64_t *out) {
  if (sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER) {
    if (!unary_int(k, elem, a, out))
      return false;
    *out &= sharc_shlo_int_mask(elem);
    return true;
  }
  if (k == U_ABS || k == U_NEG || k == U_SIGN)
    return unary_float_bits(k, elem, a, out);
  double r;
  return unary_double(k, sharc_shlo_to_double(elem, a), &r) && sharc_shlo_from_double(elem, r, out);
}

static bool fold_unary(sharc_op *op, sharc_rewriter *rw, unary_kind k) {
  if (sharc_op_num_operands(op) != 1 || sharc_op_num_results(op) != 1)
    return false;
  sharc_type *relem = sharc_type_element(result_type(op));
  if (!relem || (sharc_type_get_kind(relem) != SHARC_TYPE_INTEGER && !sharc_type_is_float(relem)))
    return false;
  sharc_attr *a = sharc_shlo_const_attr(operand(op, 0));
  sharc_type *type = a ? sharc_attr_type(a) : NULL;
  sharc_type *elem = type ? sharc_type_element(type) : NULL;
  if (!a || !sharc_shlo_scalar_elem(elem))
    return false;
  int64_t n = sharc_dense_splat(a) ? 1 : sharc_type_num_elements(type);
  if (n < 0)
    return false;
  uint64_t *out = sharc_xmalloc_array((size_t)n + 1, sizeof *out);
  for (int64_t i = 0; i < n; i++)
    if (!unary_element(k, elem, sharc_shlo_elem(a, (size_t)i), &out[i])) {
      free(out);
      return false;
    }
  sharc_attr *r = sharc_dense_splat(a) ? sharc_shlo_make_splat(rw->ctx, type, out, 1)
                                 : sharc_shlo_make_elems(rw->ctx, type, out, (size_t)n);
  free(out);
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

#define UNARY(fn, kind)                                                                            \
  static bool fn(sharc_op *op, sharc_rewriter *rw, void *s) {                                      \
    (void)s;                                                                                       \
    return fold_unary(op, rw, kind);                                                               \
  }
UNARY(fold_abs, U_ABS)
UNARY(fold_cos, U_COS)

/* chlo.erf: the pattern is rooted by name (the chlo ops have no table row
 * the transforms can name). */
static bool fold_erf(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  return sharc_op_is(op, "chlo.erf") && fold_unary(op, rw, U_ERF);
}
UNARY(fold_exp, U_EXP)
UNARY(fold_log, U_LOG)
UNARY(fold_logistic, U_LOGISTIC)
UNARY(fold_neg, U_NEG)
UNARY(fold_not, U_NOT)
UNARY(fold_round, U_ROUND)
UNARY(fold_round_even, U_ROUND_EVEN)
UNARY(fold_rsqrt, U_RSQRT)
UNARY(fold_sign, U_SIGN)
UNARY(fold_sin, U_SIN)
UNARY(fold_sqrt, U_SQRT)
UNARY(fold_tan, U_TAN)
UNARY(fold_tanh, U_TANH)

/* ---- shape ops on constants ---------------------------------------------------------------- */

/* op(cst) -> cst at the result's type, the elements unchanged: a splat
 * broadcast (`splat_only`) or a reshape. */
static bool fold_constant_retyped(sharc_op *op, sharc_rewriter *rw, void *s, bool splat_only) {
  sharc_type *type = result_type(op);
  if (!sharc_shlo_static(type) || !shape_fold_dtype(s, type, true))
    return false;
  sharc_value *in = operand(op, 0);
  sharc_attr *a = splat_only ? sharc_shlo_splat_attr(in) : sharc_shlo_const_attr(in);
  if (!a)
    return false;
  sharc_attr *folded =
      splat_only ? sharc_shlo_resize_splat(rw->ctx, a, type)
                 : sharc_attr_dense_elements(rw->ctx, type, sharc_dense_raw(a), sharc_dense_nwords(a),
                                             sharc_dense_splat(a));
  sharc_shlo_replace_with_constant(rw, op, folded);
  return true;
}

/* broadcast_in_dim(splat, _) -> constant(splat) */
static bool fold_broadcast_splat(sharc_op *op, sharc_rewriter *rw, void *s) {
  return fold_constant_retyped(op, rw, s, true);
}

/* reshape(cst) -> cst */
static bool fold_reshape(sharc_op *op, sharc_rewriter *rw, void *s) {
  return fold_constant_retyped(op, rw, s, false);
}

/* One element converted as foldConvert; false where the cast fails. */
static bool convert_element(const sharc_type *from, const sharc_type *to, uint64_t a, uint64_t *out) {
  bool from_float = sharc_type_is_float(from), to_float = sharc_type_is_float(to);
  bool to_bool = sharc_type_get_kind(to) == SHARC_TYPE_INTEGER && sharc_type_int_width(to) == 1;
  bool from_unsigned = !from_float && (sharc_shlo_is_unsigned(from) || sharc_type_int_width(from) == 1);
  if (from_float) {
    sharc_float_kind fk = sharc_type_float_kind(from);
    if (to_float) {
      if (sharc_float_is_nan(fk, a, 0) && !sharc_float_has_nan(sharc_type_float_kind(to)))
        return false;
      return sharc_shlo_from_double(to, sharc_shlo_to_double(from, a), out);
    }
    if (to_bool) {
      *out = !sharc_float_is_zero(fk, a, 0);
      return true;
    }
    if (sharc_float_is_inf(fk, a, 0) || sharc_float_is_nan(fk, a, 0) ||
        (sharc_float_is_zero(fk, a, 0) && sharc_float_is_negative(fk, a, 0)))
      return false;
    double t = trunc(sharc_shlo_to_double(from, a));
    unsigned w = sharc_type_int_width(to);
    if (sharc_shlo_is_unsigned(to)) {
      if (t < 0 || t >= ldexp(1.0, (int)w))
        return false;
      *out = (uint64_t)t;
    } else {
      if (t < -ldexp(1.0, (int)w - 1) || t >= ldexp(1.0, (int)w - 1))
        return false;
      *out = (uint64_t)(int64_t)t & sharc_shlo_int_mask(to);
    }
    return true;
  }
  uint64_t v = ival(from, a, !from_unsigned);
  if (to_float) {
    double d = from_unsigned ? (double)v : (double)(int64_t)v;
    /* a 64-bit int is rounded twice through double: exact below 2^53 */
    return sharc_shlo_from_double(to, d, out);
  }
  if (to_bool) {
    *out = (a & sharc_shlo_int_mask(from)) != 0;
    return true;
  }
  *out = v & sharc_shlo_int_mask(to);
  return true;
}

static bool fold_convert(sharc_op *op, sharc_rewriter *rw, void *s) {
  opts_t *o = s;
  sharc_type *type = result_type(op);
  if (!sharc_shlo_static(type) || !shape_fold_dtype(o, type, false) || !within_limit(o, type))
    return false;
  sharc_type *from = sharc_type_element(sharc_value_type(operand(op, 0)));
  sharc_type *to = sharc_type_element(type);
  if (!o->optimize_float && (sharc_type_is_float(from) || sharc_type_is_float(to)))
    return false;
  sharc_attr *a = sharc_shlo_const_attr(operand(op, 0));
  if (!a || !sharc_shlo_scalar_elem(from) || !sharc_shlo_scalar_elem(to))
    return false;
  size_t n = sharc_dense_splat(a) ? 1 : (size_t)sharc_type_num_elements(type);
  uint64_t *out = sharc_xmalloc_array(n + 1, sizeof *out);
  for (size_t i = 0; i < n; i++)
    if (!convert_element(from, to, sharc_shlo_elem(a, i), &out[i])) {
      free(out);
      return false;
    }
  sharc_attr *r = sharc_dense_splat(a) ? sharc_shlo_make_splat(rw->ctx, type, out, 1)
                                 : sharc_shlo_make_elems(rw->ctx, type, out, n);
  free(out);
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

/* Row-major strides of a shape. */
static void strides_of(const int64_t *shape, unsigned rank, int64_t *strides) {
  int64_t s = 1;
  for (unsigned i = rank; i-- > 0;) {
    strides[i] = s;
    s *= shape[i];
  }
}

/* Where a layout-only fold reads each result element from: the operand's
 * linear index for result index `idx`. */
typedef struct layout_map {
  unsigned rank;
  const int64_t *strides; /* the operand's */
  int64_t (*offset)(const struct layout_map *m, const int64_t *idx, unsigned d);
  const sharc_attr *start, *step, *perm; /* slice, transpose */
  const int64_t *shape;                  /* reverse */
  const bool *reversed;
} layout_map;

static int64_t slice_offset(const layout_map *m, const int64_t *idx, unsigned d) {
  return (sharc_attr_dense_array_i64(m->start, d) + idx[d] * sharc_attr_dense_array_i64(m->step, d)) *
         m->strides[d];
}

static int64_t transpose_offset(const layout_map *m, const int64_t *idx, unsigned d) {
  return idx[d] * m->strides[sharc_attr_dense_array_i64(m->perm, d)];
}

static int64_t reverse_offset(const layout_map *m, const int64_t *idx, unsigned d) {
  return (m->reversed[d] ? m->shape[d] - 1 - idx[d] : idx[d]) * m->strides[d];
}

/* Replaces `op` by the constant of `type` whose elements, in row-major
 * order, are `a`'s at the offsets `m` maps their indices to. */
static bool replace_with_layout(sharc_op *op, sharc_rewriter *rw, sharc_type *type,
                                const sharc_attr *a, const layout_map *m) {
  unsigned rank = m->rank;
  const int64_t *shape = sharc_type_shape(type);
  int64_t n = sharc_type_num_elements(type);
  int64_t *idx = sharc_xcalloc(rank + 1, sizeof *idx);
  uint64_t *out = sharc_xmalloc_array((size_t)n + 1, sizeof *out);
  for (int64_t i = 0; i < n; i++) {
    int64_t lin = 0;
    for (unsigned d = 0; d < rank; d++)
      lin += m->offset(m, idx, d);
    out[i] = sharc_shlo_elem(a, (size_t)lin);
    for (unsigned d = rank; d-- > 0;) {
      if (++idx[d] < shape[d])
        break;
      idx[d] = 0;
    }
  }
  sharc_attr *r = sharc_shlo_make_elems(rw->ctx, type, out, (size_t)n);
  free(idx);
  free(out);
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

/* A layout-only fold (slice, transpose) of a constant operand: a splat
 * folds at once into a splat of `type` (returns true); otherwise *a is the
 * operand's constant for the element-wise fold, or NULL when it has none. */
static bool fold_splat_operand(sharc_op *op, sharc_rewriter *rw, sharc_type *type, sharc_attr **a) {
  *a = sharc_shlo_const_attr(operand(op, 0));
  if (!*a || !sharc_dense_splat((*a)))
    return false;
  sharc_shlo_replace_with_constant(rw, op, sharc_shlo_resize_splat(rw->ctx, *a, type));
  return true;
}

static bool fold_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = result_type(op), *in = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(type) || !shape_fold_dtype(s, type, false) || !sharc_shlo_static(in))
    return false;
  sharc_attr *a;
  if (fold_splat_operand(op, rw, type, &a))
    return true;
  if (!a)
    return false;
  if (!sharc_shlo_scalar_elem(sharc_type_element(in)))
    return false;
  unsigned rank = sharc_type_rank(in);
  int64_t *strides = sharc_xcalloc(rank + 1, sizeof *strides);
  strides_of(sharc_type_shape(in), rank, strides);
  layout_map m = {.rank = rank,
                  .strides = strides,
                  .offset = slice_offset,
                  .start = sharc_op_attr(op, "start_indices"),
                  .step = sharc_op_attr(op, "strides")};
  replace_with_layout(op, rw, type, a, &m);
  free(strides);
  return true;
}

static bool fold_transpose(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *type = result_type(op), *in = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(type))
    return false;
  sharc_attr *a;
  if (fold_splat_operand(op, rw, type, &a))
    return true;
  if (!a)
    return false;
  if (!sharc_shlo_scalar_elem(sharc_type_element(in)) || !sharc_shlo_static(in))
    return false;
  unsigned rank = sharc_type_rank(in);
  int64_t *in_strides = sharc_xcalloc(rank + 1, sizeof *in_strides);
  strides_of(sharc_type_shape(in), rank, in_strides);
  layout_map m = {.rank = rank,
                  .strides = in_strides,
                  .offset = transpose_offset,
                  .perm = sharc_op_attr(op, "permutation")};
  replace_with_layout(op, rw, type, a, &m);
  free(in_strides);
  return true;
}

/* reverse of a non-trivial constant (the trivial ones are simplifications). */
static bool fold_reverse(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(type) || !within_limit(s, type))
    return false;
  sharc_attr *a = sharc_shlo_const_attr(operand(op, 0));
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  if (!a || !dims)
    return false;
  unsigned rank = sharc_type_rank(type);
  const int64_t *shape = sharc_type_shape(type);
  bool all_one = true;
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    all_one = all_one && shape[sharc_attr_dense_array_i64(dims, i)] == 1;
  int64_t n = sharc_type_num_elements(type);
  if (!sharc_attr_count(dims) || n <= 1 || sharc_dense_splat(a) || all_one ||
      !sharc_shlo_scalar_elem(sharc_type_element(type)))
    return false;
  int64_t *strides = sharc_xcalloc(rank + 1, sizeof *strides);
  bool *rev = sharc_xcalloc(rank + 1, sizeof *rev);
  strides_of(shape, rank, strides);
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    rev[sharc_attr_dense_array_i64(dims, i)] ^= true; /* a dimension twice reverses back */
  layout_map m = {.rank = rank,
                  .strides = strides,
                  .offset = reverse_offset,
                  .shape = shape,
                  .reversed = rev};
  replace_with_layout(op, rw, result_type(op), a, &m);
  free(strides);
  free(rev);
  return true;
}

static bool fold_select(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = result_type(op);
  if (!sharc_shlo_static(type) || !shape_fold_dtype(s, type, false))
    return false;
  sharc_attr *pred = sharc_shlo_const_attr(operand(op, 0));
  sharc_attr *t = sharc_shlo_const_attr(operand(op, 1));
  sharc_attr *f = sharc_shlo_const_attr(operand(op, 2));
  if (!pred || !t || !f || sharc_type_get_kind(sharc_type_element(sharc_attr_type(pred))) !=
                               SHARC_TYPE_INTEGER)
    return false;
  if (sharc_dense_splat(pred)) {
    sharc_shlo_replace_with_constant(rw, op, (sharc_dense_raw(pred)[0] & 1) ? t : f);
    return true;
  }
  if (sharc_type_is_float(sharc_type_element(type)) || !within_limit(s, type) ||
      !sharc_shlo_scalar_elem(sharc_type_element(type)))
    return false;
  return sharc_shlo_replace_with_selected(rw, op, type, sharc_type_num_elements(type), pred, t, f);
}

static bool fold_concatenate(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = result_type(op);
  if (!sharc_shlo_static(type) || !shape_fold_dtype(s, type, false) || !within_limit(s, type) ||
      !sharc_shlo_scalar_elem(sharc_type_element(type)))
    return false;
  unsigned n_in = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n_in; i++)
    if (!sharc_shlo_const_attr(operand(op, i)))
      return false;
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension");
  int64_t dim = dim_attr ? sharc_attr_int_value(dim_attr) : 0;
  int64_t top = 1;
  for (int64_t d = 0; d < dim; d++)
    top *= sharc_type_shape(type)[d];
  int64_t n = sharc_type_num_elements(type);
  uint64_t *out = sharc_xmalloc_array((size_t)n + 1, sizeof *out);
  size_t k = 0;
  for (int64_t i = 0; i < top; i++)
    for (unsigned j = 0; j < n_in; j++) {
      sharc_attr *a = sharc_shlo_const_attr(operand(op, j));
      int64_t bottom = top ? sharc_type_num_elements(sharc_attr_type(a)) / top : 0;
      for (int64_t e = 0; e < bottom; e++)
        out[k++] = sharc_shlo_elem(a, (size_t)(i * bottom + e));
    }
  sharc_attr *r = sharc_shlo_make_elems(rw->ctx, type, out, (size_t)n);
  free(out);
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

/* concat(splat_a, splat_a, X) -> concat(splat_a_resized, X) */
static bool fold_concatenate_adjacent_splats(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned n = sharc_op_num_operands(op);
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension");
  int64_t dim = dim_attr ? sharc_attr_int_value(dim_attr) : 0;
  sharc_value **ops = sharc_xmalloc_array(n + 1, sizeof *ops);
  unsigned m = 0;
  sharc_rw_set_before(rw, op);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *splat = sharc_shlo_splat_attr(operand(op, i));
    unsigned j = i + 1;
    while (splat && j < n && sharc_shlo_splat_attr(operand(op, j)) == splat)
      j++;
    if (!splat || j == i + 1) {
      ops[m++] = operand(op, i);
      continue;
    }
    sharc_type *t = sharc_attr_type(splat);
    unsigned rank = sharc_type_rank(t);
    int64_t shape[64];
    if (rank > 64) {
      ops[m++] = operand(op, i);
      continue;
    }
    memcpy(shape, sharc_type_shape(t), rank * sizeof *shape);
    shape[dim] *= (int64_t)(j - i);
    sharc_type *resized = sharc_type_tensor(rw->ctx, shape, rank, sharc_type_element(t),
                                            sharc_type_encoding(t));
    ops[m++] = sharc_shlo_constant(rw, sharc_op_loc(op), sharc_shlo_resize_splat(rw->ctx, splat, resized));
    i = j - 1;
  }
  bool changed = m != n;
  if (changed) {
    sharc_named_attr d = {sharc_ident_get(rw->ctx, SHARC_STR("dimension")), dim_attr};
    sharc_shlo_replace_with_new(rw, op, "stablehlo.concatenate", ops, m, result_type(op), &d, 1);
  }
  free(ops);
  return changed;
}

/* dynamic_slice(splat_cst, ...) -> resized splat */
static bool fold_dynamic_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *type = result_type(op);
  sharc_attr *a = sharc_shlo_splat_attr(operand(op, 0));
  if (!sharc_shlo_static(type) || !a)
    return false;
  sharc_shlo_replace_with_constant(rw, op, sharc_shlo_resize_splat(rw->ctx, a, type));
  return true;
}

static bool fold_get_dimension_size(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = result_type(op), *in = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(type) || !shape_fold_dtype(s, type, false) || !sharc_type_has_rank(in))
    return false;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "dimension"));
  int64_t size = sharc_type_shape(in)[dim];
  if (size < 0)
    return false;
  uint64_t v = (uint64_t)size & 0xffffffffull;
  sharc_shlo_replace_with_constant(rw, op, sharc_shlo_make_splat(rw->ctx, type, &v, 1));
  return true;
}

/* set_dimension_size(x, size, dim) -> x where the size is that of x. */
static bool fold_set_dimension_size(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *type = result_type(op);
  if (sharc_value_type(operand(op, 0)) != type)
    return false;
  sharc_attr *size = sharc_shlo_splat_attr(operand(op, 1));
  if (!size)
    return false;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "dimension"));
  sharc_type *se = sharc_type_element(sharc_attr_type(size));
  if (sharc_shlo_sext(se, sharc_dense_raw(size)[0]) != sharc_type_shape(type)[dim])
    return false;
  sharc_rw_replace_all_uses(rw, sharc_op_result(op, 0), operand(op, 0));
  return true;
}

/* iota: only an empty or single-element result folds. */
static bool fold_iota(sharc_op *op, sharc_rewriter *rw, void *s) {
  sharc_type *type = result_type(op);
  if (!within_limit(s, type) || sharc_type_get_kind(sharc_type_element(type)) != SHARC_TYPE_INTEGER)
    return false;
  int64_t n = sharc_type_num_elements(type);
  if (n != 0 && n != 1)
    return false;
  uint64_t zero = 0;
  sharc_shlo_replace_with_constant(rw, op, sharc_shlo_make_elems(rw->ctx, type, &zero, (size_t)n));
  return true;
}

/* ---- reduce ------------------------------------------------------------------------------ */

static sharc_block *body_of(sharc_op *op, unsigned i) {
  return sharc_region_first_block(sharc_op_region(op, i));
}

static bool fold_reduce_zero_dims(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  if (dims && sharc_attr_count(dims))
    return false;
  unsigned n = sharc_op_num_results(op);
  for (unsigned i = 0; i < n; i++)
    if (sharc_value_type(operand(op, i)) != sharc_value_type(sharc_op_result(op, i)))
      return false;
  return sharc_shlo_replace_with_operands(rw, op, op, n);
}

static bool fold_reduce_to_constant_init(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_block *body = body_of(op, 0);
  sharc_op *ret = body ? sharc_block_first_op(body) : NULL;
  if (!ret || sharc_op_next(ret) || !sharc_op_isa(ret, SHARC_SHLO(return)))
    return false;
  unsigned n = sharc_op_num_results(op);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *a = sharc_shlo_const_attr(sharc_op_operand(ret, i));
    if (!a || !sharc_shlo_static(sharc_value_type(sharc_op_result(op, i))))
      return false;
  }
  sharc_value **vals = sharc_xmalloc_array(n + 1, sizeof *vals);
  sharc_rw_set_before(rw, op);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *a = sharc_shlo_const_attr(sharc_op_operand(ret, i));
    sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    vals[i] = sharc_shlo_constant(rw, sharc_op_loc(op),
                                  sharc_shlo_make_splat(rw->ctx, t, sharc_dense_raw(a),
                                                        sharc_type_scalar_words(sharc_type_element(t))));
  }
  sharc_rw_replace_op(rw, op, vals, n);
  free(vals);
  return true;
}

static bool fold_reduce_redundant_results(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_block *body = body_of(op, 0);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret || !sharc_op_isa(ret, SHARC_SHLO(return)))
    return false;
  sharc_region *region = sharc_op_region(op, 0);
  unsigned n = sharc_op_num_results(op);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    if (sharc_shlo_defined_in(v, region) ||
        sharc_value_type(v) != sharc_value_type(sharc_op_result(op, i)))
      return false;
  }
  return sharc_shlo_replace_with_operands(rw, op, ret, n);
}

/* ---- while ------------------------------------------------------------------------------ */

static bool while_cond_is_false(sharc_op *op) {
  sharc_block *cond = body_of(op, 0);
  sharc_op *ret = cond ? sharc_block_last_op(cond) : NULL;
  if (!ret || !sharc_op_isa(ret, SHARC_SHLO(return)) || !sharc_op_num_operands(ret))
    return false;
  sharc_attr *a = sharc_shlo_const_attr(sharc_op_operand(ret, 0));
  if (!a || sharc_type_get_kind(sharc_type_element(sharc_attr_type(a))) != SHARC_TYPE_INTEGER ||
      !sharc_dense_nwords(a))
    return false;
  return !(sharc_dense_raw(a)[0] & 1);
}

static bool fold_while(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!sharc_op_has_result_uses(op) && !sharc_op_is_trivially_dead(op))
    return false;
  if (!while_cond_is_false(op))
    return false;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_rw_replace_all_uses(rw, sharc_op_result(op, i), operand(op, i));
  return true;
}

/* An op, or one nested in it, that declares side effects. */
static bool declares_side_effects(sharc_op *op) {
  if (!sharc_op_is_memory_effect_free(op))
    return true;
  return false;
}

static bool fold_dead_while(sharc_op *op, sharc_rewriter *rw, void *s) {
  opts_t *o = s;
  if (!o->assume_no_undeclared_side_effects || sharc_op_has_result_uses(op) ||
      !while_cond_is_false(op) || declares_side_effects(op))
    return false;
  sharc_rw_erase_op(rw, op);
  return true;
}


/* ---- case on a constant index: the chosen branch inlined ---------------------------------- */

static bool placeholder_possible(sharc_rewriter *rw, sharc_type *t) {
  return sharc_shlo_zero_attr(rw->ctx, t) || t == sharc_shlo_token_type(rw->ctx);
}

/* A placeholder value of `t`: its zero, or a fresh token. */
static void create_placeholder(sharc_rewriter *rw, sharc_attr *loc, sharc_type *t, sharc_value **out) {
  sharc_attr *zero = sharc_shlo_zero_attr(rw->ctx, t);
  if (zero) {
    *out = sharc_shlo_constant(rw, loc, zero);
    return;
  }
  *out = sharc_op_result(sharc_shlo_create(rw, "stablehlo.after_all", loc, NULL, 0, &t, 1, NULL, 0), 0);
}

static bool inline_case(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned n = sharc_op_num_results(op), nr = sharc_op_num_regions(op);
  bool used = false;
  for (unsigned i = 0; i < n; i++)
    used = used || sharc_value_has_uses(sharc_op_result(op, i));
  sharc_attr *index = sharc_shlo_splat_attr(operand(op, 0));
  if (!used || !index || !nr)
    return false;
  int64_t k = sharc_shlo_sext(sharc_type_element(sharc_attr_type(index)), sharc_dense_raw(index)[0]);
  if (k < 0 || k >= (int64_t)nr)
    k = (int64_t)nr - 1;
  for (unsigned i = 0; i < n; i++)
    if (!placeholder_possible(rw, sharc_value_type(sharc_op_result(op, i))))
      return false;
  sharc_region *region = sharc_op_region(op, (unsigned)k);
  sharc_block *block = sharc_region_first_block(region);
  sharc_op *term = block ? sharc_block_last_op(block) : NULL;
  if (!term)
    return false;
  sharc_value **results = sharc_op_operand_values(term);
  sharc_rw_inline_block_before(rw, block, sharc_op_block(op), op, NULL, 0);
  for (unsigned i = 0; i < n; i++)
    sharc_rw_replace_all_uses(rw, sharc_op_result(op, i), results[i]);
  sharc_rw_erase_op(rw, term);
  /* the emptied branch returns placeholders, so that the op stays valid */
  sharc_block *noop = sharc_rw_create_block(rw, region, NULL, NULL, 0, NULL);
  sharc_rw_set_block_end(rw, noop);
  for (unsigned i = 0; i < n; i++)
    create_placeholder(rw, sharc_op_loc(op), sharc_value_type(sharc_op_result(op, i)), &results[i]);
  sharc_shlo_create(rw, "stablehlo.return", sharc_op_loc(op), results, n, NULL, 0, NULL, 0);
  free(results);
  return true;
}

/* ---- reduce over splat booleans: the constants moved into the and/or body ---------------- */

static bool lower_bool_splats_into_reduce(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_block *body = body_of(op, 0);
  sharc_op *first = body ? sharc_block_first_op(body) : NULL;
  if (!first || !sharc_op_next(first) || sharc_op_next(sharc_op_next(first)))
    return false;
  if (!sharc_op_isa(first, SHARC_SHLO(and)) && !sharc_op_isa(first, SHARC_SHLO(or)))
    return false;
  unsigned n = sharc_op_num_operands(op);
  if (sharc_block_num_args(body) != n)
    return false;
  for (unsigned i = 0; i < n; i++)
    if (!sharc_shlo_splat_attr(operand(op, i)) ||
        !sharc_type_has_rank(sharc_value_type(sharc_block_arg(body, i))))
      return false;
  sharc_rw_set_before(rw, first);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    sharc_attr *a = sharc_shlo_splat_attr(operand(op, i));
    sharc_attr *v = sharc_shlo_make_splat(rw->ctx, sharc_value_type(arg), sharc_dense_raw(a),
                                          (unsigned)sharc_dense_nwords(a));
    sharc_rw_replace_all_uses(rw, arg, sharc_shlo_constant(rw, sharc_op_loc(first), v));
  }
  return true;
}

/* The insertion order of populateStablehloAggressiveFolderPatterns: the
 * shape folders, then the others. */
const sharc_pattern sharc_shlo_folder_patterns[] = {
    {"FoldAddOpPattern", fold_add, SHARC_SHLO(add), 2, NULL},
    {"FoldAndOpPattern", fold_and, SHARC_SHLO(and), 2, NULL},
    {"FoldBroadcastInDimOpSplatPattern", fold_broadcast_splat, SHARC_SHLO(broadcast_in_dim), 2, NULL},
    {"FoldClampOpPattern", fold_clamp, SHARC_SHLO(clamp), 2, NULL},
    {"FoldCompareOpPattern", fold_compare, SHARC_SHLO(compare), 2, NULL},
    {"FoldConcatenateOpPattern", fold_concatenate, SHARC_SHLO(concatenate), 2, NULL},
    {"FoldConcatenateAdjacentSplatsOpPattern", fold_concatenate_adjacent_splats,
     SHARC_SHLO(concatenate), 2, NULL},
    {"FoldConvertOpPattern", fold_convert, SHARC_SHLO(convert), 2, NULL},
    {"FoldDivOpPattern", fold_div, SHARC_SHLO(divide), 2, NULL},
    {"FoldDynamicSliceOpPattern", fold_dynamic_slice, SHARC_SHLO(dynamic_slice), 2, NULL},
    {"FoldGetDimensionSizeOpPattern", fold_get_dimension_size, SHARC_SHLO(get_dimension_size), 2,
     NULL},
    {"FoldMaxOpPattern", fold_max, SHARC_SHLO(maximum), 2, NULL},
    {"FoldMinOpPattern", fold_min, SHARC_SHLO(minimum), 2, NULL},
    {"FoldMulOpPattern", fold_mul, SHARC_SHLO(multiply), 2, NULL},
    {"FoldOrOpPattern", fold_or, SHARC_SHLO(or), 2, NULL},
    {"FoldRemOpPattern", fold_rem, SHARC_SHLO(remainder), 2, NULL},
    {"FoldReshapeOpPattern", fold_reshape, SHARC_SHLO(reshape), 2, NULL},
    {"FoldSelectOpPattern", fold_select, SHARC_SHLO(select), 2, NULL},
    {"FoldSetDimensionSizeOpPattern", fold_set_dimension_size, SHARC_SHLO(set_dimension_size), 2,
     NULL},
    {"FoldSignOpPattern", fold_sign, SHARC_SHLO(sign), 2, NULL},
    {"FoldSliceOpPattern", fold_slice, SHARC_SHLO(slice), 2, NULL},
    {"FoldSubtractOpPattern", fold_sub, SHARC_SHLO(subtract), 2, NULL},
    {"FoldAbsOpPattern", fold_abs, SHARC_SHLO(abs), 2, NULL},
    {"FoldCosineOpPattern", fold_cos, SHARC_SHLO(cosine), 2, NULL},
    {"FoldErfOpPattern", fold_erf, NULL, 2, NULL},
    {"FoldExpOpPattern", fold_exp, SHARC_SHLO(exponential), 2, NULL},
    {"FoldIotaOpPattern", fold_iota, SHARC_SHLO(iota), 2, NULL},
    {"FoldLogOpPattern", fold_log, SHARC_SHLO(log), 2, NULL},
    {"FoldLogisticOpPattern", fold_logistic, SHARC_SHLO(logistic), 2, NULL},
    {"FoldNegOpPattern", fold_neg, SHARC_SHLO(negate), 2, NULL},
    {"FoldNotOpPattern", fold_not, SHARC_SHLO(not), 2, NULL},
    {"FoldReduceOpReducingZeroDims", fold_reduce_zero_dims, SHARC_SHLO(reduce), 2, NULL},
    {"FoldReduceOpToConstantInitializer", fold_reduce_to_constant_init, SHARC_SHLO(reduce), 2, NULL},
    {"FoldReduceOpWithRedundantResults", fold_reduce_redundant_results, SHARC_SHLO(reduce), 2, NULL},
    {"FoldReverseOpPattern", fold_reverse, SHARC_SHLO(reverse), 2, NULL},
    {"FoldRoundOpPattern", fold_round, SHARC_SHLO(round_nearest_afz), 2, NULL},
    {"FoldRoundNearestEvenOpPattern", fold_round_even, SHARC_SHLO(round_nearest_even), 2, NULL},
    {"FoldRsqrtOpPattern", fold_rsqrt, SHARC_SHLO(rsqrt), 2, NULL},
    {"FoldSineOpPattern", fold_sin, SHARC_SHLO(sine), 2, NULL},
    {"FoldSqrtOpPattern", fold_sqrt, SHARC_SHLO(sqrt), 2, NULL},
    {"FoldTanOpPattern", fold_tan, SHARC_SHLO(tan), 2, NULL},
    {"FoldTanhOpPattern", fold_tanh, SHARC_SHLO(tanh), 2, NULL},
    {"FoldTransposeOpPattern", fold_transpose, SHARC_SHLO(transpose), 2, NULL},
    {"FoldWhileOpIfDeadAndPresumedPure", fold_dead_while, SHARC_SHLO(while), 2, NULL},
    {"FoldWhileOpPattern", fold_while, SHARC_SHLO(while), 2, NULL},
    {"FoldXorOpPattern", fold_xor, SHARC_SHLO(xor), 2, NULL},
    {"InlineCaseOpWithConstantBranchIndex", inline_case, SHARC_SHLO(case), 2, NULL},
    {"LowerBoolSplatConstantsIntoReduceOpRegion", lower_bool_splats_into_reduce, SHARC_SHLO(reduce), 2,
     NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static const sharc_option_def options[] = {
    SHARC_SHLO_OPTION_ASSUME_NO_UNDECLARED_SIDE_EFFECTS,
    SHARC_SHLO_OPTION_FOLD_OP_ELEMENT_LIMIT,
    SHARC_SHLO_OPTION_OPTIMIZE_FLOAT,
};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  return sharc_shlo_run_patterns(func, opts, true, false, "stablehlo-aggressive-folder", run);
}

const sharc_pass_def sharc_pass_stablehlo_aggressive_folder = {
    .flag = "stablehlo-aggressive-folder",
    .display_name = "StablehloAggressiveFolderPass",
    .summary = "Folds StableHLO operations",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_stablehlo_tio_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

/* The builder the CHLO lowerings write their decompositions with (see
 * chlo_build.h): op creation at the rewriter's insertion point with the
 * inferred result type, and splat constants shaped like a value, as
 * StableHLO's getConstantLike makes them. */
#include "transforms/stablehlo/chlo_build.h"

#include <math.h>
#include <stdlib.h>

#include "ir/ir_internal.h"
#include "support/apfloat.h"
#include "rewrite/create_op.h"

sharc_op *sharc_cb_op(sharc_cb *b, const char *name, V *const *operands, unsigned n,
                      sharc_type *const *types, unsigned num_results, sharc_attr *attrs,
                      unsigned num_regions) {
  sharc_op *op = sharc_rw_create_named(b->rw, name, b->loc, operands, n, types, num_results, attrs,
                                       num_regions);
  if (b->worklist && sharc_str_starts_with(sharc_str_from_cstr(name), "chlo."))
    sharc_vec_push(b->worklist, op);
  return op;
}

static V *create1(sharc_cb *b, const char *name, V *const *operands, unsigned n, sharc_type *type,
                  sharc_attr *attrs) {
  return sharc_op_result(sharc_cb_op(b, name, operands, n, &type, 1, attrs, 0), 0);
}

V *sharc_cb_un(sharc_cb *b, const char *name, V *x) {
  return create1(b, name, &x, 1, sharc_value_type(x), NULL);
}

V *sharc_cb_bin(sharc_cb *b, const char *name, V *x, V *y) {
  V *ops[2] = {x, y};
  return create1(b, name, ops, 2, sharc_value_type(x), NULL);
}

sharc_type *sharc_cb_elem(V *v) {
  return sharc_type_element(sharc_value_type(v));
}

sharc_type *sharc_cb_with_elem(sharc_cb *b, sharc_type *shaped, sharc_type *elem) {
  if (!sharc_type_has_rank(shaped))
    return sharc_type_unranked_tensor(b->ctx, elem);
  return sharc_type_tensor(b->ctx, sharc_type_shape(shaped), sharc_type_rank(shaped), elem,
                           shaped->shaped.encoding);
}

static sharc_attr *dict1(sharc_cb *b, const char *name, sharc_attr *value) {
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr(name)), value};
  return sharc_attr_dictionary(b->ctx, &a, 1);
}

V *sharc_cb_compare_typed(sharc_cb *b, sharc_cb_dir dir, V *x, V *y, unsigned type) {
  V *ops[2] = {x, y};
  sharc_named_attr a[2] = {
      {sharc_ident_get(b->ctx, sharc_str_from_cstr("comparison_direction")),
       sharc_shlo_enum_get(b->ctx, &sharc_shlo_comparison_direction, dir)},
      {sharc_ident_get(b->ctx, sharc_str_from_cstr("compare_type")),
       sharc_shlo_enum_get(b->ctx, &sharc_shlo_comparison_type, type)},
  };
  sharc_type *i1 = sharc_type_integer(b->ctx, 1, SHARC_SIGNLESS);
  sharc_type *t = sharc_cb_with_elem(b, sharc_value_type(x), i1);
  return create1(b, "stablehlo.compare", ops, 2, t, sharc_attr_dictionary(b->ctx, a, 2));
}

V *sharc_cb_compare(sharc_cb *b, sharc_cb_dir dir, V *x, V *y) {
  V *ops[2] = {x, y};
  sharc_type *i1 = sharc_type_integer(b->ctx, 1, SHARC_SIGNLESS);
  sharc_type *t = sharc_cb_with_elem(b, sharc_value_type(x), i1);
  sharc_attr *d = sharc_shlo_enum_get(b->ctx, &sharc_shlo_comparison_direction, dir);
  return create1(b, "stablehlo.compare", ops, 2, t, dict1(b, "comparison_direction", d));
}

V *sharc_cb_select(sharc_cb *b, V *pred, V *on_true, V *on_false) {
  V *ops[3] = {pred, on_true, on_false};
  return create1(b, "stablehlo.select", ops, 3, sharc_value_type(on_true), NULL);
}

V *sharc_cb_clamp(sharc_cb *b, V *lo, V *x, V *hi) {
  V *ops[3] = {lo, x, hi};
  return create1(b, "stablehlo.clamp", ops, 3, sharc_value_type(x), NULL);
}

V *sharc_cb_convert(sharc_cb *b, V *x, sharc_type *elem) {
  return create1(b, "stablehlo.convert", &x, 1, sharc_cb_with_elem(b, sharc_value_type(x), elem),
                 NULL);
}

V *sharc_cb_bitcast(sharc_cb *b, V *x, sharc_type *elem) {
  return create1(b, "stablehlo.bitcast_convert", &x, 1,
                 sharc_cb_with_elem(b, sharc_value_type(x), elem), NULL);
}

static V *part(sharc_cb *b, const char *name, V *z) {
  sharc_type *t = sharc_cb_with_elem(b, sharc_value_type(z), sharc_type_element(sharc_cb_elem(z)));
  return create1(b, name, &z, 1, t, NULL);
}

V *sharc_cb_real(sharc_cb *b, V *z) {
  return part(b, "stablehlo.real", z);
}

V *sharc_cb_imag(sharc_cb *b, V *z) {
  return part(b, "stablehlo.imag", z);
}

V *sharc_cb_complex(sharc_cb *b, V *re, V *im) {
  V *ops[2] = {re, im};
  sharc_type *c = sharc_type_complex(b->ctx, sharc_cb_elem(re));
  return create1(b, "stablehlo.complex", ops, 2, sharc_cb_with_elem(b, sharc_value_type(re), c),
                 NULL);
}

V *sharc_cb_is_finite(sharc_cb *b, V *x) {
  sharc_type *i1 = sharc_type_integer(b->ctx, 1, SHARC_SIGNLESS);
  return create1(b, "stablehlo.is_finite", &x, 1, sharc_cb_with_elem(b, sharc_value_type(x), i1),
                 NULL);
}

V *sharc_cb_chlo(sharc_cb *b, const char *name, V *x, V *y, sharc_type *result) {
  V *ops[2] = {x, y};
  return create1(b, name, ops, y ? 2 : 1, result ? result : sharc_value_type(x), NULL);
}

bool sharc_cb_float_kind(sharc_type *elem, sharc_float_kind *out) {
  if (elem && sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX)
    elem = sharc_type_element(elem);
  if (!elem || !sharc_type_is_float(elem))
    return false;
  *out = sharc_type_float_kind(elem);
  return true;
}

bool sharc_cb_static_shape(const sharc_type *t) {
  if (!sharc_type_has_rank(t))
    return false;
  const int64_t *s = sharc_type_shape(t);
  for (unsigned i = 0; i < sharc_type_rank(t); i++)
    if (s[i] < 0)
      return false;
  return true;
}

/* A splat of `like`'s shape whose scalar (real part, for complex) has the
 * raw bits `lo`. */
static V *splat_bits(sharc_cb *b, uint64_t lo, V *like) {
  sharc_type *t = sharc_value_type(like);
  if (!sharc_cb_static_shape(t))
    return NULL;
  bool complex = sharc_type_get_kind(sharc_type_element(t)) == SHARC_TYPE_COMPLEX;
  uint64_t raw[2] = {lo, 0};
  sharc_attr *value = sharc_attr_dense_elements(b->ctx, t, raw, complex ? 2 : 1, true);
  return create1(b, "stablehlo.constant", NULL, 0, t, dict1(b, "value", value));
}

static uint64_t int_bits(sharc_type *elem, int64_t v) {
  unsigned w = sharc_type_get_kind(elem) == SHARC_TYPE_INDEX ? 64 : sharc_type_int_width(elem);
  return w >= 64 ? (uint64_t)v : (uint64_t)v & (((uint64_t)1 << w) - 1);
}

V *sharc_cb_const(sharc_cb *b, double v, V *like) {
  sharc_type *elem = sharc_cb_elem(like);
  sharc_float_kind k;
  if (!sharc_cb_float_kind(elem, &k))
    return splat_bits(b, int_bits(elem, (int64_t)v), like);
  uint64_t lo = 0, hi = 0;
  if (!sharc_float_from_double(k, v, &lo, &hi))
    return NULL;
  return splat_bits(b, lo, like);
}

V *sharc_cb_const_int(sharc_cb *b, int64_t v, V *like) {
  sharc_type *elem = sharc_cb_elem(like);
  sharc_float_kind k;
  if (sharc_cb_float_kind(elem, &k))
    return sharc_cb_const(b, (double)v, like);
  return splat_bits(b, int_bits(elem, v), like);
}

/* Bits of the special values of the IEEE formats StableHLO's lowerings meet:
 * sign, exponent and mantissa widths. */
static bool ieee_layout(sharc_float_kind k, unsigned *exp_bits, unsigned *man_bits) {
  switch (k) {
  case SHARC_F16:
    *exp_bits = 5, *man_bits = 10;
    return true;
  case SHARC_BF16:
    *exp_bits = 8, *man_bits = 7;
    return true;
  case SHARC_F32:
    *exp_bits = 8, *man_bits = 23;
    return true;
  case SHARC_F64:
    *exp_bits = 11, *man_bits = 52;
    return true;
  default:
    return false;
  }
}

typedef enum special { SP_MAX, SP_INF, SP_MIN_NORMAL, SP_MIN_SUBNORMAL } special;

static V *special_const(sharc_cb *b, V *like, special which, bool negative) {
  sharc_float_kind k;
  unsigned e, m;
  if (!sharc_cb_float_kind(sharc_cb_elem(like), &k))
    return NULL;
  if (!ieee_layout(k, &e, &m)) {
    /* the other formats: their largest value as APFloat makes it (less
     * one ulp where all ones is NaN), an infinity through double (the
     * NaN of a format without one) */
    uint64_t lo = 0, hi = 0;
    if (which == SP_MAX)
      return sharc_float_largest(k, negative, &lo, &hi) ? splat_bits(b, lo, like) : NULL;
    if (which != SP_INF)
      return NULL;
    return sharc_cb_const(b, negative ? -INFINITY : INFINITY, like);
  }
  uint64_t all_exp = (((uint64_t)1 << e) - 1) << m;
  uint64_t bits = 0;
  switch (which) {
  case SP_MAX:
    bits = (all_exp - ((uint64_t)1 << m)) | (((uint64_t)1 << m) - 1);
    break;
  case SP_INF:
    bits = all_exp;
    break;
  case SP_MIN_NORMAL:
    bits = (uint64_t)1 << m;
    break;
  case SP_MIN_SUBNORMAL:
    bits = 1;
    break;
  }
  if (negative)
    bits |= (uint64_t)1 << (e + m);
  return splat_bits(b, bits, like);
}

V *sharc_cb_const_max(sharc_cb *b, V *like) {
  return special_const(b, like, SP_MAX, false);
}

V *sharc_cb_const_inf(sharc_cb *b, V *like, bool negative) {
  return special_const(b, like, SP_INF, negative);
}

V *sharc_cb_const_min_normal(sharc_cb *b, V *like) {
  return special_const(b, like, SP_MIN_NORMAL, false);
}

V *sharc_cb_const_min_subnormal(sharc_cb *b, V *like) {
  return special_const(b, like, SP_MIN_SUBNORMAL, false);
}

/* ---- the shorthands' operand stack ------------------------------------- */

V *sharc_cb_push(sharc_cb *b, V *v) {
  if (b->depth == sizeof b->stack / sizeof b->stack[0])
    abort(); /* nesting deeper than any decomposition: a bug */
  b->stack[b->depth++] = v;
  return v;
}

static V *pop(sharc_cb *b) {
  if (!b->depth)
    abort();
  return b->stack[--b->depth];
}

V *sharc_cb_bin_pop(sharc_cb *b, const char *name, V *y) {
  return sharc_cb_bin(b, name, pop(b), y);
}

V *sharc_cb_compare_pop(sharc_cb *b, sharc_cb_dir dir, V *y) {
  return sharc_cb_compare(b, dir, pop(b), y);
}

V *sharc_cb_select_pop(sharc_cb *b, V *on_false) {
  V *on_true = pop(b);
  return sharc_cb_select(b, pop(b), on_true, on_false);
}

V *sharc_cb_clamp_pop(sharc_cb *b, V *hi) {
  V *x = pop(b);
  return sharc_cb_clamp(b, pop(b), x, hi);
}

V *sharc_cb_complex_pop(sharc_cb *b, V *im) {
  return sharc_cb_complex(b, pop(b), im);
}

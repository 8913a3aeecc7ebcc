/* -chlo-legalize-to-stablehlo (StableHLO's ChloLegalizeToStablehloPass):
 * every CHLO op is rewritten into StableHLO ops, as StableHLO's partial
 * conversion does, with the same decompositions (chlo_lower_*.c). A CHLO op
 * that no pattern lowers (a dynamic shape, an element type a decomposition
 * does not take) fails the pass with MLIR's "failed to legalize" error at
 * the op, and nothing is printed. CHLO ops created by a decomposition (the
 * broadcasting forms of next_after, polygamma and zeta, is_inf inside
 * lgamma, ...) are lowered in turn. */
#include <stdlib.h>
#include <string.h>

#include "ir/created_defs.h"
#include "ir/ir_internal.h"
#include "pass/pass_registry.h"
#include "support/apfloat.h"
#include "support/xalloc.h"
#include "transforms/stablehlo/chlo_build.h"
#include "transforms/stablehlo/stablehlo_passes.h"
#include "rewrite/conversion.h"

/* The patterns below handle statically shaped tensors only (StableHLO's
 * dynamic forms go through the shape dialect). */
static bool all_static(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!sharc_cb_static_shape(sharc_value_type(sharc_op_operand(op, i))))
      return false;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (!sharc_cb_static_shape(sharc_value_type(sharc_op_result(op, i))))
      return false;
  return true;
}

/* The registered op's name; "" for an unregistered op (no pattern applies). */
static const char *op_name(sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  return def ? sharc_op_def_name(def) : "";
}

/* Ops of an unloaded chlo dialect have no definition: no pattern takes them. */
static bool registered(sharc_op *op) {
  return sharc_op_get_def(op) != NULL;
}

static bool named(sharc_op *op, const char *name) {
  return sharc_op_is(op, name);
}

/* ---- broadcasting binary ops ------------------------------------------- */

typedef struct bcast_row {
  const char *chlo, *target;
} bcast_row;

static const bcast_row bcast_rows[] = {
    {"chlo.broadcast_add", "stablehlo.add"},
    {"chlo.broadcast_and", "stablehlo.and"},
    {"chlo.broadcast_atan2", "stablehlo.atan2"},
    {"chlo.broadcast_complex", "stablehlo.complex"},
    {"chlo.broadcast_divide", "stablehlo.divide"},
    {"chlo.broadcast_maximum", "stablehlo.maximum"},
    {"chlo.broadcast_minimum", "stablehlo.minimum"},
    {"chlo.broadcast_multiply", "stablehlo.multiply"},
    {"chlo.broadcast_next_after", "chlo.next_after"},
    {"chlo.broadcast_or", "stablehlo.or"},
    {"chlo.broadcast_polygamma", "chlo.polygamma"},
    {"chlo.broadcast_power", "stablehlo.power"},
    {"chlo.broadcast_remainder", "stablehlo.remainder"},
    {"chlo.broadcast_shift_left", "stablehlo.shift_left"},
    {"chlo.broadcast_shift_right_arithmetic", "stablehlo.shift_right_arithmetic"},
    {"chlo.broadcast_shift_right_logical", "stablehlo.shift_right_logical"},
    {"chlo.broadcast_subtract", "stablehlo.subtract"},
    {"chlo.broadcast_xor", "stablehlo.xor"},
    {"chlo.broadcast_zeta", "chlo.zeta"},
    {"chlo.broadcast_compare", "stablehlo.compare"},
};

/* numpyBroadcastIfNeeded for a static operand: broadcast_in_dim to the
 * result shape, the operand's dimensions right-aligned. */
static V *broadcast_to(sharc_cb *b, V *x, const sharc_type *result) {
  sharc_type *t = sharc_value_type(x);
  unsigned rank = sharc_type_rank(t), out_rank = sharc_type_rank(result);
  if (rank == out_rank &&
      !memcmp(sharc_type_shape(t), sharc_type_shape(result), rank * sizeof(int64_t)))
    return x;
  int64_t dims[64];
  for (unsigned i = 0; i < rank && i < 64; i++)
    dims[i] = (int64_t)(out_rank - rank + i);
  sharc_type *bt = sharc_type_tensor(b->ctx, sharc_type_shape(result), out_rank,
                                     sharc_type_element(t), NULL);
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr("broadcast_dimensions")),
                        sharc_attr_dense_i64_array(b->ctx, dims, rank)};
  sharc_op *op = sharc_cb_op(b, "stablehlo.broadcast_in_dim", &x, 1, &bt, 1,
                             sharc_attr_dictionary(b->ctx, &a, 1), 0);
  return sharc_op_result(op, 0);
}

/* isLegalNumpyRankedBroadcast: equal ranks, or dimensions that pad on the
 * left. */
static bool numpy_dims(sharc_op *op) {
  sharc_attr *dims = sharc_op_attr(op, "broadcast_dimensions");
  if (!dims)
    return true;
  unsigned ra = sharc_type_rank(sharc_value_type(sharc_op_operand(op, 0)));
  unsigned rb = sharc_type_rank(sharc_value_type(sharc_op_operand(op, 1)));
  if (ra == rb)
    return true;
  unsigned small = ra < rb ? ra : rb, large = ra < rb ? rb : ra;
  if (sharc_attr_count(dims) != small)
    return false;
  for (unsigned i = 0; i < small; i++)
    if (sharc_attr_dense_array_i64(dims, i) != (int64_t)(large - small + i))
      return false;
  return true;
}

/* MLIR's warning for a non-prefix broadcast_dimensions: `array<i64: ...>`. */
static void warn_dims(sharc_op *op) {
  sharc_attr *dims = sharc_op_attr(op, "broadcast_dimensions");
  sharc_buf text = {0};
  sharc_buf_puts(&text, "array<i64");
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    sharc_buf_printf(&text, "%s %lld", i ? "," : ":", (long long)sharc_attr_dense_array_i64(dims, i));
  sharc_buf_puts(&text, ">");
  sharc_emit(sharc_op_context(op), SHARC_SEV_WARNING, sharc_op_loc(op),
             "unsupported non prefix-padded dynamic rank broadcast_dimensions = %.*s",
             (int)text.len, text.data);
  sharc_buf_free(&text);
}

static V *lower_broadcast(sharc_cb *b, sharc_op *op, const bcast_row *row) {
  if (!numpy_dims(op)) {
    warn_dims(op);
    return NULL;
  }
  sharc_type *result = sharc_value_type(sharc_op_result(op, 0));
  V *ops[2] = {broadcast_to(b, sharc_op_operand(op, 0), result),
               broadcast_to(b, sharc_op_operand(op, 1), result)};
  if (!strcmp(row->chlo, "chlo.broadcast_compare")) {
    int dir = sharc_shlo_enum_index(sharc_op_attr(op, "comparison_direction"),
                                    &sharc_chlo_comparison_direction);
    sharc_attr *ct = sharc_op_attr(op, "compare_type");
    if (dir < 0)
      return NULL;
    if (ct)
      return sharc_cb_compare_typed(b, (sharc_cb_dir)dir, ops[0], ops[1],
                                    (unsigned)sharc_shlo_enum_index(ct, &sharc_chlo_comparison_type));
    return sharc_cb_compare(b, (sharc_cb_dir)dir, ops[0], ops[1]);
  }
  return sharc_op_result(sharc_cb_op(b, row->target, ops, 2, &result, 1, NULL, 0), 0);
}

/* broadcast_select: every operand broadcast to the result shape (the
 * predicate of rank 0 left as it is, select takes a scalar predicate). */
static V *lower_select(sharc_cb *b, sharc_op *op) {
  sharc_type *result = sharc_value_type(sharc_op_result(op, 0));
  V *pred = sharc_op_operand(op, 0);
  if (sharc_type_rank(sharc_value_type(pred)) > 0)
    pred = broadcast_to(b, pred, result);
  V *t = broadcast_to(b, sharc_op_operand(op, 1), result);
  V *f = broadcast_to(b, sharc_op_operand(op, 2), result);
  return SEL(pred, t, f);
}

/* ---- constants ---------------------------------------------------------- */

static V *constant_of(sharc_cb *b, sharc_attr *value, sharc_type *type) {
  sharc_named_attr a = {sharc_ident_get(b->ctx, sharc_str_from_cstr("value")), value};
  return sharc_op_result(sharc_cb_op(b, "stablehlo.constant", NULL, 0, &type, 1,
                                     sharc_attr_dictionary(b->ctx, &a, 1), 0),
                         0);
}

/* constant_like: a splat of the scalar attribute in the result's type. */
static V *lower_constant_like(sharc_cb *b, sharc_op *op) {
  sharc_attr *value = sharc_op_attr(op, "value");
  sharc_type *t = sharc_value_type(sharc_op_result(op, 0));
  sharc_type *elem = sharc_type_element(t);
  if (!value)
    return NULL;
  uint64_t raw[4] = {0};
  unsigned words = 1;
  if (value->kind == SHARC_ATTR_FLOAT) {
    /* MLIR's bits: a small format's value may carry sharc's mark beside
     * them (f8E8M0FNU's sign, f4/f6's infinity) */
    raw[0] = sharc_float_raw_lo(sharc_type_float_kind(elem), sharc_attr_float_lo(value));
    raw[1] = sharc_attr_float_hi(value);
    words = sharc_type_scalar_words(elem);
  } else if (value->kind == SHARC_ATTR_INTEGER) {
    unsigned w = sharc_type_get_kind(elem) == SHARC_TYPE_INDEX ? 64 : sharc_type_int_width(elem);
    raw[0] = sharc_attr_int_nwords(value) ? sharc_attr_int_words(value)[0] : 0;
    if (w < 64)
      raw[0] &= ((uint64_t)1 << w) - 1;
  } else {
    /* complex scalars (#complex.number) are not parsed by sharc */
    return NULL;
  }
  return constant_of(b, sharc_attr_dense_elements(b->ctx, t, raw, words, true), t);
}

/* ---- mulhi -------------------------------------------------------------- */

static sharc_type *int_like(sharc_cb *b, sharc_type *elem, unsigned width, sharc_signedness s) {
  (void)elem;
  return sharc_type_integer(b->ctx, width, s);
}

static V *lower_mulhi(sharc_cb *b, V *lhs, V *rhs) {
  sharc_type *elem = sharc_cb_elem(lhs);
  unsigned w = sharc_type_int_width(elem);
  sharc_signedness s = sharc_type_int_signedness(elem);
  bool is_unsigned = s == SHARC_UNSIGNED;
  if (w < 64) {
    sharc_type *wide = int_like(b, elem, w * 2, s);
    V *m = MUL(sharc_cb_convert(b, lhs, wide), sharc_cb_convert(b, rhs, wide));
    V *shifted = sharc_cb_bin(b,
                              is_unsigned ? "stablehlo.shift_right_logical"
                                          : "stablehlo.shift_right_arithmetic",
                              m, CSTI(w, m));
    return sharc_cb_convert(b, shifted, elem);
  }
  if (w != 64)
    return NULL;
  /* created in the post-order of StableHLO's generated patterns */
  if (is_unsigned) {
#define SRL(x, y) CB_BIN("stablehlo.shift_right_logical", x, y)
    V *a_hi, *b_hi, *a_lo, *b_lo, *mid1;
    return ADD(
        ADD(MUL((a_hi = SRL(lhs, CSTI(32, lhs))), (b_hi = SRL(rhs, CSTI(32, rhs)))),
            SRL((mid1 = ADD(MUL((a_lo = AND(lhs, CSTI((int64_t)0xFFFFFFFFULL, lhs))), b_hi),
                            SRL(MUL(a_lo, (b_lo = AND(rhs, CSTI((int64_t)0xFFFFFFFFULL, rhs)))),
                                CSTI(32, lhs)))),
                CSTI(32, lhs))),
        SRL(ADD(MUL(a_hi, b_lo), AND(mid1, CSTI((int64_t)0xFFFFFFFFULL, lhs))), CSTI(32, lhs)));
#undef SRL
  }
  sharc_type *u64 = int_like(b, elem, 64, SHARC_UNSIGNED);
  V *ul = sharc_cb_convert(b, lhs, u64);
  V *ur = sharc_cb_convert(b, rhs, u64);
  V *hi = sharc_cb_chlo(b, "chlo.mulhi", ul, ur, NULL);
  V *fixed = SUB(SUB(hi, SEL(CMP(LT, lhs, CSTI(0, lhs)), sharc_cb_convert(b, rhs, u64),
                             CSTI(0, sharc_cb_convert(b, rhs, u64)))),
                 SEL(CMP(LT, rhs, CSTI(0, rhs)), sharc_cb_convert(b, lhs, u64),
                     CSTI(0, sharc_cb_convert(b, lhs, u64))));
  return sharc_cb_convert(b, fixed, elem);
}

/* ---- top_k -------------------------------------------------------------- */

static sharc_attr *i64_attr(sharc_cb *b, int64_t v) {
  return sharc_attr_integer(b->ctx, sharc_type_integer(b->ctx, 64, SHARC_SIGNLESS), v);
}

static sharc_ident *ident(sharc_cb *b, const char *s) {
  return sharc_ident_get(b->ctx, sharc_str_from_cstr(s));
}

/* The comparator: GT on the values (TOTALORDER for floats). */
static void build_comparator(sharc_cb *b, sharc_op *sort, sharc_type *elem) {
  sharc_type *i32 = sharc_type_integer(b->ctx, 32, SHARC_SIGNLESS);
  sharc_type *sv = sharc_type_tensor(b->ctx, NULL, 0, elem, NULL);
  sharc_type *si = sharc_type_tensor(b->ctx, NULL, 0, i32, NULL);
  sharc_type *types[4] = {sv, sv, si, si};
  sharc_attr *locs[4] = {b->loc, b->loc, b->loc, b->loc};
  sharc_block *blk = sharc_rw_create_block(b->rw, sharc_op_region(sort, 0), NULL, types, 4, locs);
  bool is_float = sharc_type_is_float(elem);
  V *lhs = sharc_block_arg(blk, 0), *rhs = sharc_block_arg(blk, 1);
  V *cmp = is_float ? sharc_cb_compare_typed(b, CB_GT, lhs, rhs, 2u)
                    : sharc_cb_compare(b, CB_GT, lhs, rhs);
  sharc_cb_op(b, "stablehlo.return", &cmp, 1, NULL, 0, NULL, 0);
}

static bool lower_top_k(sharc_cb *b, sharc_op *op, V **out) {
  V *x = sharc_op_operand(op, 0);
  sharc_type *t = sharc_value_type(x);
  unsigned rank = sharc_type_rank(t);
  if (rank == 0 || rank > 64)
    return false;
  const int64_t *shape = sharc_type_shape(t);
  sharc_attr *k_attr = sharc_op_attr(op, "k");
  sharc_attr *stable = sharc_op_attr(op, "is_stable");
  int64_t k = k_attr ? sharc_attr_int_value(k_attr) : 0;
  int64_t last = shape[rank - 1];
  int64_t kept = k < last ? k : last;
  sharc_type *i32 = sharc_type_integer(b->ctx, 32, SHARC_SIGNLESS);
  sharc_type *iota_t = sharc_cb_with_elem(b, t, i32);
  sharc_named_attr iota_a = {ident(b, "iota_dimension"), i64_attr(b, rank - 1)};
  V *iota = sharc_op_result(sharc_cb_op(b, "stablehlo.iota", NULL, 0, &iota_t, 1,
                                        sharc_attr_dictionary(b->ctx, &iota_a, 1), 0),
                            0);
  V *sort_in[2] = {x, iota};
  sharc_type *sort_t[2] = {t, iota_t};
  /* chlo's is_stable defaults to true; sort's false is left out, as the
   * VHLO round trip leaves it out */
  bool is_stable = !stable || sharc_attr_bool_value(stable);
  sharc_named_attr sort_a[2] = {
      {ident(b, "dimension"), i64_attr(b, rank - 1)},
      {ident(b, "is_stable"), sharc_attr_bool(b->ctx, true)},
  };
  sharc_op *sort = sharc_cb_op(b, "stablehlo.sort", sort_in, 2, sort_t, 2,
                               sharc_attr_dictionary(b->ctx, sort_a, is_stable ? 2 : 1), 1);
  build_comparator(b, sort, sharc_type_element(t));
  sharc_rw_set_after(b->rw, sort);
  int64_t start[64] = {0}, limit[64], strides[64];
  for (unsigned i = 0; i < rank; i++)
    start[i] = 0, limit[i] = shape[i], strides[i] = 1;
  limit[rank - 1] = kept;
  for (unsigned r = 0; r < 2; r++) {
    sharc_named_attr sa[3] = {
        {ident(b, "start_indices"), sharc_attr_dense_i64_array(b->ctx, start, rank)},
        {ident(b, "limit_indices"), sharc_attr_dense_i64_array(b->ctx, limit, rank)},
        {ident(b, "strides"), sharc_attr_dense_i64_array(b->ctx, strides, rank)},
    };
    V *in = sharc_op_result(sort, r);
    sharc_type *rt = sharc_type_tensor(b->ctx, limit, rank, sharc_cb_elem(in), NULL);
    out[r] = sharc_op_result(
        sharc_cb_op(b, "stablehlo.slice", &in, 1, &rt, 1, sharc_attr_dictionary(b->ctx, sa, 3), 0),
        0);
  }
  return true;
}

/* ---- the dispatch ------------------------------------------------------- */

static bool complex_elem(V *x) {
  return sharc_type_get_kind(sharc_cb_elem(x)) == SHARC_TYPE_COMPLEX;
}

static sharc_type *i1_like(sharc_cb *b, V *x) {
  return sharc_cb_with_elem(b, sharc_value_type(x), sharc_type_integer(b->ctx, 1, SHARC_SIGNLESS));
}

/* The replacement of a one-result op, or NULL when no pattern applies. */
static V *lower_one(sharc_cb *b, sharc_op *op) {
  const char *name = op_name(op);
  V *x = sharc_op_num_operands(op) ? sharc_op_operand(op, 0) : NULL;
  V *y = sharc_op_num_operands(op) > 1 ? sharc_op_operand(op, 1) : NULL;
  for (unsigned i = 0; i < sizeof bcast_rows / sizeof bcast_rows[0]; i++)
    if (!strcmp(name, bcast_rows[i].chlo))
      return lower_broadcast(b, op, &bcast_rows[i]);
  if (!strcmp(name, "chlo.broadcast_select"))
    return lower_select(b, op);
  if (!strcmp(name, "chlo.constant_like"))
    return lower_constant_like(b, op);
  if (!strcmp(name, "chlo.constant"))
    return constant_of(b, sharc_op_attr(op, "value"), sharc_value_type(sharc_op_result(op, 0)));
  if (!strcmp(name, "chlo.tan"))
    return sharc_cb_un(b, "stablehlo.tan", x);
  if (!strcmp(name, "chlo.conj"))
    return complex_elem(x) ? CPLX(RE(x), NEG(IM(x))) : x;
  if (!strcmp(name, "chlo.is_inf"))
    return complex_elem(x) ? NULL : sharc_cb_chlo(b, "chlo.is_pos_inf", ABS_(x), NULL, i1_like(b, x));
  if (!strcmp(name, "chlo.is_pos_inf"))
    return complex_elem(x) ? NULL : CMP(EQ, x, sharc_cb_const_inf(b, x, false));
  if (!strcmp(name, "chlo.is_neg_inf"))
    return complex_elem(x) ? NULL : CMP(EQ, x, sharc_cb_const_inf(b, x, true));
  if (!strcmp(name, "chlo.mulhi"))
    return lower_mulhi(b, x, y);
  if (!strcmp(name, "chlo.erf"))
    return sharc_chlo_lower_erf(b, x);
  if (!strcmp(name, "chlo.erfc"))
    return sharc_chlo_lower_erfc(b, x);
  if (!strcmp(name, "chlo.erf_inv"))
    return sharc_chlo_lower_erf_inv(b, x);
  if (!strcmp(name, "chlo.lgamma"))
    return sharc_chlo_lower_lgamma(b, x);
  if (!strcmp(name, "chlo.digamma"))
    return sharc_chlo_lower_digamma(b, x);
  if (!strcmp(name, "chlo.zeta"))
    return sharc_chlo_lower_zeta(b, x, y);
  if (!strcmp(name, "chlo.polygamma"))
    return sharc_chlo_lower_polygamma(b, x, y);
  if (!strcmp(name, "chlo.bessel_i1e"))
    return sharc_chlo_lower_bessel_i1e(b, x);
  if (!strcmp(name, "chlo.cosh"))
    return sharc_chlo_lower_cosh(b, x);
  if (!strcmp(name, "chlo.sinh"))
    return sharc_chlo_lower_sinh(b, x);
  if (!strcmp(name, "chlo.next_after"))
    return sharc_chlo_lower_next_after(b, x, y);
  if (!strcmp(name, "chlo._asin_acos_kernel"))
    return sharc_chlo_lower_asin_acos_kernel(b, x);
  if (!strcmp(name, "chlo.asin"))
    return sharc_chlo_lower_asin(b, x);
  if (!strcmp(name, "chlo.acos"))
    return sharc_chlo_lower_acos(b, x);
  if (!strcmp(name, "chlo.acosh"))
    return sharc_chlo_lower_acosh(b, x);
  if (!strcmp(name, "chlo.asinh"))
    return sharc_chlo_lower_asinh(b, x);
  if (!strcmp(name, "chlo.atan"))
    return sharc_chlo_lower_atan(b, x);
  if (!strcmp(name, "chlo.atanh"))
    return sharc_chlo_lower_atanh(b, x);
  if (!strcmp(name, "chlo.ragged_dot"))
    return sharc_chlo_lower_ragged_dot(b, op);
  if (!strcmp(name, "chlo.square"))
    return sharc_chlo_lower_square(b, x);
  return NULL;
}

/* What a lowering of an op makes in its own element type when that is a
 * float of 8 bits or fewer (f8*, f6*, f4*: the other formats of fewer than
 * 16 bits are no CHLO element type). Most lowerings take every such
 * format, as StableHLO's do: they make no constant (broadcasts, tan,
 * top_k, ...), constants the format holds (1, 2, its largest value), or
 * upcast to f32 around the computation (lgamma, erf_inv, zeta, ...); erf,
 * erfc and bessel_i1e refuse them in their own lowering, as StableHLO's
 * patterns do. The rest make a NaN or an infinity, which APFloat's getInf
 * gives as NaN where the format has no infinity: */
typedef enum small_float_need {
  SMALL_ANY,
  /* a NaN or +inf constant: none in the formats without NaN (f4E2M1FN,
   * f6E2M3FN, f6E3M2FN), where APFloat stops at an llvm_unreachable */
  SMALL_NAN,
  /* -inf, a negative NaN where there is no infinity: not in f8E8M0FNU
   * either, which has no sign (makeNaN's llvm_unreachable) */
  SMALL_NEGATIVE_NAN,
} small_float_need;

typedef struct small_float_row {
  const char *name;
  small_float_need need;
} small_float_row;

/* The ops that need more than SMALL_ANY; a broadcasting form needs what
 * the op it becomes needs (StableHLO's conversion rolls a pattern back
 * whose ops fail to legalize, and reports the op it began with). */
static const small_float_row small_float_rows[] = {
    {"chlo.next_after", SMALL_NAN},           {"chlo.broadcast_next_after", SMALL_NAN},
    {"chlo.atanh", SMALL_NAN},                {"chlo.is_inf", SMALL_NAN},
    {"chlo.is_pos_inf", SMALL_NAN},           {"chlo.is_neg_inf", SMALL_NEGATIVE_NAN},
};

static small_float_need small_float_need_of(sharc_op *op) {
  const char *name = op_name(op);
  for (unsigned i = 0; i < sizeof small_float_rows / sizeof small_float_rows[0]; i++)
    if (!strcmp(name, small_float_rows[i].name))
      return small_float_rows[i].need;
  return SMALL_ANY;
}

/* Whether the lowering of `op` can make what it needs in the element type
 * `e`: integers and the floats of 16 to 64 bits (complex of them) hold
 * every constant a decomposition makes. */
static bool supported_elem(sharc_op *op, sharc_type *e) {
  if (sharc_type_get_kind(e) == SHARC_TYPE_COMPLEX)
    e = sharc_type_element(e);
  if (!sharc_type_is_float(e))
    return true;
  sharc_float_kind k = sharc_type_float_kind(e);
  switch (k) {
  case SHARC_F16:
  case SHARC_BF16:
  case SHARC_F32:
  case SHARC_F64:
    return true;
  default:
    break;
  }
  if (sharc_float_bits(k) > 8) /* tf32, f80, f128: no CHLO element type */
    return false;
  switch (small_float_need_of(op)) {
  case SMALL_ANY:
    return true;
  case SMALL_NAN:
    return sharc_float_has_nan(k);
  case SMALL_NEGATIVE_NAN:
    return sharc_float_has_nan(k) && k != SHARC_F8E8M0FNU;
  }
  return false;
}

static bool supported(sharc_op *op) {
  if (!registered(op) || !all_static(op))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!supported_elem(op, sharc_cb_elem(sharc_op_operand(op, i))))
      return false;
  return true;
}

static bool lower(sharc_cb *b, sharc_op *op) {
  if (!supported(op))
    return false;
  sharc_rw_set_before(b->rw, op);
  if (named(op, "chlo.top_k")) {
    V *out[2];
    if (!lower_top_k(b, op, out))
      return false;
    sharc_rw_replace_op(b->rw, op, out, 2);
    return true;
  }
  if (named(op, "chlo.scan")) {
    unsigned n = sharc_op_num_results(op);
    V **out = sharc_xmalloc_array(n + 1, sizeof *out);
    bool ok = sharc_chlo_lower_scan(b, op, out);
    if (ok)
      sharc_rw_replace_op(b->rw, op, out, n);
    free(out);
    return ok;
  }
  if (sharc_op_num_results(op) != 1)
    return false;
  V *r = lower_one(b, op);
  if (!r)
    return false;
  sharc_rw_replace_op(b->rw, op, &r, 1);
  return true;
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  if (sharc_str_starts_with(sharc_ident_str(sharc_op_name(op)), "chlo."))
    sharc_vec_push((sharc_ptr_vec *)user, op);
  return SHARC_WALK_ADVANCE;
}

static bool is_chlo_def(const sharc_op_def *def) { return !strncmp(def->name, "chlo.", 5); }

/* Whether an op `collect` takes may exist: one of a CHLO definition ever
 * created, or one without a definition (an unregistered name). With none,
 * the walk over every op (of a whole program, in a pipeline) finds
 * nothing. */
static bool may_hold_chlo(const sharc_context *ctx) {
  return sharc_context_allows_unregistered(ctx) || sharc_context_may_hold_any(ctx, is_chlo_def);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!may_hold_chlo(sharc_op_context(func)))
    return true;
  sharc_ptr_vec work = {0};
  /* post-order: the CHLO ops inside a chlo.scan body are lowered before
   * the scan copies its body */
  sharc_walk(func, SHARC_POST_ORDER, collect, &work);
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_cb b = {.rw = &rw, .ctx = sharc_op_context(func), .worklist = &work};
  bool ok = true;
  for (size_t i = 0; i < work.len && ok; i++) {
    sharc_op *op = work.items[i];
    b.loc = sharc_op_loc(op);
    if (lower(&b, op))
      continue;
    sharc_rw_emit_not_legalized(op);
    ok = false;
  }
  sharc_vec_free(&work);
  return ok;
}

const sharc_pass_def sharc_pass_chlo_legalize_to_stablehlo = {
    .flag = "chlo-legalize-to-stablehlo",
    .display_name = "ChloLegalizeToStablehloPass",
    .summary = "Legalizes from CHLO ops flow to StableHLO and Shape ops",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

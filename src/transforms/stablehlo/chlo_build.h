/* What the chlo-legalize-to-stablehlo lowerings share: a small builder that
 * creates StableHLO (and, where a decomposition is written in terms of
 * another CHLO op, CHLO) ops at the rewriter's insertion point, with the
 * result types the ops' inference gives, so that each decomposition reads as
 * the formula it implements. CHLO ops a lowering creates are queued on the
 * builder's worklist so that the pass lowers them in turn, as MLIR's dialect
 * conversion legalizes the ops a pattern creates. */
#ifndef SHARC_TRANSFORMS_STABLEHLO_CHLO_BUILD_H
#define SHARC_TRANSFORMS_STABLEHLO_CHLO_BUILD_H

#include "dialect/chlo/chlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "support/vec.h"

typedef sharc_value V;

/* pi as a double (M_PI is not C11). */
#define CB_PI 3.14159265358979323846

typedef struct sharc_cb {
  sharc_rewriter *rw;
  sharc_context *ctx;
  sharc_attr *loc;
  sharc_ptr_vec *worklist; /* CHLO ops created, still to lower */
  V *stack[64];            /* operands of the shorthands, see below */
  unsigned depth;
} sharc_cb;

typedef enum sharc_cb_dir { CB_EQ, CB_NE, CB_GE, CB_GT, CB_LE, CB_LT } sharc_cb_dir;

/* Any op: `n` operands, one result of `type`, the attribute dictionary
 * `attrs` (or NULL) and `num_regions` empty regions. */
sharc_op *sharc_cb_op(sharc_cb *b, const char *name, V *const *operands, unsigned n,
                      sharc_type *const *types, unsigned num_results, sharc_attr *attrs,
                      unsigned num_regions);
/* Elementwise ops whose result has the type of their first operand. */
V *sharc_cb_un(sharc_cb *b, const char *name, V *x);
V *sharc_cb_bin(sharc_cb *b, const char *name, V *x, V *y);
V *sharc_cb_compare(sharc_cb *b, sharc_cb_dir dir, V *x, V *y);
/* With an explicit comparison_type (index into StableHLO's enum). */
V *sharc_cb_compare_typed(sharc_cb *b, sharc_cb_dir dir, V *x, V *y, unsigned type);
V *sharc_cb_select(sharc_cb *b, V *pred, V *on_true, V *on_false);
V *sharc_cb_clamp(sharc_cb *b, V *lo, V *x, V *hi);
V *sharc_cb_convert(sharc_cb *b, V *x, sharc_type *elem);
V *sharc_cb_bitcast(sharc_cb *b, V *x, sharc_type *elem);
V *sharc_cb_real(sharc_cb *b, V *z); /* real / imag of a complex tensor */
V *sharc_cb_imag(sharc_cb *b, V *z);
V *sharc_cb_complex(sharc_cb *b, V *re, V *im);
/* A CHLO op (queued for lowering) of one operand or two. */
V *sharc_cb_chlo(sharc_cb *b, const char *name, V *x, V *y, sharc_type *result);

/* getConstantLike: a splat of the shape and element type of `like`; NULL
 * when `like` is not statically shaped. Float values round to nearest-even
 * into the element type; a complex element takes (v, 0). */
V *sharc_cb_const(sharc_cb *b, double v, V *like);
V *sharc_cb_const_int(sharc_cb *b, int64_t v, V *like);
/* The element type's largest finite, infinity, smallest normal and
 * smallest subnormal values (APFloat::getLargest and friends). */
V *sharc_cb_const_max(sharc_cb *b, V *like);
V *sharc_cb_const_inf(sharc_cb *b, V *like, bool negative);
V *sharc_cb_const_min_normal(sharc_cb *b, V *like);
V *sharc_cb_const_min_subnormal(sharc_cb *b, V *like);

/* A ranked type whose dimensions are all known. */
bool sharc_cb_static_shape(const sharc_type *t);
sharc_type *sharc_cb_with_elem(sharc_cb *b, sharc_type *shaped, sharc_type *elem);
sharc_type *sharc_cb_elem(V *v);
/* The float kind of a float or complex-of-float element type; false otherwise. */
bool sharc_cb_float_kind(sharc_type *elem, sharc_float_kind *out);

/* Shorthands the decompositions are written in; they expect a `sharc_cb *b`.
 * C leaves the order in which a call's arguments are evaluated open, and
 * the order ops are created in is the order they are printed in: the
 * shorthands with several operands evaluate them left to right (as
 * StableHLO's C++ does), the first ones pushed on the builder's stack
 * (comma operators sequence them) and popped by the call that takes the
 * last. */
#define CB_BIN(name, x, y) (sharc_cb_push(b, (x)), sharc_cb_bin_pop(b, name, (y)))
#define ADD(x, y) CB_BIN("stablehlo.add", x, y)
#define SUB(x, y) CB_BIN("stablehlo.subtract", x, y)
#define MUL(x, y) CB_BIN("stablehlo.multiply", x, y)
#define DIV(x, y) CB_BIN("stablehlo.divide", x, y)
#define REM(x, y) CB_BIN("stablehlo.remainder", x, y)
#define POW(x, y) CB_BIN("stablehlo.power", x, y)
#define MAX(x, y) CB_BIN("stablehlo.maximum", x, y)
#define MIN(x, y) CB_BIN("stablehlo.minimum", x, y)
#define AND(x, y) CB_BIN("stablehlo.and", x, y)
#define OR(x, y) CB_BIN("stablehlo.or", x, y)
#define ATAN2(x, y) CB_BIN("stablehlo.atan2", x, y)
#define NEG(x) sharc_cb_un(b, "stablehlo.negate", x)
#define ABS_(x) sharc_cb_un(b, "stablehlo.abs", x)
#define NOT(x) sharc_cb_un(b, "stablehlo.not", x)
#define EXP(x) sharc_cb_un(b, "stablehlo.exponential", x)
#define EXPM1(x) sharc_cb_un(b, "stablehlo.exponential_minus_one", x)
#define LOG(x) sharc_cb_un(b, "stablehlo.log", x)
#define LOG1P(x) sharc_cb_un(b, "stablehlo.log_plus_one", x)
#define SQRT(x) sharc_cb_un(b, "stablehlo.sqrt", x)
#define FLOOR(x) sharc_cb_un(b, "stablehlo.floor", x)
#define SIN(x) sharc_cb_un(b, "stablehlo.sine", x)
#define COS(x) sharc_cb_un(b, "stablehlo.cosine", x)
#define SIGN(x) sharc_cb_un(b, "stablehlo.sign", x)
#define IS_FINITE(x) sharc_cb_is_finite(b, x)
#define CMP(d, x, y) (sharc_cb_push(b, (x)), sharc_cb_compare_pop(b, CB_##d, (y)))
#define SEL(p, t, f) (sharc_cb_push(b, (p)), sharc_cb_push(b, (t)), sharc_cb_select_pop(b, (f)))
#define CLAMP(lo, x, hi) (sharc_cb_push(b, (lo)), sharc_cb_push(b, (x)), sharc_cb_clamp_pop(b, (hi)))
#define CST(v, like) sharc_cb_const(b, v, like)
#define CSTI(v, like) sharc_cb_const_int(b, v, like)
#define RE(z) sharc_cb_real(b, z)
#define IM(z) sharc_cb_imag(b, z)
#define CPLX(x, y) (sharc_cb_push(b, (x)), sharc_cb_complex_pop(b, (y)))

/* The stack behind the shorthands. */
V *sharc_cb_push(sharc_cb *b, V *v);
V *sharc_cb_bin_pop(sharc_cb *b, const char *name, V *y);
V *sharc_cb_compare_pop(sharc_cb *b, sharc_cb_dir dir, V *y);
V *sharc_cb_select_pop(sharc_cb *b, V *on_false);
V *sharc_cb_clamp_pop(sharc_cb *b, V *hi);
V *sharc_cb_complex_pop(sharc_cb *b, V *im);

V *sharc_cb_is_finite(sharc_cb *b, V *x);

/* Decompositions (chlo_lower_*.c). Each returns the value that replaces the
 * op's result, or NULL when the op is outside what the pattern handles. */
V *sharc_chlo_lower_erf(sharc_cb *b, V *x);
V *sharc_chlo_lower_erfc(sharc_cb *b, V *x);
V *sharc_chlo_lower_erf_inv(sharc_cb *b, V *x);
V *sharc_chlo_lower_lgamma(sharc_cb *b, V *x);
V *sharc_chlo_lower_digamma(sharc_cb *b, V *x);
V *sharc_chlo_lower_zeta(sharc_cb *b, V *x, V *q);
V *sharc_chlo_lower_polygamma(sharc_cb *b, V *n, V *x);
V *sharc_chlo_lower_bessel_i1e(sharc_cb *b, V *x);
V *sharc_chlo_lower_cosh(sharc_cb *b, V *x);
V *sharc_chlo_lower_sinh(sharc_cb *b, V *x);
V *sharc_chlo_lower_next_after(sharc_cb *b, V *x, V *y);
/* chlo.scan (chlo_lower_scan.c): fills `results` (one per result). */
bool sharc_chlo_lower_scan(sharc_cb *b, sharc_op *op, V **results);
/* chlo.ragged_dot (chlo_lower_ragged_dot.c). */
V *sharc_chlo_lower_ragged_dot(sharc_cb *b, sharc_op *op);
/* The functional_algorithms kernels (chlo_lower_complex.c). */
V *sharc_chlo_lower_asin_acos_kernel(sharc_cb *b, V *z);
V *sharc_chlo_lower_asin(sharc_cb *b, V *x);
V *sharc_chlo_lower_acos(sharc_cb *b, V *x);
V *sharc_chlo_lower_acosh(sharc_cb *b, V *x);
V *sharc_chlo_lower_asinh(sharc_cb *b, V *x);
V *sharc_chlo_lower_atan(sharc_cb *b, V *x);
V *sharc_chlo_lower_atanh(sharc_cb *b, V *x);
V *sharc_chlo_lower_square(sharc_cb *b, V *x);

#endif

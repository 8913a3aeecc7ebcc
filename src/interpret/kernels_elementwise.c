/* Elementwise ops: one kernel per arity, the element function chosen by the
 * table row and the loop specialised by storage class (the switch on the op
 * is outside the loop, so each loop is a tight, vectorisable one). Narrow
 * floats are computed in f32 and rounded to their format once per result;
 * transcendental functions are computed in double, as StableHLO's reference
 * interpreter does. */
#include <math.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

enum ew_op {
  EW_ADD, EW_SUB, EW_MUL, EW_DIV, EW_REM, EW_POW, EW_MAX, EW_MIN, EW_ATAN2,
  EW_AND, EW_OR, EW_XOR, EW_SHL, EW_SHRA, EW_SHRL,
  EW_ABS, EW_NEG, EW_NOT, EW_SIGN, EW_SQRT, EW_RSQRT, EW_CBRT, EW_EXP, EW_EXPM1,
  EW_LOG, EW_LOG1P, EW_LOGISTIC, EW_SIN, EW_COS, EW_TAN, EW_TANH, EW_FLOOR, EW_CEIL,
  EW_RAFZ, EW_REVEN, EW_POPCNT, EW_CLZ,
};

/* ---- integers ---------------------------------------------------------------- */

static int64_t int_pow(int64_t base, int64_t exp, bool uns) {
  if (!uns && exp < 0) {
    if (base == 1)
      return 1;
    if (base == -1)
      return (exp & 1) ? -1 : 1;
    return 0;
  }
  uint64_t r = 1, b = (uint64_t)base, e = (uint64_t)exp;
  while (e) {
    if (e & 1)
      r *= b;
    b *= b;
    e >>= 1;
  }
  return (int64_t)r;
}

static int64_t int_binary(int code, int64_t a, int64_t b, unsigned bits, bool uns) {
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  bool is_bool = bits == 1;
  switch (code) {
  case EW_ADD:
    return is_bool ? (a | b) : (int64_t)(ua + ub);
  case EW_SUB:
    return (int64_t)(ua - ub);
  case EW_MUL:
    return is_bool ? (a & b) : (int64_t)(ua * ub);
  case EW_DIV:
    if (b == 0)
      return -1; /* XLA: all bits set */
    if (uns)
      return (int64_t)(ua / ub);
    if (b == -1)
      return (int64_t)(0 - ua); /* INT_MIN / -1 wraps to INT_MIN */
    return a / b;
  case EW_REM:
    if (b == 0)
      return a;
    if (uns)
      return (int64_t)(ua % ub);
    if (b == -1)
      return 0;
    return a % b;
  case EW_POW:
    return int_pow(a, b, uns);
  case EW_MAX:
    if (is_bool)
      return a | b;
    return uns ? (ua > ub ? a : b) : (a > b ? a : b);
  case EW_MIN:
    if (is_bool)
      return a & b;
    return uns ? (ua < ub ? a : b) : (a < b ? a : b);
  case EW_AND:
    return a & b;
  case EW_OR:
    return a | b;
  case EW_XOR:
    return a ^ b;
  case EW_SHL: {
    uint64_t s = ub & (bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1);
    return s >= bits ? 0 : (int64_t)(ua << s);
  }
  case EW_SHRL: {
    uint64_t s = ub & (bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1);
    uint64_t m = bits >= 64 ? ua : ua & ((UINT64_C(1) << bits) - 1);
    return s >= bits ? 0 : (int64_t)(m >> s);
  }
  case EW_SHRA: {
    uint64_t s = ub & (bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1);
    int64_t sv = sharc_int_wrap(a, bits, false);
    if (s >= bits)
      return sv < 0 ? -1 : 0;
    return sv >> s;
  }
  default:
    return 0;
  }
}

static int64_t int_unary(int code, int64_t a, unsigned bits, bool uns) {
  uint64_t ua = (uint64_t)a;
  uint64_t mask = bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1;
  switch (code) {
  case EW_ABS:
    return a < 0 ? (int64_t)(0 - ua) : a;
  case EW_NEG:
    return (int64_t)(0 - ua);
  case EW_NOT:
    return ~a;
  case EW_SIGN:
    if (uns)
      return a != 0;
    return a < 0 ? -1 : a > 0;
  case EW_POPCNT:
    return __builtin_popcountll(ua & mask);
  case EW_CLZ: {
    uint64_t m = ua & mask;
    return m ? __builtin_clzll(m) - (64 - (int)bits) : (int64_t)bits;
  }
  default:
    return 0;
  }
}

/* ---- floats -------------------------------------------------------------------- */

static double nan_max(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return signbit(a) ? b : a;
  return a > b ? a : b;
}

static double nan_min(double a, double b) {
  if (isnan(a) || isnan(b))
    return NAN;
  if (a == 0 && b == 0)
    return signbit(a) ? a : b;
  return a < b ? a : b;
}

/* The operators C spells alike over double and double complex: one list
 * for both switches, expanded in place so each stays one jump table. */
#define EW_FIELD_ARITH_CASES(a, b)                                                                 \
  case EW_ADD:                                                                                     \
    return (a) + (b);                                                                              \
  case EW_SUB:                                                                                     \
    return (a) - (b);                                                                              \
  case EW_MUL:                                                                                     \
    return (a) * (b)

static double real_binary(int code, double a, double b) {
  switch (code) {
    EW_FIELD_ARITH_CASES(a, b);
  case EW_DIV:
    return a / b;
  case EW_REM:
    return fmod(a, b);
  case EW_POW:
    return pow(a, b);
  case EW_MAX:
    return nan_max(a, b);
  case EW_MIN:
    return nan_min(a, b);
  case EW_ATAN2:
    return atan2(a, b);
  default:
    return NAN;
  }
}

static double real_sign(double a) {
  if (isnan(a) || a == 0)
    return a;
  return a < 0 ? -1.0 : 1.0;
}

static double real_unary(int code, double a) {
  switch (code) {
  case EW_ABS:
    return fabs(a);
  case EW_NEG:
    return -a;
  case EW_SIGN:
    return real_sign(a);
  case EW_SQRT:
    return sqrt(a);
  case EW_RSQRT:
    return 1.0 / sqrt(a);
  case EW_CBRT:
    return cbrt(a);
  case EW_EXP:
    return exp(a);
  case EW_EXPM1:
    return expm1(a);
  case EW_LOG:
    return log(a);
  case EW_LOG1P:
    return log1p(a);
  case EW_LOGISTIC:
    return 1.0 / (1.0 + exp(-a));
  case EW_SIN:
    return sin(a);
  case EW_COS:
    return cos(a);
  case EW_TAN:
    return tan(a);
  case EW_TANH:
    return tanh(a);
  case EW_FLOOR:
    return floor(a);
  case EW_CEIL:
    return ceil(a);
  case EW_RAFZ:
    return round(a);
  case EW_REVEN:
    return nearbyint(a);
  default:
    return NAN;
  }
}

/* The f32 loops the hot paths take: plain float arithmetic, vectorisable. */
static bool f32_binary_fast(int code, const float *a, const float *b, float *r, int64_t n) {
  switch (code) {
  case EW_ADD:
    for (int64_t i = 0; i < n; i++)
      r[i] = a[i] + b[i];
    return true;
  case EW_SUB:
    for (int64_t i = 0; i < n; i++)
      r[i] = a[i] - b[i];
    return true;
  case EW_MUL:
    for (int64_t i = 0; i < n; i++)
      r[i] = a[i] * b[i];
    return true;
  case EW_DIV:
    for (int64_t i = 0; i < n; i++)
      r[i] = a[i] / b[i];
    return true;
  case EW_MAX:
    for (int64_t i = 0; i < n; i++)
      r[i] = (a[i] != a[i] || b[i] != b[i]) ? NAN
             : (a[i] == 0 && b[i] == 0)    ? (signbit(a[i]) ? b[i] : a[i])
             : (a[i] > b[i] ? a[i] : b[i]);
    return true;
  case EW_MIN:
    for (int64_t i = 0; i < n; i++)
      r[i] = (a[i] != a[i] || b[i] != b[i]) ? NAN
             : (a[i] == 0 && b[i] == 0)    ? (signbit(a[i]) ? a[i] : b[i])
             : (a[i] < b[i] ? a[i] : b[i]);
    return true;
  default:
    return false;
  }
}

static bool f32_unary_fast(int code, const float *a, float *r, int64_t n) {
  switch (code) {
  case EW_NEG:
    for (int64_t i = 0; i < n; i++)
      r[i] = -a[i];
    return true;
  case EW_ABS:
    for (int64_t i = 0; i < n; i++)
      r[i] = fabsf(a[i]);
    return true;
  default:
    return false;
  }
}

void sharc_round_all(sharc_tensor *t) {
  if (t->st != SHARC_ST_F32 || !t->narrow)
    return;
  for (int64_t i = 0; i < t->n; i++)
    t->data.f[i] = sharc_round_narrow(t->data.f[i], t->fk);
}

/* ---- complex --------------------------------------------------------------------- */

static double complex cplx_div(double complex a, double complex b) { return a / b; }

static double complex cplx_binary(int code, double complex a, double complex b, bool *ok) {
  switch (code) {
    EW_FIELD_ARITH_CASES(a, b);
  case EW_DIV:
    return cplx_div(a, b);
  case EW_POW:
    return cpow(a, b);
  case EW_ATAN2: {
    double complex i = I;
    return -i * clog((b + i * a) / csqrt(b * b + a * a));
  }
  case EW_MAX:
  case EW_MIN: {
    bool gt = creal(a) == creal(b) ? cimag(a) > cimag(b) : creal(a) > creal(b);
    bool lt = creal(a) == creal(b) ? cimag(a) < cimag(b) : creal(a) < creal(b);
    return code == EW_MAX ? (gt ? a : b) : (lt ? a : b);
  }
  default:
    *ok = false;
    return 0;
  }
}

static double complex cplx_unary(int code, double complex a, bool *ok) {
  switch (code) {
  case EW_NEG:
    return -a;
  case EW_SQRT:
    return csqrt(a);
  case EW_RSQRT:
    return 1.0 / csqrt(a);
  case EW_CBRT: {
    double theta = atan2(cimag(a), creal(a)) / 3.0;
    double m = pow(creal(a) * creal(a) + cimag(a) * cimag(a), 1.0 / 6.0);
    return m * sharc_complex_make(cos(theta), sin(theta));
  }
  case EW_EXP:
    return cexp(a);
  case EW_EXPM1:
    return cexp(a) - 1.0;
  case EW_LOG:
    return clog(a);
  case EW_LOG1P:
    return clog(a + 1.0);
  case EW_LOGISTIC:
    return 1.0 / (1.0 + cexp(-a));
  case EW_SIN:
    return csin(a);
  case EW_COS:
    return ccos(a);
  case EW_TAN:
    return ctan(a);
  case EW_TANH:
    return ctanh(a);
  case EW_SIGN:
    if (isnan(creal(a)) || isnan(cimag(a)))
      return sharc_complex_make(NAN, NAN);
    if (creal(a) == 0 && cimag(a) == 0)
      return 0;
    return a / cabs(a);
  default:
    *ok = false;
    return 0;
  }
}

/* ---- kernels ----------------------------------------------------------------------- */

static bool unsupported_type(sharc_interp *ip, sharc_op *op) {
  sharc_str n = sharc_ident_str(sharc_op_name(op));
  return sharc_interp_fail(ip, op, "%.*s: unsupported element type", (int)n.len, n.data);
}

static bool binary(sharc_interp *ip, sharc_op *op, int code, sharc_tensor *a, sharc_tensor *b,
                   sharc_tensor *r) {
  int64_t n = r->n;
  bool ok = true;
  switch (r->st) {
  case SHARC_ST_INT:
    for (int64_t i = 0; i < n; i++)
      r->data.i[i] = sharc_int_wrap(int_binary(code, a->data.i[i], b->data.i[i], r->bits, r->uns),
                                    r->bits, r->uns);
    break;
  case SHARC_ST_F32:
    if (code >= EW_AND)
      return unsupported_type(ip, op);
    if (!f32_binary_fast(code, a->data.f, b->data.f, r->data.f, n))
      for (int64_t i = 0; i < n; i++)
        r->data.f[i] = (float)real_binary(code, a->data.f[i], b->data.f[i]);
    sharc_round_all(r);
    break;
  case SHARC_ST_F64:
    if (code >= EW_AND)
      return unsupported_type(ip, op);
    for (int64_t i = 0; i < n; i++)
      r->data.d[i] = real_binary(code, a->data.d[i], b->data.d[i]);
    break;
  case SHARC_ST_C64:
    for (int64_t i = 0; ok && i < n; i++)
      r->data.c[i] = (float complex)cplx_binary(code, a->data.c[i], b->data.c[i], &ok);
    break;
  case SHARC_ST_C128:
    for (int64_t i = 0; ok && i < n; i++)
      r->data.z[i] = cplx_binary(code, a->data.z[i], b->data.z[i], &ok);
    break;
  }
  return ok || unsupported_type(ip, op);
}

SHARC_RESULT_KERNEL(k_binary) {
  return binary(ip, op, sharc_kernel_arg(ip, op), in[0], in[1], r);
}

static bool unary(sharc_interp *ip, sharc_op *op, int code, sharc_tensor *a, sharc_tensor *r) {
  int64_t n = r->n;
  bool ok = true;
  switch (r->st) {
  case SHARC_ST_INT:
    if (code != EW_ABS && code != EW_NEG && code != EW_NOT && code != EW_SIGN &&
        code != EW_POPCNT && code != EW_CLZ)
      return unsupported_type(ip, op);
    for (int64_t i = 0; i < n; i++)
      r->data.i[i] = sharc_int_wrap(int_unary(code, a->data.i[i], r->bits, r->uns), r->bits, r->uns);
    break;
  case SHARC_ST_F32:
    if (code == EW_NOT || code == EW_POPCNT || code == EW_CLZ)
      return unsupported_type(ip, op);
    if (a->st == SHARC_ST_C64) { /* abs of complex<f32> */
      for (int64_t i = 0; i < n; i++)
        r->data.f[i] = (float)cabs(a->data.c[i]);
      break;
    }
    if (!f32_unary_fast(code, a->data.f, r->data.f, n))
      for (int64_t i = 0; i < n; i++)
        r->data.f[i] = (float)real_unary(code, a->data.f[i]);
    sharc_round_all(r);
    break;
  case SHARC_ST_F64:
    if (code == EW_NOT || code == EW_POPCNT || code == EW_CLZ)
      return unsupported_type(ip, op);
    if (a->st == SHARC_ST_C128) {
      for (int64_t i = 0; i < n; i++)
        r->data.d[i] = cabs(a->data.z[i]);
      break;
    }
    for (int64_t i = 0; i < n; i++)
      r->data.d[i] = real_unary(code, a->data.d[i]);
    break;
  case SHARC_ST_C64:
    for (int64_t i = 0; ok && i < n; i++)
      r->data.c[i] = (float complex)cplx_unary(code, a->data.c[i], &ok);
    break;
  case SHARC_ST_C128:
    for (int64_t i = 0; ok && i < n; i++)
      r->data.z[i] = cplx_unary(code, a->data.z[i], &ok);
    break;
  }
  return ok || unsupported_type(ip, op);
}

SHARC_RESULT_KERNEL(k_unary) {
  return unary(ip, op, sharc_kernel_arg(ip, op), in[0], r);
}

/* ---- compare ----------------------------------------------------------------------- */

enum { CMP_EQ, CMP_NE, CMP_GE, CMP_GT, CMP_LE, CMP_LT };

static int direction_of(sharc_op *op) {
  static const char *const names[] = {"EQ", "NE", "GE", "GT", "LE", "LT"};
  const char *n = sharc_shlo_enum_name(sharc_op_attr(op, "comparison_direction"));
  for (int i = 0; n && i < 6; i++)
    if (strcmp(n, names[i]) == 0)
      return i;
  return -1;
}

static bool cmp_result(int dir, int c) {
  switch (dir) {
  case CMP_EQ:
    return c == 0;
  case CMP_NE:
    return c != 0;
  case CMP_GE:
    return c >= 0;
  case CMP_GT:
    return c > 0;
  case CMP_LE:
    return c <= 0;
  default:
    return c < 0;
  }
}

/* IEEE comparison: unordered operands compare unequal and nothing else. */
static bool float_cmp(int dir, double a, double b) {
  switch (dir) {
  case CMP_EQ:
    return a == b;
  case CMP_NE:
    return a != b;
  case CMP_GE:
    return a >= b;
  case CMP_GT:
    return a > b;
  case CMP_LE:
    return a <= b;
  default:
    return a < b;
  }
}

/* totalOrder: -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN, by bits. */
static int total_cmp(double a, double b) {
  int64_t ka, kb;
  int64_t ba, bb;
  memcpy(&ba, &a, 8);
  memcpy(&bb, &b, 8);
  ka = ba < 0 ? INT64_MIN - ba - 1 : ba;
  kb = bb < 0 ? INT64_MIN - bb - 1 : bb;
  return ka < kb ? -1 : ka > kb;
}

static bool k_compare(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                      sharc_scope *sc) {
  (void)sc;
  int dir = direction_of(op);
  if (dir < 0)
    return sharc_interp_fail(ip, op, "stablehlo.compare: unknown comparison direction");
  const char *ct = sharc_shlo_enum_name(sharc_op_attr(op, "compare_type"));
  bool total = ct && strcmp(ct, "TOTALORDER") == 0;
  sharc_tensor *a = in[0], *b = in[1], *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  int64_t n = r->n;
  switch (a->st) {
  case SHARC_ST_INT:
    for (int64_t i = 0; i < n; i++) {
      int64_t x = a->data.i[i], y = b->data.i[i];
      int c = a->uns ? ((uint64_t)x < (uint64_t)y ? -1 : (uint64_t)x > (uint64_t)y)
                     : (x < y ? -1 : x > y);
      r->data.i[i] = cmp_result(dir, c);
    }
    return true;
  case SHARC_ST_F32:
  case SHARC_ST_F64:
    for (int64_t i = 0; i < n; i++) {
      double x = sharc_tensor_get_real(a, i), y = sharc_tensor_get_real(b, i);
      r->data.i[i] = total ? cmp_result(dir, total_cmp(x, y)) : float_cmp(dir, x, y);
    }
    return true;
  default:
    if (dir != CMP_EQ && dir != CMP_NE)
      return sharc_interp_fail(ip, op, "stablehlo.compare: complex operands compare only EQ or NE");
    for (int64_t i = 0; i < n; i++) {
      bool eq = sharc_tensor_get_complex(a, i) == sharc_tensor_get_complex(b, i);
      r->data.i[i] = dir == CMP_EQ ? eq : !eq;
    }
    return true;
  }
}

/* ---- select, clamp ------------------------------------------------------------------ */

static bool k_select(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                     sharc_scope *sc) {
  (void)sc;
  sharc_tensor *p = in[0], *t = in[1], *f = in[2];
  if (t->kind != SHARC_IV_TENSOR) { /* select on tokens/tuples picks a whole value */
    out[0] = p->data.i[0] ? t : f;
    sharc_tensor_retain(out[0]);
    return true;
  }
  sharc_tensor *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  size_t esz = sharc_storage_size(r->st);
  bool scalar = p->n == 1 && p->rank == 0;
  for (int64_t i = 0; i < r->n; i++) {
    bool c = p->data.i[scalar ? 0 : i] != 0;
    memcpy((char *)r->data.p + i * esz, (char *)(c ? t : f)->data.p + i * esz, esz);
  }
  return true;
}

SHARC_RESULT_KERNEL(k_clamp) {
  sharc_tensor *lo = in[0], *x = in[1], *hi = in[2];
  for (int64_t i = 0; i < r->n; i++) {
    int64_t il = lo->rank == 0 ? 0 : i, ih = hi->rank == 0 ? 0 : i;
    switch (r->st) {
    case SHARC_ST_INT: {
      int64_t v = int_binary(EW_MAX, x->data.i[i], lo->data.i[il], r->bits, r->uns);
      r->data.i[i] = int_binary(EW_MIN, v, hi->data.i[ih], r->bits, r->uns);
      break;
    }
    case SHARC_ST_F32:
      r->data.f[i] = (float)nan_min(nan_max(x->data.f[i], lo->data.f[il]), hi->data.f[ih]);
      break;
    case SHARC_ST_F64:
      r->data.d[i] = nan_min(nan_max(x->data.d[i], lo->data.d[il]), hi->data.d[ih]);
      break;
    default:
      return unsupported_type(ip, op);
    }
  }
  return true;
}

/* ---- complex / real / imag / is_finite -------------------------------------------------- */

SHARC_RESULT_KERNEL(k_complex) {
  for (int64_t i = 0; i < r->n; i++) {
    double re = sharc_tensor_get_real(in[0], i), im = sharc_tensor_get_real(in[1], i);
    if (r->st == SHARC_ST_C64)
      r->data.c[i] = sharc_complexf_make((float)re, (float)im);
    else
      r->data.z[i] = sharc_complex_make(re, im);
  }
  return true;
}

SHARC_RESULT_KERNEL(k_real_imag) {
  bool imag = sharc_kernel_arg(ip, op);
  for (int64_t i = 0; i < r->n; i++) {
    double complex z = sharc_tensor_get_complex(in[0], i);
    bool is_c = in[0]->st == SHARC_ST_C64 || in[0]->st == SHARC_ST_C128;
    sharc_tensor_set_real(r, i, imag ? (is_c ? cimag(z) : 0.0) : creal(z));
  }
  return true;
}

SHARC_RESULT_KERNEL(k_is_finite) {
  for (int64_t i = 0; i < r->n; i++)
    r->data.i[i] = isfinite(sharc_tensor_get_real(in[0], i)) != 0;
  return true;
}

const sharc_kernel sharc_kernels_elementwise[] = {
    {"stablehlo.add", k_binary, EW_ADD},
    {"stablehlo.subtract", k_binary, EW_SUB},
    {"stablehlo.multiply", k_binary, EW_MUL},
    {"stablehlo.divide", k_binary, EW_DIV},
    {"stablehlo.remainder", k_binary, EW_REM},
    {"stablehlo.power", k_binary, EW_POW},
    {"stablehlo.maximum", k_binary, EW_MAX},
    {"stablehlo.minimum", k_binary, EW_MIN},
    {"stablehlo.atan2", k_binary, EW_ATAN2},
    {"stablehlo.and", k_binary, EW_AND},
    {"stablehlo.or", k_binary, EW_OR},
    {"stablehlo.xor", k_binary, EW_XOR},
    {"stablehlo.shift_left", k_binary, EW_SHL},
    {"stablehlo.shift_right_arithmetic", k_binary, EW_SHRA},
    {"stablehlo.shift_right_logical", k_binary, EW_SHRL},
    {"stablehlo.abs", k_unary, EW_ABS},
    {"stablehlo.negate", k_unary, EW_NEG},
    {"stablehlo.not", k_unary, EW_NOT},
    {"stablehlo.sign", k_unary, EW_SIGN},
    {"stablehlo.sqrt", k_unary, EW_SQRT},
    {"stablehlo.rsqrt", k_unary, EW_RSQRT},
    {"stablehlo.cbrt", k_unary, EW_CBRT},
    {"stablehlo.exponential", k_unary, EW_EXP},
    {"stablehlo.exponential_minus_one", k_unary, EW_EXPM1},
    {"stablehlo.log", k_unary, EW_LOG},
    {"stablehlo.log_plus_one", k_unary, EW_LOG1P},
    {"stablehlo.logistic", k_unary, EW_LOGISTIC},
    {"stablehlo.sine", k_unary, EW_SIN},
    {"stablehlo.cosine", k_unary, EW_COS},
    {"stablehlo.tan", k_unary, EW_TAN},
    {"stablehlo.tanh", k_unary, EW_TANH},
    {"stablehlo.floor", k_unary, EW_FLOOR},
    {"stablehlo.ceil", k_unary, EW_CEIL},
    {"stablehlo.round_nearest_afz", k_unary, EW_RAFZ},
    {"stablehlo.round_nearest_even", k_unary, EW_REVEN},
    {"stablehlo.popcnt", k_unary, EW_POPCNT},
    {"stablehlo.count_leading_zeros", k_unary, EW_CLZ},
    {"stablehlo.compare", k_compare, 0},
    {"stablehlo.select", k_select, 0},
    {"stablehlo.clamp", k_clamp, 0},
    {"stablehlo.complex", k_complex, 0},
    {"stablehlo.real", k_real_imag, 0},
    {"stablehlo.imag", k_real_imag, 1},
    {"stablehlo.is_finite", k_is_finite, 0},
    {NULL, NULL, 0},
};

/* ---- single elements, for reduction bodies -------------------------------------------- */

int sharc_ew_binary_code(const sharc_op *op) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  for (const sharc_kernel *k = sharc_kernels_elementwise; k->op; k++)
    if (k->fn == k_binary && sharc_str_eq_cstr(name, k->op))
      return k->family_arg;
  return -1;
}

void sharc_ew_apply(int code, sharc_tensor *r, int64_t ri, const sharc_tensor *a, int64_t ai,
                    const sharc_tensor *b, int64_t bi) {
  bool ok = true;
  switch (r->st) {
  case SHARC_ST_INT:
    r->data.i[ri] = sharc_int_wrap(int_binary(code, a->data.i[ai], b->data.i[bi], r->bits, r->uns),
                                   r->bits, r->uns);
    return;
  case SHARC_ST_F32: {
    float v;
    switch (code) {
    case EW_ADD:
      v = a->data.f[ai] + b->data.f[bi];
      break;
    case EW_MUL:
      v = a->data.f[ai] * b->data.f[bi];
      break;
    default:
      v = (float)real_binary(code, a->data.f[ai], b->data.f[bi]);
    }
    r->data.f[ri] = r->narrow ? sharc_round_narrow(v, r->fk) : v;
    return;
  }
  case SHARC_ST_F64:
    r->data.d[ri] = real_binary(code, a->data.d[ai], b->data.d[bi]);
    return;
  case SHARC_ST_C64:
    r->data.c[ri] = (float complex)cplx_binary(code, a->data.c[ai], b->data.c[bi], &ok);
    return;
  case SHARC_ST_C128:
    r->data.z[ri] = cplx_binary(code, a->data.z[ai], b->data.z[bi], &ok);
    return;
  }
}

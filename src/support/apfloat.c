/* Bit-exact MLIR float literals.  The behaviour mirrors llvm::APFloat, which
 * is what MLIR uses to parse and print FloatAttr values: the per-format
 * semantics (exponent range, precision, how inf/NaN/zero are encoded),
 * correctly rounded decimal input, and toString's digit generation, which
 * first truncates in binary and then rounds half-up in decimal.  The latter
 * is deliberately *not* a correctly rounded printf: MLIR's output depends on
 * its quirks (f32 0x1 prints as 1.401300e-45, not 1.401298e-45). */
#include "support/apfloat.h"
#include "support/bits.h"
#include "support/decimal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------
 * Format descriptions
 * ------------------------------------------------------------------------ */

typedef enum { NF_IEEE, NF_NAN_ONLY, NF_FINITE_ONLY } nonfinite_kind;
typedef enum { NAN_IEEE, NAN_ALL_ONES, NAN_NEG_ZERO } nan_kind;

typedef struct fmt {
  const char *name;
  int max_exp, min_exp; /* unbiased, IEEE 754 meaning */
  unsigned prec;        /* significand bits including the integer bit */
  unsigned bits;        /* storage width */
  nonfinite_kind nf;
  nan_kind nan;
  bool no_zero;       /* f8E8M0FNU: the all-zero encoding is 2^-127 */
  bool unsigned_only; /* f8E8M0FNU: no sign bit */
  bool explicit_int;  /* f80 stores the integer bit */
} fmt;

static const fmt fmts[SHARC_FLOAT_KIND_COUNT] = {
    [SHARC_F16] = {"f16", 15, -14, 11, 16, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_BF16] = {"bf16", 127, -126, 8, 16, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F32] = {"f32", 127, -126, 24, 32, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F64] = {"f64", 1023, -1022, 53, 64, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F80] = {"f80", 16383, -16382, 64, 80, NF_IEEE, NAN_IEEE, 0, 0, 1},
    [SHARC_F128] = {"f128", 16383, -16382, 113, 128, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_TF32] = {"tf32", 127, -126, 11, 19, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F8E5M2] = {"f8E5M2", 15, -14, 3, 8, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F8E4M3] = {"f8E4M3", 7, -6, 4, 8, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F8E4M3FN] = {"f8E4M3FN", 8, -6, 4, 8, NF_NAN_ONLY, NAN_ALL_ONES, 0, 0, 0},
    [SHARC_F8E5M2FNUZ] = {"f8E5M2FNUZ", 15, -15, 3, 8, NF_NAN_ONLY, NAN_NEG_ZERO, 0, 0, 0},
    [SHARC_F8E4M3FNUZ] = {"f8E4M3FNUZ", 7, -7, 4, 8, NF_NAN_ONLY, NAN_NEG_ZERO, 0, 0, 0},
    [SHARC_F8E4M3B11FNUZ] = {"f8E4M3B11FNUZ", 4, -10, 4, 8, NF_NAN_ONLY, NAN_NEG_ZERO, 0, 0, 0},
    [SHARC_F8E3M4] = {"f8E3M4", 3, -2, 5, 8, NF_IEEE, NAN_IEEE, 0, 0, 0},
    [SHARC_F8E8M0FNU] = {"f8E8M0FNU", 127, -127, 1, 8, NF_NAN_ONLY, NAN_ALL_ONES, 1, 1, 0},
    [SHARC_F6E2M3FN] = {"f6E2M3FN", 2, 0, 4, 6, NF_FINITE_ONLY, NAN_IEEE, 0, 0, 0},
    [SHARC_F6E3M2FN] = {"f6E3M2FN", 4, -2, 3, 6, NF_FINITE_ONLY, NAN_IEEE, 0, 0, 0},
    [SHARC_F4E2M1FN] = {"f4E2M1FN", 2, 0, 2, 4, NF_FINITE_ONLY, NAN_IEEE, 0, 0, 0},
};

static const fmt *fmt_of(sharc_float_kind k) {
  return (unsigned)k < SHARC_FLOAT_KIND_COUNT ? &fmts[k] : &fmts[SHARC_F32];
}

/* The exponent APFloat gives NaN: NaN-only formats reuse a finite exponent. */
static int exponent_nan(const fmt *f) {
  if (f->nf == NF_NAN_ONLY) {
    if (f->nan == NAN_NEG_ZERO)
      return f->min_exp - 1;
    if (!f->unsigned_only)
      return f->max_exp;
  }
  return f->max_exp + 1;
}

/* f8E8M0FNU has no subnormals, so its bias is not the usual 1 - min_exp. */
static int exponent_bias(const fmt *f) {
  return f->prec == 1 ? -f->min_exp : 1 - f->min_exp;
}

/* ---------------------------------------------------------------------------
 * 128-bit helpers for significands (f128 needs 113 bits)
 * ------------------------------------------------------------------------ */

typedef struct u128 {
  uint64_t lo, hi;
} u128;

static u128 u128_shl(u128 v, unsigned n) {
  if (n == 0)
    return v;
  if (n >= 128)
    return (u128){0, 0};
  if (n >= 64)
    return (u128){0, v.lo << (n - 64)};
  return (u128){v.lo << n, (v.hi << n) | (v.lo >> (64 - n))};
}

static u128 u128_shr(u128 v, unsigned n) {
  if (n == 0)
    return v;
  if (n >= 128)
    return (u128){0, 0};
  if (n >= 64)
    return (u128){v.hi >> (n - 64), 0};
  return (u128){(v.lo >> n) | (v.hi << (64 - n)), v.hi >> n};
}

static u128 u128_mask(unsigned n) {
  if (n >= 128)
    return (u128){~0ull, ~0ull};
  if (n >= 64)
    return (u128){~0ull, n == 64 ? 0 : ~0ull >> (128 - n)};
  return (u128){n ? ~0ull >> (64 - n) : 0, 0};
}

static u128 u128_and(u128 a, u128 b) { return (u128){a.lo & b.lo, a.hi & b.hi}; }
static u128 u128_or(u128 a, u128 b) { return (u128){a.lo | b.lo, a.hi | b.hi}; }
static bool u128_eq(u128 a, u128 b) { return a.lo == b.lo && a.hi == b.hi; }
static bool u128_is_zero(u128 a) { return !a.lo && !a.hi; }
static u128 u128_bit_value(unsigned n) { return u128_shl((u128){1, 0}, n); }
static bool u128_bit(u128 v, unsigned n) { return u128_shr(v, n).lo & 1; }

static u128 u128_inc(u128 v) {
  v.lo++;
  if (!v.lo)
    v.hi++;
  return v;
}

static unsigned u128_bitlen(u128 v) {
  return v.hi ? 64 + sharc_bit_length_u64(v.hi) : sharc_bit_length_u64(v.lo);
}

/* ---------------------------------------------------------------------------
 * Arbitrary-precision unsigned integers: just the operations decimal
 * conversion needs.  Limbs are 32-bit, least significant first.
 * ------------------------------------------------------------------------ */

typedef struct bn {
  uint32_t *d;
  size_t n, cap; /* n excludes leading zero limbs */
} bn;

static void bn_free(bn *a) {
  free(a->d);
  a->d = NULL;
  a->n = a->cap = 0;
}

static void bn_reserve(bn *a, size_t cap) {
  if (cap <= a->cap)
    return;
  size_t c = a->cap ? a->cap : 8;
  while (c < cap)
    c *= 2;
  uint32_t *p = realloc(a->d, c * sizeof *p);
  if (!p) {
    fputs("sharc: out of memory\n", stderr);
    abort();
  }
  a->d = p;
  a->cap = c;
}

static void bn_trim(bn *a) {
  while (a->n && !a->d[a->n - 1])
    a->n--;
}

static bool bn_is_zero(const bn *a) { return a->n == 0; }

static void bn_set_u128(bn *a, u128 v) {
  bn_reserve(a, 4);
  a->d[0] = (uint32_t)v.lo;
  a->d[1] = (uint32_t)(v.lo >> 32);
  a->d[2] = (uint32_t)v.hi;
  a->d[3] = (uint32_t)(v.hi >> 32);
  a->n = 4;
  bn_trim(a);
}

static void bn_copy(bn *dst, const bn *src) {
  bn_reserve(dst, src->n + 1);
  if (src->n)
    memcpy(dst->d, src->d, src->n * sizeof *src->d);
  dst->n = src->n;
}

/* a = a * m + add */
static void bn_mul_add_small(bn *a, uint32_t m, uint32_t add) {
  uint64_t carry = add;
  for (size_t i = 0; i < a->n; i++) {
    uint64_t t = (uint64_t)a->d[i] * m + carry;
    a->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry) {
    bn_reserve(a, a->n + 1);
    a->d[a->n++] = (uint32_t)carry;
  }
}

/* a = floor(a / d); returns the remainder. */
static uint32_t bn_div_small(bn *a, uint32_t d) {
  uint64_t rem = 0;
  for (size_t i = a->n; i-- > 0;) {
    uint64_t cur = (rem << 32) | a->d[i];
    a->d[i] = (uint32_t)(cur / d);
    rem = cur % d;
  }
  bn_trim(a);
  return (uint32_t)rem;
}

static size_t bn_bitlen(const bn *a) {
  return a->n ? (a->n - 1) * 32 + sharc_bit_length_u64(a->d[a->n - 1]) : 0;
}

static bool bn_bit(const bn *a, size_t i) {
  return i / 32 < a->n && ((a->d[i / 32] >> (i % 32)) & 1);
}

/* Whether any of the lowest nbits bits is set. */
static bool bn_any_below(const bn *a, size_t nbits) {
  size_t full = nbits / 32;
  for (size_t i = 0; i < full && i < a->n; i++)
    if (a->d[i])
      return true;
  if (full < a->n && nbits % 32)
    return (a->d[full] & ((1u << (nbits % 32)) - 1)) != 0;
  return false;
}

static size_t bn_ctz(const bn *a) {
  size_t i = 0;
  while (i < a->n && !a->d[i])
    i++;
  if (i == a->n)
    return 0;
  size_t n = i * 32;
  for (uint32_t w = a->d[i]; !(w & 1); w >>= 1)
    n++;
  return n;
}

static void bn_shl(bn *a, size_t bits) {
  if (bn_is_zero(a) || bits == 0)
    return;
  size_t words = bits / 32;
  unsigned sh = bits % 32;
  bn_reserve(a, a->n + words + 1);
  a->d[a->n + words] = 0;
  for (size_t i = a->n; i-- > 0;) {
    uint64_t w = (uint64_t)a->d[i] << sh;
    a->d[i + words + 1] |= (uint32_t)(w >> 32);
    a->d[i + words] = (uint32_t)w;
  }
  memset(a->d, 0, words * sizeof *a->d);
  a->n += words + 1;
  bn_trim(a);
}

static void bn_shr(bn *a, size_t bits) {
  size_t words = bits / 32;
  unsigned sh = bits % 32;
  if (words >= a->n) {
    a->n = 0;
    return;
  }
  size_t n = a->n - words;
  for (size_t i = 0; i < n; i++) {
    uint64_t w = a->d[i + words];
    if (i + words + 1 < a->n)
      w |= (uint64_t)a->d[i + words + 1] << 32;
    a->d[i] = (uint32_t)(w >> sh);
  }
  a->n = n;
  bn_trim(a);
}

static int bn_cmp(const bn *a, const bn *b) {
  if (a->n != b->n)
    return a->n < b->n ? -1 : 1;
  for (size_t i = a->n; i-- > 0;)
    if (a->d[i] != b->d[i])
      return a->d[i] < b->d[i] ? -1 : 1;
  return 0;
}

/* a -= b, requires a >= b. */
static void bn_sub(bn *a, const bn *b) {
  uint64_t borrow = 0;
  for (size_t i = 0; i < a->n; i++) {
    uint64_t sub = (i < b->n ? b->d[i] : 0) + borrow;
    uint64_t cur = a->d[i];
    borrow = cur < sub;
    a->d[i] = (uint32_t)(cur - sub);
  }
  bn_trim(a);
}

/* Bits [pos, pos + 128) as a u128. */
static u128 bn_extract(const bn *a, size_t pos) {
  u128 r = {0, 0};
  for (unsigned i = 0; i < 128; i += 32) {
    size_t bit = pos + i, w = bit / 32;
    if (w >= a->n)
      break;
    uint64_t v = a->d[w] >> (bit % 32);
    if (bit % 32 && w + 1 < a->n)
      v |= (uint64_t)a->d[w + 1] << (32 - bit % 32);
    r = u128_or(r, u128_shl((u128){(uint32_t)v, 0}, i));
  }
  return r;
}

static const uint32_t pow10_small[10] = {1,      10,      100,      1000,      10000,
                                         100000, 1000000, 10000000, 100000000, 1000000000};

static void bn_mul_pow10(bn *a, size_t e) {
  for (; e >= 9; e -= 9)
    bn_mul_add_small(a, pow10_small[9], 0);
  bn_mul_add_small(a, pow10_small[e], 0);
}

static void bn_mul_pow5(bn *a, size_t e) {
  const uint32_t five13 = 1220703125u; /* 5^13, the largest that fits */
  for (; e >= 13; e -= 13)
    bn_mul_add_small(a, five13, 0);
  uint32_t m = 1;
  while (e--)
    m *= 5;
  bn_mul_add_small(a, m, 0);
}

/* a = 2a + bit */
static void bn_shl1_or(bn *a, bool bit) {
  bn_shl(a, 1);
  if (bit)
    bn_mul_add_small(a, 1, 1);
}

/* q = floor(num / den); *inexact = remainder != 0.  Schoolbook binary long
 * division started at the top, so it costs one step per quotient bit
 * (callers keep quotients short). */
static void bn_divmod(const bn *num, const bn *den, bn *q, bool *inexact) {
  size_t nl = bn_bitlen(num), dl = bn_bitlen(den);
  q->n = 0;
  if (nl < dl) {
    *inexact = !bn_is_zero(num);
    return;
  }
  size_t steps = nl - dl;
  bn r = {0};
  bn_copy(&r, num);
  bn_shr(&r, steps);
  for (size_t i = steps + 1; i-- > 0;) {
    if (i != steps)
      bn_shl1_or(&r, bn_bit(num, i));
    bool ge = bn_cmp(&r, den) >= 0;
    if (ge)
      bn_sub(&r, den);
    bn_shl1_or(q, ge);
  }
  *inexact = !bn_is_zero(&r);
  bn_free(&r);
}

/* a = floor(a / 10^e).  The quotient is short here, so one long division
 * by the power beats many passes of small division over a long number;
 * repeated floor division gives the same result for small powers. */
/* floor(a / 10^e) by repeated division by 10^9: floor(floor(x/b)/c) equals
 * floor(x/(b*c)), so this is exact and needs no long division. */
static void bn_div_pow10(bn *a, size_t e) {
  for (; e >= 9; e -= 9)
    bn_div_small(a, pow10_small[9]);
  bn_div_small(a, pow10_small[e]);
}

/* ---------------------------------------------------------------------------
 * Unpacked values, in APFloat's own representation: a normal or subnormal
 * number is sig * 2^(exp - (prec - 1)), with the integer bit at prec - 1
 * set for normals and clear for subnormals (which have exp == min_exp).
 * ------------------------------------------------------------------------ */

typedef enum { C_ZERO, C_NORMAL, C_INF, C_NAN } fcat;

typedef struct apf {
  fcat cat;
  bool sign;
  int exp;
  u128 sig;
} apf;

static apf make_nan(const fmt *f, bool sign) {
  apf r = {C_NAN, sign, exponent_nan(f), {0, 0}};
  if (f->nf == NF_NAN_ONLY) {
    if (f->nan == NAN_NEG_ZERO) {
      r.sign = true; /* the single NaN is the "negative zero" pattern */
      return r;
    }
    r.sig = u128_mask(f->prec - 1);
  }
  r.sig = u128_or(r.sig, u128_bit_value(f->prec >= 2 ? f->prec - 2 : 0));
  if (f->explicit_int) /* a real x87 NaN, not a pseudo-NaN */
    r.sig = u128_or(r.sig, u128_bit_value(f->prec - 1));
  return r;
}

static apf make_inf(const fmt *f, bool sign) {
  if (f->nf == NF_NAN_ONLY)
    return make_nan(f, sign);
  return (apf){C_INF, sign, f->max_exp + 1, {0, 0}};
}

static apf smallest_normalized(const fmt *f) {
  return (apf){C_NORMAL, false, f->min_exp, u128_bit_value(f->prec - 1)};
}

/* A zero produced by rounding or parsing: FNUZ formats have no -0, and
 * f8E8M0FNU has no zero at all. */
static apf canonical_zero(const fmt *f, bool sign) {
  if (f->no_zero)
    return smallest_normalized(f);
  if (f->nan == NAN_NEG_ZERO)
    sign = false;
  return (apf){C_ZERO, sign, f->min_exp - 1, {0, 0}};
}

/* Round-to-nearest overflow: inf, the NaN of NaN-only formats, or the
 * largest finite value when neither exists. */
static apf overflow(const fmt *f, bool sign) {
  if (f->nf != NF_FINITE_ONLY)
    return make_inf(f, sign);
  return (apf){C_NORMAL, sign, f->max_exp, u128_mask(f->prec)};
}

/* The all-ones pattern is NaN in f8E4M3FN-style formats, so reaching it is an
 * overflow even though its exponent is in range. */
static bool hits_all_ones_nan(const fmt *f, const apf *v) {
  if (f->nf != NF_NAN_ONLY || f->nan != NAN_ALL_ONES || f->prec <= 1)
    return false;
  u128 m = u128_mask(f->prec - 1);
  return v->exp == f->max_exp && u128_eq(u128_and(v->sig, m), m);
}

typedef enum { LF_ZERO, LF_LESS, LF_HALF, LF_MORE } lost_fraction;

/* What dropped bits were worth, from their top bit and whether any below it is set. */
static lost_fraction lost_from(bool half, bool rest) {
  if (half)
    return rest ? LF_MORE : LF_HALF;
  return rest ? LF_LESS : LF_ZERO;
}

/* The last steps of a rounding: `r` holds the kept bits, `lf` what the
 * dropped ones were worth. */
static apf round_finish(const fmt *f, bool sign, apf r, lost_fraction lf) {
  if (hits_all_ones_nan(f, &r))
    return overflow(f, sign);
  if (lf == LF_ZERO)
    return u128_is_zero(r.sig) ? canonical_zero(f, sign) : r;
  if (lf == LF_MORE || (lf == LF_HALF && (r.sig.lo & 1))) {
    r.sig = u128_inc(r.sig);
    if (u128_bitlen(r.sig) == f->prec + 1) {
      if (r.exp == f->max_exp)
        return overflow(f, sign);
      r.sig = u128_shr(r.sig, 1);
      r.exp++;
      return r;
    }
    if (hits_all_ones_nan(f, &r))
      return overflow(f, sign);
  }
  return u128_is_zero(r.sig) ? canonical_zero(f, sign) : r;
}

/* The exponent of a value of `nb` significant bits whose lowest is worth
 * 2^e2, once rounded into format f, and the bits to drop (negative: to
 * add); false on overflow. */
static bool round_place(const fmt *f, size_t nb, long e2, long *exp, long *sh) {
  long msb = e2 + (long)nb - 1;
  if (msb > f->max_exp)
    return false;
  *exp = msb < f->min_exp ? f->min_exp : msb;
  *sh = *exp - (long)(f->prec - 1) - e2;
  return true;
}

/* The bits a rounding reads, a bignum or a 128-bit integer, behind the same
 * three questions so that one routine rounds both. */
typedef struct {
  size_t (*bitlen)(const void *q);
  u128 (*bits_from)(const void *q, size_t pos); /* the 128 bits from bit `pos` up */
  lost_fraction (*lost_below)(const void *q, size_t sh, bool sticky); /* of bits [0, sh) */
} bit_source;

static size_t bn_src_bitlen(const void *q) { return bn_bitlen(q); }
static u128 bn_src_bits_from(const void *q, size_t pos) { return bn_extract(q, pos); }
static lost_fraction bn_src_lost_below(const void *q, size_t sh, bool sticky) {
  return lost_from(bn_bit(q, sh - 1), sticky || bn_any_below(q, sh - 1));
}
static const bit_source bn_bits = {bn_src_bitlen, bn_src_bits_from, bn_src_lost_below};

/* Shifts past q's bits drop all of it: 129 keeps the half bit (bit 128) zero. */
static unsigned u128_drop_count(size_t sh) { return sh > 129 ? 129 : (unsigned)sh; }
static size_t u128_src_bitlen(const void *q) { return u128_bitlen(*(const u128 *)q); }
static u128 u128_src_bits_from(const void *q, size_t pos) {
  return u128_shr(*(const u128 *)q, u128_drop_count(pos));
}
static lost_fraction u128_src_lost_below(const void *q, size_t sh, bool sticky) {
  u128 v = *(const u128 *)q;
  unsigned n = u128_drop_count(sh);
  return lost_from(u128_bit(v, n - 1), sticky || !u128_is_zero(u128_and(v, u128_mask(n - 1))));
}
static const bit_source u128_bits = {u128_src_bitlen, u128_src_bits_from, u128_src_lost_below};

/* Rounds (q + f) * 2^e2, 0 <= f < 1 and f > 0 iff sticky, to nearest-even in
 * format f, the way IEEEFloat::normalize does.  When sticky is set q must
 * have at least prec + 2 bits so that the fraction lies below the round bit.
 * Inline so that each caller's bit functions are called directly. */
static inline apf round_bits(const fmt *f, bool sign, const bit_source *d, const void *q,
                             long e2, bool sticky) {
  size_t nb = d->bitlen(q);
  if (nb == 0)
    return canonical_zero(f, sign);
  long exp, sh;
  if (!round_place(f, nb, e2, &exp, &sh))
    return overflow(f, sign);
  apf r = {C_NORMAL, sign, (int)exp, {0, 0}};
  lost_fraction lf = LF_ZERO;
  if (sh <= 0) {
    r.sig = u128_shl(d->bits_from(q, 0), (unsigned)-sh);
  } else {
    r.sig = d->bits_from(q, (size_t)sh);
    lf = d->lost_below(q, (size_t)sh, sticky);
  }
  return round_finish(f, sign, r, lf);
}

static apf round_bn(const fmt *f, bool sign, const bn *q, long e2, bool sticky) {
  return round_bits(f, sign, &bn_bits, q, e2, sticky);
}

/* round_bn of a 128-bit q with no sticky fraction, without bignums: every
 * format conversion. */
static apf round_u128(const fmt *f, bool sign, u128 q, long e2) {
  return round_bits(f, sign, &u128_bits, &q, e2, false);
}

/* ---------------------------------------------------------------------------
 * Bits <-> unpacked
 * ------------------------------------------------------------------------ */

static u128 width_mask(const fmt *f) { return u128_mask(f->bits); }

static apf unpack_f80(uint64_t lo, uint64_t hi) {
  unsigned e = hi & 0x7fff;
  bool sign = (hi >> 15) & 1;
  const uint64_t int_bit = 1ull << 63;
  if (e == 0 && lo == 0)
    return (apf){C_ZERO, sign, -16383, {0, 0}};
  if (e == 0x7fff && lo == int_bit)
    return (apf){C_INF, sign, 16384, {0, 0}};
  /* Pseudo-NaNs, pseudo-infinities and unnormals all count as NaN. */
  if (e == 0x7fff || (e != 0 && !(lo & int_bit)))
    return (apf){C_NAN, sign, 16384, {lo, 0}};
  return (apf){C_NORMAL, sign, e ? (int)e - 16383 : -16382, {lo, 0}};
}

/* The sign bit 8 holds is the one a value's bits keep beside the format
 * (pack_value). */
static apf unpack_e8m0(uint64_t lo) {
  unsigned e = lo & 0xff;
  bool sign = (lo >> 8) & 1;
  if (e == 0xff)
    return (apf){C_NAN, sign, 128, {1, 0}};
  return (apf){C_NORMAL, sign, (int)e - 127, {1, 0}};
}

static bool is_nan_pattern(const fmt *f, long e, u128 mant, bool is_zero, bool sign) {
  switch (f->nan) {
  case NAN_IEEE:
    return e == exponent_nan(f) && !u128_is_zero(mant);
  case NAN_ALL_ONES:
    return e == exponent_nan(f) && u128_eq(mant, u128_mask(f->prec - 1));
  case NAN_NEG_ZERO:
    return is_zero && sign;
  }
  return false;
}

static apf unpack(const fmt *f, uint64_t lo, uint64_t hi) {
  if (f->explicit_int)
    return unpack_f80(lo, hi);
  if (f->prec == 1)
    return unpack_e8m0(lo);
  unsigned t = f->prec - 1, ebits = f->bits - 1 - t;
  u128 v = u128_and((u128){lo, hi}, width_mask(f));
  u128 mant = u128_and(v, u128_mask(t));
  long biased = (long)(u128_shr(v, t).lo & ((1ull << ebits) - 1));
  bool sign = u128_bit(v, f->bits - 1);
  long e = biased - exponent_bias(f);
  bool zero = biased == 0 && u128_is_zero(mant);
  if ((f->nf == NF_IEEE && e == f->max_exp + 1 && u128_is_zero(mant)) ||
      (f->nf == NF_FINITE_ONLY && (lo >> SHARC_FLOAT_SMALL_MARK) & 1))
    return (apf){C_INF, sign, f->max_exp + 1, {0, 0}};
  if (is_nan_pattern(f, e, mant, zero, sign))
    return (apf){C_NAN, sign, exponent_nan(f), mant};
  if (zero)
    return (apf){C_ZERO, sign, f->min_exp - 1, {0, 0}};
  if (biased == 0)
    return (apf){C_NORMAL, sign, f->min_exp, mant};
  return (apf){C_NORMAL, sign, (int)e, u128_or(mant, u128_bit_value(t))};
}

static u128 pack_f80(const apf *v) {
  uint64_t e = 0, sig = 0;
  switch (v->cat) {
  case C_NORMAL:
    e = (uint64_t)(v->exp + 16383);
    sig = v->sig.lo;
    if (e == 1 && !(sig >> 63))
      e = 0; /* subnormal */
    break;
  case C_ZERO:
    break;
  case C_INF:
    e = 0x7fff;
    sig = 1ull << 63;
    break;
  case C_NAN:
    e = 0x7fff;
    sig = v->sig.lo;
    break;
  }
  return (u128){sig, ((uint64_t)v->sign << 15) | (e & 0x7fff)};
}

static u128 pack(const fmt *f, const apf *v) {
  if (f->explicit_int)
    return pack_f80(v);
  unsigned t = f->prec - 1, ebits = t ? f->bits - 1 - t : f->bits;
  long e = 0;
  u128 mant = {0, 0};
  switch (v->cat) {
  case C_NORMAL:
    e = v->exp + exponent_bias(f);
    mant = v->sig;
    if (e == 1 && !u128_bit(v->sig, t))
      e = 0; /* subnormal */
    break;
  case C_ZERO:
    e = f->min_exp - 1 + exponent_bias(f);
    break;
  case C_INF:
    e = f->max_exp + 1 + exponent_bias(f);
    break;
  case C_NAN:
    e = exponent_nan(f) + exponent_bias(f);
    mant = v->sig;
    break;
  }
  u128 r = u128_and(mant, u128_mask(t));
  r = u128_or(r, u128_shl((u128){(uint64_t)e & ((1ull << ebits) - 1), 0}, t));
  if (v->sign)
    r = u128_or(r, u128_bit_value(f->bits - 1));
  return r;
}

/* The bits of a value as sharc keeps them: pack's, but for a format
 * without a sign bit (f8E8M0FNU), whose sign APFloat keeps all the same
 * (MLIR prints `-2.0 : f8E8M0FNU` back as -2.0), the magnitude's bits and
 * the sign in the bit above them (sharc_float_raw_lo gives MLIR's bit
 * pattern); and for a format without infinity (f4E2M1FN, f6E2M3FN,
 * f6E3M2FN), an infinity a literal past the double's range left in it
 * (literal_convert): APFloat keeps it as one, printed as its bits (0x0,
 * 0x8, where +-0.0 prints as a number), so bit 8 marks it beside them. */
static u128 pack_value(const fmt *f, const apf *v) {
  if (f->nf == NF_FINITE_ONLY && v->cat == C_INF)
    return u128_or(pack(f, v), u128_bit_value(SHARC_FLOAT_SMALL_MARK));
  if (!f->unsigned_only || !v->sign)
    return pack(f, v);
  apf m = *v;
  m.sign = false;
  return u128_or(pack(f, &m), u128_bit_value(f->bits));
}

/* IEEEFloat::bitwiseIsEqual. */
static bool apf_identical(const apf *a, const apf *b) {
  if (a->cat != b->cat || a->sign != b->sign)
    return false;
  if (a->cat == C_ZERO || a->cat == C_INF)
    return true;
  if (a->cat == C_NORMAL && a->exp != b->exp)
    return false;
  return u128_eq(a->sig, b->sig);
}

/* ---------------------------------------------------------------------------
 * Format conversion (IEEEFloat::convert with round-to-nearest-even)
 * ------------------------------------------------------------------------ */

static bool is_signaling(const fmt *f, const apf *v) {
  return v->cat == C_NAN && f->nf == NF_IEEE && !u128_bit(v->sig, f->prec - 2);
}

static apf convert_nan(const fmt *from, const apf *v, const fmt *to) {
  apf r = *v;
  r.exp = exponent_nan(to);
  int shift = (int)to->prec - (int)from->prec;
  if (shift > 0)
    r.sig = u128_shl(r.sig, (unsigned)shift);
  else if (shift < 0 && from->nf != NF_NAN_ONLY)
    r.sig = u128_shr(r.sig, (unsigned)-shift);
  if (from->nan == NAN_NEG_ZERO && to->nan != NAN_NEG_ZERO)
    r = make_nan(to, false); /* keep it from turning into -inf */
  if (to->explicit_int && !from->explicit_int)
    r.sig = u128_or(r.sig, u128_bit_value(to->prec - 1));
  if (is_signaling(from, v))
    r.sig = u128_or(r.sig, u128_bit_value(to->prec - 2));
  return r;
}

/* Returns false where APFloat would reach an llvm_unreachable. A
 * negative value keeps its sign in a format without one (f8E8M0FNU), as
 * APFloat's does; a zero there turns into the positive smallest value. */
static bool convert(const fmt *from, const apf *v, const fmt *to, apf *out) {
  switch (v->cat) {
  case C_ZERO:
    *out = canonical_zero(to, v->sign);
    return true;
  case C_INF:
    if (to->nf == NF_FINITE_ONLY)
      return false;
    *out = make_inf(to, v->sign);
    return true;
  case C_NAN:
    if (to->nf == NF_FINITE_ONLY)
      return false;
    *out = to->nf == NF_NAN_ONLY ? make_nan(to, v->sign) : convert_nan(from, v, to);
    return true;
  case C_NORMAL:
    break;
  }
  *out = round_u128(to, v->sign, v->sig, (long)v->exp - (long)(from->prec - 1));
  return true;
}

/* ---------------------------------------------------------------------------
 * Decimal text -> value (IEEEFloat::convertFromDecimalString)
 * ------------------------------------------------------------------------ */

typedef struct decimal {
  char *digits; /* significant digits, no leading or trailing zeros */
  size_t ndigits;
  long exp10; /* value = digits * 10^exp10 */
} decimal;

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* APFloat's readExponent: an empty exponent (or a lone sign) reads as zero,
 * and the magnitude saturates at 24000. */
static bool read_exponent(const char *p, const char *end, long *out) {
  *out = 0;
  if (p == end || ((*p == '-' || *p == '+') && p + 1 == end))
    return true;
  bool neg = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  long v = 0;
  for (; p != end; p++) {
    if (!is_digit(*p))
      return false;
    v = v * 10 + (*p - '0');
    if (v >= 24000) {
      v = 24000;
      break;
    }
  }
  *out = neg ? -v : v;
  return true;
}

/* Finds the end of the mantissa and validates its shape like
 * interpretDecimal: digits with at most one '.', then optionally e/E. */
static bool scan_mantissa(const char *begin, const char *end, const char **mend) {
  const char *p = begin;
  bool dot = false;
  for (; p != end; p++) {
    if (*p == '.') {
      if (dot)
        return false;
      dot = true;
      continue;
    }
    if (!is_digit(*p))
      break;
  }
  if (p == begin || (dot && p - begin == 1))
    return false; /* no digits at all */
  if (p != end && *p != 'e' && *p != 'E')
    return false;
  *mend = p;
  return true;
}

static bool parse_decimal(const char *begin, const char *end, decimal *d) {
  const char *mend;
  d->digits = NULL;
  d->ndigits = 0;
  d->exp10 = 0;
  if (!scan_mantissa(begin, end, &mend))
    return false;
  long e = 0;
  if (mend != end && !read_exponent(mend + 1, end, &e))
    return false;
  d->digits = malloc((size_t)(mend - begin) + 1);
  if (!d->digits) {
    fputs("sharc: out of memory\n", stderr);
    abort();
  }
  long frac = 0;
  bool after_dot = false;
  for (const char *p = begin; p != mend; p++) {
    if (*p == '.') {
      after_dot = true;
      continue;
    }
    frac += after_dot;
    if (d->ndigits || *p != '0')
      d->digits[d->ndigits++] = *p;
  }
  d->exp10 = e - frac;
  while (d->ndigits && d->digits[d->ndigits - 1] == '0') {
    d->ndigits--;
    d->exp10++;
  }
  return true;
}

static void digits_to_bn(const decimal *d, bn *out) {
  out->n = 0;
  for (size_t i = 0; i < d->ndigits;) {
    uint32_t chunk = 0;
    unsigned k = 0;
    for (; k < 9 && i < d->ndigits; k++, i++)
      chunk = chunk * 10 + (uint32_t)(d->digits[i] - '0');
    bn_mul_add_small(out, pow10_small[k], chunk);
  }
}

/* Exact rounding of a nonzero decimal. */
static apf round_decimal(const fmt *f, bool sign, const decimal *d) {
  bn num = {0}, q = {0};
  digits_to_bn(d, &num);
  apf r;
  if (d->exp10 >= 0) {
    bn_mul_pow10(&num, (size_t)d->exp10);
    r = round_bn(f, sign, &num, 0, false);
  } else {
    bn den = {0};
    bn_set_u128(&den, (u128){1, 0});
    bn_mul_pow10(&den, (size_t)-d->exp10);
    /* Scale so that the quotient keeps prec + 2 bits above the sticky bit. */
    long s = (long)bn_bitlen(&den) - (long)bn_bitlen(&num) + (long)f->prec + 2;
    if (s < 0)
      s = 0;
    bn_shl(&num, (size_t)s);
    bool inexact;
    bn_divmod(&num, &den, &q, &inexact);
    r = round_bn(f, sign, &q, -s, inexact);
    bn_free(&den);
  }
  bn_free(&num);
  bn_free(&q);
  return r;
}

/* The quick overflow/underflow screens of convertFromDecimalString, with the
 * same integer bounds on log2(10), so that borderline inputs agree. */
static apf decimal_to_apf(const fmt *f, bool sign, const decimal *d) {
  if (d->ndigits == 0)
    return canonical_zero(f, sign);
  long long ne = (long long)d->exp10 + (long long)d->ndigits - 1;
  if ((ne - 1) * 42039 >= 12655LL * f->max_exp)
    return overflow(f, sign);
  if ((ne + 1) * 28738 <= 8651LL * (f->min_exp - (long long)f->prec))
    return canonical_zero(f, sign);
  return round_decimal(f, sign, d);
}

static bool text_to_apf(const fmt *f, const char *s, size_t len, apf *out) {
  const char *p = s, *end = s + len;
  if (p == end)
    return false;
  bool sign = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  if (p == end)
    return false;
  if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    return false; /* hexadecimal floats never reach us from MLIR text */
  decimal d;
  if (!parse_decimal(p, end, &d)) {
    free(d.digits);
    return false;
  }
  *out = decimal_to_apf(f, sign, &d);
  free(d.digits);
  return true;
}

/* ---------------------------------------------------------------------------
 * Value -> decimal text (IEEEFloat::toString)
 * ------------------------------------------------------------------------ */

/* Drops decimal digits from the binary significand by truncating division,
 * keeping a little more than `prec` digits; the final rounding happens on the
 * digit string. */
static void trim_significand(bn *sig, long *exp, unsigned prec) {
  size_t bits = bn_bitlen(sig);
  size_t required = ((size_t)prec * 196 + 58) / 59; /* 196/59 ~ log2(10) */
  if (bits <= required)
    return;
  size_t tens = (bits - required) * 59 / 196;
  if (!tens)
    return;
  *exp += (long)tens;
  bn_div_pow10(sig, tens);
}

/* digits[] is least significant first.  Rounds half-up to `prec` digits,
 * dropping any trailing zeros that creates. */
static void round_digits(char *digits, size_t *n, long *exp, unsigned prec) {
  size_t len = *n;
  if (len <= prec)
    return;
  size_t first = len - prec;
  if (digits[first - 1] >= '5') {
    size_t i = first;
    for (; i != len && digits[i] == '9'; i++)
      first++;
    if (first == len) {
      *exp += (long)first;
      digits[0] = '1';
      *n = 1;
      return;
    }
    digits[i]++;
  } else {
    while (first < len && digits[first] == '0')
      first++;
  }
  *exp += (long)first;
  memmove(digits, digits + first, len - first);
  *n = len - first;
}

static void put_exponent(sharc_buf *out, long exp, bool truncate_zero) {
  sharc_buf_putc(out, exp >= 0 ? '+' : '-');
  unsigned long mag = exp < 0 ? (unsigned long)-exp : (unsigned long)exp;
  if (!truncate_zero && mag < 10)
    sharc_buf_putc(out, '0'); /* at least two exponent digits */
  sharc_buf_put_u64(out, mag);
}

static bool use_scientific(size_t nd, long exp, unsigned prec, unsigned max_pad) {
  if (!max_pad)
    return true;
  if (exp >= 0)
    return (unsigned long)exp > max_pad || nd + (unsigned long)exp > prec;
  long msd = exp + (long)nd - 1;
  return msd < 0 && (unsigned long)-msd > max_pad;
}

/* The text format_digits writes, at most: the digits, the zeros padded
 * after them or before them, a sign, "0." and the mantissa's point. */
static size_t format_digits_bound(size_t nd, unsigned prec, unsigned max_pad) {
  return nd + prec + max_pad + 8;
}

/* Written in place after one capacity check: a module prints thousands of
 * floats, and a check per character cost as much as the digits. `ms`
 * holds the nd digits most significant first, so runs of them are copied
 * whole. */
static void format_digits(sharc_buf *out, const char *ms, size_t nd, long exp,
                          unsigned prec, unsigned max_pad, bool truncate_zero) {
  bool scientific = use_scientific(nd, exp, prec, max_pad);
  size_t bound = format_digits_bound(nd, prec, max_pad);
  if (!scientific && exp >= 0)
    bound += (size_t)exp;
  if (!scientific && exp + (long)nd < 0)
    bound += (size_t)-(exp + (long)nd);
  sharc_buf_reserve(out, bound);
  char *q = out->data + out->len;
  if (scientific) {
    *q++ = ms[0];
    *q++ = '.';
    if (nd == 1 && truncate_zero)
      *q++ = '0';
    memcpy(q, ms + 1, nd - 1);
    q += nd - 1;
    for (size_t i = nd - 1; !truncate_zero && i < prec; i++)
      *q++ = '0';
    *q++ = truncate_zero ? 'E' : 'e';
    out->len = (size_t)(q - out->data);
    put_exponent(out, exp + (long)nd - 1, truncate_zero);
    return;
  }
  if (exp >= 0) {
    memcpy(q, ms, nd);
    q += nd;
    for (long i = 0; i < exp; i++)
      *q++ = '0';
  } else {
    long whole = exp + (long)nd;
    size_t i = 0;
    if (whole > 0) {
      i = (size_t)whole;
      memcpy(q, ms, i);
      q += i;
      *q++ = '.';
    } else {
      *q++ = '0';
      *q++ = '.';
      for (long z = 0; z < -whole; z++)
        *q++ = '0';
    }
    memcpy(q, ms + i, nd - i);
    q += nd - i;
  }
  out->len = (size_t)(q - out->data);
  *q = 0;
}

/* Prints sig * 2^exp (sig nonzero, consumed). */
static void format_finite(sharc_buf *out, bn *sig, long exp, unsigned fprec,
                          unsigned prec, unsigned max_pad, bool truncate_zero) {
  if (!prec)
    prec = 2 + fprec * 59 / 196; /* enough digits to round-trip */
  size_t tz = bn_ctz(sig);
  bn_shr(sig, tz);
  exp += (long)tz;
  if (exp > 0) {
    bn_shl(sig, (size_t)exp);
    exp = 0;
  } else if (exp < 0) {
    bn_mul_pow5(sig, (size_t)-exp); /* n * 2^-e == n * 5^e * 10^-e */
  }
  trim_significand(sig, &exp, prec);
  char *dg = malloc(bn_bitlen(sig) / 3 + 2);
  if (!dg) {
    fputs("sharc: out of memory\n", stderr);
    abort();
  }
  size_t nd = 0;
  while (!bn_is_zero(sig)) {
    char d = (char)('0' + bn_div_small(sig, 10));
    if (nd == 0 && d == '0')
      exp++; /* drop trailing zeros */
    else
      dg[nd++] = d;
  }
  if (nd == 0) /* unreachable for a nonzero input; keeps dg[nd - 1] valid */
    dg[nd++] = '0';
  round_digits(dg, &nd, &exp, prec);
  for (size_t i = 0; i < nd / 2; i++) { /* most significant first, as format_digits takes them */
    char c = dg[i];
    dg[i] = dg[nd - 1 - i];
    dg[nd - 1 - i] = c;
  }
  format_digits(out, dg, nd, exp, prec, max_pad, truncate_zero);
  free(dg);
}

/* 5^k while it fits in 64 bits (10^k: sharc_pow10_u64): one multiply or
 * divide instead of k. */
static const uint64_t u64_pow5[28] = {
    1ull, 5ull, 25ull, 125ull, 625ull, 3125ull, 15625ull, 78125ull, 390625ull, 1953125ull,
    9765625ull, 48828125ull, 244140625ull, 1220703125ull, 6103515625ull, 30517578125ull,
    152587890625ull, 762939453125ull, 3814697265625ull, 19073486328125ull, 95367431640625ull,
    476837158203125ull, 2384185791015625ull, 11920928955078125ull, 59604644775390625ull,
    298023223876953125ull, 1490116119384765625ull, 7450580596923828125ull,
};

/* The digits of n * 10^exp (n the trimmed significand, `dropped` when the
 * trimming cut off a nonzero digit): format_finite's last steps -- drop
 * the trailing zeros, round half up on the first dropped digit to `prec`
 * digits (round_digits), format -- done on the integer. */
static void format_scaled_u64(sharc_buf *out, uint64_t n, long exp, bool dropped, unsigned prec,
                              unsigned max_pad, bool truncate_zero, bool *exact) {
  for (; n && n % 10 == 0; n /= 10)
    exp++;
  unsigned nd = n ? sharc_decimal_digits(n) : 1;
  *exact = !dropped && nd <= prec; /* the last digit is nonzero: rounding would drop it */
  if (nd > prec) {
    uint64_t div = sharc_pow10_u64[nd - prec], rem = n % div;
    n = n / div + (rem >= 5 * sharc_pow10_u64[nd - prec - 1]);
    exp += (long)(nd - prec);
    for (; n % 10 == 0; n /= 10) /* what the rounding left, or its carry made */
      exp++;
    nd = sharc_decimal_digits(n);
  }
  char dg[24]; /* most significant first, as format_digits takes them */
  sharc_put_digits_before(dg + nd, n);
  format_digits(out, dg, nd, exp, prec, max_pad, truncate_zero);
}

/* A nonzero value's digits before APFloat's decimal rounding: n * 10^exp,
 * n the significand truncated to a little more than `prec` digits, and
 * `dropped` when that truncation cut off a nonzero digit. */
typedef struct scaled {
  uint64_t n;
  long exp;
  bool dropped;
} scaled;

/* format_finite's exact scaling and truncation on 64-bit integers, for
 * values whose exact scaled form N * 2^e or N * 5^-e fits (most f32 and
 * many f64 values): the same steps, so the same digits, without bignums.
 * False when it does not fit. */
static inline bool scale_u64(uint64_t sig, long exp, unsigned prec, scaled *s) {
  if (exp > 0) {
    if (sharc_bit_length_u64(sig) + (unsigned long)exp > 63)
      return false;
    sig <<= exp;
    exp = 0;
  } else if (exp < 0) { /* n * 2^-e == n * 5^e * 10^-e; exp stays -e */
    if (-exp > 27) /* 5^28 does not fit */
      return false;
    uint64_t p5 = u64_pow5[-exp];
    if (sig > UINT64_MAX / p5)
      return false;
    sig *= p5;
  }
  unsigned bits = sharc_bit_length_u64(sig);
  unsigned required = (prec * 196 + 58) / 59; /* as trim_significand */
  s->dropped = false; /* a nonzero digit cut off: the text is not the exact value */
  if (bits > required) {
    unsigned tens = (bits - required) * 59 / 196; /* at most 19: 10^19 fits */
    exp += (long)tens;
    uint64_t p10 = sharc_pow10_u64[tens];
    s->dropped = sig % p10 != 0;
    sig /= p10;
  }
  s->n = sig;
  s->exp = exp;
  return true;
}

#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128w;

/* Fixed-size unsigned integers as arrays of n 64-bit limbs, least
 * significant first: the operations the 192- and 384-bit types share. */
static inline unsigned limbs_bitlen(const uint64_t *w, unsigned n) {
  for (unsigned i = n; i-- > 0;)
    if (w[i])
      return 64 * i + sharc_bit_length_u64(w[i]);
  return 0;
}

/* w >>= k (k < 64 n); true when a nonzero bit was shifted out */
static inline bool limbs_shr(uint64_t *w, unsigned n, unsigned k) {
  bool lost = false;
  unsigned limbs = k / 64, bits = k % 64;
  for (unsigned i = 0; i < limbs; i++)
    lost |= w[i] != 0;
  if (bits)
    lost |= (w[limbs] & ((1ull << bits) - 1)) != 0;
  for (unsigned i = 0; i < n; i++) {
    uint64_t lo = i + limbs < n ? w[i + limbs] : 0;
    uint64_t hi = i + limbs + 1 < n ? w[i + limbs + 1] : 0;
    w[i] = bits ? (lo >> bits) | (hi << (64 - bits)) : lo;
  }
  return lost;
}

/* w /= d; true when the remainder is nonzero */
static inline bool limbs_div_u64(uint64_t *w, unsigned n, uint64_t d) {
  uint64_t r = 0;
  for (unsigned i = n; i-- > 0;) {
    if (!r && !w[i])
      continue;
    u128w cur = ((u128w)r << 64) | w[i];
    w[i] = (uint64_t)(cur / d);
    r = (uint64_t)(cur % d);
  }
  return r != 0;
}

/* A 192-bit unsigned integer, least significant limb first: sig * 5^e for
 * a 64-bit sig and e <= 54 (5^54 < 2^126) fits, which covers the f64
 * values from about 2^-2 up whose 5^e overflows scale_u64: the common
 * case, kept apart from the wider type's longer loops. */
typedef struct u192 {
  uint64_t w[3];
} u192;

enum { WIDE_MAX_POW5 = 54 };

static u128w pow5_wide(unsigned k) {
  unsigned a = k < 27 ? k : 27;
  return (u128w)u64_pow5[a] * u64_pow5[k - a];
}

static u192 mul_u64_u128(uint64_t a, u128w b) {
  u128w lo = (u128w)a * (uint64_t)b, hi = (u128w)a * (uint64_t)(b >> 64);
  u128w mid = (lo >> 64) + (uint64_t)hi;
  return (u192){{(uint64_t)lo, (uint64_t)mid, (uint64_t)(hi >> 64) + (uint64_t)(mid >> 64)}};
}

/* The bit length of a u192, its limbs tested from the top without a loop. */
static inline unsigned u192_bitlen(const u192 *v) {
  if (v->w[2])
    return 128 + sharc_bit_length_u64(v->w[2]);
  return v->w[1] ? 64 + sharc_bit_length_u64(v->w[1]) : sharc_bit_length_u64(v->w[0]);
}

/* v >>= n (n < 192); true when a nonzero bit was shifted out */
static bool u192_shr(u192 *v, unsigned n) { return limbs_shr(v->w, 3, n); }

/* v /= d; true when the remainder is nonzero */
static bool u192_div_u64(u192 *v, uint64_t d) { return limbs_div_u64(v->w, 3, d); }

/* floor(sig * 5^k / 2^t) for t < 64 when sig * 5^k fits in 128 bits and
 * the quotient in 64, with *dropped set when a nonzero bit went; false
 * when either does not fit. Two multiplies and a shift: the common f32
 * and f64 case of scale_u192. */
static inline bool mul_pow5_shr(uint64_t sig, unsigned k, unsigned t, uint64_t *q, bool *dropped) {
  if (t >= 64)
    return false;
  u192 m = mul_u64_u128(sig, pow5_wide(k));
  if (m.w[2])
    return false;
  u128w v = ((u128w)m.w[1] << 64) | m.w[0];
  if ((v >> t) >> 64)
    return false;
  *q = (uint64_t)(v >> t);
  *dropped = (m.w[0] & ((UINT64_C(1) << t) - 1)) != 0;
  return true;
}

/* floor(sig / (5^k * 2^t)) when that divisor fits in 64 bits: the value
 * N = sig * 5^e divided by 10^t for t >= e (k = t - e), in one division. */
static inline bool div_pow10_ge(uint64_t sig, unsigned k, unsigned t, uint64_t *q, bool *dropped) {
  if (k > 27 || t >= 64 || sharc_bit_length_u64(u64_pow5[k]) + t > 64)
    return false;
  uint64_t d = u64_pow5[k] << t;
  *q = sig / d;
  *dropped = sig % d != 0;
  return true;
}

/* scale_u64 for sig * 2^exp with -54 <= exp < 0, in 192-bit integers:
 * N = sig * 5^e, then floor(N / 10^t) as floor(sig * 5^(e-t) / 2^t), or
 * as floor(floor(N / 2^t) / 5^t) when t > e; the same digits as the
 * bignum route. False when the value or its trimmed form does not fit. */
static inline bool scale_u192(uint64_t sig, long exp, unsigned prec, scaled *s) {
  if (exp >= 0 || -exp > WIDE_MAX_POW5)
    return false;
  unsigned e = (unsigned)-exp;
  u192 n = mul_u64_u128(sig, pow5_wide(e));
  unsigned bits = u192_bitlen(&n);
  unsigned required = (prec * 196 + 58) / 59; /* as trim_significand */
  bool dropped = false;
  unsigned tens = bits > required ? (bits - required) * 59 / 196 : 0;
  uint64_t q;
  if (!tens) {
    if (n.w[1] || n.w[2])
      return false;
    q = n.w[0];
  } else if (tens < e ? mul_pow5_shr(sig, e - tens, tens, &q, &dropped)
                      : div_pow10_ge(sig, tens - e, tens, &q, &dropped)) {
    /* the one-step forms */
  } else {
    if (tens >= e) {
      dropped = u192_shr(&n, tens);
      for (unsigned left = tens; left; left -= left < 27 ? left : 27)
        dropped |= u192_div_u64(&n, u64_pow5[left < 27 ? left : 27]);
    } else {
      n = mul_u64_u128(sig, pow5_wide(e - tens));
      dropped = u192_shr(&n, tens);
    }
    if (n.w[1] || n.w[2])
      return false;
    q = n.w[0];
  }
  *s = (scaled){q, exp + (long)tens, dropped};
  return true;
}

/* A 384-bit unsigned integer on the stack, least significant limb first:
 * big enough for sig * 5^e of every f32 (24 + 149 * 2.33 bits) and of the
 * f64 values down to about 1e-27 and up to about 1e100, which would
 * otherwise take the heap-allocated bignums. */
enum { WIDE_LIMBS = 6, WIDE_BITS = 64 * WIDE_LIMBS };
typedef struct wide {
  uint64_t w[WIDE_LIMBS];
} wide;

static wide wide_from(uint64_t v) { return (wide){{v}}; }

/* v *= m; false when the product does not fit */
static bool wide_mul_u64(wide *v, uint64_t m) {
  uint64_t carry = 0;
  for (unsigned i = 0; i < WIDE_LIMBS; i++) {
    u128w cur = (u128w)v->w[i] * m + carry;
    v->w[i] = (uint64_t)cur;
    carry = (uint64_t)(cur >> 64);
  }
  return carry == 0;
}

/* v *= 5^k, 27 powers at a time; false when it does not fit */
static bool wide_mul_pow5(wide *v, unsigned long k) {
  for (; k; k -= k < 27 ? k : 27)
    if (!wide_mul_u64(v, u64_pow5[k < 27 ? k : 27]))
      return false;
  return true;
}

static unsigned wide_bitlen(const wide *v) { return limbs_bitlen(v->w, WIDE_LIMBS); }

/* v >>= n (n < WIDE_BITS); true when a nonzero bit was shifted out */
static bool wide_shr(wide *v, unsigned n) { return limbs_shr(v->w, WIDE_LIMBS, n); }

/* sig << n for bitlen(sig) + n <= WIDE_BITS */
static wide wide_shl_u64(uint64_t sig, unsigned n) {
  wide v = {{0}};
  unsigned limb = n / 64, bits = n % 64;
  v.w[limb] = sig << bits;
  if (bits && limb + 1 < WIDE_LIMBS)
    v.w[limb + 1] = sig >> (64 - bits);
  return v;
}

/* v /= d; true when the remainder is nonzero */
static bool wide_div_u64(wide *v, uint64_t d) { return limbs_div_u64(v->w, WIDE_LIMBS, d); }

/* v /= p^k for p^chunk the largest power in a 64-bit table entry; true
 * when a nonzero remainder was dropped */
static bool wide_div_pow(wide *v, const uint64_t *pow, unsigned chunk, unsigned long k) {
  bool dropped = false;
  for (; k; k -= k < chunk ? k : chunk)
    dropped |= wide_div_u64(v, pow[k < chunk ? k : chunk]);
  return dropped;
}

/* The digits kept: trim_significand's count of tens for `bits`. */
static unsigned long trim_tens(unsigned bits, unsigned prec) {
  unsigned required = (prec * 196 + 58) / 59;
  return bits > required ? (unsigned long)(bits - required) * 59 / 196 : 0;
}

/* scale_u64 for sig * 2^exp in 384-bit integers. With exp > 0, N = sig *
 * 2^exp and floor(N / 10^t) by division; with exp = -e < 0, N = sig * 5^e
 * and floor(N / 10^t) as floor(sig * 5^(e-t) / 2^t), or as
 * floor(floor(N / 2^t) / 5^t) when t >= e: the same digits as the bignum
 * route. False when the value or its trimmed form does not fit. */
__attribute__((noinline)) /* rare: its frame stays out of the common path */
static bool scale_wide(uint64_t sig, long exp, unsigned prec, scaled *s) {
  wide n;
  bool dropped = false;
  unsigned long tens;
  if (exp >= 0) {
    if (sharc_bit_length_u64(sig) + (unsigned long)exp > WIDE_BITS)
      return false;
    n = wide_shl_u64(sig, (unsigned)exp);
    tens = trim_tens(wide_bitlen(&n), prec);
    dropped = wide_div_pow(&n, sharc_pow10_u64, 19, tens);
    exp = 0;
  } else {
    unsigned long e = (unsigned long)-exp;
    n = wide_from(sig);
    if (!wide_mul_pow5(&n, e))
      return false;
    tens = trim_tens(wide_bitlen(&n), prec);
    if (tens >= e) {
      dropped = wide_shr(&n, (unsigned)tens);
      dropped |= wide_div_pow(&n, u64_pow5, 27, tens);
    } else if (tens) {
      uint64_t q;
      if (e - tens <= WIDE_MAX_POW5 && mul_pow5_shr(sig, (unsigned)(e - tens), (unsigned)tens, &q, &dropped)) {
        *s = (scaled){q, exp + (long)tens, dropped}; /* f32's small values: one multiply-shift */
        return true;
      }
      n = wide_from(sig);
      wide_mul_pow5(&n, e - tens); /* smaller than sig * 5^e: fits */
      dropped = wide_shr(&n, (unsigned)tens);
    }
  }
  for (unsigned i = 1; i < WIDE_LIMBS; i++)
    if (n.w[i])
      return false;
  *s = (scaled){n.w[0], exp + (long)tens, dropped};
  return true;
}
#endif

/* The bignum-free scalings, in order; false when neither fits. Inlined
 * into the short form's fast printer, where `prec` is a constant and the
 * call's frame was a fifth of the scaling's cost; called elsewhere. */
static inline __attribute__((always_inline)) bool scale_fast_inline(uint64_t sig, long exp, unsigned prec,
                                                                    scaled *s) {
  if (scale_u64(sig, exp, prec, s))
    return true;
#ifdef __SIZEOF_INT128__
  return scale_u192(sig, exp, prec, s) || scale_wide(sig, exp, prec, s);
#else
  return false;
#endif
}

static bool scale_fast(uint64_t sig, long exp, unsigned prec, scaled *s) {
  return scale_fast_inline(sig, exp, prec, s);
}

static void format_zero(sharc_buf *out, unsigned prec, unsigned max_pad, bool truncate_zero) {
  if (max_pad) {
    sharc_buf_putc(out, '0');
  } else if (truncate_zero) {
    sharc_buf_puts(out, "0.0E+0");
  } else {
    sharc_buf_puts(out, "0.0");
    for (unsigned i = 1; i < prec; i++)
      sharc_buf_putc(out, '0');
    sharc_buf_puts(out, "e+00");
  }
}

/* `*exact` (when given) is set when the text is the value's exact decimal
 * expansion, which then reads back as the value itself. */
static void apf_to_string(const fmt *f, const apf *v, unsigned prec, unsigned max_pad,
                          bool truncate_zero, sharc_buf *out, bool *exact) {
  bool ignored;
  if (!exact)
    exact = &ignored;
  *exact = false;
  if (v->cat == C_INF) {
    sharc_buf_puts(out, v->sign ? "-Inf" : "+Inf");
    return;
  }
  if (v->cat == C_NAN) {
    sharc_buf_puts(out, "NaN");
    return;
  }
  if (v->sign)
    sharc_buf_putc(out, '-');
  if (v->cat == C_ZERO) {
    format_zero(out, prec, max_pad, truncate_zero);
    return;
  }
#ifndef SHARC_APFLOAT_BIGNUM_ONLY /* defined only to cross-check the fast paths */
  long exp2 = (long)v->exp - (long)(f->prec - 1);
  if (v->sig.hi == 0 && v->sig.lo) {
    unsigned digits = prec ? prec : 2 + f->prec * 59 / 196;
    unsigned tz = (unsigned)__builtin_ctzll(v->sig.lo); /* drop trailing binary zeros */
    uint64_t sig = v->sig.lo >> tz;
    long e2 = exp2 + (long)tz;
    scaled sc;
    if (scale_fast(sig, e2, digits, &sc)) {
      format_scaled_u64(out, sc.n, sc.exp, sc.dropped, digits, max_pad, truncate_zero, exact);
      return;
    }
  }
#endif
  bn sig = {0};
  bn_set_u128(&sig, v->sig);
  format_finite(out, &sig, (long)v->exp - (long)(f->prec - 1), f->prec, prec, max_pad,
                truncate_zero);
  bn_free(&sig);
}

static void put_hex(u128 v, sharc_buf *out) {
  static const char hex[] = "0123456789ABCDEF";
  char tmp[32];
  int n = 0;
  do {
    tmp[n++] = hex[v.lo & 15];
    v = u128_shr(v, 4);
  } while (!u128_is_zero(v));
  sharc_buf_puts(out, "0x");
  while (n--)
    sharc_buf_putc(out, tmp[n]);
}

/* ---------------------------------------------------------------------------
 * Public API
 * ------------------------------------------------------------------------ */

unsigned sharc_float_bits(sharc_float_kind k) { return fmt_of(k)->bits; }

const char *sharc_float_name(sharc_float_kind k) { return fmt_of(k)->name; }

bool sharc_float_kind_from_name(sharc_str s, sharc_float_kind *out) {
  /* every float type name starts with f, b or t: most identifiers stop here */
  if (s.len < 3 || (s.data[0] != 'f' && s.data[0] != 'b' && s.data[0] != 't'))
    return false;
  if (s.data[0] != 'f') { /* only bf16 and tf32 start otherwise */
    sharc_float_kind k = s.data[0] == 'b' ? SHARC_BF16 : SHARC_TF32;
    if (s.len != 4 || memcmp(s.data, fmts[k].name, 4) != 0)
      return false;
    *out = k;
    return true;
  }
  if (s.len == 3) { /* the common ones, without a scan */
    static const sharc_float_kind three[] = {SHARC_F16, SHARC_F32, SHARC_F64, SHARC_F80};
    for (size_t i = 0; i < sizeof three / sizeof three[0]; i++)
      if (fmts[three[i]].name[1] == s.data[1] && fmts[three[i]].name[2] == s.data[2]) {
        *out = three[i];
        return true;
      }
    return false;
  }
  for (int k = 0; k < SHARC_FLOAT_KIND_COUNT; k++) {
    const char *name = fmts[k].name;
    if (name[0] == s.data[0] && strlen(name) == s.len && memcmp(name, s.data, s.len) == 0) {
      *out = (sharc_float_kind)k;
      return true;
    }
  }
  return false;
}

bool sharc_float_has_inf(sharc_float_kind k) { return fmt_of(k)->nf == NF_IEEE; }
bool sharc_float_has_nan(sharc_float_kind k) { return fmt_of(k)->nf != NF_FINITE_ONLY; }

static void store(u128 v, uint64_t *lo, uint64_t *hi) {
  *lo = v.lo;
  *hi = v.hi;
}

bool sharc_float_from_decimal(sharc_float_kind k, sharc_str text, uint64_t *lo,
                              uint64_t *hi) {
  const fmt *f = fmt_of(k);
  apf v;
  if (!text_to_apf(f, text.data, text.len, &v))
    return false;
  store(pack_value(f, &v), lo, hi);
  return true;
}

/* The powers of ten exact in a double and in a float: Clinger's fast path
 * (decimal_fast, short_reads_back). */
static const double pow10d[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
static const float pow10f[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
                               1e6f, 1e7f, 1e8f, 1e9f, 1e10f};

/* Appends the digits at p to w (w * 10 + d each), stopping at the first
 * non-digit; the caller bounds their count. */
static const char *read_digits(const char *p, const char *end, uint64_t *w) {
  uint64_t v = *w;
  for (unsigned d; p < end && (d = (unsigned)(unsigned char)*p - '0') < 10; p++)
    v = v * 10 + d;
  *w = v;
  return p;
}

/* Clinger's fast path: a decimal whose digits form an integer w and whose
 * power of ten are both exact in the format (w < 2^53 and 10^22 for f64,
 * 2^24 and 10^10 for f32) is w * 10^e or w / 10^-e: one correctly rounded
 * IEEE operation on exact operands, i.e. the value strtod/strtof return.
 * False (the caller asks strtod) for anything else, malformed text too. */
static bool decimal_fast(sharc_float_kind k, bool minus, const char *s, size_t len,
                         uint64_t *bits) {
  const char *p = s, *end = s + len;
  bool neg = minus || (p < end && *p == '-');
  if (!minus && p < end && (*p == '-' || *p == '+'))
    p++;
  uint64_t w = 0;
  const char *whole = p;
  p = read_digits(p, end, &w);
  long digits = p - whole, scale = 0;
  if (p < end && *p == '.') {
    const char *frac = ++p;
    p = read_digits(p, end, &w);
    scale = frac - p;
    digits -= scale;
  }
  if (!digits || digits > 19) /* 19 digits always fit in w; more may not */
    return false;
  if (p < end && (*p == 'e' || *p == 'E')) {
    p++;
    bool eneg = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+'))
      p++;
    if (p == end || *p < '0' || *p > '9')
      return false;
    long e = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++)
      if ((e = e * 10 + (*p - '0')) > 100000)
        return false;
    scale += eneg ? -e : e;
  }
  if (p != end)
    return false;
  long mag = scale < 0 ? -scale : scale;
  if (k == SHARC_F64) {
    if (w > (1ull << 53) || mag > 22)
      return false;
    double d = (double)w;
    d = scale < 0 ? d / pow10d[mag] : d * pow10d[mag];
    if (neg)
      d = -d;
    memcpy(bits, &d, sizeof d);
    return true;
  }
  if (w > (1ull << 24) || mag > 10)
    return false;
  float x = (float)w;
  x = scale < 0 ? x / pow10f[mag] : x * pow10f[mag];
  if (neg)
    x = -x;
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  *bits = b;
  return true;
}

/* strtod/strtof round correctly, exactly like APFloat's decimal parse into
 * the same format, and are much faster than the bignum route. Literals from
 * the lexer are plain decimals, so strtod's other syntaxes never occur. */
static bool strto_fast_signed(sharc_float_kind k, bool minus, const char *s, size_t len,
                              uint64_t *bits) {
  char buf[64];
  size_t n = len + minus; /* the text read is `-` (when minus) and s */
  if (n == 0 || n >= sizeof buf || (k != SHARC_F64 && k != SHARC_F32))
    return false;
  if (decimal_fast(k, minus, s, len, bits))
    return true;
  /* plain decimal syntax only: strtod would also take hex floats, inf, nan */
  for (size_t i = 0; i < len; i++)
    if (!((s[i] >= '0' && s[i] <= '9') || s[i] == '.' || s[i] == 'e' || s[i] == 'E' ||
          s[i] == '+' || s[i] == '-'))
      return false;
  buf[0] = '-';
  memcpy(buf + minus, s, len);
  buf[n] = 0;
  char *end;
  if (k == SHARC_F64) {
    double d = strtod(buf, &end);
    memcpy(bits, &d, sizeof d);
  } else {
    float x = strtof(buf, &end);
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    *bits = b;
  }
  return end == buf + n;
}

static bool strto_fast(sharc_float_kind k, const char *s, size_t len, uint64_t *bits) {
  return strto_fast_signed(k, false, s, len, bits);
}

/* convert() from a normal double into a narrower format with inf and
 * subnormals (f16, bf16, f32, tf32, f8E5M2, f8E4M3, f8E3M4), round to
 * nearest-even, on the bits: the significand's dropped bits decide the
 * rounding, a carry out of it bumps the exponent, and an exponent past the
 * format's range is inf. False (the caller converts the general way) for
 * the other formats and for zero, subnormal, inf and NaN doubles. */
static bool narrow_double(const fmt *f, uint64_t d, uint64_t *out) {
  unsigned t = f->prec - 1;
  unsigned long e = (d >> 52) & 0x7ff;
  if (f->nf != NF_IEEE || f->bits > 32 || e == 0 || e == 0x7ff)
    return false;
  uint64_t sig = (d & ((1ull << 52) - 1)) | (1ull << 52);
  long exp = (long)e - 1023, te = exp < f->min_exp ? f->min_exp : exp;
  unsigned long shift = (unsigned long)(52 - t) + (unsigned long)(te - exp);
  uint64_t q = 0;
  if (shift <= 54) { /* more drops everything below a quarter ulp: zero */
    uint64_t half = 1ull << (shift - 1), rem = sig & ((half << 1) - 1);
    q = sig >> shift;
    q += rem > half || (rem == half && (q & 1));
  }
  if (q >> (t + 1)) { /* the carry made it 2^(t+1) */
    q >>= 1;
    te++;
  }
  uint64_t biased = q >> t ? (uint64_t)(te + exponent_bias(f)) : 0;
  uint64_t emax = (1ull << (f->bits - 1 - t)) - 1;
  if (biased >= emax) { /* overflow: inf */
    biased = emax;
    q = 0;
  }
  *out = ((d >> 63) << (f->bits - 1)) | biased << t | (q & ((1ull << t) - 1));
  return true;
}

/* The bignum route for `-text` (when minus) or `text`: the sign is part of
 * the text it reads, written before it here (rare: the fast paths take
 * almost every literal). */
static bool text_to_apf_signed(const fmt *f, bool minus, sharc_str text, apf *out) {
  if (!minus)
    return text_to_apf(f, text.data, text.len, out);
  char stack_buf[128];
  size_t n = text.len + 1;
  char *buf = n <= sizeof stack_buf ? stack_buf : malloc(n);
  if (!buf)
    return false;
  buf[0] = '-';
  memcpy(buf + 1, text.data, text.len);
  bool ok = text_to_apf(f, buf, n, out);
  if (buf != stack_buf)
    free(buf);
  return ok;
}

bool sharc_float_parse_literal(sharc_float_kind k, sharc_str text, uint64_t *lo,
                               uint64_t *hi) {
  return sharc_float_parse_literal_signed(k, false, text, lo, hi);
}

/* A literal's double into format f as MLIR's parser converts it: APFloat's
 * convert, except that an infinity (a literal past the double's range) into
 * a format without one stays an infinity, whose bits APFloat writes with
 * the exponent maxExponent + 1 + bias cut to the format's field (pack does
 * the same): +-0 for f4E2M1FN, f6E2M3FN and f6E3M2FN (mlir-opt-22 prints
 * `1.0e400 : f4E2M1FN` as 0x0), where sharc_float_from_double refuses. */
static bool literal_convert(const fmt *f64, const apf *d, const fmt *f, uint64_t *lo,
                            uint64_t *hi) {
  apf v;
  if (d->cat == C_INF && f->nf == NF_FINITE_ONLY)
    v = (apf){C_INF, d->sign, f->max_exp + 1, {0, 0}};
  else if (!convert(f64, d, f, &v))
    return false;
  store(pack_value(f, &v), lo, hi);
  return true;
}

bool sharc_float_parse_literal_signed(sharc_float_kind k, bool minus, sharc_str text,
                                      uint64_t *lo, uint64_t *hi) {
  const fmt *f64 = &fmts[SHARC_F64], *f = fmt_of(k);
#ifndef SHARC_APFLOAT_BIGNUM_ONLY
  uint64_t dbits;
  if (strto_fast_signed(SHARC_F64, minus, text.data, text.len, &dbits)) {
    if (k == SHARC_F64) {
      *lo = dbits;
      *hi = 0;
      return true;
    }
    if (narrow_double(f, dbits, lo)) {
      *hi = 0;
      return true;
    }
    apf dv = unpack(f64, dbits, 0);
    return literal_convert(f64, &dv, f, lo, hi);
  }
#endif
  apf d;
  return text_to_apf_signed(f64, minus, text, &d) && literal_convert(f64, &d, f, lo, hi);
}

bool sharc_float_from_double(sharc_float_kind k, double x, uint64_t *lo, uint64_t *hi) {
  const fmt *f64 = &fmts[SHARC_F64], *f = fmt_of(k);
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  apf d = unpack(f64, bits, 0), v;
  if (!convert(f64, &d, f, &v))
    return false;
  store(pack_value(f, &v), lo, hi);
  return true;
}

double sharc_float_to_double(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  const fmt *f64 = &fmts[SHARC_F64], *f = fmt_of(k);
  apf v = unpack(f, lo, hi), d;
  /* A NaN whose payload shifts out entirely would pack as inf. */
  if (!convert(f, &v, f64, &d) ||
      (v.cat == C_NAN && u128_is_zero(u128_and(d.sig, u128_mask(52)))))
    d = make_nan(f64, v.sign);
  uint64_t bits = pack(f64, &d).lo;
  double x;
  memcpy(&x, &bits, sizeof x);
  return x;
}

void sharc_float_to_string(sharc_float_kind k, uint64_t lo, uint64_t hi,
                           unsigned precision, unsigned max_padding,
                           bool truncate_zero, sharc_buf *out) {
  const fmt *f = fmt_of(k);
  apf v = unpack(f, lo, hi);
  apf_to_string(f, &v, precision, max_padding, truncate_zero, out, NULL);
}

void sharc_float_print_hex(sharc_float_kind k, uint64_t lo, uint64_t hi, sharc_buf *out) {
  /* MLIR prints the bits of the APFloat, i.e. after decoding and re-encoding
   * (an f80 unnormal comes back as a canonical NaN pattern). */
  const fmt *f = fmt_of(k);
  apf v = unpack(f, lo, hi);
  put_hex(pack(f, &v), out);
}

/* Drops what was appended to `out` after `len`. */
static void buf_truncate(sharc_buf *out, size_t len) {
  out->len = len;
  if (out->data)
    out->data[len] = 0;
}

/* Tries the short 6-digit form, which is only usable when it round-trips;
 * an exact expansion of an IEEE value needs no reading back. Written into
 * `out` directly and taken back when unusable. */
static bool print_short(const fmt *f, const apf *v, sharc_buf *out) {
  size_t start = out->len;
  bool exact;
  apf_to_string(f, v, 6, 0, false, out, &exact);
  sharc_float_kind k = (sharc_float_kind)(f - fmts);
  if (exact && (k == SHARC_F16 || k == SHARC_BF16 || k == SHARC_F32 || k == SHARC_F64))
    return true;
  /* six digits always read back to the same f16 or bf16 (10^5 exceeds 2^11
   * and 2^8: Matula's bound), so the bignum read-back is skipped; the unit
   * test of apfloat checks every one of the 2^16 patterns of each */
  if (k == SHARC_F16 || k == SHARC_BF16)
    return true;
  const char *s = out->data + start;
  size_t n = out->len - start;
  uint64_t fast_bits;
  apf back;
  bool ok;
#ifdef SHARC_APFLOAT_BIGNUM_ONLY
  if (false) {
#else
  if (strto_fast(k, s, n, &fast_bits)) {
#endif
    u128 mine = pack(f, v);
    ok = mine.lo == fast_bits && mine.hi == 0;
  } else {
    ok = text_to_apf(f, s, n, &back) && apf_identical(&back, v);
  }
  if (!ok)
    buf_truncate(out, start);
  return ok;
}

/* Falls back to the default precision, usable only with a '.' in it. */
static bool print_long(const fmt *f, const apf *v, sharc_buf *out) {
  size_t start = out->len;
  apf_to_string(f, v, 0, 3, true, out, NULL);
  bool ok = memchr(out->data + start, '.', out->len - start) != NULL;
  if (!ok)
    buf_truncate(out, start);
  return ok;
}

/* ---------------------------------------------------------------------------
 * The fast printer: printFloatValue for f16, bf16, f32 and f64 straight
 * from the bits, with the short form's digits and exponent computed in
 * integers and its read-back done on those integers (Clinger) instead of
 * on the text. The same steps as print_short / print_long, so the same
 * bytes; whatever it cannot settle goes the general way.
 * ------------------------------------------------------------------------ */

/* The short form's digits: n * 10^exp rounded half up to six digits, as
 * round_digits does, giving q (100000 <= q < 10^6) times 10^(e10 - 5).
 * True when that is the value itself (nothing dropped, nothing rounded). */
static inline __attribute__((always_inline)) bool round_short(const scaled *s, uint32_t *q, long *e10) {
  unsigned d = sharc_decimal_digits(s->n);
  *e10 = s->exp + (long)d - 1;
  if (d <= 6) {
    *q = (uint32_t)(s->n * sharc_pow10_u64[6 - d]);
    return !s->dropped;
  }
  uint64_t div = sharc_pow10_u64[d - 6], rem = s->n % div, r = s->n / div;
  if (rem / sharc_pow10_u64[d - 7] >= 5 && ++r == 1000000) {
    r = 100000;
    (*e10)++;
  }
  *q = (uint32_t)r;
  return !s->dropped && rem == 0;
}

/* "d.ddddd0e+XX": what format_digits and put_exponent write for six
 * digits, precision 6, no padding limit and no zero truncation. */
static inline __attribute__((always_inline)) void put_short(sharc_buf *out, bool neg, uint32_t q, long e10) {
  if (out->len + 17 > out->cap) /* "-d.ddddd0e+XXX" and the NUL */
    sharc_buf_reserve(out, 16);
  char *p = out->data + out->len;
  *p = '-';
  p += neg;
  /* q has six digits: a pair, then two more pairs, in 32-bit arithmetic
   * with no loop (the first pair straddles the point) */
  uint32_t top = q / 10000, low = q - top * 10000, mid = low / 100;
  p[0] = sharc_digit_pairs[2 * top];
  p[1] = '.';
  p[2] = sharc_digit_pairs[2 * top + 1];
  memcpy(p + 3, sharc_digit_pairs + 2 * mid, 2);
  memcpy(p + 5, sharc_digit_pairs + 2 * (low - mid * 100), 2);
  memcpy(p + 7, "0e", 2);
  p[9] = e10 < 0 ? '-' : '+';
  unsigned long mag = e10 < 0 ? (unsigned long)-e10 : (unsigned long)e10;
  p += 10;
  if (mag >= 100) {
    *p++ = (char)('0' + mag / 100);
    mag %= 100;
  }
  memcpy(p, sharc_digit_pairs + 2 * mag, 2);
  p[2] = 0;
  out->len = (size_t)(p + 2 - out->data);
}

/* Whether a decimal D whose correctly rounded double is d > 0 reads back
 * as the f32 magnitude `mag`: (float)d is D rounded to f32 unless d sits
 * exactly halfway between two f32 values (every such midpoint is a double,
 * so a midpoint strictly between D and d would be nearer to D than d is);
 * -1 for that case. */
static int f32_via_double(double d, uint64_t mag) {
  float x = (float)d, y;
  uint32_t b, nb;
  memcpy(&b, &x, sizeof b);
  if ((double)x != d) {
    nb = (double)x < d ? b + 1 : b - 1;
    memcpy(&y, &nb, sizeof y);
    if (((double)x + (double)y) / 2 == d)
      return -1;
  }
  return b == mag;
}

/* Whether q * 10^p reads back as the magnitude `mag` in f32 / f64:
 * Clinger's fast path (q < 2^24 and 10^|p| exact in the format, so one
 * correctly rounded operation), as decimal_fast reads the text; for f32
 * with 10^|p| exact only in double, that double rounded once more. -1
 * where neither applies. */
static int short_reads_back(sharc_float_kind k, uint32_t q, long p, uint64_t mag) {
  long a = p < 0 ? -p : p;
  if (k == SHARC_F64) {
    if (a > 22)
      return -1;
    double d = p < 0 ? (double)q / pow10d[a] : (double)q * pow10d[a];
    return sharc_double_bits(d) == mag;
  }
  if (a > 22)
    return -1;
  if (a <= 10) {
    float x = p < 0 ? (float)q / pow10f[a] : (float)q * pow10f[a];
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b == mag;
  }
  return f32_via_double(p < 0 ? (double)q / pow10d[a] : (double)q * pow10d[a], mag);
}

/* print_long from the bits: the default precision, usable with a '.'. */
static bool print_long_fast(const fmt *f, bool neg, uint64_t sig, long e2, sharc_buf *out) {
  unsigned digits = 2 + f->prec * 59 / 196;
  scaled sc;
  if (!scale_fast(sig, e2, digits, &sc))
    return false;
  size_t start = out->len;
  if (neg)
    sharc_buf_putc(out, '-');
  bool exact;
  format_scaled_u64(out, sc.n, sc.exp, sc.dropped, digits, 3, true, &exact);
  if (memchr(out->data + start, '.', out->len - start))
    return true;
  buf_truncate(out, start);
  return false;
}

/* sharc_float_print for f16, bf16, f32 and f64; false (nothing written)
 * for NaN and values whose digits need the bignums. */
/* The layout of format k as constants: print_ieee_fast is inlined once
 * per format with them folded (the table's loads and variable shifts were
 * a tenth of a float's cost). */
#define IEEE_WIDTH(k) ((k) == SHARC_F16 ? 16u : (k) == SHARC_BF16 ? 16u : (k) == SHARC_F32 ? 32u : 64u)
#define IEEE_PREC(k) ((k) == SHARC_F16 ? 11u : (k) == SHARC_BF16 ? 8u : (k) == SHARC_F32 ? 24u : 53u)
#define IEEE_BIAS(k) ((k) == SHARC_F16 ? 15L : (k) == SHARC_BF16 ? 127L : (k) == SHARC_F32 ? 127L : 1023L)

static inline __attribute__((always_inline)) bool print_ieee_fast(sharc_float_kind k, uint64_t bits,
                                                                  sharc_buf *out) {
  const fmt *f = &fmts[k];
  const unsigned width = IEEE_WIDTH(k), t = IEEE_PREC(k) - 1, ebits = width - 1 - t;
  bool neg = (bits >> (width - 1)) & 1;
  bits &= ~0ull >> (64 - width); /* as unpack: only the storage width counts */
  uint64_t mag = bits & (~0ull >> (65 - width));
  uint64_t mant = mag & ((1ull << t) - 1), biased = mag >> t;
  if (biased == (1ull << ebits) - 1) { /* inf and NaN print as hex */
    if (mant)
      return false; /* a NaN's bits are its own (see pack) */
    put_hex((u128){bits, 0}, out); /* an infinity's are these */
    return true;
  }
  if (mag == 0) {
    if (neg)
      SHARC_BUF_LIT(out, "-0.000000e+00");
    else
      SHARC_BUF_LIT(out, "0.000000e+00");
    return true;
  }
  uint64_t sig = biased ? mant | (1ull << t) : mant;
  long e2 = (biased ? (long)biased : 1) - IEEE_BIAS(k) - (long)t;
  unsigned tz = (unsigned)__builtin_ctzll(sig); /* as apf_to_string */
  sig >>= tz;
  e2 += (long)tz;
  scaled sc;
  if (!scale_fast_inline(sig, e2, 6, &sc))
    return false;
  uint32_t q;
  long e10;
  bool exact = round_short(&sc, &q, &e10);
  size_t start = out->len;
  put_short(out, neg, q, e10);
  if (exact || k == SHARC_F16 || k == SHARC_BF16) /* see print_short */
    return true;
  int back = short_reads_back(k, q, e10 - 5, mag);
  if (back < 0) { /* read the text back as print_short does */
    uint64_t read;
    back = strto_fast(k, out->data + start, out->len - start, &read) ? read == bits : -1;
  }
  if (back > 0)
    return true;
  buf_truncate(out, start);
  return back == 0 && print_long_fast(f, neg, sig, e2, out);
}

void sharc_float_print(sharc_float_kind k, uint64_t lo, uint64_t hi, sharc_buf *out) {
#ifndef SHARC_APFLOAT_BIGNUM_ONLY
  /* one inlined copy per format, its layout constant */
  bool done = k == SHARC_F32    ? print_ieee_fast(SHARC_F32, lo, out)
              : k == SHARC_F64  ? print_ieee_fast(SHARC_F64, lo, out)
              : k == SHARC_F16  ? print_ieee_fast(SHARC_F16, lo, out)
              : k == SHARC_BF16 ? print_ieee_fast(SHARC_BF16, lo, out)
                                : false;
  if (done)
    return;
#endif
  const fmt *f = fmt_of(k);
  apf v = unpack(f, lo, hi);
  if (v.cat != C_INF && v.cat != C_NAN && (print_short(f, &v, out) || print_long(f, &v, out)))
    return;
  put_hex(pack(f, &v), out);
}

bool sharc_float_bits_fit(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  u128 v = {lo, hi};
  return u128_eq(u128_and(v, width_mask(fmt_of(k))), v);
}

bool sharc_float_is_nan(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  return unpack(fmt_of(k), lo, hi).cat == C_NAN;
}

bool sharc_float_is_inf(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  return unpack(fmt_of(k), lo, hi).cat == C_INF;
}

bool sharc_float_is_zero(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  return unpack(fmt_of(k), lo, hi).cat == C_ZERO;
}

bool sharc_float_is_negative(sharc_float_kind k, uint64_t lo, uint64_t hi) {
  return unpack(fmt_of(k), lo, hi).sign;
}

bool sharc_float_equal_bits(sharc_float_kind k, uint64_t alo, uint64_t ahi, uint64_t blo,
                            uint64_t bhi) {
  u128 m = width_mask(fmt_of(k));
  return u128_eq(u128_and((u128){alo, ahi}, m), u128_and((u128){blo, bhi}, m));
}

/* IEEEFloat::makeLargest: the largest exponent and an all-ones significand,
 * less one ulp where the all-ones pattern is the format's NaN. */
bool sharc_float_largest(sharc_float_kind k, bool negative, uint64_t *lo, uint64_t *hi) {
  const fmt *f = fmt_of(k);
  if (negative && f->unsigned_only)
    return false;
  apf v = {C_NORMAL, negative, f->max_exp, u128_mask(f->prec)};
  if (f->nf == NF_NAN_ONLY && f->nan == NAN_ALL_ONES && f->prec > 1)
    v.sig.lo &= ~1ull;
  store(pack(f, &v), lo, hi);
  return true;
}

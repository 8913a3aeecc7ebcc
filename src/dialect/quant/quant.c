/* The quant dialect: its types parsed, verified and printed as MLIR's quant
 * dialect does, uniqued by value in the context. */
#include "dialect/quant/quant.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/parser.h"
#include "asm/printer.h"
#include "asm/verify_internal.h"
#include "support/apfloat.h"
#include "support/xalloc.h"

/* Parameter words, shared by every kind:
 *   [0] kind  [1] signed  [2] storage type  [3] expressed type
 *   [4] storage min  [5] storage max
 * then per kind:
 *   uniform:     [6] scale (double bits)  [7] zero point
 *   per axis:    [6] dim  [7] n  n scales (double bits), n zero points
 *   sub-channel: [6] rank r of the scale tensor  [7] number of blocks b,
 *                r dims, b (axis, size) pairs, N scales as (lo, hi) bits of
 *                the expressed type, N zero points (N: product of dims)
 *   calibrated:  [4] min  [5] max (double bits), no storage. */
enum { W_KIND, W_SIGNED, W_STORAGE, W_EXPRESSED, W_MIN, W_MAX, W_HEAD };

#define MAX_STORAGE_BITS 32

extern const sharc_type_def sharc_quant_any_def;
extern const sharc_type_def sharc_quant_uniform_def;
extern const sharc_type_def sharc_quant_calibrated_def;

static const uintptr_t *W(const sharc_type *t) { return t->params.words; }

sharc_quant_kind sharc_quant_kind_of(const sharc_type *t) {
  if (!t || t->kind != SHARC_TYPE_DIALECT || t->def->dialect != &sharc_quant_dialect)
    return SHARC_QUANT_NONE;
  return (sharc_quant_kind)W(t)[W_KIND];
}

bool sharc_quant_is_signed(const sharc_type *t) { return W(t)[W_SIGNED] != 0; }
sharc_type *sharc_quant_storage_type(const sharc_type *t) { return (sharc_type *)W(t)[W_STORAGE]; }
sharc_type *sharc_quant_expressed_type(const sharc_type *t) {
  return (sharc_type *)W(t)[W_EXPRESSED];
}
unsigned sharc_quant_storage_width(const sharc_type *t) {
  const sharc_type *s = sharc_quant_storage_type(t);
  return s ? s->integer.width : 0;
}
int64_t sharc_quant_storage_min(const sharc_type *t) { return (int64_t)W(t)[W_MIN]; }
int64_t sharc_quant_storage_max(const sharc_type *t) { return (int64_t)W(t)[W_MAX]; }
double sharc_quant_scale(const sharc_type *t) { return sharc_double_from_bits(W(t)[W_HEAD]); }
int64_t sharc_quant_zero_point(const sharc_type *t) { return (int64_t)W(t)[W_HEAD + 1]; }
int32_t sharc_quant_quantized_dim(const sharc_type *t) { return (int32_t)W(t)[W_HEAD]; }
unsigned sharc_quant_num_scales(const sharc_type *t) { return (unsigned)W(t)[W_HEAD + 1]; }
double sharc_quant_scale_at(const sharc_type *t, unsigned i) {
  return sharc_double_from_bits(W(t)[W_HEAD + 2 + i]);
}
int64_t sharc_quant_zero_point_at(const sharc_type *t, unsigned i) {
  return (int64_t)W(t)[W_HEAD + 2 + sharc_quant_num_scales(t) + i];
}

static int64_t default_min(bool is_signed, unsigned width) {
  return is_signed ? -((int64_t)1 << (width - 1)) : 0;
}

static int64_t default_max(bool is_signed, unsigned width) {
  return is_signed ? ((int64_t)1 << (width - 1)) - 1 : (int64_t)(((uint64_t)1 << width) - 1);
}

static sharc_type *make(sharc_context *ctx, const sharc_type_def *def, const uintptr_t *w,
                        unsigned n) {
  return sharc_type_dialect(ctx, def, w, n);
}

sharc_type *sharc_quant_uniform(sharc_context *ctx, bool is_signed, sharc_type *storage,
                                sharc_type *expressed, double scale, int64_t zero_point,
                                int64_t storage_min, int64_t storage_max) {
  uintptr_t w[W_HEAD + 2] = {SHARC_QUANT_UNIFORM, is_signed, (uintptr_t)storage,
                             (uintptr_t)expressed, (uintptr_t)storage_min,
                             (uintptr_t)storage_max, sharc_double_bits(scale), (uintptr_t)zero_point};
  return make(ctx, &sharc_quant_uniform_def, w, W_HEAD + 2);
}

sharc_type *sharc_quant_per_axis(sharc_context *ctx, bool is_signed, sharc_type *storage,
                                 sharc_type *expressed, const double *scales,
                                 const int64_t *zero_points, unsigned n, int32_t dim,
                                 int64_t storage_min, int64_t storage_max) {
  unsigned total = W_HEAD + 2 + 2 * n;
  uintptr_t small[W_HEAD + 2 + 16];
  uintptr_t *w =
      total <= sizeof small / sizeof small[0] ? small : sharc_xmalloc_array(total, sizeof *w);
  w[W_KIND] = SHARC_QUANT_PER_AXIS;
  w[W_SIGNED] = is_signed;
  w[W_STORAGE] = (uintptr_t)storage;
  w[W_EXPRESSED] = (uintptr_t)expressed;
  w[W_MIN] = (uintptr_t)storage_min;
  w[W_MAX] = (uintptr_t)storage_max;
  w[W_HEAD] = (uintptr_t)(int64_t)dim;
  w[W_HEAD + 1] = n;
  for (unsigned i = 0; i < n; i++) {
    w[W_HEAD + 2 + i] = sharc_double_bits(scales[i]);
    w[W_HEAD + 2 + n + i] = (uintptr_t)zero_points[i];
  }
  sharc_type *t = make(ctx, &sharc_quant_uniform_def, w, total);
  if (w != small)
    free(w);
  return t;
}

sharc_type *sharc_quant_with_dim(sharc_context *ctx, const sharc_type *t, int32_t dim) {
  unsigned n = t->params.n;
  uintptr_t small[W_HEAD + 2 + 16];
  uintptr_t *w = n <= sizeof small / sizeof small[0] ? small : sharc_xmalloc_array(n, sizeof *w);
  memcpy(w, W(t), n * sizeof *w);
  w[W_HEAD] = (uintptr_t)(int64_t)dim;
  sharc_type *r = make(ctx, t->def, w, n);
  if (w != small)
    free(w);
  return r;
}

sharc_type *sharc_quant_storage_or_self(sharc_type *t) {
  sharc_quant_kind k = sharc_quant_kind_of(t);
  return k != SHARC_QUANT_NONE && k != SHARC_QUANT_CALIBRATED ? sharc_quant_storage_type(t) : t;
}

sharc_type *sharc_quant_expressed_or_self(sharc_type *t) {
  sharc_type *e = sharc_quant_is(t) ? sharc_quant_expressed_type(t) : NULL;
  return e ? e : t;
}

/* ---- printing ----------------------------------------------------------- */

/* raw_ostream's operator<<(double): "%e", with LLVM's spellings of the
 * special values. */
static void put_double(sharc_printer *p, double d) {
  char buf[64];
  if (isnan(d))
    snprintf(buf, sizeof buf, "nan");
  else if (isinf(d))
    snprintf(buf, sizeof buf, d < 0 ? "-INF" : "INF");
  else
    snprintf(buf, sizeof buf, "%e", d);
  sharc_pr_puts(p, buf);
}

static void put_int(sharc_printer *p, int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", (long long)v);
  sharc_pr_puts(p, buf);
}

static void print_storage(sharc_printer *p, const sharc_type *t) {
  bool is_signed = sharc_quant_is_signed(t);
  unsigned width = sharc_quant_storage_width(t);
  sharc_pr_puts(p, is_signed ? "i" : "u");
  put_int(p, width);
  if (sharc_quant_storage_min(t) == default_min(is_signed, width) &&
      sharc_quant_storage_max(t) == default_max(is_signed, width))
    return;
  sharc_pr_puts(p, "<");
  put_int(p, sharc_quant_storage_min(t));
  sharc_pr_puts(p, ":");
  put_int(p, sharc_quant_storage_max(t));
  sharc_pr_puts(p, ">");
}

static void print_scale_zp(sharc_printer *p, double scale, int64_t zp) {
  put_double(p, scale);
  if (zp == 0)
    return;
  sharc_pr_puts(p, ":");
  put_int(p, zp);
}

static void print_any(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  print_storage(p, t);
  if (sharc_quant_expressed_type(t)) {
    sharc_pr_puts(p, ":");
    sharc_pr_type(p, sharc_quant_expressed_type(t));
  }
  sharc_pr_puts(p, ">");
}

/* The scales and zero points of a sub-channel type as nested braces, one
 * level per dimension of their tensor. */
static void print_sub_channel_params(sharc_printer *p, const sharc_type *t) {
  const uintptr_t *w = W(t);
  unsigned rank = (unsigned)w[W_HEAD], blocks = (unsigned)w[W_HEAD + 1];
  const uintptr_t *dims = w + W_HEAD + 2;
  uint64_t count = 1;
  for (unsigned i = 0; i < rank; i++)
    count *= dims[i];
  const uintptr_t *scales = dims + rank + 2 * blocks, *zps = scales + 2 * count;
  sharc_float_kind fk = sharc_quant_expressed_type(t)->fkind;
  sharc_buf num = {0};
  for (uint64_t idx = 0; idx < count; idx++) {
    if (idx)
      sharc_pr_puts(p, ", ");
    /* one brace per dimension whose index is back at zero */
    for (unsigned d = 0; d < rank; d++) {
      uint64_t inner = 1;
      for (unsigned e = d; e < rank; e++)
        inner *= dims[e];
      if (idx % inner == 0)
        sharc_pr_puts(p, "{");
    }
    num.len = 0;
    sharc_float_print(fk, scales[2 * idx], scales[2 * idx + 1], &num);
    sharc_pr_put_str(p, (sharc_str){num.data, num.len});
    if ((int64_t)zps[idx] != 0) {
      sharc_pr_puts(p, ":");
      put_int(p, (int64_t)zps[idx]);
    }
    for (unsigned d = rank; d-- > 0;) {
      uint64_t inner = 1;
      for (unsigned e = d; e < rank; e++)
        inner *= dims[e];
      if ((idx + 1) % inner == 0)
        sharc_pr_puts(p, "}");
    }
  }
  sharc_buf_free(&num);
}

static void print_uniform(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  print_storage(p, t);
  sharc_pr_puts(p, ":");
  sharc_pr_type(p, sharc_quant_expressed_type(t));
  switch (sharc_quant_kind_of(t)) {
  case SHARC_QUANT_PER_AXIS: {
    sharc_pr_puts(p, ":");
    put_int(p, sharc_quant_quantized_dim(t));
    sharc_pr_puts(p, ", {");
    for (unsigned i = 0, n = sharc_quant_num_scales(t); i < n; i++) {
      if (i)
        sharc_pr_puts(p, ",");
      print_scale_zp(p, sharc_quant_scale_at(t, i), sharc_quant_zero_point_at(t, i));
    }
    sharc_pr_puts(p, "}");
    break;
  }
  case SHARC_QUANT_SUB_CHANNEL: {
    const uintptr_t *w = W(t);
    unsigned rank = (unsigned)w[W_HEAD], blocks = (unsigned)w[W_HEAD + 1];
    const uintptr_t *pairs = w + W_HEAD + 2 + rank;
    sharc_pr_puts(p, ":{");
    for (unsigned i = 0; i < blocks; i++) {
      if (i)
        sharc_pr_puts(p, ", ");
      put_int(p, (int64_t)pairs[2 * i]);
      sharc_pr_puts(p, ":");
      put_int(p, (int64_t)pairs[2 * i + 1]);
    }
    sharc_pr_puts(p, "}, ");
    print_sub_channel_params(p, t);
    break;
  }
  default:
    sharc_pr_puts(p, ", ");
    print_scale_zp(p, sharc_quant_scale(t), sharc_quant_zero_point(t));
    break;
  }
  sharc_pr_puts(p, ">");
}

static void print_calibrated(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  sharc_pr_type(p, sharc_quant_expressed_type(t));
  sharc_pr_puts(p, "<");
  put_double(p, sharc_double_from_bits(W(t)[W_MIN]));
  sharc_pr_puts(p, ":");
  put_double(p, sharc_double_from_bits(W(t)[W_MAX]));
  sharc_pr_puts(p, ">>");
}

static void walk_quant(const sharc_type *t, const sharc_subelement_fns *f) {
  if (!f->type)
    return;
  if (W(t)[W_STORAGE])
    f->type((sharc_type *)W(t)[W_STORAGE], f->user);
  if (W(t)[W_EXPRESSED])
    f->type((sharc_type *)W(t)[W_EXPRESSED], f->user);
}

const sharc_type_def sharc_quant_any_def = {
    .name = "any",
    .dialect = &sharc_quant_dialect,
    .print = print_any,
    .may_alias = sharc_type_never_alias,
    .walk = walk_quant,
};

const sharc_type_def sharc_quant_uniform_def = {
    .name = "uniform",
    .dialect = &sharc_quant_dialect,
    .print = print_uniform,
    .may_alias = sharc_type_never_alias,
    .walk = walk_quant,
};

const sharc_type_def sharc_quant_calibrated_def = {
    .name = "calibrated",
    .dialect = &sharc_quant_dialect,
    .print = print_calibrated,
    .may_alias = sharc_type_never_alias,
    .walk = walk_quant,
};

/* ---- parsing ------------------------------------------------------------ */

typedef SHARC_VEC(uintptr_t) word_vec;

/* What a uniform type's parse collects before it is verified. */
typedef struct quant_parse {
  sharc_parser *p;
  sharc_token name;  /* the mnemonic: where MLIR's getChecked reports */
  bool is_signed;
  sharc_type *storage, *expressed; /* storage: as written (i8, si8, ui8) or signless */
  int64_t smin, smax;
  word_vec scales;   /* double bits (per tensor/axis), (lo, hi) pairs (sub-channel) */
  word_vec zps;
  word_vec dims;     /* sub-channel scale tensor shape */
  word_vec blocks;   /* sub-channel (axis, size) pairs */
} quant_parse;

static bool is_type_keyword(const sharc_token *t) {
  if (t->kind == TOK_BANG_ID || sharc_tok_is(t, '('))
    return true;
  if (t->kind != TOK_BARE_ID)
    return false;
  sharc_str s = sharc_tok_str(t);
  size_t i = 0;
  if (s.len > 1 && (s.data[0] == 's' || s.data[0] == 'u') && s.data[1] == 'i')
    i = 1;
  if (s.len > i + 1 && s.data[i] == 'i') {
    size_t j = i + 1;
    while (j < s.len && s.data[j] >= '0' && s.data[j] <= '9')
      j++;
    if (j == s.len)
      return true;
  }
  sharc_float_kind fk;
  if (sharc_float_kind_from_name(s, &fk))
    return true;
  static const char *const kws[] = {"index",  "none",  "tensor", "memref",
                                    "vector", "tuple", "complex", NULL};
  for (const char *const *k = kws; *k; k++)
    if (sharc_str_eq_cstr(s, *k))
      return true;
  return false;
}

/* MLIR's parseStorageType: a builtin integer type, or `u<width>`. */
static bool parse_storage(quant_parse *q) {
  sharc_parser *p = q->p;
  sharc_token at = *sharc_p_tok(p);
  unsigned width = 0;
  if (is_type_keyword(&at)) {
    sharc_type *t;
    if (!sharc_p_parse_type(p, &t))
      return false;
    if (t->kind != SHARC_TYPE_INTEGER)
      return sharc_p_error_at(p, &at, "illegal storage type prefix");
    q->is_signed = t->integer.sign != SHARC_UNSIGNED;
    width = t->integer.width;
    q->storage = t; /* kept as written: ui8 and u8 are different storage types */
  } else if (at.kind == TOK_BARE_ID) {
    sharc_p_next(p);
    if (at.start[0] != 'u')
      return sharc_p_error_at(p, &at, "illegal storage type prefix");
    if (at.len < 2 || at.len > 11)
      return sharc_p_error_at(p, &at, "expected storage type width");
    for (size_t i = 1; i < at.len; i++) {
      if (at.start[i] < '0' || at.start[i] > '9')
        return sharc_p_error_at(p, &at, "expected storage type width");
      width = width * 10 + (unsigned)(at.start[i] - '0');
    }
    q->is_signed = false;
  } else {
    return sharc_p_error(p, "expected valid keyword");
  }
  if (width == 0 || width > MAX_STORAGE_BITS)
    return sharc_p_error_at(p, &at, "illegal storage type size: %u", width);
  if (!q->storage) /* `u<width>`: a signless integer of that width */
    q->storage = sharc_type_integer(sharc_p_context(p), width, SHARC_SIGNLESS);
  return true;
}

/* MLIR's parseStorageRange: an optional `<min:max>` within the defaults. */
static bool parse_storage_range(quant_parse *q) {
  sharc_parser *p = q->p;
  unsigned width = q->storage->integer.width;
  int64_t dmin = default_min(q->is_signed, width), dmax = default_max(q->is_signed, width);
  q->smin = dmin;
  q->smax = dmax;
  if (!sharc_p_eat(p, '<'))
    return true;
  sharc_token min_at = *sharc_p_tok(p), max_at;
  if (!sharc_p_parse_int(p, &q->smin) || !sharc_p_expect(p, ':'))
    return false;
  max_at = *sharc_p_tok(p);
  if (!sharc_p_parse_int(p, &q->smax) || !sharc_p_expect(p, '>'))
    return false;
  if (q->smin < dmin)
    return sharc_p_error_at(p, &min_at, "illegal storage type minimum: %lld",
                            (long long)q->smin);
  if (q->smax > dmax)
    return sharc_p_error_at(p, &max_at, "illegal storage type maximum: %lld",
                            (long long)q->smax);
  return true;
}

/* parseType into a FloatType: any type, then the kind check. */
static bool parse_float_type(sharc_parser *p, sharc_type **out) {
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_type(p, out))
    return false;
  if ((*out)->kind != SHARC_TYPE_FLOAT)
    return sharc_p_error_at(p, &at, "invalid kind of type specified");
  return true;
}

/* AsmParser::parseFloat(double&): `-`? float literal, or a hexadecimal
 * integer taken as the bits of a double. */
static bool parse_double(sharc_parser *p, double *out) {
  bool neg = sharc_p_eat(p, '-');
  const sharc_token *t = sharc_p_tok(p);
  if (t->kind == TOK_FLOAT) {
    char buf[128];
    size_t n = t->len < sizeof buf - 1 ? t->len : sizeof buf - 1;
    memcpy(buf, t->start, n);
    buf[n] = 0;
    double v = strtod(buf, NULL);
    *out = neg ? -v : v;
    sharc_p_next(p);
    return true;
  }
  if (t->kind == TOK_INTEGER) {
    if (t->len < 2 || t->start[0] != '0' || t->start[1] != 'x')
      return sharc_p_error(p, "unexpected decimal integer literal for a floating point value");
    uint64_t bits = 0;
    if (t->len > 18)
      return sharc_p_error(p, "hexadecimal float constant out of range for type");
    for (size_t i = 2; i < t->len; i++) {
      char c = t->start[i];
      bits = bits * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
    }
    double v = sharc_double_from_bits(bits);
    *out = neg ? -v : v;
    sharc_p_next(p);
    return true;
  }
  return sharc_p_error(p, "expected floating point literal");
}

/* APFloat::getSmallest / getLargest of the expressed type, as doubles. */
static void float_range(sharc_float_kind k, double *lo, double *hi) {
  unsigned bits = sharc_float_bits(k);
  if (bits >= 64) { /* f64; f80 and f128 saturate in a double */
    *lo = sharc_double_from_bits(1);
    *hi = sharc_double_from_bits(0x7FEFFFFFFFFFFFFFull);
    return;
  }
  switch (k) {
  case SHARC_F32:
    *lo = sharc_double_from_bits(0x36A0000000000000ull);
    *hi = sharc_double_from_bits(0x47EFFFFFE0000000ull);
    return;
  case SHARC_BF16:
    *lo = sharc_float_to_double(k, 1, 0);
    *hi = sharc_float_to_double(k, 0x7F7F, 0);
    return;
  case SHARC_F16:
    *lo = sharc_float_to_double(k, 1, 0);
    *hi = sharc_float_to_double(k, 0x7BFF, 0);
    return;
  case SHARC_TF32:
    *lo = sharc_float_to_double(k, 1, 0);
    *hi = sharc_float_to_double(k, 0x3BFFF, 0);
    return;
  default:
    break;
  }
  /* small formats: the extremes among the positive finite encodings */
  *lo = INFINITY;
  *hi = 0;
  for (uint64_t b = 0; b < ((uint64_t)1 << bits); b++) {
    if (sharc_float_is_nan(k, b, 0) || sharc_float_is_inf(k, b, 0) ||
        sharc_float_is_negative(k, b, 0) || sharc_float_is_zero(k, b, 0))
      continue;
    double v = sharc_float_to_double(k, b, 0);
    if (v < *lo)
      *lo = v;
    if (v > *hi)
      *hi = v;
  }
}

/* `scale (: zero-point)?`, the scale checked against the expressed type's
 * range where MLIR checks it: just after the scale. */
static bool parse_scale_zp(quant_parse *q, double *scale, int64_t *zp) {
  sharc_parser *p = q->p;
  if (!parse_double(p, scale))
    return false;
  double lo, hi;
  float_range(q->expressed->fkind, &lo, &hi);
  if (*scale < lo || *scale > hi || isnan(*scale)) {
    char s[64], a[64], b[64];
    snprintf(s, sizeof s, "%e", *scale);
    snprintf(a, sizeof a, "%e", lo);
    snprintf(b, sizeof b, "%e", hi);
    return sharc_p_error(p, "scale %s out of expressed type range [%s, %s]", s, a, b);
  }
  *zp = 0;
  if (!sharc_p_eat(p, ':'))
    return true;
  return sharc_p_parse_int(p, zp);
}

static void push_scale(quant_parse *q, double scale, int64_t zp, bool sub_channel) {
  if (sub_channel) {
    /* stored in the expressed type's precision, as the scale tensor holds it */
    uint64_t lo = 0, hi = 0;
    if (!sharc_float_from_double(q->expressed->fkind, scale, &lo, &hi))
      sharc_float_from_double(SHARC_F64, scale, &lo, &hi);
    sharc_vec_push(&q->scales, lo);
    sharc_vec_push(&q->scales, hi);
    /* an APInt of the storage width, read back signed */
    unsigned w = q->storage->integer.width;
    uint64_t u = (uint64_t)zp;
    if (w < 64) {
      u &= ((uint64_t)1 << w) - 1;
      if (u >> (w - 1))
        u |= ~(((uint64_t)1 << w) - 1);
    }
    sharc_vec_push(&q->zps, u);
    return;
  }
  sharc_vec_push(&q->scales, sharc_double_bits(scale));
  sharc_vec_push(&q->zps, (uint64_t)zp);
}

/* MLIR's parseQuantParamListUntilRBrace: after `{`, elements that are all
 * scales or all nested lists of one shape; `dims` gets that shape with the
 * element count in front. */
static bool parse_param_list(quant_parse *q, word_vec *dims, bool sub_channel) {
  sharc_parser *p = q->p;
  word_vec first = {0}, cur = {0};
  bool ok = true, have_first = false;
  unsigned size = 0;
  do {
    cur.len = 0;
    if (sharc_p_eat(p, '{')) {
      ok = parse_param_list(q, &cur, sub_channel);
    } else {
      double s;
      int64_t zp;
      ok = parse_scale_zp(q, &s, &zp);
      if (ok)
        push_scale(q, s, zp, sub_channel);
    }
    if (!ok)
      break;
    size++;
    if (!have_first) {
      for (unsigned i = 0; i < cur.len; i++)
        sharc_vec_push(&first, cur.items[i]);
      have_first = true;
    } else if (cur.len != first.len ||
               (cur.len && memcmp(cur.items, first.items, cur.len * sizeof *cur.items))) {
      ok = sharc_p_error(p, "tensor literal is invalid; ranks are not consistent between "
                            "elements");
    }
  } while (ok && sharc_p_eat(p, ','));
  ok = ok && sharc_p_expect(p, '}');
  if (ok) {
    dims->len = 0;
    sharc_vec_push(dims, size);
    for (unsigned i = 0; i < first.len; i++)
      sharc_vec_push(dims, first.items[i]);
  }
  sharc_vec_free(&first);
  sharc_vec_free(&cur);
  return ok;
}

/* `{}` or `{axis:size, ...}` after the `{`. */
static bool parse_block_sizes(quant_parse *q) {
  sharc_parser *p = q->p;
  if (sharc_p_eat(p, '}'))
    return true;
  do {
    int64_t axis, size;
    if (!sharc_p_parse_int(p, &axis) || !sharc_p_expect(p, ':') || !sharc_p_parse_int(p, &size))
      return false;
    sharc_vec_push(&q->blocks, (uint64_t)axis);
    sharc_vec_push(&q->blocks, (uint64_t)size);
  } while (sharc_p_eat(p, ','));
  return sharc_p_expect(p, '}');
}

/* QuantizedType::verifyInvariants, reported at the mnemonic. */
static bool verify_storage(quant_parse *q) {
  unsigned w = q->storage->integer.width;
  if (q->smax - q->smin <= 0 || q->smin < default_min(q->is_signed, w) ||
      q->smax > default_max(q->is_signed, w))
    return sharc_p_error_at(q->p, &q->name, "illegal storage min and storage max: (%lld:%lld)",
                            (long long)q->smin, (long long)q->smax);
  return true;
}

static void head_words(const quant_parse *q, sharc_quant_kind kind, uintptr_t *w) {
  w[W_KIND] = kind;
  w[W_SIGNED] = q->is_signed;
  w[W_STORAGE] = (uintptr_t)q->storage;
  w[W_EXPRESSED] = (uintptr_t)q->expressed;
  w[W_MIN] = (uintptr_t)q->smin;
  w[W_MAX] = (uintptr_t)q->smax;
}

static sharc_type *build_sub_channel(quant_parse *q) {
  word_vec w = {0};
  uintptr_t head[W_HEAD];
  head_words(q, SHARC_QUANT_SUB_CHANNEL, head);
  for (unsigned i = 0; i < W_HEAD; i++)
    sharc_vec_push(&w, head[i]);
  sharc_vec_push(&w, q->dims.len);
  sharc_vec_push(&w, q->blocks.len / 2);
  for (unsigned i = 0; i < q->dims.len; i++)
    sharc_vec_push(&w, q->dims.items[i]);
  for (unsigned i = 0; i < q->blocks.len; i++)
    sharc_vec_push(&w, q->blocks.items[i]);
  for (unsigned i = 0; i < q->scales.len; i++)
    sharc_vec_push(&w, q->scales.items[i]);
  for (unsigned i = 0; i < q->zps.len; i++)
    sharc_vec_push(&w, q->zps.items[i]);
  sharc_type *t = make(sharc_p_context(q->p), &sharc_quant_uniform_def, w.items, w.len);
  sharc_vec_free(&w);
  return t;
}

static sharc_type *finish_uniform(quant_parse *q, bool per_axis, bool sub_channel,
                                  int64_t dim) {
  sharc_parser *p = q->p;
  if (!verify_storage(q))
    return NULL;
  if (per_axis) {
    if (dim < 0)
      return sharc_p_error_at(p, &q->name, "illegal quantized dimension: %lld", (long long)dim),
             NULL;
    unsigned n = q->scales.len;
    double *scales = sharc_xmalloc_array(n ? n : 1, sizeof *scales);
    for (unsigned i = 0; i < n; i++)
      scales[i] = sharc_double_from_bits(q->scales.items[i]);
    sharc_type *t = sharc_quant_per_axis(sharc_p_context(p), q->is_signed, q->storage,
                                         q->expressed, scales, (const int64_t *)q->zps.items, n,
                                         (int32_t)dim, q->smin, q->smax);
    free(scales);
    return t;
  }
  if (sub_channel) {
    for (unsigned i = 0; i < q->blocks.len; i += 2) {
      if ((int64_t)q->blocks.items[i] < 0)
        return sharc_p_error_at(p, &q->name, "illegal quantized dimension: %lld",
                                (long long)(int64_t)q->blocks.items[i]),
               NULL;
      if ((int64_t)q->blocks.items[i + 1] <= 0)
        return sharc_p_error_at(p, &q->name, "illegal block size: %lld",
                                (long long)(int64_t)q->blocks.items[i + 1]),
               NULL;
    }
    return build_sub_channel(q);
  }
  return sharc_quant_uniform(sharc_p_context(p), q->is_signed, q->storage, q->expressed,
                             sharc_double_from_bits(q->scales.items[0]), (int64_t)q->zps.items[0], q->smin,
                             q->smax);
}

static sharc_type *parse_uniform(quant_parse *q) {
  sharc_parser *p = q->p;
  if (!sharc_p_expect(p, '<') || !parse_storage(q) || !parse_storage_range(q) ||
      !sharc_p_expect(p, ':') || !parse_float_type(p, &q->expressed))
    return NULL;
  bool per_axis = false, sub_channel = false;
  int64_t dim = 0;
  if (sharc_p_eat(p, ':')) {
    if (sharc_p_eat(p, '{')) {
      sub_channel = true;
      if (!parse_block_sizes(q))
        return NULL;
    } else {
      per_axis = true;
      sharc_token at = *sharc_p_tok(p);
      if (!sharc_p_parse_int(p, &dim))
        return NULL;
      if (dim < INT32_MIN || dim > INT32_MAX)
        return sharc_p_error_at(p, &at, "integer value too large"), NULL;
    }
  }
  if (!sharc_p_expect(p, ','))
    return NULL;
  if (per_axis || sub_channel) {
    if (!sharc_p_expect(p, '{') || !parse_param_list(q, &q->dims, sub_channel))
      return NULL;
  } else {
    double s;
    int64_t zp;
    if (!parse_scale_zp(q, &s, &zp))
      return NULL;
    push_scale(q, s, zp, false);
  }
  if (!sharc_p_expect(p, '>'))
    return NULL;
  return finish_uniform(q, per_axis, sub_channel, dim);
}

static sharc_type *parse_any(quant_parse *q) {
  sharc_parser *p = q->p;
  if (!sharc_p_expect(p, '<') || !parse_storage(q) || !parse_storage_range(q))
    return NULL;
  if (sharc_p_eat(p, ':') && !parse_float_type(p, &q->expressed))
    return NULL;
  if (!sharc_p_expect(p, '>') || !verify_storage(q))
    return NULL;
  uintptr_t w[W_HEAD];
  head_words(q, SHARC_QUANT_ANY, w);
  return make(sharc_p_context(p), &sharc_quant_any_def, w, W_HEAD);
}

static sharc_type *parse_calibrated(quant_parse *q) {
  sharc_parser *p = q->p;
  if (!sharc_p_expect(p, '<'))
    return NULL;
  sharc_token at = *sharc_p_tok(p);
  sharc_type *expressed;
  if (!parse_float_type(p, &expressed))
    return sharc_p_error_chained_at(p, &at, "expecting float expressed type"), NULL;
  double lo, hi;
  if (!sharc_p_expect(p, '<') || !parse_double(p, &lo) || !sharc_p_expect(p, ':') ||
      !parse_double(p, &hi) || !sharc_p_expect(p, '>'))
    return sharc_p_error_chained_at(p, &at, "calibrated values must be present"), NULL;
  if (!sharc_p_expect(p, '>'))
    return NULL;
  if (hi <= lo) {
    char a[64], b[64];
    snprintf(a, sizeof a, "%e", lo);
    snprintf(b, sizeof b, "%e", hi);
    return sharc_p_error_at(p, &q->name, "illegal min and max: (%s:%s)", a, b), NULL;
  }
  uintptr_t w[W_HEAD] = {SHARC_QUANT_CALIBRATED, 0, 0, (uintptr_t)expressed, sharc_double_bits(lo),
                         sharc_double_bits(hi)};
  return make(sharc_p_context(p), &sharc_quant_calibrated_def, w, W_HEAD);
}

/* The mnemonic's own token: it ends where the `<` that follows it starts,
 * on the same line. */
static sharc_token mnemonic_token(sharc_parser *p, sharc_str mnemonic) {
  sharc_token t = *sharc_p_tok(p);
  sharc_token m = {.kind = TOK_BARE_ID, .start = mnemonic.data, .len = mnemonic.len,
                   .line = t.line, .col = t.col};
  size_t back = (size_t)(t.start - mnemonic.data);
  if (t.start >= mnemonic.data && back < t.col && !memchr(mnemonic.data, '\n', back))
    m.col = t.col - (unsigned)back;
  return m;
}

static sharc_type *parse_quant_type(sharc_parser *p, sharc_str mnemonic) {
  quant_parse q = {.p = p, .name = mnemonic_token(p, mnemonic)};
  sharc_type *t = NULL;
  if (sharc_str_eq_cstr(mnemonic, "uniform"))
    t = parse_uniform(&q);
  else if (sharc_str_eq_cstr(mnemonic, "any"))
    t = parse_any(&q);
  else if (sharc_str_eq_cstr(mnemonic, "calibrated"))
    t = parse_calibrated(&q);
  else if (mnemonic.len == 0)
    sharc_p_error(p, "expected valid keyword");
  else
    sharc_p_error_at(p, &q.name, "unknown quantized type %.*s", (int)mnemonic.len,
                     mnemonic.data);
  sharc_vec_free(&q.scales);
  sharc_vec_free(&q.zps);
  sharc_vec_free(&q.dims);
  sharc_vec_free(&q.blocks);
  return t;
}

/* ---- ops: quant.qcast, quant.dcast, quant.scast ------------------------ */


static bool is_tensor_type(const sharc_type *t) {
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR;
}

static sharc_type *scalar_of(const sharc_type *t) {
  return is_tensor_type(t) ? t->shaped.elem : (sharc_type *)t;
}

typedef enum { C_FLOAT, C_QUANT, C_INT_OR_QUANT } cast_class;

static bool in_class(const sharc_type *t, cast_class c) {
  const sharc_type *e = scalar_of(t);
  switch (c) {
  case C_FLOAT:
    return e->kind == SHARC_TYPE_FLOAT;
  case C_QUANT:
    return sharc_quant_is(e);
  case C_INT_OR_QUANT:
    return sharc_quant_is(e) || (e->kind == SHARC_TYPE_INTEGER && e->integer.sign == SHARC_SIGNLESS);
  }
  return false;
}

static const char *const class_summary[] = {"scalar or tensor of floating-point",
                                            "scalar or tensor of quantized type",
                                            "scalar or tensor of signless integer or quantized type"};

static bool check_class(sharc_op *op, bool result, const sharc_type *t, cast_class c) {
  if (in_class(t, c))
    return true;
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  sharc_emit_op_error(op, "%s #0 must be %s, but got '%s'", result ? "result" : "operand",
                      class_summary[c], b.data);
  sharc_buf_free(&b);
  return false;
}

/* Both scalars, or tensors of one shape. */
static bool same_container(const sharc_type *a, const sharc_type *b) {
  if (is_tensor_type(a) != is_tensor_type(b))
    return false;
  if (!is_tensor_type(a) || a->kind != b->kind)
    return !is_tensor_type(a) || a->kind == b->kind;
  if (a->kind == SHARC_TYPE_UNRANKED_TENSOR)
    return true;
  return a->shaped.rank == b->shaped.rank &&
         !memcmp(a->shaped.shape, b->shaped.shape, a->shaped.rank * sizeof *a->shaped.shape);
}

static bool op_err(sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_emit_v(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), fmt, ap);
  va_end(ap);
  return false;
}

/* The per-axis and sub-channel parameters against the container. */
static bool verify_container(sharc_op *op, const sharc_type *q, const sharc_type *container) {
  sharc_quant_kind k = sharc_quant_kind_of(q);
  if (k == SHARC_QUANT_PER_AXIS) {
    if (!is_tensor_type(container))
      return op_err(op, "scalar types may not use per-axis quantization");
    if (container->kind != SHARC_TYPE_TENSOR)
      return true;
    int64_t dim = sharc_quant_quantized_dim(q);
    if (dim >= (int64_t)container->shaped.rank)
      return op_err(op, "quantized dimension must be less than tensor rank");
    int64_t size = container->shaped.shape[dim];
    if (size != SHARC_DYNAMIC && size != (int64_t)sharc_quant_num_scales(q))
      return op_err(op, "quantized dimension size does not match number of scales");
    return true;
  }
  if (k != SHARC_QUANT_SUB_CHANNEL)
    return true;
  if (!is_tensor_type(container))
    return op_err(op, "scalar types may not use sub-channel quantization");
  if (container->kind != SHARC_TYPE_TENSOR)
    return op_err(op, "tensor containing the sub-channel quantized type must be ranked");
  const uintptr_t *w = W(q);
  unsigned srank = (unsigned)w[W_HEAD], blocks = (unsigned)w[W_HEAD + 1];
  const uintptr_t *dims = w + W_HEAD + 2, *pairs = dims + srank;
  unsigned rank = container->shaped.rank;
  if (srank != rank)
    return op_err(op, "Rank of scales %u must match the rank of the tensor %u", srank, rank);
  for (unsigned i = 0; i < blocks; i++) {
    int64_t axis = (int64_t)pairs[2 * i], size = (int64_t)pairs[2 * i + 1];
    if (axis >= (int64_t)rank)
      return op_err(op, "quantized dimension %lld must be less than tensor rank %u",
                    (long long)axis, rank);
    int64_t d = container->shaped.shape[axis];
    if (d != SHARC_DYNAMIC && d % size != 0)
      return op_err(op, "tensor dimension size %lld at axis %lld must be divisible by the "
                        "corresponding block size %lld",
                    (long long)d, (long long)axis, (long long)size);
  }
  for (unsigned a = 0; a < rank; a++) {
    int64_t d = container->shaped.shape[a], block = 1;
    for (unsigned i = 0; i < blocks; i++)
      if ((int64_t)pairs[2 * i] == (int64_t)a)
        block = (int64_t)pairs[2 * i + 1];
    if (d == SHARC_DYNAMIC)
      continue;
    if ((int64_t)dims[a] != d / block)
      return op_err(op, "dimension size %lld of scales tensor at axis %u should match (tensor "
                        "dimension at axis / block sizes at axis) = %lld",
                    (long long)d, a, (long long)(d / block));
  }
  return true;
}

/* OneResult, OneOperand. */
static bool one_in_one_out(sharc_op *op) { return sharc_verify_one_result_operand(op, true, true); }

/* qcast (float -> quantized) and dcast (quantized -> float). */
static bool verify_q_or_d(sharc_op *op, bool quantize) {
  if (!one_in_one_out(op))
    return false;
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  const sharc_type *ft = quantize ? in : out, *qt = quantize ? out : in;
  if (!check_class(op, !quantize, ft, C_FLOAT) || !check_class(op, quantize, qt, C_QUANT))
    return false;
  if (!same_container(in, out)) {
    sharc_emit_op_error(op, "failed to verify that input and result are both scalars or both "
                            "tensors with matching shape");
    return false;
  }
  const sharc_type *q = scalar_of(qt);
  if (sharc_quant_expressed_type(q) != scalar_of(ft))
    return op_err(op, "expressed type in quantized type expected to match float type");
  return verify_container(op, q, qt);
}

static bool verify_qcast(sharc_op *op) { return verify_q_or_d(op, true); }
static bool verify_dcast(sharc_op *op) { return verify_q_or_d(op, false); }

static bool verify_scast(sharc_op *op) {
  if (!one_in_one_out(op))
    return false;
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!check_class(op, false, in, C_INT_OR_QUANT) || !check_class(op, true, out, C_INT_OR_QUANT))
    return false;
  if (!same_container(in, out)) {
    sharc_emit_op_error(op, "failed to verify that input and result are both scalars or both "
                            "tensors with matching shape");
    return false;
  }
  bool qin = sharc_quant_is(scalar_of(in)), qout = sharc_quant_is(scalar_of(out));
  if (qin == qout) {
    sharc_emit_op_error(op, "failed to verify that input must be integer and result must be "
                            "quantized, or vice versa");
    return false;
  }
  const sharc_type *qt = qin ? in : out, *it = qin ? out : in;
  const sharc_type *q = scalar_of(qt);
  if (sharc_quant_kind_of(q) != SHARC_QUANT_CALIBRATED && sharc_quant_storage_type(q) != scalar_of(it))
    return op_err(op, "storage type in quantized type expected to match integer type");
  return verify_container(op, q, qt);
}

#define QUANT_CAST(var, nm, verify_fn)                                                     \
  static const sharc_op_def var = {.name = "quant." nm,                                    \
                                   .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,  \
                                   .parse = sharc_p_parse_cast_like,                                    \
                                   .print = sharc_pr_cast_like,                                    \
                                   .verify = verify_fn,                                    \
                                   .dialect = &sharc_quant_dialect}
QUANT_CAST(qcast_def, "qcast", verify_qcast);
QUANT_CAST(dcast_def, "dcast", verify_dcast);
QUANT_CAST(scast_def, "scast", verify_scast);

static const sharc_op_def *const quant_ops[] = {&dcast_def, &qcast_def, &scast_def};

const sharc_dialect sharc_quant_dialect = {
    .name = "quant",
    .ops = quant_ops,
    .num_ops = sizeof quant_ops / sizeof quant_ops[0],
    .parse_type = parse_quant_type,
};

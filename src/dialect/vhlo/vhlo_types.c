/* VHLO's types (VhloTypes.td): the versioned spellings of the builtin and
 * StableHLO types a portable artifact may hold, their parsing and printing,
 * and the mapping to and from the types they stand for (VhloTypeConverter).
 * Also VHLO's version numbers. */
#include "dialect/quant/quant.h"
#include "dialect/vhlo/vhlo.h"
#include "support/apfloat.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- versions ------------------------------------------------------------ */

sharc_vhlo_version sharc_vhlo_current_version(void) { return (sharc_vhlo_version){1, 20, 0}; }
sharc_vhlo_version sharc_vhlo_minimum_version(void) { return (sharc_vhlo_version){0, 9, 0}; }

int sharc_vhlo_version_cmp(sharc_vhlo_version a, sharc_vhlo_version b) {
  if (a.major != b.major)
    return a.major < b.major ? -1 : 1;
  if (a.minor != b.minor)
    return a.minor < b.minor ? -1 : 1;
  if (a.patch != b.patch)
    return a.patch < b.patch ? -1 : 1;
  return 0;
}

/* One run of digits; false when empty or too large. */
static bool parse_number(const char **s, const char *end, int64_t *out) {
  const char *c = *s;
  int64_t v = 0;
  while (c < end && *c >= '0' && *c <= '9') {
    if (v > (INT64_MAX - 9) / 10)
      return false;
    v = v * 10 + (*c - '0');
    c++;
  }
  if (c == *s)
    return false;
  *s = c;
  *out = v;
  return true;
}

bool sharc_vhlo_version_parse(sharc_str str, sharc_vhlo_version *out) {
  const char *s = str.data, *end = str.data + str.len;
  sharc_vhlo_version v;
  if (!parse_number(&s, end, &v.major) || s >= end || *s++ != '.' ||
      !parse_number(&s, end, &v.minor) || s >= end || *s++ != '.' ||
      !parse_number(&s, end, &v.patch) || s != end)
    return false;
  *out = v;
  return true;
}

void sharc_vhlo_version_format(sharc_vhlo_version v, char *buf, size_t size) {
  snprintf(buf, size, "%lld.%lld.%lld", (long long)v.major, (long long)v.minor,
           (long long)v.patch);
}

int sharc_vhlo_bytecode_version(sharc_vhlo_version v) {
  if (sharc_vhlo_version_cmp(v, (sharc_vhlo_version){0, 9, 0}) < 0)
    return -1;
  if (sharc_vhlo_version_cmp(v, (sharc_vhlo_version){0, 10, 0}) < 0)
    return 0;
  if (sharc_vhlo_version_cmp(v, (sharc_vhlo_version){0, 12, 0}) < 0)
    return 1;
  if (sharc_vhlo_version_cmp(v, (sharc_vhlo_version){0, 14, 0}) < 0)
    return 3;
  if (sharc_vhlo_version_cmp(v, (sharc_vhlo_version){0, 15, 0}) < 0)
    return 4;
  if (sharc_vhlo_version_cmp(v, sharc_vhlo_current_version()) <= 0)
    return 6;
  return -1;
}

sharc_vhlo_version sharc_vhlo_version_of_def(const char *s) {
  if (strcmp(s, "current") == 0)
    return sharc_vhlo_current_version();
  sharc_vhlo_version v = {0, 0, 0};
  sharc_vhlo_version_parse((sharc_str){s, strlen(s)}, &v);
  return v;
}

/* ---- simple types ---------------------------------------------------------- */

static void print_nothing(sharc_printer *p, const sharc_type *t) {
  (void)p;
  (void)t;
}

/* What a parameterless VHLO type stands for. */
typedef enum builtin_kind { B_INT, B_UINT, B_FLOAT, B_INDEX, B_NONE, B_TOKEN, B_OTHER } builtin_kind;

typedef struct simple_type {
  vhlo_type_def def;
  builtin_kind kind;
  unsigned width;         /* B_INT, B_UINT */
  sharc_float_kind fkind; /* B_FLOAT */
} simple_type;

#define SIMPLE(var, mn, min, kind, width, fk, code)                                            \
  static const simple_type var = {                                                           \
      {{.name = mn, .dialect = &sharc_vhlo_dialect, .print = print_nothing,                  \
        .may_alias = sharc_type_never_alias},                                                         \
       min,                                                                                  \
       "current",                                                                            \
       code},                                                                                \
      kind,                                                                                  \
      width,                                                                                 \
      fk}

SIMPLE(t_bool, "bool_v1", "0.9.0", B_INT, 1, SHARC_F32, 0);
SIMPLE(t_bf16, "bf16_v1", "0.9.0", B_FLOAT, 0, SHARC_BF16, 2);
SIMPLE(t_f16, "f16_v1", "0.9.0", B_FLOAT, 0, SHARC_F16, 3);
SIMPLE(t_f32, "f32_v1", "0.9.0", B_FLOAT, 0, SHARC_F32, 4);
SIMPLE(t_f64, "f64_v1", "0.9.0", B_FLOAT, 0, SHARC_F64, 5);
SIMPLE(t_f4e2m1fn, "f4E2M1FN_v1", "1.8.0", B_FLOAT, 0, SHARC_F4E2M1FN, 37);
SIMPLE(t_f6e2m3fn, "f6E2M3FN_v1", "1.8.0", B_FLOAT, 0, SHARC_F6E2M3FN, 38);
SIMPLE(t_f6e3m2fn, "f6E3M2FN_v1", "1.8.0", B_FLOAT, 0, SHARC_F6E3M2FN, 39);
SIMPLE(t_f8e3m4, "f8E3M4_v1", "1.7.0", B_FLOAT, 0, SHARC_F8E3M4, 36);
SIMPLE(t_f8e4m3, "f8E4M3_v1", "1.7.0", B_FLOAT, 0, SHARC_F8E4M3, 35);
SIMPLE(t_f8e4m3fn, "f8E4M3FN_v1", "0.9.0", B_FLOAT, 0, SHARC_F8E4M3FN, 6);
SIMPLE(t_f8e5m2, "f8E5M2_v1", "0.9.0", B_FLOAT, 0, SHARC_F8E5M2, 7);
SIMPLE(t_f8e4m3fnuz, "f8E4M3FNUZ_v1", "0.10.0", B_FLOAT, 0, SHARC_F8E4M3FNUZ, 27);
SIMPLE(t_f8e4m3b11fnuz, "f8E4M3B11FNUZ_v1", "0.11.0", B_FLOAT, 0, SHARC_F8E4M3B11FNUZ, 29);
SIMPLE(t_f8e5m2fnuz, "f8E5M2FNUZ_v1", "0.10.0", B_FLOAT, 0, SHARC_F8E5M2FNUZ, 28);
SIMPLE(t_f8e8m0fnu, "f8E8M0FNU_v1", "1.8.0", B_FLOAT, 0, SHARC_F8E8M0FNU, 40);
SIMPLE(t_tf32, "tf31_v1", "1.6.0", B_FLOAT, 0, SHARC_TF32, 34);
SIMPLE(t_index, "index_v1", "0.9.0", B_INDEX, 0, SHARC_F32, 9);
SIMPLE(t_i2, "i2_v1", "1.2.0", B_INT, 2, SHARC_F32, 31);
SIMPLE(t_i4, "i4_v1", "0.9.0", B_INT, 4, SHARC_F32, 10);
SIMPLE(t_i8, "i8_v1", "0.9.0", B_INT, 8, SHARC_F32, 11);
SIMPLE(t_i16, "i16_v1", "0.9.0", B_INT, 16, SHARC_F32, 12);
SIMPLE(t_i32, "i32_v1", "0.9.0", B_INT, 32, SHARC_F32, 13);
SIMPLE(t_i64, "i64_v1", "0.9.0", B_INT, 64, SHARC_F32, 14);
SIMPLE(t_ui2, "ui2_v1", "1.2.0", B_UINT, 2, SHARC_F32, 32);
SIMPLE(t_ui4, "ui4_v1", "0.9.0", B_UINT, 4, SHARC_F32, 15);
SIMPLE(t_ui8, "ui8_v1", "0.9.0", B_UINT, 8, SHARC_F32, 16);
SIMPLE(t_ui16, "ui16_v1", "0.9.0", B_UINT, 16, SHARC_F32, 17);
SIMPLE(t_ui32, "ui32_v1", "0.9.0", B_UINT, 32, SHARC_F32, 18);
SIMPLE(t_ui64, "ui64_v1", "0.9.0", B_UINT, 64, SHARC_F32, 19);
SIMPLE(t_none, "none_v1", "1.6.0", B_NONE, 0, SHARC_F32, 33);
SIMPLE(t_token, "token_v1", "0.9.0", B_TOKEN, 0, SHARC_F32, 22);
SIMPLE(t_witness, "witness_v1", "0.9.0", B_OTHER, 0, SHARC_F32, 26);

static const simple_type *const simple_types[] = {
    &t_bool,         &t_bf16,       &t_f16,         &t_f32,    &t_f64,     &t_f4e2m1fn,
    &t_f6e2m3fn,     &t_f6e3m2fn,   &t_f8e3m4,      &t_f8e4m3, &t_f8e4m3fn, &t_f8e5m2,
    &t_f8e4m3fnuz,   &t_f8e4m3b11fnuz, &t_f8e5m2fnuz, &t_f8e8m0fnu, &t_tf32, &t_index,
    &t_i2,           &t_i4,         &t_i8,          &t_i16,    &t_i32,     &t_i64,
    &t_ui2,          &t_ui4,        &t_ui8,         &t_ui16,   &t_ui32,    &t_ui64,
    &t_none,         &t_token,      &t_witness,
};

static sharc_type *simple_get(sharc_context *ctx, const simple_type *s) {
  return sharc_type_dialect(ctx, &s->def.base, NULL, 0);
}

static const simple_type *simple_of(const sharc_type *t) {
  if (!t || t->kind != SHARC_TYPE_DIALECT || t->def->print != print_nothing)
    return NULL;
  return (const simple_type *)t->def;
}

/* ---- parametric types -------------------------------------------------------- */

static void walk_types(const sharc_type *t, const sharc_subelement_fns *f, unsigned from,
                       unsigned to) {
  for (unsigned i = from; i < to && f->type; i++)
    f->type((sharc_type *)t->params.words[i], f->user);
}

static void print_type_list(sharc_printer *p, const uintptr_t *w, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, (const sharc_type *)w[i]);
  }
}

/* complex_v1<T>, unranked_tensor_v1<T>: one element type. */
static void print_one(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  sharc_pr_type(p, (const sharc_type *)t->params.words[0]);
  sharc_pr_puts(p, ">");
}

static void walk_one(const sharc_type *t, const sharc_subelement_fns *f) { walk_types(t, f, 0, 1); }

/* tuple_v1<T, U>, future_v1<T>: a list. */
static void print_list(sharc_printer *p, const sharc_type *t) {
  sharc_pr_puts(p, "<");
  print_type_list(p, t->params.words, t->params.n);
  sharc_pr_puts(p, ">");
}

static void walk_list(const sharc_type *t, const sharc_subelement_fns *f) {
  walk_types(t, f, 0, t->params.n);
}

/* func_v1<(A, B) -> R>: words are n_inputs, inputs..., results... */
static void print_func_side(sharc_printer *p, const uintptr_t *w, unsigned n) {
  if (n == 0)
    sharc_pr_puts(p, "()");
  print_type_list(p, w, n);
}

static void print_func(sharc_printer *p, const sharc_type *t) {
  unsigned n_in = (unsigned)t->params.words[0];
  sharc_pr_puts(p, "<(");
  print_func_side(p, t->params.words + 1, n_in);
  sharc_pr_puts(p, ") -> ");
  print_func_side(p, t->params.words + 1 + n_in, t->params.n - 1 - n_in);
  sharc_pr_puts(p, ">");
}

static void walk_func(const sharc_type *t, const sharc_subelement_fns *f) {
  walk_types(t, f, 1, t->params.n);
}

/* tensor_v1<4x?xT, enc>, buffer_v1<4xT>: words are rank, dims..., element,
 * encoding (0 when none; buffers have none). */
static void print_shape(sharc_printer *p, const uintptr_t *w, unsigned rank) {
  char buf[32];
  for (unsigned i = 0; i < rank; i++) {
    int64_t d = (int64_t)w[i];
    if (d == SHARC_DYNAMIC)
      sharc_pr_puts(p, "?x");
    else {
      snprintf(buf, sizeof buf, "%lldx", (long long)d);
      sharc_pr_puts(p, buf);
    }
  }
}

static void print_tensor(sharc_printer *p, const sharc_type *t) {
  unsigned rank = (unsigned)t->params.words[0];
  sharc_pr_puts(p, "<");
  print_shape(p, t->params.words + 1, rank);
  sharc_pr_type(p, (const sharc_type *)t->params.words[1 + rank]);
  const sharc_attr *enc = (const sharc_attr *)t->params.words[2 + rank];
  if (enc) {
    sharc_pr_puts(p, ", ");
    sharc_pr_attr(p, enc);
  }
  sharc_pr_puts(p, ">");
}

static void walk_tensor(const sharc_type *t, const sharc_subelement_fns *f) {
  unsigned rank = (unsigned)t->params.words[0];
  if (f->type)
    f->type((sharc_type *)t->params.words[1 + rank], f->user);
  sharc_attr *enc = (sharc_attr *)t->params.words[2 + rank];
  if (enc && f->attr)
    f->attr(enc, f->user);
}

/* quant_v1<S:E, scale:zp, min:max, flags>: words flags, storage, expressed,
 * scale bits, zero point, min, max. quant_per_axis_v1<S:E, dim, [scales],
 * [zps], min:max, flags>: flags, storage, expressed, dim, n, scale bits...,
 * zero points..., min, max. */
static void print_i64(sharc_printer *p, int64_t v) {
  char buf[32];
  snprintf(buf, sizeof buf, "%lld", (long long)v);
  sharc_pr_puts(p, buf);
}

/* APFloat's printing, as the builtin f64 attribute prints it. */
static void print_double(sharc_printer *p, double v) {
  sharc_buf b = {0};
  sharc_float_print(SHARC_F64, sharc_double_bits(v), 0, &b);
  sharc_pr_puts(p, b.data ? b.data : "");
  sharc_buf_free(&b);
}

static void print_quant_head(sharc_printer *p, const uintptr_t *w) {
  sharc_pr_puts(p, "<");
  sharc_pr_type(p, (const sharc_type *)w[1]);
  sharc_pr_puts(p, ":");
  sharc_pr_type(p, (const sharc_type *)w[2]);
  sharc_pr_puts(p, ", ");
}

static void print_quant_tail(sharc_printer *p, const uintptr_t *w, unsigned at) {
  print_i64(p, (int64_t)w[at]);
  sharc_pr_puts(p, ":");
  print_i64(p, (int64_t)w[at + 1]);
  sharc_pr_puts(p, ", ");
  print_i64(p, (int64_t)w[0]);
  sharc_pr_puts(p, ">");
}

static void print_quant(sharc_printer *p, const sharc_type *t) {
  const uintptr_t *w = t->params.words;
  print_quant_head(p, w);
  print_double(p, sharc_double_from_bits(w[3]));
  sharc_pr_puts(p, ":");
  print_i64(p, (int64_t)w[4]);
  sharc_pr_puts(p, ", ");
  print_quant_tail(p, w, 5);
}

static void print_quant_per_axis(sharc_printer *p, const sharc_type *t) {
  const uintptr_t *w = t->params.words;
  unsigned n = (unsigned)w[4];
  print_quant_head(p, w);
  print_i64(p, (int64_t)w[3]);
  sharc_pr_puts(p, ", [");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    print_double(p, sharc_double_from_bits(w[5 + i]));
  }
  sharc_pr_puts(p, "], [");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    print_i64(p, (int64_t)w[5 + n + i]);
  }
  sharc_pr_puts(p, "], ");
  print_quant_tail(p, w, 5 + 2 * n);
}

static void walk_quant(const sharc_type *t, const sharc_subelement_fns *f) { walk_types(t, f, 1, 3); }

#define PARAM_TYPE(var, mn, min, pr, wk, code)                                                 \
  static const vhlo_type_def var = {                                                         \
      {.name = mn, .dialect = &sharc_vhlo_dialect, .print = pr, .walk = wk}, min, "current", code}

PARAM_TYPE(t_complex, "complex_v1", "0.9.0", print_one, walk_one, 1);
PARAM_TYPE(t_unranked, "unranked_tensor_v1", "0.9.0", print_one, walk_one, 25);
PARAM_TYPE(t_tuple, "tuple_v1", "0.9.0", print_list, walk_list, 23);
PARAM_TYPE(t_future, "future_v1", "1.15.0", print_list, walk_list, 42);
PARAM_TYPE(t_func, "func_v1", "0.9.0", print_func, walk_func, 8);
PARAM_TYPE(t_tensor, "tensor_v1", "0.9.0", print_tensor, walk_tensor, 20);
PARAM_TYPE(t_buffer, "buffer_v1", "1.13.0", print_tensor, walk_tensor, 41);
PARAM_TYPE(t_quant, "quant_v1", "0.9.0", print_quant, walk_quant, 24);
PARAM_TYPE(t_quant_per_axis, "quant_per_axis_v1", "0.18.0", print_quant_per_axis, walk_quant, 30);

bool sharc_vhlo_is_type(const sharc_type *t) {
  return t && t->kind == SHARC_TYPE_DIALECT && t->def->dialect == &sharc_vhlo_dialect;
}

bool sharc_vhlo_type_versions(const sharc_type *t, sharc_vhlo_version *min,
                              sharc_vhlo_version *max) {
  if (!sharc_vhlo_is_type(t))
    return false;
  const vhlo_type_def *d = (const vhlo_type_def *)t->def;
  *min = sharc_vhlo_version_of_def(d->min_version);
  *max = sharc_vhlo_version_of_def(d->max_version);
  return true;
}

const char *sharc_vhlo_type_mnemonic(const sharc_type *t) {
  return sharc_vhlo_is_type(t) ? t->def->name : NULL;
}

static sharc_type *make_type(sharc_context *ctx, const vhlo_type_def *d, const uintptr_t *w,
                             unsigned n) {
  return sharc_type_dialect(ctx, &d->base, w, n);
}

static sharc_type *make_list(sharc_context *ctx, const vhlo_type_def *d, sharc_type *const *types,
                             unsigned n) {
  uintptr_t stack[16] = {0};
  uintptr_t *w = n <= 16 ? stack : sharc_xmalloc_array(n, sizeof *w);
  for (unsigned i = 0; i < n; i++)
    w[i] = (uintptr_t)types[i];
  sharc_type *t = make_type(ctx, d, w, n);
  if (w != stack)
    free(w);
  return t;
}

static sharc_type *make_shaped(sharc_context *ctx, const vhlo_type_def *d, const int64_t *shape,
                               unsigned rank, sharc_type *elem, sharc_attr *enc) {
  uintptr_t stack[20];
  unsigned n = rank + 3;
  uintptr_t *w = n <= 20 ? stack : sharc_xmalloc_array(n, sizeof *w);
  w[0] = rank;
  for (unsigned i = 0; i < rank; i++)
    w[1 + i] = (uintptr_t)shape[i];
  w[1 + rank] = (uintptr_t)elem;
  w[2 + rank] = (uintptr_t)enc;
  sharc_type *t = make_type(ctx, d, w, n);
  if (w != stack)
    free(w);
  return t;
}

static sharc_type *make_func(sharc_context *ctx, sharc_type *const *in, unsigned n_in,
                             sharc_type *const *out, unsigned n_out) {
  unsigned n = 1 + n_in + n_out;
  uintptr_t *w = sharc_xmalloc_array(n, sizeof *w);
  w[0] = n_in;
  for (unsigned i = 0; i < n_in; i++)
    w[1 + i] = (uintptr_t)in[i];
  for (unsigned i = 0; i < n_out; i++)
    w[1 + n_in + i] = (uintptr_t)out[i];
  sharc_type *t = make_type(ctx, &t_func, w, n);
  free(w);
  return t;
}

sharc_type *sharc_vhlo_parse_func_type(sharc_context *ctx, const uintptr_t *words, unsigned n) {
  return make_type(ctx, &t_func, words, n);
}

/* ---- parsing ------------------------------------------------------------------ */

static bool parse_type_list_until(sharc_parser *p, char close, sharc_ptrvec *out) {
  return sharc_p_parse_type_list(p, out) && sharc_p_expect(p, close);
}

/* custom<TypeArray>: `()` for none, else a comma list. */
static bool parse_func_side(sharc_parser *p, sharc_ptrvec *out) {
  if (sharc_p_eat(p, '('))
    return sharc_p_expect(p, ')');
  return sharc_p_parse_type_list(p, out);
}

static sharc_type *parse_func(sharc_parser *p) {
  sharc_ptrvec in = {0}, out = {0};
  bool ok = sharc_p_expect(p, '<') && sharc_p_expect(p, '(') && parse_func_side(p, &in) &&
            sharc_p_expect(p, ')') && sharc_p_expect_arrow(p) && parse_func_side(p, &out) &&
            sharc_p_expect(p, '>');
  sharc_type *t = ok ? make_func(sharc_p_context(p), (sharc_type *const *)in.items, in.len,
                                 (sharc_type *const *)out.items, out.len)
                     : NULL;
  sharc_ptrvec_free(&in);
  sharc_ptrvec_free(&out);
  return t;
}

static sharc_type *parse_list(sharc_parser *p, const vhlo_type_def *d) {
  sharc_ptrvec types = {0};
  bool ok = sharc_p_expect(p, '<') && parse_type_list_until(p, '>', &types);
  sharc_type *t =
      ok ? make_list(sharc_p_context(p), d, (sharc_type *const *)types.items, types.len) : NULL;
  sharc_ptrvec_free(&types);
  return t;
}

static sharc_type *parse_one(sharc_parser *p, const vhlo_type_def *d) {
  sharc_type *elem;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_type(p, &elem) || !sharc_p_expect(p, '>'))
    return NULL;
  uintptr_t w = (uintptr_t)elem;
  return make_type(sharc_p_context(p), d, &w, 1);
}

static sharc_type *parse_shaped(sharc_parser *p, const vhlo_type_def *d) {
  sharc_i64_vec shape = {0};
  sharc_type *elem = NULL, *t = NULL;
  sharc_attr *enc = NULL;
  bool ok = sharc_p_parse_dimension_list(p, &shape) && sharc_p_parse_type(p, &elem);
  if (ok && d == &t_tensor && sharc_p_eat(p, ','))
    ok = sharc_p_parse_attr(p, NULL, &enc);
  ok = ok && sharc_p_expect(p, '>');
  if (ok)
    t = make_shaped(sharc_p_context(p), d, shape.items, shape.len, elem, enc);
  sharc_vec_free(&shape);
  return t;
}

static bool parse_double(sharc_parser *p, double *out) {
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *a;
  if (!sharc_p_parse_attr(p, sharc_type_float(ctx, SHARC_F64), &a))
    return false;
  if (a->kind != SHARC_ATTR_FLOAT && a->kind != SHARC_ATTR_INTEGER)
    return sharc_p_error(p, "expected floating point literal");
  *out = a->kind == SHARC_ATTR_FLOAT ? sharc_attr_float_value(a) : (double)sharc_attr_int_value(a);
  return true;
}

static bool parse_signed(sharc_parser *p, int64_t *out) { return sharc_p_parse_int(p, out); }

static bool parse_storage_expressed(sharc_parser *p, uintptr_t *w) {
  sharc_type *s = NULL, *e = NULL;
  bool ok = sharc_p_expect(p, '<') && sharc_p_parse_type(p, &s) && sharc_p_expect(p, ':') &&
            sharc_p_parse_type(p, &e) && sharc_p_expect(p, ',');
  w[1] = (uintptr_t)s;
  w[2] = (uintptr_t)e;
  return ok;
}

static bool parse_range_flags(sharc_parser *p, uintptr_t *w, unsigned at) {
  int64_t min, max, flags;
  bool ok = parse_signed(p, &min) && sharc_p_expect(p, ':') && parse_signed(p, &max) &&
            sharc_p_expect(p, ',') && parse_signed(p, &flags) && sharc_p_expect(p, '>');
  w[at] = (uintptr_t)min;
  w[at + 1] = (uintptr_t)max;
  w[0] = (uintptr_t)flags;
  return ok;
}

static sharc_type *parse_quant(sharc_parser *p) {
  uintptr_t w[7] = {0};
  double scale = 0;
  int64_t zp = 0;
  if (!parse_storage_expressed(p, w) || !parse_double(p, &scale) || !sharc_p_expect(p, ':') ||
      !parse_signed(p, &zp) || !sharc_p_expect(p, ',') || !parse_range_flags(p, w, 5))
    return NULL;
  w[3] = (uintptr_t)sharc_double_bits(scale);
  w[4] = (uintptr_t)zp;
  return make_type(sharc_p_context(p), &t_quant, w, 7);
}

typedef SHARC_VEC(uintptr_t) word_vec;

static bool parse_scale_word(sharc_parser *p, uintptr_t *out) {
  double d = 0;
  if (!parse_double(p, &d))
    return false;
  *out = (uintptr_t)sharc_double_bits(d);
  return true;
}

static bool parse_zero_point_word(sharc_parser *p, uintptr_t *out) {
  int64_t z = 0;
  if (!parse_signed(p, &z))
    return false;
  *out = (uintptr_t)z;
  return true;
}

/* `[x, y, ...], ` (one item at least), each item read by `item` as a word. */
static bool parse_word_list(sharc_parser *p, bool (*item)(sharc_parser *, uintptr_t *),
                            word_vec *out) {
  if (!sharc_p_expect(p, '['))
    return false;
  do {
    uintptr_t w = 0;
    if (!item(p, &w))
      return false;
    sharc_vec_push(out, w);
  } while (sharc_p_eat(p, ','));
  return sharc_p_expect(p, ']') && sharc_p_expect(p, ',');
}

static sharc_type *parse_quant_per_axis(sharc_parser *p) {
  uintptr_t head[5] = {0};
  int64_t dim = 0;
  word_vec scales = {0}, zps = {0};
  bool ok = parse_storage_expressed(p, head) && parse_signed(p, &dim) && sharc_p_expect(p, ',') &&
            parse_word_list(p, parse_scale_word, &scales) &&
            parse_word_list(p, parse_zero_point_word, &zps);
  if (ok && scales.len != zps.len)
    ok = sharc_p_error(p, "expected as many zero points as scales");
  sharc_type *t = NULL;
  if (ok) {
    unsigned n = scales.len;
    uintptr_t *w = sharc_xmalloc_array(7 + 2 * n, sizeof *w);
    memcpy(w, head, sizeof head);
    w[3] = (uintptr_t)dim;
    w[4] = n;
    memcpy(w + 5, scales.items, n * sizeof *w);
    memcpy(w + 5 + n, zps.items, n * sizeof *w);
    if (parse_range_flags(p, w, 5 + 2 * n))
      t = make_type(sharc_p_context(p), &t_quant_per_axis, w, 7 + 2 * n);
    free(w);
  }
  sharc_vec_free(&scales);
  sharc_vec_free(&zps);
  return t;
}

sharc_type *sharc_vhlo_parse_type_hook(sharc_parser *p, sharc_str mnemonic) {
  if (sharc_str_eq_cstr(mnemonic, "quant_v1"))
    return parse_quant(p);
  if (sharc_str_eq_cstr(mnemonic, "quant_per_axis_v1"))
    return parse_quant_per_axis(p);
  for (size_t i = 0; i < sizeof simple_types / sizeof simple_types[0]; i++)
    if (sharc_str_eq_cstr(mnemonic, simple_types[i]->def.base.name))
      return simple_get(sharc_p_context(p), simple_types[i]);
  if (sharc_str_eq_cstr(mnemonic, "func_v1"))
    return parse_func(p);
  if (sharc_str_eq_cstr(mnemonic, "tensor_v1"))
    return parse_shaped(p, &t_tensor);
  if (sharc_str_eq_cstr(mnemonic, "buffer_v1"))
    return parse_shaped(p, &t_buffer);
  if (sharc_str_eq_cstr(mnemonic, "complex_v1"))
    return parse_one(p, &t_complex);
  if (sharc_str_eq_cstr(mnemonic, "unranked_tensor_v1"))
    return parse_one(p, &t_unranked);
  if (sharc_str_eq_cstr(mnemonic, "tuple_v1"))
    return parse_list(p, &t_tuple);
  if (sharc_str_eq_cstr(mnemonic, "future_v1"))
    return parse_list(p, &t_future);
  sharc_p_error_at(p, sharc_p_dialect_type_tok(p), "unknown vhlo type: %.*s", (int)mnemonic.len,
                   mnemonic.data);
  return NULL;
}

/* ---- the mapping to and from builtin types --------------------------------------- */

static const simple_type *simple_for_builtin(const sharc_type *t) {
  for (size_t i = 0; i < sizeof simple_types / sizeof simple_types[0]; i++) {
    const simple_type *s = simple_types[i];
    switch (t->kind) {
    case SHARC_TYPE_INTEGER:
      if ((s->kind == B_INT && t->integer.sign == SHARC_SIGNLESS) ||
          (s->kind == B_UINT && t->integer.sign == SHARC_UNSIGNED))
        if (s->width == t->integer.width)
          return s;
      break;
    case SHARC_TYPE_FLOAT:
      if (s->kind == B_FLOAT && s->fkind == t->fkind)
        return s;
      break;
    case SHARC_TYPE_INDEX:
      if (s->kind == B_INDEX)
        return s;
      break;
    case SHARC_TYPE_NONE:
      if (s->kind == B_NONE)
        return s;
      break;
    default:
      return NULL;
    }
  }
  return NULL;
}

/* Converts each type of a list; false when one has no VHLO counterpart. */
static bool convert_list(sharc_context *ctx, sharc_type *const *in, unsigned n, sharc_type **out,
                         bool to_vhlo) {
  for (unsigned i = 0; i < n; i++) {
    out[i] = to_vhlo ? sharc_vhlo_type_from_builtin(ctx, in[i]) : sharc_vhlo_type_to_builtin(ctx, in[i]);
    if (!out[i])
      return false;
  }
  return true;
}

static sharc_type *convert_tuple_like(sharc_context *ctx, sharc_type *const *in, unsigned n,
                                      const vhlo_type_def *vd, bool to_vhlo) {
  sharc_type **tmp = sharc_xmalloc_array(n + 1, sizeof *tmp);
  sharc_type *res = NULL;
  if (convert_list(ctx, in, n, tmp, to_vhlo)) {
    if (to_vhlo)
      res = make_list(ctx, vd, tmp, n);
    else if (vd == &t_tuple)
      res = sharc_type_tuple(ctx, tmp, n);
    else
      res = sharc_type_dialect(ctx, &sharc_shlo_future_def, (const uintptr_t *)tmp, n);
  }
  free(tmp);
  return res;
}

static sharc_type *convert_function(sharc_context *ctx, sharc_type *const *in, unsigned n_in,
                                    sharc_type *const *out, unsigned n_out, bool to_vhlo) {
  sharc_type **tmp = sharc_xmalloc_array(n_in + n_out + 1, sizeof *tmp);
  sharc_type *res = NULL;
  if (convert_list(ctx, in, n_in, tmp, to_vhlo) &&
      convert_list(ctx, out, n_out, tmp + n_in, to_vhlo))
    res = to_vhlo ? make_func(ctx, tmp, n_in, tmp + n_in, n_out)
                  : sharc_type_function(ctx, tmp, n_in, tmp + n_in, n_out);
  free(tmp);
  return res;
}

/* type_extensions <-> type_extensions_v1: the one tensor encoding VHLO has. */
static sharc_attr *encoding_to_vhlo(sharc_context *ctx, sharc_attr *enc) {
  if (!enc)
    return NULL;
  sharc_attr *bounds = sharc_shlo_struct_field(enc, &sharc_shlo_type_extensions_def, 0);
  if (!bounds)
    return NULL;
  uintptr_t w = (uintptr_t)bounds;
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_type_extensions_v1, &w, 1);
}

static sharc_attr *encoding_to_builtin(sharc_context *ctx, sharc_attr *enc) {
  if (sharc_vhlo_attr_info(enc) != &sharc_vhlo_type_extensions_v1)
    return NULL;
  sharc_attr *fields[1] = {(sharc_attr *)enc->params.words[0]};
  return sharc_shlo_struct_get(ctx, &sharc_shlo_type_extensions_def, fields);
}

/* The storage type VHLO keeps is signless; the sign goes in the flags. */
static sharc_type *quant_from_builtin(sharc_context *ctx, sharc_type *t) {
  sharc_type *storage = sharc_quant_storage_type(t), *expressed = sharc_quant_expressed_type(t);
  sharc_type *vs = storage ? sharc_vhlo_type_from_builtin(
                                 ctx, sharc_type_integer(ctx, sharc_type_int_width(storage), SHARC_SIGNLESS))
                           : NULL;
  sharc_type *ve = expressed ? sharc_vhlo_type_from_builtin(ctx, expressed) : NULL;
  if (!vs || !ve)
    return NULL;
  uintptr_t flags = sharc_quant_is_signed(t) ? 1 : 0;
  if (sharc_quant_kind_of(t) == SHARC_QUANT_UNIFORM) {
    uintptr_t w[7] = {flags, (uintptr_t)vs, (uintptr_t)ve,
                      (uintptr_t)sharc_double_bits(sharc_quant_scale(t)),
                      (uintptr_t)sharc_quant_zero_point(t), (uintptr_t)sharc_quant_storage_min(t),
                      (uintptr_t)sharc_quant_storage_max(t)};
    return make_type(ctx, &t_quant, w, 7);
  }
  unsigned n = sharc_quant_num_scales(t);
  uintptr_t *w = sharc_xmalloc_array(7 + 2 * n, sizeof *w);
  w[0] = flags;
  w[1] = (uintptr_t)vs;
  w[2] = (uintptr_t)ve;
  w[3] = (uintptr_t)(int64_t)sharc_quant_quantized_dim(t);
  w[4] = n;
  for (unsigned i = 0; i < n; i++) {
    w[5 + i] = (uintptr_t)sharc_double_bits(sharc_quant_scale_at(t, i));
    w[5 + n + i] = (uintptr_t)sharc_quant_zero_point_at(t, i);
  }
  w[5 + 2 * n] = (uintptr_t)sharc_quant_storage_min(t);
  w[6 + 2 * n] = (uintptr_t)sharc_quant_storage_max(t);
  sharc_type *res = make_type(ctx, &t_quant_per_axis, w, 7 + 2 * n);
  free(w);
  return res;
}

static sharc_type *quant_to_builtin(sharc_context *ctx, const vhlo_type_def *d, const uintptr_t *w) {
  sharc_type *vs = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[1]);
  sharc_type *e = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[2]);
  if (!vs || !e || vs->kind != SHARC_TYPE_INTEGER)
    return NULL;
  bool is_signed = (w[0] & 1) != 0;
  sharc_type *storage = sharc_type_integer(ctx, vs->integer.width,
                                           is_signed ? SHARC_SIGNLESS : SHARC_UNSIGNED);
  if (d == &t_quant)
    return sharc_quant_uniform(ctx, is_signed, storage, e, sharc_double_from_bits(w[3]),
                               (int64_t)w[4], (int64_t)w[5], (int64_t)w[6]);
  unsigned n = (unsigned)w[4];
  double *scales = sharc_xmalloc_array(n + 1, sizeof *scales);
  int64_t *zps = sharc_xmalloc_array(n + 1, sizeof *zps);
  for (unsigned i = 0; i < n; i++) {
    scales[i] = sharc_double_from_bits(w[5 + i]);
    zps[i] = (int64_t)w[5 + n + i];
  }
  sharc_type *res = sharc_quant_per_axis(ctx, is_signed, storage, e, scales, zps, n,
                                         (int32_t)(int64_t)w[3], (int64_t)w[5 + 2 * n],
                                         (int64_t)w[6 + 2 * n]);
  free(scales);
  free(zps);
  return res;
}

sharc_type *sharc_vhlo_type_from_builtin(sharc_context *ctx, sharc_type *t) {
  if (!t)
    return NULL;
  if (sharc_vhlo_is_type(t))
    return t;
  const simple_type *s = simple_for_builtin(t);
  if (s)
    return simple_get(ctx, s);
  switch (t->kind) {
  case SHARC_TYPE_COMPLEX: {
    sharc_type *e = sharc_vhlo_type_from_builtin(ctx, t->elem);
    uintptr_t w = (uintptr_t)e;
    return e ? make_type(ctx, &t_complex, &w, 1) : NULL;
  }
  case SHARC_TYPE_TENSOR: {
    sharc_type *e = sharc_vhlo_type_from_builtin(ctx, t->shaped.elem);
    sharc_attr *enc = encoding_to_vhlo(ctx, t->shaped.encoding);
    if (!e || (t->shaped.encoding && !enc))
      return NULL;
    return make_shaped(ctx, &t_tensor, t->shaped.shape, t->shaped.rank, e, enc);
  }
  case SHARC_TYPE_MEMREF: {
    /* buffers without a layout or memory space only */
    sharc_type *e = sharc_vhlo_type_from_builtin(ctx, t->shaped.elem);
    if (!e || t->shaped.encoding || t->shaped.memspace)
      return NULL;
    return make_shaped(ctx, &t_buffer, t->shaped.shape, t->shaped.rank, e, NULL);
  }
  case SHARC_TYPE_UNRANKED_TENSOR: {
    sharc_type *e = sharc_vhlo_type_from_builtin(ctx, t->shaped.elem);
    uintptr_t w = (uintptr_t)e;
    return e ? make_type(ctx, &t_unranked, &w, 1) : NULL;
  }
  case SHARC_TYPE_TUPLE:
    return convert_tuple_like(ctx, t->list.types, t->list.n_in, &t_tuple, true);
  case SHARC_TYPE_FUNCTION:
    return convert_function(ctx, t->list.types, t->list.n_in, t->list.types + t->list.n_in,
                            t->list.n_res, true);
  case SHARC_TYPE_DIALECT:
    if (sharc_quant_kind_of(t) == SHARC_QUANT_UNIFORM || sharc_quant_kind_of(t) == SHARC_QUANT_PER_AXIS)
      return quant_from_builtin(ctx, t);
    if (t->def == &sharc_shlo_token_def)
      return simple_get(ctx, &t_token);
    if (t->def == &sharc_shlo_future_def)
      return convert_tuple_like(ctx, (sharc_type *const *)t->params.words, t->params.n, &t_future,
                                true);
    return NULL;
  default:
    return NULL;
  }
}

static sharc_type *simple_to_builtin(sharc_context *ctx, const simple_type *s) {
  switch (s->kind) {
  case B_INT:
    return sharc_type_integer(ctx, s->width, SHARC_SIGNLESS);
  case B_UINT:
    return sharc_type_integer(ctx, s->width, SHARC_UNSIGNED);
  case B_FLOAT:
    return sharc_type_float(ctx, s->fkind);
  case B_INDEX:
    return sharc_type_index(ctx);
  case B_NONE:
    return sharc_type_none(ctx);
  case B_TOKEN:
    return sharc_shlo_token_type(ctx);
  case B_OTHER:
    return NULL;
  }
  return NULL;
}

sharc_type *sharc_vhlo_type_to_builtin(sharc_context *ctx, sharc_type *t) {
  if (!sharc_vhlo_is_type(t))
    return NULL;
  const simple_type *s = simple_of(t);
  if (s)
    return simple_to_builtin(ctx, s);
  const vhlo_type_def *d = (const vhlo_type_def *)t->def;
  const uintptr_t *w = t->params.words;
  if (d == &t_complex) {
    sharc_type *e = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[0]);
    return e ? sharc_type_complex(ctx, e) : NULL;
  }
  if (d == &t_unranked) {
    sharc_type *e = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[0]);
    return e ? sharc_type_unranked_tensor(ctx, e) : NULL;
  }
  if (d == &t_tensor || d == &t_buffer) {
    unsigned rank = (unsigned)w[0];
    sharc_type *e = sharc_vhlo_type_to_builtin(ctx, (sharc_type *)w[1 + rank]);
    sharc_attr *venc = (sharc_attr *)w[2 + rank];
    sharc_attr *enc = venc ? encoding_to_builtin(ctx, venc) : NULL;
    if (!e || (venc && !enc))
      return NULL;
    int64_t stack[16];
    int64_t *shape = rank <= 16 ? stack : sharc_xmalloc_array(rank, sizeof *shape);
    for (unsigned i = 0; i < rank; i++)
      shape[i] = (int64_t)w[1 + i];
    sharc_type *res = d == &t_buffer ? sharc_type_memref(ctx, shape, rank, e, NULL, NULL)
                                     : sharc_type_tensor(ctx, shape, rank, e, enc);
    if (shape != stack)
      free(shape);
    return res;
  }
  if (d == &t_quant || d == &t_quant_per_axis)
    return quant_to_builtin(ctx, d, w);
  if (d == &t_tuple || d == &t_future)
    return convert_tuple_like(ctx, (sharc_type *const *)w, t->params.n, d, false);
  if (d == &t_func) {
    unsigned n_in = (unsigned)w[0];
    return convert_function(ctx, (sharc_type *const *)(w + 1), n_in,
                            (sharc_type *const *)(w + 1 + n_in), t->params.n - 1 - n_in, false);
  }
  return NULL;
}


/* ---- bytecode (VhloBytecode.cpp) ------------------------------------------------ */

void sharc_vhlo_bc_write_signed_list(sharc_bc_writer *w, const int64_t *v, unsigned n) {
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_signed(w, v[i]);
}

/* Elements are pushed one by one: a count larger than the data fails on the
 * data, not on an allocation. */
bool sharc_vhlo_bc_read_signed_list(sharc_bc_reader *r, int64_t **v, unsigned *n) {
  uint64_t count;
  sharc_i64_vec out = {0};
  if (!sharc_bc_read_varint(r, &count))
    return false;
  for (uint64_t i = 0; i < count; i++) {
    int64_t x;
    if (!sharc_bc_read_signed(r, &x)) {
      sharc_vec_free(&out);
      return false;
    }
    sharc_vec_push(&out, x);
  }
  *v = out.items;
  *n = out.len;
  return true;
}

static void bc_write_types(sharc_bc_writer *w, const uintptr_t *types, unsigned n) {
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_type(w, (const sharc_type *)types[i]);
}

static bool bc_read_types(sharc_bc_reader *r, sharc_ptrvec *out) {
  uint64_t count;
  if (!sharc_bc_read_varint(r, &count))
    return false;
  for (uint64_t i = 0; i < count; i++) {
    sharc_type *t;
    if (!sharc_bc_read_type(r, &t))
      return false;
    sharc_ptrvec_push(out, t);
  }
  return true;
}

static void bc_write_shaped(sharc_bc_writer *w, const sharc_type *t) {
  const uintptr_t *p = t->params.words;
  unsigned rank = (unsigned)p[0];
  const sharc_attr *enc = (const sharc_attr *)p[2 + rank];
  if (t->def == &t_tensor.base && enc) {
    sharc_bc_write_varint(w, 21); /* kRankedTensorV1TypeWithEncoding */
    sharc_bc_write_attr(w, enc);
  } else {
    sharc_bc_write_varint(w, ((const vhlo_type_def *)t->def)->bc_code);
  }
  sharc_bc_write_varint(w, rank);
  for (unsigned i = 0; i < rank; i++)
    sharc_bc_write_signed(w, (int64_t)p[1 + i]);
  sharc_bc_write_type(w, (const sharc_type *)p[1 + rank]);
}

static void bc_write_double(sharc_bc_writer *w, uintptr_t bits) {
  uint64_t word = (uint64_t)bits;
  sharc_bc_write_apint(w, &word, 64);
}

static void bc_write_quant(sharc_bc_writer *w, const sharc_type *t) {
  const uintptr_t *p = t->params.words;
  bool per_axis = t->def == &t_quant_per_axis.base;
  sharc_bc_write_varint(w, per_axis ? 30 : 24);
  sharc_bc_write_varint(w, (uint64_t)p[0]);
  sharc_bc_write_type(w, (const sharc_type *)p[1]);
  sharc_bc_write_type(w, (const sharc_type *)p[2]);
  if (!per_axis) {
    bc_write_double(w, p[3]);
    sharc_bc_write_signed(w, (int64_t)p[4]);
    sharc_bc_write_signed(w, (int64_t)p[5]);
    sharc_bc_write_signed(w, (int64_t)p[6]);
    return;
  }
  unsigned n = (unsigned)p[4];
  sharc_bc_write_varint(w, (uint64_t)p[3]);
  sharc_bc_write_signed(w, (int64_t)p[5 + 2 * n]);
  sharc_bc_write_signed(w, (int64_t)p[6 + 2 * n]);
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    bc_write_double(w, p[5 + i]);
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_signed(w, (int64_t)p[5 + n + i]);
}

bool sharc_vhlo_bc_write_type(sharc_bc_writer *w, const sharc_type *t) {
  if (!sharc_vhlo_is_type(t))
    return false;
  const simple_type *s = simple_of(t);
  if (s) {
    sharc_bc_write_varint(w, s->def.bc_code);
    return true;
  }
  const vhlo_type_def *d = (const vhlo_type_def *)t->def;
  const uintptr_t *p = t->params.words;
  if (d == &t_tensor || d == &t_buffer) {
    bc_write_shaped(w, t);
  } else if (d == &t_quant || d == &t_quant_per_axis) {
    bc_write_quant(w, t);
  } else if (d == &t_func) {
    unsigned n_in = (unsigned)p[0];
    sharc_bc_write_varint(w, d->bc_code);
    bc_write_types(w, p + 1, n_in);
    bc_write_types(w, p + 1 + n_in, t->params.n - 1 - n_in);
  } else if (d == &t_tuple || d == &t_future) {
    sharc_bc_write_varint(w, d->bc_code);
    bc_write_types(w, p, t->params.n);
  } else {
    sharc_bc_write_varint(w, d->bc_code); /* complex, unranked tensor: one element type */
    sharc_bc_write_type(w, (const sharc_type *)p[0]);
  }
  return true;
}

static sharc_type *bc_read_list(sharc_bc_reader *r, const vhlo_type_def *d) {
  sharc_ptrvec types = {0};
  sharc_type *t = NULL;
  if (bc_read_types(r, &types))
    t = make_list(sharc_bc_reader_context(r), d, (sharc_type *const *)types.items, types.len);
  sharc_ptrvec_free(&types);
  return t;
}

static sharc_type *bc_read_func(sharc_bc_reader *r) {
  sharc_ptrvec in = {0}, out = {0};
  sharc_type *t = NULL;
  if (bc_read_types(r, &in) && bc_read_types(r, &out))
    t = make_func(sharc_bc_reader_context(r), (sharc_type *const *)in.items, in.len,
                  (sharc_type *const *)out.items, out.len);
  sharc_ptrvec_free(&in);
  sharc_ptrvec_free(&out);
  return t;
}

static sharc_type *bc_read_shaped(sharc_bc_reader *r, const vhlo_type_def *d, bool has_encoding) {
  sharc_attr *enc = NULL;
  int64_t *shape = NULL;
  unsigned rank = 0;
  sharc_type *elem = NULL, *t = NULL;
  if (has_encoding && !sharc_bc_read_attr(r, &enc))
    return NULL;
  if (sharc_vhlo_bc_read_signed_list(r, &shape, &rank) && sharc_bc_read_type(r, &elem))
    t = make_shaped(sharc_bc_reader_context(r), d, shape, rank, elem, enc);
  free(shape);
  return t;
}

static sharc_type *bc_read_one(sharc_bc_reader *r, const vhlo_type_def *d) {
  sharc_type *elem;
  if (!sharc_bc_read_type(r, &elem))
    return NULL;
  uintptr_t w = (uintptr_t)elem;
  return make_type(sharc_bc_reader_context(r), d, &w, 1);
}

static bool bc_read_double(sharc_bc_reader *r, uintptr_t *out) {
  uint64_t word = 0;
  if (!sharc_bc_read_apint(r, 64, &word))
    return false;
  *out = (uintptr_t)word;
  return true;
}

static bool bc_read_signed_word(sharc_bc_reader *r, uintptr_t *out) {
  int64_t v;
  if (!sharc_bc_read_signed(r, &v))
    return false;
  *out = (uintptr_t)v;
  return true;
}

static bool bc_read_quant_head(sharc_bc_reader *r, uintptr_t *w) {
  uint64_t flags;
  sharc_type *storage, *expressed;
  if (!sharc_bc_read_varint(r, &flags) || !sharc_bc_read_type(r, &storage) ||
      !sharc_bc_read_type(r, &expressed))
    return false;
  w[0] = (uintptr_t)flags;
  w[1] = (uintptr_t)storage;
  w[2] = (uintptr_t)expressed;
  return true;
}

static sharc_type *bc_read_quant(sharc_bc_reader *r) {
  uintptr_t w[7];
  if (!bc_read_quant_head(r, w) || !bc_read_double(r, &w[3]) || !bc_read_signed_word(r, &w[4]) ||
      !bc_read_signed_word(r, &w[5]) || !bc_read_signed_word(r, &w[6])) {
    sharc_bc_error(r, "invalid UniformQuantizedType");
    return NULL;
  }
  return make_type(sharc_bc_reader_context(r), &t_quant, w, 7);
}

/* Words: flags, storage, expressed, dim, n, scales..., zero points..., min, max. */
static sharc_type *bc_read_quant_per_axis(sharc_bc_reader *r) {
  uintptr_t head[3], dim_min_max[3];
  uint64_t dim, n_scales, n_zps;
  SHARC_VEC(uintptr_t) w = {0};
  sharc_type *t = NULL;
  bool ok = bc_read_quant_head(r, head) && sharc_bc_read_varint(r, &dim) &&
            bc_read_signed_word(r, &dim_min_max[1]) && bc_read_signed_word(r, &dim_min_max[2]) &&
            sharc_bc_read_varint(r, &n_scales);
  if (ok) {
    for (unsigned i = 0; i < 3; i++)
      sharc_vec_push(&w, head[i]);
    sharc_vec_push(&w, (uintptr_t)dim);
    sharc_vec_push(&w, (uintptr_t)n_scales);
  }
  for (uint64_t i = 0; ok && i < n_scales; i++) {
    uintptr_t bits;
    ok = bc_read_double(r, &bits);
    if (ok)
      sharc_vec_push(&w, bits);
  }
  ok = ok && sharc_bc_read_varint(r, &n_zps);
  if (ok && n_zps != n_scales)
    ok = false;
  for (uint64_t i = 0; ok && i < n_zps; i++) {
    uintptr_t zp;
    ok = bc_read_signed_word(r, &zp);
    if (ok)
      sharc_vec_push(&w, zp);
  }
  if (ok) {
    sharc_vec_push(&w, dim_min_max[1]);
    sharc_vec_push(&w, dim_min_max[2]);
    t = make_type(sharc_bc_reader_context(r), &t_quant_per_axis, w.items, w.len);
  } else {
    sharc_bc_error(r, "invalid UniformQuantizedPerAxisType");
  }
  sharc_vec_free(&w);
  return t;
}

static const vhlo_type_def *const param_types[] = {&t_complex, &t_unranked, &t_tuple,
                                                   &t_future,  &t_func,     &t_tensor,
                                                   &t_buffer,  &t_quant,    &t_quant_per_axis};

static const vhlo_type_def *type_for_code(uint64_t code) {
  for (size_t i = 0; i < sizeof simple_types / sizeof simple_types[0]; i++)
    if (simple_types[i]->def.bc_code == code)
      return &simple_types[i]->def;
  for (size_t i = 0; i < sizeof param_types / sizeof param_types[0]; i++)
    if (param_types[i]->bc_code == code)
      return param_types[i];
  return code == 21 ? &t_tensor : NULL;
}

sharc_type *sharc_vhlo_bc_read_type(sharc_bc_reader *r) {
  uint64_t code;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  const vhlo_type_def *d = type_for_code(code);
  if (!d) {
    sharc_bc_error(r, "unknown vhlo type code: %llu", (unsigned long long)code);
    return NULL;
  }
  if (d->base.print == print_nothing)
    return simple_get(sharc_bc_reader_context(r), (const simple_type *)d);
  if (d == &t_tensor || d == &t_buffer)
    return bc_read_shaped(r, d, code == 21);
  if (d == &t_quant)
    return bc_read_quant(r);
  if (d == &t_quant_per_axis)
    return bc_read_quant_per_axis(r);
  if (d == &t_func)
    return bc_read_func(r);
  if (d == &t_tuple || d == &t_future)
    return bc_read_list(r, d);
  return bc_read_one(r, d);
}

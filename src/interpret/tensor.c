/* Runtime values of the interpreter: tensors as one flat buffer of a storage
 * class chosen by element type, tuples and tokens; reading them from and
 * writing them to dense elements attributes; printing them as StableHLO's
 * interpreter does; rounding to the narrow float formats. */
#include <math.h>
#include <stdlib.h>

#include "dialect/quant/quant.h"
#include "sharc/asm.h"
#include "interpret/interp.h"

size_t sharc_storage_size(sharc_storage st) {
  switch (st) {
  case SHARC_ST_F32:
    return sizeof(float);
  case SHARC_ST_C64:
    return sizeof(float complex);
  case SHARC_ST_C128:
    return sizeof(double complex);
  default:
    return 8;
  }
}

bool sharc_elem_storage(const sharc_type *elem, sharc_storage *st) {
  switch (sharc_type_get_kind(elem)) {
  case SHARC_TYPE_INTEGER:
  case SHARC_TYPE_INDEX:
    return *st = SHARC_ST_INT, sharc_type_bit_width(elem) <= 64;
  case SHARC_TYPE_FLOAT: {
    sharc_float_kind k = sharc_type_float_kind(elem);
    if (k == SHARC_F80 || k == SHARC_F128)
      return false;
    *st = k == SHARC_F64 ? SHARC_ST_F64 : SHARC_ST_F32;
    return true;
  }
  case SHARC_TYPE_COMPLEX: {
    sharc_type *p = sharc_type_element(elem);
    if (sharc_type_get_kind(p) != SHARC_TYPE_FLOAT)
      return false;
    sharc_float_kind k = sharc_type_float_kind(p);
    if (k == SHARC_F32)
      return *st = SHARC_ST_C64, true;
    if (k == SHARC_F64)
      return *st = SHARC_ST_C128, true;
    return false;
  }
  default:
    return sharc_quant_is(elem) && (*st = SHARC_ST_INT, true);
  }
}

static void read_quant(sharc_tensor *t, const sharc_type *qt) {
  t->q.quantized = true;
  t->q.storage_min = sharc_quant_storage_min(qt);
  t->q.storage_max = sharc_quant_storage_max(qt);
  t->q.expressed = sharc_quant_expressed_type(qt);
  unsigned n = sharc_quant_kind_of(qt) == SHARC_QUANT_PER_AXIS ? sharc_quant_num_scales(qt) : 0;
  t->q.axis = n ? sharc_quant_quantized_dim(qt) : -1;
  t->q.n = n ? n : 1;
  double *s = malloc(t->q.n * sizeof *s);
  int64_t *z = malloc(t->q.n * sizeof *z);
  for (unsigned i = 0; i < t->q.n; i++) {
    s[i] = n ? sharc_quant_scale_at(qt, i) : sharc_quant_scale(qt);
    z[i] = n ? sharc_quant_zero_point_at(qt, i) : sharc_quant_zero_point(qt);
  }
  t->q.scales = s;
  t->q.zero_points = z;
}

static void describe_elem(sharc_tensor *t, sharc_type *elem) {
  if (sharc_quant_is(elem)) {
    read_quant(t, elem);
    sharc_type *s = sharc_quant_storage_type(elem);
    t->bits = sharc_type_bit_width(s);
    t->uns = !sharc_quant_is_signed(elem);
    return;
  }
  switch (t->st) {
  case SHARC_ST_INT:
    t->bits = sharc_type_bit_width(elem);
    t->uns = sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER &&
             (sharc_type_int_signedness(elem) == SHARC_UNSIGNED || t->bits == 1);
    break;
  case SHARC_ST_F32:
  case SHARC_ST_F64:
    t->fk = sharc_type_float_kind(elem);
    t->narrow = t->fk != SHARC_F32 && t->fk != SHARC_F64;
    break;
  default:
    t->fk = sharc_type_float_kind(sharc_type_element(elem));
  }
}

sharc_tensor *sharc_tensor_new(sharc_type *type) {
  if (sharc_type_get_kind(type) != SHARC_TYPE_TENSOR)
    return NULL;
  sharc_type *elem = sharc_type_element(type);
  sharc_storage st;
  int64_t n = sharc_type_num_elements(type);
  if (!sharc_elem_storage(elem, &st) || n < 0 || n > (INT64_C(1) << 36))
    return NULL;
  sharc_tensor *t = calloc(1, sizeof *t);
  atomic_init(&t->refs, 1);
  t->kind = SHARC_IV_TENSOR;
  t->type = type;
  t->rank = sharc_type_rank(type);
  t->shape = sharc_type_shape(type);
  t->n = n;
  t->st = st;
  t->elem = elem;
  describe_elem(t, elem);
  size_t bytes = (size_t)n * sharc_storage_size(st);
  t->data.p = calloc(bytes ? bytes : 1, 1);
  if (!t->data.p) {
    free(t);
    return NULL;
  }
  return t;
}

sharc_tensor *sharc_tensor_new_like(const sharc_tensor *t) { return sharc_tensor_new(t->type); }

sharc_tensor *sharc_tensor_tuple(sharc_type *type, sharc_tensor **elems, unsigned n) {
  sharc_tensor *t = calloc(1, sizeof *t);
  atomic_init(&t->refs, 1);
  t->kind = SHARC_IV_TUPLE;
  t->type = type;
  t->count = n;
  t->elems = malloc((n ? n : 1) * sizeof *t->elems);
  memcpy(t->elems, elems, n * sizeof *elems);
  return t;
}

sharc_tensor *sharc_tensor_token(sharc_context *ctx) {
  sharc_tensor *t = calloc(1, sizeof *t);
  atomic_init(&t->refs, 1);
  t->kind = SHARC_IV_TOKEN;
  t->type = sharc_parse_type_text(ctx, SHARC_STR("!stablehlo.token"));
  return t;
}

sharc_type *sharc_tensor_type(const sharc_tensor *t) { return t->type; }

void sharc_tensor_retain(sharc_tensor *t) { atomic_fetch_add(&t->refs, 1); }

void sharc_tensor_release(sharc_tensor *t) {
  if (!t || atomic_fetch_sub(&t->refs, 1) != 1)
    return;
  for (unsigned i = 0; i < t->count; i++)
    sharc_tensor_release(t->elems[i]);
  free(t->elems);
  free(t->data.p);
  free((void *)t->q.scales);
  free((void *)t->q.zero_points);
  free(t);
}

void sharc_strides(const int64_t *shape, unsigned rank, int64_t *strides) {
  int64_t s = 1;
  for (unsigned d = rank; d-- > 0;) {
    strides[d] = s;
    s *= shape[d];
  }
}

/* ---- narrow float formats ------------------------------------------------ */

double sharc_round_to_kind(double v, sharc_float_kind k) {
  if (k == SHARC_F64)
    return v;
  if (k == SHARC_F32)
    return (float)v;
  uint64_t lo = 0, hi = 0;
  if (!sharc_float_from_double(k, v, &lo, &hi))
    return sharc_float_has_nan(k) ? NAN : (v < 0 ? -0.0 : 0.0);
  return sharc_float_to_double(k, lo, hi);
}

/* f16 and bf16 are the hot narrow formats: rounded by bit arithmetic. */
static float round_bf16(float v) {
  uint32_t u;
  memcpy(&u, &v, 4);
  if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu)) {
    u |= 0x400000u;
  } else {
    uint32_t lsb = (u >> 16) & 1;
    u += 0x7fffu + lsb;
  }
  u &= 0xffff0000u;
  memcpy(&v, &u, 4);
  return v;
}

float sharc_round_narrow(float v, sharc_float_kind k) {
  if (k == SHARC_F32)
    return v;
  if (k == SHARC_BF16)
    return round_bf16(v);
  return (float)sharc_round_to_kind(v, k);
}

/* ---- element access ------------------------------------------------------ */

double sharc_tensor_get_real(const sharc_tensor *t, int64_t i) {
  switch (t->st) {
  case SHARC_ST_INT:
    return t->uns ? (double)(uint64_t)t->data.i[i] : (double)t->data.i[i];
  case SHARC_ST_F32:
    return t->data.f[i];
  case SHARC_ST_F64:
    return t->data.d[i];
  case SHARC_ST_C64:
    return crealf(t->data.c[i]);
  default:
    return creal(t->data.z[i]);
  }
}

double complex sharc_tensor_get_complex(const sharc_tensor *t, int64_t i) {
  if (t->st == SHARC_ST_C64)
    return t->data.c[i];
  if (t->st == SHARC_ST_C128)
    return t->data.z[i];
  return sharc_tensor_get_real(t, i);
}

void sharc_tensor_set_real(sharc_tensor *t, int64_t i, double v) {
  switch (t->st) {
  case SHARC_ST_INT:
    t->data.i[i] = sharc_int_wrap((int64_t)v, t->bits, t->uns);
    break;
  case SHARC_ST_F32:
    t->data.f[i] = t->narrow ? (float)sharc_round_to_kind(v, t->fk) : (float)v;
    break;
  case SHARC_ST_F64:
    t->data.d[i] = v;
    break;
  case SHARC_ST_C64:
    t->data.c[i] = (float)v;
    break;
  default:
    t->data.z[i] = v;
  }
}

/* ---- from and to attributes ------------------------------------------------ */

static float float_from_bits(sharc_float_kind k, uint64_t lo) {
  if (k == SHARC_F32) {
    uint32_t u = (uint32_t)lo;
    float f;
    memcpy(&f, &u, 4);
    return f;
  }
  return (float)sharc_float_to_double(k, lo, 0);
}

static double double_from_bits(uint64_t lo) {
  double d;
  memcpy(&d, &lo, 8);
  return d;
}

static void store_word(sharc_tensor *t, int64_t i, const uint64_t *w) {
  switch (t->st) {
  case SHARC_ST_INT:
    t->data.i[i] = sharc_int_wrap((int64_t)w[0], t->bits, t->uns);
    break;
  case SHARC_ST_F32:
    t->data.f[i] = float_from_bits(t->fk, w[0]);
    break;
  case SHARC_ST_F64:
    t->data.d[i] = double_from_bits(w[0]);
    break;
  case SHARC_ST_C64:
    t->data.c[i] = sharc_complexf_make(float_from_bits(SHARC_F32, w[0]), float_from_bits(SHARC_F32, w[1]));
    break;
  default:
    t->data.z[i] = sharc_complex_make(double_from_bits(w[0]), double_from_bits(w[1]));
  }
}

sharc_tensor *sharc_tensor_from_attr(sharc_context *ctx, const sharc_attr *a) {
  (void)ctx;
  if (!a || a->kind != SHARC_ATTR_DENSE_ELEMENTS)
    return NULL;
  sharc_tensor *t = sharc_tensor_new(a->type);
  if (!t)
    return NULL;
  unsigned wps = t->st == SHARC_ST_C64 || t->st == SHARC_ST_C128 ? 2 : 1;
  if (t->n == 0)
    return t;
  if (sharc_dense_splat(a) || sharc_dense_nwords(a) == wps) {
    store_word(t, 0, sharc_dense_raw(a));
    size_t esz = sharc_storage_size(t->st);
    for (int64_t i = 1; i < t->n; i++)
      memcpy((char *)t->data.p + i * esz, t->data.p, esz);
    return t;
  }
  if (sharc_dense_nwords(a) < (size_t)t->n * wps) {
    sharc_tensor_release(t);
    return NULL;
  }
  for (int64_t i = 0; i < t->n; i++)
    store_word(t, i, sharc_dense_raw(a) + i * wps);
  return t;
}

/* A NaN has no encoding in the formats without one (f4E2M1FN, f6E*): it
 * stands as +0, the value sharc_round_to_kind gives it there. */
uint64_t sharc_float_value_bits(sharc_float_kind k, double v) {
  uint64_t lo = 0, hi = 0;
  if (k == SHARC_F64) {
    memcpy(&lo, &v, 8);
    return lo;
  }
  if (k == SHARC_F32) {
    float f = (float)v;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  if (isnan(v) && !sharc_float_has_nan(k))
    return 0;
  sharc_float_from_double(k, v, &lo, &hi);
  return lo;
}

static void load_word(const sharc_tensor *t, int64_t i, uint64_t *w) {
  switch (t->st) {
  case SHARC_ST_INT: {
    uint64_t v = (uint64_t)t->data.i[i];
    w[0] = t->bits >= 64 ? v : v & ((UINT64_C(1) << t->bits) - 1);
    break;
  }
  case SHARC_ST_F32:
    w[0] = sharc_float_value_bits(t->fk, t->data.f[i]);
    break;
  case SHARC_ST_F64:
    w[0] = sharc_float_value_bits(SHARC_F64, t->data.d[i]);
    break;
  case SHARC_ST_C64:
    w[0] = sharc_float_value_bits(SHARC_F32, crealf(t->data.c[i]));
    w[1] = sharc_float_value_bits(SHARC_F32, cimagf(t->data.c[i]));
    break;
  default:
    w[0] = sharc_float_value_bits(SHARC_F64, creal(t->data.z[i]));
    w[1] = sharc_float_value_bits(SHARC_F64, cimag(t->data.z[i]));
  }
}

sharc_attr *sharc_tensor_to_attr(sharc_context *ctx, const sharc_tensor *t) {
  if (t->kind != SHARC_IV_TENSOR)
    return NULL;
  unsigned wps = t->st == SHARC_ST_C64 || t->st == SHARC_ST_C128 ? 2 : 1;
  size_t nw = (size_t)t->n * wps;
  uint64_t *raw = malloc((nw ? nw : 1) * sizeof *raw);
  bool same = t->n > 0;
  for (int64_t i = 0; i < t->n; i++) {
    load_word(t, i, raw + i * wps);
    if (i && memcmp(raw + i * wps, raw, wps * sizeof *raw) != 0)
      same = false;
  }
  sharc_attr *a = sharc_attr_dense_elements(ctx, t->type, raw, same ? wps : nw, same);
  free(raw);
  return a;
}

/* ---- printing -------------------------------------------------------------- */

static void print_int(const sharc_tensor *t, int64_t v, sharc_buf *out) {
  if (t->bits == 1 && !t->q.quantized) {
    sharc_buf_puts(out, v ? "true" : "false");
    return;
  }
  if (t->uns)
    sharc_buf_put_u64(out, (uint64_t)v);
  else
    sharc_buf_put_i64(out, v);
}

static void print_element(const sharc_tensor *t, int64_t i, sharc_buf *out) {
  uint64_t w[2] = {0, 0};
  load_word(t, i, w);
  switch (t->st) {
  case SHARC_ST_INT:
    print_int(t, t->data.i[i], out);
    return;
  case SHARC_ST_F32:
    sharc_float_print(t->fk, w[0], 0, out);
    return;
  case SHARC_ST_F64:
    sharc_float_print(SHARC_F64, w[0], 0, out);
    return;
  default: {
    sharc_float_kind k = t->st == SHARC_ST_C64 ? SHARC_F32 : SHARC_F64;
    sharc_buf_putc(out, '[');
    sharc_float_print(k, w[0], 0, out);
    sharc_buf_puts(out, ", ");
    sharc_float_print(k, w[1], 0, out);
    sharc_buf_putc(out, ']');
  }
  }
}

static void newline_indent(sharc_buf *out, unsigned indent) {
  sharc_buf_putc(out, '\n');
  sharc_buf_indent(out, indent * 2);
}

/* StableHLO's printHelper: one bracketed line per innermost row. */
static void print_dims(const sharc_tensor *t, unsigned dim, int64_t offset, bool last,
                       unsigned indent, sharc_buf *out) {
  newline_indent(out, indent);
  sharc_buf_putc(out, '[');
  int64_t stride = 1;
  for (unsigned d = dim + 1; d < t->rank; d++)
    stride *= t->shape[d];
  for (int64_t k = 0; k < t->shape[dim]; k++) {
    bool last_k = k + 1 == t->shape[dim];
    if (dim + 1 == t->rank) {
      print_element(t, offset + k, out);
      if (k + 1 != t->shape[dim])
        sharc_buf_puts(out, ", ");
    } else {
      print_dims(t, dim + 1, offset + k * stride, last_k, indent + 1, out);
    }
  }
  sharc_buf_putc(out, ']');
  if (!last)
    sharc_buf_putc(out, ',');
  else
    newline_indent(out, indent - 1);
}

static void print_tensor(const sharc_tensor *t, sharc_buf *out) {
  sharc_print_type(t->type, out);
  sharc_buf_puts(out, " {");
  if (t->rank == 0)
    print_element(t, 0, out);
  else
    print_dims(t, 0, 0, true, 1, out);
  sharc_buf_putc(out, '}');
}

void sharc_tensor_print(sharc_context *ctx, const sharc_tensor *t, bool dense, sharc_buf *out) {
  if (t->kind == SHARC_IV_TOKEN) {
    sharc_buf_puts(out, "token");
    return;
  }
  if (t->kind == SHARC_IV_TUPLE) {
    sharc_print_type(t->type, out);
    sharc_buf_puts(out, " (\n");
    for (unsigned i = 0; i < t->count; i++) {
      sharc_tensor_print(ctx, t->elems[i], dense, out);
      if (i + 1 != t->count)
        sharc_buf_putc(out, ',');
      sharc_buf_putc(out, '\n');
    }
    sharc_buf_putc(out, ')');
    return;
  }
  if (!dense) {
    print_tensor(t, out);
    return;
  }
  sharc_attr *a = sharc_tensor_to_attr(ctx, t);
  sharc_print_attr(a, out);
}

/* Conversions and the rest: convert (bit-exact: ints wrap, float to int
 * truncates and saturates, NaN to 0, one rounding to nearest-even between
 * floats), bitcast_convert (through the elements' bits, splitting or joining
 * along the last dimension), reduce_precision, tokens (after_all), the
 * quantization ops, and the interpreter dialect's print and probe. */
#include <math.h>
#include <stdio.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"
#include "interpret/npy.h"
#include "interpret/quant.h"
#include "sharc/asm.h"

static int64_t float_to_int(double v, unsigned bits, bool uns) {
  if (isnan(v))
    return 0;
  v = trunc(v);
  if (bits == 1)
    return v != 0;
  if (uns) {
    double max = bits >= 64 ? 18446744073709551615.0 : ldexp(1.0, (int)bits) - 1;
    if (v <= 0)
      return 0;
    if (v >= max)
      return bits >= 64 ? (int64_t)UINT64_MAX : (int64_t)((UINT64_C(1) << bits) - 1);
    return (int64_t)(uint64_t)v;
  }
  double lim = ldexp(1.0, (int)bits - 1);
  if (v >= lim)
    return bits >= 64 ? INT64_MAX : (int64_t)((UINT64_C(1) << (bits - 1)) - 1);
  if (v < -lim)
    return bits >= 64 ? INT64_MIN : -(int64_t)(UINT64_C(1) << (bits - 1));
  return (int64_t)v;
}

static double int_to_double(const sharc_tensor *a, int64_t i) {
  return a->uns ? (double)(uint64_t)a->data.i[i] : (double)a->data.i[i];
}

static float int_to_float(const sharc_tensor *a, int64_t i) {
  return a->uns ? (float)(uint64_t)a->data.i[i] : (float)a->data.i[i];
}

static void convert_elem(const sharc_tensor *a, int64_t i, sharc_tensor *r) {
  switch (r->st) {
  case SHARC_ST_INT:
    if (a->st == SHARC_ST_INT) {
      int64_t v = a->data.i[i];
      r->data.i[i] = r->bits == 1 ? v != 0 : sharc_int_wrap(v, r->bits, r->uns);
    } else {
      double complex z = sharc_tensor_get_complex(a, i);
      /* complex to a non-complex type converts the real part (the spec's
       * reference interpreter) */
      r->data.i[i] = r->bits == 1 ? creal(z) != 0 : float_to_int(creal(z), r->bits, r->uns);
    }
    return;
  case SHARC_ST_F32:
    if (a->st == SHARC_ST_INT)
      r->data.f[i] = r->narrow ? (float)sharc_round_to_kind(int_to_double(a, i), r->fk)
                               : int_to_float(a, i);
    else if (a->st == SHARC_ST_F64)
      r->data.f[i] = r->narrow ? (float)sharc_round_to_kind(a->data.d[i], r->fk) : (float)a->data.d[i];
    else
      r->data.f[i] = (float)sharc_round_to_kind(creal(sharc_tensor_get_complex(a, i)), r->fk);
    return;
  case SHARC_ST_F64:
    r->data.d[i] = a->st == SHARC_ST_INT ? int_to_double(a, i) : creal(sharc_tensor_get_complex(a, i));
    return;
  case SHARC_ST_C64:
    if (a->st == SHARC_ST_INT)
      r->data.c[i] = int_to_float(a, i);
    else
      r->data.c[i] = (float complex)sharc_tensor_get_complex(a, i);
    return;
  case SHARC_ST_C128:
    r->data.z[i] = a->st == SHARC_ST_INT ? int_to_double(a, i) : sharc_tensor_get_complex(a, i);
    return;
  }
}

SHARC_RESULT_KERNEL(k_convert) {
  sharc_tensor *a = in[0];
  if (a->st == SHARC_ST_F32 && r->st == SHARC_ST_F32 && !r->narrow) {
    memcpy(r->data.f, a->data.f, (size_t)r->n * sizeof(float));
    return true;
  }
  for (int64_t i = 0; i < r->n; i++)
    convert_elem(a, i, r);
  return true;
}

/* ---- bits ------------------------------------------------------------------------- */

static unsigned elem_bits(const sharc_tensor *t) {
  switch (t->st) {
  case SHARC_ST_INT:
    return t->bits;
  case SHARC_ST_F32:
    return sharc_float_bits(t->fk);
  case SHARC_ST_F64:
    return 64;
  case SHARC_ST_C64:
    return 64;
  default:
    return 128;
  }
}

static void get_bits(const sharc_tensor *t, int64_t i, uint64_t w[2]) {
  w[1] = 0;
  switch (t->st) {
  case SHARC_ST_INT: {
    uint64_t v = (uint64_t)t->data.i[i];
    w[0] = t->bits >= 64 ? v : v & ((UINT64_C(1) << t->bits) - 1);
    return;
  }
  case SHARC_ST_F32: {
    if (t->fk == SHARC_F32) {
      uint32_t u;
      memcpy(&u, &t->data.f[i], 4);
      w[0] = u;
    } else {
      w[0] = sharc_float_value_bits(t->fk, t->data.f[i]);
    }
    return;
  }
  case SHARC_ST_F64:
    memcpy(&w[0], &t->data.d[i], 8);
    return;
  case SHARC_ST_C64: {
    uint32_t re, im;
    float f = crealf(t->data.c[i]), g = cimagf(t->data.c[i]);
    memcpy(&re, &f, 4);
    memcpy(&im, &g, 4);
    w[0] = re | ((uint64_t)im << 32);
    return;
  }
  default: {
    double re = creal(t->data.z[i]), im = cimag(t->data.z[i]);
    memcpy(&w[0], &re, 8);
    memcpy(&w[1], &im, 8);
  }
  }
}

static void set_bits(sharc_tensor *t, int64_t i, const uint64_t w[2]) {
  switch (t->st) {
  case SHARC_ST_INT:
    t->data.i[i] = sharc_int_wrap((int64_t)w[0], t->bits, t->uns);
    return;
  case SHARC_ST_F32:
    if (t->fk == SHARC_F32) {
      uint32_t u = (uint32_t)w[0];
      memcpy(&t->data.f[i], &u, 4);
    } else {
      t->data.f[i] = (float)sharc_float_to_double(t->fk, w[0], 0);
    }
    return;
  case SHARC_ST_F64:
    memcpy(&t->data.d[i], &w[0], 8);
    return;
  case SHARC_ST_C64: {
    uint32_t re = (uint32_t)w[0], im = (uint32_t)(w[0] >> 32);
    float f, g;
    memcpy(&f, &re, 4);
    memcpy(&g, &im, 4);
    t->data.c[i] = sharc_complexf_make(f, g);
    return;
  }
  default: {
    double re, im;
    memcpy(&re, &w[0], 8);
    memcpy(&im, &w[1], 8);
    t->data.z[i] = sharc_complex_make(re, im);
  }
  }
}

SHARC_RESULT_KERNEL(k_bitcast_convert) {
  sharc_tensor *a = in[0];
  unsigned ab = elem_bits(a), rb = elem_bits(r);
  if ((ab > 64 || rb > 64) && ab != rb)
    return sharc_interp_fail(ip, op, "stablehlo.bitcast_convert: unsupported widths");
  if (ab == rb) {
    for (int64_t i = 0; i < r->n; i++) {
      uint64_t w[2];
      get_bits(a, i, w);
      set_bits(r, i, w);
    }
    return true;
  }
  if (ab > rb) { /* one operand element into ab/rb result elements, low bits first */
    unsigned k = ab / rb;
    uint64_t m = rb >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << rb) - 1;
    for (int64_t i = 0; i < a->n; i++) {
      uint64_t w[2];
      get_bits(a, i, w);
      for (unsigned j = 0; j < k; j++) {
        uint64_t p[2] = {(w[0] >> (j * rb)) & m, 0};
        set_bits(r, i * k + j, p);
      }
    }
    return true;
  }
  unsigned k = rb / ab;
  for (int64_t i = 0; i < r->n; i++) {
    uint64_t acc = 0;
    for (unsigned j = 0; j < k; j++) {
      uint64_t w[2];
      get_bits(a, i * k + j, w);
      acc |= w[0] << (j * ab);
    }
    uint64_t p[2] = {acc, 0};
    set_bits(r, i, p);
  }
  return true;
}

/* ---- reduce_precision: StableHLO's bit recipe on the element's own format --------- */

static unsigned mantissa_bits(sharc_float_kind k) {
  switch (k) {
  case SHARC_F16:
    return 10;
  case SHARC_BF16:
    return 7;
  case SHARC_F32:
    return 23;
  case SHARC_F64:
    return 52;
  default:
    return 0;
  }
}

static uint64_t reduce_bits(uint64_t v, unsigned width, unsigned src_m, int64_t exp_bits,
                            int64_t man_bits) {
  if (man_bits < (int64_t)src_m) {
    uint64_t last = UINT64_C(1) << (src_m - man_bits);
    uint64_t bias = (last >> 1) - 1;
    uint64_t x_last = (v & last) >> (src_m - man_bits);
    v = (v + x_last + bias) & ~(last - 1);
  }
  unsigned src_e = width - src_m - 1;
  if (exp_bits < (int64_t)src_e) {
    uint64_t sign = UINT64_C(1) << (width - 1);
    uint64_t exp_mask = ((UINT64_C(1) << src_e) - 1) << src_m;
    uint64_t ebias = (UINT64_C(1) << (src_e - 1)) - 1;
    uint64_t rbias = (UINT64_C(1) << (exp_bits - 1)) - 1;
    uint64_t x_exp = v & exp_mask;
    bool over = x_exp > ((ebias + rbias) << src_m);
    bool under = x_exp <= ((ebias - rbias) << src_m);
    uint64_t signed_zero = v & sign;
    v = over ? (signed_zero | exp_mask) : v;
    v = under ? signed_zero : v;
  }
  return v;
}

SHARC_RESULT_KERNEL(k_reduce_precision) {
  sharc_tensor *a = in[0];
  sharc_attr *ea = sharc_op_attr(op, "exponent_bits"), *ma = sharc_op_attr(op, "mantissa_bits");
  int64_t eb = ea ? sharc_attr_int_value(ea) : 0, mb = ma ? sharc_attr_int_value(ma) : 0;
  unsigned src_m = mantissa_bits(a->fk), width = elem_bits(a);
  if (!src_m || eb < 1 || mb < 0)
    return sharc_interp_fail(ip, op, "stablehlo.reduce_precision: unsupported element type");
  for (int64_t i = 0; i < r->n; i++) {
    uint64_t w[2];
    get_bits(a, i, w);
    uint64_t v = reduce_bits(w[0], width, src_m, eb, mb);
    uint64_t p[2] = {v, 0};
    set_bits(r, i, p);
    if (isnan(sharc_tensor_get_real(a, i))) {
      if (mb > 0)
        sharc_tensor_set_real(r, i, sharc_tensor_get_real(a, i));
      else
        sharc_tensor_set_real(r, i, signbit(sharc_tensor_get_real(a, i)) ? -INFINITY : INFINITY);
    }
  }
  return true;
}

/* ---- tokens, print, probe --------------------------------------------------------- */

static bool k_token(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                    sharc_scope *sc) {
  (void)in, (void)sc;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    out[i] = sharc_interp_token(ip);
    if (!out[i])
      return false;
  }
  return true;
}

/* What the reference prints before the value: the text of the operand's
 * defining op up to its "= " (`%0 = `, `%3:2 = `); a block argument prints
 * as "<block argument> ..." which has no "=", and the reference keeps its
 * first character. */
static void print_ssa_prefix(sharc_op *op, sharc_buf *out) {
  sharc_value *v = sharc_op_operand(op, 0);
  sharc_op *def = sharc_value_defining_op(v);
  if (!def) {
    sharc_buf_putc(out, '<');
    return;
  }
  sharc_op *top = op;
  while (sharc_op_parent_op(top))
    top = sharc_op_parent_op(top);
  sharc_value_namer *namer = sharc_value_namer_create(top, false);
  sharc_buf name = {0};
  sharc_value_namer_name(namer, sharc_op_result(def, 0), &name);
  sharc_value_namer_destroy(namer);
  const char *hash = name.data ? strchr(name.data, '#') : NULL;
  int len = hash ? (int)(hash - name.data) : (int)name.len;
  unsigned n = sharc_op_num_results(def);
  if (n > 1)
    sharc_buf_printf(out, "%.*s:%u = ", len, name.data, n);
  else
    sharc_buf_printf(out, "%.*s = ", len, name.data ? name.data : "");
  sharc_buf_free(&name);
}

static bool k_print(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                    sharc_scope *sc) {
  (void)out, (void)sc;
  if (ip->opts->print_out) {
    sharc_interp_lock_output(ip);
    print_ssa_prefix(op, ip->opts->print_out);
    sharc_tensor_print(ip->ctx, in[0], false, ip->opts->print_out);
    sharc_buf_putc(ip->opts->print_out, '\n');
    sharc_interp_unlock_output(ip);
  }
  return true;
}

/* The path of `name` in the probe directory (`dir/name`). */
static void probe_path(const char *dir, const char *name, sharc_buf *out) {
  size_t n = strlen(dir);
  sharc_buf_puts(out, dir);
  if (n && dir[n - 1] != '/')
    sharc_buf_putc(out, '/');
  sharc_buf_puts(out, name);
}

/* interpreter.probe: the value passes through; it is written to
 * `probe<N>.npy` of the probe directory (N counts the run's probes from 1)
 * and a line `probe_id,type,path` is appended to the directory's index.csv. */
static bool k_probe(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                    sharc_scope *sc) {
  (void)sc;
  out[0] = in[0];
  sharc_tensor_retain(in[0]);
  const char *dir = ip->opts->probe_dir;
  if (!dir || !*dir)
    return sharc_interp_fail(ip, op,
                             "interpreter.probe: Probe serialization directory cannot be empty.");
  char kind;
  unsigned size;
  if (!sharc_npy_word(in[0], &kind, &size))
    return sharc_interp_fail(ip, op, "interpreter.probe: Unsupported element type");
  int64_t id = ip->shared_probe_counter ? atomic_fetch_add(ip->shared_probe_counter, 1) + 1
                                        : ++ip->probe_counter;
  char name[40];
  snprintf(name, sizeof name, "probe%lld.npy", (long long)id);
  sharc_buf path = {0}, index = {0}, line = {0};
  probe_path(dir, name, &path);
  probe_path(dir, "index.csv", &index);
  sharc_attr *pid = sharc_op_attr(op, "probe_id");
  sharc_str id_text = pid ? sharc_attr_string_value(pid) : (sharc_str){"", 0};
  sharc_buf_put_str(&line, id_text);
  sharc_buf_putc(&line, ',');
  sharc_print_type(in[0]->type, &line);
  sharc_buf_printf(&line, ",%s\n", path.data);
  bool ok = sharc_npy_write(path.data, in[0]);
  if (ok) {
    sharc_interp_lock_output(ip);
    FILE *f = fopen(index.data, "a");
    ok = f && fwrite(line.data, 1, line.len, f) == line.len;
    if (f)
      ok = fclose(f) == 0 && ok;
    sharc_interp_unlock_output(ip);
  }
  sharc_buf_free(&path);
  sharc_buf_free(&index);
  sharc_buf_free(&line);
  return ok || sharc_interp_fail(ip, op, "interpreter.probe: Failed to write the probe of %.*s",
                                 (int)id_text.len, id_text.data);
}

/* ---- quantization ------------------------------------------------------------------ */

SHARC_RESULT_KERNEL(k_uniform_quantize) {
  if (!r->q.quantized)
    return sharc_interp_fail(ip, op, "stablehlo.uniform_quantize: result is not quantized");
  if (!in[0]->q.quantized) {
    sharc_quant_quantize_into(r, in[0]);
    return true;
  }
  sharc_tensor *x = sharc_quant_dequantize(ip, op, in[0]);
  if (!x)
    return false;
  sharc_quant_quantize_into(r, x);
  sharc_tensor_release(x);
  return true;
}

static bool k_uniform_dequantize(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                 sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  if (!in[0]->q.quantized)
    return sharc_interp_fail(ip, op, "stablehlo.uniform_dequantize: operand is not quantized");
  out[0] = sharc_quant_dequantize(ip, op, in[0]);
  return out[0] != NULL;
}

const sharc_kernel sharc_kernels_misc[] = {
    {"stablehlo.uniform_quantize", k_uniform_quantize, 0},
    {"stablehlo.uniform_dequantize", k_uniform_dequantize, 0},
    {"stablehlo.convert", k_convert, 0},
    {"stablehlo.bitcast_convert", k_bitcast_convert, 0},
    {"stablehlo.reduce_precision", k_reduce_precision, 0},
    {"stablehlo.after_all", k_token, 0},
    {"stablehlo.create_token", k_token, 0},
    {"interpreter.print", k_print, 0},
    {"interpreter.probe", k_probe, 0},
    {NULL, NULL, 0},
};

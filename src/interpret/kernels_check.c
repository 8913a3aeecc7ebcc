/* The check dialect's assertions and the `check.*` custom calls of JAX's
 * exported tests, as stablehlo-translate's interpreter fallback defines
 * them: exact equality, equality within a tolerance, closeness in ULPs. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"
#include "interpret/npy.h"
#include "sharc/asm.h"

static void put_index(const sharc_tensor *t, int64_t i, sharc_buf *b) {
  int64_t st[SHARC_MAX_RANK];
  sharc_strides(t->shape, t->rank, st);
  sharc_buf_putc(b, '[');
  for (unsigned d = 0; d < t->rank && d < SHARC_MAX_RANK; d++) {
    if (d)
      sharc_buf_puts(b, ", ");
    sharc_buf_put_i64(b, (i / st[d]) % t->shape[d]);
  }
  sharc_buf_putc(b, ']');
}

static void put_elem(const sharc_tensor *t, int64_t i, sharc_buf *b) {
  if (t->st == SHARC_ST_INT) {
    if (t->bits == 1)
      sharc_buf_puts(b, t->data.i[i] ? "true" : "false");
    else if (t->uns)
      sharc_buf_put_u64(b, (uint64_t)t->data.i[i]);
    else
      sharc_buf_put_i64(b, t->data.i[i]);
    return;
  }
  double complex z = sharc_tensor_get_complex(t, i);
  if (t->st == SHARC_ST_C64 || t->st == SHARC_ST_C128)
    sharc_buf_printf(b, "(%g, %g)", creal(z), cimag(z));
  else
    sharc_buf_printf(b, "%.9g", creal(z));
}

static bool mismatch(sharc_interp *ip, sharc_op *op, const char *what, const sharc_tensor *a,
                     const sharc_tensor *e, int64_t i) {
  sharc_buf b = {0};
  put_elem(a, i, &b);
  sharc_buf_puts(&b, " (actual) vs ");
  put_elem(e, i, &b);
  sharc_buf_puts(&b, " (expected) at index ");
  put_index(a, i, &b);
  sharc_interp_fail(ip, op, "%s: Element values don't match: %s", what, b.data);
  sharc_buf_free(&b);
  return false;
}

static bool same_shape(sharc_interp *ip, sharc_op *op, const char *what, const sharc_tensor *a,
                       const sharc_tensor *e) {
  if (a->kind == SHARC_IV_TENSOR && e->kind == SHARC_IV_TENSOR && a->n == e->n &&
      a->st == e->st)
    return true;
  return sharc_interp_fail(ip, op, "%s: operands have different shapes or element types", what);
}

static bool elem_equal(const sharc_tensor *a, const sharc_tensor *e, int64_t i) {
  switch (a->st) {
  case SHARC_ST_INT:
    return a->data.i[i] == e->data.i[i];
  case SHARC_ST_F32: /* IEEE equality, as APFloat's ==: NaN is unequal to itself */
    return a->data.f[i] == e->data.f[i];
  case SHARC_ST_F64:
    return a->data.d[i] == e->data.d[i];
  default: {
    double complex x = sharc_tensor_get_complex(a, i), y = sharc_tensor_get_complex(e, i);
    return x == y;
  }
  }
}

static bool expect_eq(sharc_interp *ip, sharc_op *op, const char *what, const sharc_tensor *a,
                      const sharc_tensor *e) {
  if (!same_shape(ip, op, what, a, e))
    return false;
  for (int64_t i = 0; i < a->n; i++)
    if (!elem_equal(a, e, i))
      return mismatch(ip, op, what, a, e, i);
  return true;
}

static bool real_close(double x, double y, double tol) {
  if (isnan(x) || isnan(y))
    return isnan(x) && isnan(y);
  if (isinf(x) || isinf(y))
    return x == y;
  return fabs(x - y) <= tol;
}

static bool almost_equal(const sharc_tensor *a, const sharc_tensor *e, int64_t i, double tol) {
  if (a->st == SHARC_ST_INT)
    return a->data.i[i] == e->data.i[i];
  double complex x = sharc_tensor_get_complex(a, i), y = sharc_tensor_get_complex(e, i);
  return real_close(creal(x), creal(y), tol) && real_close(cimag(x), cimag(y), tol);
}

static bool expect_almost_eq(sharc_interp *ip, sharc_op *op, const char *what,
                             const sharc_tensor *a, const sharc_tensor *e, double tol) {
  if (!same_shape(ip, op, what, a, e))
    return false;
  for (int64_t i = 0; i < a->n; i++)
    if (!almost_equal(a, e, i, tol))
      return mismatch(ip, op, what, a, e, i);
  return true;
}

/* ULP distance as StableHLO's check dialect measures it: on the bits of the
 * magnitudes, NaNs equal, non-finite against anything else maximal. */
static uint64_t ulp_diff(sharc_float_kind k, double f, double g) {
  if (sharc_float_value_bits(k, f) == sharc_float_value_bits(k, g))
    return 0;
  if (isfinite(f) && isfinite(g)) {
    uint64_t a = sharc_float_value_bits(k, fabs(f)), b = sharc_float_value_bits(k, fabs(g));
    if (signbit(f) != signbit(g))
      return a + b;
    return a > b ? a - b : b - a;
  }
  if (isnan(f) && isnan(g))
    return 0;
  return UINT64_MAX;
}

static bool expect_close(sharc_interp *ip, sharc_op *op, const sharc_tensor *a,
                         const sharc_tensor *e, uint64_t min_ulp, uint64_t max_ulp) {
  const char *what = "check.expect_close";
  if (!same_shape(ip, op, what, a, e))
    return false;
  if (a->st == SHARC_ST_INT)
    return sharc_interp_fail(ip, op, "%s: Unsupported element type", what);
  bool cplx = a->st == SHARC_ST_C64 || a->st == SHARC_ST_C128;
  sharc_float_kind k = a->fk;
  sharc_buf b = {0};
  int64_t bad = 0;
  for (int64_t i = 0; i < a->n; i++) {
    double complex x = sharc_tensor_get_complex(a, i), y = sharc_tensor_get_complex(e, i);
    uint64_t d = ulp_diff(k, creal(x), creal(y));
    if (cplx) {
      uint64_t di = ulp_diff(k, cimag(x), cimag(y));
      d = di > d ? di : d;
    }
    if (d <= max_ulp && d >= min_ulp)
      continue;
    if (bad++ < 10) {
      sharc_buf_puts(&b, "\n  index=");
      put_index(a, i, &b);
      sharc_buf_puts(&b, ", actual=");
      put_elem(a, i, &b);
      sharc_buf_puts(&b, ", expected=");
      put_elem(e, i, &b);
      sharc_buf_printf(&b, ", ULP difference=%llu", (unsigned long long)d);
    }
  }
  if (bad)
    sharc_interp_fail(ip, op,
                      "%s: Elements values don't match with respect to maximal ULP difference=%llu "
                      "limit:%s",
                      what, (unsigned long long)max_ulp, b.data);
  sharc_buf_free(&b);
  return bad == 0;
}

static double attr_f64(const sharc_op *op, const char *name, double dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a)
    return dflt;
  return sharc_attr_get_kind(a) == SHARC_ATTR_FLOAT ? sharc_attr_float_value(a)
                                                    : (double)sharc_attr_int_value(a);
}

static bool k_expect_eq(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                        sharc_scope *sc) {
  (void)out, (void)sc;
  return expect_eq(ip, op, "check.expect_eq", in[0], in[1]);
}

static bool k_expect_almost_eq(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                               sharc_tensor **out, sharc_scope *sc) {
  (void)out, (void)sc;
  return expect_almost_eq(ip, op, "check.expect_almost_eq", in[0], in[1],
                          attr_f64(op, "tolerance", 1e-4));
}

/* The *_const forms compare with the op's `value` attribute. */
static bool k_expect_const(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                           sharc_scope *sc) {
  (void)out, (void)sc;
  bool almost = sharc_kernel_arg(ip, op);
  sharc_tensor *e = sharc_tensor_from_attr(ip->ctx, sharc_op_attr(op, "value"));
  if (!e)
    return sharc_interp_fail(ip, op, "unsupported expected value");
  bool ok = almost ? expect_almost_eq(ip, op, "check.expect_almost_eq_const", in[0], e,
                                      attr_f64(op, "tolerance", 1e-4))
                   : expect_eq(ip, op, "check.expect_eq_const", in[0], e);
  sharc_tensor_release(e);
  return ok;
}

static bool k_expect_close(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                           sharc_scope *sc) {
  (void)out, (void)sc;
  return expect_close(ip, op, in[0], in[1], (uint64_t)attr_f64(op, "min_ulp_difference", 0),
                      (uint64_t)attr_f64(op, "max_ulp_difference", 1));
}

/* The `iter`-th line of the probe directory's index.csv when it names
 * `probe_id` (the reference reads whitespace-separated words and counts
 * every line, matching or not); its type and path fields, or false. */
static bool find_probe_line(const char *dir, sharc_str probe_id, int64_t iter, sharc_buf *type,
                            sharc_buf *path) {
  sharc_buf index = {0};
  sharc_buf_puts(&index, dir);
  if (index.len && index.data[index.len - 1] != '/')
    sharc_buf_putc(&index, '/');
  sharc_buf_puts(&index, "index.csv");
  FILE *f = fopen(index.data, "r");
  sharc_buf_free(&index);
  if (!f)
    return false;
  sharc_buf word = {0}, id = {0};
  sharc_buf_put_str(&id, probe_id);
  sharc_buf_putc(&id, 0);
  bool found = false;
  int c = 0;
  for (int64_t match = 0; !found && match <= iter && c != EOF; match++) {
    word.len = 0;
    while ((c = fgetc(f)) != EOF && isspace(c))
      ;
    for (; c != EOF && !isspace(c); c = fgetc(f))
      sharc_buf_putc(&word, (char)c);
    if (!word.len)
      break;
    sharc_buf_putc(&word, 0);
    if (match != iter || !strstr(word.data, id.data))
      continue;
    char *comma1 = strchr(word.data, ','), *comma2 = comma1 ? strchr(comma1 + 1, ',') : NULL;
    if (!comma2)
      break;
    sharc_buf_put(type, comma1 + 1, (size_t)(comma2 - comma1 - 1));
    sharc_buf_puts(path, comma2 + 1);
    found = true;
  }
  fclose(f);
  sharc_buf_free(&word);
  sharc_buf_free(&id);
  return found;
}

/* check.expect_serialized_eq: the value interpreter.probe wrote under
 * `probe_id` (its `iter`-th record) equals the operand. */
static bool k_expect_serialized_eq(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                   sharc_tensor **out, sharc_scope *sc) {
  (void)out, (void)sc;
  const char *what = "check.expect_serialized_eq";
  sharc_attr *pa = sharc_op_attr(op, "probe_id");
  sharc_str probe_id = pa ? sharc_attr_string_value(pa) : (sharc_str){"", 0};
  sharc_attr *ia = sharc_op_attr(op, "iteration");
  int64_t iter = ia ? sharc_attr_int_value(ia) : 0;
  const char *dir = ip->opts->probe_dir;
  sharc_buf type = {0}, path = {0}, want = {0};
  if (!dir || !*dir || !find_probe_line(dir, probe_id, iter, &type, &path)) {
    sharc_buf_free(&type);
    sharc_buf_free(&path);
    return sharc_interp_fail(ip, op, "%s: Failed to find serialized data for probe %.*s.", what,
                             (int)probe_id.len, probe_id.data);
  }
  sharc_tensor *stored = sharc_tensor_new_like(in[0]);
  const char *err = stored ? sharc_npy_read(path.data, stored) : "unsupported element type";
  bool ok = !err;
  if (!ok)
    sharc_interp_fail(ip, op, "%s: Failed to verify serialized tensor %.*s.", what,
                      (int)probe_id.len, probe_id.data);
  sharc_print_type(in[0]->type, &want);
  if (ok && (type.len != want.len || memcmp(type.data, want.data, want.len) != 0))
    ok = sharc_interp_fail(ip, op,
                           "%s: Serialized types don't match: %s (actual) vs %s (expected) for "
                           "probe %.*s.",
                           what, want.data, type.data ? type.data : "", (int)probe_id.len,
                           probe_id.data);
  ok = ok && expect_eq(ip, op, what, in[0], stored);
  sharc_tensor_release(stored);
  sharc_buf_free(&type);
  sharc_buf_free(&path);
  sharc_buf_free(&want);
  return ok;
}

/* custom_call @check.*: JAX's exported tests. */
static bool k_custom_call(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                          sharc_scope *sc) {
  (void)sc;
  sharc_attr *t = sharc_op_attr(op, "call_target_name");
  sharc_str name = t ? sharc_attr_string_value(t) : (sharc_str){"", 0};
  unsigned n = sharc_op_num_operands(op);
  if (sharc_str_eq_cstr(name, "check.eq") && n == 2) {
    bool is_int = in[1]->st == SHARC_ST_INT;
    sharc_tensor *r = sharc_result_out(ip, op, out);
    if (!r)
      return false;
    bool ok = is_int ? expect_eq(ip, op, "stablehlo.custom_call(@check.eq)", in[0], in[1])
                     : expect_almost_eq(ip, op, "stablehlo.custom_call(@check.eq)", in[0], in[1],
                                        1e-4);
    r->data.i[0] = ok;
    return ok;
  }
  if (n == 2 && sharc_str_eq_cstr(name, "check.expect_close"))
    return expect_close(ip, op, in[0], in[1], 0, 3);
  if (n == 2 && sharc_str_eq_cstr(name, "check.expect_eq"))
    return expect_eq(ip, op, "check.expect_eq", in[0], in[1]);
  if (n == 2 && sharc_str_eq_cstr(name, "check.expect_almost_eq"))
    return expect_almost_eq(ip, op, "check.expect_almost_eq", in[0], in[1], 1e-3);
  return sharc_interp_fail(ip, op, "Unsupported custom call: %.*s", (int)name.len, name.data);
}

const sharc_kernel sharc_kernels_check[] = {
    {"check.expect_eq", k_expect_eq, 0},
    {"check.expect_almost_eq", k_expect_almost_eq, 0},
    {"check.expect_eq_const", k_expect_const, 0},
    {"check.expect_almost_eq_const", k_expect_const, 1},
    {"check.expect_close", k_expect_close, 0},
    {"check.expect_serialized_eq", k_expect_serialized_eq, 0},
    {"stablehlo.custom_call", k_custom_call, 0},
    {NULL, NULL, 0},
};

/* Matrix factorisations and normalisations: triangular_solve, cholesky and
 * batch_norm_inference / batch_norm_training / batch_norm_grad. They run on
 * the trailing two dimensions (the matrices) or along feature_index, for
 * every batch, computing in double (double complex for complex types) and
 * rounding once per result element. */
#include <math.h>
#include <stdlib.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

static bool is_complex(const sharc_tensor *t) {
  return t->st == SHARC_ST_C64 || t->st == SHARC_ST_C128;
}

static void put_value(sharc_tensor *r, int64_t i, double complex v) {
  if (r->st == SHARC_ST_C64)
    r->data.c[i] = (float complex)v;
  else if (r->st == SHARC_ST_C128)
    r->data.z[i] = v;
  else
    sharc_tensor_set_real(r, i, creal(v));
}

static bool bool_attr(const sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_BOOL && sharc_attr_bool_value(a);
}

/* ---- triangular_solve ------------------------------------------------------------ */

/* the order of #stablehlo<transpose ...> */
enum { TRANSPOSE_INVALID, NO_TRANSPOSE, TRANSPOSE, ADJOINT };

/* Solves t y = rhs in place for a triangular m x m `t` (lower or upper). */
static void substitute(const double complex *t, int64_t m, bool lower, double complex *y) {
  for (int64_t s = 0; s < m; s++) {
    int64_t i = lower ? s : m - 1 - s;
    double complex acc = y[i];
    for (int64_t s2 = 0; s2 < s; s2++) {
      int64_t j = lower ? s2 : m - 1 - s2;
      acc -= t[i * m + j] * y[j];
    }
    y[i] = acc / t[i * m + i];
  }
}

SHARC_RESULT_KERNEL(k_triangular_solve) {
  const sharc_tensor *a = in[0], *b = in[1];
  bool left = bool_attr(op, "left_side"), lower = bool_attr(op, "lower");
  bool unit = bool_attr(op, "unit_diagonal");
  sharc_attr *ta = sharc_op_attr(op, "transpose_a");
  int trans = ta ? sharc_shlo_enum_index(ta, &sharc_shlo_transpose) : NO_TRANSPOSE;
  if (a->rank < 2 || b->rank != a->rank || r->n != b->n || a->st == SHARC_ST_INT || trans <= TRANSPOSE_INVALID)
    return sharc_interp_fail(ip, op, "stablehlo.triangular_solve: bad operands");
  int64_t m = a->shape[a->rank - 1], rows = b->shape[b->rank - 2], cols = b->shape[b->rank - 1];
  if (a->shape[a->rank - 2] != m || (left ? rows : cols) != m)
    return sharc_interp_fail(ip, op, "stablehlo.triangular_solve: shapes do not match");
  int64_t batches = m ? a->n / (m * m) : 0, k = left ? cols : rows;
  double complex *t = malloc((size_t)(m * m + m + 1) * sizeof *t), *y = t + m * m;
  if (!t)
    return sharc_interp_fail(ip, op, "stablehlo.triangular_solve: out of memory");
  /* op(a) restricted to its triangle, transposed once more for the right
   * side (x op(a) = b is op(a)^T x^T = b^T) */
  bool eff_lower = lower != (trans != NO_TRANSPOSE);
  if (!left)
    eff_lower = !eff_lower;
  for (int64_t bt = 0; bt < batches; bt++) {
    const int64_t ab = bt * m * m, bb = bt * rows * cols;
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < m; j++) {
        /* element (i, j) of op(a) */
        int64_t si = trans == NO_TRANSPOSE ? i : j, sj = trans == NO_TRANSPOSE ? j : i;
        bool inside = lower ? sj <= si : sj >= si;
        double complex v = si == sj && unit ? 1 : inside ? sharc_tensor_get_complex(a, ab + si * m + sj) : 0;
        if (trans == ADJOINT)
          v = conj(v);
        t[left ? i * m + j : j * m + i] = v;
      }
    for (int64_t c = 0; c < k; c++) {
      for (int64_t i = 0; i < m; i++)
        y[i] = sharc_tensor_get_complex(b, bb + (left ? i * cols + c : c * cols + i));
      substitute(t, m, eff_lower, y);
      for (int64_t i = 0; i < m; i++)
        put_value(r, bb + (left ? i * cols + c : c * cols + i), y[i]);
    }
  }
  free(t);
  sharc_round_all(r);
  return true;
}

/* ---- cholesky ----------------------------------------------------------------------- */

SHARC_RESULT_KERNEL(k_cholesky) {
  const sharc_tensor *a = in[0];
  if (a->rank < 2 || a->shape[a->rank - 1] != a->shape[a->rank - 2] || a->st == SHARC_ST_INT ||
      r->n != a->n)
    return sharc_interp_fail(ip, op, "stablehlo.cholesky: the operand must be square matrices");
  bool lower = bool_attr(op, "lower");
  int64_t n = a->shape[a->rank - 1], batches = n ? a->n / (n * n) : 0;
  double complex *l = malloc((size_t)(n * n + 1) * sizeof *l);
  if (!l)
    return sharc_interp_fail(ip, op, "stablehlo.cholesky: out of memory");
  for (int64_t bt = 0; bt < batches; bt++) {
    int64_t base = bt * n * n;
    memset(l, 0, (size_t)(n * n) * sizeof *l);
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j <= i; j++) {
        /* element (i, j), i >= j, of the Hermitian matrix the named triangle gives */
        double complex acc = lower ? sharc_tensor_get_complex(a, base + i * n + j)
                                   : conj(sharc_tensor_get_complex(a, base + j * n + i));
        for (int64_t k = 0; k < j; k++)
          acc -= l[i * n + k] * conj(l[j * n + k]);
        /* not positive definite: NaN, as the spec leaves the values to the implementation */
        l[i * n + j] = i == j ? (creal(acc) > 0 ? sqrt(creal(acc)) : NAN) : acc / l[j * n + j];
      }
    for (int64_t i = 0; i < n; i++)
      for (int64_t j = 0; j < n; j++) {
        double complex v = lower ? (j <= i ? l[i * n + j] : 0) : (i <= j ? conj(l[j * n + i]) : 0);
        put_value(r, base + i * n + j, v);
      }
  }
  free(l);
  sharc_round_all(r);
  return true;
}

/* ---- batch_norm_* --------------------------------------------------------------------- */

/* The geometry of a feature dimension: x[o][f][i] with `features` in the middle. */
typedef struct feature_dims {
  int64_t outer, features, inner;
} feature_dims;

static bool feature_geometry(sharc_interp *ip, sharc_op *op, const sharc_tensor *x,
                             feature_dims *g) {
  sharc_attr *fa = sharc_op_attr(op, "feature_index");
  int64_t f = fa ? sharc_attr_int_value(fa) : -1;
  if (f < 0 || f >= (int64_t)x->rank || x->st == SHARC_ST_INT || is_complex(x))
    return sharc_interp_fail(ip, op, "batch_norm: bad feature_index or element type");
  g->outer = g->inner = 1;
  for (int64_t d = 0; d < f; d++)
    g->outer *= x->shape[d];
  for (unsigned d = (unsigned)f + 1; d < x->rank; d++)
    g->inner *= x->shape[d];
  g->features = x->shape[f];
  return true;
}

static double epsilon_of(const sharc_op *op) {
  sharc_attr *e = sharc_op_attr(op, "epsilon");
  return e ? sharc_attr_float_value(e) : 0;
}

static int64_t at(const feature_dims *g, int64_t o, int64_t f, int64_t i) {
  return (o * g->features + f) * g->inner + i;
}

/* Per-feature sums of (x - xc) * (y - yc) (of x - xc alone when y is
 * NULL); a NULL center is zero. */
static void feature_sums(const feature_dims *g, const sharc_tensor *x, const double *xc,
                         const sharc_tensor *y, const double *yc, double *sum) {
  for (int64_t f = 0; f < g->features; f++) {
    double acc = 0, cx = xc ? xc[f] : 0, cy = yc ? yc[f] : 0;
    for (int64_t o = 0; o < g->outer; o++)
      for (int64_t i = 0; i < g->inner; i++) {
        int64_t k = at(g, o, f, i);
        double v = sharc_tensor_get_real(x, k) - cx;
        acc += y ? v * (sharc_tensor_get_real(y, k) - cy) : v;
      }
    sum[f] = acc;
  }
}

/* out = scale * (x - mean) / sqrt(var + eps) + offset, per feature. */
static void normalize(const feature_dims *g, const sharc_tensor *x, const double *scale,
                      const double *offset, const double *mean, const double *var, double eps,
                      sharc_tensor *out) {
  for (int64_t o = 0; o < g->outer; o++)
    for (int64_t f = 0; f < g->features; f++) {
      double s = scale[f] / sqrt(var[f] + eps);
      for (int64_t i = 0; i < g->inner; i++) {
        int64_t k = at(g, o, f, i);
        sharc_tensor_set_real(out, k, (sharc_tensor_get_real(x, k) - mean[f]) * s + offset[f]);
      }
    }
  sharc_round_all(out);
}

static double *feature_values(const sharc_tensor *t, int64_t n) {
  double *v = malloc((size_t)(n ? n : 1) * sizeof *v);
  for (int64_t f = 0; v && f < n; f++)
    v[f] = sharc_tensor_get_real(t, f);
  return v;
}

static bool new_results(sharc_interp *ip, sharc_op *op, sharc_tensor **out, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    out[i] = sharc_result_new(ip, op, i);
    if (!out[i])
      return false;
  }
  return true;
}

static bool k_batch_norm_inference(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                   sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  feature_dims g;
  if (!feature_geometry(ip, op, in[0], &g) || !new_results(ip, op, out, 1))
    return false;
  double *p[4];
  for (int k = 0; k < 4; k++)
    p[k] = feature_values(in[k + 1], g.features);
  normalize(&g, in[0], p[0], p[1], p[2], p[3], epsilon_of(op), out[0]);
  for (int k = 0; k < 4; k++)
    free(p[k]);
  return true;
}

static bool k_batch_norm_training(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                  sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  feature_dims g;
  if (!feature_geometry(ip, op, in[0], &g) || !new_results(ip, op, out, 3))
    return false;
  double *scale = feature_values(in[1], g.features), *offset = feature_values(in[2], g.features);
  double *mean = calloc((size_t)g.features + 1, sizeof *mean);
  double *var = calloc((size_t)g.features + 1, sizeof *var);
  double count = (double)(g.outer * g.inner);
  feature_sums(&g, in[0], NULL, NULL, NULL, mean);
  for (int64_t f = 0; f < g.features; f++)
    mean[f] /= count;
  feature_sums(&g, in[0], mean, in[0], mean, var);
  for (int64_t f = 0; f < g.features; f++) {
    var[f] /= count;
    sharc_tensor_set_real(out[1], f, mean[f]);
    sharc_tensor_set_real(out[2], f, var[f]);
  }
  sharc_round_all(out[1]);
  sharc_round_all(out[2]);
  normalize(&g, in[0], scale, offset, mean, var, epsilon_of(op), out[0]);
  free(scale), free(offset), free(mean), free(var);
  return true;
}

static bool k_batch_norm_grad(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                              sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  feature_dims g;
  if (!feature_geometry(ip, op, in[0], &g) || !new_results(ip, op, out, 3))
    return false;
  const sharc_tensor *x = in[0], *dy = in[4];
  double *scale = feature_values(in[1], g.features), *mean = feature_values(in[2], g.features);
  double *var = feature_values(in[3], g.features);
  double *sum_dy = calloc((size_t)g.features + 1, sizeof *sum_dy);
  double *sum_dy_xc = calloc((size_t)g.features + 1, sizeof *sum_dy_xc);
  double eps = epsilon_of(op), n = (double)(g.outer * g.inner);
  feature_sums(&g, dy, NULL, NULL, NULL, sum_dy);
  feature_sums(&g, dy, NULL, x, mean, sum_dy_xc); /* sum of dy (x - mean) */
  for (int64_t o = 0; o < g.outer; o++)
    for (int64_t f = 0; f < g.features; f++) {
      double ve = var[f] + eps, sd = sqrt(ve);
      for (int64_t i = 0; i < g.inner; i++) {
        int64_t k = at(&g, o, f, i);
        double xc = sharc_tensor_get_real(x, k) - mean[f];
        double i6 = sharc_tensor_get_real(dy, k) * n - sum_dy[f] - sum_dy_xc[f] * xc / ve;
        sharc_tensor_set_real(out[0], k, scale[f] / sd / n * i6);
      }
    }
  for (int64_t f = 0; f < g.features; f++) {
    sharc_tensor_set_real(out[1], f, sum_dy_xc[f] / sqrt(var[f] + eps));
    sharc_tensor_set_real(out[2], f, sum_dy[f]);
  }
  for (int k = 0; k < 3; k++)
    sharc_round_all(out[k]);
  free(scale), free(mean), free(var), free(sum_dy), free(sum_dy_xc);
  return true;
}

const sharc_kernel sharc_kernels_solve[] = {
    {"stablehlo.triangular_solve", k_triangular_solve, 0},
    {"stablehlo.cholesky", k_cholesky, 0},
    {"stablehlo.batch_norm_inference", k_batch_norm_inference, 0},
    {"stablehlo.batch_norm_training", k_batch_norm_training, 0},
    {"stablehlo.batch_norm_grad", k_batch_norm_grad, 0},
    {NULL, NULL, 0},
};

/* stablehlo.fft: FFT, IFFT, RFFT and IRFFT over the trailing
 * size(fft_length) dimensions, as the spec composes them from 1-D
 * transforms. Values are transformed in double complex; each 1-D transform
 * runs on a contiguous copy of its line: iterative radix-2 Cooley-Tukey for
 * power-of-two lengths (O(n log n)), a direct sum with a twiddle table for
 * the others. Inverse transforms divide by the length, per dimension. */
#include <math.h>
#include <stdlib.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

enum { FFT, IFFT, RFFT, IRFFT };

/* Twiddles and scratch for transforms of one length. */
typedef struct fft_plan {
  int64_t n;
  double complex *w;    /* w[k] = exp(-2 pi i k / n), k < n */
  double complex *line; /* n values */
  double complex *tmp;  /* n values (direct sums) */
} fft_plan;

static bool plan_init(fft_plan *p, int64_t n) {
  p->n = n;
  p->w = malloc((size_t)(n ? n : 1) * sizeof *p->w);
  p->line = malloc((size_t)(n ? n : 1) * sizeof *p->line);
  p->tmp = malloc((size_t)(n ? n : 1) * sizeof *p->tmp);
  if (!p->w || !p->line || !p->tmp)
    return false;
  for (int64_t k = 0; k < n; k++) {
    double a = -2.0 * 3.14159265358979323846 * (double)k / (double)n;
    p->w[k] = cos(a) + sin(a) * I;
  }
  return true;
}

static void plan_free(fft_plan *p) {
  free(p->w);
  free(p->line);
  free(p->tmp);
}

static double complex twiddle(const fft_plan *p, int64_t k, bool inverse) {
  return inverse ? conj(p->w[k]) : p->w[k];
}

static void radix2(fft_plan *p, bool inverse) {
  int64_t n = p->n;
  double complex *x = p->line;
  for (int64_t i = 1, j = 0; i < n; i++) { /* bit reversal */
    int64_t bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j |= bit;
    if (i < j) {
      double complex t = x[i];
      x[i] = x[j];
      x[j] = t;
    }
  }
  for (int64_t len = 2; len <= n; len <<= 1) {
    int64_t step = n / len;
    for (int64_t s = 0; s < n; s += len)
      for (int64_t k = 0; k < len / 2; k++) {
        double complex u = x[s + k], v = x[s + k + len / 2] * twiddle(p, k * step, inverse);
        x[s + k] = u + v;
        x[s + k + len / 2] = u - v;
      }
  }
}

static void direct(fft_plan *p, bool inverse) {
  int64_t n = p->n;
  for (int64_t k = 0; k < n; k++) {
    double complex acc = 0;
    for (int64_t j = 0, e = 0; j < n; j++, e = (e + k) % n)
      acc += p->line[j] * twiddle(p, e, inverse);
    p->tmp[k] = acc;
  }
  memcpy(p->line, p->tmp, (size_t)n * sizeof *p->line);
}

/* The transform of p->line in place (inverse: divided by n). */
static void transform(fft_plan *p, bool inverse) {
  if (p->n <= 1)
    return;
  if ((p->n & (p->n - 1)) == 0)
    radix2(p, inverse);
  else
    direct(p, inverse);
  if (inverse)
    for (int64_t k = 0; k < p->n; k++)
      p->line[k] /= (double)p->n;
}

/* Transforms every line along `dim` of the row-major array `x` of `shape`. */
static bool transform_dim(double complex *x, const int64_t *shape, unsigned rank, unsigned dim,
                          bool inverse) {
  int64_t outer = 1, inner = 1, n = shape[dim];
  for (unsigned d = 0; d < dim; d++)
    outer *= shape[d];
  for (unsigned d = dim + 1; d < rank; d++)
    inner *= shape[d];
  fft_plan p;
  bool ok = plan_init(&p, n);
  for (int64_t o = 0; ok && o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      double complex *base = x + o * n * inner + i;
      for (int64_t k = 0; k < n; k++)
        p.line[k] = base[k * inner];
      transform(&p, inverse);
      for (int64_t k = 0; k < n; k++)
        base[k * inner] = p.line[k];
    }
  plan_free(&p);
  return ok;
}

/* Each line along the last dimension of `x` (`half` = n/2 + 1 stored values
 * of a Hermitian spectrum, rows of `rows`) inverse-transformed to n reals. */
static bool irfft_last(const double complex *x, int64_t rows, int64_t half, int64_t n,
                       double *out) {
  fft_plan p;
  bool ok = plan_init(&p, n);
  for (int64_t r = 0; ok && r < rows; r++) {
    const double complex *row = x + r * half;
    for (int64_t k = 0; k < n; k++) {
      int64_t m = k < half ? k : n - k;
      p.line[k] = k < half ? row[k] : (m < half ? conj(row[m]) : 0);
    }
    transform(&p, true);
    for (int64_t k = 0; k < n; k++)
      out[r * n + k] = creal(p.line[k]);
  }
  plan_free(&p);
  return ok;
}

static void load_complex(const sharc_tensor *a, double complex *x) {
  for (int64_t i = 0; i < a->n; i++)
    x[i] = sharc_tensor_get_complex(a, i);
}

static void store_complex(sharc_tensor *r, const double complex *x) {
  if (r->st == SHARC_ST_C64)
    for (int64_t i = 0; i < r->n; i++)
      r->data.c[i] = (float complex)x[i];
  else
    memcpy(r->data.z, x, (size_t)r->n * sizeof *x);
}

SHARC_RESULT_KERNEL(k_fft) {
  const sharc_tensor *a = in[0];
  int kind = sharc_shlo_enum_index(sharc_op_attr(op, "fft_type"), &sharc_shlo_fft_type);
  int64_t len[SHARC_MAX_RANK];
  int L = sharc_attr_i64s(op, "fft_length", len, SHARC_MAX_RANK);
  bool complex_in = a->st == SHARC_ST_C64 || a->st == SHARC_ST_C128;
  bool complex_out = r->st == SHARC_ST_C64 || r->st == SHARC_ST_C128;
  if (kind < 0 || L < 1 || L > 3 || (unsigned)L > r->rank || a->rank != r->rank ||
      complex_in != (kind != RFFT) || complex_out != (kind != IRFFT))
    return sharc_interp_fail(ip, op, "stablehlo.fft: bad fft_type, fft_length or types");
  unsigned first = r->rank - (unsigned)L;
  const int64_t *full = kind == IRFFT ? r->shape : a->shape; /* the n-point shape */
  for (int k = 0; k < L; k++)
    if (full[first + k] != len[k])
      return sharc_interp_fail(ip, op, "stablehlo.fft: fft_length does not match the shapes");
  int64_t nlast = len[L - 1], half = nlast / 2 + 1;
  if ((kind == RFFT && r->shape[r->rank - 1] != half) ||
      (kind == IRFFT && a->shape[a->rank - 1] != half))
    return sharc_interp_fail(ip, op, "stablehlo.fft: the last dimension must be fft_length/2+1");
  /* a working array of the operand's shape, as complex */
  double complex *x = malloc((size_t)(a->n ? a->n : 1) * sizeof *x);
  if (!x)
    return sharc_interp_fail(ip, op, "stablehlo.fft: out of memory");
  load_complex(a, x);
  bool ok = true;
  if (kind == FFT || kind == IFFT) {
    for (unsigned d = first; ok && d < r->rank; d++)
      ok = transform_dim(x, a->shape, a->rank, d, kind == IFFT);
    store_complex(r, x);
  } else if (kind == RFFT) {
    ok = transform_dim(x, a->shape, a->rank, a->rank - 1, false);
    int64_t rows = a->n / (nlast ? nlast : 1);
    for (int64_t row = 0; ok && row < rows; row++) /* keep n/2 + 1 per line */
      memmove(x + row * half, x + row * nlast, (size_t)half * sizeof *x);
    for (unsigned d = first; ok && d + 1 < r->rank; d++)
      ok = transform_dim(x, r->shape, r->rank, d, false);
    store_complex(r, x);
  } else {
    for (unsigned d = first; ok && d + 1 < a->rank; d++)
      ok = transform_dim(x, a->shape, a->rank, d, true);
    double *y = malloc((size_t)(r->n ? r->n : 1) * sizeof *y);
    ok = ok && y && irfft_last(x, a->n / half, half, nlast, y);
    for (int64_t i = 0; ok && i < r->n; i++)
      sharc_tensor_set_real(r, i, y[i]);
    free(y);
  }
  free(x);
  return ok || sharc_interp_fail(ip, op, "stablehlo.fft: out of memory");
}

const sharc_kernel sharc_kernels_fft[] = {
    {"stablehlo.fft", k_fft, 0},
    {NULL, NULL, 0},
};

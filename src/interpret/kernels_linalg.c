/* dot_general and convolution. Operands are first laid out as dense
 * [batch, rows, contracted] / [batch, contracted, cols] matrices in the
 * result's storage class (elements converted to the result type, as the
 * spec's dot product of converted elements); f32 and f64 then run a
 * cache-friendly i-k-j product, the other types one rounding per step. */
#include <stdlib.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"

/* Element `i` of `a` converted into slot `j` of `r`'s storage class. */
static void load_as(sharc_tensor *r, void *buf, int64_t j, const sharc_tensor *a, int64_t i) {
  switch (r->st) {
  case SHARC_ST_INT:
    ((int64_t *)buf)[j] = a->st == SHARC_ST_INT ? a->data.i[i] : (int64_t)sharc_tensor_get_real(a, i);
    return;
  case SHARC_ST_F32: {
    float v = a->st == SHARC_ST_F32 ? a->data.f[i] : (float)sharc_tensor_get_real(a, i);
    ((float *)buf)[j] = r->narrow ? sharc_round_narrow(v, r->fk) : v;
    return;
  }
  case SHARC_ST_F64:
    ((double *)buf)[j] = sharc_tensor_get_real(a, i);
    return;
  case SHARC_ST_C64:
    ((float complex *)buf)[j] = (float complex)sharc_tensor_get_complex(a, i);
    return;
  case SHARC_ST_C128:
    ((double complex *)buf)[j] = sharc_tensor_get_complex(a, i);
    return;
  }
}

typedef struct dot_dims {
  int nb, nc;
  int64_t lb[SHARC_MAX_RANK], rb[SHARC_MAX_RANK], lc[SHARC_MAX_RANK], rc[SHARC_MAX_RANK];
} dot_dims;

static int read_field(const sharc_attr *s, unsigned f, int64_t *out) {
  sharc_attr *a = s ? sharc_shlo_struct_field(s, &sharc_shlo_dot_def, f) : NULL;
  unsigned n = a ? sharc_interp_attr_len(a) : 0;
  for (unsigned i = 0; i < n && i < SHARC_MAX_RANK; i++)
    out[i] = sharc_interp_attr_i64(a, i);
  return (int)n;
}

static bool listed(const int64_t *v, int n, int64_t d) {
  for (int i = 0; i < n; i++)
    if (v[i] == d)
      return true;
  return false;
}

/* Packs `t` as [B][X][C] (or [B][C][X] when `cx`) into `buf` of r's storage:
 * B over `bdims`, C over `cdims`, X over the remaining dims in order. */
static void pack(sharc_tensor *r, void *buf, const sharc_tensor *t, const int64_t *bdims, int nb,
                 const int64_t *cdims, int nc, bool cx, int64_t *B, int64_t *X, int64_t *C) {
  int64_t st[SHARC_MAX_RANK], fdims[SHARC_MAX_RANK];
  int nf = 0;
  sharc_strides(t->shape, t->rank, st);
  for (unsigned d = 0; d < t->rank; d++)
    if (!listed(bdims, nb, d) && !listed(cdims, nc, d))
      fdims[nf++] = d;
  int64_t nB = 1, nX = 1, nC = 1;
  for (int k = 0; k < nb; k++)
    nB *= t->shape[bdims[k]];
  for (int k = 0; k < nf; k++)
    nX *= t->shape[fdims[k]];
  for (int k = 0; k < nc; k++)
    nC *= t->shape[cdims[k]];
  *B = nB, *X = nX, *C = nC;
  int64_t bi[SHARC_MAX_RANK] = {0};
  for (int64_t b = 0; b < nB; b++) {
    int64_t boff = 0;
    for (int k = 0; k < nb; k++)
      boff += bi[k] * st[bdims[k]];
    int64_t xi[SHARC_MAX_RANK] = {0};
    for (int64_t x = 0; x < nX; x++) {
      int64_t xoff = boff;
      for (int k = 0; k < nf; k++)
        xoff += xi[k] * st[fdims[k]];
      int64_t ci[SHARC_MAX_RANK] = {0};
      for (int64_t c = 0; c < nC; c++) {
        int64_t off = xoff;
        for (int k = 0; k < nc; k++)
          off += ci[k] * st[cdims[k]];
        int64_t j = cx ? (b * nC + c) * nX + x : (b * nX + x) * nC + c;
        load_as(r, buf, j, t, off);
        for (int k = nc; k-- > 0;) {
          if (++ci[k] < t->shape[cdims[k]])
            break;
          ci[k] = 0;
        }
      }
      for (int k = nf; k-- > 0;) {
        if (++xi[k] < t->shape[fdims[k]])
          break;
        xi[k] = 0;
      }
    }
    for (int k = nb; k-- > 0;) {
      if (++bi[k] < t->shape[bdims[k]])
        break;
      bi[k] = 0;
    }
  }
}

/* o[m][n] = sum_k a[m][k] * b[k][n] over elements of the complex type T:
 * one body for both complex widths. */
#define COMPLEX_MATMUL(T, o, a, b, M, N, K)                                                        \
  do {                                                                                             \
    for (int64_t m_ = 0; m_ < (M); m_++)                                                           \
      for (int64_t n_ = 0; n_ < (N); n_++) {                                                       \
        T acc_ = 0;                                                                                \
        for (int64_t k_ = 0; k_ < (K); k_++)                                                       \
          acc_ += (a)[m_ * (K) + k_] * (b)[k_ * (N) + n_];                                         \
        (o)[m_ * (N) + n_] = acc_;                                                                 \
      }                                                                                            \
  } while (0)

/* r[b][m][n] = sum_k a[b][m][k] * b[b][k][n], in r's storage class. */
static void matmul(sharc_tensor *r, const void *A, const void *Bm, int64_t nB, int64_t M,
                   int64_t N, int64_t K) {
  for (int64_t b = 0; b < nB; b++) {
    int64_t ro = b * M * N, ao = b * M * K, bo = b * K * N;
    switch (r->st) {
    case SHARC_ST_F32:
      if (!r->narrow) {
        const float *a = (const float *)A + ao, *bb = (const float *)Bm + bo;
        float *o = r->data.f + ro;
        for (int64_t m = 0; m < M; m++)
          for (int64_t k = 0; k < K; k++) {
            float s = a[m * K + k];
            const float *brow = bb + k * N;
            float *orow = o + m * N;
            for (int64_t n = 0; n < N; n++)
              orow[n] += s * brow[n];
          }
        break;
      }
      for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
          float acc = 0;
          for (int64_t k = 0; k < K; k++) {
            float p = sharc_round_narrow(((const float *)A)[ao + m * K + k] *
                                             ((const float *)Bm)[bo + k * N + n],
                                         r->fk);
            acc = sharc_round_narrow(acc + p, r->fk);
          }
          r->data.f[ro + m * N + n] = acc;
        }
      break;
    case SHARC_ST_F64: {
      const double *a = (const double *)A + ao, *bb = (const double *)Bm + bo;
      double *o = r->data.d + ro;
      for (int64_t m = 0; m < M; m++)
        for (int64_t k = 0; k < K; k++) {
          double s = a[m * K + k];
          for (int64_t n = 0; n < N; n++)
            o[m * N + n] += s * bb[k * N + n];
        }
      break;
    }
    case SHARC_ST_INT: {
      const int64_t *a = (const int64_t *)A + ao, *bb = (const int64_t *)Bm + bo;
      for (int64_t m = 0; m < M; m++)
        for (int64_t n = 0; n < N; n++) {
          uint64_t acc = 0;
          for (int64_t k = 0; k < K; k++)
            acc = r->bits == 1 ? (acc | ((uint64_t)a[m * K + k] & (uint64_t)bb[k * N + n]))
                               : acc + (uint64_t)a[m * K + k] * (uint64_t)bb[k * N + n];
          r->data.i[ro + m * N + n] = sharc_int_wrap((int64_t)acc, r->bits, r->uns);
        }
      break;
    }
    case SHARC_ST_C64:
      COMPLEX_MATMUL(float complex, r->data.c + ro, (const float complex *)A + ao,
                     (const float complex *)Bm + bo, M, N, K);
      break;
    case SHARC_ST_C128:
      COMPLEX_MATMUL(double complex, r->data.z + ro, (const double complex *)A + ao,
                     (const double complex *)Bm + bo, M, N, K);
      break;
    }
  }
}

/* dot_general with dimension numbers `dd` (the op's own, or legacy dot's). */
static bool dot_with(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                     const dot_dims *dd) {
  sharc_tensor *l = in[0], *rt = in[1], *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  if (l->rank > SHARC_MAX_RANK || rt->rank > SHARC_MAX_RANK)
    return sharc_interp_fail(ip, op, "stablehlo.dot_general: rank too large");
  dot_dims d = *dd;
  size_t esz = sharc_storage_size(r->st);
  int64_t B1, M, K1, B2, N, K2;
  int64_t nl = 1, nr = 1;
  for (unsigned k = 0; k < l->rank; k++)
    nl *= l->shape[k];
  for (unsigned k = 0; k < rt->rank; k++)
    nr *= rt->shape[k];
  void *A = malloc((size_t)(nl ? nl : 1) * esz), *Bm = malloc((size_t)(nr ? nr : 1) * esz);
  pack(r, A, l, d.lb, d.nb, d.lc, d.nc, false, &B1, &M, &K1);
  pack(r, Bm, rt, d.rb, d.nb, d.rc, d.nc, true, &B2, &N, &K2);
  bool ok = B1 == B2 && K1 == K2 && B1 * M * N == r->n;
  if (ok)
    matmul(r, A, Bm, B1, M, N, K1);
  free(A);
  free(Bm);
  return ok || sharc_interp_fail(ip, op, "stablehlo.dot_general: operand shapes do not match");
}

static bool k_dot_general(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                          sharc_scope *sc) {
  (void)sc;
  sharc_attr *dn = sharc_op_attr(op, "dot_dimension_numbers");
  dot_dims d;
  d.nb = read_field(dn, 0, d.lb);
  read_field(dn, 1, d.rb);
  d.nc = read_field(dn, 2, d.lc);
  read_field(dn, 3, d.rc);
  return dot_with(ip, op, in, out, &d);
}

/* The legacy dot: vector or matrix times vector or matrix, contracting the
 * lhs's last dimension with the rhs's first. */
static bool k_dot(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                  sharc_scope *sc) {
  (void)sc;
  if (in[0]->rank < 1 || in[0]->rank > 2 || in[1]->rank < 1 || in[1]->rank > 2)
    return sharc_interp_fail(ip, op, "stablehlo.dot: operands must be vectors or matrices");
  dot_dims d = {.nb = 0, .nc = 1, .lc = {in[0]->rank - 1}, .rc = {0}};
  return dot_with(ip, op, in, out, &d);
}

/* ---- convolution ---------------------------------------------------------------------- */

enum {
  C_IN_BATCH, C_IN_FEATURE, C_IN_SPATIAL, C_K_IN, C_K_OUT, C_K_SPATIAL, C_OUT_BATCH,
  C_OUT_FEATURE, C_OUT_SPATIAL
};

static int64_t conv_int(const sharc_attr *dn, unsigned f) {
  sharc_attr *a = sharc_shlo_struct_field(dn, &sharc_shlo_conv_def, f);
  return a ? sharc_attr_int_value(a) : 0;
}

static int conv_dims(const sharc_attr *dn, unsigned f, int64_t *out) {
  sharc_attr *a = sharc_shlo_struct_field(dn, &sharc_shlo_conv_def, f);
  unsigned n = a ? sharc_interp_attr_len(a) : 0;
  for (unsigned i = 0; i < n && i < SHARC_MAX_RANK; i++)
    out[i] = sharc_interp_attr_i64(a, i);
  return (int)n;
}

static void attr_or(const sharc_op *op, const char *name, int64_t *v, int n, int64_t dflt) {
  for (int i = 0; i < n; i++)
    v[i] = dflt;
  sharc_attr_i64s(op, name, v, SHARC_MAX_RANK);
}

SHARC_RESULT_KERNEL(k_convolution) {
  sharc_tensor *x = in[0], *w = in[1];
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  if (!dn || x->rank > SHARC_MAX_RANK)
    return sharc_interp_fail(ip, op, "stablehlo.convolution: bad dimension_numbers");
  int64_t ib = conv_int(dn, C_IN_BATCH), ifd = conv_int(dn, C_IN_FEATURE);
  int64_t kin = conv_int(dn, C_K_IN), kout = conv_int(dn, C_K_OUT);
  int64_t ob = conv_int(dn, C_OUT_BATCH), ofd = conv_int(dn, C_OUT_FEATURE);
  int64_t isp[SHARC_MAX_RANK], ksp[SHARC_MAX_RANK], osp[SHARC_MAX_RANK];
  int ns = conv_dims(dn, C_IN_SPATIAL, isp);
  conv_dims(dn, C_K_SPATIAL, ksp);
  conv_dims(dn, C_OUT_SPATIAL, osp);
  int64_t strides[SHARC_MAX_RANK], lhs_dil[SHARC_MAX_RANK], rhs_dil[SHARC_MAX_RANK];
  int64_t pad[2 * SHARC_MAX_RANK] = {0}, rev[SHARC_MAX_RANK] = {0};
  attr_or(op, "window_strides", strides, ns, 1);
  attr_or(op, "lhs_dilation", lhs_dil, ns, 1);
  attr_or(op, "rhs_dilation", rhs_dil, ns, 1);
  sharc_kernel_i64s(ip, op, "padding", pad, 2 * SHARC_MAX_RANK);
  sharc_attr_i64s(op, "window_reversal", rev, SHARC_MAX_RANK);
  sharc_attr *ga = sharc_op_attr(op, "feature_group_count"), *ba = sharc_op_attr(op, "batch_group_count");
  int64_t G = ga ? sharc_attr_int_value(ga) : 1, BG = ba ? sharc_attr_int_value(ba) : 1;
  int64_t KIF = w->shape[kin], OF = r->shape[ofd];
  if (G < 1 || BG < 1 || OF % G || OF % BG)
    return sharc_interp_fail(ip, op, "stablehlo.convolution: bad group counts");
  int64_t xs[SHARC_MAX_RANK], ws[SHARC_MAX_RANK], rs[SHARC_MAX_RANK];
  sharc_strides(x->shape, x->rank, xs);
  sharc_strides(w->shape, w->rank, ws);
  sharc_strides(r->shape, r->rank, rs);
  int64_t out_batch = r->shape[ob];
  int64_t ridx[SHARC_MAX_RANK] = {0};
  for (int64_t ri = 0; ri < r->n; ri++) {
    int64_t b = ridx[ob], f = ridx[ofd];
    int64_t g = f / (OF / G), bg = f / (OF / BG);
    int64_t in_b = bg * out_batch + b;
    double acc_d = 0;
    float acc_f = 0;
    double complex acc_c = 0;
    uint64_t acc_i = 0;
    int64_t kidx[SHARC_MAX_RANK] = {0};
    int64_t kshape[SHARC_MAX_RANK];
    for (int s = 0; s < ns; s++)
      kshape[s] = w->shape[ksp[s]];
    bool more = true;
    while (more) {
      int64_t xoff = in_b * xs[ib], woff = f * ws[kout];
      bool valid = true;
      for (int s = 0; s < ns && valid; s++) {
        int64_t p = ridx[osp[s]] * strides[s] - pad[2 * s] + kidx[s] * rhs_dil[s];
        if (p < 0 || p % lhs_dil[s]) {
          valid = false;
          break;
        }
        int64_t q = p / lhs_dil[s];
        if (q >= x->shape[isp[s]])
          valid = false;
        xoff += q * xs[isp[s]];
        int64_t kk = rev[s] ? kshape[s] - 1 - kidx[s] : kidx[s];
        woff += kk * ws[ksp[s]];
      }
      for (int64_t c = 0; valid && c < KIF; c++) {
        int64_t xi = xoff + (g * KIF + c) * xs[ifd], wi = woff + c * ws[kin];
        switch (r->st) {
        case SHARC_ST_F32: {
          float p = (float)sharc_tensor_get_real(x, xi) * (float)sharc_tensor_get_real(w, wi);
          if (r->narrow)
            p = sharc_round_narrow(p, r->fk);
          acc_f = r->narrow ? sharc_round_narrow(acc_f + p, r->fk) : acc_f + p;
          break;
        }
        case SHARC_ST_F64:
          acc_d += sharc_tensor_get_real(x, xi) * sharc_tensor_get_real(w, wi);
          break;
        case SHARC_ST_INT:
          acc_i += (uint64_t)x->data.i[xi] * (uint64_t)w->data.i[wi];
          break;
        default:
          acc_c += sharc_tensor_get_complex(x, xi) * sharc_tensor_get_complex(w, wi);
        }
      }
      more = sharc_idx_next(kidx, kshape, (unsigned)ns);
    }
    switch (r->st) {
    case SHARC_ST_F32:
      r->data.f[ri] = acc_f;
      break;
    case SHARC_ST_F64:
      r->data.d[ri] = acc_d;
      break;
    case SHARC_ST_INT:
      r->data.i[ri] = sharc_int_wrap((int64_t)acc_i, r->bits, r->uns);
      break;
    case SHARC_ST_C64:
      r->data.c[ri] = (float complex)acc_c;
      break;
    default:
      r->data.z[ri] = acc_c;
    }
    sharc_idx_next(ridx, r->shape, r->rank);
  }
  return true;
}

const sharc_kernel sharc_kernels_linalg[] = {
    {"stablehlo.dot_general", k_dot_general, 0},
    {"stablehlo.dot", k_dot, 0},
    {"stablehlo.convolution", k_convolution, 0},
    {NULL, NULL, 0},
};

/* CHLO's special functions lowered to StableHLO as StableHLO's
 * ChloLegalizeToStablehlo does: the same approximations (Cephes' erf/erfc
 * polynomials, Giles' erf_inv, Lanczos' lgamma and digamma, the
 * Euler-Maclaurin Hurwitz zeta, Cephes' bessel_i1e Chebyshev series), the
 * same op sequence, and the same upcast of narrow floats to f32 around
 * them, so interpreted results agree with what JAX computed. */
#include <math.h>

#include "support/apfloat.h"
#include "transforms/stablehlo/chlo_build.h"

typedef V *(*unary_fn)(sharc_cb *b, V *x);
typedef V *(*binary_fn)(sharc_cb *b, V *x, V *y);

static bool is_kind(V *x, sharc_float_kind k) {
  sharc_type *e = sharc_cb_elem(x);
  return sharc_type_is_float(e) && sharc_type_float_kind(e) == k;
}

/* materializeWithUpcast: floats narrower than f32 are converted to f32 for
 * the computation and back after it. */
static bool needs_upcast(V *x) {
  sharc_type *e = sharc_cb_elem(x);
  return sharc_type_is_float(e) && sharc_float_bits(sharc_type_float_kind(e)) < 32;
}

static V *with_upcast1(sharc_cb *b, V *x, unary_fn fn) {
  if (!needs_upcast(x))
    return fn(b, x);
  sharc_type *orig = sharc_cb_elem(x);
  V *r = fn(b, sharc_cb_convert(b, x, sharc_type_float(b->ctx, SHARC_F32)));
  return sharc_cb_convert(b, r, orig);
}

static V *with_upcast2(sharc_cb *b, V *x, V *y, binary_fn fn) {
  if (!needs_upcast(x))
    return fn(b, x, y);
  sharc_type *orig = sharc_cb_elem(x);
  sharc_type *f32 = sharc_type_float(b->ctx, SHARC_F32);
  V *cx = sharc_cb_convert(b, x, f32);
  V *cy = sharc_cb_convert(b, y, f32);
  return sharc_cb_convert(b, fn(b, cx, cy), orig);
}

/* Horner: c[0] x^(n-1) + ... + c[n-1]. */
static V *poly(sharc_cb *b, V *x, const double *c, unsigned n) {
  if (!n)
    return CST(0.0, x);
  V *p = CST(c[0], x);
  for (unsigned i = 1; i < n; i++)
    p = ADD(MUL(p, x), CST(c[i], x));
  return p;
}

#define N_OF(a) (unsigned)(sizeof(a) / sizeof((a)[0]))

/* ---- erf / erfc --------------------------------------------------------- */

static V *erfc_f64_ge_one(sharc_cb *b, V *x) {
  static const double kMaxlog = 7.09782712893383996843E2;
  static const double p[] = {2.46196981473530512524E-10, 5.64189564831068821977E-1,
                             7.46321056442269912687E0,   4.86371970985681366614E1,
                             1.96520832956077098242E2,   5.26445194995477358631E2,
                             9.34528527171957607540E2,   1.02755188689515710272E3,
                             5.57535335369399327526E2};
  static const double q[] = {1.00000000000000000000E0, 1.32281951154744992508E1,
                             8.67072140885989742329E1, 3.54937778887819891062E2,
                             9.75708501743205489753E2, 1.82390916687909736289E3,
                             2.24633760818710981792E3, 1.65666309194161350182E3,
                             5.57535340817727675546E2};
  static const double r[] = {5.64189583547755073984E-1, 1.27536670759978104416E0,
                             5.01905042251180477414E0,  6.16021097993053585195E0,
                             7.40974269950448939160E0,  2.97886665372100240670E0};
  static const double s[] = {1.00000000000000000000E0, 2.26052863220117276590E0,
                             9.39603524938001434673E0, 1.20489539808096656605E1,
                             1.70814450747565897222E1, 9.60896809063285878198E0,
                             3.36907645100081516050E0};
  V *z = NEG(MUL(x, x));
  V *exp_z = EXP(z);
  V *abs_x = ABS_(x);
  V *approx_1_8 = DIV(MUL(exp_z, poly(b, abs_x, p, N_OF(p))), poly(b, abs_x, q, N_OF(q)));
  V *approx_8_inf = DIV(MUL(exp_z, poly(b, abs_x, r, N_OF(r))), poly(b, abs_x, s, N_OF(s)));
  V *approx = SEL(CMP(LT, abs_x, CST(8.0, x)), approx_1_8, approx_8_inf);
  V *z_lt_neg_maxlog = CMP(LT, z, CST(-kMaxlog, x));
  V *zero = CST(0.0, x);
  V *clamped = SEL(z_lt_neg_maxlog, zero, approx);
  V *neg = CMP(LT, x, zero);
  return SEL(neg, SUB(CST(2.0, x), clamped), clamped);
}

static V *erf_f64_le_one(sharc_cb *b, V *x) {
  static const double t[] = {9.60497373987051638749E0, 9.00260197203842689217E1,
                             2.23200534594684319226E3, 7.00332514112805075473E3,
                             5.55923013010394962768E4};
  static const double u[] = {1.00000000000000000000E0, 3.35617141647503099647E1,
                             5.21357949780152679795E2, 4.59432382970980127987E3,
                             2.26290000613890934246E4, 4.92673942608635921086E4};
  V *x2 = MUL(x, x);
  return DIV(MUL(x, poly(b, x2, t, N_OF(t))), poly(b, x2, u, N_OF(u)));
}

static V *erf_f64(sharc_cb *b, V *x) {
  V *erf_approx = erf_f64_le_one(b, x);
  V *one = CST(1.0, x);
  V *erfc_based = SUB(one, erfc_f64_ge_one(b, x));
  return SEL(CMP(LT, ABS_(x), one), erf_approx, erfc_based);
}

static V *erfc_f64(sharc_cb *b, V *x) {
  V *erfc_approx = erfc_f64_ge_one(b, x);
  V *one = CST(1.0, x);
  V *erf_based = SUB(one, erf_f64_le_one(b, x));
  return SEL(CMP(LT, ABS_(x), one), erf_based, erfc_approx);
}

/* The f32 coefficients are f32 literals in StableHLO: rounded to float. */
static V *poly_f(sharc_cb *b, V *x, const float *c, unsigned n) {
  double d[16];
  for (unsigned i = 0; i < n; i++)
    d[i] = c[i];
  return poly(b, x, d, n);
}

static V *erfc_f32_ge_one(sharc_cb *b, V *x) {
  static const double kMaxlog = 88.72283905206835;
  static const float p[] = {
      +2.326819970068386E-2f, -1.387039388740657E-1f, +3.687424674597105E-1f,
      -5.824733027278666E-1f, +6.210004621745983E-1f, -4.944515323274145E-1f,
      +3.404879937665872E-1f, -2.741127028184656E-1f, +5.638259427386472E-1f,
  };
  static const float r[] = {
      -1.047766399936249E+1f, +1.297719955372516E+1f, -7.495518717768503E+0f,
      +2.921019019210786E+0f, -1.015265279202700E+0f, +4.218463358204948E-1f,
      -2.820767439740514E-1f, +5.641895067754075E-1f,
  };
  V *x2 = MUL(x, x);
  V *z = NEG(x2);
  V *abs_x = ABS_(x);
  V *one = CST(1.0, x);
  V *recip_x2 = DIV(one, x2);
  V *exp_z = EXP(z);
  V *exp_z_over_abs_x = MUL(exp_z, DIV(one, abs_x));
  V *two = CST(2.0, x);
  V *lt_two = CMP(LT, abs_x, two);
  V *pp = poly_f(b, recip_x2, p, N_OF(p));
  V *pr = poly_f(b, recip_x2, r, N_OF(r));
  V *approx = MUL(exp_z_over_abs_x, SEL(lt_two, pp, pr));
  V *z_lt_neg_maxlog = CMP(LT, z, CST(-kMaxlog, x));
  V *zero = CST(0.0, x);
  V *clamped = SEL(z_lt_neg_maxlog, zero, approx);
  return SEL(CMP(LT, x, zero), SUB(two, clamped), clamped);
}

static V *erf_f32_le_one(sharc_cb *b, V *x) {
  static const float t[] = {
      +7.853861353153693E-5f, -8.010193625184903E-4f, +5.188327685732524E-3f,
      -2.685381193529856E-2f, +1.128358514861418E-1f, -3.761262582423300E-1f,
      +1.128379165726710E+0f,
  };
  return MUL(x, poly_f(b, MUL(x, x), t, N_OF(t)));
}

/* Eigen's rational approximation, on x clamped to [-4, 4]. */
static V *erf_f32(sharc_cb *b, V *x) {
  static const float alpha[] = {
      -2.72614225801306e-10f, 2.77068142495902e-08f,  -2.10102402082508e-06f,
      -5.69250639462346e-05f, -7.34990630326855e-04f, -2.95459980854025e-03f,
      -1.60960333262415e-02f,
  };
  static const float beta[] = {
      -1.45660718464996e-05f, -2.13374055278905e-04f, -1.68282697438203e-03f,
      -7.37332916720468e-03f, -1.42647390514189e-02f,
  };
  x = CLAMP(CST(-4.0, x), x, CST(4.0, x));
  V *x2 = MUL(x, x);
  V *a = poly_f(b, x2, alpha, N_OF(alpha));
  V *be = poly_f(b, x2, beta, N_OF(beta));
  V *erf = DIV(MUL(x, a), be);
  return CLAMP(CST(-1.0, x), erf, CST(1.0, x));
}

static V *erfc_f32(sharc_cb *b, V *x) {
  V *erfc_approx = erfc_f32_ge_one(b, x);
  V *one = CST(1.0, x);
  V *erf_based = SUB(one, erf_f32_le_one(b, x));
  return SEL(CMP(LT, ABS_(x), one), erf_based, erfc_approx);
}

/* erf and erfc handle f64, f32, f16 and bf16 only. */
static bool erf_type(V *x) {
  return is_kind(x, SHARC_F64) || is_kind(x, SHARC_F32) || is_kind(x, SHARC_F16) ||
         is_kind(x, SHARC_BF16);
}

V *sharc_chlo_lower_erf(sharc_cb *b, V *x) {
  if (!erf_type(x))
    return NULL;
  return is_kind(x, SHARC_F64) ? erf_f64(b, x) : with_upcast1(b, x, erf_f32);
}

V *sharc_chlo_lower_erfc(sharc_cb *b, V *x) {
  if (!erf_type(x))
    return NULL;
  return is_kind(x, SHARC_F64) ? erfc_f64(b, x) : with_upcast1(b, x, erfc_f32);
}

/* ---- erf_inv ------------------------------------------------------------ */

/* w = -log1p(-x^2), shared by both widths. */
static V *erf_inv_w(sharc_cb *b, V *x) {
  return NEG(LOG1P(MUL(x, NEG(x))));
}

/* erfinv(+/-1) = +/-inf; the polynomial is indeterminate there. */
static V *erf_inv_edges(sharc_cb *b, V *x, V *result) {
  V *at_one = CMP(EQ, ABS_(x), CSTI(1, x));
  return SEL(at_one, MUL(x, sharc_cb_const_inf(b, x, false)), result);
}

static V *erf_inv_f32(sharc_cb *b, V *x) {
  static const float lt5[9] = {2.81022636e-08f,  3.43273939e-07f, -3.5233877e-06f,
                               -4.39150654e-06f, 0.00021858087f,  -0.00125372503f,
                               -0.00417768164f,  0.246640727f,    1.50140941f};
  static const float ge5[9] = {-0.000200214257f, 0.000100950558f, 0.00134934322f,
                               -0.00367342844f,  0.00573950773f,  -0.0076224613f,
                               0.00943887047f,   1.00167406f,     2.83297682f};
  V *w = erf_inv_w(b, x);
  V *lt = CMP(LT, w, CST(5.0, x));
  w = SEL(lt, SUB(w, CST(2.5, x)), SUB(SQRT(w), CST(3.0, x)));
  V *p = SEL(lt, CST(lt5[0], x), CST(ge5[0], x));
  for (unsigned i = 1; i < 9; i++) {
    V *c = SEL(lt, CST(lt5[i], x), CST(ge5[i], x));
    p = ADD(c, MUL(p, w));
  }
  return erf_inv_edges(b, x, MUL(p, x));
}

static V *erf_inv_f64(sharc_cb *b, V *x) {
  static const double lt625[23] = {
      -3.6444120640178196996e-21, -1.685059138182016589e-19,  1.2858480715256400167e-18,
      1.115787767802518096e-17,   -1.333171662854620906e-16,  2.0972767875968561637e-17,
      6.6376381343583238325e-15,  -4.0545662729752068639e-14, -8.1519341976054721522e-14,
      2.6335093153082322977e-12,  -1.2975133253453532498e-11, -5.4154120542946279317e-11,
      1.051212273321532285e-09,   -4.1126339803469836976e-09, -2.9070369957882005086e-08,
      4.2347877827932403518e-07,  -1.3654692000834678645e-06, -1.3882523362786468719e-05,
      0.0001867342080340571352,   -0.00074070253416626697512, -0.0060336708714301490533,
      0.24015818242558961693,     1.6536545626831027356};
  static const double lt16[19] = {
      2.2137376921775787049e-09,  9.0756561938885390979e-08, -2.7517406297064545428e-07,
      1.8239629214389227755e-08,  1.5027403968909827627e-06, -4.013867526981545969e-06,
      2.9234449089955446044e-06,  1.2475304481671778723e-05, -4.7318229009055733981e-05,
      6.8284851459573175448e-05,  2.4031110387097893999e-05, -0.0003550375203628474796,
      0.00095328937973738049703,  -0.0016882755560235047313, 0.0024914420961078508066,
      -0.0037512085075692412107,  0.005370914553590063617,   1.0052589676941592334,
      3.0838856104922207635};
  static const double ge16[17] = {
      -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
      -3.7894654401267369937e-09, 7.6157012080783393804e-09,  -1.4960026627149240478e-08,
      2.9147953450901080826e-08,  -6.7711997758452339498e-08, 2.2900482228026654717e-07,
      -9.9298272942317002539e-07, 4.5260625972231537039e-06,  -1.9681778105531670567e-05,
      7.5995277030017761139e-05,  -0.00021503011930044477347, -0.00013871931833623122026,
      1.0103004648645343977,      4.8499064014085844221};
  V *w = erf_inv_w(b, x);
  V *lt625_p = CMP(LT, w, CST(6.25, x));
  V *lt16_p = CMP(LT, w, CST(16, x));
  V *sqrt_w = SQRT(w);
  V *w_minus = SUB(w, CST(3.125, x));
  V *shift = SEL(lt16_p, CST(3.25, w), CST(5.0, w));
  w = SEL(lt625_p, w_minus, SUB(sqrt_w, shift));
  V *p = NULL;
  for (unsigned i = 0; i < 23; i++) {
    V *c = CST(lt625[i], x);
    if (i < 19)
      c = SEL(lt625_p, c, CST(lt16[i], x));
    if (i < 17)
      c = SEL(lt16_p, c, CST(ge16[i], x));
    if (i == 0) {
      p = c;
      continue;
    }
    V *next = ADD(c, MUL(p, w));
    if (i < 17)
      p = next;
    else if (i < 19)
      p = SEL(lt16_p, next, p);
    else
      p = SEL(lt625_p, next, p);
  }
  return erf_inv_edges(b, x, MUL(p, x));
}

V *sharc_chlo_lower_erf_inv(sharc_cb *b, V *x) {
  if (is_kind(x, SHARC_F64))
    return erf_inv_f64(b, x);
  return with_upcast1(b, x, erf_inv_f32);
}

/* ---- lgamma, digamma ---------------------------------------------------- */

static const double kLanczosGamma = 7;
static const double kBaseLanczosCoeff = 0.99999999999980993227684700473478;
static const double kLanczosCoefficients[8] = {
    676.520368121885098567009190444019, -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,   -176.61502916214059906584551354,
    12.507343278686904814458936853,     -0.13857109526572011689554707,
    9.984369578019570859563e-6,         1.50563273514931155834e-7};

/* z = -x when x < 1/2 (reflected), x - 1 otherwise; makes 1/2 and 1. */
static V *lanczos_z(sharc_cb *b, V *x, V **half, V **one, V **reflect) {
  *half = CST(0.5, x);
  *reflect = CMP(LT, x, *half);
  V *neg_x = NEG(x);
  *one = CSTI(1, x);
  V *x_minus_one = SUB(x, *one);
  return SEL(*reflect, neg_x, x_minus_one);
}

/* log(t) with t = z + g + 1/2, as log(g + 1/2) + log1p(z / (g + 1/2)). */
static V *lanczos_log_t(sharc_cb *b, V *x, V *z, V **t) {
  V *g_half = CST(kLanczosGamma + 0.5, x);
  *t = ADD(g_half, z);
  V *log_term = CST(log(kLanczosGamma + 0.5), x);
  V *log1p_term = LOG1P(DIV(z, g_half));
  return ADD(log_term, log1p_term);
}

static V *lgamma_impl(sharc_cb *b, V *x) {
  V *half, *one, *reflect;
  V *z = lanczos_z(b, x, &half, &one, &reflect);
  V *a = CST(kBaseLanczosCoeff, x);
  for (unsigned i = 0; i < 8; i++) {
    V *coeff = CST(kLanczosCoefficients[i], x);
    V *index = CSTI((int64_t)i + 1, x);
    a = ADD(a, DIV(coeff, ADD(z, index)));
  }
  V *t;
  V *log_t = lanczos_log_t(b, x, z, &t);
  V *t_over_log_t = DIV(t, log_t);
  V *r = MUL(SUB(ADD(z, half), t_over_log_t), log_t);
  V *log_a = LOG(a);
  V *lgamma = ADD(ADD(CST((log(2) + log(CB_PI)) / 2, x), r), log_a);

  V *abs = ABS_(x);
  V *abs_frac = SUB(abs, FLOOR(abs));
  V *reduce = CMP(LT, half, abs_frac);
  abs_frac = SEL(reduce, SUB(one, abs_frac), abs_frac);
  V *denom = LOG(SIN(MUL(CST(CB_PI, x), abs_frac)));
  V *reflection = SUB(SUB(CST(log(CB_PI), x), denom), lgamma);
  V *finite = IS_FINITE(denom);
  V *neg_denom = NEG(denom);
  reflection = SEL(finite, reflection, neg_denom);
  lgamma = SEL(reflect, reflection, lgamma);
  sharc_type *i1 = sharc_type_integer(b->ctx, 1, SHARC_SIGNLESS);
  V *is_inf = sharc_cb_chlo(b, "chlo.is_inf", x, NULL,
                            sharc_cb_with_elem(b, sharc_value_type(x), i1));
  return SEL(is_inf, sharc_cb_const_inf(b, x, false), lgamma);
}

static V *digamma_impl(sharc_cb *b, V *x) {
  V *half, *one, *reflect;
  V *z = lanczos_z(b, x, &half, &one, &reflect);
  V *zero = CST(0.0, x);
  V *a = CST(kBaseLanczosCoeff, x);
  V *a_prime = zero;
  for (unsigned i = 0; i < 8; i++) {
    V *coeff = CST(kLanczosCoefficients[i], x);
    V *index = CSTI((int64_t)i + 1, x);
    V *zt = ADD(z, index);
    a_prime = SUB(a_prime, DIV(coeff, MUL(zt, zt)));
    a = ADD(a, DIV(coeff, zt));
  }
  V *t;
  V *log_t = lanczos_log_t(b, x, z, &t);
  V *a_prime_over_a = DIV(a_prime, a);
  V *g_over_t = DIV(CST(kLanczosGamma, x), t);
  V *digamma = SUB(ADD(log_t, a_prime_over_a), g_over_t);

  V *reduced = ADD(x, ABS_(FLOOR(ADD(x, CST(0.5, x)))));
  V *pi = CST(CB_PI, x);
  V *pi_x = MUL(pi, reduced);
  V *cos = COS(pi_x);
  V *sin = SIN(pi_x);
  V *reflection = SUB(digamma, DIV(MUL(pi, cos), sin));
  digamma = SEL(reflect, reflection, digamma);
  V *le_zero = CMP(LE, x, zero);
  V *is_int = CMP(EQ, x, FLOOR(x));
  V *pole = AND(le_zero, is_int);
  return SEL(pole, CST(NAN, x), digamma);
}

V *sharc_chlo_lower_lgamma(sharc_cb *b, V *x) {
  return with_upcast1(b, x, lgamma_impl);
}

V *sharc_chlo_lower_digamma(sharc_cb *b, V *x) {
  return with_upcast1(b, x, digamma_impl);
}

/* ---- zeta, polygamma ---------------------------------------------------- */

static V *zeta_impl(sharc_cb *b, V *x, V *q) {
  enum { kTerms = 12, kIters = 9, kTwoTermsMinusOne = 2 * kTerms - 1 };
  static const double coeffs[kTerms] = {
      -7.1661652561756670113e18,
      1.8152105401943546773e17,
      -4.5979787224074726105e15,
      1.1646782814350067249e14,
      -2.950130727918164224e12,
      7.47242496e10,
      -1.8924375803183791606e9,
      47900160.0,
      -1209600.0,
      30240.0,
      -720.0,
      12.0,
  };
  V *zero = CST(0.0, q);
  V *one = CST(1.0, q);
  V *acc = q;
  V *neg_x = NEG(x);
  V *power_sum = POW(q, neg_x);
  V *q_neg_power;
  for (int i = 0; i < kIters; i++) {
    acc = ADD(acc, one);
    q_neg_power = POW(acc, neg_x);
    power_sum = ADD(power_sum, q_neg_power);
  }
  acc = ADD(acc, one);
  q_neg_power = POW(acc, neg_x);
  V *one_x = CST(1.0, x);
  V *correction = DIV(MUL(q_neg_power, acc), SUB(x, one_x));
  V *rsqrt_acc = DIV(one, MUL(acc, acc));
  V *horner_sum = zero;
  for (int i = 0; i < kTerms - 1; i++) {
    V *lhs = ADD(x, CST(kTwoTermsMinusOne - 1 - 2 * i, x));
    V *rhs = ADD(x, CST(kTwoTermsMinusOne - 2 - 2 * i, x));
    V *product = MUL(lhs, rhs);
    horner_sum = MUL(product, MUL(rsqrt_acc, ADD(horner_sum, CST(1. / coeffs[i], acc))));
  }
  V *half = CST(.5, q_neg_power);
  V *x_over_acc = DIV(x, acc);
  V *tail = MUL(q_neg_power,
                ADD(half, MUL(x_over_acc, ADD(CST(1. / coeffs[kTerms - 1], acc), horner_sum))));
  V *accurate = ADD(ADD(power_sum, correction), tail);

  V *abs_q_neg_power = ABS_(q_neg_power);
  V *abs_power_sum = ABS_(power_sum);
  V *output = SEL(CMP(LT, abs_q_neg_power,
                      MUL(abs_power_sum, sharc_cb_const_min_subnormal(b, acc))),
                  power_sum, accurate);
  V *nan = CST(NAN, x);
  output = SEL(CMP(LT, x, one_x), nan, output);
  V *q_le_zero = CMP(LE, q, zero);
  V *x_not_int = CMP(NE, x, FLOOR(x));
  output = SEL(AND(q_le_zero, x_not_int), nan, output);
  V *inf = CST(INFINITY, x);
  V *q_is_int = CMP(EQ, q, FLOOR(q));
  V *at_pole = AND(q_le_zero, q_is_int);
  V *two = CST(2.0, x);
  V *x_is_int = CMP(EQ, x, FLOOR(x));
  V *x_is_even = CMP(EQ, REM(x, two), zero);
  V *x_even_int = AND(x_is_int, x_is_even);
  output = SEL(at_pole, SEL(x_even_int, inf, nan), output);
  return SEL(CMP(EQ, x, one), inf, output);
}

V *sharc_chlo_lower_zeta(sharc_cb *b, V *x, V *q) {
  return with_upcast2(b, x, q, zeta_impl);
}

static V *polygamma_impl(sharc_cb *b, V *n, V *x) {
  V *one = CST(1.0, x);
  V *two = CST(2.0, x);
  V *sign = SUB(MUL(two, REM(n, two)), one);
  V *n_plus_one = ADD(n, one);
  V *exp_lgamma = EXP(sharc_cb_chlo(b, "chlo.lgamma", n_plus_one, NULL, NULL));
  V *zeta = sharc_cb_chlo(b, "chlo.zeta", n_plus_one, x, NULL);
  V *result = MUL(MUL(sign, exp_lgamma), zeta);
  V *zero = CST(0.0, x);
  V *n_eq_zero = CMP(EQ, n, zero);
  result = SEL(n_eq_zero, sharc_cb_chlo(b, "chlo.digamma", x, NULL, NULL), result);
  V *non_int = CMP(NE, n, FLOOR(n));
  V *negative = CMP(LT, n, zero);
  V *non_natural = OR(non_int, negative);
  return SEL(non_natural, CST(NAN, x), result);
}

V *sharc_chlo_lower_polygamma(sharc_cb *b, V *n, V *x) {
  return with_upcast2(b, n, x, polygamma_impl);
}

/* ---- bessel_i1e --------------------------------------------------------- */

static V *chebyshev(sharc_cb *b, V *x, const double *c, unsigned n) {
  V *b0 = CST(0.0, x), *b1 = CST(0.0, x), *b2 = CST(0.0, x);
  for (unsigned i = 0; i < n; i++) {
    b2 = b1;
    b1 = b0;
    b0 = ADD(SUB(MUL(x, b1), b2), CST(c[i], x));
  }
  return MUL(SUB(b0, b2), CST(0.5, x));
}

static V *bessel_i1e_impl(sharc_cb *b, V *x, const double *a, unsigned na, const double *bb,
                          unsigned nb) {
  V *z = ABS_(x);
  V *half = CST(0.5, x);
  V *two = CST(2.0, x);
  V *thirty_two = CST(32.0, x);
  V *eight = CST(8.0, x);
  V *le8 = MUL(z, chebyshev(b, SUB(MUL(half, z), two), a, na));
  V *gt8 = DIV(chebyshev(b, SUB(DIV(thirty_two, z), two), bb, nb), SQRT(z));
  V *is_le8 = CMP(LE, z, eight);
  V *select = SEL(is_le8, le8, gt8);
  return MUL(SIGN(x), select);
}

static V *bessel_i1e_f32(sharc_cb *b, V *x) {
  static const float a[] = {
      9.38153738649577178388E-9f, -4.44505912879632808065E-8f, 2.00329475355213526229E-7f,
      -8.56872026469545474066E-7f, 3.47025130813767847674E-6f, -1.32731636560394358279E-5f,
      4.78156510755005422638E-5f, -1.61760815825896745588E-4f, 5.12285956168575772895E-4f,
      -1.51357245063125314899E-3f, 4.15642294431288815669E-3f, -1.05640848946261981558E-2f,
      2.47264490306265168283E-2f, -5.29459812080949914269E-2f, 1.02643658689847095384E-1f,
      -1.76416518357834055153E-1f, 2.52587186443633654823E-1f};
  static const float bf[] = {-3.83538038596423702205E-9f, -2.63146884688951950684E-8f,
                             -2.51223623787020892529E-7f, -3.88256480887769039346E-6f,
                             -1.10588938762623716291E-4f, -9.76109749136146840777E-3f,
                             7.78576235018280120474E-1f};
  double da[N_OF(a)], db[N_OF(bf)];
  for (unsigned i = 0; i < N_OF(a); i++)
    da[i] = a[i];
  for (unsigned i = 0; i < N_OF(bf); i++)
    db[i] = bf[i];
  return bessel_i1e_impl(b, x, da, N_OF(da), db, N_OF(db));
}

static V *bessel_i1e_f64(sharc_cb *b, V *x) {
  static const double a[] = {
      2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
      -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
      3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
      -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
      9.38153738649577178388E-9,  -4.44505912879632808065E-8, 2.00329475355213526229E-7,
      -8.56872026469545474066E-7, 3.47025130813767847674E-6,  -1.32731636560394358279E-5,
      4.78156510755005422638E-5,  -1.61760815825896745588E-4, 5.12285956168575772895E-4,
      -1.51357245063125314899E-3, 4.15642294431288815669E-3,  -1.05640848946261981558E-2,
      2.47264490306265168283E-2,  -5.29459812080949914269E-2, 1.02643658689847095384E-1,
      -1.76416518357834055153E-1, 2.52587186443633654823E-1};
  static const double bb[] = {
      7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17,
      -3.20952592199342395980E-17, 2.96262899764595013876E-16,  3.30820231092092828324E-16,
      -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
      4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
      -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,
      3.25260358301548823856E-11,  -1.89749581235054123450E-11, -5.58974346219658380687E-10,
      -3.83538038596423702205E-9,  -2.63146884688951950684E-8,  -2.51223623787020892529E-7,
      -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
      7.78576235018280120474E-1};
  return bessel_i1e_impl(b, x, a, N_OF(a), bb, N_OF(bb));
}

V *sharc_chlo_lower_bessel_i1e(sharc_cb *b, V *x) {
  if (!erf_type(x))
    return NULL;
  return is_kind(x, SHARC_F64) ? bessel_i1e_f64(b, x) : with_upcast1(b, x, bessel_i1e_f32);
}

/* ---- cosh, sinh --------------------------------------------------------- */

/* e^(x + log(1/2)) -/+ e^(-x + log(1/2)): no overflow where e^x is inf but
 * e^x / 2 is not. */
static V *exp_pair(sharc_cb *b, V *x, bool add) {
  V *log_half = LOG(CST(0.5, x));
  V *e_add = EXP(ADD(x, log_half));
  V *e_sub = EXP(SUB(log_half, x));
  return add ? ADD(e_add, e_sub) : SUB(e_add, e_sub);
}

static V *cosh_impl(sharc_cb *b, V *x) {
  return exp_pair(b, x, true);
}

static V *sinh_large(sharc_cb *b, V *x) {
  return exp_pair(b, x, false);
}

static V *sinh_impl(sharc_cb *b, V *x) {
  V *large = sinh_large(b, x);
  V *expm1 = EXPM1(x);
  V *one = CST(1.0, x);
  V *half = CST(0.5, x);
  V *ratio = DIV(expm1, ADD(expm1, one));
  V *small = MUL(half, ADD(expm1, ratio));
  return SEL(CMP(LT, ABS_(x), one), small, large);
}

V *sharc_chlo_lower_cosh(sharc_cb *b, V *x) {
  return with_upcast1(b, x, cosh_impl);
}

V *sharc_chlo_lower_sinh(sharc_cb *b, V *x) {
  if (sharc_type_get_kind(sharc_cb_elem(x)) == SHARC_TYPE_COMPLEX)
    return sinh_large(b, x);
  return with_upcast1(b, x, sinh_impl);
}

/* ---- next_after --------------------------------------------------------- */

V *sharc_chlo_lower_next_after(sharc_cb *b, V *x, V *y) {
  sharc_type *elem = sharc_cb_elem(x);
  if (!sharc_type_is_float(elem))
    return NULL;
  unsigned width = sharc_float_bits(sharc_type_float_kind(elem));
  if (width > 64)
    return NULL;
  sharc_type *int_ty = sharc_type_integer(b->ctx, width, SHARC_SIGNLESS);
  V *xi = sharc_cb_bitcast(b, x, int_ty);
  V *yi = sharc_cb_bitcast(b, y, int_ty);
  V *nan_input = OR(CMP(NE, x, x), CMP(NE, y, y));
  V *nan_bits = sharc_cb_bitcast(b, CST(NAN, x), int_ty);
  int64_t sign_bit = (int64_t)((uint64_t)1 << (width - 1));
  V *sign_mask = CSTI(sign_bit, xi);
  V *magnitude_mask = CSTI(~sign_bit, xi);
  V *x_abs = AND(xi, magnitude_mask);
  V *y_abs = AND(yi, magnitude_mask);
  V *equal = CMP(EQ, x, y);
  V *zero = CSTI(0, xi);
  V *x_zero = CMP(EQ, x_abs, zero);
  V *y_zero = CMP(EQ, y_abs, zero);
  V *x_sign = AND(xi, sign_mask);
  V *y_sign = AND(yi, sign_mask);
  V *one = CSTI(1, xi);
  V *x_zero_y_nonzero = OR(y_sign, one);
  V *signs_disagree = CMP(NE, x_sign, y_sign);
  V *x_larger = CMP(GT, x_abs, y_abs);
  V *smaller = OR(x_larger, signs_disagree);
  V *minus_one = CSTI(-1, xi);
  V *adjust = SEL(smaller, minus_one, one);
  V *result = ADD(xi, adjust);
  result = SEL(x_zero, SEL(y_zero, yi, x_zero_y_nonzero), result);
  result = SEL(equal, yi, result);
  result = SEL(nan_input, nan_bits, result);
  return sharc_cb_bitcast(b, result, elem);
}

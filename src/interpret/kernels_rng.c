/* Random numbers: stablehlo.rng (uniform in [a, b) or normal with mean a
 * and deviation b; the spec leaves the values to the implementation, so a
 * deterministic splitmix64 stream per device gives them) and
 * stablehlo.rng_bit_generator (counter-based: Threefry-2x32 with 20 rounds
 * for THREE_FRY and DEFAULT, Philox-4x32 with 10 rounds for PHILOX, keyed
 * by the state's first word and counting from its second; the output
 * state is the state with its counter advanced past the blocks used). */
#include <math.h>

#include "dialect/stablehlo/shlo.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"
#include "support/apfloat.h"

static uint64_t splitmix64(uint64_t *s) {
  uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

/* A double in [0, 1). */
static double unit_double(uint64_t *s) { return (double)(splitmix64(s) >> 11) * 0x1.0p-53; }

SHARC_RESULT_KERNEL(k_rng) {
  int dist = sharc_shlo_enum_index(sharc_op_attr(op, "rng_distribution"),
                                   &sharc_shlo_rng_distribution);
  const sharc_tensor *a = in[0], *b = in[1];
  if (dist < 0 || a->n != 1 || b->n != 1 || r->st == SHARC_ST_C64 || r->st == SHARC_ST_C128 ||
      (dist == 1 && r->st == SHARC_ST_INT))
    return sharc_interp_fail(ip, op, "stablehlo.rng: bad distribution or operands");
  uint64_t *state = &ip->rng_state;
  if (r->st == SHARC_ST_INT) {
    int64_t lo = a->data.i[0], hi = b->data.i[0];
    uint64_t span = r->uns ? (uint64_t)hi - (uint64_t)lo : (uint64_t)(hi - lo);
    bool empty = r->uns ? (uint64_t)hi <= (uint64_t)lo : hi <= lo;
    for (int64_t i = 0; i < r->n; i++)
      r->data.i[i] = empty ? lo : sharc_int_wrap((int64_t)((uint64_t)lo + splitmix64(state) % span),
                                                 r->bits, r->uns);
    return true;
  }
  double lo = sharc_tensor_get_real(a, 0), hi = sharc_tensor_get_real(b, 0);
  for (int64_t i = 0; i < r->n; i++) {
    double v;
    if (dist == 0) {
      v = lo + (hi - lo) * unit_double(state);
      if (v >= hi) /* rounding reached the open end */
        v = lo;
    } else { /* Box-Muller */
      double u1 = 1.0 - unit_double(state), u2 = unit_double(state);
      v = lo + hi * sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
    }
    sharc_tensor_set_real(r, i, v);
  }
  sharc_round_all(r);
  if (dist == 0 && r->narrow) /* rounding to the format may reach b */
    for (int64_t i = 0; i < r->n; i++)
      if (r->data.f[i] >= hi)
        r->data.f[i] = (float)lo;
  return true;
}

/* ---- rng_bit_generator ----------------------------------------------------------- */

static uint32_t rotl32(uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

/* Threefry-2x32, 20 rounds: one 64-bit block from key k and counter c. */
static uint64_t threefry2x32(uint64_t key, uint64_t counter) {
  static const unsigned rot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t k[3] = {(uint32_t)key, (uint32_t)(key >> 32), 0};
  k[2] = k[0] ^ k[1] ^ 0x1BD11BDAu;
  uint32_t x0 = (uint32_t)counter + k[0], x1 = (uint32_t)(counter >> 32) + k[1];
  for (unsigned round = 0; round < 20; round++) {
    x0 += x1;
    x1 = rotl32(x1, rot[round % 8]) ^ x0;
    if (round % 4 == 3) {
      unsigned s = round / 4 + 1;
      x0 += k[s % 3];
      x1 += k[(s + 1) % 3] + s;
    }
  }
  return (uint64_t)x0 | ((uint64_t)x1 << 32);
}

/* Philox-4x32, 10 rounds: one 128-bit block (two words) from key and counter. */
static void philox4x32(uint64_t key, uint64_t ctr_lo, uint64_t ctr_hi, uint64_t out[2]) {
  uint32_t k0 = (uint32_t)key, k1 = (uint32_t)(key >> 32);
  uint32_t c[4] = {(uint32_t)ctr_lo, (uint32_t)(ctr_lo >> 32), (uint32_t)ctr_hi,
                   (uint32_t)(ctr_hi >> 32)};
  for (unsigned round = 0; round < 10; round++) {
    uint64_t p0 = (uint64_t)0xD2511F53u * c[0], p1 = (uint64_t)0xCD9E8D57u * c[2];
    uint32_t n0 = (uint32_t)(p1 >> 32) ^ c[1] ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c[3] ^ k1;
    c[0] = n0, c[1] = (uint32_t)p1, c[2] = n2, c[3] = (uint32_t)p0;
    k0 += 0x9E3779B9u, k1 += 0xBB67AE85u;
  }
  out[0] = (uint64_t)c[0] | ((uint64_t)c[1] << 32);
  out[1] = (uint64_t)c[2] | ((uint64_t)c[3] << 32);
}

/* The element's bits (its width's low bits of `bits`) as its value. */
static void set_bits(sharc_tensor *r, int64_t i, uint64_t bits) {
  switch (r->st) {
  case SHARC_ST_INT:
    r->data.i[i] = sharc_int_wrap((int64_t)bits, r->bits, r->uns || r->bits == 1);
    return;
  case SHARC_ST_F32:
    if (r->narrow) {
      unsigned w = sharc_float_bits(r->fk);
      uint64_t mask = w >= 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
      r->data.f[i] = (float)sharc_float_to_double(r->fk, bits & mask, 0);
    } else {
      uint32_t u = (uint32_t)bits;
      memcpy(&r->data.f[i], &u, 4);
    }
    return;
  case SHARC_ST_F64:
    memcpy(&r->data.d[i], &bits, 8);
    return;
  default:
    return;
  }
}

static bool k_rng_bit_generator(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                sharc_tensor **out, sharc_scope *sc) {
  (void)sc;
  const sharc_tensor *s = in[0];
  int alg = sharc_shlo_enum_index(sharc_op_attr(op, "rng_algorithm"), &sharc_shlo_rng_algorithm);
  bool philox = alg == 2;
  if (alg < 0 || s->st != SHARC_ST_INT || s->rank != 1 || s->n < 2 || (!philox && s->n != 2) ||
      (philox && s->n > 3))
    return sharc_interp_fail(ip, op, "stablehlo.rng_bit_generator: bad algorithm or state");
  sharc_tensor *state = sharc_result_new(ip, op, 0), *r = state ? sharc_result_new(ip, op, 1) : NULL;
  out[0] = state;
  out[1] = r;
  if (!r)
    return false;
  if (r->st == SHARC_ST_C64 || r->st == SHARC_ST_C128)
    return sharc_interp_fail(ip, op, "stablehlo.rng_bit_generator: complex output");
  uint64_t key = (uint64_t)s->data.i[0], ctr = (uint64_t)s->data.i[1];
  uint64_t ctr_hi = s->n > 2 ? (uint64_t)s->data.i[2] : 0;
  uint64_t words[2];
  int64_t used = 0; /* words taken from the current block */
  uint64_t block = 0;
  for (int64_t i = 0; i < r->n; i++) {
    if (philox) {
      if (used % 2 == 0) {
        philox4x32(key, ctr, ctr_hi, words);
        if (++ctr == 0)
          ctr_hi++;
      }
      set_bits(r, i, words[used % 2]);
    } else {
      block = threefry2x32(key, ctr++);
      set_bits(r, i, block);
    }
    used++;
  }
  memcpy(state->data.i, s->data.i, (size_t)s->n * sizeof *s->data.i);
  state->data.i[1] = (int64_t)ctr;
  if (s->n > 2)
    state->data.i[2] = (int64_t)ctr_hi;
  sharc_round_all(r);
  return true;
}

const sharc_kernel sharc_kernels_rng[] = {
    {"stablehlo.rng", k_rng, 0},
    {"stablehlo.rng_bit_generator", k_rng_bit_generator, 0},
    {NULL, NULL, 0},
};

/* Cross-checks apfloat's bignum-free fast paths against the bignum route
 * they replace: a second copy of src/support/apfloat.c is compiled into
 * this test with SHARC_APFLOAT_BIGNUM_ONLY (every fast path off) and its
 * public functions renamed ref_*, and both must agree bit for bit --
 * printing every f16/bf16/f8 pattern and a sweep of f32/f64 values (random,
 * boundaries, subnormals, powers of 2 and 10, six-digit rounding edges),
 * and parsing decimal literals into every format.
 *
 * Without arguments it runs the quick subset ctest uses; for the long runs:
 *   test_floatfmt f32 FROM TO   every f32 pattern in [FROM, TO) (hex ok)
 *   test_floatfmt f32random N   N random f32 patterns and N short decimals
 *   test_floatfmt f64 N         N random f64 values of each kind
 *   test_floatfmt parse N       N random decimal literals */
#include "support/apfloat.h"

#include <stdio.h>
#include <stdlib.h>

#include "check.h"

/* the reference: apfloat.c with the fast paths compiled out */
#define SHARC_APFLOAT_BIGNUM_ONLY 1
#define sharc_float_bits ref_float_bits
#define sharc_float_bits_fit ref_float_bits_fit
#define sharc_float_equal_bits ref_float_equal_bits
#define sharc_float_from_decimal ref_float_from_decimal
#define sharc_float_from_double ref_float_from_double
#define sharc_float_has_inf ref_float_has_inf
#define sharc_float_has_nan ref_float_has_nan
#define sharc_float_is_inf ref_float_is_inf
#define sharc_float_is_nan ref_float_is_nan
#define sharc_float_is_negative ref_float_is_negative
#define sharc_float_is_zero ref_float_is_zero
#define sharc_float_kind_from_name ref_float_kind_from_name
#define sharc_float_largest ref_float_largest
#define sharc_float_name ref_float_name
#define sharc_float_parse_literal ref_float_parse_literal
#define sharc_float_parse_literal_signed ref_float_parse_literal_signed
#define sharc_float_print ref_float_print
#define sharc_float_print_hex ref_float_print_hex
#define sharc_float_to_double ref_float_to_double
#define sharc_float_to_string ref_float_to_string
void ref_float_print(sharc_float_kind k, uint64_t lo, uint64_t hi, sharc_buf *out);
bool ref_float_parse_literal(sharc_float_kind k, sharc_str text, uint64_t *lo, uint64_t *hi);
bool ref_float_parse_literal_signed(sharc_float_kind k, bool minus, sharc_str text,
                                    uint64_t *lo, uint64_t *hi);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function" /* the fast paths, compiled out */
#include "support/apfloat.c"
#pragma GCC diagnostic pop
void ref_float_to_string(sharc_float_kind k, uint64_t lo, uint64_t hi, unsigned precision,
                         unsigned max_padding, bool truncate_zero, sharc_buf *out);
#undef sharc_float_print
#undef sharc_float_parse_literal
#undef sharc_float_parse_literal_signed
#undef sharc_float_to_string

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t next_random(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static sharc_buf got, want;
static unsigned long long compared, differing;

/* One value printed both ways; a difference is reported (the first few). */
static void check_print_wide(sharc_float_kind k, uint64_t bits, uint64_t hi) {
  got.len = want.len = 0;
  sharc_float_print(k, bits, hi, &got);
  ref_float_print(k, bits, hi, &want);
  compared++;
  if (got.len == want.len && memcmp(got.data, want.data, got.len) == 0)
    return;
  if (differing++ < 20)
    fprintf(stderr, "print %s 0x%llx: got '%.*s', want '%.*s'\n", sharc_float_name(k),
            (unsigned long long)bits, (int)got.len, got.data, (int)want.len, want.data);
}

/* `text` (`-` and `text` when minus) parsed the fast way, against the
 * reference's parse of `want_text`. */
static void compare_parse(sharc_float_kind k, bool minus, const char *text, const char *want_text) {
  uint64_t glo = 0, ghi = 0, wlo = 0, whi = 0;
  sharc_str s = {text, strlen(text)}, w = {want_text, strlen(want_text)};
  bool gok = minus ? sharc_float_parse_literal_signed(k, true, s, &glo, &ghi)
                   : sharc_float_parse_literal(k, s, &glo, &ghi);
  bool wok = ref_float_parse_literal(k, w, &wlo, &whi);
  compared++;
  if (gok == wok && (!gok || (glo == wlo && ghi == whi)))
    return;
  if (differing++ < 20)
    fprintf(stderr, "parse %s %s'%s': got %d 0x%llx, want %d 0x%llx\n", sharc_float_name(k),
            minus ? "- " : "", text, gok, (unsigned long long)glo, wok,
            (unsigned long long)wlo);
}

/* One literal parsed both ways, and with its minus apart (as the parser
 * passes a `-` token and the number after it). */
static void check_parse(sharc_float_kind k, const char *text) {
  compare_parse(k, false, text, text);
  if (text[0] == '-') {
    compare_parse(k, true, text + 1, text);
    return;
  }
  char neg[256];
  if (strlen(text) + 2 > sizeof neg)
    return;
  neg[0] = '-';
  strcpy(neg + 1, text);
  compare_parse(k, true, text, neg);
}

/* APFloat::toString with other precisions and paddings shares the digit
 * code: a value in each of a few shapes. */
static void check_to_string(sharc_float_kind k, uint64_t bits) {
  static const unsigned precs[] = {0, 1, 2, 3, 6, 9, 10, 17, 25};
  for (size_t i = 0; i < sizeof precs / sizeof precs[0]; i++) {
    unsigned pad = (unsigned)(next_random() % 12);
    bool tz = next_random() & 1;
    got.len = want.len = 0;
    sharc_float_to_string(k, bits, 0, precs[i], pad, tz, &got);
    ref_float_to_string(k, bits, 0, precs[i], pad, tz, &want);
    compared++;
    if (got.len == want.len && memcmp(got.data, want.data, got.len) == 0)
      continue;
    if (differing++ < 20)
      fprintf(stderr, "to_string %s 0x%llx %u %u %d: got '%.*s', want '%.*s'\n",
              sharc_float_name(k), (unsigned long long)bits, precs[i], pad, tz, (int)got.len,
              got.data, (int)want.len, want.data);
  }
}

static void check_print(sharc_float_kind k, uint64_t bits) { check_print_wide(k, bits, 0); }

static void check_both(sharc_float_kind k, uint64_t bits) {
  check_print(k, bits);
  /* and its text read back into every format, as a literal would be */
  char text[64];
  size_t n = want.len < sizeof text - 1 ? want.len : sizeof text - 1;
  memcpy(text, want.data, n);
  text[n] = 0;
  if (text[0] != '0' || text[1] != 'x') {
    check_parse(SHARC_F64, text);
    check_parse(SHARC_F32, text);
    check_parse(SHARC_F16, text);
    check_parse(SHARC_BF16, text);
  }
}

/* Every pattern of every format of up to 16 bits printed, and the text
 * of f16 and bf16 read back as each of the literal's usual types. */
static void test_small_formats(void) {
  for (uint64_t bits = 0; bits < 65536; bits += 7) {
    check_both(SHARC_F16, bits);
    check_both(SHARC_BF16, bits);
  }
  for (int k = 0; k < SHARC_FLOAT_KIND_COUNT; k++) {
    unsigned width = sharc_float_bits((sharc_float_kind)k);
    if (width > 16)
      continue;
    for (uint64_t bits = 0; bits < (1ull << width); bits++)
      check_print((sharc_float_kind)k, bits);
  }
}

static uint64_t f32_bits(float x) {
  uint32_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

/* A value of the form (7 digits, the last 5) * 10^e: where six-digit
 * rounding turns, and a few ulps either side of it. */
static void check_rounding_edges(sharc_float_kind k, unsigned count) {
  for (unsigned i = 0; i < count; i++) {
    char text[48];
    int e = (int)(next_random() % 80) - 40;
    if (k == SHARC_F64)
      e = (int)(next_random() % 640) - 320;
    snprintf(text, sizeof text, "%llu5e%d", (unsigned long long)(100000 + next_random() % 900000), e);
    double d = strtod(text, NULL);
    for (int delta = -2; delta <= 2; delta++) {
      if (k == SHARC_F64) {
        check_both(k, sharc_double_bits(d) + (uint64_t)(int64_t)delta);
      } else {
        uint64_t b = f32_bits((float)d) + (uint64_t)(int64_t)delta;
        check_both(k, b & 0xffffffffu);
      }
    }
  }
}

static void check_f32_specials(void) {
  static const uint32_t fixed[] = {
      0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff,
      0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x3f800000, 0x3f7fffff,
      0x3f800001, 0x4b7fffff, 0x4b800000, 0x4b800001, 0x33800000, 0x3dcccccd, 0x358637bd,
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    check_both(SHARC_F32, fixed[i]);
  for (int e = 0; e < 256; e++) /* every power of 2 and its neighbours */
    for (int d = -3; d <= 3; d++)
      check_both(SHARC_F32, (((uint64_t)e << 23) + (uint64_t)(int64_t)d) & 0xffffffffu);
  for (int e = -45; e <= 38; e++) { /* powers of ten */
    char text[16];
    snprintf(text, sizeof text, "1e%d", e);
    uint64_t b = f32_bits(strtof(text, NULL));
    for (int d = -2; d <= 2; d++)
      check_both(SHARC_F32, (b + (uint64_t)(int64_t)d) & 0xffffffffu);
  }
}

static void check_f64_specials(void) {
  static const uint64_t fixed[] = {
      0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000fffffffffffffull,
      0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull,
      0x7ff8000000000000ull, 0x3ff0000000000000ull, 0x3fefffffffffffffull, 0x3ff0000000000001ull,
      0x3fb999999999999aull, 0x4340000000000000ull, 0x433fffffffffffffull,
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
    check_both(SHARC_F64, fixed[i]);
  for (int e = 0; e < 2048; e += 1) /* powers of 2 and neighbours */
    for (int d = -1; d <= 1; d++)
      check_print(SHARC_F64, ((uint64_t)e << 52) + (uint64_t)(int64_t)d);
  for (int e = -325; e <= 308; e++) { /* powers of ten */
    char text[16];
    snprintf(text, sizeof text, "1e%d", e);
    uint64_t b = sharc_double_bits(strtod(text, NULL));
    for (int d = -2; d <= 2; d++)
      check_both(SHARC_F64, b + (uint64_t)(int64_t)d);
  }
  for (int i = 0; i < 2000; i++) /* subnormals */
    check_both(SHARC_F64, next_random() >> (12 + next_random() % 52));
}

/* n values of each kind: any pattern, any value of a common magnitude,
 * and short decimals (the values that do read back in six digits). */
static void check_f64_random(unsigned long long n) {
  for (unsigned long long i = 0; i < n; i++) {
    check_print(SHARC_F64, next_random());
    uint64_t mant = next_random() >> 12, e = 1023 - 40 + next_random() % 80;
    check_print(SHARC_F64, (next_random() & (1ull << 63)) | e << 52 | mant);
    char text[48];
    snprintf(text, sizeof text, "%llue%d", (unsigned long long)(next_random() % 10000000),
             (int)(next_random() % 60) - 30);
    check_both(SHARC_F64, sharc_double_bits(strtod(text, NULL)));
  }
}

/* f80 and f128 print through the shared digit code too (their significand
 * fits 64 bits often enough): random patterns and common magnitudes. */
static void check_wide_formats(unsigned long long n) {
  for (unsigned long long i = 0; i < n; i++) {
    uint64_t e = 16383 - 60 + next_random() % 120, sign = next_random() & 1;
    check_print_wide(SHARC_F80, next_random() | (1ull << 63), sign << 15 | e);
    check_print_wide(SHARC_F128, next_random() << (next_random() % 64), sign << 63 | e << 48);
    if (i % 16)
      continue; /* any pattern: mostly huge or tiny, the bignums' slow ground */
    check_print_wide(SHARC_F80, next_random(), next_random() & 0xffff);
    check_print_wide(SHARC_F128, next_random(), next_random());
  }
}

static void check_f32_random(unsigned long long n) {
  for (unsigned long long i = 0; i < n; i++) {
    check_print(SHARC_F32, next_random() & 0xffffffffu);
    char text[48];
    snprintf(text, sizeof text, "%llue%d", (unsigned long long)(next_random() % 10000000),
             (int)(next_random() % 30) - 15);
    check_both(SHARC_F32, f32_bits(strtof(text, NULL)));
  }
}

/* Random literal text: sign, digits, a point, an exponent, in any mix. */
static void random_literal(char *text, size_t cap) {
  size_t n = 0;
  if (next_random() & 1)
    text[n++] = '-';
  unsigned whole = 1 + (unsigned)(next_random() % 20), frac = (unsigned)(next_random() % 20);
  for (unsigned i = 0; i < whole && n < cap - 16; i++)
    text[n++] = (char)('0' + next_random() % 10);
  if (frac || next_random() % 2) {
    text[n++] = '.';
    for (unsigned i = 0; i < frac && n < cap - 16; i++)
      text[n++] = (char)('0' + next_random() % 10);
  }
  if (next_random() % 3)
    n += (size_t)snprintf(text + n, cap - n, "e%d", (int)(next_random() % 700) - 350);
  text[n] = 0;
}

static void check_parse_random(unsigned long long n) {
  char text[80];
  for (unsigned long long i = 0; i < n; i++) {
    random_literal(text, sizeof text);
    for (int k = 0; k < SHARC_FLOAT_KIND_COUNT; k++)
      check_parse((sharc_float_kind)k, text);
  }
}

static int report(const char *what) {
  printf("%s: %llu compared, %llu differ\n", what, compared, differing);
  CHECK(differing == 0);
  return check_summary("floatfmt");
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], "f32") == 0) {
    unsigned long long from = strtoull(argv[2], NULL, 0), to = strtoull(argv[3], NULL, 0);
    for (unsigned long long b = from; b < to; b++)
      check_print(SHARC_F32, b);
    return report("f32 sweep");
  }
  if (argc == 3 && strcmp(argv[1], "f32random") == 0) {
    check_f32_specials();
    check_f32_random(strtoull(argv[2], NULL, 0));
    check_rounding_edges(SHARC_F32, (unsigned)(strtoull(argv[2], NULL, 0) / 4));
    return report("f32 random");
  }
  if (argc == 3 && strcmp(argv[1], "f64") == 0) {
    check_f64_specials();
    check_f64_random(strtoull(argv[2], NULL, 0));
    check_rounding_edges(SHARC_F64, (unsigned)(strtoull(argv[2], NULL, 0) / 4));
    return report("f64 random");
  }
  if (argc == 3 && strcmp(argv[1], "parse") == 0) {
    check_parse_random(strtoull(argv[2], NULL, 0));
    return report("parse random");
  }
  test_small_formats();
  check_f32_specials();
  check_f64_specials();
  check_rounding_edges(SHARC_F32, 3000);
  check_rounding_edges(SHARC_F64, 1000);
  check_f32_random(20000);
  check_f64_random(10000);
  check_wide_formats(300);
  for (int i = 0; i < 5000; i++) {
    check_to_string(SHARC_F32, next_random() & 0xffffffffu);
    check_to_string(SHARC_F64, next_random());
    check_to_string(SHARC_F64, (1023 - 30 + next_random() % 60) << 52 | next_random() >> 12);
  }
  check_parse_random(5000);
  sharc_buf_free(&got);
  sharc_buf_free(&want);
  return report("floatfmt");
}

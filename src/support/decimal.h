/* Decimal digits of unsigned 64-bit integers, shared by the text buffer's
 * integer printing and apfloat's float printing: the powers of ten, the
 * digit count, and writing two digits a step from a table of pairs. */
#ifndef SHARC_SUPPORT_DECIMAL_H
#define SHARC_SUPPORT_DECIMAL_H

#include <stdint.h>
#include <string.h>

/* 10^0 .. 10^19: every power of ten a uint64_t holds. */
extern const uint64_t sharc_pow10_u64[20];

/* "00" "01" ... "99": the digits of n at 2n and 2n + 1. */
extern const char sharc_digit_pairs[201];

/* Decimal digits of `v` (1 for 0). */
static inline unsigned sharc_decimal_digits(uint64_t v) {
  if (v < 1000) /* value numbers: most take two or three */
    return v < 10 ? 1 : v < 100 ? 2 : 3;
  /* bits * log10(2), at most one short: the next power of ten settles it */
  unsigned t = (unsigned)(64 - __builtin_clzll(v)) * 1233 >> 12;
  return t + (t < 20 && v >= sharc_pow10_u64[t]);
}

/* Writes the two digits of `r` < 100 at `at`. */
static inline void sharc_put_digit_pair(char *at, unsigned r) {
  memcpy(at, sharc_digit_pairs + 2 * r, 2); /* one 16-bit move, not two bytes */
}

/* Writes the digits of `v` so that they end just before `end`; returns
 * where they start. Four digits a step while the number is large (one
 * 64-bit division per four digits, the pairs split in 32 bits), then two:
 * the printer's value numbers and integers, apfloat's significands. */
static inline char *sharc_put_digits_before(char *end, uint64_t v) {
  while (v >= 10000) {
    uint64_t q = v / 10000;
    unsigned r = (unsigned)(v - q * 10000);
    v = q;
    end -= 4;
    sharc_put_digit_pair(end, r / 100);
    sharc_put_digit_pair(end + 2, r % 100);
  }
  unsigned w = (unsigned)v; /* below 10000 */
  if (w >= 100) {
    end -= 2;
    sharc_put_digit_pair(end, w % 100);
    w /= 100;
  }
  if (w >= 10) {
    end -= 2;
    sharc_put_digit_pair(end, w);
  } else {
    *--end = (char)('0' + w);
  }
  return end;
}

#endif

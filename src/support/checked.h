/* Checked and wrapping 64-bit arithmetic for sizes computed from the input
 * (mesh products, sub-axis sizes, element counts, shape math): one place, so
 * no caller overflows into C's undefined behaviour. */
#ifndef SHARC_SUPPORT_CHECKED_H
#define SHARC_SUPPORT_CHECKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Each *_overflow helper stores the result (wrapped when it overflows) and
 * returns true when the exact result does not fit. */
static inline bool sharc_mul_overflow(int64_t a, int64_t b, int64_t *out) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_mul_overflow(a, b, out);
#else
  *out = (int64_t)((uint64_t)a * (uint64_t)b);
  if (a == 0 || b == 0)
    return false;
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN))
    return true;
  return *out / b != a;
#endif
}

static inline bool sharc_add_overflow(int64_t a, int64_t b, int64_t *out) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_add_overflow(a, b, out);
#else
  *out = (int64_t)((uint64_t)a + (uint64_t)b);
  return (b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b);
#endif
}

static inline bool sharc_sub_overflow(int64_t a, int64_t b, int64_t *out) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_sub_overflow(a, b, out);
#else
  *out = (int64_t)((uint64_t)a - (uint64_t)b);
  return (b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b);
#endif
}

/* Byte counts for allocations: n * size, or true when it does not fit. */
static inline bool sharc_size_mul_overflow(size_t n, size_t size, size_t *out) {
#if defined(__GNUC__) || defined(__clang__)
  return __builtin_mul_overflow(n, size, out);
#else
  *out = n * size;
  return size && n > SIZE_MAX / size;
#endif
}

/* The product a*b modulo 2^64, read back as int64 (two's complement): what
 * C++'s int64 arithmetic gives in practice, for code that mirrors it on
 * values already verified not to overflow, or whose result is only
 * compared. */
static inline int64_t sharc_mul_wrap(int64_t a, int64_t b) {
  return (int64_t)((uint64_t)a * (uint64_t)b);
}

/* ceil(a / b) for a >= 0 and b > 0, without the overflow of (a + b - 1) / b. */
static inline int64_t sharc_ceil_div(int64_t a, int64_t b) { return a / b + (a % b != 0); }

/* The product of n sizes into *out: -1 when one is negative (dynamic);
 * false, *out untouched, when it exceeds INT64_MAX. */
static inline bool sharc_product_checked(const int64_t *v, size_t n, int64_t *out) {
  for (size_t i = 0; i < n; i++)
    if (v[i] < 0) {
      *out = -1;
      return true;
    }
  int64_t p = 1;
  for (size_t i = 0; i < n; i++)
    if (sharc_mul_overflow(p, v[i], &p))
      return false;
  *out = p;
  return true;
}

#endif

/* Growable text buffer used by the printer, diagnostics and drivers. */
#include "sharc/support.h"
#include "support/buf_copy.h"
#include "support/decimal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sharc_buf_free(sharc_buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

void sharc_buf_reserve(sharc_buf *b, size_t extra) {
  size_t need = b->len + extra + 1;
  if (need <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need)
    cap *= 2;
  char *p = realloc(b->data, cap);
  if (!p) {
    fputs("sharc: out of memory\n", stderr);
    abort();
  }
  b->data = p;
  b->cap = cap;
}

void sharc_buf_puts(sharc_buf *b, const char *s) { sharc_buf_put(b, s, strlen(s)); }
void sharc_buf_put_str(sharc_buf *b, sharc_str s) { sharc_buf_put(b, s.data, s.len); }

void sharc_buf_vprintf(sharc_buf *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n <= 0)
    return;
  sharc_buf_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void sharc_buf_printf(sharc_buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

const uint64_t sharc_pow10_u64[20] = {
    1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u, 100000000u,
    UINT64_C(1000000000), UINT64_C(10000000000), UINT64_C(100000000000),
    UINT64_C(1000000000000), UINT64_C(10000000000000), UINT64_C(100000000000000),
    UINT64_C(1000000000000000), UINT64_C(10000000000000000), UINT64_C(100000000000000000),
    UINT64_C(1000000000000000000), UINT64_C(10000000000000000000)};

const char sharc_digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Written in place, two digits a step, after one capacity check: the
 * printer's value numbers and integers go through here. */
void sharc_buf_put_u64(sharc_buf *b, uint64_t v) {
  if (v < 10) { /* the printer's most common case: small value numbers */
    sharc_buf_putc(b, (char)('0' + v));
    return;
  }
  unsigned n = sharc_decimal_digits(v);
  if (b->len + n + 1 > b->cap)
    sharc_buf_reserve(b, n);
  char *q = b->data + b->len + n;
  *q = 0;
  sharc_put_digits_before(q, v);
  b->len += n;
}

void sharc_buf_put_char_u64(sharc_buf *b, char c, uint64_t v) {
  unsigned n = sharc_decimal_digits(v);
  if (b->len + n + 2 > b->cap)
    sharc_buf_reserve(b, n + 1);
  char *q = b->data + b->len;
  q[0] = c;
  q[n + 1] = 0;
  sharc_put_digits_before(q + 1 + n, v);
  b->len += n + 1;
}

void sharc_buf_put_i64(sharc_buf *b, int64_t v) {
  if (v < 0) {
    sharc_buf_put_char_u64(b, '-', (uint64_t)0 - (uint64_t)v);
    return;
  }
  sharc_buf_put_u64(b, (uint64_t)v);
}

void sharc_buf_indent(sharc_buf *b, unsigned n) {
  /* eight spaces a store, possibly past the end (reserved, then cut by
   * the NUL): the printer indents every op by a few */
  size_t room = ((size_t)n + 7) & ~(size_t)7;
  if (b->len + room + 1 > b->cap)
    sharc_buf_reserve(b, room);
  char *q = b->data + b->len;
  for (size_t i = 0; i < room; i += 8)
    memcpy(q + i, "        ", 8);
  b->len += n;
  b->data[b->len] = 0;
}

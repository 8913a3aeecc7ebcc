/* Appends on the printer's hot paths: short texts without a call to
 * memcpy (replayed types, floats, names are mostly 4 to 32 bytes, where two
 * overlapping moves of a fixed size beat the library's dispatch), and a
 * character then a number after one capacity check (`%12`, `#1`, `-5`). */
#ifndef SHARC_SUPPORT_BUF_COPY_H
#define SHARC_SUPPORT_BUF_COPY_H

#include "sharc/support.h"

#include <string.h>

/* sharc_buf_put, the bytes moved as two overlapping fixed-size halves
 * when `n` is 4 to 32. */
static inline void sharc_buf_put_short(sharc_buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap)
    sharc_buf_reserve(b, n);
  char *d = b->data + b->len;
  if (n >= 16 && n <= 32) {
    memcpy(d, s, 16);
    memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8 && n < 16) {
    memcpy(d, s, 8);
    memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4 && n < 8) {
    memcpy(d, s, 4);
    memcpy(d + n - 4, s + n - 4, 4);
  } else if (n) {
    memcpy(d, s, n);
  }
  b->len += n;
  b->data[b->len] = 0;
}

/* `c` then the decimal digits of `v`. */
void sharc_buf_put_char_u64(sharc_buf *b, char c, uint64_t v);

#endif

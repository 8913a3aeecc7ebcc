/* Short byte strings as machine words, read with a few loads that may
 * overlap: the identifier hash takes a short key's bytes this way, and the
 * parser's word caches compare a word's text as two words instead of a
 * memcmp call. */
#ifndef SHARC_SUPPORT_SHORT_KEY_H
#define SHARC_SUPPORT_SHORT_KEY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A string of 1..7 bytes as one word: two loads that may overlap (or three
 * bytes that cover a string of up to three), where a byte at a time cost
 * a multiply each. Injective for a given length. */
static inline uint64_t sharc_short_word(const uint8_t *s, size_t n) {
  if (n >= 4) {
    uint32_t lo, hi;
    memcpy(&lo, s, 4);
    memcpy(&hi, s + n - 4, 4);
    return (uint64_t)hi << 32 | lo;
  }
  return (uint64_t)s[0] << 16 | (uint64_t)s[n >> 1] << 8 | s[n - 1];
}

enum { SHARC_SHORT_KEY_MAX = 16 };

/* A string of 1..SHARC_SHORT_KEY_MAX bytes as two words, injective for a
 * given length (the first and last eight bytes cover up to sixteen); false
 * for a longer or empty one. Reads only the string's own bytes. */
static inline bool sharc_short_key(const char *s, size_t n, uint64_t *w0, uint64_t *w1) {
  if (n - 1 >= SHARC_SHORT_KEY_MAX)
    return false;
  if (n < 8) {
    *w0 = sharc_short_word((const uint8_t *)s, n);
    *w1 = 0;
    return true;
  }
  memcpy(w0, s, 8);
  memcpy(w1, s + n - 8, 8);
  return true;
}

#endif

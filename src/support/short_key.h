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

enum { SHARC_SHORT_KEY_MAX = 32, SHARC_SHORT_KEY_WORDS = 4 };

static inline uint64_t sharc_load_word(const char *s) {
  uint64_t w;
  memcpy(&w, s, 8);
  return w;
}

/* A string of 1..SHARC_SHORT_KEY_MAX bytes as four words, injective for a
 * given length (eight bytes from offsets 0, 8, 16 and n - 8, each moved
 * back to end by the string's end, cover up to 32); false for a longer or
 * empty one. Reads only the string's own bytes. */
static inline bool sharc_short_key(const char *s, size_t n, uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  if (n - 1 >= SHARC_SHORT_KEY_MAX)
    return false;
  if (n < 8) {
    w[0] = sharc_short_word((const uint8_t *)s, n);
    w[1] = w[2] = w[3] = 0;
    return true;
  }
  size_t last = n - 8;
  w[0] = sharc_load_word(s);
  w[1] = sharc_load_word(s + (last < 8 ? last : 8));
  w[2] = sharc_load_word(s + (last < 16 ? last : 16));
  w[3] = sharc_load_word(s + last);
  return true;
}

#endif

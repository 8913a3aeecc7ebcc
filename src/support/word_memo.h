/* A memo keyed by sequences of words (uniqued pointers, small integers):
 * for pure functions of uniqued attributes and types, asked the same
 * question many times (ops alike, the same op in a later round). Entries
 * are never removed; the user decides what a key must hold for an answer
 * to stay right. A caller that looks a key up and then adds it hashes it
 * once (sharc_word_memo_hash) and passes the hash to both. */
#ifndef SHARC_SUPPORT_WORD_MEMO_H
#define SHARC_SUPPORT_WORD_MEMO_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "support/vec.h"

typedef struct sharc_word_memo {
  struct {
    uint64_t *slots; /* per slot: the key hash's high half << 32 | entry offset + 1; 0: empty */
    size_t cap, count;
  } table;
  SHARC_VEC(uintptr_t) words; /* per entry: key length, value length, key words, value words */
} sharc_word_memo;

/* The hash of `key` (`n` words) that the *_hashed calls take, inline
 * (every look-up computes one). Each word is mixed in with one multiply
 * (odd, so no two words in one place give the same state); the end
 * spreads the high bits down, as the slot index is taken from the low ones
 * and the tag from the high ones. */
static inline uint64_t sharc_word_memo_hash(const uintptr_t *key, unsigned n) {
  const uint64_t mul = 0x9e3779b97f4a7c15u;
  uint64_t h = 0xcbf29ce484222325u ^ n;
  unsigned i = 0;
  for (; i + 4 <= n; i += 4) {
    h = (h ^ (uint64_t)key[i]) * mul;
    h = (h ^ (uint64_t)key[i + 1]) * mul;
    h = (h ^ (uint64_t)key[i + 2]) * mul;
    h = (h ^ (uint64_t)key[i + 3]) * mul;
  }
  for (; i < n; i++)
    h = (h ^ (uint64_t)key[i]) * mul;
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9u;
  return h ^ (h >> 32);
}

/* An entry's words: key length, value length, key, value. */
enum { SHARC_WORD_MEMO_KEY_LEN, SHARC_WORD_MEMO_VALUE_LEN, SHARC_WORD_MEMO_HEAD };

static inline uint32_t sharc_word_memo_tag(uint64_t hash) { return (uint32_t)(hash >> 32); }

/* The value stored under `key` (`n` words, hashing to `hash`), its length
 * in *value_len, or NULL. The pointer lasts until the next add. Inline:
 * a hit is a probe that compares tags and one memcmp of the key. */
static inline const uintptr_t *sharc_word_memo_find_hashed(const sharc_word_memo *m,
                                                           uint64_t hash, const uintptr_t *key,
                                                           unsigned n, unsigned *value_len) {
  if (!m->table.cap)
    return NULL;
  size_t mask = m->table.cap - 1;
  uint32_t tag = sharc_word_memo_tag(hash);
  for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
    uint64_t slot = m->table.slots[i];
    if (!slot)
      return NULL;
    if ((uint32_t)(slot >> 32) != tag)
      continue;
    const uintptr_t *e = m->words.items + (uint32_t)slot - 1;
    if (e[SHARC_WORD_MEMO_KEY_LEN] == n &&
        memcmp(e + SHARC_WORD_MEMO_HEAD, key, n * sizeof *key) == 0) {
      *value_len = (unsigned)e[SHARC_WORD_MEMO_VALUE_LEN];
      return e + SHARC_WORD_MEMO_HEAD + n;
    }
  }
}

/* Stores `value` under `key` (not yet in the memo, hashing to `hash`). */
void sharc_word_memo_add_hashed(sharc_word_memo *m, uint64_t hash, const uintptr_t *key,
                                unsigned n, const uintptr_t *value, unsigned value_len);

/* The same, hashing the key themselves. */
const uintptr_t *sharc_word_memo_find(const sharc_word_memo *m, const uintptr_t *key, unsigned n,
                                      unsigned *value_len);
void sharc_word_memo_add(sharc_word_memo *m, const uintptr_t *key, unsigned n,
                         const uintptr_t *value, unsigned value_len);
void sharc_word_memo_free(sharc_word_memo *m);

#endif

/* A memo keyed by sequences of words (uniqued pointers, small integers):
 * for pure functions of uniqued attributes and types, asked the same
 * question many times (ops alike, the same op in a later round). Entries
 * are never removed; the user decides what a key must hold for an answer
 * to stay right. */
#ifndef SHARC_SUPPORT_WORD_MEMO_H
#define SHARC_SUPPORT_WORD_MEMO_H

#include <stdint.h>

#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct sharc_word_memo {
  sharc_ptrmap heads;         /* key hash -> offset + 1 of the newest entry with that hash */
  SHARC_VEC(uintptr_t) words; /* per entry: next (offset + 1 or 0), key length, value length,
                                 key words, value words */
} sharc_word_memo;

/* The value stored under `key` (`n` words), its length in *value_len, or
 * NULL. The pointer lasts until the next sharc_word_memo_add. */
const uintptr_t *sharc_word_memo_find(const sharc_word_memo *m, const uintptr_t *key, unsigned n,
                                      unsigned *value_len);
/* Stores `value` under `key` (not yet in the memo). */
void sharc_word_memo_add(sharc_word_memo *m, const uintptr_t *key, unsigned n,
                         const uintptr_t *value, unsigned value_len);
void sharc_word_memo_free(sharc_word_memo *m);

#endif

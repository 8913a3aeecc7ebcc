/* Word-keyed memo; see word_memo.h. An open-addressing table of 8-byte
 * slots (half the hash as a tag, the entry's offset) over one array of
 * entries; the look-up is inline (word_memo.h). */
#include "support/word_memo.h"

#include "support/xalloc.h"

#include <stdlib.h>

static void place(uint64_t *slots, size_t mask, uint64_t hash, uint32_t at) {
  size_t i = (size_t)hash & mask;
  while (slots[i])
    i = (i + 1) & mask;
  slots[i] = (uint64_t)sharc_word_memo_tag(hash) << 32 | at;
}

/* Doubles the table; the slots keep half of each hash, so the entries'
 * keys are hashed again for their new places. */
static void grow(sharc_word_memo *m) {
  size_t cap = m->table.cap ? m->table.cap * 2 : 64;
  uint64_t *slots = sharc_xcalloc(cap, sizeof *slots);
  for (size_t i = 0; i < m->table.cap; i++) {
    uint64_t slot = m->table.slots[i];
    if (!slot)
      continue;
    const uintptr_t *e = m->words.items + (uint32_t)slot - 1;
    uint64_t hash =
        sharc_word_memo_hash(e + SHARC_WORD_MEMO_HEAD, (unsigned)e[SHARC_WORD_MEMO_KEY_LEN]);
    place(slots, cap - 1, hash, (uint32_t)slot);
  }
  free(m->table.slots);
  m->table.slots = slots;
  m->table.cap = cap;
}

void sharc_word_memo_add_hashed(sharc_word_memo *m, uint64_t hash, const uintptr_t *key,
                                unsigned n, const uintptr_t *value, unsigned value_len) {
  size_t end = (size_t)m->words.len + SHARC_WORD_MEMO_HEAD + n + value_len;
  /* an entry a slot cannot name is not remembered: the memo only saves work */
  if (end >= UINT32_MAX)
    return;
  if ((m->table.count + 1) * 2 > m->table.cap)
    grow(m);
  uint32_t at = m->words.len + 1;
  sharc_vec_reserve(&m->words, end);
  uintptr_t *e = m->words.items + m->words.len;
  e[SHARC_WORD_MEMO_KEY_LEN] = n;
  e[SHARC_WORD_MEMO_VALUE_LEN] = value_len;
  for (unsigned i = 0; i < n; i++)
    e[SHARC_WORD_MEMO_HEAD + i] = key[i];
  for (unsigned i = 0; i < value_len; i++)
    e[SHARC_WORD_MEMO_HEAD + n + i] = value[i];
  m->words.len = (unsigned)end;
  place(m->table.slots, m->table.cap - 1, hash, at);
  m->table.count++;
}

const uintptr_t *sharc_word_memo_find(const sharc_word_memo *m, const uintptr_t *key, unsigned n,
                                      unsigned *value_len) {
  if (!m->table.cap)
    return NULL;
  return sharc_word_memo_find_hashed(m, sharc_word_memo_hash(key, n), key, n, value_len);
}

void sharc_word_memo_add(sharc_word_memo *m, const uintptr_t *key, unsigned n,
                         const uintptr_t *value, unsigned value_len) {
  sharc_word_memo_add_hashed(m, sharc_word_memo_hash(key, n), key, n, value, value_len);
}

void sharc_word_memo_free(sharc_word_memo *m) {
  free(m->table.slots);
  m->table.slots = NULL;
  m->table.cap = m->table.count = 0;
  sharc_vec_free(&m->words);
}

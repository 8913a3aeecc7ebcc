/* Word-keyed memo; see word_memo.h. */
#include "support/word_memo.h"

#include <string.h>

enum { NEXT, KEY_LEN, VALUE_LEN, HEAD };

static const void *hash_key(const uintptr_t *key, unsigned n) {
  uint64_t h = 0xcbf29ce484222325u;
  for (unsigned i = 0; i < n; i++) {
    h ^= (uint64_t)key[i];
    h *= 0x100000001b3u;
    h ^= h >> 29;
  }
  return (const void *)(uintptr_t)(h | 1); /* a ptrmap key is never NULL */
}

const uintptr_t *sharc_word_memo_find(const sharc_word_memo *m, const uintptr_t *key, unsigned n,
                                      unsigned *value_len) {
  uintptr_t at = (uintptr_t)sharc_ptrmap_get(&m->heads, hash_key(key, n));
  while (at) {
    const uintptr_t *e = m->words.items + at - 1;
    if (e[KEY_LEN] == n && memcmp(e + HEAD, key, n * sizeof *key) == 0) {
      *value_len = (unsigned)e[VALUE_LEN];
      return e + HEAD + n;
    }
    at = e[NEXT];
  }
  return NULL;
}

void sharc_word_memo_add(sharc_word_memo *m, const uintptr_t *key, unsigned n,
                         const uintptr_t *value, unsigned value_len) {
  const void *hash = hash_key(key, n);
  uintptr_t at = m->words.len + 1;
  sharc_vec_reserve(&m->words, (size_t)m->words.len + HEAD + n + value_len);
  uintptr_t *e = m->words.items + m->words.len;
  e[NEXT] = (uintptr_t)sharc_ptrmap_get(&m->heads, hash);
  e[KEY_LEN] = n;
  e[VALUE_LEN] = value_len;
  memcpy(e + HEAD, key, n * sizeof *key);
  if (value_len)
    memcpy(e + HEAD + n, value, value_len * sizeof *value);
  m->words.len += HEAD + n + value_len;
  sharc_ptrmap_put(&m->heads, hash, (void *)at);
}

void sharc_word_memo_free(sharc_word_memo *m) {
  sharc_ptrmap_free(&m->heads);
  sharc_vec_free(&m->words);
}

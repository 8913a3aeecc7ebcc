/* Unit tests of the word-keyed memo (support/word_memo.h): keys of every
 * length found again with their values through the table's growth, near
 * keys kept apart, and the hashed calls agreeing with the plain ones. */
#include "check.h"

#include "support/word_memo.h"

#include <stdbool.h>
#include <stdint.h>

enum { KEYS = 5000 };

/* Key `i`: i % 7 words (the empty key for i % 7 == 0), alike but for the
 * last word, which tells them apart. */
static unsigned key_of(unsigned i, uintptr_t *key) {
  unsigned n = i % 7;
  for (unsigned w = 0; w < n; w++)
    key[w] = (uintptr_t)0x1000 * (w + 1);
  if (n)
    key[n - 1] = (uintptr_t)i;
  return n;
}

int main(void) {
  sharc_word_memo m = {{0}, {0}};
  uintptr_t key[8];
  unsigned len = 99;
  CHECK(sharc_word_memo_find(&m, key, key_of(1, key), &len) == NULL);
  /* one of each length 0..6 stored first keeps its key: later keys of
   * the same length are told apart by their last word only */
  for (unsigned i = 1; i < KEYS; i++) {
    unsigned n = key_of(i, key);
    if (n == 0 && i != 7)
      continue; /* one empty key */
    uintptr_t value[3] = {i, i * 2, i * 3};
    sharc_word_memo_add(&m, key, n, value, i % 4);
  }
  unsigned found = 0;
  for (unsigned i = 1; i < KEYS; i++) {
    unsigned n = key_of(i, key);
    if (n == 0 && i != 7)
      continue;
    const uintptr_t *v = sharc_word_memo_find(&m, key, n, &len);
    bool ok = v && len == i % 4 && (len < 1 || v[0] == i) && (len < 3 || v[2] == i * 3);
    found += ok;
  }
  CHECK(found == KEYS - 1 - (KEYS - 1) / 7 + 1);
  /* a key never stored, of a stored key's length and first words */
  unsigned n = key_of(3, key);
  key[n - 1] = KEYS + 1;
  CHECK(sharc_word_memo_find(&m, key, n, &len) == NULL);
  /* the same key one word shorter is another key */
  n = key_of(13, key);
  CHECK(sharc_word_memo_find(&m, key, n - 1, &len) == NULL);
  /* the hashed calls see what the plain ones stored, and the reverse */
  n = key_of(20, key);
  uint64_t h = sharc_word_memo_hash(key, n);
  CHECK(sharc_word_memo_find_hashed(&m, h, key, n, &len) != NULL && len == 0);
  uintptr_t extra[2] = {77, 78};
  sharc_word_memo_add_hashed(&m, sharc_word_memo_hash(extra, 2), extra, 2, extra, 1);
  const uintptr_t *v = sharc_word_memo_find(&m, extra, 2, &len);
  CHECK(v && len == 1 && v[0] == 77);
  sharc_word_memo_free(&m);
  CHECK(sharc_word_memo_find(&m, extra, 2, &len) == NULL);
  return check_summary("word_memo");
}

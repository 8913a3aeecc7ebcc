/* Pointer-keyed hash map with linear probing. */
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <stdlib.h>

static size_t slot_of(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 20) & (cap - 1);
}

void *sharc_ptrmap_get(const sharc_ptrmap *m, const void *key) {
  if (!m->cap)
    return NULL;
  for (size_t i = slot_of(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return NULL;
    if (m->keys[i] == key)
      return m->vals[i];
  }
}

static void grow(sharc_ptrmap *m) {
  size_t cap = m->cap ? m->cap * 2 : 64;
  const void **keys = sharc_xcalloc(cap, sizeof *keys);
  void **vals = sharc_xcalloc(cap, sizeof *vals);
  for (size_t i = 0; i < m->cap; i++) {
    if (!m->keys[i])
      continue;
    size_t j = slot_of(m->keys[i], cap);
    while (keys[j])
      j = (j + 1) & (cap - 1);
    keys[j] = m->keys[i];
    vals[j] = m->vals[i];
  }
  free(m->keys);
  free(m->vals);
  m->keys = keys;
  m->vals = vals;
  m->cap = cap;
}

void sharc_ptrmap_put(sharc_ptrmap *m, const void *key, void *val) {
  if ((m->count + 1) * 2 > m->cap)
    grow(m);
  size_t i = slot_of(key, m->cap);
  while (m->keys[i] && m->keys[i] != key)
    i = (i + 1) & (m->cap - 1);
  if (!m->keys[i])
    m->count++;
  m->keys[i] = key;
  m->vals[i] = val;
}

void sharc_ptrmap_free(sharc_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->count = 0;
}

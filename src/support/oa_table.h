/* An open-addressing hash table of caller-laid-out entries: linear probing
 * over a power-of-two capacity (64 at first, doubled when an insertion
 * would pass the kind's load). The probing and rehashing that keyed tables
 * with entries of their own share (the greedy driver's constants, the
 * report's (node, axis) records); static inline, so that a kind given as a
 * constant lets the compiler inline its hash and key test. */
#ifndef SHARC_SUPPORT_OA_TABLE_H
#define SHARC_SUPPORT_OA_TABLE_H

#include "support/xalloc.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct sharc_oa_kind {
  size_t entry_size;
  unsigned max_load_pct; /* grow before an insertion passes this share of slots */
  uint64_t (*hash)(const void *entry);
  bool (*same_key)(const void *entry, const void *key);
  bool (*is_empty)(const void *entry); /* an all-zero entry must be empty */
} sharc_oa_kind;

typedef struct sharc_oa_table {
  unsigned char *slots;
  size_t cap, used; /* used: slots ever filled (the caller counts them) */
} sharc_oa_table;

/* The slot of `key` (an entry holding the key): its entry, or the empty
 * slot where it would go; NULL while the table has no slots. */
static inline void *sharc_oa_find(const sharc_oa_table *t, const sharc_oa_kind *k,
                                  const void *key) {
  if (!t->cap)
    return NULL;
  size_t mask = t->cap - 1;
  for (size_t i = k->hash(key) & mask;; i = (i + 1) & mask) {
    void *e = t->slots + i * k->entry_size;
    if (k->is_empty(e) || k->same_key(e, key))
      return e;
  }
}

/* Makes room for one more entry; true when the entries moved (pointers
 * into the old slots are stale). */
static inline bool sharc_oa_reserve_one(sharc_oa_table *t, const sharc_oa_kind *k) {
  if ((t->used + 1) * 100 <= t->cap * k->max_load_pct)
    return false;
  unsigned char *old = t->slots;
  size_t old_cap = t->cap;
  t->cap = old_cap ? old_cap * 2 : 64;
  t->slots = sharc_xcalloc(t->cap, k->entry_size);
  for (size_t i = 0; i < old_cap; i++) {
    const void *e = old + i * k->entry_size;
    if (!k->is_empty(e))
      memcpy(sharc_oa_find(t, k, e), e, k->entry_size);
  }
  free(old);
  return true;
}

static inline void sharc_oa_free(sharc_oa_table *t) {
  free(t->slots);
  *t = (sharc_oa_table){0};
}

#endif

/* Where an item is among the first items of a list, for lists that are
 * usually short: scanned while short, looked up in a map (filled on first
 * need) once long. Most lists a pass deduplicates (an op's users, a
 * fragment's operands) hold a handful of items, a few thousands. */
#ifndef SHARC_ITEM_INDEX_H
#define SHARC_ITEM_INDEX_H

#include "support/ptrmap.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct sharc_item_index {
  sharc_ptrmap map;
  bool mapped;
} sharc_item_index;

/* The position + 1 of the first `x` among `items[0..n)`; 0: not there. */
uintptr_t sharc_item_index_of(sharc_item_index *ix, void *const *items, unsigned n,
                              const void *x);
/* Notes `x`, not in the list yet, appended as item `n` (0-based). */
void sharc_item_index_add(sharc_item_index *ix, void *x, unsigned n);
void sharc_item_index_free(sharc_item_index *ix);

#endif

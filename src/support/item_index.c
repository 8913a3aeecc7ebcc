/* The short-or-mapped list index of item_index.h. */
#include "support/item_index.h"

enum { FEW_ITEMS = 16 };

uintptr_t sharc_item_index_of(sharc_item_index *ix, void *const *items, unsigned n,
                              const void *x) {
  if (n < FEW_ITEMS) {
    for (unsigned i = 0; i < n; i++)
      if (items[i] == x)
        return i + 1;
    return 0;
  }
  if (!ix->mapped) {
    /* last first: a repeated item ends up at its first position */
    for (unsigned i = n; i-- > 0;)
      sharc_ptrmap_put(&ix->map, items[i], (void *)(uintptr_t)(i + 1));
    ix->mapped = true;
  }
  return (uintptr_t)sharc_ptrmap_get(&ix->map, x);
}

void sharc_item_index_add(sharc_item_index *ix, void *x, unsigned n) {
  if (ix->mapped)
    sharc_ptrmap_put(&ix->map, x, (void *)(uintptr_t)(n + 1));
}

void sharc_item_index_free(sharc_item_index *ix) {
  sharc_ptrmap_free(&ix->map);
  ix->mapped = false;
}

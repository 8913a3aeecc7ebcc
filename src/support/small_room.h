/* Room for one more element of a small-buffer array: the growth step every
 * lazily started small vector (sharc_ptrvec, the op builder's attributes,
 * the parser's operand lists) shares. Inline, because the common case is
 * one compare on a hot path; growth goes through sharc_xgrow_small. */
#ifndef SHARC_SUPPORT_SMALL_ROOM_H
#define SHARC_SUPPORT_SMALL_ROOM_H

#include "support/xalloc.h"

/* `data` holds n elements of `size` bytes and is NULL until the first one:
 * it then takes the inline `small` of `small_cap` elements, and doubles
 * into the heap when full. Returns the array, *cap updated. */
static inline void *sharc_small_room(void *data, void *small, unsigned small_cap, unsigned n,
                                     unsigned *cap, size_t size) {
  if (!data) {
    *cap = small_cap;
    data = small;
  }
  if (n < *cap)
    return data;
  *cap *= 2;
  return sharc_xgrow_small(data, small, n, *cap, size);
}

#endif

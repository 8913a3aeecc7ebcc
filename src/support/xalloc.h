/* Allocation that cannot fail: libsharc's policy is to abort when the
 * machine is out of memory (bad *input* never aborts; it gets a located
 * diagnostic long before any allocation this large). One place for the
 * `if (!p) abort();` every caller used to write, and for the overflow check
 * of `count * size` that a bare malloc(count * size) silently skips. */
#ifndef SHARC_SUPPORT_XALLOC_H
#define SHARC_SUPPORT_XALLOC_H

#include <stddef.h>

/* malloc(size); a zero size still yields a unique pointer, never NULL. */
void *sharc_xmalloc(size_t size);
/* malloc(count * size), aborting when the product overflows. */
void *sharc_xmalloc_array(size_t count, size_t size);
/* calloc(count, size) (calloc checks the product itself). */
void *sharc_xcalloc(size_t count, size_t size);
/* realloc(p, size); a zero size keeps a live block rather than freeing. */
void *sharc_xrealloc(void *p, size_t size);
/* realloc(p, count * size), aborting when the product overflows. */
void *sharc_xrealloc_array(void *p, size_t count, size_t size);
/* Grows a small-buffer array: `data` holds n elements of `size` bytes and is
 * either the caller's inline buffer `small` or a block this returned before.
 * Returns a heap block of `cap` elements starting with those n, freeing the
 * old block unless it is `small` (which the caller keeps for the next use). */
void *sharc_xgrow_small(void *data, const void *small, size_t n, size_t cap, size_t size);

#endif

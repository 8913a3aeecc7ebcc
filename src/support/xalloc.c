/* The aborting allocators of xalloc.h. */
#include "support/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* `size` of zero asks for one byte so that success is never NULL (malloc(0)
 * may return NULL, which the callers would then mistake for exhaustion). */
static size_t at_least_one(size_t size) { return size ? size : 1; }

static size_t checked_product(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size)
    abort();
  return count * size;
}

void *sharc_xmalloc(size_t size) {
  void *p = malloc(at_least_one(size));
  if (!p)
    abort();
  return p;
}

void *sharc_xmalloc_array(size_t count, size_t size) {
  return sharc_xmalloc(checked_product(count, size));
}

void *sharc_xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, at_least_one(size));
  if (!p)
    abort();
  return p;
}

void *sharc_xrealloc(void *p, size_t size) {
  void *grown = realloc(p, at_least_one(size));
  if (!grown)
    abort();
  return grown;
}

void *sharc_xrealloc_array(void *p, size_t count, size_t size) {
  return sharc_xrealloc(p, checked_product(count, size));
}

void *sharc_xgrow_small(void *data, const void *small, size_t n, size_t cap, size_t size) {
  void *grown = sharc_xmalloc_array(cap, size);
  memcpy(grown, data, n * size);
  if (data != small)
    free(data);
  return grown;
}

/* Open-addressing map from pointer to pointer (clone mappings, printer
 * tables). Keys are never NULL. */
#ifndef SHARC_PTRMAP_H
#define SHARC_PTRMAP_H

#include <stddef.h>
#include <stdint.h>

/* The slot of `ptr` in a direct-mapped cache of 2^bits entries (1..63): a
 * multiply spreads addresses whose low bits repeat (arena records, string
 * literals packed in .rodata) over the top bits. */
static inline unsigned sharc_ptr_slot(const void *ptr, unsigned bits) {
  return (unsigned)(((uint64_t)(uintptr_t)ptr * UINT64_C(0x9E3779B97F4A7C15)) >> (64 - bits));
}

typedef struct sharc_ptrmap {
  const void **keys;
  void **vals;
  size_t cap, count;
} sharc_ptrmap;

void *sharc_ptrmap_get(const sharc_ptrmap *m, const void *key);
void sharc_ptrmap_put(sharc_ptrmap *m, const void *key, void *val);
void sharc_ptrmap_free(sharc_ptrmap *m);

#endif

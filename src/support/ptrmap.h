/* Open-addressing map from pointer to pointer (clone mappings, printer
 * tables). Keys are never NULL. */
#ifndef SHARC_PTRMAP_H
#define SHARC_PTRMAP_H

#include <stddef.h>

typedef struct sharc_ptrmap {
  const void **keys;
  void **vals;
  size_t cap, count;
} sharc_ptrmap;

void *sharc_ptrmap_get(const sharc_ptrmap *m, const void *key);
void sharc_ptrmap_put(sharc_ptrmap *m, const void *key, void *val);
void sharc_ptrmap_free(sharc_ptrmap *m);

#endif

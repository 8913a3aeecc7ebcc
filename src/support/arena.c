/* Bump allocator: IR nodes, uniqued types and attributes live here and are
 * released together with their context, instead of one malloc per node. */
#include "sharc/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sharc_arena_chunk {
  sharc_arena_chunk *next;
  size_t size;
};

enum { ARENA_MIN_CHUNK = 64 * 1024, ARENA_HEADER = (sizeof(sharc_arena_chunk) + 15) & ~(size_t)15 };

static void *arena_grow(sharc_arena *a, size_t size) {
  size_t chunk = a->total / 2;
  if (chunk < ARENA_MIN_CHUNK)
    chunk = ARENA_MIN_CHUNK;
  if (chunk > 64u * 1024 * 1024)
    chunk = 64u * 1024 * 1024;
  if (chunk < size + ARENA_HEADER)
    chunk = size + ARENA_HEADER;
  sharc_arena_chunk *c = calloc(1, chunk);
  if (!c) {
    fputs("sharc: out of memory\n", stderr);
    abort();
  }
  c->size = chunk;
  c->next = a->head;
  a->head = c;
  a->total += chunk;
  char *base = (char *)c + ARENA_HEADER;
  a->cur = base + size;
  a->end = (char *)c + chunk;
  return base;
}

void *sharc_arena_alloc(sharc_arena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  if (size == 0)
    size = 8;
  if ((size_t)(a->end - a->cur) < size || !a->cur)
    return arena_grow(a, size);
  void *p = a->cur;
  a->cur += size;
  return p; /* chunks come zeroed from calloc and are never reused */
}

void *sharc_arena_dup(sharc_arena *a, const void *p, size_t size) {
  void *q = sharc_arena_alloc(a, size);
  if (size)
    memcpy(q, p, size);
  return q;
}

char *sharc_arena_strndup(sharc_arena *a, const char *s, size_t n) {
  char *q = sharc_arena_alloc(a, n + 1);
  if (n)
    memcpy(q, s, n);
  q[n] = 0;
  return q;
}

void sharc_arena_free(sharc_arena *a) {
  sharc_arena_chunk *c = a->head;
  while (c) {
    sharc_arena_chunk *next = c->next;
    free(c);
    c = next;
  }
  memset(a, 0, sizeof *a);
}

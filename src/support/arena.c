/* Bump allocator: IR nodes, uniqued types and attributes live here and are
 * released together with their context, instead of one malloc per node. */
#include "support/arena.h"

#include "support/pages.h"

#include <stdint.h>
#include <string.h>

struct sharc_arena_chunk {
  sharc_arena_chunk *next;
  size_t size;
};

enum {
  ARENA_MIN_CHUNK = 64 * 1024,
  ARENA_HEADER = (sizeof(sharc_arena_chunk) + 15) & ~(size_t)15,
  /* A large chunk's pages are made present this much at a time, ahead of
   * the bump pointer: a fault per page costs more than the kernel's batch,
   * and a chunk's unused tail takes no memory. */
  ARENA_WINDOW = 1 << 20,
};

static char *chunk_end(const sharc_arena_chunk *c) { return (char *)c + c->size; }

/* Moves the arena's end (the limit of present pages) on by a window that
 * holds at least `size` more bytes; false when the chunk has no room. */
static bool arena_extend(sharc_arena *a, size_t size) {
  sharc_arena_chunk *c = a->head;
  if (!c || a->end == chunk_end(c) || (size_t)(chunk_end(c) - a->cur) < size)
    return false;
  size_t want = (size_t)(a->cur + size - a->end);
  size_t step = (want + ARENA_WINDOW - 1) / ARENA_WINDOW * ARENA_WINDOW;
  if (step > (size_t)(chunk_end(c) - a->end))
    step = (size_t)(chunk_end(c) - a->end);
  sharc_pages_populate(a->end, step);
  a->end += step;
  return true;
}

static void *arena_grow(sharc_arena *a, size_t size) {
  size_t chunk = a->total / 2;
  if (chunk < ARENA_MIN_CHUNK)
    chunk = ARENA_MIN_CHUNK;
  if (chunk > 64u * 1024 * 1024)
    chunk = 64u * 1024 * 1024;
  if (chunk < size + ARENA_HEADER)
    chunk = size + ARENA_HEADER;
  sharc_arena_chunk *c =
      a->narrow_chunks ? sharc_pages_reserve_below(&chunk, 48) : sharc_pages_reserve(chunk);
  c->size = chunk;
  c->next = a->head;
  a->head = c;
  a->total += chunk;
  char *base = (char *)c + ARENA_HEADER;
  a->cur = base;
  /* the first window starts at the chunk, which is page-aligned when large */
  a->end = chunk < 2 * ARENA_WINDOW ? chunk_end(c) : (char *)c;
  if (a->end == (char *)c)
    arena_extend(a, size);
  a->cur = base + size;
  return base;
}

void *sharc_arena_alloc(sharc_arena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  if (size == 0)
    size = 8;
  a->used += size;
  if (!a->cur || (size_t)(a->end - a->cur) < size) {
    if (!arena_extend(a, size))
      return arena_grow(a, size);
  }
  void *p = a->cur;
  a->cur += size;
  return p; /* chunks come zeroed, and sharc_arena_reset zeroes what it takes back */
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

static void free_chunks(sharc_arena_chunk *c) {
  while (c) {
    sharc_arena_chunk *next = c->next;
    sharc_pages_free(c, c->size);
    c = next;
  }
}

void sharc_arena_free(sharc_arena *a) {
  free_chunks(a->head);
  *a = (sharc_arena){.narrow_chunks = a->narrow_chunks}; /* usable again, as it was set up */
}

void sharc_arena_reset(sharc_arena *a) {
  sharc_arena_chunk *keep = a->head;
  if (!keep)
    return;
  free_chunks(keep->next);
  keep->next = NULL;
  char *base = (char *)keep + ARENA_HEADER;
  memset(base, 0, (size_t)(a->cur - base));
  a->cur = base; /* the pages up to a->end stay present */
  a->total = keep->size;
  a->used = 0;
}

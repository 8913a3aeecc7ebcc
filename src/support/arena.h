/* The arena's internal operations beyond the public ones in sharc/support.h:
 * emptying an arena for reuse, for a scratch arena that is filled and
 * dropped over and over (the parser's per-function scratch), and marks
 * that tell memory handed out after a moment (what the uniquing of
 * dictionaries learns from: see sharc_attr_dictionary). */
#ifndef SHARC_SUPPORT_ARENA_H
#define SHARC_SUPPORT_ARENA_H

#include "sharc/support.h"

#include <stdbool.h>
#include <stdint.h>

/* Drops everything handed out, keeping the newest chunk for what comes
 * next: the bytes handed out of it are zeroed again (a chunk is zero where
 * nothing was handed out yet), in cache still, instead of a new chunk that
 * calloc clears or whose pages are touched for the first time. */
void sharc_arena_reset(sharc_arena *a);

/* A moment in an arena's life: its newest chunk and bump pointer then.
 * Memory handed out later lies above it in that chunk, or in a newer one;
 * memory handed out earlier never does (until sharc_arena_reset, which
 * an arena marked must not see). */
typedef struct sharc_arena_mark {
  const sharc_arena_chunk *chunk;
  uintptr_t at;
} sharc_arena_mark;

static inline sharc_arena_mark sharc_arena_mark_now(const sharc_arena *a) {
  return (sharc_arena_mark){a->head, (uintptr_t)a->cur};
}

/* Whether `p` was surely handed out of `a` after `m` (false when unsure:
 * the arena has moved on to a newer chunk since). */
static inline bool sharc_arena_since(const sharc_arena *a, sharc_arena_mark m, const void *p) {
  uintptr_t q = (uintptr_t)p;
  return a->head == m.chunk && q >= m.at && q < (uintptr_t)a->cur;
}

#endif

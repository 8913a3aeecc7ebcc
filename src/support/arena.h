/* The arena's internal operations beyond the public ones in sharc/support.h:
 * emptying an arena for reuse, for a scratch arena that is filled and
 * dropped over and over (the parser's per-function scratch). */
#ifndef SHARC_SUPPORT_ARENA_H
#define SHARC_SUPPORT_ARENA_H

#include "sharc/support.h"

/* Drops everything handed out, keeping the newest chunk for what comes
 * next: the bytes handed out of it are zeroed again (a chunk is zero where
 * nothing was handed out yet), in cache still, instead of a new chunk that
 * calloc clears or whose pages are touched for the first time. */
void sharc_arena_reset(sharc_arena *a);

#endif

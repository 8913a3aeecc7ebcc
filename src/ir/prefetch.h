/* Prefetching the op a walk visits next, shared by the walker (walk.c),
 * the verifier's block loop (asm/verify.c), the printer's numbering walk,
 * the greedy driver's walks (rewrite/) and the MPMD passes' backward walks. */
#ifndef SHARC_IR_PREFETCH_H
#define SHARC_IR_PREFETCH_H

#include <limits.h>
#include <stddef.h>

#include "ir/ir_internal.h"

/* Both helpers must be inlined before GCC's early passes look at them: a
 * function whose body is only __builtin_prefetch counts as free of side
 * effects (local-pure-const), and a call to it whose result nobody reads
 * is then deleted as dead code, prefetches and all (GCC 12 at -O2: not one
 * prefetch of these helpers was left in the release tools). */
#define SHARC_PREFETCH_INLINE static inline __attribute__((always_inline))

/* How many positions ahead a walk reading a block's array of its ops
 * (sharc_block.order) asks for an op's lines: a miss costs about as much
 * as a few dozen visits of a cheap callback. */
enum { SHARC_ORDER_AHEAD = 16 };

/* `o`'s position in its block's valid array, or UINT_MAX: found next to
 * the position the helpers below last stood at (a walk steps one op at a
 * time), or at either end, where a walk begins. */
SHARC_PREFETCH_INLINE unsigned sharc_order_position(const sharc_block *b, const sharc_op *o) {
  unsigned h = b->order_hint, len = b->order_len;
  if (h + 1 < len && b->order[h + 1] == o)
    return h + 1;
  if (h - 1 < len && b->order[h - 1] == o)
    return h - 1;
  if (o == b->first)
    return 0;
  if (o == b->last)
    return len - 1;
  return UINT_MAX;
}

/* Asks for the lines of the op after `o` (its kind, attributes, links)
 * ahead of use: a walk over a large module waits on memory for every op,
 * and the callback's work on one op can hide the wait for the next. Ops
 * created one after the other lie in the arena at about the same distance,
 * so the one after `next` is guessed too (a prefetch of a wrong address
 * costs nothing but bandwidth). */
SHARC_PREFETCH_INLINE void sharc_prefetch_stride_after(const sharc_op *o, const sharc_op *next) {
  const char *p = (const char *)next;
  __builtin_prefetch(p);
  __builtin_prefetch(p + 64);
  ptrdiff_t stride = p - (const char *)o;
  if (stride > 0 && stride < 4096) {
    __builtin_prefetch(p + stride);
    __builtin_prefetch(p + stride + 64);
  }
}

/* The same, reading the block's array when it is valid. */
SHARC_PREFETCH_INLINE void sharc_prefetch_after(const sharc_op *o, const sharc_op *next) {
  sharc_block *b = o->block;
  if (b && b->order_valid) {
    /* the block's array says which op comes some positions ahead, where
     * the links would only guess it from one stride */
    unsigned i = sharc_order_position(b, o);
    if (i != UINT_MAX) {
      b->order_hint = i;
      if (i + SHARC_ORDER_AHEAD < b->order_len) {
        const char *ahead = (const char *)b->order[i + SHARC_ORDER_AHEAD];
        __builtin_prefetch(ahead);
        __builtin_prefetch(ahead + 64);
      }
      return;
    }
  }
  sharc_prefetch_stride_after(o, next);
}

/* The same for a walk going backwards (op->prev): the op before `o`, its
 * last result (results lie before an op), and the one before that guessed
 * at the same distance. */
SHARC_PREFETCH_INLINE void sharc_prefetch_before(const sharc_op *o, const sharc_op *prev) {
  const char *p = (const char *)prev;
  __builtin_prefetch(p - sizeof(sharc_value));
  __builtin_prefetch(p);
  ptrdiff_t stride = (const char *)o - p;
  if (stride > 0 && stride < 4096) {
    __builtin_prefetch(p - stride - sizeof(sharc_value));
    __builtin_prefetch(p - stride);
  }
}

/* The op before `o` in its block, its lines asked for while `o` is being
 * visited: the MPMD passes walk blocks last to first (Shardy's reverse
 * walks) and take the previous op before visiting `o`, which may erase it;
 * without this every step waits on memory once the IR outgrows the cache. */
SHARC_PREFETCH_INLINE sharc_op *sharc_op_prev_ahead(const sharc_op *o) {
  sharc_op *prev = o->prev;
  sharc_block *b = o->block;
  if (b && b->order_valid) {
    unsigned i = sharc_order_position(b, o);
    if (i != UINT_MAX) {
      b->order_hint = i;
      if (i >= SHARC_ORDER_AHEAD) {
        const char *ahead = (const char *)b->order[i - SHARC_ORDER_AHEAD];
        __builtin_prefetch(ahead - sizeof(sharc_value)); /* its last result */
        __builtin_prefetch(ahead);
      }
      return prev;
    }
  }
  if (prev)
    sharc_prefetch_before(o, prev);
  return prev;
}

#endif

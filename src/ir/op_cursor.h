/* A forward walk over a block's ops that reads the block's array of its
 * ops in order (sharc_block.order) when it is valid, and asks for the ops
 * some positions ahead, instead of loading each op->next after the visit
 * of the op before: once the IR outgrows the cache, that chain is one
 * dependent miss per op, while array positions ahead are known at once
 * (memory-level parallelism). A walk without a valid array follows the
 * links and, in a large block that no visit changes, leaves the array
 * built for the walks after it.
 *
 * The semantics are those of `for (o = b->first; o; o = next) { next =
 * o->next; visit(o); }`: the op after each one is taken before its visit.
 * A visit that links or unlinks an op of the block (the order generation
 * moves) sends the rest of the walk back to the links, from that op. */
#ifndef SHARC_IR_OP_CURSOR_H
#define SHARC_IR_OP_CURSOR_H

#include "ir/ir_internal.h"
#include "ir/prefetch.h"

enum {
  /* a block with fewer ops keeps no array: its ops (some 200 bytes each
   * with their results and operands) fit in a 1 MiB L2, where following
   * the links costs no wait, and reading an array costs instructions
   * (measured: a walk of the 1M-op generic module, blocks of up to 842
   * ops laid out in order, took 14 ns/op streaming vs 10 by the links) */
  SHARC_ORDER_MIN_OPS = 4096,
};

typedef enum sharc_op_cursor_mode {
  SHARC_CURSOR_LINKS,  /* follows op->next */
  SHARC_CURSOR_STREAM, /* reads the block's valid array */
  SHARC_CURSOR_RECORD, /* follows op->next and counts, to build the array */
} sharc_op_cursor_mode;

typedef struct sharc_op_cursor {
  sharc_block *b;
  sharc_op *next; /* the op after the one last returned, taken before its visit */
  /* streaming: `next`'s position in the array; recording: ops returned */
  unsigned pos;
  unsigned gen; /* b->order_gen when the walk began */
  /* recording: steps to an op laid out just after (before) the last one */
  unsigned near;
  sharc_op_cursor_mode mode;
} sharc_op_cursor;

/* Out of line (ops.c): store `op` at position i >= SHARC_ORDER_MIN_OPS
 * of b's array being built, growing it, and at the first such position
 * filling the positions before from the links (unchanged since the walk
 * began); and publish the array of a walk that reached the end. */
void sharc_block_order_store_slow(sharc_block *b, unsigned i, sharc_op *op, bool backward);
/* A backward walk stored the ops last to first: they are turned around. */
void sharc_block_order_publish(sharc_block *b, unsigned len, bool backward);
/* Debug builds: aborts unless b's valid array matches its list. */
void sharc_block_order_check(const sharc_block *b);

SHARC_PREFETCH_INLINE void sharc_op_cursor_record(sharc_op_cursor *c, sharc_op *op,
                                                  bool backward) {
  unsigned i = c->pos++;
  if (i < SHARC_ORDER_MIN_OPS)
    return;
  sharc_block *b = c->b;
  if (i > SHARC_ORDER_MIN_OPS && i < b->order_cap)
    b->order[i] = op;
  else
    sharc_block_order_store_slow(b, i, op, backward);
}

/* Whether nearly every step of a recording walk went to an op close
 * after (before) the last in memory: the stride prefetch of the links
 * then guesses right, and streaming would cost instructions and the
 * array's lines for nothing (measured: the propagation pipeline of the
 * 100k-op transformer, parsed in order, took 0.22 s CPU streaming vs 0.19
 * by the links); ops made by rewrites lie far from their neighbours. */
SHARC_PREFETCH_INLINE bool sharc_op_cursor_mostly_near(const sharc_op_cursor *c) {
  return (uint64_t)c->near * 8 >= (uint64_t)c->pos * 7;
}

/* A streaming step: the op taken before, the one after it (before it,
 * `backward`) taken from the array, and the lines of the op some
 * positions further asked for. */
SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_stream(sharc_op_cursor *c, bool backward) {
  const sharc_block *b = c->b;
  /* appends to a valid array move no generation: the length is read anew */
  unsigned i = c->pos, len = b->order_len;
  sharc_op *o = c->next;
  if (backward) {
    c->next = i ? b->order[i - 1] : NULL;
    if (i >= SHARC_ORDER_AHEAD) {
      const char *ahead = (const char *)b->order[i - SHARC_ORDER_AHEAD];
      __builtin_prefetch(ahead - sizeof(sharc_value)); /* its last result */
      __builtin_prefetch(ahead);
    }
  } else {
    c->next = i + 1 < len ? b->order[i + 1] : NULL;
    if (i + SHARC_ORDER_AHEAD < len) {
      const char *ahead = (const char *)b->order[i + SHARC_ORDER_AHEAD];
      __builtin_prefetch(ahead);
      __builtin_prefetch(ahead + 64);
    }
  }
  c->pos = backward ? i - 1 : i + 1;
  return o;
}

/* The op to visit after (before) the last one, or NULL at the end; call
 * after each visit. */
SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_step(sharc_op_cursor *c, bool backward) {
  sharc_op *o = c->next;
  if (c->mode != SHARC_CURSOR_LINKS) {
    sharc_block *b = c->b;
    if (b->order_gen != c->gen)
      c->mode = SHARC_CURSOR_LINKS; /* the last visit changed the block */
    if (c->mode == SHARC_CURSOR_STREAM)
      return o ? sharc_op_cursor_stream(c, backward) : NULL;
    if (!o && c->mode == SHARC_CURSOR_RECORD && c->pos > SHARC_ORDER_MIN_OPS) {
      if (!sharc_op_cursor_mostly_near(c))
        sharc_block_order_publish(b, c->pos, backward);
      else
        b->order_hint = b->order_gen; /* see sharc_op_cursor_begin */
    }
    if (o && c->mode == SHARC_CURSOR_RECORD)
      sharc_op_cursor_record(c, o, backward);
  }
  if (!o)
    return NULL;
  c->next = backward ? o->prev : o->next;
  if (c->next && c->mode == SHARC_CURSOR_RECORD) {
    ptrdiff_t d = backward ? (const char *)o - (const char *)c->next
                           : (const char *)c->next - (const char *)o;
    c->near += d > 0 && d < 4096;
  }
  if (c->next && backward)
    sharc_prefetch_before(o, c->next);
  else if (c->next)
    sharc_prefetch_stride_after(o, c->next);
  return o;
}

/* Where a walk of `b` begins: streaming from `start` when the array is
 * valid, else by the links from `link_start`, recording in a large block. */
SHARC_PREFETCH_INLINE void sharc_op_cursor_begin(sharc_op_cursor *c, sharc_block *b,
                                                 unsigned start, sharc_op *link_start) {
  c->b = b;
  c->gen = b->order_gen;
  c->pos = 0;
  c->near = 0;
  if (b->order_valid && b->order_len) {
#ifndef NDEBUG
    sharc_block_order_check(b);
#endif
    c->mode = SHARC_CURSOR_STREAM;
    c->pos = start;
    c->next = b->order[start];
    return;
  }
  /* without a valid array the hint is free: a walk that found the ops
   * in layout order leaves the generation there, so that the walks after
   * it, until the block changes, need not record (nor count) again */
  bool known_near = !b->order_valid && b->order_hint == b->order_gen;
  c->mode = b->order_valid || known_near || b->num_ops < SHARC_ORDER_MIN_OPS
                ? SHARC_CURSOR_LINKS
                : SHARC_CURSOR_RECORD;
  /* a recording walk owns the array being built: a walk of the block under
   * way that records too (an enclosing one) sees the generation move and
   * goes on by the links, storing no more */
  if (c->mode == SHARC_CURSOR_RECORD)
    c->gen = ++b->order_gen;
  c->next = link_start;
}

/* The first op of `b` to visit, or NULL; then sharc_op_cursor_next. */
SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_first(sharc_op_cursor *c, sharc_block *b) {
  sharc_op_cursor_begin(c, b, 0, b->first);
  return sharc_op_cursor_step(c, false);
}

SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_next(sharc_op_cursor *c) {
  return sharc_op_cursor_step(c, false);
}

/* The same walk last to first (`for (o = b->last; o; o = next) { next =
 * o->prev; visit(o); }`), for the walks that meet users before
 * definitions. Its array positions count down from the end. */
SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_last(sharc_op_cursor *c, sharc_block *b) {
  sharc_op_cursor_begin(c, b, b->order_len ? b->order_len - 1 : 0, b->last);
  return sharc_op_cursor_step(c, true);
}

SHARC_PREFETCH_INLINE sharc_op *sharc_op_cursor_prev(sharc_op_cursor *c) {
  return sharc_op_cursor_step(c, true);
}

#endif

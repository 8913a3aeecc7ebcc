/* Randomized unit test of the blocks' arrays of their ops (ir/op_cursor.h)
 * against walks that follow the links: two equal pairs of large blocks
 * take the same random edits (erase, insert before/after, appends, moves
 * between the blocks), inside walks and between them; the first pair is
 * walked by the cursors (forward, backward, stopped early, nested walks of
 * the same block), the second by op->next/op->prev. Every walk must visit
 * the same ops in the same order, and a block's array must equal its list
 * whenever it is marked valid. test_op_order.c checks one edit at a time;
 * this one mixes them, as passes do. */
#include "check.h"
#include "ir/context.h"
#include "ir/ir_internal.h"
#include "ir/op_cursor.h"
#include "op_order_check.h"

#include "sharc/ir.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

/* Nested walks of one block are on: a recording walk (one that builds
 * the array, in a block of SHARC_ORDER_MIN_OPS+ ops) that another walk of
 * the same block entered used to store on into the array the inner walk
 * had published, and publish it at its end (an outer backward walk around
 * a complete inner one: 4,201 of 4,496 ops out of order afterwards).
 * ir/op_cursor.h now moves order_gen when a walk starts recording. */

enum {
  N = SHARC_ORDER_MIN_OPS + 400, /* ops per block at the start */
  MAX_OPS = 4 * N,
  ROUNDS = 40,
};

/* One copy of the IR: two blocks and every op made, by index. */
typedef struct world {
  sharc_context *ctx;
  sharc_block *blocks[2];
  sharc_op *ops[MAX_OPS];
  unsigned n;
  uint64_t rng;
  bool by_links;          /* walks follow the links (the reference) */
  unsigned *trace;        /* indices of the ops visited, in order */
  unsigned trace_len;
  unsigned depth;         /* nesting of walks under way */
} world;

static uint64_t rnd(world *w) {
  w->rng ^= w->rng << 13;
  w->rng ^= w->rng >> 7;
  w->rng ^= w->rng << 17;
  return w->rng;
}

static sharc_op *new_op(world *w) {
  sharc_op_state st = {0};
  st.name = sharc_ident_get(w->ctx, SHARC_STR("t.x"));
  sharc_op *op = sharc_op_create(w->ctx, &st);
  op->live_mark = w->n; /* its index */
  w->ops[w->n++] = op;
  return op;
}

static void note(world *w, const sharc_op *op) {
  if (w->trace_len < 64u * MAX_OPS)
    w->trace[w->trace_len++] = op->live_mark;
}

/* A live op chosen at random, or NULL. */
static sharc_op *any_op(world *w) {
  sharc_op *op = w->ops[rnd(w) % w->n];
  return sharc_op_is_erased(op) || !op->block ? NULL : op;
}

static void world_init(world *w, uint64_t seed, bool by_links) {
  w->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(w->ctx, true);
  w->rng = seed;
  w->by_links = by_links;
  w->trace = malloc(sizeof *w->trace * 64u * MAX_OPS);
  for (int k = 0; k < 2; k++) {
    /* the second block starts just below the size that gets an array and
     * grows past it as the walks append */
    unsigned n = k ? SHARC_ORDER_MIN_OPS - 30 : N;
    w->blocks[k] = sharc_block_create(w->ctx);
    unsigned base = w->n;
    for (unsigned i = 0; i < n; i++)
      new_op(w);
    /* linked away from the layout order, as after rewrites */
    for (unsigned i = 0; i < n; i++)
      sharc_block_append_op(w->blocks[k], w->ops[base + (size_t)i * 1031 % n]);
  }
}

static sharc_block *other_block(world *w, const sharc_block *b) {
  return w->blocks[0] == b ? w->blocks[1] : w->blocks[0];
}

/* A walk of `b` that changes nothing, forward or backward, stopped after
 * `limit` ops (0: none). */
static void quiet_walk(world *w, sharc_block *b, bool backward, unsigned limit);

/* Now and then, from a visit, another walk of the same block that changes
 * nothing (a visit that scans its block). */
static void maybe_nest(world *w, sharc_block *b) {
  if (w->depth >= 2 || rnd(w) % 1000 >= 3)
    return;
  w->depth++;
  bool backward = rnd(w) & 1;
  unsigned limit = rnd(w) % 3 == 0 ? (unsigned)(rnd(w) % (2 * N)) : 0;
  quiet_walk(w, b, backward, limit);
  w->depth--;
}

static void quiet_walk(world *w, sharc_block *b, bool backward, unsigned limit) {
  unsigned seen = 0;
  limit = limit ? limit : UINT_MAX;
  if (w->by_links) {
    for (sharc_op *o = backward ? b->last : b->first; o && seen != limit;
         o = backward ? o->prev : o->next, seen++) {
      note(w, o);
      maybe_nest(w, b);
    }
    return;
  }
  sharc_op_cursor c;
  for (sharc_op *o = backward ? sharc_op_cursor_last(&c, b) : sharc_op_cursor_first(&c, b);
       o && seen != limit; o = backward ? sharc_op_cursor_prev(&c) : sharc_op_cursor_next(&c), seen++) {
    note(w, o);
    maybe_nest(w, b);
  }
}

/* What a visit of `op` (in block b, walked) does to the IR. */
static void edit_in_visit(world *w, sharc_op *op, sharc_block *b) {
  unsigned r = (unsigned)(rnd(w) % 1000);
  if (w->n + 4 >= MAX_OPS)
    return;
  if (r < 15) {
    sharc_op_erase(op);
  } else if (r < 25) {
    sharc_block_insert_after(op, new_op(w));
  } else if (r < 35) {
    sharc_block_insert_before(op, new_op(w));
  } else if (r < 45) {
    sharc_block_append_op(b, new_op(w));
  } else if (r < 50) {
    sharc_op *o = any_op(w);
    if (o && o->block != b)
      sharc_op_move_to_end(o, b); /* from the other block */
  } else if (r < 55) {
    sharc_op_move_to_end(op, other_block(w, b));
  } else {
    maybe_nest(w, b);
  }
}

/* A walk of `b` whose visits edit the IR; the op after each one is taken
 * before its visit. `limit` as in quiet_walk. */
static void editing_walk(world *w, sharc_block *b, bool backward, unsigned limit) {
  unsigned seen = 0;
  limit = limit ? limit : UINT_MAX;
  if (w->by_links) {
    for (sharc_op *o = backward ? b->last : b->first, *next; o && seen != limit; o = next, seen++) {
      next = backward ? o->prev : o->next;
      note(w, o);
      edit_in_visit(w, o, b);
    }
    return;
  }
  sharc_op_cursor c;
  for (sharc_op *o = backward ? sharc_op_cursor_last(&c, b) : sharc_op_cursor_first(&c, b);
       o && seen != limit; o = backward ? sharc_op_cursor_prev(&c) : sharc_op_cursor_next(&c), seen++) {
    note(w, o);
    edit_in_visit(w, o, b);
  }
}

/* An edit between walks. */
static void edit_between(world *w) {
  unsigned r = (unsigned)(rnd(w) % 6);
  sharc_op *a = any_op(w), *o = any_op(w);
  if (!a || !o || a == o || w->n + 2 >= MAX_OPS)
    return;
  if (r == 0)
    sharc_op_erase(a);
  else if (r == 1)
    sharc_block_insert_before(a, new_op(w));
  else if (r == 2)
    sharc_op_move_before(a, o);
  else if (r == 3)
    sharc_op_move_after(a, o);
  else if (r == 4)
    sharc_block_append_op(a->block, new_op(w));
}

/* One round on a world: a few edits, then a walk chosen by the round. */
static void round_on(world *w, unsigned round) {
  for (unsigned k = (unsigned)(rnd(w) % 4); k; k--)
    edit_between(w);
  sharc_block *b = w->blocks[rnd(w) & 1];
  bool backward = rnd(w) % 3 == 0;
  unsigned limit = rnd(w) % 4 == 0 ? (unsigned)(rnd(w) % N) : 0;
  if (round % 3 == 0)
    quiet_walk(w, b, backward, limit);
  else
    editing_walk(w, b, backward, limit);
}

static void check_seed(uint64_t seed) {
  world *w = calloc(2, sizeof *w);
  world_init(&w[0], seed, false);
  world_init(&w[1], seed, true);
  bool same = true, valid = true;
  for (unsigned round = 0; round < ROUNDS && same && valid; round++) {
    round_on(&w[0], round);
    round_on(&w[1], round);
    same = w[0].trace_len == w[1].trace_len && w[0].n == w[1].n &&
           memcmp(w[0].trace, w[1].trace, w[0].trace_len * sizeof *w[0].trace) == 0;
    valid = array_matches(w[0].blocks[0]) && array_matches(w[0].blocks[1]);
    if (!same || !valid)
      fprintf(stderr, "seed %llu round %u: %s\n", (unsigned long long)seed, round,
              !same ? "visits differ" : "an array marked valid differs from its list");
  }
  CHECK(same);
  CHECK(valid);
  for (int k = 0; k < 2; k++) {
    free(w[k].trace);
    sharc_context_destroy(w[k].ctx);
  }
  free(w);
}

int main(void) {
  for (uint64_t seed = 1; seed <= 12; seed++)
    check_seed(seed * 0x9E3779B97F4A7C15ull);
  return check_summary("op_order_random");
}

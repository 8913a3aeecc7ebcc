/* Unit tests of the blocks' arrays of their ops (ir/op_cursor.h): a walk
 * reading the array must visit exactly the ops a walk following op->next
 * visits, whatever its callback links or unlinks, and the array must stay
 * equal to the list whenever it is marked valid. */
#include "check.h"
#include "ir/context.h"
#include "ir/ir_internal.h"
#include "ir/op_cursor.h"
#include "op_order_check.h"

#include "sharc/ir.h"

#include <stdlib.h>

/* large enough for the blocks to get arrays */
enum { N = SHARC_ORDER_MIN_OPS + 136 };

/* A block of N unregistered ops, plus the ops callbacks create. */
typedef struct fixture {
  sharc_context *ctx;
  sharc_block *b;
  sharc_op *ops[2 * N];
  unsigned n;
  unsigned visited[4 * N];
  unsigned num_visited;
  unsigned action; /* what the callback does, see act() */
} fixture;

static sharc_op *new_op(fixture *f) {
  sharc_op_state st = {0};
  st.name = sharc_ident_get(f->ctx, SHARC_STR("t.x"));
  sharc_op *op = sharc_op_create(f->ctx, &st);
  op->live_mark = f->n; /* its index: no liveness run here */
  f->ops[f->n++] = op;
  return op;
}

static void fixture_init(fixture *f, unsigned action) {
  *f = (fixture){0};
  f->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(f->ctx, true);
  f->b = sharc_block_create(f->ctx);
  f->action = action;
  for (unsigned i = 0; i < N; i++)
    new_op(f);
  /* linked in an order far from the layout, as after rewrites: a block
   * whose ops lie one after the other in memory keeps no array */
  for (unsigned i = 0; i < N; i++)
    sharc_block_append_op(f->b, f->ops[(size_t)i * 1031 % N]);
}

static unsigned index_of(const fixture *f, const sharc_op *op) {
  (void)f;
  return op->live_mark;
}

/* The callback's changes to the block, by action. */
static void act(fixture *f, sharc_op *op) {
  unsigned i = index_of(f, op);
  f->visited[f->num_visited++] = i;
  if (f->n >= 2 * N - 2)
    return;
  switch (f->action) {
  case 1: /* erase every third op, the one visited */
    if (i % 3 == 0)
      sharc_op_erase(op);
    break;
  case 2: /* insert after the op visited */
    if (i % 500 == 10)
      sharc_block_insert_after(op, new_op(f));
    break;
  case 3: /* erase the op after the one visited */
    if (i == 20 && sharc_op_next(op))
      sharc_op_erase(sharc_op_next(op));
    break;
  case 4: /* append at the end, from the middle and from the last op */
    if (i == 50 || i == N - 1 || i == N)
      sharc_block_append_op(f->b, new_op(f));
    break;
  case 5: /* move an op from the front to the end */
    if (i == 30)
      sharc_op_move_to_end(f->ops[5], f->b);
    break;
  default:
    break;
  }
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  act(user, op);
  return SHARC_WALK_ADVANCE;
}

/* The walk as it was before the arrays: the next op taken before the visit. */
static void walk_links(fixture *f) {
  for (sharc_op *o = sharc_block_first_op(f->b), *next; o; o = next) {
    next = sharc_op_next(o);
    act(f, o);
  }
}

/* The same action on two equal blocks, walked by sharc_walk_block and by
 * the links; `warm` first walks without changes, so that the array exists. */
static void check_action(unsigned action, bool warm) {
  fixture *x = calloc(2, sizeof *x);
  fixture_init(&x[0], 0);
  fixture_init(&x[1], 0);
  if (warm) {
    sharc_walk_block(x[0].b, SHARC_PRE_ORDER, visit, &x[0]);
    CHECK(x[0].b->order_valid && x[0].b->order_len == N);
    CHECK(array_matches(x[0].b));
  }
  x[0].action = x[1].action = action;
  x[0].num_visited = x[1].num_visited = 0;
  sharc_walk_block(x[0].b, SHARC_PRE_ORDER, visit, &x[0]);
  walk_links(&x[1]);
  CHECK(x[0].num_visited == x[1].num_visited);
  bool same = x[0].num_visited == x[1].num_visited;
  for (unsigned i = 0; same && i < x[0].num_visited; i++)
    same = x[0].visited[i] == x[1].visited[i];
  CHECK(same);
  CHECK(array_matches(x[0].b));
  /* a walk after the changes sees the list as it is now */
  x[0].action = x[1].action = 0;
  x[0].num_visited = x[1].num_visited = 0;
  sharc_walk_block(x[0].b, SHARC_PRE_ORDER, visit, &x[0]);
  walk_links(&x[1]);
  CHECK(x[0].num_visited == x[1].num_visited);
  CHECK(array_matches(x[0].b));
  sharc_context_destroy(x[0].ctx);
  sharc_context_destroy(x[1].ctx);
  free(x);
}

/* The backward cursor (region DCE's walk) visits the list last to first,
 * reading the array once a walk built it. */
static void check_backward(void) {
  fixture *f = calloc(1, sizeof *f);
  fixture_init(f, 0);
  for (int round = 0; round < 3; round++) {
    sharc_op_cursor c;
    unsigned n = 0;
    bool ordered = true;
    const sharc_op *want = sharc_block_last_op(f->b);
    for (sharc_op *o = sharc_op_cursor_last(&c, f->b); o; o = sharc_op_cursor_prev(&c), n++) {
      ordered = ordered && o == want;
      want = want ? sharc_op_prev(want) : NULL;
    }
    CHECK(ordered && n == N);
    CHECK(f->b->order_valid && array_matches(f->b));
  }
  sharc_context_destroy(f->ctx);
  free(f);
}

/* A block laid out in its order keeps no array: the links' stride
 * prefetch serves its walks. */
static void check_in_layout_order(void) {
  fixture *f = calloc(1, sizeof *f);
  f->ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(f->ctx, true);
  f->b = sharc_block_create(f->ctx);
  for (unsigned i = 0; i < N; i++)
    sharc_block_append_op(f->b, new_op(f));
  sharc_walk_block(f->b, SHARC_PRE_ORDER, visit, f);
  CHECK(f->num_visited == N && !f->b->order_valid);
  sharc_context_destroy(f->ctx);
  free(f);
}

int main(void) {
  for (unsigned action = 0; action <= 5; action++) {
    check_action(action, false);
    check_action(action, true);
  }
  check_backward();
  check_in_layout_order();
  return check_summary("op_order");
}

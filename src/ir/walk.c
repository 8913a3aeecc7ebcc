/* Walks over nested operations, pre- or post-order, with skipping,
 * interruption and a filter by op definition. */
#include "ir/context.h"
#include "ir/created_defs.h"
#include "ir/ir_internal.h"
#include "ir/op_cursor.h"

#include <stddef.h>

static sharc_walk_result walk_op(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn,
                                 void *user);

/* The loop over a block's ops and the visit of one op are inlined into
 * sharc_walk_region, which recurses: with the prefetches (ir/prefetch.h)
 * GCC would otherwise keep both as functions of their own, two calls more
 * per op visited. */
static inline __attribute__((always_inline)) sharc_walk_result walk_block_ops(sharc_block *b, sharc_walk_order order, sharc_walk_fn fn,
                                        void *user) {
  /* the next op is taken first (by the cursor): the visited op may erase
   * itself */
  sharc_op_cursor c;
  for (sharc_op *o = sharc_op_cursor_first(&c, b); o; o = sharc_op_cursor_next(&c))
    if (walk_op(o, order, fn, user) == SHARC_WALK_INTERRUPT)
      return SHARC_WALK_INTERRUPT;
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result walk_regions(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn,
                                      void *user) {
  for (unsigned i = 0; i < op->num_regions; i++)
    if (sharc_walk_region(&sharc_op_regions_of(op)[i], order, fn, user) == SHARC_WALK_INTERRUPT)
      return SHARC_WALK_INTERRUPT;
  return SHARC_WALK_ADVANCE;
}

static inline __attribute__((always_inline)) sharc_walk_result
walk_op(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn, void *user) {
  if (order == SHARC_POST_ORDER) {
    if (walk_regions(op, order, fn, user) == SHARC_WALK_INTERRUPT)
      return SHARC_WALK_INTERRUPT;
    return fn(op, user) == SHARC_WALK_INTERRUPT ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
  }
  sharc_walk_result r = fn(op, user);
  if (r != SHARC_WALK_ADVANCE)
    return r == SHARC_WALK_INTERRUPT ? r : SHARC_WALK_ADVANCE;
  return walk_regions(op, order, fn, user);
}

sharc_walk_result sharc_walk(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn, void *user) {
  return walk_op(op, order, fn, user);
}

sharc_walk_result sharc_walk_nested(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn,
                                    void *user) {
  return walk_regions(op, order, fn, user);
}

sharc_walk_result sharc_walk_region(sharc_region *r, sharc_walk_order order, sharc_walk_fn fn,
                                    void *user) {
  for (sharc_block *b = r->first, *next; b; b = next) {
    next = b->next;
    if (walk_block_ops(b, order, fn, user) == SHARC_WALK_INTERRUPT)
      return SHARC_WALK_INTERRUPT;
  }
  return SHARC_WALK_ADVANCE;
}

sharc_walk_result sharc_walk_block(sharc_block *b, sharc_walk_order order, sharc_walk_fn fn,
                                   void *user) {
  return walk_block_ops(b, order, fn, user);
}

/* The filtered walk wraps the user's callback: ops of other definitions
 * are passed over but still entered. */
typedef struct isa_filter {
  const sharc_op_def *def;
  sharc_walk_fn fn;
  void *user;
} isa_filter;

static sharc_walk_result filtered(sharc_op *op, void *user) {
  isa_filter *f = user;
  return sharc_op_def_of(op) == f->def ? f->fn(op, f->user) : SHARC_WALK_ADVANCE;
}

sharc_walk_result sharc_walk_isa(sharc_op *op, sharc_walk_order order, const sharc_op_def *def,
                                 sharc_walk_fn fn, void *user) {
  /* no op of that definition was ever created: nothing to visit, and no
   * pass over every op to find that out */
  if (def && !sharc_context_may_hold_def(sharc_op_ctx_of(op), def))
    return SHARC_WALK_ADVANCE;
  isa_filter f = {def, fn, user};
  return walk_op(op, order, filtered, &f);
}

bool sharc_context_may_hold_any(const sharc_context *ctx, bool (*pred)(const sharc_op_def *def)) {
  for (unsigned d = 0; d < ctx->num_dialects; d++)
    for (unsigned i = 0; i < ctx->dialects[d]->num_ops; i++) {
      const sharc_op_def *def = ctx->dialects[d]->ops[i];
      if (pred(def) && sharc_context_may_hold_def(ctx, def))
        return true;
    }
  return false;
}

void sharc_context_note_fact(sharc_context *ctx, const void *tag) {
  if (sharc_context_fact_noted(ctx, tag))
    return;
  if (ctx->num_noted_facts < SHARC_MAX_FACTS)
    ctx->noted_facts[ctx->num_noted_facts] = tag;
  ctx->num_noted_facts++; /* past SHARC_MAX_FACTS: every fact is noted */
}

bool sharc_context_fact_noted(const sharc_context *ctx, const void *tag) {
  if (ctx->num_noted_facts > SHARC_MAX_FACTS)
    return true;
  for (unsigned i = 0; i < ctx->num_noted_facts; i++)
    if (ctx->noted_facts[i] == tag)
      return true;
  return false;
}

bool sharc_context_dict_may_hold_name(const sharc_context *ctx, const sharc_ident *name) {
  unsigned bit = sharc_dict_name_bit(name);
  return (ctx->dict_names[bit / 64] >> (bit % 64)) & 1;
}

bool sharc_context_may_hold_one_of(const sharc_context *ctx, const sharc_op_def *const *defs,
                                   unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (sharc_context_may_hold_def(ctx, defs[i]))
      return true;
  return false;
}

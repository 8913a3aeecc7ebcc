/* The rewriter: IR changes at an insertion point, each one reported to the
 * chain of listeners so that drivers and analyses stay in step. */
#include "sharc/rewrite.h"
#include "rewrite/create_op.h"
#include "support/xalloc.h"

#include "ir/ir_internal.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "sharc/symbols.h"

#include <stdlib.h>

/* ---- notifications ------------------------------------------------------ */

static void notify_inserted(sharc_rewriter *rw, sharc_op *op, bool moved) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->op_inserted)
      l->op_inserted(l, op, moved);
}

static void notify_modified(sharc_rewriter *rw, sharc_op *op) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->op_modified)
      l->op_modified(l, op);
}

static void notify_replaced(sharc_rewriter *rw, sharc_op *op, sharc_value *const *values,
                            unsigned n) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->op_replaced)
      l->op_replaced(l, op, values, n);
}

static void notify_erased(sharc_rewriter *rw, sharc_op *op) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->op_erased)
      l->op_erased(l, op);
}

static void notify_block_inserted(sharc_rewriter *rw, sharc_block *b) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->block_inserted)
      l->block_inserted(l, b);
}

static void notify_block_erased(sharc_rewriter *rw, sharc_block *b) {
  for (sharc_listener *l = rw->listener; l; l = l->next)
    if (l->block_erased)
      l->block_erased(l, b);
}

/* ---- insertion point ---------------------------------------------------- */

void sharc_rewriter_init(sharc_rewriter *rw, sharc_context *ctx, sharc_listener *listener) {
  rw->ctx = ctx;
  rw->ip = (sharc_insert_point){NULL, NULL};
  rw->listener = listener;
}

void sharc_rw_set_before(sharc_rewriter *rw, sharc_op *op) {
  rw->ip = (sharc_insert_point){op->block, op};
}

void sharc_rw_set_after(sharc_rewriter *rw, sharc_op *op) {
  rw->ip = (sharc_insert_point){op->block, op->next};
}

void sharc_rw_set_block_start(sharc_rewriter *rw, sharc_block *b) {
  rw->ip = (sharc_insert_point){b, b->first};
}

void sharc_rw_set_block_end(sharc_rewriter *rw, sharc_block *b) {
  rw->ip = (sharc_insert_point){b, NULL};
}

void sharc_rw_set_after_value(sharc_rewriter *rw, sharc_value *v) {
  if (v->vkind == SHARC_VALUE_ARG)
    sharc_rw_set_block_start(rw, sharc_value_block_of(v));
  else
    sharc_rw_set_after(rw, sharc_value_op_of(v));
}

/* Links `op` at the insertion point without telling anyone. */
static void link_at_ip(sharc_rewriter *rw, sharc_op *op) {
  if (rw->ip.before)
    sharc_block_insert_before(rw->ip.before, op);
  else if (rw->ip.block)
    sharc_block_append_op(rw->ip.block, op);
}

/* ---- creation ------------------------------------------------------------ */

sharc_op *sharc_rw_insert(sharc_rewriter *rw, sharc_op *op) {
  link_at_ip(rw, op);
  if (op->block)
    notify_inserted(rw, op, false);
  return op;
}

sharc_str sharc_rw_insert_symbol(sharc_rewriter *rw, sharc_op *table, sharc_op *op,
                                 unsigned *counter) {
  return sharc_rw_insert_symbol_before(rw, table, op, NULL, counter);
}

sharc_str sharc_rw_insert_symbol_before(sharc_rewriter *rw, sharc_op *table, sharc_op *op,
                                        sharc_op *before, unsigned *counter) {
  unsigned fresh = 0;
  sharc_str name = sharc_symbol_insert_uniqued(table, op, before, counter ? counter : &fresh);
  notify_inserted(rw, op, false);
  return name;
}

sharc_op *sharc_rw_create(sharc_rewriter *rw, const sharc_op_state *st) {
  return sharc_rw_insert(rw, sharc_op_create(rw->ctx, st));
}

sharc_op *sharc_rw_create_named(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                                sharc_value *const *operands, unsigned num_operands,
                                sharc_type *const *result_types, unsigned num_results,
                                sharc_attr *attrs, unsigned num_regions) {
  return sharc_rw_create_ident(rw, sharc_ident_get(rw->ctx, sharc_str_from_cstr(name)), loc,
                               operands, num_operands, result_types, num_results, attrs,
                               num_regions);
}

sharc_op *sharc_rw_create_ident(sharc_rewriter *rw, sharc_ident *name, sharc_attr *loc,
                                sharc_value *const *operands, unsigned num_operands,
                                sharc_type *const *result_types, unsigned num_results,
                                sharc_attr *attrs, unsigned num_regions) {
  sharc_op_state st = {
      .name = name,
      .loc = loc,
      .operands = operands,
      .num_operands = num_operands,
      .result_types = result_types,
      .num_results = num_results,
      .attrs = attrs,
      .num_regions = num_regions,
  };
  return sharc_rw_create(rw, &st);
}

static sharc_walk_result report_inserted(sharc_op *op, void *user) {
  sharc_rewriter *rw = user;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      notify_block_inserted(rw, b);
  notify_inserted(rw, op, false);
  return SHARC_WALK_ADVANCE;
}

/* As MLIR's OpBuilder::clone: the clone itself is reported as any inserted
 * op (its own regions' blocks come with it, unreported), then every op
 * nested in it in pre-order, each after the blocks of its regions. */
sharc_op *sharc_rw_clone(sharc_rewriter *rw, sharc_op *op, sharc_mapping *map) {
  sharc_op *c = sharc_op_clone_mapped(op, map);
  sharc_rw_insert(rw, c);
  if (rw->listener && c->block)
    sharc_walk_nested(c, SHARC_PRE_ORDER, report_inserted, rw);
  return c;
}

static sharc_walk_result report_op_inserted(sharc_op *op, void *user) {
  notify_inserted(user, op, false);
  return SHARC_WALK_ADVANCE;
}

void sharc_rw_clone_region_before(sharc_rewriter *rw, sharc_region *from, sharc_region *to,
                                  sharc_block *before, sharc_mapping *map) {
  sharc_block *old_last = to->last;
  sharc_mapping *own = map ? NULL : sharc_mapping_create();
  sharc_region_clone_into(from, to, map ? map : own);
  sharc_block *b = old_last ? old_last->next : to->first;
  while (b) {
    sharc_block *next = b->next;
    if (before) {
      sharc_block_remove_from_parent(b);
      sharc_region_insert_block(to, before, b);
    }
    /* as MLIR's cloneRegionBefore: the block, then its ops in pre-order */
    notify_block_inserted(rw, b);
    for (sharc_op *op = b->first; rw->listener && op; op = op->next)
      sharc_walk(op, SHARC_PRE_ORDER, report_op_inserted, rw);
    b = next;
  }
  if (own)
    sharc_mapping_destroy(own);
}

sharc_block *sharc_rw_create_block(sharc_rewriter *rw, sharc_region *r, sharc_block *before,
                                   sharc_type *const *types, unsigned n,
                                   sharc_attr *const *locs) {
  sharc_block *b = sharc_block_create(rw->ctx);
  for (unsigned i = 0; i < n; i++)
    sharc_block_add_arg(b, types[i], locs ? locs[i] : NULL);
  sharc_region_insert_block(r, before, b);
  notify_block_inserted(rw, b);
  sharc_rw_set_block_end(rw, b);
  return b;
}

/* ---- replacement -------------------------------------------------------- */

void sharc_rw_replace_all_uses(sharc_rewriter *rw, sharc_value *from, sharc_value *to) {
  if (from == to)
    return;
  /* one use at a time, in use-list order, each user told (as MLIR) */
  while (from->uses) {
    sharc_use *u = from->uses;
    sharc_op_set_operand(u->owner, sharc_use_operand_index(u), to);
    notify_modified(rw, u->owner);
  }
}

void sharc_rw_replace_uses_if(sharc_rewriter *rw, sharc_value *from, sharc_value *to,
                              sharc_use_pred pred, void *user) {
  if (from == to)
    return;
  for (sharc_use *u = from->uses, *next; u; u = next) {
    next = u->next;
    if (!pred(u, user))
      continue;
    sharc_op *owner = u->owner;
    sharc_op_set_operand(owner, sharc_use_operand_index(u), to);
    notify_modified(rw, owner);
  }
}

void sharc_rw_replace_op(sharc_rewriter *rw, sharc_op *op, sharc_value *const *values,
                         unsigned n) {
  notify_replaced(rw, op, values, n);
  for (unsigned i = 0; i < op->num_results && i < n; i++)
    sharc_rw_replace_all_uses(rw, &sharc_op_results_of(op)[i], values[i]);
  sharc_rw_erase_op(rw, op);
}

void sharc_rw_replace_op_with_op(sharc_rewriter *rw, sharc_op *op, sharc_op *with) {
  sharc_value *stack[16] = {0};
  sharc_value **values =
      with->num_results <= 16 ? stack : sharc_xmalloc_array(with->num_results, sizeof *values);
  for (unsigned i = 0; i < with->num_results; i++)
    values[i] = &sharc_op_results_of(with)[i];
  sharc_rw_replace_op(rw, op, values, with->num_results);
  if (values != stack)
    free(values);
}

sharc_op *sharc_rw_replace_op_with_new(sharc_rewriter *rw, sharc_op *op,
                                       const sharc_op_state *st) {
  sharc_insert_point saved = rw->ip;
  sharc_rw_set_before(rw, op);
  sharc_op *created = sharc_rw_create(rw, st);
  rw->ip = saved;
  sharc_rw_replace_op_with_op(rw, op, created);
  return created;
}

/* ---- erasure ------------------------------------------------------------ */

static void erase_tree(sharc_rewriter *rw, sharc_op *op);

typedef SHARC_VEC(sharc_block *) block_vec;

/* LLVM's post_order over the CFG of `entry`'s region: successors before
 * predecessors, each block once (`seen`). */
static void cfg_post_order(sharc_block *entry, sharc_ptrmap *seen, block_vec *out) {
  typedef struct frame {
    sharc_block *block;
    unsigned next_succ;
  } frame;
  SHARC_VEC(frame) stack = {0};
  sharc_region *r = entry->parent;
  bool single = r->first == r->last; /* a lone block has no successors */
  frame f0 = {entry, 0};
  sharc_vec_push(&stack, f0);
  sharc_ptrmap_put(seen, entry, entry);
  while (stack.len) {
    frame *f = &sharc_vec_last(&stack);
    sharc_op *term = single ? NULL : f->block->last;
    if (!term || f->next_succ == sharc_op_num_successors_of(term)) {
      sharc_vec_push(out, f->block);
      stack.len--;
      continue;
    }
    sharc_block *s = sharc_op_successors_of(term)[f->next_succ++];
    if (!s || s->parent != r || sharc_ptrmap_get(seen, s))
      continue;
    sharc_ptrmap_put(seen, s, s);
    frame next = {s, 0};
    sharc_vec_push(&stack, next);
  }
  sharc_vec_free(&stack);
}

/* The ops of a region as MLIR's eraseOp reports them: blocks in post-order
 * of the CFG (successors before the predecessors whose values they may
 * use), each block's ops last first, then those blocks; repeated from the
 * new entry until the region is empty (the CFG may be disconnected). */
static void erase_region_ops(sharc_rewriter *rw, sharc_region *r) {
  block_vec order = {0};
  while (r->first) {
    sharc_ptrmap seen = {0};
    order.len = 0;
    cfg_post_order(r->first, &seen, &order);
    sharc_ptrmap_free(&seen);
    for (unsigned i = 0; i < order.len; i++)
      for (sharc_op *o = order.items[i]->last, *prev; o; o = prev) {
        prev = o->prev;
        erase_tree(rw, o);
      }
    for (unsigned i = 0; i < order.len; i++) {
      sharc_block *b = order.items[i];
      for (unsigned a = 0; a < b->num_args; a++)
        while (b->args[a]->uses)
          sharc_op_set_operand(b->args[a]->uses->owner, sharc_use_operand_index(b->args[a]->uses), NULL);
      notify_block_erased(rw, b);
      sharc_block_remove_from_parent(b);
    }
  }
  sharc_vec_free(&order);
}

static void erase_tree(sharc_rewriter *rw, sharc_op *op) {
  if (rw->listener)
    for (unsigned i = op->num_regions; i-- > 0;)
      erase_region_ops(rw, &sharc_op_regions_of(op)[i]);
  notify_erased(rw, op);
  sharc_op_erase(op);
}

void sharc_rw_erase_op(sharc_rewriter *rw, sharc_op *op) { erase_tree(rw, op); }

void sharc_rw_erase_block(sharc_rewriter *rw, sharc_block *b) {
  for (sharc_op *o = b->last, *prev; o; o = prev) {
    prev = o->prev;
    erase_tree(rw, o);
  }
  notify_block_erased(rw, b);
  sharc_block_remove_from_parent(b);
}

/* ---- in-place changes --------------------------------------------------- */

void sharc_rw_modified(sharc_rewriter *rw, sharc_op *op) { notify_modified(rw, op); }

void sharc_rw_set_attr(sharc_rewriter *rw, sharc_op *op, const char *name, sharc_attr *value) {
  sharc_op_set_attr(op, name, value);
  notify_modified(rw, op);
}

void sharc_rw_set_operand(sharc_rewriter *rw, sharc_op *op, unsigned i, sharc_value *v) {
  sharc_op_set_operand(op, i, v);
  notify_modified(rw, op);
}

/* ---- moves ---------------------------------------------------------------- */

void sharc_rw_move_before(sharc_rewriter *rw, sharc_op *op, sharc_op *before) {
  sharc_op_move_before(op, before);
  notify_inserted(rw, op, true);
}

void sharc_rw_move_after(sharc_rewriter *rw, sharc_op *op, sharc_op *after) {
  sharc_op_move_after(op, after);
  notify_inserted(rw, op, true);
}

void sharc_rw_move_to_end(sharc_rewriter *rw, sharc_op *op, sharc_block *b) {
  sharc_op_move_to_end(op, b);
  notify_inserted(rw, op, true);
}

void sharc_rw_inline_region_before(sharc_rewriter *rw, sharc_region *from, sharc_region *to,
                                   sharc_block *before) {
  while (from->first) {
    sharc_block *b = from->first;
    sharc_block_remove_from_parent(b);
    sharc_region_insert_block(to, before, b);
    notify_block_inserted(rw, b);
  }
}

void sharc_rw_inline_block_before(sharc_rewriter *rw, sharc_block *src, sharc_block *dest,
                                  sharc_op *before, sharc_value *const *args, unsigned n) {
  for (unsigned i = 0; i < src->num_args && i < n; i++)
    sharc_rw_replace_all_uses(rw, src->args[i], args[i]);
  while (src->first) {
    sharc_op *op = src->first;
    sharc_op_remove_from_parent(op);
    if (before)
      sharc_block_insert_before(before, op);
    else
      sharc_block_append_op(dest, op);
    notify_inserted(rw, op, true);
  }
  /* an insertion point in the source moves with its ops (its end: to where
   * the source's end went), as MLIR's inlineBlockBefore does */
  if (rw->ip.block == src)
    rw->ip = (sharc_insert_point){dest, rw->ip.before ? rw->ip.before : before};
  notify_block_erased(rw, src);
  sharc_block_remove_from_parent(src);
}

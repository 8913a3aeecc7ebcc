/* MLIR's region simplification (RegionUtils): erasing blocks no path from
 * the entry reaches, and region DCE, which erases ops that liveness cannot
 * prove needed (dead cycles in graph regions included). */
#include "ir/context.h"
#include "ir/op_cursor.h"
#include "ir/region_utils.h"
#include "rewrite/greedy_internal.h"

/* ---- unreachable blocks --------------------------------------------------- */

static void mark_reachable(sharc_region *r, sharc_ptrmap *reach) {
  SHARC_VEC(sharc_block *) stack = {0};
  sharc_vec_push(&stack, r->first);
  sharc_ptrmap_put(reach, r->first, r->first);
  while (stack.len) {
    sharc_block *b = sharc_vec_pop(&stack);
    sharc_op *term = b->last;
    for (unsigned i = 0; term && i < sharc_op_num_successors_of(term); i++) {
      sharc_block *s = sharc_op_successors_of(term)[i];
      if (s->parent != r || sharc_ptrmap_get(reach, s))
        continue;
      sharc_ptrmap_put(reach, s, s);
      sharc_vec_push(&stack, s);
    }
  }
  sharc_vec_free(&stack);
}

/* Values defined in `b` lose their uses (users elsewhere keep a NULL). */
static void drop_defined_value_uses(sharc_block *b) {
  for (unsigned i = 0; i < b->num_args; i++)
    while (b->args[i]->uses)
      sharc_op_set_operand(b->args[i]->uses->owner, sharc_use_operand_index(b->args[i]->uses), NULL);
  for (sharc_op *op = b->first; op; op = op->next)
    for (unsigned i = 0; i < op->num_results; i++)
      while (sharc_op_results_of(op)[i].uses)
        sharc_op_set_operand(sharc_op_results_of(op)[i].uses->owner, sharc_use_operand_index(sharc_op_results_of(op)[i].uses), NULL);
}

/* Whether the simplification passes over `op`'s regions (see
 * sharc_simplify_region_skipping). */
static bool passed_over(const sharc_ptrmap *skip, const sharc_op *op) {
  return op->num_regions && skip && sharc_ptrmap_get(skip, op);
}

static void push_nested_regions(sharc_block *b, void *stack_, const sharc_ptrmap *skip) {
  SHARC_VEC(sharc_region *) *stack = stack_;
  for (sharc_op *op = b->first; op; op = op->next) {
    if (passed_over(skip, op))
      continue;
    for (unsigned i = 0; i < op->num_regions; i++)
      sharc_vec_push(stack, &sharc_op_regions_of(op)[i]);
  }
}

bool sharc_erase_unreachable_blocks(sharc_rewriter *rw, sharc_region *region) {
  return sharc_erase_unreachable_blocks_skipping(rw, region, NULL);
}

bool sharc_erase_unreachable_blocks_skipping(sharc_rewriter *rw, sharc_region *region,
                                             const sharc_ptrmap *skip) {
  SHARC_VEC(sharc_region *) stack = {0};
  sharc_vec_push(&stack, region);
  unsigned erased = 0;
  while (stack.len) {
    sharc_region *r = sharc_vec_pop(&stack);
    if (!r->first)
      continue;
    if (r->first == r->last) {
      push_nested_regions(r->first, &stack, skip);
      continue;
    }
    sharc_ptrmap reach = {0};
    mark_reachable(r, &reach);
    for (sharc_block *b = r->first, *next; b; b = next) {
      next = b->next;
      if (sharc_ptrmap_get(&reach, b)) {
        push_nested_regions(b, &stack, skip);
        continue;
      }
      drop_defined_value_uses(b);
      sharc_rw_erase_block(rw, b);
      erased++;
    }
    sharc_ptrmap_free(&reach);
  }
  sharc_vec_free(&stack);
  return erased > 0;
}

/* ---- region DCE -------------------------------------------------------------
 * Liveness is tracked per op (as MLIR's LiveMap does for results) and per
 * block argument, to a fixpoint; then every op not proven live goes. Each
 * run marks what is live with a mark of its own, in the ops and values
 * themselves: a map of every op of a large region costs a cache miss per
 * lookup, and each op is looked up once per round.
 *
 * The round that reaches the fixpoint also lists the ops it leaves not
 * live, in the order MLIR's deletion walk meets them, so that no walk of
 * the region is needed to erase them: in a region of a 1M-op program each
 * walk costs a cache miss per op. */
typedef struct live_map {
  unsigned mark;
  bool changed;
  /* a use may come before its definition in the walk: across blocks, or
   * between ops of a graph region (else one round reaches the fixpoint) */
  bool unordered;
  /* a region walked has several blocks: only such a region can hold an
   * unreachable block (the round walks every region the search for them
   * would) */
  bool multi_block;
  const sharc_ptrmap *skip; /* ops whose regions are passed over, or NULL */
  /* the ops not live, outermost ones only (an op's nested ones go with
   * it), last to first as the deletion walk erases them */
  SHARC_VEC(sharc_op *) dead;
} live_map;

static bool op_live(const live_map *m, const sharc_op *op) { return op->live_mark == m->mark; }

static bool value_live(const live_map *m, const sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT)
    return op_live(m, sharc_value_op_of(v));
  return sharc_value_arg_mark(v) == m->mark;
}

static void set_op_live(live_map *m, sharc_op *op) {
  if (op_live(m, op))
    return;
  op->live_mark = m->mark;
  m->changed = true;
}

/* A result stands for its op (MLIR marks results; an op is live with any). */
static void set_value_live(live_map *m, sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT) {
    set_op_live(m, sharc_value_op_of(v));
    return;
  }
  if (sharc_value_arg_mark(v) == m->mark)
    return;
  sharc_value_set_arg_mark(v, m->mark);
  m->changed = true;
}

static void process_value(live_map *m, sharc_value *v) {
  for (const sharc_use *u = v->uses; u; u = u->next)
    if (op_live(m, u->owner)) {
      set_value_live(m, v);
      return;
    }
}

static void live_region(live_map *m, sharc_region *r);

/* The op, after its regions, live or not. Liveness is final when the op
 * is decided (its users came before it in this round, or the round is the
 * one that changed nothing), so an op left not live is dead: it replaces
 * what its regions listed, as it is erased with them. */
static void live_op(live_map *m, sharc_op *op) {
  unsigned nested = m->dead.len;
  for (unsigned i = 0; i < op->num_regions && !passed_over(m->skip, op); i++)
    live_region(m, &sharc_op_regions_of(op)[i]);
  if (sharc_op_def_of(op) && (sharc_op_def_of(op)->traits & SHARC_TRAIT_TERMINATOR)) {
    /* terminators are live, and with no branch interface to reason about
     * their successor operands, so are their successors' arguments */
    set_op_live(m, op);
    for (unsigned s = 0; s < sharc_op_num_successors_of(op); s++)
      for (unsigned i = 0; i < sharc_op_successors_of(op)[s]->num_args; i++)
        set_value_live(m, sharc_op_successors_of(op)[s]->args[i]);
    return;
  }
  if (op_live(m, op))
    return;
  /* (a terminator answered above: a plainly pure op here would be dead
   * unused, unless it is a symbol) */
  const sharc_op_def *def = sharc_op_def_of(op);
  bool plain = sharc_op_def_plainly_pure(def) && !(def->traits & SHARC_TRAIT_SYMBOL);
  /* An op is live when it has an effect or a live user, whichever is
   * asked first. For an op with regions the effect question may read its
   * whole body (recursive effects: every fragment), so its users, most
   * often live, are asked first; other ops answer the effect question
   * without leaving their own lines, before their users' are read. */
  bool intrinsic_first = !plain && !op->num_regions;
  if (intrinsic_first && !sharc_op_would_be_trivially_dead(op)) {
    set_op_live(m, op);
    return;
  }
  for (unsigned i = 0; i < op->num_results; i++)
    process_value(m, &sharc_op_results_of(op)[i]);
  if (op_live(m, op))
    return;
  if (!plain && !intrinsic_first && !sharc_op_would_be_trivially_dead(op)) {
    set_op_live(m, op);
    return;
  }
  m->dead.len = nested;
  sharc_vec_push(&m->dead, op);
}

/* Blocks last to first approximates MLIR's post-order over the CFG, which
 * only decides how many rounds the fixpoint takes. Ops last to first visit
 * every user of a value before its definition where dominance holds. */
static void live_region(live_map *m, sharc_region *r) {
  bool graph = sharc_region_may_be_graph(r);
  if (r->first != r->last)
    m->unordered = m->multi_block = true;
  for (sharc_block *b = r->last; b; b = b->prev) {
    sharc_op_cursor c;
    for (sharc_op *op = sharc_op_cursor_last(&c, b); op; op = sharc_op_cursor_prev(&c)) {
      if (graph && op->num_results)
        m->unordered = true;
      live_op(m, op);
    }
    if (b == r->first)
      continue;
    for (unsigned i = 0; i < b->num_args; i++)
      if (!value_live(m, b->args[i]))
        process_value(m, b->args[i]);
  }
}

/* Rounds to the fixpoint, each listing anew the ops it leaves not live. */
static void run_liveness(live_map *m, sharc_region *region) {
  m->mark = sharc_context_fresh_mark(sharc_op_ctx_of(region->parent));
  do {
    m->changed = false;
    m->dead.len = 0;
    live_region(m, region);
  } while (m->changed && m->unordered);
}

/* The listed ops go, their results' users (dead too) losing them first. */
static bool delete_dead(sharc_rewriter *rw, live_map *m) {
  for (unsigned k = 0; k < m->dead.len; k++) {
    sharc_op *op = m->dead.items[k];
    for (unsigned i = 0; i < op->num_results; i++)
      while (sharc_op_results_of(op)[i].uses)
        sharc_op_set_operand(sharc_op_results_of(op)[i].uses->owner,
                             sharc_use_operand_index(sharc_op_results_of(op)[i].uses), NULL);
    sharc_rw_erase_op(rw, op);
  }
  return m->dead.len > 0;
}

bool sharc_simplify_region(sharc_rewriter *rw, sharc_region *region, bool merge_blocks) {
  return sharc_simplify_region_skipping(rw, region, merge_blocks, NULL);
}

/* Unreachable blocks go first, then dead ops. Liveness is found first:
 * its walk says whether any region has several blocks, and only then is
 * the search for unreachable ones made (and liveness found again when it
 * erased some), which spares a walk of the whole region. */
bool sharc_simplify_region_skipping(sharc_rewriter *rw, sharc_region *region, bool merge_blocks,
                                    const sharc_ptrmap *skip) {
  (void)merge_blocks; /* identical-block merging: see docs/passes.md */
  live_map m = {.skip = skip};
  run_liveness(&m, region);
  bool changed = false;
  if (m.multi_block && sharc_erase_unreachable_blocks_skipping(rw, region, skip)) {
    changed = true;
    m.unordered = m.multi_block = false;
    run_liveness(&m, region);
  }
  changed |= delete_dead(rw, &m);
  sharc_vec_free(&m.dead);
  return changed;
}

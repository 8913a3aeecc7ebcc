/* MLIR's greedy pattern rewrite driver: a LIFO worklist seeded in post- or
 * pre-order, dead-op erasure, folding, constant deduplication and hoisting,
 * region simplification, iterated until nothing changes. */
#include "rewrite/greedy_internal.h"
#include "rewrite/patterns.h"
#include "ir/op_cursor.h"
#include "ir/region_utils.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

sharc_greedy_config sharc_greedy_config_default(void) {
  return (sharc_greedy_config){
      .top_down = false,
      .fold = true,
      .cse_constants = true,
      .region_simplify = SHARC_SIMPLIFY_NORMAL,
      .max_iterations = 10,
      .max_rewrites = -1,
      .strictness = SHARC_STRICT_ANY_OP,
  };
}

/* ---- side effects --------------------------------------------------------- */

bool sharc_op_is_memory_effect_free(const sharc_op *op) {
  if (!sharc_op_def_of(op))
    return false;
  if (sharc_op_def_of(op)->effect_free)
    return sharc_op_def_of(op)->effect_free(op);
  if (sharc_op_def_of(op)->traits & SHARC_TRAIT_PURE)
    return true;
  if (!(sharc_op_def_of(op)->traits & SHARC_TRAIT_RECURSIVE_EFFECTS))
    return false;
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        /* a pure op without its own hook answers at once (most nested ops:
         * region DCE asks this of every fragment, which reads its body) */
        if (sharc_op_def_plainly_pure(sharc_op_def_of(o)))
          continue;
        if (!sharc_op_is_memory_effect_free(o))
          return false;
      }
  return true;
}

bool sharc_op_would_be_trivially_dead(const sharc_op *op) {
  /* an unregistered op might be a terminator or have any effect */
  if (!sharc_op_def_of(op) ||
      (sharc_op_def_of(op)->traits & (SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_SYMBOL)))
    return false;
  return sharc_op_is_memory_effect_free(op);
}

/* Inline in the driver, which asks it of every op it pops: most have a
 * used result, and the answer is then a load or two. */
static inline bool trivially_dead(const sharc_op *op) {
  for (unsigned i = 0; i < op->num_results; i++)
    if (sharc_op_results_of(op)[i].uses)
      return false;
  return sharc_op_would_be_trivially_dead(op);
}

bool sharc_op_is_trivially_dead(const sharc_op *op) { return trivially_dead(op); }

sharc_attr *sharc_op_constant_value(sharc_op *op) {
  if (!sharc_op_def_of(op) || !(sharc_op_def_of(op)->traits & SHARC_TRAIT_CONSTANT_LIKE) ||
      !sharc_op_def_of(op)->fold || op->num_results != 1)
    return NULL;
  sharc_fold_result r = {NULL, NULL};
  if (sharc_op_def_of(op)->fold(op, &r) != SHARC_FOLD_RESULTS)
    return NULL;
  return r.attr;
}

/* ---- the worklist ----------------------------------------------------------
 * Ops in a vector; an op on it has its on_worklist bit set, so that pushing
 * is O(1) without a hash lookup. The only removal is of an op being erased
 * (on_erased): its entry stays and is skipped when popping, as the op is
 * erased by then, and erased ops stay allocated (ops.c), so the op needs
 * no slot number to find its entry by. */
typedef struct worklist {
  SHARC_VEC(sharc_op *) list;
} worklist;

static void wl_clear(worklist *w) {
  for (unsigned i = 0; i < w->list.len; i++)
    w->list.items[i]->on_worklist = 0;
  sharc_vec_clear(&w->list);
}

/* Called for every op of every seeding walk: the vector grows out of line
 * only when full. */
static inline void wl_push(worklist *w, sharc_op *op) {
  if (op->on_worklist)
    return;
  if (w->list.len == w->list.cap)
    sharc_vec_reserve(&w->list, (size_t)w->list.len + 1);
  w->list.items[w->list.len++] = op;
  op->on_worklist = 1;
}

/* Drops the entries of erased ops at the end. */
static void wl_trim(worklist *w) {
  while (w->list.len && sharc_vec_last(&w->list)->erased)
    w->list.len--;
}

/* The one trim per pop: it leaves a live op last, for wl_pop. */
static bool wl_empty(worklist *w) {
  wl_trim(w);
  return w->list.len == 0;
}

/* How many pops ahead wl_pop asks for an op's lines: in a large module
 * each pop waits on memory for the op (popped in about the order of a
 * walk, seldom laid out so after rewrites), and a pop's own work can hide
 * the waits for the next few. */
enum { WL_PREFETCH_AHEAD = 4 };

/* The last op, after wl_empty said there is one (and trimmed); entries of
 * ops erased meanwhile are dropped by the next wl_empty. */
static sharc_op *wl_pop(worklist *w) {
  if (w->list.len > WL_PREFETCH_AHEAD) {
    const char *ahead = (const char *)w->list.items[w->list.len - 1 - WL_PREFETCH_AHEAD];
    __builtin_prefetch(ahead - sizeof(sharc_value)); /* its last result */
    __builtin_prefetch(ahead);
  }
  sharc_op *op = sharc_vec_pop(&w->list);
  op->on_worklist = 0;
  return op;
}

/* `op` is about to be erased: its entry, if any, turns dead then. */
static void wl_remove(worklist *w, sharc_op *op) {
  (void)w;
  op->on_worklist = 0;
}

static void wl_reverse(worklist *w) {
  for (unsigned i = 0, j = w->list.len; i + 1 < j; i++, j--) {
    sharc_op *t = w->list.items[i];
    w->list.items[i] = w->list.items[j - 1];
    w->list.items[j - 1] = t;
  }
}

/* ---- the driver ------------------------------------------------------------ */

typedef struct driver {
  sharc_listener listener; /* first: the rewriter reports to the driver */
  sharc_greedy_config config;
  sharc_pattern_set *patterns;
  sharc_pattern_roots roots; /* the set's, read once */
  sharc_region *scope;
  sharc_rewriter rw;
  worklist wl;
  sharc_ptrmap strict;     /* ops the driver may touch (strict modes) */
  sharc_const_folder folder;
  /* the seeding walk met a region of several blocks: only those can hold
   * unreachable blocks, so without one the search for them is skipped */
  bool multi_block;
  /* it met a graph region holding an op with results (where dead ops may
   * use each other in a cycle) */
  bool graph_results;
  /* not every op of the scope went to the worklist: a replayed seeding, or
   * a quiet body that region simplification does not pass over */
  bool partial_seed;
  /* seeding leaves out quiet isolated bodies (see "seeding without quiet
   * isolated bodies" below) */
  bool skip_quiet;
  /* and region simplification runs, passing over the regular ones */
  bool note_plain;
  bool in_candidate;   /* the seeding is in the body of an isolated op */
  bool scanning;       /* it only looks at that body: no pushes */
  bool body_acting;    /* the innermost such body has an op that can act */
  bool body_irregular; /* it has a region of several blocks or a graph region */
  /* isolated ops whose body a look inside an enclosing body's look has
   * already judged (see seed_candidate), with that judgement */
  sharc_ptrmap judged;
  /* isolated ops whose body this run found quiet and regular (see "bodies
   * found quiet before" below): every op in them is live, so region
   * simplification and the search for unreachable blocks pass over them */
  sharc_ptrmap known_quiet;
  /* ancestors config.idle_ancestor said are idle (a map used as a set),
   * and the one found last, which most notifications meet again (their
   * function) */
  sharc_ptrmap idle;
  const sharc_op *idle_last;
} driver;

/* Whether a pattern of the set may be rooted at `def`'s ops: false for
 * most ops a driver meets, without a call or a map lookup. */
static inline bool may_be_rooted(const driver *d, const sharc_op_def *def) {
  return def && (d->roots.bits & sharc_pattern_root_bit(def));
}

/* Whether popping an op of kind `def` may try a pattern: when false,
 * sharc_patterns_apply_one would find none and return false. */
static inline bool may_match(const driver *d, const sharc_op_def *def) {
  return d->roots.any || may_be_rooted(d, def);
}

/* Inline in every seeding walk's push (a call per op cost more than the
 * push once add_in_scope grew the idle check). */
static inline __attribute__((always_inline)) void add_single(driver *d, sharc_op *op) {
  if (d->config.strictness == SHARC_STRICT_ANY_OP || sharc_ptrmap_get(&d->strict, op))
    wl_push(&d->wl, op);
}

/* Whether `op` lies in the scope (its ancestors' regions reach it). The
 * links are read here rather than through sharc_op_parent_region: this and
 * the loop below run for every op of every seeding walk. */
static bool in_scope(const driver *d, const sharc_op *op) {
  for (const sharc_op *cur = op; cur && cur->block;) {
    sharc_region *r = cur->block->parent;
    if (r == d->scope)
      return true;
    if (!r)
      return false;
    cur = r->parent;
  }
  return false;
}

/* Whether every pop of `op` does nothing, whatever happens in the run:
 * a symbol (never trivially dead), nothing to fold, no pattern to try. */
static bool plainly_idle(const driver *d, const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  return def && (def->traits & SHARC_TRAIT_SYMBOL) && !may_match(d, def) &&
         !(d->config.fold && def->fold);
}

/* idle_ancestor's look for an ancestor off the worklist, out of line:
 * most ancestors met are on it already, or the one found idle last. */
static bool __attribute__((noinline)) found_idle(driver *d, sharc_op *op) {
  if (!plainly_idle(d, op) && !(d->idle.count && sharc_ptrmap_get(&d->idle, op))) {
    if (!d->config.idle_ancestor || !d->config.idle_ancestor(op, d->config.idle_ancestor_user))
      return false;
    sharc_ptrmap_put(&d->idle, op, op);
  }
  d->idle_last = op;
  return true;
}

/* Whether `op`, met as an ancestor of a notified op, stays off the
 * worklist: its pops would do nothing (plainly_idle, or the set's user
 * says so through config.idle_ancestor). */
static inline bool idle_ancestor(driver *d, sharc_op *op) {
  if (op == d->idle_last)
    return true;
  return !op->on_worklist && found_idle(d, op);
}

/* The op and all its ancestors up to the scope, innermost first, for an
 * op known to be in the scope (a seeding walk's op that did not move);
 * MLIR's addToWorklist, less the idle ancestors. */
static void add_in_scope(driver *d, sharc_op *op) {
  add_single(d, op);
  for (sharc_op *cur = op;;) {
    sharc_region *r = cur->block->parent; /* in the scope: linked up to it */
    if (r == d->scope)
      return;
    cur = r->parent;
    if (!idle_ancestor(d, cur))
      add_single(d, cur);
  }
}

/* The same for any op; nothing when it is outside the scope. The chain
 * is walked twice rather than gathered. */
static void add_to_worklist(driver *d, sharc_op *op) {
  if (in_scope(d, op))
    add_in_scope(d, op);
}

/* After `op` goes, the ops defining its operands may have become dead or
 * have a single user left: look at them again. */
static void add_operand_defs(driver *d, sharc_op *op) {
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++) {
    sharc_value *v = uses[i].value;
    sharc_op *def = v ? sharc_value_defining_op(v) : NULL;
    if (!def)
      continue;
    const sharc_op *other = NULL;
    bool more = false;
    for (const sharc_use *u = v->uses; u && !more; u = u->next) {
      if (u->owner == op || u->owner == other)
        continue;
      if (other)
        more = true;
      else
        other = u->owner;
    }
    if (!more)
      add_to_worklist(d, def);
  }
}

static void on_inserted(sharc_listener *l, sharc_op *op, bool moved) {
  (void)moved;
  driver *d = (driver *)l;
  if (d->config.strictness == SHARC_STRICT_EXISTING_AND_NEW)
    sharc_ptrmap_put(&d->strict, op, op);
  add_to_worklist(d, op);
}

static void on_modified(sharc_listener *l, sharc_op *op) { add_to_worklist((driver *)l, op); }

static void on_erased(sharc_listener *l, sharc_op *op) {
  driver *d = (driver *)l;
  if (op->num_regions && d->known_quiet.count)
    sharc_ptrmap_put(&d->known_quiet, op, NULL);
  add_operand_defs(d, op);
  wl_remove(&d->wl, op);
  sharc_const_folder_forget(&d->folder, op);
  if (d->config.strictness != SHARC_STRICT_ANY_OP)
    sharc_ptrmap_put(&d->strict, op, NULL);
}

/* ---- processing ------------------------------------------------------------ */

/* MLIR folds an op and replaces it by the values or by constants the
 * dialect materializes; true when it folded. */
static bool try_fold(driver *d, sharc_op *op) {
  if (!sharc_op_def_of(op) || !sharc_op_def_of(op)->fold ||
      (sharc_op_def_of(op)->traits & SHARC_TRAIT_CONSTANT_LIKE))
    return false;
  sharc_fold_result stack[8];
  sharc_fold_result *res =
      op->num_results <= 8 ? stack : sharc_xcalloc(op->num_results, sizeof *res);
  for (unsigned i = 0; i < op->num_results; i++)
    res[i] = (sharc_fold_result){NULL, NULL};
  bool folded = sharc_fold_apply(&d->rw, op, res);
  if (res != stack)
    free(res);
  return folded;
}

static bool process_worklist(driver *d) {
  bool changed = false;
  int64_t rewrites = 0;
  while (!wl_empty(&d->wl) && (d->config.max_rewrites < 0 || rewrites < d->config.max_rewrites)) {
    sharc_op *op = wl_pop(&d->wl); /* live: wl_empty trimmed */
    if (trivially_dead(op)) {
      sharc_rw_erase_op(&d->rw, op);
      changed = true;
      continue;
    }
    if (d->config.fold && try_fold(d, op)) {
      changed = true;
      continue;
    }
    if (may_match(d, sharc_op_def_of(op)) && sharc_patterns_apply_one(d->patterns, op, &d->rw)) {
      changed = true;
      rewrites++;
    }
  }
  return changed;
}

static bool has_op_with_results(const sharc_region *r) {
  for (const sharc_op *o = r->first->first; o; o = o->next)
    if (o->num_results)
      return true;
  return false;
}

/* What a region met by the seeding says (see simplify_needed). */
static void note_region(driver *d, const sharc_region *r) {
  if (r->first != r->last)
    d->multi_block = true;
  else if (r->first && !d->graph_results && sharc_region_may_be_graph(r))
    d->graph_results = has_op_with_results(r);
}

static void note_regions(driver *d, const sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    note_region(d, &sharc_op_regions_of(op)[i]);
}

/* One op of a seeding walk: the constant folder may replace it, or hoist
 * it to another block (maybe out of the scope), and then it takes
 * add_to_worklist's whole look here; any other op is in the scope and is
 * left for the caller to push. */
typedef enum { SEED_REPLACED, SEED_MOVED, SEED_IN_PLACE } seed_outcome;

static inline seed_outcome seed_walked(driver *d, sharc_op *op) {
  note_regions(d, op);
  sharc_block *block = op->block;
  /* only a constant-like op may be replaced or moved: the others need
   * no call */
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def || !(def->traits & SHARC_TRAIT_CONSTANT_LIKE))
    return SEED_IN_PLACE;
  if (d->config.cse_constants && sharc_const_folder_replaced(&d->folder, &d->rw, op))
    return SEED_REPLACED;
  if (op->block == block)
    return SEED_IN_PLACE;
  add_to_worklist(d, op);
  return SEED_MOVED;
}

/* Post-order seeding (the driver's default): sharc_walk_region's order
 * (each block's next block and each op's next op taken before the visit,
 * an op after its regions), with the visit inlined rather than called
 * back for every op of the scope. */
static void seed_post_order(driver *d, sharc_region *region) {
  for (sharc_block *b = region->first, *next; b; b = next) {
    next = b->next;
    sharc_op_cursor c;
    for (sharc_op *o = sharc_op_cursor_first(&c, b); o; o = sharc_op_cursor_next(&c)) {
      for (unsigned i = 0; i < o->num_regions; i++)
        seed_post_order(d, &sharc_op_regions_of(o)[i]);
      if (seed_walked(d, o) == SEED_IN_PLACE)
        add_in_scope(d, o);
    }
  }
}

/* The walk is pre-order within the scope: the op's ancestors up to the
 * scope were met before it and pushed (or, out of a strict set, not), so
 * pushing them again would change nothing. */
static sharc_walk_result seed_pre(sharc_op *op, void *user) {
  seed_outcome o = seed_walked(user, op);
  if (o == SEED_IN_PLACE)
    add_single(user, op);
  return o == SEED_REPLACED ? SHARC_WALK_SKIP : SHARC_WALK_ADVANCE;
}

static sharc_walk_result note_strict(sharc_op *op, void *user) {
  driver *d = user;
  sharc_ptrmap_put(&d->strict, op, op);
  return SHARC_WALK_ADVANCE;
}

void sharc_greedy_seed_free(sharc_greedy_seed *seed) {
  free(seed->ops);
  *seed = (sharc_greedy_seed){0};
}

/* Whether config.seed may stand for the walk: only top-down seeding
 * without constant CSE (which rewrites while seeding) and without a strict
 * set pushes exactly the ops walked. */
static bool seed_usable(const driver *d) {
  return d->config.seed && d->config.top_down && !d->config.cse_constants &&
         d->config.strictness == SHARC_STRICT_ANY_OP;
}

/* The worklist as the walk left it, remembered (ops only pushed in walk
 * order: every ancestor comes before its nested ops). Not when a region
 * has several blocks: unreachable ones may go between runs. */
static void seed_record(driver *d, sharc_region *region) {
  sharc_greedy_seed *s = d->config.seed;
  sharc_greedy_seed_free(s);
  if (d->multi_block)
    return;
  s->ops = sharc_xmalloc_array(d->wl.list.len + 1, sizeof *s->ops);
  for (unsigned i = 0; i < d->wl.list.len; i++)
    s->ops[i] = d->wl.list.items[i];
  s->len = s->cap = d->wl.list.len;
  s->region = region;
}

/* The remembered seeding, last op first (the walk's order reversed, as
 * top-down seeding leaves the worklist), without the ops erased since
 * (their nested ops are erased with them), which leave the list. */
static void seed_replay_reversed(driver *d) {
  sharc_greedy_seed *s = d->config.seed;
  unsigned first = s->len; /* the kept ops end up in ops[first..len) */
  sharc_vec_reserve(&d->wl.list, s->len);
  for (unsigned i = s->len; i-- > 0;) {
    sharc_op *op = s->ops[i];
    if (op->erased)
      continue;
    s->ops[--first] = op;
    wl_push(&d->wl, op);
  }
  if (first) {
    memmove(s->ops, s->ops + first, (s->len - first) * sizeof *s->ops);
    s->len -= first;
  }
}

/* ---- seeding without quiet isolated bodies ---------------------------------
 * With an isolation-local pattern set (sharc_pattern_set_declare_isolation_
 * local), no constant CSE or strict set, popping an op does something only
 * when it is trivially dead, foldable or a pattern is rooted at its kind
 * (may_act). An op nested in an isolated-from-above op (the candidate) can only
 * change through ops of the same body (its values are used there only, and
 * the patterns rooted outside keep out), so when at seeding no op of the
 * body can act, none will act when popped, and none of them is pushed again
 * before it would be popped, unless erasing unreachable blocks in the body
 * pushes it (so a body with a region of several blocks counts as acting:
 * has_multi_block_region). Such a body's ops are left out of the worklist
 * (seed_candidate): the worklist is then what MLIR's driver pops, less pops
 * that do nothing. */

static bool may_act(driver *d, sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (def && d->config.fold && def->fold && !(def->traits & SHARC_TRAIT_CONSTANT_LIKE))
    return true;
  return (may_be_rooted(d, def) && sharc_patterns_rooted_at(d->patterns, def)) ||
         trivially_dead(op);
}

static bool is_candidate(driver *d, const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  return op->num_regions && def && (def->traits & SHARC_TRAIT_ISOLATED) &&
         !(may_be_rooted(d, def) && sharc_patterns_rooted_at(d->patterns, def));
}

static bool irregular_regions(const sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++) {
    const sharc_region *r = &sharc_op_regions_of(op)[i];
    if (r->first != r->last || sharc_region_may_be_graph(r))
      return true;
  }
  return false;
}

/* A body holding a region of several blocks is not left out even when no
 * op in it can act: the search for unreachable blocks runs between seeding
 * and the first pop, and erasing one looks again at the ops defining the
 * erased ops' operands (add_operand_defs), which may lie in the body. MLIR
 * has them on the worklist then, where such a look changes nothing; left
 * out, they would be pushed on top and popped first. */
static bool has_multi_block_region(const sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++) {
    const sharc_region *r = &sharc_op_regions_of(op)[i];
    if (r->first != r->last)
      return true;
  }
  return false;
}

static void seed_visit(driver *d, sharc_op *op) {
  note_regions(d, op);
  /* once the body is known to act, its other ops need no look */
  if (d->in_candidate && !d->body_acting &&
      (may_act(d, op) || (op->num_regions && has_multi_block_region(op))))
    d->body_acting = true;
  if (d->in_candidate && op->num_regions && irregular_regions(op))
    d->body_irregular = true;
  if (!d->scanning)
    add_in_scope(d, op); /* no constant folder: nothing moved */
}

static void seed_ops_skipping(driver *d, sharc_region *region);

static void seed_body(driver *d, sharc_op *cand) {
  d->body_acting = has_multi_block_region(cand);
  d->body_irregular = irregular_regions(cand);
  for (unsigned i = 0; i < cand->num_regions; i++)
    seed_ops_skipping(d, &sharc_op_regions_of(cand)[i]);
}

/* A look at a body found an op that can act / irregular regions. */
enum { JUDGED = 1, JUDGED_ACTING = 2, JUDGED_IRREGULAR = 4 };

/* The look at `cand`'s body, or the one a look at an enclosing body
 * already took (the seeding changes nothing, so it holds): each body is
 * looked at once, not once per enclosing isolated op (which made nested
 * bodies cost their depth squared). */
static void judge_body(driver *d, sharc_op *cand) {
  uintptr_t j = d->judged.count ? (uintptr_t)sharc_ptrmap_get(&d->judged, cand) : 0;
  if (j) {
    d->body_acting = j & JUDGED_ACTING;
    d->body_irregular = j & JUDGED_IRREGULAR;
    return;
  }
  bool was_scanning = d->scanning;
  d->scanning = true;
  seed_body(d, cand);
  d->scanning = was_scanning;
  /* a look ends at the first op that can act: its irregularity is then
   * partial, and is found again by the walk that pushes the body */
  if (was_scanning)
    sharc_ptrmap_put(&d->judged, cand,
                     (void *)(uintptr_t)(JUDGED | (d->body_acting ? JUDGED_ACTING : 0) |
                                         (d->body_irregular ? JUDGED_IRREGULAR : 0)));
}

/* ---- bodies found quiet before ---------------------------------------------
 * A body found quiet and regular (every region in it, at any depth, has one
 * block and is not a graph region) stays so for the rest of the run, and
 * later iterations take that judgement instead of looking again (at 1M ops
 * each look reads every op of every quiet body). Nothing changes such a
 * body: its ops are off the worklist and nothing pushes them (an event on
 * one needs a change in the body); the set's patterns keep out of it
 * (sharc_pattern_set_declare_isolation_local), folding touches only popped
 * ops and the blocks they sit in (no constant folder runs here), region
 * simplification and the search for unreachable blocks pass over it (it is
 * their skip map), which would find nothing to erase in it anyway (no op
 * there is dead, and its regions have one block each). Whether an op can act (may_act) depends on the
 * run's set and config, the op's kind and the uses of its results, all
 * inside the body, so none can act later either.
 * The isolated op itself may go (on_erased forgets it; erased ops stay
 * allocated, so no other op takes its address) or move (its body with it).
 * A regular quiet body adds nothing to what note_regions gathers. */

/* The regions of an isolated op no pattern is rooted at: its ops go to
 * the worklist only when one of them can act. A first walk without pushes
 * says whether one can; only then is the body walked again, pushing. A
 * quiet body leaves the worklist as it would be had its ops been pushed
 * and taken out again: the first op pushed in it would have brought
 * `cand` and those of its ancestors not yet pushed (each op pushed has its
 * ancestors pushed), and those are pushed here. */
static void seed_candidate(driver *d, sharc_op *op) {
  bool was_in = d->in_candidate, outer_acting = d->body_acting;
  bool outer_irregular = d->body_irregular;
  d->in_candidate = true;
  bool known = d->known_quiet.count && sharc_ptrmap_get(&d->known_quiet, op);
  if (known)
    d->body_acting = d->body_irregular = false;
  else
    judge_body(d, op);
  if (d->body_acting && !d->scanning)
    seed_body(d, op);
  bool acting = d->body_acting, irregular = d->body_irregular;
  d->in_candidate = was_in;
  d->body_acting = outer_acting || acting;
  d->body_irregular = outer_irregular || irregular;
  if (acting)
    return;
  /* a quiet body's look went through all of it: its regularity is known */
  if (!known && !irregular)
    sharc_ptrmap_put(&d->known_quiet, op, op);
  if (!d->scanning)
    add_in_scope(d, op);
  /* region simplification passes over a regular quiet body as though its
   * ops had been popped; an irregular one it must look into */
  if (!d->scanning && (irregular || !d->note_plain))
    d->partial_seed = true;
}

static void seed_op_skipping(driver *d, sharc_op *op) {
  if (d->config.top_down)
    seed_visit(d, op);
  if (is_candidate(d, op)) {
    seed_candidate(d, op);
  } else {
    for (unsigned i = 0; i < op->num_regions; i++)
      seed_ops_skipping(d, &sharc_op_regions_of(op)[i]);
  }
  if (!d->config.top_down)
    seed_visit(d, op);
}

/* sharc_walk_region's order (each next op taken before the visit). A look
 * at a body ends at its first op that can act. */
static void seed_ops_skipping(driver *d, sharc_region *region) {
  for (sharc_block *b = region->first; b; b = b->next) {
    sharc_op_cursor c;
    for (sharc_op *o = sharc_op_cursor_first(&c, b); o; o = sharc_op_cursor_next(&c)) {
      if (d->scanning && d->body_acting)
        return;
      seed_op_skipping(d, o);
    }
  }
}

/* Pre-order seeding, reversed so that the first op walked pops first. */
static void seed_top_down(driver *d, sharc_region *region) {
  bool reuse = seed_usable(d);
  if (reuse && d->config.seed->region == region) {
    seed_replay_reversed(d);
    d->partial_seed = true;
    return;
  }
  if (d->skip_quiet)
    seed_ops_skipping(d, region);
  else
    sharc_walk_region(region, SHARC_PRE_ORDER, seed_pre, d);
  if (reuse)
    seed_record(d, region);
  wl_reverse(&d->wl);
}

/* Whether region simplification after an iteration could erase anything.
 * Not when the iteration changed nothing (`start`: the IR's change count
 * before its seeding, which may deduplicate constants), every op of the
 * scope was popped, and no region can hold an unreachable block or a dead
 * cycle: each op then was not trivially dead when popped, and stayed so;
 * an op region DCE finds dead is one whose every user is dead, and
 * following users from such an op without cycles ends at a dead op
 * without users, which would have been trivially dead. */
static bool simplify_needed(driver *d, uint64_t start) {
  if (sharc_context_ir_epoch(d->rw.ctx) != start || d->partial_seed || d->multi_block ||
      d->graph_results || d->config.strictness != SHARC_STRICT_ANY_OP)
    return true;
  return !wl_empty(&d->wl); /* rewrites stopped at config.max_rewrites */
}

static void seed_scope(driver *d, sharc_region *region) {
  d->multi_block = d->graph_results = d->partial_seed = false;
  sharc_ptrmap_free(&d->judged);
  note_region(d, region);
  if (d->config.top_down) {
    seed_top_down(d, region);
  } else if (d->skip_quiet) {
    seed_ops_skipping(d, region);
  } else {
    seed_post_order(d, region);
  }
}

/* One region, iterated to a fixpoint (RegionPatternRewriteDriver). */
static bool simplify_region(driver *d, sharc_region *region, bool *changed) {
  d->scope = region;
  if (d->config.strictness != SHARC_STRICT_ANY_OP)
    sharc_walk_region(region, SHARC_POST_ORDER, note_strict, d);
  bool again = false;
  int64_t iteration = 0;
  /* the IR's change count when a simplification last left the region: it
   * is idempotent, so an iteration that changed nothing skips it */
  uint64_t simplified_at = 0;
  bool simplified = false;
  do {
    if (++iteration > d->config.max_iterations && d->config.max_iterations >= 0)
      break;
    wl_clear(&d->wl);
    sharc_const_folder_reset(&d->folder);
    uint64_t start = sharc_context_ir_epoch(d->rw.ctx);
    seed_scope(d, region);
    /* a body found quiet and regular this run or earlier: its ops are all
     * live, its regions have one block each (no others are in the map) */
    const sharc_ptrmap *quiet = d->known_quiet.count ? &d->known_quiet : NULL;
    again = d->multi_block && sharc_erase_unreachable_blocks_skipping(&d->rw, region, quiet);
    again |= process_worklist(d);
    if (d->config.region_simplify != SHARC_SIMPLIFY_DISABLED &&
        !(simplified && sharc_context_ir_epoch(d->rw.ctx) == simplified_at) &&
        (again || simplify_needed(d, start))) {
      again |= sharc_simplify_region_skipping(
          &d->rw, region, d->config.region_simplify == SHARC_SIMPLIFY_AGGRESSIVE, quiet);
      simplified_at = sharc_context_ir_epoch(d->rw.ctx);
      simplified = true;
    }
  } while (again);
  *changed = iteration > 1;
  return !again;
}

bool sharc_apply_patterns_greedily(sharc_op *op, sharc_pattern_set *patterns,
                                   const sharc_greedy_config *config, bool *changed) {
  driver d = {0};
  d.listener.op_inserted = on_inserted;
  d.listener.op_modified = on_modified;
  d.listener.op_erased = on_erased;
  d.listener.next = config->listener;
  d.config = *config;
  d.patterns = patterns;
  d.roots = sharc_patterns_roots(patterns);
  d.skip_quiet = !config->cse_constants && config->strictness == SHARC_STRICT_ANY_OP &&
                 !config->seed && sharc_patterns_may_skip_quiet_bodies(patterns);
  d.note_plain = d.skip_quiet && config->region_simplify != SHARC_SIMPLIFY_DISABLED;
  sharc_rewriter_init(&d.rw, sharc_op_ctx_of(op), &d.listener);
  bool converged = true, any = false;
  for (unsigned r = 0; r < op->num_regions; r++) {
    bool region_changed = false;
    converged &= simplify_region(&d, &sharc_op_regions_of(op)[r], &region_changed);
    any |= region_changed;
  }
  wl_clear(&d.wl);
  sharc_vec_free(&d.wl.list);
  sharc_ptrmap_free(&d.strict);
  sharc_ptrmap_free(&d.judged);
  sharc_ptrmap_free(&d.known_quiet);
  sharc_ptrmap_free(&d.idle);
  sharc_const_folder_free(&d.folder);
  if (changed)
    *changed = any;
  return converged;
}

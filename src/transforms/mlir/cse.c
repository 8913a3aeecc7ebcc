/* -cse: MLIR's common sub-expression elimination. Ops free of memory
 * effects are hashed by name, attributes, result types and operands into a
 * table scoped by dominance (a block's scope holds what dominates it; an
 * op isolated from above starts a fresh table); an op equivalent to one in
 * scope, regions compared structurally, is replaced by it. Trivially dead
 * ops are erased on the way, as MLIR's CSE does. */
#include "ir/equivalence.h"
#include "ir/op_values.h"
#include "ir/region_utils.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* ---- hashing ------------------------------------------------------------------ */

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

static uint64_t ptr_hash(const void *p) { return mix(0, (uint64_t)(uintptr_t)p); }

/* Name, attributes, properties, result types and operands; a commutative
 * op's operands in any order (their hashes are summed, as MLIR does). */
static uint64_t op_hash(const sharc_op *op) {
  uint64_t h = mix(ptr_hash(op->name), (uint64_t)(uintptr_t)op->attrs);
  h = mix(h, (uint64_t)(uintptr_t)sharc_op_props_of(op));
  for (unsigned i = 0; i < op->num_results; i++)
    h = mix(h, (uint64_t)(uintptr_t)sharc_op_results_of(op)[i].type);
  const sharc_use *uses = sharc_op_operands_of(op);
  if (sharc_op_has_trait(op, SHARC_TRAIT_COMMUTATIVE) && op->num_operands) {
    uint64_t sum = 0;
    for (unsigned i = 0; i < op->num_operands; i++)
      sum += ptr_hash(uses[i].value);
    return mix(h, sum);
  }
  for (unsigned i = 0; i < op->num_operands; i++)
    h = mix(h, (uint64_t)(uintptr_t)uses[i].value);
  return h;
}

/* ---- the scoped table of known ops -------------------------------------------------
 * Chained buckets, newest entry first; the entries vector is also the undo
 * log, so closing a scope pops its entries off the front of their chains. */

typedef struct known_entry {
  sharc_op *op;
  uint64_t hash;
  unsigned next; /* index + 1 of the next entry in the chain, 0: end */
} known_entry;

typedef struct known_table {
  unsigned *buckets; /* index + 1 of the newest entry, 0: empty */
  unsigned num_buckets;
  SHARC_VEC(known_entry) entries;
} known_table;

static void table_free(known_table *t) {
  free(t->buckets);
  sharc_vec_free(&t->entries);
}

static void table_rehash(known_table *t, unsigned num_buckets) {
  free(t->buckets);
  t->buckets = sharc_xcalloc(num_buckets, sizeof *t->buckets);
  t->num_buckets = num_buckets;
  for (unsigned i = 0; i < t->entries.len; i++) {
    known_entry *e = &t->entries.items[i];
    unsigned *head = &t->buckets[e->hash & (num_buckets - 1)];
    e->next = *head;
    *head = i + 1;
  }
}

/* The op equivalent to `op` (of hash `h`) in the table, or NULL. */
static sharc_op *table_lookup_hashed(const known_table *t, sharc_op *op, uint64_t h) {
  if (!t->num_buckets)
    return NULL;
  for (unsigned i = t->buckets[h & (t->num_buckets - 1)]; i; i = t->entries.items[i - 1].next) {
    const known_entry *e = &t->entries.items[i - 1];
    if (e->hash == h && sharc_op_equivalent(e->op, op))
      return e->op;
  }
  return NULL;
}

static sharc_op *table_lookup(const known_table *t, sharc_op *op) {
  return t->num_buckets ? table_lookup_hashed(t, op, op_hash(op)) : NULL;
}

/* `h`: op_hash(op), computed once for the lookup and the insertion (it
 * reads every operand and result of the op). */
static void table_insert(known_table *t, sharc_op *op, uint64_t h) {
  known_entry e = {op, h, 0};
  sharc_vec_push(&t->entries, e);
  if (t->entries.len > 2 * t->num_buckets) {
    table_rehash(t, t->num_buckets ? 2 * t->num_buckets : 64);
    return;
  }
  unsigned *head = &t->buckets[e.hash & (t->num_buckets - 1)];
  sharc_vec_last(&t->entries).next = *head;
  *head = t->entries.len;
}

static void table_pop_to(known_table *t, unsigned mark) {
  while (t->entries.len > mark) {
    known_entry *e = &sharc_vec_last(&t->entries);
    t->buckets[e->hash & (t->num_buckets - 1)] = e->next;
    t->entries.len--;
  }
}

/* ---- the driver ------------------------------------------------------------------- */

typedef struct cse {
  sharc_rewriter rw;
  SHARC_VEC(sharc_op *) to_erase; /* erased at the end: the walk is still on them */
} cse;

/* In a graph region a use may come before its definition: only users not
 * known yet (by equivalence, as MLIR looks them up) are redirected. */
static bool user_unknown(const sharc_use *u, void *table) { return !table_lookup(table, u->owner); }

static bool is_unknown_loc(const sharc_attr *loc) {
  return !loc || loc->kind == SHARC_ATTR_LOC_UNKNOWN;
}

static void replace_with(cse *c, known_table *t, sharc_op *op, sharc_op *existing, bool ssa) {
  for (unsigned i = 0; i < op->num_results; i++) {
    if (ssa)
      sharc_rw_replace_all_uses(&c->rw, &sharc_op_results_of(op)[i], &sharc_op_results_of(existing)[i]);
    else
      sharc_rw_replace_uses_if(&c->rw, &sharc_op_results_of(op)[i], &sharc_op_results_of(existing)[i], user_unknown, t);
  }
  if (ssa || !sharc_op_has_result_uses(op))
    sharc_vec_push(&c->to_erase, op);
  /* the kept op takes over a known location when it has none */
  if (is_unknown_loc(sharc_op_loc(existing)) && !is_unknown_loc(sharc_op_loc(op)))
    sharc_op_set_loc(existing, sharc_op_loc(op));
}

static bool single_block_regions(const sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    if (sharc_op_regions_of(op)[i].first != sharc_op_regions_of(op)[i].last)
      return false;
  return true;
}

static void simplify_op(cse *c, known_table *t, sharc_op *op, bool ssa) {
  if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    return;
  if (sharc_op_is_trivially_dead(op)) {
    sharc_vec_push(&c->to_erase, op);
    return;
  }
  /* sharc has no op that only reads memory: anything with an effect stays */
  if (!single_block_regions(op) || !sharc_op_is_memory_effect_free(op))
    return;
  uint64_t h = op_hash(op);
  sharc_op *existing = table_lookup_hashed(t, op, h);
  if (existing)
    replace_with(c, t, op, existing, ssa);
  else
    table_insert(t, op, h);
}

static void simplify_region(cse *c, known_table *t, sharc_region *r);

/* An unregistered op might be isolated from above: its regions, like those
 * of an isolated op, must not see the values known outside. */
static void simplify_nested(cse *c, known_table *t, sharc_op *op) {
  if (!sharc_op_def_of(op) || (sharc_op_def_of(op)->traits & SHARC_TRAIT_ISOLATED)) {
    known_table fresh = {0};
    for (unsigned i = 0; i < op->num_regions; i++)
      simplify_region(c, &fresh, &sharc_op_regions_of(op)[i]);
    table_free(&fresh);
    return;
  }
  for (unsigned i = 0; i < op->num_regions; i++)
    simplify_region(c, t, &sharc_op_regions_of(op)[i]);
}

static void simplify_block(cse *c, known_table *t, sharc_block *b, bool ssa) {
  for (sharc_op *op = b->first; op; op = op->next) {
    if (op->num_regions)
      simplify_nested(c, t, op);
    simplify_op(c, t, op, ssa);
  }
}

typedef struct scope_frame {
  unsigned block, next_child, mark;
} scope_frame;

/* Each block is simplified in a scope opened inside its dominator's, so
 * what a block knows is exactly what dominates it. */
static void simplify_dominance_order(cse *c, known_table *t, sharc_region *r) {
  sharc_dom_tree d = {{0}, {0}, NULL, NULL};
  sharc_dom_tree_build(&d, r);
  SHARC_VEC(scope_frame) stack = {0};
  scope_frame root = {0, 0, t->entries.len};
  sharc_vec_push(&stack, root);
  simplify_block(c, t, d.rpo.items[0], true);
  while (stack.len) {
    scope_frame *f = &sharc_vec_last(&stack);
    if (f->next_child == d.children[f->block].len) {
      table_pop_to(t, f->mark);
      stack.len--;
      continue;
    }
    scope_frame child = {d.children[f->block].items[f->next_child++], 0, t->entries.len};
    sharc_vec_push(&stack, child);
    simplify_block(c, t, d.rpo.items[child.block], true);
  }
  sharc_vec_free(&stack);
  sharc_dom_tree_free(&d);
}

static void simplify_region(cse *c, known_table *t, sharc_region *r) {
  if (!r->first)
    return;
  bool ssa = sharc_region_has_ssa_dominance(r);
  if (r->first == r->last) {
    unsigned mark = t->entries.len;
    simplify_block(c, t, r->first, ssa);
    table_pop_to(t, mark);
    return;
  }
  if (ssa)
    simplify_dominance_order(c, t, r);
}

static bool run(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  cse c = {0};
  sharc_pass_rewriter(run, &c.rw, NULL);
  known_table table = {0};
  for (unsigned i = 0; i < op->num_regions; i++)
    simplify_region(&c, &table, &sharc_op_regions_of(op)[i]);
  table_free(&table);
  /* nested ops were queued before the ops holding them */
  for (unsigned i = 0; i < c.to_erase.len; i++)
    sharc_rw_erase_op(&c.rw, c.to_erase.items[i]);
  sharc_vec_free(&c.to_erase);
  return true;
}

const sharc_pass_def sharc_pass_cse = {
    .flag = "cse",
    .display_name = "CSE",
    .summary = "Eliminate common sub-expressions",
    .anchor = NULL,
    SHARC_NO_OPTIONS,
    .options_size = 0,
    .tools = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

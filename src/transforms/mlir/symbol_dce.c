/* -symbol-dce: MLIR's dead symbol elimination. Symbols that cannot be
 * discarded (public ones, nested ones under a visible table) and every
 * non-symbol op are live; whatever a live op refers to, in any attribute
 * (a sharding's mesh included), becomes live in turn; nested symbol tables
 * are worked through recursively. Dead symbols are then erased. */
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct symbol_dce {
  sharc_ptrmap live;          /* live symbol -> itself */
  sharc_symbol_uses uses;     /* scratch: the uses of one op */
  SHARC_VEC(sharc_op *) path; /* scratch: the symbols a reference resolves through */
} symbol_dce;

static bool is_symbol(const sharc_op *op) { return sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL); }
static bool is_table(const sharc_op *op) {
  return sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE);
}

/* A symbol may go when nothing uses it if it is not public (MLIR's
 * canDiscardOnUseEmpty) and either private or in a table no one outside
 * can see (a nested symbol of a hidden table). */
static bool discardable(const sharc_op *op, bool table_hidden) {
  sharc_symbol_visibility v = sharc_symbol_visibility_of(op);
  return v != SHARC_SYMBOL_PUBLIC && (table_hidden || v == SHARC_SYMBOL_PRIVATE);
}

static bool mark_live(symbol_dce *d, sharc_op *op) {
  if (sharc_ptrmap_get(&d->live, op))
    return false;
  sharc_ptrmap_put(&d->live, op, op);
  return true;
}

/* Ops with regions inside a non-table op: a symbol table among them (a
 * module in a function) is looked at as if it sat at the top. */
static void push_nested_region_ops(const sharc_op *op, op_vec *worklist) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = op->regions[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next)
        if (o->num_regions)
          sharc_vec_push(worklist, o);
}

/* Marks what the references of `op` (a child of symbol table `table`)
 * resolve to; a reference that does not resolve is ignored. */
static bool mark_uses(symbol_dce *d, sharc_op *op, sharc_op *table, op_vec *worklist) {
  d->uses.len = 0;
  if (!sharc_symbol_collect_uses(op, &d->uses)) {
    sharc_emit(op->ctx, SHARC_SEV_ERROR, op->loc,
               "operation contains potentially unknown symbol table, meaning that we can't "
               "reliable compute symbol uses");
    return false;
  }
  for (unsigned i = 0; i < d->uses.len; i++) {
    const sharc_attr *ref = d->uses.items[i].ref;
    unsigned n = 1 + sharc_attr_symbol_num_nested(ref);
    sharc_vec_reserve(&d->path, n);
    if (!sharc_symbol_resolve_in(table, ref, d->path.items))
      continue;
    for (unsigned k = 0; k < n; k++)
      if (mark_live(d, d->path.items[k]))
        sharc_vec_push(worklist, d->path.items[k]);
  }
  return true;
}

static bool compute_liveness(symbol_dce *d, sharc_op *table, bool hidden) {
  op_vec worklist = {0};
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(table, 0)); b; b = b->next)
    for (sharc_op *op = b->first; op; op = op->next)
      if (!is_symbol(op) || (!discardable(op, hidden) && mark_live(d, op)))
        sharc_vec_push(&worklist, op);
  bool ok = true;
  while (ok && worklist.len) {
    sharc_op *op = sharc_vec_pop(&worklist);
    if (is_table(op)) {
      bool inner_hidden =
          hidden || !is_symbol(op) || sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PRIVATE;
      ok = compute_liveness(d, op, inner_hidden);
    } else {
      push_nested_region_ops(op, &worklist);
    }
    sharc_op *parent = sharc_op_parent_op(op);
    if (ok && parent && is_table(parent))
      ok = mark_uses(d, op, parent, &worklist);
  }
  sharc_vec_free(&worklist);
  return ok;
}

typedef struct eraser {
  symbol_dce *d;
  sharc_rewriter rw;
} eraser;

/* Post-order: a table's nested tables are swept before the table. */
static sharc_walk_result sweep_table(sharc_op *table, void *user) {
  eraser *e = user;
  if (!is_table(table))
    return SHARC_WALK_ADVANCE;
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(table, 0)); b; b = b->next)
    for (sharc_op *op = b->first, *next; op; op = next) {
      next = op->next;
      if (is_symbol(op) && !sharc_ptrmap_get(&e->d->live, op))
        sharc_rw_erase_op(&e->rw, op);
    }
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  if (!is_table(op) || !op->num_regions) {
    sharc_emit_op_error(op, " was scheduled to run under SymbolDCE, but does not define a "
                            "symbol table");
    return false;
  }
  /* a table nested somewhere is hidden only when it is a private symbol */
  bool hidden = true;
  if (sharc_op_parent_op(op) && is_symbol(op))
    hidden = sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PRIVATE;
  symbol_dce d = {{0}, {0}, {0}};
  bool ok = compute_liveness(&d, op, hidden);
  if (ok) {
    eraser e = {&d, {0}};
    sharc_pass_rewriter(run, &e.rw, NULL);
    sharc_walk(op, SHARC_POST_ORDER, sweep_table, &e);
  }
  sharc_ptrmap_free(&d.live);
  sharc_symbol_uses_free(&d.uses);
  sharc_vec_free(&d.path);
  return ok;
}

const sharc_pass_def sharc_pass_symbol_dce = {
    .flag = "symbol-dce",
    .display_name = "SymbolDCE",
    .summary = "Eliminate dead symbols",
    .anchor = NULL,
    SHARC_NO_OPTIONS,
    .options_size = 0,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

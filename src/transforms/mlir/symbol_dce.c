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
#include <string.h>

typedef SHARC_VEC(sharc_op *) op_vec;

typedef struct symbol_dce {
  sharc_ptrmap live;          /* live symbol -> itself */
  SHARC_VEC(sharc_op *) path; /* scratch: the symbols a reference resolves through */
  /* attribute dictionary -> the table its references were last resolved
   * in: dictionaries are uniqued and ops alike share one (a sharding and a
   * rule on every op), and resolving the same references in the same
   * table again marks nothing new */
  sharc_ptrmap resolved;
  /* the tables whose liveness was computed, nested ones first: the ones
   * to sweep (a table it never reached lies in a dead symbol, erased
   * whole) */
  op_vec tables;
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
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next)
        if (o->num_regions)
          sharc_vec_push(worklist, o);
}

typedef struct marker {
  symbol_dce *d;
  sharc_op *table;
  op_vec *worklist;
} marker;

/* Marks what one reference resolves to in the table, and every symbol on
 * its way; a reference that does not resolve is ignored. */
static void mark_ref(sharc_attr *ref, void *user) {
  marker *m = user;
  unsigned n = 1 + sharc_attr_symbol_num_nested(ref);
  sharc_vec_reserve(&m->d->path, n);
  if (!sharc_symbol_resolve_in(m->table, ref, m->d->path.items))
    return;
  for (unsigned k = 0; k < n; k++)
    if (mark_live(m->d, m->d->path.items[k]))
      sharc_vec_push(m->worklist, m->d->path.items[k]);
}

static void mark_op_refs(marker *m, sharc_op *op) {
  if (!op->attrs || sharc_ptrmap_get(&m->d->resolved, op->attrs) == m->table)
    return;
  sharc_ptrmap_put(&m->d->resolved, op->attrs, m->table);
  sharc_symbol_op_refs(op, mark_ref, m);
}

/* The references of the ops nested in `op`, not entering nested symbol
 * tables (sharc_symbol_collect_uses); false at an op that might be an
 * unknown symbol table. Sets *nested_table when a symbol table is among
 * them. */
static bool mark_nested_refs(marker *m, sharc_op *op, bool *nested_table) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        if (sharc_op_maybe_unknown_symbol_table(o))
          return false;
        mark_op_refs(m, o);
        if (is_table(o))
          *nested_table = true;
        else if (o->num_regions && !mark_nested_refs(m, o, nested_table))
          return false;
      }
  return true;
}

/* Marks what the references of `op` (a child of symbol table `table`) and
 * of the ops nested in it resolve to (MLIR's getSymbolUses), as they come. */
static bool mark_uses(symbol_dce *d, sharc_op *op, sharc_op *table, op_vec *worklist,
                      bool *nested_table) {
  marker m = {d, table, worklist};
  bool ok = !sharc_op_maybe_unknown_symbol_table(op);
  if (ok) {
    mark_op_refs(&m, op);
    ok = is_table(op) || mark_nested_refs(&m, op, nested_table);
  }
  if (!ok)
    sharc_emit_op(op, SHARC_SEV_ERROR,
               "operation contains potentially unknown symbol table, meaning that we can't "
               "reliable compute symbol uses");
  return ok;
}

/* MLIR puts the ops with regions nested in a live non-table op on the
 * worklist before marking what the op refers to, to reach the symbol
 * tables among them; when the uses show none, nothing would come of it. */
static void push_nested_below(const sharc_op *op, op_vec *worklist, unsigned at) {
  op_vec nested = {0};
  push_nested_region_ops(op, &nested);
  unsigned above = worklist->len - at;
  sharc_vec_reserve(worklist, (size_t)worklist->len + nested.len);
  memmove(worklist->items + at + nested.len, worklist->items + at, above * sizeof *worklist->items);
  memcpy(worklist->items + at, nested.items, nested.len * sizeof *nested.items);
  worklist->len += nested.len;
  sharc_vec_free(&nested);
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
    sharc_op *parent = sharc_op_parent_op(op);
    bool under_table = parent && is_table(parent);
    if (is_table(op)) {
      bool inner_hidden =
          hidden || !is_symbol(op) || sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PRIVATE;
      ok = compute_liveness(d, op, inner_hidden);
    } else if (!under_table) {
      push_nested_region_ops(op, &worklist);
    }
    if (!ok || !under_table)
      continue;
    unsigned marks_from = worklist.len;
    bool nested_table = false;
    ok = mark_uses(d, op, parent, &worklist, &nested_table);
    if (ok && nested_table && !is_table(op))
      push_nested_below(op, &worklist, marks_from);
  }
  sharc_vec_free(&worklist);
  if (ok)
    sharc_vec_push(&d->tables, table);
  return ok;
}

typedef struct eraser {
  symbol_dce *d;
  sharc_rewriter rw;
} eraser;

/* A table's nested tables are swept before the table. */
static void sweep_table(eraser *e, sharc_op *table) {
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(table, 0)); b; b = b->next)
    for (sharc_op *op = b->first, *next; op; op = next) {
      next = op->next;
      if (is_symbol(op) && !sharc_ptrmap_get(&e->d->live, op))
        sharc_rw_erase_op(&e->rw, op);
    }
}

/* Nothing can go when the top table's symbols are all public and the
 * table is the only (possible) symbol table ever created: no other table
 * to sweep, none to report as unknown. Saves a walk of the whole IR. */
static bool nothing_to_erase(sharc_op *table) {
  if (sharc_op_parent_op(table) || sharc_context_table_like_ops(sharc_op_ctx_of(table)) != 1)
    return false;
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(table, 0)); b; b = b->next)
    for (sharc_op *op = b->first; op; op = op->next)
      if (is_symbol(op) && sharc_symbol_visibility_of(op) != SHARC_SYMBOL_PUBLIC)
        return false;
  return true;
}

static bool run(sharc_op *op, const void *options, sharc_pass_run *run) {
  (void)options;
  if (!is_table(op) || !op->num_regions) {
    sharc_emit_op_error(op, " was scheduled to run under SymbolDCE, but does not define a "
                            "symbol table");
    return false;
  }
  if (nothing_to_erase(op))
    return true;
  /* a table nested somewhere is hidden only when it is a private symbol */
  bool hidden = true;
  if (sharc_op_parent_op(op) && is_symbol(op))
    hidden = sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PRIVATE;
  symbol_dce d = {{0}, {0}, {0}, {0}};
  bool ok = compute_liveness(&d, op, hidden);
  if (ok) {
    eraser e = {&d, {0}};
    sharc_pass_rewriter(run, &e.rw, NULL);
    for (unsigned i = 0; i < d.tables.len; i++)
      sweep_table(&e, d.tables.items[i]);
  }
  sharc_ptrmap_free(&d.live);
  sharc_ptrmap_free(&d.resolved);
  sharc_vec_free(&d.path);
  sharc_vec_free(&d.tables);
  return ok;
}

const sharc_pass_def sharc_pass_symbol_dce = {
    .flag = "symbol-dce",
    .display_name = "SymbolDCE",
    .summary = "Eliminate dead symbols",
    .anchor = NULL,
    SHARC_NO_OPTIONS,
    .options_size = 0,
    .tools = SHARC_TOOL_ANY | SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

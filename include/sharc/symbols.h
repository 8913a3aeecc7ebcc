/* Symbols: ops with a `sym_name` string attribute directly inside a
 * symbol-table op (a module). Lookups are O(1): each symbol table keeps a
 * hashed index that the IR primitives update as ops are inserted, removed,
 * erased or renamed, so passes never rescan a module to find a symbol. */
#ifndef SHARC_SYMBOLS_H
#define SHARC_SYMBOLS_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The nearest op at or above `op` with the SymbolTable trait, or NULL. */
SHARC_API sharc_op *sharc_symbol_table_op(sharc_op *op);
/* The symbol called `name` in the symbol table nearest to `from`. */
SHARC_API sharc_op *sharc_symbol_lookup_nearest(sharc_op *from, sharc_str name);
/* Inserts `op` into `table`'s body before `before` (NULL: at the end, before
 * a terminator if the body has one). A taken name is made unique first as
 * MLIR's SymbolTable::insert does (`name_0`, `name_1`, ...); returns the
 * name the op ends up with. */
SHARC_API sharc_str sharc_symbol_insert(sharc_op *table, sharc_op *op, sharc_op *before);
/* Renames the detached symbol `op` as one MLIR SymbolTable object would on
 * insert: a taken name becomes `name_N`, N counting on from `*counter`,
 * which the caller keeps for the whole run (MLIR's per-table uniquing
 * counter, so inserting `foo` twice and then `bar` gives `foo_0`, `foo_1`,
 * `bar_2`). Returns the name `op` ends up with; insert it afterwards. */
SHARC_API sharc_str sharc_symbol_uniquify(sharc_op *table, sharc_op *op, unsigned *counter);
/* The same with the uniquing counter of one MLIR SymbolTable object: a
 * taken name becomes `name_N` with N counted on from `*counter` (which goes
 * on from there), so names a pass gives over several insertions match
 * MLIR's (`bar_0`, `bar_1`, `bar_0_2`, ...). Start the counter at 0. */
SHARC_API sharc_str sharc_symbol_insert_uniqued(sharc_op *table, sharc_op *op, sharc_op *before,
                                                unsigned *counter);
/* MLIR's uniqueness check: "redefinition of symbol named 'x'" with a note at
 * the first definition. */
SHARC_API bool sharc_symbol_verify_unique(sharc_op *table);

/* ---- visibility and resolution (MLIR's SymbolTable) --------------------- */
typedef enum sharc_symbol_visibility {
  SHARC_SYMBOL_PUBLIC,  /* no `sym_visibility`, or "public" */
  SHARC_SYMBOL_PRIVATE, /* "private" */
  SHARC_SYMBOL_NESTED,  /* "nested" */
} sharc_symbol_visibility;
sharc_symbol_visibility sharc_symbol_visibility_of(const sharc_op *op);
/* MLIR's isPotentiallyUnknownSymbolTable: an op of an unloaded dialect with
 * one region might define a symbol table that sharc cannot see. */
bool sharc_op_maybe_unknown_symbol_table(const sharc_op *op);
/* MLIR's getNearestSymbolTable: `op` or its nearest ancestor with the
 * SymbolTable trait; NULL when none, or when an op on the way might be an
 * unknown symbol table. */
sharc_op *sharc_symbol_nearest_table(sharc_op *op);
/* MLIR's lookupSymbolIn: the root of `ref` in `table`, each nested name in
 * the symbol found before, every one but the last a symbol table. Returns
 * the last, or NULL. `path` (may be NULL) receives the symbols along the
 * way, 1 + nested count of them, when the whole reference resolves. */
sharc_op *sharc_symbol_resolve_in(sharc_op *table, const sharc_attr *ref, sharc_op **path);
/* MLIR's lookupNearestSymbolFrom: resolves `ref` in the nearest symbol
 * table of `from` (which may be that table itself). */
sharc_op *sharc_symbol_resolve_nearest(sharc_op *from, const sharc_attr *ref);

/* ---- symbol uses ------------------------------------------------------------ */
/* A symbol reference and the op whose attributes hold it. */
typedef struct sharc_symbol_use {
  sharc_op *user;
  sharc_attr *ref;
} sharc_symbol_use;

/* A growable list (zero-initialized: empty). */
typedef struct sharc_symbol_uses {
  sharc_symbol_use *items;
  unsigned len, cap;
} sharc_symbol_uses;

/* Calls `fn` with every symbol reference in `op`'s attribute dictionary,
 * looking inside arrays, dictionaries, types and dialect attributes (a
 * sharding's mesh); each distinct reference once, a nested reference
 * (`@a::@b`) whole. Properties of unregistered ops are not looked at, as
 * MLIR does not. */
void sharc_symbol_op_refs(sharc_op *op, void (*fn)(sharc_attr *ref, void *user), void *user);
/* MLIR's SymbolTable::getSymbolUses(op): appends the references of `op`
 * and of the ops nested in it, not entering nested symbol tables (whose
 * own attributes still count). Returns false, appending nothing, when
 * `op` or a nested op might be an unknown symbol table. */
bool sharc_symbol_collect_uses(sharc_op *op, sharc_symbol_uses *out);
void sharc_symbol_uses_free(sharc_symbol_uses *uses);

#ifdef __cplusplus
}
#endif
#endif

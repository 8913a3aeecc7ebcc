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
/* Renames `op`, not yet in `table`, as SymbolTable::insert would when its
 * name is taken, with the suffix counter of one MLIR SymbolTable object,
 * which goes on across insertions (`a_0`, then `b_1` for the next taken
 * name): start it at 0 where the pass builds its SymbolTable. Returns the
 * name; the caller inserts the op (through its rewriter). */
SHARC_API sharc_str sharc_symbol_make_unique(sharc_op *table, sharc_op *op, unsigned *counter);
/* MLIR's uniqueness check: "redefinition of symbol named 'x'" with a note at
 * the first definition. */
SHARC_API bool sharc_symbol_verify_unique(sharc_op *table);

#ifdef __cplusplus
}
#endif
#endif

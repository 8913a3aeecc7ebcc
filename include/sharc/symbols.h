/* Symbol tables: O(1) lookup of the symbols (ops with a `sym_name`) defined
 * directly in a symbol-table op such as a module, kept up to date by the
 * pass that owns it. */
#ifndef SHARC_SYMBOLS_H
#define SHARC_SYMBOLS_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_symbol_table sharc_symbol_table;

/* Indexes the symbols of `table_op`'s first region. NULL if a name repeats;
 * the duplicate is reported through the context's diagnostics. */
sharc_symbol_table *sharc_symbol_table_build(sharc_op *table_op);
void sharc_symbol_table_destroy(sharc_symbol_table *st);
sharc_op *sharc_symbol_table_lookup(const sharc_symbol_table *st, sharc_str name);
/* Adds `op` (already placed in the table's region) under its sym_name; false
 * if the name is taken. */
bool sharc_symbol_table_insert(sharc_symbol_table *st, sharc_op *op);
void sharc_symbol_table_remove(sharc_symbol_table *st, sharc_op *op);
unsigned sharc_symbol_table_size(const sharc_symbol_table *st);

#ifdef __cplusplus
}
#endif
#endif

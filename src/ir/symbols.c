/* Hash-indexed symbol tables, so that passes resolving many symbol
 * references (calls, meshes) do not scan the module for each one. */
#include "sharc/symbols.h"

#include "ir/ir_internal.h"
#include "support/ptrmap.h"

#include <stdlib.h>

struct sharc_symbol_table {
  sharc_context *ctx;
  sharc_ptrmap by_name; /* interned name -> op */
  unsigned count;
};

static sharc_ident *name_of(sharc_context *ctx, const sharc_op *op) {
  sharc_str name = sharc_op_symbol_name(op);
  return name.len ? sharc_ident_get(ctx, name) : NULL;
}

sharc_symbol_table *sharc_symbol_table_build(sharc_op *table_op) {
  sharc_symbol_table *st = calloc(1, sizeof *st);
  if (!st)
    abort();
  st->ctx = sharc_op_context(table_op);
  if (sharc_op_num_regions(table_op) == 0)
    return st;
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(table_op, 0)); b;
       b = sharc_block_next(b))
    for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op)) {
      if (!name_of(st->ctx, op))
        continue;
      if (!sharc_symbol_table_insert(st, op)) {
        sharc_str name = sharc_op_symbol_name(op);
        sharc_diag *d = sharc_emit(st->ctx, SHARC_SEV_ERROR, sharc_op_loc(op),
                                   "redefinition of symbol named '%.*s'", (int)name.len, name.data);
        sharc_diag_note(d, sharc_op_loc(sharc_symbol_table_lookup(st, name)),
                        "see existing symbol definition here");
        sharc_symbol_table_destroy(st);
        return NULL;
      }
    }
  return st;
}

void sharc_symbol_table_destroy(sharc_symbol_table *st) {
  if (!st)
    return;
  sharc_ptrmap_free(&st->by_name);
  free(st);
}

sharc_op *sharc_symbol_table_lookup(const sharc_symbol_table *st, sharc_str name) {
  return sharc_ptrmap_get(&st->by_name, sharc_ident_get(st->ctx, name));
}

bool sharc_symbol_table_insert(sharc_symbol_table *st, sharc_op *op) {
  sharc_ident *id = name_of(st->ctx, op);
  if (!id || sharc_ptrmap_get(&st->by_name, id))
    return false;
  sharc_ptrmap_put(&st->by_name, id, op);
  st->count++;
  return true;
}

void sharc_symbol_table_remove(sharc_symbol_table *st, sharc_op *op) {
  sharc_ident *id = name_of(st->ctx, op);
  if (!id || sharc_ptrmap_get(&st->by_name, id) != op)
    return;
  /* the map keeps the key with a NULL value: lookups then miss */
  sharc_ptrmap_put(&st->by_name, id, NULL);
  st->count--;
}

unsigned sharc_symbol_table_size(const sharc_symbol_table *st) { return st->count; }

/* Symbol lookup. Every block of a symbol-table op gets a hashed index of the
 * symbols directly in it on its first lookup; the IR's link, unlink and
 * rename primitives keep that index right afterwards, so lookups stay O(1)
 * however passes insert, erase or rename symbols. */
#include "sharc/symbols.h"

#include "ir/context.h"
#include "support/ptrmap.h"

#include <stdio.h>
#include <stdlib.h>

/* The index of one block: interned name -> op. Duplicate names (invalid IR,
 * reported by the verifier) are counted so that removing one of them makes
 * the index rebuild instead of forgetting the other. */
struct sharc_symcache {
  sharc_ptrmap by_name;
  unsigned duplicates;
};

sharc_str sharc_op_symbol_name(const sharc_op *op) {
  sharc_attr *a = sharc_attr_dict_get_ident(op->attrs, op->ctx->sym_name_ident);
  if (!a || a->kind != SHARC_ATTR_STRING)
    return (sharc_str){"", 0};
  return a->str;
}

static sharc_ident *symbol_ident(const sharc_op *op) {
  sharc_attr *a = sharc_attr_dict_get_ident(op->attrs, op->ctx->sym_name_ident);
  if (!a || a->kind != SHARC_ATTR_STRING)
    return NULL;
  return sharc_ident_get(op->ctx, a->str);
}

static void cache_add(sharc_symcache *c, sharc_ident *name, sharc_op *op) {
  if (sharc_ptrmap_get(&c->by_name, name)) {
    c->duplicates++;
    return;
  }
  sharc_ptrmap_put(&c->by_name, name, op);
}

static void cache_drop(sharc_block *b) {
  sharc_ptrmap_free(&b->symcache->by_name);
  free(b->symcache);
  b->symcache = NULL;
}

void sharc_symcache_free_all(sharc_context *ctx) {
  for (unsigned i = 0; i < ctx->symcache_blocks.len; i++) {
    sharc_block *b = ctx->symcache_blocks.items[i];
    if (b->symcache)
      cache_drop(b);
  }
  sharc_vec_free(&ctx->symcache_blocks);
}

static sharc_symcache *cache_of(sharc_block *b) {
  if (b->symcache)
    return b->symcache;
  sharc_symcache *c = calloc(1, sizeof *c);
  if (!c)
    abort();
  for (sharc_op *op = b->first; op; op = op->next) {
    sharc_ident *name = symbol_ident(op);
    if (name)
      cache_add(c, name, op);
  }
  b->symcache = c;
  if (!b->symcache_listed) {
    b->symcache_listed = true;
    sharc_vec_push(&b->ctx->symcache_blocks, b);
  }
  return c;
}

void sharc_symcache_note_insert(sharc_block *b, sharc_op *op) {
  sharc_ident *name = symbol_ident(op);
  if (name)
    cache_add(b->symcache, name, op);
}

void sharc_symcache_note_remove(sharc_block *b, sharc_op *op) {
  sharc_ident *name = symbol_ident(op);
  if (!name || sharc_ptrmap_get(&b->symcache->by_name, name) != op)
    return;
  if (b->symcache->duplicates) {
    cache_drop(b); /* another op may hold the name: rebuild on next lookup */
    return;
  }
  /* the map keeps the key with a NULL value: lookups then miss */
  sharc_ptrmap_put(&b->symcache->by_name, name, NULL);
}

void sharc_symcache_note_rename(sharc_op *op, const sharc_attr *old_attrs) {
  sharc_block *b = op->block;
  sharc_attr *before = sharc_attr_dict_get_ident(old_attrs, op->ctx->sym_name_ident);
  sharc_attr *after = sharc_attr_dict_get_ident(op->attrs, op->ctx->sym_name_ident);
  if (before == after)
    return;
  if (before && before->kind == SHARC_ATTR_STRING) {
    sharc_ident *old_name = sharc_ident_get(op->ctx, before->str);
    if (sharc_ptrmap_get(&b->symcache->by_name, old_name) == op) {
      if (b->symcache->duplicates) {
        cache_drop(b);
        return;
      }
      sharc_ptrmap_put(&b->symcache->by_name, old_name, NULL);
    }
  }
  sharc_symcache_note_insert(b, op);
}

sharc_op *sharc_symbol_lookup(sharc_op *table, sharc_str name) {
  if (!table || table->num_regions == 0)
    return NULL;
  sharc_ident *id = sharc_ident_get(table->ctx, name);
  for (sharc_block *b = table->regions[0].first; b; b = b->next) {
    sharc_op *op = sharc_ptrmap_get(&cache_of(b)->by_name, id);
    if (op)
      return op;
  }
  return NULL;
}

sharc_op *sharc_symbol_table_op(sharc_op *op) {
  while (op && !sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE))
    op = sharc_op_parent_op(op);
  return op;
}

sharc_op *sharc_symbol_lookup_nearest(sharc_op *from, sharc_str name) {
  return sharc_symbol_lookup(sharc_symbol_table_op(from), name);
}

sharc_op *sharc_symbol_lookup_ref(sharc_op *from, const sharc_attr *ref) {
  sharc_op *table = sharc_symbol_table_op(from);
  if (!table || ref->kind != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *cur = sharc_symbol_lookup(table, sharc_ident_str(ref->sym.root));
  /* as MLIR's lookupSymbolIn: each step of a nested reference but the last
   * must name a symbol table */
  for (unsigned i = 0; cur && i < ref->sym.n; i++)
    cur = sharc_op_has_trait(cur, SHARC_TRAIT_SYMBOL_TABLE)
              ? sharc_symbol_lookup(cur, sharc_ident_str(ref->sym.nested[i]))
              : NULL;
  return cur;
}

/* A name not yet taken in `table`: `base` itself, else MLIR's `base_N`,
 * N counted on from `*counter` (MLIR's SymbolTable keeps one counter for all
 * the names it uniques). */
static sharc_str unique_name(sharc_op *table, sharc_str base, unsigned *counter,
                             sharc_buf *scratch) {
  if (!sharc_symbol_lookup(table, base))
    return base;
  for (;;) {
    scratch->len = 0;
    sharc_buf_printf(scratch, "%.*s_%u", (int)base.len, base.data, (*counter)++);
    sharc_str candidate = {scratch->data, scratch->len};
    if (!sharc_symbol_lookup(table, candidate))
      return candidate;
  }
}

sharc_str sharc_symbol_make_unique(sharc_op *table, sharc_op *op, unsigned *counter) {
  sharc_buf scratch = {0};
  sharc_str name = unique_name(table, sharc_op_symbol_name(op), counter, &scratch);
  if (name.data == scratch.data)
    sharc_op_set_attr(op, "sym_name", sharc_attr_string(op->ctx, name));
  sharc_buf_free(&scratch);
  return sharc_op_symbol_name(op);
}

sharc_str sharc_symbol_insert(sharc_op *table, sharc_op *op, sharc_op *before) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(table, 0));
  unsigned counter = 0;
  sharc_symbol_make_unique(table, op, &counter);
  if (before)
    sharc_block_insert_before(before, op);
  else if (body->last && sharc_op_has_trait(body->last, SHARC_TRAIT_TERMINATOR))
    sharc_block_insert_before(body->last, op);
  else
    sharc_block_append_op(body, op);
  return sharc_op_symbol_name(op);
}

bool sharc_symbol_verify_unique(sharc_op *table) {
  if (table->num_regions == 0)
    return true;
  sharc_ptrmap seen = {0};
  bool ok = true;
  for (sharc_block *b = table->regions[0].first; b && ok; b = b->next)
    for (sharc_op *op = b->first; op && ok; op = op->next) {
      sharc_ident *name = symbol_ident(op);
      if (!name)
        continue;
      sharc_op *first = sharc_ptrmap_get(&seen, name);
      if (!first) {
        sharc_ptrmap_put(&seen, name, op);
        continue;
      }
      sharc_diag *d = sharc_emit(op->ctx, SHARC_SEV_ERROR, op->loc,
                                 "redefinition of symbol named '%s'", name->data);
      sharc_diag_note(d, first->loc, "see existing symbol definition here");
      ok = false;
    }
  sharc_ptrmap_free(&seen);
  return ok;
}

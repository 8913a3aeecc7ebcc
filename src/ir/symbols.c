/* Symbol lookup and symbol uses. Every block of a symbol-table op gets a
 * hashed index of the symbols directly in it on its first lookup; the IR's
 * link, unlink and rename primitives keep that index right afterwards, so
 * lookups stay O(1) however passes insert, erase or rename symbols. Uses
 * are found in attributes of any kind, dialect ones included. */
#include "sharc/symbols.h"

#include "ir/context.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The index of one block: interned name -> op. Duplicate names (invalid IR,
 * reported by the verifier) are counted so that removing one of them makes
 * the index rebuild instead of forgetting the other. */
struct sharc_symcache {
  sharc_ptrmap by_name;
  unsigned duplicates;
};

sharc_str sharc_op_symbol_name(const sharc_op *op) {
  sharc_attr *a = sharc_attr_dict_get_ident(op->attrs, sharc_op_ctx_of(op)->sym_name_ident);
  if (!a || a->kind != SHARC_ATTR_STRING)
    return (sharc_str){"", 0};
  return a->str;
}

static sharc_ident *symbol_ident(const sharc_op *op) {
  sharc_attr *a = sharc_attr_dict_get_ident(op->attrs, sharc_op_ctx_of(op)->sym_name_ident);
  if (!a || a->kind != SHARC_ATTR_STRING)
    return NULL;
  return sharc_ident_get(sharc_op_ctx_of(op), a->str);
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
  sharc_symcache *c = sharc_xcalloc(1, sizeof *c);
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
  sharc_attr *before = sharc_attr_dict_get_ident(old_attrs, sharc_op_ctx_of(op)->sym_name_ident);
  sharc_attr *after = sharc_attr_dict_get_ident(op->attrs, sharc_op_ctx_of(op)->sym_name_ident);
  if (before == after)
    return;
  if (before && before->kind == SHARC_ATTR_STRING) {
    sharc_ident *old_name = sharc_ident_get(sharc_op_ctx_of(op), before->str);
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
  sharc_ident *id = sharc_ident_get(sharc_op_ctx_of(table), name);
  for (sharc_block *b = sharc_op_regions_of(table)[0].first; b; b = b->next) {
    sharc_op *op = sharc_ptrmap_get(&cache_of(b)->by_name, id);
    if (op)
      return op;
  }
  return NULL;
}

/* A search for a symbol table that found none, counted for verify.c. */
static sharc_op *no_table(sharc_context *ctx) {
  if (ctx->symbol_table_misses)
    ++*ctx->symbol_table_misses;
  return NULL;
}

sharc_op *sharc_symbol_table_op(sharc_op *op) {
  sharc_context *ctx = op ? sharc_op_ctx_of(op) : NULL;
  while (op && !sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE))
    op = sharc_op_parent_op(op);
  return op || !ctx ? op : no_table(ctx);
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

/* A name not yet taken in `table`: `base` itself, else MLIR's `base_N`
 * with N counted on from `*counter`. */
static sharc_str unique_name(sharc_op *table, sharc_str base, sharc_buf *scratch,
                             unsigned *counter) {
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

sharc_str sharc_symbol_uniquify(sharc_op *table, sharc_op *op, unsigned *counter) {
  sharc_buf scratch = {0};
  sharc_str name = unique_name(table, sharc_op_symbol_name(op), &scratch, counter);
  if (name.data == scratch.data)
    sharc_op_set_attr(op, "sym_name", sharc_attr_string(sharc_op_ctx_of(op), name));
  sharc_buf_free(&scratch);
  return sharc_op_symbol_name(op);
}

sharc_str sharc_symbol_insert_uniqued(sharc_op *table, sharc_op *op, sharc_op *before,
                                      unsigned *counter) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(table, 0));
  sharc_symbol_uniquify(table, op, counter);
  if (before)
    sharc_block_insert_before(before, op);
  else if (body->last && sharc_op_has_trait(body->last, SHARC_TRAIT_TERMINATOR))
    sharc_block_insert_before(body->last, op);
  else
    sharc_block_append_op(body, op);
  return sharc_op_symbol_name(op);
}

/* A fresh SymbolTable counts from 0. */
sharc_str sharc_symbol_insert(sharc_op *table, sharc_op *op, sharc_op *before) {
  unsigned counter = 0;
  return sharc_symbol_insert_uniqued(table, op, before, &counter);
}

bool sharc_symbol_verify_unique(sharc_op *table) {
  if (table->num_regions == 0)
    return true;
  sharc_ptrmap seen = {0};
  bool ok = true;
  for (sharc_block *b = sharc_op_regions_of(table)[0].first; b && ok; b = b->next)
    for (sharc_op *op = b->first; op && ok; op = op->next) {
      sharc_ident *name = symbol_ident(op);
      if (!name)
        continue;
      sharc_op *first = sharc_ptrmap_get(&seen, name);
      if (!first) {
        sharc_ptrmap_put(&seen, name, op);
        continue;
      }
      sharc_diag *d = sharc_emit_op(op, SHARC_SEV_ERROR, "redefinition of symbol named '%s'",
                                    name->data);
      sharc_diag_note(d, sharc_op_loc(first), "see existing symbol definition here");
      ok = false;
    }
  sharc_ptrmap_free(&seen);
  return ok;
}

/* ---- visibility and resolution ------------------------------------------------ */

sharc_symbol_visibility sharc_symbol_visibility_of(const sharc_op *op) {
  sharc_attr *v = sharc_op_attr(op, "sym_visibility");
  if (!v || v->kind != SHARC_ATTR_STRING)
    return SHARC_SYMBOL_PUBLIC;
  if (sharc_str_eq_cstr(v->str, "private"))
    return SHARC_SYMBOL_PRIVATE;
  if (sharc_str_eq_cstr(v->str, "nested"))
    return SHARC_SYMBOL_NESTED;
  return SHARC_SYMBOL_PUBLIC;
}

bool sharc_op_maybe_unknown_symbol_table(const sharc_op *op) {
  if (sharc_op_def_of(op) || op->num_regions != 1)
    return false;
  sharc_str name = sharc_ident_str(op->name);
  const char *dot = memchr(name.data, '.', name.len);
  sharc_str prefix = {name.data, dot ? (size_t)(dot - name.data) : name.len};
  return !sharc_context_dialect(sharc_op_ctx_of(op), prefix);
}

sharc_op *sharc_symbol_nearest_table(sharc_op *op) {
  sharc_context *ctx = op ? sharc_op_ctx_of(op) : NULL;
  for (; op; op = sharc_op_parent_op(op)) {
    if (sharc_op_maybe_unknown_symbol_table(op))
      return no_table(ctx);
    if (sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE))
      return op;
  }
  return ctx ? no_table(ctx) : NULL;
}

sharc_op *sharc_symbol_resolve_in(sharc_op *table, const sharc_attr *ref, sharc_op **path) {
  if (!table || ref->kind != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *cur = sharc_symbol_lookup(table, sharc_ident_str(ref->sym.root));
  if (path)
    path[0] = cur;
  for (unsigned i = 0; cur && i < ref->sym.n; i++) {
    if (!sharc_op_has_trait(cur, SHARC_TRAIT_SYMBOL_TABLE))
      return NULL;
    cur = sharc_symbol_lookup(cur, sharc_ident_str(ref->sym.nested[i]));
    if (path)
      path[i + 1] = cur;
  }
  return cur;
}

sharc_op *sharc_symbol_resolve_nearest(sharc_op *from, const sharc_attr *ref) {
  return sharc_symbol_resolve_in(sharc_symbol_nearest_table(from), ref, NULL);
}

/* ---- symbol uses ----------------------------------------------------------------
 * MLIR walks an op's attribute dictionary once per op with a cache of what
 * it has seen, so a reference that occurs twice counts once: the refs seen
 * so far are kept in a short array, spilling into a map for ops with many. */

typedef struct ref_walk {
  void (*fn)(sharc_attr *ref, void *user);
  void *user;
  sharc_attr *seen[8];
  unsigned num_seen;
  sharc_ptrmap more; /* the refs past the first eight */
} ref_walk;

static bool seen_before(ref_walk *w, sharc_attr *ref) {
  for (unsigned i = 0; i < w->num_seen; i++)
    if (w->seen[i] == ref)
      return true;
  if (w->more.count && sharc_ptrmap_get(&w->more, ref))
    return true;
  if (w->num_seen < sizeof w->seen / sizeof w->seen[0])
    w->seen[w->num_seen++] = ref;
  else
    sharc_ptrmap_put(&w->more, ref, ref);
  return false;
}

static sharc_walk_result visit_ref(sharc_attr *a, void *user) {
  ref_walk *w = user;
  if (a->kind != SHARC_ATTR_SYMBOL_REF)
    return SHARC_WALK_ADVANCE;
  if (!seen_before(w, a))
    w->fn(a, w->user);
  return SHARC_WALK_SKIP;
}

void sharc_symbol_op_refs(sharc_op *op, void (*fn)(sharc_attr *ref, void *user), void *user) {
  if (!op->attrs || sharc_dict_n(op->attrs) == 0)
    return;
  ref_walk w = {.fn = fn, .user = user};
  sharc_attr_walk(op->attrs, visit_ref, &w);
  sharc_ptrmap_free(&w.more);
}

typedef struct use_sink {
  sharc_symbol_uses *out;
  sharc_op *user;
} use_sink;

static void append_use(sharc_attr *ref, void *user) {
  use_sink *s = user;
  sharc_symbol_use u = {s->user, ref};
  sharc_vec_push(s->out, u);
}

static void append_op_refs(sharc_op *op, sharc_symbol_uses *out) {
  use_sink s = {out, op};
  sharc_symbol_op_refs(op, append_use, &s);
}

/* The nested ops' references, not entering nested symbol tables; false at
 * an op that might be an unknown symbol table. */
static bool append_nested_uses(sharc_op *op, sharc_symbol_uses *out) {
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        if (sharc_op_maybe_unknown_symbol_table(o))
          return false;
        append_op_refs(o, out);
        if (!sharc_op_has_trait(o, SHARC_TRAIT_SYMBOL_TABLE) && o->num_regions &&
            !append_nested_uses(o, out))
          return false;
      }
  return true;
}

bool sharc_symbol_collect_uses(sharc_op *op, sharc_symbol_uses *out) {
  unsigned start = out->len;
  if (sharc_op_maybe_unknown_symbol_table(op))
    return false;
  append_op_refs(op, out);
  if (!sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE) && !append_nested_uses(op, out)) {
    out->len = start;
    return false;
  }
  return true;
}

void sharc_symbol_uses_free(sharc_symbol_uses *uses) { sharc_vec_free(uses); }

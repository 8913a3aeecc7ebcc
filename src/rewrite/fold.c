/* Folding for the greedy driver: an op's fold hook with constant
 * materialization, and MLIR's OperationFolder rules for constant-like ops
 * (one per value in each insertion region, hoisted to its entry block). */
#include "rewrite/greedy_internal.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* Constants go to the nearest region whose parent is isolated from above
 * (or unregistered, or top-level), as MLIR's getInsertionRegion. */
static sharc_region *insertion_region(sharc_block *b) {
  for (;;) {
    sharc_region *r = b->parent;
    sharc_op *parent = r->parent;
    if (!sharc_op_def_of(parent) || (sharc_op_def_of(parent)->traits & SHARC_TRAIT_ISOLATED) ||
        !parent->block)
      return r;
    b = parent->block;
  }
}

static uint64_t mix(uint64_t h, const void *p) {
  h ^= (uint64_t)(uintptr_t)p;
  h *= 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

static uint64_t key_hash(const void *entry) {
  const sharc_const_entry *k = entry;
  return mix(mix(mix(mix(0, k->region), k->dialect), k->value), k->type);
}

static bool key_eq(const void *entry, const void *key) {
  const sharc_const_entry *a = entry, *b = key;
  return a->region == b->region && a->dialect == b->dialect && a->value == b->value &&
         a->type == b->type;
}

static bool entry_is_empty(const void *entry) {
  return !((const sharc_const_entry *)entry)->region;
}

static const sharc_oa_kind entry_kind = {sizeof(sharc_const_entry), 75, key_hash, key_eq,
                                         entry_is_empty};

/* Room for one more constant; `owned` points into the slots, so it is
 * rebuilt when they move. */
static void reserve_one(sharc_const_folder *f) {
  if (!sharc_oa_reserve_one(&f->slots, &entry_kind))
    return;
  sharc_ptrmap_free(&f->owned);
  sharc_const_entry *slots = (sharc_const_entry *)f->slots.slots;
  for (size_t i = 0; i < f->slots.cap; i++)
    if (slots[i].region && slots[i].op)
      sharc_ptrmap_put(&f->owned, slots[i].op, &slots[i]);
}

void sharc_const_folder_reset(sharc_const_folder *f) {
  sharc_const_folder_free(f);
}

void sharc_const_folder_free(sharc_const_folder *f) {
  sharc_oa_free(&f->slots);
  sharc_ptrmap_free(&f->owned);
  *f = (sharc_const_folder){0};
}

void sharc_const_folder_forget(sharc_const_folder *f, sharc_op *op) {
  sharc_const_entry *e = f->slots.cap ? sharc_ptrmap_get(&f->owned, op) : NULL;
  if (!e)
    return;
  e->op = NULL;
  sharc_ptrmap_put(&f->owned, op, NULL);
}

static bool owned(const sharc_const_folder *f, const sharc_op *op) {
  return op && f->slots.cap && sharc_ptrmap_get(&f->owned, op);
}

bool sharc_const_folder_replaced(sharc_const_folder *f, sharc_rewriter *rw, sharc_op *op) {
  sharc_attr *value = sharc_op_constant_value(op);
  if (!value)
    return false;
  sharc_block *block = op->block;
  sharc_attr *unknown = sharc_loc_unknown(sharc_op_ctx_of(op));
  if (owned(f, op)) {
    if (block->first != op && !owned(f, op->prev)) {
      sharc_op_move_before(op, block->first);
      sharc_op_loc_store(op, unknown);
    }
    return false;
  }
  reserve_one(f);
  sharc_region *region = insertion_region(block);
  sharc_const_entry key = {region, sharc_op_def_of(op)->dialect, value,
                           sharc_op_results_of(op)[0].type, NULL};
  sharc_const_entry *e = sharc_oa_find(&f->slots, &entry_kind, &key);
  if (e->region && e->op) {
    sharc_value *existing = &sharc_op_results_of(e->op)[0];
    sharc_rw_replace_op(rw, op, &existing, 1);
    sharc_op_loc_store(e->op, unknown);
    return true;
  }
  sharc_block *entry = region->first;
  if (block != entry) {
    sharc_op_move_before(op, entry->first);
    sharc_op_loc_store(op, unknown);
  } else if (entry->first != op && !owned(f, op->prev)) {
    sharc_op_move_before(op, entry->first);
  }
  if (!e->region)
    f->slots.used++;
  *e = key;
  e->op = op;
  sharc_ptrmap_put(&f->owned, op, e);
  return false;
}

/* Erases the constants materialized so far when a later one fails. */
static void drop_materialized(sharc_rewriter *rw, sharc_value **values, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    sharc_op *def = sharc_value_defining_op(values[i]);
    bool seen = false;
    for (unsigned j = 0; j < i && !seen; j++)
      seen = sharc_value_defining_op(values[j]) == def;
    if (def && !seen && !def->erased && !sharc_value_has_uses(values[i]))
      sharc_rw_erase_op(rw, def);
  }
}

bool sharc_fold_apply(sharc_rewriter *rw, sharc_op *op, sharc_fold_result *res) {
  sharc_fold_status status = sharc_op_def_of(op)->fold(op, res);
  if (status == SHARC_FOLD_NONE)
    return false;
  if (status == SHARC_FOLD_IN_PLACE) {
    sharc_rw_modified(rw, op);
    return true;
  }
  sharc_value *stack[8];
  sharc_value **values =
      op->num_results <= 8 ? stack : sharc_xmalloc_array(op->num_results, sizeof *values);
  sharc_insert_point saved = rw->ip;
  sharc_rw_set_before(rw, op);
  bool ok = true;
  unsigned made = 0;
  for (unsigned i = 0; i < op->num_results && ok; i++) {
    if (res[i].value) {
      values[made++] = res[i].value;
      continue;
    }
    const sharc_dialect *d = sharc_op_def_of(op)->dialect;
    sharc_op *c = d && d->materialize_constant && res[i].attr
                      ? d->materialize_constant(rw, res[i].attr, sharc_op_results_of(op)[i].type, sharc_op_loc(op))
                      : NULL;
    if (!c) {
      drop_materialized(rw, values, made);
      ok = false;
      break;
    }
    values[made++] = &sharc_op_results_of(c)[0];
  }
  rw->ip = saved;
  if (ok)
    sharc_rw_replace_op(rw, op, values, op->num_results);
  if (values != stack)
    free(values);
  return ok;
}

/* Operations, blocks and regions: creation, linking, use-lists and moves.
 * Nodes live in the context arena; erasing only unlinks them. */
#include "ir/context.h"
#include "ir/created_defs.h"
#include "ir/op_cursor.h"
#include "ir/verify_marks.h"
#include "ir/static_names.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- values and uses ---------------------------------------------------- */

sharc_type *sharc_value_type(const sharc_value *v) { return v->type; }
/* Changes are reported to verify_marks.c (incremental verification). */

void sharc_value_set_type(sharc_value *v, sharc_type *t) {
  if (v->type == t)
    return;
  v->type = t;
  sharc_ir_note_value_type(v);
}
bool sharc_value_is_block_arg(const sharc_value *v) { return v->vkind == SHARC_VALUE_ARG; }

sharc_op *sharc_value_defining_op(const sharc_value *v) {
  return v->vkind == SHARC_VALUE_RESULT ? sharc_value_op_of(v) : NULL;
}

sharc_block *sharc_value_owner_block(const sharc_value *v) {
  return v->vkind == SHARC_VALUE_ARG ? sharc_value_block_of(v) : NULL;
}

unsigned sharc_value_index(const sharc_value *v) { return sharc_value_index_of(v); }
/* MLIR's Value::getLoc: a result is where its op is; a block argument or a
 * parser's placeholder has a location of its own. */
sharc_attr *sharc_value_loc(const sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT)
    return sharc_op_loc(sharc_value_op_of(v));
  return ((const sharc_located_value *)(const void *)v)->loc;
}
sharc_use *sharc_value_first_use(const sharc_value *v) { return v->uses; }
bool sharc_value_has_uses(const sharc_value *v) { return v->uses != NULL; }
bool sharc_value_has_one_use(const sharc_value *v) { return v->uses && !v->uses->next; }

unsigned sharc_value_num_uses(const sharc_value *v) {
  unsigned n = 0;
  for (const sharc_use *u = v->uses; u; u = u->next)
    n++;
  return n;
}
sharc_use *sharc_use_next(const sharc_use *u) { return u->next; }
/* parenthesized: ir_internal.h maps the name to the inline version */
sharc_op *(sharc_use_owner)(const sharc_use *u) { return sharc_use_owner_inline(u); }
unsigned sharc_use_operand_index(const sharc_use *u) {
  return (unsigned)(u - sharc_op_operands_of(u->owner));
}

static void use_link(sharc_use *u, sharc_value *v) {
  u->value = v;
  if (!v) {
    u->next = NULL;
    u->pprev = NULL;
    return;
  }
  u->next = v->uses;
  if (v->uses)
    v->uses->pprev = &u->next;
  u->pprev = &v->uses;
  v->uses = u;
}

static void use_unlink(sharc_use *u) {
  if (!u->pprev)
    return;
  *u->pprev = u->next;
  if (u->next)
    u->next->pprev = u->pprev;
  u->next = NULL;
  u->pprev = NULL;
  u->value = NULL;
}

void sharc_value_replace_all_uses(sharc_value *from, sharc_value *to) {
  if (from == to) {
    if (from->uses)
      sharc_ir_note_use_moved(from->uses->owner);
    return;
  }
  while (from->uses) {
    sharc_use *u = from->uses;
    sharc_ir_note_use_moved(u->owner);
    use_unlink(u);
    use_link(u, to);
  }
}

void sharc_value_replace_uses_if(sharc_value *from, sharc_value *to, sharc_use_pred pred,
                                 void *user) {
  if (from == to) {
    if (from->uses)
      sharc_ir_note_use_moved(from->uses->owner);
    return;
  }
  for (sharc_use *u = from->uses, *next; u; u = next) {
    next = u->next;
    if (!pred(u, user))
      continue;
    sharc_ir_note_use_moved(u->owner);
    use_unlink(u);
    use_link(u, to);
  }
}

/* ---- operations --------------------------------------------------------- */

_Static_assert(sizeof(void *) != 8 || sizeof(sharc_op) == 64, "an op record fills one cache line");

/* The op and everything it owns in one arena allocation (MLIR's trailing
 * objects, laid out as ir_internal.h says): a walk that reads an op's
 * operands or results finds them on the lines around the op, and the op
 * needs no pointer to its results, regions or successors. */
static sharc_op *op_alloc(sharc_context *ctx, const sharc_op_state *st) {
  size_t props = st->props ? sizeof(sharc_attr *) : 0;
  size_t results = (size_t)st->num_results * sizeof(sharc_value);
  size_t regions = (size_t)st->num_regions * sizeof(sharc_region);
  size_t successors = (size_t)st->num_successors * sizeof(sharc_block *);
  size_t extra = successors || props ? sizeof(sharc_op_extra) : 0;
  size_t operands = (size_t)st->num_operands * sizeof(sharc_use);
  /* room for a grown array's address (sharc_op_operands_of) */
  size_t pad = operands < sizeof(sharc_use *) ? sizeof(sharc_use *) - operands : 0;
  char *mem = sharc_arena_alloc(&ctx->arena, props + results + sizeof(sharc_op) + regions +
                                                 extra + successors + operands + pad);
  if (props)
    memcpy(mem, &st->props, sizeof st->props);
  sharc_op *op = (sharc_op *)(void *)(mem + props + results);
  op->num_results = st->num_results;
  op->num_regions = st->num_regions;
  if (extra) {
    op->has_extra = 1;
    sharc_op_extra_of(op)->num_successors = st->num_successors;
    sharc_op_extra_of(op)->has_props = props != 0;
  }
  ctx->stat_ops++;
  ctx->stat_bytes[SHARC_STAT_OPS] += sizeof(sharc_op) + extra + successors + props + pad;
  ctx->stat_bytes[SHARC_STAT_VALUES] += results;
  ctx->stat_bytes[SHARC_STAT_OPERANDS] += operands;
  ctx->stat_bytes[SHARC_STAT_BLOCKS] += regions;
  return op;
}

/* Puts `def` into context.created_defs from slot `i` of its probe on:
 * once the set is half full, every definition answers "may hold". */
static void insert_created_def(sharc_context *ctx, const sharc_op_def *def, unsigned i) {
  for (;; i = (i + 1) & (SHARC_CREATED_DEF_SLOTS - 1)) {
    if (ctx->created_def_count * 2 >= SHARC_CREATED_DEF_SLOTS) {
      ctx->created_defs_full = true;
      return;
    }
    const sharc_op_def *empty = NULL;
    if (atomic_compare_exchange_strong(&ctx->created_defs[i], &empty, def)) {
      ctx->created_def_count++;
      return;
    }
    if (empty == def) /* another thread put it there */
      return;
  }
}

/* note_created_def past the first slot: probes on, and inserts. */
static void note_created_def_slow(sharc_context *ctx, const sharc_op_def *def) {
  unsigned i = sharc_def_slot(def);
  for (;; i = (i + 1) & (SHARC_CREATED_DEF_SLOTS - 1)) {
    const sharc_op_def *d = atomic_load_explicit(&ctx->created_defs[i], memory_order_relaxed);
    if (d == def)
      return;
    if (!d)
      break;
  }
  insert_created_def(ctx, def, i);
}

/* Walks for ops of `def` (or of its traits) now have one to find. Most
 * creations find their definition at the first slot probed. */
static inline void note_created_def(sharc_context *ctx, const sharc_op_def *def) {
  if (!def)
    return;
  ctx->created_traits |= def->traits;
  if (atomic_load_explicit(&ctx->created_defs[sharc_def_slot(def)], memory_order_relaxed) != def)
    note_created_def_slow(ctx, def);
}

sharc_op *sharc_op_create(sharc_context *ctx, const sharc_op_state *st) {
  if (st->num_successors > SHARC_OP_MAX_SUCCESSORS || st->num_results > SHARC_VALUE_MAX_INDEX ||
      st->num_regions > SHARC_OP_MAX_REGIONS)
    abort();
  sharc_op *op = op_alloc(ctx, st);
  /* the name carries the op's context: one of another context is interned
   * again in this one */
  op->name =
      st->name && st->name->ctx == ctx ? st->name : sharc_ident_get(ctx, sharc_ident_str(st->name));
  /* an unregistered name is looked up again on every creation, so that a
   * dialect registered since the name's last op makes it registered, as in
   * MLIR; a registered one stays so (dialects are never unregistered) */
  const sharc_op_def *def = sharc_context_lookup_op_ident(op->name);
  note_created_def(ctx, def);
  if (def ? (def->traits & SHARC_TRAIT_SYMBOL_TABLE) : st->num_regions == 1)
    ctx->table_like_ops++;
  op->attrs = st->attrs ? st->attrs : sharc_attr_dictionary(ctx, NULL, 0);
  sharc_op_loc_store(op, st->loc ? st->loc : sharc_loc_unknown(ctx));
  op->num_operands = st->num_operands;
  sharc_use *uses = sharc_op_operands_of(op); /* inline: not grown yet */
  for (unsigned i = 0; i < st->num_operands; i++) {
    uses[i].owner = op;
    use_link(&uses[i], st->operands[i]);
  }
  sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < st->num_results; i++) {
    results[i].type = st->result_types[i];
    results[i].pos = st->num_results - i;
    results[i].vkind = SHARC_VALUE_RESULT;
  }
  sharc_region *regions = sharc_op_regions_of(op);
  for (unsigned i = 0; i < st->num_regions; i++)
    regions[i].parent = op;
  if (st->num_successors) {
    memcpy(sharc_op_successors_of(op), st->successors,
           st->num_successors * sizeof(sharc_block *));
    sharc_context_note_fact(ctx, &sharc_successors_made);
  }
  return op;
}

const char sharc_successors_made = 1;

/* Reverses `v`'s use list: what replacing `v` by a new value leaves, as
 * each use moved goes first (sharc_value_replace_all_uses). */
static void reverse_uses(sharc_value *v) {
  sharc_use *rest = v->uses;
  v->uses = NULL;
  while (rest) {
    sharc_use *u = rest;
    rest = u->next;
    use_link(u, v);
  }
}

bool sharc_op_rename(sharc_op *op, sharc_ident *name) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  const sharc_op_def *def = name->ctx == ctx ? sharc_context_lookup_op_ident(name) : NULL;
  if (!def || !sharc_op_def_of(op) || op->num_regions || op->has_extra)
    return false;
  if (op->name == name)
    return true;
  op->name = name;
  note_created_def(ctx, def);
  sharc_ir_touch_op(op);
  /* a user's verifier may read its producer's kind, as it would read a
   * new op put in this one's place: sdy.data_flow_edge rejects an input
   * defined by an sdy op, and StableHLO's shape checks (matchInts) read a
   * ConstantLike producer's value, a trait stablehlo.constant has and
   * sdy.constant lacks; so the users stay marked (unmarked they cost
   * 1.3 M fewer instructions on the 10k transformer's pipeline) */
  for (unsigned i = 0; i < op->num_results; i++) {
    sharc_ir_note_value_type(&sharc_op_results_of(op)[i]);
    /* bytecode writes use-list orders: they must be the replacement's */
    reverse_uses(&sharc_op_results_of(op)[i]);
  }
  return true;
}

/* ---- the blocks' arrays of their ops (ir/op_cursor.h) -------------------- */

/* The array no longer matches the list: walks under way that read it go
 * back to the links, and the next walk builds it anew. */
static inline void order_invalidate(sharc_block *b) {
  b->order_valid = false;
  b->order_gen++;
}

static void order_reserve(sharc_block *b, size_t n) {
  if (n <= b->order_cap)
    return;
  size_t cap = b->order_cap ? b->order_cap : 2 * SHARC_ORDER_MIN_OPS;
  while (cap < n)
    cap *= 2;
  b->order = sharc_xrealloc_array(b->order, cap, sizeof *b->order);
  b->order_cap = (unsigned)cap;
  if (!b->order_listed) {
    b->order_listed = true;
    sharc_vec_push(&b->ctx->order_blocks, b);
  }
}

/* `op` was linked into b before `next` (NULL: at the end). An append
 * keeps a valid array valid in O(1): blocks grow at the end as ops are
 * built, and a walk that appends need not lose its stream. */
static inline void order_note_link(sharc_block *b, sharc_op *op, const sharc_op *next) {
  if (!b->order_valid || next) {
    order_invalidate(b);
    return;
  }
  order_reserve(b, (size_t)b->order_len + 1);
  b->order[b->order_len++] = op;
}

void sharc_block_order_store_slow(sharc_block *b, unsigned i, sharc_op *op, bool backward) {
  order_reserve(b, (size_t)i + 1);
  if (i == SHARC_ORDER_MIN_OPS) {
    /* the ops visited before, unchanged since the walk began */
    const sharc_op *o = backward ? b->last : b->first;
    for (unsigned j = 0; j < i; j++, o = backward ? o->prev : o->next)
      b->order[j] = (sharc_op *)o;
  }
  b->order[i] = op;
}

void sharc_block_order_publish(sharc_block *b, unsigned len, bool backward) {
  if (backward)
    for (unsigned i = 0, j = len - 1; i < j; i++, j--) {
      sharc_op *t = b->order[i];
      b->order[i] = b->order[j];
      b->order[j] = t;
    }
  b->order_len = len;
  b->order_valid = true;
}

void sharc_block_order_check(const sharc_block *b) {
  unsigned i = 0;
  for (const sharc_op *o = b->first; o; o = o->next, i++)
    if (i >= b->order_len || b->order[i] != o)
      abort();
  if (i != b->order_len)
    abort();
}

void sharc_block_order_free_all(sharc_context *ctx) {
  for (unsigned i = 0; i < ctx->order_blocks.len; i++) {
    sharc_block *b = ctx->order_blocks.items[i];
    free(b->order);
    b->order = NULL;
    b->order_len = b->order_cap = 0;
    b->order_valid = false;
  }
  sharc_vec_free(&ctx->order_blocks);
}

static void drop_region_refs(sharc_region *r);

static void drop_op_refs(sharc_op *op) {
  sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    use_unlink(&uses[i]);
  for (unsigned i = 0; i < op->num_regions; i++)
    drop_region_refs(&sharc_op_regions_of(op)[i]);
}

static void drop_region_refs(sharc_region *r) {
  for (sharc_block *b = r->first; b; b = b->next)
    for (sharc_op *op = b->first; op; op = op->next)
      drop_op_refs(op);
}

void sharc_op_remove_from_parent(sharc_op *op) {
  sharc_ir_note_removed(op);
  sharc_block *b = op->block;
  if (!b)
    return;
  if (b->symcache)
    sharc_symcache_note_remove(b, op);
  order_invalidate(b);
  b->num_ops--;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->prev = op->next = NULL;
  op->block = NULL;
}

void sharc_op_erase(sharc_op *op) {
  sharc_op_remove_from_parent(op);
  op->erased = true;
  drop_op_refs(op);
  /* Uses of the results that remain (e.g. inside the erased regions) are
   * detached so no use-list points at dead operands. */
  for (unsigned i = 0; i < op->num_results; i++)
    while (sharc_op_results_of(op)[i].uses)
      use_unlink(sharc_op_results_of(op)[i].uses);
}

bool sharc_op_is_erased(const sharc_op *op) { return op->erased; }

void sharc_op_move_before(sharc_op *op, sharc_op *before) {
  if (op == before || op->next == before) /* already there (MLIR's splice is a no-op too) */
    return;
  sharc_op_remove_from_parent(op);
  sharc_block_insert_before(before, op);
}

void sharc_op_move_after(sharc_op *op, sharc_op *after) {
  if (op == after || after->next == op)
    return;
  sharc_op_remove_from_parent(op);
  sharc_block_insert_after(after, op);
}

void sharc_op_move_to_end(sharc_op *op, sharc_block *b) {
  if (op->block == b && b->last == op)
    return;
  sharc_op_remove_from_parent(op);
  sharc_block_append_op(b, op);
}

bool sharc_op_is_before_in_block(const sharc_op *a, const sharc_op *b) {
  if (a == b)
    return false;
  /* walk from both ends at once: the cost is the distance, not the block */
  for (const sharc_op *fwd = a->next, *back = b->prev;; fwd = fwd->next, back = back->prev) {
    if (fwd == b || back == a)
      return true;
    if (!fwd || !back)
      return false;
  }
}

sharc_context *sharc_op_context(const sharc_op *op) { return sharc_op_ctx_of(op); }
uint64_t sharc_context_ir_epoch(const sharc_context *ctx) { return ctx->ir_epoch; }

bool sharc_context_created_trait(const sharc_context *ctx, unsigned trait) {
  return (ctx->created_traits & trait) != 0;
}

bool sharc_context_may_hold_def(const sharc_context *ctx, const sharc_op_def *def) {
  if (ctx->created_defs_full)
    return true;
  for (unsigned i = sharc_def_slot(def);; i = (i + 1) & (SHARC_CREATED_DEF_SLOTS - 1)) {
    const sharc_op_def *d = atomic_load_explicit(&ctx->created_defs[i], memory_order_relaxed);
    if (d == def)
      return true;
    if (!d)
      return false;
  }
}
unsigned sharc_context_table_like_ops(const sharc_context *ctx) { return ctx->table_like_ops; }
bool sharc_context_symbols_in_one_table(const sharc_context *ctx) {
  return !sharc_context_allows_unregistered(ctx) && ctx->table_like_ops == 1;
}
sharc_ident *sharc_op_name(const sharc_op *op) { return op->name; }

bool(sharc_op_isa)(const sharc_op *op, const sharc_op_def *def) {
  return sharc_op_isa_inline(op, def);
}
bool sharc_op_named(const sharc_op *op, const sharc_ident *name) { return op->name == name; }
const char *sharc_op_def_name(const sharc_op_def *def) { return def->name; }

const sharc_op_def *sharc_context_op_def(const sharc_context *ctx, sharc_str name) {
  return sharc_context_lookup_op(ctx, name);
}

bool sharc_op_is(const sharc_op *op, const char *name) {
  return sharc_str_eq_cstr(sharc_ident_str(op->name), name);
}

const sharc_op_def *sharc_op_get_def(const sharc_op *op) { return sharc_op_def_of(op); }
/* A packed point: bit 0 set, the file's index in ctx->loc_files, the line
 * and the column, each field as wide as below; numbers that do not fit
 * make the attribute at once. */
enum { LOC_FILE_BITS = 15, LOC_LINE_BITS = 24, LOC_COL_BITS = 24 };

static bool loc_fits(size_t file, unsigned line, unsigned col) {
  return sizeof(uintptr_t) >= 8 && file < (1u << LOC_FILE_BITS) &&
         line < (1u << LOC_LINE_BITS) && col < (1u << LOC_COL_BITS);
}

static size_t loc_file_index(sharc_context *ctx, sharc_ident *file) {
  for (size_t i = ctx->loc_files.len; i-- > 0;)
    if (ctx->loc_files.items[i] == file)
      return i;
  if (ctx->loc_files.len < (1u << LOC_FILE_BITS))
    sharc_vec_push(&ctx->loc_files, file);
  return ctx->loc_files.len - 1;
}

void sharc_op_set_point_loc(sharc_op *op, sharc_ident *file, unsigned line, unsigned col) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  size_t f = loc_file_index(ctx, file);
  if (ctx->loc_files.items[f] != file || !loc_fits(f, line, col)) {
    sharc_op_loc_store(op, sharc_loc_file(ctx, file, line, col));
    return;
  }
  uint64_t w = 1 | (uint64_t)f << 1 | (uint64_t)line << (1 + LOC_FILE_BITS) |
               (uint64_t)col << (1 + LOC_FILE_BITS + LOC_LINE_BITS);
  op->loc_word = (uintptr_t)w;
}

sharc_attr *sharc_op_loc(const sharc_op *op) {
  if (!(op->loc_word & 1))
    return (sharc_attr *)op->loc_word;
  uint64_t w = (uint64_t)op->loc_word >> 1;
  unsigned f = (unsigned)(w & ((1u << LOC_FILE_BITS) - 1));
  unsigned line = (unsigned)((w >> LOC_FILE_BITS) & ((1u << LOC_LINE_BITS) - 1));
  unsigned col = (unsigned)(w >> (LOC_FILE_BITS + LOC_LINE_BITS));
  sharc_context *ctx = sharc_op_ctx_of(op);
  pthread_mutex_lock(&ctx->loc_lock);
  sharc_attr *loc = sharc_loc_file(ctx, ctx->loc_files.items[f], line, col);
  pthread_mutex_unlock(&ctx->loc_lock);
  return loc;
}

void sharc_op_set_loc(sharc_op *op, sharc_attr *loc) {
  if (sharc_op_loc(op) == loc)
    return;
  sharc_ir_touch_op(op);
  sharc_op_loc_store(op, loc);
}
unsigned sharc_op_num_operands(const sharc_op *op) { return op->num_operands; }
sharc_value *sharc_op_operand(const sharc_op *op, unsigned i) {
  return sharc_op_operands_of(op)[i].value;
}

void sharc_op_set_operand(sharc_op *op, unsigned i, sharc_value *v) {
  sharc_use *u = &sharc_op_operands_of(op)[i];
  if (u->value == v)
    return;
  sharc_ir_touch_op(op);
  use_unlink(u);
  use_link(u, v);
}

/* An inline operand array holds what the op was created with (less after
 * it shrank: the slack is not remembered); a grown one says its capacity in
 * the word before it. */
static unsigned operand_capacity(const sharc_op *op) {
  if (!op->operands_grown)
    return op->num_operands;
  return (unsigned)((const uint64_t *)(const void *)sharc_op_operands_of(op))[-1];
}

/* Geometric growth: an op whose operands grow one by one (a fragment
 * absorbing producers) must not take quadratic arena memory. */
static void grow_operands(sharc_op *op, unsigned n) {
  unsigned old = operand_capacity(op);
  unsigned cap = n > 2 * old ? n : 2 * old;
  size_t bytes = sizeof(uint64_t) + (size_t)cap * sizeof(sharc_use);
  uint64_t *mem = sharc_arena_alloc(&sharc_op_ctx_of(op)->arena, bytes);
  mem[0] = cap;
  sharc_use *grown = (sharc_use *)(void *)(mem + 1);
  memcpy(sharc_op_grown_slot_of(op), &grown, sizeof grown);
  op->operands_grown = 1;
  sharc_op_ctx_of(op)->stat_bytes[SHARC_STAT_OPERANDS] += bytes;
}

void sharc_op_set_operands(sharc_op *op, sharc_value *const *vals, unsigned n) {
  sharc_ir_touch_op(op);
  sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    use_unlink(&uses[i]);
  if (n > operand_capacity(op))
    grow_operands(op, n);
  op->num_operands = n;
  uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < n; i++) {
    uses[i].owner = op;
    use_link(&uses[i], vals[i]);
  }
}

unsigned sharc_op_num_results(const sharc_op *op) { return op->num_results; }
sharc_value *sharc_op_result(const sharc_op *op, unsigned i) { return &sharc_op_results_of(op)[i]; }
unsigned sharc_op_num_regions(const sharc_op *op) { return op->num_regions; }
sharc_region *sharc_op_region(const sharc_op *op, unsigned i) { return &sharc_op_regions_of(op)[i]; }
unsigned sharc_op_num_successors(const sharc_op *op) { return sharc_op_num_successors_of(op); }
sharc_block *sharc_op_successor(const sharc_op *op, unsigned i) {
  return sharc_op_successors_of(op)[i];
}
sharc_attr *sharc_op_attrs(const sharc_op *op) { return op->attrs; }
sharc_attr *sharc_op_props(const sharc_op *op) { return sharc_op_props_of(op); }
/* Sets the dictionary; `changed`, when not NULL, is the one name whose
 * value differs between the two (sharc_op_set_attr_ident knows it, and the
 * change record then compares no dictionaries). */
static void set_attrs_changing(sharc_op *op, sharc_attr *dict, const sharc_ident *changed) {
  if (op->attrs == dict)
    return;
  sharc_attr *old = op->attrs;
  op->attrs = dict;
  if (changed)
    sharc_ir_note_attr_changed(op, old, changed);
  else
    sharc_ir_note_attrs(op, old);
  if (op->block && op->block->symcache)
    sharc_symcache_note_rename(op, old);
}

void sharc_op_set_attrs(sharc_op *op, sharc_attr *dict) { set_attrs_changing(op, dict, NULL); }

sharc_attr *sharc_op_attr(const sharc_op *op, const char *name) {
  return sharc_attr_dict_get(op->attrs, name);
}

static sharc_set_attr_slot *set_attr_slot(sharc_context *ctx, const sharc_attr *dict,
                                           const sharc_ident *name, const sharc_attr *value) {
  if (!ctx->set_attr_cache) {
    ctx->set_attr_cache = sharc_xcalloc(SHARC_SET_ATTR_CACHE, sizeof *ctx->set_attr_cache);
  }
  uint64_t h = (uint64_t)(uintptr_t)dict * 0x9e3779b97f4a7c15u;
  h ^= (uint64_t)(uintptr_t)name * 0xc2b2ae3d27d4eb4fu;
  h ^= (uint64_t)(uintptr_t)value * 0x165667b19e3779f9u;
  return &ctx->set_attr_cache[(h >> 40) % SHARC_SET_ATTR_CACHE];
}

void sharc_op_set_attr(sharc_op *op, const char *name, sharc_attr *value) {
  sharc_op_set_attr_ident(op, sharc_ident_get(sharc_op_ctx_of(op), sharc_str_from_cstr(name)),
                          value);
}

/* dict_with when `slot` (of the cache) holds another change: the
 * dictionary built and remembered there. */
static sharc_attr *dict_built(sharc_op *op, sharc_ident *id, sharc_attr *value,
                              sharc_set_attr_slot *slot) {
  const sharc_attr *old_dict = op->attrs;
  unsigned n = sharc_dict_n(op->attrs);
  sharc_named_attr stack_buf[16];
  sharc_named_attr *entries = n + 1 <= 16 ? stack_buf : sharc_xmalloc_array(n + 1, sizeof *entries);
  unsigned out = 0;
  for (unsigned i = 0; i < n; i++)
    if (sharc_dict_entries(op->attrs)[i].name != id)
      entries[out++] = sharc_dict_entries(op->attrs)[i];
  if (value)
    entries[out++] = (sharc_named_attr){id, value};
  sharc_attr *dict = sharc_attr_dictionary(sharc_op_ctx_of(op), entries, out);
  *slot = (sharc_set_attr_slot){old_dict, value, id, dict};
  if (entries != stack_buf)
    free(entries);
  return dict;
}

/* The op's dictionary with `id` set to `value` (NULL: removed), through
 * the context's cache of recent changes: ops alike share a dictionary, so
 * a pass setting one name on many of them builds each result once. */
static inline sharc_attr *dict_with(sharc_op *op, sharc_ident *id, sharc_attr *value) {
  sharc_set_attr_slot *slot = set_attr_slot(sharc_op_ctx_of(op), op->attrs, id, value);
  if (slot->result && slot->dict == op->attrs && slot->name == id && slot->value == value)
    return slot->result;
  return dict_built(op, id, value, slot);
}

void sharc_op_set_attr_ident(sharc_op *op, sharc_ident *id, sharc_attr *value) {
  set_attrs_changing(op, dict_with(op, id, value), id);
}

void sharc_op_set_self_verified_attr(sharc_op *op, const char *literal, sharc_attr *value) {
  sharc_ident *id = sharc_context_static_ident(sharc_op_ctx_of(op), literal);
  sharc_attr *dict = dict_with(op, id, value);
  if (op->attrs == dict)
    return;
  sharc_attr *old = op->attrs;
  op->attrs = dict;
  sharc_ir_note_self_verified_attr(op, old, id, value != NULL);
  if (op->block && op->block->symcache)
    sharc_symcache_note_rename(op, old);
}

sharc_block *sharc_op_block(const sharc_op *op) { return op->block; }

sharc_region *sharc_op_parent_region(const sharc_op *op) {
  return op->block ? op->block->parent : NULL;
}

sharc_op *sharc_op_parent_op(const sharc_op *op) {
  return op->block && op->block->parent ? op->block->parent->parent : NULL;
}

sharc_op *sharc_op_next(const sharc_op *op) { return op->next; }
sharc_op *sharc_op_prev(const sharc_op *op) { return op->prev; }

bool sharc_op_is_ancestor(const sharc_op *ancestor, const sharc_op *op) {
  for (; op; op = sharc_op_parent_op(op))
    if (op == ancestor)
      return true;
  return false;
}

bool sharc_op_def_is_inherent(const sharc_op_def *def, const sharc_ident *name) {
  if (!def || !def->inherent)
    return false;
  /* the printer asks this of every attribute of every op: most names
   * differ from each inherent one in their first byte, so no call */
  for (const char *const *p = def->inherent; *p; p++)
    if ((*p)[0] == name->data[0] && strcmp(*p, name->data) == 0)
      return true;
  return false;
}

/* ---- blocks and regions ------------------------------------------------- */

sharc_block *sharc_block_create(sharc_context *ctx) {
  sharc_block *b = sharc_arena_alloc(&ctx->arena, sizeof *b);
  b->ctx = ctx;
  ctx->stat_bytes[SHARC_STAT_BLOCKS] += sizeof *b;
  return b;
}

sharc_value *sharc_block_add_arg(sharc_block *b, sharc_type *t, sharc_attr *loc) {
  sharc_ir_touch_block(b);
  if (b->num_args >= SHARC_VALUE_MAX_INDEX)
    abort();
  if (b->num_args == b->cap_args) {
    unsigned cap = b->cap_args ? b->cap_args * 2 : 4;
    sharc_value **args = sharc_arena_alloc(&b->ctx->arena, cap * sizeof *args);
    b->ctx->stat_bytes[SHARC_STAT_BLOCKS] += cap * sizeof *args;
    if (b->num_args)
      memcpy(args, b->args, b->num_args * sizeof *args);
    b->args = args;
    b->cap_args = cap;
  }
  sharc_located_value *lv = sharc_arena_alloc(&b->ctx->arena, sizeof *lv);
  b->ctx->stat_bytes[SHARC_STAT_VALUES] += sizeof *lv;
  lv->loc = loc ? loc : sharc_loc_unknown(b->ctx);
  sharc_value *v = &lv->value;
  v->type = t;
  lv->block = b;
  v->pos = b->num_args;
  v->vkind = SHARC_VALUE_ARG;
  b->args[b->num_args++] = v;
  return v;
}

void sharc_block_erase_arg(sharc_block *b, unsigned i) {
  sharc_ir_note_arg_erased(b, b->args[i]);
  for (unsigned j = i + 1; j < b->num_args; j++) {
    b->args[j - 1] = b->args[j];
    b->args[j - 1]->pos = j - 1;
  }
  b->num_args--;
}

sharc_value *sharc_block_insert_arg(sharc_block *b, unsigned index, sharc_type *t,
                                   sharc_attr *loc) {
  sharc_value *v = sharc_block_add_arg(b, t, loc);
  for (unsigned j = b->num_args - 1; j > index; j--) {
    b->args[j] = b->args[j - 1];
    b->args[j]->pos = j;
  }
  b->args[index] = v;
  v->pos = index;
  return v;
}

unsigned sharc_block_num_args(const sharc_block *b) { return b->num_args; }
sharc_block *sharc_block_prev(const sharc_block *b) { return b->prev; }
bool sharc_block_is_entry(const sharc_block *b) { return b->parent && b->parent->first == b; }

sharc_op *sharc_block_terminator(const sharc_block *b) {
  return b->last && sharc_op_has_trait(b->last, SHARC_TRAIT_TERMINATOR) ? b->last : NULL;
}

void sharc_block_prepend_op(sharc_block *b, sharc_op *op) {
  if (b->first)
    sharc_block_insert_before(b->first, op);
  else
    sharc_block_append_op(b, op);
}
sharc_value *sharc_block_arg(const sharc_block *b, unsigned i) { return b->args[i]; }
sharc_op *sharc_block_first_op(const sharc_block *b) { return b->first; }
sharc_op *sharc_block_last_op(const sharc_block *b) { return b->last; }
sharc_region *sharc_block_region(const sharc_block *b) { return b->parent; }
sharc_op *sharc_block_parent_op(const sharc_block *b) { return b->parent ? b->parent->parent : NULL; }
sharc_block *sharc_block_next(const sharc_block *b) { return b->next; }

/* Links `op` into block b between prev and next (NULL at either end). */
static void link_op(sharc_block *b, sharc_op *op, sharc_op *prev, sharc_op *next) {
  op->block = b;
  op->prev = prev;
  op->next = next;
  if (prev)
    prev->next = op;
  else
    b->first = op;
  if (next)
    next->prev = op;
  else
    b->last = op;
  if (b->symcache)
    sharc_symcache_note_insert(b, op);
  order_note_link(b, op, next);
  b->num_ops++;
  sharc_ir_note_inserted(op);
}

void sharc_block_append_op(sharc_block *b, sharc_op *op) { link_op(b, op, b->last, NULL); }

void sharc_block_insert_before(sharc_op *before, sharc_op *op) {
  link_op(before->block, op, before->prev, before);
}

void sharc_block_insert_after(sharc_op *after, sharc_op *op) {
  if (after->next) {
    sharc_block_insert_before(after->next, op);
    return;
  }
  sharc_block_append_op(after->block, op);
}

sharc_block *sharc_region_first_block(const sharc_region *r) { return r->first; }
sharc_block *sharc_region_last_block(const sharc_region *r) { return r->last; }

unsigned sharc_region_num_blocks(const sharc_region *r) {
  unsigned n = 0;
  for (sharc_block *b = r->first; b; b = b->next)
    n++;
  return n;
}

sharc_op *sharc_region_parent_op(const sharc_region *r) { return r->parent; }
unsigned sharc_region_index(const sharc_region *r) { return (unsigned)(r - sharc_op_regions_of(r->parent)); }

/* Links block b into region r between prev and next (NULL at either end);
 * `from`: the region it was just taken from, as it was there, or NULL
 * (sharc_ir_note_block_moved). */
static void link_block_from(sharc_region *r, sharc_block *b, sharc_block *prev, sharc_block *next,
                            const sharc_region *from) {
  b->parent = r;
  b->prev = prev;
  b->next = next;
  if (prev)
    prev->next = b;
  else
    r->first = b;
  if (next)
    next->prev = b;
  else
    r->last = b;
  sharc_ir_note_block_moved(b->ctx, r, b, from);
}

static void link_block(sharc_region *r, sharc_block *b, sharc_block *prev, sharc_block *next) {
  link_block_from(r, b, prev, next, NULL);
}

void sharc_region_append_block(sharc_region *r, sharc_block *b) { link_block(r, b, r->last, NULL); }

void sharc_region_insert_block(sharc_region *r, sharc_block *before, sharc_block *b) {
  if (!before) {
    sharc_region_append_block(r, b);
    return;
  }
  link_block(r, b, before->prev, before);
}

void sharc_block_remove_from_parent(sharc_block *b) {
  sharc_region *r = b->parent;
  if (!r) {
    b->ctx->ir_epoch++;
    return;
  }
  if (b->prev)
    b->prev->next = b->next;
  else
    r->first = b->next;
  if (b->next)
    b->next->prev = b->prev;
  else
    r->last = b->prev;
  b->prev = b->next = NULL;
  b->parent = NULL;
  sharc_ir_note_block_moved(b->ctx, r, b, NULL);
}

void sharc_region_take_body(sharc_region *to, sharc_region *from) {
  if (from->first)
    sharc_ir_touch_region(from->first->ctx, from);
  while (from->first) {
    sharc_block *b = from->first;
    from->first = b->next;
    link_block_from(to, b, to->last, NULL, from);
  }
  from->last = NULL;
}

/* The context: owns the arenas, interned identifiers, uniqued types and
 * attributes, the registered dialects and the diagnostic handler. */
#include "ir/affine.h"
#include "ir/context.h"
#include "support/log.h"
#include "support/pages.h"
#include "support/short_key.h"
#include "support/xalloc.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- hashing and uniquing ---------------------------------------------- */

static uint64_t hash_mix(uint64_t h, uint64_t w) {
  h = (h ^ w) * 0x100000001b3ull;
  return h ^ (h >> 29);
}

uint32_t sharc_hash_bytes(const void *p, size_t n) {
  const uint8_t *s = p;
  uint64_t h = 0xcbf29ce484222325ull ^ n;
  size_t i = 0;
  uint64_t w;
  for (; i + 8 <= n; i += 8) {
    memcpy(&w, s + i, 8);
    h = hash_mix(h, w);
  }
  if (i < n) { /* the tail: the last 8 bytes (overlapping), or a short key */
    if (n >= 8)
      memcpy(&w, s + n - 8, 8);
    else
      w = sharc_short_word(s, n);
    h = hash_mix(h, w);
  }
  /* a final avalanche (half of murmur3's fmix64): the tables index by the
   * low bits, which the multiplications above leave blind to the high
   * bytes of the last word (2.54 -> 2.45 probes a lookup at 100k ops) */
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return (uint32_t)h;
}

static size_t key_pad(uint32_t len) { return ((size_t)len + 7) & ~(size_t)7; }

/* A slot's word: the pointer in the low SLOT_PTR_BITS, the tag (the hash's
 * high bits) above. */
enum { SLOT_PTR_BITS = 48 };

static uint64_t slot_tag(uint32_t hash) { return (uint64_t)(hash >> 16) << SLOT_PTR_BITS; }

static bool slot_empty(const sharc_uniq_slot *s) { return !s->word; }

/* Whether the slot may hold an object of `hash`: then it is loaded and its
 * key compared (the tag alone would not make uniquing exact). */
static bool slot_tag_is(const sharc_uniq_slot *s, uint32_t hash) {
  return (s->word ^ slot_tag(hash)) >> SLOT_PTR_BITS == 0;
}

/* A slot's pointer: an object of types and attributes, an identifier of
 * the identifier table. */
static void *slot_ptr(const sharc_uniq_slot *s) {
  return (void *)(uintptr_t)(s->word & ((UINT64_C(1) << SLOT_PTR_BITS) - 1));
}

/* The full hash of a slot's object, which a rehash needs: both kinds of
 * object start with it. */
_Static_assert(offsetof(sharc_uniq, hash) == 0 && offsetof(sharc_ident, hash) == 0,
               "uniqued objects start with their hash");

static uint32_t slot_hash(const sharc_uniq_slot *s) {
  uint32_t h;
  memcpy(&h, slot_ptr(s), sizeof h);
  return h;
}

/* A large table keeps a bit a slot beside its slots, set when the slot is
 * filled (slots are never emptied): in tens of megabytes of slots a
 * probe's first load misses the cache, and a new key whose first slot is
 * empty (four in ten at the usual load) is then placed without it, on a
 * bit of a bitmap 64 times smaller, which stays cached. */
enum { FILLED_MIN_CAP = 1 << 18 };

static size_t filled_words(size_t cap) { return cap / 64; }

static bool slot_filled(const sharc_uniq_table *t, const sharc_uniq_slot *s) {
  size_t i = (size_t)(s - t->slots);
  return t->filled[i / 64] >> (i % 64) & 1;
}

/* The uniquing arenas take their chunks below 2^48 (narrow_chunks, mapping
 * one malloc places above), so only a kernel that maps above 2^48 without
 * an address hint reaches this: out of line, so that slot_set stays small
 * enough to inline. */
static __attribute__((noinline, cold)) void slot_addr_too_wide(void) {
  fputs("sharc: an object's address does not fit a uniquing table's slot\n", stderr);
  abort();
}

static inline void slot_set(sharc_uniq_table *t, sharc_uniq_slot *s, uint32_t hash,
                            const void *p) {
  uint64_t addr = (uintptr_t)p;
  if (__builtin_expect(addr >> SLOT_PTR_BITS != 0, 0))
    slot_addr_too_wide();
  s->word = slot_tag(hash) | addr;
  if (t->filled) {
    size_t i = (size_t)(s - t->slots);
    t->filled[i / 64] |= UINT64_C(1) << (i % 64);
  }
}

/* Probing walks a slot pointer, wrapping at the end. */
static sharc_uniq_slot *slot_first(const sharc_uniq_table *t, uint32_t hash) {
  return &t->slots[hash & (t->cap - 1)];
}

static sharc_uniq_slot *slot_next(const sharc_uniq_table *t, sharc_uniq_slot *s) {
  return ++s == t->slots + t->cap ? t->slots : s;
}

/* `hash` is the pointee's. */
static void uniq_place(sharc_uniq_table *t, uint32_t hash, const void *p) {
  sharc_uniq_slot *s = slot_first(t, hash);
  while (!slot_empty(s))
    s = slot_next(t, s);
  slot_set(t, s, hash, p);
}

/* Moves the objects to `cap` slots (a power of two), the pending ones
 * too. Each object's hash is read back from it: a rehash of a large table
 * misses the cache on them, which parse_ops.c's one early sizing of the
 * attribute table keeps to a few. */
static void uniq_resize(sharc_uniq_table *t, size_t cap) {
  sharc_uniq_table old = *t;
  t->cap = cap;
  t->slots = sharc_pages_alloc(t->cap * sizeof *t->slots);
  t->filled = cap >= FILLED_MIN_CAP ? sharc_xcalloc(filled_words(cap), sizeof *t->filled) : NULL;
  for (size_t i = 0; i < old.cap; i++) /* an index: old.slots may be NULL */
    if (!slot_empty(&old.slots[i]))
      uniq_place(t, slot_hash(&old.slots[i]), slot_ptr(&old.slots[i]));
  for (unsigned i = 0; i < t->pending; i++)
    uniq_place(t, t->pend[i]->hash, t->pend[i]);
  t->pending = 0;
  t->pend_bits = 0;
  sharc_pages_free(old.slots, old.cap * sizeof *old.slots);
  free(old.filled);
}

/* Doubles the slots (`first_cap` of them in an empty table). */
static void uniq_grow(sharc_uniq_table *t, size_t first_cap) {
  uniq_resize(t, t->cap ? t->cap * 2 : first_cap);
}

void sharc_context_expect_attrs(sharc_context *ctx, size_t count, size_t max_bytes) {
  sharc_uniq_table *t = &ctx->attrs;
  size_t cap = t->cap ? t->cap : 256;
  while ((count + 1) * 4 > cap * 3 && cap * 2 * sizeof *t->slots <= max_bytes)
    cap *= 2;
  if (cap > t->cap)
    uniq_resize(t, cap);
}

/* The object under `key`, or NULL with *empty set to the slot where the
 * probe ended (where an insert into the unchanged table goes: one probe
 * for a miss and its insert). */
static sharc_uniq *uniq_probe(const sharc_uniq_table *t, const void *key, uint32_t len,
                              uint32_t hash, sharc_uniq_slot **empty) {
  sharc_uniq_slot *first = slot_first(t, hash);
  if (t->filled && !slot_filled(t, first)) {
    *empty = first;
    return NULL;
  }
  for (sharc_uniq_slot *s = first;; s = slot_next(t, s)) {
    if (slot_empty(s)) {
      *empty = s;
      return NULL;
    }
    if (!slot_tag_is(s, hash))
      continue;
    sharc_uniq *obj = slot_ptr(s);
    if (obj->hash == hash && obj->key_len == len && memcmp(sharc_uniq_key(obj), key, len) == 0)
      return obj;
  }
}

/* The slot a key known to be absent goes to: the first empty one from
 * its hash on, as uniq_probe would end on. A large table finds it on its
 * bitmap, reading no slot: the store that fills the slot does not wait
 * for its line, where a probe's load would. */
static sharc_uniq_slot *uniq_vacancy(const sharc_uniq_table *t, uint32_t hash) {
  sharc_uniq_slot *s = slot_first(t, hash);
  if (!t->filled) {
    while (!slot_empty(s))
      s = slot_next(t, s);
    return s;
  }
  size_t i = hash & (t->cap - 1);
  for (;;) { /* the table is at most 3/4 full: a word with a clear bit comes */
    uint64_t clear = ~t->filled[i / 64] >> (i % 64);
    if (clear)
      return &t->slots[i + (size_t)__builtin_ctzll(clear)];
    i = (i / 64 + 1) * 64 & (t->cap - 1);
  }
}

/* A pending object's bit in pend_bits: hash bits the slot index of any
 * table up to 2^26 slots leaves out. */
static unsigned pend_bit(uint32_t hash) { return hash >> 26; }

/* Fills the pending objects' slots: before a probe whose hash may be one
 * of theirs (its bit is in pend_bits), which then finds them in the table;
 * most probes skip this on one bit, none scans the pending objects (a few
 * stale ones sharing a bit with a key probed over and over cost a scan
 * each time). */
static void uniq_flush(sharc_uniq_table *t) {
  for (unsigned i = 0; i < t->pending; i++)
    slot_set(t, uniq_vacancy(t, t->pend[i]->hash), t->pend[i]->hash, t->pend[i]);
  t->pending = 0;
  t->pend_bits = 0;
}

/* Takes in a new object whose key is known absent: asks for the lines its
 * slot is found and filled on, and fills the slot of the oldest pending
 * object instead, whose lines came meanwhile. The slot an object takes
 * may differ from an at-once insert's; nothing reads the table's order. */
static void uniq_defer(sharc_uniq_table *t, sharc_uniq *obj) {
  size_t i = obj->hash & (t->cap - 1);
  if (t->filled)
    __builtin_prefetch(&t->filled[i / 64]);
  __builtin_prefetch(&t->slots[i], 1);
  if (t->pending == SHARC_UNIQ_PENDING) {
    sharc_uniq *oldest = t->pend[0];
    slot_set(t, uniq_vacancy(t, oldest->hash), oldest->hash, oldest);
    memmove(t->pend, t->pend + 1, (SHARC_UNIQ_PENDING - 1) * sizeof *t->pend);
    t->pending--;
  }
  t->pend[t->pending++] = obj;
  t->pend_bits = 0;
  for (unsigned k = 0; k < t->pending; k++)
    t->pend_bits |= UINT64_C(1) << pend_bit(t->pend[k]->hash);
}

static bool uniq_needs_grow(const sharc_uniq_table *t) {
  return (t->count + 1) * 4 > t->cap * 3; /* at most 3/4 full: a probe reads a line or two */
}

void sharc_uniq_insert(sharc_uniq_table *t, sharc_uniq *obj) {
  if (uniq_needs_grow(t))
    uniq_grow(t, 256);
  uniq_place(t, obj->hash, obj);
  t->count++;
}

void sharc_uniq_table_free(sharc_uniq_table *t) {
  sharc_pages_free(t->slots, t->cap * sizeof *t->slots);
  free(t->filled);
  memset(t, 0, sizeof *t);
}

void sharc_key_grow(sharc_key *k, size_t n) {
  {
    size_t cap = k->cap * 2;
    while (cap < k->len + n)
      cap *= 2;
    uint8_t *d = sharc_xmalloc(cap);
    memcpy(d, k->data, k->len);
    if (k->data != k->inline_buf)
      free(k->data);
    k->data = d;
    k->cap = cap;
  }
}

void sharc_key_free(sharc_key *k) {
  if (k->data != k->inline_buf)
    free(k->data);
  k->data = k->inline_buf;
}

/* Which SHARC_STATS line a new uniqued object's bytes count in (affine
 * expressions, interned beside the attributes, are told apart by their
 * key's tag). */
static sharc_stat_kind intern_stat_kind(const sharc_context *ctx, const sharc_uniq_table *table,
                                        const sharc_key *key, const void *proto) {
  if (table == &ctx->types)
    return SHARC_STAT_TYPES;
  uint64_t tag = 0;
  if (key->len >= sizeof tag)
    memcpy(&tag, key->data, sizeof tag);
  if (tag >= SHARC_AFFINE_KEY_TAG)
    return SHARC_STAT_ATTRS;
  sharc_attr_kind kind = ((const sharc_attr *)proto)->kind;
  if (kind == SHARC_ATTR_DICTIONARY)
    return SHARC_STAT_DICTS;
  if (kind == SHARC_ATTR_STRING)
    return SHARC_STAT_STRINGS;
  if (kind >= SHARC_ATTR_LOC_UNKNOWN && kind <= SHARC_ATTR_LOC_OPAQUE)
    return SHARC_STAT_LOCS;
  return SHARC_STAT_ATTRS;
}

/* Interns `proto` (of `size` bytes, starting with a sharc_uniq header) under
 * `key`, with no probe when the caller knows it `absent`; returns the
 * canonical copy. Inlined into both entry points: calls between the
 * probe and the making of the object cost about 20 instructions an intern. */
static inline __attribute__((always_inline)) void *
intern_in(sharc_context *ctx, sharc_uniq_table *table, sharc_key *key, const void *proto,
          size_t size, void (*own)(sharc_context *, void *), bool absent) {
  uint32_t len = (uint32_t)key->len;
  uint32_t h = sharc_hash_bytes(key->data, len);
  if (uniq_needs_grow(table))
    uniq_grow(table, 256); /* before the probe, so that its empty slot stays valid */
  sharc_uniq_slot *slot = NULL;
  if (!absent) {
    if (table->pend_bits >> pend_bit(h) & 1)
      uniq_flush(table);
    sharc_uniq *found = uniq_probe(table, key->data, len, h, &slot);
    if (found) {
      sharc_key_free(key);
      return found;
    }
  }
  size_t count_at_probe = table->count;
  /* one allocation: the key, whose bytes also serve as the object's arrays
   * (see the `own` callbacks), then the object */
  size_t pad = key_pad(len);
  size_t used_before = ctx->arena.used + ctx->uniq_arena.used;
  uint8_t *mem = sharc_arena_alloc(&ctx->uniq_arena, pad + size);
  memcpy(mem, key->data, len);
  memcpy(mem + pad, proto, size);
  sharc_uniq *obj = (sharc_uniq *)(void *)(mem + pad);
  obj->hash = h;
  obj->key_len = len;
  if (own)
    own(ctx, obj); /* copy borrowed arrays into the arena */
  ctx->stat_bytes[intern_stat_kind(ctx, table, key, proto)] +=
      ctx->arena.used + ctx->uniq_arena.used - used_before;
  /* the grow before the probe left room for this object, unless `own`
   * interned into this table too (and may have moved its slots) */
  if (table->count != count_at_probe) {
    sharc_uniq_insert(table, obj);
  } else if (absent) {
    uniq_defer(table, obj);
    table->count++;
  } else {
    slot_set(table, slot, h, obj);
    table->count++;
  }
  sharc_key_free(key);
  return obj;
}

void *sharc_context_intern(sharc_context *ctx, sharc_uniq_table *table, sharc_key *key,
                           const void *proto, size_t size, void (*own)(sharc_context *, void *)) {
  return intern_in(ctx, table, key, proto, size, own, false);
}

void *sharc_context_intern_absent(sharc_context *ctx, sharc_uniq_table *table, sharc_key *key,
                                  const void *proto, size_t size,
                                  void (*own)(sharc_context *, void *)) {
  return intern_in(ctx, table, key, proto, size, own, true);
}

/* ---- identifiers -------------------------------------------------------- */

/* A table like the types' and attributes' (a hash tag beside the pointer:
 * a probe reads one line of slots), kept at most half full. */
sharc_ident *sharc_ident_get(sharc_context *ctx, sharc_str s) {
  uint32_t h = sharc_hash_bytes(s.data, s.len);
  sharc_uniq_table *t = &ctx->idents;
  if ((t->count + 1) * 2 > t->cap)
    uniq_grow(t, 1024);
  sharc_uniq_slot *slot = slot_first(t, h);
  for (; !slot_empty(slot); slot = slot_next(t, slot)) {
    if (!slot_tag_is(slot, h))
      continue;
    sharc_ident *id = slot_ptr(slot);
    if (id->len == s.len && memcmp(id->data, s.data, s.len) == 0)
      return id;
  }
  sharc_ident *id = sharc_arena_alloc(&ctx->ident_arena, sizeof *id + s.len + 1);
  id->hash = h;
  id->len = (uint32_t)s.len;
  id->ctx = ctx;
  if (s.len)
    memcpy(id->data, s.data, s.len);
  id->data[s.len] = 0;
  slot_set(t, slot, h, id);
  t->count++;
  return id;
}

sharc_str sharc_ident_str(const sharc_ident *id) {
  return id ? (sharc_str){id->data, id->len} : (sharc_str){"", 0};
}

/* ---- context ------------------------------------------------------------ */

sharc_context *sharc_context_create(void) {
  sharc_context *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return NULL;
  pthread_mutex_init(&ctx->loc_lock, NULL);
  /* the uniquing tables' slots hold 48-bit pointers (slot_set) */
  ctx->uniq_arena.narrow_chunks = ctx->ident_arena.narrow_chunks = true;
  sharc_context_register_dialect(ctx, &sharc_builtin_dialect);
  sharc_context_register_dialect(ctx, &sharc_func_dialect);
  ctx->sym_name_ident = sharc_ident_get(ctx, SHARC_STR("sym_name"));
  return ctx;
}

static void print_stat_line(const char *what, size_t bytes, size_t ops) {
  fprintf(stderr, "sharc:   %-22s %10.1f KiB %8.1f B/op\n", what, bytes / 1024.0,
          ops ? (double)bytes / (double)ops : 0.0);
}

/* SHARC_STATS=1: where the memory went, per kind of structure and per op. */
static void print_stats(const sharc_context *ctx) {
  static const char *const names[SHARC_STAT_COUNT] = {
      "op records", "operand uses", "results, block args", "regions, blocks",
      "attr dictionaries", "locations", "string attrs", "other attrs", "types"};
  size_t ops = ctx->stat_ops, counted = 0;
  fprintf(stderr,
          "sharc: arena %zu KiB, %zu types, %zu attributes, %zu point locations, "
          "%zu identifiers; table slots: %zu types, %zu attributes, %zu points\n",
          (ctx->arena.total + ctx->uniq_arena.total) / 1024, ctx->types.count,
          ctx->attrs.count, ctx->point_count, ctx->idents.count, ctx->types.cap, ctx->attrs.cap,
          ctx->point_cap);
  fprintf(stderr, "sharc: memory by structure, %zu ops created:\n", ops);
  for (unsigned k = 0; k < SHARC_STAT_COUNT; k++) {
    print_stat_line(names[k], ctx->stat_bytes[k], ops);
    counted += ctx->stat_bytes[k];
  }
  print_stat_line("other arena data", ctx->arena.used + ctx->uniq_arena.used - counted, ops);
  print_stat_line("identifiers", ctx->ident_arena.used, ops);
  size_t filled = ctx->types.filled ? filled_words(ctx->types.cap) : 0;
  filled += ctx->attrs.filled ? filled_words(ctx->attrs.cap) : 0;
  filled += ctx->idents.filled ? filled_words(ctx->idents.cap) : 0;
  size_t tables = (ctx->types.cap + ctx->attrs.cap + ctx->idents.cap) * sizeof(sharc_uniq_slot) +
                  filled * sizeof(uint64_t) +
                  ctx->point_cap * sizeof *ctx->point_locs +
                  ctx->point_chunks.cap * sizeof *ctx->point_chunks.items;
  print_stat_line("uniquing tables", tables, ops);
  print_stat_line("parser scratch (peak)", ctx->stat_parser_scratch, ops);
  size_t total = ctx->arena.used + ctx->uniq_arena.used + ctx->ident_arena.used + tables +
                 ctx->stat_parser_scratch;
  print_stat_line("total", total, ops);
}

void sharc_context_destroy(sharc_context *ctx) {
  if (!ctx)
    return;
  sharc_diag_flush(ctx);
  sharc_log_forget_hook(ctx); /* it flushed this context before a log line */
  if (getenv("SHARC_STATS"))
    print_stats(ctx);
  sharc_context_clear_sources(ctx); /* the line tables it made */
  sharc_symcache_free_all(ctx);
  sharc_block_order_free_all(ctx);
  sharc_uniq_table_free(&ctx->types);
  sharc_uniq_table_free(&ctx->attrs);
  sharc_pages_free(ctx->point_locs, ctx->point_cap * sizeof *ctx->point_locs);
  sharc_vec_free(&ctx->point_chunks);
  sharc_vec_free(&ctx->loc_files);
  pthread_mutex_destroy(&ctx->loc_lock);
  sharc_vec_free(&ctx->resources);
  sharc_uniq_table_free(&ctx->idents);
  free(ctx->op_index);
  free(ctx->op_keys);
  free(ctx->set_attr_cache);
  free(ctx->one_word_cache);
  sharc_arena_free(&ctx->arena);
  sharc_arena_free(&ctx->uniq_arena);
  sharc_arena_free(&ctx->ident_arena);
  sharc_arena_free(&ctx->diag_arena);
  free(ctx);
}

void sharc_context_set_allow_unregistered(sharc_context *ctx, bool allow) {
  ctx->allow_unregistered = allow;
}

bool sharc_context_allows_unregistered(const sharc_context *ctx) { return ctx->allow_unregistered; }

/* Whether loaded dialect `i` is one the registry leaves out. */
static void note_unregistered(sharc_context *ctx, unsigned i) {
  const char *name = ctx->dialects[i]->name;
  ctx->unregistered[i] = ctx->registry && !sharc_context_registers(ctx, sharc_str_from_cstr(name));
}

void sharc_context_set_registry(sharc_context *ctx, const sharc_dialect_registry *registry) {
  ctx->registry = registry;
  for (unsigned i = 0; i < ctx->num_dialects; i++)
    note_unregistered(ctx, i);
}

const sharc_dialect *sharc_context_registered_dialect(const sharc_context *ctx, sharc_str name) {
  for (unsigned i = 0; i < ctx->num_dialects; i++)
    if (sharc_str_eq_cstr(name, ctx->dialects[i]->name))
      return ctx->unregistered[i] ? NULL : ctx->dialects[i];
  return NULL;
}

const sharc_dialect_registry *sharc_context_registry(const sharc_context *ctx) {
  return ctx->registry;
}

static bool names_hold(const char *const *names, sharc_str name) {
  for (; names && *names; names++)
    if (sharc_str_eq_cstr(name, *names))
      return true;
  return false;
}

bool sharc_context_registers(const sharc_context *ctx, sharc_str dialect) {
  if (!ctx->registry)
    return sharc_context_dialect(ctx, dialect) != NULL;
  return names_hold(ctx->registry->names, dialect) || names_hold(ctx->registry->loaded_with, dialect);
}

sharc_arena *sharc_context_arena(sharc_context *ctx) { return &ctx->arena; }

/* Puts `def` into the first free slot of its probe sequence. */
static void op_index_place(const sharc_op_def **slots, struct sharc_op_key *keys, size_t cap,
                           const sharc_op_def *def, struct sharc_op_key key) {
  size_t j = key.hash & (cap - 1);
  while (slots[j])
    j = (j + 1) & (cap - 1);
  slots[j] = def;
  keys[j] = key;
}

static void op_index_insert(sharc_context *ctx, const sharc_op_def *def) {
  if ((ctx->op_count + 1) * 2 > ctx->op_cap) {
    size_t cap = ctx->op_cap ? ctx->op_cap * 2 : 256;
    const sharc_op_def **slots = sharc_xcalloc(cap, sizeof *slots);
    struct sharc_op_key *keys = sharc_xcalloc(cap, sizeof *keys);
    for (size_t i = 0; i < ctx->op_cap; i++)
      if (ctx->op_index[i])
        op_index_place(slots, keys, cap, ctx->op_index[i], ctx->op_keys[i]);
    free(ctx->op_index);
    free(ctx->op_keys);
    ctx->op_index = slots;
    ctx->op_keys = keys;
    ctx->op_cap = cap;
  }
  size_t len = strlen(def->name);
  struct sharc_op_key key = {sharc_hash_bytes(def->name, len), (uint32_t)len};
  op_index_place(ctx->op_index, ctx->op_keys, ctx->op_cap, def, key);
  ctx->op_count++;
}

void sharc_context_register_dialect(sharc_context *ctx, const sharc_dialect *d) {
  for (unsigned i = 0; i < ctx->num_dialects; i++)
    if (ctx->dialects[i] == d)
      return;
  if (ctx->num_dialects == SHARC_MAX_DIALECTS)
    abort();
  ctx->dialects[ctx->num_dialects++] = d;
  note_unregistered(ctx, ctx->num_dialects - 1);
  for (unsigned i = 0; i < d->num_ops; i++)
    op_index_insert(ctx, d->ops[i]);
  if (d->num_ops) /* a name found unregistered may name one of them */
    for (unsigned i = 0; i < SHARC_OP_MISS_SLOTS; i++)
      atomic_store_explicit(&ctx->op_misses[i], NULL, memory_order_relaxed);
  /* a `dialect.x` name found of no dialect may be of this one */
  memset(ctx->mark_names, 0, sizeof ctx->mark_names);
}

const sharc_op_def *sharc_context_lookup_op(const sharc_context *ctx, sharc_str name) {
  if (!ctx->op_cap || name.len > UINT32_MAX)
    return NULL;
  uint32_t h = sharc_hash_bytes(name.data, name.len);
  for (size_t j = h & (ctx->op_cap - 1);; j = (j + 1) & (ctx->op_cap - 1)) {
    const sharc_op_def *d = ctx->op_index[j];
    if (!d)
      return NULL;
    struct sharc_op_key key = ctx->op_keys[j];
    if (key.hash == h && key.len == name.len && memcmp(d->name, name.data, name.len) == 0)
      return d;
  }
}

const sharc_op_def *sharc_context_lookup_op_ident(sharc_ident *name) {
  if (name->op_def)
    return name->op_def;
  _Atomic(const sharc_ident *) *miss = &name->ctx->op_misses[name->hash % SHARC_OP_MISS_SLOTS];
  if (atomic_load_explicit(miss, memory_order_relaxed) == name)
    return NULL;
  name->op_def = sharc_context_lookup_op(name->ctx, sharc_ident_str(name));
  if (!name->op_def)
    atomic_store_explicit(miss, name, memory_order_relaxed);
  return name->op_def;
}

const sharc_dialect *sharc_context_dialect(const sharc_context *ctx, sharc_str name) {
  for (unsigned i = 0; i < ctx->num_dialects; i++)
    if (sharc_str_eq_cstr(name, ctx->dialects[i]->name))
      return ctx->dialects[i];
  return NULL;
}

/* Dialects beyond builtin/func, loaded by name (the tools pick theirs). */
typedef struct dialect_entry {
  const char *name;
  const sharc_dialect *dialect; /* NULL: always registered */
} dialect_entry;

static const dialect_entry known_dialects[] = {
    {"builtin", NULL},
    {"func", NULL},
    {"stablehlo", &sharc_stablehlo_dialect},
    {"sdy", &sharc_sdy_dialect},
    {"mpmd", &sharc_mpmd_dialect},
    {"quant", &sharc_quant_dialect},
    {"arith", &sharc_arith_dialect},
    {"tensor", &sharc_tensor_dialect},
    {"complex", &sharc_complex_dialect},
    {"chlo", &sharc_chlo_dialect},
    {"interpreter", &sharc_interpreter_dialect},
    {"vhlo", &sharc_vhlo_dialect},
    {"check", &sharc_check_dialect},
    {"mhlo", &sharc_mhlo_dialect},
    {"shape", &sharc_shape_dialect},
    {"sparse_tensor", &sharc_sparse_tensor_dialect},
    {"llvm", &sharc_llvm_dialect},
};

bool sharc_context_load_dialect(sharc_context *ctx, const char *name) {
  for (size_t i = 0; i < sizeof known_dialects / sizeof known_dialects[0]; i++) {
    if (strcmp(known_dialects[i].name, name) != 0)
      continue;
    if (known_dialects[i].dialect)
      sharc_context_register_dialect(ctx, known_dialects[i].dialect);
    return true;
  }
  return false;
}

/* ---- file metadata resources ------------------------------------------- */

void sharc_context_add_resource(sharc_context *ctx, const sharc_resource *r) {
  sharc_vec_push(&ctx->resources, *r);
  sharc_resource *copy = &sharc_vec_last(&ctx->resources);
  copy->value.data = sharc_arena_strndup(&ctx->arena, r->value.data, r->value.len);
}

const sharc_resource *sharc_context_resources(const sharc_context *ctx, unsigned *count) {
  *count = ctx->resources.len;
  return ctx->resources.items;
}

unsigned sharc_context_num_dialects(const sharc_context *ctx) { return ctx->num_dialects; }

const sharc_dialect *sharc_context_dialect_at(const sharc_context *ctx, unsigned i) {
  return ctx->dialects[i];
}

const sharc_dialect *sharc_attr_name_dialect(const sharc_context *ctx, const sharc_ident *name) {
  sharc_str n = sharc_ident_str(name);
  const char *dot = memchr(n.data, '.', n.len);
  if (!dot)
    return NULL;
  return sharc_context_dialect(ctx, (sharc_str){n.data, (size_t)(dot - n.data)});
}

/* Builtin attributes and locations: constructors (uniqued in the context) and
 * accessors. */
#include "ir/context.h"
#include "support/apfloat.h"
#include "support/pages.h"
#include "support/xalloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Arrays of a new attribute point into its key, which holds the same bytes
 * at fixed offsets (after the 8-byte kind and the fields written before). */
static const void *key_at(const sharc_attr *a, size_t offset) {
  return sharc_uniq_key(&a->u) + offset;
}

static void attr_own(sharc_context *ctx, void *obj) {
  sharc_attr *a = obj;
  sharc_arena *ar = &ctx->arena;
  switch (a->kind) {
  case SHARC_ATTR_STRING: /* the key's bytes, NUL-terminated there (key_text) */
    a->str.data = key_at(a, 24);
    break;
  case SHARC_ATTR_OPAQUE:
    a->opaque.body.data = key_at(a, 32);
    break;
  case SHARC_ATTR_LOC_OPAQUE:
    a->opaque.body.data = sharc_arena_strndup(ar, a->opaque.body.data, a->opaque.body.len);
    break;
  case SHARC_ATTR_LOC_FUSED:
    a->fused.locs = key_at(a, 16);
    break;
  case SHARC_ATTR_DICTIONARY:
    for (unsigned i = 0, n = sharc_dict_n(a); i < n; i++) {
      unsigned bit = sharc_dict_name_bit(sharc_dict_entries(a)[i].name);
      ctx->dict_names[bit / 64] |= (uint64_t)1 << (bit % 64);
    }
    break;
  case SHARC_ATTR_DENSE_STRING: {
    sharc_str *s = sharc_arena_alloc(ar, a->dstrings.n * sizeof *s + 1);
    for (size_t i = 0; i < a->dstrings.n; i++) {
      s[i].len = a->dstrings.strs[i].len;
      s[i].data = sharc_arena_strndup(ar, a->dstrings.strs[i].data, s[i].len);
    }
    a->dstrings.strs = s;
    break;
  }
  case SHARC_ATTR_SYMBOL_REF:
    a->sym.nested = key_at(a, 16);
    break;
  case SHARC_ATTR_DIALECT:
    a->params.words = key_at(a, 24);
    break;
  default:
    break;
  }
}

/* Bytes an attribute of `kind` takes: the common fields and the union
 * member of its kind, not the widest member. Integers, floats, arrays,
 * dictionaries and dense attributes need none (what they hold is in the
 * key), strings two of the union's three words; a module holds about one
 * distinct such attribute per op. */
static size_t attr_size(sharc_attr_kind kind) {
  size_t base = offsetof(sharc_attr, b);
  switch (kind) {
  case SHARC_ATTR_INTEGER: /* the value: in the key */
  case SHARC_ATTR_FLOAT:
  case SHARC_ATTR_ARRAY: /* the elements: in the key */
  case SHARC_ATTR_DICTIONARY:
  case SHARC_ATTR_DENSE_ARRAY:
  case SHARC_ATTR_DENSE_ELEMENTS:
    return base;
  case SHARC_ATTR_UNIT:
  case SHARC_ATTR_BOOL:
  case SHARC_ATTR_TYPE:
  case SHARC_ATTR_DENSE_RESOURCE:
  case SHARC_ATTR_LOC_UNKNOWN:
    return base + sizeof(uint64_t);
  case SHARC_ATTR_STRING:
  case SHARC_ATTR_DISTINCT:
  case SHARC_ATTR_LOC_NAME:
  case SHARC_ATTR_LOC_CALLSITE:
    return base + 2 * sizeof(uint64_t);
  default:
    return sizeof(sharc_attr);
  }
}

_Static_assert(sizeof(((sharc_attr *)0)->str) <= 2 * sizeof(uint64_t) &&
                   sizeof(((sharc_attr *)0)->distinct) <= 2 * sizeof(uint64_t) &&
                   sizeof(((sharc_attr *)0)->resource) <= sizeof(uint64_t),
               "attr_size's classes fit their kinds' union members");

static sharc_attr *intern(sharc_context *ctx, sharc_key *key, sharc_attr *proto) {
  return sharc_context_intern(ctx, &ctx->attrs, key, proto, attr_size(proto->kind), attr_own);
}

/* intern for a key known to be new (see sharc_context_intern_absent). */
static sharc_attr *intern_absent(sharc_context *ctx, sharc_key *key, sharc_attr *proto) {
  return sharc_context_intern_absent(ctx, &ctx->attrs, key, proto, attr_size(proto->kind),
                                     attr_own);
}

static void key_str(sharc_key *k, sharc_str s) {
  sharc_key_u64(k, s.len);
  sharc_key_put(k, s.data, s.len);
}

/* A string that ends the key, with a NUL after it: a new attribute's text
 * is then the key's copy (attr_own), not a second one in the arena. */
static void key_text(sharc_key *k, sharc_str s) {
  key_str(k, s);
  sharc_key_put(k, "", 1);
}

sharc_attr_kind sharc_attr_get_kind(const sharc_attr *a) { return a->kind; }

bool sharc_attr_is_location(const sharc_attr *a) {
  return a && a->kind >= SHARC_ATTR_LOC_UNKNOWN;
}

sharc_type *sharc_attr_type(const sharc_attr *a) { return a->type; }

/* TypedAttrInterface: the builtin scalars, strings and elements, and an
 * unregistered dialect's attribute (checked against mlir-opt-22). */
bool sharc_attr_is_typed(const sharc_attr *a) {
  switch (a->kind) {
  case SHARC_ATTR_BOOL:
  case SHARC_ATTR_INTEGER:
  case SHARC_ATTR_FLOAT:
  case SHARC_ATTR_STRING:
  case SHARC_ATTR_DENSE_ELEMENTS:
  case SHARC_ATTR_DENSE_STRING:
  case SHARC_ATTR_DENSE_RESOURCE:
  case SHARC_ATTR_SPARSE_ELEMENTS:
  case SHARC_ATTR_OPAQUE:
    return true;
  default:
    return false;
  }
}

sharc_attr *sharc_attr_unit(sharc_context *ctx) {
  if (!ctx->unit) {
    sharc_key k;
    sharc_key_init(&k, SHARC_ATTR_UNIT);
    sharc_attr a = {.kind = SHARC_ATTR_UNIT};
    ctx->unit = intern(ctx, &k, &a);
  }
  return ctx->unit;
}

sharc_attr *sharc_attr_bool(sharc_context *ctx, bool v) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_BOOL);
  sharc_key_u64(&k, v);
  sharc_attr a = {.kind = SHARC_ATTR_BOOL, .type = sharc_type_integer(ctx, 1, SHARC_SIGNLESS),
                  .b = v};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_integer_words(sharc_context *ctx, sharc_type *type, const uint64_t *words,
                                     unsigned nwords) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_INTEGER);
  sharc_key_ptr(&k, type);
  sharc_key_put(&k, words, nwords * sizeof *words);
  sharc_attr a = {.kind = SHARC_ATTR_INTEGER, .type = type};
  return intern(ctx, &k, &a);
}

/* Keeps only the bits of the type's width, so that equal values are equal
 * attributes whatever extension the caller used. */
static uint64_t truncate_to_width(sharc_type *type, uint64_t v) {
  unsigned w = sharc_type_bit_width(type);
  if (w == 0 || w >= 64)
    return v;
  return v & ((UINT64_C(1) << w) - 1);
}

sharc_attr *sharc_attr_integer(sharc_context *ctx, sharc_type *type, int64_t v) {
  uint64_t w = truncate_to_width(type, (uint64_t)v);
  return sharc_attr_integer_words(ctx, type, &w, 1);
}

sharc_attr *sharc_attr_float_bits(sharc_context *ctx, sharc_type *type, uint64_t lo, uint64_t hi) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_FLOAT);
  sharc_key_ptr(&k, type);
  sharc_key_u64(&k, lo);
  sharc_key_u64(&k, hi);
  sharc_attr a = {.kind = SHARC_ATTR_FLOAT, .type = type};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_float(sharc_context *ctx, sharc_type *type, double v) {
  uint64_t lo = 0, hi = 0;
  sharc_float_from_double(sharc_type_float_kind(type), v, &lo, &hi);
  return sharc_attr_float_bits(ctx, type, lo, hi);
}

double sharc_attr_float_value(const sharc_attr *a) {
  return sharc_float_to_double(sharc_type_float_kind(a->type), sharc_attr_float_lo(a),
                               sharc_attr_float_hi(a));
}

sharc_attr *sharc_attr_string_typed(sharc_context *ctx, sharc_str s, sharc_type *type) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_STRING);
  sharc_key_ptr(&k, type);
  key_text(&k, s);
  sharc_attr a = {.kind = SHARC_ATTR_STRING, .type = type, .str = s};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_string(sharc_context *ctx, sharc_str s) {
  return sharc_attr_string_typed(ctx, s, NULL);
}

sharc_attr *sharc_attr_type_attr(sharc_context *ctx, sharc_type *t) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_TYPE);
  sharc_key_ptr(&k, t);
  sharc_attr a = {.kind = SHARC_ATTR_TYPE, .tval = t};
  return intern(ctx, &k, &a);
}

/* Whether `a` was made after `mark`, a moment of uniq_arena: then no
 * attribute made before that moment holds it. */
static bool made_since(const sharc_context *ctx, sharc_arena_mark mark, const sharc_attr *a) {
  return sharc_arena_since(&ctx->uniq_arena, mark, a);
}

/* As holds_newer_value for dictionaries: an array with an element made
 * after the newest array is new. */
sharc_attr *sharc_attr_array(sharc_context *ctx, sharc_attr *const *elems, unsigned n) {
  bool absent = false;
  for (unsigned i = 0; i < n && !absent; i++)
    absent = made_since(ctx, ctx->array_mark, elems[i]);
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_ARRAY);
  sharc_key_put(&k, elems, n * sizeof *elems);
  sharc_attr a = {.kind = SHARC_ATTR_ARRAY};
  sharc_attr *r = absent ? intern_absent(ctx, &k, &a) : intern(ctx, &k, &a);
  ctx->array_mark = sharc_arena_mark_now(&ctx->uniq_arena);
  return r;
}

/* sharc_str_cmp's order of two names: most entries' names differ in their
 * first byte, which settles it (an empty name's is its NUL, below any other
 * first byte, as the shorter string is), so those need no call. */
static int name_cmp(const sharc_ident *a, const sharc_ident *b) {
  unsigned char x = (unsigned char)a->data[0], y = (unsigned char)b->data[0];
  if (x != y)
    return x < y ? -1 : 1;
  return sharc_str_cmp(sharc_ident_str(a), sharc_ident_str(b));
}

static int named_attr_cmp(const void *pa, const void *pb) {
  const sharc_named_attr *a = pa, *b = pb;
  int c = name_cmp(a->name, b->name);
  if (c)
    return c;
  return a < b ? -1 : a > b; /* stable: keeps input order of equal names */
}

/* Whether a value was made after the newest dictionary: then no
 * dictionary holds it yet, and one that does is new, interned without a
 * probe. Nearly every op's dictionary holds a value just parsed, and in a
 * large module the probe's first slot is a cache miss. */
static bool holds_newer_value(const sharc_context *ctx, const sharc_named_attr *entries,
                              unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (made_since(ctx, ctx->dict_mark, entries[i].value))
      return true;
  return false;
}

sharc_attr *sharc_attr_dictionary(sharc_context *ctx, const sharc_named_attr *entries,
                                  unsigned n) {
  if (n == 0 && ctx->empty_dict)
    return ctx->empty_dict;
  sharc_named_attr stack_buf[16];
  sharc_named_attr *sorted = n <= 16 ? stack_buf : sharc_xmalloc_array(n, sizeof *sorted);
  if (n)
    memcpy(sorted, entries, n * sizeof *sorted);
  bool is_sorted = true;
  for (unsigned i = 1; i < n && is_sorted; i++)
    is_sorted = name_cmp(sorted[i - 1].name, sorted[i].name) < 0;
  if (!is_sorted) {
    if (n <= 16) { /* insertion sort: stable, and cheaper than qsort here */
      for (unsigned i = 1; i < n; i++) {
        sharc_named_attr x = sorted[i];
        unsigned j = i;
        while (j > 0 && name_cmp(sorted[j - 1].name, x.name) > 0) {
          sorted[j] = sorted[j - 1];
          j--;
        }
        sorted[j] = x;
      }
    } else {
      qsort(sorted, n, sizeof *sorted, named_attr_cmp);
    }
    unsigned out = 0;
    for (unsigned i = 0; i < n; i++) {
      if (out && sorted[out - 1].name == sorted[i].name)
        sorted[out - 1] = sorted[i];
      else
        sorted[out++] = sorted[i];
    }
    n = out;
  }
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DICTIONARY);
  sharc_key_put(&k, sorted, n * sizeof *sorted);
  sharc_attr a = {.kind = SHARC_ATTR_DICTIONARY};
  sharc_attr *r = holds_newer_value(ctx, sorted, n) ? intern_absent(ctx, &k, &a)
                                                     : intern(ctx, &k, &a);
  ctx->dict_mark = sharc_arena_mark_now(&ctx->uniq_arena);
  if (sorted != stack_buf)
    free(sorted);
  if (n == 0)
    ctx->empty_dict = r;
  /* the printer asks this of every op's dictionary; answered now, while
   * the entries (just parsed or built) are in cache, it costs a fraction
   * of what a walk over a large module's cold attributes pays later */
  if (sharc_attr_may_alias(r))
    ctx->alias_capable = true;
  return r;
}

sharc_attr *sharc_attr_dense_array(sharc_context *ctx, sharc_type *elem, const uint64_t *raw,
                                   unsigned n) {
  unsigned words = n * sharc_type_scalar_words(elem);
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DENSE_ARRAY);
  sharc_key_ptr(&k, elem);
  sharc_key_u64(&k, n);
  sharc_key_put(&k, raw, words * sizeof *raw);
  sharc_attr a = {.kind = SHARC_ATTR_DENSE_ARRAY};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_dense_i64_array(sharc_context *ctx, const int64_t *v, unsigned n) {
  return sharc_attr_dense_array(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS),
                                (const uint64_t *)(const void *)v, n);
}

sharc_attr *sharc_attr_dense_elements(sharc_context *ctx, sharc_type *shaped, const uint64_t *raw,
                                      size_t n_words, bool splat) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DENSE_ELEMENTS);
  sharc_key_ptr(&k, shaped);
  sharc_key_u64(&k, splat);
  sharc_key_put(&k, raw, n_words * sizeof *raw);
  sharc_attr a = {.kind = SHARC_ATTR_DENSE_ELEMENTS, .type = shaped};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_dense_strings(sharc_context *ctx, sharc_type *shaped,
                                     const sharc_str *strs, size_t n, bool splat) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DENSE_STRING);
  sharc_key_ptr(&k, shaped);
  sharc_key_u64(&k, splat);
  for (size_t i = 0; i < n; i++)
    key_str(&k, strs[i]);
  sharc_attr a = {.kind = SHARC_ATTR_DENSE_STRING, .type = shaped, .dstrings = {n, strs, splat}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_dense_resource(sharc_context *ctx, sharc_type *shaped, sharc_ident *key) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DENSE_RESOURCE);
  sharc_key_ptr(&k, shaped);
  sharc_key_ptr(&k, key);
  sharc_attr a = {.kind = SHARC_ATTR_DENSE_RESOURCE, .type = shaped, .resource = {key}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_sparse_elements(sharc_context *ctx, sharc_type *shaped, sharc_attr *indices,
                                       sharc_attr *values) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_SPARSE_ELEMENTS);
  sharc_key_ptr(&k, shaped);
  sharc_key_ptr(&k, indices);
  sharc_key_ptr(&k, values);
  sharc_attr a = {.kind = SHARC_ATTR_SPARSE_ELEMENTS, .type = shaped,
                  .sparse = {indices, values}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_symbol_ref(sharc_context *ctx, sharc_ident *root,
                                  sharc_ident *const *nested, unsigned n_nested) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_SYMBOL_REF);
  sharc_key_ptr(&k, root);
  sharc_key_put(&k, nested, n_nested * sizeof *nested);
  sharc_attr a = {.kind = SHARC_ATTR_SYMBOL_REF, .sym = {root, n_nested, nested}};
  ctx->symbol_ref_roots |= sharc_symbol_root_bit(root);
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_opaque(sharc_context *ctx, sharc_ident *dialect, sharc_str body,
                              sharc_type *type) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_OPAQUE);
  sharc_key_ptr(&k, dialect);
  sharc_key_ptr(&k, type);
  key_text(&k, body);
  sharc_attr a = {.kind = SHARC_ATTR_OPAQUE, .type = type, .opaque = {dialect, body}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_dialect(sharc_context *ctx, const sharc_attr_def *def,
                               const uintptr_t *words, unsigned n, sharc_type *type) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DIALECT);
  sharc_key_ptr(&k, def);
  sharc_key_ptr(&k, type);
  sharc_key_put(&k, words, n * sizeof *words);
  sharc_attr a = {.kind = SHARC_ATTR_DIALECT, .type = type, .params = {n, words, def}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_attr_dialect_one_word(sharc_context *ctx, const sharc_attr_def *def,
                                        uintptr_t word) {
  if (!ctx->one_word_cache)
    ctx->one_word_cache = sharc_xcalloc(SHARC_ONE_WORD_CACHE, sizeof *ctx->one_word_cache);
  uint64_t h = (uint64_t)(uintptr_t)def * 0x9e3779b97f4a7c15u;
  h ^= (uint64_t)word * 0xc2b2ae3d27d4eb4fu;
  sharc_one_word_slot *slot = &ctx->one_word_cache[(h >> 40) % SHARC_ONE_WORD_CACHE];
  if (slot->result && slot->def == def && slot->word == word)
    return slot->result;
  sharc_attr *out = sharc_attr_dialect(ctx, def, &word, 1, NULL);
  *slot = (sharc_one_word_slot){def, word, out};
  return out;
}

sharc_attr *sharc_attr_distinct(sharc_context *ctx, uint64_t id, sharc_attr *ref) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_DISTINCT);
  sharc_key_u64(&k, id);
  sharc_key_ptr(&k, ref);
  sharc_attr a = {.kind = SHARC_ATTR_DISTINCT, .distinct = {id, ref}};
  return intern(ctx, &k, &a);
}

/* ---- locations ---------------------------------------------------------- */

sharc_attr *sharc_loc_unknown(sharc_context *ctx) {
  if (!ctx->unknown_loc) {
    sharc_key k;
    sharc_key_init(&k, SHARC_ATTR_LOC_UNKNOWN);
    sharc_attr a = {.kind = SHARC_ATTR_LOC_UNKNOWN};
    ctx->unknown_loc = intern(ctx, &k, &a);
  }
  return ctx->unknown_loc;
}

static sharc_attr *fused_loc_raw(sharc_context *ctx, sharc_attr *const *locs, unsigned n,
                                 sharc_attr *metadata);

static sharc_attr *file_loc(sharc_context *ctx, sharc_ident *file, unsigned line, unsigned col,
                            unsigned end_line, unsigned end_col, int form) {
  /* an empty range prints as a point but stays a range of its own, as
   * MLIR's FileLineColRange keeps the numbers it was given */
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_LOC_FILE);
  sharc_key_ptr(&k, file);
  unsigned nums[5] = {line, col, end_line, end_col, (unsigned)form};
  sharc_key_put(&k, nums, sizeof nums);
  sharc_attr a = {.kind = SHARC_ATTR_LOC_FILE,
                  .loc_form = (unsigned char)form,
                  .file = {file, line, col, end_line, end_col}};
  return intern(ctx, &k, &a);
}

/* By position only, so that successive ops (in file order) land in nearby
 * slots; several files sharing a position just probe on. */
static size_t point_slot(unsigned line, unsigned col, size_t cap) {
  return ((size_t)line * 61 + col) & (cap - 1);
}

/* Positions whose tag is the position itself: in the file of the first
 * point location (nearly always the module's only file; never changes
 * once made), lines below 2^21 and columns below 2^10. */
enum { POINT_LINE_BITS = 21, POINT_COL_BITS = 10 };

static sharc_attr *point_at(const sharc_context *ctx, size_t i) {
  return &ctx->point_chunks.items[i / SHARC_POINT_CHUNK][i % SHARC_POINT_CHUNK];
}

/* That file; `file` while there is no location yet (it is the first's). */
static const sharc_ident *point_file(const sharc_context *ctx, const sharc_ident *file) {
  return ctx->point_count ? point_at(ctx, 0)->file.file : file;
}

/* The top bit set: the position itself (see POINT_LINE_BITS), so that a
 * matching tag is the location, returned without loading it (a cache miss
 * in a large program, where ops ask for their locations pass after pass).
 * Clear: a hash, equal for equal positions and for unequal ones in 1 of
 * 2^31 (the bits point_slot leaves out enter it), and the probe compares. */
static uint32_t point_tag(const sharc_context *ctx, const sharc_ident *file, unsigned line,
                          unsigned col) {
  if (file == point_file(ctx, file) && line < (1u << POINT_LINE_BITS) &&
      col < (1u << POINT_COL_BITS))
    return UINT32_C(1) << 31 | (uint32_t)line << POINT_COL_BITS | col;
  return ((uint32_t)line * 0x9e3779b1u ^ (uint32_t)col * 0x85ebca77u) & ~(UINT32_C(1) << 31);
}

/* The first slot of a location's probe sequence in a table of `cap`
 * slots, from its slot: a tag that is the position gives it without
 * loading the location. */
static size_t point_home(const sharc_context *ctx, sharc_point_slot slot, size_t cap) {
  if (slot.tag >> 31)
    return point_slot(slot.tag >> POINT_COL_BITS & ((1u << POINT_LINE_BITS) - 1),
                      slot.tag & ((1u << POINT_COL_BITS) - 1), cap);
  const sharc_attr *a = point_at(ctx, slot.number - 1);
  return point_slot(a->file.line, a->file.col, cap);
}

/* Rehashing reads the old slots, 8 bytes a location, not the locations'
 * records (a cache miss each in a large program; almost every tag is the
 * position, see point_tag). */
static void point_grow(sharc_context *ctx) {
  size_t cap = ctx->point_cap ? ctx->point_cap * 2 : 1024;
  sharc_point_slot *slots = sharc_pages_alloc(cap * sizeof *slots);
  for (size_t i = 0; i < ctx->point_cap; i++) {
    sharc_point_slot old = ctx->point_locs[i];
    if (!old.number)
      continue;
    size_t j = point_home(ctx, old, cap);
    while (slots[j].number)
      j = (j + 1) & (cap - 1);
    slots[j] = old;
  }
  sharc_pages_free(ctx->point_locs, ctx->point_cap * sizeof *slots);
  ctx->point_locs = slots;
  ctx->point_cap = cap;
}

static sharc_attr *point_new(sharc_context *ctx) {
  size_t i = ctx->point_count++;
  if (i % SHARC_POINT_CHUNK == 0)
    sharc_vec_push(&ctx->point_chunks,
                   sharc_arena_alloc(&ctx->arena, SHARC_POINT_CHUNK * sizeof(sharc_attr)));
  ctx->stat_bytes[SHARC_STAT_LOCS] += sizeof(sharc_attr);
  return point_at(ctx, i);
}

/* Point locations are uniqued in their own table (see context.h); they are
 * never in the general attribute table, so each has exactly one home. */
sharc_attr *sharc_loc_file(sharc_context *ctx, sharc_ident *file, unsigned line, unsigned col) {
  if ((ctx->point_count + 1) * 4 > ctx->point_cap * 3)
    point_grow(ctx);
  /* the next position asked for is most often the next line's, near this
   * column: its slots' line is asked for now, a call ahead */
  __builtin_prefetch(&ctx->point_locs[point_slot(line + 1, col, ctx->point_cap)]);
  size_t j = point_slot(line, col, ctx->point_cap);
  uint32_t tag = point_tag(ctx, file, line, col);
  for (;; j = (j + 1) & (ctx->point_cap - 1)) {
    sharc_point_slot slot = ctx->point_locs[j];
    if (!slot.number)
      break;
    if (slot.tag != tag)
      continue;
    sharc_attr *s = point_at(ctx, slot.number - 1);
    if (tag >> 31 || (s->file.line == line && s->file.col == col && s->file.file == file))
      return s;
  }
  if (ctx->point_count >= UINT32_MAX)
    abort(); /* 4 billion distinct positions: far beyond any module that fits in memory */
  ctx->point_locs[j] = (sharc_point_slot){(uint32_t)(ctx->point_count + 1), tag};
  sharc_attr *a = point_new(ctx);
  a->kind = SHARC_ATTR_LOC_FILE;
  a->file.file = file;
  a->file.line = a->file.end_line = line;
  a->file.col = a->file.end_col = col;
  a->loc_form = 0;
  return a;
}

/* `"f":1:2 to 3:4`; MLIR keeps this apart from `to :4` even on one line. */
sharc_attr *sharc_loc_file_range(sharc_context *ctx, sharc_ident *file, unsigned line,
                                 unsigned col, unsigned end_line, unsigned end_col) {
  return file_loc(ctx, file, line, col, end_line, end_col, 2);
}

sharc_attr *sharc_loc_file_range_same_line(sharc_context *ctx, sharc_ident *file, unsigned line,
                                           unsigned col, unsigned end_col) {
  return file_loc(ctx, file, line, col, line, end_col, 1);
}

sharc_attr *sharc_loc_name(sharc_context *ctx, sharc_ident *name, sharc_attr *child) {
  if (child && child->kind == SHARC_ATTR_LOC_UNKNOWN)
    child = NULL; /* "name"(unknown) is "name" */
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_LOC_NAME);
  sharc_key_ptr(&k, name);
  sharc_key_ptr(&k, child);
  sharc_attr a = {.kind = SHARC_ATTR_LOC_NAME, .name = {name, child}};
  return intern(ctx, &k, &a);
}

sharc_attr *sharc_loc_callsite(sharc_context *ctx, sharc_attr *callee, sharc_attr *caller) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_LOC_CALLSITE);
  sharc_key_ptr(&k, callee);
  sharc_key_ptr(&k, caller);
  sharc_attr a = {.kind = SHARC_ATTR_LOC_CALLSITE, .callsite = {callee, caller}};
  return intern(ctx, &k, &a);
}

/* As MLIR's FusedLoc::get: nested fused locations with the same metadata
 * are flattened, unknown ones and repeats dropped; no location left gives
 * unknown, a single one without metadata is itself. */
sharc_attr *sharc_loc_fused(sharc_context *ctx, sharc_attr *const *in, unsigned n_in,
                            sharc_attr *metadata) {
  unsigned cap = n_in + 1, n = 0;
  for (unsigned i = 0; i < n_in; i++)
    if (in[i]->kind == SHARC_ATTR_LOC_FUSED && in[i]->fused.metadata == metadata)
      cap += in[i]->fused.n;
  sharc_attr **locs = sharc_xmalloc_array(cap, sizeof *locs);
  for (unsigned i = 0; i < n_in; i++) {
    bool flatten = in[i]->kind == SHARC_ATTR_LOC_FUSED && in[i]->fused.metadata == metadata;
    unsigned m = flatten ? in[i]->fused.n : 1;
    for (unsigned j = 0; j < m; j++) {
      sharc_attr *l = flatten ? in[i]->fused.locs[j] : in[i];
      bool dup = l->kind == SHARC_ATTR_LOC_UNKNOWN;
      for (unsigned k = 0; k < n && !dup; k++)
        dup = locs[k] == l;
      if (!dup)
        locs[n++] = l;
    }
  }
  sharc_attr *r;
  if (n == 0 && !metadata) {
    r = sharc_loc_unknown(ctx);
  } else if (n == 1 && !metadata) {
    r = locs[0];
  } else {
    if (n == 0)
      locs[n++] = sharc_loc_unknown(ctx);
    r = fused_loc_raw(ctx, locs, n, metadata);
  }
  free(locs);
  return r;
}

static sharc_attr *fused_loc_raw(sharc_context *ctx, sharc_attr *const *locs, unsigned n,
                                 sharc_attr *metadata) {
  sharc_key k;
  sharc_key_init(&k, SHARC_ATTR_LOC_FUSED);
  sharc_key_ptr(&k, metadata);
  sharc_key_put(&k, locs, n * sizeof *locs);
  sharc_attr a = {.kind = SHARC_ATTR_LOC_FUSED, .fused = {n, locs, metadata}};
  return intern(ctx, &k, &a);
}

const sharc_attr *sharc_loc_find_kind(const sharc_attr *loc, sharc_attr_kind kind,
                                      bool callers) {
  if (!loc)
    return NULL;
  if (loc->kind == kind)
    return loc;
  switch (loc->kind) {
  case SHARC_ATTR_LOC_NAME:
    return sharc_loc_find_kind(loc->name.child, kind, callers);
  case SHARC_ATTR_LOC_CALLSITE: {
    const sharc_attr *f = sharc_loc_find_kind(loc->callsite.callee, kind, callers);
    return f || !callers ? f : sharc_loc_find_kind(loc->callsite.caller, kind, callers);
  }
  case SHARC_ATTR_LOC_FUSED:
    for (unsigned i = 0; i < loc->fused.n; i++) {
      const sharc_attr *f = sharc_loc_find_kind(loc->fused.locs[i], kind, callers);
      if (f)
        return f;
    }
    return NULL;
  default:
    return NULL;
  }
}

const sharc_attr *sharc_loc_find_file(const sharc_attr *loc) {
  return sharc_loc_find_kind(loc, SHARC_ATTR_LOC_FILE, false);
}

sharc_str sharc_loc_file_name(const sharc_attr *loc) { return sharc_ident_str(loc->file.file); }
unsigned sharc_loc_line(const sharc_attr *loc) { return loc->file.line; }
unsigned sharc_loc_col(const sharc_attr *loc) { return loc->file.col; }

/* ---- accessors ---------------------------------------------------------- */

bool sharc_attr_bool_value(const sharc_attr *a) { return a->b; }

/* Integer zero of any type (false too): MLIR's default memory space. */
bool sharc_attr_is_zero_int(const sharc_attr *a) {
  if (a->kind == SHARC_ATTR_BOOL)
    return !a->b;
  if (a->kind != SHARC_ATTR_INTEGER)
    return false;
  const uint64_t *words = sharc_attr_int_words(a);
  for (unsigned i = 0; i < sharc_attr_int_nwords(a); i++)
    if (words[i])
      return false;
  return true;
}

int64_t sharc_attr_int_value(const sharc_attr *a) {
  uint64_t v = sharc_attr_int_words(a)[0];
  unsigned w = sharc_type_bit_width(a->type);
  bool is_signed = !(a->type->kind == SHARC_TYPE_INTEGER && a->type->integer.sign == SHARC_UNSIGNED);
  if (w > 0 && w < 64 && is_signed && (v >> (w - 1)) & 1)
    v |= ~((UINT64_C(1) << w) - 1);
  return (int64_t)v;
}

sharc_str sharc_attr_string_value(const sharc_attr *a) { return a->str; }
sharc_type *sharc_attr_type_value(const sharc_attr *a) { return a->tval; }

unsigned sharc_attr_count(const sharc_attr *a) {
  switch (a->kind) {
  case SHARC_ATTR_ARRAY:
    return sharc_array_n(a);
  case SHARC_ATTR_DICTIONARY:
    return sharc_dict_n(a);
  case SHARC_ATTR_DENSE_ARRAY:
    return sharc_darray_n(a);
  case SHARC_ATTR_LOC_FUSED:
    return a->fused.n;
  default:
    return 0;
  }
}

sharc_attr *sharc_attr_at(const sharc_attr *a, unsigned i) {
  if (a->kind == SHARC_ATTR_LOC_FUSED)
    return a->fused.locs[i];
  if (a->kind == SHARC_ATTR_DICTIONARY)
    return sharc_dict_entries(a)[i].value;
  return sharc_array_elems(a)[i];
}

const sharc_named_attr *sharc_attr_dict_entries(const sharc_attr *a) {
  return sharc_dict_entries(a);
}

sharc_attr *sharc_attr_dict_get(const sharc_attr *dict, const char *name) {
  if (!dict)
    return NULL;
  size_t n = strlen(name);
  for (unsigned i = 0; i < sharc_dict_n(dict); i++) {
    const sharc_ident *id = sharc_dict_entries(dict)[i].name;
    /* names of one length mostly differ in their first character: no
     * call for those */
    if (id->len == n && id->data[0] == name[0] && memcmp(id->data, name, n) == 0)
      return sharc_dict_entries(dict)[i].value;
  }
  return NULL;
}

sharc_attr *sharc_attr_dict_get_ident(const sharc_attr *dict, const sharc_ident *name) {
  if (!dict)
    return NULL;
  for (unsigned i = 0; i < sharc_dict_n(dict); i++)
    if (sharc_dict_entries(dict)[i].name == name)
      return sharc_dict_entries(dict)[i].value;
  return NULL;
}

int64_t sharc_attr_dense_int(const sharc_attr *a, size_t i) {
  uint64_t raw = sharc_dense_splat(a) ? sharc_dense_raw(a)[0] : sharc_dense_raw(a)[i];
  const sharc_type *elem = sharc_type_element(a->type);
  if (!elem || elem->kind != SHARC_TYPE_INTEGER || elem->integer.width == 0 ||
      elem->integer.width >= 64)
    return (int64_t)raw; /* index and 64-bit integers are stored whole */
  uint64_t sign = (uint64_t)1 << (elem->integer.width - 1);
  raw &= (sign << 1) - 1;
  if (elem->integer.sign == SHARC_UNSIGNED)
    return (int64_t)raw;
  return (int64_t)((raw ^ sign) - sign);
}

int64_t sharc_attr_dense_array_i64(const sharc_attr *a, unsigned i) {
  return (int64_t)sharc_darray_raw(a)[i];
}

sharc_ident *sharc_attr_symbol_root(const sharc_attr *a) { return a->sym.root; }
unsigned sharc_attr_symbol_num_nested(const sharc_attr *a) { return a->sym.n; }
sharc_ident *sharc_attr_symbol_nested(const sharc_attr *a, unsigned i) { return a->sym.nested[i]; }

/* Builtin types: constructors (uniqued in the context) and accessors. */
#include "ir/context.h"
#include "ir/created_defs.h"
#include "support/checked.h"

#include <string.h>

const char sharc_zero_extent_tensor_made = 1;
const char sharc_unstatic_or_tuple_type_made = 1;

/* Notes the facts a new ranked shaped type makes true. */
static void note_shape_facts(sharc_context *ctx, const sharc_type *t) {
  bool zero = false, dynamic = false;
  for (unsigned i = 0; i < t->shaped.rank; i++) {
    zero |= t->shaped.shape[i] == 0;
    dynamic |= t->shaped.shape[i] == SHARC_DYNAMIC;
  }
  if (zero && t->kind == SHARC_TYPE_TENSOR)
    sharc_context_note_fact(ctx, &sharc_zero_extent_tensor_made);
  if (dynamic)
    sharc_context_note_fact(ctx, &sharc_unstatic_or_tuple_type_made);
}

static void type_own(sharc_context *ctx, void *obj) {
  sharc_type *t = obj;
  sharc_arena *a = &ctx->arena;
  switch (t->kind) {
  case SHARC_TYPE_TENSOR:
  case SHARC_TYPE_VECTOR:
  case SHARC_TYPE_MEMREF:
    /* arrays point into the key: kind, rank, shape[rank], scalable[rank] */
    t->shaped.shape = (const int64_t *)(const void *)(sharc_uniq_key(&t->u) + 16);
    if (t->shaped.scalable)
      t->shaped.scalable =
          (const bool *)(sharc_uniq_key(&t->u) + 16 + t->shaped.rank * sizeof(int64_t));
    note_shape_facts(ctx, t);
    break;
  case SHARC_TYPE_TUPLE:
  case SHARC_TYPE_FUNCTION:
    /* after kind, n_in, n_res */
    t->list.types = (sharc_type *const *)(const void *)(sharc_uniq_key(&t->u) + 24);
    break;
  case SHARC_TYPE_OPAQUE:
    t->opaque.body.data = sharc_arena_strndup(a, t->opaque.body.data, t->opaque.body.len);
    break;
  case SHARC_TYPE_DIALECT:
    t->params.words = (const uintptr_t *)(const void *)(sharc_uniq_key(&t->u) + 16); /* kind, def */
    break;
  default:
    break;
  }
  if (t->kind == SHARC_TYPE_TUPLE || t->kind == SHARC_TYPE_UNRANKED_TENSOR ||
      t->kind == SHARC_TYPE_UNRANKED_MEMREF)
    sharc_context_note_fact(ctx, &sharc_unstatic_or_tuple_type_made);
}

static sharc_type *intern(sharc_context *ctx, sharc_key *key, sharc_type *proto) {
  sharc_type *t = sharc_context_intern(ctx, &ctx->types, key, proto, sizeof *proto, type_own);
  if (sharc_type_may_alias(t)) /* the printer's question, answered once per type */
    ctx->alias_capable = true;
  return t;
}

sharc_type_kind sharc_type_get_kind(const sharc_type *t) { return t->kind; }

sharc_type *sharc_type_integer(sharc_context *ctx, unsigned width, sharc_signedness s) {
  sharc_type **cached = width <= 64 && (unsigned)s < 3 ? &ctx->int_types[width][s] : NULL;
  if (cached && *cached)
    return *cached;
  sharc_key k;
  sharc_key_init(&k, SHARC_TYPE_INTEGER);
  sharc_key_u64(&k, width);
  sharc_key_u64(&k, s);
  sharc_type t = {.kind = SHARC_TYPE_INTEGER, .integer = {width, s}};
  sharc_type *made = intern(ctx, &k, &t);
  if (cached)
    *cached = made;
  return made;
}

static sharc_type *simple(sharc_context *ctx, sharc_type_kind kind) {
  sharc_key k;
  sharc_key_init(&k, kind);
  sharc_type t = {.kind = kind};
  return intern(ctx, &k, &t);
}

static sharc_type *simple_cached(sharc_context *ctx, sharc_type_kind kind, sharc_type **cached) {
  if (!*cached)
    *cached = simple(ctx, kind);
  return *cached;
}

sharc_type *sharc_type_index(sharc_context *ctx) {
  return simple_cached(ctx, SHARC_TYPE_INDEX, &ctx->index_type);
}
sharc_type *sharc_type_none(sharc_context *ctx) {
  return simple_cached(ctx, SHARC_TYPE_NONE, &ctx->none_type);
}

sharc_type *sharc_type_float(sharc_context *ctx, sharc_float_kind fk) {
  sharc_type **cached = (unsigned)fk < SHARC_FLOAT_KIND_COUNT ? &ctx->float_types[fk] : NULL;
  if (cached && *cached)
    return *cached;
  sharc_key k;
  sharc_key_init(&k, SHARC_TYPE_FLOAT);
  sharc_key_u64(&k, fk);
  sharc_type t = {.kind = SHARC_TYPE_FLOAT, .fkind = fk};
  sharc_type *made = intern(ctx, &k, &t);
  if (cached)
    *cached = made;
  return made;
}

sharc_type *sharc_type_complex(sharc_context *ctx, sharc_type *elem) {
  sharc_key k;
  sharc_key_init(&k, SHARC_TYPE_COMPLEX);
  sharc_key_ptr(&k, elem);
  sharc_type t = {.kind = SHARC_TYPE_COMPLEX, .elem = elem};
  return intern(ctx, &k, &t);
}

static sharc_type *shaped(sharc_context *ctx, sharc_type_kind kind, const int64_t *shape,
                          const bool *scalable, unsigned rank, sharc_type *elem,
                          sharc_attr *encoding, sharc_attr *memspace) {
  sharc_key k;
  sharc_key_init(&k, kind);
  sharc_key_u64(&k, rank);
  sharc_key_put(&k, shape, rank * sizeof(int64_t));
  bool any_scalable = false;
  for (unsigned i = 0; scalable && i < rank; i++)
    any_scalable |= scalable[i];
  if (any_scalable)
    sharc_key_put(&k, scalable, rank * sizeof(bool));
  else
    scalable = NULL;
  sharc_key_ptr(&k, elem);
  sharc_key_ptr(&k, encoding);
  sharc_key_ptr(&k, memspace);
  sharc_type t = {.kind = kind,
                  .shaped = {rank, shape, scalable, elem, encoding, memspace}};
  return intern(ctx, &k, &t);
}

sharc_type *sharc_type_tensor(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem, sharc_attr *encoding) {
  return shaped(ctx, SHARC_TYPE_TENSOR, shape, NULL, rank, elem, encoding, NULL);
}

sharc_type *sharc_type_unranked_tensor(sharc_context *ctx, sharc_type *elem) {
  return shaped(ctx, SHARC_TYPE_UNRANKED_TENSOR, NULL, NULL, 0, elem, NULL, NULL);
}

sharc_type *sharc_type_vector(sharc_context *ctx, const int64_t *shape, const bool *scalable,
                              unsigned rank, sharc_type *elem) {
  return shaped(ctx, SHARC_TYPE_VECTOR, shape, scalable, rank, elem, NULL, NULL);
}

sharc_type *sharc_type_memref(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem, sharc_attr *layout, sharc_attr *memory_space) {
  return shaped(ctx, SHARC_TYPE_MEMREF, shape, NULL, rank, elem, layout, memory_space);
}

sharc_type *sharc_type_unranked_memref(sharc_context *ctx, sharc_type *elem,
                                       sharc_attr *memory_space) {
  return shaped(ctx, SHARC_TYPE_UNRANKED_MEMREF, NULL, NULL, 0, elem, NULL, memory_space);
}

static sharc_type *type_list(sharc_context *ctx, sharc_type_kind kind, sharc_type *const *a,
                             unsigned na, sharc_type *const *b, unsigned nb) {
  sharc_key k;
  sharc_key_init(&k, kind);
  sharc_key_u64(&k, na);
  sharc_key_u64(&k, nb);
  sharc_key_put(&k, a, na * sizeof *a);
  sharc_key_put(&k, b, nb * sizeof *b);
  /* the key holds both lists back to back: borrow it as the element array */
  sharc_type t = {.kind = kind,
                  .list = {na, nb, (sharc_type *const *)(const void *)(k.data + 3 * sizeof(uint64_t))}};
  return intern(ctx, &k, &t);
}

sharc_type *sharc_type_tuple(sharc_context *ctx, sharc_type *const *elems, unsigned n) {
  return type_list(ctx, SHARC_TYPE_TUPLE, elems, n, NULL, 0);
}

sharc_type *sharc_type_function(sharc_context *ctx, sharc_type *const *inputs, unsigned n_in,
                                sharc_type *const *results, unsigned n_res) {
  return type_list(ctx, SHARC_TYPE_FUNCTION, inputs, n_in, results, n_res);
}

sharc_type *sharc_type_opaque(sharc_context *ctx, sharc_ident *dialect, sharc_str body) {
  sharc_key k;
  sharc_key_init(&k, SHARC_TYPE_OPAQUE);
  sharc_key_ptr(&k, dialect);
  sharc_key_put(&k, body.data, body.len);
  sharc_type t = {.kind = SHARC_TYPE_OPAQUE, .opaque = {dialect, body}};
  return intern(ctx, &k, &t);
}

sharc_type *sharc_type_dialect(sharc_context *ctx, const sharc_type_def *def,
                               const uintptr_t *words, unsigned n) {
  sharc_key k;
  sharc_key_init(&k, SHARC_TYPE_DIALECT);
  sharc_key_ptr(&k, def);
  sharc_key_put(&k, words, n * sizeof *words);
  sharc_type t = {.kind = SHARC_TYPE_DIALECT, .def = def, .params = {n, words}};
  return intern(ctx, &k, &t);
}

/* ---- accessors ---------------------------------------------------------- */

unsigned sharc_type_int_width(const sharc_type *t) { return t->integer.width; }
sharc_signedness sharc_type_int_signedness(const sharc_type *t) { return t->integer.sign; }
sharc_float_kind sharc_type_float_kind(const sharc_type *t) { return t->fkind; }
bool sharc_type_is_float(const sharc_type *t) { return t->kind == SHARC_TYPE_FLOAT; }

bool sharc_type_is_integer(const sharc_type *t, unsigned width) {
  return t->kind == SHARC_TYPE_INTEGER && (width == 0 || t->integer.width == width);
}

/* Dialect types with ShapedTypeInterface answer shape queries through the
 * ranked tensor they stand for. */
static const sharc_type *shape_source(const sharc_type *t) {
  if (t->kind == SHARC_TYPE_DIALECT && t->def->shaped_as)
    return t->def->shaped_as(t);
  return t;
}

sharc_type *sharc_type_element(const sharc_type *t) {
  t = shape_source(t);
  switch (t->kind) {
  case SHARC_TYPE_COMPLEX:
    return t->elem;
  case SHARC_TYPE_TENSOR:
  case SHARC_TYPE_UNRANKED_TENSOR:
  case SHARC_TYPE_VECTOR:
  case SHARC_TYPE_MEMREF:
  case SHARC_TYPE_UNRANKED_MEMREF:
    return t->shaped.elem;
  default:
    return NULL;
  }
}

bool sharc_type_is_shaped(const sharc_type *t) {
  t = shape_source(t);
  return t->kind >= SHARC_TYPE_TENSOR && t->kind <= SHARC_TYPE_UNRANKED_MEMREF;
}

sharc_type *sharc_type_shaped_view(const sharc_type *t) {
  return sharc_type_is_shaped(t) ? (sharc_type *)shape_source(t) : NULL;
}

bool sharc_type_has_rank(const sharc_type *t) {
  t = shape_source(t);
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_VECTOR ||
         t->kind == SHARC_TYPE_MEMREF;
}

unsigned sharc_type_rank(const sharc_type *t) {
  t = shape_source(t);
  return sharc_type_has_rank(t) ? t->shaped.rank : 0;
}

const int64_t *sharc_type_shape(const sharc_type *t) { return shape_source(t)->shaped.shape; }

sharc_attr *sharc_type_encoding(const sharc_type *t) {
  t = shape_source(t);
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_MEMREF ? t->shaped.encoding : NULL;
}

bool sharc_type_try_num_elements(const sharc_type *t, int64_t *out) {
  t = shape_source(t);
  if (!sharc_type_has_rank(t)) {
    *out = -1;
    return true;
  }
  return sharc_product_checked(t->shaped.shape, t->shaped.rank, out);
}

int64_t sharc_type_num_elements(const sharc_type *t) {
  int64_t n;
  return sharc_type_try_num_elements(t, &n) ? n : INT64_MAX;
}

unsigned sharc_type_count(const sharc_type *t) { return t->list.n_in; }
sharc_type *sharc_type_at(const sharc_type *t, unsigned i) { return t->list.types[i]; }
unsigned sharc_type_func_num_inputs(const sharc_type *t) { return t->list.n_in; }
unsigned sharc_type_func_num_results(const sharc_type *t) { return t->list.n_res; }
sharc_type *sharc_type_func_input(const sharc_type *t, unsigned i) { return t->list.types[i]; }

sharc_type *sharc_type_func_result(const sharc_type *t, unsigned i) {
  return t->list.types[t->list.n_in + i];
}

sharc_type *const *sharc_type_func_inputs(const sharc_type *t) { return t->list.types; }
sharc_type *const *sharc_type_func_results(const sharc_type *t) {
  return t->list.types + t->list.n_in;
}

unsigned sharc_type_scalar_words(const sharc_type *t) {
  unsigned bits = sharc_type_bit_width(t);
  return bits <= 64 ? 1 : (bits + 63) / 64;
}

unsigned sharc_type_bit_width(const sharc_type *t) {
  switch (t->kind) {
  case SHARC_TYPE_INTEGER:
    return t->integer.width;
  case SHARC_TYPE_INDEX:
    return 64;
  case SHARC_TYPE_FLOAT: {
    static const unsigned widths[SHARC_FLOAT_KIND_COUNT] = {
        [SHARC_F16] = 16, [SHARC_BF16] = 16, [SHARC_F32] = 32, [SHARC_F64] = 64,
        [SHARC_F80] = 80, [SHARC_F128] = 128, [SHARC_TF32] = 19, [SHARC_F8E5M2] = 8,
        [SHARC_F8E4M3] = 8, [SHARC_F8E4M3FN] = 8, [SHARC_F8E5M2FNUZ] = 8,
        [SHARC_F8E4M3FNUZ] = 8, [SHARC_F8E4M3B11FNUZ] = 8, [SHARC_F8E3M4] = 8,
        [SHARC_F8E8M0FNU] = 8, [SHARC_F6E2M3FN] = 6, [SHARC_F6E3M2FN] = 6,
        [SHARC_F4E2M1FN] = 4};
    return widths[t->fkind];
  }
  case SHARC_TYPE_COMPLEX:
    return 2 * sharc_type_bit_width(t->elem);
  default:
    return 0;
  }
}

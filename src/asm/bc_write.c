/* The MLIR bytecode writer: numbers the IR as MLIR's IRNumbering does
 * (attributes, types and op names by use count, grouped by dialect per
 * varint byte width; values per region; ops in pre-order for use-lists) and
 * emits the sections in MLIR's order, so that builtin and func modules come
 * out byte for byte as mlir-opt writes them. */
#include "asm/bc_internal.h"
#include "ir/context.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define PRODUCER_DEFAULT "MLIR22.1.8"
#define ALIGNMENT_BYTE 0xCB

/* ---- emitter ------------------------------------------------------------ */

typedef struct emitter {
  uint8_t *data;
  size_t len, cap;
  unsigned align; /* the alignment its start needs */
} emitter;

static void em_reserve(emitter *e, size_t n) {
  if (e->len + n <= e->cap)
    return;
  size_t cap = e->cap ? e->cap * 2 : 256;
  while (cap < e->len + n)
    cap *= 2;
  e->data = sharc_xrealloc(e->data, cap);
  e->cap = cap;
}

static void em_byte(emitter *e, uint8_t b) {
  em_reserve(e, 1);
  e->data[e->len++] = b;
}

static void em_bytes(emitter *e, const void *p, size_t n) {
  if (!n)
    return;
  em_reserve(e, n);
  memcpy(e->data + e->len, p, n);
  e->len += n;
}

/* Prefix varint: the count of trailing zero bits of the first byte says how
 * many bytes follow; a zero first byte: 8 raw bytes follow. */
static void em_varint(emitter *e, uint64_t v) {
  if ((v >> 7) == 0) {
    em_byte(e, (uint8_t)(v << 1 | 1));
    return;
  }
  for (unsigned n = 2; n < 9; n++) {
    if ((v >> (7 * n)) == 0) {
      uint64_t enc = ((v << 1) | 1) << (n - 1);
      uint8_t bytes[8];
      for (unsigned i = 0; i < n; i++)
        bytes[i] = (uint8_t)(enc >> (8 * i));
      em_bytes(e, bytes, n);
      return;
    }
  }
  em_byte(e, 0);
  uint8_t bytes[8];
  for (unsigned i = 0; i < 8; i++)
    bytes[i] = (uint8_t)(v >> (8 * i));
  em_bytes(e, bytes, 8);
}

static void em_signed(emitter *e, int64_t v) {
  em_varint(e, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

static void em_varint_flag(emitter *e, uint64_t v, bool flag) { em_varint(e, v << 1 | flag); }

static void em_align(emitter *e, unsigned align) {
  if (align < 2)
    return;
  while (e->len & (align - 1))
    em_byte(e, ALIGNMENT_BYTE);
  if (align > e->align)
    e->align = align;
}

/* Appends `child` as section `id` and frees it. */
static void em_section(emitter *e, unsigned id, emitter *child) {
  size_t code_at = e->len;
  em_byte(e, (uint8_t)id);
  em_varint(e, child->len);
  if (child->align > 1) {
    if (e->len & (child->align - 1)) {
      em_varint(e, child->align);
      em_align(e, child->align);
      e->data[code_at] |= 0x80;
    } else if (child->align > e->align) {
      e->align = child->align;
    }
  }
  em_bytes(e, child->data, child->len);
  free(child->data);
  *child = (emitter){0};
}

/* ---- numbering ---------------------------------------------------------- */

typedef struct dialect_num {
  sharc_str name;
  const sharc_bytecode_dialect *table;
  bool builtin;
} dialect_num;

typedef struct entry {
  const void *obj;
  unsigned refs;
  unsigned dialect;
  unsigned number;
  bool registered; /* op names */
} entry;

typedef SHARC_VEC(entry) entry_vec;
typedef SHARC_VEC(dialect_num) dialect_vec;
typedef SHARC_VEC(uint8_t) byte_vec;

typedef struct region_count {
  unsigned blocks, values;
} region_count;

typedef struct op_num {
  unsigned id;
  signed char isolated; /* -1 unknown, 0 no, 1 yes */
} op_num;

typedef struct bc_state {
  sharc_context *ctx;
  int64_t version;
  dialect_vec dialects;
  entry_vec attrs, types, names;
  sharc_ptrmap attr_ix, type_ix, name_ix; /* object -> index + 1 into the vecs */
  sharc_ptrmap value_ids;                  /* value -> id + 1 */
  sharc_ptrmap block_ids;                  /* block -> index + 1 */
  sharc_ptrmap region_counts;              /* region -> region_count* */
  sharc_ptrmap op_nums;                    /* op -> op_num* */
  sharc_ptrmap block_ops;                  /* block -> op count + 1 */
  SHARC_VEC(region_count) counts;
  SHARC_VEC(op_num) opnums;
  unsigned next_value;
  /* strings: interned ident -> index + 1, in insertion order */
  sharc_ptrmap str_ix;
  SHARC_VEC(sharc_ident *) strings;
  /* builtin resources referenced: key -> number + 1, in first-use order */
  sharc_ptrmap res_ix;
  SHARC_VEC(sharc_ident *) resources;
  /* properties: serialized entries, deduplicated */
  SHARC_VEC(byte_vec) props;
} bc_state;

struct sharc_bc_writer {
  bc_state *st;
  emitter *em;
  bool numbering;
};

static void number_attr(bc_state *st, const sharc_attr *a);
static void number_type(bc_state *st, const sharc_type *t);

static unsigned number_dialect(bc_state *st, sharc_str name, const sharc_dialect *d) {
  for (unsigned i = 0; i < st->dialects.len; i++)
    if (sharc_str_eq(st->dialects.items[i].name, name))
      return i;
  if (!d)
    d = sharc_context_dialect(st->ctx, name);
  dialect_num dn = {name, d ? sharc_bc_dialect_table(d) : NULL, d == &sharc_builtin_dialect};
  sharc_vec_push(&st->dialects, dn);
  return st->dialects.len - 1;
}

static sharc_str cstr(const char *s) { return sharc_str_from_cstr(s); }

static unsigned attr_dialect(bc_state *st, const sharc_attr *a) {
  if (a->kind == SHARC_ATTR_OPAQUE)
    return number_dialect(st, sharc_ident_str(a->opaque.dialect), NULL);
  if (a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) && sharc_attr_def_of(a)->dialect)
    return number_dialect(st, cstr(sharc_attr_def_of(a)->dialect->name), sharc_attr_def_of(a)->dialect);
  return number_dialect(st, SHARC_STR("builtin"), &sharc_builtin_dialect);
}

static unsigned type_dialect(bc_state *st, const sharc_type *t) {
  if (t->kind == SHARC_TYPE_OPAQUE)
    return number_dialect(st, sharc_ident_str(t->opaque.dialect), NULL);
  if (t->kind == SHARC_TYPE_DIALECT && t->def && t->def->dialect)
    return number_dialect(st, cstr(t->def->dialect->name), t->def->dialect);
  return number_dialect(st, SHARC_STR("builtin"), &sharc_builtin_dialect);
}

/* Whether the entry's dialect encodes it (the dry run numbers what it
 * refers to); false: it is written as text. `obj` is a type when `is_type`,
 * else an attribute. */
static bool encode_entry(bc_state *st, unsigned dialect, const void *obj, bool is_type,
                         emitter *em, bool numbering) {
  const sharc_bytecode_dialect *tab = st->dialects.items[dialect].table;
  if (!tab || !(is_type ? tab->write_type != NULL : tab->write_attr != NULL))
    return false;
  sharc_bc_writer w = {st, em, numbering};
  size_t before = em ? em->len : 0;
  if (is_type ? tab->write_type(&w, obj) : tab->write_attr(&w, obj))
    return true;
  if (em)
    em->len = before;
  return false;
}

static void number_resource(bc_state *st, sharc_ident *key) {
  if (sharc_ptrmap_get(&st->res_ix, key))
    return;
  sharc_vec_push(&st->resources, key);
  sharc_ptrmap_put(&st->res_ix, key, (void *)(uintptr_t)st->resources.len);
}

/* Resources a textually written attribute uses (MLIR prints it to find
 * them): dense_resource handles inside it. */
static sharc_walk_result note_resources(sharc_attr *a, void *user) {
  if (a->kind == SHARC_ATTR_DENSE_RESOURCE)
    number_resource(user, a->resource.key);
  return SHARC_WALK_ADVANCE;
}

static void number_attr(bc_state *st, const sharc_attr *a) {
  uintptr_t ix = (uintptr_t)sharc_ptrmap_get(&st->attr_ix, a);
  if (ix) {
    st->attrs.items[ix - 1].refs++;
    return;
  }
  unsigned d = attr_dialect(st, a);
  entry e = {a, 1, d, 0, false};
  sharc_vec_push(&st->attrs, e);
  sharc_ptrmap_put(&st->attr_ix, a, (void *)(uintptr_t)st->attrs.len);
  if (a->kind == SHARC_ATTR_OPAQUE)
    return;
  if (encode_entry(st, d, a, false, NULL, true))
    return;
  sharc_attr_walk((sharc_attr *)a, note_resources, st);
}

static void number_type(bc_state *st, const sharc_type *t) {
  uintptr_t ix = (uintptr_t)sharc_ptrmap_get(&st->type_ix, t);
  if (ix) {
    st->types.items[ix - 1].refs++;
    return;
  }
  unsigned d = type_dialect(st, t);
  entry e = {t, 1, d, 0, false};
  sharc_vec_push(&st->types, e);
  sharc_ptrmap_put(&st->type_ix, t, (void *)(uintptr_t)st->types.len);
  if (t->kind == SHARC_TYPE_OPAQUE)
    return;
  encode_entry(st, d, t, true, NULL, true);
}

static sharc_str op_dialect_name(const sharc_op *op) {
  if (sharc_op_def_of(op) && sharc_op_def_of(op)->dialect)
    return cstr(sharc_op_def_of(op)->dialect->name);
  const char *dot = memchr(op->name->data, '.', op->name->len);
  return (sharc_str){op->name->data, dot ? (size_t)(dot - op->name->data) : op->name->len};
}

static void number_op_name(bc_state *st, const sharc_op *op) {
  uintptr_t ix = (uintptr_t)sharc_ptrmap_get(&st->name_ix, op->name);
  if (ix) {
    st->names.items[ix - 1].refs++;
    return;
  }
  unsigned d = number_dialect(st, op_dialect_name(op),
                              sharc_op_def_of(op) ? sharc_op_def_of(op)->dialect : NULL);
  entry e = {op->name, 1, d, 0, sharc_op_def_of(op) != NULL};
  sharc_vec_push(&st->names, e);
  sharc_ptrmap_put(&st->name_ix, op->name, (void *)(uintptr_t)st->names.len);
}

const sharc_bc_op *sharc_bc_op_entry(sharc_context *ctx, const sharc_op_def *def) {
  if (!def)
    return NULL;
  const sharc_dialect *d = def->dialect;
  if (!d) {
    const char *dot = strchr(def->name, '.');
    d = sharc_context_dialect(ctx, (sharc_str){def->name, dot ? (size_t)(dot - def->name) : 0});
  }
  const sharc_bytecode_dialect *tab = sharc_bc_dialect_table(d);
  if (!tab)
    return NULL;
  if (tab->op_entry)
    return tab->op_entry(def);
  for (unsigned i = 0; i < tab->num_ops; i++)
    if (!strcmp(tab->ops[i].name, def->name))
      return &tab->ops[i];
  return NULL;
}

static bool is_prop_name(const sharc_bc_op *ent, const sharc_ident *name) {
  for (const char *const *r = ent->required; r && *r; r++)
    if (!strcmp(*r, name->data))
      return true;
  for (unsigned i = 0; i < ent->num_props; i++)
    if (!strcmp(ent->props[i].name, name->data))
      return true;
  return false;
}

/* The dictionary written with the op: all its attributes, or for an op with
 * properties only the discardable ones. */
static sharc_attr *op_dict(bc_state *st, const sharc_op *op, const sharc_bc_op *ent) {
  sharc_attr *all = op->attrs;
  if (!ent || st->version < SHARC_BC_NATIVE_PROPERTIES || !all || !sharc_dict_n(all))
    return all;
  sharc_named_attr *keep = sharc_xmalloc_array(sharc_dict_n(all), sizeof *keep);
  unsigned n = 0;
  for (unsigned i = 0; i < sharc_dict_n(all); i++)
    if (!is_prop_name(ent, sharc_dict_entries(all)[i].name))
      keep[n++] = sharc_dict_entries(all)[i];
  sharc_attr *d = n == sharc_dict_n(all) ? all : sharc_attr_dictionary(st->ctx, keep, n);
  free(keep);
  return d;
}

static void write_props_list(sharc_bc_writer *w, const sharc_op *op, const sharc_bc_op *ent) {
  for (const char *const *r = ent->required; r && *r; r++) {
    sharc_attr *a = sharc_attr_dict_get(op->attrs, *r);
    if (a)
      sharc_bc_write_attr(w, a);
    else
      sharc_bc_write_varint(w, 0);
  }
  for (unsigned i = 0; i < ent->num_props; i++) {
    sharc_attr *a = sharc_attr_dict_get(op->attrs, ent->props[i].name);
    if (ent->props[i].optional)
      sharc_bc_write_optional_attr(w, a);
    else if (a)
      sharc_bc_write_attr(w, a);
    else
      sharc_bc_write_varint(w, 0); /* a required one missing: what MLIR's null writes */
  }
}

static void write_props(sharc_bc_writer *w, const sharc_op *op, const sharc_bc_op *ent) {
  if (ent->write)
    ent->write(w, op);
  else
    write_props_list(w, op, ent);
}

static void number_op(bc_state *st, const sharc_op *op) {
  number_op_name(st, op);
  for (unsigned i = 0; i < op->num_results; i++) {
    sharc_ptrmap_put(&st->value_ids, &sharc_op_results_of(op)[i], (void *)(uintptr_t)(++st->next_value));
    number_type(st, sharc_op_results_of(op)[i].type);
  }
  const sharc_bc_op *ent = sharc_bc_op_entry(st->ctx, sharc_op_def_of(op));
  sharc_attr *dict = op_dict(st, op, ent);
  if (dict && sharc_dict_n(dict))
    number_attr(st, dict);
  if (st->version >= SHARC_BC_NATIVE_PROPERTIES) {
    if (ent) {
      sharc_bc_writer w = {st, NULL, true};
      write_props(&w, op, ent);
    } else if (!sharc_op_def_of(op) && sharc_op_props_of(op)) {
      number_attr(st, sharc_op_props_of(op));
    }
  }
  number_attr(st, sharc_op_loc(op));
}

static void number_block(bc_state *st, sharc_block *b) {
  for (unsigned i = 0; i < b->num_args; i++) {
    sharc_value *arg = b->args[i];
    sharc_ptrmap_put(&st->value_ids, arg, (void *)(uintptr_t)(++st->next_value));
    number_attr(st, sharc_value_loc(arg) ? sharc_value_loc(arg) : sharc_loc_unknown(st->ctx));
    number_type(st, arg->type);
  }
  unsigned n = 0;
  for (sharc_op *op = b->first; op; op = op->next, n++)
    number_op(st, op);
  sharc_ptrmap_put(&st->block_ops, b, (void *)(uintptr_t)(n + 1));
}

static void number_region(bc_state *st, sharc_region *r) {
  if (!r->first)
    return;
  unsigned first_value = st->next_value, blocks = 0;
  for (sharc_block *b = r->first; b; b = b->next) {
    sharc_ptrmap_put(&st->block_ids, b, (void *)(uintptr_t)(++blocks));
    number_block(st, b);
  }
  region_count rc = {blocks, st->next_value - first_value};
  sharc_vec_push(&st->counts, rc);
  sharc_ptrmap_put(&st->region_counts, r, (void *)(uintptr_t)st->counts.len);
}

static op_num *op_number(const bc_state *st, const sharc_op *op) {
  uintptr_t ix = (uintptr_t)sharc_ptrmap_get(&st->op_nums, op);
  return ix ? &st->opnums.items[ix - 1] : NULL;
}

/* The op whose region holds the definition of `v`. */
static sharc_op *value_container(const sharc_value *v) {
  const sharc_block *b = v->vkind == SHARC_VALUE_ARG      ? sharc_value_block_of(v)
                         : v->vkind == SHARC_VALUE_RESULT ? sharc_value_op_of(v)->block
                                                          : NULL;
  return b && b->parent ? b->parent->parent : NULL;
}

typedef SHARC_VEC(const sharc_op *) op_stack;

/* Pre-order op ids (use-list orders refer to them) and which ops with
 * regions use no value from outside (MLIR encodes those lazily loadable). */
static void global_numbering(bc_state *st, const sharc_op *op, op_stack *stack) {
  op_num on = {st->opnums.len, -1};
  if (sharc_op_has_trait(op, SHARC_TRAIT_ISOLATED))
    on.isolated = 1;
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++) {
    const sharc_value *v = uses[i].value;
    if (!v || !stack->len)
      continue;
    const sharc_op *container = value_container(v);
    for (unsigned k = stack->len; k-- > 0;) {
      const sharc_op *s = stack->items[k];
      if (s == container)
        break;
      op_num *sn = op_number(st, s);
      if (sn->isolated == 1)
        break;
      sn->isolated = 0;
    }
  }
  sharc_vec_push(&st->opnums, on);
  sharc_ptrmap_put(&st->op_nums, op, (void *)(uintptr_t)st->opnums.len);
  if (!op->num_regions)
    return;
  sharc_vec_push(stack, op);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next)
      for (const sharc_op *o = b->first; o; o = o->next)
        global_numbering(st, o, stack);
  stack->len--;
  op_num *self = op_number(st, op);
  if (self->isolated < 0)
    self->isolated = 1;
}

static bool is_isolated(const bc_state *st, const sharc_op *op) {
  const op_num *n = op_number(st, op);
  return n && n->isolated == 1;
}

typedef struct region_work {
  sharc_region *r;
  unsigned first_value;
} region_work;
typedef SHARC_VEC(region_work) work_vec;

static void push_op_regions(bc_state *st, const sharc_op *op, work_vec *work) {
  unsigned first = is_isolated(st, op) ? 0 : st->next_value;
  for (unsigned i = 0; i < op->num_regions; i++) {
    region_work w = {&sharc_op_regions_of(op)[i], first};
    sharc_vec_push(work, w);
  }
}

/* Groups entries of one dialect together within each run of entries whose
 * indices take the same number of varint bytes. */
static unsigned order_first;
static int by_dialect(const void *pa, const void *pb) {
  const entry *a = pa, *b = pb;
  if (a->dialect == b->dialect)
    return (a->number > b->number) - (a->number < b->number);
  if (a->dialect == order_first)
    return -1;
  if (b->dialect == order_first)
    return 1;
  return a->dialect < b->dialect ? -1 : 1;
}

static int by_refs(const void *pa, const void *pb) {
  const entry *a = pa, *b = pb;
  if (a->refs != b->refs)
    return a->refs > b->refs ? -1 : 1;
  return (a->number > b->number) - (a->number < b->number);
}

static void finalize_order(entry_vec *v, sharc_ptrmap *ix) {
  if (!v->len)
    return;
  /* `number` holds the insertion order while sorting, keeping sorts stable */
  for (unsigned i = 0; i < v->len; i++)
    v->items[i].number = i;
  qsort(v->items, v->len, sizeof *v->items, by_refs);
  for (unsigned i = 0; i < v->len; i++)
    v->items[i].number = i;
  size_t done = 0, in_group = 0;
  unsigned first = 0;
  for (unsigned byte = 1; byte < 9 && done < v->len; byte++) {
    in_group = ((size_t)1 << (7 * byte)) - in_group;
    size_t n = v->len - done < in_group ? v->len - done : in_group;
    order_first = first;
    qsort(v->items + done, n, sizeof *v->items, by_dialect);
    first = v->items[done + n - 1].dialect;
    done += n;
  }
  for (unsigned i = 0; i < v->len; i++) {
    v->items[i].number = i;
    sharc_ptrmap_put(ix, v->items[i].obj, (void *)(uintptr_t)(i + 1));
  }
}

static void number_ir(bc_state *st, sharc_op *root) {
  op_stack stack = {0};
  global_numbering(st, root, &stack);
  sharc_vec_free(&stack);
  number_op(st, root);
  work_vec work = {0};
  push_op_regions(st, root, &work);
  while (work.len) {
    region_work w = sharc_vec_pop(&work);
    st->next_value = w.first_value;
    number_region(st, w.r);
    for (sharc_block *b = w.r->first; b; b = b->next)
      for (const sharc_op *op = b->first; op; op = op->next)
        push_op_regions(st, op, &work);
  }
  sharc_vec_free(&work);
  finalize_order(&st->attrs, &st->attr_ix);
  finalize_order(&st->names, &st->name_ix);
  finalize_order(&st->types, &st->type_ix);
}

/* ---- the dialect-facing writer ------------------------------------------ */

static unsigned attr_number(const bc_state *st, const sharc_attr *a) {
  return (unsigned)(uintptr_t)sharc_ptrmap_get(&st->attr_ix, a) - 1;
}

static unsigned type_number(const bc_state *st, const sharc_type *t) {
  return (unsigned)(uintptr_t)sharc_ptrmap_get(&st->type_ix, t) - 1;
}

static size_t string_index(bc_state *st, sharc_str s) {
  sharc_ident *id = sharc_ident_get(st->ctx, s);
  uintptr_t ix = (uintptr_t)sharc_ptrmap_get(&st->str_ix, id);
  if (ix)
    return ix - 1;
  sharc_vec_push(&st->strings, id);
  sharc_ptrmap_put(&st->str_ix, id, (void *)(uintptr_t)st->strings.len);
  return st->strings.len - 1;
}

void sharc_bc_write_varint(sharc_bc_writer *w, uint64_t v) {
  if (!w->numbering)
    em_varint(w->em, v);
}

void sharc_bc_write_signed(sharc_bc_writer *w, int64_t v) {
  if (!w->numbering)
    em_signed(w->em, v);
}

void sharc_bc_write_attr(sharc_bc_writer *w, const sharc_attr *a) {
  if (w->numbering)
    number_attr(w->st, a);
  else
    em_varint(w->em, attr_number(w->st, a));
}

void sharc_bc_write_optional_attr(sharc_bc_writer *w, const sharc_attr *a) {
  if (!a) {
    sharc_bc_write_varint(w, 0);
    return;
  }
  if (w->numbering)
    number_attr(w->st, a);
  else
    em_varint_flag(w->em, attr_number(w->st, a), true);
}

void sharc_bc_write_type(sharc_bc_writer *w, const sharc_type *t) {
  if (w->numbering)
    number_type(w->st, t);
  else
    em_varint(w->em, type_number(w->st, t));
}

void sharc_bc_write_string(sharc_bc_writer *w, sharc_str s) {
  if (!w->numbering)
    em_varint(w->em, string_index(w->st, s));
}

void sharc_bc_write_blob(sharc_bc_writer *w, const void *data, size_t len) {
  if (w->numbering)
    return;
  em_varint(w->em, len);
  em_bytes(w->em, data, len);
}

void sharc_bc_write_bool(sharc_bc_writer *w, bool b) {
  if (!w->numbering)
    em_byte(w->em, b);
}

void sharc_bc_write_apint(sharc_bc_writer *w, const uint64_t *words, unsigned width) {
  if (w->numbering)
    return;
  if (width <= 8) {
    em_byte(w->em, (uint8_t)(words[0] & (width == 8 ? 0xff : ((1u << width) - 1))));
    return;
  }
  if (width <= 64) {
    uint64_t v = width == 64 ? words[0] : words[0] & ((UINT64_C(1) << width) - 1);
    em_signed(w->em, (int64_t)v);
    return;
  }
  unsigned nw = (width + 63) / 64, active = nw;
  while (active > 1 && words[active - 1] == 0)
    active--;
  em_varint(w->em, active);
  for (unsigned i = 0; i < active; i++)
    em_signed(w->em, (int64_t)words[i]);
}

void sharc_bc_write_resource(sharc_bc_writer *w, sharc_ident *key) {
  if (w->numbering)
    number_resource(w->st, key);
  else
    em_varint(w->em, (uintptr_t)sharc_ptrmap_get(&w->st->res_ix, key) - 1);
}

int64_t sharc_bc_writer_version(const sharc_bc_writer *w) { return w->st->version; }

const sharc_bc_version *sharc_bc_writer_dialect_version(const sharc_bc_writer *w,
                                                        const char *dialect) {
  (void)w;
  (void)dialect;
  return NULL;
}

sharc_context *sharc_bc_writer_context(const sharc_bc_writer *w) { return w->st->ctx; }

const sharc_bytecode_dialect *sharc_bc_dialect_table(const sharc_dialect *d) {
  if (d == &sharc_builtin_dialect)
    return &sharc_bc_builtin_table;
  if (d == &sharc_func_dialect)
    return &sharc_bc_func_table;
  return d ? d->bytecode : NULL;
}

/* ---- sections ----------------------------------------------------------- */

/* Entries in runs of one dialect: dialect number, count, then each entry. */
typedef void (*entry_fn)(bc_state *st, entry *e, emitter *em, void *user);

static void write_grouped(bc_state *st, entry_vec *v, emitter *em, entry_fn fn, void *user) {
  for (unsigned i = 0; i < v->len;) {
    unsigned j = i + 1;
    while (j < v->len && v->items[j].dialect == v->items[i].dialect)
      j++;
    em_varint(em, v->items[i].dialect);
    em_varint(em, j - i);
    for (unsigned k = i; k < j; k++)
      fn(st, &v->items[k], em, user);
    i = j;
  }
}

static void write_op_name(bc_state *st, entry *e, emitter *em, void *user) {
  (void)user;
  const sharc_ident *name = e->obj;
  const char *dot = memchr(name->data, '.', name->len);
  sharc_str bare = dot ? (sharc_str){dot + 1, name->len - (size_t)(dot + 1 - name->data)}
                       : sharc_ident_str(name);
  size_t id = string_index(st, bare);
  if (st->version < SHARC_BC_NATIVE_PROPERTIES)
    em_varint(em, id);
  else
    em_varint_flag(em, id, e->registered);
}

static void write_dialect_section(bc_state *st, emitter *out) {
  emitter em = {0};
  em_varint(&em, st->dialects.len);
  for (unsigned i = 0; i < st->dialects.len; i++) {
    dialect_num *d = &st->dialects.items[i];
    size_t name = string_index(st, d->name);
    if (st->version < SHARC_BC_DIALECT_VERSIONING) {
      em_varint(&em, name);
      continue;
    }
    emitter ver = {0};
    if (d->table && d->table->write_version) {
      sharc_bc_writer w = {st, &ver, false};
      d->table->write_version(&w);
    }
    em_varint_flag(&em, name, ver.len > 0);
    if (ver.len)
      em_section(&em, SHARC_BC_SEC_DIALECT_VERSIONS, &ver);
    free(ver.data);
  }
  if (st->version >= SHARC_BC_ELIDE_UNKNOWN_BLOCK_ARG_LOC)
    em_varint(&em, st->names.len);
  write_grouped(st, &st->names, &em, write_op_name, NULL);
  em_section(out, SHARC_BC_SEC_DIALECT, &em);
}

typedef struct attr_type_out {
  emitter *data;
  size_t prev;
  bool types;
} attr_type_out;

static void write_attr_or_type(bc_state *st, entry *e, emitter *offsets, void *user) {
  attr_type_out *o = user;
  bool custom;
  if (o->types) {
    const sharc_type *t = e->obj;
    custom = t->kind != SHARC_TYPE_OPAQUE && encode_entry(st, e->dialect, t, true, o->data, false);
    if (!custom) {
      sharc_buf text = {0};
      sharc_print_type(t, &text);
      em_bytes(o->data, text.data, text.len);
      em_byte(o->data, 0);
      sharc_buf_free(&text);
    }
  } else {
    const sharc_attr *a = e->obj;
    custom = a->kind != SHARC_ATTR_OPAQUE && encode_entry(st, e->dialect, a, false, o->data, false);
    if (!custom) {
      sharc_buf text = {0};
      sharc_print_attr(a, &text);
      em_bytes(o->data, text.data, text.len);
      em_byte(o->data, 0);
      sharc_buf_free(&text);
    }
  }
  em_varint_flag(offsets, o->data->len - o->prev, custom);
  o->prev = o->data->len;
}

static void write_attr_type_section(bc_state *st, emitter *out) {
  emitter data = {0}, offsets = {0};
  em_varint(&offsets, st->attrs.len);
  em_varint(&offsets, st->types.len);
  attr_type_out o = {&data, 0, false};
  write_grouped(st, &st->attrs, &offsets, write_attr_or_type, &o);
  o.types = true;
  write_grouped(st, &st->types, &offsets, write_attr_or_type, &o);
  em_section(out, SHARC_BC_SEC_ATTR_TYPE_OFFSET, &offsets);
  em_section(out, SHARC_BC_SEC_ATTR_TYPE, &data);
}

/* ---- IR ----------------------------------------------------------------- */

static unsigned value_id(const bc_state *st, const sharc_value *v) {
  return (unsigned)(uintptr_t)sharc_ptrmap_get(&st->value_ids, v) - 1;
}

typedef struct use_pair {
  unsigned index;
  uint64_t id;
} use_pair;

static int by_id_desc(const void *pa, const void *pb) {
  const use_pair *a = pa, *b = pb;
  return (a->id < b->id) - (a->id > b->id);
}

/* The order of a value's uses when it differs from the one reading gives
 * back (each new use goes first: descending owner/operand ids). */
static unsigned *use_list_order(const bc_state *st, const sharc_value *v, unsigned *n_out) {
  unsigned n = 0;
  for (const sharc_use *u = v->uses; u; u = u->next)
    n++;
  *n_out = n;
  if (n < 2)
    return NULL;
  use_pair *pairs = sharc_xmalloc_array(n, sizeof *pairs);
  bool ordered = true;
  unsigned i = 0;
  for (const sharc_use *u = v->uses; u; u = u->next, i++) {
    pairs[i].index = i;
    pairs[i].id = (uint64_t)op_number(st, u->owner)->id << 32 | sharc_use_operand_index(u);
    if (i && !(pairs[i - 1].id > pairs[i].id))
      ordered = false;
  }
  if (ordered) {
    free(pairs);
    return NULL;
  }
  qsort(pairs, n, sizeof *pairs, by_id_desc);
  unsigned *order = sharc_xmalloc_array(n, sizeof *order);
  for (i = 0; i < n; i++)
    order[i] = pairs[i].index;
  free(pairs);
  return order;
}

/* MLIR keeps the orders in an llvm::DenseMap<unsigned, ...> and writes them
 * in its bucket order: hash key * 37, quadratic probing, 64 buckets at
 * first, doubled when 3/4 full (rehashing in bucket order). Reproduced
 * here so that the bytes match. */
static void densemap_order(const unsigned *keys, unsigned n, unsigned *out) {
  unsigned cap = 64;
  unsigned *buckets = sharc_xmalloc_array(cap, sizeof *buckets), count = 0;
  for (unsigned i = 0; i < cap; i++)
    buckets[i] = UINT32_MAX;
  for (unsigned k = 0; k < n; k++) {
    if ((count + 1) * 4 >= cap * 3) {
      unsigned ncap = cap * 2, *nb = sharc_xmalloc_array(ncap, sizeof *nb);
      for (unsigned i = 0; i < ncap; i++)
        nb[i] = UINT32_MAX;
      for (unsigned i = 0; i < cap; i++) {
        if (buckets[i] == UINT32_MAX)
          continue;
        unsigned b = (buckets[i] * 37u) & (ncap - 1), probe = 1;
        while (nb[b] != UINT32_MAX)
          b = (b + probe++) & (ncap - 1);
        nb[b] = buckets[i];
      }
      free(buckets);
      buckets = nb;
      cap = ncap;
    }
    unsigned b = (keys[k] * 37u) & (cap - 1), probe = 1;
    while (buckets[b] != UINT32_MAX)
      b = (b + probe++) & (cap - 1);
    buckets[b] = keys[k];
    count++;
  }
  unsigned j = 0;
  for (unsigned i = 0; i < cap; i++)
    if (buckets[i] != UINT32_MAX)
      out[j++] = buckets[i];
  free(buckets);
}

static void write_use_lists(const bc_state *st, emitter *em, uint8_t *mask, sharc_value *const *vals,
                            const sharc_value *contiguous, unsigned count) {
  unsigned custom = 0;
  unsigned *keys = NULL;
  for (unsigned i = 0; i < count; i++) {
    unsigned n;
    unsigned *order = use_list_order(st, vals ? vals[i] : &contiguous[i], &n);
    if (order) {
      keys = sharc_xrealloc_array(keys, custom + 1, sizeof *keys);
      keys[custom++] = i;
    }
    free(order);
  }
  if (!custom)
    return;
  *mask |= SHARC_BC_OP_USE_LISTS;
  if (count != 1)
    em_varint(em, custom);
  unsigned *emit_order = sharc_xmalloc_array(custom, sizeof *emit_order);
  densemap_order(keys, custom, emit_order);
  free(keys);
  for (unsigned e = 0; e < custom; e++) {
    unsigned i = emit_order[e], n;
    unsigned *order = use_list_order(st, vals ? vals[i] : &contiguous[i], &n);
    if (!order)
      continue;
    unsigned shuffled = 0;
    for (unsigned k = 0; k < n; k++)
      shuffled += order[k] != k;
    bool pairs = shuffled < n / 2;
    if (count != 1)
      em_varint(em, i);
    if (pairs) {
      em_varint_flag(em, (uint64_t)shuffled * 2, true);
      for (unsigned k = 0; k < n; k++)
        if (order[k] != k) {
          em_varint(em, order[k]);
          em_varint(em, k);
        }
    } else {
      em_varint_flag(em, n, false);
      for (unsigned k = 0; k < n; k++)
        em_varint(em, order[k]);
    }
    free(order);
  }
  free(emit_order);
}

static size_t emit_props(bc_state *st, const byte_vec *raw) {
  byte_vec entry = {0};
  emitter size = {0};
  em_varint(&size, raw->len);
  sharc_vec_reserve(&entry, size.len + raw->len);
  memcpy(entry.items, size.data, size.len);
  if (raw->len)
    memcpy(entry.items + size.len, raw->items, raw->len);
  entry.len = (unsigned)(size.len + raw->len);
  free(size.data);
  for (unsigned i = 0; i < st->props.len; i++)
    if (st->props.items[i].len == entry.len &&
        !memcmp(st->props.items[i].items, entry.items, entry.len)) {
      sharc_vec_free(&entry);
      return i;
    }
  sharc_vec_push(&st->props, entry);
  return st->props.len - 1;
}

/* The properties index of `op`, or -1 when it has none. */
static long op_props(bc_state *st, const sharc_op *op) {
  const sharc_bc_op *ent = sharc_bc_op_entry(st->ctx, sharc_op_def_of(op));
  emitter em = {0};
  if (ent) {
    sharc_bc_writer w = {st, &em, false};
    write_props(&w, op, ent);
  } else if (!sharc_op_def_of(op) && sharc_op_props_of(op)) {
    em_varint(&em, attr_number(st, sharc_op_props_of(op)));
  } else {
    return -1;
  }
  byte_vec raw = {em.data, (unsigned)em.len, (unsigned)em.cap};
  long ix = (long)emit_props(st, &raw);
  free(em.data);
  return ix;
}

static void write_region(bc_state *st, emitter *em, sharc_region *r);

static void write_op(bc_state *st, emitter *em, sharc_op *op) {
  em_varint(em, (uintptr_t)sharc_ptrmap_get(&st->name_ix, op->name) - 1);
  size_t mask_at = em->len;
  uint8_t mask = 0;
  em_byte(em, 0);
  em_varint(em, attr_number(st, sharc_op_loc(op)));
  const sharc_bc_op *ent = sharc_bc_op_entry(st->ctx, sharc_op_def_of(op));
  sharc_attr *dict = op_dict(st, op, ent);
  if (dict && sharc_dict_n(dict)) {
    mask |= SHARC_BC_OP_ATTRS;
    em_varint(em, attr_number(st, dict));
  }
  if (st->version >= SHARC_BC_NATIVE_PROPERTIES) {
    long props = op_props(st, op);
    if (props >= 0) {
      mask |= SHARC_BC_OP_PROPERTIES;
      em_varint(em, (uint64_t)props);
    }
  }
  if (op->num_results) {
    mask |= SHARC_BC_OP_RESULTS;
    em_varint(em, op->num_results);
    for (unsigned i = 0; i < op->num_results; i++)
      em_varint(em, type_number(st, sharc_op_results_of(op)[i].type));
  }
  if (op->num_operands) {
    mask |= SHARC_BC_OP_OPERANDS;
    em_varint(em, op->num_operands);
    const sharc_use *uses = sharc_op_operands_of(op);
    for (unsigned i = 0; i < op->num_operands; i++)
      em_varint(em, value_id(st, uses[i].value));
  }
  if (sharc_op_num_successors_of(op)) {
    mask |= SHARC_BC_OP_SUCCESSORS;
    em_varint(em, sharc_op_num_successors_of(op));
    for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++)
      em_varint(em, (uintptr_t)sharc_ptrmap_get(&st->block_ids, sharc_op_successors_of(op)[i]) - 1);
  }
  if (st->version >= SHARC_BC_USE_LIST_ORDERING)
    write_use_lists(st, em, &mask, NULL, sharc_op_results_of(op), op->num_results);
  if (op->num_regions)
    mask |= SHARC_BC_OP_REGIONS;
  em->data[mask_at] = mask;
  if (!op->num_regions)
    return;
  bool isolated = is_isolated(st, op);
  em_varint_flag(em, op->num_regions, isolated);
  if (isolated && st->version >= SHARC_BC_LAZY_LOADING) {
    emitter sub = {0};
    for (unsigned i = 0; i < op->num_regions; i++)
      write_region(st, &sub, &sharc_op_regions_of(op)[i]);
    em_section(em, SHARC_BC_SEC_IR, &sub);
    return;
  }
  for (unsigned i = 0; i < op->num_regions; i++)
    write_region(st, em, &sharc_op_regions_of(op)[i]);
}

static void write_block(bc_state *st, emitter *em, sharc_block *b) {
  unsigned nops = (unsigned)(uintptr_t)sharc_ptrmap_get(&st->block_ops, b) - 1;
  em_varint_flag(em, nops, b->num_args > 0);
  if (b->num_args) {
    em_varint(em, b->num_args);
    for (unsigned i = 0; i < b->num_args; i++) {
      sharc_value *arg = b->args[i];
      sharc_attr *loc = sharc_value_loc(arg) ? sharc_value_loc(arg) : sharc_loc_unknown(st->ctx);
      bool known = loc->kind != SHARC_ATTR_LOC_UNKNOWN;
      if (st->version >= SHARC_BC_ELIDE_UNKNOWN_BLOCK_ARG_LOC) {
        em_varint_flag(em, type_number(st, arg->type), known);
        if (known)
          em_varint(em, attr_number(st, loc));
      } else {
        em_varint(em, type_number(st, arg->type));
        em_varint(em, attr_number(st, loc));
      }
    }
    if (st->version >= SHARC_BC_USE_LIST_ORDERING) {
      size_t mask_at = em->len;
      uint8_t mask = 0;
      em_byte(em, 0);
      write_use_lists(st, em, &mask, b->args, NULL, b->num_args);
      em->data[mask_at] = mask;
    }
  }
  for (sharc_op *op = b->first; op; op = op->next)
    write_op(st, em, op);
}

static void write_region(bc_state *st, emitter *em, sharc_region *r) {
  if (!r->first) {
    em_varint(em, 0);
    return;
  }
  region_count *rc = &st->counts.items[(uintptr_t)sharc_ptrmap_get(&st->region_counts, r) - 1];
  em_varint(em, rc->blocks);
  em_varint(em, rc->values);
  for (sharc_block *b = r->first; b; b = b->next)
    write_block(st, em, b);
}

/* ---- resources, strings, properties -------------------------------------- */

static int hexval(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  c = (char)(c | 32);
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A resource blob `"0x<alignment, 4 bytes LE><data>"` decoded; false when
 * the text is no such blob. */
static bool decode_blob(sharc_str text, uint8_t **data, size_t *len, uint32_t *align) {
  sharc_str s = text;
  if (s.len >= 2 && s.data[0] == '"') {
    s.data++;
    s.len -= 2;
  }
  if (s.len < 10 || s.data[0] != '0' || (s.data[1] | 32) != 'x' || (s.len - 2) % 2)
    return false;
  size_t n = (s.len - 2) / 2;
  uint8_t *bytes = sharc_xmalloc(n);
  for (size_t i = 0; i < n; i++) {
    int hi = hexval(s.data[2 + 2 * i]), lo = hexval(s.data[3 + 2 * i]);
    if (hi < 0 || lo < 0) {
      free(bytes);
      return false;
    }
    bytes[i] = (uint8_t)(hi * 16 + lo);
  }
  *align = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 |
           (uint32_t)bytes[3] << 24;
  *len = n - 4;
  memmove(bytes, bytes + 4, n - 4);
  *data = bytes;
  return true;
}

static const sharc_resource *find_resource(const sharc_context *ctx, const sharc_ident *key) {
  unsigned n;
  const sharc_resource *res = sharc_context_resources(ctx, &n);
  for (unsigned i = 0; i < n; i++)
    if (!res[i].external && res[i].key == key)
      return &res[i];
  return NULL;
}

static void write_resource_sections(bc_state *st, emitter *out) {
  emitter data = {0}, offsets = {0};
  em_varint(&offsets, 0); /* no external resource printers */
  unsigned builtin = 0;
  for (unsigned i = 0; i < st->dialects.len; i++)
    if (st->dialects.items[i].builtin)
      builtin = i;
  if (st->resources.len) {
    em_varint(&offsets, builtin);
    em_varint(&offsets, st->resources.len);
    size_t prev = 0;
    /* blobs with data first, declarations after (as MLIR numbers them) */
    for (int pass = 0; pass < 2; pass++)
      for (unsigned i = 0; i < st->resources.len; i++) {
        sharc_ident *key = st->resources.items[i];
        const sharc_resource *r = find_resource(st->ctx, key);
        uint8_t *blob = NULL;
        size_t len = 0;
        uint32_t align = 1;
        bool has = r && decode_blob(r->value, &blob, &len, &align);
        if (has != (pass == 0)) {
          free(blob);
          continue;
        }
        if (has) {
          em_varint(&data, align);
          em_varint(&data, len);
          em_align(&data, align);
          em_bytes(&data, blob, len);
          free(blob);
        }
        em_varint(&offsets, string_index(st, sharc_ident_str(key)));
        em_varint(&offsets, data.len - prev);
        em_byte(&offsets, SHARC_BC_RES_BLOB);
        prev = data.len;
      }
  }
  em_section(out, SHARC_BC_SEC_RESOURCE_OFFSET, &offsets);
  em_section(out, SHARC_BC_SEC_RESOURCE, &data);
}

/* Blob resources with data are numbered first: renumber to match. */
static void order_resources(bc_state *st) {
  SHARC_VEC(sharc_ident *) sorted = {0};
  for (int pass = 0; pass < 2; pass++)
    for (unsigned i = 0; i < st->resources.len; i++) {
      const sharc_resource *r = find_resource(st->ctx, st->resources.items[i]);
      uint8_t *blob = NULL;
      size_t len;
      uint32_t align;
      bool has = r && decode_blob(r->value, &blob, &len, &align);
      free(blob);
      if (has == (pass == 0))
        sharc_vec_push(&sorted, st->resources.items[i]);
    }
  for (unsigned i = 0; i < sorted.len; i++)
    sharc_ptrmap_put(&st->res_ix, sorted.items[i], (void *)(uintptr_t)(i + 1));
  sharc_vec_free(&st->resources);
  st->resources.items = sorted.items;
  st->resources.len = sorted.len;
  st->resources.cap = sorted.cap;
}

static void write_string_section(bc_state *st, emitter *out) {
  emitter em = {0};
  em_varint(&em, st->strings.len);
  for (unsigned i = st->strings.len; i-- > 0;)
    em_varint(&em, st->strings.items[i]->len + 1);
  for (unsigned i = 0; i < st->strings.len; i++)
    em_bytes(&em, st->strings.items[i]->data, st->strings.items[i]->len + 1);
  em_section(out, SHARC_BC_SEC_STRING, &em);
}

static void write_props_section(bc_state *st, emitter *out) {
  emitter em = {0};
  em_varint(&em, st->props.len);
  for (unsigned i = 0; i < st->props.len; i++)
    em_bytes(&em, st->props.items[i].items, st->props.items[i].len);
  em_section(out, SHARC_BC_SEC_PROPERTIES, &em);
}

static void state_free(bc_state *st) {
  sharc_vec_free(&st->dialects);
  sharc_vec_free(&st->attrs);
  sharc_vec_free(&st->types);
  sharc_vec_free(&st->names);
  sharc_ptrmap_free(&st->attr_ix);
  sharc_ptrmap_free(&st->type_ix);
  sharc_ptrmap_free(&st->name_ix);
  sharc_ptrmap_free(&st->value_ids);
  sharc_ptrmap_free(&st->block_ids);
  sharc_ptrmap_free(&st->region_counts);
  sharc_ptrmap_free(&st->op_nums);
  sharc_ptrmap_free(&st->block_ops);
  sharc_vec_free(&st->counts);
  sharc_vec_free(&st->opnums);
  sharc_ptrmap_free(&st->str_ix);
  sharc_vec_free(&st->strings);
  sharc_ptrmap_free(&st->res_ix);
  sharc_vec_free(&st->resources);
  for (unsigned i = 0; i < st->props.len; i++)
    sharc_vec_free(&st->props.items[i]);
  sharc_vec_free(&st->props);
}

bool sharc_write_bytecode(sharc_op *op, const sharc_bytecode_options *opts, sharc_buf *out) {
  bool asked = opts && (opts->exact_version || opts->version >= 0);
  int64_t version = asked ? opts->version : SHARC_BC_VERSION_CURRENT;
  const char *producer = opts && opts->producer ? opts->producer : PRODUCER_DEFAULT;
  if (version < SHARC_BC_VERSION_MIN || version > SHARC_BC_VERSION_CURRENT) {
    /* rootOp->emitError(): with the op as a note where ops are printed */
    sharc_emit_op(op, SHARC_SEV_ERROR, "unsupported version requested %lld, must be in range [%d, %d]",
                  (long long)version, SHARC_BC_VERSION_MIN, SHARC_BC_VERSION_CURRENT);
    return false;
  }
  bc_state st = {.ctx = sharc_op_ctx_of(op), .version = version};
  number_ir(&st, op);
  order_resources(&st);
  emitter em = {0};
  em_bytes(&em, "ML\xefR", 4);
  em_varint(&em, (uint64_t)version);
  em_bytes(&em, producer, strlen(producer) + 1);
  write_dialect_section(&st, &em);
  write_attr_type_section(&st, &em);
  emitter ir = {0};
  em_varint_flag(&ir, 1, false);
  write_op(&st, &ir, op);
  em_section(&em, SHARC_BC_SEC_IR, &ir);
  write_resource_sections(&st, &em);
  write_string_section(&st, &em);
  bool ok = true;
  if (version >= SHARC_BC_NATIVE_PROPERTIES) {
    write_props_section(&st, &em);
  } else if (st.props.len) {
    sharc_emit(sharc_op_ctx_of(op), SHARC_SEV_ERROR, sharc_op_loc(op),
               "unexpected properties emitted incompatible with bytecode <5");
    ok = false;
  }
  if (ok)
    sharc_buf_put(out, (const char *)em.data, em.len);
  free(em.data);
  state_free(&st);
  return ok;
}

bool sharc_is_bytecode(const char *buf, size_t len) {
  return len >= 4 && !memcmp(buf, "ML\xefR", 4);
}

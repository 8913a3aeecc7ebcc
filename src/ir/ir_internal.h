/* Layout of the IR records and of the dialect/op-definition tables. Only
 * library code includes this; API users go through include/sharc. */
#ifndef SHARC_IR_INTERNAL_H
#define SHARC_IR_INTERNAL_H

#include "sharc/ir.h"
/* An op definition names its canonicalization patterns and constant
 * materializer; their types are the rewrite layer's (sharc/rewrite.h). */
typedef struct sharc_pattern sharc_pattern;
typedef struct sharc_rewriter sharc_rewriter;

typedef struct sharc_parser sharc_parser;
typedef struct sharc_printer sharc_printer;
typedef struct sharc_op_builder sharc_op_builder;

/* ---- uniquing ---------------------------------------------------------- */
/* Every uniqued object starts with this header; the key is the canonical byte
 * encoding of the object's fields (children by pointer, since they are
 * uniqued too), so lookup is one hash and one memcmp. */
typedef struct sharc_uniq {
  uint32_t hash;
  uint32_t key_len;
} sharc_uniq;

/* The key sits just before its object, padded to 8 bytes (see
 * sharc_context_intern): no pointer to it needed. */
static inline const uint8_t *sharc_uniq_key(const sharc_uniq *u) {
  return (const uint8_t *)u - (((size_t)u->key_len + 7) & ~(size_t)7);
}

/* A slot of a uniquing table: one word, the object's pointer in its low
 * 48 bits and the high 16 bits of the object's hash above them (0: an
 * empty slot), so that a probe reads one cache line and loads an object
 * only on a tag match. Eight bytes a slot where the hash and pointer side
 * by side took twelve: in a module of a million ops the attribute table
 * is a third smaller, and no slot straddles two cache lines. Every object
 * starts with its 32-bit hash (sharc_uniq, sharc_ident), which a rehash
 * reads back. */
typedef struct sharc_uniq_slot {
  uint64_t word;
} sharc_uniq_slot;

enum { SHARC_UNIQ_PENDING = 4 };

/* Open addressing with linear probing over the slots (types, attributes,
 * identifiers). */
typedef struct sharc_uniq_table {
  sharc_uniq_slot *slots;
  size_t cap, count; /* count: with the pending objects */
  uint64_t *filled; /* a bit a slot, set once it is filled, in a large table; else NULL */
  /* objects known new (sharc_context_intern_absent) whose slots are not
   * filled yet: each is placed a few such interns later, once the lines
   * asked for when it came are in cache, or before a probe whose hash has
   * a bit in pend_bits */
  unsigned pending;
  sharc_uniq *pend[SHARC_UNIQ_PENDING];
  uint64_t pend_bits; /* bit (hash >> 26) of each pending object's hash: most probes skip them */
} sharc_uniq_table;

uint32_t sharc_hash_bytes(const void *p, size_t n);
void sharc_uniq_insert(sharc_uniq_table *t, sharc_uniq *obj);
void sharc_uniq_table_free(sharc_uniq_table *t);

/* Key builder: a small growable byte buffer. */
typedef struct sharc_key {
  uint8_t *data;
  size_t len, cap;
  uint8_t inline_buf[256];
} sharc_key;
void sharc_key_grow(sharc_key *k, size_t n);
void sharc_key_free(sharc_key *k);

/* Building keys is on the path of every type and attribute creation. */
static inline void sharc_key_put(sharc_key *k, const void *p, size_t n) {
  if (k->len + n > k->cap)
    sharc_key_grow(k, n);
  if (n)
    memcpy(k->data + k->len, p, n);
  k->len += n;
}

static inline void sharc_key_u64(sharc_key *k, uint64_t v) { sharc_key_put(k, &v, sizeof v); }
static inline void sharc_key_ptr(sharc_key *k, const void *p) { sharc_key_put(k, &p, sizeof p); }

static inline void sharc_key_init(sharc_key *k, unsigned kind) {
  k->data = k->inline_buf;
  k->cap = sizeof k->inline_buf;
  k->len = 0;
  sharc_key_u64(k, kind);
}

/* An identifier knows its context and, when it names an op, that op's
 * definition (MLIR's OperationName): an op holds only its name, and finds
 * its context and definition through it, two words less per op. */
struct sharc_ident {
  uint32_t hash;
  uint32_t len;
  sharc_context *ctx;
  const sharc_op_def *op_def; /* set by sharc_op_create */
  char data[]; /* NUL-terminated */
};

/* ---- types and attributes ---------------------------------------------- */
struct sharc_type {
  sharc_uniq u;
  sharc_type_kind kind;
  unsigned char alias_memo; /* printer cache: 0 unknown, 1 no alias inside, 2 maybe */
  const sharc_type_def *def; /* SHARC_TYPE_DIALECT */
  union {
    struct {
      unsigned width;
      sharc_signedness sign;
    } integer;
    sharc_float_kind fkind;
    sharc_type *elem; /* complex */
    struct {
      unsigned rank;
      const int64_t *shape;
      const bool *scalable;   /* vector */
      sharc_type *elem;
      sharc_attr *encoding;   /* tensor encoding, memref layout */
      sharc_attr *memspace;   /* memref */
    } shaped;
    struct {
      unsigned n_in, n_res;   /* tuple: n_in elements */
      sharc_type *const *types;
    } list;
    struct {
      sharc_ident *dialect;
      sharc_str body;
    } opaque;
    struct {
      unsigned n;
      const uintptr_t *words; /* dialect-defined parameters */
    } params;
  };
};

/* 48 bytes: every union member fits in three words (the form of a file
 * location sits in the header's spare byte, an integer set's `==` flags
 * are found from its key, a dialect attribute's definition is one of its
 * parameters' words), since every op's location is one. */
struct sharc_attr {
  sharc_uniq u;
  sharc_attr_kind kind;
  unsigned char alias_memo; /* printer cache: 0 unknown, 1 no alias inside, 2 maybe */
  unsigned char loc_form;   /* file locations: 0 l:c, 1 l:c to :ec, 2 l:c to el:ec */
  sharc_type *type;           /* typed attributes */
  union {
    bool b;
    /* an integer's words and a float's bits: in the key alone
     * (sharc_attr_int_words, sharc_attr_float_lo/_hi) */
    sharc_str str;            /* string */
    sharc_type *tval;
    /* an array's elements and a dictionary's entries: in the key alone
     * (sharc_array_elems, sharc_dict_entries) */
    /* a dense array's element type, count and words, a dense elements
     * attribute's splat flag and words: in the key alone (sharc_darray_elem,
     * sharc_dense_raw, ...) */
    struct {
      size_t n;
      const sharc_str *strs;
      bool splat;
    } dstrings;
    struct {
      sharc_ident *root;
      unsigned n;
      sharc_ident *const *nested;
    } sym;
    struct {
      sharc_ident *dialect;
      sharc_str body;
    } opaque;
    struct {
      sharc_ident *file;
      unsigned line, col, end_line, end_col; /* the form: loc_form above */
    } file;
    struct {
      sharc_ident *name;
      sharc_attr *child;
    } name;
    struct {
      sharc_attr *callee, *caller;
    } callsite;
    struct {
      unsigned n;
      sharc_attr *const *locs;
      sharc_attr *metadata;
    } fused;
    struct {
      uint64_t id;
      sharc_attr *ref;
    } distinct;
    struct {                  /* SHARC_ATTR_DIALECT */
      unsigned n;
      const uintptr_t *words;
      const sharc_attr_def *def;
    } params;
    struct {
      sharc_ident *key;
    } resource;
    struct {                  /* SparseElementsAttr: i64 indices [N x rank], N values */
      sharc_attr *indices, *values;
    } sparse;
    struct {                  /* affine map, integer set (see ir/affine.h) */
      unsigned ndims, nsyms, n;
      /* results / constraints; a set's `==` flags: sharc_affine_set_eq */
      const struct sharc_affine_expr *const *exprs;
    } affine;
    struct {
      int64_t offset;
      unsigned n;
      const int64_t *strides;
    } strided;
  };
};

/* An integer attribute's words and a float attribute's bits (lo, then hi)
 * are read from its key, which holds them after the kind and the type: the
 * attribute keeps no copy, and a module has about one such attribute per
 * op. */
enum { SHARC_ATTR_SCALAR_KEY_OFFSET = 2 * sizeof(uint64_t) };

static inline const uint64_t *sharc_attr_int_words(const sharc_attr *a) {
  return (const uint64_t *)(const void *)(sharc_uniq_key(&a->u) + SHARC_ATTR_SCALAR_KEY_OFFSET);
}

static inline unsigned sharc_attr_int_nwords(const sharc_attr *a) {
  return (a->u.key_len - SHARC_ATTR_SCALAR_KEY_OFFSET) / sizeof(uint64_t);
}

static inline uint64_t sharc_attr_float_lo(const sharc_attr *a) {
  return sharc_attr_int_words(a)[0];
}
static inline uint64_t sharc_attr_float_hi(const sharc_attr *a) {
  return sharc_attr_int_words(a)[1];
}

/* An array's elements and a dictionary's entries are read from the key,
 * which holds them after the kind: the object keeps neither their count
 * nor a pointer to them, 16 bytes less on each of the about one new
 * dictionary an op has in a large module. */
enum { SHARC_ATTR_LIST_KEY_OFFSET = sizeof(uint64_t) };

static inline unsigned sharc_array_n(const sharc_attr *a) {
  return (a->u.key_len - SHARC_ATTR_LIST_KEY_OFFSET) / sizeof(sharc_attr *);
}

static inline sharc_attr *const *sharc_array_elems(const sharc_attr *a) {
  return (sharc_attr *const *)(const void *)(sharc_uniq_key(&a->u) + SHARC_ATTR_LIST_KEY_OFFSET);
}

static inline unsigned sharc_dict_n(const sharc_attr *a) {
  return (a->u.key_len - SHARC_ATTR_LIST_KEY_OFFSET) / sizeof(sharc_named_attr);
}

static inline const sharc_named_attr *sharc_dict_entries(const sharc_attr *a) {
  return (const sharc_named_attr *)(const void *)(sharc_uniq_key(&a->u) +
                                                  SHARC_ATTR_LIST_KEY_OFFSET);
}

/* A dense array's element type, count and words and a dense elements
 * attribute's splat flag and words are read from the key too, which holds
 * them after the kind at fixed offsets (the element type or shaped type,
 * then the count or flag, then the words): such an attribute is the
 * common fields alone, 24 bytes less on each. */
enum { SHARC_ATTR_DENSE_KEY_WORDS = 3 * sizeof(uint64_t) };

static inline uint64_t sharc_attr_key_word(const sharc_attr *a, unsigned i) {
  uint64_t w;
  memcpy(&w, sharc_uniq_key(&a->u) + i * sizeof w, sizeof w);
  return w;
}

static inline const uint64_t *sharc_attr_key_words(const sharc_attr *a) {
  return (const uint64_t *)(const void *)(sharc_uniq_key(&a->u) + SHARC_ATTR_DENSE_KEY_WORDS);
}

static inline sharc_type *sharc_darray_elem(const sharc_attr *a) {
  return (sharc_type *)(uintptr_t)sharc_attr_key_word(a, 1);
}

static inline unsigned sharc_darray_n(const sharc_attr *a) {
  return (unsigned)sharc_attr_key_word(a, 2);
}

static inline const uint64_t *sharc_darray_raw(const sharc_attr *a) {
  return sharc_attr_key_words(a);
}

static inline bool sharc_dense_splat(const sharc_attr *a) { return sharc_attr_key_word(a, 2) != 0; }

static inline size_t sharc_dense_nwords(const sharc_attr *a) {
  return (a->u.key_len - SHARC_ATTR_DENSE_KEY_WORDS) / sizeof(uint64_t);
}

static inline const uint64_t *sharc_dense_raw(const sharc_attr *a) {
  return sharc_attr_key_words(a);
}

/* A dialect attribute's definition; NULL for every other kind. */
static inline const sharc_attr_def *sharc_attr_def_of(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_DIALECT ? a->params.def : NULL;
}

sharc_type *sharc_type_dialect(sharc_context *ctx, const sharc_type_def *def,
                               const uintptr_t *words, unsigned n);
sharc_attr *sharc_attr_dialect(sharc_context *ctx, const sharc_attr_def *def,
                               const uintptr_t *words, unsigned n, sharc_type *type);
/* sharc_attr_dialect(ctx, def, &word, 1, NULL): a pure function of its
 * arguments, remembered per context in a direct-mapped cache. */
sharc_attr *sharc_attr_dialect_one_word(sharc_context *ctx, const sharc_attr_def *def,
                                        uintptr_t word);
sharc_attr *sharc_attr_dense_resource(sharc_context *ctx, sharc_type *shaped, sharc_ident *key);
/* MLIR's SparseElementsAttr of `shaped`: `indices` a dense i64 attribute
 * of shape [N, rank] (or [N] for rank 1), `values` a dense attribute of N
 * elements; the caller has verified them (sharc_p_parse_sparse). */
sharc_attr *sharc_attr_sparse_elements(sharc_context *ctx, sharc_type *shaped, sharc_attr *indices,
                                       sharc_attr *values);
/* Element i of a dense integer or index elements attribute (a splat gives
 * its one value for every i), as MLIR's getValues<int64_t>: sign-extended
 * from the element width, zero-extended for an unsigned type. */
int64_t sharc_attr_dense_int(const sharc_attr *a, size_t i);
/* Whether printing the object may involve an alias (a location, a distinct
 * attribute, a long tuple, ...) anywhere inside it. Memoized per object, so
 * the printer's alias-collection pass skips plain subtrees in O(1). */
bool sharc_attr_may_alias(const sharc_attr *a);
bool sharc_type_may_alias(const sharc_type *t);
/* The may_alias hook of a dialect kind whose values print nothing that
 * could be an alias (NULL as the hook means "may"). */
bool sharc_attr_never_alias(const sharc_attr *a);
bool sharc_type_never_alias(const sharc_type *t);
bool sharc_attr_is_zero_int(const sharc_attr *a);
/* 64-bit words one scalar of `t` takes in raw element storage. */
unsigned sharc_type_scalar_words(const sharc_type *t);
/* The first part of `loc` of `kind` (`loc` itself, or inside a name, a
 * fused location's parts in order, a call site's callee and, with
 * `callers`, then its caller), or NULL. */
const sharc_attr *sharc_loc_find_kind(const sharc_attr *loc, sharc_attr_kind kind, bool callers);
sharc_attr *sharc_loc_file_range_same_line(sharc_context *ctx, sharc_ident *file, unsigned line,
                                           unsigned col, unsigned end_col);
sharc_attr *sharc_attr_distinct(sharc_context *ctx, uint64_t id, sharc_attr *ref);

/* ---- operations -------------------------------------------------------- */
/* Four words, as MLIR's OpOperand: the operand's index is its distance
 * from the start of its owner's operand array (sharc_use_operand_index). */
struct sharc_use {
  sharc_value *value;
  sharc_op *owner;
  sharc_use *next;
  sharc_use **pprev;
};

enum { SHARC_VALUE_RESULT, SHARC_VALUE_ARG, SHARC_VALUE_PLACEHOLDER };

/* 24 bytes: an op's results, one or more per op, are the most numerous
 * values, so what only block arguments need (their block, a location,
 * region DCE's mark: a result's liveness is its op's) sits in
 * sharc_located_value.  A result keeps no pointer to its op: as in MLIR,
 * the results lie just before the op in one allocation, and `pos` is the
 * result's distance to the op in values (sharc_value_op_of). */
struct sharc_value {
  sharc_type *type;
  sharc_use *uses;
  /* a result: num_results - index (1 for the last result); a block
   * argument: its index; below SHARC_VALUE_MAX_INDEX + 1 */
  unsigned pos : 30;
  unsigned vkind : 2;
  unsigned print_id; /* printer scratch */
};

/* 2^30 values of an op or a block would take 32 GiB: sharc_op_create and
 * sharc_block_add_arg refuse more. */
#define SHARC_VALUE_MAX_INDEX ((1u << 30) - 1)

/* A block argument, or a parser's forward reference: a value with a
 * location of its own. */
typedef struct sharc_located_value {
  sharc_value value;
  sharc_block *block; /* a block argument's block; NULL for a placeholder */
  sharc_attr *loc;
  unsigned live_mark; /* region DCE scratch: live when equal to its run's mark */
} sharc_located_value;

/* The location slot of a block argument or placeholder (not a result). */
static inline sharc_attr **sharc_value_loc_slot(sharc_value *v) {
  return &((sharc_located_value *)(void *)v)->loc;
}

/* Region DCE's mark of a block argument (a result has none). */
static inline unsigned sharc_value_arg_mark(const sharc_value *v) {
  return ((const sharc_located_value *)(const void *)v)->live_mark;
}

static inline void sharc_value_set_arg_mark(sharc_value *v, unsigned mark) {
  ((sharc_located_value *)(void *)v)->live_mark = mark;
}

struct sharc_region {
  sharc_op *parent;
  sharc_block *first, *last;
};

typedef struct sharc_symcache sharc_symcache;

struct sharc_block {
  sharc_region *parent;
  sharc_block *prev, *next;
  sharc_op *first, *last;
  unsigned num_args, cap_args;
  sharc_value **args;
  unsigned print_id;
  bool symcache_listed;   /* in the context's list of indexed blocks */
  /* `order` matches the list (see below) */
  bool order_valid;
  bool order_listed; /* in the context's list of blocks with an array */
  sharc_symcache *symcache; /* index of the symbols in the block, or NULL */
  sharc_context *ctx;
  /* The ops in order, for walks that read positions ahead instead of
   * waiting on each op->next once the IR outgrows the cache
   * (ir/op_cursor.h): built by a walk of a block of at least
   * SHARC_ORDER_MIN_OPS ops that no visit changed, kept valid by appends,
   * dropped by any other link or unlink, which also moves order_gen (a
   * walk reading the array compares it after each visit). malloc'd, freed
   * with the context (ctx->order_blocks). */
  sharc_op **order;
  unsigned order_len, order_cap;
  unsigned order_gen;
  /* With a valid array: the position in `order` a walk using the
   * prefetch helpers last stood at (ir/prefetch.h): they step one op at a
   * time, so it finds the next op's position without a search. Without
   * one: equal to order_gen when a walk found the ops laid out in memory
   * order, so that no walk records the array again until the block
   * changes (ir/op_cursor.h). */
  unsigned order_hint;
  /* ops linked: a walk of a block below SHARC_ORDER_MIN_OPS follows the
   * links as before, at no cost beyond one comparison */
  unsigned num_ops;
};

/* Frees the blocks' arrays of their ops (ops.c), at context destruction. */
void sharc_block_order_free_all(sharc_context *ctx);

/* Upkeep of a block's symbol index (symbols.c), called by the IR's link,
 * unlink and attribute primitives when the block has one. */
void sharc_symcache_note_insert(sharc_block *b, sharc_op *op);
void sharc_symcache_note_remove(sharc_block *b, sharc_op *op);
void sharc_symcache_note_rename(sharc_op *op, const sharc_attr *old_attrs);
void sharc_symcache_free_all(sharc_context *ctx);

/* Counts every change to IR (ops linked, unlinked or edited, uses moved,
 * types and block arguments changed): equal counts, unchanged IR. */
uint64_t sharc_context_ir_epoch(const sharc_context *ctx);
/* Whether an op of a definition with any of the `trait` bits was ever
 * created in `ctx` (false: no such op exists, none needs looking for). */
bool sharc_context_created_trait(const sharc_context *ctx, unsigned trait);
/* Whether an op of definition `def` may exist in `ctx` (false: none was
 * ever created, so a walk for them has nothing to visit). */
bool sharc_context_may_hold_def(const sharc_context *ctx, const sharc_op_def *def);
/* How many ops created in `ctx` are symbol tables, or unregistered ones
 * with one region (which might be), erased ones included. */
unsigned sharc_context_table_like_ops(const sharc_context *ctx);
/* Whether, in verified IR, every symbol sits directly in the one symbol
 * table ever made: a symbol's parent is a symbol table or an unregistered
 * op, and there is one table-like op and no unregistered op. Walks that
 * look for symbols (callables, functions) then enter no other op's regions. */
bool sharc_context_symbols_in_one_table(const sharc_context *ctx);
/* Every change to attached IR goes through these: they bump the IR epoch
 * and note what needs verifying again (see sharc_verify_changed). */
void sharc_ir_touch_op(sharc_op *op);
void sharc_ir_touch_block(sharc_block *b);
void sharc_ir_touch_region(sharc_context *ctx, sharc_region *r);

/* 64 bytes, one cache line, MLIR's Operation with trailing objects: one
 * arena allocation holds
 *   [properties slot][results] op [regions][extra][successors][operands]
 * so the results, regions, successors and inline operands are found from
 * the op's address and counts (sharc_op_results_of, _regions_of,
 * _successors_of, _operands_of) and an op pays for no pointer to them.
 * What few ops have sits in the trailing `extra` word, present only for an
 * op with successors or a properties slot (has_extra): the successor count
 * and whether the properties slot exists. The properties slot exists only
 * for an unregistered op written with `<{...}>` (sharc_op_props_of).
 * What walks and visits read comes first: the link a walk follows, the
 * name and the counts that find the results and regions in the first 24
 * bytes; what only backward walks, unlinking and diagnostics read (prev,
 * the location) is last. */
struct sharc_op {
  sharc_op *next;
  /* the name, which holds the context and the definition
   * (sharc_op_ctx_of, sharc_op_def_of) */
  sharc_ident *name;
  /* 2^28 regions would be 6 GiB of region records: sharc_op_create
   * refuses more (SHARC_OP_MAX_REGIONS) */
  unsigned num_regions : 28;
  /* the op, or something it holds or reads, changed since
   * ctx->verify_root was last verified (verify_marks.c) */
  unsigned verify_dirty : 1;
  /* with verify_dirty: all that changed is discardable attributes of the
   * op that its own verifier does not read, so only their dialect hooks
   * run (verify_marks.c); without it: the op moved with its block, only
   * what a move may change is checked (verify_marks.c's marked_moved) */
  unsigned verify_attrs_only : 1;
  unsigned operands_grown : 1; /* operands moved out of line */
  unsigned has_extra : 1;      /* the extra word exists (sharc_op_extra) */
  /* below SHARC_VALUE_MAX_INDEX + 1 (sharc_op_create) */
  unsigned num_results : 30;
  unsigned erased : 1;
  /* on the greedy driver's worklist (an op is on one driver's worklist at
   * a time; rewrite/greedy.c) */
  unsigned on_worklist : 1;
  sharc_block *block;
  sharc_attr *attrs; /* dictionary */
  /* the operands: inline after the successors, or with operands_grown a
   * grown array whose capacity sits in the word before it and whose
   * address sits in the inline area's first word (sharc_op_operands_of) */
  unsigned num_operands;
  /* scratch stamp (sharc_context_fresh_mark): live in a region DCE run,
   * passed by the verifier's dominance walk, when equal to its mark */
  unsigned live_mark;
  sharc_op *prev;
  /* the location (sharc_op_loc): an attribute, or with the low bit set a
   * point file:line:col packed by sharc_op_set_point_loc, made into its
   * attribute only when someone asks (a parsed op's own position, which
   * nothing reads unless a diagnostic or debug output needs it, costs no
   * memory beyond this word) */
  uintptr_t loc_word;
};

/* The trailing word of an op with successors or a properties slot. */
typedef struct sharc_op_extra {
  /* 2^27 successors would be 1 GiB of block pointers: sharc_op_create
   * refuses more (SHARC_OP_MAX_SUCCESSORS) */
  unsigned num_successors;
  unsigned has_props; /* the properties slot exists */
} sharc_op_extra;

#define SHARC_OP_MAX_SUCCESSORS ((1u << 27) - 1)
#define SHARC_OP_MAX_REGIONS ((1u << 28) - 1)

/* The op's scratch stamp (marks from sharc_context_fresh_mark). */
static inline unsigned sharc_op_mark(const sharc_op *op) { return op->live_mark; }

static inline void sharc_op_set_mark(sharc_op *op, unsigned mark) { op->live_mark = mark; }

static inline sharc_context *sharc_op_ctx_of(const sharc_op *op) { return op->name->ctx; }

/* The definition of a registered op, NULL for an unregistered one. */
static inline const sharc_op_def *sharc_op_def_of(const sharc_op *op) { return op->name->op_def; }

/* The passes ask these of every op (or use) their walks reach: as calls
 * into ops.c each took the first cache miss on the op inside a function
 * of its own; inline, the miss overlaps the caller's work. Library code
 * (everything including this header) gets the inline versions by name;
 * the public functions in ops.c are defined through them. */
static inline bool sharc_op_isa_inline(const sharc_op *op, const sharc_op_def *def) {
  return sharc_op_def_of(op) == def;
}
#define sharc_op_isa(op, def) sharc_op_isa_inline(op, def)

static inline sharc_op *sharc_use_owner_inline(const sharc_use *u) { return u->owner; }
#define sharc_use_owner(u) sharc_use_owner_inline(u)

/* Sets the location without marking the op changed (the parser, and
 * passes whose location edits nothing observes). */
static inline void sharc_op_loc_store(sharc_op *op, sharc_attr *loc) {
  op->loc_word = (uintptr_t)loc;
}

/* The location if it is an attribute already, NULL for a packed point. */
static inline sharc_attr *sharc_op_loc_if_made(const sharc_op *op) {
  return op->loc_word & 1 ? NULL : (sharc_attr *)op->loc_word;
}

/* Locates `op` at file:line:col (what sharc_loc_file gives), packed into
 * the op when the numbers fit, without making the attribute. */
void sharc_op_set_point_loc(sharc_op *op, sharc_ident *file, unsigned line, unsigned col);
/* Gives a registered op without regions, successors or properties the
 * name `name` of another registered op of this context, in place: its
 * operands, results (and their uses), attributes and location stay, so a
 * conversion between ops of the same shape need not create, rewire and
 * erase. Marked for verification, and each result's uses reordered, as
 * that replacement would leave them (its uses in reverse order). False
 * (nothing done) for an op or name outside those conditions. */
bool sharc_op_rename(sharc_op *op, sharc_ident *name);

static inline sharc_value *sharc_op_results_of(const sharc_op *op) {
  return (sharc_value *)(uintptr_t)((const char *)op - (size_t)op->num_results * sizeof(sharc_value));
}

/* The op a result belongs to (`v` a result). */
static inline sharc_op *sharc_value_op_of(const sharc_value *v) {
  return (sharc_op *)(uintptr_t)(v + v->pos);
}

/* The block a block argument belongs to (`v` a block argument). */
static inline sharc_block *sharc_value_block_of(const sharc_value *v) {
  return ((const sharc_located_value *)(const void *)v)->block;
}

/* A result's index among its op's results, a block argument's among its
 * block's arguments. */
static inline unsigned sharc_value_index_of(const sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT)
    return sharc_value_op_of(v)->num_results - v->pos;
  return v->pos;
}

static inline sharc_region *sharc_op_regions_of(const sharc_op *op) {
  return (sharc_region *)(uintptr_t)(op + 1);
}

/* The extra word, after the regions (meaningful with has_extra). */
static inline sharc_op_extra *sharc_op_extra_of(const sharc_op *op) {
  return (sharc_op_extra *)(void *)(sharc_op_regions_of(op) + op->num_regions);
}

static inline unsigned sharc_op_num_successors_of(const sharc_op *op) {
  return op->has_extra ? sharc_op_extra_of(op)->num_successors : 0;
}

static inline sharc_block **sharc_op_successors_of(const sharc_op *op) {
  sharc_op_extra *extra = sharc_op_extra_of(op);
  return (sharc_block **)(void *)(op->has_extra ? extra + 1 : extra);
}

/* Where the operands sit inline: after the successors; at least a word
 * wide even for an op made without operands, so that a grown array's
 * address has a place (op_alloc). */
static inline sharc_use *sharc_op_inline_operands_of(const sharc_op *op) {
  return (sharc_use *)(void *)(sharc_op_successors_of(op) + sharc_op_num_successors_of(op));
}

/* Where a grown operand array's address sits: the inline area's first
 * word (meaningful with operands_grown). Read and written with memcpy: the
 * word held a use's value pointer before, and a store of another pointer
 * type there must not be reordered with that one's. */
static inline void *sharc_op_grown_slot_of(const sharc_op *op) {
  return sharc_op_inline_operands_of(op);
}

/* The op's operand array: inline, or the grown array the inline area
 * points to. The op keeps no pointer to it (one word less per op). */
static inline sharc_use *sharc_op_operands_of(const sharc_op *op) {
  /* most ops: nothing between the op and its operands (one test of the
   * word that holds these bits) */
  if (!op->num_regions && !op->has_extra && !op->operands_grown)
    return (sharc_use *)(uintptr_t)(op + 1);
  if (!op->operands_grown)
    return sharc_op_inline_operands_of(op);
  sharc_use *grown;
  memcpy(&grown, sharc_op_grown_slot_of(op), sizeof grown);
  return grown;
}

/* An unregistered op's `<{...}>` properties, or NULL. */
static inline sharc_attr *sharc_op_props_of(const sharc_op *op) {
  if (!op->has_extra || !sharc_op_extra_of(op)->has_props)
    return NULL;
  return ((sharc_attr *const *)(const void *)sharc_op_results_of(op))[-1];
}

/* ---- dialects and op definitions --------------------------------------- */
enum sharc_op_trait {
  SHARC_TRAIT_ISOLATED = 1u << 0,      /* IsolatedFromAbove */
  SHARC_TRAIT_TERMINATOR = 1u << 1,
  SHARC_TRAIT_SINGLE_BLOCK = 1u << 2,
  SHARC_TRAIT_NO_TERMINATOR = 1u << 3,
  SHARC_TRAIT_SYMBOL_TABLE = 1u << 4,
  SHARC_TRAIT_SYMBOL = 1u << 5,
  SHARC_TRAIT_GRAPH_REGION = 1u << 6,  /* RegionKindInterface: graph */
  SHARC_TRAIT_PURE = 1u << 7,
  SHARC_TRAIT_ELEMENTWISE = 1u << 8,
  SHARC_TRAIT_COMMUTATIVE = 1u << 9,
  SHARC_TRAIT_CONSTANT_LIKE = 1u << 10,
  SHARC_TRAIT_RETURN_LIKE = 1u << 11,
  /* counts checked before an op's own verifier, which may rely on them */
  SHARC_TRAIT_ZERO_OPERANDS = 1u << 12,
  SHARC_TRAIT_ZERO_RESULTS = 1u << 13,
  SHARC_TRAIT_ZERO_REGIONS = 1u << 14,
  SHARC_TRAIT_ONE_REGION = 1u << 15,
  /* RecursiveMemoryEffects: the op's effects are those of the ops it holds */
  SHARC_TRAIT_RECURSIVE_EFFECTS = 1u << 16,
  /* CallOpInterface: a `callee` symbol reference, the operands are the
   * arguments */
  SHARC_TRAIT_CALL = 1u << 17,
  /* CallableOpInterface: region 0 is the body */
  SHARC_TRAIT_CALLABLE = 1u << 18,
  /* OneResult, checked with the counts above */
  SHARC_TRAIT_ONE_RESULT = 1u << 19,
  /* the op's own checks (verify, verify_regions, the symbol checks) read
   * of its regions only their blocks and the entry block's arguments, no
   * op in them (func.func): a change to a nested op marks it only to be
   * walked (ir/verify_marks.c) */
  SHARC_TRAIT_BODY_UNREAD = 1u << 20,
};

/* Names an SSA value for the printer (the interface hooks below call it). */
typedef void (*sharc_set_name_fn)(void *state, const sharc_value *v, const char *name);

/* What an op's fold hook (MLIR's OpFoldResult list) gives back: for each
 * result a value to use instead, or an attribute for a constant. */
typedef struct sharc_fold_result {
  sharc_value *value;
  sharc_attr *attr;
} sharc_fold_result;

typedef enum sharc_fold_status {
  SHARC_FOLD_NONE,     /* did not fold */
  SHARC_FOLD_RESULTS,  /* one sharc_fold_result per op result */
  SHARC_FOLD_IN_PLACE, /* the op was updated in place */
} sharc_fold_status;

struct sharc_op_def {
  const char *name;          /* full name, "func.func" */
  unsigned traits;
  const char *const *inherent; /* NULL-terminated names printed as properties */
  const char *default_dialect; /* dialect whose prefix may be elided in this op's regions */
  /* Custom assembly; NULL means only the generic form. */
  bool (*parse)(sharc_parser *p, sharc_op_builder *b);
  void (*print)(sharc_printer *p, sharc_op *op);
  /* The generic form's inherent attributes as MLIR turns them into
   * properties while parsing: constraints checked (an error at the op's
   * name) and ODS defaults filled in; NULL: taken as written. */
  bool (*generic_props)(sharc_parser *p, sharc_op_builder *b);
  bool (*verify)(sharc_op *op);
  bool (*verify_regions)(sharc_op *op); /* after nested ops are verified */
  /* SymbolUserOpInterface::verifySymbolUses: run by the enclosing symbol
   * table once everything in it has verified, in MLIR's walk order. */
  bool (*verify_symbol_uses)(sharc_op *op);
  /* Canonicalization patterns, rooted at this op (their `root` is ignored),
   * ended by an entry with a NULL `rewrite`; NULL: none. */
  const sharc_pattern *patterns;
  /* MLIR's fold(): `results` has room for one entry per op result. */
  sharc_fold_status (*fold)(sharc_op *op, sharc_fold_result *results);
  /* OpAsmOpInterface: names the custom printer gives to results
   * (getAsmResultNames) and to entry block arguments of a region
   * (getAsmBlockArgumentNames), through `set`; NULL: numbered. */
  void (*result_names)(const sharc_op *op, sharc_set_name_fn set, void *state);
  void (*block_arg_names)(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                          void *state);
  /* MemoryEffectOpInterface decided per op (stablehlo.custom_call has
   * effects only with has_side_effect): true when the op has none; NULL:
   * the traits decide. */
  bool (*effect_free)(const sharc_op *op);
  /* Interface slots filled by later stages. */
  const void *sharding_rule;   /* ShardingRuleOpInterface */
  const void *data_flow;       /* ShardableDataFlowOpInterface */
  const sharc_dialect *dialect;
  /* Discardable attributes of other dialects that its verifier reads on
   * itself and on producing ops of its kind (Shardy's mpmd.transfer reads
   * mhlo.memory_kind): a change to one on such an op verifies it and the
   * users of its results again, where other dialects' discardable
   * attributes mark only their hooks (ir/verify_marks.c). NULL-terminated;
   * NULL: none. */
  const char *const *reads_discardable;
};

/* The attributes and types an attribute or a type holds (MLIR's immediate
 * sub-elements), reported by the walk hooks below and by
 * sharc_attr_walk_immediate: passes that look for symbol references, or
 * anything else, inside dialect attributes go through these. */
typedef struct sharc_subelement_fns {
  void (*attr)(sharc_attr *sub, void *user); /* may be NULL */
  void (*type)(sharc_type *sub, void *user); /* may be NULL */
  void *user;
} sharc_subelement_fns;

struct sharc_type_def {
  const char *name;          /* mnemonic, "token" */
  const sharc_dialect *dialect;
  void (*print)(sharc_printer *p, const sharc_type *t);
  /* Whether the printer may alias something inside; NULL: assume yes. */
  bool (*may_alias)(const sharc_type *t);
  /* ShapedTypeInterface: the ranked tensor whose shape and element type the
   * type reports (sharc_type_is_shaped, _rank, _shape, _element); NULL when
   * the type is not shaped. */
  sharc_type *(*shaped_as)(const sharc_type *t);
  /* Reports the attributes and types among the parameters; NULL: none. */
  void (*walk)(const sharc_type *t, const sharc_subelement_fns *fns);
};

struct sharc_attr_def {
  const char *name;          /* mnemonic; NULL: printed `#dialect<...>` by the hook */
  const sharc_dialect *dialect;
  void (*print)(sharc_printer *p, const sharc_attr *a);
  const char *alias;         /* alias prefix the printer uses, or NULL */
  /* Whether the printer may alias something inside; NULL: assume yes. */
  bool (*may_alias)(const sharc_attr *a);
  /* Reports the attributes and types among the parameters; NULL: none. */
  void (*walk)(const sharc_attr *a, const sharc_subelement_fns *fns);
};

struct sharc_token;

struct sharc_dialect {
  const char *name;
  const sharc_op_def *const *ops;
  unsigned num_ops;
  /* Parse the body after `!dialect.` / `#dialect.`; NULL when not supported. */
  sharc_type *(*parse_type)(sharc_parser *p, sharc_str mnemonic);
  sharc_attr *(*parse_attr)(sharc_parser *p, sharc_str mnemonic, sharc_type *type);
  /* Verify a discardable attribute `dialect.x` attached to an op. Of the
   * op's discardable attributes it reads `attr` only (as Shardy's hooks):
   * an incremental verification runs it again only for the names that
   * changed on the op (ir/verify_marks.c). Besides, it reads the op's
   * name, operand and result types, its ancestors and the symbols they
   * hold, and other ops only where attr_reads_other_ops says so (the
   * verifier remembers ops alike, asm/verify.c's dict_hooks_key). */
  bool (*verify_op_attr)(sharc_op *op, const sharc_named_attr *attr);
  /* Whether verify_op_attr of the discardable attribute `name` reads
   * other ops' attributes of this dialect (then a change to those marks
   * the op for verification); NULL: any might. */
  bool (*attr_reads_other_ops)(const sharc_ident *name);
  /* Its ops' verifiers read none of its discardable `dialect.x`
   * attributes, on themselves or on other ops (mpmd's use and source sets
   * are the passes' notes): a change to one marks its ops as it marks
   * other dialects' (ir/verify_marks.c). */
  bool ops_ignore_discardable;
  /* Whether the verify and verify_regions hooks of `def`, one of its ops,
   * read nothing outside the op but its operands' types and producers:
   * not its parent, ancestors, symbols or other ops. An op of such a
   * definition moved with its block into another region is not checked
   * again by them (asm/verify.c's moved_checks_local); NULL: any may. */
  bool (*op_checks_local)(const sharc_op_def *def);
  /* Verify an attribute attached to a function argument/result. It reads
   * `attr`, the function's type at `index` and the function's surroundings
   * (the symbols around it), `index` otherwise only in its messages: the
   * verifier checks an entry whose dictionary and type are its
   * predecessor's, which passed, no further (asm/verify.c). */
  bool (*verify_arg_attr)(sharc_op *op, unsigned index, bool is_result,
                          const sharc_named_attr *attr);
  /* MLIR's materializeConstant: a constant-like op of this dialect for
   * `value` of `type`, created through `rw`, or NULL. */
  sharc_op *(*materialize_constant)(sharc_rewriter *rw, sharc_attr *value, sharc_type *type,
                                    sharc_attr *loc);
  /* VerifiableTensorEncoding::verifyEncoding of this dialect's attribute
   * `encoding` on a ranked tensor being parsed; the error goes at `at`. */
  bool (*verify_encoding)(sharc_parser *p, const struct sharc_token *at, const sharc_attr *encoding,
                          const int64_t *shape, unsigned rank, sharc_type *elem);
  /* MLIR bytecode encodings of the dialect's attributes, types and op
   * properties (asm/bytecode.h); NULL: written as text. */
  const struct sharc_bytecode_dialect *bytecode;
};

const sharc_op_def *sharc_context_lookup_op(const sharc_context *ctx, sharc_str name);
/* The same for an identifier of `ctx`, remembered in it once found (a
 * registered op stays registered). */
const sharc_op_def *sharc_context_lookup_op_ident(sharc_ident *name);
/* The loaded dialect named by the prefix of a `dialect.name` attribute name. */
const sharc_dialect *sharc_attr_name_dialect(const sharc_context *ctx, const sharc_ident *name);
void sharc_context_register_dialect(sharc_context *ctx, const sharc_dialect *d);
/* sharc_context_dialect, but NULL for a dialect loaded that the context's
 * registry (sharc_context_set_registry) leaves out: the parser reads its
 * attributes and types as opaque ones, as MLIR's does. */
const sharc_dialect *sharc_context_registered_dialect(const sharc_context *ctx, sharc_str name);
/* The loaded dialects, in load order. */
unsigned sharc_context_num_dialects(const sharc_context *ctx);
const sharc_dialect *sharc_context_dialect_at(const sharc_context *ctx, unsigned i);
sharc_arena *sharc_context_arena(sharc_context *ctx);
/* Inline for the same reason as sharc_op_isa above (needs the complete
 * sharc_op_def, so it lives here). */
static inline bool sharc_op_has_trait(const sharc_op *op, unsigned trait) {
  const sharc_op_def *def = sharc_op_def_of(op);
  return def && (def->traits & trait) == trait;
}
bool sharc_op_def_is_inherent(const sharc_op_def *def, const sharc_ident *name);
/* Whether an attribute implements MLIR's TypedAttrInterface. */
bool sharc_attr_is_typed(const sharc_attr *a);
sharc_diag *sharc_emit_v(sharc_context *ctx, sharc_severity sev, const sharc_attr *loc,
                         const char *fmt, va_list ap);
/* "error", "warning", "note" or "remark", as a diagnostic line says it. */
const char *sharc_severity_name(sharc_severity s);
/* MLIR's ParallelDiagnosticHandler around a multithreaded section: the
 * diagnostics delivered meanwhile (to the handler set at the outermost
 * begin) are held and handed on, in the order they came, when the
 * outermost section ends. Sections nest. */
void sharc_diag_defer_begin(sharc_context *ctx);
void sharc_diag_defer_end(sharc_context *ctx);


/* ---- looking inside attributes and types (attr_walk.c) ------------------ */
/* The immediate sub-elements: elements of arrays, values of dictionaries,
 * the type of a typed attribute, a type attribute's type, the parts of a
 * location, a distinct attribute's referent, dialect parameters through
 * their def's hook. A symbol reference is a leaf. NULLs are not reported. */
void sharc_attr_walk_immediate(const sharc_attr *a, const sharc_subelement_fns *fns);
/* Element types, encodings, layouts and memory spaces, tuple and function
 * types' members, dialect parameters through their def's hook. */
void sharc_type_walk_immediate(const sharc_type *t, const sharc_subelement_fns *fns);
/* Visits `a` and every attribute nested in it, through types too, pre-order
 * (MLIR's Attribute::walk): SHARC_WALK_SKIP does not enter the visited
 * attribute, SHARC_WALK_INTERRUPT stops the walk and is returned. Shared
 * sub-trees are visited once per occurrence. */
typedef sharc_walk_result (*sharc_attr_visit_fn)(sharc_attr *a, void *user);
sharc_walk_result sharc_attr_walk(sharc_attr *a, sharc_attr_visit_fn fn, void *user);

/* Builtin dialect tables. */
extern const sharc_dialect sharc_builtin_dialect;
extern const sharc_op_def sharc_builtin_module_def;          /* builtin.module */
extern const sharc_op_def sharc_builtin_unrealized_cast_def; /* builtin.unrealized_conversion_cast */
extern const sharc_dialect sharc_func_dialect;
extern const sharc_dialect sharc_stablehlo_dialect;
extern const sharc_dialect sharc_sdy_dialect;
extern const sharc_dialect sharc_mpmd_dialect;
extern const sharc_dialect sharc_quant_dialect;
extern const sharc_dialect sharc_arith_dialect;
extern const sharc_dialect sharc_tensor_dialect;
extern const sharc_dialect sharc_complex_dialect;
extern const sharc_dialect sharc_check_dialect;
extern const sharc_dialect sharc_chlo_dialect;
extern const sharc_dialect sharc_interpreter_dialect;
extern const sharc_dialect sharc_vhlo_dialect;
extern const sharc_dialect sharc_mhlo_dialect;
extern const sharc_dialect sharc_shape_dialect;
extern const sharc_dialect sharc_sparse_tensor_dialect;
extern const sharc_dialect sharc_llvm_dialect;

#endif

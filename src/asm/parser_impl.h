/* Parser state shared by the parser's files (ops, types, attributes). */
#ifndef SHARC_ASM_PARSER_IMPL_H
#define SHARC_ASM_PARSER_IMPL_H

#include "asm/parser.h"
#include "asm/verify_internal.h"
#include "ir/context.h"
#include "support/ptrmap.h"
#include "support/short_key.h"

#include <stdio.h>

enum { SHARC_INT_WORDS = 32, SHARC_MAX_NESTING = 1000, SHARC_MAX_DIALECT_STACK = 1024 };

/* A name bound in the current SSA scope (or only used so far: forward). */
typedef struct val_entry {
  sharc_p_name *name;
  sharc_value **vals;
  unsigned count;
  bool forward;
  struct region_scope *owner; /* the scope whose end unbinds it */
  sharc_token tok;
  struct val_entry *shadowed; /* also links the free list */
  sharc_value *single;        /* storage for the common one-value case */
} val_entry;

/* A value or block name as written, interned in a table of the parser's
 * own: the names of a file are few and reused by every function, and the
 * record holds the name's innermost binding, so resolving `%x` is one probe
 * of a small table (the context's identifiers would keep every name for
 * good, and a second map would be needed from the name to its binding). */
struct sharc_p_name {
  uint32_t hash, len;
  union {
    val_entry *top;   /* a value or block name's innermost binding, or NULL */
    sharc_type *type; /* a shaped type's text: the type, once parsed */
    sharc_attr *attr; /* a dialect attribute body's text: the attribute, once parsed */
    struct p_op_name *op; /* a quoted op name: what it resolved to, or NULL */
  };
  char data[]; /* NUL-terminated */
};

/* One slot of a name table: the name's hash and length beside it, so that
 * a probe reads one cache line and the name's own only on a likely match. */
typedef struct p_name_slot {
  uint32_t hash, len; /* hash 0: empty slot */
  sharc_p_name *name;
} p_name_slot;

enum { P_RUN_PREFIX_MAX = 7, P_NAME_RUNS = 16 };

/* The `<prefix><N>` names of one prefix (`%`, `%v`, `%arg`, `^bb`) found by
 * N, in front of the hash table: a long function's numbered values would
 * otherwise each cost a probe of a table too large for the cache, where
 * N-indexed slots are written in order and recent values' are still warm. */
typedef struct p_name_run {
  sharc_p_name **by_number;
  size_t cap;
  long hashed_max; /* largest N put in the hash table (out of the index's reach), or -1 */
} p_name_run;

typedef struct p_name_table {
  p_name_slot *slots;
  size_t cap, count;
  /* runs in order of their prefix's first sight (a later prefix uses the
   * hash table); run_keys[i]: run i's prefix packed into a word, so that
   * finding a run reads one cache line and calls nothing */
  uint64_t run_keys[P_NAME_RUNS];
  p_name_run runs[P_NAME_RUNS];
  unsigned num_runs, last_run; /* last_run: the latest prefix found, tried first */
  size_t numbered_count;       /* names held by the runs only */
} p_name_table;

/* A quoted op name as written, resolved: generic modules repeat a few
 * names, and each costs an unescape, an identifier lookup and an op lookup
 * (a failed one for every unregistered op) otherwise. `num_dialects` is
 * the context's when it was resolved: a dialect loaded since may define
 * the op. */
typedef struct p_op_name {
  sharc_ident *ident;
  const sharc_op_def *def;
  unsigned num_dialects;
} p_op_name;

/* A `loc(#name)` whose alias is defined later in the file (MLIR prints
 * location aliases after the module); resolved when the file is read. */
typedef struct deferred_loc {
  sharc_attr *placeholder;
  sharc_ident *name;
  sharc_token tok;
} deferred_loc;

typedef struct block_entry {
  sharc_block *block;
  sharc_token tok;
  bool defined;
} block_entry;

typedef struct region_scope {
  struct region_scope *parent;
  bool isolated;
  bool owns_region_scratch; /* isolated, and region_scratch was empty when it began */
  sharc_ptrvec defined;  /* val_entry* to unbind when the region ends */
  sharc_ptrvec blocks;   /* block_entry* in order of first mention */
  sharc_ptrmap block_map;
} region_scope;

/* sharc_builder_set_attr's answer for one name (see builder_attr_name). */
typedef struct p_cstr_ident {
  const char *text;
  sharc_ident *id;
} p_cstr_ident;

enum { SHARC_P_CSTR_IDENT_BITS = 7, SHARC_P_CSTR_IDENTS = 1 << SHARC_P_CSTR_IDENT_BITS };

/* One slot of a word cache: a short word's text as four words (see
 * support/short_key.h) and what it stands for (NULL: empty). */
typedef struct p_word_slot {
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  size_t len;
  void *value;
} p_word_slot;

/* The parser's word caches (see sharc_parser.words). */
typedef enum p_word_cache {
  P_WORDS_ATTR_NAMES,   /* an attribute dictionary's key -> its identifier */
  P_WORDS_SCALAR_TYPES, /* a scalar type's name (`i32`, `bf16`, `index`) -> the type */
  P_WORDS_OP_NAMES,     /* a quoted op name's token text -> its p_op_name */
  P_WORDS_SHAPED_TYPES, /* a shaped type's text (`tensor<8x16xf32>`) -> the type */
  P_WORD_CACHES
} p_word_cache;

/* The function types' cache (see parse_types.c): the hash of the input's
 * next bytes -> a function type's text and the type, in sets of
 * P_FUNCTION_WAYS that fill one cache line, the last met first. A module
 * has thousands of function types, met again at random: several ways a
 * set hold what the most often met need, where one way lost a type to
 * another of the same set. A larger input has more of them: one more bit
 * of sets for each doubling beyond P_FUNCTION_BYTES_A_SET input bytes a
 * set, up to P_FUNCTION_MAX_BITS. A miss goes to the name table, whose
 * slot, name and type are each a cache miss in a large module (1M
 * generic ops: 38k function types; of 998k uses, 4 ways of 256 sets
 * missed 202k, 3 ways of 8192 sets miss 47k). The type beside the text
 * is asked for as the set is read, its wait overlapping the text's (it
 * came from the text's record once the text was read: two waits in a
 * row for every generic op of a large module). */
enum {
  P_FUNCTION_WAYS = 3,
  P_FUNCTION_SET_BITS = 8,
  P_FUNCTION_MAX_BITS = 13,
  P_FUNCTION_BYTES_A_SET = 16384
};

typedef struct p_function_set {
  uint32_t tag[P_FUNCTION_WAYS];       /* the key's low half (its high bits pick the set) */
  sharc_p_name *name[P_FUNCTION_WAYS]; /* NULL: an empty way */
  sharc_type *type[P_FUNCTION_WAYS];   /* the type name's text stands for */
} p_function_set;

/* Caches of literal attributes by their text (see literal_slot in
 * parse_attrs.c): a module repeats a few hundred strings and small numbers
 * at random, and each lookup in the context's attribute table (tens of
 * megabytes in a large module) costs a cache miss. More slots than the
 * word caches, allocated apart, and only once a parser has met
 * P_LITERALS_AFTER literals (the bytecode reader makes a parser for each
 * attribute's text). */
typedef enum p_literal_cache {
  P_LITERALS_STRINGS, /* a string token's text -> its string attribute (no type) */
  /* a shaped type's text -> the type, behind the word cache's few sets
   * (a 100k generic module has 112 shaped types: 14k uses missed those
   * and went to the name table) */
  P_LITERALS_SHAPED_TYPES,
  P_LITERAL_CACHES
} p_literal_cache;

/* Each cache takes 2^P_LITERAL_SLOT_BITS slots, and one more bit for each
 * doubling of the input beyond P_LITERAL_BYTES_A_SLOT bytes a slot, up to
 * P_LITERAL_MAX_BITS: a large module repeats tens of thousands of
 * literals (random numbers of a narrow type, strings), each met again
 * after its attribute has left the cache; a slot hit costs one miss where
 * the attribute table's probe costs two (its slot, then the attribute's
 * key). */
enum {
  P_LITERAL_SLOT_BITS = 10,
  P_LITERAL_MAX_BITS = 14,
  P_LITERAL_BYTES_A_SLOT = 8192,
  P_LITERALS_AFTER = 1024
};

/* A slot of the literal caches (not the numbers'), alone on its cache
 * line: 48-byte slots packed one after another had straddled two lines
 * every other slot. */
typedef struct p_literal_slot {
  p_word_slot slot;
  uint64_t pad[2];
} p_literal_slot;

/* The numbers' literal cache (a number's text, sign and type -> its
 * attribute) beside the others: as many slots, but of 32 bytes, two to a
 * cache line in sets of P_NUMBER_WAYS, the last met first. Its 48-byte
 * slots had straddled two lines every other slot, so that a lookup in a
 * large module often waited on two misses; the repeated numbers are short
 * (a random i16, `2.2490e-01`), so at most P_NUMBER_TEXT_MAX bytes of text
 * are kept, as sharc_short_key's first and last words. */
enum { P_NUMBER_WAYS = 2, P_NUMBER_TEXT_MAX = 16 };

typedef struct p_number_slot {
  uint64_t w[2];     /* the text's first and last eight bytes (short_key.h) */
  uint64_t type_len; /* the type's address, the text's length and sign in its top byte */
  sharc_attr *value; /* NULL: an empty slot */
} p_number_slot;

/* 32 sets of two slots a cache (the 64 slots that were direct-mapped): a
 * module's few dozen op names, attribute names or shaped types, one slot
 * each, lost 14-20 % of their uses to another word of the same slot in a
 * 100k module. */
enum {
  P_WORD_SET_BITS = 5,
  P_WORD_WAYS = 2,
  P_WORD_SLOTS = P_WORD_WAYS << P_WORD_SET_BITS,
  P_WORD_SLOTS_ALL = P_WORD_CACHES * P_WORD_SLOTS
};

struct sharc_parser {
  sharc_context *ctx;
  sharc_lexer lx;
  sharc_token tok;
  /* the `!dialect.mnemonic` token whose dialect hook is parsing a type */
  sharc_token dialect_type_tok;
  sharc_ident *file;
  bool failed;
  /* The op whose custom parser is running, NULL inside the shared parse
   * calls: MLIR's CustomOpAsmParser puts "custom op 'NAME' " before the
   * errors the op's parser raises itself (keywords, integers, its own
   * messages), not before those of the shared parser (punctuation, types,
   * attributes, operands, regions, the lexer). */
  sharc_ident *custom_op;
  /* ops being parsed, innermost last: a custom op's serial (from 1), or 0
   * for a generic op (whose operands are resolved after its regions). A
   * forward reference a custom op's parser resolved stays with that op
   * until it is created: a definition inside the op's own regions resolves
   * its other uses, not the op's (MLIR: "use of undeclared SSA value name"
   * at that use, once the op is parsed; sharc_p_check_held). */
  SHARC_VEC(unsigned) pending_ops;
  unsigned next_custom_serial;
  bool held_resolved; /* some held forward reference was defined (sharc_p_check_held) */
  sharc_arena scratch;       /* parse-time data, freed at the end */
  /* what lives only as long as an isolated region (forward references,
   * multi-result bindings, block entries): freed when the outermost
   * isolated region that began with it empty ends, so that the parser's
   * memory at a module's end is one function's, not the module's */
  sharc_arena region_scratch;
  size_t region_scratch_peak;
  sharc_ptrmap attr_aliases; /* ident -> attr */
  sharc_ptrmap type_aliases; /* ident -> type */
  p_name_table type_texts;   /* a shaped or function type's exact text -> the type */
  p_name_table attr_texts;   /* a dialect attribute body's exact text -> the attribute */
  sharc_ptrvec deferred_locs; /* deferred_loc*: `loc(#alias)` used before its definition */
  p_name_table names;        /* value and block names; each holds its binding */
  p_name_table op_names;     /* a quoted op name's token text -> p_op_name */
  region_scope *scope;
  val_entry *free_entries;   /* entries of finished regions, for reuse */
  unsigned depth;            /* nesting of regions/attributes/types */
  /* Deepest nesting reached in the current alias definition, counting the
   * nesting that the aliases it uses stand for: an alias adds its own depth
   * where it is used, so chains of aliases obey the same limit. */
  unsigned max_depth;
  sharc_ptrmap alias_depths; /* aliased attr or type -> its nesting depth + 1 */
  bool in_type_text;         /* parsing a shaped type found by its text */
  bool in_function_text;     /* parsing a function type found by its text */
  bool in_alias_def;         /* parsing the value of an alias definition */
  const char *dialect_stack[SHARC_MAX_DIALECT_STACK];
  unsigned dialect_depth;
  unsigned module_line, module_col; /* location of an implicit module */
  /* the functions of the module being parsed, verified as each ends; the
   * next region begun is a top-level module's body (asm/verify.c) */
  sharc_hot_verify hot;
  bool hot_next_region;
  /* printing ahead (NULL: not asked): each op of the hot block is handed
   * to it once verified; hot_plain says the block's module prints as
   * `module {`, next_module_plain that of the module whose body comes next */
  sharc_print_ahead *ahead;
  bool hot_plain, next_module_plain;
  /* a forward reference left an isolated region open (sharc_p_pop_scope):
   * its placeholder stays in that body, which no verifier may meet before
   * the parse ends */
  bool carried_forward;
  bool attrs_expected; /* the attribute table was sized (expect_attrs) */
  unsigned first_line;
  const char *first_line_start;
  /* the identifiers of the attribute names custom parsers set by C string
   * (string literals: the same few pointers, op after op) */
  p_cstr_ident cstr_idents[SHARC_P_CSTR_IDENTS];
  /* Two-way caches of short words met op after op (p_word_cache),
   * P_WORD_SLOTS_ALL slots in all; allocated when first used (a parser made for
   * one type's text needs none). A hit is four word compares where the
   * identifier table or the parser's name table (a hash, a probe, a
   * memcmp call), or a type name's parse and uniquing, cost several times
   * more. */
  p_word_slot *words;
  /* P_LITERAL_CACHES caches (p_literal_cache), or NULL, and the numbers'
   * cache, allocated with them; each aligned to a cache line inside its
   * _mem */
  p_literal_slot *literals;
  void *literals_mem;
  p_number_slot *numbers;
  void *numbers_mem;
  /* the function types' cache, 1 << function_bits sets aligned to a
   * cache line inside function_mem; allocated when first used */
  p_function_set *function_sets;
  void *function_mem;
  unsigned function_bits; /* log2 of the function types' sets, once allocated */
  unsigned literals_met; /* literals parsed while `literals` is NULL */
  unsigned literal_bits; /* log2 of each literal cache's slots, once allocated */
};

p_word_slot *sharc_p_word_caches(sharc_parser *p);
/* `lines` zeroed cache lines, aligned to a line, in a block whose address
 * goes to `*mem` (to free). */
void *sharc_p_calloc_lines(size_t lines, void **mem);
p_function_set *sharc_p_function_sets(sharc_parser *p);
/* The literal caches, allocated once the parser has met enough literals
 * for them to pay; NULL before (parse_attrs.c). */
p_literal_slot *sharc_p_literal_caches(sharc_parser *p);

/* The index, below 2^bits, of the key `w` of length `len` in a word cache. */
static inline size_t sharc_p_word_index(size_t len, const uint64_t w[SHARC_SHORT_KEY_WORDS],
                                        unsigned bits) {
  const uint64_t mul = 0x9e3779b97f4a7c15u;
  uint64_t h = ((w[0] ^ w[1] * mul) * mul ^ w[2] ^ w[3] * mul ^ len) * mul;
  return (size_t)(h >> (64 - bits));
}

/* The set (its first slot) of word cache `which` for the key `w` of
 * length `len`. */
static inline p_word_slot *sharc_p_word_slot_keyed(sharc_parser *p, p_word_cache which,
                                                   size_t len,
                                                   const uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  p_word_slot *slots = p->words ? p->words : sharc_p_word_caches(p);
  return &slots[(size_t)which * P_WORD_SLOTS +
                P_WORD_WAYS * sharc_p_word_index(len, w, P_WORD_SET_BITS)];
}

/* The set (its first slot) of word cache `which` for the word `s`, its key
 * in `w`; NULL when the word is too long (or empty) to be cached. Read it
 * with sharc_p_word_find, fill it with sharc_p_word_push. */
static inline p_word_slot *sharc_p_word_slot(sharc_parser *p, p_word_cache which, sharc_str s,
                                             uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  if (!sharc_short_key(s.data, s.len, w))
    return NULL;
  return sharc_p_word_slot_keyed(p, which, s.len, w);
}

/* What the slot holds for the word of length `len` keyed `w`, or NULL. */
static inline void *sharc_p_word_value(const p_word_slot *slot, size_t len,
                                       const uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  if (slot->len != len || slot->w[0] != w[0] || slot->w[1] != w[1] || slot->w[2] != w[2] ||
      slot->w[3] != w[3])
    return NULL;
  return slot->value;
}

/* The slot of literal cache `which` for the key `w` of length `len`, or
 * NULL while the parser has met too few literals for the caches to pay.
 * Inline: every number and string literal asks (parse_attrs.c, and
 * parse_types.c for shaped types). */
static inline p_word_slot *sharc_p_literal_slot(sharc_parser *p, p_literal_cache which, size_t len,
                                                const uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  p_literal_slot *caches = p->literals ? p->literals : sharc_p_literal_caches(p);
  if (!caches)
    return NULL;
  return &caches[((size_t)which << p->literal_bits) + sharc_p_word_index(len, w, p->literal_bits)]
              .slot;
}

/* Stores `value` for the word of length `len` keyed `w` in `slot`. */
static inline void sharc_p_word_put(p_word_slot *slot, size_t len,
                                    const uint64_t w[SHARC_SHORT_KEY_WORDS], void *value) {
  memcpy(slot->w, w, sizeof slot->w);
  slot->len = len;
  slot->value = value;
}

/* What a word cache's set holds for the word of length `len` keyed `w`,
 * or NULL; a word found second becomes first. */
static inline void *sharc_p_word_find(p_word_slot *set, size_t len,
                                      const uint64_t w[SHARC_SHORT_KEY_WORDS]) {
  void *value = sharc_p_word_value(&set[0], len, w);
  if (value || !(value = sharc_p_word_value(&set[1], len, w)))
    return value;
  p_word_slot first = set[0];
  set[0] = set[1];
  set[1] = first;
  return value;
}

/* Stores `value` for the word of length `len` keyed `w` first in a word
 * cache's set, the word that was first second (unless it is this word). */
static inline void sharc_p_word_push(p_word_slot *set, size_t len,
                                     const uint64_t w[SHARC_SHORT_KEY_WORDS], void *value) {
  if (set[0].len != len || memcmp(set[0].w, w, sizeof set[0].w) != 0)
    set[1] = set[0];
  sharc_p_word_put(&set[0], len, w, value);
}

/* Entering a shared parse call from an op's custom parser: its errors carry
 * no "custom op 'NAME' " prefix (see custom_op). The caller passes what
 * this returns to sharc_p_restore_custom_op with the call's result:
 *   sharc_ident *saved = sharc_p_hide_custom_op(p);
 *   return sharc_p_restore_custom_op(p, saved, parse_thing(p)); */
static inline sharc_ident *sharc_p_hide_custom_op(sharc_parser *p) {
  sharc_ident *saved = p->custom_op;
  p->custom_op = NULL;
  return saved;
}

static inline bool sharc_p_restore_custom_op(sharc_parser *p, sharc_ident *saved, bool result) {
  p->custom_op = saved;
  return result;
}

/* sharc_p_eat with its test inline: the shared parser's loops (a list's
 * `,`, its closing bracket, a literal's `-`) ask it of nearly every token,
 * and most answers are no. */
static inline bool sharc_p_eat_inline(sharc_parser *p, char c) {
  if (!sharc_tok_is(&p->tok, c))
    return false;
  sharc_p_next(p);
  return true;
}

sharc_str sharc_p_unescape(sharc_parser *p, const sharc_token *t);
bool sharc_p_int_magnitude(const sharc_token *t, uint64_t *words, unsigned *nwords);
/* Token::getUInt64IntegerValue: an integer token's value when it fits 64
 * bits (hex too); false for anything else. */
bool sharc_p_tok_u64(const sharc_token *t, uint64_t *out);
/* Whether an identifier is spelt as an integer type (`i32`, `si8`), which
 * MLIR's lexer makes a token of its own. */
bool sharc_p_is_int_type_name(sharc_str s);
/* The error of a nesting past SHARC_MAX_NESTING; false. */
bool sharc_p_too_deep(sharc_parser *p);
/* One level deeper into regions, attributes or types (false, with the
 * error, past the limit), and back out: inline, as every attribute value
 * and dictionary passes through both. */
static inline bool sharc_p_enter(sharc_parser *p) {
  if (++p->depth > SHARC_MAX_NESTING)
    return sharc_p_too_deep(p);
  if (p->depth > p->max_depth)
    p->max_depth = p->depth;
  return true;
}
static inline void sharc_p_leave(sharc_parser *p) { p->depth--; }
/* Accounts for an alias used at the current depth; false (with a located
 * error at `at`) when what it stands for would nest too deep. */
bool sharc_p_use_alias(sharc_parser *p, const void *aliased, const sharc_token *at);
bool sharc_p_parse_location_body(sharc_parser *p, sharc_attr **out); /* inside loc(...) */
bool sharc_p_at_type_start(const sharc_parser *p);
/* Captures a balanced `<...>` body verbatim (for opaque dialect syntax). */
bool sharc_p_capture_angle_body(sharc_parser *p, sharc_str *out);
/* The same balance check without consuming anything. */
bool sharc_p_check_angle_body(sharc_parser *p);

/* A `#...` attribute or `!...` type token read as MLIR's
 * parseExtendedAttr/Type reads it, up to the dialect's own hook. */
typedef enum {
  SHARC_P_EXT_FAILED,  /* an error was reported */
  SHARC_P_EXT_ALIAS,   /* `alias`: what the alias stands for */
  SHARC_P_EXT_HOOK,    /* `d`'s hook parses `mnemonic` next (its `<...>` is balanced) */
  SHARC_P_EXT_OPAQUE,  /* no such dialect: `body` is the opaque data */
} sharc_p_ext_kind;
typedef struct sharc_p_ext {
  sharc_token tok;
  sharc_str dialect, mnemonic, body;
  bool dotted;
  const sharc_dialect *d;
  void *alias;
} sharc_p_ext;
/* `aliases`: the attribute or type aliases; `what`: "attribute" or "type",
 * whose hook the dialect must provide. */
sharc_p_ext_kind sharc_p_read_extended(sharc_parser *p, const sharc_ptrmap *aliases,
                                       const char *what, sharc_p_ext *e);

void sharc_op_builder_cleanup(sharc_op_builder *b);
sharc_p_name *sharc_p_name_get(sharc_parser *p, p_name_table *t, sharc_str text);
void sharc_p_name_table_free(p_name_table *t);
bool sharc_p_define(sharc_parser *p, const sharc_token *tok, sharc_value **vals, unsigned count);
/* "region entry argument ... is already in use" unless `tok` names nothing yet. */
bool sharc_p_check_entry_arg_unused(sharc_parser *p, const sharc_token *tok);
/* Whether the custom op being parsed (the innermost pending op) may be
 * created with `operands`: none is a forward reference it resolved that a
 * definition in its own regions resolved since (else MLIR's error). Asked
 * only once held_resolved is set. */
bool sharc_p_check_held(sharc_parser *p, const sharc_ptrvec *operands);
void sharc_p_push_scope(sharc_parser *p, region_scope *s, bool isolated);
bool sharc_p_pop_scope(sharc_parser *p, bool check);
block_entry *sharc_p_block_ref(sharc_parser *p, const sharc_token *tok);

#endif

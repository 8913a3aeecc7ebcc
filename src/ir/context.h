/* The context record, shared by the files of src/ir. */
#ifndef SHARC_IR_CONTEXT_H
#define SHARC_IR_CONTEXT_H

#include "ir/ir_internal.h"
#include "support/arena.h"
#include "support/vec.h"

#include <pthread.h>
#include <stdatomic.h>

enum {
  SHARC_MAX_DIALECTS = 16,
  SHARC_OP_MISS_SLOTS = 64,
  SHARC_CREATED_DEF_SLOTS = 1024,
  SHARC_MAX_FACTS = 16,
  SHARC_DICT_NAME_WORDS = 16
};

/* How a diagnostic shows an op (Diagnostic::appendOp's printing flags). */
typedef enum sharc_diag_op_form {
  SHARC_DIAG_OP_GENERIC,  /* on an error: the generic form */
  SHARC_DIAG_OP_VERIFIED, /* custom form if the op's scope verifies, else generic */
  SHARC_DIAG_OP_CUSTOM,   /* custom form, verification assumed (assumeVerified) */
} sharc_diag_op_form;

/* What the bytes of the IR go to, counted under SHARC_STATS (see
 * sharc_context_destroy): where an IR gets smaller is measured, not
 * guessed. */
typedef enum sharc_stat_kind {
  SHARC_STAT_OPS,      /* op records and successor arrays */
  SHARC_STAT_OPERANDS, /* operand uses */
  SHARC_STAT_VALUES,   /* op results and block arguments */
  SHARC_STAT_BLOCKS,   /* regions, blocks and their argument arrays */
  SHARC_STAT_DICTS,    /* attribute dictionaries */
  SHARC_STAT_LOCS,     /* locations */
  SHARC_STAT_STRINGS,  /* string attributes */
  SHARC_STAT_ATTRS,    /* every other attribute */
  SHARC_STAT_TYPES,
  SHARC_STAT_COUNT
} sharc_stat_kind;

typedef struct sharc_source {
  const char *name;
  const char *buf;
  size_t len;
  unsigned first_line;
  sharc_line_table *lines; /* a caller's, or owned (made on first need) */
  bool owns_lines;
  struct sharc_source *next;
} sharc_source;

/* An entry of the file metadata `{-# ... #-}`: a dialect resource blob
 * (`dialect_resources: { builtin: { key: "0x..." } }`) or an external
 * resource value, kept as written for printing back. */
typedef struct sharc_resource {
  sharc_ident *group; /* dialect (builtin) or external group */
  sharc_ident *key;
  sharc_str value;    /* token text: a hex string, or any external value */
  bool external;
} sharc_resource;

/* Point locations lie in chunks of this many, one after another in
 * creation order; the table's slots hold their numbers (plus one, 0:
 * empty), 8 bytes where a pointer with its position took 16. */
enum { SHARC_POINT_CHUNK = 1024 };

/* A slot of the point-location table: the location's number and a tag of
 * its position, which a probe compares before it loads the location: past
 * a few thousand lines the positions wrap around the table, and the
 * location in a new position's first slot is an old one, a cache miss to
 * load (seven tenths of sharc_loc_file's time in a 1M-op program). */
typedef struct sharc_point_slot {
  uint32_t number;
  uint32_t tag;
} sharc_point_slot;

enum { SHARC_STATIC_IDENT_SLOTS = 64 };

struct sharc_context {
  sharc_arena arena;
  /* bumped by every change to attached IR: lets the pass manager skip
   * re-verifying what a pass left as it was */
  uint64_t ir_epoch;
  /* the op last verified whole by sharc_verify_changed, and whether a
   * change since then needs it verified whole again (else only the ops of
   * its body marked verify_dirty) */
  sharc_op *verify_root;
  /* ops ever created here that are symbol tables or might be (unregistered
   * with one region): while only the top module is one, a pass looking for
   * nested tables need not walk the IR */
  unsigned table_like_ops;
  /* whether a dictionary or type that may print with an alias inside was
   * ever made here: while none was, no op can ask the printer for an alias
   * (locations aside), so it prints without a walk to find out */
  bool alias_capable;
  bool verify_all;
  /* a marked op verified since the root's symbol-table check may change
   * what that check finds (asm/verify.c) */
  bool verify_symbols_touched;
  /* symbols of the root's body removed, or functions there whose
   * signature changed, since the last verification: the ops referring to
   * them are marked when the next one starts (verify_marks.c) */
  const sharc_ident *verify_symbols_changed[8];
  unsigned verify_num_symbols_changed;
  /* the discardable attributes changed on ops marked attrs-only since the
   * root's last verification, by name (past 8 names: any, _overflow): a
   * verification of those ops runs the hooks of these names only
   * (verify_marks.c) */
  const sharc_ident *verify_attr_names[8];
  unsigned verify_num_attr_names;
  bool verify_attr_names_overflow;
  /* where searches for a symbol table that found none are counted
   * (symbols.c), NULL: nowhere. A function verified while it is parsed,
   * before the module holding it exists, is trusted only if none of its
   * checks looked for a symbol (asm/verify.c); set only then, so that
   * threads searching at other times write nothing here */
  unsigned *symbol_table_misses;
  /* functions verified as the parser finished each (asm/verify.c): the
   * body block of the module parsed, the last op of the prefix of that
   * block whose functions passed, and ir_epoch then; the module's first
   * whole verification skips their bodies while the IR is unchanged */
  struct sharc_block *hot_block;
  sharc_op *hot_through;
  /* the last op of the prefix of that block whose regions hold no op the
   * module's symbol table check stops at (asm/verify.c: a symbol user, a
   * nested table), or NULL: that check's walk skips their bodies */
  sharc_op *hot_symbols_through;
  uint64_t hot_epoch;
  /* verify_marks.c's answers per (attribute name, op definition): the
   * dialect of a discardable `dialect.x` name (NULL for others) and
   * whether its hook reads other ops; marking asks about the same few
   * names (a sharding) for every op, and the verifier about every name of
   * the ops it checks (256 slots: with 64, which pairs collided moved
   * with the layout of every build, 0.4-11 M instructions at 100k ops) */
  struct sharc_mark_name_slot {
    const void *name, *def, *dialect;
    bool reads_other_ops;
  } mark_names[256];
  /* verify_marks.c's reads_producer_attrs answers per (dictionary, op
   * definition, dialect): a sharding set on an op asks it of every user,
   * and the users of a layer hold the same few dictionaries (256 slots:
   * with 64, 26k misses at 100k ops of a transformer's propagation) */
  struct sharc_producer_reads_slot {
    const void *attrs, *def, *dialect;
    bool reads;
  } producer_reads[256];
  /* static_names.c's identifiers of string-literal names, by address */
  struct sharc_static_ident_slot {
    const char *literal;
    sharc_ident *ident;
  } static_idents[SHARC_STATIC_IDENT_SLOTS];
  sharc_uniq_table types, attrs;
  /* the scalar types every op spells (i1..i64, f32, index): found by
   * their parameters instead of a uniquing lookup each; the same objects */
  struct sharc_type *int_types[65][3], *float_types[SHARC_FLOAT_KIND_COUNT], *index_type,
      *none_type;
  /* uniqued types and attributes (key and object; what their `own`
   * callbacks copy goes to `arena`): apart from the op records, uses and
   * blocks, a lookup that finds an old object reads from a region a third
   * the size, and walks over the ops read denser records */
  sharc_arena uniq_arena;
  sharc_arena ident_arena; /* identifiers together: few, and looked up all the time */
  sharc_uniq_table idents;
  const sharc_dialect *dialects[SHARC_MAX_DIALECTS];
  unsigned num_dialects;
  const sharc_op_def **op_index;
  /* names sharc_context_lookup_op_ident found no op under, by hash: an
   * unregistered name keeps a NULL definition, and is asked about at
   * every op created with it (cleared when a dialect adds ops; atomic, as
   * the interpreter's threads create ops) */
  _Atomic(const sharc_ident *) op_misses[SHARC_OP_MISS_SLOTS];
  /* each slot's name hash and length: a lookup compares names only on a
   * match of both, with memcmp */
  struct sharc_op_key {
    uint32_t hash, len;
  } *op_keys;
  size_t op_cap, op_count;
  bool allow_unregistered;
  const sharc_dialect_registry *registry; /* NULL: the loaded dialects */
  /* by dialects[] index: loaded (for passes) but not in the registry, its
   * attributes and types opaque to the parser */
  bool unregistered[SHARC_MAX_DIALECTS];
  /* diagnostics */
  sharc_diag_handler diag_handler;
  void *diag_user;
  sharc_arena diag_arena;
  sharc_diag *pending;
  /* MLIR's ParallelDiagnosticHandler (see sharc_diag_defer_begin): while
   * the depth is not 0, diagnostics for the handler it began with are held
   * in order, a list through their boxes */
  unsigned defer_depth;
  sharc_diag_handler defer_handler;
  void *defer_user;
  struct diag_box *deferred, *deferred_last;
  sharc_source *sources;
  unsigned error_count;
  /* MLIR's printOpOnDiagnostic: an op's error, warning or remark gets a
   * "see current operation" note, printed by the asm layer's hook (the ir
   * layer cannot print ops); NULL: no note */
  void (*diag_op_printer)(sharc_op *op, sharc_diag_op_form form, sharc_buf *out);
  bool printing_diag_op; /* the hook is running: its verifier's diagnostics are dropped */
  /* the asm layer's sharc_print_flags the hook starts from (a tool's
   * printing flags, as MLIR's OpPrintingFlags() reads them); NULL: none */
  const void *diag_print_flags;
  /* prints a location as `loc(...)` for a diagnostic without a file
   * position (the asm layer's; NULL: the location is left out) */
  void (*diag_loc_printer)(const sharc_attr *loc, sharc_buf *out);
  /* point locations "file":line:col, the one attribute every parsed op
   * gets: their own table, hashed by position so that successive ops (in
   * file order) land in nearby slots */
  sharc_point_slot *point_locs;
  size_t point_cap, point_count;
  SHARC_VEC(sharc_attr *) point_chunks;
  /* the files of packed op locations (sharc_op_set_point_loc), by index;
   * the lock serializes making their attributes, which the interpreter's
   * device threads may ask for at once */
  SHARC_VEC(sharc_ident *) loc_files;
  pthread_mutex_t loc_lock;
  SHARC_VEC(sharc_resource) resources;
  /* cached common objects */
  sharc_attr *empty_dict, *unknown_loc, *unit;
  /* uniq_arena when the newest dictionary (array) was made: an attribute
   * made after it is in no dictionary (array) yet (see
   * sharc_attr_dictionary, sharc_attr_array) */
  sharc_arena_mark dict_mark, array_mark;
  sharc_ident *sym_name_ident;
  /* blocks holding a symbol index (see symbols.c), to free them */
  SHARC_VEC(sharc_block *) symcache_blocks;
  /* blocks holding an array of their ops (see ir/op_cursor.h), to free them */
  SHARC_VEC(sharc_block *) order_blocks;
  /* the checks that passed in the verification under way (NULL outside
   * one; see sharc_verify_memo_passed) */
  struct sharc_word_memo *verify_memo;
  /* sharc_op_set_attr's answers: a dictionary with one entry set (or
   * removed) is a pure function of uniqued, immortal attributes, and ops
   * alike get the same updates (a sharding set on each op of a layer) */
  struct sharc_set_attr_slot *set_attr_cache;
  /* sharc_attr_dialect_one_word's answers (attrs.c): ops alike get
   * the same one-entry list (a sharding on each op of a layer) */
  struct sharc_one_word_slot *one_word_cache;
  /* each op definition an op was ever created with (ops are never freed,
   * nor do they change definition), an open-addressed set of addresses
   * (see ops.c's note_created_def): an absent one says no op of that
   * definition exists, and a walk for them has nothing to visit. Exact,
   * so which walks run does not depend on where the linker put the
   * definitions; once half full (never, with the dialects there are)
   * every definition answers "may hold". The slots are atomic, yet only
   * the thread that owns the context creates ops (the interpreter's
   * device threads run ops and parse types, and create none), so the
   * count, created_defs_full and created_traits below are plain. */
  _Atomic(const sharc_op_def *) created_defs[SHARC_CREATED_DEF_SLOTS];
  unsigned created_def_count;
  bool created_defs_full;
  /* the traits of every op definition an op was ever created with, OR-ed:
   * a clear bit says no op with that trait exists (no call op: a call
   * graph without a walk for calls) */
  unsigned created_traits;
  /* facts a dialect noted once they became true (an unreduced axis made),
   * by the address of the fact's tag, exactly (past SHARC_MAX_FACTS of
   * them every fact answers "noted"): an absent one says never */
  const void *noted_facts[SHARC_MAX_FACTS];
  unsigned num_noted_facts;
  /* a bit per hash of each name a dictionary ever held (attrs.c notes a
   * new dictionary's names; the hash is of the text, so the same in every
   * build): a clear bit says no op holds an attribute of that name, and a
   * walk for one has nothing to find */
  uint64_t dict_names[SHARC_DICT_NAME_WORDS];
  /* the roots of every symbol reference made here, a bit per hash of the
   * name (sharc_symbol_root_bit): a clear bit says no attribute refers to
   * that name */
  uint64_t symbol_ref_roots;
  /* the last mark drawn by sharc_context_fresh_mark: region DCE's
   * liveness and the verifier's dominance order stamp ops with them */
  unsigned live_mark;
  /* the memory breakdown SHARC_STATS prints: arena bytes per kind of
   * structure, ops created, and the largest parser scratch */
  size_t stat_bytes[SHARC_STAT_COUNT];
  size_t stat_ops;
  size_t stat_parser_scratch;
};

/* The bit of context.symbol_ref_roots for symbol name `root`. */
static inline uint64_t sharc_symbol_root_bit(const sharc_ident *root) {
  return (uint64_t)1 << (root->hash % 64);
}

/* A mark no op or value holds yet (0 is what new ones hold): users of the
 * ops' live_mark scratch word draw from one counter, so one's stale
 * stamps never equal another's fresh mark. */
static inline unsigned sharc_context_fresh_mark(sharc_context *ctx) {
  if (++ctx->live_mark == 0)
    ++ctx->live_mark;
  return ctx->live_mark;
}

/* The bit of context.dict_names for attribute name `name`. */
static inline unsigned sharc_dict_name_bit(const sharc_ident *name) {
  return name->hash % (SHARC_DICT_NAME_WORDS * 64);
}

/* Where the probe for `def` starts in context.created_defs. */
static inline unsigned sharc_def_slot(const sharc_op_def *def) {
  return (unsigned)(((uintptr_t)def >> 4) * 0x9e3779b1u >> 16) & (SHARC_CREATED_DEF_SLOTS - 1);
}

enum { SHARC_SET_ATTR_CACHE = 4096, SHARC_ONE_WORD_CACHE = 1024 };

typedef struct sharc_one_word_slot {
  const sharc_attr_def *def;
  uintptr_t word;
  sharc_attr *result;
} sharc_one_word_slot;

typedef struct sharc_set_attr_slot {
  const sharc_attr *dict, *value;
  const sharc_ident *name;
  sharc_attr *result;
} sharc_set_attr_slot;

void sharc_context_add_resource(sharc_context *ctx, const sharc_resource *r);

/* A check whose diagnostics no one may see: from sharc_diag_quiet_begin
 * they go to `handler` (with no pending diagnostic and no op printed into
 * them), and sharc_diag_quiet_end flushes them there, then gives back the
 * context's handler, pending diagnostic, op printer and error count. */
typedef struct sharc_diag_quiet {
  sharc_diag_handler handler;
  void *user;
  sharc_diag *pending;
  void (*op_printer)(sharc_op *op, sharc_diag_op_form form, sharc_buf *out);
  unsigned errors;
} sharc_diag_quiet;

void sharc_diag_quiet_begin(sharc_context *ctx, sharc_diag_quiet *saved, sharc_diag_handler handler,
                            void *user);
void sharc_diag_quiet_end(sharc_context *ctx, const sharc_diag_quiet *saved);
const sharc_resource *sharc_context_resources(const sharc_context *ctx, unsigned *count);

/* Interns `proto` (of `size` bytes, starting with a sharc_uniq header) under
 * `key`; returns the canonical copy. */
void *sharc_context_intern(sharc_context *ctx, sharc_uniq_table *table, sharc_key *key,
                           const void *proto, size_t size, void (*own)(sharc_context *, void *));
/* sharc_context_intern for a key the caller knows is not in `table` yet:
 * no probe, so no object and, in a large table, no slot is read. */
void *sharc_context_intern_absent(sharc_context *ctx, sharc_uniq_table *table, sharc_key *key,
                                  const void *proto, size_t size,
                                  void (*own)(sharc_context *, void *));
/* Grows the attribute table at once to hold `count` attributes, within
 * `max_bytes` of slots: a caller that can tell how many will come (the
 * parser, from the rate so far) spares the doublings on the way, each of
 * which reads the whole table again. Never shrinks it. */
void sharc_context_expect_attrs(sharc_context *ctx, size_t count, size_t max_bytes);

#endif

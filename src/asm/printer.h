/* The printer's API for dialect hooks (custom op forms, dialect attributes
 * and types), much like MLIR's OpAsmPrinter. */
#ifndef SHARC_ASM_PRINTER_H
#define SHARC_ASM_PRINTER_H

#include "ir/ir_internal.h"
#include "sharc/asm.h"
#include "support/buf_copy.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#include <string.h>

/* The text memo's direct-mapped slots: 256 keep a module's few hundred
 * types and shardings with few collisions (64 missed one lookup in nine). */
enum { SHARC_TYPE_TEXT_SLOT_BITS = 8, SHARC_TYPE_TEXT_SLOTS = 1 << SHARC_TYPE_TEXT_SLOT_BITS };

struct sharc_printer {
  sharc_buf *out;
  sharc_print_flags flags;
  unsigned indent;
  /* the default dialect of the innermost region being printed (NULL:
   * none yet, "builtin"); saved on the C stack per region, so any nesting
   * a pass builds prints */
  const char *default_dialect;
  size_t default_dialect_len; /* its strlen, asked once per region, not per op */
  sharc_ptrmap aliases;      /* attr/type -> alias entry */
  sharc_ptrmap distinct_ids; /* distinct attr -> renumbered id + 1 */
  unsigned next_distinct;
  /* alias collection (a dry run of the printer, as MLIR does) */
  bool collecting;
  bool deferrable;           /* visiting an op location */
  SHARC_VEC(struct alias_rec) recs;
  SHARC_VEC(struct visit_frame) frames; /* every frame used so far, kept for reuse */
  unsigned num_frames;                  /* ... of which open */
  sharc_buf scratch;         /* output sink while collecting */
  sharc_ptrmap resources_seen; /* resource keys printed so far */
  sharc_ptrvec *resources_used; /* ... in order of first use */
  /* SSA names from OpAsmOpInterface hooks, as MLIR's SSANameState keeps
   * them: names in use (ident -> count, scoped per region) and a conflict
   * counter for `name_N` suffixes */
  SHARC_VEC(struct value_name) value_names; /* print_id & ~NAME_TAG indexes this */
  sharc_ptrmap used_names;
  SHARC_VEC(sharc_ident *) name_stack;     /* names taken, innermost region last */
  sharc_ptrvec nested;                      /* regions met while numbering, to number next */
  unsigned next_conflict;
  sharc_ptrmap op_ids; /* -mlir-print-value-users: a result-less op -> its number + 1 */
  /* printing while hot: the regions of the ops of `hot_top`'s region are
   * numbered just before each op prints, from these counters (NULL: all
   * numbered up front) */
  const sharc_op *hot_top;
  unsigned hot_next_value, hot_next_arg, hot_next_conflict;
  /* printing in local scope from this op: values defined outside it
   * print as <<UNKNOWN SSA VALUE>> (NULL: every value is in scope) */
  const sharc_op *numbering_root;
  sharc_write_fn sink;       /* streaming destination, or NULL */
  void *sink_user;
  /* what types and dialect attributes printed as (sharc_pr_replay_text) */
  sharc_ptrmap type_texts;   /* type or attr -> offset + 1 of its text in type_text_buf */
  struct sharc_type_text_slot { /* ... the latest ones, direct-mapped by address */
    const void *key;
    uint32_t at, len;           /* its text in type_text_buf */
  } type_slots[SHARC_TYPE_TEXT_SLOTS];
  sharc_buf type_text_buf;
  /* identifiers known bare or not (dictionary keys, generic op names),
   * direct-mapped by address, the low bit set for one that is not: a
   * module spells the same few names on every op (print_attrs.c) */
  uintptr_t bare_idents[256];
  struct sharc_key_memo_slot *key_memo; /* dictionary keys' `, name = ` (print_attrs.c) */
};

/* Bytes readable from each text a printer memo keeps (the type texts'
 * records, the float memo's slots, stablehlo's compiled format tokens). */
enum { SHARC_PR_TEXT_PAD = 32 };

/* A memo's text, `n` bytes at `s` with SHARC_PR_TEXT_PAD readable from
 * `s`: up to that many bytes move as two fixed 16-byte halves whatever
 * their length, no branch on it (the types and floats of a module have
 * every length from 2 to 30, and a copy dispatched on the length
 * mispredicted about one replay in two). Longer texts are copied as any. */
static inline void sharc_pr_put_padded(sharc_buf *b, const char *s, size_t n) {
  if (n > SHARC_PR_TEXT_PAD || b->len + SHARC_PR_TEXT_PAD + 1 > b->cap) {
    sharc_buf_put_short(b, s, n);
    return;
  }
  char *d = b->data + b->len;
  memcpy(d, s, 16);
  memcpy(d + 16, s + 16, 16);
  b->len += n;
  d[n] = 0;
}

/* Inline so that a literal's length is known where it is written (most
 * callers pass literals: the custom formats' punctuation). */
static inline void sharc_pr_puts(sharc_printer *p, const char *s) {
  sharc_buf_put(p->out, s, strlen(s));
}
/* Records a use of a resource blob, printed in the file metadata at the end. */
void sharc_pr_note_resource(sharc_printer *p, sharc_ident *key);
#define SHARC_PR_LIT(p, lit) SHARC_BUF_LIT((p)->out, lit)
void sharc_pr_put_str(sharc_printer *p, sharc_str s);
void sharc_pr_type(sharc_printer *p, const sharc_type *t);
void sharc_pr_attr(sharc_printer *p, const sharc_attr *a);
/* An attribute without its `: type` suffix (integers, floats). */
void sharc_pr_attr_no_type(sharc_printer *p, const sharc_attr *a);
void sharc_pr_value(sharc_printer *p, const sharc_value *v);
void sharc_pr_operands(sharc_printer *p, const sharc_op *op); /* %a, %b */
void sharc_pr_symbol(sharc_printer *p, sharc_str name);       /* @name or @"..." */
void sharc_pr_string(sharc_printer *p, sharc_str s);          /* "escaped" */
void sharc_pr_newline(sharc_printer *p);
void sharc_pr_op_name(sharc_printer *p, const sharc_op *op);  /* with default-dialect elision */
/* The text `key` (a uniqued type or attribute) printed as earlier in this
 * printer, written again; false if none is known or aliases are still being
 * collected. For dialect hooks whose text depends on nothing but `key` once
 * the aliases are chosen (distinct ids and resources are fixed at their
 * first print): a module prints the same few shardings on every op. */
bool sharc_pr_replay_text(sharc_printer *p, const void *key);
/* Remembers what `key` printed as: the bytes of `out` from `start` on,
 * where `out` is p->out and `start` its length before `key` printed
 * (nothing while collecting aliases, or when the output moved meanwhile). */
void sharc_pr_remember_text(sharc_printer *p, const void *key, const sharc_buf *out, size_t start);
/* ` {a = 1, ...}` leaving out `elided` names (NULL-terminated); nothing if empty. */
void sharc_pr_attr_dict(sharc_printer *p, const sharc_attr *dict, const char *const *elided,
                        bool with_keyword);
void sharc_pr_region(sharc_printer *p, const sharc_region *r, bool print_entry_args,
                     bool print_empty_block);
/* `(%a: T loc(..), ...) {...}`: a region whose entry arguments are
 * declared ahead of its braces (sdy.manual_computation, mpmd.fragment). */
/* `%a: T loc(...), ...`: the arguments of block `b` (none for NULL). */
void sharc_pr_block_args(sharc_printer *p, const sharc_block *b);
void sharc_pr_region_with_entry_args(sharc_printer *p, const sharc_region *r);
/* ` attr-dict : type`, the printer side of sharc_p_parse_attr_dict_colon_type:
 * the type of the first result, or of the first operand when there is none. */
void sharc_pr_attr_dict_colon_type(sharc_printer *p, sharc_op *op, const char *const *elided);
/* The printer side of sharc_p_parse_return_like. */
void sharc_pr_return_like(sharc_printer *p, sharc_op *op);
/* The printer side of sharc_p_parse_cast_like. */
void sharc_pr_cast_like(sharc_printer *p, sharc_op *op);
/* `%x {attrs} : T <between> U` of a one-operand one-result op, as a cast
 * (`between` " to ") or shape.shape_of (" -> ") prints. */
void sharc_pr_conversion(sharc_printer *p, sharc_op *op, const char *between);
/* `(T, U) -> R`: the op's operand and result types as a function type
 * (MLIR's printFunctionalType). */
void sharc_pr_functional_type(sharc_printer *p, const sharc_op *op);
void sharc_pr_loc_inline(sharc_printer *p, const sharc_attr *loc); /* ` loc(...)` if enabled */
void sharc_pr_function_result_types(sharc_printer *p, sharc_type *const *types, unsigned n);
void sharc_pr_type_list(sharc_printer *p, sharc_type *const *types, unsigned n);
/* The entries of a dictionary, `a = 1 : i64, b`, without braces. */
void sharc_pr_dict_body_public(sharc_printer *p, const sharc_attr *dict);
/* The parser's side of printing ahead (sharc_print_ahead_create): `op` was
 * just appended to `body`, the module's body, and `verified` says whether
 * it passed its checks and the module's header is `module {`. */
void sharc_print_ahead_op(sharc_print_ahead *a, const sharc_block *body, sharc_op *op,
                          bool verified);
/* Whether printing ahead still goes on (no op's checks are wanted after). */
bool sharc_print_ahead_live(const sharc_print_ahead *a);
/* Something parsed later changed ops already printed: the text is not kept. */
void sharc_print_ahead_drop(sharc_print_ahead *a);

#endif

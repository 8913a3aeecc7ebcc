/* Reading and writing MLIR text: the parser builds IR from MLIR assembly
 * (generic and custom op forms), the printer writes it back exactly as MLIR's
 * AsmPrinter does. */
#ifndef SHARC_ASM_H
#define SHARC_ASM_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Parses a whole buffer. Returns the top-level operation (a builtin.module,
 * made implicitly when the buffer holds anything else) or NULL after emitting
 * located diagnostics through the context. `name` is the buffer's file name
 * used in locations. */
SHARC_API sharc_op *sharc_parse_source(sharc_context *ctx, const char *name, const char *buf, size_t len);
/* Parses a chunk of a larger file (split-input-file) that starts at
 * `first_line`:`first_col` of that file; `buf` must point into the file's
 * text so that columns of the first line can be counted. */
SHARC_API sharc_op *sharc_parse_source_at(sharc_context *ctx, const char *name, const char *buf,
                                size_t len, unsigned first_line, unsigned first_col);

typedef struct sharc_print_flags {
  bool generic;         /* -mlir-print-op-generic */
  bool debug_info;      /* -mlir-print-debuginfo */
  bool pretty_debug_info;
  bool local_scope;     /* -mlir-print-local-scope: no aliases, everything inline */
  bool skip_regions;    /* regions as `{...}` (OpPrintingFlags::skipRegions) */
  /* OpPrintingFlags::elideLargeElementsAttrs: a dense elements attribute
   * (not a splat) with more elements than this prints as
   * `dense_resource<__elided__>`; 0: never */
  unsigned elide_elements_above;
  bool elide_elements_set;  /* ... the limit applies even at 0 (the flag given) */
  /* -mlir-print-elementsattrs-with-hex-if-larger: a dense int or float
   * attribute of more elements prints as hex; unset: above 100; -1: never */
  bool hex_above_set;
  int64_t hex_above;
  /* -mlir-elide-resource-strings-if-larger: a resource whose printed value
   * is longer is left out of the file metadata */
  bool elide_resources_set;
  uint64_t elide_resources_above;
  bool assume_verified; /* -mlir-print-assume-verified: no generic form for invalid IR */
  bool value_users;     /* -mlir-print-value-users: users as comments */
  bool unique_ssa_ids;  /* -mlir-print-unique-ssa-ids: ids unique across regions */
  bool nameloc_prefix;  /* -mlir-use-nameloc-as-prefix: values named from NameLocs */
  /* an IR dump: MLIR prints the external resources read (its fallback
   * resource map) only with the tool's output */
  bool no_external_resources;
} sharc_print_flags;

SHARC_API void sharc_print_op(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out);
/* MLIR's verifyOpAndAdjustFlags, for a tool's output or an IR dump of IR
 * that may not verify: `flags` with the generic form when `op` does not
 * verify (quietly), unless they print generic or assume it verified. */
SHARC_API sharc_print_flags sharc_print_flags_for(sharc_op *op, const sharc_print_flags *flags);
/* Prints through `write` in pieces of bounded size, so a large module is
 * never held in memory as text. */
typedef void (*sharc_write_fn)(const char *data, size_t len, void *user);
SHARC_API void sharc_print_op_stream(sharc_op *op, const sharc_print_flags *flags, sharc_write_fn write,
                           void *user);
/* Printing ahead, for a tool's plain parse+print: each op of the module's
 * body is printed through `write` as soon as it is parsed and verified,
 * while it is in cache (see asm/printer.c). NULL when `flags` need the
 * whole module first. Parse with sharc_parse_source_ahead; after the
 * module verified, sharc_print_ahead_finish writes the rest and says
 * whether the text is complete. When it is not, the caller discards what
 * was written (sharc_print_ahead_wrote) and prints the module as before;
 * when anything failed, it discards it too. */
typedef struct sharc_print_ahead sharc_print_ahead;
SHARC_API sharc_print_ahead *sharc_print_ahead_create(const sharc_print_flags *flags,
                                                      sharc_write_fn write, void *user);
SHARC_API sharc_op *sharc_parse_source_ahead(sharc_context *ctx, const char *name, const char *buf,
                                             size_t len, unsigned first_line, unsigned first_col,
                                             sharc_print_ahead *ahead);
SHARC_API bool sharc_print_ahead_finish(sharc_print_ahead *a, sharc_op *top);
SHARC_API bool sharc_print_ahead_wrote(const sharc_print_ahead *a);
SHARC_API void sharc_print_ahead_destroy(sharc_print_ahead *a);
/* An op printed on its own as MLIR's Operation::print does it for an op
 * with a parent: values named as in its nearest IsolatedFromAbove ancestor
 * (or the top), full types and attributes (no aliases), no newline after.
 * A top-level op prints as sharc_print_op, less the newline. */
SHARC_API void sharc_print_op_nested(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out);
/* An op printed as MLIR's Operation::print does it with local scope (a
 * diagnostic's "see current operation" note): values named from the
 * nearest IsolatedFromAbove op, the op itself included, values from
 * outside it as <<UNKNOWN SSA VALUE>>, no aliases, no newline after. */
SHARC_API void sharc_print_op_local(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out);
/* MLIR's printOpOnDiagnostic (mlir-opt's -mlir-print-op-on-diagnostic, on
 * unless -verify-diagnostics): an op's error, warning or remark gets a
 * "see current operation" note. Either way, a location without a file
 * position is shown as MLIR's SourceMgr handler shows it, `loc(...)`. */
SHARC_API void sharc_context_set_print_op_on_diagnostic(sharc_context *ctx, bool on);
/* The printing flags (a tool's) that op is printed with, besides local
 * scope and elided large elements; `flags` must outlive the context's
 * diagnostics. NULL: the defaults. */
SHARC_API void sharc_context_set_diag_print_flags(sharc_context *ctx, const sharc_print_flags *flags);
SHARC_API void sharc_print_type(const sharc_type *t, sharc_buf *out);
SHARC_API void sharc_print_attr(const sharc_attr *a, sharc_buf *out);

/* The names the printer gives values (`%0`, `%3#1`, `%arg2`, `%c_1`) when
 * printing `top` (custom form, or generic): a numbering of the whole of
 * `top` made once, then each name read in O(1). Valid until `top` changes
 * or is printed or named again (the numbering lives on the values). */
typedef struct sharc_value_namer sharc_value_namer;
SHARC_API sharc_value_namer *sharc_value_namer_create(sharc_op *top, bool generic);
/* Appends the name of `v` (a value nested in `top`) to `out`. */
SHARC_API void sharc_value_namer_name(sharc_value_namer *n, const sharc_value *v, sharc_buf *out);
SHARC_API void sharc_value_namer_destroy(sharc_value_namer *n);

/* ---- MLIR bytecode ---------------------------------------------------- */
/* Whether `buf` starts with MLIR bytecode's magic number `ML\xefR`. */
SHARC_API bool sharc_is_bytecode(const char *buf, size_t len);
typedef struct sharc_bytecode_options {
  int64_t version;      /* bytecode format version; -1: the current one (6) */
  const char *producer; /* NULL: "MLIR22.1.8", as mlir-opt-22 writes */
  bool exact_version;   /* `version` as asked, a negative one refused too */
} sharc_bytecode_options;
/* Appends `op` as MLIR bytecode to `out`. False (with a diagnostic through
 * the context, nothing appended) for a version it cannot write. */
SHARC_API bool sharc_write_bytecode(sharc_op *op, const sharc_bytecode_options *opts, sharc_buf *out);
/* Reads MLIR bytecode; the top-level op (a builtin.module) or NULL after
 * reporting `name: error: ... at byte offset N` through the context. */
SHARC_API sharc_op *sharc_parse_bytecode(sharc_context *ctx, const char *name, const char *buf,
                                         size_t len);
/* Text or bytecode, told apart by the magic number. */
SHARC_API sharc_op *sharc_parse_any(sharc_context *ctx, const char *name, const char *buf,
                                    size_t len);

/* Parses a single type or attribute from text (for API users and tests). */
SHARC_API sharc_type *sharc_parse_type_text(sharc_context *ctx, sharc_str text);
SHARC_API sharc_attr *sharc_parse_attr_text(sharc_context *ctx, sharc_str text);
/* The same, with errors located from `name`:`line`:`col` on (text that is
 * a piece of a file). */
SHARC_API sharc_attr *sharc_parse_attr_text_at(sharc_context *ctx, const char *name,
                                               sharc_str text, unsigned line, unsigned col);

#ifdef __cplusplus
}
#endif
#endif

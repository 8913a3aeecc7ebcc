/* MLIR bytecode: the table a dialect fills to give its attributes, types and
 * op properties encodings of their own (MLIR's BytecodeDialectInterface and
 * BytecodeOpInterface), and the primitives its hooks read and write with.
 * A dialect without a table, or a hook that declines, has its attributes and
 * types written as their MLIR text, as MLIR does. See docs/bytecode.md. */
#ifndef SHARC_ASM_BYTECODE_H
#define SHARC_ASM_BYTECODE_H

#include "ir/ir_internal.h"
#include "sharc/asm.h"

typedef struct sharc_bc_writer sharc_bc_writer;
typedef struct sharc_bc_reader sharc_bc_reader;

/* The bytecode format versions (mlir/include/mlir/Bytecode/Encoding.h). */
enum {
  SHARC_BC_VERSION_MIN = 0,
  SHARC_BC_DIALECT_VERSIONING = 1,
  SHARC_BC_LAZY_LOADING = 2,
  SHARC_BC_USE_LIST_ORDERING = 3,
  SHARC_BC_ELIDE_UNKNOWN_BLOCK_ARG_LOC = 4,
  SHARC_BC_NATIVE_PROPERTIES = 5,
  SHARC_BC_NATIVE_PROPERTIES_SEGMENT_SIZE = 6,
  SHARC_BC_VERSION_CURRENT = 6,
};

/* A dialect's version as its hooks write and read it (VHLO: major, minor,
 * patch); n = 0: none. */
typedef struct sharc_bc_version {
  uint64_t v[4];
  unsigned n;
} sharc_bc_version;

/* One inherent attribute of an op's properties, in the order the op writes
 * them (ODS: sorted by name). Optional ones are written with
 * sharc_bc_write_optional_attr, required ones with sharc_bc_write_attr. */
typedef struct sharc_bc_prop {
  const char *name;
  bool optional;
} sharc_bc_prop;

/* An op with property storage (MLIR's ops with `properties`): its inherent
 * attributes go in the properties section, the others in its attribute
 * dictionary. Ops with no entry keep every attribute in the dictionary, as
 * MLIR does for ops without properties. */
typedef struct sharc_bc_op {
  const char *name;           /* full op name, "func.func" */
  const sharc_bc_prop *props; /* written in this order */
  unsigned num_props;
  /* Custom encodings (segment sizes, enums...) instead of `props`; both or
   * neither. `read` hands each inherent attribute to sharc_bc_add_inherent. */
  void (*write)(sharc_bc_writer *w, const sharc_op *op);
  bool (*read)(sharc_bc_reader *r);
  /* Instead of `props`: NULL-terminated names, all required, in the order
   * they are written (VHLO's ops, whose op table already lists them). */
  const char *const *required;
} sharc_bc_op;

/* What a dialect fills; every member may be NULL. */
typedef struct sharc_bytecode_dialect {
  /* Write `a`/`t` with the primitives below and return true, or return false
   * having written nothing: it is then written as text. Called twice per
   * object (a numbering dry run, then the real write): no side effects. */
  bool (*write_attr)(sharc_bc_writer *w, const sharc_attr *a);
  bool (*write_type)(sharc_bc_writer *w, const sharc_type *t);
  /* Read back what write_* wrote: the object, or NULL after sharc_bc_error. */
  sharc_attr *(*read_attr)(sharc_bc_reader *r);
  sharc_type *(*read_type)(sharc_bc_reader *r);
  /* The dialect's version in the dialect section: write nothing for none;
   * sharc_bc_writer_dialect_version gives the one the caller asked for. */
  void (*write_version)(sharc_bc_writer *w);
  /* Reads what write_version wrote into `out` (kept for read_attr/read_type
   * through sharc_bc_reader_dialect_version); false after sharc_bc_error. */
  bool (*read_version)(sharc_bc_reader *r, sharc_bc_version *out);
  const sharc_bc_op *ops;
  unsigned num_ops;
  /* Instead of searching `ops`: the entry of an op of the dialect, or NULL
   * for an op without properties (a dialect whose op definitions carry it). */
  const sharc_bc_op *(*op_entry)(const sharc_op_def *def);
} sharc_bytecode_dialect;

/* The table of dialect `d` (the builtin dialect's own included), or NULL. */
const sharc_bytecode_dialect *sharc_bc_dialect_table(const sharc_dialect *d);

/* ---- writing (MLIR's DialectBytecodeWriter) ---------------------------- */
void sharc_bc_write_varint(sharc_bc_writer *w, uint64_t v);
void sharc_bc_write_signed(sharc_bc_writer *w, int64_t v); /* zigzag */
void sharc_bc_write_attr(sharc_bc_writer *w, const sharc_attr *a);
void sharc_bc_write_optional_attr(sharc_bc_writer *w, const sharc_attr *a); /* a may be NULL */
void sharc_bc_write_type(sharc_bc_writer *w, const sharc_type *t);
void sharc_bc_write_string(sharc_bc_writer *w, sharc_str s); /* through the string table */
void sharc_bc_write_blob(sharc_bc_writer *w, const void *data, size_t len);
void sharc_bc_write_bool(sharc_bc_writer *w, bool b);
/* An integer whose width the reader knows (writeAPIntWithKnownWidth):
 * little-endian 64-bit words, two's complement. */
void sharc_bc_write_apint(sharc_bc_writer *w, const uint64_t *words, unsigned width);
int64_t sharc_bc_writer_version(const sharc_bc_writer *w);
/* The version of `dialect` the caller asked to write, or NULL. */
const sharc_bc_version *sharc_bc_writer_dialect_version(const sharc_bc_writer *w,
                                                        const char *dialect);
sharc_context *sharc_bc_writer_context(const sharc_bc_writer *w);

/* MLIR's raw data of builtin dense elements `a` (DenseElementsAttr::
 * getRawData as the bytecode writes it: i1 packed 8 to a byte); false for
 * element types without one (strings). */
bool sharc_bc_dense_raw_bytes(const sharc_attr *a, sharc_buf *out);

/* ---- reading (MLIR's DialectBytecodeReader) ---------------------------- */
/* Each returns false after reporting the error (truncated or bad data). */
bool sharc_bc_read_varint(sharc_bc_reader *r, uint64_t *v);
bool sharc_bc_read_signed(sharc_bc_reader *r, int64_t *v);
bool sharc_bc_read_attr(sharc_bc_reader *r, sharc_attr **a);
bool sharc_bc_read_optional_attr(sharc_bc_reader *r, sharc_attr **a); /* NULL when absent */
bool sharc_bc_read_type(sharc_bc_reader *r, sharc_type **t);
bool sharc_bc_read_string(sharc_bc_reader *r, sharc_str *s); /* lives as long as the input */
bool sharc_bc_read_blob(sharc_bc_reader *r, const uint8_t **data, size_t *len);
bool sharc_bc_read_bool(sharc_bc_reader *r, bool *b);
/* `words` has room for (width + 63) / 64 words; the value is sign-extended
 * from what was written into those words. */
bool sharc_bc_read_apint(sharc_bc_reader *r, unsigned width, uint64_t *words);
/* A FloatAttr's value of `width` bits (at most 128) as its storage bits,
 * the sign extension cut off: lo in words[0], the bits above 64 in words[1]. */
bool sharc_bc_read_float_bits(sharc_bc_reader *r, unsigned width, uint64_t words[2]);
/* Builtin dense elements of shaped type `t` from MLIR's raw data (a splat:
 * one element; i1 packed or one byte each); NULL after sharc_bc_error. */
sharc_attr *sharc_bc_dense_from_blob(sharc_bc_reader *r, sharc_type *t, const uint8_t *blob,
                                     size_t len);
/* Bytes left in what the reader is reading: a bound for element counts. */
size_t sharc_bc_remaining(const sharc_bc_reader *r);
/* Memory that lives until the reader ends (arrays handed to constructors). */
void *sharc_bc_scratch(sharc_bc_reader *r, size_t n);
/* Reports `file: error: <message> at byte offset N` (N: where the reader is)
 * and returns false. */
bool sharc_bc_error(sharc_bc_reader *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Hands an inherent attribute read by a sharc_bc_op `read` hook to the op. */
void sharc_bc_add_inherent(sharc_bc_reader *r, const char *name, sharc_attr *a);
int64_t sharc_bc_reader_version(const sharc_bc_reader *r);
/* The version the file gives for `dialect`, or NULL. */
const sharc_bc_version *sharc_bc_reader_dialect_version(const sharc_bc_reader *r,
                                                        const char *dialect);
sharc_context *sharc_bc_reader_context(const sharc_bc_reader *r);


#endif

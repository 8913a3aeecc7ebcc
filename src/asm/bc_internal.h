/* What the bytecode reader, writer and builtin encodings share beyond the
 * dialect-facing API of bytecode.h: the section ids of the format, the
 * builtin and func tables, resource handles and reader scratch memory. */
#ifndef SHARC_ASM_BC_INTERNAL_H
#define SHARC_ASM_BC_INTERNAL_H

#include "asm/bytecode.h"

/* Section ids (mlir/include/mlir/Bytecode/Encoding.h). */
enum {
  SHARC_BC_SEC_STRING = 0,
  SHARC_BC_SEC_DIALECT = 1,
  SHARC_BC_SEC_ATTR_TYPE = 2,
  SHARC_BC_SEC_ATTR_TYPE_OFFSET = 3,
  SHARC_BC_SEC_IR = 4,
  SHARC_BC_SEC_RESOURCE = 5,
  SHARC_BC_SEC_RESOURCE_OFFSET = 6,
  SHARC_BC_SEC_DIALECT_VERSIONS = 7,
  SHARC_BC_SEC_PROPERTIES = 8,
  SHARC_BC_NUM_SECTIONS = 9,
};

/* Op encoding mask bits. */
enum {
  SHARC_BC_OP_ATTRS = 1 << 0,
  SHARC_BC_OP_RESULTS = 1 << 1,
  SHARC_BC_OP_OPERANDS = 1 << 2,
  SHARC_BC_OP_SUCCESSORS = 1 << 3,
  SHARC_BC_OP_REGIONS = 1 << 4,
  SHARC_BC_OP_USE_LISTS = 1 << 5,
  SHARC_BC_OP_PROPERTIES = 1 << 6,
};

/* Resource kinds (AsmResourceEntryKind). */
enum { SHARC_BC_RES_BLOB = 0, SHARC_BC_RES_BOOL = 1, SHARC_BC_RES_STRING = 2 };

extern const sharc_bytecode_dialect sharc_bc_builtin_table;
extern const sharc_bytecode_dialect sharc_bc_func_table;

/* A dense_resource handle: the index of the builtin resource `key`. */
void sharc_bc_write_resource(sharc_bc_writer *w, sharc_ident *key);
bool sharc_bc_read_resource(sharc_bc_reader *r, sharc_ident **key);
/* A distinct attribute new to this read (MLIR makes one per entry). */
sharc_attr *sharc_bc_distinct(sharc_bc_reader *r, sharc_attr *referenced);
/* The op's entry of its dialect's table, or NULL. */
const sharc_bc_op *sharc_bc_op_entry(sharc_context *ctx, const sharc_op_def *def);

#endif

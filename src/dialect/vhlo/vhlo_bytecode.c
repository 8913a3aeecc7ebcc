/* VHLO's bytecode dialect interface (StableHLO's VhloBytecode.cpp): the hooks
 * that give VHLO's attributes and types their own encodings in MLIR bytecode
 * (a code, then the fields), and its ops' properties. Portable artifacts are
 * written and read through them; the hooks live beside each kind's table
 * (vhlo_attrs.c, vhlo_types.c). VHLO writes no dialect version: an artifact
 * names its StableHLO version in the producer string. */
#include "dialect/vhlo/vhlo.h"

/* Every VHLO op with inherent attributes has properties (its op table row
 * carries the entry); ops without attributes have none. */
static const sharc_bc_op *vhlo_op_entry(const sharc_op_def *def) {
  if (!def->inherent)
    return NULL;
  return &((const vhlo_op_def *)def)->bc;
}

const sharc_bytecode_dialect sharc_vhlo_bytecode = {
    .write_attr = sharc_vhlo_bc_write_attr,
    .write_type = sharc_vhlo_bc_write_type,
    .read_attr = sharc_vhlo_bc_read_attr,
    .read_type = sharc_vhlo_bc_read_type,
    .op_entry = vhlo_op_entry,
};

/* CHLO's bytecode dialect interface (ChloBytecode.cpp): its two comparison
 * enums get their own codes (0 and 1; the rest, precision and ragged-dot
 * attributes, go as text, as CHLO's writeAttribute declines them), it has
 * no types and no version, and its ops write their inherent attributes as
 * properties, as ODS generates. chlo.scan, whose segment sizes ODS writes
 * as native properties, keeps its attributes in its dictionary. */
#include <string.h>

#include "dialect/chlo/chlo.h"

enum { CODE_COMPARISON_DIRECTION = 0, CODE_COMPARISON_TYPE = 1 };

static bool write_attr(sharc_bc_writer *w, const sharc_attr *a) {
  if (a->kind != SHARC_ATTR_DIALECT)
    return false;
  if (sharc_attr_def_of(a) == &sharc_chlo_comparison_direction.base)
    return sharc_shlo_bc_write_enum(w, CODE_COMPARISON_DIRECTION, a,
                                    &sharc_chlo_comparison_direction);
  if (sharc_attr_def_of(a) == &sharc_chlo_comparison_type.base)
    return sharc_shlo_bc_write_enum(w, CODE_COMPARISON_TYPE, a, &sharc_chlo_comparison_type);
  return false;
}

static sharc_attr *read_attr(sharc_bc_reader *r) {
  uint64_t code;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  if (code == CODE_COMPARISON_DIRECTION)
    return sharc_shlo_bc_read_enum(r, &sharc_chlo_comparison_direction);
  if (code == CODE_COMPARISON_TYPE)
    return sharc_shlo_bc_read_enum(r, &sharc_chlo_comparison_type);
  sharc_bc_error(r, "unknown chlo attribute code: %llu", (unsigned long long)code);
  return NULL;
}

/* CHLO declares no types; its readType refuses every code. */
static sharc_type *read_type(sharc_bc_reader *r) {
  uint64_t code;
  if (sharc_bc_read_varint(r, &code))
    sharc_bc_error(r, "unknown chlo type code: %llu", (unsigned long long)code);
  return NULL;
}

/* ---- op properties (ChloOps.td; names sorted as ODS writes them) --------- */
static const sharc_bc_prop bcast_props[] = {{"broadcast_dimensions", true}};
static const sharc_bc_prop compare_props[] = {
    {"broadcast_dimensions", true}, {"compare_type", true}, {"comparison_direction", false}};
static const sharc_bc_prop value_props[] = {{"value", false}};
static const sharc_bc_prop top_k_props[] = {{"is_stable", true}, {"k", false}};
static const sharc_bc_prop ragged_props[] = {{"precision_config", true},
                                             {"ragged_dot_dimension_numbers", false}};

#define ENTRY(name, props) {name, props, sizeof props / sizeof props[0], NULL, NULL, NULL}

static const sharc_bc_op entries[] = {
    ENTRY("chlo.broadcast_compare", compare_props),
    ENTRY("chlo.constant", value_props),
    ENTRY("chlo.constant_like", value_props),
    ENTRY("chlo.top_k", top_k_props),
    ENTRY("chlo.ragged_dot", ragged_props),
};

/* Every op whose only inherent attribute is broadcast_dimensions (the
 * broadcasting binary ops) shares one entry. */
static const sharc_bc_op *op_entry(const sharc_op_def *def) {
  const char *const *inh = def->inherent;
  if (!inh || !strcmp(def->name, "chlo.scan"))
    return NULL;
  for (unsigned i = 0; i < sizeof entries / sizeof entries[0]; i++)
    if (!strcmp(entries[i].name, def->name))
      return &entries[i];
  static const sharc_bc_op bcast = ENTRY("chlo.broadcast_*", bcast_props);
  if (!strcmp(inh[0], "broadcast_dimensions") && !inh[1])
    return &bcast;
  return NULL;
}

const sharc_bytecode_dialect sharc_chlo_bytecode = {
    .write_attr = write_attr,
    .read_attr = read_attr,
    .read_type = read_type,
    .op_entry = op_entry,
};

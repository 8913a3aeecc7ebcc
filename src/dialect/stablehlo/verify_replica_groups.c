/* StableHLO's replica groups given as mesh axes
 * (ReplicaGroupMeshAxesAttr::verify and ::verifySymbolUses of
 * StablehloOps.cpp): the mesh is a symbol or an inline mesh whose axes name
 * every axis used; a symbol must resolve from the op that uses it. */
#include "dialect/stablehlo/shlo_ops.h"

#include "sharc/symbols.h"

#include <string.h>

static bool is_def(const sharc_attr *a, const shlo_struct_def *def) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == &def->base;
}

static bool mesh_has_axis(const sharc_attr *mesh, const sharc_attr *name) {
  const sharc_attr *axes = sharc_shlo_struct_field(mesh, &sharc_shlo_mesh_def, 0);
  for (unsigned i = 0; axes && i < sharc_attr_count(axes); i++)
    if (sharc_shlo_struct_field(sharc_attr_at(axes, i), &sharc_shlo_mesh_axis_def, 0) == name)
      return true;
  return false;
}

bool sharc_shlo_check_replica_group_mesh_axes(const sharc_attr *a, sharc_buf *msg) {
  const sharc_attr *mesh = sharc_shlo_struct_field(a, &sharc_shlo_replica_group_mesh_axes_def, 0);
  const sharc_attr *axes = sharc_shlo_struct_field(a, &sharc_shlo_replica_group_mesh_axes_def, 1);
  bool flat =
      mesh && mesh->kind == SHARC_ATTR_SYMBOL_REF && sharc_attr_symbol_num_nested(mesh) == 0;
  if (!flat && !is_def(mesh, &sharc_shlo_mesh_def)) {
    SHARC_BUF_LIT(msg, "mesh must be a FlatSymbolRefAttr or MeshAttr");
    return false;
  }
  if (flat || !axes || axes->kind != SHARC_ATTR_ARRAY)
    return true;
  for (unsigned i = 0; i < sharc_attr_count(axes); i++) {
    const sharc_attr *ref = sharc_attr_at(axes, i);
    if (!is_def(ref, &sharc_shlo_axis_ref_def)) {
      SHARC_BUF_LIT(msg, "expected AxisRefAttr in axes list");
      return false;
    }
    const sharc_attr *name = sharc_shlo_struct_field(ref, &sharc_shlo_axis_ref_def, 0);
    if (!mesh_has_axis(mesh, name)) {
      sharc_str s = sharc_attr_string_value(name);
      sharc_buf_printf(msg, "axis '%.*s' not found in mesh definition", (int)s.len, s.data);
      return false;
    }
  }
  return true;
}

/* The ops that are SymbolUserOpInterface through their replica_groups. */
static bool uses_replica_group_symbols(const sharc_op *op) {
  static const shlo_op_def *const ops[] = {
      &sharc_shlo_op_all_gather,        &sharc_shlo_op_all_reduce,
      &sharc_shlo_op_all_to_all,        &sharc_shlo_op_collective_broadcast,
      &sharc_shlo_op_collective_reduce, &sharc_shlo_op_reduce_scatter};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (sharc_op_isa(op, &ops[i]->def))
      return true;
  return false;
}

bool sharc_shlo_verify_replica_group_symbols(sharc_op *op) {
  if (!uses_replica_group_symbols(op))
    return true;
  const sharc_attr *groups = sharc_op_attr(op, "replica_groups");
  if (!is_def(groups, &sharc_shlo_replica_group_mesh_axes_def))
    return true;
  const sharc_attr *mesh =
      sharc_shlo_struct_field(groups, &sharc_shlo_replica_group_mesh_axes_def, 0);
  if (!mesh || mesh->kind != SHARC_ATTR_SYMBOL_REF || sharc_attr_symbol_num_nested(mesh) != 0)
    return true;
  sharc_str name = sharc_ident_str(sharc_attr_symbol_root(mesh));
  if (sharc_symbol_lookup_nearest(op, name))
    return true;
  sharc_emit_op_error(op, "replica_groups: mesh symbol '%.*s' not found", (int)name.len, name.data);
  return false;
}

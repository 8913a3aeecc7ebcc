/* Reading shardings and meshes, for every user: a value's sharding
 * wherever it is held, the mesh a sharding names, the sharded size of a
 * dimension, and sharding equivalence. The verifiers call these; these
 * never call the verifiers. */
#include "dialect/sdy/attrs_internal.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_ops_internal.h"
#include "dialect/sdy/utils.h"
#include "dialect/func/func.h"
#include "sharc/symbols.h"
#include "ir/static_names.h"

/* ---- meshes -------------------------------------------------------------- */

/* Shardy's getMeshOp: the nearest symbol table's symbol of that name, when
 * it is an sdy.mesh (the symbol index makes this O(1)). */
sharc_op *sharc_sdy_lookup_mesh_op(sharc_op *from, sharc_str name) {
  sharc_op *mesh = sharc_symbol_lookup_nearest(from, name);
  return mesh && sharc_op_isa(mesh, &sharc_sdy_mesh_op_def) ? mesh : NULL;
}

sharc_attr *sharc_sdy_mesh_or_ref_mesh(const sharc_attr *mesh_or_ref, sharc_op *op) {
  if (sharc_sdy_is_mesh(mesh_or_ref))
    return (sharc_attr *)mesh_or_ref;
  if (sharc_attr_get_kind(mesh_or_ref) != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *mesh_op =
      sharc_sdy_lookup_mesh_op(op, sharc_ident_str(sharc_attr_symbol_root(mesh_or_ref)));
  sharc_attr *mesh = mesh_op ? sharc_op_attr_static(mesh_op, "mesh") : NULL;
  return mesh && sharc_sdy_is_mesh(mesh) ? mesh : NULL;
}

sharc_attr *sharc_sdy_sharding_mesh(const sharc_attr *sharding, sharc_op *op) {
  return sharc_sdy_mesh_or_ref_mesh(sharc_sdy_tensor_sharding_mesh_or_ref(sharding), op);
}

/* ---- sizes ---------------------------------------------------------------- */

int64_t sharc_sdy_dim_sharding_sharded_size(const sharc_attr *dim, const sharc_attr *mesh) {
  return sharc_sdy_axes_total_size(sharc_sdy_list_items(dim), sharc_sdy_list_size(dim), mesh);
}

bool sharc_sdy_tensor_sharding_is_fully_replicated(const sharc_attr *sharding) {
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_rank(sharding); i++)
    if (sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(sharding, i)))
      return false;
  return true;
}

/* ---- values' shardings ---------------------------------------------------- */

static const sharc_op_def *const sharding_holders[] = {
    &sharc_sdy_sharding_constraint_def, &sharc_sdy_reshard_def, &sharc_sdy_data_flow_edge_def,
    NULL};

sharc_attr *sharc_sdy_sharding_list_in_dict(sharc_context *ctx, const sharc_attr *dict) {
  sharc_attr *per_value =
      sharc_attr_dict_get_ident(dict, sharc_context_static_ident(ctx, "sdy.sharding"));
  if (!per_value || sharc_attr_def_of(per_value) != &sharc_sdy_sharding_per_value_def)
    return NULL;
  return per_value;
}

/* The sharding of result `index` of an op holding its results'
 * shardings in `sdy.sharding` (most ops), read without calls through the
 * IR's public accessors: propagation asks it for every operand and result
 * of every op it visits. */
sharc_attr *sharc_sdy_result_sharding_in_list(const sharc_op *op, unsigned index) {
  return sharc_sdy_sharding_list_at(sharc_sdy_sharding_list_in_dict(sharc_op_ctx_of(op), op->attrs),
                                    index);
}

/* Read without the function interface's by-name look-ups: propagation
 * asks it of a function's arguments at every step through their users. */
sharc_attr *sharc_sdy_func_arg_attrs(const sharc_op *func) {
  sharc_context *ctx = sharc_op_ctx_of(func);
  sharc_attr *arg_attrs =
      sharc_attr_dict_get_ident(func->attrs, sharc_context_static_ident(ctx, "arg_attrs"));
  return arg_attrs && sharc_attr_get_kind(arg_attrs) == SHARC_ATTR_ARRAY ? arg_attrs : NULL;
}

sharc_attr *sharc_sdy_arg_dict_sharding(sharc_context *ctx, const sharc_attr *dict) {
  sharc_attr *s =
      sharc_attr_dict_get_ident(dict, sharc_context_static_ident(ctx, SHARC_SDY_SHARDING_ATTR));
  return s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
}

sharc_attr *sharc_sdy_func_arg_sharding(const sharc_op *func, unsigned index) {
  sharc_attr *arg_attrs = sharc_sdy_func_arg_attrs(func);
  if (!arg_attrs || index >= sharc_attr_count(arg_attrs))
    return NULL;
  return sharc_sdy_arg_dict_sharding(sharc_op_ctx_of(func), sharc_attr_at(arg_attrs, index));
}

sharc_attr *sharc_sdy_value_sharding(sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT) {
    const sharc_op *op = sharc_value_op_of(v);
    const sharc_op_def *def = sharc_op_def_of(op);
    if (!def || def->dialect != &sharc_sdy_dialect)
      return sharc_sdy_result_sharding_in_list(op, sharc_value_index_of(v));
  }
  if (v->vkind == SHARC_VALUE_ARG) {
    sharc_op *owner = sharc_block_parent_op(sharc_value_block_of(v));
    if (!owner || sharc_op_def_of(owner) != &sharc_func_func_def)
      return NULL;
    return sharc_sdy_func_arg_sharding(owner, sharc_value_index_of(v));
  }
  sharc_op *op = sharc_value_defining_op(v);
  /* the ops that hold their sharding elsewhere are all sdy ops; most
   * values are results of other dialects' ops */
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def && def->dialect == &sharc_sdy_dialect) {
    for (const sharc_op_def *const *h = sharding_holders; *h; h++)
      if (def == *h) {
        sharc_attr *s = sharc_op_attr_static(op, "sharding");
        return s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
      }
    if (sharc_sdy_is_collective(op)) {
      sharc_attr *out = sharc_op_attr_static(op, "out_sharding");
      return out && sharc_sdy_is_tensor_sharding(out) ? out : NULL;
    }
  }
  sharc_attr *per_value = sharc_op_attr_static(op, "sdy.sharding");
  if (!per_value || !sharc_sdy_is_sharding_per_value(per_value) ||
      sharc_value_index(v) >= sdy_per_value_size(per_value))
    return NULL;
  return sdy_per_value_at(per_value, sharc_value_index(v));
}

/* ---- shardings compared --------------------------------------------------- */

static bool fully_replicated(const sharc_attr *s, bool ignore_unreduced) {
  if (!s)
    return true;
  if (!ignore_unreduced && sharc_sdy_tensor_sharding_num_unreduced(s))
    return false;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++)
    if (sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(s, d)))
      return false;
  return true;
}

/* The same axes, whether open or closed and whatever the priority. */
static bool dim_axes_equal(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_axes_equal(sharc_sdy_list_items(a), sharc_sdy_list_size(a),
                              sharc_sdy_list_items(b), sharc_sdy_list_size(b));
}

/* A tensor sharding's unreduced axes: segment 2 after its 2 fixed words. */
bool sharc_sdy_same_unreduced(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_attr_segs_equal(a, b, 2, 2);
}

bool sharc_sdy_shardings_equivalent(const sharc_attr *a, const sharc_attr *b, bool ignore_unreduced) {
  if (fully_replicated(a, ignore_unreduced))
    return fully_replicated(b, ignore_unreduced);
  if (!b || sharc_sdy_tensor_sharding_mesh_or_ref(a) != sharc_sdy_tensor_sharding_mesh_or_ref(b))
    return false;
  if (!ignore_unreduced && !sharc_sdy_same_unreduced(a, b))
    return false;
  unsigned rank = sharc_sdy_tensor_sharding_rank(a);
  if (rank != sharc_sdy_tensor_sharding_rank(b))
    return false;
  for (unsigned d = 0; d < rank; d++)
    if (!dim_axes_equal(sharc_sdy_tensor_sharding_dim(a, d), sharc_sdy_tensor_sharding_dim(b, d)))
      return false;
  return true;
}

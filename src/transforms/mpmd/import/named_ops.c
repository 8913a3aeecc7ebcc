/* Named computations and named tensors under the user's assignment. */
#include "transforms/mpmd/import/named_ops.h"
#include "ir/static_names.h"

#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"

#include <stdlib.h>

sharc_str sharc_mpmd_named_op_name(const sharc_op *op) {
  if (sharc_op_isa(op, &sharc_mpmd_named_computation_def)) {
    sharc_attr *origin = sharc_op_attr_static(op, "origin");
    return origin && sharc_mpmd_is_user_origin(origin) ? sharc_mpmd_user_origin_name(origin)
                                                        : (sharc_str){"", 0};
  }
  sharc_attr *name = sharc_op_attr_static(op, "name");
  return name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING ? sharc_attr_string_value(name)
                                                                 : (sharc_str){"", 0};
}

const sharc_mpmd_name_assignment *sharc_mpmd_named_op_assignment(const sharc_op *op,
                                                                 const sharc_mpmd_user_assignment *m) {
  return sharc_mpmd_user_assignment_find(m, sharc_mpmd_named_op_name(op));
}

sharc_type *sharc_mpmd_named_tensor_type(const sharc_op *named_tensor,
                                         const sharc_mpmd_name_assignment *a) {
  if (!a)
    return NULL;
  sharc_context *ctx = sharc_op_context(named_tensor);
  sharc_str mesh, kind;
  sharc_mpmd_split_memory_kind(sharc_str_from_cstr(a->mesh), &mesh, &kind);
  return sharc_mpmd_mesh_tensor(ctx, mesh, sharc_value_type(sharc_op_operand(named_tensor, 0)), NULL,
                                kind.len ? sharc_attr_string(ctx, kind) : NULL);
}

void sharc_mpmd_inline_named_computation(sharc_op *nc, sharc_rewriter *rw) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(nc, 0));
  sharc_op *ret = sharc_block_last_op(body);
  unsigned n = sharc_op_num_operands(nc);
  sharc_value **args = sharc_op_operand_values(nc);
  sharc_rw_inline_block_before(rw, body, sharc_op_block(nc), nc, args, n);
  unsigned nr = sharc_op_num_operands(ret);
  sharc_value **results = sharc_op_operand_values(ret);
  sharc_rw_replace_op(rw, nc, results, nr);
  sharc_rw_erase_op(rw, ret);
  free(results);
  free(args);
}

/* Shardy's export utilities; see export_utils.h. */
#include "transforms/sdy/export/export_utils.h"

#include "dialect/sdy/sdy_ops.h"
#include "sharc/sdy.h"

sharc_op *sharc_sdy_global_mesh_op(sharc_op *module) {
  if (!module || !sharc_op_num_regions(module))
    return NULL;
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (mesh && !sharc_sdy_mesh_is_maximal(mesh) && sharc_sdy_mesh_num_axes(mesh) > 0)
      return op;
  }
  return NULL;
}

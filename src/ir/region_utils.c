/* MLIR's getUsedValuesDefinedAbove: free variables of an op's regions. */
#include "ir/region_utils.h"

#include "support/ptrmap.h"

sharc_region *sharc_value_parent_region(const sharc_value *v) {
  if (sharc_value_is_block_arg(v))
    return sharc_block_region(sharc_value_owner_block(v));
  sharc_op *def = sharc_value_defining_op(v);
  return def ? sharc_op_parent_region(def) : NULL;
}

typedef struct free_vars {
  sharc_region *const *outer; /* the regions enclosing the op */
  unsigned n_outer;
  sharc_ptr_vec *out;
  sharc_ptrmap seen;
} free_vars;

static bool is_outer(const free_vars *fv, const sharc_region *r) {
  for (unsigned i = 0; i < fv->n_outer; i++)
    if (fv->outer[i] == r)
      return true;
  return false;
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  free_vars *fv = user;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    if (!is_outer(fv, sharc_value_parent_region(v)) || sharc_ptrmap_get(&fv->seen, v))
      continue;
    sharc_ptrmap_put(&fv->seen, v, v);
    sharc_vec_push(fv->out, v);
  }
  return SHARC_WALK_ADVANCE;
}

void sharc_used_values_defined_above(sharc_op *op, sharc_ptr_vec *out) {
  if (!sharc_op_num_regions(op))
    return;
  SHARC_VEC(sharc_region *) outer = {0};
  for (sharc_region *r = sharc_op_parent_region(op); r;) {
    sharc_vec_push(&outer, r);
    sharc_op *parent = sharc_region_parent_op(r);
    r = parent ? sharc_op_parent_region(parent) : NULL;
  }
  free_vars fv = {outer.items, outer.len, out, {0}};
  for (unsigned i = 0; i < out->len; i++)
    sharc_ptrmap_put(&fv.seen, out->items[i], out->items[i]);
  for (unsigned i = 0; i < sharc_op_num_regions(op); i++)
    sharc_walk_region(sharc_op_region(op, i), SHARC_POST_ORDER, collect, &fv);
  sharc_ptrmap_free(&fv.seen);
  sharc_vec_free(&outer);
}

/* What StableHLO gives MLIR's canonicalizer: the constant op's fold (its
 * value, so constants are deduplicated and hoisted), the dialect's constant
 * materialization, and stablehlo.case on a constant index replaced by the
 * chosen branch (FoldConstantCaseOp). */
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/rewrite.h"
#include "support/xalloc.h"

sharc_fold_status sharc_shlo_constant_fold(sharc_op *op, sharc_fold_result *results) {
  sharc_attr *value = sharc_op_attr(op, "value");
  if (!value)
    return SHARC_FOLD_NONE;
  results[0].attr = value;
  return SHARC_FOLD_RESULTS;
}

/* Only elements attributes of exactly the result type, as StableHLO's
 * materializeConstant. */
sharc_op *sharc_shlo_materialize_constant(sharc_rewriter *rw, sharc_attr *value, sharc_type *type,
                                          sharc_attr *loc) {
  sharc_attr_kind k = sharc_attr_get_kind(value);
  if ((k != SHARC_ATTR_DENSE_ELEMENTS && k != SHARC_ATTR_DENSE_STRING &&
       k != SHARC_ATTR_DENSE_RESOURCE) ||
      sharc_attr_type(value) != type)
    return NULL;
  sharc_named_attr attr = {sharc_ident_get(rw->ctx, SHARC_STR("value")), value};
  sharc_op_state st = {
      .name = sharc_ident_get(rw->ctx, SHARC_STR("stablehlo.constant")),
      .loc = loc,
      .result_types = &type,
      .num_results = 1,
      .attrs = sharc_attr_dictionary(rw->ctx, &attr, 1),
  };
  return sharc_rw_create(rw, &st);
}

/* The first element of an integer elements constant, as StableHLO reads a
 * case index (getValues<int>().begin()). */
static bool first_int(const sharc_attr *a, int64_t *out) {
  if (!a || a->kind != SHARC_ATTR_DENSE_ELEMENTS || !sharc_dense_nwords(a))
    return false;
  sharc_type *elem = sharc_type_element(a->type);
  if (!elem || sharc_type_get_kind(elem) != SHARC_TYPE_INTEGER)
    return false;
  *out = (int32_t)(uint32_t)sharc_dense_raw(a)[0];
  return true;
}

static bool fold_constant_case(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *index_def = sharc_value_defining_op(sharc_op_operand(op, 0));
  int64_t index;
  if (!index_def || !first_int(sharc_op_constant_value(index_def), &index))
    return false;
  if (index < 0 || (unsigned)index >= sharc_op_num_regions(op))
    return false;
  sharc_block *block = sharc_region_last_block(sharc_op_region(op, (unsigned)index));
  sharc_op *term = block ? sharc_block_last_op(block) : NULL;
  if (!term)
    return false;
  sharc_mapping *map = sharc_mapping_create();
  for (sharc_op *o = sharc_block_first_op(block); o != term; o = sharc_op_next(o))
    sharc_rw_clone(rw, o, map);
  unsigned n = sharc_op_num_operands(term);
  sharc_value **values = sharc_xmalloc_array(n + 1, sizeof *values);
  for (unsigned i = 0; i < n; i++)
    values[i] = sharc_mapping_value_or_self(map, sharc_op_operand(term, i));
  sharc_rw_replace_op(rw, op, values, n);
  free(values);
  sharc_mapping_destroy(map);
  return true;
}

const sharc_pattern sharc_shlo_case_patterns[] = {
    {"FoldConstantCaseOp", fold_constant_case, NULL, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

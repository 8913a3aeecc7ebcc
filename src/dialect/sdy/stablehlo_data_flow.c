/* Shardy's ShardableDataFlowOpInterface on StableHLO's region and barrier
 * ops (its stablehlo_extensions): while (operand, yielded value, both block
 * arguments and result form one edge owned by the result), case (each
 * branch's returned value flows into the result) and optimization_barrier
 * (operand into result). Results own every edge and keep their shardings in
 * the op's `sdy.sharding`, the interface's default. */
#include "dialect/sdy/sdy_interfaces.h"

static sharc_use *operand_use(sharc_op *op, unsigned i) { return &op->operands[i]; }

/* The terminator of the first block of region `r`, or NULL. */
static sharc_op *region_terminator(sharc_op *op, unsigned r) {
  if (r >= sharc_op_num_regions(op))
    return NULL;
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, r));
  return b ? sharc_block_last_op(b) : NULL;
}

static sharc_value *result_or_null(sharc_op *op, unsigned i) {
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

/* Every source of these ops sits at the owner's result number. */
static sharc_value *owner_from_source(sharc_op *op, sharc_use *source) {
  return result_or_null(op, sharc_use_operand_index(source));
}

static sharc_value *result_owner_from_target(sharc_op *op, sharc_value *target) {
  (void)op;
  return sharc_value_is_block_arg(target) ? NULL : target;
}

/* ---- while: regions cond (0) and body (1) --------------------------------- */

static void while_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  sharc_op *ret = region_terminator(op, 1);
  if (i < sharc_op_num_operands(op))
    sharc_ptrvec_push(out, operand_use(op, i));
  if (ret && i < sharc_op_num_operands(ret))
    sharc_ptrvec_push(out, operand_use(ret, i));
}

static sharc_value *while_owner_from_target(sharc_op *op, sharc_value *target) {
  if (!sharc_value_is_block_arg(target))
    return target;
  return result_or_null(op, sharc_value_index(target));
}

static void while_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  for (unsigned r = 0; r < 2 && r < sharc_op_num_regions(op); r++) {
    sharc_block *b = sharc_region_first_block(sharc_op_region(op, r));
    if (b && i < sharc_block_num_args(b))
      sharc_ptrvec_push(out, sharc_block_arg(b, i));
  }
}

const sharc_sdy_data_flow_iface sharc_sdy_shlo_while_data_flow = {
    .edge_sources = while_edge_sources,
    .owner_from_target = while_owner_from_target,
    .owner_from_source = owner_from_source,
    .non_owner_targets = while_non_owner_targets,
};

/* ---- case: one region per branch ------------------------------------------ */

static void case_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++) {
    sharc_op *ret = region_terminator(op, r);
    if (ret && i < sharc_op_num_operands(ret))
      sharc_ptrvec_push(out, operand_use(ret, i));
  }
}

const sharc_sdy_data_flow_iface sharc_sdy_shlo_case_data_flow = {
    .edge_sources = case_edge_sources,
    .owner_from_target = result_owner_from_target,
    .owner_from_source = owner_from_source,
};

/* ---- optimization_barrier ------------------------------------------------- */

static void barrier_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  if (i < sharc_op_num_operands(op))
    sharc_ptrvec_push(out, operand_use(op, i));
}

const sharc_sdy_data_flow_iface sharc_sdy_shlo_optimization_barrier_data_flow = {
    .edge_sources = barrier_edge_sources,
    .owner_from_target = result_owner_from_target,
    .owner_from_source = owner_from_source,
};

/* Shardy's StableHLO extensions: stablehlo.while, stablehlo.case and
 * stablehlo.optimization_barrier as sdy data flow ops, each result owning
 * the edge that joins it to the values flowing into it (operands, the
 * operands of region terminators) and, for while, to the block arguments
 * of both regions. */
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/stablehlo/shlo.h"

static sharc_op *region_terminator(const sharc_op *op, unsigned region) {
  if (region >= sharc_op_num_regions(op))
    return NULL;
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, region));
  return b ? sharc_block_last_op(b) : NULL;
}

static void push_operand(sharc_ptrvec *out, sharc_op *op, unsigned i) {
  if (op && i < op->num_operands)
    sharc_ptrvec_push(out, &sharc_op_operands_of(op)[i]);
}

static void push_block_arg(sharc_ptrvec *out, const sharc_op *op, unsigned region, unsigned i) {
  if (region >= sharc_op_num_regions(op))
    return;
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, region));
  if (b && i < sharc_block_num_args(b))
    sharc_ptrvec_push(out, sharc_block_arg(b, i));
}

/* Every source maps to the result of its operand number, whichever op or
 * terminator it belongs to (Shardy's getEdgeOwnerFromSource). */
static sharc_value *result_of_operand_number(sharc_op *op, sharc_use *source) {
  unsigned i = sharc_use_operand_index(source);
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

static sharc_value *target_itself(sharc_op *op, sharc_value *target) {
  (void)op;
  return target;
}

/* ---- stablehlo.while: the operand, the body's returned value, the result
 * and the argument of both regions are one edge per index. */
static void while_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  push_operand(out, op, i);
  push_operand(out, region_terminator(op, 1), i);
}

static sharc_value *while_owner_from_target(sharc_op *op, sharc_value *target) {
  if (!sharc_value_is_block_arg(target))
    return target;
  unsigned i = sharc_value_index(target);
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

static void while_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  push_block_arg(out, op, 0, i);
  push_block_arg(out, op, 1, i);
}

const sharc_sdy_data_flow_iface sharc_shlo_while_data_flow = {
    .edge_sources = while_edge_sources,
    .owner_from_target = while_owner_from_target,
    .owner_from_source = result_of_operand_number,
    .non_owner_targets = while_non_owner_targets,
};

/* ---- stablehlo.case: each branch's returned value flows into the result. */
static void case_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    push_operand(out, region_terminator(op, r), i);
}

const sharc_sdy_data_flow_iface sharc_shlo_case_data_flow = {
    .edge_sources = case_edge_sources,
    .owner_from_target = target_itself,
    .owner_from_source = result_of_operand_number,
};

/* ---- stablehlo.optimization_barrier: operand i flows into result i. */
static void barrier_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  push_operand(out, op, sharc_value_index(owner));
}

const sharc_sdy_data_flow_iface sharc_shlo_optimization_barrier_data_flow = {
    .edge_sources = barrier_edge_sources,
    .owner_from_target = target_itself,
    .owner_from_source = result_of_operand_number,
};

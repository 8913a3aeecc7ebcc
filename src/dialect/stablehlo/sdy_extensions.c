/* Shardy's StableHLO extensions: the ShardableDataFlowOpInterface of
 * stablehlo.while (operand, body yield, cond and body block arguments and
 * result form one edge owned by the result), stablehlo.case (each branch's
 * yield flows to the result) and stablehlo.optimization_barrier (operand to
 * result). */
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/stablehlo/shlo_ops.h"

static sharc_op *region_terminator(const sharc_op *op, unsigned region) {
  if (region >= sharc_op_num_regions(op))
    return NULL;
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, region));
  return b ? sharc_block_last_op(b) : NULL;
}

/* The use of operand `i` of `op`, if it has one. */
static void push_operand_use(sharc_op *op, unsigned i, sharc_ptrvec *out) {
  if (op && i < sharc_op_num_operands(op))
    sharc_ptrvec_push(out, &op->operands[i]);
}

static sharc_value *result_at(sharc_op *op, unsigned i) {
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

/* Every op here: the source's operand number names the owning result. */
static sharc_value *owner_from_source(sharc_op *op, sharc_use *source) {
  return result_at(op, sharc_use_operand_index(source));
}

/* A target is a result (its own owner) or, for while, a block argument
 * standing for the result of its number. */
static sharc_value *owner_from_target(sharc_op *op, sharc_value *target) {
  return sharc_value_is_block_arg(target) ? result_at(op, sharc_value_index(target)) : target;
}

/* ---- while ------------------------------------------------------------------ */

static void while_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  push_operand_use(op, i, out);
  push_operand_use(region_terminator(op, 1), i, out);
}

static void while_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  for (unsigned r = 0; r < 2 && r < sharc_op_num_regions(op); r++) {
    sharc_block *b = sharc_region_first_block(sharc_op_region(op, r));
    if (b && i < sharc_block_num_args(b))
      sharc_ptrvec_push(out, sharc_block_arg(b, i));
  }
}

const sharc_sdy_data_flow_iface sharc_shlo_while_data_flow = {
    .edge_sources = while_edge_sources,
    .owner_from_target = owner_from_target,
    .owner_from_source = owner_from_source,
    .non_owner_targets = while_non_owner_targets,
};

/* ---- case ---------------------------------------------------------------------- */

static void case_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    push_operand_use(region_terminator(op, r), sharc_value_index(owner), out);
}

const sharc_sdy_data_flow_iface sharc_shlo_case_data_flow = {
    .edge_sources = case_edge_sources,
    .owner_from_target = owner_from_target,
    .owner_from_source = owner_from_source,
};

/* ---- optimization_barrier -------------------------------------------------------- */

static void barrier_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  push_operand_use(op, sharc_value_index(owner), out);
}

const sharc_sdy_data_flow_iface sharc_shlo_optimization_barrier_data_flow = {
    .edge_sources = barrier_edge_sources,
    .owner_from_target = owner_from_target,
    .owner_from_source = owner_from_source,
};

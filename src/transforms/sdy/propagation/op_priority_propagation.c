/* The op-priority propagation step; see op_priority_propagation.h.
 *
 * The schedule, one heuristic per priority; at priority p an op propagates
 * in the union of the directions of heuristics 0..p:
 *   0. pass-through ops (element-wise, reshape, transpose, data flow edges,
 *      offloading custom calls both ways; dynamic (update) slices only
 *      forward), unless an operand with a shape has other uses: forward
 *      would spread a conflict to each use, backward could conflict with
 *      another use;
 *   1. the same ops whatever the operands' uses;
 *   2. along pass-through factors only, broadcasts backward only;
 *   3. every op, broadcasts backward only;
 *   4. every op both ways. */
#include "transforms/sdy/propagation/op_priority_propagation.h"

#include "ir/static_names.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "transforms/sdy/common/op_properties.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/op_access.h"
#include "transforms/sdy/rules/rules.h"

/* getDirectionBasedOnUses */
static sharc_sdy_propagation_direction direction_based_on_uses(sharc_op *op, bool multi_use) {
  if (multi_use)
    return SHARC_SDY_PROPAGATION_BOTH;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *operand = sharc_op_operand(op, i);
    /* a scalar cannot be sharded, so its other uses cannot conflict */
    if (!sharc_value_has_one_use(operand) && !sharc_sdy_is_scalar(operand))
      return SHARC_SDY_PROPAGATION_NONE;
  }
  return SHARC_SDY_PROPAGATION_BOTH;
}

static bool is_offload_custom_call(sharc_op *op) {
  if (!sharc_op_isa(op, SHARC_SHLO(custom_call)))
    return false;
  sharc_str target = sharc_op_str_attr(op, "call_target_name");
  return sharc_str_eq(target, SHARC_STR("MoveToDevice")) ||
         sharc_str_eq(target, SHARC_STR("MoveToHost"));
}

static sharc_sdy_propagation_direction pass_through_op(sharc_op *op, bool multi_use) {
  if (sharc_sdy_is_elementwise(op) || is_offload_custom_call(op) ||
      sharc_op_isa(op, SHARC_SHLO(reshape)) || sharc_op_isa(op, SHARC_SHLO(transpose)) ||
      sharc_op_isa(op, &sharc_sdy_data_flow_edge_def) ||
      sharc_op_isa(op, &sharc_sdy_func_data_flow_edge_def))
    return direction_based_on_uses(op, multi_use);
  if (sharc_op_isa(op, SHARC_SHLO(dynamic_slice)) ||
      sharc_op_isa(op, SHARC_SHLO(dynamic_update_slice)))
    return sharc_sdy_intersection_of_directions(direction_based_on_uses(op, multi_use),
                                                SHARC_SDY_PROPAGATION_FORWARD);
  return SHARC_SDY_PROPAGATION_NONE;
}

/* What the schedule needs of one op, computed once per op rather than per
 * factor. Heuristic 0 allows no more than 1, and 2 no more than 3: the
 * union up to a priority is an op-wide direction (from heuristics 1, or 0
 * at priority 0, 3 and 4), joined at priority 2 only with the factor's
 * own (heuristic 2). */
typedef struct op_facts {
  sharc_op *op;
  sharc_sdy_propagation_direction op_wide; /* the union, but for heuristic 2 */
  bool broadcast;
  const sharc_attr *rule; /* the op's own rule (at priority 2), or NULL */
} op_facts;

/* propagateAnyExceptBroadcastForward */
static sharc_sdy_propagation_direction any_but_broadcast_forward(const op_facts *f) {
  return f->broadcast ? SHARC_SDY_PROPAGATION_BACKWARD : SHARC_SDY_PROPAGATION_BOTH;
}

static void learn(op_facts *f, sharc_op *op, unsigned priority) {
  f->op = op;
  f->broadcast = sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim));
  /* only heuristic 2 reads the rule */
  sharc_attr *rule = priority == 2 ? sharc_op_attr_static(op, SHARC_SDY_SHARDING_RULE_ATTR) : NULL;
  f->rule = rule && sharc_sdy_is_op_sharding_rule(rule) ? rule : NULL;
  /* heuristic 0 looks at the operands' uses, 1 does not */
  f->op_wide = priority >= 4 ? SHARC_SDY_PROPAGATION_BOTH : pass_through_op(op, priority >= 1);
  if (priority == 3)
    f->op_wide = sharc_sdy_union_of_directions(f->op_wide, any_but_broadcast_forward(f));
}

/* onlyPassThroughFactorsBroadcastBackward; an op without a rule (a data
 * flow edge) counts as having an identity rule, whose factors all pass
 * through. */
static sharc_sdy_propagation_direction pass_through_factors_broadcast_backward(
    const op_facts *f, unsigned factor) {
  if (f->rule && !sharc_rule_factor_is_pass_through(f->rule, factor))
    return SHARC_SDY_PROPAGATION_NONE;
  return any_but_broadcast_forward(f);
}

/* The union of the schedule's heuristics 0..priority. */
static sharc_sdy_propagation_direction direction_at(unsigned priority, const op_facts *f,
                                                    unsigned factor) {
  if (priority != 2)
    return f->op_wide;
  return sharc_sdy_union_of_directions(f->op_wide,
                                       pass_through_factors_broadcast_backward(f, factor));
}

typedef struct op_based {
  unsigned priority;
  sharc_get_direction_fn direction;
  void *direction_user;
  op_facts last; /* the op asked about last (its factors come one by one) */
} op_based;

/* getOpBasedDirectionToPropagate. The facts of the op asked about last are
 * kept, its factors being asked about one after the other; nothing they
 * read changes during a propagation but the op's rule, set when the op is
 * first propagated through, so facts lacking the rule heuristic 2 reads
 * are learnt again. */
static sharc_sdy_propagation_direction op_based_direction(void *user, sharc_op *op,
                                                          unsigned factor) {
  op_based *c = user;
  if (c->last.op != op || (c->priority == 2 && !c->last.rule))
    learn(&c->last, op, c->priority);
  return sharc_sdy_intersection_of_directions(direction_at(c->priority, &c->last, factor),
                                              c->direction(c->direction_user, op, factor));
}

bool sharc_propagation_propagate_op_priority(sharc_propagation *pr,
                                             sharc_propagation_strategy strategy,
                                             bool run_op_priority_propagation,
                                             sharc_get_direction_fn direction,
                                             void *direction_user) {
  if (!run_op_priority_propagation)
    return sharc_propagation_propagate_aggressive(pr, strategy, direction, direction_user);
  for (unsigned priority = 0; priority < SHARC_OP_PRIORITY_COUNT; priority++) {
    op_based c = {priority, direction, direction_user, {0}};
    if (!sharc_propagation_propagate_aggressive(pr, strategy, op_based_direction, &c))
      return false;
  }
  return true;
}

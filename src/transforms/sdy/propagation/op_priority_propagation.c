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

#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/op_properties.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/op_access.h"
#include "transforms/sdy/rules/rules.h"

#include <stdlib.h>
#include <string.h>

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

/* Which pass-through ops heuristics 0 and 1 let propagate: both ways or
 * only forward (each as the operands' uses allow), or not at all. */
typedef enum pass_through_kind {
  PASS_THROUGH_NONE = 1, /* nonzero: stored in a ptrmap */
  PASS_THROUGH_BOTH,
  PASS_THROUGH_FORWARD,
  PASS_THROUGH_PER_OP, /* depends on more than the op's kind */
} pass_through_kind;

static pass_through_kind pass_through_kind_of(sharc_op *op) {
  if (sharc_sdy_is_elementwise(op) || is_offload_custom_call(op) ||
      sharc_op_isa(op, SHARC_SHLO(reshape)) || sharc_op_isa(op, SHARC_SHLO(transpose)) ||
      sharc_op_isa(op, &sharc_sdy_data_flow_edge_def) ||
      sharc_op_isa(op, &sharc_sdy_func_data_flow_edge_def))
    return PASS_THROUGH_BOTH;
  if (sharc_op_isa(op, SHARC_SHLO(dynamic_slice)) ||
      sharc_op_isa(op, SHARC_SHLO(dynamic_update_slice)))
    return PASS_THROUGH_FORWARD;
  return PASS_THROUGH_NONE;
}

/* The kind of every op of a kind is the same but for custom calls (their
 * target) and bitcast converts (their shapes), and ops of no registered
 * kind: those are asked per op. */
static bool kind_decides(const sharc_op *op) {
  return sharc_op_get_def(op) && !sharc_op_isa(op, SHARC_SHLO(custom_call)) &&
         !sharc_op_isa(op, SHARC_SHLO(bitcast_convert));
}

/* pass_through_kind_of, remembered per op kind in `kinds` (op definition
 * -> kind) for the whole op-priority propagation: nothing it reads of an
 * op changes while propagating. */
static pass_through_kind cached_pass_through_kind(sharc_ptrmap *kinds, sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  uintptr_t known = def ? (uintptr_t)sharc_ptrmap_get(kinds, def) : 0;
  if (known)
    return known == PASS_THROUGH_PER_OP ? pass_through_kind_of(op) : (pass_through_kind)known;
  pass_through_kind kind = pass_through_kind_of(op);
  if (def)
    sharc_ptrmap_put(kinds, def, (void *)(uintptr_t)(kind_decides(op) ? kind
                                                                       : PASS_THROUGH_PER_OP));
  return kind;
}

static sharc_sdy_propagation_direction pass_through_op(pass_through_kind kind, sharc_op *op,
                                                       bool multi_use) {
  switch (kind) {
  case PASS_THROUGH_BOTH:
    return direction_based_on_uses(op, multi_use);
  case PASS_THROUGH_FORWARD:
    return sharc_sdy_intersection_of_directions(direction_based_on_uses(op, multi_use),
                                                SHARC_SDY_PROPAGATION_FORWARD);
  default:
    return SHARC_SDY_PROPAGATION_NONE;
  }
}

/* What the schedule needs of one op, computed once per op rather than per
 * factor. Heuristic 0 allows no more than 1, and 2 no more than 3: the
 * union up to a priority is an op-wide direction (from heuristics 1, or 0
 * at priority 0, 3 and 4), joined at priority 2 only with the factor's
 * own (heuristic 2). */
typedef struct op_facts {
  sharc_sdy_propagation_direction op_wide; /* the union, but for heuristic 2 */
  bool broadcast;
  const sharc_attr *rule; /* the op's own rule (at priority 2, once asked), or NULL */
} op_facts;

/* propagateAnyExceptBroadcastForward */
static sharc_sdy_propagation_direction any_but_broadcast_forward(const op_facts *f) {
  return f->broadcast ? SHARC_SDY_PROPAGATION_BACKWARD : SHARC_SDY_PROPAGATION_BOTH;
}

/* The op's pass-through kind and whether it is a broadcast, noted in its
 * propagation entry on the first visit (kind << 1 | broadcast; kinds are
 * nonzero): nothing either reads of an op changes while propagating. */
static pass_through_kind noted_kind(sharc_propagation *pr, sharc_ptrmap *kinds, sharc_op *op,
                                    bool *broadcast) {
  sharc_propagation_op *info = sharc_propagation_op_info(pr, op);
  if (!info->direction_facts)
    info->direction_facts = (unsigned char)(cached_pass_through_kind(kinds, op) << 1 |
                                            sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim)));
  *broadcast = info->direction_facts & 1;
  return (pass_through_kind)(info->direction_facts >> 1);
}

static void learn(op_facts *f, sharc_op *op, unsigned priority, sharc_ptrmap *kinds,
                  sharc_propagation *pr) {
  pass_through_kind kind = noted_kind(pr, kinds, op, &f->broadcast);
  f->rule = NULL;
  /* heuristic 0 looks at the operands' uses, 1 does not */
  f->op_wide =
      priority >= 4 ? SHARC_SDY_PROPAGATION_BOTH : pass_through_op(kind, op, priority >= 1);
  if (priority == 3)
    f->op_wide = sharc_sdy_union_of_directions(f->op_wide, any_but_broadcast_forward(f));
}

static void mark_not_pass_through(const sharc_attr *rule, bool *blocked, unsigned num_factors) {
  memset(blocked, 0, num_factors * sizeof *blocked);
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_REDUCTION, blocked, num_factors);
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_NEED_REPLICATION, blocked, num_factors);
  sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_PERMUTATION, blocked, num_factors);
}

/* mark_not_pass_through, the marks of a rule of few enough factors
 * remembered in `masks` (rule -> mask << 1 | 1): ops alike share a rule. */
static void cached_not_pass_through(sharc_ptrmap *masks, const sharc_attr *rule, bool *blocked,
                                    unsigned num_factors) {
  /* the marks stand for the rule's own factors only */
  if (num_factors >= sizeof(uintptr_t) * 8 || num_factors != sharc_rule_num_factors(rule)) {
    mark_not_pass_through(rule, blocked, num_factors);
    return;
  }
  uintptr_t known = (uintptr_t)sharc_ptrmap_get(masks, rule);
  if (known) {
    for (unsigned k = 0; k < num_factors; k++)
      blocked[k] = known >> (k + 1) & 1;
    return;
  }
  mark_not_pass_through(rule, blocked, num_factors);
  uintptr_t mask = 0;
  for (unsigned k = 0; k < num_factors; k++)
    mask |= (uintptr_t)blocked[k] << k;
  sharc_ptrmap_put(masks, rule, (void *)(mask << 1 | 1));
}

/* Priority 2, where the union of the schedule's heuristics depends on the
 * factor: the op-wide direction joined with heuristic 2
 * (onlyPassThroughFactorsBroadcastBackward: reduction, need-replication
 * and permutation factors do not pass through; an op without a rule, a
 * data flow edge, counts as having an identity rule, whose factors all
 * pass through), then intersected with the caller's `along`. The rule's
 * factor lists are read once per rule, not once per factor or visit. */
static void intersect_at_priority_2(const op_facts *f, sharc_ptrmap *masks, unsigned num_factors,
                                    sharc_sdy_propagation_direction *along) {
  bool stack[32];
  bool *blocked = num_factors <= 32 ? stack : sharc_xmalloc_array(num_factors, sizeof *blocked);
  if (f->rule)
    cached_not_pass_through(masks, f->rule, blocked, num_factors);
  else
    memset(blocked, 0, num_factors * sizeof *blocked);
  sharc_sdy_propagation_direction pass_through = any_but_broadcast_forward(f);
  for (unsigned k = 0; k < num_factors; k++) {
    sharc_sdy_propagation_direction heuristic_2 =
        blocked[k] ? SHARC_SDY_PROPAGATION_NONE : pass_through;
    along[k] = sharc_sdy_intersection_of_directions(
        sharc_sdy_union_of_directions(f->op_wide, heuristic_2), along[k]);
  }
  if (blocked != stack)
    free(blocked);
}

typedef struct op_based {
  unsigned priority;
  sharc_get_direction_fn direction;
  void *direction_user;
  sharc_ptrmap *kinds; /* see cached_pass_through_kind */
  sharc_ptrmap *masks; /* see cached_not_pass_through */
  sharc_propagation *pr;
} op_based;

/* getOpBasedDirectionToPropagate for every factor of `op`: the op's facts
 * are learnt once per visit (its rule, which heuristic 2 reads, is set
 * when the op is first propagated through, so they are not kept across
 * visits). An op no heuristic lets propagate asks the caller's function
 * nothing: the intersection is NONE whatever it says. */
static int op_based_direction(void *user, sharc_op *op, unsigned num_factors,
                              sharc_sdy_propagation_direction *along) {
  const op_based *c = user;
  op_facts facts;
  learn(&facts, op, c->priority, c->kinds, c->pr);
  if (c->priority != 2 && facts.op_wide == SHARC_SDY_PROPAGATION_NONE)
    return SHARC_SDY_PROPAGATION_NONE;
  /* the caller's function is not asked when it allows every direction
   * (the passes' own): intersecting with BOTH changes nothing */
  bool any = c->direction == sharc_propagate_any;
  if (c->priority == 2) {
    /* both ways already: the union with heuristic 2 is BOTH for every
     * factor, and so is its intersection with BOTH */
    if (any && facts.op_wide == SHARC_SDY_PROPAGATION_BOTH)
      return SHARC_SDY_PROPAGATION_BOTH;
    /* only heuristic 2 reads the rule: the one on the op in Shardy, which
     * propagation puts there when it first asks for it */
    facts.rule = sharc_propagation_known_rule(c->pr, op);
    if (any)
      sharc_directions_fill(along, num_factors, SHARC_SDY_PROPAGATION_BOTH);
    else
      sharc_directions_ask(c->direction, c->direction_user, op, num_factors, along);
    intersect_at_priority_2(&facts, c->masks, num_factors, along);
    return SHARC_DIRECTIONS_PER_FACTOR;
  }
  if (any)
    return facts.op_wide;
  sharc_directions_ask(c->direction, c->direction_user, op, num_factors, along);
  for (unsigned f = 0; f < num_factors; f++)
    along[f] = sharc_sdy_intersection_of_directions(facts.op_wide, along[f]);
  return SHARC_DIRECTIONS_PER_FACTOR;
}

bool sharc_propagation_propagate_op_priority(sharc_propagation *pr,
                                             sharc_propagation_strategy strategy,
                                             bool run_op_priority_propagation,
                                             sharc_get_direction_fn direction,
                                             void *direction_user) {
  if (!run_op_priority_propagation)
    return sharc_propagation_propagate_aggressive(pr, strategy, direction, direction_user);
  sharc_ptrmap kinds = {0}, masks = {0};
  bool ok = true;
  for (unsigned priority = 0; ok && priority < SHARC_OP_PRIORITY_COUNT; priority++) {
    op_based c = {priority, direction, direction_user, &kinds, &masks, pr};
    ok = sharc_propagation_propagate_aggressive(pr, strategy, op_based_direction, &c);
  }
  sharc_ptrmap_free(&kinds);
  sharc_ptrmap_free(&masks);
  return ok;
}

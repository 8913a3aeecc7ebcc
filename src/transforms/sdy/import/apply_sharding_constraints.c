/* -sdy-apply-sharding-constraints: a sharding constraint (or a manual
 * computation's in_sharding) that is fully closed and the only kind of
 * constraint on its input dictates that input's sharding: the input takes
 * it, or, when the input is a target of a data flow edge, the constraint
 * takes the input's uses (so the edge's other targets stay free). A chain
 * of constraints on an unsharded value also takes the uses of that value
 * that come after the chain in its block (func.return aside).
 *
 * With the debug options, each sharding set through a constraint's rule is
 * reported to the propagation debugging handler, which saves the sharding
 * origins / propagation edges on the module at the end. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/created_defs.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/common/data_flow_edges.h"
#include "transforms/sdy/propagation/debugging/source_sharding.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/projection.h"
#include "transforms/sdy/rules/rules.h"

#include <stdlib.h>

typedef struct apply_options {
  bool debug_sharding_origins;
  bool debug_propagation_edges;
} apply_options;

static const sharc_option_def options[] = {
    /* sorted by name, as MLIR lists pass options */
    SHARC_OPTION(apply_options, debug_propagation_edges, "debug-propagation-edge-sharding",
                 SHARC_OPT_BOOL, "false",
                 "Whether to sink the debug propagation edge sharding info. See "
                 "`debug-propagation-edge-sharding` option in propagation for more info."),
    SHARC_OPTION(apply_options, debug_sharding_origins, "debug-sharding-origins", SHARC_OPT_BOOL,
                 "false",
                 "Whether to compute the debug origin shardings for constraints. See "
                 "`debug-sharding-origins` option in propagation for more info."),
};

typedef struct apply_state {
  sharc_rewriter rw;
  sharc_source_sharding *debug; /* NULL: no debugging option on */
} apply_state;

static bool is_constraint(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_sdy_sharding_constraint_def);
}

static bool is_manual(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_sdy_manual_computation_def);
}

/* Whether a constraint or manual computation using `input` asks for another
 * sharding than `sharding`. */
static bool constrained_differently(sharc_value *input, const sharc_attr *sharding) {
  for (sharc_use *u = sharc_value_first_use(input); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (is_constraint(user) && sharc_op_attr(user, "sharding") != sharding)
      return true;
    if (is_manual(user) &&
        sharc_sdy_sharding_per_value_at(sharc_op_attr(user, "in_shardings"),
                                        sharc_use_operand_index(u)) != sharding)
      return true;
  }
  return false;
}

/* Whether a constraint or manual computation other than `excluded` uses `v`. */
static bool constrained_by_other(sharc_value *v, const sharc_op *excluded) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (user != excluded && (is_constraint(user) || is_manual(user)))
      return true;
  }
  return false;
}

static bool should_apply(sharc_value *input, const sharc_attr *sharding) {
  /* a value nothing can shard, e.g. a scalar block argument */
  if (!sharc_sdy_shardable_value(input) || sharc_sdy_get_sharding(input))
    return false;
  /* kept for parity with GSPMD */
  if (!sharc_sdy_sharding_is_fully_closed(sharding))
    return false;
  return !constrained_differently(input, sharding);
}

/* Sets the sharding as a SourceShardingAction the debugging handler sees. */
static void set_sharding_reported(apply_state *st, sharc_op *op, sharc_attr *rule,
                                  sharc_value *input, sharc_attr *sharding) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_value **values = sharc_sdy_operands_then_results(op, NULL);
  sharc_attr **shardings = sharc_projection_op_shardings(op, false);
  sharc_attr *mesh = sharc_sdy_common_mesh(shardings, n_ops + n_res, op);
  sharc_projection before, after;
  sharc_projection_build(&before, st->rw.ctx, shardings, shardings + n_ops, rule, mesh, false);
  sharc_source_sharding_step *step = sharc_source_sharding_begin(st->debug, op, &before);
  sharc_sdy_set_sharding(input, sharding);
  free(shardings);
  shardings = sharc_projection_op_shardings(op, false);
  sharc_projection_build(&after, st->rw.ctx, shardings, shardings + n_ops, rule, mesh, false);
  sharc_source_sharding_end(st->debug, step, values, n_ops, values + n_ops, n_res, mesh, rule,
                            &after, !sharc_projection_equal(&before, &after));
  sharc_projection_free(&before);
  sharc_projection_free(&after);
  free(shardings);
  free(values);
}

/* `sharding` with the unreduced axes of `constraint`, on what `input` has. */
static void copy_unreduced(sharc_context *ctx, sharc_value *input, const sharc_attr *constraint) {
  if (!sharc_sdy_tensor_sharding_num_unreduced(constraint))
    return;
  sharc_attr *current = sharc_sdy_get_or_create_sharding(
      input, sharc_sdy_tensor_sharding_mesh_or_ref(constraint), false);
  sharc_sdy_tensor_sharding_parts cur, con;
  sharc_sdy_tensor_sharding_parts_of(current, &cur);
  sharc_sdy_tensor_sharding_parts_of(constraint, &con);
  cur.unreduced = con.unreduced;
  cur.num_unreduced = con.num_unreduced;
  cur.reduction = con.reduction;
  sharc_sdy_set_sharding(input, sharc_sdy_tensor_sharding_get(ctx, &cur));
}

static bool not_user(const sharc_use *u, void *user) { return sharc_use_owner(u) != user; }

/* The constraint standing for `sharding` right after `input`: the
 * constraint op itself moved there, or a new one for a manual computation
 * (which cannot move). */
static sharc_op *constraint_after_input(apply_state *st, sharc_op *op, sharc_value *input,
                                        sharc_attr *sharding) {
  if (is_constraint(op)) {
    sharc_op *def = sharc_value_defining_op(input);
    sharc_block *block = sharc_value_owner_block(input);
    if (def)
      sharc_rw_move_after(&st->rw, op, def);
    else if (sharc_block_first_op(block))
      sharc_rw_move_before(&st->rw, op, sharc_block_first_op(block));
    else
      sharc_rw_move_to_end(&st->rw, op, block);
    return op;
  }
  sharc_rw_set_after_value(&st->rw, input);
  sharc_named_attr e = {sharc_ident_get(st->rw.ctx, sharc_str_from_cstr("sharding")), sharding};
  return sharc_sdy_create_unary_op(&st->rw, &sharc_sdy_sharding_constraint_def, sharc_op_loc(op),
                                   input, sharc_attr_dictionary(st->rw.ctx, &e, 1));
}

static void apply_constraint(apply_state *st, sharc_op *op, sharc_value *input,
                             sharc_attr *sharding) {
  if (!sharding || !should_apply(input, sharding))
    return;
  sharc_op *def = sharc_value_defining_op(input);
  if ((def && sharc_op_isa(def, &sharc_sdy_data_flow_edge_def)) ||
      sharc_sdy_data_flow_edge_of_target(input)) {
    sharc_op *constraint = constraint_after_input(st, op, input, sharding);
    sharc_rw_replace_uses_if(&st->rw, input, sharc_op_result(constraint, 0), not_user, constraint);
    /* unreduced axes do not propagate: the input needs them itself */
    copy_unreduced(st->rw.ctx, input, sharding);
    return;
  }
  sharc_attr *rule = sharc_sdy_get_or_create_sharding_rule(op, false, true);
  if (st->debug && rule)
    set_sharding_reported(st, op, rule, input, sharding);
  else
    sharc_sdy_set_sharding(input, sharding);
}

/* The last constraint of the chain `head` starts, when `head` is its first
 * (on an unsharded value no other constraint uses), every link but the
 * last has a single use, the chain has two links or more and nothing
 * constrains its last one further; else NULL. */
static sharc_op *chain_tail(sharc_op *head) {
  sharc_value *input = sharc_op_operand(head, 0);
  sharc_op *def = sharc_value_defining_op(input);
  if ((def && is_constraint(def)) || sharc_sdy_get_sharding(input) ||
      constrained_by_other(input, head))
    return NULL;
  sharc_op *tail = head;
  for (;;) {
    sharc_value *r = sharc_op_result(tail, 0);
    if (!sharc_value_has_one_use(r) || !is_constraint(sharc_use_owner(sharc_value_first_use(r))))
      break;
    tail = sharc_use_owner(sharc_value_first_use(r));
  }
  if (tail == head || constrained_by_other(sharc_op_result(tail, 0), NULL))
    return NULL;
  return tail;
}

typedef struct chain_uses {
  sharc_op *head, *tail;
} chain_uses;

/* The uses the chain's result takes over: after the tail in its block,
 * neither the head nor a func.return. */
static bool after_chain(const sharc_use *u, void *user) {
  const chain_uses *c = user;
  sharc_op *owner = sharc_use_owner(u);
  return owner != c->head && !sharc_op_isa(owner, &sharc_func_return_def) &&
         sharc_op_block(owner) == sharc_op_block(c->tail) &&
         sharc_op_is_before_in_block(c->tail, owner);
}

static void apply_sharding_constraint(apply_state *st, sharc_op *op) {
  sharc_op *tail = chain_tail(op);
  if (tail) {
    chain_uses c = {op, tail};
    sharc_rw_replace_uses_if(&st->rw, sharc_op_operand(op, 0), sharc_op_result(tail, 0),
                             after_chain, &c);
  }
  apply_constraint(st, op, sharc_op_operand(op, 0), sharc_op_attr(op, "sharding"));
}

static void apply_manual_computation(apply_state *st, sharc_op *op) {
  sharc_attr *in = sharc_op_attr(op, "in_shardings");
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    apply_constraint(st, op, sharc_op_operand(op, i), sharc_sdy_sharding_per_value_at(in, i));
}

static sharc_walk_result apply(sharc_op *op, void *user) {
  if (is_constraint(op))
    apply_sharding_constraint(user, op);
  else if (is_manual(op))
    apply_manual_computation(user, op);
  return SHARC_WALK_ADVANCE;
}

/* Whether a constraint or a manual computation may exist: without any, no
 * walk of every op looks for them. */
static bool may_hold_constrained(const sharc_op *module) {
  static const sharc_op_def *const defs[] = {&sharc_sdy_sharding_constraint_def,
                                             &sharc_sdy_manual_computation_def};
  return sharc_context_may_hold_one_of(sharc_op_context(module), defs, 2);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  const apply_options *o = opts;
  bool debug = o->debug_sharding_origins || o->debug_propagation_edges;
  apply_state st = {
      .debug = debug ? sharc_source_sharding_create(module, o->debug_sharding_origins,
                                                    o->debug_propagation_edges)
                     : NULL};
  sharc_pass_rewriter(run, &st.rw, NULL);
  if (may_hold_constrained(module))
    sharc_walk(module, SHARC_POST_ORDER, apply, &st);
  if (st.debug) {
    sharc_source_sharding_save(st.debug, module);
    sharc_source_sharding_destroy(st.debug);
  }
  return true;
}

const sharc_pass_def sharc_pass_sdy_apply_sharding_constraints = {
    .flag = "sdy-apply-sharding-constraints",
    .display_name = "ApplyShardingConstraintsPass",
    .summary = "Applies constraints that dictate the sharding of their input.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(apply_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

/* Calls through the sdy op interfaces (sdy_interfaces.h), supplying
 * Shardy's default behaviour where an op leaves a slot empty. */
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/op_verify.h"

const sharc_sdy_data_flow_iface *sharc_sdy_data_flow(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  return def ? def->data_flow : NULL;
}

const sharc_sdy_sharding_rule_iface *sharc_sdy_sharding_rule_iface_of(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  return def ? def->sharding_rule : NULL;
}

void sharc_sdy_block_arg_owners(sharc_op *op, sharc_ptrvec *out) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->block_arg_owners)
    i->block_arg_owners(op, out);
}

void sharc_sdy_result_owners(sharc_op *op, sharc_ptrvec *out) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->result_owners) {
    i->result_owners(op, out);
    return;
  }
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    sharc_ptrvec_push(out, sharc_op_result(op, r));
}

sharc_attr *sharc_sdy_block_arg_owner_sharding(sharc_op *op, unsigned index) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  return i->block_arg_owner_sharding ? i->block_arg_owner_sharding(op, index) : NULL;
}

void sharc_sdy_set_block_arg_owner_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->set_block_arg_owner_sharding)
    i->set_block_arg_owner_sharding(op, index, sharding);
}

sharc_attr *sharc_sdy_result_sharding_from_attr(sharc_op *op, unsigned index) {
  sharc_attr *list = sharc_op_attr(op, "sdy.sharding");
  return list ? sharc_sdy_sharding_per_value_at(list, index) : NULL;
}

void sharc_sdy_set_result_sharding_in_attr(sharc_op *op, unsigned index, sharc_attr *sharding) {
  sharc_attr *list = sharc_op_attr(op, "sdy.sharding");
  sharc_op_set_attr(
      op, "sdy.sharding",
      sharc_sdy_sharding_per_value_replace(op, list, sharc_op_num_results(op), index, sharding));
}

sharc_attr *sharc_sdy_result_owner_sharding(sharc_op *op, unsigned index) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->result_owner_sharding)
    return i->result_owner_sharding(op, index);
  return sharc_sdy_result_sharding_from_attr(op, index);
}

void sharc_sdy_set_result_owner_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->set_result_owner_sharding)
    i->set_result_owner_sharding(op, index, sharding);
  else
    sharc_sdy_set_result_sharding_in_attr(op, index, sharding);
}

static bool none_null(sharc_attr *const *shardings, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (!shardings[i])
      return false;
  return true;
}

void sharc_sdy_set_block_arg_owner_shardings(sharc_op *op, sharc_attr *const *shardings,
                                             unsigned n) {
  const sharc_sdy_data_flow_iface *iface = sharc_sdy_data_flow(op);
  if (iface->set_block_arg_owner_shardings && n && none_null(shardings, n)) {
    iface->set_block_arg_owner_shardings(op, shardings, n);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_set_block_arg_owner_sharding(op, i, shardings[i]);
}

void sharc_sdy_set_result_owner_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->set_result_owner_shardings && n && none_null(shardings, n)) {
    i->set_result_owner_shardings(op, shardings, n);
    return;
  }
  if (i->set_result_owner_sharding) {
    for (unsigned k = 0; k < n; k++)
      i->set_result_owner_sharding(op, k, shardings[k]);
    return;
  }
  if (n)
    sharc_op_set_attr(op, "sdy.sharding",
                      sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

void sharc_sdy_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  sharc_sdy_data_flow(op)->edge_sources(op, owner, out);
}

sharc_value *sharc_sdy_owner_from_target(sharc_op *op, sharc_value *target) {
  return sharc_sdy_data_flow(op)->owner_from_target(op, target);
}

sharc_value *sharc_sdy_owner_from_source(sharc_op *op, sharc_use *source) {
  return sharc_sdy_data_flow(op)->owner_from_source(op, source);
}

void sharc_sdy_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  if (i->non_owner_targets)
    i->non_owner_targets(op, owner, out);
}

sharc_attr *sharc_sdy_transform_target_sharding(sharc_op *op, sharc_value *target,
                                                sharc_attr *sharding, sharc_sdy_transform how) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  return i->transform_target_sharding ? i->transform_target_sharding(op, target, sharding, how)
                                      : sharding;
}

bool sharc_sdy_keep_owner_shardings_divisible(sharc_op *op) {
  const sharc_sdy_data_flow_iface *i = sharc_sdy_data_flow(op);
  return i->keep_owner_shardings_divisible && i->keep_owner_shardings_divisible(op);
}

/* Position of `owner` among the op's owners of its kind, or -1. */
static int owner_index(sharc_op *op, sharc_value *owner) {
  /* the default result owners are all results, in order: no list needed */
  if (!sharc_value_is_block_arg(owner) && !sharc_sdy_data_flow(op)->result_owners)
    return sharc_value_defining_op(owner) == op ? (int)sharc_value_index(owner) : -1;
  sharc_ptrvec owners = {0};
  if (sharc_value_is_block_arg(owner))
    sharc_sdy_block_arg_owners(op, &owners);
  else
    sharc_sdy_result_owners(op, &owners);
  int found = -1;
  for (unsigned i = 0; found < 0 && i < owners.len; i++)
    if (owners.items[i] == owner)
      found = (int)i;
  sharc_ptrvec_free(&owners);
  return found;
}

sharc_attr *sharc_sdy_owner_sharding(sharc_op *op, sharc_value *owner) {
  int i = owner_index(op, owner);
  if (i < 0)
    return NULL;
  return sharc_value_is_block_arg(owner) ? sharc_sdy_block_arg_owner_sharding(op, (unsigned)i)
                                         : sharc_sdy_result_owner_sharding(op, (unsigned)i);
}

void sharc_sdy_set_owner_sharding(sharc_op *op, sharc_value *owner, sharc_attr *sharding) {
  int i = owner_index(op, owner);
  if (i < 0)
    return;
  if (sharc_value_is_block_arg(owner))
    sharc_sdy_set_block_arg_owner_sharding(op, (unsigned)i, sharding);
  else
    sharc_sdy_set_result_owner_sharding(op, (unsigned)i, sharding);
}

sharc_attr *sharc_sdy_op_sharding_rule(sharc_op *op) {
  const sharc_sdy_sharding_rule_iface *i = sharc_sdy_sharding_rule_iface_of(op);
  return i && i->sharding_rule ? i->sharding_rule(op) : NULL;
}

bool sharc_sdy_keep_output_shardings_divisible(sharc_op *op) {
  const sharc_sdy_sharding_rule_iface *i = sharc_sdy_sharding_rule_iface_of(op);
  return i && i->keep_output_shardings_divisible && i->keep_output_shardings_divisible(op);
}

/* ---- sdy.data_flow_edge ---------------------------------------------------- */

/* Read through the IR's inline accessors: propagation asks it of every
 * value whose sharding it stores or whose users it tells. */
sharc_op *sharc_sdy_owning_op(sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT)
    return sharc_value_op_of(v);
  if (v->vkind != SHARC_VALUE_ARG)
    return NULL;
  return sharc_block_parent_op(sharc_value_block_of(v));
}

/* The edge op when `owner` has exactly one user and it is one. */
static sharc_op *edge_user(sharc_value *owner) {
  sharc_use *u = owner ? sharc_value_first_use(owner) : NULL;
  if (!u || sharc_use_next(u))
    return NULL;
  sharc_op *user = sharc_use_owner(u);
  return sharc_op_isa(user, &sharc_sdy_data_flow_edge_def) ? user : NULL;
}

sharc_op *sharc_sdy_data_flow_edge_of_target(sharc_value *target) {
  sharc_op *owner = sharc_sdy_owning_op(target);
  if (!owner || !sharc_sdy_data_flow(owner))
    return NULL;
  return edge_user(sharc_sdy_owner_from_target(owner, target));
}

sharc_op *sharc_sdy_data_flow_edge_of_source(sharc_use *source) {
  sharc_op *op = sharc_use_owner(source);
  const sharc_op_def *def = sharc_op_def_of(op);
  /* most users: neither a terminator nor a data flow op */
  if (def && !def->data_flow && !(def->traits & SHARC_TRAIT_TERMINATOR))
    return NULL;
  if (def && (def->traits & SHARC_TRAIT_TERMINATOR))
    op = sharc_op_parent_op(op);
  if (!op || !sharc_sdy_data_flow(op))
    return NULL;
  return edge_user(sharc_sdy_owner_from_source(op, source));
}

void sharc_sdy_data_flow_edge_sources(sharc_op *edge, sharc_ptrvec *out) {
  sharc_value *owner = sharc_op_operand(edge, 0);
  sharc_op *op = sharc_sdy_owning_op(owner);
  if (!op || !sharc_sdy_data_flow(op))
    return;
  sharc_ptrvec uses = {0};
  sharc_sdy_edge_sources(op, owner, &uses);
  for (unsigned i = 0; i < uses.len; i++)
    sharc_ptrvec_push(out, sharc_op_operand(sharc_use_owner(uses.items[i]),
                                            sharc_use_operand_index(uses.items[i])));
  sharc_ptrvec_free(&uses);
}

void sharc_sdy_data_flow_edge_non_owner_targets(sharc_op *edge, sharc_ptrvec *out) {
  sharc_value *owner = sharc_op_operand(edge, 0);
  sharc_op *op = sharc_sdy_owning_op(owner);
  if (op && sharc_sdy_data_flow(op))
    sharc_sdy_non_owner_targets(op, owner, out);
}

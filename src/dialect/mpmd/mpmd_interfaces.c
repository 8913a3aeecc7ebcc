/* Shardy's op interfaces on mpmd ops: data flow edges of fragments (operand
 * to block argument, returned value to result, owners stored in
 * in_shardings/out_shardings) and of for loops (operand, yielded value,
 * block argument and result form one edge owned by the result), and the
 * pointwise sharding rule of intra-mesh transfers. */
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/rule_builder.h"
#include "ir/op_values.h"
#include "support/xalloc.h"

#include <stdlib.h>

static sharc_block *body_of(const sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

static sharc_op *terminator_of(const sharc_op *op) {
  sharc_block *b = body_of(op);
  return b ? sharc_block_last_op(b) : NULL;
}

static sharc_use *operand_use(sharc_op *op, unsigned i) { return &sharc_op_operands_of(op)[i]; }

/* Rank as Shardy's getTensorRank sees it (mesh tensors are shaped). */
static unsigned value_rank(const sharc_value *v) {
  sharc_type *t = sharc_value_type(v);
  return sharc_type_is_shaped(t) && sharc_type_has_rank(t) ? sharc_type_rank(t) : 0;
}

/* ---- fragment ----------------------------------------------------------------- */

static void fragment_block_arg_owners(sharc_op *op, sharc_ptrvec *out) {
  sharc_block *b = body_of(op);
  for (unsigned i = 0; b && i < sharc_block_num_args(b); i++)
    sharc_ptrvec_push(out, sharc_block_arg(b, i));
}

static sharc_attr *fragment_block_arg_sharding(sharc_op *op, unsigned index) {
  return sharc_sdy_sharding_per_value_at(sharc_op_attr(op, "in_shardings"), index);
}

static sharc_attr *fragment_result_sharding(sharc_op *op, unsigned index) {
  return sharc_sdy_sharding_per_value_at(sharc_op_attr(op, "out_shardings"), index);
}

/* `attr` with element `index` set, or fully open shardings of `values`
 * around it when the op has none yet (Shardy's getOpenWithShardingAtIndex). */
static void set_sharding_at(sharc_op *op, const char *attr, sharc_value *const *values, unsigned n,
                            unsigned index, sharc_attr *sharding) {
  if (!sharding || index >= n)
    return; /* Shardy leaves the shardings alone when given none */
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *list = sharc_op_attr(op, attr);
  sharc_attr **items = sharc_xmalloc_array(n + 1, sizeof *items);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *old = sharc_sdy_sharding_per_value_at(list, i);
    /* a list that has null entries (mpmd-enforce-user-shardings') keeps them,
     * as TensorShardingPerValueAttr::replaceValueSharding does */
    items[i] = i == index ? sharding
               : list     ? old
                     : sharc_sdy_sharding_fully_open(ctx, sharc_sdy_tensor_sharding_mesh_or_ref(sharding),
                                               value_rank(values[i]), false);
  }
  sharc_op_set_attr(op, attr, sharc_sdy_sharding_per_value_get(ctx, items, n));
  free(items);
}

static void fragment_set_block_arg_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  sharc_block *b = body_of(op);
  if (b)
    set_sharding_at(op, "in_shardings", (sharc_value *const *)b->args, sharc_block_num_args(b),
                    index, sharding);
}

static void fragment_set_result_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  sharc_value **results = sharc_op_result_values(op);
  set_sharding_at(op, "out_shardings", results, sharc_op_num_results(op), index, sharding);
  free(results);
}

/* Every owner's sharding at once: one attribute instead of one per owner. */
static void fragment_set_block_arg_shardings(sharc_op *op, sharc_attr *const *shardings,
                                             unsigned n) {
  sharc_op_set_attr(op, "in_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

static void fragment_set_result_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_op_set_attr(op, "out_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

/* A result's source is the returned value, a block argument's the operand. */
static void fragment_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  if (!sharc_value_is_block_arg(owner)) {
    sharc_op *ret = terminator_of(op);
    if (ret && i < sharc_op_num_operands(ret))
      sharc_ptrvec_push(out, operand_use(ret, i));
    return;
  }
  if (i < sharc_op_num_operands(op))
    sharc_ptrvec_push(out, operand_use(op, i));
}

static sharc_value *fragment_owner_from_target(sharc_op *op, sharc_value *target) {
  (void)op;
  return target;
}

static sharc_value *fragment_owner_from_source(sharc_op *op, sharc_use *source) {
  unsigned i = sharc_use_operand_index(source);
  if (sharc_use_owner(source) != op)
    return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
  sharc_block *b = body_of(op);
  return b && i < sharc_block_num_args(b) ? sharc_block_arg(b, i) : NULL;
}


const sharc_sdy_data_flow_iface sharc_mpmd_fragment_data_flow = {
    .block_arg_owners = fragment_block_arg_owners,
    .block_arg_owner_sharding = fragment_block_arg_sharding,
    .set_block_arg_owner_sharding = fragment_set_block_arg_sharding,
    .result_owner_sharding = fragment_result_sharding,
    .set_result_owner_sharding = fragment_set_result_sharding,
    .edge_sources = fragment_edge_sources,
    .owner_from_target = fragment_owner_from_target,
    .owner_from_source = fragment_owner_from_source,
    .keep_owner_shardings_divisible = sharc_sdy_always_divisible,
    .set_block_arg_owner_shardings = fragment_set_block_arg_shardings,
    .set_result_owner_shardings = fragment_set_result_shardings,
};

/* ---- for ------------------------------------------------------------------------ */

/* Result i's edge: operand i and the yielded value i flow in, block argument i too. */
static void for_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  sharc_op *ret = terminator_of(op);
  if (i < sharc_op_num_operands(op))
    sharc_ptrvec_push(out, operand_use(op, i));
  if (ret && i < sharc_op_num_operands(ret))
    sharc_ptrvec_push(out, operand_use(ret, i));
}

static void for_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  sharc_block *b = body_of(op);
  unsigned i = sharc_value_index(owner);
  if (b && i < sharc_block_num_args(b))
    sharc_ptrvec_push(out, sharc_block_arg(b, i));
}

static sharc_value *for_owner_from_target(sharc_op *op, sharc_value *target) {
  if (!sharc_value_is_block_arg(target))
    return target;
  unsigned i = sharc_value_index(target);
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

static sharc_value *for_owner_from_source(sharc_op *op, sharc_use *source) {
  unsigned i = sharc_use_operand_index(source);
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

const sharc_sdy_data_flow_iface sharc_mpmd_for_data_flow = {
    .edge_sources = for_edge_sources,
    .owner_from_target = for_owner_from_target,
    .owner_from_source = for_owner_from_source,
    .non_owner_targets = for_non_owner_targets,
};

/* ---- transfer --------------------------------------------------------------------- */

static bool same_memory_kind(const sharc_type *a, const sharc_type *b) {
  return sharc_mpmd_mesh_tensor_memory_kind(a) == sharc_mpmd_mesh_tensor_memory_kind(b);
}

/* Inter-mesh transfers between meshes of different shapes have no rule. */
static sharc_attr *transfer_sharding_rule(sharc_op *op) {
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_mpmd_is_mesh_tensor(in) || !sharc_mpmd_is_mesh_tensor(out))
    return NULL;
  sharc_str in_mesh = sharc_mpmd_mesh_tensor_mesh_name(in);
  sharc_str out_mesh = sharc_mpmd_mesh_tensor_mesh_name(out);
  bool intra = sharc_str_eq(in_mesh, out_mesh) && same_memory_kind(in, out);
  if (!intra && sharc_mpmd_mesh_for_name(op, in_mesh) != sharc_mpmd_mesh_for_name(op, out_mesh))
    return NULL;
  return sharc_rule_pointwise(op);
}

const sharc_sdy_sharding_rule_iface sharc_mpmd_transfer_sharding_rule = {
    .sharding_rule = transfer_sharding_rule,
    .keep_output_shardings_divisible = sharc_sdy_always_divisible,
};

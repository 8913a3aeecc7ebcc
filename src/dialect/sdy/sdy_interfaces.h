/* Shardy's two op interfaces as C tables hung on an op definition's
 * `data_flow` and `sharding_rule` slots: how propagation asks an op which of
 * its values are bound together by data flow edges (ShardableDataFlowOp) and
 * how values map to factors (ShardingRuleOp). Any dialect's op can provide
 * them (sdy.manual_computation, sdy.named_computation, mpmd.fragment, ...);
 * propagation only talks to ops through the accessors below, which fill in
 * Shardy's default behaviour for every slot left NULL.
 *
 * Vocabulary (Shardy's): a data flow edge joins sources (operands of the op
 * or of its block terminators) to targets (results or block arguments of the
 * op); every edge has one owner, a target chosen statically, whose sharding
 * stands for the whole edge. Shardings are #sdy.sharding attributes, NULL
 * when a value has none. */
#ifndef SHARC_DIALECT_SDY_INTERFACES_H
#define SHARC_DIALECT_SDY_INTERFACES_H

#include "asm/parser.h" /* sharc_ptrvec */

/* Which way transform_target_sharding converts (Shardy's
 * DataFlowShardingTransformType): a manual computation's body sees local
 * shardings, its operands and results global ones. */
typedef enum sharc_sdy_transform {
  SHARC_SDY_BEFORE_EDGE_PROPAGATION, /* owner's stored sharding -> what the edge sees */
  SHARC_SDY_AFTER_EDGE_PROPAGATION,  /* what the edge computed -> owner's stored sharding */
} sharc_sdy_transform;

typedef struct sharc_sdy_data_flow_iface {
  /* Owners among the op's block arguments / results, in edge order, pushed
   * as sharc_value*. Default: none / every result. */
  void (*block_arg_owners)(sharc_op *op, sharc_ptrvec *out);
  void (*result_owners)(sharc_op *op, sharc_ptrvec *out);
  /* Stored sharding of owner `index` (NULL if none) and its update; `sharding`
   * NULL clears it. Defaults: none for block arguments; results read and
   * write the op's `sdy.sharding` per-value attribute. */
  sharc_attr *(*block_arg_owner_sharding)(sharc_op *op, unsigned index);
  void (*set_block_arg_owner_sharding)(sharc_op *op, unsigned index, sharc_attr *sharding);
  sharc_attr *(*result_owner_sharding)(sharc_op *op, unsigned index);
  void (*set_result_owner_sharding)(sharc_op *op, unsigned index, sharc_attr *sharding);
  /* Sources of the edge owned by `owner`, pushed as sharc_use* (operands of
   * the op or of a terminator). Required. */
  void (*edge_sources)(sharc_op *op, sharc_value *owner, sharc_ptrvec *out);
  /* The owner of the edge a target / a source belongs to. Required. */
  sharc_value *(*owner_from_target)(sharc_op *op, sharc_value *target);
  sharc_value *(*owner_from_source)(sharc_op *op, sharc_use *source);
  /* Targets of the owner's edge other than the owner itself. Default: none. */
  void (*non_owner_targets)(sharc_op *op, sharc_value *owner, sharc_ptrvec *out);
  /* Converts a sharding seen at `target`. Default: unchanged. */
  sharc_attr *(*transform_target_sharding)(sharc_op *op, sharc_value *target, sharc_attr *sharding,
                                           sharc_sdy_transform how);
  /* Whether owners' shardings must divide their dimensions. Default: false. */
  bool (*keep_owner_shardings_divisible)(sharc_op *op);
  /* setBlockArgumentEdgeOwnerShardings / setOpResultEdgeOwnerShardings: all
   * owners' shardings at once (`n` > 0, none NULL), for ops that store them
   * in one attribute, which setting them one by one would rebuild each
   * time. Default: the per-owner setters above, one owner at a time. */
  void (*set_block_arg_owner_shardings)(sharc_op *op, sharc_attr *const *shardings, unsigned n);
  void (*set_result_owner_shardings)(sharc_op *op, sharc_attr *const *shardings, unsigned n);
} sharc_sdy_data_flow_iface;

typedef struct sharc_sdy_sharding_rule_iface {
  /* The op's #sdy.op_sharding_rule, built from its operands, results and
   * attributes; NULL when the op cannot describe one. */
  sharc_attr *(*sharding_rule)(sharc_op *op);
  /* Whether the results' shardings must divide their dimensions
   * (shouldKeepOutputShardingsDivisible). Default: false. */
  bool (*keep_output_shardings_divisible)(sharc_op *op);
} sharc_sdy_sharding_rule_iface;

/* Shardy's external models for StableHLO ops (dialect/stablehlo/sdy_extensions.c). */
extern const sharc_sdy_data_flow_iface sharc_shlo_while_data_flow;
extern const sharc_sdy_data_flow_iface sharc_shlo_case_data_flow;
extern const sharc_sdy_data_flow_iface sharc_shlo_optimization_barrier_data_flow;

/* The interface tables of an op, or NULL when its definition has none. */
const sharc_sdy_data_flow_iface *sharc_sdy_data_flow(const sharc_op *op);
const sharc_sdy_sharding_rule_iface *sharc_sdy_sharding_rule_iface_of(const sharc_op *op);

/* Interface calls with Shardy's defaults for NULL slots. `op` must have the
 * data flow interface. */
void sharc_sdy_block_arg_owners(sharc_op *op, sharc_ptrvec *out);
void sharc_sdy_result_owners(sharc_op *op, sharc_ptrvec *out);
sharc_attr *sharc_sdy_block_arg_owner_sharding(sharc_op *op, unsigned index);
void sharc_sdy_set_block_arg_owner_sharding(sharc_op *op, unsigned index, sharc_attr *sharding);
sharc_attr *sharc_sdy_result_owner_sharding(sharc_op *op, unsigned index);
void sharc_sdy_set_result_owner_sharding(sharc_op *op, unsigned index, sharc_attr *sharding);
/* setBlockArgumentEdgeOwnerShardings / setOpResultEdgeOwnerShardings: one
 * sharding per owner; the default result storage is written once (one
 * `sdy.sharding` list) instead of once per owner. */
void sharc_sdy_set_block_arg_owner_shardings(sharc_op *op, sharc_attr *const *shardings,
                                             unsigned n);
void sharc_sdy_set_result_owner_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n);
void sharc_sdy_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out);
sharc_value *sharc_sdy_owner_from_target(sharc_op *op, sharc_value *target);
sharc_value *sharc_sdy_owner_from_source(sharc_op *op, sharc_use *source);
void sharc_sdy_non_owner_targets(sharc_op *op, sharc_value *owner, sharc_ptrvec *out);
sharc_attr *sharc_sdy_transform_target_sharding(sharc_op *op, sharc_value *target,
                                                sharc_attr *sharding, sharc_sdy_transform how);
bool sharc_sdy_keep_owner_shardings_divisible(sharc_op *op);
/* The hook of ops whose shardings always stay divisible (manual
 * computations, MPMD fragments and transfers). */
bool sharc_sdy_always_divisible(sharc_op *op);
/* The owner's sharding, whether the owner is a block argument or a result
 * (Shardy's getEdgeOwnerSharding / setEdgeOwnerSharding). */
sharc_attr *sharc_sdy_owner_sharding(sharc_op *op, sharc_value *owner);
void sharc_sdy_set_owner_sharding(sharc_op *op, sharc_value *owner, sharc_attr *sharding);

/* sdy.data_flow_edge as propagation meets it (Shardy's DataFlowEdgeOp
 * lookup/getSources/getNonOwnerTargets): the edge op attached to the edge a
 * target or a source belongs to (the owner's single user), or NULL; and the
 * values of the edge an sdy.data_flow_edge op stands for. */
sharc_op *sharc_sdy_data_flow_edge_of_target(sharc_value *target);
sharc_op *sharc_sdy_data_flow_edge_of_source(sharc_use *source);
void sharc_sdy_data_flow_edge_sources(sharc_op *edge, sharc_ptrvec *out); /* sharc_value* */
void sharc_sdy_data_flow_edge_non_owner_targets(sharc_op *edge, sharc_ptrvec *out);
/* The op whose result or block argument `v` is. */
sharc_op *sharc_sdy_owning_op(sharc_value *v);

/* The op's sharding rule through its interface, or NULL. */
sharc_attr *sharc_sdy_op_sharding_rule(sharc_op *op);
/* shouldKeepOutputShardingsDivisible; false for ops without the interface. */
bool sharc_sdy_keep_output_shardings_divisible(sharc_op *op);

/* Shared default: results read and write `sdy.sharding` on the op (a
 * #sdy.sharding_per_value), as Shardy's getOpResultEdgeOwnerShardingsImpl. */
sharc_attr *sharc_sdy_result_sharding_from_attr(sharc_op *op, unsigned index);
void sharc_sdy_set_result_sharding_in_attr(sharc_op *op, unsigned index, sharc_attr *sharding);

#endif

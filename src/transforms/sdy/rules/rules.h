/* Op sharding rules as propagation consumes them: the registry that gives
 * every op its #sdy.op_sharding_rule (Shardy's op_sharding_rule_registry),
 * and the questions propagation asks a rule. */
#ifndef SHARC_SDY_RULES_RULES_H
#define SHARC_SDY_RULES_RULES_H

#include "ir/ir_internal.h"

#define SHARC_SDY_SHARDING_RULE_ATTR "sdy.sharding_rule"

/* The rule the registry derives for `op`, or NULL when the op has none (ops
 * handled by data-flow edges, constants, terminators, unknown ops; the last
 * warn once per process, as Shardy does). `conservative` is Shardy's
 * conservative propagation: no factors that would propagate non-divisible
 * shardings through concat, conv spatial dims, pad, slice, windows. */
sharc_attr *sharc_sdy_create_sharding_rule(sharc_op *op, bool conservative);
/* The rule already on the op (`sdy.sharding_rule`, kept as is, custom or
 * not) or a new one from the registry, stored on the op when `store`. */
sharc_attr *sharc_sdy_get_or_create_sharding_rule(sharc_op *op, bool conservative, bool store);
/* Rules already derived, for passes that ask for many: the rules of the
 * ops whose rule depends only on their operand and result types (and, for
 * some, their attributes) are derived once per distinct combination.
 * Attributes belong to the context, so a cache serves one context. */
typedef struct sharc_rule_cache sharc_rule_cache;
sharc_rule_cache *sharc_rule_cache_create(void);
void sharc_rule_cache_destroy(sharc_rule_cache *cache);
/* sharc_sdy_get_or_create_sharding_rule through `cache` (NULL: none). */
sharc_attr *sharc_sdy_get_or_create_sharding_rule_cached(sharc_op *op, bool conservative,
                                                         bool store, sharc_rule_cache *cache);
/* Whether the rule `cache` derives for `op` (one without a rule of its own)
 * is a function of what the cache keys it by: its name, attributes and
 * operand and result types. Passes that memoize their own steps by those
 * may then look their memo up before asking for the rule. */
bool sharc_rule_cache_keyed(sharc_rule_cache *cache, sharc_op *op);
/* The op's own `sdy.sharding_rule` (custom or not), or NULL. */
sharc_attr *sharc_sdy_own_sharding_rule(sharc_op *op);
/* Removes every non-custom `sdy.sharding_rule` under `root` (root included). */
void sharc_sdy_remove_sharding_rules(sharc_op *root);

/* The op names the registry has a row for, in its (sorted) order. */
unsigned sharc_rule_registry_size(void);
const char *sharc_rule_registry_op(unsigned i);

/* ---- reading a rule ---------------------------------------------------- */
/* Tensors are numbered operands first, then results. */
unsigned sharc_rule_num_factors(const sharc_attr *rule);
int64_t sharc_rule_factor_size(const sharc_attr *rule, unsigned factor);
unsigned sharc_rule_num_operands(const sharc_attr *rule);
unsigned sharc_rule_num_tensors(const sharc_attr *rule);
unsigned sharc_rule_tensor_rank(const sharc_attr *rule, unsigned tensor);
/* The tensor's #sdy.tensor_mapping: one list of factor indices (major to
 * minor) per dimension, read with sharc_sdy_list_* (sdy_attrs.h). */
const sharc_attr *sharc_rule_tensor_mapping(const sharc_attr *rule, unsigned tensor);
/* Factors of one dimension, major to minor. */
unsigned sharc_rule_dim_num_factors(const sharc_attr *rule, unsigned tensor, unsigned dim);
unsigned sharc_rule_dim_factor(const sharc_attr *rule, unsigned tensor, unsigned dim,
                               unsigned i);

/* Where a factor appears: one (tensor, dimension, position in the
 * dimension) per tensor that has it (a factor maps to one dim per tensor). */
typedef struct sharc_factor_use {
  unsigned tensor, dim, pos;
} sharc_factor_use;
/* Fills `out` (room for every tensor) and returns how many tensors have `factor`. */
unsigned sharc_rule_factor_uses(const sharc_attr *rule, unsigned factor, sharc_factor_use *out);

typedef enum sharc_factor_kind_query {
  SHARC_RULE_IS_REDUCTION,
  SHARC_RULE_IS_NEED_REPLICATION,
  SHARC_RULE_IS_PERMUTATION,
  SHARC_RULE_IS_BLOCKED,
} sharc_factor_kind_query;
bool sharc_rule_factor_is(const sharc_attr *rule, unsigned factor, sharc_factor_kind_query q);
/* Whether any factor of the rule is of that kind. */
bool sharc_rule_has_factor_kind(const sharc_attr *rule, sharc_factor_kind_query q);
/* Sets marks[f] for every factor f < n of that kind (one pass over the
 * kind's list, for callers asking about every factor); leaves the others. */
void sharc_rule_mark_factor_kind(const sharc_attr *rule, sharc_factor_kind_query q, bool *marks,
                                 unsigned n);
/* isPassThroughFactor: neither a reduction, need-replication nor
 * permutation factor (blocked propagation is no factor type). */
bool sharc_rule_factor_is_pass_through(const sharc_attr *rule, unsigned factor);
/* isFactorInAllNonScalarTensors: every tensor of rank > 0 has the factor. */
bool sharc_rule_factor_in_all_non_scalar_tensors(const sharc_attr *rule, unsigned factor);
/* isBatchingFactor: a pass-through factor of every non-scalar tensor. */
bool sharc_rule_is_batching_factor(const sharc_attr *rule, unsigned factor);
/* getNonScalarTensorIndices: the tensors of rank > 0, in order, into `out`
 * (room for every tensor; may be NULL to count them); returns how many. */
unsigned sharc_rule_non_scalar_tensors(const sharc_attr *rule, unsigned *out);
/* hasDimensionsWithMultipleFactors. */
bool sharc_rule_has_dims_with_multiple_factors(const sharc_attr *rule);

#endif

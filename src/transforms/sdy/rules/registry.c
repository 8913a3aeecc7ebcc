/* The op sharding rule registry: one row per op name, read top to bottom
 * like Shardy's op_sharding_rule_registry. Ops not in the table fall back to
 * their ShardingRuleOpInterface, data-flow ops and terminators get no rule,
 * and anything else is reported once as unknown. */
#include <stdlib.h>

#include "dialect/sdy/sdy_interfaces.h"
#include "transforms/sdy/rules/rules_internal.h"
#include "sharc/sdy.h"

static sharc_attr *pointwise(sharc_op *op, bool conservative) {
  (void)conservative;
  return sharc_rule_pointwise(op);
}

/* A NULL rule: handled elsewhere (data-flow edges, calls) or nothing to
 * propagate (constants, tokens, iota). */
#define NO_RULE NULL

typedef struct rule_row {
  const char *op;
  sharc_rule_fn rule;
} rule_row;

/* Sorted by op name (bsearch). */
static const rule_row registry[] = {
    {"builtin.module", NO_RULE},
    {"func.call", NO_RULE},
    {"func.func", NO_RULE},
    {"sdy.constant", NO_RULE},
    {"sdy.data_flow_edge", NO_RULE},
    {"sdy.func_data_flow_edge", NO_RULE},
    {"sdy.manual_computation", NO_RULE},
    {"sdy.mesh", NO_RULE},
    {"sdy.propagation_barrier", NO_RULE},
    {"sdy.reshard", NO_RULE},
    {"sdy.sharding_constraint", pointwise},
    {"sdy.sharding_group", NO_RULE},
    {"stablehlo.abs", pointwise},
    {"stablehlo.add", pointwise},
    {"stablehlo.after_all", NO_RULE},
    {"stablehlo.all_gather", sharc_rule_all_gather},
    {"stablehlo.all_reduce", pointwise},
    {"stablehlo.all_to_all", sharc_rule_all_to_all},
    {"stablehlo.and", pointwise},
    {"stablehlo.atan2", pointwise},
    {"stablehlo.batch_norm_inference", sharc_rule_batch_norm_inference},
    {"stablehlo.bitcast_convert", sharc_rule_bitcast_convert},
    {"stablehlo.broadcast_in_dim", sharc_rule_broadcast_in_dim},
    {"stablehlo.case", NO_RULE},
    {"stablehlo.cbrt", pointwise},
    {"stablehlo.ceil", pointwise},
    {"stablehlo.cholesky", sharc_rule_cholesky},
    {"stablehlo.clamp", sharc_rule_clamp},
    {"stablehlo.collective_broadcast", pointwise},
    {"stablehlo.collective_permute", pointwise},
    {"stablehlo.compare", pointwise},
    {"stablehlo.complex", pointwise},
    {"stablehlo.concatenate", sharc_rule_concatenate},
    {"stablehlo.constant", NO_RULE},
    {"stablehlo.convert", pointwise},
    {"stablehlo.convolution", sharc_rule_convolution},
    {"stablehlo.cosine", pointwise},
    {"stablehlo.count_leading_zeros", pointwise},
    {"stablehlo.create_token", NO_RULE},
    {"stablehlo.cross-replica-sum", pointwise},
    {"stablehlo.custom_call", sharc_rule_custom_call},
    {"stablehlo.divide", pointwise},
    {"stablehlo.dot", sharc_rule_dot},
    {"stablehlo.dot_general", sharc_rule_dot_general},
    {"stablehlo.dynamic_slice", sharc_rule_dynamic_slice},
    {"stablehlo.dynamic_update_slice", sharc_rule_dynamic_update_slice},
    {"stablehlo.exponential", pointwise},
    {"stablehlo.exponential_minus_one", pointwise},
    {"stablehlo.fft", sharc_rule_fft},
    {"stablehlo.floor", pointwise},
    {"stablehlo.gather", sharc_rule_gather},
    {"stablehlo.get_tuple_element", NO_RULE},
    {"stablehlo.imag", pointwise},
    {"stablehlo.infeed", NO_RULE},
    {"stablehlo.iota", NO_RULE},
    {"stablehlo.is_finite", pointwise},
    {"stablehlo.log", pointwise},
    {"stablehlo.log_plus_one", pointwise},
    {"stablehlo.logistic", pointwise},
    {"stablehlo.maximum", pointwise},
    {"stablehlo.minimum", pointwise},
    {"stablehlo.multiply", pointwise},
    {"stablehlo.negate", pointwise},
    {"stablehlo.not", pointwise},
    {"stablehlo.optimization_barrier", NO_RULE},
    {"stablehlo.or", pointwise},
    {"stablehlo.outfeed", NO_RULE},
    {"stablehlo.pad", sharc_rule_pad},
    {"stablehlo.partition_id", NO_RULE},
    {"stablehlo.popcnt", pointwise},
    {"stablehlo.power", pointwise},
    {"stablehlo.real", pointwise},
    {"stablehlo.recv", NO_RULE},
    {"stablehlo.reduce", sharc_rule_reduce},
    {"stablehlo.reduce_precision", pointwise},
    {"stablehlo.reduce_scatter", sharc_rule_reduce_scatter},
    {"stablehlo.reduce_window", sharc_rule_reduce_window},
    {"stablehlo.remainder", pointwise},
    {"stablehlo.reshape", sharc_rule_reshape},
    {"stablehlo.reverse", sharc_rule_reverse},
    {"stablehlo.rng_bit_generator", sharc_rule_rng_bit_generator},
    {"stablehlo.round_nearest_afz", pointwise},
    {"stablehlo.round_nearest_even", pointwise},
    {"stablehlo.rsqrt", pointwise},
    {"stablehlo.scatter", sharc_rule_scatter},
    {"stablehlo.select", sharc_rule_select},
    {"stablehlo.select_and_scatter", sharc_rule_select_and_scatter},
    {"stablehlo.send", NO_RULE},
    {"stablehlo.shift_left", pointwise},
    {"stablehlo.shift_right_arithmetic", pointwise},
    {"stablehlo.shift_right_logical", pointwise},
    {"stablehlo.sign", pointwise},
    {"stablehlo.sine", pointwise},
    {"stablehlo.slice", sharc_rule_slice},
    {"stablehlo.sort", sharc_rule_sort},
    {"stablehlo.sqrt", pointwise},
    {"stablehlo.subtract", pointwise},
    {"stablehlo.tan", pointwise},
    {"stablehlo.tanh", pointwise},
    {"stablehlo.transpose", sharc_rule_transpose},
    {"stablehlo.triangular_solve", sharc_rule_triangular_solve},
    {"stablehlo.while", NO_RULE},
    {"stablehlo.xor", pointwise},
};

static int row_cmp(const void *key, const void *row) {
  const sharc_str *name = key;
  const char *op = ((const rule_row *)row)->op;
  size_t n = strlen(op);
  int c = strncmp(name->data, op, name->len < n ? name->len : n);
  if (c)
    return c;
  return name->len < n ? -1 : name->len > n;
}

unsigned sharc_rule_registry_size(void) { return sizeof registry / sizeof registry[0]; }

const char *sharc_rule_registry_op(unsigned i) { return registry[i].op; }

static const rule_row *find_row(sharc_op *op) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  return bsearch(&name, registry, sizeof registry / sizeof registry[0], sizeof registry[0],
                 row_cmp);
}

void sharc_rule_warn_once(bool *flag, sharc_op *op, const char *fmt, const char *arg) {
  if (*flag)
    return;
  *flag = true;
  sharc_emit(sharc_op_context(op), SHARC_SEV_WARNING, sharc_op_loc(op), fmt, arg);
}

sharc_attr *sharc_sdy_create_sharding_rule(sharc_op *op, bool conservative) {
  const rule_row *row = find_row(op);
  if (row)
    return row->rule ? row->rule(op, conservative) : NULL;
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def && def->data_flow)
    return NULL;
  if (def && def->sharding_rule)
    return sharc_sdy_op_sharding_rule(op);
  if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    return NULL;
  /* Shardy warns about the first unknown op of the whole process only. */
  static bool warned;
  sharc_rule_warn_once(&warned, op, "op '%s' is unknown to SDY sharding rule registry",
                       sharc_ident_str(sharc_op_name(op)).data);
  return NULL;
}

sharc_attr *sharc_sdy_get_or_create_sharding_rule(sharc_op *op, bool conservative, bool store) {
  sharc_attr *existing = sharc_op_attr(op, SHARC_SDY_SHARDING_RULE_ATTR);
  if (existing && sharc_sdy_is_op_sharding_rule(existing))
    return existing;
  sharc_attr *rule = sharc_sdy_create_sharding_rule(op, conservative);
  if (rule && store)
    sharc_op_set_attr(op, SHARC_SDY_SHARDING_RULE_ATTR, rule);
  return rule;
}

static sharc_walk_result drop_rule(sharc_op *op, void *user) {
  (void)user;
  sharc_attr *rule = sharc_op_attr(op, SHARC_SDY_SHARDING_RULE_ATTR);
  if (rule && sharc_sdy_is_op_sharding_rule(rule) && !sharc_sdy_rule_is_custom(rule))
    sharc_op_set_attr(op, SHARC_SDY_SHARDING_RULE_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

void sharc_sdy_remove_sharding_rules(sharc_op *root) {
  sharc_walk(root, SHARC_PRE_ORDER, drop_rule, NULL);
}

/* Verifying sdy attributes where they are attached: `sdy.sharding`,
 * `sdy.sharding_rule` and `sdy.propagation_edges` on ops, and
 * `sdy.sharding` on function arguments and results, with Shardy's messages
 * (verifiers.cc). */
#include "dialect/sdy/sdy_ops_internal.h"

static bool named(const sharc_named_attr *attr, const char *name) {
  return sharc_str_eq_cstr(sharc_ident_str(attr->name), name);
}

bool sdy_verify_op_attr_hook(sharc_op *op, const sharc_named_attr *attr) {
  if (named(attr, "sdy.sharding") && !sharc_sdy_is_sharding_per_value(attr->value)) {
    sharc_emit_op_error(op, "should have a sharding attribute of type TensorShardingPerValueAttr");
    return false;
  }
  if (named(attr, "sdy.sharding_rule") && !sharc_sdy_is_op_sharding_rule(attr->value)) {
    sharc_emit_op_error(op, "should have a sharding rule attribute of type OpShardingRuleAttr "
                            "for attr named 'sdy.sharding_rule'");
    return false;
  }
  if (named(attr, "sdy.propagation_edges") && !sharc_sdy_is_propagation_edges(attr->value)) {
    sharc_emit_op_error(op, "should have a propagation edges attribute of type "
                            "PropagationEdgesAttr for attr named 'sdy.propagation_edges'");
    return false;
  }
  return true;
}

bool sdy_verify_arg_attr_hook(sharc_op *op, unsigned index, bool is_result,
                              const sharc_named_attr *attr) {
  if (!sharc_op_is(op, "func.func") || !named(attr, "sdy.sharding"))
    return true;
  if (!sharc_sdy_is_tensor_sharding(attr->value)) {
    sharc_emit_op_error(op, "%s %u - should have a sharding attribute of type TensorShardingAttr",
                        is_result ? "result" : "arg", index);
    return false;
  }
  return true;
}

/* Reading an #sdy.op_sharding_rule the way propagation asks: factor sizes,
 * the factors of a dimension, the tensors a factor appears in, factor kinds. */
#include "transforms/sdy/rules/rules.h"
#include "sharc/sdy.h"

unsigned sharc_rule_num_factors(const sharc_attr *rule) {
  return sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_FACTOR_SIZES);
}

int64_t sharc_rule_factor_size(const sharc_attr *rule, unsigned factor) {
  return sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_FACTOR_SIZES, factor);
}

unsigned sharc_rule_num_operands(const sharc_attr *rule) {
  return sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_OPERANDS);
}

unsigned sharc_rule_num_tensors(const sharc_attr *rule) {
  return sharc_rule_num_operands(rule) + sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_RESULTS);
}

const sharc_attr *sharc_rule_tensor_mapping(const sharc_attr *rule, unsigned tensor) {
  unsigned n_ops = sharc_rule_num_operands(rule);
  if (tensor < n_ops)
    return sharc_sdy_rule_mapping_at(rule, SHARC_SDY_RULE_OPERANDS, tensor);
  return sharc_sdy_rule_mapping_at(rule, SHARC_SDY_RULE_RESULTS, tensor - n_ops);
}

static const sharc_attr *tensor_mapping(const sharc_attr *rule, unsigned tensor) {
  return sharc_rule_tensor_mapping(rule, tensor);
}

unsigned sharc_rule_tensor_rank(const sharc_attr *rule, unsigned tensor) {
  return sharc_sdy_list_size(tensor_mapping(rule, tensor));
}

unsigned sharc_rule_dim_num_factors(const sharc_attr *rule, unsigned tensor, unsigned dim) {
  return sharc_sdy_list_size(sharc_sdy_list_at(tensor_mapping(rule, tensor), dim));
}

unsigned sharc_rule_dim_factor(const sharc_attr *rule, unsigned tensor, unsigned dim,
                               unsigned i) {
  sharc_attr *dim_mapping = sharc_sdy_list_at(tensor_mapping(rule, tensor), dim);
  return (unsigned)sharc_sdy_list_int_at(dim_mapping, i);
}

unsigned sharc_rule_factor_uses(const sharc_attr *rule, unsigned factor, sharc_factor_use *out) {
  unsigned n = 0, n_tensors = sharc_rule_num_tensors(rule);
  for (unsigned t = 0; t < n_tensors; t++) {
    const sharc_attr *mapping = tensor_mapping(rule, t);
    unsigned rank = sharc_sdy_list_size(mapping);
    for (unsigned d = 0; d < rank; d++) {
      sharc_attr *dim_mapping = sharc_sdy_list_at(mapping, d);
      unsigned k = sharc_sdy_list_size(dim_mapping);
      for (unsigned p = 0; p < k; p++)
        if (sharc_sdy_list_int_at(dim_mapping, p) == factor)
          out[n++] = (sharc_factor_use){t, d, p};
    }
  }
  return n;
}

static const sharc_sdy_rule_list kind_lists[] = {
    [SHARC_RULE_IS_REDUCTION] = SHARC_SDY_RULE_REDUCTION,
    [SHARC_RULE_IS_NEED_REPLICATION] = SHARC_SDY_RULE_NEED_REPLICATION,
    [SHARC_RULE_IS_PERMUTATION] = SHARC_SDY_RULE_PERMUTATION,
    [SHARC_RULE_IS_BLOCKED] = SHARC_SDY_RULE_BLOCKED_PROPAGATION,
};

bool sharc_rule_has_factor_kind(const sharc_attr *rule, sharc_factor_kind_query q) {
  return sharc_sdy_rule_list_size(rule, kind_lists[q]) != 0;
}

void sharc_rule_mark_factor_kind(const sharc_attr *rule, sharc_factor_kind_query q, bool *marks,
                                 unsigned n) {
  sharc_sdy_rule_list which = kind_lists[q];
  unsigned len = sharc_sdy_rule_list_size(rule, which);
  for (unsigned i = 0; i < len; i++) {
    int64_t factor = sharc_sdy_rule_int_at(rule, which, i);
    if (factor >= 0 && (uint64_t)factor < n)
      marks[factor] = true;
  }
}

bool sharc_rule_factor_is(const sharc_attr *rule, unsigned factor, sharc_factor_kind_query q) {
  sharc_sdy_rule_list which = kind_lists[q];
  unsigned n = sharc_sdy_rule_list_size(rule, which);
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_rule_int_at(rule, which, i) == factor)
      return true;
  return false;
}

bool sharc_rule_factor_is_pass_through(const sharc_attr *rule, unsigned factor) {
  return !sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_REDUCTION) &&
         !sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_NEED_REPLICATION) &&
         !sharc_rule_factor_is(rule, factor, SHARC_RULE_IS_PERMUTATION);
}

static bool tensor_has_factor(const sharc_attr *rule, unsigned tensor, unsigned factor) {
  unsigned rank = sharc_rule_tensor_rank(rule, tensor);
  for (unsigned d = 0; d < rank; d++)
    for (unsigned k = 0; k < sharc_rule_dim_num_factors(rule, tensor, d); k++)
      if (sharc_rule_dim_factor(rule, tensor, d, k) == factor)
        return true;
  return false;
}

bool sharc_rule_factor_in_all_non_scalar_tensors(const sharc_attr *rule, unsigned factor) {
  unsigned n = sharc_rule_num_tensors(rule);
  for (unsigned t = 0; t < n; t++)
    if (sharc_rule_tensor_rank(rule, t) && !tensor_has_factor(rule, t, factor))
      return false;
  return true;
}

bool sharc_rule_is_batching_factor(const sharc_attr *rule, unsigned factor) {
  return sharc_rule_factor_is_pass_through(rule, factor) &&
         sharc_rule_factor_in_all_non_scalar_tensors(rule, factor);
}

unsigned sharc_rule_non_scalar_tensors(const sharc_attr *rule, unsigned *out) {
  unsigned n = 0, n_tensors = sharc_rule_num_tensors(rule);
  for (unsigned t = 0; t < n_tensors; t++)
    if (sharc_rule_tensor_rank(rule, t)) {
      if (out)
        out[n] = t;
      n++;
    }
  return n;
}

bool sharc_rule_has_dims_with_multiple_factors(const sharc_attr *rule) {
  unsigned n = sharc_rule_num_tensors(rule);
  for (unsigned t = 0; t < n; t++)
    for (unsigned d = 0; d < sharc_rule_tensor_rank(rule, t); d++)
      if (sharc_rule_dim_num_factors(rule, t, d) > 1)
        return true;
  return false;
}

/* Helpers shared by the propagation passes; see utils.h. */
#include "transforms/sdy/propagation/utils.h"

#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/utils.h"

static bool forward_and_backward(sharc_sdy_propagation_direction a,
                                 sharc_sdy_propagation_direction b) {
  return (a == SHARC_SDY_PROPAGATION_FORWARD && b == SHARC_SDY_PROPAGATION_BACKWARD) ||
         (a == SHARC_SDY_PROPAGATION_BACKWARD && b == SHARC_SDY_PROPAGATION_FORWARD);
}

sharc_sdy_propagation_direction sharc_sdy_union_of_directions(sharc_sdy_propagation_direction a,
                                                              sharc_sdy_propagation_direction b) {
  if (forward_and_backward(a, b))
    return SHARC_SDY_PROPAGATION_BOTH;
  return a > b ? a : b;
}

sharc_sdy_propagation_direction sharc_sdy_intersection_of_directions(
    sharc_sdy_propagation_direction a, sharc_sdy_propagation_direction b) {
  if (forward_and_backward(a, b))
    return SHARC_SDY_PROPAGATION_NONE;
  return a < b ? a : b;
}

bool sharc_sdy_is_fully_replicated(const sharc_attr *sharding) {
  return !sharding || sharc_sdy_tensor_sharding_is_fully_replicated(sharding);
}

bool sharc_sdy_is_equivalent(const sharc_attr *sharding, const sharc_attr *other) {
  if (!sharding)
    return sharc_sdy_is_fully_replicated(other);
  return sharc_sdy_shardings_equivalent(sharding, other, false);
}

bool sharc_sdy_shardings_from_data_flow_edges(sharc_value *const *owners, unsigned n,
                                              sharc_attr **out) {
  sharc_attr *mesh_or_ref = NULL;
  for (unsigned i = 0; i < n; i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(owners[i]);
    sharc_attr *s = edge ? sharc_op_attr(edge, "sharding") : NULL;
    out[i] = s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
    if (out[i] && !mesh_or_ref)
      mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(out[i]);
  }
  if (!mesh_or_ref)
    return false;
  for (unsigned i = 0; i < n; i++)
    if (!out[i])
      out[i] = sharc_sdy_sharding_fully_open(
          sharc_op_context(sharc_sdy_owning_op(owners[i])), mesh_or_ref,
          sharc_sdy_tensor_rank(sharc_value_type(owners[i])), false);
  return true;
}



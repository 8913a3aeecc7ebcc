/* Building sdy.manual_computation ops: the partitioner's halo exchanges and
 * XLA's shard-map imports all create one from its three attributes, with an
 * empty body region the caller fills. */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_MANUAL_COMPUTATION_H
#define SHARC_TRANSFORMS_SDY_COMMON_MANUAL_COMPUTATION_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* The operands and results of a manual computation and its attributes:
 * in_shardings and out_shardings (sdy.sharding_per_value), manual_axes. */
typedef struct sharc_sdy_manual_computation_spec {
  sharc_attr *loc;
  sharc_value *const *operands;
  unsigned num_operands;
  sharc_type *const *result_types;
  unsigned num_results;
  sharc_attr *in_shardings, *out_shardings, *manual_axes;
} sharc_sdy_manual_computation_spec;

/* An sdy.manual_computation at the rewriter's insertion point, its region
 * empty. */
sharc_op *sharc_sdy_create_manual_computation(sharc_rewriter *rw,
                                              const sharc_sdy_manual_computation_spec *spec);

#endif

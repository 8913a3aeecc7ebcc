/* Shardy's propagation debugging (source_sharding): with
 * `debug-sharding-origins`, which user sharding (a function input or
 * output, a sharding constraint, a manual computation input or output) each
 * axis of a value's sharding came from, saved as `sdy.sharding_origins`;
 * with `debug-propagation-edge-sharding`, through which operand or result
 * of an op each new axis arrived, at which propagation step, saved as
 * `sdy.propagation_edges`.
 *
 * MLIR runs this as an action handler around every sharding update; here
 * the code that updates shardings asks sharc_sdy_source_sharding_active and,
 * when set, reports each update (Shardy's SourceShardingAction) with the
 * op's projections before and after it. */
#ifndef SHARC_TRANSFORMS_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H
#define SHARC_TRANSFORMS_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H

#include "transforms/sdy/rules/projection.h"

#define SHARC_SDY_SHARDING_ORIGINS_ATTR "sdy.sharding_origins"
#define SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR "sdy.sharding_origin_name"
#define SHARC_SDY_PROPAGATION_EDGES_ATTR "sdy.propagation_edges"

/* ShardingDebugMappings with its SourceShardingHandler. */
typedef struct sharc_sdy_source_sharding sharc_sdy_source_sharding;

sharc_sdy_source_sharding *sharc_sdy_source_sharding_create(bool debug_sharding_origins,
                                                            bool debug_propagation_edges);
void sharc_sdy_source_sharding_destroy(sharc_sdy_source_sharding *h);
/* Whether either option is on (MLIR's handler is registered): updates must
 * then be reported. */
bool sharc_sdy_source_sharding_active(const sharc_sdy_source_sharding *h);
/* prepareHandler: the first step after the module's recorded ones, the
 * initial origins (user shardings, and `sdy.sharding_origin_name` on
 * constraints and manual computations), one edge list per function result. */
void sharc_sdy_source_sharding_prepare(sharc_sdy_source_sharding *h, sharc_op *module);
/* One SourceShardingAction that changed the projection of `op` from `before`
 * to `after` (values, rule and mesh as the projections were built from);
 * call it only when they differ (Shardy's anyUpdated). */
void sharc_sdy_source_sharding_record(sharc_sdy_source_sharding *h, sharc_op *op,
                                      sharc_value *const *operands, unsigned num_operands,
                                      sharc_value *const *results, unsigned num_results,
                                      const sharc_attr *mesh, const sharc_attr *rule,
                                      const sharc_projection *before,
                                      const sharc_projection *after);
/* saveOnModule: the origins and edges as attributes. */
void sharc_sdy_source_sharding_save(sharc_sdy_source_sharding *h, sharc_op *module);

#endif

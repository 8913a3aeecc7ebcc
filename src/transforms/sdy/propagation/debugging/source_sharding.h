/* Propagation debugging (Shardy's debugging/source_sharding): with
 * debug-sharding-origins, which user sharding (function input or output,
 * sharding constraint, manual computation) each axis of each value's
 * sharding came from; with debug-propagation-edge-sharding, through which
 * operand or result of which op each axis arrived, and at which step.
 * Both are saved on the module as attributes when propagation ends. */
#ifndef SHARC_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H
#define SHARC_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H

#include "ir/ir_internal.h"
#include "transforms/sdy/rules/projection.h"

typedef struct sharc_source_sharding sharc_source_sharding;
typedef struct sharc_source_sharding_step sharc_source_sharding_step;

/* prepareHandler: records the user shardings of `module` as origins. */
sharc_source_sharding *sharc_source_sharding_create(sharc_op *module, bool origins, bool edges);
void sharc_source_sharding_destroy(sharc_source_sharding *s);

/* Around one propagation step through `op` (SourceShardingAction): `begin`
 * keeps the projection as it was, `end` compares it with the updated one
 * and records where each new axis came from. */
sharc_source_sharding_step *sharc_source_sharding_begin(sharc_source_sharding *s, sharc_op *op,
                                                        const sharc_projection *p);
void sharc_source_sharding_end(sharc_source_sharding *s, sharc_source_sharding_step *step,
                               sharc_value *const *operands, unsigned num_operands,
                               sharc_value *const *results, unsigned num_results,
                               const sharc_attr *mesh, const sharc_attr *rule,
                               const sharc_projection *p, bool any_updated);

/* saveOnModule: writes the recorded information as attributes. */
void sharc_source_sharding_save(sharc_source_sharding *s, sharc_op *module);

#endif

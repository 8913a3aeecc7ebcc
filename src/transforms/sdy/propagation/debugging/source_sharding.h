/* Propagation debugging (Shardy's debugging/source_sharding): with
 * debug-sharding-origins, which user sharding (function input or output,
 * sharding constraint, manual computation input or output) each axis of
 * each value's sharding came from; with debug-propagation-edge-sharding,
 * through which operand or result of which op each axis arrived, and at
 * which propagation step. Both are saved on the module as attributes
 * (`sdy.sharding_origins`, `sdy.propagation_edges`) when the pass ends.
 *
 * A pass that changes shardings with the handler on (propagation,
 * apply-sharding-constraints) brackets every change of an op's shardings
 * with sharc_source_sharding_begin / _end, Shardy's SourceShardingAction. */
#ifndef SHARC_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H
#define SHARC_SDY_PROPAGATION_DEBUGGING_SOURCE_SHARDING_H

#include "ir/ir_internal.h"
#include "transforms/sdy/rules/projection.h"

#define SHARC_SDY_SHARDING_ORIGINS_ATTR "sdy.sharding_origins"
#define SHARC_SDY_PROPAGATION_EDGES_ATTR "sdy.propagation_edges"
#define SHARC_SDY_BLOCK_ARG_SHARDING_ORIGINS_ATTR "sdy.block_arg_sharding_origins"
#define SHARC_SDY_BLOCK_ARG_PROPAGATION_EDGES_ATTR "sdy.block_arg_propagation_edges"
#define SHARC_SDY_RESULT_SHARDING_ORIGINS_ATTR "sdy.result_sharding_origins"
#define SHARC_SDY_RESULT_PROPAGATION_EDGES_ATTR "sdy.result_propagation_edges"
#define SHARC_SDY_SHARDING_ORIGIN_NAME_ATTR "sdy.sharding_origin_name"

typedef struct sharc_source_sharding sharc_source_sharding;
typedef struct sharc_source_sharding_step sharc_source_sharding_step;

/* prepareHandler: numbers propagation steps after those already recorded
 * on the module; with `origins`, records the user shardings as origins and
 * names the sharding constraints and manual computations
 * (`sdy.sharding_origin_name`). Manual computations are expected to have
 * their data flow edges. */
sharc_source_sharding *sharc_source_sharding_create(sharc_op *module, bool origins, bool edges);
void sharc_source_sharding_destroy(sharc_source_sharding *s);

/* One change of `op`'s shardings: `begin` keeps the factor shardings as
 * they were (`p`), `end` compares them with the updated ones (`p` again)
 * and records, for every new axis, the operand or result it came from.
 * `operands` and `results` are the values the projection's tensors stand
 * for (for a function, its returned value both times). `step` may be NULL
 * when `begin` was not called. */
sharc_source_sharding_step *sharc_source_sharding_begin(sharc_source_sharding *s, sharc_op *op,
                                                        const sharc_projection *p);
void sharc_source_sharding_end(sharc_source_sharding *s, sharc_source_sharding_step *step,
                               sharc_value *const *operands, unsigned num_operands,
                               sharc_value *const *results, unsigned num_results,
                               const sharc_attr *mesh, const sharc_attr *rule,
                               const sharc_projection *p, bool any_updated);

/* saveOnModule: writes what was recorded as attributes of the values'
 * owners, then says `self` for the origins a user sharding has on itself. */
void sharc_source_sharding_save(sharc_source_sharding *s, sharc_op *module);

/* saveDebugInfoDictsFromDataFlowEdges (for -sdy-sink-data-flow-edges): the
 * origins and / or edges held by the data flow edges of `owners` become
 * `sdy.block_arg_*` (owners are block arguments) or `sdy.result_*`
 * attributes of `op`. As in Shardy, an edge without origins adds no
 * dictionary, and only non-empty propagation edges are kept. */
void sharc_source_sharding_sink_from_data_flow_edges(sharc_value *const *owners, unsigned n,
                                                     sharc_op *op, bool sink_origins,
                                                     bool sink_edges, bool block_args);

#endif

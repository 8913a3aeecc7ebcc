/* The call-graph unflattening Shardy's -sdy-unflatten-call-graph does, shared
 * with XLA's -xla-sdy-unflatten-call-graph, which also reshards what flows
 * into and out of each call. */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_UNFLATTEN_CALL_GRAPH_H
#define SHARC_TRANSFORMS_SDY_EXPORT_UNFLATTEN_CALL_GRAPH_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"

/* Called for each func.call once it has been pointed at `func`, the
 * function kept for its computation key. */
typedef void (*sharc_sdy_unflatten_call_fn)(sharc_rewriter *rw, sharc_op *func, sharc_op *call);

/* Points every call of functions with one origin, manual axes (the
 * functions' `manual_attr`) and (unless `dedup_fully`) argument/result
 * shardings at one of them, then drops the origin and manual-axes
 * attributes. False after a located error. */
bool sharc_sdy_unflatten_call_graph(sharc_op *module, sharc_pass_run *run, bool dedup_fully,
                                    const char *manual_attr, sharc_sdy_unflatten_call_fn on_call);

#endif

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

/* The -dedup-functions-fully option of every pass that unflattens (Shardy's
 * and XLA's unflattening, XLA's named-computation export): the bool `field`
 * of the options struct `type`. */
#define SHARC_SDY_DEDUP_FUNCTIONS_FULLY_OPTION(type, field)                                        \
  SHARC_OPTION(type, field, "dedup-functions-fully", SHARC_OPT_BOOL, "false",                      \
               "If true, regardless of the input and output shardings of functions, it keeps "     \
               "one callee function for each caller function. The default is false, meaning it "   \
               "will deduplicate only if the input and output shardings are the same.")

#endif

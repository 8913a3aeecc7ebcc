/* Shardy's call-graph helpers of sdy/ir/utils: functions and calls in the
 * order of the call graph (iterateFuncs, walkCalls), callee and main
 * function lookups that report what Shardy's checks die on
 * (getFuncOpOrDie, getMainFuncOrDie), recursive function cloning
 * (cloneFuncRecursively), and the cycle check the passes that inline or
 * clone functions need before they start. */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_CALL_GRAPH_UTILS_H
#define SHARC_TRANSFORMS_SDY_COMMON_CALL_GRAPH_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"

/* iterateFuncs: the func.func ops with a body in reverse post-order of the
 * call graph (`pre_order`, callers first) or in its reverse (callees
 * first). Returns how many; `*out` is malloc'd (free it). */
unsigned sharc_sdy_funcs_in_call_order(const sharc_call_graph *cg, bool pre_order, sharc_op ***out);

/* walkCalls: `fn` on every func.call of each function, the functions in
 * the order above, each body walked (pre- or post-order) when its turn
 * comes, so `fn` may rewrite the module (the call graph is not read again;
 * the visited call may be erased). `fn` returns false to stop the walk;
 * returns false when it was stopped. */
typedef bool (*sharc_sdy_call_fn)(sharc_op *call, void *user);
bool sharc_sdy_walk_calls(const sharc_call_graph *cg, bool pre_order, sharc_sdy_call_fn fn,
                          void *user);

/* getFuncOpOrDie: the func.func `call` names in the symbol table of `module`
 * (NULL: the one nearest to the call);
 * NULL after the error Shardy's check fails with ("Failed to lookup
 * function: NAME"), at the call. */
sharc_op *sharc_sdy_callee_or_error(sharc_op *call, sharc_op *module);
/* getMainFuncOrDie: the module's only func.func when `use_single_func` and
 * it has one, else @main; NULL after the error at the module. */
sharc_op *sharc_sdy_main_func_or_error(sharc_op *module, bool use_single_func);

/* cloneFuncRecursively: a detached clone of `func` named after its
 * original name (`sdy.original_func_name`), whose calls go to clones of
 * their callees, cloned the same way and inserted into the module with
 * the pass's symbol table counter `*counter`. NULL after an error (a
 * callee that cannot be found, or a callee on a cycle of the call graph,
 * which Shardy would clone forever). */
sharc_op *sharc_sdy_clone_func_recursively(sharc_rewriter *rw, sharc_op *func, unsigned *counter);

/* A func.call through which the func.call edges between functions with a
 * body close a cycle, or NULL; the search follows the functions in module
 * order and their calls in walk order. */
sharc_op *sharc_sdy_find_call_cycle(const sharc_call_graph *cg);
/* The error for a call on a cycle of the call graph, at the call. */
void sharc_sdy_emit_call_cycle(sharc_op *call);

/* inlineRegionAndConvertTerminatorOp's second half: each block's
 * terminator in `r` becomes an sdy.return of the same values (a function
 * body moved into a named or manual computation). */
void sharc_sdy_terminators_to_return(sharc_rewriter *rw, sharc_region *r);

/* Whether a func.call attribute stays with the call when the call becomes
 * a named computation: func.call's inherent attributes and the result
 * shardings do; the rest move to the named computation. */
bool sharc_sdy_attr_stays_with_call(sharc_str name);

#endif

/* What MPMD's passes share: most rewrite distributed functions only
 * (Shardy's isDistributedFunction guard) with the pass's rewriter, the
 * scheduling ones entry points only, and some grow an op's operands. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_PASS_UTILS_H
#define SHARC_TRANSFORMS_MPMD_COMMON_PASS_UTILS_H

#include "dialect/mpmd/utils.h"
#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"

/* False for a function that is not distributed (the pass has nothing to
 * do); else true with `rw` set up as the pass's rewriter. */
bool sharc_mpmd_distributed_func_rewriter(sharc_op *func, sharc_pass_run *run, sharc_rewriter *rw);
/* The body of a distributed MPMD entry-point function, the only kind the
 * scheduling passes of the export reorder; NULL for any other. */
sharc_block *sharc_mpmd_entry_point_body(sharc_op *func);
/* The body of any entry-point function (distributed and public: an SPMD
 * one with only a mesh shape too), which the marking passes of the export
 * annotate; NULL for any other. */
sharc_block *sharc_mpmd_any_entry_point_body(sharc_op *func);
/* A rewrite of callee `func` together with its `n_calls` (one or more)
 * calls and the body they enter. */
typedef void (*sharc_mpmd_callee_rewrite_fn)(sharc_op *func, sharc_block *body,
                                             sharc_op *const *calls, unsigned n_calls,
                                             sharc_rewriter *rw);
/* The loop of the passes that rewrite callees and their calls together:
 * `fn` on each MPMD function of `module` that is called (entry points
 * left out when `skip_entry_points`), in module order, with the pass's
 * rewriter; the calls are those found before the first rewrite (a
 * rewrite may erase some: `fn` skips those). */
void sharc_mpmd_rewrite_called_funcs(sharc_op *module, sharc_pass_run *run,
                                     bool skip_entry_points, sharc_mpmd_callee_rewrite_fn fn);
/* A rewrite of entry-point function `func` under the pass's options. */
typedef bool (*sharc_mpmd_entry_point_rewrite_fn)(sharc_op *func, const void *opts,
                                                  sharc_rewriter *rw);
/* `fn` on each entry-point function of `module` in module order, with the
 * pass's rewriter, until one fails (the result). */
bool sharc_mpmd_rewrite_entry_points(sharc_op *module, sharc_pass_run *run, const void *opts,
                                     sharc_mpmd_entry_point_rewrite_fn fn);
/* Appends the users of `op`'s results to `out`, each once, in use order;
 * only ops of `only` unless it is NULL. */
void sharc_mpmd_unique_users(sharc_op *op, const sharc_op_def *only, sharc_ptr_vec *out);
/* `v` becomes the last operand of `op` (a control dependency, a sliced
 * transfer), the change reported to the rewriter. */
void sharc_mpmd_append_operand(sharc_rewriter *rw, sharc_op *op, sharc_value *v);

/* sharc_pass_apply_patterns for patterns that each read and change only
 * their root's own isolated-from-above scope (sharc_pattern_set_declare_
 * isolation_local): the driver leaves out the isolated bodies where none
 * can apply. */
bool sharc_mpmd_apply_isolation_local_patterns(sharc_op *op, const sharc_pattern *patterns,
                                               const sharc_greedy_config *config,
                                               sharc_pass_run *run);

#endif

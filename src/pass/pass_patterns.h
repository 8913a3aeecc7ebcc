/* Rewriting as a pass runs it, with the pass's listener so the pass
 * manager sees every change (its cached analyses, the call graph, are
 * dropped when they must be): the patterns of one array applied greedily,
 * or every op of a kind renamed. */
#ifndef SHARC_PASS_PASS_PATTERNS_H
#define SHARC_PASS_PASS_PATTERNS_H

#include "sharc/pass.h"
#include "sharc/rewrite.h"

/* Applies `patterns` (NULL-terminated; `state` goes to each) greedily to
 * what `op` holds, under `config` (NULL: the defaults) with the pass's
 * listener. Returns whether the rewrite converged; where it did not, says so
 * (sharc_pass_report_not_converged). */
bool sharc_pass_apply_patterns(sharc_op *op, const sharc_pattern *patterns, void *state,
                               const sharc_greedy_config *config, sharc_pass_run *run);

/* The same for a pattern set the pass built itself (several arrays, an
 * isolation-local declaration); the set stays the caller's. */
bool sharc_pass_apply_pattern_set(sharc_op *op, sharc_pattern_set *set,
                                  const sharc_greedy_config *config, sharc_pass_run *run);

/* MLIR's greedy driver fails when the rewrite does not converge, and a pass
 * built on it then fails without a word (mlir-opt exits 1 silently); a
 * failing pass must say why: an error at `op`, the op the rewrite ran on,
 * naming the pass and the iteration limit of `config`. */
void sharc_pass_report_not_converged(sharc_op *op, const sharc_greedy_config *config,
                                     const sharc_pass_run *run);

/* A conversion whose only outcome is a new name: each op of kind `from`
 * under `root` becomes an op named `to` with its operands, result types
 * and attributes (unregistered ones too), through the pass's rewriter,
 * visited in post-order so that replacing one never disturbs the walk. */
void sharc_pass_rename_ops(sharc_op *root, const sharc_op_def *from, const char *to,
                           sharc_pass_run *run);

/* The configuration MPMD's passes rewrite with: neither region
 * simplification nor folding nor constant deduplication. */
sharc_greedy_config sharc_pass_greedy_config_no_folding(void);

#endif

/* Outlining an sdy.named_computation into a private function, the step
 * Shardy's -sdy-export-named-computations and XLA's
 * -xla-sdy-export-named-computations share. */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_NAMED_COMPUTATION_UTILS_H
#define SHARC_TRANSFORMS_SDY_EXPORT_NAMED_COMPUTATION_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

/* createFuncOp's common part: a private func.func named after `nc` (renamed
 * when taken, with the symbol counter `*counter`), carrying
 * `sdy.original_func_name` and the `n_extra` attributes `extra`, typed by the
 * body's arguments and `nc`'s results, which takes `nc`'s body (sdy.return
 * becoming func.return) and is appended to `module`. `nc` is left with an
 * empty region. */
sharc_op *sharc_sdy_outline_named_computation(sharc_rewriter *rw, sharc_op *nc, sharc_op *module,
                                              unsigned *counter, const sharc_named_attr *extra,
                                              unsigned n_extra);

/* The func.call to `callee` that replaces `op` (the named computation
 * outlined into `callee`): its operands and result types, then its
 * discardable attributes but `skip` (NULL: none), then `extra` (NULL:
 * none). */
sharc_op *sharc_sdy_replace_with_call(sharc_rewriter *rw, sharc_op *op, sharc_str callee,
                                      const sharc_ident *skip, const sharc_named_attr *extra);

#endif

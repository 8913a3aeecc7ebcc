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
/* The body of callee `func` with the calls of it `cs` lists (`*n_calls`
 * of them), the guard of the passes that rewrite callees and their calls
 * together; NULL when it has no body or no call. */
sharc_block *sharc_mpmd_called_body(sharc_op *func, const sharc_mpmd_call_sites *cs,
                                    sharc_op *const **calls, unsigned *n_calls);
/* `v` becomes the last operand of `op` (a control dependency, a sliced
 * transfer), the change reported to the rewriter. */
void sharc_mpmd_append_operand(sharc_rewriter *rw, sharc_op *op, sharc_value *v);

#endif

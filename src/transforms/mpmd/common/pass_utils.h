/* What MPMD's func.func passes share before they start: most rewrite
 * distributed functions only (Shardy's isDistributedFunction guard) with
 * the pass's rewriter. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_PASS_UTILS_H
#define SHARC_TRANSFORMS_MPMD_COMMON_PASS_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/pass.h"
#include "sharc/rewrite.h"

/* False for a function that is not distributed (the pass has nothing to
 * do); else true with `rw` set up as the pass's rewriter. */
bool sharc_mpmd_distributed_func_rewriter(sharc_op *func, sharc_pass_run *run, sharc_rewriter *rw);

#endif

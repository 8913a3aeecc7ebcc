/* What MPMD's func.func passes share before they start; see pass_utils.h. */
#include "transforms/mpmd/common/pass_utils.h"

#include "dialect/mpmd/utils.h"

bool sharc_mpmd_distributed_func_rewriter(sharc_op *func, sharc_pass_run *run, sharc_rewriter *rw) {
  if (!sharc_mpmd_is_distributed_function(func))
    return false;
  sharc_pass_rewriter(run, rw, NULL);
  return true;
}

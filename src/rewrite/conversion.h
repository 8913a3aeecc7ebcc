/* What MLIR's dialect conversion reports when a partial conversion leaves
 * an op it was told to remove: one spelling for every pass that mirrors an
 * applyPartialConversion / applyFullConversion failure. */
#ifndef SHARC_REWRITE_CONVERSION_H
#define SHARC_REWRITE_CONVERSION_H

#include "sharc/ir.h"

/* "failed to legalize operation 'NAME' that was explicitly marked illegal"
 * at the op, emitted through the op (op->emitError) so that
 * --mlir-print-op-on-diagnostic attaches it as MLIR does. */
void sharc_rw_emit_not_legalized(const sharc_op *op);
/* The same for an op the failed conversion may already have replaced
 * (name and location read before it started); no op is attached. */
void sharc_rw_emit_not_legalized_at(sharc_context *ctx, sharc_attr *loc, sharc_str name);

#endif

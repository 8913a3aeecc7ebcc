/* Moving VHLO between versions (-vhlo-to-version): the target's validation
 * and the legality of ops, attributes and types at a version, with the
 * upgrade and downgrade rules of StableHLO's VhloToVersionPatterns.td. */
#ifndef SHARC_TRANSFORMS_VHLO_VHLO_VERSION_H
#define SHARC_TRANSFORMS_VHLO_VHLO_VERSION_H

#include "dialect/vhlo/vhlo.h"
#include "sharc/rewrite.h"

/* `text` as a target version, StableHLO's errors at `op` when it is not one
 * or lies outside [minimum, current]; a patch version becomes X.Y.0. */
bool sharc_vhlo_validate_target(sharc_op *op, const char *text, sharc_vhlo_version *out);
/* Every VHLO op under `root` (inclusive) moved to the target's version of
 * it; the first op that cannot be: MLIR's "failed to legalize operation"
 * error, then "failed to convert VHLO to vX" at `root`, false. */
bool sharc_vhlo_convert_to_version(sharc_rewriter *rw, sharc_op *root, sharc_vhlo_version target);

#endif

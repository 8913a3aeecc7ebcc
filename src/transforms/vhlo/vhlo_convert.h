/* The conversion between StableHLO (with func) and VHLO that
 * -stablehlo-legalize-to-vhlo and -vhlo-legalize-to-stablehlo run, as
 * StableHLO's StablehloLegalizeToVhlo.cpp / VhloLegalizeToStablehlo.cpp
 * define it: ops renamed to their current version, attributes mapped one to
 * one where they can be, the few struct attributes exploded into (or
 * imploded from) plain VHLO attributes, and the defaults StableHLO leaves
 * out made explicit (and removed again on the way back). */
#ifndef SHARC_TRANSFORMS_VHLO_VHLO_CONVERT_H
#define SHARC_TRANSFORMS_VHLO_VHLO_CONVERT_H

#include "dialect/vhlo/vhlo.h"
#include "sharc/rewrite.h"

/* Every stablehlo and func op under `root` into VHLO. On the first op that
 * cannot be converted: MLIR's "failed to legalize operation" error at it,
 * false. Ops of other dialects stay when `allow_other_dialects`. */
bool sharc_vhlo_from_stablehlo(sharc_rewriter *rw, sharc_op *root, bool allow_other_dialects);
/* Every VHLO op under `root` (each at the current version) back into
 * StableHLO and func. */
bool sharc_vhlo_to_stablehlo(sharc_rewriter *rw, sharc_op *root);

/* `op` replaced by an op named `name` on the same operands, with result
 * types `types` (one per result of `op`) and the attribute dictionary
 * `attrs`, taking its regions: one op's step of a conversion or version
 * change. The rewriter is left before `op`'s place. */
sharc_op *sharc_vhlo_replace_op_renamed(sharc_rewriter *rw, sharc_op *op, const char *name,
                                        sharc_type *const *types, sharc_attr *attrs);

#endif

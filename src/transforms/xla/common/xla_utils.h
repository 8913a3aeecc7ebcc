/* Helpers XLA's Shardy bridge passes share (xla/service/spmd/shardy/utils
 * and constants): the attribute names of the round trip and the mhlo.copy
 * XLA inserts where a value changes sharding. */
#ifndef SHARC_TRANSFORMS_XLA_COMMON_XLA_UTILS_H
#define SHARC_TRANSFORMS_XLA_COMMON_XLA_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"

#define SHARC_XLA_MANUAL_AXES_ATTR "xla.sdy.manual_axes"
#define SHARC_XLA_INLINABLE_MANUAL_BODY "xla.sdy.inlinable_manual_computation_body"

/* An mhlo.copy of `v` carrying `sharding` (as its sdy.sharding), at the
 * rewriter's insertion point (a sharc_sdy_reshard_fn); `manual_axes`, when
 * not NULL, is the #sdy.manual_axes it also carries (the call's it serves). */
sharc_op *sharc_xla_create_copy(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                sharc_attr *loc, void *manual_axes);

#endif

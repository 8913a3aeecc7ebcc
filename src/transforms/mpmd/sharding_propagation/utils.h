/* What the MPMD sharding propagation passes share (Shardy's
 * sharding_propagation/utils.h). */
#ifndef SHARC_TRANSFORMS_MPMD_SHARDING_PROPAGATION_UTILS_H
#define SHARC_TRANSFORMS_MPMD_SHARDING_PROPAGATION_UTILS_H

#include "ir/ir_internal.h"

/* UpdateValueUserInShardings: every fragment that takes `v` gets `sharding`
 * as the in-sharding of each operand that is `v` (nothing when NULL). */
void sharc_mpmd_update_value_user_in_shardings(sharc_value *v, sharc_attr *sharding);

#endif

/* Op properties Shardy's passes share (transforms/common/op_properties). */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_OP_PROPERTIES_H
#define SHARC_TRANSFORMS_SDY_COMMON_OP_PROPERTIES_H

#include "ir/ir_internal.h"

/* isElementwise: the Elementwise trait, StableHLO's broadcasting
 * element-wise ops (clamp, select), a bitcast_convert that keeps the shape,
 * and the sdy ops propagation treats as element-wise (propagation_barrier,
 * sharding_constraint, reshard). */
bool sharc_sdy_is_elementwise(const sharc_op *op);

#endif

/* The two ops of MLIR's shape dialect that StableHLO's dynamic-shape
 * simplification patterns match: shape.const_shape and shape.shape_of. */
#ifndef SHARC_DIALECT_SHAPE_SHAPE_H
#define SHARC_DIALECT_SHAPE_SHAPE_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_shape_shape_of_def;
extern const sharc_op_def sharc_shape_const_shape_def;

#endif

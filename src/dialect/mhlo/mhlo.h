/* The MHLO ops sharc knows (see mhlo.c), compared by definition pointer. */
#ifndef SHARC_DIALECT_MHLO_MHLO_H
#define SHARC_DIALECT_MHLO_MHLO_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_mhlo_copy_def;
/* mhlo.custom_call, StableHLO's custom_call under its older name */
extern const sharc_op_def *const sharc_mhlo_custom_call_def;

#endif

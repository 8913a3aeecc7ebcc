/* The mpmd op definitions, for recognising mpmd ops by definition pointer. */
#ifndef SHARC_DIALECT_MPMD_MPMD_OPS_H
#define SHARC_DIALECT_MPMD_MPMD_OPS_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_mpmd_assign_def;
extern const sharc_op_def sharc_mpmd_unassign_def;
extern const sharc_op_def sharc_mpmd_transfer_def;
extern const sharc_op_def sharc_mpmd_broadcast_def;
extern const sharc_op_def sharc_mpmd_reduce_def;
extern const sharc_op_def sharc_mpmd_named_tensor_def;
extern const sharc_op_def sharc_mpmd_return_def;
extern const sharc_op_def sharc_mpmd_call_def;
extern const sharc_op_def sharc_mpmd_fragment_def;
extern const sharc_op_def sharc_mpmd_fragment_call_def;
extern const sharc_op_def sharc_mpmd_named_computation_def;
extern const sharc_op_def sharc_mpmd_for_def;

#endif

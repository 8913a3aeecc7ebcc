/* What -mpmd-map-named-ops-to-mpmd-ops and
 * -mpmd-inline-nested-user-exposed-ops share: the user's assignment of a
 * named computation or named tensor, and inlining a named computation. */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_NAMED_OPS_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_NAMED_OPS_H

#include "ir/ir_internal.h"
#include "transforms/mpmd/import/mesh_assignment_map.h"

/* The name of a named computation (its origin's) or named tensor. */
sharc_str sharc_mpmd_named_op_name(const sharc_op *op);
/* The user's assignment of a named computation / named tensor, or NULL. */
const sharc_mpmd_name_assignment *sharc_mpmd_named_op_assignment(const sharc_op *op,
                                                                 const sharc_mpmd_user_assignment *m);
/* The mesh tensor a named tensor's assignment gives its operand (the stage
 * ignored, the memory kind taken from a `#kind` suffix), or NULL. */
sharc_type *sharc_mpmd_named_tensor_type(const sharc_op *named_tensor,
                                         const sharc_mpmd_name_assignment *a);
/* Moves a named computation's body before it, in its place. */
void sharc_mpmd_inline_named_computation(sharc_op *nc, sharc_rewriter *rw);

#endif

/* What the MPMD export passes share, as Shardy's export/utils.h has it:
 * the aliasing and donation attributes of the entry function, where each
 * value is used last, host-memory and layout checks of fragment operands
 * and results, and the program order of a block kept up to date while ops
 * move. */
#ifndef SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_UTILS_H
#define SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_UTILS_H

#include "dialect/mpmd/fragment_arg_res_attrs.h"
#include "dialect/mpmd/utils.h"
#include "sharc/asm.h"
#include "support/ptrmap.h"

#define SHARC_MPMD_ALIASING_ATTR "tf.aliasing_output"
#define SHARC_MPMD_BUFFER_DONOR_ATTR "jax.buffer_donor"
#define SHARC_MPMD_RESERVED_HBM_BYTES_ATTR "reserved_hbm_bytes"
#define SHARC_MPMD_LAYOUT_MODE_ATTR "mhlo.layout_mode"
#define SHARC_MPMD_PINNED_HOST "pinned_host"
#define SHARC_MPMD_DEVICE "device"
#define SHARC_MPMD_CPU_MESH_SUFFIX "/cpu"

/* IsArgOnHost(op, i): the op's arg_attrs put operand `i` in pinned host
 * memory. */
bool sharc_mpmd_is_operand_on_host(const sharc_op *op, unsigned index);
/* IsArgOnHost(func, i): the function's argument `i` is in pinned host
 * memory. */
bool sharc_mpmd_is_func_arg_on_host(const sharc_op *func, unsigned index);
/* IsResultOnHost: the defining op's res_attrs put the result in pinned
 * host memory. */
bool sharc_mpmd_is_result_on_host(const sharc_value *result);
/* IsInputOutputLayoutMatch: operand `in` and result `out` have the same
 * mhlo.layout_mode (or none). */
bool sharc_mpmd_layouts_match(const sharc_op *op, unsigned in, unsigned out);
/* IsArgDonated: as Shardy checks it (a string tf.aliasing_output, or
 * jax.buffer_donor = true). */
bool sharc_mpmd_is_func_arg_donated(const sharc_op *func, unsigned index);
/* The mesh name of a mesh tensor ends in "/cpu". */
bool sharc_mpmd_is_cpu_mesh(sharc_str mesh_name);

/* What the validation passes do with a finding: SDY_LOG(WARNING) of
 * `message` (from Shardy's `file`:`line`), then an error (`fail`) or a
 * warning on `op` (Operation::emitError / emitWarning). */
void sharc_mpmd_report(sharc_op *op, bool fail, const char *file, int line, const char *message);

/* OperandsForDeletionMapping: for each op of the function body, the
 * operand indices (ascending) whose value it is the last op of the body to
 * use. `last_uses` maps op -> sharc_i64_vec* (freed with
 * sharc_mpmd_last_uses_free); a value used twice by its last user counts
 * at its last index. */
typedef struct sharc_mpmd_last_uses {
  sharc_ptrmap by_op;
  sharc_ptr_vec lists;
} sharc_mpmd_last_uses;
void sharc_mpmd_last_uses_build(sharc_mpmd_last_uses *lu, sharc_op *func);
const sharc_i64_vec *sharc_mpmd_last_uses_of(const sharc_mpmd_last_uses *lu, const sharc_op *op);
void sharc_mpmd_last_uses_free(sharc_mpmd_last_uses *lu);

/* The order of a block's ops, answered in O(1) and kept right when an op
 * of the block is moved with sharc_mpmd_op_order_move_before (labels with
 * gaps, the whole block relabelled when a gap runs out, as MLIR keeps its
 * op order). */
typedef struct sharc_mpmd_op_order {
  sharc_block *block;
  sharc_ptrmap labels; /* op -> label (never 0) */
} sharc_mpmd_op_order;
void sharc_mpmd_op_order_init(sharc_mpmd_op_order *o, sharc_block *block);
void sharc_mpmd_op_order_free(sharc_mpmd_op_order *o);
bool sharc_mpmd_op_order_before(const sharc_mpmd_op_order *o, const sharc_op *a,
                                const sharc_op *b);
/* FindFirstUserInProgramOrder: the user of any of `op`'s results (taken as
 * its ancestor in the block) that comes first, or NULL. */
sharc_op *sharc_mpmd_op_order_first_user(const sharc_mpmd_op_order *o, const sharc_op *op);
/* Moves `op` right before `before` (both in the block) through `rw`. */
void sharc_mpmd_op_order_move_before(sharc_mpmd_op_order *o, sharc_rewriter *rw, sharc_op *op,
                                     sharc_op *before);

#endif

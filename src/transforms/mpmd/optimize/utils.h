/* Shardy's mpmd optimize/utils: forward and backward fragments, scheduling
 * units, the pipeline's meshes, dataflow paths between ops of a block,
 * control dependencies, and MLIR's topological sort of a block
 * (sortTopologically, computeTopologicalSorting) that scheduling and
 * merging rely on. */
#ifndef SHARC_TRANSFORMS_MPMD_OPTIMIZE_UTILS_H
#define SHARC_TRANSFORMS_MPMD_OPTIMIZE_UTILS_H

#include "dialect/mpmd/utils.h"
#include "support/vec.h"

/* IsForwardFragment / IsBackwardFragment: a single transpose count of 0 / 1. */
bool sharc_mpmd_is_forward_fragment(const sharc_op *fragment);
bool sharc_mpmd_is_backward_fragment(const sharc_op *fragment);
/* CanRemat: forward and backward with equal call counters and stages, the
 * backward not the next fragment on the mesh. */
bool sharc_mpmd_can_remat(const sharc_op *forward, const sharc_op *backward);
/* IsSchedulingUnit: a user fragment with a call counter and a single
 * transpose count of 0 or 1. */
bool sharc_mpmd_is_scheduling_unit(const sharc_op *fragment);
/* GetNumMeshes / GetMeshIndex over GetSchedulableMeshes (the topology's
 * meshes not named `.../cpu`) of `func`; the index is -1 when `mesh` is
 * not one of them. */
unsigned sharc_mpmd_num_schedulable_meshes(const sharc_op *func);
int sharc_mpmd_schedulable_mesh_index(const sharc_op *func, sharc_str mesh);
/* Every schedulable mesh's index at once (one pass over the topology, for
 * callers asking per fragment): interned name -> index + 1. */
void sharc_mpmd_schedulable_mesh_indices(const sharc_op *func, sharc_context *ctx,
                                         sharc_ptrmap *out);

/* The ops of a block (its terminator included) by position, for O(1)
 * order and ancestor queries. */
typedef struct sharc_mpmd_block_index {
  sharc_block *block;
  sharc_op **ops;
  unsigned n;
  sharc_ptrmap pos; /* op -> position + 1 */
  unsigned *stamp;  /* visit marks of the path searches */
  unsigned epoch;
} sharc_mpmd_block_index;
void sharc_mpmd_block_index_build(sharc_mpmd_block_index *bi, sharc_block *block);
void sharc_mpmd_block_index_free(sharc_mpmd_block_index *bi);
/* The position of `op` or of its ancestor in the block; -1 if none. */
int sharc_mpmd_block_index_of(const sharc_mpmd_block_index *bi, const sharc_op *op);
/* The positions of the users of op `cur`'s results (taken to their
 * ancestors in the block) not visited in the current epoch, pushed on
 * `stack`. */
typedef SHARC_VEC(unsigned) sharc_mpmd_index_stack;
void sharc_mpmd_push_unvisited_users(const sharc_mpmd_block_index *bi, unsigned cur,
                                     sharc_mpmd_index_stack *stack);
/* GetDependencyPath(src, tgt) != nullopt: `tgt` is reached from `src`
 * through users (taken to their ancestors in the block), never going past
 * `tgt`'s position. Both must be ops of the indexed block. */
bool sharc_mpmd_has_dependency_path(sharc_mpmd_block_index *bi, const sharc_op *src,
                                    const sharc_op *tgt);

/* The longest chain of dataflow edges (operands, nested operands) ending
 * at each op of the block, starting at 1: an op reaches another only if
 * its level is lower. Caller frees. */
unsigned *sharc_mpmd_block_levels(const sharc_mpmd_block_index *bi);

/* AddControlDependency: `second` gets the first result of `first` as an
 * operand past its block arguments (recorded by
 * mpmd.control_operand_start_idx). */
void sharc_mpmd_add_control_dependency(sharc_op *first, sharc_op *second, sharc_rewriter *rw);
/* RemoveAllControlDependencies of every fragment in `func`. */
void sharc_mpmd_remove_all_control_dependencies(sharc_op *func, sharc_rewriter *rw);

/* An extra edge for a sort: `to` must come after `from`. */
typedef struct sharc_mpmd_edge {
  sharc_op *from, *to;
} sharc_mpmd_edge;

typedef enum sharc_mpmd_sort_result {
  SHARC_MPMD_SORTED,        /* every op scheduled */
  SHARC_MPMD_SORT_CYCLIC,   /* a cycle: MLIR's order for it was applied */
  SHARC_MPMD_SORT_UNCHANGED /* a cycle, and the block was left alone */
} sharc_mpmd_sort_result;

/* MLIR's sortTopologically of a block (its terminator stays last), each op
 * after what its operands and nested operands come from and, here, after
 * the `from` of each extra edge. Without a cycle the order is MLIR's
 * (rounds of ready ops in block order) computed in linear time. With one,
 * `on_cycle_unchanged` leaves the block alone, else MLIR's algorithm is
 * run as it is. */
sharc_mpmd_sort_result sharc_mpmd_sort_topologically(sharc_block *block,
                                                     const sharc_mpmd_edge *extra,
                                                     unsigned n_extra, bool on_cycle_unchanged,
                                                     sharc_rewriter *rw);
/* MLIR's computeTopologicalSorting of `ops` (in place), by their direct
 * operands; false when it met a cycle. */
bool sharc_mpmd_compute_topological_sorting(sharc_op **ops, unsigned n);

#endif

/* The pieces of the greedy driver that live in their own files: constant
 * deduplication (MLIR's OperationFolder), folding, region simplification. */
#ifndef SHARC_REWRITE_GREEDY_INTERNAL_H
#define SHARC_REWRITE_GREEDY_INTERNAL_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "support/oa_table.h"
#include "support/ptrmap.h"
#include "support/vec.h"

/* Whether ops of kind `def` are memory-effect free whatever the op: pure,
 * with no hook of their own to ask. Most ops are, and answer this without
 * a call (sharc_op_is_memory_effect_free's full question). */
static inline bool sharc_op_def_plainly_pure(const sharc_op_def *def) {
  return def && !def->effect_free && (def->traits & SHARC_TRAIT_PURE);
}

/* One constant per (insertion region, dialect, value, type). */
typedef struct sharc_const_entry {
  const sharc_region *region;
  const sharc_dialect *dialect;
  const sharc_attr *value;
  const sharc_type *type;
  sharc_op *op; /* NULL: free slot; entries are never removed, only emptied */
} sharc_const_entry;

typedef struct sharc_const_folder {
  sharc_oa_table slots; /* sharc_const_entry slots */
  sharc_ptrmap owned; /* op -> its entry, for the constants the folder holds */
} sharc_const_folder;

void sharc_const_folder_reset(sharc_const_folder *f);
void sharc_const_folder_free(sharc_const_folder *f);
/* OperationFolder::insertKnownConstant for a constant-like op: true when
 * an equal constant existed and `op` was replaced by it (and erased);
 * otherwise the op is recorded and hoisted to the front of its insertion
 * region's entry block. Ops that are not constants: false. */
bool sharc_const_folder_replaced(sharc_const_folder *f, sharc_rewriter *rw, sharc_op *op);
/* The folder forgets an op about to be erased. */
void sharc_const_folder_forget(sharc_const_folder *f, sharc_op *op);

/* Folds `op` through its hook and replaces it by the results, materializing
 * constants through the dialect (before `op`); `res` has one entry per
 * result. True when the op folded (in place or replaced). */
bool sharc_fold_apply(sharc_rewriter *rw, sharc_op *op, sharc_fold_result *res);

/* MLIR's eraseUnreachableBlocks over a region and every region nested in
 * it; true when a block was erased. */
bool sharc_erase_unreachable_blocks(sharc_rewriter *rw, sharc_region *region);
/* MLIR's simplifyRegions: unreachable blocks, dead ops (region DCE), and
 * with `merge_blocks` identical blocks; true when something changed. */
bool sharc_simplify_region(sharc_rewriter *rw, sharc_region *region, bool merge_blocks);
/* The same, passing over the regions of the ops in `skip` (may be NULL):
 * ops whose regions are single-block, not graph regions, and hold no
 * trivially dead op at any depth, so that every op there is live and every
 * block reachable: there is nothing to erase in them. */
bool sharc_erase_unreachable_blocks_skipping(sharc_rewriter *rw, sharc_region *region,
                                             const sharc_ptrmap *skip);
bool sharc_simplify_region_skipping(sharc_rewriter *rw, sharc_region *region, bool merge_blocks,
                                    const sharc_ptrmap *skip);

#endif

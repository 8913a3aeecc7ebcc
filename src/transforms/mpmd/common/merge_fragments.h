/* Merging fragments, as Shardy's MergeFragments (transforms/common/utils)
 * and its MergeFragmentBasePass driver: a producer and a consumer fragment
 * on one mesh become one fragment, the producer's body first, operands
 * deduplicated, producer results the consumer alone used dropped. */
#ifndef SHARC_TRANSFORMS_MPMD_COMMON_MERGE_FRAGMENTS_H
#define SHARC_TRANSFORMS_MPMD_COMMON_MERGE_FRAGMENTS_H

#include "dialect/mpmd/utils.h"
#include "sharc/pass.h"

#define SHARC_MPMD_CONTROL_OPERAND_START_ATTR "mpmd.control_operand_start_idx"

/* AreStageIdsConsistent: equal, or one of them unset. */
bool sharc_mpmd_stage_ids_consistent(const sharc_op *producer, const sharc_op *consumer);
/* MergeFragments: the merged fragment (created where `consumer` was);
 * both inputs are erased. All uses of `producer` must be at or after
 * `consumer`. */
sharc_op *sharc_mpmd_merge_fragments(sharc_op *producer, sharc_op *consumer, sharc_rewriter *rw);
/* MergeAttributes, applied: the merged call counter and (for two inferred
 * fragments) the union of their `mpmd.inferred_by`, computed from the two
 * inputs before they are merged. */
typedef struct sharc_mpmd_merged_attrs {
  sharc_attr *call_counter;
  sharc_attr *inferred_by;
} sharc_mpmd_merged_attrs;
sharc_mpmd_merged_attrs sharc_mpmd_merged_attrs_of(const sharc_op *producer, const sharc_op *consumer);
void sharc_mpmd_set_merged_attrs(sharc_op *merged, const sharc_mpmd_merged_attrs *a);

/* MergeFragmentBasePass::runOnFunc with a pass's rules. */
typedef struct sharc_mpmd_merge_rules {
  /* AllowMerging */
  bool (*allow)(sharc_op *producer, sharc_op *consumer, void *user);
  /* AllowMergingWithAnyConsumer */
  bool any_consumer;
  /* GetMergeCandidate, when the pass overrides it (NULL: the base's). */
  sharc_op *(*candidate)(sharc_op *producer, void *user);
  void *user;
} sharc_mpmd_merge_rules;
void sharc_mpmd_merge_fragments_in(sharc_op *func, const sharc_mpmd_merge_rules *rules,
                                   sharc_rewriter *rw);
/* The whole run of a pass that merges each fragment of a distributed
 * function into its closest consumer when `allow` says so (nothing for
 * other functions). */
bool sharc_mpmd_run_merge_pass(sharc_op *func, sharc_pass_run *run,
                               bool (*allow)(sharc_op *producer, sharc_op *consumer, void *user));

#endif

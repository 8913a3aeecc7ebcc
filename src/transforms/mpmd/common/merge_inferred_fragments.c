/* -mpmd-merge-inferred-fragments: an inferred fragment (one without origin)
 * merges with its closest consumer fragment (any consumer it may merge
 * with, with merge-any-consumer; the next fragment on its mesh, with
 * merge-sideways), unless both are user fragments or a split would be
 * undone. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/merge_fragments.h"

typedef struct merge_inferred_options {
  bool merge_any_consumer;
  bool merge_sideways;
} merge_inferred_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(merge_inferred_options, merge_any_consumer, "merge-any-consumer",
                 SHARC_OPT_BOOL, "false",
                 "Whether to merge with any consumer or only the closest consumer."),
    SHARC_OPTION(merge_inferred_options, merge_sideways, "merge-sideways", SHARC_OPT_BOOL, "false",
                 "Whether to merge with the next fragment in the same mesh (neighbor), even if "
                 "not a consumer."),
};

static bool allow(sharc_op *producer, sharc_op *consumer, void *user) {
  (void)user;
  if (sharc_mpmd_is_user_fragment(producer) && sharc_mpmd_is_user_fragment(consumer))
    return false;
  return !(sharc_op_attr(producer, "split_keep_transferred") &&
           sharc_op_attr(consumer, "split_drop_transferred"));
}

/* merge-sideways: the next fragment on the same mesh. */
static sharc_op *next_on_mesh(sharc_op *producer, void *user) {
  sharc_attr *mesh = sharc_op_attr(producer, "mesh_name");
  for (sharc_op *op = sharc_op_next(producer); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def) && sharc_op_attr(op, "mesh_name") == mesh)
      return allow(producer, op, user) ? op : NULL;
  return NULL;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const merge_inferred_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  if (o->merge_sideways && o->merge_any_consumer) {
    sharc_emit_op_error(func, "merge-sideways cannot be used with merge-any-consumer");
    return false;
  }
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_mpmd_merge_rules rules = {allow, o->merge_any_consumer,
                                  o->merge_sideways ? next_on_mesh : NULL, NULL};
  sharc_mpmd_merge_fragments_in(func, &rules, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_merge_inferred_fragments = {
    .flag = "mpmd-merge-inferred-fragments",
    .display_name = "MergeInferredFragmentsPass",
    .summary = "Merges inferred fragments with user defined fragments.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(merge_inferred_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

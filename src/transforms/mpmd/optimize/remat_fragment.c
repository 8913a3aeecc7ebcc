/* -mpmd-remat-fragment: a forward fragment whose results a matching
 * backward fragment (same call counter and stage, not right after it on
 * the mesh) uses is cloned right before that backward fragment, which then
 * uses the clone; the clone is marked `remat`, or merged into the backward
 * fragment (merge-remat-fragments), which keeps its call counter. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/merge_fragments.h"
#include "transforms/mpmd/optimize/utils.h"
#include "transforms/mpmd/common/pass_utils.h"

#include <string.h>


typedef struct remat_options {
  bool merge_remat_fragments;
} remat_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(remat_options, merge_remat_fragments, "merge-remat-fragments", SHARC_OPT_BOOL,
                 "false", "Whether to merge the remat fragments into their consumer fragments."),
};

typedef struct owned_by {
  sharc_op *owner;
} owned_by;

static bool used_by(const sharc_use *u, void *user) {
  return sharc_use_owner(u) == ((owned_by *)user)->owner;
}

static void remat(sharc_op *forward, sharc_op *backward, bool merge, sharc_rewriter *rw) {
  sharc_rw_set_before(rw, backward);
  sharc_op *clone = sharc_rw_clone(rw, forward, NULL);
  owned_by pred = {backward};
  for (unsigned i = 0; i < sharc_op_num_results(forward); i++)
    sharc_rw_replace_uses_if(rw, sharc_op_result(forward, i), sharc_op_result(clone, i), used_by,
                             &pred);
  if (!merge) {
    sharc_mpmd_mark_as_remat(clone, rw);
    return;
  }
  int64_t counter;
  bool has_counter = sharc_mpmd_call_counter(backward, &counter);
  sharc_op *merged = sharc_mpmd_merge_fragments(clone, backward, rw);
  if (has_counter)
    sharc_rw_set_attr(rw, merged, SHARC_MPMD_CALL_COUNTER_ATTR,
                      sharc_attr_integer(rw->ctx, sharc_type_integer(rw->ctx, 32, SHARC_UNSIGNED),
                                         (int64_t)(uint32_t)counter));
  sharc_mpmd_mark_as_remat(merged, rw);
}

/* The backward fragments that may remat `forward`, in block order (Shardy
 * iterates a pointer-keyed set, whose order no input can rely on). Users
 * follow their producer, so one walk from it up to the last one orders
 * them. */
static void remat_users(sharc_op *forward, sharc_ptr_vec *out) {
  sharc_ptrmap seen = {0};
  unsigned found = 0;
  for (unsigned i = 0; i < sharc_op_num_results(forward); i++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(forward, i)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (sharc_ptrmap_get(&seen, user) || !sharc_op_isa(user, &sharc_mpmd_fragment_def) ||
          !sharc_mpmd_can_remat(forward, user))
        continue;
      sharc_ptrmap_put(&seen, user, user);
      sharc_vec_push(out, user);
      found++;
    }
  if (found > 1) {
    sharc_ptr_vec ordered = {0};
    for (sharc_op *op = sharc_op_next(forward); op && ordered.len < found; op = sharc_op_next(op))
      if (sharc_ptrmap_get(&seen, op))
        sharc_vec_push(&ordered, op);
    if (ordered.len == found) /* else a user is nested elsewhere: use order as found */
      memcpy(out->items + out->len - found, ordered.items, found * sizeof *ordered.items);
    sharc_vec_free(&ordered);
  }
  sharc_ptrmap_free(&seen);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const remat_options *o = opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  sharc_ptr_vec forwards = {0};
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(func)); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def) && sharc_mpmd_is_forward_fragment(op))
      sharc_vec_push(&forwards, op);
  for (unsigned i = 0; i < forwards.len; i++) {
    sharc_ptr_vec users = {0};
    remat_users(forwards.items[i], &users);
    for (unsigned k = 0; k < users.len; k++)
      remat(forwards.items[i], users.items[k], o->merge_remat_fragments, &rw);
    sharc_vec_free(&users);
  }
  sharc_vec_free(&forwards);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_remat_fragment = {
    .flag = "mpmd-remat-fragment",
    .display_name = "RematFragmentPass",
    .summary = "Rematerializes fragments.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(remat_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

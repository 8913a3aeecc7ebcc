/* -mpmd-verify-stage-merging: no two fragments assigned to a stage may
 * agree on mesh, stage, transpose count, split type and remat flag with
 * call counters that are equal or unset, since the computation of a stage
 * must run as one fragment. */
#include "dialect/mpmd/fragment_execution_rules.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef struct signature {
  sharc_attr *mesh; /* interned: equal names, same pointer */
  int64_t stage, transpose_count;
  bool has_call_count;
  int64_t call_count;
  sharc_mpmd_split_type split;
  bool remat;
} signature;

/* The fragments seen with one (mesh, stage, transpose count, split type,
 * remat flag): whether one had no call counter, and the call counters. A
 * new one matches a seen one (not a transitive relation, so Shardy keeps
 * a list) when either has no call counter or they share it. */
typedef struct group {
  bool has_unset;
  sharc_ptrmap counters; /* call counter + 1 -> 1 */
} group;

static const char *split_name(sharc_mpmd_split_type t) {
  return t == SHARC_MPMD_SPLIT_KEEP_TRANSFERRED   ? "kKeepTransferred"
         : t == SHARC_MPMD_SPLIT_DROP_TRANSFERRED ? "kDropTransferred"
                                                  : "nullopt";
}

typedef struct verify_state {
  sharc_context *ctx;
  sharc_ptrmap groups; /* key -> group */
  SHARC_VEC(group *) all;
  bool failed;
} verify_state;

static group *group_of(verify_state *st, const signature *s) {
  sharc_buf b = {0};
  sharc_str mesh = sharc_attr_string_value(s->mesh);
  sharc_buf_printf(&b, "%lld|%lld|%d|%d|", (long long)s->stage, (long long)s->transpose_count,
                   (int)s->split, (int)s->remat);
  sharc_buf_put_str(&b, mesh);
  sharc_ident *key = sharc_ident_get(st->ctx, (sharc_str){b.data, b.len});
  sharc_buf_free(&b);
  group *g = sharc_ptrmap_get(&st->groups, key);
  if (!g) {
    g = sharc_xcalloc(1, sizeof *g);
    sharc_ptrmap_put(&st->groups, key, g);
    sharc_vec_push(&st->all, g);
  }
  return g;
}

static void report(sharc_op *fragment, const signature *s) {
  sharc_str mesh = sharc_attr_string_value(s->mesh);
  char *origin = sharc_mpmd_attr_str(sharc_op_attr(fragment, "origin"));
  sharc_mpmd_error(fragment,
                   "A valid program cannot have more than one fragment with the same mesh, "
                   "stage, transpose, call counts, split type, and remat flag but found multiple "
                   "fragments with the same attributes: [mesh=%.*s, stage_id=%lld, "
                   "transpose_count=%lld, call_count=%lld, split_type=%s, is_remat=%d] for "
                   "current fragment with origin: %s",
                   (int)mesh.len, mesh.data, (long long)s->stage, (long long)s->transpose_count,
                   (long long)(s->has_call_count ? s->call_count : -1), split_name(s->split),
                   (int)s->remat, origin ? origin : "");
  free(origin);
}

static sharc_walk_result check(sharc_op *fragment, void *user) {
  verify_state *st = user;
  sharc_attr *stage = sharc_op_attr(fragment, "stage_id");
  if (!stage || sharc_attr_get_kind(stage) != SHARC_ATTR_INTEGER)
    return SHARC_WALK_ADVANCE;
  signature s = {sharc_op_attr(fragment, "mesh_name"), sharc_attr_int_value(stage), 0, false, 0,
                 sharc_mpmd_split_type_of(fragment), sharc_mpmd_is_remat(fragment)};
  if (!sharc_mpmd_fragment_transpose_count(fragment, &s.transpose_count)) {
    /* Shardy's check that a staged fragment has one */
    sharc_mpmd_error(fragment, "Check failed: transpose_count.has_value()");
    st->failed = true;
    return SHARC_WALK_ADVANCE;
  }
  s.has_call_count = sharc_mpmd_call_counter(fragment, &s.call_count);
  group *g = group_of(st, &s);
  const void *counter = (const void *)(uintptr_t)((uint64_t)s.call_count + 1);
  bool seen_any = g->has_unset || g->counters.count;
  if ((!s.has_call_count && seen_any) || g->has_unset ||
      (s.has_call_count && sharc_ptrmap_get(&g->counters, counter))) {
    report(fragment, &s);
    st->failed = true;
    return SHARC_WALK_ADVANCE;
  }
  if (s.has_call_count)
    sharc_ptrmap_put(&g->counters, counter, (void *)1);
  else
    g->has_unset = true;
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts, (void)run;
  if (!sharc_mpmd_is_distributed_function(func))
    return true;
  verify_state st = {sharc_op_context(func), {0}, {0}, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, check, &st);
  for (unsigned i = 0; i < st.all.len; i++) {
    sharc_ptrmap_free(&st.all.items[i]->counters);
    free(st.all.items[i]);
  }
  sharc_vec_free(&st.all);
  sharc_ptrmap_free(&st.groups);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_verify_stage_merging = {
    .flag = "mpmd-verify-stage-merging",
    .display_name = "VerifyStageMergingPass",
    .summary = "Verifies that merging of fragments assigned to stages succeeded.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

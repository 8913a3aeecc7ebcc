/* -mpmd-rule-based-merge: the fragments of one mesh whose fragment infos
 * are the sources of one rule become a single fragment labelled with the
 * rule's target info, merged in a topological order of the sources and
 * placed after the first of them; the function is then sorted
 * topologically (a cycle is an error) and control dependencies dropped
 * unless asked to keep them. */
#include "dialect/func/func.h"
#include "dialect/mpmd/fragment_execution_rules.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "pass/pass_patterns.h"
#include "pass/pass_registry.h"
#include "support/log.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/merge_fragments.h"
#include "transforms/mpmd/optimize/utils.h"

#include <stdlib.h>

typedef struct rule_merge_options {
  sharc_mpmd_fragment_merge_rules rules;
  bool remove_control_dependencies;
} rule_merge_options;

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(rule_merge_options, rules, "rules", sharc_mpmd_parse_merge_rules,
                        "list<FragmentMergeRule>", NULL,
                        "A list of fragment merge rules, each with a list of source fragment infos "
                        "and a target fragment info."),
    SHARC_OPTION(rule_merge_options, remove_control_dependencies, "remove-control-dependencies",
                 SHARC_OPT_BOOL, "true",
                 "Whether to remove control dependencies at the end of the pass."),
};

typedef struct merge_state {
  sharc_context *ctx;
  const sharc_mpmd_fragment_merge_rules *rules;
  sharc_ptrmap rule_of;  /* source info key -> rule index + 1 */
  sharc_ptr_vec *members; /* per rule: fragments seen with one of its sources */
  bool indexed;
} merge_state;

static unsigned rule_of(merge_state *st, const sharc_op *fragment) {
  sharc_mpmd_fragment_info info;
  sharc_mpmd_get_fragment_info(fragment, &info);
  unsigned r = (unsigned)(uintptr_t)sharc_ptrmap_get(&st->rule_of,
                                                     sharc_mpmd_fragment_info_key(st->ctx, &info));
  sharc_mpmd_fragment_info_free(&info);
  return r;
}

/* The fragments of each rule, found once; merged fragments are added as
 * they appear, merged-away ones are skipped by their erased mark. */
static void index_members(merge_state *st, sharc_op *func) {
  st->indexed = true;
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(func)); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_mpmd_fragment_def))
      continue;
    unsigned r = rule_of(st, op);
    if (r)
      sharc_vec_push(&st->members[r - 1], op);
  }
}

/* The other fragments of `root`'s rule on its mesh, in block order. */
static void candidates(merge_state *st, sharc_op *root, unsigned r, sharc_ptr_vec *out) {
  sharc_ptr_vec *members = &st->members[r - 1];
  unsigned kept = 0;
  for (unsigned i = 0; i < members->len; i++) {
    sharc_op *f = members->items[i];
    if (sharc_op_is_erased(f) || sharc_op_block(f) != sharc_op_block(root) || rule_of(st, f) != r)
      continue;
    members->items[kept++] = f;
    if (f != root && sharc_op_attr(f, "mesh_name") == sharc_op_attr(root, "mesh_name"))
      sharc_vec_push(out, f);
  }
  members->len = kept;
  for (unsigned k = 1; k < out->len; k++)
    for (unsigned j = k; j > 0 && sharc_op_is_before_in_block(out->items[j], out->items[j - 1]);
         j--) {
      void *t = out->items[j];
      out->items[j] = out->items[j - 1];
      out->items[j - 1] = t;
    }
}

static bool merge_by_rule(sharc_op *root, sharc_rewriter *rw, void *state) {
  merge_state *st = state;
  unsigned r = rule_of(st, root);
  if (!r)
    return false;
  if (!st->indexed)
    index_members(st, sharc_mpmd_enclosing_func(root));
  sharc_ptr_vec group = {0};
  candidates(st, root, r, &group);
  if (!group.len) {
    sharc_vec_free(&group);
    return false;
  }
  sharc_vec_push(&group, root);
  if (!sharc_mpmd_compute_topological_sorting((sharc_op **)group.items, group.len)) {
    sharc_vec_free(&group);
    sharc_log(SHARC_LOG_ERROR, "shardy/dialect/mpmd/transforms/common/rule_based_merge.cc", 86,
              "Cycle detected in sorted_merge_candidates");
    return false;
  }
  sharc_op *dest = sharc_op_next(group.items[0]);
  sharc_op *merged = group.items[0];
  for (unsigned i = 1; i < group.len; i++) {
    if (dest == group.items[i])
      dest = sharc_op_next(dest);
    merged = sharc_mpmd_merge_fragments(merged, group.items[i], rw);
  }
  sharc_vec_free(&group);
  sharc_mpmd_set_fragment_info(merged, &st->rules->items[r - 1].target, rw);
  if (dest && !sharc_op_is_erased(dest))
    sharc_rw_move_before(rw, merged, dest);
  unsigned again = rule_of(st, merged);
  if (again)
    sharc_vec_push(&st->members[again - 1], merged);
  return true;
}

static const sharc_pattern patterns[] = {
    {"RuleBasedMergingPattern", merge_by_rule, &sharc_mpmd_fragment_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* initialize(): each source info in one rule only (Shardy checks it). */
static bool index_rules(merge_state *st, sharc_op *func) {
  for (unsigned r = 0; r < st->rules->n; r++) {
    const sharc_mpmd_fragment_merge_rule *rule = &st->rules->items[r];
    for (unsigned s = 0; s < rule->n_sources; s++) {
      sharc_ident *key = sharc_mpmd_fragment_info_key(st->ctx, &rule->sources[s]);
      if (sharc_ptrmap_get(&st->rule_of, key)) {
        sharc_buf text = {0};
        sharc_mpmd_fragment_info_print(&rule->sources[s], &text);
        sharc_mpmd_error(func, "Fragment %s is already part of another merge rule.", text.data);
        sharc_buf_free(&text);
        return false;
      }
      sharc_ptrmap_put(&st->rule_of, key, (void *)(uintptr_t)(r + 1));
    }
  }
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const rule_merge_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  merge_state st = {sharc_op_context(func), &o->rules, {0}, NULL, false};
  st.members = sharc_xcalloc((size_t)o->rules.n + 1, sizeof *st.members);
  bool ok = index_rules(&st, func);
  if (ok) {
    sharc_greedy_config config = sharc_pass_greedy_config_no_folding();
    ok = sharc_pass_apply_patterns(func, patterns, &st, &config, run);
  }
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  if (ok && sharc_mpmd_sort_topologically(sharc_func_body(func), NULL, 0, false, &rw) !=
                SHARC_MPMD_SORTED) {
    sharc_mpmd_error(func, "Cycle detected in the program, not all fragments could be properly "
                           "merged.");
    ok = false;
  }
  if (ok && o->remove_control_dependencies)
    sharc_mpmd_remove_all_control_dependencies(func, &rw);
  for (unsigned r = 0; r < o->rules.n; r++)
    sharc_vec_free(&st.members[r]);
  free(st.members);
  sharc_ptrmap_free(&st.rule_of);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_rule_based_merge = {
    .flag = "mpmd-rule-based-merge",
    .display_name = "RuleBasedMergePass",
    .summary = "Merges fragments based on user-defined rules.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(rule_merge_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

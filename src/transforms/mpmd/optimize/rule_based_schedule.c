/* -mpmd-rule-based-schedule: fragments named by the rules' fragment infos
 * are ordered as each rule lists them: a control dependency between each
 * two consecutive ones found on one mesh that no dataflow path orders
 * already (one against the rule is skipped), then a topological sort of
 * the function and, unless kept for a later merge, the dependencies
 * dropped. */
#include "dialect/func/func.h"
#include "dialect/mpmd/fragment_execution_rules.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/optimize/utils.h"

typedef struct rule_schedule_options {
  sharc_mpmd_fragment_schedule_rules rules;
  bool remove_control_dependencies;
} rule_schedule_options;

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(rule_schedule_options, rules, "rules", sharc_mpmd_parse_schedule_rules,
                        "list<FragmentScheduleRule>", NULL,
                        "A list of fragment schedule rules. Each rule is a list of `FragmentInfo`s "
                        "that specifies the order in which the fragments should be executed."),
    SHARC_OPTION(rule_schedule_options, remove_control_dependencies,
                 "remove-control-dependencies", SHARC_OPT_BOOL, "true",
                 "Whether to remove control dependencies at the end of the pass."),
};

typedef struct info_walk {
  sharc_op *func;
  sharc_ptrmap by_info; /* info key -> fragment */
  bool failed;
} info_walk;

static sharc_walk_result index_fragment(sharc_op *fragment, void *user) {
  info_walk *w = user;
  if (!sharc_mpmd_is_user_fragment(fragment))
    return SHARC_WALK_ADVANCE;
  sharc_mpmd_fragment_info info;
  sharc_mpmd_get_fragment_info(fragment, &info);
  sharc_ident *key = sharc_mpmd_fragment_info_key(sharc_op_context(fragment), &info);
  if (sharc_ptrmap_get(&w->by_info, key)) {
    sharc_buf text = {0};
    sharc_mpmd_fragment_info_print(&info, &text);
    sharc_mpmd_error(w->func,
                     "Fragment info %s already exists for another fragment. Check if you have "
                     "multiple `named_computation` with the same name. If so, please rename one "
                     "of them.",
                     text.data);
    sharc_buf_free(&text);
    w->failed = true;
  } else {
    sharc_ptrmap_put(&w->by_info, key, fragment);
  }
  sharc_mpmd_fragment_info_free(&info);
  return SHARC_WALK_ADVANCE;
}

static sharc_op *find(info_walk *w, const sharc_mpmd_fragment_info *info) {
  return sharc_ptrmap_get(&w->by_info, sharc_mpmd_fragment_info_key(sharc_op_context(w->func), info));
}

/* One rule: consecutive pairs, a missing successor leaving the predecessor
 * in place for the next one. */
static void apply_rule(info_walk *w, const sharc_mpmd_fragment_schedule_rule *rule,
                       sharc_mpmd_block_index *bi, sharc_rewriter *rw) {
  if (rule->n_fragments < 2)
    return; /* Shardy only warns */
  const sharc_mpmd_fragment_info *pred_info = &rule->fragments[0];
  for (unsigned k = 1; k < rule->n_fragments; k++) {
    const sharc_mpmd_fragment_info *succ_info = &rule->fragments[k];
    sharc_op *pred = find(w, pred_info);
    if (!pred) {
      pred_info = succ_info;
      continue;
    }
    sharc_op *succ = find(w, succ_info);
    if (!succ)
      continue;
    pred_info = succ_info;
    if (pred == succ || sharc_op_attr(pred, "mesh_name") != sharc_op_attr(succ, "mesh_name"))
      continue;
    if (sharc_mpmd_has_dependency_path(bi, pred, succ) ||
        sharc_mpmd_has_dependency_path(bi, succ, pred))
      continue; /* already ordered, or against the dataflow (Shardy warns) */
    if (sharc_op_num_results(pred))
      sharc_mpmd_add_control_dependency(pred, succ, rw);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const rule_schedule_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  info_walk w = {func, {0}, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, index_fragment, &w);
  if (w.failed) {
    sharc_ptrmap_free(&w.by_info);
    return false;
  }
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_mpmd_block_index bi;
  sharc_mpmd_block_index_build(&bi, sharc_func_body(func));
  for (unsigned r = 0; r < o->rules.n; r++)
    apply_rule(&w, &o->rules.items[r], &bi, &rw);
  sharc_mpmd_block_index_free(&bi);
  sharc_ptrmap_free(&w.by_info);
  /* a cycle only makes Shardy warn; MLIR's order for it is kept */
  sharc_mpmd_sort_topologically(sharc_func_body(func), NULL, 0, false, &rw);
  if (o->remove_control_dependencies)
    sharc_mpmd_remove_all_control_dependencies(func, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_rule_based_schedule = {
    .flag = "mpmd-rule-based-schedule",
    .display_name = "RuleBasedSchedulePass",
    .summary = "Reorders fragments based on user-defined rules.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(rule_schedule_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

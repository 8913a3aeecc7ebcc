/* -mpmd-rule-based-schedule: fragments named by the rules' fragment infos
 * are ordered as each rule lists them: a control dependency between each
 * two consecutive ones found on one mesh that no dataflow path orders
 * already (one against the rule is skipped), then a topological sort of
 * the function and, unless kept for a later merge, the dependencies
 * dropped. */
#include "support/log.h"
#include "support/vec.h"
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

#define SOURCE "shardy/dialect/mpmd/transforms/optimize/rule_based_schedule.cc"

typedef SHARC_VEC(sharc_op *) op_vec;

/* Shardy's warnings end in a newline of their own (the log adds another). */
static void warn_info(int line, const sharc_mpmd_fragment_info *a, const sharc_mpmd_fragment_info *b,
                      const char *tail) {
  sharc_buf ta = {0}, tb = {0};
  sharc_mpmd_fragment_info_print(a, &ta);
  if (b)
    sharc_mpmd_fragment_info_print(b, &tb);
  sharc_log(SHARC_LOG_WARNING, SOURCE, line, "Fragment %s%s%s%s\n", ta.data, b ? " and " : "",
            b ? tb.data : "", tail);
  sharc_buf_free(&ta);
  sharc_buf_free(&tb);
}

/* TraverseToTarget: users depth-first in pre-order, taken to their
 * ancestors in the block, never past the target; `path` ends at it. */
static bool traverse_to_target(sharc_mpmd_block_index *bi, int cur, int target, unsigned epoch,
                               op_vec *path) {
  if (cur < 0 || cur > target || bi->stamp[cur] == epoch) {
    if (cur >= 0)
      bi->stamp[cur] = epoch;
    return false;
  }
  bi->stamp[cur] = epoch;
  sharc_op *op = bi->ops[cur];
  sharc_vec_push(path, op);
  if (cur == target)
    return true;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u))
      if (traverse_to_target(bi, sharc_mpmd_block_index_of(bi, sharc_use_owner(u)), target, epoch,
                             path))
        return true;
  path->len--;
  return false;
}

/* FormatConflictWarning, with the path from `succ` back to `pred`. */
static void warn_conflict(sharc_mpmd_block_index *bi, sharc_op *pred, sharc_op *succ,
                          const sharc_mpmd_fragment_info *pred_info,
                          const sharc_mpmd_fragment_info *succ_info) {
  op_vec path = {0};
  traverse_to_target(bi, sharc_mpmd_block_index_of(bi, succ), sharc_mpmd_block_index_of(bi, pred),
                     ++bi->epoch, &path);
  sharc_buf msg = {0};
  sharc_buf_puts(&msg, "Scheduling rule conflict: rule specifies that\n  ");
  sharc_mpmd_fragment_info_print(pred_info, &msg);
  sharc_buf_puts(&msg, "\nmust be scheduled before\n  ");
  sharc_mpmd_fragment_info_print(succ_info, &msg);
  sharc_buf_puts(&msg, "\nbut a dataflow dependency requires the opposite order.\n"
                       "Conflicting dependency path:\n");
  for (unsigned i = 0; i < path.len; i++) {
    sharc_buf_printf(&msg, "  [%u] ", i);
    if (sharc_op_isa(path.items[i], &sharc_mpmd_fragment_def)) {
      sharc_mpmd_fragment_info info;
      sharc_mpmd_get_fragment_info(path.items[i], &info);
      sharc_mpmd_fragment_info_print(&info, &msg);
      sharc_mpmd_fragment_info_free(&info);
    } else {
      sharc_str name = sharc_ident_str(sharc_op_name(path.items[i]));
      sharc_buf_printf(&msg, "%.*s", (int)name.len, name.data);
    }
    sharc_buf_puts(&msg, "\n");
  }
  sharc_log(SHARC_LOG_WARNING, SOURCE, 125, "%s", msg.data);
  sharc_buf_free(&msg);
  sharc_vec_free(&path);
}

/* One rule: consecutive pairs, a missing successor leaving the predecessor
 * in place for the next one. */
static void apply_rule(info_walk *w, const sharc_mpmd_fragment_schedule_rule *rule,
                       sharc_mpmd_block_index *bi, sharc_rewriter *rw) {
  if (rule->n_fragments < 2) {
    sharc_log(SHARC_LOG_WARNING, SOURCE, 70,
              "Fragment schedule rule must have at least two fragments.\n");
    return;
  }
  const sharc_mpmd_fragment_info *pred_info = &rule->fragments[0];
  for (unsigned k = 1; k < rule->n_fragments; k++) {
    const sharc_mpmd_fragment_info *succ_info = &rule->fragments[k];
    sharc_op *pred = find(w, pred_info);
    if (!pred) {
      warn_info(90, pred_info, NULL, " doesn't exist. Skipping this rule.");
      pred_info = succ_info;
      continue;
    }
    sharc_op *succ = find(w, succ_info);
    if (!succ) {
      warn_info(100, succ_info, NULL, " doesn't exist. Skipping this rule.");
      continue;
    }
    const sharc_mpmd_fragment_info *prev_info = pred_info;
    pred_info = succ_info;
    if (pred == succ)
      continue;
    if (sharc_op_attr(pred, "mesh_name") != sharc_op_attr(succ, "mesh_name")) {
      warn_info(112, prev_info, succ_info, " are on different meshes. Skipping this rule.");
      continue;
    }
    if (sharc_mpmd_has_dependency_path(bi, pred, succ))
      continue; /* already ordered */
    if (sharc_mpmd_has_dependency_path(bi, succ, pred)) {
      warn_conflict(bi, pred, succ, prev_info, succ_info);
      continue;
    }
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
  if (sharc_mpmd_sort_topologically(sharc_func_body(func), NULL, 0, false, &rw) != SHARC_MPMD_SORTED)
    sharc_log(SHARC_LOG_WARNING, SOURCE, 141,
              "Cycle detected in the program, not all fragments could be properly scheduled.\n");
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

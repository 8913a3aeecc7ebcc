/* -mpmd-optimize-pipeline: Shardy's addOptimizePipeline as its registration
 * configures it: the pipeline schedule (no schedule or merge rules), the
 * check that every stage was merged, and, when merging waited for
 * scheduling, the merges of inferred fragments. */
#include "pass/pass_registry.h"

#include <stdio.h>

typedef struct optimize_pipeline_options {
  bool merge_after_scheduling;
  int pipeline_schedule;
} optimize_pipeline_options;

static const char *const schedules[] = {"none", "1F1B", "Circular", NULL};

static const sharc_option_def options[] = {
    SHARC_OPTION(optimize_pipeline_options, merge_after_scheduling, "merge-after-scheduling",
                 SHARC_OPT_BOOL, "false",
                 "Whether to merge inferred fragments only after scheduling."),
    SHARC_OPTION_ENUM(optimize_pipeline_options, pipeline_schedule, "pipeline-schedule", schedules,
                      "1F1B", "The pipeline schedule to use."),
};

static bool add_func(sharc_pass_manager *pm, const char *flag, const char *opts, sharc_buf *err) {
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), flag, opts, err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const optimize_pipeline_options *o = opts;
  char scheduler[96];
  /* AddSchedulingAndRuleBasedMerge without rules: the scheduler alone,
   * removing its control dependencies */
  snprintf(scheduler, sizeof scheduler, "must-happen-before=%s remove-control-dependencies=true",
           schedules[o->pipeline_schedule]);
  /* AddSchedulingPass logs the schedule while the pipeline is set up */
  char line[96];
  snprintf(line, sizeof line, "Reordering computation for %s schedule.",
           schedules[o->pipeline_schedule]);
  sharc_pm_log_on_setup(pm, "shardy/dialect/mpmd/transforms/optimize/scheduler.cc", 114, line);
  bool ok = add_func(pm, "mpmd-pipeline-scheduler", scheduler, err) &&
            add_func(pm, "mpmd-verify-stage-merging", NULL, err);
  /* AddMergeInferredFragmentsPasses */
  if (ok && o->merge_after_scheduling)
    ok = add_func(pm, "mpmd-absorb-inferred-fragments", NULL, err) &&
         add_func(pm, "mpmd-merge-inferred-fragments", "merge-any-consumer=true", err) &&
         add_func(pm, "mpmd-merge-inferred-fragments", "merge-sideways=true", err);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_optimize_pipeline = {
    .flag = "mpmd-optimize-pipeline",
    .display_name = "",
    .summary = "Run the standard set of passes to optimize an MPMD program.",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(optimize_pipeline_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .build = build,
};

/* -mpmd-export-pipeline: Shardy's addExportPipeline. CSE, canonicalization
 * (bottom-up, no region simplification) and fragment dedup, optionally
 * constant copying and transfer merging, fragment DCE, uniquified function
 * inputs/outputs and merged inferred fragments, then the export passes:
 * offload and layout marking, delaying inferred fragments and CPU
 * transfers, sinking tokens, aliasing/donation and reserved memory, the
 * parameter-transfer and inferred-fragment checks, lowering to fragment
 * calls, and the reshard and backward-dependency checks.
 *
 * Common passes are added by flag: until one is implemented (the
 * uniquify pass, constant copying and transfer merging come with the MPMD
 * common passes) the pipeline fails to build with "pass '-...' is not
 * implemented yet". */
#include "transforms/mpmd/export/export_pipeline.h"

#include "pass/pass_registry.h"
#include "transforms/mpmd/export/export_passes.h"

typedef struct export_pipeline_options {
  bool fail_on_reshard_only_fragments;
  bool fail_on_backward_deps;
  bool fail_on_inferred_fragments;
  bool fail_on_param_transfers;
  const char *param_transfer_pattern;
} export_pipeline_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(export_pipeline_options, fail_on_backward_deps, "fail-on-backward-deps",
                 SHARC_OPT_BOOL, "false",
                 "Whether to emit an error when a backward dependency is detected in a "
                 "forward-only program."),
    SHARC_OPTION(export_pipeline_options, fail_on_inferred_fragments,
                 "fail-on-inferred-fragments", SHARC_OPT_BOOL, "true",
                 "Whether to emit an error when an inferred fragment is detected before lowering "
                 "to fragment calls."),
    SHARC_OPTION(export_pipeline_options, fail_on_param_transfers, "fail-on-param-transfers",
                 SHARC_OPT_BOOL, "false",
                 "Whether to emit an error (and fail) instead of a warning when a parameter "
                 "tensor is transferred across meshes."),
    SHARC_OPTION(export_pipeline_options, fail_on_reshard_only_fragments,
                 "fail-on-reshard-only-fragments", SHARC_OPT_BOOL, "false",
                 "Whether to emit an error when a reshard-only fragment is detected."),
    SHARC_OPTION(export_pipeline_options, param_transfer_pattern, "param-transfer-pattern",
                 SHARC_OPT_STRING, "params['transformer",
                 "Regex pattern to match against the location info of transferred tensors."),
};

sharc_mpmd_export_options sharc_mpmd_export_options_default(void) {
  return (sharc_mpmd_export_options){.fail_on_inferred_fragments = true,
                                     .param_transfer_pattern = "params['transformer"};
}

static bool add_func(sharc_pass_manager *pm, const char *flag, const char *opts, sharc_buf *err) {
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), flag, opts, err);
}

static bool add_func_def(sharc_pass_manager *pm, const sharc_pass_def *def, const void *opts,
                         sharc_buf *err) {
  return sharc_pm_add_def(sharc_pm_nest(pm, "func.func"), def, opts, err);
}

/* Up to the merged inferred fragments: cleanups and common passes. */
static bool add_cleanups(sharc_pass_manager *pm, const sharc_mpmd_export_options *o,
                         sharc_buf *err) {
  /* duplicated transfers and computations inside fragments go first */
  if (!add_func(pm, "cse", NULL, err))
    return false;
  /* before DCE, which removes what the copies leave unused */
  if (o->copy_constants_from_producer_to_consumer &&
      !add_func(pm, "mpmd-copy-constants", NULL, err))
    return false;
  /* GreedyRewriteConfig() with region simplification disabled: bottom-up */
  if (!sharc_pm_add(pm, "canonicalize", "top-down=false region-simplify=disabled", err) ||
      !add_func(pm, "mpmd-fragment-dedup", NULL, err))
    return false;
  /* after dedup (smaller concats), before DCE (which cleans up after it) */
  if (o->apply_merge_transfers &&
      !(add_func(pm, "mpmd-merge-transfers", NULL, err) &&
        add_func(pm, "mpmd-fragment-dedup", NULL, err) && add_func(pm, "cse", NULL, err)))
    return false;
  /* uniquify after the last dedup and canonicalization, which would undo it */
  return add_func(pm, "mpmd-fragment-dce", NULL, err) &&
         add_func(pm, "mpmd-uniquify-function-inputs-outputs", NULL, err) &&
         add_func(pm, "mpmd-merge-inferred-fragments", NULL, err);
}

bool sharc_mpmd_add_export_pipeline(sharc_pass_manager *pm, const sharc_mpmd_export_options *o,
                                    sharc_buf *err) {
  sharc_mpmd_param_transfers_options params = {o->fail_on_param_transfers, o->param_transfer_pattern};
  sharc_mpmd_no_inferred_options inferred = {o->fail_on_inferred_fragments};
  sharc_mpmd_lower_options lower = {o->verbose_logging};
  sharc_mpmd_no_reshards_options reshards = {o->fail_on_reshard_only_fragments};
  sharc_mpmd_backward_deps_options backward = {o->fail_on_backward_deps};
  return add_cleanups(pm, o, err) &&
         add_func_def(pm, &sharc_pass_mpmd_mark_offloaded_input_output, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_mark_input_output_with_layouts, NULL, err) &&
         /* before fragments depend on each other, so that inferred ones do
          * not hold back user fragments or keep buffers alive */
         add_func_def(pm, &sharc_pass_mpmd_delay_inferred_fragments, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_delay_transfers_from_cpu, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_sink_create_token_into_fragments, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_mark_aliasing_and_donation, NULL, err) &&
         /* after offloading and aliasing are known */
         add_func_def(pm, &sharc_pass_mpmd_mark_fragment_reserved_memory, NULL, err) &&
         add_func_def(pm, &sharc_pass_mpmd_validate_no_param_transfers, &params, err) &&
         add_func_def(pm, &sharc_pass_mpmd_validate_no_inferred_fragments, &inferred, err) &&
         /* after every pass that works on fragments */
         sharc_pm_add_def(pm, &sharc_pass_mpmd_lower_to_fragment_calls, &lower, err) &&
         add_func_def(pm, &sharc_pass_mpmd_validate_no_reshards, &reshards, err) &&
         add_func_def(pm, &sharc_pass_mpmd_validate_no_backward_deps, &backward, err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const export_pipeline_options *p = opts;
  sharc_mpmd_export_options o = sharc_mpmd_export_options_default();
  o.fail_on_reshard_only_fragments = p->fail_on_reshard_only_fragments;
  o.fail_on_backward_deps = p->fail_on_backward_deps;
  o.fail_on_inferred_fragments = p->fail_on_inferred_fragments;
  o.fail_on_param_transfers = p->fail_on_param_transfers;
  o.param_transfer_pattern = p->param_transfer_pattern;
  return sharc_mpmd_add_export_pipeline(pm, &o, err);
}

const sharc_pass_def sharc_pass_mpmd_export_pipeline = {
    .flag = "mpmd-export-pipeline",
    .display_name = "",
    .summary = "Run the standard set of passes to export an MPMD program.",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(export_pipeline_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .build = build,
};

/* -sdy-propagation-pipeline: the import pipeline, the call graph prepared
 * for propagation (flattened, or kept with function data flow edges when
 * functions are deduplicated fully), user-priority propagation keeping the
 * sharding rules for export, the call graph restored, and the export
 * pipeline; composed by flag as Shardy's addPropagationPipeline. */
#include "transforms/sdy/propagation/propagation_pipeline.h"

#include "pass/pass_registry.h"
#include "transforms/sdy/common/save_module.h"
#include "transforms/sdy/export/export_pipeline.h"
#include "transforms/sdy/import/import_pipeline.h"
#include "transforms/sdy/propagation/user_priority_propagation.h"


sharc_sdy_export_options sharc_sdy_export_options_for_propagation(
    const sharc_sdy_propagation_options *o) {
  sharc_sdy_export_options e = sharc_sdy_export_options_default();
  e.replica_count = o->replica_count;
  e.partition_count = o->partition_count;
  e.keep_sharding_rules = o->keep_sharding_rules;
  e.dump_directory = o->dump_directory;
  e.avoid_export_for_partitioning = o->avoid_export_for_partitioning;
  e.enable_insert_explicit_collectives = o->enable_insert_explicit_collectives;
  e.remove_all_gather_reduce_scatter_for_cmv1 = o->remove_all_gather_reduce_scatter_for_cmv1;
  e.dump_sharding_origins = o->debug_sharding_origins;
  e.dump_propagation_edges = o->debug_propagation_edge_sharding;
  /* Shardy means to fold this option into dedup-functions-fully */
  e.avoid_reshards_on_calls = o->dedup_functions_fully;
  e.update_non_divisible_input_output_shardings = o->update_non_divisible_input_output_shardings;
  e.inline_meshes = o->inline_meshes;
  e.enable_per_instruction_partitioning = o->enable_per_instruction_partitioning;
  e.per_instruction_partitioning_filter = o->per_instruction_partitioning_filter;
  e.keep_propagation_debug_info = o->keep_propagation_debug_info;
  return e;
}

/* The call graph as propagation wants it: function data flow edges when
 * every function keeps one body; else one callee per call site, with the
 * sharding constraints and groups applied after the calls were imported. */
static bool add_call_graph_preparation(sharc_pass_manager *pm,
                                       const sharc_sdy_propagation_options *o, sharc_buf *err) {
  if (o->dedup_functions_fully)
    return sharc_pm_add(pm, "sdy-add-func-data-flow-edges", NULL, err);
  const char *debug = sharc_sdy_debug_options_text(false, o->debug_sharding_origins,
                                                   o->debug_propagation_edge_sharding);
  return sharc_pm_add(pm, "sdy-flatten-call-graph", NULL, err) &&
         sharc_pm_add(pm, "symbol-dce", NULL, err) &&
         sharc_pm_add(pm, "sdy-import-func-calls", NULL, err) &&
         sharc_pm_add(pm, "symbol-dce", NULL, err) &&
         sharc_pm_add(pm, "sdy-apply-sharding-constraints", debug, err) &&
         sharc_pm_add(pm, "sdy-sharding-group-import", NULL, err);
}

/* User-priority propagation keeps the sharding rules (export uses them)
 * and numbers its dumps with the current index without consuming it: it
 * may write none or several. */
static bool add_propagation(sharc_pass_manager *pm, int dump_index,
                            const sharc_sdy_propagation_options *o, sharc_buf *err) {
  sharc_user_priority_options up = {0};
  up.propagation.keep_sharding_rules = true;
  up.propagation.module_dump_directory = o->dump_directory;
  up.propagation.conservative_propagation = o->conservative_propagation;
  up.propagation.debug_sharding_origins = o->debug_sharding_origins;
  up.propagation.debug_propagation_edge_sharding = o->debug_propagation_edge_sharding;
  up.propagation_strategy = SHARC_PROPAGATION_STRATEGY_AGGRESSIVE;
  up.run_op_priority_propagation = true;
  up.dump_index = dump_index;
  return sharc_pm_add(pm, "sdy-pre-order-funcs", NULL, err) &&
         sharc_pm_add_def(pm, &sharc_pass_sdy_user_priority_propagate, &up, err);
}

static bool add_call_graph_restoration(sharc_pass_manager *pm,
                                       const sharc_sdy_propagation_options *o, sharc_buf *err) {
  bool ok;
  if (o->dedup_functions_fully)
    ok = sharc_pm_add(pm, "sdy-propagate-to-func-results", NULL, err) &&
         sharc_pm_add(sharc_pm_nest(pm, "func.func"), "sdy-sink-func-data-flow-edges", NULL, err);
  else
    ok = sharc_pm_add(pm, "sdy-export-named-computations", NULL, err) &&
         sharc_pm_add(pm, "sdy-propagate-to-func-results", NULL, err);
  return ok && sharc_pm_add(pm, "sdy-unflatten-call-graph", NULL, err) &&
         sharc_pm_add(pm, "symbol-dce", NULL, err);
}

bool sharc_sdy_add_propagation_pipeline(sharc_pass_manager *pm, int *dump_index,
                                        const sharc_sdy_propagation_options *o, sharc_buf *err) {
  if (!sharc_sdy_add_import_pipeline(pm, dump_index, o, err) ||
      !add_call_graph_preparation(pm, o, err) || !add_propagation(pm, *dump_index, o, err) ||
      !add_call_graph_restoration(pm, o, err))
    return false;
  if (o->enable_auto_partitioning) {
    int index = (*dump_index)++;
    if (!sharc_sdy_add_save_module(pm, o->dump_directory, "propagation_before_auto_partitioning",
                                   &index, err))
      return false;
    /* sharc has no auto-partitioner registry to take a callback from;
     * Shardy's reports the same when none was registered */
    sharc_buf_printf(err, "auto-partitioner callback wasn't registered");
    return false;
  }
  if (!sharc_pm_add(pm, "sdy-insert-func-call-reshards", NULL, err))
    return false;
  sharc_sdy_export_options e = sharc_sdy_export_options_for_propagation(o);
  return sharc_sdy_add_export_pipeline(pm, dump_index, &e, err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_with_flag(opts);
  o.inline_meshes = false;
  int dump_index = 1;
  return sharc_sdy_add_propagation_pipeline(pm, &dump_index, &o, err);
}

const sharc_pass_def sharc_pass_sdy_propagation_pipeline = {
    .flag = "sdy-propagation-pipeline",
    .display_name = "",
    .summary = "Runs the SDY propagation pass, preceded by a sequence of import passes needed as "
               "a pre-processing step for propagation",
    .anchor = NULL,
    SHARC_OPTIONS(sharc_sdy_dedup_flag_options),
    .options_size = sizeof(sharc_sdy_dedup_flag),
    .tools = SHARC_TOOL_ANY,
    .build = build,
};

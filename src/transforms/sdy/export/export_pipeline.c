/* -sdy-export-pipeline: the passes that turn a propagated module into one
 * ready for partitioning, composed as Shardy's addExportPipeline: sink the
 * propagation's bookkeeping, make constraints reshards, fix input/output
 * shardings, close shardings, then (unless export is avoided) the Shardy
 * partitioner (explicit reshards and, optionally, collectives) and the
 * final clean-ups. */
#include "transforms/sdy/export/export_pipeline.h"

#include "pass/pass_registry.h"
#include "transforms/sdy/common/propagation_options.h"
#include "transforms/sdy/common/save_module.h"

#include <stddef.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_sdy_export_options, replica_count, "replica-count", SHARC_OPT_INT64, "1",
                 "Number of replicas (data parallelism)."),
    SHARC_OPTION(sharc_sdy_export_options, partition_count, "partition-count", SHARC_OPT_INT64,
                 "1", "Number of partitions (model parallelism)."),
    SHARC_OPTION(sharc_sdy_export_options, dump_directory, "dump-directory", SHARC_OPT_STRING,
                 NULL, "Directory to dump intermediate MLIR modules."),
    SHARC_OPTION(sharc_sdy_export_options, avoid_export_for_partitioning,
                 "avoid-export-for-partitioning", SHARC_OPT_BOOL, "false",
                 "Avoid exporting the module for partitioning so that the module will be "
                 "compatible for another round of propagation."),
    SHARC_OPTION(sharc_sdy_export_options, enable_insert_explicit_collectives,
                 "enable-insert-explicit-collectives", SHARC_OPT_BOOL, "false",
                 "Enable inserting explicit collective ops during export."),
    SHARC_OPTION(sharc_sdy_export_options, remove_all_gather_reduce_scatter_for_cmv1,
                 "remove-all-gather-reduce-scatter-for-cmv1", SHARC_OPT_BOOL, "false",
                 "Remove all-gather and reduce-scatter ops for CMV1."),
    SHARC_OPTION(sharc_sdy_export_options, enable_per_instruction_partitioning,
                 "enable-per-instruction-partitioning", SHARC_OPT_BOOL, "false",
                 "Enable selective per-instruction partitioning and sdy.manual_computation "
                 "wrapping."),
    SHARC_OPTION(sharc_sdy_export_options, per_instruction_partitioning_filter,
                 "per-instruction-partitioning-filter", SHARC_OPT_STRING, NULL,
                 "Filter string for selective partitioning (e.g. 'dot, pad', 'selectLow=0, "
                 "selectHigh=10')."),
    SHARC_OPTION(sharc_sdy_export_options, keep_sharding_rules, "keep-sharding-rules",
                 SHARC_OPT_BOOL, "false", "Keep sdy.sharding_rule attrs."),
    SHARC_OPTION(sharc_sdy_export_options, dump_sharding_origins, "dump-sharding-origins",
                 SHARC_OPT_BOOL, "false", "Sink sdy.sharding_origins attr."),
    SHARC_OPTION(sharc_sdy_export_options, dump_propagation_edges, "dump-propagation-edges",
                 SHARC_OPT_BOOL, "false", "Sink sdy.propagation_edges attr."),
    SHARC_OPTION(sharc_sdy_export_options, avoid_reshards_on_calls, "avoid-reshards-on-calls",
                 SHARC_OPT_BOOL, "false", "Avoid inserting explicit reshards/collectives for calls."),
    SHARC_OPTION(sharc_sdy_export_options, update_non_divisible_input_output_shardings,
                 "update-non-divisible-input-output-shardings", SHARC_OPT_BOOL, "true",
                 "Update non-divisible input/output shardings."),
    SHARC_OPTION(sharc_sdy_export_options, inline_meshes, "inline-meshes", SHARC_OPT_BOOL, "true",
                 "Inline meshes in shardings."),
};

static bool add_save(sharc_pass_manager *pm, int *dump_index, const sharc_sdy_export_options *o,
                     const char *name, sharc_buf *err) {
  int index = (*dump_index)++;
  return sharc_sdy_add_save_module(pm, o->dump_directory, name, &index, err);
}

static bool add_on_funcs(sharc_pass_manager *pm, const char *flag, const char *text,
                         sharc_buf *err) {
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), flag, text, err);
}

/* The minimal partitioner: explicit reshards, then either per-instruction
 * partitioning or collectives, canonicalized with the collective patterns. */
static bool add_partitioner(sharc_pass_manager *pm, int *dump_index,
                            const sharc_sdy_export_options *o, sharc_buf *err) {
  /* unreduced axes dropped by the passes before would make the reshards
   * inconsistent; catch them here */
  bool full = o->enable_insert_explicit_collectives || o->enable_per_instruction_partitioning;
  if (!add_on_funcs(pm, "sdy-verify-unreduced-axes", NULL, err) ||
      !add_on_funcs(pm, "sdy-insert-explicit-reshards",
                    full ? "enable-full-version=true" : NULL, err))
    return false;
  if (o->enable_per_instruction_partitioning) {
    sharc_buf text = {0};
    sharc_buf_printf(&text, "filter='%s' replica-count=%lld partition-count=%lld",
                     o->per_instruction_partitioning_filter
                         ? o->per_instruction_partitioning_filter
                         : "",
                     (long long)o->replica_count, (long long)o->partition_count);
    bool ok = add_save(pm, dump_index, o, "before_per_instruction_partitioning", err) &&
              sharc_pm_add(pm, "sdy-per-instruction-partitioning", text.data, err) &&
              add_save(pm, dump_index, o, "after_per_instruction_partitioning", err);
    sharc_buf_free(&text);
    if (!ok)
      return false;
  } else if (o->enable_insert_explicit_collectives) {
    /* the all-slices made here may fuse with the all-reduces inserted above
     * into reduce-scatters in the canonicalizer below */
    if (!add_save(pm, dump_index, o, "after_explicit_reshards", err) ||
        !sharc_pm_add(pm, "canonicalize", "enable-patterns=sdy-reshard", err) ||
        !add_on_funcs(pm, "sdy-reshard-to-collectives", NULL, err))
      return false;
  }
  if (!sharc_pm_add(pm, "canonicalize", "enable-patterns=sdy-collective", err))
    return false;
  if (o->enable_insert_explicit_collectives && o->remove_all_gather_reduce_scatter_for_cmv1 &&
      !add_on_funcs(pm, "sdy-remove-all-gather-reduce-scatter-for-cmv1", NULL, err))
    return false;
  return add_save(pm, dump_index, o,
                  o->enable_insert_explicit_collectives
                      ? "after_partitioner_with_global_shapes"
                      : "after_minimal_partitioner_with_global_shapes",
                  err);
}

bool sharc_sdy_add_export_pipeline(sharc_pass_manager *pm, int *dump_index,
                                   const sharc_sdy_export_options *o, sharc_buf *err) {
  const char *sink =
      sharc_sdy_debug_options_text(true, o->dump_sharding_origins, o->dump_propagation_edges);
  if (!add_on_funcs(pm, "sdy-constant-or-scalar-merger", NULL, err) ||
      !add_on_funcs(pm, "sdy-sink-data-flow-edges", sink, err))
    return false;
  if (!o->avoid_export_for_partitioning &&
      (!sharc_pm_add(pm, "sdy-remove-sharding-groups", NULL, err) ||
       !add_on_funcs(pm, "sdy-sharding-constraint-to-reshard", NULL, err)))
    return false;
  if (o->update_non_divisible_input_output_shardings &&
      (!sharc_pm_add(pm, "sdy-update-non-divisible-input-output-shardings", NULL, err) ||
       !sharc_pm_add(pm, "sdy-remove-sub-axes-in-input-output-shardings", NULL, err)))
    return false;
  /* dumped here, after the passes that strip propagation's internals, so
   * the dump reads as the propagation result */
  if (!sharc_pm_add(pm, "sdy-close-shardings", NULL, err) ||
      !add_save(pm, dump_index, o, "after_propagation", err))
    return false;
  if (!o->avoid_export_for_partitioning && !add_partitioner(pm, dump_index, o, err))
    return false;
  if ((o->dump_propagation_edges || o->dump_sharding_origins) &&
      !o->keep_propagation_debug_info &&
      !sharc_pm_add(pm, "sdy-remove-propagation-debug-info", NULL, err))
    return false;
  if (!o->keep_sharding_rules && !add_on_funcs(pm, "sdy-drop-sharding-rules", NULL, err))
    return false;
  if (!o->avoid_export_for_partitioning && o->inline_meshes &&
      !sharc_pm_add(pm, "sdy-inline-meshes", NULL, err))
    return false;
  return true;
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  int dump_index = 0;
  return sharc_sdy_add_export_pipeline(pm, &dump_index, opts, err);
}

const sharc_pass_def sharc_pass_sdy_export_pipeline = {
    .flag = "sdy-export-pipeline",
    .display_name = "",
    .summary = "Run a sequence of export passes needed as a post-processing step for Shardy "
               "propagation",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_sdy_export_options),
    .tools = SHARC_TOOL_ANY,
    .build = build,
};

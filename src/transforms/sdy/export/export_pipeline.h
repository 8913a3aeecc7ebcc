/* The sdy export pipeline (Shardy's addExportPipeline), for
 * -sdy-export-pipeline and the end of -sdy-propagation-pipeline. */
#ifndef SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_PIPELINE_H
#define SHARC_TRANSFORMS_SDY_EXPORT_EXPORT_PIPELINE_H

#include "sharc/pass.h"

#include <stdint.h>

/* Shardy's ExportOptions; start from sharc_sdy_export_options_default. */
typedef struct sharc_sdy_export_options {
  int64_t replica_count;
  int64_t partition_count;
  const char *dump_directory; /* NULL or "": no dumps */
  bool avoid_export_for_partitioning;
  bool enable_insert_explicit_collectives;
  bool remove_all_gather_reduce_scatter_for_cmv1;
  bool enable_per_instruction_partitioning;
  const char *per_instruction_partitioning_filter;
  bool keep_sharding_rules;
  bool dump_sharding_origins;
  bool dump_propagation_edges;
  bool avoid_reshards_on_calls;
  bool update_non_divisible_input_output_shardings; /* true */
  bool inline_meshes;                               /* true */
  /* sharc's own, not a flag: keep the sunk debugging information (see
   * sharc_sdy_propagation_options) */
  bool keep_propagation_debug_info;
} sharc_sdy_export_options;

static inline sharc_sdy_export_options sharc_sdy_export_options_default(void) {
  sharc_sdy_export_options o = {0};
  o.replica_count = 1;
  o.partition_count = 1;
  o.update_non_divisible_input_output_shardings = true;
  o.inline_meshes = true;
  return o;
}

/* Adds the export passes to `pm`; `*dump_index` numbers the module dumps
 * and goes on counting. `options` strings must outlive the pipeline. */
bool sharc_sdy_add_export_pipeline(sharc_pass_manager *pm, int *dump_index,
                                   const sharc_sdy_export_options *options, sharc_buf *err);

#endif

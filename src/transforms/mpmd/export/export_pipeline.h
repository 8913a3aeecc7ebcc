/* Shardy's addExportPipeline and its ExportOptions, for -mpmd-export-pipeline
 * and for pipelines that end with the export. */
#ifndef SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_PIPELINE_H
#define SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_PIPELINE_H

#include "sharc/pass.h"

typedef struct sharc_mpmd_export_options {
  bool copy_constants_from_producer_to_consumer;
  bool apply_merge_transfers;
  bool fail_on_reshard_only_fragments;
  bool fail_on_backward_deps;
  bool fail_on_inferred_fragments;
  bool fail_on_param_transfers;
  const char *param_transfer_pattern; /* must outlive the pipeline */
  bool verbose_logging;
} sharc_mpmd_export_options;

/* Shardy's defaults. */
sharc_mpmd_export_options sharc_mpmd_export_options_default(void);

bool sharc_mpmd_add_export_pipeline(sharc_pass_manager *pm, const sharc_mpmd_export_options *o,
                                    sharc_buf *err);

#endif

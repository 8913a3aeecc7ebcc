/* The sdy import pipeline (Shardy's addImportPipeline), for the pipelines
 * that start with it (-sdy-import-pipeline, -sdy-propagation-pipeline). */
#ifndef SHARC_TRANSFORMS_SDY_IMPORT_IMPORT_PIPELINE_H
#define SHARC_TRANSFORMS_SDY_IMPORT_IMPORT_PIPELINE_H

#include "sharc/pass.h"
#include "transforms/sdy/common/propagation_options.h"

/* Adds the import passes to `pm`; `*dump_index` numbers the module dumps
 * and goes on counting. `options` strings must outlive the pipeline. */
bool sharc_sdy_add_import_pipeline(sharc_pass_manager *pm, int *dump_index,
                                   const sharc_sdy_propagation_options *options, sharc_buf *err);

/* The one flag of -sdy-import-pipeline and -sdy-propagation-pipeline
 * (their `options_size` struct), and Shardy's defaults with it applied. */
typedef struct sharc_sdy_dedup_flag {
  bool dedup_functions_fully;
} sharc_sdy_dedup_flag;
extern const sharc_option_def sharc_sdy_dedup_flag_options[1];
sharc_sdy_propagation_options sharc_sdy_propagation_options_with_flag(const sharc_sdy_dedup_flag *f);

#endif

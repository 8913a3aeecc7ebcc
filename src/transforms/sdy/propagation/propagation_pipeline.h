/* The sdy propagation pipeline (Shardy's addPropagationPipeline): import,
 * call graph preparation, user-priority propagation, then the export
 * pipeline. */
#ifndef SHARC_SDY_PROPAGATION_PROPAGATION_PIPELINE_H
#define SHARC_SDY_PROPAGATION_PROPAGATION_PIPELINE_H

#include "sharc/pass.h"
#include "transforms/sdy/export/export_pipeline.h"
#include "transforms/sdy/common/propagation_options.h"

/* Adds the pipeline's passes to `pm`; `*dump_index` numbers the module
 * dumps and goes on counting. `options` strings must outlive the
 * pipeline. False (with the reason in `err`) when a pass cannot be added,
 * e.g. one not implemented yet. */
/* The export pipeline's options the propagation pipeline derives from its
 * own (Shardy's populateExportOptions). */
sharc_sdy_export_options sharc_sdy_export_options_for_propagation(
    const sharc_sdy_propagation_options *options);

bool sharc_sdy_add_propagation_pipeline(sharc_pass_manager *pm, int *dump_index,
                                        const sharc_sdy_propagation_options *options,
                                        sharc_buf *err);

#endif

/* What the pipeline report's files share (pipeline_run.c, pipeline_sim.c). */
#ifndef SHARC_REPORT_PIPELINE_INTERNAL_H
#define SHARC_REPORT_PIPELINE_INTERNAL_H

#include "sharc/ir.h"

/* Where an error about the whole module goes: the module, or for an
 * implicit one (no position of its own) its first op. */
sharc_attr *sharc_pipeline_module_loc(sharc_op *module);
/* The function carrying an MPMD topology (JAX's entry point), or NULL. */
sharc_op *sharc_pipeline_entry_function(sharc_op *module);

#endif

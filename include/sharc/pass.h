/* Passes and pass pipelines: parse a textual pipeline, run it over a module. */
#ifndef SHARC_PASS_H
#define SHARC_PASS_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_pipeline sharc_pipeline;

typedef struct sharc_pipeline_flags {
  bool print_ir_after_all;   /* -mlir-print-ir-after-all, to stderr */
  bool timing;               /* -mlir-timing */
  unsigned tool_mask;        /* which tool's passes are known (1 sdy_opt, 2 mpmd_opt) */
} sharc_pipeline_flags;

sharc_pipeline *sharc_pipeline_create(const sharc_pipeline_flags *flags);
void sharc_pipeline_destroy(sharc_pipeline *pl);
void sharc_pipeline_set_flags(sharc_pipeline *pl, const sharc_pipeline_flags *flags);
/* Adds `-flag[=options]`; false with a message in `err` when unknown, not
 * implemented yet, or when an option is wrong. */
bool sharc_pipeline_add(sharc_pipeline *pl, const char *flag, const char *options, sharc_buf *err);
/* Adds a textual pipeline `builtin.module(a,func.func(b{x=1}))`. */
bool sharc_pipeline_parse(sharc_pipeline *pl, const char *text, sharc_buf *err);
unsigned sharc_pipeline_size(const sharc_pipeline *pl);
/* Runs every pass (verifying after each); diagnostics go to the context. */
bool sharc_pipeline_run(sharc_pipeline *pl, sharc_op *module);
/* Writes the -mlir-timing report accumulated by runs so far. */
void sharc_pipeline_report_timing(const sharc_pipeline *pl, sharc_buf *out);

#ifdef __cplusplus
}
#endif
#endif

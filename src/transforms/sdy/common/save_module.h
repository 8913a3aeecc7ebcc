/* Shardy's SaveModuleOpPass (shardy/common/file_utils): pipelines dump the
 * module they are building to `<dump directory>/<NN.>name.mlir` for
 * debugging; without a directory it does nothing. Not a command-line pass. */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_SAVE_MODULE_H
#define SHARC_TRANSFORMS_SDY_COMMON_SAVE_MODULE_H

#include "sharc/pass.h"

extern const sharc_pass_def sharc_pass_sdy_save_module;

typedef struct sharc_sdy_save_module_options {
  const char *dump_directory; /* NULL or "": nothing is saved */
  const char *file_name;      /* without the `.mlir` extension */
  bool has_dump_index;
  int dump_index; /* written as a two-digit prefix, `00.name` */
} sharc_sdy_save_module_options;

/* saveModuleOp: writes the module now (errors go to stderr, as LLVM's
 * errs(), and do not fail anything). */
void sharc_sdy_save_module(sharc_op *module, const sharc_sdy_save_module_options *opts);
/* createSaveModuleOpPass, added to `pm`; the strings must outlive it. */
bool sharc_sdy_add_save_module(sharc_pass_manager *pm, const char *dump_directory,
                               const char *file_name, const int *dump_index, sharc_buf *err);

#endif

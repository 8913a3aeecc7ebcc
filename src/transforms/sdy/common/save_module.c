/* Saving the module being transformed to a dump directory; see
 * save_module.h. */
#include "transforms/sdy/common/save_module.h"

#include "sharc/asm.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static void write_file(const char *data, size_t len, void *user) {
  fwrite(data, 1, len, user);
}

/* llvm::sys::path::append: one separator between the parts. */
static void file_path(const sharc_sdy_save_module_options *o, sharc_buf *out) {
  size_t n = strlen(o->dump_directory);
  sharc_buf_puts(out, o->dump_directory);
  if (n && o->dump_directory[n - 1] != '/')
    SHARC_BUF_LIT(out, "/");
  if (o->has_dump_index)
    sharc_buf_printf(out, "%02d.", o->dump_index);
  sharc_buf_printf(out, "%s.mlir", o->file_name ? o->file_name : "");
}

void sharc_sdy_save_module(sharc_op *module, const sharc_sdy_save_module_options *o) {
  if (!o->dump_directory || !*o->dump_directory)
    return;
  sharc_buf path = {0};
  file_path(o, &path);
  FILE *f = fopen(path.data, "w");
  if (!f) {
    fprintf(stderr, "error when writing file %s: %s\n", path.data, strerror(errno));
    sharc_buf_free(&path);
    return;
  }
  sharc_print_flags flags = {0};
  sharc_print_op_stream(module, &flags, write_file, f);
  if (fclose(f) != 0)
    fprintf(stderr, "error when writing file %s: %s\n", path.data, strerror(errno));
  sharc_buf_free(&path);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)run;
  sharc_sdy_save_module(module, opts);
  return true;
}

const sharc_pass_def sharc_pass_sdy_save_module = {
    .flag = "sdy-save-module",
    .display_name = "SaveModuleOpPass",
    .summary = "Saves the module to the specified directory with the specified name, saving it "
               "as a `.mlir` file.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .options_size = sizeof(sharc_sdy_save_module_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

bool sharc_sdy_add_save_module(sharc_pass_manager *pm, const char *dump_directory,
                               const char *file_name, const int *dump_index, sharc_buf *err) {
  sharc_sdy_save_module_options o = {dump_directory, file_name, dump_index != NULL,
                                     dump_index ? *dump_index : 0};
  return sharc_pm_add_def(pm, &sharc_pass_sdy_save_module, &o, err);
}

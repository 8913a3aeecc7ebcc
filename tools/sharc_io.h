/* File output for the sharc command line: writing a file only when it is
 * complete, through a temporary file renamed into place (input is read
 * with support/input.h, as sdy_opt does). */
#ifndef SHARC_TOOLS_SHARC_IO_H
#define SHARC_TOOLS_SHARC_IO_H

#include <stdbool.h>
#include <stddef.h>

/* Writes `len` bytes to `path` ("-": stdout) through a temporary file in
 * the same directory renamed over it, so that `path` is either untouched
 * or complete (a signal during the write removes the temporary file).
 * 0 or an errno. */
int sharc_cli_write_file(const char *path, const char *data, size_t len);

/* Streaming the same way: open, write pieces, then commit or abandon. */
typedef struct sharc_cli_output sharc_cli_output;
sharc_cli_output *sharc_cli_output_open(const char *path, int *err);
void sharc_cli_output_write(const char *data, size_t len, void *out);
/* Renames the file into place (`keep`) or removes it; 0 or an errno. */
int sharc_cli_output_close(sharc_cli_output *o, bool keep);

/* Command-line option `name` at argv[*i], as `name VALUE` (advancing *i) or
 * `name=VALUE`; false when argv[*i] is another option. *value is NULL when
 * the value is missing. */
bool sharc_cli_take_value(int argc, char **argv, int *i, const char *name, const char **value);

#endif

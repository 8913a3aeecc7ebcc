/* Files for the sharc command line: the input read and parsed into a
 * fresh context (read with support/input.h, as sdy_opt does), and output
 * written only when complete, through a temporary file renamed into
 * place. */
#ifndef SHARC_TOOLS_SHARC_IO_H
#define SHARC_TOOLS_SHARC_IO_H

#include "sharc/ir.h"
#include "support/input.h"

#include <stdbool.h>
#include <stddef.h>

/* Reads `input` ("-": stdin) into `in`, then parses and verifies it in a
 * new context, stored in `*ctx` before parsing so that `handler` can
 * format its diagnostics with the source; `*name` is the name they use
 * ("<stdin>" for "-"). A module whose shardings are in one of XLA's forms
 * (GSPMD, the round trip) is imported first, with a one-line note on
 * stderr (sharc/xla_import.h). NULL after an error: an unreadable file is
 * reported on stderr here (`*ctx` stays NULL), the rest go to `handler`. */
sharc_op *sharc_cli_load_module(const char *input, bool allow_unregistered,
                                sharc_diag_handler handler, void *user, sharc_input_text *in,
                                sharc_context **ctx, const char **name);

/* One input of a sharc command: its text, context and module, and the
 * diagnostics formatted with their source excerpts, held until flushed to
 * stderr (so that a command's own messages come in order). */
typedef struct sharc_cli_session {
  const char *name; /* the input as diagnostics name it */
  sharc_input_text in;
  sharc_context *ctx;
  sharc_op *module;
  sharc_buf diags;
} sharc_cli_session;

/* The diagnostic handler that formats into the session (`user`). */
void sharc_cli_session_diag(const sharc_diag *d, void *user);
/* sharc_cli_load_module into `s` with that handler, its diagnostics
 * flushed; false after an error. */
bool sharc_cli_session_load(sharc_cli_session *s, const char *input, bool allow_unregistered);
void sharc_cli_session_flush(sharc_cli_session *s);
void sharc_cli_session_free(sharc_cli_session *s);

/* A command-line error on stderr: `sharc CMD: error: ` and `fmt` (with
 * `arg`), then the hint to try `sharc CMD --help` (`cmd` NULL: the sharc
 * command itself). Returns 1, the exit status. */
int sharc_cli_usage_error(const char *cmd, const char *fmt, const char *arg);

/* Whether to colour stdout: `color` 1 (always) or 0 (never), else (auto)
 * when stdout is a terminal and NO_COLOR is unset or empty. */
bool sharc_cli_use_color(int color);
/* `--color` VALUE: auto (-1), always (1) or never (0) into *color; false
 * for anything else. */
bool sharc_cli_parse_color(const char *value, int *color);

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

/* Writing files atomically for the sharc command line
 * (a temporary file beside the target, renamed into place once complete;
 * removed again on failure or on SIGINT/SIGTERM/SIGHUP). */
#define _POSIX_C_SOURCE 200809L
#include "sharc_io.h"
#include "sharc_pipeline_cli.h"

#include "sharc/asm.h"
#include "sharc/verify.h"
#include "sharc/xla_import.h"
#include "support/xalloc.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- input ------------------------------------------------------------------ */

/* Shardings in one of XLA's forms (GSPMD strings and custom calls, the
 * round-trip frontend attributes) come in through XLA's import pipeline,
 * and the user is told so in one line. */
static bool import_xla_shardings(sharc_op *module, sharc_context *ctx, const char *name) {
  sharc_xla_sharding_form form;
  bool ok = sharc_xla_import_shardings(module, &form);
  sharc_diag_flush(ctx);
  if (ok && form != SHARC_XLA_FORM_NONE)
    fprintf(stderr, "%s: note: %s imported as sdy meshes and shardings (-%s)\n", name,
            sharc_xla_sharding_form_name(form), sharc_xla_import_flag(form));
  return ok;
}

sharc_op *sharc_cli_load_module(const char *input, bool allow_unregistered,
                                sharc_diag_handler handler, void *user, sharc_input_text *in,
                                sharc_context **ctx, const char **name) {
  *name = strcmp(input, "-") == 0 ? "<stdin>" : input;
  int e = sharc_input_read(input, in);
  if (e) {
    fprintf(stderr, "%s: error: could not open input file: %s\n", *name, strerror(e));
    return NULL;
  }
  *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(*ctx, allow_unregistered);
  sharc_cli_load_dialects(*ctx);
  sharc_context_add_source(*ctx, *name, in->data, in->len, 1);
  sharc_context_set_diag_handler(*ctx, handler, user);
  sharc_op *module = sharc_parse_source(*ctx, *name, in->data, in->len);
  if (!module || !sharc_verify(module))
    return NULL;
  return import_xla_shardings(module, *ctx, *name) ? module : NULL;
}

void sharc_cli_session_diag(const sharc_diag *d, void *user) {
  sharc_cli_session *s = user;
  sharc_diag_format_with_source(s->ctx, d, &s->diags);
}

bool sharc_cli_session_load(sharc_cli_session *s, const char *input, bool allow_unregistered) {
  s->module = sharc_cli_load_module(input, allow_unregistered, sharc_cli_session_diag, s, &s->in,
                                    &s->ctx, &s->name);
  if (!s->ctx)
    return false;
  sharc_cli_session_flush(s);
  return s->module != NULL;
}

void sharc_cli_session_flush(sharc_cli_session *s) {
  sharc_diag_flush(s->ctx);
  if (s->diags.len)
    fputs(s->diags.data, stderr);
  s->diags.len = 0;
}

void sharc_cli_session_free(sharc_cli_session *s) {
  if (s->ctx)
    sharc_context_destroy(s->ctx);
  sharc_input_free(&s->in);
  sharc_buf_free(&s->diags);
}

bool sharc_cli_use_color(int color) {
  if (color >= 0)
    return color == 1;
  const char *no = getenv("NO_COLOR");
  return isatty(STDOUT_FILENO) && !(no && *no);
}

bool sharc_cli_parse_color(const char *value, int *color) {
  static const char *const names[] = {"never", "always", "auto"};
  for (int k = 0; value && k < 3; k++)
    if (strcmp(value, names[k]) == 0) {
      *color = k == 2 ? -1 : k;
      return true;
    }
  return false;
}

/* ---- output ----------------------------------------------------------------- */

struct sharc_cli_output {
  FILE *f;
  char *path, *temp; /* NULL for stdout */
  int error;
};

/* The temporary file being written, for the signal handler. */
static char pending_temp[4096];
static volatile sig_atomic_t have_pending;

static void on_signal(int sig) {
  if (have_pending)
    unlink(pending_temp);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void watch_signals(void) {
  static bool installed;
  if (installed)
    return;
  installed = true;
  signal(SIGINT, on_signal);
  signal(SIGTERM, on_signal);
  signal(SIGHUP, on_signal);
}

sharc_cli_output *sharc_cli_output_open(const char *path, int *err) {
  sharc_cli_output *o = sharc_xcalloc(1, sizeof *o);
  *err = 0;
  if (strcmp(path, "-") == 0) {
    o->f = stdout;
    return o;
  }
  size_t n = strlen(path);
  o->path = sharc_xmalloc(n + 1);
  o->temp = sharc_xmalloc(n + 16);
  memcpy(o->path, path, n + 1);
  /* beside the target, so that the rename stays on one file system */
  const char *slash = strrchr(path, '/');
  size_t dir = slash ? (size_t)(slash - path + 1) : 0;
  snprintf(o->temp, n + 16, "%.*s.sharc-XXXXXX", (int)dir, path);
  watch_signals();
  int fd = mkstemp(o->temp);
  if (fd < 0 || !(o->f = fdopen(fd, "wb"))) {
    *err = errno ? errno : EIO;
    if (fd >= 0)
      close(fd);
    free(o->path);
    free(o->temp);
    free(o);
    return NULL;
  }
  /* mkstemp's 0600 would stick to the renamed file: take the usual mode */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  if (strlen(o->temp) < sizeof pending_temp) {
    memcpy(pending_temp, o->temp, strlen(o->temp) + 1);
    have_pending = 1;
  }
  return o;
}

void sharc_cli_output_write(const char *data, size_t len, void *user) {
  sharc_cli_output *o = user;
  if (o->error || !len)
    return;
  if (fwrite(data, 1, len, o->f) != len)
    o->error = errno ? errno : EIO;
}

int sharc_cli_output_close(sharc_cli_output *o, bool keep) {
  int e = o->error;
  if (o->f == stdout) {
    if (fflush(stdout) != 0 && !e)
      e = errno ? errno : EIO;
    free(o);
    return e;
  }
  if (fclose(o->f) != 0 && !e)
    e = errno ? errno : EIO;
  if (keep && !e && rename(o->temp, o->path) != 0)
    e = errno ? errno : EIO;
  if (!keep || e)
    unlink(o->temp);
  have_pending = 0;
  free(o->path);
  free(o->temp);
  free(o);
  return e;
}

int sharc_cli_write_file(const char *path, const char *data, size_t len) {
  int e;
  sharc_cli_output *o = sharc_cli_output_open(path, &e);
  if (!o)
    return e;
  sharc_cli_output_write(data, len, o);
  return sharc_cli_output_close(o, true);
}

bool sharc_cli_take_value(int argc, char **argv, int *i, const char *name, const char **value) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0)
    return false;
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  if (a[n])
    return false;
  *value = *i + 1 < argc ? argv[++*i] : NULL;
  return true;
}

int sharc_cli_usage_error(const char *cmd, const char *fmt, const char *arg) {
  fprintf(stderr, "sharc%s%s: error: ", cmd ? " " : "", cmd ? cmd : "");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(try 'sharc %s%s--help')\n", cmd ? cmd : "", cmd ? " " : "");
  return 1;
}

/* Command-line driver shared by sdy_opt and mpmd_opt, with MLIR's flags:
 * input file or `-`, -o, -split-input-file[=marker], -output-split-marker,
 * -verify-diagnostics, -allow-unregistered-dialect, -pass-pipeline,
 * -<pass>[=options], -mlir-print-op-generic / -debuginfo / -ir-after-all,
 * -mlir-timing, --help (parsed in opt_cli.c, as LLVM's command-line
 * library parses them, with its messages). An output file is written to a temporary
 * file beside it and renamed into place only when everything succeeded, so
 * a failure, a signal or a crash never leaves a partial or truncated file. */
#define _XOPEN_SOURCE 700

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/verify.h"
/* Tool-only machinery, not part of the embeddable API: mapping the input
 * file, and the -verify-diagnostics checker of expected-* comments. */
#include "support/input.h"
#include "support/pages.h"
#include "support/vec.h"
#include "support/verify_diag.h"
#include "support/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "opt_cli.h"

/* ---- output -----------------------------------------------------------------
 * An output file is written to `<target>.tmpXXXXXX` in the target's
 * directory and renamed over the target at the end, so the target is either
 * untouched or complete. The temporary file is removed on failure, and by
 * the signal handlers below on SIGTERM, SIGINT and the like, or on a crash.
 * Targets that are not regular files (/dev/null, a FIFO) are written
 * directly: there is nothing to rename over them. */
typedef struct output {
  const char *path;   /* as given; NULL: stdout */
  char *final_path;   /* where the temporary file is renamed to */
  char *temp_path;    /* NULL: writing straight to `f` */
  FILE *f;
  bool failed;
  bool remove_on_failure; /* written in place: removed if the run fails */
  /* nothing written is seen unless the run succeeds (a temporary file, or
   * /dev/null): the IR may be printed while it is parsed (printing ahead) */
  bool unseen_until_kept;
} output;

/* The temporary file the handlers remove: set before it exists, cleared
 * before its name is freed. */
static char *volatile g_temp_path;
static volatile sig_atomic_t g_temp_live;

static const int cleanup_signals[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGXCPU,
                                      SIGXFSZ, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
enum { NUM_CLEANUP_SIGNALS = sizeof cleanup_signals / sizeof cleanup_signals[0] };
static struct sigaction g_old_actions[NUM_CLEANUP_SIGNALS];
static bool g_handlers_installed;

/* Removes the temporary file, then lets the signal do what it did before:
 * a fault the hardware raised returns and faults again under the previous
 * handler (a sanitizer's, or the default one); a signal sent by kill() or
 * raise() (abort() included) is raised again. */
static void cleanup_handler(int sig, siginfo_t *info, void *uctx) {
  (void)uctx;
  int saved = errno;
  if (g_temp_live) {
    g_temp_live = 0;
    unlink(g_temp_path);
  }
  for (unsigned i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    if (cleanup_signals[i] == sig)
      sigaction(sig, &g_old_actions[i], NULL);
  if (!info || info->si_code <= 0)
    raise(sig);
  errno = saved;
}

static void install_cleanup_handlers(void) {
  if (g_handlers_installed)
    return;
  g_handlers_installed = true;
  /* a stack overflow's SIGSEGV needs a stack of its own to run on */
  stack_t old_stack;
  if (sigaltstack(NULL, &old_stack) == 0 && (old_stack.ss_flags & SS_DISABLE)) {
    static char alt_stack[1 << 16];
    stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack, .ss_flags = 0};
    sigaltstack(&ss, NULL);
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = cleanup_handler;
  sa.sa_flags = SA_ONSTACK | SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  for (unsigned i = 0; i < NUM_CLEANUP_SIGNALS; i++) {
    sigaction(cleanup_signals[i], NULL, &g_old_actions[i]);
    /* a signal the shell set to be ignored (a background job's SIGINT) stays so */
    if (g_old_actions[i].sa_handler == SIG_IGN && !(g_old_actions[i].sa_flags & SA_SIGINFO))
      continue;
    sigaction(cleanup_signals[i], &sa, NULL);
  }
}

/* Opens the output as MLIR opens it before processing anything; 0 or an
 * errno for "cannot open output file". */
static int output_open(output *o) {
  if (!o->path) {
    o->f = stdout;
    return 0;
  }
  if (!*o->path)
    return ENOENT;
  struct stat st;
  bool exists = stat(o->path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    return EISDIR;
  if (exists && !S_ISREG(st.st_mode)) { /* a device or FIFO: write straight to it */
    struct stat null_st;
    o->unseen_until_kept = S_ISCHR(st.st_mode) && stat("/dev/null", &null_st) == 0 &&
                           S_ISCHR(null_st.st_mode) && null_st.st_rdev == st.st_rdev;
    o->f = fopen(o->path, "wb");
    return o->f ? 0 : errno;
  }
  if (exists && access(o->path, W_OK) != 0)
    return errno;
  /* through a symlink, the file it names is the one replaced */
  struct stat lst;
  char *resolved = NULL;
  if (exists && lstat(o->path, &lst) == 0 && S_ISLNK(lst.st_mode))
    resolved = realpath(o->path, NULL);
  o->final_path = resolved ? resolved : sharc_str_dup(sharc_str_from_cstr(o->path));
  size_t n = strlen(o->final_path);
  char *temp = sharc_xmalloc(n + sizeof ".tmpXXXXXX");
  memcpy(temp, o->final_path, n);
  memcpy(temp + n, ".tmpXXXXXX", sizeof ".tmpXXXXXX");
  install_cleanup_handlers();
  g_temp_path = temp;
  /* blocked while the file comes into existence, so a signal cannot slip
   * between its creation and the flag that tells the handler about it */
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  int fd = mkstemp(temp);
  int e = errno;
  if (fd >= 0)
    g_temp_live = 1;
  sigprocmask(SIG_SETMASK, &old, NULL);
  if (fd < 0) {
    g_temp_path = NULL;
    free(temp);
    free(o->final_path);
    o->final_path = NULL;
    /* a writable file in a directory we may not create in: written in
     * place, as MLIR writes it, and removed if the run fails */
    if (exists && (e == EACCES || e == EPERM || e == EROFS)) {
      o->f = fopen(o->path, "wb");
      o->remove_on_failure = o->f != NULL;
      return o->f ? 0 : errno;
    }
    return e;
  }
  /* the mode a plain create would give, or the replaced file's */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, exists ? (st.st_mode & 07777) : (0666 & ~mask));
  o->temp_path = temp;
  o->unseen_until_kept = true;
  o->f = fdopen(fd, "wb");
  if (!o->f) {
    e = errno;
    close(fd);
    return e;
  }
  return 0;
}

static void output_write(const char *data, size_t len, void *user) {
  output *o = user;
  if (o->failed || !len || !o->f)
    return;
  if (fwrite(data, 1, len, o->f) != len)
    o->failed = true;
}

/* Takes back what was written (output.unseen_until_kept): the temporary
 * file is emptied; /dev/null kept nothing. */
static void output_rewind(output *o) {
  if (!o->temp_path || !o->f || o->failed)
    return;
  if (fflush(o->f) != 0 || ftruncate(fileno(o->f), 0) != 0 || fseek(o->f, 0, SEEK_SET) != 0)
    o->failed = true;
}

static void forget_temp(output *o) {
  sigset_t all, old;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &old);
  g_temp_live = 0;
  g_temp_path = NULL;
  sigprocmask(SIG_SETMASK, &old, NULL);
  free(o->temp_path);
  o->temp_path = NULL;
}

/* Finishes the output: true when it is complete and kept. */
static bool output_close(output *o, bool keep) {
  bool ok = !o->failed;
  if (o->f == stdout)
    ok = fflush(stdout) == 0 && ok;
  else if (o->f)
    ok = fclose(o->f) == 0 && ok;
  o->f = NULL;
  if (o->temp_path) {
    if (keep && ok)
      ok = rename(o->temp_path, o->final_path) == 0;
    if (!keep || !ok)
      unlink(o->temp_path);
    forget_temp(o);
  } else if (o->remove_on_failure && (!keep || !ok)) {
    unlink(o->path);
  }
  free(o->final_path);
  o->final_path = NULL;
  return ok;
}

/* ---- help and diagnostics --------------------------------------------------- */

/* Diagnostics of one chunk, collected for -verify-diagnostics. */
typedef struct diag_log {
  sharc_vd_diag *items;
  size_t n, cap;
  sharc_arena strings;
  verbosity verbosity;
  bool no_notes; /* -mlir-disable-diagnostic-notes (MLIR's DiagnosticFilter) */
  sharc_context *ctx;
  sharc_buf *err_out;
} diag_log;

static void log_one(diag_log *log, const sharc_diag *d) {
  if (log->n == log->cap) {
    log->cap = log->cap ? log->cap * 2 : 16;
    log->items = sharc_xrealloc_array(log->items, log->cap, sizeof *log->items);
  }
  sharc_vd_diag *v = &log->items[log->n++];
  memset(v, 0, sizeof *v);
  v->severity = (int)d->severity;
  v->message = sharc_arena_strndup(&log->strings, d->message, strlen(d->message));
  const sharc_attr *f = sharc_loc_find_file(d->loc);
  if (f) {
    sharc_str name = sharc_loc_file_name(f);
    v->file = sharc_arena_strndup(&log->strings, name.data, name.len);
    v->line = sharc_loc_line(f);
    v->col = sharc_loc_col(f);
  }
}

static void collect_handler(const sharc_diag *d, void *user) {
  diag_log *log = user;
  log_one(log, d);
  for (const sharc_diag *n = d->notes; n; n = n->next)
    log_one(log, n);
}

static void flush_err(sharc_buf *err) {
  if (!err->len)
    return;
  fwrite(err->data, 1, err->len, stderr);
  err->len = 0;
}

/* Without -verify-diagnostics diagnostics go to stderr, filtered by
 * -mlir-diagnostic-verbosity-level. */
static void print_handler(const sharc_diag *d, void *user) {
  diag_log *log = user;
  if (log->no_notes && d->severity == SHARC_SEV_NOTE)
    return;
  if (log->verbosity == VERBOSITY_ERRORS && d->severity != SHARC_SEV_ERROR)
    return;
  if (log->verbosity == VERBOSITY_WARNINGS && d->severity != SHARC_SEV_ERROR &&
      d->severity != SHARC_SEV_WARNING)
    return;
  sharc_diag_format_with_source(log->ctx, d, log->err_out);
  /* on stderr at once, as MLIR's handler writes it: log lines come between */
  flush_err(log->err_out);
}

/* ---- processing ------------------------------------------------------------- */

const char *const sharc_stablehlo_opt_dialects[] = {
    "acc", "affine", "amdgpu", "amx", "arith", "arm_neon", "arm_sme", "arm_sve", "async",
    "bufferization", "builtin", "cf", "check", "chlo", "complex", "dlti", "emitc", "func", "gpu",
    "index", "interpreter", "irdl", "linalg", "llvm", "math", "memref", "ml_program", "mpi",
    "nvgpu", "nvvm", "omp", "pdl", "pdl_interp", "ptr", "quant", "rocdl", "scf", "shape", "shard",
    "smt", "sparse_tensor", "spirv", "stablehlo", "tensor", "tosa", "transform", "ub", "vector",
    "vhlo", "wasmssa", "x86vector", "xegpu", "xevm", NULL};

typedef struct chunk {
  const char *begin;
  size_t len;
  unsigned line, col;
} chunk;

/* The whole input, shared by the chunks: one line table for all of them
 * finds a diagnostic's source line without rescanning the file, however
 * many chunks fail, and reads the file no further than asked. */
typedef struct source {
  const char *name;
  const char *data;
  size_t len;
  sharc_line_table *lines;
} source;

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Where -mlir-timing's "Parser" and "Output" lines come from. */
typedef struct tool_timing {
  double parse, output;
} tool_timing;

/* MLIR bytecode instead of text (-emit-bytecode); never onto a terminal. */
static bool write_bytecode(const opt_flags *fl, sharc_op *module, output *out, sharc_buf *err) {
  if (out->f == stdout && isatty(fileno(stdout))) {
    sharc_buf_puts(err, "error: refusing to write MLIR bytecode to a terminal: redirect the "
                        "output or use -o\n");
    flush_err(err);
    return false;
  }
  sharc_bytecode_options opts = {fl->bytecode_version_set ? fl->bytecode_version : -1, NULL,
                                 fl->bytecode_version_set};
  sharc_buf bc = {0};
  bool ok = sharc_write_bytecode(module, &opts, &bc);
  sharc_diag_flush(sharc_op_context(module));
  flush_err(err);
  if (ok)
    output_write(bc.data, bc.len, out);
  sharc_buf_free(&bc);
  return ok;
}

/* MlirOptMain's answer to -emit-bytecode-version without -emit-bytecode,
 * where it would print the text: an error, and no output. */
static bool refuse_bytecode_version(sharc_context *ctx, sharc_buf *err) {
  sharc_emit(ctx, SHARC_SEV_ERROR, sharc_loc_unknown(ctx),
             "bytecode version while not emitting bytecode");
  sharc_diag_flush(ctx);
  flush_err(err);
  return false;
}

/* Printing ahead (sharc_print_ahead): a plain parse+print of one module
 * into an output nobody sees before the run succeeded; the text is then
 * written as MLIR writes it, and a failure leaves no output, as before.
 * Diagnostics go to stderr on the spot either way. NULL: print after. */
static sharc_print_ahead *print_ahead_for(const opt_flags *fl, const sharc_pipeline *pl,
                                          bool one_chunk, output *out) {
  if (!one_chunk || !out->unseen_until_kept || fl->verify_diagnostics || fl->emit_bytecode ||
      fl->bytecode_version_set || fl->pipeline.timing || sharc_pipeline_size(pl))
    return NULL;
  return sharc_print_ahead_create(&fl->print, output_write, out);
}

/* The output, as MLIR's AsmState prints it: passes run without the
 * verifier (-verify-each=0) may leave IR that does not verify, which then
 * prints in generic form (sharc_print_flags_for); otherwise the parser's
 * and the passes' verification already said it does. */
static void print_module(const opt_flags *fl, const sharc_pipeline *pl, sharc_op *module,
                         output *out) {
  if (!fl->pipeline.no_verify || !sharc_pipeline_size(pl)) {
    sharc_print_op_stream(module, &fl->print, output_write, out);
    return;
  }
  sharc_print_flags flags = sharc_print_flags_for(module, &fl->print);
  sharc_print_op_stream(module, &flags, output_write, out);
}

/* Processes one buffer: parse, verify, run passes, print into `out`. */
static bool process_chunk(const sharc_opt_tool *tool, const opt_flags *fl, sharc_pipeline *pl,
                          const source *src, const chunk *c, output *out, sharc_buf *err_out,
                          sharc_vd *vd, tool_timing *timing, bool one_chunk) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, fl->allow_unregistered);
  for (const char *const *d = tool->dialects; d && *d; d++)
    sharc_context_load_dialect(ctx, *d);
  sharc_context_set_registry(ctx, tool->registry);
  sharc_context_add_source_table(ctx, src->name, src->lines, 1);
  /* MlirOptMain: printOpOnDiagnostic(!verifyDiagnostics), unless turned off */
  sharc_context_set_print_op_on_diagnostic(ctx, !fl->verify_diagnostics && !fl->no_print_op_on_diag);
  sharc_context_set_diag_print_flags(ctx, &fl->print);
  diag_log log = {0};
  log.verbosity = fl->verbosity;
  log.no_notes = fl->no_notes;
  log.ctx = ctx;
  log.err_out = err_out;
  sharc_context_set_diag_handler(ctx, fl->verify_diagnostics ? collect_handler : print_handler, &log);
  bool ok = true;
  double t0 = now_seconds();
  sharc_print_ahead *ahead = print_ahead_for(fl, pl, one_chunk, out);
  sharc_op *module =
      sharc_parse_source_ahead(ctx, src->name, c->begin, c->len, c->line, c->col, ahead);
  timing->parse += now_seconds() - t0;
  ok = module != NULL;
  ok = ok && sharc_verify(module);
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_diag_flush(ctx);
  /* diagnostics come before the IR, as when MLIR prints them on the spot */
  flush_err(err_out);
  if (ok) {
    t0 = now_seconds();
    bool printed = sharc_print_ahead_finish(ahead, module);
    if (!printed && sharc_print_ahead_wrote(ahead))
      output_rewind(out);
    if (!printed && fl->emit_bytecode)
      ok = write_bytecode(fl, module, out, err_out);
    else if (fl->bytecode_version_set)
      ok = refuse_bytecode_version(ctx, err_out);
    else if (!printed)
      print_module(fl, pl, module, out);
    if (!fl->emit_bytecode && ok)
      output_write("\n", 1, out);
    timing->output += now_seconds() - t0;
  }
  sharc_print_ahead_destroy(ahead);
  for (size_t i = 0; vd && i < log.n; i++)
    sharc_vd_process(vd, &log.items[i], err_out);
  free(log.items);
  sharc_arena_free(&log.strings);
  sharc_context_destroy(ctx);
  return ok;
}

static void position_of(const source *src, const char *p, unsigned *line, unsigned *col) {
  sharc_line_table_locate(src->lines, (size_t)(p - src->data), line, col);
}

static const char *find_bytes(const char *s, const char *end, const char *pat, size_t n) {
  if (!n)
    return NULL;
  while ((size_t)(end - s) >= n) {
    const char *p = memchr(s, pat[0], (size_t)(end - s) - n + 1);
    if (!p)
      return NULL;
    if (memcmp(p, pat, n) == 0)
      return p;
    s = p + 1;
  }
  return NULL;
}

typedef SHARC_VEC(chunk) chunk_vec;

static void push_chunk(const source *src, chunk_vec *cs, const char *begin, const char *end) {
  chunk c = {begin, (size_t)(end - begin), 1, 1};
  if (begin != src->data) /* the first needs no look at the text */
    position_of(src, begin, &c.line, &c.col);
  sharc_vec_push(cs, c);
}

/* Splits as MLIR's splitAndProcessBuffer does: at the marker minus its last
 * two characters, keeping a split only where those two follow (and the
 * character after them is not '0', as MLIR checks); any other occurrence is
 * a "near miss" warning, and the text stays in the current chunk. MLIR
 * splits anywhere, not only at line starts. */
static void split_chunks(const source *src, const char *marker, chunk_vec *cs, sharc_buf *warn) {
  const char *buf = src->data, *end = buf + src->len;
  if (!marker) {
    push_chunk(src, cs, buf, end);
    return;
  }
  size_t mlen = strlen(marker);
  /* MLIR's two-character lookahead needs a longer marker (shorter ones
   * would split on nothing and never end): they split exactly */
  size_t check = mlen > 2 ? 2 : 0;
  size_t plen = mlen - check;
  const char *start = buf, *scan = buf;
  for (;;) {
    const char *m = find_bytes(scan, end, marker, plen);
    if (!m)
      break;
    const char *rest = m + plen;
    bool full = (size_t)(end - rest) > check && memcmp(rest, marker + plen, check) == 0 &&
                (!check || rest[check] != '0');
    if (!check)
      full = true;
    if (full) {
      push_chunk(src, cs, start, m);
      start = scan = rest + check;
      continue;
    }
    unsigned line, col;
    position_of(src, rest, &line, &col);
    sharc_buf_printf(warn, "%s:%u:%u: warning: near miss with file split marker\n", src->name, line,
                     col);
    size_t ls = (size_t)(rest - buf) - (col - 1), le = ls;
    while (buf + le < end && buf[le] != '\n' && buf[le] != '\r')
      le++;
    sharc_buf_put(warn, buf + ls, le - ls);
    sharc_buf_putc(warn, '\n');
    for (unsigned k = 1; k < col; k++)
      sharc_buf_putc(warn, buf[ls + k - 1] == '\t' ? '\t' : ' ');
    sharc_buf_puts(warn, "^\n");
    scan = rest;
  }
  push_chunk(src, cs, start, end);
}

unsigned sharc_tool_split(const char *name, const char *data, size_t len, sharc_line_table *lines,
                          const char *marker, sharc_tool_chunk **out, sharc_buf *warn) {
  source src = {name, data, len, lines};
  chunk_vec cs = {0};
  split_chunks(&src, marker, &cs, warn);
  _Static_assert(sizeof(chunk) == sizeof(sharc_tool_chunk), "one layout");
  *out = (sharc_tool_chunk *)cs.items;
  return cs.len;
}

/* The pipeline from -pass-pipeline or the pass flags, as MLIR builds it once
 * the input and output are open; the first bad pass or option stops it. */
static bool build_pipeline(const opt_flags *fl, sharc_pipeline *pl, sharc_buf *err) {
  if (fl->pass_pipeline && fl->num_passes) {
    sharc_buf_puts(err, "<unknown>:0: error: '-pass-pipeline' option can't be used with "
                        "individual pass options\n");
    return false;
  }
  if (fl->pass_pipeline)
    return sharc_pipeline_parse(pl, fl->pass_pipeline, err);
  for (unsigned i = 0; i < fl->num_passes; i++)
    if (!sharc_pipeline_add(pl, fl->passes[i].name, fl->passes[i].options, err))
      return false;
  return true;
}

/* Runs every chunk of the input into `out`; the exit status's truth. */
static bool run_input(const sharc_opt_tool *tool, const opt_flags *fl, sharc_pipeline *pl,
                      const source *src, output *out, sharc_buf *err, double start) {
  chunk_vec chunks = {0};
  /* bytecode is one module: no markers to split it on */
  split_chunks(src, sharc_is_bytecode(src->data, src->len) ? NULL : fl->split_marker, &chunks, err);
  flush_err(err);
  bool all_ok = true;
  tool_timing timing = {0, 0};
  /* one verifier for the whole file, as mlir-opt: expectations span chunks */
  sharc_vd *vd = fl->verify_diagnostics
                     ? sharc_vd_new(src->name, src->data, src->len, fl->verify_level, err)
                     : NULL;
  const char *out_marker = fl->output_split_marker ? fl->output_split_marker : SHARC_OPT_DEFAULT_SPLIT_MARKER;
  for (unsigned i = 0; i < chunks.len; i++) {
    if (i) {
      output_write(out_marker, strlen(out_marker), out);
      output_write("\n", 1, out);
    }
    bool chunk_ok =
        process_chunk(tool, fl, pl, src, &chunks.items[i], out, err, vd, &timing, chunks.len == 1);
    all_ok = all_ok && chunk_ok;
  }
  sharc_vec_free(&chunks);
  bool ok = all_ok;
  if (vd) {
    ok = sharc_vd_verify(vd, err);
    /* mlir-opt's handler checks again when destroyed, repeating @unknown misses */
    sharc_vd_verify(vd, err);
    sharc_vd_free(vd);
  }
  if (ok && fl->pipeline.timing)
    sharc_pipeline_report_timing(pl, timing.parse, timing.output, now_seconds() - start, err);
  return ok;
}

int sharc_opt_main(const sharc_opt_tool *tool, int argc, char **argv) {
  double start = now_seconds();
#ifdef __GLIBC__
  /* Every split piece gets a fresh context whose arenas are freed again;
   * glibc would hand that memory back to the system each time and fault it
   * in again for the next piece, most of the cost of many small pieces. */
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
  mallopt(M_TOP_PAD, 1 << 20);
#endif
  opt_flags fl = {0};
  fl.input = "-";
  fl.verbosity = VERBOSITY_REMARKS;
  fl.pipeline.tool_mask = tool->tool_mask;
  fl.pipeline.tool_name = tool->name;
  sharc_buf err = {0};
  bool ok = sharc_opt_parse_command_line(tool, argc, argv, &fl, &err);
  if (fl.version && ok) {
    printf("%s (sharc %s): %s\n", tool->name, sharc_version(), tool->description);
    sharc_opt_flags_free(&fl);
    return 0;
  }
  if (fl.help && ok) {
    sharc_opt_print_help(tool);
    sharc_opt_flags_free(&fl);
    return 0;
  }
  sharc_input_text in = {NULL, 0, false};
  int e = 0;
  if (ok && (e = sharc_input_read(fl.input, &in)) != 0) {
    sharc_buf_printf(&err, "cannot open input file '%s': %s\n", fl.input, strerror(e));
    ok = false;
  }
  output out = {0};
  out.path = fl.output && strcmp(fl.output, "-") != 0 ? fl.output : NULL;
  if (ok && (e = output_open(&out)) != 0) {
    sharc_buf_printf(&err, "cannot open output file '%s': %s\n", fl.output, strerror(e));
    ok = false;
  }
  /* the IR dumps print as the output does */
  fl.pipeline.print = fl.print;
  fl.pipeline.print_ir_after = fl.print_ir_after;
  fl.pipeline.print_ir_before = fl.print_ir_before;
  sharc_pipeline *pl = sharc_pipeline_create(&fl.pipeline);
  ok = ok && build_pipeline(&fl, pl, &err);
  if (ok) {
    source src = {strcmp(fl.input, "-") == 0 ? "<stdin>" : fl.input, in.data, in.len, NULL};
    src.lines = sharc_line_table_create(src.data, src.len);
    ok = run_input(tool, &fl, pl, &src, &out, &err, start);
    sharc_line_table_destroy(src.lines);
  }
  if (!output_close(&out, ok) && ok) {
    sharc_buf_printf(&err, "error: could not write output file '%s'\n", fl.output ? fl.output : "-");
    ok = false;
  }
  flush_err(&err);
  sharc_buf_free(&err);
  sharc_input_free(&in);
  sharc_pipeline_destroy(pl);
  sharc_opt_flags_free(&fl);
  return ok ? 0 : 1;
}

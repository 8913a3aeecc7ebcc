/* Command-line driver shared by sdy_opt and mpmd_opt, with MLIR's flags:
 * input file or `-`, -o, -split-input-file, -verify-diagnostics,
 * -allow-unregistered-dialect, -pass-pipeline, -<pass>[=options],
 * -mlir-print-op-generic / -debuginfo / -ir-after-all, -mlir-timing, --help.
 * Output is written only when everything succeeded. */
#include "opt_main.h"

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/verify.h"
/* Tool-only machinery, not part of the embeddable API: mapping the input
 * file, and the -verify-diagnostics checker of expected-* comments. */
#include "support/pages.h"
#include "support/verify_diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct opt_flags {
  const char *input;
  const char *output;
  bool split_input;
  bool verify_diagnostics;
  sharc_vd_level verify_level;
  bool allow_unregistered;
  bool errors_only;
  sharc_print_flags print;
  sharc_pipeline_flags pipeline;
} opt_flags;

/* The input text, NUL-terminated: mapped when possible, else read. */
typedef struct input {
  const char *data;
  size_t len;
  bool mapped;
} input;

static bool read_file(const char *path, char **data, size_t *len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return false;
  /* a regular file is read in one allocation of its exact size */
  if (f != stdin && fseek(f, 0, SEEK_END) == 0) {
    long size = ftell(f);
    if (size >= 0 && fseek(f, 0, SEEK_SET) == 0) {
      char *buf = malloc((size_t)size + 1);
      if (!buf)
        abort();
      size_t got = fread(buf, 1, (size_t)size, f);
      buf[got] = 0;
      bool ok = got == (size_t)size && !ferror(f);
      fclose(f);
      *data = buf;
      *len = got;
      return ok;
    }
    rewind(f);
  }
  sharc_buf b = {0};
  char chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
    sharc_buf_put(&b, chunk, n);
  bool ok = !ferror(f);
  if (f != stdin)
    fclose(f);
  if (!b.data)
    sharc_buf_reserve(&b, 1);
  *data = b.data;
  *len = b.len;
  return ok;
}

static void print_help(const sharc_opt_tool *tool) {
  printf("OVERVIEW: %s\n\nUSAGE: %s [options] <input file>\n\nOPTIONS:\n\n", tool->description,
         tool->name);
  puts("  --allow-unregistered-dialect      - Allow operation with no registered dialects");
  puts("  --mlir-print-debuginfo            - Print debug info in MLIR output");
  puts("  --mlir-print-ir-after-all         - Print IR after each pass");
  puts("  --mlir-print-ir-after-failure     - When printing the IR after a pass, only print if the pass failed");
  puts("  --mlir-print-ir-before-all        - Print IR before each pass");
  puts("  --mlir-print-local-scope          - Print with local scope and inline information (eliding aliases for attributes, types, and locations)");
  puts("  --mlir-print-op-generic           - Print the generic op form");
  puts("  --mlir-pretty-debuginfo           - Print pretty debug info in MLIR output");
  puts("  --mlir-timing                     - Display execution times");
  puts("  -o <filename>                     - Output filename");
  puts("  --pass-pipeline=<string>          - Textual description of the pass pipeline to run");
  puts("  --split-input-file                - Split the input file into pieces and process each chunk independently");
  puts("  --verify-diagnostics              - Check that emitted diagnostics match expected-* lines on the corresponding line");
  puts("  --verify-each                     - Run the verifier after each transformation pass");
  puts("  Passes and pass pipelines:");
  unsigned n, unimplemented = 0;
  const sharc_pass_def *const *defs = sharc_pass_registry(&n);
  for (unsigned i = 0; i < n; i++) {
    const sharc_pass_def *d = defs[i];
    if (!(d->tools & tool->tool_mask))
      continue;
    if (!sharc_pass_is_implemented(d)) {
      unimplemented++;
      continue;
    }
    printf("    --%-40s - %s\n", d->flag, d->summary);
    for (unsigned k = 0; k < d->num_options; k++)
      printf("      --%-38s - %s\n", d->options[k].name, d->options[k].description);
  }
  printf("  (%u more Shardy passes are known but not implemented yet; they are rejected.)\n",
         unimplemented);
}

/* Diagnostics of one chunk, collected for -verify-diagnostics. */
typedef struct diag_log {
  sharc_vd_diag *items;
  size_t n, cap;
  sharc_arena strings;
  bool errors_only;
  sharc_context *ctx;
  sharc_buf *err_out;
} diag_log;

static void log_one(diag_log *log, const sharc_diag *d) {
  if (log->n == log->cap) {
    log->cap = log->cap ? log->cap * 2 : 16;
    log->items = realloc(log->items, log->cap * sizeof *log->items);
    if (!log->items)
      abort();
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

/* Without -verify-diagnostics diagnostics go to stderr (errors only with
 * -mlir-diagnostic-verbosity-level=errors). */
static bool read_input(const char *path, input *in) {
  if (strcmp(path, "-") != 0 && sharc_pages_map_file(path, &in->data, &in->len)) {
    in->mapped = true;
    return true;
  }
  char *data = NULL;
  bool ok = read_file(path, &data, &in->len);
  in->data = data;
  return ok;
}

static void input_free(input *in) {
  if (in->mapped)
    sharc_pages_unmap_file(in->data, in->len);
  else
    free((void *)(uintptr_t)in->data);
}

static void print_handler(const sharc_diag *d, void *user) {
  diag_log *log = user;
  if (log->errors_only && d->severity != SHARC_SEV_ERROR)
    return;
  sharc_diag_format_with_source(log->ctx, d, log->err_out);
}

/* Where the printed IR goes. Like MLIR's ToolOutputFile, an output file is
 * written as results come and removed again if the run fails, so a failed
 * run never leaves a file behind. */
typedef struct output {
  const char *path; /* NULL: stdout */
  FILE *f;
  bool failed;
} output;

static void output_write(const char *data, size_t len, void *user) {
  output *o = user;
  if (o->failed || !len)
    return;
  if (!o->f) {
    o->f = o->path ? fopen(o->path, "wb") : stdout;
    if (!o->f) {
      o->failed = true;
      return;
    }
  }
  if (fwrite(data, 1, len, o->f) != len)
    o->failed = true;
}

/* Finishes the output: true when it is complete and kept. */
static bool output_close(output *o, bool keep) {
  bool ok = !o->failed;
  if (o->f && o->f != stdout)
    ok = fclose(o->f) == 0 && ok;
  else if (o->f)
    ok = fflush(o->f) == 0 && ok;
  if (o->path && o->f && (!keep || !ok))
    remove(o->path);
  if (keep && ok && o->path && !o->f) { /* nothing printed: still create the file */
    FILE *f = fopen(o->path, "wb");
    ok = f && fclose(f) == 0;
  }
  return ok;
}

typedef struct chunk {
  const char *begin;
  size_t len;
  unsigned line, col;
} chunk;

static double now_seconds(void) {
  struct timespec ts;
  timespec_get(&ts, TIME_UTC);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Where -mlir-timing's "Parser" and "Output" lines come from. */
typedef struct tool_timing {
  double parse, output;
} tool_timing;

/* Processes one buffer: parse, verify, run passes, print into `out`. */
static bool process_chunk(const sharc_opt_tool *tool, const opt_flags *fl, sharc_pipeline *pl,
                          const char *name, const char *file_buf, size_t file_len, const chunk *c,
                          output *out, sharc_buf *err_out, sharc_vd *vd, tool_timing *timing) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, fl->allow_unregistered);
  for (const char *const *d = tool->dialects; d && *d; d++)
    sharc_context_load_dialect(ctx, *d);
  sharc_context_add_source(ctx, name, file_buf, file_len, 1);
  diag_log log = {0};
  log.errors_only = fl->errors_only;
  log.ctx = ctx;
  log.err_out = err_out;
  sharc_context_set_diag_handler(ctx, fl->verify_diagnostics ? collect_handler : print_handler, &log);
  bool ok = true;
  double t0 = now_seconds();
  sharc_op *module = sharc_parse_source_at(ctx, name, c->begin, c->len, c->line, c->col);
  timing->parse += now_seconds() - t0;
  ok = module != NULL;
  ok = ok && sharc_verify(module);
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_diag_flush(ctx);
  /* diagnostics come before the IR, as when MLIR prints them on the spot */
  if (err_out->len) {
    fputs(err_out->data, stderr);
    err_out->len = 0;
  }
  if (ok) {
    t0 = now_seconds();
    sharc_print_op_stream(module, &fl->print, output_write, out);
    output_write("\n", 1, out);
    timing->output += now_seconds() - t0;
  }
  for (size_t i = 0; vd && i < log.n; i++)
    sharc_vd_process(vd, &log.items[i], err_out);
  free(log.items);
  sharc_arena_free(&log.strings);
  sharc_context_destroy(ctx);
  return ok;
}

static unsigned count_lines(const char *from, const char *to, const char **last_line_start) {
  unsigned n = 0;
  for (const char *p = from; p < to; p++)
    if (*p == '\n') {
      n++;
      *last_line_start = p + 1;
    }
  return n;
}

/* Splits at every "// -----" (MLIR splits anywhere, not only at line starts). */
static chunk *split_chunks(const char *buf, size_t len, bool split, unsigned *n_out) {
  static const char marker[] = "// -----";
  unsigned cap = 8, n = 0;
  chunk *cs = malloc(cap * sizeof *cs);
  if (!cs)
    abort();
  const char *start = buf, *end = buf + len, *line_start = buf;
  unsigned line = 1, col = 1;
  for (;;) {
    const char *m = NULL;
    if (split) {
      for (const char *p = start; p + sizeof marker - 1 <= end; p++)
        if (*p == '/' && memcmp(p, marker, sizeof marker - 1) == 0) {
          m = p;
          break;
        }
    }
    if (n == cap) {
      cap *= 2;
      cs = realloc(cs, cap * sizeof *cs);
      if (!cs)
        abort();
    }
    cs[n++] = (chunk){start, (size_t)((m ? m : end) - start), line, col};
    if (!m)
      break;
    line += count_lines(start, m, &line_start);
    start = m + sizeof marker - 1;
    col = (unsigned)(start - line_start) + 1;
  }
  *n_out = n;
  return cs;
}

static bool is_flag(const char *arg, const char *name, const char **value) {
  const char *a = arg + 1 + (arg[1] == '-');
  size_t n = strlen(name);
  if (strncmp(a, name, n) != 0)
    return false;
  if (a[n] == 0) {
    *value = NULL;
    return true;
  }
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  return false;
}

int sharc_opt_main(const sharc_opt_tool *tool, int argc, char **argv) {
  double start = now_seconds();
  opt_flags fl = {0};
  fl.input = "-";
  fl.pipeline.tool_mask = tool->tool_mask;
  fl.pipeline.tool_name = tool->name;
  sharc_buf err = {0};
  sharc_pipeline *pl = sharc_pipeline_create(&fl.pipeline);
  bool ok = true, positional_only = false;
  const char *pass_pipeline = NULL;
  for (int i = 1; i < argc && ok; i++) {
    const char *a = argv[i], *v = NULL;
    if (positional_only || a[0] != '-' || a[1] == 0) {
      fl.input = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      positional_only = true;
    } else if (is_flag(a, "help", &v) || is_flag(a, "h", &v)) {
      print_help(tool);
      sharc_pipeline_destroy(pl);
      return 0;
    } else if (is_flag(a, "o", &v)) {
      if (!v && i + 1 < argc)
        v = argv[++i];
      fl.output = v;
    } else if (is_flag(a, "split-input-file", &v)) {
      fl.split_input = true;
    } else if (is_flag(a, "verify-diagnostics", &v)) {
      fl.verify_diagnostics = true;
      fl.verify_level = v && strcmp(v, "only-expected") == 0 ? SHARC_VD_ONLY_EXPECTED : SHARC_VD_ALL;
    } else if (is_flag(a, "allow-unregistered-dialect", &v)) {
      fl.allow_unregistered = true;
    } else if (is_flag(a, "mlir-print-op-generic", &v)) {
      fl.print.generic = true;
    } else if (is_flag(a, "mlir-print-debuginfo", &v)) {
      fl.print.debug_info = true;
    } else if (is_flag(a, "mlir-print-local-scope", &v)) {
      fl.print.local_scope = true;
    } else if (is_flag(a, "mlir-pretty-debuginfo", &v)) {
      fl.print.pretty_debug_info = true;
    } else if (is_flag(a, "mlir-print-ir-after-all", &v)) {
      fl.pipeline.print_ir_after_all = true;
      sharc_pipeline_set_flags(pl, &fl.pipeline);
    } else if (is_flag(a, "mlir-print-ir-before-all", &v)) {
      fl.pipeline.print_ir_before_all = true;
      sharc_pipeline_set_flags(pl, &fl.pipeline);
    } else if (is_flag(a, "mlir-print-ir-after-failure", &v)) {
      fl.pipeline.print_ir_after_failure = true;
      sharc_pipeline_set_flags(pl, &fl.pipeline);
    } else if (is_flag(a, "verify-each", &v)) {
      fl.pipeline.no_verify = v && (strcmp(v, "false") == 0 || strcmp(v, "0") == 0);
      sharc_pipeline_set_flags(pl, &fl.pipeline);
    } else if (is_flag(a, "mlir-disable-threading", &v)) {
      /* sharc runs one thread: nothing to disable */
    } else if (is_flag(a, "mlir-timing", &v)) {
      fl.pipeline.timing = true;
      sharc_pipeline_set_flags(pl, &fl.pipeline);
    } else if (is_flag(a, "mlir-diagnostic-verbosity-level", &v)) {
      fl.errors_only = v && strcmp(v, "errors") == 0;
    } else if (is_flag(a, "emit-bytecode", &v)) {
      /* out of scope: sharc reads and writes MLIR's textual form only */
      sharc_buf_printf(&err, "%s: -emit-bytecode is not supported: sharc writes MLIR text only\n",
                       tool->name);
      ok = false;
    } else if (is_flag(a, "pass-pipeline", &v) || is_flag(a, "p", &v)) {
      if (!v && i + 1 < argc)
        v = argv[++i];
      pass_pipeline = v ? v : "";
    } else {
      const char *name = a + 1 + (a[1] == '-');
      const char *eq = strchr(name, '=');
      char flag[256];
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      if (n >= sizeof flag)
        n = sizeof flag - 1;
      memcpy(flag, name, n);
      flag[n] = 0;
      if (!sharc_pass_lookup(flag, tool->tool_mask)) {
        sharc_buf_printf(&err, "%s: Unknown command line argument '%s'.  Try: '%s --help'\n",
                         tool->name, a, tool->name);
        ok = false;
      } else if (!sharc_pipeline_add(pl, flag, eq ? eq + 1 : NULL, &err)) {
        ok = false;
      }
    }
  }
  if (ok && pass_pipeline) {
    if (sharc_pipeline_size(pl)) {
      sharc_buf_puts(&err, "<unknown>:0: error: '-pass-pipeline' option can't be used with "
                           "individual pass options\n");
      ok = false;
    } else if (!sharc_pipeline_parse(pl, pass_pipeline, &err)) {
      ok = false;
    }
  }
  input in = {NULL, 0, false};
  if (ok && !read_input(fl.input, &in)) {
    sharc_buf_printf(&err, "Could not open input file '%s'\n", fl.input);
    ok = false;
  }
  output out = {fl.output && strcmp(fl.output, "-") != 0 ? fl.output : NULL, NULL, false};
  bool verify_ok = true;
  if (ok) {
    const char *name = strcmp(fl.input, "-") == 0 ? "<stdin>" : fl.input;
    unsigned n_chunks;
    const char *data = in.data;
    size_t len = in.len;
    chunk *chunks = split_chunks(data, len, fl.split_input, &n_chunks);
    bool all_ok = true;
    tool_timing timing = {0, 0};
    /* one verifier for the whole file, as mlir-opt: expectations span chunks */
    sharc_vd *vd = fl.verify_diagnostics ? sharc_vd_new(name, data, len, fl.verify_level, &err) : NULL;
    for (unsigned i = 0; i < n_chunks; i++) {
      if (i)
        output_write("// -----\n", 9, &out);
      bool chunk_ok =
          process_chunk(tool, &fl, pl, name, data, len, &chunks[i], &out, &err, vd, &timing);
      all_ok = all_ok && chunk_ok;
    }
    free(chunks);
    if (vd) {
      verify_ok = sharc_vd_verify(vd, &err);
      /* mlir-opt's handler checks again when destroyed, repeating @unknown misses */
      sharc_vd_verify(vd, &err);
      sharc_vd_free(vd);
    }
    ok = fl.verify_diagnostics ? verify_ok : all_ok;
    if (ok && fl.pipeline.timing)
      sharc_pipeline_report_timing(pl, timing.parse, timing.output, now_seconds() - start, &err);
  }
  if (!output_close(&out, ok) && ok) {
    sharc_buf_printf(&err, "error: could not write output file '%s'\n", fl.output ? fl.output : "-");
    ok = false;
  }
  if (err.len)
    fputs(err.data, stderr);
  sharc_buf_free(&err);
  input_free(&in);
  sharc_pipeline_destroy(pl);
  return ok ? 0 : 1;
}

/* `sharc pipeline FILE`: runs Shardy's MPMD pipelines (import, scheduling,
 * sharding propagation) on a pipeline-parallel program and shows, per
 * mesh, the ordered fragments, the transfers, the peak memory and a
 * simulated timeline (terminal Gantt chart, --svg, --format json), or with
 * --compare every schedule side by side. Errors are located and exit 1;
 * output files are written whole or not at all. */
#define _POSIX_C_SOURCE 200809L
#include "sharc_io.h"
#include "sharc_pipeline_cli.h"

#include "sharc/asm.h"
#include "sharc/pipeline.h"
#include "sharc/verify.h"
#include "support/input.h"
#include "support/xalloc.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char help[] =
    "usage: sharc pipeline FILE [--schedule NAME | --compare] [--microbatches N]\n"
    "                      [--assign NAME@MESH[/STAGE],...] [--format table|json]\n"
    "                      [--svg FILE] [-o OUT.mlir] [--width N] [--color auto|always|never]\n"
    "                      [--device-flops F] [--memory-bandwidth B] [--link-bandwidth B]\n"
    "                      [--link-latency S] [--fragment-overhead S]\n"
    "\n"
    "Runs Shardy's MPMD pipelines on FILE — a program of named computations with\n"
    "a topology (as JAX exports it), or an already imported mpmd module — and\n"
    "reports per mesh: the fragments in the order the schedule runs them (stage,\n"
    "microbatch, forward or backward), the transfers between meshes with their\n"
    "bytes, the per-device peak memory of live tensors (parameters, activations,\n"
    "transfer buffers) and a simulated timeline with its bubbles.\n"
    "\n"
    "options:\n"
    "  --schedule NAME        one of Shardy's schedules (default 1F1B):\n"
    "                         none, 1F1B, GPipe, Circular, CircularWithReversedBackward,\n"
    "                         GPipeBut1F1BForLastMesh, ZeroBubbleH1,\n"
    "                         ZeroBubbleH2ZeroTxLatency, ZeroBubbleH2HalfTxLatency,\n"
    "                         ZeroBubbleH2FullTxLatency, ParallelPipelinesWithWrapAround\n"
    "  --compare              every schedule side by side: makespan, bubble, peak memory\n"
    "  --microbatches N       run the program's body N times (mpmd.call with\n"
    "                         call_counter 0..N-1), as JAX's microbatching loop does\n"
    "  --assign LIST          name-to-mesh-assignment: computation (or tensor) names to\n"
    "                         meshes and optionally stages, e.g. f0@m0/0,f1@m1/1\n"
    "  --format FMT           table (default) or json\n"
    "  --svg FILE             also draw the timeline as SVG\n"
    "  -o OUT.mlir            write the scheduled module\n"
    "  --width N              columns of the terminal chart (default 100)\n"
    "  --color WHEN           colour the chart: auto (a terminal), always or never\n"
    "cost model (a fragment takes flops/F + bytes/B + overhead, its work split over\n"
    "its mesh's devices; a transfer takes latency + bytes per device / link bandwidth):\n"
    "  --device-flops F       FLOP/s of one device (default 1e15)\n"
    "  --memory-bandwidth B   bytes/s of one device's memory (default 2e12)\n"
    "  --link-bandwidth B     bytes/s into a device from another mesh (default 1e11;\n"
    "                         inf: transfers cost only their latency)\n"
    "  --link-latency S       seconds per transfer (default 1e-5)\n"
    "  --fragment-overhead S  seconds added to every fragment (default 0)\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "  --timing               each phase's CPU seconds on stderr\n"
    "\n"
    "examples:\n"
    "  sharc pipeline examples/pipeline_4stage.mlir --microbatches 8 --compare \\\n"
    "      --assign stage0@m0/0,stage1@m1/1,stage2@m2/2,stage3@m3/3\n"
    "  sharc pipeline model.mlir --assign f0@m0,f1@m1 --microbatches 8 --svg t.svg\n"
    "  sharc pipeline imported.mlir --schedule GPipe --format json\n";

void sharc_cli_load_dialects(sharc_context *ctx) {
  static const char *const dialects[] = {"sdy",   "mpmd",    "stablehlo", "quant",      "tensor",
                                         "arith", "complex", "chlo",      "interpreter", NULL};
  for (const char *const *d = dialects; *d; d++)
    sharc_context_load_dialect(ctx, *d);
}

/* ---- command line ------------------------------------------------------------------------- */

typedef struct pcli {
  const char *input, *svg, *output;
  bool compare, json, allow_unregistered, timing;
  int color; /* -1 auto */
  unsigned width;
  sharc_pipeline_options opts;
} pcli;


/* A non-negative number ("inf" allowed where `inf_ok`). */
static bool parse_number(const char *v, bool inf_ok, double *out) {
  if (!v || !*v)
    return false;
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (*end || errno == ERANGE || isnan(d) || d < 0 || (isinf(d) && !inf_ok))
    return false;
  *out = d;
  return true;
}

static int parse_count(const char *v, long max) {
  if (!v || !*v)
    return -1;
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  return *end || errno || n < 1 || n > max ? -1 : (int)n;
}

static const struct cost_flag {
  const char *name;
  size_t offset;
  bool inf_ok;
} cost_flags[] = {
    {"--device-flops", offsetof(sharc_pipeline_cost_model, device_flops), false},
    {"--memory-bandwidth", offsetof(sharc_pipeline_cost_model, memory_bandwidth), false},
    {"--link-bandwidth", offsetof(sharc_pipeline_cost_model, link_bandwidth), true},
    {"--link-latency", offsetof(sharc_pipeline_cost_model, link_latency), false},
    {"--fragment-overhead", offsetof(sharc_pipeline_cost_model, fragment_overhead), false},
};

/* 1 when taken, 0 when not a cost flag, -1 after a usage error. */
static int take_cost(int argc, char **argv, int *i, sharc_pipeline_cost_model *cost) {
  for (size_t k = 0; k < sizeof cost_flags / sizeof *cost_flags; k++) {
    const char *v;
    if (!sharc_cli_take_value(argc, argv, i, cost_flags[k].name, &v))
      continue;
    double *dst = (double *)((char *)cost + cost_flags[k].offset);
    if (!parse_number(v, cost_flags[k].inf_ok, dst)) {
      fprintf(stderr, "sharc pipeline: error: %s takes a non-negative number%s, not '%s'\n",
              cost_flags[k].name, cost_flags[k].inf_ok ? " or inf" : "", v ? v : "");
      fprintf(stderr, "(try 'sharc pipeline --help')\n");
      return -1;
    }
    if ((k == 0 || k == 1 || k == 2) && *dst == 0)
      return sharc_cli_usage_error("pipeline", "%s must be positive", cost_flags[k].name) ? -1 : -1;
    return 1;
  }
  return 0;
}

static void list_schedules(FILE *f) {
  for (unsigned i = 0; i < sharc_pipeline_num_schedules(); i++)
    fprintf(f, "%s%s", i ? ", " : "", sharc_pipeline_schedule_name(i));
}

static int bad_schedule(const char *name) {
  fprintf(stderr, "sharc pipeline: error: unknown schedule '%s'; the schedules are: ", name);
  list_schedules(stderr);
  fputc('\n', stderr);
  return 1;
}

static int parse_option(int argc, char **argv, int *i, pcli *c) {
  const char *a = argv[*i], *v;
  int cost = take_cost(argc, argv, i, &c->opts.cost);
  if (cost)
    return cost < 0 ? 1 : -1;
  if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
    fputs(help, stdout);
    exit(0);
  } else if (strcmp(a, "--compare") == 0) {
    c->compare = true;
  } else if (strcmp(a, "--allow-unregistered-dialect") == 0) {
    c->allow_unregistered = true;
  } else if (strcmp(a, "--timing") == 0) {
    c->timing = true;
  } else if (sharc_cli_take_value(argc, argv, i, "--schedule", &v)) {
    if (!v)
      return sharc_cli_usage_error("pipeline", "%s needs a schedule name", "--schedule");
    if (sharc_pipeline_find_schedule(v) < 0)
      return bad_schedule(v);
    c->opts.schedule = v;
  } else if (sharc_cli_take_value(argc, argv, i, "--microbatches", &v)) {
    c->opts.microbatches = parse_count(v, 4096);
    if (c->opts.microbatches < 0)
      return sharc_cli_usage_error("pipeline", "--microbatches takes a count from 1 to 4096, not '%s'", v ? v : "");
  } else if (sharc_cli_take_value(argc, argv, i, "--assign", &v)) {
    if (!v)
      return sharc_cli_usage_error("pipeline", "%s needs a list like f0@m0,f1@m1", "--assign");
    c->opts.assignment = v;
  } else if (sharc_cli_take_value(argc, argv, i, "--svg", &v)) {
    if (!v)
      return sharc_cli_usage_error("pipeline", "%s needs a file name", "--svg");
    c->svg = v;
  } else if (sharc_cli_take_value(argc, argv, i, "-o", &v)) {
    if (!v)
      return sharc_cli_usage_error("pipeline", "%s needs a file name", "-o");
    c->output = v;
  } else if (sharc_cli_take_value(argc, argv, i, "--width", &v)) {
    int w = parse_count(v, 1000);
    if (w < 10)
      return sharc_cli_usage_error("pipeline", "--width takes a count from 10 to 1000, not '%s'", v ? v : "");
    c->width = (unsigned)w;
  } else if (sharc_cli_take_value(argc, argv, i, "--format", &v)) {
    if (v && strcmp(v, "table") == 0)
      c->json = false;
    else if (v && strcmp(v, "json") == 0)
      c->json = true;
    else
      return sharc_cli_usage_error("pipeline", "--format takes table or json, not '%s'", v ? v : "");
  } else if (sharc_cli_take_value(argc, argv, i, "--color", &v)) {
    if (!sharc_cli_parse_color(v, &c->color))
      return sharc_cli_usage_error("pipeline", "--color takes auto, always or never, not '%s'", v ? v : "");
  } else {
    return sharc_cli_usage_error("pipeline", "unknown option '%s'", a);
  }
  return -1;
}

static int parse(int argc, char **argv, pcli *c) {
  bool only_positional = false;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i];
    if (only_positional || a[0] != '-' || !a[1]) {
      if (c->input)
        return sharc_cli_usage_error("pipeline", "unexpected argument '%s'", a);
      c->input = a;
    } else if (strcmp(a, "--") == 0) {
      only_positional = true;
    } else {
      int rc = parse_option(argc, argv, &i, c);
      if (rc >= 0)
        return rc;
    }
  }
  if (!c->input)
    return sharc_cli_usage_error("pipeline", "%s", "no FILE given");
  if (c->compare && (c->svg || c->output))
    return sharc_cli_usage_error("pipeline", "%s", "--compare writes no --svg or -o (pick a --schedule for those)");
  return -1;
}

/* ---- running ------------------------------------------------------------------------------ */

/* --timing: the CPU seconds of each phase on stderr, for measuring. */
static double cpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void phase(const pcli *c, const char *what, double *since) {
  double t = cpu_now();
  if (c->timing)
    fprintf(stderr, "sharc timing: %-9s cpu %.6f\n", what, t - *since);
  *since = t;
}

typedef struct psession {
  sharc_cli_session io;
  bool capture; /* --compare: a schedule's errors are kept, not printed */
} psession;

static void on_diag(const sharc_diag *d, void *user) {
  psession *s = user;
  if (s->capture) {
    if (d->severity == SHARC_SEV_ERROR && !s->io.diags.len)
      sharc_buf_puts(&s->io.diags, d->message ? d->message : "error");
    return;
  }
  sharc_diag_format_with_source(s->io.ctx, d, &s->io.diags);
}

static void flush(psession *s) {
  sharc_diag_flush(s->io.ctx);
  if (s->io.diags.len && !s->capture)
    fputs(s->io.diags.data, stderr);
  if (!s->capture)
    s->io.diags.len = 0;
}

static bool load(psession *s, const pcli *c) {
  s->io.module = sharc_cli_load_module(c->input, c->allow_unregistered, on_diag, s, &s->io.in,
                                       &s->io.ctx, &s->io.name);
  if (!s->io.ctx)
    return false;
  flush(s);
  return s->io.module != NULL;
}

static bool use_color(const pcli *c) { return sharc_cli_use_color(c->color); }

static int write_output(const char *path, const char *data, size_t len) {
  int e = sharc_cli_write_file(path, data ? data : "", len);
  if (e)
    fprintf(stderr, "%s: error: could not write output file: %s\n", path, strerror(e));
  return e ? 1 : 0;
}

/* Schedules a copy of the imported module with schedule `i`; its
 * simulation, or NULL with the first error in `err`. */
static sharc_pipeline_sim *try_schedule(psession *s, const pcli *c, unsigned i, sharc_buf *err) {
  sharc_op *copy = sharc_op_clone(s->io.module, true);
  sharc_pipeline_options o = c->opts;
  o.schedule = sharc_pipeline_schedule_name(i);
  s->capture = true;
  s->io.diags.len = 0;
  sharc_pipeline_sim *sim = NULL;
  if (sharc_pipeline_schedule(copy, &o) && sharc_verify(copy))
    sim = sharc_pipeline_simulate(copy, o.schedule, &o.cost);
  sharc_diag_flush(s->io.ctx);
  if (!sim)
    sharc_buf_puts(err, s->io.diags.len ? s->io.diags.data : "the schedule failed");
  s->capture = false;
  s->io.diags.len = 0;
  sharc_op_erase(copy);
  return sim;
}

static int run_compare(psession *s, const pcli *c) {
  unsigned n = sharc_pipeline_num_schedules();
  sharc_pipeline_sim **sims = sharc_xcalloc(n, sizeof *sims);
  const char **names = sharc_xcalloc(n, sizeof *names);
  sharc_buf *errs = sharc_xcalloc(n, sizeof *errs);
  const char **err_text = sharc_xcalloc(n, sizeof *err_text);
  for (unsigned i = 0; i < n; i++) {
    names[i] = sharc_pipeline_schedule_name(i);
    sims[i] = try_schedule(s, c, i, &errs[i]);
    err_text[i] = errs[i].data;
  }
  sharc_buf out = {0};
  sharc_pipeline_write_compare((const sharc_pipeline_sim *const *)sims, names, err_text, n,
                               c->json, s->io.name, &out);
  fputs(out.data ? out.data : "", stdout);
  sharc_buf_free(&out);
  for (unsigned i = 0; i < n; i++) {
    sharc_pipeline_sim_destroy(sims[i]);
    sharc_buf_free(&errs[i]);
  }
  free(sims);
  free(names);
  free(errs);
  free(err_text);
  return 0;
}

static int write_module(psession *s, const char *path) {
  sharc_buf text = {0};
  sharc_print_flags flags = {0};
  sharc_print_op(s->io.module, &flags, &text);
  sharc_buf_putc(&text, '\n');
  int rc = write_output(path, text.data, text.len);
  sharc_buf_free(&text);
  return rc;
}

static int run_one(psession *s, const pcli *c) {
  double t = cpu_now();
  bool ok = sharc_pipeline_schedule(s->io.module, &c->opts) && sharc_verify(s->io.module);
  flush(s);
  phase(c, "schedule", &t);
  if (!ok)
    return 1;
  const char *schedule = sharc_pipeline_schedule_name(
      (unsigned)sharc_pipeline_find_schedule(c->opts.schedule));
  sharc_pipeline_sim *sim = sharc_pipeline_simulate(s->io.module, schedule, &c->opts.cost);
  flush(s);
  phase(c, "simulate", &t);
  if (!sim)
    return 1;
  sharc_buf out = {0};
  if (c->json)
    sharc_pipeline_write_json(sim, s->io.name, &out);
  else
    sharc_pipeline_write_text(sim, c->width, use_color(c), &out);
  int rc = 0;
  if (c->svg) {
    sharc_buf svg = {0};
    sharc_pipeline_write_svg(sim, &svg);
    rc = write_output(c->svg, svg.data, svg.len);
    sharc_buf_free(&svg);
  }
  if (rc == 0 && c->output)
    rc = write_module(s, c->output);
  if (rc == 0)
    fputs(out.data ? out.data : "", stdout);
  phase(c, "write", &t);
  sharc_buf_free(&out);
  sharc_pipeline_sim_destroy(sim);
  return rc;
}

int sharc_cli_pipeline(int argc, char **argv) {
  pcli c = {0};
  c.color = -1;
  c.width = 100;
  c.opts = sharc_pipeline_options_default();
  int rc = parse(argc, argv, &c);
  if (rc >= 0)
    return rc;
  psession s = {0};
  rc = 1;
  double t = cpu_now();
  bool loaded = load(&s, &c);
  phase(&c, "parse", &t);
  if (loaded) {
    bool ok = sharc_pipeline_import(s.io.module, &c.opts) && sharc_verify(s.io.module);
    flush(&s);
    phase(&c, "import", &t);
    if (ok)
      rc = c.compare ? run_compare(&s, &c) : run_one(&s, &c);
  }
  sharc_cli_session_free(&s.io);
  return rc;
}

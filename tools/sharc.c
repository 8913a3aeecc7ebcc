/* sharc: the friendly command line. `propagate` runs Shardy's propagation
 * and reports where every tensor lives (sharding, shard shape, bytes per
 * device) and what the program communicates; `explain` says why a value
 * has its sharding; `show` draws which block of a value each device holds;
 * `print` and `check` parse a file. Errors are located
 * (`file:line:col: error: ...`), exit 1 and leave no output file. */
#define _POSIX_C_SOURCE 200809L
#include "opt_main.h"
#include "sharc_auto_cli.h"
#include "sharc_io.h"
#include "sharc_partition_cli.h"
#include "sharc_pipeline_cli.h"

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/report.h"
#include "sharc/verify.h"
#include "support/edit_distance.h"
#include "support/input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- help ------------------------------------------------------------------ */

static const char overview[] =
    "sharc: where every tensor of a sharded program lives, and why.\n"
    "\n"
    "usage: sharc <command> [options] MODEL.mlir [VALUE]\n"
    "\n"
    "commands:\n"
    "  propagate  run Shardy's sharding propagation; report each value's sharding\n"
    "             (JAX PartitionSpec), shard shape and bytes per device, and the\n"
    "             reshards and collectives with the bytes they move\n"
    "  explain    why a value has its sharding: the chain of steps back to the\n"
    "             user's sharding it came from\n"
    "  show       the device grid of a value's mesh and the block each device holds\n"
    "  partition  the program each device runs: propagation, collectives and the\n"
    "             SPMD partitioner; which block of each argument each device holds\n"
    "  verify     run the global and the partitioned program on the same inputs\n"
    "             and check every device's block of every result\n"
    "  auto       choose the arguments' shardings for the lowest estimated step\n"
    "             time within a memory limit, and say why\n"
    "  pipeline   run Shardy's MPMD pipelines on a pipeline-parallel program; show\n"
    "             each mesh's schedule, bubbles, memory and transfers\n"
    "  print      parse a file and print it back in MLIR's form\n"
    "  check      parse and verify a file\n"
    "\n"
    "'sharc <command> --help' shows a command's options.\n"
    "\n"
    "examples:\n"
    "  sharc propagate examples/mlp_jax.mlir\n"
    "  sharc propagate model.mlir -o model.sharded.mlir --format json > report.json\n"
    "  sharc explain examples/mlp_jax.mlir %4\n"
    "  sharc show examples/mlp_jax.mlir x --svg x.svg\n"
    "  sharc pipeline examples/pipeline_4stage.mlir --microbatches 8 --compare \\\n"
    "      --assign stage0@m0/0,stage1@m1/1,stage2@m2/2,stage3@m3/3\n";

static const char propagate_help[] =
    "usage: sharc propagate MODEL.mlir [-o OUT.mlir] [--no-comm] [--all]\n"
    "                       [--format table|json|csv] [--color auto|always|never]\n"
    "\n"
    "Runs Shardy's propagation pipeline on MODEL (a module with an sdy.mesh and\n"
    "sdy.sharding attributes, as JAX exports it with Shardy enabled), writes the\n"
    "propagated module to OUT, and prints, per function, its arguments, its\n"
    "results and the values whose sharding differs from their operands': the\n"
    "op, location, type, sharding as a JAX PartitionSpec, the mesh axes it is\n"
    "replicated over, the shard each device holds and its bytes; then the\n"
    "reshards and collectives with the bytes each device receives (collectives\n"
    "in a while loop once per iteration, times its trip count when static),\n"
    "the user shardings the pipeline changed or dropped with the reason, and\n"
    "the totals. With several functions the tables name the function.\n"
    "\n"
    "options:\n"
    "  -o OUT.mlir        write the propagated module (only when all went well;\n"
    "                     '-' writes it to stdout and the report to stderr)\n"
    "  --no-comm          propagation only: no explicit reshards and collectives,\n"
    "                     so no communication figures (by default they are\n"
    "                     computed and OUT has the collectives)\n"
    "  --all              list every value, not only those whose sharding changes\n"
    "  --format FMT       table (default), json or csv\n"
    "  --color WHEN       colour the table: auto (when stdout is a terminal),\n"
    "                     always or never\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "\n"
    "examples:\n"
    "  sharc propagate examples/mlp_jax.mlir\n"
    "  sharc propagate model.mlir --no-comm -o model.propagated.mlir\n"
    "  sharc propagate model.mlir --all --format csv > values.csv\n";

static const char explain_help[] =
    "usage: sharc explain MODEL.mlir VALUE [--explicit]\n"
    "\n"
    "Runs the propagation with Shardy's debugging information (sharding origins\n"
    "and propagation edges) and says, for each axis of VALUE's sharding, which\n"
    "user sharding it came from (a function argument or result, a sharding\n"
    "constraint, a manual computation) and the steps that brought it there, one\n"
    "line per step with the op and its location.\n"
    "\n"
    "VALUE is a value of the propagated module ('sharc propagate --no-comm -o'\n"
    "writes it):\n"
    "  %12, %0#1, 12     its SSA name (%arg0 or arg0 for an argument)\n"
    "  result0           the first function result\n"
    "  x                 an argument's or result's name (loc(\"x\"), jax.result_info)\n"
    "  model.py:14       the first value defined at that line (file:line[:col])\n"
    "  @f:%3             a value of function f, when several functions have %3\n"
    "\n"
    "options:\n"
    "  --explicit         explain the module with explicit collectives (by default\n"
    "                     the propagated module before them, as 'sharc propagate\n"
    "                     --no-comm -o' writes it: collectives change no sharding)\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "\n"
    "examples:\n"
    "  sharc explain examples/mlp_jax.mlir %4\n"
    "  sharc explain examples/mlp_jax.mlir result0\n";

static const char show_help[] =
    "usage: sharc show MODEL.mlir VALUE [--svg FILE] [--no-comm] [--color auto|always|never]\n"
    "\n"
    "Runs the propagation and draws VALUE's mesh (which device sits where) and\n"
    "the block of VALUE each device holds, as jax.debug.visualize_array_sharding\n"
    "does: rank 2 as rows by columns, rank 1 as one row; a higher rank over its\n"
    "sharded dimensions when at most two are sharded, else as a list of blocks.\n"
    "VALUE is named as for 'sharc explain'.\n"
    "\n"
    "options:\n"
    "  --svg FILE         also write the picture as SVG\n"
    "  --no-comm          show the module without explicit collectives\n"
    "  --color WHEN       auto (when stdout is a terminal), always or never\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "\n"
    "examples:\n"
    "  sharc show examples/mlp_jax.mlir x\n"
    "  sharc show examples/mlp_jax.mlir %4 --svg h.svg\n";

static const char print_help[] =
    "usage: sharc print FILE\n"
    "\n"
    "Parses FILE and prints it back in MLIR's canonical form.\n"
    "\n"
    "example:\n"
    "  sharc print examples/shard_matmul.mlir\n";

static const char check_help[] =
    "usage: sharc check FILE\n"
    "\n"
    "Parses and verifies FILE; reports the first problem, located.\n"
    "\n"
    "example:\n"
    "  sharc check examples/mlp_jax.mlir\n";

/* ---- command line ------------------------------------------------------------- */

typedef enum command { CMD_PROPAGATE, CMD_EXPLAIN, CMD_SHOW } command;

typedef struct cli {
  command cmd;
  const char *input, *value, *output, *svg;
  sharc_report_format format;
  int color; /* -1 auto, 0 never, 1 always */
  bool timing, allow_unregistered;
  sharc_report_options opts;
} cli;

/* The word of `names` nearest to `word` if it is near enough to be a typo. */
static const char *nearest(const char *word, const char *const *names) {
  const char *best = NULL;
  size_t len = strlen(word);
  unsigned limit = len / 3 > 2 ? (unsigned)(len / 3) : 2, best_d = limit + 1;
  for (; *names; names++) {
    unsigned d = sharc_edit_distance(*names, strlen(*names), word, len, best_d);
    if (d < best_d) {
      best_d = d;
      best = *names;
    }
  }
  return best;
}

static const char *const command_names[] = {"propagate", "explain", "show",   "pipeline",
                                            "partition", "verify",  "print",  "check", "auto",
                                            "help",      NULL};

/* The options each command takes, for "did you mean". */
static const char *const *options_of(command cmd) {
  static const char *const propagate_opts[] = {
      "--help", "--no-comm", "--explicit", "--all", "--timing", "--allow-unregistered-dialect",
      "-o", "--format", "--color", NULL};
  static const char *const explain_opts[] = {
      "--help", "--no-comm", "--explicit", "--timing", "--allow-unregistered-dialect", NULL};
  static const char *const show_opts[] = {"--help",   "--no-comm", "--explicit",
                                          "--timing", "--allow-unregistered-dialect",
                                          "--svg",    "--color",   NULL};
  return cmd == CMD_PROPAGATE ? propagate_opts : cmd == CMD_EXPLAIN ? explain_opts : show_opts;
}

static int unknown_option(const char *cmd_name, const char *a, command cmd) {
  const char *eq = strchr(a, '=');
  char word[64];
  size_t n = eq ? (size_t)(eq - a) : strlen(a);
  if (n >= sizeof word)
    n = sizeof word - 1;
  memcpy(word, a, n);
  word[n] = 0;
  const char *near = nearest(word, options_of(cmd));
  if (!near)
    return sharc_cli_usage_error(cmd_name, "unknown option '%s'", a);
  fprintf(stderr, "sharc %s: error: unknown option '%s'; did you mean '%s'?\n", cmd_name, a,
          near);
  fprintf(stderr, "(try 'sharc %s --help')\n", cmd_name);
  return 1;
}


static int parse_cli(int argc, char **argv, cli *c, const char *name, const char *help) {
  int positional = 0;
  bool only_positional = false;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    if (only_positional || a[0] != '-' || !a[1]) {
      if (positional == 0)
        c->input = a;
      else if (positional == 1 && c->cmd != CMD_PROPAGATE)
        c->value = a;
      else
        return sharc_cli_usage_error(name, "unexpected argument '%s'", a);
      positional++;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_positional = true;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(help, stdout);
      exit(0);
    } else if (strcmp(a, "--explicit") == 0) { /* the default; kept for old scripts */
      c->opts.explicit_collectives = true;
    } else if (strcmp(a, "--no-comm") == 0) {
      c->opts.explicit_collectives = false;
    } else if (strcmp(a, "--all") == 0 && c->cmd == CMD_PROPAGATE) {
      c->opts.all_values = true;
    } else if (strcmp(a, "--timing") == 0) {
      c->timing = true;
    } else if (strcmp(a, "--allow-unregistered-dialect") == 0) {
      c->allow_unregistered = true;
    } else if (c->cmd == CMD_PROPAGATE && sharc_cli_take_value(argc, argv, &i, "-o", &v)) {
      if (!v)
        return sharc_cli_usage_error(name, "%s needs a file name", "-o");
      c->output = v;
    } else if (c->cmd == CMD_SHOW && sharc_cli_take_value(argc, argv, &i, "--svg", &v)) {
      if (!v)
        return sharc_cli_usage_error(name, "%s needs a file name", "--svg");
      c->svg = v;
    } else if (c->cmd == CMD_PROPAGATE && sharc_cli_take_value(argc, argv, &i, "--format", &v)) {
      if (v && strcmp(v, "table") == 0)
        c->format = SHARC_REPORT_TABLE;
      else if (v && strcmp(v, "json") == 0)
        c->format = SHARC_REPORT_JSON;
      else if (v && strcmp(v, "csv") == 0)
        c->format = SHARC_REPORT_CSV;
      else
        return sharc_cli_usage_error(name, "--format takes table, json or csv, not '%s'", v ? v : "");
    } else if (c->cmd != CMD_EXPLAIN && sharc_cli_take_value(argc, argv, &i, "--color", &v)) {
      if (!sharc_cli_parse_color(v, &c->color))
        return sharc_cli_usage_error(name, "--color takes auto, always or never, not '%s'", v ? v : "");
    } else {
      return unknown_option(name, a, c->cmd);
    }
  }
  if (!c->input)
    return sharc_cli_usage_error(name, "%s", c->cmd == CMD_PROPAGATE ? "no MODEL.mlir given"
                                                           : "no MODEL.mlir and VALUE given");
  if (c->cmd != CMD_PROPAGATE && !c->value)
    return sharc_cli_usage_error(name, "%s", "no VALUE given (an SSA name like %3, arg0, result0, a name, "
                                   "or file:line)");
  return -1;
}

/* ---- running ------------------------------------------------------------------------ */

typedef struct timer {
  struct timespec cpu, wall;
} timer;

static timer now(void) {
  timer t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t.cpu);
  clock_gettime(CLOCK_MONOTONIC, &t.wall);
  return t;
}

static double secs(struct timespec a, struct timespec b) {
  return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
}

/* --timing: CPU and wall seconds of each phase on stderr, for bench/. */
static void phase(const cli *c, const char *what, timer *since) {
  timer t = now();
  if (c->timing)
    fprintf(stderr, "sharc timing: %-8s cpu %.6f wall %.6f\n", what, secs(since->cpu, t.cpu),
            secs(since->wall, t.wall));
  *since = t;
}

typedef struct session {
  sharc_cli_session io;
  const cli *c;
} session;

static void flush_diags(session *s) { sharc_cli_session_flush(&s->io); }

/* An error about the module as a whole (a value it lacks, no mesh),
 * located at the module, without a source excerpt. */
static int module_error(session *s, const char *fmt, const char *arg) {
  flush_diags(s);
  const sharc_attr *f = sharc_loc_find_file(sharc_op_loc(s->io.module));
  unsigned line = f ? sharc_loc_line(f) : 0, col = f ? sharc_loc_col(f) : 0;
  if (!line) /* an implicit module, or loc(unknown) */
    line = col = 1;
  fprintf(stderr, "%s:%u:%u: error: ", s->io.name, line, col);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return 1;
}

static void session_free(session *s) { sharc_cli_session_free(&s->io); }

/* Reads, parses and verifies the input; false after reporting why. */
static bool load(session *s, const cli *c, timer *t) {
  s->c = c;
  bool ok = sharc_cli_session_load(&s->io, c->input, c->allow_unregistered);
  if (s->io.ctx)
    phase(c, "parse", t);
  return ok;
}

static bool use_color(const cli *c) { return sharc_cli_use_color(c->color); }

/* A function of the module carries `topology = #mpmd.topology<...>`. */
static bool has_mpmd_topology(sharc_op *module) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_is(op, "func.func") && sharc_op_attr(op, "topology"))
      return true;
  return false;
}

/* Propagates and builds the report; NULL after reporting why. */
static sharc_report *propagate(session *s, timer *t) {
  const cli *c = s->c;
  if (!sharc_report_has_mesh(s->io.module) && has_mpmd_topology(s->io.module)) {
    module_error(s, "%s",
                 "the module is an MPMD program (a function with an mpmd topology) and has no "
                 "sdy.mesh: 'sharc pipeline' reports its meshes, schedule and memory");
    return NULL;
  }
  if (!sharc_report_has_mesh(s->io.module)) {
    module_error(s, "%s",
                 "the module has no sdy.mesh: nothing in it is sharded (JAX writes one, e.g. "
                 "`sdy.mesh @mesh = <[\"data\"=8]>`, when Shardy is enabled)");
    return NULL;
  }
  bool ok = sharc_report_propagate(s->io.module, &c->opts);
  flush_diags(s);
  phase(c, "pipeline", t);
  if (!ok)
    return NULL;
  sharc_report *r = sharc_report_create(s->io.module, &c->opts);
  if (c->opts.debug_origins) {
    /* read; now the module must verify without it */
    sharc_report_strip_debug_info(s->io.module);
    ok = sharc_verify(s->io.module);
    flush_diags(s);
    if (!ok) {
      sharc_report_destroy(r);
      return NULL;
    }
  }
  return r;
}

static int write_module(session *s, const char *path) {
  int e;
  sharc_cli_output *o = sharc_cli_output_open(path, &e);
  if (o) {
    sharc_print_flags flags = {0};
    sharc_print_op_stream(s->io.module, &flags, sharc_cli_output_write, o);
    sharc_cli_output_write("\n", 1, o);
    e = sharc_cli_output_close(o, true);
  }
  if (e)
    fprintf(stderr, "%s: error: could not write output file: %s\n", path, strerror(e));
  return e ? 1 : 0;
}

static int run_propagate(const cli *c) {
  session s = {0};
  timer t = now();
  int rc = 1;
  if (!load(&s, c, &t))
    goto done;
  sharc_report *r = propagate(&s, &t);
  if (!r)
    goto done;
  sharc_buf out = {0};
  bool to_stdout = c->output && strcmp(c->output, "-") == 0;
  sharc_report_write(r, c->format, c->format == SHARC_REPORT_TABLE && !to_stdout && use_color(c),
                     s.io.name, &out);
  phase(c, "report", &t);
  rc = c->output ? write_module(&s, c->output) : 0;
  phase(c, "write", &t);
  if (rc == 0)
    fputs(out.data ? out.data : "", to_stdout ? stderr : stdout);
  sharc_buf_free(&out);
  sharc_report_destroy(r);
done:
  session_free(&s);
  return rc;
}

/* explain and show: the propagated module, and the value asked for. */
static int run_value(const cli *c) {
  session s = {0};
  timer t = now();
  int rc = 1;
  cli copy = *c;
  copy.opts.debug_origins = c->cmd == CMD_EXPLAIN;
  if (!load(&s, &copy, &t))
    goto done;
  s.c = &copy;
  sharc_report *r = propagate(&s, &t);
  if (!r)
    goto done;
  sharc_buf err = {0}, out = {0};
  const sharc_report_value *v = sharc_report_lookup(r, c->value, &err);
  if (!v) {
    module_error(&s, "%s", err.data ? err.data : "no such value");
  } else if (c->cmd == CMD_EXPLAIN) {
    rc = sharc_report_explain(r, v, &out) ? 0 : 1;
  } else {
    sharc_report_show(r, v, use_color(c), &out);
    rc = 0;
    if (c->svg) {
      sharc_buf svg = {0};
      sharc_report_show_svg(r, v, &svg);
      int e = sharc_cli_write_file(c->svg, svg.data, svg.len);
      if (e) {
        fprintf(stderr, "%s: error: could not write output file: %s\n", c->svg, strerror(e));
        rc = 1;
      }
      sharc_buf_free(&svg);
    }
  }
  phase(&copy, "report", &t);
  if (out.len)
    fputs(out.data, rc ? stderr : stdout);
  sharc_buf_free(&err);
  sharc_buf_free(&out);
  sharc_report_destroy(r);
done:
  session_free(&s);
  return rc;
}

/* print and check: the shared opt driver. */
static int run_print_or_check(int argc, char **argv) {
  static const char *const dialects[] = {"sdy", "mpmd", "stablehlo", "quant", "tensor", "arith",
                                         "complex", "chlo", "interpreter", NULL};
  /* no MLIR counterpart: the loaded dialects are the registered ones */
  static const sharc_opt_tool tool = {"sharc", "sharc", SHARC_TOOL_ANY, dialects, NULL};
  const char *help = argv[1][0] == 'p' ? print_help : check_help;
  if (argc < 3)
    return sharc_cli_usage_error(argv[1], "%s", "no FILE given");
  if (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0) {
    fputs(help, stdout);
    return 0;
  }
  if (argc > 3)
    return sharc_cli_usage_error(argv[1], "unexpected argument '%s'", argv[3]);
  if (argv[1][0] == 'p') {
    char *args[4] = {argv[0], "--allow-unregistered-dialect", argv[2], NULL};
    return sharc_opt_main(&tool, 3, args);
  }
  char *args[6] = {argv[0], "--allow-unregistered-dialect", argv[2], "-o", "/dev/null", NULL};
  int rc = sharc_opt_main(&tool, 5, args);
  if (rc == 0)
    printf("%s: ok\n", argv[2]);
  return rc;
}

int main(int argc, char **argv) {
  sharc_set_log_enabled(false); /* stdout is the report: Shardy's log lines stay out of it */
  if (argc < 2) {
    fputs(overview, stderr);
    return 1;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    if (argc > 2) {
      char *again[3] = {argv[0], argv[2], "--help"};
      return main(3, again);
    }
    fputs(overview, stdout);
    return 0;
  }
  if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
    printf("sharc %s: Shardy's sharding propagation, export and MPMD passes, in C\n",
           sharc_version());
    return 0;
  }
  if (strcmp(cmd, "print") == 0 || strcmp(cmd, "check") == 0)
    return run_print_or_check(argc, argv);
  if (strcmp(cmd, "pipeline") == 0)
    return sharc_cli_pipeline(argc, argv);
  if (strcmp(cmd, "partition") == 0)
    return sharc_cli_partition(argc, argv);
  if (strcmp(cmd, "verify") == 0)
    return sharc_cli_verify(argc, argv);
  if (strcmp(cmd, "auto") == 0)
    return sharc_cli_auto(argc, argv);
  cli c = {0};
  c.color = -1;
  c.opts = sharc_report_options_default();
  const char *help;
  if (strcmp(cmd, "propagate") == 0) {
    c.cmd = CMD_PROPAGATE;
    help = propagate_help;
  } else if (strcmp(cmd, "explain") == 0) {
    c.cmd = CMD_EXPLAIN;
    c.opts.explicit_collectives = false; /* origins are propagation's: see explain_help */
    help = explain_help;
  } else if (strcmp(cmd, "show") == 0) {
    c.cmd = CMD_SHOW;
    help = show_help;
  } else {
    const char *near = nearest(cmd, command_names);
    if (!near)
      return sharc_cli_usage_error(NULL, "unknown command '%s'", cmd);
    fprintf(stderr, "sharc: error: unknown command '%s'; did you mean '%s'?\n(try 'sharc --help')\n",
            cmd, near);
    return 1;
  }
  int rc = parse_cli(argc, argv, &c, cmd, help);
  if (rc >= 0)
    return rc;
  return c.cmd == CMD_PROPAGATE ? run_propagate(&c) : run_value(&c);
}

/* `sharc auto FILE`: choose the shardings of the entry function's
 * arguments for the lowest estimated step time within a memory limit
 * (src/report/auto, docs/auto.md), write the module with them, explain the
 * choice, and with --verify check the result by running it partitioned.
 * Errors are located, exit 1 and leave no output file. */
#define _POSIX_C_SOURCE 200809L
#include "sharc_auto_cli.h"
#include "sharc_io.h"

#include "sharc/asm.h"
#include "sharc/auto.h"
#include "sharc/partition.h"
#include "support/input.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char auto_help[] =
    "usage: sharc auto MODEL.mlir [--mesh AXES] [--memory-limit BYTES] [-o OUT.mlir]\n"
    "                  [--keep-user-shardings] [--budget SECONDS] [--seed N]\n"
    "                  [--verify] [--estimate] [--format table|json] [machine options]\n"
    "\n"
    "Chooses the shardings of the entry function's arguments so that Shardy's\n"
    "propagation and explicit collectives give the lowest estimated step time\n"
    "within the per-device memory limit, writes the module with them to OUT, and\n"
    "explains the choice: each argument's PartitionSpec (chosen, or left to\n"
    "propagation), the estimated time split into compute and each collective,\n"
    "the memory headroom, and the two best rejected alternatives with why they\n"
    "lost. The cost model and the search: docs/auto.md.\n"
    "\n"
    "options:\n"
    "  --mesh AXES            the mesh, 'data=4,model=2' (replaces the module's one\n"
    "                         mesh, or adds 'sdy.mesh @mesh'); default: the module's\n"
    "  --memory-limit BYTES   per-device limit of live tensors: 1000000, 64MiB, 2GB\n"
    "  --keep-user-shardings  keep the module's shardings and constraints, choose\n"
    "                         only for the arguments without one (by default all\n"
    "                         are dropped and every argument is chosen)\n"
    "  --budget SECONDS       CPU seconds the search may take; then the best found\n"
    "                         is the answer (default 8)\n"
    "  --seed N               the local search's order and moves (default 0)\n"
    "  --estimate             no search: estimate the module's own shardings\n"
    "  --verify               run the result as 'sharc verify' does\n"
    "  -o OUT.mlir            write the module with the chosen shardings\n"
    "  --format FMT           the explanation as a table (default) or json\n"
    "machine options (per device; docs/auto.md):\n"
    "  --flops RATE           FLOP/s of dots and convolutions (default 1e14)\n"
    "  --memory-bandwidth B   bytes/s of every other op's traffic (default 1e12)\n"
    "  --bandwidth AX=B,...   bytes/s a device receives along an axis (default 5e10)\n"
    "  --latency AX=S,...     seconds a collective along an axis takes to start\n"
    "                         (default 1e-5)\n"
    "  --default-bandwidth B, --default-latency S   for axes not named\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "\n"
    "examples:\n"
    "  sharc auto model.mlir --mesh 'data=4,model=2' -o model.sharded.mlir\n"
    "  sharc auto model.mlir --mesh 'data=8' --memory-limit 16GiB --verify\n";

typedef struct acli {
  const char *input, *output;
  bool json, verify, allow_unregistered;
  sharc_auto_options o;
} acli;

static bool parse_real(const char *s, double *out, bool positive) {
  if (!s || !*s)
    return false;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (*end || errno || isnan(v) || isinf(v) || v < 0 || (positive && v == 0))
    return false;
  *out = v;
  return true;
}

/* 1000, 64MiB, 2GB, 1.5e9: bytes, at most 2^62. */
static bool parse_bytes(const char *s, int64_t *out) {
  static const struct {
    const char *suffix;
    double scale;
  } units[] = {{"", 1},           {"B", 1},          {"KiB", 1024.0},     {"MiB", 1048576.0},
               {"GiB", 1073741824.0}, {"TiB", 1099511627776.0}, {"KB", 1e3}, {"MB", 1e6},
               {"GB", 1e9},       {"TB", 1e12}};
  if (!s || !*s)
    return false;
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || errno || !(v > 0))
    return false;
  for (size_t i = 0; i < sizeof units / sizeof *units; i++)
    if (strcmp(end, units[i].suffix) == 0) {
      double bytes = v * units[i].scale;
      if (!(bytes >= 1) || bytes > 4.6e18)
        return false;
      *out = (int64_t)bytes;
      return true;
    }
  return false;
}

/* The options that switch something on: where each bool lives. */
static const struct switch_flag {
  const char *name;
  size_t offset;
} switch_flags[] = {
    {"--keep-user-shardings", offsetof(acli, o.keep_user_shardings)},
    {"--verify", offsetof(acli, verify)},
    {"--estimate", offsetof(acli, o.estimate_only)},
    {"--allow-unregistered-dialect", offsetof(acli, allow_unregistered)},
};

/* The options that take a real number: where it goes, whether it must be
 * above 0 (else at least 0), and what the usage error says it takes. */
static const struct real_flag {
  const char *name;
  size_t offset;
  bool positive;
  const char *takes;
} real_flags[] = {
    {"--budget", offsetof(acli, o.budget_seconds), true, "seconds > 0"},
    {"--flops", offsetof(acli, o.flop_rate), true, "a rate > 0"},
    {"--memory-bandwidth", offsetof(acli, o.memory_bandwidth), true, "a rate > 0"},
    {"--default-bandwidth", offsetof(acli, o.default_bandwidth), true, "a rate > 0"},
    {"--default-latency", offsetof(acli, o.default_latency), false, "seconds >= 0"},
};

/* The options that take text as it is: where it goes, whether it may be
 * empty, and what the usage error says it needs. */
static const struct text_flag {
  const char *name;
  size_t offset;
  bool nonempty;
  const char *needs;
} text_flags[] = {
    {"--mesh", offsetof(acli, o.mesh), true, "axes, e.g. 'data=4,model=2'"},
    {"--bandwidth", offsetof(acli, o.bandwidths), false, "AXIS=RATE,..."},
    {"--latency", offsetof(acli, o.latencies), false, "AXIS=SECONDS,..."},
    {"-o", offsetof(acli, output), false, "a file name"},
};

#define FLAG_COUNT(table) (sizeof(table) / sizeof *(table))
#define FLAG_FIELD(c, type, flag) ((type *)((char *)(c) + (flag).offset))

/* 1 when argv[*i] is an option of the tables (taken), 0 when it is not, -1
 * after a usage error. */
static int take_table_flag(int argc, char **argv, int *i, acli *c) {
  for (size_t k = 0; k < FLAG_COUNT(switch_flags); k++)
    if (strcmp(argv[*i], switch_flags[k].name) == 0) {
      *FLAG_FIELD(c, bool, switch_flags[k]) = true;
      return 1;
    }
  const char *v = NULL;
  for (size_t k = 0; k < FLAG_COUNT(real_flags); k++) {
    const struct real_flag *f = &real_flags[k];
    if (!sharc_cli_take_value(argc, argv, i, f->name, &v))
      continue;
    if (parse_real(v, FLAG_FIELD(c, double, *f), f->positive))
      return 1;
    char fmt[96];
    snprintf(fmt, sizeof fmt, "%s takes %s, not '%%s'", f->name, f->takes);
    sharc_cli_usage_error("auto", fmt, v ? v : "");
    return -1;
  }
  for (size_t k = 0; k < FLAG_COUNT(text_flags); k++) {
    const struct text_flag *f = &text_flags[k];
    if (!sharc_cli_take_value(argc, argv, i, f->name, &v))
      continue;
    if (v && (!f->nonempty || *v)) {
      *FLAG_FIELD(c, const char *, *f) = v;
      return 1;
    }
    char fmt[96];
    snprintf(fmt, sizeof fmt, "%%s needs %s", f->needs);
    sharc_cli_usage_error("auto", fmt, f->name);
    return -1;
  }
  return 0;
}

static int parse_args(int argc, char **argv, acli *c) {
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    int taken = a[0] == '-' && a[1] ? take_table_flag(argc, argv, &i, c) : 0;
    if (taken < 0)
      return 1;
    if (taken)
      continue;
    if (a[0] != '-' || !a[1]) {
      if (c->input)
        return sharc_cli_usage_error("auto", "unexpected argument '%s'", a);
      c->input = a;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(auto_help, stdout);
      exit(0);
    } else if (sharc_cli_take_value(argc, argv, &i, "--memory-limit", &v)) {
      if (!parse_bytes(v, &c->o.memory_limit))
        return sharc_cli_usage_error("auto", "--memory-limit takes bytes (1000000, 64MiB, 2GB), not '%s'", v ? v : "");
    } else if (sharc_cli_take_value(argc, argv, &i, "--seed", &v)) {
      double seed;
      if (!parse_real(v, &seed, false) || seed != floor(seed) || seed > 1.8e19)
        return sharc_cli_usage_error("auto", "--seed takes a whole number, not '%s'", v ? v : "");
      c->o.seed = (uint64_t)seed;
    } else if (sharc_cli_take_value(argc, argv, &i, "--format", &v)) {
      if (!v || (strcmp(v, "json") != 0 && strcmp(v, "table") != 0))
        return sharc_cli_usage_error("auto", "--format takes table or json, not '%s'", v ? v : "");
      c->json = strcmp(v, "json") == 0;
    } else {
      return sharc_cli_usage_error("auto", "unknown option '%s'", a);
    }
  }
  if (!c->input)
    return sharc_cli_usage_error("auto", "%s", "no MODEL.mlir given");
  return -1;
}

typedef struct session {
  sharc_input_text in;
  sharc_context *ctx;
  sharc_op *module;
  const char *name;
  sharc_buf diags;
} session;

static void on_diag(const sharc_diag *d, void *user) {
  session *s = user;
  sharc_diag_format_with_source(s->ctx, d, &s->diags);
}

static void flush(session *s) {
  if (s->ctx)
    sharc_diag_flush(s->ctx);
  if (s->diags.len)
    fputs(s->diags.data, stderr);
  s->diags.len = 0;
}

static void append_out(const char *data, size_t len, void *user) { sharc_buf_put(user, data, len); }

/* `sharc verify` on a copy of the result; 0 when it agrees. */
static int verify_result(session *s, sharc_buf *report) {
  sharc_op *copy = sharc_op_clone(s->module, true);
  sharc_verify_options vo = sharc_verify_options_default();
  int rc = sharc_verify_module(copy, &vo, s->name, report);
  flush(s);
  return rc;
}

static int run(acli *c) {
  session s = {0};
  int rc = 1;
  s.module = sharc_cli_load_module(c->input, c->allow_unregistered, on_diag, &s, &s.in, &s.ctx,
                                   &s.name);
  flush(&s);
  sharc_buf table = {0}, verified = {0}, prog = {0};
  sharc_auto_result *r = s.module ? sharc_auto_run(s.module, &c->o) : NULL;
  flush(&s);
  if (!r)
    goto done;
  sharc_auto_write(r, c->json, s.name, &table);
  if (c->verify && verify_result(&s, &verified) != 0) {
    fputs(verified.data ? verified.data : "", stderr);
    fprintf(stderr, "%s: error: the chosen shardings do not pass 'sharc verify'\n", s.name);
    goto done;
  }
  if (c->output) {
    sharc_print_flags flags = {0};
    sharc_print_op_stream(s.module, &flags, append_out, &prog);
    sharc_buf_putc(&prog, '\n');
    int e = sharc_cli_write_file(c->output, prog.data, prog.len);
    if (e) {
      fprintf(stderr, "%s: error: could not write output file: %s\n", c->output, strerror(e));
      goto done;
    }
  }
  FILE *report = c->output && strcmp(c->output, "-") == 0 ? stderr : stdout;
  fputs(table.data ? table.data : "", report);
  if (c->verify && !c->json)
    fprintf(report, "\nverify: the partitioned program agrees with the global one\n");
  rc = 0;
done:
  sharc_auto_result_destroy(r);
  sharc_buf_free(&table);
  sharc_buf_free(&verified);
  sharc_buf_free(&prog);
  if (s.ctx)
    sharc_context_destroy(s.ctx);
  sharc_input_free(&s.in);
  sharc_buf_free(&s.diags);
  return rc;
}

int sharc_cli_auto(int argc, char **argv) {
  acli c = {0};
  c.o = sharc_auto_options_default();
  int rc = parse_args(argc, argv, &c);
  return rc >= 0 ? rc : run(&c);
}

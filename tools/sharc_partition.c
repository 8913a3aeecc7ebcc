/* `sharc partition FILE`: the program each device runs (propagation,
 * explicit collectives, the SPMD partitioner), and the block of every
 * argument and result each device holds. `sharc verify FILE`: that program
 * run on simulated devices against the global one, on the same inputs.
 * Errors are located, exit 1 and leave no output file. */
#define _POSIX_C_SOURCE 200809L
#include "sharc_io.h"
#include "sharc_partition_cli.h"
#include "sharc_pipeline_cli.h"

#include "sharc/asm.h"
#include "sharc/partition.h"
#include "sharc/verify.h"
#include "support/input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char partition_help[] =
    "usage: sharc partition MODEL.mlir [-o OUT.mlir] [--format table|json]\n"
    "                       [--replica-count N] [--partition-count N]\n"
    "                       [--halo-exchange] [--per-dim-all-gather]\n"
    "\n"
    "Runs Shardy's propagation, inserts explicit reshards and collectives, and\n"
    "runs the SPMD partitioner (-sdy-pad-for-divisibility,\n"
    "-sdy-convert-global-to-local): the result is the program every device runs,\n"
    "with local shapes and StableHLO collectives (partition_id says which device\n"
    "it is). Without -o it goes to stdout; with -o, stdout gets the table of\n"
    "the entry function's arguments and results: sharding, global and local\n"
    "type, and the block [begin:end, ...] each device holds.\n"
    "\n"
    "options:\n"
    "  -o OUT.mlir           write the program (only when all went well)\n"
    "  --format FMT          the table (default) or json (with -o)\n"
    "  --partition-count N   devices as partitions (default: the mesh's devices)\n"
    "  --replica-count N     devices as replicas (then partition-count is 1)\n"
    "  --halo-exchange       windowed ops (pad, slice, reduce_window, convolution)\n"
    "                        on sharded dimensions exchange halos between\n"
    "                        neighbours (by default their operands are resharded\n"
    "                        whole along those dimensions)\n"
    "  --per-dim-all-gather  one all-gather per dimension, not combined\n"
    "  --allow-unregistered-dialect   accept ops of unknown dialects\n"
    "\n"
    "examples:\n"
    "  sharc partition examples/mlp_jax.mlir -o mlp.spmd.mlir\n"
    "  sharc partition model.mlir -o spmd.mlir --format json > blocks.json\n";

static const char verify_help[] =
    "usage: sharc verify MODEL.mlir [--seed N] [--inputs FILE] [--rtol X] [--atol Y]\n"
    "                    [--format table|json] [partition options]\n"
    "\n"
    "Runs MODEL as it is (the global program) and partitioned ('sharc partition')\n"
    "on as many simulated devices as it is partitioned for, one thread each, on\n"
    "the same inputs: each device gets its block of every input; every device's\n"
    "block of every result must equal the global result's, bit-exact, or within\n"
    "a tolerance (stated) where a collective reduces floats. It also checks that\n"
    "the report ('sharc propagate') gives each argument and result the sharding\n"
    "and shard shape the partitioned program has. Exit 0 when all agree, 1 on a\n"
    "mismatch (the value, device, index and sharding are named) or an error.\n"
    "\n"
    "options:\n"
    "  --seed N              random inputs from seed N (default 0): integers in\n"
    "                        [-4, 4] ([0, 8] unsigned), floats in [-1, 1), bools\n"
    "  --inputs FILE         the inputs instead: one MLIR dense literal a line,\n"
    "                        in argument order ('dense<[1, 2]> : tensor<2xi32>')\n"
    "  --rtol X, --atol Y    tolerance for reduced floats: |partitioned - global|\n"
    "                        <= Y + X * max(1, max |global|) (default X by type:\n"
    "                        f32 1e-4, f16 1e-2, bf16 5e-2, f64 1e-9; Y 0)\n"
    "  --format FMT          table (default) or json\n"
    "  --partition-count N, --replica-count N, --halo-exchange,\n"
    "  --per-dim-all-gather  as for 'sharc partition'\n"
    "\n"
    "examples:\n"
    "  sharc verify examples/mlp_jax.mlir\n"
    "  sharc verify model.mlir --seed 7 --format json\n";

typedef struct pcli {
  bool verify, json, allow_unregistered;
  const char *cmd, *input, *output, *inputs;
  sharc_verify_options v;
} pcli;

/* A whole non-negative integer; false otherwise. */
static bool parse_count(const char *s, int64_t *out) {
  if (!s || !*s)
    return false;
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (*end || errno || v < 0)
    return false;
  *out = v;
  return true;
}

static bool parse_real(const char *s, double *out) {
  if (!s || !*s)
    return false;
  char *end;
  double v = strtod(s, &end);
  if (*end || !(v >= 0) || v > 1e300)
    return false;
  *out = v;
  return true;
}

static int parse_args(int argc, char **argv, pcli *c) {
  const char *help = c->verify ? verify_help : partition_help;
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = NULL;
    if (a[0] != '-' || !a[1]) {
      if (c->input)
        return sharc_cli_usage_error(c->cmd, "unexpected argument '%s'", a);
      c->input = a;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(help, stdout);
      exit(0);
    } else if (strcmp(a, "--no-halo-exchange") == 0) {
      c->v.partition.halo_exchange = false;
    } else if (strcmp(a, "--halo-exchange") == 0) {
      c->v.partition.halo_exchange = true;
    } else if (strcmp(a, "--per-dim-all-gather") == 0) {
      c->v.partition.per_dim_all_gather = true;
    } else if (strcmp(a, "--allow-unregistered-dialect") == 0) {
      c->allow_unregistered = true;
    } else if (sharc_cli_take_value(argc, argv, &i, "--partition-count", &v)) {
      if (!parse_count(v, &c->v.partition.partition_count))
        return sharc_cli_usage_error(c->cmd, "--partition-count takes a number, not '%s'", v ? v : "");
    } else if (sharc_cli_take_value(argc, argv, &i, "--replica-count", &v)) {
      if (!parse_count(v, &c->v.partition.replica_count))
        return sharc_cli_usage_error(c->cmd, "--replica-count takes a number, not '%s'", v ? v : "");
    } else if (sharc_cli_take_value(argc, argv, &i, "--format", &v)) {
      if (!v || (strcmp(v, "json") != 0 && strcmp(v, "table") != 0))
        return sharc_cli_usage_error(c->cmd, "--format takes table or json, not '%s'", v ? v : "");
      c->json = strcmp(v, "json") == 0;
    } else if (!c->verify && sharc_cli_take_value(argc, argv, &i, "-o", &v)) {
      if (!v)
        return sharc_cli_usage_error(c->cmd, "%s needs a file name", "-o");
      c->output = v;
    } else if (c->verify && sharc_cli_take_value(argc, argv, &i, "--seed", &v)) {
      int64_t seed;
      if (!parse_count(v, &seed))
        return sharc_cli_usage_error(c->cmd, "--seed takes a number, not '%s'", v ? v : "");
      c->v.seed = (uint64_t)seed;
    } else if (c->verify && sharc_cli_take_value(argc, argv, &i, "--inputs", &v)) {
      if (!v)
        return sharc_cli_usage_error(c->cmd, "%s needs a file name", "--inputs");
      c->inputs = v;
    } else if (c->verify && sharc_cli_take_value(argc, argv, &i, "--rtol", &v)) {
      if (!parse_real(v, &c->v.rtol))
        return sharc_cli_usage_error(c->cmd, "--rtol takes a number >= 0, not '%s'", v ? v : "");
    } else if (c->verify && sharc_cli_take_value(argc, argv, &i, "--atol", &v)) {
      if (!parse_real(v, &c->v.atol))
        return sharc_cli_usage_error(c->cmd, "--atol takes a number >= 0, not '%s'", v ? v : "");
    } else {
      return sharc_cli_usage_error(c->cmd, "unknown option '%s'", a);
    }
  }
  if (!c->input)
    return sharc_cli_usage_error(c->cmd, "%s", "no MODEL.mlir given");
  return -1;
}

/* Reads, parses and verifies the input; false after reporting why. */
static bool load(sharc_cli_session *s, const pcli *c) {
  return sharc_cli_session_load(s, c->input, c->allow_unregistered);
}

static void append_out(const char *data, size_t len, void *user) {
  sharc_buf_put(user, data, len);
}

static int run_partition(const pcli *c) {
  sharc_cli_session s = {0};
  int rc = 1;
  if (!load(&s, c))
    goto done;
  sharc_partition *p = sharc_partition_module(s.module, &c->v.partition);
  sharc_cli_session_flush(&s);
  if (!p)
    goto done;
  /* the partitioned program must verify before anything is written */
  bool ok = sharc_verify(s.module);
  sharc_cli_session_flush(&s);
  if (ok) {
    sharc_buf prog = {0}, table = {0};
    sharc_print_flags flags = {0};
    sharc_print_op_stream(s.module, &flags, append_out, &prog);
    sharc_buf_putc(&prog, '\n');
    const char *path = c->output ? c->output : "-";
    int e = sharc_cli_write_file(path, prog.data, prog.len);
    if (e) {
      fprintf(stderr, "%s: error: could not write output file: %s\n", path, strerror(e));
    } else {
      rc = 0;
      bool to_stdout = !c->output || strcmp(c->output, "-") == 0;
      sharc_partition_write(p, c->json, s.name, &table);
      fputs(table.data ? table.data : "", to_stdout ? stderr : stdout);
    }
    sharc_buf_free(&prog);
    sharc_buf_free(&table);
  }
  sharc_partition_destroy(p);
done:
  sharc_cli_session_free(&s);
  return rc;
}

static int run_verify(pcli *c) {
  sharc_cli_session s = {0};
  sharc_input_text inputs = {0};
  int rc = 1;
  if (!load(&s, c))
    goto done;
  if (c->inputs) {
    int e = sharc_input_read(c->inputs, &inputs);
    if (e) {
      fprintf(stderr, "%s: error: could not open input file: %s\n", c->inputs, strerror(e));
      goto done;
    }
    c->v.inputs_text = inputs.data ? inputs.data : "";
    c->v.inputs_len = inputs.len;
    c->v.inputs_name = c->inputs;
  }
  c->v.json = c->json;
  sharc_buf out = {0};
  int r = sharc_verify_module(s.module, &c->v, s.name, &out);
  sharc_cli_session_flush(&s);
  if (r != 2)
    fputs(out.data ? out.data : "", stdout);
  rc = r == 0 ? 0 : 1;
  sharc_buf_free(&out);
done:
  sharc_input_free(&inputs);
  sharc_cli_session_free(&s);
  return rc;
}

int sharc_cli_partition(int argc, char **argv) {
  pcli c = {0};
  c.cmd = "partition";
  c.v = sharc_verify_options_default();
  int rc = parse_args(argc, argv, &c);
  return rc >= 0 ? rc : run_partition(&c);
}

int sharc_cli_verify(int argc, char **argv) {
  pcli c = {0};
  c.cmd = "verify";
  c.verify = true;
  c.v = sharc_verify_options_default();
  int rc = parse_args(argc, argv, &c);
  return rc >= 0 ? rc : run_verify(&c);
}

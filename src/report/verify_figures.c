/* `sharc verify`'s check of the report's device figures against a run of
 * the partitioned program: the interpreter counts each collective every
 * device executes (sharc_interpret_options.on_collective), and every
 * figure the report prints must be what the devices did:
 *
 * - each collective the report lists (made on the partitioner's module,
 *   after -sdy-reshard-to-collectives) ran as an op of the kind it names,
 *   as often as the report's `runs` says, and each device received the
 *   bytes it gives per run (collective_permute: the device that receives
 *   most, as a device that keeps its block receives nothing);
 * - every device ran each collective equally often, and as often as the
 *   report's `runs` when its loops' trip counts are static (at most that
 *   often in a branch of a conditional), a collective in a loop included;
 * - no executed collective is missing from the report;
 * - each device holds the report's bytes per device of every argument and
 *   result, and the summary's per-device peaks are the most any holds: the
 *   summary's peaks are of the arguments and of the results (docs/cli.md,
 *   Summary), not of the working memory;
 * - the block `sharc show` draws for each device is the block the device
 *   holds (the one the results were compared on). */
#include "report/partition_figures.h"

#include "interpret/interp.h"
#include "sharc/partition.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- counting ------------------------------------------------------------------------ */

void sharc_verify_counts_init(sharc_verify_counts *c, unsigned num_devices) {
  c->num_devices = num_devices;
  c->per_device = sharc_xcalloc(num_devices ? num_devices : 1, sizeof *c->per_device);
}

void sharc_verify_counts_free(sharc_verify_counts *c) {
  for (unsigned d = 0; c->per_device && d < c->num_devices; d++)
    sharc_vec_free(&c->per_device[d]);
  free(c->per_device);
  c->per_device = NULL;
}

void sharc_verify_count(const sharc_collective_count *c, void *user) {
  sharc_verify_counts *counts = user;
  if (c->device < counts->num_devices)
    sharc_vec_push(&counts->per_device[c->device], *c);
}

/* ---- holding the figures against the counts ------------------------------------------- */

typedef struct checker {
  const sharc_partition_figures *f;
  const sharc_verify_counts *counts;
  bool json;
  sharc_buf *out;
  unsigned mismatches;
} checker;

/* At most this many disagreements are spelled out. */
#define MAX_LISTED 8

static void mismatch(checker *k, const char *text) {
  if (k->mismatches++ >= MAX_LISTED)
    return;
  if (k->json) {
    if (k->mismatches > 1)
      SHARC_BUF_LIT(k->out, ", ");
    sharc_report_put_json_string(k->out, text);
  } else {
    sharc_buf_printf(k->out, "mismatch: %s\n", text);
  }
}

static int64_t bytes_of(int64_t elements, unsigned bits) {
  return (elements * (int64_t)bits + 7) / 8;
}

static unsigned op_element_bits(const sharc_op *op) {
  if (!sharc_op_num_results(op))
    return 0;
  return sharc_report_element_bits(sharc_value_type(sharc_op_result((sharc_op *)op, 0)));
}

static const char *short_name(const sharc_op *op) {
  sharc_str s = sharc_ident_str(sharc_op_name(op));
  const char *dot = memchr(s.data, '.', s.len);
  return dot ? dot + 1 : s.data;
}

/* What one device did for one of the report's collectives. */
typedef struct done {
  int64_t received;   /* bytes, over every run */
  int64_t runs;       /* of the op it ran most */
  const sharc_op *op; /* one op that realises it */
} done;

/* Per collective of the report and device (index c * devices + d). */
static done *tally(checker *k, sharc_buf *msg) {
  const sharc_partition_figures *f = k->f;
  unsigned nd = k->counts->num_devices, nc = f->num_collectives;
  done *t = sharc_xcalloc((size_t)(nc ? nc : 1) * nd, sizeof *t);
  sharc_ptrmap unlisted = {0};
  for (unsigned d = 0; d < nd; d++) {
    sharc_ptrmap runs = {0}; /* op -> how often this device ran it */
    const sharc_count_vec *v = &k->counts->per_device[d];
    for (unsigned i = 0; i < v->len; i++) {
      const sharc_collective_count *c = &v->items[i];
      uintptr_t origin = (uintptr_t)sharc_ptrmap_get(&f->origin, c->op);
      int64_t bytes = bytes_of(c->received_elements, op_element_bits(c->op));
      if (!origin) {
        if (!sharc_ptrmap_get(&unlisted, c->op)) {
          msg->len = 0;
          sharc_buf_printf(msg, "the partitioned program runs a %s (%lld B into device %u) "
                                "that the report does not list",
                           short_name(c->op), (long long)bytes, d);
          mismatch(k, msg->data);
        }
        sharc_ptrmap_put(&unlisted, c->op, (void *)1);
        continue;
      }
      done *x = &t[(origin - 1) * nd + d];
      x->received += bytes;
      x->op = c->op;
      int64_t r = (int64_t)(uintptr_t)sharc_ptrmap_get(&runs, c->op) + 1;
      sharc_ptrmap_put(&runs, c->op, (void *)(uintptr_t)r);
      if (r > x->runs)
        x->runs = r;
    }
    sharc_ptrmap_free(&runs);
  }
  sharc_ptrmap_free(&unlisted);
  return t;
}

/* The kind of device collective the report's kind is realised as; NULL
 * for kinds that move nothing between devices. */
static const char *realised_as(const char *kind) {
  static const char *const same[] = {"all_gather", "all_to_all", "collective_permute",
                                     "all_reduce", "reduce_scatter", NULL};
  for (unsigned i = 0; same[i]; i++)
    if (strcmp(kind, same[i]) == 0)
      return same[i];
  return NULL;
}

static bool moves_nothing(const char *kind) {
  return strcmp(kind, "all_slice") == 0 || strcmp(kind, "sharded_to_unreduced") == 0 ||
         strcmp(kind, "replicated_to_unreduced") == 0;
}

/* A ring's parts are whole elements while the report's figure is the
 * average in bytes (2 x in x (n - 1) / n, rounded down): they agree when
 * less than two elements apart. */
static bool same_bytes(int64_t measured, int64_t reported, unsigned bits) {
  int64_t diff = measured > reported ? measured - reported : reported - measured;
  return diff * 8 < 2 * (int64_t)(bits ? bits : 8);
}

/* Every device runs the SPMD program's collectives alike: a device that
 * ran one a different number of times than device 0 is named, else false
 * with the common count in *runs. */
static bool devices_disagree(checker *k, const done *row, int64_t *runs, sharc_buf *msg) {
  unsigned nd = k->counts->num_devices;
  *runs = nd ? row[0].runs : 0;
  for (unsigned d = 1; d < nd; d++) {
    if (row[d].runs == *runs)
      continue;
    sharc_buf_printf(msg, " ran %lld times on device 0 and %lld times on device %u",
                     (long long)*runs, (long long)row[d].runs, d);
    mismatch(k, msg->data);
    return true;
  }
  return false;
}

/* How often the run must have executed the collective, against the
 * report's `runs`: exactly, unless a loop's trip count is unknown (any
 * number, none included) or a branch may skip it (at most that often). */
static bool runs_disagree(checker *k, const sharc_figure_collective *c, int64_t runs,
                          sharc_buf *msg) {
  if (c->executions < 0 || runs == c->executions)
    return false;
  if (c->in_branch && runs < c->executions)
    return false;
  if (!runs && (moves_nothing(c->kind) || c->bytes_moved == 0))
    return false; /* nothing between devices: no device op need realise it */
  if (!runs)
    sharc_buf_printf(msg, " (%lld B per device, %lld runs) was not run by the partitioned "
                          "program",
                     (long long)c->bytes_moved, (long long)c->executions);
  else
    sharc_buf_printf(msg, " runs %lld times, every device ran it %lld times",
                     (long long)c->executions, (long long)runs);
  mismatch(k, msg->data);
  return true;
}

static void check_collective(checker *k, unsigned i, const done *row, sharc_buf *msg) {
  const sharc_figure_collective *c = &k->f->collectives[i];
  unsigned nd = k->counts->num_devices;
  const done *any = NULL;
  int64_t most = 0, runs;
  for (unsigned d = 0; d < nd; d++) {
    if (row[d].op)
      any = &row[d];
    if (row[d].received > most)
      most = row[d].received;
  }
  msg->len = 0;
  sharc_buf_printf(msg, "the report's %s %s", c->kind, c->value);
  size_t head = msg->len;
  if (devices_disagree(k, row, &runs, msg) || runs_disagree(k, c, runs, msg) || !any)
    return;
  const char *want = realised_as(c->kind);
  if (!want || strcmp(want, short_name(any->op)) != 0) {
    sharc_buf_printf(msg, " ran as a %s", short_name(any->op));
    mismatch(k, msg->data);
    return;
  }
  if (c->bytes_moved < 0)
    return;
  bool permute = strcmp(c->kind, "collective_permute") == 0;
  for (unsigned d = 0; d < nd; d++) {
    const done *x = &row[d];
    int64_t per_run = x->runs ? x->received / x->runs : 0;
    int64_t got = permute ? (x->runs ? most / x->runs : 0) : per_run;
    if (!same_bytes(got, c->bytes_moved, op_element_bits(x->op))) {
      msg->len = head;
      sharc_buf_printf(msg, " moves %lld B into each device per run, device %u received "
                            "%lld B per run",
                       (long long)c->bytes_moved, permute ? 0u : d, (long long)got);
      mismatch(k, msg->data);
      return;
    }
    if (permute)
      return;
  }
}

static unsigned check_collectives(checker *k, sharc_buf *msg) {
  done *t = tally(k, msg);
  unsigned nd = k->counts->num_devices;
  for (unsigned i = 0; i < k->f->num_collectives; i++)
    check_collective(k, i, t + (size_t)i * nd, msg);
  free(t);
  return k->f->num_collectives;
}

/* ---- values ---------------------------------------------------------------------------- */

static int64_t tensor_bytes(const sharc_tensor *t, unsigned bits) {
  return t && t->kind == SHARC_IV_TENSOR ? bytes_of(t->n, bits) : -1;
}

static void check_value_bytes(checker *k, const sharc_partition_value *v,
                              const sharc_figure_value *g, sharc_tensor *const *held,
                              unsigned stride, unsigned offset, int64_t *sums, sharc_buf *msg) {
  for (unsigned d = 0; d < k->counts->num_devices; d++) {
    int64_t b = tensor_bytes(held[(size_t)d * stride + offset], g->element_bits);
    if (b < 0)
      continue;
    sums[d] += b;
    if (g->bytes_per_device < 0 || b == g->bytes_per_device)
      continue;
    msg->len = 0;
    sharc_buf_printf(msg, "the report says each device holds %lld B of %s, device %u holds "
                          "%lld B",
                     (long long)g->bytes_per_device, v->name, d, (long long)b);
    mismatch(k, msg->data);
    return;
  }
}

static void check_show(checker *k, const sharc_partition_value *v, const sharc_figure_value *g,
                       sharc_buf *msg) {
  if (!g->show_lo || !v->sharding)
    return;
  unsigned rank = g->rank;
  sharc_report_block blk = sharc_report_block_alloc(rank);
  for (unsigned d = 0; d < k->counts->num_devices; d++) {
    if (!sharc_partition_block(v, d, blk.off, blk.size, blk.local))
      continue;
    for (unsigned r = 0; r < rank; r++) {
      int64_t lo = g->show_lo[(size_t)d * rank + r], hi = g->show_hi[(size_t)d * rank + r];
      if (lo == blk.off[r] && hi == blk.off[r] + blk.size[r])
        continue;
      msg->len = 0;
      sharc_buf_printf(msg, "sharc show draws device %u's block of %s as [%lld:%lld] along "
                            "dimension %u, the device holds [%lld:%lld]",
                       d, v->name, (long long)lo, (long long)hi, r, (long long)blk.off[r],
                       (long long)(blk.off[r] + blk.size[r]));
      mismatch(k, msg->data);
      free(blk.off);
      return;
    }
  }
  free(blk.off);
}

static void check_peak(checker *k, const char *what, const sharc_report_bytes *b,
                       const int64_t *sums, sharc_buf *msg) {
  if (b->unknown || !b->count)
    return;
  int64_t most = 0;
  unsigned at = 0;
  for (unsigned d = 0; d < k->counts->num_devices; d++)
    if (sums[d] > most) {
      most = sums[d];
      at = d;
    }
  if (most == b->per_device_peak)
    return;
  msg->len = 0;
  sharc_buf_printf(msg, "the report's per-device peak of the %s is %lld B, device %u holds "
                        "%lld B of them",
                   what, (long long)b->per_device_peak, at, (long long)most);
  mismatch(k, msg->data);
}

static void check_values(checker *k, const sharc_partition *p, sharc_tensor *const *args,
                         unsigned na, sharc_tensor *const *results, unsigned nr,
                         sharc_buf *msg) {
  unsigned nd = k->counts->num_devices;
  int64_t *sums = sharc_xcalloc(2 * (size_t)nd + 1, sizeof *sums);
  for (unsigned i = 0; i < k->f->num_values && i < na + nr; i++) {
    const sharc_partition_value *v = sharc_partition_value_at(p, i);
    const sharc_figure_value *g = &k->f->values[i];
    if (!g->listed)
      continue;
    if (v->is_result)
      check_value_bytes(k, v, g, results, nr, v->index, sums + nd, msg);
    else
      check_value_bytes(k, v, g, args, na, v->index, sums, msg);
    check_show(k, v, g, msg);
  }
  check_peak(k, "arguments", &k->f->arguments, sums, msg);
  check_peak(k, "results", &k->f->results, sums + nd, msg);
  free(sums);
}

static int64_t total_received(const sharc_verify_counts *c, unsigned *ops) {
  int64_t most = 0;
  *ops = 0;
  for (unsigned d = 0; d < c->num_devices; d++) {
    int64_t sum = 0;
    const sharc_count_vec *v = &c->per_device[d];
    for (unsigned i = 0; i < v->len; i++)
      sum += bytes_of(v->items[i].received_elements, op_element_bits(v->items[i].op));
    if (v->len > *ops)
      *ops = v->len;
    if (sum > most)
      most = sum;
  }
  return most;
}

bool sharc_verify_figures(const sharc_partition *p, const sharc_verify_counts *counts,
                          sharc_tensor *const *args, unsigned num_args,
                          sharc_tensor *const *results, unsigned num_results, bool json,
                          sharc_buf *out) {
  const sharc_partition_figures *f = sharc_partition_figures_of(p);
  if (!f)
    return true;
  checker k = {f, counts, json, out, 0};
  sharc_buf msg = {0};
  if (json)
    SHARC_BUF_LIT(out, ",\n \"figures\": {\"mismatches\": [");
  unsigned listed = check_collectives(&k, &msg);
  check_values(&k, p, args, num_args, results, num_results, &msg);
  sharc_buf_free(&msg);
  unsigned ops;
  int64_t most = total_received(counts, &ops);
  if (json) {
    sharc_buf_printf(out, "], \"collectives\": %u, \"runs_per_device\": %u, "
                          "\"bytes_received_per_device_max\": %lld, \"agree\": %s}",
                     listed, ops, (long long)most, k.mismatches ? "false" : "true");
    return k.mismatches == 0;
  }
  if (k.mismatches > MAX_LISTED)
    sharc_buf_printf(out, "mismatch: ... and %u more\n", k.mismatches - MAX_LISTED);
  sharc_buf_printf(out, "figures: %u collectives of the report, %u collective runs per device "
                        "(at most %lld B received by a device); %s\n",
                   listed, ops, (long long)most,
                   k.mismatches ? "the report's figures disagree with the run"
                                : "the report's collectives, runs, bytes moved, bytes per "
                                  "device, argument and result peaks and show's blocks agree "
                                  "with the run");
  return k.mismatches == 0;
}

/* What the report says of a partitioned program, kept for `sharc verify`
 * to hold against what the devices did when it ran: the report's
 * collectives (made on the partitioner's module with global shapes, after
 * -sdy-reshard-to-collectives) and which ops of the per-device program
 * realise each, the bytes per device of every argument and result, the
 * summary's per-device peaks, and the block `sharc show` draws for each
 * device (docs/cli.md, "Where the figures come from"). */
#ifndef SHARC_REPORT_PARTITION_FIGURES_H
#define SHARC_REPORT_PARTITION_FIGURES_H

#include "report/report_internal.h"

#include "sharc/interpret.h"
#include "sharc/partition.h"

typedef struct sharc_figure_collective {
  const char *kind;     /* the report's: "all_gather", "collective_permute", ... */
  const char *value;    /* its result as the report names it: "%12" */
  const char *location; /* "file:line:col" or "" */
  int64_t bytes_moved;  /* per device and execution; -1 unknown */
  int64_t executions;   /* -1: in a loop of unknown trip count */
  bool in_branch;       /* inside a stablehlo.if or case: runs at most `executions` times */
} sharc_figure_collective;

typedef struct sharc_figure_value {
  bool listed;              /* the report lists the value */
  int64_t bytes_per_device; /* -1 unknown */
  unsigned rank;
  unsigned element_bits;
  int64_t *show_lo, *show_hi; /* [device * rank + d]; NULL when show draws no grid */
} sharc_figure_value;

typedef struct sharc_partition_figures {
  sharc_context *ctx;
  unsigned num_devices;
  unsigned num_collectives;
  sharc_figure_collective *collectives;
  sharc_ptrmap origin; /* op of the per-device program -> index + 1 of its collective */
  unsigned num_values; /* arguments, then results */
  sharc_figure_value *values;
  sharc_report_bytes arguments, results; /* the summary's */
} sharc_partition_figures;

/* Records report `r`'s figures for the entry function's `num_args`
 * arguments and `num_values - num_args` results, and marks each listed
 * collective's op so that the ops the partitioner makes of it can be
 * found (sharc_partition_figures_trace). */
void sharc_partition_figures_record(sharc_partition_figures *f, sharc_arena *arena,
                                    const sharc_report *r, sharc_op *func, unsigned num_args,
                                    unsigned num_values, unsigned num_devices);
/* After the partitioner: maps each op made from a marked collective to it
 * and gives every op its location back, so the program prints as before. */
void sharc_partition_figures_trace(sharc_partition_figures *f, sharc_op *module);
void sharc_partition_figures_free(sharc_partition_figures *f);

const sharc_partition_figures *sharc_partition_figures_of(const sharc_partition *p);

/* ---- the counts of a run (verify_figures.c) ---------------------------------------- */

typedef SHARC_VEC(sharc_collective_count) sharc_count_vec;

/* One vector per device, each appended to by its own device's thread only. */
typedef struct sharc_verify_counts {
  unsigned num_devices;
  sharc_count_vec *per_device;
} sharc_verify_counts;

void sharc_verify_counts_init(sharc_verify_counts *c, unsigned num_devices);
void sharc_verify_counts_free(sharc_verify_counts *c);
/* The sharc_interpret_options.on_collective that fills a sharc_verify_counts. */
void sharc_verify_count(const sharc_collective_count *c, void *user);

/* Holds every figure of `f` against the run: appends a line per
 * disagreement (`mismatch: ...`, or JSON strings when `json`) and a summary
 * line; false when any disagrees. `args` and `results`: each device's, one
 * device after the other. */
bool sharc_verify_figures(const sharc_partition *p, const sharc_verify_counts *counts,
                          sharc_tensor *const *args, unsigned num_args,
                          sharc_tensor *const *results, unsigned num_results, bool json,
                          sharc_buf *out);

#endif

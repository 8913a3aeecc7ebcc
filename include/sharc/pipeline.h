/* What an MPMD pipeline does on each mesh: Shardy's MPMD flow (import,
 * scheduling, sharding propagation) run on a program, then the scheduled
 * program read back as ordered fragments and transfers, a simulated
 * timeline from a cost model, and the per-device memory of live tensors
 * at each step. `sharc pipeline` prints it; docs/cli.md explains the
 * figures and the cost model. */
#ifndef SHARC_PIPELINE_H
#define SHARC_PIPELINE_H

#include "sharc/ir.h"
#include "sharc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cost model's constants (every one a `sharc pipeline` flag). A
 * fragment takes flops / device_flops + bytes / memory_bandwidth +
 * fragment_overhead seconds, its work split evenly over its mesh's
 * devices; a transfer takes link_latency + bytes per device /
 * link_bandwidth (INFINITY: free). */
typedef struct sharc_pipeline_cost_model {
  double device_flops;      /* FLOP/s of one device */
  double memory_bandwidth;  /* bytes/s of one device's memory */
  double link_bandwidth;    /* bytes/s into one device from another mesh */
  double link_latency;      /* seconds per transfer */
  double fragment_overhead; /* seconds per fragment */
} sharc_pipeline_cost_model;

typedef struct sharc_pipeline_options {
  const char *schedule;   /* one of Shardy's schedules (any case); NULL: 1F1B */
  int microbatches;       /* > 0: run the program's body this many times (mpmd.call
                           * with call_counter 0..N-1); 0: as the program is */
  const char *assignment; /* name-to-mesh-assignment (`f@m`, `f@m/stage`), NULL: none */
  sharc_pipeline_cost_model cost;
} sharc_pipeline_options;

SHARC_API sharc_pipeline_options sharc_pipeline_options_default(void);

/* Shardy's schedules, as Shardy spells them. */
SHARC_API unsigned sharc_pipeline_num_schedules(void);
SHARC_API const char *sharc_pipeline_schedule_name(unsigned i);
/* The schedule's index, NULL (1F1B) included; -1 when no schedule has that name. */
SHARC_API int sharc_pipeline_find_schedule(const char *name);

/* Brings a program of named computations (JAX's MPMD export) to mesh
 * fragments: the microbatch calls when asked, then Shardy's import
 * pipeline. A module whose entry function already holds fragments is left
 * as it is. False after diagnostics went to the module's context. */
SHARC_API bool sharc_pipeline_import(sharc_op *module, const sharc_pipeline_options *o);
/* Schedules an imported module (Shardy's pipeline scheduler with
 * `o->schedule`, the stage-merging check; for the ZeroBubble schedules the
 * backward fragments split first, -mpmd-split-bwd-fragments) and
 * propagates its shardings (-mpmd-sharding-propagation-pipeline). */
SHARC_API bool sharc_pipeline_schedule(sharc_op *module, const sharc_pipeline_options *o);

typedef enum sharc_pipeline_kind {
  SHARC_PIPELINE_FORWARD,
  SHARC_PIPELINE_BACKWARD,
  SHARC_PIPELINE_OTHER /* no single transpose count: inferred, or mixed */
} sharc_pipeline_kind;

typedef struct sharc_pipeline_fragment {
  const char *name;   /* its origins ("stage1", "stage1(1)", "a+b"), or "inferred" */
  unsigned mesh;      /* index into the meshes */
  int64_t stage;      /* -1: none */
  int64_t microbatch; /* the call counter; -1: none */
  sharc_pipeline_kind kind;
  double flops, bytes;     /* per device */
  double start, end;       /* seconds */
  int64_t live_bytes;      /* per device on its mesh while it runs */
  unsigned live_microbatches; /* microbatches with forward results still live then */
} sharc_pipeline_fragment;

typedef struct sharc_pipeline_transfer {
  unsigned from, to;           /* meshes */
  int from_fragment;           /* the fragment producing it, -1: an argument */
  int64_t bytes;               /* the whole tensor */
  int64_t bytes_per_device;    /* the shard a device receives */
  double start, end;
} sharc_pipeline_transfer;

typedef struct sharc_pipeline_mesh {
  const char *name;
  int64_t devices;
  unsigned fragments;       /* how many run on it */
  double busy, bubble;      /* seconds busy; 1 - busy / makespan */
  int64_t peak_bytes;       /* per device: the most live bytes at any step */
  int64_t peak_parameter_bytes, peak_activation_bytes, peak_transfer_bytes; /* at that step */
  unsigned peak_microbatches; /* the most microbatches with live forward results */
} sharc_pipeline_mesh;

typedef struct sharc_pipeline_sim {
  const char *schedule;
  double makespan;
  unsigned num_meshes, num_fragments, num_transfers;
  int64_t microbatches, stages; /* distinct call counters and stages seen */
  sharc_pipeline_mesh *meshes;
  sharc_pipeline_fragment *fragments; /* in program order */
  sharc_pipeline_transfer *transfers; /* in program order */
  sharc_pipeline_cost_model cost;
  void *arena; /* owns the names */
} sharc_pipeline_sim;

/* Reads a scheduled module's entry function and simulates it. NULL, with a
 * located error in the context, when the module has no MPMD entry function
 * with a topology. */
SHARC_API sharc_pipeline_sim *sharc_pipeline_simulate(sharc_op *module, const char *schedule,
                                                      const sharc_pipeline_cost_model *cost);
SHARC_API void sharc_pipeline_sim_destroy(sharc_pipeline_sim *s);

/* The bubble fraction over all meshes: 1 - sum(busy) / (meshes * makespan). */
SHARC_API double sharc_pipeline_sim_bubble(const sharc_pipeline_sim *s);
/* The largest per-device peak over the meshes. */
SHARC_API int64_t sharc_pipeline_sim_peak_bytes(const sharc_pipeline_sim *s);

/* The report: a summary table and a terminal Gantt chart of `width`
 * columns (ANSI colours by stage when `color`), JSON, or an SVG picture. */
SHARC_API void sharc_pipeline_write_text(const sharc_pipeline_sim *s, unsigned width, bool color,
                                         sharc_buf *out);
SHARC_API void sharc_pipeline_write_json(const sharc_pipeline_sim *s, const char *file,
                                         sharc_buf *out);
SHARC_API void sharc_pipeline_write_svg(const sharc_pipeline_sim *s, sharc_buf *out);
/* --compare: one row (or JSON object) per schedule; a NULL entry is a
 * schedule that did not apply, with its reason in `errors[i]`. */
SHARC_API void sharc_pipeline_write_compare(const sharc_pipeline_sim *const *sims,
                                            const char *const *names, const char *const *errors,
                                            unsigned n, bool json, const char *file,
                                            sharc_buf *out);

#ifdef __cplusplus
}
#endif
#endif

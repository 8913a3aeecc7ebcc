/* `sharc auto` as a library: choose the shardings of a module's entry
 * function arguments for the lowest estimated step time within a
 * per-device memory limit, write them into the module, and say why.
 *
 *   sharc_auto_options o = sharc_auto_options_default();
 *   o.mesh = "data=4,model=2";
 *   o.memory_limit = 64 << 20;
 *   sharc_auto_result *r = sharc_auto_run(module, &o);  // module rewritten in place
 *   sharc_auto_write(r, "model.mlir", &out);                  // the explanation
 *   sharc_auto_result_destroy(r);
 *
 * The cost model and the search are described in docs/auto.md: every
 * constant of the model is a field here and a flag of the command. */
#ifndef SHARC_AUTO_H
#define SHARC_AUTO_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_auto_options {
  /* "data=4,model=2": the mesh to shard over (replaces the module's one
   * mesh, or adds `sdy.mesh @mesh`); NULL: the module's mesh. */
  const char *mesh;
  /* Per-device bytes the live tensors may take at their peak; 0: none. */
  int64_t memory_limit;
  /* Keep the user's argument and result shardings and constraints (and
   * choose only for the arguments without one); by default they are
   * dropped and every argument is chosen. */
  bool keep_user_shardings;
  /* Only estimate the module's own shardings: no search. */
  bool estimate_only;
  /* CPU seconds the search may take (it stops with the best found);
   * 0: no limit. */
  double budget_seconds;
  /* Seeds the local search's order and moves; the same seed, the same answer. */
  uint64_t seed;
  /* The machine, per device: FLOP/s of dots and convolutions; bytes/s of
   * memory traffic of every other op. */
  double flop_rate, memory_bandwidth;
  /* Per mesh axis: "data=25e9,model=300e9" (bytes/s a device sends and
   * receives along the axis) and "data=10e-6" (seconds a collective along
   * it takes to start); an axis not named gets the default. */
  const char *bandwidths, *latencies;
  double default_bandwidth, default_latency;
} sharc_auto_options;

SHARC_API sharc_auto_options sharc_auto_options_default(void);

typedef struct sharc_auto_result sharc_auto_result;

/* Chooses and writes the shardings into `module` (verified, no mesh or an
 * sdy mesh). NULL after a problem: a diagnostic went to the module's
 * context, located at what is wrong (an option the module cannot take, a
 * bad mesh, a memory limit nothing fits: at the module); the module may
 * then have been changed. */
SHARC_API sharc_auto_result *sharc_auto_run(sharc_op *module, const sharc_auto_options *options);
SHARC_API void sharc_auto_result_destroy(sharc_auto_result *r);
/* The estimated step time of the chosen shardings, in seconds, and the
 * per-device peak of live tensors, in bytes. */
SHARC_API double sharc_auto_step_time(const sharc_auto_result *r);
SHARC_API int64_t sharc_auto_peak_memory(const sharc_auto_result *r);
/* Appends the explanation (`json`: as a JSON object): the chosen
 * PartitionSpec per argument, the time split into compute, each kind of
 * collective and memory headroom, and the two best rejected alternatives
 * with why they lost. */
SHARC_API void sharc_auto_write(const sharc_auto_result *r, bool json, const char *title,
                                sharc_buf *out);

#ifdef __cplusplus
}
#endif
#endif

/* `sharc partition` and `sharc verify` as a library: turn a sharded module
 * into the program each device runs (Shardy's propagation, explicit
 * reshards and collectives, then the SPMD partitioner), say which block of
 * every argument and result each device holds, and prove the partitioned
 * program equal to the global one by running both in the interpreter.
 *
 *   sharc_partition_options o = sharc_partition_options_default();
 *   sharc_partition *p = sharc_partition_module(module, &o);  // module is now per-device
 *   ...
 *   sharc_verify_options v = sharc_verify_options_default();
 *   int rc = sharc_verify_module(module, &v, &out);          // module is left as it was
 *
 * Devices are numbered as the partitioned program's partition ids (or
 * replica ids with replica_count > 1): device d holds the block of the mesh
 * position whose device id is d (dialect/sdy/device_block.h). */
#ifndef SHARC_PARTITION_H
#define SHARC_PARTITION_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_partition_options {
  /* Devices the program runs on, as replicas x partitions; 0: the devices of
   * the largest mesh as partitions (and one replica). One of them must be 1. */
  int64_t replica_count, partition_count;
  /* Windowed ops on sharded dimensions exchange halos between neighbours
   * (sdy-resolve-permutation-factors' enable-halo-exchange); off by default:
   * their operands are resharded whole along those dimensions. */
  bool halo_exchange;
  /* Keep one all-gather per dimension (convert-global-to-local's
   * per-dim-all-gather). */
  bool per_dim_all_gather;
  /* Keep the report's figures (collectives and the ops that realise them,
   * bytes per device, show's blocks) for `sharc verify` to check against a
   * run; the program is the same either way. */
  bool record_figures;
} sharc_partition_options;

SHARC_API sharc_partition_options sharc_partition_options_default(void);

typedef struct sharc_partition sharc_partition;

/* One argument or result of the entry function and where it lives. */
typedef struct sharc_partition_value {
  bool is_result;
  unsigned index;
  const char *name;         /* "%arg0", "result0" */
  sharc_type *global_type;  /* before partitioning */
  sharc_type *local_type;   /* what each device's program takes or returns */
  const sharc_attr *sharding; /* NULL: replicated */
  const sharc_attr *mesh;     /* NULL without a sharding */
  const char *spec;         /* "P('x', None)" */
} sharc_partition_value;

/* Partitions `module` in place (the per-device SPMD program); NULL after
 * located diagnostics through the module's context. */
SHARC_API sharc_partition *sharc_partition_module(sharc_op *module,
                                                  const sharc_partition_options *options);
SHARC_API void sharc_partition_destroy(sharc_partition *p);
SHARC_API unsigned sharc_partition_num_devices(const sharc_partition *p);
SHARC_API int64_t sharc_partition_replica_count(const sharc_partition *p);
SHARC_API int64_t sharc_partition_partition_count(const sharc_partition *p);
/* The entry function's arguments, then its results. */
SHARC_API unsigned sharc_partition_num_values(const sharc_partition *p);
SHARC_API const sharc_partition_value *sharc_partition_value_at(const sharc_partition *p,
                                                                unsigned i);
/* Whether a collective of the partitioned program reduces floating-point
 * values (all_reduce, reduce_scatter): sums may then be reordered. */
SHARC_API bool sharc_partition_reduces_floats(const sharc_partition *p);
/* When the program holds a pattern Shardy's partitioner computes
 * differently from the global program (and sharc with it, byte for byte),
 * a sentence naming it; NULL otherwise. */
SHARC_API const char *sharc_partition_shardy_limitation(const sharc_partition *p);
/* The block of value `v` device `device` holds: per dimension its first
 * index, the elements it holds and its local (padded) size. False when the
 * device is not in the value's mesh. */
SHARC_API bool sharc_partition_block(const sharc_partition_value *v, int64_t device,
                                     int64_t *offsets, int64_t *sizes, int64_t *local);
/* Whether the report (sharc_report_create on the module with global shapes
 * and collectives) agrees with the partitioned program on value `i`: the
 * same sharding and, per dimension, the size of the local tensor. When not,
 * why is appended to `why`. */
SHARC_API bool sharc_partition_report_agrees(const sharc_partition *p, unsigned i, sharc_buf *why);
/* Appends the table (or, when `json`, a JSON object) of each argument's and
 * result's sharding, global and local types and every device's block. */
SHARC_API void sharc_partition_write(const sharc_partition *p, bool json, const char *title,
                                     sharc_buf *out);

typedef struct sharc_verify_options {
  uint64_t seed;
  /* MLIR dense literals, one per argument and line (NULL: seeded random). */
  const char *inputs_text;
  size_t inputs_len;
  const char *inputs_name;
  /* Tolerance for floats when collectives reduce them; < 0: by element
   * type. |partitioned - global| <= atol + rtol * max |global| of the value. */
  double rtol, atol;
  bool json;
  sharc_partition_options partition;
} sharc_verify_options;

SHARC_API sharc_verify_options sharc_verify_options_default(void);

/* Runs `module` (a sharded global program) as it is and partitioned, on the
 * same inputs, and compares every device's block of every result with the
 * global result, and the report's shards with the partitioned program's.
 * Appends the verdict to `out`. Returns 0 when all agree, 1 on a mismatch
 * (named in `out`), 2 when a program could not be partitioned or run
 * (located diagnostics through the module's context). `module` is not
 * changed. */
SHARC_API int sharc_verify_module(sharc_op *module, const sharc_verify_options *options,
                                  const char *title, sharc_buf *out);

#ifdef __cplusplus
}
#endif
#endif

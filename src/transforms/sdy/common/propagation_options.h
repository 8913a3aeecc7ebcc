/* Shardy's PropagationOptions: what the propagation, import and export
 * pipelines are configured with. Start from sharc_sdy_propagation_options_default. */
#ifndef SHARC_TRANSFORMS_SDY_COMMON_PROPAGATION_OPTIONS_H
#define SHARC_TRANSFORMS_SDY_COMMON_PROPAGATION_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct sharc_sdy_propagation_options {
  int64_t replica_count;   /* data-parallel replicas: 1 */
  int64_t partition_count; /* model-parallel partitions: 1 */
  bool keep_sharding_rules;
  const char *dump_directory; /* "": no dumps */
  bool conservative_propagation;
  bool debug_sharding_origins;
  bool debug_propagation_edge_sharding;
  bool avoid_export_for_partitioning;
  bool enable_insert_explicit_collectives;
  bool remove_all_gather_reduce_scatter_for_cmv1;
  bool enable_auto_partitioning;
  bool avoid_reshards_on_named_computations;
  bool dedup_functions_fully;
  bool update_non_divisible_input_output_shardings; /* true */
  bool enable_native_non_flat_support;
  bool enable_explicit_gather_scatter_batching;
  bool clear_reverse_op_sharding;
  bool inline_meshes; /* true */
  bool enable_per_instruction_partitioning;
  const char *per_instruction_partitioning_filter; /* "" */
  /* sharc's own, no flag: with the debug options on, leave the sunk
   * sharding origins and propagation edges in the module (the export
   * otherwise ends by removing them) for a caller that reads them, such as
   * `sharc explain` */
  bool keep_propagation_debug_info;
} sharc_sdy_propagation_options;

/* Shardy's defaults. */
static inline sharc_sdy_propagation_options sharc_sdy_propagation_options_default(void) {
  sharc_sdy_propagation_options o = {0};
  o.replica_count = 1;
  o.partition_count = 1;
  o.dump_directory = "";
  o.update_non_divisible_input_output_shardings = true;
  o.inline_meshes = true;
  o.per_instruction_partitioning_filter = "";
  return o;
}

/* The option text that turns on the two debugging flags of a pass, spelled
 * `debug-sharding-origins` and `debug-propagation-edge-sharding` (with
 * `sink-` before each for -sdy-sink-data-flow-edges when `sink`): NULL when
 * neither is on. The pipelines pass it on from the propagation options. */
const char *sharc_sdy_debug_options_text(bool sink, bool origins, bool edges);

#endif

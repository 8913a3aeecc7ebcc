/* StableHLO's own passes that Shardy's MPMD import pipeline adds; mpmd_opt
 * does not register them as flags, so they are not in the registry. */
#ifndef SHARC_TRANSFORMS_STABLEHLO_STABLEHLO_PASSES_H
#define SHARC_TRANSFORMS_STABLEHLO_STABLEHLO_PASSES_H

#include "sharc/pass.h"
#include "sharc/rewrite.h"

extern const sharc_pass_def sharc_pass_chlo_legalize_to_stablehlo;
extern const sharc_pass_def sharc_pass_stablehlo_target_independent_optimization;
extern const sharc_pass_def sharc_pass_stablehlo_aggressive_folder;
extern const sharc_pass_def sharc_pass_stablehlo_aggressive_simplification;

/* StablehloTargetIndependentOptimizationPassOptions. */
typedef struct sharc_stablehlo_tio_options {
  bool assume_no_undeclared_side_effects;
  int64_t fold_op_element_limit;
  bool optimize_float;
  /* Not an option: the GreedyRewriteConfig a pipeline creates the pass
   * with (NULL: MLIR's defaults). */
  const sharc_greedy_config *greedy;
} sharc_stablehlo_tio_options;

#endif

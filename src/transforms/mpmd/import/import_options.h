/* The options structs of the MPMD import passes that the pipelines fill in
 * (sharc_pm_add_def), one per pass, laid out as each pass's option table
 * reads them. */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_IMPORT_OPTIONS_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_IMPORT_OPTIONS_H

#include "transforms/mpmd/import/mesh_assignment_map.h"

/* -mpmd-inline-nested-user-exposed-ops, -mpmd-map-named-ops-to-mpmd-ops */
typedef struct sharc_mpmd_assignment_options {
  sharc_mpmd_user_assignment assignment;
} sharc_mpmd_assignment_options;

/* -mpmd-map-input-output-to-mesh */
typedef struct sharc_mpmd_map_io_options {
  sharc_mpmd_indexed_assignment input_assignment;
  sharc_mpmd_indexed_assignment output_assignment;
} sharc_mpmd_map_io_options;

/* -mpmd-enforce-input-output-equisharding */
typedef struct sharc_mpmd_equisharding_options {
  sharc_mpmd_io_constraints constraints;
} sharc_mpmd_equisharding_options;

/* -mpmd-infer-mesh-assign-using-input-output-constraints */
typedef struct sharc_mpmd_io_constraints_options {
  bool verbose_logging;
  sharc_mpmd_io_constraints constraints;
} sharc_mpmd_io_constraints_options;

/* -mpmd-infer-mesh-convert-reduce-ops */
typedef struct sharc_mpmd_convert_reduce_options {
  bool infer_cross_mesh_reductions;
} sharc_mpmd_convert_reduce_options;

/* -mpmd-infer-mesh-validate-src-set-not-empty,
 * -mpmd-infer-mesh-validate-no-additional-transfers-needed */
typedef struct sharc_mpmd_error_limit_options {
  int error_limit;
} sharc_mpmd_error_limit_options;

/* -mpmd-infer-mesh-assign-mesh-func-leaves */
typedef struct sharc_mpmd_func_leaves_options {
  bool infer_transfers;
  int error_limit;
} sharc_mpmd_func_leaves_options;

/* -mpmd-infer-mesh-rewrite-using-analysis */
typedef struct sharc_mpmd_rewrite_options {
  int max_clones;
} sharc_mpmd_rewrite_options;

/* -mpmd-infer-mesh-finalize */
typedef struct sharc_mpmd_finalize_options {
  bool infer_transfers;
} sharc_mpmd_finalize_options;

#endif

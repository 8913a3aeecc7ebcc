/* The options of the MPMD export passes, shared by each pass and by the
 * export pipeline that configures them. */
#ifndef SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_PASSES_H
#define SHARC_TRANSFORMS_MPMD_EXPORT_EXPORT_PASSES_H

#include <stdbool.h>

typedef struct sharc_mpmd_lower_options {
  bool verbose_logging;
} sharc_mpmd_lower_options;

typedef struct sharc_mpmd_backward_deps_options {
  bool fail_on_backward_deps;
} sharc_mpmd_backward_deps_options;

typedef struct sharc_mpmd_no_inferred_options {
  bool fail_on_inferred_fragments;
} sharc_mpmd_no_inferred_options;

typedef struct sharc_mpmd_param_transfers_options {
  bool fail_on_param_transfers;
  const char *param_pattern;
} sharc_mpmd_param_transfers_options;

typedef struct sharc_mpmd_no_reshards_options {
  bool fail_on_reshard_only_fragments;
} sharc_mpmd_no_reshards_options;

#endif

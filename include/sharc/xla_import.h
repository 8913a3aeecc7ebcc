/* Bringing in a module whose shardings are in one of XLA's forms, as
 * `sharc` does before it reads one: GSPMD HloSharding strings
 * (`mhlo.sharding = "{devices=[4,2]<=[8]}"`, `@Sharding`,
 * `@SPMDFullToShardShape` / `@SPMDShardToFullShape` custom calls: what
 * PyTorch/XLA, TensorFlow and older JAX write) go through XLA's
 * -xla-sdy-stablehlo-import-pipeline; XLA's round-trip form
 * (`mhlo.frontend_attributes` with `xla.sdy.meshes`, `xla.sdy.sharding`,
 * ... : what a module carries after a trip through XLA), or its
 * HloShardingV3 variant (`mhlo.sharding = "{mesh['x'=4], [{'x'}]}"`),
 * through -xla-sdy-round-trip-import-pipeline.
 *
 *   sharc_xla_sharding_form form;
 *   if (!sharc_xla_import_shardings(module, &form)) ... // diagnostics went to the context
 *   if (form != SHARC_XLA_FORM_NONE)
 *     printf("imported %s\n", sharc_xla_sharding_form_name(form));
 *
 * A module that already has an sdy.mesh (Shardy's own form) or is an MPMD
 * program (a function with an mpmd topology) is left alone. */
#ifndef SHARC_XLA_IMPORT_H
#define SHARC_XLA_IMPORT_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sharc_xla_sharding_form {
  SHARC_XLA_FORM_NONE,          /* nothing to import */
  SHARC_XLA_FORM_ROUND_TRIP,    /* xla.sdy.* frontend attributes or custom calls */
  SHARC_XLA_FORM_ROUND_TRIP_V3, /* mhlo.sharding in the mesh-and-axes form */
  SHARC_XLA_FORM_GSPMD,         /* mhlo.sharding HloSharding strings, GSPMD custom calls */
} sharc_xla_sharding_form;

/* Which form the module's shardings are in (the round trip wins when a
 * module has both, as its export keeps `mhlo.sharding` beside the
 * frontend attributes). */
SHARC_API sharc_xla_sharding_form sharc_xla_sharding_form_of(sharc_op *module);
/* The import pipeline's sdy_opt flag and options for a form (NULL for
 * SHARC_XLA_FORM_NONE), e.g. "xla-sdy-stablehlo-import-pipeline". */
SHARC_API const char *sharc_xla_import_flag(sharc_xla_sharding_form form);
SHARC_API const char *sharc_xla_import_options(sharc_xla_sharding_form form);
/* A few words naming the form, for messages ("GSPMD shardings (mhlo.sharding)"). */
SHARC_API const char *sharc_xla_sharding_form_name(sharc_xla_sharding_form form);
/* Detects the form and runs its import pipeline; `*imported` (may be NULL)
 * gets the form imported (SHARC_XLA_FORM_NONE when there was nothing to
 * do). False after an error, reported to the module's context; the module
 * may then be half imported. */
SHARC_API bool sharc_xla_import_shardings(sharc_op *module, sharc_xla_sharding_form *imported);

#ifdef __cplusplus
}
#endif

#endif

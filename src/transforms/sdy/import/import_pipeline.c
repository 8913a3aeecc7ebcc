/* -sdy-import-pipeline: the import passes that prepare a module for
 * propagation, composed as Shardy's addImportPipeline: symbol DCE, mesh and
 * axis cleanups, call and constant preparation, a dump of the module as it
 * goes into propagation, then data flow edges and (when functions are
 * deduplicated fully) sharding constraints and sharding groups. */
#include "transforms/sdy/import/import_pipeline.h"

#include "pass/pass_registry.h"
#include "transforms/sdy/common/save_module.h"

const sharc_option_def sharc_sdy_dedup_flag_options[1] = {
    SHARC_OPTION(sharc_sdy_dedup_flag, dedup_functions_fully, "dedup-functions-fully",
                 SHARC_OPT_BOOL, "false", "Whether to dedup functions fully."),
};

sharc_sdy_propagation_options sharc_sdy_propagation_options_with_flag(const sharc_sdy_dedup_flag *f) {
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_default();
  o.dedup_functions_fully = f->dedup_functions_fully;
  return o;
}

bool sharc_sdy_add_import_pipeline(sharc_pass_manager *pm, int *dump_index,
                                   const sharc_sdy_propagation_options *o, sharc_buf *err) {
  bool ok = sharc_pm_add(pm, "symbol-dce", NULL, err) &&
            sharc_pm_add(pm, "sdy-lift-inlined-meshes", NULL, err) &&
            sharc_pm_add(pm, "sdy-remove-size-one-axes", NULL, err) &&
            sharc_pm_add(pm, "sdy-propagate-sharding-from-func-to-call", NULL, err) &&
            sharc_pm_add(pm, "sdy-constant-or-scalar-splitter", NULL, err);
  if (ok && o->enable_explicit_gather_scatter_batching)
    ok = sharc_pm_add(sharc_pm_nest(pm, "func.func"), "sdy-explicit-gather-scatter-batching",
                      NULL, err);
  ok = ok && sharc_pm_add(pm, "symbol-dce", NULL, err) &&
       sharc_pm_add(pm, "sdy-manual-axes-cleanup", NULL, err);
  /* the passes so far only tidy the module up; the ones after belong to
   * propagation itself, so the dump shows the module as propagation sees it */
  int index = (*dump_index)++;
  ok = ok && sharc_sdy_add_save_module(pm, o->dump_directory, "before_propagation", &index, err) &&
       sharc_pm_add(pm, "sdy-add-data-flow-edges", NULL, err);
  if (ok && o->dedup_functions_fully) {
    const char *debug = sharc_sdy_debug_options_text(false, o->debug_sharding_origins,
                                                     o->debug_propagation_edge_sharding);
    /* sharding groups come after the constraints, so conflicts between group
     * members that constraints sharded are seen */
    ok = sharc_pm_add(pm, "sdy-apply-sharding-constraints", debug, err) &&
         sharc_pm_add(pm, "sdy-sharding-group-import", NULL, err);
  }
  return ok;
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_with_flag(opts);
  int dump_index = 0;
  return sharc_sdy_add_import_pipeline(pm, &dump_index, &o, err);
}

const sharc_pass_def sharc_pass_sdy_import_pipeline = {
    .flag = "sdy-import-pipeline",
    .display_name = "",
    .summary = "Run a sequence of import passes needed as a pre-processing step for Shardy "
               "propagation",
    .anchor = NULL,
    SHARC_OPTIONS(sharc_sdy_dedup_flag_options),
    .options_size = sizeof(sharc_sdy_dedup_flag),
    .tools = SHARC_TOOL_ANY,
    .build = build,
};

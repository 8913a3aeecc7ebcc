/* The pipeline behind the report: Shardy's propagation pipeline, without
 * the partitioner (avoid-export-for-partitioning) or with it and
 * collectives (enable-insert-explicit-collectives), meshes kept by name.
 *
 * With the debugging information on, Shardy's export ends by removing it;
 * the report must read it first. So that pipeline is composed here from
 * the same pieces (the import and export pipelines, the call graph and
 * propagation passes as addPropagationPipeline adds them), with the data
 * flow edges sunk with their debugging dictionaries ahead of the export
 * and nothing removing them: the module comes out as Shardy's would, the
 * debugging attributes still on it (tests/unit/test_report.c checks both
 * compositions give the same module). */
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/export_pipeline.h"
#include "transforms/sdy/import/import_pipeline.h"
#include "transforms/sdy/propagation/propagation_pipeline.h"
#include "transforms/sdy/propagation/user_priority_propagation.h"

#define DEBUG_CONSTRAINTS "debug-sharding-origins=true debug-propagation-edge-sharding=true"
#define DEBUG_SINK                                                                                 \
  "sink-debug-sharding-origins=true sink-debug-propagation-edge-sharding=true"

static sharc_sdy_propagation_options propagation_options(const sharc_report_options *ro) {
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_default();
  o.inline_meshes = false;
  if (ro->explicit_collectives)
    o.enable_insert_explicit_collectives = true;
  else
    o.avoid_export_for_partitioning = true;
  o.debug_sharding_origins = o.debug_propagation_edge_sharding = ro->debug_origins;
  return o;
}

/* addPropagationPipeline with debugging on, the call graph flattened, and
 * the debugging information kept to the end. */
static bool add_debug_pipeline(sharc_pass_manager *pm, const sharc_sdy_propagation_options *o,
                               sharc_buf *err) {
  int dump_index = 1;
  if (!sharc_sdy_add_import_pipeline(pm, &dump_index, o, err))
    return false;
  bool ok = sharc_pm_add(pm, "sdy-flatten-call-graph", NULL, err) &&
            sharc_pm_add(pm, "symbol-dce", NULL, err) &&
            sharc_pm_add(pm, "sdy-import-func-calls", NULL, err) &&
            sharc_pm_add(pm, "symbol-dce", NULL, err) &&
            sharc_pm_add(pm, "sdy-apply-sharding-constraints", DEBUG_CONSTRAINTS, err) &&
            sharc_pm_add(pm, "sdy-sharding-group-import", NULL, err);
  sharc_user_priority_options up = {0};
  up.propagation.keep_sharding_rules = true;
  up.propagation.module_dump_directory = o->dump_directory;
  up.propagation.conservative_propagation = o->conservative_propagation;
  up.propagation.debug_sharding_origins = true;
  up.propagation.debug_propagation_edge_sharding = true;
  up.propagation_strategy = SHARC_PROPAGATION_STRATEGY_AGGRESSIVE;
  up.run_op_priority_propagation = true;
  up.dump_index = dump_index;
  ok = ok && sharc_pm_add(pm, "sdy-pre-order-funcs", NULL, err) &&
       sharc_pm_add_def(pm, &sharc_pass_sdy_user_priority_propagate, &up, err) &&
       sharc_pm_add(pm, "sdy-export-named-computations", NULL, err) &&
       sharc_pm_add(pm, "sdy-propagate-to-func-results", NULL, err) &&
       sharc_pm_add(pm, "sdy-unflatten-call-graph", NULL, err) &&
       sharc_pm_add(pm, "symbol-dce", NULL, err) &&
       sharc_pm_add(pm, "sdy-insert-func-call-reshards", NULL, err) &&
       /* the export's own sink then finds no edge left */
       sharc_pm_add(sharc_pm_nest(pm, "func.func"), "sdy-sink-data-flow-edges", DEBUG_SINK, err);
  if (!ok)
    return false;
  /* the debugging information stays in the module, not in dumps */
  sharc_sdy_export_options e = sharc_sdy_export_options_for_propagation(o);
  e.dump_sharding_origins = e.dump_propagation_edges = false;
  return sharc_sdy_add_export_pipeline(pm, &dump_index, &e, err);
}

/* Without verification after each pass for the debugging run: Shardy's
 * propagation edges recorded on a data flow edge name the edge's sources
 * as operands, which its verifier rejects (a while loop is enough). */
static sharc_pipeline *new_pipeline(bool verify) {
  sharc_pipeline_flags flags = {0};
  flags.no_verify = !verify;
  flags.tool_mask = SHARC_TOOL_SDY_OPT;
  flags.tool_name = "sharc";
  return sharc_pipeline_create(&flags);
}

/* Runs `pl` (when it was built) on `module`; a build error is reported at
 * the module. */
static bool run_pipeline(sharc_pipeline *pl, bool built, sharc_op *module, sharc_buf *err) {
  bool ok = built;
  if (!ok)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(module), "%s",
               err->data ? err->data : "the pipeline could not be built");
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_diag_flush(sharc_op_context(module));
  sharc_pipeline_destroy(pl);
  sharc_buf_free(err);
  return ok;
}

bool sharc_report_propagate(sharc_op *module, const sharc_report_options *options) {
  sharc_report_options ro = options ? *options : sharc_report_options_default();
  sharc_sdy_propagation_options o = propagation_options(&ro);
  sharc_pipeline *pl = new_pipeline(!ro.debug_origins);
  sharc_buf err = {0};
  bool built;
  if (ro.debug_origins) {
    built = add_debug_pipeline(sharc_pipeline_root(pl), &o, &err);
  } else {
    int dump_index = 1;
    built = sharc_sdy_add_propagation_pipeline(sharc_pipeline_root(pl), &dump_index, &o, &err);
  }
  return run_pipeline(pl, built, module, &err);
}

static sharc_walk_result drop_origin_name(sharc_op *op, void *user) {
  (void)user;
  if (sharc_op_attr(op, "sdy.sharding_origin_name"))
    sharc_op_set_attr(op, "sdy.sharding_origin_name", NULL);
  return SHARC_WALK_ADVANCE;
}

void sharc_report_strip_debug_info(sharc_op *module) {
  sharc_pipeline *pl = new_pipeline(false);
  sharc_buf err = {0};
  bool built = sharc_pm_add_def(sharc_pipeline_root(pl),
                                &sharc_pass_sdy_remove_propagation_debug_info, NULL, &err);
  run_pipeline(pl, built, module, &err);
  sharc_walk(module, SHARC_PRE_ORDER, drop_origin_name, NULL);
}

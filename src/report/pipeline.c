/* The pipeline behind the report: Shardy's propagation pipeline, without
 * the partitioner (avoid-export-for-partitioning) or with it and
 * collectives (enable-insert-explicit-collectives), meshes kept by name.
 *
 * With the debugging information on, Shardy's export ends by removing it;
 * the report must read it first, so the same registered pipeline runs with
 * keep_propagation_debug_info: the module comes out as Shardy's would, the
 * sunk debugging attributes still on it (tests/unit/test_report.c checks
 * that, once stripped, it equals Shardy's). */
#include "report/report_internal.h"

#include "pass/pass_registry.h"
#include "transforms/sdy/propagation/propagation_pipeline.h"

static sharc_sdy_propagation_options propagation_options(const sharc_report_options *ro) {
  sharc_sdy_propagation_options o = sharc_sdy_propagation_options_default();
  o.inline_meshes = false;
  if (ro->explicit_collectives)
    o.enable_insert_explicit_collectives = true;
  else
    o.avoid_export_for_partitioning = true;
  o.debug_sharding_origins = o.debug_propagation_edge_sharding = ro->debug_origins;
  o.keep_propagation_debug_info = ro->debug_origins;
  return o;
}

sharc_pipeline *sharc_report_new_pipeline(unsigned tool_mask, bool verify) {
  sharc_pipeline_flags flags = {0};
  flags.no_verify = !verify;
  flags.tool_mask = tool_mask;
  flags.tool_name = "sharc";
  return sharc_pipeline_create(&flags);
}

bool sharc_report_run_pipeline(sharc_pipeline *pl, bool built, sharc_op *module,
                               sharc_attr *loc, sharc_buf *err) {
  bool ok = built;
  if (!ok)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, loc, "%s",
               err->data ? err->data : "the pipeline could not be built");
  ok = ok && sharc_pipeline_run(pl, module);
  sharc_diag_flush(sharc_op_context(module));
  sharc_pipeline_destroy(pl);
  sharc_buf_free(err);
  return ok;
}

/* Without verification after each pass for the debugging run: Shardy's
 * propagation edges recorded on a data flow edge name the edge's sources
 * as operands, which its verifier rejects (a while loop is enough). */
static sharc_pipeline *new_pipeline(bool verify) {
  return sharc_report_new_pipeline(SHARC_TOOL_SDY_OPT, verify);
}

static bool run_pipeline(sharc_pipeline *pl, bool built, sharc_op *module, sharc_buf *err) {
  return sharc_report_run_pipeline(pl, built, module, sharc_op_loc(module), err);
}

static bool propagate(sharc_op *module, const sharc_report_options *options, bool verify) {
  sharc_report_options ro = options ? *options : sharc_report_options_default();
  sharc_sdy_propagation_options o = propagation_options(&ro);
  sharc_pipeline *pl = new_pipeline(verify && !ro.debug_origins);
  sharc_buf err = {0};
  int dump_index = 1;
  bool built = sharc_sdy_add_propagation_pipeline(sharc_pipeline_root(pl), &dump_index, &o, &err);
  return run_pipeline(pl, built, module, &err);
}

bool sharc_report_propagate(sharc_op *module, const sharc_report_options *options) {
  sharc_report_record_user_shardings(module);
  return propagate(module, options, true);
}

bool sharc_report_propagate_quick(sharc_op *module, const sharc_report_options *options) {
  return propagate(module, options, false);
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
  sharc_report_forget_user_shardings(module);
}

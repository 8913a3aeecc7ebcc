/* -mpmd-import-pipeline: a program of named computations becomes fragments
 * on meshes joined by transfers, composed as Shardy's addImportPipeline:
 * StableHLO clean-ups (CHLO lowering, inlining, CSE, canonicalization,
 * target-independent optimization), the topology copied to callees, loops
 * unrolled, named computations simplified and mapped to meshes, transfers
 * introduced, mesh inference, then the common passes that merge, dedup and
 * tidy fragments and prepare scheduling.
 *
 * Passes are added by flag where that is simplest; `-inline`, `-cse` and
 * `-symbol-dce` come from another branch, and until they are registered the
 * pipeline fails to build with "'inline' does not refer to a registered
 * pass". */
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/infer_mesh_pipeline.h"
#include "transforms/stablehlo/stablehlo_passes.h"

typedef struct import_pipeline_options {
  bool enable_heterogeneous_meshes;
  bool merge_after_scheduling;
  sharc_mpmd_user_assignment name_to_mesh_assignment;
} import_pipeline_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(import_pipeline_options, enable_heterogeneous_meshes,
                 "enable-heterogeneous-meshes", SHARC_OPT_BOOL, "false",
                 "Whether to enable heterogeneous meshes."),
    SHARC_OPTION(import_pipeline_options, merge_after_scheduling, "merge-after-scheduling",
                 SHARC_OPT_BOOL, "false",
                 "Whether to merge inferred fragments only after scheduling."),
    SHARC_OPTION_CUSTOM(import_pipeline_options, name_to_mesh_assignment,
                        "name-to-mesh-assignment", sharc_mpmd_parse_user_assignment,
                        "UserAssignmentMapOption", NULL,
                        "Mapping between names (of computations and tensors) and mesh names, and "
                        "optionally stage ids."),
};

static bool add(sharc_pass_manager *pm, const char *flag, const char *opts, sharc_buf *err) {
  return sharc_pm_add(pm, flag, opts, err);
}

static bool add_func(sharc_pass_manager *pm, const char *flag, const char *opts, sharc_buf *err) {
  return sharc_pm_add(sharc_pm_nest(pm, "func.func"), flag, opts, err);
}

static bool add_func_def(sharc_pass_manager *pm, const sharc_pass_def *def, const void *opts,
                         sharc_buf *err) {
  return sharc_pm_add_def(sharc_pm_nest(pm, "func.func"), def, opts, err);
}

/* AddMergeInferredFragmentsPasses. */
static bool add_merge_inferred_fragments(sharc_pass_manager *pm, bool absorb_on_entry_point,
                                         sharc_buf *err) {
  return add_func(pm, "mpmd-absorb-inferred-fragments",
                  absorb_on_entry_point ? "absorb-on-entry-point-function=true" : NULL, err) &&
         add_func(pm, "mpmd-merge-inferred-fragments", "merge-any-consumer=true", err) &&
         add_func(pm, "mpmd-merge-inferred-fragments", "merge-sideways=true", err);
}

static bool build(sharc_pass_manager *pm, const void *opts, sharc_buf *err) {
  const import_pipeline_options *o = opts;
  sharc_stablehlo_tio_options tio = {.fold_op_element_limit = 0, .optimize_float = true};
  sharc_mpmd_map_io_options map_io = {{0, NULL}, {0, NULL}};
  sharc_mpmd_assignment_options assignment = {o->name_to_mesh_assignment};
  sharc_mpmd_io_constraints no_constraints = {0, NULL};
  sharc_mpmd_equisharding_options equisharding = {no_constraints};
  bool ok = add_func_def(pm, &sharc_pass_chlo_legalize_to_stablehlo, NULL, err) &&
            add(pm, "inline", NULL, err) && add_func(pm, "cse", NULL, err) &&
            /* folding constants (for merging fragments later) and flattening
             * concatenates (mesh inference does not handle nested ones) */
            add_func(pm, "canonicalize", NULL, err) &&
            sharc_pm_add_def(pm, &sharc_pass_mpmd_copy_topology_from_main, NULL, err);
  if (ok && o->enable_heterogeneous_meshes)
    ok = sharc_pm_add_def(pm, &sharc_pass_mpmd_generate_sdy_meshes_from_topology, NULL, err);
  ok = ok && add_func(pm, "mpmd-unroll-for-loops", NULL, err) &&
       /* slice(stack(x1..xn), i) left by unrolling goes away */
       add_func(pm, "canonicalize", NULL, err) &&
       add_func_def(pm, &sharc_pass_stablehlo_target_independent_optimization, &tio, err) &&
       add_func(pm, "mpmd-from-unroll-to-call-counter", NULL, err) &&
       add(pm, "mpmd-sink-negligible-ops-into-call-op", NULL, err) &&
       add_func_def(pm, &sharc_pass_mpmd_insert_nameless_clone_of_negligible_ops, NULL, err) &&
       add_func_def(pm, &sharc_pass_mpmd_simplify_named_computations, NULL, err) &&
       sharc_pm_add_def(pm, &sharc_pass_mpmd_map_input_output_to_mesh, &map_io, err) &&
       add_func_def(pm, &sharc_pass_mpmd_inline_nested_user_exposed_ops, &assignment, err) &&
       add_func_def(pm, &sharc_pass_mpmd_validate_named_ops_in_mpmd_func, NULL, err) &&
       add_func_def(pm, &sharc_pass_mpmd_map_named_ops_to_mpmd_ops, &assignment, err) &&
       sharc_pm_add_def(pm, &sharc_pass_mpmd_introduce_transfers, NULL, err) &&
       add(pm, "mpmd-erase-unused-callee-block-arguments", NULL, err) &&
       sharc_mpmd_add_infer_mesh_pipeline(pm, &no_constraints,
                                          sharc_mpmd_infer_mesh_options_default(), err);
  if (ok && !o->merge_after_scheduling)
    ok = add_merge_inferred_fragments(pm, false, err);
  ok = ok && add_func_def(pm, &sharc_pass_mpmd_enforce_input_output_equisharding, &equisharding,
                          err) &&
       /* no pass introduces identity fragments, so no canonicalization here */
       add_func(pm, "mpmd-fragment-dedup", NULL, err) &&
       add_func(pm, "mpmd-fragment-dce", NULL, err) &&
       add_func(pm, "mpmd-remove-transfer-cycles", NULL, err) &&
       /* AddCallInliningRelatedPasses */
       add(pm, "mpmd-call-inline", NULL, err) && add(pm, "symbol-dce", NULL, err);
  if (ok && !o->merge_after_scheduling)
    ok = add_func(pm, "mpmd-merge-inferred-fragments", NULL, err);
  /* AddSchedulingPreprocessingPasses without splitting or verification */
  return ok && add_func(pm, "mpmd-move-transfers-to-producer", NULL, err) &&
         add_func(pm, "mpmd-merge-user-fragments-into-scheduling-units", NULL, err);
}

const sharc_pass_def sharc_pass_mpmd_import_pipeline = {
    .flag = "mpmd-import-pipeline",
    .display_name = "",
    .summary = "Run the standard set of passes to import an MPMD program with a fixed mesh "
               "assignment map.",
    .anchor = NULL,
    SHARC_OPTIONS(options),
    .options_size = sizeof(import_pipeline_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .build = build,
};

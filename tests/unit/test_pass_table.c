/* Unit tests for the pass/pipeline registry: table invariants (order,
 * uniqueness, per-tool masks), lookups, a few pinned entries, and every pass
 * flag and pass option that the conformance RUN lines use. */
#include "pass/pass_table.h"

#include "check.h"

#include <string.h>

#define N_ELEMS(a) (sizeof(a) / sizeof((a)[0]))

/* Pass flags used by sdy_opt RUN lines in the conformance corpus, plus the
 * ones the executable tests' run_sdy_interpreter_test.sh scripts pass. */
static const char *const sdy_corpus_flags[] = {
    "canonicalize", "sdy-add-data-flow-edges", "sdy-add-func-data-flow-edges",
    "sdy-aggressive-propagate", "sdy-apply-sharding-constraints",
    "sdy-basic-propagate", "sdy-close-shardings",
    "sdy-constant-or-scalar-merger", "sdy-constant-or-scalar-splitter",
    "sdy-convert-global-to-local", "sdy-drop-sharding-rules",
    "sdy-explicit-gather-scatter-batching", "sdy-export-pipeline",
    "sdy-flatten-call-graph", "sdy-import-func-calls", "sdy-import-pipeline",
    "sdy-inline-meshes", "sdy-insert-explicit-reshards",
    "sdy-insert-func-call-reshards", "sdy-lift-inlined-meshes",
    "sdy-manual-axes-cleanup", "sdy-op-priority-propagate",
    "sdy-pad-for-divisibility", "sdy-per-instruction-partitioning",
    "sdy-populate-op-sharding-rules",
    "sdy-propagate-sharding-from-func-to-call", "sdy-propagate-to-func-results",
    "sdy-propagation-pipeline", "sdy-remove-all-gather-reduce-scatter-for-cmv1",
    "sdy-remove-propagation-debug-info", "sdy-remove-size-one-axes",
    "sdy-remove-sub-axes-in-input-output-shardings",
    "sdy-reshard-to-collectives", "sdy-resolve-permutation-factors",
    "sdy-resolve-single-device-sharding", "sdy-sharding-constraint-to-reshard",
    "sdy-sharding-group-import", "sdy-sink-data-flow-edges",
    "sdy-sink-func-data-flow-edges", "sdy-unflatten-call-graph",
    "sdy-update-non-divisible-input-output-shardings",
    "sdy-user-priority-propagate", "sdy-verify-unreduced-axes",
    "sdy-drop-sharding-and-mesh",
};

/* Pass flags used by mpmd_opt RUN lines in the conformance corpus. */
static const char *const mpmd_corpus_flags[] = {
    "canonicalize", "mpmd-absorb-inferred-fragments", "mpmd-call-inline",
    "mpmd-convert-sdy-shardings-to-mpmd-types", "mpmd-copy-topology-from-main",
    "mpmd-delay-transfers-from-cpu", "mpmd-enforce-user-shardings",
    "mpmd-erase-unused-callee-block-arguments", "mpmd-export-pipeline",
    "mpmd-extract-reshards-from-inter-mesh-transfers", "mpmd-fragment-dce",
    "mpmd-fragment-dedup", "mpmd-from-unroll-to-call-counter",
    "mpmd-generate-sdy-meshes-from-topology", "mpmd-import-pipeline",
    "mpmd-infer-mesh-assign-mesh-func-leaves",
    "mpmd-infer-mesh-assign-using-input-output-constraints",
    "mpmd-infer-mesh-convert-reduce-ops", "mpmd-infer-mesh-finalize",
    "mpmd-infer-mesh-pipeline", "mpmd-infer-mesh-populate-src-set",
    "mpmd-infer-mesh-rewrite-using-analysis",
    "mpmd-infer-mesh-validate-no-additional-transfers-needed",
    "mpmd-infer-mesh-validate-src-set-not-empty",
    "mpmd-inline-nested-user-exposed-ops",
    "mpmd-insert-nameless-clone-of-negligible-ops", "mpmd-introduce-transfers",
    "mpmd-lower-to-fragment-calls", "mpmd-map-input-output-to-mesh",
    "mpmd-map-named-ops-to-mpmd-ops", "mpmd-mark-aliasing-and-donation",
    "mpmd-mark-fragment-reserved-memory", "mpmd-mark-input-output-with-layouts",
    "mpmd-mark-offloaded-input-output", "mpmd-merge-forward-with-backward",
    "mpmd-merge-inferred-fragments", "mpmd-merge-transfers",
    "mpmd-merge-user-fragments-into-scheduling-units",
    "mpmd-move-transfers-to-producer", "mpmd-optimize-pipeline",
    "mpmd-remat-fragment", "mpmd-remove-transfer-cycles",
    "mpmd-rule-based-merge", "mpmd-rule-based-schedule",
    "mpmd-scheduling-units-verifier", "mpmd-sharding-propagation-pipeline",
    "mpmd-simplify-program", "mpmd-sink-create-token-into-fragments",
    "mpmd-sink-negligible-ops-into-call-op",
    "mpmd-split-and-prioritize-transfer-independent-computations",
    "mpmd-uniquify-function-inputs-outputs", "mpmd-unroll-for-loops",
    "mpmd-validate-no-backward-deps", "mpmd-validate-no-inferred-fragments",
    "mpmd-validate-no-param-transfers", "mpmd-validate-no-reshards",
    "mpmd-verify-stage-merging", "sdy-add-data-flow-edges",
    "sdy-sink-data-flow-edges", "symbol-dce",
};

/* Driver flags used in RUN lines that are not passes. */
static const char *const non_pass_flags[] = {
    "split-input-file", "verify-diagnostics", "allow-unregistered-dialect",
    "mlir-diagnostic-verbosity-level", "pass-pipeline", "",
};

/* {pass, option} pairs given in RUN lines (`-pass='opt=value ...'`). */
static const char *const corpus_options[][2] = {
    {"mpmd-import-pipeline", "enable-heterogeneous-meshes"},
    {"mpmd-import-pipeline", "merge-after-scheduling"},
    {"mpmd-import-pipeline", "name-to-mesh-assignment"},
    {"mpmd-infer-mesh-assign-mesh-func-leaves", "infer-transfers"},
    {"mpmd-infer-mesh-assign-using-input-output-constraints", "constraints"},
    {"mpmd-infer-mesh-convert-reduce-ops", "infer-cross-mesh-reductions"},
    {"mpmd-infer-mesh-pipeline", "infer-cross-mesh-reductions"},
    {"mpmd-infer-mesh-pipeline", "infer-transfers"},
    {"mpmd-infer-mesh-rewrite-using-analysis", "max-clones"},
    {"mpmd-infer-mesh-validate-src-set-not-empty", "error-limit"},
    {"mpmd-inline-nested-user-exposed-ops", "assignment"},
    {"mpmd-lower-to-fragment-calls", "verbose-logging"},
    {"mpmd-map-input-output-to-mesh", "input-assignment"},
    {"mpmd-map-input-output-to-mesh", "output-assignment"},
    {"mpmd-map-named-ops-to-mpmd-ops", "assignment"},
    {"mpmd-merge-inferred-fragments", "merge-any-consumer"},
    {"mpmd-optimize-pipeline", "merge-after-scheduling"},
    {"mpmd-optimize-pipeline", "pipeline-schedule"},
    {"mpmd-remat-fragment", "merge-remat-fragments"},
    {"mpmd-rule-based-merge", "rules"},
    {"mpmd-rule-based-schedule", "rules"},
    {"mpmd-uniquify-function-inputs-outputs",
     "use-transfer-instead-of-fragment"},
    {"mpmd-validate-no-inferred-fragments", "fail-on-inferred-fragments"},
    {"mpmd-validate-no-param-transfers", "fail-on-param-transfers"},
    {"mpmd-validate-no-reshards", "fail-on-reshard-only-fragments"},
    {"sdy-aggressive-propagate", "debug-propagation-edge-sharding"},
    {"sdy-aggressive-propagate", "debug-sharding-origins"},
    {"sdy-aggressive-propagate", "propagation-strategy"},
    {"sdy-apply-sharding-constraints", "debug-propagation-edge-sharding"},
    {"sdy-apply-sharding-constraints", "debug-sharding-origins"},
    {"sdy-basic-propagate", "conservative-propagation"},
    {"sdy-basic-propagate", "keep-sharding-rules"},
    {"sdy-convert-global-to-local", "combine-multi-dimension-reduce-scatter"},
    {"sdy-convert-global-to-local", "enable-rgv3"},
    {"sdy-convert-global-to-local", "partition-count"},
    {"sdy-convert-global-to-local", "replica-count"},
    {"sdy-export-pipeline", "enable-insert-explicit-collectives"},
    {"sdy-export-pipeline", "remove-all-gather-reduce-scatter-for-cmv1"},
    {"sdy-import-func-calls", "add-data-flow-edges-on-named-computations"},
    {"sdy-import-pipeline", "dedup-functions-fully"},
    {"sdy-insert-explicit-reshards", "enable-full-version"},
    {"sdy-per-instruction-partitioning", "filter"},
    {"sdy-populate-op-sharding-rules", "conservative-propagation"},
    {"sdy-propagation-pipeline", "dedup-functions-fully"},
    {"sdy-reshard-to-collectives", "keep-redundant-reshards"},
    {"sdy-resolve-permutation-factors", "enable-halo-exchange"},
    {"sdy-resolve-permutation-factors", "partition-count"},
    {"sdy-resolve-permutation-factors", "replica-count"},
    {"sdy-resolve-single-device-sharding", "partition-count"},
    {"sdy-resolve-single-device-sharding", "replica-count"},
    {"sdy-sink-data-flow-edges", "sink-debug-propagation-edge-sharding"},
    {"sdy-sink-data-flow-edges", "sink-debug-sharding-origins"},
    {"sdy-unflatten-call-graph", "dedup-functions-fully"},
};

/* True if `value` is one of the '|'-separated spellings in `list`. */
static int in_enum_list(const char *list, const char *value) {
  size_t n = strlen(value);
  const char *p = list;
  while (*p) {
    const char *end = strchr(p, '|');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == n && strncmp(p, value, n) == 0) return 1;
    if (!end) break;
    p = end + 1;
  }
  return 0;
}

static void test_table_invariants(void) {
  unsigned i, j, seen_pipeline = 0, bad_order = 0, bad_fields = 0;
  unsigned bad_options = 0, dups = 0;
  CHECK(sharc_pass_table_size > 0);
  for (i = 0; i < sharc_pass_table_size; i++) {
    const sharc_pass_info *p = &sharc_pass_table[i];
    if (!p->flag || !*p->flag || p->flag[0] == '-' || !p->summary ||
        !p->anchor || !p->group || !p->tools || (p->tools & ~SHARC_TOOL_ANY) ||
        (p->kind != SHARC_PASS && p->kind != SHARC_PASS_PIPELINE) ||
        (p->num_options == 0) != (p->options == NULL) ||
        (p->kind == SHARC_PASS_PIPELINE && *p->anchor))
      bad_fields++;
    /* --help order: all passes by flag, then all pipelines by flag. */
    if (p->kind == SHARC_PASS_PIPELINE) {
      if (seen_pipeline && strcmp(sharc_pass_table[i - 1].flag, p->flag) >= 0)
        bad_order++;
      seen_pipeline = 1;
    } else {
      if (seen_pipeline) bad_order++;
      if (i > 0 && strcmp(sharc_pass_table[i - 1].flag, p->flag) >= 0)
        bad_order++;
    }
    for (j = 0; j < i; j++)
      if (strcmp(sharc_pass_table[j].flag, p->flag) == 0) dups++;
    for (j = 0; j < p->num_options; j++) {
      const sharc_pass_option_info *o = &p->options[j];
      if (!o->name || !*o->name || !o->type || !*o->type ||
          !o->default_value || !o->description || !o->enum_values ||
          (j > 0 && strcmp(p->options[j - 1].name, o->name) >= 0))
        bad_options++;
      else if (*o->enum_values && *o->default_value &&
               !in_enum_list(o->enum_values, o->default_value))
        bad_options++;
      else if (strncmp(o->type, "list<", 5) == 0 && *o->default_value)
        bad_options++;
    }
  }
  CHECK(bad_fields == 0);
  CHECK(bad_order == 0);
  CHECK(dups == 0);
  CHECK(bad_options == 0);
}

static void test_counts(void) {
  unsigned i, sdy_p = 0, sdy_pl = 0, mpmd_p = 0, mpmd_pl = 0;
  unsigned mlir_p = 0, mlir_pl = 0, in_sdy_opt = 0, in_mpmd_opt = 0;
  for (i = 0; i < sharc_pass_table_size; i++) {
    const sharc_pass_info *p = &sharc_pass_table[i];
    int pl = p->kind == SHARC_PASS_PIPELINE;
    if (strncmp(p->group, "sdy-", 4) == 0) {
      if (pl) sdy_pl++; else sdy_p++;
      CHECK(strncmp(p->flag, "sdy-", 4) == 0);
      CHECK(p->tools == SHARC_TOOL_ANY);
    } else if (strncmp(p->group, "mpmd-", 5) == 0) {
      if (pl) mpmd_pl++; else mpmd_p++;
      CHECK(strncmp(p->flag, "mpmd-", 5) == 0);
      CHECK(p->tools == SHARC_TOOL_MPMD_OPT);
    } else {
      CHECK_STR(p->group, "mlir");
      if (pl) mlir_pl++; else mlir_p++;
      CHECK(p->tools == SHARC_TOOL_ANY);
    }
    if (p->tools & SHARC_TOOL_SDY_OPT) in_sdy_opt++;
    if (p->tools & SHARC_TOOL_MPMD_OPT) in_mpmd_opt++;
  }
  CHECK(sdy_p == 43);
  CHECK(sdy_pl == 3);
  CHECK(mpmd_p == 61);
  CHECK(mpmd_pl == 5);
  CHECK(mlir_p == 288);
  CHECK(mlir_pl == 5);
  CHECK(in_sdy_opt == 43 + 3 + 288 + 5);
  CHECK(in_mpmd_opt == sharc_pass_table_size);
}

static void test_lookup(void) {
  const sharc_pass_info *p;
  /* sdy passes are registered by both tools. */
  p = sharc_pass_info_find("sdy-basic-propagate", SHARC_TOOL_SDY_OPT);
  CHECK(p != NULL);
  CHECK(sharc_pass_info_find("sdy-basic-propagate", SHARC_TOOL_MPMD_OPT) == p);
  /* mpmd passes only by mpmd_opt. */
  CHECK(sharc_pass_info_find("mpmd-fragment-dce", SHARC_TOOL_SDY_OPT) == NULL);
  p = sharc_pass_info_find("mpmd-fragment-dce", SHARC_TOOL_MPMD_OPT);
  CHECK(p != NULL);
  CHECK(sharc_pass_info_find("mpmd-fragment-dce", SHARC_TOOL_ANY) == p);
  CHECK(sharc_pass_info_find("mpmd-import-pipeline", SHARC_TOOL_SDY_OPT) ==
        NULL);
  /* Upstream passes by both. */
  CHECK(sharc_pass_info_find("cse", SHARC_TOOL_SDY_OPT) != NULL);
  CHECK(sharc_pass_info_find("cse", SHARC_TOOL_MPMD_OPT) != NULL);
  CHECK(sharc_pass_info_find("inline", SHARC_TOOL_SDY_OPT) != NULL);
  CHECK(sharc_pass_info_find("symbol-dce", SHARC_TOOL_SDY_OPT) != NULL);
  CHECK(sharc_pass_info_find("symbol-privatize", SHARC_TOOL_SDY_OPT) != NULL);
  CHECK(sharc_pass_info_find("sparsifier", SHARC_TOOL_SDY_OPT) != NULL);
  /* Misses. */
  CHECK(sharc_pass_info_find("sdy-no-such-pass", SHARC_TOOL_ANY) == NULL);
  CHECK(sharc_pass_info_find("-canonicalize", SHARC_TOOL_ANY) == NULL);
  CHECK(sharc_pass_info_find("canonicalize", 0) == NULL);
  CHECK(sharc_pass_info_find(NULL, SHARC_TOOL_ANY) == NULL);
  /* mlir-opt test passes are not part of registerAllPasses. */
  CHECK(sharc_pass_info_find("test-print-nesting", SHARC_TOOL_ANY) == NULL);
  CHECK(sharc_pass_info_find("test-lower-to-llvm", SHARC_TOOL_ANY) == NULL);
  /* Option lookup. */
  p = sharc_pass_info_find("canonicalize", SHARC_TOOL_SDY_OPT);
  CHECK(sharc_pass_option_find(p, "top-down") != NULL);
  CHECK(sharc_pass_option_find(p, "no-such-option") == NULL);
  CHECK(sharc_pass_option_find(NULL, "top-down") == NULL);
  CHECK(sharc_pass_option_find(p, NULL) == NULL);
}

static void test_pinned_entries(void) {
  const sharc_pass_info *p;
  const sharc_pass_option_info *o;

  p = sharc_pass_info_find("canonicalize", SHARC_TOOL_SDY_OPT);
  CHECK(p != NULL);
  if (p) {
    CHECK_STR(p->summary, "Canonicalize operations");
    CHECK(p->kind == SHARC_PASS);
    CHECK_STR(p->anchor, "");
    CHECK(p->num_options == 7);
    CHECK_STR(p->options[0].name, "disable-patterns");
    CHECK_STR(p->options[0].type, "list<std::string>");
    o = sharc_pass_option_find(p, "top-down");
    CHECK(o && strcmp(o->default_value, "true") == 0);
    o = sharc_pass_option_find(p, "max-iterations");
    CHECK(o && strcmp(o->default_value, "10") == 0);
    o = sharc_pass_option_find(p, "max-num-rewrites");
    CHECK(o && strcmp(o->default_value, "-1") == 0);
    o = sharc_pass_option_find(p, "region-simplify");
    CHECK(o && strcmp(o->default_value, "normal") == 0);
    CHECK(o && strcmp(o->enum_values, "disabled|normal|aggressive") == 0);
    CHECK(sharc_pass_option_find(p, "test-convergence") != NULL);
    CHECK(sharc_pass_option_find(p, "enable-patterns") != NULL);
  }

  p = sharc_pass_info_find("inline", SHARC_TOOL_SDY_OPT);
  o = sharc_pass_option_find(p, "default-pipeline");
  CHECK(o && strcmp(o->default_value, "canonicalize") == 0);
  o = sharc_pass_option_find(p, "op-pipelines");
  CHECK(o && strcmp(o->type, "list<OpPassManager>") == 0);

  p = sharc_pass_info_find("sdy-aggressive-propagate", SHARC_TOOL_SDY_OPT);
  CHECK(p != NULL);
  if (p) {
    CHECK_STR(p->summary,
              "Runs the aggressive sharding propagation algorithm.");
    CHECK_STR(p->anchor, "builtin.module");
    CHECK_STR(p->group, "sdy-propagation");
    CHECK(p->num_options == 6);
    o = sharc_pass_option_find(p, "propagation-strategy");
    CHECK(o && strcmp(o->type, "PropagationStrategy") == 0);
    CHECK(o && strcmp(o->default_value, "aggressive") == 0);
    CHECK(o && strcmp(o->enum_values,
                      "basic|aggressive|basic-then-aggressive") == 0);
  }
  p = sharc_pass_info_find("sdy-user-priority-propagate", SHARC_TOOL_SDY_OPT);
  o = sharc_pass_option_find(p, "run-op-priority-propagation");
  CHECK(o && strcmp(o->default_value, "true") == 0);
  CHECK(p && p->num_options == 7);

  p = sharc_pass_info_find("sdy-populate-op-sharding-rules",
                           SHARC_TOOL_SDY_OPT);
  CHECK(p && strcmp(p->anchor, "func.func") == 0);
  CHECK(p && strcmp(p->summary, "Populates all registered ops with an "
                                "`OpShardingRuleAttr`.") == 0);

  p = sharc_pass_info_find("sdy-propagation-pipeline", SHARC_TOOL_SDY_OPT);
  CHECK(p && p->kind == SHARC_PASS_PIPELINE);
  CHECK(p && p->num_options == 1);

  p = sharc_pass_info_find("sdy-export-pipeline", SHARC_TOOL_SDY_OPT);
  CHECK(p && p->kind == SHARC_PASS_PIPELINE && p->num_options == 14);
  o = sharc_pass_option_find(p, "update-non-divisible-input-output-shardings");
  CHECK(o && strcmp(o->default_value, "true") == 0);

  p = sharc_pass_info_find("sdy-per-instruction-partitioning",
                           SHARC_TOOL_SDY_OPT);
  o = sharc_pass_option_find(p, "filter");
  CHECK(o && strcmp(o->type, "std::string") == 0 && !*o->default_value);

  p = sharc_pass_info_find("mpmd-optimize-pipeline", SHARC_TOOL_MPMD_OPT);
  o = sharc_pass_option_find(p, "pipeline-schedule");
  CHECK(o && strcmp(o->default_value, "1F1B") == 0);
  CHECK(o && strcmp(o->enum_values, "none|1F1B|Circular") == 0);

  p = sharc_pass_info_find("mpmd-rule-based-merge", SHARC_TOOL_MPMD_OPT);
  o = sharc_pass_option_find(p, "rules");
  CHECK(o && strcmp(o->type, "list<FragmentMergeRule>") == 0);
  CHECK(p && strcmp(p->anchor, "func.func") == 0);

  p = sharc_pass_info_find("mpmd-validate-no-param-transfers",
                           SHARC_TOOL_MPMD_OPT);
  o = sharc_pass_option_find(p, "param-pattern");
  CHECK(o && strcmp(o->default_value, "params['transformer") == 0);

  p = sharc_pass_info_find("mpmd-infer-mesh-validate-src-set-not-empty",
                           SHARC_TOOL_MPMD_OPT);
  o = sharc_pass_option_find(p, "error-limit");
  CHECK(o && strcmp(o->type, "int") == 0 &&
        strcmp(o->default_value, "5") == 0);

  p = sharc_pass_info_find("mpmd-sharding-propagation-pipeline",
                           SHARC_TOOL_MPMD_OPT);
  CHECK(p && p->kind == SHARC_PASS_PIPELINE && p->num_options == 0);

  p = sharc_pass_info_find("linalg-detensorize", SHARC_TOOL_ANY);
  CHECK(p && strcmp(p->anchor, "FunctionOpInterface") == 0);
  p = sharc_pass_info_find("symbol-dce", SHARC_TOOL_ANY);
  CHECK(p && strcmp(p->anchor, "") == 0);
}

static void test_corpus_flags(void) {
  unsigned i;
  for (i = 0; i < N_ELEMS(sdy_corpus_flags); i++) {
    const sharc_pass_info *p =
        sharc_pass_info_find(sdy_corpus_flags[i], SHARC_TOOL_SDY_OPT);
    if (!p) fprintf(stderr, "sdy_opt flag missing: %s\n", sdy_corpus_flags[i]);
    CHECK(p != NULL);
  }
  for (i = 0; i < N_ELEMS(mpmd_corpus_flags); i++) {
    const sharc_pass_info *p =
        sharc_pass_info_find(mpmd_corpus_flags[i], SHARC_TOOL_MPMD_OPT);
    if (!p)
      fprintf(stderr, "mpmd_opt flag missing: %s\n", mpmd_corpus_flags[i]);
    CHECK(p != NULL);
  }
  for (i = 0; i < N_ELEMS(non_pass_flags); i++)
    CHECK(sharc_pass_info_find(non_pass_flags[i], SHARC_TOOL_ANY) == NULL);
  for (i = 0; i < N_ELEMS(corpus_options); i++) {
    const sharc_pass_info *p =
        sharc_pass_info_find(corpus_options[i][0], SHARC_TOOL_ANY);
    const sharc_pass_option_info *o =
        sharc_pass_option_find(p, corpus_options[i][1]);
    if (!o)
      fprintf(stderr, "option missing: %s{%s}\n", corpus_options[i][0],
              corpus_options[i][1]);
    CHECK(o != NULL);
  }
}

int main(void) {
  test_table_invariants();
  test_counts();
  test_lookup();
  test_pinned_entries();
  test_corpus_flags();
  return check_summary("pass_table");
}

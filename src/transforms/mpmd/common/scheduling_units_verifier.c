/* -mpmd-scheduling-units-verifier: warns when a schedulable mesh does not
 * hold one forward and one backward scheduling unit per microbatch (the
 * microbatches counted from the call counters, zero- or one-based). */
#include "support/log.h"
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/optimize/utils.h"

#include <stdlib.h>
#include <string.h>

typedef struct microbatches {
  uint32_t max_counter;
  bool zero_based;
} microbatches;

static sharc_walk_result count_microbatches(sharc_op *fragment, void *user) {
  microbatches *m = user;
  int64_t c;
  if (!sharc_mpmd_call_counter(fragment, &c))
    return SHARC_WALK_ADVANCE;
  if (c == 0)
    m->zero_based = true;
  if ((uint32_t)c > m->max_counter)
    m->max_counter = (uint32_t)c;
  return SHARC_WALK_ADVANCE;
}

static void warn(sharc_op *func, const char *kind, sharc_str mesh, uint32_t expected, int got) {
  sharc_emit_op(func, SHARC_SEV_WARNING,
             "Number of %s scheduling units in mesh %.*s does not match expected number for %u "
             "microbatches. Got %d.",
             kind, (int)mesh.len, mesh.data, expected, got);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts, (void)run;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  microbatches m = {0, false};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, count_microbatches, &m);
  uint32_t expected = m.max_counter + (m.zero_based ? 1 : 0);
  if (expected == 0) {
    /* a warning, not an error: init functions are rarely microbatched */
    sharc_log(SHARC_LOG_WARNING, "shardy/dialect/mpmd/transforms/common/scheduler_preprocess.cc", 73,
              "Function is not microbatched and therefore cannot be rescheduled.");
    return true;
  }
  /* the units of each mesh, counted in one pass over the function */
  sharc_attr *topology = sharc_mpmd_func_topology(func);
  if (!topology) /* a `topology` that is no topology: no fragment verifies */
    return true;
  unsigned n = sharc_mpmd_topology_num_meshes(topology);
  int *fwd = sharc_xcalloc((size_t)n + 1, sizeof *fwd),
      *bwd = sharc_xcalloc((size_t)n + 1, sizeof *bwd);
  sharc_ptrmap index = {0}; /* mesh name attribute -> topology index + 1 */
  sharc_context *ctx = sharc_op_context(func);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *name = sharc_attr_string(ctx, sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i)));
    if (!sharc_ptrmap_get(&index, name))
      sharc_ptrmap_put(&index, name, (void *)(uintptr_t)(i + 1));
  }
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(func)); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_mpmd_fragment_def) || !sharc_mpmd_is_scheduling_unit(op))
      continue;
    uintptr_t i = (uintptr_t)sharc_ptrmap_get(&index, sharc_op_attr(op, "mesh_name"));
    if (!i)
      continue;
    int64_t tc = 0;
    sharc_mpmd_single_transpose_count(op, &tc);
    if (tc == 0)
      fwd[i - 1]++;
    else
      bwd[i - 1]++;
  }
  for (unsigned i = 0; i < n; i++) {
    sharc_str mesh = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i));
    size_t k = sizeof SHARC_MPMD_CPU_MESH_SUFFIX - 1;
    if (mesh.len >= k && !memcmp(mesh.data + mesh.len - k, SHARC_MPMD_CPU_MESH_SUFFIX, k))
      continue;
    /* a mesh named twice in the topology counts the same units each time */
    unsigned first = (unsigned)(uintptr_t)sharc_ptrmap_get(
                         &index, sharc_attr_string(ctx, mesh)) - 1;
    if (fwd[first] != (int)expected)
      warn(func, "forward", mesh, expected, fwd[first]);
    if (bwd[first] != (int)expected)
      warn(func, "backward", mesh, expected, bwd[first]);
  }
  sharc_ptrmap_free(&index);
  free(fwd);
  free(bwd);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_scheduling_units_verifier = {
    .flag = "mpmd-scheduling-units-verifier",
    .display_name = "SchedulingUnitVerifierPass",
    .summary = "Verifies if the program contains the required scheduling units.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

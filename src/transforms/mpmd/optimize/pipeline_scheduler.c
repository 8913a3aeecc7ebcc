/* -mpmd-pipeline-scheduler: the scheduling units of each mesh are ordered
 * by a pipeline schedule's must-happen-before rule: a control dependency
 * for every pair the rule orders and no dataflow path already orders (in
 * either direction), a topological sort of the function, then the control
 * dependencies dropped (unless asked to keep them).
 *
 * Shardy adds the dependencies one pair at a time, checking paths through
 * the dependencies added so far, and sorts with MLIR's round-based
 * algorithm. That is quadratic in the block; here the block's order comes
 * out the same in linear time for a consistent schedule: the pairs whose
 * later unit reaches the earlier one through dataflow are dropped (levels
 * of the dataflow DAG rule out nearly all of them at once), the rest become
 * edges of a linear-time sort; an edge Shardy would have found redundant
 * does not change that sort's order, and one Shardy would have refused
 * closes a cycle. On a cycle, when a rule's check fails, or when the
 * control dependencies are to stay in the IR, Shardy's process is followed
 * step by step. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/log.h"
#include "support/xalloc.h"
#include "transforms/mpmd/optimize/pipeline_schedule.h"
#include "transforms/mpmd/optimize/utils.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct scheduler_options {
  int must_happen_before; /* sharc_mpmd_pipeline_schedule */
  bool remove_control_dependencies;
} scheduler_options;

static const sharc_option_def options[] = {
    SHARC_OPTION_CUSTOM(scheduler_options, must_happen_before, "must-happen-before",
                        sharc_mpmd_parse_fragment_comparator, "FragmentComparatorOption", "1F1B",
                        "A comparator that determines whether a fragment must be scheduled before "
                        "another. Can be parsed from a built-in `PipelineSchedule` as follows: "
                        "`builtin:<schedule-as-string>`."),
    SHARC_OPTION(scheduler_options, remove_control_dependencies, "remove-control-dependencies",
                 SHARC_OPT_BOOL, "true",
                 "Whether to remove control dependencies at the end of the pass."),
};

typedef SHARC_VEC(sharc_mpmd_unit) unit_vec;
typedef SHARC_VEC(unsigned) index_vec;
typedef SHARC_VEC(sharc_mpmd_edge) edge_vec;

typedef struct scheduler {
  sharc_op *func;
  sharc_mpmd_must_happen_before_fn rule;
  sharc_rewriter rw;
  unit_vec units;
  unsigned *mesh_of;   /* unit -> its mesh group */
  index_vec *by_mesh;  /* mesh group -> units in block order */
  unsigned n_meshes;
  sharc_mpmd_block_index bi;
  unsigned *level;
} scheduler;

static void collect_units(scheduler *s) {
  sharc_context *ctx = sharc_op_context(s->func);
  int num_meshes = (int)sharc_mpmd_num_schedulable_meshes(s->func);
  sharc_ptrmap index_of = {0}; /* schedulable mesh name -> index + 1 */
  sharc_mpmd_schedulable_mesh_indices(s->func, ctx, &index_of);
  sharc_block *body = sharc_func_body(s->func);
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def) && sharc_mpmd_is_scheduling_unit(op)) {
      sharc_ident *mesh = sharc_ident_get(ctx, sharc_mpmd_fragment_mesh(op));
      int index = (int)(uintptr_t)sharc_ptrmap_get(&index_of, mesh) - 1;
      sharc_mpmd_unit u;
      sharc_mpmd_unit_of(op, num_meshes, index, &u);
      sharc_vec_push(&s->units, u);
    }
  sharc_ptrmap_free(&index_of);
  unsigned n = s->units.len;
  s->mesh_of = sharc_xmalloc_array((size_t)n + 1, sizeof *s->mesh_of);
  s->by_mesh = sharc_xcalloc((size_t)n + 1, sizeof *s->by_mesh);
  sharc_ptrmap group = {0}; /* mesh name attribute -> group + 1 */
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *mesh = sharc_op_attr(s->units.items[i].op, "mesh_name");
    uintptr_t g = (uintptr_t)sharc_ptrmap_get(&group, mesh);
    if (!g) {
      g = ++s->n_meshes;
      sharc_ptrmap_put(&group, mesh, (void *)g);
    }
    s->mesh_of[i] = (unsigned)g - 1;
    sharc_vec_push(&s->by_mesh[g - 1], i);
  }
  sharc_ptrmap_free(&group);
}

static void free_scheduler(scheduler *s) {
  for (unsigned g = 0; g < s->n_meshes; g++)
    sharc_vec_free(&s->by_mesh[g]);
  free(s->by_mesh);
  free(s->mesh_of);
  sharc_vec_free(&s->units);
  free(s->level);
  sharc_mpmd_block_index_free(&s->bi);
}

/* Whether `src` reaches `tgt` through dataflow: only from an earlier op of
 * a lower level, through ops no later and of lower level than `tgt`. */
static bool data_reaches(scheduler *s, const sharc_op *src, const sharc_op *tgt) {
  int from = sharc_mpmd_block_index_of(&s->bi, src), to = sharc_mpmd_block_index_of(&s->bi, tgt);
  if (from < 0 || to < 0 || from >= to || s->level[from] >= s->level[to])
    return false;
  unsigned epoch = ++s->bi.epoch;
  index_vec stack = {0};
  sharc_vec_push(&stack, (unsigned)from);
  bool found = false;
  while (stack.len && !found) {
    sharc_op *op = s->bi.ops[sharc_vec_pop(&stack)];
    for (unsigned r = 0; r < sharc_op_num_results(op) && !found; r++)
      for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u && !found;
           u = sharc_use_next(u)) {
        int user = sharc_mpmd_block_index_of(&s->bi, sharc_use_owner(u));
        found = user == to;
        if (found || user < 0 || user > to || s->bi.stamp[user] == epoch ||
            s->level[user] >= s->level[to])
          continue;
        s->bi.stamp[user] = epoch;
        sharc_vec_push(&stack, (unsigned)user);
      }
  }
  sharc_vec_free(&stack);
  return found;
}

/* A rule's check failed on two units: Shardy aborts, sharc reports it. */
static bool check_failed(const sharc_mpmd_unit *a, sharc_buf *why) {
  sharc_mpmd_error(a->op, "%s", why->data ? why->data : "");
  return false;
}

/* The ordered pairs no dataflow path already orders the other way, as
 * edges for the sort; false when a rule's check fails on a pair (whether
 * Shardy meets that pair depends on the dependencies it adds first, so
 * that is left to the step-by-step process). */
static bool collect_edges(scheduler *s, edge_vec *edges) {
  s->level = sharc_mpmd_block_levels(&s->bi);
  for (unsigned g = 0; g < s->n_meshes; g++) {
    const index_vec *mesh = &s->by_mesh[g];
    for (unsigned x = 0; x < mesh->len; x++)
      for (unsigned y = 0; y < mesh->len; y++) {
        if (x == y)
          continue;
        const sharc_mpmd_unit *a = &s->units.items[mesh->items[x]];
        const sharc_mpmd_unit *b = &s->units.items[mesh->items[y]];
        sharc_buf why = {0};
        int before = s->rule(a, b, &why);
        sharc_buf_free(&why);
        if (before < 0)
          return false;
        if (before > 0 && !data_reaches(s, b->op, a->op))
          sharc_vec_push(edges, ((sharc_mpmd_edge){a->op, b->op}));
      }
  }
  return true;
}

/* Shardy's own process: pairs in its order, each checked against the
 * dependencies added before it, then MLIR's sort. */
static bool schedule_step_by_step(scheduler *s) {
  for (unsigned i = 0; i < s->units.len; i++) {
    const index_vec *mesh = &s->by_mesh[s->mesh_of[i]];
    for (unsigned y = 0; y < mesh->len; y++) {
      unsigned j = mesh->items[y];
      if (i == j)
        continue;
      const sharc_mpmd_unit *a = &s->units.items[i], *b = &s->units.items[j];
      if (sharc_mpmd_has_dependency_path(&s->bi, a->op, b->op) ||
          sharc_mpmd_has_dependency_path(&s->bi, b->op, a->op))
        continue;
      sharc_buf why = {0};
      int before = s->rule(a, b, &why);
      if (before < 0) {
        bool ok = check_failed(a, &why);
        sharc_buf_free(&why);
        return ok;
      }
      sharc_buf_free(&why);
      if (before > 0 && sharc_op_num_results(a->op))
        sharc_mpmd_add_control_dependency(a->op, b->op, &s->rw);
    }
  }
  sharc_mpmd_sort_topologically(sharc_func_body(s->func), NULL, 0, false, &s->rw);
  return true;
}

/* The units `from` reaches through dataflow (the uses of results, nested
 * users counted at their ancestor), as bits of `row`. */
static void mark_reached(scheduler *s, const int *unit_at, unsigned from, uint64_t *row) {
  sharc_mpmd_block_index *bi = &s->bi;
  unsigned epoch = ++bi->epoch;
  sharc_mpmd_index_stack stack = {0};
  sharc_vec_push(&stack, (unsigned)sharc_mpmd_block_index_of(bi, s->units.items[from].op));
  while (stack.len) {
    unsigned cur = sharc_vec_pop(&stack);
    if (bi->stamp[cur] == epoch)
      continue;
    bi->stamp[cur] = epoch;
    if (unit_at[cur] >= 0 && (unsigned)unit_at[cur] != from)
      row[unit_at[cur] / 64] |= 1ull << (unit_at[cur] % 64);
    sharc_mpmd_push_unvisited_users(bi, cur, &stack);
  }
  sharc_vec_free(&stack);
}

static bool reaches(const uint64_t *reach, unsigned words, unsigned a, unsigned b) {
  return (reach[(size_t)a * words + b / 64] >> (b % 64)) & 1;
}

/* The count Shardy logs: the control dependencies its process adds, the
 * pairs (in its order) that the rule puts first and that no path (data, or
 * a dependency added before) joins either way. Reachability among the
 * units is kept closed as each dependency is added; -1 when a rule's check
 * fails (Shardy stops there). */
static long count_control_dependencies(scheduler *s) {
  unsigned n = s->units.len, words = (n + 63) / 64;
  uint64_t *reach = sharc_xcalloc((size_t)n * words + 1, sizeof *reach);
  int *unit_at = sharc_xmalloc_array((size_t)s->bi.n + 1, sizeof *unit_at);
  for (unsigned k = 0; k < s->bi.n; k++)
    unit_at[k] = -1;
  for (unsigned i = 0; i < n; i++)
    unit_at[sharc_mpmd_block_index_of(&s->bi, s->units.items[i].op)] = (int)i;
  for (unsigned i = 0; i < n; i++)
    mark_reached(s, unit_at, i, reach + (size_t)i * words);
  long count = 0;
  for (unsigned i = 0; i < n && count >= 0; i++) {
    const index_vec *mesh = &s->by_mesh[s->mesh_of[i]];
    for (unsigned y = 0; y < mesh->len && count >= 0; y++) {
      unsigned j = mesh->items[y];
      if (i == j || reaches(reach, words, i, j) || reaches(reach, words, j, i))
        continue;
      sharc_buf why = {0};
      int before = s->rule(&s->units.items[i], &s->units.items[j], &why);
      sharc_buf_free(&why);
      if (before < 0)
        count = -1;
      if (before <= 0)
        continue;
      count++;
      /* i -> j: whatever reaches i (and i) now reaches j and what j reaches */
      uint64_t *row_j = reach + (size_t)j * words;
      for (unsigned x = 0; x < n; x++) {
        if (x != i && !reaches(reach, words, x, i))
          continue;
        uint64_t *row_x = reach + (size_t)x * words;
        for (unsigned w = 0; w < words; w++)
          row_x[w] |= row_j[w];
        row_x[j / 64] |= 1ull << (j % 64);
      }
    }
  }
  free(unit_at);
  free(reach);
  return count;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const scheduler_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  scheduler s = {.func = func, .rule = sharc_mpmd_schedules[o->must_happen_before].must_happen_before};
  sharc_pass_rewriter(run, &s.rw, NULL);
  collect_units(&s);
  sharc_mpmd_block_index_build(&s.bi, sharc_func_body(func));
  long introduced = count_control_dependencies(&s);
  if (introduced >= 0)
    sharc_log(SHARC_LOG_INFO, "shardy/dialect/mpmd/transforms/optimize/scheduler.cc", 88,
              "Introduced %ld control dependencies for scheduling\n", introduced);
  bool ok = true, sorted = false;
  if (o->remove_control_dependencies) {
    edge_vec edges = {0};
    sorted = collect_edges(&s, &edges) &&
             sharc_mpmd_sort_topologically(sharc_func_body(func), edges.items, edges.len, true,
                                           &s.rw) == SHARC_MPMD_SORTED;
    sharc_vec_free(&edges);
  }
  if (!sorted)
    ok = schedule_step_by_step(&s);
  if (ok && o->remove_control_dependencies)
    sharc_mpmd_remove_all_control_dependencies(func, &s.rw);
  free_scheduler(&s);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_pipeline_scheduler = {
    .flag = "mpmd-pipeline-scheduler",
    .display_name = "PipelineSchedulerPass",
    .summary = "Reorders the fragments to obtain a given pipeline schedule.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(scheduler_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* Shardy's mpmd optimize/utils and MLIR's topological sorts of a block. */
#include "transforms/mpmd/optimize/utils.h"

#include "dialect/func/func.h"
#include "ir/op_values.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/merge_fragments.h"
#include "transforms/mpmd/common/pass_utils.h"

#include <stdlib.h>
#include <string.h>

bool sharc_mpmd_is_forward_fragment(const sharc_op *fragment) {
  int64_t tc;
  return sharc_mpmd_single_transpose_count(fragment, &tc) && tc == 0;
}

bool sharc_mpmd_is_backward_fragment(const sharc_op *fragment) {
  int64_t tc;
  return sharc_mpmd_single_transpose_count(fragment, &tc) && tc == 1;
}

bool sharc_mpmd_can_remat(const sharc_op *forward, const sharc_op *backward) {
  int64_t fc, bc;
  return sharc_mpmd_is_forward_fragment(forward) && sharc_mpmd_is_backward_fragment(backward) &&
         sharc_mpmd_call_counter(forward, &fc) && sharc_mpmd_call_counter(backward, &bc) &&
         fc == bc && !sharc_mpmd_executed_immediately_after(forward, backward) &&
         sharc_op_attr(forward, "stage_id") == sharc_op_attr(backward, "stage_id");
}

bool sharc_mpmd_is_scheduling_unit(const sharc_op *fragment) {
  int64_t counter, tc;
  return sharc_mpmd_is_user_fragment(fragment) && sharc_mpmd_call_counter(fragment, &counter) &&
         sharc_mpmd_single_transpose_count(fragment, &tc) && (tc == 0 || tc == 1);
}

static bool is_schedulable(sharc_str name) {
  size_t n = sizeof SHARC_MPMD_CPU_MESH_SUFFIX - 1;
  return name.len < n || memcmp(name.data + name.len - n, SHARC_MPMD_CPU_MESH_SUFFIX, n) != 0;
}

unsigned sharc_mpmd_num_schedulable_meshes(const sharc_op *func) {
  sharc_attr *topology = func ? sharc_mpmd_func_topology(func) : NULL;
  unsigned count = 0;
  for (unsigned i = 0; topology && i < sharc_mpmd_topology_num_meshes(topology); i++)
    count += is_schedulable(sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i)));
  return count;
}

int sharc_mpmd_schedulable_mesh_index(const sharc_op *func, sharc_str mesh) {
  sharc_attr *topology = func ? sharc_mpmd_func_topology(func) : NULL;
  int index = 0;
  for (unsigned i = 0; topology && i < sharc_mpmd_topology_num_meshes(topology); i++) {
    sharc_str name = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i));
    if (!is_schedulable(name))
      continue;
    if (sharc_str_eq(name, mesh))
      return index;
    index++;
  }
  return -1;
}

void sharc_mpmd_schedulable_mesh_indices(const sharc_op *func, sharc_context *ctx,
                                         sharc_ptrmap *out) {
  sharc_attr *topology = func ? sharc_mpmd_func_topology(func) : NULL;
  uintptr_t index = 0;
  for (unsigned i = 0; topology && i < sharc_mpmd_topology_num_meshes(topology); i++) {
    sharc_str name = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i));
    if (!is_schedulable(name))
      continue;
    sharc_ident *key = sharc_ident_get(ctx, name);
    if (!sharc_ptrmap_get(out, key)) /* the first of equal names, as a linear search finds */
      sharc_ptrmap_put(out, key, (void *)(index + 1));
    index++;
  }
}

/* ---- block index and dependency paths ------------------------------------------------------ */

void sharc_mpmd_block_index_build(sharc_mpmd_block_index *bi, sharc_block *block) {
  memset(bi, 0, sizeof *bi);
  bi->block = block;
  unsigned n = 0;
  for (sharc_op *op = sharc_block_first_op(block); op; op = sharc_op_next(op))
    n++;
  bi->ops = sharc_xmalloc_array((size_t)n + 1, sizeof *bi->ops);
  bi->stamp = sharc_xcalloc((size_t)n + 1, sizeof *bi->stamp);
  for (sharc_op *op = sharc_block_first_op(block); op; op = sharc_op_next(op)) {
    bi->ops[bi->n++] = op;
    sharc_ptrmap_put(&bi->pos, op, (void *)(uintptr_t)bi->n);
  }
}

void sharc_mpmd_block_index_free(sharc_mpmd_block_index *bi) {
  free(bi->ops);
  free(bi->stamp);
  sharc_ptrmap_free(&bi->pos);
  memset(bi, 0, sizeof *bi);
}

int sharc_mpmd_block_index_of(const sharc_mpmd_block_index *bi, const sharc_op *op) {
  for (; op; op = sharc_op_parent_op(op)) {
    uintptr_t p = (uintptr_t)sharc_ptrmap_get(&bi->pos, op);
    if (p)
      return (int)p - 1;
    if (sharc_op_block(op) == bi->block)
      return -1;
  }
  return -1;
}

void sharc_mpmd_push_unvisited_users(const sharc_mpmd_block_index *bi, unsigned cur,
                                     sharc_mpmd_index_stack *stack) {
  sharc_op *op = bi->ops[cur];
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      int user = sharc_mpmd_block_index_of(bi, sharc_use_owner(u));
      if (user >= 0 && bi->stamp[user] != bi->epoch)
        sharc_vec_push(stack, (unsigned)user);
    }
}

bool sharc_mpmd_has_dependency_path(sharc_mpmd_block_index *bi, const sharc_op *src,
                                    const sharc_op *tgt) {
  int target = sharc_mpmd_block_index_of(bi, tgt), start = sharc_mpmd_block_index_of(bi, src);
  if (target < 0 || start < 0)
    return false;
  unsigned epoch = ++bi->epoch;
  sharc_mpmd_index_stack stack = {0};
  sharc_vec_push(&stack, (unsigned)start);
  bool found = false;
  while (stack.len && !found) {
    unsigned cur = sharc_vec_pop(&stack);
    if (bi->stamp[cur] == epoch)
      continue;
    bi->stamp[cur] = epoch;
    if (cur > (unsigned)target)
      continue;
    if (cur == (unsigned)target) {
      found = true;
      break;
    }
    sharc_mpmd_push_unvisited_users(bi, cur, &stack);
  }
  sharc_vec_free(&stack);
  return found;
}

/* ---- control dependencies -------------------------------------------------------------------- */

void sharc_mpmd_add_control_dependency(sharc_op *first, sharc_op *second, sharc_rewriter *rw) {
  sharc_context *ctx = rw->ctx;
  unsigned n = sharc_op_num_operands(second);
  if (!sharc_op_attr(second, SHARC_MPMD_CONTROL_OPERAND_START_ATTR))
    sharc_rw_set_attr(rw, second, SHARC_MPMD_CONTROL_OPERAND_START_ATTR,
                      sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), n));
  sharc_mpmd_append_operand(rw, second, sharc_op_result(first, 0));
}

static sharc_walk_result remove_controls(sharc_op *fragment, void *user) {
  sharc_rewriter *rw = user;
  sharc_attr *start = sharc_op_attr(fragment, SHARC_MPMD_CONTROL_OPERAND_START_ATTR);
  if (!start || sharc_attr_get_kind(start) != SHARC_ATTR_INTEGER)
    return SHARC_WALK_ADVANCE;
  int64_t keep = sharc_attr_int_value(start);
  unsigned n = sharc_op_num_operands(fragment);
  if (keep >= 0 && keep < (int64_t)n) {
    sharc_value **operands = sharc_op_operand_values(fragment);
    sharc_op_set_operands(fragment, operands, (unsigned)keep);
    free(operands);
  }
  sharc_rw_set_attr(rw, fragment, SHARC_MPMD_CONTROL_OPERAND_START_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

void sharc_mpmd_remove_all_control_dependencies(sharc_op *func, sharc_rewriter *rw) {
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, remove_controls, rw);
}

/* ---- sortTopologically ------------------------------------------------------------------------- */

typedef SHARC_VEC(unsigned) index_vec;

typedef struct sorter {
  sharc_mpmd_block_index bi;
  unsigned n;          /* ops sorted: the block's, its terminator left out */
  index_vec *deps;     /* per op: the ops it must come after */
} sorter;

typedef struct dep_walk {
  sorter *s;
  unsigned self;
} dep_walk;

static void add_value_dep(sorter *s, unsigned self, sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  if (!def)
    return;
  int d = sharc_mpmd_block_index_of(&s->bi, def);
  if (d >= 0 && (unsigned)d != self && (unsigned)d < s->n)
    sharc_vec_push(&s->deps[self], (unsigned)d);
}

static sharc_walk_result collect_nested(sharc_op *op, void *user) {
  dep_walk *w = user;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    add_value_dep(w->s, w->self, sharc_op_operand(op, i));
  /* nothing inside an isolated op can name a value of the block */
  return sharc_op_has_trait(op, SHARC_TRAIT_ISOLATED) ? SHARC_WALK_SKIP : SHARC_WALK_ADVANCE;
}

static void collect_deps(sorter *s, unsigned i) {
  sharc_op *op = s->bi.ops[i];
  for (unsigned k = 0; k < sharc_op_num_operands(op); k++)
    add_value_dep(s, i, sharc_op_operand(op, k));
  if (sharc_op_has_trait(op, SHARC_TRAIT_ISOLATED))
    return;
  dep_walk w = {s, i};
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    sharc_walk_region(sharc_op_region(op, r), SHARC_PRE_ORDER, collect_nested, &w);
}

unsigned *sharc_mpmd_block_levels(const sharc_mpmd_block_index *bi) {
  sorter s = {*bi, bi->n, sharc_xcalloc((size_t)bi->n + 1, sizeof(index_vec))};
  unsigned *level = sharc_xmalloc_array((size_t)bi->n + 1, sizeof *level);
  for (unsigned i = 0; i < s.n; i++) {
    collect_deps(&s, i);
    level[i] = 1;
    for (unsigned k = 0; k < s.deps[i].len; k++) {
      unsigned d = s.deps[i].items[k];
      if (d < i && level[d] + 1 > level[i])
        level[i] = level[d] + 1;
    }
    sharc_vec_free(&s.deps[i]);
  }
  free(s.deps);
  return level;
}

/* Rounds of MLIR's algorithm without a cycle: an op is scheduled in the
 * round after the latest of its dependencies placed after it, in the same
 * round as those placed before it. Kahn's order computes them; returns
 * false on a cycle. */
static bool rounds_of(sorter *s, unsigned *round) {
  unsigned n = s->n;
  unsigned *indegree = sharc_xcalloc((size_t)n + 1, sizeof *indegree);
  index_vec *users = sharc_xcalloc((size_t)n + 1, sizeof *users);
  unsigned *queue = sharc_xmalloc_array((size_t)n + 1, sizeof *queue);
  for (unsigned i = 0; i < n; i++)
    for (unsigned k = 0; k < s->deps[i].len; k++) {
      sharc_vec_push(&users[s->deps[i].items[k]], i);
      indegree[i]++;
    }
  unsigned head = 0, tail = 0;
  for (unsigned i = 0; i < n; i++) {
    round[i] = 1;
    if (!indegree[i])
      queue[tail++] = i;
  }
  while (head < tail) {
    unsigned d = queue[head++];
    for (unsigned k = 0; k < users[d].len; k++) {
      unsigned u = users[d].items[k];
      unsigned r = round[d] + (d > u);
      if (r > round[u])
        round[u] = r;
      if (!--indegree[u])
        queue[tail++] = u;
    }
  }
  for (unsigned i = 0; i < n; i++)
    sharc_vec_free(&users[i]);
  free(users);
  free(indegree);
  free(queue);
  return tail == n;
}

/* MLIR's algorithm as it is, for blocks with a cycle: rounds over the
 * unscheduled ops in order, and when a round schedules nothing the first
 * of them is taken as it is. */
static void mlir_order(sorter *s, unsigned *order) {
  unsigned n = s->n, done = 0;
  bool *pending = sharc_xmalloc_array((size_t)n + 1, sizeof *pending);
  unsigned *rest = sharc_xmalloc_array((size_t)n + 1, sizeof *rest);
  for (unsigned i = 0; i < n; i++) {
    pending[i] = true;
    rest[i] = i;
  }
  unsigned n_rest = n;
  while (n_rest) {
    unsigned kept = 0, before = done;
    for (unsigned j = 0; j < n_rest; j++) {
      unsigned op = rest[j];
      bool ready = true;
      for (unsigned k = 0; k < s->deps[op].len && ready; k++)
        ready = !pending[s->deps[op].items[k]];
      if (ready) {
        pending[op] = false;
        order[done++] = op;
      } else {
        rest[kept++] = op;
      }
    }
    n_rest = kept;
    if (done == before) {
      pending[rest[0]] = false;
      order[done++] = rest[0];
      memmove(rest, rest + 1, (size_t)(n_rest - 1) * sizeof *rest);
      n_rest--;
    }
  }
  free(pending);
  free(rest);
}

static void apply_order(sorter *s, const unsigned *order, sharc_rewriter *rw) {
  bool same = true;
  for (unsigned i = 0; i < s->n && same; i++)
    same = order[i] == i;
  if (same)
    return;
  sharc_op *anchor = s->n < s->bi.n ? s->bi.ops[s->n] : NULL;
  for (unsigned i = 0; i < s->n; i++) {
    sharc_op *op = s->bi.ops[order[i]];
    if (anchor)
      sharc_rw_move_before(rw, op, anchor);
    else
      sharc_rw_move_to_end(rw, op, s->bi.block);
  }
}

typedef struct ranked {
  unsigned round, index;
} ranked;

sharc_mpmd_sort_result sharc_mpmd_sort_topologically(sharc_block *block,
                                                     const sharc_mpmd_edge *extra,
                                                     unsigned n_extra, bool on_cycle_unchanged,
                                                     sharc_rewriter *rw) {
  sorter s;
  sharc_mpmd_block_index_build(&s.bi, block);
  s.n = s.bi.n;
  if (s.n && sharc_op_has_trait(s.bi.ops[s.n - 1], SHARC_TRAIT_TERMINATOR))
    s.n--;
  s.deps = sharc_xcalloc((size_t)s.n + 1, sizeof *s.deps);
  unsigned *round = sharc_xmalloc_array((size_t)s.n + 1, sizeof *round);
  unsigned *order = sharc_xmalloc_array((size_t)s.n + 1, sizeof *order);
  for (unsigned i = 0; i < s.n; i++)
    collect_deps(&s, i);
  for (unsigned e = 0; e < n_extra; e++) {
    int from = sharc_mpmd_block_index_of(&s.bi, extra[e].from);
    int to = sharc_mpmd_block_index_of(&s.bi, extra[e].to);
    if (from >= 0 && to >= 0 && from != to && (unsigned)from < s.n && (unsigned)to < s.n)
      sharc_vec_push(&s.deps[to], (unsigned)from);
  }
  sharc_mpmd_sort_result result = SHARC_MPMD_SORTED;
  if (rounds_of(&s, round)) {
    /* a counting sort by round, block order within a round */
    unsigned max_round = 0;
    for (unsigned i = 0; i < s.n; i++)
      if (round[i] > max_round)
        max_round = round[i];
    unsigned *start = sharc_xcalloc((size_t)max_round + 2, sizeof *start);
    for (unsigned i = 0; i < s.n; i++)
      start[round[i] + 1]++;
    for (unsigned r = 1; r <= max_round + 1; r++)
      start[r] += start[r - 1];
    for (unsigned i = 0; i < s.n; i++)
      order[start[round[i]]++] = i;
    free(start);
    apply_order(&s, order, rw);
  } else if (on_cycle_unchanged) {
    result = SHARC_MPMD_SORT_UNCHANGED;
  } else {
    mlir_order(&s, order);
    apply_order(&s, order, rw);
    result = SHARC_MPMD_SORT_CYCLIC;
  }
  for (unsigned i = 0; i < s.n; i++)
    sharc_vec_free(&s.deps[i]);
  free(s.deps);
  free(round);
  free(order);
  sharc_mpmd_block_index_free(&s.bi);
  return result;
}

/* ---- computeTopologicalSorting ---------------------------------------------------------------- */

typedef struct ready_walk {
  const sharc_ptrmap *unscheduled;
  sharc_op *self;
  bool ready;
} ready_walk;

static sharc_walk_result check_ready(sharc_op *op, void *user) {
  ready_walk *w = user;
  for (unsigned i = 0; i < sharc_op_num_operands(op) && w->ready; i++) {
    for (sharc_op *p = sharc_value_defining_op(sharc_op_operand(op, i)); p; p = sharc_op_parent_op(p)) {
      if (p == w->self)
        break;
      if (sharc_ptrmap_get(w->unscheduled, p)) {
        w->ready = false;
        break;
      }
    }
  }
  return w->ready ? SHARC_WALK_ADVANCE : SHARC_WALK_INTERRUPT;
}

bool sharc_mpmd_compute_topological_sorting(sharc_op **ops, unsigned n) {
  sharc_ptrmap unscheduled = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_ptrmap_put(&unscheduled, ops[i], (void *)1);
  unsigned next = 0, left = n;
  bool all = true;
  while (left) {
    bool any = false;
    for (unsigned i = next; i < n; i++) {
      ready_walk w = {&unscheduled, ops[i], true};
      sharc_walk(ops[i], SHARC_PRE_ORDER, check_ready, &w);
      if (!w.ready)
        continue;
      sharc_ptrmap_put(&unscheduled, ops[i], NULL);
      left--;
      sharc_op *t = ops[i];
      ops[i] = ops[next];
      ops[next] = t;
      any = true;
      next++;
    }
    if (!any) {
      all = false;
      sharc_ptrmap_put(&unscheduled, ops[next++], NULL);
      left--;
    }
  }
  sharc_ptrmap_free(&unscheduled);
  return all;
}

/* -sdy-sharding-group-import: checks that the members of each sharding
 * group share their manual computation (or none) and their shape, then
 * merges groups that share a value (transitively) and renumbers them
 * 0..N-1, and drops a group's repeated ops on the same value.
 *
 * The merge follows LLVM's EquivalenceClasses as Shardy uses it: a union
 * keeps the leader of the tensor's first group, and the new ids go to the
 * leaders in the order their ids were first seen. */
#include "dialect/sdy/sdy_ops.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(unsigned) index_vec;

typedef struct group_state {
  sharc_rewriter rw;
  op_vec ops;         /* every sharding group op, in walk order */
  unsigned *group;    /* per op: its group id's dense index */
  unsigned num_groups;
  index_vec by_tensor; /* op indices, grouped by input value in first-seen order */
  index_vec tensor_starts;
} group_state;

static int64_t group_id(const sharc_op *op) {
  return sharc_attr_int_value(sharc_op_attr(op, "group_id"));
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  sharc_vec_push((op_vec *)user, op);
  return SHARC_WALK_ADVANCE;
}

typedef struct id_entry {
  int64_t id;
  unsigned op;
} id_entry;

static int by_id(const void *a, const void *b) {
  const id_entry *x = a, *y = b;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return x->op < y->op ? -1 : x->op > y->op;
}

/* Dense indices for the group ids, so the maps below are arrays. */
static void number_groups(group_state *st) {
  unsigned n = st->ops.len;
  id_entry *ids = sharc_xmalloc_array(n ? n : 1, sizeof *ids);
  st->group = sharc_xmalloc_array(n ? n : 1, sizeof *st->group);
  for (unsigned i = 0; i < n; i++)
    ids[i] = (id_entry){group_id(st->ops.items[i]), i};
  qsort(ids, n, sizeof *ids, by_id);
  for (unsigned i = 0; i < n; i++) {
    if (i > 0 && ids[i].id != ids[i - 1].id)
      st->num_groups++;
    st->group[ids[i].op] = st->num_groups;
  }
  if (n)
    st->num_groups++;
  free(ids);
}

static sharc_op *manual_parent(sharc_op *op) {
  for (sharc_op *p = sharc_op_parent_op(op); p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, &sharc_sdy_manual_computation_def))
      return p;
  return NULL;
}

static bool same_shape(const sharc_type *a, const sharc_type *b) {
  bool ra = sharc_type_is_shaped(a) && sharc_type_has_rank(a);
  bool rb = sharc_type_is_shaped(b) && sharc_type_has_rank(b);
  if (!ra || !rb)
    return ra == rb;
  unsigned rank = sharc_type_rank(a);
  if (rank != sharc_type_rank(b))
    return false;
  const int64_t *x = sharc_type_shape(a), *y = sharc_type_shape(b);
  for (unsigned i = 0; i < rank; i++)
    if (x[i] != y[i])
      return false;
  return true;
}

/* Every member of a group in one manual computation (or none) and of one
 * shape; the first op breaking that gets the error. */
static bool validate(group_state *st) {
  sharc_op **first = sharc_xcalloc(st->num_groups ? st->num_groups : 1, sizeof *first);
  bool ok = true;
  for (unsigned i = 0; ok && i < st->ops.len; i++) {
    sharc_op *op = st->ops.items[i], *seen = first[st->group[i]];
    if (!seen) {
      first[st->group[i]] = op;
      continue;
    }
    const char *what = NULL;
    if (manual_parent(seen) != manual_parent(op))
      what = "ShardingGroupOps values cannot cross ManualComputationOp boundaries";
    else if (!same_shape(sharc_value_type(sharc_op_operand(seen, 0)),
                         sharc_value_type(sharc_op_operand(op, 0))))
      what = "ShardingGroupOps values must have the same shape";
    if (what) {
      sharc_emit_op(op, SHARC_SEV_ERROR, "%s for groupId: %lld",
                 what, (long long)group_id(op));
      ok = false;
    }
  }
  free(first);
  return ok;
}

/* Op indices grouped by input value, values in first-seen order and each
 * value's ops in walk order (Shardy's MapVector from value to ops). */
static void group_by_tensor(group_state *st) {
  unsigned n = st->ops.len, num_tensors = 0;
  sharc_ptrmap tensor_of = {0};
  unsigned *tensor = sharc_xmalloc_array(n ? n : 1, sizeof *tensor);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(st->ops.items[i], 0);
    uintptr_t t = (uintptr_t)sharc_ptrmap_get(&tensor_of, v);
    if (!t) {
      t = ++num_tensors;
      sharc_ptrmap_put(&tensor_of, v, (void *)t);
    }
    tensor[i] = (unsigned)t - 1;
  }
  sharc_vec_reserve(&st->tensor_starts, num_tensors + 1);
  st->tensor_starts.len = num_tensors + 1;
  for (unsigned t = 0; t <= num_tensors; t++)
    st->tensor_starts.items[t] = 0;
  for (unsigned i = 0; i < n; i++)
    st->tensor_starts.items[tensor[i] + 1]++;
  for (unsigned t = 0; t < num_tensors; t++)
    st->tensor_starts.items[t + 1] += st->tensor_starts.items[t];
  sharc_vec_reserve(&st->by_tensor, n);
  st->by_tensor.len = n;
  unsigned *fill = sharc_xcalloc(num_tensors ? num_tensors : 1, sizeof *fill);
  for (unsigned i = 0; i < n; i++)
    st->by_tensor.items[st->tensor_starts.items[tensor[i]] + fill[tensor[i]]++] = i;
  free(fill);
  free(tensor);
  sharc_ptrmap_free(&tensor_of);
}

static unsigned find(unsigned *parent, unsigned x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

/* The new id of every dense group index. */
static unsigned *unify(group_state *st) {
  unsigned g = st->num_groups ? st->num_groups : 1;
  unsigned *parent = sharc_xmalloc_array(g, sizeof *parent),
           *rank = sharc_xmalloc_array(g, sizeof *rank);
  unsigned *by_rank = sharc_xmalloc_array(g, sizeof *by_rank),
           *new_id = sharc_xmalloc_array(g, sizeof *new_id);
  unsigned members = 0;
  for (unsigned i = 0; i < st->num_groups; i++) {
    parent[i] = i;
    rank[i] = UINT32_MAX;
  }
  unsigned num_tensors = st->tensor_starts.len ? st->tensor_starts.len - 1 : 0;
  for (unsigned t = 0; t < num_tensors; t++) {
    unsigned begin = st->tensor_starts.items[t], end = st->tensor_starts.items[t + 1];
    unsigned canonical = st->group[st->by_tensor.items[begin]];
    for (unsigned k = begin; k < end; k++) {
      unsigned other = st->group[st->by_tensor.items[k]];
      unsigned seen[2] = {canonical, other};
      for (unsigned s = 0; s < 2; s++)
        if (rank[seen[s]] == UINT32_MAX) {
          rank[seen[s]] = members;
          by_rank[members++] = seen[s];
        }
      unsigned a = find(parent, canonical), b = find(parent, other);
      if (a != b)
        parent[b] = a;
    }
  }
  unsigned next = 0;
  for (unsigned r = 0; r < members; r++)
    if (find(parent, by_rank[r]) == by_rank[r])
      new_id[by_rank[r]] = next++;
  for (unsigned i = 0; i < st->num_groups; i++)
    new_id[i] = new_id[find(parent, i)];
  free(parent);
  free(rank);
  free(by_rank);
  return new_id;
}

/* Renumbers every op, then erases the ops repeating a value in its group. */
static void rewrite_groups(group_state *st, const unsigned *new_id) {
  sharc_context *ctx = st->rw.ctx;
  sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
  unsigned n = st->by_tensor.len;
  /* per new group, its ops in the order Shardy lists them */
  unsigned *count = sharc_xcalloc(st->num_groups + 1, sizeof *count);
  unsigned *order = sharc_xmalloc_array(n ? n : 1, sizeof *order);
  for (unsigned k = 0; k < n; k++) {
    unsigned i = st->by_tensor.items[k];
    unsigned id = new_id[st->group[i]];
    sharc_rw_set_attr(&st->rw, st->ops.items[i], "group_id", sharc_attr_integer(ctx, i64, id));
    count[id + 1]++;
  }
  for (unsigned id = 0; id < st->num_groups; id++)
    count[id + 1] += count[id];
  for (unsigned k = 0; k < n; k++) {
    unsigned i = st->by_tensor.items[k];
    order[count[new_id[st->group[i]]]++] = i;
  }
  /* count[id] now ends group id; values seen are tagged with their group */
  sharc_ptrmap seen = {0};
  for (unsigned k = 0, id = 0; k < n; k++) {
    while (k >= count[id])
      id++;
    sharc_op *op = st->ops.items[order[k]];
    sharc_value *v = sharc_op_operand(op, 0);
    if ((uintptr_t)sharc_ptrmap_get(&seen, v) == (uintptr_t)id + 1) {
      sharc_rw_erase_op(&st->rw, op);
      continue;
    }
    sharc_ptrmap_put(&seen, v, (void *)((uintptr_t)id + 1));
  }
  sharc_ptrmap_free(&seen);
  free(count);
  free(order);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  group_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_group_def, collect, &st.ops);
  number_groups(&st);
  bool ok = validate(&st);
  if (ok && st.ops.len) {
    group_by_tensor(&st);
    unsigned *new_id = unify(&st);
    rewrite_groups(&st, new_id);
    free(new_id);
  }
  sharc_vec_free(&st.ops);
  sharc_vec_free(&st.by_tensor);
  sharc_vec_free(&st.tensor_starts);
  free(st.group);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_sharding_group_import = {
    .flag = "sdy-sharding-group-import",
    .display_name = "ShardingGroupImportPass",
    .summary = "Canonicalization and validation pass for sharding groups.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

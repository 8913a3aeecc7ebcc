/* StableHLO's replica_groups rules for the collectives (verifyReplicaGroups
 * of TypeInference.cpp): a rank-2 table of distinct replica ids covering
 * 0..n-1, -1 padding only where groups may differ in size; and
 * collective_permute's source_target_pairs (verifyCollectivePermuteOp). */
#include "dialect/stablehlo/shlo.h"
#include "support/checked.h"

#include <stdlib.h>

/* An open-addressing set of replica ids: programs can have many replicas,
 * so membership must not cost a walk over the ids seen so far. */
typedef struct id_set {
  int64_t *slots;
  bool *used;
  size_t cap, count;
} id_set;

static void id_set_init(id_set *s, size_t expected) {
  s->cap = 16;
  while (s->cap < 2 * expected)
    s->cap *= 2;
  s->slots = malloc(s->cap * sizeof *s->slots);
  s->used = calloc(s->cap, sizeof *s->used);
  s->count = 0;
  if (!s->slots || !s->used)
    abort();
}

static size_t id_slot(const id_set *s, int64_t id) {
  uint64_t h = (uint64_t)id * 0x9E3779B97F4A7C15u;
  size_t i = (size_t)(h >> 17) & (s->cap - 1);
  while (s->used[i] && s->slots[i] != id)
    i = (i + 1) & (s->cap - 1);
  return i;
}

/* False when `id` was already there. */
static bool id_set_insert(id_set *s, int64_t id) {
  size_t i = id_slot(s, id);
  if (s->used[i])
    return false;
  s->used[i] = true;
  s->slots[i] = id;
  s->count++;
  return true;
}

static bool id_set_contains(const id_set *s, int64_t id) {
  return s->used[id_slot(s, id)];
}

static void id_set_free(id_set *s) {
  free(s->slots);
  free(s->used);
}

/* Element `i` of an integer dense elements attribute, sign-extended. */
static int64_t dense_int_at(const sharc_attr *a, size_t i) {
  uint64_t raw = a->dense.splat ? a->dense.raw[0] : a->dense.raw[i];
  const sharc_type *elem = sharc_type_element(a->type);
  unsigned width = elem && elem->kind == SHARC_TYPE_INTEGER ? elem->integer.width : 64;
  if (width == 0 || width >= 64)
    return (int64_t)raw;
  uint64_t sign = (uint64_t)1 << (width - 1);
  raw &= (sign << 1) - 1;
  return (int64_t)((raw ^ sign) - sign);
}

static bool check_ids(sharc_op *op, const sharc_attr *groups, size_t n, bool same_size) {
  id_set seen;
  id_set_init(&seen, n);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    int64_t id = dense_int_at(groups, i);
    if (id == -1) {
      if (!same_size)
        continue;
      sharc_shlo_error(op, "Invalid replica id -1");
      ok = false;
    } else if (!id_set_insert(&seen, id)) {
      sharc_shlo_error(op, "replica id #%lld seen more than once", (long long)id);
      ok = false;
    }
  }
  for (size_t id = 0; ok && id < seen.count; id++)
    if (!id_set_contains(&seen, (int64_t)id)) {
      sharc_shlo_error(op, "replica id #%zu not seen in replica groups", id);
      ok = false;
    }
  id_set_free(&seen);
  return ok;
}

/* `expected_group_size` < 0: any size. */
static bool verify_replica_groups(sharc_op *op, bool same_size, int64_t expected_group_size) {
  sharc_attr *groups = sharc_op_attr(op, "replica_groups");
  if (!groups || groups->kind != SHARC_ATTR_DENSE_ELEMENTS || !sharc_shlo_ranked(groups->type))
    return true;
  const sharc_type *t = groups->type;
  if (t->shaped.rank != 2) {
    sharc_shlo_error(op, "replica groups should be a rank 2 tensor");
    return false;
  }
  sharc_attr *global = sharc_op_attr(op, "use_global_device_ids");
  /* a parsed dense attribute's element count fits int64 */
  int64_t rows = t->shaped.shape[0], n = sharc_mul_wrap(rows, t->shaped.shape[1]);
  if (global && global->kind == SHARC_ATTR_UNIT && n == 0) {
    sharc_shlo_error(op, "if `use_global_device_ids` is set, the replica groups cannot be empty");
    return false;
  }
  if (!check_ids(op, groups, (size_t)n, same_size))
    return false;
  if (same_size && expected_group_size >= 0 && (rows == 0 || n / rows != expected_group_size)) {
    sharc_shlo_error(op, "group size of replica_groups must be %lld", (long long)expected_group_size);
    return false;
  }
  return true;
}

bool sharc_shlo_verify_all_gather(sharc_op *op) {
  return verify_replica_groups(op, true, -1);
}

bool sharc_shlo_verify_all_reduce(sharc_op *op) {
  return verify_replica_groups(op, false, -1) && sharc_shlo_verify_collective_reducer(op);
}

bool sharc_shlo_verify_reduce_scatter(sharc_op *op) {
  return verify_replica_groups(op, true, -1) && sharc_shlo_verify_collective_reducer(op);
}

bool sharc_shlo_verify_collective_reduce(sharc_op *op) {
  return verify_replica_groups(op, false, -1);
}

bool sharc_shlo_verify_all_to_all(sharc_op *op) {
  sharc_attr *split = sharc_op_attr(op, "split_count");
  int64_t count = split && split->kind == SHARC_ATTR_INTEGER ? sharc_attr_int_value(split) : -1;
  return verify_replica_groups(op, true, count);
}

/* Sources and targets are each unique, and ids are non-negative. */
static bool check_pairs(sharc_op *op, const sharc_attr *pairs, size_t n) {
  id_set sources, targets;
  id_set_init(&sources, n / 2);
  id_set_init(&targets, n / 2);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    int64_t id = dense_int_at(pairs, i);
    if (id < 0) {
      sharc_shlo_error(op, "replica ids in source_target_pairs must be >= 0.");
      ok = false;
    } else if (!id_set_insert(i % 2 ? &targets : &sources, id)) {
      sharc_shlo_error(op, "duplicate %s not allowed.", i % 2 ? "targets" : "sources");
      ok = false;
    }
  }
  id_set_free(&sources);
  id_set_free(&targets);
  return ok;
}

bool sharc_shlo_verify_collective_permute(sharc_op *op) {
  sharc_attr *pairs = sharc_op_attr(op, "source_target_pairs");
  if (!pairs || pairs->kind != SHARC_ATTR_DENSE_ELEMENTS || !sharc_shlo_ranked(pairs->type))
    return true;
  const sharc_type *t = pairs->type;
  if (t->shaped.rank != 2) {
    sharc_shlo_error(op, "expect source_target_pairs attribute to be of rank 2, but got rank %u",
               t->shaped.rank);
    return false;
  }
  if (t->shaped.shape[1] != 2) {
    sharc_shlo_error(op, "expect source_target_pairs attribute of shape (N, 2), but got (%lld, %lld)",
               (long long)t->shaped.shape[0], (long long)t->shaped.shape[1]);
    return false;
  }
  return check_pairs(op, pairs, (size_t)sharc_mul_wrap(t->shaped.shape[0], 2));
}

/* StableHLO's replica_groups rules for the collectives (verifyReplicaGroups
 * of TypeInference.cpp): a rank-2 table of distinct replica ids covering
 * 0..n-1, -1 padding only where groups may differ in size; and
 * collective_permute's source_target_pairs (verifyCollectivePermuteOp). */
#include "dialect/stablehlo/shlo.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

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
  s->slots = sharc_xmalloc_array(s->cap, sizeof *s->slots);
  s->used = sharc_xcalloc(s->cap, sizeof *s->used);
  s->count = 0;
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

static bool check_ids(sharc_op *op, const sharc_attr *groups, size_t n, bool same_size) {
  id_set seen;
  id_set_init(&seen, n);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    int64_t id = sharc_attr_dense_int(groups, i);
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

/* ---- reducer regions ------------------------------------------------- */

static sharc_type *value_type(sharc_value *v) { return sharc_value_type(v); }

static bool is_shaped(const sharc_type *t) {
  return t && (t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR);
}

static const sharc_type *elem_or_self(const sharc_type *t) {
  return is_shaped(t) ? sharc_type_element(t) : t;
}

/* The reducer of a single-input collective: one operand against a scalar
 * init of its element type. */
static bool verify_reducer(sharc_op *op, const sharc_type *input) {
  sharc_context *ctx = sharc_op_context(op);
  const sharc_type *init = sharc_type_tensor(ctx, NULL, 0, sharc_type_element(input), NULL);
  return sharc_shlo_verify_reducer(op, sharc_region_first_block(sharc_op_region(op, 0)), &input,
                                   &init, 1, NULL, 0);
}

/* getAccumulatorTypesOrInputTypes for one input: the element type the
 * reducer returns, or the input's when the region is empty. */
static sharc_type *accumulator_elem(sharc_op *op, const sharc_type *input) {
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *ret = block ? sharc_block_last_op(block) : NULL;
  if (!ret || sharc_op_num_operands(ret) == 0)
    return sharc_type_element(input);
  const sharc_type *t = value_type(sharc_op_operand(ret, 0));
  return is_shaped(t) ? sharc_type_element(t) : NULL;
}

/* getSameShapeTensorType: the input's shape and encoding, another element. */
static sharc_type *same_shape(sharc_op *op, const sharc_type *input, sharc_type *elem) {
  sharc_context *ctx = sharc_op_context(op);
  if (input->kind != SHARC_TYPE_TENSOR)
    return sharc_type_unranked_tensor(ctx, elem);
  return sharc_type_tensor(ctx, input->shaped.shape, input->shaped.rank, elem,
                           input->shaped.encoding);
}

/* ---- attributes -------------------------------------------------------- */

static bool global_device_ids(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "use_global_device_ids");
  return a && (a->kind == SHARC_ATTR_UNIT || (a->kind == SHARC_ATTR_BOOL && sharc_attr_bool_value(a)));
}

static bool has_dynamic_root(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "has_dynamic_root");
  return a && (a->kind == SHARC_ATTR_UNIT || (a->kind == SHARC_ATTR_BOOL && sharc_attr_bool_value(a)));
}

static int64_t channel_id(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "channel_handle");
  return a && sharc_shlo_struct_field(a, &sharc_shlo_channel_handle_def, 0)
             ? sharc_shlo_struct_int(a, &sharc_shlo_channel_handle_def, 0)
             : 0;
}

static int64_t int_attr(const sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && a->kind == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : 0;
}

static bool channel_positive(sharc_op *op) {
  int64_t id = channel_id(op);
  if (!global_device_ids(op) || id > 0)
    return true;
  sharc_shlo_error(op, "channel_id must be positive when useGlobalDeviceIds is set but got: %lld",
                   (long long)id);
  return false;
}

/* ---- the ops ----------------------------------------------------------- */

/* HLO_PairwiseSameOperandAndResultElementType. */
bool sharc_shlo_pairwise_same_element_type(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  if (n != sharc_op_num_results(op)) {
    sharc_emit_op_error(op, "requires the same number of operands and results");
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (elem_or_self(value_type(sharc_op_operand(op, i))) !=
        elem_or_self(value_type(sharc_op_result(op, i)))) {
      sharc_emit_op_error(op, "requires the same element type for operand and result at index %u",
                          i);
      return false;
    }
  return true;
}

bool sharc_shlo_verify_all_gather(sharc_op *op) {
  if (!sharc_shlo_pairwise_same_element_type(op) || !verify_replica_groups(op, true, -1))
    return false;
  if (global_device_ids(op) && channel_id(op) < 0) {
    sharc_shlo_error(op, "channel_id cannot be negative when useGlobalDeviceIds is set");
    return false;
  }
  int64_t dim = int_attr(op, "all_gather_dim");
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *in = sharc_shlo_ranked(value_type(sharc_op_operand(op, i)));
    const sharc_type *out = sharc_shlo_ranked(value_type(sharc_op_result(op, i)));
    if (!in || !out)
      continue;
    if (dim >= (int64_t)in->shaped.rank) {
      sharc_shlo_error(op, "all_gather_dim must be a valid index of operand");
      return false;
    }
    int64_t in_size = in->shaped.shape[dim];
    if (in_size == 0) {
      sharc_shlo_error(op, "dimension size of operand at 'all_gather_dim' cannot be zero");
      return false;
    }
    if (out->shaped.rank != in->shaped.rank) {
      sharc_shlo_error(op, "operand and result must have the same rank");
      return false;
    }
    for (unsigned d = 0; d < in->shaped.rank; d++) {
      int64_t a = out->shaped.shape[d], b = in->shaped.shape[d];
      if ((int64_t)d == dim || a == SHARC_DYNAMIC || b == SHARC_DYNAMIC || a == b)
        continue;
      sharc_shlo_error(op, "operand and result should have the same shape except for the "
                       "dimension size at 'all_gather_dim'");
      return false;
    }
    int64_t out_size = out->shaped.shape[dim];
    if (in_size == SHARC_DYNAMIC || out_size == SHARC_DYNAMIC)
      return true;
    if (out_size % in_size != 0) {
      sharc_shlo_error(op, "result gather dimension has size %lld, expected to be a multiple of "
                       "operand gather dimension size %lld", (long long)out_size,
                       (long long)in_size);
      return false;
    }
  }
  return true;
}

/* The results of a reducing collective over its first `n` operands: each
 * operand's shape with the reducer's element type, which the reducer
 * infers from operand #0's type (all_reduce) or from each operand's own. */
static bool infer_reduced_results(sharc_op *op, unsigned n, bool elem_of_first) {
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    const sharc_type *in = value_type(sharc_op_operand(op, i));
    sharc_type *elem = accumulator_elem(op, elem_of_first ? value_type(sharc_op_operand(op, 0)) : in);
    ok = elem && is_shaped(in);
    if (ok)
      types[i] = same_shape(op, in, elem);
  }
  ok = ok && sharc_shlo_check_inferred_all(op, types, n);
  free(types);
  return ok;
}

/* inferAllReduceOp: each operand's shape, the reducer's element type. */
bool sharc_shlo_infer_all_reduce(sharc_op *op) {
  return infer_reduced_results(op, sharc_op_num_operands(op), true);
}

bool sharc_shlo_verify_all_reduce(sharc_op *op) {
  if (!verify_replica_groups(op, false, -1) || !channel_positive(op))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!verify_reducer(op, value_type(sharc_op_operand(op, i))))
      return false;
  return true;
}

bool sharc_shlo_verify_reduce_scatter(sharc_op *op) {
  if (!verify_replica_groups(op, true, -1))
    return false;
  const sharc_type *in = value_type(sharc_op_operand(op, 0));
  const sharc_type *out = value_type(sharc_op_result(op, 0));
  if (!verify_reducer(op, in))
    return false;
  in = sharc_shlo_ranked(in);
  out = sharc_shlo_ranked(out);
  if (!in || !out)
    return true;
  if (in->shaped.rank != out->shaped.rank) {
    sharc_shlo_error(op, "operand and result should have same rank");
    return false;
  }
  int64_t dim = int_attr(op, "scatter_dimension");
  if (dim >= (int64_t)in->shaped.rank) {
    sharc_shlo_error(op, "scatter dim should be less than operand/result rank");
    return false;
  }
  if (!channel_positive(op))
    return false;
  int64_t in_size = in->shaped.shape[dim], out_size = out->shaped.shape[dim];
  if (in_size == SHARC_DYNAMIC || out_size == SHARC_DYNAMIC)
    return true;
  if (out_size == 0) {
    sharc_shlo_error(op, "result dimension size at scatter_dimension cannot be zero");
    return false;
  }
  if (in_size == 0) {
    sharc_shlo_error(op, "operand dimension size at scatter_dimension cannot be zero");
    return false;
  }
  if (in_size % out_size != 0) {
    sharc_shlo_error(op, "operand scatter dimension has size %lld, expected to be a multiple of "
                     "result scatter dimension size %lld", (long long)in_size, (long long)out_size);
    return false;
  }
  for (unsigned d = 0; d < in->shaped.rank; d++) {
    int64_t a = in->shaped.shape[d], b = out->shaped.shape[d];
    if ((int64_t)d == dim || a == SHARC_DYNAMIC || b == SHARC_DYNAMIC || a == b)
      continue;
    sharc_shlo_error(op, "non scatter dimensions should be same for operand (%lld) and result "
                     "(%lld)", (long long)a, (long long)b);
    return false;
  }
  sharc_type *acc = accumulator_elem(op, in);
  if (acc && acc != out->shaped.elem) {
    sharc_shlo_error(op, "result element-type is expected to be %s, but got %s",
                     sharc_shlo_type_str(acc), sharc_shlo_type_str(out->shaped.elem));
    return false;
  }
  return true;
}

/* The dynamic root of collective_broadcast / collective_reduce. */
static bool check_dynamic_root(sharc_op *op, const char *name) {
  unsigned n = sharc_op_num_operands(op);
  if (!has_dynamic_root(op)) {
    if (n == 0) {
      sharc_shlo_error(op, "%s requires at least one data operand", name);
      return false;
    }
    return true;
  }
  if (n < 2) {
    sharc_shlo_error(op, "%s with has_dynamic_root=true requires at least two operands (data + "
                     "root)", name);
    return false;
  }
  const sharc_type *root = value_type(sharc_op_operand(op, n - 1));
  const sharc_type *elem = is_shaped(root) ? sharc_type_element(root) : NULL;
  if (!sharc_shlo_ranked(root) || !elem || elem->kind != SHARC_TYPE_INTEGER ||
      elem->integer.width != 32 || elem->integer.sign != SHARC_SIGNLESS || root->shaped.rank != 1) {
    sharc_shlo_error(op, "last operand of %s with has_dynamic_root=true must be a rank-1 i32 "
                     "tensor, but got %s", name, sharc_shlo_type_str(root));
    return false;
  }
  if (root->shaped.shape[0] != (int64_t)n - 1) {
    sharc_shlo_error(op, "last operand of %s with has_dynamic_root=true must have the same "
                     "number of elements as data operands (%u), but got %lld", name, n - 1,
                     (long long)root->shaped.shape[0]);
    return false;
  }
  return true;
}

/* The data operands, passed through (the dynamic root excluded). */
bool sharc_shlo_infer_collective_broadcast(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  if (has_dynamic_root(op) && n)
    n--;
  return sharc_shlo_infer_first_operand_types(op, n);
}

bool sharc_shlo_verify_collective_broadcast(sharc_op *op) {
  sharc_attr *groups = sharc_op_attr(op, "replica_groups");
  if (groups && groups->kind == SHARC_ATTR_DENSE_ELEMENTS && sharc_shlo_ranked(groups->type)) {
    const sharc_type *t = groups->type;
    if (t->shaped.rank != 2) {
      sharc_shlo_error(op, "replica groups should be a rank 2 tensor,but instead it is of rank %u",
                       t->shaped.rank);
      return false;
    }
    size_t n = (size_t)(t->shaped.shape[0] * t->shaped.shape[1]);
    id_set seen;
    id_set_init(&seen, n);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
      int64_t id = sharc_attr_dense_int(groups, i);
      if (id < 0) {
        sharc_shlo_error(op, "replica_groups values must be positive, but was given %lld",
                         (long long)id);
        ok = false;
      } else if (!id_set_insert(&seen, id)) {
        sharc_shlo_error(op, "replica id #%lld seen more than once", (long long)id);
        ok = false;
      }
    }
    id_set_free(&seen);
    if (!ok)
      return false;
  }
  return check_dynamic_root(op, "collective_broadcast");
}

bool sharc_shlo_infer_collective_reduce(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  if (has_dynamic_root(op) && n)
    n--;
  return infer_reduced_results(op, n, false);
}

bool sharc_shlo_verify_collective_reduce(sharc_op *op) {
  if (!verify_replica_groups(op, false, -1) || !channel_positive(op) ||
      !check_dynamic_root(op, "collective_reduce"))
    return false;
  unsigned n = sharc_op_num_operands(op) - (has_dynamic_root(op) ? 1 : 0);
  for (unsigned i = 0; i < n; i++)
    if (!verify_reducer(op, value_type(sharc_op_operand(op, i))))
      return false;
  return true;
}

/* inferAllToAllOp. */
bool sharc_shlo_verify_all_to_all(sharc_op *op) {
  int64_t count = int_attr(op, "split_count");
  if (!verify_replica_groups(op, true, count))
    return false;
  int64_t split = int_attr(op, "split_dimension"), concat = int_attr(op, "concat_dimension");
  unsigned n = sharc_op_num_operands(op);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  bool ok = true;
  for (unsigned i = 0; i < n && ok; i++) {
    const sharc_type *in = sharc_shlo_ranked(value_type(sharc_op_operand(op, i)));
    if (!in) {
      types[i] = value_type(sharc_op_operand(op, i));
      continue;
    }
    unsigned rank = in->shaped.rank;
    if (split >= (int64_t)rank) {
      sharc_shlo_error(op, "AllToAll split_dimension %lld is out-of-bounds for input rank %u",
                       (long long)split, rank);
      ok = false;
      break;
    }
    if (concat >= (int64_t)rank) {
      sharc_shlo_error(op, "AllToAll concat_dimension %lld is out-of-bounds for input rank %u",
                       (long long)concat, rank);
      ok = false;
      break;
    }
    int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape);
    int64_t *bounds = sharc_xmalloc_array(rank + 1, sizeof *bounds);
    memcpy(shape, in->shaped.shape, rank * sizeof *shape);
    if (shape[split] != SHARC_DYNAMIC && shape[split] % count != 0) {
      sharc_shlo_error(op, "split dimension has size %lld, expected to be a multiple of "
                       "split_count %lld", (long long)shape[split], (long long)count);
      ok = false;
    } else {
      if (shape[split] != SHARC_DYNAMIC)
        shape[split] /= count;
      if (shape[concat] != SHARC_DYNAMIC)
        shape[concat] *= count;
      sharc_attr *enc = in->shaped.encoding, *b = sharc_shlo_bounds(in);
      if (b && sharc_attr_count(b) == rank) {
        for (unsigned d = 0; d < rank; d++)
          bounds[d] = sharc_attr_dense_array_i64(b, d);
        if (bounds[split] != SHARC_DYNAMIC)
          bounds[split] /= count;
        if (bounds[concat] != SHARC_DYNAMIC)
          bounds[concat] *= count;
        sharc_attr *f[1] = {sharc_attr_dense_i64_array(sharc_op_context(op), bounds, rank)};
        enc = sharc_shlo_struct_get(sharc_op_context(op), &sharc_shlo_type_extensions_def, f);
      }
      types[i] = sharc_type_tensor(sharc_op_context(op), shape, rank, in->shaped.elem, enc);
    }
    free(shape);
    free(bounds);
  }
  ok = ok && sharc_shlo_check_inferred_all(op, types, n);
  free(types);
  return ok;
}

/* Sources and targets are each unique, and ids are non-negative. */
static bool check_pairs(sharc_op *op, const sharc_attr *pairs, size_t n) {
  id_set sources, targets;
  id_set_init(&sources, n / 2);
  id_set_init(&targets, n / 2);
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    int64_t id = sharc_attr_dense_int(pairs, i);
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

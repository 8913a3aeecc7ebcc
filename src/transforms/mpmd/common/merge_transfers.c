/* -mpmd-merge-transfers: results of a fragment that are small (at most one
 * element), replicated, not in pinned_host memory and of one type, and
 * that transfers carry to one consumer fragment, are concatenated in the
 * producer and sent by one transfer, then sliced apart in the consumer. */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "rewrite/create_op.h"

#include <stdlib.h>

#define CONCAT_TRANSFER_ATTR "concat_transfer"
#define NUM_ELEMENTS_THRESHOLD 1

typedef SHARC_VEC(unsigned) index_vec;

static sharc_block *body_of(sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

/* GetNonConcatTransferUsers: in use order. */
static void transfer_users(sharc_value *v, sharc_ptr_vec *out) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *t = sharc_use_owner(u);
    if (sharc_op_isa(t, &sharc_mpmd_transfer_def) && !sharc_op_attr(t, CONCAT_TRANSFER_ATTR))
      sharc_vec_push(out, t);
  }
}

/* FragmentUsers: each fragment once, in use order. */
/* IsEligibleForMerging. */
static bool eligible(sharc_value *v) {
  sharc_type *t = sharc_value_type(v);
  sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
  if (kind && sharc_str_eq_cstr(sharc_attr_string_value(kind), SHARC_MPMD_PINNED_HOST))
    return false;
  if (!sharc_mpmd_mesh_tensor_is_fully_replicated(t))
    return false;
  int64_t n = sharc_type_num_elements(sharc_mpmd_mesh_tensor_global_type(t));
  return !(NUM_ELEMENTS_THRESHOLD > -1 && n > NUM_ELEMENTS_THRESHOLD);
}

/* The results to concatenate for one (tensor type, consumer), in result
 * order (a result once per transfer that brings it there). */
typedef struct concat_group {
  sharc_type *type;
  sharc_op *consumer;
  index_vec results;
} concat_group;

typedef SHARC_VEC(concat_group) group_vec;

static void add_to_group(group_vec *groups, sharc_type *type, sharc_op *consumer, unsigned result) {
  for (unsigned g = 0; g < groups->len; g++)
    if (groups->items[g].type == type && groups->items[g].consumer == consumer) {
      sharc_vec_push(&groups->items[g].results, result);
      return;
    }
  concat_group g = {type, consumer, {0}};
  sharc_vec_push(&g.results, result);
  sharc_vec_push(groups, g);
}

/* FindValuesToConcat. The groups of one producer are few (its consumers
 * times its small types), so they are kept in a list. */
static void values_to_concat(sharc_op *producer, group_vec *groups) {
  for (unsigned r = 0; r < sharc_op_num_results(producer); r++) {
    sharc_value *result = sharc_op_result(producer, r);
    if (!sharc_mpmd_is_mesh_tensor(sharc_value_type(result)) || !eligible(result))
      continue;
    sharc_type *type = sharc_mpmd_mesh_tensor_global_type(sharc_value_type(result));
    sharc_ptr_vec transfers = {0};
    transfer_users(result, &transfers);
    for (unsigned t = 0; t < transfers.len; t++) {
      sharc_ptr_vec consumers = {0};
      sharc_mpmd_unique_users(transfers.items[t], &sharc_mpmd_fragment_def, &consumers);
      for (unsigned c = 0; c < consumers.len; c++)
        add_to_group(groups, type, consumers.items[c], r);
      sharc_vec_free(&consumers);
    }
    sharc_vec_free(&transfers);
  }
}

static sharc_op *create(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                        sharc_value *const *operands, unsigned n, sharc_type *result,
                        sharc_attr *attrs) {
  return sharc_rw_create_named(rw, name, loc, operands, n, &result, 1, attrs, 0);
}

/* `t` with a leading dimension of `lead`. */
static sharc_type *with_leading(sharc_context *ctx, sharc_type *t, int64_t lead) {
  unsigned rank = sharc_type_rank(t);
  int64_t *shape = sharc_xmalloc_array((size_t)rank + 1, sizeof *shape);
  shape[0] = lead;
  for (unsigned i = 0; i < rank; i++)
    shape[i + 1] = sharc_type_shape(t)[i];
  sharc_type *r = sharc_type_tensor(ctx, shape, rank + 1, sharc_type_element(t), NULL);
  free(shape);
  return r;
}

/* AddNewResultToFragment: `fragment` rebuilt in place with `value` as an
 * extra result; returns that result. */
static sharc_value *add_result(sharc_op *fragment, sharc_value *value, sharc_type *type,
                               sharc_rewriter *rw) {
  sharc_rw_set_before(rw, fragment);
  sharc_op *ret = sharc_block_last_op(body_of(fragment));
  unsigned n_ret = sharc_op_num_operands(ret), nr = sharc_op_num_results(fragment);
  unsigned no = sharc_op_num_operands(fragment);
  sharc_value **rets = sharc_op_operand_values(ret);
  rets[n_ret] = value;
  sharc_op_set_operands(ret, rets, n_ret + 1);
  sharc_rw_modified(rw, ret);
  sharc_type **types = sharc_op_result_types(fragment);
  types[nr] = type;
  sharc_value **operands = sharc_op_operand_values(fragment);
  sharc_op *rebuilt = sharc_mpmd_create_fragment(
      rw, sharc_op_loc(fragment), operands, no, types, nr + 1, sharc_op_attr(fragment, "origin"),
      sharc_mpmd_fragment_mesh(fragment), sharc_op_attr(fragment, "stage_id"));
  static const char *const elided[] = {"origin", "mesh_name", "stage_id", NULL};
  sharc_mpmd_copy_attrs(fragment, rebuilt, elided);
  sharc_region_take_body(sharc_op_region(rebuilt, 0), sharc_op_region(fragment, 0));
  sharc_value **results = sharc_op_result_values(rebuilt);
  sharc_rw_replace_op(rw, fragment, results, nr);
  free(results);
  free(rets);
  free(types);
  free(operands);
  return sharc_op_result(rebuilt, nr);
}

/* ConcatResultsOnProducer: the results reshaped to a leading 1 and
 * concatenated, returned as a new result. */
static sharc_value *concat_on_producer(sharc_op *producer, const index_vec *results, sharc_type *type,
                                       sharc_rewriter *rw) {
  sharc_context *ctx = rw->ctx;
  sharc_op *ret = sharc_block_last_op(body_of(producer));
  sharc_rw_set_before(rw, ret);
  sharc_attr *loc = sharc_op_loc(producer);
  sharc_type *one = with_leading(ctx, type, 1);
  sharc_value **parts = sharc_xmalloc_array((size_t)results->len + 1, sizeof *parts);
  for (unsigned i = 0; i < results->len; i++) {
    sharc_value *operand = sharc_op_operand(ret, results->items[i]);
    parts[i] = sharc_op_result(create(rw, "stablehlo.reshape", loc, &operand, 1, one, NULL), 0);
  }
  sharc_named_attr dim = {sharc_ident_get(ctx, SHARC_STR("dimension")),
                          sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), 0)};
  sharc_type *concat_type = with_leading(ctx, type, results->len);
  sharc_op *concat = create(rw, "stablehlo.concatenate", loc, parts, results->len, concat_type,
                            sharc_attr_dictionary(ctx, &dim, 1));
  free(parts);
  sharc_type *mesh_type =
      sharc_mpmd_mesh_tensor(ctx, sharc_mpmd_fragment_mesh(producer), concat_type, NULL, NULL);
  return add_result(producer, sharc_op_result(concat, 0), mesh_type, rw);
}

/* FindConsumerArgumentsToReplace: consumer block argument -> slice index,
 * in first-insertion order (a later index overwrites). */
typedef struct arg_slice {
  sharc_value *arg;
  unsigned slice;
} arg_slice;

typedef SHARC_VEC(arg_slice) arg_slice_vec;

static void consumer_args(const index_vec *results, sharc_op *producer, sharc_op *consumer,
                          arg_slice_vec *out) {
  sharc_block *body = body_of(consumer);
  for (unsigned s = 0; s < results->len; s++) {
    sharc_ptr_vec transfers = {0};
    transfer_users(sharc_op_result(producer, results->items[s]), &transfers);
    for (unsigned t = 0; t < transfers.len; t++)
      for (sharc_use *u = sharc_value_first_use(sharc_op_result(transfers.items[t], 0)); u;
           u = sharc_use_next(u)) {
        if (sharc_use_owner(u) != consumer)
          continue;
        unsigned i = sharc_use_operand_index(u);
        if (i >= sharc_block_num_args(body))
          continue;
        sharc_value *arg = sharc_block_arg(body, i);
        bool found = false;
        for (unsigned k = 0; k < out->len && !found; k++)
          if (out->items[k].arg == arg) {
            out->items[k].slice = s;
            found = true;
          }
        if (!found)
          sharc_vec_push(out, ((arg_slice){arg, s}));
      }
    sharc_vec_free(&transfers);
  }
}

static sharc_attr *i64_array(sharc_context *ctx, const int64_t *v, unsigned n) {
  return sharc_attr_dense_i64_array(ctx, v, n);
}

/* SliceConcatOnConsumer: the concatenation becomes an operand, and each
 * argument's uses read their slice of it. */
static void slice_on_consumer(sharc_op *consumer, const arg_slice_vec *args, sharc_op *transfer,
                              sharc_rewriter *rw) {
  sharc_context *ctx = rw->ctx;
  sharc_block *body = body_of(consumer);
  sharc_rw_set_block_start(rw, body);
  sharc_mpmd_append_operand(rw, consumer, sharc_op_result(transfer, 0));
  sharc_type *concat_type = sharc_mpmd_mesh_tensor_global_type(sharc_value_type(sharc_op_result(transfer, 0)));
  sharc_value *concat = sharc_block_add_arg(body, concat_type, sharc_op_loc(transfer));
  for (unsigned k = 0; k < args->len; k++) {
    sharc_type *arg_type = sharc_value_type(args->items[k].arg);
    unsigned rank = sharc_type_rank(arg_type);
    int64_t *start = sharc_xmalloc_array((size_t)rank + 1, sizeof *start);
    int64_t *limit = sharc_xmalloc_array((size_t)rank + 1, sizeof *limit);
    int64_t *strides = sharc_xmalloc_array((size_t)rank + 1, sizeof *strides);
    start[0] = args->items[k].slice;
    limit[0] = (int64_t)args->items[k].slice + 1;
    strides[0] = 1;
    for (unsigned d = 0; d < rank; d++) {
      start[d + 1] = 0;
      limit[d + 1] = sharc_type_shape(arg_type)[d];
      strides[d + 1] = 1;
    }
    sharc_named_attr attrs[3] = {
        {sharc_ident_get(ctx, SHARC_STR("limit_indices")), i64_array(ctx, limit, rank + 1)},
        {sharc_ident_get(ctx, SHARC_STR("start_indices")), i64_array(ctx, start, rank + 1)},
        {sharc_ident_get(ctx, SHARC_STR("strides")), i64_array(ctx, strides, rank + 1)},
    };
    sharc_op *slice = create(rw, "stablehlo.slice", sharc_value_loc(concat), &concat, 1,
                             with_leading(ctx, arg_type, 1), sharc_attr_dictionary(ctx, attrs, 3));
    sharc_value *sliced = sharc_op_result(slice, 0);
    sharc_op *reshape =
        create(rw, "stablehlo.reshape", sharc_op_loc(consumer), &sliced, 1, arg_type, NULL);
    sharc_rw_replace_all_uses(rw, args->items[k].arg, sharc_op_result(reshape, 0));
    free(start);
    free(limit);
    free(strides);
  }
}

/* MergeTransfersProducedByFragment. */
static void merge_transfers_of(sharc_op *producer, sharc_rewriter *rw) {
  group_vec groups = {0};
  values_to_concat(producer, &groups);
  sharc_op *current = producer;
  for (unsigned g = 0; g < groups.len; g++) {
    concat_group *group = &groups.items[g];
    if (group->results.len == 1)
      continue;
    sharc_value *concat = concat_on_producer(current, &group->results, group->type, rw);
    current = sharc_value_defining_op(concat);
    sharc_rw_set_after_value(rw, concat);
    sharc_type *type = sharc_mpmd_mesh_tensor(
        rw->ctx, sharc_mpmd_fragment_mesh(group->consumer),
        sharc_mpmd_mesh_tensor_global_type(sharc_value_type(concat)), NULL, NULL);
    sharc_op *transfer = sharc_mpmd_create_transfer(rw, sharc_op_loc(current), concat, type);
    sharc_rw_set_attr(rw, transfer, CONCAT_TRANSFER_ATTR, sharc_attr_unit(rw->ctx));
    arg_slice_vec args = {0};
    consumer_args(&group->results, current, group->consumer, &args);
    slice_on_consumer(group->consumer, &args, transfer, rw);
    sharc_vec_free(&args);
  }
  for (unsigned g = 0; g < groups.len; g++)
    sharc_vec_free(&groups.items[g].results);
  sharc_vec_free(&groups);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  sharc_rewriter rw;
  sharc_pass_rewriter(run, &rw, NULL);
  sharc_ptr_vec fragments = {0};
  for (sharc_op *op = sharc_block_first_op(sharc_func_body(func)); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
      sharc_vec_push(&fragments, op);
  for (unsigned i = 0; i < fragments.len; i++)
    merge_transfers_of(fragments.items[i], &rw);
  sharc_vec_free(&fragments);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_merge_transfers = {
    .flag = "mpmd-merge-transfers",
    .display_name = "MergeTransfersPass",
    .summary = "Merges sets of transfers that share the same producer and consumer fragments.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

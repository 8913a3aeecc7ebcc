/* -sdy-resolve-single-device-sharding: an op whose results live on one
 * device (a maximal mesh) runs inside a stablehlo.if on that device's id,
 * zeros (or tokens) elsewhere, and an all-reduce over the global mesh hands
 * its results to every device. */
#include "dialect/func/func.h"
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "support/vec.h"
#include "transforms/sdy/export/export_utils.h"

typedef struct resolve_options {
  int64_t partition_count;
  int64_t replica_count;
} resolve_options;

/* sorted by name, as MLIR lists them */
static const sharc_option_def options[] = {
    SHARC_OPTION(resolve_options, partition_count, "partition-count", SHARC_OPT_INT64, "1",
                 "Number of partitions per replica."),
    SHARC_OPTION(resolve_options, replica_count, "replica-count", SHARC_OPT_INT64, "1",
                 "Number of replicas per partition."),
};

typedef SHARC_VEC(sharc_op *) op_vec;
typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_type *) type_vec;

typedef struct resolve_state {
  const resolve_options *opts;
  sharc_rewriter rw;
  sharc_op *module;
  sharc_op *global_mesh; /* the sdy.mesh all-reduces run over */
  op_vec ops;            /* the single-device ops, in walk order */
  bool failed;
} resolve_state;

/* getSingleDeviceId: the device of a sharding on a maximal mesh, or -1. */
static int64_t single_device_id(resolve_state *st, const sharc_attr *sharding) {
  if (!sharc_sdy_is_single_device_sharding(sharding, st->module))
    return -1;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, st->module);
  return sharc_sdy_mesh_num_device_ids(mesh) ? sharc_sdy_mesh_device_id(mesh, 0) : -1;
}

static bool is_ranked_tensor(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR;
}

/* getSingleDeviceIdForOp: the one device its single-device results name, or
 * -1; where Shardy's checks fail (two devices, or another result sharded)
 * -2 after reporting it. */
static int64_t op_device_id(resolve_state *st, sharc_op *op) {
  int64_t target = -1;
  bool sharded_other = false;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *result = sharc_op_result(op, i);
    if (!is_ranked_tensor(sharc_value_type(result)))
      continue;
    sharc_attr *sharding = sharc_sdy_get_sharding(result);
    if (!sharding)
      continue;
    int64_t id = single_device_id(st, sharding);
    if (id >= 0 && target >= 0 && id != target) {
      sharc_emit_op_error(op, "Check failed: *targetDeviceId == *deviceId (%lld vs. %lld)",
                          (long long)target, (long long)id);
      return -2;
    }
    if (id >= 0)
      target = id;
    else if (!sharc_sdy_tensor_sharding_is_fully_replicated(sharding))
      sharded_other = true;
  }
  if (target >= 0 && sharded_other) {
    sharc_emit_op_error(op, "Check failed: !hasNonReplicatedResult");
    return -2;
  }
  return target;
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  resolve_state *st = user;
  if (sharc_sdy_is_sdy_op(op))
    return SHARC_WALK_ADVANCE;
  int64_t id = op_device_id(st, op);
  if (id == -2) {
    st->failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  if (id >= 0)
    sharc_vec_push(&st->ops, op);
  return SHARC_WALK_ADVANCE;
}

static sharc_type *scalar_tensor(sharc_context *ctx, sharc_type *elem) {
  return sharc_type_tensor(ctx, NULL, 0, elem, NULL);
}

static sharc_value *create_constant(resolve_state *st, sharc_attr *value, sharc_attr *loc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_type *type = sharc_attr_type(value);
  sharc_named_attr attr = {sharc_ident_get(ctx, SHARC_STR("value")), value};
  sharc_op *c = sharc_sdy_export_create(&st->rw, SHARC_SHLO(constant), loc, NULL, 0, &type, 1,
                                        sharc_attr_dictionary(ctx, &attr, 1), 0);
  return sharc_op_result(c, 0);
}

/* createDeviceGuard: device id == target, or NULL after reporting why not. */
static sharc_value *create_guard(resolve_state *st, sharc_op *op, int64_t target) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *id =
      sharc_sdy_create_device_id(&st->rw, st->opts->replica_count, st->opts->partition_count, loc);
  if (!id) {
    sharc_emit(ctx, SHARC_SEV_ERROR, loc, SHARC_SDY_DEVICE_ID_UNSUPPORTED);
    return NULL;
  }
  sharc_type *i64 = scalar_tensor(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS));
  uint64_t raw = (uint64_t)target;
  sharc_value *expected =
      create_constant(st, sharc_attr_dense_elements(ctx, i64, &raw, 1, true), loc);
  sharc_named_attr dir = {sharc_ident_get(ctx, SHARC_STR("comparison_direction")),
                          sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_direction, 0 /* EQ */)};
  sharc_value *operands[2] = {id, expected};
  sharc_type *i1 = scalar_tensor(ctx, sharc_type_integer(ctx, 1, SHARC_SIGNLESS));
  sharc_op *cmp = sharc_sdy_export_create(&st->rw, SHARC_SHLO(compare), loc, operands, 2, &i1, 1,
                                          sharc_attr_dictionary(ctx, &dir, 1), 0);
  return sharc_op_result(cmp, 0);
}

static void create_return(resolve_state *st, const value_vec *values, sharc_attr *loc) {
  sharc_sdy_export_create(&st->rw, SHARC_SHLO(return ), loc, values->items, values->len, NULL, 0,
                          NULL, 0);
}

/* The true branch: the op itself, reading around single-device reshards of
 * its operands (recorded in `bypassed`). */
static void fill_true_branch(resolve_state *st, sharc_op *op, sharc_block *block,
                             op_vec *bypassed) {
  sharc_rw_set_block_start(&st->rw, block);
  sharc_op *clone = sharc_rw_clone(&st->rw, op, NULL);
  sharc_rw_set_attr(&st->rw, clone, SHARC_SDY_SHARDING_ATTR, NULL);
  for (unsigned i = 0; i < sharc_op_num_operands(clone); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(clone, i));
    if (!def || !sharc_op_isa(def, &sharc_sdy_reshard_def) ||
        !sharc_sdy_is_single_device_sharding(sharc_op_attr(def, "sharding"), st->module))
      continue;
    sharc_rw_set_operand(&st->rw, clone, i, sharc_op_operand(def, 0));
    sharc_vec_push(bypassed, def);
  }
  value_vec results = {0};
  for (unsigned i = 0; i < sharc_op_num_results(clone); i++)
    sharc_vec_push(&results, sharc_op_result(clone, i));
  create_return(st, &results, sharc_op_loc(op));
  sharc_vec_free(&results);
}

/* The false branch: zeros for tensors, fresh tokens for tokens. */
static void fill_false_branch(resolve_state *st, sharc_op *op, sharc_block *block) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_type *token = sharc_shlo_token_type(ctx);
  sharc_rw_set_block_start(&st->rw, block);
  value_vec zeros = {0};
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    if (is_ranked_tensor(t))
      sharc_vec_push(&zeros, create_constant(st, sharc_sdy_zero_elements(ctx, t), loc));
    else if (t == token)
      sharc_vec_push(&zeros,
                     sharc_op_result(sharc_sdy_export_create(&st->rw, SHARC_SHLO(create_token), loc,
                                                             NULL, 0, &token, 1, NULL, 0),
                                     0));
  }
  create_return(st, &zeros, loc);
  sharc_vec_free(&zeros);
}

/* An sdy.all_reduce of `value` over every axis of the global mesh. */
static sharc_value *create_all_reduce(resolve_state *st, sharc_value *value, sharc_attr *replicated,
                                      sharc_attr *loc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_attr *mesh = sharc_op_attr(st->global_mesh, "mesh");
  SHARC_VEC(sharc_attr *) axes = {0};
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    sharc_vec_push(&axes, sharc_sdy_axis_ref_get(
                              ctx, sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, i)), NULL));
  sharc_named_attr attrs[3] = {
      {sharc_ident_get(ctx, SHARC_STR("out_sharding")), replicated},
      {sharc_ident_get(ctx, SHARC_STR("reduction_axes")),
       sharc_sdy_axis_ref_list_get(ctx, axes.items, axes.len)},
      {sharc_ident_get(ctx, SHARC_STR("reduction_op")),
       sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS),
                          SHARC_SDY_REDUCTION_SUM)},
  };
  sharc_vec_free(&axes);
  sharc_type *type = sharc_value_type(value);
  sharc_op *ar = sharc_sdy_export_create(&st->rw, &sharc_sdy_all_reduce_def, loc, &value, 1, &type,
                                         1, sharc_attr_dictionary(ctx, attrs, 3), 0);
  return sharc_op_result(ar, 0);
}

/* The op's result goes to every device: its users read the all-reduce, and
 * reshards to the replicated sharding it already has disappear. */
static void hand_out_result(resolve_state *st, sharc_value *result, sharc_value *if_result,
                            sharc_attr *loc) {
  sharc_type *type = sharc_value_type(if_result);
  if (!is_ranked_tensor(type)) {
    sharc_rw_replace_all_uses(&st->rw, result, if_result);
    return;
  }
  sharc_attr *replicated = sharc_sdy_sharding_fully_open(
      st->rw.ctx, sharc_sdy_mesh_ref(st->rw.ctx, sharc_op_symbol_name(st->global_mesh)),
      sharc_type_rank(type), true);
  sharc_value *reduced = create_all_reduce(st, if_result, replicated, loc);
  for (sharc_use *u = sharc_value_first_use(result), *next; u; u = next) {
    next = sharc_use_next(u);
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_sdy_reshard_def) &&
        sharc_op_attr(user, "sharding") == replicated) {
      sharc_rw_replace_op(&st->rw, user, &reduced, 1);
      continue;
    }
    sharc_rw_set_operand(&st->rw, user, sharc_use_operand_index(u), reduced);
  }
}

/* resolveSingleDeviceOp. */
static bool resolve(resolve_state *st, sharc_op *op) {
  int64_t target = op_device_id(st, op);
  if (target < 0)
    return target == -1;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_rw_set_before(&st->rw, op);
  sharc_value *guard = create_guard(st, op, target);
  if (!guard)
    return false;
  type_vec types = {0};
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(op, i)));
  sharc_op *if_op = sharc_sdy_export_create(&st->rw, SHARC_SHLO(if), loc, &guard, 1, types.items,
                                            types.len, NULL, 2);
  sharc_vec_free(&types);
  op_vec bypassed = {0};
  fill_true_branch(st, op,
                   sharc_rw_create_block(&st->rw, sharc_op_region(if_op, 0), NULL, NULL, 0, NULL),
                   &bypassed);
  fill_false_branch(st, op,
                    sharc_rw_create_block(&st->rw, sharc_op_region(if_op, 1), NULL, NULL, 0, NULL));
  sharc_rw_set_after(&st->rw, if_op);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    hand_out_result(st, sharc_op_result(op, i), sharc_op_result(if_op, i), loc);
  sharc_rw_erase_op(&st->rw, op);
  for (unsigned i = 0; i < bypassed.len; i++)
    if (!sharc_op_is_erased(bypassed.items[i]) &&
        !sharc_value_has_uses(sharc_op_result(bypassed.items[i], 0)))
      sharc_rw_erase_op(&st->rw, bypassed.items[i]);
  sharc_vec_free(&bypassed);
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  resolve_state st = {.opts = opts};
  st.module = sharc_op_parent_op(func);
  while (st.module && !sharc_op_isa(st.module, &sharc_builtin_module_def))
    st.module = sharc_op_parent_op(st.module);
  st.global_mesh = st.module ? sharc_sdy_global_mesh_op(st.module) : NULL;
  if (!st.global_mesh)
    return true;
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(func, SHARC_POST_ORDER, collect, &st);
  for (unsigned i = 0; i < st.ops.len && !st.failed; i++)
    st.failed = !resolve(&st, st.ops.items[i]);
  sharc_vec_free(&st.ops);
  return !st.failed;
}

const sharc_pass_def sharc_pass_sdy_resolve_single_device_sharding = {
    .flag = "sdy-resolve-single-device-sharding",
    .display_name = "ResolveSingleDeviceShardingPass",
    .summary = "Lowers single-device operations into stablehlo.if guarded by target device ID.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(resolve_options),
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

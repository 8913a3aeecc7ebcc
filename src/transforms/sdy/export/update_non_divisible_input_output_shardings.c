/* -sdy-update-non-divisible-input-output-shardings: function arguments and
 * results, call results and the edge owners of ops that must stay divisible
 * get the largest prefix of each dimension sharding that divides the
 * dimension evenly. */
#include "dialect/func/func.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/utils.h"
#include "ir/created_defs.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

typedef SHARC_VEC(sharc_attr *) attr_vec;

typedef struct update_state {
  sharc_rewriter rw;
  sharc_op *module;
} update_state;

static int64_t gcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a < 0 ? -a : a;
}

/* The builtin shape of a statically shaped type, or NULL. */
static const int64_t *static_shape(sharc_type *type, unsigned *rank) {
  sharc_type *shaped = type ? sharc_type_shaped_view(type) : NULL;
  if (!shaped || !sharc_type_has_rank(shaped))
    return NULL;
  *rank = sharc_type_rank(shaped);
  const int64_t *shape = sharc_type_shape(shaped);
  for (unsigned d = 0; d < *rank; d++)
    if (shape[d] == SHARC_DYNAMIC)
      return NULL;
  return shape;
}

/* The longest prefix of `dim`'s axes (the last possibly cut to a sub-axis)
 * whose product divides `size`. The priority goes, as in Shardy. */
static sharc_attr *evenly_sharded_dim(sharc_context *ctx, const sharc_attr *dim, int64_t size,
                                      const sharc_attr *mesh) {
  sharc_sdy_axis_vec axes = {0};
  int64_t remaining = size;
  for (unsigned i = 0; i < sharc_sdy_list_size(dim); i++) {
    sharc_attr *axis = sharc_sdy_list_at(dim, i);
    int64_t axis_size = sharc_sdy_axis_ref_size(axis, mesh);
    int64_t g = gcd(axis_size, remaining);
    if (g == 1)
      break;
    if (g == axis_size) {
      sharc_vec_push(&axes, axis);
      remaining /= g;
      continue;
    }
    /* a part of this axis is all that fits; minor axes cannot follow it */
    sharc_vec_push(&axes, sharc_sdy_axis_ref_get(
                              ctx, sharc_sdy_axis_ref_name(axis),
                              sharc_sdy_sub_axis_info_get(ctx, sharc_sdy_axis_pre_size(axis), g)));
    break;
  }
  sharc_attr *out = sharc_sdy_dim_sharding_get(ctx, axes.items, axes.len,
                                               sharc_sdy_dim_sharding_is_closed(dim), -1);
  sharc_vec_free(&axes);
  return out;
}

/* getEvenlySharded. */
static sharc_attr *evenly_sharded(update_state *st, sharc_attr *sharding, const int64_t *shape,
                                  unsigned rank) {
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, st->module);
  if (!mesh || rank != sharc_sdy_tensor_sharding_rank(sharding))
    return sharding;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  attr_vec dims = {0};
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = parts.dims[d];
    int64_t shards = sharc_sdy_dim_sharding_sharded_size(dim, mesh);
    if (shards == 0 || shape[d] % shards != 0)
      dim = evenly_sharded_dim(st->rw.ctx, dim, shape[d], mesh);
    sharc_vec_push(&dims, dim);
  }
  parts.dims = dims.items;
  sharc_attr *out = sharc_sdy_tensor_sharding_get(st->rw.ctx, &parts);
  sharc_vec_free(&dims);
  return out;
}

/* `sharding` made even for `type` when that is statically shaped. */
static sharc_attr *update_one(update_state *st, sharc_attr *sharding, sharc_type *type) {
  unsigned rank;
  const int64_t *shape = static_shape(type, &rank);
  return sharding && shape ? evenly_sharded(st, sharding, shape, rank) : sharding;
}

static sharc_attr *even_sharding(sharc_attr *sharding, sharc_type *type, void *st) {
  return update_one(st, sharding, type);
}

static void update_func(update_state *st, sharc_op *func) {
  if (!sharc_func_type(func))
    return;
  sharc_sdy_map_func_shardings(func, false, even_sharding, st);
  sharc_sdy_map_func_shardings(func, true, even_sharding, st);
  sharc_rw_modified(&st->rw, func);
}

/* The op's `sdy.sharding` list made even for its results. */
static void update_results(update_state *st, sharc_op *op) {
  sharc_attr *list = sharc_sdy_op_sharding_per_value(op);
  unsigned n = list ? sharc_sdy_list_size(list) : 0;
  if (!n)
    return;
  attr_vec shardings = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *s = sharc_sdy_list_at(list, i);
    sharc_type *t = i < sharc_op_num_results(op) ? sharc_value_type(sharc_op_result(op, i)) : NULL;
    sharc_vec_push(&shardings, update_one(st, s, t));
  }
  sharc_rw_set_attr(&st->rw, op, SHARC_SDY_SHARDING_ATTR,
                    sharc_sdy_sharding_per_value_get(st->rw.ctx, shardings.items, n));
  sharc_vec_free(&shardings);
}

static sharc_walk_result update_calls(sharc_op *call, void *user) {
  update_results(user, call);
  return SHARC_WALK_ADVANCE;
}

/* One side's edge owners of a ShardableDataFlowOp. */
static void update_owners(update_state *st, sharc_op *op, bool block_args) {
  sharc_ptrvec owners = {0};
  if (block_args)
    sharc_sdy_block_arg_owners(op, &owners);
  else
    sharc_sdy_result_owners(op, &owners);
  attr_vec shardings = {0};
  bool any = false;
  for (unsigned i = 0; i < owners.len; i++) {
    sharc_attr *s = block_args ? sharc_sdy_block_arg_owner_sharding(op, i)
                               : sharc_sdy_result_owner_sharding(op, i);
    any |= s != NULL;
    sharc_vec_push(&shardings, s);
  }
  /* Shardy's lists are all or nothing: with no sharding there is nothing
   * to update (a missing one in a list it would not survive) */
  for (unsigned i = 0; any && i < owners.len; i++)
    if (shardings.items[i])
      shardings.items[i] = update_one(st, shardings.items[i], sharc_value_type(owners.items[i]));
  bool complete = any;
  for (unsigned i = 0; i < owners.len; i++)
    complete &= shardings.items[i] != NULL;
  if (complete && block_args)
    sharc_sdy_set_block_arg_owner_shardings(op, shardings.items, owners.len);
  else if (complete)
    sharc_sdy_set_result_owner_shardings(op, shardings.items, owners.len);
  for (unsigned i = 0; any && !complete && i < owners.len; i++) {
    if (!shardings.items[i])
      continue;
    if (block_args)
      sharc_sdy_set_block_arg_owner_sharding(op, i, shardings.items[i]);
    else
      sharc_sdy_set_result_owner_sharding(op, i, shardings.items[i]);
  }
  if (any)
    sharc_rw_modified(&st->rw, op);
  sharc_vec_free(&shardings);
  sharc_ptrvec_free(&owners);
}

static sharc_walk_result update_divisible_ops(sharc_op *op, void *user) {
  update_state *st = user;
  if (sharc_sdy_data_flow(op)) {
    if (sharc_sdy_keep_owner_shardings_divisible(op)) {
      update_owners(st, op, true);
      update_owners(st, op, false);
    }
    return SHARC_WALK_ADVANCE;
  }
  if (sharc_sdy_keep_output_shardings_divisible(op))
    update_results(st, op);
  return SHARC_WALK_ADVANCE;
}

/* An op update_divisible_ops may change: a data-flow op, or one whose
 * sharding rule keeps its outputs divisible. */
static bool updates_divisible(const sharc_op_def *def) {
  const sharc_sdy_sharding_rule_iface *rule = def->sharding_rule;
  return def->data_flow || (rule && rule->keep_output_shardings_divisible);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  update_state st = {.module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def))
      update_func(&st, op);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_func_call_def, update_calls, &st);
  /* a module without such ops needs no walk of every op for them */
  if (sharc_context_may_hold_any(sharc_op_context(module), updates_divisible))
    sharc_walk(module, SHARC_PRE_ORDER, update_divisible_ops, &st);
  return true;
}

const sharc_pass_def sharc_pass_sdy_update_non_divisible_input_output_shardings = {
    .flag = "sdy-update-non-divisible-input-output-shardings",
    .display_name = "UpdateNonDivisibleInputOutputShardingsPass",
    .summary = "Makes FuncOp inputs/outputs evenly sharded, removing any need for padding due to "
               "non-divisible shardings.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

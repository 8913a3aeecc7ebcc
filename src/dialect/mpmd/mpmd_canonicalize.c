/* mpmd's canonicalization patterns: Shardy's DRR patterns for transfer and
 * broadcast chains (benefit = ops matched, as DRR gives), and the reduce
 * and fragment ops' canonicalize methods. */
#include "dialect/mpmd/mpmd_internal.h"
#include "sharc/rewrite.h"

/* The location DRR gives a rewrite's new op: all matched ops' locations fused. */
static sharc_attr *fused_loc(sharc_op *outer, sharc_op *inner) {
  sharc_attr *locs[2] = {sharc_op_loc(outer), sharc_op_loc(inner)};
  return sharc_loc_fused(sharc_op_context(outer), locs, 2, NULL);
}

/* Replaces `op` by a new op of its kind on `operand`, as DRR's result pattern. */
static void replace_with_unary(sharc_rewriter *rw, sharc_op *op, sharc_op *inner,
                               sharc_value *operand, sharc_type *result_type) {
  sharc_op_state st = {
      .name = sharc_op_name(op),
      .loc = fused_loc(op, inner),
      .operands = &operand,
      .num_operands = 1,
      .result_types = &result_type,
      .num_results = 1,
  };
  sharc_rw_replace_op_with_new(rw, op, &st);
}

/* The op defining `op`'s first operand when it is of kind `def`. */
static sharc_op *operand_def(const sharc_op *op, const sharc_op_def *def) {
  if (!sharc_op_num_operands(op))
    return NULL;
  sharc_op *producer = sharc_value_defining_op(sharc_op_operand(op, 0));
  return producer && sharc_op_isa(producer, def) ? producer : NULL;
}

static sharc_str mesh_of_value(const sharc_value *v) {
  return sharc_mpmd_mesh_tensor_mesh_name(sharc_value_type(v));
}

/* transfer(x : T) -> T  ~>  x */
static bool identity_transfer(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_value *in = sharc_op_operand(op, 0);
  if (sharc_value_type(in) != sharc_value_type(sharc_op_result(op, 0)))
    return false;
  sharc_rw_replace_op(rw, op, &in, 1);
  return true;
}

/* transfer(transfer(x)) within one mesh  ~>  transfer(x) */
static bool intra_mesh_transfer_of_transfer(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *inner = operand_def(op, &sharc_mpmd_transfer_def);
  if (!inner)
    return false;
  sharc_value *x = sharc_op_operand(inner, 0), *mid = sharc_op_result(inner, 0);
  sharc_value *out = sharc_op_result(op, 0);
  if (!sharc_mpmd_is_mesh_tensor(sharc_value_type(x)) ||
      !sharc_mpmd_is_mesh_tensor(sharc_value_type(mid)) ||
      !sharc_mpmd_is_mesh_tensor(sharc_value_type(out)))
    return false;
  if (!sharc_str_eq(mesh_of_value(x), mesh_of_value(mid)) ||
      !sharc_str_eq(mesh_of_value(mid), mesh_of_value(out)))
    return false;
  replace_with_unary(rw, op, inner, x, sharc_value_type(out));
  return true;
}

const sharc_pattern sharc_mpmd_transfer_patterns[] = {
    {"IdentityTransferPattern", identity_transfer, NULL, 1, NULL},
    {"IntraMeshTransferOfTransferPattern", intra_mesh_transfer_of_transfer, NULL, 2, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* broadcast(broadcast(x))  ~>  broadcast(x) */
static bool broadcast_of_broadcast(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *inner = operand_def(op, &sharc_mpmd_broadcast_def);
  if (!inner)
    return false;
  sharc_value *x = sharc_op_operand(inner, 0);
  if (!sharc_mpmd_is_any_tensor(sharc_value_type(x)))
    return false;
  replace_with_unary(rw, op, inner, x, sharc_value_type(x));
  return true;
}

const sharc_pattern sharc_mpmd_broadcast_patterns[] = {
    {"BroadcastOfBroadcastPattern", broadcast_of_broadcast, NULL, 2, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

static sharc_mpmd_reduction_kind reduction_of(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "reduction");
  return sharc_mpmd_is_reduction(a) ? sharc_mpmd_reduction_get(a) : SHARC_MPMD_REDUCE_NONE;
}

/* reduce<K>(reduce<K>(xs)) or reduce<none>(reduce<K>(xs))  ~>  reduce<K>(xs).
 * Like Shardy, only the first operand is looked at. */
static bool reduce_of_reduce(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *inner = operand_def(op, &sharc_mpmd_reduce_def);
  if (!inner || sharc_op_num_results(op) != 1 || sharc_op_num_results(inner) != 1)
    return false;
  sharc_mpmd_reduction_kind outer_kind = reduction_of(op);
  if (reduction_of(inner) != outer_kind && outer_kind != SHARC_MPMD_REDUCE_NONE)
    return false;
  if (!sharc_value_has_uses(sharc_op_result(op, 0)))
    return false;
  sharc_rw_replace_all_uses(rw, sharc_op_result(op, 0), sharc_op_result(inner, 0));
  return true;
}

const sharc_pattern sharc_mpmd_reduce_patterns[] = {
    {"ReduceOp::canonicalize", reduce_of_reduce, NULL, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* A fragment result that just returns a block argument is replaced by the
 * fragment's operand, when their types agree. */
static bool fragment_pass_through(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret)
    return false;
  bool changed = false;
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    const sharc_use *u = sharc_value_first_use(sharc_block_arg(body, i));
    while (u && sharc_use_owner(u) != ret)
      u = sharc_use_next(u);
    if (!u || i >= sharc_op_num_operands(op))
      continue;
    unsigned index = sharc_use_operand_index(u);
    if (index >= sharc_op_num_results(op))
      continue;
    sharc_value *result = sharc_op_result(op, index), *operand = sharc_op_operand(op, i);
    if (!sharc_value_has_uses(result) || sharc_value_type(operand) != sharc_value_type(result))
      continue;
    sharc_rw_replace_all_uses(rw, result, operand);
    changed = true;
  }
  return changed;
}

const sharc_pattern sharc_mpmd_fragment_patterns[] = {
    {"FragmentOp::canonicalize", fragment_pass_through, NULL, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

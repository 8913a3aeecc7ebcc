/* Which arith ops sharc can fold and canonicalize as MLIR does. MLIR's
 * greedy driver folds every arith computation op it visits (constant
 * operands, identities such as `addi x, 0`, cast chains) and applies
 * ArithCanonicalization.td's patterns; sharc implements none of these yet,
 * so a folding pass meeting an op MLIR may change fails with a located
 * error instead of leaving it unchanged where MLIR would rewrite it. An op
 * none of MLIR's folds and patterns can match stays, as in MLIR. */
#include "dialect/arith/arith_internal.h"

#include <string.h>

extern const sharc_dialect sharc_arith_dialect;

/* Whether MLIR's matchers could see through `v`: m_Constant and the fold
 * adaptor's constant operands look at a ConstantLike definition (any op
 * without operands, to be safe), and every pattern of
 * ArithCanonicalization.td matches an arith op defining an operand. */
static bool operand_may_fold(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  if (!def)
    return false;
  const sharc_op_def *d = sharc_op_def_of(def);
  return !d || (d->traits & SHARC_TRAIT_CONSTANT_LIKE) || d->dialect == &sharc_arith_dialect ||
         sharc_op_num_operands(def) == 0;
}

/* Whether MLIR may fold or canonicalize `op`. Only where it cannot is the
 * op safe to leave: each fold needs a constant operand, an arith-defined
 * one or two equal operands (`subi x, x`, `maximumf x, x`, `select c, a,
 * a`); the casts' CastOpInterface fold needs equal operand and result
 * types, which only bitcast allows; the two-result ops become addi/muli
 * when a result is unused (AddUIExtendedToAddI, MulSIExtendedToMulI). */
static bool may_fold(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (sharc_op_num_results(op) != 1 || !strcmp(def->name, "arith.bitcast"))
    return true;
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(op, i);
    if (operand_may_fold(v))
      return true;
    for (unsigned j = 0; j < i; j++)
      if (sharc_op_operand(op, j) == v)
        return true;
  }
  return false;
}

bool sharc_arith_fold_unimplemented(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def || def->dialect != &sharc_arith_dialect || def == &sharc_arith_constant_def)
    return false;
  return may_fold(op);
}

/* Replaces `op` by `v` where operands `i` and `j` are both `v`. A constant
 * `v` is left alone: MLIR's folds try the constant cases first, which give
 * an attribute (a materialized, deduplicated constant), not the value. */
static sharc_fold_status fold_to_equal(sharc_op *op, unsigned i, unsigned j,
                                       sharc_fold_result *results) {
  sharc_value *v = sharc_op_operand(op, i);
  if (v != sharc_op_operand(op, j) || operand_may_fold(v))
    return SHARC_FOLD_NONE;
  results[0].value = v;
  return SHARC_FOLD_RESULTS;
}

/* AndIOp/OrIOp/MaxSIOp/.../MaximumFOp::fold: `op x, x` -> x. */
sharc_fold_status sharc_arith_fold_same_operands(sharc_op *op, sharc_fold_result *results) {
  return fold_to_equal(op, 0, 1, results);
}

/* SelectOp::fold: `select c, a, a` -> a. */
sharc_fold_status sharc_arith_fold_select_same(sharc_op *op, sharc_fold_result *results) {
  return fold_to_equal(op, 1, 2, results);
}

static sharc_walk_result find_unfolded(sharc_op *op, void *user) {
  if (!sharc_arith_fold_unimplemented(op))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

/* Whether an arith compute op was ever created in `ctx`. */
static bool may_hold_compute_op(const sharc_context *ctx) {
  for (unsigned i = 0; i < sharc_arith_dialect.num_ops; i++) {
    const sharc_op_def *def = sharc_arith_dialect.ops[i];
    if (def != &sharc_arith_constant_def && sharc_context_may_hold_def(ctx, def))
      return true;
  }
  return false;
}

sharc_op *sharc_arith_find_unfolded(sharc_op *root) {
  /* most modules never held an arith compute op: skip the walk */
  if (!may_hold_compute_op(sharc_op_context(root)))
    return NULL;
  sharc_op *found = NULL;
  (void)sharc_walk_nested(root, SHARC_PRE_ORDER, find_unfolded, &found);
  return found;
}

bool sharc_arith_check_folds(sharc_op *root, const char *what) {
  sharc_op *op = sharc_arith_find_unfolded(root);
  if (!op)
    return true;
  sharc_emit_op_error(op, "%s of this op is not implemented in sharc", what);
  return false;
}

/* Which arith ops sharc can fold and canonicalize as MLIR does. MLIR's
 * greedy driver folds every arith computation op it visits (constant
 * operands, identities such as `addi x, 0`, cast chains) and applies
 * ArithCanonicalization.td's patterns; sharc implements none of these yet,
 * so a folding pass meeting such an op fails with a located error instead
 * of leaving it unchanged where MLIR would rewrite it. */
#include "dialect/arith/arith_internal.h"

extern const sharc_dialect sharc_arith_dialect;

/* Whether MLIR may fold or rewrite `op` through its operand: IndexCastOp's
 * fold needs a constant operand and its canonicalization patterns
 * (IndexCastOfIndexCast, IndexCastOfExtSI) an arith-defined one; a cast of
 * anything else (a block argument, a StableHLO result) stays as it is. */
static bool index_cast_may_fold(const sharc_op *op) {
  sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, 0));
  if (!def || !sharc_op_def_of(def))
    return false;
  const sharc_op_def *d = sharc_op_def_of(def);
  return (d->traits & SHARC_TRAIT_CONSTANT_LIKE) || d->dialect == &sharc_arith_dialect;
}

bool sharc_arith_fold_unimplemented(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def || def->dialect != &sharc_arith_dialect || def == &sharc_arith_constant_def)
    return false;
  if (def == &sharc_arith_index_cast_def)
    return index_cast_may_fold(op);
  return true;
}

static sharc_walk_result find_unfolded(sharc_op *op, void *user) {
  if (!sharc_arith_fold_unimplemented(op))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

sharc_op *sharc_arith_find_unfolded(sharc_op *root) {
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

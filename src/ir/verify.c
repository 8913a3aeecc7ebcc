/* IR verification: structural rules every operation obeys (terminators,
 * single-block regions, operand/region counts of registered ops come from
 * their own hooks) plus each op definition's verifier. */
#include "ir/context.h"
#include "sharc/verify.h"

static bool verify_op(sharc_op *op);

static bool verify_block(sharc_op *parent, sharc_block *b) {
  for (sharc_op *op = b->first; op; op = op->next) {
    if (op->def && (op->def->traits & SHARC_TRAIT_TERMINATOR) && op->next) {
      sharc_emit_op_error(op, "must be the last operation in the parent block");
      return false;
    }
    if (!verify_op(op))
      return false;
  }
  if (parent->def && !(parent->def->traits & (SHARC_TRAIT_NO_TERMINATOR | SHARC_TRAIT_GRAPH_REGION)) &&
      b->last && b->last->def && !(b->last->def->traits & SHARC_TRAIT_TERMINATOR) &&
      parent->def->traits & SHARC_TRAIT_SINGLE_BLOCK) {
    sharc_emit(b->ctx, SHARC_SEV_ERROR, b->last->loc, "block with no terminator, has %s",
               "operation");
    return false;
  }
  return true;
}

static bool verify_op(sharc_op *op) {
  if (op->def && op->def->verify && !op->def->verify(op))
    return false;
  for (unsigned i = 0; i < op->num_regions; i++) {
    sharc_region *r = &op->regions[i];
    if (op->def && (op->def->traits & SHARC_TRAIT_SINGLE_BLOCK) && r->first && r->first->next) {
      sharc_emit_op_error(op, "expects region #%u to have 0 or 1 blocks", i);
      return false;
    }
    for (sharc_block *b = r->first; b; b = b->next)
      if (!verify_block(op, b))
        return false;
  }
  if (op->def && op->def->verify_regions && !op->def->verify_regions(op))
    return false;
  return true;
}

bool sharc_verify(sharc_op *op) {
  bool ok = verify_op(op);
  sharc_diag_flush(op->ctx);
  return ok;
}

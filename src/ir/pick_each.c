/* The collect-then-rewrite walk of pick_each.h. */
#include "ir/pick_each.h"

#include "support/vec.h"

typedef struct picker {
  sharc_op_pred_fn pick;
  void *user;
  SHARC_VEC(sharc_op *) ops;
} picker;

static sharc_walk_result pick_op(sharc_op *op, void *user) {
  picker *p = user;
  if (!p->pick || p->pick(op, p->user))
    sharc_vec_push(&p->ops, op);
  return SHARC_WALK_ADVANCE;
}

bool sharc_pick_each(sharc_op *root, sharc_walk_order order, const sharc_op_def *def,
                     sharc_op_pred_fn pick, sharc_op_pred_fn each, void *user) {
  picker p = {pick, user, {0}};
  if (def)
    sharc_walk_isa(root, order, def, pick_op, &p);
  else
    sharc_walk(root, order, pick_op, &p);
  bool ok = true;
  for (unsigned i = 0; ok && i < p.ops.len; i++)
    ok = each(p.ops.items[i], user);
  sharc_vec_free(&p.ops);
  return ok;
}

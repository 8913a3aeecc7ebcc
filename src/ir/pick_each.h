/* Passes that must not change the tree while they walk it collect their
 * ops first and rewrite each afterwards: one spelling of that two-step
 * (the collecting callback, its vector and the loop). */
#ifndef SHARC_IR_PICK_EACH_H
#define SHARC_IR_PICK_EACH_H

#include "sharc/ir.h"

#include <stdbool.h>

typedef bool (*sharc_op_pred_fn)(sharc_op *op, void *user);

/* Collects the ops of `root` and below, in walk `order`, restricted to ops
 * of `def` unless it is NULL, that `pick` accepts (every one when `pick` is
 * NULL); then calls `each` on them in that order, stopping at the first
 * that returns false. Returns false when one did. */
bool sharc_pick_each(sharc_op *root, sharc_walk_order order, const sharc_op_def *def,
                     sharc_op_pred_fn pick, sharc_op_pred_fn each, void *user);

#endif

/* The check the unit tests of the blocks' op arrays (ir/op_cursor.h) share:
 * an array marked valid must equal the block's list. */
#ifndef SHARC_TEST_OP_ORDER_CHECK_H
#define SHARC_TEST_OP_ORDER_CHECK_H

#include "ir/ir_internal.h"

static inline bool array_matches(const sharc_block *b) {
  if (!b->order_valid)
    return true;
  unsigned i = 0;
  for (const sharc_op *o = b->first; o; o = o->next, i++)
    if (i >= b->order_len || b->order[i] != o)
      return false;
  return i == b->order_len;
}

#endif

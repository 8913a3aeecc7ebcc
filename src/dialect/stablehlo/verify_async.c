/* StableHLO's async_start and async_done result inference
 * (AsyncStartOp::inferReturnTypes, AsyncDoneOp::inferReturnTypes of
 * StablehloOps.cpp): the wrapped op and its region, the future's types, and
 * MLIR's check of the inferred types against the results. */
#include "dialect/stablehlo/shlo_ops.h"

#include <stdlib.h>

/* The ops async_start may wrap. */
static bool is_async_capable(const sharc_op *op) {
  static const shlo_op_def *const ops[] = {
      &sharc_shlo_op_all_gather,         &sharc_shlo_op_all_reduce,
      &sharc_shlo_op_all_to_all,         &sharc_shlo_op_collective_broadcast,
      &sharc_shlo_op_collective_permute, &sharc_shlo_op_collective_reduce,
      &sharc_shlo_op_dynamic_slice,      &sharc_shlo_op_dynamic_update_slice,
      &sharc_shlo_op_reduce_scatter,     &sharc_shlo_op_slice};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (sharc_op_isa(op, &ops[i]->def))
      return true;
  return false;
}

static bool async_error(sharc_op *op, const char *fmt, unsigned a, unsigned b) {
  sharc_buf m = {0};
  sharc_buf_printf(&m, fmt, a, b);
  sharc_shlo_error(op, "'%s' op %s", sharc_op_get_def(op)->name, m.data);
  sharc_buf_free(&m);
  return sharc_shlo_failed_to_infer(op);
}

/* Future and other non-shaped types are compatible only when equal. */
static bool check_result(sharc_op *op, sharc_type *inferred) {
  const sharc_type *actual = sharc_value_type(sharc_op_result(op, 0));
  if (sharc_type_is_shaped(inferred) ? sharc_shlo_compatible_shape_and_elem(inferred, actual, false)
                                     : inferred == actual)
    return true;
  sharc_buf m = {0};
  sharc_buf_printf(&m, "'%s' op inferred type(s) ", sharc_op_get_def(op)->name);
  sharc_shlo_quote_type(&m, inferred);
  SHARC_BUF_LIT(&m, " are incompatible with return type(s) of operation ");
  sharc_shlo_quote_type(&m, actual);
  sharc_shlo_error(op, "%s", m.data);
  sharc_buf_free(&m);
  return sharc_shlo_failed_to_infer(op);
}

static unsigned count_ops(const sharc_block *block) {
  unsigned n = 0;
  for (sharc_op *o = sharc_block_first_op(block); o; o = sharc_op_next(o))
    n++;
  return n;
}

static bool operands_match_args(sharc_op *op, const sharc_block *block) {
  unsigned n = sharc_op_num_operands(op), n_args = sharc_block_num_args(block);
  if (n != n_args)
    return async_error(op, "number of operands (%u) must match number of region arguments (%u)", n,
                       n_args);
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *a = sharc_value_type(sharc_op_operand(op, i));
    const sharc_type *b = sharc_value_type(sharc_block_arg(block, i));
    if (a == b)
      continue;
    sharc_buf m = {0};
    sharc_buf_printf(&m, "'%s' op operand type ", sharc_op_get_def(op)->name);
    sharc_shlo_quote_type(&m, a);
    sharc_buf_printf(&m, " at index %u must match region argument type ", i);
    sharc_shlo_quote_type(&m, b);
    sharc_shlo_error(op, "%s", m.data);
    sharc_buf_free(&m);
    return sharc_shlo_failed_to_infer(op);
  }
  return true;
}

bool sharc_shlo_verify_async_start(sharc_op *op) {
  if (!sharc_shlo_sized_region(op, 0, "body"))
    return false;
  if (sharc_op_num_regions(op) == 0)
    return async_error(op, "expected at least one region", 0, 0);
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block)
    return async_error(op, "region must not be empty", 0, 0);
  if (count_ops(block) != 2)
    return async_error(op, "region must contain exactly one operation and a return", 0, 0);
  if (!is_async_capable(sharc_block_first_op(block)))
    return async_error(op, "region must contain a collective or slice operation", 0, 0);
  if (!operands_match_args(op, block))
    return false;
  sharc_op *ret = sharc_block_last_op(block);
  if (!sharc_block_terminator(block) && sharc_op_get_def(ret))
    return async_error(op, "region must have a terminator", 0, 0);
  if (sharc_op_num_operands(ret) != 1)
    return async_error(op, "region must return exactly one value, but got %u",
                       sharc_op_num_operands(ret), 0);
  uintptr_t word = (uintptr_t)sharc_value_type(sharc_op_operand(ret, 0));
  return check_result(op,
                      sharc_type_dialect(sharc_op_context(op), &sharc_shlo_future_def, &word, 1));
}

bool sharc_shlo_verify_async_done(sharc_op *op) {
  const sharc_type *t = sharc_value_type(sharc_op_operand(op, 0));
  if (t->kind != SHARC_TYPE_DIALECT || t->def != &sharc_shlo_future_def)
    return async_error(op, "operand must be a future type", 0, 0);
  if (t->params.n != 1)
    return async_error(op, "future must have exactly one type parameter, but got %u", t->params.n,
                       0);
  return check_result(op, (sharc_type *)t->params.words[0]);
}

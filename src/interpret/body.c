/* Region computations applied to single elements (see body.h). */
#include <stdlib.h>

#include "interpret/body.h"
#include "interpret/kernel_util.h"

/* `%r = op %a, %b; return %r` over the block's two arguments. */
static void detect_fast(sharc_body *b, sharc_block *blk) {
  b->fast = -1;
  if (b->n != 1)
    return;
  sharc_op *first = sharc_block_first_op(blk);
  sharc_op *ret = first ? sharc_op_next(first) : NULL;
  if (!ret || sharc_op_next(ret) || sharc_op_num_operands(ret) != 1 ||
      sharc_op_operand(ret, 0) != sharc_op_result(first, 0) || sharc_op_num_operands(first) != 2)
    return;
  sharc_value *x = sharc_op_operand(first, 0), *y = sharc_op_operand(first, 1);
  sharc_value *a0 = sharc_block_arg(blk, 0), *a1 = sharc_block_arg(blk, 1);
  if (!((x == a0 && y == a1) || (x == a1 && y == a0)))
    return;
  if (sharc_value_type(sharc_op_result(first, 0)) != sharc_value_type(a0))
    return;
  b->fast = sharc_ew_binary_code(first);
  b->swapped = x == a1;
}

bool sharc_body_init(sharc_body *b, sharc_interp *ip, sharc_op *op, sharc_region *region,
                     sharc_scope *sc, unsigned n) {
  *b = (sharc_body){.ip = ip, .op = op, .region = region, .scope = sc, .n = n};
  sharc_block *blk = region ? sharc_region_first_block(region) : NULL;
  if (!blk || sharc_block_num_args(blk) != 2 * n)
    return sharc_interp_fail(ip, op, "computation must take %u arguments", 2 * n);
  b->args = calloc(2 * n, sizeof *b->args);
  for (unsigned i = 0; i < 2 * n; i++) {
    b->args[i] = sharc_tensor_new_at(ip, op, sharc_value_type(sharc_block_arg(blk, i)));
    if (!b->args[i] || b->args[i]->n != 1) {
      sharc_body_free(b);
      return b->args ? sharc_interp_fail(ip, op, "computation arguments must be scalars") : false;
    }
  }
  detect_fast(b, blk);
  return true;
}

void sharc_body_free(sharc_body *b) {
  for (unsigned i = 0; b->args && i < 2 * b->n; i++)
    sharc_tensor_release(b->args[i]);
  free(b->args);
  b->args = NULL;
}

static bool run(sharc_body *b, sharc_tensor **res) {
  unsigned got = 0;
  if (!sharc_interp_run_region(b->ip, b->region, b->scope, b->args, 2 * b->n, res, &got))
    return false;
  return true;
}

bool sharc_body_accumulate(sharc_body *b, sharc_tensor *const *acc, int64_t ai,
                           sharc_tensor *const *x, int64_t xi) {
  if (b->fast >= 0) {
    if (b->swapped)
      sharc_ew_apply(b->fast, acc[0], ai, x[0], xi, acc[0], ai);
    else
      sharc_ew_apply(b->fast, acc[0], ai, acc[0], ai, x[0], xi);
    return true;
  }
  unsigned n = b->n;
  for (unsigned k = 0; k < n; k++) {
    sharc_elem_copy(b->args[k]->data.p, 0, acc[k]->data.p, ai, sharc_storage_size(acc[k]->st));
    sharc_elem_copy(b->args[n + k]->data.p, 0, x[k]->data.p, xi, sharc_storage_size(x[k]->st));
  }
  sharc_tensor *small[8], **res = n <= 8 ? small : calloc(n, sizeof *res);
  bool ok = run(b, res);
  for (unsigned k = 0; ok && k < n; k++)
    sharc_elem_copy(acc[k]->data.p, ai, res[k]->data.p, 0, sharc_storage_size(acc[k]->st));
  for (unsigned k = 0; ok && k < n; k++)
    sharc_tensor_release(res[k]);
  if (res != small)
    free(res);
  return ok;
}

bool sharc_body_predicate(sharc_body *b, sharc_tensor *const *x, int64_t xi,
                          sharc_tensor *const *y, int64_t yi, bool *result) {
  unsigned n = b->n;
  for (unsigned k = 0; k < n; k++) {
    unsigned xa = b->interleaved ? 2 * k : k, ya = b->interleaved ? 2 * k + 1 : n + k;
    sharc_elem_copy(b->args[xa]->data.p, 0, x[k]->data.p, xi, sharc_storage_size(x[k]->st));
    sharc_elem_copy(b->args[ya]->data.p, 0, y[k]->data.p, yi, sharc_storage_size(y[k]->st));
  }
  sharc_tensor *res[1] = {NULL};
  unsigned got = 0;
  if (!sharc_interp_run_region(b->ip, b->region, b->scope, b->args, 2 * n, res, &got))
    return false;
  *result = res[0]->data.i[0] != 0;
  sharc_tensor_release(res[0]);
  return true;
}

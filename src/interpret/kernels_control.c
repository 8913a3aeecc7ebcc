/* Control flow: func.call, stablehlo.while / if / case / map / composite.
 * Regions run in a scope nested in the op's own (they may use values from
 * above); calls run the callee in a fresh scope. */
#include <stdlib.h>

#include "interpret/interp.h"
#include "interpret/kernel_util.h"
#include "sharc/symbols.h"

static bool call_symbol(sharc_interp *ip, sharc_op *op, const char *attr, sharc_tensor **in,
                        sharc_tensor **out) {
  sharc_attr *callee = sharc_op_attr(op, attr);
  sharc_op *f = callee ? sharc_symbol_lookup_ref(op, callee) : NULL;
  if (!f)
    return sharc_interp_fail(ip, op, "callee not found");
  unsigned got = 0;
  if (!sharc_interp_call(ip, f, in, sharc_op_num_operands(op), out, &got))
    return false;
  if (got != sharc_op_num_results(op))
    return sharc_interp_fail(ip, op, "callee returned %u values, expected %u", got,
                             sharc_op_num_results(op));
  return true;
}

static bool k_call(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                   sharc_scope *sc) {
  (void)sc;
  return call_symbol(ip, op, "callee", in, out);
}

static bool k_composite(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                        sharc_scope *sc) {
  (void)sc;
  return call_symbol(ip, op, "decomposition", in, out);
}

static void release_all(sharc_tensor **v, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    sharc_tensor_release(v[i]);
    v[i] = NULL;
  }
}

/* Runs a region that must yield exactly `want` values. */
static bool run_exact(sharc_interp *ip, sharc_op *op, sharc_region *r, sharc_scope *sc,
                      sharc_tensor *const *args, unsigned n_args, sharc_tensor **res,
                      unsigned want) {
  unsigned got = 0;
  if (!sharc_interp_run_region(ip, r, sc, args, n_args, res, &got))
    return false;
  if (got == want)
    return true;
  release_all(res, got);
  return sharc_interp_fail(ip, op, "region yielded %u values, expected %u", got, want);
}

static bool k_while(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                    sharc_scope *sc) {
  unsigned n = sharc_op_num_operands(op);
  sharc_tensor **cur = malloc((n ? n : 1) * sizeof *cur);
  for (unsigned i = 0; i < n; i++) {
    cur[i] = in[i];
    sharc_tensor_retain(in[i]);
  }
  bool ok = true;
  for (;;) {
    sharc_tensor *cond = NULL;
    ok = run_exact(ip, op, sharc_op_region(op, 0), sc, cur, n, &cond, 1);
    if (!ok)
      break;
    bool go = cond->kind == SHARC_IV_TENSOR && cond->n == 1 && cond->data.i[0];
    sharc_tensor_release(cond);
    if (!go)
      break;
    sharc_tensor **next = calloc(n ? n : 1, sizeof *next);
    ok = run_exact(ip, op, sharc_op_region(op, 1), sc, cur, n, next, n);
    release_all(cur, n);
    free(cur);
    cur = next;
    if (!ok)
      break;
  }
  if (ok)
    memcpy(out, cur, n * sizeof *cur);
  else
    release_all(cur, n);
  free(cur);
  return ok;
}

static bool k_if(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                 sharc_scope *sc) {
  bool pred = in[0]->data.i[0] != 0;
  return run_exact(ip, op, sharc_op_region(op, pred ? 0 : 1), sc, NULL, 0, out,
                   sharc_op_num_results(op));
}

static bool k_case(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                   sharc_scope *sc) {
  int64_t idx = in[0]->data.i[0];
  unsigned n = sharc_op_num_regions(op);
  if (idx < 0 || idx >= (int64_t)n)
    idx = n - 1;
  return run_exact(ip, op, sharc_op_region(op, (unsigned)idx), sc, NULL, 0, out,
                   sharc_op_num_results(op));
}

static bool k_map(sharc_interp *ip, sharc_op *op, sharc_tensor **in, sharc_tensor **out,
                  sharc_scope *sc) {
  unsigned n = sharc_op_num_operands(op);
  sharc_tensor *r = sharc_result_out(ip, op, out);
  if (!r)
    return false;
  sharc_region *body = sharc_op_region(op, 0);
  sharc_block *b = sharc_region_first_block(body);
  if (!b || sharc_block_num_args(b) != n)
    return sharc_interp_fail(ip, op, "stablehlo.map: computation takes %u arguments", n);
  sharc_tensor **args = calloc(n, sizeof *args);
  bool ok = true;
  for (unsigned k = 0; ok && k < n; k++) {
    args[k] = sharc_tensor_new_at(ip, op, sharc_value_type(sharc_block_arg(b, k)));
    ok = args[k] != NULL;
  }
  size_t esz = sharc_storage_size(r->st);
  for (int64_t i = 0; ok && i < r->n; i++) {
    for (unsigned k = 0; k < n; k++)
      sharc_elem_copy(args[k]->data.p, 0, in[k]->data.p, i, sharc_storage_size(in[k]->st));
    sharc_tensor *v = NULL;
    ok = run_exact(ip, op, body, sc, args, n, &v, 1);
    if (ok)
      sharc_elem_copy(r->data.p, i, v->data.p, 0, esz);
    sharc_tensor_release(v);
  }
  release_all(args, n);
  free(args);
  return ok;
}

const sharc_kernel sharc_kernels_control[] = {
    {"func.call", k_call, 0},
    {"stablehlo.composite", k_composite, 0},
    {"stablehlo.while", k_while, 0},
    {"stablehlo.if", k_if, 0},
    {"stablehlo.case", k_case, 0},
    {"stablehlo.map", k_map, 0},
    {NULL, NULL, 0},
};

/* -mpmd-fragment-dce: users before producers, each fragment loses its
 * unused results, dead code in its body and then its unused arguments,
 * and goes when nothing is left; unused transfers go too. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "ir/prefetch.h"
#include "pass/pass_registry.h"
#include "rewrite/greedy_internal.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/simplify_region_op.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "rewrite/replace_kept.h"

#include <stdlib.h>

static sharc_block *body_of(sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

/* EliminateUnusedResults: the fragment rebuilt without them. */
static sharc_op *drop_unused_results(sharc_op *frag, sharc_rewriter *rw) {
  unsigned n = sharc_op_num_results(frag), k = 0;
  bool *unused = sharc_xcalloc((size_t)n + 1, sizeof *unused);
  sharc_type **types = sharc_xmalloc_array((size_t)n + 1, sizeof *types);
  sharc_value **rets = sharc_xmalloc_array((size_t)n + 1, sizeof *rets);
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    any |= unused[i] = !sharc_value_has_uses(sharc_op_result(frag, i));
  sharc_op *result = frag;
  if (any) {
    sharc_op *ret = sharc_block_last_op(body_of(frag));
    for (unsigned i = 0; i < n; i++)
      if (!unused[i]) {
        types[k] = sharc_value_type(sharc_op_result(frag, i));
        rets[k++] = sharc_op_operand(ret, i);
      }
    sharc_op_set_operands(ret, rets, k);
    sharc_rw_modified(rw, ret);
    sharc_rw_set_before(rw, frag);
    unsigned no = sharc_op_num_operands(frag);
    sharc_value **operands = sharc_op_operand_values(frag);
    result = sharc_mpmd_create_fragment(
        rw, sharc_op_loc(frag), operands, no, types, k, sharc_op_attr(frag, "origin"),
        sharc_attr_string_value(sharc_op_attr(frag, "mesh_name")), sharc_op_attr(frag, "stage_id"));
    free(operands);
    static const char *const elided[] = {"origin", "mesh_name", NULL};
    sharc_mpmd_copy_attrs(frag, result, elided);
    sharc_region_take_body(sharc_op_region(result, 0), sharc_op_region(frag, 0));
    sharc_rw_replace_op_with_kept_results(rw, frag, result, unused, n, false);
  }
  free(unused);
  free(types);
  free(rets);
  return result;
}

/* EliminateUnusedArguments. */
static void drop_unused_args(sharc_op *frag, sharc_rewriter *rw) {
  sharc_block *b = body_of(frag);
  unsigned n = sharc_op_num_operands(frag);
  if (n > sharc_block_num_args(b))
    n = sharc_block_num_args(b);
  bool *unused = sharc_xcalloc((size_t)n + 1, sizeof *unused);
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    any |= unused[i] = !sharc_value_has_uses(sharc_block_arg(b, i));
  if (any) {
    for (unsigned i = n; i-- > 0;)
      if (unused[i])
        sharc_block_erase_arg(b, i);
    sharc_op_erase_marked_operands(frag, unused, n);
    sharc_rw_modified(rw, frag);
  }
  free(unused);
}

static bool empty_fragment(sharc_op *frag) {
  sharc_block *b = body_of(frag);
  return !sharc_op_num_results(frag) && !sharc_op_num_operands(frag) &&
         sharc_block_first_op(b) == sharc_block_last_op(b);
}

static void visit(sharc_op *op, sharc_rewriter *rw);

static void visit_regions(sharc_op *op, sharc_rewriter *rw) {
  for (unsigned r = sharc_op_num_regions(op); r-- > 0;)
    for (sharc_block *b = sharc_region_last_block(sharc_op_region(op, r)); b; b = sharc_block_prev(b))
      for (sharc_op *o = sharc_block_last_op(b), *prev; o; o = prev) {
        prev = sharc_op_prev_ahead(o);
        visit(o, rw);
      }
}

/* MLIR's walk<PreOrder, ReverseIterator>. */
static void visit(sharc_op *op, sharc_rewriter *rw) {
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def)) {
    sharc_op *frag = drop_unused_results(op, rw);
    sharc_simplify_region(rw, sharc_op_region(frag, 0), true);
    drop_unused_args(frag, rw);
    if (empty_fragment(frag))
      sharc_rw_erase_op(rw, frag);
    return;
  }
  if (sharc_op_isa(op, &sharc_mpmd_transfer_def) && !sharc_op_has_result_uses(op) &&
      sharc_mpmd_is_pure(op)) {
    sharc_rw_erase_op(rw, op);
    return;
  }
  visit_regions(op, rw);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  visit(func, &rw);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_fragment_dce = {
    .flag = "mpmd-fragment-dce",
    .display_name = "FragmentDcePass",
    .summary = "Eliminates unused fragment arguments/results and simplifies fragment regions.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* -mpmd-unroll-for-loops: each mpmd.for (whose unroll factor must be its
 * iteration count) is replaced by its body repeated once per iteration,
 * the index a ui32 constant, every unrolled op marked with a counter that
 * is unique across the function's loops. */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef struct unroll_state {
  sharc_rewriter rw;
  int64_t counter; /* unroll counters used so far */
  bool failed;
} unroll_state;

static sharc_attr *ui32(sharc_context *ctx, int64_t v) {
  return sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), v);
}

static void unroll(unroll_state *st, sharc_op *for_op) {
  sharc_rewriter *rw = &st->rw;
  sharc_context *ctx = rw->ctx;
  int64_t n = sharc_attr_int_value(sharc_op_attr(for_op, "iterations"));
  sharc_block *body = sharc_region_first_block(sharc_op_region(for_op, 0));
  unsigned n_args = sharc_block_num_args(body);
  sharc_rw_set_before(rw, for_op);
  sharc_type *index_type =
      sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), NULL);
  sharc_ident *constant_name = sharc_ident_get(ctx, SHARC_STR("stablehlo.constant"));
  for (int64_t it = 0; it < n; it++) {
    uint64_t raw = (uint64_t)it;
    sharc_named_attr value = {sharc_ident_get(ctx, SHARC_STR("value")),
                              sharc_attr_dense_elements(ctx, index_type, &raw, 1, true)};
    sharc_op_state cst = {.name = constant_name,
                          .loc = sharc_op_loc(for_op),
                          .result_types = &index_type,
                          .num_results = 1,
                          .attrs = sharc_attr_dictionary(ctx, &value, 1)};
    sharc_op *index = sharc_rw_create(rw, &cst);
    sharc_op_set_attr(index, SHARC_MPMD_UNROLL_COUNTER_ATTR, ui32(ctx, st->counter + it));
    sharc_mapping *map = sharc_mapping_create();
    sharc_mapping_map_value(map, sharc_block_arg(body, n_args - 1), sharc_op_result(index, 0));
    for (unsigned a = 0; a + 1 < n_args && a < sharc_op_num_operands(for_op); a++)
      sharc_mapping_map_value(map, sharc_block_arg(body, a), sharc_op_operand(for_op, a));
    for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
      if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR)) {
        unsigned k = sharc_op_num_operands(op);
        sharc_value **next = sharc_xmalloc_array((size_t)k + 1, sizeof *next);
        for (unsigned i = 0; i < k; i++)
          next[i] = sharc_mapping_value_or_self(map, sharc_op_operand(op, i));
        if (it == n - 1)
          sharc_rw_replace_op(rw, for_op, next, k);
        else {
          sharc_op_set_operands(for_op, next, k);
          sharc_rw_modified(rw, for_op);
        }
        free(next);
      } else {
        sharc_op *clone = sharc_rw_clone(rw, op, map);
        sharc_op_set_attr(clone, SHARC_MPMD_UNROLL_COUNTER_ATTR, ui32(ctx, st->counter + it));
      }
    }
    sharc_mapping_destroy(map);
  }
  if (n == 0) {
    /* no iteration: the loop stands for its operands */
    unsigned k = sharc_op_num_operands(for_op);
    sharc_value **ops = sharc_op_operand_values(for_op);
    sharc_rw_replace_op(rw, for_op, ops, k);
    free(ops);
  }
  st->counter += n;
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  unroll_state *st = user;
  for (sharc_op *p = sharc_op_parent_op(op); p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, &sharc_mpmd_for_def)) {
      sharc_mpmd_error(op, "Nested fori loops aren't supported. Please contact OWNERs if you need "
                           "this feature.");
      st->failed = true;
      return SHARC_WALK_INTERRUPT;
    }
  sharc_attr *iterations = sharc_op_attr(op, "iterations"), *factor = sharc_op_attr(op, "unroll_factor");
  if (!factor || sharc_attr_int_value(factor) != sharc_attr_int_value(iterations)) {
    sharc_mpmd_error(op, "The unroll factor is required to be the same as the number of "
                         "iterations.");
    st->failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  unroll(st, op);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  unroll_state st = {.counter = 0};
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &st.rw))
    return true;
  /* Shardy walks the body in post-order: an inner loop is met first */
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_for_def, visit, &st);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_unroll_for_loops = {
    .flag = "mpmd-unroll-for-loops",
    .display_name = "UnrollForLoopsPass",
    .summary = "Fully unrolls `mpmd.for` loops.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

/* -mpmd-call-inline: every mpmd.call is replaced by a copy of its callee's
 * body, the copied ops located at the call (a call-site location) and the
 * fragments among them taking the call's attributes (its call counter). */
#include "dialect/func/func.h"
#include "dialect/mpmd/utils.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>

typedef struct inline_state {
  sharc_rewriter rw;
  sharc_ptrmap locs; /* callee location -> inlined location, per call */
  sharc_attr *call_loc;
  sharc_op *call;
} inline_state;

/* MLIR's stackLocations: the callee's call-site chain ends at the call. */
static sharc_attr *stack_location(inline_state *st, sharc_attr *loc) {
  sharc_attr *cached = sharc_ptrmap_get(&st->locs, loc);
  if (cached)
    return cached;
  sharc_context *ctx = st->rw.ctx;
  sharc_ptr_vec chain = {0};
  sharc_attr *last = loc;
  while (sharc_attr_get_kind(last) == SHARC_ATTR_LOC_CALLSITE) {
    sharc_vec_push(&chain, last);
    last = last->callsite.caller;
  }
  sharc_attr *result = sharc_loc_callsite(ctx, last, st->call_loc);
  for (unsigned i = chain.len; i-- > 0;)
    result = sharc_loc_callsite(ctx, ((sharc_attr *)chain.items[i])->callsite.callee, result);
  sharc_vec_free(&chain);
  sharc_ptrmap_put(&st->locs, loc, result);
  return result;
}

static const char *const callee_only[] = {"callee", NULL};

static sharc_walk_result relocate(sharc_op *op, void *user) {
  inline_state *st = user;
  if (sharc_attr_get_kind(st->call_loc) != SHARC_ATTR_LOC_UNKNOWN) {
    sharc_op_set_loc(op, stack_location(st, sharc_op_loc(op)));
    for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
      for (sharc_block *b = sharc_region_first_block(sharc_op_region(op, r)); b;
           b = sharc_block_next(b))
        for (unsigned a = 0; a < sharc_block_num_args(b); a++) {
          sharc_value *arg = sharc_block_arg(b, a);
          *sharc_value_loc_slot(arg) = stack_location(st, sharc_value_loc(arg));
        }
  }
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def) || sharc_op_isa(op, &sharc_mpmd_fragment_call_def))
    sharc_mpmd_copy_attrs(st->call, op, callee_only);
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result inline_call(sharc_op *call, void *user) {
  inline_state *st = user;
  sharc_op *callee = sharc_mpmd_callee(call);
  sharc_block *body = callee ? sharc_func_body(callee) : NULL;
  if (!body)
    return SHARC_WALK_ADVANCE;
  sharc_mapping *map = sharc_mapping_create();
  for (unsigned i = 0; i < sharc_block_num_args(body) && i < sharc_op_num_operands(call); i++)
    sharc_mapping_map_value(map, sharc_block_arg(body, i), sharc_op_operand(call, i));
  sharc_rw_set_before(&st->rw, call);
  st->call = call;
  st->call_loc = sharc_op_loc(call);
  sharc_ptrmap_free(&st->locs);
  sharc_op *ret = sharc_block_last_op(body);
  for (sharc_op *op = sharc_block_first_op(body); op && op != ret; op = sharc_op_next(op)) {
    sharc_op *clone = sharc_rw_clone(&st->rw, op, map);
    sharc_walk(clone, SHARC_PRE_ORDER, relocate, st);
  }
  unsigned n = sharc_op_num_results(call);
  sharc_value **results = sharc_xmalloc_array((size_t)n + 1, sizeof *results);
  for (unsigned i = 0; i < n; i++)
    results[i] = sharc_mapping_value_or_self(map, sharc_op_operand(ret, i));
  sharc_mapping_destroy(map);
  sharc_rw_replace_op(&st->rw, call, results, n);
  free(results);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  inline_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_mpmd_call_def, inline_call, &st);
  sharc_ptrmap_free(&st.locs);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_call_inline = {
    .flag = "mpmd-call-inline",
    .display_name = "CallInlinePass",
    .summary = "Inlines all `mpmd.call` operations.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

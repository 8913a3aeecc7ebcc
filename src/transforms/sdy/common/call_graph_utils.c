/* Shardy's call-graph helpers; see call_graph_utils.h. */
#include "transforms/sdy/common/call_graph_utils.h"

#include "dialect/func/func.h"
#include "ir/op_values.h"
#include "pass/call_graph.h"
#include "dialect/sdy/utils.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>

unsigned sharc_sdy_funcs_in_call_order(const sharc_call_graph *cg, bool pre_order, sharc_op ***out) {
  unsigned n = sharc_call_graph_size(cg);
  sharc_op **funcs = sharc_xmalloc_array(n ? n : 1, sizeof *funcs);
  unsigned k = sharc_call_graph_reverse_post_order(cg, funcs), kept = 0;
  for (unsigned i = 0; i < k; i++)
    if (sharc_op_isa(funcs[i], &sharc_func_func_def))
      funcs[kept++] = funcs[i];
  for (unsigned i = 0; !pre_order && i < kept / 2; i++) {
    sharc_op *t = funcs[i];
    funcs[i] = funcs[kept - 1 - i];
    funcs[kept - 1 - i] = t;
  }
  *out = funcs;
  return kept;
}

typedef struct call_walk {
  sharc_sdy_call_fn fn;
  void *user;
  bool pre_order;
} call_walk;

static sharc_walk_result visit_call(sharc_op *op, void *user) {
  call_walk *w = user;
  if (!sharc_op_isa(op, &sharc_func_call_def))
    return SHARC_WALK_ADVANCE;
  if (!w->fn(op, w->user))
    return SHARC_WALK_INTERRUPT;
  return w->pre_order && sharc_op_is_erased(op) ? SHARC_WALK_SKIP : SHARC_WALK_ADVANCE;
}

bool sharc_sdy_walk_calls(const sharc_call_graph *cg, bool pre_order, sharc_sdy_call_fn fn,
                          void *user) {
  /* no func.call was ever made: no walk of every op for them */
  if (sharc_call_graph_size(cg) &&
      !sharc_context_may_hold_def(sharc_op_context(sharc_call_graph_func(cg, 0)),
                                  &sharc_func_call_def))
    return true;
  sharc_op **funcs;
  unsigned n = sharc_sdy_funcs_in_call_order(cg, pre_order, &funcs);
  call_walk w = {fn, user, pre_order};
  bool ok = true;
  for (unsigned i = 0; ok && i < n; i++)
    ok = sharc_walk_region(sharc_op_region(funcs[i], 0),
                           pre_order ? SHARC_PRE_ORDER : SHARC_POST_ORDER, visit_call,
                           &w) != SHARC_WALK_INTERRUPT;
  free(funcs);
  return ok;
}

/* ---- lookups ------------------------------------------------------------------- */

static sharc_op *lookup_func(sharc_op *table, sharc_str name) {
  sharc_op *op = table ? sharc_symbol_lookup(table, name) : NULL;
  return op && sharc_op_isa(op, &sharc_func_func_def) ? op : NULL;
}

sharc_op *sharc_sdy_callee_or_error(sharc_op *call, sharc_op *module) {
  sharc_attr *ref = sharc_call_callee(call);
  sharc_str name = ref ? sharc_ident_str(sharc_attr_symbol_root(ref)) : (sharc_str){"", 0};
  sharc_op *func = lookup_func(module ? module : sharc_symbol_table_op(call), name);
  if (!func)
    sharc_emit(sharc_op_context(call), SHARC_SEV_ERROR, sharc_op_loc(call),
               "Failed to lookup function: %.*s", (int)name.len, name.data);
  return func;
}

sharc_op *sharc_sdy_main_func_or_error(sharc_op *module, bool use_single_func) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  sharc_op *single = NULL;
  unsigned count = 0;
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def) && count++ == 0)
      single = op;
  if (use_single_func && count == 1)
    return single;
  sharc_op *main_func = lookup_func(module, (sharc_str){"main", 4});
  if (!main_func)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(module),
               "Failed to lookup function: main");
  return main_func;
}

/* ---- cycles -------------------------------------------------------------------- */

void sharc_sdy_emit_call_cycle(sharc_op *call) {
  sharc_attr *ref = sharc_call_callee(call);
  sharc_str name = ref ? sharc_ident_str(sharc_attr_symbol_root(ref)) : (sharc_str){"", 0};
  sharc_emit_op_error(call, "calls @%.*s recursively; cycles in the call graph are not supported",
                      (int)name.len, name.data);
}

/* Only func.call edges between functions with a body can close a cycle
 * Shardy's passes would follow forever. */
static bool follow_func_call(sharc_op *call, sharc_op *callee) {
  return sharc_op_isa(call, &sharc_func_call_def) && sharc_op_num_regions(callee) &&
         sharc_region_first_block(sharc_op_region(callee, 0));
}

sharc_op *sharc_sdy_find_call_cycle(const sharc_call_graph *cg) {
  return sharc_call_graph_find_cycle(cg, follow_func_call);
}

/* ---- cloning ------------------------------------------------------------------- */

typedef struct cloner {
  sharc_rewriter *rw;
  sharc_op *module;
  unsigned *counter;
  sharc_ptrmap active; /* functions whose clone is being built */
  bool failed;
} cloner;

static sharc_op *clone_rec(cloner *c, sharc_op *func);

/* Points a call of a clone at a fresh clone of its callee. */
static sharc_walk_result redirect_call(sharc_op *call, void *user) {
  cloner *c = user;
  sharc_op *callee = sharc_sdy_callee_or_error(call, c->module);
  if (callee && sharc_ptrmap_get(&c->active, callee)) {
    sharc_sdy_emit_call_cycle(call);
    callee = NULL;
  }
  sharc_op *clone = callee ? clone_rec(c, callee) : NULL;
  if (!clone) {
    c->failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  sharc_context *ctx = sharc_op_context(call);
  sharc_str name = sharc_rw_insert_symbol(c->rw, c->module, clone, c->counter);
  sharc_rw_set_attr(c->rw, call, "callee",
                    sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, name), NULL, 0));
  return SHARC_WALK_ADVANCE;
}

static sharc_op *clone_rec(cloner *c, sharc_op *func) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_op *clone = sharc_op_clone(func, true);
  sharc_rw_set_attr(c->rw, clone, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR,
                    sharc_attr_string(ctx, sharc_sdy_original_func_name(func)));
  sharc_ptrmap_put(&c->active, func, func);
  sharc_walk_isa(clone, SHARC_POST_ORDER, &sharc_func_call_def, redirect_call, c);
  sharc_ptrmap_put(&c->active, func, NULL);
  if (!c->failed)
    return clone;
  sharc_op_erase(clone);
  return NULL;
}

sharc_op *sharc_sdy_clone_func_recursively(sharc_rewriter *rw, sharc_op *func, unsigned *counter) {
  cloner c = {rw, sharc_symbol_table_op(sharc_op_parent_op(func)), counter, {0}, false};
  sharc_op *clone = clone_rec(&c, func);
  sharc_ptrmap_free(&c.active);
  return clone;
}

void sharc_sdy_terminators_to_return(sharc_rewriter *rw, sharc_region *r) {
  for (sharc_block *b = sharc_region_first_block(r); b; b = sharc_block_next(b)) {
    sharc_op *ret = sharc_block_last_op(b);
    if (!ret)
      continue;
    sharc_rw_set_block_end(rw, b);
    unsigned n = sharc_op_num_operands(ret);
    sharc_value **values = sharc_op_operand_values(ret);
    sharc_op_state st = {
        .name = sharc_ident_get(rw->ctx, SHARC_STR("sdy.return")),
        .loc = sharc_op_loc(ret),
        .operands = values,
        .num_operands = n,
    };
    sharc_rw_create(rw, &st);
    free(values);
    sharc_rw_erase_op(rw, ret);
  }
}

bool sharc_sdy_call_attr_stays(sharc_str name) {
  static const char *const names[] = {"arg_attrs", "callee", "no_inline", "res_attrs",
                                      SHARC_SDY_SHARDING_ATTR};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (sharc_str_eq_cstr(name, names[i]))
      return true;
  return false;
}

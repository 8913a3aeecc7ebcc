/* Shardy's fragment splitting (PullResultsOutOf and its two drivers). */
#include "support/xalloc.h"
#include "transforms/mpmd/common/split_fragment.h"

#include <stdlib.h>

static sharc_block *body_of(sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

/* ---- effective operands ---------------------------------------------------------------------- */

typedef struct value_list {
  sharc_ptr_vec items;
  sharc_ptrmap seen;
} value_list;

static void value_list_add(value_list *l, sharc_value *v) {
  if (sharc_ptrmap_get(&l->seen, v))
    return;
  sharc_ptrmap_put(&l->seen, v, v);
  sharc_vec_push(&l->items, v);
}

static void value_list_free(value_list *l) {
  sharc_vec_free(&l->items);
  sharc_ptrmap_free(&l->seen);
}

/* Whether `v` is defined outside `op` (its regions included). */
static bool defined_outside(sharc_value *v, sharc_op *op) {
  sharc_op *owner = sharc_value_defining_op(v);
  if (!owner)
    owner = sharc_block_parent_op(sharc_value_owner_block(v));
  return owner != op && !sharc_op_is_ancestor(op, owner);
}

typedef struct above_walk {
  sharc_op *op;
  value_list *out;
} above_walk;

static sharc_walk_result used_above(sharc_op *nested, void *user) {
  above_walk *w = user;
  for (unsigned i = 0; i < sharc_op_num_operands(nested); i++)
    if (defined_outside(sharc_op_operand(nested, i), w->op))
      value_list_add(w->out, sharc_op_operand(nested, i));
  return SHARC_WALK_ADVANCE;
}

/* GetEffectiveOperands: the operands, then the values from outside used in
 * its regions (getUsedValuesDefinedAbove's post-order), each once. */
static void effective_operands(sharc_op *op, value_list *out) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    value_list_add(out, sharc_op_operand(op, i));
  above_walk w = {op, out};
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    sharc_walk_region(sharc_op_region(op, r), SHARC_POST_ORDER, used_above, &w);
}

/* CollectOpsFlowingTo: the ops the values depend on. */
static void ops_flowing_to(const sharc_ptr_vec *values, sharc_ptrmap *ops) {
  sharc_ptr_vec stack = {0};
  for (unsigned i = 0; i < values->len; i++)
    sharc_vec_push(&stack, values->items[i]);
  while (stack.len) {
    sharc_op *op = sharc_value_defining_op(sharc_vec_pop(&stack));
    if (!op || sharc_ptrmap_get(ops, op))
      continue;
    sharc_ptrmap_put(ops, op, op);
    value_list operands = {{0}, {0}};
    effective_operands(op, &operands);
    for (unsigned i = 0; i < operands.items.len; i++)
      sharc_vec_push(&stack, operands.items.items[i]);
    value_list_free(&operands);
  }
  sharc_vec_free(&stack);
}

/* CollectRootsForValues: the block arguments and values of `boundary` ops
 * the values depend on, in the order Shardy's stack walk first meets them.
 * Expanding an op a second time meets nothing new (its first expansion
 * was finished by then), so each op is expanded once. */
static void roots_for(const sharc_ptr_vec *values, const sharc_ptrmap *boundary, value_list *roots) {
  sharc_ptr_vec stack = {0};
  sharc_ptrmap expanded = {0};
  for (unsigned i = 0; i < values->len; i++)
    sharc_vec_push(&stack, values->items[i]);
  while (stack.len) {
    sharc_value *v = sharc_vec_pop(&stack);
    sharc_op *op = sharc_value_defining_op(v);
    if (!op || sharc_ptrmap_get(boundary, op)) {
      value_list_add(roots, v);
      continue;
    }
    if (sharc_ptrmap_get(&expanded, op))
      continue;
    sharc_ptrmap_put(&expanded, op, op);
    value_list operands = {{0}, {0}};
    effective_operands(op, &operands);
    for (unsigned i = 0; i < operands.items.len; i++)
      sharc_vec_push(&stack, operands.items.items[i]);
    value_list_free(&operands);
  }
  sharc_ptrmap_free(&expanded);
  sharc_vec_free(&stack);
}

/* ---- PullResultsOutOf -------------------------------------------------------------------------- */

/* EraseOpsThroughIRMapping: the clone's ops (matched with the original's by
 * position), last first, but the terminator, where `erase` says so of the
 * original. An op still used is left (Shardy would erase it anyway). */
static void erase_cloned(sharc_block *original, sharc_block *clone, const sharc_ptrmap *set,
                         bool erase_members, sharc_rewriter *rw) {
  sharc_op *o = sharc_block_last_op(original), *c = sharc_block_last_op(clone);
  for (; o && c;) {
    sharc_op *prev_o = sharc_op_prev(o), *prev_c = sharc_op_prev(c);
    bool member = sharc_ptrmap_get(set, o) != NULL;
    bool terminator = sharc_op_has_trait(c, SHARC_TRAIT_TERMINATOR);
    bool used = false;
    for (unsigned r = 0; r < sharc_op_num_results(c) && !used; r++)
      used = sharc_value_has_uses(sharc_op_result(c, r));
    if (!terminator && member == erase_members && !used)
      sharc_rw_erase_op(rw, c);
    o = prev_o;
    c = prev_c;
  }
}

static sharc_op *create_like(sharc_op *fragment, sharc_rewriter *rw, const sharc_ptr_vec *operands,
                             const sharc_ptr_vec *types, const char *split_attr) {
  sharc_op *f = sharc_mpmd_create_fragment(
      rw, sharc_op_loc(fragment), (sharc_value *const *)operands->items, operands->len,
      (sharc_type *const *)types->items, types->len, sharc_op_attr(fragment, "origin"),
      sharc_mpmd_fragment_mesh(fragment), sharc_op_attr(fragment, "stage_id"));
  sharc_mpmd_copy_attrs(fragment, f, NULL);
  sharc_rw_set_attr(rw, f, split_attr, sharc_attr_unit(rw->ctx));
  return f;
}

static void clone_body(sharc_op *from, sharc_op *to, sharc_mapping *map, sharc_rewriter *rw) {
  sharc_rw_clone_region_before(rw, sharc_op_region(from, 0), sharc_op_region(to, 0), NULL, map);
}

static void pull_results_out_of(sharc_op *fragment, const sharc_ptr_vec *pullable,
                                const sharc_ptrmap *non_pullable, const bool *mask,
                                sharc_rewriter *rw) {
  /* as Shardy, the count is that of the block holding the fragment */
  unsigned parent_ops = 0;
  for (sharc_op *op = sharc_block_first_op(sharc_op_block(fragment)); op; op = sharc_op_next(op))
    parent_ops++;
  if (non_pullable->count + 1 == parent_ops)
    return;
  value_list residuals = {{0}, {0}};
  roots_for(pullable, non_pullable, &residuals);
  for (unsigned i = 0; i < residuals.items.len; i++)
    if (!sharc_mpmd_is_ranked_tensor(sharc_value_type(residuals.items.items[i]))) {
      value_list_free(&residuals); /* no mesh tensor can carry it (Shardy's cast fails) */
      return;
    }
  sharc_context *ctx = rw->ctx;
  sharc_str mesh = sharc_mpmd_fragment_mesh(fragment);
  unsigned nr = sharc_op_num_results(fragment);
  sharc_block *body = body_of(fragment);

  /* 1. the fragment keeping the transferred results, returning residuals */
  sharc_ptr_vec operands = {0}, types = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(fragment); i++)
    sharc_vec_push(&operands, sharc_op_operand(fragment, i));
  for (unsigned i = 0; i < nr; i++)
    if (!mask[i])
      sharc_vec_push(&types, sharc_value_type(sharc_op_result(fragment, i)));
  for (unsigned i = 0; i < residuals.items.len; i++)
    sharc_vec_push(&types, sharc_mpmd_replicated(ctx, mesh, sharc_value_type(residuals.items.items[i])));
  sharc_rw_set_after(rw, fragment);
  sharc_op *keep = create_like(fragment, rw, &operands, &types, SHARC_MPMD_SPLIT_KEEP_TRANSFERRED_ATTR);
  sharc_mapping *map = sharc_mapping_create();
  clone_body(fragment, keep, map, rw);
  sharc_op *keep_ret = sharc_block_last_op(body_of(keep));
  sharc_ptr_vec rets = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(keep_ret); i++)
    if (i >= nr || !mask[i])
      sharc_vec_push(&rets, sharc_op_operand(keep_ret, i));
  for (unsigned i = 0; i < residuals.items.len; i++)
    sharc_vec_push(&rets, sharc_mapping_value_or_self(map, residuals.items.items[i]));
  sharc_op_set_operands(keep_ret, (sharc_value *const *)rets.items, rets.len);
  sharc_rw_modified(rw, keep_ret);
  sharc_mapping_destroy(map);
  erase_cloned(body, body_of(keep), non_pullable, false, rw);

  /* 2. the fragment with the pulled results, taking the residuals */
  sharc_vec_clear(&types);
  for (unsigned i = 0; i < nr; i++)
    if (mask[i])
      sharc_vec_push(&types, sharc_value_type(sharc_op_result(fragment, i)));
  unsigned nk = sharc_op_num_results(keep);
  for (unsigned i = nk - residuals.items.len; i < nk; i++)
    sharc_vec_push(&operands, sharc_op_result(keep, i));
  sharc_rw_set_after(rw, keep);
  sharc_op *pulled = create_like(fragment, rw, &operands, &types, SHARC_MPMD_SPLIT_DROP_TRANSFERRED_ATTR);
  map = sharc_mapping_create();
  clone_body(fragment, pulled, map, rw);
  sharc_block *pulled_body = body_of(pulled);
  for (unsigned i = 0; i < residuals.items.len; i++) {
    sharc_value *res = residuals.items.items[i];
    sharc_value *arg = sharc_block_add_arg(pulled_body, sharc_value_type(res), sharc_mpmd_value_loc(res));
    sharc_rw_replace_all_uses(rw, sharc_mapping_value_or_self(map, res), arg);
  }
  sharc_mapping_destroy(map);
  sharc_op *pulled_ret = sharc_block_last_op(pulled_body);
  sharc_vec_clear(&rets);
  for (unsigned i = 0; i < sharc_op_num_operands(pulled_ret) && i < nr; i++)
    if (mask[i])
      sharc_vec_push(&rets, sharc_op_operand(pulled_ret, i));
  sharc_op_set_operands(pulled_ret, (sharc_value *const *)rets.items, rets.len);
  sharc_rw_modified(rw, pulled_ret);
  erase_cloned(body, pulled_body, non_pullable, true, rw);

  /* the original's results from either */
  unsigned k = 0, p = 0;
  for (unsigned i = 0; i < nr; i++)
    sharc_rw_replace_all_uses(rw, sharc_op_result(fragment, i),
                              mask[i] ? sharc_op_result(pulled, p++) : sharc_op_result(keep, k++));
  sharc_rw_erase_op(rw, fragment);
  sharc_vec_free(&operands);
  sharc_vec_free(&types);
  sharc_vec_free(&rets);
  value_list_free(&residuals);
}

void sharc_mpmd_pull_results_maximally(sharc_op *fragment, const bool *pullable, sharc_rewriter *rw) {
  sharc_op *ret = sharc_block_last_op(body_of(fragment));
  sharc_ptr_vec pulled = {0}, kept = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
    sharc_vec_push(pullable[i] ? &pulled : &kept, sharc_op_operand(ret, i));
  sharc_ptrmap non_pullable = {0};
  ops_flowing_to(&kept, &non_pullable);
  pull_results_out_of(fragment, &pulled, &non_pullable, pullable, rw);
  sharc_ptrmap_free(&non_pullable);
  sharc_vec_free(&pulled);
  sharc_vec_free(&kept);
}

/* FindAndMarkResults: the return operands reached from `v` through uses. */
static void mark_results(sharc_value *v, sharc_ptrmap *seen, bool *mask, unsigned n) {
  sharc_ptr_vec stack = {0};
  sharc_vec_push(&stack, v);
  while (stack.len) {
    sharc_value *cur = sharc_vec_pop(&stack);
    for (sharc_use *u = sharc_value_first_use(cur); u; u = sharc_use_next(u)) {
      sharc_op *owner = sharc_use_owner(u);
      if (sharc_op_isa(owner, &sharc_mpmd_return_def)) {
        unsigned i = sharc_use_operand_index(u);
        if (i < n)
          mask[i] = true;
        continue;
      }
      if (sharc_ptrmap_get(seen, owner))
        continue;
      sharc_ptrmap_put(seen, owner, owner);
      for (unsigned r = 0; r < sharc_op_num_results(owner); r++)
        sharc_vec_push(&stack, sharc_op_result(owner, r));
    }
  }
  sharc_vec_free(&stack);
}

/* TransitiveUsersOf. */
static void transitive_users(const sharc_ptr_vec *values, sharc_ptrmap *users) {
  sharc_ptr_vec stack = {0};
  for (unsigned i = 0; i < values->len; i++)
    sharc_vec_push(&stack, values->items[i]);
  while (stack.len) {
    sharc_value *v = sharc_vec_pop(&stack);
    for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
      sharc_op *owner = sharc_use_owner(u);
      if (sharc_ptrmap_get(users, owner))
        continue;
      sharc_ptrmap_put(users, owner, owner);
      for (unsigned r = 0; r < sharc_op_num_results(owner); r++)
        sharc_vec_push(&stack, sharc_op_result(owner, r));
    }
  }
  sharc_vec_free(&stack);
}

void sharc_mpmd_pull_operands_out_maximally(sharc_op *fragment, const bool *pulled_args,
                                            sharc_rewriter *rw) {
  sharc_block *body = body_of(fragment);
  unsigned nr = sharc_op_num_results(fragment);
  sharc_ptr_vec args = {0};
  for (unsigned i = 0; i < sharc_block_num_args(body) && i < sharc_op_num_operands(fragment); i++)
    if (pulled_args[i])
      sharc_vec_push(&args, sharc_block_arg(body, i));
  bool *mask = sharc_xcalloc((size_t)nr + 1, sizeof *mask);
  sharc_ptrmap seen = {0};
  for (unsigned i = 0; i < args.len; i++)
    mark_results(args.items[i], &seen, mask, nr);
  sharc_ptrmap_free(&seen);
  sharc_op *ret = sharc_block_last_op(body);
  sharc_ptr_vec pullable = {0};
  bool all = true;
  for (unsigned i = 0; i < nr; i++) {
    all = all && mask[i];
    if (mask[i] && i < sharc_op_num_operands(ret))
      sharc_vec_push(&pullable, sharc_op_operand(ret, i));
  }
  sharc_ptrmap avoid = {0}, non_pullable = {0};
  transitive_users(&args, &avoid);
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (!sharc_ptrmap_get(&avoid, op))
      sharc_ptrmap_put(&non_pullable, op, op);
  if (non_pullable.count || !all)
    pull_results_out_of(fragment, &pullable, &non_pullable, mask, rw);
  sharc_ptrmap_free(&avoid);
  sharc_ptrmap_free(&non_pullable);
  sharc_vec_free(&pullable);
  sharc_vec_free(&args);
  free(mask);
}

/* Canonicalization patterns of the sdy ops (Shardy's canonicalization.cc and
 * .td): collectives that do nothing or undo each other, fusions of
 * collectives, reshard chains and duplicates, and manual computations with
 * unused arguments or a body that needs no manual axes.
 *
 * Patterns change the IR through the rewriter and return whether they did;
 * DRR patterns get DRR's benefit (the number of ops they match). */
#include "dialect/sdy/op_verify.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "sharc/rewrite.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* ---- helpers ------------------------------------------------------------- */

/* Replaces the op's single result by `v` and erases the op. */
static bool replace_with(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  sharc_rw_replace_op(rw, op, &v, 1);
  return true;
}

static sharc_op *producer(sharc_op *op, const sharc_op_def *def) {
  sharc_op *p = sharc_value_defining_op(sharc_op_operand(op, 0));
  return p && sharc_op_isa(p, def) ? p : NULL;
}

/* The location DRR gives the ops a rewrite creates: the matched ops' fused. */
static sharc_attr *drr_loc(sharc_op *root, sharc_op *inner) {
  sharc_attr *locs[2] = {sharc_op_loc(root), sharc_op_loc(inner)};
  return sharc_loc_fused(sharc_op_context(root), locs, 2, NULL);
}

static bool has_one_use(const sharc_value *v) {
  const sharc_use *u = sharc_value_first_use(v);
  return u && !sharc_use_next(u);
}

/* Every per-dimension list of a list_of_axis_ref_lists is empty. */
static bool empty_per_dim(const sharc_attr *lists) {
  unsigned n = lists ? sharc_sdy_list_size(lists) : 0;
  for (unsigned i = 0; i < n; i++)
    if (sharc_sdy_list_size(sharc_sdy_list_at(lists, i)))
      return false;
  return true;
}

/* A new op of kind `def` at the rewriter's insertion point, with one
 * operand and result type. */
static sharc_op *create_unary(sharc_rewriter *rw, const sharc_op_def *def, sharc_attr *loc,
                              sharc_value *operand, sharc_type *type, sharc_attr *attrs) {
  sharc_context *ctx = rw->ctx;
  sharc_op_state st = {
      .name = sharc_ident_get(ctx, sharc_str_from_cstr(sharc_op_def_name(def))),
      .loc = loc,
      .operands = &operand,
      .num_operands = 1,
      .result_types = &type,
      .num_results = 1,
      .attrs = attrs,
  };
  return sharc_rw_create(rw, &st);
}

static sharc_attr *attrs2(sharc_context *ctx, const char *k1, sharc_attr *v1, const char *k2,
                          sharc_attr *v2, const char *k3, sharc_attr *v3) {
  sharc_named_attr e[3];
  unsigned n = 0;
  e[n++] = (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(k1)), v1};
  e[n++] = (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(k2)), v2};
  if (k3 && v3)
    e[n++] = (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(k3)), v3};
  return sharc_attr_dictionary(ctx, e, n);
}

/* ---- no-op collectives ----------------------------------------------------- */

static bool all_gather_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return empty_per_dim(sharc_op_attr(op, "gathering_axes")) &&
         replace_with(rw, op, sharc_op_operand(op, 0));
}

static bool all_slice_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return empty_per_dim(sharc_op_attr(op, "slicing_axes")) &&
         replace_with(rw, op, sharc_op_operand(op, 0));
}

static bool reduce_scatter_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  return empty_per_dim(sharc_op_attr(op, "reduce_scatter_axes")) &&
         replace_with(rw, op, sharc_op_operand(op, 0));
}

static bool all_reduce_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_attr *axes = sharc_op_attr(op, "reduction_axes");
  return axes && !sharc_sdy_list_size(axes) && replace_with(rw, op, sharc_op_operand(op, 0));
}

static bool collective_permute_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_attr *in = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  return sharc_sdy_shardings_equivalent(in, sharc_op_attr(op, "out_sharding"), false) &&
         replace_with(rw, op, sharc_op_operand(op, 0));
}

static bool all_to_all_no_use(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  if (sharc_value_has_uses(sharc_op_result(op, 0)))
    return false;
  return replace_with(rw, op, sharc_op_operand(op, 0));
}

/* ---- collectives that undo each other ------------------------------------ */

/* all_slice(all_gather(x, A), A) -> x */
static bool all_slice_of_all_gather(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *gather = producer(op, &sharc_sdy_all_gather_def);
  return gather && sharc_op_attr(gather, "gathering_axes") == sharc_op_attr(op, "slicing_axes") &&
         replace_with(rw, op, sharc_op_operand(gather, 0));
}

/* all_reduce(replicated_to_unreduced(x, A), A) -> x */
static bool all_reduce_of_r2u(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *r2u = producer(op, &sharc_sdy_replicated_to_unreduced_def);
  return r2u && sharc_op_attr(r2u, "axes") == sharc_op_attr(op, "reduction_axes") &&
         replace_with(rw, op, sharc_op_operand(r2u, 0));
}

/* all_reduce(sharded_to_unreduced(x, per-dim A), flat A) -> all_gather(x, A) */
static bool all_reduce_of_s2u(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *s2u = producer(op, &sharc_sdy_sharded_to_unreduced_def);
  if (!s2u)
    return false;
  sharc_attr *per_dim = sharc_op_attr(s2u, "axes");
  sharc_attr *reduction = sharc_op_attr(op, "reduction_axes");
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharc_op_attr(s2u, "out_sharding"), s2u);
  if (!per_dim || !reduction || !mesh)
    return false;
  sharc_sdy_axis_vec flat = {0};
  for (unsigned d = 0; d < sharc_sdy_list_size(per_dim); d++) {
    sharc_attr *list = sharc_sdy_list_at(per_dim, d);
    sharc_sdy_axes_append(&flat, sharc_sdy_list_items(list), sharc_sdy_list_size(list));
  }
  sharc_sdy_axes_sort_and_merge(sharc_op_context(op), &flat, mesh);
  bool equal = sharc_sdy_axes_equal(flat.items, flat.len, sharc_sdy_list_items(reduction),
                                    sharc_sdy_list_size(reduction));
  sharc_vec_free(&flat);
  if (!equal)
    return false;
  sharc_context *ctx = sharc_op_context(op);
  sharc_op *gather = create_unary(rw, &sharc_sdy_all_gather_def, sharc_op_loc(op),
                                  sharc_op_operand(s2u, 0), sharc_value_type(sharc_op_result(op, 0)),
                                  attrs2(ctx, "gathering_axes", per_dim, "out_sharding",
                                         sharc_op_attr(op, "out_sharding"), NULL, NULL));
  return replace_with(rw, op, sharc_op_result(gather, 0));
}

/* all_to_all(all_to_all(x, P), Q) with disjoint dimensions -> all_to_all(x, P+Q) */
static bool params_overlap(const sharc_attr *p, const sharc_attr *q) {
  int64_t dims[128];
  unsigned n = 0;
  const sharc_attr *lists[2] = {p, q};
  for (unsigned l = 0; l < 2; l++)
    for (unsigned i = 0; i < sharc_sdy_list_size(lists[l]); i++) {
      sharc_attr *param = sharc_sdy_list_at(lists[l], i);
      int64_t pair[2] = {sharc_sdy_all_to_all_param_src_dim(param),
                         sharc_sdy_all_to_all_param_tgt_dim(param)};
      for (unsigned k = 0; k < 2; k++) {
        for (unsigned j = 0; j < n; j++)
          if (dims[j] == pair[k])
            return true;
        if (n == 128)
          return true; /* beyond any real rank: leave such ops alone */
        dims[n++] = pair[k];
      }
    }
  return false;
}

static sharc_attr *combine_params(sharc_context *ctx, const sharc_attr *p, const sharc_attr *q) {
  unsigned np = sharc_sdy_list_size(p), nq = sharc_sdy_list_size(q), n = np + nq;
  sharc_attr **all = sharc_xmalloc_array(n + 1, sizeof *all);
  for (unsigned i = 0; i < np; i++)
    all[i] = sharc_sdy_list_at(p, i);
  for (unsigned i = 0; i < nq; i++)
    all[np + i] = sharc_sdy_list_at(q, i);
  /* stable insertion sort by source dimension, as llvm::sort on few items */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && sharc_sdy_all_to_all_param_src_dim(all[j]) <
                                      sharc_sdy_all_to_all_param_src_dim(all[j - 1]);
         j--) {
      sharc_attr *t = all[j];
      all[j] = all[j - 1];
      all[j - 1] = t;
    }
  sharc_attr *out = sharc_sdy_all_to_all_param_list_get(ctx, all, n);
  free(all);
  return out;
}

static bool all_to_all_fusion(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *inner = producer(op, &sharc_sdy_all_to_all_def);
  if (!inner || !has_one_use(sharc_op_result(inner, 0)))
    return false;
  sharc_attr *p = sharc_op_attr(inner, "params"), *q = sharc_op_attr(op, "params");
  if (!p || !q || params_overlap(p, q))
    return false;
  sharc_context *ctx = sharc_op_context(op);
  sharc_op *fused = create_unary(rw, &sharc_sdy_all_to_all_def, drr_loc(op, inner),
                                 sharc_op_operand(inner, 0), sharc_value_type(sharc_op_result(op, 0)),
                                 attrs2(ctx, "params", combine_params(ctx, p, q), "out_sharding",
                                        sharc_op_attr(op, "out_sharding"), NULL, NULL));
  return replace_with(rw, op, sharc_op_result(fused, 0));
}

/* ---- reduce-scatter fusion ------------------------------------------------ */

/* The reduce_scatter replacing all_reduce `reduce` + all_slice `op`: each
 * dimension of the all_reduce operand's sharding (closed) gains its scatter
 * axes; the slice's replicated and unreduced axes carry over. */
static bool build_reduce_scatter(sharc_rewriter *rw, sharc_op *op, sharc_op *reduce,
                                 sharc_attr *mesh,
                                 sharc_attr **scatter, sharc_attr **residual, unsigned rank,
                                 bool any_residual) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *reduce_out = sharc_op_attr(reduce, "out_sharding");
  sharc_attr *mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(reduce_out);
  sharc_attr *in = sharc_sdy_get_sharding(sharc_op_operand(reduce, 0));
  if (!in)
    in = sharc_sdy_sharding_fully_open(ctx, mesh_or_ref, rank, true);
  if (sharc_sdy_tensor_sharding_rank(in) != rank)
    return false;
  sharc_attr **dims = sharc_xmalloc_array(rank + 1, sizeof *dims);
  sharc_sdy_axis_vec axes = {0};
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(in, d);
    sharc_sdy_axes_assign(&axes, sharc_sdy_list_items(dim), sharc_sdy_list_size(dim));
    for (unsigned i = 0; i < sharc_sdy_list_size(scatter[d]); i++)
      sharc_sdy_axes_add_or_merge(ctx, &axes, sharc_sdy_list_at(scatter[d], i), mesh);
    dims[d] = sharc_sdy_dim_sharding_get(ctx, axes.items, axes.len, true, -1);
  }
  sharc_vec_free(&axes);
  sharc_attr *slice_out = sharc_op_attr(op, "out_sharding");
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(slice_out, &parts);
  parts.mesh_or_ref = mesh_or_ref;
  parts.dims = dims;
  parts.num_dims = rank;
  sharc_attr *out = sharc_sdy_tensor_sharding_get(ctx, &parts);
  free(dims);
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  /* both new ops go where the all_slice is (the rewriter's insertion point) */
  sharc_op *rs = create_unary(
      rw, &sharc_sdy_reduce_scatter_def, sharc_op_loc(reduce), sharc_op_operand(reduce, 0), type,
      attrs2(ctx, "reduce_scatter_axes", sharc_sdy_list_of_axis_ref_lists_get(ctx, scatter, rank),
             "out_sharding", out, "reduction_op", sharc_op_attr(reduce, "reduction_op")));
  sharc_value *result = sharc_op_result(rs, 0);
  if (any_residual) {
    sharc_op *slice = create_unary(rw, &sharc_sdy_all_slice_def, sharc_op_loc(op), result, type,
                                   attrs2(ctx, "slicing_axes",
                                          sharc_sdy_list_of_axis_ref_lists_get(ctx, residual, rank),
                                          "out_sharding", slice_out, NULL, NULL));
    result = sharc_op_result(slice, 0);
  }
  /* every user is an identical all_slice: all of them become `result` */
  for (sharc_use *u; (u = sharc_value_first_use(sharc_op_result(reduce, 0)));)
    replace_with(rw, sharc_use_owner(u), result);
  sharc_rw_erase_op(rw, reduce);
  return true;
}

/* all_slice(all_reduce(x, R), S) where each dimension's slicing axes start
 * with reduction axes covering all of R -> reduce_scatter (+ all_slice of
 * what remains). Every user of the all_reduce must be an identical
 * all_slice, the first of them being `op`. */
static bool all_reduce_users_match(sharc_op *reduce, sharc_op *op) {
  sharc_attr *axes = sharc_op_attr(op, "slicing_axes");
  for (sharc_use *u = sharc_value_first_use(sharc_op_result(reduce, 0)); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (!sharc_op_isa(user, &sharc_sdy_all_slice_def) ||
        sharc_op_attr(user, "slicing_axes") != axes)
      return false;
    if (sharc_op_block(user) == sharc_op_block(op) && sharc_op_is_before_in_block(user, op))
      return false;
  }
  return true;
}

static bool reduce_scatter_fusion(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *reduce = producer(op, &sharc_sdy_all_reduce_def);
  if (!reduce || !all_reduce_users_match(reduce, op))
    return false;
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *reduce_out = sharc_op_attr(reduce, "out_sharding");
  sharc_attr *mesh = reduce_out ? sharc_sdy_sharding_mesh(reduce_out, reduce) : NULL;
  sharc_attr *slicing = sharc_op_attr(op, "slicing_axes");
  sharc_attr *reduction = sharc_op_attr(reduce, "reduction_axes");
  if (!mesh || !slicing || !reduction)
    return false;
  sharc_sdy_axis_vec remaining = {0};
  sharc_sdy_axes_assign(&remaining, sharc_sdy_list_items(reduction),
                        sharc_sdy_list_size(reduction));
  unsigned rank = sharc_sdy_list_size(slicing);
  sharc_attr **scatter = sharc_xmalloc_array(2 * rank + 1, sizeof *scatter),
             **residual = scatter + rank;
  bool any_residual = false;
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *list = sharc_sdy_list_at(slicing, d);
    sharc_attr *const *axes = sharc_sdy_list_items(list);
    unsigned n = sharc_sdy_list_size(list), k = 0;
    /* the leading slicing axes still to reduce form the scatter part */
    for (; k < n; k++) {
      int at = sharc_sdy_axes_index_of(remaining.items, remaining.len, axes[k]);
      if (at < 0)
        break;
      remaining.items[at] = sharc_vec_pop(&remaining);
    }
    any_residual = any_residual || k < n;
    scatter[d] = sharc_sdy_axis_ref_list_get(ctx, axes, k);
    residual[d] = sharc_sdy_axis_ref_list_get(ctx, axes + k, n - k);
  }
  bool ok = remaining.len == 0;
  sharc_vec_free(&remaining);
  if (ok)
    ok = build_reduce_scatter(rw, op, reduce, mesh, scatter, residual, rank, any_residual);
  free(scatter);
  return ok;
}

/* ---- reshard -------------------------------------------------------------- */

/* reshard(reshard(x, a), b) where the inner one has no other use -> reshard(x, b) */
static bool reshard_of_reshard(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_op *inner = producer(op, &sharc_sdy_reshard_def);
  if (!inner || !has_one_use(sharc_op_result(inner, 0)))
    return false;
  sharc_context *ctx = sharc_op_context(op);
  sharc_named_attr sharding = {sharc_ident_get(ctx, SHARC_STR("sharding")),
                               sharc_op_attr(op, "sharding")};
  sharc_op *outer = create_unary(rw, &sharc_sdy_reshard_def, drr_loc(op, inner),
                                 sharc_op_operand(inner, 0), sharc_value_type(sharc_op_result(op, 0)),
                                 sharc_attr_dictionary(ctx, &sharding, 1));
  return replace_with(rw, op, sharc_op_result(outer, 0));
}

/* -- reshards equal up to reshapes and transposes (Shardy's reshard CSE) --
 * Two reshards of values that differ only by stablehlo.reshape/transpose are
 * the same data movement when every mesh axis ends up at the same linear
 * stride of the row-major buffer. */

static bool is_metadata_op(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(reshape)) || sharc_op_isa(op, SHARC_SHLO(transpose));
}

/* The value before any chain of reshapes and transposes. */
static sharc_value *unwrap_metadata(sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v); def && is_metadata_op(def);
       def = sharc_value_defining_op(v))
    v = sharc_op_operand(def, 0);
  return v;
}

/* `sharding` seen from the source of a chain of transposes and rank-keeping
 * reshapes ending in `v` (Shardy's getTargetSharding). */
static sharc_attr *sharding_before_metadata(sharc_context *ctx, sharc_attr *sharding,
                                            sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v); def; def = sharc_value_defining_op(v)) {
    sharc_value *in = sharc_op_operand(def, 0);
    if (sharc_op_isa(def, SHARC_SHLO(reshape))) {
      if (sharc_type_rank(sharc_value_type(in)) != sharc_type_rank(sharc_value_type(v)))
        break;
      v = in;
      continue;
    }
    sharc_attr *perm =
        sharc_op_isa(def, SHARC_SHLO(transpose)) ? sharc_op_attr(def, "permutation") : NULL;
    unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
    if (!perm || sharc_attr_count(perm) != rank)
      break;
    sharc_sdy_tensor_sharding_parts parts;
    sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
    sharc_attr **dims = sharc_xmalloc_array(rank + 1, sizeof *dims);
    for (unsigned d = 0; d < rank; d++) {
      int64_t to = sharc_attr_dense_array_i64(perm, d);
      if (to >= 0 && (unsigned)to < rank)
        dims[to] = parts.dims[d];
    }
    parts.dims = dims;
    parts.reduction = SHARC_SDY_REDUCTION_SUM;
    sharding = sharc_sdy_tensor_sharding_get(ctx, &parts);
    free(dims);
    v = in;
  }
  return sharding;
}

/* An earlier reshard in `op`'s block reachable from `root` through
 * reshapes only, equivalent to resharding to `target` (Shardy's
 * findCompatibleReshard: a depth-first search over the users). */
static sharc_value *find_compatible_reshard(sharc_op *op, sharc_value *root, sharc_attr *target) {
  sharc_type *type = sharc_value_type(sharc_op_result(op, 0));
  sharc_ptr_vec stack = {0}, visited = {0};
  sharc_vec_push(&stack, root);
  sharc_value *found = NULL;
  while (stack.len && !found) {
    sharc_value *v = sharc_vec_pop(&stack);
    bool seen = false;
    for (unsigned k = 0; k < visited.len && !seen; k++)
      seen = visited.items[k] == v;
    if (seen)
      continue;
    sharc_vec_push(&visited, v);
    for (sharc_use *u = sharc_value_first_use(v); u && !found; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (user == op)
        continue;
      if (sharc_op_isa(user, &sharc_sdy_reshard_def)) {
        if (sharc_sdy_is_sharding_equivalent_across_reshapes(
                sharc_op_attr(user, "sharding"), sharc_value_type(sharc_op_result(user, 0)),
                target, type, op, false) &&
            sharc_op_block(user) == sharc_op_block(op) && sharc_op_is_before_in_block(user, op))
          found = sharc_op_result(user, 0);
      } else if (sharc_op_isa(user, SHARC_SHLO(reshape))) {
        sharc_vec_push(&stack, sharc_op_result(user, 0));
      }
    }
  }
  sharc_vec_free(&stack);
  sharc_vec_free(&visited);
  return found;
}

/* Replays the reshapes and transposes from `root` to `target` on `start`. */
static sharc_value *replay_metadata(sharc_rewriter *rw, sharc_value *root, sharc_value *target,
                                    sharc_value *start) {
  if (target == root)
    return start;
  sharc_op *def = sharc_value_defining_op(target);
  sharc_value *in = replay_metadata(rw, root, sharc_op_operand(def, 0), start);
  sharc_rw_set_after_value(rw, in);
  sharc_op *copy = sharc_rw_clone(rw, def, NULL);
  sharc_op_set_operand(copy, 0, in);
  return sharc_op_result(copy, 0);
}

static bool reshard_cse(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_context *ctx = sharc_op_context(op);
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_value *root = unwrap_metadata(input);
  sharc_attr *target = sharding_before_metadata(ctx, sharc_op_attr(op, "sharding"), input);
  sharc_value *cached = find_compatible_reshard(op, root, target);
  if (!cached)
    return false;
  if (sharc_value_type(cached) != sharc_value_type(root)) {
    sharc_rw_set_after_value(rw, cached);
    cached = sharc_op_result(create_unary(rw, SHARC_SHLO(reshape), sharc_op_loc(op), cached,
                                          sharc_value_type(root), NULL),
                             0);
  }
  return replace_with(rw, op, replay_metadata(rw, root, input, cached));
}

/* ---- manual_computation ----------------------------------------------------- */

static bool manual_unused_inputs(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  if (!body)
    return false;
  unsigned n = sharc_block_num_args(body);
  bool any = false;
  for (unsigned i = 0; i < n && !any; i++)
    any = !sharc_value_has_uses(sharc_block_arg(body, i));
  if (!any)
    return false;
  sharc_attr *ins = sharc_op_attr(op, "in_shardings");
  sharc_value **keep = sharc_xmalloc_array(n + 1, sizeof *keep);
  sharc_attr **kept_shardings = sharc_xmalloc_array(n + 1, sizeof *kept_shardings);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!sharc_value_has_uses(sharc_block_arg(body, i)))
      continue;
    keep[k] = sharc_op_operand(op, i);
    kept_shardings[k++] = sharc_sdy_sharding_per_value_at(ins, i);
  }
  for (unsigned i = n; i-- > 0;)
    if (!sharc_value_has_uses(sharc_block_arg(body, i)))
      sharc_block_erase_arg(body, i);
  sharc_op_set_operands(op, keep, k);
  sharc_op_set_attr(op, "in_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), kept_shardings, k));
  sharc_rw_modified(rw, op);
  free(keep);
  free(kept_shardings);
  return true;
}

/* Moves the body's ops before `op`, mapping block arguments to operands and
 * the results to the terminator's operands, then erases `op`. Like MLIR's
 * inlineRegion, only the erasure goes through the rewriter. */
static void inline_body(sharc_rewriter *rw, sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; i < sharc_block_num_args(body); i++)
    sharc_value_replace_all_uses(sharc_block_arg(body, i), sharc_op_operand(op, i));
  sharc_op *term = sharc_block_last_op(body);
  for (sharc_op *o = sharc_block_first_op(body), *next; o && o != term; o = next) {
    next = sharc_op_next(o);
    sharc_op_remove_from_parent(o);
    sharc_block_insert_before(op, o);
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_value_replace_all_uses(sharc_op_result(op, i), sharc_op_operand(term, i));
  sharc_rw_erase_op(rw, op);
}

static bool manual_redundant(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_attr *ins = sharc_op_attr(op, "in_shardings"), *outs = sharc_op_attr(op, "out_shardings");
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  if (!ins || !outs || !body)
    return false;
  unsigned n_in = sharc_sdy_list_size(ins), n_out = sharc_sdy_list_size(outs);
  sharc_op *first = sharc_block_first_op(body);
  if (!n_in && !n_out && first && sharc_op_isa(first, &sharc_sdy_return_def)) {
    sharc_rw_erase_op(rw, op);
    return true;
  }
  int64_t product = 1;
  if (n_in || n_out) {
    sharc_attr *mesh = sharc_sdy_sharding_mesh(sharc_sdy_list_at(n_in ? ins : outs, 0), op);
    sharc_attr *axes = sharc_op_attr(op, "manual_axes");
    for (unsigned i = 0; mesh && axes && i < sharc_sdy_list_size(axes); i++)
      product = sharc_mul_wrap(
          product,
          sharc_sdy_mesh_size_of(mesh, sharc_attr_string_value(sharc_sdy_list_at(axes, i))));
    if (!mesh)
      return false;
  }
  if (product != 1)
    return false;
  inline_body(rw, op);
  return true;
}

bool sharc_sdy_inline_redundant_manual_computation(sharc_op *op, sharc_rewriter *rw) {
  return manual_redundant(op, rw, NULL);
}

/* ---- tables ------------------------------------------------------------------
 * Rooted at the op whose table lists them, except ReduceScatterFusion:
 * Shardy registers it with sdy.reduce_scatter but it looks at all_slice. */

#define END_PATTERNS {NULL, NULL, NULL, 0, NULL}
#define RESHARD "sdy-reshard"
#define COLLECTIVE "sdy-collective"

const sharc_pattern sharc_sdy_reshard_patterns[] = {
    {"ReshardCommonSubexpressionEliminationPattern", reshard_cse, NULL, 1, NULL},
    {"ReshardOfReshardPattern", reshard_of_reshard, NULL, 2, RESHARD},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_manual_computation_patterns[] = {
    {"ManualComputationUnusedInputsPattern", manual_unused_inputs, NULL, 1, NULL},
    {"RedundantManualComputationPattern", manual_redundant, NULL, 1, NULL},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_all_gather_patterns[] = {
    {"AllGatherNoopPattern", all_gather_noop, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_all_slice_patterns[] = {
    {"AllSliceOfAllGatherPattern", all_slice_of_all_gather, NULL, 2, COLLECTIVE},
    {"AllSliceNoopPattern", all_slice_noop, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_all_reduce_patterns[] = {
    {"AllReduceNoopPattern", all_reduce_noop, NULL, 1, COLLECTIVE},
    {"AllReduceOfReplicatedToUnreducedPattern", all_reduce_of_r2u, NULL, 2, COLLECTIVE},
    {"AllReduceOfShardedToUnreducedPattern", all_reduce_of_s2u, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_all_to_all_patterns[] = {
    {"AllToAllFusionPattern", all_to_all_fusion, NULL, 2, COLLECTIVE},
    {"AllToAllNoUsePattern", all_to_all_no_use, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_collective_permute_patterns[] = {
    {"CollectivePermuteNoopPattern", collective_permute_noop, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};
const sharc_pattern sharc_sdy_reduce_scatter_patterns[] = {
    {"ReduceScatterFusion", reduce_scatter_fusion, &sharc_sdy_all_slice_def, 1, COLLECTIVE},
    {"ReduceScatterNoopPattern", reduce_scatter_noop, NULL, 1, COLLECTIVE},
    END_PATTERNS,
};

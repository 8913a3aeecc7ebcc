/* Shardings as the sdy ops see them (mesh lookup, per-value lists, the
 * value's current sharding, manual-axes transforms) and the verifiers of
 * sharding_constraint, reshard, manual_computation and named_computation. */
#include "dialect/func/func.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/utils.h"
#include "ir/op_values.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- manual computation shardings ---------------------------------------- */

static bool is_manual_axis(sharc_op *manual, sharc_str name) {
  sharc_attr *axes = sharc_op_attr(manual, "manual_axes");
  unsigned n = axes ? sharc_sdy_list_size(axes) : 0;
  for (unsigned i = 0; i < n; i++)
    if (sharc_str_eq(sharc_attr_string_value(sharc_sdy_list_at(axes, i)), name))
      return true;
  return false;
}

/* Count of leading manual axes of a dimension (the invariant: manual axes
 * come first). */
static unsigned manual_prefix(sharc_op *manual, const sharc_attr *dim) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim), k = 0;
  while (k < n &&
         is_manual_axis(manual, sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(dim, k))))
    k++;
  return k;
}

static sharc_attr *dim_slice(sharc_context *ctx, const sharc_attr *dim, unsigned from, unsigned to,
                             const sharc_attr *like) {
  sharc_attr *axes[64];
  sharc_attr **buf = to - from <= 64 ? axes : sharc_xmalloc_array(to - from, sizeof *buf);
  for (unsigned i = from; i < to; i++)
    buf[i - from] = sharc_sdy_dim_sharding_axis(dim, i);
  sharc_attr *out = sharc_sdy_dim_sharding_get(
      ctx, buf, to - from, sharc_sdy_dim_sharding_is_closed(like),
      sharc_sdy_dim_sharding_has_priority(like) ? sharc_sdy_dim_sharding_priority(like) : -1);
  if (buf != axes)
    free(buf);
  return out;
}

/* Keeps (keep_manual) or drops the manual axes of every part of `s`. */
static sharc_attr *split_manual(sharc_op *manual, sharc_attr *s, bool keep_manual) {
  sharc_context *ctx = sharc_op_context(manual);
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(s, &parts);
  unsigned total = parts.num_dims + parts.num_replicated + parts.num_unreduced;
  sharc_attr **buf = sharc_xmalloc_array(total + 1, sizeof *buf);
  sharc_attr **dims = buf, **rep = buf + parts.num_dims, **unr = rep + parts.num_replicated;
  for (unsigned d = 0; d < parts.num_dims; d++) {
    unsigned k = manual_prefix(manual, parts.dims[d]);
    unsigned n = sharc_sdy_dim_sharding_num_axes(parts.dims[d]);
    dims[d] = keep_manual ? dim_slice(ctx, parts.dims[d], 0, k, parts.dims[d])
                          : dim_slice(ctx, parts.dims[d], k, n, parts.dims[d]);
  }
  unsigned nr = 0, nu = 0;
  for (unsigned i = 0; i < parts.num_replicated; i++)
    if (is_manual_axis(manual, sharc_sdy_axis_ref_name(parts.replicated[i])) == keep_manual)
      rep[nr++] = parts.replicated[i];
  for (unsigned i = 0; i < parts.num_unreduced; i++)
    if (is_manual_axis(manual, sharc_sdy_axis_ref_name(parts.unreduced[i])) == keep_manual)
      unr[nu++] = parts.unreduced[i];
  sharc_sdy_tensor_sharding_parts out = parts;
  out.dims = dims;
  out.replicated = rep;
  out.num_replicated = nr;
  out.unreduced = unr;
  out.num_unreduced = nu;
  sharc_attr *r = sharc_sdy_tensor_sharding_get(ctx, &out);
  free(buf);
  return r;
}

sharc_attr *sharc_sdy_keep_manual_axes(sharc_op *manual, sharc_attr *sharding) {
  return sharding ? split_manual(manual, sharding, true) : NULL;
}

sharc_attr *sharc_sdy_erase_manual_axes(sharc_op *manual, sharc_attr *sharding) {
  sharc_attr *axes = sharc_op_attr(manual, "manual_axes");
  if (!sharding || !axes || !sharc_sdy_list_size(axes))
    return sharding;
  return split_manual(manual, sharding, false);
}

sharc_attr *sharc_sdy_add_free_axes(sharc_op *manual, sharc_attr *outer, sharc_attr *inner) {
  if (!outer)
    return inner;
  sharc_context *ctx = sharc_op_context(manual);
  sharc_attr *kept = split_manual(manual, outer, true);
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(kept, &parts);
  unsigned inner_rank = sharc_sdy_tensor_sharding_rank(inner);
  sharc_attr **dims = sharc_xmalloc_array(parts.num_dims + 1, sizeof *dims);
  for (unsigned d = 0; d < parts.num_dims; d++) {
    sharc_attr *m = parts.dims[d];
    if (d >= inner_rank) {
      dims[d] = m;
      continue;
    }
    sharc_attr *f = sharc_sdy_tensor_sharding_dim(inner, d);
    unsigned nm = sharc_sdy_dim_sharding_num_axes(m), nf = sharc_sdy_dim_sharding_num_axes(f);
    sharc_attr **axes = sharc_xmalloc_array(nm + nf + 1, sizeof *axes);
    for (unsigned i = 0; i < nm; i++)
      axes[i] = sharc_sdy_dim_sharding_axis(m, i);
    for (unsigned i = 0; i < nf; i++)
      axes[nm + i] = sharc_sdy_dim_sharding_axis(f, i);
    dims[d] = sharc_sdy_dim_sharding_get(
        ctx, axes, nm + nf, sharc_sdy_dim_sharding_is_closed(f),
        sharc_sdy_dim_sharding_has_priority(f) ? sharc_sdy_dim_sharding_priority(f) : -1);
    free(axes);
  }
  sharc_sdy_tensor_sharding_parts out = parts;
  out.dims = dims;
  /* Shardy keeps the outer sharding's replicated and unreduced axes */
  sharc_sdy_tensor_sharding_parts outer_parts;
  sharc_sdy_tensor_sharding_parts_of(outer, &outer_parts);
  out.replicated = outer_parts.replicated;
  out.num_replicated = outer_parts.num_replicated;
  out.unreduced = outer_parts.unreduced;
  out.num_unreduced = outer_parts.num_unreduced;
  sharc_attr *r = sharc_sdy_tensor_sharding_get(ctx, &out);
  free(dims);
  return r;
}

/* ---- unreduced axes transitions (Shardy's verifyUnreducedAxesTransition) */

/* The unreduced axes of `s` (none when NULL) as a list. */
static sharc_attr *const *unreduced_of(const sharc_attr *s, unsigned *n) {
  sharc_sdy_tensor_sharding_parts parts = {0};
  if (s)
    sharc_sdy_tensor_sharding_parts_of(s, &parts);
  *n = parts.num_unreduced;
  return parts.unreduced;
}

static const char *reduction_name(int64_t r) {
  return sharc_sdy_reduction_op_name((sharc_sdy_reduction_op)r);
}

/* The unreduced axes of every sharding of `list`, in order. */
static void flat_unreduced(sharc_attr *const *list, unsigned n, sharc_sdy_axis_vec *out) {
  for (unsigned i = 0; i < n; i++) {
    unsigned k;
    sharc_attr *const *axes = unreduced_of(list[i], &k);
    sharc_sdy_axes_append(out, axes, k);
  }
}

/* The one mesh of all the shardings' known meshes into `*mesh`; false when
 * two differ. */
static bool one_known_mesh(sharc_op *op, sharc_attr *const *list, unsigned n,
                           const sharc_attr **mesh) {
  for (unsigned i = 0; i < n; i++) {
    const sharc_attr *cur = list[i] ? sharc_sdy_sharding_mesh(list[i], op) : NULL;
    if (!cur)
      continue;
    if (*mesh && *mesh != cur)
      return false;
    *mesh = cur;
  }
  return true;
}

/* A sharding of `list` with an unreduced axis among `diff` must carry the
 * reduction `expected` (`expected` < 0: that direction is not allowed). */
static bool verify_diff_side(sharc_op *op, sharc_attr *const *list, unsigned n,
                             const sharc_sdy_axis_vec *diff, int64_t expected, const char *verb) {
  if (!diff->len)
    return true;
  if (expected < 0) {
    sharc_str name = sharc_sdy_axis_ref_name(diff->items[0]);
    if (!strcmp(verb, "introduce"))
      sharc_emit_op_error(op, "cannot add new unreduced axis '%.*s'.", (int)name.len, name.data);
    else
      sharc_emit_op_error(op,
                          "dropped unreduced axis '%.*s' without a blessed operation (e.g., "
                          "sdy.reshard). This is an invalid transition from unreduced to "
                          "reduced.",
                          (int)name.len, name.data);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    unsigned k;
    sharc_attr *const *unreduced = unreduced_of(list[i], &k);
    if (!list[i] || !sharc_sdy_axes_overlap(unreduced, k, diff->items, diff->len))
      continue;
    int64_t got = sharc_sdy_tensor_sharding_reduction(list[i]);
    if (got == expected)
      continue;
    sharc_emit_op_error(op, "cannot %s '%s' unreduced axes. Expected '%s'.", verb,
                        reduction_name(got), reduction_name(expected));
    return false;
  }
  return true;
}

/* Kept axes keep their reduction. */
static bool verify_kept_reductions(sharc_op *op, sharc_attr *const *ins, unsigned n_in,
                                   sharc_attr *const *outs, unsigned n_out) {
  for (unsigned r = 0; r < n_out; r++) {
    unsigned n_r;
    sharc_attr *const *r_axes = unreduced_of(outs[r], &n_r);
    for (unsigned o = 0; o < n_in && n_r; o++) {
      unsigned n_o;
      sharc_attr *const *o_axes = unreduced_of(ins[o], &n_o);
      if (!n_o || !sharc_sdy_axes_overlap(r_axes, n_r, o_axes, n_o))
        continue;
      int64_t from = sharc_sdy_tensor_sharding_reduction(ins[o]);
      int64_t to = sharc_sdy_tensor_sharding_reduction(outs[r]);
      if (from == to)
        continue;
      sharc_emit_op_error(op,
                          "cannot change the reduction operator of kept unreduced axes from %s "
                          "to %s.",
                          reduction_name(from), reduction_name(to));
      return false;
    }
  }
  return true;
}

static bool any_unreduced(sharc_attr *const *list, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    unsigned k;
    unreduced_of(list[i], &k);
    if (k)
      return true;
  }
  return false;
}

bool sharc_sdy_verify_unreduced_transition_n(sharc_op *op, sharc_attr *const *ins, unsigned n_in,
                                             sharc_attr *const *outs, unsigned n_out,
                                             int64_t introduced, int64_t removed) {
  /* no unreduced axis on either side: none added, dropped or kept, and
   * nothing to read the meshes for */
  if (!any_unreduced(ins, n_in) && !any_unreduced(outs, n_out))
    return true;
  const sharc_attr *mesh = NULL;
  if (!one_known_mesh(op, ins, n_in, &mesh) || !one_known_mesh(op, outs, n_out, &mesh))
    return true;
  sharc_context *ctx = sharc_op_context(op);
  sharc_sdy_axis_vec in_axes = {0}, out_axes = {0}, added = {0}, dropped = {0};
  flat_unreduced(ins, n_in, &in_axes);
  flat_unreduced(outs, n_out, &out_axes);
  sharc_sdy_axes_set_diff(ctx, out_axes.items, out_axes.len, in_axes.items, in_axes.len, mesh,
                          &added);
  sharc_sdy_axes_set_diff(ctx, in_axes.items, in_axes.len, out_axes.items, out_axes.len, mesh,
                          &dropped);
  bool ok = verify_diff_side(op, outs, n_out, &added, introduced, "introduce") &&
            verify_diff_side(op, ins, n_in, &dropped, removed, "reduce") &&
            verify_kept_reductions(op, ins, n_in, outs, n_out);
  sharc_vec_free(&in_axes);
  sharc_vec_free(&out_axes);
  sharc_vec_free(&added);
  sharc_vec_free(&dropped);
  return ok;
}

bool sharc_sdy_verify_unreduced_transition(sharc_op *op, const sharc_attr *in,
                                           const sharc_attr *out, int64_t introduced,
                                           int64_t removed) {
  sharc_attr *ins[1] = {(sharc_attr *)in}, *outs[1] = {(sharc_attr *)out};
  return sharc_sdy_verify_unreduced_transition_n(op, ins, 1, outs, 1, introduced, removed);
}

/* ---- sharding_constraint, reshard ------------------------------------------ */

static sharc_attr *sharding_bypassing_barriers(sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v);
       def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def); def = sharc_value_defining_op(v))
    v = sharc_op_operand(def, 0);
  return sharc_sdy_get_sharding(v);
}

bool sharc_sdy_verify_op_sharding(sharc_op *op, sharc_attr *sharding, sharc_type *type) {
  if (!sharc_sdy_verify_sharding_for_type(op, sharding, type, NULL))
    return false;
  sharc_attr *source = sharding_bypassing_barriers(sharc_op_operand(op, 0));
  if (!source)
    return true;
  return sharc_sdy_verify_unreduced_transition(op, source, sharding, SHARC_SDY_REDUCTION_SUM,
                                         sharc_sdy_tensor_sharding_reduction(source));
}

/* ---- manual_computation ------------------------------------------------------ */

bool sharc_sdy_verify_manual_axes_unbound(sharc_op *manual) {
  sharc_attr *axes = sharc_op_attr(manual, "manual_axes");
  unsigned n = axes ? sharc_sdy_list_size(axes) : 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_str name = sharc_attr_string_value(sharc_sdy_list_at(axes, i));
    for (sharc_op *p = sharc_op_parent_op(manual); p; p = sharc_op_parent_op(p)) {
      if (!sharc_op_isa(p, &sharc_sdy_manual_computation_def) || !is_manual_axis(p, name))
        continue;
      sharc_diag *d = sharc_emit_op_error(manual,
                                          "operates on axis \"%.*s\" which is already "
                                          "bound by a parent sdy.manual_computation op",
                                          (int)name.len, name.data);
      sharc_diag_note(d, sharc_op_loc(p), "parent bounding this axis as manual");
      return false;
    }
  }
  return true;
}

/* The axes of `dim` that are manual: first must be all of them. */
static bool verify_manual_first(sharc_op *op, const char *kind, unsigned index, unsigned d,
                                const sharc_attr *dim) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
  unsigned k = manual_prefix(op, dim);
  for (unsigned i = k; i < n; i++) {
    sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, i);
    if (!is_manual_axis(op, sharc_sdy_axis_ref_name(axis)) || i == k)
      continue;
    sharc_buf a = {0}, b = {0};
    sharc_sdy_axis_ref_to_string(axis, &a);
    sharc_sdy_axis_ref_to_string(sharc_sdy_dim_sharding_axis(dim, i - 1), &b);
    sharc_emit_op_error(op,
                        "%s sharding at index %u must have all manual axes come before free "
                        "axes in its dimension sharding at index %u. Saw manual axis %s after "
                        "free axis %s",
                        kind, index, d, a.data, b.data);
    sharc_buf_free(&a);
    sharc_buf_free(&b);
    return false;
  }
  return true;
}

static int64_t manual_size(sharc_op *op, const sharc_attr *dim, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
    sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, i);
    if (is_manual_axis(op, sharc_sdy_axis_ref_name(axis)))
      size = sharc_mul_wrap(size, sharc_sdy_axis_ref_size(axis, mesh));
  }
  return size;
}

/* One side (operands or results) of verifyManualComputationValue. */
static bool verify_manual_side(sharc_op *op, const char *kind, sharc_type **global,
                               sharc_type **local, unsigned n_global, unsigned n_local,
                               sharc_attr *shardings) {
  unsigned n_shardings = sharc_sdy_list_size(shardings);
  if (!n_global && !n_local && !n_shardings)
    return true;
  char prefix[32];
  snprintf(prefix, sizeof prefix, "%s ", kind);
  if (!sharc_sdy_verify_sharding_list(op, shardings, global, n_global, prefix))
    return false;
  if (n_global != n_local) {
    sharc_emit_op_error(op,
                        "number of op %ss and region %ss must match. Op has %u op %ss and %u "
                        "region %ss",
                        kind, kind, n_global, kind, n_local, kind);
    return false;
  }
  for (unsigned i = 0; i < n_global; i++) {
    sharc_attr *s = sharc_sdy_list_at(shardings, i);
    for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(s); d++)
      if (!verify_manual_first(op, kind, i, d, sharc_sdy_tensor_sharding_dim(s, d)))
        return false;
    sharc_type *g = global[i];
    if (!sharc_type_is_shaped(g) || !sharc_type_has_rank(g))
      continue;
    sharc_attr *mesh = sharc_sdy_sharding_mesh(s, op);
    unsigned rank = sharc_type_rank(g);
    int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape);
    for (unsigned d = 0; d < rank; d++) {
      int64_t size = sharc_type_shape(g)[d];
      int64_t m = mesh ? manual_size(op, sharc_sdy_tensor_sharding_dim(s, d), mesh) : 1;
      if (size != SHARC_DYNAMIC && size % m) {
        sharc_emit_op_error(op,
                            "%s dimension size %lld is not divisible by the manual axes size "
                            "%lld",
                            kind, (long long)size, (long long)m);
        free(shape);
        return false;
      }
      shape[d] = size == SHARC_DYNAMIC ? size : size / m;
    }
    sharc_type *expected =
        sharc_type_tensor(sharc_op_context(op), shape, rank, sharc_type_element(g), NULL);
    free(shape);
    if (expected != local[i]) {
      sharc_buf a = {0}, b = {0};
      sharc_sdy_type_text(expected, &a);
      sharc_sdy_type_text(local[i], &b);
      sharc_emit_op_error(op,
                          "%s shape, corresponding sharding, and region %s shape at index %u "
                          "must match. Expected local shape '%s', actual local shape '%s'",
                          kind, kind, i, a.data, b.data);
      sharc_buf_free(&a);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

/* getCommonMesh of the in and out shardings: empty meshes aside, the mesh
 * they all share, or NULL when they differ. */
sharc_attr *sharc_sdy_manual_computation_mesh(sharc_op *op) {
  sharc_attr *ins = sharc_op_attr(op, "in_shardings"), *outs = sharc_op_attr(op, "out_shardings");
  unsigned n_in = sharc_sdy_list_size(ins), n_out = sharc_sdy_list_size(outs);
  sharc_attr **all = sharc_xmalloc_array(n_in + n_out + 1, sizeof *all);
  for (unsigned i = 0; i < n_in; i++)
    all[i] = sharc_sdy_list_at(ins, i);
  for (unsigned i = 0; i < n_out; i++)
    all[n_in + i] = sharc_sdy_list_at(outs, i);
  sharc_attr *mesh = sharc_sdy_common_mesh(all, n_in + n_out, op);
  free(all);
  return mesh;
}

bool sharc_sdy_verify_manual_computation(sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *term = body ? sharc_block_last_op(body) : NULL;
  unsigned n_args = body ? sharc_block_num_args(body) : 0;
  unsigned n_rets = term ? sharc_op_num_operands(term) : 0;
  sharc_attr *ins = sharc_op_attr(op, "in_shardings"), *outs = sharc_op_attr(op, "out_shardings");
  sharc_type **in_g = sharc_op_operand_types(op);
  sharc_type **in_l = sharc_block_arg_types(body);
  sharc_type **out_g = sharc_op_result_types(op);
  sharc_type **out_l = term ? sharc_op_operand_types(term) : NULL;
  bool ok = verify_manual_side(op, "operand", in_g, in_l, sharc_op_num_operands(op), n_args, ins) &&
            verify_manual_side(op, "result", out_g, out_l, sharc_op_num_results(op), n_rets, outs);
  free(in_g);
  free(in_l);
  free(out_g);
  free(out_l);
  if (!ok || (!sharc_sdy_list_size(ins) && !sharc_sdy_list_size(outs)))
    return ok;
  sharc_attr *mesh = sharc_sdy_manual_computation_mesh(op);
  sharc_attr *axes = sharc_op_attr(op, "manual_axes");
  if (!mesh && sharc_sdy_list_size(axes)) {
    sharc_emit_op_error(op, "all in and out shardings must be bound to the same mesh or an empty "
                            "mesh.");
    return false;
  }
  for (unsigned i = 0; mesh && i < sharc_sdy_list_size(axes); i++) {
    sharc_str name = sharc_attr_string_value(sharc_sdy_list_at(axes, i));
    if (sharc_sdy_mesh_size_of(mesh, name) < 0) {
      sharc_emit_op_error(op, "unknown manual axis: \"%.*s\"", (int)name.len, name.data);
      return false;
    }
  }
  return true;
}

/* ---- named_computation -------------------------------------------------------- */

bool sharc_sdy_verify_named_computation(sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  unsigned n_args = body ? sharc_block_num_args(body) : 0, n = sharc_op_num_operands(op);
  if (n_args != n) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "number of block arguments must match the "
               "number of operands: %u != %u",
               n_args, n);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    sharc_type *inner = sharc_value_type(sharc_block_arg(body, i));
    sharc_type *outer = sharc_value_type(sharc_op_operand(op, i));
    if (inner == outer)
      continue;
    sharc_buf a = {0}, b = {0};
    sharc_sdy_type_text(inner, &a);
    sharc_sdy_type_text(outer, &b);
    sharc_emit_op(op, SHARC_SEV_ERROR, "expected the type of the %u'th block "
               "argument to match the type of the corresponding operand: '%s' vs '%s'",
               i, a.data, b.data);
    sharc_buf_free(&a);
    sharc_buf_free(&b);
    return false;
  }
  sharc_attr *ins = sharc_op_attr(op, "in_shardings"), *outs = sharc_op_attr(op, "out_shardings");
  if (!ins && !outs)
    return true;
  sharc_type **in_t = sharc_op_operand_types(op);
  sharc_type **out_t = sharc_op_result_types(op);
  bool ok = (!ins || sharc_sdy_verify_sharding_list(op, ins, in_t, n, "in_shardings ")) &&
            (!outs ||
             sharc_sdy_verify_sharding_list(op, outs, out_t, sharc_op_num_results(op), "out_shardings "));
  free(in_t);
  free(out_t);
  return ok;
}

/* ---- shardings against types (sdy-attrs' verifyTensorShardingAttr) ---- */

bool sharc_sdy_verify_sharding_for_type(sharc_op *op, sharc_attr *sharding, sharc_type *type,
                                  const char *prefix) {
  sharc_sdy_emitter e = sharc_sdy_emitter_make(op, prefix, NULL);
  return sharc_sdy_verify_tensor_sharding_for_op(sharding, type, &e);
}

bool sharc_sdy_verify_sharding_list(sharc_op *op, sharc_attr *list, sharc_type *const *types, unsigned n,
                              const char *prefix) {
  sharc_sdy_emitter e = sharc_sdy_emitter_make(op, prefix, NULL);
  return sharc_sdy_verify_sharding_per_value(list, types, n, &e);
}

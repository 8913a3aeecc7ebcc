/* -sdy-convert-global-to-local for the StableHLO ops whose attributes or
 * operands hold global shapes or indices (concatenate, dot, dot_general,
 * convolution, iota, pad, slice, reduce_window, select_and_scatter,
 * gather, scatter); see global_to_local.h. Where Shardy checks an
 * invariant the passes before it guarantee (SDY_CHECK, which aborts), a
 * located error with the check's message is given instead. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/global_to_local.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- reading attributes and shardings ----------------------------------------------- */

static int64_t int_attr(sharc_op *op, const char *name, int64_t fallback) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : fallback;
}

/* Element `i` of a dense i64 array attribute (`fallback` when absent). */
static int64_t array_at(const sharc_attr *a, unsigned i, int64_t fallback) {
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ARRAY || i >= sharc_darray_n(a))
    return fallback;
  return (int64_t)sharc_darray_raw(a)[i];
}

static unsigned array_len(const sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY ? sharc_darray_n(a) : 0;
}

/* strippedAttrsString: `["x", "y":(1)2]`. */
static void axes_text(sharc_attr *const *axes, unsigned n, sharc_buf *out) {
  SHARC_BUF_LIT(out, "[");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    sharc_sdy_axis_ref_to_string(axes[i], out);
  }
  SHARC_BUF_LIT(out, "]");
}

#define RESHARD_TAIL "This requires a reshard which should have been handled by previous passes."

static bool mismatched_axes_error(sharc_op *op, unsigned d, sharc_attr *const *a, unsigned na,
                                  sharc_attr *const *b, unsigned nb, const char *tail) {
  sharc_buf ta = {0}, tb = {0};
  axes_text(a, na, &ta);
  axes_text(b, nb, &tb);
  sharc_emit_op_error(op, "dimension %u has mismatched sharding axes (%.*s vs %.*s). %s", d,
                      (int)ta.len, ta.data, (int)tb.len, tb.data, tail);
  sharc_buf_free(&ta);
  sharc_buf_free(&tb);
  return false;
}

/* The axes of dimension `d` in `in`, which must be those of `out` too
 * (*n of them); false after the mismatch error ending in `tail`. */
static bool same_dim_axes(sharc_g2l_state *s, sharc_op *op, const sharc_attr *in,
                          const sharc_attr *out, unsigned d, const char *tail,
                          sharc_attr *const **axes, unsigned *n) {
  unsigned nb;
  sharc_attr *const *a = sharc_g2l_dim_axes(s, in, d, n);
  sharc_attr *const *b = sharc_g2l_dim_axes(s, out, d, &nb);
  *axes = a;
  if (sharc_sdy_axes_equal(a, *n, b, nb))
    return true;
  return mismatched_axes_error(op, d, a, *n, b, nb, tail);
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static const int64_t *global_shape(sharc_g2l_state *s, sharc_op *op, unsigned i) {
  return sharc_type_shape(sharc_g2l_operand_type(s, op, i));
}

static bool check(sharc_op *op, bool ok, const char *message) {
  if (!ok)
    sharc_emit_op_error(op, "%s", message);
  return ok;
}

/* The op keeps only the attributes a builder given `keep` sets. */
static void keep_only(sharc_g2l_state *s, sharc_op *op, const char *const *keep) {
  sharc_attr *dict = sharc_op_attrs(op);
  unsigned n = dict ? sharc_dict_n(dict) : 0;
  const char **drop = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *drop);
  unsigned nd = 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_str name = sharc_ident_str(sharc_dict_entries(dict)[i].name);
    bool kept = false;
    for (const char *const *k = keep; *k && !kept; k++)
      kept = sharc_str_eq_cstr(name, *k);
    if (!kept)
      drop[nd++] = sharc_arena_strndup(&s->arena, name.data, name.len);
  }
  for (unsigned i = 0; i < nd; i++)
    sharc_rw_set_attr(&s->h.rw, op, drop[i], NULL);
}

/* ---- concatenate -------------------------------------------------------------------- */

static bool concatenate(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *out = sharc_g2l_result_sharding(op, 0);
  int64_t dim = int_attr(op, "dimension", 0);
  unsigned n;
  sharc_g2l_dim_axes(s, out, (unsigned)dim, &n);
  if (out && n) {
    sharc_emit_op_error(op, "dimension %lld is sharded but the concatenation is on this dimension.",
                        (long long)dim);
    return false;
  }
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_attr *in = sharc_g2l_operand_sharding(s, op, i);
    if (sharc_g2l_fully_replicated(in))
      continue;
    sharc_g2l_dim_axes(s, in, (unsigned)dim, &n);
    if (n) {
      sharc_emit_op_error(op, "operand %u is sharded on concatenation dimension %lld. This is not "
                              "supported.",
                          i, (long long)dim);
      return false;
    }
    for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(in); d++) {
      if ((int64_t)d == dim)
        continue;
      unsigned na;
      sharc_attr *const *a;
      if (!same_dim_axes(s, op, in, out, d, RESHARD_TAIL, &a, &na))
        return false;
    }
  }
  return sharc_g2l_localize(s, op);
}

/* ---- dot and dot_general ------------------------------------------------------------ */

/* nonPadOrPadWithZero. */
static bool non_pad_or_zero_pad(sharc_value *v) {
  sharc_op *pad = sharc_value_defining_op(v);
  if (!pad || !sharc_op_isa(pad, SHARC_SHLO(pad)))
    return true;
  sharc_op *c = sharc_value_defining_op(sharc_op_operand(pad, 1));
  sharc_attr *value = c && sharc_op_isa(c, SHARC_SHLO(constant)) ? sharc_op_attr(c, "value") : NULL;
  if (!value || sharc_attr_get_kind(value) != SHARC_ATTR_DENSE_ELEMENTS || !sharc_dense_splat(value))
    return false;
  sharc_type *elem = sharc_type_element(sharc_attr_type(value));
  if (sharc_type_is_float(elem)) {
    unsigned bits = sharc_type_bit_width(elem);
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 >> 1 : ((uint64_t)1 << (bits - 1)) - 1;
    return (sharc_dense_raw(value)[0] & mask) == 0;
  }
  return sharc_dense_raw(value)[0] == 0;
}

/* The checks that the contracting dimensions' axes are reduced by the one
 * sdy.all_reduce using the result. */
static bool check_contraction(sharc_op *op, sharc_attr *const *axes, unsigned n, const char *what) {
  char message[160];
  snprintf(message, sizeof message, "Padding value must be zero for sharded contracting %s.", what);
  if (!check(op, non_pad_or_zero_pad(sharc_op_operand(op, 0)) &&
                     non_pad_or_zero_pad(sharc_op_operand(op, 1)),
             message))
    return false;
  sharc_value *r = sharc_op_result(op, 0);
  sharc_use *use = sharc_value_first_use(r);
  sharc_op *user = use ? sharc_use_owner(use) : NULL;
  snprintf(message, sizeof message,
           "Expected sharded contracting %s to have one user and the user is an sdy.all_reduce.",
           what);
  if (!check(op, use && !sharc_use_next(use) && sharc_op_isa(user, &sharc_sdy_all_reduce_def),
             message))
    return false;
  sharc_attr *reduction = sharc_op_attr(user, "reduction_axes");
  unsigned nr = reduction ? sharc_sdy_list_size(reduction) : 0;
  bool same = nr == n;
  for (unsigned i = 0; same && i < n; i++)
    same = sharc_sdy_list_at(reduction, i) == axes[i];
  snprintf(message, sizeof message,
           "The axes of the sdy.all_reduce should match the sharded contracting %s of the %s.",
           strcmp(what, "dot") == 0 ? "dimension" : "dimensions", what);
  return check(op, same, message);
}

static bool dot(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *lhs = sharc_g2l_operand_sharding(s, op, 0);
  if (sharc_g2l_fully_replicated(lhs))
    return sharc_g2l_localize(s, op);
  sharc_attr *mesh = sharc_g2l_mesh(s, lhs);
  if (!mesh)
    return check(op, false, "failed to resolve mesh.");
  sharc_type *lhs_type = sharc_g2l_operand_type(s, op, 0);
  unsigned contracting = sharc_type_rank(lhs_type) - 1;
  unsigned n;
  sharc_attr *const *axes = sharc_g2l_dim_axes(s, lhs, contracting, &n);
  if (n) {
    int64_t size = sharc_sdy_axes_total_size(axes, n, mesh);
    if (!check(op, size > 0 && sharc_type_shape(lhs_type)[contracting] % size == 0,
               "Sharded contracting dimension must be divisible by the total size of the axes "
               "sharding it.") ||
        !check_contraction(op, axes, n, "dot"))
      return false;
  }
  return sharc_g2l_localize(s, op);
}

static bool dot_general(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *lhs = sharc_g2l_operand_sharding(s, op, 0);
  if (sharc_g2l_fully_replicated(lhs))
    return sharc_g2l_localize(s, op);
  sharc_attr *mesh = sharc_g2l_mesh(s, lhs);
  if (!mesh) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "failed to resolve mesh.");
    return false;
  }
  sharc_attr *dims = sharc_shlo_struct_field(sharc_op_attr(op, "dot_dimension_numbers"),
                                             &sharc_shlo_dot_def, 2);
  const int64_t *shape = global_shape(s, op, 0);
  sharc_sdy_axis_vec reduction = {0};
  bool ok = true;
  for (unsigned i = 0; ok && i < array_len(dims); i++) {
    int64_t d = array_at(dims, i, 0);
    unsigned n;
    sharc_attr *const *axes = sharc_g2l_dim_axes(s, lhs, (unsigned)d, &n);
    if (!n)
      continue;
    int64_t size = sharc_sdy_axes_total_size(axes, n, mesh);
    ok = check(op, size > 0 && shape[d] % size == 0,
               "Sharded contracting dimension must be divisible by axes size.");
    sharc_sdy_axes_append(&reduction, axes, n);
  }
  if (ok && reduction.len)
    ok = check_contraction(op, reduction.items, reduction.len, "dot_general");
  sharc_vec_free(&reduction);
  return ok && sharc_g2l_localize(s, op);
}

/* ---- convolution ---------------------------------------------------------------------- */

/* getLocalGroupCount. */
static bool local_group_count(sharc_op *op, int64_t global, sharc_attr *const *axes, unsigned n,
                              const sharc_attr *mesh, int64_t *out) {
  *out = global;
  if (global <= 1 || !n)
    return true;
  int64_t total = sharc_sdy_axes_total_size(axes, n, mesh);
  int64_t divisor = global < total ? global : total;
  if (!check(op, divisor > 0 && global % divisor == 0,
             "global group count is not divisible by total axes size"))
    return false;
  *out = global / divisor;
  return true;
}

static bool convolution(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *lhs = sharc_g2l_operand_sharding(s, op, 0);
  sharc_attr *rhs = sharc_g2l_operand_sharding(s, op, 1);
  sharc_attr *result = sharc_g2l_result_sharding(op, 0);
  if (sharc_g2l_fully_replicated(lhs) && sharc_g2l_fully_replicated(rhs) &&
      sharc_g2l_fully_replicated(result))
    return sharc_g2l_localize(s, op);
  sharc_attr *mesh = NULL;
  sharc_attr *all[3] = {lhs, rhs, result};
  for (unsigned i = 0; i < 3 && !mesh; i++)
    mesh = sharc_g2l_mesh(s, all[i]);
  if (!mesh)
    return check(op, false, "failed to resolve mesh");
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_conv_def;
  /* kernel input feature (3), kernel spatial (5): the contracting dimensions */
  sharc_sdy_axis_vec reduction = {0};
  int64_t kernel_dims[16];
  unsigned nk = 0;
  kernel_dims[nk++] = sharc_shlo_struct_int(dn, def, 3);
  sharc_attr *spatial = sharc_shlo_struct_field(dn, def, 5);
  for (unsigned i = 0; i < array_len(spatial) && nk < 16; i++)
    kernel_dims[nk++] = array_at(spatial, i, 0);
  for (unsigned k = 0; k < nk; k++) {
    unsigned n;
    sharc_attr *const *axes = sharc_g2l_dim_axes(s, rhs, (unsigned)kernel_dims[k], &n);
    for (unsigned i = 0; i < n; i++)
      if (sharc_sdy_axes_index_of(reduction.items, reduction.len, axes[i]) < 0)
        sharc_vec_push(&reduction, axes[i]);
  }
  bool ok = true;
  if (reduction.len) {
    sharc_sdy_axes_sort_and_merge(s->h.ctx, &reduction, mesh);
    sharc_use *use = sharc_value_first_use(sharc_op_result(op, 0));
    sharc_op *user = use ? sharc_use_owner(use) : NULL;
    ok = check(op, use && !sharc_use_next(use) && sharc_op_isa(user, &sharc_sdy_all_reduce_def),
               "Expected sharded contracting convolution to have one user and the user is an "
               "sdy.all_reduce.");
    if (ok) {
      sharc_attr *axes = sharc_op_attr(user, "reduction_axes");
      bool same = axes && sharc_sdy_list_size(axes) == reduction.len;
      for (unsigned i = 0; same && i < reduction.len; i++)
        same = sharc_sdy_list_at(axes, i) == reduction.items[i];
      ok = check(op, same,
                 "The axes of the sdy.all_reduce should match the sharded reduction dimensions "
                 "of the convolution.");
    }
  }
  sharc_vec_free(&reduction);
  unsigned nf, nb;
  sharc_attr *const *feature_axes = sharc_g2l_dim_axes(s, rhs, (unsigned)sharc_shlo_struct_int(dn, def, 4), &nf);
  sharc_attr *const *batch_axes = sharc_g2l_dim_axes(s, lhs, (unsigned)sharc_shlo_struct_int(dn, def, 0), &nb);
  int64_t feature, batch;
  if (!ok ||
      !local_group_count(op, int_attr(op, "feature_group_count", 1), feature_axes, nf, mesh,
                         &feature) ||
      !local_group_count(op, int_attr(op, "batch_group_count", 1), batch_axes, nb, mesh, &batch))
    return false;
  /* a new convolution: the builder sets its inherent attributes only */
  static const char *const inherent[] = {
      "window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal",
      "dimension_numbers", "feature_group_count", "batch_group_count", "precision_config", NULL};
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  if (!local)
    return false;
  keep_only(s, op, inherent);
  sharc_type *i64 = sharc_halo_i64(s->h.ctx);
  sharc_rw_set_attr(&s->h.rw, op, "feature_group_count",
                    sharc_attr_integer(s->h.ctx, i64, feature));
  sharc_rw_set_attr(&s->h.rw, op, "batch_group_count", sharc_attr_integer(s->h.ctx, i64, batch));
  sharc_value_set_type(sharc_op_result(op, 0), local);
  return true;
}

/* ---- iota ------------------------------------------------------------------------------- */

static bool iota(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *sharding = sharc_g2l_result_sharding(op, 0);
  if (sharc_g2l_fully_replicated(sharding))
    return true;
  sharc_attr *mesh = sharc_g2l_mesh(s, sharding);
  if (!mesh)
    return check(op, false, "failed to resolve mesh");
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  if (!local)
    return false;
  sharc_attr *loc = sharc_op_loc(op);
  int64_t dim = int_attr(op, "iota_dimension", 0);
  sharc_named_attr a =
      named(s->h.ctx, "iota_dimension", sharc_attr_integer(s->h.ctx, sharc_halo_i64(s->h.ctx), dim));
  sharc_value *local_iota = sharc_halo_op(&s->h, "stablehlo.iota", loc, NULL, 0, local, &a, 1);
  unsigned n;
  sharc_attr *const *axes = sharc_g2l_dim_axes(s, sharding, (unsigned)dim, &n);
  if (!n) {
    sharc_g2l_replace(s, op, local_iota);
    return true;
  }
  sharc_value *offset = sharc_g2l_dimension_offset(s, loc, mesh, axes, n,
                                                   sharc_type_shape(local)[dim]);
  sharc_type *scalar = sharc_halo_tensor(s->h.ctx, NULL, 0, sharc_type_element(local));
  sharc_value *converted =
      sharc_halo_op(&s->h, "stablehlo.convert", loc, &offset, 1, scalar, NULL, 0);
  sharc_named_attr b = named(s->h.ctx, "broadcast_dimensions",
                             sharc_halo_i64_array(s->h.ctx, NULL, 0));
  sharc_value *broadcast =
      sharc_halo_op(&s->h, "stablehlo.broadcast_in_dim", loc, &converted, 1, local, &b, 1);
  sharc_g2l_replace(s, op, sharc_halo_binary(&s->h, "stablehlo.add", loc, local_iota, broadcast));
  return true;
}

/* ---- pad -------------------------------------------------------------------------------------- */

static bool pad_offsets(sharc_g2l_state *s, sharc_op *op, const sharc_attr *in,
                        const sharc_attr *out, const sharc_attr *mesh, int64_t **offsets,
                        bool *uniform) {
  unsigned rank = sharc_type_rank(sharc_g2l_operand_type(s, op, 0));
  const int64_t *in_shape = global_shape(s, op, 0);
  const int64_t *out_shape = sharc_type_shape(sharc_value_type(sharc_op_result(op, 0)));
  int64_t devices = sharc_sdy_mesh_total_size(mesh);
  sharc_attr *low = sharc_op_attr(op, "edge_padding_low");
  sharc_attr *interior = sharc_op_attr(op, "interior_padding");
  for (unsigned d = 0; d < rank; d++) {
    unsigned na;
    sharc_attr *const *a;
    if (!same_dim_axes(s, op, in, out, d,
                       "This requires a reshard collective which should have been handled by "
                       "previous passes.",
                       &a, &na))
      return false;
    int64_t total = na ? sharc_sdy_axes_total_size(a, na, mesh) : 1;
    if (total <= 0)
      total = 1;
    int64_t s_in = in_shape[d] / total, s_out = out_shape[d] / total;
    int64_t p_low = array_at(low, d, 0), p_int = array_at(interior, d, 0);
    offsets[d] = sharc_arena_alloc(&s->arena, ((size_t)devices + 1) * sizeof(int64_t));
    uniform[d] = true;
    for (int64_t dev = 0; dev < devices; dev++) {
      int64_t k_in = sharc_sdy_shard_index(dev, mesh, a, na);
      int64_t k_out = sharc_sdy_shard_index(dev, mesh, a, na); /* the same axes as the input */
      offsets[d][dev] = (k_in * s_in) * (p_int + 1) + p_low - (k_out * s_out);
      uniform[d] &= offsets[d][dev] == offsets[d][0];
    }
  }
  return true;
}

static bool pad(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *in = sharc_g2l_operand_sharding(s, op, 0);
  sharc_attr *out = sharc_g2l_result_sharding(op, 0);
  if (sharc_g2l_fully_replicated(in))
    return check(op, sharc_g2l_fully_replicated(out),
                 "the result of a pad of a replicated operand must be replicated") &&
           sharc_g2l_localize(s, op);
  sharc_attr *mesh = sharc_g2l_mesh(s, in);
  if (!mesh)
    return check(op, false, "failed to resolve mesh");
  unsigned rank = sharc_type_rank(sharc_g2l_operand_type(s, op, 0));
  int64_t devices = sharc_sdy_mesh_total_size(mesh);
  int64_t **offsets = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *offsets);
  bool *uniform = sharc_arena_alloc(&s->arena, rank + 1);
  if (!pad_offsets(s, op, in, out, mesh, offsets, uniform))
    return false;
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  if (!local)
    return false;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *input = sharc_op_operand(op, 0), *padding = sharc_op_operand(op, 1);
  const int64_t *in_local = sharc_type_shape(sharc_value_type(input));
  const int64_t *out_local = sharc_type_shape(local);
  sharc_attr *interior_attr = sharc_op_attr(op, "interior_padding");
  int64_t *low = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *low);
  int64_t *high = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *high);
  int64_t *interior = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *interior);
  int64_t *safe = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *safe);
  bool all_uniform = true;
  for (unsigned d = 0; d < rank; d++) {
    interior[d] = array_at(interior_attr, d, 0);
    all_uniform &= uniform[d];
  }
  for (unsigned d = 0; d < rank; d++) {
    int64_t expanded = (in_local[d] - 1) * (interior[d] + 1) + 1;
    if (all_uniform) {
      low[d] = offsets[d][0];
      high[d] = out_local[d] - (expanded + low[d]);
      continue;
    }
    int64_t max = offsets[d][0], min = offsets[d][0];
    for (int64_t dev = 1; dev < devices; dev++) {
      max = offsets[d][dev] > max ? offsets[d][dev] : max;
      min = offsets[d][dev] < min ? offsets[d][dev] : min;
    }
    low[d] = max > 0 ? max : 0;
    high[d] = out_local[d] - min - expanded > 0 ? out_local[d] - min - expanded : 0;
    safe[d] = low[d] + expanded + high[d];
  }
  if (all_uniform) {
    sharc_g2l_replace(s, op, sharc_halo_pad(&s->h, loc, local, input, padding, low, high,
                                            interior));
    return true;
  }
  sharc_type *safe_type = sharc_halo_tensor(s->h.ctx, safe, rank, sharc_type_element(local));
  sharc_value *safe_pad = sharc_halo_pad(&s->h, loc, safe_type, input, padding, low, high,
                                         interior);
  sharc_value *device =
      sharc_sdy_create_device_id(&s->h.rw, s->h.replica_count, s->h.partition_count, loc);
  sharc_value **starts = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *starts);
  int64_t *table = sharc_arena_alloc(&s->arena, ((size_t)devices + 1) * sizeof *table);
  int64_t one = 1;
  sharc_type *i64 = sharc_halo_i64(s->h.ctx);
  for (unsigned d = 0; d < rank; d++) {
    for (int64_t dev = 0; dev < devices; dev++)
      table[dev] = low[d] - offsets[d][dev];
    if (uniform[d]) {
      starts[d] = sharc_halo_const_i64(&s->h, loc, table[0]);
      continue;
    }
    sharc_value *t = sharc_halo_const_i64_1d(&s->h, loc, table, (unsigned)devices);
    sharc_value *slice = sharc_halo_dynamic_slice(
        &s->h, loc, sharc_halo_tensor(s->h.ctx, &one, 1, i64), t, &device, 1, &one);
    starts[d] = sharc_halo_reshape(&s->h, loc, sharc_halo_tensor(s->h.ctx, NULL, 0, i64), slice);
  }
  sharc_g2l_replace(s, op, sharc_halo_dynamic_slice(&s->h, loc, local, safe_pad, starts, rank,
                                                    out_local));
  return true;
}

/* ---- slice ---------------------------------------------------------------------------------- */

/* isCommunicationFreeSliceDim on the global shapes. */
static bool comm_free_slice_dim(sharc_g2l_state *s, sharc_op *op, unsigned d,
                                const sharc_attr *sharding, const sharc_attr *mesh) {
  int64_t shards =
      sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(sharding, d), mesh);
  if (shards <= 1)
    return true;
  if (array_at(sharc_op_attr(op, "start_indices"), d, 0) != 0 ||
      array_at(sharc_op_attr(op, "strides"), d, 1) != 1)
    return false;
  int64_t in = global_shape(s, op, 0)[d];
  int64_t out = sharc_type_shape(sharc_value_type(sharc_op_result(op, 0)))[d];
  if (in == SHARC_DYNAMIC || out == SHARC_DYNAMIC)
    return false;
  return (in + shards - 1) / shards == (out + shards - 1) / shards;
}

static bool slice(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *in = sharc_g2l_operand_sharding(s, op, 0);
  sharc_attr *out = sharc_g2l_result_sharding(op, 0);
  if (sharc_g2l_fully_replicated(in) && sharc_g2l_fully_replicated(out))
    return sharc_g2l_localize(s, op);
  unsigned rank = sharc_type_rank(sharc_g2l_operand_type(s, op, 0));
  const int64_t *in_shape = global_shape(s, op, 0);
  int64_t *starts = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *starts);
  int64_t *limits = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *limits);
  sharc_type *local = NULL;
  sharc_attr *start_attr = sharc_op_attr(op, "start_indices");
  sharc_attr *limit_attr = sharc_op_attr(op, "limit_indices");
  for (unsigned d = 0; d < rank; d++) {
    unsigned na;
    sharc_attr *const *a;
    if (!same_dim_axes(s, op, in, out, d, RESHARD_TAIL, &a, &na))
      return false;
    int64_t start = array_at(start_attr, d, 0), limit = array_at(limit_attr, d, 0);
    if (!na) {
      starts[d] = start;
      limits[d] = limit;
      continue;
    }
    sharc_attr *mesh = sharc_g2l_mesh(s, in);
    if (start != 0 || (limit != in_shape[d] && !(mesh && comm_free_slice_dim(s, op, d, in, mesh)))) {
      sharc_emit_op_error(op, "dimension %u is sharded but the slice is not a full slice and "
                              "requires device communication.",
                          d);
      return false;
    }
    if (!local && !(local = sharc_g2l_local_result_type(s, op, 0)))
      return false;
    starts[d] = 0;
    limits[d] = limit == in_shape[d] ? sharc_type_shape(sharc_value_type(sharc_op_operand(op, 0)))[d]
                                     : sharc_type_shape(local)[d];
  }
  if (!local && !(local = sharc_g2l_local_result_type(s, op, 0)))
    return false;
  sharc_attr *strides = sharc_op_attr(op, "strides");
  int64_t *stride_values = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *stride_values);
  for (unsigned d = 0; d < rank; d++)
    stride_values[d] = array_at(strides, d, 1);
  sharc_g2l_replace(s, op, sharc_halo_slice(&s->h, sharc_op_loc(op), local, sharc_op_operand(op, 0),
                                            starts, limits, stride_values));
  return true;
}

/* ---- reduce_window and select_and_scatter ------------------------------------------------------- */

static int64_t padding_at(const sharc_attr *padding, unsigned i) {
  if (!padding || sharc_attr_get_kind(padding) != SHARC_ATTR_DENSE_ELEMENTS)
    return 0;
  return (int64_t)(sharc_dense_splat(padding) ? sharc_dense_raw(padding)[0] : sharc_dense_raw(padding)[i]);
}

static bool windowed(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *in = sharc_g2l_operand_sharding(s, op, 0);
  if (in && !sharc_g2l_fully_replicated(in)) {
    sharc_attr *mesh = sharc_g2l_mesh(s, in);
    if (!mesh)
      return check(op, false, "failed to resolve mesh");
    sharc_attr *padding = sharc_op_attr(op, "padding");
    sharc_attr *window = sharc_op_attr(op, "window_dimensions");
    sharc_attr *strides = sharc_op_attr(op, "window_strides");
    unsigned rank = sharc_type_rank(sharc_g2l_operand_type(s, op, 0));
    for (unsigned d = 0; d < rank; d++) {
      unsigned n;
      sharc_attr *const *axes = sharc_g2l_dim_axes(s, in, d, &n);
      if (!n || sharc_sdy_axes_total_size(axes, n, mesh) <= 1)
        continue;
      bool passthrough = !padding || (padding_at(padding, 2 * d) == 0 &&
                                      padding_at(padding, 2 * d + 1) == 0);
      if (passthrough) {
        int64_t stride = array_at(strides, d, 1), size = array_at(window, d, 1);
        bool has_strides = array_len(strides) > 0, has_window = array_len(window) > 0;
        passthrough = (!has_strides || stride == 1 || (has_window && stride >= size)) &&
                      (!has_window || size == 1 || (has_strides && stride >= size));
      }
      if (!passthrough) {
        sharc_str name = sharc_ident_str(sharc_op_name(op));
        sharc_emit_op_error(op, "In op %.*s dimension %u is sharded but is not a pass-through "
                                "dimension.",
                            (int)name.len, name.data, d);
        return false;
      }
    }
  }
  return sharc_g2l_localize(s, op);
}

/* ---- dispatch ------------------------------------------------------------------------------------- */

static bool has_dynamic_dim(const sharc_type *t) {
  if (!sharc_type_is_shaped(t) || !sharc_type_has_rank(t))
    return false;
  for (unsigned d = 0; d < sharc_type_rank(t); d++)
    if (sharc_type_shape(t)[d] == SHARC_DYNAMIC)
      return true;
  return false;
}

/* The rewrites below compute with static sizes. */
static bool any_dynamic(sharc_g2l_state *s, sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (has_dynamic_dim(sharc_g2l_operand_type(s, op, i)))
      return true;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (has_dynamic_dim(sharc_value_type(sharc_op_result(op, i))))
      return true;
  return false;
}

bool sharc_g2l_stablehlo(sharc_g2l_state *s, sharc_op *op, bool *handled) {
  *handled = true;
  bool shaped = sharc_op_isa(op, SHARC_SHLO(pad)) || sharc_op_isa(op, SHARC_SHLO(slice)) ||
                sharc_op_isa(op, SHARC_SHLO(gather)) || sharc_op_isa(op, SHARC_SHLO(scatter)) ||
                sharc_op_isa(op, SHARC_SHLO(iota)) || sharc_op_isa(op, SHARC_SHLO(dot)) ||
                sharc_op_isa(op, SHARC_SHLO(dot_general));
  if (shaped && any_dynamic(s, op))
    return check(op, false, "dynamic shape not supported");
  if (sharc_op_isa(op, SHARC_SHLO(concatenate)))
    return concatenate(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(dot)))
    return dot(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(dot_general)))
    return dot_general(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(convolution)))
    return convolution(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(iota)))
    return iota(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(pad)))
    return pad(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(slice)))
    return slice(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(reduce_window)) ||
      sharc_op_isa(op, SHARC_SHLO(select_and_scatter)))
    return windowed(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(gather)))
    return sharc_g2l_gather(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(scatter)))
    return sharc_g2l_scatter(s, op);
  *handled = false;
  return true;
}

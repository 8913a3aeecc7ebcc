/* -sdy-convert-global-to-local for stablehlo.gather and stablehlo.scatter:
 * slice sizes made local, indices into sharded dimensions moved into this
 * device's shard, and (gather) results outside the shard masked to zero
 * before the sdy.all_reduce that follows, or (scatter) the inputs of all
 * but one device of each reduction group set to the reduction's identity.
 * See global_to_local.h. */
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/global_to_local.h"
#include "support/apfloat.h"

#include <stdlib.h>
#include <string.h>

enum { cmp_eq = 0, cmp_ge = 2, cmp_le = 4 };

typedef struct index_dims {
  sharc_attr *start_index_map; /* dense i64 array */
  int64_t index_vector_dim;
} index_dims;

static unsigned array_len(const sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY ? sharc_darray_n(a) : 0;
}

static int64_t array_at(const sharc_attr *a, unsigned i) {
  return i < array_len(a) ? (int64_t)sharc_darray_raw(a)[i] : 0;
}

static bool array_contains(const sharc_attr *a, int64_t v) {
  for (unsigned i = 0; i < array_len(a); i++)
    if (array_at(a, i) == v)
      return true;
  return false;
}

static bool dims_contain(const int64_t *dims, unsigned n, int64_t v) {
  for (unsigned i = 0; i < n; i++)
    if (dims[i] == v)
      return true;
  return false;
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static sharc_type *scalar_of(sharc_g2l_state *s, sharc_type *elem) {
  return sharc_halo_tensor(s->h.ctx, NULL, 0, elem);
}

static sharc_type *with_elem(sharc_g2l_state *s, sharc_type *like, sharc_type *elem) {
  return sharc_halo_tensor(s->h.ctx, sharc_type_shape(like), sharc_type_rank(like), elem);
}

static sharc_type *i1(sharc_g2l_state *s) {
  return sharc_type_integer(s->h.ctx, 1, SHARC_SIGNLESS);
}

/* stablehlo.constant of `type` holding `v` everywhere (integers). */
static sharc_value *splat_int(sharc_g2l_state *s, sharc_attr *loc, sharc_type *type, int64_t v) {
  uint64_t raw = (uint64_t)v;
  unsigned width = sharc_type_int_width(sharc_type_element(type));
  if (width && width < 64)
    raw &= ((uint64_t)1 << width) - 1;
  sharc_named_attr a = named(s->h.ctx, "value",
                             sharc_attr_dense_elements(s->h.ctx, type, &raw, 1, true));
  return sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, type, &a, 1);
}

static sharc_value *convert(sharc_g2l_state *s, sharc_attr *loc, sharc_value *v,
                            sharc_type *type) {
  return sharc_halo_op(&s->h, "stablehlo.convert", loc, &v, 1, type, NULL, 0);
}

static sharc_value *broadcast(sharc_g2l_state *s, sharc_attr *loc, sharc_value *v,
                              sharc_type *type, const int64_t *dims, unsigned n) {
  sharc_named_attr a =
      named(s->h.ctx, "broadcast_dimensions", sharc_halo_i64_array(s->h.ctx, dims, n));
  return sharc_halo_op(&s->h, "stablehlo.broadcast_in_dim", loc, &v, 1, type, &a, 1);
}

static sharc_value *compare(sharc_g2l_state *s, sharc_attr *loc, sharc_value *a, sharc_value *b,
                            unsigned direction) {
  sharc_named_attr d = named(s->h.ctx, "comparison_direction",
                             sharc_shlo_enum_get(s->h.ctx, &sharc_shlo_comparison_direction,
                                                 direction));
  sharc_value *ops[2] = {a, b};
  return sharc_halo_op(&s->h, "stablehlo.compare", loc, ops, 2,
                       with_elem(s, sharc_value_type(a), i1(s)), &d, 1);
}

/* clampGatherIndices: the indices clamped to [0, global size - 1] of the
 * dimensions they index. */
static sharc_value *clamp_indices(sharc_g2l_state *s, sharc_attr *loc, sharc_value *indices,
                                  const int64_t *global, const index_dims *dims) {
  sharc_type *type = sharc_value_type(indices);
  sharc_type *elem = sharc_type_element(type);
  unsigned n = array_len(dims->start_index_map);
  int64_t *max = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *max);
  for (unsigned i = 0; i < n; i++)
    max[i] = global[array_at(dims->start_index_map, i)] - 1;
  sharc_value *bounds[2];
  const int64_t zero = 0;
  const int64_t *values[2] = {&zero, max};
  unsigned counts[2] = {1, n};
  for (unsigned k = 0; k < 2; k++) {
    if (dims->index_vector_dim < sharc_type_rank(type) && counts[k] > 1) {
      int64_t len = counts[k];
      sharc_type *vec = sharc_halo_tensor(s->h.ctx, &len, 1, elem);
      uint64_t *raw = sharc_arena_alloc(&s->arena, (size_t)len * sizeof *raw);
      for (int64_t i = 0; i < len; i++)
        raw[i] = (uint64_t)values[k][i];
      bool splat = true;
      for (int64_t i = 1; i < len; i++)
        splat &= raw[i] == raw[0];
      sharc_named_attr a = named(s->h.ctx, "value",
                                 sharc_attr_dense_elements(s->h.ctx, vec, raw,
                                                           splat ? 1 : (size_t)len, splat));
      sharc_value *c = sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, vec, &a, 1);
      bounds[k] = broadcast(s, loc, c, type, &dims->index_vector_dim, 1);
    } else {
      bounds[k] = splat_int(s, loc, type, values[k][0]);
    }
  }
  sharc_value *ops[3] = {bounds[0], indices, bounds[1]};
  return sharc_halo_op(&s->h, "stablehlo.clamp", loc, ops, 3, type, NULL, 0);
}

/* buildBoundsTensor: per-index bounds laid along the index vector
 * dimension of `type`. */
static sharc_value *bounds_tensor(sharc_g2l_state *s, sharc_attr *loc, sharc_value **bounds,
                                  unsigned n, sharc_type *type, int64_t ivd) {
  if (ivd >= sharc_type_rank(type) || sharc_type_shape(type)[ivd] == 1)
    return broadcast(s, loc, bounds[0], type, NULL, 0);
  sharc_type *elem = sharc_type_element(type);
  int64_t one = 1, len = n;
  sharc_value **reshaped = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *reshaped);
  for (unsigned i = 0; i < n; i++)
    reshaped[i] = sharc_halo_reshape(&s->h, loc, sharc_halo_tensor(s->h.ctx, &one, 1, elem),
                                     bounds[i]);
  sharc_named_attr a = named(s->h.ctx, "dimension",
                             sharc_attr_integer(s->h.ctx, sharc_halo_i64(s->h.ctx), 0));
  sharc_value *concat = sharc_halo_op(&s->h, "stablehlo.concatenate", loc, reshaped, n,
                                      sharc_halo_tensor(s->h.ctx, &len, 1, elem), &a, 1);
  return broadcast(s, loc, concat, type, &ivd, 1);
}

/* computeLocalIndicesAndMask. `*mask` is NULL when no mask is needed or
 * `want_mask` is false. */
static sharc_value *local_indices(sharc_g2l_state *s, sharc_attr *loc, sharc_value *indices,
                                  const sharc_attr *mesh, const sharc_attr *sharding,
                                  const int64_t *global, const int64_t *local,
                                  const index_dims *dims, const int64_t *trivial,
                                  unsigned num_trivial, bool clamp, bool want_mask,
                                  sharc_value **mask) {
  *mask = NULL;
  sharc_type *type = sharc_value_type(indices);
  sharc_type *elem = sharc_type_element(type);
  sharc_type *scalar = scalar_of(s, elem);
  const sharc_attr *map = dims->start_index_map;
  unsigned n = array_len(map);
  sharc_value *adjusted = indices;
  bool indexed = false, unindexed = false;
  for (unsigned t = 0; t < num_trivial; t++) {
    if (array_contains(map, trivial[t]))
      indexed = true;
    else
      unindexed = true;
  }
  if (indexed) {
    sharc_value *base = clamp ? clamp_indices(s, loc, indices, global, dims) : indices;
    sharc_value **min = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *min);
    sharc_value **max = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *max);
    for (unsigned i = 0; i < n; i++) {
      int64_t d = array_at(map, i);
      if (!dims_contain(trivial, num_trivial, d)) {
        min[i] = splat_int(s, loc, scalar, 0);
        if (want_mask)
          max[i] = splat_int(s, loc, scalar, global[d] - 1);
        continue;
      }
      unsigned na;
      sharc_attr **axes = sharc_g2l_dim_axes(s, sharding, (unsigned)d, &na);
      sharc_value *offset = sharc_g2l_dimension_offset(s, loc, mesh, axes, na, local[d]);
      offset = convert(s, loc, offset, scalar);
      min[i] = offset;
      if (want_mask) {
        sharc_value *last = splat_int(s, loc, scalar, local[d] - 1);
        max[i] = sharc_halo_binary(&s->h, "stablehlo.add", loc, offset, last);
      }
    }
    sharc_value *lo = bounds_tensor(s, loc, min, n, type, dims->index_vector_dim);
    sharc_value *hi = want_mask ? bounds_tensor(s, loc, max, n, type, dims->index_vector_dim)
                                : NULL;
    adjusted = sharc_halo_binary(&s->h, "stablehlo.subtract", loc, base, lo);
    if (want_mask) {
      sharc_value *ge = compare(s, loc, base, lo, cmp_ge);
      sharc_value *le = compare(s, loc, base, hi, cmp_le);
      *mask = sharc_halo_binary(&s->h, "stablehlo.and", loc, ge, le);
    }
  }
  if (!want_mask || !unindexed)
    return adjusted;
  /* an unindexed sharded dimension: only the shard holding offset 0 */
  sharc_value *partition = NULL;
  for (unsigned t = 0; t < num_trivial; t++) {
    if (array_contains(map, trivial[t]))
      continue;
    unsigned na;
    sharc_attr **axes = sharc_g2l_dim_axes(s, sharding, (unsigned)trivial[t], &na);
    sharc_value *offset = sharc_g2l_dimension_offset(s, loc, mesh, axes, na, local[trivial[t]]);
    sharc_value *zero = splat_int(s, loc, sharc_value_type(offset), 0);
    sharc_value *eq = compare(s, loc, offset, zero, cmp_eq);
    partition = partition ? sharc_halo_binary(&s->h, "stablehlo.and", loc, partition, eq) : eq;
  }
  if (*mask) {
    partition = broadcast(s, loc, partition, sharc_value_type(*mask), NULL, 0);
    *mask = sharc_halo_binary(&s->h, "stablehlo.and", loc, *mask, partition);
  } else {
    *mask = partition;
  }
  return adjusted;
}

/* A copy of `op` with `operands`, `types`, the attributes of `op` and
 * `overrides` (which win); its regions are moved over. */
static sharc_op *rebuild(sharc_g2l_state *s, sharc_op *op, sharc_value *const *operands,
                         unsigned n, sharc_type *const *types, unsigned nt,
                         const sharc_named_attr *overrides, unsigned no) {
  sharc_attr *dict = sharc_op_attrs(op);
  unsigned na = sharc_dict_n(dict);
  sharc_named_attr *attrs = sharc_arena_alloc(&s->arena, (na + no + 1) * sizeof *attrs);
  unsigned k = 0;
  for (unsigned i = 0; i < no; i++)
    attrs[k++] = overrides[i];
  for (unsigned i = 0; i < na; i++) {
    bool overridden = false;
    for (unsigned j = 0; j < no; j++)
      overridden |= sharc_dict_entries(dict)[i].name == overrides[j].name;
    if (!overridden)
      attrs[k++] = sharc_dict_entries(dict)[i];
  }
  return sharc_halo_recreate(&s->h, op, operands, n, types, nt,
                             sharc_attr_dictionary(s->h.ctx, attrs, k));
}

static bool fail(sharc_op *op, const char *message) {
  sharc_emit_op_error(op, "%s", message);
  return false;
}

/* ---- gather ------------------------------------------------------------------------------- */

/* The gather's result zeroed where `mask` (over the index batch) is false. */
static sharc_value *mask_gather(sharc_g2l_state *s, sharc_attr *loc, sharc_value *result,
                                sharc_value *mask, int64_t ivd, const sharc_attr *offset_dims) {
  sharc_type *mask_type = sharc_value_type(mask);
  unsigned mask_rank = sharc_type_rank(mask_type);
  if (mask_rank > 0 && ivd < mask_rank) {
    int64_t *shape = sharc_arena_alloc(&s->arena, (mask_rank + 1) * sizeof *shape);
    unsigned r = 0;
    for (unsigned d = 0; d < mask_rank; d++)
      if ((int64_t)d != ivd)
        shape[r++] = sharc_type_shape(mask_type)[d];
    sharc_value *init = splat_int(s, loc, scalar_of(s, i1(s)), 1);
    sharc_value *ops[2] = {mask, init};
    sharc_named_attr a =
        named(s->h.ctx, "dimensions", sharc_halo_i64_array(s->h.ctx, &ivd, 1));
    sharc_type *reduced_type = sharc_halo_tensor(s->h.ctx, shape, r, i1(s));
    sharc_op_state st = {
        .name = sharc_ident_get(s->h.ctx, SHARC_STR("stablehlo.reduce")),
        .loc = loc,
        .operands = ops,
        .num_operands = 2,
        .result_types = &reduced_type,
        .num_results = 1,
        .attrs = sharc_attr_dictionary(s->h.ctx, &a, 1),
        .num_regions = 1,
    };
    sharc_op *reduce = sharc_rw_create(&s->h.rw, &st);
    sharc_insert_point saved = s->h.rw.ip;
    sharc_type *scalar = scalar_of(s, i1(s));
    sharc_type *types[2] = {scalar, scalar};
    sharc_attr *locs[2] = {loc, loc};
    sharc_block *b = sharc_rw_create_block(&s->h.rw, sharc_op_region(reduce, 0), NULL, types, 2,
                                           locs);
    sharc_value *and_v = sharc_halo_binary(&s->h, "stablehlo.and", loc, sharc_block_arg(b, 0),
                                           sharc_block_arg(b, 1));
    sharc_op_state ret = {.name = sharc_ident_get(s->h.ctx, SHARC_STR("stablehlo.return")),
                          .loc = loc,
                          .operands = &and_v,
                          .num_operands = 1};
    sharc_rw_create(&s->h.rw, &ret);
    s->h.rw.ip = saved;
    mask = sharc_op_result(reduce, 0);
    mask_type = reduced_type;
  }
  sharc_type *result_type = sharc_value_type(result);
  unsigned rank = sharc_type_rank(result_type);
  int64_t *dims = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *dims);
  unsigned nd = 0;
  if (sharc_type_rank(mask_type) > 0)
    for (unsigned d = 0; d < rank; d++)
      if (!array_contains(offset_dims, d))
        dims[nd++] = d;
  sharc_value *bmask = broadcast(s, loc, mask, with_elem(s, result_type, i1(s)), dims, nd);
  sharc_named_attr z = named(s->h.ctx, "value", sharc_sdy_zero_elements(s->h.ctx, result_type));
  sharc_value *zero = sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, result_type, &z, 1);
  sharc_value *ops[3] = {bmask, result, zero};
  return sharc_halo_op(&s->h, "stablehlo.select", loc, ops, 3, result_type, NULL, 0);
}

bool sharc_g2l_gather(sharc_g2l_state *s, sharc_op *op) {
  sharc_attr *sharding = sharc_g2l_operand_sharding(s, op, 0);
  if (sharc_g2l_fully_replicated(sharding))
    return sharc_g2l_localize(s, op);
  sharc_attr *mesh = sharc_g2l_mesh(s, sharding);
  if (!mesh)
    return fail(op, "failed to resolve mesh");
  sharc_type *global_type = sharc_g2l_operand_type(s, op, 0);
  const int64_t *global = sharc_type_shape(global_type);
  unsigned rank = sharc_type_rank(global_type);
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_gather_def;
  sharc_attr *batching = sharc_shlo_struct_field(dn, def, 2);
  index_dims dims = {sharc_shlo_struct_field(dn, def, 4), sharc_shlo_struct_int(dn, def, 5)};
  sharc_attr *sizes = sharc_op_attr(op, "slice_sizes");
  int64_t *trivial = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *trivial);
  int64_t *local_sizes = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *local_sizes);
  unsigned nt = 0;
  sharc_sdy_axis_vec reduction = {0};
  for (unsigned d = 0; d < rank; d++) {
    unsigned na;
    sharc_attr **axes = sharc_g2l_dim_axes(s, sharding, d, &na);
    int64_t size = array_at(sizes, d);
    local_sizes[d] = size;
    if (na && sharc_sdy_axes_total_size(axes, na, mesh) > 1 && size == 1 &&
        !array_contains(batching, d)) {
      trivial[nt++] = d;
      sharc_sdy_axes_append(&reduction, axes, na);
    }
    if (size == 1 || array_contains(batching, d) || !na)
      continue;
    int64_t total = sharc_sdy_axes_total_size(axes, na, mesh);
    if (size != global[d] || total <= 0 || size % total) {
      sharc_vec_free(&reduction);
      return fail(op, "a sharded dimension of the gather operand must be sliced in full and "
                      "divisible by the size of the axes sharding it");
    }
    local_sizes[d] = size / total;
  }
  sharc_type *local = sharc_g2l_local_result_type(s, op, 0);
  if (!local) {
    sharc_vec_free(&reduction);
    return false;
  }
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *operand = sharc_op_operand(op, 0), *indices = sharc_op_operand(op, 1);
  sharc_value *mask = NULL;
  if (nt)
    indices = local_indices(s, loc, indices, mesh, sharding, global,
                            sharc_type_shape(sharc_value_type(operand)), &dims, trivial, nt, true,
                            true, &mask);
  sharc_attr *sorted = sharc_op_attr(op, "indices_are_sorted");
  sharc_named_attr overrides[2] = {
      named(s->h.ctx, "indices_are_sorted", sorted ? sorted : sharc_attr_bool(s->h.ctx, false)),
      named(s->h.ctx, "slice_sizes", sharc_halo_i64_array(s->h.ctx, local_sizes, rank)),
  };
  sharc_value *ops[2] = {operand, indices};
  sharc_value *result = sharc_op_result(rebuild(s, op, ops, 2, &local, 1, overrides, 2), 0);
  bool ok = true;
  if (nt) {
    result = mask_gather(s, loc, result, mask, dims.index_vector_dim,
                         sharc_shlo_struct_field(dn, def, 0));
    sharc_use *use = sharc_value_first_use(sharc_op_result(op, 0));
    sharc_op *user = use ? sharc_use_owner(use) : NULL;
    ok = use && !sharc_use_next(use) && sharc_op_isa(user, &sharc_sdy_all_reduce_def);
    if (!ok) {
      fail(op, "Expected the gather to have one user and the user is an sdy.all_reduce.");
    } else {
      sharc_attr *axes = sharc_op_attr(user, "reduction_axes");
      ok = axes && sharc_sdy_list_size(axes) == reduction.len;
      for (unsigned i = 0; ok && i < reduction.len; i++)
        ok = sharc_sdy_list_at(axes, i) == reduction.items[i];
      if (!ok)
        fail(op, "The axes of the sdy.all_reduce should match the sharded collapsed operand "
                 "dimensions of the gather.");
    }
  }
  sharc_vec_free(&reduction);
  if (ok)
    sharc_g2l_replace(s, op, result);
  return ok;
}

/* ---- scatter ------------------------------------------------------------------------------ */

/* getScatterReductionAxes: axes sharding the update batch dimensions but no
 * dimension of the input. */
static void scatter_reduction_axes(sharc_g2l_state *s, sharc_op *op, const sharc_attr *updates,
                                   const sharc_attr *input, unsigned update_index,
                                   const sharc_attr *window_dims, sharc_sdy_axis_vec *out) {
  if (sharc_g2l_fully_replicated(updates))
    return;
  unsigned rank = sharc_type_rank(sharc_g2l_operand_type(s, op, update_index));
  for (unsigned d = 0; d < rank; d++) {
    if (array_contains(window_dims, d))
      continue;
    unsigned na;
    sharc_attr **axes = sharc_g2l_dim_axes(s, updates, d, &na);
    for (unsigned i = 0; i < na; i++) {
      bool in_input = false;
      for (unsigned k = 0; !sharc_g2l_fully_replicated(input) && !in_input &&
                           k < sharc_sdy_tensor_sharding_rank(input);
           k++) {
        unsigned nk;
        sharc_attr **ka = sharc_g2l_dim_axes(s, input, k, &nk);
        in_input = sharc_sdy_axes_index_of(ka, nk, axes[i]) >= 0;
      }
      if (!in_input)
        sharc_vec_push(out, axes[i]);
    }
  }
}

/* The identity of a max (the lowest value: APFloat::getLargest negated,
 * APInt::getSignedMinValue) or of a min (the largest value) reduction over
 * `elem`; NULL for the other element types, as Shardy gives none. */
static sharc_attr *extreme_value(sharc_context *ctx, sharc_type *scalar, sharc_type *elem,
                                 bool lowest) {
  uint64_t raw[2] = {0, 0};
  if (sharc_type_is_float(elem)) {
    sharc_float_kind k = sharc_type_float_kind(elem);
    if (!sharc_float_largest(k, lowest, &raw[0], &raw[1]))
      return NULL;
    return sharc_attr_dense_elements(ctx, scalar, raw, sharc_float_bits(k) > 64 ? 2 : 1, true);
  }
  if (sharc_type_get_kind(elem) != SHARC_TYPE_INTEGER)
    return NULL;
  unsigned width = sharc_type_int_width(elem);
  if (width < 1 || width > 64)
    return NULL;
  uint64_t sign = (uint64_t)1 << (width - 1);
  raw[0] = lowest ? sign : sign - 1;
  return sharc_attr_dense_elements(ctx, scalar, raw, 1, true);
}

/* getScatterReductionIdentity: a scalar constant, or NULL. */
static sharc_value *reduction_identity(sharc_g2l_state *s, sharc_op *op, unsigned num_inputs,
                                       sharc_type *elem, sharc_attr *loc) {
  sharc_op *reduction = sharc_sdy_scatter_reduction_op(op, num_inputs);
  if (!reduction)
    return NULL;
  sharc_type *scalar = scalar_of(s, elem);
  sharc_context *ctx = s->h.ctx;
  sharc_attr *value = NULL;
  bool is_float = sharc_type_is_float(elem);
  unsigned width = is_float ? sharc_type_bit_width(elem) : sharc_type_int_width(elem);
  if (sharc_op_isa(reduction, SHARC_SHLO(add)) || sharc_op_isa(reduction, SHARC_SHLO(or))) {
    value = sharc_sdy_zero_elements(ctx, scalar);
  } else if (sharc_op_isa(reduction, SHARC_SHLO(and)) ||
             sharc_op_isa(reduction, SHARC_SHLO(multiply))) {
    if (is_float) {
      sharc_attr *one = sharc_attr_float(ctx, elem, 1.0);
      uint64_t raw[2] = {sharc_attr_float_lo(one), sharc_attr_float_hi(one)};
      value = sharc_attr_dense_elements(ctx, scalar, raw, width > 64 ? 2 : 1, true);
    } else {
      uint64_t raw = 1;
      value = sharc_attr_dense_elements(ctx, scalar, &raw, 1, true);
    }
  } else if (sharc_op_isa(reduction, SHARC_SHLO(maximum)) ||
             sharc_op_isa(reduction, SHARC_SHLO(minimum))) {
    value = extreme_value(ctx, scalar, elem, sharc_op_isa(reduction, SHARC_SHLO(maximum)));
  }
  if (!value)
    return NULL;
  sharc_named_attr a = named(ctx, "value", value);
  return sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, scalar, &a, 1);
}

bool sharc_g2l_scatter(sharc_g2l_state *s, sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  unsigned num_inputs = (n - 1) / 2;
  if (!num_inputs || n != 2 * num_inputs + 1)
    return sharc_g2l_localize(s, op);
  sharc_attr *input_sharding = sharc_g2l_operand_sharding(s, op, 0);
  sharc_attr *update_sharding = sharc_g2l_operand_sharding(s, op, num_inputs + 1);
  if (sharc_g2l_fully_replicated(input_sharding) && sharc_g2l_fully_replicated(update_sharding))
    return sharc_g2l_localize(s, op);
  sharc_attr *mesh = sharc_g2l_mesh(s, input_sharding ? input_sharding : update_sharding);
  if (!mesh) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "failed to resolve mesh.");
    return false;
  }
  sharc_attr *dn = sharc_op_attr(op, "scatter_dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_scatter_def;
  sharc_sdy_axis_vec reduction = {0};
  scatter_reduction_axes(s, op, update_sharding, input_sharding, num_inputs + 1,
                         sharc_shlo_struct_field(dn, def, 0), &reduction);
  if (!reduction.len && sharc_g2l_fully_replicated(input_sharding)) {
    sharc_vec_free(&reduction);
    return sharc_g2l_localize(s, op);
  }
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value **operands = sharc_arena_alloc(&s->arena, (n + 1) * sizeof *operands);
  for (unsigned i = 0; i < n; i++)
    operands[i] = sharc_op_operand(op, i);
  sharc_type *local_input_type = sharc_value_type(operands[0]);
  if (reduction.len) {
    sharc_value *identity = reduction_identity(s, op, num_inputs,
                                               sharc_type_element(local_input_type), loc);
    if (!identity) {
      sharc_vec_free(&reduction);
      sharc_emit_op(op, SHARC_SEV_ERROR, "failed to get scatter reduction identity.");
      return false;
    }
    int64_t devices = sharc_sdy_mesh_total_size(mesh);
    uint64_t *leader = sharc_arena_alloc(&s->arena, ((size_t)devices + 1) * sizeof *leader);
    bool splat = true;
    for (int64_t d = 0; d < devices; d++) {
      leader[d] = sharc_sdy_shard_index(d, mesh, reduction.items, reduction.len) == 0;
      splat &= leader[d] == leader[0];
    }
    sharc_value *device =
        sharc_sdy_create_device_id(&s->h.rw, s->h.replica_count, s->h.partition_count, loc);
    sharc_type *table_type = sharc_halo_tensor(s->h.ctx, &devices, 1, i1(s));
    sharc_named_attr a = named(s->h.ctx, "value",
                               sharc_attr_dense_elements(s->h.ctx, table_type, leader,
                                                         splat ? 1 : (size_t)devices, splat));
    sharc_value *table =
        sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, table_type, &a, 1);
    int64_t one = 1, zero_dim = 0;
    sharc_value *is_leader = sharc_halo_dynamic_slice(
        &s->h, loc, sharc_halo_tensor(s->h.ctx, &one, 1, i1(s)), table, &device, 1, &one);
    is_leader = broadcast(s, loc, is_leader, with_elem(s, local_input_type, i1(s)), &zero_dim, 1);
    sharc_value *identity_b = broadcast(s, loc, identity, local_input_type, NULL, 0);
    for (unsigned i = 0; i < num_inputs; i++) {
      sharc_value *ops[3] = {is_leader, operands[i], identity_b};
      operands[i] = sharc_halo_op(&s->h, "stablehlo.select", loc, ops, 3,
                                  sharc_value_type(operands[i]), NULL, 0);
    }
  }
  sharc_type *global_type = sharc_g2l_operand_type(s, op, 0);
  unsigned rank = sharc_type_rank(global_type);
  index_dims dims = {sharc_shlo_struct_field(dn, def, 4), sharc_shlo_struct_int(dn, def, 5)};
  sharc_attr *inserted = sharc_shlo_struct_field(dn, def, 1);
  int64_t *indexed = sharc_arena_alloc(&s->arena, (rank + 1) * sizeof *indexed);
  unsigned ni = 0;
  for (unsigned d = 0; !sharc_g2l_fully_replicated(input_sharding) && d < rank; d++) {
    unsigned na;
    sharc_attr **axes = sharc_g2l_dim_axes(s, input_sharding, d, &na);
    if (!na)
      continue;
    if (sharc_sdy_axes_total_size(axes, na, mesh) <= 1) {
      sharc_vec_free(&reduction);
      return fail(op, "We should have removed trivial sharding in a previous pass.");
    }
    if (array_contains(dims.start_index_map, d)) {
      indexed[ni++] = d;
    } else if (array_contains(inserted, d)) {
      sharc_vec_free(&reduction);
      sharc_emit_op_error(op, "sharding operand dimension %u that is not indexed but in inserted "
                              "window dimension is not supported.",
                          d);
      return false;
    }
  }
  bool any_reduction = reduction.len > 0;
  sharc_vec_free(&reduction);
  if (!ni && !any_reduction)
    return sharc_g2l_localize(s, op);
  if (!sharc_g2l_fully_replicated(input_sharding)) {
    sharc_value *unused;
    operands[num_inputs] =
        local_indices(s, loc, operands[num_inputs], mesh, input_sharding,
                      sharc_type_shape(global_type), sharc_type_shape(local_input_type), &dims,
                      indexed, ni, false, false, &unused);
  }
  unsigned nr = sharc_op_num_results(op);
  sharc_type **types = sharc_arena_alloc(&s->arena, (nr + 1) * sizeof *types);
  for (unsigned i = 0; i < nr; i++)
    if (!(types[i] = sharc_g2l_local_result_type(s, op, i)))
      return false;
  sharc_attr *sorted = sharc_op_attr(op, "indices_are_sorted");
  sharc_attr *unique = sharc_op_attr(op, "unique_indices");
  sharc_named_attr overrides[2] = {
      named(s->h.ctx, "indices_are_sorted", sorted ? sorted : sharc_attr_bool(s->h.ctx, false)),
      named(s->h.ctx, "unique_indices", unique ? unique : sharc_attr_bool(s->h.ctx, false)),
  };
  sharc_op *copy = rebuild(s, op, operands, n, types, nr, overrides, 2);
  sharc_value **results = sharc_arena_alloc(&s->arena, (nr + 1) * sizeof *results);
  for (unsigned i = 0; i < nr; i++)
    results[i] = sharc_op_result(copy, i);
  sharc_rw_replace_op(&s->h.rw, op, results, nr);
  return true;
}

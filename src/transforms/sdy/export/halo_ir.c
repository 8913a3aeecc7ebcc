/* The op builders and sharding helpers of -sdy-resolve-permutation-factors;
 * see halo_exchange.h. */
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/halo_exchange.h"
#include "rewrite/create_op.h"

#include <stdlib.h>
#include <string.h>

sharc_type *sharc_halo_i64(sharc_context *ctx) {
  return sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
}

sharc_type *sharc_halo_tensor(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem) {
  return sharc_type_tensor(ctx, shape, rank, elem, NULL);
}

sharc_value *sharc_halo_op(sharc_halo_state *s, const char *name, sharc_attr *loc,
                           sharc_value *const *operands, unsigned n, sharc_type *type,
                           const sharc_named_attr *attrs, unsigned n_attrs) {
  sharc_attr *dict = n_attrs ? sharc_attr_dictionary(s->ctx, attrs, n_attrs) : NULL;
  sharc_op *op = sharc_rw_create_named(&s->rw, name, loc, operands, n, &type, 1, dict, 0);
  return sharc_op_result(op, 0);
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

/* DenseElementsAttr::get: equal elements make a splat. */
static sharc_attr *dense(sharc_context *ctx, sharc_type *type, const uint64_t *words, size_t n,
                         unsigned words_per_elem) {
  bool splat = n > 0;
  for (size_t i = 1; splat && i < n; i++)
    splat = memcmp(words, words + i * words_per_elem, words_per_elem * sizeof *words) == 0;
  return sharc_attr_dense_elements(ctx, type, words, splat ? words_per_elem : n * words_per_elem,
                                   splat);
}

static sharc_value *constant(sharc_halo_state *s, sharc_attr *loc, sharc_attr *value) {
  sharc_named_attr a = named(s->ctx, "value", value);
  return sharc_halo_op(s, "stablehlo.constant", loc, NULL, 0, sharc_attr_type(value), &a, 1);
}

sharc_value *sharc_halo_const_i64(sharc_halo_state *s, sharc_attr *loc, int64_t v) {
  return sharc_halo_const_i64_1d(s, loc, &v, 0);
}

/* n == 0 makes a scalar. */
sharc_value *sharc_halo_const_i64_1d(sharc_halo_state *s, sharc_attr *loc, const int64_t *v,
                                     unsigned n) {
  int64_t shape = n;
  sharc_type *type = sharc_halo_tensor(s->ctx, &shape, n ? 1 : 0, sharc_halo_i64(s->ctx));
  size_t count = n ? n : 1;
  uint64_t *words = sharc_xmalloc_array(count, sizeof *words);
  for (size_t i = 0; i < count; i++)
    words[i] = (uint64_t)v[i];
  sharc_value *c = constant(s, loc, dense(s->ctx, type, words, count, 1));
  free(words);
  return c;
}

sharc_value *sharc_halo_zero(sharc_halo_state *s, sharc_attr *loc, sharc_type *elem) {
  return constant(s, loc,
                  sharc_sdy_zero_elements(s->ctx, sharc_halo_tensor(s->ctx, NULL, 0, elem)));
}

sharc_attr *sharc_halo_i64_array(sharc_context *ctx, const int64_t *v, unsigned n) {
  return sharc_attr_dense_i64_array(ctx, v, n);
}

sharc_value *sharc_halo_binary(sharc_halo_state *s, const char *name, sharc_attr *loc,
                               sharc_value *a, sharc_value *b) {
  sharc_value *ops[2] = {a, b};
  return sharc_halo_op(s, name, loc, ops, 2, sharc_value_type(a), NULL, 0);
}

sharc_value *sharc_halo_pad(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                            sharc_value *operand, sharc_value *padding, const int64_t *low,
                            const int64_t *high, const int64_t *interior) {
  unsigned rank = sharc_type_rank(type);
  sharc_named_attr attrs[3] = {
      named(s->ctx, "edge_padding_high", sharc_halo_i64_array(s->ctx, high, rank)),
      named(s->ctx, "edge_padding_low", sharc_halo_i64_array(s->ctx, low, rank)),
      named(s->ctx, "interior_padding", sharc_halo_i64_array(s->ctx, interior, rank)),
  };
  sharc_value *ops[2] = {operand, padding};
  return sharc_halo_op(s, "stablehlo.pad", loc, ops, 2, type, attrs, 3);
}

sharc_value *sharc_halo_slice(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                              sharc_value *operand, const int64_t *starts, const int64_t *limits,
                              const int64_t *strides) {
  unsigned rank = sharc_type_rank(type);
  sharc_named_attr attrs[3] = {
      named(s->ctx, "limit_indices", sharc_halo_i64_array(s->ctx, limits, rank)),
      named(s->ctx, "start_indices", sharc_halo_i64_array(s->ctx, starts, rank)),
      named(s->ctx, "strides", sharc_halo_i64_array(s->ctx, strides, rank)),
  };
  return sharc_halo_op(s, "stablehlo.slice", loc, &operand, 1, type, attrs, 3);
}

sharc_value *sharc_halo_dynamic_slice(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                                      sharc_value *operand, sharc_value *const *offsets, unsigned n,
                                      const int64_t *sizes) {
  sharc_value **ops = sharc_xmalloc_array(n + 1, sizeof *ops);
  ops[0] = operand;
  if (n)
    memcpy(ops + 1, offsets, n * sizeof *ops);
  sharc_named_attr a =
      named(s->ctx, "slice_sizes", sharc_halo_i64_array(s->ctx, sizes, sharc_type_rank(type)));
  sharc_value *v = sharc_halo_op(s, "stablehlo.dynamic_slice", loc, ops, n + 1, type, &a, 1);
  free(ops);
  return v;
}

sharc_value *sharc_halo_reshape(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                                sharc_value *operand) {
  return sharc_halo_op(s, "stablehlo.reshape", loc, &operand, 1, type, NULL, 0);
}

sharc_value *sharc_halo_reshard(sharc_halo_state *s, sharc_attr *loc, sharc_value *operand,
                                sharc_attr *sharding) {
  /* a missing sharding leaves the attribute out, for the verifier to report */
  return sharc_op_result(sharc_sdy_create_reshard(&s->rw, operand, sharding, loc), 0);
}

sharc_value *sharc_halo_collective_permute(sharc_halo_state *s, sharc_attr *loc,
                                           sharc_value *operand, const int64_t *pairs,
                                           unsigned n_pairs) {
  sharc_context *ctx = s->ctx;
  int64_t shape[2] = {n_pairs, 2};
  sharc_type *type = sharc_halo_tensor(ctx, shape, 2, sharc_halo_i64(ctx));
  uint64_t *words = sharc_xmalloc_array(2 * (size_t)n_pairs + 1, sizeof *words);
  for (unsigned i = 0; i < 2 * n_pairs; i++)
    words[i] = (uint64_t)pairs[i];
  sharc_type *i64 = sharc_halo_i64(ctx);
  sharc_attr *fields[2] = {sharc_attr_integer(ctx, i64, s->next_channel_id++),
                           sharc_attr_integer(ctx, i64, 1)};
  sharc_named_attr attrs[2] = {
      named(ctx, "channel_handle",
            sharc_shlo_struct_get(ctx, &sharc_shlo_channel_handle_def, fields)),
      named(ctx, "source_target_pairs", dense(ctx, type, words, 2 * (size_t)n_pairs, 1)),
  };
  free(words);
  return sharc_halo_op(s, "stablehlo.collective_permute", loc, &operand, 1,
                       sharc_value_type(operand), attrs, 2);
}

void sharc_halo_set_sharding(sharc_halo_state *s, sharc_value *v, sharc_attr *sharding) {
  sharc_op *owner = sharc_value_defining_op(v);
  sharc_sdy_set_sharding(v, sharding);
  if (owner)
    sharc_rw_modified(&s->rw, owner);
}

/* ---- shardings ------------------------------------------------------------------ */

bool sharc_halo_names_has(const sharc_halo_names *names, sharc_str name) {
  for (unsigned i = 0; i < names->len; i++)
    if (sharc_str_eq(sharc_ident_str(names->items[i]), name))
      return true;
  return false;
}

void sharc_halo_names_add(sharc_halo_state *s, sharc_halo_names *names, sharc_str name) {
  if (!sharc_halo_names_has(names, name))
    sharc_vec_push(names, sharc_ident_get(s->ctx, name));
}

/* The sharding with dimension d's axes replaced by `dims[d]` (a dimension
 * sharding each), keeping replicated and unreduced axes; the reduction op
 * is the default, as TensorShardingAttr::get without one gives. */
static sharc_attr *with_dims(sharc_halo_state *s, const sharc_attr *sharding, sharc_attr **dims) {
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.dims = dims;
  parts.reduction = SHARC_SDY_REDUCTION_SUM;
  return sharc_sdy_tensor_sharding_get(s->ctx, &parts);
}

/* The axes of dimension sharding `dim` that stay, into `kept`. */
typedef void (*kept_axes_fn)(sharc_halo_state *s, const sharc_attr *dim, const void *user,
                             sharc_sdy_axis_vec *kept);

/* `sharding` with each dimension's axes cut down to those `keep` keeps
 * (closedness and priority as they were). */
static sharc_attr *with_kept_axes(sharc_halo_state *s, const sharc_attr *sharding,
                                  kept_axes_fn keep, const void *user) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  sharc_attr **dims = sharc_xmalloc_array(rank + 1, sizeof *dims);
  sharc_sdy_axis_vec kept = {0};
  for (unsigned d = 0; d < rank; d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    sharc_vec_clear(&kept);
    keep(s, dim, user, &kept);
    dims[d] = sharc_sdy_dim_sharding_get(s->ctx, kept.items, kept.len,
                                         sharc_sdy_dim_sharding_is_closed(dim),
                                         sharc_sdy_dim_sharding_priority(dim));
  }
  sharc_attr *result = with_dims(s, sharding, dims);
  sharc_vec_free(&kept);
  free(dims);
  return result;
}

static void axes_not_named(sharc_halo_state *s, const sharc_attr *dim, const void *user,
                           sharc_sdy_axis_vec *kept) {
  (void)s;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
    sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, i);
    if (!sharc_halo_names_has(user, sharc_sdy_axis_ref_name(axis)))
      sharc_vec_push(kept, axis);
  }
}

sharc_attr *sharc_halo_remove_axes(sharc_halo_state *s, const sharc_attr *sharding,
                                   const sharc_halo_names *names) {
  return with_kept_axes(s, sharding, axes_not_named, names);
}

/* The axes to remove and their mesh. */
typedef struct removed_axes {
  sharc_attr *const *axes;
  unsigned n;
  const sharc_attr *mesh;
} removed_axes;

static void axes_not_removed(sharc_halo_state *s, const sharc_attr *dim, const void *user,
                             sharc_sdy_axis_vec *kept) {
  const removed_axes *r = user;
  unsigned k = sharc_sdy_dim_sharding_num_axes(dim);
  sharc_attr **have = sharc_xmalloc_array(k + 1, sizeof *have);
  for (unsigned i = 0; i < k; i++)
    have[i] = sharc_sdy_dim_sharding_axis(dim, i);
  sharc_sdy_axes_set_diff(s->ctx, have, k, r->axes, r->n, r->mesh, kept);
  free(have);
}

sharc_attr *sharc_halo_remove_axis_refs(sharc_halo_state *s, const sharc_attr *sharding,
                                        sharc_attr *const *axes, unsigned n,
                                        const sharc_attr *mesh) {
  if (!n)
    return (sharc_attr *)sharding;
  removed_axes r = {axes, n, mesh};
  return with_kept_axes(s, sharding, axes_not_removed, &r);
}

int64_t sharc_halo_dim_sharded_size(const sharc_attr *sharding, unsigned dim,
                                    const sharc_attr *mesh) {
  return sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(sharding, dim), mesh);
}

int64_t sharc_halo_manual_shard_count(const sharc_attr *dim_sharding, const sharc_attr *mesh,
                                      const sharc_halo_names *manual) {
  int64_t count = 1;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim_sharding); i++) {
    sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim_sharding, i);
    if (sharc_halo_names_has(manual, sharc_sdy_axis_ref_name(axis)))
      count *= sharc_sdy_axis_ref_size(axis, mesh);
  }
  return count;
}

int64_t *sharc_halo_manual_local_shape(const sharc_attr *sharding, const sharc_attr *mesh,
                                       const sharc_halo_names *manual, const int64_t *global) {
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  int64_t *shape = sharc_xcalloc(rank + 1, sizeof *shape);
  for (unsigned d = 0; d < rank; d++) {
    int64_t count =
        sharc_halo_manual_shard_count(sharc_sdy_tensor_sharding_dim(sharding, d), mesh, manual);
    shape[d] = count ? global[d] / count : 0;
  }
  return shape;
}

sharc_op *sharc_halo_recreate(sharc_halo_state *s, sharc_op *op, sharc_value *const *operands,
                              unsigned n, sharc_type *const *types, unsigned nt, sharc_attr *attrs) {
  sharc_op_state st = {
      .name = sharc_op_name(op),
      .loc = sharc_op_loc(op),
      .operands = operands,
      .num_operands = n,
      .result_types = types,
      .num_results = nt,
      .attrs = attrs ? attrs : sharc_op_attrs(op),
      .num_regions = sharc_op_num_regions(op),
  };
  sharc_op *copy = sharc_rw_create(&s->rw, &st);
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    sharc_rw_inline_region_before(&s->rw, sharc_op_region(op, r), sharc_op_region(copy, r), NULL);
  return copy;
}

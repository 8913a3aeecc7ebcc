/* -sdy-pad-for-divisibility: every value whose dimension a sharding does
 * not divide is padded up to a multiple of its shard count, collectives
 * and slices, pads, dot_generals and convolutions adjusted, and gathered
 * results sliced back (Shardy's pad_for_divisibility.cc).
 *
 * Shardy runs a partial dialect conversion of each function: an op is
 * converted when one of its values is not divisible (the legality is
 * decided on the IR before any change), in pre-order, new ops going before
 * the op they replace. Here legality and the original operand types are
 * recorded first, then each op is converted in that order. Padding values
 * of known kind (zero or one) are remembered per value so that masking
 * selects are only built where needed (Shardy's PaddingCache). Where Shardy
 * aborts on a failed check, a located error is given. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/export/halo_exchange.h"
#include "transforms/sdy/export/pad_inference.h"
#include "rewrite/conversion.h"

#include <stdlib.h>
#include <string.h>

enum padding_kind { KIND_NONE = 0, KIND_ZERO = 1, KIND_ONE = 2 };

typedef struct op_info {
  bool illegal;
  unsigned num_operands;
  sharc_type **types; /* the original operand types */
} op_info;

typedef struct pad_state {
  sharc_halo_state h;
  sharc_ptrmap infos; /* op -> op_info */
  sharc_ptrmap kinds; /* value -> padding kind */
  sharc_arena arena;
  sharc_op *func;
  sharc_ptrvec retyped; /* (value, original type, location) triples, in conversion order */
} pad_state;

/* ---- types and shardings ------------------------------------------------------------ */

static sharc_type *padded_type(pad_state *s, sharc_type *type, const sharc_attr *sharding) {
  return sharc_sdy_divisible_padded_type(type, sharding, s->func, NULL, 0);
}

static bool legal_value(pad_state *s, sharc_value *v) {
  return padded_type(s, sharc_value_type(v), sharc_sdy_get_sharding(v)) == sharc_value_type(v);
}

static bool legal_type(pad_state *s, sharc_type *t, const sharc_attr *sharding) {
  return padded_type(s, t, sharding) == t;
}

static bool all_values_legal(pad_state *s, sharc_op *op, bool operands, bool results) {
  for (unsigned i = 0; operands && i < sharc_op_num_operands(op); i++)
    if (!legal_value(s, sharc_op_operand(op, i)))
      return false;
  for (unsigned i = 0; results && i < sharc_op_num_results(op); i++)
    if (!legal_value(s, sharc_op_result(op, i)))
      return false;
  return true;
}

static bool is_stablehlo(sharc_op *op) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  return name.len > 10 && memcmp(name.data, "stablehlo.", 10) == 0;
}

static bool is_unreduced_or_all_reduce(sharc_op *op) {
  return sharc_op_isa(op, &sharc_sdy_all_reduce_def) ||
         sharc_op_isa(op, &sharc_sdy_sharded_to_unreduced_def) ||
         sharc_op_isa(op, &sharc_sdy_replicated_to_unreduced_def);
}

/* The conversion target's legality, on the IR before any change. */
static bool is_illegal(pad_state *s, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_func_func_def)) {
    sharc_block *body = sharc_func_body(op);
    for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
      if (!legal_value(s, sharc_block_arg(body, i)))
        return true;
    sharc_type *ft = sharc_func_type(op);
    for (unsigned i = 0; i < sharc_type_func_num_results(ft); i++)
      if (!legal_type(s, sharc_type_func_result(ft, i), sharc_sdy_func_result_sharding(op, i)))
        return true;
    return false;
  }
  if (is_stablehlo(op))
    return !all_values_legal(s, op, true, true);
  if (sharc_op_isa(op, &sharc_sdy_all_slice_def) || sharc_op_isa(op, &sharc_sdy_reduce_scatter_def))
    return !legal_type(s, sharc_value_type(sharc_op_operand(op, 0)),
                       sharc_op_attr(op, "out_sharding"));
  if (sharc_op_isa(op, &sharc_sdy_all_gather_def))
    return !all_values_legal(s, op, true, false);
  if (sharc_op_isa(op, &sharc_sdy_all_to_all_def) || is_unreduced_or_all_reduce(op))
    return !all_values_legal(s, op, true, true);
  return false;
}

static sharc_type *orig_type(pad_state *s, sharc_op *op, unsigned i) {
  op_info *info = sharc_ptrmap_get(&s->infos, op);
  return info && i < info->num_operands ? info->types[i] : sharc_value_type(sharc_op_operand(op, i));
}

static enum padding_kind kind_of(pad_state *s, sharc_value *v) {
  return (enum padding_kind)(uintptr_t)sharc_ptrmap_get(&s->kinds, v);
}

static void set_kind(pad_state *s, sharc_value *v, enum padding_kind k) {
  if (k != KIND_NONE)
    sharc_ptrmap_put(&s->kinds, v, (void *)(uintptr_t)k);
}

/* Remembers that `v` now stands for a value of type `orig` (at `loc`), so
 * that users left unconverted get a cast back to it. */
static void note_retyped(pad_state *s, sharc_value *v, sharc_type *orig, sharc_attr *loc) {
  if (sharc_value_type(v) == orig)
    return;
  sharc_ptrvec_push(&s->retyped, v);
  sharc_ptrvec_push(&s->retyped, orig);
  sharc_ptrvec_push(&s->retyped, loc);
}

static int64_t *i64s(pad_state *s, size_t n) {
  return sharc_arena_alloc(&s->arena, (n + 1) * sizeof(int64_t));
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static void set_sharding(pad_state *s, sharc_value *v, sharc_attr *sharding) {
  if (sharding)
    sharc_halo_set_sharding(&s->h, v, sharding);
}

/* ---- building -------------------------------------------------------------------------- */

/* createConstant: a scalar zero or one of `elem`. */
static sharc_value *kind_constant(pad_state *s, sharc_attr *loc, sharc_type *elem,
                                  enum padding_kind kind) {
  sharc_context *ctx = s->h.ctx;
  sharc_type *scalar = sharc_halo_tensor(ctx, NULL, 0, elem);
  sharc_attr *value;
  if (kind == KIND_ONE && sharc_type_is_float(elem)) {
    sharc_attr *one = sharc_attr_float(ctx, elem, 1.0);
    uint64_t raw[2] = {sharc_attr_float_lo(one), sharc_attr_float_hi(one)};
    value = sharc_attr_dense_elements(ctx, scalar, raw, sharc_type_bit_width(elem) > 64 ? 2 : 1,
                                      true);
  } else if (kind == KIND_ONE) {
    uint64_t raw = 1;
    value = sharc_attr_dense_elements(ctx, scalar, &raw, 1, true);
  } else {
    value = sharc_sdy_zero_elements(ctx, scalar);
  }
  sharc_named_attr a = named(ctx, "value", value);
  return sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0, scalar, &a, 1);
}

/* createPaddedValue: `v` padded at the high end up to `type`. */
static sharc_value *padded_value(pad_state *s, sharc_attr *loc, sharc_type *type, sharc_value *v,
                                 enum padding_kind kind, enum padding_kind registered) {
  sharc_type *orig = sharc_value_type(v);
  unsigned rank = sharc_type_rank(orig);
  sharc_value *padding = kind_constant(s, loc, sharc_type_element(type), kind);
  int64_t *zeros = i64s(s, rank), *high = i64s(s, rank);
  for (unsigned d = 0; d < rank; d++)
    high[d] = sharc_type_shape(type)[d] - sharc_type_shape(orig)[d];
  sharc_value *pad = sharc_halo_pad(&s->h, loc, type, v, padding, zeros, high, zeros);
  set_sharding(s, pad, sharc_sdy_get_sharding(v));
  set_kind(s, pad, registered);
  return pad;
}

/* ensurePaddingWithValue: the elements of `v` beyond `orig`'s sizes (on
 * `enforce` dimensions only, when given) replaced by `pad_value`. */
static sharc_value *ensure_padding_with_value(pad_state *s, sharc_attr *loc, sharc_value *v,
                                              sharc_type *orig, sharc_value *pad_value,
                                              const sharc_attr *enforce, bool has_enforce) {
  sharc_type *padded = sharc_value_type(v);
  if (padded == orig)
    return v;
  sharc_context *ctx = s->h.ctx;
  sharc_attr *sharding = sharc_sdy_get_sharding(v);
  sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  sharc_type *iota_type = sharc_halo_tensor(ctx, sharc_type_shape(padded), sharc_type_rank(padded),
                                            i32);
  sharc_value *valid = NULL;
  for (unsigned d = 0; d < sharc_type_rank(orig); d++) {
    int64_t size = sharc_type_shape(orig)[d];
    bool enforced = !has_enforce;
    for (unsigned i = 0; has_enforce && enforce && i < sharc_darray_n(enforce); i++)
      enforced |= (int64_t)sharc_darray_raw(enforce)[i] == (int64_t)d;
    if (size == sharc_type_shape(padded)[d] || !enforced)
      continue;
    sharc_named_attr a = named(ctx, "iota_dimension", sharc_attr_integer(ctx, sharc_halo_i64(ctx), d));
    sharc_value *iota = sharc_halo_op(&s->h, "stablehlo.iota", loc, NULL, 0, iota_type, &a, 1);
    set_sharding(s, iota, sharding);
    uint64_t raw = (uint64_t)size & 0xffffffffu;
    sharc_named_attr c = named(ctx, "value",
                               sharc_attr_dense_elements(ctx, sharc_halo_tensor(ctx, NULL, 0, i32),
                                                         &raw, 1, true));
    sharc_value *limit = sharc_halo_op(&s->h, "stablehlo.constant", loc, NULL, 0,
                                       sharc_halo_tensor(ctx, NULL, 0, i32), &c, 1);
    sharc_named_attr b = named(ctx, "broadcast_dimensions", sharc_halo_i64_array(ctx, NULL, 0));
    sharc_value *blimit =
        sharc_halo_op(&s->h, "stablehlo.broadcast_in_dim", loc, &limit, 1, iota_type, &b, 1);
    set_sharding(s, blimit, sharding);
    sharc_named_attr dir = named(ctx, "comparison_direction",
                                 sharc_shlo_enum_get(ctx, &sharc_shlo_comparison_direction, 5));
    sharc_value *ops[2] = {iota, blimit};
    sharc_type *i1 = sharc_halo_tensor(ctx, sharc_type_shape(padded), sharc_type_rank(padded),
                                       sharc_type_integer(ctx, 1, SHARC_SIGNLESS));
    sharc_value *mask = sharc_halo_op(&s->h, "stablehlo.compare", loc, ops, 2, i1, &dir, 1);
    set_sharding(s, mask, sharding);
    if (valid) {
      valid = sharc_halo_binary(&s->h, "stablehlo.and", loc, valid, mask);
      set_sharding(s, valid, sharding);
    } else {
      valid = mask;
    }
  }
  if (!valid)
    return v;
  sharc_named_attr b = named(ctx, "broadcast_dimensions", sharc_halo_i64_array(ctx, NULL, 0));
  sharc_value *bpad =
      sharc_halo_op(&s->h, "stablehlo.broadcast_in_dim", loc, &pad_value, 1, padded, &b, 1);
  set_sharding(s, bpad, sharding);
  sharc_value *ops[3] = {valid, v, bpad};
  sharc_value *select = sharc_halo_op(&s->h, "stablehlo.select", loc, ops, 3, padded, NULL, 0);
  set_sharding(s, select, sharding);
  return select;
}

/* ensurePaddingWithKind. */
static sharc_value *ensure_padding_with_kind(pad_state *s, sharc_attr *loc, sharc_value *v,
                                             sharc_type *orig, enum padding_kind kind,
                                             const sharc_attr *enforce, bool has_enforce) {
  if (sharc_value_type(v) == orig || kind_of(s, v) == kind)
    return v;
  sharc_value *scalar = kind_constant(s, loc, sharc_type_element(sharc_value_type(v)), kind);
  sharc_value *select = ensure_padding_with_value(s, loc, v, orig, scalar, enforce, has_enforce);
  if (select != v && !has_enforce)
    set_kind(s, select, kind);
  return select;
}

/* trimOutputForDims: `v` sliced back to `orig`'s sizes on `dims`. */
static sharc_value *trim(pad_state *s, sharc_attr *loc, sharc_value *v, sharc_type *orig,
                         const int64_t *dims, unsigned n, sharc_attr *sharding,
                         enum padding_kind kind) {
  sharc_type *now = sharc_value_type(v);
  if (sharc_type_get_kind(orig) != SHARC_TYPE_TENSOR || sharc_type_get_kind(now) != SHARC_TYPE_TENSOR)
    return v;
  unsigned rank = sharc_type_rank(orig);
  int64_t *limits = i64s(s, rank), *zeros = i64s(s, rank), *ones = i64s(s, rank);
  bool needed = false;
  for (unsigned d = 0; d < rank; d++) {
    int64_t o = sharc_type_shape(orig)[d], c = sharc_type_shape(now)[d];
    bool listed = false;
    for (unsigned i = 0; i < n; i++)
      listed |= dims[i] == (int64_t)d;
    limits[d] = listed && c > o ? o : c;
    needed |= listed && c > o;
    ones[d] = 1;
  }
  if (!needed)
    return v;
  sharc_type *type = sharc_halo_tensor(s->h.ctx, limits, rank, sharc_type_element(orig));
  sharc_value *slice = sharc_halo_slice(&s->h, loc, type, v, zeros, limits, ones);
  set_sharding(s, slice, sharding);
  set_kind(s, slice, kind);
  return slice;
}

/* A new op like `op` (attributes and regions moved over) with `operands`
 * and `types`. */
static sharc_op *recreate(pad_state *s, sharc_op *op, sharc_value *const *operands, unsigned n,
                          sharc_type *const *types, unsigned nt) {
  return sharc_halo_recreate(&s->h, op, operands, n, types, nt, NULL);
}

/* padGenericOp: the results take their padded types (at least what
 * inference gives from the new operands). */
static void pad_generic(pad_state *s, sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *r = sharc_op_result(op, i);
    sharc_type *padded = padded_type(s, sharc_value_type(r), sharc_sdy_get_sharding(r));
    sharc_pad_shape inferred;
    if (sharc_type_get_kind(padded) == SHARC_TYPE_TENSOR &&
        sharc_pad_inferred_shape(op, i, &inferred) && inferred.rank == sharc_type_rank(padded)) {
      for (unsigned d = 0; d < inferred.rank; d++)
        if (sharc_type_shape(padded)[d] > inferred.dims[d])
          inferred.dims[d] = sharc_type_shape(padded)[d];
      padded = sharc_halo_tensor(s->h.ctx, inferred.dims, inferred.rank, sharc_type_element(padded));
    }
    sharc_type *orig = sharc_value_type(r);
    sharc_value_set_type(r, padded);
    note_retyped(s, r, orig, sharc_op_loc(op));
  }
  sharc_rw_modified(&s->h.rw, op);
}

/* ---- collectives ------------------------------------------------------------------------------ */

/* padCollectiveOp: the input padded to `type`, and the collective recreated
 * on it; returns the new collective. */
static sharc_op *pad_collective(pad_state *s, sharc_op *op, sharc_type *type) {
  sharc_value *input = sharc_op_operand(op, 0);
  enum padding_kind kind = kind_of(s, input);
  bool padded_before = sharc_value_type(input) != orig_type(s, op, 0);
  sharc_value *v = input;
  if (type != sharc_value_type(input)) {
    enum padding_kind constant = padded_before && kind ? kind : KIND_ZERO;
    enum padding_kind registered = !padded_before ? KIND_ZERO : kind;
    v = padded_value(s, sharc_op_loc(op), type, input, constant, registered);
    kind = registered;
  }
  sharc_op *copy = recreate(s, op, &v, 1, &type, 1);
  set_kind(s, sharc_op_result(copy, 0), kind);
  return copy;
}

static sharc_type *padded_input_type(pad_state *s, sharc_op *op) {
  return padded_type(s, sharc_value_type(sharc_op_operand(op, 0)), sharc_op_attr(op, "out_sharding"));
}

static void replace(pad_state *s, sharc_op *op, sharc_value *v) {
  note_retyped(s, v, sharc_value_type(sharc_op_result(op, 0)), sharc_op_loc(op));
  sharc_rw_replace_op(&s->h.rw, op, &v, 1);
}

static bool all_slice_or_reduce_scatter(pad_state *s, sharc_op *op) {
  if (sharc_type_get_kind(sharc_value_type(sharc_op_operand(op, 0))) != SHARC_TYPE_TENSOR)
    return false;
  replace(s, op, sharc_op_result(pad_collective(s, op, padded_input_type(s, op)), 0));
  return true;
}

static bool all_to_all(pad_state *s, sharc_op *op) {
  if (sharc_type_get_kind(sharc_value_type(sharc_op_operand(op, 0))) != SHARC_TYPE_TENSOR)
    return false;
  enum padding_kind kind = kind_of(s, sharc_op_operand(op, 0));
  sharc_op *copy = pad_collective(s, op, padded_input_type(s, op));
  sharc_attr *params = sharc_op_attr(op, "params");
  unsigned n = params ? sharc_sdy_list_size(params) : 0;
  int64_t *dims = i64s(s, n);
  for (unsigned i = 0; i < n; i++)
    dims[i] = sharc_sdy_all_to_all_param_src_dim(sharc_sdy_list_at(params, i));
  replace(s, op, trim(s, sharc_op_loc(op), sharc_op_result(copy, 0), orig_type(s, op, 0), dims, n,
                      sharc_op_attr(op, "out_sharding"), kind));
  return true;
}

static bool all_gather(pad_state *s, sharc_op *op) {
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_value *r = sharc_op_result(op, 0);
  sharc_type *padded = padded_type(s, sharc_value_type(r), sharc_sdy_get_sharding(r));
  sharc_type *in = sharc_value_type(input);
  if (sharc_type_get_kind(in) == SHARC_TYPE_TENSOR && sharc_type_get_kind(padded) == SHARC_TYPE_TENSOR &&
      sharc_type_rank(in) == sharc_type_rank(padded)) {
    /* the inferred type is the input's */
    unsigned rank = sharc_type_rank(in);
    int64_t *shape = i64s(s, rank);
    for (unsigned d = 0; d < rank; d++) {
      int64_t a = sharc_type_shape(in)[d], b = sharc_type_shape(padded)[d];
      shape[d] = a > b ? a : b;
    }
    padded = sharc_halo_tensor(s->h.ctx, shape, rank, sharc_type_element(in));
  }
  sharc_op *copy = recreate(s, op, &input, 1, &padded, 1);
  enum padding_kind kind = kind_of(s, input);
  sharc_value *res = sharc_op_result(copy, 0);
  set_kind(s, res, kind);
  sharc_attr *gathering = sharc_op_attr(op, "gathering_axes");
  unsigned n = gathering ? sharc_sdy_list_size(gathering) : 0;
  int64_t *dims = i64s(s, n);
  unsigned nd = 0;
  for (unsigned d = 0; d < n; d++)
    if (sharc_sdy_list_size(sharc_sdy_list_at(gathering, d)))
      dims[nd++] = d;
  replace(s, op, trim(s, sharc_op_loc(op), res, sharc_value_type(r), dims, nd,
                      sharc_sdy_get_sharding(res), kind));
  return true;
}

/* ---- StableHLO ops with their own handling ---------------------------------------------------- */

static int64_t array_at(const sharc_attr *a, unsigned i, int64_t fallback) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY && i < sharc_darray_n(a)
             ? (int64_t)sharc_darray_raw(a)[i]
             : fallback;
}

static bool slice(pad_state *s, sharc_op *op) {
  sharc_value *r = sharc_op_result(op, 0);
  sharc_attr *sharding = sharc_sdy_get_sharding(r);
  sharc_type *result_type = sharc_value_type(r);
  sharc_type *padded = padded_type(s, result_type, sharding);
  if (padded == result_type) {
    pad_generic(s, op);
    return true;
  }
  unsigned rank = sharc_type_rank(padded);
  sharc_attr *starts_attr = sharc_op_attr(op, "start_indices");
  sharc_attr *limits_attr = sharc_op_attr(op, "limit_indices");
  sharc_attr *strides_attr = sharc_op_attr(op, "strides");
  sharc_attr *operand_sharding = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, s->func);
  int64_t *starts = i64s(s, rank), *limits = i64s(s, rank), *strides = i64s(s, rank);
  const int64_t *in = sharc_type_shape(orig_type(s, op, 0));
  for (unsigned d = 0; d < rank; d++) {
    starts[d] = array_at(starts_attr, d, 0);
    strides[d] = array_at(strides_attr, d, 1);
    limits[d] = starts[d] + sharc_type_shape(padded)[d];
    if (limits[d] == array_at(limits_attr, d, 0))
      continue;
    /* isCommunicationFreeSliceDim on the original types */
    int64_t shards = operand_sharding && mesh
                         ? sharc_sdy_dim_sharding_sharded_size(
                               sharc_sdy_tensor_sharding_dim(operand_sharding, d), mesh)
                         : 1;
    int64_t out = sharc_type_shape(result_type)[d];
    bool free = shards <= 1 || (starts[d] == 0 && strides[d] == 1 && in[d] != SHARC_DYNAMIC &&
                                (in[d] + shards - 1) / shards == (out + shards - 1) / shards);
    if (!free) {
      sharc_emit_op_error(op, "dimension %u cannot be padded for divisibility without device "
                              "communication",
                          d);
      return false;
    }
  }
  sharc_value *v = sharc_halo_slice(&s->h, sharc_op_loc(op), padded, sharc_op_operand(op, 0),
                                    starts, limits, strides);
  set_sharding(s, v, sharding);
  replace(s, op, v);
  return true;
}

static bool pad(pad_state *s, sharc_op *op) {
  sharc_value *input = sharc_op_operand(op, 0);
  sharc_type *in = sharc_value_type(input);
  if (sharc_type_get_kind(in) != SHARC_TYPE_TENSOR)
    return false;
  sharc_value *r = sharc_op_result(op, 0);
  sharc_attr *sharding = sharc_sdy_get_sharding(r);
  sharc_type *padded = padded_type(s, sharc_value_type(r), sharding);
  unsigned rank = sharc_type_rank(in);
  sharc_attr *low = sharc_op_attr(op, "edge_padding_low");
  sharc_attr *high = sharc_op_attr(op, "edge_padding_high");
  sharc_attr *interior = sharc_op_attr(op, "interior_padding");
  int64_t *lows = i64s(s, rank), *highs = i64s(s, rank), *interiors = i64s(s, rank);
  bool reduced = false;
  for (unsigned d = 0; d < rank; d++) {
    int64_t size = sharc_type_shape(in)[d];
    lows[d] = array_at(low, d, 0);
    interiors[d] = array_at(interior, d, 0);
    highs[d] = sharc_type_shape(padded)[d] - size - lows[d] - (size > 1 ? size - 1 : 0) * interiors[d];
    reduced |= highs[d] < array_at(high, d, 0);
  }
  sharc_attr *loc = sharc_op_loc(op);
  if (reduced)
    input = ensure_padding_with_value(s, loc, input, orig_type(s, op, 0), sharc_op_operand(op, 1),
                                      NULL, false);
  sharc_value *v = sharc_halo_pad(&s->h, loc, padded, input, sharc_op_operand(op, 1), lows, highs,
                                  interiors);
  set_sharding(s, v, sharding);
  replace(s, op, v);
  return true;
}

static bool dot_general(pad_state *s, sharc_op *op) {
  sharc_type *lt = orig_type(s, op, 0), *rt = orig_type(s, op, 1);
  if (sharc_type_get_kind(lt) != SHARC_TYPE_TENSOR || sharc_type_get_kind(rt) != SHARC_TYPE_TENSOR)
    return false;
  sharc_attr *dn = sharc_op_attr(op, "dot_dimension_numbers");
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *lhs = ensure_padding_with_kind(s, loc, sharc_op_operand(op, 0), lt, KIND_ZERO,
                                              sharc_shlo_struct_field(dn, &sharc_shlo_dot_def, 2),
                                              true);
  sharc_value *rhs = ensure_padding_with_kind(s, loc, sharc_op_operand(op, 1), rt, KIND_ZERO,
                                              sharc_shlo_struct_field(dn, &sharc_shlo_dot_def, 3),
                                              true);
  sharc_rw_set_operand(&s->h.rw, op, 0, lhs);
  sharc_rw_set_operand(&s->h.rw, op, 1, rhs);
  pad_generic(s, op);
  return true;
}

/* The convolution's output size along each dimension from its (padded)
 * operands, as inferConvolutionOp gives it. */
static void convolution_shape(sharc_op *op, sharc_type *lhs, sharc_type *rhs, int64_t *shape,
                              unsigned rank) {
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_conv_def;
  sharc_attr *in_spatial = sharc_shlo_struct_field(dn, def, 2);
  sharc_attr *kernel_spatial = sharc_shlo_struct_field(dn, def, 5);
  sharc_attr *out_spatial = sharc_shlo_struct_field(dn, def, 8);
  unsigned n = in_spatial ? sharc_darray_n(in_spatial) : 0;
  int64_t batch = sharc_type_shape(lhs)[sharc_shlo_struct_int(dn, def, 0)];
  sharc_attr *bgc = sharc_op_attr(op, "batch_group_count");
  int64_t groups = bgc && sharc_attr_get_kind(bgc) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(bgc)
                                                                          : 1;
  shape[sharc_shlo_struct_int(dn, def, 6)] = groups > 0 ? batch / groups : batch;
  shape[sharc_shlo_struct_int(dn, def, 7)] =
      sharc_type_shape(rhs)[sharc_shlo_struct_int(dn, def, 4)];
  sharc_attr *strides = sharc_op_attr(op, "window_strides");
  sharc_attr *lhs_dil = sharc_op_attr(op, "lhs_dilation");
  sharc_attr *rhs_dil = sharc_op_attr(op, "rhs_dilation");
  sharc_attr *padding = sharc_op_attr(op, "padding");
  for (unsigned i = 0; i < n; i++) {
    int64_t in = sharc_type_shape(lhs)[sharc_darray_raw(in_spatial)[i]];
    int64_t window = sharc_type_shape(rhs)[array_at(kernel_spatial, i, 0)];
    int64_t lo = 0, hi = 0;
    if (padding && sharc_attr_get_kind(padding) == SHARC_ATTR_DENSE_ELEMENTS) {
      lo = (int64_t)(sharc_dense_splat(padding) ? sharc_dense_raw(padding)[0] : sharc_dense_raw(padding)[2 * i]);
      hi = (int64_t)(sharc_dense_splat(padding) ? sharc_dense_raw(padding)[0] : sharc_dense_raw(padding)[2 * i + 1]);
    }
    int64_t dilated_in = in == 0 ? 0 : (in - 1) * array_at(lhs_dil, i, 1) + 1;
    int64_t dilated_window = window == 0 ? 0 : (window - 1) * array_at(rhs_dil, i, 1) + 1;
    int64_t padded_in = dilated_in + lo + hi;
    int64_t stride = array_at(strides, i, 1);
    int64_t out = padded_in < dilated_window || stride <= 0
                      ? 0
                      : (padded_in - dilated_window) / stride + 1;
    unsigned od = (unsigned)array_at(out_spatial, i, 0);
    if (od < rank)
      shape[od] = out;
  }
}

static bool convolution(pad_state *s, sharc_op *op) {
  sharc_type *lt = orig_type(s, op, 0), *rt = orig_type(s, op, 1);
  if (sharc_type_get_kind(lt) != SHARC_TYPE_TENSOR || sharc_type_get_kind(rt) != SHARC_TYPE_TENSOR)
    return false;
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_conv_def;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_attr *in_spatial = sharc_shlo_struct_field(dn, def, 2);
  sharc_attr *kernel_spatial = sharc_shlo_struct_field(dn, def, 5);
  sharc_attr *out_spatial = sharc_shlo_struct_field(dn, def, 8);
  unsigned ns = in_spatial ? sharc_darray_n(in_spatial) : 0;
  int64_t *lhs_dims = i64s(s, ns + 1), *rhs_dims = i64s(s, ns + 1);
  lhs_dims[0] = sharc_shlo_struct_int(dn, def, 1);
  rhs_dims[0] = sharc_shlo_struct_int(dn, def, 3);
  for (unsigned i = 0; i < ns; i++) {
    lhs_dims[i + 1] = array_at(in_spatial, i, 0);
    rhs_dims[i + 1] = array_at(kernel_spatial, i, 0);
  }
  sharc_attr *lhs_enforce = sharc_attr_dense_i64_array(s->h.ctx, lhs_dims, ns + 1);
  sharc_attr *rhs_enforce = sharc_attr_dense_i64_array(s->h.ctx, rhs_dims, ns + 1);
  sharc_value *lhs =
      ensure_padding_with_kind(s, loc, sharc_op_operand(op, 0), lt, KIND_ZERO, lhs_enforce, true);
  sharc_value *rhs =
      ensure_padding_with_kind(s, loc, sharc_op_operand(op, 1), rt, KIND_ZERO, rhs_enforce, true);
  sharc_value *r = sharc_op_result(op, 0);
  unsigned rank = sharc_type_rank(sharc_value_type(r));
  int64_t *shape = i64s(s, rank);
  memcpy(shape, sharc_type_shape(sharc_value_type(r)), rank * sizeof *shape);
  convolution_shape(op, sharc_value_type(lhs), sharc_value_type(rhs), shape, rank);
  sharc_type *inferred = sharc_halo_tensor(s->h.ctx, shape, rank, sharc_type_element(lt));
  sharc_attr *out_sharding = sharc_sdy_get_sharding(r);
  sharc_type *padded = padded_type(s, sharc_value_type(r), out_sharding);
  unsigned no = out_spatial ? sharc_darray_n(out_spatial) : 0;
  int64_t *trim_dims = i64s(s, no);
  for (unsigned i = 0; i < no; i++) {
    trim_dims[i] = array_at(out_spatial, i, 0);
    if (trim_dims[i] < rank && shape[trim_dims[i]] < sharc_type_shape(padded)[trim_dims[i]])
      return false; /* Shardy's match failure: resolve-permutation-factors must act first */
  }
  sharc_value *ops[2] = {lhs, rhs};
  sharc_op *copy = recreate(s, op, ops, 2, &inferred, 1);
  set_sharding(s, sharc_op_result(copy, 0), out_sharding);
  replace(s, op, trim(s, loc, sharc_op_result(copy, 0), padded, trim_dims, no, out_sharding,
                      KIND_ZERO));
  return true;
}

/* ---- driver ---------------------------------------------------------------------------------- */

static bool func_io(pad_state *s, sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
    if (!legal_value(s, sharc_block_arg(body, i))) {
      sharc_emit_op_error(func, "argument #%u has a non-divisible sharding. Shardy expects "
                                "function IO to be divisible.",
                          i);
      return false;
    }
  sharc_type *ft = sharc_func_type(func);
  for (unsigned i = 0; i < sharc_type_func_num_results(ft); i++)
    if (!legal_type(s, sharc_type_func_result(ft, i), sharc_sdy_func_result_sharding(func, i))) {
      sharc_emit_op_error(func, "result #%u has a non-divisible sharding. Shardy expects "
                                "function IO to be divisible.",
                          i);
      return false;
    }
  return false;
}

static bool convert(pad_state *s, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_func_func_def))
    return func_io(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_gather_def))
    return all_gather(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_slice_def) || sharc_op_isa(op, &sharc_sdy_reduce_scatter_def))
    return all_slice_or_reduce_scatter(s, op);
  if (sharc_op_isa(op, &sharc_sdy_all_to_all_def))
    return all_to_all(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(slice)))
    return slice(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(pad)))
    return pad(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(dot_general)))
    return dot_general(s, op);
  if (sharc_op_isa(op, SHARC_SHLO(convolution)))
    return convolution(s, op);
  if (!is_stablehlo(op) && !is_unreduced_or_all_reduce(op) && !sharc_op_isa(op, &sharc_sdy_return_def))
    return false;
  pad_generic(s, op);
  return true;
}

typedef struct collect_state {
  pad_state *s;
  sharc_ptrvec ops;
} collect_state;

static sharc_walk_result collect(sharc_op *op, void *user) {
  collect_state *c = user;
  pad_state *s = c->s;
  op_info *info = sharc_arena_alloc(&s->arena, sizeof *info);
  info->illegal = is_illegal(s, op);
  info->num_operands = sharc_op_num_operands(op);
  info->types = sharc_arena_alloc(&s->arena, (info->num_operands + 1) * sizeof *info->types);
  for (unsigned i = 0; i < info->num_operands; i++)
    info->types[i] = sharc_value_type(sharc_op_operand(op, i));
  sharc_ptrmap_put(&s->infos, op, info);
  if (info->illegal)
    sharc_ptrvec_push(&c->ops, op);
  return SHARC_WALK_ADVANCE;
}

/* A use by an op of the input that was left as it was (legal to the
 * conversion target): it still expects the value's original type. */
static bool used_unconverted(const sharc_use *u, void *user) {
  pad_state *s = user;
  op_info *info = sharc_ptrmap_get(&s->infos, sharc_use_owner(u));
  return info && !info->illegal;
}

/* The dialect conversion's source materializations: where a retyped value
 * is still used by an unconverted op (func.return, func.call, sdy.return,
 * a manual computation, a legal StableHLO op ...), one
 * builtin.unrealized_conversion_cast back to the original type right after
 * its definition, at the original value's location, takes those uses. */
static void cast_for_unconverted_users(pad_state *s) {
  for (unsigned i = 0; i + 2 < s->retyped.len; i += 3) {
    sharc_value *v = s->retyped.items[i];
    sharc_type *orig = s->retyped.items[i + 1];
    bool needed = false;
    for (sharc_use *u = sharc_value_first_use(v); u && !needed; u = sharc_use_next(u))
      needed = used_unconverted(u, s);
    if (!needed)
      continue;
    sharc_rw_set_after_value(&s->h.rw, v);
    sharc_value *cast = sharc_halo_op(&s->h, "builtin.unrealized_conversion_cast",
                                      s->retyped.items[i + 2], &v, 1, orig, NULL, 0);
    sharc_rw_replace_uses_if(&s->h.rw, v, cast, used_unconverted, s);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  pad_state s = {0};
  sharc_pass_rewriter(run, &s.h.rw, NULL);
  s.h.ctx = sharc_op_context(func);
  s.func = func;
  collect_state c = {&s, {0}};
  sharc_walk(func, SHARC_PRE_ORDER, collect, &c);
  bool ok = true;
  for (unsigned i = 0; i < c.ops.len && ok; i++) {
    sharc_op *op = c.ops.items[i];
    sharc_rw_set_before(&s.h.rw, op);
    if (!convert(&s, op)) {
      sharc_rw_emit_not_legalized(op);
      ok = false;
    }
  }
  if (ok)
    cast_for_unconverted_users(&s);
  sharc_ptrvec_free(&c.ops);
  sharc_ptrvec_free(&s.retyped);
  sharc_ptrmap_free(&s.infos);
  sharc_ptrmap_free(&s.kinds);
  sharc_ptrmap_free(&s.h.mesh_cache);
  sharc_arena_free(&s.arena);
  return ok;
}

const sharc_pass_def sharc_pass_sdy_pad_for_divisibility = {
    .flag = "sdy-pad-for-divisibility",
    .display_name = "PadForDivisibilityPass",
    .summary = "Pads tensors with non-divisible shardings to divisible shapes.",
    .anchor = "func.func",
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

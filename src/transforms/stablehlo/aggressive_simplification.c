/* -stablehlo-aggressive-simplification: StableHLO's canonicalization
 * patterns. The declarative ones come first in the order tablegen emits
 * them (by name) with their benefit (the ops they match, plus any added),
 * then the hand-written ones (benefit 1), then the any-op ones, as
 * populateStablehloCanonicalizationPatterns adds them. Ops a created op
 * replaces merge their discardable attributes into it
 * (mergeDiscardableAttributes). The patterns on dynamic shapes match the
 * shape dialect's shape_of and const_shape (dialect/shape). */
#include "transforms/stablehlo/shlo_fold.h"

#include "dialect/shape/shape.h"
#include "support/xalloc.h"

#include "ir/created_defs.h"
#include "ir/ir_internal.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "rewrite/replace_kept.h"

#include <stdlib.h>
#include <string.h>

typedef const sharc_stablehlo_tio_options opts_t;

static sharc_type *result_type(sharc_op *op) { return sharc_value_type(sharc_op_result(op, 0)); }
static sharc_value *operand(sharc_op *op, unsigned i) { return sharc_op_operand(op, i); }
static sharc_op *def_of(sharc_value *v) { return sharc_value_defining_op(v); }
static bool from(sharc_value *v, const sharc_op_def *def) { return sharc_shlo_defined_by(v, def); }

/* A splat int constant of a stablehlo.constant (m_Zero, m_One, all ones). */
static sharc_attr *shlo_constant_attr(sharc_value *v) {
  return from(v, SHARC_SHLO(constant)) ? sharc_shlo_const_attr(v) : NULL;
}

static bool int_splat(const sharc_attr *a, uint64_t *bits) {
  sharc_type *elem = a ? sharc_type_element(sharc_attr_type(a)) : NULL;
  if (!a || !sharc_dense_splat(a) || !sharc_shlo_is_int(elem))
    return false;
  *bits = sharc_dense_raw(a)[0] & sharc_shlo_int_mask(elem);
  return true;
}

static bool is_int_zero(const sharc_attr *a) {
  uint64_t b;
  return int_splat(a, &b) && b == 0;
}

static bool is_int_one(const sharc_attr *a) {
  uint64_t b;
  return int_splat(a, &b) && b == 1;
}

static bool is_int_all_ones(const sharc_attr *a) {
  uint64_t b;
  return int_splat(a, &b) && b == sharc_shlo_int_mask(sharc_type_element(sharc_attr_type(a)));
}

static bool float_splat(const sharc_attr *a, double *v) {
  sharc_type *elem = a ? sharc_type_element(sharc_attr_type(a)) : NULL;
  if (!a || !sharc_dense_splat(a) || !elem || !sharc_type_is_float(elem) || sharc_type_bit_width(elem) > 64)
    return false;
  *v = sharc_shlo_to_double(elem, sharc_dense_raw(a)[0]);
  return true;
}

/* m_Zero or m_AnyZeroFloat. */
static bool is_any_zero(const sharc_attr *a) {
  double v;
  return is_int_zero(a) || (float_splat(a, &v) && v == 0.0);
}

/* m_One or m_OneFloat. */
static bool is_any_one(const sharc_attr *a) {
  double v;
  return is_int_one(a) || (float_splat(a, &v) && v == 1.0);
}

/* DRR's location of a created op: the matched ops' locations fused. */
static sharc_attr *fused_loc(sharc_context *ctx, sharc_op *a, sharc_op *b) {
  sharc_attr *locs[2] = {sharc_op_loc(a), b ? sharc_op_loc(b) : NULL};
  return sharc_loc_fused(ctx, locs, b ? 2 : 1, NULL);
}

/* The op rewired to `v`, its discardable attributes merged into v's producer. */
static bool replace_merging(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  sharc_shlo_merge_discardable(rw, op, def_of(v));
  sharc_shlo_replace_with_value(rw, op, v);
  return true;
}

static bool replace_plain(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  sharc_shlo_replace_with_value(rw, op, v);
  return true;
}

/* A new op named like the pattern's result replacing `op`, at the fused
 * location of the matched ops, with op's discardable attributes merged. */
static sharc_op *create_replacing(sharc_rewriter *rw, sharc_op *op, sharc_op *matched,
                                  const char *name, sharc_value *const *operands, unsigned n,
                                  sharc_type *type, const sharc_named_attr *attrs, unsigned n_attrs,
                                  bool merge) {
  sharc_rw_set_before(rw, op);
  sharc_op *made = sharc_shlo_create(rw, name, fused_loc(rw->ctx, op, matched), operands, n, &type,
                                     1, attrs, n_attrs);
  sharc_rw_replace_op_with_op(rw, op, made);
  if (merge)
    sharc_shlo_merge_discardable(rw, op, made);
  return made;
}

static sharc_named_attr named(sharc_context *ctx, const char *name, sharc_attr *value) {
  return (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
}

static sharc_named_attr i64_array(sharc_context *ctx, const char *name, const int64_t *v,
                                  unsigned n) {
  return named(ctx, name, sharc_attr_dense_i64_array(ctx, v, n));
}

/* stablehlo.slice of `x` from `lo` to `hi` with unit strides (`rank`
 * entries each), typed `type`, at the rewriter's insertion point. */
static sharc_op *unit_slice(sharc_rewriter *rw, sharc_attr *loc, sharc_value *x, sharc_type *type,
                            const int64_t *lo, const int64_t *hi, unsigned rank) {
  int64_t *one = sharc_xmalloc_array(rank + 1, sizeof *one);
  for (unsigned d = 0; d < rank; d++)
    one[d] = 1;
  sharc_named_attr attrs[3] = {i64_array(rw->ctx, "start_indices", lo, rank),
                               i64_array(rw->ctx, "limit_indices", hi, rank),
                               i64_array(rw->ctx, "strides", one, rank)};
  free(one);
  return sharc_shlo_create(rw, "stablehlo.slice", loc, &x, 1, &type, 1, attrs, 3);
}

/* ---- binary ops --------------------------------------------------------------------------- */

/* op(cst, X) -> op(X, cst) for the commutative ops. */
static bool constant_to_rhs(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *lhs = operand(op, 0), *rhs = operand(op, 1);
  if (!from(lhs, SHARC_SHLO(constant)) || from(rhs, SHARC_SHLO(constant)))
    return false;
  sharc_value *ops[2] = {rhs, lhs};
  sharc_type *t = result_type(op);
  sharc_op_state st = {.name = sharc_op_name(op), .loc = fused_loc(rw->ctx, op, def_of(lhs)),
                       .operands = ops, .num_operands = 2, .result_types = &t, .num_results = 1};
  sharc_rw_set_before(rw, op);
  sharc_op *made = sharc_rw_create(rw, &st);
  sharc_rw_replace_op_with_op(rw, op, made);
  sharc_shlo_merge_discardable(rw, op, made);
  return true;
}

/* DRR patterns on a binary op whose right operand is a constant: when `is`
 * accepts it, the op becomes its operand `keep`, `replace` saying whether
 * the discardable attributes merge; `constant` reads the operand (any
 * constant, or a stablehlo.constant's value only). */
#define RHS_CONSTANT_PATTERN(name, is, constant, keep, replace)                                    \
  static bool name(sharc_op *op, sharc_rewriter *rw, void *s) {                                    \
    (void)s;                                                                                       \
    return is(constant(operand(op, 1))) && replace(rw, op, operand(op, keep));                     \
  }

RHS_CONSTANT_PATTERN(add_remove_noop, is_any_zero, sharc_shlo_const_attr, 0, replace_merging)
RHS_CONSTANT_PATTERN(and_fold_to_zero, is_int_zero, shlo_constant_attr, 1, replace_plain)
RHS_CONSTANT_PATTERN(and_remove_noop, is_int_all_ones, shlo_constant_attr, 0, replace_merging)
RHS_CONSTANT_PATTERN(mul_fold_to_zero, is_int_zero, shlo_constant_attr, 1, replace_merging)
RHS_CONSTANT_PATTERN(mul_remove_noop, is_any_one, shlo_constant_attr, 0, replace_merging)
RHS_CONSTANT_PATTERN(or_fold_to_one, is_int_all_ones, shlo_constant_attr, 1, replace_merging)
RHS_CONSTANT_PATTERN(or_remove_noop, is_int_zero, shlo_constant_attr, 0, replace_merging)

/* x op x -> a zero constant of x's type, when the type has a zero. */
static bool replace_with_zero_like(sharc_rewriter *rw, sharc_op *op, sharc_value *x) {
  sharc_attr *zero = sharc_shlo_zero_attr(rw->ctx, sharc_value_type(x));
  if (!zero)
    return false;
  sharc_rw_set_before(rw, op);
  return replace_plain(rw, op, sharc_shlo_constant(rw, sharc_op_loc(op), zero));
}

/* subtract(X, X) -> 0 for static int tensors only (float x - x is no 0). */
static bool subtract_fold_to_zero(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  sharc_type *t = sharc_value_type(x);
  if (operand(op, 1) != x || !sharc_shlo_static(t) ||
      sharc_type_get_kind(sharc_type_element(t)) != SHARC_TYPE_INTEGER)
    return false;
  return replace_with_zero_like(rw, op, x);
}

RHS_CONSTANT_PATTERN(subtract_remove_noop, is_any_zero, shlo_constant_attr, 0, replace_merging)

static bool xor_fold_to_zero(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  if (operand(op, 1) != x || !sharc_shlo_static(sharc_value_type(x)))
    return false;
  return replace_with_zero_like(rw, op, x);
}

RHS_CONSTANT_PATTERN(xor_remove_noop, is_int_zero, sharc_shlo_const_attr, 0, replace_plain)

/* ---- compare -------------------------------------------------------------------------------- */

enum { DIR_EQ, DIR_NE, DIR_GE, DIR_GT, DIR_LE, DIR_LT };

static bool pred_tensor(const sharc_type *t) {
  sharc_type *e = sharc_type_element(t);
  return e && sharc_type_get_kind(e) == SHARC_TYPE_INTEGER && sharc_type_int_width(e) == 1;
}

static int direction(sharc_op *op) {
  return sharc_shlo_enum_index(sharc_op_attr(op, "comparison_direction"),
                               &sharc_shlo_comparison_direction);
}

static bool compare_ne_false(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *c = operand(op, 1);
  if (direction(op) != DIR_NE || !is_int_zero(shlo_constant_attr(c)) ||
      !pred_tensor(sharc_value_type(c)))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool compare_eq_true(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *c = operand(op, 1);
  if (direction(op) != DIR_EQ || !is_int_one(shlo_constant_attr(c)) ||
      !pred_tensor(sharc_value_type(c)))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static int invert_direction(int d) {
  static const int inverted[] = {DIR_EQ, DIR_NE, DIR_LE, DIR_LT, DIR_GE, DIR_GT};
  return inverted[d];
}

/* Integer compares: compare(X, X) to a constant, constants to the right. */
static bool compare_canon(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *t = sharc_op_attr(op, "compare_type");
  int type = t ? sharc_shlo_enum_index(t, &sharc_shlo_comparison_type) : -1;
  if (type != 3 && type != 4) /* SIGNED, UNSIGNED */
    return false;
  int dir = direction(op);
  sharc_value *lhs = operand(op, 0), *rhs = operand(op, 1);
  if (dir < 0)
    return false;
  if (lhs == rhs) {
    uint64_t holds = dir == DIR_EQ || dir == DIR_GE || dir == DIR_LE;
    sharc_shlo_replace_with_constant(rw, op,
                                     sharc_shlo_make_splat(rw->ctx, result_type(op), &holds, 1));
    return true;
  }
  if (!sharc_shlo_const_attr(lhs) || sharc_shlo_const_attr(rhs))
    return false;
  sharc_op_set_attr(op, "comparison_direction",
                    sharc_shlo_enum_get(rw->ctx, &sharc_shlo_comparison_direction,
                                        (unsigned)invert_direction(dir)));
  sharc_value *swapped[2] = {rhs, lhs};
  sharc_op_set_operands(op, swapped, 2);
  sharc_rw_modified(rw, op);
  return true;
}

/* ---- broadcast_in_dim / reshape / transpose / convert ---------------------------------------- */

static bool sorted_dims(const sharc_attr *dims) {
  for (unsigned i = 1; i < sharc_attr_count(dims); i++)
    if (sharc_attr_dense_array_i64(dims, i - 1) > sharc_attr_dense_array_i64(dims, i))
      return false;
  return true;
}

static bool same_num_elements(const sharc_type *a, const sharc_type *b) {
  return sharc_type_num_elements(a) == sharc_type_num_elements(b);
}

static bool broadcast_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  if (!sharc_shlo_is_iota(sharc_op_attr(op, "broadcast_dimensions")) ||
      result_type(op) != sharc_value_type(x))
    return false;
  return replace_merging(rw, op, x);
}

/* BroadcastNotReducibleToReshape on the inner broadcast. */
static bool not_reducible_to_reshape(sharc_op *inner) {
  sharc_type *t = result_type(inner);
  if (!sharc_shlo_static(t))
    return true;
  return !(sorted_dims(sharc_op_attr(inner, "broadcast_dimensions")) &&
           same_num_elements(t, sharc_value_type(operand(inner, 0))));
}

/* The broadcast dimensions of `op` applied after `inner`'s: where each of
 * inner's operand dims lands in op's result (malloc'd, *n entries). */
static int64_t *merged_broadcast_dims(sharc_op *op, sharc_op *inner, unsigned *n) {
  sharc_attr *outer_dims = sharc_op_attr(op, "broadcast_dimensions");
  sharc_attr *inner_dims = sharc_op_attr(inner, "broadcast_dimensions");
  *n = sharc_attr_count(inner_dims);
  int64_t *merged = sharc_xmalloc_array(*n + 1, sizeof *merged);
  for (unsigned i = 0; i < *n; i++)
    merged[i] = sharc_attr_dense_array_i64(outer_dims, (unsigned)sharc_attr_dense_array_i64(inner_dims, i));
  return merged;
}

static bool broadcast_merge(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(broadcast_in_dim)) || !not_reducible_to_reshape(inner))
    return false;
  unsigned n;
  int64_t *merged = merged_broadcast_dims(op, inner, &n);
  sharc_named_attr d = named(rw->ctx, "broadcast_dimensions", sharc_attr_dense_i64_array(rw->ctx, merged, n));
  free(merged);
  sharc_value *x = operand(inner, 0);
  create_replacing(rw, op, inner, "stablehlo.broadcast_in_dim", &x, 1, result_type(op), &d, 1, true);
  return true;
}

static bool broadcast_to_reshape(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  if (!sharc_shlo_static(sharc_value_type(x)) || !sorted_dims(sharc_op_attr(op, "broadcast_dimensions")) ||
      !same_num_elements(result_type(op), sharc_value_type(x)))
    return false;
  create_replacing(rw, op, NULL, "stablehlo.reshape", &x, 1, result_type(op), NULL, 0, true);
  return true;
}

static bool broadcast_to_transpose(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  sharc_type *t = sharc_value_type(x);
  if (!sharc_shlo_static(t) || !same_num_elements(result_type(op), t) ||
      sharc_type_rank(result_type(op)) != sharc_type_rank(t))
    return false;
  sharc_attr *dims = sharc_op_attr(op, "broadcast_dimensions");
  unsigned n = sharc_attr_count(dims);
  int64_t *perm = sharc_xcalloc(n + 1, sizeof *perm);
  for (unsigned i = 0; i < n; i++) /* getInvertedBroadcastDimensions */
    perm[sharc_attr_dense_array_i64(dims, i)] = (int64_t)i;
  sharc_named_attr p = named(rw->ctx, "permutation", sharc_attr_dense_i64_array(rw->ctx, perm, n));
  free(perm);
  create_replacing(rw, op, NULL, "stablehlo.transpose", &x, 1, result_type(op), &p, 1, true);
  return true;
}

/* convert or reshape to the operand's own type: the operand. */
static bool same_type_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (result_type(op) != sharc_value_type(operand(op, 0)))
    return false;
  return replace_merging(rw, op, operand(op, 0));
}

static bool reshape_merge(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(reshape)))
    return false;
  sharc_value *x = operand(inner, 0);
  create_replacing(rw, op, inner, "stablehlo.reshape", &x, 1, result_type(op), NULL, 0, true);
  return true;
}

static bool transpose_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!sharc_shlo_is_iota(sharc_op_attr(op, "permutation")))
    return false;
  return replace_merging(rw, op, operand(op, 0));
}

static bool transpose_of_transpose(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(transpose)))
    return false;
  sharc_attr *outer_p = sharc_op_attr(op, "permutation"), *inner_p = sharc_op_attr(inner, "permutation");
  unsigned n = sharc_attr_count(outer_p);
  int64_t *merged = sharc_xmalloc_array(n + 1, sizeof *merged);
  for (unsigned i = 0; i < n; i++) /* getMergedTransposePermutation */
    merged[i] = sharc_attr_dense_array_i64(inner_p, (unsigned)sharc_attr_dense_array_i64(outer_p, i));
  sharc_named_attr p = named(rw->ctx, "permutation", sharc_attr_dense_i64_array(rw->ctx, merged, n));
  free(merged);
  sharc_value *x = operand(inner, 0);
  create_replacing(rw, op, inner, "stablehlo.transpose", &x, 1, result_type(op), &p, 1, true);
  return true;
}

/* transpose(X, [no memory layout change]) -> reshape(X) */
static bool transpose_is_reshape(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  sharc_type *t = sharc_value_type(x);
  if (!sharc_shlo_static(t) || !sharc_shlo_static(result_type(op)))
    return false;
  sharc_attr *perm = sharc_op_attr(op, "permutation");
  int64_t last = -1;
  for (unsigned i = 0; i < sharc_attr_count(perm); i++) {
    int64_t d = sharc_attr_dense_array_i64(perm, i);
    if (sharc_type_shape(t)[d] == 1)
      continue;
    if (d < last)
      return false;
    last = d;
  }
  sharc_shlo_replace_with_new(rw, op, "stablehlo.reshape", &x, 1, result_type(op), NULL, 0);
  return true;
}

/* ---- reverse / pad / slice / iota ------------------------------------------------------------ */

static bool reverse_all_dims_one(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  if (!sharc_shlo_static(t))
    return false;
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    if (sharc_type_shape(t)[sharc_attr_dense_array_i64(dims, i)] != 1)
      return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool reverse_empty_dim(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (sharc_attr_count(sharc_op_attr(op, "dimensions")))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool reverse_splat(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!from(operand(op, 0), SHARC_SHLO(constant)) || !sharc_shlo_splat_attr(operand(op, 0)))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool reverse_zero_elements(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(t) || sharc_type_num_elements(t) != 0)
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool all_zero_array(const sharc_attr *a) {
  for (unsigned i = 0; a && i < sharc_attr_count(a); i++)
    if (sharc_attr_dense_array_i64(a, i))
      return false;
  return true;
}

static bool pad_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!all_zero_array(sharc_op_attr(op, "edge_padding_low")) ||
      !all_zero_array(sharc_op_attr(op, "edge_padding_high")) ||
      !all_zero_array(sharc_op_attr(op, "interior_padding")) ||
      result_type(op) != sharc_value_type(operand(op, 0)))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

/* pad(empty, v) -> broadcast_in_dim(v) (static results only here). */
static bool pad_broadcast_empty(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(t) || sharc_type_num_elements(t) != 0 || !sharc_shlo_static(result_type(op)))
    return false;
  sharc_value *v = operand(op, 1);
  sharc_named_attr d = named(rw->ctx, "broadcast_dimensions", sharc_attr_dense_i64_array(rw->ctx, NULL, 0));
  sharc_shlo_replace_with_new(rw, op, "stablehlo.broadcast_in_dim", &v, 1, result_type(op), &d, 1);
  return true;
}

static bool slice_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(t) || t != result_type(op))
    return false;
  return replace_merging(rw, op, operand(op, 0));
}

/* slice(concat(X, Y, Z), ...) -> slice(concat(the inputs it reads)) */
static bool slice_concat(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!sharc_shlo_static(result_type(op)))
    return false;
  sharc_op *concat = def_of(operand(op, 0));
  if (!concat || !sharc_op_isa(concat, SHARC_SHLO(concatenate)))
    return false;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(concat, "dimension"));
  sharc_attr *start = sharc_op_attr(op, "start_indices"), *limit = sharc_op_attr(op, "limit_indices");
  int64_t lo = sharc_attr_dense_array_i64(start, (unsigned)dim);
  int64_t hi = sharc_attr_dense_array_i64(limit, (unsigned)dim);
  unsigned n = sharc_op_num_operands(concat), first = n, end = n;
  int64_t running = 0, front = sharc_type_shape(result_type(concat))[dim];
  for (unsigned i = 0; i < n; i++) {
    int64_t size = sharc_type_shape(sharc_value_type(operand(concat, i)))[dim];
    if (size < 0)
      return false;
    if (running + size > lo && first == n) {
      first = i;
      front = running;
    }
    if (running < hi)
      end = i + 1;
    running += size;
  }
  int64_t subset = (int64_t)end - (int64_t)first;
  if (subset == (int64_t)n || subset <= 0)
    return false;
  if (subset > 1 && !sharc_value_has_one_use(sharc_op_result(concat, 0)))
    return false;
  /* the new concatenate's type is inferred: the inputs' sizes summed */
  sharc_type *ct = sharc_value_type(operand(concat, first));
  unsigned rank = sharc_type_rank(ct);
  int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape),
          *new_lo = sharc_xmalloc_array(rank + 1, sizeof *new_lo),
          *new_hi = sharc_xmalloc_array(rank + 1, sizeof *new_hi);
  memcpy(shape, sharc_type_shape(ct), rank * sizeof *shape);
  shape[dim] = 0;
  for (unsigned i = first; i < end; i++)
    shape[dim] += sharc_type_shape(sharc_value_type(operand(concat, i)))[dim];
  for (unsigned d = 0; d < rank; d++) {
    new_lo[d] = sharc_attr_dense_array_i64(start, d) - (d == (unsigned)dim ? front : 0);
    new_hi[d] = sharc_attr_dense_array_i64(limit, d) - (d == (unsigned)dim ? front : 0);
  }
  sharc_type *new_type = sharc_type_tensor(rw->ctx, shape, rank, sharc_type_element(ct), NULL);
  sharc_rw_set_before(rw, op);
  sharc_named_attr cd = named(rw->ctx, "dimension", sharc_op_attr(concat, "dimension"));
  sharc_value **inputs = sharc_xmalloc_array(n + 1, sizeof *inputs);
  for (unsigned i = first; i < end; i++)
    inputs[i - first] = operand(concat, i);
  sharc_op *new_concat = sharc_shlo_create(rw, "stablehlo.concatenate", sharc_op_loc(concat), inputs,
                                           end - first, &new_type, 1, &cd, 1);
  free(inputs);
  sharc_named_attr attrs[3] = {
      named(rw->ctx, "start_indices", sharc_attr_dense_i64_array(rw->ctx, new_lo, rank)),
      named(rw->ctx, "limit_indices", sharc_attr_dense_i64_array(rw->ctx, new_hi, rank)),
      named(rw->ctx, "strides", sharc_op_attr(op, "strides")),
  };
  sharc_value *c = sharc_op_result(new_concat, 0);
  sharc_shlo_replace_with_new(rw, op, "stablehlo.slice", &c, 1, result_type(op), attrs, 3);
  free(shape);
  free(new_lo);
  free(new_hi);
  return true;
}

/* iota : type -> constant 0 where the iota dimension has size 1. */
static bool iota_scalar_to_zero(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = result_type(op);
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "iota_dimension"));
  if (!sharc_type_has_rank(t) || sharc_type_shape(t)[dim] != 1)
    return false;
  sharc_attr *zero = sharc_shlo_zero_attr(rw->ctx, t);
  if (!zero)
    return false;
  sharc_shlo_replace_with_constant(rw, op, zero);
  return true;
}

/* iota of rank >= 2 -> broadcast_in_dim(1-D iota) */
static bool iota_broadcast(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = result_type(op);
  if (!sharc_type_has_rank(t) || sharc_type_rank(t) < 2)
    return false;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "iota_dimension"));
  int64_t size = sharc_type_shape(t)[dim];
  sharc_type *t1 = sharc_type_tensor(rw->ctx, &size, 1, sharc_type_element(t), NULL);
  sharc_rw_set_before(rw, op);
  sharc_named_attr zero = named(rw->ctx, "iota_dimension",
                                sharc_attr_integer(rw->ctx, sharc_type_integer(rw->ctx, 64, SHARC_SIGNLESS), 0));
  sharc_op *iota = sharc_shlo_create(rw, "stablehlo.iota", sharc_op_loc(op), NULL, 0, &t1, 1, &zero, 1);
  sharc_value *v = sharc_op_result(iota, 0);
  sharc_named_attr d = named(rw->ctx, "broadcast_dimensions", sharc_attr_dense_i64_array(rw->ctx, &dim, 1));
  sharc_shlo_replace_with_new(rw, op, "stablehlo.broadcast_in_dim", &v, 1, t, &d, 1);
  return true;
}

/* ---- concatenate -------------------------------------------------------------------------- */

static bool concatenate_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (sharc_op_num_operands(op) != 1 || sharc_value_type(operand(op, 0)) != result_type(op))
    return false;
  return replace_plain(rw, op, operand(op, 0));
}

static bool concatenate_remove_empty(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "dimension"));
  unsigned n = sharc_op_num_operands(op), m = 0;
  sharc_value **kept = sharc_xmalloc_array(n + 1, sizeof *kept);
  for (unsigned i = 0; i < n; i++) {
    sharc_type *t = sharc_value_type(operand(op, i));
    if (!sharc_type_has_rank(t) || sharc_type_shape(t)[dim] != 0)
      kept[m++] = operand(op, i);
  }
  bool changed = m && m < n;
  if (changed) {
    sharc_op_set_operands(op, kept, m);
    sharc_rw_modified(rw, op);
  }
  free(kept);
  return changed;
}

static bool concatenate_flatten(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "dimension"));
  unsigned n = sharc_op_num_operands(op), total = 0;
  bool flatten = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_op *d = def_of(operand(op, i));
    bool inner = d && sharc_op_isa(d, SHARC_SHLO(concatenate)) &&
                 sharc_value_has_one_use(sharc_op_result(d, 0)) &&
                 sharc_attr_int_value(sharc_op_attr(d, "dimension")) == dim;
    flatten = flatten || inner;
    total += inner ? sharc_op_num_operands(d) : 1;
  }
  if (!flatten)
    return false;
  sharc_value **vals = sharc_xmalloc_array(total + 1, sizeof *vals);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_op *d = def_of(operand(op, i));
    bool inner = d && sharc_op_isa(d, SHARC_SHLO(concatenate)) &&
                 sharc_value_has_one_use(sharc_op_result(d, 0)) &&
                 sharc_attr_int_value(sharc_op_attr(d, "dimension")) == dim;
    if (!inner) {
      vals[k++] = operand(op, i);
      continue;
    }
    for (unsigned j = 0; j < sharc_op_num_operands(d); j++)
      vals[k++] = operand(d, j);
  }
  sharc_op_set_operands(op, vals, k);
  sharc_rw_modified(rw, op);
  free(vals);
  return true;
}

/* ---- select ------------------------------------------------------------------------------- */

static bool select_invert_predicate(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *not_op = def_of(operand(op, 0));
  if (!not_op || !sharc_op_isa(not_op, SHARC_SHLO(not)))
    return false;
  sharc_value *ops[3] = {operand(not_op, 0), operand(op, 2), operand(op, 1)};
  create_replacing(rw, op, not_op, "stablehlo.select", ops, 3, result_type(op), NULL, 0, true);
  return true;
}

static bool select_invert_broadcast_predicate(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *b = def_of(operand(op, 0));
  if (!b || !sharc_op_isa(b, SHARC_SHLO(broadcast_in_dim)) ||
      !sharc_value_has_one_use(sharc_op_result(b, 0)))
    return false;
  sharc_op *not_op = def_of(operand(b, 0));
  if (!not_op || !sharc_op_isa(not_op, SHARC_SHLO(not)))
    return false;
  sharc_attr *locs[3] = {sharc_op_loc(op), sharc_op_loc(b), sharc_op_loc(not_op)};
  sharc_attr *loc = sharc_loc_fused(rw->ctx, locs, 3, NULL);
  sharc_rw_set_before(rw, op);
  sharc_value *p = operand(not_op, 0);
  sharc_type *bt = result_type(b);
  sharc_named_attr d = named(rw->ctx, "broadcast_dimensions", sharc_op_attr(b, "broadcast_dimensions"));
  sharc_op *nb = sharc_shlo_create(rw, "stablehlo.broadcast_in_dim", loc, &p, 1, &bt, 1, &d, 1);
  sharc_value *ops[3] = {sharc_op_result(nb, 0), operand(op, 2), operand(op, 1)};
  sharc_type *t = result_type(op);
  sharc_op *sel = sharc_shlo_create(rw, "stablehlo.select", loc, ops, 3, &t, 1, NULL, 0);
  sharc_rw_replace_op_with_op(rw, op, sel);
  return true;
}

static bool select_canon(sharc_op *op, sharc_rewriter *rw, void *s) {
  opts_t *o = s;
  sharc_value *t = operand(op, 1), *f = operand(op, 2);
  if (t == f)
    return replace_plain(rw, op, t);
  sharc_attr *cond = sharc_shlo_const_attr(operand(op, 0));
  if (!cond)
    return false;
  if (sharc_dense_splat(cond))
    return replace_plain(rw, op, (sharc_dense_raw(cond)[0] & 1) ? t : f);
  sharc_type *type = result_type(op);
  int64_t n = sharc_type_num_elements(sharc_attr_type(cond));
  if (n > o->fold_op_element_limit)
    return false;
  sharc_attr *ta = sharc_shlo_const_attr(t), *fa = sharc_shlo_const_attr(f);
  unsigned wps = sharc_type_scalar_words(sharc_type_element(type));
  if (!ta || !fa || n < 0 || wps != 1)
    return false;
  return sharc_shlo_replace_with_selected(rw, op, type, n, cond, ta, fa);
}

/* ---- reduce ------------------------------------------------------------------------------- */

static bool reduce_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  unsigned n = sharc_op_num_results(op);
  if ((dims && sharc_attr_count(dims)) || sharc_op_num_operands(op) != 2 * n)
    return false;
  return sharc_shlo_replace_with_operands(rw, op, op, n);
}

static bool reduce_noop_variable_return(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_region *body = sharc_op_region(op, 0);
  sharc_block *b = sharc_region_first_block(body);
  sharc_op *ret = b ? sharc_block_last_op(b) : NULL;
  if (!ret || !sharc_op_isa(ret, SHARC_SHLO(return)))
    return false;
  unsigned n = sharc_op_num_operands(ret);
  for (unsigned i = 0; i < n; i++)
    if (sharc_shlo_defined_in(sharc_op_operand(ret, i), body))
      return false;
  return sharc_shlo_replace_with_operands(rw, op, ret, n);
}

/* reduce(empty inputs) -> broadcast_in_dim(init) each (static shapes here). */
static bool reduce_empty(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  if (!sharc_type_has_rank(t))
    return false;
  bool has_zero = false;
  for (unsigned d = 0; d < sharc_type_rank(t); d++)
    has_zero = has_zero || sharc_type_shape(t)[d] == 0;
  if (!has_zero || !sharc_shlo_static(t))
    return false;
  unsigned n = sharc_op_num_results(op);
  sharc_value **vals = sharc_xmalloc_array(n + 1, sizeof *vals);
  sharc_rw_set_before(rw, op);
  sharc_named_attr d = named(rw->ctx, "broadcast_dimensions", sharc_attr_dense_i64_array(rw->ctx, NULL, 0));
  for (unsigned i = 0; i < n; i++) {
    sharc_value *init = operand(op, n + i);
    sharc_type *rt = sharc_value_type(sharc_op_result(op, i));
    vals[i] = sharc_op_result(
        sharc_shlo_create(rw, "stablehlo.broadcast_in_dim", sharc_op_loc(op), &init, 1, &rt, 1, &d, 1), 0);
  }
  sharc_rw_replace_op(rw, op, vals, n);
  free(vals);
  return true;
}


/* ---- dynamic_slice with constant starts -> slice ------------------------------------------ */

/* m_ConstantInt: an integer scalar or splat constant, sign-extended. */
static bool constant_int(sharc_value *v, int64_t *out) {
  sharc_attr *a = sharc_shlo_splat_attr(v);
  sharc_type *elem = a ? sharc_type_element(sharc_attr_type(a)) : NULL;
  if (!a || !elem || (sharc_type_get_kind(elem) != SHARC_TYPE_INTEGER &&
                      sharc_type_get_kind(elem) != SHARC_TYPE_INDEX))
    return false;
  *out = sharc_type_get_kind(elem) == SHARC_TYPE_INDEX ? (int64_t)sharc_dense_raw(a)[0]
                                                        : sharc_shlo_sext(elem, sharc_dense_raw(a)[0]);
  return true;
}

static bool dynamic_slice_to_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  sharc_type *t = sharc_value_type(x);
  if (!sharc_shlo_static(t))
    return false;
  unsigned rank = sharc_type_rank(t);
  if (sharc_op_num_operands(op) != rank + 1)
    return false;
  sharc_attr *sizes = sharc_op_attr(op, "slice_sizes");
  int64_t *lo = sharc_xmalloc_array(rank + 1, sizeof *lo),
          *hi = sharc_xmalloc_array(rank + 1, sizeof *hi);
  bool ok = true;
  for (unsigned d = 0; d < rank && ok; d++) {
    int64_t v = 0, size = sharc_attr_dense_array_i64(sizes, d), max = sharc_type_shape(t)[d] - size;
    ok = constant_int(operand(op, d + 1), &v);
    v = v < 0 ? 0 : v; /* std::clamp(v, 0, max) */
    v = v > max ? max : v;
    lo[d] = v;
    hi[d] = v + size;
  }
  if (ok) {
    sharc_rw_set_before(rw, op);
    sharc_op *slice = unit_slice(rw, sharc_op_loc(op), x, result_type(op), lo, hi, rank);
    sharc_shlo_merge_discardable(rw, op, slice);
    sharc_rw_replace_op_with_op(rw, op, slice);
  }
  free(lo);
  free(hi);
  return ok;
}

/* ---- while: loop invariants become implicit captures ------------------------------------- */

static bool forwarded(sharc_op *op, sharc_block *body, sharc_op *ret, unsigned i) {
  sharc_value *r = sharc_op_operand(ret, i);
  return r == operand(op, i) || r == sharc_block_arg(body, i);
}

static bool while_implicit_capture(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_block *cond = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 1));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  unsigned n = sharc_op_num_operands(op);
  if (!cond || !ret || sharc_op_num_operands(ret) != n)
    return false;
  bool any = false;
  for (unsigned i = 0; i < n && !any; i++)
    any = forwarded(op, body, ret, i);
  if (!any)
    return false;
  bool *invariant = sharc_xcalloc(n + 1, sizeof *invariant);
  sharc_value **kept = sharc_xmalloc_array(n + 1, sizeof *kept);
  sharc_value **ret_kept = sharc_xmalloc_array(n + 1, sizeof *ret_kept);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_value *in = operand(op, i);
    if (forwarded(op, body, ret, i)) {
      invariant[i] = true;
      sharc_rw_replace_all_uses(rw, sharc_block_arg(cond, i), in);
      sharc_rw_replace_all_uses(rw, sharc_block_arg(body, i), in);
      sharc_rw_replace_all_uses(rw, sharc_op_result(op, i), in);
      continue;
    }
    kept[m] = in;
    ret_kept[m] = sharc_op_operand(ret, i);
    types[m] = sharc_value_type(ret_kept[m]);
    m++;
  }
  for (unsigned i = n; i-- > 0;)
    if (invariant[i]) {
      sharc_block_erase_arg(cond, i);
      sharc_block_erase_arg(body, i);
    }
  sharc_op_set_operands(ret, ret_kept, m);
  sharc_rw_modified(rw, ret);
  sharc_rw_set_before(rw, op);
  sharc_op_state st = {.name = sharc_op_name(op), .loc = sharc_op_loc(op), .operands = kept,
                       .num_operands = m, .result_types = types, .num_results = m,
                       .attrs = sharc_op_attrs(op), .num_regions = 2};
  sharc_op *made = sharc_rw_create(rw, &st);
  sharc_region_take_body(sharc_op_region(made, 0), sharc_op_region(op, 0));
  sharc_region_take_body(sharc_op_region(made, 1), sharc_op_region(op, 1));
  sharc_rw_replace_op_with_kept_results(rw, op, made, invariant, n, false);
  free(invariant);
  free(kept);
  free(ret_kept);
  free(types);
  return true;
}

/* ---- reduce: results nobody uses ------------------------------------------------------------ */

static bool in_region(sharc_value *v, sharc_region *r) {
  sharc_op *d = def_of(v);
  return (d ? sharc_op_parent_region(d) : sharc_block_region(sharc_value_owner_block(v))) == r;
}

/* Marks the argument pairs and ops the return operand `v` depends on. */
static void mark_used(sharc_value *v, sharc_region *body, unsigned pairs, bool *used_args,
                      sharc_ptrmap *used_ops) {
  if (!in_region(v, body))
    return;
  if (sharc_value_is_block_arg(v)) {
    sharc_block *owner = sharc_value_owner_block(v);
    unsigned index = 0;
    while (sharc_block_arg(owner, index) != v)
      index++;
    unsigned pair = index % pairs;
    used_args[pair] = used_args[pair + pairs] = true;
    return;
  }
  sharc_op *d = def_of(v);
  if (sharc_ptrmap_get(used_ops, d))
    return;
  sharc_ptrmap_put(used_ops, d, d);
  for (unsigned i = 0; i < sharc_op_num_operands(d); i++)
    mark_used(sharc_op_operand(d, i), body, pairs, used_args, used_ops);
}

static bool reduce_unused_results(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned pairs = sharc_op_num_results(op), used = 0;
  for (unsigned i = 0; i < pairs; i++)
    used += sharc_value_has_uses(sharc_op_result(op, i));
  if (used == pairs)
    return false;
  sharc_region *body = sharc_op_region(op, 0);
  sharc_block *b = sharc_region_first_block(body);
  sharc_op *ret = b ? sharc_block_last_op(b) : NULL;
  if (!ret || sharc_op_num_operands(ret) != pairs || sharc_op_num_operands(op) != 2 * pairs)
    return false;
  bool *used_args = sharc_xcalloc(2 * pairs + 1, sizeof *used_args);
  sharc_ptrmap used_ops = {0};
  for (unsigned i = 0; i < pairs; i++)
    if (sharc_value_has_uses(sharc_op_result(op, i)))
      mark_used(sharc_op_operand(ret, i), body, pairs, used_args, &used_ops);
  unsigned count = 0;
  for (unsigned i = 0; i < 2 * pairs; i++)
    count += used_args[i];
  bool ok = count == 2 * used;
  if (ok) {
    sharc_value **ins = sharc_xmalloc_array(2 * pairs + 1, sizeof *ins);
    sharc_type **types = sharc_xmalloc_array(pairs + 1, sizeof *types);
    sharc_value **rets = sharc_xmalloc_array(pairs + 1, sizeof *rets);
    sharc_value **results = sharc_xcalloc(pairs + 1, sizeof *results);
    unsigned k = 0, nt = 0;
    for (unsigned i = 0; i < pairs; i++)
      if (used_args[i])
        ins[k++] = operand(op, i);
    for (unsigned i = 0; i < pairs; i++)
      if (used_args[i])
        ins[k++] = operand(op, pairs + i);
    for (unsigned i = 0; i < pairs; i++)
      if (sharc_value_has_uses(sharc_op_result(op, i)))
        types[nt++] = sharc_value_type(sharc_op_result(op, i));
    sharc_rw_set_before(rw, op);
    sharc_named_attr d = named(rw->ctx, "dimensions", sharc_op_attr(op, "dimensions"));
    sharc_op_state st = {.name = sharc_op_name(op), .loc = sharc_op_loc(op), .operands = ins,
                         .num_operands = k, .result_types = types, .num_results = nt,
                         .attrs = sharc_attr_dictionary(rw->ctx, &d, 1), .num_regions = 1};
    sharc_op *made = sharc_rw_create(rw, &st);
    sharc_block *nb = sharc_rw_create_block(rw, sharc_op_region(made, 0), NULL, NULL, 0, NULL);
    sharc_mapping *map = sharc_mapping_create();
    for (unsigned i = 0; i < 2 * pairs; i++)
      if (used_args[i]) {
        sharc_value *a = sharc_block_arg(b, i);
        sharc_mapping_map_value(map, a, sharc_block_add_arg(nb, sharc_value_type(a), sharc_value_loc(a)));
      }
    sharc_rw_set_block_end(rw, nb);
    for (sharc_op *o = sharc_block_first_op(b); o; o = sharc_op_next(o))
      if (sharc_ptrmap_get(&used_ops, o))
        sharc_rw_clone(rw, o, map);
    unsigned nr = 0;
    for (unsigned i = 0; i < pairs; i++)
      if (sharc_value_has_uses(sharc_op_result(op, i)))
        rets[nr++] = sharc_mapping_value_or_self(map, sharc_op_operand(ret, i));
    sharc_shlo_create(rw, "stablehlo.return", sharc_op_loc(ret), rets, nr, NULL, 0, NULL, 0);
    unsigned j = 0;
    for (unsigned i = 0; i < pairs; i++)
      if (sharc_value_has_uses(sharc_op_result(op, i)))
        results[i] = sharc_op_result(made, j++);
    sharc_rw_replace_op(rw, op, results, pairs);
    sharc_mapping_destroy(map);
    free(ins);
    free(types);
    free(rets);
    free(results);
  }
  free(used_args);
  sharc_ptrmap_free(&used_ops);
  return ok;
}


/* ---- custom_call, get_dimension_size, tuple, sort ----------------------------------------- */

/* mhlo.backend_config of an API_VERSION_ORIGINAL custom_call without a
 * backend_config becomes its typed-FFI backend_config. */
static bool custom_call_backend_config_to_ffi(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *version = sharc_op_attr(op, "api_version");
  sharc_attr *mhlo_config = sharc_op_attr(op, "mhlo.backend_config");
  if ((version && sharc_attr_int_value(version) != 1) || !mhlo_config)
    return false;
  sharc_attr *config = sharc_op_attr(op, "backend_config");
  if (config && (sharc_attr_get_kind(config) != SHARC_ATTR_STRING || sharc_attr_string_value(config).len))
    return false;
  sharc_op_set_attr(op, "backend_config", mhlo_config);
  sharc_op_set_attr(op, "api_version",
                    sharc_attr_integer(rw->ctx, sharc_type_integer(rw->ctx, 32, SHARC_SIGNLESS), 4));
  sharc_op_set_attr(op, "mhlo.backend_config", NULL);
  sharc_rw_modified(rw, op);
  return true;
}

static bool get_dimension_size_canon(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  int64_t dim = sharc_attr_int_value(sharc_op_attr(op, "dimension"));
  if (!sharc_type_has_rank(t) || sharc_type_shape(t)[dim] < 0)
    return false;
  sharc_type *rt = result_type(op);
  uint64_t v = (uint64_t)sharc_type_shape(t)[dim] & sharc_shlo_int_mask(sharc_type_element(rt));
  sharc_shlo_replace_with_constant(rw, op, sharc_shlo_make_splat(rw->ctx, rt, &v, 1));
  return true;
}

static bool tuple_is_repacking(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned n = sharc_op_num_operands(op);
  sharc_op *first = n ? def_of(operand(op, 0)) : NULL;
  if (!first || !sharc_op_isa(first, SHARC_SHLO(get_tuple_element)))
    return false;
  sharc_value *tuple = operand(first, 0);
  if (sharc_value_type(tuple) != result_type(op))
    return false;
  for (unsigned i = 0; i < n; i++) {
    sharc_op *e = def_of(operand(op, i));
    if (!e || !sharc_op_isa(e, SHARC_SHLO(get_tuple_element)) ||
        sharc_attr_int_value(sharc_op_attr(e, "index")) != (int64_t)i || operand(e, 0) != tuple)
      return false;
  }
  return replace_plain(rw, op, tuple);
}

/* sort(X) -> sort(X, dimension = rank - 1) where the dimension is -1. */
static bool sort_set_dimension(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *dim = sharc_op_attr(op, "dimension");
  if (!sharc_op_num_results(op) || !dim || sharc_attr_int_value(dim) != -1 ||
      !sharc_type_has_rank(result_type(op)))
    return false;
  sharc_op_set_attr(op, "dimension",
                    sharc_attr_integer(rw->ctx, sharc_type_integer(rw->ctx, 64, SHARC_SIGNLESS),
                                       (int64_t)sharc_type_rank(result_type(op)) - 1));
  sharc_rw_modified(rw, op);
  return true;
}

/* sort(X, Y) -> sort(X) where Y's result and comparator arguments are unused. */
static bool sort_drop_unused(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned n = sharc_op_num_operands(op);
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, 0));
  if (!b || sharc_block_num_args(b) != 2 * n)
    return false;
  bool *erased = sharc_xcalloc(n + 1, sizeof *erased);
  unsigned kept = 0;
  for (unsigned i = 0; i < n; i++) {
    erased[i] = !sharc_value_has_uses(sharc_op_result(op, i)) &&
                !sharc_value_has_uses(sharc_block_arg(b, 2 * i)) &&
                !sharc_value_has_uses(sharc_block_arg(b, 2 * i + 1));
    kept += !erased[i];
  }
  if (kept == n) {
    free(erased);
    return false;
  }
  sharc_value **ins = sharc_xmalloc_array(n + 1, sizeof *ins);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  sharc_value **results = sharc_xcalloc(n + 1, sizeof *results);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if (!erased[i]) {
      ins[k] = operand(op, i);
      types[k++] = sharc_value_type(operand(op, i));
    }
  sharc_named_attr attrs[2] = {named(rw->ctx, "dimension", sharc_op_attr(op, "dimension")),
                               named(rw->ctx, "is_stable", sharc_op_attr(op, "is_stable"))};
  sharc_rw_set_before(rw, op);
  sharc_op_state st = {.name = sharc_op_name(op), .loc = sharc_op_loc(op), .operands = ins,
                       .num_operands = k, .result_types = types, .num_results = k,
                       .attrs = sharc_attr_dictionary(rw->ctx, attrs, attrs[1].value ? 2 : 1),
                       .num_regions = 1};
  sharc_op *made = sharc_rw_create(rw, &st);
  sharc_region_take_body(sharc_op_region(made, 0), sharc_op_region(op, 0));
  for (unsigned i = n; i-- > 0;)
    if (erased[i]) {
      sharc_block_erase_arg(b, 2 * i + 1);
      sharc_block_erase_arg(b, 2 * i);
    }
  unsigned j = 0;
  for (unsigned i = 0; i < n; i++)
    results[i] = erased[i] ? NULL : sharc_op_result(made, j++);
  sharc_rw_replace_op(rw, op, results, n);
  free(erased);
  free(ins);
  free(types);
  free(results);
  return true;
}


/* ---- gather with constant indices -> slice (+ reshape) ------------------------------------ */

static bool gather_to_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *index = sharc_shlo_const_attr(operand(op, 1));
  sharc_type *it = index ? sharc_attr_type(index) : NULL;
  if (!index || !sharc_shlo_is_int(sharc_type_element(it)) || sharc_type_rank(it) > 1)
    return false;
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_gather_def;
  sharc_attr *map = sharc_shlo_struct_field(dn, def, 4), *collapsed = sharc_shlo_struct_field(dn, def, 1);
  unsigned nmap = map ? sharc_attr_count(map) : 0;
  if (sharc_shlo_struct_int(dn, def, 5) != 0 || sharc_type_num_elements(it) != (int64_t)nmap)
    return false;
  sharc_type *ot = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(ot))
    return false;
  sharc_attr *sizes = sharc_op_attr(op, "slice_sizes");
  unsigned rank = sharc_attr_count(sizes);
  int64_t *lo = sharc_xcalloc(rank + 1, sizeof *lo), *hi = sharc_xcalloc(rank + 1, sizeof *hi),
          *shape = sharc_xcalloc(rank + 1, sizeof *shape);
  for (unsigned d = 0; d < rank; d++)
    hi[d] = sharc_attr_dense_array_i64(sizes, d);
  sharc_type *ie = sharc_type_element(it);
  for (unsigned i = 0; i < nmap; i++) {
    int64_t d = sharc_attr_dense_array_i64(map, i);
    int64_t v = sharc_shlo_sext(ie, sharc_shlo_elem(index, i));
    int64_t max = sharc_type_shape(ot)[d] - hi[d];
    v = v < 0 ? 0 : (v > max ? max : v);
    lo[d] += v;
    hi[d] += v;
  }
  for (unsigned d = 0; d < rank; d++)
    shape[d] = hi[d] - lo[d];
  sharc_type *elem = sharc_type_element(result_type(op));
  bool reshape = collapsed && sharc_attr_count(collapsed);
  sharc_type *st = reshape ? sharc_type_tensor(rw->ctx, shape, rank, elem, NULL) : result_type(op);
  sharc_rw_set_before(rw, op);
  sharc_value *v = sharc_op_result(unit_slice(rw, sharc_op_loc(op), operand(op, 0), st, lo, hi, rank), 0);
  if (reshape) {
    sharc_type *rt = result_type(op);
    v = sharc_op_result(sharc_shlo_create(rw, "stablehlo.reshape", sharc_op_loc(op), &v, 1, &rt, 1, NULL, 0), 0);
  }
  sharc_rw_replace_op(rw, op, &v, 1);
  free(lo);
  free(hi);
  free(shape);
  return true;
}

/* ---- tuples and complex numbers ------------------------------------------------------------ */

static bool get_tuple_element_unpack(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *tuple = def_of(operand(op, 0));
  if (!tuple || !sharc_op_isa(tuple, SHARC_SHLO(tuple)))
    return false;
  int64_t i = sharc_attr_int_value(sharc_op_attr(op, "index"));
  if (i < 0 || (unsigned)i >= sharc_op_num_operands(tuple))
    return false;
  return replace_plain(rw, op, operand(tuple, (unsigned)i));
}

static bool complex_cancel(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *re = def_of(operand(op, 0)), *im = def_of(operand(op, 1));
  if (!re || !im || !sharc_op_isa(re, SHARC_SHLO(real)) || !sharc_op_isa(im, SHARC_SHLO(imag)) ||
      operand(re, 0) != operand(im, 0))
    return false;
  return replace_plain(rw, op, operand(re, 0));
}

static bool part_cancel(sharc_op *op, sharc_rewriter *rw, unsigned part) {
  sharc_op *c = def_of(operand(op, 0));
  if (!c || !sharc_op_isa(c, SHARC_SHLO(complex)))
    return false;
  return replace_plain(rw, op, operand(c, part));
}

static bool real_cancel(sharc_op *op, sharc_rewriter *rw, void *s) { (void)s; return part_cancel(op, rw, 0); }
static bool imag_cancel(sharc_op *op, sharc_rewriter *rw, void *s) { (void)s; return part_cancel(op, rw, 1); }

/* ---- dynamic_update_slice ------------------------------------------------------------------- */

static bool dus_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *update = sharc_shlo_const_attr(operand(op, 1));
  if (!update || sharc_type_num_elements(sharc_attr_type(update)) != 0)
    return false;
  return replace_merging(rw, op, operand(op, 0));
}

static bool dus_fold_to_update(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = sharc_value_type(operand(op, 0));
  if (!sharc_shlo_static(t) || t != sharc_value_type(operand(op, 1)))
    return false;
  for (unsigned i = 2; i < sharc_op_num_operands(op); i++) {
    sharc_attr *a = sharc_shlo_const_attr(operand(op, i));
    if (!is_int_zero(a))
      return false;
  }
  return replace_merging(rw, op, operand(op, 1));
}

/* ---- zero-extent tensors ------------------------------------------------------------------ */

/* A ranked tensor with no dimension of size 0 has elements (or none
 * countable): checked before the element count, which this pattern asks
 * of every operand and result of every op the driver visits. */
static bool zero_extent_type(const sharc_type *t) {
  if (!t || sharc_type_get_kind(t) != SHARC_TYPE_TENSOR)
    return false;
  const int64_t *shape = sharc_type_shape(t);
  unsigned rank = sharc_type_rank(t);
  unsigned i = 0;
  while (i < rank && shape[i] != 0)
    i++;
  return i < rank && sharc_shlo_static(t) && sharc_type_num_elements(t) == 0;
}

static sharc_attr *empty_attr(sharc_rewriter *rw, sharc_type *t) {
  return sharc_attr_dense_elements(rw->ctx, t, NULL, 0, false);
}

/* A MemoryEffectOpInterface with effects: a custom_call declares them
 * only with has_side_effect; ops with regions have recursive effects and
 * no interface of their own. */
static bool declares_effects(sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  if (!def)
    return true; /* unregistered (`stablehlo.x` under --allow-unregistered-dialect):
                  * MLIR's isMemoryEffectFree says no for an op without the interface */
  if (def->effect_free)
    return !def->effect_free(op);
  return !sharc_op_has_trait(op, SHARC_TRAIT_PURE) && !sharc_op_num_regions(op);
}

/* op(X : zero-extent) -> constant([]) on StableHLO ops without effects. */
static bool zero_extent_to_empty(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!sharc_context_fact_noted(rw->ctx, &sharc_zero_extent_tensor_made))
    return false; /* no zero-extent tensor type exists, so no value is one */
  if (!sharc_str_starts_with(sharc_ident_str(sharc_op_name(op)), "stablehlo.") ||
      sharc_op_isa(op, SHARC_SHLO(constant)))
    return false;
  if (declares_effects(op))
    return false;
  bool changed = false;
  sharc_rw_set_before(rw, op);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *r = sharc_op_result(op, i);
    if (!zero_extent_type(sharc_value_type(r)) || !sharc_value_has_uses(r))
      continue;
    sharc_rw_replace_all_uses(rw, r, sharc_shlo_constant(rw, sharc_op_loc(op),
                                                         empty_attr(rw, sharc_value_type(r))));
    changed = true;
  }
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = operand(op, i);
    if (!zero_extent_type(sharc_value_type(v)) || from(v, SHARC_SHLO(constant)))
      continue;
    sharc_value *c = sharc_shlo_constant(rw, sharc_op_loc(op), empty_attr(rw, sharc_value_type(v)));
    sharc_op_set_operand(op, i, c);
    sharc_rw_modified(rw, op);
    changed = true;
  }
  return changed;
}

/* ---- dynamic shapes ------------------------------------------------------------------------ */

/* The integers of a constant-like operand of integer (and, unless
 * `int_only`, index) elements, as i64 (ConvertToI64Array, matchInts); NULL
 * when it is none. The caller frees the array. */
static int64_t *constant_ints(sharc_value *v, bool int_only, unsigned *n) {
  sharc_attr *a = sharc_shlo_const_attr(v);
  sharc_type *t = a ? sharc_attr_type(a) : NULL;
  sharc_type *elem = t ? sharc_type_element(t) : NULL;
  if (!elem)
    return NULL;
  bool index = sharc_type_get_kind(elem) == SHARC_TYPE_INDEX;
  if ((!index || int_only) && !sharc_shlo_is_int(elem))
    return NULL;
  int64_t count = sharc_type_num_elements(t);
  if (count < 0)
    return NULL;
  int64_t *out = sharc_xmalloc_array((size_t)count + 1, sizeof *out);
  for (int64_t i = 0; i < count; i++) {
    uint64_t bits = sharc_shlo_elem(a, (size_t)i);
    out[i] = index ? (int64_t)bits : sharc_shlo_sext(elem, bits);
  }
  *n = (unsigned)count;
  return out;
}

/* Operands first..first+2 of `op`, constant integers, as the i64 array
 * attributes `names` (ConstantLikeMatcher + ConvertToI64Array); false when
 * one is no constant. */
static bool constant_arrays(sharc_op *op, unsigned first, const char *const names[3], bool int_only,
                            sharc_context *ctx, sharc_named_attr attrs[3]) {
  for (unsigned i = 0; i < 3; i++) {
    unsigned n = 0;
    int64_t *v = constant_ints(operand(op, first + i), int_only, &n);
    if (!v)
      return false;
    attrs[i] = i64_array(ctx, names[i], v, n);
    free(v);
  }
  return true;
}

static bool is_op(sharc_value *v, const sharc_op_def *def) { return from(v, def); }

/* dynamic_broadcast_in_dim(dynamic_broadcast_in_dim(X, _, dimsA), shape, dimsB)
 * -> dynamic_broadcast_in_dim(X, shape, merge(dimsB, dimsA)), no known dims. */
static bool dbid_merge(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(dynamic_broadcast_in_dim)))
    return false;
  unsigned n;
  int64_t *merged = merged_broadcast_dims(op, inner, &n);
  sharc_named_attr attrs[3] = {i64_array(rw->ctx, "broadcast_dimensions", merged, n),
                               i64_array(rw->ctx, "known_expanding_dimensions", NULL, 0),
                               i64_array(rw->ctx, "known_nonexpanding_dimensions", NULL, 0)};
  free(merged);
  sharc_value *ops[2] = {operand(inner, 0), operand(op, 1)};
  create_replacing(rw, op, inner, "stablehlo.dynamic_broadcast_in_dim", ops, 2, result_type(op), attrs,
                   3, true);
  return true;
}

/* dynamic_broadcast_in_dim(X, _, iota dims, all dims known non-expanding)
 * -> convert(X) to the result type. */
static bool dbid_noop_to_convert(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_attr *nonexpanding = sharc_op_attr(op, "known_nonexpanding_dimensions");
  if (!sharc_shlo_is_iota(sharc_op_attr(op, "broadcast_dimensions")) || !nonexpanding ||
      sharc_attr_count(nonexpanding) != sharc_type_rank(result_type(op)))
    return false;
  sharc_value *x = operand(op, 0);
  create_replacing(rw, op, NULL, "stablehlo.convert", &x, 1, result_type(op), NULL, 0, true);
  return true;
}

/* dynamic_broadcast_in_dim(dynamic_reshape(X, shape), shape, iota dims)
 * -> dynamic_reshape(X, shape). */
static bool dbid_to_dynamic_reshape(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(dynamic_reshape)) ||
      operand(inner, 1) != operand(op, 1) ||
      !sharc_shlo_is_iota(sharc_op_attr(op, "broadcast_dimensions")))
    return false;
  sharc_value *ops[2] = {operand(inner, 0), operand(op, 1)};
  create_replacing(rw, op, inner, "stablehlo.dynamic_reshape", ops, 2, result_type(op), NULL, 0, true);
  return true;
}

/* dynamic_broadcast_in_dim(X, shape_of(X), iota dims) -> X. */
static bool dbid_remove_noop(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *shape = def_of(operand(op, 1));
  if (!shape || !sharc_op_isa(shape, &sharc_shape_shape_of_def) || sharc_op_num_operands(shape) != 1 ||
      operand(shape, 0) != operand(op, 0) ||
      !sharc_shlo_is_iota(sharc_op_attr(op, "broadcast_dimensions")))
    return false;
  return replace_merging(rw, op, operand(op, 0));
}

/* refineOpWithNewOp: `made` replaces `op`, behind a convert back to op's
 * type when a user of another dialect needs the old type. */
static void replace_refined(sharc_rewriter *rw, sharc_op *op, sharc_op *made) {
  sharc_value *v = sharc_op_result(made, 0);
  bool foreign_user = false;
  for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, 0)); u && !foreign_user;
       u = sharc_use_next(u))
    foreign_user = !sharc_str_starts_with(sharc_ident_str(sharc_op_name(sharc_use_owner(u))),
                                          "stablehlo.");
  if (foreign_user) {
    sharc_type *t = result_type(op);
    v = sharc_op_result(sharc_shlo_create(rw, "stablehlo.convert", sharc_op_loc(op), &v, 1, &t, 1,
                                          NULL, 0),
                        0);
  }
  sharc_rw_replace_op(rw, op, &v, 1);
}

/* DynamicBroadcastInDimOpNotActuallyDynamic: a static operand broadcast to a
 * static type, or to the constant output dimensions. */
static bool dbid_not_dynamic(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_value *x = operand(op, 0);
  if (!sharc_shlo_static(sharc_value_type(x)))
    return false;
  sharc_named_attr dims = named(rw->ctx, "broadcast_dimensions", sharc_op_attr(op, "broadcast_dimensions"));
  sharc_type *t = result_type(op);
  sharc_rw_set_before(rw, op);
  if (sharc_shlo_static(t)) {
    sharc_op *made = sharc_shlo_create(rw, "stablehlo.broadcast_in_dim", sharc_op_loc(op), &x, 1, &t, 1,
                                       &dims, 1);
    sharc_rw_replace_op_with_op(rw, op, made);
    return true;
  }
  unsigned n = 0;
  int64_t *shape = constant_ints(operand(op, 1), false, &n);
  if (!shape)
    return false;
  sharc_type *refined = sharc_type_tensor(rw->ctx, shape, n, sharc_type_element(t), NULL);
  free(shape);
  sharc_op *made = sharc_shlo_create(rw, "stablehlo.broadcast_in_dim", sharc_op_loc(op), &x, 1,
                                     &refined, 1, &dims, 1);
  replace_refined(rw, op, made);
  return true;
}

/* dynamic_gather(X, I, stablehlo.constant sizes) -> gather(X, I, sizes). */
static bool dynamic_gather_to_gather(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  if (!is_op(operand(op, 2), SHARC_SHLO(constant)))
    return false;
  unsigned n = 0;
  int64_t *sizes = constant_ints(operand(op, 2), false, &n);
  if (!sizes)
    return false;
  sharc_named_attr attrs[3];
  unsigned k = 0;
  attrs[k++] = named(rw->ctx, "dimension_numbers", sharc_op_attr(op, "dimension_numbers"));
  attrs[k++] = i64_array(rw->ctx, "slice_sizes", sizes, n);
  if (sharc_op_attr(op, "indices_are_sorted"))
    attrs[k++] = named(rw->ctx, "indices_are_sorted", sharc_op_attr(op, "indices_are_sorted"));
  free(sizes);
  sharc_value *ops[2] = {operand(op, 0), operand(op, 1)};
  create_replacing(rw, op, def_of(operand(op, 2)), "stablehlo.gather", ops, 2, result_type(op), attrs,
                   k, true);
  return true;
}

/* dynamic_pad(X, v, constant low, high, interior) -> pad(X, v, ...). */
static bool dynamic_pad_to_pad(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  static const char *const names[] = {"edge_padding_low", "edge_padding_high", "interior_padding"};
  sharc_named_attr attrs[3];
  if (!constant_arrays(op, 2, names, true, rw->ctx, attrs))
    return false;
  sharc_value *ops[2] = {operand(op, 0), operand(op, 1)};
  create_replacing(rw, op, NULL, "stablehlo.pad", ops, 2, result_type(op), attrs, 3, true);
  return true;
}

/* shape_of(dynamic_reshape(X, shape)) -> shape, of the same type. */
static bool shape_of_dynamic_reshape(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *reshape = def_of(operand(op, 0));
  if (!reshape || !sharc_op_isa(reshape, SHARC_SHLO(dynamic_reshape)) ||
      sharc_value_type(operand(reshape, 1)) != result_type(op))
    return false;
  return replace_merging(rw, op, operand(reshape, 1));
}

/* dynamic_reshape(dynamic_reshape(X, _), shape) -> dynamic_reshape(X, shape). */
static bool dynamic_reshape_merge(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *inner = def_of(operand(op, 0));
  if (!inner || !sharc_op_isa(inner, SHARC_SHLO(dynamic_reshape)))
    return false;
  sharc_value *ops[2] = {operand(inner, 0), operand(op, 1)};
  create_replacing(rw, op, inner, "stablehlo.dynamic_reshape", ops, 2, result_type(op), NULL, 0, true);
  return true;
}

/* The ops with ODS's SameOperandsAndResultShape trait: the element-wise
 * ones (reduce_precision and the broadcasting select and clamp aside), map
 * and sort. */
static bool same_operands_and_result_shape(sharc_op *op) {
  if (sharc_op_isa(op, SHARC_SHLO(map)) || sharc_op_isa(op, SHARC_SHLO(sort)))
    return true;
  return sharc_op_has_trait(op, SHARC_TRAIT_ELEMENTWISE) &&
         !sharc_op_isa(op, SHARC_SHLO(reduce_precision)) && !sharc_op_isa(op, SHARC_SHLO(select)) &&
         !sharc_op_isa(op, SHARC_SHLO(clamp));
}

/* dynamic_reshape(op(dynamic_reshape(X, shape)), shape) -> op(...) when op
 * keeps its operands' shape. */
static bool dynamic_reshape_same_shape(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_op *def = def_of(operand(op, 0));
  if (!def || !same_operands_and_result_shape(def) || !sharc_op_num_operands(def))
    return false;
  sharc_op *reshape = def_of(operand(def, 0));
  if (!reshape || !sharc_op_isa(reshape, SHARC_SHLO(dynamic_reshape)) ||
      operand(reshape, 1) != operand(op, 1))
    return false;
  return replace_plain(rw, op, sharc_op_result(def, 0));
}

/* DynamicReshapeOpIsStatic: a static result type makes it a reshape. */
static bool dynamic_reshape_is_static(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = result_type(op);
  if (!sharc_shlo_static(t))
    return false;
  sharc_value *x = operand(op, 0);
  sharc_rw_set_before(rw, op);
  sharc_op *made = sharc_shlo_create(rw, "stablehlo.reshape", sharc_op_loc(op), &x, 1, &t, 1, NULL, 0);
  sharc_rw_replace_op_with_op(rw, op, made);
  return true;
}

/* DynamicIotaIsStatic. */
static bool dynamic_iota_is_static(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = result_type(op);
  if (!sharc_shlo_static(t))
    return false;
  sharc_named_attr dim = named(rw->ctx, "iota_dimension", sharc_op_attr(op, "iota_dimension"));
  sharc_rw_set_before(rw, op);
  sharc_op *made = sharc_shlo_create(rw, "stablehlo.iota", sharc_op_loc(op), NULL, 0, &t, 1, &dim, 1);
  sharc_rw_replace_op_with_op(rw, op, made);
  return true;
}

static sharc_value *slice_1(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v, int64_t i) {
  int64_t lo = i, hi = i + 1, size = 1;
  sharc_type *t = sharc_type_tensor(rw->ctx, &size, 1, sharc_type_element(sharc_value_type(v)), NULL);
  return sharc_op_result(unit_slice(rw, loc, v, t, &lo, &hi, 1), 0);
}

/* dynamic_iota(shape, d) of rank >= 2
 * -> dynamic_broadcast_in_dim(dynamic_iota(slice(shape as i64, d), 0), shape, [d]). */
static bool dynamic_iota_to_broadcast(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  sharc_type *t = result_type(op);
  if (sharc_type_rank(t) < 2)
    return false;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_attr *dim_attr = sharc_op_attr(op, "iota_dimension");
  int64_t d = sharc_attr_int_value(dim_attr);
  sharc_value *shape = operand(op, 0);
  sharc_type *shape_t = sharc_value_type(shape);
  sharc_type *i64 = sharc_type_integer(rw->ctx, 64, SHARC_SIGNLESS);
  sharc_type *shape_i64_t = sharc_type_tensor(rw->ctx, sharc_type_shape(shape_t), sharc_type_rank(shape_t),
                                              i64, NULL);
  bool index = sharc_type_get_kind(sharc_type_element(shape_t)) == SHARC_TYPE_INDEX;
  sharc_rw_set_before(rw, op);
  sharc_value *shape_i64 = sharc_op_result(
      sharc_shlo_create(rw, index ? "arith.index_cast" : "stablehlo.convert", loc, &shape, 1,
                        &shape_i64_t, 1, NULL, 0),
      0);
  sharc_value *size = slice_1(rw, loc, shape_i64, d);
  int64_t extent = sharc_type_shape(t)[d];
  sharc_type *pre_t = sharc_type_tensor(rw->ctx, &extent, 1, sharc_type_element(t), NULL);
  sharc_named_attr zero = named(rw->ctx, "iota_dimension", sharc_attr_integer(rw->ctx, i64, 0));
  sharc_value *pre = sharc_op_result(
      sharc_shlo_create(rw, "stablehlo.dynamic_iota", loc, &size, 1, &pre_t, 1, &zero, 1), 0);
  sharc_value *ops[2] = {pre, shape};
  sharc_named_attr dims = i64_array(rw->ctx, "broadcast_dimensions", &d, 1);
  sharc_op *made = sharc_shlo_create(rw, "stablehlo.dynamic_broadcast_in_dim", loc, ops, 2, &t, 1, &dims, 1);
  sharc_rw_replace_op_with_op(rw, op, made);
  return true;
}

/* real_dynamic_slice(X, constant start, limit, strides) -> slice(X, ...). */
static bool real_dynamic_slice_to_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  static const char *const names[] = {"start_indices", "limit_indices", "strides"};
  sharc_named_attr attrs[3];
  if (!constant_arrays(op, 1, names, false, rw->ctx, attrs))
    return false;
  sharc_value *x = operand(op, 0);
  create_replacing(rw, op, NULL, "stablehlo.slice", &x, 1, result_type(op), attrs, 3, true);
  return true;
}

/* The constant c of `limit = start + c` (or c + start), or NULL. */
static int64_t *limit_minus_start(sharc_op *op, unsigned *n) {
  sharc_op *add = def_of(operand(op, 2));
  if (!add || !sharc_op_isa(add, SHARC_SHLO(add)))
    return NULL;
  sharc_value *start = operand(op, 1);
  if (operand(add, 0) == start) {
    int64_t *c = constant_ints(operand(add, 1), false, n);
    if (c)
      return c;
  }
  return operand(add, 1) == start ? constant_ints(operand(add, 0), false, n) : NULL;
}

/* real_dynamic_slice(X, start, start + c, unit strides)
 * -> dynamic_slice(X, start[0], ..., sizes = c). */
static bool real_dynamic_slice_to_dynamic_slice(sharc_op *op, sharc_rewriter *rw, void *s) {
  (void)s;
  unsigned n_strides = 0, n = 0;
  int64_t *strides = constant_ints(operand(op, 3), false, &n_strides);
  if (!strides)
    return false;
  bool unit = true;
  for (unsigned i = 0; i < n_strides; i++)
    unit &= strides[i] == 1;
  free(strides);
  int64_t *sizes = unit ? limit_minus_start(op, &n) : NULL;
  if (!sizes)
    return false;
  sharc_attr *loc = sharc_op_loc(op);
  sharc_value *start = operand(op, 1);
  sharc_type *scalar = sharc_type_tensor(rw->ctx, NULL, 0, sharc_type_element(sharc_value_type(start)), NULL);
  sharc_value **ops = sharc_xmalloc_array((size_t)n + 2, sizeof *ops);
  ops[0] = operand(op, 0);
  sharc_rw_set_before(rw, op);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *one = slice_1(rw, loc, start, i);
    ops[i + 1] = sharc_op_result(sharc_shlo_create(rw, "stablehlo.reshape", loc, &one, 1, &scalar, 1, NULL, 0),
                                 0);
  }
  sharc_named_attr attr = i64_array(rw->ctx, "slice_sizes", sizes, n);
  sharc_type *t = result_type(op);
  sharc_op *made = sharc_shlo_create(rw, "stablehlo.dynamic_slice", loc, ops, n + 1, &t, 1, &attr, 1);
  sharc_shlo_merge_discardable(rw, op, made);
  sharc_rw_replace_op_with_op(rw, op, made);
  free(ops);
  free(sizes);
  return true;
}

const sharc_pattern sharc_shlo_simplification_patterns[] = {
    /* declarative, by name */
    {"AddOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(add), 2, NULL},
    {"AddOp_RemoveNoop", add_remove_noop, SHARC_SHLO(add), 1, NULL},
    {"AndOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(and), 2, NULL},
    {"AndOp_FoldToZero", and_fold_to_zero, SHARC_SHLO(and), 2, NULL},
    {"AndOp_RemoveNoop", and_remove_noop, SHARC_SHLO(and), 2, NULL},
    {"BroadcastInDimOp_MergeComposition", broadcast_merge, SHARC_SHLO(broadcast_in_dim), 2, NULL},
    {"BroadcastInDimOp_RemoveNoop", broadcast_remove_noop, SHARC_SHLO(broadcast_in_dim), 1, NULL},
    {"BroadcastInDimOp_ReplaceWithReshape", broadcast_to_reshape, SHARC_SHLO(broadcast_in_dim), 2, NULL},
    {"BroadcastInDimOp_ReplaceWithTranspose", broadcast_to_transpose, SHARC_SHLO(broadcast_in_dim), 1,
     NULL},
    {"CompareOp_EqBooleanTrue", compare_eq_true, SHARC_SHLO(compare), 2, NULL},
    {"CompareOp_NeBooleanFalse", compare_ne_false, SHARC_SHLO(compare), 2, NULL},
    {"ComplexOp_CancelOutComposedOps", complex_cancel, SHARC_SHLO(complex), 3, NULL},
    {"ConvertOp_RemoveNoop", same_type_remove_noop, SHARC_SHLO(convert), 1, NULL},
    {"DynamicBroadcastInDimOp_FoldToDynamicReshape", dbid_to_dynamic_reshape,
     SHARC_SHLO(dynamic_broadcast_in_dim), 2, NULL},
    {"DynamicBroadcastInDimOp_MergeComposition", dbid_merge, SHARC_SHLO(dynamic_broadcast_in_dim), 2,
     NULL},
    {"DynamicBroadcastInDimOp_RemoveNoop", dbid_remove_noop, SHARC_SHLO(dynamic_broadcast_in_dim), 2,
     NULL},
    {"DynamicBroadcastInDimOp_ReplaceNoopWithConvert", dbid_noop_to_convert,
     SHARC_SHLO(dynamic_broadcast_in_dim), 1, NULL},
    {"DynamicGatherOp_ReplaceWithGather", dynamic_gather_to_gather, SHARC_SHLO(dynamic_gather), 2, NULL},
    {"DynamicPadOp_ReplaceWithPad", dynamic_pad_to_pad, SHARC_SHLO(dynamic_pad), 1, NULL},
    {"DynamicReshapeOp_FoldComposedOpsToShapeOperand", shape_of_dynamic_reshape,
     &sharc_shape_shape_of_def, 2, NULL},
    {"DynamicReshapeOp_MergeComposition", dynamic_reshape_merge, SHARC_SHLO(dynamic_reshape), 2, NULL},
    {"DynamicUpdateSliceOp_FoldToUpdateOperand", dus_fold_to_update, SHARC_SHLO(dynamic_update_slice),
     1, NULL},
    {"DynamicUpdateSliceOp_RemoveNoop", dus_remove_noop, SHARC_SHLO(dynamic_update_slice), 1, NULL},
    {"GetTupleElementOp_UnpackTuple", get_tuple_element_unpack, SHARC_SHLO(get_tuple_element), 2, NULL},
    {"ImagOp_CancelOutComposedOps", imag_cancel, SHARC_SHLO(imag), 2, NULL},
    {"IotaOp_FoldScalarToZero", iota_scalar_to_zero, SHARC_SHLO(iota), 1, NULL},
    {"MaxOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(maximum), 2, NULL},
    {"MinOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(minimum), 2, NULL},
    {"MulOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(multiply), 2, NULL},
    {"MulOp_FoldToZero", mul_fold_to_zero, SHARC_SHLO(multiply), 2, NULL},
    {"MulOp_RemoveNoop", mul_remove_noop, SHARC_SHLO(multiply), 2, NULL},
    {"OrOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(or), 2, NULL},
    {"OrOp_FoldToOne", or_fold_to_one, SHARC_SHLO(or), 2, NULL},
    {"OrOp_RemoveNoop", or_remove_noop, SHARC_SHLO(or), 2, NULL},
    {"PadOp_RemoveNoop", pad_remove_noop, SHARC_SHLO(pad), 1, NULL},
    {"RealDynamicSliceOp_ReplaceWithSlice", real_dynamic_slice_to_slice, SHARC_SHLO(real_dynamic_slice),
     1, NULL},
    {"RealOp_CancelOutComposedOps", real_cancel, SHARC_SHLO(real), 2, NULL},
    {"ReduceOp_RemoveNoop", reduce_remove_noop, SHARC_SHLO(reduce), 1, NULL},
    {"ReshapeOp_MergeComposition", reshape_merge, SHARC_SHLO(reshape), 2, NULL},
    {"ReshapeOp_RemoveNoop", same_type_remove_noop, SHARC_SHLO(reshape), 1, NULL},
    {"ReverseOp_AllDimsEqualOne", reverse_all_dims_one, SHARC_SHLO(reverse), 1, NULL},
    {"ReverseOp_EmptyDim", reverse_empty_dim, SHARC_SHLO(reverse), 1, NULL},
    {"ReverseOp_SplatToNoop", reverse_splat, SHARC_SHLO(reverse), 2, NULL},
    {"ReverseOp_ZeroElements", reverse_zero_elements, SHARC_SHLO(reverse), 1, NULL},
    {"SelectOp_InvertBroadcastPredicateAndSwap", select_invert_broadcast_predicate,
     SHARC_SHLO(select), 3, NULL},
    {"SelectOp_InvertPredicateAndSwap", select_invert_predicate, SHARC_SHLO(select), 2, NULL},
    {"SliceOp_RemoveNoop", slice_remove_noop, SHARC_SHLO(slice), 1, NULL},
    {"SubtractOp_FoldToZero", subtract_fold_to_zero, SHARC_SHLO(subtract), 1, NULL},
    {"SubtractOp_RemoveNoop", subtract_remove_noop, SHARC_SHLO(subtract), 2, NULL},
    {"TransposeOp_RemoveNoop", transpose_remove_noop, SHARC_SHLO(transpose), 1, NULL},
    {"TransposeOp_TransposeOfTranspose", transpose_of_transpose, SHARC_SHLO(transpose), 2, NULL},
    {"XorOp_CanonicalizeConstantToRhs", constant_to_rhs, SHARC_SHLO(xor), 2, NULL},
    {"XorOp_FoldToZero", xor_fold_to_zero, SHARC_SHLO(xor), 1, NULL},
    {"XorOp_RemoveNoop", xor_remove_noop, SHARC_SHLO(xor), 1, NULL},
    /* hand-written */
    {"CompareOpCanon", compare_canon, SHARC_SHLO(compare), 1, NULL},
    {"ConcatenateOpFlatten", concatenate_flatten, SHARC_SHLO(concatenate), 1, NULL},
    {"ConcatenateOpNoop", concatenate_noop, SHARC_SHLO(concatenate), 1, NULL},
    {"ConcatenateOpRemoveEmpty", concatenate_remove_empty, SHARC_SHLO(concatenate), 1, NULL},
    {"DynamicIotaOpToBroadcast", dynamic_iota_to_broadcast, SHARC_SHLO(dynamic_iota), 1, NULL},
    {"DynamicReshapeOpSameOperandAndResultShape", dynamic_reshape_same_shape,
     SHARC_SHLO(dynamic_reshape), 1, NULL},
    {"GatherOpCanon", gather_to_slice, SHARC_SHLO(gather), 1, NULL},
    {"IotaOpBroadcast", iota_broadcast, SHARC_SHLO(iota), 1, NULL},
    {"PadOpBroadcastEmptyTensor", pad_broadcast_empty, SHARC_SHLO(pad), 1, NULL},
    {"RealDynamicSliceOpToDynamicSlice", real_dynamic_slice_to_dynamic_slice,
     SHARC_SHLO(real_dynamic_slice), 1, NULL},
    {"ReduceOpEmptyCanon", reduce_empty, SHARC_SHLO(reduce), 1, NULL},
    {"ReduceOpNoopVariableReturn", reduce_noop_variable_return, SHARC_SHLO(reduce), 1, NULL},
    {"ReduceOpUnusedResultCanon", reduce_unused_results, SHARC_SHLO(reduce), 1, NULL},
    {"CustomCallUnregisteredBackendConfigToFfi", custom_call_backend_config_to_ffi,
     SHARC_SHLO(custom_call), 1, NULL},
    {"DynamicSliceOpToSlice", dynamic_slice_to_slice, SHARC_SHLO(dynamic_slice), 1, NULL},
    {"SelectOpCanon", select_canon, SHARC_SHLO(select), 1, NULL},
    {"SliceOpConcatSimplify", slice_concat, SHARC_SHLO(slice), 1, NULL},
    {"SortOpDropUnusedArgs", sort_drop_unused, SHARC_SHLO(sort), 1, NULL},
    {"SortOpSetDimension", sort_set_dimension, SHARC_SHLO(sort), 1, NULL},
    {"TransposeIsReshape", transpose_is_reshape, SHARC_SHLO(transpose), 1, NULL},
    {"TupleIsRepacking", tuple_is_repacking, SHARC_SHLO(tuple), 1, NULL},
    {"WhileOpImplicitCapture", while_implicit_capture, SHARC_SHLO(while), 1, NULL},
    /* any op */
    {"ZeroExtentToEmptyConstant", zero_extent_to_empty, NULL, 1, NULL},
    /* added last, without the benefit argument */
    {"GetDimensionSizeOpCanon", get_dimension_size_canon, SHARC_SHLO(get_dimension_size), 1, NULL},
    {"DynamicBroadcastInDimOpNotActuallyDynamic", dbid_not_dynamic, SHARC_SHLO(dynamic_broadcast_in_dim),
     1, NULL},
    {"DynamicReshapeOpIsStatic", dynamic_reshape_is_static, SHARC_SHLO(dynamic_reshape), 1, NULL},
    {"DynamicIotaIsStatic", dynamic_iota_is_static, SHARC_SHLO(dynamic_iota), 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* ---- what the unported patterns could rewrite --------------------------------------------- */

static bool any_result_unused(sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (!sharc_value_has_uses(sharc_op_result(op, i)))
      return true;
  return false;
}

/* Reduce bodies of a single and/or over splat constant inputs
 * (LowerBoolSplatConstantsIntoReduceOpRegion). */
static bool reduce_bool_splats(sharc_op *op) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *first = b ? sharc_block_first_op(b) : NULL;
  if (!first || !sharc_op_next(first) || sharc_op_next(sharc_op_next(first)))
    return false;
  if (!sharc_op_isa(first, SHARC_SHLO(and)) && !sharc_op_isa(first, SHARC_SHLO(or)))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!sharc_shlo_splat_attr(operand(op, i)))
      return false;
  return true;
}

bool sharc_shlo_unported_pattern_applies(sharc_op *op, bool folder, bool simplification) {
  (void)simplification;
  if (!sharc_str_starts_with(sharc_ident_str(sharc_op_name(op)), "stablehlo."))
    return false;
  if (folder && sharc_op_isa(op, SHARC_SHLO(reduce)))
    return reduce_bool_splats(op);
  if (folder && sharc_op_isa(op, SHARC_SHLO(case)))
    return sharc_shlo_const_attr(operand(op, 0)) != NULL && !any_result_unused(op);
  return false;
}

/* ---- the pass ----------------------------------------------------------------------------- */

static const sharc_option_def options[] = {SHARC_SHLO_OPTION_FOLD_OP_ELEMENT_LIMIT};

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  sharc_stablehlo_tio_options o = *(const sharc_stablehlo_tio_options *)opts;
  return sharc_shlo_run_patterns(func, &o, false, true, "stablehlo-aggressive-simplification", run);
}

const sharc_pass_def sharc_pass_stablehlo_aggressive_simplification = {
    .flag = "stablehlo-aggressive-simplification",
    .display_name = "StablehloAggressiveSimplificationPass",
    .summary = "Canonicalizes StableHLO operations",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_stablehlo_tio_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

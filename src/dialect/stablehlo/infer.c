/* StableHLO's result type inference (TypeInference.cpp's infer* functions)
 * for the ops whose rows carry an `infer` hook: the op's own errors, then
 * the comparison of the inferred types with the declared results. */
#include "dialect/stablehlo/shlo.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

/* broadcast: the sizes prepended to the operand's shape. */
bool sharc_shlo_infer_broadcast(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *sizes = sharc_shlo_i64_array(op, "broadcast_sizes");
  if (!in || !sizes)
    return true;
  unsigned n = sharc_attr_count(sizes), rank = n + in->shaped.rank;
  for (unsigned i = 0; i < n; i++) {
    int64_t s = sharc_attr_dense_array_i64(sizes, i);
    if (s < 0) {
      sharc_shlo_error(op, "Broadcast with negative dimension size %lld", (long long)s);
      return false;
    }
  }
  int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape);
  for (unsigned i = 0; i < n; i++)
    shape[i] = sharc_attr_dense_array_i64(sizes, i);
  for (unsigned i = 0; i < in->shaped.rank; i++)
    shape[n + i] = in->shaped.shape[i];
  sharc_type *t = sharc_type_tensor(sharc_op_context(op), shape, rank, in->shaped.elem, NULL);
  free(shape);
  return sharc_shlo_check_inferred(op, t);
}

/* ---- dimension and bound merging (Base.cpp) ---------------------------- */

typedef struct dim_bound {
  int64_t size, bound;
} dim_bound;

static bool is_dyn(int64_t d) { return d == SHARC_DYNAMIC; }

/* inferMostSpecificDimAndBound; false after the error. */
static bool most_specific_dim(sharc_op *op, unsigned dim, dim_bound l, dim_bound r, dim_bound *out) {
  out->size = out->bound = SHARC_DYNAMIC;
  if (!is_dyn(l.size) || !is_dyn(r.size)) {
    if (!is_dyn(l.size) && !is_dyn(r.size) && l.size != r.size) {
      sharc_shlo_error(op, "Mismatched dimension sizes %lld and %lld in dimension %u",
                       (long long)l.size, (long long)r.size, dim);
      return false;
    }
    out->size = !is_dyn(l.size) ? l.size : r.size;
    if (!is_dyn(l.bound) || !is_dyn(r.bound)) {
      int64_t check = !is_dyn(l.bound) ? l.bound : r.bound;
      if (out->size > check) {
        sharc_shlo_error(op, "Mismatched dimension size %lld and bound %lld in dimension %u",
                         (long long)out->size, (long long)check, dim);
        return false;
      }
    }
  } else if (!is_dyn(l.bound) && !is_dyn(r.bound)) {
    out->bound = l.bound < r.bound ? l.bound : r.bound;
  } else {
    out->bound = !is_dyn(l.bound) ? l.bound : r.bound;
  }
  return true;
}

/* inferLeastSpecificDimAndBound. */
static bool least_specific_dim(sharc_op *op, unsigned dim, dim_bound l, dim_bound r, dim_bound *out) {
  out->size = out->bound = SHARC_DYNAMIC;
  if (!is_dyn(l.size) || !is_dyn(r.size)) {
    if (!is_dyn(l.size) && !is_dyn(r.size)) {
      if (l.size != r.size) {
        sharc_shlo_error(op, "Mismatched dimension sizes %lld and %lld in dimension %u",
                         (long long)l.size, (long long)r.size, dim);
        return false;
      }
      out->size = l.size;
    } else if (!is_dyn(l.bound) || !is_dyn(r.bound)) {
      int64_t a = !is_dyn(l.size) ? l.size : r.size, b = !is_dyn(l.size) ? r.bound : l.bound;
      out->bound = a > b ? a : b;
    }
  } else if (!is_dyn(l.bound) && !is_dyn(r.bound)) {
    out->bound = l.bound > r.bound ? l.bound : r.bound;
  }
  return true;
}

typedef bool (*merge_fn)(sharc_op *, unsigned, dim_bound, dim_bound, dim_bound *);

static int64_t bound_at(const sharc_attr *bounds, unsigned i) {
  return bounds && i < sharc_attr_count(bounds) ? sharc_attr_dense_array_i64(bounds, i) : SHARC_DYNAMIC;
}

/* A tensor type with `bounds` as its encoding, or none when no input had
 * bounds (boundsToEncoding). */
static sharc_type *with_bounds(sharc_op *op, const int64_t *shape, unsigned rank, sharc_type *elem,
                               const int64_t *bounds, bool any_bounds) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *enc = NULL;
  if (any_bounds) {
    bool all_dynamic = true;
    for (unsigned i = 0; i < rank; i++)
      all_dynamic = all_dynamic && is_dyn(bounds[i]);
    if (!all_dynamic) {
      sharc_attr *f[1] = {sharc_attr_dense_i64_array(ctx, bounds, rank)};
      enc = sharc_shlo_struct_get(ctx, &sharc_shlo_type_extensions_def, f);
    }
  }
  return sharc_type_tensor(ctx, shape, rank, elem, enc);
}

/* inferTypeWithCustomFn over ranked types; NULL after an error. */
static sharc_type *merge_ranked(sharc_op *op, const sharc_type *const *types, unsigned n, merge_fn fn) {
  unsigned rank = types[0]->shaped.rank;
  for (unsigned i = 0; i < n; i++)
    if (types[i]->shaped.rank != rank) {
      sharc_shlo_error(op, "Mismatched ranks of types%u vs %u", rank, types[i]->shaped.rank);
      return NULL;
    }
  int64_t *sizes = sharc_xmalloc_array(rank + 1, sizeof *sizes),
          *bounds = sharc_xmalloc_array(rank + 1, sizeof *bounds);
  sharc_attr *b0 = sharc_shlo_bounds(types[0]);
  bool any = b0 != NULL, ok = true;
  for (unsigned d = 0; d < rank; d++) {
    sizes[d] = types[0]->shaped.shape[d];
    bounds[d] = bound_at(b0, d);
  }
  for (unsigned i = 1; i < n && ok; i++) {
    sharc_attr *bi = sharc_shlo_bounds(types[i]);
    for (unsigned d = 0; d < rank && ok; d++) {
      dim_bound l = {sizes[d], bounds[d]}, r = {types[i]->shaped.shape[d], bound_at(bi, d)}, out;
      ok = fn(op, d, l, r, &out);
      sizes[d] = out.size;
      bounds[d] = out.bound;
    }
  }
  sharc_type *t = ok ? with_bounds(op, sizes, rank, types[0]->shaped.elem, bounds, any) : NULL;
  free(sizes);
  free(bounds);
  return t;
}

/* inferMostSpecificType / inferLeastSpecificType, tuples element-wise. */
static sharc_type *merge_types(sharc_op *op, sharc_type *const *types, unsigned n, merge_fn fn) {
  unsigned tuples = 0;
  for (unsigned i = 0; i < n; i++)
    tuples += types[i]->kind == SHARC_TYPE_TUPLE;
  if (tuples) {
    if (tuples != n) {
      sharc_shlo_error(op, "Mismatched type kinds: either all types must be tuples, or no types "
                       "must be tuples");
      return NULL;
    }
    unsigned size = sharc_type_count(types[0]);
    for (unsigned i = 0; i < n; i++)
      if (sharc_type_count(types[i]) != size) {
        sharc_shlo_error(op, "Mismatched tuple sizes: all tuple sizes must be the same");
        return NULL;
      }
    sharc_type **elems = sharc_xmalloc_array(size + 1, sizeof *elems),
               **column = sharc_xmalloc_array(n + 1, sizeof *column);
    sharc_type *result = NULL;
    bool ok = true;
    for (unsigned k = 0; k < size && ok; k++) {
      for (unsigned i = 0; i < n; i++)
        column[i] = sharc_type_at(types[i], k);
      elems[k] = merge_types(op, column, n, fn);
      ok = elems[k] != NULL;
    }
    if (ok)
      result = sharc_type_tuple(sharc_op_context(op), elems, size);
    free(elems);
    free(column);
    return result;
  }
  const sharc_type **ranked = sharc_xmalloc_array(n + 1, sizeof *ranked);
  unsigned nr = 0;
  sharc_type *unranked = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (types[i]->kind == SHARC_TYPE_TENSOR)
      ranked[nr++] = types[i];
    else if (!unranked)
      unranked = types[i];
  }
  sharc_type *result;
  if (fn == least_specific_dim && unranked)
    result = unranked;
  else if (nr == 0)
    result = types[0];
  else
    result = merge_ranked(op, ranked, nr, fn);
  free(ranked);
  return result;
}

sharc_type *sharc_shlo_most_specific(sharc_op *op, sharc_type *const *types, unsigned n) {
  return merge_types(op, types, n, most_specific_dim);
}

/* ---- ops --------------------------------------------------------------- */

/* inferConcatenateOp. */
bool sharc_shlo_infer_concatenate(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  const sharc_type *first = n ? sharc_shlo_ranked(operand_type(op, 0)) : NULL;
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension");
  if (!first || !dim_attr || dim_attr->kind != SHARC_ATTR_INTEGER)
    return true;
  int64_t dim = sharc_attr_int_value(dim_attr);
  unsigned rank = first->shaped.rank;
  if (rank == 0) {
    sharc_shlo_error(op, "rank-0 values cannot be concatenated");
    return false;
  }
  if (dim >= (int64_t)rank) {
    sharc_shlo_error(op, "dimension %lld is out-of-bounds for input rank %u", (long long)dim, rank);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = sharc_shlo_ranked(operand_type(op, i));
    if (!t)
      return true;
    if (t->shaped.rank != rank) {
      sharc_shlo_error(op, "operands (0) and (%u) do not match rank", i);
      return false;
    }
    for (unsigned d = 0; d < rank; d++) {
      int64_t a = first->shaped.shape[d], b = t->shaped.shape[d];
      if ((int64_t)d == dim || is_dyn(a) || is_dyn(b) || a == b)
        continue;
      char *ws = sharc_str_dup(sharc_str_from_cstr(sharc_shlo_dims_str(first->shaped.shape, rank)));
      sharc_shlo_error(op, "shapes of operand (0) and (%u) are not compatible at non-concat index "
                       "%u: (%s) != (%s)", i, d, ws, sharc_shlo_dims_str(t->shaped.shape, rank));
      free(ws);
      return false;
    }
  }
  int64_t *sizes = sharc_xmalloc_array(rank + 1, sizeof *sizes),
          *bounds = sharc_xmalloc_array(rank + 1, sizeof *bounds);
  for (unsigned d = 0; d < rank; d++)
    sizes[d] = bounds[d] = SHARC_DYNAMIC;
  sizes[dim] = 0;
  bool any = false, ok = true;
  sharc_attr *witness_enc = NULL;
  for (unsigned i = 0; i < n && ok; i++) {
    const sharc_type *t = operand_type(op, i);
    sharc_attr *b = sharc_shlo_bounds(t);
    any = any || b;
    if (!witness_enc)
      witness_enc = t->shaped.encoding;
    for (unsigned d = 0; d < rank && ok; d++) {
      dim_bound l = {sizes[d], bounds[d]}, r = {t->shaped.shape[d], bound_at(b, d)}, out;
      if ((int64_t)d == dim) {
        /* inferConcatenatedDimAndBound */
        out.size = out.bound = SHARC_DYNAMIC;
        if (!is_dyn(l.size) && !is_dyn(r.size)) {
          out.size = l.size + r.size;
        } else {
          int64_t a = !is_dyn(l.size) ? l.size : l.bound, c = !is_dyn(r.size) ? r.size : r.bound;
          if (!is_dyn(a) && !is_dyn(c))
            out.bound = a + c;
        }
      } else {
        ok = most_specific_dim(op, d, l, r, &out);
      }
      sizes[d] = out.size;
      bounds[d] = out.bound;
    }
  }
  if (ok) {
    sharc_type *t = any ? with_bounds(op, sizes, rank, first->shaped.elem, bounds, true)
                        : sharc_type_tensor(sharc_op_context(op), sizes, rank, first->shaped.elem,
                                            witness_enc);
    ok = sharc_shlo_check_inferred(op, t);
  }
  free(sizes);
  free(bounds);
  return ok;
}

/* The operands of a region's terminator, or NULL when it has none. */
static sharc_op *terminator(sharc_op *op, unsigned region) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, region));
  return b ? sharc_block_last_op(b) : NULL;
}

static void append_type_list(sharc_buf *b, sharc_op *ret) {
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
    sharc_buf_printf(b, "%s%s", i ? ", " : "",
                     sharc_shlo_type_str(sharc_value_type(sharc_op_operand(ret, i))));
}

/* inferConditionalOp (if, case). */
bool sharc_shlo_infer_conditional(sharc_op *op) {
  const sharc_type *sel = sharc_shlo_ranked(operand_type(op, 0));
  if (sel && sel->shaped.rank != 0) {
    sharc_shlo_error(op, "operand should be rank 0 tensor but got rank %u", sel->shaped.rank);
    return false;
  }
  unsigned n = sharc_op_num_regions(op);
  if (n == 0) {
    sharc_shlo_error(op, "expect at least one branch");
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (!sharc_region_first_block(sharc_op_region(op, i))) {
      sharc_shlo_error(op, "expect non-empty region");
      return false;
    }
  sharc_op *first = terminator(op, 0);
  if (!first)
    return true;
  unsigned nr = sharc_op_num_operands(first);
  for (unsigned i = 0; i < n; i++) {
    sharc_block *entry = sharc_region_first_block(sharc_op_region(op, i));
    if (sharc_block_num_args(entry)) {
      sharc_shlo_error(op, "branch %u must have 0 arguments, but found %u", i,
                       sharc_block_num_args(entry));
      return false;
    }
    sharc_op *ret = terminator(op, i);
    if (!ret)
      return true;
    bool same = sharc_op_num_operands(ret) == nr;
    for (unsigned k = 0; same && k < nr; k++)
      same = sharc_shlo_compatible_for_inference(sharc_value_type(sharc_op_operand(first, k)),
                                                 sharc_value_type(sharc_op_operand(ret, k)));
    if (!same) {
      sharc_buf msg = {0};
      sharc_buf_printf(&msg, "branch 0 and branch %u have mismatched return types: ", i);
      append_type_list(&msg, first);
      SHARC_BUF_LIT(&msg, " vs ");
      append_type_list(&msg, ret);
      sharc_shlo_error(op, "%s", msg.data);
      sharc_buf_free(&msg);
      return false;
    }
  }
  sharc_type **inferred = sharc_xmalloc_array(nr + 1, sizeof *inferred),
             **column = sharc_xmalloc_array(n + 1, sizeof *column);
  bool ok = true;
  for (unsigned k = 0; k < nr && ok; k++) {
    for (unsigned i = 0; i < n; i++)
      column[i] = sharc_value_type(sharc_op_operand(terminator(op, i), k));
    inferred[k] = merge_types(op, column, n, least_specific_dim);
    ok = inferred[k] != NULL;
  }
  ok = ok && sharc_shlo_check_inferred_all(op, inferred, nr);
  free(inferred);
  free(column);
  return ok;
}

/* verifyDimInBounds. */
static bool dim_in_bounds(sharc_op *op, const sharc_type *t, int64_t dim) {
  if (dim < 0) {
    sharc_shlo_error(op, "requires non-negative dimension attribute; found (%lld)", (long long)dim);
    return false;
  }
  if (dim >= (int64_t)t->shaped.rank) {
    sharc_shlo_error(op, "requires dimension attribute in range [0, %u); found (%lld)",
                     t->shaped.rank, (long long)dim);
    return false;
  }
  return true;
}

static int64_t int_attr_or(const sharc_op *op, const char *name, int64_t dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && a->kind == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : dflt;
}

bool sharc_shlo_infer_get_dimension_size(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  if (!in || !dim_in_bounds(op, in, int_attr_or(op, "dimension", 0)))
    return !in;
  sharc_context *ctx = sharc_op_context(op);
  return sharc_shlo_check_inferred(
      op, sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), NULL));
}

/* The splat integer of a constant-defined value, as m_Constant matches it. */
static bool constant_splat(const sharc_value *v, int64_t *out) {
  sharc_attr *value = sharc_shlo_constant_ints(v, false);
  if (value)
    *out = sharc_attr_dense_int(value, 0);
  return value != NULL;
}

bool sharc_shlo_infer_set_dimension_size(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *size = sharc_shlo_ranked(operand_type(op, 1));
  if (!in || !size)
    return true;
  if (size->shaped.rank != 0) {
    sharc_shlo_error(op, "size operand should be of rank-0");
    return false;
  }
  int64_t dim = int_attr_or(op, "dimension", 0);
  if (!dim_in_bounds(op, in, dim))
    return false;
  unsigned rank = in->shaped.rank;
  int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape),
          *bounds = sharc_xmalloc_array(rank + 1, sizeof *bounds);
  sharc_attr *b = sharc_shlo_bounds(in);
  for (unsigned d = 0; d < rank; d++) {
    shape[d] = in->shaped.shape[d];
    bounds[d] = bound_at(b, d);
  }
  if (!is_dyn(shape[dim]))
    bounds[dim] = shape[dim];
  shape[dim] = SHARC_DYNAMIC;
  int64_t splat;
  if (constant_splat(sharc_op_operand(op, 1), &splat) && splat == bounds[dim]) {
    shape[dim] = splat;
    bounds[dim] = SHARC_DYNAMIC;
  }
  sharc_type *t = with_bounds(op, shape, rank, in->shaped.elem, bounds, true);
  free(shape);
  free(bounds);
  return sharc_shlo_check_inferred(op, t);
}

/* A tensor of `t`'s shape and encoding with element `elem`. */
static sharc_type *same_shape_as(sharc_op *op, const sharc_type *t, sharc_type *elem) {
  sharc_context *ctx = sharc_op_context(op);
  if (t->kind != SHARC_TYPE_TENSOR)
    return sharc_type_unranked_tensor(ctx, elem);
  return sharc_type_tensor(ctx, t->shaped.shape, t->shaped.rank, elem, t->shaped.encoding);
}

static sharc_type *real_of(const sharc_type *elem) {
  return elem->kind == SHARC_TYPE_COMPLEX ? elem->elem : (sharc_type *)elem;
}

/* abs, real, imag: the operand with complex elements made real. */
bool sharc_shlo_infer_real_part(sharc_op *op) {
  const sharc_type *in = operand_type(op, 0);
  if (!sharc_type_element(in))
    return true;
  return sharc_shlo_check_inferred(op, same_shape_as(op, in, real_of(sharc_type_element(in))));
}

bool sharc_shlo_infer_is_finite(sharc_op *op) {
  const sharc_type *in = operand_type(op, 0);
  sharc_context *ctx = sharc_op_context(op);
  return sharc_shlo_check_inferred(op, same_shape_as(op, in, sharc_type_integer(ctx, 1, SHARC_SIGNLESS)));
}

/* HLO_CompatibleOperandsAndResultType's inference: the most specific of the
 * operand types. */
bool sharc_shlo_infer_compatible_operands(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  if (n == 0) {
    sharc_shlo_error(op, "Expected non-empty operands for [CompatibleOperandsAndResultType]");
    return false;
  }
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_operand(op, i));
  sharc_type *t = sharc_shlo_most_specific(op, types, n);
  free(types);
  return t && sharc_shlo_check_inferred(op, t);
}

/* ---- ODS traits --------------------------------------------------------- */

static const sharc_type *elem_or_self(const sharc_type *t) {
  sharc_type *e = sharc_type_element(t);
  return e && t->kind != SHARC_TYPE_COMPLEX ? e : t;
}

/* SameOperandsAndResultElementType (which first asks for an operand and a
 * result). */
bool sharc_shlo_trait_same_element_type(sharc_op *op) {
  unsigned n_res = sharc_op_num_results(op), n_in = sharc_op_num_operands(op);
  if (n_res < 1) {
    sharc_emit_op_error(op, "expected 1 or more results, but found %u", n_res);
    return false;
  }
  if (n_in < 1) {
    sharc_emit_op_error(op, "expected 1 or more operands, but found %u", n_in);
    return false;
  }
  const sharc_type *e = elem_or_self(sharc_value_type(sharc_op_result(op, 0)));
  for (unsigned i = 0; i < n_in + n_res; i++) {
    sharc_value *v = i < n_in ? sharc_op_operand(op, i) : sharc_op_result(op, i - n_in);
    if (elem_or_self(sharc_value_type(v)) != e) {
      sharc_emit_op_error(op, "requires the same element type for all operands and results");
      return false;
    }
  }
  return true;
}

/* HLO_CompatibleOperandsAndResultElementType. */
bool sharc_shlo_trait_compatible_element_type(sharc_op *op) {
  return sharc_shlo_all_values_like_first(
      op, sharc_shlo_compatible_element,
      "requires compatible element types for all operands and results");
}

/* inferTransposeOp. */
bool sharc_shlo_infer_transpose(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *perm = sharc_shlo_i64_array(op, "permutation");
  if (!in || !perm)
    return true;
  unsigned rank = in->shaped.rank, n = sharc_attr_count(perm);
  if (n != rank) {
    sharc_shlo_error(op, "TransposeOp operand rank %u does not match permutation size %u", rank, n);
    return false;
  }
  int64_t *vals = sharc_xmalloc_array(n + 1, sizeof *vals),
          *shape = sharc_xmalloc_array(n + 1, sizeof *shape);
  int64_t *bounds = sharc_xmalloc_array(n + 1, sizeof *bounds),
          *range = sharc_xmalloc_array(n + 1, sizeof *range);
  bool *seen = sharc_xcalloc(n + 1, sizeof *seen);
  bool is_perm = true;
  for (unsigned i = 0; i < n; i++) {
    vals[i] = sharc_attr_dense_array_i64(perm, i);
    range[i] = i;
    if (vals[i] < 0 || vals[i] >= (int64_t)n || seen[vals[i]])
      is_perm = false;
    else
      seen[vals[i]] = true;
  }
  bool ok = is_perm;
  if (!is_perm) {
    char *r = sharc_str_dup(sharc_str_from_cstr(sharc_shlo_dims_str(range, n)));
    sharc_shlo_error(op, "attribute permutation must be a permutation of [%s] but got %s", r,
                     sharc_shlo_dims_str(vals, n));
    free(r);
  } else {
    sharc_attr *b = sharc_shlo_bounds(in);
    for (unsigned i = 0; i < n; i++) {
      shape[i] = in->shaped.shape[vals[i]];
      bounds[i] = bound_at(b, (unsigned)vals[i]);
    }
    sharc_type *t = b ? with_bounds(op, shape, n, in->shaped.elem, bounds, true)
                      : sharc_type_tensor(sharc_op_context(op), shape, n, in->shaped.elem,
                                          in->shaped.encoding);
    ok = sharc_shlo_check_inferred(op, t);
  }
  free(vals);
  free(shape);
  free(bounds);
  free(range);
  free(seen);
  return ok;
}

/* inferMapOp. */
bool sharc_shlo_infer_map(sharc_op *op) {
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block) {
    sharc_shlo_error(op, "expect non-empty region");
    return false;
  }
  unsigned n = sharc_op_num_operands(op), n_args = sharc_block_num_args(block);
  if (n != n_args) {
    sharc_shlo_error(op, "expects number of operands to match the arity of map computation, but "
                     "got: %u and %u", n, n_args);
    return false;
  }
  for (unsigned i = 0; i < n_args; i++) {
    const sharc_type *arg = sharc_value_type(sharc_block_arg(block, i));
    if (!sharc_shlo_ranked(arg))
      return true;
    if (arg->shaped.rank != 0) {
      sharc_shlo_error(op, "computation arguments must be 0-rank tensor, but got: arg #%u of type "
                       "%s", i, sharc_shlo_type_str(arg));
      return false;
    }
    const sharc_type *elem = sharc_type_element(operand_type(op, i));
    if (arg->shaped.elem != elem) {
      sharc_shlo_error(op, "element type of operands and computation arguments must match, but "
                       "got: %s and %s", sharc_shlo_type_str(elem),
                       sharc_shlo_type_str(arg->shaped.elem));
      return false;
    }
  }
  sharc_op *ret = sharc_block_last_op(block);
  if (!ret)
    return true;
  if (sharc_op_num_operands(ret) != 1) {
    sharc_shlo_error(op, "computation must return single output, but got: %u",
                     sharc_op_num_operands(ret));
    return false;
  }
  const sharc_type *out = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(ret, 0)));
  if (!out)
    return true;
  if (out->shaped.rank != 0) {
    sharc_shlo_error(op, "computation must return 0-rank tensor, but got: %s",
                     sharc_shlo_type_str(out));
    return false;
  }
  sharc_attr *dims = sharc_shlo_i64_array(op, "dimensions");
  unsigned nd = dims ? sharc_attr_count(dims) : 0;
  for (unsigned i = 0; i < nd; i++)
    if (sharc_attr_dense_array_i64(dims, i) != (int64_t)i) {
      int64_t *v = sharc_xmalloc_array(nd + 1, sizeof *v);
      for (unsigned k = 0; k < nd; k++)
        v[k] = sharc_attr_dense_array_i64(dims, k);
      sharc_shlo_error(op, "requires monotonically increasing dimension numbers, but got: %s",
                       sharc_shlo_dims_str(v, nd));
      free(v);
      return false;
    }
  const sharc_type *shape_of = NULL;
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = sharc_shlo_ranked(operand_type(op, i));
    if (!t)
      return true;
    if (nd != t->shaped.rank) {
      sharc_shlo_error(op, "applied to a subset of dimensions currently not supported: operand "
                       "dimensions = %u, requested map dimensions size = %u", t->shaped.rank, nd);
      return false;
    }
    shape_of = t;
  }
  if (!shape_of)
    return true;
  return sharc_shlo_check_inferred(op, sharc_type_tensor(sharc_op_context(op), shape_of->shaped.shape,
                                                         shape_of->shaped.rank, out->shaped.elem,
                                                         NULL));
}

/* The operand types passed through (sort, collective_permute, ...). */
bool sharc_shlo_infer_operand_types(sharc_op *op) {
  return sharc_shlo_infer_first_operand_types(op, sharc_op_num_operands(op));
}

bool sharc_shlo_infer_first_operand_types(sharc_op *op, unsigned n) {
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_operand(op, i));
  bool ok = sharc_shlo_check_inferred_all(op, types, n);
  free(types);
  return ok;
}

/* ---- dot ---------------------------------------------------------------- */

bool sharc_shlo_verify_precision_config(sharc_op *op) {
  sharc_attr *config = sharc_op_attr(op, "precision_config");
  if (!config || config->kind != SHARC_ATTR_ARRAY || sharc_attr_count(config) <= 2)
    return true;
  sharc_shlo_error(op, "expects precision config to be empty or have <= 2 elements, got %u",
                   sharc_attr_count(config));
  return false;
}

static bool compatible_dim(int64_t a, int64_t b) { return is_dyn(a) || is_dyn(b) || a == b; }

/* verifyDotOp. */
bool sharc_shlo_verify_dot(sharc_op *op) {
  if (!sharc_shlo_verify_precision_config(op))
    return false;
  const sharc_type *lhs = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *rhs = sharc_shlo_ranked(operand_type(op, 1));
  if (!lhs || !rhs)
    return true;
  unsigned lr = lhs->shaped.rank, rr = rhs->shaped.rank;
  const int64_t *l = lhs->shaped.shape, *r = rhs->shaped.shape;
  int64_t dims[2];
  unsigned n = 0;
  if (lr == 1 && rr == 1 && compatible_dim(l[0], r[0])) {
  } else if (lr == 2 && rr == 1 && compatible_dim(l[1], r[0])) {
    dims[n++] = l[0];
  } else if (lr == 1 && rr == 2 && compatible_dim(l[0], r[0])) {
    dims[n++] = r[1];
  } else if (lr == 2 && rr == 2 && compatible_dim(l[1], r[0])) {
    dims[n++] = l[0];
    dims[n++] = r[1];
  } else {
    sharc_shlo_error(op, "expected both lhs/rhs ranks to be either 1 or 2");
    return false;
  }
  return sharc_shlo_verify_inferred_shape(op, dims, n);
}

static bool contains_dim(const sharc_attr *list, int64_t d) {
  for (unsigned i = 0; list && i < sharc_attr_count(list); i++)
    if (sharc_attr_dense_array_i64(list, i) == d)
      return true;
  return false;
}

/* inferDotGeneralOp's dimensions: batch, then lhs free, then rhs free. */
bool sharc_shlo_dot_general_result(sharc_op *op, const sharc_type *lhs, const sharc_type *rhs,
                                   const sharc_attr *lb, const sharc_attr *rb,
                                   const sharc_attr *lc, const sharc_attr *rc) {
  unsigned nb = sharc_attr_count(lb), n = 0;
  int64_t *dims = sharc_xmalloc_array(lhs->shaped.rank + rhs->shaped.rank + 1, sizeof *dims);
  sharc_attr *lbounds = sharc_shlo_bounds(lhs), *rbounds = sharc_shlo_bounds(rhs);
  bool ok = true;
  for (unsigned i = 0; ok && i < nb; i++) {
    unsigned a = (unsigned)sharc_attr_dense_array_i64(lb, i), b = (unsigned)sharc_attr_dense_array_i64(rb, i);
    dim_bound l = {lhs->shaped.shape[a], bound_at(lbounds, a)}, r = {rhs->shaped.shape[b], bound_at(rbounds, b)};
    dim_bound out;
    ok = most_specific_dim(op, i, l, r, &out);
    dims[n++] = out.size;
  }
  for (unsigned i = 0; ok && i < lhs->shaped.rank; i++)
    if (!contains_dim(lb, i) && !contains_dim(lc, i))
      dims[n++] = lhs->shaped.shape[i];
  for (unsigned i = 0; ok && i < rhs->shaped.rank; i++)
    if (!contains_dim(rb, i) && !contains_dim(rc, i))
      dims[n++] = rhs->shaped.shape[i];
  ok = ok && sharc_shlo_verify_inferred_shape(op, dims, n);
  free(dims);
  return ok;
}

/* ---- AllElementTypesMatch / AllMatchSameOperatorTrait ------------------- */

static bool elements_match(sharc_op *op, const sharc_type *const *types, unsigned n, const char *names) {
  for (unsigned i = 1; i < n; i++)
    if (elem_or_self(types[i]) != elem_or_self(types[0])) {
      sharc_emit_op_error(op, "failed to verify that all of {%s} have same element type", names);
      return false;
    }
  return true;
}

/* AllElementTypesMatch<["operand", "result"]>. */
bool sharc_shlo_trait_operand_result_elements(sharc_op *op) {
  const sharc_type *t[2] = {operand_type(op, 0), sharc_value_type(sharc_op_result(op, 0))};
  return elements_match(op, t, 2, "operand, result");
}

/* AllElementTypesMatch<["operand", "update", "result"]>. */
bool sharc_shlo_trait_operand_update_result_elements(sharc_op *op) {
  const sharc_type *t[3] = {operand_type(op, 0), operand_type(op, 1),
                            sharc_value_type(sharc_op_result(op, 0))};
  return elements_match(op, t, 3, "operand, update, result");
}

/* slice and pad: SameOperandsAndResultElementType, then the op's three
 * i64 lists of one size (AllMatchSameOperatorTrait). */
static bool element_type_and_lists_of_one_size(sharc_op *op, const char *const names[3]) {
  if (!sharc_shlo_trait_same_element_type(op))
    return false;
  sharc_attr *a = sharc_shlo_i64_array(op, names[0]);
  sharc_attr *b = sharc_shlo_i64_array(op, names[1]);
  sharc_attr *c = sharc_shlo_i64_array(op, names[2]);
  if (a && b && c && (sharc_attr_count(a) != sharc_attr_count(b) ||
                      sharc_attr_count(a) != sharc_attr_count(c))) {
    sharc_emit_op_error(op, "failed to verify that all of {%s, %s, %s} have same size", names[0],
                        names[1], names[2]);
    return false;
  }
  return true;
}

/* Operand 0's ranked type with the op's three i64 lists; NULL when any is
 * missing (what other checks report). */
static const sharc_type *ranked_operand_and_lists(sharc_op *op, const char *const names[3],
                                                  sharc_attr *lists[3]) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  for (unsigned i = 0; i < 3; i++)
    lists[i] = sharc_shlo_i64_array(op, names[i]);
  return lists[0] && lists[1] && lists[2] ? in : NULL;
}

static const char *const slice_lists[3] = {"start_indices", "limit_indices", "strides"};
static const char *const pad_lists[3] = {"edge_padding_low", "edge_padding_high",
                                         "interior_padding"};

bool sharc_shlo_slice_traits(sharc_op *op) {
  return element_type_and_lists_of_one_size(op, slice_lists);
}

/* inferSliceOp. */
bool sharc_shlo_infer_slice(sharc_op *op) {
  sharc_attr *lists[3];
  const sharc_type *in = ranked_operand_and_lists(op, slice_lists, lists);
  if (!in)
    return true;
  sharc_attr *start = lists[0], *limit = lists[1], *strides = lists[2];
  unsigned rank = in->shaped.rank;
  if (sharc_attr_count(start) != rank) {
    sharc_shlo_error(op, "the number of elements in start_indices (%u) does not match the rank of "
                     "the operand (%u)", sharc_attr_count(start), rank);
    return false;
  }
  sharc_attr *bounds = sharc_shlo_bounds(in);
  int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape);
  bool ok = true;
  for (unsigned i = 0; ok && i < rank; i++) {
    int64_t s = sharc_attr_dense_array_i64(start, i), l = sharc_attr_dense_array_i64(limit, i);
    int64_t st = sharc_attr_dense_array_i64(strides, i), size = in->shaped.shape[i];
    int64_t bound = bound_at(bounds, i);
    if (s < 0) {
      sharc_shlo_error(op, "negative start index %lld in dimension %u", (long long)s, i);
      ok = false;
    } else if ((!is_dyn(size) || !is_dyn(bound)) && l > (!is_dyn(size) ? size : bound)) {
      sharc_shlo_error(op, "limit index %lld is larger than dimension %s %lld in dimension %u",
                       (long long)l, !is_dyn(size) ? "size" : "bound",
                       (long long)(!is_dyn(size) ? size : bound), i);
      ok = false;
    } else if (s > l) {
      sharc_shlo_error(op, "start index %lld is larger than limit index %lld in dimension %u",
                       (long long)s, (long long)l, i);
      ok = false;
    } else if (st <= 0) {
      sharc_shlo_error(op, "stride must be positive but got %lld in dimension %u", (long long)st, i);
      ok = false;
    } else {
      shape[i] = sharc_ceil_div(l - s, st); /* s <= l: no overflow */
    }
  }
  if (ok)
    ok = sharc_shlo_check_inferred(op, sharc_type_tensor(sharc_op_context(op), shape, rank,
                                                         in->shaped.elem, NULL));
  free(shape);
  return ok;
}

bool sharc_shlo_pad_traits(sharc_op *op) {
  return element_type_and_lists_of_one_size(op, pad_lists);
}

/* inferPadOp: sizes (or bounds) grown by the padding. */
bool sharc_shlo_infer_pad(sharc_op *op) {
  sharc_attr *lists[3];
  const sharc_type *in = ranked_operand_and_lists(op, pad_lists, lists);
  if (!in)
    return true;
  sharc_attr *low = lists[0], *high = lists[1], *interior = lists[2];
  unsigned rank = in->shaped.rank;
  if (sharc_attr_count(low) != rank) {
    sharc_shlo_error(op, "edge_padding_low length (%u) must match operand rank (%u)",
                     sharc_attr_count(low), rank);
    return false;
  }
  if (sharc_attr_count(high) != rank || sharc_attr_count(interior) != rank)
    return true;
  sharc_attr *in_bounds = sharc_shlo_bounds(in);
  int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape),
          *bounds = sharc_xmalloc_array(rank + 1, sizeof *bounds);
  bool ok = true;
  for (unsigned i = 0; ok && i < rank; i++) {
    int64_t lo = sharc_attr_dense_array_i64(low, i), hi = sharc_attr_dense_array_i64(high, i);
    int64_t mid = sharc_attr_dense_array_i64(interior, i), size = in->shaped.shape[i];
    int64_t bound = bound_at(in_bounds, i);
    shape[i] = bounds[i] = SHARC_DYNAMIC;
    if (mid < 0) {
      sharc_shlo_error(op, "Interior padding cannot be negative: %lld", (long long)mid);
      ok = false;
      break;
    }
    if (is_dyn(size) && is_dyn(bound))
      continue;
    int64_t base = !is_dyn(size) ? size : bound, grow, out;
    if (sharc_mul_overflow(base > 1 ? base - 1 : 0, mid, &grow) ||
        sharc_add_overflow(base, lo, &out) || sharc_add_overflow(out, hi, &out) ||
        sharc_add_overflow(out, grow, &out)) {
      sharc_shlo_error(op, "Padding result in %s overflowing int64 for dimension %u",
                       !is_dyn(size) ? "size" : "bound", i);
      ok = false;
      break;
    }
    if (out < 0) {
      sharc_shlo_error(op, "Padding result in negative %s for dimension %u",
                       !is_dyn(size) ? "size" : "bound", i);
      ok = false;
      break;
    }
    if (!is_dyn(size))
      shape[i] = out;
    else
      bounds[i] = out;
  }
  if (ok)
    ok = sharc_shlo_check_inferred(op, with_bounds(op, shape, rank, in->shaped.elem, bounds,
                                                   in_bounds != NULL));
  free(shape);
  free(bounds);
  return ok;
}

/* inferSelectOp. */
bool sharc_shlo_infer_select(sharc_op *op) {
  const sharc_type *pred = operand_type(op, 0);
  sharc_type *types[2] = {sharc_value_type(sharc_op_operand(op, 1)),
                          sharc_value_type(sharc_op_operand(op, 2))};
  if (!sharc_shlo_compatible_shapes(types[0], types[1]) ||
      elem_or_self(types[0]) != elem_or_self(types[1])) {
    sharc_shlo_error(op, "requires compatible types for non-predicate operands");
    return false;
  }
  if (sharc_shlo_ranked(pred) && pred->shaped.rank != 0 &&
      !sharc_shlo_compatible_shapes(pred, types[0])) {
    sharc_shlo_error(op, "requires the same shape for all operands");
    return false;
  }
  sharc_type *t = sharc_shlo_most_specific(op, types, 2);
  return t && sharc_shlo_check_inferred(op, t);
}

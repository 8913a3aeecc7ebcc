/* StableHLO's ops whose shapes come from operands (TypeInference.cpp's
 * verifyDynamicBroadcastInDimOp, verifyDynamicIotaOp, verifyDynamicPadOp,
 * verifyDynamicReshapeOp, inferRngOp) and the constant's inference: what
 * can be checked when those operands are constants. */
#include "dialect/quant/quant.h"
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

sharc_attr *sharc_shlo_constant_ints(const sharc_value *v, bool with_index) {
  sharc_op *def = sharc_value_defining_op(v);
  sharc_attr *value = def && sharc_op_has_trait(def, SHARC_TRAIT_CONSTANT_LIKE)
                          ? sharc_op_attr(def, "value") : NULL;
  if (!value || value->kind != SHARC_ATTR_DENSE_ELEMENTS)
    return NULL;
  const sharc_type *elem = sharc_type_element(value->type);
  if (!elem || (elem->kind != SHARC_TYPE_INTEGER && !(with_index && elem->kind == SHARC_TYPE_INDEX)))
    return NULL;
  return value;
}

/* matchInts: the integers of a constant-defined value. *out is malloc'ed
 * (free it) when this returns true. */
bool sharc_shlo_match_ints(const sharc_value *v, int64_t **out, unsigned *n) {
  sharc_attr *value = sharc_shlo_constant_ints(v, true);
  int64_t count = value ? sharc_type_num_elements(value->type) : -1;
  if (count < 0)
    return false;
  *n = (unsigned)count;
  *out = sharc_xmalloc_array((size_t)count + 1, sizeof **out);
  for (unsigned i = 0; i < *n; i++)
    (*out)[i] = sharc_attr_dense_int(value, i);
  return true;
}

/* verifyShapeOperandIsCompatibleWithResultType. */
static bool shape_operand_compatible(sharc_op *op, unsigned shape_operand, const sharc_type *result) {
  int64_t *shape;
  unsigned n;
  if (!sharc_shlo_match_ints(sharc_op_operand(op, shape_operand), &shape, &n))
    return true;
  bool ok = true;
  for (unsigned i = 0; i < n; i++)
    ok = ok && shape[i] >= 0;
  if (ok && sharc_shlo_ranked(result)) {
    sharc_type *t = sharc_type_tensor(sharc_op_context(op), shape, n, result->shaped.elem, NULL);
    ok = sharc_shlo_compatible_for_inference(t, result);
  }
  if (!ok) {
    sharc_buf b = {0};
    for (unsigned i = 0; i < n; i++)
      sharc_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)shape[i]);
    sharc_shlo_error(op, "output shape [%s] is incompatible with return type of operation %s",
                     b.data ? b.data : "", sharc_shlo_type_str(result));
    sharc_buf_free(&b);
  }
  free(shape);
  return ok;
}

static bool is_quantized(const sharc_type *t) {
  const sharc_type *e = sharc_type_element(t);
  return e && sharc_quant_is(e);
}

static bool compatible_element_type(sharc_op *op, const sharc_type *in, const sharc_type *out) {
  if (is_quantized(in) || is_quantized(out) || sharc_shlo_compatible_element(in, out))
    return true;
  sharc_shlo_error(op, "expects operand and result to have compatible element type. Got: %s and %s",
                   sharc_shlo_type_str(in), sharc_shlo_type_str(out));
  return false;
}

static unsigned list(sharc_attr *a, int64_t **out) {
  unsigned n = a ? sharc_attr_count(a) : 0;
  *out = sharc_xmalloc_array(n + 1, sizeof **out);
  for (unsigned i = 0; i < n; i++)
    (*out)[i] = sharc_attr_dense_array_i64(a, i);
  return n;
}

static bool static_shape(const sharc_type *t) {
  for (unsigned i = 0; i < t->shaped.rank; i++)
    if (t->shaped.shape[i] == SHARC_DYNAMIC)
      return false;
  return true;
}

static bool check_broadcast_dims(sharc_op *op, const sharc_type *in, const sharc_type *out,
                                 const int64_t *dims, unsigned n) {
  unsigned in_rank = in->shaped.rank, out_rank = out->shaped.rank;
  if (n != in_rank) {
    sharc_shlo_error(op, "broadcast_dimensions size (%u) does not match operand rank (%u)", n,
                     in_rank);
    return false;
  }
  if (out_rank < in_rank) {
    sharc_shlo_error(op, "result rank (%u) is less than operand rank (%u)", out_rank, in_rank);
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (dims[i] == dims[j]) {
        sharc_shlo_error(op, "broadcast_dimensions should not have duplicates");
        return false;
      }
  for (unsigned i = 0; i < n; i++) {
    if (dims[i] < 0 || dims[i] >= (int64_t)out_rank) {
      sharc_shlo_error(op, "broadcast_dimensions contains invalid value %lld for result with rank "
                       "%u", (long long)dims[i], out_rank);
      return false;
    }
    int64_t size = in->shaped.shape[i], res = out->shaped.shape[dims[i]];
    if (size != 1 && size != SHARC_DYNAMIC && res != SHARC_DYNAMIC && size != res) {
      sharc_shlo_error(op, "size of operand dimension %u (%lld) is not compatible with size of "
                       "result dimension %lld (%lld)", i, (long long)size, (long long)dims[i],
                       (long long)res);
      return false;
    }
  }
  return true;
}

/* Expansion hints: no dimension twice, each a dimension of the operand. */
static bool check_hints(sharc_op *op, unsigned rank) {
  int64_t *a, *b;
  unsigned na = list(sharc_shlo_i64_array(op, "known_expanding_dimensions"), &a);
  unsigned nb = list(sharc_shlo_i64_array(op, "known_nonexpanding_dimensions"), &b);
  int64_t *all = sharc_xmalloc_array(na + nb + 1, sizeof *all);
  memcpy(all, a, na * sizeof *a);
  memcpy(all + na, b, nb * sizeof *b);
  bool ok = true;
  for (unsigned i = 0; ok && i < na + nb; i++)
    for (unsigned j = i + 1; ok && j < na + nb; j++)
      if (all[i] == all[j]) {
        sharc_shlo_error(op, "duplicate expansion hint for at least one operand dimension");
        ok = false;
      }
  for (unsigned i = 0; ok && i < na + nb; i++)
    if (all[i] < 0 || all[i] >= (int64_t)rank) {
      sharc_shlo_error(op, "hint for expanding dimension %lld does not refer to a valid operand "
                       "dimension", (long long)all[i]);
      ok = false;
    }
  free(a);
  free(b);
  free(all);
  return ok;
}

bool sharc_shlo_verify_dynamic_broadcast_in_dim(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  if (!in || !out)
    return true;
  if (!compatible_element_type(op, in, out))
    return false;
  int64_t *dims;
  unsigned n = list(sharc_shlo_i64_array(op, "broadcast_dimensions"), &dims);
  bool ok = check_broadcast_dims(op, in, out, dims, n) && shape_operand_compatible(op, 1, out) &&
            check_hints(op, in->shaped.rank);
  int64_t *shape;
  unsigned ns;
  if (ok && static_shape(in) && sharc_shlo_match_ints(sharc_op_operand(op, 1), &shape, &ns)) {
    for (unsigned i = 0; ok && i < n; i++) {
      int64_t size = in->shaped.shape[i];
      int64_t want = dims[i] >= 0 && (unsigned)dims[i] < ns ? shape[dims[i]] : SHARC_DYNAMIC;
      if (size != 1 && size != want) {
        sharc_shlo_error(op, "size of operand dimension %u (%lld) is not equal to 1 or value of "
                         "shape at index %lld (%lld)", i, (long long)size, (long long)dims[i],
                         (long long)want);
        ok = false;
      }
    }
    free(shape);
  }
  free(dims);
  return ok;
}

bool sharc_shlo_verify_dynamic_iota(sharc_op *op) {
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  sharc_attr *d = sharc_op_attr(op, "iota_dimension");
  if (!out || !d)
    return true;
  if (sharc_attr_int_value(d) >= (int64_t)out->shaped.rank) {
    sharc_shlo_error(op, "iota dimension cannot go beyond the output rank.");
    return false;
  }
  return shape_operand_compatible(op, 0, out);
}

/* AllElementTypesMatch<operand, padding_value, result>, AllTypesMatch of
 * the paddings, AllRanksMatch<operand, result>. */
bool sharc_shlo_dynamic_pad_traits(sharc_op *op) {
  const sharc_type *e = sharc_type_element(operand_type(op, 0));
  if (sharc_type_element(operand_type(op, 1)) != e || sharc_type_element(result_type(op, 0)) != e) {
    sharc_emit_op_error(op, "failed to verify that all of {operand, padding_value, result} have "
                        "same element type");
    return false;
  }
  if (operand_type(op, 2) != operand_type(op, 3) || operand_type(op, 2) != operand_type(op, 4)) {
    sharc_emit_op_error(op, "failed to verify that all of {edge_padding_low, edge_padding_high, "
                        "interior_padding} have same type");
    return false;
  }
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  if (in && out && in->shaped.rank != out->shaped.rank) {
    sharc_emit_op_error(op, "failed to verify that all of {operand, result} have same rank");
    return false;
  }
  return true;
}

bool sharc_shlo_verify_dynamic_pad(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *low = sharc_shlo_ranked(operand_type(op, 2));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  if (!in || !low || !out || low->shaped.rank < 1)
    return true;
  if (low->shaped.shape[0] != (int64_t)in->shaped.rank) {
    sharc_shlo_error(op, "padding operands size (%lld) must match operand rank (%u)",
                     (long long)low->shaped.shape[0], in->shaped.rank);
    return false;
  }
  int64_t *interior = NULL, *lo = NULL, *hi = NULL;
  unsigned ni = 0, nl = 0, nh = 0;
  bool have_interior = sharc_shlo_match_ints(sharc_op_operand(op, 4), &interior, &ni);
  bool ok = true;
  if (have_interior) {
    for (unsigned i = 0; ok && i < ni; i++)
      if (interior[i] < 0) {
        sharc_shlo_error(op, "interior_padding must be non-negative, but got %s",
                         sharc_shlo_dims_str(interior, ni));
        ok = false;
      }
  }
  bool have_lo = false, have_hi = false;
  if (ok && have_interior && static_shape(in) && static_shape(out)) {
    have_lo = sharc_shlo_match_ints(sharc_op_operand(op, 2), &lo, &nl);
    have_hi = have_lo && sharc_shlo_match_ints(sharc_op_operand(op, 3), &hi, &nh);
    unsigned n = in->shaped.rank;
    for (unsigned i = 0; ok && have_hi && i < n && i < nl && i < nh && i < ni; i++) {
      int64_t size = in->shaped.shape[i];
      int64_t want = size + lo[i] + (size - 1 > 0 ? size - 1 : 0) * interior[i] + hi[i];
      if (out->shaped.shape[i] != want) {
        sharc_shlo_error(op, "expected output dimension at index %u to equal %lld, but got %lld", i,
                         (long long)want, (long long)out->shaped.shape[i]);
        ok = false;
      }
    }
  }
  if (have_interior)
    free(interior);
  if (have_lo)
    free(lo);
  if (have_hi)
    free(hi);
  return ok;
}

bool sharc_shlo_verify_dynamic_reshape(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(result_type(op, 0));
  const sharc_type *shape_t = sharc_shlo_ranked(operand_type(op, 1));
  if (!in || !out || !shape_t)
    return true;
  if (!compatible_element_type(op, in, out))
    return false;
  if (static_shape(in) && static_shape(out)) {
    int64_t a = sharc_type_num_elements(out), b = sharc_type_num_elements(in);
    if (a != b) {
      sharc_shlo_error(op, "number of output elements (%lld) doesn't match expected number of "
                       "elements (%lld)", (long long)a, (long long)b);
      return false;
    }
  }
  if (!shape_operand_compatible(op, 1, out))
    return false;
  if (shape_t->shaped.rank >= 1 && shape_t->shaped.shape[0] != (int64_t)out->shaped.rank) {
    sharc_shlo_error(op, "result should have a rank equal to the number of elements in "
                     "output_shape");
    return false;
  }
  int64_t *shape;
  unsigned n;
  if (static_shape(in) && sharc_shlo_match_ints(sharc_op_operand(op, 1), &shape, &n)) {
    int64_t count = 1;
    for (unsigned i = 0; i < n; i++)
      count *= shape[i];
    free(shape);
    int64_t operand_count = sharc_type_num_elements(in);
    if (operand_count != count) {
      sharc_shlo_error(op, "output_shape is incompatible with input type of operation: input has "
                       "%lld elements, but output_shape has %lld", (long long)operand_count,
                       (long long)count);
      return false;
    }
  }
  return true;
}

/* inferRngOp. */
bool sharc_shlo_infer_rng(sharc_op *op) {
  sharc_attr *dist = sharc_op_attr(op, "rng_distribution");
  bool uniform = sharc_shlo_enum_index(dist, &sharc_shlo_rng_distribution) == 0;
  const sharc_type *a = operand_type(op, 0), *b = operand_type(op, 1);
  if (!uniform) {
    const sharc_type *mu = sharc_type_element(a), *sigma = sharc_type_element(b);
    if (!mu || !sigma || mu->kind != SHARC_TYPE_FLOAT || sigma->kind != SHARC_TYPE_FLOAT) {
      sharc_shlo_error(op, "mu and sigma must be floats");
      return false;
    }
  }
  const sharc_type *shape_t = sharc_shlo_ranked(operand_type(op, 2));
  sharc_type *elem = sharc_type_element(b);
  if (!shape_t || shape_t->shaped.rank != 1 || !elem)
    return true;
  int64_t *shape;
  unsigned n;
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *t;
  if (sharc_shlo_match_ints(sharc_op_operand(op, 2), &shape, &n)) {
    t = sharc_type_tensor(ctx, shape, n, elem, NULL);
    free(shape);
  } else {
    int64_t size = shape_t->shaped.shape[0];
    n = size < 0 ? 0 : (unsigned)size;
    shape = sharc_xmalloc_array(n + 1, sizeof *shape);
    for (unsigned i = 0; i < n; i++)
      shape[i] = SHARC_DYNAMIC;
    t = sharc_type_tensor(ctx, shape, n, elem, NULL);
    free(shape);
  }
  return sharc_shlo_check_inferred(op, t);
}

/* inferConstantOp: the value's type, equal to the result's. */
bool sharc_shlo_infer_constant(sharc_op *op) {
  sharc_attr *value = sharc_op_attr(op, "value");
  const sharc_type *out = result_type(op, 0);
  if (!value || !value->type || is_quantized(out) || value->type == out)
    return true;
  sharc_type *t = value->type;
  sharc_emit_op_error(op, "inferred type(s) %s are incompatible with return type(s) of operation %s",
                      sharc_shlo_type_str(t), sharc_shlo_type_str(out));
  return false;
}

/* AllElementTypesMatch<operand, result>, AllTypesMatch of the index
 * operands, then verifyRealDynamicSliceOp. */
bool sharc_shlo_real_dynamic_slice_traits(sharc_op *op) {
  if (sharc_type_element(operand_type(op, 0)) != sharc_type_element(result_type(op, 0))) {
    sharc_emit_op_error(op, "failed to verify that all of {operand, result} have same element type");
    return false;
  }
  if (operand_type(op, 1) != operand_type(op, 2) || operand_type(op, 1) != operand_type(op, 3)) {
    sharc_emit_op_error(op, "failed to verify that all of {start_indices, limit_indices, strides} "
                        "have same type");
    return false;
  }
  return true;
}

bool sharc_shlo_verify_real_dynamic_slice(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  if (!in)
    return true;
  static const char *const names[] = {"start_indices", "limit_indices", "strides"};
  for (unsigned i = 0; i < 3; i++) {
    int64_t n = sharc_type_num_elements(operand_type(op, i + 1));
    if (n >= 0 && n != (int64_t)in->shaped.rank) {
      sharc_shlo_error(op, "has mismatched number of operand rank (%u) and %s size (%lld)",
                       in->shaped.rank, names[i], (long long)n);
      return false;
    }
  }
  return true;
}

/* replica_id, partition_id: tensor<ui32>. */
bool sharc_shlo_infer_ui32_scalar(sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  return sharc_shlo_check_inferred(
      op, sharc_type_tensor(ctx, NULL, 0, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), NULL));
}

/* inferTupleOp. */
bool sharc_shlo_infer_tuple(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = operand_type(op, i);
  sharc_type *t = sharc_type_tuple(sharc_op_context(op), types, n);
  free(types);
  return sharc_shlo_check_inferred(op, t);
}

/* complex: SameOperandsElementType, then SameOperandsAndResultShape. */
bool sharc_shlo_complex_traits(sharc_op *op) {
  if (sharc_type_element(operand_type(op, 0)) != sharc_type_element(operand_type(op, 1))) {
    sharc_emit_op_error(op, "requires the same element type for all operands");
    return false;
  }
  return sharc_shlo_verify_elementwise(op);
}

/* inferComplexOp: complex of the operand's element type. */
bool sharc_shlo_infer_complex(sharc_op *op) {
  const sharc_type *in = operand_type(op, 0);
  sharc_type *elem = sharc_type_element(in);
  if (!elem || in->kind != SHARC_TYPE_TENSOR)
    return true;
  sharc_context *ctx = sharc_op_context(op);
  return sharc_shlo_check_inferred(op, sharc_type_tensor(ctx, in->shaped.shape, in->shaped.rank,
                                                         sharc_type_complex(ctx, elem),
                                                         in->shaped.encoding));
}

/* inferCompareOp: i1 elements in the lhs's shape and encoding. */
bool sharc_shlo_infer_compare(sharc_op *op) {
  const sharc_type *in = operand_type(op, 0);
  if (in->kind != SHARC_TYPE_TENSOR)
    return true;
  sharc_context *ctx = sharc_op_context(op);
  return sharc_shlo_check_inferred(op, sharc_type_tensor(ctx, in->shaped.shape, in->shaped.rank,
                                                         sharc_type_integer(ctx, 1, SHARC_SIGNLESS),
                                                         in->shaped.encoding));
}

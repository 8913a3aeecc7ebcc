/* The result shapes StableHLO's InferTypeOpInterface gives an op from its
 * (padded) operands, for -sdy-pad-for-divisibility: Shardy's padGenericOp
 * takes, dimension by dimension, the larger of that shape and the result's
 * padded shape, so that an op whose operands were padded more than its
 * result's own sharding asks still gets a consistent type.
 *
 * Only ops that implement InferTypeOpInterface count (convert, reshape,
 * broadcast_in_dim, iota, custom_call ... do not: their results keep the
 * padded type), with two exceptions kept on purpose: dot_general and
 * convert, where Shardy builds an op its verifier then rejects; the shape
 * inferred here gives a valid op instead. An inference that fails (operands
 * of different shapes) gives no shape, as Shardy then drops it too. Shapes
 * that come from attributes alone (constant, slice, dynamic_slice, rng, the
 * regions of if and case, which are still unconverted when the op is) are
 * the global ones, never larger than the padded type, and left out. */
#include "transforms/sdy/export/pad_inference.h"

#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"

#include <string.h>

static sharc_type *operand_type(sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static bool ranked(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR && sharc_type_has_rank(t);
}

static bool copy_shape(const sharc_type *t, sharc_pad_shape *out) {
  if (!ranked(t) || sharc_type_rank(t) > SHARC_PAD_MAX_RANK)
    return false;
  out->rank = sharc_type_rank(t);
  memcpy(out->dims, sharc_type_shape(t), out->rank * sizeof *out->dims);
  return true;
}

static bool same_shape(const sharc_type *a, const sharc_type *b) {
  return ranked(a) && ranked(b) && sharc_type_rank(a) == sharc_type_rank(b) &&
         memcmp(sharc_type_shape(a), sharc_type_shape(b),
                sharc_type_rank(a) * sizeof(int64_t)) == 0;
}

static int64_t array_at(const sharc_attr *a, unsigned i, int64_t fallback) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY && i < sharc_darray_n(a)
             ? (int64_t)sharc_darray_raw(a)[i]
             : fallback;
}

static bool contains(const sharc_attr *a, int64_t v) {
  for (unsigned i = 0; a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ARRAY && i < sharc_darray_n(a);
       i++)
    if ((int64_t)sharc_darray_raw(a)[i] == v)
      return true;
  return false;
}

/* inferMostSpecificType over operands [from, to), scalars skipped where
 * `skip_scalars` (select's predicate, clamp's bounds). */
static bool most_specific(sharc_op *op, unsigned from, unsigned to, bool skip_scalars,
                          unsigned base, sharc_pad_shape *out) {
  if (base >= sharc_op_num_operands(op) || !copy_shape(operand_type(op, base), out))
    return false;
  for (unsigned i = from; i < to && i < sharc_op_num_operands(op); i++) {
    sharc_type *t = operand_type(op, i);
    if (skip_scalars && ranked(t) && sharc_type_rank(t) == 0)
      continue;
    if (!same_shape(t, operand_type(op, base)))
      return false;
  }
  return true;
}

/* The ops whose inferred result is the most specific of their operands'
 * types (HLO_CompatibleOperandsAndResultType and kin). */
static bool is_compatible_operands_op(sharc_op *op) {
  static const char *const names[] = {
      "add", "and", "atan2", "cbrt", "ceil", "count_leading_zeros", "cosine", "divide",
      "exponential", "exponential_minus_one", "floor", "log", "log_plus_one", "logistic",
      "maximum", "minimum", "multiply", "negate", "not", "or", "popcnt", "power",
      "reduce_precision", "remainder", "round_nearest_afz", "round_nearest_even", "rsqrt",
      "shift_left", "shift_right_arithmetic", "shift_right_logical", "sign", "sine", "sqrt",
      "subtract", "tan", "tanh", "xor", "map"};
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  if (name.len <= 10 || memcmp(name.data, "stablehlo.", 10) != 0)
    return false;
  sharc_str suffix = {name.data + 10, name.len - 10};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (sharc_str_eq_cstr(suffix, names[i]))
      return true;
  return false;
}

/* Ops whose result i has the type of operand i (or of operand 0 for every
 * result). */
static bool result_is_operand(sharc_op *op, unsigned result, unsigned *operand) {
  if (sharc_op_isa(op, SHARC_SHLO(while)) || sharc_op_isa(op, SHARC_SHLO(optimization_barrier)) ||
      sharc_op_isa(op, SHARC_SHLO(sort)) || sharc_op_isa(op, SHARC_SHLO(all_reduce)) ||
      sharc_op_isa(op, SHARC_SHLO(scatter))) {
    *operand = result;
    return true;
  }
  if (sharc_op_isa(op, SHARC_SHLO(abs)) || sharc_op_isa(op, SHARC_SHLO(real)) ||
      sharc_op_isa(op, SHARC_SHLO(imag)) || sharc_op_isa(op, SHARC_SHLO(is_finite)) ||
      sharc_op_isa(op, SHARC_SHLO(compare)) || sharc_op_isa(op, SHARC_SHLO(complex)) ||
      sharc_op_isa(op, SHARC_SHLO(convert)) || sharc_op_isa(op, SHARC_SHLO(reverse)) ||
      sharc_op_isa(op, SHARC_SHLO(select_and_scatter)) ||
      sharc_op_isa(op, SHARC_SHLO(dynamic_update_slice)) ||
      sharc_op_isa(op, SHARC_SHLO(collective_permute)) ||
      sharc_op_isa(op, SHARC_SHLO(collective_broadcast)) ||
      sharc_op_isa(op, SHARC_SHLO(cholesky)) || sharc_op_isa(op, SHARC_SHLO(clamp)) ||
      sharc_op_isa(op, SHARC_SHLO(batch_norm_inference))) {
    *operand = sharc_op_isa(op, SHARC_SHLO(clamp)) ? 1 : 0;
    return true;
  }
  if (sharc_op_isa(op, SHARC_SHLO(triangular_solve))) {
    *operand = 1;
    return true;
  }
  return false;
}

static bool transpose(sharc_op *op, sharc_pad_shape *out) {
  sharc_type *in = operand_type(op, 0);
  sharc_attr *perm = sharc_op_attr(op, "permutation");
  if (!ranked(in) || !perm || sharc_attr_get_kind(perm) != SHARC_ATTR_DENSE_ARRAY ||
      sharc_darray_n(perm) != sharc_type_rank(in) || sharc_darray_n(perm) > SHARC_PAD_MAX_RANK)
    return false;
  out->rank = sharc_type_rank(in);
  for (unsigned d = 0; d < out->rank; d++) {
    int64_t p = (int64_t)sharc_darray_raw(perm)[d];
    if (p < 0 || p >= (int64_t)out->rank)
      return false;
    out->dims[d] = sharc_type_shape(in)[p];
  }
  return true;
}

/* The operand's dimensions but `dims` (reduce). */
static bool without_dims(const sharc_type *in, const sharc_attr *dims, sharc_pad_shape *out) {
  if (!ranked(in) || sharc_type_rank(in) > SHARC_PAD_MAX_RANK)
    return false;
  out->rank = 0;
  for (unsigned d = 0; d < sharc_type_rank(in); d++)
    if (!contains(dims, d))
      out->dims[out->rank++] = sharc_type_shape(in)[d];
  return true;
}

static bool reduce(sharc_op *op, unsigned result, sharc_pad_shape *out) {
  unsigned n = sharc_op_num_operands(op) / 2;
  if (!n || result >= n)
    return false;
  return without_dims(operand_type(op, result), sharc_op_attr(op, "dimensions"), out);
}

static bool dot_general(sharc_op *op, sharc_pad_shape *out) {
  sharc_attr *dn = sharc_op_attr(op, "dot_dimension_numbers");
  const shlo_struct_def *def = &sharc_shlo_dot_def;
  sharc_attr *batch[2] = {sharc_shlo_struct_field(dn, def, 0), sharc_shlo_struct_field(dn, def, 1)};
  sharc_attr *contracting[2] = {sharc_shlo_struct_field(dn, def, 2),
                                sharc_shlo_struct_field(dn, def, 3)};
  sharc_type *types[2] = {operand_type(op, 0), operand_type(op, 1)};
  if (!ranked(types[0]) || !ranked(types[1]))
    return false;
  out->rank = 0;
  for (unsigned i = 0; batch[0] && i < sharc_darray_n(batch[0]) && out->rank < SHARC_PAD_MAX_RANK; i++) {
    int64_t d = (int64_t)sharc_darray_raw(batch[0])[i];
    if (d < 0 || d >= (int64_t)sharc_type_rank(types[0]))
      return false;
    out->dims[out->rank++] = sharc_type_shape(types[0])[d];
  }
  for (unsigned side = 0; side < 2; side++)
    for (unsigned d = 0; d < sharc_type_rank(types[side]); d++) {
      if (contains(batch[side], d) || contains(contracting[side], d))
        continue;
      if (out->rank == SHARC_PAD_MAX_RANK)
        return false;
      out->dims[out->rank++] = sharc_type_shape(types[side])[d];
    }
  return true;
}

static bool concatenate(sharc_op *op, sharc_pad_shape *out) {
  sharc_attr *dim = sharc_op_attr(op, "dimension");
  if (!dim || sharc_attr_get_kind(dim) != SHARC_ATTR_INTEGER ||
      !copy_shape(operand_type(op, 0), out))
    return false;
  int64_t d = sharc_attr_int_value(dim);
  if (d < 0 || d >= (int64_t)out->rank)
    return false;
  out->dims[d] = 0;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_type *t = operand_type(op, i);
    if (!ranked(t) || sharc_type_rank(t) != out->rank)
      return false;
    for (unsigned k = 0; k < out->rank; k++)
      if ((int64_t)k != d && sharc_type_shape(t)[k] != out->dims[k])
        return false; /* inferConcatenateOp's mismatch */
    int64_t size = sharc_type_shape(t)[d];
    if (size == SHARC_DYNAMIC)
      return false;
    out->dims[d] += size;
  }
  return true;
}

/* broadcast: the sizes, then the operand's dimensions. */
static bool broadcast(sharc_op *op, sharc_pad_shape *out) {
  sharc_type *in = operand_type(op, 0);
  sharc_attr *sizes = sharc_op_attr(op, "broadcast_sizes");
  if (!ranked(in) || !sizes || sharc_attr_get_kind(sizes) != SHARC_ATTR_DENSE_ARRAY ||
      sharc_darray_n(sizes) + sharc_type_rank(in) > SHARC_PAD_MAX_RANK)
    return false;
  out->rank = 0;
  for (unsigned i = 0; i < sharc_darray_n(sizes); i++)
    out->dims[out->rank++] = (int64_t)sharc_darray_raw(sizes)[i];
  for (unsigned d = 0; d < sharc_type_rank(in); d++)
    out->dims[out->rank++] = sharc_type_shape(in)[d];
  return true;
}

/* One windowed dimension: the dilated, padded input less the dilated
 * window, over the stride, plus one (inferWindowOutputShape). */
static int64_t window_output(int64_t in, int64_t window, int64_t stride, int64_t base_dilation,
                             int64_t window_dilation, int64_t lo, int64_t hi) {
  if (in == SHARC_DYNAMIC)
    return SHARC_DYNAMIC;
  int64_t dilated_in = in == 0 ? 0 : (in - 1) * base_dilation + 1;
  int64_t dilated_window = window == 0 ? 0 : (window - 1) * window_dilation + 1;
  int64_t padded = dilated_in + lo + hi;
  if (padded < dilated_window || stride <= 0)
    return 0;
  return (padded - dilated_window) / stride + 1;
}

static void padding_at(const sharc_attr *padding, unsigned d, int64_t *lo, int64_t *hi) {
  *lo = *hi = 0;
  if (!padding || sharc_attr_get_kind(padding) != SHARC_ATTR_DENSE_ELEMENTS)
    return;
  *lo = (int64_t)(sharc_dense_splat(padding) ? sharc_dense_raw(padding)[0] : sharc_dense_raw(padding)[2 * d]);
  *hi = (int64_t)(sharc_dense_splat(padding) ? sharc_dense_raw(padding)[0] : sharc_dense_raw(padding)[2 * d + 1]);
}

static bool reduce_window(sharc_op *op, unsigned result, sharc_pad_shape *out) {
  unsigned n = sharc_op_num_operands(op) / 2;
  if (!n || result >= n || !copy_shape(operand_type(op, result), out))
    return false;
  sharc_attr *window = sharc_op_attr(op, "window_dimensions");
  sharc_attr *strides = sharc_op_attr(op, "window_strides");
  sharc_attr *base = sharc_op_attr(op, "base_dilations");
  sharc_attr *dil = sharc_op_attr(op, "window_dilations");
  sharc_attr *padding = sharc_op_attr(op, "padding");
  for (unsigned d = 0; d < out->rank; d++) {
    int64_t lo, hi;
    padding_at(padding, d, &lo, &hi);
    out->dims[d] = window_output(out->dims[d], array_at(window, d, 1), array_at(strides, d, 1),
                                 array_at(base, d, 1), array_at(dil, d, 1), lo, hi);
  }
  return true;
}

/* gather: the start indices' batch dimensions, with the slice sizes that
 * are kept at offset_dims (inferGatherOp). */
static bool gather(sharc_op *op, sharc_pad_shape *out) {
  sharc_type *indices = operand_type(op, 1);
  sharc_attr *dn = sharc_op_attr(op, "dimension_numbers");
  sharc_attr *sizes = sharc_op_attr(op, "slice_sizes");
  if (!ranked(indices) || !dn || !sizes || sharc_attr_get_kind(sizes) != SHARC_ATTR_DENSE_ARRAY)
    return false;
  const shlo_struct_def *def = &sharc_shlo_gather_def;
  sharc_attr *offset_dims = sharc_shlo_struct_field(dn, def, 0);
  sharc_attr *collapsed = sharc_shlo_struct_field(dn, def, 1);
  sharc_attr *operand_batching = sharc_shlo_struct_field(dn, def, 2);
  int64_t index_vector_dim = sharc_shlo_struct_int(dn, def, 5);
  unsigned n_offset = offset_dims ? sharc_darray_n(offset_dims) : 0;
  unsigned n_batch = 0;
  for (unsigned d = 0; d < sharc_type_rank(indices); d++)
    n_batch += (int64_t)d != index_vector_dim;
  out->rank = n_batch + n_offset;
  if (out->rank > SHARC_PAD_MAX_RANK)
    return false;
  unsigned next_size = 0, next_batch = 0;
  for (unsigned d = 0; d < out->rank; d++) {
    if (contains(offset_dims, d)) {
      while (next_size < sharc_darray_n(sizes) &&
             (contains(collapsed, next_size) || contains(operand_batching, next_size)))
        next_size++;
      if (next_size >= sharc_darray_n(sizes))
        return false;
      out->dims[d] = (int64_t)sharc_darray_raw(sizes)[next_size++];
      continue;
    }
    if ((int64_t)next_batch == index_vector_dim)
      next_batch++;
    if (next_batch >= sharc_type_rank(indices))
      return false;
    out->dims[d] = sharc_type_shape(indices)[next_batch++];
  }
  return true;
}

/* fft: the operand's shape, its last dimension fft_length's last / 2 + 1
 * for RFFT and fft_length's last for IRFFT (inferFftOp). */
static bool fft(sharc_op *op, sharc_pad_shape *out) {
  if (!copy_shape(operand_type(op, 0), out) || !out->rank)
    return false;
  sharc_attr *length = sharc_op_attr(op, "fft_length");
  int kind = sharc_shlo_enum_index(sharc_op_attr(op, "fft_type"), &sharc_shlo_fft_type);
  if (!length || sharc_attr_get_kind(length) != SHARC_ATTR_DENSE_ARRAY || !sharc_darray_n(length))
    return false;
  int64_t last = (int64_t)sharc_darray_raw(length)[sharc_darray_n(length) - 1];
  if (kind == 2)
    out->dims[out->rank - 1] = last / 2 + 1;
  else if (kind == 3)
    out->dims[out->rank - 1] = last;
  return true;
}

/* batch_norm_training/grad: the operand's shape, then the feature size. */
static bool batch_norm(sharc_op *op, unsigned result, sharc_pad_shape *out) {
  if (!copy_shape(operand_type(op, 0), out))
    return false;
  if (result == 0)
    return true;
  sharc_attr *feature = sharc_op_attr(op, "feature_index");
  if (!feature || sharc_attr_get_kind(feature) != SHARC_ATTR_INTEGER)
    return false;
  int64_t f = sharc_attr_int_value(feature);
  if (f < 0 || f >= (int64_t)out->rank)
    return false;
  out->dims[0] = out->dims[f];
  out->rank = 1;
  return true;
}

bool sharc_pad_inferred_shape(sharc_op *op, unsigned result, sharc_pad_shape *out) {
  unsigned n = sharc_op_num_operands(op);
  if (!n)
    return false;
  unsigned operand;
  if (is_compatible_operands_op(op))
    return most_specific(op, 0, n, false, 0, out);
  if (sharc_op_isa(op, SHARC_SHLO(select)))
    return most_specific(op, 0, n, true, 1, out);
  if (result_is_operand(op, result, &operand))
    return operand < n && copy_shape(operand_type(op, operand), out);
  if (sharc_op_isa(op, SHARC_SHLO(transpose)))
    return transpose(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(reduce)))
    return reduce(op, result, out);
  if (sharc_op_isa(op, SHARC_SHLO(dot_general)))
    return dot_general(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(concatenate)))
    return concatenate(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(broadcast)))
    return broadcast(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(reduce_window)))
    return reduce_window(op, result, out);
  if (sharc_op_isa(op, SHARC_SHLO(gather)))
    return gather(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(fft)))
    return fft(op, out);
  if (sharc_op_isa(op, SHARC_SHLO(batch_norm_training)) ||
      sharc_op_isa(op, SHARC_SHLO(batch_norm_grad)))
    return batch_norm(op, result, out);
  return false;
}

/* StableHLO's shape rules for clamp, cholesky, triangular_solve,
 * dynamic_update_slice, bitcast_convert, fft, batch_norm_*,
 * optimization_barrier and rng_bit_generator, with the messages of
 * TypeInference.cpp; the result-type comparison is the one of the
 * InferTypeOpInterface ops (sharc_shlo_check_inferred). */
#include "dialect/stablehlo/shlo.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>

static const sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static bool compatible_dims(int64_t a, int64_t b) {
  return a == SHARC_DYNAMIC || b == SHARC_DYNAMIC || a == b;
}

/* Shapes as StableHLO streams an ArrayRef: comma-separated, dynamic sizes
 * as their raw kDynamic value. */
static void append_dims(sharc_buf *b, const int64_t *dims, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)dims[i]);
}

/* A type as a diagnostic streams it: in single quotes. */
static void quoted_type(sharc_buf *b, const sharc_type *t) {
  SHARC_BUF_LIT(b, "'");
  sharc_print_type(t, b);
  SHARC_BUF_LIT(b, "'");
}

/* A message whose %s slots take the quoted types t0 and t1 (t1 optional). */
static bool fail_with_types(sharc_op *op, const char *fmt, const sharc_type *t0,
                            const sharc_type *t1) {
  sharc_buf a = {0}, b = {0};
  quoted_type(&a, t0);
  if (t1)
    quoted_type(&b, t1);
  sharc_shlo_error(op, fmt, a.data, t1 ? b.data : "");
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

static bool clamp_bound_ok(sharc_op *op, const char *which, const sharc_type *bound,
                           const sharc_type *operand) {
  if (bound->shaped.rank == 0 || sharc_shlo_compatible_shapes(bound, operand))
    return true;
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s shape [", which);
  append_dims(&msg, bound->shaped.shape, bound->shaped.rank);
  SHARC_BUF_LIT(&msg, "] is not scalar and is not compatible to operand shape [");
  append_dims(&msg, operand->shaped.shape, operand->shaped.rank);
  SHARC_BUF_LIT(&msg, "]");
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

bool sharc_shlo_verify_clamp(sharc_op *op) {
  const sharc_type *min = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *operand = sharc_shlo_ranked(operand_type(op, 1));
  const sharc_type *max = sharc_shlo_ranked(operand_type(op, 2));
  if (!min || !operand || !max)
    return true;
  return clamp_bound_ok(op, "min", min, operand) && clamp_bound_ok(op, "max", max, operand) &&
         sharc_shlo_check_inferred(op, (sharc_type *)operand);
}

bool sharc_shlo_verify_cholesky(sharc_op *op) {
  const sharc_type *a = sharc_shlo_ranked(operand_type(op, 0));
  if (!a)
    return true;
  unsigned rank = a->shaped.rank;
  const char *problem = NULL;
  if (rank < 2)
    problem = "argument 'a' must have rank >= 2, got shape ";
  else if (!compatible_dims(a->shaped.shape[rank - 2], a->shaped.shape[rank - 1]))
    problem = "minor dimensions of 'a' must have equal size, got shape ";
  if (!problem)
    return sharc_shlo_check_inferred(op, (sharc_type *)a);
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s", problem);
  append_dims(&msg, a->shaped.shape, rank);
  SHARC_BUF_LIT(&msg, ".");
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

static bool batch_dims_compatible(const sharc_type *a, const sharc_type *b) {
  for (unsigned i = 0; i + 2 < a->shaped.rank; i++)
    if (!compatible_dims(a->shaped.shape[i], b->shaped.shape[i]))
      return false;
  return true;
}

bool sharc_shlo_verify_triangular_solve(sharc_op *op) {
  const sharc_type *a = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *b = sharc_shlo_ranked(operand_type(op, 1));
  if (!a || !b)
    return true;
  unsigned rank = a->shaped.rank;
  if (rank < 2)
    return fail_with_types(op, "operand 'a' must have rank >= 2, but got %s%s", a, NULL);
  if (!compatible_dims(a->shaped.shape[rank - 2], a->shaped.shape[rank - 1]))
    return fail_with_types(op, "two minor dimensions of operand 'a' must be compatible, but got "
                           "%s%s", a, NULL);
  if (b->shaped.rank != rank)
    return fail_with_types(op, "operands must have equal rank, but got %s and %s", a, b);
  sharc_attr *left = sharc_op_attr(op, "left_side");
  bool left_side = left && left->kind == SHARC_ATTR_BOOL && left->b;
  if (!compatible_dims(a->shaped.shape[rank - 1], b->shaped.shape[rank - (left_side ? 2 : 1)]))
    return fail_with_types(op, "shared dimension of operands 'a' and 'b' must be compatible, but "
                           "got %s and %s", a, b);
  if (!batch_dims_compatible(a, b))
    return fail_with_types(op, "batch dimensions of the operands must be compatible, but got %s "
                           "and %s", a, b);
  if (sharc_shlo_enum_index(sharc_op_attr(op, "transpose_a"), &sharc_shlo_transpose) == 0) {
    sharc_shlo_error(op, "Invalid transpose option value for triangular solve");
    return false;
  }
  return sharc_shlo_check_inferred(op, (sharc_type *)b);
}

static bool same_element_types(sharc_op *op, unsigned first) {
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = first + 1; i < n; i++)
    if (sharc_type_element(operand_type(op, i)) != sharc_type_element(operand_type(op, first)))
      return false;
  return true;
}

bool sharc_shlo_verify_dynamic_update_slice(sharc_op *op) {
  const sharc_type *operand = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *update = sharc_shlo_ranked(operand_type(op, 1));
  if (!operand || !update)
    return true;
  unsigned rank = operand->shaped.rank, n_starts = sharc_op_num_operands(op) - 2;
  if (update->shaped.rank != rank) {
    sharc_shlo_error(op, "update rank does not match operand rank: %u vs %u.", update->shaped.rank,
               rank);
    return false;
  }
  if (n_starts != rank) {
    sharc_shlo_error(op, "expects number of start_indices to match operand rank: %u vs %u.", n_starts,
               rank);
    return false;
  }
  if (!same_element_types(op, 2)) {
    sharc_shlo_error(op, "start indices must have same element type");
    return false;
  }
  for (unsigned i = 0; i < rank; i++) {
    int64_t o = operand->shaped.shape[i], u = update->shaped.shape[i];
    if (u == SHARC_DYNAMIC || (o != SHARC_DYNAMIC && u <= o))
      continue;
    if (o != SHARC_DYNAMIC) {
      sharc_shlo_error(op, "expects size at dimension %u of update to be in range [0, %lld]. Got: %lld.",
                 i, (long long)o, (long long)u);
      return false;
    }
  }
  return sharc_shlo_check_inferred(op, (sharc_type *)operand);
}

bool sharc_shlo_verify_bitcast_convert(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *out = sharc_shlo_ranked(sharc_value_type(sharc_op_result(op, 0)));
  if (!in || !out)
    return true;
  const sharc_type *ie = in->shaped.elem, *oe = out->shaped.elem;
  if ((ie->kind == SHARC_TYPE_COMPLEX) != (oe->kind == SHARC_TYPE_COMPLEX))
    return fail_with_types(op, "cannot convert between real and complex types, but got: %s and %s",
                           in, out);
  unsigned in_bits = sharc_shlo_bit_width(ie), out_bits = sharc_shlo_bit_width(oe);
  if (!in_bits || !out_bits)
    return true;
  const sharc_type *smaller = in_bits < out_bits ? in : out;
  const sharc_type *bigger = in_bits < out_bits ? out : in;
  unsigned small_bits = in_bits < out_bits ? in_bits : out_bits;
  unsigned big_bits = in_bits < out_bits ? out_bits : in_bits;
  unsigned prefix = smaller->shaped.rank;
  if (in_bits != out_bits) {
    unsigned sr = smaller->shaped.rank, br = bigger->shaped.rank;
    if (sr != br + 1) {
      sharc_shlo_error(op, "rank of smaller element type (%u) should be 1 more than rank of larger "
                 "element type (%u), but %u != %u + 1.", sr, br, sr, br);
      return false;
    }
    int64_t last = smaller->shaped.shape[sr - 1];
    int64_t product;
    if (last != SHARC_DYNAMIC && (sharc_mul_overflow(last, (int64_t)small_bits, &product) ||
                                  product != (int64_t)big_bits)) {
      sharc_buf a = {0}, b = {0};
      quoted_type(&a, in);
      quoted_type(&b, out);
      sharc_shlo_error(op, "requires compatible bit widths. Got: %s and %s, but %u * %lld != %u.",
                 a.data, b.data, small_bits, (long long)last, big_bits);
      sharc_buf_free(&a);
      sharc_buf_free(&b);
      return false;
    }
    prefix = sr - 1;
  }
  for (unsigned i = 0; i < prefix && i < bigger->shaped.rank; i++)
    if (!compatible_dims(smaller->shaped.shape[i], bigger->shaped.shape[i]))
      return fail_with_types(op, "operand and result shapes must match except for the innermost "
                             "dimension of the shape with the smaller element type. Got: %s and "
                             "%s.", in, out);
  return true;
}

/* fft_length as StableHLO streams it, for the RFFT/IRFFT messages. */
static void append_length(sharc_buf *b, const sharc_attr *len) {
  for (unsigned i = 0; i < sharc_attr_count(len); i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)sharc_attr_dense_array_i64(len, i));
}

static bool fft_shape_error(sharc_op *op, const char *head, const sharc_type *in,
                            const sharc_attr *len, const char *tail) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "%s", head);
  append_dims(&msg, in->shaped.shape, in->shaped.rank);
  SHARC_BUF_LIT(&msg, " but wanted ");
  append_length(&msg, len);
  sharc_buf_printf(&msg, "%s", tail);
  sharc_shlo_error(op, "%s", msg.data);
  sharc_buf_free(&msg);
  return false;
}

/* The element type FFT produces, or NULL after reporting a bad input. */
static sharc_type *fft_result_element(sharc_op *op, const sharc_type *in, int kind) {
  sharc_type *elem = in->shaped.elem;
  if (kind == 2) {
    if (!(elem->kind == SHARC_TYPE_FLOAT && (elem->fkind == SHARC_F32 || elem->fkind == SHARC_F64))) {
      fail_with_types(op, "RFFT requires f32 or f64 input type, but is given %s.%s", elem, NULL);
      return NULL;
    }
    return sharc_type_complex(sharc_op_context(op), elem);
  }
  if (elem->kind != SHARC_TYPE_COMPLEX) {
    fail_with_types(op, "FFT/IFFT/IRFFT take a complex tensor as input, but is given %s.%s", in,
                    NULL);
    return NULL;
  }
  return kind == 3 ? elem->elem : elem;
}

static bool fft_dims(sharc_op *op, const sharc_type *in, const sharc_attr *len, int kind,
                     int64_t *dims, int64_t last) {
  unsigned n = sharc_attr_count(len), rank = in->shaped.rank;
  if (kind == 2) {
    for (unsigned i = 0; i < n; i++)
      if (!compatible_dims(in->shaped.shape[rank - n + i], sharc_attr_dense_array_i64(len, i)))
        return fft_shape_error(op, "RFFT requires innermost dimensions to be compatible with "
                               "fft_length. Got: ", in, len, ".");
    if (last != 0)
      dims[rank - 1] = last / 2 + 1;
  }
  if (kind == 3) {
    for (unsigned i = 0; i + 1 < n; i++) {
      int64_t od = in->shaped.shape[rank - n + i], fd = sharc_attr_dense_array_i64(len, i);
      if (compatible_dims(od, fd))
        continue;
      char tail[96];
      snprintf(tail, sizeof tail, ", and %lld != %lld.", (long long)od, (long long)fd);
      return fft_shape_error(op, "IRFFT requires non-final dimensions to be compatible with "
                             "fft_length. Got: ", in, len, tail);
    }
    int64_t inner = in->shaped.shape[rank - 1];
    if ((!compatible_dims(inner, 0) || last != 0) && !compatible_dims(inner, last / 2 + 1)) {
      sharc_buf msg = {0};
      sharc_buf_printf(&msg, "IRFFT requires innermost dimension to be compatible with "
                       "fft_length[-1]/2+1. Got: %lld but fft_length is ", (long long)inner);
      append_length(&msg, len);
      SHARC_BUF_LIT(&msg, ".");
      sharc_shlo_error(op, "%s", msg.data);
      sharc_buf_free(&msg);
      return false;
    }
    dims[rank - 1] = last;
  }
  return true;
}

/* RFFT and IRFFT constrain the innermost dimensions by fft_length; the
 * result shape follows from it. */
static bool fft_check_shape(sharc_op *op, const sharc_type *in, const sharc_attr *len, int kind,
                            sharc_type *elem) {
  unsigned n = sharc_attr_count(len), rank = in->shaped.rank;
  int64_t *dims = sharc_xmalloc_array(rank, sizeof *dims + 1);
  for (unsigned i = 0; i < rank; i++)
    dims[i] = in->shaped.shape[i];
  int64_t last = sharc_attr_dense_array_i64(len, n - 1);
  bool ok = fft_dims(op, in, len, kind, dims, last);
  ok = ok && sharc_shlo_check_inferred(op, sharc_type_tensor(sharc_op_context(op), dims, rank, elem, NULL));
  free(dims);
  return ok;
}

bool sharc_shlo_verify_fft(sharc_op *op) {
  const sharc_type *in = sharc_shlo_ranked(operand_type(op, 0));
  sharc_attr *len = sharc_shlo_i64_array(op, "fft_length");
  int kind = sharc_shlo_enum_index(sharc_op_attr(op, "fft_type"), &sharc_shlo_fft_type);
  if (!in || !len || kind < 0)
    return true;
  unsigned n = sharc_attr_count(len), rank = in->shaped.rank;
  if (n < 1 || n > 3) {
    sharc_shlo_error(op, "rank must be between 1 and 3, but got %u.", n);
    return false;
  }
  sharc_type *elem = fft_result_element(op, in, kind);
  if (!elem)
    return false;
  if (rank < n) {
    sharc_buf t = {0};
    quoted_type(&t, in);
    sharc_shlo_error(op, "operand rank must not be less than fft rank of %u for operand of type %s.", n,
               t.data);
    sharc_buf_free(&t);
    return false;
  }
  return fft_check_shape(op, in, len, kind, elem);
}

static bool pairwise_compatible(sharc_op *op, const unsigned *idx, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (!sharc_shlo_compatible_shapes(operand_type(op, idx[i]), operand_type(op, idx[j])))
        return false;
  return true;
}

static void append_dim_size(sharc_buf *b, int64_t d) {
  if (d == SHARC_DYNAMIC)
    SHARC_BUF_LIT(b, "?");
  else
    sharc_buf_printf(b, "%lld", (long long)d);
}

/* verifyBatchNorm: the multi-dimensional operands (operand, grad_output)
 * agree, the 1-d ones agree, and their size is the feature count. Then the
 * results: the operand's type, plus the feature vectors for training/grad. */
static bool verify_batch_norm(sharc_op *op, const unsigned *multi, unsigned n_multi,
                              const unsigned *single, unsigned n_single, bool inference) {
  if (!pairwise_compatible(op, multi, n_multi)) {
    sharc_shlo_error(op, "expects multi-dimensional operands to have compatible shapes.");
    return false;
  }
  if (!pairwise_compatible(op, single, n_single)) {
    sharc_shlo_error(op, "expects single-dimensional operands to have compatible shapes.");
    return false;
  }
  const sharc_type *x = sharc_shlo_ranked(operand_type(op, multi[0]));
  const sharc_type *s = sharc_shlo_ranked(operand_type(op, single[0]));
  sharc_attr *fi = sharc_op_attr(op, "feature_index");
  if (!x || !s || s->shaped.rank < 1 || !fi || fi->kind != SHARC_ATTR_INTEGER)
    return true;
  int64_t feature = sharc_attr_int_value(fi);
  if (feature >= (int64_t)x->shaped.rank) {
    sharc_shlo_error(op, "expects featureIndex to be smaller than the rank of multi-dimensional "
               "operands; got featureIndex %lld, and rank %u.", (long long)feature,
               x->shaped.rank);
    return false;
  }
  if (feature < 0)
    return true;
  int64_t count = x->shaped.shape[feature], size = s->shaped.shape[0];
  if (!compatible_dims(size, count)) {
    sharc_buf msg = {0};
    SHARC_BUF_LIT(&msg, "expects the size of single-dimensional operands to be compatible with "
                  "feature count, but the size of single-dimensional operands is ");
    append_dim_size(&msg, size);
    SHARC_BUF_LIT(&msg, " and the feature count is ");
    append_dim_size(&msg, count);
    SHARC_BUF_LIT(&msg, ".");
    sharc_shlo_error(op, "%s", msg.data);
    sharc_buf_free(&msg);
    return false;
  }
  sharc_type *inferred[3] = {(sharc_type *)x, NULL, NULL};
  if (inference)
    return sharc_shlo_check_inferred_all(op, inferred, 1);
  inferred[1] = inferred[2] =
      sharc_type_tensor(sharc_op_context(op), &count, 1, x->shaped.elem, NULL);
  return sharc_shlo_check_inferred_all(op, inferred, 3);
}

bool sharc_shlo_verify_batch_norm_grad(sharc_op *op) {
  static const unsigned multi[] = {0, 4}, single[] = {1, 2, 3};
  return verify_batch_norm(op, multi, 2, single, 3, false);
}

bool sharc_shlo_verify_batch_norm_inference(sharc_op *op) {
  static const unsigned multi[] = {0}, single[] = {1, 2, 3, 4};
  return verify_batch_norm(op, multi, 1, single, 4, true);
}

bool sharc_shlo_verify_batch_norm_training(sharc_op *op) {
  static const unsigned multi[] = {0}, single[] = {1, 2};
  return verify_batch_norm(op, multi, 1, single, 2, false);
}

/* The results are the operands passed through, type for type. */
bool sharc_shlo_verify_optimization_barrier(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_type **types = sharc_xmalloc_array(n + 1, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = (sharc_type *)operand_type(op, i);
  bool ok = sharc_shlo_check_inferred_all(op, types, n);
  free(types);
  return ok;
}

bool sharc_shlo_verify_rng_bit_generator(sharc_op *op) {
  const sharc_type *initial = sharc_shlo_ranked(operand_type(op, 0));
  const sharc_type *output = sharc_shlo_ranked(sharc_value_type(sharc_op_result(op, 0)));
  if (!initial || !output || sharc_shlo_compatible_shapes(initial, output))
    return true;
  return fail_with_types(op, "output state shape must be compatible with initial state shape. "
                         "Got: %s and %s", initial, output);
}

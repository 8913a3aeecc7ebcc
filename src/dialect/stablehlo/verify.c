/* StableHLO's shape rules for the common ops, with the messages of
 * StableHLO's TypeInference.cpp (which reports them at the op, without the
 * "'op' op" prefix) and of MLIR's traits (with it). */
#include "dialect/stablehlo/shlo.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

sharc_diag *shlo_error(sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *d = sharc_emit_v(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), fmt, ap);
  va_end(ap);
  return d;
}

const sharc_type *shlo_ranked(const sharc_type *t) {
  return t && t->kind == SHARC_TYPE_TENSOR ? t : NULL;
}

sharc_attr *shlo_i64_array(const sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && a->kind == SHARC_ATTR_DENSE_ARRAY ? a : NULL;
}

static const sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static const sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

/* verifyCompatibleShape: same rank, each dimension equal or dynamic. */
static bool compatible_shapes(const sharc_type *a, const sharc_type *b) {
  if (!shlo_ranked(a) || !shlo_ranked(b))
    return true;
  if (a->shaped.rank != b->shaped.rank)
    return false;
  for (unsigned i = 0; i < a->shaped.rank; i++) {
    int64_t x = a->shaped.shape[i], y = b->shaped.shape[i];
    if (x != SHARC_DYNAMIC && y != SHARC_DYNAMIC && x != y)
      return false;
  }
  return true;
}

/* SameOperandsAndResultShape. */
bool shlo_verify_elementwise(sharc_op *op) {
  const sharc_type *first = NULL;
  unsigned n_in = sharc_op_num_operands(op), n = n_in + sharc_op_num_results(op);
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = i < n_in ? operand_type(op, i) : result_type(op, i - n_in);
    if (!first) {
      first = t;
      continue;
    }
    if (!compatible_shapes(first, t)) {
      sharc_emit_op_error(op, "requires the same shape for all operands and results");
      return false;
    }
  }
  return true;
}

bool shlo_verify_broadcast_in_dim(sharc_op *op) {
  const sharc_type *in = shlo_ranked(operand_type(op, 0));
  const sharc_type *out = shlo_ranked(result_type(op, 0));
  sharc_attr *dims = shlo_i64_array(op, "broadcast_dimensions");
  if (!in || !out || !dims)
    return true;
  unsigned n = sharc_attr_count(dims);
  if (n != in->shaped.rank) {
    shlo_error(op, "broadcast_dimensions size (%u) does not match operand rank (%u)", n,
               in->shaped.rank);
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = i + 1; j < n; j++)
      if (sharc_attr_dense_array_i64(dims, i) == sharc_attr_dense_array_i64(dims, j)) {
        shlo_error(op, "broadcast_dimensions should not have duplicates");
        return false;
      }
  for (unsigned i = 0; i < n; i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d < 0 || d >= (int64_t)out->shaped.rank) {
      shlo_error(op, "broadcast_dimensions contains invalid value %lld for result with rank %u",
                 (long long)d, out->shaped.rank);
      return false;
    }
    int64_t size = in->shaped.shape[i];
    if (size == SHARC_DYNAMIC)
      continue;
    int64_t res = out->shaped.shape[d];
    if (size != 1 && size != res) {
      shlo_error(op, "size of operand dimension %u (%lld) is not equal to 1 or size of result "
                 "dimension %lld (%lld)", i, (long long)size, (long long)d, (long long)res);
      return false;
    }
  }
  return true;
}

static void append_list(sharc_buf *b, const int64_t *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
}

/* "inferred type(s) 'X' are incompatible with return type(s) of operation 'Y'" */
static bool check_inferred(sharc_op *op, sharc_type *inferred) {
  const sharc_type *actual = result_type(op, 0);
  if (inferred == actual)
    return true;
  if (compatible_shapes(inferred, actual) && sharc_type_element(inferred) == sharc_type_element(actual))
    return true;
  sharc_buf a = {0}, b = {0};
  sharc_print_type(inferred, &a);
  sharc_print_type(actual, &b);
  sharc_emit_op_error(op, "inferred type(s) '%s' are incompatible with return type(s) of "
                      "operation '%s'", a.data, b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

bool shlo_verify_transpose(sharc_op *op) {
  const sharc_type *in = shlo_ranked(operand_type(op, 0));
  sharc_attr *perm = shlo_i64_array(op, "permutation");
  if (!in || !perm)
    return true;
  unsigned rank = in->shaped.rank, n = sharc_attr_count(perm);
  if (n != rank) {
    shlo_error(op, "TransposeOp operand rank %u does not match permutation size %u", rank, n);
    return false;
  }
  int64_t *vals = malloc((n + 1) * sizeof *vals);
  int64_t *shape = malloc((n + 1) * sizeof *shape);
  bool *seen = calloc(n + 1, sizeof *seen);
  if (!vals || !shape || !seen)
    abort();
  bool is_perm = true;
  for (unsigned i = 0; i < n; i++) {
    vals[i] = sharc_attr_dense_array_i64(perm, i);
    if (vals[i] < 0 || vals[i] >= (int64_t)n || seen[vals[i]])
      is_perm = false;
    else
      seen[vals[i]] = true;
  }
  bool ok = true;
  if (!is_perm) {
    sharc_buf msg = {0};
    SHARC_BUF_LIT(&msg, "attribute permutation must be a permutation of [");
    for (unsigned i = 0; i < n; i++)
      sharc_buf_printf(&msg, "%s%u", i ? ", " : "", i);
    SHARC_BUF_LIT(&msg, "] but got ");
    append_list(&msg, vals, n);
    shlo_error(op, "%s", msg.data);
    sharc_buf_free(&msg);
    ok = false;
  } else {
    for (unsigned i = 0; i < n; i++)
      shape[i] = in->shaped.shape[vals[i]];
    sharc_type *t = sharc_type_tensor(sharc_op_context(op), shape, n, in->shaped.elem, NULL);
    ok = check_inferred(op, t);
  }
  free(vals);
  free(shape);
  free(seen);
  return ok;
}

static int64_t static_elements(const sharc_type *t) {
  int64_t n = 1;
  for (unsigned i = 0; i < t->shaped.rank; i++) {
    if (t->shaped.shape[i] == SHARC_DYNAMIC)
      return -1;
    n *= t->shaped.shape[i];
  }
  return n;
}

bool shlo_verify_reshape(sharc_op *op) {
  const sharc_type *in = shlo_ranked(operand_type(op, 0));
  const sharc_type *out = shlo_ranked(result_type(op, 0));
  if (!in || !out)
    return true;
  int64_t a = static_elements(in), b = static_elements(out);
  if (a < 0 || b < 0 || a == b)
    return true;
  shlo_error(op, "number of output elements (%lld) doesn't match expected number of elements "
             "(%lld)", (long long)b, (long long)a);
  return false;
}

bool shlo_verify_slice(sharc_op *op) {
  const sharc_type *in = shlo_ranked(operand_type(op, 0));
  sharc_attr *start = shlo_i64_array(op, "start_indices");
  sharc_attr *limit = shlo_i64_array(op, "limit_indices");
  sharc_attr *strides = shlo_i64_array(op, "strides");
  if (!in || !start || !limit || !strides)
    return true;
  unsigned rank = in->shaped.rank;
  if (sharc_attr_count(start) != sharc_attr_count(limit) ||
      sharc_attr_count(start) != sharc_attr_count(strides)) {
    sharc_emit_op_error(op, "failed to verify that all of {start_indices, limit_indices, "
                        "strides} have same type");
    return false;
  }
  if (sharc_attr_count(start) != rank) {
    shlo_error(op, "the number of elements in start_indices (%u) does not match the rank of the "
               "operand (%u)", sharc_attr_count(start), rank);
    return false;
  }
  int64_t *shape = malloc((rank + 1) * sizeof *shape);
  if (!shape)
    abort();
  bool ok = true;
  for (unsigned i = 0; ok && i < rank; i++) {
    int64_t s = sharc_attr_dense_array_i64(start, i), l = sharc_attr_dense_array_i64(limit, i);
    int64_t st = sharc_attr_dense_array_i64(strides, i), size = in->shaped.shape[i];
    if (s < 0) {
      shlo_error(op, "negative start index %lld in dimension %u", (long long)s, i);
      ok = false;
    } else if (size != SHARC_DYNAMIC && l > size) {
      shlo_error(op, "limit index %lld is larger than dimension size %lld in dimension %u",
                 (long long)l, (long long)size, i);
      ok = false;
    } else if (s > l) {
      shlo_error(op, "start index %lld is larger than limit index %lld in dimension %u",
                 (long long)s, (long long)l, i);
      ok = false;
    } else if (st <= 0) {
      shlo_error(op, "stride must be positive but got %lld in dimension %u", (long long)st, i);
      ok = false;
    } else {
      shape[i] = size == SHARC_DYNAMIC ? SHARC_DYNAMIC : (l - s + st - 1) / st;
    }
  }
  if (ok)
    ok = check_inferred(op, sharc_type_tensor(sharc_op_context(op), shape, rank,
                                              in->shaped.elem, NULL));
  free(shape);
  return ok;
}

bool shlo_verify_concatenate(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension");
  if (n == 0) {
    shlo_error(op, "expected 1 or more operands, but found 0");
    return false;
  }
  const sharc_type *first = shlo_ranked(operand_type(op, 0));
  if (!first || !dim_attr)
    return true;
  int64_t dim = sharc_attr_int_value(dim_attr);
  unsigned rank = first->shaped.rank;
  if (dim < 0) {
    shlo_error(op, "dimension %lld is negative", (long long)dim);
    return false;
  }
  if (rank == 0) {
    shlo_error(op, "rank-0 values cannot be concatenated");
    return false;
  }
  if (dim >= (int64_t)rank) {
    shlo_error(op, "dimension %lld is out-of-bounds for input rank %u", (long long)dim, rank);
    return false;
  }
  for (unsigned i = 1; i < n; i++) {
    const sharc_type *t = shlo_ranked(operand_type(op, i));
    if (t && t->shaped.rank != rank) {
      shlo_error(op, "operands (0) and (%u) do not match rank", i);
      return false;
    }
  }
  return true;
}

bool shlo_verify_iota(sharc_op *op) {
  const sharc_type *out = shlo_ranked(result_type(op, 0));
  sharc_attr *d = sharc_op_attr(op, "iota_dimension");
  if (!out || !d)
    return true;
  if (out->shaped.rank == 0) {
    shlo_error(op, "does not support scalars.");
    return false;
  }
  if (sharc_attr_int_value(d) >= (int64_t)out->shaped.rank) {
    shlo_error(op, "iota dimension cannot go beyond the output rank.");
    return false;
  }
  return true;
}

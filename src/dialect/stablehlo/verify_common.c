/* What StableHLO's verifiers and shape inference share: the error
 * emitter, ranked-type and i64-array reads, shape compatibility, the check
 * of inferred result types against the declared ones, and type/bounds
 * text for messages. Every verify_*.c and infer.c call these; these call
 * none of them, so the verifier files form no circle. */
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

static bool is_dyn(int64_t d) { return d == SHARC_DYNAMIC; }

bool sharc_shlo_all_values_like_first(sharc_op *op,
                                      bool (*like)(const sharc_type *first, const sharc_type *t),
                                      const char *msg) {
  unsigned n_in = sharc_op_num_operands(op), n = n_in + sharc_op_num_results(op);
  const sharc_type *first = NULL;
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = sharc_value_type(i < n_in ? sharc_op_operand(op, i)
                                                    : sharc_op_result(op, i - n_in));
    if (!first) {
      first = t;
      continue;
    }
    if (!like(first, t)) {
      sharc_emit_op_error(op, "%s", msg);
      return false;
    }
  }
  return true;
}

static bool inferred_matches(const sharc_type *inferred, const sharc_type *actual) {
  return inferred == actual || sharc_shlo_compatible_for_inference(inferred, actual);
}

static void append_quoted_types(sharc_buf *b, sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    sharc_buf_printf(b, "%s'", i ? ", " : "");
    sharc_print_type(types[i], b);
    SHARC_BUF_LIT(b, "'");
  }
}

/* verifyCompatibleShapeWithBounds: compatible shapes, and no static size
 * above the other side's bound. */
static bool compatible_with_bounds(const sharc_type *a, const sharc_type *b) {
  if (!sharc_shlo_compatible_shapes(a, b))
    return false;
  if (!sharc_shlo_ranked(a) || !sharc_shlo_ranked(b))
    return true;
  for (int side = 0; side < 2; side++) {
    const sharc_type *shape = side ? b : a;
    sharc_attr *bounds = sharc_shlo_bounds(side ? a : b);
    if (!bounds || shape->shaped.rank == 0)
      continue;
    for (unsigned i = 0; i < shape->shaped.rank && i < sharc_attr_count(bounds); i++) {
      int64_t bound = sharc_attr_dense_array_i64(bounds, i);
      if (bound != SHARC_DYNAMIC && bound < shape->shaped.shape[i])
        return false;
    }
  }
  return true;
}

sharc_diag *sharc_shlo_error(sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_diag *d = sharc_emit_v(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), fmt, ap);
  va_end(ap);
  return d;
}

const sharc_type *sharc_shlo_ranked(const sharc_type *t) {
  return t && t->kind == SHARC_TYPE_TENSOR ? t : NULL;
}

sharc_attr *sharc_shlo_i64_array(const sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && a->kind == SHARC_ATTR_DENSE_ARRAY ? a : NULL;
}

/* verifyCompatibleShape: same rank, each dimension equal or dynamic. */
bool sharc_shlo_compatible_shapes(const sharc_type *a, const sharc_type *b) {
  if (!sharc_shlo_ranked(a) || !sharc_shlo_ranked(b))
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

bool sharc_shlo_failed_to_infer(sharc_op *op) {
  sharc_emit_op_error(op, "failed to infer returned types");
  return false;
}

bool sharc_shlo_check_inferred(sharc_op *op, sharc_type *inferred) {
  return sharc_shlo_check_inferred_all(op, &inferred, 1);
}

/* "inferred type(s) 'X', 'Y' are incompatible with return type(s) of
 * operation 'Z'": the whole lists, as InferTypeOpInterface reports them. */
bool sharc_shlo_check_inferred_all(sharc_op *op, sharc_type *const *inferred, unsigned n) {
  unsigned n_res = sharc_op_num_results(op);
  bool same = n == n_res;
  for (unsigned i = 0; same && i < n; i++)
    same = inferred_matches(inferred[i], result_type(op, i));
  if (same)
    return true;
  sharc_type **actual = sharc_xmalloc_array(n_res + 1, sizeof *actual);
  for (unsigned i = 0; i < n_res; i++)
    actual[i] = (sharc_type *)result_type(op, i);
  sharc_buf a = {0}, b = {0};
  sharc_buf_printf(&a, "%s", "");
  sharc_buf_printf(&b, "%s", "");
  append_quoted_types(&a, inferred, n);
  append_quoted_types(&b, actual, n_res);
  sharc_emit_op_error(op, "inferred type(s) %s are incompatible with return type(s) of "
                      "operation %s", a.data, b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  free(actual);
  return false;
}

const char *sharc_shlo_type_str(const sharc_type *t) {
  /* a small ring: one diagnostic quotes a few types at most */
  static sharc_buf ring[8];
  static unsigned next;
  sharc_buf *b = &ring[next++ % 8];
  b->len = 0;
  SHARC_BUF_LIT(b, "'");
  sharc_print_type(t, b);
  SHARC_BUF_LIT(b, "'");
  return b->data;
}

const char *sharc_shlo_attr_str(const sharc_attr *a) {
  static sharc_buf ring[2];
  static unsigned next;
  sharc_buf *b = &ring[next++ % 2];
  b->len = 0;
  sharc_buf_printf(b, "%s", "");
  sharc_print_attr(a, b);
  return b->data;
}

const char *sharc_shlo_dims_str(const int64_t *v, unsigned n) {
  static sharc_buf ring[4];
  static unsigned next;
  sharc_buf *b = &ring[next++ % 4];
  b->len = 0;
  sharc_buf_printf(b, "%s", "");
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
  return b->data;
}

sharc_attr *sharc_shlo_bounds(const sharc_type *t) {
  sharc_attr *enc = sharc_type_encoding(t);
  return enc ? sharc_shlo_struct_field(enc, &sharc_shlo_type_extensions_def, 0) : NULL;
}

bool sharc_shlo_compatible_for_inference(const sharc_type *a, const sharc_type *b) {
  bool shaped_a = a->kind == SHARC_TYPE_TENSOR || a->kind == SHARC_TYPE_UNRANKED_TENSOR;
  bool shaped_b = b->kind == SHARC_TYPE_TENSOR || b->kind == SHARC_TYPE_UNRANKED_TENSOR;
  if (shaped_a && shaped_b)
    return compatible_with_bounds(a, b) && sharc_shlo_compatible_element(a, b);
  if (a->kind == SHARC_TYPE_TUPLE && b->kind == SHARC_TYPE_TUPLE) {
    if (sharc_type_count(a) != sharc_type_count(b))
      return false;
    for (unsigned i = 0; i < sharc_type_count(a); i++)
      if (!sharc_shlo_compatible_for_inference(sharc_type_at(a, i), sharc_type_at(b, i)))
        return false;
    return true;
  }
  return sharc_shlo_compatible_element(a, b);
}

bool sharc_shlo_verify_inferred_shape(sharc_op *op, const int64_t *dims, unsigned n) {
  const sharc_type *out = sharc_shlo_ranked(sharc_value_type(sharc_op_result(op, 0)));
  if (!out)
    return true;
  bool ok = out->shaped.rank == n;
  for (unsigned i = 0; ok && i < n; i++)
    ok = is_dyn(dims[i]) || is_dyn(out->shaped.shape[i]) || dims[i] == out->shaped.shape[i];
  if (ok)
    return true;
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "[");
  for (unsigned i = 0; i < n; i++) {
    if (is_dyn(dims[i]))
      sharc_buf_printf(&b, "%s?", i ? ", " : "");
    else
      sharc_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)dims[i]);
  }
  SHARC_BUF_LIT(&b, "]");
  sharc_shlo_error(op, "inferred shape '%s' is incompatible with return type of operation %s",
                   b.data, sharc_shlo_type_str(out));
  sharc_buf_free(&b);
  return false;
}

/* ---- dimension-number lists (gather, scatter) ---- */

void sharc_shlo_dims_load(sharc_shlo_dims *d, const sharc_attr *dn, const shlo_struct_def *def,
                          unsigned field, const char *name) {
  sharc_attr *a = sharc_shlo_struct_field(dn, def, field);
  d->name = name;
  d->n = a && a->kind == SHARC_ATTR_DENSE_ARRAY ? sharc_attr_count(a) : 0;
  d->v = sharc_xmalloc_array(d->n + 1, sizeof *d->v);
  for (unsigned i = 0; i < d->n; i++)
    d->v[i] = sharc_attr_dense_array_i64(a, i);
}

bool sharc_shlo_check_batching_pairs(sharc_op *op, const sharc_shlo_dims *ob, const char *ob_name,
                                     const int64_t *operand_shape, const sharc_shlo_dims *ib,
                                     const char *ib_name, const int64_t *indices_shape,
                                     int64_t ivd, const char *end) {
  if (sharc_shlo_dims_contains(ib, ivd)) {
    sharc_shlo_error(op, "expects %s not to include index_vector_dim %lld%s", ib_name,
                     (long long)ivd, end);
    return false;
  }
  if (ob->n != ib->n) {
    sharc_shlo_error(op, "%s and %s should have the same size%s", ob_name, ib_name, end);
    return false;
  }
  for (unsigned i = 0; i < ob->n; i++) {
    int64_t a = operand_shape[ob->v[i]], b = indices_shape[ib->v[i]];
    if (!is_dyn(a) && !is_dyn(b) && a != b) {
      sharc_shlo_error(op, "%s[%u] and %s[%u] must have compatible sizes, but got %lld and %lld%s",
                       ob_name, i, ib_name, i, (long long)a, (long long)b, end);
      return false;
    }
  }
  return true;
}

bool sharc_shlo_dims_contains(const sharc_shlo_dims *d, int64_t x) {
  for (unsigned i = 0; i < d->n; i++)
    if (d->v[i] == x)
      return true;
  return false;
}

bool sharc_shlo_dims_sorted(const sharc_shlo_dims *d) {
  for (unsigned i = 1; i < d->n; i++)
    if (d->v[i] < d->v[i - 1])
      return false;
  return true;
}

bool sharc_shlo_dims_repeat(const sharc_shlo_dims *a, const sharc_shlo_dims *b, int64_t *dup) {
  unsigned n = a->n + (b ? b->n : 0);
  for (unsigned i = 0; i < n; i++) {
    int64_t x = i < a->n ? a->v[i] : b->v[i - a->n];
    for (unsigned j = 0; j < i; j++)
      if ((j < a->n ? a->v[j] : b->v[j - a->n]) == x) {
        *dup = x;
        return true;
      }
  }
  return false;
}

bool sharc_shlo_dims_distinct(sharc_op *op, const sharc_shlo_dims *a, const sharc_shlo_dims *b) {
  int64_t dup;
  if (!sharc_shlo_dims_repeat(a, b, &dup))
    return true;
  sharc_shlo_error(op, "has duplicated dimension from %s and %s: %lld", a->name, b->name,
                   (long long)dup);
  return false;
}

bool sharc_shlo_dims_in_bounds(sharc_op *op, const sharc_shlo_dims *d, int64_t bound,
                               const char *bound_name) {
  for (unsigned i = 0; i < d->n; i++)
    if (d->v[i] < 0 || d->v[i] >= bound) {
      sharc_shlo_error(op,
                       "Expects each element of %s to be in range [0, %s) i.e. [0, %lld). got: "
                       "%lld.",
                       d->name, bound_name, (long long)bound, (long long)d->v[i]);
      return false;
    }
  return true;
}

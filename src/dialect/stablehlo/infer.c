/* StableHLO's result type inference (TypeInference.cpp's infer* functions)
 * for the ops whose rows carry an `infer` hook: the op's own errors, then
 * the comparison of the inferred types with the declared results. */
#include "dialect/stablehlo/shlo.h"

#include <stdlib.h>
#include <string.h>

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

bool sharc_shlo_compatible_elements(const sharc_type *a, const sharc_type *b) {
  a = sharc_type_element(a) ? sharc_type_element(a) : a;
  b = sharc_type_element(b) ? sharc_type_element(b) : b;
  return a == b;
}

bool sharc_shlo_compatible_for_inference(const sharc_type *a, const sharc_type *b) {
  bool shaped_a = a->kind == SHARC_TYPE_TENSOR || a->kind == SHARC_TYPE_UNRANKED_TENSOR;
  bool shaped_b = b->kind == SHARC_TYPE_TENSOR || b->kind == SHARC_TYPE_UNRANKED_TENSOR;
  if (shaped_a && shaped_b)
    return compatible_with_bounds(a, b) && sharc_shlo_compatible_elements(a, b);
  if (a->kind == SHARC_TYPE_TUPLE && b->kind == SHARC_TYPE_TUPLE) {
    if (sharc_type_count(a) != sharc_type_count(b))
      return false;
    for (unsigned i = 0; i < sharc_type_count(a); i++)
      if (!sharc_shlo_compatible_for_inference(sharc_type_at(a, i), sharc_type_at(b, i)))
        return false;
    return true;
  }
  return sharc_shlo_compatible_elements(a, b);
}

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
  int64_t *shape = malloc((rank + 1) * sizeof *shape);
  if (!shape)
    abort();
  for (unsigned i = 0; i < n; i++)
    shape[i] = sharc_attr_dense_array_i64(sizes, i);
  for (unsigned i = 0; i < in->shaped.rank; i++)
    shape[n + i] = in->shaped.shape[i];
  sharc_type *t = sharc_type_tensor(sharc_op_context(op), shape, rank, in->shaped.elem, NULL);
  free(shape);
  return sharc_shlo_check_inferred(op, t);
}

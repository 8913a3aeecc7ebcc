/* Reading shapes and StableHLO attributes for the rule registry. */
#include "support/xalloc.h"
#include "transforms/sdy/rules/op_access.h"

#include <stdlib.h>

enum { SHARC_MAX_INT_LIST = 1 << 24 };


const int64_t *sharc_ints_data(const sharc_ints *l) { return l->heap ? l->heap : l->v; }

int sharc_ints_find(const sharc_ints *l, int64_t x) {
  const int64_t *d = sharc_ints_data(l);
  for (unsigned i = 0; i < l->n; i++)
    if (d[i] == x)
      return (int)i;
  return -1;
}

bool sharc_ints_contains(const sharc_ints *l, int64_t x) { return sharc_ints_find(l, x) >= 0; }

void sharc_ints_free(sharc_ints *l) {
  free(l->heap);
  l->heap = NULL;
  l->n = 0;
}

static void ints_reserve(sharc_ints *l, unsigned n) {
  l->n = n;
  l->heap = NULL;
  if (n <= sizeof l->v / sizeof l->v[0])
    return;
  l->heap = sharc_xmalloc_array(n, sizeof *l->heap);
}

static int64_t *ints_mut(sharc_ints *l) { return l->heap ? l->heap : l->v; }

bool sharc_attr_read_ints(const sharc_attr *a, sharc_ints *out) {
  ints_reserve(out, 0);
  if (!a)
    return false;
  switch (sharc_attr_get_kind(a)) {
  case SHARC_ATTR_DENSE_ARRAY: {
    ints_reserve(out, sharc_attr_count(a));
    for (unsigned i = 0; i < out->n; i++)
      ints_mut(out)[i] = sharc_attr_dense_array_i64(a, i);
    return true;
  }
  case SHARC_ATTR_DENSE_ELEMENTS: {
    int64_t n = sharc_type_num_elements(sharc_attr_type(a));
    /* a splat may stand for any count: one longer than any rank is no
     * per-dimension list, and is not expanded into memory */
    if (n < 0 || n > SHARC_MAX_INT_LIST ||
        !sharc_type_is_integer(sharc_type_element(sharc_attr_type(a)), 0))
      return false;
    ints_reserve(out, (unsigned)n);
    for (unsigned i = 0; i < out->n; i++)
      ints_mut(out)[i] = sharc_attr_dense_int(a, i);
    return true;
  }
  case SHARC_ATTR_ARRAY: {
    ints_reserve(out, sharc_attr_count(a));
    for (unsigned i = 0; i < out->n; i++) {
      sharc_attr *e = sharc_attr_at(a, i);
      ints_mut(out)[i] = sharc_attr_get_kind(e) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(e) : 0;
    }
    return true;
  }
  default:
    return false;
  }
}

const int64_t *sharc_value_shape(sharc_value *v, unsigned *rank) {
  static const int64_t none[1] = {0};
  const sharc_type *t = v ? sharc_value_type(v) : NULL;
  if (!t || sharc_type_get_kind(t) != SHARC_TYPE_TENSOR) {
    *rank = 0;
    return none;
  }
  *rank = sharc_type_rank(t);
  return sharc_type_shape(t);
}

const int64_t *sharc_operand_shape(sharc_op *op, unsigned i, unsigned *rank) {
  return sharc_value_shape(i < sharc_op_num_operands(op) ? sharc_op_operand(op, i) : NULL, rank);
}

const int64_t *sharc_result_shape(sharc_op *op, unsigned i, unsigned *rank) {
  return sharc_value_shape(i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL, rank);
}

sharc_io_shapes sharc_io_shapes_of(sharc_op *op) {
  sharc_io_shapes s;
  s.in = sharc_operand_shape(op, 0, &s.in_rank);
  s.out = sharc_result_shape(op, 0, &s.out_rank);
  return s;
}

int64_t sharc_dim_size(sharc_value *v, int64_t dim) {
  unsigned rank;
  const int64_t *shape = sharc_value_shape(v, &rank);
  return dim >= 0 && (uint64_t)dim < rank ? shape[dim] : 1;
}

int64_t sharc_op_int_attr(sharc_op *op, const char *name, int64_t dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : dflt;
}

bool sharc_op_bool_attr(sharc_op *op, const char *name, bool dflt) {
  sharc_attr *a = sharc_op_attr(op, name);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_BOOL ? sharc_attr_bool_value(a) : dflt;
}

sharc_str sharc_op_str_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING)
    return sharc_attr_string_value(a);
  return (sharc_str){"", 0};
}

bool sharc_op_ints_attr(sharc_op *op, const char *name, sharc_ints *out) {
  return sharc_attr_read_ints(sharc_op_attr(op, name), out);
}

bool sharc_value_defined_by(sharc_value *v, const sharc_op_def *def) {
  sharc_op *producer = sharc_value_defining_op(v);
  return producer && sharc_op_isa(producer, def);
}

/* The chlo dialect's verification: ODS counts, required attributes and type
 * constraints, the traits, each op's verifier (ragged_dot, scan,
 * constant_like), then the inferred result types of the ops with
 * InferTypeOpInterface, in that order. */
#include <stdlib.h>
#include <string.h>

#include "dialect/chlo/chlo.h"
#include "dialect/quant/quant.h"
#include "support/xalloc.h"

typedef SHARC_VEC(int64_t) dims_vec;

static sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static sharc_type *result_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_result(op, i));
}

static bool is_ranked(const sharc_type *t) { return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR; }

static void put_quoted(sharc_buf *b, const sharc_type *t) {
  sharc_buf_putc(b, '\'');
  sharc_print_type(t, b);
  sharc_buf_putc(b, '\'');
}

static void put_dims(sharc_buf *b, const int64_t *d, unsigned n) {
  sharc_buf_putc(b, '[');
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    if (d[i] == SHARC_DYNAMIC)
      sharc_buf_putc(b, '?');
    else
      sharc_buf_printf(b, "%lld", (long long)d[i]);
  }
  sharc_buf_putc(b, ']');
}

/* ---- shared checks ------------------------------------------------------ */

static bool compatible_dims(int64_t a, int64_t b) {
  return a == SHARC_DYNAMIC || b == SHARC_DYNAMIC || a == b;
}

/* verifyCompatibleShape: unranked matches anything. */
static bool compatible_shape(const sharc_type *a, const sharc_type *b) {
  if (!is_ranked(a) || !is_ranked(b))
    return true;
  unsigned r = sharc_type_rank(a);
  if (r != sharc_type_rank(b))
    return false;
  for (unsigned i = 0; i < r; i++)
    if (!compatible_dims(sharc_type_shape(a)[i], sharc_type_shape(b)[i]))
      return false;
  return true;
}

/* hlo::isCompatibleForHloTypeInference. */
static bool hlo_compatible(const sharc_type *a, const sharc_type *b) {
  return compatible_shape(a, b) && sharc_shlo_compatible_element(a, b);
}

/* AttrSizedOperandSegments / AttrSizedResultSegments (verifyValueSizeAttr)
 * on the sizes as MLIR keeps them: a `name` of another kind or length sets
 * none as the op is parsed, which reads as zeros. */
static bool verify_segments(sharc_op *op, const char *name, const char *group, unsigned count) {
  const sharc_attr *seg = sharc_op_attr(op, name);
  bool held = seg && seg->kind == SHARC_ATTR_DENSE_ARRAY &&
              sharc_type_is_integer(sharc_darray_elem(seg), 32) && sharc_attr_count(seg) == 2;
  int64_t total = 0;
  for (unsigned i = 0; held && i < 2; i++) {
    int32_t n = (int32_t)sharc_attr_dense_array_i64(seg, i);
    if (n < 0) {
      sharc_emit_op_error(op, "'%s' attribute cannot have negative elements", name);
      return false;
    }
    total += n;
  }
  if (total == (int64_t)count)
    return true;
  sharc_emit_op_error(op, "%s count (%u) does not match with the total size (%lld) specified in "
                          "attribute '%s'",
                      group, count, (long long)total, name);
  return false;
}

/* The op's ODS counts (NOperands / NResults traits). */
static bool verify_counts(sharc_op *op, const chlo_op_def *row) {
  unsigned want_in = 0, want_out = 1;
  switch (row->form) {
  case CHLO_UNARY:
    want_in = 1;
    break;
  case CHLO_BCAST_BINARY:
  case CHLO_BINARY:
    want_in = 2;
    break;
  case CHLO_SELECT:
    want_in = 3;
    break;
  case CHLO_TOP_K:
    want_in = 1;
    want_out = 2;
    break;
  case CHLO_CONSTANT:
    break;
  case CHLO_SCAN:
    return verify_segments(op, "operandSegmentSizes", "operand", sharc_op_num_operands(op)) &&
           verify_segments(op, "resultSegmentSizes", "result", sharc_op_num_results(op));
  case CHLO_GENERIC:
    want_in = row->check == sharc_chlo_verify_ragged_dot ? 3 : 1;
    break;
  }
  unsigned n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  if (want_out == 1 && n_out != 1) {
    sharc_emit_op_error(op, "requires one result");
    return false;
  }
  if (want_out != 1 && n_out != want_out) {
    sharc_emit_op_error(op, "expected %u results, but found %u", want_out, n_out);
    return false;
  }
  if (n_in == want_in)
    return true;
  if (want_in == 0)
    sharc_emit_op_error(op, "requires zero operands");
  else if (want_in == 1)
    sharc_emit_op_error(op, "requires a single operand");
  else
    sharc_emit_op_error(op, "expected %u operands, but found %u", want_in, n_in);
  return false;
}

/* The op's ODS attributes as sharc_shlo_check_attr_spec reads them:
 * required ones first, then the optional ones in declaration order (the
 * chlo enums are checked by verify_enums). */
static const char *attr_spec(const chlo_op_def *row) {
  const char *name = row->def.name + 5;
  if (!strcmp(name, "broadcast_compare"))
    return "comparison_direction:any ?broadcast_dimensions:arr";
  if (row->form == CHLO_BCAST_BINARY)
    return "?broadcast_dimensions:arr";
  if (!strcmp(name, "constant"))
    return "value:elems";
  if (!strcmp(name, "constant_like"))
    return "value:typed";
  if (!strcmp(name, "top_k"))
    return "k:i64 ?is_stable:bool";
  if (!strcmp(name, "ragged_dot"))
    return "ragged_dot_dimension_numbers:any";
  if (!strcmp(name, "scan"))
    return "dimension:i64nn ?scan_dim_size:i64nn ?is_reverse:bool ?is_associative:bool";
  return NULL;
}

static bool verify_traits(sharc_op *op, const chlo_op_def *row) {
  unsigned n_in = sharc_op_num_operands(op), n = n_in + sharc_op_num_results(op);
  if (!n)
    return true;
  const sharc_type *first = n_in ? operand_type(op, 0) : result_type(op, 0);
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = i < n_in ? operand_type(op, i) : result_type(op, i - n_in);
    if ((row->traits & CHLO_T_COMPAT_ELEM) && !sharc_shlo_compatible_element(t, first)) {
      sharc_emit_op_error(op, "requires compatible element types for all operands and results");
      return false;
    }
    if ((row->traits & CHLO_T_SAME_ELEM) &&
        sharc_type_element(t) != sharc_type_element(first)) {
      sharc_emit_op_error(op, "requires the same element type for all operands and results");
      return false;
    }
    if ((row->traits & CHLO_T_COMPAT_TYPE) && !hlo_compatible(t, first)) {
      sharc_emit_op_error(op, "requires compatible types for all operands and results");
      return false;
    }
  }
  if (!(row->traits & CHLO_T_SAME_SHAPE))
    return true;
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = i < n_in ? operand_type(op, i) : result_type(op, i - n_in);
    if (!compatible_shape(t, first)) {
      sharc_emit_op_error(op, "requires the same shape for all operands and results");
      return false;
    }
  }
  return true;
}

/* ODS's constraints on the chlo enum attributes, which MLIR checks as the
 * op is parsed (verifyInherentAttrs): an attribute of another kind there is
 * an error, not a comparison or a precision to lower. */
typedef struct enum_rule {
  const char *op, *name;
  const shlo_enum_def *def;
  bool array; /* an array of the enum (a precision config) */
  const char *summary;
} enum_rule;

static const enum_rule enum_rules[] = {
    {"chlo.broadcast_compare", "comparison_direction", &sharc_chlo_comparison_direction, false,
     "Which comparison operation to perform."},
    {"chlo.broadcast_compare", "compare_type", &sharc_chlo_comparison_type, false,
     "Which comparison type to use."},
    {"chlo.ragged_dot", "precision_config", &sharc_chlo_precision, true,
     "Precision Config attribute"},
};

static bool enum_ok(const sharc_attr *a, const enum_rule *r) {
  if (!r->array)
    return sharc_shlo_enum_index(a, r->def) >= 0;
  if (sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (sharc_shlo_enum_index(sharc_attr_at(a, i), r->def) < 0)
      return false;
  return true;
}

static bool verify_enums(sharc_op *op, const char *op_name) {
  for (unsigned i = 0; i < sizeof enum_rules / sizeof enum_rules[0]; i++) {
    const enum_rule *r = &enum_rules[i];
    if (strcmp(r->op, op_name))
      continue;
    const sharc_attr *a = sharc_op_attr(op, r->name);
    if (a && !enum_ok(a, r)) {
      sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: %s", r->name,
                          r->summary);
      return false;
    }
  }
  return true;
}

bool sharc_chlo_verify(sharc_op *op) {
  const chlo_op_def *row = (const chlo_op_def *)sharc_op_get_def(op);
  if (!verify_counts(op, row))
    return false;
  const char *spec = attr_spec(row);
  if ((spec && !sharc_shlo_check_attr_spec(op, spec)) || !verify_enums(op, row->def.name))
    return false;
  if (row->types && !sharc_shlo_verify_type_constraints(op, row->types))
    return false;
  if (!verify_traits(op, row))
    return false;
  return !row->check || row->check(op);
}

/* InferTypeOpInterface verifies with the regions: after the op's verifier
 * and its nested ops. */
bool sharc_chlo_verify_regions(sharc_op *op) {
  return sharc_chlo_check_inferred(op, (const chlo_op_def *)sharc_op_get_def(op));
}

/* ---- inferred result types --------------------------------------------- */

/* OpTrait::util::getBroadcastedShape, right-aligned; false when the shapes
 * do not broadcast. */
static bool broadcast_shapes(const int64_t *a, unsigned ra, const int64_t *b, unsigned rb,
                             dims_vec *out) {
  unsigned r = ra > rb ? ra : rb;
  out->len = 0;
  for (unsigned i = 0; i < r; i++)
    sharc_vec_push(out, 1);
  for (unsigned k = 0; k < r; k++) {
    int64_t x = k < ra ? a[ra - 1 - k] : 1, y = k < rb ? b[rb - 1 - k] : 1, z;
    if (x == SHARC_DYNAMIC || y == SHARC_DYNAMIC) {
      if (x > 1)
        z = x;
      else if (y > 1)
        z = y;
      else if (x == 1)
        z = y;
      else if (y == 1)
        z = x;
      else
        z = SHARC_DYNAMIC;
    } else if (x == y || y == 1) {
      z = x;
    } else if (x == 1) {
      z = y;
    } else {
      return false;
    }
    out->items[r - 1 - k] = z;
  }
  return true;
}

static sharc_type *unranked(sharc_context *ctx, sharc_type *elem) {
  return sharc_type_unranked_tensor(ctx, elem);
}

/* getNumpyBroadcastType over `n` operand types. */
static sharc_type *numpy_broadcast(sharc_context *ctx, sharc_type *const *types, unsigned n,
                                   sharc_type *elem) {
  for (unsigned i = 0; i < n; i++)
    if (!is_ranked(types[i]))
      return unranked(ctx, elem);
  dims_vec cur = {0}, next = {0};
  for (unsigned i = 0; i < sharc_type_rank(types[0]); i++)
    sharc_vec_push(&cur, sharc_type_shape(types[0])[i]);
  bool ok = true;
  for (unsigned i = 0; ok && i < n; i++) {
    ok = broadcast_shapes(cur.items, cur.len, sharc_type_shape(types[i]),
                          sharc_type_rank(types[i]), &next);
    dims_vec t = cur;
    cur = next;
    next = t;
  }
  sharc_type *r = ok ? sharc_type_tensor(ctx, cur.items, cur.len, elem, NULL) : unranked(ctx, elem);
  sharc_vec_free(&cur);
  sharc_vec_free(&next);
  return r;
}

/* getBroadcastTypeWithBroadcastDimensions. */
static sharc_type *broadcast_with_dims(sharc_context *ctx, sharc_type *x, sharc_type *y,
                                       sharc_type *elem, sharc_attr *dims) {
  if (!dims) {
    sharc_type *ts[2] = {x, y};
    return numpy_broadcast(ctx, ts, 2, elem);
  }
  if (!is_ranked(x) || !is_ranked(y))
    return unranked(ctx, elem);
  sharc_type *large = sharc_type_rank(x) > sharc_type_rank(y) ? x : y;
  sharc_type *small = sharc_type_rank(x) <= sharc_type_rank(y) ? x : y;
  unsigned n = sharc_attr_count(dims), lr = sharc_type_rank(large);
  if (n != sharc_type_rank(small))
    return unranked(ctx, elem);
  dims_vec filtered = {0}, out_f = {0}, out = {0};
  sharc_type *res = NULL;
  for (unsigned i = 0; i < n && !res; i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d >= (int64_t)lr || d < 0)
      res = unranked(ctx, elem);
    else
      sharc_vec_push(&filtered, sharc_type_shape(large)[d]);
  }
  if (!res && !broadcast_shapes(sharc_type_shape(small), n, filtered.items, filtered.len, &out_f))
    res = unranked(ctx, elem);
  if (!res) {
    for (unsigned i = 0; i < lr; i++)
      sharc_vec_push(&out, sharc_type_shape(large)[i]);
    for (unsigned i = 0; i < n; i++)
      out.items[sharc_attr_dense_array_i64(dims, i)] = out_f.items[i];
    res = sharc_type_tensor(ctx, out.items, out.len, elem, NULL);
  }
  sharc_vec_free(&filtered);
  sharc_vec_free(&out_f);
  sharc_vec_free(&out);
  return res;
}

/* An error of the inference itself, then the interface's own. */
static bool infer_failed(sharc_op *op, const char *msg) {
  if (msg)
    sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), "%s", msg);
  sharc_emit_op_error(op, "failed to infer returned types");
  return false;
}

static bool report_incompatible(sharc_op *op, sharc_type *const *inferred, unsigned n) {
  sharc_buf m = {0};
  SHARC_BUF_LIT(&m, "inferred type(s) ");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(&m, ", ");
    put_quoted(&m, inferred[i]);
  }
  SHARC_BUF_LIT(&m, " are incompatible with return type(s) of operation ");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    if (i)
      SHARC_BUF_LIT(&m, ", ");
    put_quoted(&m, result_type(op, i));
  }
  sharc_emit_op_error(op, "%s", m.data);
  sharc_buf_free(&m);
  return infer_failed(op, NULL);
}

static bool compare_inferred(sharc_op *op, sharc_type *const *inferred, unsigned n,
                             bool shapes_only) {
  bool ok = n == sharc_op_num_results(op);
  for (unsigned i = 0; ok && i < n; i++)
    ok = shapes_only ? compatible_shape(inferred[i], result_type(op, i))
                     : hlo_compatible(inferred[i], result_type(op, i));
  return ok || report_incompatible(op, inferred, n);
}

static sharc_type *same_shape(sharc_context *ctx, const sharc_type *t, sharc_type *elem) {
  if (!is_ranked(t))
    return unranked(ctx, elem);
  return sharc_type_tensor(ctx, sharc_type_shape(t), sharc_type_rank(t), elem,
                           sharc_type_encoding(t));
}

static bool infer_top_k(sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *t = operand_type(op, 0), *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
  sharc_attr *k_attr = sharc_op_attr(op, "k");
  int64_t k = k_attr ? sharc_attr_int_value(k_attr) : 0;
  sharc_type *inferred[2];
  if (!is_ranked(t)) {
    inferred[0] = unranked(ctx, sharc_type_element(t));
    inferred[1] = unranked(ctx, i32);
    return compare_inferred(op, inferred, 2, false);
  }
  unsigned r = sharc_type_rank(t);
  if (r < 1)
    return infer_failed(op, "operand's rank must be at least 1");
  int64_t last = sharc_type_shape(t)[r - 1];
  if (last != SHARC_DYNAMIC && last < k) {
    sharc_buf m = {0};
    sharc_buf_printf(&m, "operand's last dimension must be at least %lld", (long long)k);
    infer_failed(op, m.data);
    sharc_buf_free(&m);
    return false;
  }
  int64_t *shape = sharc_xmalloc_array(r, sizeof *shape);
  memcpy(shape, sharc_type_shape(t), r * sizeof *shape);
  shape[r - 1] = k;
  inferred[0] = sharc_type_tensor(ctx, shape, r, sharc_type_element(t), NULL);
  inferred[1] = sharc_type_tensor(ctx, shape, r, i32, NULL);
  free(shape);
  return compare_inferred(op, inferred, 2, false);
}

static unsigned segment(const sharc_op *op, const char *name, unsigned i, unsigned total) {
  sharc_attr *seg = sharc_op_attr(op, name);
  if (!seg || sharc_attr_get_kind(seg) != SHARC_ATTR_DENSE_ARRAY || sharc_attr_count(seg) != 2)
    return i == 0 ? total : 0;
  return (unsigned)sharc_attr_dense_array_i64(seg, i);
}

/* ScanOp::inferReturnTypeComponents. */
static bool infer_scan(sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_region *r = sharc_op_num_regions(op) ? sharc_op_region(op, 0) : NULL;
  sharc_block *b = r ? sharc_region_first_block(r) : NULL;
  sharc_op *term = b ? sharc_block_terminator(b) : NULL;
  if (!term)
    return infer_failed(op, "ScanOp region is empty");
  unsigned total = sharc_op_num_operands(op);
  unsigned n_in = segment(op, "operandSegmentSizes", 0, total), n_carry = total - n_in;
  unsigned n_term = sharc_op_num_operands(term);
  sharc_buf m = {0};
  if (n_term < n_carry) {
    sharc_buf_printf(&m, "ScanOp body must return at least %u values (carries)", n_carry);
    infer_failed(op, m.data);
    sharc_buf_free(&m);
    return false;
  }
  unsigned n_out = n_term - n_carry;
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension"), *size_attr = sharc_op_attr(op, "scan_dim_size");
  int64_t dim = dim_attr ? sharc_attr_int_value(dim_attr) : 0;
  int64_t size = size_attr ? sharc_attr_int_value(size_attr) : SHARC_DYNAMIC;
  for (unsigned i = 0; i < n_in; i++) {
    sharc_type *t = operand_type(op, i);
    if (!is_ranked(t))
      sharc_buf_printf(&m, "operand %u is not ranked", i);
    else if (dim >= (int64_t)sharc_type_rank(t))
      sharc_buf_printf(&m, "scan dimension of operand %u is out of bounds", i);
    else if (size == SHARC_DYNAMIC)
      size = sharc_type_shape(t)[dim];
    if (m.len) {
      infer_failed(op, m.data);
      sharc_buf_free(&m);
      return false;
    }
  }
  sharc_type **inferred = sharc_xmalloc_array(n_term + 1, sizeof *inferred);
  int64_t *shape = NULL;
  bool ok = true;
  for (unsigned i = 0; ok && i < n_term; i++) {
    sharc_type *t = sharc_value_type(sharc_op_operand(term, i));
    if (!is_ranked(t)) {
      sharc_buf_printf(&m, "terminator operand %u is not ranked", i);
      ok = infer_failed(op, m.data);
      break;
    }
    unsigned rank = sharc_type_rank(t), nr = rank + (i < n_out);
    int64_t *grown = sharc_xrealloc_array(shape, nr + 1, sizeof *shape);
    shape = grown;
    unsigned at = 0;
    for (unsigned d = 0; d < rank; d++) {
      if (i < n_out && (int64_t)d == dim)
        shape[at++] = size;
      shape[at++] = sharc_type_shape(t)[d];
    }
    if (i < n_out && dim >= (int64_t)rank)
      shape[at++] = size; /* StableHLO inserts at `dim`, the end here */
    inferred[i] = sharc_type_tensor(ctx, shape, at, sharc_type_element(t), NULL);
  }
  if (ok)
    ok = compare_inferred(op, inferred, n_term, true);
  sharc_buf_free(&m);
  free(shape);
  free(inferred);
  return ok;
}

bool sharc_chlo_check_inferred(sharc_op *op, const chlo_op_def *row) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *inferred;
  switch (row->infer) {
  case CHLO_INFER_NONE:
    return true;
  case CHLO_INFER_BROADCAST:
  case CHLO_INFER_BROADCAST_I1:
  case CHLO_INFER_BROADCAST_CPLX: {
    sharc_type *l = operand_type(op, 0), *r = operand_type(op, 1);
    if (!sharc_shlo_compatible_element(l, r))
      return infer_failed(op, "mismatched operand types");
    sharc_type *elem = sharc_type_element(l);
    if (row->infer == CHLO_INFER_BROADCAST_I1)
      elem = sharc_type_integer(ctx, 1, SHARC_SIGNLESS);
    else if (row->infer == CHLO_INFER_BROADCAST_CPLX)
      elem = sharc_type_complex(ctx, elem);
    sharc_attr *dims = sharc_op_attr(op, "broadcast_dimensions");
    if (dims && sharc_attr_get_kind(dims) != SHARC_ATTR_DENSE_ARRAY)
      dims = NULL;
    inferred = broadcast_with_dims(ctx, l, r, elem, dims);
    return compare_inferred(op, &inferred, 1, false);
  }
  case CHLO_INFER_SELECT: {
    sharc_type *ts[3] = {operand_type(op, 0), operand_type(op, 1), operand_type(op, 2)};
    if (sharc_type_element(ts[1]) != sharc_type_element(ts[2]))
      return infer_failed(op, "mismatched operand types");
    inferred = numpy_broadcast(ctx, ts, 3, sharc_type_element(ts[1]));
    return compare_inferred(op, &inferred, 1, true);
  }
  case CHLO_INFER_I1:
    inferred = same_shape(ctx, operand_type(op, 0), sharc_type_integer(ctx, 1, SHARC_SIGNLESS));
    return compare_inferred(op, &inferred, 1, false);
  case CHLO_INFER_TOP_K:
    return infer_top_k(op);
  case CHLO_INFER_CONSTANT: {
    sharc_type *t = sharc_attr_type(sharc_op_attr(op, "value"));
    inferred = t ? t : sharc_type_none(ctx);
    return compare_inferred(op, &inferred, 1, false);
  }
  case CHLO_INFER_CONSTANT_LIKE: {
    sharc_type *vt = sharc_attr_type(sharc_op_attr(op, "value"));
    if (!vt)
      vt = sharc_type_none(ctx);
    inferred = same_shape(ctx, operand_type(op, 0), vt);
    return compare_inferred(op, &inferred, 1, false);
  }
  case CHLO_INFER_SCAN:
    return infer_scan(op);
  }
  return true;
}

/* ---- constant_like ------------------------------------------------------ */

bool sharc_chlo_verify_constant_like(sharc_op *op) {
  sharc_type *vt = sharc_attr_type(sharc_op_attr(op, "value"));
  if (vt && vt == sharc_type_element(result_type(op, 0)))
    return true;
  sharc_emit_op_error(op, "value's type doesn't match element return type");
  return false;
}

/* ---- scan --------------------------------------------------------------- */

bool sharc_chlo_verify_scan(sharc_op *op) {
  unsigned total = sharc_op_num_operands(op);
  unsigned n_in = segment(op, "operandSegmentSizes", 0, total);
  unsigned n_out = segment(op, "resultSegmentSizes", 0, sharc_op_num_results(op));
  if (n_in == 0 && n_out == 0) {
    sharc_emit_op_error(op, "at least one of inputs or outputs must be present");
    return false;
  }
  sharc_attr *dim_attr = sharc_op_attr(op, "dimension"), *size_attr = sharc_op_attr(op, "scan_dim_size");
  int64_t dim = sharc_attr_int_value(dim_attr);
  bool have_size = size_attr != NULL;
  uint64_t size = have_size ? (uint64_t)sharc_attr_int_value(size_attr) : 0;
  for (unsigned i = 0; i < n_in; i++) {
    sharc_type *t = operand_type(op, i);
    if (!is_ranked(t)) {
      sharc_emit_op_error(op, "operand %u is not ranked", i);
      return false;
    }
    if (dim >= (int64_t)sharc_type_rank(t)) {
      sharc_emit_op_error(op, "scan dimension of operand %u is out of bounds", i);
      return false;
    }
    int64_t d = sharc_type_shape(t)[dim];
    if (d == SHARC_DYNAMIC)
      continue;
    if (have_size && size != (uint64_t)d) {
      sharc_emit_op_error(op, "invalid scan dimension size of operand %u", i);
      return false;
    }
    have_size = true;
    size = (uint64_t)d;
  }
  sharc_region *r = sharc_op_num_regions(op) ? sharc_op_region(op, 0) : NULL;
  sharc_block *b = r ? sharc_region_first_block(r) : NULL;
  if (!b)
    return true; /* the region traits own this */
  if (sharc_block_num_args(b) != total) {
    sharc_emit_op_error(op, "expects %u arguments in the body, but got %u", total,
                        sharc_block_num_args(b));
    return false;
  }
  sharc_context *ctx = sharc_op_context(op);
  dims_vec shape = {0};
  bool ok = true;
  for (unsigned i = 0; ok && i < total; i++) {
    sharc_type *t = operand_type(op, i);
    if (!is_ranked(t)) {
      sharc_emit_op_error(op, "operand %u is not ranked", i);
      ok = false;
      break;
    }
    if (i < n_in) {
      shape.len = 0;
      for (unsigned d = 0; d < sharc_type_rank(t); d++)
        if ((int64_t)d != dim)
          sharc_vec_push(&shape, sharc_type_shape(t)[d]);
      t = sharc_type_tensor(ctx, shape.items, shape.len, sharc_type_element(t),
                            sharc_type_encoding(t));
    }
    if (!hlo_compatible(t, sharc_value_type(sharc_block_arg(b, i)))) {
      sharc_emit_op_error(op, "operand and body argument %u are incompatible", i);
      ok = false;
    }
  }
  sharc_vec_free(&shape);
  return ok;
}

/* ---- ragged_dot --------------------------------------------------------- */

typedef struct dims_ref {
  const int64_t *v;
  unsigned n;
} dims_ref;

static dims_ref field(sharc_attr *dn, unsigned i, int64_t *storage) {
  sharc_attr *f = sharc_chlo_ragged_dot_field(dn, i);
  unsigned n = f ? sharc_attr_count(f) : 0;
  for (unsigned k = 0; k < n; k++)
    storage[k] = sharc_attr_dense_array_i64(f, k);
  return (dims_ref){storage, n};
}

static bool contains(dims_ref d, int64_t x) {
  for (unsigned i = 0; i < d.n; i++)
    if (d.v[i] == x)
      return true;
  return false;
}

static bool err(sharc_op *op, sharc_buf *m) {
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), "%s", m->data);
  sharc_buf_free(m);
  return false;
}

static bool plain(sharc_op *op, const char *msg) {
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), "%s", msg);
  return false;
}

/* checkDimsDistinct. */
static bool distinct(sharc_op *op, dims_ref a, dims_ref b, const char *an, const char *bn) {
  for (unsigned i = 0; i < a.n + b.n; i++) {
    int64_t x = i < a.n ? a.v[i] : b.v[i - a.n];
    for (unsigned j = 0; j < i; j++) {
      int64_t y = j < a.n ? a.v[j] : b.v[j - a.n];
      if (x != y)
        continue;
      sharc_buf m = {0};
      sharc_buf_printf(&m, "has duplicated dimension from %s and %s: %lld", an, bn, (long long)x);
      return err(op, &m);
    }
  }
  return true;
}

static bool in_range(sharc_op *op, dims_ref d, unsigned rank, const char *name) {
  for (unsigned i = 0; i < d.n; i++) {
    if (d.v[i] >= 0 && d.v[i] < (int64_t)rank)
      continue;
    sharc_buf m = {0};
    sharc_buf_printf(&m, "%s value: %lld is out of range: [0, %u)", name, (long long)d.v[i], rank);
    return err(op, &m);
  }
  return true;
}

/* hlo::checkDimInBounds with an exclusive bound. */
static bool dim_in_bounds(sharc_op *op, int64_t dim, unsigned bound, const char *name,
                          const char *bound_name) {
  if (dim >= 0 && dim < (int64_t)bound)
    return true;
  sharc_buf m = {0};
  sharc_buf_printf(&m, "Expects %s to be in range [0, %s) i.e. [0, %u). got: %lld.", name,
                   bound_name, bound, (long long)dim);
  return err(op, &m);
}

/* hlo::checkDotGeneralConstraints (precision config first). */
static bool dot_general_constraints(sharc_op *op, const sharc_type *lhs, const sharc_type *rhs,
                                    dims_ref lb, dims_ref rb, dims_ref lc, dims_ref rc) {
  sharc_attr *prec = sharc_op_attr(op, "precision_config");
  if (prec && sharc_attr_get_kind(prec) == SHARC_ATTR_ARRAY && sharc_attr_count(prec) > 2) {
    sharc_buf m = {0};
    sharc_buf_printf(&m, "expects precision config to be empty or have <= 2 elements, got %u",
                     sharc_attr_count(prec));
    return err(op, &m);
  }
  if (lb.n != rb.n)
    return plain(op, "lhs and rhs should have the same number of batching dimensions");
  if (lc.n != rc.n)
    return plain(op, "lhs and rhs should have the same number of contracting dimensions");
  unsigned lr = sharc_type_rank(lhs), rr = sharc_type_rank(rhs);
  if (!distinct(op, lb, lc, "lhs_batching_dimensions", "lhs_contracting_dimensions") ||
      !distinct(op, rb, rc, "rhs_batching_dimensions", "rhs_contracting_dimensions") ||
      !in_range(op, lb, lr, "lhs_batching_dimensions") ||
      !in_range(op, lc, lr, "lhs_contracting_dimensions") ||
      !in_range(op, rb, rr, "rhs_batching_dimensions") ||
      !in_range(op, rc, rr, "rhs_contracting_dimensions"))
    return false;
  const int64_t *ls = sharc_type_shape(lhs), *rs = sharc_type_shape(rhs);
  for (unsigned i = 0; i < lb.n; i++)
    if (!compatible_dims(ls[lb.v[i]], rs[rb.v[i]]))
      return plain(op, "batching dimension sizes must match for lhs/rhs");
  for (unsigned i = 0; i < lc.n; i++)
    if (!compatible_dims(ls[lc.v[i]], rs[rc.v[i]]))
      return plain(op, "contracting dimension sizes must match for lhs/rhs");
  return true;
}

static unsigned index_of(dims_ref d, int64_t x) {
  unsigned i = 0;
  while (i < d.n && d.v[i] != x)
    i++;
  return i;
}

/* checkRaggedDotConstraints: the ragged dimension, the group_sizes shape,
 * the rhs group dimension. */
static bool ragged_constraints(sharc_op *op, const sharc_type *lhs, const sharc_type *rhs,
                               const sharc_type *gs, dims_ref lb, dims_ref rb, dims_ref lc,
                               dims_ref rc, dims_ref lr, dims_ref rg) {
  if (lr.n != 1)
    return plain(op, "There must be exactly one ragged dimension in the lhs.");
  int64_t ragged = lr.v[0];
  unsigned lrank = sharc_type_rank(lhs);
  if (!dim_in_bounds(op, ragged, lrank, "lhs_ragged_dim", "lhs_rank"))
    return false;
  enum { NON_CONTRACTING, CONTRACTING, BATCH } mode =
      contains(lb, ragged) ? BATCH : contains(lc, ragged) ? CONTRACTING : NON_CONTRACTING;
  dims_vec prefix = {0};
  switch (mode) {
  case BATCH:
    for (unsigned i = 0; i < index_of(lb, ragged); i++)
      sharc_vec_push(&prefix, lb.v[i]);
    break;
  case CONTRACTING:
    for (unsigned i = 0; i < lb.n; i++)
      sharc_vec_push(&prefix, lb.v[i]);
    for (unsigned i = 0; i < index_of(lc, ragged); i++)
      sharc_vec_push(&prefix, lc.v[i]);
    break;
  case NON_CONTRACTING:
    for (unsigned i = 0; i < lb.n; i++)
      sharc_vec_push(&prefix, lb.v[i]);
    for (int64_t i = 0; i < ragged; i++)
      if (!contains(lb, i) && !contains(lc, i))
        sharc_vec_push(&prefix, i);
    break;
  }
  for (unsigned i = 0; i < prefix.len; i++)
    prefix.items[i] = sharc_type_shape(lhs)[prefix.items[i]];
  unsigned grank = sharc_type_rank(gs);
  const int64_t *gshape = sharc_type_shape(gs);
  bool ok = true;
  if (grank != 1) {
    sharc_buf m = {0};
    if (grank != prefix.len + 1) {
      sharc_buf_printf(&m, "expected group_sizes to have rank %u, got %u", prefix.len + 1, grank);
      ok = err(op, &m);
    } else if (prefix.len && memcmp(prefix.items, gshape, prefix.len * sizeof *gshape)) {
      /* StableHLO spells the shapes out without `?` */
      SHARC_BUF_LIT(&m, "group_sizes is expected to have shape [");
      for (unsigned i = 0; i < prefix.len; i++)
        sharc_buf_printf(&m, "%lld, ", (long long)prefix.items[i]);
      sharc_buf_printf(&m, "%lld], got [", (long long)gshape[grank - 1]);
      for (unsigned i = 0; i < grank; i++)
        sharc_buf_printf(&m, "%s%lld", i ? ", " : "", (long long)gshape[i]);
      SHARC_BUF_LIT(&m, "]");
      ok = err(op, &m);
    }
  }
  sharc_vec_free(&prefix);
  if (!ok)
    return false;
  int64_t groups = grank ? gshape[grank - 1] : 0;
  unsigned rrank = sharc_type_rank(rhs);
  for (unsigned i = 0; i < rg.n; i++)
    if (!dim_in_bounds(op, rg.v[i], rrank, "rhs_group_dim", "rhs_rank"))
      return false;
  if (!distinct(op, rg, rb, "rhs_group_dimensions", "rhs_batching_dimensions") ||
      !distinct(op, rg, rc, "rhs_group_dimensions", "rhs_contracting_dimensions"))
    return false;
  if (mode != NON_CONTRACTING) {
    if (rg.n)
      return plain(op, "There must be zero group dimensions in the rhs when the ragged "
                       "dimension is batch or contracting.");
    return true;
  }
  if (rg.n != 1)
    return plain(op, "There must be exactly one group dimension in the rhs when the lhs ragged "
                     "dimension is non-contracting.");
  int64_t gsize = sharc_type_shape(rhs)[rg.v[0]];
  if (compatible_dims(groups, gsize))
    return true;
  sharc_buf m = {0};
  sharc_buf_printf(&m, "rhs group dimension is expected to have size=%lld, got %lld",
                   (long long)groups, (long long)gsize);
  return err(op, &m);
}

bool sharc_chlo_verify_ragged_dot(sharc_op *op) {
  const sharc_type *lhs = operand_type(op, 0), *rhs = operand_type(op, 1), *gs = operand_type(op, 2);
  sharc_attr *dn = sharc_op_attr(op, "ragged_dot_dimension_numbers");
  if (!sharc_chlo_ragged_dot_field(dn, 0)) {
    sharc_emit_op_error(op, "attribute 'ragged_dot_dimension_numbers' failed to satisfy "
                            "constraint: Attribute that models the dimension information for "
                            "ragged dot.");
    return false;
  }
  if (!is_ranked(lhs) || !is_ranked(rhs) || !is_ranked(gs))
    return true;
  unsigned cap = sharc_type_rank(lhs) + sharc_type_rank(rhs) + 8;
  for (unsigned i = 0; i < 6; i++) {
    sharc_attr *f = sharc_chlo_ragged_dot_field(dn, i);
    if (sharc_attr_count(f) > cap)
      cap = sharc_attr_count(f);
  }
  int64_t *store = sharc_xmalloc_array(6 * (size_t)cap, sizeof *store);
  dims_ref lb = field(dn, 0, store), rb = field(dn, 1, store + cap),
           lc = field(dn, 2, store + 2 * cap), rc = field(dn, 3, store + 3 * cap),
           lr = field(dn, 4, store + 4 * cap), rg = field(dn, 5, store + 5 * cap);
  bool ok = dot_general_constraints(op, lhs, rhs, lb, rb, lc, rc) &&
            ragged_constraints(op, lhs, rhs, gs, lb, rb, lc, rc, lr, rg);
  if (ok) {
    /* inferRaggedDotOutputDimensions against the result's shape */
    dims_vec dims = {0};
    const int64_t *ls = sharc_type_shape(lhs), *rs = sharc_type_shape(rhs);
    if (contains(lc, lr.v[0]))
      sharc_vec_push(&dims, sharc_type_shape(gs)[sharc_type_rank(gs) - 1]);
    for (unsigned i = 0; i < lb.n; i++)
      sharc_vec_push(&dims, ls[lb.v[i]]);
    for (unsigned i = 0; i < sharc_type_rank(lhs); i++)
      if (!contains(lb, i) && !contains(lc, i))
        sharc_vec_push(&dims, ls[i]);
    for (unsigned i = 0; i < sharc_type_rank(rhs); i++)
      if (!contains(rb, i) && !contains(rc, i) && !contains(rg, i))
        sharc_vec_push(&dims, rs[i]);
    const sharc_type *res = result_type(op, 0);
    bool same = !is_ranked(res) || sharc_type_rank(res) == dims.len;
    for (unsigned i = 0; same && is_ranked(res) && i < dims.len; i++)
      same = compatible_dims(dims.items[i], sharc_type_shape(res)[i]);
    if (!same) {
      sharc_buf m = {0};
      SHARC_BUF_LIT(&m, "inferred shape '");
      put_dims(&m, dims.items, dims.len);
      SHARC_BUF_LIT(&m, "' is incompatible with return type of operation ");
      put_quoted(&m, res);
      ok = err(op, &m);
    }
    sharc_vec_free(&dims);
  }
  free(store);
  return ok;
}

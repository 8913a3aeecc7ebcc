/* StableHLO's quantization rules: the quantized element classes of Base.td
 * and the checks StablehloOps.cpp / TypeInference.cpp make of quantized
 * operands and results. */
#include "dialect/quant/quant.h"
#include "dialect/stablehlo/shlo.h"

bool sharc_shlo_quant_elem_ok(const sharc_type *elem, bool per_axis) {
  sharc_quant_kind k = sharc_quant_kind_of(elem);
  if (k != (per_axis ? SHARC_QUANT_PER_AXIS : SHARC_QUANT_UNIFORM))
    return false;
  switch (sharc_quant_storage_width(elem)) {
  case 2: case 4: case 8: case 16: case 32:
    break;
  default:
    return false;
  }
  /* QI<n>: signed with a signless storage type (si8 is neither); QUI<n>: unsigned */
  if (sharc_quant_is_signed(elem) &&
      sharc_type_int_signedness(sharc_quant_storage_type(elem)) != SHARC_SIGNLESS)
    return false;
  int64_t lo = sharc_quant_storage_min(elem), hi = sharc_quant_storage_max(elem);
  if (!per_axis) {
    int64_t zp = sharc_quant_zero_point(elem);
    return lo <= zp && zp <= hi;
  }
  for (unsigned i = 0, n = sharc_quant_num_scales(elem); i < n; i++) {
    int64_t zp = sharc_quant_zero_point_at(elem, i);
    if (zp < lo || zp > hi)
      return false;
  }
  return true;
}

bool sharc_shlo_quant_dim_ok(const sharc_type *t) {
  if (t->kind != SHARC_TYPE_TENSOR)
    return true;
  const sharc_type *e = t->shaped.elem;
  if (sharc_quant_kind_of(e) != SHARC_QUANT_PER_AXIS)
    return true;
  int64_t dim = sharc_quant_quantized_dim(e);
  if (dim >= t->shaped.rank)
    return false;
  int64_t size = t->shaped.shape[dim];
  return size == SHARC_DYNAMIC || size == (int64_t)sharc_quant_num_scales(e);
}

/* getElementTypeOrSelf. */
static sharc_type *elem_of(const sharc_type *t) {
  sharc_type *e = sharc_type_is_shaped(t) ? sharc_type_element(t) : NULL;
  return e ? e : (sharc_type *)t;
}

static bool is_q(const sharc_type *t) { return sharc_quant_is(elem_of(t)); }
static bool is_per_tensor(const sharc_type *t) {
  return sharc_quant_kind_of(elem_of(t)) == SHARC_QUANT_UNIFORM;
}
static bool is_per_axis(const sharc_type *t) {
  return sharc_quant_kind_of(elem_of(t)) == SHARC_QUANT_PER_AXIS;
}

bool sharc_shlo_any_quantized(const sharc_type *a, const sharc_type *b, const sharc_type *c) {
  return (a && is_q(a)) || (b && is_q(b)) || (c && is_q(c));
}

/* "'T1' vs 'T2'"-style messages: MLIR streams types into diagnostics quoted. */
static void quoted(sharc_buf *b, const sharc_type *t) {
  sharc_buf_putc(b, '\'');
  sharc_print_type(t, b);
  sharc_buf_putc(b, '\'');
}

static bool fail_types(sharc_op *op, const char *head, const sharc_type *a, const char *mid,
                       const sharc_type *b) {
  sharc_buf m = {0};
  sharc_buf_puts(&m, head);
  quoted(&m, a);
  sharc_buf_puts(&m, mid);
  quoted(&m, b);
  sharc_shlo_error(op, "%s", m.data);
  sharc_buf_free(&m);
  return false;
}

bool sharc_shlo_compatible_element(const sharc_type *a, const sharc_type *b) {
  const sharc_type *x = elem_of(a), *y = elem_of(b);
  bool qx = sharc_quant_is(x), qy = sharc_quant_is(y);
  if (qx && qy)
    return sharc_quant_storage_type(x) == sharc_quant_storage_type(y) &&
           sharc_quant_storage_min(x) == sharc_quant_storage_min(y) &&
           sharc_quant_storage_max(x) == sharc_quant_storage_max(y) &&
           sharc_quant_expressed_type(x) == sharc_quant_expressed_type(y) &&
           (sharc_quant_kind_of(x) == SHARC_QUANT_PER_AXIS) ==
               (sharc_quant_kind_of(y) == SHARC_QUANT_PER_AXIS);
  if (qx || qy)
    return false;
  return x == y;
}

unsigned sharc_shlo_bit_width(const sharc_type *elem) {
  if (sharc_quant_is(elem))
    return sharc_quant_storage_width(elem);
  if (elem->kind == SHARC_TYPE_COMPLEX)
    return 2 * sharc_shlo_bit_width(elem->elem);
  return sharc_type_bit_width(elem);
}

bool sharc_shlo_promotable(const sharc_type *a, const sharc_type *b, bool ignore_fp_precision) {
  if (!sharc_type_is_shaped(a) || !sharc_type_is_shaped(b))
    return false;
  const sharc_type *x = sharc_type_element(a), *y = sharc_type_element(b);
  bool same;
  if (sharc_quant_is(x) || sharc_quant_is(y))
    same = sharc_quant_is(x) && sharc_quant_is(y) &&
           sharc_quant_expressed_type(x) == sharc_quant_expressed_type(y);
  else
    same = x->kind == y->kind &&
           (x->kind == SHARC_TYPE_INTEGER || x->kind == SHARC_TYPE_FLOAT ||
            x->kind == SHARC_TYPE_COMPLEX);
  if (!same)
    return false;
  if (ignore_fp_precision && x->kind == SHARC_TYPE_FLOAT)
    return true;
  return sharc_shlo_bit_width(x) <= sharc_shlo_bit_width(y);
}

/* verifyBinaryOpQuantizationConstraints (add_c2 ... add_c7). */
static bool verify_binary_quant(sharc_op *op, const sharc_type *lhs, const sharc_type *rhs,
                                const sharc_type *res) {
  const sharc_type *l = elem_of(lhs), *r = elem_of(rhs), *o = elem_of(res);
  if (!sharc_quant_is(l) || !sharc_quant_is(r) || !sharc_quant_is(o))
    return sharc_shlo_error(op, "expects  all operands and results to be either quantized or "
                                "non-quantized"),
           false;
  const sharc_type *st = sharc_quant_storage_type(l);
  if (st != sharc_quant_storage_type(r) || st != sharc_quant_storage_type(o))
    return sharc_shlo_error(op, "mismatched operands and result quantization storage types"),
           false;
  const sharc_type *et = sharc_quant_expressed_type(l);
  if (et != sharc_quant_expressed_type(r) || et != sharc_quant_expressed_type(o))
    return sharc_shlo_error(op, "mismatched operands and result quantization expressed types"),
           false;
  bool pl = sharc_quant_kind_of(l) == SHARC_QUANT_PER_AXIS;
  bool pr = sharc_quant_kind_of(r) == SHARC_QUANT_PER_AXIS;
  bool po = sharc_quant_kind_of(o) == SHARC_QUANT_PER_AXIS;
  if (pl || pr) {
    if (!po)
      return sharc_shlo_error(op, "result is not per_axis quantized but lhs or rhs are"), false;
    if (pl && sharc_quant_quantized_dim(o) != sharc_quant_quantized_dim(l))
      return fail_types(op, "quantization_dimension of lhs and result are not same ", l, " vs ",
                        o);
    if (pr && sharc_quant_quantized_dim(o) != sharc_quant_quantized_dim(r))
      return fail_types(op, "quantization_dimension of rhs and result are not same ", r, " vs ",
                        o);
    return true;
  }
  if (po)
    return sharc_shlo_error(op, "result per_axis quantized but none from rhs and lhs are "
                                "per_axis quantized"),
           false;
  return true;
}

/* AddOp::verify (hlo::verifyAddOp), after the elementwise checks. */
bool sharc_shlo_verify_add(sharc_op *op) {
  if (!sharc_shlo_verify_elementwise(op))
    return false;
  if (sharc_op_num_operands(op) != 2 || sharc_op_num_results(op) != 1)
    return true;
  const sharc_type *l = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *r = sharc_value_type(sharc_op_operand(op, 1));
  const sharc_type *o = sharc_value_type(sharc_op_result(op, 0));
  if (sharc_shlo_any_quantized(l, r, o))
    return verify_binary_quant(op, l, r, o);
  if (elem_of(l) != elem_of(r) || elem_of(l) != elem_of(o))
    return sharc_shlo_error(op, "op requires the same element type for all operands and "
                                "results"),
           false;
  return true;
}

static bool same_per_axis_params(const sharc_type *x, const sharc_type *y) {
  unsigned n = sharc_quant_num_scales(x), m = sharc_quant_num_scales(y);
  unsigned k = n < m ? n : m; /* StableHLO compares pairwise up to the shorter */
  for (unsigned i = 0; i < k; i++)
    if (sharc_quant_scale_at(x, i) != sharc_quant_scale_at(y, i) ||
        sharc_quant_zero_point_at(x, i) != sharc_quant_zero_point_at(y, i))
      return false;
  return true;
}

bool sharc_shlo_quant_same_per_tensor(sharc_op *op, const sharc_type *a, const sharc_type *b) {
  if (is_per_tensor(a) && is_per_tensor(b) && elem_of(a) != elem_of(b))
    return fail_types(op, "expect same quantization scale and zero_point but got ", a, " vs ",
                      b);
  return true;
}

bool sharc_shlo_quant_same_per_axis(sharc_op *op, const sharc_type *a, const sharc_type *b) {
  if (is_per_axis(a) && is_per_axis(b) && !same_per_axis_params(elem_of(a), elem_of(b)))
    return fail_types(op, "expect same quantization scales and zero_points but got ", a, " vs ",
                      b);
  return true;
}

/* Whether quantization dimension `dim` is entry `index` of the op's i64
 * list `name` (else the error `fmt`, given dim, index and the entry);
 * *checked: whether the list has that entry (other checks report the
 * rest). */
static bool quant_dim_is_entry(sharc_op *op, const char *name, int64_t index, int64_t dim,
                               const char *fmt, bool *checked) {
  sharc_attr *list = sharc_shlo_i64_array(op, name);
  *checked = list && index >= 0 && index < (int64_t)sharc_attr_count(list);
  if (!*checked)
    return true;
  int64_t entry = sharc_attr_dense_array_i64(list, (unsigned)index);
  if (dim == entry)
    return true;
  sharc_shlo_error(op, fmt, (long long)dim, (long long)index, (long long)entry);
  return false;
}

bool sharc_shlo_verify_transpose_quant(sharc_op *op) {
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_shlo_quant_same_per_tensor(op, in, out) ||
      !sharc_shlo_quant_same_per_axis(op, in, out))
    return false;
  if (!is_per_axis(out) || !is_per_axis(in))
    return true;
  int64_t rdim = sharc_quant_quantized_dim(elem_of(out));
  int64_t idim = sharc_quant_quantized_dim(elem_of(in));
  bool checked;
  return quant_dim_is_entry(op, "permutation", rdim, idim,
                            "operand quantization_dimension %lld is not same as "
                            "permutation[%lld] = %lld",
                            &checked);
}

static bool static_shape(const sharc_type *t) {
  for (unsigned i = 0; i < t->shaped.rank; i++)
    if (t->shaped.shape[i] == SHARC_DYNAMIC)
      return false;
  return true;
}

/* verifyReshapeOpQuantizationConstraints (reshape_c1, reshape_c3). */
bool sharc_shlo_verify_reshape_quant(sharc_op *op) {
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_shlo_any_quantized(in, out, NULL))
    return true;
  if (!sharc_shlo_quant_same_per_tensor(op, in, out) ||
      !sharc_shlo_quant_same_per_axis(op, in, out))
    return false;
  if (!is_per_axis(in) || !is_per_axis(out) || in->kind != SHARC_TYPE_TENSOR ||
      out->kind != SHARC_TYPE_TENSOR)
    return true;
  int64_t id = sharc_quant_quantized_dim(elem_of(in)), od = sharc_quant_quantized_dim(elem_of(out));
  if (id >= in->shaped.rank || od >= out->shaped.rank)
    return true;
  int64_t is = in->shaped.shape[id], os = out->shaped.shape[od];
  if (is != SHARC_DYNAMIC && os != SHARC_DYNAMIC && is != os)
    return fail_types(op, "expect same quantization dimension size for operand and result ", in,
                      " and ", out);
  if (static_shape(in) && static_shape(out)) {
    /* StableHLO multiplies the sizes as 32-bit values into a 64-bit product */
    uint64_t a = 1, b = 1;
    for (int64_t i = 0; i < id; i++)
      a *= (uint64_t)(int64_t)(int32_t)in->shaped.shape[i];
    for (int64_t i = 0; i < od; i++)
      b *= (uint64_t)(int64_t)(int32_t)out->shaped.shape[i];
    if (a != b)
      return sharc_shlo_error(op, "product of dimensions before quantization dimension must "
                                  "match between operand and result for %llu and %llu",
                              (unsigned long long)a, (unsigned long long)b),
             false;
  }
  return true;
}

/* broadcast_in_dim_c1: before the dimension checks. */
bool sharc_shlo_verify_broadcast_quant_head(sharc_op *op) {
  return sharc_shlo_quant_same_per_tensor(op, sharc_value_type(sharc_op_operand(op, 0)),
                                          sharc_value_type(sharc_op_result(op, 0)));
}

/* broadcast_in_dim_c6 (verifyBroadcastInDimOpQuantConstraints): after them. */
bool sharc_shlo_verify_broadcast_quant_tail(sharc_op *op, const char *dims_name) {
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!is_per_axis(out) || !is_per_axis(in) || in->kind != SHARC_TYPE_TENSOR ||
      out->kind != SHARC_TYPE_TENSOR)
    return true;
  const sharc_type *oq = elem_of(out), *iq = elem_of(in);
  int64_t od = sharc_quant_quantized_dim(oq), id = sharc_quant_quantized_dim(iq);
  bool checked;
  if (!quant_dim_is_entry(op, dims_name, id, od,
                          "result quantization_dimension %lld not same as "
                          "broadcast_dimensions[%lld] = %lld",
                          &checked))
    return false;
  if (!checked || id >= in->shaped.rank || in->shaped.shape[id] != 1 || od >= out->shaped.rank)
    return true;
  int64_t n = out->shaped.shape[od];
  for (int64_t i = 0; i < n && i < (int64_t)sharc_quant_num_scales(oq); i++) {
    double rs = sharc_quant_scale_at(oq, (unsigned)i), is = sharc_quant_scale_at(iq, 0);
    if (rs != is)
      return sharc_shlo_error(op, "mismatch result scale %lld (%e) and operand scale 0 (%e)",
                              (long long)i, rs, is),
             false;
    int64_t rz = sharc_quant_zero_point_at(oq, (unsigned)i), iz = sharc_quant_zero_point_at(iq, 0);
    if (rz != iz)
      return sharc_shlo_error(op, "mismatch result zero_point %lld (%lld) and operand "
                                  "zero_point 0 (%lld)",
                              (long long)i, (long long)rz, (long long)iz),
             false;
  }
  return true;
}

/* verifyConvolutionDotGeneralCommonQuantizationConstraints. */
static bool verify_conv_dot_common(sharc_op *op, const sharc_type *l, const sharc_type *r,
                                   const sharc_type *o) {
  if (!sharc_quant_is(r) || sharc_quant_is(l) != sharc_quant_is(o))
    return sharc_shlo_error(op, "rhs should be quantized for quantized operations and "
                                "is_quantized(lhs)=is_quantized(result) should hold"),
           false;
  if (sharc_quant_is(l)) {
    if (sharc_quant_storage_type(l) != sharc_quant_storage_type(r))
      return sharc_shlo_error(op, "mismatched lhs and rhs quantization storage types"), false;
    if (sharc_quant_expressed_type(l) != sharc_quant_expressed_type(r) ||
        sharc_quant_expressed_type(l) != sharc_quant_expressed_type(o))
      return sharc_shlo_error(op, "mismatched lhs, rhs and result quantization expressed types"),
             false;
    if (sharc_quant_kind_of(r) == SHARC_QUANT_UNIFORM &&
        sharc_quant_kind_of(o) != SHARC_QUANT_UNIFORM)
      return sharc_shlo_error(op, "mismatched rhs and result quantization granularity"), false;
    return true;
  }
  if (l != sharc_quant_expressed_type(r) || l != o)
    return sharc_shlo_error(op, "mismatched rhs quantization expressed type and lhs and result "
                                "element type"),
           false;
  return true;
}

bool sharc_shlo_verify_dot_general_quant(sharc_op *op, sharc_attr *rhs_contracting) {
  const sharc_type *lt = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *rt = sharc_value_type(sharc_op_operand(op, 1));
  const sharc_type *ot = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_shlo_any_quantized(lt, rt, ot))
    return true;
  const sharc_type *r = elem_of(rt);
  if (sharc_quant_kind_of(r) == SHARC_QUANT_UNIFORM) {
    if (sharc_quant_zero_point(r) != 0)
      return sharc_shlo_error(op, "Zero point of rhs should be 0"), false;
  } else if (sharc_quant_kind_of(r) == SHARC_QUANT_PER_AXIS) {
    for (unsigned i = 0, n = sharc_quant_num_scales(r); i < n; i++)
      if (sharc_quant_zero_point_at(r, i) != 0)
        return sharc_shlo_error(op, "Zero points of rhs should be 0"), false;
    for (unsigned i = 0, n = rhs_contracting ? sharc_attr_count(rhs_contracting) : 0; i < n; i++)
      if (sharc_attr_dense_array_i64(rhs_contracting, i) == sharc_quant_quantized_dim(r))
        return sharc_shlo_error(op, "Quantization dimension of rhs should not be in the "
                                    "contracting dimension of rhs"),
               false;
  }
  return verify_conv_dot_common(op, elem_of(lt), r, elem_of(ot));
}

bool sharc_shlo_verify_convolution_quant(sharc_op *op, int64_t kernel_out_feature,
                                         int64_t out_feature) {
  const sharc_type *lt = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *rt = sharc_value_type(sharc_op_operand(op, 1));
  const sharc_type *ot = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_shlo_any_quantized(lt, rt, ot))
    return true;
  const sharc_type *r = elem_of(rt), *o = elem_of(ot);
  if (sharc_quant_kind_of(r) == SHARC_QUANT_PER_AXIS &&
      sharc_quant_quantized_dim(r) != kernel_out_feature)
    return sharc_shlo_error(op, "quantization dimension of rhs should be same with "
                                "kernel_output_feature_dimension"),
           false;
  if (sharc_quant_kind_of(o) == SHARC_QUANT_PER_AXIS &&
      sharc_quant_quantized_dim(o) != out_feature)
    return sharc_shlo_error(op, "quantization dimension of result should be same with "
                                "output_feature_dimension"),
           false;
  return verify_conv_dot_common(op, elem_of(lt), r, o);
}

/* UniformQuantizeOp::verify (uniform_quantize_c2), after the elementwise
 * checks. */
bool sharc_shlo_verify_uniform_quantize(sharc_op *op) {
  if (!sharc_shlo_verify_elementwise(op))
    return false;
  const sharc_type *res = elem_of(sharc_value_type(sharc_op_result(op, 0)));
  const sharc_type *in = elem_of(sharc_value_type(sharc_op_operand(op, 0)));
  if (!sharc_quant_is(res))
    return true;
  const sharc_type *want = in->kind == SHARC_TYPE_FLOAT ? in
                           : sharc_quant_is(in)          ? sharc_quant_expressed_type(in)
                                                         : NULL;
  const sharc_type *got = sharc_quant_expressed_type(res);
  if (!want || want == got)
    return true;
  sharc_buf a = {0}, b = {0};
  sharc_print_type(want, &a);
  sharc_print_type(got, &b);
  sharc_shlo_error(op, "Expressed type of result expected to be '%s', but got '%s'", a.data,
                   b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

/* uniform_dequantize_c1, c2: the operand's shape with the expressed type. */
bool sharc_shlo_verify_uniform_dequantize(sharc_op *op) {
  if (!sharc_shlo_verify_elementwise(op))
    return false;
  const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  const sharc_type *q = elem_of(in);
  if (in->kind != SHARC_TYPE_TENSOR || !sharc_quant_is(q) || !sharc_quant_expressed_type(q))
    return true;
  sharc_type *inferred = sharc_type_tensor(sharc_op_context(op), in->shaped.shape,
                                           in->shaped.rank, sharc_quant_expressed_type(q),
                                           in->shaped.encoding);
  return sharc_shlo_check_inferred(op, inferred);
}

/* ConstantOp's InferTypeOpInterface: the value's type, against the result
 * read through its storage type when quantized (isCompatibleReturnTypes). */
bool sharc_shlo_verify_constant(sharc_op *op) {
  sharc_attr *value = sharc_op_attr(op, "value");
  if (!value || sharc_op_num_results(op) != 1)
    return true;
  sharc_type *vt = sharc_attr_type(value), *rt = sharc_value_type(sharc_op_result(op, 0));
  if (!vt)
    return true;
  const sharc_type *want = rt;
  sharc_type *re = sharc_type_is_shaped(rt) ? sharc_type_element(rt) : NULL;
  if (re && sharc_quant_is(re) && rt->kind == SHARC_TYPE_TENSOR)
    want = sharc_type_tensor(sharc_op_context(op), rt->shaped.shape, rt->shaped.rank,
                             sharc_quant_storage_type(re), rt->shaped.encoding);
  if (sharc_type_is_shaped(vt) && sharc_type_is_shaped(rt) && vt == want)
    return true;
  sharc_buf a = {0}, b = {0};
  quoted(&a, vt);
  quoted(&b, rt);
  sharc_emit_op_error(op, "inferred type(s) %s are incompatible with return type(s) of operation %s",
                      a.data, b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  sharc_emit_op_error(op, "failed to infer returned types");
  return false;
}

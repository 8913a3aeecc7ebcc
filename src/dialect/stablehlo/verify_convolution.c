/* StableHLO's convolution rules (verifyConvolutionOp, inferConvolutionOp,
 * verifyConvolutionAttributes and isSpatialDimensionsValid of
 * TypeInference.cpp): ranks and element types, the dimension numbers, the
 * group counts, the window, then the inferred shape against the result. */
#include "dialect/stablehlo/shlo.h"
#include "dialect/quant/quant.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

typedef struct conv {
  sharc_op *op;
  const sharc_type *lhs, *rhs, *result;
  const sharc_attr *dn;
  int64_t feature_groups, batch_groups;
  bool dynamic; /* dynamic_conv: padding is operand #2, no result shape check */
  /* input, kernel and output dimension numbers: the two non-spatial ones,
   * then the spatial ones */
  int64_t *dims[3];
  unsigned n_spatial[3];
} conv;

enum { INPUT, KERNEL, OUTPUT };

/* Quantized element types: the quant dialect's own types, or its opaque
 * form where that dialect is not loaded. */
static bool is_quant(const sharc_type *t) {
  if (t && t->kind == SHARC_TYPE_DIALECT && t->def && t->def->dialect)
    return strcmp(t->def->dialect->name, "quant") == 0;
  return t && t->kind == SHARC_TYPE_OPAQUE && strcmp(t->opaque.dialect->data, "quant") == 0;
}

static void load_group(conv *c, unsigned g) {
  sharc_attr *spatial = sharc_shlo_struct_field(c->dn, &sharc_shlo_conv_def, 3 * g + 2);
  unsigned n = spatial && spatial->kind == SHARC_ATTR_DENSE_ARRAY ? sharc_attr_count(spatial) : 0;
  c->dims[g] = sharc_xmalloc_array(n + 2, sizeof *c->dims[g]);
  c->n_spatial[g] = n;
  c->dims[g][0] = sharc_shlo_struct_int(c->dn, &sharc_shlo_conv_def, 3 * g);
  c->dims[g][1] = sharc_shlo_struct_int(c->dn, &sharc_shlo_conv_def, 3 * g + 1);
  for (unsigned i = 0; i < n; i++)
    c->dims[g][2 + i] = sharc_attr_dense_array_i64(spatial, i);
}

static bool fail_two_types(conv *c, const char *head, const sharc_type *a, const sharc_type *b,
                           const char *tail) {
  sharc_buf m = {0};
  sharc_buf_printf(&m, "%s", head);
  sharc_shlo_quote_type(&m, a);
  SHARC_BUF_LIT(&m, " and ");
  sharc_shlo_quote_type(&m, b);
  sharc_buf_printf(&m, "%s", tail);
  sharc_shlo_error(c->op, "%s", m.data);
  sharc_buf_free(&m);
  return false;
}

static bool unique(const int64_t *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; j < i; j++)
      if (v[i] == v[j])
        return false;
  return true;
}

/* isSpatialDimensionsValid. */
static bool spatial_dims(conv *c) {
  unsigned n = c->n_spatial[INPUT];
  if (n != c->n_spatial[KERNEL] || n != c->n_spatial[OUTPUT]) {
    sharc_shlo_error(c->op,
                     "expects the same size for input, kernel and output "
                     "spatial-dimensions, but got %u, %u, and %u resp.",
                     n, c->n_spatial[KERNEL], c->n_spatial[OUTPUT]);
    return false;
  }
  int64_t rank = c->lhs->shaped.rank;
  for (unsigned g = 0; g < 3; g++)
    for (unsigned i = 0; i < n + 2; i++)
      if (c->dims[g][i] < 0 || c->dims[g][i] >= rank) {
        sharc_shlo_error(c->op,
                         "expects input, kernel, and output dimension-numbers to be "
                         "in-range [0, %lld).",
                         (long long)rank);
        return false;
      }
  static const char *const names[3] = {"input", "kernel", "output"};
  for (unsigned g = 0; g < 3; g++)
    if (!unique(c->dims[g], n + 2)) {
      sharc_buf m = {0};
      sharc_shlo_append_dims(&m, c->dims[g], n + 2);
      sharc_shlo_error(c->op, "expects %s dimension-numbers to be unique, got {%s}.", names[g],
                       m.data);
      sharc_buf_free(&m);
      return false;
    }
  return true;
}

static bool feature_counts(conv *c, int64_t in_features, int64_t kernel_in) {
  int64_t fg = c->feature_groups;
  if (in_features == SHARC_DYNAMIC)
    return true;
  if (in_features % fg != 0) {
    sharc_shlo_error(c->op,
                     "expects input feature dimension (%lld) to be a multiple of "
                     "feature_group_count. Got feature_group_count = %lld.",
                     (long long)in_features, (long long)fg);
    return false;
  }
  if (kernel_in != SHARC_DYNAMIC && in_features / fg != kernel_in) {
    sharc_shlo_error(c->op,
                     "expects input feature dimension (%lld) / feature_group_count = kernel "
                     "input feature dimension (%lld). Got feature_group_count = %lld.",
                     (long long)in_features, (long long)kernel_in, (long long)fg);
    return false;
  }
  return true;
}

static bool output_feature_counts(conv *c, int64_t kernel_out) {
  if (kernel_out == SHARC_DYNAMIC)
    return true;
  if (kernel_out % c->batch_groups != 0) {
    sharc_shlo_error(c->op,
                     "expects output feature dimension size (%lld) to be a multiple of "
                     "batch_group_count. Got batch_group_count = %lld.",
                     (long long)kernel_out, (long long)c->batch_groups);
    return false;
  }
  if (kernel_out % c->feature_groups != 0) {
    sharc_shlo_error(c->op,
                     "expects kernel output feature dimension (%lld) to be divisible by "
                     "feature_group_count. For feature_group_count = %lld.",
                     (long long)kernel_out, (long long)c->feature_groups);
    return false;
  }
  return true;
}

/* verifyConvolutionAttributes. */
static bool attributes(conv *c) {
  if (!spatial_dims(c))
    return false;
  if (c->batch_groups > 1 && c->feature_groups > 1) {
    sharc_shlo_error(c->op,
                     "expects batch_group_count and feature_group_count not to be both "
                     "greater than 1. Got %lld and %lld resp.",
                     (long long)c->batch_groups, (long long)c->feature_groups);
    return false;
  }
  const int64_t *l = c->lhs->shaped.shape, *r = c->rhs->shaped.shape;
  int64_t in_batch = l[c->dims[INPUT][0]];
  if (in_batch != SHARC_DYNAMIC && in_batch % c->batch_groups != 0) {
    sharc_shlo_error(c->op,
                     "expects input batch dimension (%lld) to be divisible by "
                     "batch_group_count. Got batch_group_count = %lld.",
                     (long long)in_batch, (long long)c->batch_groups);
    return false;
  }
  if (!feature_counts(c, l[c->dims[INPUT][1]], r[c->dims[KERNEL][0]]) ||
      !output_feature_counts(c, r[c->dims[KERNEL][1]]))
    return false;
  sharc_attr *prec = sharc_op_attr(c->op, "precision_config");
  if (prec && prec->kind == SHARC_ATTR_ARRAY && sharc_attr_count(prec) > 2) {
    sharc_shlo_error(c->op, "expects precision config to be empty or have <= 2 elements, got %u",
                     sharc_attr_count(prec));
    return false;
  }
  return true;
}

static bool ranks_and_types(conv *c) {
  unsigned rank = c->lhs->shaped.rank;
  if (rank < 2)
    return fail_two_types(c, "expects convolution arguments to have >= 2 dimensions. Got: ", c->lhs,
                          c->rhs, ".");
  if (rank != c->rhs->shaped.rank)
    return fail_two_types(c,
                          "expects convolution arguments to have same number of dimensions. "
                          "Got: ",
                          c->lhs, c->rhs, ".");
  const sharc_type *le = c->lhs->shaped.elem, *re = c->rhs->shaped.elem;
  if (!is_quant(le) && !is_quant(re) && le != re)
    return fail_two_types(c, "expects lhs and rhs to have compatible element type. Got: ", le, re,
                          "");
  return true;
}

/* The output: windowed spatial dimensions, batch / batch_group_count, the
 * kernel's output features. */
static void infer_shape(conv *c, const shlo_window_dim *window, int64_t *out) {
  unsigned rank = c->lhs->shaped.rank, n = c->n_spatial[INPUT];
  int64_t *base = sharc_xmalloc_array(n + 1, sizeof *base),
          *spatial = sharc_xmalloc_array(n + 1, sizeof *spatial);
  for (unsigned i = 0; i < rank; i++)
    out[i] = SHARC_DYNAMIC;
  for (unsigned i = 0; i < n; i++)
    base[i] = c->lhs->shaped.shape[c->dims[INPUT][2 + i]];
  sharc_shlo_window_output(base, window, n, spatial);
  for (unsigned i = 0; i < n; i++)
    out[c->dims[OUTPUT][2 + i]] = spatial[i];
  int64_t batch = c->lhs->shaped.shape[c->dims[INPUT][0]];
  out[c->dims[OUTPUT][0]] = batch == SHARC_DYNAMIC ? SHARC_DYNAMIC : batch / c->batch_groups;
  out[c->dims[OUTPUT][1]] = c->rhs->shaped.shape[c->dims[KERNEL][1]];
  free(base);
  free(spatial);
}

/* dynamic_conv's padding operand: a [spatial, 2] tensor, whose pairs are
 * known when a constant produces it (matchInts). `*known` false otherwise. */
static bool dynamic_padding(conv *c, int64_t **pads, unsigned *n_pads, bool *known) {
  sharc_value *v = sharc_op_operand(c->op, 2);
  const sharc_type *t = sharc_shlo_ranked(sharc_value_type(v));
  *known = false;
  if (!t)
    return true;
  if (t->shaped.rank != 2) {
    sharc_shlo_error(c->op, "expects padding to be of rank 2 but got %u", t->shaped.rank);
    return false;
  }
  int64_t want = (int64_t)c->lhs->shaped.rank - 2;
  if (t->shaped.shape[0] != want || t->shaped.shape[1] != 2) {
    sharc_shlo_error(c->op, "expects padding to be of shape [%lld, 2], but got [%lld, %lld]",
                     (long long)want, (long long)t->shaped.shape[0],
                     (long long)t->shaped.shape[1]);
    return false;
  }
  sharc_op *def = sharc_value_defining_op(v);
  sharc_attr *value = def ? sharc_op_constant_value(def) : NULL;
  if (!value || value->kind != SHARC_ATTR_DENSE_ELEMENTS ||
      sharc_type_get_kind(sharc_type_element(value->type)) != SHARC_TYPE_INTEGER)
    return true;
  size_t n = (size_t)sharc_type_num_elements(value->type);
  *pads = sharc_xmalloc_array(n + 1, sizeof **pads);
  for (size_t i = 0; i < n; i++)
    (*pads)[i] = sharc_attr_dense_int(value, i);
  *n_pads = (unsigned)(n / 2);
  *known = true;
  return true;
}

/* The window over the kernel's spatial dimensions, and for convolution the
 * inferred shape against the result. */
static bool window_shape(conv *c, const int64_t *wdims, const int64_t *pads, unsigned n_pads) {
  unsigned rank = c->lhs->shaped.rank, n = c->n_spatial[INPUT];
  sharc_attr *rev = sharc_op_attr(c->op, "window_reversal");
  shlo_window_attrs w = {sharc_shlo_i64_array(c->op, "window_strides"),
                         sharc_shlo_i64_array(c->op, "lhs_dilation"),
                         sharc_shlo_i64_array(c->op, "rhs_dilation"),
                         pads,
                         n_pads,
                         rev && rev->kind == SHARC_ATTR_DENSE_ARRAY ? sharc_attr_count(rev) : 0};
  shlo_window_dim *window = sharc_shlo_window(c->op, wdims, n, &w);
  if (!window)
    return false;
  bool ok = true;
  if (!c->dynamic) {
    int64_t *shape = sharc_xmalloc_array(rank + 1, sizeof *shape);
    infer_shape(c, window, shape);
    ok = sharc_shlo_verify_inferred_shape(c->op, shape, rank);
    free(shape);
  }
  free(window);
  return ok;
}

/* inferConvolutionOp / inferDynamicConvOp from convolution_c12 on. */
static bool window_and_result(conv *c) {
  unsigned rank = c->lhs->shaped.rank, n = c->n_spatial[INPUT];
  if (rank != n + 2) {
    sharc_shlo_error(c->op, "expects convolution arguments to have %u dimensions. Got: %u", n + 2,
                     rank);
    return false;
  }
  int64_t *wdims = sharc_xmalloc_array(n + 1, sizeof *wdims), *pads = NULL;
  for (unsigned i = 0; i < n; i++)
    wdims[i] = c->rhs->shaped.shape[c->dims[KERNEL][2 + i]];
  unsigned n_pads = 0;
  bool known = true;
  bool ok = c->dynamic ? dynamic_padding(c, &pads, &n_pads, &known)
                       : sharc_shlo_padding(c->op, sharc_op_attr(c->op, "padding"), &pads, &n_pads);
  ok = ok && (!known || window_shape(c, wdims, pads, n_pads));
  /* verifyConvolutionOpQuantizationConstraints */
  ok = ok && sharc_shlo_verify_convolution_quant(c->op, c->dims[KERNEL][1], c->dims[OUTPUT][1]);
  free(wdims);
  free(pads);
  return ok;
}

static bool verify_conv(sharc_op *op, bool dynamic) {
  conv c = {0};
  c.op = op;
  c.dynamic = dynamic;
  c.lhs = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 0)));
  c.rhs = sharc_shlo_ranked(sharc_value_type(sharc_op_operand(op, 1)));
  c.result = sharc_shlo_ranked(sharc_value_type(sharc_op_result(op, 0)));
  c.dn = sharc_op_attr(op, "dimension_numbers");
  sharc_attr *fg = sharc_op_attr(op, "feature_group_count");
  sharc_attr *bg = sharc_op_attr(op, "batch_group_count");
  if (!c.lhs || !c.rhs || !c.dn || !fg || !bg)
    return true;
  c.feature_groups = sharc_attr_int_value(fg);
  c.batch_groups = sharc_attr_int_value(bg);
  for (unsigned g = 0; g < 3; g++)
    load_group(&c, g);
  bool ok = ranks_and_types(&c) && attributes(&c) && window_and_result(&c);
  for (unsigned g = 0; g < 3; g++)
    free(c.dims[g]);
  return ok;
}

bool sharc_shlo_verify_convolution(sharc_op *op) { return verify_conv(op, false); }

/* verifyDynamicConvOp: convolution's rules with the padding given by an
 * operand. */
bool sharc_shlo_verify_dynamic_conv(sharc_op *op) { return verify_conv(op, true); }

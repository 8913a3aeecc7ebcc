/* Uniform quantization at run time (see quant.h). */
#include <math.h>

#include "dialect/quant/quant.h"
#include "interpret/kernel_util.h"
#include "interpret/quant.h"

sharc_type *sharc_quant_expressed_tensor_type(sharc_interp *ip, sharc_type *t) {
  if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR)
    return t;
  sharc_type *e = sharc_type_element(t);
  if (!sharc_quant_is(e))
    return t;
  sharc_type *x = sharc_quant_expressed_type(e);
  return sharc_interp_tensor_type(ip, sharc_type_shape(t), sharc_type_rank(t), x);
}

/* The quantization parameter index of flat element i. */
static unsigned param_index(const sharc_tensor *t, int64_t i) {
  if (t->q.axis < 0 || t->q.n <= 1 || (unsigned)t->q.axis >= t->rank)
    return 0;
  int64_t inner = 1;
  for (unsigned d = (unsigned)t->q.axis + 1; d < t->rank; d++)
    inner *= t->shape[d];
  return (unsigned)((i / inner) % t->shape[t->q.axis]);
}

sharc_tensor *sharc_quant_dequantize(sharc_interp *ip, sharc_op *op, const sharc_tensor *t) {
  sharc_tensor *r = sharc_tensor_new_at(ip, op, sharc_quant_expressed_tensor_type(ip, t->type));
  if (!r)
    return NULL;
  for (int64_t i = 0; i < t->n; i++) {
    unsigned k = param_index(t, i);
    float v = (float)(t->data.i[i] - t->q.zero_points[k]) * (float)t->q.scales[k];
    sharc_tensor_set_real(r, i, v);
  }
  return r;
}

void sharc_quant_quantize_into(sharc_tensor *r, const sharc_tensor *x) {
  for (int64_t i = 0; i < r->n; i++) {
    unsigned k = param_index(r, i);
    float v = (float)sharc_tensor_get_real(x, i) / (float)r->q.scales[k];
    v += (float)r->q.zero_points[k];
    double q = nearbyint((double)v);
    if (isnan(q))
      q = 0;
    if (q < (double)r->q.storage_min)
      q = (double)r->q.storage_min;
    if (q > (double)r->q.storage_max)
      q = (double)r->q.storage_max;
    r->data.i[i] = (int64_t)q;
  }
}

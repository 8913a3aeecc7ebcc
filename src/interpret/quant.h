/* Uniform quantization at run time: dequantize ((q - zero_point) * scale in
 * the expressed type), quantize (x / scale + zero_point, rounded to nearest
 * even, clamped to the storage range), per tensor or per axis, and the
 * spec's dequantize-op-quantize used to run an op on quantized tensors. */
#ifndef SHARC_INTERPRET_QUANT_H
#define SHARC_INTERPRET_QUANT_H

#include "interpret/interp.h"

/* A float tensor of the expressed type holding t's dequantized values. */
sharc_tensor *sharc_quant_dequantize(sharc_interp *ip, sharc_op *op, const sharc_tensor *t);
/* r (quantized) = quantize(x) elementwise. */
void sharc_quant_quantize_into(sharc_tensor *r, const sharc_tensor *x);
/* The type `t` has with its quantized element type replaced by the
 * expressed one (t itself otherwise). */
sharc_type *sharc_quant_expressed_tensor_type(sharc_interp *ip, sharc_type *t);

#endif

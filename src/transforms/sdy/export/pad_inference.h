/* The result shapes StableHLO's type inference gives an op from its current
 * operand types, as -sdy-pad-for-divisibility reconciles them with the
 * padded result types (see pad_inference.c). */
#ifndef SHARC_SDY_EXPORT_PAD_INFERENCE_H
#define SHARC_SDY_EXPORT_PAD_INFERENCE_H

#include "sharc/ir.h"

#include <stdbool.h>
#include <stdint.h>

#define SHARC_PAD_MAX_RANK 64

typedef struct sharc_pad_shape {
  unsigned rank;
  int64_t dims[SHARC_PAD_MAX_RANK];
} sharc_pad_shape;

/* The inferred shape of result `result`; false where the op has no such
 * inference or it fails. */
bool sharc_pad_inferred_shape(sharc_op *op, unsigned result, sharc_pad_shape *out);

#endif

/* The quant dialect's types (!quant.any, !quant.uniform per tensor, per axis
 * and sub-channel, !quant.calibrated): uniqued in the context, with the
 * queries StableHLO's verifiers ask of a quantized element type. */
#ifndef SHARC_DIALECT_QUANT_QUANT_H
#define SHARC_DIALECT_QUANT_QUANT_H

#include "ir/ir_internal.h"

typedef enum sharc_quant_kind {
  SHARC_QUANT_NONE,
  SHARC_QUANT_ANY,
  SHARC_QUANT_UNIFORM,     /* per tensor */
  SHARC_QUANT_PER_AXIS,
  SHARC_QUANT_SUB_CHANNEL,
  SHARC_QUANT_CALIBRATED,
} sharc_quant_kind;

extern const sharc_dialect sharc_quant_dialect;

/* SHARC_QUANT_NONE for anything but a quant type. */
sharc_quant_kind sharc_quant_kind_of(const sharc_type *t);
static inline bool sharc_quant_is(const sharc_type *t) {
  return sharc_quant_kind_of(t) != SHARC_QUANT_NONE;
}
/* QuantizedType's queries; storage ones are meaningless on calibrated. */
bool sharc_quant_is_signed(const sharc_type *t);
sharc_type *sharc_quant_storage_type(const sharc_type *t);   /* integer type */
sharc_type *sharc_quant_expressed_type(const sharc_type *t); /* may be NULL (any) */
unsigned sharc_quant_storage_width(const sharc_type *t);
int64_t sharc_quant_storage_min(const sharc_type *t);
int64_t sharc_quant_storage_max(const sharc_type *t);
/* Per tensor. */
double sharc_quant_scale(const sharc_type *t);
int64_t sharc_quant_zero_point(const sharc_type *t);
/* Per axis. */
int32_t sharc_quant_quantized_dim(const sharc_type *t);
unsigned sharc_quant_num_scales(const sharc_type *t);
double sharc_quant_scale_at(const sharc_type *t, unsigned i);
int64_t sharc_quant_zero_point_at(const sharc_type *t, unsigned i);

/* Builders (no verification: the caller passes parameters that hold). */
sharc_type *sharc_quant_uniform(sharc_context *ctx, bool is_signed, sharc_type *storage,
                                sharc_type *expressed, double scale, int64_t zero_point,
                                int64_t storage_min, int64_t storage_max);
sharc_type *sharc_quant_per_axis(sharc_context *ctx, bool is_signed, sharc_type *storage,
                                 sharc_type *expressed, const double *scales,
                                 const int64_t *zero_points, unsigned n, int32_t dim,
                                 int64_t storage_min, int64_t storage_max);
/* The same per-axis type quantized along `dim` instead. */
sharc_type *sharc_quant_with_dim(sharc_context *ctx, const sharc_type *t, int32_t dim);
/* The element type with its quantization dropped: the storage type for a
 * quantized type, `t` itself otherwise (hlo::getElementTypeOrSelf after
 * quant::QuantizedType::castToStorageType). */
sharc_type *sharc_quant_storage_or_self(sharc_type *t);
/* The expressed type for a quantized type, `t` otherwise. */
sharc_type *sharc_quant_expressed_or_self(sharc_type *t);

#endif

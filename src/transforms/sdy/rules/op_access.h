/* What the rule registry reads from ops: shapes of operands and results and
 * StableHLO attributes by name. Kept in one place so that the way the
 * stablehlo dialect stores its attributes is known here only. Every getter
 * is total: a missing or ill-typed attribute reads as the given default or
 * as an empty list, so a rule never crashes on an op its verifier rejects. */
#ifndef SHARC_SDY_RULES_OP_ACCESS_H
#define SHARC_SDY_RULES_OP_ACCESS_H

#include "ir/ir_internal.h"

/* A list of integers read from an attribute (dense i64 array, dense
 * elements, array of integers). Small lists live inline. */
typedef struct sharc_ints {
  unsigned n;
  int64_t v[16];
  int64_t *heap; /* when n > 16 */
} sharc_ints;

const int64_t *sharc_ints_data(const sharc_ints *l);
bool sharc_ints_contains(const sharc_ints *l, int64_t x);
/* Position of `x` or -1. */
int sharc_ints_find(const sharc_ints *l, int64_t x);
void sharc_ints_free(sharc_ints *l);

/* Integers of a dense i64 array, integer dense elements or an array of
 * integer attributes; false (and an empty list) for anything else. */
bool sharc_attr_read_ints(const sharc_attr *a, sharc_ints *out);

/* Shape of a value that is a ranked tensor; rank 0 and an empty shape otherwise. */
const int64_t *sharc_value_shape(sharc_value *v, unsigned *rank);
const int64_t *sharc_operand_shape(sharc_op *op, unsigned i, unsigned *rank);
const int64_t *sharc_result_shape(sharc_op *op, unsigned i, unsigned *rank);
/* The first operand's and first result's shapes: what the rules of most
 * one-in one-out ops start from. */
typedef struct sharc_io_shapes {
  const int64_t *in, *out;
  unsigned in_rank, out_rank;
} sharc_io_shapes;
sharc_io_shapes sharc_io_shapes_of(sharc_op *op);
/* Size of dimension `dim` (1 when out of range). */
int64_t sharc_dim_size(sharc_value *v, int64_t dim);

int64_t sharc_op_int_attr(sharc_op *op, const char *name, int64_t dflt);
bool sharc_op_bool_attr(sharc_op *op, const char *name, bool dflt);
/* A string attribute's text, empty when absent. */
sharc_str sharc_op_str_attr(sharc_op *op, const char *name);
/* Integers of an attribute; false when the op has no such list. */
bool sharc_op_ints_attr(sharc_op *op, const char *name, sharc_ints *out);
/* The case name of a stablehlo enum attribute, "" when absent. */
const char *sharc_op_enum_attr(sharc_op *op, const char *name);

/* A field of a stablehlo struct attribute (dot, gather, scatter, conv
 * dimension numbers), by its StableHLO field name. */
bool sharc_struct_ints(sharc_op *op, const char *attr, const char *field, sharc_ints *out);
int64_t sharc_struct_int(sharc_op *op, const char *attr, const char *field, int64_t dflt);

/* Whether `v` is defined by an op of kind `def`. */
bool sharc_value_defined_by(sharc_value *v, const sharc_op_def *def);

#endif

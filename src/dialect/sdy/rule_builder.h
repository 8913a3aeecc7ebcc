/* Building an op sharding rule factor by factor, as Shardy's rule registry
 * describes ops: each factor has a size and a type, and is mapped to at most
 * one dimension of each operand and result. Dimensions left without a factor
 * get a factor of size 1 when the rule is built, so every dimension has one.
 * A tensor dimension given as SHARC_NULL_DIM does not take part in a factor. */
#ifndef SHARC_DIALECT_SDY_RULE_BUILDER_H
#define SHARC_DIALECT_SDY_RULE_BUILDER_H

#include "ir/ir_internal.h"
#include "support/vec.h"

#define SHARC_NULL_DIM (-1)

/* Shardy's FactorType; every type but pass-through lands in the special
 * factor list of the same name. */
typedef enum sharc_factor_type {
  SHARC_FACTOR_PASS_THROUGH,
  SHARC_FACTOR_REDUCTION,
  SHARC_FACTOR_NEED_REPLICATION,
  SHARC_FACTOR_PERMUTATION,
} sharc_factor_type;

/* One (tensor dimension, factor) mapping, in the order factors were added. */
typedef struct sharc_rule_link {
  unsigned dim;    /* index into the builder's flat dimension list */
  unsigned factor;
} sharc_rule_link;

/* What a factor is besides its size. */
typedef struct sharc_factor_kind {
  unsigned char type; /* sharc_factor_type */
  bool blocked;
} sharc_factor_kind;

typedef struct sharc_rule_builder {
  sharc_context *ctx;
  unsigned num_operands, num_results;
  unsigned *dim_base;   /* per tensor (operands, then results): first flat dim */
  unsigned *rank;       /* per tensor */
  unsigned num_dims;    /* sum of ranks */
  unsigned *dim_used;   /* per flat dim: how many factors it has */
  sharc_i64_vec sizes;  /* per factor, the array the rule attribute takes */
  SHARC_VEC(sharc_factor_kind) kinds; /* per factor, alongside `sizes` */
  SHARC_VEC(sharc_rule_link) links;
} sharc_rule_builder;

/* Tensors are the op's operands then results; a value that is not a ranked
 * tensor counts as rank 0 (tokens, tuples). */
void sharc_rb_init(sharc_rule_builder *b, sharc_op *op);
void sharc_rb_free(sharc_rule_builder *b);

/* A factor on `operand_dims[i]` of operand i and `result_dims[j]` of result j
 * (arrays as long as the op's operands/results). A size-1 factor is not added
 * to a dimension that already has a factor. */
void sharc_rb_factor(sharc_rule_builder *b, const int64_t *operand_dims,
                     const int64_t *result_dims, int64_t size, sharc_factor_type type,
                     bool blocked);
/* A factor on dimension `dim` of every operand and/or result of rank >= 1. */
void sharc_rb_factor_all(sharc_rule_builder *b, int64_t dim, int64_t size,
                         sharc_factor_type type, bool blocked);
void sharc_rb_factor_all_operands(sharc_rule_builder *b, int64_t dim, int64_t size,
                                  sharc_factor_type type);
void sharc_rb_factor_all_results(sharc_rule_builder *b, int64_t dim, int64_t size,
                                 sharc_factor_type type);
/* A pass-through factor per dimension of `shape` over every tensor of rank >= 1. */
void sharc_rb_pointwise(sharc_rule_builder *b, const int64_t *shape, unsigned rank);
/* Like pointwise, but dimensions whose sizes differ between `in` and `out`
 * get `mismatch_type` (and are blocked when asked). */
void sharc_rb_pointwise_mismatch(sharc_rule_builder *b, const int64_t *in, const int64_t *out,
                                 unsigned rank, sharc_factor_type mismatch_type,
                                 bool mismatch_blocked);

/* The #sdy.op_sharding_rule; frees nothing (call sharc_rb_free after). */
sharc_attr *sharc_rb_build(sharc_rule_builder *b);
/* Builds the rule and frees the builder. */
sharc_attr *sharc_rb_finish(sharc_rule_builder *b);

/* A malloc'ed array of `n` SHARC_NULL_DIM, for factors over many tensors. */
int64_t *sharc_null_dims(unsigned n);
/* Greatest common divisor, non-negative. */
int64_t sharc_gcd(int64_t a, int64_t b);

/* One pass-through factor per dimension of `shape`, over every tensor of
 * rank >= 1 (ops whose other operands may be scalars). */
sharc_attr *sharc_rule_pointwise_over(sharc_op *op, const int64_t *shape, unsigned rank);
/* Shardy's buildPointwise: one factor per dimension of the first result,
 * shared by every tensor; NULL when the first result is not a ranked tensor. */
sharc_attr *sharc_rule_pointwise(sharc_op *op);
/* Shardy's createIdentityShardingRule: `num_operands` operands and
 * `num_results` results of shaped `type`, dimension d of each on factor d
 * (of the dimension's size); no factors for a scalar. */
sharc_attr *sharc_rule_identity(sharc_context *ctx, const sharc_type *type, unsigned num_operands,
                                unsigned num_results);

#endif

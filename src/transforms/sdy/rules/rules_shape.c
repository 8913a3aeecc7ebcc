/* Rules of the data-movement ops: broadcast, reshape (compound factors),
 * transpose, concatenate, pad, slices, reverse, sort, select, clamp,
 * bitcast_convert. */
#include <stdlib.h>

#include "dialect/stablehlo/shlo_ops.h"
#include "dialect/sdy/sdy_ops.h"
#include "transforms/sdy/rules/rules_internal.h"

static const int64_t null_dims[2] = {SHARC_NULL_DIM, SHARC_NULL_DIM};

/* A factor between dimension `in` of the only operand and `out` of the only
 * result (either may be SHARC_NULL_DIM). */
static void factor_1_1(sharc_rule_builder *b, int64_t in, int64_t out, int64_t size,
                       sharc_factor_type type) {
  sharc_rb_factor(b, &in, &out, size, type, false);
}

sharc_attr *sharc_rule_bitcast_convert(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_io_shapes io = sharc_io_shapes_of(op);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  /* The extra minor dimension of the narrower element type cannot be sharded. */
  sharc_rb_pointwise(&b, io.in_rank < io.out_rank ? io.in : io.out,
                     io.in_rank < io.out_rank ? io.in_rank : io.out_rank);
  if (io.in_rank < io.out_rank)
    factor_1_1(&b, SHARC_NULL_DIM, io.out_rank - 1, io.out[io.out_rank - 1],
               SHARC_FACTOR_NEED_REPLICATION);
  else if (io.in_rank > io.out_rank)
    factor_1_1(&b, io.in_rank - 1, SHARC_NULL_DIM, io.in[io.in_rank - 1],
               SHARC_FACTOR_NEED_REPLICATION);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_broadcast_in_dim(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_io_shapes io = sharc_io_shapes_of(op);
  sharc_ints dims;
  sharc_op_ints_attr(op, "broadcast_dimensions", &dims);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned out_dim = 0; out_dim < io.out_rank; out_dim++) {
    int64_t in_dim = sharc_ints_find(&dims, out_dim);
    /* An operand dimension of size 1 expanded in place has a factor of its own. */
    if (in_dim >= 0 && (unsigned)in_dim < io.in_rank && io.in[in_dim] == 1 &&
        io.out[out_dim] != 1) {
      factor_1_1(&b, in_dim, SHARC_NULL_DIM, 1, SHARC_FACTOR_PASS_THROUGH);
      in_dim = SHARC_NULL_DIM;
    }
    factor_1_1(&b, in_dim, out_dim, io.out[out_dim], SHARC_FACTOR_PASS_THROUGH);
  }
  sharc_ints_free(&dims);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_clamp(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  /* min and max may be scalars; the operand carries the shape */
  const int64_t *shape = sharc_operand_shape(op, 1, &rank);
  return sharc_rule_pointwise_over(op, shape, rank);
}

static sharc_value *before_slice(sharc_value *v) {
  if (sharc_value_defined_by(v, SHARC_SHLO(slice)))
    return sharc_op_operand(sharc_value_defining_op(v), 0);
  return v;
}

/* The concat dimension permutes data when every operand is a slice, or when
 * all operands come from one tensor, some through slices; otherwise it needs
 * replication. */
static sharc_factor_type concat_dim_type(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  bool all_slices = true, any_slice = false, same_source = true;
  sharc_value *source = n ? before_slice(sharc_op_operand(op, 0)) : NULL;
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(op, i);
    bool is_slice = sharc_value_defined_by(v, SHARC_SHLO(slice));
    all_slices &= is_slice;
    any_slice |= is_slice;
    same_source &= before_slice(v) == source;
  }
  if (all_slices || (same_source && any_slice))
    return SHARC_FACTOR_PERMUTATION;
  return SHARC_FACTOR_NEED_REPLICATION;
}

sharc_attr *sharc_rule_concatenate(sharc_op *op, bool conservative) {
  unsigned rank;
  const int64_t *shape = sharc_result_shape(op, 0, &rank);
  int64_t concat_dim = sharc_op_int_attr(op, "dimension", 0);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < rank; d++) {
    if (d != concat_dim)
      sharc_rb_factor_all(&b, d, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
    else if (!conservative)
      sharc_rb_factor_all(&b, d, shape[d], concat_dim_type(op), false);
  }
  return sharc_rb_finish(&b);
}

/* Slicing ops: a dimension whose size changes gets `type`. */
sharc_attr *sharc_rule_sliced(sharc_op *op, sharc_factor_type type, bool blocked) {
  sharc_io_shapes io = sharc_io_shapes_of(op);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  sharc_rb_pointwise_mismatch(&b, io.in, io.out,
                              io.in_rank < io.out_rank ? io.in_rank : io.out_rank, type, blocked);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_dynamic_slice(sharc_op *op, bool conservative) {
  (void)conservative;
  return sharc_rule_sliced(op, SHARC_FACTOR_NEED_REPLICATION, true);
}

/* Static slices and pads know how to shift data, so they propagate through
 * the changed dimensions unless propagation is conservative. */
sharc_attr *sharc_rule_slice(sharc_op *op, bool conservative) {
  return sharc_rule_sliced(op, SHARC_FACTOR_PERMUTATION, conservative);
}

sharc_attr *sharc_rule_pad(sharc_op *op, bool conservative) {
  return sharc_rule_sliced(op, SHARC_FACTOR_PERMUTATION, conservative);
}

static bool is_constant(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  return def && (sharc_op_isa(def, &sharc_sdy_constant_def) || sharc_op_has_trait(def, SHARC_TRAIT_CONSTANT_LIKE));
}

sharc_attr *sharc_rule_dynamic_update_slice(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank, update_rank;
  const int64_t *shape = sharc_operand_shape(op, 0, &rank);
  const int64_t *update = sharc_operand_shape(op, 1, &update_rank);
  unsigned n = sharc_op_num_operands(op);
  bool constant_indices = true;
  for (unsigned i = 2; i < n; i++)
    constant_indices &= is_constant(sharc_op_operand(op, i));
  int64_t *dims = sharc_null_dims(n);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < rank && d < update_rank; d++) {
    if (shape[d] == update[d]) {
      sharc_rb_factor_all(&b, d, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
      continue;
    }
    /* The operand and result stay sharded along the sliced dimension (each
     * device updates its own shard); the update is replicated unless every
     * index is a constant. */
    int64_t out = d;
    dims[0] = d;
    dims[1] = SHARC_NULL_DIM;
    sharc_rb_factor(&b, dims, &out, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
    dims[0] = SHARC_NULL_DIM;
    dims[1] = d;
    sharc_rb_factor(&b, dims, null_dims, update[d],
                    constant_indices ? SHARC_FACTOR_PASS_THROUGH : SHARC_FACTOR_NEED_REPLICATION,
                    false);
  }
  free(dims);
  return sharc_rb_finish(&b);
}

/* ---- reshape ------------------------------------------------------------ */

/* Once the input and output factor products diverge, the side that is
 * behind takes the factor that makes them meet again if it can, else one
 * that keeps the common divisor for the next step. */
static int64_t catch_up_factor(int64_t next, int64_t next_gcd, int64_t behind, int64_t ahead) {
  if (ahead % behind == 0 && next % (ahead / behind) == 0)
    return ahead / behind;
  if (next > next_gcd)
    return next / next_gcd;
  return next;
}

/* Walks input and output dimensions together, splitting each into factors
 * so that equal products line up: a dimension made of several factors is a
 * compound factor (docs/propagation.md). */
static void reshape_factors(sharc_rule_builder *b, const int64_t *in, unsigned in_rank,
                            const int64_t *out, unsigned out_rank) {
  unsigned i = 0, o = 0;
  int64_t dims_in = 1, dims_out = 1, factors_in = 1, factors_out = 1;
  while (i < in_rank || o < out_rank) {
    if (i < in_rank && in[i] == 1) {
      factor_1_1(b, i++, SHARC_NULL_DIM, 1, SHARC_FACTOR_PASS_THROUGH);
      continue;
    }
    if (o < out_rank && out[o] == 1) {
      factor_1_1(b, SHARC_NULL_DIM, o++, 1, SHARC_FACTOR_PASS_THROUGH);
      continue;
    }
    if (i < in_rank && dims_in == factors_in)
      dims_in *= in[i];
    if (o < out_rank && dims_out == factors_out)
      dims_out *= out[o];
    int64_t next_in = dims_in / factors_in, next_out = dims_out / factors_out;
    int64_t next_gcd = sharc_gcd(next_in, next_out);
    int64_t in_dim = i < in_rank ? (int64_t)i : SHARC_NULL_DIM;
    int64_t out_dim = o < out_rank ? (int64_t)o : SHARC_NULL_DIM;
    if (factors_in == factors_out) {
      if (next_gcd > 1) {
        factor_1_1(b, in_dim, out_dim, next_gcd, SHARC_FACTOR_PASS_THROUGH);
        factors_in *= next_gcd;
        factors_out *= next_gcd;
      } else {
        if (next_in <= 1 || next_out <= 1)
          return; /* element counts differ: the verifier reports it */
        factor_1_1(b, in_dim, SHARC_NULL_DIM, next_in, SHARC_FACTOR_PASS_THROUGH);
        factors_in *= next_in;
        factor_1_1(b, SHARC_NULL_DIM, out_dim, next_out, SHARC_FACTOR_PASS_THROUGH);
        factors_out *= next_out;
      }
    } else if (factors_in < factors_out) {
      next_in = catch_up_factor(next_in, next_gcd, factors_in, factors_out);
      if (next_in < 1)
        return;
      factor_1_1(b, in_dim, SHARC_NULL_DIM, next_in, SHARC_FACTOR_PASS_THROUGH);
      factors_in *= next_in;
    } else {
      next_out = catch_up_factor(next_out, next_gcd, factors_out, factors_in);
      if (next_out < 1)
        return;
      factor_1_1(b, SHARC_NULL_DIM, out_dim, next_out, SHARC_FACTOR_PASS_THROUGH);
      factors_out *= next_out;
    }
    if (i < in_rank && dims_in == factors_in)
      i++;
    if (o < out_rank && dims_out == factors_out)
      o++;
  }
}

sharc_attr *sharc_rule_reshape(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_io_shapes io = sharc_io_shapes_of(op);
  /* No rule for an empty tensor: nothing to propagate, and the factor walk
   * needs positive sizes. */
  for (unsigned d = 0; d < io.in_rank; d++)
    if (io.in[d] <= 0)
      return NULL;
  for (unsigned d = 0; d < io.out_rank; d++)
    if (io.out[d] <= 0)
      return NULL;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  reshape_factors(&b, io.in, io.in_rank, io.out, io.out_rank);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_reverse(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  const int64_t *shape = sharc_result_shape(op, 0, &rank);
  sharc_ints dims;
  sharc_op_ints_attr(op, "dimensions", &dims);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < rank; d++)
    sharc_rb_factor_all(&b, d, shape[d],
                        sharc_ints_contains(&dims, d) ? SHARC_FACTOR_PERMUTATION
                                                      : SHARC_FACTOR_PASS_THROUGH,
                        false);
  sharc_ints_free(&dims);
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_select(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  /* A scalar predicate is broadcast; the others are pointwise. */
  const int64_t *shape = sharc_result_shape(op, 0, &rank);
  return sharc_rule_pointwise_over(op, shape, rank);
}

sharc_attr *sharc_rule_sort(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned rank;
  const int64_t *shape = sharc_operand_shape(op, 0, &rank);
  int64_t sort_dim = sharc_op_int_attr(op, "dimension", -1);
  /* Sharding the sort dimension is pointless when it is the only one that
   * is not of size 1. */
  bool only_sort_dim = true;
  for (unsigned d = 0; d < rank; d++)
    if (d != sort_dim && shape[d] != 1)
      only_sort_dim = false;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < rank; d++) {
    if (d == sort_dim)
      sharc_rb_factor_all(&b, d, shape[d], SHARC_FACTOR_NEED_REPLICATION, only_sort_dim);
    else
      sharc_rb_factor_all(&b, d, shape[d], SHARC_FACTOR_PASS_THROUGH, false);
  }
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_transpose(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_ints perm;
  sharc_op_ints_attr(op, "permutation", &perm);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  const int64_t *p = sharc_ints_data(&perm);
  for (unsigned out_dim = 0; out_dim < perm.n; out_dim++)
    factor_1_1(&b, p[out_dim], out_dim, sharc_dim_size(sharc_op_operand(op, 0), p[out_dim]),
               SHARC_FACTOR_PASS_THROUGH);
  sharc_ints_free(&perm);
  return sharc_rb_finish(&b);
}

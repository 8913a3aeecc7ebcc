/* Rules of collectives, custom calls (by call target) and rng_bit_generator. */
#include <stdlib.h>

#include "dialect/stablehlo/shlo_ops.h"
#include "support/xalloc.h"
#include "transforms/sdy/rules/rules_internal.h"

/* ---- collectives ------------------------------------------------------- */

/* Dimensions other than the collective's own are pointwise; each collective
 * dimension gets one replicated factor on the operands and another on the
 * results, since its size changes. */
static sharc_attr *collective(sharc_op *op, const int64_t *dims, unsigned n) {
  sharc_io_shapes io = sharc_io_shapes_of(op);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < io.in_rank; d++) {
    bool special = false;
    for (unsigned k = 0; k < n; k++)
      special |= dims[k] == d;
    if (!special)
      sharc_rb_factor_all(&b, d, io.in[d], SHARC_FACTOR_PASS_THROUGH, false);
  }
  for (unsigned k = 0; k < n; k++) {
    int64_t d = dims[k];
    if (d < 0 || (uint64_t)d >= io.in_rank || (uint64_t)d >= io.out_rank)
      continue;
    sharc_rb_factor_all_operands(&b, d, io.in[d], SHARC_FACTOR_NEED_REPLICATION);
    sharc_rb_factor_all_results(&b, d, io.out[d], SHARC_FACTOR_NEED_REPLICATION);
  }
  return sharc_rb_finish(&b);
}

sharc_attr *sharc_rule_all_gather(sharc_op *op, bool conservative) {
  (void)conservative;
  int64_t dim = sharc_op_int_attr(op, "all_gather_dim", 0);
  return collective(op, &dim, 1);
}

sharc_attr *sharc_rule_all_to_all(sharc_op *op, bool conservative) {
  (void)conservative;
  int64_t dims[2] = {sharc_op_int_attr(op, "split_dimension", 0),
                     sharc_op_int_attr(op, "concat_dimension", 0)};
  return collective(op, dims, dims[0] == dims[1] ? 1 : 2);
}

sharc_attr *sharc_rule_reduce_scatter(sharc_op *op, bool conservative) {
  (void)conservative;
  int64_t dim = sharc_op_int_attr(op, "scatter_dimension", 0);
  return collective(op, &dim, 1);
}

sharc_attr *sharc_rule_rng_bit_generator(sharc_op *op, bool conservative) {
  (void)conservative;
  unsigned state_rank, out_rank;
  const int64_t *state = sharc_operand_shape(op, 0, &state_rank);
  const int64_t *out = sharc_result_shape(op, 1, &out_rank);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  /* The state is replicated and never propagated to or from; the output is free. */
  for (unsigned d = 0; d < state_rank; d++) {
    int64_t in = d, res[2] = {d, SHARC_NULL_DIM};
    sharc_rb_factor(&b, &in, res, state[d], SHARC_FACTOR_NEED_REPLICATION, true);
  }
  for (unsigned d = 0; d < out_rank; d++) {
    int64_t in = SHARC_NULL_DIM, res[2] = {SHARC_NULL_DIM, d};
    sharc_rb_factor(&b, &in, res, out[d], SHARC_FACTOR_PASS_THROUGH, false);
  }
  return sharc_rb_finish(&b);
}

/* ---- custom calls ------------------------------------------------------ */

/* Eigh: input [..., m, n] -> eigenvectors [..., m, n], eigenvalues [..., n]. */
static sharc_attr *eigh(sharc_op *op) {
  unsigned rank;
  const int64_t *in = sharc_operand_shape(op, 0, &rank);
  if (rank < 2 || sharc_op_num_results(op) != 2)
    return NULL;
  int64_t d1 = rank - 2, d2 = rank - 1;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  sharc_rb_pointwise(&b, in, rank - 2);
  int64_t r1[2] = {d1, SHARC_NULL_DIM}, r2[2] = {d2, d1};
  sharc_rb_factor(&b, &d1, r1, in[d1], SHARC_FACTOR_PASS_THROUGH, false);
  sharc_rb_factor(&b, &d2, r2, in[d2], SHARC_FACTOR_PASS_THROUGH, false);
  return sharc_rb_finish(&b);
}

/* Batch dimensions of the matrix [..., m, n], then m, n and the taus
 * dimension k, all needing replication. The matrix sits alone on one side
 * and pairs with taus on the other: qr makes q and taus from it,
 * householder_product consumes both. */
static sharc_attr *matrix_with_taus(sharc_op *op, const int64_t *matrix, unsigned rank,
                                    int64_t taus_size, bool taus_is_result) {
  int64_t d1 = rank - 2, d2 = rank - 1, none = SHARC_NULL_DIM;
  int64_t pair_m[2] = {d1, none}, pair_n[2] = {d2, none}, pair_k[2] = {none, d1};
  const int64_t *alone[3] = {&d1, &d2, &none}, *paired[3] = {pair_m, pair_n, pair_k};
  const int64_t sizes[3] = {matrix[d1], matrix[d2], taus_size};
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  sharc_rb_pointwise(&b, matrix, rank - 2);
  for (unsigned k = 0; k < 3; k++) {
    const int64_t *operand_dims = taus_is_result ? alone[k] : paired[k];
    const int64_t *result_dims = taus_is_result ? paired[k] : alone[k];
    sharc_rb_factor(&b, operand_dims, result_dims, sizes[k], SHARC_FACTOR_NEED_REPLICATION,
                    false);
  }
  return sharc_rb_finish(&b);
}

/* Qr: input [..., m, n] -> q [..., m, n], taus [..., min(m, n)]. */
static sharc_attr *qr(sharc_op *op) {
  unsigned rank, taus_rank;
  const int64_t *in = sharc_operand_shape(op, 0, &rank);
  const int64_t *taus = sharc_result_shape(op, 1, &taus_rank);
  if (rank < 2 || sharc_op_num_results(op) != 2 || taus_rank < rank - 1)
    return NULL;
  return matrix_with_taus(op, in, rank, taus[rank - 2], true);
}

/* ProductOfElementaryHouseholderReflectors: a [..., m, n], taus [..., k] -> [..., m, n]. */
static sharc_attr *householder_product(sharc_op *op) {
  unsigned rank, taus_rank;
  const int64_t *a = sharc_operand_shape(op, 0, &rank);
  const int64_t *taus = sharc_operand_shape(op, 1, &taus_rank);
  if (rank < 2 || sharc_op_num_operands(op) != 2 || taus_rank < rank - 1)
    return NULL;
  return matrix_with_taus(op, a, rank, taus[rank - 2], false);
}

/* mhlo.topk: operand -> values, indices; the top-k dimension is blocked. */
static sharc_attr *top_k(sharc_op *op) {
  return sharc_rule_sliced(op, SHARC_FACTOR_NEED_REPLICATION, true);
}

/* ApproxTopK / PartialReduce: operand, iota, two scalar inits -> values,
 * indices. The reduced dimension is shared by operand and iota; the output's
 * is replicated and blocked. */
static sharc_attr *approx_top_k(sharc_op *op) {
  sharc_io_shapes io = sharc_io_shapes_of(op);
  if (sharc_op_num_operands(op) != 4 || sharc_op_num_results(op) != 2)
    return NULL;
  const int64_t N = SHARC_NULL_DIM;
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  for (unsigned d = 0; d < io.in_rank && d < io.out_rank; d++) {
    if (io.in[d] == io.out[d]) {
      sharc_rb_factor_all(&b, d, io.in[d], SHARC_FACTOR_PASS_THROUGH, false);
      continue;
    }
    int64_t in_dims[4] = {d, d, N, N}, none_in[4] = {N, N, N, N};
    int64_t out_dims[2] = {d, d}, none_out[2] = {N, N};
    sharc_rb_factor(&b, in_dims, none_out, io.in[d], SHARC_FACTOR_PASS_THROUGH, false);
    sharc_rb_factor(&b, none_in, out_dims, io.out[d], SHARC_FACTOR_NEED_REPLICATION, true);
  }
  return sharc_rb_finish(&b);
}

/* X64Combine feeding rng_bit_generator is the generator's state: replicated
 * and never propagated (a ui64 tensor cannot be resharded either). */
static sharc_attr *x64_combine(sharc_op *op) {
  bool feeds_rng = false;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u))
      feeds_rng |= sharc_op_isa(sharc_use_owner(u), SHARC_SHLO(rng_bit_generator));
  if (!feeds_rng)
    return sharc_rule_pointwise(op);
  unsigned rank;
  const int64_t *shape = sharc_result_shape(op, 0, &rank);
  sharc_rule_builder b;
  sharc_rb_init(&b, op);
  if (rank)
    sharc_rb_factor_all(&b, 0, shape[0], SHARC_FACTOR_NEED_REPLICATION, true);
  return sharc_rb_finish(&b);
}

typedef enum target_kind {
  TARGET_NO_RULE,   /* known, deliberately left without a rule */
  TARGET_POINTWISE,
  TARGET_EIGH,
  TARGET_QR,
  TARGET_HOUSEHOLDER,
  TARGET_TOP_K,
  TARGET_APPROX_TOP_K,
  TARGET_X64_COMBINE,
} target_kind;

typedef struct target_row {
  const char *name;
  target_kind kind;
} target_row;

/* Call targets the registry knows. */
static const target_row targets[] = {
    {"sdy_testonly", TARGET_NO_RULE},
    {"tpu_custom_call", TARGET_NO_RULE},
    {"xla_python_cpu_callback", TARGET_NO_RULE},
    {"xla_python_gpu_callback", TARGET_NO_RULE},
    {"xla_ffi_python_cpu_callback", TARGET_NO_RULE},
    {"xla_ffi_python_gpu_callback", TARGET_NO_RULE},
    {"xla.debug.Log", TARGET_NO_RULE},
    {"annotate_device_placement", TARGET_POINTWISE},
    {"Cholesky", TARGET_POINTWISE},
    {"CompactWyHelper", TARGET_POINTWISE},
    {"InspectSharding", TARGET_POINTWISE},
    {"InvertDiagBlocksLowerTriangular", TARGET_POINTWISE},
    {"InvertDiagBlocksUpperTriangular", TARGET_POINTWISE},
    {"LayoutConstraint", TARGET_POINTWISE},
    {"mhlo.erf", TARGET_POINTWISE},
    {"MoveToDevice", TARGET_POINTWISE},
    {"MoveToHost", TARGET_POINTWISE},
    {"X64SplitHigh", TARGET_POINTWISE},
    {"X64SplitLow", TARGET_POINTWISE},
    {"xla.megascale.provide_metadata", TARGET_POINTWISE},
    /* SPMD-internal collective permutes: every result sharded like the input */
    {"_SPMDInternalOp_MultiPad", TARGET_POINTWISE},
    {"_SPMDInternalOp_RotateRight", TARGET_POINTWISE},
    {"_SPMDInternalOp_MultiRotate", TARGET_POINTWISE},
    {"_SPMDInternalOp_MultiSlice", TARGET_POINTWISE},
    {"_SPMDInternalOp_Wrap", TARGET_POINTWISE},
    {"Eigh", TARGET_EIGH},
    {"Qr", TARGET_QR},
    {"QrDecompositionBlock", TARGET_QR},
    {"ProductOfElementaryHouseholderReflectors", TARGET_HOUSEHOLDER},
    {"mhlo.topk", TARGET_TOP_K},
    {"ApproxTopK", TARGET_APPROX_TOP_K},
    {"PartialReduce", TARGET_APPROX_TOP_K},
    {"X64Combine", TARGET_X64_COMBINE},
};

static const target_row *find_target(sharc_str name) {
  for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
    if (strlen(targets[i].name) == name.len && memcmp(targets[i].name, name.data, name.len) == 0)
      return &targets[i];
  return NULL;
}

sharc_attr *sharc_rule_custom_call(sharc_op *op, bool conservative) {
  (void)conservative;
  sharc_str target = sharc_op_str_attr(op, "call_target_name");
  const target_row *row = find_target(target);
  if (!row) {
    static bool warned;
    char *name = sharc_str_dup(target);
    sharc_rule_warn_once(&warned, op, "custom call @%s is unknown to SDY sharding rule registry",
                         name);
    free(name);
    return NULL;
  }
  switch (row->kind) {
  case TARGET_NO_RULE:
    return NULL;
  case TARGET_POINTWISE:
    return sharc_rule_pointwise(op);
  case TARGET_EIGH:
    return eigh(op);
  case TARGET_QR:
    return qr(op);
  case TARGET_HOUSEHOLDER:
    return householder_product(op);
  case TARGET_TOP_K:
    return top_k(op);
  case TARGET_APPROX_TOP_K:
    return approx_top_k(op);
  case TARGET_X64_COMBINE:
    return x64_combine(op);
  }
  return NULL;
}

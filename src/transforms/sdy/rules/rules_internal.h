/* The registry's rule functions, one per op kind, grouped by op family in
 * rules_*.c; registry.c maps op names to them. */
#ifndef SHARC_SDY_RULES_RULES_INTERNAL_H
#define SHARC_SDY_RULES_RULES_INTERNAL_H

#include "transforms/sdy/rules/op_access.h"
#include "dialect/sdy/rule_builder.h"
#include "transforms/sdy/rules/rules.h"

/* Builds the rule of `op`; `conservative` is Shardy's conservative propagation. */
typedef sharc_attr *(*sharc_rule_fn)(sharc_op *op, bool conservative);

/* rules_shape.c: data movement */
sharc_attr *sharc_rule_bitcast_convert(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_broadcast_in_dim(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_clamp(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_concatenate(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_dynamic_slice(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_dynamic_update_slice(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_pad(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_reshape(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_reverse(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_select(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_slice(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_sort(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_transpose(sharc_op *op, bool conservative);
/* Ops whose dimensions keep their place while their sizes may change
 * (slices, pads, top-k): a changed dimension gets `type`. */
sharc_attr *sharc_rule_sliced(sharc_op *op, sharc_factor_type type, bool blocked);

/* rules_compute.c: contractions, reductions, windows, indexing, linalg */
sharc_attr *sharc_rule_batch_norm_inference(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_cholesky(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_convolution(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_dot(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_dot_general(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_fft(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_gather(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_reduce(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_reduce_window(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_scatter(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_select_and_scatter(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_triangular_solve(sharc_op *op, bool conservative);

/* rules_misc.c: collectives, custom calls, random numbers */
sharc_attr *sharc_rule_all_gather(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_all_to_all(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_custom_call(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_reduce_scatter(sharc_op *op, bool conservative);
sharc_attr *sharc_rule_rng_bit_generator(sharc_op *op, bool conservative);

/* Warns at the op with `fmt` (one %s for `arg`), once per process for each
 * `flag`, as Shardy's emitOpWarningOnce. */
void sharc_rule_warn_once(bool *flag, sharc_op *op, const char *fmt, const char *arg);

#endif

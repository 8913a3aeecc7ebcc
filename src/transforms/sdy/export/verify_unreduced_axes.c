/* -sdy-verify-unreduced-axes: checks that no op drops or introduces
 * unreduced axes unless it may (reshards and sharding constraints, dots and
 * reductions, collectives), and that calls and returns keep them. */
#include "dialect/func/func.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/created_defs.h"
#include "pass/pass_registry.h"
#include "sharc/verify.h"
#include "support/vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* The unreduced axes of `s` (none when NULL). */
static sharc_attr *const *unreduced(const sharc_attr *s, unsigned *n) {
  sharc_sdy_tensor_sharding_parts parts = {0};
  if (s)
    sharc_sdy_tensor_sharding_parts_of(s, &parts);
  *n = parts.num_unreduced;
  return parts.unreduced;
}

/* ---- verifyEqual ------------------------------------------------------------ */

static int cmp_axes(const void *a, const void *b) {
  const sharc_attr *x = *(sharc_attr *const *)a, *y = *(sharc_attr *const *)b;
  return sharc_sdy_axis_less(x, y) ? -1 : sharc_sdy_axis_less(y, x) ? 1 : 0;
}

/* Sorted (AxisRefAttr's operator<) and without repeats. */
static void sorted_unique(sharc_attr *const *axes, unsigned n, sharc_sdy_axis_vec *out) {
  sharc_sdy_axes_assign(out, axes, n);
  if (out->len > 1)
    qsort(out->items, out->len, sizeof *out->items, cmp_axes);
  unsigned k = 0;
  for (unsigned i = 0; i < out->len; i++)
    if (k == 0 || out->items[k - 1] != out->items[i])
      out->items[k++] = out->items[i];
  out->len = k;
}

static int cmp_names(const void *a, const void *b) {
  const sharc_str *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = n ? memcmp(x->data, y->data, n) : 0;
  return c ? c : (x->len > y->len) - (x->len < y->len);
}

typedef SHARC_VEC(sharc_str) str_vec;

/* Names of the axes of `a` that `b` does not hold. */
static void missing_names(sharc_attr *const *a, unsigned na, sharc_attr *const *b, unsigned nb,
                          str_vec *out) {
  for (unsigned i = 0; i < na; i++)
    if (sharc_sdy_axes_index_of(b, nb, a[i]) < 0)
      sharc_vec_push(out, sharc_sdy_axis_ref_name(a[i]));
}

/* The same unreduced axes on both sides, else "has unreduced axes mismatch
 * for '<names>" followed by `suffix`. */
static bool verify_equal(sharc_attr *const *source, unsigned ns, sharc_attr *const *target,
                         unsigned nt, sharc_op *op, const char *suffix) {
  sharc_sdy_axis_vec s = {0}, t = {0};
  sorted_unique(source, ns, &s);
  sorted_unique(target, nt, &t);
  bool same = sharc_sdy_axes_equal(s.items, s.len, t.items, t.len);
  sharc_vec_free(&s);
  sharc_vec_free(&t);
  if (same)
    return true;
  str_vec names = {0};
  missing_names(source, ns, target, nt, &names);
  missing_names(target, nt, source, ns, &names);
  if (names.len > 1)
    qsort(names.items, names.len, sizeof *names.items, cmp_names);
  sharc_buf joined = {0};
  for (unsigned i = 0; i < names.len; i++) {
    if (i && cmp_names(&names.items[i - 1], &names.items[i]) == 0)
      continue;
    sharc_buf_printf(&joined, "%s%.*s", joined.len ? ", " : "", (int)names.items[i].len,
                     names.items[i].data);
  }
  sharc_emit_op_error(op, "has unreduced axes mismatch for '%.*s%s", (int)joined.len,
                      joined.data ? joined.data : "", suffix);
  sharc_buf_free(&joined);
  sharc_vec_free(&names);
  return false;
}

/* ---- reshards ------------------------------------------------------------------ */

static bool is_explicit_reshard(const sharc_op *op) {
  return op && (sharc_op_isa(op, &sharc_sdy_reshard_def) ||
                sharc_op_isa(op, &sharc_sdy_sharding_constraint_def));
}

/* isDefiningOpExplicitReshard: through propagation barriers. */
static bool defined_by_explicit_reshard(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  while (def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def)) {
    v = sharc_op_operand(def, 0);
    def = sharc_value_defining_op(v);
  }
  return is_explicit_reshard(def);
}

/* The operand's sharding, none when an explicit reshard defines it. */
static sharc_attr *operand_sharding(sharc_value *v) {
  return defined_by_explicit_reshard(v) ? NULL : sharc_sdy_get_sharding_bypassing_barriers(v);
}

/* ---- calls and returns ---------------------------------------------------------- */

static bool verify_call(sharc_op *call) {
  sharc_op *callee = sharc_call_resolve(call);
  if (!callee || !sharc_op_isa(callee, &sharc_func_func_def))
    return true;
  char suffix[64];
  unsigned n_args = sharc_func_num_args(callee);
  for (unsigned i = 0; i < sharc_op_num_operands(call) && i < n_args; i++) {
    sharc_value *operand = sharc_op_operand(call, i);
    if (defined_by_explicit_reshard(operand))
      continue;
    unsigned na, nb;
    sharc_attr *const *a = unreduced(sharc_sdy_get_sharding_bypassing_barriers(operand), &na);
    sharc_attr *const *b = unreduced(sharc_sdy_func_arg_sharding(callee, i), &nb);
    snprintf(suffix, sizeof suffix, "' at call argument %u.", i);
    if (!verify_equal(a, na, b, nb, call, suffix))
      return false;
  }
  unsigned n_results = sharc_func_num_results(callee);
  for (unsigned i = 0; i < sharc_op_num_results(call) && i < n_results; i++) {
    unsigned na, nb;
    sharc_attr *const *a = unreduced(sharc_sdy_func_result_sharding(callee, i), &na);
    sharc_attr *const *b =
        unreduced(sharc_sdy_get_sharding_bypassing_barriers(sharc_op_result(call, i)), &nb);
    snprintf(suffix, sizeof suffix, "' at call result %u.", i);
    if (!verify_equal(a, na, b, nb, call, suffix))
      return false;
  }
  return true;
}

static bool verify_return_pair(sharc_value *operand, sharc_attr *result_sharding, sharc_op *op,
                               unsigned index) {
  if (defined_by_explicit_reshard(operand) || !result_sharding)
    return true;
  unsigned na, nb;
  sharc_attr *const *a = unreduced(sharc_sdy_get_sharding_bypassing_barriers(operand), &na);
  sharc_attr *const *b = unreduced(result_sharding, &nb);
  char suffix[200];
  snprintf(suffix, sizeof suffix,
           "' at return value %u without a blessed operation (e.g., sdy.reshard). This is an "
           "invalid transition from unreduced to reduced.",
           index);
  return verify_equal(a, na, b, nb, op, suffix);
}

/* A return-like terminator hands its operands to the function's results or
 * to its parent op's results (a manual computation's seen without its
 * manual axes). */
static bool verify_terminator(sharc_op *op) {
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent)
    return true;
  unsigned n = sharc_op_num_operands(op);
  if (sharc_op_isa(parent, &sharc_func_func_def)) {
    for (unsigned i = 0; i < n; i++)
      if (!verify_return_pair(sharc_op_operand(op, i), sharc_sdy_func_result_sharding(parent, i),
                              op, i))
        return false;
    return true;
  }
  for (unsigned i = 0; i < n && i < sharc_op_num_results(parent); i++) {
    sharc_attr *s = sharc_sdy_get_sharding_bypassing_barriers(sharc_op_result(parent, i));
    if (sharc_op_isa(parent, &sharc_sdy_manual_computation_def))
      s = sharc_sdy_erase_manual_axes(parent, s);
    if (!verify_return_pair(sharc_op_operand(op, i), s, op, i))
      return false;
  }
  return true;
}

/* ---- ops ----------------------------------------------------------------------- */

/* getReductionType: the one reduction every returned value of the body
 * comes from (add, max, min), or -1. */
static int64_t body_reduction(sharc_op *op) {
  if (!sharc_op_num_regions(op))
    return -1;
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  if (!ret || !sharc_op_isa(ret, SHARC_SHLO(return )) || !sharc_op_num_operands(ret))
    return -1;
  int64_t result = -1;
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(ret, i));
    int64_t cur = !def                                     ? -1
                  : sharc_op_isa(def, SHARC_SHLO(add))     ? SHARC_SDY_REDUCTION_SUM
                  : sharc_op_isa(def, SHARC_SHLO(maximum)) ? SHARC_SDY_REDUCTION_MAX
                  : sharc_op_isa(def, SHARC_SHLO(minimum)) ? SHARC_SDY_REDUCTION_MIN
                                                           : -1;
    if (cur < 0 || (result >= 0 && result != cur))
      return -1;
    result = cur;
  }
  return result;
}

/* verifyUnreducedAxesTransition from the first `n_operands` operands (none
 * counted when an explicit reshard defines them) to all results. */
static bool verify_transition(sharc_op *op, unsigned n_operands, int64_t introduced,
                              int64_t removed) {
  attr_vec ins = {0}, outs = {0};
  for (unsigned i = 0; i < n_operands; i++)
    sharc_vec_push(&ins, operand_sharding(sharc_op_operand(op, i)));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&outs, sharc_sdy_get_sharding_bypassing_barriers(sharc_op_result(op, i)));
  bool ok = sharc_sdy_verify_unreduced_transition_n(op, ins.items, ins.len, outs.items, outs.len,
                                                    introduced, removed);
  sharc_vec_free(&ins);
  sharc_vec_free(&outs);
  return ok;
}

static bool verify_reduce(sharc_op *op) {
  /* the inputs are the first half of the operands, the init values the rest */
  unsigned inputs = sharc_op_num_operands(op) / 2;
  return verify_transition(op, inputs, body_reduction(op), -1);
}

static bool verify_stablehlo_collective(sharc_op *op) {
  if (!sharc_op_num_operands(op) || !sharc_op_num_results(op))
    return true;
  sharc_attr *in = sharc_sdy_get_sharding_bypassing_barriers(sharc_op_operand(op, 0));
  sharc_attr *out = sharc_sdy_get_sharding_bypassing_barriers(sharc_op_result(op, 0));
  if (!in && !out)
    return true;
  return sharc_sdy_verify_unreduced_transition_n(op, &in, 1, &out, 1, -1, body_reduction(op));
}

static bool verify_op(sharc_op *op) {
  if (is_explicit_reshard(op))
    return sharc_verify(op);
  if (sharc_op_isa(op, SHARC_SHLO(reduce)))
    return verify_reduce(op);
  if (sharc_op_isa(op, SHARC_SHLO(dot_general)) || sharc_op_isa(op, SHARC_SHLO(dot)))
    return verify_transition(op, sharc_op_num_operands(op), SHARC_SDY_REDUCTION_SUM, -1);
  if (sharc_op_isa(op, &sharc_sdy_all_reduce_def) ||
      sharc_op_isa(op, &sharc_sdy_reduce_scatter_def)) {
    if (!sharc_sdy_get_sharding_bypassing_barriers(sharc_op_operand(op, 0))) {
      sharc_emit_op_error(op, "operand must be sharded.");
      return false;
    }
    return sharc_verify(op);
  }
  if (sharc_op_isa(op, SHARC_SHLO(all_reduce)) || sharc_op_isa(op, SHARC_SHLO(reduce_scatter)))
    return verify_stablehlo_collective(op);
  if (sharc_op_isa(op, &sharc_func_call_def))
    return verify_call(op);
  if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    return !sharc_op_has_trait(op, SHARC_TRAIT_RETURN_LIKE) || verify_terminator(op);
  /* other ops may introduce sum-unreduced axes, never drop any */
  return verify_transition(op, sharc_op_num_operands(op), SHARC_SDY_REDUCTION_SUM, -1);
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  (void)user;
  return verify_op(op) ? SHARC_WALK_ADVANCE : SHARC_WALK_INTERRUPT;
}

/* Without an unreduced axis every transition check passes; what is left to
 * check are the sdy collectives and explicit reshards: none, no walk. */
static bool nothing_to_check(const sharc_context *ctx) {
  static const sharc_op_def *const checked_without_unreduced[] = {
      &sharc_sdy_reshard_def, &sharc_sdy_sharding_constraint_def, &sharc_sdy_all_reduce_def,
      &sharc_sdy_reduce_scatter_def};
  return !sharc_context_fact_noted(ctx, &sharc_sdy_unreduced_axes_made) &&
         !sharc_context_may_hold_one_of(ctx, checked_without_unreduced,
                                        sizeof checked_without_unreduced /
                                            sizeof checked_without_unreduced[0]);
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  (void)run;
  if (nothing_to_check(sharc_op_context(func)))
    return true;
  return sharc_walk(func, SHARC_POST_ORDER, visit, NULL) != SHARC_WALK_INTERRUPT;
}

const sharc_pass_def sharc_pass_sdy_verify_unreduced_axes = {
    .flag = "sdy-verify-unreduced-axes",
    .display_name = "VerifyUnreducedAxesPass",
    .summary = "Verifies the consistency of unreduced axis usage.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

/* Verifying sdy attributes where they are attached: `sdy.sharding`,
 * `sdy.sharding_rule` and `sdy.propagation_edges` on ops, `sdy.sharding` on
 * function arguments and results, and the reusable checks sdy ops build on,
 * with Shardy's messages (verifiers.cc). */
#include "dialect/sdy/attrs_internal.h"
#include "asm/verify_internal.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_ops_internal.h"
#include "dialect/sdy/utils.h"
#include "dialect/func/func.h"
#include "ir/op_values.h"
#include "ir/static_names.h"
#include "support/checked.h"
#include "sharc/symbols.h"
#include "sharc/verify.h"
#include "support/xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- emitters ------------------------------------------------------------ */

sharc_sdy_emitter sharc_sdy_emitter_make(sharc_op *op, const char *head, const char *tail) {
  return (sharc_sdy_emitter){.op = op, .head = head, .tail = tail};
}

sharc_sdy_emitter sharc_sdy_emitter_indexed(sharc_op *op, const char *head, unsigned index,
                                            const char *tail) {
  return (sharc_sdy_emitter){.op = op, .head = head, .indexed = true, .index = index, .tail = tail};
}

sharc_sdy_emitter sharc_sdy_emitter_value(const sharc_sdy_emitter *base, unsigned num_values,
                                          unsigned index) {
  sharc_sdy_emitter e = {.op = base->op, .base = base, .tail = "- "};
  if (num_values != 1) {
    e.indexed = true;
    e.index = index;
    e.tail = " - ";
  }
  return e;
}

static void put_prefix(sharc_buf *out, const sharc_sdy_emitter *e) {
  if (e->base)
    put_prefix(out, e->base);
  if (e->head)
    sharc_buf_puts(out, e->head);
  if (e->indexed)
    sharc_buf_printf(out, "%u", e->index);
  if (e->tail)
    sharc_buf_puts(out, e->tail);
}

sharc_diag *sharc_sdy_emit(const sharc_sdy_emitter *e, const char *fmt, ...) {
  sharc_buf msg = {0};
  put_prefix(&msg, e);
  va_list ap;
  va_start(ap, fmt);
  sharc_buf_vprintf(&msg, fmt, ap);
  va_end(ap);
  sharc_diag *d = sharc_emit_op_error(e->op, "%.*s", (int)msg.len, msg.data ? msg.data : "");
  sharc_buf_free(&msg);
  return d;
}

/* ---- axis refs ----------------------------------------------------------- */

/* Axis refs as strings for messages; `n` of them from `refs`. */
static void axis_refs_str(sharc_attr *const *refs, unsigned n, sharc_buf *out) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    sharc_buf b = {0};
    sharc_sdy_axis_ref_to_string(refs[i], &b);
    sharc_buf_put(out, b.data, b.len);
    sharc_buf_free(&b);
  }
}

static sharc_diag *emit_with_refs(const sharc_sdy_emitter *e, const char *msg,
                                  sharc_attr *const *refs, unsigned n) {
  sharc_buf b = {0};
  axis_refs_str(refs, n, &b);
  sharc_diag *d = sharc_sdy_emit(e, "%s%.*s", msg, (int)b.len, b.data ? b.data : "");
  sharc_buf_free(&b);
  return d;
}

/* ---- tensor shardings ---------------------------------------------------- */

void sharc_sdy_seen_axes_free(sharc_sdy_seen_axes *seen) {
  sharc_ptrvec_free(&seen->refs);
  sharc_ptrvec_free(&seen->subs);
}

static bool seen_contains(const sharc_ptrvec *v, const void *x) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == x)
      return true;
  return false;
}

bool sharc_sdy_verify_axis_ref_list(sharc_attr *const *refs, unsigned n, const sharc_attr *mesh,
                                    sharc_sdy_seen_axes *seen, const sharc_sdy_emitter *e) {
  const sharc_attr *prev_sub = NULL;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *ref = refs[i];
    sharc_str name = sharc_sdy_axis_ref_name(ref);
    if (sharc_sdy_mesh_axis_index(mesh, name) < 0) {
      sharc_sdy_emit(e, "unknown axis name: \"%.*s\"", (int)name.len, name.data);
      return false;
    }
    if (seen_contains(&seen->refs, ref)) {
      emit_with_refs(e, "duplicate axis ref: ", &ref, 1);
      return false;
    }
    sharc_ptrvec_push(&seen->refs, ref);
    if (!sharc_sdy_axis_ref_sub_axis_info(ref)) {
      prev_sub = ref;
      continue;
    }
    sharc_ptrvec_push(&seen->subs, ref);
    if (prev_sub && sharc_sdy_axis_ref_can_merge(prev_sub, ref)) {
      sharc_attr *pair[2] = {(sharc_attr *)prev_sub, ref};
      emit_with_refs(e, "two consecutive sub-axes can be merged: ", pair, 2);
      return false;
    }
    prev_sub = ref;
  }
  return true;
}

bool sharc_sdy_verify_sorted_axis_ref_list(sharc_attr *const *refs, unsigned n,
                                           const sharc_attr *mesh, sharc_sdy_seen_axes *seen,
                                           const sharc_sdy_emitter *e, const char *what) {
  for (unsigned i = 1; i < n; i++)
    if (sharc_sdy_axis_ref_less(refs[i], refs[i - 1], mesh)) {
      sharc_sdy_emit(e, "%s axes are not ordered w.r.t. mesh", what);
      return false;
    }
  return sharc_sdy_verify_axis_ref_list(refs, n, mesh, seen, e);
}

/* verifySubAxes for the sub-axes of one axis name, sorted. */
static bool verify_sub_axes(sharc_attr **subs, unsigned n, sharc_str name, int64_t axis_size,
                            sharc_context *ctx, const sharc_sdy_seen_axes *seen,
                            const sharc_sdy_emitter *e) {
  if (n && seen_contains(&seen->refs, sharc_sdy_axis_ref_get(ctx, name, NULL))) {
    sharc_sdy_emit(e, "both sub-axis and full-axis are used for axis name: \"%.*s\"", (int)name.len,
                   name.data);
    return false;
  }
  const sharc_attr *prev = NULL;
  for (unsigned i = 0; i < n; i++) {
    /* sub-axes carry their sizes: no mesh needed */
    int64_t pre = sharc_sdy_axis_pre_size(subs[i]), size = sharc_sdy_axis_ref_size(subs[i], NULL);
    int64_t next = sharc_sdy_axis_next_pre_size(subs[i], NULL);
    if (pre < 1)
      return emit_with_refs(e, "sub-axis pre-size must be at least 1: ", &subs[i], 1), false;
    if (size <= 1)
      return emit_with_refs(e, "sub-axis sizes must be greater than 1: ", &subs[i], 1), false;
    /* Shardy's int64 product would wrap and could then divide the axis
     * size; a product past INT64_MAX cannot divide it */
    int64_t exact;
    if (sharc_mul_overflow(pre, size, &exact)) {
      char msg[160];
      snprintf(msg, sizeof msg,
               "sub-axis next pre-size %lld*%lld overflows int64 and doesn't divide the size of "
               "the full axis %lld: ",
               (long long)pre, (long long)size, (long long)axis_size);
      return emit_with_refs(e, msg, &subs[i], 1), false;
    }
    if (next == 0 || axis_size % next != 0) {
      char msg[128];
      snprintf(msg, sizeof msg,
               "sub-axis next pre-size %lld doesn't divide the size of the full axis %lld: ",
               (long long)next, (long long)axis_size);
      return emit_with_refs(e, msg, &subs[i], 1), false;
    }
    if (size == axis_size)
      return emit_with_refs(e, "sub-axis size is equal to the full axis size: ", &subs[i], 1),
             false;
    int64_t prev_next = prev ? sharc_sdy_axis_next_pre_size(prev, NULL) : 1;
    if (prev_next > pre) {
      sharc_attr *pair[2] = {(sharc_attr *)prev, subs[i]};
      return emit_with_refs(e, "overlapping sub-axes: ", pair, 2), false;
    }
    prev = subs[i];
  }
  return true;
}

/* Groups the seen sub-axes by axis name (in mesh order of first use) and
 * verifies each group sorted. */
static bool verify_all_sub_axes(const sharc_attr *mesh, const sharc_sdy_seen_axes *seen,
                                sharc_context *ctx, const sharc_sdy_emitter *e) {
  unsigned n = seen->subs.len;
  if (!n)
    return true;
  sharc_attr **group = sharc_xmalloc_array(n, sizeof *group);
  bool *done = sharc_xcalloc(n, sizeof *done);
  bool ok = true;
  for (unsigned i = 0; ok && i < n; i++) {
    if (done[i])
      continue;
    sharc_str name = sharc_sdy_axis_ref_name(seen->subs.items[i]);
    unsigned g = 0;
    for (unsigned j = i; j < n; j++)
      if (!done[j] && sharc_str_eq(sharc_sdy_axis_ref_name(seen->subs.items[j]), name)) {
        done[j] = true;
        group[g++] = seen->subs.items[j];
      }
    sharc_sdy_axes_sort(group, g, NULL);
    ok = verify_sub_axes(group, g, name, sharc_sdy_mesh_size_of(mesh, name), ctx, seen, e);
  }
  free(group);
  free(done);
  return ok;
}

/* An axis of the sharding already manual in an enclosing
 * sdy.manual_computation. */
static bool verify_not_bound_by_manual_computation(const sharc_attr *sharding,
                                                   const sharc_sdy_emitter *e) {
  for (sharc_op *mc = sharc_op_parent_op(e->op); mc; mc = sharc_op_parent_op(mc)) {
    if (!sharc_op_isa(mc, &sharc_sdy_manual_computation_def))
      continue;
    sharc_attr *manual = sharc_op_attr(mc, "manual_axes");
    if (!manual || !sharc_sdy_is_manual_axes(manual))
      continue;
    sharc_sdy_tensor_sharding_parts s;
    sharc_sdy_tensor_sharding_parts_of(sharding, &s);
    for (unsigned i = 0; i < sharc_sdy_list_size(manual); i++) {
      sharc_str axis = sharc_attr_string_value(sharc_sdy_list_at(manual, i));
      bool used = false;
      for (unsigned d = 0; !used && d < s.num_dims; d++)
        for (unsigned k = 0; !used && k < sharc_sdy_dim_sharding_num_axes(s.dims[d]); k++)
          used = sharc_str_eq(sharc_sdy_axis_ref_name(sharc_sdy_dim_sharding_axis(s.dims[d], k)),
                              axis);
      for (unsigned k = 0; !used && k < s.num_replicated; k++)
        used = sharc_str_eq(sharc_sdy_axis_ref_name(s.replicated[k]), axis);
      for (unsigned k = 0; !used && k < s.num_unreduced; k++)
        used = sharc_str_eq(sharc_sdy_axis_ref_name(s.unreduced[k]), axis);
      if (!used)
        continue;
      sharc_diag *d = sharc_sdy_emit(e,
                                     "operates on axis \"%.*s\" which is already bound by a "
                                     "parent sdy.manual_computation op",
                                     (int)axis.len, axis.data);
      sharc_diag_note(d, sharc_op_loc(mc), "parent bounding this axis as manual");
      return false;
    }
  }
  return true;
}

static bool emit_typed(const sharc_sdy_emitter *e, const char *msg, const sharc_type *type,
                       const sharc_attr *sharding) {
  sharc_buf t = {0}, s = {0};
  if (type)
    sharc_print_type(type, &t);
  else /* what MLIR prints for a null type */
    sharc_buf_puts(&t, "<<NULL TYPE>>");
  if (sharding)
    sharc_print_attr(sharding, &s);
  if (sharding)
    sharc_sdy_emit(e, "%s'%.*s', sharding: %.*s", msg, (int)t.len, t.data, (int)s.len, s.data);
  else
    sharc_sdy_emit(e, "%s'%.*s'", msg, (int)t.len, t.data);
  sharc_buf_free(&t);
  sharc_buf_free(&s);
  return false;
}

static bool rank0_unreplicated(const sharc_sdy_tensor_sharding_parts *s) {
  return s->num_dims == 0 && s->num_replicated == 0 && s->num_unreduced == 0;
}

/* The checks that need a ranked shaped type. */
static bool verify_dims(const sharc_sdy_tensor_sharding_parts *s, const sharc_type *tensor,
                        const sharc_attr *mesh, sharc_sdy_seen_axes *seen,
                        const sharc_sdy_emitter *e,
                        bool check_divisibility) {
  const int64_t *shape = sharc_type_shape(tensor);
  for (unsigned d = 0; d < s->num_dims; d++) {
    const sharc_attr *dim = s->dims[d];
    if (sharc_sdy_dim_sharding_has_priority(dim)) {
      if (sharc_sdy_dim_sharding_priority(dim) < 0)
        return sharc_sdy_emit(e, "dim %u has a negative priority", d), false;
      if (sharc_sdy_dim_sharding_is_closed(dim) && !sharc_sdy_dim_sharding_num_axes(dim))
        return sharc_sdy_emit(e, "dim %u is empty and closed but has a priority", d), false;
    }
    if (!sharc_sdy_verify_axis_ref_list(sharc_sdy_list_items(dim), sharc_sdy_list_size(dim), mesh,
                                        seen, e))
      return false;
    if (shape[d] == SHARC_DYNAMIC || !check_divisibility)
      continue;
    int64_t sharded = sharc_sdy_dim_sharding_sharded_size(dim, mesh);
    if (sharded == 0 || shape[d] % sharded != 0)
      return sharc_sdy_emit(e, "dim %u with size %lld is not divisible by its sharded size %lld", d,
                            (long long)shape[d], (long long)sharded),
             false;
  }
  return true;
}

bool sharc_sdy_verify_tensor_sharding(const sharc_attr *sharding, sharc_type *type,
                                      const sharc_attr *mesh, const sharc_sdy_emitter *e,
                                      bool check_divisibility) {
  if (!mesh) {
    /* the reference as MLIR prints it: `@name`, quoted when it must be */
    sharc_buf ref = {0};
    sharc_print_attr(sharc_sdy_tensor_sharding_mesh_or_ref(sharding), &ref);
    sharc_sdy_emit(e, "unknown mesh: %.*s", (int)ref.len, ref.data);
    sharc_buf_free(&ref);
    return false;
  }
  sharc_sdy_tensor_sharding_parts s;
  sharc_sdy_tensor_sharding_parts_of(sharding, &s);
  if (sharc_sdy_mesh_is_maximal(mesh) ||
      (!type && sharc_sdy_tensor_sharding_is_fully_replicated(sharding))) {
    if (!rank0_unreplicated(&s))
      return sharc_sdy_emit(e, "a maximal sharding can only have a sharding with rank 0 and no "
                               "replicated or unreduced axes."),
             false;
    return true;
  }
  sharc_type *tensor = type;
  if (type && sharc_type_get_kind(type) == SHARC_TYPE_TUPLE) {
    if (sharc_type_count(type) != 1)
      return emit_typed(e, "ops can only have a sharding for a tuple of size 1: ", type, NULL);
    tensor = sharc_type_at(type, 0);
  }
  if (tensor)
    tensor = sharc_type_shaped_view(tensor);
  if (!tensor) {
    if (!rank0_unreplicated(&s))
      return emit_typed(e,
                        "non-shaped tensors can only have a sharding with rank 0 and no "
                        "replicated or unreduced axes. type: ",
                        type, sharding);
    return true;
  }
  if (!sharc_type_has_rank(tensor))
    return emit_typed(e, "only ranked tensors can have a sharding. type: ", type, NULL);
  unsigned rank = sharc_type_rank(tensor);
  if (s.num_dims != rank)
    return sharc_sdy_emit(e, "sharding doesn't match tensor rank: %u != %u", s.num_dims, rank),
           false;
  sharc_sdy_seen_axes seen = {{0}, {0}};
  bool ok = verify_dims(&s, tensor, mesh, &seen, e, check_divisibility) &&
            sharc_sdy_verify_sorted_axis_ref_list(s.replicated, s.num_replicated, mesh, &seen, e,
                                                  "replicated") &&
            sharc_sdy_verify_sorted_axis_ref_list(s.unreduced, s.num_unreduced, mesh, &seen, e,
                                                  "unreduced") &&
            verify_all_sub_axes(mesh, &seen, sharc_op_context(e->op), e) &&
            verify_not_bound_by_manual_computation(sharding, e);
  sharc_sdy_seen_axes_free(&seen);
  return ok;
}

bool sharc_sdy_verify_tensor_sharding_for_op(const sharc_attr *sharding, sharc_type *type,
                                             const sharc_sdy_emitter *e) {
  return sharc_sdy_verify_tensor_sharding(sharding, type, sharc_sdy_sharding_mesh(sharding, e->op),
                                          e, false);
}

bool sharc_sdy_verify_sharding_per_value(const sharc_attr *shardings, sharc_type *const *types,
                                         unsigned num_types, const sharc_sdy_emitter *e) {
  unsigned n = sharc_sdy_list_size(shardings);
  if (num_types == 0 && n == 1) {
    sharc_attr *first = sharc_sdy_list_at(shardings, 0);
    sharc_attr *mesh = sharc_sdy_sharding_mesh(first, e->op);
    if ((mesh && sharc_sdy_mesh_is_maximal(mesh)) ||
        sharc_sdy_tensor_sharding_is_fully_replicated(first)) {
      sharc_sdy_emitter ve = sharc_sdy_emitter_value(e, num_types, 0);
      return sharc_sdy_verify_tensor_sharding(first, NULL, mesh, &ve, false);
    }
  }
  if (n != num_types)
    return sharc_sdy_emit(e, "shardings don't match number of values: %u shardings vs %u values", n,
                          num_types),
           false;
  for (unsigned i = 0; i < n; i++) {
    sharc_sdy_emitter ve = sharc_sdy_emitter_value(e, num_types, i);
    if (!sharc_sdy_verify_tensor_sharding_for_op(sharc_sdy_list_at(shardings, i), types[i], &ve))
      return false;
  }
  return true;
}

/* ---- sharding rules ------------------------------------------------------ */

static bool is_static_shaped(const sharc_type *t) {
  t = sharc_type_shaped_view(t);
  if (!t || !sharc_type_has_rank(t))
    return false;
  for (unsigned i = 0; i < sharc_type_rank(t); i++)
    if (sharc_type_shape(t)[i] == SHARC_DYNAMIC)
      return false;
  return true;
}

/* verifyShardingRuleMapping for the operands or the results. */
static bool verify_rule_mappings(sharc_op *op, const sharc_attr *rule, sharc_sdy_rule_list which,
                                 unsigned num_values, bool *seen_factors, const char *kind) {
  unsigned n = sharc_sdy_rule_list_size(rule, which);
  unsigned num_factors = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_FACTOR_SIZES);
  if (num_values != n)
    return sharc_emit_op_error(op, "number of %ss and mappings must match: %u != %u", kind,
                               num_values, n),
           false;
  if (!n)
    return sharc_emit_op_error(op,
                               "number of %ss mappings cannot be 0. Op sharding rules can only "
                               "be defined on operations with at least one operand and result.",
                               kind),
           false;
  bool stack_seen[32];
  bool *value_seen =
      num_factors < 32 ? stack_seen : sharc_xcalloc(num_factors + 1, sizeof *value_seen);
  bool ok = true;
  sharc_sdy_emitter base = sharc_sdy_emitter_make(op, kind, " ");
  for (unsigned v = 0; ok && v < n; v++) {
    sharc_sdy_emitter ve = sharc_sdy_emitter_value(&base, n, v);
    sharc_value *val =
        which == SHARC_SDY_RULE_OPERANDS ? sharc_op_operand(op, v) : sharc_op_result(op, v);
    sharc_type *type = sharc_value_type(val);
    const sharc_attr *mapping = sharc_sdy_rule_mapping_at(rule, which, v);
    memset(value_seen, 0, (num_factors + 1) * sizeof *value_seen);
    if (!is_static_shaped(type)) {
      ok = emit_typed(&ve, "expected a ranked tensor with a static shape. type: ", type, NULL);
      break;
    }
    unsigned rank = sharc_sdy_list_size(mapping);
    unsigned type_rank = sharc_type_rank(sharc_type_shaped_view(type));
    if (rank != type_rank) {
      ok = false;
      sharc_sdy_emit(&ve, "mapping rank must match: %u != %u", rank, type_rank);
      break;
    }
    for (unsigned d = 0; ok && d < rank; d++) {
      const sharc_attr *dim = sharc_sdy_list_at(mapping, d);
      unsigned nf = sharc_sdy_list_size(dim);
      if (!nf) {
        ok = false;
        sharc_sdy_emit(&ve, "dim mapping must have at least one factor");
        break;
      }
      for (unsigned k = 0; ok && k < nf; k++) {
        int64_t f = sharc_sdy_list_int_at(dim, k);
        if (f < 0 || f >= (int64_t)num_factors) {
          ok = false;
          sharc_sdy_emit(&ve,
                         "expecting factor indices to be within 0<=...<num_factors; received: "
                         "%lld, num_factors: %u",
                         (long long)f, num_factors);
        } else if (value_seen[f]) {
          ok = false;
          sharc_sdy_emit(&ve, "cannot reuse factors for the same tensor value");
        } else if (sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_FACTOR_SIZES, (unsigned)f) == 1 &&
                   nf > 1) {
          ok = false;
          sharc_sdy_emit(&ve, "dim mapping can't have a factor of size 1 if there are multiple "
                              "factors");
        } else {
          value_seen[f] = seen_factors[f] = true;
        }
      }
    }
  }
  if (value_seen != stack_seen)
    free(value_seen);
  return ok;
}

/* indicesSortedUniqueInBound */
static bool verify_special_factors(sharc_op *op, const sharc_attr *rule,
                                   sharc_sdy_rule_list which) {
  unsigned n = sharc_sdy_rule_list_size(rule, which);
  unsigned num_factors = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_FACTOR_SIZES);
  if (!n)
    return true;
  for (unsigned i = 1; i < n; i++)
    if (sharc_sdy_rule_int_at(rule, which, i) < sharc_sdy_rule_int_at(rule, which, i - 1))
      return sharc_emit_op_error(op, "indices of special factors must be sorted"), false;
  for (unsigned i = 1; i < n; i++)
    if (sharc_sdy_rule_int_at(rule, which, i) == sharc_sdy_rule_int_at(rule, which, i - 1))
      return sharc_emit_op_error(op, "indices of special factors must be unique"), false;
  if (sharc_sdy_rule_int_at(rule, which, 0) < 0)
    return sharc_emit_op_error(op, "index must be non-negative"), false;
  int64_t last = sharc_sdy_rule_int_at(rule, which, n - 1);
  if (last >= (int64_t)num_factors)
    return sharc_emit_op_error(op, "index must be less than %u, got: %lld", num_factors,
                               (long long)last),
           false;
  return true;
}

/* Whether any factor is in two of reduction, need_replication, permutation
 * (each list is sorted and unique by now, and in bounds). */
static bool special_sets_disjoint(const sharc_attr *rule, unsigned num_factors) {
  unsigned char stack_count[32] = {0};
  unsigned char *count = num_factors < 32 ? stack_count : sharc_xcalloc(num_factors + 1, 1);
  bool ok = true;
  for (unsigned k = SHARC_SDY_RULE_REDUCTION; k <= SHARC_SDY_RULE_PERMUTATION; k++)
    for (unsigned i = 0; ok && i < sharc_sdy_rule_list_size(rule, k); i++)
      ok = count[sharc_sdy_rule_int_at(rule, k, i)]++ == 0;
  if (count != stack_count)
    free(count);
  return ok;
}

bool sharc_sdy_verify_op_sharding_rule(const sharc_attr *rule, sharc_op *op) {
  unsigned num_factors = sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_FACTOR_SIZES);
  /* rules have a few factors: no allocation per op and verification */
  bool stack_operands[32] = {0}, stack_results[32] = {0};
  bool *in_operands =
      num_factors < 32 ? stack_operands : sharc_xcalloc(num_factors + 1, sizeof(bool));
  bool *in_results =
      num_factors < 32 ? stack_results : sharc_xcalloc(num_factors + 1, sizeof(bool));
  bool ok = verify_rule_mappings(op, rule, SHARC_SDY_RULE_OPERANDS, sharc_op_num_operands(op),
                                 in_operands, "operand") &&
            verify_rule_mappings(op, rule, SHARC_SDY_RULE_RESULTS, sharc_op_num_results(op),
                                 in_results, "result");
  for (unsigned f = 0; ok && f < num_factors; f++) {
    if (in_operands[f] || in_results[f])
      continue;
    sharc_buf sym = {0};
    sharc_sdy_factor_symbol(&sym, f);
    sharc_emit_op_error(op, "has factor %.*s=%lld that isn't used in operand and result mappings",
                        (int)sym.len, sym.data,
                        (long long)sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_FACTOR_SIZES, f));
    sharc_buf_free(&sym);
    ok = false;
  }
  for (unsigned k = SHARC_SDY_RULE_REDUCTION; ok && k <= SHARC_SDY_RULE_PERMUTATION; k++)
    ok = verify_special_factors(op, rule, k);
  if (ok && !special_sets_disjoint(rule, num_factors)) {
    sharc_emit_op_error(op, "a factor can only be in one of the reduction, need replication, or "
                            "permutation factor sets");
    ok = false;
  }
  ok = ok && verify_special_factors(op, rule, SHARC_SDY_RULE_BLOCKED_PROPAGATION);
  for (unsigned i = 0; ok && i < sharc_sdy_rule_list_size(rule, SHARC_SDY_RULE_REDUCTION); i++)
    if (in_results[sharc_sdy_rule_int_at(rule, SHARC_SDY_RULE_REDUCTION, i)]) {
      sharc_emit_op_error(op, "reduction factor cannot be in result mappings");
      ok = false;
    }
  if (in_operands != stack_operands)
    free(in_operands);
  if (in_results != stack_results)
    free(in_results);
  return ok;
}

static sharc_value *edge_value(const sharc_attr *ref, sharc_op *op) {
  int64_t i = sharc_sdy_edge_value_ref_index(ref);
  if (sharc_sdy_edge_value_ref_type(ref) == SHARC_SDY_EDGE_RESULT)
    return i >= 0 && i < (int64_t)sharc_op_num_results(op) ? sharc_op_result(op, (unsigned)i)
                                                           : NULL;
  return i >= 0 && i < (int64_t)sharc_op_num_operands(op) ? sharc_op_operand(op, (unsigned)i)
                                                          : NULL;
}

static bool verify_edge_value_ref(const sharc_attr *ref, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_sdy_func_data_flow_edge_def))
    return true;
  int64_t i = sharc_sdy_edge_value_ref_index(ref);
  bool result = sharc_sdy_edge_value_ref_type(ref) == SHARC_SDY_EDGE_RESULT;
  unsigned n = result ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  if (i >= 0 && i < (int64_t)n)
    return true;
  sharc_emit_op_error(op, "expected a value ref to have %s index in range [0, %u), got: %lld",
                      result ? "a result" : "an operand", n, (long long)i);
  return false;
}

/* getCommonMesh over the shardings the edges reference; NULL if none or
 * they disagree. */
static sharc_attr *edges_common_mesh(const sharc_attr *edges, sharc_op *op, bool *any) {
  sharc_attr *mesh = NULL;
  bool conflict = false;
  *any = false;
  for (unsigned s = 0; s < sharc_sdy_list_size(edges); s++) {
    const sharc_attr *step = sharc_sdy_list_at(edges, s);
    for (unsigned k = 0; k < sharc_sdy_list_size(step); k++) {
      const sharc_attr *entry = sharc_sdy_list_at(step, k);
      unsigned nt = sharc_sdy_list_size(entry);
      for (unsigned t = 0; t <= nt; t++) {
        const sharc_attr *ref = t == nt ? sharc_sdy_axis_to_propagation_details_source(entry)
                                        : sharc_sdy_list_at(entry, t);
        sharc_value *v = edge_value(ref, op);
        sharc_attr *sharding = v ? sharc_sdy_get_sharding(v) : NULL;
        if (!sharding)
          continue;
        *any = true;
        sharc_attr *other = sharc_sdy_sharding_mesh(sharding, op);
        if (!mesh || sharc_sdy_mesh_is_empty(mesh)) {
          mesh = other;
          continue;
        }
        if (other && sharc_sdy_mesh_is_empty(other))
          continue;
        conflict = conflict || other != mesh;
      }
    }
  }
  return conflict ? NULL : mesh;
}

static bool verify_propagation_edges(const sharc_attr *edges, sharc_op *op) {
  bool any;
  sharc_attr *mesh = edges_common_mesh(edges, op, &any);
  if (!any)
    return sharc_emit_op_error(op, "expected propagation edges attr to reference a sharding."),
           false;
  if (!mesh)
    return sharc_emit_op_error(op, "expected a common mesh for propagation edges attr."), false;
  for (unsigned s = 0; s < sharc_sdy_list_size(edges); s++) {
    const sharc_attr *step = sharc_sdy_list_at(edges, s);
    for (unsigned k = 0; k < sharc_sdy_list_size(step); k++) {
      const sharc_attr *entry = sharc_sdy_list_at(step, k);
      sharc_str axis = sharc_sdy_axis_ref_name(sharc_sdy_axis_to_propagation_details_axis(entry));
      if (sharc_sdy_mesh_axis_index(mesh, axis) < 0)
        return sharc_emit_op_error(op, "expected axis ref to be in one of the meshes"), false;
      if (!verify_edge_value_ref(sharc_sdy_axis_to_propagation_details_source(entry), op))
        return false;
      for (unsigned t = 0; t < sharc_sdy_list_size(entry); t++)
        if (!verify_edge_value_ref(sharc_sdy_list_at(entry, t), op))
          return false;
    }
  }
  return true;
}

/* ---- dialect hooks ------------------------------------------------------- */

/* `name` is a literal: identifiers are interned, so one pointer compare */
static bool named(const sharc_named_attr *attr, const char *name) {
  return attr->name == sharc_context_static_ident(attr->name->ctx, name);
}

static bool is_array_of_edges(const sharc_attr *a) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (!sharc_sdy_is_propagation_edges(sharc_attr_at(a, i)))
      return false;
  return true;
}

/* What a check of `attr` on `op` reads, as a verification memo key: the
 * check, the attribute, `scope` (NULL when the check reads nothing of the
 * op's surroundings), then the operand types (`with_operands`) and result
 * types. Returns the key's length; *key is `stack` or allocated. */
enum { CHECK_SHARDING = 1, CHECK_RULE, CHECK_ARG_SHARDING, STACK_KEY = 24 };

static unsigned check_key(uintptr_t check, const sharc_attr *attr, const sharc_op *scope,
                          sharc_op *op, bool with_operands, uintptr_t *stack, uintptr_t **key) {
  unsigned no = with_operands ? op->num_operands : 0, nr = op->num_results;
  unsigned n = 5 + no + nr;
  uintptr_t *k = n <= STACK_KEY ? stack : sharc_xmalloc_array(n, sizeof *k);
  k[0] = check;
  k[1] = (uintptr_t)attr;
  k[2] = (uintptr_t)scope;
  k[3] = no;
  k[4] = nr;
  sharc_op_type_words(op, no, k + 5);
  *key = k;
  return n;
}

/* A sharding on an op reads the attribute, the result types, the meshes
 * its symbol table holds and the manual computations around it: all
 * alike for ops with the same parent (an op that is a symbol table looks
 * meshes up in itself). */
static bool verify_op_sharding(sharc_op *op, const sharc_attr *shardings) {
  const sharc_op_def *def = sharc_op_def_of(op);
  const sharc_op *scope =
      def && (def->traits & SHARC_TRAIT_SYMBOL_TABLE) ? op : sharc_op_parent_op(op);
  uintptr_t stack[STACK_KEY], *key;
  unsigned n = check_key(CHECK_SHARDING, shardings, scope, op, false, stack, &key);
  sharc_context *ctx = sharc_op_ctx_of(op);
  bool ok = sharc_verify_memo_hit(ctx, key, n);
  if (!ok) {
    unsigned nr = sharc_op_num_results(op);
    sharc_type **types = sharc_xmalloc_array(nr + 1, sizeof *types);
    for (unsigned i = 0; i < nr; i++)
      types[i] = sharc_value_type(sharc_op_result(op, i));
    sharc_sdy_emitter e = sharc_sdy_emitter_make(op, "result ", NULL);
    ok = sharc_sdy_verify_sharding_per_value(shardings, types, nr, &e);
    free(types);
    if (ok)
      sharc_verify_memo_record(ctx, key, n);
  }
  if (key != stack)
    free(key);
  return ok;
}

/* A sharding rule reads the rule and the operand and result types. */
static bool verify_op_rule(sharc_op *op, const sharc_attr *rule) {
  uintptr_t stack[STACK_KEY], *key;
  unsigned n = check_key(CHECK_RULE, rule, NULL, op, true, stack, &key);
  sharc_context *ctx = sharc_op_ctx_of(op);
  bool ok = sharc_verify_memo_hit(ctx, key, n);
  if (!ok) {
    ok = sharc_sdy_verify_op_sharding_rule(rule, op);
    if (ok)
      sharc_verify_memo_record(ctx, key, n);
  }
  if (key != stack)
    free(key);
  return ok;
}

bool sharc_sdy_verify_op_attr_hook(sharc_op *op, const sharc_named_attr *attr) {
  if (named(attr, "sdy.sharding")) {
    if (!sharc_sdy_is_sharding_per_value(attr->value))
      return sharc_emit_op_error(op, "should have a sharding attribute of type "
                                     "TensorShardingPerValueAttr"),
             false;
    return verify_op_sharding(op, attr->value);
  }
  if (named(attr, "sdy.sharding_rule")) {
    if (!sharc_sdy_is_op_sharding_rule(attr->value))
      return sharc_emit_op_error(op, "should have a sharding rule attribute of type "
                                     "OpShardingRuleAttr for attr named 'sdy.sharding_rule'"),
             false;
    return verify_op_rule(op, attr->value);
  }
  if (named(attr, "sdy.propagation_edges")) {
    if (!sharc_sdy_is_propagation_edges(attr->value))
      return sharc_emit_op_error(op, "should have a propagation edges attribute of type "
                                     "PropagationEdgesAttr for attr named 'sdy.propagation_edges'"),
             false;
    return verify_propagation_edges(attr->value, op);
  }
  if ((named(attr, "sdy.result_propagation_edges") ||
       named(attr, "sdy.block_arg_propagation_edges")) &&
      !is_array_of_edges(attr->value))
    return sharc_emit_op_error(op, "should have a propagation edges attribute of type "
                                   "ArrayAttr<PropagationEdgesAttr> for attr named "
                                   "'sdy.result_propagation_edges' or "
                                   "'sdy.block_arg_propagation_edges'"),
           false;
  return true;
}

/* What the hook above reads besides the op: sdy.propagation_edges the
 * shardings of the values it names; the others (and names the hook does
 * not check) nothing but the op, its types, its ancestors and the meshes. */
bool sharc_sdy_attr_reads_other_ops(const sharc_ident *name) {
  return name == sharc_context_static_ident(name->ctx, "sdy.propagation_edges");
}

bool sharc_sdy_verify_arg_attr_hook(sharc_op *op, unsigned index, bool is_result,
                              const sharc_named_attr *attr) {
  if (!sharc_op_isa(op, &sharc_func_func_def) || !named(attr, "sdy.sharding"))
    return true;
  sharc_sdy_emitter e = sharc_sdy_emitter_indexed(op, is_result ? "result " : "arg ", index, " - ");
  if (!sharc_sdy_is_tensor_sharding(attr->value))
    return sharc_sdy_emit(&e, "should have a sharding attribute of type TensorShardingAttr"), false;
  sharc_attr *fn = sharc_op_attr_static(op, "function_type");
  if (!fn || sharc_attr_get_kind(fn) != SHARC_ATTR_TYPE)
    return true;
  sharc_type *ft = sharc_attr_type_value(fn);
  unsigned n = is_result ? sharc_type_func_num_results(ft) : sharc_type_func_num_inputs(ft);
  if (index >= n)
    return true;
  sharc_type *type =
      is_result ? sharc_type_func_result(ft, index) : sharc_type_func_input(ft, index);
  /* what the check reads: the sharding, the type, and the meshes of the
   * symbol table holding the function (a function's arguments mostly
   * share a few shardings, each checked once per verification) */
  const uintptr_t key[] = {CHECK_ARG_SHARDING, (uintptr_t)attr->value, (uintptr_t)type,
                           (uintptr_t)sharc_op_parent_op(op)};
  sharc_context *ctx = sharc_op_context(op);
  unsigned n_key = sizeof key / sizeof *key;
  if (sharc_verify_memo_hit(ctx, key, n_key))
    return true;
  if (!sharc_sdy_verify_tensor_sharding_for_op(attr->value, type, &e))
    return false;
  sharc_verify_memo_record(ctx, key, n_key);
  return true;
}

/* stablehlo-target-independent-optimization (StableHLO's pass, added by the
 * MPMD import pipeline with fold-op-element-limit=0). Its greedy driver's
 * own work (op folders, constant deduplication, dead code) is done here as
 * StableHLO does it, and so are two of its simplification patterns
 * (SelectOpCanon where no operand-folding pattern competes, AddOp_RemoveNoop
 * where no attribute has to be merged); its other simplification and
 * folding patterns are not implemented: each function is then checked for
 * an op one of them could rewrite, and such an op is reported as not
 * implemented yet. The check errs on the side of reporting, never of
 * silently differing. */
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/stablehlo/stablehlo_passes.h"

#include <string.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_stablehlo_tio_options, assume_no_undeclared_side_effects,
                 "assume-no-undeclared-side-effects", SHARC_OPT_BOOL, "false",
                 "Allow dead code to be eliminated in some situations (e.g. dead while loops) "
                 "under the assumption that ops are pure unless declared with explicit side "
                 "effects."),
    SHARC_OPTION(sharc_stablehlo_tio_options, fold_op_element_limit, "fold-op-element-limit",
                 SHARC_OPT_INT64, "1",
                 "Folding an op into a constant can sometimes come at the cost of memory "
                 "overhead. (This is the total element count of all operands.)"),
    SHARC_OPTION(sharc_stablehlo_tio_options, optimize_float, "optimize-float", SHARC_OPT_BOOL,
                 "false", "Allow float optimizations that, though mathematically equivalent, may "
                          "result in slightly different quantitative results."),
};

/* ---- values ------------------------------------------------------------------------- */

static sharc_op *def_of(sharc_value *v) { return sharc_value_defining_op(v); }

static bool is_op(const sharc_op *op, const sharc_op_def *def) {
  return op && sharc_op_isa(op, def);
}

static bool from(sharc_value *v, const sharc_op_def *def) { return is_op(def_of(v), def); }

static bool is_constant(sharc_value *v) {
  sharc_op *d = def_of(v);
  return d && (sharc_op_isa(d, SHARC_SHLO(constant)) ||
               sharc_op_has_trait(d, SHARC_TRAIT_CONSTANT_LIKE));
}

static bool static_tensor(const sharc_type *t, int64_t *elems) {
  if (!t || sharc_type_get_kind(t) != SHARC_TYPE_TENSOR)
    return false;
  int64_t n = sharc_type_num_elements(t);
  if (n < 0)
    return false;
  if (elems)
    *elems = n;
  return true;
}

static bool zero_extent(const sharc_type *t) {
  int64_t n;
  return static_tensor(t, &n) && n == 0;
}

/* The splat value of a constant operand as a double and, for integers,
 * whether all bits are set; false when it is no splat constant. */
static bool splat_of(sharc_value *v, double *value, bool *all_ones, bool *is_int) {
  sharc_op *d = def_of(v);
  if (!is_op(d, SHARC_SHLO(constant)))
    return false;
  sharc_attr *a = sharc_op_attr(d, "value");
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ELEMENTS || !a->dense.splat ||
      !a->dense.nwords)
    return false;
  sharc_type *elem = sharc_type_element(sharc_attr_type(a));
  uint64_t raw = a->dense.raw[0];
  *is_int = sharc_type_is_integer(elem, 0);
  if (*is_int) {
    unsigned w = sharc_type_int_width(elem);
    uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1);
    *all_ones = (raw & mask) == mask;
    *value = (double)(raw & mask);
    return true;
  }
  *all_ones = false;
  if (sharc_type_float_kind(elem) == SHARC_F64) {
    memcpy(value, &raw, sizeof *value);
    return true;
  }
  if (sharc_type_float_kind(elem) == SHARC_F32) {
    float f;
    uint32_t bits = (uint32_t)raw;
    memcpy(&f, &bits, sizeof f);
    *value = f;
    return true;
  }
  /* other float formats: zero is all-zero bits but for the sign */
  unsigned w = sharc_type_bit_width(elem);
  uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1);
  *value = (raw & (mask >> 1)) == 0 ? 0.0 : 2.0;
  return true;
}

static bool is_iota(const sharc_attr *dims) {
  if (!dims || sharc_attr_get_kind(dims) != SHARC_ATTR_DENSE_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    if (sharc_attr_dense_array_i64(dims, i) != (int64_t)i)
      return false;
  return true;
}

static bool all_zero_array(const sharc_attr *a) {
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (sharc_attr_dense_array_i64(a, i))
      return false;
  return true;
}

static sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static sharc_type *result_type(const sharc_op *op) {
  return sharc_value_type(sharc_op_result(op, 0));
}

static bool single_use(sharc_value *v) { return sharc_value_has_one_use(v); }

static bool all_operands_constant(sharc_op *op) {
  if (!sharc_op_num_operands(op))
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!is_constant(sharc_op_operand(op, i)))
      return false;
  return true;
}

/* ---- the simplification patterns implemented ------------------------------------------ */

/* A splat integer or real float zero from a stablehlo.constant (m_Zero,
 * m_AnyZeroFloat: either sign). */
static bool is_zero_splat(sharc_value *v) {
  sharc_type *elem = sharc_type_element(sharc_value_type(v));
  if (!elem || (!sharc_type_is_integer(elem, 0) && !sharc_type_is_float(elem)))
    return false;
  double value;
  bool ones, is_int;
  return splat_of(v, &value, &ones, &is_int) && value == 0.0;
}

static void replace_with(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  sharc_rw_replace_op(rw, op, &v, 1);
}

/* SelectOpCanon: both outcomes the same value, or a splat constant
 * predicate. With all operands constant, FoldSelectOpPattern (benefit 2,
 * not implemented) may come first: left to the check below. */
static bool select_canon(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  if (all_operands_constant(op))
    return false;
  sharc_value *pred = sharc_op_operand(op, 0), *t = sharc_op_operand(op, 1),
              *f = sharc_op_operand(op, 2);
  if (sharc_value_type(t) != result_type(op) || sharc_value_type(f) != result_type(op))
    return false;
  if (t == f) {
    replace_with(rw, op, t);
    return true;
  }
  double value;
  bool ones, is_int;
  if (!splat_of(pred, &value, &ones, &is_int) || !is_int)
    return false;
  replace_with(rw, op, value != 0.0 ? t : f);
  return true;
}

/* AddOp_RemoveNoop: add(x, 0) -> x. The add's discardable attributes would
 * be merged into x's producer (mergeDiscardableAttributes): only done here
 * when there is nothing to merge; otherwise left to the check below. */
static bool add_remove_noop(sharc_op *op, sharc_rewriter *rw, void *state) {
  (void)state;
  sharc_value *lhs = sharc_op_operand(op, 0), *rhs = sharc_op_operand(op, 1);
  if (all_operands_constant(op) || !is_zero_splat(rhs) || sharc_value_type(lhs) != result_type(op))
    return false;
  if (sharc_attr_count(sharc_op_attrs(op)) && def_of(lhs))
    return false;
  replace_with(rw, op, lhs);
  return true;
}

static const sharc_pattern simplification_patterns[] = {
    {"SelectOpCanon", select_canon, SHARC_SHLO(select), 1, NULL},
    {"AddOp_RemoveNoop", add_remove_noop, SHARC_SHLO(add), 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* ---- what a pattern could rewrite --------------------------------------------------- */

static bool zero_extent_rewrite(sharc_op *op) {
  if (!sharc_op_has_trait(op, SHARC_TRAIT_PURE))
    return false;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (zero_extent(sharc_value_type(sharc_op_result(op, i))) &&
        sharc_value_has_uses(sharc_op_result(op, i)))
      return true;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (zero_extent(operand_type(op, i)) && !from(sharc_op_operand(op, i), SHARC_SHLO(constant)))
      return true;
  return false;
}

static bool commutative(const sharc_op *op) {
  return sharc_op_isa(op, SHARC_SHLO(add)) || sharc_op_isa(op, SHARC_SHLO(and)) ||
         sharc_op_isa(op, SHARC_SHLO(maximum)) || sharc_op_isa(op, SHARC_SHLO(minimum)) ||
         sharc_op_isa(op, SHARC_SHLO(multiply)) || sharc_op_isa(op, SHARC_SHLO(or)) ||
         sharc_op_isa(op, SHARC_SHLO(xor));
}

/* The binary patterns: constants to the right, x+0, x*1, x*0, x&0, x&~0,
 * x|0, x|~0, x^0, x-0, x-x, x^x. */
static bool binary_rewrite(sharc_op *op) {
  if (sharc_op_num_operands(op) != 2)
    return false;
  sharc_value *lhs = sharc_op_operand(op, 0), *rhs = sharc_op_operand(op, 1);
  if (commutative(op) && from(lhs, SHARC_SHLO(constant)) && !is_constant(rhs))
    return true;
  if ((sharc_op_isa(op, SHARC_SHLO(subtract)) || sharc_op_isa(op, SHARC_SHLO(xor))) && lhs == rhs)
    return true;
  double v;
  bool ones, is_int;
  if (!splat_of(rhs, &v, &ones, &is_int))
    return false;
  if (sharc_op_isa(op, SHARC_SHLO(add)) || sharc_op_isa(op, SHARC_SHLO(subtract)) ||
      sharc_op_isa(op, SHARC_SHLO(xor)))
    return v == 0.0;
  if (sharc_op_isa(op, SHARC_SHLO(multiply)))
    return v == 1.0 || (is_int && v == 0.0);
  if (sharc_op_isa(op, SHARC_SHLO(and)) || sharc_op_isa(op, SHARC_SHLO(or)))
    return is_int && (v == 0.0 || ones);
  return false;
}

static bool is_integer_compare(const sharc_op *op) {
  sharc_attr *t = sharc_op_attr(op, "compare_type");
  const char *name = t ? sharc_shlo_enum_name(t) : NULL;
  return name && (!strcmp(name, "SIGNED") || !strcmp(name, "UNSIGNED"));
}

static bool compare_rewrite(sharc_op *op) {
  sharc_value *lhs = sharc_op_operand(op, 0), *rhs = sharc_op_operand(op, 1);
  if (is_integer_compare(op) && (lhs == rhs || (is_constant(lhs) && !is_constant(rhs))))
    return true;
  double v;
  bool ones, is_int;
  /* x != false and x == true on booleans */
  return splat_of(rhs, &v, &ones, &is_int) && is_int &&
         sharc_type_int_width(sharc_type_element(operand_type(op, 1))) == 1;
}

static bool broadcast_in_dim_rewrite(sharc_op *op) {
  sharc_attr *dims = sharc_op_attr(op, "broadcast_dimensions");
  sharc_value *x = sharc_op_operand(op, 0);
  int64_t n_in, n_out;
  if (is_iota(dims) && sharc_value_type(x) == result_type(op))
    return true;
  if (from(x, SHARC_SHLO(broadcast_in_dim)))
    return true;
  return static_tensor(sharc_value_type(x), &n_in) && static_tensor(result_type(op), &n_out) &&
         n_in == n_out;
}

static bool transpose_rewrite(sharc_op *op) {
  sharc_attr *perm = sharc_op_attr(op, "permutation");
  sharc_value *x = sharc_op_operand(op, 0);
  if (is_iota(perm) || from(x, SHARC_SHLO(transpose)))
    return true;
  sharc_type *t = sharc_value_type(x);
  if (!perm || !static_tensor(t, NULL) || !static_tensor(result_type(op), NULL))
    return false;
  int64_t last = -1;
  for (unsigned i = 0; i < sharc_attr_count(perm); i++) {
    int64_t d = sharc_attr_dense_array_i64(perm, i);
    if (d < 0 || d >= (int64_t)sharc_type_rank(t) || sharc_type_shape(t)[d] == 1)
      continue;
    if (d < last)
      return false;
    last = d;
  }
  return true;
}

static bool non_splat_constant(sharc_value *v) {
  sharc_op *d = def_of(v);
  sharc_attr *a = is_op(d, SHARC_SHLO(constant)) ? sharc_op_attr(d, "value") : NULL;
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ELEMENTS && !a->dense.splat;
}

static bool select_rewrite(sharc_op *op) {
  sharc_value *pred = sharc_op_operand(op, 0), *t = sharc_op_operand(op, 1),
              *f = sharc_op_operand(op, 2);
  if (t == f || from(pred, SHARC_SHLO(not)))
    return true;
  if (is_constant(pred))
    /* a non-splat predicate chooses element by element, and only between
     * constant outcomes (SelectOpCanon, FoldSelectOpPattern) */
    return !non_splat_constant(pred) || (is_constant(t) && is_constant(f));
  sharc_op *d = def_of(pred);
  if (is_op(d, SHARC_SHLO(broadcast_in_dim)) && from(sharc_op_operand(d, 0), SHARC_SHLO(not)))
    return true;
  if (is_op(d, SHARC_SHLO(compare))) {
    sharc_value *l = sharc_op_operand(d, 0), *r = sharc_op_operand(d, 1);
    return (l == t && r == f) || (l == f && r == t);
  }
  return false;
}

static bool reduce_rewrite(sharc_op *op) {
  sharc_attr *dims = sharc_op_attr(op, "dimensions");
  if (!dims || !sharc_attr_count(dims))
    return true;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (!sharc_value_has_uses(sharc_op_result(op, i)))
      return true;
  sharc_region *body = sharc_op_region(op, 0);
  sharc_op *ret = sharc_block_last_op(sharc_region_first_block(body));
  if (!ret)
    return false;
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_op *d = def_of(sharc_op_operand(ret, i));
    sharc_region *r = d ? sharc_op_parent_region(d)
                        : sharc_block_region(sharc_value_owner_block(sharc_op_operand(ret, i)));
    if (r == body)
      return false;
  }
  return true;
}

static bool while_rewrite(sharc_op *op) {
  sharc_block *cond = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 1));
  sharc_op *cond_ret = cond ? sharc_block_last_op(cond) : NULL;
  if (cond_ret && sharc_op_num_operands(cond_ret) && is_constant(sharc_op_operand(cond_ret, 0)))
    return true;
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret) && i < sharc_op_num_operands(op); i++) {
    sharc_value *r = sharc_op_operand(ret, i);
    if (r == sharc_op_operand(op, i) || (i < sharc_block_num_args(body) && r == sharc_block_arg(body, i)))
      return true;
  }
  return false;
}

/* ReorderElementwiseAndShapeOp: a unary element-wise op after a reshape,
 * transpose or broadcast used only by it. */
static bool reorder_rewrite(sharc_op *op) {
  if (!sharc_op_has_trait(op, SHARC_TRAIT_ELEMENTWISE) || sharc_op_num_operands(op) != 1)
    return false;
  sharc_op *d = def_of(sharc_op_operand(op, 0));
  if (!is_op(d, SHARC_SHLO(reshape)) && !is_op(d, SHARC_SHLO(transpose)) &&
      !is_op(d, SHARC_SHLO(broadcast)))
    return false;
  if (!sharc_op_isa(d, SHARC_SHLO(transpose)) && !static_tensor(result_type(op), NULL))
    return false;
  return single_use(sharc_op_result(d, 0));
}

static bool concatenate_rewrite(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  if (n == 1)
    return true;
  for (unsigned i = 0; i < n; i++) {
    if (from(sharc_op_operand(op, i), SHARC_SHLO(concatenate)))
      return true;
    if (i && is_constant(sharc_op_operand(op, i)) && is_constant(sharc_op_operand(op, i - 1)))
      return true;
  }
  return false;
}

static bool always_rewritten(const sharc_op *op) {
  static const char *const names[] = {
      "stablehlo.dynamic_broadcast_in_dim", "stablehlo.dynamic_iota", "stablehlo.dynamic_reshape",
      "stablehlo.dynamic_slice",  "stablehlo.real_dynamic_slice", "stablehlo.dynamic_gather",
      "stablehlo.dynamic_pad",    "stablehlo.dynamic_update_slice", "stablehlo.get_dimension_size",
      "stablehlo.set_dimension_size", NULL};
  for (unsigned i = 0; names[i]; i++)
    if (sharc_op_is(op, names[i]))
      return true;
  return false;
}

static bool pair_rewrite(sharc_op *op) {
  if (sharc_op_isa(op, SHARC_SHLO(get_tuple_element)))
    return from(sharc_op_operand(op, 0), SHARC_SHLO(tuple));
  if (sharc_op_isa(op, SHARC_SHLO(tuple))) {
    for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
      if (!from(sharc_op_operand(op, i), SHARC_SHLO(get_tuple_element)))
        return false;
    return sharc_op_num_operands(op) > 0;
  }
  if (sharc_op_isa(op, SHARC_SHLO(real)) || sharc_op_isa(op, SHARC_SHLO(imag)))
    return from(sharc_op_operand(op, 0), SHARC_SHLO(complex));
  if (sharc_op_isa(op, SHARC_SHLO(complex)))
    return from(sharc_op_operand(op, 0), SHARC_SHLO(real)) &&
           from(sharc_op_operand(op, 1), SHARC_SHLO(imag));
  return false;
}

/* Whether one of StableHLO's simplification or folding patterns could
 * rewrite `op`. */
static bool may_rewrite(sharc_op *op) {
  if (!sharc_str_starts_with(sharc_ident_str(sharc_op_name(op)), "stablehlo.") ||
      sharc_op_isa(op, SHARC_SHLO(constant)) || sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    return false;
  if (zero_extent_rewrite(op) || all_operands_constant(op) || always_rewritten(op) ||
      binary_rewrite(op) || reorder_rewrite(op) || pair_rewrite(op))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(compare)))
    return compare_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(convert)))
    return operand_type(op, 0) == result_type(op);
  if (sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim)))
    return broadcast_in_dim_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(reshape)))
    return from(sharc_op_operand(op, 0), SHARC_SHLO(reshape)) ||
           operand_type(op, 0) == result_type(op);
  if (sharc_op_isa(op, SHARC_SHLO(transpose)))
    return transpose_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(slice)))
    return operand_type(op, 0) == result_type(op) ||
           from(sharc_op_operand(op, 0), SHARC_SHLO(concatenate));
  if (sharc_op_isa(op, SHARC_SHLO(pad)))
    return operand_type(op, 0) == result_type(op) &&
           all_zero_array(sharc_op_attr(op, "edge_padding_low")) &&
           all_zero_array(sharc_op_attr(op, "edge_padding_high")) &&
           all_zero_array(sharc_op_attr(op, "interior_padding"));
  if (sharc_op_isa(op, SHARC_SHLO(reverse)))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(concatenate)))
    return concatenate_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(select)))
    return select_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(reduce)))
    return reduce_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(while)))
    return while_rewrite(op);
  if (sharc_op_isa(op, SHARC_SHLO(iota)))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(gather)))
    return is_constant(sharc_op_operand(op, 1));
  if (sharc_op_isa(op, SHARC_SHLO(sort)))
    return true;
  if (sharc_op_isa(op, SHARC_SHLO(case)))
    return is_constant(sharc_op_operand(op, 0));
  if (sharc_op_isa(op, SHARC_SHLO(custom_call)))
    return sharc_op_attr(op, "mhlo.backend_config") != NULL;
  return false;
}

static sharc_walk_result find_rewritable(sharc_op *op, void *user) {
  if (!may_rewrite(op))
    return SHARC_WALK_ADVANCE;
  *(sharc_op **)user = op;
  return SHARC_WALK_INTERRUPT;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  /* the driver's own folding, constant deduplication and dead code removal */
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(func));
  sharc_pattern_set_add(set, simplification_patterns, NULL);
  sharc_greedy_config config = sharc_greedy_config_default();
  config.listener = sharc_pass_listener(run);
  bool ok = sharc_apply_patterns_greedily(func, set, &config, NULL);
  sharc_pattern_set_destroy(set);
  if (!ok)
    return false;
  sharc_op *op = NULL;
  if (sharc_walk_nested(func, SHARC_PRE_ORDER, find_rewritable, &op) != SHARC_WALK_INTERRUPT)
    return true;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op),
             "pass 'stablehlo-target-independent-optimization' is not implemented yet: its "
             "simplification patterns may rewrite this '%.*s'",
             (int)name.len, name.data);
  return false;
}

const sharc_pass_def sharc_pass_stablehlo_target_independent_optimization = {
    .flag = "stablehlo-target-independent-optimization",
    .display_name = "StablehloTargetIndependentOptimizationPass",
    .summary = "Runs canonicalizers, folders, and other target-independent optimizations.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_stablehlo_tio_options),
    .tools = SHARC_TOOL_STABLEHLO_OPT,
    .run = run,
};

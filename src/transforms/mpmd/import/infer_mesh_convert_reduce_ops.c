/* -mpmd-infer-mesh-convert-reduce-ops: element-wise reductions annotated as
 * cross-mesh reductions (`mpmd.reduce = #mpmd.reduction<k>`) become
 * mpmd.reduce ops, chains of them flattened into one, and a concatenate
 * reduced along its size-1 dimension becomes an mpmd.reduce of reshapes.
 * Without infer-cross-mesh-reductions, only reductions feeding an
 * mpmd.reduce<none> (through unary ops) are converted. */
#include "dialect/func/func.h"
#include "ir/created_defs.h"
#include "ir/static_names.h"
#include "dialect/mpmd/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "support/xalloc.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/import/mesh_inference.h"

#include <stdlib.h>

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_convert_reduce_options, infer_cross_mesh_reductions, "infer-cross-mesh-reductions",
                 SHARC_OPT_BOOL, "false",
                 "Whether to infer cross-mesh reductions. Will be enabled by default once stable."),
};

typedef struct convert_state {
  const sharc_mpmd_convert_reduce_options *opts;
  sharc_rewriter rw;
} convert_state;

/* ---- annotating producers of mpmd.reduce<none> ------------------------------------ */

static void mark_convertible(sharc_op *op) {
  sharc_op_set_attr_static(op, SHARC_MI_CAN_CONVERT_TO_REDUCE,
                           sharc_attr_unit(sharc_op_context(op)));
}

/* AnnotateBinaryOp: the op and the same-kind reductions feeding it. An op
 * already marked has its producers marked too, so the walk stops there
 * (Shardy's recursion would revisit shared producers). */
static void annotate_binary(sharc_op *op, sharc_mpmd_reduction_kind kind) {
  while (op && sharc_mpmd_reduction_op_kind(op) == kind && sharc_op_num_operands(op) == 2 &&
         !sharc_op_attr_static(op, SHARC_MI_CAN_CONVERT_TO_REDUCE)) {
    mark_convertible(op);
    annotate_binary(sharc_value_defining_op(sharc_op_operand(op, 0)), kind);
    op = sharc_value_defining_op(sharc_op_operand(op, 1));
  }
}

static bool is_unary(const sharc_op *op) {
  return sharc_op_num_operands(op) == 1 && sharc_op_num_results(op) == 1;
}

/* MatchCrossMeshConcatReduce, on the concatenate. */
static sharc_op *concat_reduce_of(sharc_op *concat) {
  unsigned n = sharc_op_num_operands(concat);
  for (unsigned i = 1; i < n; i++)
    if (sharc_value_type(sharc_op_operand(concat, i)) != sharc_value_type(sharc_op_operand(concat, 0)))
      return NULL;
  if (sharc_op_num_results(concat) != 1 || !sharc_value_has_one_use(sharc_op_result(concat, 0)))
    return NULL;
  sharc_op *reduce = sharc_use_owner(sharc_value_first_use(sharc_op_result(concat, 0)));
  if (!sharc_op_isa(reduce, SHARC_SHLO(reduce)) || sharc_op_num_operands(reduce) != 2)
    return NULL;
  sharc_attr *dims = sharc_op_attr_static(reduce, "dimensions");
  sharc_attr *dim_attr = sharc_op_attr_static(concat, "dimension");
  if (!n || !dims || sharc_attr_get_kind(dims) != SHARC_ATTR_DENSE_ARRAY ||
      sharc_attr_count(dims) != 1 || !dim_attr)
    return NULL;
  sharc_type *t = sharc_value_type(sharc_op_operand(concat, 0));
  int64_t dim = sharc_attr_dense_array_i64(dims, 0);
  if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR || dim != sharc_attr_int_value(dim_attr) ||
      dim < 0 || dim >= (int64_t)sharc_type_rank(t) || sharc_type_shape(t)[dim] != 1)
    return NULL;
  return reduce;
}

static sharc_walk_result annotate_none_reduce(sharc_op *reduce, void *user) {
  (void)user;
  sharc_attr *r = sharc_op_attr_static(reduce, "reduction");
  if (!r || !sharc_mpmd_is_reduction(r) || sharc_mpmd_reduction_get(r) != SHARC_MPMD_REDUCE_NONE ||
      !sharc_op_num_operands(reduce))
    return SHARC_WALK_ADVANCE;
  sharc_op *op = sharc_value_defining_op(sharc_op_operand(reduce, 0));
  while (op && is_unary(op))
    op = sharc_value_defining_op(sharc_op_operand(op, 0));
  if (!op)
    return SHARC_WALK_ADVANCE;
  sharc_mpmd_reduction_kind kind = sharc_mpmd_reduction_op_kind(op);
  if (kind != SHARC_MPMD_REDUCE_NONE) {
    annotate_binary(op, kind);
    return SHARC_WALK_ADVANCE;
  }
  if (!sharc_op_isa(op, SHARC_SHLO(reduce)) || !sharc_op_num_operands(op))
    return SHARC_WALK_ADVANCE;
  sharc_op *concat = sharc_value_defining_op(sharc_op_operand(op, 0));
  if (!concat || !sharc_op_isa(concat, SHARC_SHLO(concatenate)))
    return SHARC_WALK_ADVANCE;
  sharc_op *cross = concat_reduce_of(concat);
  kind = cross ? sharc_mpmd_body_reduction_kind(sharc_region_first_block(sharc_op_region(cross, 0)))
               : sharc_mpmd_reduction_op_kind(op);
  if (kind != SHARC_MPMD_REDUCE_NONE)
    mark_convertible(op);
  return SHARC_WALK_ADVANCE;
}

/* ---- converting ------------------------------------------------------------------- */

static sharc_op *create_reduce(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *operands,
                               unsigned n, sharc_attr *reduction) {
  sharc_named_attr e = {sharc_ident_get(rw->ctx, SHARC_STR("reduction")), reduction};
  sharc_type *t = sharc_value_type(operands[0]);
  sharc_op_state st = {.name = sharc_ident_get(rw->ctx, SHARC_STR("mpmd.reduce")),
                       .loc = loc,
                       .operands = operands,
                       .num_operands = n,
                       .result_types = &t,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(rw->ctx, &e, 1)};
  return sharc_rw_create(rw, &st);
}

static void replace_with_reduce(convert_state *st, sharc_op *op, sharc_value *const *operands,
                                unsigned n, sharc_attr *reduction) {
  sharc_rewriter *rw = &st->rw;
  sharc_mesh_set src = {0};
  sharc_mi_src_set(op, &src);
  sharc_rw_set_before(rw, op);
  sharc_op *reduce = create_reduce(rw, sharc_op_loc(op), operands, n, reduction);
  sharc_rw_replace_op_with_op(rw, op, reduce);
  if (src.specified)
    sharc_mi_set_src_set(reduce, &src);
  sharc_mesh_set_free(&src);
}

/* ConvertConcatReduceOp: reduce(concat(x0..xn)) -> mpmd.reduce(reshape(xi)). */
static void convert_concat_reduce(convert_state *st, sharc_op *reduce) {
  sharc_rewriter *rw = &st->rw;
  sharc_op *concat = sharc_value_defining_op(sharc_op_operand(reduce, 0));
  if (!concat || !sharc_op_isa(concat, SHARC_SHLO(concatenate)))
    return;
  sharc_rw_set_before(rw, reduce);
  unsigned n = sharc_op_num_operands(concat);
  sharc_value **reshaped = sharc_xmalloc_array((size_t)n + 1, sizeof *reshaped);
  sharc_type *t = sharc_value_type(sharc_op_result(reduce, 0));
  sharc_ident *reshape_name = sharc_ident_get(rw->ctx, SHARC_STR("stablehlo.reshape"));
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(concat, i);
    sharc_op *def = sharc_value_defining_op(v);
    sharc_op_state s = {.name = reshape_name,
                        .loc = sharc_mpmd_value_loc(v),
                        .operands = &v,
                        .num_operands = 1,
                        .result_types = &t,
                        .num_results = 1,
                        .attrs = def ? sharc_mpmd_discardable_attrs(def) : NULL};
    reshaped[i] = sharc_op_result(sharc_rw_create(rw, &s), 0);
  }
  replace_with_reduce(st, reduce, reshaped, n,
                      sharc_op_attr_static(reduce, SHARC_MI_REDUCE_ANNOTATION));
  sharc_rw_erase_op(rw, concat);
  free(reshaped);
}

/* ConvertAnnotatedReduceOp, flattening reduces of the same kind. */
static void convert_annotated(convert_state *st, sharc_op *op) {
  if (sharc_op_isa(op, SHARC_SHLO(concatenate)))
    return;
  if (sharc_op_isa(op, SHARC_SHLO(reduce))) {
    convert_concat_reduce(st, op);
    return;
  }
  sharc_attr *reduction = sharc_op_attr_static(op, SHARC_MI_REDUCE_ANNOTATION);
  sharc_ptr_vec operands = {0}, to_erase = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    sharc_op *def = sharc_value_defining_op(v);
    if (def && sharc_op_isa(def, &sharc_mpmd_reduce_def) &&
        sharc_op_attr_static(def, "reduction") == reduction) {
      for (unsigned k = 0; k < sharc_op_num_operands(def); k++)
        sharc_vec_push(&operands, sharc_op_operand(def, k));
      if (sharc_value_has_one_use(sharc_op_result(def, 0)))
        sharc_vec_push(&to_erase, def);
    } else {
      sharc_vec_push(&operands, v);
    }
  }
  if (operands.len)
    replace_with_reduce(st, op, (sharc_value *const *)operands.items, operands.len, reduction);
  for (unsigned i = 0; i < to_erase.len; i++)
    sharc_rw_erase_op(&st->rw, to_erase.items[i]);
  sharc_vec_free(&operands);
  sharc_vec_free(&to_erase);
}

static sharc_walk_result convert(sharc_op *op, void *user) {
  convert_state *st = user;
  if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
    return SHARC_WALK_SKIP;
  if (sharc_mi_is_meshless_op(op) && sharc_op_attr_static(op, SHARC_MI_REDUCE_ANNOTATION) &&
      (st->opts->infer_cross_mesh_reductions ||
       sharc_op_attr_static(op, SHARC_MI_CAN_CONVERT_TO_REDUCE))) {
    convert_annotated(st, op);
    return SHARC_WALK_SKIP;
  }
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result clear_can_convert(sharc_op *op, void *user) {
  (void)user;
  if (sharc_op_attr_static(op, SHARC_MI_CAN_CONVERT_TO_REDUCE))
    sharc_op_set_attr_static(op, SHARC_MI_CAN_CONVERT_TO_REDUCE, NULL);
  return SHARC_WALK_ADVANCE;
}

/* Whether an op may hold the attribute `literal`: with no dictionary ever
 * holding that name, the walks for it (over every op of a large program)
 * have nothing to find. */
static bool may_hold_attr(sharc_op *func, const char *literal) {
  sharc_context *ctx = sharc_op_context(func);
  return sharc_context_dict_may_hold_name(ctx, sharc_context_static_ident(ctx, literal));
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  convert_state st = {.opts = opts};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_reduce_def, annotate_none_reduce, NULL);
  if (may_hold_attr(func, SHARC_MI_REDUCE_ANNOTATION))
    sharc_walk_region(sharc_op_region(func, 0), SHARC_PRE_ORDER, convert, &st);
  if (may_hold_attr(func, SHARC_MI_CAN_CONVERT_TO_REDUCE))
    sharc_walk(func, SHARC_POST_ORDER, clear_can_convert, NULL);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_convert_reduce_ops = {
    .flag = "mpmd-infer-mesh-convert-reduce-ops",
    .display_name = "InferMeshConvertReduceOpsPass",
    .summary = "Converts annotated reduce ops to mpmd.reduce ops and flattens chains of reduce ops.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_convert_reduce_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};

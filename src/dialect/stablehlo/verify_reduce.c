/* StableHLO's reduce rules (verifyReduceOp, inferReduceOp) and the reducer
 * body rules every reduce-like op shares (verifyReducerShape of
 * TypeInference.cpp), with StableHLO's messages, reported at the op. */
#include "dialect/stablehlo/shlo.h"
#include "dialect/quant/quant.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sharc_shlo_quote_type(sharc_buf *b, const sharc_type *t) {
  SHARC_BUF_LIT(b, "'");
  sharc_print_type(t, b);
  SHARC_BUF_LIT(b, "'");
}

/* Reports `head 'a' mid 'b' tail`: the messages that stream two types. */
static bool fail_types(sharc_op *op, const char *head, const sharc_type *a, const char *mid,
                       const sharc_type *b, const char *tail) {
  sharc_buf m = {0};
  sharc_buf_printf(&m, "%s", head);
  sharc_shlo_quote_type(&m, a);
  sharc_buf_printf(&m, "%s", mid);
  sharc_shlo_quote_type(&m, b);
  sharc_buf_printf(&m, "%s", tail);
  sharc_shlo_error(op, "%s", m.data);
  sharc_buf_free(&m);
  return false;
}

bool sharc_shlo_sized_region(sharc_op *op, unsigned i, const char *name) {
  if (i >= sharc_op_num_regions(op) || sharc_region_num_blocks(sharc_op_region(op, i)) == 1)
    return true;
  sharc_emit_op_error(op, "region #%u ('%s') failed to verify constraint: region with 1 blocks", i,
                      name);
  return false;
}

static const sharc_type *elem_of(const sharc_type *t) {
  return sharc_type_is_shaped(t) ? sharc_type_element(t) : t;
}

/* tensorsHaveSameElType: floats of any precision match when asked. */
static bool same_elem(const sharc_type *a, const sharc_type *b, bool ignore_fp) {
  const sharc_type *x = elem_of(a), *y = elem_of(b);
  if (ignore_fp && sharc_type_is_float(x) && sharc_type_is_float(y))
    return true;
  return x == y;
}

/* mlir::verifyCompatibleShape on two types: both shaped or neither. */
static bool compatible_shape(const sharc_type *a, const sharc_type *b) {
  bool sa = sharc_type_is_shaped(a), sb = sharc_type_is_shaped(b);
  if (!sa || !sb)
    return !sa && !sb;
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return true;
  unsigned rank = sharc_type_rank(a);
  if (rank != sharc_type_rank(b))
    return false;
  const int64_t *x = sharc_type_shape(a), *y = sharc_type_shape(b);
  for (unsigned i = 0; i < rank; i++)
    if (x[i] != SHARC_DYNAMIC && y[i] != SHARC_DYNAMIC && x[i] != y[i])
      return false;
  return true;
}

bool sharc_shlo_compatible_shape_and_elem(const sharc_type *a, const sharc_type *b,
                                          bool ignore_fp) {
  return compatible_shape(a, b) && same_elem(a, b, ignore_fp);
}

/* Block::mightHaveTerminator: a last op that is a terminator, or that
 * could be one (unregistered). */
static sharc_op *reducer_return(const sharc_block *block) {
  sharc_op *last = block ? sharc_block_last_op(block) : NULL;
  if (!last || sharc_block_terminator(block) || !sharc_op_get_def(last))
    return last;
  return NULL;
}

static bool reducer_counts(sharc_op *op, sharc_block *block, unsigned n) {
  if (sharc_block_num_args(block) != 2 * n) {
    sharc_shlo_error(op, "Reduction-region must take %u parameters, but takes %u parameter(s)",
                     2 * n, sharc_block_num_args(block));
    return false;
  }
  sharc_op *ret = reducer_return(block);
  if (!ret) {
    sharc_shlo_error(op, "The reduction-region expected to have a terminator");
    return false;
  }
  unsigned n_ret = sharc_op_num_operands(ret);
  if (n_ret == 0) {
    sharc_shlo_error(op, "The reduction-region expected to return some value(s)");
    return false;
  }
  if (n_ret != n) {
    sharc_shlo_error(op, "Reduction-region here must produce %u tensors, but produces %u instead",
                     n, n_ret);
    return false;
  }
  for (unsigned i = 0; i < n_ret; i++) {
    const sharc_type *t = sharc_value_type(sharc_op_operand(ret, i));
    if (!sharc_type_is_shaped(t)) {
      sharc_buf m = {0};
      SHARC_BUF_LIT(&m, "Reduction-region here must produce tensor-typed result(s), but produces ");
      sharc_shlo_quote_type(&m, t);
      SHARC_BUF_LIT(&m, " instead");
      sharc_shlo_error(op, "%s", m.data);
      sharc_buf_free(&m);
      return false;
    }
  }
  return true;
}

/* The argument's dimensions must appear, in order, among the allowed ones. */
static bool arg_shape_fits(sharc_op *op, const sharc_type *arg, unsigned index, unsigned input,
                           const int64_t *allowed, unsigned n_allowed) {
  if (!sharc_type_has_rank(arg))
    return true;
  unsigned rank = sharc_type_rank(arg);
  if (rank > n_allowed) {
    sharc_shlo_error(op,
                     "The rank of reduction-region's argument at index %u is expected to be "
                     "<= %u, got %u",
                     index, n_allowed, rank);
    return false;
  }
  const int64_t *shape = sharc_type_shape(arg);
  unsigned j = 0;
  for (unsigned i = 0; i < n_allowed && j < rank; i++)
    if (allowed[i] == SHARC_DYNAMIC || shape[j] == SHARC_DYNAMIC || allowed[i] == shape[j])
      j++;
  if (j == rank)
    return true;
  sharc_shlo_error(op,
                   "The shape of reduction-region's argument at index %u is not compatible "
                   "with that of reduce-op's input-parameter at index %u",
                   index, input);
  return false;
}

/* fail_types with a head naming an index; the head is formatted only on
 * failure (every reduce verification passing through here used to spend
 * five snprintf calls on messages it never printed). */
static bool fail_indexed(sharc_op *op, const char *head_fmt, unsigned index,
                         const sharc_type *a, const char *mid, const sharc_type *b) {
  char head[200];
  snprintf(head, sizeof head, head_fmt, index);
  return fail_types(op, head, a, mid, b, "");
}

/* reducer_input's messages, StableHLO's words. */
static const char param_differs[] = "The type of reduction-region's parameter at index %u is "
                                    "different than the corresponding result type: ";
static const char init_shape_differs[] = "The shape of reduction-region's result type at index %u "
                                         "differs from the op's corresponding init-value type: ";
static const char init_not_promotable[] =
    "The element-type of reduction-region's result type at index %u is expected to be "
    "promotable from the op's corresponding init-value element-type: ";
static const char input_not_promotable[] = "The element-type of reduction-region's argument at "
                                           "index %u is expected to be promotable from ";

static bool reducer_input(sharc_op *op, sharc_block *block, const sharc_type *acc,
                          const sharc_type *input, const sharc_type *init, unsigned i, unsigned n,
                          const int64_t *allowed, unsigned n_allowed) {
  const sharc_type *arg0 = sharc_value_type(sharc_block_arg(block, i));
  const sharc_type *arg1 = sharc_value_type(sharc_block_arg(block, n + i));
  if (!sharc_shlo_compatible_shape_and_elem(acc, arg0, false))
    return fail_indexed(op, param_differs, i, arg0, " vs ", acc);
  if (!sharc_shlo_compatible_shape_and_elem(acc, arg1, true))
    return fail_indexed(op, param_differs, n + i, arg1, " vs ", acc);
  if (!compatible_shape(init, acc))
    return fail_indexed(op, init_shape_differs, i, acc, " vs ", init);
  if (!sharc_shlo_promotable(init, acc, true))
    return fail_indexed(op, init_not_promotable, i, acc, " vs ", init);
  if (!sharc_shlo_promotable(input, arg1, true))
    return fail_indexed(op, input_not_promotable, n + i, sharc_type_element(input), ", but got ",
                        elem_of(arg1));
  return arg_shape_fits(op, arg1, n + i, i, allowed, n_allowed);
}

bool sharc_shlo_verify_reducer(sharc_op *op, sharc_block *block, const sharc_type *const *inputs,
                               const sharc_type *const *inits, unsigned n, const int64_t *allowed,
                               unsigned n_allowed) {
  if (!block)
    return true;
  if (!reducer_counts(op, block, n))
    return false;
  sharc_op *ret = reducer_return(block);
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *acc = sharc_value_type(sharc_op_operand(ret, i));
    if (!reducer_input(op, block, acc, inputs[i], inits[i], i, n, allowed, n_allowed))
      return false;
  }
  return true;
}

sharc_type *sharc_shlo_accumulator_elem(const sharc_region *r, unsigned i,
                                        const sharc_type *input) {
  sharc_block *block = r ? sharc_region_first_block(r) : NULL;
  sharc_op *ret = reducer_return(block);
  if (!ret || i >= sharc_op_num_operands(ret))
    return sharc_type_element(input);
  const sharc_type *t = sharc_value_type(sharc_op_operand(ret, i));
  return sharc_type_is_shaped(t) ? sharc_type_element(t) : (sharc_type *)t;
}

/* Bounds of a bounded-dynamism encoding, or NULL. */
const sharc_attr *sharc_shlo_type_bounds(const sharc_type *t) {
  sharc_attr *enc = t && t->kind == SHARC_TYPE_TENSOR ? t->shaped.encoding : NULL;
  if (!enc || enc->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(enc) != &sharc_shlo_type_extensions_def.base)
    return NULL;
  return sharc_shlo_struct_field(enc, &sharc_shlo_type_extensions_def, 0);
}

/* boundsToEncoding: none when every bound is dynamic. */
sharc_attr *sharc_shlo_bounds_encoding(sharc_context *ctx, const int64_t *bounds, unsigned n) {
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    any |= bounds[i] != SHARC_DYNAMIC;
  if (!any)
    return NULL;
  sharc_attr *field = sharc_attr_dense_i64_array(ctx, bounds, n);
  return sharc_shlo_struct_get(ctx, &sharc_shlo_type_extensions_def, &field);
}

/* The verifier runs again on every reduce a pass touches (a new init
 * operand from the constant splitter): its scratch lives on the stack for
 * the common sizes, on the heap only beyond them. */
enum { REDUCE_STACK_WORDS = 16 };

static void *scratch(void *stack, size_t stack_bytes, size_t need) {
  return need <= stack_bytes ? stack : sharc_xmalloc(need);
}

static void scratch_free(void *p, const void *stack) {
  if (p != stack)
    free(p);
}

typedef struct reduce {
  sharc_op *op;
  unsigned n;
  const sharc_type **inputs, **inits;
  bool *reduced;
  int64_t *kept;
  unsigned n_kept;
} reduce;

/* verifyReduceOpInputsAndInferShape. */
static bool reduce_inputs(reduce *r, const sharc_attr *dims) {
  const sharc_type *witness = r->inputs[0];
  for (unsigned i = 1; i < r->n; i++)
    if (!compatible_shape(witness, r->inputs[i])) {
      sharc_shlo_error(r->op,
                       "expects all inputs to have compatible shapes. Shape at input-index "
                       "%u is not compatible with shape at input-index 0",
                       i);
      return false;
    }
  unsigned rank = witness->shaped.rank;
  for (unsigned i = 0; i < sharc_attr_count(dims); i++) {
    int64_t d = sharc_attr_dense_array_i64(dims, i);
    if (d < 0 || d >= (int64_t)rank) {
      sharc_shlo_error(r->op, "Out-of-bounds dimension %lld, expected to be in range [0, %u)",
                       (long long)d, rank);
      return false;
    }
    if (r->reduced[d]) {
      sharc_shlo_error(r->op, "Duplicate reduction dimension: %lld", (long long)d);
      return false;
    }
    r->reduced[d] = true;
  }
  for (unsigned d = 0; d < rank; d++)
    if (!r->reduced[d])
      r->kept[r->n_kept++] = witness->shaped.shape[d];
  return true;
}

/* inferReduceOp: the kept dimensions (and bounds), the reducer's element types. */
static bool reduce_result(reduce *r) {
  sharc_context *ctx = sharc_op_context(r->op);
  const sharc_type *witness = r->inputs[0];
  const sharc_attr *bounds = sharc_shlo_type_bounds(witness);
  int64_t bounds_stack[REDUCE_STACK_WORDS];
  sharc_type *inferred_stack[REDUCE_STACK_WORDS];
  int64_t *kept_bounds = scratch(bounds_stack, sizeof bounds_stack,
                                 (witness->shaped.rank + 1) * sizeof *kept_bounds);
  sharc_type **inferred =
      scratch(inferred_stack, sizeof inferred_stack, (r->n + 1) * sizeof *inferred);
  unsigned nb = 0;
  for (unsigned d = 0; bounds && d < witness->shaped.rank; d++)
    if (!r->reduced[d])
      kept_bounds[nb++] = sharc_attr_dense_array_i64(bounds, d);
  sharc_attr *enc = nb ? sharc_shlo_bounds_encoding(ctx, kept_bounds, nb) : NULL;
  for (unsigned i = 0; i < r->n; i++)
    inferred[i] = sharc_type_tensor(
        ctx, r->kept, r->n_kept,
        sharc_shlo_accumulator_elem(sharc_op_region(r->op, 0), i, r->inputs[i]), enc);
  bool ok =
      sharc_shlo_check_inferred_all(r->op, inferred, r->n) || sharc_shlo_failed_to_infer(r->op);
  scratch_free(kept_bounds, bounds_stack);
  scratch_free(inferred, inferred_stack);
  return ok;
}

bool sharc_shlo_verify_reduce(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op) / 2;
  sharc_attr *dims = sharc_shlo_i64_array(op, "dimensions");
  if (!sharc_shlo_sized_region(op, 0, "body"))
    return false;
  if (!n || !dims)
    return true;
  const sharc_type *inputs_stack[REDUCE_STACK_WORDS], *inits_stack[REDUCE_STACK_WORDS];
  bool reduced_stack[REDUCE_STACK_WORDS];
  int64_t kept_stack[REDUCE_STACK_WORDS];
  reduce r = {op,
              n,
              scratch(inputs_stack, sizeof inputs_stack, n * sizeof *r.inputs),
              scratch(inits_stack, sizeof inits_stack, n * sizeof *r.inits),
              NULL,
              NULL,
              0};
  bool ranked = true;
  for (unsigned i = 0; i < n; i++) {
    r.inputs[i] = sharc_value_type(sharc_op_operand(op, i));
    r.inits[i] = sharc_value_type(sharc_op_operand(op, n + i));
    ranked &= sharc_shlo_ranked(r.inputs[i]) && sharc_type_is_shaped(r.inits[i]);
  }
  bool ok = true;
  if (ranked) {
    unsigned rank = r.inputs[0]->shaped.rank;
    r.reduced = scratch(reduced_stack, sizeof reduced_stack, (rank + 1) * sizeof *r.reduced);
    memset(r.reduced, 0, (rank + 1) * sizeof *r.reduced);
    r.kept = scratch(kept_stack, sizeof kept_stack, (rank + 1) * sizeof *r.kept);
    ok = reduce_inputs(&r, dims) &&
         sharc_shlo_verify_reducer(op, sharc_region_first_block(sharc_op_region(op, 0)), r.inputs,
                                   r.inits, n, r.kept, r.n_kept) &&
         reduce_result(&r);
  }
  scratch_free(r.inputs, inputs_stack);
  scratch_free(r.inits, inits_stack);
  if (r.reduced)
    scratch_free(r.reduced, reduced_stack);
  if (r.kept)
    scratch_free(r.kept, kept_stack);
  return ok;
}

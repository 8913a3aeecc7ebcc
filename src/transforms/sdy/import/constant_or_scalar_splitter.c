/* -sdy-constant-or-scalar-splitter: gives every use of a constant
 * sub-computation, and of a broadcast of a scalar, its own copy, so that
 * propagation does not tie the shardings of unrelated uses together.
 * stablehlo.constant ops first become sdy.constant (which nothing folds or
 * deduplicates); functions are visited callees first, so that a call counts
 * as constant-preserving only when its callee's body is. */
#include "transforms/sdy/common/call_graph_utils.h"
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/context.h"
#include "ir/ir_internal.h"
#include "pass/pass_registry.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "transforms/sdy/common/op_properties.h"

#include <stdlib.h>

typedef SHARC_VEC(sharc_op *) op_vec;

/* An insertion-ordered set of ops (llvm::SetVector) for one region walk:
 * members carry the set's scratch stamp (sharc_context_fresh_mark), so a
 * membership test reads the op instead of a hash table. */
typedef struct op_set {
  op_vec items;
  unsigned mark;
} op_set;

static void op_set_begin(op_set *s, sharc_context *ctx) {
  s->items.len = 0;
  s->mark = sharc_context_fresh_mark(ctx);
}

static bool op_set_has(const op_set *s, const sharc_op *op) {
  return op && sharc_op_mark(op) == s->mark;
}

static void op_set_add(op_set *s, sharc_op *op) {
  if (op_set_has(s, op))
    return;
  sharc_op_set_mark(op, s->mark);
  sharc_vec_push(&s->items, op);
}

static void op_set_free(op_set *s) { sharc_vec_free(&s->items); }

typedef struct splitter {
  sharc_op *module;
  sharc_context *ctx;
  sharc_rewriter rw;
  unsigned uniquing_counter; /* of Shardy's one SymbolTable for the run */
  bool failed;               /* a callee could not be cloned (error reported) */
  /* names (interned) of named computations / original function names that
   * hold an op which is not constant-preserving */
  sharc_ptrmap non_const_named_computations;
  sharc_ptrmap non_const_funcs;
  /* the region being walked */
  sharc_op *func;
  sharc_op *named_computation; /* whose body is walked, or NULL */
  /* whether the region walked holds an op that is not constant-preserving
   * (recorded in the maps above once per region, not per op) */
  bool marked_non_constant;
  op_set constants;
  op_set scalar_expansions;
} splitter;

/* ---- stablehlo.constant -> sdy.constant --------------------------------------------- */

static sharc_walk_result collect_shlo_constant(sharc_op *op, void *user) {
  if (sharc_op_isa(op, SHARC_SHLO(constant)))
    sharc_vec_push((op_vec *)user, op);
  return SHARC_WALK_ADVANCE;
}

/* The conversion keeps every attribute, unregistered ones included; the new
 * op takes the old one's place. A constant of the usual shape (one result,
 * no operands) is renamed in place: the same op, result and uses as the
 * replacement would give, without creating, rewiring and erasing. */
static void convert_constants(splitter *s) {
  op_vec constants = {0};
  sharc_walk(s->module, SHARC_PRE_ORDER, collect_shlo_constant, &constants);
  sharc_ident *sdy_constant = sharc_ident_get(s->ctx, SHARC_STR("sdy.constant"));
  for (unsigned i = 0; i < constants.len; i++) {
    sharc_op *op = constants.items[i];
    if (sharc_op_num_results(op) == 1 && sharc_op_num_operands(op) == 0 &&
        sharc_op_rename(op, sdy_constant)) {
      sharc_rw_modified(&s->rw, op);
      continue;
    }
    sharc_type *types[1];
    unsigned num_results = sharc_op_num_results(op) == 1 ? 1 : 0;
    if (num_results)
      types[0] = sharc_value_type(sharc_op_result(op, 0));
    sharc_op_state state = {
        .name = sdy_constant,
        .loc = sharc_op_loc(op),
        .result_types = types,
        .num_results = num_results,
        .attrs = sharc_op_attrs(op),
    };
    sharc_rw_replace_op_with_new(&s->rw, op, &state);
  }
  sharc_vec_free(&constants);
}

/* ---- what counts as constant ---------------------------------------------------------- */

static sharc_ident *func_original_name(splitter *s, const sharc_op *func) {
  return sharc_ident_get(s->ctx, sharc_sdy_original_func_name(func));
}

static sharc_ident *named_computation_name(splitter *s, const sharc_op *nc) {
  sharc_attr *name = sharc_op_attr(nc, "name");
  return sharc_ident_get(s->ctx, name ? sharc_attr_string_value(name) : SHARC_STR(""));
}

/* A broadcast, reshape, slice or pure element-wise op, a named computation
 * or a call whose body holds only constant-preserving ops: its results are
 * constant when its operands are. `def` is the op's (read once per op). */
static bool is_constant_preserving(splitter *s, const sharc_op *op, const sharc_op_def *def) {
  if (def == &sharc_func_call_def) {
    sharc_op *callee = sharc_call_resolve((sharc_op *)op);
    return !callee ||
           !sharc_ptrmap_get(&s->non_const_funcs, func_original_name(s, callee));
  }
  if (def == &sharc_sdy_named_computation_def)
    return !sharc_ptrmap_get(&s->non_const_named_computations, named_computation_name(s, op));
  if (!def || !(def->traits & SHARC_TRAIT_PURE))
    return false;
  if (def == SHARC_SHLO(broadcast_in_dim) || def == SHARC_SHLO(reshape) ||
      def == SHARC_SHLO(slice))
    return true;
  return sharc_sdy_is_elementwise(op);
}

static bool is_constant_source(const sharc_op_def *def) {
  return def == &sharc_sdy_constant_def || def == SHARC_SHLO(iota);
}

/* The op defining operand `i` of `op` (NULL: a block argument), read from
 * the op's fields: the walk asks it of every operand of every op. */
static inline sharc_op *operand_def(const sharc_op *op, unsigned i) {
  const sharc_value *v = sharc_op_operands_of(op)[i].value;
  return v && v->vkind == SHARC_VALUE_RESULT ? sharc_value_op_of(v) : NULL;
}

/* With a constant-preserving `op`: whether it is a constant expression. */
static bool operands_constant(splitter *s, const sharc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++)
    if (!op_set_has(&s->constants, operand_def(op, i)))
      return false;
  return true;
}

static bool is_scalar_expansion(const sharc_op *op, const sharc_op_def *def) {
  return def == SHARC_SHLO(broadcast_in_dim) && sharc_op_num_operands(op) == 1 &&
         sharc_sdy_is_scalar(sharc_op_operand(op, 0));
}

/* ---- cloning a sub-computation ---------------------------------------------------------- */

static bool is_op_result(const sharc_value *v) { return !sharc_value_is_block_arg(v); }

/* The sharding groups of `result` follow its clone. */
static void clone_sharding_group_users(splitter *s, sharc_value *result, sharc_mapping *map) {
  for (sharc_use *u = sharc_value_first_use(result); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_sdy_sharding_group_def))
      sharc_rw_clone(&s->rw, user, map);
  }
}

/* Clones the op defining `result` right before it, its callee too when it
 * is a call. */
static void clone_defining_op(splitter *s, sharc_value *result, sharc_mapping *map) {
  sharc_op *op = sharc_value_defining_op(result);
  sharc_rw_set_before(&s->rw, op);
  sharc_op *clone = sharc_rw_clone(&s->rw, op, map);
  if (sharc_op_isa(clone, &sharc_func_call_def)) {
    sharc_op *callee = sharc_call_resolve(op);
    if (callee && sharc_op_isa(callee, &sharc_func_func_def)) {
      sharc_op *func_clone =
          sharc_sdy_clone_func_recursively(&s->rw, callee, &s->uniquing_counter);
      if (!func_clone) {
        s->failed = true;
        return;
      }
      sharc_str name = sharc_rw_insert_symbol(&s->rw, s->module, func_clone, &s->uniquing_counter);
      sharc_rw_set_attr(&s->rw, clone, "callee",
                        sharc_attr_symbol_ref(s->ctx, sharc_ident_get(s->ctx, name), NULL, 0));
    }
  }
  sharc_rw_set_before(&s->rw, op);
  clone_sharding_group_users(s, result, map);
}

static bool needs_clone(const sharc_value *v, const sharc_mapping *map) {
  return is_op_result(v) && !sharc_sdy_is_scalar(v) && !sharc_mapping_lookup_value(map, v);
}

typedef struct clone_frame {
  sharc_value *result;
  unsigned next_operand;
} clone_frame;

/* Clones the sub-computation rooted at `result`, operands first (scalars
 * are shared, they do not get sharded), each op once; returns the clone of
 * `result`. An explicit stack: constant chains can be long. */
static sharc_value *clone_sub_computation(splitter *s, sharc_value *result) {
  if (sharc_sdy_is_scalar(result))
    return result;
  sharc_mapping *map = sharc_mapping_create();
  SHARC_VEC(clone_frame) stack = {0};
  clone_frame root = {result, 0};
  sharc_vec_push(&stack, root);
  while (stack.len) {
    clone_frame *f = &sharc_vec_last(&stack);
    sharc_op *op = sharc_value_defining_op(f->result);
    if (f->next_operand < sharc_op_num_operands(op)) {
      sharc_value *operand = sharc_op_operand(op, f->next_operand++);
      if (needs_clone(operand, map)) {
        clone_frame next = {operand, 0};
        sharc_vec_push(&stack, next);
      }
      continue;
    }
    sharc_value *done = f->result;
    stack.len--;
    if (!sharc_mapping_lookup_value(map, done))
      clone_defining_op(s, done, map);
  }
  sharc_vec_free(&stack);
  sharc_value *clone = sharc_mapping_value_or_self(map, result);
  sharc_mapping_destroy(map);
  return clone;
}

static bool has_one_use(const sharc_value *v) {
  const sharc_use *u = sharc_value_first_use(v);
  return u && !sharc_use_next(u);
}

/* Whether the copy clone_sub_computation would make of the sub-computation
 * at `result` is that sub-computation itself, once the originals are
 * erased: every op it would clone has one result with this one use (so
 * the original goes after its copy took its place), no region and no
 * callee to copy, and every value it shares (a scalar, a block argument)
 * has that one use (a copy's use would go first in a longer use list,
 * which bytecode writes). Each copy lands right before its original, so
 * the ops keep their places. */
static bool copy_is_itself(sharc_value *result) {
  SHARC_VEC(sharc_value *) stack = {0};
  sharc_vec_push(&stack, result);
  bool itself = true;
  while (stack.len && itself) {
    sharc_value *v = stack.items[--stack.len];
    if (!is_op_result(v) || sharc_sdy_is_scalar(v)) {
      itself = has_one_use(v); /* shared, not copied */
      continue;
    }
    sharc_op *op = sharc_value_defining_op(v);
    itself = sharc_op_num_results(op) == 1 && has_one_use(v) && !sharc_op_num_regions(op) &&
             !sharc_op_isa(op, &sharc_func_call_def);
    for (unsigned i = 0; itself && i < sharc_op_num_operands(op); i++)
      sharc_vec_push(&stack, sharc_op_operand(op, i));
  }
  sharc_vec_free(&stack);
  return itself;
}

/* `op` is not constant: each operand a constant sub-computation or a
 * scalar expansion defines gets a copy of its own (unless that copy would
 * be the original itself). */
static void clone_sub_computations_on_operands(splitter *s, sharc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++) {
    sharc_op *def = operand_def(op, i);
    if (!op_set_has(&s->constants, def) && !op_set_has(&s->scalar_expansions, def))
      continue;
    if (copy_is_itself(sharc_op_operand(op, i)))
      continue;
    sharc_value *clone = clone_sub_computation(s, sharc_op_operand(op, i));
    if (clone != sharc_op_operand(op, i))
      sharc_rw_set_operand(&s->rw, op, i, clone);
  }
}

/* ---- walking a region ----------------------------------------------------------------------- */

static void mark_non_constant(splitter *s) {
  if (s->marked_non_constant)
    return;
  s->marked_non_constant = true;
  if (s->named_computation)
    sharc_ptrmap_put(&s->non_const_named_computations,
                     named_computation_name(s, s->named_computation), s);
  sharc_ptrmap_put(&s->non_const_funcs, func_original_name(s, s->func), s);
}

static void process_op(splitter *s, sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (def == &sharc_func_func_def || def == &sharc_sdy_sharding_group_def)
    return;
  if (is_constant_source(def)) {
    op_set_add(&s->constants, op);
    return;
  }
  /* whether the op preserves constants matters when its operands are
   * constant, or while the region is not known to hold a non-constant op:
   * most ops of a model are asked neither (the question reads no state) */
  bool operands_const = operands_constant(s, op);
  bool preserving =
      (operands_const || !s->marked_non_constant) && is_constant_preserving(s, op, def);
  if (preserving && operands_const) {
    op_set_add(&s->constants, op);
    return;
  }
  if (!preserving && !(def && (def->traits & SHARC_TRAIT_TERMINATOR)))
    mark_non_constant(s);
  if (is_scalar_expansion(op, def)) {
    op_set_add(&s->scalar_expansions, op);
    return;
  }
  clone_sub_computations_on_operands(s, op);
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  process_op(user, op);
  /* a named computation's body is walked on its own, before */
  return sharc_op_def_of(op) == &sharc_sdy_named_computation_def ? SHARC_WALK_SKIP
                                                                  : SHARC_WALK_ADVANCE;
}

static bool only_used_by_sharding_groups(const sharc_op *op) {
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u))
      if (!sharc_op_isa(sharc_use_owner(u), &sharc_sdy_sharding_group_def))
        return false;
  return true;
}

/* Every use of a constant outside the constants got a copy, so the
 * originals go, users before the ops they use; scalars were shared, not
 * copied, and stay. */
static void erase_if_unused(splitter *s, sharc_op *op) {
  if (sharc_op_is_erased(op) || !only_used_by_sharding_groups(op))
    return;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++) {
    sharc_value *v = sharc_op_result(op, r);
    while (sharc_value_first_use(v))
      sharc_rw_erase_op(&s->rw, sharc_use_owner(sharc_value_first_use(v)));
  }
  sharc_rw_erase_op(&s->rw, op);
}

static void walk_region(splitter *s, sharc_region *region, sharc_op *named_computation) {
  s->named_computation = named_computation;
  s->marked_non_constant = false;
  op_set_begin(&s->constants, s->ctx);
  op_set_begin(&s->scalar_expansions, s->ctx);
  sharc_walk_region(region, SHARC_PRE_ORDER, visit, s);
  for (unsigned i = 0; i < s->scalar_expansions.items.len; i++)
    erase_if_unused(s, s->scalar_expansions.items.items[i]);
  for (unsigned i = s->constants.items.len; i-- > 0;)
    erase_if_unused(s, s->constants.items.items[i]);
}

static sharc_walk_result collect_named_computation(sharc_op *op, void *user) {
  sharc_vec_push((op_vec *)user, op);
  return SHARC_WALK_ADVANCE;
}

/* Named computations innermost first, then the function's own body. */
static void split_in_func(splitter *s, sharc_op *func) {
  s->func = func;
  op_vec ncs = {0};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_sdy_named_computation_def,
                 collect_named_computation, &ncs);
  for (unsigned i = 0; i < ncs.len; i++)
    if (!sharc_op_is_erased(ncs.items[i]))
      walk_region(s, sharc_op_region(ncs.items[i], 0), ncs.items[i]);
  sharc_vec_free(&ncs);
  walk_region(s, sharc_op_region(func, 0), NULL);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  (void)opts;
  splitter s = {.module = module, .ctx = sharc_op_context(module)};
  sharc_pass_rewriter(run, &s.rw, NULL);
  convert_constants(&s);

  /* the order is fixed before any function is cloned: clones are not visited */
  sharc_call_graph *cg = sharc_call_graph_build(module);
  sharc_op **order;
  unsigned n = sharc_sdy_funcs_in_call_order(cg, false, &order);
  sharc_call_graph_destroy(cg);
  for (unsigned i = 0; i < n && !s.failed; i++)
    split_in_func(&s, order[i]);
  free(order);
  op_set_free(&s.constants);
  op_set_free(&s.scalar_expansions);
  sharc_ptrmap_free(&s.non_const_named_computations);
  sharc_ptrmap_free(&s.non_const_funcs);
  return !s.failed;
}

const sharc_pass_def sharc_pass_sdy_constant_or_scalar_splitter = {
    .flag = "sdy-constant-or-scalar-splitter",
    .display_name = "ConstantOrScalarSplitterPass",
    .summary = "Splits constant and scalar expansions so each has a single use.",
    .anchor = "builtin.module",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

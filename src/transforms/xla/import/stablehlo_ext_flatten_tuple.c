/* -stablehlo-ext-flatten-tuple: custom calls take and return flat lists of
 * values instead of tuples (XLA's HLO import builds tuples for
 * multi-value custom calls). A tuple operand made by stablehlo.tuple
 * contributes that op's operands (recursively), any other one its
 * elements through get_tuple_element; a tuple result is rebuilt from the
 * new flat results with stablehlo.tuple for its users. Then
 * get_tuple_element of a stablehlo.tuple is folded to the element and
 * tuples left unused are erased, which is what the simplification after
 * it in XLA's pipeline does to them. */
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/pick_each.h"
#include "pass/pass_registry.h"
#include "support/vec.h"

typedef SHARC_VEC(sharc_value *) value_vec;
typedef SHARC_VEC(sharc_type *) type_vec;
typedef SHARC_VEC(sharc_op *) op_vec;
typedef struct flatten_state {
  sharc_rewriter rw;
  bool flattened; /* a call was: there are tuples to fold */
} flatten_state;

static bool is_tuple(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TUPLE;
}

static void flatten_type(sharc_type *t, type_vec *out) {
  if (!is_tuple(t)) {
    sharc_vec_push(out, t);
    return;
  }
  for (unsigned i = 0; i < sharc_type_count(t); i++)
    flatten_type(sharc_type_at(t, i), out);
}

static sharc_value *get_element(flatten_state *st, sharc_value *tuple, unsigned i, sharc_attr *loc) {
  sharc_context *ctx = st->rw.ctx;
  sharc_type *type = sharc_type_at(sharc_value_type(tuple), i);
  sharc_named_attr index = {sharc_ident_get(ctx, SHARC_STR("index")),
                            sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), i)};
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("stablehlo.get_tuple_element")),
                          .loc = loc,
                          .operands = &tuple,
                          .num_operands = 1,
                          .result_types = &type,
                          .num_results = 1,
                          .attrs = sharc_attr_dictionary(ctx, &index, 1)};
  return sharc_op_result(sharc_rw_create(&st->rw, &state), 0);
}

static void flatten_value(flatten_state *st, sharc_value *v, sharc_attr *loc, value_vec *out) {
  if (!is_tuple(sharc_value_type(v))) {
    sharc_vec_push(out, v);
    return;
  }
  sharc_op *def = sharc_value_defining_op(v);
  if (def && sharc_op_isa(def, SHARC_SHLO(tuple))) {
    for (unsigned i = 0; i < sharc_op_num_operands(def); i++)
      flatten_value(st, sharc_op_operand(def, i), loc, out);
    return;
  }
  for (unsigned i = 0; i < sharc_type_count(sharc_value_type(v)); i++)
    flatten_value(st, get_element(st, v, i, loc), loc, out);
}

/* A value of type `t` rebuilt from the flat values at `*next`. */
static sharc_value *rebuild(flatten_state *st, sharc_type *t, sharc_op *flat, unsigned *next,
                            sharc_attr *loc) {
  if (!is_tuple(t))
    return sharc_op_result(flat, (*next)++);
  value_vec elems = {0};
  for (unsigned i = 0; i < sharc_type_count(t); i++)
    sharc_vec_push(&elems, rebuild(st, sharc_type_at(t, i), flat, next, loc));
  sharc_op_state state = {.name = sharc_ident_get(st->rw.ctx, SHARC_STR("stablehlo.tuple")),
                          .loc = loc,
                          .operands = elems.items,
                          .num_operands = elems.len,
                          .result_types = &t,
                          .num_results = 1};
  sharc_value *v = sharc_op_result(sharc_rw_create(&st->rw, &state), 0);
  sharc_vec_free(&elems);
  return v;
}

static bool has_tuple(const sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (is_tuple(sharc_value_type(sharc_op_operand(op, i))))
      return true;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (is_tuple(sharc_value_type(sharc_op_result(op, i))))
      return true;
  return false;
}

static void erase_dead_tuple(flatten_state *st, sharc_op *tuple) {
  if (!tuple || !sharc_op_isa(tuple, SHARC_SHLO(tuple)) ||
      sharc_value_has_uses(sharc_op_result(tuple, 0)))
    return;
  unsigned n = sharc_op_num_operands(tuple);
  op_vec defs = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&defs, sharc_value_defining_op(sharc_op_operand(tuple, i)));
  sharc_rw_erase_op(&st->rw, tuple);
  for (unsigned i = 0; i < n; i++)
    erase_dead_tuple(st, defs.items[i]);
  sharc_vec_free(&defs);
}

static void flatten_call(flatten_state *st, sharc_op *call) {
  sharc_attr *loc = sharc_op_loc(call);
  value_vec operands = {0};
  type_vec types = {0};
  sharc_rw_set_before(&st->rw, call);
  for (unsigned i = 0; i < sharc_op_num_operands(call); i++)
    flatten_value(st, sharc_op_operand(call, i), loc, &operands);
  for (unsigned i = 0; i < sharc_op_num_results(call); i++)
    flatten_type(sharc_value_type(sharc_op_result(call, i)), &types);
  sharc_op_state state = {.name = sharc_op_name(call),
                          .loc = loc,
                          .operands = operands.items,
                          .num_operands = operands.len,
                          .result_types = types.items,
                          .num_results = types.len,
                          .attrs = sharc_op_attrs(call)};
  sharc_op *flat = sharc_rw_create(&st->rw, &state);
  op_vec operand_defs = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(call); i++)
    sharc_vec_push(&operand_defs, sharc_value_defining_op(sharc_op_operand(call, i)));
  value_vec results = {0};
  unsigned next = 0;
  for (unsigned i = 0; i < sharc_op_num_results(call); i++)
    sharc_vec_push(&results,
                   rebuild(st, sharc_value_type(sharc_op_result(call, i)), flat, &next, loc));
  sharc_rw_replace_op(&st->rw, call, results.items, results.len);
  for (unsigned i = 0; i < results.len; i++)
    erase_dead_tuple(st, sharc_value_defining_op(results.items[i]));
  for (unsigned i = 0; i < operand_defs.len; i++)
    erase_dead_tuple(st, operand_defs.items[i]);
  sharc_vec_free(&operand_defs);
  sharc_vec_free(&operands);
  sharc_vec_free(&types);
  sharc_vec_free(&results);
}

static bool is_tuple_call(sharc_op *op, void *user) {
  (void)user;
  return has_tuple(op);
}

static bool flatten_each(sharc_op *call, void *user) {
  flatten_state *st = user;
  flatten_call(st, call);
  st->flattened = true;
  return true;
}

/* get_tuple_element(tuple(x...), i) -> x_i, outermost first. */
static bool fold_element(sharc_op *gte, void *user) {
  flatten_state *st = user;
  sharc_op *tuple = sharc_value_defining_op(sharc_op_operand(gte, 0));
  if (!tuple || !sharc_op_isa(tuple, SHARC_SHLO(tuple)))
    return true;
  unsigned index = (unsigned)sharc_attr_int_value(sharc_op_attr(gte, "index"));
  if (index >= sharc_op_num_operands(tuple))
    return true;
  sharc_value *elem = sharc_op_operand(tuple, index);
  sharc_rw_replace_op(&st->rw, gte, &elem, 1);
  erase_dead_tuple(st, tuple);
  return true;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  flatten_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_pick_each(func, SHARC_PRE_ORDER, SHARC_SHLO(custom_call), is_tuple_call, flatten_each, &st);
  if (st.flattened)
    sharc_pick_each(func, SHARC_PRE_ORDER, SHARC_SHLO(get_tuple_element), NULL, fold_element, &st);
  return true;
}

const sharc_pass_def sharc_pass_stablehlo_ext_flatten_tuple = {
    .flag = "stablehlo-ext-flatten-tuple",
    .display_name = "StablehloFlattenTuplePass",
    .summary = "Flatten tuples in operands and results of operators that support both tuple "
               "and variadic type.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_SDY_OPT,
    .run = run,
};

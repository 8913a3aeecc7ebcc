/* The region-holding sdy ops, sdy.manual_computation and
 * sdy.named_computation: custom syntax, verifiers and their data flow edges
 * (each operand flows into the block argument of the same index, each
 * terminator operand into the result of the same index). */
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "support/xalloc.h"

#include <stdlib.h>

/* ---- shared syntax ------------------------------------------------------- */

/* `key=[<...>, ...]` when the keyword is present (or required). */
static bool parse_sharding_list(sharc_parser *p, sharc_op_builder *b, const char *key,
                                bool required) {
  if (!required && !sharc_tok_is_keyword(sharc_p_tok(p), key))
    return true;
  sharc_attr *list;
  if (!sharc_sdy_expect_key_eq(p, key) ||
      !sharc_sdy_parse_attr_or_stripped(p, sharc_sdy_parse_sharding_per_value, &list))
    return false;
  sharc_builder_set_attr(p, b, key, list);
  return true;
}

/* The region, the attribute dictionary and the functional type that end
 * both ops' syntax. */
static bool parse_body_and_type(sharc_parser *p, sharc_op_builder *b, const sdy_operand_list *ops) {
  return sharc_sdy_parse_single_block_region(p, b) && sharc_p_parse_optional_attr_dict(p, b) &&
         sharc_sdy_parse_functional_type(p, b, ops);
}

/* `(%a, %b) in_shardings=[...] out_shardings=[...]`, absent lists left out. */
static void print_operands_and_shardings(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "(");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, ")");
  sharc_sdy_print_op_shardings(p, op, " ", "in_shardings");
  sharc_sdy_print_op_shardings(p, op, " ", "out_shardings");
}

static void print_body_and_type(sharc_printer *p, sharc_op *op, const char *const *elided) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_region_with_entry_args(p, sharc_op_region(op, 0));
  sharc_pr_attr_dict(p, sharc_op_attrs(op), elided, false);
  SHARC_PR_LIT(p, " : ");
  sharc_pr_functional_type(p, op);
}

/* The checks both ops start with: the body's shape, the attributes of
 * `spec`, then the body against the operands. */
static bool verify_body_and_attrs(sharc_op *op, const sdy_attr_spec *spec) {
  return sharc_sdy_verify_body_structure(op) && sharc_sdy_verify_attrs(op, spec) &&
         sharc_sdy_verify_body(op);
}

/* ---- data flow edges of both ops ---------------------------------------- */

static sharc_block *body_block(const sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

static sharc_op *body_terminator(const sharc_op *op) {
  sharc_block *b = body_block(op);
  return b ? sharc_block_last_op(b) : NULL;
}

static void region_block_arg_owners(sharc_op *op, sharc_ptrvec *out) {
  sharc_block *b = body_block(op);
  for (unsigned i = 0; b && i < sharc_block_num_args(b); i++)
    sharc_ptrvec_push(out, sharc_block_arg(b, i));
}

/* An owner block argument takes the operand of its index; an owner result
 * the terminator operand of its index. */
static void region_edge_sources(sharc_op *op, sharc_value *owner, sharc_ptrvec *out) {
  unsigned i = sharc_value_index(owner);
  if (sharc_value_is_block_arg(owner)) {
    if (i < sharc_op_num_operands(op))
      sharc_ptrvec_push(out, &sharc_op_operands_of(op)[i]);
    return;
  }
  sharc_op *term = body_terminator(op);
  if (term && i < sharc_op_num_operands(term))
    sharc_ptrvec_push(out, &sharc_op_operands_of(term)[i]);
}

static sharc_value *region_owner_from_target(sharc_op *op, sharc_value *target) {
  (void)op;
  return target;
}

static sharc_value *region_owner_from_source(sharc_op *op, sharc_use *source) {
  unsigned i = sharc_use_operand_index(source);
  if (sharc_use_owner(source) == op) {
    sharc_block *b = body_block(op);
    return b && i < sharc_block_num_args(b) ? sharc_block_arg(b, i) : NULL;
  }
  return i < sharc_op_num_results(op) ? sharc_op_result(op, i) : NULL;
}

/* The element of a per-value sharding attribute, or NULL. */
static sharc_attr *list_at(sharc_op *op, const char *key, unsigned index) {
  sharc_attr *list = sharc_op_attr(op, key);
  return list ? sharc_sdy_sharding_per_value_at(list, index) : NULL;
}

/* Replaces one element of a per-value attribute; a missing list is filled
 * with fully open shardings of the element's mesh (Shardy's
 * getOrCreate...). */
static void list_set(sharc_op *op, const char *key, unsigned index, unsigned count,
                     sharc_attr *sharding) {
  sharc_attr *list = sharc_op_attr(op, key);
  sharc_op_set_attr(op, key, sharc_sdy_sharding_per_value_replace(op, list, count, index, sharding));
}

/* ---- manual_computation -------------------------------------------------- */

static bool manual_computation_parse(sharc_parser *p, sharc_op_builder *b) {
  sdy_operand_list ops;
  bool ok = sharc_sdy_parse_operand_list_parens(p, &ops) &&
            parse_sharding_list(p, b, "in_shardings", true) &&
            parse_sharding_list(p, b, "out_shardings", true);
  sharc_attr *axes;
  ok = ok && sharc_sdy_expect_key_eq(p, "manual_axes") &&
       sharc_sdy_parse_attr_or_stripped(p, sharc_sdy_parse_manual_axes, &axes);
  if (ok)
    sharc_builder_set_attr(p, b, "manual_axes", axes);
  ok = ok && parse_body_and_type(p, b, &ops);
  sharc_sdy_operand_list_free(&ops);
  return ok;
}

static const char *const manual_inherent[] = {"in_shardings", "manual_axes", "out_shardings", NULL};

static void manual_computation_print(sharc_printer *p, sharc_op *op) {
  print_operands_and_shardings(p, op);
  SHARC_PR_LIT(p, " manual_axes=");
  sharc_sdy_print_manual_axes(p, sharc_op_attr(op, "manual_axes"));
  print_body_and_type(p, op, manual_inherent);
}

static const sdy_attr_spec manual_attrs[] = {
    {"in_shardings", SDY_ATTR_SHARDING_PER_VALUE, false},
    {"out_shardings", SDY_ATTR_SHARDING_PER_VALUE, false},
    {"manual_axes", SDY_ATTR_MANUAL_AXES, false},
    {NULL, 0, false},
};

static bool manual_computation_verify(sharc_op *op) {
  return verify_body_and_attrs(op, manual_attrs) && sharc_sdy_verify_manual_axes_unbound(op);
}

static sharc_attr *manual_block_arg_sharding(sharc_op *op, unsigned index) {
  return sharc_sdy_erase_manual_axes(op, list_at(op, "in_shardings", index));
}

static void manual_set_block_arg_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  sharc_attr *outer = list_at(op, "in_shardings", index);
  list_set(op, "in_shardings", index, sharc_op_num_operands(op),
           sharc_sdy_add_free_axes(op, outer, sharding));
}

static sharc_attr *manual_result_sharding(sharc_op *op, unsigned index) {
  return list_at(op, "out_shardings", index);
}

static void manual_set_result_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  list_set(op, "out_shardings", index, sharc_op_num_results(op), sharding);
}

/* Shardings inside the body are local (manual axes gone), outside global. */
static sharc_attr *manual_transform(sharc_op *op, sharc_value *target, sharc_attr *sharding,
                                    sharc_sdy_transform how) {
  bool arg = sharc_value_is_block_arg(target);
  bool add = how == SHARC_SDY_BEFORE_EDGE_PROPAGATION ? arg : !arg;
  if (!add)
    return sharc_sdy_erase_manual_axes(op, sharding);
  const char *key = arg ? "in_shardings" : "out_shardings";
  return sharc_sdy_add_free_axes(op, list_at(op, key, sharc_value_index(target)), sharding);
}

bool sharc_sdy_always_divisible(sharc_op *op) {
  (void)op;
  return true;
}

static const sharc_sdy_data_flow_iface manual_data_flow = {
    .block_arg_owners = region_block_arg_owners,
    .block_arg_owner_sharding = manual_block_arg_sharding,
    .set_block_arg_owner_sharding = manual_set_block_arg_sharding,
    .result_owner_sharding = manual_result_sharding,
    .set_result_owner_sharding = manual_set_result_sharding,
    .edge_sources = region_edge_sources,
    .owner_from_target = region_owner_from_target,
    .owner_from_source = region_owner_from_source,
    .transform_target_sharding = manual_transform,
    .keep_owner_shardings_divisible = sharc_sdy_always_divisible,
};

extern const sharc_pattern sharc_sdy_manual_computation_patterns[];

const sharc_op_def sharc_sdy_manual_computation_def = {
    .name = "sdy.manual_computation",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_ONE_REGION |
              SHARC_TRAIT_RECURSIVE_EFFECTS,
    .inherent = manual_inherent,
    .parse = manual_computation_parse,
    .print = manual_computation_print,
    .verify = manual_computation_verify,
    .verify_symbol_uses = sharc_sdy_verify_manual_computation,
    .patterns = sharc_sdy_manual_computation_patterns,
    .data_flow = &manual_data_flow,
};

/* ---- named_computation --------------------------------------------------- */

static bool named_computation_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_str name;
  if (!sharc_p_expect(p, '<'))
    return false;
  if (sharc_p_tok(p)->kind != TOK_STRING)
    return sharc_p_error(p, "expected string");
  if (!sharc_p_parse_string(p, &name) || !sharc_p_expect(p, '>'))
    return false;
  sharc_builder_set_attr(p, b, "name", sharc_attr_string(sharc_p_context(p), name));
  sdy_operand_list ops;
  bool ok = sharc_sdy_parse_operand_list_parens(p, &ops) &&
            parse_sharding_list(p, b, "in_shardings", false) &&
            parse_sharding_list(p, b, "out_shardings", false) && parse_body_and_type(p, b, &ops);
  sharc_sdy_operand_list_free(&ops);
  return ok;
}

static const char *const named_inherent[] = {"in_shardings", "name", "out_shardings", NULL};

static void named_computation_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "<");
  sharc_attr *name = sharc_op_attr(op, "name");
  sharc_pr_string(p, name ? sharc_attr_string_value(name) : (sharc_str){"", 0});
  SHARC_PR_LIT(p, ">");
  print_operands_and_shardings(p, op);
  print_body_and_type(p, op, named_inherent);
}

/* InferTypeOpInterface: the results have the terminator's operand types. */
static const sdy_attr_spec named_attrs[] = {
    {"name", SDY_ATTR_STRING, false},
    {"in_shardings", SDY_ATTR_SHARDING_PER_VALUE, true},
    {"out_shardings", SDY_ATTR_SHARDING_PER_VALUE, true},
    {NULL, 0, false},
};

static bool named_computation_verify(sharc_op *op) {
  if (!verify_body_and_attrs(op, named_attrs))
    return false;
  sharc_op *term = body_terminator(op);
  unsigned n = term ? sharc_op_num_operands(term) : 0;
  sharc_type *stack[16];
  sharc_type **types = n <= 16 ? stack : sharc_xmalloc_array(n, sizeof *types);
  for (unsigned i = 0; i < n; i++)
    types[i] = sharc_value_type(sharc_op_operand(term, i));
  bool ok = sharc_sdy_verify_inferred_types(op, types, n);
  if (types != stack)
    free(types);
  return ok;
}

static sharc_attr *named_block_arg_sharding(sharc_op *op, unsigned index) {
  return list_at(op, "in_shardings", index);
}

static void named_set_block_arg_sharding(sharc_op *op, unsigned index, sharc_attr *sharding) {
  list_set(op, "in_shardings", index, sharc_op_num_operands(op), sharding);
}

static const sharc_sdy_data_flow_iface named_data_flow = {
    .block_arg_owners = region_block_arg_owners,
    .block_arg_owner_sharding = named_block_arg_sharding,
    .set_block_arg_owner_sharding = named_set_block_arg_sharding,
    .result_owner_sharding = manual_result_sharding,
    .set_result_owner_sharding = manual_set_result_sharding,
    .edge_sources = region_edge_sources,
    .owner_from_target = region_owner_from_target,
    .owner_from_source = region_owner_from_source,
};

const sharc_op_def sharc_sdy_named_computation_def = {
    .name = "sdy.named_computation",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_ONE_REGION |
              SHARC_TRAIT_RECURSIVE_EFFECTS,
    .inherent = named_inherent,
    .parse = named_computation_parse,
    .print = named_computation_print,
    .verify = named_computation_verify,
    .verify_symbol_uses = sharc_sdy_verify_named_computation,
    .data_flow = &named_data_flow,
};

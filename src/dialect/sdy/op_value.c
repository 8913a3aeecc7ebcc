/* The sdy ops that act on one value: sharding_constraint, reshard,
 * data_flow_edge, func_data_flow_edge, propagation_barrier, sharding_group,
 * plus sdy.constant and the sdy.return terminator. */
#include "dialect/arith/arith.h"
#include "dialect/func/func.h"
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/op_verify.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/stablehlo/shlo.h"
#include "sharc/verify.h"

#include <string.h>

/* ---- sharding_constraint, reshard: `%x <@mesh, [...]> : T` ------------- */

static bool sharding_op_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref input;
  sharc_attr *sharding;
  if (!sharc_p_parse_operand(p, &input) ||
      !sharc_sdy_parse_attr_or_stripped(p, sharc_sdy_parse_tensor_sharding, &sharding))
    return false;
  sharc_builder_set_attr(p, b, "sharding", sharding);
  return sharc_p_parse_attr_dict_colon_type(p, b, &input, true);
}

static const char *const sharding_elided[] = {"sharding", NULL};

static void sharding_op_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  SHARC_PR_LIT(p, " ");
  sharc_sdy_print_tensor_sharding(p, sharc_op_attr(op, "sharding"));
  sharc_pr_attr_dict_colon_type(p, op, sharding_elided);
}

static const sdy_attr_spec sharding_attrs[] = {{"sharding", SDY_ATTR_TENSOR_SHARDING, false},
                                               {NULL, 0, false}};

static bool sharding_op_verify(sharc_op *op) {
  return sharc_verify_one_result_operand(op, true, true) && sharc_sdy_verify_attrs(op, sharding_attrs) &&
         sharc_sdy_verify_same_operand_result_type(op);
}

/* After the module's ops: a sharding valid for the type, and the unreduced
 * axes moving only as Shardy allows from the source's sharding. */
static bool sharding_op_verify_uses(sharc_op *op) {
  return sharc_sdy_verify_op_sharding(op, sharc_op_attr(op, "sharding"),
                                sharc_value_type(sharc_op_result(op, 0)));
}

static const char *const sharding_inherent[] = {"sharding", NULL};

const sharc_op_def sharc_sdy_sharding_constraint_def = {
    .name = "sdy.sharding_constraint",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .inherent = sharding_inherent,
    .parse = sharding_op_parse,
    .print = sharding_op_print,
    .verify = sharding_op_verify,
    .verify_symbol_uses = sharding_op_verify_uses,
};

extern const sharc_pattern sharc_sdy_reshard_patterns[];

const sharc_op_def sharc_sdy_reshard_def = {
    .name = "sdy.reshard",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = sharding_inherent,
    .parse = sharding_op_parse,
    .print = sharding_op_print,
    .verify = sharding_op_verify,
    .verify_symbol_uses = sharding_op_verify_uses,
    .patterns = sharc_sdy_reshard_patterns,
};

/* ---- return -------------------------------------------------------------- */

const sharc_op_def sharc_sdy_return_def = {
    .name = "sdy.return",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_RETURN_LIKE | SHARC_TRAIT_PURE |
              SHARC_TRAIT_ZERO_RESULTS | SHARC_TRAIT_ZERO_REGIONS,
    .parse = sharc_p_parse_return_like,
    .print = sharc_pr_return_like,
};

/* ---- constant: `sdy.constant {attrs} dense<...> : T` ------------------- */


static const sdy_attr_spec constant_attrs[] = {{"value", SDY_ATTR_ELEMENTS, false},
                                               {NULL, 0, false}};

static bool constant_checks(sharc_op *op) {
  if (!sharc_verify_one_result_operand(op, true, false) || !sharc_sdy_verify_attrs(op, constant_attrs))
    return false;
  sharc_attr *value = sharc_op_attr(op, "value");
  if (sharc_op_num_results(op) != 1) {
    sharc_emit_op_error(op, "expected 1 result, but got %u", sharc_op_num_results(op));
    return false;
  }
  sharc_type *result = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_sdy_verify_value_type(op, "result", 0, result, SDY_STATIC_TENSOR))
    return false;
  return sharc_sdy_verify_inferred_types(op, (sharc_type *[]){sharc_attr_type(value)}, 1);
}

/* The checks read the op's name, attributes and result types only: ops
 * alike (the splitter makes thousands of the same few constants) are
 * remembered during one verification. */
static bool constant_verify(sharc_op *op) { return sharc_verify_memoized(op, constant_checks); }

static const char *const constant_inherent[] = {"value", NULL};

const sharc_op_def sharc_sdy_constant_def = {
    .name = "sdy.constant",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_OPERANDS | SHARC_TRAIT_ZERO_REGIONS |
              SHARC_TRAIT_ONE_RESULT,
    .inherent = constant_inherent,
    .parse = sharc_shlo_parse_dense_constant,
    .print = sharc_arith_print_value_constant,
    .verify = constant_verify,
};

/* ---- data_flow_edge: `%x sharding=<...> : T` --------------------------- */

static bool data_flow_edge_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref input;
  if (!sharc_p_parse_operand(p, &input))
    return false;
  if (sharc_p_eat_keyword(p, "sharding")) {
    sharc_attr *sharding;
    if (!sharc_p_expect(p, '=') ||
        !sharc_sdy_parse_attr_or_stripped(p, sharc_sdy_parse_tensor_sharding, &sharding))
      return false;
    sharc_builder_set_attr(p, b, "sharding", sharding);
  }
  return sharc_p_parse_attr_dict_colon_type(p, b, &input, true);
}

static void data_flow_edge_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  sharc_attr *sharding = sharc_op_attr(op, "sharding");
  if (sharding) {
    SHARC_PR_LIT(p, " sharding=");
    sharc_sdy_print_tensor_sharding(p, sharding);
  }
  sharc_pr_attr_dict_colon_type(p, op, sharding_elided);
}

static bool has_one_use(const sharc_value *v) {
  const sharc_use *u = sharc_value_first_use(v);
  return u && !sharc_use_next(u);
}

static bool data_flow_edge_verify_uses(sharc_op *op) {
  sharc_type *t = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_sdy_type_is_static(t)) {
    sharc_buf text = {0};
    sharc_sdy_type_text(t, &text);
    sharc_emit_op_error(op, "expected sdy.data_flow_edge to have a static-shaped result. type: %s",
                        text.data);
    sharc_buf_free(&text);
    return false;
  }
  sharc_value *input = sharc_op_operand(op, 0);
  if (!has_one_use(input)) {
    sharc_emit_op_error(op, "expected input of sdy.data_flow_edge to have a single user");
    return false;
  }
  sharc_op *def = sharc_value_defining_op(input);
  if (def && sharc_sdy_is_sdy_op(def) && !sharc_sdy_data_flow(def)) {
    sharc_diag *d = sharc_emit_op_error(op, "expected input of sdy.data_flow_edge to not be "
                                            "defined by an SdyDialect op (other than an "
                                            "sdy.named_computation).");
    sharc_diag_note(d, sharc_op_loc(def), "sdy op defining the input of the sdy.data_flow_edge");
    return false;
  }
  sharc_attr *sharding = sharc_op_attr(op, "sharding");
  return !sharding || sharc_sdy_verify_sharding_for_type(op, sharding, t, NULL);
}

static const sdy_attr_spec edge_attrs[] = {{"sharding", SDY_ATTR_TENSOR_SHARDING, true},
                                           {NULL, 0, false}};

/* ODS order: attributes, operand and result constraints, then
 * SameOperandsAndResultType. */
static bool data_flow_edge_verify(sharc_op *op) {
  return sharc_verify_one_result_operand(op, true, true) && sharc_sdy_verify_attrs(op, edge_attrs) &&
         sharc_sdy_verify_value_type(op, "operand", 0, sharc_value_type(sharc_op_operand(op, 0)),
                               SDY_ANY_SHAPED) &&
         sharc_sdy_verify_value_type(op, "result", 0, sharc_value_type(sharc_op_result(op, 0)),
                               SDY_ANY_SHAPED) &&
         sharc_sdy_verify_same_operand_result_type(op);
}

const sharc_op_def sharc_sdy_data_flow_edge_def = {
    .name = "sdy.data_flow_edge",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .inherent = sharding_inherent,
    .parse = data_flow_edge_parse,
    .print = data_flow_edge_print,
    .verify = data_flow_edge_verify,
    .verify_symbol_uses = data_flow_edge_verify_uses,
};

/* ---- func_data_flow_edge: `%x : T` -------------------------------------- */

static bool func_data_flow_edge_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref input;
  return sharc_p_parse_operand(p, &input) && sharc_p_parse_attr_dict_colon_type(p, b, &input, true);
}

static void func_data_flow_edge_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  sharc_pr_attr_dict_colon_type(p, op, NULL);
}

static bool func_data_flow_edge_verify_uses(sharc_op *op) {
  sharc_type *t = sharc_value_type(sharc_op_result(op, 0));
  if (!sharc_sdy_type_is_static(t)) {
    sharc_buf text = {0};
    sharc_sdy_type_text(t, &text);
    sharc_emit_op_error(op,
                        "expected sdy.func_data_flow_edge to have a static-shaped result. "
                        "type: %s",
                        text.data);
    sharc_buf_free(&text);
    return false;
  }
  sharc_value *operand = sharc_op_operand(op, 0);
  if (!has_one_use(operand)) {
    sharc_emit_op_error(op, "expected operand of sdy.func_data_flow_edge to have a single user");
    return false;
  }
  if (sharc_value_is_block_arg(operand)) {
    sharc_op *owner = sharc_block_parent_op(sharc_value_owner_block(operand));
    if (!owner || !sharc_op_isa(owner, &sharc_func_func_def)) {
      sharc_emit_op_error(op, "expected operand of sdy.func_data_flow_edge to be a block argument "
                              "of a func op.");
      return false;
    }
    return true;
  }
  if (!sharc_op_isa(sharc_value_defining_op(operand), &sharc_func_call_def)) {
    sharc_emit_op_error(op, "expected operand of sdy.func_data_flow_edge to be a result of call "
                            "op.");
    return false;
  }
  return true;
}

const sharc_op_def sharc_sdy_func_data_flow_edge_def = {
    .name = "sdy.func_data_flow_edge",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .parse = func_data_flow_edge_parse,
    .print = func_data_flow_edge_print,
    .verify = data_flow_edge_verify,
    .verify_symbol_uses = func_data_flow_edge_verify_uses,
};

/* ---- propagation_barrier: `%x allowed_direction=FORWARD : T` ----------- */

static const char *const direction_names[] = {"NONE", "FORWARD", "BACKWARD", "BOTH"};

static bool propagation_barrier_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref input;
  if (!sharc_p_parse_operand(p, &input) || !sharc_sdy_expect_key_eq(p, "allowed_direction"))
    return false;
  int64_t dir;
  if (!sharc_sdy_parse_enum_keyword(p, "allowed_direction", direction_names, 4, &dir))
    return false;
  sharc_context *ctx = sharc_p_context(p);
  sharc_builder_set_attr(p, b, "allowed_direction",
                         sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), dir));
  return sharc_p_parse_attr_dict_colon_type(p, b, &input, true);
}

static const char *const barrier_elided[] = {"allowed_direction", NULL};

static void propagation_barrier_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  SHARC_PR_LIT(p, " allowed_direction=");
  sharc_sdy_print_enum_keyword(p, sharc_op_attr(op, "allowed_direction"), direction_names, 4);
  sharc_pr_attr_dict_colon_type(p, op, barrier_elided);
}

static bool propagation_barrier_verify(sharc_op *op) {
  static const sdy_attr_spec attrs[] = {{"allowed_direction", SDY_ATTR_DIRECTION, false},
                                        {NULL, 0, false}};
  if (!sharc_verify_one_result_operand(op, true, true) || !sharc_sdy_verify_attrs(op, attrs))
    return false;
  sharc_attr *dir = sharc_op_attr(op, "allowed_direction");
  if (!sharc_sdy_verify_value_type(op, "operand", 0, sharc_value_type(sharc_op_operand(op, 0)),
                             SDY_ANY_RANKED_TENSOR) ||
      !sharc_sdy_verify_value_type(op, "result", 0, sharc_value_type(sharc_op_result(op, 0)),
                             SDY_ANY_RANKED_TENSOR) ||
      !sharc_sdy_verify_same_operand_result_type(op))
    return false;
  if (sharc_attr_int_value(dir) == 3) {
    sharc_emit_op_error(op, "cannot specify `BOTH` as the direction. Not blocking propagation "
                            "direction makes the op redundant.");
    return false;
  }
  return true;
}

const sharc_op_def sharc_sdy_propagation_barrier_def = {
    .name = "sdy.propagation_barrier",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = barrier_elided,
    .parse = propagation_barrier_parse,
    .print = propagation_barrier_print,
    .verify = propagation_barrier_verify,
};

/* ---- sharding_group: `%x group_id=3 : T` -------------------------------- */

static bool sharding_group_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref input;
  if (!sharc_p_parse_operand(p, &input) || !sharc_sdy_expect_key_eq(p, "group_id"))
    return false;
  sharc_context *ctx = sharc_p_context(p);
  sharc_attr *id;
  if (!sharc_p_parse_attr(p, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), &id))
    return false;
  sharc_builder_set_attr(p, b, "group_id", id);
  return sharc_p_parse_attr_dict_colon_type(p, b, &input, false);
}

static const char *const group_elided[] = {"group_id", NULL};

static void sharding_group_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_value(p, sharc_op_operand(op, 0));
  SHARC_PR_LIT(p, " group_id=");
  sharc_pr_attr_no_type(p, sharc_op_attr(op, "group_id"));
  sharc_pr_attr_dict_colon_type(p, op, group_elided);
}

static bool sharding_group_verify(sharc_op *op) {
  static const sdy_attr_spec attrs[] = {{"group_id", SDY_ATTR_I64, false}, {NULL, 0, false}};
  return sharc_verify_one_result_operand(op, false, true) && sharc_sdy_verify_attrs(op, attrs) &&
         sharc_sdy_verify_value_type(op, "operand", 0, sharc_value_type(sharc_op_operand(op, 0)),
                               SDY_ANY_RANKED_TENSOR) &&
         sharc_sdy_verify_inferred_types(op, NULL, 0);
}

const sharc_op_def sharc_sdy_sharding_group_def = {
    .name = "sdy.sharding_group",
    .dialect = &sharc_sdy_dialect,
    .traits = SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_RESULTS,
    .inherent = group_elided,
    .parse = sharding_group_parse,
    .print = sharding_group_print,
    .verify = sharding_group_verify,
};

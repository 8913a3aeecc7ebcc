/* The part of the MHLO dialect that XLA's sdy_opt registers and its Shardy
 * bridge passes create or read: mhlo.copy, the op XLA inserts where a value
 * must change sharding (`%y = mhlo.copy %x {sdy.sharding = ...} : T`), and
 * mhlo.custom_call / mhlo.tuple, the form older XLA versions hand the
 * round-trip import (their syntax is StableHLO's, so the StableHLO table's
 * format engine parses, prints and verifies them). */
#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "dialect/mhlo/mhlo.h"
#include "dialect/stablehlo/shlo.h"

/* CopyOp's ODS argument: OptionalAttr<I32Attr> (hlo_ops.td), in the
 * spelling of sharc_shlo_check_attr_spec. */
static const char copy_attr_spec[] = "?cross_program_prefetch_index:i32";

/* The attr-dict, then its inherent attribute's constraint, reported at the
 * dictionary (verifyInherentAttrs, as ODS's generated parsers run it). */
static bool parse_copy_attr_dict(sharc_parser *p, sharc_op_builder *b) {
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_optional_attr_dict(p, b))
    return false;
  const char *what = NULL;
  const char *bad = sharc_shlo_bad_attr_of_spec(copy_attr_spec, b->attrs, b->num_attrs, &what);
  if (!bad)
    return true;
  return sharc_p_error_at(p, &at, "'mhlo.copy' op attribute '%s' failed to satisfy constraint: %s",
                          bad, what);
}

/* hlo::parseSameOperandsAndResultType for one operand: `%x attr-dict : T`,
 * or the functional form `: (T) -> T`. */
static bool parse_copy(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_type *t = NULL;
  if (!sharc_p_parse_operand(p, &ref) || !parse_copy_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  sharc_type *operand = t, *result = t;
  if (sharc_type_get_kind(t) == SHARC_TYPE_FUNCTION) {
    if (sharc_type_func_num_inputs(t) != 1 || sharc_type_func_num_results(t) != 1)
      return sharc_p_error(p, "expected one operand type and one result type");
    operand = sharc_type_func_input(t, 0);
    result = sharc_type_func_result(t, 0);
  }
  sharc_value *v;
  if (!sharc_p_resolve_operand(p, &ref, operand, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  sharc_ptrvec_push(&b->result_types, result);
  return true;
}

static void print_copy(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  sharc_pr_puts(p, " : ");
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (in == out) {
    sharc_pr_type(p, out);
    return;
  }
  sharc_pr_functional_type(p, op);
}

/* SameOperandsAndResultType, one operand and one result, after ODS's
 * constraints (OpInvariants): the attribute's, then MHLO_TensorOrTokenOrTuple
 * in and out (hlo_ops.td), where sharc took any type (a memref, an unranked
 * tensor, !stablehlo.token). */
static bool verify_copy(sharc_op *op) {
  if (sharc_op_num_operands(op) != 1 || sharc_op_num_results(op) != 1) {
    sharc_emit_op_error(op, "requires one operand and one result");
    return false;
  }
  if (!sharc_shlo_check_attr_spec(op, copy_attr_spec) ||
      !sharc_shlo_verify_type_constraints(op, "MHLO_TensorOrTokenOrTuple -> MHLO_TensorOrTokenOrTuple"))
    return false;
  if (sharc_value_type(sharc_op_operand(op, 0)) == sharc_value_type(sharc_op_result(op, 0)))
    return true;
  sharc_emit_op_error(op, "requires the same type for all operands and results");
  return false;
}

/* MHLO's CopyOp inherent attribute (its ODS argument): a property, so
 * the generic form takes a `<{...}>` (sharc_mhlo_copy_def). */
static const char *const copy_props[] = {"cross_program_prefetch_index", NULL};

static bool is_i32(const sharc_attr *a) { return sharc_shlo_is_signless_int(a, 32); }

/* An I32Attr's storage is an IntegerAttr: any integer or bool converts,
 * the verifier rejects the other widths. */
static bool is_integer_attr(const sharc_attr *a) {
  sharc_attr_kind k = sharc_attr_get_kind(a);
  return k == SHARC_ATTR_INTEGER || k == SHARC_ATTR_BOOL;
}

/* The generic form's checks as MLIR reads the property (asm/parse_props.h). */
static bool copy_generic_props(sharc_parser *p, sharc_op_builder *b) {
  static const sharc_prop_spec index = {"cross_program_prefetch_index", is_i32,
                                        "32-bit signless integer attribute", NULL,
                                        is_integer_attr};
  static const sharc_prop_spec *const props[] = {&index};
  return sharc_p_check_props(p, b, props, 1);
}

const sharc_op_def sharc_mhlo_copy_def = {
    .name = "mhlo.copy",
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .inherent = copy_props,
    .generic_props = copy_generic_props,
    .parse = parse_copy,
    .print = print_copy,
    .verify = verify_copy,
    .dialect = &sharc_mhlo_dialect,
};

/* MHLO's CustomCallOp inherent attributes (its ODS arguments). */
static const char *const custom_call_props[] = {"api_version",
                                                "backend_config",
                                                "call_target_name",
                                                "called_computations",
                                                "custom_call_schedule",
                                                "has_side_effect",
                                                "operand_layouts",
                                                "output_operand_aliases",
                                                "result_layouts",
                                                NULL};

const shlo_op_def sharc_mhlo_op_custom_call = {
    {.name = "mhlo.custom_call",
     .traits = SHARC_TRAIT_ZERO_REGIONS,
     .inherent = custom_call_props,
     .parse = sharc_shlo_format_parse,
     .print = sharc_shlo_format_print,
     .verify = sharc_shlo_verify_op,
     .dialect = &sharc_mhlo_dialect},
    "@call_target_name:sym ( $* ) attr-dict :fn",
    "has_side_effect=false api_version=1 called_computations=[] output_operand_aliases=[]",
    "*:*:0",
    sharc_shlo_verify_custom_call,
    NULL,
    /* MHLO's ODS arguments: StableHLO's kinds, but its own enum and
     * aliases (hlo_ops.td, hlo_ops_enums.td) */
    "call_target_name:str ?has_side_effect:bool ?backend_config:strdict ?api_version:apiver "
    "?called_computations:symarr ?custom_call_schedule:mhlosched ?operand_layouts:layouts "
    "?result_layouts:layouts ?output_operand_aliases:mhloaliases",
    /* Variadic<MHLO_TensorOrTokenOrTuple> in and out, where StableHLO's
     * CustomCallOp takes any type */
    "*MHLO_TensorOrTokenOrTuple -> *MHLO_TensorOrTokenOrTuple",
    NULL,
    NULL};

const sharc_op_def *const sharc_mhlo_custom_call_def = &sharc_mhlo_op_custom_call.def;

const shlo_op_def sharc_mhlo_op_tuple = {{.name = "mhlo.tuple",
                                          .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
                                          .parse = sharc_shlo_format_parse,
                                          .print = sharc_shlo_format_print,
                                          .verify = sharc_shlo_verify_op,
                                          .dialect = &sharc_mhlo_dialect},
                                         "$* attr-dict :tuple",
                                         NULL,
                                         "*:1:0",
                                         NULL,
                                         NULL,
                                         NULL,
                                         /* MHLO's ODS: Variadic<MHLO_TensorOrTokenOrTuple>
                                          * in, MHLO_Tuple out */
                                         "*MHLO_TensorOrTokenOrTuple -> MHLO_Tuple",
                                         sharc_shlo_infer_tuple,
                                         NULL};

static const sharc_op_def *const mhlo_ops[] = {&sharc_mhlo_copy_def, &sharc_mhlo_op_custom_call.def,
                                               &sharc_mhlo_op_tuple.def};

const sharc_dialect sharc_mhlo_dialect = {
    .name = "mhlo", .ops = mhlo_ops, .num_ops = sizeof mhlo_ops / sizeof mhlo_ops[0]};

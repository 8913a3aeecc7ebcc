/* The custom syntax of the builtin ops (defined in ir/builtin.c): the
 * parser and printer look an op's hooks up through here, which gives the
 * builtin ops theirs and every other op its definition's own. */
#include "asm/builtin_syntax.h"
#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"

static bool string_attr_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_STRING; }

/* ModuleOp's properties, OptionalAttr<StrAttr> both, checked as MLIR reads
 * the generic form: `{sym_visibility = 1}` is verifyInherentAttrs's error,
 * a wrong kind in `<{...}>` setPropertiesFromAttr's, one in `{...}` next to
 * a `<{...}>` dropped (sharc_p_check_props). */
bool sharc_asm_module_generic_props(sharc_parser *p, sharc_op_builder *b) {
  static const sharc_prop_spec props[] = {
      {"sym_name", string_attr_ok, "string attribute", NULL, NULL},
      {"sym_visibility", string_attr_ok, "string attribute", NULL, NULL},
  };
  static const sharc_prop_spec *const list[] = {&props[0], &props[1]};
  return sharc_p_check_props(p, b, list, 2);
}

/* The custom form's too: ODS's assembly-format parser checks them
 * (verifyInherentAttrs) once attr-dict is read, the error at where it
 * began, with the custom op's prefix. */
static bool module_attrs_ok(sharc_parser *p, sharc_op_builder *b, const sharc_token *at) {
  unsigned line = b->loc_line, col = b->loc_col;
  b->loc_line = at->line;
  b->loc_col = at->col;
  bool ok = sharc_asm_module_generic_props(p, b);
  b->loc_line = line;
  b->loc_col = col;
  return ok;
}

/* module [@name] [attributes {...}] { ... } */
static bool module_parse(sharc_parser *p, sharc_op_builder *b) {
  if (sharc_p_tok(p)->kind == TOK_AT_ID) {
    sharc_attr *name;
    if (!sharc_p_parse_symbol_name(p, &name))
      return false;
    sharc_builder_set_attr(p, b, "sym_name", name);
  }
  sharc_token attrs_at = *sharc_p_tok(p);
  if (!sharc_p_parse_optional_attr_dict_with_keyword(p, b) || !module_attrs_ok(p, b, &attrs_at))
    return false;
  sharc_region *r;
  if (!sharc_p_parse_region(p, &r, NULL, 0, true))
    return false;
  if (!r->first)
    sharc_region_append_block(r, sharc_block_create(sharc_p_context(p)));
  sharc_ptrvec_push(&b->regions, r);
  return true;
}

/* sym_visibility stays in the printed dictionary, as MLIR prints it */
static const char *const module_elided[] = {"sym_name", NULL};

static void module_print(sharc_printer *p, sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "sym_name");
  if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_symbol(p, sharc_attr_string_value(name));
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), module_elided, true);
  SHARC_PR_LIT(p, " ");
  sharc_pr_region(p, sharc_op_region(op, 0), false, false);
}

/* %r = unrealized_conversion_cast %a, %b : T1, T2 to T3 */
static bool cast_parse(sharc_parser *p, sharc_op_builder *b) {
  return sharc_p_parse_optional_typed_operands(p, b) && sharc_p_expect_keyword(p, "to") && sharc_p_parse_type_list(p, &b->result_types) &&
         sharc_p_parse_optional_attr_dict(p, b);
}

static void cast_print(sharc_printer *p, sharc_op *op) {
  if (sharc_op_num_operands(op)) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_operands(p, op);
    SHARC_PR_LIT(p, " : ");
    for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, i)));
    }
  }
  SHARC_PR_LIT(p, " to ");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, sharc_value_type(sharc_op_result(op, i)));
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
}

sharc_op_parse_fn sharc_asm_op_parser(const sharc_op_def *def) {
  if (def == &sharc_builtin_module_def)
    return module_parse;
  if (def == &sharc_builtin_unrealized_cast_def)
    return cast_parse;
  return def->parse;
}

sharc_op_print_fn sharc_asm_op_printer(const sharc_op_def *def) {
  if (def == &sharc_builtin_module_def)
    return module_print;
  if (def == &sharc_builtin_unrealized_cast_def)
    return cast_print;
  return def->print;
}

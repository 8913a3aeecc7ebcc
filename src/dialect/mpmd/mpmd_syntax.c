/* Syntax pieces several mpmd ops share: operand lists, the trailing
 * functional type that gives operands their types, and Shardy's
 * "single block region without block id" (`(%arg0: T) { ... }`). */
#include "dialect/mpmd/mpmd_internal.h"
#include "support/xalloc.h"

#include <stdlib.h>

void sharc_mpmd_free_refs(sharc_ptrvec *refs) {
  for (unsigned i = 0; i < refs->len; i++)
    free(refs->items[i]);
  sharc_ptrvec_free(refs);
}

static bool parse_one_ref(sharc_parser *p, void *refs) {
  sharc_operand_ref *r = sharc_xmalloc(sizeof *r);
  sharc_ptrvec_push(refs, r);
  return sharc_p_parse_operand(p, r);
}

bool sharc_mpmd_parse_operand_refs(sharc_parser *p, sharc_ptrvec *refs, bool parens) {
  if (!parens && !sharc_p_at_operand(p))
    return true;
  return sharc_p_parse_comma_list(p, parens ? SHARC_P_DELIM_PAREN : SHARC_P_DELIM_NONE,
                                  parse_one_ref, refs, NULL);
}

bool sharc_mpmd_parse_call_operands(sharc_parser *p, sharc_op_builder *b) {
  sharc_ptrvec refs = {0};
  bool ok = sharc_mpmd_parse_operand_refs(p, &refs, true) &&
            sharc_p_parse_optional_attr_dict(p, b) && sharc_mpmd_parse_functional_type(p, b, &refs);
  sharc_mpmd_free_refs(&refs);
  return ok;
}

bool sharc_mpmd_resolve_refs(sharc_parser *p, sharc_op_builder *b, const sharc_ptrvec *refs,
                             sharc_type *const *types, unsigned n, const sharc_token *at) {
  if (refs->len != n)
    return sharc_p_error_at(p, at, "%u operands present, but expected %u", refs->len, n);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(p, refs->items[i], types[i], &v))
      return false;
    sharc_ptrvec_push(&b->operands, v);
  }
  return true;
}

bool sharc_mpmd_parse_functional_type(sharc_parser *p, sharc_op_builder *b,
                                      const sharc_ptrvec *refs) {
  if (!sharc_p_expect(p, ':'))
    return false;
  sharc_token at = *sharc_p_tok(p);
  sharc_type *fn;
  if (!sharc_p_parse_type(p, &fn))
    return false;
  if (sharc_type_get_kind(fn) != SHARC_TYPE_FUNCTION)
    return sharc_p_error_at(p, &at, "invalid kind of type specified");
  if (!sharc_mpmd_resolve_refs(p, b, refs, sharc_type_func_inputs(fn), sharc_type_func_num_inputs(fn), &at))
    return false;
  for (unsigned i = 0; i < sharc_type_func_num_results(fn); i++)
    sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
  return true;
}

bool sharc_mpmd_parse_region_no_block_id(sharc_parser *p, sharc_op_builder *b, bool isolated) {
  sharc_region *r;
  if (!sharc_p_parse_region_with_entry_args(p, &r, isolated))
    return false;
  sharc_ptrvec_push(&b->regions, r);
  return true;
}

bool sharc_mpmd_parse_single_block_region_op(sharc_parser *p, sharc_op_builder *b) {
  sharc_ptrvec refs = {0};
  bool ok = sharc_mpmd_parse_operand_refs(p, &refs, true) &&
            sharc_p_parse_optional_attr_dict(p, b) &&
            sharc_mpmd_parse_region_no_block_id(p, b, true) &&
            sharc_mpmd_parse_functional_type(p, b, &refs);
  sharc_mpmd_free_refs(&refs);
  return ok;
}

void sharc_mpmd_print_operands_and_region(sharc_printer *p, sharc_op *op,
                                          const char *const *elided) {
  SHARC_PR_LIT(p, " (");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, ")");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), elided, false);
  SHARC_PR_LIT(p, " ");
  sharc_pr_region_with_entry_args(p, sharc_op_region(op, 0));
  SHARC_PR_LIT(p, " : ");
}

void sharc_mpmd_print_single_block_region_op(sharc_printer *p, sharc_op *op,
                                             const char *const *elided) {
  sharc_mpmd_print_operands_and_region(p, op, elided);
  sharc_pr_functional_type(p, op);
}

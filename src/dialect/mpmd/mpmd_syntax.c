/* Syntax pieces several mpmd ops share: operand lists, the trailing
 * functional type that gives operands their types, and Shardy's
 * "single block region without block id" (`(%arg0: T) { ... }`). */
#include "dialect/mpmd/mpmd_internal.h"

#include <stdlib.h>

void sharc_mpmd_free_refs(sharc_ptrvec *refs) {
  for (unsigned i = 0; i < refs->len; i++)
    free(refs->items[i]);
  sharc_ptrvec_free(refs);
}

static bool parse_one_ref(sharc_parser *p, sharc_ptrvec *refs) {
  sharc_operand_ref *r = malloc(sizeof *r);
  if (!r)
    abort();
  sharc_ptrvec_push(refs, r);
  return sharc_p_parse_operand(p, r);
}

bool sharc_mpmd_parse_operand_refs(sharc_parser *p, sharc_ptrvec *refs, bool parens) {
  if (parens && !sharc_p_expect(p, '('))
    return false;
  if (parens && sharc_p_eat(p, ')'))
    return true;
  if (!parens && !sharc_p_at_operand(p))
    return true;
  do {
    if (!parse_one_ref(p, refs))
      return false;
  } while (sharc_p_eat(p, ','));
  return !parens || sharc_p_expect(p, ')');
}

/* Gives each reference its type, as MLIR's resolveOperands does. */
static bool resolve_refs(sharc_parser *p, sharc_op_builder *b, const sharc_ptrvec *refs,
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
  if (!resolve_refs(p, b, refs, sharc_type_func_inputs(fn), sharc_type_func_num_inputs(fn), &at))
    return false;
  for (unsigned i = 0; i < sharc_type_func_num_results(fn); i++)
    sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
  return true;
}

void sharc_mpmd_print_functional_type(sharc_printer *p, const sharc_op *op) {
  unsigned n_in = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_type **types = malloc((n_in + n_res + 1) * sizeof *types);
  if (!types)
    abort();
  sharc_mpmd_operand_types(op, types);
  sharc_mpmd_result_types(op, types + n_in);
  SHARC_PR_LIT(p, "(");
  sharc_pr_type_list(p, types, n_in);
  SHARC_PR_LIT(p, ") -> ");
  sharc_pr_function_result_types(p, types + n_in, n_res);
  free(types);
}

/* `%name: T {attrs} loc(...)`; argument attributes are read and dropped,
 * since region arguments cannot carry them. */
static bool parse_region_arg(sharc_parser *p, sharc_region_arg *a) {
  if (!sharc_p_parse_operand(p, &a->ref) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_type(p, &a->type))
    return false;
  a->loc = sharc_p_tok_loc(p, &a->ref.tok);
  if (sharc_tok_is(sharc_p_tok(p), '{')) {
    sharc_attr *ignored;
    if (!sharc_p_parse_dict_attr(p, &ignored))
      return false;
  }
  return sharc_p_parse_optional_loc(p, &a->loc);
}

bool sharc_mpmd_parse_region_no_block_id(sharc_parser *p, sharc_op_builder *b, bool isolated) {
  sharc_region_arg *args = NULL;
  unsigned n = 0, cap = 0;
  bool ok = sharc_p_expect(p, '(');
  if (ok && !sharc_p_eat(p, ')')) {
    do {
      if (n == cap) {
        cap = cap ? cap * 2 : 8;
        args = realloc(args, cap * sizeof *args);
        if (!args)
          abort();
      }
      ok = parse_region_arg(p, &args[n++]);
    } while (ok && sharc_p_eat(p, ','));
    ok = ok && sharc_p_expect(p, ')');
  }
  sharc_region *r = NULL;
  ok = ok && sharc_p_parse_region(p, &r, args, n, isolated);
  if (ok)
    sharc_ptrvec_push(&b->regions, r);
  free(args);
  return ok;
}

void sharc_mpmd_print_region_no_block_id(sharc_printer *p, const sharc_op *op) {
  sharc_region *r = sharc_op_region(op, 0);
  sharc_block *entry = sharc_region_first_block(r);
  SHARC_PR_LIT(p, "(");
  for (unsigned i = 0; entry && i < sharc_block_num_args(entry); i++) {
    sharc_value *arg = sharc_block_arg(entry, i);
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_value(p, arg);
    SHARC_PR_LIT(p, ": ");
    sharc_pr_type(p, sharc_value_type(arg));
    sharc_pr_loc_inline(p, sharc_value_loc(arg));
  }
  SHARC_PR_LIT(p, ") ");
  sharc_pr_region(p, r, false, false);
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

void sharc_mpmd_print_single_block_region_op(sharc_printer *p, sharc_op *op,
                                             const char *const *elided) {
  SHARC_PR_LIT(p, " (");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, ")");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), elided, false);
  SHARC_PR_LIT(p, " ");
  sharc_mpmd_print_region_no_block_id(p, op);
  SHARC_PR_LIT(p, " : ");
  sharc_mpmd_print_functional_type(p, op);
}

/* The func dialect: func.func, func.return, func.call, with their custom
 * syntax and verifiers. */
#include "dialect/func/func.h"
#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "asm/verify_internal.h"
#include "ir/context.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- func.func ---------------------------------------------------------- */

typedef struct func_arg {
  sharc_region_arg arg;
  sharc_attr *attrs; /* dictionary */
} func_arg;

typedef struct func_sig {
  SHARC_VEC(func_arg) args;
  sharc_ptrvec results;     /* sharc_type* */
  sharc_ptrvec res_attrs;   /* sharc_attr* (dictionary) */
  bool named_args;
} func_sig;

static void sig_free(func_sig *s) {
  sharc_vec_free(&s->args);
  sharc_ptrvec_free(&s->results);
  sharc_ptrvec_free(&s->res_attrs);
}

static bool parse_arg_attrs(sharc_parser *p, sharc_attr **out) {
  *out = sharc_attr_dictionary(sharc_p_context(p), NULL, 0);
  if (!sharc_tok_is(sharc_p_tok(p), '{'))
    return true;
  return sharc_p_parse_dict_attr(p, out);
}

/* One argument: `%name: T {attrs} loc(...)` or `T {attrs}`, the same form
 * for all of a function's arguments. */
static bool parse_func_arg(sharc_parser *p, void *state) {
  func_sig *s = state;
  func_arg a = {0};
  bool named = sharc_p_at_operand(p);
  if (s->args.len && named != s->named_args)
    return sharc_p_error(p, named ? "expected type instead of SSA identifier"
                                  : "expected SSA identifier");
  s->named_args = named;
  if (named) {
    if (!sharc_p_parse_operand(p, &a.arg.ref) || !sharc_p_expect(p, ':'))
      return false;
    a.arg.loc = sharc_p_tok_loc(p, &a.arg.ref.tok);
  }
  if (!sharc_p_parse_type(p, &a.arg.type) || !parse_arg_attrs(p, &a.attrs))
    return false;
  if (named && !sharc_p_parse_optional_loc(p, &a.arg.loc))
    return false;
  sharc_vec_push(&s->args, a);
  return true;
}

static bool parse_result(sharc_parser *p, func_sig *s, bool in_parens) {
  sharc_type *t;
  sharc_attr *attrs = sharc_attr_dictionary(sharc_p_context(p), NULL, 0);
  /* a bare result has no attributes: a following `{` is the body */
  if (!sharc_p_parse_type(p, &t) || (in_parens && !parse_arg_attrs(p, &attrs)))
    return false;
  sharc_ptrvec_push(&s->results, t);
  sharc_ptrvec_push(&s->res_attrs, attrs);
  return true;
}

static bool parse_result_in_parens(sharc_parser *p, void *state) {
  return parse_result(p, state, true);
}

static bool parse_func_results(sharc_parser *p, func_sig *s) {
  if (!sharc_p_eat_arrow(p))
    return true;
  if (!sharc_tok_is(sharc_p_tok(p), '('))
    return parse_result(p, s, false);
  /* `(` may start a function type result: `-> (i32) -> i32` is not valid
   * without parens, so a list is always meant here */
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, parse_result_in_parens, s, NULL);
}

/* An array of dictionaries, or NULL when every dictionary is empty. */
static sharc_attr *attr_array_or_null(sharc_context *ctx, sharc_attr *const *dicts, unsigned n) {
  bool any = false;
  for (unsigned i = 0; i < n; i++)
    any = any || sharc_attr_count(dicts[i]) != 0;
  return any ? sharc_attr_array(ctx, dicts, n) : NULL;
}

static bool func_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_context *ctx = sharc_p_context(p);
  const sharc_token *t = sharc_p_tok(p);
  if (sharc_tok_is_keyword(t, "private") || sharc_tok_is_keyword(t, "public") ||
      sharc_tok_is_keyword(t, "nested")) {
    sharc_builder_set_attr(p, b, "sym_visibility", sharc_attr_string(ctx, sharc_tok_str(t)));
    sharc_p_next(p);
  }
  sharc_attr *name;
  if (!sharc_p_parse_symbol_name(p, &name))
    return false;
  sharc_builder_set_attr(p, b, "sym_name", name);
  func_sig s = {0};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, parse_func_arg, &s, NULL) &&
            parse_func_results(p, &s);
  if (ok) {
    sharc_type **ins = sharc_xmalloc_array(s.args.len + 1, sizeof *ins);
    sharc_attr **arg_attrs = sharc_xmalloc_array(s.args.len + 1, sizeof *arg_attrs);
    for (unsigned i = 0; i < s.args.len; i++) {
      ins[i] = s.args.items[i].arg.type;
      arg_attrs[i] = s.args.items[i].attrs;
    }
    sharc_type *fn = sharc_type_function(ctx, ins, s.args.len, (sharc_type *const *)s.results.items,
                                         s.results.len);
    sharc_builder_set_attr(p, b, "function_type", sharc_attr_type_attr(ctx, fn));
    sharc_attr *aa = attr_array_or_null(ctx, arg_attrs, s.args.len);
    if (aa)
      sharc_builder_set_attr(p, b, "arg_attrs", aa);
    sharc_attr *ra = attr_array_or_null(ctx, (sharc_attr *const *)s.res_attrs.items, s.res_attrs.len);
    if (ra)
      sharc_builder_set_attr(p, b, "res_attrs", ra);
    free(ins);
    free(arg_attrs);
  }
  if (ok && sharc_tok_is_keyword(sharc_p_tok(p), "attributes")) {
    /* parsed apart: an entry naming sym_name or function_type would replace
     * the value already set, and MLIR refuses it */
    sharc_op_builder dict = {0};
    sharc_token kw = *sharc_p_tok(p);
    ok = sharc_p_parse_optional_attr_dict_with_keyword(p, &dict);
    static const char *const inferred[] = {"sym_visibility", "sym_name", "function_type"};
    for (unsigned k = 0; ok && k < 3; k++)
      for (unsigned i = 0; ok && i < dict.num_attrs; i++)
        if (!strcmp(dict.attrs[i].name->data, inferred[k]))
          ok = sharc_p_error_at(p, &kw, "'%s' is an inferred attribute and "
                                "should not be specified in the explicit attribute dictionary",
                                inferred[k]);
    for (unsigned i = 0; ok && i < dict.num_attrs; i++)
      sharc_builder_add_attr(b, dict.attrs[i].name, dict.attrs[i].value);
    sharc_op_builder_cleanup(&dict);
  }
  sharc_region *body = NULL;
  if (ok && sharc_tok_is(sharc_p_tok(p), '{')) {
    if (s.args.len && !s.named_args)
      ok = sharc_p_error(p, "expected SSA identifier");
    sharc_region_arg *args = sharc_xmalloc_array(s.args.len + 1, sizeof *args);
    for (unsigned i = 0; i < s.args.len; i++)
      args[i] = s.args.items[i].arg;
    ok = ok && sharc_p_parse_region(p, &body, args, s.args.len, true);
    free(args);
  } else if (ok) {
    body = sharc_arena_alloc(sharc_context_arena(ctx), sizeof *body);
  }
  if (ok)
    sharc_ptrvec_push(&b->regions, body);
  sig_free(&s);
  return ok;
}

static const char *const func_elided[] = {"sym_name",  "function_type", "sym_visibility",
                                          "arg_attrs", "res_attrs",     NULL};

static const sharc_attr *dict_at(const sharc_attr *array, unsigned i) {
  return array && i < sharc_attr_count(array) ? sharc_attr_at(array, i) : NULL;
}

static void print_arg_attrs(sharc_printer *p, const sharc_attr *dict) {
  if (!dict || sharc_attr_count(dict) == 0)
    return;
  SHARC_PR_LIT(p, " {");
  sharc_pr_dict_body_public(p, dict);
  SHARC_PR_LIT(p, "}");
}

static void func_print(sharc_printer *p, sharc_op *op) {
  sharc_attr *vis = sharc_op_attr(op, "sym_visibility");
  if (vis && sharc_attr_get_kind(vis) == SHARC_ATTR_STRING) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_put_str(p, sharc_attr_string_value(vis));
  }
  SHARC_PR_LIT(p, " ");
  sharc_pr_symbol(p, sharc_op_symbol_name(op));
  sharc_attr *ft = sharc_op_attr(op, "function_type");
  sharc_type *fn = ft ? sharc_attr_type_value(ft) : NULL;
  sharc_attr *arg_attrs = sharc_op_attr(op, "arg_attrs");
  sharc_attr *res_attrs = sharc_op_attr(op, "res_attrs");
  sharc_region *body = sharc_op_region(op, 0);
  sharc_block *entry = sharc_region_first_block(body);
  SHARC_PR_LIT(p, "(");
  unsigned n_in = fn ? sharc_type_func_num_inputs(fn) : 0;
  for (unsigned i = 0; i < n_in; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    if (entry && i < sharc_block_num_args(entry)) {
      sharc_value *arg = sharc_block_arg(entry, i);
      sharc_pr_value(p, arg);
      SHARC_PR_LIT(p, ": ");
      sharc_pr_type(p, sharc_value_type(arg));
      print_arg_attrs(p, dict_at(arg_attrs, i));
      sharc_pr_loc_inline(p, sharc_value_loc(arg));
    } else {
      sharc_pr_type(p, sharc_type_func_input(fn, i));
      print_arg_attrs(p, dict_at(arg_attrs, i));
    }
  }
  SHARC_PR_LIT(p, ")");
  unsigned n_res = fn ? sharc_type_func_num_results(fn) : 0;
  if (n_res) {
    SHARC_PR_LIT(p, " -> ");
    bool any_attrs = false;
    for (unsigned i = 0; i < n_res; i++) {
      const sharc_attr *d = dict_at(res_attrs, i);
      any_attrs = any_attrs || (d && sharc_attr_count(d));
    }
    sharc_type *r0 = sharc_type_func_result(fn, 0);
    bool parens = n_res > 1 || any_attrs || sharc_type_get_kind(r0) == SHARC_TYPE_FUNCTION;
    if (parens)
      SHARC_PR_LIT(p, "(");
    for (unsigned i = 0; i < n_res; i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_pr_type(p, sharc_type_func_result(fn, i));
      print_arg_attrs(p, dict_at(res_attrs, i));
    }
    if (parens)
      SHARC_PR_LIT(p, ")");
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), func_elided, true);
  if (entry) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_region(p, body, false, true);
  }
}

/* ODS's attribute constraints, MLIR's wording. StrAttr is any StringAttr,
 * one with a type included. */
static bool string_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_STRING; }

static bool is_dict_array(const sharc_attr *a) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (sharc_attr_get_kind(sharc_attr_at(a, i)) != SHARC_ATTR_DICTIONARY)
      return false;
  return true;
}

static bool flat_symbol_ok(const sharc_attr *a) {
  return sharc_attr_get_kind(a) == SHARC_ATTR_SYMBOL_REF && !sharc_attr_symbol_num_nested(a);
}
static bool unit_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_UNIT; }

static bool array_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_ARRAY; }

static bool constraint_error(sharc_op *op, const char *name, const char *what) {
  sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: %s", name, what);
  return false;
}

/* MLIR checks the inherent attributes present in a generic op's dictionary
 * against their constraints first (verifyInherentAttrs, by sorted name),
 * then the required ones (by sorted name). */
static bool func_verify_ods(sharc_op *op) {
  sharc_attr *ft = sharc_op_attr(op, "function_type"), *name = sharc_op_attr(op, "sym_name");
  sharc_attr *args = sharc_op_attr(op, "arg_attrs"), *res = sharc_op_attr(op, "res_attrs");
  sharc_attr *no_inline = sharc_op_attr(op, "no_inline");
  sharc_attr *vis = sharc_op_attr(op, "sym_visibility");
  if (args && !is_dict_array(args))
    return constraint_error(op, "arg_attrs", "Array of dictionary attributes");
  if (ft && (sharc_attr_get_kind(ft) != SHARC_ATTR_TYPE ||
             sharc_type_get_kind(sharc_attr_type_value(ft)) != SHARC_TYPE_FUNCTION))
    return constraint_error(op, "function_type", "type attribute of function type");
  if (no_inline && sharc_attr_get_kind(no_inline) != SHARC_ATTR_UNIT)
    return constraint_error(op, "no_inline", "unit attribute");
  if (res && !is_dict_array(res))
    return constraint_error(op, "res_attrs", "Array of dictionary attributes");
  if (name && !string_ok(name))
    return constraint_error(op, "sym_name", "string attribute");
  if (vis && !string_ok(vis))
    return constraint_error(op, "sym_visibility", "string attribute");
  if (!ft)
    return sharc_emit_op_error(op, "requires attribute 'function_type'"), false;
  if (!name)
    return sharc_emit_op_error(op, "requires attribute 'sym_name'"), false;
  return true;
}

static bool type_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_TYPE; }
static bool function_type_ok(const sharc_attr *a) {
  return type_ok(a) && sharc_type_get_kind(sharc_attr_type_value(a)) == SHARC_TYPE_FUNCTION;
}
/* The generic form's properties as MLIR reads them (a wrong kind is an
 * error as the op is parsed, not the verifier's). */
static bool func_generic_props(sharc_parser *p, sharc_op_builder *b) {
  static const sharc_prop_spec props[] = {
      {"arg_attrs", is_dict_array, "Array of dictionary attributes", NULL, array_ok},
      {"function_type", function_type_ok, "type attribute of function type", NULL, type_ok},
      {"no_inline", unit_ok, "unit attribute", NULL, NULL},
      {"res_attrs", is_dict_array, "Array of dictionary attributes", NULL, array_ok},
      {"sym_name", string_ok, "string attribute", NULL, string_ok},
      {"sym_visibility", string_ok, "string attribute", NULL, string_ok},
  };
  static const sharc_prop_spec *const list[] = {&props[0], &props[1], &props[2],
                                                &props[3], &props[4], &props[5]};
  return sharc_p_check_props(p, b, list, 6);
}

static bool func_verify(sharc_op *op) {
  /* the Symbol interface (a base of FunctionOpInterface) is verified before
   * the function's own interface checks */
  if (!func_verify_ods(op) || !sharc_verify_symbol_op(op))
    return false;
  sharc_attr *ft = sharc_op_attr(op, "function_type");
  if (!sharc_verify_function_arg_attrs(op))
    return false;
  sharc_type *fn = sharc_attr_type_value(ft);
  sharc_block *entry = sharc_region_first_block(sharc_op_region(op, 0));
  if (!entry)
    return true;
  unsigned n = sharc_type_func_num_inputs(fn);
  if (sharc_block_num_args(entry) != n) {
    sharc_emit_op_error(op, "entry block must have %u arguments to match function signature", n);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    if (sharc_value_type(sharc_block_arg(entry, i)) != sharc_type_func_input(fn, i)) {
      sharc_buf a = {0}, b = {0};
      sharc_print_type(sharc_type_func_input(fn, i), &a);
      sharc_print_type(sharc_value_type(sharc_block_arg(entry, i)), &b);
      sharc_emit_op_error(op, "type of entry block argument #%u('%s') must match the type of the "
                          "corresponding argument in function signature('%s')", i, b.data, a.data);
      sharc_buf_free(&a);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

static const char *const func_inherent[] = {"arg_attrs", "function_type", "no_inline", "res_attrs",
                                            "sym_name", "sym_visibility", NULL};

const sharc_op_def sharc_func_func_def = {
    .name = "func.func",
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SYMBOL | SHARC_TRAIT_CALLABLE | SHARC_TRAIT_BODY_UNREAD |
              SHARC_TRAIT_ZERO_OPERANDS |
              SHARC_TRAIT_ZERO_RESULTS | SHARC_TRAIT_ONE_REGION,
    .inherent = func_inherent,
    .default_dialect = "func",
    .parse = func_parse,
    .generic_props = func_generic_props,
    .print = func_print,
    .verify = func_verify,
};

/* ---- func.return -------------------------------------------------------- */

static bool return_verify(sharc_op *op) {
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent || !sharc_op_isa(parent, &sharc_func_func_def)) {
    sharc_emit_op_error(op, "expects parent op 'func.func'");
    return false;
  }
  /* a function_type of another kind is the function's own error, which MLIR
   * reports before it looks inside; the body may be checked first here (as
   * it is parsed), so there is nothing to compare against */
  sharc_attr *ft = sharc_op_attr(parent, "function_type");
  if (!ft || sharc_attr_get_kind(ft) != SHARC_ATTR_TYPE ||
      sharc_type_get_kind(sharc_attr_type_value(ft)) != SHARC_TYPE_FUNCTION)
    return true;
  sharc_type *fn = sharc_attr_type_value(ft);
  unsigned n = sharc_type_func_num_results(fn);
  sharc_str fname = sharc_op_symbol_name(parent);
  if (sharc_op_num_operands(op) != n) {
    sharc_emit_op_error(op, "has %u operands, but enclosing function (@%.*s) returns %u",
                        sharc_op_num_operands(op), (int)fname.len, fname.data, n);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    sharc_type *got = sharc_value_type(sharc_op_operand(op, i));
    if (got != sharc_type_func_result(fn, i)) {
      sharc_buf a = {0}, b = {0};
      sharc_print_type(got, &a);
      sharc_print_type(sharc_type_func_result(fn, i), &b);
      sharc_emit_op(op, SHARC_SEV_ERROR, "type of return operand %u ('%s') doesn't match function result type ('%s') in "
                 "function @%.*s", i, a.data, b.data, (int)fname.len, fname.data);
      sharc_buf_free(&a);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

const sharc_op_def sharc_func_return_def = {
    .name = "func.return",
    .traits = SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_RETURN_LIKE | SHARC_TRAIT_PURE |
              SHARC_TRAIT_ZERO_RESULTS | SHARC_TRAIT_ZERO_REGIONS,
    .parse = sharc_p_parse_return_like,
    .print = sharc_pr_return_like,
    .verify = return_verify,
};

/* ---- func.call ---------------------------------------------------------- */

static bool call_parse(sharc_parser *p, sharc_op_builder *b) {
  /* ODS's FlatSymbolRefAttr, parsed as an attribute of type none: another
   * kind (a string, a nested reference) is the parse error at it */
  sharc_token at = *sharc_p_tok(p);
  sharc_attr *callee;
  if (!sharc_p_parse_attr(p, sharc_type_none(sharc_p_context(p)), &callee))
    return false;
  if (sharc_attr_get_kind(callee) != SHARC_ATTR_SYMBOL_REF || sharc_attr_symbol_num_nested(callee))
    return sharc_p_error_at(p, &at, "invalid kind of attribute specified");
  sharc_builder_set_attr(p, b, "callee", callee);
  sharc_operand_ref *refs;
  unsigned n_refs;
  sharc_token operands_at; /* where resolveOperands reports */
  bool ok = sharc_p_parse_paren_operand_list(p, &refs, &n_refs, &operands_at);
  ok = ok && sharc_p_parse_optional_attr_dict(p, b) && sharc_p_expect(p, ':');
  sharc_token type_tok = *sharc_p_tok(p);
  sharc_type *fn = NULL;
  ok = ok && sharc_p_parse_type(p, &fn);
  if (ok && sharc_type_get_kind(fn) != SHARC_TYPE_FUNCTION) {
    sharc_buf text = {0};
    sharc_print_type(fn, &text);
    ok = sharc_p_error_at(p, &type_tok,
                          "invalid kind of type specified: expected builtin.function, but found "
                          "'%s'",
                          text.data);
    sharc_buf_free(&text);
  }
  if (ok && sharc_type_func_num_inputs(fn) != n_refs)
    ok = sharc_p_error_at(p, &operands_at,
                          "number of operands and types do not match: got %u operands and %u "
                          "types",
                          n_refs, sharc_type_func_num_inputs(fn));
  for (unsigned i = 0; ok && i < n_refs; i++) {
    sharc_value *v;
    ok = sharc_p_resolve_operand(p, &refs[i], sharc_type_func_input(fn, i), &v);
    if (ok)
      sharc_ptrvec_push(&b->operands, v);
  }
  for (unsigned i = 0; ok && i < sharc_type_func_num_results(fn); i++)
    sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
  free(refs);
  return ok;
}

static const char *const call_elided[] = {"callee", NULL};

void sharc_func_print_callee_call(sharc_printer *p, sharc_op *op, const char *const *elided) {
  sharc_pr_attr(p, sharc_op_attr(op, "callee"));
  SHARC_PR_LIT(p, "(");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, ")");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), elided, false);
  SHARC_PR_LIT(p, " : ");
  sharc_pr_functional_type(p, op);
}

static void call_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_func_print_callee_call(p, op, call_elided);
}

/* func.call's inherent attributes in MLIR's order (by name). */
static const sharc_prop_spec call_props[] = {
    {"arg_attrs", is_dict_array, "Array of dictionary attributes", NULL, array_ok},
    {"callee", flat_symbol_ok, "flat symbol reference attribute", NULL, NULL},
    {"no_inline", unit_ok, "unit attribute", NULL, NULL},
    {"res_attrs", is_dict_array, "Array of dictionary attributes", NULL, array_ok},
};
enum { CALL_PROPS = sizeof call_props / sizeof call_props[0] };

/* The generic form's properties as MLIR reads them (a wrong kind is an
 * error as the op is parsed, not the verifier's). */
static bool call_generic_props(sharc_parser *p, sharc_op_builder *b) {
  static const sharc_prop_spec *const props[CALL_PROPS] = {&call_props[0], &call_props[1],
                                                           &call_props[2], &call_props[3]};
  return sharc_p_check_props(p, b, props, CALL_PROPS);
}

/* The same constraints for ops built otherwise. */
static bool call_verify(sharc_op *op) {
  for (unsigned i = 0; i < CALL_PROPS; i++) {
    sharc_attr *a = sharc_op_attr(op, call_props[i].name);
    if (a && !call_props[i].ok(a))
      return constraint_error(op, call_props[i].name, call_props[i].what);
  }
  if (!sharc_op_attr(op, "callee"))
    return sharc_emit_op_error(op, "requires attribute 'callee'"), false;
  return true;
}

/* 'T1', 'T2' as MLIR streams a type range into a diagnostic. */
static void type_list_text(sharc_type *const *types, unsigned n, sharc_buf *out) {
  for (unsigned i = 0; i < n; i++) {
    sharc_buf_printf(out, "%s'", i ? ", " : "");
    sharc_print_type(types[i], out);
    sharc_buf_printf(out, "'");
  }
}

static bool call_result_mismatch(sharc_op *op, sharc_type *fn, unsigned index) {
  unsigned n = sharc_op_num_results(op);
  sharc_type **mine = sharc_xmalloc_array(n + 1, sizeof *mine),
             **theirs = sharc_xmalloc_array(n + 1, sizeof *theirs);
  for (unsigned i = 0; i < n; i++) {
    mine[i] = sharc_value_type(sharc_op_result(op, i));
    theirs[i] = sharc_type_func_result(fn, i);
  }
  sharc_buf a = {0}, b = {0};
  type_list_text(mine, n, &a);
  type_list_text(theirs, n, &b);
  sharc_diag *d = sharc_emit_op_error(op, "result type mismatch at index %u", index);
  sharc_diag_note(d, sharc_op_loc(op), "      op result types: %s", a.data ? a.data : "");
  sharc_diag_note(d, sharc_op_loc(op), "function result types: %s", b.data ? b.data : "");
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  free(mine);
  free(theirs);
  return false;
}

sharc_op *sharc_func_lookup_callee(sharc_op *call, sharc_attr *callee) {
  sharc_op *fn = sharc_symbol_lookup_ref(call, callee);
  if (fn && sharc_op_isa(fn, &sharc_func_func_def))
    return fn;
  sharc_str n = sharc_ident_str(sharc_attr_symbol_root(callee));
  sharc_emit_op_error(call, "'%.*s' does not reference a valid function", (int)n.len, n.data);
  return NULL;
}

/* CallOp::verifySymbolUses. */
static bool call_verify_symbol_uses(sharc_op *op) {
  sharc_op *fn_op = sharc_func_lookup_callee(op, sharc_op_attr(op, "callee"));
  if (!fn_op)
    return false;
  sharc_attr *ft = sharc_op_attr(fn_op, "function_type");
  sharc_type *fn = sharc_attr_type_value(ft);
  unsigned n_in = sharc_type_func_num_inputs(fn), n_out = sharc_type_func_num_results(fn);
  if (n_in != sharc_op_num_operands(op))
    return sharc_emit_op_error(op, "incorrect number of operands for callee"), false;
  for (unsigned i = 0; i < n_in; i++) {
    sharc_type *want = sharc_type_func_input(fn, i);
    sharc_type *got = sharc_value_type(sharc_op_operand(op, i));
    if (want == got)
      continue;
    sharc_buf a = {0}, b = {0};
    sharc_print_type(want, &a);
    sharc_print_type(got, &b);
    sharc_emit_op_error(op,
                        "operand type mismatch: expected operand type '%s', but provided '%s' for "
                        "operand number %u",
                        a.data, b.data, i);
    sharc_buf_free(&a);
    sharc_buf_free(&b);
    return false;
  }
  if (n_out != sharc_op_num_results(op))
    return sharc_emit_op_error(op, "incorrect number of results for callee"), false;
  for (unsigned i = 0; i < n_out; i++)
    if (sharc_type_func_result(fn, i) != sharc_value_type(sharc_op_result(op, i)))
      return call_result_mismatch(op, fn, i);
  return true;
}

static const char *const call_inherent[] = {"arg_attrs", "callee", "no_inline", "res_attrs", NULL};

const sharc_op_def sharc_func_call_def = {
    .name = "func.call",
    .traits = SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_CALL,
    .inherent = call_inherent,
    .parse = call_parse,
    .generic_props = call_generic_props,
    .print = call_print,
    .verify = call_verify,
    .verify_symbol_uses = call_verify_symbol_uses,
};

static const sharc_op_def *const func_ops[] = {&sharc_func_func_def, &sharc_func_return_def, &sharc_func_call_def};

const sharc_dialect sharc_func_dialect = {
    .name = "func",
    .ops = func_ops,
    .num_ops = sizeof func_ops / sizeof func_ops[0],
};

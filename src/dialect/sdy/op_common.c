/* Syntax fragments and checks the sdy ops share (see op_common.h). */
#include "dialect/sdy/op_common.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ------------------------------------------------------------ */

bool sharc_sdy_parse_attr_or_stripped(sharc_parser *p, sdy_stripped_parse_fn parse, sharc_attr **out) {
  if (sharc_p_tok(p)->kind == TOK_HASH_ID)
    return sharc_p_parse_attr(p, NULL, out);
  return parse(p, out);
}

bool sharc_sdy_expect_key_eq(sharc_parser *p, const char *keyword) {
  return sharc_p_expect_keyword(p, keyword) && sharc_p_expect(p, '=');
}


bool sharc_sdy_parse_operand_list_parens(sharc_parser *p, sdy_operand_list *out) {
  return sharc_p_parse_paren_operand_list(p, &out->refs, &out->n, &out->at);
}

void sharc_sdy_operand_list_free(sdy_operand_list *l) {
  free(l->refs);
  l->refs = NULL;
  l->n = 0;
}

/* SingleBlockImplicitTerminator<"sdy.return">: a body left without a
 * terminator (or without a block) gets an empty sdy.return, as MLIR's
 * generated parsers add one. */
static void ensure_return(sharc_context *ctx, sharc_region *r, sharc_attr *loc) {
  if (!sharc_region_first_block(r))
    sharc_region_append_block(r, sharc_block_create(ctx));
  sharc_block *block = sharc_region_last_block(r);
  sharc_op *last = sharc_block_last_op(block);
  if (last && sharc_op_get_def(last) && (sharc_op_get_def(last)->traits & SHARC_TRAIT_TERMINATOR))
    return;
  sharc_op_state st = {.name = sharc_ident_get(ctx, sharc_str_from_cstr("sdy.return")), .loc = loc};
  sharc_block_append_op(block, sharc_op_create(ctx, &st));
}

bool sharc_sdy_parse_single_block_region(sharc_parser *p, sharc_op_builder *b) {
  sharc_region *r;
  /* not an isolated name scope: MLIR resolves outer names here and lets the
   * verifier report their use */
  if (!sharc_p_parse_region_with_entry_args(p, &r, false))
    return false;
  ensure_return(sharc_p_context(p), r, sharc_p_builder_loc(p, b));
  sharc_ptrvec_push(&b->regions, r);
  return true;
}

bool sharc_sdy_parse_functional_type(sharc_parser *p, sharc_op_builder *b, const sdy_operand_list *ops) {
  if (!sharc_p_expect(p, ':'))
    return false;
  sharc_token type_tok = *sharc_p_tok(p);
  sharc_type *fn;
  if (!sharc_p_parse_type(p, &fn))
    return false;
  if (sharc_type_get_kind(fn) != SHARC_TYPE_FUNCTION) {
    sharc_buf text = {0};
    sharc_print_type(fn, &text);
    sharc_p_error_at(p, &type_tok,
                     "invalid kind of type specified: expected mlir::FunctionType, "
                     "but found '%s'",
                     text.data);
    sharc_buf_free(&text);
    return false;
  }
  unsigned n_in = sharc_type_func_num_inputs(fn);
  if (n_in != ops->n)
    return sharc_p_error_at(p, &ops->at, "%u operands present, but expected %u", ops->n, n_in);
  for (unsigned i = 0; i < n_in; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(p, &ops->refs[i], sharc_type_func_input(fn, i), &v))
      return false;
    sharc_ptrvec_push(&b->operands, v);
  }
  for (unsigned i = 0; i < sharc_type_func_num_results(fn); i++)
    sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
  return true;
}

/* ---- printing ----------------------------------------------------------- */


/* ---- verification ------------------------------------------------------- */

void sharc_sdy_type_text(const sharc_type *t, sharc_buf *out) { sharc_print_type(t, out); }

bool sharc_sdy_type_is_static(const sharc_type *t) {
  t = sharc_type_shaped_view(t);
  if (!t || !sharc_type_has_rank(t))
    return false;
  const int64_t *shape = sharc_type_shape(t);
  unsigned rank = sharc_type_rank(t); /* once: propagation asks this of every op it visits */
  for (unsigned i = 0; i < rank; i++)
    if (shape[i] == SHARC_DYNAMIC)
      return false;
  return true;
}

static bool type_matches(const sharc_type *t, sdy_type_kind kind) {
  switch (kind) {
  case SDY_ANY_SHAPED:
    return sharc_type_shaped_view(t) != NULL;
  case SDY_ANY_RANKED_TENSOR:
    return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR;
  case SDY_STATIC_TENSOR:
    return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR && sharc_sdy_type_is_static(t);
  }
  return false;
}

static const char *const type_kind_text[] = {
    [SDY_ANY_SHAPED] = "shaped of any type values",
    [SDY_ANY_RANKED_TENSOR] = "ranked tensor of any type values",
    [SDY_STATIC_TENSOR] = "statically shaped tensor of any type values",
};

bool sharc_sdy_verify_value_type(sharc_op *op, const char *what, unsigned index, sharc_type *t,
                           sdy_type_kind kind) {
  if (type_matches(t, kind))
    return true;
  sharc_buf text = {0};
  sharc_sdy_type_text(t, &text);
  sharc_emit_op_error(op, "%s #%u must be %s, but got '%s'", what, index, type_kind_text[kind],
                      text.data);
  sharc_buf_free(&text);
  return false;
}

bool sharc_sdy_verify_same_operand_result_type(sharc_op *op) {
  sharc_type *t = NULL;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_type *u = sharc_value_type(sharc_op_operand(op, i));
    if (t && u != t)
      goto mismatch;
    t = u;
  }
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_type *u = sharc_value_type(sharc_op_result(op, i));
    if (t && u != t)
      goto mismatch;
    t = u;
  }
  return true;
mismatch:
  sharc_emit_op_error(op, "requires the same type for all operands and results");
  return false;
}

sharc_attr *sharc_sdy_required_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a)
    sharc_emit_op_error(op, "requires attribute '%s'", name);
  return a;
}

/* ---- enums and inferred types ------------------------------------------- */

bool sharc_sdy_parse_enum_keyword(sharc_parser *p, const char *attr_name, const char *const *names,
                            unsigned n, int64_t *out) {
  const sharc_token *t = sharc_p_tok(p);
  sharc_token at = *t;
  sharc_str word;
  if (t->kind == TOK_BARE_ID) {
    word = sharc_tok_str(t);
    sharc_p_next(p);
  } else if (t->kind == TOK_STRING) {
    if (!sharc_p_parse_string(p, &word))
      return false;
  } else {
    sharc_buf msg = {0};
    sharc_buf_printf(&msg,
                     "expected string or keyword containing one of the following enum "
                     "values for attribute '%s' [",
                     attr_name);
    for (unsigned i = 0; i < n; i++)
      sharc_buf_printf(&msg, "%s%s", i ? ", " : "", names[i]);
    SHARC_BUF_LIT(&msg, "]");
    sharc_p_error(p, "%s", msg.data);
    sharc_buf_free(&msg);
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (sharc_str_eq_cstr(word, names[i])) {
      *out = i;
      return true;
    }
  return sharc_p_error_at(p, &at, "invalid %s attribute specification: \"%.*s\"", attr_name,
                          (int)word.len, word.data);
}

void sharc_sdy_print_enum_keyword(sharc_printer *p, const sharc_attr *value, const char *const *names,
                            unsigned n) {
  int64_t v = value ? sharc_attr_int_value(value) : -1;
  if (v >= 0 && (uint64_t)v < n)
    sharc_pr_puts(p, names[v]);
  else if (value)
    sharc_pr_attr(p, value);
}

static void put_quoted_types(sharc_buf *out, sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    SHARC_BUF_LIT(out, "'");
    sharc_print_type(types[i], out);
    SHARC_BUF_LIT(out, "'");
    if (i + 1 < n)
      SHARC_BUF_LIT(out, ", ");
  }
}

bool sharc_sdy_verify_inferred_types(sharc_op *op, sharc_type *const *inferred, unsigned n) {
  unsigned n_res = sharc_op_num_results(op);
  bool same = n == n_res;
  for (unsigned i = 0; same && i < n; i++)
    same = inferred[i] == sharc_value_type(sharc_op_result(op, i));
  if (same)
    return true;
  sharc_buf msg = {0};
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  sharc_buf_printf(&msg, "'%.*s' op inferred type(s) ", (int)name.len, name.data);
  put_quoted_types(&msg, inferred, n);
  SHARC_BUF_LIT(&msg, " are incompatible with return type(s) of operation ");
  for (unsigned i = 0; i < n_res; i++) {
    sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    put_quoted_types(&msg, &t, 1);
    if (i + 1 < n_res)
      SHARC_BUF_LIT(&msg, ", ");
  }
  sharc_emit_op(op, SHARC_SEV_ERROR, "%s", msg.data);
  sharc_buf_free(&msg);
  sharc_emit_op_error(op, "failed to infer returned types");
  return false;
}

/* ---- stripped sdy attributes ------------------------------------------- */

bool sharc_sdy_parse_stripped(sharc_parser *p, const char *mnemonic, sharc_attr **out) {
  if (sharc_p_tok(p)->kind == TOK_HASH_ID)
    return sharc_p_parse_attr(p, NULL, out);
  *out = sharc_sdy_dialect.parse_attr(p, sharc_str_from_cstr(mnemonic), NULL);
  return *out != NULL;
}

void sharc_sdy_print_stripped(sharc_printer *p, const sharc_attr *a) {
  if (sharc_attr_get_kind(a) == SHARC_ATTR_DIALECT && sharc_attr_def_of(a)->print)
    sharc_attr_def_of(a)->print(p, a);
  else
    sharc_pr_attr(p, a);
}

bool sharc_sdy_is_sdy_op(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_get_def(op);
  return def && def->dialect == &sharc_sdy_dialect;
}

sharc_diag *sharc_sdy_emit_prefixed(sharc_op *op, const char *prefix, const char *fmt, ...) {
  sharc_buf msg = {0};
  va_list ap;
  va_start(ap, fmt);
  sharc_buf_vprintf(&msg, fmt, ap);
  va_end(ap);
  sharc_diag *d = sharc_emit_op_error(op, "%s%s", prefix ? prefix : "", msg.data);
  sharc_buf_free(&msg);
  return d;
}

/* ---- inherent attribute constraints --------------------------------------- */

static bool is_i32_in(const sharc_attr *a, int64_t n) {
  return sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER &&
         sharc_type_is_integer(sharc_attr_type(a), 32) && sharc_attr_int_value(a) >= 0 &&
         sharc_attr_int_value(a) < n;
}

static bool attr_has_kind(const sharc_attr *a, sdy_attr_kind kind) {
  switch (kind) {
  case SDY_ATTR_TENSOR_SHARDING:
    return sharc_sdy_is_tensor_sharding(a);
  case SDY_ATTR_SHARDING_PER_VALUE:
    return sharc_sdy_is_sharding_per_value(a);
  case SDY_ATTR_MANUAL_AXES:
    return sharc_sdy_is_manual_axes(a);
  case SDY_ATTR_AXIS_REF_LIST:
    return sharc_sdy_is_axis_ref_list(a);
  case SDY_ATTR_LIST_OF_AXIS_REF_LISTS:
    return sharc_sdy_is_list_of_axis_ref_lists(a);
  case SDY_ATTR_ALL_TO_ALL_PARAMS:
    return sharc_sdy_is_all_to_all_param_list(a);
  case SDY_ATTR_STRING:
    return sharc_attr_get_kind(a) == SHARC_ATTR_STRING;
  case SDY_ATTR_I64:
    return sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER &&
           sharc_type_is_integer(sharc_attr_type(a), 64) &&
           sharc_type_int_signedness(sharc_attr_type(a)) == SHARC_SIGNLESS;
  case SDY_ATTR_ELEMENTS:
    return sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_ELEMENTS ||
           sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_STRING ||
           sharc_attr_get_kind(a) == SHARC_ATTR_DENSE_RESOURCE;
  case SDY_ATTR_DIRECTION:
    return is_i32_in(a, 4);
  case SDY_ATTR_REDUCTION:
    return is_i32_in(a, 3);
  }
  return false;
}

/* Shardy's attribute summaries (and ODS's for builtin kinds). */
static const char *const attr_kind_summary[] = {
    [SDY_ATTR_TENSOR_SHARDING] = "Tensor sharding",
    [SDY_ATTR_SHARDING_PER_VALUE] = "Tensor sharding per operand/result of an op",
    [SDY_ATTR_MANUAL_AXES] = "A list of axes that a ManualComputationOp is manual on",
    [SDY_ATTR_AXIS_REF_LIST] = "List of axis refs",
    [SDY_ATTR_LIST_OF_AXIS_REF_LISTS] = "List of axis ref lists",
    [SDY_ATTR_ALL_TO_ALL_PARAMS] = "List of all-to-all parameters",
    [SDY_ATTR_STRING] = "string attribute",
    [SDY_ATTR_I64] = "64-bit signless integer attribute",
    [SDY_ATTR_ELEMENTS] = "constant vector/tensor attribute",
    [SDY_ATTR_DIRECTION] = "propagation direction enum",
    [SDY_ATTR_REDUCTION] = "reduction op enum",
};

/* The spec after `prev` in name order (NULL: the first), so that checks run
 * as MLIR's do: over properties sorted by name. */
static const sdy_attr_spec *next_by_name(const sdy_attr_spec *specs, const sdy_attr_spec *prev) {
  const sdy_attr_spec *best = NULL;
  for (const sdy_attr_spec *s = specs; s->name; s++)
    if ((!prev || strcmp(s->name, prev->name) > 0) && (!best || strcmp(s->name, best->name) < 0))
      best = s;
  return best;
}

/* The generic parser checks the inherent attributes present against their
 * constraints (verifyInherentAttrs), then the verifier asks for the
 * required ones; both go by sorted name. */
bool sharc_sdy_verify_attrs(sharc_op *op, const sdy_attr_spec *specs) {
  for (const sdy_attr_spec *s = next_by_name(specs, NULL); s; s = next_by_name(specs, s)) {
    sharc_attr *a = sharc_op_attr(op, s->name);
    if (!a || attr_has_kind(a, s->kind))
      continue;
    sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: %s", s->name,
                        attr_kind_summary[s->kind]);
    return false;
  }
  for (const sdy_attr_spec *s = next_by_name(specs, NULL); s; s = next_by_name(specs, s))
    if (!s->optional && !sharc_sdy_required_attr(op, s->name))
      return false;
  return true;
}

/* ---- counts and bodies ------------------------------------------------------ */

/* SingleBlock and SingleBlockImplicitTerminator<ReturnOp>. */
bool sharc_sdy_verify_body_structure(sharc_op *op) {
  return sharc_verify_implicit_terminator(op, &sharc_sdy_return_def);
}

/* SizedRegion<1> on `body`, an ODS region constraint. */
bool sharc_sdy_verify_body(sharc_op *op) {
  if (sharc_region_num_blocks(sharc_op_region(op, 0)) != 1) {
    sharc_emit_op_error(op, "region #0 ('body') failed to verify constraint: region with 1 blocks");
    return false;
  }
  return true;
}

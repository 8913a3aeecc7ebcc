/* The StableHLO ops whose syntax is hand-written in StableHLO too:
 * constant, while (`cond {...} do {...}`), reduce (the compact `applies`
 * form and the region form) and optimization_barrier, plus the SSA names
 * their printers give (%c, %cst, %iterArg). */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared operand-list helpers ---------------------------------------- */

typedef SHARC_VEC(sharc_operand_ref) ref_vec;

static bool resolve_refs(sharc_parser *p, sharc_op_builder *b, const ref_vec *refs,
                         sharc_type *const *types, unsigned n, const sharc_token *at) {
  if (n != refs->len)
    return sharc_p_error_at(p, at, "%u operands present, but expected %u", refs->len, n);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(p, &refs->items[i], types[i], &v))
      return false;
    sharc_ptrvec_push(&b->operands, v);
  }
  return true;
}

/* ---- constant ------------------------------------------------------------ */

static const char *const constant_elided[] = {"value", NULL};

bool sharc_shlo_constant_parse(sharc_parser *p, sharc_op_builder *b) {
  if (sharc_p_eat(p, '(')) {
    /* the generic-looking form StableHLO prints for odd constants */
    sharc_type *t;
    if (!sharc_p_expect(p, ')'))
      return false;
    if (sharc_p_eat(p, '<')) {
      sharc_attr *props;
      if (!sharc_p_parse_attr(p, NULL, &props) || !sharc_p_expect(p, '>'))
        return false;
      for (unsigned i = 0; props->kind == SHARC_ATTR_DICTIONARY && i < sharc_dict_n(props); i++)
        sharc_builder_add_attr(b, sharc_dict_entries(props)[i].name, sharc_dict_entries(props)[i].value);
    }
    if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_expect(p, ':') ||
        !sharc_p_expect(p, '(') || !sharc_p_expect(p, ')') || !sharc_p_expect_arrow(p) ||
        !sharc_p_parse_type(p, &t))
      return false;
    sharc_ptrvec_push(&b->result_types, t);
    return true;
  }
  return sharc_shlo_parse_dense_constant(p, b);
}

static bool attr_is_elements(const sharc_attr *a, const void *unused) {
  (void)unused;
  sharc_attr_kind k = sharc_attr_get_kind(a);
  return k == SHARC_ATTR_DENSE_ELEMENTS || k == SHARC_ATTR_DENSE_STRING ||
         k == SHARC_ATTR_DENSE_RESOURCE;
}

bool sharc_shlo_parse_dense_constant(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *value;
  if (!sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_parse_attr_accepted(p, attr_is_elements, NULL, &value))
    return false;
  sharc_builder_set_attr(p, b, "value", value);
  sharc_ptrvec_push(&b->result_types, sharc_attr_type(value));
  return true;
}

void sharc_shlo_constant_print(sharc_printer *p, sharc_op *op) {
  sharc_attr *value = sharc_op_attr(op, "value");
  sharc_type *res = sharc_value_type(sharc_op_result(op, 0));
  if (!value || sharc_attr_type(value) != res) {
    sharc_pr_puts(p, "()");
    sharc_attr *attrs = sharc_op_attrs(op);
    if (value) {
      sharc_pr_puts(p, " <{value = ");
      sharc_pr_attr(p, value);
      sharc_pr_puts(p, "}>");
    }
    sharc_pr_attr_dict(p, attrs, constant_elided, false);
    sharc_pr_puts(p, " : () -> ");
    sharc_pr_type(p, res);
    return;
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), constant_elided, false);
  sharc_pr_puts(p, " ");
  sharc_pr_attr(p, value);
}

void sharc_shlo_constant_names(const sharc_op *op, sharc_set_name_fn set, void *state) {
  sharc_value *v = sharc_op_result(op, 0);
  sharc_type *elem = sharc_type_element(sharc_value_type(v));
  set(state, v, elem && sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER ? "c" : "cst");
}

/* Ops with several fixed results: MLIR names each after its ODS result. */
void sharc_shlo_ods_result_names(const sharc_op *op, sharc_set_name_fn set, void *state) {
  const shlo_op_def *row = (const shlo_op_def *)sharc_op_get_def(op);
  const char *s = row->result_names;
  for (unsigned i = 0; s && *s && i < sharc_op_num_results(op); i++) {
    const char *e = strchr(s, ' ');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    set(state, sharc_op_result(op, i), name);
    s = e ? e + 1 : s + n;
  }
}

/* ---- while --------------------------------------------------------------- */

bool sharc_shlo_while_parse(sharc_parser *p, sharc_op_builder *b) {
  ref_vec iter = {0}, operands = {0};
  sharc_token at = *sharc_p_tok(p);
  bool ok = sharc_p_expect(p, '(');
  while (ok && !sharc_p_eat(p, ')')) {
    ok = sharc_p_parse_operand(p, sharc_vec_push_slot(&iter)) && sharc_p_expect(p, '=') &&
         sharc_p_parse_operand(p, sharc_vec_push_slot(&operands));
    if (ok && sharc_p_eat(p, ')'))
      break;
    ok = ok && sharc_p_expect(p, ',');
  }
  if (ok && operands.len) {
    ok = sharc_p_expect(p, ':');
    for (unsigned i = 0; ok && i < operands.len; i++) {
      sharc_type *t;
      ok = (i == 0 || sharc_p_expect(p, ',')) && sharc_p_parse_type(p, &t);
      if (ok)
        sharc_ptrvec_push(&b->result_types, t);
    }
  }
  ok = ok && resolve_refs(p, b, &operands, (sharc_type *const *)b->result_types.items,
                          b->result_types.len, &at);
  ok = ok && sharc_p_parse_optional_attr_dict_with_keyword(p, b);
  sharc_region_arg *args = sharc_xmalloc_array(iter.len + 1, sizeof *args);
  for (unsigned i = 0; ok && i < iter.len; i++) {
    args[i].ref = iter.items[i];
    args[i].type = b->result_types.items[i];
    args[i].loc = sharc_p_tok_loc(p, &iter.items[i].tok);
  }
  for (int r = 0; r < 2 && ok; r++) {
    sharc_region *region;
    ok = sharc_p_expect_keyword(p, r ? "do" : "cond") &&
         sharc_p_parse_region(p, &region, args, iter.len, false);
    if (ok)
      sharc_ptrvec_push(&b->regions, region);
  }
  free(args);
  sharc_vec_free(&iter);
  sharc_vec_free(&operands);
  return ok;
}

void sharc_shlo_while_print(sharc_printer *p, sharc_op *op) {
  if (sharc_op_num_regions(op) != 2)
    return; /* failed verification; nothing sensible to print */
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 1));
  sharc_pr_puts(p, "(");
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    if (body && i < sharc_block_num_args(body))
      sharc_pr_value(p, sharc_block_arg(body, i));
    sharc_pr_puts(p, " = ");
    sharc_pr_value(p, sharc_op_operand(op, i));
  }
  sharc_pr_puts(p, ")");
  if (sharc_op_num_operands(op)) {
    sharc_pr_puts(p, " : ");
    sharc_shlo_print_types_of(p, op, false);
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, true);
  sharc_pr_newline(p);
  sharc_pr_puts(p, "cond ");
  sharc_pr_region(p, sharc_op_region(op, 0), false, false);
  sharc_pr_puts(p, " do ");
  sharc_pr_region(p, sharc_op_region(op, 1), false, false);
}

void sharc_shlo_while_arg_names(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                          void *state) {
  (void)op;
  sharc_block *entry = sharc_region_first_block(r);
  for (unsigned i = 0; entry && i < sharc_block_num_args(entry); i++)
    set(state, sharc_block_arg(entry, i), "iterArg");
}

/* ---- reduce -------------------------------------------------------------- */

static const char *const reduce_elided[] = {"dimensions", NULL};

static bool commutative_binary(const sharc_op_def *def) {
  return def && def->dialect == &sharc_stablehlo_dialect &&
         (def->traits & SHARC_TRAIT_COMMUTATIVE) && (def->traits & SHARC_TRAIT_ZERO_REGIONS);
}

/* StableHLO's rule for printing `applies stablehlo.add`. */
static const sharc_op *compact_reducer(sharc_op *op) {
  if (sharc_op_num_regions(op) != 1)
    return NULL;
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block || sharc_op_num_operands(op) == 0)
    return NULL;
  sharc_op *inner = sharc_block_first_op(block);
  sharc_op *ret = sharc_block_last_op(block);
  if (!inner || !ret || inner == ret || sharc_op_next(inner) != ret)
    return NULL;
  if (!commutative_binary(sharc_op_get_def(inner)) || sharc_op_num_operands(inner) != 2 ||
      sharc_op_num_results(inner) != 1)
    return NULL;
  sharc_type *t = sharc_value_type(sharc_op_result(inner, 0));
  for (unsigned i = 0; i < 2; i++)
    if (sharc_value_type(sharc_op_operand(inner, i)) != t)
      return NULL;
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *elem = sharc_type_element(sharc_value_type(sharc_op_operand(op, 0)));
  if (!elem || t != sharc_type_tensor(ctx, NULL, 0, elem, NULL))
    return NULL;
  if (sharc_block_num_args(block) != 2 || sharc_op_operand(inner, 0) != sharc_block_arg(block, 0) ||
      sharc_op_operand(inner, 1) != sharc_block_arg(block, 1))
    return NULL;
  sharc_str rname = sharc_ident_str(sharc_op_name(ret));
  const char *dot = memchr(rname.data, '.', rname.len);
  sharc_str stripped =
      dot ? (sharc_str){dot + 1, rname.len - (size_t)(dot + 1 - rname.data)} : rname;
  if (!sharc_str_eq_cstr(stripped, "return"))
    return NULL;
  if (sharc_op_num_operands(ret) != 1 || sharc_op_operand(ret, 0) != sharc_op_result(inner, 0))
    return NULL;
  return inner;
}

void sharc_shlo_reduce_print(sharc_printer *p, sharc_op *op) {
  unsigned pairs = sharc_op_num_operands(op) / 2;
  for (unsigned i = 0; i < pairs; i++) {
    sharc_pr_puts(p, i ? ", (" : "(");
    sharc_pr_value(p, sharc_op_operand(op, i));
    sharc_pr_puts(p, " init: ");
    sharc_pr_value(p, sharc_op_operand(op, i + pairs));
    sharc_pr_puts(p, ")");
  }
  const sharc_op *inner = compact_reducer(op);
  if (inner) {
    sharc_pr_puts(p, " applies ");
    sharc_pr_put_str(p, sharc_ident_str(sharc_op_name(inner)));
  }
  sharc_pr_puts(p, " across dimensions = [");
  sharc_attr *dims = sharc_shlo_i64_array(op, "dimensions");
  for (unsigned i = 0; dims && i < sharc_attr_count(dims); i++) {
    sharc_pr_puts(p, i ? ", " : "");
    sharc_buf_put_i64(p->out, sharc_attr_dense_array_i64(dims, i));
  }
  sharc_pr_puts(p, "]");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), reduce_elided, false);
  sharc_pr_puts(p, " : ");
  sharc_shlo_print_functional_type(p, op);
  if (inner)
    return;
  if (sharc_op_num_regions(op) != 1)
    return;
  sharc_pr_newline(p);
  sharc_pr_puts(p, " reducer");
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  for (unsigned i = 0; block && i < pairs && i + pairs < sharc_block_num_args(block); i++) {
    for (unsigned k = 0; k < 2; k++) {
      sharc_value *arg = sharc_block_arg(block, i + k * pairs);
      sharc_pr_puts(p, k ? ", " : "(");
      sharc_pr_value(p, arg);
      sharc_pr_puts(p, ": ");
      sharc_pr_type(p, sharc_value_type(arg));
      sharc_pr_loc_inline(p, sharc_value_loc(arg));
    }
    sharc_pr_puts(p, ") ");
  }
  sharc_pr_puts(p, " ");
  sharc_pr_region(p, sharc_op_region(op, 0), false, false);
}

static bool parse_dims_list(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *dims;
  if (!sharc_p_expect_keyword(p, "across") || !sharc_p_expect_keyword(p, "dimensions") ||
      !sharc_p_expect(p, '=') || !sharc_shlo_parse_i64_array(p, &dims))
    return false;
  sharc_builder_set_attr(p, b, "dimensions", dims);
  return true;
}

/* `%x: T loc(...)?` of the reducer form. */
static bool parse_reducer_arg(sharc_parser *p, sharc_region_arg *a) {
  if (!sharc_p_parse_operand(p, &a->ref) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_type(p, &a->type))
    return false;
  a->loc = sharc_p_tok_loc(p, &a->ref.tok);
  return sharc_p_parse_optional_loc(p, &a->loc);
}

static bool parse_fn_type(sharc_parser *p, sharc_type **fn) {
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_type(p, fn))
    return false;
  if (sharc_type_get_kind(*fn) != SHARC_TYPE_FUNCTION)
    return sharc_shlo_not_function_type(p, &at, *fn);
  return true;
}

static bool parse_reducer_region(sharc_parser *p, sharc_op_builder *b) {
  /* block arguments: all the first ones of the pairs, then all the second ones */
  SHARC_VEC(sharc_region_arg) firsts = {0}, seconds = {0};
  bool ok = true;
  while (ok && sharc_p_eat(p, '('))
    ok = parse_reducer_arg(p, sharc_vec_push_slot(&firsts)) && sharc_p_expect(p, ',') &&
         parse_reducer_arg(p, sharc_vec_push_slot(&seconds)) && sharc_p_expect(p, ')');
  for (unsigned i = 0; ok && i < seconds.len; i++)
    sharc_vec_push(&firsts, seconds.items[i]);
  sharc_region *region;
  ok = ok && sharc_p_parse_region(p, &region, firsts.items, firsts.len, false);
  if (ok)
    sharc_ptrvec_push(&b->regions, region);
  sharc_vec_free(&firsts);
  sharc_vec_free(&seconds);
  return ok;
}

/* Builds `^bb0(%a, %b): %r = inner %a, %b; return %r` for the compact form. */
static sharc_region *build_reducer(sharc_context *ctx, sharc_ident *inner_name, sharc_type *t,
                                   sharc_attr *loc) {
  sharc_region *r = sharc_arena_alloc(sharc_context_arena(ctx), sizeof *r);
  memset(r, 0, sizeof *r);
  sharc_block *block = sharc_block_create(ctx);
  sharc_region_append_block(r, block);
  sharc_value *args[2] = {sharc_block_add_arg(block, t, loc), sharc_block_add_arg(block, t, loc)};
  sharc_op_state st = {0};
  st.name = inner_name;
  st.loc = loc;
  st.operands = args;
  st.num_operands = 2;
  st.result_types = &t;
  st.num_results = 1;
  sharc_op *inner = sharc_op_create(ctx, &st);
  sharc_block_append_op(block, inner);
  sharc_str in = sharc_ident_str(inner_name);
  const char *dot = memchr(in.data, '.', in.len);
  char ret_name[128];
  size_t prefix = dot ? (size_t)(dot - in.data) : 0, n = prefix + sizeof ".return" - 1;
  if (n < sizeof ret_name) { /* `dialect.return`, once per parsed reduce: no snprintf */
    memcpy(ret_name, in.data, prefix);
    memcpy(ret_name + prefix, ".return", sizeof ".return");
  } else {
    snprintf(ret_name, sizeof ret_name, "%.*s.return", (int)prefix, in.data);
    n = strlen(ret_name);
  }
  sharc_value *res = sharc_op_result(inner, 0);
  sharc_op_state rs = {0};
  rs.name = sharc_ident_get(ctx, (sharc_str){ret_name, n});
  rs.loc = loc;
  rs.operands = &res;
  rs.num_operands = 1;
  sharc_block_append_op(block, sharc_op_create(ctx, &rs));
  return r;
}

bool sharc_shlo_reduce_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_context *ctx = sharc_p_context(p);
  ref_vec inputs = {0}, inits = {0};
  sharc_token start = *sharc_p_tok(p);
  sharc_attr *loc = sharc_p_tok_loc(p, &start);
  bool ok = true;
  do {
    if (!sharc_p_eat(p, '('))
      break;
    ok = sharc_p_parse_operand(p, sharc_vec_push_slot(&inputs)) &&
         sharc_p_expect_keyword(p, "init") && sharc_p_expect(p, ':') &&
         sharc_p_parse_operand(p, sharc_vec_push_slot(&inits)) && sharc_p_expect(p, ')');
  } while (ok && sharc_p_eat(p, ','));
  for (unsigned i = 0; ok && i < inits.len; i++)
    sharc_vec_push(&inputs, inits.items[i]);
  sharc_type *fn = NULL;
  if (ok && !sharc_p_eat_keyword(p, "applies")) {
    ok = parse_dims_list(p, b) && sharc_p_parse_optional_attr_dict(p, b) &&
         sharc_p_expect(p, ':') && parse_fn_type(p, &fn) && sharc_p_expect_keyword(p, "reducer");
    for (unsigned i = 0; ok && i < sharc_type_func_num_results(fn); i++)
      sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
    ok = ok &&
         resolve_refs(p, b, &inputs, sharc_type_func_inputs(fn), sharc_type_func_num_inputs(fn),
                      &start) &&
         parse_reducer_region(p, b);
    b->loc = loc; /* StableHLO locates a reduce at its first `(` */
  } else if (ok) {
    sharc_token name_tok = *sharc_p_tok(p);
    sharc_str name;
    ok = sharc_p_parse_keyword(p, &name, "operation name");
    const sharc_op_def *def = ok ? sharc_context_lookup_op(ctx, name) : NULL;
    if (ok && (!commutative_binary(def)))
      ok = sharc_p_error_at(p, &start,
                            "expected the inner-op to be a commutative binary-op from "
                            "the stablehlo dialect, with zero region, producing single result");
    (void)name_tok;
    ok = ok && parse_dims_list(p, b) && sharc_p_parse_optional_attr_dict(p, b) &&
         sharc_p_expect(p, ':') && parse_fn_type(p, &fn) && sharc_p_parse_optional_loc(p, &loc);
    if (ok && sharc_type_func_num_inputs(fn) == 0)
      ok = sharc_p_error_at(p, &start, "input types missing in reduce-op function type");
    ok = ok && resolve_refs(p, b, &inputs, sharc_type_func_inputs(fn),
                            sharc_type_func_num_inputs(fn), &start);
    if (ok) {
      sharc_type *elem = sharc_type_element(sharc_type_func_input(fn, 0));
      sharc_type *scalar =
          sharc_type_tensor(ctx, NULL, 0, elem ? elem : sharc_type_func_input(fn, 0), NULL);
      sharc_ptrvec_push(&b->regions, build_reducer(ctx, sharc_ident_get(ctx, name), scalar, loc));
      for (unsigned i = 0; i < sharc_type_func_num_results(fn); i++)
        sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
      b->loc = loc;
    }
  }
  sharc_vec_free(&inputs);
  sharc_vec_free(&inits);
  return ok;
}

/* ---- optimization_barrier ----------------------------------------------- */

static bool parse_operand_ref(sharc_parser *p, void *refs) {
  return sharc_p_parse_operand(p, sharc_vec_push_slot((ref_vec *)refs));
}

static bool parse_result_type(sharc_parser *p, void *builder) {
  sharc_type *t;
  if (!sharc_p_parse_type(p, &t))
    return false;
  sharc_ptrvec_push(&((sharc_op_builder *)builder)->result_types, t);
  return true;
}

bool sharc_shlo_barrier_parse(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_parse_optional_attr_dict(p, b))
    return false;
  if (!sharc_p_at_operand(p))
    return sharc_p_expect(p, '(') && sharc_p_expect(p, ')');
  ref_vec refs = {0};
  sharc_token at = *sharc_p_tok(p);
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_operand_ref, &refs, NULL) &&
            sharc_p_expect(p, ':');
  /* parsePairwiseOpType: a type list, then resolveOperands against it */
  sharc_token list_at = *sharc_p_tok(p);
  bool typed = ok;
  ok = ok && sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_result_type, b, NULL);
  if (typed && !ok)
    sharc_p_error_chained_at(p, &list_at, "expected type list");
  if (ok && b->result_types.len != refs.len)
    ok = sharc_p_error_at(p, &at,
                          "number of operands and types do not match: got %u operands and %u "
                          "types",
                          refs.len, b->result_types.len);
  ok = ok && resolve_refs(p, b, &refs, (sharc_type *const *)b->result_types.items,
                          b->result_types.len, &at);
  sharc_vec_free(&refs);
  return ok;
}

void sharc_shlo_barrier_print(sharc_printer *p, sharc_op *op) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  if (!sharc_op_num_operands(op)) {
    sharc_pr_puts(p, "()");
    return;
  }
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, " : ");
  sharc_shlo_print_types_of(p, op, false);
}

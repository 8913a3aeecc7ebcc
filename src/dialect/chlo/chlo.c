/* The chlo dialect: its attributes (#chlo<comparison_direction LT>,
 * #chlo<precision DEFAULT>, #chlo.ragged_dot<...>), the ODS syntax of its ops
 * and the op table, registered in sdy_opt and mpmd_opt. */
#include "dialect/chlo/chlo.h"
#include "dialect/arith/arith.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- enums -------------------------------------------------------------- */

static void print_enum(sharc_printer *p, const sharc_attr *a) {
  const shlo_enum_def *def = (const shlo_enum_def *)sharc_attr_def_of(a);
  sharc_pr_puts(p, "<");
  sharc_pr_puts(p, def->mnemonic);
  sharc_pr_puts(p, " ");
  sharc_pr_puts(p, def->cases[a->params.words[0]]);
  sharc_pr_puts(p, ">");
}

#define CHLO_ENUM(var, mn, cpp, ...)                                                     \
  static const char *const var##_cases[] = {__VA_ARGS__, NULL};                          \
  const shlo_enum_def var = {                                                            \
      {NULL, &sharc_chlo_dialect, print_enum, NULL, sharc_attr_never_alias, NULL}, mn, cpp, var##_cases}

CHLO_ENUM(sharc_chlo_comparison_direction, "comparison_direction", "ComparisonDirection", "EQ",
          "NE", "GE", "GT", "LE", "LT");
CHLO_ENUM(sharc_chlo_comparison_type, "comparison_type", "ComparisonType", "NOTYPE", "FLOAT",
          "TOTALORDER", "SIGNED", "UNSIGNED");
CHLO_ENUM(sharc_chlo_precision, "precision", "Precision", "DEFAULT", "HIGH", "HIGHEST");

static const shlo_enum_def *const chlo_enums[] = {
    &sharc_chlo_comparison_direction, &sharc_chlo_comparison_type, &sharc_chlo_precision};

static sharc_attr *enum_get(sharc_context *ctx, const shlo_enum_def *def, unsigned i) {
  uintptr_t w = i;
  return sharc_attr_dialect(ctx, &def->base, &w, 1, NULL);
}

/* `#chlo<mnemonic CASE>`: we are at `<`. */
static sharc_attr *parse_enum(sharc_parser *p) {
  sharc_str kw;
  if (!sharc_p_expect(p, '<'))
    return NULL;
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_keyword(p, &kw, "expected valid keyword"))
    return NULL;
  for (size_t e = 0; e < sizeof chlo_enums / sizeof chlo_enums[0]; e++) {
    const shlo_enum_def *def = chlo_enums[e];
    if (!sharc_str_eq_cstr(kw, def->mnemonic))
      continue;
    /* ODS's EnumAttr parser, then its "failed to parse" companion */
    const sharc_token *t = sharc_p_tok(p);
    if (t->kind != TOK_BARE_ID) {
      sharc_p_error_at(p, t, "expected valid keyword");
    } else {
      for (unsigned i = 0; def->cases[i]; i++) {
        if (!sharc_tok_is_keyword(t, def->cases[i]))
          continue;
        sharc_p_next(p);
        return sharc_p_expect(p, '>') ? enum_get(sharc_p_context(p), def, i) : NULL;
      }
      sharc_token kw_at = *t;
      sharc_p_next(p);
      sharc_buf msg = {0};
      sharc_buf_printf(&msg, "expected ::mlir::chlo::%s to be one of: ", def->cpp_name);
      for (unsigned i = 0; def->cases[i]; i++)
        sharc_buf_printf(&msg, "%s%s", i ? ", " : "", def->cases[i]);
      sharc_p_error_at(p, &kw_at, "%s", msg.data);
      sharc_buf_free(&msg);
    }
    sharc_p_error_chained_at(p, sharc_p_tok(p),
                             "failed to parse CHLO_%sAttr parameter 'value' which is to be a "
                             "`::mlir::chlo::%s`",
                             def->cpp_name, def->cpp_name);
    return NULL;
  }
  sharc_p_error_at(p, &at, "unknown chlo attribute");
  return NULL;
}

/* ---- #chlo.ragged_dot<...> ---------------------------------------------- */

static const char *const ragged_fields[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions", "lhs_contracting_dimensions",
    "rhs_contracting_dimensions", "lhs_ragged_dimensions",   "rhs_group_dimensions"};
enum { RAGGED_FIELDS = 6 };

/* Empty fields are left out, as StableHLO's printStruct does. */
static void print_ragged_dot(sharc_printer *p, const sharc_attr *a) {
  const char *sep = "";
  sharc_pr_puts(p, "<");
  for (unsigned i = 0; i < RAGGED_FIELDS; i++) {
    const sharc_attr *f = (const sharc_attr *)a->params.words[i];
    if (!sharc_attr_count(f))
      continue;
    sharc_pr_puts(p, sep);
    sharc_pr_puts(p, ragged_fields[i]);
    sharc_pr_puts(p, " = ");
    sharc_shlo_print_dim_sizes(p, f);
    sep = ", ";
  }
  sharc_pr_puts(p, ">");
}

static void walk_ragged_dot(const sharc_attr *a, const sharc_subelement_fns *f) {
  for (unsigned i = 0; i < a->params.n && f->attr; i++)
    f->attr((sharc_attr *)a->params.words[i], f->user);
}

const sharc_attr_def sharc_chlo_ragged_dot_def = {"ragged_dot",  &sharc_chlo_dialect,
                                                  print_ragged_dot, NULL, sharc_attr_never_alias,
                                                  walk_ragged_dot};

sharc_attr *sharc_chlo_ragged_dot_field(const sharc_attr *a, unsigned i) {
  if (!a || a->kind != SHARC_ATTR_DIALECT || sharc_attr_def_of(a) != &sharc_chlo_ragged_dot_def)
    return NULL;
  return (sharc_attr *)a->params.words[i];
}

/* StableHLO's parseStruct: `key = [dims]` entries in any order, `>`-ended. */
static bool parse_ragged_fields(sharc_parser *p, sharc_attr **fields) {
  bool seen[RAGGED_FIELDS] = {0};
  while (!sharc_p_eat(p, '>')) {
    const sharc_token *t = sharc_p_tok(p);
    int idx = -1;
    for (int i = 0; i < RAGGED_FIELDS && idx < 0; i++)
      if (sharc_tok_is_keyword(t, ragged_fields[i]))
        idx = i;
    if (idx < 0) {
      sharc_buf msg = {0};
      SHARC_BUF_LIT(&msg, "expected one of: ");
      for (int i = 0; i < RAGGED_FIELDS; i++)
        sharc_buf_printf(&msg, "%s`%s`", i ? ", " : "", ragged_fields[i]);
      sharc_p_error(p, "%s", msg.data);
      sharc_buf_free(&msg);
      return false;
    }
    sharc_p_next(p);
    if (seen[idx])
      return sharc_p_error(p, "duplicated `%s` entry", ragged_fields[idx]);
    if (!sharc_p_expect(p, '=') || !sharc_shlo_parse_dim_sizes(p, &fields[idx]))
      return false;
    seen[idx] = true;
    if (!sharc_p_eat(p, ','))
      return sharc_p_expect(p, '>');
  }
  return true;
}

static sharc_attr *parse_ragged_dot(sharc_parser *p) {
  sharc_attr *fields[RAGGED_FIELDS] = {0};
  if (!sharc_p_expect(p, '<'))
    return NULL;
  if (!parse_ragged_fields(p, fields)) {
    sharc_p_error_chained(p, "failed parsing ragged dot dimension numbers attribute");
    return NULL;
  }
  sharc_context *ctx = sharc_p_context(p);
  uintptr_t w[RAGGED_FIELDS];
  for (unsigned i = 0; i < RAGGED_FIELDS; i++) {
    if (!fields[i])
      fields[i] = sharc_attr_dense_array(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), NULL, 0);
    w[i] = (uintptr_t)fields[i];
  }
  return sharc_attr_dialect(ctx, &sharc_chlo_ragged_dot_def, w, RAGGED_FIELDS, NULL);
}

sharc_attr *sharc_chlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  if (mnemonic.len == 0)
    return parse_enum(p);
  if (sharc_str_eq_cstr(mnemonic, "ragged_dot"))
    return parse_ragged_dot(p);
  sharc_p_error(p, "unknown chlo attribute");
  return NULL;
}

/* ---- syntax ------------------------------------------------------------- */

static const chlo_op_def *row_of(const sharc_op_def *def) { return (const chlo_op_def *)def; }

/* `%a, %b, ...` (exactly `n`) resolved against `types` afterwards. */
static bool parse_operands_n(sharc_parser *p, sharc_operand_ref *refs, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if ((i && !sharc_p_expect(p, ',')) || !sharc_p_parse_operand(p, &refs[i]))
      return false;
  return true;
}


/* The operand/result forms: operands, attr-dict, `:`, types. */
static bool parse_simple(sharc_parser *p, sharc_op_builder *b, chlo_form form) {
  unsigned n = form == CHLO_UNARY ? 1 : form == CHLO_SELECT ? 3 : 2;
  bool parens = form == CHLO_BCAST_BINARY || form == CHLO_SELECT;
  sharc_operand_ref refs[3];
  sharc_type *types[3], *res;
  if (!parse_operands_n(p, refs, n) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || (parens && !sharc_p_expect(p, '(')))
    return false;
  for (unsigned i = 0; i < n; i++)
    if ((i && !sharc_p_expect(p, ',')) || !sharc_p_parse_type(p, &types[i]))
      return false;
  if ((parens && !sharc_p_expect(p, ')')) || !sharc_p_expect_arrow(p) ||
      !sharc_p_parse_type(p, &res))
    return false;
  sharc_ptrvec_push(&b->result_types, res);
  return sharc_p_resolve_operands(p, b, refs, types, n);
}

/* `is_stable = b`: ODS parses a BoolAttr with the type i1 (so `1` is
 * `true`); another kind is a parse error. */
static bool parse_is_stable(sharc_parser *p, sharc_attr **out) {
  if (!sharc_p_expect_keyword(p, "is_stable") || !sharc_p_expect(p, '='))
    return false;
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_attr(p, sharc_type_integer(sharc_p_context(p), 1, SHARC_SIGNLESS), out))
    return false;
  if (sharc_attr_get_kind(*out) != SHARC_ATTR_BOOL)
    return sharc_p_error_at(p, &at, "invalid kind of attribute specified");
  return true;
}

/* `(%x, k = 8 (, is_stable = b)?) attr-dict : T -> (T, T)` */
static bool parse_top_k(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_attr *k, *stable = NULL;
  sharc_type *t, *r0, *r1;
  sharc_context *ctx = sharc_p_context(p);
  if (!sharc_p_expect(p, '(') || !sharc_p_parse_operand(p, &ref) || !sharc_p_expect(p, ',') ||
      !sharc_p_expect_keyword(p, "k") || !sharc_p_expect(p, '='))
    return false;
  /* ODS parses $k as an IntegerAttr: another kind is a parse error */
  sharc_token k_at = *sharc_p_tok(p);
  if (!sharc_p_parse_attr(p, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), &k))
    return false;
  if (sharc_attr_get_kind(k) != SHARC_ATTR_INTEGER)
    return sharc_p_error_at(p, &k_at, "invalid kind of attribute specified");
  if (sharc_p_eat(p, ',') && !parse_is_stable(p, &stable))
    return false;
  if (!sharc_p_expect(p, ')') || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t) || !sharc_p_expect_arrow(p) ||
      !sharc_p_expect(p, '(') || !sharc_p_parse_type(p, &r0) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_type(p, &r1) || !sharc_p_expect(p, ')'))
    return false;
  sharc_builder_set_attr(p, b, "k", k);
  if (stable)
    sharc_builder_set_attr(p, b, "is_stable", stable);
  sharc_ptrvec_push(&b->result_types, r0);
  sharc_ptrvec_push(&b->result_types, r1);
  return sharc_p_resolve_operands(p, b, &ref, &t, 1);
}

/* `(%a, %b, ...)` into `refs`. */
static bool parse_paren_operands(sharc_parser *p, sharc_operand_ref_vec *refs) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, sharc_p_parse_operand_elem, refs, NULL);
}

static sharc_attr *i32_pair(sharc_context *ctx, int32_t a, int32_t b) {
  uint64_t raw[2] = {(uint32_t)a, (uint32_t)b};
  return sharc_attr_dense_array(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), raw, 2);
}

/* ScanOp::parse. */
static bool parse_scan(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref_vec inputs = {0}, inits = {0};
  sharc_context *ctx = sharc_p_context(p);
  int64_t dim = 0;
  sharc_region *body = NULL;
  sharc_type *fn = NULL;
  bool ok = parse_paren_operands(p, &inputs) && sharc_p_expect_keyword(p, "inits") &&
            parse_paren_operands(p, &inits) && sharc_p_expect_keyword(p, "dimension") &&
            sharc_p_expect(p, '=') && sharc_p_parse_int(p, &dim) &&
            sharc_p_parse_optional_attr_dict_with_keyword(p, b) &&
            sharc_p_parse_region(p, &body, NULL, 0, false);
  if (body)
    sharc_ptrvec_push(&b->regions, body);
  ok = ok && sharc_p_expect(p, ':');
  sharc_token type_at = *sharc_p_tok(p);
  ok = ok && sharc_p_parse_type(p, &fn);
  if (ok && sharc_type_get_kind(fn) != SHARC_TYPE_FUNCTION)
    ok = sharc_p_error_at(p, &type_at, "invalid kind of type specified");
  unsigned n_in = inputs.len, n_init = inits.len;
  if (ok && sharc_type_func_num_inputs(fn) != n_in + n_init)
    ok = sharc_p_custom_error(p, b, NULL, "operand types must match the number of inputs and inits");
  if (ok && sharc_type_func_num_results(fn) < n_init)
    ok = sharc_p_custom_error(p, b, NULL, "not enough result types to cover the required carries");
  for (unsigned i = 0; ok && i < n_in + n_init; i++) {
    sharc_value *v;
    const sharc_operand_ref *r = i < n_in ? &inputs.items[i] : &inits.items[i - n_in];
    ok = sharc_p_resolve_operand(p, r, sharc_type_func_input(fn, i), &v);
    if (ok)
      sharc_ptrvec_push(&b->operands, v);
  }
  if (ok) {
    unsigned n_res = sharc_type_func_num_results(fn);
    for (unsigned i = 0; i < n_res; i++)
      sharc_ptrvec_push(&b->result_types, sharc_type_func_result(fn, i));
    sharc_type *i64 = sharc_type_integer(ctx, 64, SHARC_SIGNLESS);
    sharc_builder_set_attr(p, b, "dimension", sharc_attr_integer(ctx, i64, dim));
    sharc_builder_set_attr(p, b, "operandSegmentSizes",
                           i32_pair(ctx, (int32_t)n_in, (int32_t)n_init));
    sharc_builder_set_attr(p, b, "resultSegmentSizes",
                           i32_pair(ctx, (int32_t)(n_res - n_init), (int32_t)n_init));
  }
  sharc_vec_free(&inputs);
  sharc_vec_free(&inits);
  return ok;
}

bool sharc_chlo_parse(sharc_parser *p, sharc_op_builder *b) {
  const sharc_op_def *def = sharc_context_lookup_op(sharc_p_context(p), sharc_ident_str(b->name));
  const chlo_op_def *row = row_of(def);
  switch (row->form) {
  case CHLO_TOP_K:
    return parse_top_k(p, b);
  case CHLO_CONSTANT:
    return sharc_arith_parse_value_constant(p, b);
  case CHLO_SCAN:
    return parse_scan(p, b);
  default:
    return parse_simple(p, b, row->form);
  }
}

static sharc_type *operand_type(const sharc_op *op, unsigned i) {
  return sharc_value_type(sharc_op_operand(op, i));
}

static const char *const no_elided[] = {NULL};
static const char *const top_k_elided[] = {"k", "is_stable", NULL};
static const char *const scan_elided[] = {"dimension", "operandSegmentSizes",
                                          "resultSegmentSizes", NULL};

static void print_simple(sharc_printer *p, sharc_op *op, chlo_form form) {
  bool parens = form == CHLO_BCAST_BINARY || form == CHLO_SELECT;
  unsigned n = sharc_op_num_operands(op);
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), no_elided, false);
  sharc_pr_puts(p, parens ? " : (" : " : ");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, operand_type(op, i));
  }
  sharc_pr_puts(p, parens ? ") -> " : " -> ");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, sharc_value_type(sharc_op_result(op, i)));
  }
}

static void print_top_k(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, "(");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ", k = ");
  sharc_pr_attr_no_type(p, sharc_op_attr(op, "k"));
  sharc_attr *stable = sharc_op_attr(op, "is_stable");
  if (stable && !sharc_attr_bool_value(stable)) {
    sharc_pr_puts(p, ", is_stable = ");
    sharc_pr_attr(p, stable);
  }
  sharc_pr_puts(p, ")");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), top_k_elided, false);
  sharc_pr_puts(p, " : ");
  sharc_pr_type(p, operand_type(op, 0));
  sharc_pr_puts(p, " -> (");
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 0)));
  sharc_pr_puts(p, ", ");
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 1)));
  sharc_pr_puts(p, ")");
}

static unsigned segment(const sharc_op *op, const char *name, unsigned i, unsigned total) {
  sharc_attr *seg = sharc_op_attr(op, name);
  if (!seg || sharc_attr_get_kind(seg) != SHARC_ATTR_DENSE_ARRAY || sharc_attr_count(seg) != 2)
    return i == 0 ? total : 0;
  return (unsigned)sharc_attr_dense_array_i64(seg, i);
}

static void print_value_range(sharc_printer *p, const sharc_op *op, unsigned from, unsigned n) {
  for (unsigned i = 0; i < n && from + i < sharc_op_num_operands(op); i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_value(p, sharc_op_operand(op, from + i));
  }
}

static void print_scan(sharc_printer *p, sharc_op *op) {
  unsigned total = sharc_op_num_operands(op);
  unsigned n_in = segment(op, "operandSegmentSizes", 0, total);
  sharc_pr_puts(p, "(");
  print_value_range(p, op, 0, n_in);
  sharc_pr_puts(p, ") inits (");
  print_value_range(p, op, n_in, total - n_in);
  sharc_buf num = {0};
  sharc_attr *dim = sharc_op_attr(op, "dimension");
  sharc_buf_printf(&num, ") dimension=%lld", dim ? (long long)sharc_attr_int_value(dim) : 0LL);
  sharc_pr_puts(p, num.data);
  sharc_buf_free(&num);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), scan_elided, true);
  sharc_pr_puts(p, " ");
  if (sharc_op_num_regions(op))
    sharc_pr_region(p, sharc_op_region(op, 0), true, false);
  sharc_pr_puts(p, " : ");
  sharc_pr_functional_type(p, op);
}

void sharc_chlo_print(sharc_printer *p, sharc_op *op) {
  const chlo_op_def *row = row_of(sharc_op_get_def(op));
  switch (row->form) {
  case CHLO_TOP_K:
    print_top_k(p, op);
    return;
  case CHLO_CONSTANT:
    sharc_arith_print_value_constant(p, op);
    return;
  case CHLO_SCAN:
    print_scan(p, op);
    return;
  default:
    print_simple(p, op, row->form);
    return;
  }
}

void sharc_chlo_scan_arg_names(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                               void *state) {
  sharc_block *b = sharc_region_first_block(r);
  if (!b)
    return;
  unsigned n_in = segment(op, "operandSegmentSizes", 0, sharc_op_num_operands(op));
  for (unsigned i = 0; i < sharc_block_num_args(b); i++)
    set(state, sharc_block_arg(b, i), i < n_in ? "input" : "carry");
}

/* ODS names the results of ops with several fixed results. */
static void top_k_result_names(const sharc_op *op, sharc_set_name_fn set, void *state) {
  if (sharc_op_num_results(op) != 2)
    return;
  set(state, sharc_op_result(op, 0), "values");
  set(state, sharc_op_result(op, 1), "indices");
}

/* ---- the op table ------------------------------------------------------- */

static const char *const bcast_props[] = {"broadcast_dimensions", NULL};
static const char *const compare_props[] = {"broadcast_dimensions", "comparison_direction",
                                            "compare_type", NULL};
static const char *const value_props[] = {"value", NULL};
static const char *const top_k_props[] = {"k", "is_stable", NULL};
static const char *const ragged_props[] = {"ragged_dot_dimension_numbers", "precision_config",
                                           NULL};
static const char *const scan_props[] = {"dimension",      "scan_dim_size",
                                         "is_reverse",     "is_associative",
                                         "operandSegmentSizes", "resultSegmentSizes", NULL};

#define PURE (SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS)

#define CHLO_ROW(var, nm, tr, props, form_, types_, traits_, infer_, check_)                 \
  static const chlo_op_def var = {{.name = "chlo." nm,                                    \
                                   .traits = (tr),                                         \
                                   .inherent = (props),                                    \
                                   .parse = (form_) == CHLO_GENERIC ? NULL : sharc_chlo_parse, \
                                   .print = (form_) == CHLO_GENERIC ? NULL : sharc_chlo_print, \
                                   .verify = sharc_chlo_verify,                            \
                                   .verify_regions = sharc_chlo_verify_regions,            \
                                   .dialect = &sharc_chlo_dialect},                        \
                                  form_, types_, traits_, infer_, check_}

#define BCAST(var, nm, types_, traits_)                                                    \
  CHLO_ROW(var, nm, PURE, bcast_props, CHLO_BCAST_BINARY, types_, traits_,                 \
           CHLO_INFER_BROADCAST, NULL)
#define UNARY(var, nm, types_, traits_)                                                    \
  CHLO_ROW(var, nm, PURE | SHARC_TRAIT_ELEMENTWISE, NULL, CHLO_UNARY, types_,              \
           (traits_) | CHLO_T_SAME_SHAPE, CHLO_INFER_NONE, NULL)

#define ANY2 "HLO_AnyTensor HLO_AnyTensor -> HLO_AnyTensor"
#define FP2 "HLO_AnyFpTensor HLO_AnyFpTensor -> HLO_AnyFpTensor"
#define PI2 "HLO_AnyPredOrIntTensor HLO_AnyPredOrIntTensor -> HLO_AnyTensor"
#define FP1 "HLO_AnyFpTensor -> HLO_AnyFpTensor"
#define FPC1 "HLO_AnyFpOrComplexTensor -> HLO_AnyFpOrComplexTensor"

BCAST(op_broadcast_add, "broadcast_add", ANY2, CHLO_T_COMPAT_ELEM);
BCAST(op_broadcast_atan2, "broadcast_atan2", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_divide, "broadcast_divide", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_maximum, "broadcast_maximum", ANY2, CHLO_T_COMPAT_ELEM);
BCAST(op_broadcast_minimum, "broadcast_minimum", ANY2, CHLO_T_COMPAT_ELEM);
BCAST(op_broadcast_multiply, "broadcast_multiply", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_next_after, "broadcast_next_after", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_polygamma, "broadcast_polygamma", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_power, "broadcast_power", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_remainder, "broadcast_remainder", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_shift_left, "broadcast_shift_left", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_shift_right_arithmetic, "broadcast_shift_right_arithmetic", ANY2,
      CHLO_T_SAME_ELEM);
BCAST(op_broadcast_shift_right_logical, "broadcast_shift_right_logical", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_subtract, "broadcast_subtract", ANY2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_zeta, "broadcast_zeta", FP2, CHLO_T_SAME_ELEM);
BCAST(op_broadcast_and, "broadcast_and", PI2, 0);
BCAST(op_broadcast_or, "broadcast_or", PI2, 0);
BCAST(op_broadcast_xor, "broadcast_xor", PI2, 0);
CHLO_ROW(op_broadcast_complex, "broadcast_complex", PURE, bcast_props, CHLO_BCAST_BINARY,
         "HLO_AnyFpTensor HLO_AnyFpTensor -> HLO_AnyComplexTensor", 0, CHLO_INFER_BROADCAST_CPLX,
         NULL);
CHLO_ROW(op_broadcast_compare, "broadcast_compare", PURE, compare_props, CHLO_BCAST_BINARY,
         "HLO_AnyTensor HLO_AnyTensor -> HLO_AnyPredTensor", 0, CHLO_INFER_BROADCAST_I1, NULL);
CHLO_ROW(op_broadcast_select, "broadcast_select", PURE, NULL, CHLO_SELECT,
         "HLO_PredTensor HLO_AnyTensor HLO_AnyTensor -> HLO_AnyTensor", 0, CHLO_INFER_SELECT,
         NULL);
CHLO_ROW(op_next_after, "next_after", PURE, NULL, CHLO_BINARY, FP2, CHLO_T_COMPAT_TYPE,
         CHLO_INFER_NONE, NULL);
CHLO_ROW(op_polygamma, "polygamma", PURE, NULL, CHLO_BINARY, FP2, CHLO_T_COMPAT_TYPE,
         CHLO_INFER_NONE, NULL);
CHLO_ROW(op_zeta, "zeta", PURE, NULL, CHLO_BINARY, FP2, CHLO_T_COMPAT_TYPE, CHLO_INFER_NONE,
         NULL);
CHLO_ROW(op_mulhi, "mulhi", PURE | SHARC_TRAIT_COMMUTATIVE, NULL, CHLO_BINARY,
         "HLO_IntTensor HLO_IntTensor -> HLO_IntTensor", CHLO_T_COMPAT_TYPE, CHLO_INFER_NONE,
         NULL);
UNARY(op_asin_acos_kernel, "_asin_acos_kernel", "HLO_AnyComplexTensor -> HLO_AnyComplexTensor",
      CHLO_T_COMPAT_TYPE);
UNARY(op_acos, "acos", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_acosh, "acosh", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_asin, "asin", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_asinh, "asinh", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_atan, "atan", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_atanh, "atanh", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_bessel_i1e, "bessel_i1e", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_conj, "conj", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_cosh, "cosh", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_sinh, "sinh", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_tan, "tan", FPC1, CHLO_T_COMPAT_TYPE);
UNARY(op_digamma, "digamma", FP1, CHLO_T_COMPAT_TYPE);
UNARY(op_erf, "erf", FP1, CHLO_T_COMPAT_TYPE);
UNARY(op_erf_inv, "erf_inv", FP1, CHLO_T_COMPAT_TYPE);
UNARY(op_erfc, "erfc", FP1, CHLO_T_COMPAT_TYPE);
UNARY(op_lgamma, "lgamma", FP1, CHLO_T_COMPAT_TYPE);
UNARY(op_square, "square", FPC1, CHLO_T_COMPAT_TYPE);
CHLO_ROW(op_is_inf, "is_inf", PURE | SHARC_TRAIT_ELEMENTWISE, NULL, CHLO_UNARY,
         "HLO_AnyFpTensor -> HLO_AnyPredTensor", CHLO_T_SAME_SHAPE, CHLO_INFER_I1, NULL);
CHLO_ROW(op_is_neg_inf, "is_neg_inf", PURE | SHARC_TRAIT_ELEMENTWISE, NULL, CHLO_UNARY,
         "HLO_AnyFpTensor -> HLO_AnyPredTensor", CHLO_T_SAME_SHAPE, CHLO_INFER_I1, NULL);
CHLO_ROW(op_is_pos_inf, "is_pos_inf", PURE | SHARC_TRAIT_ELEMENTWISE, NULL, CHLO_UNARY,
         "HLO_AnyFpTensor -> HLO_AnyPredTensor", CHLO_T_SAME_SHAPE, CHLO_INFER_I1, NULL);
CHLO_ROW(op_constant, "constant",
         PURE | SHARC_TRAIT_CONSTANT_LIKE | SHARC_TRAIT_ZERO_OPERANDS | SHARC_TRAIT_ONE_RESULT,
         value_props, CHLO_CONSTANT, "-> HLO_StaticShapeTensor", 0, CHLO_INFER_CONSTANT, NULL);
CHLO_ROW(op_constant_like, "constant_like", PURE, value_props, CHLO_GENERIC,
         "HLO_AnyTensor -> HLO_AnyTensor", CHLO_T_SAME_SHAPE, CHLO_INFER_CONSTANT_LIKE,
         sharc_chlo_verify_constant_like);
CHLO_ROW(op_ragged_dot, "ragged_dot", PURE, ragged_props, CHLO_GENERIC,
         "HLO_AnyTensor HLO_AnyTensor HLO_IntTensor -> HLO_AnyTensor", 0, CHLO_INFER_NONE,
         sharc_chlo_verify_ragged_dot);
static const chlo_op_def op_top_k = {{.name = "chlo.top_k",
                                      .traits = PURE,
                                      .inherent = top_k_props,
                                      .parse = sharc_chlo_parse,
                                      .print = sharc_chlo_print,
                                      .verify = sharc_chlo_verify,
     .verify_regions = sharc_chlo_verify_regions,
                                      .result_names = top_k_result_names,
                                      .dialect = &sharc_chlo_dialect},
                                     CHLO_TOP_K,
                                     "HLO_AnyTensor -> HLO_AnyTensor HLO_AnyTensor",
                                     0,
                                     CHLO_INFER_TOP_K,
                                     NULL};
static const chlo_op_def op_scan = {
    {.name = "chlo.scan",
     .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_RECURSIVE_EFFECTS | SHARC_TRAIT_ONE_REGION |
               SHARC_TRAIT_SINGLE_BLOCK,
     .inherent = scan_props,
     .parse = sharc_chlo_parse,
     .print = sharc_chlo_print,
     .verify = sharc_chlo_verify,
     .verify_regions = sharc_chlo_verify_regions,
     .block_arg_names = sharc_chlo_scan_arg_names,
     .dialect = &sharc_chlo_dialect},
    CHLO_SCAN,
    NULL,
    0,
    CHLO_INFER_SCAN,
    sharc_chlo_verify_scan};

static const sharc_op_def *const chlo_ops[] = {
    &op_broadcast_add.def,
    &op_broadcast_atan2.def,
    &op_broadcast_divide.def,
    &op_broadcast_maximum.def,
    &op_broadcast_minimum.def,
    &op_broadcast_multiply.def,
    &op_broadcast_next_after.def,
    &op_broadcast_polygamma.def,
    &op_broadcast_power.def,
    &op_broadcast_remainder.def,
    &op_broadcast_shift_left.def,
    &op_broadcast_shift_right_arithmetic.def,
    &op_broadcast_shift_right_logical.def,
    &op_broadcast_subtract.def,
    &op_broadcast_zeta.def,
    &op_broadcast_and.def,
    &op_broadcast_or.def,
    &op_broadcast_xor.def,
    &op_broadcast_complex.def,
    &op_broadcast_compare.def,
    &op_broadcast_select.def,
    &op_next_after.def,
    &op_polygamma.def,
    &op_zeta.def,
    &op_mulhi.def,
    &op_asin_acos_kernel.def,
    &op_acos.def,
    &op_acosh.def,
    &op_asin.def,
    &op_asinh.def,
    &op_atan.def,
    &op_atanh.def,
    &op_bessel_i1e.def,
    &op_conj.def,
    &op_cosh.def,
    &op_sinh.def,
    &op_tan.def,
    &op_digamma.def,
    &op_erf.def,
    &op_erf_inv.def,
    &op_erfc.def,
    &op_lgamma.def,
    &op_square.def,
    &op_is_inf.def,
    &op_is_neg_inf.def,
    &op_is_pos_inf.def,
    &op_constant.def,
    &op_constant_like.def,
    &op_ragged_dot.def,
    &op_top_k.def,
    &op_scan.def,
};

const sharc_dialect sharc_chlo_dialect = {
    .name = "chlo",
    .ops = chlo_ops,
    .num_ops = sizeof chlo_ops / sizeof chlo_ops[0],
    .parse_attr = sharc_chlo_parse_attr_hook,
    .bytecode = &sharc_chlo_bytecode,
};

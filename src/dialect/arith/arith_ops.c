/* The arith dialect's computation ops that JAX and StableHLO programs can
 * hold next to arith.constant: integer and floating-point arithmetic,
 * comparisons, select and the casts, with MLIR's custom assembly, ODS
 * constraints and verifier messages (ArithOps.td), and the dialect's
 * `#arith.overflow` and `#arith.fastmath` flag attributes. No folding: the
 * passes sharc runs on these programs leave arith ops alone. */
#include <stdio.h>
#include <string.h>

#include "asm/bytecode.h"
#include "asm/parse_props.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "dialect/arith/arith_internal.h"
#include "dialect/stablehlo/shlo.h"

extern const sharc_dialect sharc_arith_dialect;

/* ---- flag attributes: #arith.overflow<nsw, nuw>, #arith.fastmath<...> ---- */

/* A bit enum: its keywords by bit, the value of every bit (`fast`), how
 * MLIR joins the keywords and names it in errors. */
typedef struct flag_enum {
  const char *const *names; /* bit i's keyword; NULL-terminated */
  const char *all;          /* the keyword of all bits together, or NULL */
  const char *sep;
  const char *cpp;          /* "::mlir::arith::FastMathFlags" */
  const char *ods;          /* "Arith_FastMathAttr" */
  const char *what;         /* the attribute constraint's description */
} flag_enum;

static const char *const overflow_names[] = {"nsw", "nuw", NULL};
static const char *const fastmath_names[] = {"reassoc", "nnan", "ninf", "nsz",
                                             "arcp",    "contract", "afn", NULL};

static const flag_enum overflow_enum = {overflow_names, NULL, ", ",
                                        "::mlir::arith::IntegerOverflowFlags",
                                        "Arith_IntegerOverflowAttr", "Integer overflow arith flags"};
static const flag_enum fastmath_enum = {fastmath_names, "fast", ",",
                                        "::mlir::arith::FastMathFlags", "Arith_FastMathAttr",
                                        "Floating point fast math flags"};

static unsigned all_bits(const flag_enum *e) {
  unsigned n = 0;
  while (e->names[n])
    n++;
  return (1u << n) - 1;
}

static uintptr_t flags_of(const sharc_attr *a) { return a->params.words[0]; }

static void print_flags(sharc_printer *p, const flag_enum *e, uintptr_t v) {
  if (!v) {
    sharc_pr_puts(p, "none");
    return;
  }
  if (e->all && v == all_bits(e)) {
    sharc_pr_puts(p, e->all);
    return;
  }
  bool first = true;
  for (unsigned i = 0; e->names[i]; i++) {
    if (!(v & (1u << i)))
      continue;
    sharc_pr_puts(p, first ? "" : e->sep);
    sharc_pr_puts(p, e->names[i]);
    first = false;
  }
}

static void print_overflow(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_puts(p, "<");
  print_flags(p, &overflow_enum, flags_of(a));
  sharc_pr_puts(p, ">");
}

static void print_fastmath(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_puts(p, "<");
  print_flags(p, &fastmath_enum, flags_of(a));
  sharc_pr_puts(p, ">");
}

static const sharc_attr_def overflow_def = {
    .name = "overflow", .dialect = &sharc_arith_dialect, .print = print_overflow};
static const sharc_attr_def fastmath_def = {
    .name = "fastmath", .dialect = &sharc_arith_dialect, .print = print_fastmath};

/* One keyword of the enum: its bits, or false after MLIR's error. */
static bool parse_flag_keyword(sharc_parser *p, const flag_enum *e, unsigned *bits) {
  sharc_token at = *sharc_p_tok(p);
  sharc_str kw;
  if (at.kind == TOK_STRING) {
    if (!sharc_p_parse_string(p, &kw))
      return false;
  } else if (at.kind == TOK_BARE_ID) {
    kw = sharc_tok_str(&at);
    sharc_p_next(p);
  } else {
    return sharc_p_error_at(p, &at, "expected valid keyword or string");
  }
  if (sharc_str_eq_cstr(kw, "none")) {
    *bits = 0;
    return true;
  }
  if (e->all && sharc_str_eq_cstr(kw, e->all)) {
    *bits = all_bits(e);
    return true;
  }
  for (unsigned i = 0; e->names[i]; i++)
    if (sharc_str_eq_cstr(kw, e->names[i])) {
      *bits = 1u << i;
      return true;
    }
  sharc_buf list = {0};
  sharc_buf_puts(&list, "none");
  for (unsigned i = 0; e->names[i]; i++)
    sharc_buf_printf(&list, ", %s", e->names[i]);
  if (e->all)
    sharc_buf_printf(&list, ", %s", e->all);
  sharc_p_error_at(p, &at, "expected %s to be one of: %s", e->cpp, list.data);
  sharc_buf_free(&list);
  return false;
}

/* `<kw, kw...>`, the body after the mnemonic. */
static sharc_attr *parse_flags_body(sharc_parser *p, const flag_enum *e, const sharc_attr_def *def) {
  if (!sharc_p_expect(p, '<'))
    return NULL;
  unsigned v = 0, bits = 0;
  do {
    if (!parse_flag_keyword(p, e, &bits)) {
      sharc_p_error_chained(p, "failed to parse %s parameter 'value' which is to be a `%s`",
                            e->ods, e->cpp);
      return NULL;
    }
    v |= bits;
  } while (sharc_p_eat(p, ','));
  if (!sharc_p_expect(p, '>'))
    return NULL;
  return sharc_attr_dialect_one_word(sharc_p_context(p), def, v);
}

static bool parse_overflow_body(sharc_parser *p, sharc_attr **out) {
  return (*out = parse_flags_body(p, &overflow_enum, &overflow_def)) != NULL;
}

static bool parse_fastmath_body(sharc_parser *p, sharc_attr **out) {
  return (*out = parse_flags_body(p, &fastmath_enum, &fastmath_def)) != NULL;
}

static sharc_attr *parse_arith_attr(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  sharc_attr *a = NULL;
  if (sharc_str_eq_cstr(mnemonic, "overflow"))
    return parse_overflow_body(p, &a) ? a : NULL;
  if (sharc_str_eq_cstr(mnemonic, "fastmath"))
    return parse_fastmath_body(p, &a) ? a : NULL;
  sharc_token at = sharc_p_mnemonic_tok(p, mnemonic);
  sharc_p_error_at(p, &at, "unknown attribute `%.*s` in dialect `arith`", (int)mnemonic.len,
                   mnemonic.data);
  return NULL;
}

static bool is_flags(const sharc_attr *a, const sharc_attr_def *def) {
  return a && sharc_attr_def_of(a) == def;
}

/* ---- the ops' inherent attributes -------------------------------------- */

/* An inherent attribute (asm/parse_props.h). */
typedef sharc_prop_spec prop_spec;

static bool overflow_ok(const sharc_attr *a) { return is_flags(a, &overflow_def); }
static bool fastmath_ok(const sharc_attr *a) { return is_flags(a, &fastmath_def); }
static bool unit_ok(const sharc_attr *a) { return sharc_attr_get_kind(a) == SHARC_ATTR_UNIT; }

static bool int_case_ok(const sharc_attr *a, unsigned width, int64_t cases) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_INTEGER)
    return false;
  sharc_type *t = sharc_attr_type(a);
  if (!sharc_type_is_integer(t, width) || sharc_type_int_signedness(t) != SHARC_SIGNLESS)
    return false;
  int64_t v = sharc_attr_int_value(a);
  return v >= 0 && v < cases;
}

static bool cmpi_case_ok(const sharc_attr *a) { return int_case_ok(a, 64, 10); }
static bool cmpf_case_ok(const sharc_attr *a) { return int_case_ok(a, 64, 16); }
static bool rounding_ok(const sharc_attr *a) { return int_case_ok(a, 32, 5); }

static sharc_attr *no_overflow(sharc_context *ctx) {
  return sharc_attr_dialect_one_word(ctx, &overflow_def, 0);
}
static sharc_attr *no_fastmath(sharc_context *ctx) {
  return sharc_attr_dialect_one_word(ctx, &fastmath_def, 0);
}

static const prop_spec overflow_prop = {"overflowFlags", overflow_ok,
                                        "Integer overflow arith flags", no_overflow, NULL};
static const prop_spec fastmath_prop = {"fastmath", fastmath_ok, "Floating point fast math flags",
                                        no_fastmath, NULL};
static const prop_spec fastmath_opt_prop = {"fastmath", fastmath_ok,
                                            "Floating point fast math flags", NULL, NULL};
static const prop_spec exact_prop = {"isExact", unit_ok, "unit attribute", NULL, NULL};
static const prop_spec cmpi_prop = {"predicate", cmpi_case_ok,
                                    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, "
                                    "7, 8, 9",
                                    NULL, NULL};
static const prop_spec cmpf_prop = {"predicate", cmpf_case_ok,
                                    "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, "
                                    "7, 8, 9, 10, 11, 12, 13, 14, 15",
                                    NULL, NULL};
static const prop_spec rounding_prop = {"roundingmode", rounding_ok, "Floating point rounding mode",
                                        NULL, NULL};

/* What an op family has besides its operands: the inherent attributes in
 * ODS order and the result names of its custom printer. */
typedef struct arith_family {
  const prop_spec *props[2];
  const char *const *inherent;
} arith_family;

/* The defaults of DefaultValuedAttr properties an op was given none of. */
static void fill_defaults(sharc_parser *p, sharc_op_builder *b, const prop_spec *const *props) {
  sharc_p_fill_prop_defaults(p, b, props, 2);
}

/* MLIR's checks as the generic form is read (sharc_p_check_props). */
static bool check_props(sharc_parser *p, sharc_op_builder *b, const prop_spec *const *props) {
  return sharc_p_check_props(p, b, props, 2);
}

/* The same checks in the verifier, for ops built otherwise. */
static bool verify_props(sharc_op *op, const prop_spec *const *props) {
  for (unsigned i = 0; i < 2 && props[i]; i++) {
    sharc_attr *a = sharc_op_attr(op, props[i]->name);
    if (a && !props[i]->ok(a)) {
      sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: %s", props[i]->name,
                          props[i]->what);
      return false;
    }
  }
  return true;
}

/* ---- type constraints ---------------------------------------------------- */

static bool mappable(const sharc_type *t) {
  sharc_type_kind k = sharc_type_get_kind(t);
  return k == SHARC_TYPE_TENSOR || k == SHARC_TYPE_UNRANKED_TENSOR || k == SHARC_TYPE_VECTOR;
}

static bool is_memref(const sharc_type *t) {
  sharc_type_kind k = sharc_type_get_kind(t);
  return k == SHARC_TYPE_MEMREF || k == SHARC_TYPE_UNRANKED_MEMREF;
}

/* MLIR's ShapedType: tensors, vectors and memrefs. */
static bool shaped(const sharc_type *t) { return mappable(t) || is_memref(t); }

/* getElementTypeOrSelf. */
static const sharc_type *elem_or_self(const sharc_type *t) {
  return shaped(t) ? sharc_type_element(t) : t;
}

static bool signless_int(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_INTEGER &&
         sharc_type_int_signedness(t) == SHARC_SIGNLESS;
}
static bool signless_int_or_index(const sharc_type *t) {
  return signless_int(t) || sharc_type_get_kind(t) == SHARC_TYPE_INDEX;
}
static bool any_float(const sharc_type *t) { return sharc_type_is_float(t); }
static bool bool_elem(const sharc_type *t) {
  return signless_int(t) && sharc_type_int_width(t) == 1;
}
static bool int_or_float(const sharc_type *t) { return signless_int(t) || any_float(t); }
static bool any_type(const sharc_type *t) {
  (void)t;
  return true;
}

/* ODS's `X-like` type constraints: X, or a vector or tensor of X. */
typedef struct type_constraint {
  bool (*elem)(const sharc_type *t);
  const char *what;
  bool memref; /* a memref of such elements passes too */
} type_constraint;

static const type_constraint int_like = {signless_int_or_index, "signless-integer-like", false};
static const type_constraint float_like = {any_float, "floating-point-like", false};
static const type_constraint bool_like = {bool_elem, "bool-like", false};
static const type_constraint fixed_int_like = {signless_int, "signless-fixed-width-integer-like", false};
static const type_constraint bitcast_like = {
    int_or_float, "signless-integer-or-float-like or memref of signless-integer or float", true};
static const type_constraint index_cast_like = {
    signless_int_or_index, "signless-integer-like or memref of signless-integer", true};
static const type_constraint anything = {any_type, NULL, false};

static bool satisfies(const sharc_type *t, const type_constraint *c) {
  if (is_memref(t) && !c->memref)
    return false;
  return c->elem(elem_or_self(t));
}

static bool check_value(sharc_op *op, const sharc_type *t, const type_constraint *c,
                        const char *kind, unsigned i) {
  if (!c->what || satisfies(t, c))
    return true;
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  sharc_emit_op_error(op, "%s #%u must be %s, but got '%s'", kind, i, c->what, b.data);
  sharc_buf_free(&b);
  return false;
}

/* The operand and result constraints, in ODS order (operands first). */
static bool check_types(sharc_op *op, const type_constraint *const *operands,
                        const type_constraint *result) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!check_value(op, sharc_value_type(sharc_op_operand(op, i)), operands[i], "operand", i))
      return false;
  return check_value(op, sharc_value_type(sharc_op_result(op, 0)), result, "result", 0);
}

static bool operand_count(sharc_op *op, unsigned n) {
  if (sharc_op_num_operands(op) == n)
    return true;
  if (n == 1)
    sharc_emit_op_error(op, "requires a single operand");
  else
    sharc_emit_op_error(op, "expected %u operands, but found %u", n, sharc_op_num_operands(op));
  return false;
}

/* verifyCompatibleShape of two types: both shaped or neither, ranks and
 * static sizes agreeing. */
static bool compatible_shape(const sharc_type *a, const sharc_type *b) {
  if (shaped(a) != shaped(b))
    return false;
  if (!shaped(a) || !sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return true;
  if (sharc_type_rank(a) != sharc_type_rank(b))
    return false;
  for (unsigned i = 0; i < sharc_type_rank(a); i++) {
    int64_t x = sharc_type_shape(a)[i], y = sharc_type_shape(b)[i];
    if (x != SHARC_DYNAMIC && y != SHARC_DYNAMIC && x != y)
      return false;
  }
  return true;
}

static bool same_type_like(const sharc_type *first, const sharc_type *t) {
  return elem_or_self(t) == elem_or_self(first) && compatible_shape(first, t);
}

/* InferTypeOpInterface of an op whose result type is its first operand's
 * (ODS infers it from SameOperandsAndResultType): that type exactly. */
static bool result_inferred(sharc_op *op) {
  sharc_type *want = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *got = sharc_value_type(sharc_op_result(op, 0));
  if (want == got)
    return true;
  sharc_buf a = {0}, b = {0};
  sharc_print_type(want, &a);
  sharc_print_type(got, &b);
  /* emitOptionalError at the op's location: no note, the op's name in the text */
  sharc_emit(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op),
             "'%s' op inferred type(s) '%s' are incompatible with return type(s) of operation "
             "'%s'", sharc_op_def_of(op)->name, a.data, b.data);
  sharc_emit_op_error(op, "failed to infer returned types");
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

/* SameOperandsAndResultType (compatible shapes), Elementwise, then the
 * inferred result type. */
static bool verify_same_type_elementwise(sharc_op *op) {
  return sharc_shlo_all_values_like_first(op, same_type_like,
                                          "requires the same type for all operands and results") &&
         sharc_shlo_trait_elementwise(op) && result_inferred(op);
}

/* getI1SameShape: i1, or the shaped type with i1 elements. */
static sharc_type *i1_same_shape(sharc_context *ctx, const sharc_type *t) {
  sharc_type *i1 = sharc_type_integer(ctx, 1, SHARC_SIGNLESS);
  switch (sharc_type_get_kind(t)) {
  case SHARC_TYPE_TENSOR:
    return sharc_type_tensor(ctx, sharc_type_shape(t), sharc_type_rank(t), i1,
                             sharc_type_encoding(t));
  case SHARC_TYPE_UNRANKED_TENSOR:
    return sharc_type_unranked_tensor(ctx, i1);
  case SHARC_TYPE_VECTOR:
    return sharc_type_vector(ctx, sharc_type_shape(t), t->shaped.scalable,
                             sharc_type_rank(t), i1);
  default:
    return i1;
  }
}

/* ---- families: binary, unary, compare, select, cast ---------------------- */

static const type_constraint *const int_pair[] = {&int_like, &int_like};
static const type_constraint *const float_pair[] = {&float_like, &float_like};

static const char *const no_props[] = {NULL};
static const char *const overflow_names_prop[] = {"overflowFlags", NULL};
static const char *const fastmath_names_prop[] = {"fastmath", NULL};
static const char *const exact_names_prop[] = {"isExact", NULL};
static const char *const predicate_names_prop[] = {"predicate", NULL};
static const char *const cmpf_names_prop[] = {"predicate", "fastmath", NULL};
static const char *const truncf_names_prop[] = {"roundingmode", "fastmath", NULL};

/* The family an op belongs to, kept with the op's name in a table. */
typedef enum family_kind {
  F_INT,       /* $lhs, $rhs attr-dict : type($result) */
  F_INT_OVF,   /* ... (overflow<flags>)? ... */
  F_INT_EXACT, /* ... (exact)? ... */
  F_FLOAT,     /* ... (fastmath<flags>)? ... */
  F_NEGF,      /* $operand (fastmath<flags>)? attr-dict : type($result) */
} family_kind;

static const prop_spec *const *family_props(family_kind f) {
  static const prop_spec *const none[2] = {NULL, NULL};
  static const prop_spec *const ovf[2] = {&overflow_prop, NULL};
  static const prop_spec *const exact[2] = {&exact_prop, NULL};
  static const prop_spec *const fm[2] = {&fastmath_prop, NULL};
  switch (f) {
  case F_INT_OVF:
    return ovf;
  case F_INT_EXACT:
    return exact;
  case F_FLOAT:
  case F_NEGF:
    return fm;
  default:
    return none;
  }
}

static family_kind family_of(const sharc_op_def *def);

static family_kind op_family(const sharc_op *op) { return family_of(sharc_op_def_of(op)); }

/* The flag or keyword that follows the operands: `overflow<..>`,
 * `fastmath<..>` or `exact`. */
static bool parse_trailing_flag(sharc_parser *p, sharc_op_builder *b, family_kind f) {
  sharc_attr *a;
  if (f == F_INT_OVF && sharc_p_eat_keyword(p, "overflow")) {
    if (!sharc_p_parse_attr_with_fallback(p, &overflow_def, parse_overflow_body, &a))
      return false;
    sharc_builder_set_attr(p, b, "overflowFlags", a);
  } else if ((f == F_FLOAT || f == F_NEGF) && sharc_p_eat_keyword(p, "fastmath")) {
    if (!sharc_p_parse_attr_with_fallback(p, &fastmath_def, parse_fastmath_body, &a))
      return false;
    sharc_builder_set_attr(p, b, "fastmath", a);
  } else if (f == F_INT_EXACT && sharc_p_eat_keyword(p, "exact")) {
    sharc_builder_set_attr(p, b, "isExact", sharc_attr_unit(sharc_p_context(p)));
  }
  return true;
}

static const sharc_op_def *builder_def(const sharc_op_builder *b) {
  return sharc_context_lookup_op_ident(b->name);
}

static bool parse_arith_op(sharc_parser *p, sharc_op_builder *b) {
  family_kind f = family_of(builder_def(b));
  unsigned n = f == F_NEGF ? 1 : 2;
  sharc_operand_ref refs[2];
  for (unsigned i = 0; i < n; i++)
    if ((i && !sharc_p_expect(p, ',')) || !sharc_p_parse_operand(p, &refs[i]))
      return false;
  sharc_type *t;
  if (!parse_trailing_flag(p, b, f) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  sharc_type *types[2] = {t, t};
  if (!sharc_p_resolve_operands(p, b, refs, types, n))
    return false;
  sharc_ptrvec_push(&b->result_types, t);
  fill_defaults(p, b, family_props(f));
  return true;
}

static void print_flag_slot(sharc_printer *p, const sharc_op *op, const char *name,
                            const char *keyword) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a || (sharc_attr_get_kind(a) == SHARC_ATTR_DIALECT && !flags_of(a)))
    return;
  sharc_pr_puts(p, " ");
  sharc_pr_puts(p, keyword);
  if (sharc_attr_get_kind(a) == SHARC_ATTR_UNIT)
    return;
  if (sharc_attr_get_kind(a) != SHARC_ATTR_DIALECT) { /* a foreign value: in full */
    sharc_pr_puts(p, " ");
    sharc_pr_attr(p, a);
    return;
  }
  sharc_attr_def_of(a)->print(p, a);
}

static void print_trailing_flag(sharc_printer *p, const sharc_op *op, family_kind f) {
  if (f == F_INT_OVF)
    print_flag_slot(p, op, "overflowFlags", "overflow");
  else if (f == F_FLOAT || f == F_NEGF)
    print_flag_slot(p, op, "fastmath", "fastmath");
  else if (f == F_INT_EXACT)
    print_flag_slot(p, op, "isExact", "exact");
}

static void print_arith_op(sharc_printer *p, sharc_op *op) {
  family_kind f = op_family(op);
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  print_trailing_flag(p, op, f);
  sharc_pr_attr_dict_colon_type(p, op, sharc_op_def_of(op)->inherent);
}

static bool verify_arith_op(sharc_op *op) {
  family_kind f = op_family(op);
  bool fl = f == F_FLOAT || f == F_NEGF;
  unsigned n = f == F_NEGF ? 1 : 2;
  return operand_count(op, n) && verify_props(op, family_props(f)) &&
         check_types(op, fl ? float_pair : int_pair, fl ? &float_like : &int_like) &&
         verify_same_type_elementwise(op);
}

static bool props_arith_op(sharc_parser *p, sharc_op_builder *b) {
  return check_props(p, b, family_props(family_of(builder_def(b))));
}

/* ---- cmpi, cmpf: $predicate, $lhs, $rhs (fastmath)? attr-dict : type($lhs) -- */

static const char *const cmpi_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge",
                                         "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                         "one",   "ord", "ueq", "ugt", "uge", "ult",
                                         "ule",   "une", "uno", "true", NULL};

static bool is_cmpf(const sharc_op_def *def) { return !strcmp(def->name, "arith.cmpf"); }

/* A keyword (or string) of `names`, as the I64EnumAttr's value. */
static bool parse_enum_case(sharc_parser *p, sharc_op_builder *b, const char *const *names,
                            const char *attr, unsigned width) {
  sharc_token at = *sharc_p_tok(p);
  sharc_str kw = {0};
  bool have = at.kind == TOK_BARE_ID || at.kind == TOK_STRING;
  if (at.kind == TOK_STRING)
    have = sharc_p_parse_string(p, &kw);
  else if (have)
    kw = sharc_tok_str(&at), sharc_p_next(p);
  for (unsigned i = 0; have && names[i]; i++)
    if (sharc_str_eq_cstr(kw, names[i])) {
      sharc_context *ctx = sharc_p_context(p);
      sharc_type *t = sharc_type_integer(ctx, width, SHARC_SIGNLESS);
      sharc_builder_set_attr(p, b, attr, sharc_attr_integer(ctx, t, (int64_t)i));
      return true;
    }
  sharc_buf list = {0};
  for (unsigned i = 0; names[i]; i++)
    sharc_buf_printf(&list, "%s%s", i ? ", " : "", names[i]);
  sharc_p_custom_error(p, b, &at,
                       "expected string or keyword containing one of the following enum values "
                       "for attribute '%s' [%s]",
                       attr, list.data);
  sharc_buf_free(&list);
  return false;
}

/* A parsed type that a type transformer (TypesMatchWith's getI1SameShape)
 * turns into the result type: MLIR's generated parser checks it against
 * operand `name`'s constraint first, at the op name, before the operands
 * are resolved (the verifier's check comes too late for it). */
static bool parsed_type_satisfies(sharc_parser *p, const sharc_op_builder *b, const sharc_type *t,
                                  const type_constraint *c, const char *name) {
  if (satisfies(t, c))
    return true;
  sharc_buf text = {0};
  sharc_print_type(t, &text);
  sharc_p_custom_error(p, b, NULL, "'%s' must be %s, but got '%s'", name, c->what, text.data);
  sharc_buf_free(&text);
  return false;
}

static bool parse_cmp(sharc_parser *p, sharc_op_builder *b) {
  bool f = is_cmpf(builder_def(b));
  sharc_operand_ref refs[2];
  if (!parse_enum_case(p, b, f ? cmpf_names : cmpi_names, "predicate", 64) ||
      !sharc_p_expect(p, ',') || !sharc_p_parse_operand(p, &refs[0]) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_operand(p, &refs[1]))
    return false;
  sharc_type *t;
  if (!parse_trailing_flag(p, b, f ? F_FLOAT : F_INT) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t) ||
      !parsed_type_satisfies(p, b, t, f ? &float_like : &int_like, "lhs"))
    return false;
  sharc_type *types[2] = {t, t};
  if (!sharc_p_resolve_operands(p, b, refs, types, 2))
    return false;
  sharc_ptrvec_push(&b->result_types, i1_same_shape(sharc_p_context(p), t));
  if (f)
    fill_defaults(p, b, family_props(F_FLOAT));
  return true;
}

static void print_cmp(sharc_printer *p, sharc_op *op) {
  bool f = is_cmpf(sharc_op_def_of(op));
  const char *const *names = f ? cmpf_names : cmpi_names;
  sharc_attr *pred = sharc_op_attr(op, "predicate");
  int64_t v = pred ? sharc_attr_int_value(pred) : 0;
  sharc_pr_puts(p, " ");
  sharc_pr_puts(p, names[v]);
  sharc_pr_puts(p, ", ");
  sharc_pr_operands(p, op);
  if (f)
    print_flag_slot(p, op, "fastmath", "fastmath");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), sharc_op_def_of(op)->inherent, false);
  sharc_pr_puts(p, " : ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
}

static const prop_spec *const *cmp_props(const sharc_op_def *def) {
  static const prop_spec *const cmpi[2] = {&cmpi_prop, NULL};
  static const prop_spec *const cmpf[2] = {&cmpf_prop, &fastmath_prop};
  return is_cmpf(def) ? cmpf : cmpi;
}

static bool verify_cmp(sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!operand_count(op, 2))
    return false;
  if (!sharc_op_attr(op, "predicate")) {
    sharc_emit_op_error(op, "requires attribute 'predicate'");
    return false;
  }
  if (!verify_props(op, cmp_props(def)) ||
      !check_types(op, is_cmpf(def) ? float_pair : int_pair, &bool_like))
    return false;
  sharc_type *lhs = sharc_value_type(sharc_op_operand(op, 0));
  if (sharc_value_type(sharc_op_result(op, 0)) != i1_same_shape(sharc_op_context(op), lhs)) {
    sharc_emit_op_error(op, "failed to verify that result type has i1 element type and same "
                            "shape as operands");
    return false;
  }
  if (sharc_value_type(sharc_op_operand(op, 1)) != lhs) {
    sharc_emit_op_error(op, "requires all operands to have the same type");
    return false;
  }
  return sharc_shlo_trait_elementwise(op);
}

static bool props_cmp(sharc_parser *p, sharc_op_builder *b) {
  return check_props(p, b, cmp_props(builder_def(b)));
}

/* ---- select: %c, %t, %f attr-dict : [cond-type,] type ---------------------- */

static bool parse_select(sharc_parser *p, sharc_op_builder *b) {
  sharc_token at = *sharc_p_tok(p);
  sharc_operand_ref *refs = NULL;
  unsigned n = 0;
  bool ok = sharc_p_parse_operand_list(p, &refs, &n);
  if (ok && n != 3)
    ok = sharc_p_custom_error(p, b, &at, "expected 3 operands");
  sharc_type *cond = NULL, *t = NULL;
  ok = ok && sharc_p_parse_optional_attr_dict(p, b) && sharc_p_expect(p, ':') &&
       sharc_p_parse_type(p, &t);
  if (ok && sharc_p_eat(p, ',')) {
    cond = t;
    ok = sharc_p_parse_type(p, &t);
  }
  if (ok && !cond)
    cond = sharc_type_integer(sharc_p_context(p), 1, SHARC_SIGNLESS);
  sharc_type *types[3] = {cond, t, t};
  ok = ok && sharc_p_resolve_operands(p, b, refs, types, 3);
  free(refs);
  if (ok)
    sharc_ptrvec_push(&b->result_types, t);
  return ok;
}

static void print_select(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  sharc_pr_puts(p, " : ");
  sharc_type *cond = sharc_value_type(sharc_op_operand(op, 0));
  if (sharc_type_shaped_view(cond)) {
    sharc_pr_type(p, cond);
    sharc_pr_puts(p, ", ");
  }
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 0)));
}

static bool same_shape(const sharc_type *a, const sharc_type *b) {
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return sharc_type_has_rank(a) == sharc_type_has_rank(b);
  unsigned r = sharc_type_rank(a);
  return r == sharc_type_rank(b) &&
         (!r || !memcmp(sharc_type_shape(a), sharc_type_shape(b), r * sizeof(int64_t)));
}

static bool select_traits(sharc_op *op, const sharc_type *cond, const sharc_type *res) {
  const sharc_type *t = sharc_value_type(sharc_op_operand(op, 1));
  if (sharc_value_type(sharc_op_operand(op, 2)) != t || res != t) {
    sharc_emit_op_error(op, "failed to verify that all of {true_value, false_value, result} have "
                            "same type");
    return false;
  }
  bool shaped = sharc_type_shaped_view(cond) && sharc_type_shaped_view(res);
  if (!bool_elem(cond) && !(shaped && same_shape(cond, res))) {
    sharc_emit_op_error(op, "failed to verify that condition is signless i1 or has matching "
                            "shape");
    return false;
  }
  return true;
}

/* SelectOp::verify: an i1 condition, or a mask of the result's shape. */
static bool select_mask(sharc_op *op, sharc_type *cond, const sharc_type *res) {
  if (bool_elem(cond))
    return true;
  sharc_buf a = {0}, b = {0};
  sharc_print_type(cond, &b);
  bool ok = true;
  if (!mappable(res)) {
    sharc_emit_op_error(op, "expected condition to be a signless i1, but got %s", b.data);
    ok = false;
  } else if (cond != i1_same_shape(sharc_op_context(op), res)) {
    sharc_print_type(i1_same_shape(sharc_op_context(op), res), &a);
    sharc_emit_op_error(op, "expected condition type to have the same shape as the result type, "
                            "expected %s, but got %s",
                        a.data, b.data);
    ok = false;
  }
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return ok;
}

bool sharc_arith_props_constant(sharc_parser *p, sharc_op_builder *b) {
  static const prop_spec value_prop = {"value", sharc_attr_is_typed, "TypedAttr instance", NULL,
                                       NULL};
  static const prop_spec *const value[2] = {&value_prop, NULL};
  return check_props(p, b, value);
}

static bool verify_select(sharc_op *op) {
  static const type_constraint *const operands[] = {&bool_like, &anything, &anything};
  if (!operand_count(op, 3) || !check_types(op, operands, &anything))
    return false;
  sharc_type *cond = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *res = sharc_value_type(sharc_op_result(op, 0));
  return select_traits(op, cond, res) && sharc_shlo_trait_elementwise(op) &&
         select_mask(op, cond, res);
}

/* ---- casts: $in (flags)? attr-dict : type($in) to type($out) --------------
 * The scaling casts (scaling_extf, scaling_truncf) take a scale operand
 * after $in and its type after type($in). */

typedef enum cast_check {
  C_WIDER_INT,    /* extui, extsi */
  C_NARROWER_INT, /* trunci */
  C_WIDER_FLOAT,  /* extf */
  C_NARROWER_FLOAT,
  C_INT_TO_FLOAT,
  C_FLOAT_TO_INT,
  C_SAME_WIDTH, /* bitcast */
  C_INDEX,      /* index_cast, index_castui */
} cast_check;

typedef struct cast_spec {
  const char *name;
  cast_check check;
  const type_constraint *in, *out;
  bool scaled; /* a second operand, the scale */
} cast_spec;

static const cast_spec cast_specs[] = {
    {"arith.extui", C_WIDER_INT, &fixed_int_like, &fixed_int_like, false},
    {"arith.extsi", C_WIDER_INT, &fixed_int_like, &fixed_int_like, false},
    {"arith.trunci", C_NARROWER_INT, &fixed_int_like, &fixed_int_like, false},
    {"arith.extf", C_WIDER_FLOAT, &float_like, &float_like, false},
    {"arith.truncf", C_NARROWER_FLOAT, &float_like, &float_like, false},
    {"arith.scaling_extf", C_WIDER_FLOAT, &float_like, &float_like, true},
    {"arith.scaling_truncf", C_NARROWER_FLOAT, &float_like, &float_like, true},
    {"arith.uitofp", C_INT_TO_FLOAT, &fixed_int_like, &float_like, false},
    {"arith.sitofp", C_INT_TO_FLOAT, &fixed_int_like, &float_like, false},
    {"arith.fptoui", C_FLOAT_TO_INT, &float_like, &fixed_int_like, false},
    {"arith.fptosi", C_FLOAT_TO_INT, &float_like, &fixed_int_like, false},
    {"arith.bitcast", C_SAME_WIDTH, &bitcast_like, &bitcast_like, false},
    {"arith.index_cast", C_INDEX, &index_cast_like, &index_cast_like, false},
    {"arith.index_castui", C_INDEX, &index_cast_like, &index_cast_like, false},
};

static const cast_spec *cast_spec_of(const sharc_op_def *def) {
  for (unsigned i = 0; i < sizeof cast_specs / sizeof cast_specs[0]; i++)
    if (!strcmp(cast_specs[i].name, def->name))
      return &cast_specs[i];
  return &cast_specs[0];
}

static const prop_spec *const *cast_props(const sharc_op_def *def) {
  static const prop_spec *const none[2] = {NULL, NULL};
  static const prop_spec *const trunci[2] = {&overflow_prop, NULL};
  static const prop_spec *const extf[2] = {&fastmath_opt_prop, NULL};
  static const prop_spec *const truncf[2] = {&rounding_prop, &fastmath_opt_prop};
  switch (cast_spec_of(def)->check) {
  case C_NARROWER_INT:
    return trunci;
  case C_WIDER_FLOAT:
    return extf;
  case C_NARROWER_FLOAT:
    return truncf;
  default:
    return none;
  }
}

static const char *const rounding_names[] = {"to_nearest_even", "downward", "upward",
                                             "toward_zero", "to_nearest_away", NULL};

/* `($roundingmode^)?`: one of the rounding mode keywords, if one follows. */
static void parse_rounding(sharc_parser *p, sharc_op_builder *b) {
  const sharc_token *t = sharc_p_tok(p);
  for (unsigned i = 0; t->kind == TOK_BARE_ID && rounding_names[i]; i++)
    if (sharc_str_eq_cstr(sharc_tok_str(t), rounding_names[i])) {
      sharc_context *ctx = sharc_p_context(p);
      sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
      sharc_builder_set_attr(p, b, "roundingmode", sharc_attr_integer(ctx, i32, (int64_t)i));
      sharc_p_next(p);
      return;
    }
}

static bool parse_cast(sharc_parser *p, sharc_op_builder *b) {
  const cast_spec *s = cast_spec_of(builder_def(b));
  cast_check c = s->check;
  unsigned n = s->scaled ? 2 : 1;
  sharc_operand_ref refs[2];
  if (!sharc_p_parse_operand(p, &refs[0]))
    return false;
  if (s->scaled && (!sharc_p_expect(p, ',') || !sharc_p_parse_operand(p, &refs[1])))
    return false;
  if (c == C_NARROWER_FLOAT)
    parse_rounding(p, b);
  family_kind f = c == C_NARROWER_INT                           ? F_INT_OVF
                  : c == C_WIDER_FLOAT || c == C_NARROWER_FLOAT ? F_FLOAT
                                                                : F_INT;
  sharc_type *from[2], *to;
  if (!parse_trailing_flag(p, b, f) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &from[0]))
    return false;
  if (s->scaled && (!sharc_p_expect(p, ',') || !sharc_p_parse_type(p, &from[1])))
    return false;
  if (!sharc_p_expect_keyword(p, "to") || !sharc_p_parse_type(p, &to) ||
      !sharc_p_resolve_operands(p, b, refs, from, n))
    return false;
  sharc_ptrvec_push(&b->result_types, to);
  fill_defaults(p, b, cast_props(builder_def(b)));
  return true;
}

static void print_cast(sharc_printer *p, sharc_op *op) {
  cast_check c = cast_spec_of(sharc_op_def_of(op))->check;
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_attr *rm = c == C_NARROWER_FLOAT ? sharc_op_attr(op, "roundingmode") : NULL;
  if (rm && sharc_attr_get_kind(rm) == SHARC_ATTR_INTEGER) {
    sharc_pr_puts(p, " ");
    sharc_pr_puts(p, rounding_names[sharc_attr_int_value(rm)]);
  }
  if (c == C_NARROWER_INT)
    print_flag_slot(p, op, "overflowFlags", "overflow");
  if (c == C_WIDER_FLOAT || c == C_NARROWER_FLOAT) {
    sharc_attr *fm = sharc_op_attr(op, "fastmath");
    if (fm) { /* OptionalAttr: printed whenever present */
      sharc_pr_puts(p, " fastmath");
      if (sharc_attr_get_kind(fm) == SHARC_ATTR_DIALECT)
        sharc_attr_def_of(fm)->print(p, fm);
      else
        sharc_pr_attr(p, fm);
    }
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), sharc_op_def_of(op)->inherent, false);
  sharc_pr_puts(p, " : ");
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    if (i)
      sharc_pr_puts(p, ", ");
    sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, i)));
  }
  sharc_pr_puts(p, " to ");
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 0)));
}

/* SameInputOutputTensorDims: the shapes when tensors, nothing otherwise.
 * MLIR reads an unranked tensor's shape as a ranked one's, which holds
 * only for the very same type. */
static bool same_tensor_dims(const sharc_type *a, const sharc_type *b) {
  bool unranked = sharc_type_get_kind(a) == SHARC_TYPE_UNRANKED_TENSOR ||
                  sharc_type_get_kind(b) == SHARC_TYPE_UNRANKED_TENSOR;
  if (unranked)
    return a == b;
  bool ta = sharc_type_get_kind(a) == SHARC_TYPE_TENSOR;
  bool tb = sharc_type_get_kind(b) == SHARC_TYPE_TENSOR;
  unsigned ra = ta ? sharc_type_rank(a) : 0, rb = tb ? sharc_type_rank(b) : 0;
  return ra == rb && (!ra || !memcmp(sharc_type_shape(a), sharc_type_shape(b), ra * sizeof(int64_t)));
}

static bool width_cast(const sharc_type *a, const sharc_type *b, bool floats, int order) {
  bool ok = floats ? any_float(a) && any_float(b)
                   : sharc_type_get_kind(a) == SHARC_TYPE_INTEGER &&
                         sharc_type_get_kind(b) == SHARC_TYPE_INTEGER;
  if (!ok)
    return false;
  unsigned wa = sharc_type_bit_width(a), wb = sharc_type_bit_width(b);
  return order > 0 ? wb > wa : order < 0 ? wb < wa : wa == wb;
}

/* arith's areCastCompatible for each cast. */
static bool cast_compatible(cast_check c, const sharc_type *in, const sharc_type *out) {
  if (!compatible_shape(in, out))
    return false;
  const sharc_type *a = elem_or_self(in), *b = elem_or_self(out);
  switch (c) {
  case C_WIDER_INT:
    return width_cast(a, b, false, 1);
  case C_NARROWER_INT:
    return width_cast(a, b, false, -1);
  case C_WIDER_FLOAT:
    return width_cast(a, b, true, 1);
  case C_NARROWER_FLOAT:
    return width_cast(a, b, true, -1);
  case C_INT_TO_FLOAT:
    return sharc_type_get_kind(a) == SHARC_TYPE_INTEGER && any_float(b);
  case C_FLOAT_TO_INT:
    return any_float(a) && sharc_type_get_kind(b) == SHARC_TYPE_INTEGER;
  case C_SAME_WIDTH:
    return int_or_float(a) && int_or_float(b) &&
           sharc_type_bit_width(a) == sharc_type_bit_width(b);
  case C_INDEX: /* index to signless integer or back */
    return (sharc_type_get_kind(a) == SHARC_TYPE_INDEX && signless_int(b)) ||
           (signless_int(a) && sharc_type_get_kind(b) == SHARC_TYPE_INDEX);
  }
  return false;
}

/* CastOpInterface's verdict on incompatible types: every operand's type,
 * the scale's included, in the message. */
static bool cast_incompatible(sharc_op *op) {
  sharc_buf a = {0}, b = {0};
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 0; i < n; i++) {
    sharc_buf_puts(&a, i ? "', '" : "");
    sharc_print_type(sharc_value_type(sharc_op_operand(op, i)), &a);
  }
  sharc_print_type(sharc_value_type(sharc_op_result(op, 0)), &b);
  sharc_emit_op_error(op, "operand type%s '%s' and result type '%s' are cast incompatible",
                      n == 1 ? "" : "s", a.data, b.data);
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

bool sharc_arith_verify_cast(sharc_op *op) {
  const cast_spec *s = cast_spec_of(sharc_op_def_of(op));
  const type_constraint *in_c[] = {s->in, s->in};
  if (!operand_count(op, s->scaled ? 2 : 1) || !verify_props(op, cast_props(sharc_op_def_of(op))) ||
      !check_types(op, in_c, s->out))
    return false;
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  if (!same_tensor_dims(in, out)) {
    sharc_emit_op_error(op, "failed to verify that input and output have the same tensor "
                            "dimensions");
    return false;
  }
  /* SameOperandsAndResultShape is the plain casts' (Arith_CastOp) only */
  if (!s->scaled && !compatible_shape(in, out)) {
    sharc_emit_op_error(op, "requires the same shape for all operands and results");
    return false;
  }
  if (!cast_compatible(s->check, in, out))
    return cast_incompatible(op);
  return sharc_shlo_trait_elementwise(op);
}

static bool props_cast(sharc_parser *p, sharc_op_builder *b) {
  return check_props(p, b, cast_props(builder_def(b)));
}

/* ---- addui_extended, mulsi_extended, mului_extended: two results ---------- */

static bool is_add_extended(const sharc_op_def *def) {
  return !strcmp(def->name, "arith.addui_extended");
}

/* `$lhs, $rhs attr-dict : type($sum), type($overflow)` or `: type($lhs)`. */
static bool parse_extended(sharc_parser *p, sharc_op_builder *b) {
  bool add = is_add_extended(builder_def(b));
  sharc_operand_ref refs[2];
  sharc_type *t, *second;
  if (!sharc_p_parse_operand(p, &refs[0]) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_operand(p, &refs[1]) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  second = t;
  if (add && (!sharc_p_expect(p, ',') || !sharc_p_parse_type(p, &second)))
    return false;
  sharc_type *types[2] = {t, t};
  if (!sharc_p_resolve_operands(p, b, refs, types, 2))
    return false;
  sharc_ptrvec_push(&b->result_types, t);
  sharc_ptrvec_push(&b->result_types, second);
  return true;
}

static void print_extended(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  sharc_pr_puts(p, " : ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
  if (!is_add_extended(sharc_op_def_of(op)))
    return;
  sharc_pr_puts(p, ", ");
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 1)));
}

static bool verify_extended(sharc_op *op) {
  bool add = is_add_extended(sharc_op_def_of(op));
  if (sharc_op_num_results(op) != 2) {
    sharc_emit_op_error(op, "expected 2 results");
    return false;
  }
  if (!operand_count(op, 2) || !check_types(op, int_pair, &int_like) ||
      !check_value(op, sharc_value_type(sharc_op_result(op, 1)), add ? &bool_like : &int_like,
                   "result", 1))
    return false;
  sharc_type *t = sharc_value_type(sharc_op_operand(op, 0));
  bool same = sharc_value_type(sharc_op_operand(op, 1)) == t &&
              sharc_value_type(sharc_op_result(op, 0)) == t &&
              (add || sharc_value_type(sharc_op_result(op, 1)) == t);
  if (!same) {
    sharc_emit_op_error(op, "failed to verify that all of {%s} have same type",
                        add ? "lhs, rhs, sum" : "lhs, rhs, low, high");
    return false;
  }
  return sharc_shlo_trait_elementwise(op);
}

static void extended_names(const sharc_op *op, sharc_set_name_fn set, void *state) {
  bool add = is_add_extended(sharc_op_def_of(op));
  set(state, sharc_op_result(op, 0), add ? "sum" : "low");
  set(state, sharc_op_result(op, 1), add ? "overflow" : "high");
}

#define EXTENDED_OP(var, opname)                                                                 \
  static const sharc_op_def var = {                                                             \
      .name = opname,                                                                           \
      .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS |         \
                SHARC_TRAIT_COMMUTATIVE,                                                        \
      .parse = parse_extended,                                                                  \
      .print = print_extended,                                                                  \
      .verify = verify_extended,                                                                \
      .result_names = extended_names,                                                           \
      .dialect = &sharc_arith_dialect,                                                          \
  }

EXTENDED_OP(addui_extended_def, "arith.addui_extended");
EXTENDED_OP(mulsi_extended_def, "arith.mulsi_extended");
EXTENDED_OP(mului_extended_def, "arith.mului_extended");

/* ---- op tables ---------------------------------------------------------- */

#define BINARY_TRAITS (SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS | \
                       SHARC_TRAIT_ONE_RESULT)

#define ARITH_OP_FOLD(var, opname, extra, props, folder)                                        \
  static const sharc_op_def var = {                                                             \
      .name = opname,                                                                           \
      .traits = BINARY_TRAITS | (extra),                                                        \
      .inherent = props,                                                                        \
      .parse = parse_arith_op,                                                                  \
      .print = print_arith_op,                                                                  \
      .verify = verify_arith_op,                                                                \
      .generic_props = props_arith_op,                                                          \
      .fold = folder,                                                                           \
      .dialect = &sharc_arith_dialect,                                                          \
  }
#define ARITH_OP(var, opname, extra, props) ARITH_OP_FOLD(var, opname, extra, props, NULL)

#define C SHARC_TRAIT_COMMUTATIVE
ARITH_OP(addi_def, "arith.addi", C, overflow_names_prop);
ARITH_OP(subi_def, "arith.subi", 0, overflow_names_prop);
ARITH_OP(muli_def, "arith.muli", C, overflow_names_prop);
ARITH_OP(shli_def, "arith.shli", 0, overflow_names_prop);
ARITH_OP(divui_def, "arith.divui", 0, exact_names_prop);
ARITH_OP(divsi_def, "arith.divsi", 0, exact_names_prop);
ARITH_OP(shrui_def, "arith.shrui", 0, exact_names_prop);
ARITH_OP(shrsi_def, "arith.shrsi", 0, exact_names_prop);
ARITH_OP(ceildivui_def, "arith.ceildivui", 0, no_props);
ARITH_OP(ceildivsi_def, "arith.ceildivsi", 0, no_props);
ARITH_OP(floordivsi_def, "arith.floordivsi", 0, no_props);
ARITH_OP(remui_def, "arith.remui", 0, no_props);
ARITH_OP(remsi_def, "arith.remsi", 0, no_props);
ARITH_OP_FOLD(andi_def, "arith.andi", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(ori_def, "arith.ori", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP(xori_def, "arith.xori", C, no_props);
ARITH_OP_FOLD(maxsi_def, "arith.maxsi", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(maxui_def, "arith.maxui", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(minsi_def, "arith.minsi", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(minui_def, "arith.minui", C, no_props,
              sharc_arith_fold_same_operands);
ARITH_OP(addf_def, "arith.addf", C, fastmath_names_prop);
ARITH_OP(subf_def, "arith.subf", 0, fastmath_names_prop);
ARITH_OP(mulf_def, "arith.mulf", C, fastmath_names_prop);
ARITH_OP(divf_def, "arith.divf", 0, fastmath_names_prop);
ARITH_OP(remf_def, "arith.remf", 0, fastmath_names_prop);
ARITH_OP_FOLD(maximumf_def, "arith.maximumf", C, fastmath_names_prop,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(minimumf_def, "arith.minimumf", C, fastmath_names_prop,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(maxnumf_def, "arith.maxnumf", C, fastmath_names_prop,
              sharc_arith_fold_same_operands);
ARITH_OP_FOLD(minnumf_def, "arith.minnumf", C, fastmath_names_prop,
              sharc_arith_fold_same_operands);
ARITH_OP(negf_def, "arith.negf", 0, fastmath_names_prop);
#undef C

static family_kind family_of(const sharc_op_def *def) {
  const char *const *props = def->inherent;
  if (def == &negf_def)
    return F_NEGF;
  if (props == overflow_names_prop)
    return F_INT_OVF;
  if (props == exact_names_prop)
    return F_INT_EXACT;
  return props == fastmath_names_prop ? F_FLOAT : F_INT;
}

static const sharc_op_def cmpi_def = {
    .name = "arith.cmpi",
    .traits = BINARY_TRAITS,
    .inherent = predicate_names_prop,
    .parse = parse_cmp,
    .print = print_cmp,
    .verify = verify_cmp,
    .generic_props = props_cmp,
    .dialect = &sharc_arith_dialect,
};

static const sharc_op_def cmpf_def = {
    .name = "arith.cmpf",
    .traits = BINARY_TRAITS,
    .inherent = cmpf_names_prop,
    .parse = parse_cmp,
    .print = print_cmp,
    .verify = verify_cmp,
    .generic_props = props_cmp,
    .dialect = &sharc_arith_dialect,
};

static const sharc_op_def select_def = {
    .name = "arith.select",
    .traits = BINARY_TRAITS,
    .parse = parse_select,
    .print = print_select,
    .verify = verify_select,
    .fold = sharc_arith_fold_select_same,
    .dialect = &sharc_arith_dialect,
};

#define CAST_OP(var, opname, props)                                                              \
  static const sharc_op_def var = {                                                             \
      .name = opname,                                                                           \
      .traits = BINARY_TRAITS,                                                                  \
      .inherent = props,                                                                        \
      .parse = parse_cast,                                                                      \
      .print = print_cast,                                                                      \
      .verify = sharc_arith_verify_cast,                                                                    \
      .generic_props = props_cast,                                                              \
      .dialect = &sharc_arith_dialect,                                                          \
  }

CAST_OP(extui_def, "arith.extui", no_props);
CAST_OP(extsi_def, "arith.extsi", no_props);
CAST_OP(trunci_def, "arith.trunci", overflow_names_prop);
CAST_OP(extf_def, "arith.extf", fastmath_names_prop);
CAST_OP(truncf_def, "arith.truncf", truncf_names_prop);
CAST_OP(scaling_extf_def, "arith.scaling_extf", fastmath_names_prop);
CAST_OP(scaling_truncf_def, "arith.scaling_truncf", truncf_names_prop);
CAST_OP(uitofp_def, "arith.uitofp", no_props);
CAST_OP(sitofp_def, "arith.sitofp", no_props);
CAST_OP(fptoui_def, "arith.fptoui", no_props);
CAST_OP(fptosi_def, "arith.fptosi", no_props);
CAST_OP(bitcast_def, "arith.bitcast", no_props);

static const sharc_op_def index_castui_def = {
    .name = "arith.index_castui",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ELEMENTWISE | SHARC_TRAIT_ZERO_REGIONS |
              SHARC_TRAIT_ONE_RESULT,
    .parse = sharc_p_parse_cast_like,
    .print = sharc_pr_cast_like,
    .verify = sharc_arith_verify_cast,
    .dialect = &sharc_arith_dialect,
};

static const sharc_op_def *const arith_ops[] = {
    &sharc_arith_constant_def, &sharc_arith_index_cast_def,
    &addi_def, &subi_def, &muli_def, &shli_def, &divui_def, &divsi_def, &shrui_def, &shrsi_def,
    &ceildivui_def, &ceildivsi_def, &floordivsi_def, &remui_def, &remsi_def, &andi_def, &ori_def,
    &xori_def, &maxsi_def, &maxui_def, &minsi_def, &minui_def, &addf_def, &subf_def, &mulf_def,
    &divf_def, &remf_def, &maximumf_def, &minimumf_def, &maxnumf_def, &minnumf_def, &negf_def,
    &cmpi_def, &cmpf_def, &select_def, &extui_def, &extsi_def, &trunci_def, &extf_def,
    &truncf_def, &scaling_extf_def, &scaling_truncf_def, &uitofp_def, &sitofp_def, &fptoui_def, &fptosi_def, &bitcast_def,
    &index_castui_def, &addui_extended_def, &mulsi_extended_def, &mului_extended_def,
};

/* ---- bytecode: ODS writes the inherent attributes as properties ---------- */

/* Sorted by name, as ODS writes them; DefaultValuedAttr and OptionalAttr
 * ones go as optional attributes. The dialect has no bytecode interface:
 * its flag attributes go as text. */
static const sharc_bc_prop value_bc[] = {{"value", false}};
static const sharc_bc_prop overflow_bc[] = {{"overflowFlags", true}};
static const sharc_bc_prop fastmath_bc[] = {{"fastmath", true}};
static const sharc_bc_prop exact_bc[] = {{"isExact", true}};
static const sharc_bc_prop cmpi_bc[] = {{"predicate", false}};
static const sharc_bc_prop cmpf_bc[] = {{"fastmath", true}, {"predicate", false}};
static const sharc_bc_prop truncf_bc[] = {{"fastmath", true}, {"roundingmode", true}};

#define BC_ENTRY(props) {NULL, props, sizeof props / sizeof props[0], NULL, NULL, NULL}

static const sharc_bc_op *bc_op_entry(const sharc_op_def *def) {
  static const sharc_bc_op value = BC_ENTRY(value_bc), overflow = BC_ENTRY(overflow_bc),
                           fastmath = BC_ENTRY(fastmath_bc), exact = BC_ENTRY(exact_bc),
                           cmpi = BC_ENTRY(cmpi_bc), cmpf = BC_ENTRY(cmpf_bc),
                           truncf = BC_ENTRY(truncf_bc);
  const char *const *inh = def->inherent;
  if (def == &sharc_arith_constant_def)
    return &value;
  if (inh == overflow_names_prop)
    return &overflow;
  if (inh == fastmath_names_prop)
    return &fastmath;
  if (inh == exact_names_prop)
    return &exact;
  if (inh == predicate_names_prop)
    return &cmpi;
  if (inh == cmpf_names_prop)
    return &cmpf;
  return inh == truncf_names_prop ? &truncf : NULL;
}

static const sharc_bytecode_dialect arith_bytecode = {.op_entry = bc_op_entry};

const sharc_dialect sharc_arith_dialect = {
    .name = "arith",
    .ops = arith_ops,
    .num_ops = sizeof arith_ops / sizeof arith_ops[0],
    .parse_attr = parse_arith_attr,
    .bytecode = &arith_bytecode,
};

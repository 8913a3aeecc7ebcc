/* MLIR's LLVM dialect as far as StableHLO's tests need it (stablehlo-opt
 * registers every MLIR dialect; verify_scatter.mlir puts an `llvm.add` in a
 * reduction body): llvm.add with its integer overflow flags, the
 * `#llvm.overflow<...>` attribute holding them, and LLVM_AddOp's verifier
 * (two operands and a result of one signless integer, or vector of signless
 * integer, type). */
#include "asm/parser.h"
#include "asm/printer.h"
#include "sharc/asm.h"

extern const sharc_dialect sharc_llvm_dialect;

/* ---- #llvm.overflow<none | nsw, nuw> ------------------------------------ */

enum { OVERFLOW_NSW = 1, OVERFLOW_NUW = 2 };
static const char *const overflow_names[] = {"nsw", "nuw"};

static void overflow_text(sharc_buf *b, unsigned flags) {
  if (!flags) {
    sharc_buf_printf(b, "none");
    return;
  }
  const char *sep = "";
  for (unsigned i = 0; i < 2; i++)
    if (flags & (1u << i)) {
      sharc_buf_printf(b, "%s%s", sep, overflow_names[i]);
      sep = ", ";
    }
}

static void print_overflow(sharc_printer *p, const sharc_attr *a) {
  sharc_buf b = {0};
  SHARC_BUF_LIT(&b, "<");
  overflow_text(&b, (unsigned)a->params.words[0]);
  sharc_buf_printf(&b, ">");
  sharc_pr_puts(p, b.data);
  sharc_buf_free(&b);
}

static const sharc_attr_def overflow_def = {"overflow", &sharc_llvm_dialect, print_overflow,
                                            NULL, sharc_attr_never_alias, NULL};

static sharc_attr *overflow_get(sharc_context *ctx, unsigned flags) {
  uintptr_t w = flags;
  return sharc_attr_dialect(ctx, &overflow_def, &w, 1, NULL);
}

/* The property: an i32 as MLIR 22 stores the enum (the attribute form is
 * accepted too). */
static unsigned overflow_flags(const sharc_attr *a) {
  if (a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == &overflow_def)
    return (unsigned)a->params.words[0];
  return a && a->kind == SHARC_ATTR_INTEGER ? (unsigned)sharc_attr_int_value(a) & 3u : 0;
}

/* The bit-enum body `none` or `nsw, nuw` up to the closing `>`. */
static bool parse_overflow_flag(sharc_parser *p, void *state) {
  unsigned *flags = state;
  const sharc_token *t = sharc_p_tok(p);
  unsigned bit = 0;
  for (unsigned i = 0; i < 2 && !bit; i++)
    if (sharc_tok_is_keyword(t, overflow_names[i]))
      bit = 1u << i;
  if (!bit && !sharc_tok_is_keyword(t, "none")) {
    sharc_str s = sharc_tok_str(t);
    return sharc_p_error(p, "expected one of [none, nsw, nuw] for LLVM integer overflow flags, got: %.*s",
                         (int)s.len, s.data);
  }
  *flags |= bit;
  sharc_p_next(p);
  return true;
}

static bool parse_overflow_body(sharc_parser *p, unsigned *flags) {
  *flags = 0;
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_overflow_flag, flags, NULL) &&
         sharc_p_expect(p, '>');
}

static sharc_attr *parse_attr(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  unsigned flags = 0;
  if (!sharc_str_eq_cstr(mnemonic, "overflow")) {
    sharc_p_error(p, "unknown attribute `%.*s` in dialect `llvm`", (int)mnemonic.len, mnemonic.data);
    return NULL;
  }
  if (!sharc_p_expect(p, '<') || !parse_overflow_body(p, &flags))
    return NULL;
  return overflow_get(sharc_p_context(p), flags);
}

/* ---- llvm.add --------------------------------------------------------------- */

static const char *const overflow_props[] = {"overflowFlags", NULL};

/* `%a, %b (overflow<flags>)? attr-dict : type` */
static bool parse_int_binary(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref refs[2];
  sharc_type *t;
  if (!sharc_p_parse_operand(p, &refs[0]) || !sharc_p_expect(p, ',') ||
      !sharc_p_parse_operand(p, &refs[1]))
    return false;
  unsigned flags = 0;
  if (sharc_p_eat_keyword(p, "overflow") && (!sharc_p_expect(p, '<') || !parse_overflow_body(p, &flags)))
    return false;
  sharc_context *ctx = sharc_p_context(p);
  sharc_builder_set_attr(p, b, "overflowFlags",
                         sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), flags));
  if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t))
    return false;
  for (unsigned i = 0; i < 2; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(p, &refs[i], t, &v))
      return false;
    sharc_ptrvec_push(&b->operands, v);
  }
  sharc_ptrvec_push(&b->result_types, t);
  return true;
}

static void print_int_binary(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  unsigned flags = overflow_flags(sharc_op_attr(op, "overflowFlags"));
  if (flags) {
    sharc_buf b = {0};
    SHARC_BUF_LIT(&b, " overflow<");
    overflow_text(&b, flags);
    sharc_buf_printf(&b, ">");
    sharc_pr_puts(p, b.data);
    sharc_buf_free(&b);
  }
  sharc_pr_attr_dict_colon_type(p, op, overflow_props);
}

/* AnySignlessInteger, or an LLVM-compatible vector of them. */
static bool is_signless_int_or_vector(const sharc_type *t) {
  if (sharc_type_get_kind(t) == SHARC_TYPE_VECTOR)
    t = sharc_type_element(t);
  return sharc_type_get_kind(t) == SHARC_TYPE_INTEGER && t->integer.sign == SHARC_SIGNLESS;
}

static bool type_constraint_error(sharc_op *op, const char *what, unsigned i, const sharc_type *t) {
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  sharc_emit_op_error(op,
                      "%s #%u must be signless integer or LLVM dialect-compatible vector of "
                      "signless integer, but got '%s'",
                      what, i, b.data);
  sharc_buf_free(&b);
  return false;
}

/* The generated verifier: the property's kind, the operand and result type
 * constraints, then SameOperandsAndResultType. */
static bool verify_int_binary(sharc_op *op) {
  sharc_attr *flags = sharc_op_attr(op, "overflowFlags");
  if (flags && flags->kind != SHARC_ATTR_INTEGER &&
      !(flags->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(flags) == &overflow_def)) {
    sharc_emit_op_error(op, "attribute 'overflowFlags' failed to satisfy constraint: LLVM integer "
                            "overflow flags");
    return false;
  }
  if (sharc_op_num_operands(op) != 2) {
    sharc_emit_op_error(op, "expected 2 operands, but found %u", sharc_op_num_operands(op));
    return false;
  }
  if (sharc_op_num_results(op) != 1) {
    sharc_emit_op_error(op, "requires one result");
    return false;
  }
  for (unsigned i = 0; i < 2; i++) {
    sharc_type *t = sharc_value_type(sharc_op_operand(op, i));
    if (!is_signless_int_or_vector(t))
      return type_constraint_error(op, "operand", i, t);
  }
  sharc_type *res = sharc_value_type(sharc_op_result(op, 0));
  if (!is_signless_int_or_vector(res))
    return type_constraint_error(op, "result", 0, res);
  if (sharc_value_type(sharc_op_operand(op, 0)) != res ||
      sharc_value_type(sharc_op_operand(op, 1)) != res) {
    sharc_emit_op_error(op, "requires the same type for all operands and results");
    return false;
  }
  return true;
}

static const sharc_op_def llvm_add_def = {
    .name = "llvm.add",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_COMMUTATIVE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = overflow_props,
    .parse = parse_int_binary,
    .print = print_int_binary,
    .verify = verify_int_binary,
    .dialect = &sharc_llvm_dialect,
};

static const sharc_op_def *const llvm_ops[] = {&llvm_add_def};

const sharc_dialect sharc_llvm_dialect = {
    .name = "llvm",
    .ops = llvm_ops,
    .num_ops = 1,
    .parse_attr = parse_attr,
};

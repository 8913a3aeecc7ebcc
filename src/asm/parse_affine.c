/* Parsing of affine maps, integer sets and strided layouts, following MLIR's
 * AffineParser: the same operator associativity (so the same construction
 * order, which the simplifications depend on) and the same errors at the
 * same places. */
#include "asm/parse_affine.h"
#include "ir/affine.h"
#include "support/vec.h"

typedef enum { LOW_NONE, LOW_ADD, LOW_SUB } low_op;

/* A declared dimension or symbol and the expression it stands for. */
typedef struct affine_name {
  sharc_str name;
  const sharc_affine_expr *id;
} affine_name;

typedef struct affine_parser {
  sharc_parser *p;
  SHARC_VEC(affine_name) names; /* declared dims, then symbols */
  unsigned ndims, nsyms;
} affine_parser;

/* ---- errors ---------------------------------------------------------------- */

/* A token standing at `at` in the buffer, to place an error there. */
static sharc_token token_at(const sharc_parser *p, const char *at) {
  sharc_token t = p->tok;
  t.line = p->first_line;
  const char *ls = p->first_line_start;
  for (const char *q = p->lx.buf; q < at; q++)
    if (*q == '\n') {
      t.line++;
      ls = q + 1;
    }
  t.col = (unsigned)(at - ls) + 1;
  return t;
}

/* MLIR's emitError: at the current token, or at the last character when
 * the input has run out. */
static bool cur_error(sharc_parser *p, const char *msg) {
  sharc_token t = p->tok;
  if (t.kind == TOK_EOF && t.start > p->lx.buf)
    t = token_at(p, t.start - 1);
  return sharc_p_error_at(p, &t, "%s", msg);
}

/* A missing token is a wrong-token error. */
static bool expect_punct(sharc_parser *p, char c, const char *msg) {
  return sharc_p_eat(p, c) || sharc_p_wrong_token_error(p, msg);
}

/* ---- expressions -------------------------------------------------------------- */

static const sharc_affine_expr *parse_expr(affine_parser *ap);
static const sharc_affine_expr *parse_operand(affine_parser *ap, const sharc_affine_expr *lhs);

static const sharc_affine_expr *parse_paren(affine_parser *ap) {
  sharc_parser *p = ap->p;
  sharc_p_next(p); /* ( */
  if (sharc_tok_is(&p->tok, ')'))
    return cur_error(p, "no expression inside parentheses"), NULL;
  if (!sharc_p_enter(p))
    return NULL;
  const sharc_affine_expr *e = parse_expr(ap);
  sharc_p_leave(p);
  if (!e || !expect_punct(p, ')', "expected ')'"))
    return NULL;
  return e;
}

/* `-x` binds tighter than any binary operator: its operand is one operand. */
static const sharc_affine_expr *parse_negation(affine_parser *ap, const sharc_affine_expr *lhs) {
  sharc_parser *p = ap->p;
  sharc_p_next(p); /* - */
  if (!sharc_p_enter(p))
    return NULL;
  const sharc_affine_expr *e = parse_operand(ap, lhs);
  sharc_p_leave(p);
  if (!e)
    return cur_error(p, "missing operand of negation"), NULL;
  return sharc_affine_neg(p->ctx, e);
}

/* A declared dimension or symbol name. */
static const sharc_affine_expr *parse_bare_id(affine_parser *ap) {
  sharc_parser *p = ap->p;
  sharc_str s = sharc_tok_str(&p->tok);
  for (unsigned i = 0; i < ap->names.len; i++)
    if (sharc_str_eq(ap->names.items[i].name, s)) {
      sharc_p_next(p);
      return ap->names.items[i].id;
    }
  return sharc_p_wrong_token_error(p, "use of undeclared identifier"), NULL;
}

static const sharc_affine_expr *parse_integer(affine_parser *ap) {
  sharc_parser *p = ap->p;
  uint64_t w[SHARC_INT_WORDS];
  unsigned n;
  if (!sharc_p_int_magnitude(&p->tok, w, &n) || n > 1 || w[0] > (uint64_t)INT64_MAX)
    return cur_error(p, "constant too large for index"), NULL;
  sharc_p_next(p);
  return sharc_affine_const(p->ctx, (int64_t)w[0]);
}

/* `symbol(%x)` and `%x` name SSA values, which only affine ops' custom
 * forms accept; in an attribute they are errors. */
static const sharc_affine_expr *parse_ssa_use(affine_parser *ap) {
  sharc_parser *p = ap->p;
  if (sharc_tok_is_keyword(&p->tok, "symbol")) {
    sharc_p_next(p);
    if (!expect_punct(p, '(', "expected '(' at start of SSA symbol"))
      return NULL;
  }
  return sharc_p_wrong_token_error(p, "unexpected ssa identifier"), NULL;
}

/* One operand; `lhs` is the expression left of a pending operator, if any,
 * which decides what a missing operand is called. */
static const sharc_affine_expr *parse_operand(affine_parser *ap, const sharc_affine_expr *lhs) {
  sharc_parser *p = ap->p;
  const sharc_token *t = &p->tok;
  if (sharc_tok_is_keyword(t, "symbol") || t->kind == TOK_PERCENT_ID)
    return parse_ssa_use(ap);
  if (t->kind == TOK_INTEGER)
    return parse_integer(ap);
  if (sharc_tok_is(t, '('))
    return parse_paren(ap);
  if (sharc_tok_is(t, '-'))
    return parse_negation(ap, lhs);
  if (t->kind == TOK_BARE_ID) /* `mod`, `floordiv`, ... too: any keyword names an id */
    return parse_bare_id(ap);
  if (sharc_tok_is(t, '+') || sharc_tok_is(t, '*'))
    return cur_error(p, lhs ? "missing right operand of binary operator"
                            : "missing left operand of binary operator"),
           NULL;
  return cur_error(p, lhs ? "missing right operand of binary operator"
                          : "expected affine expression"),
         NULL;
}

static low_op eat_low_op(sharc_parser *p) {
  if (sharc_p_eat(p, '+'))
    return LOW_ADD;
  if (sharc_p_eat(p, '-'))
    return LOW_SUB;
  return LOW_NONE;
}

/* The tightly binding operators; SHARC_AFFINE_CONST stands for "none". */
static sharc_affine_kind eat_high_op(sharc_parser *p) {
  static const struct {
    const char *kw;
    sharc_affine_kind kind;
  } ops[] = {{"floordiv", SHARC_AFFINE_FLOORDIV},
             {"ceildiv", SHARC_AFFINE_CEILDIV},
             {"mod", SHARC_AFFINE_MOD}};
  if (sharc_p_eat(p, '*'))
    return SHARC_AFFINE_MUL;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (sharc_p_eat_keyword(p, ops[i].kw))
      return ops[i].kind;
  return SHARC_AFFINE_CONST;
}

static const char *high_op_name(sharc_affine_kind k) {
  return k == SHARC_AFFINE_FLOORDIV ? "floordiv" : k == SHARC_AFFINE_CEILDIV ? "ceildiv" : "mod";
}

/* A product, quotient or remainder must stay affine; errors point at the
 * operator token MLIR remembers for it. */
static const sharc_affine_expr *make_high(sharc_parser *p, sharc_affine_kind op,
                                          const sharc_affine_expr *l, const sharc_affine_expr *r,
                                          const sharc_token *op_tok) {
  if (op == SHARC_AFFINE_MUL) {
    if (!sharc_affine_is_symbolic_or_const(l) && !sharc_affine_is_symbolic_or_const(r))
      return sharc_p_error_at(p, op_tok, "non-affine expression: at least one of the multiply "
                                         "operands has to be either a constant or symbolic"),
             NULL;
  } else if (!sharc_affine_is_symbolic_or_const(r)) {
    return sharc_p_error_at(p, op_tok,
                            "non-affine expression: right operand of %s has to be either a "
                            "constant or symbolic",
                            high_op_name(op)),
           NULL;
  }
  return sharc_affine_binary(p->ctx, op, l, r);
}

static const sharc_affine_expr *make_low(sharc_context *ctx, low_op op, const sharc_affine_expr *l,
                                         const sharc_affine_expr *r) {
  return op == LOW_ADD ? sharc_affine_add(ctx, l, r) : sharc_affine_sub(ctx, l, r);
}

/* `lhs op x op y ...` for the tight operators, left-associative. As in
 * MLIR, a combination's error points at the operator after it, if any. */
static const sharc_affine_expr *parse_high_chain(affine_parser *ap, const sharc_affine_expr *acc,
                                                 sharc_affine_kind acc_op, sharc_token acc_tok) {
  sharc_parser *p = ap->p;
  for (;;) {
    const sharc_affine_expr *x = parse_operand(ap, acc);
    if (!x)
      return NULL;
    sharc_token op_tok = p->tok;
    sharc_affine_kind op = eat_high_op(p);
    if (op == SHARC_AFFINE_CONST)
      return make_high(p, acc_op, acc, x, &acc_tok);
    acc = make_high(p, acc_op, acc, x, &op_tok);
    if (!acc)
      return NULL;
    acc_op = op;
    acc_tok = op_tok;
  }
}

/* A sum of terms, each an operand or a chain of tight operators. */
static const sharc_affine_expr *parse_expr(affine_parser *ap) {
  sharc_parser *p = ap->p;
  const sharc_affine_expr *acc = NULL;
  low_op acc_op = LOW_NONE;
  for (;;) {
    const sharc_affine_expr *term = parse_operand(ap, acc);
    if (!term)
      return NULL;
    low_op next = eat_low_op(p);
    if (next == LOW_NONE) {
      sharc_token op_tok = p->tok;
      sharc_affine_kind hop = eat_high_op(p);
      if (hop != SHARC_AFFINE_CONST) {
        term = parse_high_chain(ap, term, hop, op_tok);
        if (!term)
          return NULL;
        next = eat_low_op(p);
      }
    }
    acc = acc ? make_low(p->ctx, acc_op, acc, term) : term;
    if (next == LOW_NONE)
      return acc;
    acc_op = next;
  }
}

/* ---- dimension and symbol lists ----------------------------------------------- */

static bool define_id(affine_parser *ap, const sharc_affine_expr *id) {
  sharc_parser *p = ap->p;
  if (p->tok.kind != TOK_BARE_ID)
    return sharc_p_wrong_token_error(p, "expected bare identifier");
  sharc_str s = sharc_tok_str(&p->tok);
  for (unsigned i = 0; i < ap->names.len; i++)
    if (sharc_str_eq(ap->names.items[i].name, s))
      return sharc_p_error(p, "redefinition of identifier '%.*s'", (int)s.len, s.data);
  sharc_vec_push(&ap->names, ((affine_name){s, id}));
  sharc_p_next(p);
  return true;
}

typedef struct id_list {
  affine_parser *ap;
  bool symbols;
} id_list;

static bool parse_next_id(sharc_parser *p, void *state) {
  id_list *l = state;
  unsigned *count = l->symbols ? &l->ap->nsyms : &l->ap->ndims;
  const sharc_affine_expr *id =
      l->symbols ? sharc_affine_symbol(p->ctx, *count) : sharc_affine_dim(p->ctx, *count);
  (*count)++;
  return define_id(l->ap, id);
}

/* `(d0, d1)` or `[s0, s1]`. */
static bool parse_id_list(affine_parser *ap, bool symbols) {
  id_list l = {ap, symbols};
  return symbols ? sharc_p_parse_comma_list(ap->p, SHARC_P_DELIM_SQUARE, parse_next_id, &l,
                                            " in symbol list")
                 : sharc_p_parse_comma_list(ap->p, SHARC_P_DELIM_PAREN, parse_next_id, &l,
                                            " in dimensional identifier list");
}

/* ---- maps and sets ----------------------------------------------------------------- */

/* Map results, or set constraints with their kind (`==` or `>=`): two
 * arrays, as the attribute constructors take them. */
typedef struct expr_list {
  SHARC_VEC(const sharc_affine_expr *) exprs;
  SHARC_VEC(bool) eq;
} expr_list;

static void list_push(expr_list *l, const sharc_affine_expr *e, bool eq) {
  sharc_vec_push(&l->exprs, e);
  sharc_vec_push(&l->eq, eq);
}

/* `a >= b`, `a <= b` or `a == b`, kept as `a - b >= 0` (`b - a` for `<=`). */
static const sharc_affine_expr *parse_constraint(affine_parser *ap, bool *eq) {
  sharc_parser *p = ap->p;
  const sharc_affine_expr *l = parse_expr(ap);
  if (!l)
    return NULL;
  static const char firsts[] = {'>', '<', '='};
  for (size_t i = 0; i < sizeof firsts; i++) {
    /* MLIR takes the first character even when the second is missing */
    if (!sharc_p_eat(p, firsts[i]) || !sharc_p_eat(p, '='))
      continue;
    const sharc_affine_expr *r = parse_expr(ap);
    if (!r)
      return NULL;
    *eq = firsts[i] == '=';
    return firsts[i] == '<' ? sharc_affine_sub(p->ctx, r, l) : sharc_affine_sub(p->ctx, l, r);
  }
  return cur_error(p, "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"),
         NULL;
}

typedef struct body_list {
  affine_parser *ap;
  expr_list *out;
  bool constraints;
} body_list;

static bool parse_body_elem(sharc_parser *p, void *state) {
  (void)p;
  body_list *l = state;
  bool eq = false;
  const sharc_affine_expr *e = l->constraints ? parse_constraint(l->ap, &eq) : parse_expr(l->ap);
  if (!e)
    return false;
  list_push(l->out, e, eq);
  return true;
}

/* `(elem, ...)` of map results or of set constraints. */
static bool parse_body_list(affine_parser *ap, expr_list *out, bool constraints) {
  body_list l = {ap, out, constraints};
  return sharc_p_parse_comma_list(
      ap->p, SHARC_P_DELIM_PAREN, parse_body_elem, &l,
      constraints ? " in integer set constraint list" : " in affine map range");
}

/* `(dims)[syms] -> (results)` or `(dims)[syms] : (constraints)`. */
static bool parse_map_or_set(affine_parser *ap, sharc_attr **out) {
  sharc_parser *p = ap->p;
  if (!parse_id_list(ap, false))
    return false;
  if (sharc_tok_is(&p->tok, '[') && !parse_id_list(ap, true))
    return false;
  bool is_map = sharc_p_eat_arrow(p);
  if (!is_map && !expect_punct(p, ':', "expected '->' or ':'"))
    return false;
  expr_list l = {0};
  bool ok = parse_body_list(ap, &l, !is_map);
  if (ok && is_map) {
    *out = sharc_attr_affine_map(p->ctx, ap->ndims, ap->nsyms, l.exprs.items, l.exprs.len);
  } else if (ok && l.exprs.len == 0) { /* no constraint is the always-true `0 == 0` */
    const sharc_affine_expr *zero = sharc_affine_const(p->ctx, 0);
    bool t = true;
    *out = sharc_attr_integer_set(p->ctx, ap->ndims, ap->nsyms, &zero, &t, 1);
  } else if (ok) {
    *out = sharc_attr_integer_set(p->ctx, ap->ndims, ap->nsyms, l.exprs.items, l.eq.items,
                                  l.exprs.len);
  }
  sharc_vec_free(&l.exprs);
  sharc_vec_free(&l.eq);
  return ok;
}

/* affine_map<...> or affine_set<...> */
static bool parse_affine_keyword_attr(sharc_parser *p, bool want_map, sharc_attr **out) {
  const char *what = want_map ? "affine map" : "integer set";
  char msg[48];
  sharc_p_next(p);
  snprintf(msg, sizeof msg, "expected '<' in %s", what);
  if (!expect_punct(p, '<', msg))
    return false;
  sharc_token start = p->tok;
  affine_parser ap = {.p = p};
  bool ok = parse_map_or_set(&ap, out);
  sharc_vec_free(&ap.names);
  if (!ok)
    return false;
  if (((*out)->kind == SHARC_ATTR_AFFINE_MAP) != want_map)
    return sharc_p_error_at(p, &start, want_map ? "expected AffineMap, but got IntegerSet"
                                                : "expected IntegerSet, but got AffineMap");
  snprintf(msg, sizeof msg, "expected '>' in %s", what);
  return expect_punct(p, '>', msg);
}

/* ---- strided layouts --------------------------------------------------------------- */

/* A stride or the offset: `?` or a 64-bit signed integer. */
static bool parse_stride(sharc_parser *p, int64_t *out) {
  if (sharc_p_eat(p, '?')) {
    *out = SHARC_DYNAMIC;
    return true;
  }
  sharc_token at = p->tok;
  bool neg = sharc_p_eat(p, '-');
  uint64_t w[SHARC_INT_WORDS];
  unsigned n;
  if (p->tok.kind != TOK_INTEGER || !sharc_p_int_magnitude(&p->tok, w, &n) || n > 1 ||
      w[0] > (uint64_t)INT64_MAX)
    return sharc_p_error_at(p, &at, "expected a 64-bit signed integer or '?'");
  sharc_p_next(p);
  *out = neg ? -(int64_t)w[0] : (int64_t)w[0];
  return true;
}

static bool parse_next_stride(sharc_parser *p, void *strides) {
  return parse_stride(p, sharc_vec_push_slot((sharc_i64_vec *)strides));
}

/* strided<[s, ...]> or strided<[s, ...], offset: o> */
static bool parse_strided(sharc_parser *p, sharc_attr **out) {
  sharc_p_next(p);
  if (!expect_punct(p, '<', "expected '<' after 'strided'"))
    return false;
  sharc_i64_vec l = {0};
  int64_t offset = 0;
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_next_stride, &l, NULL);
  if (ok && !sharc_p_eat(p, '>')) {
    ok = expect_punct(p, ',', "expected ','");
    if (ok && !sharc_p_eat_keyword(p, "offset"))
      ok = sharc_p_wrong_token_error(p, "expected 'offset' after comma");
    ok = ok && expect_punct(p, ':', "expected ':' after 'offset'") && parse_stride(p, &offset) &&
         expect_punct(p, '>', "expected '>'");
  }
  if (ok)
    *out = sharc_attr_strided_layout(p->ctx, offset, l.items, l.len);
  sharc_vec_free(&l);
  return ok;
}

/* ---- entry points ----------------------------------------------------------------- */

bool sharc_p_at_affine_attr(const sharc_parser *p) {
  const sharc_token *t = &p->tok;
  return sharc_tok_is_keyword(t, "affine_map") || sharc_tok_is_keyword(t, "affine_set") ||
         sharc_tok_is_keyword(t, "strided");
}

bool sharc_p_parse_affine_attr(sharc_parser *p, sharc_attr **out) {
  if (sharc_tok_is_keyword(&p->tok, "strided"))
    return parse_strided(p, out);
  return parse_affine_keyword_attr(p, sharc_tok_is_keyword(&p->tok, "affine_map"), out);
}

/* ---- expressions over a caller's names ------------------------------------------- */

const sharc_affine_expr *sharc_p_parse_affine_expr(sharc_parser *p, const sharc_str *names,
                                                   const sharc_affine_expr *const *ids, unsigned n) {
  affine_parser ap = {.p = p};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&ap.names, ((affine_name){names[i], ids[i]}));
  const sharc_affine_expr *e = parse_expr(&ap);
  sharc_vec_free(&ap.names);
  return e;
}

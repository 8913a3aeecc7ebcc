/* Parsing of builtin types, type aliases and dialect types. */
#include "asm/parse_affine.h"
#include "asm/parser_impl.h"
#include "ir/affine.h"
#include "support/apfloat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

bool sharc_p_too_deep(sharc_parser *p) {
  sharc_p_error(p, "nesting is too deep (more than %d levels)", SHARC_MAX_NESTING);
  return false;
}

bool sharc_p_use_alias(sharc_parser *p, const void *aliased, const sharc_token *at) {
  uintptr_t d = (uintptr_t)sharc_ptrmap_get(&p->alias_depths, aliased);
  unsigned depth = p->depth + (d ? (unsigned)(d - 1) : 0);
  if (depth > SHARC_MAX_NESTING)
    return sharc_p_error_at(p, at, "nesting is too deep (more than %d levels)", SHARC_MAX_NESTING);
  if (depth > p->max_depth)
    p->max_depth = depth;
  return true;
}


static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static bool expected_type_error(sharc_parser *p) {
  if (p->tok.kind == TOK_ERROR)
    return sharc_p_error(p, "%s", p->lx.error);
  return sharc_p_error(p, "expected non-function type");
}

/* An integer type's width past the limit: MLIR reads the digits into an
 * unsigned first (Token::getIntTypeBitwidth), so a width beyond 32 bits is
 * "invalid" rather than over the limit. */
static bool integer_width_error(sharc_parser *p, sharc_str s) {
  size_t i = s.data[0] == 'i' ? 1 : 2;
  uint64_t w = 0;
  for (; i < s.len && w <= 0xffffffffu; i++)
    w = w * 10 + (uint64_t)(s.data[i] - '0');
  if (w > 0xffffffffu)
    return sharc_p_error(p, "invalid integer width");
  return sharc_p_error(p, "integer bitwidth is limited to 16777215 bits");
}

/* `i32`, `si8`, `ui16`: returns false when the spelling is not an integer type. */
static bool integer_type_name(sharc_str s, unsigned *width, sharc_signedness *sign) {
  size_t i = 0;
  *sign = SHARC_SIGNLESS;
  if (s.len > 2 && s.data[0] == 's' && s.data[1] == 'i') {
    *sign = SHARC_SIGNED;
    i = 2;
  } else if (s.len > 2 && s.data[0] == 'u' && s.data[1] == 'i') {
    *sign = SHARC_UNSIGNED;
    i = 2;
  } else if (s.len > 1 && s.data[0] == 'i') {
    i = 1;
  } else {
    return false;
  }
  uint64_t w = 0;
  for (; i < s.len; i++) {
    if (!is_digit(s.data[i]))
      return false;
    w = w * 10 + (uint64_t)(s.data[i] - '0');
    if (w > 0xffffffffu)
      w = 0xffffffffu;
  }
  *width = (unsigned)(w > 0xffffffffu ? 0xffffffffu : w);
  return true;
}

bool sharc_p_is_int_type_name(sharc_str s) {
  unsigned width;
  sharc_signedness sign;
  return integer_type_name(s, &width, &sign);
}

bool sharc_p_at_type_start(const sharc_parser *p) {
  const sharc_token *t = &p->tok;
  if (t->kind == TOK_BANG_ID || sharc_tok_is(t, '('))
    return true;
  if (t->kind != TOK_BARE_ID)
    return false;
  sharc_str s = sharc_tok_str(t);
  unsigned w;
  sharc_signedness sg;
  sharc_float_kind fk;
  if (integer_type_name(s, &w, &sg) || sharc_float_kind_from_name(s, &fk))
    return true;
  static const char *const kws[] = {"index", "none", "complex", "tensor", "vector", "memref",
                                    "tuple", NULL};
  for (const char *const *k = kws; *k; k++)
    if (sharc_str_eq_cstr(s, *k))
      return true;
  return false;
}

/* The sizes of a dimension list and which of them are scalable (`[8]`):
 * two arrays, as sharc_type_vector takes them. */
typedef struct dims {
  sharc_i64_vec shape;
  SHARC_VEC(bool) scalable;
} dims;

static void dims_push(dims *d, int64_t v, bool scalable) {
  sharc_vec_push(&d->shape, v);
  sharc_vec_push(&d->scalable, scalable);
}

static void dims_free(dims *d) {
  sharc_vec_free(&d->shape);
  sharc_vec_free(&d->scalable);
}

/* MLIR's parseIntegerInDimensionList: a size token, where `0x..` (read as
 * a hex number) is a 0 whose `x` is read again. Errors at the token. */
static bool dim_size_token(sharc_parser *p, int64_t *v) {
  const sharc_token *t = &p->tok;
  if (t->len > 1 && t->start[1] == 'x') {
    *v = 0;
    sharc_lexer_reset(&p->lx, t->start + 1, p->lx.line, p->lx.line_start);
    sharc_p_next(p);
    return true;
  }
  uint64_t u;
  if (!sharc_p_tok_u64(t, &u) || u > (uint64_t)INT64_MAX)
    return sharc_p_error(p, "invalid dimension");
  *v = (int64_t)u;
  sharc_p_next(p);
  return true;
}

/* MLIR's parseXInDimensionList: an identifier starting with `x`, whose
 * rest (`xf32`) is read again as the next token. */
static bool dim_x_token(sharc_parser *p) {
  const sharc_token *t = &p->tok;
  if (t->kind != TOK_BARE_ID || t->start[0] != 'x')
    return sharc_p_wrong_token_error(p, "expected 'x' in dimension list");
  if (t->len != 1)
    sharc_lexer_reset(&p->lx, t->start + 1, p->lx.line, p->lx.line_start);
  sharc_p_next(p);
  return true;
}

/* parseVectorDimensionList: `4x[8]x` by tokens. */
static bool parse_vector_dims_tokens(sharc_parser *p, dims *d) {
  while (p->tok.kind == TOK_INTEGER || sharc_tok_is(&p->tok, '[')) {
    bool scalable = sharc_p_eat(p, '[');
    int64_t v;
    if (!dim_size_token(p, &v))
      return false;
    if (scalable && !sharc_p_eat(p, ']'))
      return sharc_p_wrong_token_error(p, "missing ']' closing scalable dimension");
    dims_push(d, v, scalable);
    if (!dim_x_token(p))
      return false;
  }
  return true;
}

/* The dimension list as MLIR's parser reads it, token by token (the
 * unranked `*x`, parseDimensionListRanked, parseVectorDimensionList),
 * from just after the `<`, where the scan left the lexer: for what the
 * scan does not take, blanks or comments between the parts, a float
 * where a size belongs, and every error. */
static bool parse_dims_tokens(sharc_parser *p, dims *d, bool allow_dynamic, bool allow_scalable,
                              bool *unranked) {
  d->shape.len = 0;
  d->scalable.len = 0;
  sharc_p_next(p); /* the lexer is still just after the `<` */
  if (unranked && sharc_p_eat(p, '*')) {
    *unranked = true;
    return dim_x_token(p);
  }
  if (allow_scalable)
    return parse_vector_dims_tokens(p, d);
  while (p->tok.kind == TOK_INTEGER || (allow_dynamic && sharc_tok_is(&p->tok, '?'))) {
    int64_t v = SHARC_DYNAMIC;
    if (!sharc_p_eat(p, '?') && !dim_size_token(p, &v))
      return false;
    dims_push(d, v, false);
    if (!dim_x_token(p))
      return false;
  }
  return true;
}

/* What ends the character scan at a size's place: a blank or comment
 * before the next token leaves the question to the token reading. */
static bool scan_stops_before_token(const char *s, const char *end) {
  return s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '/');
}

/* Scans `4x?x[8]x` character by character (the lexer would read `0xf32` as
 * a hex number), leaving the lexer on the element type. `*allow_unranked`
 * is cleared unless `*x` was seen. Anything but the plain forms is handed
 * to parse_dims_tokens, which reads it as MLIR does. */
static bool parse_dims(sharc_parser *p, dims *d, bool allow_dynamic, bool allow_scalable,
                       bool *unranked) {
  const char *s = p->lx.cur, *end = p->lx.end;
  while (s < end && (*s == ' ' || *s == '\t'))
    s++;
  if (unranked) {
    *unranked = false;
    if (s < end && *s == '*') {
      if (s + 1 >= end || s[1] != 'x')
        return parse_dims_tokens(p, d, allow_dynamic, allow_scalable, unranked);
      *unranked = true;
      s += 2;
      goto done;
    }
  }
  for (;;) {
    const char *dim_start = s;
    bool scalable = false;
    if (allow_scalable && s < end && *s == '[') {
      scalable = true;
      s++;
    }
    int64_t v;
    if (s < end && *s == '?' && allow_dynamic) {
      v = SHARC_DYNAMIC;
      s++;
    } else if (s < end && is_digit(*s)) {
      uint64_t n = 0;
      while (s < end && is_digit(*s)) {
        uint64_t digit = (uint64_t)(*s - '0');
        /* MLIR takes any dimension that fits int64 */
        if (n > ((uint64_t)INT64_MAX - digit) / 10)
          return parse_dims_tokens(p, d, allow_dynamic, allow_scalable, unranked);
        n = n * 10 + digit;
        s++;
      }
      v = (int64_t)n;
    } else {
      if (scalable || scan_stops_before_token(dim_start, end))
        return parse_dims_tokens(p, d, allow_dynamic, allow_scalable, unranked);
      s = dim_start;
      break;
    }
    if (scalable) {
      if (s >= end || *s != ']')
        return parse_dims_tokens(p, d, allow_dynamic, allow_scalable, unranked);
      s++;
    }
    if (s >= end || *s != 'x')
      return parse_dims_tokens(p, d, allow_dynamic, allow_scalable, unranked);
    s++;
    dims_push(d, v, scalable);
  }
done:
  sharc_lexer_reset(&p->lx, s, p->lx.line, p->lx.line_start);
  sharc_p_next(p);
  return true;
}

bool sharc_p_parse_dimension_list(sharc_parser *p, sharc_i64_vec *out) {
  if (!sharc_tok_is(&p->tok, '<'))
    return sharc_p_expect(p, '<');
  dims d = {0};
  bool ok = parse_dims(p, &d, true, false, NULL);
  if (ok)
    for (unsigned i = 0; i < d.shape.len; i++)
      sharc_vec_push(out, d.shape.items[i]);
  dims_free(&d);
  return ok;
}

static bool parse_element_type(sharc_parser *p, sharc_type **out) {
  return sharc_p_parse_type(p, out);
}

/* MLIR's MemRefLayoutAttrInterface: what a memref takes as its layout. */
static bool is_memref_layout(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_AFFINE_MAP || a->kind == SHARC_ATTR_STRIDED_LAYOUT;
}

/* MLIR's isSupportedMemorySpace: integers, strings, dictionaries and the
 * attributes of dialects other than the builtin one. */
static bool is_memory_space(const sharc_attr *a) {
  return a->kind == SHARC_ATTR_INTEGER || a->kind == SHARC_ATTR_BOOL ||
         a->kind == SHARC_ATTR_STRING || a->kind == SHARC_ATTR_DICTIONARY ||
         a->kind == SHARC_ATTR_DIALECT;
}

/* The layouts and memory space of one memref: what parse_memref_attrs'
 * list element fills in. */
typedef struct memref_attrs {
  bool unranked;
  sharc_attr **layout, **space;
} memref_attrs;

/* One element of the list: a layout is an affine map or strided layout,
 * anything else the memory space, which must come last. */
static bool parse_memref_attr(sharc_parser *p, void *state) {
  memref_attrs *m = state;
  sharc_attr *a;
  if (!sharc_p_parse_attr(p, NULL, &a))
    return false;
  if (!is_memref_layout(a)) {
    if (*m->space)
      return sharc_p_error(p, "multiple memory spaces specified in memref type");
    *m->space = a;
    return true;
  }
  *m->layout = a;
  if (m->unranked)
    return sharc_p_error(p, "cannot have affine map for unranked memref type");
  if (*m->space)
    return sharc_p_error(p, "expected memory space to be last in memref type");
  return true;
}

/* `, layout, memory-space>` after a memref's element type, as MLIR's
 * parseMemRefType. */
static bool parse_memref_attrs(sharc_parser *p, bool unranked, sharc_attr **layout,
                               sharc_attr **space) {
  if (sharc_p_eat(p, '>'))
    return true;
  if (!sharc_tok_is(&p->tok, ','))
    return sharc_p_error(p, "expected ',' or '>' in memref type");
  sharc_p_next(p);
  memref_attrs m = {unranked, layout, space};
  return sharc_p_parse_comma_list_until(p, '>', parse_memref_attr, &m, false);
}

/* MemRefType's verifier, reported at the `memref` keyword. */
static bool verify_memref(sharc_parser *p, const sharc_token *kw, unsigned rank,
                          const sharc_attr *layout, const sharc_attr *space) {
  if (layout && layout->kind == SHARC_ATTR_AFFINE_MAP && layout->affine.ndims != rank)
    return sharc_p_error_at(p, kw, "memref layout mismatch between rank and affine map: %u != %u",
                            rank, layout->affine.ndims);
  if (layout && layout->kind == SHARC_ATTR_STRIDED_LAYOUT && layout->strided.n != rank)
    return sharc_p_error_at(p, kw, "expected the number of strides to match the rank");
  if (space && !is_memory_space(space))
    return sharc_p_error_at(p, kw, "unsupported memory space Attribute");
  return true;
}

static bool parse_memref_rest(sharc_parser *p, const sharc_token *kw, const dims *d,
                              bool unranked, sharc_type *elem, sharc_type **out) {
  sharc_attr *layout = NULL, *space = NULL;
  if (!parse_memref_attrs(p, unranked, &layout, &space) ||
      !verify_memref(p, kw, d->shape.len, layout, space))
    return false;
  /* the default layout and memory space are the absent ones, so that the
   * type equals the one written without them */
  if (layout && layout->affine.nsyms == 0 && sharc_affine_map_is_identity(layout))
    layout = NULL;
  if (space && sharc_attr_is_zero_int(space))
    space = NULL;
  *out = unranked ? sharc_type_unranked_memref(p->ctx, elem, space)
                  : sharc_type_memref(p->ctx, d->shape.items, d->shape.len, elem, layout, space);
  return true;
}

/* The closing `>` of a builtin type, with MLIR's per-type message. */
static bool expect_close(sharc_parser *p, const char *msg) {
  return sharc_p_eat(p, '>') || sharc_p_wrong_token_error(p, msg);
}

/* MLIR's parseOptionalAttribute: the tokens that start an attribute, and
 * else those that start a type; any other leaves it absent. */
static bool can_start_optional_attr(const sharc_parser *p) {
  const sharc_token *t = &p->tok;
  if (t->kind == TOK_AT_ID || t->kind == TOK_FLOAT || t->kind == TOK_INTEGER ||
      t->kind == TOK_HASH_ID || t->kind == TOK_STRING || sharc_tok_is(t, '{') ||
      sharc_tok_is(t, '[') || sharc_tok_is(t, '-'))
    return true;
  static const char *const kws[] = {"affine_map", "affine_set", "dense", "dense_resource", "false",
                                    "loc",        "sparse",     "true",  "unit",           NULL};
  for (const char *const *k = kws; *k; k++)
    if (sharc_tok_is_keyword(t, *k))
      return true;
  return sharc_p_at_type_start(p);
}

/* BaseMemRefType::isValidElementType: numbers, complex, vectors and
 * memrefs; a registered dialect's type is taken (some implement
 * MemRefElementTypeInterface), an unregistered one's is not. */
static bool valid_memref_element(const sharc_type *t) {
  switch (t->kind) {
  case SHARC_TYPE_NONE:
  case SHARC_TYPE_TENSOR:
  case SHARC_TYPE_UNRANKED_TENSOR:
  case SHARC_TYPE_TUPLE:
  case SHARC_TYPE_FUNCTION:
  case SHARC_TYPE_OPAQUE:
    return false;
  default:
    return true;
  }
}

/* A shaped type's keyword without its `<`: MLIR names the type. */
static bool shaped_open_error(sharc_parser *p, sharc_str kw) {
  char msg[48];
  snprintf(msg, sizeof msg, "expected '<' in %.*s type", (int)kw.len, kw.data);
  return sharc_p_expect_msg(p, '<', msg);
}

static bool parse_shaped(sharc_parser *p, sharc_str kw, const sharc_token *kw_tok,
                         sharc_type **out) {
  if (!sharc_tok_is(&p->tok, '<'))
    return shaped_open_error(p, kw);
  dims d = {0};
  bool unranked = false;
  bool is_tensor = sharc_str_eq_cstr(kw, "tensor"), is_vector = sharc_str_eq_cstr(kw, "vector");
  bool ok = parse_dims(p, &d, !is_vector, is_vector, is_vector ? NULL : &unranked);
  sharc_type *elem = NULL;
  sharc_token elem_tok = p->tok;
  ok = ok && parse_element_type(p, &elem);
  if (ok && is_tensor) {
    sharc_attr *enc = NULL;
    /* MLIR parses the encoding as an optional attribute: a token that
     * cannot start one leaves it absent and the '>' check reports */
    if (sharc_p_eat(p, ',') && can_start_optional_attr(p)) {
      if (unranked)
        ok = sharc_p_error(p, "cannot apply encoding to unranked tensor");
      ok = ok && sharc_p_parse_attr(p, NULL, &enc);
    }
    if (ok && (elem->kind == SHARC_TYPE_FUNCTION || elem->kind == SHARC_TYPE_TENSOR ||
               elem->kind == SHARC_TYPE_UNRANKED_TENSOR || elem->kind == SHARC_TYPE_MEMREF ||
               elem->kind == SHARC_TYPE_NONE))
      ok = sharc_p_error_at(p, &elem_tok, "invalid tensor element type");
    if (ok && enc && enc->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(enc)->dialect &&
        sharc_attr_def_of(enc)->dialect->verify_encoding)
      ok = sharc_attr_def_of(enc)->dialect->verify_encoding(p, kw_tok, enc, d.shape.items, d.shape.len, elem);
    if (ok)
      *out = unranked ? sharc_type_unranked_tensor(p->ctx, elem)
                      : sharc_type_tensor(p->ctx, d.shape.items, d.shape.len, elem, enc);
  } else if (ok && is_vector) {
    for (unsigned i = 0; ok && i < d.shape.len; i++)
      if (d.shape.items[i] <= 0)
        ok = sharc_p_error_at(p, kw_tok,
                              "vector types must have positive constant sizes but got %lld",
                              (long long)d.shape.items[i]);
    if (ok && !(elem->kind == SHARC_TYPE_INTEGER || elem->kind == SHARC_TYPE_INDEX ||
                elem->kind == SHARC_TYPE_FLOAT))
      ok = sharc_p_error_at(p, kw_tok,
                            "failed to verify 'elementType': VectorElementTypeInterface instance");
    if (ok)
      *out = sharc_type_vector(p->ctx, d.shape.items, d.scalable.items, d.shape.len, elem);
  } else if (ok) { /* memref: its attribute list ends with the `>` */
    if (!valid_memref_element(elem))
      ok = sharc_p_error_at(p, &elem_tok, "invalid memref element type");
    ok = ok && parse_memref_rest(p, kw_tok, &d, unranked, elem, out);
    dims_free(&d);
    return ok;
  }
  dims_free(&d);
  return ok && expect_close(p, is_vector ? "expected '>' in vector type"
                                         : "expected '>' in tensor type");
}

static bool parse_next_type(sharc_parser *p, void *types) {
  sharc_type *t;
  if (!sharc_p_parse_type(p, &t))
    return false;
  sharc_ptrvec_push(types, t);
  return true;
}

bool sharc_p_parse_type_list(sharc_parser *p, sharc_ptrvec *out) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_next_type, out, NULL);
}

static bool sharc_p_parse_type_list_parens_impl(sharc_parser *p, sharc_ptrvec *out) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, parse_next_type, out, NULL);
}

bool sharc_p_parse_type_list_parens(sharc_parser *p, sharc_ptrvec *out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_type_list_parens_impl(p, out));
}

static bool sharc_p_parse_function_result_types_impl(sharc_parser *p, sharc_ptrvec *out) {
  if (sharc_tok_is(&p->tok, '('))
    return sharc_p_parse_type_list_parens(p, out);
  sharc_type *t;
  if (!sharc_p_parse_type(p, &t))
    return false;
  sharc_ptrvec_push(out, t);
  return true;
}

bool sharc_p_parse_function_result_types(sharc_parser *p, sharc_ptrvec *out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_function_result_types_impl(p, out));
}

static bool parse_function_type(sharc_parser *p, sharc_type **out) {
  sharc_ptrvec ins = {0}, outs = {0};
  bool ok = sharc_p_parse_type_list_parens(p, &ins) &&
            (sharc_p_eat_arrow(p) || sharc_p_wrong_token_error(p, "expected '->' in function type")) &&
            sharc_p_parse_function_result_types(p, &outs);
  if (ok)
    *out = sharc_type_function(p->ctx, (sharc_type *const *)ins.items, ins.len,
                               (sharc_type *const *)outs.items, outs.len);
  sharc_ptrvec_free(&ins);
  sharc_ptrvec_free(&outs);
  return ok;
}

/* Captures the body of a dialect symbol, `<...>`, as MLIR does: properly
 * nested punctuation with anything in between, `->` as one token, and
 * string literals lexed whole. The current token is the `<`. */
/* MLIR's parseDialectSymbolBody scan: from the current `<` to its matching
 * `>`, strings lexed as strings; `*body_end` is just past the `>`. */
static bool scan_angle_body(sharc_parser *p, const char **body_end) {
  const char *s = p->tok.start, *q = s, *end = p->lx.end;
  /* MLIR lexes strings as tokens while scanning and reports at its current
   * token: the `<`, or the last string seen */
  sharc_token at = p->tok;
  char stack[SHARC_MAX_NESTING];
  unsigned depth = 0;
  do {
    if (q >= end || *q == 0) {
      if (depth)
        return sharc_p_error_at(p, &at, "unbalanced '%c' character in pretty dialect name",
                                stack[depth - 1]);
      return sharc_p_error_at(p, &at, "unexpected nul or EOF in pretty dialect name");
    }
    char c = *q++;
    char open = 0;
    switch (c) {
    case '<':
    case '[':
    case '(':
    case '{':
      if (depth == SHARC_MAX_NESTING)
        return sharc_p_error_at(p, &at, "nesting is too deep");
      stack[depth++] = c;
      continue;
    case '-':
      if (q < end && *q == '>')
        q++;
      continue;
    case '>':
      open = '<';
      break;
    case ']':
      open = '[';
      break;
    case ')':
      open = '(';
      break;
    case '}':
      open = '{';
      break;
    case '"': {
      sharc_lexer lx = p->lx;
      sharc_lexer_reset(&lx, q - 1, p->lx.line, p->lx.line_start);
      sharc_token t = sharc_lex(&lx);
      if (t.kind != TOK_STRING) {
        if (lx.error_at) /* where the lexer failed, as for any string */
          t.col += (unsigned)(lx.error_at - t.start);
        return sharc_p_error_at(p, &t, "%s", lx.error ? lx.error : "expected string");
      }
      q = t.start + t.len;
      at = t;
      continue;
    }
    default:
      continue;
    }
    if (stack[depth - 1] != open)
      return sharc_p_error_at(p, &at, "unbalanced '%c' character in pretty dialect name",
                              stack[depth - 1]);
    depth--;
  } while (depth);
  *body_end = q;
  return true;
}

bool sharc_p_check_angle_body(sharc_parser *p) {
  const char *end;
  return scan_angle_body(p, &end);
}

bool sharc_p_capture_angle_body(sharc_parser *p, sharc_str *out) {
  const char *s = p->tok.start, *q;
  if (!scan_angle_body(p, &q))
    return false;
  *out = (sharc_str){s, (size_t)(q - s)};
  /* line tracking: count the newlines the body spanned */
  unsigned line = p->tok.line;
  const char *line_start = p->lx.line_start;
  for (const char *r = s; r < q; r++)
    if (*r == '\n') {
      line++;
      line_start = r + 1;
    }
  sharc_lexer_reset(&p->lx, q, line, line_start);
  sharc_p_next(p);
  return true;
}

/* The opaque data of an unregistered dialect's `#d.x<...>` / `!d<...>`. */
static bool capture_opaque_body(sharc_parser *p, sharc_p_ext *e) {
  e->body = e->mnemonic;
  if (!sharc_tok_is(&p->tok, '<') || p->tok.start != e->tok.start + e->tok.len)
    return true;
  sharc_str angle;
  if (!sharc_p_capture_angle_body(p, &angle))
    return false;
  if (e->dotted)
    e->body = (sharc_str){e->mnemonic.data, (size_t)(angle.data + angle.len - e->mnemonic.data)};
  else
    e->body = (sharc_str){angle.data + 1, angle.len - 2};
  return true;
}

sharc_p_ext_kind sharc_p_read_extended(sharc_parser *p, const sharc_ptrmap *aliases,
                                       const char *what, sharc_p_ext *e) {
  memset(e, 0, sizeof *e);
  e->tok = p->tok;
  sharc_str full = {e->tok.start + 1, e->tok.len - 1};
  const char *dot = memchr(full.data, '.', full.len);
  e->dotted = dot != NULL;
  if (!dot && !(p->lx.cur < p->lx.end && *p->lx.cur == '<')) {
    e->alias = sharc_ptrmap_get(aliases, sharc_ident_get(p->ctx, full));
    sharc_p_next(p); /* MLIR reports an unknown alias at the token after it */
    if (!e->alias) {
      sharc_p_error(p, "undefined symbol alias id '%.*s'", (int)full.len, full.data);
      return SHARC_P_EXT_FAILED;
    }
    return sharc_p_use_alias(p, e->alias, &e->tok) ? SHARC_P_EXT_ALIAS : SHARC_P_EXT_FAILED;
  }
  e->dialect = (sharc_str){full.data, dot ? (size_t)(dot - full.data) : full.len};
  e->mnemonic = dot ? (sharc_str){dot + 1, full.len - e->dialect.len - 1} : (sharc_str){"", 0};
  e->d = sharc_context_registered_dialect(p->ctx, e->dialect);
  sharc_p_next(p);
  bool is_type = what[0] == 't';
  if (e->d && (is_type ? e->d->parse_type != NULL : e->d->parse_attr != NULL)) {
    /* MLIR scans the whole `<...>` body before the dialect parses it */
    if (sharc_tok_is(&p->tok, '<') && p->tok.start == e->tok.start + e->tok.len &&
        !sharc_p_check_angle_body(p))
      return SHARC_P_EXT_FAILED;
    return SHARC_P_EXT_HOOK;
  }
  if (e->d) {
    sharc_p_error_at(p, &e->tok, "dialect '%.*s' provides no %s parsing hook",
                     (int)e->dialect.len, e->dialect.data, what);
    return SHARC_P_EXT_FAILED;
  }
  return capture_opaque_body(p, e) ? SHARC_P_EXT_OPAQUE : SHARC_P_EXT_FAILED;
}

/* OpaqueType::verify without -allow-unregistered-dialect: reported where the
 * dialect's data starts (the mnemonic after the dot, or the `!`). */
static bool unregistered_dialect_error(sharc_parser *p, const sharc_token *t, bool dotted,
                                       sharc_str dialect, sharc_str data) {
  sharc_token at = *t;
  if (dotted)
    at.col += 1 + (unsigned)dialect.len + 1;
  return sharc_p_error_at(p, &at,
                          "`!\"%.*s\"<\"%.*s\">` type created with unregistered dialect. If this "
                          "is intended, please call allowUnregisteredDialects() on the "
                          "MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool "
                          "used",
                          (int)dialect.len, dialect.data, (int)data.len, data.data);
}

const sharc_token *sharc_p_dialect_type_tok(const sharc_parser *p) { return &p->dialect_type_tok; }

sharc_token sharc_p_mnemonic_tok(const sharc_parser *p, sharc_str mnemonic) {
  sharc_token at = p->tok;
  if (at.start == mnemonic.data + mnemonic.len && at.col > mnemonic.len)
    at.col -= (unsigned)mnemonic.len;
  return at;
}

/* `!name` alias, `!dialect.mnemonic<...>` or `!dialect<...>`. */
static bool parse_bang_type(sharc_parser *p, sharc_type **out) {
  sharc_p_ext e;
  switch (sharc_p_read_extended(p, &p->type_aliases, "type", &e)) {
  case SHARC_P_EXT_ALIAS:
    *out = e.alias;
    return true;
  case SHARC_P_EXT_HOOK:
    p->dialect_type_tok = e.tok;
    *out = e.d->parse_type(p, e.mnemonic);
    return *out != NULL;
  case SHARC_P_EXT_OPAQUE:
    if (!p->ctx->allow_unregistered)
      return unregistered_dialect_error(p, &e.tok, e.dotted, e.dialect, e.body);
    *out = sharc_type_opaque(p->ctx, sharc_ident_get(p->ctx, e.dialect), e.body);
    return true;
  default:
    return false;
  }
}

/* The bytes scan_brackets acts on; the rest (most of a type) is skipped. */
enum { OTHER, STOP, OPEN, ANGLE_CLOSE, CLOSE };
static const unsigned char bracket_act[256] = {
    ['\n'] = STOP, ['"'] = STOP, ['/'] = STOP, ['<'] = OPEN,       ['('] = OPEN,
    ['['] = OPEN,  ['{'] = OPEN, ['>'] = ANGLE_CLOSE, [')'] = CLOSE, [']'] = CLOSE,
    ['}'] = CLOSE,
};

#ifdef __SSE2__
/* Which of the 16 bytes at `q` scan_brackets acts on, as a mask: `\n`,
 * `"`, `/` and the brackets, each pair found by one compare after setting
 * the bit in which its two bytes differ (`(`/`)` 0x28/0x29, `<`/`>`
 * 0x3c/0x3e, `[`/`]` 0x5b/0x5d and `{`/`}` 0x7b/0x7d: no other byte
 * becomes 0x29, 0x3e, 0x7b or 0x7d that way). */
static unsigned acted_on_mask(const char *q) {
  __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
  __m128i upper = _mm_or_si128(v, _mm_set1_epi8(0x20));
  __m128i m = _mm_cmpeq_epi8(upper, _mm_set1_epi8(0x7b));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(upper, _mm_set1_epi8(0x7d)));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x02)), _mm_set1_epi8(0x3e)));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x01)), _mm_set1_epi8(0x29)));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('"')));
  m = _mm_or_si128(m, _mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
  return (unsigned)_mm_movemask_epi8(m);
}
#endif

/* Past the bytes from `q` that scan_brackets does not act on, four at a
 * time while four are left: the bound is then checked once for four
 * bytes. `end` when all are. */
static const char *skip_other(const char *q, const char *end) {
  for (; end - q >= 4; q += 4) {
    if (bracket_act[(unsigned char)q[0]])
      return q;
    if (bracket_act[(unsigned char)q[1]])
      return q + 1;
    if (bracket_act[(unsigned char)q[2]])
      return q + 2;
    if (bracket_act[(unsigned char)q[3]])
      return q + 3;
  }
  while (q < end && !bracket_act[(unsigned char)*q])
    q++;
  return q;
}

/* Past the string literal whose opening quote is at `q`, when it holds no
 * escape and no line end; NULL otherwise (the lexer decides). */
static const char *skip_plain_string(const char *q, const char *end) {
  for (q++; q < end; q++) {
    if (*q == '"')
      return q;
    if (*q == '\\' || *q == '\n')
      return NULL;
  }
  return NULL;
}

/* From the opening bracket at `q` to just past its match on the same
 * line, nesting at most `max` deep: how far a type's text reaches, found
 * without lexing (`->` is an arrow, not a bracket). Comments and line ends
 * are left to the lexer, and strings unless `strings` (then plain ones are
 * skipped whole): NULL. With SSE2 the bytes to act on are found sixteen at
 * a time, as a mask, while sixteen are left. */
static const char *scan_brackets(const char *q, const char *end, int max, bool strings) {
  const char *s = q;
  int depth = 0;
#ifdef __SSE2__
  const char *block = q;
  unsigned mask = 0; /* the bytes of `block` not yet acted on; `q` is past it */
#endif
  for (;;) {
    const char *c;
#ifdef __SSE2__
    if (mask) {
      c = block + __builtin_ctz(mask);
      mask &= mask - 1;
    } else if (end - q >= 16) {
      block = q;
      mask = acted_on_mask(block);
      q += 16;
      continue;
    } else
#endif
    {
      c = skip_other(q, end);
      if (c == end)
        return NULL;
      q = c + 1;
    }
    switch (bracket_act[(unsigned char)*c]) {
    case STOP:
      if (!strings || *c != '"' || !(c = skip_plain_string(c, end)))
        return NULL;
      q = c + 1; /* on from the string's end */
#ifdef __SSE2__
      mask = 0;
#endif
      break;
    case OPEN:
      if (++depth > max)
        return NULL;
      break;
    case ANGLE_CLOSE:
      if (c > s && c[-1] == '-')
        break;
      if (--depth == 0)
        return c + 1;
      break;
    default:
      if (--depth == 0)
        return c + 1;
      break;
    }
  }
}

/* The text of `kw<...>` when it ends on the same line: generic op
 * signatures repeat the same few types, so their spelling maps straight to
 * the uniqued type. Aliases cannot change within a file, so this is exact.
 * Deeper than the parser may go: the slow path reports it. */
static bool shaped_type_text(const sharc_parser *p, sharc_str *out) {
  const char *s = p->lx.cur, *end = p->lx.end;
  if (s >= end || *s != '<')
    return false;
  const char *after = scan_brackets(s, end, SHARC_MAX_NESTING - (int)p->depth, false);
  if (!after)
    return false;
  *out = (sharc_str){p->tok.start, (size_t)(after - p->tok.start)};
  return true;
}

/* A superset of the characters that continue a bare or `!` identifier: a
 * type's text found with it ends where the lexer's last token ends too. */
static inline bool is_type_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.' || c == '-' || c == '!';
}

/* The text of `(...) -> result` when it ends on the same line: every
 * generic op ends with one, and a module repeats few of them. The result
 * is a parenthesized list, or one word with an optional `<...>`; anything
 * the parser reads differently is found out before the text is kept (see
 * consumed_exactly). The margin of 3 levels covers the function type's and
 * its lists' own nesting. */
static bool function_type_text(const sharc_parser *p, sharc_str *out) {
  const char *s = p->tok.start, *end = p->lx.end;
  int max = SHARC_MAX_NESTING - (int)p->depth - 3;
  const char *q = scan_brackets(s, end, max, false);
  if (!q)
    return false;
  while (q < end && *q == ' ')
    q++;
  if (end - q < 2 || q[0] != '-' || q[1] != '>')
    return false;
  for (q += 2; q < end && *q == ' ';)
    q++;
  if (q < end && *q == '(') {
    q = scan_brackets(q, end, max, false);
  } else {
    const char *word = q;
    while (q < end && is_type_word_char(*q))
      q++;
    if (q == word)
      return false;
    if (q < end && *q == '<')
      q = scan_brackets(q, end, max, false);
  }
  if (!q)
    return false;
  *out = (sharc_str){s, (size_t)(q - s)};
  return true;
}

static bool is_shaped_keyword(const sharc_token *t) {
  return sharc_tok_is_keyword(t, "tensor") || sharc_tok_is_keyword(t, "vector") ||
         sharc_tok_is_keyword(t, "memref") || sharc_tok_is_keyword(t, "complex") ||
         sharc_tok_is_keyword(t, "tuple");
}

/* The text at the current token that names one type, when it can be found
 * without parsing. Not inside a shaped type's text, nor a function type's
 * inside another's (each nested text would be scanned again: the line's
 * length per level), nor in an alias definition (a hit skips its depth
 * accounting). The shaped types of a function type are found by their own
 * text: each is scanned once more, as deep as it goes. */
static bool type_text(const sharc_parser *p, sharc_str *out) {
  if (p->in_type_text || p->in_alias_def)
    return false;
  if (p->tok.kind == TOK_BARE_ID)
    return is_shaped_keyword(&p->tok) && shaped_type_text(p, out);
  return !p->in_function_text && sharc_tok_is(&p->tok, '(') && function_type_text(p, out);
}

/* Whether the parse just made ended where `text` ends, only blanks between
 * it and the next token: only then does the text stand for the type. */
static bool consumed_exactly(const sharc_parser *p, sharc_str text) {
  const char *q = text.data + text.len, *next = p->tok.start;
  if (next < q)
    return false;
  for (; q < next; q++)
    if (*q != ' ' && *q != '\t' && *q != '\n' && *q != '\r')
      return false;
  return true;
}

static bool parse_type_uncached(sharc_parser *p, sharc_type **out);

/* A scalar type named by the current (bare) token, when its name was
 * parsed before: the cache holds only names that parse to a type alone. */
static bool cached_scalar_type(sharc_parser *p, sharc_type **out) {
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  p_word_slot *slot = sharc_p_word_slot(p, P_WORDS_SCALAR_TYPES, sharc_tok_str(&p->tok), w);
  sharc_type *t = slot ? sharc_p_word_find(slot, p->tok.len, w) : NULL;
  if (!t)
    return false;
  sharc_p_next(p);
  *out = t;
  return true;
}

/* Remembers that the word `s` parsed alone to the scalar type `t`. */
static sharc_type *remember_scalar_type(sharc_parser *p, sharc_str s, sharc_type *t) {
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  p_word_slot *slot = sharc_p_word_slot(p, P_WORDS_SCALAR_TYPES, s, w);
  if (slot)
    sharc_p_word_push(slot, s.len, w, t);
  return t;
}

/* A function type's text is found by scanning its brackets and hashing it
 * (function_type_text, the name table): most of what a generic op's type
 * costs. Before that, the input's next bytes key a cache of texts already
 * known to stand for a type: a hash of the line's rest (a generic op's type
 * ends its line), of its first FUNCTION_HASH_BYTES at most, and of its
 * length. A key of the first 32 bytes and the length merged 9,389 texts
 * into 6,988 keys in a 100k module: texts that differ only past their
 * 32nd byte took each other's slot. The line's rest is measured up to
 * FUNCTION_REST_MAX bytes, a longer one counting as that many: measured
 * whole, every type of a module printed on one line cost that line's
 * length (n^2 in the ops). The key only tells texts apart; a hit compares
 * the text's own bytes. */
enum { FUNCTION_KEY_MIN = 32, FUNCTION_HASH_BYTES = 256, FUNCTION_REST_MAX = 4096 };

static uint64_t function_key_mix(uint64_t h, uint64_t word) {
  return (h ^ word) * 0x9e3779b97f4a7c15u;
}

/* The length of the line's rest from `s` past the FUNCTION_HASH_BYTES
 * hashed, at most FUNCTION_REST_MAX (`last` is the input's last line end,
 * at or after s + FUNCTION_HASH_BYTES). */
static size_t function_rest_length(const char *s, const char *last) {
  const char *rest = s + FUNCTION_HASH_BYTES;
  size_t left = (size_t)(last - rest) + 1;
  if (left > FUNCTION_REST_MAX - FUNCTION_HASH_BYTES)
    left = FUNCTION_REST_MAX - FUNCTION_HASH_BYTES;
  const char *end = memchr(rest, '\n', left);
  return end ? (size_t)(end - s) : FUNCTION_REST_MAX;
}

/* The key of the bytes at `s`, at least FUNCTION_KEY_MIN of them before
 * the input's last line end `last`: the hash of the line's rest, up to
 * FUNCTION_HASH_BYTES of it, and of its length (see above). The line end
 * is found first (memchr, a vector scan), so the hash loop takes whole
 * words without testing each for a line end; its last word is the eight
 * bytes that end the hashed text (overlapping the word before, as
 * sharc_short_key's do), a shorter text one word of its own. Reads no
 * byte past `last`. */
static uint64_t function_text_key(const char *s, const char *last) {
  size_t readable = (size_t)(last - s) + 1;
  const char *line_end =
      memchr(s, '\n', readable < FUNCTION_HASH_BYTES ? readable : FUNCTION_HASH_BYTES);
  size_t n = line_end ? (size_t)(line_end - s) : FUNCTION_HASH_BYTES;
  uint64_t h = 0;
  if (n < 8) {
    h = function_key_mix(h, sharc_short_word((const uint8_t *)s, n));
  } else {
    const char *tail = s + n - 8;
    for (const char *at = s; at < tail; at += 8)
      h = function_key_mix(h, sharc_load_word(at));
    h = function_key_mix(h, sharc_load_word(tail));
  }
  h = function_key_mix(h, line_end ? n : function_rest_length(s, last));
  return h ^ h >> 29;
}

/* The cache's set for the function type's text at the current `(`, its
 * key in *key; NULL when the cache may not be used here (where type_text
 * finds no function text, or too near the input's end). */
static p_function_set *function_text_set(sharc_parser *p, uint64_t *key) {
  const char *s = p->tok.start;
  if (p->in_type_text || p->in_alias_def || p->in_function_text ||
      p->lx.fast_end - s < FUNCTION_KEY_MIN)
    return NULL;
  *key = function_text_key(s, p->lx.fast_end);
  p_function_set *sets = p->function_sets ? p->function_sets : sharc_p_function_sets(p);
  return &sets[*key >> (64 - p->function_bits)];
}

/* Puts `name` (standing for `type`) first in the set under `key`, the
 * ways before it (or before the way that held the key) one further down. */
static void function_set_put(p_function_set *set, uint64_t key, sharc_p_name *name,
                             sharc_type *type) {
  uint32_t tag = (uint32_t)key;
  unsigned i = 0;
  while (i + 1 < P_FUNCTION_WAYS && set->tag[i] != tag)
    i++;
  for (; i > 0; i--) {
    set->tag[i] = set->tag[i - 1];
    set->name[i] = set->name[i - 1];
    set->type[i] = set->type[i - 1];
  }
  set->tag[0] = tag;
  set->name[0] = name;
  set->type[0] = type;
}

/* The way of the set holding a text under `key`, P_FUNCTION_WAYS if none. */
static unsigned function_set_way(const p_function_set *set, uint64_t key) {
  uint32_t tag = (uint32_t)key;
  unsigned i = 0;
  while (i < P_FUNCTION_WAYS && (set->tag[i] != tag || !set->name[i]))
    i++;
  return i;
}

/* Asks for the lines of the type `t` (NULL: none) that the op being parsed
 * reads next: in a large module a function type met again is rarely still
 * in the cache, and the comparing of its text and the lexing of the next
 * token can hide the wait. A list type's elements lie in its key, just
 * before it (see types.c). A prefetch never faults. */
static void prefetch_list_type(const sharc_type *t) {
  if (!t)
    return;
  __builtin_prefetch(t);
  __builtin_prefetch((const char *)t - 64);
}

/* The type `type` whose text (`name`, known to stand for it) the input
 * holds at the current `(`, without a scan: the key matched the line's
 * rest. The text's own bytes are compared, and the byte after them must
 * end the scan there too (not continue a word, nor open `<`). A text of
 * fewer bytes than the levels left cannot nest too deep. */
static bool function_text_hit(sharc_parser *p, const sharc_p_name *name, sharc_type *type,
                              sharc_type **out) {
  const char *s = p->tok.start, *end = p->lx.end;
  prefetch_list_type(type);
  size_t n = name->len;
  if ((int)n >= SHARC_MAX_NESTING - (int)p->depth - 3 || n > (size_t)(end - s))
    return false;
  if (memcmp(s, name->data, n) != 0)
    return false;
  if (s + n < end && (is_type_word_char(s[n]) || s[n] == '<'))
    return false;
  sharc_lexer_reset(&p->lx, s + n, p->lx.line, p->lx.line_start);
  sharc_p_next(p);
  *out = type;
  return true;
}

static bool sharc_p_parse_type_impl(sharc_parser *p, sharc_type **out) {
  uint64_t fkey = 0;
  p_function_set *fset = sharc_tok_is(&p->tok, '(') ? function_text_set(p, &fkey) : NULL;
  if (fset) {
    unsigned way = function_set_way(fset, fkey);
    if (way < P_FUNCTION_WAYS && function_text_hit(p, fset->name[way], fset->type[way], out)) {
      function_set_put(fset, fkey, fset->name[way], *out);
      return true;
    }
  }
  sharc_str text;
  if (!type_text(p, &text)) {
    if (p->tok.kind == TOK_BARE_ID && cached_scalar_type(p, out))
      return true;
    return parse_type_uncached(p, out);
  }
  /* a shaped type's text, when short, is its own key in a word cache
   * before the name table */
  uint64_t sw[SHARC_SHORT_KEY_WORDS];
  p_word_slot *sslot =
      p->tok.kind == TOK_BARE_ID ? sharc_p_word_slot(p, P_WORDS_SHAPED_TYPES, text, sw) : NULL;
  sharc_type *cached = sslot ? sharc_p_word_find(sslot, text.len, sw) : NULL;
  /* then the literal cache's slot for it, before the name table; lslot
   * names the slot only when it missed (it is filled then) */
  p_word_slot *lslot =
      sslot && !cached ? sharc_p_literal_slot(p, P_LITERALS_SHAPED_TYPES, text.len, sw) : NULL;
  if (lslot && (cached = sharc_p_word_value(lslot, text.len, sw)))
    lslot = NULL;
  sharc_p_name *key = NULL;
  if (!cached) {
    key = sharc_p_name_get(p, &p->type_texts, text);
    cached = key->type;
    prefetch_list_type(cached);
  }
  if (cached) {
    if (fset)
      function_set_put(fset, fkey, key, cached);
    if (sslot)
      sharc_p_word_push(sslot, text.len, sw, cached);
    if (lslot)
      sharc_p_word_put(lslot, text.len, sw, cached);
    sharc_lexer_reset(&p->lx, text.data + text.len, p->lx.line, p->lx.line_start);
    sharc_p_next(p);
    *out = cached;
    return true;
  }
  bool *inside = p->tok.kind == TOK_BARE_ID ? &p->in_type_text : &p->in_function_text;
  *inside = true;
  bool ok = parse_type_uncached(p, out);
  *inside = false;
  if (!ok)
    return false;
  if (consumed_exactly(p, text)) {
    key->type = *out;
    if (fset)
      function_set_put(fset, fkey, key, *out);
    if (sslot)
      sharc_p_word_push(sslot, text.len, sw, *out);
    if (lslot)
      sharc_p_word_put(lslot, text.len, sw, *out);
  }
  return true;
}

bool sharc_p_parse_memoized_body(sharc_parser *p, const sharc_attr_def *def,
                                 bool (*fn)(sharc_parser *, sharc_attr **), sharc_attr **out) {
  if (p->in_alias_def || (!sharc_tok_is(&p->tok, '<') && !sharc_tok_is(&p->tok, '[')))
    return fn(p, out);
  const char *s = p->tok.start;
  const char *after = scan_brackets(s, p->lx.end, SHARC_MAX_NESTING - (int)p->depth, true);
  if (!after)
    return fn(p, out);
  sharc_str text = {s, (size_t)(after - s)};
  sharc_p_name *key = sharc_p_name_get(p, &p->attr_texts, text);
  if (key->attr && sharc_attr_def_of(key->attr) == def) {
    sharc_lexer_reset(&p->lx, after, p->lx.line, p->lx.line_start);
    sharc_p_next(p);
    *out = key->attr;
    return true;
  }
  if (!fn(p, out))
    return false;
  if (consumed_exactly(p, text))
    key->attr = *out;
  return true;
}

bool sharc_p_parse_type(sharc_parser *p, sharc_type **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_type_impl(p, out));
}

static bool parse_type_uncached(sharc_parser *p, sharc_type **out) {
  sharc_token t = p->tok;
  if (t.kind == TOK_BANG_ID)
    return parse_bang_type(p, out);
  if (sharc_tok_is(&t, '(')) {
    if (!sharc_p_enter(p))
      return false;
    bool ok = parse_function_type(p, out);
    sharc_p_leave(p);
    return ok;
  }
  if (t.kind == TOK_ERROR)
    return sharc_p_error(p, "%s", p->lx.error);
  if (t.kind != TOK_BARE_ID)
    return expected_type_error(p);
  sharc_str s = sharc_tok_str(&t);
  unsigned width;
  sharc_signedness sign;
  sharc_float_kind fk;
  if (integer_type_name(s, &width, &sign)) {
    if (width > 16777215)
      return integer_width_error(p, s);
    sharc_p_next(p);
    *out = remember_scalar_type(p, s, sharc_type_integer(p->ctx, width, sign));
    return true;
  }
  if (sharc_float_kind_from_name(s, &fk)) {
    sharc_p_next(p);
    *out = remember_scalar_type(p, s, sharc_type_float(p->ctx, fk));
    return true;
  }
  if (sharc_str_eq_cstr(s, "index") || sharc_str_eq_cstr(s, "none")) {
    sharc_p_next(p);
    *out = remember_scalar_type(p, s, s.data[0] == 'i' ? sharc_type_index(p->ctx)
                                                       : sharc_type_none(p->ctx));
    return true;
  }
  if (!sharc_p_enter(p))
    return false;
  bool ok = false;
  if (sharc_str_eq_cstr(s, "complex")) {
    sharc_p_next(p);
    sharc_type *elem;
    sharc_token et;
    ok = sharc_p_expect_msg(p, '<', "expected '<' in complex type");
    et = p->tok;
    ok = ok && sharc_p_parse_type(p, &elem);
    if (ok && elem->kind != SHARC_TYPE_FLOAT && elem->kind != SHARC_TYPE_INTEGER)
      ok = sharc_p_error_at(p, &et, "invalid element type for complex");
    ok = ok && expect_close(p, "expected '>' in complex type");
    if (ok)
      *out = sharc_type_complex(p->ctx, elem);
  } else if (sharc_str_eq_cstr(s, "tensor") || sharc_str_eq_cstr(s, "vector") ||
             sharc_str_eq_cstr(s, "memref")) {
    sharc_p_next(p);
    ok = parse_shaped(p, s, &t, out);
  } else if (sharc_str_eq_cstr(s, "tuple")) {
    sharc_p_next(p);
    sharc_ptrvec elems = {0};
    ok = sharc_p_expect_msg(p, '<', "expected '<' in tuple type");
    if (ok && !sharc_p_eat(p, '>'))
      ok = sharc_p_parse_type_list(p, &elems) && expect_close(p, "expected '>' in tuple type");
    if (ok)
      *out = sharc_type_tuple(p->ctx, (sharc_type *const *)elems.items, elems.len);
    sharc_ptrvec_free(&elems);
  } else {
    ok = expected_type_error(p);
  }
  sharc_p_leave(p);
  return ok;
}

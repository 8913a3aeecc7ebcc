/* Comma-separated lists with optional delimiters, as MLIR's
 * Parser::parseCommaSeparatedList: the one loop every list syntax of the
 * generic parser and of the dialect hooks shares. */
#include "asm/parser_impl.h"

#include <stdio.h>

static char open_of(sharc_p_delimiter d) {
  static const char opens[] = {0, '(', '[', '<', '{', '(', '[', '<', '{'};
  return opens[d];
}

static char close_of(sharc_p_delimiter d) {
  static const char closes[] = {0, ')', ']', '>', '}', ')', ']', '>', '}'};
  return closes[d];
}

/* parseToken(kind, "expected 'c'" + context): a message of the shared
 * parser, so no custom op prefix. */
static bool expect_delimiter_msg(sharc_parser *p, char c, const char *msg) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_expect_msg(p, c, msg));
}

static bool expect_delimiter(sharc_parser *p, char c, const char *context) {
  if (sharc_p_eat_inline(p, c)) /* the message is built only for the error */
    return true;
  char msg[160];
  snprintf(msg, sizeof msg, "expected '%c'%s", c, context ? context : "");
  return expect_delimiter_msg(p, c, msg);
}

bool sharc_p_parse_comma_list(sharc_parser *p, sharc_p_delimiter delimiter,
                              sharc_p_element_fn element, void *state, const char *context) {
  char open = open_of(delimiter), close = close_of(delimiter);
  if (open) {
    bool optional = delimiter >= SHARC_P_DELIM_OPTIONAL_PAREN;
    if (optional && !sharc_p_eat_inline(p, open))
      return true;
    if (!optional && !expect_delimiter(p, open, context))
      return false;
    if (sharc_p_eat_inline(p, close))
      return true;
  }
  do {
    if (!element(p, state))
      return false;
  } while (sharc_p_eat_inline(p, ','));
  return !open || expect_delimiter(p, close, context);
}

bool sharc_p_parse_comma_list_until(sharc_parser *p, char close, sharc_p_element_fn element,
                                    void *state, bool allow_empty) {
  if (sharc_tok_is(&p->tok, close)) {
    if (allow_empty)
      return sharc_p_eat_inline(p, close);
    sharc_ident *saved = sharc_p_hide_custom_op(p);
    return sharc_p_restore_custom_op(p, saved,
                                     sharc_p_wrong_token_error(p, "expected list element"));
  }
  if (!sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, element, state, NULL))
    return false;
  char msg[32];
  snprintf(msg, sizeof msg, "expected ',' or '%c'", close);
  return expect_delimiter_msg(p, close, msg);
}

/* The state of an attribute list: how one element is read, where it goes. */
typedef struct attr_list_state {
  const sharc_attr_def *fallback_def; /* NULL: no `#dialect.attr` form */
  sharc_p_attr_fn parse_one;
  sharc_ptrvec *out;
} attr_list_state;

static bool parse_next_attr_elem(sharc_parser *p, void *state) {
  attr_list_state *s = state;
  sharc_attr *a;
  bool ok = s->fallback_def ? sharc_p_parse_attr_with_fallback(p, s->fallback_def, s->parse_one, &a)
                            : s->parse_one(p, &a);
  if (!ok)
    return false;
  sharc_ptrvec_push(s->out, a);
  return true;
}

bool sharc_p_parse_attr_comma_list_with_fallback(sharc_parser *p, sharc_p_delimiter delimiter,
                                                 const sharc_attr_def *fallback_def,
                                                 sharc_p_attr_fn parse_one, sharc_ptrvec *out,
                                                 const char *context) {
  attr_list_state s = {fallback_def, parse_one, out};
  return sharc_p_parse_comma_list(p, delimiter, parse_next_attr_elem, &s, context);
}

bool sharc_p_parse_attr_comma_list(sharc_parser *p, sharc_p_delimiter delimiter,
                                   sharc_p_attr_fn parse_one, sharc_ptrvec *out,
                                   const char *context) {
  return sharc_p_parse_attr_comma_list_with_fallback(p, delimiter, NULL, parse_one, out, context);
}

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
static bool expect_delimiter(sharc_parser *p, char c, const char *context) {
  if (sharc_p_eat(p, c)) /* the message is built only for the error */
    return true;
  char msg[160];
  snprintf(msg, sizeof msg, "expected '%c'%s", c, context ? context : "");
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_expect_msg(p, c, msg));
}

bool sharc_p_parse_comma_list(sharc_parser *p, sharc_p_delimiter delimiter,
                              sharc_p_element_fn element, void *state, const char *context) {
  char open = open_of(delimiter), close = close_of(delimiter);
  if (open) {
    bool optional = delimiter >= SHARC_P_DELIM_OPTIONAL_PAREN;
    if (optional && !sharc_p_eat(p, open))
      return true;
    if (!optional && !expect_delimiter(p, open, context))
      return false;
    if (sharc_p_eat(p, close))
      return true;
  }
  do {
    if (!element(p, state))
      return false;
  } while (sharc_p_eat(p, ','));
  return !open || expect_delimiter(p, close, context);
}

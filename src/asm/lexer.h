/* MLIR tokens. The lexer works on demand over an in-memory buffer and keeps
 * line/column of every token for locations and diagnostics. */
#ifndef SHARC_ASM_LEXER_H
#define SHARC_ASM_LEXER_H

#include "sharc/support.h"

#include <string.h>

typedef enum sharc_tok_kind {
  TOK_EOF,
  TOK_ERROR,
  TOK_BARE_ID,    /* foo, i32, tensor, x8xf32 */
  TOK_PERCENT_ID, /* %0, %arg0 */
  TOK_AT_ID,      /* @sym, @"sym" */
  TOK_CARET_ID,   /* ^bb0 */
  TOK_HASH_ID,    /* #alias, #dialect.attr */
  TOK_BANG_ID,    /* !alias, !dialect.type */
  TOK_INTEGER,    /* 42, 0x2A */
  TOK_FLOAT,      /* 1.5, 2.0e-3 */
  TOK_STRING,     /* "..." (spelling includes the quotes) */
  TOK_ARROW,      /* -> */
  TOK_COLON_COLON,
  TOK_ELLIPSIS,
  TOK_FILE_METADATA_BEGIN, /* {-# */
  TOK_FILE_METADATA_END,   /* #-} */
  TOK_PUNCT,      /* one character: ( ) [ ] { } < > , : = ? * + - | */
} sharc_tok_kind;

typedef struct sharc_token {
  sharc_tok_kind kind;
  const char *start;
  size_t len;
  unsigned line, col;
} sharc_token;

typedef struct sharc_lexer {
  const char *buf, *cur, *end;
  unsigned line;           /* line of `cur` */
  const char *line_start;  /* start of the line holding `cur` */
  const char *error;       /* message of the last TOK_ERROR */
  const char *error_at;    /* where the error is, when not the token start */
  /* input before `released` has been handed back (sharc_pages_release_file);
   * the next hand-back is due when `cur` passes `release_at` */
  const char *released, *release_at;
  /* The input's last line end (a '\n'), or `buf` when it has none. Every
   * scanner stops at a line end, so a token that starts before it is lexed
   * with no bounds check per byte: the input needs no terminator. */
  const char *fast_end;
  /* the lower of release_at and fast_end: below it sharc_lex_punct may read
   * the next two bytes without a check */
  const char *fast_at;
} sharc_lexer;

void sharc_lexer_init(sharc_lexer *lx, const char *buf, size_t len, unsigned first_line);
sharc_token sharc_lex(sharc_lexer *lx);
/* The next token, written into *out (the parser's current token). */
void sharc_lex_into(sharc_lexer *lx, sharc_token *out);

/* What a token's first byte settles, one lookup for the common tokens
 * (lexer.c has the rest of the classes, all below SHARC_LEX_FIRST_LOOKAHEAD):
 * SLOW leaves the byte to the full scanners (sigils other than `%`, `.`,
 * errors, the end); PUNCT is a one-character token. A value from
 * SHARC_LEX_FIRST_LOOKAHEAD up is a punctuation character that is a token
 * of its own unless the byte after it is that value (`::`, `->`, `{-#`):
 * `:` and `{` end every generic op and `-` starts negative numbers, and
 * the full scanners cost them several times a one-byte token. */
enum { SHARC_LEX_FIRST_SLOW, SHARC_LEX_FIRST_PUNCT, SHARC_LEX_FIRST_LOOKAHEAD = 8 };
extern const unsigned char sharc_lex_first_kind[256];

/* The most common token, one punctuation character after at most one
 * blank, lexed inline on the parser's path (a call, its register saves and
 * the full dispatch cost more than the token); false for any other, with
 * at most the blank stepped over (sharc_lex_into lexes it). Below fast_at
 * a blank is followed by a byte of the input (the last line end at the
 * latest), and any other byte than a line end by one more. */
static inline bool sharc_lex_punct(sharc_lexer *lx, sharc_token *out) {
  const char *p = lx->cur;
  if (p >= lx->fast_at)
    return false;
  p += *p == ' ';
  unsigned kind = sharc_lex_first_kind[(unsigned char)*p];
  /* a lookahead byte is not a line end, so the byte after it is input */
  if (kind != SHARC_LEX_FIRST_PUNCT &&
      (kind < SHARC_LEX_FIRST_LOOKAHEAD || (unsigned char)p[1] == kind)) {
    lx->cur = p;
    return false;
  }
  unsigned line = lx->line;
  const char *line_start = lx->line_start;
  lx->cur = p + 1;
  out->kind = TOK_PUNCT;
  out->start = p;
  out->len = 1;
  out->line = line;
  out->col = (unsigned)(p - line_start) + 1;
  return true;
}
/* Moves the lexer back to just after `pos` (which must be inside the buffer). */
static inline void sharc_lexer_reset(sharc_lexer *lx, const char *pos, unsigned line,
                                     const char *line_start) {
  lx->cur = pos;
  lx->line = line;
  lx->line_start = line_start;
}

static inline bool sharc_tok_is(const sharc_token *t, char c) {
  return t->kind == TOK_PUNCT && t->start[0] == c;
}
/* Inline so that the keyword's length folds to a constant. */
static inline bool sharc_tok_is_keyword(const sharc_token *t, const char *kw) {
  size_t n = strlen(kw);
  return t->kind == TOK_BARE_ID && t->len == n && memcmp(t->start, kw, n) == 0;
}
static inline sharc_str sharc_tok_str(const sharc_token *t) {
  return (sharc_str){t->start, t->len};
}

#endif

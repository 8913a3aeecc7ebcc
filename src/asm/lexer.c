/* MLIR lexer: identifiers, sigil-prefixed names, numbers, strings,
 * punctuation; `//` comments are skipped. */
#include "asm/lexer.h"

#include "support/pages.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

enum { LEX_RELEASE_STEP = 8 << 20, LEX_RELEASE_MARGIN = 1 << 20 };

static const char *min_ptr(const char *a, const char *b) { return a < b ? a : b; }

/* The last '\n' of the input (found from the end: the last line is
 * short), or `buf`. */
static const char *last_line_end(const char *buf, const char *end) {
  for (const char *q = end; q > buf;)
    if (*--q == '\n')
      return q;
  return buf;
}

void sharc_lexer_init(sharc_lexer *lx, const char *buf, size_t len, unsigned first_line) {
  lx->buf = lx->cur = lx->line_start = buf;
  lx->end = buf + len;
  lx->line = first_line ? first_line : 1;
  lx->error = NULL;
  lx->error_at = NULL;
  lx->released = buf;
  lx->release_at = buf + (len < LEX_RELEASE_STEP ? len : LEX_RELEASE_STEP);
  lx->fast_end = last_line_end(buf, lx->end);
  lx->fast_at = min_ptr(lx->release_at, lx->fast_end);
}

/* A large mapped input need not stay resident once lexed: every
 * LEX_RELEASE_STEP bytes, the text more than LEX_RELEASE_MARGIN behind the
 * lexer goes back to the kernel (a later look at it, by a diagnostic or a
 * reset, maps it in again). Peak memory is then the IR, not the IR plus
 * the file. */
static void release_behind(sharc_lexer *lx) {
  if (lx->cur > lx->released && (size_t)(lx->cur - lx->released) > LEX_RELEASE_MARGIN) {
    const char *keep = lx->cur - LEX_RELEASE_MARGIN;
    sharc_pages_release_file(lx->released, (size_t)(keep - lx->released));
    lx->released = keep;
  }
  size_t left = lx->cur < lx->end ? (size_t)(lx->end - lx->cur) : 0;
  lx->release_at = lx->cur + (left < LEX_RELEASE_STEP ? left : LEX_RELEASE_STEP);
  lx->fast_at = min_ptr(lx->release_at, lx->fast_end);
}

/* Character classes, one table lookup per character on the hot path. */
/* CC_SKIP: the bytes skip_space may act on (blanks, line ends, NUL and the
 * `/` of a comment); any other byte ends the skip at once. */
enum { CC_DIGIT = 1, CC_ALPHA = 2, CC_HEX = 4, CC_BARE = 8, CC_SUFFIX = 16, CC_SKIP = 32 };

static const unsigned char char_class[256] = {
#define D (CC_DIGIT | CC_HEX | CC_BARE | CC_SUFFIX)
#define H (CC_ALPHA | CC_HEX | CC_BARE | CC_SUFFIX)
#define A (CC_ALPHA | CC_BARE | CC_SUFFIX)
#define B (CC_BARE | CC_SUFFIX)
    ['0'] = D, ['1'] = D, ['2'] = D, ['3'] = D, ['4'] = D, ['5'] = D, ['6'] = D, ['7'] = D,
    ['8'] = D, ['9'] = D, ['a'] = H, ['b'] = H, ['c'] = H, ['d'] = H, ['e'] = H, ['f'] = H,
    ['A'] = H, ['B'] = H, ['C'] = H, ['D'] = H, ['E'] = H, ['F'] = H, ['g'] = A, ['h'] = A,
    ['i'] = A, ['j'] = A, ['k'] = A, ['l'] = A, ['m'] = A, ['n'] = A, ['o'] = A, ['p'] = A,
    ['q'] = A, ['r'] = A, ['s'] = A, ['t'] = A, ['u'] = A, ['v'] = A, ['w'] = A, ['x'] = A,
    ['y'] = A, ['z'] = A, ['G'] = A, ['H'] = A, ['I'] = A, ['J'] = A, ['K'] = A, ['L'] = A,
    ['M'] = A, ['N'] = A, ['O'] = A, ['P'] = A, ['Q'] = A, ['R'] = A, ['S'] = A, ['T'] = A,
    ['U'] = A, ['V'] = A, ['W'] = A, ['X'] = A, ['Y'] = A, ['Z'] = A, ['_'] = B, ['$'] = B,
    ['.'] = B, ['-'] = CC_SUFFIX, [' '] = CC_SKIP, ['\n'] = CC_SKIP, ['\t'] = CC_SKIP,
    ['\r'] = CC_SKIP, [0] = CC_SKIP, ['/'] = CC_SKIP,
#undef D
#undef H
#undef A
#undef B
};

static bool has_class(char c, unsigned cls) { return char_class[(unsigned char)c] & cls; }
static bool is_digit(char c) { return has_class(c, CC_DIGIT); }
static bool is_alpha(char c) { return has_class(c, CC_ALPHA); }
static bool is_hex(char c) { return has_class(c, CC_HEX); }
static bool is_bare_char(char c) { return has_class(c, CC_BARE); }
static bool is_suffix_char(char c) { return has_class(c, CC_SUFFIX); }

/* Whether `p` is inside the input. A scanner instance made with `fast`
 * (a constant) lexes a token that starts before fast_end: the line end
 * there stops it first, so the check folds away. */
static inline bool in_input(bool fast, const char *p, const char *end) { return fast || p < end; }

static void newline(sharc_lexer *lx, const char *after) {
  lx->line++;
  lx->line_start = after;
}

/* Spaces first, in a loop of their own: indentation is most of what is
 * skipped. A token's first byte leaves after one table lookup. */
static void skip_space(sharc_lexer *lx) {
  const char *p = lx->cur, *end = lx->end;
  for (;;) {
    while (p < end && *p == ' ')
      p++;
    if (p >= end)
      break;
    char c = *p;
    if (!has_class(c, CC_SKIP))
      break; /* a token, or a control character (an error) */
    if (c == '\n') {
      newline(lx, ++p);
      continue;
    }
    if (c == '/') {
      if (p + 1 >= end || p[1] != '/')
        break;
      while (p < end && *p != '\n')
        p++;
      continue;
    }
    p++; /* tab, carriage return, or NUL: skipped, as MLIR does */
  }
  lx->cur = p;
}

/* The scanners below move lx->cur past a token and return its kind;
 * sharc_lex_into writes the token once, where the parser keeps it. */
static sharc_tok_kind fail(sharc_lexer *lx, const char *msg) {
  lx->error = msg;
  return TOK_ERROR;
}

/* The bytes that end a string literal's plain run: its closing quote, an
 * escape, or a line end (an error); the rest take one lookup each. */
static const unsigned char string_stop[256] = {['"'] = 1, ['\\'] = 1, ['\n'] = 1, ['\r'] = 1};

/* Past the bytes from `p` that string_stop lets through, sixteen at a time
 * while sixteen lie before `limit`: at the first one it stops, or where
 * fewer are left (the byte loop goes on from there). Every quoted op name
 * and most string literals end within the first sixteen. */
static inline const char *skip_string_run(const char *p, const char *limit) {
#ifdef __SSE2__
  while (limit - p >= 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i m = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                             _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    m = _mm_or_si128(m, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')),
                                     _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
    unsigned mask = (unsigned)_mm_movemask_epi8(m);
    if (mask)
      return p + __builtin_ctz(mask);
    p += 16;
  }
#else
  (void)limit;
#endif
  return p;
}

static inline sharc_tok_kind lex_string(sharc_lexer *lx, bool fast) {
  const char *p = lx->cur, *end = lx->end; /* after the opening quote */
  if (fast) /* the bytes up to the last line end may be read */
    p = skip_string_run(p, lx->fast_end + 1);
  while (in_input(fast, p, end)) {
    if (!string_stop[(unsigned char)*p]) {
      p++;
      continue;
    }
    char c = *p;
    if (c == '"') {
      lx->cur = p + 1;
      return TOK_STRING;
    }
    /* a NUL byte inside the buffer is part of the string, as in MLIR */
    if (c == '\n' || c == '\r')
      break;
    if (c == '\\') {
      if (in_input(fast, p + 1, end) &&
          (p[1] == '"' || p[1] == '\\' || p[1] == 'n' || p[1] == 't')) {
        p += 2;
        continue;
      }
      if (in_input(fast, p + 2, end) && is_hex(p[1]) && is_hex(p[2])) {
        p += 3;
        continue;
      }
      lx->cur = p;
      lx->error_at = p;
      return fail(lx, "unknown escape in string literal");
    }
  }
  lx->cur = p;
  lx->error_at = p; /* MLIR points at the end of the line (or file) */
  return fail(lx, "expected '\"' in string literal");
}

static inline sharc_tok_kind lex_number(sharc_lexer *lx, const char *start, bool fast) {
  const char *p = lx->cur, *end = lx->end;
  if (*start == '0' && in_input(fast, p, end) && *p == 'x' && in_input(fast, p + 1, end) &&
      is_hex(p[1])) {
    p++;
    while (in_input(fast, p, end) && is_hex(*p))
      p++;
    lx->cur = p;
    return TOK_INTEGER;
  }
  while (in_input(fast, p, end) && is_digit(*p))
    p++;
  if (!in_input(fast, p, end) || *p != '.') {
    lx->cur = p;
    return TOK_INTEGER;
  }
  p++;
  while (in_input(fast, p, end) && is_digit(*p))
    p++;
  if (in_input(fast, p, end) && (*p == 'e' || *p == 'E')) {
    const char *q = p + 1;
    if (in_input(fast, q, end) && (*q == '+' || *q == '-'))
      q++;
    if (in_input(fast, q, end) && is_digit(*q)) {
      while (in_input(fast, q, end) && is_digit(*q))
        q++;
      p = q;
    }
  }
  lx->cur = p;
  return TOK_FLOAT;
}

/* The name after a sigil: a suffix-id (letters, digits, _ $ . -) or, for
 * `@`, a quoted string. */
static sharc_tok_kind lex_sigil(sharc_lexer *lx, sharc_tok_kind kind) {
  const char *p = lx->cur;
  if (kind == TOK_AT_ID && p < lx->end && *p == '"') {
    lx->cur = p + 1;
    return lex_string(lx, false) == TOK_ERROR ? TOK_ERROR : TOK_AT_ID;
  }
  if (p < lx->end && is_digit(*p) && kind != TOK_AT_ID) {
    while (p < lx->end && is_digit(*p))
      p++;
  } else if (p < lx->end && (is_alpha(*p) || *p == '_' || *p == '$' || *p == '.' ||
                             (kind != TOK_AT_ID && *p == '-'))) {
    while (p < lx->end && (kind == TOK_AT_ID ? is_bare_char(*p) : is_suffix_char(*p)))
      p++;
  } else {
    lx->cur = p;
    lx->error_at = kind == TOK_AT_ID ? p : NULL; /* `@` errors point past the sigil */
    switch (kind) {
    case TOK_PERCENT_ID:
      return fail(lx, "invalid SSA name");
    case TOK_AT_ID:
      return fail(lx, "@ identifier expected to start with letter or '_'");
    case TOK_CARET_ID:
      return fail(lx, "invalid block name");
    case TOK_HASH_ID:
      return fail(lx, "invalid attribute name");
    default:
      return fail(lx, "invalid type identifier");
    }
  }
  lx->cur = p;
  return kind;
}

/* The token at lx->cur (inside the input) whose first byte
 * sharc_lex_first_kind leaves to the slow path: scan_token has the words,
 * numbers, strings and `%` names. */
static sharc_tok_kind lex_token(sharc_lexer *lx) {
  char c = *lx->cur++;
  switch (c) {
  case '@':
    return lex_sigil(lx, TOK_AT_ID);
  case '^':
    return lex_sigil(lx, TOK_CARET_ID);
  case '!':
    return lex_sigil(lx, TOK_BANG_ID);
  case '#':
    if (lx->cur < lx->end && *lx->cur == '-' && lx->cur + 1 < lx->end && lx->cur[1] == '}') {
      lx->cur += 2;
      return TOK_FILE_METADATA_END;
    }
    return lex_sigil(lx, TOK_HASH_ID);
  case '-':
    if (lx->cur < lx->end && *lx->cur == '>') {
      lx->cur++;
      return TOK_ARROW;
    }
    return TOK_PUNCT;
  case ':':
    if (lx->cur < lx->end && *lx->cur == ':') {
      lx->cur++;
      return TOK_COLON_COLON;
    }
    return TOK_PUNCT;
  case '.':
    if (lx->cur + 1 < lx->end && lx->cur[0] == '.' && lx->cur[1] == '.') {
      lx->cur += 2;
      return TOK_ELLIPSIS;
    }
    return fail(lx, "unexpected character");
  case '{':
    if (lx->cur + 1 < lx->end && lx->cur[0] == '-' && lx->cur[1] == '#') {
      lx->cur += 2;
      return TOK_FILE_METADATA_BEGIN;
    }
    return TOK_PUNCT;
  case '(': case ')': case '[': case ']': case '}': case '<': case '>': case ',':
  case '=': case '?': case '*': case '+': case '|':
    return TOK_PUNCT;
  default:
    return fail(lx, "unexpected character");
  }
}

enum {
  FIRST_SLOW = SHARC_LEX_FIRST_SLOW,
  FIRST_PUNCT = SHARC_LEX_FIRST_PUNCT,
  FIRST_WORD,
  FIRST_DIGIT,
  FIRST_STRING,
  FIRST_PERCENT
};

_Static_assert((int)FIRST_PERCENT < (int)SHARC_LEX_FIRST_LOOKAHEAD, "the classes lie below the lookahead bytes");

const unsigned char sharc_lex_first_kind[256] = {
#define W FIRST_WORD
    ['a'] = W, ['b'] = W, ['c'] = W, ['d'] = W, ['e'] = W, ['f'] = W, ['g'] = W, ['h'] = W,
    ['i'] = W, ['j'] = W, ['k'] = W, ['l'] = W, ['m'] = W, ['n'] = W, ['o'] = W, ['p'] = W,
    ['q'] = W, ['r'] = W, ['s'] = W, ['t'] = W, ['u'] = W, ['v'] = W, ['w'] = W, ['x'] = W,
    ['y'] = W, ['z'] = W, ['A'] = W, ['B'] = W, ['C'] = W, ['D'] = W, ['E'] = W, ['F'] = W,
    ['G'] = W, ['H'] = W, ['I'] = W, ['J'] = W, ['K'] = W, ['L'] = W, ['M'] = W, ['N'] = W,
    ['O'] = W, ['P'] = W, ['Q'] = W, ['R'] = W, ['S'] = W, ['T'] = W, ['U'] = W, ['V'] = W,
    ['W'] = W, ['X'] = W, ['Y'] = W, ['Z'] = W, ['_'] = W,
#undef W
    ['0'] = FIRST_DIGIT, ['1'] = FIRST_DIGIT, ['2'] = FIRST_DIGIT, ['3'] = FIRST_DIGIT,
    ['4'] = FIRST_DIGIT, ['5'] = FIRST_DIGIT, ['6'] = FIRST_DIGIT, ['7'] = FIRST_DIGIT,
    ['8'] = FIRST_DIGIT, ['9'] = FIRST_DIGIT, ['"'] = FIRST_STRING, ['%'] = FIRST_PERCENT,
    ['('] = FIRST_PUNCT, [')'] = FIRST_PUNCT, ['['] = FIRST_PUNCT, [']'] = FIRST_PUNCT,
    ['}'] = FIRST_PUNCT, ['<'] = FIRST_PUNCT, ['>'] = FIRST_PUNCT, [','] = FIRST_PUNCT,
    ['='] = FIRST_PUNCT, ['?'] = FIRST_PUNCT, ['*'] = FIRST_PUNCT, ['+'] = FIRST_PUNCT,
    ['|'] = FIRST_PUNCT,
    /* one-byte tokens unless the next byte is this (see lexer.h) */
    [':'] = ':', ['-'] = '>', ['{'] = '-',
};

/* Moves past the token at `start` (blanks already skipped) and returns its
 * kind. Punctuation, words and `%N` are scanned here in one pass over
 * their bytes; the rest goes to the scanners above with lx->cur at the
 * token. `fast` (a constant): the token starts before fast_end. */
static inline sharc_tok_kind scan_token(sharc_lexer *lx, const char *start, bool fast) {
  const char *p = start, *end = lx->end;
  if (!in_input(fast, p, end))
    return TOK_EOF;
  switch (sharc_lex_first_kind[(unsigned char)*p++]) {
  case FIRST_PUNCT:
    lx->cur = p;
    return TOK_PUNCT;
  case FIRST_WORD:
    while (in_input(fast, p, end) && is_bare_char(*p))
      p++;
    lx->cur = p;
    return TOK_BARE_ID;
  case FIRST_PERCENT:
    if (in_input(fast, p, end) && is_digit(*p)) {
      while (in_input(fast, p, end) && is_digit(*p))
        p++;
      lx->cur = p;
      return TOK_PERCENT_ID;
    }
    lx->cur = p;
    return lex_sigil(lx, TOK_PERCENT_ID);
  case FIRST_DIGIT:
    lx->cur = p;
    return lex_number(lx, start, fast);
  case FIRST_STRING:
    lx->cur = p;
    return lex_string(lx, fast);
  default:
    lx->cur = start;
    return lex_token(lx);
  }
}

/* The token at `p`, where the lexer stands once the hand-back is checked
 * (sharc_lex_punct has stepped over one blank, the common case: the loop
 * of skip_space only for more, or for line ends and comments). */
static void lex_at(sharc_lexer *lx, sharc_token *out, const char *p) {
  lx->cur = p;
  if (p < lx->end && has_class(*p, CC_SKIP))
    skip_space(lx);
  const char *start = lx->cur;
  sharc_tok_kind kind =
      start < lx->fast_end ? scan_token(lx, start, true) : scan_token(lx, start, false);
  /* read before the first store through `out`, which may alias them */
  const char *cur = lx->cur, *line_start = lx->line_start;
  unsigned line = lx->line;
  out->kind = kind;
  out->start = start;
  out->len = (size_t)(cur - start);
  out->line = line;
  out->col = (unsigned)(start - line_start) + 1;
}

void sharc_lex_into(sharc_lexer *lx, sharc_token *out) {
  if (lx->cur >= lx->release_at)
    release_behind(lx);
  lex_at(lx, out, lx->cur);
}

sharc_token sharc_lex(sharc_lexer *lx) {
  sharc_token t;
  sharc_lex_into(lx, &t);
  return t;
}

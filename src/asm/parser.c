/* MLIR assembly parser: generic and custom operation forms, regions and
 * blocks, SSA scoping with forward references, aliases, builtin types,
 * attributes and locations. Errors stop the parse at the first one, as
 * MLIR's parser does. */
#include "asm/parser_impl.h"
#include "support/arena.h"
#include "support/ptrmap.h"
#include "support/small_room.h"
#include "support/xalloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- small vectors ------------------------------------------------------ */

/* Replaces the value of the first `known` attributes named `name`; false
 * when none is. */
static bool builder_replace_attr(sharc_op_builder *b, unsigned known, const sharc_ident *name,
                                 sharc_attr *value) {
  for (unsigned i = 0; i < known; i++)
    if (b->attrs[i].name == name) {
      b->attrs[i].value = value;
      return true;
    }
  return false;
}

static void builder_append_attr(sharc_op_builder *b, sharc_ident *name, sharc_attr *value) {
  b->attrs = sharc_small_room(b->attrs, b->small_attrs,
                              sizeof b->small_attrs / sizeof b->small_attrs[0], b->num_attrs,
                              &b->cap_attrs, sizeof *b->attrs);
  b->attrs[b->num_attrs++] = (sharc_named_attr){name, value};
}

void sharc_builder_add_attr(sharc_op_builder *b, sharc_ident *name, sharc_attr *value) {
  if (!builder_replace_attr(b, b->num_attrs, name, value))
    builder_append_attr(b, name, value);
}

/* The entries' names differ from each other (a parsed dictionary), so each
 * is compared only with the attributes the builder had before: a
 * dictionary of n keys costs O(n), not O(n^2). */
void sharc_builder_add_distinct_attrs(sharc_op_builder *b, const sharc_named_attr *entries,
                                      unsigned n) {
  unsigned known = b->num_attrs;
  for (unsigned i = 0; i < n; i++)
    if (!builder_replace_attr(b, known, entries[i].name, entries[i].value))
      builder_append_attr(b, entries[i].name, entries[i].value);
}

/* The identifier spelled `name`, found by the pointer when it was asked for
 * before: one string compare where a length, a hash and a probe of the
 * identifier table cost several times more. The compare keeps it exact if
 * the pointer's bytes changed (a caller's buffer). */
static sharc_ident *builder_attr_name(sharc_parser *p, const char *name) {
  /* string literals sit byte-packed in .rodata: the address's low bits
   * alone put literals a fixed stride apart in one slot, and which ones
   * depends on the link's layout; a multiply spreads them. Two ways a
   * slot, the newer first: with one, two names an op sets by turns could
   * share a slot or not as the link placed them (19k more identifier
   * lookups in a 100k transformer after an unrelated change). */
  p_cstr_ident *way = &p->cstr_idents[2 * sharc_ptr_slot(name, SHARC_P_CSTR_IDENT_BITS - 1)];
  for (unsigned i = 0; i < 2; i++)
    if (way[i].text == name && strcmp(way[i].id->data, name) == 0)
      return way[i].id;
  sharc_ident *id = sharc_ident_get(p->ctx, sharc_str_from_cstr(name));
  way[1] = way[0];
  way[0] = (p_cstr_ident){name, id};
  return id;
}

p_word_slot *sharc_p_word_caches(sharc_parser *p) {
  p->words = sharc_xcalloc(P_WORD_SLOTS_ALL, sizeof *p->words);
  return p->words;
}

enum { P_CACHE_LINE = 64 };

void *sharc_p_calloc_lines(size_t lines, void **mem) {
  *mem = sharc_xcalloc(lines + 1, P_CACHE_LINE);
  return (void *)(((uintptr_t)*mem + P_CACHE_LINE - 1) & ~(uintptr_t)(P_CACHE_LINE - 1));
}

p_function_set *sharc_p_function_sets(sharc_parser *p) {
  _Static_assert(sizeof(p_function_set) == P_CACHE_LINE, "a set fills one cache line");
  size_t bytes = (size_t)(p->lx.end - p->lx.buf);
  unsigned bits = P_FUNCTION_SET_BITS;
  while (bits < P_FUNCTION_MAX_BITS && bytes >> bits > P_FUNCTION_BYTES_A_SET)
    bits++;
  p->function_bits = bits;
  p->function_sets = sharc_p_calloc_lines((size_t)1 << bits, &p->function_mem);
  return p->function_sets;
}

void sharc_builder_set_attr(sharc_parser *p, sharc_op_builder *b, const char *name,
                            sharc_attr *value) {
  sharc_builder_add_attr(b, builder_attr_name(p, name), value);
}

void sharc_op_builder_cleanup(sharc_op_builder *b) {
  sharc_ptrvec_free(&b->operands);
  sharc_ptrvec_free(&b->result_types);
  sharc_ptrvec_free(&b->regions);
  sharc_ptrvec_free(&b->successors);
  if (b->attrs != b->small_attrs)
    free(b->attrs);
}

/* ---- tokens and errors -------------------------------------------------- */

const sharc_token *sharc_p_tok(const sharc_parser *p) { return &p->tok; }
sharc_context *sharc_p_context(const sharc_parser *p) { return p->ctx; }
bool sharc_p_failed(const sharc_parser *p) { return p->failed; }

sharc_attr *sharc_p_tok_loc(sharc_parser *p, const sharc_token *t) {
  return sharc_loc_file(p->ctx, p->file, t->line, t->col);
}

sharc_attr *sharc_p_builder_loc(sharc_parser *p, const sharc_op_builder *b) {
  return b->loc ? b->loc : sharc_loc_file(p->ctx, p->file, b->loc_line, b->loc_col);
}

/* Emits at line:col, with the custom op prefix inside an op's own parser. */
static void emit_at(sharc_parser *p, unsigned line, unsigned col, const char *fmt, va_list ap) {
  sharc_attr *loc = sharc_loc_file(p->ctx, p->file, line, col);
  if (!p->custom_op) {
    sharc_emit_v(p->ctx, SHARC_SEV_ERROR, loc, fmt, ap);
    return;
  }
  sharc_buf m = {0};
  sharc_str name = sharc_ident_str(p->custom_op);
  sharc_buf_printf(&m, "custom op '%.*s' ", (int)name.len, name.data);
  sharc_buf_vprintf(&m, fmt, ap);
  sharc_emit(p->ctx, SHARC_SEV_ERROR, loc, "%s", m.data);
  sharc_buf_free(&m);
}

static bool verror_at(sharc_parser *p, unsigned line, unsigned col, const char *fmt, va_list ap) {
  if (p->failed)
    return false;
  p->failed = true;
  emit_at(p, line, col, fmt, ap);
  return false;
}

bool sharc_p_error_at(sharc_parser *p, const sharc_token *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror_at(p, t->line, t->col, fmt, ap);
  va_end(ap);
  return false;
}

/* Line and column of a pointer into the buffer being parsed. */
static void position_of(const sharc_parser *p, const char *ptr, unsigned *line, unsigned *col) {
  unsigned l = p->first_line;
  const char *ls = p->first_line_start;
  for (const char *q = p->lx.buf; q < ptr; q++)
    if (*q == '\n') {
      l++;
      ls = q + 1;
    }
  *line = l;
  *col = (unsigned)(ptr - ls) + 1;
}

/* MLIR's emitWrongTokenError: an "expected ..." error points just after the
 * last non-blank text before the offending token, skipping blank lines and
 * trailing `//` comments, so it lands where the missing token belonged. */
static void wrong_token_position(const sharc_parser *p, unsigned *line, unsigned *col) {
  const char *begin = p->lx.buf, *ptr = p->tok.start;
  if (p->tok.kind == TOK_EOF && ptr > begin)
    ptr--;
  const char *orig = ptr, *end = ptr;
  for (;;) {
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t'))
      end--;
    if (end == begin) {
      position_of(p, orig, line, col);
      return;
    }
    if (end[-1] != '\n' && end[-1] != '\r') {
      position_of(p, end, line, col);
      return;
    }
    end--;
    const char *prev = end;
    while (prev > begin && prev[-1] != '\n' && prev[-1] != '\r')
      prev--;
    for (const char *q = prev; q + 1 < end; q++)
      if (q[0] == '/' && q[1] == '/') {
        end = q;
        break;
      }
  }
}

/* The current token, placed where emitWrongTokenError reports it. */
static sharc_token wrong_token(sharc_parser *p) {
  sharc_token t = p->tok;
  wrong_token_position(p, &t.line, &t.col);
  return t;
}

bool sharc_p_wrong_token_error_chained(sharc_parser *p, const char *msg) {
  sharc_token t = wrong_token(p);
  sharc_ident *saved = sharc_p_hide_custom_op(p); /* a parseToken error: no custom op prefix */
  sharc_p_error_chained_at(p, &t, "%s", msg);
  return sharc_p_restore_custom_op(p, saved, false);
}

bool sharc_p_wrong_token_error(sharc_parser *p, const char *msg) {
  sharc_token t = wrong_token(p);
  return sharc_p_error_at(p, &t, "%s", msg);
}

/* The errors MLIR reports with emitWrongTokenError (a missing token, or a
 * token that cannot start what is required); all others point at the
 * current token itself. */
static const char *const wrong_token_errors[] = {
    "expected '",          "expected non-function type",     "expected attribute value",
    "expected SSA operand", "expected operation name in quotes", "undefined symbol alias id",
    "expected location instance", "expected integer number of results", NULL,
};

static bool is_wrong_token_error(const char *fmt) {
  for (const char *const *w = wrong_token_errors; *w; w++)
    if (strncmp(fmt, *w, strlen(*w)) == 0)
      return true;
  return false;
}

/* Where an error about the current token goes. */
static void error_position(sharc_parser *p, const char *fmt, unsigned *line, unsigned *col) {
  *line = p->tok.line;
  *col = p->tok.col;
  if (is_wrong_token_error(fmt)) {
    wrong_token_position(p, line, col);
  } else if (p->tok.kind == TOK_EOF && p->tok.start > p->lx.buf) {
    /* at the end of the file MLIR points back at the last character */
    position_of(p, p->tok.start - 1, line, col);
  }
}

bool sharc_p_error(sharc_parser *p, const char *fmt, ...) {
  unsigned line, col;
  error_position(p, fmt, &line, &col);
  va_list ap;
  va_start(ap, fmt);
  verror_at(p, line, col, fmt, ap);
  va_end(ap);
  return false;
}

bool sharc_p_error_chained(sharc_parser *p, const char *fmt, ...) {
  unsigned line, col;
  error_position(p, fmt, &line, &col);
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  emit_at(p, line, col, fmt, ap);
  va_end(ap);
  return false;
}

bool sharc_p_custom_error(sharc_parser *p, const sharc_op_builder *b, const sharc_token *t,
                          const char *fmt, ...) {
  if (p->failed)
    return false;
  p->failed = true;
  sharc_buf m = {0};
  sharc_str name = sharc_ident_str(p->custom_op ? p->custom_op : b->name);
  sharc_buf_printf(&m, "custom op '%.*s' ", (int)name.len, name.data);
  va_list ap;
  va_start(ap, fmt);
  sharc_buf_vprintf(&m, fmt, ap);
  va_end(ap);
  sharc_attr *loc = t ? sharc_p_tok_loc(p, t) : sharc_p_builder_loc(p, b);
  sharc_emit(p->ctx, SHARC_SEV_ERROR, loc, "%s", m.data);
  sharc_buf_free(&m);
  return false;
}

bool sharc_p_error_chained_at(sharc_parser *p, const sharc_token *t, const char *fmt, ...) {
  p->failed = true;
  va_list ap;
  va_start(ap, fmt);
  emit_at(p, t->line, t->col, fmt, ap);
  va_end(ap);
  return false;
}

static bool lex_error_plain(sharc_parser *p);

/* A lexer error points at the offending character when it knows one. */
static bool lex_error(sharc_parser *p) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, lex_error_plain(p));
}

static bool lex_error_plain(sharc_parser *p) {
  if (p->lx.error_at) {
    const char *at = p->lx.error_at;
    unsigned col = p->tok.col + (unsigned)(at - p->tok.start);
    sharc_token t = p->tok;
    t.col = col;
    return sharc_p_error_at(p, &t, "%s", p->lx.error);
  }
  return sharc_p_error(p, "%s", p->lx.error ? p->lx.error : "unexpected character");
}

/* A lexer error is reported where the lexer failed, when it happens, as
 * MLIR's lexer does; later errors are then suppressed. Out of line, so
 * that the common token's path needs no frame. */
__attribute__((noinline)) static void next_token_slow(sharc_parser *p) {
  sharc_lex_into(&p->lx, &p->tok);
  if (p->tok.kind == TOK_ERROR)
    lex_error(p);
}

void sharc_p_next(sharc_parser *p) {
  /* written in place: no token copied on the parser's hottest path */
  if (!sharc_lex_punct(&p->lx, &p->tok))
    next_token_slow(p);
}

bool sharc_p_eat(sharc_parser *p, char c) { return sharc_p_eat_inline(p, c); }

/* A missing token: MLIR's wrong-token placement, unless the lexer failed. */
static bool expected_error(sharc_parser *p, const char *what) {
  if (p->tok.kind == TOK_ERROR)
    return lex_error(p);
  return sharc_p_wrong_token_error(p, what);
}

static bool sharc_p_expect_impl(sharc_parser *p, char c) {
  if (sharc_p_eat(p, c))
    return true;
  char msg[32] = "expected '?'";
  msg[10] = c;
  return expected_error(p, msg);
}

bool sharc_p_expect(sharc_parser *p, char c) {
  /* the token there: no error, so nothing for the custom op's prefix to
   * change (a lexer error on the next token hides it itself) */
  if (sharc_p_eat_inline(p, c))
    return true;
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_expect_impl(p, c));
}

bool sharc_p_eat_keyword(sharc_parser *p, const char *kw) {
  if (!sharc_tok_is_keyword(&p->tok, kw))
    return false;
  sharc_p_next(p);
  return true;
}

bool sharc_p_expect_keyword(sharc_parser *p, const char *kw) {
  if (sharc_p_eat_keyword(p, kw))
    return true;
  if (p->tok.kind == TOK_ERROR)
    return lex_error(p);
  /* AsmParserImpl::parseKeyword reports at the current token */
  return sharc_p_error_at(p, &p->tok, "expected '%s'", kw);
}

bool sharc_p_eat_arrow(sharc_parser *p) {
  if (p->tok.kind != TOK_ARROW)
    return false;
  sharc_p_next(p);
  return true;
}

static bool sharc_p_expect_arrow_impl(sharc_parser *p) {
  if (sharc_p_eat_arrow(p))
    return true;
  return expected_error(p, "expected '->'");
}

bool sharc_p_expect_arrow(sharc_parser *p) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_expect_arrow_impl(p));
}

bool sharc_p_parse_keyword(sharc_parser *p, sharc_str *out, const char *what) {
  if (p->tok.kind == TOK_ERROR)
    return lex_error(p);
  if (p->tok.kind != TOK_BARE_ID) /* at the current token, as parseKeyword */
    return sharc_p_error_at(p, &p->tok, "%s", what);
  *out = sharc_tok_str(&p->tok);
  sharc_p_next(p);
  return true;
}

static int hex_value(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

/* Decodes a string token's escapes into the parser arena. */
sharc_str sharc_p_unescape(sharc_parser *p, const sharc_token *t) {
  const char *s = t->start + 1, *end = t->start + t->len - 1;
  if (t->kind == TOK_AT_ID) {
    s++;
  }
  /* without escapes the text is used in place (the buffer outlives parsing;
   * whatever keeps a string copies it) */
  if (!memchr(s, '\\', (size_t)(end - s)))
    return (sharc_str){s, (size_t)(end - s)};
  char *out = sharc_arena_alloc(&p->scratch, (size_t)(end - s) + 1);
  size_t n = 0;
  while (s < end) {
    if (*s != '\\') {
      out[n++] = *s++;
      continue;
    }
    s++;
    switch (*s) {
    case 'n':
      out[n++] = '\n';
      s++;
      break;
    case 't':
      out[n++] = '\t';
      s++;
      break;
    case '"':
    case '\\':
      out[n++] = *s++;
      break;
    default:
      out[n++] = (char)(hex_value(s[0]) * 16 + hex_value(s[1]));
      s += 2;
      break;
    }
  }
  out[n] = 0;
  return (sharc_str){out, n};
}

bool sharc_p_parse_string(sharc_parser *p, sharc_str *out) {
  if (p->tok.kind != TOK_STRING)
    return expected_error(p, "expected string");
  *out = sharc_p_unescape(p, &p->tok);
  sharc_p_next(p);
  return true;
}

/* ---- integers ----------------------------------------------------------- */

/* Magnitude of an integer token as little-endian words; false on overflow
 * of SHARC_INT_WORDS words. */
bool sharc_p_int_magnitude(const sharc_token *t, uint64_t *words, unsigned *nwords) {
  if (t->len <= 19 && !(t->len > 2 && t->start[1] == 'x')) {
    /* up to 19 decimal digits cannot overflow 64 bits (10^19 - 1 < 2^64):
     * most random 64-bit values have 19 */
    uint64_t v = 0;
    for (size_t i = 0; i < t->len; i++)
      v = v * 10 + (uint64_t)(t->start[i] - '0');
    words[0] = v;
    *nwords = 1;
    return true;
  }
  memset(words, 0, SHARC_INT_WORDS * sizeof *words);
  unsigned base = 10, used = 1;
  const char *s = t->start, *end = t->start + t->len;
  if (t->len > 2 && s[0] == '0' && s[1] == 'x') {
    base = 16;
    s += 2;
  }
  for (; s < end; s++) {
    uint64_t carry = (uint64_t)hex_value(*s);
    for (unsigned i = 0; i < used; i++) {
      uint64_t w = words[i];
      uint64_t lo = (w & 0xffffffffu) * base + (carry & 0xffffffffu);
      uint64_t hi = (w >> 32) * base + (lo >> 32) + (carry >> 32);
      words[i] = (hi << 32) | (lo & 0xffffffffu);
      carry = hi >> 32;
    }
    if (carry) {
      if (used == SHARC_INT_WORDS)
        return false;
      words[used++] = carry;
    }
  }
  unsigned n = SHARC_INT_WORDS;
  while (n > 1 && words[n - 1] == 0)
    n--;
  *nwords = n;
  return true;
}

bool sharc_p_tok_u64(const sharc_token *t, uint64_t *out) {
  uint64_t w[SHARC_INT_WORDS];
  unsigned n;
  if (t->kind != TOK_INTEGER || !sharc_p_int_magnitude(t, w, &n) || n > 1)
    return false;
  *out = w[0];
  return true;
}

bool sharc_p_parse_int(sharc_parser *p, int64_t *out) {
  bool neg = sharc_p_eat(p, '-');
  if (p->tok.kind != TOK_INTEGER)
    return expected_error(p, "expected integer value");
  uint64_t w[SHARC_INT_WORDS];
  unsigned n;
  if (!sharc_p_int_magnitude(&p->tok, w, &n) || n > 1 || w[0] > (uint64_t)INT64_MAX + neg) {
    sharc_ident *saved = sharc_p_hide_custom_op(p); /* the shared parser's message */
    return sharc_p_restore_custom_op(p, saved, sharc_p_error(p, "integer value too large"));
  }
  *out = neg ? (int64_t)(0 - w[0]) : (int64_t)w[0];
  sharc_p_next(p);
  return true;
}

/* ---- value scopes ------------------------------------------------------- */

/* Entries are recycled once their region ends, so parser memory is bounded
 * by the largest function rather than by the whole module. */
static val_entry *new_entry(sharc_parser *p) {
  val_entry *e = p->free_entries;
  if (e)
    p->free_entries = e->shadowed;
  else
    e = sharc_arena_alloc(&p->scratch, sizeof *e);
  memset(e, 0, sizeof *e);
  return e;
}

static void name_table_grow(p_name_table *t) {
  size_t cap = t->cap ? t->cap * 2 : 256;
  p_name_slot *slots = sharc_xcalloc(cap, sizeof *slots);
  for (size_t i = 0; i < t->cap; i++) {
    if (!t->slots[i].hash)
      continue;
    size_t j = t->slots[i].hash & (cap - 1);
    while (slots[j].hash)
      j = (j + 1) & (cap - 1);
    slots[j] = t->slots[i];
  }
  free(t->slots);
  t->slots = slots;
  t->cap = cap;
}

/* N of a `%` or `^` name written <prefix><N>, with N canonical (no leading
 * zero: `%01` is not `%1`) and of at most 9 digits, and the prefix of at
 * most P_RUN_PREFIX_MAX bytes, packed with its length into *key; else -1.
 * The prefix never ends in a digit: one split per text. A name whose first
 * character is a digit is all digits (`%12`: the lexer's rule), read in one
 * pass as before the other prefixes had runs. */
static long numbered_name(sharc_str text, uint64_t *key) {
  const char *s = text.data;
  size_t len = text.len, i = 1;
  if (len < 2 || (s[0] != '%' && s[0] != '^'))
    return -1;
  if ((unsigned char)(s[1] - '0') > 9) /* s[1] stops the scan */
    for (i = len; (unsigned char)(s[i - 1] - '0') <= 9; i--)
      ;
  size_t digits = len - i;
  if (digits == 0 || digits > 9 || i > P_RUN_PREFIX_MAX || (digits > 1 && s[i] == '0'))
    return -1;
  long n = 0;
  for (size_t j = i; j < len; j++) {
    unsigned d = (unsigned char)(s[j] - '0');
    if (d > 9)
      return -1;
    n = n * 10 + (long)d;
  }
  uint64_t k = (uint64_t)i << 56 | (unsigned char)s[0];
  for (size_t j = 1; j < i; j++)
    k |= (uint64_t)(unsigned char)s[j] << (8 * j);
  *key = k;
  return n;
}

static sharc_p_name *name_lookup(sharc_parser *p, p_name_table *t, sharc_str text);
static sharc_p_name *name_new(sharc_parser *p, sharc_str text, uint32_t h);

/* A run for a prefix first seen; NULL once every run is taken. */
__attribute__((noinline)) static p_name_run *new_run(p_name_table *t, uint64_t key) {
  if (t->num_runs == P_NAME_RUNS)
    return NULL;
  t->last_run = t->num_runs++;
  t->run_keys[t->last_run] = key;
  p_name_run *r = &t->runs[t->last_run];
  r->hashed_max = -1;
  return r;
}

/* The run of the names with this prefix key, made at the prefix's first
 * sight; NULL once every run is taken: that prefix's names then live in the
 * hash table for good, so no run made later can miss one of them. */
static p_name_run *name_run(p_name_table *t, uint64_t key) {
  if (t->run_keys[t->last_run] == key)
    return &t->runs[t->last_run];
  for (unsigned i = 0; i < t->num_runs; i++)
    if (t->run_keys[i] == key) {
      t->last_run = i;
      return &t->runs[i];
    }
  return new_run(t, key);
}

/* Makes room in the run for N when that keeps every run within 4 slots a
 * name (a lone `%99999999` costs no memory); false when it does not. */
static bool run_reserve(const p_name_table *t, p_name_run *r, size_t n) {
  if (n < r->cap)
    return true;
  if (n >= 4 * (t->count + t->numbered_count) + 1024)
    return false;
  size_t cap = r->cap ? r->cap : 256;
  while (cap <= n)
    cap *= 2;
  sharc_p_name **grown = sharc_xrealloc_array(r->by_number, cap, sizeof *grown);
  memset(grown + r->cap, 0, (cap - r->cap) * sizeof *grown);
  r->by_number = grown;
  r->cap = cap;
  return true;
}

/* A <prefix><N> name not yet in its run: out of the run's reach (then in
 * the hash table), first seen, or put in the hash table while out of reach
 * and now cached in the run. Out of line: the hit path then saves no registers. */
__attribute__((noinline)) static sharc_p_name *run_miss(sharc_parser *p, p_name_table *t,
                                                        sharc_str text, p_name_run *r, long n) {
  if (!run_reserve(t, r, (size_t)n)) {
    if (n > r->hashed_max)
      r->hashed_max = n;
    return name_lookup(p, t, text);
  }
  sharc_p_name *name;
  if (n <= r->hashed_max) {
    name = name_lookup(p, t, text);
  } else {
    name = name_new(p, text, 0);
    t->numbered_count++;
  }
  r->by_number[n] = name;
  return name;
}

/* A <prefix><N> name lives in its run or, when N was out of the run's reach
 * at the name's first sight, in the hash table (and is then cached in the
 * run). */
sharc_p_name *sharc_p_name_get(sharc_parser *p, p_name_table *t, sharc_str text) {
  uint64_t key;
  long n = numbered_name(text, &key);
  p_name_run *r = n < 0 ? NULL : name_run(t, key);
  if (!r)
    return name_lookup(p, t, text);
  if ((size_t)n < r->cap && r->by_number[n])
    return r->by_number[n];
  return run_miss(p, t, text, r, n);
}

/* sharc_hash_bytes spreads names that differ only in their last digits
 * (`%v1`..`%v139863`) over few slots of a large table: probes grew to 11
 * per insert at 140k names (0.7 at 14k), so the parser's time per op grew
 * with the module. A final avalanche (murmur3's) spreads every bit. */
static uint32_t name_hash(sharc_str text) {
  uint32_t h = sharc_hash_bytes(text.data, text.len);
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h ? h : 1; /* 0 marks an empty slot */
}

static sharc_p_name *name_lookup(sharc_parser *p, p_name_table *t, sharc_str text) {
  uint32_t h = name_hash(text);
  if ((t->count + 1) * 2 > t->cap)
    name_table_grow(t);
  size_t j = h & (t->cap - 1);
  for (; t->slots[j].hash; j = (j + 1) & (t->cap - 1)) {
    const p_name_slot *s = &t->slots[j];
    if (s->hash == h && s->len == text.len && memcmp(s->name->data, text.data, text.len) == 0)
      return s->name;
  }
  sharc_p_name *n = name_new(p, text, h);
  t->slots[j] = (p_name_slot){h, n->len, n};
  t->count++;
  return n;
}

static sharc_p_name *name_new(sharc_parser *p, sharc_str text, uint32_t h) {
  sharc_p_name *n = sharc_arena_alloc(&p->scratch, sizeof *n + text.len + 1);
  n->hash = h;
  n->len = (uint32_t)text.len;
  n->top = NULL;
  memcpy(n->data, text.data, text.len);
  n->data[text.len] = 0;
  return n;
}

void sharc_p_name_table_free(p_name_table *t) {
  free(t->slots);
  for (unsigned i = 0; i < t->num_runs; i++)
    free(t->runs[i].by_number);
  memset(t, 0, sizeof *t);
}

/* A name's innermost binding. As in MLIR, whose parser isolates names only
 * for regions parsed with name shadowing (no op here asks for it), an
 * isolated op's regions see the names around them: a use there resolves,
 * and the verifier reports the value defined outside the region. */
static val_entry *visible_entry(sharc_parser *p, sharc_p_name *name) {
  (void)p;
  return name->top;
}

static void push_entry(sharc_parser *p, val_entry *e, bool at_iso_scope) {
  e->shadowed = e->name->top;
  e->name->top = e;
  region_scope *scope = p->scope;
  if (at_iso_scope)
    while (scope->parent && !scope->isolated)
      scope = scope->parent;
  e->owner = scope;
  sharc_ptrvec_push(&scope->defined, e);
}

bool sharc_p_at_operand(const sharc_parser *p) { return p->tok.kind == TOK_PERCENT_ID; }

static bool sharc_p_parse_operand_impl(sharc_parser *p, sharc_operand_ref *out) {
  if (p->tok.kind != TOK_PERCENT_ID)
    return expected_error(p, "expected SSA operand");
  out->tok = p->tok;
  out->number = 0;
  /* `%x#N`: '#' is not a suffix character, so N is the next token */
  out->name = sharc_p_name_get(p, &p->names, sharc_tok_str(&p->tok));
  sharc_p_next(p);
  if (p->tok.kind == TOK_HASH_ID && p->tok.start == out->tok.start + out->tok.len) {
    const char *s = p->tok.start + 1;
    size_t n = p->tok.len - 1;
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
      if (s[i] < '0' || s[i] > '9' || v > 100000000)
        return sharc_p_error(p, "invalid SSA value result number");
      v = v * 10 + (uint64_t)(s[i] - '0');
    }
    out->number = (unsigned)v;
    sharc_p_next(p);
  }
  return true;
}

bool sharc_p_parse_operand(sharc_parser *p, sharc_operand_ref *out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_operand_impl(p, out));
}

static void type_str(const sharc_type *t, sharc_buf *b) { sharc_print_type(t, b); }

/* A use whose type differs from the value's earlier uses (or definition,
 * noted at `prior`: where its name was defined in the text, a block
 * argument's included, whatever location it carries, as MLIR's entries). */
static bool prior_use_type_error(sharc_parser *p, const sharc_operand_ref *ref,
                                 const sharc_type *type, const sharc_value *v,
                                 const sharc_attr *prior) {
  sharc_buf a = {0}, b = {0};
  sharc_print_type(type, &a);
  sharc_print_type(v->type, &b);
  sharc_p_error_at(p, &ref->tok,
                   "use of value '%s' expects different type than prior uses: '%s' vs '%s'",
                   ref->name->data, a.data, b.data);
  sharc_diag_note(p->ctx->pending, prior, "prior use here");
  sharc_buf_free(&a);
  sharc_buf_free(&b);
  return false;
}

/* A custom op (serial) whose own parser resolved a forward reference, at
 * its first use there. */
typedef struct held_use {
  unsigned serial;
  sharc_token tok;
  struct held_use *outer; /* the use by the op that encloses it, or NULL */
} held_use;

/* A forward reference's placeholder, with the custom ops still being
 * parsed that hold it (parser_impl.h: pending_ops), innermost first. */
typedef struct forward_value {
  sharc_located_value lv;
  sharc_token tok; /* its first use */
  held_use *held;
  bool resolved; /* defined while held: its holders fail (sharc_p_check_held) */
} forward_value;

static forward_value *forward_of(sharc_value *v) {
  return (forward_value *)(void *)((char *)v - offsetof(forward_value, lv.value));
}

/* Whether the op numbered `serial` is still being parsed. */
static bool op_pending(const sharc_parser *p, unsigned serial) {
  for (unsigned i = p->pending_ops.len; serial && i-- > 0;)
    if (p->pending_ops.items[i] == serial)
      return true;
  return false;
}

/* The holders of `fv` still being parsed: the ops parsed since are
 * created, and the ones left enclose the current op (a stack). */
static held_use *pending_holders(const sharc_parser *p, forward_value *fv) {
  while (fv->held && !op_pending(p, fv->held->serial))
    fv->held = fv->held->outer;
  return fv->held;
}

/* A forward reference resolved by a custom op's own parser (the innermost
 * op being parsed is custom) is held by that op until it is created. */
static void note_pending_use(sharc_parser *p, sharc_value *v, const sharc_token *tok) {
  unsigned top = p->pending_ops.len ? p->pending_ops.items[p->pending_ops.len - 1] : 0;
  if (!top)
    return;
  forward_value *fv = forward_of(v);
  held_use *h = pending_holders(p, fv);
  if (h && h->serial == top) /* MLIR reports the op's first use */
    return;
  held_use *use = sharc_arena_alloc(&p->region_scratch, sizeof *use);
  *use = (held_use){top, *tok, h};
  fv->held = use;
}

/* MLIR creates a custom op with the operands its parser resolved: one whose
 * definition came inside the op's own regions is "use of undeclared SSA
 * value name" at the op's use, once the op is parsed (an error parsed
 * before that comes first). The placeholder never becomes an operand: it
 * lives in scratch memory freed after the parse. */
bool sharc_p_check_held(sharc_parser *p, const sharc_ptrvec *operands) {
  unsigned top = p->pending_ops.items[p->pending_ops.len - 1];
  for (unsigned i = 0; i < operands->len; i++) {
    sharc_value *v = operands->items[i];
    if (!v || v->vkind != SHARC_VALUE_PLACEHOLDER || !forward_of(v)->resolved)
      continue;
    for (held_use *h = forward_of(v)->held; h; h = h->outer)
      if (h->serial == top) {
        sharc_ident *saved = sharc_p_hide_custom_op(p);
        return sharc_p_restore_custom_op(
            p, saved, sharc_p_error_at(p, &h->tok, "use of undeclared SSA value name"));
      }
  }
  return true;
}

static bool sharc_p_resolve_operand_impl(sharc_parser *p, const sharc_operand_ref *ref, sharc_type *type,
                             sharc_value **out) {
  val_entry *e = visible_entry(p, ref->name);
  if (e && !e->forward) {
    /* a slot past the definition's results holds a placeholder when that
     * number was used before the definition (MLIR's entries) */
    sharc_value *v = ref->number < e->count ? e->vals[ref->number] : NULL;
    if (!v)
      return sharc_p_error_at(p, &ref->tok, "reference to invalid result number");
    if (type && v->type != type)
      return prior_use_type_error(p, ref, type, v,
                                  v->vkind == SHARC_VALUE_PLACEHOLDER ? sharc_value_loc(v)
                                                                      : sharc_p_tok_loc(p, &e->tok));
    *out = v;
    return true;
  }
  if (!e) {
    e = new_entry(p);
    e->name = ref->name;
    e->forward = true;
    e->tok = ref->tok;
    push_entry(p, e, true);
  }
  if (ref->number >= e->count) {
    unsigned n = ref->number + 1;
    sharc_value **vals = sharc_arena_alloc(&p->region_scratch, n * sizeof *vals);
    if (e->count)
      memcpy(vals, e->vals, e->count * sizeof *vals);
    e->vals = vals;
    e->count = n;
  }
  sharc_value *v = e->vals[ref->number];
  if (!v) {
    forward_value *fv = sharc_arena_alloc(&p->region_scratch, sizeof *fv);
    fv->lv.loc = sharc_p_tok_loc(p, &ref->tok);
    fv->tok = ref->tok;
    v = &fv->lv.value;
    v->vkind = SHARC_VALUE_PLACEHOLDER;
    v->type = type;
    e->vals[ref->number] = v;
  } else if (type && v->type != type) {
    return prior_use_type_error(p, ref, type, v, sharc_value_loc(v));
  }
  note_pending_use(p, v, &ref->tok);
  *out = v;
  return true;
}

/* A region's named entry argument may not reuse a name already defined or
 * referenced in the enclosing isolated scope (MLIR's getReferenceLoc). */
bool sharc_p_check_entry_arg_unused(sharc_parser *p, const sharc_token *tok) {
  sharc_p_name *name = sharc_p_name_get(p, &p->names, sharc_tok_str(tok));
  val_entry *e = visible_entry(p, name);
  /* only number 0 counts: `%x#1` used ahead leaves `%x` free (MLIR) */
  if (!e || (e->forward && !e->vals[0]))
    return true;
  const sharc_token *prior = e->forward ? &forward_of(e->vals[0])->tok : &e->tok;
  sharc_p_error_at(p, tok, "region entry argument '%s' is already in use", name->data);
  sharc_diag_note(p->ctx->pending, sharc_p_tok_loc(p, prior), "previously referenced here");
  return false;
}

bool sharc_p_resolve_operand(sharc_parser *p, const sharc_operand_ref *ref, sharc_type *type,
                             sharc_value **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_resolve_operand_impl(p, ref, type, out));
}

/* The first written of a forward entry's placeholders past `count`, or
 * NULL: numbers used ahead of a definition that has fewer results. */
static forward_value *first_unbound(const val_entry *e, unsigned count) {
  forward_value *first = NULL;
  for (unsigned i = count; i < e->count; i++) {
    forward_value *fv = e->vals[i] ? forward_of(e->vals[i]) : NULL;
    if (fv && (!first || fv->tok.start < first->tok.start))
      first = fv;
  }
  return first;
}

/* A definition that resolved the forward entry `fwd` held by another scope
 * (an enclosing isolated one), or with placeholders left past its results:
 * as in MLIR, the definition is bound in the current scope only (it goes
 * out of view when this region ends), and each placeholder left stays a
 * forward reference, reported as undeclared when `fwd`'s scope ends. */
static bool bind_resolved(sharc_parser *p, val_entry *fwd, const sharc_token *tok,
                          sharc_value **vals, unsigned count) {
  forward_value *left = first_unbound(fwd, count);
  fwd->name->top = fwd->shadowed; /* unbound again when its scope ends: a no-op */
  fwd->forward = left != NULL;
  if (left)
    fwd->tok = left->tok;
  for (unsigned i = 0; i < count && i < fwd->count; i++)
    fwd->vals[i] = NULL; /* resolved: only the placeholders left are reported */
  val_entry *e = new_entry(p);
  e->name = fwd->name;
  push_entry(p, e, false);
  e->count = count > fwd->count ? count : fwd->count;
  e->vals = sharc_arena_alloc(&p->region_scratch, e->count * sizeof *e->vals);
  memcpy(e->vals, vals, count * sizeof *vals);
  for (unsigned i = count; i < fwd->count; i++)
    e->vals[i] = fwd->vals[i];
  e->tok = *tok;
  return true;
}

/* Binds `name` to `count` values. Resolves earlier forward uses. */
bool sharc_p_define(sharc_parser *p, const sharc_token *tok, sharc_value **vals,
                          unsigned count) {
  sharc_p_name *name = sharc_p_name_get(p, &p->names, sharc_tok_str(tok));
  val_entry *e = visible_entry(p, name);
  if (e && !e->forward) {
    sharc_p_error_at(p, tok, "redefinition of SSA value '%s'", name->data);
    sharc_diag_note(p->ctx->pending, sharc_p_tok_loc(p, &e->tok), "previously defined here");
    return false;
  }
  if (e) {
    for (unsigned i = 0; i < e->count && i < count; i++) {
      sharc_value *ph = e->vals[i];
      if (!ph)
        continue;
      if (ph->type && ph->type != vals[i]->type) {
        sharc_buf a = {0}, b = {0};
        type_str(vals[i]->type, &a);
        type_str(ph->type, &b);
        sharc_p_error_at(p, tok, "definition of SSA value '%s#%u' has type '%s'", name->data, i,
                         a.data);
        sharc_diag_note(p->ctx->pending, sharc_value_loc(ph), "previously used here with type '%s'", b.data);
        sharc_buf_free(&a);
        sharc_buf_free(&b);
        return false;
      }
      sharc_value_replace_all_uses(ph, vals[i]);
      if (pending_holders(p, forward_of(ph))) {
        forward_of(ph)->resolved = true;
        p->held_resolved = true;
      }
    }
    if (e->owner != p->scope || e->count > count)
      return bind_resolved(p, e, tok, vals, count);
    e->forward = false;
  } else {
    e = new_entry(p);
    e->name = name;
    push_entry(p, e, false);
  }
  if (count == 1) {
    e->single = vals[0];
    e->vals = &e->single;
  } else {
    e->vals = sharc_arena_dup(&p->region_scratch, vals, count * sizeof *vals);
  }
  e->count = count;
  e->tok = *tok; /* its location is made only if a diagnostic needs it */
  return true;
}

/* Frees what the region's forward references, bindings and blocks took
 * (every entry pointing there was unbound above; no block entry outlives
 * its scope). */
static void release_region_scratch(sharc_parser *p) {
  if (p->region_scratch.used > p->region_scratch_peak) /* SHARC_STATS */
    p->region_scratch_peak = p->region_scratch.used;
  sharc_arena_reset(&p->region_scratch); /* the next function's, zeroed while in cache */
}

void sharc_p_push_scope(sharc_parser *p, region_scope *s, bool isolated) {
  memset(s, 0, sizeof *s);
  s->parent = p->scope;
  s->isolated = isolated;
  s->owns_region_scratch = isolated && p->region_scratch.used == 0;
  p->scope = s;
}

static int by_position(const void *a, const void *b) {
  const char *x = (*(forward_value *const *)a)->tok.start;
  const char *y = (*(forward_value *const *)b)->tok.start;
  return x < y ? -1 : x > y;
}

/* MLIR's finalize: every placeholder never defined is an undeclared name,
 * reported in the order of the text once the whole input is parsed. */
static bool report_undeclared(sharc_parser *p, const region_scope *s) {
  sharc_ptrvec left = {0};
  for (unsigned i = 0; i < s->defined.len; i++) {
    val_entry *e = s->defined.items[i];
    for (unsigned j = 0; e->forward && j < e->count; j++)
      if (e->vals[j])
        sharc_ptrvec_push(&left, forward_of(e->vals[j]));
  }
  if (left.len)
    qsort(left.items, left.len, sizeof *left.items, by_position);
  for (unsigned i = 0; i < left.len; i++) {
    const sharc_token *t = &((forward_value *)left.items[i])->tok;
    if (i == 0) {
      sharc_p_error_at(p, t, "use of undeclared SSA value name");
      continue;
    }
    sharc_emit(p->ctx, SHARC_SEV_ERROR, sharc_loc_file(p->ctx, p->file, t->line, t->col),
               "use of undeclared SSA value name");
  }
  bool none = left.len == 0;
  sharc_ptrvec_free(&left);
  return none;
}

/* A forward reference still open when a nested isolated region ends stays
 * open in the enclosing one: as in MLIR, a later definition there may
 * still resolve it (the verifier then reports the use). */
static void carry_forward(region_scope *s, val_entry *e) {
  region_scope *to = s->parent;
  while (to->parent && !to->isolated)
    to = to->parent;
  e->owner = to;
  sharc_ptrvec_push(&to->defined, e);
}

/* Pops a region scope: names defined in it go out of view; at the
 * outermost one, any name still only forward-referenced is an error. */
bool sharc_p_pop_scope(sharc_parser *p, bool check) {
  region_scope *s = p->scope;
  bool ok = !(check && !s->parent) || report_undeclared(p, s);
  bool carried = false;
  for (unsigned i = s->defined.len; i-- > 0;) {
    val_entry *e = s->defined.items[i];
    if (e->forward && s->isolated && s->parent) {
      carry_forward(s, e);
      carried = true;
      continue;
    }
    e->name->top = e->shadowed;
    e->shadowed = p->free_entries;
    p->free_entries = e;
  }
  if (check && ok) {
    for (unsigned i = 0; i < s->blocks.len; i++) {
      block_entry *be = s->blocks.items[i];
      if (!be->defined) {
        sharc_p_error_at(p, &be->tok, "reference to an undefined block");
        ok = false;
        break;
      }
    }
  }
  sharc_ptrvec_free(&s->defined);
  sharc_ptrvec_free(&s->blocks);
  sharc_ptrmap_free(&s->block_map);
  p->scope = s->parent;
  p->carried_forward |= carried;
  /* after an error, ops may still use a placeholder there: kept to the end */
  if (s->owns_region_scratch && check && ok && !carried)
    release_region_scratch(p);
  return ok;
}

block_entry *sharc_p_block_ref(sharc_parser *p, const sharc_token *tok) {
  region_scope *s = p->scope;
  sharc_p_name *name = sharc_p_name_get(p, &p->names, sharc_tok_str(tok));
  block_entry *be = sharc_ptrmap_get(&s->block_map, name);
  if (be)
    return be;
  be = sharc_arena_alloc(&p->region_scratch, sizeof *be);
  be->block = sharc_block_create(p->ctx);
  be->tok = *tok;
  sharc_ptrmap_put(&s->block_map, name, be);
  sharc_ptrvec_push(&s->blocks, be);
  return be;
}

static bool sharc_p_parse_successor_impl(sharc_parser *p, sharc_block **out) {
  if (p->tok.kind != TOK_CARET_ID)
    return expected_error(p, "expected block name");
  if (!p->scope)
    return sharc_p_error(p, "branch references are not allowed here");
  *out = sharc_p_block_ref(p, &p->tok)->block;
  sharc_p_next(p);
  return true;
}

bool sharc_p_parse_successor(sharc_parser *p, sharc_block **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_successor_impl(p, out));
}

const char *sharc_p_default_dialect(const sharc_parser *p) {
  return p->dialect_depth ? p->dialect_stack[p->dialect_depth - 1] : "builtin";
}

/* `%name: T {attrs} loc(...)`. Argument attributes are read and dropped, as
 * MLIR's parseRegion does for ops that are not functions. */
typedef SHARC_VEC(sharc_region_arg) region_arg_vec;

static bool parse_entry_arg(sharc_parser *p, void *args) {
  sharc_region_arg *a = sharc_vec_push_slot((region_arg_vec *)args);
  if (!sharc_p_parse_operand(p, &a->ref) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_type(p, &a->type))
    return false;
  a->loc = sharc_p_tok_loc(p, &a->ref.tok);
  sharc_attr *ignored;
  if (sharc_tok_is(sharc_p_tok(p), '{') && !sharc_p_parse_dict_attr(p, &ignored))
    return false;
  return sharc_p_parse_optional_loc(p, &a->loc);
}

static bool sharc_p_parse_region_with_entry_args_impl(sharc_parser *p, sharc_region **out, bool isolated) {
  region_arg_vec args = {0};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_PAREN, parse_entry_arg, &args, NULL);
  *out = NULL;
  ok = ok && sharc_p_parse_region(p, out, args.items, args.len, isolated);
  sharc_vec_free(&args);
  return ok;
}

bool sharc_p_parse_region_with_entry_args(sharc_parser *p, sharc_region **out, bool isolated) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved,
                                   sharc_p_parse_region_with_entry_args_impl(p, out, isolated));
}

bool sharc_p_parse_operand_elem(sharc_parser *p, void *refs) {
  return sharc_p_parse_operand(p, sharc_vec_push_slot((sharc_operand_ref_vec *)refs));
}

static bool sharc_p_parse_operand_list_impl(sharc_parser *p, sharc_operand_ref **refs, unsigned *n) {
  sharc_operand_ref_vec list = {0};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, sharc_p_parse_operand_elem, &list, NULL);
  *refs = list.items; /* the caller frees it */
  *n = list.len;
  return ok;
}

bool sharc_p_parse_operand_list(sharc_parser *p, sharc_operand_ref **refs, unsigned *n) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_operand_list_impl(p, refs, n));
}

bool sharc_p_parse_paren_operand_list(sharc_parser *p, sharc_operand_ref **refs, unsigned *n,
                                      sharc_token *at) {
  *refs = NULL;
  *n = 0;
  if (!sharc_p_expect(p, '('))
    return false;
  if (at)
    *at = p->tok;
  if (sharc_p_at_operand(p) && !sharc_p_parse_operand_list(p, refs, n))
    return false;
  return sharc_p_expect(p, ')');
}

bool sharc_p_parse_cast_like(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_type *from, *to;
  sharc_value *v;
  if (!sharc_p_parse_operand(p, &ref) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &from) ||
      !sharc_p_expect_keyword(p, "to") || !sharc_p_parse_type(p, &to) ||
      !sharc_p_resolve_operand(p, &ref, from, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  sharc_ptrvec_push(&b->result_types, to);
  return true;
}

bool sharc_p_parse_attr_dict_colon_type(sharc_parser *p, sharc_op_builder *b,
                                        const sharc_operand_ref *operand, bool with_result) {
  sharc_type *t;
  sharc_value *v;
  if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_type(p, &t) || !sharc_p_resolve_operand(p, operand, t, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  if (with_result)
    sharc_ptrvec_push(&b->result_types, t);
  return true;
}

bool sharc_p_parse_return_like(sharc_parser *p, sharc_op_builder *b) {
  return sharc_p_parse_optional_attr_dict(p, b) && sharc_p_parse_optional_typed_operands(p, b);
}

bool sharc_p_parse_optional_typed_operands(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_at_operand(p))
    return true;
  sharc_token first = p->tok;
  sharc_operand_ref *refs;
  unsigned n;
  bool ok = sharc_p_parse_operand_list(p, &refs, &n) && sharc_p_expect(p, ':');
  /* `type($operands)` takes the whole type list; the counts are compared
   * when the operands are resolved */
  sharc_ptrvec types = {0};
  ok = ok && sharc_p_parse_type_list(p, &types);
  if (ok && types.len != n)
    ok = sharc_p_error_at(p, &first,
                          "number of operands and types do not match: got %u operands and %u "
                          "types",
                          n, types.len);
  for (unsigned i = 0; ok && i < n; i++) {
    sharc_value *v;
    ok = sharc_p_resolve_operand(p, &refs[i], types.items[i], &v);
    if (ok)
      sharc_ptrvec_push(&b->operands, v);
  }
  sharc_ptrvec_free(&types);
  free(refs);
  return ok;
}

/* A missing punctuation token, with the wording MLIR gives at that place
 * ("expected ')' to end operand list"). */
bool sharc_p_expect_msg(sharc_parser *p, char c, const char *msg) {
  if (sharc_p_eat(p, c))
    return true;
  return expected_error(p, msg);
}

bool sharc_p_resolve_operands(sharc_parser *p, sharc_op_builder *b, const sharc_operand_ref *refs,
                              sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v;
    if (!sharc_p_resolve_operand(p, &refs[i], types[i], &v))
      return false;
    sharc_ptrvec_push(&b->operands, v);
  }
  return true;
}

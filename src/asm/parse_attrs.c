/* Parsing of builtin attributes (including dense elements), attribute
 * aliases, dialect attributes and locations. */
#include "asm/parse_affine.h"
#include "asm/parser_impl.h"
#include "support/apfloat.h"
#include "support/bits.h"
#include "support/checked.h"
#include "support/ptrmap.h"
#include "support/small_room.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static sharc_type *i64_type(sharc_parser *p) { return sharc_type_integer(p->ctx, 64, SHARC_SIGNLESS); }

/* ---- scalars ------------------------------------------------------------- */

/* Whether a literal of magnitude `w` (`bits` long) fits `type`, by
 * MLIR's buildAttributeAPInt: the magnitude fits the width; a negative one
 * is 1..2^(width-1) (its negation has the sign bit set, so -0 does not
 * fit), a positive signed or index one stays below 2^(width-1), and a
 * zero-width integer holds only a positive 0. */
static bool int_literal_fits(const uint64_t *w, unsigned nw, unsigned bits, bool neg,
                             const sharc_type *type, unsigned width) {
  if (width == 0)
    return !neg && bits == 0;
  if (neg) {
    if (bits == 0 || bits > width)
      return false;
    if (bits < width)
      return true;
    for (unsigned i = 0; i < (width - 1) / 64; i++) /* exactly 2^(width-1) */
      if (i < nw && w[i])
        return false;
    return w[(width - 1) / 64] == UINT64_C(1) << ((width - 1) % 64);
  }
  bool is_signed = type->kind == SHARC_TYPE_INDEX ||
                   (type->kind == SHARC_TYPE_INTEGER && type->integer.sign == SHARC_SIGNED);
  return is_signed ? bits < width : bits <= width;
}

typedef enum { INT_FITS, INT_NEGATIVE_UNSIGNED, INT_OUT_OF_RANGE } int_fit;

/* Integer literal (magnitude in `w`) checked against `type`'s width, as
 * the type's words (`*n` of them, two's complement, cut to the width);
 * the caller words the error, which differs between an attribute and an
 * element. A dense array's element (`in_array`) may be negative for an
 * unsigned type, as buildAttributeAPInt alone allows. */
static int_fit int_literal_words(bool neg, const uint64_t *w, unsigned nw, sharc_type *type,
                                 bool in_array, uint64_t *words, unsigned *n_out) {
  unsigned width = sharc_type_bit_width(type);
  bool is_unsigned = type->kind == SHARC_TYPE_INTEGER && type->integer.sign == SHARC_UNSIGNED;
  if (neg && is_unsigned && !in_array)
    return INT_NEGATIVE_UNSIGNED;
  unsigned bits = 0;
  for (unsigned i = nw; i-- > 0;)
    if (w[i]) {
      bits = i * 64 + sharc_bit_length_u64(w[i]);
      break;
    }
  if (!int_literal_fits(w, nw, bits, neg, type, width))
    return INT_OUT_OF_RANGE;
  unsigned n = width <= 64 ? 1 : (width + 63) / 64;
  if (n > SHARC_INT_WORDS)
    return INT_OUT_OF_RANGE;
  for (unsigned i = 0; i < n; i++)
    words[i] = i < nw ? w[i] : 0;
  if (neg) { /* two's complement */
    unsigned carry = 1;
    for (unsigned i = 0; i < n; i++) {
      words[i] = ~words[i] + carry;
      carry = carry && words[i] == 0;
    }
  }
  if (width % 64)
    words[n - 1] &= (UINT64_C(1) << (width % 64)) - 1;
  *n_out = n;
  return INT_FITS;
}

/* parseDecOrHexAttr's messages for a literal that does not fit. */
static bool int_attr_error(sharc_parser *p, const sharc_token *t, int_fit fit) {
  return sharc_p_error_at(p, t, fit == INT_NEGATIVE_UNSIGNED
                                    ? "negative integer literal not valid for unsigned integer type"
                                    : "integer constant out of range for attribute");
}

/* TensorLiteralParser::getIntAttrElements' messages for an element, or
 * DenseArrayElementParser's for an element of `array<...>`, which it
 * reports at the token after the literal (the current one by then). */
static bool int_element_error(sharc_parser *p, const sharc_token *t, int_fit fit, bool in_array) {
  if (fit == INT_NEGATIVE_UNSIGNED)
    return sharc_p_error_at(p, t, "expected unsigned integer elements, but parsed negative value");
  if (in_array)
    return sharc_p_error_at(p, &p->tok, "integer constant out of range");
  return sharc_p_error_at(p, t, "integer constant out of range for type");
}

static bool is_signless_i1(const sharc_type *type) {
  return type->kind == SHARC_TYPE_INTEGER && type->integer.width == 1 &&
         type->integer.sign == SHARC_SIGNLESS;
}

static bool make_int_attr(sharc_parser *p, const sharc_token *t, bool neg, const uint64_t *w,
                          unsigned nw, sharc_type *type, sharc_attr **out) {
  uint64_t words[SHARC_INT_WORDS];
  unsigned n;
  int_fit fit = int_literal_words(neg, w, nw, type, false, words, &n);
  if (fit != INT_FITS)
    return int_attr_error(p, t, fit);
  if (is_signless_i1(type)) {
    *out = sharc_attr_bool(p->ctx, w[0] != 0);
    return true;
  }
  *out = sharc_attr_integer_words(p->ctx, type, words, n);
  return true;
}

/* parseFloatFromIntegerLiteral's error for a decimal integer where a float
 * belongs, with its hint as a note at the same place. */
static bool decimal_for_float_error(sharc_parser *p, const sharc_token *t) {
  bool first = !p->failed;
  sharc_p_error_at(p, t, "unexpected decimal integer literal for a floating point value");
  if (first && p->ctx->pending)
    sharc_diag_note(p->ctx->pending, sharc_p_tok_loc(p, t),
                    "add a trailing dot to make the literal a float");
  return false;
}

static bool float_from_token(sharc_parser *p, const sharc_token *t, bool neg, sharc_type *type,
                             uint64_t *lo, uint64_t *hi) {
  sharc_float_kind k = type->fkind;
  if (t->kind == TOK_INTEGER) {
    if (!(t->len > 2 && t->start[1] == 'x'))
      return decimal_for_float_error(p, t);
    uint64_t w[SHARC_INT_WORDS];
    unsigned nw;
    if (neg)
      return sharc_p_error_at(p, t, "hexadecimal float literal should not have a leading minus");
    if (!sharc_p_int_magnitude(t, w, &nw) || !sharc_float_bits_fit(k, w[0], nw > 1 ? w[1] : 0) ||
        nw > 2)
      return sharc_p_error_at(p, t, "hexadecimal float constant out of range for type");
    *lo = w[0];
    *hi = nw > 1 ? w[1] : 0;
    return true;
  }
  /* via double, as MLIR does, of `-` and the token's text */
  if (!sharc_float_parse_literal_signed(k, neg, sharc_tok_str(t), lo, hi))
    return sharc_p_error_at(p, t, "invalid floating point literal");
  return true;
}

/* Optional `: type` after a literal. */
static bool parse_colon_type(sharc_parser *p, sharc_type **type) {
  if (!sharc_p_eat_inline(p, ':'))
    return true;
  return sharc_p_parse_type(p, type);
}

/* log2 of each literal cache's slots for an input of `bytes` (see
 * P_LITERAL_SLOT_BITS). */
static unsigned literal_cache_bits(size_t bytes) {
  unsigned bits = P_LITERAL_SLOT_BITS;
  while (bits < P_LITERAL_MAX_BITS && bytes >> bits > P_LITERAL_BYTES_A_SLOT)
    bits++;
  return bits;
}

p_literal_slot *sharc_p_literal_caches(sharc_parser *p) {
  if (++p->literals_met < P_LITERALS_AFTER)
    return NULL;
  p->literal_bits = literal_cache_bits((size_t)(p->lx.end - p->lx.buf));
  _Static_assert(sizeof(p_literal_slot) == 64, "a slot fills one cache line");
  p->literals =
      sharc_p_calloc_lines((size_t)P_LITERAL_CACHES << p->literal_bits, &p->literals_mem);
  _Static_assert(sizeof(p_number_slot) * P_NUMBER_WAYS == 64, "a set fills one cache line");
  p->numbers = sharc_p_calloc_lines((size_t)1 << p->literal_bits >> 1, &p->numbers_mem);
  return p->literals;
}

/* A number's set in the numbers' cache, its key in `key`: its text (of at
 * most P_NUMBER_TEXT_MAX bytes), sign and type. NULL when the text is too
 * long, the type's address has its top byte set (the key keeps the
 * length there), or the caches are not yet made. */
static p_number_slot *number_set(sharc_parser *p, const sharc_token *t, bool neg,
                                 const sharc_type *type, p_number_slot *key) {
  size_t n = t->len;
  if (n - 1 >= P_NUMBER_TEXT_MAX || (uint64_t)(uintptr_t)type >> 56)
    return NULL;
  if (!p->literals && !sharc_p_literal_caches(p))
    return NULL;
  if (n < 8) {
    key->w[0] = sharc_short_word((const uint8_t *)t->start, n);
    key->w[1] = 0;
  } else {
    key->w[0] = sharc_load_word(t->start);
    key->w[1] = sharc_load_word(t->start + n - 8);
  }
  key->type_len = (uint64_t)(uintptr_t)type | (uint64_t)(n * 2 + neg) << 56;
  const uint64_t mul = 0x9e3779b97f4a7c15u;
  uint64_t h = ((key->w[0] * mul ^ key->w[1]) * mul ^ key->type_len) * mul;
  unsigned set_bits = p->literal_bits - 1;
  return &p->numbers[(size_t)(h >> (64 - set_bits)) * P_NUMBER_WAYS];
}

static bool number_key_equal(const p_number_slot *a, const p_number_slot *b) {
  return a->w[0] == b->w[0] && a->w[1] == b->w[1] && a->type_len == b->type_len;
}

/* What a numbers' set holds for `key`, or NULL; found second, it becomes
 * first. */
static sharc_attr *number_find(p_number_slot *set, const p_number_slot *key) {
  if (number_key_equal(&set[0], key))
    return set[0].value;
  if (!number_key_equal(&set[1], key))
    return NULL;
  p_number_slot first = set[0];
  set[0] = set[1];
  set[1] = first;
  return set[0].value;
}

/* Stores `value` for `key` first in its set, the first second. */
static void number_push(p_number_slot *set, const p_number_slot *key, sharc_attr *value) {
  set[1] = set[0];
  set[0] = *key;
  set[0].value = value;
}

static bool number_value_attr(sharc_parser *p, const sharc_token *t, bool neg, sharc_type *type,
                              sharc_attr **out);

static bool parse_number_attr(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  bool neg = sharc_p_eat_inline(p, '-');
  sharc_token t = p->tok;
  if (t.kind != TOK_INTEGER && t.kind != TOK_FLOAT)
    return sharc_p_error(p, "expected constant integer or floating point value");
  sharc_p_next(p);
  if (!type && !parse_colon_type(p, &type))
    return false;
  if (!type)
    type = t.kind == TOK_FLOAT ? sharc_type_float(p->ctx, SHARC_F64) : i64_type(p);
  /* the same text, sign and type make the same attribute (or the same error) */
  p_number_slot key;
  p_number_slot *set = number_set(p, &t, neg, type, &key);
  sharc_attr *known = set ? number_find(set, &key) : NULL;
  if (known) {
    *out = known;
    return true;
  }
  if (!number_value_attr(p, &t, neg, type, out))
    return false;
  if (set)
    number_push(set, &key, *out);
  return true;
}

/* The attribute of the number `t` (negated when `neg`) of type `type`. */
static bool number_value_attr(sharc_parser *p, const sharc_token *t, bool neg, sharc_type *type,
                              sharc_attr **out) {
  if (type->kind == SHARC_TYPE_FLOAT) {
    uint64_t lo, hi;
    if (!float_from_token(p, t, neg, type, &lo, &hi))
      return false;
    *out = sharc_attr_float_bits(p->ctx, type, lo, hi);
    return true;
  }
  if (t->kind == TOK_FLOAT)
    return sharc_p_error(p, "floating point value not valid for specified type");
  if (type->kind != SHARC_TYPE_INTEGER && type->kind != SHARC_TYPE_INDEX)
    return sharc_p_error_at(p, t, "integer literal not valid for specified type");
  uint64_t w[SHARC_INT_WORDS];
  unsigned nw;
  if (!sharc_p_int_magnitude(t, w, &nw))
    return sharc_p_error_at(p, t, "integer constant out of range for attribute");
  return make_int_attr(p, t, neg, w, nw, type, out);
}

/* A string literal and its optional type; an untyped one is looked up by
 * its token's text in a literal cache first. */
static bool parse_string_attr(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_token t = p->tok;
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  p_word_slot *slot = sharc_short_key(t.start, t.len, w)
                          ? sharc_p_literal_slot(p, P_LITERALS_STRINGS, t.len, w)
                          : NULL;
  sharc_p_next(p);
  sharc_type *st = NULL;
  if (!type && !parse_colon_type(p, &st))
    return false;
  if (st)
    slot = NULL;
  sharc_attr *known = slot ? sharc_p_word_value(slot, t.len, w) : NULL;
  if (known) {
    *out = known;
    return true;
  }
  *out = sharc_attr_string_typed(p->ctx, sharc_p_unescape(p, &t), st);
  if (slot)
    sharc_p_word_put(slot, t.len, w, *out);
  return true;
}

/* ---- dense elements -------------------------------------------------------- */

typedef struct dense_elem {
  sharc_token tok;
  bool neg;
  bool is_pair; /* complex (re, im) */
  sharc_token tok2;
  bool neg2;
} dense_elem;

/* A literal's elements sit in `small` while few (most literals: no heap
 * allocation), in the heap beyond. */
typedef struct dense_lit {
  struct {
    dense_elem *items;
    unsigned len, cap;
  } elems;
  int64_t shape[64];
  int rank;        /* -1 until the first leaf fixes it */
  bool shape_known[64];
  dense_elem small[8];
} dense_lit;

/* An empty literal, set up without zeroing its inline elements. */
static void dense_lit_init(dense_lit *d) {
  d->elems.items = NULL;
  d->elems.len = d->elems.cap = 0;
  d->rank = -1;
  memset(d->shape_known, 0, sizeof d->shape_known);
}

static void dense_lit_push(dense_lit *d, dense_elem e) {
  d->elems.items = sharc_small_room(d->elems.items, d->small, sizeof d->small / sizeof d->small[0],
                                    d->elems.len, &d->elems.cap, sizeof *d->elems.items);
  d->elems.items[d->elems.len++] = e;
}

static void dense_lit_free(dense_lit *d) {
  if (d->elems.items != d->small)
    free(d->elems.items);
}

/* A '-' takes only a number after it, as MLIR's TensorLiteralParser. */
static bool parse_dense_scalar(sharc_parser *p, sharc_token *t, bool *neg) {
  *neg = sharc_p_eat_inline(p, '-');
  *t = p->tok;
  bool number = t->kind == TOK_INTEGER || t->kind == TOK_FLOAT;
  if (number || (!*neg && (sharc_tok_is_keyword(t, "true") || sharc_tok_is_keyword(t, "false") ||
                           t->kind == TOK_STRING))) {
    sharc_p_next(p);
    return true;
  }
  if (*neg)
    return sharc_p_error(p, "expected integer or floating point literal");
  return sharc_p_error(p, "expected element literal of primitive type");
}

static bool parse_dense_element(sharc_parser *p, dense_lit *d) {
  dense_elem e = {0};
  if (sharc_p_eat_inline(p, '(')) {
    e.is_pair = true;
    if (!parse_dense_scalar(p, &e.tok, &e.neg) ||
        !sharc_p_expect_msg(p, ',', "expected ',' between complex elements") ||
        !parse_dense_scalar(p, &e.tok2, &e.neg2) ||
        !sharc_p_expect_msg(p, ')', "expected ')' after complex elements"))
      return false;
  } else if (!parse_dense_scalar(p, &e.tok, &e.neg)) {
    return false;
  }
  dense_lit_push(d, e);
  return true;
}

static bool parse_dense_list(sharc_parser *p, dense_lit *d, int level);

/* One list of a dense literal being read: the literal, its nesting, how
 * many elements so far. */
typedef struct dense_list {
  dense_lit *d;
  int level;
  int64_t count;
} dense_list;

/* One element of a list: a nested list or a scalar, at the rank the
 * elements before it set. */
static bool parse_dense_list_elem(sharc_parser *p, void *state) {
  dense_list *l = state;
  dense_lit *d = l->d;
  l->count++;
  if (sharc_tok_is(&p->tok, '[')) {
    if (d->rank >= 0 && l->level + 1 >= d->rank)
      return false; /* inconsistent: parse_dense_top_list reads it again */
    return parse_dense_list(p, d, l->level + 1);
  }
  if (d->rank < 0)
    d->rank = l->level + 1;
  else if (d->rank != l->level + 1)
    return false;
  return parse_dense_element(p, d);
}

/* Parses a nested list at nesting `level`, checking that every sublist has
 * the same shape. */
static bool parse_dense_list(sharc_parser *p, dense_lit *d, int level) {
  if (level >= 64)
    return sharc_p_error(p, "tensor literal is nested too deeply");
  if (!sharc_p_enter(p))
    return false;
  dense_list l = {d, level, 0};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_dense_list_elem, &l, NULL);
  int64_t count = l.count;
  if (ok && !count && d->rank < 0)
    d->rank = level + 1;
  if (ok) {
    if (!d->shape_known[level]) {
      d->shape[level] = count;
      d->shape_known[level] = true;
    } else if (d->shape[level] != count) {
      ok = false;
    }
  }
  sharc_p_leave(p);
  return ok;
}

static const char ranks_error[] =
    "tensor literal is invalid; ranks are not consistent between elements";

/* One list being read again by recheck_dense_list: its level, how many
 * elements so far and the first one's dimensions. */
typedef struct recheck_list {
  dense_lit *scratch;
  int level;
  unsigned size, first_rank;
  int64_t first[64];
} recheck_list;

static bool recheck_dense_list(sharc_parser *p, dense_lit *scratch, int level, int64_t *dims,
                               unsigned *rank);

static bool recheck_dense_elem(sharc_parser *p, void *state) {
  recheck_list *l = state;
  int64_t dims[64];
  unsigned rank = 0;
  bool ok = sharc_tok_is(&p->tok, '[')
                ? recheck_dense_list(p, l->scratch, l->level + 1, dims, &rank)
                : parse_dense_element(p, l->scratch);
  if (!ok)
    return false;
  if (l->size++ == 0) {
    l->first_rank = rank;
    memcpy(l->first, dims, rank * sizeof *dims);
    return true;
  }
  if (rank != l->first_rank || memcmp(l->first, dims, rank * sizeof *dims) != 0)
    return sharc_p_error(p, ranks_error);
  return true;
}

/* MLIR's TensorLiteralParser::parseList, for a literal parse_dense_list
 * found inconsistent: each element is read whole, then its dimensions
 * compared with the first element's, so that the error comes where MLIR
 * reports it (after the element), or an error inside an element first.
 * `dims` gets the list's dimensions, outermost first. */
static bool recheck_dense_list(sharc_parser *p, dense_lit *scratch, int level, int64_t *dims,
                               unsigned *rank) {
  if (level >= 64)
    return sharc_p_error(p, "tensor literal is nested too deeply");
  if (!sharc_p_enter(p))
    return false;
  recheck_list l = {.scratch = scratch, .level = level};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, recheck_dense_elem, &l, NULL);
  sharc_p_leave(p);
  if (!ok)
    return false;
  dims[0] = l.size;
  memcpy(dims + 1, l.first, l.first_rank * sizeof *l.first);
  *rank = l.first_rank + 1;
  return true;
}

/* The error path of parse_dense_top_list, out of line: its scratch
 * literal and dimensions are 2 KiB of stack that the common path should
 * not carry (see type_naming_error). */
static __attribute__((noinline, cold)) void recheck_dense_top_list(sharc_parser *p,
                                                                   const sharc_token *open) {
  sharc_lexer_reset(&p->lx, open->start, open->line, open->start - (open->col - 1));
  sharc_p_next(p);
  dense_lit scratch;
  dense_lit_init(&scratch);
  int64_t dims[64];
  unsigned rank = 0;
  if (recheck_dense_list(p, &scratch, 0, dims, &rank))
    sharc_p_error(p, ranks_error);
  dense_lit_free(&scratch);
}

/* A literal's outermost list: parse_dense_list on the common path; an
 * inconsistency it finds (without a word) is read again as MLIR reads it. */
static bool parse_dense_top_list(sharc_parser *p, dense_lit *d) {
  sharc_token open = p->tok;
  if (parse_dense_list(p, d, 0) || p->failed)
    return !p->failed;
  recheck_dense_top_list(p, &open);
  return false;
}

static bool is_bool_tok(const sharc_token *t, bool *v) {
  if (sharc_tok_is_keyword(t, "true"))
    return *v = true, true;
  if (sharc_tok_is_keyword(t, "false"))
    return *v = false, true;
  return false;
}

/* Converts one scalar literal to the raw word(s) of an element of `et`. */
static bool dense_scalar_words(sharc_parser *p, const sharc_token *t, bool neg, sharc_type *et,
                               uint64_t *out, bool in_array) {
  bool bv;
  if (et->kind == SHARC_TYPE_FLOAT) {
    uint64_t lo, hi;
    if (t->kind != TOK_FLOAT && t->kind != TOK_INTEGER)
      return sharc_p_error_at(p, t, "expected floating point literal");
    if (!float_from_token(p, t, neg, et, &lo, &hi))
      return false;
    out[0] = sharc_float_raw_lo(et->fkind, lo); /* an element is its bit pattern */
    if (sharc_type_bit_width(et) > 64)
      out[1] = hi;
    return true;
  }
  if (is_bool_tok(t, &bv)) {
    if (!(et->kind == SHARC_TYPE_INTEGER && et->integer.width == 1))
      return sharc_p_error_at(p, t, "expected i1 type for 'true' or 'false' values");
    out[0] = bv;
    return true;
  }
  if (t->kind != TOK_INTEGER)
    return sharc_p_error_at(p, t, "expected integer elements, but parsed floating-point");
  uint64_t w[SHARC_INT_WORDS], words[SHARC_INT_WORDS];
  unsigned nw, n;
  if (!sharc_p_int_magnitude(t, w, &nw))
    return sharc_p_error_at(p, t, "integer constant out of range for type");
  /* the words only: an element is no attribute of its own */
  int_fit fit = int_literal_words(neg, w, nw, et, in_array, words, &n);
  if (fit != INT_FITS)
    return int_element_error(p, t, fit, in_array);
  if (is_signless_i1(et))
    out[0] = w[0] != 0;
  else if (n == 1) /* nearly every element: no call */
    out[0] = words[0];
  else
    memcpy(out, words, n * sizeof *out);
  return true;
}

static unsigned words_per_scalar(const sharc_type *et) { return sharc_type_scalar_words(et); }

static bool words_equal(const uint64_t *a, const uint64_t *b, unsigned n) {
  return memcmp(a, b, n * sizeof *a) == 0;
}

/* Unranked tensors and memrefs are shaped types without a static shape,
 * which MLIR reports as such rather than as non-shaped. */
static bool is_unranked_shaped(const sharc_type *t) {
  return t->kind == SHARC_TYPE_UNRANKED_TENSOR || t->kind == SHARC_TYPE_UNRANKED_MEMREF;
}

/* A string among the elements of a number literal: MLIR reads it as a
 * number of the element type, which a string never is. */
static bool string_element_error(sharc_parser *p, const sharc_token *t, const sharc_type *scalar) {
  if (scalar->kind == SHARC_TYPE_FLOAT)
    return sharc_p_error_at(p, t, "expected floating point literal");
  return sharc_p_error_at(p, t, "integer constant out of range for type");
}

/* `[d0, d1]`: a ranked type's shape in the parser's messages. */
static void put_shape(sharc_buf *b, const sharc_type *t) {
  SHARC_BUF_LIT(b, "[");
  for (unsigned i = 0; i < t->shaped.rank; i++) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    sharc_buf_put_i64(b, t->shaped.shape[i]);
  }
  SHARC_BUF_LIT(b, "]");
}

/* A literal with complex pairs for a non-complex element type. MLIR's
 * TensorLiteralParser keeps a pair as two scalars of its flat storage and
 * builds the attribute from that storage: all scalars equal make a splat,
 * otherwise the first `num` are the elements. Fewer scalars than elements
 * (a lone pair for a larger tensor) would have MLIR read past its storage;
 * that stays an error here. */
static bool build_dense_flat(sharc_parser *p, dense_lit *d, size_t n, sharc_type *scalar,
                             sharc_type *type, size_t num, sharc_attr **out) {
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    m += d->elems.items[i].is_pair ? 2 : 1;
  unsigned wps = words_per_scalar(scalar);
  uint64_t *raw = sharc_xcalloc(m * wps + 1, sizeof *raw);
  bool ok = true;
  size_t k = 0;
  for (size_t i = 0; i < n && ok; i++) {
    dense_elem *e = &d->elems.items[i];
    ok = dense_scalar_words(p, &e->tok, e->neg, scalar, raw + k++ * wps, false);
    if (ok && e->is_pair)
      ok = dense_scalar_words(p, &e->tok2, e->neg2, scalar, raw + k++ * wps, false);
  }
  bool all_same = ok && m > 0 && num > 0;
  for (size_t i = 1; i < m && all_same && num > 1; i++) /* one element prints as a splat */
    all_same = words_equal(raw, raw + i * wps, wps);
  if (ok && !all_same && m < num)
    ok = sharc_p_error_at(p, &d->elems.items[0].tok, "unexpected complex element");
  if (ok)
    *out = sharc_attr_dense_elements(p->ctx, type, raw, all_same ? wps : num * wps, all_same);
  free(raw);
  return ok;
}

/* Builds the attribute from a parsed literal once the type is known. */
static bool build_dense(sharc_parser *p, dense_lit *d, const sharc_token *type_tok,
                        sharc_type *type, sharc_attr **out) {
  if (is_unranked_shaped(type))
    return sharc_p_error_at(p, type_tok, "elements literal type must have static shape");
  /* any builtin shaped type with a static shape, memrefs included, as
   * parseElementAttrType; dialect shaped types (a mesh tensor) have no
   * element storage of their own */
  if (!sharc_type_has_rank(type) || type->kind == SHARC_TYPE_DIALECT)
    return sharc_p_error_at(p, type_tok, "elements literal must be a shaped type");
  int64_t num;
  if (!sharc_type_try_num_elements(type, &num))
    return sharc_p_error_at(p, type_tok, "integer overflow in element count computation");
  if (num < 0)
    return sharc_p_error_at(p, type_tok, "elements literal type must have static shape");
  sharc_type *et = type->shaped.elem;
  bool is_complex = et->kind == SHARC_TYPE_COMPLEX;
  sharc_type *scalar = is_complex ? et->elem : et;
  bool is_string = !(scalar->kind == SHARC_TYPE_INTEGER || scalar->kind == SHARC_TYPE_FLOAT ||
                     scalar->kind == SHARC_TYPE_INDEX);
  bool splat = d->rank == 0;
  if (!splat) {
    bool match = (unsigned)d->rank == type->shaped.rank;
    for (int i = 0; match && i < d->rank; i++)
      match = d->shape[i] == type->shaped.shape[i];
    if (!match) {
      sharc_buf want = {0};
      sharc_buf_puts(&want, "[");
      for (int i = 0; i < d->rank; i++) {
        if (i)
          sharc_buf_puts(&want, ", ");
        sharc_buf_put_i64(&want, d->shape[i]);
      }
      sharc_buf_puts(&want, "]");
      sharc_buf have = {0};
      put_shape(&have, type);
      sharc_p_error_at(p, type_tok, "inferred shape of elements literal (%s) does not match type (%s)",
                       want.data, have.data);
      sharc_buf_free(&want);
      sharc_buf_free(&have);
      return false;
    }
  }
  if (is_string) {
    sharc_str *strs = sharc_xmalloc_array(d->elems.len ? d->elems.len : 1, sizeof *strs);
    bool ok = true;
    for (size_t i = 0; i < d->elems.len && ok; i++) {
      const sharc_token *t = &d->elems.items[i].tok;
      if (t->kind != TOK_STRING)
        ok = sharc_p_error_at(p, t, "expected string token");
      else
        strs[i] = sharc_p_unescape(p, t);
    }
    bool all_same = d->elems.len > 0;
    for (size_t i = 1; i < d->elems.len && ok && all_same; i++)
      all_same = sharc_str_eq(strs[i], strs[0]);
    if (ok)
      *out = sharc_attr_dense_strings(p->ctx, type, strs, all_same ? 1 : d->elems.len,
                                      all_same || splat);
    free(strs);
    return ok;
  }
  unsigned wps = words_per_scalar(scalar) * (is_complex ? 2 : 1);
  size_t n = splat ? 1 : d->elems.len;
  uint64_t small_raw[16]; /* most literals: no heap */
  size_t raw_words = n * wps + 1;
  uint64_t *raw = raw_words <= sizeof small_raw / sizeof *small_raw
                      ? memset(small_raw, 0, raw_words * sizeof *small_raw)
                      : sharc_xcalloc(raw_words, sizeof *raw);
  bool ok = true, pairs = false;
  for (size_t i = 0; i < n && ok; i++) {
    dense_elem *e = &d->elems.items[i];
    if (is_complex != e->is_pair) {
      pairs = !is_complex;
      ok = pairs || sharc_p_error_at(p, &e->tok, "expected complex element");
      break;
    }
    if (e->tok.kind == TOK_STRING) {
      /* MLIR takes a lone string as hex storage, so a bad one is that error */
      ok = d->rank == 0 ? sharc_p_error_at(p, &e->tok, "expected string containing hex digits "
                                                       "starting with `0x`")
                        : string_element_error(p, &e->tok, scalar);
      break;
    }
    ok = dense_scalar_words(p, &e->tok, e->neg, scalar, raw + i * wps, false);
    if (ok && is_complex)
      ok = dense_scalar_words(p, &e->tok2, e->neg2, scalar, raw + i * wps + wps / 2, false);
  }
  if (ok && !pairs) {
    bool all_same = n > 0;
    for (size_t i = 1; i < n && all_same; i++)
      all_same = words_equal(raw, raw + i * wps, wps);
    if (num == 0)
      all_same = false;
    *out = sharc_attr_dense_elements(p->ctx, type, raw, all_same ? wps : n * wps, all_same || splat);
  }
  if (raw != small_raw)
    free(raw);
  return ok && pairs ? build_dense_flat(p, d, n, scalar, type, (size_t)num, out) : ok;
}

static int hex_digit(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

/* An error whose message names a type, quoted as MLIR's diagnostics
 * stream one: `before'TYPE'after`. Out of line: the type printer's state
 * is kilobytes of stack, which inlined into parse_dense had pushed every
 * frame below a dense literal's parse that much deeper (7 % more
 * simulated D1 write misses on a generic module). */
static __attribute__((noinline, cold)) bool type_naming_error(sharc_parser *p,
                                                               const sharc_token *at,
                                                               const char *before,
                                                               const sharc_type *type,
                                                               const char *after) {
  sharc_buf ty = {0};
  sharc_print_type(type, &ty);
  sharc_p_error_at(p, at, "%s'%s'%s", before, ty.data, after);
  sharc_buf_free(&ty);
  return false;
}

/* i1 hex data is bit-packed, least significant bit first; one byte 0x00 or
 * 0xFF stands for a splat of any size, as does the byte of a one-element
 * tensor (read as nonzero). */
static bool build_dense_bool_hex(sharc_parser *p, sharc_str hex, size_t nbytes, size_t num,
                                 const sharc_token *str_tok, sharc_type *type, sharc_attr **out) {
  unsigned first = nbytes ? (unsigned)(hex_digit(hex.data[0]) * 16 + hex_digit(hex.data[1])) : 0;
  if ((nbytes == 1 && (first == 0 || first == 0xFF)) || (num == 1 && nbytes == 1)) {
    uint64_t v = first != 0;
    *out = sharc_attr_dense_elements(p->ctx, type, &v, 1, true);
    return true;
  }
  if (nbytes != num / 8 + (num % 8 != 0)) {
    return type_naming_error(p, str_tok, "elements hex data size is invalid for provided type: ",
                             type, "");
  }
  uint64_t *raw = sharc_xcalloc(num, sizeof *raw);
  for (size_t i = 0; i < num; i++) {
    size_t byte = i / 8;
    unsigned v = (unsigned)(hex_digit(hex.data[2 * byte]) * 16 + hex_digit(hex.data[2 * byte + 1]));
    raw[i] = (v >> (i % 8)) & 1;
  }
  bool all_same = true;
  for (size_t i = 1; i < num && all_same; i++)
    all_same = raw[i] == raw[0];
  *out = sharc_attr_dense_elements(p->ctx, type, raw, all_same ? 1 : num, all_same);
  free(raw);
  return true;
}

/* dense<"0x0102..."> : raw little-endian bytes of the elements. */
static bool build_dense_hex(sharc_parser *p, const sharc_token *str_tok, const sharc_token *type_tok,
                            sharc_type *type, sharc_attr **out) {
  if (is_unranked_shaped(type))
    return sharc_p_error_at(p, type_tok, "elements literal type must have static shape");
  if (!sharc_type_has_rank(type) || type->kind == SHARC_TYPE_DIALECT)
    return sharc_p_error_at(p, type_tok, "elements literal must be a shaped type");
  int64_t num;
  if (!sharc_type_try_num_elements(type, &num))
    return sharc_p_error_at(p, type_tok, "integer overflow in element count computation");
  sharc_type *et = type->shaped.elem;
  bool is_complex = et->kind == SHARC_TYPE_COMPLEX;
  sharc_type *scalar = is_complex ? et->elem : et;
  unsigned bits = sharc_type_bit_width(scalar);
  unsigned bytes_per_scalar = bits == 1 ? 1 : (bits + 7) / 8;
  unsigned scalars_per_elem = is_complex ? 2 : 1;
  sharc_str hex = {str_tok->start + 3, str_tok->len - 4};
  if (hex.len % 2)
    return sharc_p_error_at(p, str_tok, "expected string containing hex digits starting with `0x`");
  size_t nbytes = hex.len / 2;
  if (bits == 1 && !is_complex && num >= 0)
    return build_dense_bool_hex(p, hex, nbytes, (size_t)num, type_tok, type, out);
  size_t elem_bytes = (size_t)bytes_per_scalar * scalars_per_elem;
  bool splat = nbytes == elem_bytes && num != 1;
  size_t want_bytes;
  if (num < 0 || (!splat && (sharc_size_mul_overflow((size_t)num, elem_bytes, &want_bytes) ||
                             nbytes != want_bytes))) {
    return type_naming_error(p, type_tok, "elements hex data size is invalid for provided type: ",
                             type, "");
  }
  size_t n_scalars = nbytes / bytes_per_scalar;
  unsigned wps = words_per_scalar(scalar);
  uint64_t *raw = sharc_xcalloc(n_scalars * wps + 1, sizeof *raw);
  for (size_t i = 0; i < n_scalars; i++) {
    for (unsigned b = 0; b < bytes_per_scalar; b++) {
      size_t off = (i * bytes_per_scalar + b) * 2;
      char c1 = hex.data[off], c2 = hex.data[off + 1];
      int h1 = c1 <= '9' ? c1 - '0' : (c1 | 32) - 'a' + 10;
      int h2 = c2 <= '9' ? c2 - '0' : (c2 | 32) - 'a' + 10;
      uint64_t byte = (uint64_t)(h1 * 16 + h2);
      raw[i * wps + b / 8] |= byte << (8 * (b % 8));
    }
    if (bits < 64 && bits > 1)
      raw[i * wps] &= (UINT64_C(1) << bits) - 1;
    if (bits == 1)
      raw[i * wps] = raw[i * wps] != 0;
  }
  size_t words = n_scalars * wps;
  size_t ewords = (size_t)wps * scalars_per_elem;
  bool all_same = words >= ewords;
  for (size_t i = ewords; i < words && all_same; i += ewords)
    all_same = words_equal(raw, raw + i, (unsigned)ewords);
  if (num == 0)
    all_same = false;
  *out = sharc_attr_dense_elements(p->ctx, type, raw, all_same ? ewords : words, all_same);
  free(raw);
  return true;
}

static bool is_hex_string(const sharc_token *t) {
  if (t->kind != TOK_STRING || t->len < 4 || t->start[1] != '0' || t->start[2] != 'x')
    return false;
  for (size_t i = 3; i + 1 < t->len; i++) {
    char c = t->start[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
      return false;
  }
  return true;
}

static bool check_sparse_type(sharc_parser *p, const sharc_token *at, const sharc_type *type);

/* `dense<>`: a type of no elements, as TensorLiteralParser::getAttr checks
 * it (MLIR's count wraps where sharc's overflows: that stays an error). */
static bool build_empty_dense(sharc_parser *p, const sharc_token *at, const sharc_token *type_tok,
                              sharc_type *type, sharc_attr **out) {
  uint64_t wrapped = 1;
  for (unsigned i = 0; i < type->shaped.rank; i++)
    wrapped *= (uint64_t)type->shaped.shape[i];
  int64_t num;
  if (wrapped != 0)
    return type_naming_error(p, at, "parsed zero elements, but type (", type,
                             ") expected at least 1");
  if (!sharc_type_try_num_elements(type, &num))
    return sharc_p_error_at(p, type_tok, "integer overflow in element count computation");
  *out = sharc_attr_dense_elements(p->ctx, type, NULL, 0, false);
  return true;
}

static bool parse_dense(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_token dense_tok = p->tok; /* MLIR reports literal/type mismatches here */
  sharc_p_next(p);
  if (!sharc_p_expect_msg(p, '<', "expected '<' after 'dense'"))
    return false;
  dense_lit d;
  dense_lit_init(&d);
  bool ok = true;
  sharc_token hex_tok = {0};
  bool hex = false, empty = false;
  if (sharc_tok_is(&p->tok, '>')) {
    empty = true;
  } else if (is_hex_string(&p->tok)) {
    hex = true;
    hex_tok = p->tok;
    sharc_p_next(p);
  } else if (sharc_tok_is(&p->tok, '[')) {
    ok = parse_dense_top_list(p, &d);
  } else {
    d.rank = 0;
    ok = parse_dense_element(p, &d);
  }
  ok = ok && sharc_p_expect(p, '>');
  sharc_token type_tok = p->tok;
  if (ok && !type) {
    if (!sharc_p_expect(p, ':'))
      ok = false;
    type_tok = p->tok;
    ok = ok && sharc_p_parse_type(p, &type);
  }
  if (ok && empty) {
    ok = check_sparse_type(p, &dense_tok, type) &&
         build_empty_dense(p, &dense_tok, &type_tok, type, out);
  } else if (ok && hex) {
    sharc_type *et = sharc_type_has_rank(type) && type->kind != SHARC_TYPE_DIALECT
                         ? type->shaped.elem : NULL;
    if (et && (et->kind == SHARC_TYPE_INTEGER || et->kind == SHARC_TYPE_FLOAT ||
               et->kind == SHARC_TYPE_INDEX || et->kind == SHARC_TYPE_COMPLEX))
      ok = build_dense_hex(p, &hex_tok, &dense_tok, type, out);
    else {
      d.rank = 0;
      dense_lit_push(&d, (dense_elem){.tok = hex_tok});
      ok = build_dense(p, &d, &dense_tok, type, out);
    }
  } else if (ok) {
    ok = build_dense(p, &d, &dense_tok, type, out);
  }
  dense_lit_free(&d);
  return ok;
}

/* ---- sparse elements (MLIR's SparseElementsAttr) ---------------------------- */

/* One of the two literals of `sparse<indices, values>` as
 * TensorLiteralParser reads it: a hex string where allowed (the values),
 * else a nested list or a lone element; `start` is where MLIR reports
 * what building it finds. */
typedef struct sparse_lit {
  dense_lit d;
  sharc_token start;
  bool hex;
} sparse_lit;

static bool parse_sparse_literal(sharc_parser *p, sparse_lit *l, bool allow_hex) {
  l->start = p->tok;
  l->hex = allow_hex && is_hex_string(&p->tok);
  if (l->hex) {
    sharc_p_next(p);
    return true;
  }
  if (sharc_tok_is(&p->tok, '['))
    return parse_dense_top_list(p, &l->d);
  l->d.rank = 0;
  return parse_dense_element(p, &l->d);
}

/* The literal's shape; none for a lone element or a hex string. */
static unsigned sparse_lit_shape(const sparse_lit *l, int64_t *shape) {
  if (l->hex || l->d.rank <= 0)
    return 0;
  memcpy(shape, l->d.shape, (size_t)l->d.rank * sizeof *shape);
  return (unsigned)l->d.rank;
}

static bool is_number_type(const sharc_type *t) {
  return t->kind == SHARC_TYPE_INTEGER || t->kind == SHARC_TYPE_FLOAT ||
         t->kind == SHARC_TYPE_INDEX || t->kind == SHARC_TYPE_COMPLEX;
}

/* The literal as a dense attribute of `type` (a ranked tensor). The
 * indices take no hex (a lone string is then a number that is not one). */
static bool build_sparse_part(sharc_parser *p, sparse_lit *l, sharc_type *type, bool indices,
                              sharc_attr **out) {
  const sharc_token *first = l->d.elems.len ? &l->d.elems.items[0].tok : NULL;
  if (indices && l->d.rank == 0 && first && first->kind == TOK_STRING)
    return sharc_p_error_at(p, first, "integer constant out of range for type");
  if (l->hex && is_number_type(type->shaped.elem))
    return build_dense_hex(p, &l->start, &l->start, type, out);
  if (l->hex) { /* a string element of another type */
    l->d.rank = 0;
    dense_lit_push(&l->d, (dense_elem){.tok = l->start});
  }
  return build_dense(p, &l->d, &l->start, type, out);
}

/* A dense attribute of `type` with no elements. */
static sharc_attr *empty_dense(sharc_parser *p, sharc_type *type) {
  if (is_number_type(type->shaped.elem))
    return sharc_attr_dense_elements(p->ctx, type, NULL, 0, false);
  return sharc_attr_dense_strings(p->ctx, type, NULL, 0, false);
}

static bool sparse_shape_error(sharc_parser *p, const sharc_token *at, const sharc_type *type,
                               const sharc_attr *indices, const sharc_attr *values) {
  sharc_buf want = {0}, in = {0}, vals = {0};
  put_shape(&want, type);
  put_shape(&in, indices->type);
  put_shape(&vals, values->type);
  sharc_p_error_at(p, at,
                   "expected shape (%s); inferred shape of indices literal (%s); inferred shape "
                   "of values literal (%s)",
                   want.data, in.data, vals.data);
  sharc_buf_free(&want);
  sharc_buf_free(&in);
  sharc_buf_free(&vals);
  return false;
}

/* ElementsAttr::isValidIndex, the index read as unsigned. */
static bool sparse_index_valid(const sharc_type *type, const uint64_t *index, unsigned n) {
  unsigned rank = type->shaped.rank;
  if (rank == 0 && n == 1 && index[0] == 0)
    return true;
  if (rank != n)
    return false;
  for (unsigned i = 0; i < rank; i++)
    if ((int64_t)index[i] < 0 || (int64_t)index[i] >= type->shaped.shape[i])
      return false;
  return true;
}

static bool sparse_index_error(sharc_parser *p, const sharc_token *at, const sharc_type *type,
                               unsigned k, const uint64_t *index, unsigned n) {
  sharc_buf text = {0}, ty = {0};
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(&text, ", ");
    sharc_buf_printf(&text, "%llu", (unsigned long long)index[i]);
  }
  sharc_print_type(type, &ty);
  sharc_p_error_at(p, at,
                   "sparse index #%u is not contained within the value shape, with index=[%s], "
                   "and type='%s'",
                   k, text.data ? text.data : "", ty.data);
  sharc_buf_free(&text);
  sharc_buf_free(&ty);
  return false;
}

/* SparseElementsAttr::verify, reported at the `sparse` keyword. */
static bool verify_sparse(sharc_parser *p, const sharc_token *at, const sharc_type *type,
                          const sharc_attr *indices, const sharc_attr *values) {
  const sharc_type *it = indices->type, *vt = values->type;
  if (vt->shaped.rank != 1)
    return sharc_p_error_at(p, at, "expected 1-d tensor for sparse element values");
  unsigned rank = type->shaped.rank;
  bool shape_ok = it->shaped.rank == 2 ? it->shaped.shape[1] == (int64_t)rank
                                       : it->shaped.rank == 1 && rank == 1;
  int64_t count = it->shaped.shape[0];
  if (!shape_ok || count != vt->shaped.shape[0])
    return sparse_shape_error(p, at, type, indices, values);
  if (sharc_dense_splat(indices)) {
    uint64_t *index = sharc_xmalloc_array(rank + 1, sizeof *index);
    for (unsigned i = 0; i < rank; i++)
      index[i] = sharc_dense_raw(indices)[0];
    bool ok = sparse_index_valid(type, index, rank) ||
              sparse_index_error(p, at, type, 0, index, rank);
    free(index);
    return ok;
  }
  for (int64_t k = 0; k < count; k++) {
    const uint64_t *at_k = sharc_dense_raw(indices) + (size_t)k * rank;
    if (!sparse_index_valid(type, at_k, rank))
      return sparse_index_error(p, at, type, (unsigned)k, at_k, rank);
  }
  return true;
}

/* The type after the literals (parseElementsLiteralType): statically
 * shaped, reported at the keyword. */
static bool check_sparse_type(sharc_parser *p, const sharc_token *at, const sharc_type *type) {
  if (is_unranked_shaped(type))
    return sharc_p_error_at(p, at, "elements literal type must have static shape");
  if (!sharc_type_has_rank(type) || type->kind == SHARC_TYPE_DIALECT)
    return sharc_p_error_at(p, at, "elements literal must be a shaped type");
  for (unsigned i = 0; i < type->shaped.rank; i++)
    if (type->shaped.shape[i] < 0)
      return sharc_p_error_at(p, at, "elements literal type must have static shape");
  return true;
}

/* `sparse<>`: no indices ([0 x rank]) and no values. */
static sharc_attr *empty_sparse(sharc_parser *p, sharc_type *type) {
  sharc_type *i64 = i64_type(p);
  int64_t ishape[2] = {0, type->shaped.rank}, vshape[1] = {0};
  sharc_type *it = sharc_type_tensor(p->ctx, ishape, 2, i64, NULL);
  sharc_type *vt = sharc_type_tensor(p->ctx, vshape, 1, type->shaped.elem, NULL);
  return sharc_attr_sparse_elements(p->ctx, type, empty_dense(p, it), empty_dense(p, vt));
}

/* The literals made attributes: the indices i64 of their own shape ([1 x
 * rank] for a lone one), the values of theirs (as many as there are
 * indices for a lone one), then the verifier. */
static bool build_sparse(sharc_parser *p, const sharc_token *at, sparse_lit *il, sparse_lit *vl,
                         sharc_type *type, sharc_attr **out) {
  int64_t shape[64];
  unsigned n = sparse_lit_shape(il, shape);
  if (!n) {
    shape[0] = 1;
    shape[1] = type->shaped.rank;
    n = 2;
  }
  sharc_type *it = sharc_type_tensor(p->ctx, shape, n, i64_type(p), NULL);
  sharc_attr *indices, *values;
  if (!build_sparse_part(p, il, it, true, &indices))
    return false;
  int64_t count = shape[0];
  n = sparse_lit_shape(vl, shape);
  if (!n) {
    shape[0] = count;
    n = 1;
  }
  sharc_type *vt = sharc_type_tensor(p->ctx, shape, n, type->shaped.elem, NULL);
  if (!build_sparse_part(p, vl, vt, false, &values) || !verify_sparse(p, at, type, indices, values))
    return false;
  *out = sharc_attr_sparse_elements(p->ctx, type, indices, values);
  return true;
}

/* `sparse<indices, values> : type`, or `sparse<> : type`; `type` given by
 * the context replaces the trailing one. */
static bool parse_sparse(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_token at = p->tok;
  sharc_p_next(p);
  if (!sharc_tok_is(&p->tok, '<'))
    return sharc_p_error(p, "Expected '<' after 'sparse'");
  sharc_p_next(p);
  sparse_lit il, vl;
  dense_lit_init(&il.d);
  dense_lit_init(&vl.d);
  bool empty = sharc_p_eat(p, '>');
  bool ok = empty || (parse_sparse_literal(p, &il, false) && sharc_p_expect(p, ',') &&
                      parse_sparse_literal(p, &vl, true) && sharc_p_expect(p, '>'));
  if (ok && !type)
    ok = sharc_p_expect(p, ':') && sharc_p_parse_type(p, &type);
  ok = ok && check_sparse_type(p, &at, type);
  if (ok && empty)
    *out = empty_sparse(p, type);
  else if (ok)
    ok = build_sparse(p, &at, &il, &vl, type, out);
  dense_lit_free(&il.d);
  dense_lit_free(&vl.d);
  return ok;
}

/* ---- arrays, dictionaries, dense arrays ----------------------------------- */

static bool parse_next_attr(sharc_parser *p, void *attrs) {
  sharc_attr *a;
  if (!sharc_p_parse_attr(p, NULL, &a))
    return false;
  sharc_ptrvec_push(attrs, a);
  return true;
}

bool sharc_p_parse_attr_list(sharc_parser *p, sharc_ptrvec *out) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_next_attr, out, NULL);
}

static bool parse_array(sharc_parser *p, sharc_attr **out) {
  sharc_p_next(p); /* [ */
  sharc_ptrvec elems = {0};
  bool ok = sharc_p_parse_comma_list_until(p, ']', parse_next_attr, &elems, true);
  if (ok)
    *out = sharc_attr_array(p->ctx, (sharc_attr *const *)elems.items, elems.len);
  sharc_ptrvec_free(&elems);
  return ok;
}

/* The identifier of a dictionary key, from the parser's cache of short
 * keys when it was met before. */
static sharc_ident *dict_key_ident(sharc_parser *p, sharc_str name) {
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  p_word_slot *slot = sharc_p_word_slot(p, P_WORDS_ATTR_NAMES, name, w);
  if (!slot)
    return sharc_ident_get(p->ctx, name);
  sharc_ident *id = sharc_p_word_find(slot, name.len, w);
  if (id)
    return id;
  id = sharc_ident_get(p->ctx, name);
  sharc_p_word_push(slot, name.len, w, id);
  return id;
}

/* Entries collect in `*entries`, which starts as the caller's `stack`
 * array of `cap` and moves to the heap when it outgrows it; the caller
 * frees it when it is no longer `stack`. */
typedef struct dict_entries {
  sharc_named_attr **entries, *stack;
  unsigned *n, cap;
  sharc_ptrmap seen; /* the keys, once there are more than DICT_SCAN_KEYS */
} dict_entries;

/* Up to this many keys a duplicate is found by scanning them (the common
 * dictionary has 1-3); past it by a set, so that a dictionary of n keys
 * costs O(n), not O(n^2). */
enum { DICT_SCAN_KEYS = 8 };

/* Whether `name` is already a key of the dictionary read so far. */
static bool dict_has_key(dict_entries *d, const sharc_ident *name) {
  const sharc_named_attr *entries = *d->entries;
  unsigned n = *d->n;
  if (n <= DICT_SCAN_KEYS) {
    for (unsigned i = 0; i < n; i++)
      if (entries[i].name == name)
        return true;
    return false;
  }
  if (!d->seen.cap)
    for (unsigned i = 0; i < n; i++)
      sharc_ptrmap_put(&d->seen, entries[i].name, (void *)1);
  return sharc_ptrmap_get(&d->seen, name) != NULL;
}

/* The error of a key met twice, at its second name's position. */
static bool dict_duplicate_error(sharc_parser *p, unsigned line, unsigned col,
                                 const sharc_ident *name) {
  sharc_token at = {.line = line, .col = col};
  return sharc_p_error_at(p, &at, "duplicate key '%s' in dictionary attribute", name->data);
}

/* One `name = value` or `name` (unit) entry of a dictionary, refused
 * when its key is already there: MLIR checks as it reads the name, before
 * the value (whose own error would come second). */
static bool parse_dict_entry(sharc_parser *p, dict_entries *d, sharc_named_attr *out) {
  sharc_str name;
  if (p->tok.kind == TOK_BARE_ID) {
    name = sharc_tok_str(&p->tok);
  } else if (p->tok.kind == TOK_STRING) {
    name = sharc_p_unescape(p, &p->tok);
    if (name.len == 0)
      return sharc_p_error(p, "expected valid attribute name");
  } else {
    return sharc_p_wrong_token_error(p, "expected attribute name");
  }
  out->name = dict_key_ident(p, name);
  if (dict_has_key(d, out->name))
    return dict_duplicate_error(p, p->tok.line, p->tok.col, out->name);
  sharc_p_next(p);
  if (!sharc_p_eat_inline(p, '=')) {
    out->value = sharc_attr_unit(p->ctx);
    return true;
  }
  return sharc_p_parse_attr(p, NULL, &out->value);
}

/* One entry, parsed in place, past the entries so far, and counted once
 * it is read (copied from the stack, its two fields written apart were
 * read back as one 16-byte load, which waited for them: store forwarding
 * fails; at 1M ops 2/5 of this function's time). */
static bool parse_next_dict_entry(sharc_parser *p, void *state) {
  dict_entries *d = state;
  sharc_named_attr *entries = *d->entries;
  if (*d->n == d->cap) {
    d->cap *= 2;
    *d->entries = entries = sharc_xgrow_small(entries, d->stack, *d->n, d->cap, sizeof *entries);
  }
  sharc_named_attr *e = &entries[*d->n];
  if (!parse_dict_entry(p, d, e))
    return false;
  if (d->seen.cap)
    sharc_ptrmap_put(&d->seen, e->name, (void *)1);
  (*d->n)++;
  return true;
}

static bool parse_dict_entries(sharc_parser *p, sharc_named_attr **entries, unsigned *n,
                               unsigned cap) {
  *n = 0;
  dict_entries d = {entries, *entries, n, cap, {0}};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_BRACES, parse_next_dict_entry, &d,
                                     " in attribute dictionary");
  sharc_ptrmap_free(&d.seen);
  return ok;
}

/* `{...}` at the current token into a dictionary attribute (`out`) or,
 * with out NULL, into the op builder `b`. */
static bool parse_dict_into(sharc_parser *p, sharc_attr **out, sharc_op_builder *b) {
  if (!sharc_p_enter(p))
    return false;
  sharc_named_attr stack[16], *entries = stack;
  unsigned n;
  bool ok = parse_dict_entries(p, &entries, &n, 16);
  if (ok && out)
    *out = sharc_attr_dictionary(p->ctx, entries, n);
  else if (ok)
    sharc_builder_add_distinct_attrs(b, entries, n);
  if (entries != stack)
    free(entries);
  sharc_p_leave(p);
  return ok;
}

static bool sharc_p_parse_dict_attr_impl(sharc_parser *p, sharc_attr **out) {
  return parse_dict_into(p, out, NULL);
}

bool sharc_p_parse_dict_attr(sharc_parser *p, sharc_attr **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_dict_attr_impl(p, out));
}

static bool sharc_p_parse_optional_attr_dict_impl(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_tok_is(&p->tok, '{'))
    return true;
  return parse_dict_into(p, NULL, b);
}

bool sharc_p_parse_optional_attr_dict(sharc_parser *p, sharc_op_builder *b) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_optional_attr_dict_impl(p, b));
}

static bool sharc_p_parse_optional_attr_dict_with_keyword_impl(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_eat_keyword(p, "attributes"))
    return true;
  return sharc_p_parse_optional_attr_dict(p, b);
}

bool sharc_p_parse_optional_attr_dict_with_keyword(sharc_parser *p, sharc_op_builder *b) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved,
                                   sharc_p_parse_optional_attr_dict_with_keyword_impl(p, b));
}

/* The elements of an `array<T: ...>` being read: `wps` words each, in
 * `small` while few, in the heap beyond. */
typedef struct dense_array_elems {
  sharc_type *et;
  unsigned n, wps;
  uint64_t *raw;
  unsigned len, cap; /* words */
  uint64_t small[16];
} dense_array_elems;

/* Room for one more element's words, zeroed. */
static uint64_t *dense_array_slot(dense_array_elems *a) {
  if (a->len + a->wps > a->cap) {
    unsigned cap = a->cap * 2;
    while (cap < a->len + a->wps)
      cap *= 2;
    a->raw = sharc_xgrow_small(a->raw, a->small, a->len, cap, sizeof *a->raw);
    a->cap = cap;
  }
  uint64_t *words = a->raw + a->len;
  a->len += a->wps;
  memset(words, 0, a->wps * sizeof *words);
  return words;
}

static bool parse_dense_array_elem(sharc_parser *p, void *state) {
  dense_array_elems *a = state;
  sharc_type *et = a->et;
  bool neg = sharc_p_eat_inline(p, '-');
  sharc_token t = p->tok;
  bool float_for_int = t.kind == TOK_FLOAT && et->kind == SHARC_TYPE_INTEGER;
  if ((t.kind != TOK_INTEGER && t.kind != TOK_FLOAT && !sharc_tok_is_keyword(&t, "true") &&
       !sharc_tok_is_keyword(&t, "false")) ||
      float_for_int)
    return sharc_p_error(p, et->kind == SHARC_TYPE_INTEGER ? "expected integer literal"
                                                           : "expected floating point literal");
  sharc_p_next(p);
  if (t.kind == TOK_INTEGER && et->kind == SHARC_TYPE_INTEGER && et->integer.width == 1)
    return sharc_p_error_at(p, &p->tok, "expected 'true' or 'false' values for i1 type");
  uint64_t *words = dense_array_slot(a);
  if (!dense_scalar_words(p, &t, neg, et, words, true))
    return false;
  if (et->kind == SHARC_TYPE_INTEGER && et->integer.width > 1 && et->integer.width < 64) {
    /* dense arrays hold sign-extended values */
    unsigned w = et->integer.width;
    if ((words[0] >> (w - 1)) & 1)
      words[0] |= ~((UINT64_C(1) << w) - 1);
  }
  a->n++;
  return true;
}

static bool parse_dense_array(sharc_parser *p, sharc_attr **out) {
  sharc_p_next(p); /* array */
  if (!sharc_p_expect_msg(p, '<', "expected '<' after 'array'"))
    return false;
  sharc_token type_tok = p->tok;
  sharc_type *et;
  /* MLIR adds its own error after the type's, unless the lexer failed */
  if (!sharc_p_parse_type(p, &et))
    return p->tok.kind != TOK_ERROR &&
           sharc_p_error_chained_at(p, &type_tok, "expected an integer or floating point type");
  /* signed and unsigned integers too, as MLIR 22 (index it takes, then
   * crashes on: refused here) */
  if (!(et->kind == SHARC_TYPE_INTEGER || et->kind == SHARC_TYPE_FLOAT))
    return type_naming_error(p, &type_tok, "expected integer or float type, got: ", et, "");
  dense_array_elems a;
  a.et = et;
  a.n = 0;
  a.wps = words_per_scalar(et);
  a.raw = a.small;
  a.len = 0;
  a.cap = sizeof a.small / sizeof a.small[0];
  /* `array<T>` is empty; anything else needs the `:` */
  bool ok = sharc_tok_is(&p->tok, '>') ||
            (sharc_p_expect_msg(p, ':', "expected ':' after dense array type") &&
             sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_dense_array_elem, &a, NULL));
  ok = ok && sharc_p_expect_msg(p, '>', "expected '>' to close an array attribute");
  if (ok)
    *out = sharc_attr_dense_array(p->ctx, et, a.raw, a.n);
  if (a.raw != a.small)
    free(a.raw);
  return ok;
}

/* ---- symbol references, aliases, dialect attributes ----------------------- */

static sharc_ident *symbol_name(sharc_parser *p, const sharc_token *t) {
  if (t->len > 1 && t->start[1] == '"') {
    sharc_token inner = *t;
    return sharc_ident_get(p->ctx, sharc_p_unescape(p, &inner));
  }
  return sharc_ident_get(p->ctx, (sharc_str){t->start + 1, t->len - 1});
}

bool sharc_p_parse_symbol_name(sharc_parser *p, sharc_attr **out) {
  if (p->tok.kind != TOK_AT_ID)
    return sharc_p_error(p, "expected valid '@'-identifier for symbol name");
  *out = sharc_attr_string(p->ctx, sharc_ident_str(symbol_name(p, &p->tok)));
  sharc_p_next(p);
  return true;
}

/* OpaqueAttr::verify without -allow-unregistered-dialect: reported where the
 * dialect's data starts (the mnemonic after the dot, or the `#`). */
static bool unregistered_dialect_error(sharc_parser *p, const sharc_token *t, bool dotted,
                                       sharc_str dialect, sharc_str data, sharc_type *type) {
  sharc_token at = *t;
  if (dotted)
    at.col += 1 + (unsigned)dialect.len + 1;
  sharc_buf ty = {0};
  if (type)
    sharc_print_type(type, &ty);
  bool r = sharc_p_error_at(p, &at,
                            "#\"%.*s\"<\"%.*s\"> : '%s' attribute created with unregistered "
                            "dialect. If this is intended, please call "
                            "allowUnregisteredDialects() on the MLIRContext, or use "
                            "-allow-unregistered-dialect with the MLIR opt tool used",
                            (int)dialect.len, dialect.data, (int)data.len, data.data,
                            type ? ty.data : "none");
  sharc_buf_free(&ty);
  return r;
}

static bool parse_symbol_ref(sharc_parser *p, sharc_attr **out) {
  sharc_ident *root = symbol_name(p, &p->tok);
  sharc_p_next(p);
  sharc_ptrvec nested = {0};
  bool ok = true;
  while (p->tok.kind == TOK_COLON_COLON) {
    sharc_p_next(p);
    if (p->tok.kind != TOK_AT_ID) {
      ok = sharc_p_error(p, "expected nested symbol reference identifier");
      break;
    }
    sharc_ptrvec_push(&nested, symbol_name(p, &p->tok));
    sharc_p_next(p);
  }
  if (ok)
    *out = sharc_attr_symbol_ref(p->ctx, root, (sharc_ident *const *)nested.items, nested.len);
  sharc_ptrvec_free(&nested);
  return ok;
}

static bool parse_hash_attr(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_p_ext e;
  switch (sharc_p_read_extended(p, &p->attr_aliases, "attribute", &e)) {
  case SHARC_P_EXT_ALIAS:
    *out = e.alias;
    return true;
  case SHARC_P_EXT_HOOK:
    *out = e.d->parse_attr(p, e.mnemonic, type);
    return *out != NULL;
  case SHARC_P_EXT_OPAQUE:
    if (!p->ctx->allow_unregistered)
      return unregistered_dialect_error(p, &e.tok, e.dotted, e.dialect, e.body, type);
    *out = sharc_attr_opaque(p->ctx, sharc_ident_get(p->ctx, e.dialect), e.body, NULL);
    return true;
  default:
    return false;
  }
}

/* ---- locations ------------------------------------------------------------- */

static bool parse_loc_inst(sharc_parser *p, sharc_attr **out);

/* One number of a FileLineColRange: an integer token that fits an
 * unsigned (getUnsignedIntegerValue). A token of another kind is
 * a missing number, placed as emitWrongTokenError places it; one too large
 * is reported there too, or at itself where `at_token`. */
static bool loc_number(sharc_parser *p, const char *msg, bool at_token, unsigned *out) {
  uint64_t v;
  if (!sharc_p_tok_u64(&p->tok, &v) || v > UINT_MAX) {
    if (at_token && p->tok.kind == TOK_INTEGER)
      return sharc_p_error_at(p, &p->tok, "%s", msg);
    return sharc_p_wrong_token_error(p, msg);
  }
  *out = (unsigned)v;
  sharc_p_next(p);
  return true;
}

static const char line_msg[] = "expected integer line number in FileLineColRange";
static const char col_msg[] = "expected integer column number in FileLineColRange";

/* After `"file":`, as MLIR's parseNameOrFileLineColRange: `line`,
 * `line:col`, `line:col to :col` or `line:col to line:col`. */
static bool parse_file_line_col(sharc_parser *p, sharc_ident *id, sharc_attr **out) {
  unsigned line, col, end_line, end_col;
  if (!loc_number(p, line_msg, false, &line))
    return false;
  if (!sharc_p_eat_inline(p, ':')) {
    *out = sharc_loc_file_range_same_line(p->ctx, id, line, 0, 0);
    return true;
  }
  if (!loc_number(p, col_msg, true, &col))
    return false;
  if (!sharc_p_eat_keyword(p, "to")) {
    *out = sharc_loc_file(p->ctx, id, line, col);
    return true;
  }
  bool explicit_line = p->tok.kind == TOK_INTEGER;
  if (explicit_line && !loc_number(p, line_msg, false, &end_line))
    return false;
  if (!sharc_tok_is(&p->tok, ':'))
    return sharc_p_wrong_token_error(p, "expected either integer or `:` post `to` in "
                                        "FileLineColRange");
  sharc_p_next(p);
  if (!loc_number(p, col_msg, true, &end_col))
    return false;
  *out = explicit_line ? sharc_loc_file_range(p->ctx, id, line, col, end_line, end_col)
                       : sharc_loc_file_range_same_line(p->ctx, id, line, col, end_col);
  return true;
}

static bool parse_file_or_name_loc(sharc_parser *p, sharc_attr **out) {
  sharc_str s = sharc_p_unescape(p, &p->tok);
  sharc_ident *id = sharc_ident_get(p->ctx, s);
  sharc_p_next(p);
  if (sharc_p_eat_inline(p, ':'))
    return parse_file_line_col(p, id, out);
  sharc_attr *child = NULL;
  if (sharc_p_eat_inline(p, '(')) {
    if (!parse_loc_inst(p, &child) ||
        !sharc_p_expect_msg(p, ')', "expected ')' after child location of NameLoc"))
      return false;
  }
  *out = sharc_loc_name(p->ctx, id, child);
  return true;
}

static bool parse_next_loc(sharc_parser *p, void *locs) {
  sharc_attr *l;
  if (!parse_loc_inst(p, &l))
    return false;
  sharc_ptrvec_push(locs, l);
  return true;
}

static bool parse_loc_inst(sharc_parser *p, sharc_attr **out) {
  if (!sharc_p_enter(p))
    return false;
  bool ok;
  sharc_token t = p->tok;
  if (t.kind == TOK_HASH_ID) {
    ok = parse_hash_attr(p, NULL, out);
    if (ok && !sharc_attr_is_location(*out)) {
      sharc_buf text = {0};
      sharc_print_attr(*out, &text);
      ok = sharc_p_error_at(p, &t, "expected location, but found '%s'", text.data ? text.data : "");
      sharc_buf_free(&text);
    }
  } else if (t.kind == TOK_STRING) {
    ok = parse_file_or_name_loc(p, out);
  } else if (sharc_tok_is_keyword(&t, "unknown")) {
    sharc_p_next(p);
    *out = sharc_loc_unknown(p->ctx);
    ok = true;
  } else if (sharc_tok_is_keyword(&t, "callsite")) {
    sharc_p_next(p);
    sharc_attr *callee, *caller;
    /* the shared parser's parseToken: placed where the keyword belonged */
    ok = sharc_p_expect_msg(p, '(', "expected '(' in callsite location") &&
         parse_loc_inst(p, &callee) &&
         (sharc_p_eat_keyword(p, "at") ||
          sharc_p_wrong_token_error(p, "expected 'at' in callsite location")) &&
         parse_loc_inst(p, &caller) &&
         sharc_p_expect_msg(p, ')', "expected ')' in callsite location");
    if (ok)
      *out = sharc_loc_callsite(p->ctx, callee, caller);
  } else if (sharc_tok_is_keyword(&t, "fused")) {
    sharc_p_next(p);
    sharc_attr *meta = NULL;
    ok = true;
    if (sharc_p_eat_inline(p, '<'))
      ok = sharc_p_parse_attr(p, NULL, &meta) &&
           sharc_p_expect_msg(p, '>', "expected '>' after fused location metadata");
    sharc_ptrvec locs = {0};
    ok = ok && sharc_p_parse_comma_list(p, SHARC_P_DELIM_SQUARE, parse_next_loc, &locs,
                                        " in fused location");
    if (ok)
      *out = sharc_loc_fused(p->ctx, (sharc_attr *const *)locs.items, locs.len, meta);
    sharc_ptrvec_free(&locs);
  } else {
    ok = sharc_p_error(p, "expected location instance");
  }
  sharc_p_leave(p);
  return ok;
}

bool sharc_p_parse_location_body(sharc_parser *p, sharc_attr **out) {
  return parse_loc_inst(p, out);
}

/* `loc(#name)` naming an alias not defined yet: a placeholder location,
 * replaced once the whole file is read. */
static bool parse_deferred_loc(sharc_parser *p, sharc_attr **out) {
  sharc_str name = {p->tok.start + 1, p->tok.len - 1};
  deferred_loc *d = sharc_arena_alloc(&p->scratch, sizeof *d);
  d->placeholder = sharc_arena_alloc(&p->ctx->arena, sizeof *d->placeholder);
  d->placeholder->kind = SHARC_ATTR_LOC_OPAQUE;
  d->name = sharc_ident_get(p->ctx, name);
  d->tok = p->tok;
  sharc_ptrvec_push(&p->deferred_locs, d);
  sharc_p_next(p);
  *out = d->placeholder;
  return true;
}

static bool is_undefined_alias(sharc_parser *p) {
  if (p->tok.kind != TOK_HASH_ID || memchr(p->tok.start, '.', p->tok.len) ||
      (p->lx.cur < p->lx.end && *p->lx.cur == '<'))
    return false;
  sharc_str name = {p->tok.start + 1, p->tok.len - 1};
  return !sharc_ptrmap_get(&p->attr_aliases, sharc_ident_get(p->ctx, name));
}

static bool sharc_p_parse_optional_loc_impl(sharc_parser *p, sharc_attr **out) {
  if (!sharc_tok_is_keyword(&p->tok, "loc"))
    return true;
  sharc_p_next(p);
  if (!sharc_p_expect_msg(p, '(', "expected '(' in location"))
    return false;
  bool ok = is_undefined_alias(p) ? parse_deferred_loc(p, out) : parse_loc_inst(p, out);
  return ok && sharc_p_expect_msg(p, ')', "expected ')' in location");
}

bool sharc_p_parse_optional_loc(sharc_parser *p, sharc_attr **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_optional_loc_impl(p, out));
}

/* The ID of `distinct[ID]`: any unsigned 64-bit literal, as
 * Token::getUInt64IntegerValue reads it; MLIR reports one too large after
 * taking it, at the token that follows. */
static bool parse_distinct_id(sharc_parser *p, uint64_t *id) {
  if (p->tok.kind != TOK_INTEGER)
    return sharc_p_wrong_token_error(p, "expected distinct ID");
  uint64_t w[SHARC_INT_WORDS];
  unsigned n;
  bool fits = sharc_p_int_magnitude(&p->tok, w, &n) && n <= 1;
  sharc_p_next(p);
  if (!fits)
    return sharc_p_error_at(p, &p->tok, "expected an unsigned 64-bit integer");
  *id = n ? w[0] : 0;
  return true;
}

/* `distinct[ID]<ATTR>` and `distinct[ID]<>` (a unit), with MLIR's message
 * for each missing piece; an attribute that fails to parse gets MLIR's
 * second error too. */
static bool parse_distinct(sharc_parser *p, sharc_attr **out) {
  sharc_p_next(p);
  uint64_t id = 0;
  if (!sharc_p_expect_msg(p, '[', "expected '[' after 'distinct'") || !parse_distinct_id(p, &id) ||
      !sharc_p_expect_msg(p, ']', "expected ']' to close distinct ID") ||
      !sharc_p_expect_msg(p, '<', "expected '<' after distinct ID"))
    return false;
  sharc_attr *ref;
  if (sharc_p_eat(p, '>')) {
    *out = sharc_attr_distinct(p->ctx, id, sharc_attr_unit(p->ctx));
    return true;
  }
  if (!sharc_p_parse_attr(p, NULL, &ref))
    return sharc_p_error_chained_at(p, &p->tok, "expected attribute");
  if (!sharc_p_expect_msg(p, '>', "expected '>' to close distinct attribute"))
    return false;
  *out = sharc_attr_distinct(p->ctx, id, ref);
  return true;
}

/* ---- entry point ------------------------------------------------------------ */

static bool parse_attr_inner(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_token t = p->tok;
  switch (t.kind) {
  case TOK_INTEGER:
  case TOK_FLOAT:
    return parse_number_attr(p, type, out);
  case TOK_STRING:
    return parse_string_attr(p, type, out);
  case TOK_AT_ID:
    return parse_symbol_ref(p, out);
  case TOK_HASH_ID:
    return parse_hash_attr(p, type, out);
  case TOK_PUNCT:
    if (sharc_tok_is(&t, '-'))
      return parse_number_attr(p, type, out);
    if (sharc_tok_is(&t, '['))
      return parse_array(p, out);
    if (sharc_tok_is(&t, '{'))
      return sharc_p_parse_dict_attr(p, out);
    break;
  case TOK_BARE_ID:
    if (sharc_tok_is_keyword(&t, "true") || sharc_tok_is_keyword(&t, "false")) {
      sharc_p_next(p);
      *out = sharc_attr_bool(p->ctx, t.start[0] == 't');
      return true;
    }
    if (sharc_tok_is_keyword(&t, "unit")) {
      sharc_p_next(p);
      *out = sharc_attr_unit(p->ctx);
      return true;
    }
    if (sharc_tok_is_keyword(&t, "dense"))
      return parse_dense(p, type, out);
    if (sharc_tok_is_keyword(&t, "array"))
      return parse_dense_array(p, out);
    if (sharc_tok_is_keyword(&t, "sparse"))
      return parse_sparse(p, type, out);
    if (sharc_p_at_affine_attr(p)) /* affine_map, affine_set, strided */
      return sharc_p_parse_affine_attr(p, out);
    if (sharc_tok_is_keyword(&t, "loc")) {
      sharc_p_next(p);
      return sharc_p_expect_msg(p, '(', "expected '(' in inline location") &&
             parse_loc_inst(p, out) &&
             sharc_p_expect_msg(p, ')', "expected ')' in inline location");
    }
    if (sharc_tok_is_keyword(&t, "dense_resource")) {
      sharc_p_next(p);
      if (!sharc_p_expect_msg(p, '<', "expected '<' after 'dense_resource'"))
        return false;
      if (p->tok.kind != TOK_BARE_ID && p->tok.kind != TOK_STRING)
        return sharc_p_error(p, "expected identifier key for 'resource' entry");
      sharc_ident *key = sharc_ident_get(p->ctx, sharc_tok_str(&p->tok));
      sharc_p_next(p);
      sharc_type *rt = type;
      if (!sharc_p_expect(p, '>'))
        return false;
      if (!rt && !(sharc_p_expect(p, ':') && sharc_p_parse_type(p, &rt)))
        return false;
      *out = sharc_attr_dense_resource(p->ctx, rt, key);
      return true;
    }
    if (sharc_tok_is_keyword(&t, "distinct"))
      return parse_distinct(p, out);
    break;
  default:
    break;
  }
  if (sharc_p_at_type_start(p)) {
    sharc_type *ty;
    if (!sharc_p_parse_type(p, &ty))
      return false;
    *out = sharc_attr_type_attr(p->ctx, ty);
    return true;
  }
  if (t.kind == TOK_ERROR)
    return sharc_p_error(p, "%s", p->lx.error);
  return sharc_p_error(p, "expected attribute value");
}

static bool sharc_p_parse_attr_impl(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  if (!sharc_p_enter(p))
    return false;
  bool ok = parse_attr_inner(p, type, out);
  sharc_p_leave(p);
  return ok;
}

bool sharc_p_parse_attr(sharc_parser *p, sharc_type *type, sharc_attr **out) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved, sharc_p_parse_attr_impl(p, type, out));
}

bool sharc_p_parse_attr_accepted(sharc_parser *p, sharc_attr_accept_fn accept, const void *arg,
                                 sharc_attr **out) {
  sharc_token at = *sharc_p_tok(p);
  if (!sharc_p_parse_attr(p, NULL, out))
    return false;
  if (!accept(*out, arg))
    return sharc_p_error_at(p, &at, "invalid kind of attribute specified");
  return true;
}

static bool attr_is_kind(const sharc_attr *a, const void *kind) {
  return sharc_attr_get_kind(a) == *(const sharc_attr_kind *)kind;
}

bool sharc_p_parse_attr_of_kind(sharc_parser *p, sharc_attr_kind kind, sharc_attr **out) {
  return sharc_p_parse_attr_accepted(p, attr_is_kind, &kind, out);
}

static bool attr_is_dialect_attr_of(const sharc_attr *a, const void *def) {
  return sharc_attr_get_kind(a) == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == def;
}

bool sharc_p_parse_dialect_attr_of(sharc_parser *p, const sharc_attr_def *def, sharc_attr **out) {
  return sharc_p_parse_attr_accepted(p, attr_is_dialect_attr_of, def, out);
}

static bool attr_is_flat_symbol_ref(const sharc_attr *a, const void *unused) {
  (void)unused;
  return sharc_attr_get_kind(a) == SHARC_ATTR_SYMBOL_REF && sharc_attr_symbol_num_nested(a) == 0;
}

bool sharc_p_parse_flat_symbol_ref_attr(sharc_parser *p, sharc_attr **out) {
  return sharc_p_parse_attr_accepted(p, attr_is_flat_symbol_ref, NULL, out);
}

bool sharc_p_parse_attr_with_fallback(sharc_parser *p, const sharc_attr_def *def,
                                      bool (*stripped)(sharc_parser *, sharc_attr **),
                                      sharc_attr **out) {
  if (sharc_p_tok(p)->kind != TOK_HASH_ID)
    return stripped(p, out);
  return sharc_p_parse_dialect_attr_of(p, def, out);
}

static bool attr_is_untyped_string(const sharc_attr *a, const void *unused) {
  (void)unused;
  return sharc_attr_get_kind(a) == SHARC_ATTR_STRING && !sharc_attr_type(a);
}

bool sharc_p_parse_str_attr_none_type(sharc_parser *p, sharc_attr **out) {
  if (sharc_p_tok(p)->kind != TOK_STRING)
    return sharc_p_parse_attr_of_kind(p, SHARC_ATTR_STRING, out);
  sharc_str text;
  if (!sharc_p_parse_string(p, &text))
    return false;
  *out = sharc_attr_string(p->ctx, text);
  return true;
}

bool sharc_p_parse_untyped_string_attr(sharc_parser *p, sharc_attr **out) {
  return sharc_p_parse_attr_accepted(p, attr_is_untyped_string, NULL, out);
}

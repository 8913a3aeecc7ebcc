/* Printing of builtin types, attributes and locations in MLIR's exact
 * spelling. Aliases (locations, distinct, long tuples) are looked up in the
 * printer's alias table; see printer.c for how they are collected. */
#include "asm/print_internal.h"
#include "ir/affine.h"
#include "support/apfloat.h"
#include "support/buf_copy.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Names, keywords and symbols: mostly a few bytes, copied without a call. */
void sharc_pr_put_str(sharc_printer *p, sharc_str s) { sharc_buf_put_short(p->out, s.data, s.len); }

static const char hex_digits[] = "0123456789ABCDEF";

static bool plain_char(unsigned char c) { return c >= 0x20 && c <= 0x7e && c != '"' && c != '\\'; }

/* Whether the 8 bytes of `w` are all plain (printable ASCII but '"' and
 * '\\'), eight at a time: a byte below 0x20 or with its high bit set, or
 * equal to '"' or '\\', sets the high bit of its lane below (the exact
 * zero-byte tests: no false answer either way). 0x7f is checked apart. */
static bool plain_word(uint64_t w) {
  const uint64_t ones = UINT64_C(0x0101010101010101), highs = UINT64_C(0x8080808080808080);
  uint64_t quote = w ^ (ones * '"'), slash = w ^ (ones * '\\'), del = w ^ (ones * 0x7f);
  uint64_t zero_q = (quote - ones) & ~quote & highs;
  uint64_t zero_s = (slash - ones) & ~slash & highs;
  uint64_t zero_d = (del - ones) & ~del & highs;
  uint64_t low = (w - ones * 0x20) & ~w & highs; /* a byte below 0x20 (no high bit) */
  return !((w & highs) | zero_q | zero_s | zero_d | low);
}

/* The length of the run of plain characters of `s` from `i`. */
static size_t plain_run(sharc_str s, size_t i) {
  size_t run = i;
  while (run + 8 <= s.len) {
    uint64_t w;
    memcpy(&w, s.data + run, 8);
    if (!plain_word(w))
      break;
    run += 8;
  }
  while (run < s.len && plain_char((unsigned char)s.data[run]))
    run++;
  return run;
}

/* llvm::printEscapedString: printable ASCII except '"' and '\\' as is. */
void sharc_pr_escaped(sharc_buf *b, sharc_str s) {
  for (size_t i = 0; i < s.len; i++) {
    size_t run = plain_run(s, i); /* copy plain characters in one go */
    if (run > i) {
      sharc_buf_put(b, s.data + i, run - i);
      i = run - 1;
      continue;
    }
    unsigned char c = (unsigned char)s.data[i];
    if (c == '\\') {
      SHARC_BUF_LIT(b, "\\\\");
    } else if (c >= 0x20 && c <= 0x7e && c != '"') {
      sharc_buf_putc(b, (char)c);
    } else {
      sharc_buf_putc(b, '\\');
      sharc_buf_putc(b, hex_digits[c >> 4]);
      sharc_buf_putc(b, hex_digits[c & 15]);
    }
  }
}

void sharc_pr_string(sharc_printer *p, sharc_str s) {
  sharc_buf_putc(p->out, '"');
  sharc_pr_escaped(p->out, s);
  sharc_buf_putc(p->out, '"');
}

static bool is_bare_identifier(sharc_str s) {
  if (s.len == 0)
    return false;
  char c = s.data[0];
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'))
    return false;
  for (size_t i = 1; i < s.len; i++) {
    c = s.data[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '$' || c == '.'))
      return false;
  }
  return true;
}

void sharc_pr_keyword_or_string(sharc_printer *p, sharc_str s) {
  if (is_bare_identifier(s))
    sharc_pr_put_str(p, s);
  else
    sharc_pr_string(p, s);
}

void sharc_pr_symbol(sharc_printer *p, sharc_str name) {
  sharc_buf_putc(p->out, '@');
  sharc_pr_keyword_or_string(p, name);
}

/* ---- types ------------------------------------------------------------- */

static void print_dims(sharc_printer *p, const sharc_type *t) {
  for (unsigned i = 0; i < t->shaped.rank; i++) {
    bool sc = t->shaped.scalable && t->shaped.scalable[i];
    if (sc)
      sharc_buf_putc(p->out, '[');
    if (t->shaped.shape[i] == SHARC_DYNAMIC)
      sharc_buf_putc(p->out, '?');
    else
      sharc_buf_put_i64(p->out, t->shaped.shape[i]);
    if (sc)
      sharc_buf_putc(p->out, ']');
    sharc_buf_putc(p->out, 'x');
  }
}

void sharc_pr_type_list(sharc_printer *p, sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, types[i]);
  }
}

void sharc_pr_function_result_types(sharc_printer *p, sharc_type *const *types, unsigned n) {
  bool parens = n != 1 || types[0]->kind == SHARC_TYPE_FUNCTION;
  if (parens)
    sharc_buf_putc(p->out, '(');
  sharc_pr_type_list(p, types, n);
  if (parens)
    sharc_buf_putc(p->out, ')');
}

/* MLIR's isDialectSymbolSimpleEnoughForPrettyForm: an identifier,
 * optionally followed by one `<...>`. */
static bool dialect_symbol_is_pretty(sharc_str body) {
  if (!body.len || !((body.data[0] >= 'a' && body.data[0] <= 'z') ||
                     (body.data[0] >= 'A' && body.data[0] <= 'Z')))
    return false;
  size_t i = 0;
  while (i < body.len) {
    char c = body.data[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
        c == '_')
      i++;
    else
      break;
  }
  return i == body.len || (body.data[i] == '<' && body.data[body.len - 1] == '>');
}

static void print_dialect_symbol(sharc_printer *p, char sigil, sharc_ident *dialect, sharc_str body) {
  sharc_buf_putc(p->out, sigil);
  sharc_pr_put_str(p, sharc_ident_str(dialect));
  if (dialect_symbol_is_pretty(body)) {
    sharc_buf_putc(p->out, '.');
    sharc_pr_put_str(p, body);
    return;
  }
  sharc_buf_putc(p->out, '<');
  sharc_pr_put_str(p, body);
  sharc_buf_putc(p->out, '>');
}

/* A registered dialect's attribute or type: `mnemonic` plus what its print
 * hook writes, in the pretty form `#d.mnemonic<...>` when MLIR would use it
 * and `#d<mnemonic...>` otherwise (e.g. a body starting with `{`). The text
 * is written in place first, then finish_dialect_def turns the `.` into
 * `<` if needed. */
static size_t print_dialect_def(sharc_printer *p, char sigil, const sharc_dialect *d,
                                const char *mnemonic) {
  sharc_buf *b = p->out;
  sharc_buf_putc(b, sigil);
  sharc_buf_puts(b, d->name);
  if (!mnemonic) /* `#dialect<...>`: the hook prints the rest */
    return 0;
  sharc_buf_putc(b, '.');
  size_t at = b->len;
  sharc_buf_puts(b, mnemonic);
  return at;
}

static void finish_dialect_def(sharc_printer *p, size_t at) {
  sharc_buf *b = p->out;
  if (!at || dialect_symbol_is_pretty((sharc_str){b->data + at, b->len - at}))
    return;
  b->data[at - 1] = '<';
  sharc_buf_putc(b, '>');
}

static void print_type_body(sharc_printer *p, const sharc_type *t) {
  sharc_buf *b = p->out;
  switch (t->kind) {
  case SHARC_TYPE_INTEGER:
    sharc_buf_puts(b, t->integer.sign == SHARC_SIGNED ? "si" : t->integer.sign == SHARC_UNSIGNED ? "ui" : "i");
    sharc_buf_put_u64(b, t->integer.width);
    return;
  case SHARC_TYPE_INDEX:
    SHARC_BUF_LIT(b, "index");
    return;
  case SHARC_TYPE_NONE:
    SHARC_BUF_LIT(b, "none");
    return;
  case SHARC_TYPE_FLOAT:
    sharc_buf_puts(b, sharc_float_name(t->fkind));
    return;
  case SHARC_TYPE_COMPLEX:
    SHARC_BUF_LIT(b, "complex<");
    sharc_pr_type(p, t->elem);
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_TENSOR:
    SHARC_BUF_LIT(b, "tensor<");
    print_dims(p, t);
    sharc_pr_type(p, t->shaped.elem);
    if (t->shaped.encoding) {
      SHARC_BUF_LIT(b, ", ");
      sharc_pr_attr(p, t->shaped.encoding);
    }
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_UNRANKED_TENSOR:
    SHARC_BUF_LIT(b, "tensor<*x");
    sharc_pr_type(p, t->shaped.elem);
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_VECTOR:
    SHARC_BUF_LIT(b, "vector<");
    print_dims(p, t);
    sharc_pr_type(p, t->shaped.elem);
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_MEMREF:
  case SHARC_TYPE_UNRANKED_MEMREF:
    SHARC_BUF_LIT(b, "memref<");
    if (t->kind == SHARC_TYPE_UNRANKED_MEMREF)
      SHARC_BUF_LIT(b, "*x");
    else
      print_dims(p, t);
    sharc_pr_type(p, t->shaped.elem);
    /* MLIR leaves out an identity layout map and the default memory space */
    if (t->shaped.encoding && !sharc_affine_map_is_identity(t->shaped.encoding)) {
      SHARC_BUF_LIT(b, ", ");
      sharc_pr_attr(p, t->shaped.encoding);
    }
    if (t->shaped.memspace && !sharc_attr_is_zero_int(t->shaped.memspace)) {
      SHARC_BUF_LIT(b, ", ");
      const sharc_attr *ms = t->shaped.memspace;
      if (ms->kind == SHARC_ATTR_INTEGER && ms->type->kind == SHARC_TYPE_INTEGER &&
          ms->type->integer.width == 64 && ms->type->integer.sign == SHARC_SIGNLESS)
        sharc_pr_attr_no_type(p, ms);
      else
        sharc_pr_attr(p, ms);
    }
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_TUPLE:
    SHARC_BUF_LIT(b, "tuple<");
    sharc_pr_type_list(p, t->list.types, t->list.n_in);
    sharc_buf_putc(b, '>');
    return;
  case SHARC_TYPE_FUNCTION:
    sharc_buf_putc(b, '(');
    sharc_pr_type_list(p, t->list.types, t->list.n_in);
    SHARC_BUF_LIT(b, ") -> ");
    sharc_pr_function_result_types(p, t->list.types + t->list.n_in, t->list.n_res);
    return;
  case SHARC_TYPE_OPAQUE:
    print_dialect_symbol(p, '!', t->opaque.dialect, t->opaque.body);
    return;
  case SHARC_TYPE_DIALECT: {
    size_t at = print_dialect_def(p, '!', t->def->dialect, t->def->name);
    t->def->print(p, t);
    finish_dialect_def(p, at);
    return;
  }
  }
}

/* The texts types and dialect attributes printed as, kept for their later
 * uses: a module names the same few types on every op. Once the dry run has
 * chosen the aliases, nothing a type prints depends on where it is printed
 * (distinct ids and resources are fixed at their first print). Records are
 * a length then the bytes, replayed by sharc_pr_put_padded. */
bool sharc_pr_replay_text(sharc_printer *p, const void *key) {
  if (p->collecting || !key) /* an empty slot's key is NULL */
    return false;
  if (sharc_pr_replay_slot(p, key))
    return true;
  struct sharc_type_text_slot *slot = &p->type_slots[sharc_ptr_slot(key, SHARC_TYPE_TEXT_SLOT_BITS)];
  uintptr_t at = (uintptr_t)sharc_ptrmap_get(&p->type_texts, key);
  if (!at)
    return false;
  const char *rec = p->type_text_buf.data + at - 1;
  uint32_t len;
  memcpy(&len, rec, sizeof len);
  *slot = (struct sharc_type_text_slot){key, (uint32_t)(at - 1 + sizeof len), len};
  sharc_pr_put_padded(p->out, rec + sizeof len, len);
  return true;
}

void sharc_pr_remember_text(sharc_printer *p, const void *key, const sharc_buf *out, size_t start) {
  if (p->collecting || !key || !out || p->out != out || out->len < start) /* printed elsewhere */
    return;
  uint32_t len = (uint32_t)(out->len - start);
  sharc_buf *b = &p->type_text_buf;
  sharc_ptrmap_put(&p->type_texts, key, (void *)(uintptr_t)(b->len + 1));
  sharc_buf_put(b, (const char *)&len, sizeof len);
  sharc_buf_put(b, out->data + start, len);
  /* sharc_pr_put_padded reads SHARC_PR_TEXT_PAD bytes from a text: the next records, or
   * for the last ones these zeros past the end (kept allocated, not
   * counted, so the memo stays as compact as without them) */
  sharc_buf_reserve(b, SHARC_PR_TEXT_PAD);
  memset(b->data + b->len, 0, SHARC_PR_TEXT_PAD);
}

/* sharc_pr_type but for a replay from the memo's slots; out of line, so
 * that its frame is not set up for the common replay. */
__attribute__((noinline)) static void print_type_slow(sharc_printer *p, const sharc_type *t) {
  if (p->collecting) {
    if (!sharc_type_may_alias(t))
      return; /* nothing to collect, and the dry run's text is discarded */
  } else if (t && sharc_pr_replay_text(p, t)) {
    return;
  }
  if (sharc_pr_use_alias(p, t, false))
    return;
  sharc_buf *out = p->out;
  size_t start = out ? out->len : 0;
  sharc_pr_visit_begin(p);
  print_type_body(p, t);
  sharc_pr_visit_end(p, t, true);
  sharc_pr_remember_text(p, t, out, start);
}

void sharc_pr_type(sharc_printer *p, const sharc_type *t) {
  if (!p->collecting && t && sharc_pr_replay_slot(p, t))
    return;
  print_type_slow(p, t);
}

/* ---- numbers ------------------------------------------------------------- */

/* Decimal of a multi-word two's complement integer. */
static void print_wide_int(sharc_buf *b, const uint64_t *words, unsigned nwords, unsigned width,
                           bool is_signed) {
  uint64_t w[32] = {0};
  unsigned n = nwords < 32 ? nwords : 32;
  memcpy(w, words, n * sizeof *w);
  bool neg = is_signed && width && ((w[(width - 1) / 64] >> ((width - 1) % 64)) & 1);
  if (neg) {
    unsigned carry = 1;
    for (unsigned i = 0; i < n; i++) {
      w[i] = ~w[i] + carry;
      carry = carry && w[i] == 0;
    }
    if (width % 64)
      w[(width - 1) / 64] &= (UINT64_C(1) << (width % 64)) - 1;
    sharc_buf_putc(b, '-');
  }
  char digits[640];
  int nd = 0;
  for (;;) {
    bool zero = true;
    for (unsigned i = 0; i < n; i++)
      zero = zero && w[i] == 0;
    if (zero)
      break;
    uint64_t rem = 0;
    for (unsigned i = n; i-- > 0;) {
      uint64_t hi = (rem << 32) | (w[i] >> 32);
      uint64_t qhi = hi / 10;
      rem = hi % 10;
      uint64_t lo = (rem << 32) | (w[i] & 0xffffffffu);
      uint64_t qlo = lo / 10;
      rem = lo % 10;
      w[i] = (qhi << 32) | qlo;
    }
    digits[nd++] = (char)('0' + rem);
  }
  if (nd == 0)
    digits[nd++] = '0';
  while (nd > 0)
    sharc_buf_putc(b, digits[--nd]);
}

static bool type_is_unsigned(const sharc_type *t) {
  return t->kind == SHARC_TYPE_INTEGER && t->integer.sign == SHARC_UNSIGNED;
}

/* One integer element of `type` held in raw word(s). */
static void print_int_value(sharc_buf *b, const sharc_type *type, const uint64_t *words,
                            unsigned nwords) {
  unsigned width = type->kind == SHARC_TYPE_INDEX ? 64 : type->integer.width;
  bool is_signed = !type_is_unsigned(type);
  if (width <= 64) {
    uint64_t v = words[0];
    if (width < 64 && width > 0)
      v &= (UINT64_C(1) << width) - 1;
    if (is_signed && width > 0 && ((v >> (width - 1)) & 1)) {
      if (width < 64)
        v |= ~((UINT64_C(1) << width) - 1);
      sharc_buf_put_i64(b, (int64_t)v);
    } else {
      sharc_buf_put_u64(b, v);
    }
    return;
  }
  print_wide_int(b, words, nwords, width, is_signed);
}

/* A float's text, formatted each time: a memo of texts by bits (tried up
 * to session 20) cost more than it saved once a module's floats are
 * mostly distinct, as a large generic module's are (42 % of them printed
 * once at 1M ops): its slot, a line of a table too large to stay cached,
 * was a cache miss for every float, where formatting the common short
 * forms takes a few hundred instructions, and zero and infinity (a
 * transformer's only floats) fewer (apfloat.c). */
static void print_float_value(sharc_printer *p, const sharc_type *t, uint64_t lo, uint64_t hi) {
  sharc_float_print(t->fkind, lo, hi, p->out);
}

/* ---- dense elements ---------------------------------------------------- */

static unsigned scalar_words(const sharc_type *t) { return sharc_type_scalar_words(t); }

/* One scalar of `et` taking `sw` raw words (scalar_words(et)). */
static void print_scalar(sharc_printer *p, const sharc_type *et, const uint64_t *raw, unsigned sw) {
  if (et->kind == SHARC_TYPE_FLOAT) {
    print_float_value(p, et, raw[0], sw > 1 ? raw[1] : 0);
  } else if (et->kind == SHARC_TYPE_INTEGER && et->integer.width == 1) {
    sharc_pr_puts(p, raw[0] ? "true" : "false");
  } else {
    print_int_value(p->out, et, raw, sw);
  }
}

/* `n` scalars of `et`, `sw` raw words each, separated by ", ": a row of
 * a dense attribute or array, whose kind (and an integer's width and
 * sign) is read once for the row rather than once per element. */
static void print_scalar_row(sharc_printer *p, const sharc_type *et, const uint64_t *raw, size_t n,
                             unsigned sw) {
  sharc_buf *b = p->out;
  unsigned width = et->kind == SHARC_TYPE_INDEX ? 64 : et->kind == SHARC_TYPE_INTEGER ? et->integer.width : 0;
  if (width < 2 || width > 64) { /* floats, i1, wide integers */
    for (size_t i = 0; i < n; i++, raw += sw) {
      if (i)
        SHARC_BUF_LIT(b, ", ");
      print_scalar(p, et, raw, sw);
    }
    return;
  }
  /* as print_int_value */
  uint64_t mask = width < 64 ? (UINT64_C(1) << width) - 1 : ~UINT64_C(0);
  uint64_t sign = UINT64_C(1) << (width - 1);
  if (type_is_unsigned(et))
    sign = 0;
  for (size_t i = 0; i < n; i++, raw += sw) {
    if (i)
      SHARC_BUF_LIT(b, ", ");
    uint64_t v = raw[0] & mask;
    if (v & sign)
      sharc_buf_put_i64(b, (int64_t)(v | ~mask));
    else
      sharc_buf_put_u64(b, v);
  }
}

/* How a dense attribute's elements print, found once per attribute rather
 * than once per element: its scalar type (the element's own, or a complex
 * element's part) and the raw words of one scalar. */
typedef struct elem_fmt {
  const sharc_type *st;
  unsigned sw;
  bool complex;
} elem_fmt;

static elem_fmt elem_fmt_of(const sharc_type *et) {
  bool complex = et->kind == SHARC_TYPE_COMPLEX;
  const sharc_type *st = complex ? et->elem : et;
  return (elem_fmt){st, scalar_words(st), complex};
}

static void print_element(sharc_printer *p, const elem_fmt *f, const uint64_t *raw) {
  if (f->complex) {
    sharc_buf_putc(p->out, '(');
    print_scalar(p, f->st, raw, f->sw);
    sharc_buf_putc(p->out, ',');
    print_scalar(p, f->st, raw + f->sw, f->sw);
    sharc_buf_putc(p->out, ')');
    return;
  }
  print_scalar(p, f->st, raw, f->sw);
}

/* Bytes of one scalar in MLIR's raw storage (i1 is bit-packed separately): the bit width
   rounded up to bytes (getDenseElementStorageWidth), so f80 takes 10 bytes, as the parser
   expects. */
static unsigned storage_bytes(const sharc_type *t) {
  return (sharc_type_bit_width(t) + 7) / 8;
}

static void print_dense_hex(sharc_printer *p, const sharc_attr *a, size_t num) {
  sharc_type *et = a->type->shaped.elem;
  bool is_complex = et->kind == SHARC_TYPE_COMPLEX;
  sharc_type *st = is_complex ? et->elem : et;
  sharc_buf *b = p->out;
  SHARC_BUF_LIT(b, "\"0x");
  if (st->kind == SHARC_TYPE_INTEGER && st->integer.width == 1) {
    for (size_t byte = 0; byte < (num + 7) / 8; byte++) {
      unsigned v = 0;
      for (unsigned bit = 0; bit < 8 && byte * 8 + bit < num; bit++)
        v |= (unsigned)(sharc_dense_raw(a)[byte * 8 + bit] & 1) << bit;
      sharc_buf_putc(b, hex_digits[v >> 4]);
      sharc_buf_putc(b, hex_digits[v & 15]);
    }
  } else {
    unsigned sb = storage_bytes(st), sw = scalar_words(st);
    size_t scalars = num * (is_complex ? 2 : 1);
    for (size_t i = 0; i < scalars; i++) {
      const uint64_t *w = sharc_dense_raw(a) + i * sw;
      for (unsigned k = 0; k < sb; k++) {
        unsigned v = k < 16 ? (unsigned)((w[k / 8 < sw ? k / 8 : 0] >> (8 * (k % 8))) & 0xff) : 0;
        if (k / 8 >= sw)
          v = 0;
        sharc_buf_putc(b, hex_digits[v >> 4]);
        sharc_buf_putc(b, hex_digits[v & 15]);
      }
    }
  }
  sharc_buf_putc(b, '"');
}

static void print_dense_nested(sharc_printer *p, const sharc_attr *a, unsigned dim, size_t *index,
                               const elem_fmt *f) {
  const sharc_type *t = a->type;
  unsigned wpe = f->complex ? 2 * f->sw : f->sw;
  if (dim == t->shaped.rank) {
    print_element(p, f, sharc_dense_raw(a) + *index * wpe);
    (*index)++;
    return;
  }
  sharc_buf_putc(p->out, '[');
  if (dim + 1 == t->shaped.rank) { /* the innermost dimension: its elements in a row */
    const uint64_t *raw = sharc_dense_raw(a) + *index * wpe;
    size_t n = (size_t)t->shaped.shape[dim];
    if (!f->complex) {
      print_scalar_row(p, f->st, raw, n, f->sw);
    } else {
      for (size_t i = 0; i < n; i++, raw += wpe) {
        if (i)
          SHARC_PR_LIT(p, ", ");
        print_element(p, f, raw);
      }
    }
    *index += n;
  } else {
    for (int64_t i = 0; i < t->shaped.shape[dim]; i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      print_dense_nested(p, a, dim + 1, index, f);
    }
  }
  sharc_buf_putc(p->out, ']');
}

/* OpPrintingFlags::shouldElideElementsAttr: too many elements, not a splat. */
static bool elide_elements(const sharc_printer *p, int64_t num, bool splat) {
  return (p->flags.elide_elements_above || p->flags.elide_elements_set) && !splat &&
         num > (int64_t)p->flags.elide_elements_above;
}

/* shouldPrintElementsAttrWithHex: above 100 elements unless the flag says
 * otherwise (-1: never). */
static bool hex_elements(const sharc_printer *p, int64_t num) {
  if (!p->flags.hex_above_set)
    return num > 100;
  return p->flags.hex_above != -1 && num > p->flags.hex_above;
}

static void print_elided(sharc_printer *p, const sharc_type *t) {
  SHARC_PR_LIT(p, "dense_resource<__elided__> : ");
  sharc_pr_type(p, t);
}

/* What `dense<...>` holds: a splat's element, the hex string (where
 * allowed), or the nested lists (printDenseIntOrFPElementsAttr). */
static void print_dense_body(sharc_printer *p, const sharc_attr *a, bool allow_hex) {
  const sharc_type *t = a->type;
  int64_t num = sharc_type_num_elements(t);
  elem_fmt f = elem_fmt_of(t->shaped.elem);
  if (sharc_dense_splat(a)) {
    print_element(p, &f, sharc_dense_raw(a));
  } else if (allow_hex && hex_elements(p, num)) {
    print_dense_hex(p, a, (size_t)num);
  } else if (num > 0) {
    size_t index = 0;
    if (t->shaped.rank == 0)
      print_element(p, &f, sharc_dense_raw(a));
    else
      print_dense_nested(p, a, 0, &index, &f);
  }
}

static void print_dense(sharc_printer *p, const sharc_attr *a) {
  const sharc_type *t = a->type;
  if (elide_elements(p, sharc_type_num_elements(t), sharc_dense_splat(a))) {
    print_elided(p, t);
    return;
  }
  SHARC_PR_LIT(p, "dense<");
  print_dense_body(p, a, true);
  SHARC_PR_LIT(p, "> : ");
  sharc_pr_type(p, t);
}

static void print_dense_strings_nested(sharc_printer *p, const sharc_attr *a, unsigned dim,
                                       size_t *index) {
  const sharc_type *t = a->type;
  if (dim == t->shaped.rank) {
    sharc_pr_string(p, a->dstrings.strs[(*index)++]);
    return;
  }
  sharc_buf_putc(p->out, '[');
  for (int64_t i = 0; i < t->shaped.shape[dim]; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    print_dense_strings_nested(p, a, dim + 1, index);
  }
  sharc_buf_putc(p->out, ']');
}

static void print_dense_strings_body(sharc_printer *p, const sharc_attr *a) {
  if (a->dstrings.splat) {
    sharc_pr_string(p, a->dstrings.strs[0]);
  } else if (a->dstrings.n) {
    size_t index = 0;
    print_dense_strings_nested(p, a, 0, &index);
  }
}

static void print_dense_strings(sharc_printer *p, const sharc_attr *a) {
  if (elide_elements(p, sharc_type_num_elements(a->type), a->dstrings.splat)) {
    print_elided(p, a->type);
    return;
  }
  SHARC_PR_LIT(p, "dense<");
  print_dense_strings_body(p, a);
  SHARC_PR_LIT(p, "> : ");
  sharc_pr_type(p, a->type);
}

/* Whether a dense attribute of either storage is elided. */
static bool elide_dense(const sharc_printer *p, const sharc_attr *a) {
  bool splat = a->kind == SHARC_ATTR_DENSE_STRING ? a->dstrings.splat : sharc_dense_splat(a);
  return elide_elements(p, sharc_type_num_elements(a->type), splat);
}

/* `sparse<indices, values> : type` (SparseElementsAttr): the indices never
 * in hex, nothing between the brackets when there are none, the whole
 * elided when either part would be. */
static void print_sparse(sharc_printer *p, const sharc_attr *a) {
  const sharc_attr *indices = a->sparse.indices, *values = a->sparse.values;
  if (elide_dense(p, indices) || elide_dense(p, values)) {
    print_elided(p, a->type);
    return;
  }
  SHARC_PR_LIT(p, "sparse<");
  if (sharc_type_num_elements(indices->type) != 0) {
    print_dense_body(p, indices, false);
    SHARC_PR_LIT(p, ", ");
    if (values->kind == SHARC_ATTR_DENSE_STRING)
      print_dense_strings_body(p, values);
    else
      print_dense_body(p, values, true);
  }
  SHARC_PR_LIT(p, "> : ");
  sharc_pr_type(p, a->type);
}

static void print_dense_array(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "array<");
  sharc_pr_type(p, sharc_darray_elem(a));
  if (sharc_darray_n(a)) {
    SHARC_PR_LIT(p, ": ");
    print_scalar_row(p, sharc_darray_elem(a), sharc_darray_raw(a), sharc_darray_n(a), scalar_words(sharc_darray_elem(a)));
  }
  sharc_buf_putc(p->out, '>');
}

/* ---- locations ---------------------------------------------------------- */

static void print_loc_inner(sharc_printer *p, const sharc_attr *loc);

/* A location nested in another one: its alias, or its body. */
static void print_loc_ref(sharc_printer *p, const sharc_attr *loc) {
  if (sharc_pr_use_alias(p, loc, true))
    return;
  sharc_pr_visit_begin(p);
  print_loc_inner(p, loc);
  sharc_pr_visit_end(p, loc, false);
}

/* MLIR's pretty form (--mlir-pretty-debuginfo) breaks a call site's line
 * unless a named callee is called from a file location (point or range). */
static bool callsite_on_one_line(const sharc_attr *loc) {
  return loc->callsite.callee->kind == SHARC_ATTR_LOC_NAME &&
         loc->callsite.caller->kind == SHARC_ATTR_LOC_FILE;
}

static void print_loc_inner(sharc_printer *p, const sharc_attr *loc) {
  sharc_buf *b = p->out;
  bool pretty = p->flags.pretty_debug_info;
  switch (loc->kind) {
  case SHARC_ATTR_LOC_UNKNOWN:
    sharc_buf_puts(b, pretty ? "[unknown]" : "unknown");
    return;
  case SHARC_ATTR_LOC_FILE: {
    /* an empty file name reads back as stdin's, and MLIR prints it so */
    sharc_str file = loc->file.file->len ? sharc_ident_str(loc->file.file) : SHARC_STR("-");
    if (pretty)
      sharc_buf_put(b, file.data, file.len);
    else
      sharc_pr_string(p, file);
    sharc_buf_printf(b, ":%u:%u", loc->file.line, loc->file.col);
    if (loc->file.end_line == loc->file.line && loc->file.end_col == loc->file.col)
      return; /* an empty range prints as a point */
    if (loc->loc_form == 1 || (loc->loc_form == 2 && loc->file.end_line == loc->file.line))
      sharc_buf_printf(b, " to :%u", loc->file.end_col);
    else if (loc->loc_form == 2)
      sharc_buf_printf(b, " to %u:%u", loc->file.end_line, loc->file.end_col);
    return;
  }
  case SHARC_ATTR_LOC_NAME:
    sharc_pr_string(p, sharc_ident_str(loc->name.name));
    if (loc->name.child) {
      sharc_buf_putc(b, '(');
      print_loc_ref(p, loc->name.child);
      sharc_buf_putc(b, ')');
    }
    return;
  case SHARC_ATTR_LOC_CALLSITE:
    if (!pretty)
      SHARC_BUF_LIT(b, "callsite(");
    print_loc_ref(p, loc->callsite.callee);
    sharc_buf_puts(b, !pretty || callsite_on_one_line(loc) ? " at " : "\n at ");
    print_loc_ref(p, loc->callsite.caller);
    if (!pretty)
      sharc_buf_putc(b, ')');
    return;
  case SHARC_ATTR_LOC_FUSED:
    if (!pretty)
      SHARC_BUF_LIT(b, "fused");
    if (loc->fused.metadata) {
      sharc_buf_putc(b, '<');
      sharc_pr_attr(p, loc->fused.metadata);
      sharc_buf_putc(b, '>');
    }
    sharc_buf_putc(b, '[');
    for (unsigned i = 0; i < loc->fused.n; i++) {
      if (i)
        SHARC_BUF_LIT(b, ", ");
      print_loc_ref(p, loc->fused.locs[i]);
    }
    sharc_buf_putc(b, ']');
    return;
  default:
    sharc_buf_puts(b, pretty ? "[unknown]" : "unknown");
    return;
  }
}

/* `loc(...)` of a location without using its own alias (definitions, block
 * arguments); nested locations still use theirs. */
void sharc_pr_loc_body(sharc_printer *p, const sharc_attr *loc) {
  if (p->flags.pretty_debug_info) { /* the pretty form has no loc( ) */
    print_loc_inner(p, loc);
    return;
  }
  SHARC_PR_LIT(p, "loc(");
  print_loc_inner(p, loc);
  sharc_buf_putc(p->out, ')');
}

void sharc_pr_loc_body_inner(sharc_printer *p, const sharc_attr *loc) { print_loc_inner(p, loc); }

/* ---- attributes --------------------------------------------------------- */

void sharc_pr_attr_no_type(sharc_printer *p, const sharc_attr *a) {
  if (a->kind == SHARC_ATTR_INTEGER)
    print_int_value(p->out, a->type, sharc_attr_int_words(a), sharc_attr_int_nwords(a));
  else if (a->kind == SHARC_ATTR_FLOAT)
    print_float_value(p, a->type, sharc_attr_float_lo(a), sharc_attr_float_hi(a));
  else
    sharc_pr_attr(p, a);
}

/* Whether identifier `name` is a bare identifier: the answer is kept per
 * printer (the address, its low bit set when not), as every op asks it of
 * the same few names, its dictionary keys and generic name. */
static bool ident_is_bare(sharc_printer *p, const sharc_ident *name) {
  uintptr_t *slot = &p->bare_idents[sharc_ptr_slot(name, 8)];
  if ((*slot & ~(uintptr_t)1) != (uintptr_t)name)
    *slot = (uintptr_t)name | !is_bare_identifier((sharc_str){name->data, name->len});
  return !(*slot & 1);
}

/* A dictionary key: bare when it can be, else quoted. */
static void print_dict_key(sharc_printer *p, const sharc_ident *name) {
  sharc_str s = {name->data, name->len};
  if (ident_is_bare(p, name))
    sharc_pr_put_str(p, s);
  else
    sharc_pr_string(p, s);
}

void sharc_pr_ident_string(sharc_printer *p, const sharc_ident *name) {
  if (!ident_is_bare(p, name)) {
    sharc_pr_string(p, (sharc_str){name->data, name->len});
    return;
  }
  /* a bare identifier has nothing to escape */
  sharc_buf_putc(p->out, '"');
  sharc_buf_put_short(p->out, name->data, name->len);
  sharc_buf_putc(p->out, '"');
}

bool sharc_pr_name_elided(const char *const *elided, const sharc_ident *name) {
  for (const char *const *x = elided; x && *x; x++)
    if ((*x)[0] == name->data[0] && strcmp(*x, name->data) == 0) /* no call for most */
      return true;
  return false;
}

/* The memo of dictionary keys: a bare key's `, name = ` text, by the
 * key's address, direct-mapped, made the first time the key prints. An
 * entry then replays its separator, key and ` = ` as one padded copy (was:
 * the bare-name check, a copy dispatched on the name's length and two
 * literals); quoted and very long keys print the long way. */
enum { KEY_MEMO_BITS = 6, KEY_TEXT_MAX = 56 };

struct sharc_key_memo_slot {
  const sharc_ident *name;
  char text[KEY_TEXT_MAX]; /* ", " name " = ", read SHARC_PR_TEXT_PAD at a time */
};

_Static_assert(KEY_TEXT_MAX >= 2 + SHARC_PR_TEXT_PAD, "a key text is replayed by sharc_pr_put_padded");

static const struct sharc_key_memo_slot *key_memo_slot(sharc_printer *p, const sharc_ident *name) {
  if (!p->key_memo)
    p->key_memo = sharc_xcalloc((size_t)1 << KEY_MEMO_BITS, sizeof *p->key_memo);
  struct sharc_key_memo_slot *s = &p->key_memo[sharc_ptr_slot(name, KEY_MEMO_BITS)];
  if (s->name == name)
    return s;
  if (name->len + 5 > KEY_TEXT_MAX || !ident_is_bare(p, name))
    return NULL;
  s->name = name;
  memcpy(s->text, ", ", 2);
  memcpy(s->text + 2, name->data, name->len);
  memcpy(s->text + 2 + name->len, " = ", 3);
  return s;
}

void sharc_pr_dict_body(sharc_printer *p, const sharc_named_attr *e, unsigned n,
                        const char *const *elided) {
  /* the values were made when their op was parsed, long before a large
   * module prints them: their lines are asked for together, not one
   * miss after another as each entry is printed */
  for (unsigned i = 0; i < n; i++)
    __builtin_prefetch(e[i].value);
  bool first = true;
  for (unsigned i = 0; i < n; i++) {
    if (elided && sharc_pr_name_elided(elided, e[i].name))
      continue;
    bool unit = e[i].value->kind == SHARC_ATTR_UNIT;
    const struct sharc_key_memo_slot *s = key_memo_slot(p, e[i].name);
    if (s) {
      size_t skip = first ? 2 : 0; /* no ", " before the first */
      sharc_pr_put_padded(p->out, s->text + skip, 2 - skip + e[i].name->len + (unit ? 0 : 3));
    } else {
      if (!first)
        SHARC_PR_LIT(p, ", ");
      print_dict_key(p, e[i].name);
      if (!unit)
        SHARC_PR_LIT(p, " = ");
    }
    first = false;
    if (!unit)
      sharc_pr_attr(p, e[i].value);
  }
}

void sharc_pr_dict_body_public(sharc_printer *p, const sharc_attr *dict) {
  sharc_pr_dict_body(p, sharc_dict_entries(dict), sharc_dict_n(dict), NULL);
}

static void print_attr_body(sharc_printer *p, const sharc_attr *a) {
  sharc_buf *b = p->out;
  switch (a->kind) {
  case SHARC_ATTR_UNIT:
    SHARC_BUF_LIT(b, "unit");
    return;
  case SHARC_ATTR_BOOL:
    sharc_buf_puts(b, a->b ? "true" : "false");
    return;
  case SHARC_ATTR_INTEGER:
    print_int_value(b, a->type, sharc_attr_int_words(a), sharc_attr_int_nwords(a));
    SHARC_BUF_LIT(b, " : ");
    sharc_pr_type(p, a->type);
    return;
  case SHARC_ATTR_FLOAT:
    print_float_value(p, a->type, sharc_attr_float_lo(a), sharc_attr_float_hi(a));
    SHARC_BUF_LIT(b, " : ");
    sharc_pr_type(p, a->type);
    return;
  case SHARC_ATTR_STRING:
    sharc_pr_string(p, a->str);
    if (a->type) {
      SHARC_BUF_LIT(b, " : ");
      sharc_pr_type(p, a->type);
    }
    return;
  case SHARC_ATTR_TYPE:
    sharc_pr_type(p, a->tval);
    return;
  case SHARC_ATTR_ARRAY:
    sharc_buf_putc(b, '[');
    for (unsigned i = 0; i < sharc_array_n(a); i++) {
      if (i)
        SHARC_BUF_LIT(b, ", ");
      /* array elements elide the default types: i64 integers, f64 floats */
      const sharc_attr *e = sharc_array_elems(a)[i];
      bool default_type =
          (e->kind == SHARC_ATTR_INTEGER && e->type->kind == SHARC_TYPE_INTEGER &&
           e->type->integer.width == 64 && e->type->integer.sign == SHARC_SIGNLESS) ||
          (e->kind == SHARC_ATTR_FLOAT && e->type->fkind == SHARC_F64);
      if (!default_type) {
        sharc_pr_attr(p, e);
        continue;
      }
      size_t mark = b->len;
      sharc_pr_attr_no_type(p, e);
      /* a float printed as hex bits keeps its type, or it would read back
       * as an integer */
      if (e->kind == SHARC_ATTR_FLOAT && b->len > mark + 1 && b->data[mark] == '0' &&
          b->data[mark + 1] == 'x') {
        SHARC_BUF_LIT(b, " : ");
        sharc_pr_type(p, e->type);
      }
    }
    sharc_buf_putc(b, ']');
    return;
  case SHARC_ATTR_DICTIONARY:
    sharc_buf_putc(b, '{');
    sharc_pr_dict_body(p, sharc_dict_entries(a), sharc_dict_n(a), NULL);
    sharc_buf_putc(b, '}');
    return;
  case SHARC_ATTR_DENSE_ARRAY:
    print_dense_array(p, a);
    return;
  case SHARC_ATTR_DENSE_ELEMENTS:
    print_dense(p, a);
    return;
  case SHARC_ATTR_DENSE_STRING:
    print_dense_strings(p, a);
    return;
  case SHARC_ATTR_SPARSE_ELEMENTS:
    print_sparse(p, a);
    return;
  case SHARC_ATTR_DENSE_RESOURCE:
    sharc_pr_note_resource(p, a->resource.key);
    SHARC_BUF_LIT(b, "dense_resource<");
    sharc_pr_put_str(p, sharc_ident_str(a->resource.key));
    SHARC_BUF_LIT(b, "> : ");
    sharc_pr_type(p, a->type);
    return;
  case SHARC_ATTR_SYMBOL_REF:
    sharc_pr_symbol(p, sharc_ident_str(a->sym.root));
    for (unsigned i = 0; i < a->sym.n; i++) {
      SHARC_BUF_LIT(b, "::");
      sharc_pr_symbol(p, sharc_ident_str(a->sym.nested[i]));
    }
    return;
  case SHARC_ATTR_OPAQUE:
    print_dialect_symbol(p, '#', a->opaque.dialect, a->opaque.body);
    return;
  case SHARC_ATTR_DIALECT: {
    if (!sharc_attr_def_of(a)->name) { /* no name: `#dialect<...>`, the hook prints the rest */
      sharc_buf_putc(b, '#');
      sharc_buf_puts(b, sharc_attr_def_of(a)->dialect->name);
      sharc_attr_def_of(a)->print(p, a);
      return;
    }
    size_t at = print_dialect_def(p, '#', sharc_attr_def_of(a)->dialect, sharc_attr_def_of(a)->name);
    sharc_attr_def_of(a)->print(p, a);
    finish_dialect_def(p, at);
    return;
  }
  case SHARC_ATTR_AFFINE_MAP:
  case SHARC_ATTR_INTEGER_SET:
  case SHARC_ATTR_STRIDED_LAYOUT:
    sharc_affine_print_attr(b, a);
    return;
  case SHARC_ATTR_DISTINCT:
    sharc_buf_printf(b, "distinct[%u]<", sharc_pr_distinct_id(p, a));
    if (a->distinct.ref->kind != SHARC_ATTR_UNIT)
      sharc_pr_attr(p, a->distinct.ref);
    sharc_buf_putc(b, '>');
    return;
  default: /* locations */
    sharc_pr_loc_body(p, a);
    return;
  }
}

void sharc_pr_attr(sharc_printer *p, const sharc_attr *a) {
  if (!p->collecting) { /* no visit to record; no alias when none was collected */
    if (!p->aliases.count || !sharc_pr_use_alias(p, a, false))
      print_attr_body(p, a);
    return;
  }
  if (!sharc_attr_may_alias(a))
    return; /* nothing to collect, and the dry run's text is discarded */
  if (sharc_pr_use_alias(p, a, false))
    return;
  sharc_pr_visit_begin(p);
  print_attr_body(p, a);
  sharc_pr_visit_end(p, a, false);
}

void sharc_pr_attr_def_body(sharc_printer *p, const void *obj, bool is_type) {
  if (is_type)
    print_type_body(p, obj);
  else
    print_attr_body(p, obj);
}

/* ---- public one-shot printing ----------------------------------------- */

void sharc_print_type(const sharc_type *t, sharc_buf *out) {
  sharc_printer p;
  sharc_pr_init(&p, out, NULL);
  sharc_pr_type(&p, t);
  sharc_pr_free(&p);
}

void sharc_print_attr(const sharc_attr *a, sharc_buf *out) {
  sharc_printer p;
  sharc_pr_init(&p, out, NULL);
  sharc_pr_attr(&p, a);
  sharc_pr_free(&p);
}

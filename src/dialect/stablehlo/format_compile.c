/* Compiles an op row's format and defaults strings (see ops_format.c for
 * the language) into directives once per row, and keeps them in a
 * process-wide table keyed by the row: rows are static data shared by all
 * contexts, so their compiled forms are too. Readers find a published entry
 * with one acquire load and no lock; a first ask compiles under a mutex and
 * publishes with a release store. Entries live until the process exits. */
#include "dialect/stablehlo/format_compile.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

const char *const sharc_shlo_fmt_slice_attrs[] = {"start_indices", "limit_indices", "strides",
                                                  NULL};
const char *const sharc_shlo_fmt_window_attrs[] = {
    "window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal", NULL};
static const char *const precalgo_attrs[] = {"precision_config", "algorithm", NULL};
static const char *const prec_attrs[] = {"precision_config", NULL};
static const char *const expman_attrs[] = {"exponent_bits", "mantissa_bits", NULL};

/* ---- the strings' tokens ---- */

typedef struct fmt_tok {
  const char *s;
  size_t len;
} fmt_tok;

static bool next_tok(const char **cur, fmt_tok *t) {
  const char *s = *cur;
  while (*s == ' ')
    s++;
  if (!*s)
    return false;
  const char *e = s;
  while (*e && *e != ' ')
    e++;
  *t = (fmt_tok){s, (size_t)(e - s)};
  *cur = e;
  return true;
}

static bool tok_eq(fmt_tok t, const char *lit) {
  return t.len == strlen(lit) && memcmp(t.s, lit, t.len) == 0;
}

static unsigned count_tokens(const char *s) {
  unsigned n = 0;
  fmt_tok t;
  while (next_tok(&s, &t))
    n++;
  return n;
}

/* ---- classification ---- */

typedef struct named_kind {
  const char *name;
  int kind;
} named_kind;

static const named_kind attr_kinds[] = {
    {"arr", SHLO_FA_ARR},         {"int", SHLO_FA_INT},           {"i32", SHLO_FA_I32},
    {"bool", SHLO_FA_BOOL},       {"str", SHLO_FA_STR},           {"sym", SHLO_FA_SYM},
    {"conv", SHLO_FA_CONV},       {"slice", SHLO_FA_SLICE},       {"window", SHLO_FA_WINDOW},
    {"prec", SHLO_FA_PREC},       {"precalgo", SHLO_FA_PRECALGO}, {"dotdims", SHLO_FA_DOTDIMS},
    {"expman", SHLO_FA_EXPMAN},
};

static const named_kind type_kinds[] = {
    {":fn", SHLO_FT_FN},         {":res", SHLO_FT_RES},          {":tuple", SHLO_FT_TUPLE},
    {":select", SHLO_FT_SELECT}, {":complex", SHLO_FT_COMPLEX},  {":types", SHLO_FT_TYPES},
    {":pair", SHLO_FT_PAIR},
};

static int kind_of(fmt_tok t, const named_kind *table, size_t n, int otherwise) {
  for (size_t i = 0; i < n; i++)
    if (tok_eq(t, table[i].name))
      return table[i].kind;
  return otherwise;
}

static const shlo_enum_def *enum_kind(fmt_tok kind) {
  static const struct {
    const char *name;
    const shlo_enum_def *def;
  } enums[] = {
      {"cmpdir", &sharc_shlo_comparison_direction}, {"cmptype", &sharc_shlo_comparison_type},
      {"fft", &sharc_shlo_fft_type},                {"rngalg", &sharc_shlo_rng_algorithm},
      {"rngdist", &sharc_shlo_rng_distribution},
  };
  for (size_t i = 0; i < sizeof enums / sizeof *enums; i++)
    if (tok_eq(kind, enums[i].name))
      return enums[i].def;
  return NULL;
}

/* Attributes a custom directive owns (elided from the attr-dict). */
static const char *const *custom_attrs(shlo_fmt_attr_kind kind) {
  switch (kind) {
  case SHLO_FA_SLICE:
    return sharc_shlo_fmt_slice_attrs;
  case SHLO_FA_WINDOW:
    return sharc_shlo_fmt_window_attrs;
  case SHLO_FA_PRECALGO:
    return precalgo_attrs;
  case SHLO_FA_PREC:
    return prec_attrs;
  case SHLO_FA_EXPMAN:
    return expman_attrs;
  default:
    return NULL;
  }
}

/* ---- compiling ---- */

/* Where a compilation puts what it makes: every string copied NUL-terminated
 * into one buffer sized for the format and defaults strings (a token and an
 * attribute's name within it, each with its NUL). */
typedef struct compiler {
  shlo_fmt_directive *dirs;
  unsigned n;
  char *text;
  size_t text_used;
} compiler;

static const char *copy_text(compiler *c, const char *s, size_t len) {
  char *out = c->text + c->text_used;
  memcpy(out, s, len);
  out[len] = 0;
  c->text_used += len + 1;
  return out;
}

static void compile_attr(compiler *c, shlo_fmt_directive *d, fmt_tok t) {
  const char *colon = memchr(t.s, ':', t.len);
  size_t name_len = colon ? (size_t)(colon - t.s - 1) : t.len - 1;
  fmt_tok kind = colon ? (fmt_tok){colon + 1, (size_t)(t.s + t.len - colon - 1)} : (fmt_tok){"", 0};
  d->kind = SHLO_FD_ATTR;
  d->name = copy_text(c, t.s + 1, name_len);
  d->enum_def = enum_kind(kind);
  d->sub = d->enum_def ? SHLO_FA_ENUM
                       : (uint8_t)kind_of(kind, attr_kinds, sizeof attr_kinds / sizeof *attr_kinds,
                                          SHLO_FA_ANY);
  d->custom_attrs = custom_attrs(d->sub);
}

uint8_t sharc_shlo_literal_class(const char *tok, size_t len) {
  uint8_t single = len == 1 || (len == 2 && tok[0] == '-' && tok[1] == '>') ? SHLO_LIT_SINGLE : 0;
  switch (tok[0]) {
  case '<':
  case '(':
  case '{':
  case '[':
    return single | SHLO_LIT_OPEN;
  case '>':
  case ')':
  case '}':
  case ']':
  case ',':
    return single | SHLO_LIT_CLOSE;
  default:
    return single | (tok[0] == '_' || (unsigned)((tok[0] | 32) - 'a') < 26 ? SHLO_LIT_WORD : 0);
  }
}

static void classify(compiler *c, shlo_fmt_directive *d, fmt_tok t) {
  d->kind = SHLO_FD_LITERAL;
  d->sub = sharc_shlo_literal_class(t.s, t.len);
  if (tok_eq(t, "$"))
    d->kind = SHLO_FD_OPERAND;
  else if (tok_eq(t, "$*"))
    d->kind = SHLO_FD_OPERANDS;
  else if (tok_eq(t, "$+,"))
    d->kind = SHLO_FD_OPERANDS_COMMA;
  else if (t.s[0] == '@')
    compile_attr(c, d, t);
  else if (tok_eq(t, "attr-dict"))
    d->kind = SHLO_FD_ATTR_DICT;
  else if (tok_eq(t, "(regions)"))
    d->kind = SHLO_FD_REGIONS;
  else if (tok_eq(t, "``"))
    d->kind = SHLO_FD_NO_SPACE;
  else if (tok_eq(t, "[?"))
    d->kind = SHLO_FD_GROUP;
  else if (t.s[0] == ':' && t.len > 1) {
    d->kind = SHLO_FD_TYPE;
    d->sub = (uint8_t)kind_of(t, type_kinds, sizeof type_kinds / sizeof *type_kinds, SHLO_FT_SAME);
  }
}

/* A group prints when its first attribute is set, or, when an operand or
 * type comes first, when the op has operands. */
static void anchor_group(shlo_fmt_directive *dirs, unsigned g) {
  dirs[g].sub = SHLO_ANCHOR_NONE;
  for (unsigned k = g + 1; k < dirs[g].end; k++) {
    char c0 = dirs[k].tok[0];
    if (c0 == '$' || c0 == ':') {
      dirs[g].sub = SHLO_ANCHOR_OPERANDS;
      return;
    }
    if (c0 == '@') {
      dirs[g].sub = SHLO_ANCHOR_ATTR;
      dirs[g].anchor = (uint16_t)k;
      return;
    }
  }
}

enum { MAX_GROUP_DEPTH = 16 };

static void compile_format(compiler *c, const char *fmt) {
  unsigned open[MAX_GROUP_DEPTH], depth = 0;
  fmt_tok t;
  while (next_tok(&fmt, &t)) {
    if (tok_eq(t, "?]") && depth) {
      c->dirs[open[--depth]].end = (uint16_t)c->n;
      continue;
    }
    shlo_fmt_directive *d = &c->dirs[c->n];
    d->tok = copy_text(c, t.s, t.len);
    d->len = (uint16_t)t.len;
    classify(c, d, t);
    if (d->kind == SHLO_FD_GROUP && depth == MAX_GROUP_DEPTH)
      d->kind = SHLO_FD_LITERAL;
    if (d->kind == SHLO_FD_GROUP)
      open[depth++] = c->n;
    c->n++;
  }
  while (depth) /* an unclosed group runs to the end */
    c->dirs[open[--depth]].end = (uint16_t)c->n;
  for (unsigned g = 0; g < c->n; g++)
    if (c->dirs[g].kind == SHLO_FD_GROUP)
      anchor_group(c->dirs, g);
}

/* Names the format prints itself. */
static unsigned collect_owned(const compiler *c, const char **out) {
  unsigned n = 0;
  for (unsigned i = 0; i < c->n; i++) {
    const shlo_fmt_directive *d = &c->dirs[i];
    if (d->kind != SHLO_FD_ATTR)
      continue;
    if (d->sub == SHLO_FA_DOTDIMS)
      out[n++] = "dot_dimension_numbers";
    else if (d->custom_attrs)
      for (const char *const *a = d->custom_attrs; *a; a++)
        out[n++] = *a;
    else
      out[n++] = d->name;
  }
  out[n] = NULL;
  return n;
}

static void compile_default_value(shlo_fmt_default *d, fmt_tok spec) {
  if (tok_eq(spec, "false"))
    d->kind = SHLO_DEFAULT_FALSE;
  else if (tok_eq(spec, "[]"))
    d->kind = SHLO_DEFAULT_EMPTY_ARRAY;
  else if (tok_eq(spec, "{}"))
    d->kind = SHLO_DEFAULT_EMPTY_DICT;
  else if (tok_eq(spec, "accuracy"))
    d->kind = SHLO_DEFAULT_ACCURACY;
  else {
    bool neg = spec.len && spec.s[0] == '-';
    int64_t v = 0;
    for (size_t i = neg; i < spec.len; i++)
      v = v * 10 + (spec.s[i] - '0');
    d->kind = SHLO_DEFAULT_INT;
    d->value = neg ? -v : v;
  }
}

/* `name=value ...` */
static unsigned compile_defaults(compiler *c, const char *defaults, shlo_fmt_default *out) {
  unsigned n = 0;
  fmt_tok t;
  while (next_tok(&defaults, &t)) {
    const char *eq = memchr(t.s, '=', t.len);
    if (!eq)
      continue;
    out[n].name = copy_text(c, t.s, (size_t)(eq - t.s));
    compile_default_value(&out[n], (fmt_tok){eq + 1, (size_t)(t.s + t.len - eq - 1)});
    n++;
  }
  return n;
}

/* The most names the owned list can hold: every custom directive owns at
 * most five. */
enum { MAX_OWNED_PER_ATTR = 5 };

static shlo_fmt_compiled *compile_row(const shlo_op_def *row) {
  const char *fmt = row->format ? row->format : "";
  const char *defaults = row->defaults ? row->defaults : "";
  unsigned n_tok = count_tokens(fmt), n_def = count_tokens(defaults);
  compiler c = {.dirs = sharc_xcalloc(n_tok, sizeof *c.dirs),
                .text =
                    sharc_xcalloc(2 * strlen(fmt) + strlen(defaults) + 2 * (n_tok + n_def) + 1 +
                                      SHLO_TOKEN_PAD,
                                  1)};
  compile_format(&c, fmt);
  const char **owned = sharc_xcalloc(n_tok * MAX_OWNED_PER_ATTR + 1, sizeof *owned);
  shlo_fmt_default *defs = sharc_xcalloc(n_def, sizeof *defs);
  shlo_fmt_compiled *out = sharc_xcalloc(1, sizeof *out);
  *out = (shlo_fmt_compiled){.row = row,
                             .dirs = c.dirs,
                             .num_dirs = c.n,
                             .owned = owned,
                             .num_owned = collect_owned(&c, owned),
                             .defaults = defs,
                             .num_defaults = compile_defaults(&c, defaults, defs)};
  return out;
}

/* ---- the process-wide table ---- */

/* More slots than the StableHLO and MHLO tables have rows with formats, so
 * that probes stay short and the table never fills. */
enum { TABLE_SLOTS = 1024 };

static _Atomic(const shlo_fmt_compiled *) table[TABLE_SLOTS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned slot_of(const shlo_op_def *row) {
  uintptr_t p = (uintptr_t)row;
  return (unsigned)(((p >> 3) * 0x9e3779b1u) >> 8) % TABLE_SLOTS;
}

/* The published entry of `row`, or NULL; `*free_slot` the slot a new entry
 * of it would take (TABLE_SLOTS when full). */
static const shlo_fmt_compiled *find(const shlo_op_def *row, unsigned *free_slot) {
  unsigned s = slot_of(row);
  for (unsigned probe = 0; probe < TABLE_SLOTS; probe++, s = (s + 1) % TABLE_SLOTS) {
    const shlo_fmt_compiled *c = atomic_load_explicit(&table[s], memory_order_acquire);
    if (!c) {
      *free_slot = s;
      return NULL;
    }
    if (c->row == row)
      return c;
  }
  *free_slot = TABLE_SLOTS;
  return NULL;
}

const shlo_fmt_compiled *sharc_shlo_format_compiled(const shlo_op_def *row) {
  unsigned slot;
  const shlo_fmt_compiled *c = find(row, &slot);
  if (c)
    return c;
  pthread_mutex_lock(&table_lock);
  c = find(row, &slot); /* another thread may have compiled it meanwhile */
  if (!c) {
    c = compile_row(row);
    if (slot == TABLE_SLOTS) /* rows are static data: more than the slots is a build error */
      abort();
    atomic_store_explicit(&table[slot], c, memory_order_release);
  }
  pthread_mutex_unlock(&table_lock);
  return c;
}

/* A POSIX extended regular expression engine that accepts and rejects
 * exactly what llvm::Regex (Henry Spencer's regcomp) does, with the same
 * regerror texts, so that `-verify-diagnostics` `-re` patterns and their
 * "invalid regex: ..." errors behave like MLIR's. Only "is there a match"
 * is answered, as llvm_regexec does for FileCheck-style uses. */
#include "support/regex.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
/* ===================================================================== */
/* Regex: parser. It follows regcomp's order of checks so that the first   */
/* error found (the one LLVM reports) is the same.                          */
/* ===================================================================== */

enum {
  RE_OK,
  RE_ECOLLATE,
  RE_ECTYPE,
  RE_EESCAPE,
  RE_ESUBREG,
  RE_EBRACK,
  RE_EPAREN,
  RE_EBRACE,
  RE_BADBR,
  RE_ERANGE,
  RE_BADRPT,
  RE_EMPTY,
  RE_ESPACE
};

/* regerror() texts, which MLIR appends to "invalid regex: ". */
static const char *const re_err_text[] = {
    NULL,
    "invalid collating element",
    "invalid character class",
    "trailing backslash (\\)",
    "invalid backreference number",
    "brackets ([ ]) not balanced",
    "parentheses not balanced",
    "braces not balanced",
    "invalid repetition count(s)",
    "invalid character range",
    "repetition-operator operand invalid",
    "empty (sub)expression",
    "out of memory",
};

#define RE_DUPMAX 255   /* POSIX RE_DUP_MAX, regcomp's bound limit */
#define RE_NGROUPREF 10 /* back-references reach groups 1..9 only */

typedef enum {
  N_EMPTY,
  N_CHAR,
  N_ANY,
  N_SET,
  N_BOL,
  N_EOL,
  N_BOW,
  N_EOW,
  N_GROUP,
  N_BACKREF,
  N_CAT,
  N_ALT,
  N_REPEAT
} re_kind;

typedef struct re_node {
  re_kind kind;
  int val;             /* char, set index, group or back-reference number */
  int min, max;        /* N_REPEAT bounds, max < 0 meaning unbounded */
  int kid, last, next; /* children list (indices, -1 = none) */
} re_node;

typedef unsigned char re_set[32];
typedef SHARC_VEC(re_set) re_set_vec;

typedef struct re_parser {
  const unsigned char *next, *end;
  int err;
  int nsub;
  bool closed[RE_NGROUPREF]; /* group finished, so back-references may name it */
  bool backrefs;
  int nbol, neol; /* '^' and '$' atoms parsed, which bounds their use */
  SHARC_VEC(re_node) nodes;
  re_set_vec sets;
} re_parser;

static bool re_more(const re_parser *p) { return p->next < p->end; }
static bool re_more2(const re_parser *p) { return p->end - p->next > 1; }
static int re_peek(const re_parser *p) { return *p->next; }
static bool re_see(const re_parser *p, int c) { return re_more(p) && re_peek(p) == c; }
static bool re_seetwo(const re_parser *p, int a, int b) {
  return re_more2(p) && p->next[0] == a && p->next[1] == b;
}
static bool re_eat(re_parser *p, int c) {
  if (!re_see(p, c))
    return false;
  p->next++;
  return true;
}
static bool re_eattwo(re_parser *p, int a, int b) {
  if (!re_seetwo(p, a, b))
    return false;
  p->next += 2;
  return true;
}
static bool re_isdigit(int c) { return c >= '0' && c <= '9'; }
static bool re_isalpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool re_isword(int c) { return re_isalpha(c) || re_isdigit(c) || c == '_'; }

/* Like regcomp: keep the first error and stop consuming input. */
static void re_seterr(re_parser *p, int e) {
  if (!p->err)
    p->err = e;
  p->next = p->end;
}

static int re_node_new(re_parser *p, re_kind kind, int val) {
  sharc_vec_push(&p->nodes,
                 ((re_node){.kind = kind, .val = val, .kid = -1, .last = -1, .next = -1}));
  return (int)p->nodes.len - 1;
}

static void re_append(re_parser *p, int parent, int kid) {
  re_node *par = &p->nodes.items[parent];
  if (par->last < 0)
    par->kid = kid;
  else
    p->nodes.items[par->last].next = kid;
  par->last = kid;
}

static int re_wrap(re_parser *p, re_kind kind, int val, int kid) {
  int n = re_node_new(p, kind, val);
  re_append(p, n, kid);
  return n;
}

static int re_set_new(re_parser *p) {
  memset(sharc_vec_push_slot(&p->sets), 0, sizeof(re_set));
  return (int)p->sets.len - 1;
}

static void re_set_add(re_set s, int c) {
  s[(unsigned char)c >> 3] |= (unsigned char)(1u << (c & 7));
}
static bool re_set_has(const re_set s, int c) { return s[(unsigned char)c >> 3] >> (c & 7) & 1; }

/* POSIX character classes, with the members regcomp's table lists (cntrl
 * lacks NUL there because the table is a C string). */
static bool re_class_member(const char *name, int c) {
  bool lower = c >= 'a' && c <= 'z', upper = c >= 'A' && c <= 'Z', digit = re_isdigit(c);
  bool graph = c > 32 && c < 127;
  if (!strcmp(name, "alnum"))
    return lower || upper || digit;
  if (!strcmp(name, "alpha"))
    return lower || upper;
  if (!strcmp(name, "blank"))
    return c == ' ' || c == '\t';
  if (!strcmp(name, "cntrl"))
    return (c >= 1 && c < 32) || c == 127;
  if (!strcmp(name, "digit"))
    return digit;
  if (!strcmp(name, "graph"))
    return graph;
  if (!strcmp(name, "lower"))
    return lower;
  if (!strcmp(name, "print"))
    return graph || c == ' ';
  if (!strcmp(name, "punct"))
    return graph && !lower && !upper && !digit;
  if (!strcmp(name, "space"))
    return c == ' ' || (c >= '\t' && c <= '\r');
  if (!strcmp(name, "upper"))
    return upper;
  if (!strcmp(name, "xdigit"))
    return digit || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  return false;
}

static bool re_class_known(const char *name) {
  static const char *const names[] = {"alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                      "lower", "print", "punct", "space", "upper", "xdigit"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(names[i], name))
      return true;
  return false;
}

/* POSIX collating-element names accepted inside [. .] and [= =]. */
/* clang-format off */
static const struct {
  const char *name;
  char code;
} re_cnames[] = {
    {"NUL", 0}, {"SOH", 1}, {"STX", 2}, {"ETX", 3}, {"EOT", 4}, {"ENQ", 5}, {"ACK", 6},
    {"BEL", 7}, {"alert", 7}, {"BS", 8}, {"backspace", 8}, {"HT", 9}, {"tab", 9}, {"LF", 10},
    {"newline", 10}, {"VT", 11}, {"vertical-tab", 11}, {"FF", 12}, {"form-feed", 12}, {"CR", 13},
    {"carriage-return", 13}, {"SO", 14}, {"SI", 15}, {"DLE", 16}, {"DC1", 17}, {"DC2", 18},
    {"DC3", 19}, {"DC4", 20}, {"NAK", 21}, {"SYN", 22}, {"ETB", 23}, {"CAN", 24}, {"EM", 25},
    {"SUB", 26}, {"ESC", 27}, {"IS4", 28}, {"FS", 28}, {"IS3", 29}, {"GS", 29}, {"IS2", 30},
    {"RS", 30}, {"IS1", 31}, {"US", 31}, {"space", ' '}, {"exclamation-mark", '!'},
    {"quotation-mark", '"'}, {"number-sign", '#'}, {"dollar-sign", '$'}, {"percent-sign", '%'},
    {"ampersand", '&'}, {"apostrophe", '\''}, {"left-parenthesis", '('},
    {"right-parenthesis", ')'}, {"asterisk", '*'}, {"plus-sign", '+'}, {"comma", ','},
    {"hyphen", '-'}, {"hyphen-minus", '-'}, {"period", '.'}, {"full-stop", '.'}, {"slash", '/'},
    {"solidus", '/'}, {"zero", '0'}, {"one", '1'}, {"two", '2'}, {"three", '3'}, {"four", '4'},
    {"five", '5'}, {"six", '6'}, {"seven", '7'}, {"eight", '8'}, {"nine", '9'}, {"colon", ':'},
    {"semicolon", ';'}, {"less-than-sign", '<'}, {"equals-sign", '='}, {"greater-than-sign", '>'},
    {"question-mark", '?'}, {"commercial-at", '@'}, {"left-square-bracket", '['},
    {"backslash", '\\'}, {"reverse-solidus", '\\'}, {"right-square-bracket", ']'},
    {"circumflex", '^'}, {"circumflex-accent", '^'}, {"underscore", '_'}, {"low-line", '_'},
    {"grave-accent", '`'}, {"left-brace", '{'}, {"left-curly-bracket", '{'},
    {"vertical-line", '|'}, {"right-brace", '}'}, {"right-curly-bracket", '}'}, {"tilde", '~'},
    {"DEL", 127},
};

/* Name up to "<endc>]" inside a bracket: a known name or a single char. */
static int re_coll_elem(re_parser *p, int endc) {
  const unsigned char *sp = p->next;
  while (re_more(p) && !re_seetwo(p, endc, ']'))
    p->next++;
  if (!re_more(p)) {
    re_seterr(p, RE_EBRACK);
    return 0;
  }
  size_t len = (size_t)(p->next - sp);
  for (size_t i = 0; i < sizeof re_cnames / sizeof *re_cnames; i++)
    if (strlen(re_cnames[i].name) == len && !memcmp(re_cnames[i].name, sp, len))
      return (unsigned char)re_cnames[i].code;
  if (len == 1)
    return *sp;
  re_seterr(p, RE_ECOLLATE);
  return 0;
}

/* One bracket symbol: a plain byte or a [.name.] collating symbol. */
static int re_b_symbol(re_parser *p) {
  if (!re_more(p)) {
    re_seterr(p, RE_EBRACK);
    return 0;
  }
  if (!re_eattwo(p, '[', '.'))
    return *p->next++;
  int v = re_coll_elem(p, '.');
  if (!p->err && !re_eattwo(p, '.', ']'))
    re_seterr(p, RE_ECOLLATE);
  return v;
}

static void re_b_cclass(re_parser *p, re_set s) {
  const unsigned char *sp = p->next;
  while (re_more(p) && re_isalpha(re_peek(p)))
    p->next++;
  char name[16];
  size_t len = (size_t)(p->next - sp);
  if (len >= sizeof name) {
    re_seterr(p, RE_ECTYPE);
    return;
  }
  memcpy(name, sp, len);
  name[len] = 0;
  if (!re_class_known(name)) {
    re_seterr(p, RE_ECTYPE);
    return;
  }
  for (int c = 0; c < 256; c++)
    if (re_class_member(name, c))
      re_set_add(s, c);
}

/* "[:name:]" or "[=x=]" after the opening "[": `close` is ':' or '='. */
static void re_b_named(re_parser *p, re_set s, int close, int err) {
  p->next += 2;
  if (!re_more(p)) {
    re_seterr(p, RE_EBRACK);
    return;
  }
  if (re_peek(p) == '-' || re_peek(p) == ']') {
    re_seterr(p, err);
    return;
  }
  if (close == ':')
    re_b_cclass(p, s);
  else
    re_set_add(s, re_coll_elem(p, '='));
  if (p->err)
    return;
  if (!re_more(p)) {
    re_seterr(p, RE_EBRACK);
    return;
  }
  if (!re_eattwo(p, close, ']'))
    re_seterr(p, err);
}

/* A single byte or a range; bounds compare as (signed) char like regcomp. */
static void re_b_range(re_parser *p, re_set s) {
  int start = re_b_symbol(p), finish;
  if (p->err)
    return;
  if (re_see(p, '-') && re_more2(p) && p->next[1] != ']') {
    p->next++;
    finish = re_eat(p, '-') ? '-' : re_b_symbol(p);
    if (p->err)
      return;
  } else {
    finish = start;
  }
  int lo = (signed char)start, hi = (signed char)finish;
  if (lo > hi) {
    re_seterr(p, RE_ERANGE);
    return;
  }
  for (int c = lo; c <= hi; c++)
    re_set_add(s, c);
}

static void re_b_term(re_parser *p, re_set s) {
  int first = re_more(p) ? re_peek(p) : 0;
  if (first == '-') {
    re_seterr(p, RE_ERANGE);
    return;
  }
  int second = first == '[' && re_more2(p) ? p->next[1] : 0;
  if (second == ':')
    re_b_named(p, s, ':', RE_ECTYPE);
  else if (second == '=')
    re_b_named(p, s, '=', RE_ECOLLATE);
  else
    re_b_range(p, s);
}

static int re_p_bracket(re_parser *p) {
  /* regcomp's special word-boundary spellings. */
  if (p->end - p->next > 5) {
    if (!memcmp(p->next, "[:<:]]", 6)) {
      p->next += 6;
      return re_node_new(p, N_BOW, 0);
    }
    if (!memcmp(p->next, "[:>:]]", 6)) {
      p->next += 6;
      return re_node_new(p, N_EOW, 0);
    }
  }
  int si = re_set_new(p);
  bool invert = re_eat(p, '^');
  if (re_eat(p, ']'))
    re_set_add(p->sets.items[si], ']');
  else if (re_eat(p, '-'))
    re_set_add(p->sets.items[si], '-');
  while (re_more(p) && re_peek(p) != ']' && !re_seetwo(p, '-', ']') && !p->err)
    re_b_term(p, p->sets.items[si]);
  if (p->err)
    return -1;
  if (re_eat(p, '-'))
    re_set_add(p->sets.items[si], '-');
  if (!re_eat(p, ']')) {
    re_seterr(p, RE_EBRACK);
    return -1;
  }
  if (invert)
    for (int i = 0; i < 32; i++)
      p->sets.items[si][i] = (unsigned char)~p->sets.items[si][i];
  return re_node_new(p, N_SET, si);
}

static int re_p_ere(re_parser *p, int stop);

static int re_p_group(re_parser *p) {
  if (!re_more(p)) {
    re_seterr(p, RE_EPAREN);
    return -1;
  }
  int sub = ++p->nsub;
  int inner = re_see(p, ')') ? re_node_new(p, N_EMPTY, 0) : re_p_ere(p, ')');
  if (sub < RE_NGROUPREF)
    p->closed[sub] = true;
  if (!re_eat(p, ')')) {
    re_seterr(p, RE_EPAREN);
    return -1;
  }
  return re_wrap(p, N_GROUP, sub, inner);
}

static int re_p_escape(re_parser *p) {
  if (!re_more(p)) {
    re_seterr(p, RE_EESCAPE);
    return -1;
  }
  int c = *p->next++;
  if (c < '1' || c > '9')
    return re_node_new(p, N_CHAR, c); /* any other escaped byte is itself */
  if (!p->closed[c - '0']) {
    re_seterr(p, RE_ESUBREG);
    return -1;
  }
  p->backrefs = true;
  return re_node_new(p, N_BACKREF, c - '0');
}

/* One atom; *wascaret tells whether it was '^' (which may not repeat). */
static int re_p_atom(re_parser *p, bool *wascaret) {
  int c = *p->next++;
  *wascaret = false;
  switch (c) {
  case '(':
    return re_p_group(p);
  case ')':
    re_seterr(p, RE_EPAREN);
    return -1;
  case '^':
    *wascaret = true;
    p->nbol++;
    return re_node_new(p, N_BOL, 0);
  case '$':
    p->neol++;
    return re_node_new(p, N_EOL, 0);
  case '|':
    re_seterr(p, RE_EMPTY);
    return -1;
  case '*':
  case '+':
  case '?':
    re_seterr(p, RE_BADRPT);
    return -1;
  case '.':
    return re_node_new(p, N_ANY, 0);
  case '[':
    return re_p_bracket(p);
  case '\\':
    return re_p_escape(p);
  case '{':
    if (re_more(p) && re_isdigit(re_peek(p))) {
      re_seterr(p, RE_BADRPT);
      return -1;
    }
    return re_node_new(p, N_CHAR, c);
  default:
    return re_node_new(p, N_CHAR, c);
  }
}

static bool re_at_repeat(const re_parser *p) {
  if (!re_more(p))
    return false;
  int c = re_peek(p);
  return c == '*' || c == '+' || c == '?' || (c == '{' && re_more2(p) && re_isdigit(p->next[1]));
}

static int re_p_count(re_parser *p) {
  int count = 0, ndigits = 0;
  while (re_more(p) && re_isdigit(re_peek(p)) && count <= RE_DUPMAX) {
    count = count * 10 + (*p->next++ - '0');
    ndigits++;
  }
  if (!(ndigits > 0 && count <= RE_DUPMAX))
    re_seterr(p, RE_BADBR);
  return count;
}

/* "{m}", "{m,}" or "{m,n}" after the '{'; returns false on error. */
static bool re_p_bounds(re_parser *p, int *min, int *max) {
  *min = re_p_count(p);
  if (p->err)
    return false;
  if (re_eat(p, ',')) {
    if (re_more(p) && re_isdigit(re_peek(p))) {
      *max = re_p_count(p);
      if (!p->err && *min > *max)
        re_seterr(p, RE_BADBR);
      if (p->err)
        return false;
    } else {
      *max = -1;
    }
  } else {
    *max = *min;
  }
  if (!re_eat(p, '}')) {
    while (re_more(p) && re_peek(p) != '}')
      p->next++;
    re_seterr(p, re_more(p) ? RE_BADBR : RE_EBRACE);
    return false;
  }
  return true;
}

/* Atom plus optional repetition, appended to `cat`. `x{0}` appends nothing,
 * as regcomp drops it, which matters for the empty-(sub)expression check. */
static void re_p_ere_exp(re_parser *p, int cat) {
  bool wascaret;
  int atom = re_p_atom(p, &wascaret);
  if (p->err)
    return;
  if (!re_at_repeat(p)) {
    re_append(p, cat, atom);
    return;
  }
  int c = *p->next++, min = 0, max = -1;
  if (wascaret) {
    re_seterr(p, RE_BADRPT);
    return;
  }
  if (c == '+')
    min = 1;
  else if (c == '?')
    max = 1;
  else if (c == '{' && !re_p_bounds(p, &min, &max))
    return;
  if (re_at_repeat(p)) {
    re_seterr(p, RE_BADRPT);
    return;
  }
  if (max == 0)
    return;
  int rep = re_wrap(p, N_REPEAT, 0, atom);
  p->nodes.items[rep].min = min;
  p->nodes.items[rep].max = max;
  re_append(p, cat, rep);
}

/* Alternation of concatenations, up to `stop` (-1: end of pattern). */
static int re_p_ere(re_parser *p, int stop) {
  int alt = -1;
  for (;;) {
    int cat = re_node_new(p, N_CAT, 0);
    while (re_more(p) && re_peek(p) != '|' && re_peek(p) != stop)
      re_p_ere_exp(p, cat);
    if (p->nodes.items[cat].kid < 0)
      re_seterr(p, RE_EMPTY);
    if (!re_eat(p, '|')) {
      if (alt < 0)
        return cat;
      re_append(p, alt, cat);
      return alt;
    }
    if (alt < 0)
      alt = re_node_new(p, N_ALT, 0);
    re_append(p, alt, cat);
  }
}

/* ===================================================================== */
/* Regex: compilation to a backtracking program and matching.             */
/* ===================================================================== */

enum {
  I_CHAR,
  I_ANY,
  I_SET,
  I_BOL,
  I_EOL,
  I_BOW,
  I_EOW,
  I_SAVE,
  I_BACKREF,
  I_SPLIT,
  I_JMP,
  I_MARK,
  I_CHECK,
  I_MATCH
};

typedef struct re_inst {
  int op, x, y; /* SPLIT tries x then y; MARK/CHECK use register x */
} re_inst;

struct sharc_regex {
  SHARC_VEC(re_inst) code;
  re_set_vec sets;
  int nregs;
  int nbol, neol;
  bool backrefs;
  bool too_big;
};
typedef sharc_regex re_prog;

#define RE_MAX_INSTS (1 << 22) /* guards against (x{255}){255}{255}... */

/* The index of the next instruction. */
static int re_pc(const re_prog *g) { return (int)g->code.len; }

static int re_emit(re_prog *g, int op, int x, int y) {
  if (re_pc(g) >= RE_MAX_INSTS) {
    g->too_big = true;
    return re_pc(g) - 1;
  }
  sharc_vec_push(&g->code, ((re_inst){op, x, y}));
  return re_pc(g) - 1;
}

static void re_compile(re_prog *g, const re_parser *p, int ni);

static void re_compile_alt(re_prog *g, const re_parser *p, const re_node *n) {
  int jumps = -1; /* chain of JMPs to the end, linked through x */
  for (int k = n->kid; k >= 0 && !g->too_big; k = p->nodes.items[k].next) {
    if (p->nodes.items[k].next < 0) {
      re_compile(g, p, k);
      break;
    }
    int split = re_emit(g, I_SPLIT, re_pc(g) + 1, 0);
    re_compile(g, p, k);
    jumps = re_emit(g, I_JMP, jumps, 0);
    g->code.items[split].y = re_pc(g);
  }
  while (jumps >= 0 && !g->too_big) {
    int prev = g->code.items[jumps].x;
    g->code.items[jumps].x = re_pc(g);
    jumps = prev;
  }
}

/* Bounded repetition unrolls like regcomp does; unbounded loops carry a
 * progress check so an empty iteration cannot spin forever. */
static void re_compile_repeat(re_prog *g, const re_parser *p, const re_node *n) {
  for (int i = 0; i < n->min && !g->too_big; i++)
    re_compile(g, p, n->kid);
  if (n->max < 0) {
    int top = re_emit(g, I_SPLIT, re_pc(g) + 1, 0), reg = g->nregs++;
    re_emit(g, I_MARK, reg, 0);
    re_compile(g, p, n->kid);
    re_emit(g, I_CHECK, reg, 0);
    re_emit(g, I_JMP, top, 0);
    if (!g->too_big)
      g->code.items[top].y = re_pc(g);
    return;
  }
  int first = re_pc(g), count = n->max - n->min;
  for (int i = 0; i < count && !g->too_big; i++) {
    re_emit(g, I_SPLIT, re_pc(g) + 1, -1);
    re_compile(g, p, n->kid);
  }
  for (int i = first; i < re_pc(g) && !g->too_big; i++)
    if (g->code.items[i].op == I_SPLIT && g->code.items[i].y == -1)
      g->code.items[i].y = re_pc(g);
}

static void re_compile(re_prog *g, const re_parser *p, int ni) {
  const re_node *n = &p->nodes.items[ni];
  static const int simple_ops[] = {
      [N_CHAR] = I_CHAR, [N_ANY] = I_ANY, [N_SET] = I_SET, [N_BOL] = I_BOL,
      [N_EOL] = I_EOL,   [N_BOW] = I_BOW, [N_EOW] = I_EOW, [N_BACKREF] = I_BACKREF};
  if (g->too_big)
    return;
  switch (n->kind) {
  case N_EMPTY:
    return;
  case N_GROUP:
    if (n->val < RE_NGROUPREF)
      re_emit(g, I_SAVE, 2 * n->val, 0);
    re_compile(g, p, n->kid);
    if (n->val < RE_NGROUPREF)
      re_emit(g, I_SAVE, 2 * n->val + 1, 0);
    return;
  case N_CAT:
    for (int k = n->kid; k >= 0; k = p->nodes.items[k].next)
      re_compile(g, p, k);
    return;
  case N_ALT:
    re_compile_alt(g, p, n);
    return;
  case N_REPEAT:
    re_compile_repeat(g, p, n);
    return;
  default:
    re_emit(g, simple_ops[n->kind], n->val, 0);
    return;
  }
}

static void re_parser_free(re_parser *p) {
  sharc_vec_free(&p->nodes);
  sharc_vec_free(&p->sets);
}

/* Parses `pat`; on success fills *g (when given) and returns RE_OK. */
static int re_build(const char *pat, size_t len, re_prog *g) {
  re_parser p;
  memset(&p, 0, sizeof p);
  p.next = (const unsigned char *)pat;
  p.end = p.next + len;
  int root = re_p_ere(&p, -1);
  int err = p.err;
  if (!err && g) {
    memset(g, 0, sizeof *g);
    g->backrefs = p.backrefs;
    g->nbol = p.nbol;
    g->neol = p.neol;
    re_compile(g, &p, root);
    re_emit(g, I_MATCH, 0, 0);
    g->sets = p.sets;
    p.sets = (re_set_vec){0};
  }
  re_parser_free(&p);
  return err;
}

static void re_prog_free(re_prog *g) {
  sharc_vec_free(&g->code);
  sharc_vec_free(&g->sets);
}

/* llvm_regexec answers "is there a match" with Spencer's state-set matcher
 * (fast()), which handles zero-width assertions as pseudo-characters between
 * two bytes: first as many ^/$ steps as the pattern has '^' (at the start)
 * plus '$' (at the end) atoms, each crossing one of them, then a single
 * word-boundary step. So at one position a thread may cross a bounded number
 * of ^/$, then at most one [[:<:]] or [[:>:]], and nothing zero-width after
 * that. `phase` tracks this: bit 0 = boundary crossed, the rest = ^/$ count. */
typedef struct re_job {
  int kind; /* 0 run, 1 restore capture slot, 2 restore register */
  int pc;
  int phase; /* run: see above */
  size_t pos;
} re_job;

typedef struct re_vm {
  const re_prog *g;
  const unsigned char *s;
  size_t n;
  unsigned char *visited; /* (pc, pos, phase) explored; NULL with backrefs */
  size_t caps[2 * RE_NGROUPREF];
  size_t *regs;
  SHARC_VEC(re_job) stack;
  unsigned long steps; /* budget for back-reference programs (no memo) */
} re_vm;

/* Back-references rule out memoisation, so backtracking can go exponential;
 * past this many steps the search gives up and reports no match. */
#define RE_BACKREF_STEPS 10000000ul

static void re_push(re_vm *vm, int kind, int pc, int phase, size_t pos) {
  sharc_vec_push(&vm->stack, ((re_job){kind, pc, phase, pos}));
}

static bool re_backref_ok(re_vm *vm, int group, size_t *pos) {
  size_t b = vm->caps[2 * group], e = vm->caps[2 * group + 1];
  if (b == SIZE_MAX || e == SIZE_MAX || e < b)
    return false; /* a group that did not take part matches nothing */
  size_t len = e - b;
  if (vm->n - *pos < len || memcmp(vm->s + b, vm->s + *pos, len))
    return false;
  *pos += len;
  return true;
}

/* How many ^/$ crossings fast() allows at pos. */
static int re_anchor_budget(const re_vm *vm, size_t pos) {
  return (pos == 0 ? vm->g->nbol : 0) + (pos == vm->n ? vm->g->neol : 0);
}

/* Zero-width assertion at pos, updating the thread's phase. */
static bool re_assert(const re_vm *vm, int op, size_t pos, int *phase) {
  bool before = pos > 0 && re_isword(vm->s[pos - 1]);
  bool after = pos < vm->n && re_isword(vm->s[pos]);
  if (*phase & 1)
    return false;
  switch (op) {
  case I_BOL:
  case I_EOL:
    if ((*phase >> 1) >= re_anchor_budget(vm, pos))
      return false;
    *phase += 2;
    return op == I_BOL ? pos == 0 : pos == vm->n;
  case I_BOW:
    *phase |= 1;
    return !before && after;
  default:
    *phase |= 1;
    return before && !after; /* I_EOW */
  }
}

static bool re_seen(re_vm *vm, int pc, size_t pos, int phase) {
  if (!vm->visited)
    return false;
  size_t nphase = 2 * ((size_t)vm->g->nbol + (size_t)vm->g->neol + 1);
  size_t bit = ((size_t)pc * (vm->n + 1) + pos) * nphase + (size_t)phase;
  if (vm->visited[bit >> 3] >> (bit & 7) & 1)
    return true;
  vm->visited[bit >> 3] |= (unsigned char)(1u << (bit & 7));
  return false;
}

/* Consumes one byte if `in` accepts it. */
static bool re_step_byte(const re_vm *vm, const re_inst *in, size_t pos) {
  if (pos >= vm->n)
    return false;
  if (in->op == I_CHAR)
    return vm->s[pos] == (unsigned char)in->x;
  if (in->op == I_SET)
    return re_set_has(vm->g->sets.items[in->x], vm->s[pos]);
  return true; /* I_ANY */
}

/* Runs one thread until it fails (false) or reaches MATCH (true). */
static bool re_run(re_vm *vm, int pc, size_t pos, int phase) {
  for (;;) {
    if (re_seen(vm, pc, pos, phase) || (!vm->visited && ++vm->steps > RE_BACKREF_STEPS))
      return false;
    const re_inst *in = &vm->g->code.items[pc];
    switch (in->op) {
    case I_CHAR:
    case I_ANY:
    case I_SET:
      if (!re_step_byte(vm, in, pos))
        return false;
      pos++, pc++, phase = 0;
      break;
    case I_BOL:
    case I_EOL:
    case I_BOW:
    case I_EOW:
      if (!re_assert(vm, in->op, pos, &phase))
        return false;
      pc++;
      break;
    case I_SAVE:
      re_push(vm, 1, in->x, 0, vm->caps[in->x]);
      vm->caps[in->x] = pos;
      pc++;
      break;
    case I_BACKREF:
      if (!re_backref_ok(vm, in->x, &pos))
        return false;
      if (vm->caps[2 * in->x + 1] != vm->caps[2 * in->x])
        phase = 0;
      pc++;
      break;
    case I_SPLIT:
      re_push(vm, 0, in->y, phase, pos);
      pc = in->x;
      break;
    case I_JMP:
      pc = in->x;
      break;
    case I_MARK:
      /* With memoisation an empty iteration revisits a state and dies, so
       * the progress registers only matter for back-reference programs. */
      if (!vm->visited) {
        re_push(vm, 2, in->x, 0, vm->regs[in->x]);
        vm->regs[in->x] = pos;
      }
      pc++;
      break;
    case I_CHECK:
      if (!vm->visited && vm->regs[in->x] == pos)
        return false;
      pc++;
      break;
    default: /* I_MATCH */
      return true;
    }
  }
}

/* Existence of a match anywhere, which is all llvm::Regex::match reports. */
static bool re_exec(const re_prog *g, const char *s, size_t n) {
  if (g->too_big)
    return false;
  re_vm vm;
  memset(&vm, 0, sizeof vm);
  vm.g = g;
  vm.s = (const unsigned char *)s;
  vm.n = n;
  if (!g->backrefs)
    vm.visited = sharc_xcalloc(
        (g->code.len * (n + 1) * 2 * ((size_t)g->nbol + (size_t)g->neol + 1) + 7) / 8 + 1, 1);
  vm.regs = sharc_xmalloc_array((size_t)g->nregs + 1, sizeof *vm.regs);
  for (int i = 0; i < 2 * RE_NGROUPREF; i++)
    vm.caps[i] = SIZE_MAX;
  for (int i = 0; i < g->nregs; i++)
    vm.regs[i] = SIZE_MAX;
  bool found = false;
  for (size_t start = 0; start <= n && !found; start++) {
    re_push(&vm, 0, 0, 0, start);
    while (vm.stack.len && !found) {
      re_job j = sharc_vec_pop(&vm.stack);
      if (j.kind == 1)
        vm.caps[j.pc] = j.pos;
      else if (j.kind == 2)
        vm.regs[j.pc] = j.pos;
      else
        found = re_run(&vm, j.pc, j.pos, j.phase);
    }
  }
  free(vm.visited);
  free(vm.regs);
  sharc_vec_free(&vm.stack);
  return found;
}

const char *sharc_regex_error(const char *pat, size_t len) {
  return re_err_text[re_build(pat, len, NULL)];
}

sharc_regex *sharc_regex_compile(const char *pat, size_t len) {
  sharc_regex *g = sharc_xmalloc(sizeof *g);
  if (re_build(pat, len, g) != RE_OK) {
    free(g);
    return NULL;
  }
  return g;
}

bool sharc_regex_exec(const sharc_regex *g, const char *s, size_t n) { return re_exec(g, s, n); }

void sharc_regex_free(sharc_regex *g) {
  if (!g)
    return;
  re_prog_free(g);
  free(g);
}

bool sharc_regex_search(const char *pat, size_t len, const char *s, size_t n) {
  sharc_regex *g = sharc_regex_compile(pat, len);
  if (!g)
    return false;
  bool found = re_exec(g, s, n);
  sharc_regex_free(g);
  return found;
}

/* `-verify-diagnostics`: scanning expected-* comments, matching emitted
 * diagnostics against them and printing mismatches the way llvm::SourceMgr
 * does (`-re` patterns go through the llvm::Regex twin in regex.c). */
#include "support/verify_diag.h"
#include "support/regex.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ===================================================================== */
/* Expected-* designators.                                                */
/* ===================================================================== */

enum { VD_ERROR, VD_WARNING, VD_NOTE, VD_REMARK };
static const char *const vd_kind_name[] = {"error", "warning", "note", "remark"};

enum { VD_AT_NONE, VD_AT_PLUS, VD_AT_MINUS, VD_AT_ABOVE, VD_AT_BELOW, VD_AT_UNKNOWN };

/* A designator found on a line, i.e. a match of MLIR's pattern
 * "expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$". */
typedef struct vd_desig {
  const char *start; /* "expected-..." */
  int kind;
  bool is_re;
  int at;
  const char *num; /* digits of @+N / @-N */
  size_t num_len;
  const char *sub; /* between the first "{{" and the final "}}" */
  size_t sub_len;
} vd_desig;

static const char *vd_skip_spaces(const char *p, const char *end) {
  while (p < end && *p == ' ')
    p++;
  return p;
}

static bool vd_eat(const char **p, const char *end, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(end - *p) < n || memcmp(*p, word, n))
    return false;
  *p += n;
  return true;
}

/* The optional "@..." part; on a malformed one the whole candidate fails. */
static bool vd_parse_at(const char **pp, const char *end, vd_desig *d) {
  const char *p = *pp;
  d->at = VD_AT_NONE;
  if (p >= end || *p != '@')
    return true;
  p++;
  if (p < end && (*p == '+' || *p == '-')) {
    d->at = *p == '+' ? VD_AT_PLUS : VD_AT_MINUS;
    d->num = ++p;
    while (p < end && *p >= '0' && *p <= '9')
      p++;
    d->num_len = (size_t)(p - d->num);
    if (!d->num_len)
      return false;
  } else if (vd_eat(&p, end, "above")) {
    d->at = VD_AT_ABOVE;
  } else if (vd_eat(&p, end, "below")) {
    d->at = VD_AT_BELOW;
  } else if (vd_eat(&p, end, "unknown")) {
    d->at = VD_AT_UNKNOWN;
  } else {
    return false;
  }
  *pp = p;
  return true;
}

/* Tries the designator pattern at p (pointing at "expected-"). Every part is
 * deterministic, so the first starting point that fits is the regex match. */
static bool vd_parse_at_start(const char *p, const char *end, vd_desig *d) {
  static const char *const kinds[] = {"error", "warning", "note", "remark"};
  memset(d, 0, sizeof *d);
  d->start = p;
  p += strlen("expected-");
  d->kind = -1;
  for (int k = 0; k < 4 && d->kind < 0; k++)
    if (vd_eat(&p, end, kinds[k]))
      d->kind = k;
  if (d->kind < 0)
    return false;
  d->is_re = vd_eat(&p, end, "-re");
  p = vd_skip_spaces(p, end);
  if (!vd_parse_at(&p, end, d))
    return false;
  p = vd_skip_spaces(p, end);
  if (!vd_eat(&p, end, "{{") || end - p < 2 || memcmp(end - 2, "}}", 2))
    return false;
  d->sub = p;
  d->sub_len = (size_t)(end - 2 - p);
  return true;
}

/* Leftmost designator on the (right-trimmed) line [line, end). */
static bool vd_find_desig(const char *line, const char *end, vd_desig *d) {
  static const char key[] = "expected-";
  for (const char *p = line; end - p >= (ptrdiff_t)(sizeof key - 1); p++)
    if (!memcmp(p, key, sizeof key - 1) && vd_parse_at_start(p, end, d))
      return true;
  return false;
}

static bool vd_is_trailing_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* llvm::StringRef::getAsInteger(0, int) on the digits: a leading 0 means
 * octal; failure (bad octal digit, overflow) leaves MLIR's offset
 * uninitialised, which we model as "matches no line". */
static bool vd_parse_offset(const char *s, size_t n, int *out) {
  unsigned radix = 10;
  if (n > 1 && s[0] == '0') {
    radix = 8;
    s++, n--;
  }
  unsigned long long v = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned digit = (unsigned)(s[i] - '0');
    if (digit >= radix || v > (ULLONG_MAX - digit) / radix)
      return false;
    v = v * radix + digit;
  }
  if (v > INT_MAX)
    return false;
  *out = (int)v;
  return true;
}

/* ===================================================================== */
/* Verifier state.                                                        */
/* ===================================================================== */

typedef struct vd_expect {
  int kind;
  unsigned line;
  bool bad_line;   /* unparsable @+N/@-N: never matches */
  const char *loc; /* start of "expected-"; NULL for @unknown */
  const char *sub;
  size_t sub_len;
  bool is_re;
  sharc_regex *re; /* the combined regex; NULL (never matches) when it did not compile */
  bool matched;
} vd_expect;

typedef SHARC_VEC(vd_expect) vd_list;

struct sharc_vd {
  const char *name;
  const char *buf;
  size_t len;
  sharc_vd_level level;
  bool ok;
  bool file_done; /* file expectations already reported by a verify() */
  vd_list file, unknown;
  /* Lookups that must not cost a scan of the buffer or of every
   * expectation per diagnostic (100k expected-* lines stay linear): */
  size_t *line_starts; /* offset of each line's first byte */
  size_t num_lines;
  size_t *first_at_line; /* per line: 1 + index of its first file expectation, or 0;
                            the last slot chains those past the end of the buffer */
  size_t *next_at_line;  /* per file expectation: 1 + index of the next in its chain, or 0 */
};

/* The 1-based line holding `at`. */
static unsigned vd_line_of(const sharc_vd *vd, const char *at) {
  size_t off = (size_t)(at - vd->buf), lo = 0, hi = vd->num_lines;
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (vd->line_starts[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  return (unsigned)(lo + 1);
}

static void vd_list_free(vd_list *l) {
  for (size_t i = 0; i < l->len; i++)
    sharc_regex_free(l->items[i].re);
  sharc_vec_free(l);
}

/* ---- SourceMgr-style printing ---------------------------------------- */

#define VD_TABSTOP 8

static void vd_put_filename(sharc_buf *out, const char *name) {
  sharc_buf_puts(out, strcmp(name, "-") ? name : "<stdin>");
}

static void vd_put_source_line(sharc_buf *out, const char *s, size_t n) {
  unsigned col = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\t') {
      sharc_buf_putc(out, s[i]);
      col++;
      continue;
    }
    do {
      sharc_buf_putc(out, ' ');
      col++;
    } while (col % VD_TABSTOP);
  }
  sharc_buf_putc(out, '\n');
}

static void vd_put_caret_line(sharc_buf *out, const char *caret, size_t n, const char *line,
                              size_t line_len) {
  unsigned col = 0;
  for (size_t i = 0; i < n; i++) {
    if (i >= line_len || line[i] != '\t') {
      sharc_buf_putc(out, caret[i]);
      col++;
      continue;
    }
    do {
      sharc_buf_putc(out, caret[i]);
      col++;
    } while (col % VD_TABSTOP);
  }
  sharc_buf_putc(out, '\n');
}

/* The quoted source line plus the "^~~~" line under it; a line with any
 * non-ASCII byte is shown without the caret line, as LLVM does. */
void sharc_sm_put_snippet(sharc_buf *out, const char *ls, const char *le, const char *at,
                          const char *rs, const char *re) {
  size_t ncols = (size_t)(le - ls);
  for (const char *c = ls; c < le; c++)
    if ((unsigned char)*c & 0x80) {
      vd_put_source_line(out, ls, ncols);
      return;
    }
  char *caret = sharc_xmalloc(ncols + 1);
  memset(caret, ' ', ncols + 1);
  if (rs && !(rs > le || re < ls)) {
    size_t from = (size_t)((rs < ls ? ls : rs) - ls), to = (size_t)((re > le ? le : re) - ls);
    for (size_t i = from; i < to && i < ncols + 1; i++)
      caret[i] = '~';
  }
  caret[at - ls] = '^';
  size_t n = ncols + 1;
  while (n && caret[n - 1] == ' ')
    n--;
  vd_put_source_line(out, ls, ncols);
  vd_put_caret_line(out, caret, n, ls, ncols);
  free(caret);
}

/* SourceMgr::PrintMessage(at, DK_Error, msg, [rs, re)); at NULL is an
 * invalid SMLoc, which prints as "<unknown>:0:". */
static void vd_print_at(const sharc_vd *vd, sharc_buf *out, const char *at, const char *msg,
                        const char *rs, const char *re) {
  if (!at) {
    sharc_buf_printf(out, "<unknown>:0: error: %s\n", msg);
    return;
  }
  const char *bs = vd->buf, *be = vd->buf + vd->len, *ls = at, *le = at;
  while (ls > bs && ls[-1] != '\n' && ls[-1] != '\r')
    ls--;
  while (le < be && *le != '\n' && *le != '\r')
    le++;
  unsigned line = vd_line_of(vd, at);
  vd_put_filename(out, vd->name);
  sharc_buf_printf(out, ":%u:%zu: error: %s\n", line, (size_t)(at - ls) + 1, msg);
  sharc_sm_put_snippet(out, ls, le, at, rs, re);
}

/* SourceMgr::FindLocForLineAndColumn: NULL when line/col is not inside. */
static const char *vd_find_line_col(const sharc_vd *vd, unsigned line, unsigned col) {
  if (!line || !col || line > vd->num_lines)
    return NULL;
  const char *p = vd->buf + vd->line_starts[line - 1], *end = vd->buf + vd->len;
  size_t c = col - 1;
  if (c > (size_t)(end - p))
    return NULL;
  for (size_t i = 0; i < c; i++)
    if (p[i] == '\n' || p[i] == '\r')
      return NULL;
  return p + c;
}

static void vd_expect_error(const sharc_vd *vd, const vd_expect *e, sharc_buf *out,
                            const char *msg) {
  vd_print_at(vd, out, e->loc, msg, e->loc, e->loc ? e->loc + e->sub_len : NULL);
}

/* ---- scanning --------------------------------------------------------- */

static const char *vd_memmem(const char *h, size_t hn, const char *n, size_t nn) {
  if (nn == 0)
    return h;
  for (size_t i = 0; i + nn <= hn; i++)
    if (h[i] == n[0] && !memcmp(h + i, n, nn))
      return h + i;
  return NULL;
}

static void vd_put_escaped(sharc_buf *b, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == 0 || strchr("()^$|*+?.[]\\{}", s[i]))
      sharc_buf_putc(b, '\\');
    sharc_buf_putc(b, s[i]);
  }
}

/* MLIR's computeRegex: literal text escaped, each {{...}} kept as a group.
 * Returns the error message, or NULL after compiling e->re. */
static const char *vd_compute_regex(vd_expect *e, sharc_buf *msg) {
  sharc_buf rx = {0};
  const char *s = e->sub, *end = e->sub + e->sub_len;
  while (s < end) {
    const char *open = vd_memmem(s, (size_t)(end - s), "{{", 2);
    if (!open) {
      vd_put_escaped(&rx, s, (size_t)(end - s));
      break;
    }
    vd_put_escaped(&rx, s, (size_t)(open - s));
    s = open + 2;
    const char *close = vd_memmem(s, (size_t)(end - s), "}}", 2);
    if (!close) {
      sharc_buf_free(&rx);
      sharc_buf_puts(msg, "found start of regex with no end '}}'");
      return msg->data;
    }
    const char *err = sharc_regex_error(s, (size_t)(close - s));
    if (err) {
      sharc_buf_free(&rx);
      sharc_buf_printf(msg, "invalid regex: %s", err);
      return msg->data;
    }
    sharc_buf_putc(&rx, '(');
    sharc_buf_put(&rx, s, (size_t)(close - s));
    sharc_buf_putc(&rx, ')');
    s = close + 2;
  }
  /* An empty or otherwise invalid combination silently never matches. */
  e->re = sharc_regex_compile(rx.data ? rx.data : "", rx.len);
  sharc_buf_free(&rx);
  return NULL;
}

typedef struct vd_scan {
  unsigned nlines;
  unsigned last_plain; /* 0-based index of the last non-designator line */
  SHARC_VEC(size_t) below; /* file-list indices waiting for the next plain line */
} vd_scan;

static void vd_apply_designator(sharc_vd *vd, vd_scan *sc, const vd_desig *d, vd_expect *e) {
  int off = 0;
  switch (d->at) {
  case VD_AT_PLUS:
  case VD_AT_MINUS:
    if (!vd_parse_offset(d->num, d->num_len, &off))
      e->bad_line = true;
    else if (d->at == VD_AT_PLUS)
      e->line += (unsigned)off;
    else
      e->line -= (unsigned)off;
    break;
  case VD_AT_ABOVE:
    e->line = sc->last_plain + 1;
    break;
  case VD_AT_BELOW:
    sharc_vec_push(&sc->below, vd->file.len);
    e->line = sc->nlines; /* where a dangling @below ends up */
    break;
  default:
    break;
  }
}

static void vd_scan_designator(sharc_vd *vd, vd_scan *sc, const vd_desig *d, unsigned idx,
                               sharc_buf *out) {
  vd_expect e;
  memset(&e, 0, sizeof e);
  e.kind = d->kind;
  e.line = idx + 1;
  e.loc = d->start;
  e.sub = d->sub;
  e.sub_len = d->sub_len;
  e.is_re = d->is_re;
  if (e.is_re) {
    sharc_buf msg = {0};
    const char *err = vd_compute_regex(&e, &msg);
    if (err) {
      vd_expect_error(vd, &e, out, err);
      vd->ok = false;
      sharc_buf_free(&msg);
      return;
    }
  }
  if (d->at == VD_AT_UNKNOWN) {
    e.loc = NULL;
    sharc_vec_push(&vd->unknown, e);
    return;
  }
  vd_apply_designator(vd, sc, d, &e);
  sharc_vec_push(&vd->file, e);
}

/* Right-trimmed extent of the line starting at `line`. */
static const char *vd_line_end(const char *line, const char *bufend, const char **next) {
  const char *nl = memchr(line, '\n', (size_t)(bufend - line));
  const char *e = nl ? nl : bufend;
  *next = nl ? nl + 1 : NULL;
  while (e > line && vd_is_trailing_space(e[-1]))
    e--;
  return e;
}

static void vd_scan_buffer(sharc_vd *vd, sharc_buf *out) {
  vd_scan sc;
  memset(&sc, 0, sizeof sc);
  sc.nlines = 1;
  for (size_t i = 0; i < vd->len; i++)
    sc.nlines += vd->buf[i] == '\n';
  const char *line = vd->buf, *bufend = vd->buf + vd->len;
  for (unsigned idx = 0; line; idx++) {
    const char *next;
    const char *end = vd_line_end(line, bufend, &next);
    vd_desig d;
    if (vd_find_desig(line, end, &d)) {
      vd_scan_designator(vd, &sc, &d, idx, out);
    } else {
      for (size_t i = 0; i < sc.below.len; i++)
        vd->file.items[sc.below.items[i]].line = idx + 1;
      sharc_vec_clear(&sc.below);
      sc.last_plain = idx;
    }
    line = next;
  }
  sharc_vec_free(&sc.below);
}

/* ---- public API ------------------------------------------------------- */

sharc_vd *sharc_vd_new(const char *name, const char *buf, size_t len, sharc_vd_level level,
                       sharc_buf *out) {
  sharc_vd *vd = sharc_xcalloc(1, sizeof *vd);
  vd->name = name;
  vd->buf = buf ? buf : "";
  vd->len = buf ? len : 0;
  vd->level = level;
  vd->ok = true;
  vd->num_lines = 1;
  for (const char *q = vd->buf, *e = vd->buf + vd->len; (q = memchr(q, '\n', (size_t)(e - q))); q++)
    vd->num_lines++;
  vd->line_starts = sharc_xmalloc_array(vd->num_lines, sizeof *vd->line_starts);
  vd->line_starts[0] = 0;
  size_t k = 1;
  for (const char *q = vd->buf, *e = vd->buf + vd->len; (q = memchr(q, '\n', (size_t)(e - q))); q++)
    vd->line_starts[k++] = (size_t)(q - vd->buf) + 1;
  vd_scan_buffer(vd, out);
  /* expectations by line, each line's in file order */
  vd->first_at_line = sharc_xcalloc(vd->num_lines + 2, sizeof *vd->first_at_line);
  vd->next_at_line = sharc_xcalloc(vd->file.len + 1, sizeof *vd->next_at_line);
  for (size_t i = vd->file.len; i-- > 0;) {
    const vd_expect *e = &vd->file.items[i];
    if (e->bad_line) /* line 0 stays: the implicit module's file:0:0 meets @-N to it */
      continue;
    size_t slot = e->line <= vd->num_lines ? e->line : vd->num_lines + 1;
    vd->next_at_line[i] = vd->first_at_line[slot];
    vd->first_at_line[slot] = i + 1;
  }
  return vd;
}

void sharc_vd_free(sharc_vd *vd) {
  if (!vd)
    return;
  vd_list_free(&vd->file);
  vd_list_free(&vd->unknown);
  free(vd->line_starts);
  free(vd->first_at_line);
  free(vd->next_at_line);
  free(vd);
}

static bool vd_expect_matches(const vd_expect *e, const char *msg) {
  size_t n = strlen(msg);
  if (e->is_re)
    return e->re && sharc_regex_exec(e->re, msg, n);
  return vd_memmem(msg, n, e->sub, e->sub_len) != NULL;
}

static int vd_clamp_kind(int severity) {
  return severity >= VD_ERROR && severity <= VD_REMARK ? severity : VD_ERROR;
}

/* Prints "unexpected KIND: MSG" at the diagnostic's own location, the way
 * SourceMgrDiagnosticHandler::emitDiagnostic renders each kind of location. */
static void vd_print_unexpected(const sharc_vd *vd, const sharc_vd_diag *d, bool has_file,
                                bool ours, sharc_buf *out) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "unexpected %s: %s", vd_kind_name[vd_clamp_kind(d->severity)],
                   d->message ? d->message : "");
  if (!has_file) {
    sharc_buf_puts(out, "<unknown>:0: error: ");
    if (d->loc_text)
      sharc_buf_printf(out, "%s: ", d->loc_text);
    sharc_buf_printf(out, "%s\n", msg.data);
  } else {
    const char *at = ours ? vd_find_line_col(vd, d->line, d->col) : NULL;
    if (at)
      vd_print_at(vd, out, at, msg.data, NULL, NULL);
    else /* SMDiagnostic built from a "file:line:col" string: no snippet */
      sharc_buf_printf(out, "%s:%u:%u: error: %s\n", d->file ? d->file : vd->name, d->line, d->col,
                       msg.data);
  }
  sharc_buf_free(&msg);
}

void sharc_vd_process(sharc_vd *vd, const sharc_vd_diag *d, sharc_buf *out) {
  bool has_file = d->file || d->line != 0;
  bool ours = has_file && (!d->file || !strcmp(d->file, vd->name));
  vd_list *l = !has_file ? &vd->unknown : ours && !vd->file_done ? &vd->file : NULL;
  int kind = vd_clamp_kind(d->severity);
  const char *msg = d->message ? d->message : "";
  vd_expect *near = NULL;
  /* a file location only meets the expectations of its own line */
  bool by_line = l == &vd->file;
  size_t i = 0;
  if (by_line)
    i = vd->first_at_line[d->line <= vd->num_lines ? d->line : vd->num_lines + 1];
  for (; l && (by_line ? i != 0 : i < l->len); i = by_line ? vd->next_at_line[i - 1] : i + 1) {
    vd_expect *e = &l->items[by_line ? i - 1 : i];
    if (has_file && (e->bad_line || e->line != d->line))
      continue;
    if (!vd_expect_matches(e, msg))
      continue;
    if (e->kind == kind) {
      e->matched = true; /* one expectation absorbs any number of repeats */
      return;
    }
    near = e; /* same text, other kind: the last such one is reported */
  }
  if (vd->level == SHARC_VD_ONLY_EXPECTED)
    return;
  if (near) {
    sharc_buf m = {0};
    sharc_buf_printf(&m, "'%s' diagnostic emitted when expecting a '%s'", vd_kind_name[kind],
                     vd_kind_name[near->kind]);
    vd_print_at(vd, out, near->loc, m.data, NULL, NULL);
    sharc_buf_free(&m);
  } else {
    vd_print_unexpected(vd, d, has_file, ours, out);
  }
  vd->ok = false;
}

static void vd_report_unmatched(sharc_vd *vd, vd_list *l, sharc_buf *out) {
  for (size_t i = 0; i < l->len; i++) {
    vd_expect *e = &l->items[i];
    if (e->matched)
      continue;
    sharc_buf m = {0};
    sharc_buf_printf(&m, "expected %s \"", vd_kind_name[e->kind]);
    sharc_buf_put(&m, e->sub, e->sub_len);
    sharc_buf_puts(&m, "\" was not produced");
    vd_expect_error(vd, e, out, m.data);
    sharc_buf_free(&m);
    vd->ok = false;
  }
}

bool sharc_vd_verify(sharc_vd *vd, sharc_buf *out) {
  if (!vd->file_done)
    vd_report_unmatched(vd, &vd->file, out);
  vd->file_done = true; /* MLIR clears only the per-file expectations */
  vd_report_unmatched(vd, &vd->unknown, out);
  return vd->ok;
}

bool sharc_verify_diagnostics(const char *name, const char *buf, size_t len,
                              const sharc_vd_diag *diags, size_t n, sharc_buf *out) {
  sharc_vd *vd = sharc_vd_new(name, buf, len, SHARC_VD_ALL, out);
  for (size_t i = 0; i < n; i++)
    sharc_vd_process(vd, &diags[i], out);
  bool ok = sharc_vd_verify(vd, out);
  (void)sharc_vd_verify(vd, out); /* mlir-opt's handler destructor */
  sharc_vd_free(vd);
  return ok;
}

bool sharc_vd_has_expectations(const char *buf, size_t len) {
  const char *line = buf, *bufend = buf + len;
  while (line) {
    const char *next;
    const char *end = vd_line_end(line, bufend, &next);
    vd_desig d;
    if (vd_find_desig(line, end, &d))
      return true;
    line = next;
  }
  return false;
}

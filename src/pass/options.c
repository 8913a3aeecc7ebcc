/* Typed pass options: values parsed as LLVM's command-line parsers do, with
 * their error messages, into the fields of a pass's options struct. */
#include "pass/pass_manager_internal.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's StringRef::getAsInteger with radix 0: 0x/0X hex, 0b/0B binary,
 * 0o octal, a leading 0 octal, else decimal; the whole text must be the
 * number; signed accepts one leading '-'. */
static bool parse_u64(const char *s, uint64_t *out) {
  unsigned radix = 10;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    radix = 16, s += 2;
  else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    radix = 2, s += 2;
  else if (s[0] == '0' && s[1] == 'o')
    radix = 8, s += 2;
  else if (s[0] == '0' && s[1])
    radix = 8, s += 1;
  if (!*s)
    return false;
  uint64_t v = 0;
  for (; *s; s++) {
    unsigned d;
    if (*s >= '0' && *s <= '9')
      d = (unsigned)(*s - '0');
    else if (*s >= 'a' && *s <= 'z')
      d = (unsigned)(*s - 'a' + 10);
    else if (*s >= 'A' && *s <= 'Z')
      d = (unsigned)(*s - 'A' + 10);
    else
      return false;
    if (d >= radix || v > (UINT64_MAX - d) / radix)
      return false;
    v = v * radix + d;
  }
  *out = v;
  return true;
}

static bool parse_i64(const char *s, int64_t *out) {
  bool neg = *s == '-';
  uint64_t mag;
  if (!parse_u64(s + neg, &mag))
    return false;
  if (neg ? mag > (uint64_t)INT64_MAX + 1 : mag > (uint64_t)INT64_MAX)
    return false;
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return true;
}

static bool parse_bool(const char *s, bool *out) {
  if (!*s || !strcmp(s, "true") || !strcmp(s, "TRUE") || !strcmp(s, "True") || !strcmp(s, "1")) {
    *out = true;
    return true;
  }
  if (!strcmp(s, "false") || !strcmp(s, "FALSE") || !strcmp(s, "False") || !strcmp(s, "0")) {
    *out = false;
    return true;
  }
  return false;
}

static bool invalid(sharc_buf *err, const char *text, const char *what) {
  sharc_buf_printf(err, "'%s' value invalid for %s argument!", text, what);
  return false;
}

/* Splits a list value at top-level commas: commas inside quotes or any
 * bracket pair ({} () [], as MLIR's option parser skips them) stay, so a
 * list of pipelines `a(b,c),d` has two items. */
unsigned sharc_options_split_list(char *s, char **items, unsigned cap) {
  unsigned n = 0, depth = 0;
  char quote = 0;
  if (!*s)
    return 0;
  items[n++] = s;
  for (; *s; s++) {
    if (quote) {
      quote = *s == quote ? 0 : quote;
    } else if (*s == '"' || *s == '\'') {
      quote = *s;
    } else if (*s == '{' || *s == '(' || *s == '[') {
      depth++;
    } else if ((*s == '}' || *s == ')' || *s == ']') && depth) {
      depth--;
    } else if (*s == ',' && !depth) {
      *s = 0;
      if (n == cap)
        return n;
      items[n++] = s + 1;
    }
  }
  return n;
}

static bool parse_list(const sharc_option_def *o, const char *text, void *dst, void *owner,
                       sharc_buf *err) {
  size_t len = strlen(text);
  char *copy = malloc(len + 1);
  char **items = malloc((len + 1) * sizeof *items);
  if (!copy || !items)
    abort();
  memcpy(copy, text, len + 1);
  unsigned n = sharc_options_split_list(copy, items, (unsigned)len + 1);
  bool ok = true;
  if (o->kind == SHARC_OPT_STRING_LIST) {
    const char **out = sharc_pass_owner_alloc(owner, (n + 1) * sizeof *out);
    for (unsigned i = 0; i < n; i++)
      out[i] = sharc_pass_option_strdup(owner, items[i], strlen(items[i]));
    if (dst)
      *(sharc_string_list *)dst = (sharc_string_list){n, out};
  } else {
    int64_t *out = sharc_pass_owner_alloc(owner, (n + 1) * sizeof *out);
    for (unsigned i = 0; i < n && ok; i++)
      ok = parse_i64(items[i], &out[i]) || invalid(err, items[i], "long");
    if (ok && dst)
      *(sharc_int64_list *)dst = (sharc_int64_list){n, out};
  }
  free(copy);
  free(items);
  return ok;
}

static bool parse_enum(const sharc_option_def *o, const char *text, void *dst, sharc_buf *err) {
  for (int i = 0; o->enum_names && o->enum_names[i]; i++)
    if (!strcmp(o->enum_names[i], text)) {
      if (dst)
        *(int *)dst = i;
      return true;
    }
  sharc_buf_printf(err, "Cannot find option named '%s'!", text);
  return false;
}

static bool parse_number(const sharc_option_def *o, const char *text, void *dst, sharc_buf *err) {
  int64_t i;
  uint64_t u;
  switch (o->kind) {
  case SHARC_OPT_INT:
    if (!parse_i64(text, &i) || i < INT32_MIN || i > INT32_MAX)
      return invalid(err, text, "integer");
    if (dst)
      *(int *)dst = (int)i;
    return true;
  case SHARC_OPT_UINT:
    if (!parse_u64(text, &u) || u > UINT32_MAX)
      return invalid(err, text, "uint");
    if (dst)
      *(unsigned *)dst = (unsigned)u;
    return true;
  case SHARC_OPT_INT64:
    if (!parse_i64(text, &i))
      return invalid(err, text, "long");
    if (dst)
      *(int64_t *)dst = i;
    return true;
  case SHARC_OPT_UINT64:
    if (!parse_u64(text, &u))
      return invalid(err, text, "ulong");
    if (dst)
      *(uint64_t *)dst = u;
    return true;
  default: {
    char *end;
    errno = 0;
    double d = strtod(text, &end);
    if (!*text || *end || errno == ERANGE)
      return invalid(err, text, "floating point");
    if (dst)
      *(double *)dst = d;
    return true;
  }
  }
}

bool sharc_option_parse(const sharc_option_def *o, const char *text, bool has_value, void *dst,
                        void *owner, sharc_buf *err) {
  if (!has_value && o->kind != SHARC_OPT_BOOL) {
    sharc_buf_puts(err, "requires a value!");
    return false;
  }
  switch (o->kind) {
  case SHARC_OPT_BOOL: {
    bool b;
    if (!parse_bool(has_value ? text : "", &b)) {
      sharc_buf_printf(err, "'%s' is invalid value for boolean argument! Try 0 or 1", text);
      return false;
    }
    if (dst)
      *(bool *)dst = b;
    return true;
  }
  case SHARC_OPT_STRING:
    if (dst)
      *(const char **)dst = sharc_pass_option_strdup(owner, text, strlen(text));
    return true;
  case SHARC_OPT_ENUM:
    return parse_enum(o, text, dst, err);
  case SHARC_OPT_STRING_LIST:
  case SHARC_OPT_INT64_LIST:
    return parse_list(o, text, dst, owner, err);
  case SHARC_OPT_CUSTOM:
    return !o->parse || o->parse(dst, text, err, owner);
  default:
    return parse_number(o, text, dst, err);
  }
}

/* ---- option strings (MLIR's PassOptions::parseFromString) -----------------
 * `key=value key2 key3='a b' key4={x=1 y}`: a key ends at '=' or a space;
 * a value at a space outside quotes and braces; a value wrapped in quotes
 * loses them. */

/* Skips a quoted or braced run starting at s[*i]; true when it did. */
static void skip_punct(const char *s, size_t n, size_t *i) {
  char c = s[*i];
  if (c == '"' || c == '\'') {
    size_t j = *i + 1;
    while (j < n && s[j] != c)
      j++;
    *i = j < n ? j : n - 1;
  } else if (c == '{') {
    unsigned depth = 1;
    size_t j = *i + 1;
    for (; j < n; j++) {
      if (s[j] == '{')
        depth++;
      else if (s[j] == '}' && --depth == 0)
        break;
    }
    *i = j < n ? j : n - 1;
  }
}

/* The argument s[0..len) trimmed, without one pair of surrounding quotes. */
static char *extract_arg(const char *s, size_t len) {
  while (len && *s == ' ')
    s++, len--;
  while (len && s[len - 1] == ' ')
    len--;
  if (len >= 2 && ((s[0] == '\'' && s[len - 1] == '\'') || (s[0] == '"' && s[len - 1] == '"'))) {
    s++, len -= 2;
    while (len && *s == ' ')
      s++, len--;
    while (len && s[len - 1] == ' ')
      len--;
  }
  char *out = malloc(len + 1);
  if (!out)
    abort();
  memcpy(out, s, len);
  out[len] = 0;
  return out;
}

static const char *ltrim(const char *s) {
  while (*s == ' ')
    s++;
  return s;
}

bool sharc_options_next(const char **cursor, char **key, char **value) {
  const char *s = *cursor;
  size_t n = strlen(s);
  *value = NULL;
  for (size_t i = 0;; i++) {
    if (i == n || s[i] == ' ') {
      *key = extract_arg(s, i);
      *cursor = ltrim(s + i);
      return true;
    }
    if (s[i] == '=') {
      *key = extract_arg(s, i);
      const char *v = s + i + 1;
      size_t vn = strlen(v);
      for (size_t j = 0;; j++) {
        if (j >= vn || v[j] == ' ') {
          *value = extract_arg(v, j < vn ? j : vn);
          *cursor = ltrim(v + (j < vn ? j : vn));
          return true;
        }
        skip_punct(v, vn, &j);
      }
    }
    skip_punct(s, n, &i);
  }
}

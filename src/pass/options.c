/* Typed pass options: values parsed as LLVM's command-line parsers do, with
 * their error messages, into the fields of a pass's options struct. */
#include "pass/pass_manager_internal.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's StringRef::getAsInteger: radix 0 senses it, 0x/0X hex, 0b/0B
 * binary, 0o octal, a leading 0 octal, else decimal; the whole text must
 * be the number; signed accepts one leading '-'. */
static unsigned sense_radix(const char **s) {
  const char *t = *s;
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
    return *s += 2, 16;
  if (t[0] == '0' && (t[1] == 'b' || t[1] == 'B'))
    return *s += 2, 2;
  if (t[0] == '0' && t[1] == 'o')
    return *s += 2, 8;
  if (t[0] == '0' && t[1])
    return *s += 1, 8;
  return 10;
}

static bool parse_u64(const char *s, unsigned radix, uint64_t *out) {
  if (!radix)
    radix = sense_radix(&s);
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

static bool parse_i64(const char *s, unsigned radix, int64_t *out) {
  bool neg = *s == '-';
  uint64_t mag;
  if (!parse_u64(s + neg, radix, &mag))
    return false;
  if (neg ? mag > (uint64_t)INT64_MAX + 1 : mag > (uint64_t)INT64_MAX)
    return false;
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return true;
}

bool sharc_cl_parse_u64(const char *s, uint64_t *out) { return parse_u64(s, 0, out); }
bool sharc_cl_parse_i64(const char *s, int64_t *out) { return parse_i64(s, 0, out); }
bool sharc_cl_parse_decimal_i64(const char *s, int64_t *out) { return parse_i64(s, 10, out); }

bool sharc_cl_parse_bool(const char *s, bool *out) {
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

/* ---- MLIR's option-string scanning (PassRegistry.cpp) ------------------- */

#define NPOS ((size_t)-1)

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* MLIR's findChar: the next `c` at or after `i`, passing over {...}, (...),
 * [...] and quoted runs; NPOS when there is none. */
static size_t find_char(const char *s, size_t n, size_t i, char c) {
  for (; i < n; i++) {
    if (s[i] == c)
      return i;
    if (s[i] == '{')
      i = find_char(s, n, i + 1, '}');
    else if (s[i] == '(')
      i = find_char(s, n, i + 1, ')');
    else if (s[i] == '[')
      i = find_char(s, n, i + 1, ']');
    else if (s[i] == '"' || s[i] == '\'') {
      const char *q = memchr(s + i + 1, s[i], n - i - 1);
      i = q ? (size_t)(q - s) : NPOS;
    }
    if (i == NPOS)
      return NPOS;
  }
  return NPOS;
}

static void trim(const char **s, size_t *n) {
  while (*n && is_space(**s))
    (*s)++, (*n)--;
  while (*n && is_space((*s)[*n - 1]))
    (*n)--;
}

/* MLIR's extractArgAndUpdateOptions on s[0..len): trimmed; then without one
 * pair of surrounding quotes (and nothing more), or else without braces
 * that wrap the whole of it. malloc'd. */
static char *extract_arg(const char *s, size_t len) {
  trim(&s, &len);
  if (len > 1) {
    if ((s[0] == '\'' && s[len - 1] == '\'') || (s[0] == '"' && s[len - 1] == '"')) {
      s++, len -= 2;
      trim(&s, &len);
    } else if (s[0] == '{' && find_char(s, len, 1, '}') == len - 1) {
      s++, len -= 2;
      trim(&s, &len);
    }
  }
  return sharc_str_dup((sharc_str){s, len});
}

/* Splits a list in place at its top-level commas (find_char's), items
 * left as written: for values that are parsed again (pipelines). */
static const char *ltrim(const char *s) {
  while (is_space(*s))
    s++;
  return s;
}

bool sharc_option_for_each_list_item(const char *text, bool (*each)(const char *item, void *user),
                                     void *user) {
  SHARC_VEC(char *) items = {0};
  size_t n = strlen(text);
  while (n) {
    size_t comma = find_char(text, n, 0, ',');
    size_t len = comma == NPOS ? n : comma;
    sharc_vec_push(&items, extract_arg(text, len));
    if (comma == NPOS)
      break;
    text += comma + 1;
    n -= comma + 1;
    if (!n) /* a trailing comma leaves one empty element */
      sharc_vec_push(&items, extract_arg(text, 0));
  }
  bool ok = true;
  for (unsigned i = 0; i < items.len && ok; i++)
    ok = each(items.items[i], user);
  for (unsigned i = 0; i < items.len; i++)
    free(items.items[i]);
  sharc_vec_free(&items);
  return ok;
}

typedef struct list_items {
  SHARC_VEC(const char *) strs;
  void *owner;
} list_items;

static bool keep_item(const char *item, void *user) {
  list_items *l = user;
  sharc_vec_push(&l->strs, sharc_pass_option_strdup(l->owner, item, strlen(item)));
  return true;
}

/* MLIR's parseCommaSeparatedList: elements at the commas findChar finds,
 * each cleaned by extract_arg; an empty text is an empty list. Values
 * already in `*old` (an earlier occurrence of the option) are kept first. */
static bool parse_list(const sharc_option_def *o, const char *text, void *dst, void *owner,
                       sharc_buf *err) {
  list_items l = {{0}, owner};
  sharc_option_for_each_list_item(text, keep_item, &l);
  bool ok = true;
  unsigned count = l.strs.len;
  if (o->kind == SHARC_OPT_STRING_LIST) {
    const char **out = sharc_pass_owner_alloc(owner, (count + 1) * sizeof *out);
    for (unsigned i = 0; i < count; i++)
      out[i] = l.strs.items[i];
    if (dst)
      *(sharc_string_list *)dst = (sharc_string_list){count, out};
  } else {
    int64_t *out = sharc_pass_owner_alloc(owner, (count + 1) * sizeof *out);
    for (unsigned i = 0; i < count && ok; i++)
      ok = sharc_cl_parse_i64(l.strs.items[i], &out[i]) || invalid(err, l.strs.items[i], "long");
    if (ok && dst)
      *(sharc_int64_list *)dst = (sharc_int64_list){count, out};
  }
  sharc_vec_free(&l.strs);
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
    if (!sharc_cl_parse_i64(text, &i) || i < INT32_MIN || i > INT32_MAX)
      return invalid(err, text, "integer");
    if (dst)
      *(int *)dst = (int)i;
    return true;
  case SHARC_OPT_UINT:
    if (!sharc_cl_parse_u64(text, &u) || u > UINT32_MAX)
      return invalid(err, text, "uint");
    if (dst)
      *(unsigned *)dst = (unsigned)u;
    return true;
  case SHARC_OPT_INT64:
    if (!sharc_cl_parse_i64(text, &i))
      return invalid(err, text, "long");
    if (dst)
      *(int64_t *)dst = i;
    return true;
  case SHARC_OPT_UINT64:
    if (!sharc_cl_parse_u64(text, &u))
      return invalid(err, text, "ulong");
    if (dst)
      *(uint64_t *)dst = u;
    return true;
  default: {
    /* LLVM's to_float: strtod must read the whole text; an empty text is
     * 0 and out-of-range values saturate, as strtod gives them */
    char *end;
    double d = strtod(text, &end);
    if (*end)
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
    if (!sharc_cl_parse_bool(has_value ? text : "", &b)) {
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
 * `key=value key2 key3='a b' key4={x=1 y}`: a key ends at '=' or a space; a
 * value at a space outside quotes and braces; both cleaned by extract_arg. */

/* MLIR's tryProcessPunct: at a quote, moves to its closing quote if any. */
static bool skip_quoted(const char *s, size_t n, size_t *i) {
  char c = s[*i];
  if (c != '\'' && c != '"')
    return false;
  const char *q = memchr(s + *i + 1, c, n - *i - 1);
  if (q)
    *i = (size_t)(q - s);
  return true;
}

bool sharc_options_next(const char **cursor, char **key, char **value) {
  const char *s = *cursor;
  size_t n = strlen(s);
  *value = NULL;
  size_t i = 0;
  for (;; i++) {
    if (i == n || s[i] == ' ') {
      *key = extract_arg(s, i);
      *cursor = ltrim(s + i);
      return true;
    }
    if (s[i] == '=')
      break;
  }
  *key = extract_arg(s, i);
  const char *v = ltrim(s + i) + 1; /* past the '=' */
  size_t vn = strlen(v), j = 0;
  for (;; j++) {
    if (j >= vn || v[j] == ' ')
      break;
    char c = v[j];
    if (skip_quoted(v, vn, &j))
      continue;
    if (c == '{') {
      unsigned depth = 1;
      for (++j; j < vn; ++j) {
        if (skip_quoted(v, vn, &j))
          continue;
        if (v[j] == '{')
          depth++;
        else if (v[j] == '}' && --depth == 0)
          break;
      }
      --j; /* the loop's increment comes back to the closing brace */
    }
  }
  if (j > vn)
    j = vn;
  *value = extract_arg(v, j);
  *cursor = ltrim(v + j);
  return true;
}

/* Borrowed byte strings. */
#include "sharc/support.h"
#include "support/xalloc.h"

#include <string.h>

sharc_str sharc_str_from_cstr(const char *s) { return (sharc_str){s, s ? strlen(s) : 0}; }

char *sharc_str_dup(sharc_str s) {
  char *out = sharc_xmalloc(s.len + 1);
  if (s.len)
    memcpy(out, s.data, s.len);
  out[s.len] = 0;
  return out;
}

bool sharc_str_eq(sharc_str a, sharc_str b) {
  return a.len == b.len && (a.len == 0 || memcmp(a.data, b.data, a.len) == 0);
}

/* Compared byte by byte, stopping at the first difference: no strlen of
 * `s` (op and keyword tables compare many names that differ early). */
bool sharc_str_eq_cstr(sharc_str a, const char *s) {
  if (!s)
    return a.len == 0;
  for (size_t i = 0; i < a.len; i++)
    if (s[i] != a.data[i] || !s[i])
      return false;
  return s[a.len] == 0;
}

bool sharc_str_starts_with(sharc_str s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.len >= n && memcmp(s.data, prefix, n) == 0;
}

bool sharc_str_contains(sharc_str hay, sharc_str needle) {
  for (size_t i = 0; i + needle.len <= hay.len; i++)
    if (needle.len == 0 || memcmp(hay.data + i, needle.data, needle.len) == 0)
      return true;
  return false;
}

int sharc_str_cmp(sharc_str a, sharc_str b) {
  size_t n = a.len < b.len ? a.len : b.len;
  int c = n ? memcmp(a.data, b.data, n) : 0;
  if (c)
    return c;
  return a.len < b.len ? -1 : a.len > b.len;
}

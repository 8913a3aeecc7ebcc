/* Shardy's custom option parsers of the MPMD import passes (its
 * mesh_assignment_map.cc and sharding_constraints.cc), messages included. */
#include "transforms/mpmd/import/mesh_assignment_map.h"

#include "pass/pass_registry.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* StringRef::trim: the whitespace " \t\n\v\f\r" at both ends. */
static sharc_str trim(sharc_str s) {
  static const char ws[] = " \t\n\v\f\r";
  while (s.len && strchr(ws, s.data[0]) && s.data[0])
    s.data++, s.len--;
  while (s.len && strchr(ws, s.data[s.len - 1]) && s.data[s.len - 1])
    s.len--;
  return s;
}

/* StringRef::getAsInteger(10, int64_t): an optional '-', decimal digits,
 * nothing else, within range. */
static bool as_int64(sharc_str s, int64_t *out) {
  bool neg = s.len && s.data[0] == '-';
  size_t i = neg;
  if (i == s.len)
    return false;
  uint64_t v = 0;
  for (; i < s.len; i++) {
    char c = s.data[i];
    if (c < '0' || c > '9')
      return false;
    uint64_t d = (uint64_t)(c - '0');
    if (v > (UINT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
    return false;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return true;
}

static const char *dup(void *owner, sharc_str s) {
  return sharc_pass_option_strdup(owner, s.data, s.len);
}

/* Splits `*rest` at its first ',' (StringRef::split). */
static sharc_str next_item(sharc_str *rest) {
  const char *comma = memchr(rest->data, ',', rest->len);
  if (!comma) {
    sharc_str cur = *rest;
    *rest = (sharc_str){rest->data + rest->len, 0};
    return cur;
  }
  sharc_str cur = {rest->data, (size_t)(comma - rest->data)};
  *rest = (sharc_str){comma + 1, (size_t)(rest->data + rest->len - comma - 1)};
  return cur;
}

/* ---- UserAssignmentMap ------------------------------------------------------------ */

typedef SHARC_VEC(sharc_mpmd_name_assignment) name_vec;

/* The next `left@right` item of `rest`, trimmed; false, with the error in
 * `err`, when it has no '@' (`what` says what the '@' denotes). */
static bool next_assignment(sharc_str *rest, const char *what, sharc_buf *err, sharc_str *left,
                            sharc_str *right) {
  sharc_str cur = trim(next_item(rest));
  const char *at = memchr(cur.data, '@', cur.len);
  if (!at) {
    sharc_buf_printf(err, "Assignment must contain '@' denoting %s, got: %.*s", what, (int)cur.len,
                     cur.data);
    return false;
  }
  *left = (sharc_str){cur.data, (size_t)(at - cur.data)};
  *right = (sharc_str){at + 1, (size_t)(cur.data + cur.len - at - 1)};
  return true;
}

static int cmp_names(const char *a, const char *b) { return strcmp(a, b); }

/* std::map's operator[]: a name given again takes the new target. */
static void put_name(name_vec *v, sharc_mpmd_name_assignment e) {
  unsigned lo = 0, hi = v->len;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    int c = cmp_names(v->items[mid].name, e.name);
    if (c == 0) {
      v->items[mid] = e;
      return;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  sharc_vec_push(v, e);
  memmove(v->items + lo + 1, v->items + lo, (v->len - 1 - lo) * sizeof *v->items);
  v->items[lo] = e;
}

bool sharc_mpmd_parse_user_assignment(void *dst, const char *text, sharc_buf *err, void *owner) {
  name_vec v = {0};
  sharc_str rest = sharc_str_from_cstr(text);
  bool ok = true;
  while (ok && rest.len) {
    sharc_str name, target;
    if (!next_assignment(&rest, "a name assigned to a mesh (and stage)", err, &name, &target)) {
      ok = false;
      break;
    }
    sharc_mpmd_name_assignment e = {dup(owner, name), NULL, false, 0};
    const char *slash = memchr(target.data, '/', target.len);
    if (!slash) {
      e.mesh = dup(owner, target);
    } else {
      sharc_str stage = {slash + 1, (size_t)(target.data + target.len - slash - 1)};
      if (!as_int64(stage, &e.stage)) {
        sharc_buf_printf(err, "Failed to parse stage number: %.*s", (int)stage.len, stage.data);
        ok = false;
        break;
      }
      e.has_stage = true;
      e.mesh = dup(owner, (sharc_str){target.data, (size_t)(slash - target.data)});
    }
    put_name(&v, e);
  }
  if (ok && dst) {
    sharc_mpmd_name_assignment *items = sharc_pass_owner_alloc(owner, (v.len + 1) * sizeof *items);
    if (v.len)
      memcpy(items, v.items, v.len * sizeof *items);
    *(sharc_mpmd_user_assignment *)dst = (sharc_mpmd_user_assignment){v.len, items};
  }
  sharc_vec_free(&v);
  return ok;
}

const sharc_mpmd_name_assignment *sharc_mpmd_user_assignment_find(const sharc_mpmd_user_assignment *m,
                                                                 sharc_str name) {
  unsigned lo = 0, hi = m->n;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    const char *k = m->items[mid].name;
    size_t klen = strlen(k);
    size_t n = klen < name.len ? klen : name.len;
    int c = n ? memcmp(k, name.data, n) : 0;
    if (c == 0)
      c = klen < name.len ? -1 : klen > name.len ? 1 : 0;
    if (c == 0)
      return &m->items[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* ---- IndexedAssignmentMap ------------------------------------------------------------
 * llvm::DenseMap<int, std::string> iterates its buckets in order, and the
 * passes create ops in that order, so the map is kept as LLVM lays it out:
 * hash key * 37, quadratic probing, 64 buckets at first, doubled at 3/4
 * load. */

#define EMPTY_KEY INT_MAX

typedef struct dense_map {
  int *keys;
  const char **vals;
  unsigned buckets, entries;
} dense_map;

static unsigned find_bucket(const dense_map *m, int key) {
  unsigned mask = m->buckets - 1, b = ((unsigned)key * 37u) & mask, probe = 1;
  while (m->keys[b] != key && m->keys[b] != EMPTY_KEY)
    b = (b + probe++) & mask;
  return b;
}

static void dense_grow(dense_map *m, unsigned at_least) {
  unsigned n = 64;
  while (n < at_least)
    n *= 2;
  dense_map g = {sharc_xmalloc_array(n, sizeof(int)), sharc_xmalloc_array(n, sizeof(char *)), n, 0};
  for (unsigned i = 0; i < n; i++)
    g.keys[i] = EMPTY_KEY;
  for (unsigned i = 0; i < m->buckets; i++)
    if (m->keys[i] != EMPTY_KEY) {
      unsigned b = find_bucket(&g, m->keys[i]);
      g.keys[b] = m->keys[i];
      g.vals[b] = m->vals[i];
      g.entries++;
    }
  free(m->keys);
  free(m->vals);
  *m = g;
}

static void dense_put(dense_map *m, int key, const char *val) {
  if (m->buckets) {
    unsigned b = find_bucket(m, key);
    if (m->keys[b] == key) {
      m->vals[b] = val;
      return;
    }
  }
  if ((m->entries + 1) * 4 >= m->buckets * 3)
    dense_grow(m, m->buckets * 2);
  unsigned b = find_bucket(m, key);
  m->keys[b] = key;
  m->vals[b] = val;
  m->entries++;
}

bool sharc_mpmd_parse_indexed_assignment(void *dst, const char *text, sharc_buf *err, void *owner) {
  dense_map m = {0};
  sharc_str rest = sharc_str_from_cstr(text);
  bool ok = true;
  while (ok && rest.len) {
    sharc_str index, target;
    if (!next_assignment(&rest, "a name assigned to a mesh", err, &index, &target)) {
      ok = false;
      break;
    }
    int64_t i;
    if (!as_int64(index, &i)) {
      sharc_buf_printf(err, "Failed to parse index: %.*s", (int)index.len, index.data);
      ok = false;
      break;
    }
    dense_put(&m, (int)i, dup(owner, target));
  }
  if (ok && dst) {
    sharc_mpmd_index_assignment *items =
        sharc_pass_owner_alloc(owner, (m.entries + 1) * sizeof *items);
    unsigned k = 0;
    for (unsigned b = 0; b < m.buckets; b++)
      if (m.keys[b] != EMPTY_KEY)
        items[k++] = (sharc_mpmd_index_assignment){m.keys[b], m.vals[b]};
    *(sharc_mpmd_indexed_assignment *)dst = (sharc_mpmd_indexed_assignment){k, items};
  }
  free(m.keys);
  free(m.vals);
  return ok;
}

/* ---- InputOutputEquishardingConstraint list ---------------------------------------------- */

typedef struct constraint_list {
  SHARC_VEC(sharc_mpmd_io_constraint) items;
  sharc_buf *err;
} constraint_list;

static bool parse_constraint(const char *item, void *user) {
  constraint_list *l = user;
  sharc_str s = sharc_str_from_cstr(item);
  const char *colon = memchr(s.data, ':', s.len);
  sharc_str in = colon ? (sharc_str){s.data, (size_t)(colon - s.data)} : s;
  sharc_str out = colon ? (sharc_str){colon + 1, (size_t)(s.data + s.len - colon - 1)}
                        : (sharc_str){s.data + s.len, 0};
  sharc_mpmd_io_constraint c;
  if (!as_int64(in, &c.input_index)) {
    sharc_buf_printf(l->err, "Failed to parse input index: %.*s", (int)in.len, in.data);
    return false;
  }
  if (!as_int64(out, &c.output_index)) {
    sharc_buf_printf(l->err, "Failed to parse output index: %.*s", (int)out.len, out.data);
    return false;
  }
  sharc_vec_push(&l->items, c);
  return true;
}

bool sharc_mpmd_parse_io_constraints(void *dst, const char *text, sharc_buf *err, void *owner) {
  constraint_list l = {{0}, err};
  bool ok = sharc_option_for_each_list_item(text, parse_constraint, &l);
  if (ok && dst) {
    sharc_mpmd_io_constraint *items = sharc_pass_owner_alloc(owner, (l.items.len + 1) * sizeof *items);
    if (l.items.len)
      memcpy(items, l.items.items, l.items.len * sizeof *items);
    *(sharc_mpmd_io_constraints *)dst = (sharc_mpmd_io_constraints){l.items.len, items};
  }
  sharc_vec_free(&l.items);
  return ok;
}

bool sharc_mpmd_io_constraint_in_range(sharc_op *func, sharc_mpmd_io_constraint c,
                                       unsigned num_inputs, unsigned num_outputs) {
  if (c.input_index >= 0 && c.input_index < (int64_t)num_inputs && c.output_index >= 0 &&
      c.output_index < (int64_t)num_outputs)
    return true;
  sharc_emit_op_error(func, "constraint %lld:%lld refers to an input or output the function "
                            "does not have",
                      (long long)c.input_index, (long long)c.output_index);
  return false;
}

/* Names of lowered fragments from their metadata (origins, stage ids,
 * call counters), as Shardy composes them. */
#include "transforms/mpmd/export/naming_utils.h"

#include "sharc/mpmd.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

void sharc_mpmd_truncate_name(sharc_buf *str, size_t max_length) {
  static const char delimiter[] = "<...>";
  if (max_length < 32 || str->len <= max_length)
    return;
  str->len = max_length - (sizeof delimiter - 1);
  str->data[str->len] = 0;
  SHARC_BUF_LIT(str, "<...>");
}

/* StringRef::consumeInteger<int64_t> of the whole text: an optional '-'
 * and decimal digits, within range. */
static bool parse_counter(sharc_str s, int64_t *out) {
  bool negative = s.len && s.data[0] == '-';
  size_t i = negative ? 1 : 0;
  if (i == s.len)
    return false;
  unsigned long long v = 0;
  for (; i < s.len; i++) {
    char c = s.data[i];
    if (c < '0' || c > '9')
      return false;
    unsigned long long prev = v;
    v = v * 10 + (unsigned)(c - '0');
    if (v / 10 < prev)
      return false;
  }
  if (negative) {
    if ((long long)(0 - v) > 0)
      return false;
    *out = (int64_t)(0 - v);
    return true;
  }
  if ((long long)v < 0)
    return false;
  *out = (int64_t)v;
  return true;
}

/* ParseToHeadAndCounter without the transpose count: "block_3" is head
 * "block" and counter 3; a name without a numeric suffix is its own head. */
typedef struct head_counter {
  sharc_str head;
  bool has_counter;
  int64_t counter;
} head_counter;

static head_counter parse_head(sharc_str name) {
  head_counter hc = {name, false, 0};
  for (size_t i = name.len; i-- > 0;) {
    if (name.data[i] != '_')
      continue;
    sharc_str suffix = {name.data + i + 1, name.len - i - 1};
    if (parse_counter(suffix, &hc.counter)) {
      hc.head = (sharc_str){name.data, i};
      hc.has_counter = true;
    }
    break;
  }
  return hc;
}

/* std::string ordering: bytes compared as unsigned, a prefix first. */
static int str_order(sharc_str a, sharc_str b) {
  size_t n = a.len < b.len ? a.len : b.len;
  int c = n ? memcmp(a.data, b.data, n) : 0;
  if (c)
    return c;
  return a.len < b.len ? -1 : a.len > b.len;
}

static int by_head(const void *x, const void *y) {
  const head_counter *a = x, *b = y;
  int c = str_order(a->head, b->head);
  if (c)
    return c;
  /* counters ascending, none first: only their set matters */
  if (a->has_counter != b->has_counter)
    return a->has_counter ? 1 : -1;
  return a->counter < b->counter ? -1 : a->counter > b->counter;
}

/* GetMostFrequentName. */
static void most_frequent_name(const sharc_attr *origins, sharc_buf *out) {
  unsigned n = sharc_attr_count(origins);
  head_counter *all = sharc_xmalloc_array(n + 1, sizeof *all);
  bool is_bwd = true;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origins, i);
    all[i] = parse_head(sharc_mpmd_user_origin_name(o));
    is_bwd = is_bwd && sharc_mpmd_user_origin_transpose_count(o) == 1;
  }
  qsort(all, n, sizeof *all, by_head);
  /* the largest group, the first (smallest name) on ties */
  unsigned best = 0, best_size = 0, groups = 0;
  for (unsigned i = 0, j; i < n; i = j) {
    for (j = i; j < n && str_order(all[j].head, all[i].head) == 0; j++)
      ;
    groups++;
    if (j - i > best_size) {
      best = i;
      best_size = j - i;
    }
  }
  const char *tail = groups == 1 ? "" : "...";
  sharc_str name = all[best].head;
  bool any = false;
  int64_t lo = 0, hi = 0;
  for (unsigned k = best; k < best + best_size; k++) {
    if (!all[k].has_counter)
      continue;
    if (!any || all[k].counter < lo)
      lo = all[k].counter;
    if (!any || all[k].counter > hi)
      hi = all[k].counter;
    any = true;
  }
  sharc_buf_put_str(out, name);
  if (any && lo == hi)
    sharc_buf_printf(out, "_%lld", (long long)lo);
  else if (any)
    sharc_buf_printf(out, "_%lld:%lld", (long long)(is_bwd ? hi : lo), (long long)(is_bwd ? lo : hi));
  sharc_buf_puts(out, tail);
  free(all);
}

static int by_i64(const void *x, const void *y) {
  int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
  return a < b ? -1 : a > b;
}

/* GetPhasesFromUserOrigins: one "_fwd" / "_bwd" / "_transpose<N>" per
 * distinct transpose count, ascending. */
static void append_phases(const sharc_attr *origins, sharc_buf *out) {
  unsigned n = sharc_attr_count(origins);
  int64_t *counts = sharc_xmalloc_array(n + 1, sizeof *counts);
  for (unsigned i = 0; i < n; i++)
    counts[i] = sharc_mpmd_user_origin_transpose_count(sharc_attr_at(origins, i));
  qsort(counts, n, sizeof *counts, by_i64);
  for (unsigned i = 0; i < n; i++) {
    if (i && counts[i] == counts[i - 1])
      continue;
    if (counts[i] == 0)
      SHARC_BUF_LIT(out, "_fwd");
    else if (counts[i] == 1)
      SHARC_BUF_LIT(out, "_bwd");
    else
      sharc_buf_printf(out, "_transpose%lld", (long long)counts[i]);
  }
  free(counts);
}

void sharc_mpmd_full_name_from_metadata(const sharc_attr *origins, const int64_t *stage_id,
                                        bool all_forward, sharc_buf *out) {
  unsigned n = origins ? sharc_attr_count(origins) : 0;
  if (stage_id)
    sharc_buf_printf(out, "stage%lld", (long long)*stage_id);
  else if (n == 0)
    SHARC_BUF_LIT(out, "inferred");
  else
    most_frequent_name(origins, out);
  if (!all_forward && n)
    append_phases(origins, out);
}

/* GetMeshCallCountersSummary into `out`; false when there is none. */
static bool mesh_summary(const sharc_mpmd_call_site_vec *sites, sharc_buf *out) {
  const sharc_mpmd_call_site *s = sites->items;
  unsigned n = sites->len;
  if (n == 1) {
    if (s[0].has_counter)
      sharc_buf_printf(out, "call%u", s[0].counter);
    return s[0].has_counter;
  }
  for (unsigned i = 0; i < n; i++)
    if (strcmp(s[i].name, s[0].name) != 0)
      return false;
  for (unsigned i = 0; i < n; i++)
    if (!s[i].has_counter)
      return false;
  uint32_t lo = s[0].counter, hi = s[0].counter;
  bool ascending = true, descending = true;
  for (unsigned i = 1; i < n; i++) {
    ascending = ascending && s[i - 1].counter + 1u == s[i].counter;
    descending = descending && s[i - 1].counter - 1u == s[i].counter;
    if (s[i].counter < lo)
      lo = s[i].counter;
    if (s[i].counter > hi)
      hi = s[i].counter;
  }
  if (ascending)
    sharc_buf_printf(out, "calls%uto%u", lo, hi);
  else if (descending)
    sharc_buf_printf(out, "calls%ufrom%u", hi, lo);
  return ascending || descending;
}

void sharc_mpmd_call_sites_summary_name(const sharc_mpmd_call_site_vec *meshes, unsigned n,
                                        sharc_buf *out) {
  const char *name = NULL;
  sharc_buf summary = {0}, other = {0};
  bool one_summary = true, have_summary = false;
  for (unsigned m = 0; m < n; m++) {
    const char *first = meshes[m].items[0].name;
    if (!name || str_order(sharc_str_from_cstr(first), sharc_str_from_cstr(name)) < 0)
      name = first;
    other.len = 0;
    if (!mesh_summary(&meshes[m], &other)) {
      one_summary = false;
      continue;
    }
    if (!have_summary) {
      sharc_buf_put(&summary, other.data, other.len);
      have_summary = true;
    } else if (strcmp(summary.data, other.data) != 0) {
      one_summary = false;
    }
  }
  sharc_buf_puts(out, name ? name : "");
  if (one_summary && have_summary)
    sharc_buf_printf(out, "_%s", summary.data);
  sharc_buf_free(&summary);
  sharc_buf_free(&other);
}

/* Shardy's fragment_execution_rules: fragment infos and the merge and
 * schedule rules over them, with their option parsers. */
#include "dialect/mpmd/fragment_execution_rules.h"

#include "sharc/pass.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

sharc_mpmd_split_type sharc_mpmd_split_type_of(const sharc_op *fragment) {
  if (sharc_mpmd_is_split_keep_transferred(fragment))
    return SHARC_MPMD_SPLIT_KEEP_TRANSFERRED;
  if (sharc_mpmd_is_split_drop_transferred(fragment))
    return SHARC_MPMD_SPLIT_DROP_TRANSFERRED;
  return SHARC_MPMD_SPLIT_NONE;
}

static int origin_cmp(const void *pa, const void *pb) {
  const sharc_mpmd_fragment_origin *a = pa, *b = pb;
  int c = sharc_str_cmp(a->name, b->name);
  if (c)
    return c;
  return a->transpose_count < b->transpose_count ? -1 : a->transpose_count > b->transpose_count;
}

void sharc_mpmd_get_fragment_info(const sharc_op *fragment, sharc_mpmd_fragment_info *out) {
  memset(out, 0, sizeof *out);
  sharc_attr *origin = sharc_op_attr(fragment, "origin");
  unsigned n = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY ? sharc_attr_count(origin)
                                                                        : 0;
  out->origins = sharc_xmalloc_array((size_t)n + 1, sizeof *out->origins);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origin, i);
    if (!sharc_mpmd_is_user_origin(o))
      continue;
    out->origins[out->n_origins++] = (sharc_mpmd_fragment_origin){
        sharc_mpmd_user_origin_name(o), sharc_mpmd_user_origin_transpose_count(o)};
  }
  qsort(out->origins, out->n_origins, sizeof *out->origins, origin_cmp);
  sharc_attr *stage = sharc_op_attr(fragment, "stage_id");
  if (stage && sharc_attr_get_kind(stage) == SHARC_ATTR_INTEGER) {
    out->has_stage = true;
    out->stage = (int)sharc_attr_int_value(stage);
  }
  int64_t counter;
  if (sharc_mpmd_call_counter(fragment, &counter)) {
    out->has_call_counter = true;
    out->call_counter = (int)counter;
  }
  out->split = sharc_mpmd_split_type_of(fragment);
  out->mesh_name = sharc_mpmd_fragment_mesh(fragment);
}

void sharc_mpmd_fragment_info_free(sharc_mpmd_fragment_info *info) {
  free(info->origins);
  info->origins = NULL;
  info->n_origins = 0;
}

void sharc_mpmd_set_fragment_info(sharc_op *fragment, const sharc_mpmd_fragment_info *info,
                                  sharc_rewriter *rw) {
  sharc_context *ctx = rw->ctx;
  sharc_attr **origins = sharc_xmalloc_array((size_t)info->n_origins + 1, sizeof *origins);
  for (unsigned i = 0; i < info->n_origins; i++)
    origins[i] = sharc_mpmd_user_origin(ctx, info->origins[i].name, info->origins[i].transpose_count);
  sharc_rw_set_attr(rw, fragment, "origin", sharc_attr_array(ctx, origins, info->n_origins));
  free(origins);
  sharc_rw_set_attr(rw, fragment, "stage_id",
                    info->has_stage ? sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS),
                                                         info->stage)
                                    : NULL);
  sharc_rw_set_attr(rw, fragment, SHARC_MPMD_CALL_COUNTER_ATTR,
                    info->has_call_counter
                        ? sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_UNSIGNED),
                                             (int64_t)(uint32_t)info->call_counter)
                        : NULL);
  sharc_attr *unit = sharc_attr_unit(ctx);
  sharc_rw_set_attr(rw, fragment, SHARC_MPMD_SPLIT_DROP_TRANSFERRED_ATTR,
                    info->split == SHARC_MPMD_SPLIT_DROP_TRANSFERRED ? unit : NULL);
  sharc_rw_set_attr(rw, fragment, SHARC_MPMD_SPLIT_KEEP_TRANSFERRED_ATTR,
                    info->split == SHARC_MPMD_SPLIT_KEEP_TRANSFERRED ? unit : NULL);
  sharc_rw_set_attr(rw, fragment, "mesh_name", sharc_attr_string(ctx, info->mesh_name));
}

void sharc_mpmd_fragment_info_print(const sharc_mpmd_fragment_info *info, sharc_buf *out) {
  SHARC_BUF_LIT(out, "FragmentInfo(origins=[");
  for (unsigned i = 0; i < info->n_origins; i++) {
    if (i)
      sharc_buf_putc(out, ',');
    sharc_buf_putc(out, '"');
    sharc_buf_put_str(out, info->origins[i].name);
    sharc_buf_putc(out, '"');
    if (info->origins[i].transpose_count > 0)
      sharc_buf_printf(out, "(%lld)", (long long)info->origins[i].transpose_count);
  }
  sharc_buf_putc(out, ']');
  if (info->has_stage)
    sharc_buf_printf(out, ",stage=%d", info->stage);
  if (info->has_call_counter)
    sharc_buf_printf(out, ",call_counter=%d", info->call_counter);
  if (info->split != SHARC_MPMD_SPLIT_NONE)
    sharc_buf_puts(out, info->split == SHARC_MPMD_SPLIT_KEEP_TRANSFERRED
                            ? ",split_type=kKeepTransferred"
                            : ",split_type=kDropTransferred");
  SHARC_BUF_LIT(out, ",mesh_name=\"");
  sharc_buf_put_str(out, info->mesh_name);
  SHARC_BUF_LIT(out, "\")");
}

sharc_ident *sharc_mpmd_fragment_info_key(sharc_context *ctx, const sharc_mpmd_fragment_info *info) {
  /* every string length-prefixed, so no two infos share a key */
  sharc_buf b = {0};
  for (unsigned i = 0; i < info->n_origins; i++) {
    sharc_buf_printf(&b, "%zu:", info->origins[i].name.len);
    sharc_buf_put_str(&b, info->origins[i].name);
    sharc_buf_printf(&b, "(%lld)", (long long)info->origins[i].transpose_count);
  }
  sharc_buf_printf(&b, "|%d:%d|%d:%d|%d|%zu:", info->has_stage, info->has_stage ? info->stage : 0,
                   info->has_call_counter, info->has_call_counter ? info->call_counter : 0,
                   (int)info->split, info->mesh_name.len);
  sharc_buf_put_str(&b, info->mesh_name);
  sharc_ident *key = sharc_ident_get(ctx, (sharc_str){b.data ? b.data : "", b.len});
  sharc_buf_free(&b);
  return key;
}

/* ---- parsing (LLVM StringRef's consume_front / consumeInteger) --------------------------- */

typedef struct cursor {
  const char *p;
  void *owner;
  sharc_buf *err;
} cursor;

static bool consume(cursor *c, const char *prefix) {
  size_t n = strlen(prefix);
  if (strncmp(c->p, prefix, n))
    return false;
  c->p += n;
  return true;
}

static bool fail(cursor *c, const char *msg) {
  sharc_buf_puts(c->err, msg);
  return false;
}

/* consumeInteger(10, int): an optional '-', decimal digits, in range. */
static bool consume_int(cursor *c, int64_t min, int64_t max, int64_t *out) {
  const char *s = c->p;
  bool neg = *s == '-';
  if (neg)
    s++;
  if (*s < '0' || *s > '9')
    return false;
  uint64_t v = 0;
  for (; *s >= '0' && *s <= '9'; s++) {
    unsigned d = (unsigned)(*s - '0');
    if (v > (UINT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  if (neg ? v > (uint64_t)(-(min + 1)) + 1 : v > (uint64_t)max)
    return false;
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  c->p = s;
  return true;
}

static sharc_str dup_str(cursor *c, const char *s, size_t n) {
  return (sharc_str){sharc_pass_option_strdup(c->owner, s, n), n};
}

typedef SHARC_VEC(sharc_mpmd_fragment_origin) origin_vec;

static bool parse_origin(cursor *c, origin_vec *origins) {
  consume(c, "\"");
  const char *q = strchr(c->p, '"');
  if (!q)
    return fail(c, "Expected a '\"'");
  sharc_mpmd_fragment_origin o = {dup_str(c, c->p, (size_t)(q - c->p)), 0};
  c->p = q + 1;
  if (consume(c, "(")) {
    if (!consume_int(c, INT64_MIN, INT64_MAX, &o.transpose_count))
      return fail(c, "Expected a transpose count");
    if (!consume(c, ")"))
      return fail(c, "Expected ')'");
  }
  sharc_vec_push(origins, o);
  return true;
}

static bool parse_int_field(cursor *c, bool *has, int *value, const char *name) {
  if (*has) {
    sharc_buf_printf(c->err, "'%s' specified more than once", name);
    return false;
  }
  int64_t v;
  if (!consume_int(c, INT32_MIN, INT32_MAX, &v)) {
    sharc_buf_printf(c->err, "Expected an integer value for '%s'", name);
    return false;
  }
  *has = true;
  *value = (int)v;
  return true;
}

static bool parse_field(cursor *c, sharc_mpmd_fragment_info *info) {
  if (consume(c, "stage="))
    return parse_int_field(c, &info->has_stage, &info->stage, "stage");
  if (consume(c, "call_counter="))
    return parse_int_field(c, &info->has_call_counter, &info->call_counter, "call_counter");
  if (consume(c, "split_type=")) {
    if (info->split != SHARC_MPMD_SPLIT_NONE)
      return fail(c, "'split_type' specified more than once");
    if (consume(c, "kKeepTransferred"))
      info->split = SHARC_MPMD_SPLIT_KEEP_TRANSFERRED;
    else if (consume(c, "kDropTransferred"))
      info->split = SHARC_MPMD_SPLIT_DROP_TRANSFERRED;
    else
      return fail(c, "Expected 'kKeepTransferred' or 'kDropTransferred' for 'split_type'");
    return true;
  }
  if (consume(c, "mesh_name=")) {
    if (info->mesh_name.len)
      return fail(c, "'mesh_name' specified more than once");
    if (!consume(c, "\""))
      return fail(c, "Expected '\"' to start 'mesh_name'");
    const char *q = strchr(c->p, '"');
    if (!q)
      return fail(c, "Expected '\"' to end 'mesh_name'");
    info->mesh_name = dup_str(c, c->p, (size_t)(q - c->p));
    c->p = q + 1;
    return true;
  }
  return fail(c, "Expected 'stage=', 'call_counter=', 'split_type=', or 'mesh_name=' after ','");
}

static bool parse_info(cursor *c, sharc_mpmd_fragment_info *info) {
  memset(info, 0, sizeof *info);
  info->mesh_name = (sharc_str){"", 0};
  if (!consume(c, "FragmentInfo(origins=["))
    return fail(c, "Expected 'FragmentInfo(origins=['");
  origin_vec origins = {0};
  bool ok = true;
  while (ok && *c->p != ']') {
    ok = parse_origin(c, &origins);
    if (ok && !consume(c, ","))
      break;
  }
  if (ok) {
    info->n_origins = origins.len;
    info->origins = sharc_pass_owner_alloc(c->owner, (origins.len + 1) * sizeof *info->origins);
    if (origins.len)
      memcpy(info->origins, origins.items, origins.len * sizeof *info->origins);
  }
  sharc_vec_free(&origins);
  if (!ok)
    return false;
  if (!consume(c, "]"))
    return fail(c, "Expected ']'");
  while (consume(c, ","))
    if (!parse_field(c, info))
      return false;
  if (!consume(c, ")"))
    return fail(c, "Expected ')'");
  return true;
}

typedef SHARC_VEC(sharc_mpmd_fragment_info) info_vec;

static const sharc_mpmd_fragment_info *keep_infos(cursor *c, info_vec *v) {
  sharc_mpmd_fragment_info *items = sharc_pass_owner_alloc(c->owner, (v->len + 1) * sizeof *items);
  if (v->len)
    memcpy(items, v->items, v->len * sizeof *items);
  return items;
}

/* Infos separated by `sep` until a ']'. */
static bool parse_infos(cursor *c, const char *sep, info_vec *out) {
  while (*c->p != ']') {
    sharc_mpmd_fragment_info *slot = sharc_vec_push_slot(out);
    if (!parse_info(c, slot))
      return false;
    if (!consume(c, sep))
      break;
  }
  return true;
}

typedef struct rules_state {
  cursor c;
  SHARC_VEC(sharc_mpmd_fragment_merge_rule) merge;
  SHARC_VEC(sharc_mpmd_fragment_schedule_rule) schedule;
} rules_state;

static bool parse_merge_rule(const char *item, void *user) {
  rules_state *st = user;
  cursor *c = &st->c;
  c->p = item;
  if (!consume(c, "FragmentMergeRule(sources=["))
    return fail(c, "Expected 'FragmentMergeRule(sources=['");
  info_vec sources = {0};
  sharc_mpmd_fragment_merge_rule rule = {0};
  bool ok = parse_infos(c, ",", &sources);
  if (ok && !consume(c, "],target=")) {
    fail(c, "Expected ',' or '],target='");
    ok = false;
  }
  if (ok) {
    rule.sources = keep_infos(c, &sources);
    rule.n_sources = sources.len;
    ok = parse_info(c, &rule.target);
  }
  sharc_vec_free(&sources);
  if (!ok)
    return false;
  if (!consume(c, ")"))
    return fail(c, "Expected ')'");
  sharc_vec_push(&st->merge, rule);
  return true;
}

static bool parse_schedule_rule(const char *item, void *user) {
  rules_state *st = user;
  cursor *c = &st->c;
  c->p = item;
  if (!consume(c, "FragmentScheduleRule(ordered_fragments=["))
    return fail(c, "Expected 'FragmentScheduleRule(ordered_fragments=['");
  info_vec infos = {0};
  bool ok = parse_infos(c, "->", &infos);
  sharc_mpmd_fragment_schedule_rule rule = {NULL, 0};
  if (ok) {
    rule.fragments = keep_infos(c, &infos);
    rule.n_fragments = infos.len;
  }
  sharc_vec_free(&infos);
  if (!ok)
    return false;
  if (!consume(c, "])"))
    return fail(c, "Expected '])'");
  sharc_vec_push(&st->schedule, rule);
  return true;
}

/* `n` parsed rules of `size` bytes copied into memory the pass owns (one
 * spare slot, so that an empty list still has an address). */
static void *owned_copy(void *owner, const void *items, size_t n, size_t size) {
  void *out = sharc_pass_owner_alloc(owner, (n + 1) * size);
  if (n)
    memcpy(out, items, n * size);
  return out;
}

bool sharc_mpmd_parse_merge_rules(void *dst, const char *text, sharc_buf *err, void *owner) {
  rules_state st = {{text, owner, err}, {0}, {0}};
  bool ok = sharc_option_for_each_list_item(text, parse_merge_rule, &st);
  if (ok && dst)
    *(sharc_mpmd_fragment_merge_rules *)dst = (sharc_mpmd_fragment_merge_rules){
        st.merge.len, owned_copy(owner, st.merge.items, st.merge.len, sizeof *st.merge.items)};
  sharc_vec_free(&st.merge);
  return ok;
}

bool sharc_mpmd_parse_schedule_rules(void *dst, const char *text, sharc_buf *err, void *owner) {
  rules_state st = {{text, owner, err}, {0}, {0}};
  bool ok = sharc_option_for_each_list_item(text, parse_schedule_rule, &st);
  if (ok && dst)
    *(sharc_mpmd_fragment_schedule_rules *)dst = (sharc_mpmd_fragment_schedule_rules){
        st.schedule.len,
        owned_copy(owner, st.schedule.items, st.schedule.len, sizeof *st.schedule.items)};
  sharc_vec_free(&st.schedule);
  return ok;
}

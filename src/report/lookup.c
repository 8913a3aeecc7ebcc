/* Finding the value a user names: by its printed SSA name, an argument's
 * or result's name, a location name, or file:line; with the closest names
 * (edit distance) when nothing matches. The index is built on the first
 * lookup, in one walk. */
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"
#include "ir/ir_internal.h"
#include "support/edit_distance.h"
#include "support/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct candidate {
  const char *name;       /* the SSA name, or "resultN" */
  sharc_report_value_kind kind;
  sharc_op *func, *op;
  sharc_value *value;
  unsigned index;
  const sharc_attr *loc;
} candidate;

typedef struct key_entry {
  const char *key;
  SHARC_VEC(unsigned) cands; /* indexes into candidates */
} key_entry;

struct sharc_report_names {
  SHARC_VEC(candidate) cands;
  SHARC_VEC(key_entry) keys;
  sharc_ptrmap key_of; /* interned key -> index + 1 into keys */
};

static void names_free_keys(sharc_report_names *n) {
  for (unsigned i = 0; i < n->keys.len; i++)
    sharc_vec_free(&n->keys.items[i].cands);
}

void sharc_report_names_free(sharc_report_names *n) {
  if (!n)
    return;
  names_free_keys(n);
  sharc_vec_free(&n->keys);
  sharc_vec_free(&n->cands);
  sharc_ptrmap_free(&n->key_of);
  free(n);
}

typedef struct builder {
  sharc_report *r;
  sharc_report_names *n;
  sharc_value_namer *namer;
  sharc_buf tmp;
  sharc_op *func;
} builder;

/* Registers `key` (text of `len` bytes) as a name of candidate `c`. */
static void add_key(builder *b, const char *key, size_t len, unsigned c) {
  if (!len)
    return;
  sharc_context *ctx = sharc_op_context(b->r->module);
  const sharc_ident *id = sharc_ident_get(ctx, (sharc_str){key, len});
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&b->n->key_of, id);
  if (!slot) {
    key_entry e = {sharc_report_strdup(b->r, key, len), {0}};
    sharc_vec_push(&b->n->keys, e);
    slot = b->n->keys.len;
    sharc_ptrmap_put(&b->n->key_of, id, (void *)slot);
  }
  key_entry *e = &b->n->keys.items[slot - 1];
  if (!e->cands.len || sharc_vec_last(&e->cands) != c)
    sharc_vec_push(&e->cands, c);
}

static unsigned add_candidate(builder *b, sharc_report_value_kind kind, sharc_op *op,
                              sharc_value *v, unsigned index, const sharc_attr *loc) {
  candidate c = {NULL, kind, b->func, op, v, index, loc};
  b->tmp.len = 0;
  if (kind == SHARC_REPORT_RESULT)
    sharc_buf_printf(&b->tmp, "result%u", index);
  else
    sharc_value_namer_name(b->namer, v, &b->tmp);
  c.name = sharc_report_strdup(b->r, b->tmp.data, b->tmp.len);
  sharc_vec_push(&b->n->cands, c);
  unsigned i = b->n->cands.len - 1;
  add_key(b, c.name, strlen(c.name), i);
  /* a location's name (`loc("x")`, JAX's argument names and op paths) */
  if (loc && sharc_attr_get_kind(loc) == SHARC_ATTR_LOC_NAME) {
    sharc_str s = sharc_ident_str(loc->name.name);
    add_key(b, s.data, s.len, i);
  }
  return i;
}

static sharc_walk_result add_op(sharc_op *op, void *user) {
  builder *b = user;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    add_candidate(b, SHARC_REPORT_OP_RESULT, op, sharc_op_result(op, i), i, sharc_op_loc(op));
  for (unsigned k = 0; k < sharc_op_num_regions(op); k++)
    for (sharc_block *blk = sharc_region_first_block(sharc_op_region(op, k)); blk;
         blk = sharc_block_next(blk))
      for (unsigned i = 0; i < sharc_block_num_args(blk); i++) {
        sharc_value *arg = sharc_block_arg(blk, i);
        add_candidate(b, SHARC_REPORT_BLOCK_ARG, op, arg, i, sharc_value_loc(arg));
      }
  return SHARC_WALK_ADVANCE;
}

static void add_func(builder *b, sharc_op *func) {
  b->func = func;
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    add_candidate(b, SHARC_REPORT_ARGUMENT, func, arg, i, sharc_value_loc(arg));
  }
  sharc_op *ret = sharc_block_terminator(sharc_region_last_block(sharc_op_region(func, 0)));
  for (unsigned i = 0; i < sharc_func_num_results(func); i++) {
    sharc_value *v = ret && i < sharc_op_num_operands(ret) ? sharc_op_operand(ret, i) : NULL;
    unsigned c = add_candidate(b, SHARC_REPORT_RESULT, func, v, i, v ? sharc_sdy_value_loc(v) : NULL);
    const sharc_attr *info = sharc_func_result_attr(func, i, "jax.result_info");
    if (info && sharc_attr_get_kind(info) == SHARC_ATTR_STRING) {
      sharc_str s = sharc_attr_string_value(info);
      add_key(b, s.data, s.len, c);
    }
  }
  sharc_walk_nested(func, SHARC_PRE_ORDER, add_op, b);
}

static sharc_report_names *build(sharc_report *r) {
  builder b = {0};
  b.r = r;
  b.n = sharc_xcalloc(1, sizeof *b.n);
  b.namer = sharc_value_namer_create(r->module, false);
  sharc_block *body = sharc_report_module_body(r->module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def) && !sharc_func_is_declaration(op))
      add_func(&b, op);
  sharc_value_namer_destroy(b.namer);
  sharc_buf_free(&b.tmp);
  return b.n;
}

/* ---- matching ------------------------------------------------------------------------- */

static const sharc_report_value *entry_of(sharc_report *r, const candidate *c) {
  return sharc_report_entry(r, c->kind, c->func, c->op, c->value, c->index, c->name);
}

static const key_entry *find_key(sharc_report *r, const char *text, size_t len) {
  const sharc_ident *id = sharc_ident_get(sharc_op_context(r->module), (sharc_str){text, len});
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&r->names->key_of, id);
  return slot ? &r->names->keys.items[slot - 1] : NULL;
}

static bool in_func(const candidate *c, sharc_str func) {
  return !func.data || sharc_str_eq(sharc_op_symbol_name(c->func), func);
}

static void put_candidate(sharc_buf *err, const candidate *c) {
  sharc_str f = sharc_op_symbol_name(c->func);
  sharc_buf_printf(err, "@%.*s:%s", (int)f.len, f.data, c->name);
}

/* Edit distance, giving up (returning `cap` + 1) beyond `cap`; names whose
 * lengths alone differ by more are not compared at all. */
static size_t distance(const char *a, const char *b, size_t cap) {
  size_t la = strlen(a), lb = strlen(b);
  if ((la > lb ? la - lb : lb - la) > cap)
    return cap + 1;
  return sharc_edit_distance(a, la, b, lb, (unsigned)cap);
}

typedef struct near {
  size_t d;
  unsigned key;
} near;

static int by_distance(const void *a, const void *b) {
  const near *x = a, *y = b;
  if (x->d != y->d)
    return x->d < y->d ? -1 : 1;
  return (x->key > y->key) - (x->key < y->key);
}

/* The (up to five) names closest to `text`. */
static void close_names(sharc_report *r, const char *text, sharc_buf *err) {
  size_t len = strlen(text), cap = len / 3 > 2 ? len / 3 : 2;
  SHARC_VEC(near) found = {0};
  for (unsigned k = 0; k < r->names->keys.len; k++) {
    size_t d = distance(text, r->names->keys.items[k].key, cap);
    if (d <= cap)
      sharc_vec_push(&found, ((near){d, k}));
  }
  if (found.len)
    qsort(found.items, found.len, sizeof *found.items, by_distance);
  if (!found.len) {
    SHARC_BUF_LIT(err, "; nothing in the module has a close name");
  } else {
    SHARC_BUF_LIT(err, "; close names: ");
    for (unsigned i = 0; i < found.len && i < 5; i++)
      sharc_buf_printf(err, "%s%s", i ? ", " : "", r->names->keys.items[found.items[i].key].key);
  }
  sharc_vec_free(&found);
}

/* `file:line` or `file:line:col`: the file part and the line (0: not one). */
static unsigned split_file_line(const char *text, size_t *file_len) {
  const char *colon = strrchr(text, ':');
  if (!colon || colon == text || !colon[1])
    return 0;
  for (const char *p = colon + 1; *p; p++)
    if (!isdigit((unsigned char)*p))
      return 0;
  unsigned long last = strtoul(colon + 1, NULL, 10);
  /* file:line:col: the line is the number before */
  const char *prev = colon;
  while (prev > text && isdigit((unsigned char)prev[-1]))
    prev--;
  if (prev > text + 1 && prev[-1] == ':' && prev < colon) {
    *file_len = (size_t)(prev - 1 - text);
    unsigned long line = strtoul(prev, NULL, 10);
    return line > 0xffffffffUL ? 0 : (unsigned)line; /* no wrap onto a real line */
  }
  *file_len = (size_t)(colon - text);
  return last > 0xffffffffUL ? 0 : (unsigned)last;
}

/* Whether `file` is the location's file or a trailing part of it. */
static bool file_matches(sharc_str loc_file, const char *file, size_t n) {
  if (loc_file.len < n || memcmp(loc_file.data + loc_file.len - n, file, n) != 0)
    return false;
  return loc_file.len == n || loc_file.data[loc_file.len - n - 1] == '/';
}

static const candidate *find_by_line(sharc_report *r, const char *file, size_t n, unsigned line,
                                     sharc_str func) {
  /* a function result is located where its value is made: that value first */
  for (int results = 0; results < 2; results++)
    for (unsigned i = 0; i < r->names->cands.len; i++) {
      const candidate *c = &r->names->cands.items[i];
      const sharc_attr *f = sharc_loc_find_file(c->loc);
      if ((c->kind == SHARC_REPORT_RESULT) == (results == 1) && f && in_func(c, func) &&
          sharc_loc_line(f) == line && file_matches(sharc_loc_file_name(f), file, n))
        return c;
    }
  return NULL;
}

/* One candidate among those of `key` (in `func` if given); NULL with the
 * reason in `err` when there are none or several values. */
static const candidate *pick(sharc_report *r, const key_entry *key, sharc_str func,
                             const char *text, sharc_buf *err) {
  const candidate *found = NULL;
  unsigned count = 0;
  for (unsigned i = 0; key && i < key->cands.len; i++) {
    const candidate *c = &r->names->cands.items[key->cands.items[i]];
    if (!in_func(c, func))
      continue;
    if (!found)
      found = c;
    count++;
  }
  if (count <= 1)
    return found;
  /* a name is first the argument's or result's that bears it: the ops made
   * from that value (its reshards and collectives) inherit the location */
  const candidate *boundary = NULL;
  unsigned boundaries = 0;
  for (unsigned i = 0; i < key->cands.len; i++) {
    const candidate *c = &r->names->cands.items[key->cands.items[i]];
    if (in_func(c, func) && (c->kind == SHARC_REPORT_ARGUMENT || c->kind == SHARC_REPORT_RESULT)) {
      boundary = c;
      boundaries++;
    }
  }
  if (boundaries == 1)
    return boundary;
  sharc_buf_printf(err, "'%s' names %u values: ", text, count);
  unsigned shown = 0;
  for (unsigned i = 0; i < key->cands.len && shown < 5; i++) {
    const candidate *c = &r->names->cands.items[key->cands.items[i]];
    if (!in_func(c, func))
      continue;
    if (shown++)
      SHARC_BUF_LIT(err, ", ");
    put_candidate(err, c);
  }
  if (count > shown)
    SHARC_BUF_LIT(err, ", ...");
  SHARC_BUF_LIT(err, "; name one as @function:%N");
  return NULL;
}

const sharc_report_value *sharc_report_lookup(sharc_report *r, const char *text,
                                              sharc_buf *err) {
  if (!r->names)
    r->names = build(r);
  const char *full = text;
  sharc_str func = {NULL, 0};
  const char *sep = text[0] == '@' ? strchr(text, ':') : NULL;
  if (sep) {
    func = (sharc_str){text + 1, (size_t)(sep - text - 1)};
    text = sep + 1;
  }
  if (!*text) {
    sharc_buf_printf(err, "no value named '%s'", full);
    return NULL;
  }
  size_t before = err->len;
  const key_entry *key = find_key(r, text, strlen(text));
  const candidate *c = pick(r, key, func, full, err);
  if (!c && err->len == before && text[0] != '%') {
    /* `12`, `arg0`: the SSA name without its `%` */
    sharc_buf with = {0};
    sharc_buf_printf(&with, "%%%s", text);
    c = pick(r, find_key(r, with.data, with.len), func, full, err);
    sharc_buf_free(&with);
  }
  if (!c && err->len == before) {
    size_t file_len = 0;
    unsigned line = split_file_line(text, &file_len);
    if (line) {
      c = find_by_line(r, text, file_len, line, func);
      if (!c) {
        sharc_buf_printf(err, "no value is defined at '%s'", full);
        return NULL;
      }
    }
  }
  if (c)
    return entry_of(r, c);
  if (err->len == before) {
    sharc_buf_printf(err, "no value named '%s'", full);
    close_names(r, text, err);
  }
  return NULL;
}

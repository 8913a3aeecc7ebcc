/* MLIR's AsmPrinter in C: SSA and block numbering, alias collection (a dry
 * run of the printer records every attribute and type it would print, in
 * print order, like MLIR's DummyAliasOperationPrinter), then the real print:
 * aliases, the operation tree, and deferred location aliases. When the
 * context never made anything that can take an alias, there is no dry run,
 * and each top-level op's regions are numbered just before it prints, while
 * they are in cache (one walk over the module instead of two). */
#include "asm/builtin_syntax.h"
#include "asm/print_internal.h"
#include "ir/context.h"
#include "ir/prefetch.h"
#include "support/buf_copy.h"
#include "support/decimal.h"
#include "support/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An aliased attribute or type. */
typedef struct alias_rec {
  const void *obj;
  bool is_type;
  bool deferrable;
  int depth;
  unsigned order;
  unsigned *children;
  unsigned num_children;
  const char *base;
  unsigned suffix;  /* 0: bare name */
} alias_rec;

typedef struct visit_frame {
  int max_depth;    /* deepest aliased descendant, -1 if none */
  SHARC_VEC(unsigned) children;
} visit_frame;

/* A name an OpAsmOpInterface hook gave a value, and the result group it
 * starts. */
typedef struct value_name {
  sharc_ident *name;
  unsigned group_start; /* first result of the group */
  unsigned group_size;  /* its results (uses print `%name#k` when > 1) */
} value_name;

void sharc_pr_init(sharc_printer *p, sharc_buf *out, const sharc_print_flags *flags) {
  memset(p, 0, sizeof *p);
  p->out = out;
  if (flags)
    p->flags = *flags;
}

void sharc_pr_note_resource(sharc_printer *p, sharc_ident *key) {
  if (p->collecting || !p->resources_used || sharc_ptrmap_get(&p->resources_seen, key))
    return;
  sharc_ptrmap_put(&p->resources_seen, key, key);
  sharc_ptrvec_push(p->resources_used, key);
}

/* The hex of a blob, upper-cased as MLIR re-encodes it. */
static void print_blob(sharc_printer *p, sharc_str text) {
  sharc_buf_putc(p->out, '"');
  for (size_t i = 1; i + 1 < text.len; i++) {
    char c = text.data[i];
    sharc_buf_putc(p->out, i > 2 && c >= 'a' && c <= 'f' ? (char)(c - 'a' + 'A') : c);
  }
  sharc_buf_putc(p->out, '"');
}

/* -mlir-elide-resource-strings-if-larger: a resource whose value prints
 * longer than the limit (any, at 0) is left out. */
static bool resource_elided(const sharc_printer *p, sharc_str value) {
  return p->flags.elide_resources_set &&
         (!p->flags.elide_resources_above || value.len > p->flags.elide_resources_above);
}

/* The external resources kept, by group (each group's entries are
 * adjacent, as read); false when none is. */
static bool print_external_resources(sharc_printer *p, const sharc_resource *res, unsigned n) {
  const sharc_ident *group = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!res[i].external || resource_elided(p, res[i].value))
      continue;
    if (!group)
      SHARC_PR_LIT(p, "  external_resources: {\n");
    if (res[i].group != group) {
      if (group)
        SHARC_PR_LIT(p, "\n    },\n");
      SHARC_PR_LIT(p, "    ");
      sharc_pr_keyword_or_string(p, sharc_ident_str(res[i].group));
      SHARC_PR_LIT(p, ": {\n");
      group = res[i].group;
    } else {
      SHARC_PR_LIT(p, ",\n");
    }
    SHARC_PR_LIT(p, "      ");
    sharc_pr_keyword_or_string(p, sharc_ident_str(res[i].key));
    SHARC_PR_LIT(p, ": ");
    sharc_pr_put_str(p, res[i].value);
  }
  if (group)
    SHARC_PR_LIT(p, "\n    }\n  }");
  return group != NULL;
}

/* `{-# dialect_resources: {...}, external_resources: {...} #-}`: the blobs
 * the printed IR uses, in order of first use, then the external resources
 * as they were read. Nothing when there is neither; only the braces when
 * every one is elided, as MLIR opens the dictionary before it elides. */
static void print_file_metadata(sharc_printer *p, const sharc_context *ctx) {
  unsigned n;
  const sharc_resource *res = sharc_context_resources(ctx, &n);
  unsigned blobs = 0, external = 0;
  const sharc_resource **used = sharc_xcalloc(p->resources_used->len + 1, sizeof *used);
  for (unsigned u = 0; u < p->resources_used->len; u++)
    for (unsigned i = 0; i < n; i++)
      if (!res[i].external && res[i].key == p->resources_used->items[u]) {
        used[blobs++] = &res[i];
        break;
      }
  for (unsigned i = 0; i < n && !p->flags.no_external_resources; i++)
    external += res[i].external;
  if (blobs || external) {
    SHARC_PR_LIT(p, "\n{-#\n");
    bool any = false;
    for (unsigned i = 0; i < blobs; i++) {
      if (resource_elided(p, used[i]->value))
        continue;
      sharc_pr_puts(p, any ? ",\n" : "  dialect_resources: {\n    builtin: {\n");
      any = true;
      SHARC_PR_LIT(p, "      ");
      sharc_pr_keyword_or_string(p, sharc_ident_str(used[i]->key));
      SHARC_PR_LIT(p, ": ");
      print_blob(p, used[i]->value);
    }
    if (any)
      SHARC_PR_LIT(p, "\n    }\n  }");
    size_t mark = p->out->len;
    if (any)
      SHARC_PR_LIT(p, ",\n");
    if (!external || !print_external_resources(p, res, n))
      p->out->len = mark;
    SHARC_PR_LIT(p, "\n#-}\n");
  }
  free(used);
}

void sharc_pr_free(sharc_printer *p) {
  sharc_ptrmap_free(&p->resources_seen);
  for (unsigned i = 0; i < p->recs.len; i++)
    free(p->recs.items[i].children);
  sharc_vec_free(&p->recs);
  for (unsigned i = 0; i < p->frames.len; i++)
    sharc_vec_free(&p->frames.items[i].children);
  sharc_vec_free(&p->frames);
  sharc_ptrmap_free(&p->aliases);
  sharc_ptrmap_free(&p->distinct_ids);
  sharc_buf_free(&p->scratch);
  sharc_ptrmap_free(&p->type_texts);
  sharc_buf_free(&p->type_text_buf);
  free(p->key_memo);
  sharc_vec_free(&p->value_names);
  sharc_ptrmap_free(&p->used_names);
  sharc_ptrmap_free(&p->op_ids);
  sharc_vec_free(&p->name_stack);
  sharc_ptrvec_free(&p->nested);
}

/* ---- alias collection --------------------------------------------------- */

static const char *alias_base(const void *obj, bool is_type) {
  if (is_type) {
    const sharc_type *t = obj;
    return t->kind == SHARC_TYPE_TUPLE && t->list.n_in > 16 ? "tuple" : NULL;
  }
  const sharc_attr *a = obj;
  if (sharc_attr_is_location(a))
    return "loc";
  if (a->kind == SHARC_ATTR_DISTINCT && a->distinct.ref->kind != SHARC_ATTR_UNIT)
    return "distinct";
  if (a->kind == SHARC_ATTR_AFFINE_MAP)
    return "map";
  if (a->kind == SHARC_ATTR_INTEGER_SET)
    return "set";
  if (a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a)->alias)
    return sharc_attr_def_of(a)->alias;
  return NULL;
}

static void frame_add_child(visit_frame *f, unsigned rec, int depth) {
  if (depth > f->max_depth)
    f->max_depth = depth;
  sharc_vec_push(&f->children, rec);
}

static void mark_non_deferrable(sharc_printer *p, unsigned rec) {
  alias_rec *r = &p->recs.items[rec];
  if (!r->deferrable)
    return;
  r->deferrable = false;
  for (unsigned i = 0; i < r->num_children; i++)
    mark_non_deferrable(p, r->children[i]);
}

void sharc_pr_visit_begin(sharc_printer *p) {
  if (!p->collecting)
    return;
  if (p->num_frames == p->frames.len)
    sharc_vec_push(&p->frames, (visit_frame){0});
  visit_frame *f = &p->frames.items[p->num_frames++];
  f->max_depth = -1;
  sharc_vec_clear(&f->children);
}

void sharc_pr_visit_end(sharc_printer *p, const void *obj, bool is_type) {
  if (!p->collecting)
    return;
  visit_frame *f = &p->frames.items[--p->num_frames];
  visit_frame *parent = p->num_frames ? &p->frames.items[p->num_frames - 1] : NULL;
  const char *base = alias_base(obj, is_type);
  /* MLIR's alias depth: one more than the deepest element inside, elements
   * without an alias counting too; 0 with no alias inside, 1 at least for
   * an alias */
  int inner = f->max_depth > 0 ? f->max_depth : 0;
  int depth = inner ? inner + 1 : 0;
  if (!base) {
    /* not aliased: its aliased descendants count for the parent */
    for (unsigned i = 0; parent && i < f->children.len; i++)
      frame_add_child(parent, f->children.items[i], depth);
    return;
  }
  unsigned idx = p->recs.len;
  alias_rec *r = sharc_vec_push_slot(&p->recs);
  memset(r, 0, sizeof *r);
  r->obj = obj;
  r->is_type = is_type;
  r->base = base;
  r->deferrable = p->deferrable;
  r->depth = depth ? depth : 1;
  r->order = idx;
  if (f->children.len) {
    r->children = sharc_xmalloc_array(f->children.len, sizeof *r->children);
    memcpy(r->children, f->children.items, f->children.len * sizeof *r->children);
    r->num_children = f->children.len;
  }
  if (!r->deferrable)
    for (unsigned i = 0; i < r->num_children; i++)
      mark_non_deferrable(p, r->children[i]);
  sharc_ptrmap_put(&p->aliases, obj, (void *)(uintptr_t)(idx + 1));
  if (parent)
    frame_add_child(parent, idx, r->depth);
}

static void print_alias_name(sharc_printer *p, const alias_rec *r) {
  sharc_buf_putc(p->out, r->is_type ? '!' : '#');
  sharc_buf_puts(p->out, r->base);
  if (r->suffix)
    sharc_buf_put_u64(p->out, r->suffix);
}

bool sharc_pr_use_alias(sharc_printer *p, const void *obj, bool is_loc) {
  (void)is_loc;
  uintptr_t v = (uintptr_t)sharc_ptrmap_get(&p->aliases, obj);
  if (!v)
    return false;
  alias_rec *r = &p->recs.items[v - 1];
  if (p->collecting) {
    if (!p->deferrable)
      mark_non_deferrable(p, (unsigned)(v - 1));
    if (p->num_frames)
      frame_add_child(&p->frames.items[p->num_frames - 1], (unsigned)(v - 1), r->depth);
    return true;
  }
  print_alias_name(p, r);
  return true;
}

unsigned sharc_pr_distinct_id(sharc_printer *p, const sharc_attr *a) {
  uintptr_t v = (uintptr_t)sharc_ptrmap_get(&p->distinct_ids, a);
  if (v)
    return (unsigned)(v - 1);
  if (p->collecting)
    return 0;
  sharc_ptrmap_put(&p->distinct_ids, a, (void *)(uintptr_t)(p->next_distinct + 1));
  return p->next_distinct++;
}

/* Orders aliases as MLIR prints them: by nesting depth, types before
 * attributes, then by alias name, then by first visit. */
static int alias_cmp(const void *pa, const void *pb) {
  const alias_rec *a = *(alias_rec *const *)pa, *b = *(alias_rec *const *)pb;
  if (a->depth != b->depth)
    return a->depth < b->depth ? -1 : 1;
  if (a->is_type != b->is_type)
    return a->is_type ? -1 : 1;
  int c = strcmp(a->base, b->base);
  if (c)
    return c;
  return a->order < b->order ? -1 : a->order > b->order;
}

/* Aliases of one name, by position in the printing order (held in
 * `suffix` meanwhile). */
static int name_then_position_cmp(const void *pa, const void *pb) {
  const alias_rec *a = *(alias_rec *const *)pa, *b = *(alias_rec *const *)pb;
  int c = strcmp(a->base, b->base);
  if (c)
    return c;
  return a->suffix < b->suffix ? -1 : a->suffix > b->suffix;
}

static alias_rec **sorted_aliases(sharc_printer *p) {
  unsigned n = p->recs.len;
  alias_rec **order = sharc_xmalloc_array(n + 1, sizeof *order);
  for (unsigned i = 0; i < n; i++)
    order[i] = &p->recs.items[i];
  qsort(order, n, sizeof *order, alias_cmp);
  /* MLIR numbers the aliases of each name in printing order, and that
   * order interleaves names (it sorts by depth first) */
  alias_rec **by_name = sharc_xmalloc_array(n + 1, sizeof *by_name);
  for (unsigned i = 0; i < n; i++) {
    order[i]->suffix = i;
    by_name[i] = order[i];
  }
  qsort(by_name, n, sizeof *by_name, name_then_position_cmp);
  for (unsigned i = 0; i < n; i++) {
    bool same = i && strcmp(by_name[i - 1]->base, by_name[i]->base) == 0;
    by_name[i]->suffix = same ? by_name[i - 1]->suffix + 1 : 0;
  }
  free(by_name);
  return order;
}

static void print_alias_defs(sharc_printer *p, alias_rec **order, bool deferred) {
  for (unsigned i = 0; i < p->recs.len; i++) {
    alias_rec *r = order[i];
    if (r->deferrable != deferred)
      continue;
    print_alias_name(p, r);
    SHARC_PR_LIT(p, " = ");
    /* the definition itself is printed in full, its children by alias */
    sharc_pr_attr_def_body(p, r->obj, r->is_type);
    sharc_buf_putc(p->out, '\n');
  }
}

/* ---- SSA numbering ---------------------------------------------------- */

enum { ARG_TAG = 1u << 31, NAME_TAG = 1u << 30 };

/* A name not yet taken in the enclosing regions: `name`, else `name_N` with
 * N from the conflict counter (MLIR's uniqueValueName). */
static sharc_ident *unique_value_name(sharc_printer *p, sharc_context *ctx, const char *name) {
  size_t len = strlen(name);
  sharc_ident *id = sharc_ident_get(ctx, (sharc_str){name, len});
  while (sharc_ptrmap_get(&p->used_names, id)) {
    char buf[256];
    size_t n = 0;
    if (len + 12 < sizeof buf) { /* `name_N` without snprintf: names conflict often */
      memcpy(buf, name, len);
      n = len;
      buf[n++] = '_';
      char digits[12];
      int k = 0;
      for (unsigned v = p->next_conflict++; k == 0 || v; v /= 10)
        digits[k++] = (char)('0' + v % 10);
      while (k)
        buf[n++] = digits[--k];
    } else {
      n = (size_t)snprintf(buf, sizeof buf, "%s_%u", name, p->next_conflict++);
      n = n < sizeof buf ? n : sizeof buf - 1;
    }
    id = sharc_ident_get(ctx, (sharc_str){buf, n});
  }
  uintptr_t count = (uintptr_t)sharc_ptrmap_get(&p->used_names, id);
  sharc_ptrmap_put(&p->used_names, id, (void *)(count + 1));
  sharc_vec_push(&p->name_stack, id);
  return id;
}

/* Leaving a region: its names are free again for sibling regions. */
static void pop_names(sharc_printer *p, unsigned height) {
  while (p->name_stack.len > height) {
    sharc_ident *id = sharc_vec_pop(&p->name_stack);
    uintptr_t count = (uintptr_t)sharc_ptrmap_get(&p->used_names, id);
    sharc_ptrmap_put(&p->used_names, id, (void *)(count - 1));
  }
}

static sharc_context *value_ctx(const sharc_value *v) {
  return v->vkind == SHARC_VALUE_RESULT ? sharc_op_ctx_of(sharc_value_op_of(v))
                                        : sharc_value_block_of(v)->ctx;
}

static void name_value(sharc_printer *p, const sharc_value *v, const char *name) {
  sharc_ident *id = unique_value_name(p, value_ctx(v), name);
  ((sharc_value *)v)->print_id = NAME_TAG | p->value_names.len;
  sharc_vec_push(&p->value_names, ((value_name){id, sharc_value_index_of(v), 1}));
}

/* ---- -mlir-use-nameloc-as-prefix ---------------------------------------- */

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '$' ||
         c == '.' || c == '_' || c == '-';
}

/* MLIR's sanitizeIdentifier into `out` (NUL-terminated): a name starting
 * with a digit, or with a character neither allowed nor a space, gets `_`
 * before it; a space becomes `_` and any other character not allowed its
 * hex digits (upper case, no leading zero). */
static void sanitize_name(sharc_str s, sharc_buf *out) {
  bool prefix = s.data[0] >= '0' && s.data[0] <= '9';
  prefix = prefix || (!ident_char(s.data[0]) && s.data[0] != ' ');
  if (prefix)
    sharc_buf_putc(out, '_');
  for (size_t i = 0; i < s.len; i++) {
    unsigned char c = (unsigned char)s.data[i];
    if (ident_char((char)c))
      sharc_buf_putc(out, (char)c);
    else if (c == ' ')
      sharc_buf_putc(out, '_');
    else
      sharc_buf_printf(out, "%X", c);
  }
}

/* A value's name from the first NameLoc of its location (MLIR's
 * findInstanceOf, pre-order): false when there is none; an empty name
 * leaves the value numbered, as MLIR's setValueName does. */
static bool name_value_from_loc(sharc_printer *p, const sharc_value *v) {
  const sharc_attr *loc = sharc_loc_find_kind(sharc_value_loc((sharc_value *)v), SHARC_ATTR_LOC_NAME, true);
  if (!loc)
    return false;
  sharc_str name = sharc_ident_str(loc->name.name);
  if (!name.len)
    return true;
  sharc_buf text = {0};
  sanitize_name(name, &text);
  name_value(p, v, text.data);
  sharc_buf_free(&text);
  return true;
}

static void set_value_name(void *state, const sharc_value *v, const char *name) {
  sharc_printer *p = state;
  if (!name || !*name || (v->print_id & NAME_TAG))
    return;
  if (p->flags.nameloc_prefix && name_value_from_loc(p, v))
    return;
  name_value(p, v, name);
}

/* A block argument under -mlir-use-nameloc-as-prefix: named as MLIR names
 * it (an entry argument `argN`, unique like any name), unless its location
 * names it. */
static void name_arg_by_loc(sharc_printer *p, sharc_value *arg, bool entry, unsigned *next_value,
                            unsigned *next_arg) {
  char buf[16];
  if (entry)
    snprintf(buf, sizeof buf, "arg%u", (*next_arg)++);
  if (name_value_from_loc(p, arg)) {
    if (!(arg->print_id & NAME_TAG))
      arg->print_id = (*next_value)++;
    return;
  }
  if (entry)
    name_value(p, arg, buf);
  else
    arg->print_id = (*next_value)++;
}

/* -mlir-print-value-users numbers ops without results too. */
static void number_op(sharc_printer *p, const sharc_op *op, unsigned *next_value) {
  sharc_ptrmap_put(&p->op_ids, op, (void *)(uintptr_t)(*next_value + 1)); /* 0: none */
  (*next_value)++;
}

/* Whether `op` itself (its attributes and result types, not its regions)
 * holds something that can take an alias. */
static bool op_itself_may_alias(const sharc_op *op) {
  if (sharc_attr_may_alias(op->attrs))
    return true;
  for (unsigned i = 0; i < op->num_results; i++)
    if (sharc_type_may_alias(sharc_op_results_of(op)[i].type))
      return true;
  return false;
}

/* The alias question asked of a block's arguments and ops on the
 * numbering's walk (one walk over a large module instead of two, each of
 * which waits on memory for every op): `*may_alias` turns true once
 * anything the printer will visit can take an alias. */
static void note_block_may_alias(const sharc_block *b, bool *may_alias) {
  for (unsigned i = 0; !*may_alias && i < b->num_args; i++)
    *may_alias = sharc_type_may_alias(b->args[i]->type);
}

/* Numbers the blocks and values of `r` (not of its nested regions, which
 * are appended to `nested` in walk order: numbering them then takes no
 * second walk over the region's ops). With `may_alias` (NULL: not asked),
 * also answers op_may_alias for the region's own blocks and ops. */
static void number_region_blocks(sharc_printer *p, sharc_region *r, unsigned *next_value,
                                 unsigned *next_arg, sharc_ptrvec *nested, bool *may_alias) {
  unsigned block_id = 0;
  /* hooks mark their values by NAME_TAG; clear stale marks first */
  for (sharc_block *b = r->first; b; b = b->next) {
    for (unsigned i = 0; i < b->num_args; i++)
      b->args[i]->print_id = 0;
    if (may_alias && !*may_alias)
      note_block_may_alias(b, may_alias);
  }
  /* the generic form asks no hook; the rarer flags are asked per op only
   * when one of them is set */
  bool hooks = p && !p->flags.generic;
  bool by_loc = p && p->flags.nameloc_prefix;
  bool op_ids = p && p->flags.value_users;
  if (hooks && r->parent && sharc_op_def_of(r->parent) && sharc_op_def_of(r->parent)->block_arg_names)
    sharc_op_def_of(r->parent)->block_arg_names(r->parent, r, set_value_name, p);
  for (sharc_block *b = r->first; b; b = b->next) {
    b->print_id = block_id++;
    bool entry = b == r->first;
    for (unsigned i = 0; i < b->num_args; i++) {
      if (b->args[i]->print_id & NAME_TAG)
        continue;
      if (by_loc)
        name_arg_by_loc(p, b->args[i], entry, next_value, next_arg);
      else
        b->args[i]->print_id = entry ? (ARG_TAG | (*next_arg)++) : (*next_value)++;
    }
    for (sharc_op *op = b->first; op; op = op->next) {
      /* this walk touches every op of the module: ask for the next early */
      if (op->next)
        sharc_prefetch_after(op, op->next);
      for (unsigned i = 0; i < op->num_regions; i++)
        sharc_ptrvec_push(nested, &sharc_op_regions_of(op)[i]);
      if (may_alias && !*may_alias)
        *may_alias = op_itself_may_alias(op);
      if (!op->num_results) {
        if (op_ids)
          number_op(p, op, next_value);
        continue;
      }
      /* a naming hook marks the results it names (stale marks cleared
       * first); without one every result takes the group's number below */
      bool hook = hooks && sharc_op_def_of(op) && sharc_op_def_of(op)->result_names;
      bool named = hook || by_loc;
      for (unsigned i = 0; named && i < op->num_results; i++)
        sharc_op_results_of(op)[i].print_id = 0;
      if (hook)
        sharc_op_def_of(op)->result_names(op, set_value_name, p);
      /* MLIR then names a first result no hook named from its location */
      if (by_loc && !(sharc_op_results_of(op)[0].print_id & NAME_TAG))
        name_value_from_loc(p, &sharc_op_results_of(op)[0]);
      if (named && (sharc_op_results_of(op)[0].print_id & NAME_TAG)) {
        /* each named result starts a group that unnamed ones after it join */
        for (unsigned i = 1; i < op->num_results; i++) {
          if (sharc_op_results_of(op)[i].print_id & NAME_TAG)
            continue;
          sharc_op_results_of(op)[i].print_id = sharc_op_results_of(op)[i - 1].print_id;
          p->value_names.items[sharc_op_results_of(op)[i].print_id & ~NAME_TAG].group_size++;
        }
        continue;
      }
      /* a result group takes one number: `%3:2`, used as `%3#0`, `%3#1` */
      for (unsigned i = 0; i < op->num_results; i++)
        sharc_op_results_of(op)[i].print_id = *next_value;
      (*next_value)++;
    }
  }
}

/* Custom form: every nested region starts from the counters reached after
 * its whole enclosing region, and sees the names taken there. */
static void number_scoped(sharc_printer *p, sharc_region *r, unsigned next_value,
                          unsigned next_arg, unsigned next_conflict, bool *may_alias) {
  unsigned height = p->name_stack.len;
  p->next_conflict = next_conflict;
  unsigned first = p->nested.len;
  number_region_blocks(p, r, &next_value, &next_arg, &p->nested, may_alias);
  unsigned end = p->nested.len;
  next_conflict = p->next_conflict;
  /* each nested call leaves `nested` as long as it found it */
  for (unsigned k = first; k < end; k++)
    number_scoped(p, p->nested.items[k], next_value, next_arg, next_conflict, may_alias);
  p->nested.len = first;
  pop_names(p, height);
}

/* Generic form: unique ids from `next_value`; regions are taken from a
 * LIFO stack. */
static void number_unique_from(sharc_op *top, unsigned next_value, bool *may_alias) {
  sharc_ptrvec stack = {0};
  for (unsigned i = 0; i < top->num_regions; i++)
    sharc_ptrvec_push(&stack, &sharc_op_regions_of(top)[i]);
  unsigned next_arg = 0;
  while (stack.len) {
    sharc_region *r = stack.items[--stack.len];
    number_region_blocks(NULL, r, &next_value, &next_arg, &stack, may_alias);
  }
  sharc_ptrvec_free(&stack);
}

static void number_unique(sharc_op *top) { number_unique_from(top, 0, NULL); }

/* -mlir-print-unique-ssa-ids, or the generic form with names from
 * locations or numbered ops: number_unique_from's counters (values,
 * arguments and name conflicts never start again), with names scoped per
 * region as number_scoped's. A region's nested regions come last first, as
 * MLIR's stack takes them. */
static void number_unique_scoped(sharc_printer *p, sharc_region *r, unsigned *next_value,
                                 unsigned *next_arg) {
  unsigned height = p->name_stack.len;
  unsigned first = p->nested.len;
  number_region_blocks(p, r, next_value, next_arg, &p->nested, NULL);
  for (unsigned k = p->nested.len; k-- > first;)
    number_unique_scoped(p, p->nested.items[k], next_value, next_arg);
  p->nested.len = first;
  pop_names(p, height);
}

/* The top op numbers first: its results, or itself when ops are numbered. */
static void number_unique_top(sharc_printer *p, sharc_op *top) {
  unsigned next_value = 0, next_arg = 0;
  p->next_conflict = 0;
  if (top->num_results)
    next_value++;
  else if (p->flags.value_users)
    number_op(p, top, &next_value);
  for (unsigned i = top->num_regions; i-- > 0;)
    number_unique_scoped(p, &sharc_op_regions_of(top)[i], &next_value, &next_arg);
}

/* Whether numbering takes number_unique_top: every flag but the generic
 * form alone, which number_unique_from numbers without a printer. */
static bool numbers_unique_scoped(const sharc_print_flags *f) {
  return f->unique_ssa_ids || (f->generic && (f->value_users || f->nameloc_prefix));
}

/* Printing while hot, in the custom form: numbers `top`'s one region now
 * and keeps the counters its nested regions start from (number_scoped's),
 * so that each op of that region has its regions numbered just before it
 * prints, while they are in cache, instead of in a walk over the whole
 * module ahead of the print. */
static void number_top_while_hot(sharc_printer *p, sharc_op *top) {
  unsigned next_value = 0, next_arg = 0;
  p->next_conflict = 0;
  number_region_blocks(p, &sharc_op_regions_of(top)[0], &next_value, &next_arg, &p->nested, NULL);
  p->nested.len = 0; /* numbered as their ops print */
  p->hot_top = top;
  p->hot_next_value = next_value;
  p->hot_next_arg = next_arg;
  p->hot_next_conflict = p->next_conflict;
}

/* The regions of `op`, an op of the hot top's region, as number_scoped
 * would have numbered them ahead of the print. */
static void number_op_while_hot(sharc_printer *p, sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    number_scoped(p, &sharc_op_regions_of(op)[i], p->hot_next_value, p->hot_next_arg,
                  p->hot_next_conflict, NULL);
}

/* Whether `v` is defined inside `root` (a result of root itself included). */
static bool value_defined_in(const sharc_value *v, const sharc_op *root) {
  const sharc_block *b;
  if (v->vkind == SHARC_VALUE_RESULT) {
    const sharc_op *def = sharc_value_op_of(v);
    if (def == root)
      return true;
    b = def->block;
  } else {
    b = sharc_value_block_of(v);
  }
  while (b && b->parent) {
    const sharc_op *parent = b->parent->parent;
    if (parent == root)
      return true;
    if (!parent)
      return false;
    b = parent->block;
  }
  return false;
}

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* put_char_number's eight-digit case (10^4 <= v < 10^8), kept out of
 * line so that the four-digit one inlines where values print. */
static void put_char_number8(sharc_buf *b, char c, unsigned v) {
  if (b->len + 10 > b->cap)
    sharc_buf_reserve(b, 9);
  /* one division splits the halves; each half's pairs in 32 bits */
  unsigned hi = v / 10000, lo = v - hi * 10000;
  unsigned hi1 = hi / 100, lo1 = lo / 100;
  uint16_t pair[4];
  memcpy(&pair[0], sharc_digit_pairs + 2 * hi1, 2);
  memcpy(&pair[1], sharc_digit_pairs + 2 * (hi - hi1 * 100), 2);
  memcpy(&pair[2], sharc_digit_pairs + 2 * lo1, 2);
  memcpy(&pair[3], sharc_digit_pairs + 2 * (lo - lo1 * 100), 2);
  uint64_t d; /* eight digits, the first in the low byte */
  memcpy(&d, pair, sizeof d);
  unsigned zeros = (unsigned)__builtin_ctzll((d - UINT64_C(0x3030303030303030)) | UINT64_C(1) << 56) / 8;
  char *q = b->data + b->len;
  q[0] = c;
  d >>= 8 * zeros;
  memcpy(q + 1, &d, sizeof d);
  b->len += 9 - zeros;
  q[9 - zeros] = 0;
}

#endif

/* `c` then the digits of `v`: an SSA number (`%12`, `#1`, `:2`). Below
 * 10^4, every number of a function of fewer than ten thousand values, the
 * four digits are formed in one word, its leading zeros shifted out and
 * the sigil, digits and NUL stored at once, no branch on the digit count;
 * below 10^8 the same with eight digits (a function of a hundred thousand
 * values); else the general way. */
static inline void put_char_number(sharc_buf *b, char c, unsigned v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
  if (v < 10000 && b->len + 8 <= b->cap) {
    uint16_t hi, lo;
    memcpy(&hi, sharc_digit_pairs + 2 * (v / 100), 2);
    memcpy(&lo, sharc_digit_pairs + 2 * (v % 100), 2);
    uint32_t d = hi | (uint32_t)lo << 16; /* four digits, the first in the low byte */
    /* the leading zeros: the low bytes of d that are '0' (the last digit
     * always stays, for 0) */
    unsigned zeros = (unsigned)__builtin_ctz((d - 0x30303030u) | (1u << 24)) / 8;
    uint64_t w = (uint64_t)(unsigned char)c | (uint64_t)(d >> (8 * zeros)) << 8;
    memcpy(b->data + b->len, &w, sizeof w);
    b->len += 5 - zeros;
    return;
  }
  if (v < 100000000) {
    put_char_number8(b, c, v);
    return;
  }
#endif
  sharc_buf_put_char_u64(b, c, v);
}

/* A value printed by its number (no name, not an entry argument). */
static inline void put_numbered_value(sharc_buf *b, const sharc_value *v) {
  put_char_number(b, '%', v->print_id);
  /* a result but the last of its op's has pos > 1; the last of several
   * shares its op's cache line */
  if (v->vkind == SHARC_VALUE_RESULT && (v->pos > 1 || sharc_value_op_of(v)->num_results > 1))
    put_char_number(b, '#', sharc_value_index_of(v));
}

void sharc_pr_value(sharc_printer *p, const sharc_value *v) {
  sharc_buf *b = p->out;
  if (v->vkind == SHARC_VALUE_PLACEHOLDER ||
      (p->numbering_root && !value_defined_in(v, p->numbering_root))) {
    SHARC_BUF_LIT(b, "<<UNKNOWN SSA VALUE>>");
    return;
  }
  if ((v->print_id & (ARG_TAG | NAME_TAG)) == NAME_TAG) {
    const value_name *vn = &p->value_names.items[v->print_id & ~NAME_TAG];
    sharc_buf_putc(b, '%');
    sharc_str name = sharc_ident_str(vn->name);
    sharc_buf_put(b, name.data, name.len);
    if (v->vkind == SHARC_VALUE_RESULT && vn->group_size > 1) {
      sharc_buf_putc(b, '#');
      sharc_buf_put_u64(b, sharc_value_index_of(v) - vn->group_start);
    }
    return;
  }
  if (v->print_id & ARG_TAG) {
    SHARC_BUF_LIT(b, "%arg");
    sharc_buf_put_u64(b, v->print_id & ~ARG_TAG);
    return;
  }
  put_numbered_value(b, v);
}

void sharc_pr_operands(sharc_printer *p, const sharc_op *op) {
  const sharc_use *uses = sharc_op_operands_of(op);
  bool all_in_scope = !p->numbering_root; /* asked once, not per operand */
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    const sharc_value *v = uses[i].value;
    if (all_in_scope && v->vkind != SHARC_VALUE_PLACEHOLDER && !(v->print_id & (ARG_TAG | NAME_TAG)))
      put_numbered_value(p->out, v);
    else
      sharc_pr_value(p, v);
  }
}

/* The indentation of a line: an op's is at most eight spaces in most
 * modules, written by one store after one capacity check. */
static void put_indent(sharc_printer *p) {
  sharc_buf *b = p->out;
  unsigned n = p->indent;
  if (n > 8 || b->len + 9 > b->cap) {
    sharc_buf_indent(b, n);
    return;
  }
  memcpy(b->data + b->len, "        ", 8);
  b->len += n;
  b->data[b->len] = 0;
}

void sharc_pr_newline(sharc_printer *p) {
  sharc_buf_putc(p->out, '\n');
  put_indent(p);
}

/* ---- operations ------------------------------------------------------- */

static void print_op(sharc_printer *p, sharc_op *op);

/* --mlir-pretty-debuginfo: a top-level location in full without `loc( )`
 * nor its own alias (MLIR's printLocation, isTopLevel); the dry run still
 * collects aliases as without the flag. */
static bool print_pretty_loc(sharc_printer *p, const sharc_attr *loc) {
  if (!p->flags.pretty_debug_info || p->collecting)
    return false;
  sharc_buf_putc(p->out, ' ');
  sharc_pr_loc_body_inner(p, loc);
  return true;
}

/* Block argument locations are written out in full, yet MLIR still gives
 * them an alias (printed before the module) while collecting. */
void sharc_pr_loc_inline(sharc_printer *p, const sharc_attr *loc) {
  if (!p->flags.debug_info)
    return;
  if (print_pretty_loc(p, loc))
    return;
  SHARC_PR_LIT(p, " loc(");
  if (p->collecting) {
    if (!sharc_pr_use_alias(p, loc, true)) {
      sharc_pr_visit_begin(p);
      sharc_pr_loc_body_inner(p, loc);
      sharc_pr_visit_end(p, loc, false);
    }
  } else {
    sharc_pr_loc_body_inner(p, loc);
  }
  sharc_buf_putc(p->out, ')');
}

/* Op locations may be defined after the top-level operation. */
static void print_op_loc(sharc_printer *p, const sharc_attr *loc) {
  if (!p->flags.debug_info || print_pretty_loc(p, loc))
    return;
  bool saved = p->deferrable;
  p->deferrable = true;
  SHARC_PR_LIT(p, " loc(");
  if (!sharc_pr_use_alias(p, loc, true)) {
    sharc_pr_visit_begin(p);
    sharc_pr_loc_body_inner(p, loc);
    sharc_pr_visit_end(p, loc, false);
  }
  sharc_buf_putc(p->out, ')');
  p->deferrable = saved;
}

static void print_block_name(sharc_printer *p, const sharc_block *b) {
  sharc_buf_puts(p->out, "^bb");
  sharc_buf_put_u64(p->out, b->print_id);
}

/* The predecessor edges of a region's blocks, one per successor slot, in
 * block order: ids[start[k] .. start[k + 1]) are the ids of the blocks
 * branching to block k (blocks are numbered 0.. in their region). Built in
 * one walk of the region: scanning the region once per block made a region
 * of n branching blocks cost n^2. */
typedef struct pred_index {
  unsigned *start, *ids;
} pred_index;

static bool successor_in_region(const sharc_block *target, const sharc_region *r) {
  return target && target->parent == r;
}

/* Builds `x` when the region's blocks are numbered 0.. in order (always,
 * once its op was numbered for printing; a region printed without that,
 * e.g. in a diagnostic, keeps the scan). */
static bool pred_index_build(pred_index *x, const sharc_region *r) {
  unsigned nblocks = 0, nedges = 0;
  for (const sharc_block *b = r->first; b; b = b->next)
    if (b->print_id != nblocks++)
      return false;
  x->start = sharc_xcalloc((size_t)nblocks + 1, sizeof *x->start);
  for (const sharc_block *b = r->first; b; b = b->next)
    for (const sharc_op *op = b->first; op; op = op->next)
      for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++) {
        const sharc_block *t = sharc_op_successors_of(op)[i];
        if (successor_in_region(t, r)) {
          x->start[t->print_id + 1]++;
          nedges++;
        }
      }
  for (unsigned k = 0; k < nblocks; k++)
    x->start[k + 1] += x->start[k];
  x->ids = sharc_xmalloc(((size_t)nedges + 1) * sizeof *x->ids);
  unsigned *fill = sharc_xmalloc(((size_t)nblocks + 1) * sizeof *fill);
  memcpy(fill, x->start, ((size_t)nblocks + 1) * sizeof *fill);
  for (const sharc_block *b = r->first; b; b = b->next)
    for (const sharc_op *op = b->first; op; op = op->next)
      for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++) {
        const sharc_block *t = sharc_op_successors_of(op)[i];
        if (successor_in_region(t, r))
          x->ids[fill[t->print_id]++] = b->print_id;
      }
  free(fill);
  return true;
}

static void pred_index_free(pred_index *x) {
  free(x->start);
  free(x->ids);
}

/* The ids of the blocks branching to `b`, found by scanning its region
 * (one-block regions, and regions without an index); `*ids` is `stack`
 * or an array the caller frees. */
static unsigned scan_preds(const sharc_block *b, unsigned **ids, unsigned *stack) {
  unsigned n = 0, cap = 16;
  *ids = stack;
  for (sharc_block *src = b->parent->first; src; src = src->next)
    for (sharc_op *op = src->first; op; op = op->next)
      for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++) {
        if (sharc_op_successors_of(op)[i] != b)
          continue;
        if (n == cap) {
          cap *= 2;
          *ids = sharc_xgrow_small(*ids, stack, n, cap, sizeof **ids);
        }
        (*ids)[n++] = src->print_id;
      }
  return n;
}

/* Predecessor edges of `b`, one per successor slot, in block order (from
 * `x` when the region has an index). */
static void print_preds(sharc_printer *p, const sharc_block *b, const pred_index *x) {
  unsigned stack_ids[16];
  unsigned *ids, n;
  if (x) {
    ids = x->ids + x->start[b->print_id];
    n = x->start[b->print_id + 1] - x->start[b->print_id];
  } else {
    n = scan_preds(b, &ids, stack_ids);
  }
  if (n == 0) {
    if (b != b->parent->first)
      SHARC_PR_LIT(p, "  // no predecessors");
  } else if (n == 1) {
    sharc_buf_printf(p->out, "  // pred: ^bb%u", ids[0]);
  } else {
    sharc_buf_printf(p->out, "  // %u preds: ", n);
    for (unsigned i = 0; i < n; i++)
      sharc_buf_printf(p->out, "%s^bb%u", i ? ", " : "", ids[i]);
  }
  if (!x && ids != stack_ids)
    free(ids);
}

/* Between two ops nothing reads back printed text, so the dry run drops its
 * discarded text and a streaming print hands what it has to the sink. */
static void settle_output(sharc_printer *p) {
  if (p->collecting) {
    p->out->len = 0;
  } else if (p->sink && p->out->len >= (size_t)1 << 16) {
    p->sink(p->out->data, p->out->len, p->sink_user);
    p->out->len = 0;
  }
}

/* ---- -mlir-print-value-users -------------------------------------------- */

/* `%N` of an op without results, as numbered for this print. */
static void print_op_id(sharc_printer *p, const sharc_op *op) {
  uintptr_t id = (uintptr_t)sharc_ptrmap_get(&p->op_ids, op);
  if (!id) {
    SHARC_PR_LIT(p, "<<UNKNOWN OPERATION>>");
    return;
  }
  put_char_number(p->out, '%', (unsigned)(id - 1));
}

/* A user: its results (`%3#0, %3#1`), or its own number when it has none. */
static void print_user_ids(sharc_printer *p, const sharc_op *user) {
  if (!user->num_results) {
    print_op_id(p, user);
    return;
  }
  for (unsigned i = 0; i < user->num_results; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_value(p, &sharc_op_results_of(user)[i]);
  }
}

/* The users of `v`, each once, in use-list order, or `unused`. */
static void print_value_users(sharc_printer *p, const sharc_value *v) {
  if (!v->uses) {
    SHARC_PR_LIT(p, "unused");
    return;
  }
  sharc_ptrmap seen = {0};
  bool first = true;
  for (const sharc_use *u = v->uses; u; u = u->next) {
    if (sharc_ptrmap_get(&seen, u->owner))
      continue;
    sharc_ptrmap_put(&seen, u->owner, u->owner);
    if (!first)
      SHARC_PR_LIT(p, ", ");
    first = false;
    print_user_ids(p, u->owner);
  }
  sharc_ptrmap_free(&seen);
}

/* The comment after an op: ` // id: %N` for an op without results that
 * takes operands, else ` // unused` or ` // user(s): ...` per result
 * (parenthesized when there are several). */
static void print_users_comment(sharc_printer *p, const sharc_op *op) {
  if (!op->num_results) {
    if (op->num_operands) {
      SHARC_PR_LIT(p, " // id: ");
      print_op_id(p, op);
    }
    return;
  }
  /* "user" only for one result used by one op with at most one result */
  sharc_ptrmap users = {0};
  unsigned num_users = 0, user_results = 0;
  for (unsigned i = 0; i < op->num_results; i++)
    for (const sharc_use *u = sharc_op_results_of(op)[i].uses; u; u = u->next) {
      if (sharc_ptrmap_get(&users, u->owner))
        continue;
      sharc_ptrmap_put(&users, u->owner, u->owner);
      num_users++;
      user_results += u->owner->num_results;
    }
  sharc_ptrmap_free(&users);
  if (!num_users) {
    SHARC_PR_LIT(p, " // unused");
    return;
  }
  bool one = num_users <= 1 && user_results <= 1 && op->num_results == 1;
  sharc_pr_puts(p, one ? " // user: " : " // users: ");
  bool brackets = op->num_results > 1;
  for (unsigned i = 0; i < op->num_results; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    if (brackets)
      sharc_buf_putc(p->out, '(');
    print_value_users(p, &sharc_op_results_of(op)[i]);
    if (brackets)
      sharc_buf_putc(p->out, ')');
  }
}

/* `// %arg0 is used by %1, %2` on a line of its own at the top of a block. */
static void print_arg_users(sharc_printer *p, const sharc_value *arg) {
  put_indent(p);
  SHARC_PR_LIT(p, "// ");
  sharc_pr_value(p, arg);
  if (!arg->uses) {
    SHARC_PR_LIT(p, " is unused\n");
    return;
  }
  SHARC_PR_LIT(p, " is used by ");
  print_value_users(p, arg);
  sharc_buf_putc(p->out, '\n');
}

/* An op as MLIR's OperationPrinter prints every op, the one printed alone
 * (a dump's or a diagnostic's) included: its users' comment follows it. */
static void print_op_and_users(sharc_printer *p, sharc_op *op) {
  print_op(p, op);
  if (p->flags.value_users)
    print_users_comment(p, op);
}

static void print_block(sharc_printer *p, const sharc_block *b, bool header, const pred_index *preds) {
  if (header) {
    put_indent(p);
    print_block_name(p, b);
    if (b->num_args) {
      sharc_buf_putc(p->out, '(');
      for (unsigned i = 0; i < b->num_args; i++) {
        if (i)
          SHARC_PR_LIT(p, ", ");
        sharc_pr_value(p, b->args[i]);
        SHARC_PR_LIT(p, ": ");
        sharc_pr_type(p, b->args[i]->type);
        sharc_pr_loc_inline(p, sharc_value_loc(b->args[i]));
      }
      sharc_buf_putc(p->out, ')');
    }
    sharc_buf_putc(p->out, ':');
    print_preds(p, b, preds);
    sharc_buf_putc(p->out, '\n');
  }
  p->indent += 2;
  for (unsigned i = 0; p->flags.value_users && i < b->num_args; i++)
    print_arg_users(p, b->args[i]);
  bool hot = p->hot_top && b->parent && b->parent->parent == p->hot_top;
  for (sharc_op *op = b->first; op; op = op->next) {
    if (hot)
      number_op_while_hot(p, op);
    put_indent(p);
    print_op_and_users(p, op);
    sharc_buf_putc(p->out, '\n');
    settle_output(p);
  }
  p->indent -= 2;
}

void sharc_pr_region(sharc_printer *p, const sharc_region *r, bool print_entry_args,
                     bool print_empty_block) {
  if (p->flags.skip_regions) {
    SHARC_PR_LIT(p, "{...}");
    return;
  }
  SHARC_PR_LIT(p, "{\n");
  if (r->first) {
    const sharc_op *parent = r->parent;
    const char *dd = parent && sharc_op_def_of(parent) && sharc_op_def_of(parent)->default_dialect
                         ? sharc_op_def_of(parent)->default_dialect
                         : "";
    const char *outer = p->default_dialect;
    size_t outer_len = p->default_dialect_len;
    p->default_dialect = dd;
    p->default_dialect_len = strlen(dd);
    const sharc_block *entry = r->first;
    bool header = (print_empty_block && !entry->first) || (print_entry_args && entry->num_args);
    pred_index preds, *x = NULL;
    if (entry->next && pred_index_build(&preds, r))
      x = &preds;
    print_block(p, entry, header, x);
    for (const sharc_block *b = entry->next; b; b = b->next)
      print_block(p, b, true, x);
    if (x)
      pred_index_free(x);
    p->default_dialect = outer;
    p->default_dialect_len = outer_len;
  }
  put_indent(p);
  sharc_buf_putc(p->out, '}');
}

void sharc_pr_op_name(sharc_printer *p, const sharc_op *op) {
  sharc_str name = sharc_ident_str(op->name);
  const char *dd = p->default_dialect ? p->default_dialect : "builtin";
  size_t n = p->default_dialect ? p->default_dialect_len : strlen("builtin");
  if (n && name.len > n + 1 && name.data[n] == '.' && memcmp(name.data, dd, n) == 0 &&
      !memchr(name.data + n + 1, '.', name.len - n - 1)) {
    sharc_pr_put_str(p, (sharc_str){name.data + n + 1, name.len - n - 1});
    return;
  }
  sharc_pr_put_str(p, name);
}

void sharc_pr_attr_dict(sharc_printer *p, const sharc_attr *dict, const char *const *elided,
                        bool with_keyword) {
  unsigned i = 0; /* the first entry shown */
  while (i < sharc_dict_n(dict) && sharc_pr_name_elided(elided, sharc_dict_entries(dict)[i].name))
    i++;
  if (i == sharc_dict_n(dict))
    return;
  sharc_pr_puts(p, with_keyword ? " attributes {" : " {");
  sharc_pr_dict_body(p, sharc_dict_entries(dict) + i, sharc_dict_n(dict) - i, elided);
  sharc_buf_putc(p->out, '}');
}

/* MLIR's alias collector visits a generic op's regions, then its operand
 * and result types, then its attributes (not an unregistered op's
 * properties), whatever order the text has them in: the order decides the
 * numbering of aliases such as #map, #map1 found in both. */
static void collect_generic(sharc_printer *p, sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    sharc_pr_region(p, &sharc_op_regions_of(op)[i], true, true);
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    sharc_pr_type(p, uses[i].value->type);
  for (unsigned i = 0; i < op->num_results; i++)
    sharc_pr_type(p, sharc_op_results_of(op)[i].type);
  for (unsigned i = 0; i < sharc_dict_n(op->attrs); i++)
    sharc_pr_attr(p, sharc_dict_entries(op->attrs)[i].value);
}

static void print_generic(sharc_printer *p, sharc_op *op) {
  sharc_buf *b = p->out;
  if (p->collecting) {
    collect_generic(p, op);
    return;
  }
  /* a module names a few ops on every line */
  if (!sharc_pr_replay_slot(p, op->name) && !sharc_pr_replay_text(p, op->name)) {
    size_t start = b->len;
    sharc_pr_ident_string(p, op->name);
    sharc_pr_remember_text(p, op->name, b, start);
  }
  sharc_buf_putc(b, '(');
  sharc_pr_operands(p, op);
  sharc_buf_putc(b, ')');
  if (sharc_op_num_successors_of(op)) {
    sharc_buf_putc(b, '[');
    for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      print_block_name(p, sharc_op_successors_of(op)[i]);
    }
    sharc_buf_putc(b, ']');
  }
  /* inherent attributes of registered ops are properties */
  const sharc_attr *d = op->attrs;
  unsigned nprops = 0;
  for (unsigned i = 0; sharc_op_def_of(op) && i < sharc_dict_n(d); i++)
    nprops += sharc_op_def_is_inherent(sharc_op_def_of(op), sharc_dict_entries(d)[i].name);
  /* MLIR's alias collector does not look into an unregistered op's
   * properties, but printing them uses aliases found elsewhere */
  if (sharc_op_props_of(op)) {
    SHARC_PR_LIT(p, " <");
    sharc_pr_attr(p, sharc_op_props_of(op));
    SHARC_PR_LIT(p, ">");
  }
  if (nprops) {
    SHARC_PR_LIT(p, " <{");
    bool first = true;
    for (unsigned i = 0; i < sharc_dict_n(d); i++) {
      if (!sharc_op_def_is_inherent(sharc_op_def_of(op), sharc_dict_entries(d)[i].name))
        continue;
      if (!first)
        SHARC_PR_LIT(p, ", ");
      first = false;
      sharc_pr_dict_body(p, &sharc_dict_entries(d)[i], 1, NULL);
    }
    SHARC_PR_LIT(p, "}>");
  }
  if (op->num_regions) {
    SHARC_PR_LIT(p, " (");
    for (unsigned i = 0; i < op->num_regions; i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_pr_region(p, &sharc_op_regions_of(op)[i], true, true);
    }
    sharc_buf_putc(b, ')');
  }
  if (sharc_dict_n(d) > nprops && !nprops) {
    /* nothing to skip: one call prints the entries and their separators
     * (each key's `, key = ` one copy from the printer's key memo) */
    SHARC_PR_LIT(p, " {");
    sharc_pr_dict_body(p, sharc_dict_entries(d), sharc_dict_n(d), NULL);
    sharc_buf_putc(b, '}');
  } else if (sharc_dict_n(d) > nprops) {
    SHARC_PR_LIT(p, " {");
    bool first = true;
    for (unsigned i = 0; i < sharc_dict_n(d); i++) {
      if (sharc_op_def_of(op) &&
          sharc_op_def_is_inherent(sharc_op_def_of(op), sharc_dict_entries(d)[i].name))
        continue;
      if (!first)
        SHARC_PR_LIT(p, ", ");
      first = false;
      sharc_pr_dict_body(p, &sharc_dict_entries(d)[i], 1, NULL);
    }
    sharc_buf_putc(b, '}');
  }
  SHARC_PR_LIT(p, " : (");
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, uses[i].value->type);
  }
  SHARC_PR_LIT(p, ") -> ");
  bool parens = op->num_results != 1 || sharc_op_results_of(op)[0].type->kind == SHARC_TYPE_FUNCTION;
  if (parens)
    sharc_buf_putc(b, '(');
  for (unsigned i = 0; i < op->num_results; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, sharc_op_results_of(op)[i].type);
  }
  if (parens)
    sharc_buf_putc(b, ')');
}

static void print_op(sharc_printer *p, sharc_op *op) {
  /* The op's attribute dictionary and its entries (in its key, just
   * before it: see context.c) were made when the op was parsed, long
   * before a large module prints it: asked for now, they come while the
   * results, name and operands print. */
  __builtin_prefetch(op->attrs);
  __builtin_prefetch((const char *)op->attrs - 64);
  /* MLIR's alias collector visits an op's location before its contents */
  if (p->collecting && p->flags.debug_info) {
    size_t mark = p->out->len;
    print_op_loc(p, sharc_op_loc(op));
    p->out->len = mark;
  }
  if (op->num_results) {
    /* the result group is `%0:2`; uses of its members are `%0#1` */
    unsigned id = sharc_op_results_of(op)[0].print_id;
    if ((id & (ARG_TAG | NAME_TAG)) == NAME_TAG) {
      /* named groups: `%a, %b:2 = ...` */
      for (unsigned i = 0; i < op->num_results;) {
        const value_name *vn = &p->value_names.items[sharc_op_results_of(op)[i].print_id & ~NAME_TAG];
        sharc_str name = sharc_ident_str(vn->name);
        if (i)
          SHARC_PR_LIT(p, ", ");
        sharc_buf_putc(p->out, '%');
        sharc_buf_put(p->out, name.data, name.len);
        if (vn->group_size > 1) {
          sharc_buf_putc(p->out, ':');
          sharc_buf_put_u64(p->out, vn->group_size);
        }
        i += vn->group_size;
      }
    } else {
      put_char_number(p->out, '%', id);
      if (op->num_results > 1) /* `%3:2`: no printf per multi-result op */
        put_char_number(p->out, ':', op->num_results);
    }
    SHARC_PR_LIT(p, " = ");
  }
  sharc_op_print_fn print =
      sharc_op_def_of(op) && !p->flags.generic ? sharc_asm_op_printer(sharc_op_def_of(op)) : NULL;
  if (print) {
    sharc_pr_op_name(p, op);
    print(p, op);
  } else {
    print_generic(p, op);
  }
  if (p->flags.debug_info) /* asking makes a packed location's attribute */
    print_op_loc(p, sharc_op_loc(op));
}

static void print_top(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out,
                      sharc_write_fn sink, void *user) {
  sharc_printer p;
  sharc_pr_init(&p, out, flags);
  p.sink = sink;
  p.sink_user = user;
  /* Whether anything the printer will visit can take an alias (locations
   * only count with debug info): when nothing can, the dry run is skipped.
   * The numbering's walk answers it for everything under `op`. */
  bool ask = !p.flags.local_scope && !p.flags.debug_info;
  bool may_alias = ask && op_itself_may_alias(op);
  bool *probe = ask ? &may_alias : NULL;
  /* nothing made in the context can take an alias: no dry run, and each
   * region under the top one is numbered as it prints (the generic form's
   * numbering runs across the whole module, last region first) */
  bool scoped_unique = numbers_unique_scoped(&p.flags);
  /* (users' comments name values of regions printed later) */
  bool hot = ask && !p.flags.generic && !scoped_unique && !p.flags.value_users &&
             op->num_regions == 1 && !sharc_op_ctx_of(op)->alias_capable;
  if (hot)
    number_top_while_hot(&p, op);
  if (scoped_unique) {
    number_unique_top(&p, op);
    may_alias = ask; /* not asked on this walk */
  }
  for (unsigned i = 0; i < op->num_regions && !hot && !scoped_unique; i++) {
    if (p.flags.generic)
      continue;
    number_scoped(&p, &sharc_op_regions_of(op)[i], 0, 0, 0, probe);
  }
  if (p.flags.generic && !scoped_unique)
    number_unique_from(op, 0, probe);
  /* dry run: collect aliases in print order */
  if (!p.flags.local_scope && (p.flags.debug_info || may_alias)) {
    p.collecting = true;
    p.out = &p.scratch;
    print_op(&p, op);
    p.collecting = false;
    p.out = out;
  }
  sharc_ptrmap_free(&p.distinct_ids);
  p.next_distinct = 0;
  alias_rec **order = sorted_aliases(&p);
  sharc_ptrvec resources_used = {0};
  p.resources_used = &resources_used;
  print_alias_defs(&p, order, false);
  print_op_and_users(&p, op);
  /* local scope prints the op alone (MLIR's printFullOpWithIndentAndLoc):
   * its users' comment, then no newline, aliases or resources after it, as
   * printTopLevelOperation */
  if (!p.flags.local_scope) {
    sharc_buf_putc(out, '\n');
    print_alias_defs(&p, order, true);
    print_file_metadata(&p, sharc_op_ctx_of(op));
  }
  sharc_ptrvec_free(&resources_used);
  free(order);
  sharc_pr_free(&p);
}

void sharc_print_op(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out) {
  print_top(op, flags, out, NULL, NULL);
}

sharc_print_flags sharc_print_flags_for(sharc_op *op, const sharc_print_flags *flags) {
  sharc_print_flags f = *flags;
  if (!f.generic && !f.assume_verified && !sharc_pr_verifies_quietly(op))
    f.generic = true;
  return f;
}

void sharc_print_op_nested(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out) {
  sharc_op *scope = sharc_op_parent_op(op);
  if (!scope) {
    size_t start = out->len;
    print_top(op, flags, out, NULL, NULL);
    while (out->len > start && out->data[out->len - 1] == '\n')
      out->data[--out->len] = 0;
    return;
  }
  /* MLIR numbers from the first isolated ancestor, else from the top */
  for (sharc_op *up;
       !(sharc_op_def_of(scope) && (sharc_op_def_of(scope)->traits & SHARC_TRAIT_ISOLATED)) &&
       (up = sharc_op_parent_op(scope));)
    scope = up;
  sharc_printer p;
  sharc_pr_init(&p, out, flags);
  if (p.flags.generic)
    number_unique(scope);
  else
    for (unsigned i = 0; i < scope->num_regions; i++)
      number_scoped(&p, &sharc_op_regions_of(scope)[i], 0, 0, 0, NULL);
  print_op_and_users(&p, op);
  sharc_pr_free(&p);
}

/* Operation::print with local scope: values are named from the nearest
 * IsolatedFromAbove op, the op itself included (its results then come
 * first, its operands are unknown there), else from the top. */
sharc_op *sharc_pr_numbering_root(sharc_op *op) {
  sharc_op *root = op;
  for (sharc_op *up;
       !(sharc_op_def_of(root) && (sharc_op_def_of(root)->traits & SHARC_TRAIT_ISOLATED)) &&
       (up = sharc_op_parent_op(root));)
    root = up;
  return root;
}

/* The root's own results, named before its regions as SSANameState does:
 * by the op's naming hook, else the first number (regions in the custom
 * form start counting again from it). */
static void number_root_results(sharc_printer *p, sharc_op *root) {
  for (unsigned i = 0; i < root->num_results; i++)
    sharc_op_results_of(root)[i].print_id = 0;
  if (!p->flags.generic && root->num_results && sharc_op_def_of(root) &&
      sharc_op_def_of(root)->result_names)
    sharc_op_def_of(root)->result_names(root, set_value_name, p);
  for (unsigned i = 1; i < root->num_results; i++)
    if ((sharc_op_results_of(root)[0].print_id & NAME_TAG) && !(sharc_op_results_of(root)[i].print_id & NAME_TAG)) {
      sharc_op_results_of(root)[i].print_id = sharc_op_results_of(root)[i - 1].print_id;
      p->value_names.items[sharc_op_results_of(root)[i].print_id & ~NAME_TAG].group_size++;
    }
}

void sharc_print_op_local(sharc_op *op, const sharc_print_flags *flags, sharc_buf *out) {
  sharc_op *root = sharc_pr_numbering_root(op);
  sharc_printer p;
  sharc_pr_init(&p, out, flags);
  p.flags.local_scope = true;
  p.numbering_root = root;
  number_root_results(&p, root);
  if (numbers_unique_scoped(&p.flags))
    number_unique_top(&p, root);
  else if (p.flags.generic)
    number_unique_from(root, root->num_results ? 1 : 0, NULL);
  else
    for (unsigned i = 0; i < root->num_regions; i++)
      number_scoped(&p, &sharc_op_regions_of(root)[i], 0, 0, p.next_conflict, NULL);
  print_op_and_users(&p, op);
  sharc_pr_free(&p);
}

void sharc_print_op_stream(sharc_op *op, const sharc_print_flags *flags, sharc_write_fn write,
                           void *user) {
  sharc_buf out = {0};
  print_top(op, flags, &out, write, user);
  if (out.len)
    write(out.data, out.len, user);
  sharc_buf_free(&out);
}

/* ---- printing ahead --------------------------------------------------------
 * A plain parse+print (the tools with no pass, the default flags) prints
 * each op of the module's body as soon as the parser has appended and
 * verified it, while its IR is still in cache, instead of reading the whole
 * module back after the parse (a large module and its input exceed the
 * last-level cache, so that second read waits on memory for every op).
 *
 * The text of an op of the body depends on the module only through what
 * print_top decides from it; printing ahead is kept only where each of those
 * inputs is known to be what print_top will find, else the caller discards
 * what was written and prints the module as before:
 *  - aliases (`#map = ...` lines before the module, an alias in place of
 *    the attribute): none while nothing in the context can take one
 *    (`alias_capable`, asked again at every op and at the end), which is
 *    also print_top's condition for its hot print without a dry run;
 *  - locations: only printed with debug info, and the generic form and
 *    local scope number values otherwise: these flags take the whole print
 *    as before (sharc_print_ahead_create); a deferred `loc(#alias)`, which
 *    changes ops after the parse, drops the text (sharc_print_ahead_drop);
 *  - the module's header: `module {` (no name, attributes or location
 *    printed): the body of an implicit module, or the parser saw `module`
 *    then `{`; at the end the op returned must be that module, holding no
 *    attribute, one block without arguments, ending with the last op
 *    printed (a second top-level op would nest the module in another);
 *  - value numbering: the module's body numbers results of its own ops and
 *    counts name conflicts across them; ops without results or operands
 *    leave every counter at zero, so each op's regions number from zero as
 *    print_top's hot print numbers them (number_op_while_hot);
 *  - an op's text reads only what verification guarantees: each op printed
 *    ahead passed its body's and its own checks quietly (asm/verify.c's
 *    sharc_hot_verify_own), else printing ahead stops;
 *  - resources (`{-# ... #-}` after the module): printed at the end from
 *    the blobs the printed ops named, in order of first use, as before.
 * Diagnostics, module-level verification and the exit status are the
 * caller's as before: the text written is kept only when all passed. */
struct sharc_print_ahead {
  sharc_printer p;
  sharc_buf out;
  sharc_ptrvec resources_used;
  sharc_write_fn write;
  void *user;
  const sharc_block *body; /* the module's body being printed, once begun */
  const sharc_op *last;    /* the last op printed */
  bool live;               /* still printing ahead */
  bool wrote;              /* text was handed to `write` */
};

static void ahead_write(const char *data, size_t len, void *user) {
  sharc_print_ahead *a = user;
  a->wrote = true;
  a->write(data, len, a->user);
}

sharc_print_ahead *sharc_print_ahead_create(const sharc_print_flags *flags, sharc_write_fn write,
                                            void *user) {
  if (flags && (flags->generic || flags->debug_info || flags->local_scope || flags->skip_regions ||
                flags->value_users || flags->unique_ssa_ids || flags->nameloc_prefix))
    return NULL;
  sharc_print_ahead *a = sharc_xcalloc(1, sizeof *a);
  sharc_pr_init(&a->p, &a->out, flags);
  a->p.sink = ahead_write;
  a->p.sink_user = a;
  a->p.resources_used = &a->resources_used;
  a->write = write;
  a->user = user;
  a->live = true;
  return a;
}

/* Whether `op`, the next op of `body`, can be printed ahead. */
static bool ahead_takes(const sharc_print_ahead *a, const sharc_block *body, const sharc_op *op,
                        bool verified) {
  return verified && (a->body ? body == a->body : !op->prev) && op->prev == a->last &&
         !op->num_results && !op->num_operands && !sharc_op_num_successors_of(op) &&
         !sharc_op_ctx_of(op)->alias_capable;
}

void sharc_print_ahead_op(sharc_print_ahead *a, const sharc_block *body, sharc_op *op,
                          bool verified) {
  if (!a || !a->live)
    return;
  if (!ahead_takes(a, body, op, verified)) {
    a->live = false;
    return;
  }
  sharc_printer *p = &a->p;
  if (!a->body) {
    a->body = body;
    SHARC_PR_LIT(p, "module {\n");
  }
  a->last = op;
  const sharc_op_def *module = &sharc_builtin_module_def;
  p->default_dialect = module->default_dialect ? module->default_dialect : "";
  p->default_dialect_len = strlen(p->default_dialect);
  p->indent = 2;
  for (unsigned i = 0; i < op->num_regions; i++)
    number_scoped(p, &sharc_op_regions_of(op)[i], 0, 0, 0, NULL);
  put_indent(p);
  print_op(p, op);
  sharc_buf_putc(p->out, '\n');
  settle_output(p);
}

bool sharc_print_ahead_live(const sharc_print_ahead *a) { return a && a->live; }

void sharc_print_ahead_drop(sharc_print_ahead *a) {
  if (a)
    a->live = false;
}

bool sharc_print_ahead_finish(sharc_print_ahead *a, sharc_op *top) {
  if (!a || !a->live || !a->body || !top || sharc_op_ctx_of(top)->alias_capable ||
      !sharc_op_isa(top, &sharc_builtin_module_def) || top->num_regions != 1)
    return false;
  const sharc_block *b = sharc_op_regions_of(top)[0].first;
  if (b != a->body || b->next || b->num_args || b->last != a->last ||
      (top->attrs && sharc_dict_n(top->attrs)) || sharc_op_props(top))
    return false;
  sharc_printer *p = &a->p;
  p->indent = 0;
  SHARC_PR_LIT(p, "}\n");
  print_file_metadata(p, sharc_op_ctx_of(top));
  if (p->out->len)
    ahead_write(p->out->data, p->out->len, a);
  p->out->len = 0;
  return true;
}

bool sharc_print_ahead_wrote(const sharc_print_ahead *a) { return a && a->wrote; }

void sharc_print_ahead_destroy(sharc_print_ahead *a) {
  if (!a)
    return;
  sharc_pr_free(&a->p);
  sharc_ptrvec_free(&a->resources_used);
  sharc_buf_free(&a->out);
  free(a);
}

/* ---- value names ---------------------------------------------------------- */

struct sharc_value_namer {
  sharc_printer p;
};

sharc_value_namer *sharc_value_namer_create(sharc_op *top, bool generic) {
  sharc_value_namer *n = sharc_xcalloc(1, sizeof *n);
  sharc_print_flags flags = {0};
  flags.generic = generic;
  sharc_pr_init(&n->p, NULL, &flags);
  /* the same numbering print_top does before printing */
  if (generic)
    number_unique(top);
  else
    for (unsigned i = 0; i < top->num_regions; i++)
      number_scoped(&n->p, &sharc_op_regions_of(top)[i], 0, 0, 0, NULL);
  return n;
}

void sharc_value_namer_name(sharc_value_namer *n, const sharc_value *v, sharc_buf *out) {
  n->p.out = out;
  sharc_pr_value(&n->p, v);
  n->p.out = NULL;
}

void sharc_value_namer_destroy(sharc_value_namer *n) {
  if (!n)
    return;
  sharc_pr_free(&n->p);
  free(n);
}

void sharc_pr_block_args(sharc_printer *p, const sharc_block *b) {
  for (unsigned i = 0; b && i < b->num_args; i++) {
    sharc_value *arg = sharc_block_arg(b, i);
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_value(p, arg);
    SHARC_PR_LIT(p, ": ");
    sharc_pr_type(p, sharc_value_type(arg));
    sharc_pr_loc_inline(p, sharc_value_loc(arg));
  }
}

void sharc_pr_region_with_entry_args(sharc_printer *p, const sharc_region *r) {
  SHARC_PR_LIT(p, "(");
  sharc_pr_block_args(p, r->first);
  SHARC_PR_LIT(p, ") ");
  sharc_pr_region(p, r, false, false);
}

void sharc_pr_conversion(sharc_printer *p, sharc_op *op, const char *between) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  SHARC_PR_LIT(p, " : ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
  sharc_pr_puts(p, between);
  sharc_pr_type(p, sharc_value_type(sharc_op_result(op, 0)));
}

void sharc_pr_cast_like(sharc_printer *p, sharc_op *op) {
  sharc_pr_conversion(p, op, " to ");
}

void sharc_pr_attr_dict_colon_type(sharc_printer *p, sharc_op *op, const char *const *elided) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), elided, false);
  SHARC_PR_LIT(p, " : ");
  sharc_type *t = sharc_op_num_results(op) ? sharc_value_type(sharc_op_result(op, 0))
                                           : sharc_value_type(sharc_op_operand(op, 0));
  sharc_pr_type(p, t);
}

void sharc_pr_return_like(sharc_printer *p, sharc_op *op) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  unsigned n = sharc_op_num_operands(op);
  if (!n)
    return;
  SHARC_PR_LIT(p, " ");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, " : ");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, i)));
  }
}

/* The op's operand or result types, into `stack` when they fit. */
static sharc_type **value_types(const sharc_op *op, bool results, sharc_type **stack,
                                unsigned stack_len, unsigned *n) {
  *n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  sharc_type **types = *n <= stack_len ? stack : sharc_xmalloc_array(*n, sizeof *types);
  for (unsigned i = 0; i < *n; i++)
    types[i] = sharc_value_type(results ? sharc_op_result(op, i) : sharc_op_operand(op, i));
  return types;
}

void sharc_pr_functional_type(sharc_printer *p, const sharc_op *op) {
  sharc_type *stack[16];
  unsigned n;
  sharc_type **types = value_types(op, false, stack, 16, &n);
  SHARC_PR_LIT(p, "(");
  sharc_pr_type_list(p, types, n);
  SHARC_PR_LIT(p, ") -> ");
  if (types != stack)
    free(types);
  types = value_types(op, true, stack, 16, &n);
  sharc_pr_function_result_types(p, types, n);
  if (types != stack)
    free(types);
}

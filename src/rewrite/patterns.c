/* Pattern sets: patterns grouped by the op kind they look at, each group in
 * the order MLIR's PatternApplicator tries them (higher benefit first,
 * insertion order among equals). */
#include "rewrite/patterns.h"

#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

struct sharc_pattern_set {
  sharc_context *ctx;
  SHARC_VEC(sharc_bound_pattern) all; /* insertion order */
  /* built on first use: op def -> sharc_pattern_list*, any-op list */
  bool frozen;
  sharc_ptrmap by_root;
  uint64_t root_bits; /* root_bit of every def in by_root: a clear bit, no list */
  sharc_pattern_list any;
  SHARC_VEC(sharc_pattern_list *) lists; /* to free */
  bool isolation_local; /* see sharc_pattern_set_declare_isolation_local */
};

sharc_pattern_set *sharc_pattern_set_create(sharc_context *ctx) {
  sharc_pattern_set *s = sharc_xcalloc(1, sizeof *s);
  s->ctx = ctx;
  return s;
}

static void thaw(sharc_pattern_set *s) {
  if (!s->frozen)
    return;
  for (unsigned i = 0; i < s->lists.len; i++) {
    sharc_vec_free(s->lists.items[i]);
    free(s->lists.items[i]);
  }
  sharc_vec_free(&s->lists);
  sharc_vec_free(&s->any);
  sharc_ptrmap_free(&s->by_root);
  s->root_bits = 0;
  s->frozen = false;
}

void sharc_pattern_set_destroy(sharc_pattern_set *s) {
  if (!s)
    return;
  thaw(s);
  sharc_vec_free(&s->all);
  free(s);
}

static void add_one(sharc_pattern_set *s, const sharc_pattern *p, const sharc_op_def *root,
                    void *state) {
  thaw(s);
  sharc_bound_pattern bp = {p, root, state};
  sharc_vec_push(&s->all, bp);
}

void sharc_pattern_set_add(sharc_pattern_set *s, const sharc_pattern *patterns, void *state) {
  for (const sharc_pattern *p = patterns; p->rewrite; p++)
    add_one(s, p, p->root, state);
}

static int by_op_name(const void *a, const void *b) {
  return strcmp((*(const sharc_op_def *const *)a)->name, (*(const sharc_op_def *const *)b)->name);
}

/* As MLIR's canonicalizer: the registered ops sorted by name, each adding
 * its patterns (rooted at the op unless the pattern names another root). */
void sharc_pattern_set_add_canonicalization(sharc_pattern_set *s) {
  SHARC_VEC(const sharc_op_def *) defs = {0};
  for (unsigned d = 0; d < sharc_context_num_dialects(s->ctx); d++) {
    const sharc_dialect *dialect = sharc_context_dialect_at(s->ctx, d);
    for (unsigned i = 0; i < dialect->num_ops; i++)
      if (dialect->ops[i]->patterns)
        sharc_vec_push(&defs, dialect->ops[i]);
  }
  if (defs.len)
    qsort(defs.items, defs.len, sizeof *defs.items, by_op_name);
  for (unsigned i = 0; i < defs.len; i++)
    for (const sharc_pattern *p = defs.items[i]->patterns; p->rewrite; p++)
      add_one(s, p, p->root ? p->root : defs.items[i], NULL);
  sharc_vec_free(&defs);
}

static bool listed(const char *name, const char *const *list, unsigned n) {
  for (unsigned i = 0; name && i < n; i++)
    if (strcmp(name, list[i]) == 0)
      return true;
  return false;
}

void sharc_pattern_set_filter(sharc_pattern_set *s, const char *const *disabled, unsigned nd,
                              const char *const *enabled, unsigned ne) {
  thaw(s);
  unsigned out = 0;
  for (unsigned i = 0; i < s->all.len; i++) {
    const sharc_pattern *p = s->all.items[i].pattern;
    if (listed(p->name, disabled, nd) || listed(p->label, disabled, nd))
      continue;
    if (ne && !listed(p->name, enabled, ne) && !listed(p->label, enabled, ne))
      continue;
    s->all.items[out++] = s->all.items[i];
  }
  s->all.len = out;
}

unsigned sharc_pattern_set_size(const sharc_pattern_set *s) { return s->all.len; }

void sharc_pattern_set_declare_isolation_local(sharc_pattern_set *s) { s->isolation_local = true; }

static unsigned benefit(const sharc_bound_pattern *p) {
  return p->pattern->benefit ? p->pattern->benefit : 1;
}

/* Stable sort by benefit, highest first (insertion sort: lists are short). */
static void sort_by_benefit(sharc_pattern_list *l) {
  for (unsigned i = 1; i < l->len; i++) {
    sharc_bound_pattern x = l->items[i];
    unsigned j = i;
    for (; j > 0 && benefit(&l->items[j - 1]) < benefit(&x); j--)
      l->items[j] = l->items[j - 1];
    l->items[j] = x;
  }
}

static void freeze(sharc_pattern_set *s) {
  if (s->frozen)
    return;
  for (unsigned i = 0; i < s->all.len; i++) {
    sharc_bound_pattern *bp = &s->all.items[i];
    if (!bp->root) {
      sharc_vec_push(&s->any, *bp);
      continue;
    }
    sharc_pattern_list *l = sharc_ptrmap_get(&s->by_root, bp->root);
    if (!l) {
      l = sharc_xcalloc(1, sizeof *l);
      sharc_ptrmap_put(&s->by_root, bp->root, l);
      s->root_bits |= sharc_pattern_root_bit(bp->root);
      sharc_vec_push(&s->lists, l);
    }
    sharc_vec_push(l, *bp);
  }
  for (unsigned i = 0; i < s->lists.len; i++)
    sort_by_benefit(s->lists.items[i]);
  sort_by_benefit(&s->any);
  s->frozen = true;
}

static const sharc_pattern_list *own_patterns(const sharc_pattern_set *s, const sharc_op_def *def) {
  return def && s->root_bits & sharc_pattern_root_bit(def) ? sharc_ptrmap_get(&s->by_root, def) : NULL;
}

bool sharc_patterns_rooted_at(sharc_pattern_set *s, const sharc_op_def *def) {
  freeze(s);
  return own_patterns(s, def) != NULL;
}

sharc_pattern_roots sharc_patterns_roots(sharc_pattern_set *s) {
  freeze(s);
  return (sharc_pattern_roots){s->root_bits, s->any.len > 0};
}

bool sharc_patterns_may_skip_quiet_bodies(sharc_pattern_set *s) {
  freeze(s);
  return s->isolation_local && s->any.len == 0;
}

/* The any-op patterns alone, in order, until one applies: an op with no
 * pattern of its own (most ops a driver visits, the propagation's every
 * op), without the merge by benefit below. */
static bool apply_any(const sharc_pattern_set *s, sharc_op *op, sharc_rewriter *rw) {
  for (unsigned j = 0; j < s->any.len; j++) {
    const sharc_bound_pattern *p = &s->any.items[j];
    sharc_rw_set_before(rw, op);
    if (p->pattern->rewrite(op, rw, p->state))
      return true;
  }
  return false;
}

/* MLIR's PatternApplicator::matchAndRewrite: the op's own patterns and the
 * any-op patterns interleaved by benefit, the op's own first among equals,
 * until one applies; the insertion point is put before the op for each. */
bool sharc_patterns_apply_one(sharc_pattern_set *s, sharc_op *op, sharc_rewriter *rw) {
  freeze(s);
  const sharc_op_def *def = sharc_op_def_of(op);
  const sharc_pattern_list *own =
      def && s->root_bits & sharc_pattern_root_bit(def) ? sharc_ptrmap_get(&s->by_root, def) : NULL;
  if (!own)
    return apply_any(s, op, rw);
  unsigned i = 0, j = 0, n_own = own->len;
  while (i < n_own || j < s->any.len) {
    const sharc_bound_pattern *p;
    if (i < n_own && (j >= s->any.len || benefit(&own->items[i]) >= benefit(&s->any.items[j])))
      p = &own->items[i++];
    else
      p = &s->any.items[j++];
    /* each try starts before the op, whatever the last one left */
    sharc_rw_set_before(rw, op);
    if (p->pattern->rewrite(op, rw, p->state))
      return true;
  }
  return false;
}

/* MLIR's getUsedValuesDefinedAbove (free variables of an op's regions)
 * and the dominator tree of a multi-block region. */
#include "ir/region_utils.h"

#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>

sharc_region *sharc_value_parent_region(const sharc_value *v) {
  if (sharc_value_is_block_arg(v))
    return sharc_block_region(sharc_value_owner_block(v));
  sharc_op *def = sharc_value_defining_op(v);
  return def ? sharc_op_parent_region(def) : NULL;
}

typedef struct free_vars {
  sharc_region *const *outer; /* the regions enclosing the op */
  unsigned n_outer;
  sharc_ptr_vec *out;
  sharc_ptrmap seen;
} free_vars;

static bool is_outer(const free_vars *fv, const sharc_region *r) {
  for (unsigned i = 0; i < fv->n_outer; i++)
    if (fv->outer[i] == r)
      return true;
  return false;
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  free_vars *fv = user;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    if (!is_outer(fv, sharc_value_parent_region(v)) || sharc_ptrmap_get(&fv->seen, v))
      continue;
    sharc_ptrmap_put(&fv->seen, v, v);
    sharc_vec_push(fv->out, v);
  }
  return SHARC_WALK_ADVANCE;
}

void sharc_used_values_defined_above(sharc_op *op, sharc_ptr_vec *out) {
  if (!sharc_op_num_regions(op))
    return;
  SHARC_VEC(sharc_region *) outer = {0};
  for (sharc_region *r = sharc_op_parent_region(op); r;) {
    sharc_vec_push(&outer, r);
    sharc_op *parent = sharc_region_parent_op(r);
    r = parent ? sharc_op_parent_region(parent) : NULL;
  }
  free_vars fv = {outer.items, outer.len, out, {0}};
  for (unsigned i = 0; i < out->len; i++)
    sharc_ptrmap_put(&fv.seen, out->items[i], out->items[i]);
  for (unsigned i = 0; i < sharc_op_num_regions(op); i++)
    sharc_walk_region(sharc_op_region(op, i), SHARC_POST_ORDER, collect, &fv);
  sharc_ptrmap_free(&fv.seen);
  sharc_vec_free(&outer);
}

/* ---- dominator trees of multi-block regions ---------------------------- */

typedef struct dfs_frame {
  sharc_block *block;
  unsigned next_succ;
} dfs_frame;

/* The reachable blocks in reverse post-order of a depth-first walk from
 * the entry, successors in order. The numbering map is the walk's seen
 * set: a block found holds a placeholder until its number is known. */
static void number_blocks(sharc_dom_tree *d, sharc_block *entry) {
  SHARC_VEC(sharc_block *) post = {0};
  SHARC_VEC(dfs_frame) stack = {0};
  void *found = (void *)(uintptr_t)1;
  sharc_ptrmap_put(&d->number, entry, found);
  dfs_frame f0 = {entry, 0};
  sharc_vec_push(&stack, f0);
  while (stack.len) {
    dfs_frame *f = &sharc_vec_last(&stack);
    sharc_op *term = f->block->last;
    if (term && f->next_succ < sharc_op_num_successors_of(term)) {
      sharc_block *s = sharc_op_successors_of(term)[f->next_succ++];
      if (!sharc_ptrmap_get(&d->number, s)) {
        sharc_ptrmap_put(&d->number, s, found);
        dfs_frame next = {s, 0};
        sharc_vec_push(&stack, next);
      }
      continue;
    }
    sharc_vec_push(&post, f->block);
    stack.len--;
  }
  for (unsigned i = post.len; i-- > 0;) {
    sharc_vec_push(&d->rpo, post.items[i]);
    sharc_ptrmap_put(&d->number, post.items[i], (void *)(uintptr_t)d->rpo.len);
  }
  sharc_vec_free(&post);
  sharc_vec_free(&stack);
}

/* The nearest common dominator of a and b in the tree built so far. */
static unsigned intersect(const unsigned *idom, unsigned a, unsigned b) {
  while (a != b) {
    while (a > b)
      a = idom[a];
    while (b > a)
      b = idom[b];
  }
  return a;
}

void sharc_dom_tree_build(sharc_dom_tree *d, const sharc_region *r) {
  number_blocks(d, r->first);
  unsigned n = d->rpo.len;
  sharc_index_vec *preds = sharc_xcalloc(n, sizeof *preds);
  d->idom = sharc_xmalloc_array(n, sizeof *d->idom);
  d->children = sharc_xcalloc(n, sizeof *d->children);
  for (unsigned i = 0; i < n; i++) {
    d->idom[i] = UINT32_MAX;
    sharc_op *term = d->rpo.items[i]->last;
    for (unsigned k = 0; term && k < sharc_op_num_successors_of(term); k++)
      sharc_vec_push(&preds[sharc_dom_tree_number(d, sharc_op_successors_of(term)[k]) - 1], i);
  }
  d->idom[0] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned b = 1; b < n; b++) {
      unsigned best = UINT32_MAX;
      for (unsigned k = 0; k < preds[b].len; k++) {
        unsigned p = preds[b].items[k];
        if (d->idom[p] != UINT32_MAX)
          best = best == UINT32_MAX ? p : intersect(d->idom, p, best);
      }
      if (best != d->idom[b]) {
        d->idom[b] = best;
        changed = true;
      }
    }
  }
  for (unsigned b = 1; b < n; b++)
    sharc_vec_push(&d->children[d->idom[b]], b);
  for (unsigned i = 0; i < n; i++)
    sharc_vec_free(&preds[i]);
  free(preds);
}

void sharc_dom_tree_free(sharc_dom_tree *d) {
  for (unsigned i = 0; i < d->rpo.len; i++)
    sharc_vec_free(&d->children[i]);
  free(d->children);
  free(d->idom);
  sharc_vec_free(&d->rpo);
  sharc_ptrmap_free(&d->number);
}

bool sharc_dom_tree_properly_dominates(const sharc_dom_tree *d, unsigned a, unsigned b) {
  for (a--, b--; b > a;)
    b = d->idom[b];
  return a == b;
}

/* MLIR's OperationEquivalence, locations ignored: values and blocks inside
 * compared regions are paired up as they are met; outside them a value only
 * matches itself. Shared by CSE and the passes that dedupe bodies. */
#include "ir/equivalence.h"

#include <stdlib.h>

#include "support/ptrmap.h"
#include "support/xalloc.h"

typedef struct pairing {
  sharc_ptrmap values; /* lhs value -> rhs value */
  sharc_ptrmap blocks; /* lhs block -> rhs block */
} pairing;

static bool same_value(const pairing *p, sharc_value *l, sharc_value *r) {
  return l == r || (p && sharc_ptrmap_get(&p->values, l) == r);
}

/* A block pairing that contradicts an earlier one fails. */
static bool pair_blocks(pairing *p, sharc_block *l, sharc_block *r) {
  sharc_block *known = sharc_ptrmap_get(&p->blocks, l);
  if (known)
    return known == r;
  sharc_ptrmap_put(&p->blocks, l, r);
  return true;
}

static int by_address(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;
  return x < y ? -1 : x > y;
}

/* Operands in order while they match, then the rest as multisets of values. */
static bool same_commutative_operands(const pairing *p, const sharc_op *l, const sharc_op *r) {
  unsigned n = l->num_operands, i = 0;
  const sharc_use *lu = sharc_op_operands_of(l), *ru = sharc_op_operands_of(r);
  while (i < n && same_value(p, lu[i].value, ru[i].value))
    i++;
  if (i == n)
    return true;
  sharc_value **ls = sharc_xmalloc_array(2 * (n - i), sizeof *ls);
  sharc_value **rs = ls + (n - i);
  for (unsigned k = i; k < n; k++) {
    ls[k - i] = lu[k].value;
    rs[k - i] = ru[k].value;
  }
  qsort(ls, n - i, sizeof *ls, by_address);
  qsort(rs, n - i, sizeof *rs, by_address);
  bool same = true;
  for (unsigned k = 0; k < n - i && same; k++)
    same = ls[k] == rs[k];
  free(ls);
  return same;
}

static bool same_operands(const pairing *p, const sharc_op *l, const sharc_op *r) {
  const sharc_use *lu = sharc_op_operands_of(l), *ru = sharc_op_operands_of(r);
  for (unsigned i = 0; i < l->num_operands; i++) {
    sharc_value *a = lu[i].value, *b = ru[i].value;
    if (a == b)
      continue;
    if (!a || !b || a->type != b->type || !same_value(p, a, b))
      return false;
  }
  return true;
}

static bool same_region(pairing *p, sharc_region *l, sharc_region *r);

/* `top`: the op CSE looks up, whose commutative operands may be permuted;
 * ops inside regions are compared operand by operand, as in MLIR. */
static bool same_op(pairing *p, sharc_op *l, sharc_op *r, bool top) {
  if (l == r)
    return true;
  if (l->name != r->name || l->attrs != r->attrs || sharc_op_props_of(l) != sharc_op_props_of(r) ||
      l->num_regions != r->num_regions || sharc_op_num_successors_of(l) != sharc_op_num_successors_of(r) ||
      l->num_operands != r->num_operands || l->num_results != r->num_results)
    return false;
  bool commutative = top && sharc_op_has_trait(l, SHARC_TRAIT_COMMUTATIVE);
  if (commutative ? !same_commutative_operands(p, l, r) : !same_operands(p, l, r))
    return false;
  for (unsigned i = 0; i < l->num_results; i++) {
    if (sharc_op_results_of(l)[i].type != sharc_op_results_of(r)[i].type)
      return false;
    if (p)
      sharc_ptrmap_put(&p->values, &sharc_op_results_of(l)[i], &sharc_op_results_of(r)[i]);
  }
  for (unsigned i = 0; i < l->num_regions; i++)
    if (!same_region(p, &sharc_op_regions_of(l)[i], &sharc_op_regions_of(r)[i]))
      return false;
  return true;
}

static bool same_block(pairing *p, sharc_block *l, sharc_block *r) {
  if (l->num_args != r->num_args || !pair_blocks(p, l, r))
    return false;
  for (unsigned i = 0; i < l->num_args; i++) {
    if (l->args[i]->type != r->args[i]->type)
      return false;
    sharc_ptrmap_put(&p->values, l->args[i], r->args[i]);
  }
  sharc_op *lo = l->first, *ro = r->first;
  for (; lo && ro; lo = lo->next, ro = ro->next) {
    if (!same_op(p, lo, ro, false))
      return false;
    for (unsigned i = 0; i < sharc_op_num_successors_of(lo); i++)
      if (!pair_blocks(p, sharc_op_successors_of(lo)[i], sharc_op_successors_of(ro)[i]))
        return false;
  }
  return !lo && !ro;
}

static bool same_region(pairing *p, sharc_region *l, sharc_region *r) {
  sharc_block *lb = l->first, *rb = r->first;
  for (; lb && rb; lb = lb->next, rb = rb->next)
    if (!same_block(p, lb, rb))
      return false;
  return !lb && !rb;
}

/* Region-free ops need no pairing: their operands match by identity. */
bool sharc_op_equivalent(sharc_op *l, sharc_op *r) {
  if (l == r)
    return true;
  if (!l->num_regions)
    return same_op(NULL, l, r, true);
  pairing p = {{0}, {0}};
  bool same = same_op(&p, l, r, true);
  sharc_ptrmap_free(&p.values);
  sharc_ptrmap_free(&p.blocks);
  return same;
}

bool sharc_region_equivalent(sharc_region *l, sharc_region *r) {
  pairing p = {{0}, {0}};
  bool same = same_region(&p, l, r);
  sharc_ptrmap_free(&p.values);
  sharc_ptrmap_free(&p.blocks);
  return same;
}

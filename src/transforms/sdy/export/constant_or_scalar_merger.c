/* -sdy-constant-or-scalar-merger: a light CSE of constants (sdy.constant and
 * constant-like ops) with the same attributes in the same region, and of
 * broadcasts of the same scalar with the same attributes and type. */
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* An open-addressing map from four pointers to the first op seen with them
 * (Shardy's DenseMaps keyed by tuples). */
typedef struct key_slot {
  const void *key[4];
  sharc_op *op; /* NULL: empty */
} key_slot;

typedef struct key_map {
  key_slot *slots;
  size_t cap, count;
} key_map;

static size_t hash_key(const void *const key[4]) {
  uint64_t h = 0x9e3779b97f4a7c15u;
  for (int i = 0; i < 4; i++) {
    h ^= (uint64_t)(uintptr_t)key[i] + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdu;
  }
  return (size_t)(h ^ (h >> 33));
}

static key_slot *find_slot(key_slot *slots, size_t cap, const void *const key[4]) {
  size_t i = hash_key(key) & (cap - 1);
  while (slots[i].op && memcmp(slots[i].key, key, sizeof slots[i].key) != 0)
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

static void grow(key_map *m) {
  size_t cap = m->cap ? m->cap * 2 : 64;
  key_slot *slots = sharc_xcalloc(cap, sizeof *slots);
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].op)
      *find_slot(slots, cap, m->slots[i].key) = m->slots[i];
  free(m->slots);
  m->slots = slots;
  m->cap = cap;
}

/* The op first seen with `key`, or NULL after recording `op` under it. */
static sharc_op *cached_or_insert(key_map *m, const void *const key[4], sharc_op *op) {
  if ((m->count + 1) * 4 > m->cap * 3)
    grow(m);
  key_slot *slot = find_slot(m->slots, m->cap, key);
  if (slot->op)
    return slot->op;
  memcpy(slot->key, key, sizeof slot->key);
  slot->op = op;
  m->count++;
  return NULL;
}

typedef struct merger_state {
  sharc_rewriter rw;
  key_map constants, broadcasts;
} merger_state;

/* maybeGetCachedOp: note that the constant key has no op name or type, as
 * Shardy's. */
static sharc_op *cached_op(merger_state *st, sharc_op *op) {
  if (sharc_op_isa(op, &sharc_sdy_constant_def) ||
      sharc_op_has_trait(op, SHARC_TRAIT_CONSTANT_LIKE)) {
    const void *key[4] = {sharc_op_attrs(op), sharc_op_parent_region(op), NULL, NULL};
    return cached_or_insert(&st->constants, key, op);
  }
  if (sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim)) && sharc_op_num_operands(op) == 1 &&
      sharc_op_num_results(op) == 1 && sharc_sdy_is_scalar(sharc_op_operand(op, 0))) {
    const void *key[4] = {sharc_op_attrs(op), sharc_op_parent_region(op),
                          sharc_value_type(sharc_op_result(op, 0)), sharc_op_operand(op, 0)};
    return cached_or_insert(&st->broadcasts, key, op);
  }
  return NULL;
}

static sharc_walk_result merge(sharc_op *op, void *user) {
  merger_state *st = user;
  sharc_op *cached = cached_op(st, op);
  if (cached && sharc_op_num_results(cached) == sharc_op_num_results(op))
    sharc_rw_replace_op_with_op(&st->rw, op, cached);
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  merger_state st = {0};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_walk(func, SHARC_POST_ORDER, merge, &st);
  free(st.constants.slots);
  free(st.broadcasts.slots);
  return true;
}

const sharc_pass_def sharc_pass_sdy_constant_or_scalar_merger = {
    .flag = "sdy-constant-or-scalar-merger",
    .display_name = "ConstantOrScalarMergerPass",
    .summary = "Merge identical constants and scalar expansions with matching shardings.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_ANY,
    .run = run,
};

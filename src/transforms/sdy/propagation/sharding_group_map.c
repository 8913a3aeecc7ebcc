/* Sharding groups for propagation; see sharding_group_map.h. */
#include "transforms/sdy/propagation/sharding_group_map.h"

#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"

#include <stdlib.h>

typedef struct member {
  uint64_t id;
  unsigned order; /* walk order, to keep it within a group */
  sharc_value *value;
} member;

typedef struct collect_state {
  SHARC_VEC(member) members;
  sharc_ptrmap first_id; /* value -> the op that first put it in a group */
  sharc_op *conflict;
} collect_state;

static uint64_t group_id(const sharc_op *op) {
  sharc_attr *id = sharc_op_attr(op, "group_id");
  return id && sharc_attr_get_kind(id) == SHARC_ATTR_INTEGER ? (uint64_t)sharc_attr_int_value(id)
                                                             : 0;
}

static sharc_walk_result collect(sharc_op *op, void *user) {
  collect_state *st = user;
  member m = {group_id(op), st->members.len, sharc_op_operand(op, 0)};
  sharc_op *first = sharc_ptrmap_get(&st->first_id, m.value);
  if (first && group_id(first) != m.id) {
    st->conflict = op;
    return SHARC_WALK_INTERRUPT;
  }
  if (!first)
    sharc_ptrmap_put(&st->first_id, m.value, op);
  sharc_vec_push(&st->members, m);
  return SHARC_WALK_ADVANCE;
}

static int by_id_then_order(const void *a, const void *b) {
  const member *x = a, *y = b;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

bool sharc_sharding_group_map_build(sharc_sharding_group_map *m, sharc_op *module) {
  memset(m, 0, sizeof *m);
  collect_state st = {0};
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_sdy_sharding_group_def, collect, &st);
  sharc_ptrmap_free(&st.first_id);
  if (st.conflict) {
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, sharc_op_loc(st.conflict),
               "Value can only map to one sharding group id after import.");
    sharc_vec_free(&st.members);
    return false;
  }
  if (st.members.len)
    qsort(st.members.items, st.members.len, sizeof *st.members.items, by_id_then_order);
  for (unsigned i = 0; i < st.members.len; i++) {
    const member *mb = &st.members.items[i];
    if (!m->ids.len || sharc_vec_last(&m->ids) != mb->id) {
      sharc_value_vec empty = {0};
      sharc_vec_push(&m->groups, empty);
      sharc_vec_push(&m->ids, mb->id);
    }
    sharc_vec_push(&sharc_vec_last(&m->groups), mb->value);
    sharc_ptrmap_put(&m->value_group, mb->value, (void *)(uintptr_t)m->groups.len);
  }
  sharc_vec_free(&st.members);
  return true;
}

/* findCommonSharding: the sharding of the first member with a sharding
 * that is not open and empty, and whether another member has a different
 * one (then the first member's op is warned about). */
static sharc_attr *common_sharding(const sharc_sharding_group_map *m, unsigned g,
                                   bool *conflict) {
  const sharc_value_vec *members = &m->groups.items[g];
  *conflict = false;
  if (members->len == 1)
    return sharc_sdy_get_sharding(members->items[0]);
  sharc_attr *sharding = NULL;
  for (unsigned i = 0; i < members->len; i++) {
    sharc_attr *candidate = sharc_sdy_get_sharding(members->items[i]);
    if (!candidate || sharc_sdy_sharding_is_fully_replicated_and_open(candidate))
      continue;
    if (!sharding) {
      sharding = candidate;
      continue;
    }
    if (candidate == sharding)
      continue;
    sharc_op *owner = sharc_sdy_owning_op(members->items[0]);
    sharc_emit_op(owner, SHARC_SEV_WARNING,
               "The initial operand shardings on the sharding groups of groupID: %llu do not "
               "match. Inserting an open sharding constraint to all constrained values. This "
               "can be caused when shardings from different values are grouped (e.g. from "
               "jax.shard_alike) but have separate inconsistent sharding constraints on them.",
               (unsigned long long)m->ids.items[g]);
    *conflict = true;
    return sharding;
  }
  return sharding;
}

typedef struct except_op {
  const sharc_op *op;
} except_op;

static bool not_by(const sharc_use *u, void *user) {
  return sharc_use_owner(u) != ((except_op *)user)->op;
}

/* Puts an open sharding constraint after each member; it replaces the
 * member everywhere (its sdy.sharding_group included) and in the group. */
static void constrain_members(sharc_sharding_group_map *m, unsigned g, sharc_attr *sharding,
                              sharc_rewriter *rw) {
  sharc_value_vec *members = &m->groups.items[g];
  sharc_attr *open = sharc_sdy_sharding_fully_open(
      rw->ctx, sharc_sdy_tensor_sharding_mesh_or_ref(sharding),
      sharc_sdy_tensor_sharding_rank(sharding), false);
  for (unsigned i = 0; i < members->len; i++) {
    sharc_value *v = members->items[i];
    sharc_rw_set_after_value(rw, v);
    sharc_op *constraint = sharc_sdy_create_sharding_constraint(rw, v, open, sharc_sdy_value_loc(v));
    except_op except = {constraint};
    sharc_rw_replace_uses_if(rw, v, sharc_op_result(constraint, 0), not_by, &except);
    sharc_ptrmap_put(&m->value_group, v, NULL);
    members->items[i] = sharc_op_result(constraint, 0);
    sharc_ptrmap_put(&m->value_group, members->items[i], (void *)(uintptr_t)(g + 1));
  }
}

void sharc_sharding_group_map_sync(sharc_sharding_group_map *m, sharc_rewriter *rw) {
  for (unsigned g = 0; g < m->groups.len; g++) {
    bool conflict;
    sharc_attr *sharding = common_sharding(m, g, &conflict);
    if (!sharding)
      continue;
    if (conflict) {
      constrain_members(m, g, sharding, rw);
      continue;
    }
    for (unsigned i = 0; i < m->groups.items[g].len; i++)
      sharc_sdy_set_sharding(m->groups.items[g].items[i], sharding);
  }
}

sharc_value *const *sharc_sharding_group_members(const sharc_sharding_group_map *m,
                                                 const sharc_value *v, unsigned *n) {
  uintptr_t g = (uintptr_t)sharc_ptrmap_get(&m->value_group, v);
  if (!g) {
    *n = 0;
    return NULL;
  }
  *n = m->groups.items[g - 1].len;
  return m->groups.items[g - 1].items;
}

void sharc_sharding_group_map_free(sharc_sharding_group_map *m) {
  for (unsigned g = 0; g < m->groups.len; g++)
    sharc_vec_free(&m->groups.items[g]);
  sharc_vec_free(&m->groups);
  sharc_vec_free(&m->ids);
  sharc_ptrmap_free(&m->value_group);
}

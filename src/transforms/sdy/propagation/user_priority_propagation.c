/* The user-priority propagation step; see user_priority_propagation.h. */
#include "transforms/sdy/propagation/user_priority_propagation.h"

#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/utils.h"
#include "ir/created_defs.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/save_module.h"
#include "transforms/sdy/common/sharding_walker.h"

#include <stdio.h>
#include <stdlib.h>

/* A sharding site whose user sharding has dimension shardings of
 * `priority`, and that sharding as the user wrote it. */
typedef struct sharding_ref {
  int64_t priority;
  unsigned seq; /* walk order, kept within a priority */
  sharc_sdy_sharding_site site;
  sharc_attr *original;
} sharding_ref;

typedef SHARC_VEC(sharding_ref) ref_vec;

typedef struct init_state {
  sharc_op *module;
  ref_vec refs;
} init_state;

static int64_t priority_or_default(const sharc_attr *dim) {
  return sharc_sdy_dim_sharding_has_priority(dim) ? sharc_sdy_dim_sharding_priority(dim) : 0;
}

/* dropPriority */
static sharc_attr *without_priority(sharc_context *ctx, const sharc_attr *dim) {
  unsigned n = sharc_sdy_dim_sharding_num_axes(dim);
  sharc_attr *stack[8];
  sharc_attr **axes = n <= 8 ? stack : sharc_xmalloc_array(n, sizeof *axes);
  for (unsigned i = 0; i < n; i++)
    axes[i] = sharc_sdy_dim_sharding_axis(dim, i);
  sharc_attr *result =
      sharc_sdy_dim_sharding_get(ctx, axes, n, sharc_sdy_dim_sharding_is_closed(dim), -1);
  if (axes != stack)
    free(axes);
  return result;
}

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* The sharding `parts` describes with `dims` and `replicated` in place of
 * its own; frees both vectors. */
static sharc_attr *rebuilt_sharding(sharc_context *ctx, sharc_sdy_tensor_sharding_parts *parts,
                                    attr_vec *dims, sharc_sdy_axis_vec *replicated) {
  parts->dims = dims->items;
  parts->replicated = replicated->items;
  parts->num_replicated = replicated->len;
  sharc_attr *result = sharc_sdy_tensor_sharding_get(ctx, parts);
  sharc_vec_free(dims);
  sharc_vec_free(replicated);
  return result;
}

static bool has_priority(const sharc_attr *sharding) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++)
    if (sharc_sdy_dim_sharding_has_priority(sharc_sdy_tensor_sharding_dim(sharding, d)))
      return true;
  return false;
}

/* getInitializedSharding: dimensions of priority 0 (explicit or not) lose
 * the priority; the others become closed and empty, their axes replicated
 * (sorted in mesh order). */
static sharc_attr *initialized_sharding(sharc_op *module, sharc_attr *sharding) {
  if (!has_priority(sharding))
    return sharding;
  sharc_context *ctx = sharc_op_context(module);
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  attr_vec dims = {0};
  sharc_sdy_axis_vec replicated = {0};
  sharc_sdy_axes_assign(&replicated, parts.replicated, parts.num_replicated);
  sharc_attr *closed_empty = sharc_sdy_dim_sharding_get(ctx, NULL, 0, true, -1);
  for (unsigned d = 0; d < parts.num_dims; d++) {
    sharc_attr *dim = parts.dims[d];
    if (priority_or_default(dim) == 0) {
      sharc_vec_push(&dims, without_priority(ctx, dim));
      continue;
    }
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++)
      sharc_vec_push(&replicated, sharc_sdy_dim_sharding_axis(dim, i));
    sharc_vec_push(&dims, closed_empty);
  }
  sharc_sdy_axes_sort(replicated.items, replicated.len,
                      sharc_sdy_mesh_or_ref_mesh(parts.mesh_or_ref, module));
  return rebuilt_sharding(ctx, &parts, &dims, &replicated);
}

/* clearAndAddNonZeroPriorities, in first-seen order (the order does not
 * matter: each priority keeps its own list). */
static unsigned nonzero_priorities(const sharc_attr *sharding, int64_t *out) {
  unsigned n = 0;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    int64_t priority = priority_or_default(sharc_sdy_tensor_sharding_dim(sharding, d));
    if (priority <= 0)
      continue;
    bool seen = false;
    for (unsigned i = 0; i < n && !seen; i++)
      seen = out[i] == priority;
    if (!seen)
      out[n++] = priority;
  }
  return n;
}

static sharc_attr *record_and_initialize(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                                         void *user) {
  init_state *st = user;
  /* the shardings of data flow edge owners live on their edges, which the
   * walk does not see (as in Shardy, they keep their priorities) */
  if (site->value && sharc_sdy_data_flow_edge_of_target(site->value))
    return sharding;
  if (!has_priority(sharding))
    return sharding;
  unsigned rank = sharc_sdy_tensor_sharding_rank(sharding);
  int64_t stack[8];
  int64_t *priorities = rank <= 8 ? stack : sharc_xmalloc_array(rank, sizeof *priorities);
  unsigned n = nonzero_priorities(sharding, priorities);
  for (unsigned i = 0; i < n; i++) {
    sharding_ref ref = {priorities[i], st->refs.len, *site, sharding};
    sharc_vec_push(&st->refs, ref);
  }
  if (priorities != stack)
    free(priorities);
  return initialized_sharding(st->module, sharding);
}

static int by_priority(const void *a, const void *b) {
  const sharding_ref *x = a, *y = b;
  if (x->priority != y->priority)
    return x->priority < y->priority ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Arrays, dictionaries and sharding lists found to hold no sharding with
 * a priority, direct-mapped by address: attributes are uniqued, and the
 * ops of a module repeat a few. */
typedef struct priority_scan {
  const sharc_attr *none[512];
} priority_scan;

/* Whether a tensor sharding in `a` (itself, or in a list, array or
 * dictionary in it) has a dimension with a priority. */
static bool holds_priority(priority_scan *scan, const sharc_attr *a) {
  if (!a)
    return false;
  if (sharc_sdy_is_tensor_sharding(a))
    return has_priority(a);
  bool list = sharc_sdy_is_sharding_per_value(a);
  sharc_attr_kind kind = sharc_attr_get_kind(a);
  if (!list && kind != SHARC_ATTR_ARRAY && kind != SHARC_ATTR_DICTIONARY)
    return false;
  const sharc_attr **slot = &scan->none[((uintptr_t)a >> 4) % 512];
  if (*slot == a)
    return false;
  bool found = false;
  if (list) {
    const sharc_attr *s;
    for (unsigned i = 0; !found && (s = sharc_sdy_sharding_per_value_at(a, i)); i++)
      found = has_priority(s);
  } else if (kind == SHARC_ATTR_ARRAY) {
    for (unsigned i = 0; !found && i < sharc_attr_count(a); i++)
      found = holds_priority(scan, sharc_attr_at(a, i));
  } else {
    const sharc_named_attr *entries = sharc_attr_dict_entries(a);
    for (unsigned i = 0; !found && i < sharc_attr_count(a); i++)
      found = holds_priority(scan, entries[i].value);
  }
  if (!found)
    *slot = a;
  return found;
}

static sharc_walk_result find_priority(sharc_op *op, void *user) {
  return holds_priority(user, sharc_op_attrs(op)) ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
}

/* Whether a sharding of the module has a dimension with a priority: every
 * sharding site holds its sharding in an op's attributes. Without one,
 * initializing changes nothing and no reference is recorded, and the
 * sites need not be walked. */
static bool module_has_priorities(sharc_op *module) {
  /* no dimension sharding with a priority was ever made: none to find */
  if (!sharc_context_fact_noted(sharc_op_context(module), &sharc_sdy_dim_priority_made))
    return false;
  priority_scan *scan = sharc_xcalloc(1, sizeof *scan);
  bool found = sharc_walk(module, SHARC_PRE_ORDER, find_priority, scan) == SHARC_WALK_INTERRUPT;
  free(scan);
  return found;
}

/* getShardingReferencesPerPriorityAndInitialize: `refs` sorted by
 * priority, walk order within one. */
static void references_and_initialize(sharc_op *module, ref_vec *refs) {
  init_state st = {module, {0}};
  if (!module_has_priorities(module)) {
    *refs = (ref_vec){0};
    return;
  }
  sharc_sdy_transform_shardings(module, record_and_initialize, NULL, &st);
  if (st.refs.len)
    qsort(st.refs.items, st.refs.len, sizeof *st.refs.items, by_priority);
  *refs = (ref_vec){st.refs.items, st.refs.len, st.refs.cap};
}

typedef struct update_state {
  sharc_context *ctx;
  const sharc_attr *original;
  int64_t priority;
} update_state;

/* getUpdatedShardingForPriority: the dimensions of `priority` in the
 * original sharding get its axes back (without the priority), and those
 * axes are no longer replicated. */
static sharc_attr *updated_for_priority(sharc_attr *current, const sharc_sdy_sharding_site *site,
                                        void *user) {
  (void)site;
  const update_state *st = user;
  sharc_context *ctx = st->ctx;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(current, &parts);
  attr_vec dims = {0};
  sharc_sdy_axis_vec seen = {0}, replicated = {0};
  unsigned rank = sharc_sdy_tensor_sharding_rank(st->original);
  for (unsigned d = 0; d < parts.num_dims; d++) {
    sharc_attr *original = d < rank ? sharc_sdy_tensor_sharding_dim(st->original, d) : NULL;
    if (!original || priority_or_default(original) != st->priority) {
      sharc_vec_push(&dims, parts.dims[d]);
      continue;
    }
    sharc_vec_push(&dims, without_priority(ctx, original));
    for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(original); i++)
      sharc_vec_push(&seen, sharc_sdy_dim_sharding_axis(original, i));
  }
  for (unsigned i = 0; i < parts.num_replicated; i++)
    if (sharc_sdy_axes_index_of(seen.items, seen.len, parts.replicated[i]) < 0)
      sharc_vec_push(&replicated, parts.replicated[i]);
  sharc_vec_free(&seen);
  return rebuilt_sharding(ctx, &parts, &dims, &replicated);
}

static void save_after_priority(sharc_propagation *pr, const sharc_user_priority_options *o,
                                int64_t priority) {
  const char *dir = pr->options->module_dump_directory;
  if (!dir || !*dir)
    return;
  char name[64];
  snprintf(name, sizeof name, "propagation_after_user_priority_%lld", (long long)priority);
  sharc_sdy_save_module_options save = {dir, name, true, o->dump_index};
  sharc_sdy_save_module(pr->module, &save);
}

bool sharc_propagation_propagate_user_priority(sharc_propagation *pr,
                                               const sharc_user_priority_options *o,
                                               sharc_get_direction_fn direction,
                                               void *direction_user) {
  sharc_propagation_strategy strategy = (sharc_propagation_strategy)o->propagation_strategy;
  ref_vec refs;
  references_and_initialize(pr->module, &refs);
  bool ok = sharc_propagation_propagate_op_priority(pr, strategy, o->run_op_priority_propagation,
                                                    direction, direction_user);
  int64_t prev_priority = 0;
  for (unsigned i = 0; ok && i < refs.len;) {
    int64_t priority = refs.items[i].priority;
    save_after_priority(pr, o, prev_priority);
    for (; i < refs.len && refs.items[i].priority == priority; i++) {
      update_state st = {sharc_op_context(pr->module), refs.items[i].original, priority};
      sharc_sdy_transform_site_sharding(&refs.items[i].site, updated_for_priority, &st);
    }
    /* written outside propagation: no visit's note holds any longer */
    sharc_propagation_forget_clean(pr);
    ok = sharc_propagation_propagate_op_priority(pr, strategy, o->run_op_priority_propagation,
                                                 direction, direction_user);
    prev_priority = priority;
  }
  sharc_vec_free(&refs);
  return ok;
}

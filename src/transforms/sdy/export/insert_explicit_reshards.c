/* -sdy-insert-explicit-reshards: makes every op's operand and result
 * shardings compatible with its sharding rule by inserting sdy.reshard ops
 * (and the all-reduces and unreduced collectives that unreduced axes call
 * for); data flow ops, calls and returns get reshards on their sources, and
 * single-device ops get their operands and results moved to and from their
 * device. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/created_defs.h"
#include "ir/op_values.h"
#include "pass/pass_registry.h"
#include "sharc/symbols.h"
#include "support/xalloc.h"
#include "transforms/sdy/export/explicit_reshards_util.h"
#include "transforms/sdy/export/export_utils.h"
#include "transforms/sdy/propagation/utils.h"
#include "transforms/sdy/rules/projection.h"
#include "transforms/sdy/rules/rules.h"
#include "support/ptrmap.h"
#include "support/word_memo.h"

#include <stdlib.h>
#include <string.h>

typedef struct insert_options {
  bool enable_full_version;
} insert_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(insert_options, enable_full_version, "enable-full-version", SHARC_OPT_BOOL,
                 "false", "Enable full version."),
};

enum {
  KEYED_BITS = 7,
  KEYED_SLOTS = 1 << KEYED_BITS,
  SEEN_BITS = 8,
  SEEN_SLOTS = 1 << SEEN_BITS,
  LISTS_BITS = 8,
  SINGLE_BITS = 6,
  SINGLE_SLOTS = 1 << SINGLE_BITS,
  MESH_MEMO = 4,
  SMALL_MESHES = 16,
};

typedef struct insert_state {
  const insert_options *opts;
  sharc_rewriter rw;
  sharc_context *ctx;
  sharc_op *func;
  sharc_ident *ragged_dot;
  sharc_op *global_mesh; /* getGlobalMeshOp, looked up once when needed */
  bool global_mesh_known;
  bool failed;          /* an error was reported; the pass fails */
  bool stop;            /* an assumption Shardy checks does not hold: stop */
  /* the rule-driven steps that changed nothing, by what they read (see
   * settled_key): ops alike (the layers of a model) are settled once */
  sharc_word_memo settled;
  /* the ops' sharding rules, built once per kind of op (rules.h) */
  sharc_rule_cache *rules;
  /* sharding -> 1 (on a mesh that is not maximal) or 2 (single device),
   * for meshes looked up in `single_table` (see single_device) */
  sharc_ptrmap single;
  sharc_op *single_table;
  /* the same answers, direct-mapped in front of `single`: it is asked of
   * every result */
  struct {
    const sharc_attr *sharding;
    bool single;
  } single_seen[SINGLE_SLOTS];
  sharc_op *func_table; /* the symbol table of the function's ops, once known */
  /* op name -> sharc_rule_cache_keyed, direct-mapped: a model has a few
   * kinds of op, and the cache's own look-up costs a hash probe */
  struct {
    const sharc_ident *name;
    bool keyed;
  } keyed[KEYED_SLOTS];
  /* value -> its sharding (sharc_sdy_get_sharding), direct-mapped, valid
   * while the IR's change count is `seen_epoch`: an op's result is read
   * when the op is visited and again at each of its users, and the walk
   * meets the users soon after */
  struct {
    sharc_value *value;
    sharc_attr *sharding;
  } seen[SEEN_SLOTS];
  uint64_t seen_epoch;
  /* the ops' `sdy.sharding` lists by dictionary, behind `seen`: most
   * values' shardings are entries of them */
  sharc_sdy_list_slot lists[1 << LISTS_BITS];
  bool barriers, unreduced; /* see barriers_may_exist */
  /* lookup_mesh's memo, the newest first */
  struct {
    sharc_op *table;
    sharc_str name;
    sharc_op *mesh;
  } meshes[MESH_MEMO];
} insert_state;

typedef sharc_sdy_axis_vec attr_vec;

/* Whether a propagation barrier may exist (none made: no sharding is
 * read past one), and a sharding with unreduced axes (none made: no
 * operand needs an all-reduce for them). Asked per op, as of the op's
 * read_shardings: the pass's own steps may make them, and what they make
 * counts once it is in the IR, which changes its change count. */
static bool barriers_may_exist(const insert_state *st) { return st->barriers; }

static bool unreduced_may_exist(const insert_state *st) { return st->unreduced; }

/* After a change to the IR: no value's sharding is known, the facts above
 * are asked again. */
static void note_ir_epoch(insert_state *st) {
  uint64_t epoch = sharc_context_ir_epoch(st->ctx);
  if (epoch == st->seen_epoch)
    return;
  memset(st->seen, 0, sizeof st->seen);
  st->seen_epoch = epoch;
  st->barriers = sharc_context_may_hold_def(st->ctx, &sharc_sdy_propagation_barrier_def);
  st->unreduced = sharc_context_fact_noted(st->ctx, &sharc_sdy_unreduced_axes_made);
}

/* ---- meshes ------------------------------------------------------------------ */

/* The symbol table nearest to `op` (sharc_symbol_table_op), the one of the
 * function found once: every op asks for it, and an op nested in a region
 * (a reduce's body) below no table of its own reaches the function. Read
 * through the IR's structures: a call per step costs more than the step. */
static sharc_op *table_of(insert_state *st, sharc_op *op) {
  for (sharc_op *a = op; a;
       a = a->block && a->block->parent ? a->block->parent->parent : NULL) {
    if (a == st->func) {
      if (!st->func_table)
        st->func_table = sharc_symbol_table_op(st->func);
      return st->func_table;
    }
    const sharc_op_def *def = sharc_op_def_of(a);
    if (def && (def->traits & SHARC_TRAIT_SYMBOL_TABLE) == SHARC_TRAIT_SYMBOL_TABLE)
      return a;
  }
  return sharc_symbol_table_op(op);
}

/* isSingleDeviceSharding of `sharding` seen from `op`, remembered per
 * sharding: a model's ops share a few, and each answer is a symbol lookup.
 * The answers hold for one symbol table (the pass adds no meshes). */
static bool single_device_in(insert_state *st, const sharc_attr *sharding, sharc_op *op,
                             sharc_op *table) {
  if (!sharding)
    return false;
  if (table != st->single_table) {
    sharc_ptrmap_free(&st->single);
    memset(st->single_seen, 0, sizeof st->single_seen);
    st->single_table = table;
  }
  /* two slots a sharding may sit in, the newer first */
  unsigned slot = sharc_ptr_slot(sharding, SINGLE_BITS);
  if (st->single_seen[slot].sharding == sharding)
    return st->single_seen[slot].single;
  if (st->single_seen[slot ^ 1].sharding == sharding)
    return st->single_seen[slot ^ 1].single;
  uintptr_t known = (uintptr_t)sharc_ptrmap_get(&st->single, sharding);
  bool single = known ? known == 2 : sharc_sdy_is_single_device_sharding(sharding, op);
  if (!known)
    sharc_ptrmap_put(&st->single, sharding, (void *)(uintptr_t)(single ? 2 : 1));
  st->single_seen[slot ^ 1] = st->single_seen[slot];
  st->single_seen[slot].sharding = sharding;
  st->single_seen[slot].single = single;
  return single;
}

/* single_device_in the table of `op` (table_of). */
static bool single_device(insert_state *st, const sharc_attr *sharding, sharc_op *op) {
  return sharding && single_device_in(st, sharding, op, table_of(st, op));
}

static sharc_attr *mesh_of(sharc_op *mesh_op) { return sharc_op_attr(mesh_op, "mesh"); }

/* sharc_sdy_lookup_mesh_op from `from`, the last names looked up in its
 * symbol table remembered: the steps of an op that gets reshards look a
 * model's one or few meshes up again and again (the pass adds none). */
static sharc_op *lookup_mesh(insert_state *st, sharc_op *from, sharc_str name) {
  sharc_op *table = table_of(st, from);
  for (unsigned i = 0; i < MESH_MEMO; i++)
    if (st->meshes[i].table == table && st->meshes[i].name.data == name.data &&
        st->meshes[i].name.len == name.len)
      return st->meshes[i].mesh;
  sharc_op *mesh = sharc_sdy_lookup_mesh_op(from, name);
  memmove(&st->meshes[1], &st->meshes[0], (MESH_MEMO - 1) * sizeof st->meshes[0]);
  st->meshes[0].table = table;
  st->meshes[0].name = name;
  st->meshes[0].mesh = mesh;
  return mesh;
}

/* getMeshOpOrDefault: the sdy.mesh a sharding names (NULL for an inline
 * mesh, which Shardy does not expect here), or `dflt` without a sharding. */
static sharc_op *mesh_op_or_default(insert_state *st, const sharc_attr *sharding, sharc_op *from,
                                    sharc_op *dflt) {
  if (!sharding)
    return dflt;
  sharc_str name = sharc_sdy_tensor_sharding_mesh_name(sharding);
  return name.len ? lookup_mesh(st, from, name) : NULL;
}

/* getMostCommonMesh: the mesh op named by most sharded tensors (the first
 * to reach the highest count), `dflt` when none is sharded. */
static sharc_op *most_common_mesh(insert_state *st, sharc_attr *const *shardings, unsigned n,
                                  sharc_op *from, sharc_op *dflt) {
  /* in room of their own for most ops */
  sharc_op *mesh_room[SMALL_MESHES];
  unsigned count_room[SMALL_MESHES] = {0};
  bool small = n <= SMALL_MESHES;
  sharc_op **meshes = small ? mesh_room : sharc_xmalloc_array(n + 1, sizeof *meshes);
  unsigned *counts = small ? count_room : sharc_xcalloc(n + 1, sizeof *counts);
  unsigned distinct = 0, best_count = 0;
  sharc_op *best = dflt;
  for (unsigned i = 0; i < n; i++) {
    if (sharc_sdy_is_fully_replicated(shardings[i]))
      continue;
    sharc_op *m = mesh_op_or_default(st, shardings[i], from, dflt);
    if (!m)
      continue;
    unsigned k = 0;
    while (k < distinct && meshes[k] != m)
      k++;
    if (k == distinct)
      meshes[distinct++] = m;
    if (++counts[k] > best_count) {
      best_count = counts[k];
      best = m;
    }
  }
  if (!small) {
    free(meshes);
    free(counts);
  }
  return best;
}

/* getMesh: the mesh every sharded tensor of the op is on (device order
 * aside), the most common device order among them; NULL when they differ,
 * none has a sharding, or the mesh is maximal. */
static sharc_op *op_mesh(insert_state *st, sharc_op *op, sharc_attr *const *shardings,
                         unsigned n) {
  sharc_attr *mesh_or_ref = sharc_sdy_common_mesh_or_ref(shardings, n, op, true);
  if (!mesh_or_ref || sharc_attr_get_kind(mesh_or_ref) != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *mesh_op = lookup_mesh(st, op, sharc_ident_str(sharc_attr_symbol_root(mesh_or_ref)));
  if (!mesh_op || !mesh_of(mesh_op) || sharc_sdy_mesh_is_maximal(mesh_of(mesh_op)))
    return NULL;
  return most_common_mesh(st, shardings, n, op, mesh_op);
}

/* ---- reshards towards one target sharding --------------------------------------- */

/* insertExplicitReshardsToTargetSharding: operand `index` of `user` gets
 * the all-reduce and unreduced collectives its target asks for, then (full
 * version) a reshard to the target when still not equivalent. */
static bool reshard_to_target(insert_state *st, sharc_op *user, unsigned index,
                              sharc_attr *target, bool after_operand, bool full_version) {
  sharc_value *operand = sharc_op_operand(user, index);
  sharc_attr *sharding = sharc_sdy_get_sharding(operand);
  if (after_operand)
    sharc_rw_set_after_value(&st->rw, operand);
  if (sharding && !sharc_sdy_insert_all_reduce_if_unreduced_to_replicated(
                      &st->rw, user, index, sharding, target, &sharding))
    return false;
  sharc_attr *collective_sharding;
  if (!sharc_sdy_insert_unreduced_collectives(&st->rw, user, index, target, &collective_sharding))
    return false;
  if (collective_sharding)
    sharding = collective_sharding;
  if (!full_version || sharc_sdy_is_equivalent(sharding, target))
    return true;
  operand = sharc_op_operand(user, index);
  /* not equivalent and no target: the operand's sharding is not NULL */
  sharc_attr *to = target ? target : sharc_sdy_sharding_fully_closed_like(st->ctx, sharding);
  sharc_op *reshard = sharc_sdy_create_reshard(&st->rw, operand, to, sharc_sdy_value_loc(operand));
  sharc_rw_set_operand(&st->rw, user, index, sharc_op_result(reshard, 0));
  return true;
}

static bool reshard_func_return(insert_state *st, sharc_op *ret) {
  sharc_rw_set_before(&st->rw, ret);
  unsigned n = sharc_op_num_operands(ret);
  for (unsigned i = 0; i < n && i < sharc_func_num_results(st->func); i++)
    if (!reshard_to_target(st, ret, i, sharc_sdy_func_result_sharding(st->func, i), false,
                           st->opts->enable_full_version))
      return false;
  return true;
}

typedef struct operand_ref {
  sharc_op *owner;
  unsigned index;
} operand_ref;

/* The sources of every edge of a data flow op (result owners first) get
 * reshards to the owner's sharding as the edge sees it. */
static bool reshard_data_flow_op(insert_state *st, sharc_op *op, bool full_version) {
  sharc_ptrvec results = {0}, args = {0}, sources = {0};
  sharc_sdy_result_owners(op, &results);
  sharc_sdy_block_arg_owners(op, &args);
  SHARC_VEC(operand_ref) refs = {0};
  bool ok = true;
  for (unsigned i = 0; ok && i < results.len + args.len; i++) {
    sharc_value *owner = i < results.len ? results.items[i] : args.items[i - results.len];
    sharc_attr *sharding = sharc_sdy_transform_target_sharding(
        op, owner, sharc_sdy_owner_sharding(op, owner), SHARC_SDY_BEFORE_EDGE_PROPAGATION);
    sources.len = 0;
    sharc_sdy_edge_sources(op, owner, &sources);
    sharc_vec_clear(&refs);
    for (unsigned k = 0; k < sources.len; k++) {
      sharc_use *u = sources.items[k];
      sharc_vec_push(&refs, ((operand_ref){sharc_use_owner(u), sharc_use_operand_index(u)}));
    }
    for (unsigned k = 0; ok && k < refs.len; k++)
      ok = reshard_to_target(st, refs.items[k].owner, refs.items[k].index, sharding, true,
                             full_version);
  }
  sharc_vec_free(&refs);
  sharc_ptrvec_free(&results);
  sharc_ptrvec_free(&args);
  sharc_ptrvec_free(&sources);
  return ok;
}

/* Operands of a call get reshards to the callee's argument shardings, or to
 * fully closed ones on the mesh of the first operand sharding that is not
 * maximal when the callee has none. */
static bool reshard_call(insert_state *st, sharc_op *call, bool full_version) {
  sharc_op *callee = sharc_call_resolve(call);
  if (!callee || !sharc_op_isa(callee, &sharc_func_func_def))
    return true;
  sharc_attr *arg_shardings = sharc_sdy_func_arg_shardings(callee);
  unsigned n = sharc_op_num_operands(call);
  if (!arg_shardings) {
    sharc_attr *mesh_or_ref = NULL;
    for (unsigned i = 0; i < n && !mesh_or_ref; i++) {
      sharc_attr *s = sharc_sdy_get_sharding(sharc_op_operand(call, i));
      if (s && !sharc_sdy_is_single_device_sharding(s, call))
        mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(s);
    }
    /* neither the callee's arguments nor the operands are on a real mesh */
    if (!mesh_or_ref)
      return true;
    sharc_value **operands = sharc_xmalloc_array(n + 1, sizeof *operands);
    for (unsigned i = 0; i < n; i++)
      operands[i] = sharc_op_operand(call, i);
    arg_shardings = sharc_sdy_shardings_for_values(st->ctx, operands, n, mesh_or_ref, true);
    free(operands);
  }
  sharc_rw_set_before(&st->rw, call);
  for (unsigned i = 0; i < n && i < sharc_sdy_list_size(arg_shardings); i++)
    if (!reshard_to_target(st, call, i, sharc_sdy_list_at(arg_shardings, i), true, full_version))
      return false;
  return true;
}

/* ---- unreduced operands of an op ------------------------------------------- */

/* The shardings of an op's operands, then of its results, as
 * sharc_projection_op_shardings reads them without bypassing barriers;
 * in room of its own for most ops. */
enum { SMALL_VALUES = 16 };

typedef struct value_shardings {
  sharc_attr *small[SMALL_VALUES];
  sharc_attr **items;
} value_shardings;

/* sharc_sdy_get_sharding through st->seen (see there), and for most
 * values through st->lists. */
static inline __attribute__((always_inline)) sharc_attr *seen_sharding(insert_state *st,
                                                                     sharc_value *v) {
  unsigned slot = sharc_ptr_slot(v, SEEN_BITS);
  if (st->seen[slot].value != v) {
    st->seen[slot].value = v;
    st->seen[slot].sharding =
        sharc_sdy_sharding_in_result_list(v)
            ? sharc_sdy_sharding_list_at(
                  sharc_sdy_cached_sharding_list(st->lists, LISTS_BITS, sharc_value_op_of(v)),
                  sharc_value_index_of(v))
            : sharc_sdy_get_sharding(v);
  }
  return st->seen[slot].sharding;
}

static void read_shardings(insert_state *st, sharc_op *op, value_shardings *vs) {
  unsigned n_ops = op->num_operands, n_res = op->num_results;
  if (!vs->items)
    vs->items = n_ops + n_res <= SMALL_VALUES
                    ? vs->small
                    : sharc_xmalloc_array(n_ops + n_res + 1, sizeof *vs->items);
  note_ir_epoch(st);
  /* the op's values read inline: every op of the module gets here */
  const sharc_use *uses = sharc_op_operands_of(op);
  sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < n_ops; i++)
    vs->items[i] = seen_sharding(st, uses[i].value);
  for (unsigned i = 0; i < n_res; i++)
    vs->items[n_ops + i] = seen_sharding(st, &results[i]);
}

/* The shardings read past propagation barriers
 * (sharc_sdy_get_sharding_bypassing_barriers): only a value a barrier
 * defines reads another. */
static void bypass_barriers(const insert_state *st, sharc_op *op, value_shardings *vs) {
  if (!barriers_may_exist(st))
    return;
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  for (unsigned i = 0; i < n_ops + n_res; i++) {
    sharc_value *v = i < n_ops ? sharc_op_operand(op, i) : sharc_op_result(op, i - n_ops);
    sharc_op *def = sharc_value_defining_op(v);
    if (def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def))
      vs->items[i] = sharc_sdy_get_sharding_bypassing_barriers(v);
  }
}

static void free_shardings(value_shardings *vs) {
  if (vs->items != vs->small)
    free(vs->items);
}

/* insertAllReduceOnOpIfUnreducedToReplicated: operands' unreduced axes the
 * op's (first) result does not keep unreduced are all-reduced first. `vs`
 * holds the op's shardings (an all-reduce put on one operand changes no
 * other operand's sharding). */
static bool all_reduce_unreduced_operands(insert_state *st, sharc_op *op,
                                          const value_shardings *vs) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  bool unreduced = unreduced_may_exist(st);
  if (!n_res) {
    for (unsigned i = 0; unreduced && i < n_ops; i++) {
      unsigned n;
      sharc_sdy_get_unreduced_axes(vs->items[i], &n);
      if (n) {
        sharc_emit_op_error(op, "has operands with unreduced axes but no results");
        return false;
      }
    }
    return true;
  }
  if (!unreduced) {
    sharc_rw_set_before(&st->rw, op); /* where the steps after insert */
    return true;
  }
  sharc_attr *first = vs->items[n_ops];
  unsigned n_first;
  sharc_attr *const *first_unreduced = sharc_sdy_get_unreduced_axes(first, &n_first);
  for (unsigned i = 1; i < n_res; i++) {
    unsigned n;
    sharc_attr *const *u = sharc_sdy_get_unreduced_axes(vs->items[n_ops + i], &n);
    if (!sharc_sdy_axes_equal(first_unreduced, n_first, u, n)) {
      sharc_emit_op_error(op, "has results with different unreduced axes");
      return false;
    }
  }
  sharc_rw_set_before(&st->rw, op);
  for (unsigned i = 0; i < n_ops; i++) {
    sharc_attr *in = vs->items[i];
    if (in && !sharc_sdy_insert_all_reduce_if_unreduced_to_replicated(&st->rw, op, i, in, first,
                                                                      &in))
      return false;
  }
  return true;
}

/* ---- dot: reshard the result instead of an operand -------------------------- */

static int64_t num_elements(sharc_value *v) {
  int64_t n = sharc_type_num_elements(sharc_value_type(v));
  return n < 0 ? 0 : n;
}

static bool axes_equal(const attr_vec *a, sharc_attr *const *b, unsigned nb) {
  return sharc_sdy_axes_equal(a->items, a->len, b, nb);
}

/* The factor whose result sharding alone conflicts with compatible operand
 * shardings, and its operand axes; -1 when the dot does not qualify. */
static int64_t dot_conflicting_factor(sharc_op *op, const sharc_projection *p,
                                      const attr_vec **conflicting_axes, attr_vec *reduction) {
  int64_t lhs_size = num_elements(sharc_op_operand(op, 0));
  int64_t rhs_size = num_elements(sharc_op_operand(op, 1));
  int64_t result_size = num_elements(sharc_op_result(op, 0));
  const sharc_tensor_factors *lhs = &p->tensors[0], *rhs = &p->tensors[1];
  const sharc_tensor_factors *res = &p->tensors[p->num_operands];
  attr_vec seen = {0};
  int64_t conflicting = -1;
  bool qualifies = true;
  for (unsigned f = 0; f < p->num_factors && qualifies; f++) {
    const sharc_factor_sharding *l = lhs->factors[f].present ? &lhs->factors[f] : NULL;
    const sharc_factor_sharding *r = rhs->factors[f].present ? &rhs->factors[f] : NULL;
    const attr_vec *axes;
    int64_t max_operand_size;
    if (l && r) {
      /* batching or contracting dimension */
      axes = &l->axes;
      max_operand_size = lhs_size > rhs_size ? lhs_size : rhs_size;
      if (!axes_equal(&l->axes, r->axes.items, r->axes.len)) {
        qualifies = false;
        break;
      }
      if (sharc_rule_factor_is(p->rule, f, SHARC_RULE_IS_REDUCTION)) {
        sharc_sdy_axes_append(reduction, axes->items, axes->len);
        continue;
      }
    } else if (l || r) {
      /* a non-contracting dimension: its axes may not shard the other side's */
      axes = l ? &l->axes : &r->axes;
      max_operand_size = l ? lhs_size : rhs_size;
      for (unsigned k = 0; k < axes->len && qualifies; k++) {
        qualifies = !sharc_sdy_axes_overlap(&axes->items[k], 1, seen.items, seen.len);
        sharc_vec_push(&seen, axes->items[k]);
      }
      if (!qualifies)
        break;
    } else {
      continue;
    }
    if (!res->factors[f].present) {
      qualifies = false;
      break;
    }
    if (axes_equal(&res->factors[f].axes, axes->items, axes->len))
      continue;
    /* an empty conflicting operand sharding is the reduce-scatter pattern */
    if (!axes->len || conflicting >= 0 || result_size > max_operand_size) {
      qualifies = false;
      break;
    }
    conflicting = f;
    *conflicting_axes = axes;
  }
  sharc_vec_free(&seen);
  return qualifies ? conflicting : -1;
}

/* processDot: when the result alone disagrees with compatible operands on
 * one factor whose result axes are the contraction's axes, the dot computes
 * the operands' sharding and a reshard on the (smaller) result restores the
 * one it had. */
static void process_dot(insert_state *st, sharc_op *op, sharc_projection *p,
                        sharc_attr *const *out, unsigned n_out, sharc_op *mesh_op) {
  if (!n_out || p->num_operands < 2 || p->num_results < 1 || sharc_op_num_operands(op) < 2)
    return;
  attr_vec reduction = {0};
  const attr_vec *conflicting_axes = NULL;
  int64_t f = dot_conflicting_factor(op, p, &conflicting_axes, &reduction);
  if (f >= 0) {
    attr_vec *res_axes = &p->tensors[p->num_operands].factors[f].axes;
    if (res_axes->len && axes_equal(res_axes, reduction.items, reduction.len)) {
      sharc_sdy_axes_assign(res_axes, conflicting_axes->items, conflicting_axes->len);
      sharc_value *result = sharc_op_result(op, 0);
      sharc_attr *mesh_ref = sharc_sdy_mesh_ref(st->ctx, sharc_op_symbol_name(mesh_op));
      sharc_sdy_set_sharding(result,
                             sharc_projection_tensor_sharding(p, p->num_operands, mesh_ref));
      sharc_rw_modified(&st->rw, op);
      sharc_rw_set_after(&st->rw, op);
      sharc_op *reshard = sharc_sdy_create_reshard(&st->rw, result, out[0], sharc_op_loc(op));
      sharc_value *with = sharc_op_result(reshard, 0);
      for (sharc_use *u = sharc_value_first_use(result), *next; u; u = next) {
        next = sharc_use_next(u);
        if (sharc_use_owner(u) != reshard)
          sharc_rw_set_operand(&st->rw, sharc_use_owner(u), sharc_use_operand_index(u), with);
      }
    }
  }
  sharc_vec_free(&reduction);
}

/* ---- reshapes with overflow axes -------------------------------------------------- */

/* redistributeAxes: the factors `tensor` has, dimension by dimension, get
 * `all` spread over them afresh. */
static void redistribute_axes(sharc_projection *p, unsigned tensor, const attr_vec *all) {
  const sharc_attr *rule = p->rule;
  unsigned rank = sharc_rule_tensor_rank(rule, tensor), n = 0;
  for (unsigned d = 0; d < rank; d++)
    n += sharc_rule_dim_num_factors(rule, tensor, d);
  sharc_factor_sharding *flat = sharc_xcalloc(n + 1, sizeof *flat);
  int64_t *sizes = sharc_xcalloc(n + 1, sizeof *sizes);
  unsigned *factors = sharc_xcalloc(n + 1, sizeof *factors);
  unsigned k = 0;
  for (unsigned d = 0; d < rank; d++)
    for (unsigned i = 0; i < sharc_rule_dim_num_factors(rule, tensor, d); i++) {
      unsigned f = sharc_rule_dim_factor(rule, tensor, d, i);
      if (f >= p->num_factors || !p->tensors[tensor].factors[f].present)
        continue;
      sizes[k] = sharc_rule_factor_size(rule, f);
      factors[k++] = f;
    }
  sharc_distribute_axes(p->ctx, flat, k, sizes, all->items, all->len, p->mesh);
  for (unsigned i = 0; i < k; i++) {
    sharc_factor_sharding *fs = &p->tensors[tensor].factors[factors[i]];
    sharc_vec_free(&fs->axes);
    sharc_vec_free(&fs->overflow);
    fs->axes = flat[i].axes;
    fs->overflow = flat[i].overflow;
  }
  free(flat);
  free(sizes);
  free(factors);
}

/* processReshapeWithOverflowAxes: the axes of the more sharded side are
 * spread over both sides' factors, and the factors keep what both sides
 * then agree on. */
static void process_reshape_with_overflow(insert_state *st, sharc_op *op, sharc_projection *p,
                                          sharc_attr *const *out, sharc_op *mesh_op,
                                          sharc_sdy_axes_per_factor *common) {
  unsigned res = p->num_operands;
  bool prefer_input = sharc_projection_sharding_size(p, 0) >= sharc_projection_sharding_size(p, res);
  const sharc_tensor_factors *best = &p->tensors[prefer_input ? 0 : res];
  attr_vec all = {0};
  for (unsigned f = 0; f < p->num_factors; f++) {
    if (!best->factors[f].present)
      continue;
    sharc_sdy_axes_append(&all, best->factors[f].axes.items, best->factors[f].axes.len);
    sharc_sdy_axes_append(&all, best->factors[f].overflow.items, best->factors[f].overflow.len);
  }
  redistribute_axes(p, 0, &all);
  redistribute_axes(p, res, &all);
  sharc_vec_free(&all);
  sharc_attr *mesh_ref = sharc_sdy_mesh_ref(st->ctx, sharc_op_symbol_name(mesh_op));
  sharc_attr *in_built = sharc_projection_tensor_sharding(p, 0, mesh_ref);
  sharc_attr *out_built = sharc_projection_tensor_sharding(p, res, mesh_ref);
  sharc_projection legal;
  sharc_projection_build(&legal, st->ctx, &in_built, &out_built, p->rule, p->mesh, false);
  sharc_sdy_axes_per_factor_init(common, p->num_factors);
  sharc_projection_common_prefix(&legal, common->axes);
  sharc_projection_free(&legal);
  for (unsigned f = 0; f < p->num_factors; f++)
    sharc_projection_update(p, f, common->axes[f].items, common->axes[f].len, NULL, 0, NULL);
  bool update[2] = {
      !sharc_sdy_is_equivalent(sharc_sdy_get_sharding(sharc_op_operand(op, 0)),
                               sharc_projection_tensor_sharding(p, 0, mesh_ref)),
      !sharc_sdy_is_equivalent(sharc_projection_tensor_sharding(p, res, mesh_ref), out[0]),
  };
  sharc_attr *in = sharc_sdy_get_sharding(sharc_op_operand(op, 0));
  sharc_sdy_insert_explicit_reshards(&st->rw, op, &in, out, p, update, mesh_op);
}

/* ---- one op ------------------------------------------------------------------------ */

/* processOp: with the full version, the common factor shardings and the
 * reshards that realise them; without, only the dot special case. */
static void process_op(insert_state *st, sharc_op *op, sharc_projection *p, sharc_attr *const *in,
                       sharc_attr *const *out, sharc_op *mesh_op, bool full_version,
                       sharc_sdy_axes_per_factor *common) {
  if (!full_version) {
    if (sharc_op_isa(op, SHARC_SHLO(dot)) || sharc_op_isa(op, SHARC_SHLO(dot_general)))
      process_dot(st, op, p, out, sharc_op_num_results(op), mesh_op);
    return;
  }
  unsigned n = sharc_projection_num_tensors(p);
  bool *update = sharc_xcalloc(n + 1, sizeof *update);
  bool *changed = sharc_xcalloc(n + 1, sizeof *changed);
  int64_t *sizes =
      sharc_xcalloc(sharc_op_num_operands(op) + sharc_op_num_results(op) + 1, sizeof *sizes);
  bool any_overflow = false;
  for (unsigned t = 0; t < n; t++)
    any_overflow |= update[t] = sharc_projection_has_overflow(p, t);
  if (any_overflow && sharc_op_isa(op, SHARC_SHLO(reshape)) && p->num_operands == 1 &&
      p->num_results == 1) {
    process_reshape_with_overflow(st, op, p, out, mesh_op, common);
  } else {
    sharc_sdy_get_tensor_sizes(op, sizes);
    sharc_sdy_find_common_axes(p, sizes, common);
    for (unsigned f = 0; f < common->n; f++) {
      sharc_projection_update(p, f, common->axes[f].items, common->axes[f].len, NULL, 0, changed);
      for (unsigned t = 0; t < n; t++)
        update[t] |= changed[t];
    }
    sharc_sdy_insert_explicit_reshards(&st->rw, op, in, out, p, update, mesh_op);
  }
  free(update);
  free(changed);
  free(sizes);
}

/* ---- single-device ops ------------------------------------------------------------ */

static bool is_ranked_tensor(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR;
}

static sharc_attr *replicated_on(insert_state *st, sharc_op *mesh_op, unsigned rank) {
  sharc_attr *ref = sharc_sdy_mesh_ref(st->ctx, sharc_op_symbol_name(mesh_op));
  return sharc_sdy_sharding_fully_open(st->ctx, ref, rank, true);
}

/* getSingleDeviceMeshInfo: the single-device mesh of the results into
 * `*mesh_op`; false (with an error) when two results are on different
 * devices. */
static bool single_device_mesh(insert_state *st, sharc_op *op, sharc_attr *const *out,
                               unsigned n, sharc_op **mesh_op) {
  *mesh_op = NULL;
  int64_t device = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!sharc_sdy_is_single_device_sharding(out[i], op))
      continue;
    sharc_op *m = mesh_op_or_default(st, out[i], op, NULL);
    if (!m)
      continue;
    int64_t id = sharc_sdy_mesh_device_id(mesh_of(m), 0);
    if (*mesh_op && id != device) {
      sharc_emit_op_error(op, "has conflicting single-device result shardings");
      return false;
    }
    device = id;
    *mesh_op = m;
  }
  return true;
}

/* Tensor operands move to the single device, through a replicated sharding
 * on the global mesh unless they are there already. */
static void single_device_operands(insert_state *st, sharc_op *op, sharc_attr *single,
                                   sharc_op *single_mesh, sharc_op *global) {
  sharc_rw_set_before(&st->rw, op);
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_value *operand = sharc_op_operand(op, i);
    sharc_type *type = sharc_value_type(operand);
    if (!is_ranked_tensor(type))
      continue;
    unsigned rank = sharc_type_rank(type);
    sharc_attr *sharding = sharc_sdy_get_sharding(operand);
    if (!sharding)
      sharding = replicated_on(st, global, rank);
    sharc_op *operand_mesh = mesh_op_or_default(st, sharding, op, NULL);
    if (sharc_sdy_is_equivalent(sharding, single) && operand_mesh == single_mesh)
      continue;
    sharc_value *input = operand;
    sharc_attr *loc = sharc_sdy_value_loc(operand);
    if (!(sharc_sdy_is_fully_replicated(sharding) && operand_mesh == global))
      input = sharc_op_result(
          sharc_sdy_create_reshard(&st->rw, input, replicated_on(st, global, rank), loc), 0);
    sharc_op *to_single = sharc_sdy_create_reshard(&st->rw, input, single, loc);
    sharc_rw_set_operand(&st->rw, op, i, sharc_op_result(to_single, 0));
  }
}

static bool not_owned_by(const sharc_use *u, void *except) {
  return sharc_use_owner(u) != (sharc_op *)except;
}

/* A reshard of `v` after `after` that every other user of `v` then reads. */
static sharc_op *reshard_all_uses(insert_state *st, sharc_op *after, sharc_value *v,
                                  sharc_attr *sharding, sharc_attr *loc) {
  sharc_rw_set_after(&st->rw, after);
  sharc_op *reshard = sharc_sdy_create_reshard(&st->rw, v, sharding, loc);
  sharc_rw_replace_uses_if(&st->rw, v, sharc_op_result(reshard, 0), not_owned_by, reshard);
  return reshard;
}

/* Tensor results move back to a replicated sharding on the global mesh,
 * then to their own sharding when that is not single-device. */
static void single_device_results(insert_state *st, sharc_op *op, sharc_attr *const *out,
                                  sharc_op *global) {
  sharc_op *last = op;
  sharc_attr *loc = sharc_op_loc(op);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *result = sharc_op_result(op, i);
    sharc_type *type = sharc_value_type(result);
    if (!is_ranked_tensor(type))
      continue;
    sharc_attr *replicated = replicated_on(st, global, sharc_type_rank(type));
    sharc_attr *target = out[i] && !sharc_sdy_is_single_device_sharding(out[i], op) ? out[i]
                                                                                    : replicated;
    sharc_op *to_replicated = reshard_all_uses(st, last, result, replicated, loc);
    last = to_replicated;
    if (target == replicated)
      continue;
    last = reshard_all_uses(st, last, sharc_op_result(to_replicated, 0), target, loc);
  }
}

/* processSingleDeviceOperation: operands to the device, results back, and
 * the results' shardings set to the device (tokens: replicated on the
 * global mesh). Nothing without a global mesh. */
static bool process_single_device_op(insert_state *st, sharc_op *op, sharc_attr *const *out,
                                     unsigned n_out) {
  sharc_op *single_mesh;
  if (!single_device_mesh(st, op, out, n_out, &single_mesh)) {
    /* Shardy reports this and goes on with the other ops */
    st->failed = true;
    return true;
  }
  if (!single_mesh)
    return true;
  if (!st->global_mesh_known) {
    sharc_op *module = st->func;
    while (module && !sharc_op_isa(module, &sharc_builtin_module_def))
      module = sharc_op_parent_op(module);
    st->global_mesh = sharc_sdy_global_mesh_op(module);
    st->global_mesh_known = true;
  }
  sharc_op *global = st->global_mesh;
  if (!global)
    return true;
  sharc_attr *single = replicated_on(st, single_mesh, 0);
  single_device_operands(st, op, single, single_mesh, global);
  single_device_results(st, op, out, global);
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_value *result = sharc_op_result(op, i);
    sharc_type *type = sharc_value_type(result);
    if (is_ranked_tensor(type))
      sharc_sdy_set_sharding(result, single);
    else if (type == sharc_shlo_token_type(st->ctx))
      sharc_sdy_set_sharding(result, replicated_on(st, global, 0));
  }
  sharc_rw_modified(&st->rw, op);
  return true;
}

/* ---- the walk ---------------------------------------------------------------------- */

/* isOnFullVersion: the option, or ops that always get explicit reshards
 * (mhlo.ragged_dot, calls, concatenates whose operands' shardings differ
 * from the result's). */
static bool on_full_version(insert_state *st, sharc_op *op) {
  /* the definition read once (sharc_op_isa, in place): asked of every op */
  const sharc_op_def *def = sharc_op_def_of(op);
  if (st->opts->enable_full_version || op->name == st->ragged_dot || def == &sharc_func_call_def)
    return true;
  if (def != SHARC_SHLO(concatenate) || !sharc_op_num_results(op))
    return false;
  sharc_attr *result = sharc_sdy_get_sharding(sharc_op_result(op, 0));
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (sharc_sdy_get_sharding(sharc_op_operand(op, i)) != result)
      return true;
  return false;
}

/* sharc_block_terminator(its block) == op, read in place: asked of every op. */
static bool is_terminator(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  return op->block && op->block->last == op && def &&
         (def->traits & SHARC_TRAIT_TERMINATOR) == SHARC_TRAIT_TERMINATOR;
}

/* What the rule-driven step of `op` reads, as a memo key: the op's name,
 * attributes and operand and result types, its symbol table (the meshes it
 * names; not its parent, so that the bodies of ops alike share entries),
 * the rule, the version and the shardings `in` and `out` (its own, with no
 * propagation barrier in between). The step reads nothing inside an op's
 * regions: ops with regions (reduce, sort) have keys too. Returns the key's
 * length, or 0 for an op whose step reads more: one with successors, or
 * next to a barrier (some steps read the shardings the barrier hides).
 * *key is `stack` or allocated. */
enum { SETTLED_STACK = 32, SETTLED_BY_OP = 1 };

static unsigned settled_key(insert_state *st, sharc_op *op, sharc_op *table,
                            const sharc_attr *rule, bool full_version,
                            sharc_attr *const *shardings, uintptr_t *stack, uintptr_t **key) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  if (sharc_op_num_successors(op) || sharc_op_isa(op, &sharc_sdy_propagation_barrier_def))
    return 0;
  bool barriers = barriers_may_exist(st);
  for (unsigned i = 0; barriers && i < n_ops; i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, i));
    if (def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def))
      return 0;
  }
  unsigned n = 7 + 2 * (n_ops + n_res);
  uintptr_t *k = n <= SETTLED_STACK ? stack : sharc_xmalloc_array(n, sizeof *k);
  k[0] = (uintptr_t)sharc_op_name(op);
  k[1] = (uintptr_t)sharc_op_attrs(op);
  k[2] = (uintptr_t)table;
  k[3] = (uintptr_t)rule;
  k[4] = full_version;
  k[5] = n_ops;
  k[6] = n_res;
  sharc_op_type_words(op, n_ops, k + 7);
  for (unsigned i = 0; i < n_ops + n_res; i++)
    k[7 + n_ops + n_res + i] = (uintptr_t)shardings[i];
  *key = k;
  return n;
}

/* sharc_rule_cache_keyed, remembered per op name in two slots (two of a
 * model's frequent names may share one). */
static bool rule_keyed(insert_state *st, sharc_op *op) {
  const sharc_ident *name = sharc_op_name(op);
  /* by the name's string hash: its address moves from run to run */
  unsigned slot = name->hash & (KEYED_SLOTS - 1);
  if (st->keyed[slot].name == name)
    return st->keyed[slot].keyed;
  if (st->keyed[slot ^ 1].name == name)
    return st->keyed[slot ^ 1].keyed;
  st->keyed[slot ^ 1] = st->keyed[slot];
  st->keyed[slot].name = name;
  st->keyed[slot].keyed = sharc_rule_cache_keyed(st->rules, op);
  return st->keyed[slot].keyed;
}

/* The op's rule-driven reshards and reduction all-reduces; `shardings`
 * are the op's, barriers bypassed (sharc_projection_op_shardings). */
static bool reshard_by_rule(insert_state *st, sharc_op *op, bool full_version,
                            sharc_attr **shardings) {
  unsigned n_ops = sharc_op_num_operands(op), n_res = sharc_op_num_results(op);
  sharc_attr **in = shardings, **out = shardings + n_ops;
  bool ok = true, single = false;
  sharc_op *table = table_of(st, op); /* the meshes the steps look up */
  for (unsigned i = 0; i < n_res; i++)
    single |= single_device_in(st, out[i], op, table);
  if (single)
    return process_single_device_op(st, op, out, n_res);
  /* A rule the cache derives from what the key holds already (the op's
   * name, attributes and types; an own rule is one of the attributes) is
   * left out of the key, and derived only when the memo does not settle
   * the op. SETTLED_BY_OP stands for it: no rule has that address. */
  bool keyed = rule_keyed(st, op);
  sharc_attr *rule =
      keyed ? NULL : sharc_sdy_get_or_create_sharding_rule_cached(op, false, false, st->rules);
  uintptr_t stack[SETTLED_STACK], *key = NULL;
  unsigned value_len;
  unsigned key_len = settled_key(st, op, table, keyed ? (const sharc_attr *)SETTLED_BY_OP : rule,
                                 full_version, shardings, stack, &key);
  uint64_t hash = key_len ? sharc_word_memo_hash(key, key_len) : 0;
  if (key_len && sharc_word_memo_find_hashed(&st->settled, hash, key, key_len, &value_len)) {
    if (key != stack)
      free(key);
    return true;
  }
  if (keyed)
    rule = sharc_sdy_get_or_create_sharding_rule_cached(op, false, false, st->rules);
  uint64_t epoch = sharc_context_ir_epoch(st->ctx);
  unsigned errors = sharc_context_error_count(st->ctx);
  sharc_op *mesh_op = NULL;
  if (rule && !sharc_sdy_rule_is_custom(rule) && sharc_rule_num_operands(rule) == n_ops &&
      sharc_rule_num_tensors(rule) == n_ops + n_res)
    mesh_op = op_mesh(st, op, shardings, n_ops + n_res);
  if (mesh_op) {
    sharc_projection p;
    sharc_projection_build(&p, st->ctx, in, out, rule, mesh_of(mesh_op), true);
    sharc_sdy_axes_per_factor common = {0};
    process_op(st, op, &p, in, out, mesh_op, full_version, &common);
    ok = sharc_sdy_insert_all_reduces_for_reduction_factors(&st->rw, op, &p, &common, mesh_op,
                                                            full_version);
    sharc_sdy_axes_per_factor_free(&common);
    sharc_projection_free(&p);
  }
  if (key_len && ok && sharc_context_ir_epoch(st->ctx) == epoch &&
      sharc_context_error_count(st->ctx) == errors)
    sharc_word_memo_add_hashed(&st->settled, hash, key, key_len, NULL, 0);
  if (key && key != stack)
    free(key);
  return ok;
}

static bool visit_op(insert_state *st, sharc_op *op) {
  if (is_terminator(op))
    return true;
  bool full_version = on_full_version(st, op);
  if (sharc_sdy_data_flow(op))
    return reshard_data_flow_op(st, op, full_version);
  const sharc_op_def *def = sharc_op_def_of(op);
  if (def == &sharc_func_call_def)
    return reshard_call(st, op, full_version);
  bool converted = false; /* only a reshard converts: most ops make no call */
  if (def == &sharc_sdy_reshard_def &&
      !sharc_sdy_convert_reshard_to_unreduced_collectives(&st->rw, op, &converted))
    return false;
  if (converted)
    return true;
  value_shardings vs;
  vs.items = NULL;
  read_shardings(st, op, &vs);
  uint64_t epoch = sharc_context_ir_epoch(st->ctx);
  bool ok = all_reduce_unreduced_operands(st, op, &vs);
  if (ok) {
    if (sharc_context_ir_epoch(st->ctx) != epoch)
      read_shardings(st, op, &vs); /* an operand is an all-reduce now */
    bypass_barriers(st, op, &vs);
    ok = reshard_by_rule(st, op, full_version, vs.items);
  }
  free_shardings(&vs);
  return ok;
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  insert_state *st = user;
  if (visit_op(st, op))
    return SHARC_WALK_ADVANCE;
  st->failed = st->stop = true;
  return SHARC_WALK_INTERRUPT;
}

/* Function arguments and results may not live on a single device. */
static bool verify_no_single_device_io(insert_state *st) {
  sharc_op *func = st->func;
  unsigned n_args = sharc_func_num_args(func); /* read once: a model has many */
  for (unsigned i = 0; i < n_args; i++)
    if (single_device(st, sharc_sdy_func_arg_sharding(func, i), func)) {
      sharc_emit_op_error(func,
                          "function argument %u cannot have a single-device (maximal) sharding "
                          "attribute",
                          i);
      return false;
    }
  for (unsigned i = 0; i < sharc_func_num_results(func); i++)
    if (sharc_sdy_is_single_device_sharding(sharc_sdy_func_result_sharding(func, i), func)) {
      sharc_emit_op_error(func,
                          "function result %u cannot have a single-device (maximal) sharding "
                          "attribute",
                          i);
      return false;
    }
  return true;
}

/* Named apart from other passes' `run` so that profiles tell them apart. */
static bool run_insert_explicit_reshards(sharc_op *func, const void *opts, sharc_pass_run *run) {
  insert_state st = {.opts = opts, .ctx = sharc_op_context(func), .func = func,
                     .seen_epoch = UINT64_MAX /* nothing known yet */};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.ragged_dot = sharc_ident_get(st.ctx, SHARC_STR("mhlo.ragged_dot"));
  if (!sharc_op_isa(func, &sharc_func_func_def))
    return true;
  if (!verify_no_single_device_io(&st)) {
    sharc_ptrmap_free(&st.single);
    return false;
  }
  st.rules = sharc_rule_cache_create();
  sharc_walk(func, SHARC_POST_ORDER, visit, &st);
  sharc_word_memo_free(&st.settled);
  sharc_rule_cache_destroy(st.rules);
  sharc_ptrmap_free(&st.single);
  if (st.stop)
    return false;
  sharc_block *body = sharc_func_body(func);
  sharc_op *ret = body ? sharc_block_terminator(body) : NULL;
  if (ret && !reshard_func_return(&st, ret))
    return false;
  return !st.failed;
}

const sharc_pass_def sharc_pass_sdy_insert_explicit_reshards = {
    .flag = "sdy-insert-explicit-reshards",
    .display_name = "InsertExplicitReshardsPass",
    .summary = "Inserts explicit reshards to make all operations have compatible shardings.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(insert_options),
    .tools = SHARC_TOOL_ANY,
    .run = run_insert_explicit_reshards,
};

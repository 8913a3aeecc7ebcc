/* Reading and writing shardings wherever Shardy keeps them; see utils.h. */
#include "dialect/sdy/utils.h"

#include "dialect/func/func.h"
#include "dialect/sdy/attrs_internal.h"
#include "dialect/sdy/axes.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/static_names.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <math.h>
#include <stdlib.h>

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* ---- types ------------------------------------------------------------------ */

unsigned sharc_sdy_tensor_rank(const sharc_type *t) {
  return sharc_type_is_shaped(t) && sharc_type_has_rank(t) ? sharc_type_rank(t) : 0;
}

bool sharc_sdy_is_scalar(const sharc_value *v) {
  const sharc_type *t = sharc_value_type(v);
  return sharc_type_is_shaped(t) && sharc_type_has_rank(t) && sharc_type_rank(t) == 0;
}

/* ---- building shardings ------------------------------------------------------- */

sharc_attr *sharc_sdy_sharding_fully_open(sharc_context *ctx, sharc_attr *mesh_or_ref,
                                          unsigned rank, bool closed) {
  sharc_attr *empty = sharc_sdy_dim_sharding_get(ctx, NULL, 0, closed, -1);
  /* tensors of rank up to 16 (all but exotic ones) need no heap array */
  sharc_attr *stack[16];
  sharc_attr **dims = rank <= 16 ? stack : sharc_xmalloc_array(rank, sizeof *dims);
  for (unsigned i = 0; i < rank; i++)
    dims[i] = empty;
  sharc_sdy_tensor_sharding_parts parts = {
      .mesh_or_ref = mesh_or_ref, .dims = dims, .num_dims = rank};
  sharc_attr *s = sharc_sdy_tensor_sharding_get(ctx, &parts);
  if (dims != stack)
    free(dims);
  return s;
}

sharc_attr *sharc_sdy_sharding_fully_closed_like(sharc_context *ctx, const sharc_attr *sharding) {
  return sharc_sdy_sharding_fully_open(ctx, sharc_sdy_tensor_sharding_mesh_or_ref(sharding),
                                       sharc_sdy_tensor_sharding_rank(sharding), true);
}

bool sharc_sdy_sharding_is_fully_closed(const sharc_attr *sharding) {
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_rank(sharding); i++)
    if (!sharc_sdy_dim_sharding_is_closed(sharc_sdy_tensor_sharding_dim(sharding, i)))
      return false;
  return true;
}

sharc_attr *sharc_sdy_shardings_for_values(sharc_context *ctx, sharc_value *const *values,
                                           unsigned n, sharc_attr *mesh_or_ref, bool closed) {
  attr_vec items = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&items, sharc_sdy_sharding_fully_open(
                               ctx, mesh_or_ref, sharc_sdy_tensor_rank(sharc_value_type(values[i])),
                               closed));
  sharc_attr *list = sharc_sdy_sharding_per_value_get(ctx, items.items, n);
  sharc_vec_free(&items);
  return list;
}

sharc_attr *sharc_sdy_mesh_ref(sharc_context *ctx, sharc_str name) {
  return sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, name), NULL, 0);
}

sharc_op *sharc_sdy_mesh_op_create(sharc_context *ctx, sharc_str name, sharc_attr *mesh,
                                   sharc_attr *loc) {
  sharc_named_attr attrs[2] = {
      {sharc_ident_get(ctx, SHARC_STR("mesh")), mesh},
      {sharc_ident_get(ctx, SHARC_STR("sym_name")), sharc_attr_string(ctx, name)},
  };
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.mesh")),
                          .loc = loc,
                          .attrs = sharc_attr_dictionary(ctx, attrs, 2)};
  return sharc_op_create(ctx, &state);
}

/* ---- per-op lists ------------------------------------------------------------------ */

sharc_attr *sharc_sdy_op_sharding_per_value(const sharc_op *op) {
  sharc_attr *s = sharc_op_attr_static(op, SHARC_SDY_SHARDING_ATTR);
  return s && sharc_sdy_is_sharding_per_value(s) ? s : NULL;
}

sharc_attr *sharc_sdy_sharding_per_value_at(const sharc_attr *list, unsigned index) {
  if (!list || !sharc_sdy_is_sharding_per_value(list) || index >= sdy_per_value_size(list))
    return NULL;
  return sdy_per_value_at(list, index);
}

sharc_attr *sharc_sdy_sharding_per_value_replace(sharc_op *op, const sharc_attr *list,
                                                 unsigned count, unsigned index,
                                                 sharc_attr *sharding) {
  sharc_context *ctx = sharc_op_context(op);
  if (count == 1 && index == 0 && sharding) /* most ops have one result */
    return sharc_sdy_sharding_per_value_get(ctx, &sharding, 1);
  /* one entry per result: most ops have a handful (no heap then) */
  sharc_attr *stack[8];
  sharc_attr **items = count <= 8 ? stack : sharc_xmalloc_array(count, sizeof *items);
  for (unsigned i = 0; i < count; i++) {
    /* the replaced entry needs no default (building one interns a sharding) */
    sharc_attr *old = i == index ? sharding : sharc_sdy_sharding_per_value_at(list, i);
    if (!old) {
      /* only results get default shardings this way; their ranks are known */
      unsigned rank = i < sharc_op_num_results(op)
                          ? sharc_sdy_tensor_rank(sharc_value_type(sharc_op_result(op, i)))
                          : 0;
      old = sharc_sdy_sharding_fully_open(ctx, sharc_sdy_tensor_sharding_mesh_or_ref(sharding),
                                          rank, false);
    }
    items[i] = old;
  }
  sharc_attr *out = sharc_sdy_sharding_per_value_get(ctx, items, count);
  if (items != stack)
    free(items);
  return out;
}

void sharc_sdy_replace_sharding_at_index(sharc_op *op, unsigned index, sharc_attr *sharding) {
  /* the one sharding of a one-result op replaces the list: no need to read it */
  bool whole = sharc_op_num_results(op) == 1 && index == 0 && sharding;
  sharc_attr *list = whole ? NULL : sharc_sdy_op_sharding_per_value(op);
  sharc_op_set_attr_static(op, SHARC_SDY_SHARDING_ATTR,
                    sharc_sdy_sharding_per_value_replace(op, list, sharc_op_num_results(op), index,
                                                         sharding));
}

void sharc_sdy_set_op_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  if (n == 0)
    return;
  sharc_op_set_attr_static(op, SHARC_SDY_SHARDING_ATTR,
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

/* ---- one value's sharding ------------------------------------------------------------ */

bool sharc_sdy_is_collective(const sharc_op *op) {
  static const sharc_op_def *const collectives[] = {
      &sharc_sdy_all_gather_def,         &sharc_sdy_all_slice_def,
      &sharc_sdy_all_reduce_def,         &sharc_sdy_all_to_all_def,
      &sharc_sdy_collective_permute_def, &sharc_sdy_reduce_scatter_def,
      &sharc_sdy_sharded_to_unreduced_def, &sharc_sdy_replicated_to_unreduced_def,
  };
  const sharc_op_def *def = sharc_op_get_def(op);
  for (size_t i = 0; def && i < sizeof collectives / sizeof collectives[0]; i++)
    if (def == collectives[i])
      return true;
  return false;
}

sharc_value *sharc_sdy_shardable_value(sharc_value *v) {
  /* the common case: a result of an op without data flow edges is no
   * edge's target, and its own shardable value */
  if (v->vkind == SHARC_VALUE_RESULT) {
    const sharc_op_def *def = sharc_op_def_of(sharc_value_op_of(v));
    if (!def || !def->data_flow)
      return v;
  }
  sharc_op *edge = sharc_sdy_data_flow_edge_of_target(v);
  if (edge)
    return sharc_op_result(edge, 0);
  if (!sharc_value_is_block_arg(v))
    return v;
  sharc_op *owner = sharc_sdy_owning_op(v);
  if (owner && sharc_op_isa(owner, &sharc_func_func_def))
    return v;
  if (owner && sharc_sdy_data_flow(owner))
    return sharc_sdy_owner_from_target(owner, v);
  /* the wrapped collective's argument stands for the async op's operand,
   * which holds the sharding (Shardy's getShardableValue) */
  if (owner && sharc_op_isa(owner, SHARC_SHLO(async_start)) &&
      sharc_value_index_of(v) < sharc_op_num_operands(owner))
    return sharc_op_operand(owner, sharc_value_index_of(v));
  return NULL;
}

sharc_attr *sharc_sdy_get_sharding(sharc_value *v) {
  /* the common case, asked for every operand and result at every
   * propagation step: the result of an op without data flow edges is its
   * own shardable value, its sharding held by the op */
  if (sharc_sdy_sharding_in_result_list(v))
    return sharc_sdy_result_sharding_in_list(sharc_value_op_of(v), sharc_value_index_of(v));
  if (v->vkind == SHARC_VALUE_RESULT) {
    /* an sdy op's result (their shardings are held elsewhere) */
    if (!sharc_op_def_of(sharc_value_op_of(v))->data_flow)
      return sharc_sdy_value_sharding(v);
  } else if (v->vkind == SHARC_VALUE_ARG) {
    /* a function's argument: no data flow op owns it, so no edge targets
     * it; its sharding is in the function's argument attributes */
    sharc_op *owner = sharc_block_parent_op(sharc_value_block_of(v));
    if (owner && sharc_op_def_of(owner) == &sharc_func_func_def)
      return sharc_sdy_func_arg_sharding(owner, sharc_value_index_of(v));
  }
  v = sharc_sdy_shardable_value(v);
  if (!v)
    return NULL;
  sharc_op *owner = sharc_sdy_owning_op(v);
  if (owner && !sharc_op_isa(owner, &sharc_sdy_data_flow_edge_def) && sharc_sdy_data_flow(owner)) {
    sharc_attr *s = sharc_sdy_owner_sharding(owner, v);
    return s && sharc_sdy_is_tensor_sharding(s) ? s : NULL;
  }
  return sharc_sdy_value_sharding(v);
}

sharc_attr *sharc_sdy_get_sharding_bypassing_barriers(sharc_value *v) {
  for (sharc_op *def = sharc_value_defining_op(v);
       def && sharc_op_isa(def, &sharc_sdy_propagation_barrier_def);
       def = sharc_value_defining_op(v))
    v = sharc_op_operand(def, 0);
  return sharc_sdy_get_sharding(v);
}

sharc_attr *sharc_sdy_get_or_create_sharding(sharc_value *v, sharc_attr *mesh_or_ref,
                                             bool closed_if_missing) {
  sharc_attr *s = sharc_sdy_get_sharding(v);
  if (s)
    return s;
  return sharc_sdy_sharding_fully_open(sharc_op_context(sharc_sdy_owning_op(v)), mesh_or_ref,
                                       sharc_sdy_tensor_rank(sharc_value_type(v)),
                                       closed_if_missing);
}

void sharc_sdy_set_sharding(sharc_value *v, sharc_attr *sharding) {
  /* the common case, as in sharc_sdy_get_sharding: a result of an op
   * without data flow edges, outside the sdy dialect (whose ops hold
   * their shardings elsewhere), is its own shardable value, its sharding
   * held in the op's list */
  if (sharc_sdy_sharding_in_result_list(v)) {
    sharc_sdy_replace_sharding_at_index(sharc_value_op_of(v), sharc_value_index_of(v), sharding);
    return;
  }
  v = sharc_sdy_shardable_value(v);
  if (!v)
    return;
  sharc_op *owner = sharc_sdy_owning_op(v);
  if (sharc_value_is_block_arg(v) && sharc_op_isa(owner, &sharc_func_func_def)) {
    sharc_func_set_arg_attr(owner, sharc_value_index(v), SHARC_SDY_SHARDING_ATTR, sharding);
  } else if (sharc_op_isa(owner, &sharc_sdy_data_flow_edge_def) ||
             sharc_op_isa(owner, &sharc_sdy_sharding_constraint_def) ||
             sharc_op_isa(owner, &sharc_sdy_reshard_def)) {
    sharc_op_set_attr(owner, "sharding", sharding);
  } else if (sharc_sdy_is_collective(owner)) {
    sharc_op_set_attr(owner, "out_sharding", sharding);
  } else if (sharc_sdy_data_flow(owner)) {
    sharc_sdy_set_owner_sharding(owner, v, sharding);
  } else {
    sharc_sdy_replace_sharding_at_index(owner, sharc_value_index(v), sharding);
  }
}

bool sharc_sdy_shardings_from_data_flow_edges(sharc_value *const *owners, unsigned n,
                                              sharc_attr **out) {
  sharc_attr *mesh_name = NULL;
  for (unsigned i = 0; i < n && !mesh_name; i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(owners[i]);
    sharc_attr *s = edge ? sharc_op_attr(edge, "sharding") : NULL;
    if (s && sharc_sdy_is_tensor_sharding(s) && sharc_sdy_tensor_sharding_mesh_name(s).len)
      mesh_name = sharc_sdy_tensor_sharding_mesh_or_ref(s);
  }
  if (!mesh_name)
    return false;
  for (unsigned i = 0; i < n; i++) {
    sharc_op *edge = sharc_sdy_data_flow_edge_of_target(owners[i]);
    sharc_attr *s = edge ? sharc_op_attr(edge, "sharding") : NULL;
    if (s && !sharc_sdy_is_tensor_sharding(s))
      s = NULL;
    out[i] = s ? s
               : sharc_sdy_sharding_fully_open(sharc_op_context(sharc_sdy_owning_op(owners[i])),
                                               mesh_name,
                                               sharc_sdy_tensor_rank(sharc_value_type(owners[i])),
                                               false);
  }
  return true;
}

/* ---- functions -------------------------------------------------------------------------- */

static sharc_attr *as_sharding(sharc_attr *a) {
  return a && sharc_sdy_is_tensor_sharding(a) ? a : NULL;
}

sharc_attr *sharc_sdy_func_result_sharding(const sharc_op *func, unsigned i) {
  return as_sharding(sharc_func_result_attr(func, i, SHARC_SDY_SHARDING_ATTR));
}

/* The few (dictionary, type) pairs seen so far and their mapped
 * dictionaries: the map is a function of the two, and a model's thousands of
 * arguments share a handful (a dictionary holds the sharding). */
enum { SHARDING_MAP_MEMO = 16 };

typedef struct sharding_map_memo {
  const sharc_attr *dict;
  const sharc_type *type;
  sharc_attr *mapped;
} sharding_map_memo;

typedef struct sharding_map_state {
  bool results;
  sharc_type *func_type; /* read once: the map changes no function */
  sharc_sdy_sharding_map map;
  void *user;
  sharding_map_memo memo[SHARDING_MAP_MEMO];
  unsigned n_memo;
} sharding_map_state;

static sharc_attr *map_dict_uncached(sharc_op *func, unsigned i, sharc_attr *dict,
                                     sharc_type *type, const sharding_map_state *st) {
  sharc_attr *s =
      st->results ? sharc_sdy_func_result_sharding(func, i) : sharc_sdy_func_arg_sharding(func, i);
  if (!s)
    return dict;
  sharc_attr *mapped = st->map(s, type, st->user);
  /* the same sharding again leaves the dictionary as it was */
  if (mapped == s)
    return dict;
  return sharc_func_dict_with(sharc_op_context(func), dict, SHARC_SDY_SHARDING_ATTR, mapped);
}

static sharc_attr *map_sharding_in_dict(sharc_op *func, unsigned i, sharc_attr *dict, void *user) {
  sharding_map_state *st = user;
  sharc_type *ft = st->func_type;
  sharc_type *type = st->results ? sharc_type_func_result(ft, i) : sharc_type_func_input(ft, i);
  for (unsigned k = 0; k < st->n_memo; k++)
    if (st->memo[k].dict == dict && st->memo[k].type == type)
      return st->memo[k].mapped;
  sharc_attr *mapped = map_dict_uncached(func, i, dict, type, st);
  if (st->n_memo < SHARDING_MAP_MEMO)
    st->memo[st->n_memo++] = (sharding_map_memo){dict, type, mapped};
  return mapped;
}

void sharc_sdy_map_func_shardings(sharc_op *func, bool results, sharc_sdy_sharding_map map,
                                  void *user) {
  sharding_map_state st = {
      .results = results, .func_type = sharc_func_type(func), .map = map, .user = user};
  sharc_func_map_attr_dicts(func, results, true, map_sharding_in_dict, &st);
}

void sharc_sdy_set_func_arg_sharding(sharc_op *func, unsigned i, sharc_attr *sharding) {
  sharc_func_set_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR, sharding);
}

void sharc_sdy_set_func_result_sharding(sharc_op *func, unsigned i, sharc_attr *sharding) {
  sharc_func_set_result_attr(func, i, SHARC_SDY_SHARDING_ATTR, sharding);
}

typedef sharc_attr *(*func_sharding_fn)(const sharc_op *func, unsigned i);

/* Shardy's getFuncArgShardings / getFuncResultShardings. */
static sharc_attr *func_shardings(sharc_op *func, unsigned n, sharc_type *const *types,
                                  func_sharding_fn get) {
  sharc_attr *mesh_or_ref = NULL;
  for (unsigned i = 0; i < n && !mesh_or_ref; i++) {
    sharc_attr *s = get(func, i);
    sharc_attr *mesh = s ? sharc_sdy_sharding_mesh(s, func) : NULL;
    if (s && !(mesh && sharc_sdy_mesh_is_maximal(mesh)))
      mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(s);
  }
  if (!mesh_or_ref)
    return NULL;
  sharc_context *ctx = sharc_op_context(func);
  attr_vec items = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *s = get(func, i);
    sharc_vec_push(&items, s ? s
                             : sharc_sdy_sharding_fully_open(ctx, mesh_or_ref,
                                                             sharc_sdy_tensor_rank(types[i]),
                                                             false));
  }
  sharc_attr *list = sharc_sdy_sharding_per_value_get(ctx, items.items, n);
  sharc_vec_free(&items);
  return list;
}

sharc_attr *sharc_sdy_func_arg_shardings(sharc_op *func) {
  sharc_type *ft = sharc_func_type(func);
  return func_shardings(func, sharc_type_func_num_inputs(ft), sharc_type_func_inputs(ft),
                        sharc_sdy_func_arg_sharding);
}

sharc_attr *sharc_sdy_func_result_shardings(sharc_op *func) {
  sharc_type *ft = sharc_func_type(func);
  return func_shardings(func, sharc_type_func_num_results(ft), sharc_type_func_results(ft),
                        sharc_sdy_func_result_sharding);
}

sharc_str sharc_sdy_original_func_name(const sharc_op *func) {
  sharc_attr *name = sharc_op_attr(func, SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR);
  if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING)
    return sharc_attr_string_value(name);
  return sharc_op_symbol_name(func);
}

/* The sdy.reshard of `v` to `sharding`, at the rewriter's insertion point. */
static sharc_op *make_sdy_reshard(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                  sharc_attr *loc, void *user) {
  (void)user;
  sharc_context *ctx = rw->ctx;
  sharc_named_attr attr = {sharc_ident_get(ctx, SHARC_STR("sharding")), sharding};
  sharc_type *type = sharc_value_type(v);
  sharc_op_state st = {.name = sharc_ident_get(ctx, SHARC_STR("sdy.reshard")),
                       .loc = loc,
                       .operands = &v,
                       .num_operands = 1,
                       .result_types = &type,
                       .num_results = 1,
                       .attrs = sharc_attr_dictionary(ctx, &attr, 1)};
  return sharc_rw_create(rw, &st);
}

void sharc_sdy_insert_reshards_on_func_results(sharc_rewriter *rw, sharc_op *func,
                                               sharc_op *call) {
  sharc_sdy_insert_resharding_on_func_results(rw, func, call, make_sdy_reshard, NULL);
}

void sharc_sdy_insert_resharding_on_func_results(sharc_rewriter *rw, sharc_op *func,
                                                 sharc_op *call, sharc_sdy_reshard_fn make,
                                                 void *user) {
  sharc_context *ctx = sharc_op_context(call);
  sharc_attr *func_shardings = sharc_sdy_func_result_shardings(func);
  if (!func_shardings) {
    sharc_attr *call_shardings = sharc_sdy_op_sharding_per_value(call);
    if (!call_shardings)
      return;
    attr_vec closed = {0};
    for (unsigned i = 0; i < sharc_sdy_list_size(call_shardings); i++) {
      sharc_attr *s = sharc_sdy_list_at(call_shardings, i);
      sharc_vec_push(&closed, sharc_sdy_sharding_fully_closed_like(ctx, s));
    }
    func_shardings = sharc_sdy_sharding_per_value_get(ctx, closed.items, closed.len);
    sharc_vec_free(&closed);
  }
  unsigned n = sharc_op_num_results(call);
  for (unsigned i = 0; i < n && i < sharc_sdy_list_size(func_shardings); i++) {
    sharc_value *result = sharc_op_result(call, i);
    sharc_attr *func_sharding = sharc_sdy_list_at(func_shardings, i);
    sharc_attr *call_sharding = sharc_sdy_get_sharding(result);
    if (sharc_sdy_shardings_equivalent(func_sharding, call_sharding, false))
      continue;
    sharc_attr *target =
        call_sharding ? call_sharding : sharc_sdy_sharding_fully_closed_like(ctx, func_sharding);
    sharc_rw_set_after_value(rw, result);
    sharc_op *reshard = make(rw, result, target, sharc_op_loc(call), user);
    sharc_value *with = sharc_op_result(reshard, 0);
    for (sharc_use *u = sharc_value_first_use(result), *next; u; u = next) {
      next = sharc_use_next(u);
      if (sharc_use_owner(u) != reshard)
        sharc_rw_set_operand(rw, sharc_use_owner(u), sharc_use_operand_index(u), with);
    }
  }
  sharc_rw_set_attr(rw, call, SHARC_SDY_SHARDING_ATTR, func_shardings);
}

void sharc_sdy_insert_resharding_on_func_args(sharc_rewriter *rw, sharc_op *func, sharc_op *call,
                                              sharc_sdy_reshard_fn make, void *user) {
  sharc_attr *func_shardings = sharc_sdy_func_arg_shardings(func);
  if (!func_shardings)
    return;
  unsigned n = sharc_op_num_operands(call);
  for (unsigned i = 0; i < n && i < sharc_sdy_list_size(func_shardings); i++) {
    sharc_value *operand = sharc_op_operand(call, i);
    sharc_attr *func_sharding = sharc_sdy_list_at(func_shardings, i);
    if (sharc_sdy_shardings_equivalent(func_sharding, sharc_sdy_get_sharding(operand), false))
      continue;
    sharc_rw_set_before(rw, call);
    sharc_op *reshard = make(rw, operand, func_sharding, sharc_op_loc(call), user);
    sharc_rw_set_operand(rw, call, i, sharc_op_result(reshard, 0));
  }
}

/* ---- meshes -------------------------------------------------------------------------------- */

bool sharc_sdy_mesh_equals(const sharc_attr *a, const sharc_attr *b, bool ignore_device_ids) {
  if (a == b)
    return true;
  if (!a || !b || !ignore_device_ids)
    return false;
  return sharc_sdy_mesh_is_maximal(a) == sharc_sdy_mesh_is_maximal(b) &&
         sharc_sdy_mesh_same_axes(a, b);
}

/* A mesh's words: its axes (segment 0), then its device ids (segment 1). */
bool sharc_sdy_mesh_same_axes(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_attr_segs_equal(a, b, 0, 0);
}

bool sharc_sdy_mesh_same_device_ids(const sharc_attr *a, const sharc_attr *b) {
  return sharc_sdy_attr_segs_equal(a, b, 0, 1);
}

/* The mesh or reference every sharding names when they all name the same
 * one (the common case, and then the answer needs no mesh resolved); NULL
 * when they differ or there is none. */
static sharc_attr *single_mesh_or_ref(sharc_attr *const *shardings, unsigned n) {
  sharc_attr *mesh_or_ref = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!shardings[i])
      continue;
    sharc_attr *cur = sdy_sharding_mesh_or_ref(shardings[i]);
    if (mesh_or_ref && cur != mesh_or_ref)
      return NULL;
    mesh_or_ref = cur;
  }
  return mesh_or_ref;
}

sharc_attr *sharc_sdy_common_mesh_or_ref(sharc_attr *const *shardings, unsigned n, sharc_op *from,
                                         bool ignore_device_ids) {
  sharc_attr *single = single_mesh_or_ref(shardings, n);
  if (single)
    return single;
  sharc_attr *mesh_or_ref = NULL, *mesh = NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!shardings[i])
      continue;
    sharc_attr *other = sharc_sdy_sharding_mesh(shardings[i], from);
    if (!mesh || sharc_sdy_mesh_is_empty(mesh)) {
      mesh = other;
      mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(shardings[i]);
      continue;
    }
    if (!other || sharc_sdy_mesh_is_empty(other))
      continue;
    if (!sharc_sdy_mesh_equals(other, mesh, ignore_device_ids))
      return NULL;
    /* an iota mesh wins over one with explicit device ids */
    if (ignore_device_ids && sharc_sdy_mesh_num_device_ids(other) == 0) {
      mesh = other;
      mesh_or_ref = sharc_sdy_tensor_sharding_mesh_or_ref(shardings[i]);
    }
  }
  return mesh_or_ref;
}

sharc_attr *sharc_sdy_common_mesh(sharc_attr *const *shardings, unsigned n, sharc_op *from) {
  sharc_attr *mesh_or_ref = sharc_sdy_common_mesh_or_ref(shardings, n, from, false);
  return mesh_or_ref ? sharc_sdy_mesh_or_ref_mesh(mesh_or_ref, from) : NULL;
}

sharc_attr *sharc_sdy_inline_mesh(sharc_attr *sharding, sharc_op *from) {
  sharc_attr *ref = sharc_sdy_tensor_sharding_mesh_or_ref(sharding);
  if (sharc_attr_get_kind(ref) != SHARC_ATTR_SYMBOL_REF)
    return sharding;
  sharc_attr *mesh = sharc_sdy_mesh_or_ref_mesh(ref, from);
  if (!mesh)
    return sharding;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  parts.mesh_or_ref = mesh;
  return sharc_sdy_tensor_sharding_get(sharc_op_context(from), &parts);
}

bool sharc_sdy_is_single_device_sharding(const sharc_attr *sharding, sharc_op *from) {
  if (!sharding)
    return false;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, from);
  return mesh && sharc_sdy_mesh_is_maximal(mesh);
}

bool sharc_sdy_sharding_empty_axes(const sharc_attr *sharding) {
  if (sharc_sdy_tensor_sharding_num_replicated(sharding) ||
      sharc_sdy_tensor_sharding_num_unreduced(sharding))
    return false;
  return sharc_sdy_tensor_sharding_is_fully_replicated(sharding);
}

bool sharc_sdy_sharding_is_fully_replicated_and_open(const sharc_attr *sharding) {
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(sharding, d);
    if (sharc_sdy_dim_sharding_num_axes(dim) || sharc_sdy_dim_sharding_is_closed(dim))
      return false;
  }
  return true;
}

sharc_attr *sharc_sdy_value_loc(sharc_value *v) { return sharc_value_loc(v); }

/* A single-operand sdy op whose result has the operand's type, with the
 * named attributes of `names`/`values` (NULL values skipped). */
static sharc_op *create_unary_sdy_op(sharc_rewriter *rw, const char *name, sharc_value *v,
                                     sharc_attr *loc, const char *const *names,
                                     sharc_attr *const *values, unsigned n) {
  sharc_context *ctx = rw->ctx;
  sharc_named_attr attrs[4];
  unsigned k = 0;
  for (unsigned i = 0; i < n && k < 4; i++)
    if (values[i])
      attrs[k++] = (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(names[i])),
                                      values[i]};
  sharc_type *type = sharc_value_type(v);
  sharc_op_state st = {0};
  st.name = sharc_ident_get(ctx, sharc_str_from_cstr(name));
  st.loc = loc;
  st.operands = &v;
  st.num_operands = 1;
  st.result_types = &type;
  st.num_results = 1;
  st.attrs = sharc_attr_dictionary(ctx, attrs, k);
  return sharc_rw_create(rw, &st);
}

sharc_op *sharc_sdy_create_sharding_constraint(sharc_rewriter *rw, sharc_value *v,
                                               sharc_attr *sharding, sharc_attr *loc) {
  static const char *const names[] = {"sharding"};
  return create_unary_sdy_op(rw, "sdy.sharding_constraint", v, loc, names, &sharding, 1);
}

sharc_op *sharc_sdy_create_reshard(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                   sharc_attr *loc) {
  static const char *const names[] = {"sharding"};
  return create_unary_sdy_op(rw, "sdy.reshard", v, loc, names, &sharding, 1);
}

sharc_op *sharc_sdy_create_all_reduce(sharc_rewriter *rw, sharc_value *v,
                                      sharc_attr *const *axes, unsigned n,
                                      sharc_sdy_reduction_op reduction,
                                      sharc_attr *out_sharding, sharc_attr *loc) {
  static const char *const names[] = {"out_sharding", "reduction_axes", "reduction_op"};
  sharc_attr *values[] = {out_sharding, sharc_sdy_axis_ref_list_get(rw->ctx, axes, n),
                          sharc_sdy_enum_attr(rw->ctx, (int)reduction)};
  return create_unary_sdy_op(rw, "sdy.all_reduce", v, loc, names, values, 3);
}

sharc_op *sharc_sdy_create_replicated_to_unreduced(sharc_rewriter *rw, sharc_value *v,
                                                   sharc_attr *const *axes, unsigned n,
                                                   sharc_attr *out_sharding, sharc_attr *loc) {
  static const char *const names[] = {"axes", "out_sharding"};
  sharc_attr *values[] = {sharc_sdy_axis_ref_list_get(rw->ctx, axes, n), out_sharding};
  return create_unary_sdy_op(rw, "sdy.replicated_to_unreduced", v, loc, names, values, 2);
}

sharc_op *sharc_sdy_create_sharded_to_unreduced(sharc_rewriter *rw, sharc_value *v,
                                                sharc_attr *axes_per_dim,
                                                sharc_attr *out_sharding, sharc_attr *loc) {
  static const char *const names[] = {"axes", "out_sharding"};
  sharc_attr *values[] = {axes_per_dim, out_sharding};
  return create_unary_sdy_op(rw, "sdy.sharded_to_unreduced", v, loc, names, values, 2);
}

/* ---- reshapes ------------------------------------------------------------------ */

/* One axis of a sharding and where it cuts the row-major data of a type
 * (Shardy's AxisStrideInfo). */
typedef struct axis_stride {
  sharc_attr *axis;
  double stride;
  int64_t prefix_size; /* elements before the axis's first cut */
  int64_t dim_size;
} axis_stride;

typedef SHARC_VEC(axis_stride) axis_stride_vec;

static int64_t dims_product(const sharc_type *t, unsigned end) {
  int64_t size = 1;
  for (unsigned d = 0; d < end; d++)
    size *= sharc_type_shape(t)[d];
  return size;
}

/* Whether `cur` (sitting right below `back`'s axis in the mesh axis) joins
 * `back` into one ref. */
static bool joins(const axis_stride *back, const axis_stride *cur, const sharc_attr *mesh,
                  bool allow_non_divisible) {
  sharc_attr *prev = back->axis;
  if (!sharc_str_eq(sharc_sdy_axis_ref_name(prev), sharc_sdy_axis_ref_name(cur->axis)) ||
      sharc_sdy_axis_next_pre_size(cur->axis, mesh) != sharc_sdy_axis_pre_size(prev))
    return false;
  if (allow_non_divisible)
    return back->prefix_size == cur->prefix_size ||
           (back->prefix_size == cur->prefix_size * cur->dim_size &&
            sharc_sdy_axis_ref_size(cur->axis, mesh) == cur->dim_size);
  return fabs(cur->stride - back->stride * (double)sharc_sdy_axis_ref_size(prev, mesh)) < 1e-6;
}

/* getAxisStrides: every axis of `s` with the stride it shards `t` at,
 * sorted by stride (stably), consecutive pieces of one axis merged. */
static void axis_strides(sharc_context *ctx, const sharc_attr *s, const sharc_type *t,
                         const sharc_attr *mesh, bool allow_non_divisible, axis_stride_vec *out) {
  unsigned rank = sharc_type_rank(t);
  double cumulative = 1.0;
  for (unsigned i = rank; i-- > 0;) {
    sharc_attr *dim = sharc_sdy_tensor_sharding_dim(s, i);
    unsigned k = sharc_sdy_dim_sharding_num_axes(dim);
    int64_t total = sharc_sdy_dim_sharding_sharded_size(dim, mesh), size = sharc_type_shape(t)[i];
    double per_shard = allow_non_divisible
                           ? (double)size / (double)total
                           : (double)(total ? size / total + (size % total != 0) : 0);
    double stride = cumulative * per_shard;
    int64_t base_prefix = dims_product(t, i), preceding = total;
    for (unsigned j = k; j-- > 0;) {
      sharc_attr *axis = sharc_sdy_dim_sharding_axis(dim, j);
      int64_t axis_size = sharc_sdy_axis_ref_size(axis, mesh);
      preceding = axis_size ? preceding / axis_size : 0;
      sharc_vec_push(out, ((axis_stride){axis, stride, base_prefix * preceding, size}));
      stride *= (double)axis_size;
    }
    cumulative *= (double)size;
  }
  axis_stride *v = out->items;
  unsigned n = out->len;
  /* stable insertion sort by stride: a handful of axes */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && v[j].stride < v[j - 1].stride; j--) {
      axis_stride tmp = v[j];
      v[j] = v[j - 1];
      v[j - 1] = tmp;
    }
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    if (m && joins(&v[m - 1], &v[i], mesh, allow_non_divisible)) {
      axis_stride *back = &v[m - 1];
      back->axis = sharc_sdy_axis_merge(ctx, v[i].axis, back->axis, mesh);
      if (v[i].prefix_size < back->prefix_size)
        back->prefix_size = v[i].prefix_size;
      continue;
    }
    v[m++] = v[i];
  }
  out->len = m;
}

static bool same_replicated(const sharc_attr *a, const sharc_attr *b) {
  sharc_sdy_tensor_sharding_parts pa, pb;
  sharc_sdy_tensor_sharding_parts_of(a, &pa);
  sharc_sdy_tensor_sharding_parts_of(b, &pb);
  return sharc_sdy_axes_equal(pa.replicated, pa.num_replicated, pb.replicated, pb.num_replicated);
}

static bool plain_ranked(const sharc_type *t, unsigned rank) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR && !sharc_type_encoding(t) &&
         sharc_type_rank(t) == rank;
}

bool sharc_sdy_is_sharding_equivalent_across_reshapes(const sharc_attr *s1, const sharc_type *t1,
                                                      const sharc_attr *s2, const sharc_type *t2,
                                                      sharc_op *op, bool allow_non_divisible) {
  if (s1 == s2 && t1 == t2)
    return true;
  if (!s1 || !s2 ||
      !sharc_str_eq(sharc_sdy_tensor_sharding_mesh_name(s1),
                    sharc_sdy_tensor_sharding_mesh_name(s2)) ||
      !same_replicated(s1, s2) || !plain_ranked(t1, sharc_sdy_tensor_sharding_rank(s1)) ||
      !plain_ranked(t2, sharc_sdy_tensor_sharding_rank(s2)))
    return false;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(s1, op);
  if (!mesh)
    return false;
  sharc_context *ctx = sharc_op_context(op);
  axis_stride_vec a = {0}, b = {0};
  axis_strides(ctx, s1, t1, mesh, allow_non_divisible, &a);
  axis_strides(ctx, s2, t2, mesh, allow_non_divisible, &b);
  bool same = a.len == b.len;
  for (unsigned i = 0; same && i < a.len; i++)
    same = a.items[i].axis == b.items[i].axis &&
           (allow_non_divisible ? a.items[i].prefix_size == b.items[i].prefix_size
                                : fabs(a.items[i].stride - b.items[i].stride) < 1e-6);
  sharc_vec_free(&a);
  sharc_vec_free(&b);
  return same;
}

sharc_op *sharc_sdy_scatter_reduction_op(sharc_op *op, unsigned num_inputs) {
  if (sharc_op_num_regions(op) < 1)
    return NULL;
  sharc_block *block = sharc_region_first_block(sharc_op_region(op, 0));
  if (!block || sharc_block_num_args(block) != 2 * num_inputs)
    return NULL;
  sharc_op *ret = sharc_block_last_op(block);
  if (!ret || !sharc_op_isa(ret, SHARC_SHLO(return)) || sharc_op_num_operands(ret) != num_inputs)
    return NULL;
  const sharc_op_def *const kinds[] = {SHARC_SHLO(add), SHARC_SHLO(multiply), SHARC_SHLO(maximum),
                                       SHARC_SHLO(minimum)};
  sharc_op *common = NULL;
  for (unsigned i = 0; i < num_inputs; i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    sharc_op *cur = sharc_value_defining_op(v);
    if (!cur || sharc_op_num_operands(cur) != 2)
      return NULL;
    const sharc_type *t = sharc_value_type(v);
    if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR)
      return NULL;
    bool logical = sharc_type_is_integer(sharc_type_element(t), 1) &&
                   (sharc_op_isa(cur, SHARC_SHLO(and)) || sharc_op_isa(cur, SHARC_SHLO(or)));
    bool known = logical;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
      known |= sharc_op_isa(cur, kinds[k]);
    if (!known)
      return NULL;
    if (!common)
      common = cur;
    else if (sharc_op_name(common) != sharc_op_name(cur))
      return NULL;
    sharc_value *l = sharc_op_operand(cur, 0), *r = sharc_op_operand(cur, 1);
    sharc_value *old_v = sharc_block_arg(block, i), *new_v = sharc_block_arg(block, i + num_inputs);
    if (!((l == old_v && r == new_v) || (l == new_v && r == old_v)))
      return NULL;
  }
  return common;
}

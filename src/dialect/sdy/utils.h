/* Reading and writing shardings, as Shardy's sdy/ir/utils.h does for every
 * pass: the sharding of any value (function argument, op result, data flow
 * edge, region-op block argument), per-op sharding lists, function argument
 * and result shardings, fully open / closed shardings, common meshes and
 * inlined meshes. */
#ifndef SHARC_DIALECT_SDY_UTILS_H
#define SHARC_DIALECT_SDY_UTILS_H

#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "sharc/sdy.h"
#include "support/ptrmap.h"

/* The attribute names Shardy stores shardings under. */
#define SHARC_SDY_SHARDING_ATTR "sdy.sharding"
#define SHARC_SDY_ORIGINAL_FUNC_NAME_ATTR "sdy.original_func_name"

/* ---- types ----------------------------------------------------------------- */
/* Rank of a shaped type (0 for anything else), as Shardy's getTensorRank. */
unsigned sharc_sdy_tensor_rank(const sharc_type *t);
/* A value of a ranked shaped type of rank 0 (Shardy's isScalar: a token or
 * an unranked tensor is not a scalar). */
bool sharc_sdy_is_scalar(const sharc_value *v);

/* ---- one value's sharding ---------------------------------------------------- */
/* The value whose sharding stands for `v`: the result of the data flow edge
 * `v` belongs to, the owner of a region op's edge, or `v` itself; NULL for a
 * block argument nothing can shard (getShardableValue). */
sharc_value *sharc_sdy_shardable_value(sharc_value *v);
/* Whether `v` is a result of an op outside the sdy dialect without data
 * flow edges (most values): its own shardable value, its sharding entry
 * `index` of the op's `sdy.sharding` list (sharc_sdy_result_sharding_in_list).
 * Inline: propagation asks it for every operand and result it reads. */
static inline bool sharc_sdy_sharding_in_result_list(const sharc_value *v) {
  if (v->vkind != SHARC_VALUE_RESULT)
    return false;
  const sharc_op_def *def = sharc_op_def_of(sharc_value_op_of(v));
  return !def || (!def->data_flow && def->dialect != &sharc_sdy_dialect);
}
/* The `sdy.sharding` list (a TensorShardingPerValueAttr) of an op whose
 * attribute dictionary is `dict`, or NULL. Dictionaries are uniqued and
 * never change, so a caller reading many values may remember the list per
 * dictionary (propagation does). */
sharc_attr *sharc_sdy_sharding_list_in_dict(sharc_context *ctx, const sharc_attr *dict);
/* The number of entries of such a list (0 without one). */
static inline unsigned sharc_sdy_sharding_list_size(const sharc_attr *list) {
  return list ? list->params.n : 0;
}
/* Entry `index` of such a list: NULL without a list or past its end. */
static inline sharc_attr *sharc_sdy_sharding_list_at(const sharc_attr *list, unsigned index) {
  return list && index < list->params.n ? (sharc_attr *)list->params.words[index] : NULL;
}
/* One slot of a caller's direct-mapped table of `sdy.sharding` lists by
 * attribute dictionary (sharc_sdy_cached_sharding_list); zeroed, a slot
 * holds the NULL dictionary, whose list is none. */
typedef struct sharc_sdy_list_slot {
  const sharc_attr *dict;
  sharc_attr *list;
} sharc_sdy_list_slot;
/* sharc_sdy_sharding_list_in_dict of `op`'s dictionary, remembered in
 * `slots` (1 << `log2` of them). Dictionaries are uniqued and never
 * change (a write gives the op another one), so the table never goes
 * stale: a pass reading every operand's and result's sharding finds the
 * list with a compare, ops alike sharing their dictionary. */
static inline sharc_attr *sharc_sdy_cached_sharding_list(sharc_sdy_list_slot *slots,
                                                         unsigned log2, const sharc_op *op) {
  const sharc_attr *dict = op->attrs;
  sharc_sdy_list_slot *s = &slots[sharc_ptr_slot(dict, log2)];
  if (s->dict != dict) {
    s->dict = dict;
    s->list = sharc_sdy_sharding_list_in_dict(sharc_op_ctx_of(op), dict);
  }
  return s->list;
}
/* getSharding: NULL when the value has none. */
sharc_attr *sharc_sdy_get_sharding(sharc_value *v);
/* getShardingBypassingBarriers: through sdy.propagation_barrier inputs. */
sharc_attr *sharc_sdy_get_sharding_bypassing_barriers(sharc_value *v);
/* getOrCreateSharding: the sharding, or a fully open (closed) one on
 * `mesh_or_ref` of the value's rank. */
sharc_attr *sharc_sdy_get_or_create_sharding(sharc_value *v, sharc_attr *mesh_or_ref,
                                             bool closed_if_missing);
/* setSharding: where getSharding reads it (nothing for unshardable values). */
void sharc_sdy_set_sharding(sharc_value *v, sharc_attr *sharding);
/* getShardingsFromDataFlowEdges: the sharding of the sdy.data_flow_edge of
 * each of `n` edge owners into `out`, those without one fully open on the
 * first mesh name an edge sharding refers to; false (and `out` untouched)
 * when no edge sharding refers to a mesh by name. */
bool sharc_sdy_shardings_from_data_flow_edges(sharc_value *const *owners, unsigned n,
                                              sharc_attr **out);

/* ---- per-op lists ---------------------------------------------------------------- */
/* The op's `sdy.sharding` #sdy.sharding_per_value, or NULL. */
sharc_attr *sharc_sdy_op_sharding_per_value(const sharc_op *op);
/* Element `index` of a #sdy.sharding_per_value, or NULL. */
sharc_attr *sharc_sdy_sharding_per_value_at(const sharc_attr *list, unsigned index);
/* `list` (or, when NULL, `count` fully open shardings on the mesh of
 * `sharding`) with element `index` replaced. */
sharc_attr *sharc_sdy_sharding_per_value_replace(sharc_op *op, const sharc_attr *list,
                                                 unsigned count, unsigned index,
                                                 sharc_attr *sharding);
/* replaceShardingAtIndex: one result's sharding in the op's list. */
void sharc_sdy_replace_sharding_at_index(sharc_op *op, unsigned index, sharc_attr *sharding);
/* setShardings: `n` shardings as the op's list (nothing when n == 0). */
void sharc_sdy_set_op_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n);

/* ---- building shardings ------------------------------------------------------------ */
/* A sharding of `rank` open (or closed) empty dimensions on `mesh_or_ref`. */
sharc_attr *sharc_sdy_sharding_fully_open(sharc_context *ctx, sharc_attr *mesh_or_ref,
                                          unsigned rank, bool closed);
/* TensorShardingAttr::getFullyClosedLike: same mesh, rank and nothing else. */
sharc_attr *sharc_sdy_sharding_fully_closed_like(sharc_context *ctx, const sharc_attr *sharding);
/* TensorShardingAttr::isFullyClosed: every dimension sharding is closed. */
bool sharc_sdy_sharding_is_fully_closed(const sharc_attr *sharding);
/* One fully open (closed) sharding per value, as a #sdy.sharding_per_value. */
sharc_attr *sharc_sdy_shardings_for_values(sharc_context *ctx, sharc_value *const *values,
                                           unsigned n, sharc_attr *mesh_or_ref, bool closed);
/* TensorShardingAttr::emptyAxes: no axis in any dimension, no replicated
 * or unreduced axis. */
bool sharc_sdy_sharding_empty_axes(const sharc_attr *sharding);
/* TensorShardingAttr::isFullyReplicatedAndOpen: every dimension empty and
 * open. */
bool sharc_sdy_sharding_is_fully_replicated_and_open(const sharc_attr *sharding);
/* A flat symbol reference to mesh `name` (`@name`). */
sharc_attr *sharc_sdy_mesh_ref(sharc_context *ctx, sharc_str name);
/* A detached `sdy.mesh @name = mesh` op at `loc`, for the passes that add
 * mesh symbols (the caller inserts it). */
sharc_op *sharc_sdy_mesh_op_create(sharc_context *ctx, sharc_str name, sharc_attr *mesh,
                                   sharc_attr *loc);

/* ---- functions ------------------------------------------------------------------------ */
sharc_attr *sharc_sdy_func_arg_sharding(const sharc_op *func, unsigned i);
/* Its two steps, for a caller that remembers them (dictionaries are
 * uniqued and never change): the function's `arg_attrs` array (NULL:
 * none), and the sharding an argument's dictionary holds (NULL: none). */
sharc_attr *sharc_sdy_func_arg_attrs(const sharc_op *func);
sharc_attr *sharc_sdy_arg_dict_sharding(sharc_context *ctx, const sharc_attr *dict);
sharc_attr *sharc_sdy_func_result_sharding(const sharc_op *func, unsigned i);
void sharc_sdy_set_func_arg_sharding(sharc_op *func, unsigned i, sharc_attr *sharding);
/* Each argument's (with `results`, each result's) sharding replaced by
 * what `map` returns for it and the value's type, the dictionaries set at
 * once (always, as Shardy's passes that rewrite them all do). `map` must
 * be a function of its arguments: arguments with the same dictionary and
 * type are mapped once. */
typedef sharc_attr *(*sharc_sdy_sharding_map)(sharc_attr *sharding, sharc_type *type, void *user);
void sharc_sdy_map_func_shardings(sharc_op *func, bool results, sharc_sdy_sharding_map map,
                                  void *user);
void sharc_sdy_set_func_result_sharding(sharc_op *func, unsigned i, sharc_attr *sharding);
/* getFuncArgShardings / getFuncResultShardings: every argument's (result's)
 * sharding, missing ones fully open on the mesh of the first sharding that
 * is not on a maximal mesh; NULL when there is no such sharding. */
sharc_attr *sharc_sdy_func_arg_shardings(sharc_op *func);
sharc_attr *sharc_sdy_func_result_shardings(sharc_op *func);
/* getOriginalFuncName: `sdy.original_func_name`, else the symbol name. */
sharc_str sharc_sdy_original_func_name(const sharc_op *func);
/* insertReshardsOnFuncResults: a reshard after each result of `call` whose
 * sharding is not equivalent to the callee's result sharding (to the call
 * result's sharding, or fully closed when it has none), then the callee's
 * result shardings on the call. Nothing when neither the callee's results
 * (getFuncResultShardings) nor the call have shardings. */
void sharc_sdy_insert_reshards_on_func_results(sharc_rewriter *rw, sharc_op *func,
                                               sharc_op *call);
/* What resharding a value means to the caller: a new op at the rewriter's
 * insertion point taking `v` to `sharding` (sdy.reshard for Shardy, mhlo.copy
 * with an sdy.sharding for XLA). */
typedef sharc_op *(*sharc_sdy_reshard_fn)(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                          sharc_attr *loc, void *user);
/* The above with the resharding op `make` builds (given `user`). */
void sharc_sdy_insert_resharding_on_func_results(sharc_rewriter *rw, sharc_op *func,
                                                 sharc_op *call, sharc_sdy_reshard_fn make,
                                                 void *user);
/* insertReshardsOnFuncArguments: before `call`, each operand whose sharding
 * is not equivalent to the callee's argument sharding (getFuncArgShardings)
 * is resharded to it by `make`; nothing when the callee has none. */
void sharc_sdy_insert_resharding_on_func_args(sharc_rewriter *rw, sharc_op *func, sharc_op *call,
                                              sharc_sdy_reshard_fn make, void *user);


/* ---- meshes ---------------------------------------------------------------------------- */
/* getCommonMeshOrRef: the mesh (or reference) all non-NULL shardings share,
 * empty meshes aside; with `ignore_device_ids`, meshes equal up to device
 * ids count as one (the iota one preferred); NULL when they differ. */
sharc_attr *sharc_sdy_common_mesh_or_ref(sharc_attr *const *shardings, unsigned n, sharc_op *from,
                                         bool ignore_device_ids);
/* getCommonMesh: the mesh of the above, or NULL. */
sharc_attr *sharc_sdy_common_mesh(sharc_attr *const *shardings, unsigned n, sharc_op *from);
/* inlineMesh: the sharding with its `@mesh` reference replaced by the mesh. */
sharc_attr *sharc_sdy_inline_mesh(sharc_attr *sharding, sharc_op *from);
/* isSingleDeviceSharding: on a maximal mesh. */
bool sharc_sdy_is_single_device_sharding(const sharc_attr *sharding, sharc_op *from);
/* isShardingEquivalentAcrossReshapes: both shardings shard the same
 * linear ranges of the row-major data of types `t1` and `t2` (same mesh and
 * replicated axes, every axis at the same stride; with
 * `allow_non_divisible`, at the same prefix of the data instead, so that
 * padded shards count). */
bool sharc_sdy_is_sharding_equivalent_across_reshapes(const sharc_attr *s1, const sharc_type *t1,
                                                      const sharc_attr *s2, const sharc_type *t2,
                                                      sharc_op *op, bool allow_non_divisible);
/* Whether two meshes are equal, optionally ignoring device ids (but not
 * whether a mesh is maximal). */
bool sharc_sdy_mesh_equals(const sharc_attr *a, const sharc_attr *b, bool ignore_device_ids);
/* The same axes (names and sizes) in the same order. */
bool sharc_sdy_mesh_same_axes(const sharc_attr *a, const sharc_attr *b);
/* The same explicit device id lists (an empty list, the iota order, only
 * equals another empty one, as Shardy compares getDeviceIds()). */
bool sharc_sdy_mesh_same_device_ids(const sharc_attr *a, const sharc_attr *b);

/* ---- ops --------------------------------------------------------------------------------- */
/* Value::getLoc (sharc_value_loc, kept for the passes that name it). */
sharc_attr *sharc_sdy_value_loc(sharc_value *v);
/* Creates `sdy.sharding_constraint %v <sharding>` through `rw` at its
 * insertion point, located at `loc`. */
sharc_op *sharc_sdy_create_sharding_constraint(sharc_rewriter *rw, sharc_value *v,
                                               sharc_attr *sharding, sharc_attr *loc);
/* Creates `sdy.reshard %v <sharding>` the same way. */
sharc_op *sharc_sdy_create_reshard(sharc_rewriter *rw, sharc_value *v, sharc_attr *sharding,
                                   sharc_attr *loc);
/* The collectives Shardy's explicit reshards insert, as their builders make
 * them: `sdy.all_reduce` over `axes` (reduction_op always set),
 * `sdy.replicated_to_unreduced` of `axes` and `sdy.sharded_to_unreduced`
 * of `axes_per_dim` (a #sdy.list_of_axis_ref_lists), each with
 * `out_sharding`. */
sharc_op *sharc_sdy_create_all_reduce(sharc_rewriter *rw, sharc_value *v,
                                      sharc_attr *const *axes, unsigned n,
                                      sharc_sdy_reduction_op reduction,
                                      sharc_attr *out_sharding, sharc_attr *loc);
sharc_op *sharc_sdy_create_replicated_to_unreduced(sharc_rewriter *rw, sharc_value *v,
                                                   sharc_attr *const *axes, unsigned n,
                                                   sharc_attr *out_sharding, sharc_attr *loc);
sharc_op *sharc_sdy_create_sharded_to_unreduced(sharc_rewriter *rw, sharc_value *v,
                                                sharc_attr *axes_per_dim,
                                                sharc_attr *out_sharding, sharc_attr *loc);
/* One of the eight sdy collectives (CollectiveOpInterface). */
bool sharc_sdy_is_collective(const sharc_op *op);
/* getCommonSupportedReductionOp: the op of a scatter's update computation
 * when it is a plain sum/product/max/min (or and/or on i1) of the old and
 * new value per input, all of the same kind; NULL otherwise. */
sharc_op *sharc_sdy_scatter_reduction_op(sharc_op *op, unsigned num_inputs);

/* TensorShardingAttr::isEquivalent. */
bool sharc_sdy_shardings_equivalent(const sharc_attr *a, const sharc_attr *b, bool ignore_unreduced);
/* Whether two tensor shardings list the same unreduced axes, in order. */
bool sharc_sdy_same_unreduced(const sharc_attr *a, const sharc_attr *b);

#endif

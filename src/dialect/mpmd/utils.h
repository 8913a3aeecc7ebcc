/* What MPMD passes share about the mpmd dialect, as Shardy's mpmd/ir/utils
 * has it: mpmd and entry-point functions and their topologies, callees and
 * call sites, building assign/unassign/transfer/fragment ops, wrapping an op
 * in a fragment, chained transfers, the mesh order, reduction kinds and
 * memory kinds spelled in mesh names. */
#ifndef SHARC_DIALECT_MPMD_UTILS_H
#define SHARC_DIALECT_MPMD_UTILS_H

#include "dialect/mpmd/mpmd_ops.h"
#include "sharc/mpmd.h"
#include "sharc/rewrite.h"
#include "support/ptrmap.h"
#include "support/vec.h"

#define SHARC_MPMD_TOPOLOGY_ATTR "topology"
#define SHARC_MPMD_MESH_SHAPE_ATTR "mesh_shape"
#define SHARC_MPMD_MEMORY_KIND_ATTR "mhlo.memory_kind"
#define SHARC_MPMD_RESULT_INFO_ATTR "jax.result_info"
#define SHARC_MPMD_INFERRED_BY_ATTR "mpmd.inferred_by"
#define SHARC_MPMD_ARG_ATTRS "arg_attrs"

/* MLIR's Operation::emitError: an error at the op's location (no "'op'"
 * prefix, unlike sharc_emit_op_error). */
#define sharc_mpmd_error(op, ...)                                                                   \
  sharc_emit_op(op, SHARC_SEV_ERROR, __VA_ARGS__)

/* sdy::inDialect<MpmdDialect>: an op of the mpmd dialect. */
bool sharc_mpmd_in_dialect(const sharc_op *op);

/* Whether, in verified IR, every op holding regions below a function is an
 * mpmd op: no op of another kind with regions was ever created, the top
 * module is the only symbol table (a function's parent is one) and no
 * unregistered op is allowed. An op nested two or more deep in a function
 * then has an mpmd op for its parent; passes that act on ops by their
 * parent's kind look at the function's own ops alone. */
bool sharc_mpmd_regions_only_in_mpmd_ops(const sharc_context *ctx);

/* Whether, in verified IR, every op whose parent must be a function or an
 * mpmd.for (fragment, fragment call, transfer, assign, unassign) is an op
 * of a function's own blocks: no mpmd.for was ever created, the top module
 * is the only symbol table (a function's parent is one) and no
 * unregistered op is allowed. Passes looking for such ops then pass the
 * bodies of fragments and named computations over (most of a program). */
bool sharc_mpmd_func_parented_ops_at_top(const sharc_context *ctx);

/* Calls `fn` on each op of `def` among `func`'s own ops (not those nested
 * deeper), in order, the op after each taken before its visit, as a walk
 * of the function visits them; stops at SHARC_WALK_INTERRUPT. */
sharc_walk_result sharc_mpmd_for_each_own_op_isa(sharc_op *func, const sharc_op_def *def,
                                                 sharc_walk_fn fn, void *user);

/* ---- functions --------------------------------------------------------------- */
/* A function with a topology (IsMpmdFunction), with a mesh_shape
 * (IsSpmdFunction), either (IsDistributedFunction), and a public one of
 * those (IsEntryPointFunction). */
bool sharc_mpmd_is_mpmd_function(const sharc_op *func);
bool sharc_mpmd_is_distributed_function(const sharc_op *func);
bool sharc_mpmd_is_entry_point_function(const sharc_op *func);
/* The func.func ops directly in `module` that have a topology, in order. */
void sharc_mpmd_functions(sharc_op *module, sharc_ptr_vec *out);
/* Calls `fn` on every MPMD entry-point function of the module (in module
 * order), or on every other MPMD function, until it returns false; returns
 * whether every call returned true. The functions are collected first, so
 * `fn` may add or erase functions. */
typedef bool (*sharc_mpmd_func_fn)(sharc_op *func, void *user);
bool sharc_mpmd_for_each_entry_point(sharc_op *module, sharc_mpmd_func_fn fn, void *user);
bool sharc_mpmd_for_each_non_entry_point(sharc_op *module, sharc_mpmd_func_fn fn, void *user);
/* The function's topology attribute, or NULL. */
sharc_attr *sharc_mpmd_func_topology(const sharc_op *func);
/* The sdy mesh called `name` in the topology of `op`'s enclosing function,
 * or NULL (no message). */
sharc_attr *sharc_mpmd_lookup_mesh(sharc_op *op, sharc_str name);
/* (GetMeshAttr(op, name) with Shardy's errors is sharc_mpmd_mesh_for_name
 * in mpmd_internal.h.) */
/* The name of the topology mesh that sorts first (min by name). */
sharc_str sharc_mpmd_first_mesh_name(const sharc_attr *topology);
/* The function a mpmd.call calls, or NULL. */
sharc_op *sharc_mpmd_callee(sharc_op *call);
/* UpdateFunctionType: the type made of the entry block's argument types and
 * the terminator's operand types. */
void sharc_mpmd_update_function_type(sharc_op *func);
/* GetResultInfoLoc: NameLoc of the result's `jax.result_info`, or NULL. */
sharc_attr *sharc_mpmd_result_info_loc(sharc_op *func, unsigned index);

/* ---- call sites (GetCallOps) ---------------------------------------------------- */
/* The mpmd.call ops of a module, by callee, found as Shardy's GetCallOps
 * finds them (in the module, mpmd functions and mpmd.for bodies; calls
 * whose results are all unused left out), built once per pass. */
typedef struct sharc_mpmd_call_sites {
  sharc_ptrmap by_callee; /* callee sharc_ident * -> sharc_ptr_vec * of calls */
  sharc_ptr_vec lists;
} sharc_mpmd_call_sites;
void sharc_mpmd_call_sites_build(sharc_mpmd_call_sites *cs, sharc_op *module);
void sharc_mpmd_call_sites_free(sharc_mpmd_call_sites *cs);
/* The calls of `func` (count in `*n`), possibly none. */
sharc_op *const *sharc_mpmd_call_sites_of(const sharc_mpmd_call_sites *cs, const sharc_op *func,
                                          unsigned *n);

/* ---- values and types ------------------------------------------------------------- */
/* MLIR's Value::getLoc (sharc_value_loc, kept for the passes that name it). */
sharc_attr *sharc_mpmd_value_loc(const sharc_value *v);
/* A fully replicated mesh tensor of `local` (a ranked tensor) on `mesh`. */
sharc_type *sharc_mpmd_replicated(sharc_context *ctx, sharc_str mesh, sharc_type *local);
bool sharc_mpmd_is_ranked_tensor(const sharc_type *t);
/* The mesh name of a mesh tensor value's type. */
sharc_str sharc_mpmd_value_mesh(const sharc_value *v);
/* An inter-mesh (different meshes) / intra-mesh mpmd.transfer, or NULL. */
bool sharc_mpmd_is_inter_mesh_transfer(const sharc_op *op);
/* TryToExtractMemoryKindFromMeshName: "m#kind" -> "m" and "kind" (empty
 * kind: none). */
void sharc_mpmd_split_memory_kind(sharc_str name, sharc_str *mesh, sharc_str *kind);

/* ---- building ops ------------------------------------------------------------------- */
/* An assign's or unassign's attributes: {origin = `origin`} (an attribute
 * or NULL for none: then NULL, the empty dictionary). Built once, it serves
 * every op with that origin (map-named-ops makes thousands per name). */
sharc_attr *sharc_mpmd_origin_attrs(sharc_context *ctx, sharc_attr *origin);
/* mpmd.assign of `v` to `type` (a mesh tensor), with an origin or NULL. */
sharc_op *sharc_mpmd_create_assign(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                   sharc_type *type, const char *origin);
/* The same with the attributes sharc_mpmd_origin_attrs built. */
sharc_op *sharc_mpmd_create_assign_with(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                        sharc_type *type, sharc_attr *attrs);
/* mpmd.unassign of the mesh tensor `v`. */
sharc_op *sharc_mpmd_create_unassign(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                     const char *origin);
sharc_op *sharc_mpmd_create_unassign_with(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                          sharc_attr *attrs);
sharc_op *sharc_mpmd_create_transfer(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                     sharc_type *type);
/* mpmd.call of `callee` (a symbol reference) with these results. */
sharc_op *sharc_mpmd_create_call(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *args,
                                 unsigned n, sharc_type *const *results, unsigned n_results,
                                 sharc_attr *callee);
/* An mpmd.fragment with an empty region (origin: an array attribute,
 * stage_id NULL for none). */
sharc_op *sharc_mpmd_create_fragment(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *args,
                                     unsigned n, sharc_type *const *results, unsigned n_results,
                                     sharc_attr *origin, sharc_str mesh, sharc_attr *stage_id);
/* FragmentOp::createMeshFragmentWithGlobalBody's shell: a fragment without
 * origin whose block takes the global types of `args` (the type itself for
 * a non-mesh tensor), located at the args; the insertion point is left at
 * the block's start, for the caller to fill it and add mpmd.return. */
sharc_op *sharc_mpmd_create_global_fragment(sharc_rewriter *rw, sharc_attr *loc, sharc_str mesh,
                                            sharc_value *const *args, unsigned n,
                                            sharc_type *const *results, unsigned n_results);
sharc_op *sharc_mpmd_create_return(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *values,
                                   unsigned n);
/* mpmd.inferred_by = [name]. */
void sharc_mpmd_set_inferred_by(sharc_rewriter *rw, sharc_op *op, const char *pass_name);
/* The origin of an assign/unassign as a #mpmd.mesh_with_origins on its mesh
 * (getMeshWithOrigin). */
sharc_attr *sharc_mpmd_assign_mesh_with_origin(const sharc_op *op);

/* WrapOpWithFragment: `op` cloned into a new fragment on `mesh` before it,
 * its operands and free variables assigned to the mesh, and its uses that
 * `replace` accepts (NULL: all) redirected to unassigns of the fragment's
 * results. Returns the fragment. */
sharc_op *sharc_mpmd_wrap_op_with_fragment(sharc_op *op, sharc_str mesh, sharc_rewriter *rw,
                                           const char *inferred_by, sharc_use_pred replace,
                                           void *replace_user);

/* ---- meshes ----------------------------------------------------------------------------- */
/* IsMeshBeforeOtherMesh: by numeric suffix when both have one, else by
 * name. */
bool sharc_mpmd_mesh_before(sharc_str a, sharc_str b);
/* GetCrossMeshAssignUsers: the assign users of `unassign` on another mesh,
 * in use order. */
void sharc_mpmd_cross_mesh_assign_users(sharc_op *unassign, sharc_ptr_vec *out);
/* ReplaceAssignsWithChainedTransfers: the assigns (sorted by mesh order in
 * place) replaced by a chain of transfers from `source`, created before
 * the earliest of them. */
void sharc_mpmd_replace_assigns_with_chained_transfers(sharc_ptr_vec *assigns, sharc_value *source,
                                                       sharc_rewriter *rw);

/* ---- reductions ------------------------------------------------------------------------------ */
/* GetReductionOpType: the kind of a StableHLO add/max/min/mul/or/and op,
 * else SHARC_MPMD_REDUCE_NONE. */
sharc_mpmd_reduction_kind sharc_mpmd_reduction_op_kind(const sharc_op *op);
/* ComputeReductionType of a reduction body; NONE when it is not one. */
sharc_mpmd_reduction_kind sharc_mpmd_body_reduction_kind(sharc_block *body);
/* CreateStablehloReduceOp: the binary op of `kind` on `a` and `b`. */
sharc_op *sharc_mpmd_create_binary_reduce(sharc_rewriter *rw, sharc_mpmd_reduction_kind kind,
                                          sharc_value *a, sharc_value *b, sharc_attr *loc);

/* ---- fragments -------------------------------------------------------------------------- */
#define SHARC_MPMD_CALL_COUNTER_ATTR "call_counter"
#define SHARC_MPMD_UNROLL_COUNTER_ATTR "unroll_counter"
/* FragmentOp::isUserFragment: it has an origin. */
bool sharc_mpmd_is_user_fragment(const sharc_op *fragment);
/* TryToFindSingleTransposeCount: the transpose count all origins share. */
bool sharc_mpmd_single_transpose_count(const sharc_op *fragment, int64_t *out);
/* TryToFindCallCounter. */
bool sharc_mpmd_call_counter(const sharc_op *fragment, int64_t *out);
/* GetFragmentOriginUnion: the first fragment's origins, then the second's
 * that are new. */
sharc_attr *sharc_mpmd_origin_union(const sharc_op *a, const sharc_op *b);
/* FusedLoc::get of two locations, canonicalized as MLIR does (nested
 * fused locations flattened, unknown and repeated ones dropped, a single
 * one returned as it is). */
sharc_attr *sharc_mpmd_fuse_locs(sharc_context *ctx, sharc_attr *a, sharc_attr *b);
/* CopyAttributes: every attribute of `from` but `elided` (NULL-terminated)
 * set on `to`. */
void sharc_mpmd_copy_attrs(sharc_op *from, sharc_op *to, const char *const *elided);
/* The discardable (not inherent) attributes of an op, and setting them
 * (setDiscardableAttrs: the inherent ones kept). */
sharc_attr *sharc_mpmd_discardable_attrs(const sharc_op *op);
void sharc_mpmd_set_discardable_attrs(sharc_op *op, const sharc_attr *dict);

/* ---- IR helpers (transforms/common/utils) ----------------------------------------------------- */
/* GetAncestorInBlock: `op` or its ancestor that is in `block`, or NULL. */
sharc_op *sharc_mpmd_ancestor_in_block(sharc_block *block, sharc_op *op);
/* PrintLocation / PrintStackTraceFromLoc as Shardy's error messages show
 * locations. */
void sharc_mpmd_print_location(const sharc_attr *loc, sharc_buf *out);
void sharc_mpmd_print_stack_trace(const sharc_attr *loc, sharc_buf *out);
/* PrintOperationForLog: the op as text (named in its function's scope, as
 * Operation::print does); the _flags form with OpPrintingFlags'
 * skipRegions. */
void sharc_mpmd_print_op_for_log(sharc_op *op, sharc_buf *out);
void sharc_mpmd_print_op_for_log_flags(sharc_op *op, bool skip_regions, sharc_buf *out);

/* ---- local types (MeshTensorType::getLocalTensorType) ------------------------------------ */
/* The per-device tensor type of a mesh tensor: each sharded dimension
 * divided (rounding up) by the product of its axes in the sharding's mesh,
 * which is looked up from `op`; the global type when it has no sharding.
 * NULL when the sharding's mesh cannot be found. */
sharc_type *sharc_mpmd_local_tensor_type(const sharc_type *mesh_tensor, sharc_op *op);

/* ---- fragments: remat, split and order (mpmd/ir/utils, transforms/common/utils) ---------- */
#define SHARC_MPMD_REMAT_ATTR "remat"
#define SHARC_MPMD_SPLIT_KEEP_TRANSFERRED_ATTR "split_keep_transferred"
#define SHARC_MPMD_SPLIT_DROP_TRANSFERRED_ATTR "split_drop_transferred"
#define SHARC_MPMD_CPU_MESH_SUFFIX "/cpu"
#define SHARC_MPMD_PINNED_HOST "pinned_host"
/* IsRemat / MarkAsRemat. */
bool sharc_mpmd_is_remat(const sharc_op *op);
void sharc_mpmd_mark_as_remat(sharc_op *op, sharc_rewriter *rw);
/* IsSplitKeepTransferred / IsSplitDropTransferred. */
bool sharc_mpmd_is_split_keep_transferred(const sharc_op *fragment);
bool sharc_mpmd_is_split_drop_transferred(const sharc_op *fragment);
/* TryToFindMaxTransposeCount. */
bool sharc_mpmd_max_transpose_count(const sharc_op *fragment, int64_t *out);
/* TryToFindFragmentTransposeCount: the single transpose count, or for a
 * remat fragment the largest. */
bool sharc_mpmd_fragment_transpose_count(const sharc_op *fragment, int64_t *out);
/* IsExecutedImmediatelyAfter: `second` is the next fragment on the mesh of
 * `first` after it in their block. */
bool sharc_mpmd_executed_immediately_after(const sharc_op *first, const sharc_op *second);
/* The fragment's mesh_name. */
sharc_str sharc_mpmd_fragment_mesh(const sharc_op *fragment);

/* ---- sharding propagation (mpmd/ir/utils) ----------------------------------------------------- */
/* MeshTensorType::isOnHost: memory kind "pinned_host". */
bool sharc_mpmd_is_on_host(const sharc_type *t);
/* IsEquivalentMesh: same device ids and the same axes once axes of size 1
 * are left out. */
bool sharc_mpmd_is_equivalent_mesh(const sharc_attr *a, const sharc_attr *b);
/* HasHomogeneousTopology: every mesh of the function's topology is
 * equivalent to the first (false without a topology). */
bool sharc_mpmd_has_homogeneous_topology(const sharc_op *func);
/* UpdateValueTypeWithSharding: a mesh tensor value's type given `sharding`
 * (nothing when `sharding` is NULL or the type is no mesh tensor). */
void sharc_mpmd_update_value_type_with_sharding(sharc_value *v, sharc_attr *sharding);
/* The element count of a mesh tensor's global tensor sharded by `sharding`
 * (NULL: unsharded) on `mesh`, a shard padded up where a dimension does
 * not divide (TensorShardingAttr::getLocalTensorType). */
int64_t sharc_mpmd_local_num_elements(const sharc_type *mesh_tensor, const sharc_attr *sharding,
                                      const sharc_attr *mesh);

#endif

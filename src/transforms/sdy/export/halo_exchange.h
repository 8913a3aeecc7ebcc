/* What -sdy-resolve-permutation-factors builds with: the state of one run,
 * StableHLO and sdy op builders, and the halo-exchange rewrites of
 * stablehlo.pad, stablehlo.slice, stablehlo.reverse and stablehlo.reshape
 * on sharded dimensions (Shardy's resolve_permutation_factors). */
#ifndef SHARC_SDY_EXPORT_HALO_EXCHANGE_H
#define SHARC_SDY_EXPORT_HALO_EXCHANGE_H

#include "dialect/sdy/axes.h"
#include "ir/ir_internal.h"
#include "sharc/rewrite.h"
#include "support/ptrmap.h"

/* ResolutionState. */
typedef struct sharc_halo_state {
  sharc_rewriter rw;
  sharc_context *ctx;
  sharc_op *module;
  sharc_ptrmap mesh_cache; /* mesh attribute -> sdy.mesh op */
  unsigned symbol_counter; /* the module SymbolTable's uniquing counter */
  int64_t next_channel_id;
  int64_t replica_count, partition_count;
  bool failed; /* a diagnostic was emitted */
} sharc_halo_state;

/* ---- building ops (at the rewriter's insertion point) ------------------------ */
sharc_type *sharc_halo_i64(sharc_context *ctx);
/* A ranked tensor of `shape` and `elem`. */
sharc_type *sharc_halo_tensor(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem);
/* stablehlo.constant dense<v> : tensor<i64> */
sharc_value *sharc_halo_const_i64(sharc_halo_state *s, sharc_attr *loc, int64_t v);
/* stablehlo.constant dense<[...]> : tensor<n x i64> */
sharc_value *sharc_halo_const_i64_1d(sharc_halo_state *s, sharc_attr *loc, const int64_t *v,
                                     unsigned n);
/* stablehlo.constant of a zero scalar of `elem`. */
sharc_value *sharc_halo_zero(sharc_halo_state *s, sharc_attr *loc, sharc_type *elem);
/* A one-result op `name` with `operands`, result type `type` and attributes. */
sharc_value *sharc_halo_op(sharc_halo_state *s, const char *name, sharc_attr *loc,
                           sharc_value *const *operands, unsigned n, sharc_type *type,
                           const sharc_named_attr *attrs, unsigned n_attrs);
sharc_attr *sharc_halo_i64_array(sharc_context *ctx, const int64_t *v, unsigned n);
sharc_value *sharc_halo_binary(sharc_halo_state *s, const char *name, sharc_attr *loc,
                               sharc_value *a, sharc_value *b);
sharc_value *sharc_halo_pad(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                            sharc_value *operand, sharc_value *padding, const int64_t *low,
                            const int64_t *high, const int64_t *interior);
sharc_value *sharc_halo_slice(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                              sharc_value *operand, const int64_t *starts, const int64_t *limits,
                              const int64_t *strides);
sharc_value *sharc_halo_dynamic_slice(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                                      sharc_value *operand, sharc_value *const *offsets, unsigned n,
                                      const int64_t *sizes);
sharc_value *sharc_halo_reshape(sharc_halo_state *s, sharc_attr *loc, sharc_type *type,
                                sharc_value *operand);
sharc_value *sharc_halo_reshard(sharc_halo_state *s, sharc_attr *loc, sharc_value *operand,
                                sharc_attr *sharding);
/* stablehlo.collective_permute with the next channel id; `pairs` holds
 * (source, target) pairs flat. */
sharc_value *sharc_halo_collective_permute(sharc_halo_state *s, sharc_attr *loc,
                                           sharc_value *operand, const int64_t *pairs,
                                           unsigned n_pairs);
/* setSharding of a value. */
void sharc_halo_set_sharding(sharc_halo_state *s, sharc_value *v, sharc_attr *sharding);

/* ---- shardings --------------------------------------------------------------- */
/* A set of axis names (interned, so pointer-comparable). */
typedef SHARC_VEC(sharc_ident *) sharc_halo_names;
bool sharc_halo_names_has(const sharc_halo_names *names, sharc_str name);
void sharc_halo_names_add(sharc_halo_state *s, sharc_halo_names *names, sharc_str name);
/* removeAxesFromSharding: every axis whose name is in `names` dropped. */
sharc_attr *sharc_halo_remove_axes(sharc_halo_state *s, const sharc_attr *sharding,
                                   const sharc_halo_names *names);
/* removeAxisRefsFromSharding. */
sharc_attr *sharc_halo_remove_axis_refs(sharc_halo_state *s, const sharc_attr *sharding,
                                        sharc_attr *const *axes, unsigned n,
                                        const sharc_attr *mesh);
int64_t sharc_halo_dim_sharded_size(const sharc_attr *sharding, unsigned dim,
                                    const sharc_attr *mesh);
/* A new op like `op`, built at the insertion point with `operands`,
 * result `types` and the attribute dictionary `attrs` (`op`'s own when
 * NULL); `op`'s regions are moved into it. */
sharc_op *sharc_halo_recreate(sharc_halo_state *s, sharc_op *op, sharc_value *const *operands,
                              unsigned n, sharc_type *const *types, unsigned nt, sharc_attr *attrs);
/* getManualShardCount. */
int64_t sharc_halo_manual_shard_count(const sharc_attr *dim_sharding, const sharc_attr *mesh,
                                      const sharc_halo_names *manual);
/* The shape inside a manual computation over `manual` of a value of
 * `global` shape sharded by `sharding`: each dimension divided by its
 * manual shard count (a malloc'd array the caller frees). */
int64_t *sharc_halo_manual_local_shape(const sharc_attr *sharding, const sharc_attr *mesh,
                                       const sharc_halo_names *manual, const int64_t *global);

/* ---- the rewrites ---------------------------------------------------------------
 * Each returns whether the op was resolved (Shardy's succeeded(...)). */
bool sharc_halo_handle_pad(sharc_halo_state *s, sharc_op *pad);
bool sharc_halo_handle_slice(sharc_halo_state *s, sharc_op *slice);
bool sharc_halo_handle_reverse(sharc_halo_state *s, sharc_op *reverse);
void sharc_halo_handle_reshape(sharc_halo_state *s, sharc_op *reshape, bool enable_halo_exchange);

#endif

/* The mpmd dialect's types and attributes as C values: mesh tensors, the
 * topology of named meshes, user origins and the mesh/origin sets that MPMD
 * passes attach to ops. Everything is uniqued in the context, like builtin
 * types and attributes; getters return NULL/0 for absent optional parts. */
#ifndef SHARC_MPMD_H
#define SHARC_MPMD_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reduction kinds of `mpmd.reduce<kind>`, numbered as Shardy's enum. */
typedef enum sharc_mpmd_reduction_kind {
  SHARC_MPMD_REDUCE_NONE,
  SHARC_MPMD_REDUCE_ADD,
  SHARC_MPMD_REDUCE_MAX,
  SHARC_MPMD_REDUCE_MIN,
  SHARC_MPMD_REDUCE_MUL,
  SHARC_MPMD_REDUCE_OR,
  SHARC_MPMD_REDUCE_AND,
  SHARC_MPMD_REDUCE_COUNT
} sharc_mpmd_reduction_kind;

/* ---- !mpmd.mesh_tensor<"mesh", tensor<...>, sharding=<...>, memory_kind="..."> */
/* `tensor` must be a ranked tensor; `sharding` (an sdy tensor sharding) and
 * `memory_kind` (a string attribute) may be NULL. */
SHARC_API sharc_type *sharc_mpmd_mesh_tensor(sharc_context *ctx, sharc_str mesh_name, sharc_type *tensor,
                                   sharc_attr *sharding, sharc_attr *memory_kind);
SHARC_API bool sharc_mpmd_is_mesh_tensor(const sharc_type *t);
SHARC_API sharc_str sharc_mpmd_mesh_tensor_mesh_name(const sharc_type *t);
SHARC_API sharc_type *sharc_mpmd_mesh_tensor_global_type(const sharc_type *t);
SHARC_API sharc_attr *sharc_mpmd_mesh_tensor_sharding(const sharc_type *t);
SHARC_API sharc_attr *sharc_mpmd_mesh_tensor_memory_kind(const sharc_type *t);
/* No sharding, or one that shards no dimension. */
SHARC_API bool sharc_mpmd_mesh_tensor_is_fully_replicated(const sharc_type *t);

/* ---- #mpmd.named_mesh<"m" : <["x"=2]>> and #mpmd.topology<<...>, ...> */
SHARC_API sharc_attr *sharc_mpmd_named_mesh(sharc_context *ctx, sharc_str name, sharc_attr *sdy_mesh);
SHARC_API sharc_str sharc_mpmd_named_mesh_name(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_named_mesh_mesh(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_topology(sharc_context *ctx, sharc_attr *const *named_meshes, unsigned n);
SHARC_API bool sharc_mpmd_is_topology(const sharc_attr *a);
SHARC_API unsigned sharc_mpmd_topology_num_meshes(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_topology_mesh_at(const sharc_attr *a, unsigned i); /* a named mesh */
/* The sdy mesh of the named mesh called `name`, or NULL. */
SHARC_API sharc_attr *sharc_mpmd_topology_lookup(const sharc_attr *topology, sharc_str name);

/* ---- #mpmd.user_origin<"name"(transpose_count)> */
SHARC_API sharc_attr *sharc_mpmd_user_origin(sharc_context *ctx, sharc_str name, int64_t transpose_count);
SHARC_API bool sharc_mpmd_is_user_origin(const sharc_attr *a);
SHARC_API sharc_str sharc_mpmd_user_origin_name(const sharc_attr *a);
SHARC_API int64_t sharc_mpmd_user_origin_transpose_count(const sharc_attr *a);

/* ---- origins: #mpmd.meshes_with_origins<"m"["o1", "o2"], "m2"> */
SHARC_API sharc_attr *sharc_mpmd_origin(sharc_context *ctx, sharc_str label);
SHARC_API sharc_str sharc_mpmd_origin_label(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_mesh_with_origins(sharc_context *ctx, sharc_str mesh_name,
                                         sharc_attr *const *origins, unsigned n);
SHARC_API sharc_str sharc_mpmd_mesh_with_origins_name(const sharc_attr *a);
SHARC_API unsigned sharc_mpmd_mesh_with_origins_count(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_mesh_with_origins_at(const sharc_attr *a, unsigned i);
SHARC_API sharc_attr *sharc_mpmd_meshes_with_origins(sharc_context *ctx, sharc_attr *const *elems,
                                           unsigned n);
SHARC_API unsigned sharc_mpmd_meshes_with_origins_count(const sharc_attr *a);
SHARC_API sharc_attr *sharc_mpmd_meshes_with_origins_at(const sharc_attr *a, unsigned i);

/* ---- #mpmd.reduction<add> */
SHARC_API sharc_attr *sharc_mpmd_reduction(sharc_context *ctx, sharc_mpmd_reduction_kind kind);
SHARC_API bool sharc_mpmd_is_reduction(const sharc_attr *a);
SHARC_API sharc_mpmd_reduction_kind sharc_mpmd_reduction_get(const sharc_attr *a);
SHARC_API const char *sharc_mpmd_reduction_name(sharc_mpmd_reduction_kind kind);

#ifdef __cplusplus
}
#endif
#endif

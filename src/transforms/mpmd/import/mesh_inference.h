/* Mesh inference: the analysis the -mpmd-infer-mesh-* passes share.
 *
 * A value that is not on a mesh yet has two sets of meshes, each mesh with
 * the origins (user names, "transfer", "inferred_in", ...) that put it there:
 * its use set, the meshes it is transitively used in (propagated backwards
 * from mpmd.assign users by union), and its source set, the meshes it can
 * live on without a new transfer (propagated forwards from mpmd.unassign and
 * function arguments by intersection; absent means every mesh). Shardy keeps
 * both as attributes (`mpmd.use_set`, `mpmd.src_set`) on ops, function
 * arguments and results and mpmd.for arguments, and so does this module, so
 * that passes can run one at a time and tests can read them.
 *
 * The set type mirrors Shardy's MeshesWithOrigins: ordered meshes (insertion
 * order), ordered origins per mesh, an optional wildcard mesh "*" whose
 * origins count for any mesh, and an unspecified state (all meshes). */
#ifndef SHARC_TRANSFORMS_MPMD_IMPORT_MESH_INFERENCE_H
#define SHARC_TRANSFORMS_MPMD_IMPORT_MESH_INFERENCE_H

#include "ir/ir_internal.h"
#include "support/vec.h"

/* ---- origins ----------------------------------------------------------------------- */
#define SHARC_MI_USER_IN "user_in"
#define SHARC_MI_USER_OUT "user_out"
#define SHARC_MI_INFERRED_IN "inferred_in"
#define SHARC_MI_INFERRED_OUT "inferred_out"
#define SHARC_MI_INFERRED_UNUSED "inferred_unused"
#define SHARC_MI_INFERRED_UNUSED_CALLEE_IN "inferred_unused_callee_in"
#define SHARC_MI_INFERRED_UNUSED_CALLEE_OUT "inferred_unused_callee_out"
#define SHARC_MI_IO_CONSTRAINT_IN "io_constraint_in"
#define SHARC_MI_IO_CONSTRAINT_OUT "io_constraint_out"
#define SHARC_MI_TRANSFER "transfer"
/* The Shardy source its mesh-inference passes log from (SDY_LOG's file). */
#define SHARC_MI_LOG_SOURCE "shardy/dialect/mpmd/transforms/import/infer_mesh_assignment.cc"
#define SHARC_MI_BROADCAST_IN "broadcast_in"
#define SHARC_MI_BROADCAST "broadcast"
#define SHARC_MI_REDUCE "reduce"
#define SHARC_MI_WILDCARD_MESH "*"

/* Attribute names. */
#define SHARC_MI_USE_SET "mpmd.use_set"
#define SHARC_MI_SRC_SET "mpmd.src_set"
#define SHARC_MI_CAN_CONVERT_TO_REDUCE "mpmd.can_convert_to_reduce"
#define SHARC_MI_REDUCE_ANNOTATION "mpmd.reduce"

/* ---- sets of meshes with origins ---------------------------------------------------- */
typedef struct sharc_mesh_entry {
  sharc_ident *mesh;
  sharc_ptr_vec origins; /* #mpmd.origin attributes, in insertion order */
} sharc_mesh_entry;

typedef struct sharc_mesh_set {
  bool specified; /* false: every mesh (no attribute) */
  SHARC_VEC(sharc_mesh_entry) meshes;
  sharc_ptr_vec wildcard; /* origins of "*", kept apart */
} sharc_mesh_set;

/* A zeroed set is unspecified; every function below takes initialized
 * sets (zeroed or filled by these functions). */
void sharc_mesh_set_free(sharc_mesh_set *s);
void sharc_mesh_set_copy(sharc_mesh_set *dst, const sharc_mesh_set *src);
/* MeshesWithOrigins(attr): unspecified for NULL. */
void sharc_mesh_set_from_attr(sharc_mesh_set *s, const sharc_attr *meshes);
/* CreateUseSet(attr): an absent use set is the empty set. */
void sharc_mesh_set_use_set_from_attr(sharc_mesh_set *s, const sharc_attr *meshes);
/* insert(MeshWithOriginsAttr): specifies the set; "*" goes to the wildcard. */
void sharc_mesh_set_insert(sharc_mesh_set *s, const sharc_attr *mesh_with_origins);
/* Adds `mesh` with one origin (NULL: none). */
void sharc_mesh_set_insert_mesh(sharc_mesh_set *s, sharc_ident *mesh, sharc_attr *origin);
/* Union / Intersect: unspecified operands are ignored; an unspecified set
 * becomes a copy of the other. */
void sharc_mesh_set_union(sharc_mesh_set *s, const sharc_mesh_set *other);
void sharc_mesh_set_intersect(sharc_mesh_set *s, const sharc_mesh_set *other);
/* ToAttr: a #mpmd.meshes_with_origins, NULL when unspecified. */
sharc_attr *sharc_mesh_set_to_attr(sharc_context *ctx, const sharc_mesh_set *s);
/* -1 when unspecified. */
int sharc_mesh_set_size(const sharc_mesh_set *s);
/* Specified and without meshes. */
bool sharc_mesh_set_empty(const sharc_mesh_set *s);
bool sharc_mesh_set_contains(const sharc_mesh_set *s, const sharc_ident *mesh);
/* On the attributes themselves, nothing decoded: whether `src` is a set
 * (a #mpmd.meshes_with_origins), and whether each mesh of the use set
 * `uses` (wildcard aside) is one of `src`'s. */
bool sharc_mesh_set_attr_specified(const sharc_attr *src);
bool sharc_mesh_set_attr_meshes_within(const sharc_attr *uses, const sharc_attr *src);
/* Whether the source set `src` is specified and has no mesh (its wildcard
 * aside): sharc_mesh_set_empty of it, nothing decoded. */
bool sharc_mesh_set_attr_empty(const sharc_attr *src);
/* HasSameMeshes: the same mesh names, the wildcard included. */
bool sharc_mesh_set_same_meshes(const sharc_mesh_set *a, const sharc_mesh_set *b);
/* GetPrioritizedMeshName: among `preferred` meshes in the set (the
 * wildcard admits any), else among all, the smallest name whose origins
 * are not all low priority ("broadcast_in"), else the smallest; NULL for an
 * empty set. The set must be specified. */
sharc_ident *sharc_mesh_set_prioritized(const sharc_mesh_set *s, sharc_ident *const *preferred,
                                        unsigned n_preferred);
/* The mesh names, in order, joined by `sep` (wildcard left out). */
void sharc_mesh_set_print_names(const sharc_mesh_set *s, const char *sep, sharc_buf *out);

/* ---- what is analysed -------------------------------------------------------------------- */
/* IsMeshlessOp: not a terminator, not in a fragment, not an mpmd op, not a
 * module or function. */
bool sharc_mi_is_meshless_op(const sharc_op *op);
/* mpmd.broadcast and mpmd.reduce stop the propagation of both sets. */
bool sharc_mi_is_terminal_node(const sharc_op *op);
/* mpmd.call whose result feeds a call to the same callee. */
bool sharc_mi_is_call_in_chain(const sharc_op *call);

/* ---- the sets as attributes ------------------------------------------------------------ */
/* Use sets: absent means empty; set only when not empty. */
void sharc_mi_use_set(const sharc_op *op, sharc_mesh_set *out);
void sharc_mi_arg_use_set(const sharc_op *func, unsigned i, sharc_mesh_set *out);
void sharc_mi_result_use_set(const sharc_op *func, unsigned i, sharc_mesh_set *out);
void sharc_mi_for_use_set(const sharc_op *for_op, unsigned i, sharc_mesh_set *out);
void sharc_mi_set_use_set(sharc_op *op, const sharc_mesh_set *s);
void sharc_mi_set_arg_use_set(sharc_op *func, unsigned i, const sharc_mesh_set *s);
void sharc_mi_set_result_use_set(sharc_op *func, unsigned i, const sharc_mesh_set *s);
void sharc_mi_set_for_use_set(sharc_op *for_op, unsigned i, const sharc_mesh_set *s);
/* Source sets: absent means every mesh; set even when empty. */
void sharc_mi_src_set(const sharc_op *op, sharc_mesh_set *out);
void sharc_mi_arg_src_set(const sharc_op *func, unsigned i, sharc_mesh_set *out);
void sharc_mi_for_src_set(const sharc_op *for_op, unsigned i, sharc_mesh_set *out);
/* The source set of the value an operand uses, through mpmd.call and
 * mpmd.for results to what they return; an mpmd.assign counts as every
 * mesh. */
void sharc_mi_value_src_set(sharc_value *v, sharc_mesh_set *out);
void sharc_mi_set_src_set(sharc_op *op, const sharc_mesh_set *s);
void sharc_mi_set_arg_src_set(sharc_op *func, unsigned i, const sharc_mesh_set *s);
void sharc_mi_set_for_src_set(sharc_op *for_op, unsigned i, const sharc_mesh_set *s);
/* Clearing: whether something was removed. */
bool sharc_mi_clear_use_set(sharc_op *op);
bool sharc_mi_clear_func_use_sets(sharc_op *func);
bool sharc_mi_clear_sets(sharc_op *op);
bool sharc_mi_clear_func_sets(sharc_op *func);
bool sharc_mi_clear_for_sets(sharc_op *for_op);

/* UpdateTransitiveUses: adds the use sets of the users of `v` (of every
 * result of `op`) to `base`, looking through calls, mpmd.for, non-entry
 * function returns and nested regions. */
void sharc_mi_add_transitive_uses(sharc_value *v, sharc_mesh_set *base);
void sharc_mi_add_op_transitive_uses(sharc_op *op, sharc_mesh_set *base);

/* ---- the propagations ------------------------------------------------------------------ */
/* -mpmd-infer-mesh-populate-use-set on every entry-point mpmd function. */
void sharc_mi_populate_use_sets(sharc_op *module);
/* -mpmd-infer-mesh-populate-src-set on every entry-point mpmd function
 * (annotating cross-mesh reductions on the way). */
void sharc_mi_populate_src_sets(sharc_op *module);

#endif
